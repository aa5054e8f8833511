"""A tiny game used only by the tests (never registered in the shipped bot).

"Team Duel" has what the platform must cope with beyond High Card: teams, simultaneous secret
choices and moves made of several choices. Its rules, numbered so tests can cite them:

TD1  Four players in two teams: Players 1 and 3 (seats 0 and 2) against Players 2 and 4.
TD2  Cards t1..t12 (value = number) are shuffled; each player is dealt `rounds` cards (option
     `rounds`, 1-3, default 3): one card per round.
TD3  A round: all four players choose at the same time a card from their hand, a lane (left or
     right) and a stance (attack or defend). Everyone who has not chosen yet is asked to.
TD4  A choice is secret: the others see only who has chosen, until all four have chosen.
TD5  Then all choices are revealed at once. In each lane each team adds up its cards there,
     an attacking card counting double and a defending one once; the higher sum takes the
     lane's point (equal sums: nobody does).
TD6  After the last round (hands empty) the team with more lane points wins: both its members
     are winners. Equal points: all four share the win.
TD7  Each player's score is its team's lane points.
"""
from __future__ import annotations

import copy
import random

from PIL import Image, ImageDraw

from engine.base import Action, Choice, Event, IllegalAction, Option, Result
from engine.rng import new_rng_state, next_random
from render.common import font
from render.toolkit import png as to_png

DECK = [f"t{i}" for i in range(1, 13)]
TEAMS = [[0, 2], [1, 3]]
LANES = {"left": "Left lane", "right": "Right lane"}
STANCES = {"attack": ("Attack", "Counts double in the lane's sum"),
           "defend": ("Defend", "Counts once in the lane's sum")}
WEIGHT = {"attack": 2, "defend": 1}
ROUNDS = Option("rounds", "int", 3, "Rounds to play (each player is dealt one card per round)",
                label="rounds", min=1, max=3)


def value(card: str) -> int:
    return int(card[1:])


def card_label(card: str) -> str:
    return f"Card {value(card)}"


def team_of(seat: int) -> int:
    return seat % 2


def team_name(team: int) -> str:
    a, b = TEAMS[team]
    return f"Players {a + 1} and {b + 1}"


def pick_id(card: str, lane: str, stance: str) -> str:
    return f"pick:{card}:{lane}:{stance}"


def pick_text(pick: dict) -> str:
    return f"{card_label(pick['card']).lower()}, {pick['lane']} lane, {pick['stance']}"


class TeamDuel:
    name = "teamduel"
    title = "Team Duel (test)"
    min_players = 4
    max_players = 4
    options = (ROUNDS,)

    def refuse_options(self, players: int, options: dict) -> str | None:
        return None if players == 4 else "Team Duel is for exactly 4 players."

    def teams(self, players: int, options: dict) -> list[list[int]]:
        return [list(t) for t in TEAMS]

    def setup(self, players: int, options: dict, seed: int) -> dict:
        if players != 4:
            raise IllegalAction("Team Duel is for exactly 4 players.")
        rounds = ROUNDS.parse(options.get("rounds"))
        state = {"rng": new_rng_state(seed), "players": 4, "rounds": rounds, "round": 1,
                 "hands": [], "picks": [None] * 4, "revealed": [], "points": [0, 0], "moves": 0}
        deck = list(DECK)
        next_random(state).shuffle(deck)
        for seat in range(4):
            state["hands"].append(sorted(deck[seat * rounds:(seat + 1) * rounds], key=value))
        return state

    def active_players(self, state: dict) -> set[int]:
        if state["round"] > state["rounds"]:
            return set()
        return {s for s in range(4) if state["picks"][s] is None}

    def legal_actions(self, state: dict, seat: int) -> list[Action]:
        if seat not in self.active_players(state):
            return []
        out = []
        for card in state["hands"][seat]:
            for lane, lane_label in LANES.items():
                for stance, (stance_label, hint) in STANCES.items():
                    out.append(Action(pick_id(card, lane, stance),
                                      f"{card_label(card)}, {lane_label.lower()}, {stance_label.lower()}",
                                      path=(Choice(card, card_label(card)), Choice(lane, lane_label),
                                            Choice(stance, stance_label, hint))))
        return out

    def apply(self, state: dict, seat: int, action_id: str):
        if self.result(state):
            raise IllegalAction("The game is over.")
        if seat not in self.active_players(state):
            raise IllegalAction("You have already chosen this round.")
        parts = str(action_id).split(":")
        verb, card, lane, stance = parts if len(parts) == 4 else ("", "", "", "")
        if verb != "pick" or card not in state["hands"][seat] or lane not in LANES or stance not in STANCES:
            raise IllegalAction(f"{action_id!r} is not a card of your hand, a lane and a stance.")
        new = copy.deepcopy(state)
        new["hands"][seat].remove(card)
        new["picks"][seat] = {"card": card, "lane": lane, "stance": stance}
        new["moves"] += 1
        events = [Event(f"Player {seat + 1} has chosen.",
                        {seat: f"You chose {pick_text(new['picks'][seat])}."})]
        if all(new["picks"]):
            events += self._reveal(new)
        return new, events

    def _reveal(self, state: dict) -> list[Event]:
        """TD5: every pick at once, then the lanes' points; TD6 after the last round."""
        picks = state["picks"]
        sums = {lane: [0, 0] for lane in LANES}
        for seat, pick in enumerate(picks):
            sums[pick["lane"]][team_of(seat)] += value(pick["card"]) * WEIGHT[pick["stance"]]
        taken = {}
        parts = []
        for lane, (a, b) in sums.items():
            taken[lane] = 0 if a > b else 1 if b > a else None
            if taken[lane] is not None:
                state["points"][taken[lane]] += 1
                parts.append(f"{LANES[lane]} {a}-{b}: {team_name(taken[lane])} take it")
            else:
                parts.append(f"{LANES[lane]} {a}-{b}: nobody takes it")
        state["revealed"].append({"round": state["round"], "picks": picks, "sums": sums, "taken": taken})
        shown = "; ".join(f"Player {s + 1}: {pick_text(p)}" for s, p in enumerate(picks))
        events = [Event(f"Round {state['round']}: {shown}. " + "; ".join(parts) + ".", hidden=True)]
        state["picks"] = [None] * 4
        state["round"] += 1
        result = self.result(state)
        if result:
            events.append(Event(result.reason))
        return events

    def view(self, state: dict, viewer: int | None) -> dict:
        chosen = [p is not None for p in state["picks"]]
        v = {"game": self.name, "players": 4, "teams": self.teams(4, {}), "round": state["round"],
             "rounds": state["rounds"], "points": list(state["points"]), "chosen": chosen,
             "waiting": len(self.active_players(state)), "hand_sizes": [len(h) for h in state["hands"]],
             "revealed": copy.deepcopy(state["revealed"])}
        if viewer is not None:
            v["hand"] = list(state["hands"][viewer])
            v["my_pick"] = copy.deepcopy(state["picks"][viewer])
        r = self.result(state)
        v["result"] = r.to_dict() if r else None
        return v

    def result(self, state: dict) -> Result | None:
        if state["round"] <= state["rounds"]:
            return None
        points = state["points"]
        scores = {s: points[team_of(s)] for s in range(4)}
        if points[0] == points[1]:
            return Result([0, 1, 2, 3], scores, f"The teams share the win with {points[0]} lane points each.")
        best = 0 if points[0] > points[1] else 1
        return Result(list(TEAMS[best]), scores,
                      f"{team_name(best)} win {points[best]} lane points to {points[1 - best]}.")

    def prompt(self, state: dict, seat: int) -> str:
        if self.result(state):
            return ""
        waiting = len(self.active_players(state))
        if seat in self.active_players(state):
            return "Choose a card, a lane and a stance (secret until everyone has chosen)."
        return f"Waiting for {waiting} player{'s' if waiting != 1 else ''}."

    def hidden_items(self, state: dict, seat: int) -> set[str]:
        items = set(state["hands"][seat])
        pick = state["picks"][seat]
        if pick:
            items |= {pick["card"], pick_id(pick["card"], pick["lane"], pick["stance"])}
        return items

    def redeal(self, state: dict, seat: int | None, rng: random.Random) -> dict:
        """The other hands dealt again from the cards `seat` has not seen, and their picks too
        while two or more seats are still choosing (the last pick reveals them all, so a move
        then is made against the picks as they are)."""
        new = copy.deepcopy(state)
        others = [s for s in range(4) if s != seat]
        redo_picks = len(self.active_players(state)) >= 2
        seen = {p["card"] for r in state["revealed"] for p in r["picks"]}
        if seat is not None:
            seen |= set(state["hands"][seat]) | ({state["picks"][seat]["card"]} if state["picks"][seat] else set())
        if not redo_picks:
            seen |= {p["card"] for p in state["picks"] if p}
        pool = [c for c in DECK if c not in seen]
        rng.shuffle(pool)
        for s in others:
            size = len(new["hands"][s])
            new["hands"][s] = sorted(pool[:size], key=value)
            del pool[:size]
            if redo_picks and new["picks"][s]:
                new["picks"][s] = {"card": pool.pop(), "lane": rng.choice(list(LANES)),
                                   "stance": rng.choice(list(STANCES))}
        return new

    def ai_choose(self, state: dict, seat: int, seed: int) -> str:
        hand = self.view(state, seat)["hand"]
        rng = random.Random(seed)
        return pick_id(rng.choice(hand), rng.choice(list(LANES)), rng.choice(list(STANCES)))


RULES = TeamDuel()


def render_board(view: dict, names: list[str], lang: str = "en") -> bytes:
    img = Image.new("RGB", (640, 120 + 40 * view["players"]), "white")
    d = ImageDraw.Draw(img)
    d.text((10, 10), f"Team Duel — round {min(view['round'], view['rounds'])} of {view['rounds']}",
           fill="black", font=font(24, True))
    for team, seats in enumerate(view["teams"]):
        who = " & ".join(names[s] for s in seats)
        d.text((10, 50 + 30 * team), f"{who}: {view['points'][team]} lane points", fill="black", font=font(20))
    for seat in range(view["players"]):
        state = "has chosen" if view["chosen"][seat] else "is choosing"
        d.text((10, 120 + 40 * seat), f"{names[seat]} {state} ({view['hand_sizes'][seat]} in hand)",
               fill="black", font=font(20))
    return to_png(img)


def render_hand(view: dict, names: list[str], lang: str = "en") -> bytes:
    img = Image.new("RGB", (480, 110), "lightyellow")
    d = ImageDraw.Draw(img)
    d.text((10, 20), "Hand: " + " ".join(view.get("hand", [])), fill="black", font=font(24))
    pick = view.get("my_pick")
    if pick:
        d.text((10, 60), f"Chosen: {pick_text(pick)}", fill="black", font=font(20))
    return to_png(img)
