"""A tiny game used only by the tests (never registered in the shipped bot).

"High card", its rules numbered so tests can cite them:

HC1  A deck of cards c1..c20 is shuffled and each of 2-4 players is dealt `hand` cards
     (option `hand`, 1-5, default 3), face down.
HC2  In turn, each player plays one card from their hand face up onto their row.
HC3  When every hand is empty, the highest row total wins (ties share the win).
HC4  With the option `draw`, a player may instead draw the top card of the deck (a hidden
     move); a player with nothing to do (empty hand, no card to draw) is skipped.

It has what the platform must cope with: hidden hands, turns, an end, and randomness.
"""
from __future__ import annotations

import copy
import random

from PIL import Image, ImageDraw

from engine.base import Action, Choice, Event, IllegalAction, Option, Result
from engine.rng import new_rng_state, next_random
from render.common import font
from render.toolkit import png as to_png

DECK = [f"c{i}" for i in range(1, 21)]
HAND = Option("hand", "int", 3, "Cards dealt to each player", label="hand", min=1, max=5)
DRAW = Option("draw", "bool", False, "A player may draw the top card of the deck instead of playing",
              label="drawing")


def value(card: str) -> int:
    return int(card[1:])


class HighCard:
    name = "testgame"
    title = "High Card (test)"
    min_players = 2
    max_players = 4
    options = (HAND, DRAW)

    def setup(self, players: int, options: dict, seed: int) -> dict:
        state = {"rng": new_rng_state(seed), "players": players, "turn": 0, "moves": 0,
                 "hands": [], "rows": [[] for _ in range(players)], "deck": list(DECK)}
        next_random(state).shuffle(state["deck"])
        # the declared range is what players may ask for; tests may deal more
        size = int(options.get("hand", HAND.default))
        for _ in range(players):
            state["hands"].append(sorted(state["deck"][:size], key=value))
            del state["deck"][:size]
        state["draw"] = DRAW.parse(options.get("draw"))
        if "first_player" in options:
            state["turn"] = int(options["first_player"]) % players
        return state

    def active_players(self, state: dict) -> set[int]:
        return set() if self.result(state) else {state["turn"]}

    def legal_actions(self, state: dict, seat: int) -> list[Action]:
        if seat not in self.active_players(state):
            return []
        plays = [Action(f"play:{c}", f"Play {c}", "cards", (Choice("play", "Play a card"), Choice(c, c)))
                 for c in state["hands"][seat]]
        return plays + ([Action("draw", "Draw a card", "deck", (Choice("draw", "Draw a card"),))]
                        if self._can_draw(state) else [])

    @staticmethod
    def _can_draw(state: dict) -> bool:
        return bool(state.get("draw") and state["deck"])

    def _next_turn(self, state: dict, seat: int) -> int:
        """The next seat with something to do (with drawing on, a hand may run out early)."""
        n = state["players"]
        for step in range(1, n + 1):
            nxt = (seat + step) % n
            if state["hands"][nxt] or self._can_draw(state):
                return nxt
        return (seat + 1) % n

    def apply(self, state: dict, seat: int, action_id: str):
        if seat not in self.active_players(state):
            raise IllegalAction("It is not your turn.")
        if action_id == "draw" and state.get("draw") and state["deck"]:
            new = copy.deepcopy(state)
            card = new["deck"].pop(0)
            new["hands"][seat].append(card)
            new["moves"] += 1
            new["turn"] = self._next_turn(new, seat)
            return new, [Event(public="drew a card", private={seat: f"you drew {card}"}, hidden=True)]
        verb, _, card = action_id.partition(":")
        if verb != "play" or card not in state["hands"][seat]:
            raise IllegalAction(f"You do not hold {card or action_id!r}.")
        new = copy.deepcopy(state)
        new["hands"][seat].remove(card)
        new["rows"][seat].append(card)
        new["moves"] += 1
        new["turn"] = self._next_turn(new, seat)
        return new, [Event(public=f"played {card}", private={seat: f"you played {card}"})]

    def view(self, state: dict, viewer: int | None) -> dict:
        v = {"game": self.name, "players": state["players"], "current": state["turn"],
             "rows": copy.deepcopy(state["rows"]), "hand_sizes": [len(h) for h in state["hands"]],
             "deck": len(state["deck"])}
        if viewer is not None:
            v["hand"] = list(state["hands"][viewer])
        r = self.result(state)
        v["result"] = r.to_dict() if r else None
        return v

    def result(self, state: dict) -> Result | None:
        if any(state["hands"]):
            return None
        totals = [sum(value(c) for c in row) for row in state["rows"]]
        best = max(totals)
        return Result([i for i, t in enumerate(totals) if t == best], dict(enumerate(totals)), "all cards played")

    def ai_choose(self, state: dict, seat: int, seed: int) -> str:
        view = self.view(state, seat)
        if not view["hand"]:
            return "draw"
        return f"play:{random.Random(seed).choice(view['hand'])}"

    def prompt(self, state: dict, seat: int) -> str:
        if seat not in self.active_players(state):
            return ""
        if not state["hands"][seat]:
            return "Draw a card."
        return "Play a card or draw one." if self._can_draw(state) else "Play a card."

    def hidden_items(self, state: dict, seat: int) -> set[str]:
        return set(state["hands"][seat])

    def redeal(self, state: dict, seat: int | None, rng: random.Random) -> dict:
        """The other hands and the deck dealt again from the cards `seat` has not seen."""
        new = copy.deepcopy(state)
        others = [s for s in range(state["players"]) if s != seat]
        pool = new["deck"] + [c for s in others for c in new["hands"][s]]
        rng.shuffle(pool)
        for s in others:
            size = len(new["hands"][s])
            new["hands"][s] = sorted(pool[:size], key=value)
            del pool[:size]
        new["deck"] = pool
        return new


RULES = HighCard()


def render_board(view: dict, names: list[str], lang: str = "en") -> bytes:
    img = Image.new("RGB", (640, 60 + 50 * view["players"]), "white")
    d = ImageDraw.Draw(img)
    d.text((10, 10), "High Card", fill="black", font=font(24, True))
    for seat, row in enumerate(view["rows"]):
        d.text((10, 50 + 50 * seat), f"{names[seat]}: {' '.join(row) or '-'}  ({view['hand_sizes'][seat]} in hand)",
               fill="black", font=font(20))
    return to_png(img)


def render_hand(view: dict, names: list[str], lang: str = "en") -> bytes:
    img = Image.new("RGB", (480, 80), "lightyellow")
    ImageDraw.Draw(img).text((10, 20), "Hand: " + " ".join(view.get("hand", [])), fill="black", font=font(24))
    return to_png(img)
