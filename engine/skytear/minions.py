"""The minion phase (R106-R115): each lane's control contest in token order (G12), then the dome.
Steps 1 and 2 follow skytear-data section 5 (they replace the spec's G4), the nexus rule follows
section 9 (G8), the token path G30 as sourced, placement R100.

Decisions the rules leave to a player go through the `choose` callback (the engine asks the
player when the options differ; without it, and out of time, the first option, listed here):
- lead cards (R113, G4 step 1): which revealed lead card of a side counts; the most expensive
  first (one card per cost: two cards of one cost count the same);
- R115 (three or more tokens): a hero in LoS of several tokens counts for one of them, its
  owner's choice; the nearest first (ties: the lower number); a hero counts for one token per
  phase at most, so a token moved earlier in the phase cannot make it count twice (with two
  tokens R115 does not apply);
- R100/R110/R111: a minion's hex among the equally near ones in the token's LoS (its side's
  choice), the first by label first;
- R134 (in a team): which player of the side draws for winning control; the one with the fewest
  cards first.
Decisions automated, each a design decision:
- step 2 targets: enemy minions of the lane nearest the token first (ties by hex label); a minion
  a skill protects from damage (Tlakali) cannot be damaged, so it is passed over, not hit in vain;
  the remainder goes to the lane's enemy tower within 3 hexes of the token, or to the exposed
  enemy nexus within 3 hexes when it would destroy the nexus or no standing tower is in reach;
- the token's step among equally short ones: one staying on its lane if any, then the first by
  label;
- repositioning (R110) and spawning (R111): winner first; on a tie the second side first (G11);
  the loser always spawns its full 2;
- minions are counted in step 1 wherever they stand in LoS of the token (skytear-data section 5);
  repositioning and step 2 concern only minions of the token's lane (G31).
"""
from __future__ import annotations

from typing import Callable

from engine.text import Msg, Seat, plural, to_json

from . import data
from .hexes import (Map, closest_in_los, distance, has_los, map_of, minion_allowed, token_path_step,
                    label_key)

SPAWN = 2           # R111
STRUCTURE_REACH = 3  # skytear-data section 5: a tower or nexus is hit within 3 hexes of the token


def _counter(state: dict, key: str, side: int, amount: int = 1) -> None:
    counters = state.setdefault("counters", {})
    counters.setdefault(key, [0, 0])[side] += amount


def _players(state: dict, side: int) -> list[Seat]:
    return [Seat(s) for s in state["sides"][side]]


def _first_side(state: dict) -> int:
    if "first_side" in state:
        return int(state["first_side"])
    return 0 if state.get("first", 0) in state["sides"][0] else 1


def _on_battlefield(hero: dict) -> bool:
    return bool(hero.get("hex")) and hero.get("state") != "defeated"


def _tower_standing(state: dict, hex_: str | None) -> bool:
    return bool(hex_) and hex_ in state["towers"] and state["towers"][hex_]["hp"] > 0


class _Phase:
    """One minion phase over a copied state, with the engine's callbacks."""

    def __init__(self, state, draw, log, cost, protects_minion, card_name, choose=None):
        self.state = state
        self.choose = choose or (lambda what, side, values, info: values[0])
        self.m: Map = map_of(state)
        self.draw = draw
        self.log = log
        self.cost = cost or (lambda iid: data.cost(state["cards"][iid]))
        self.protects = protects_minion or (lambda st, mn: False)
        self.card_name = card_name or (lambda iid: data.name(state["cards"][iid]))
        self.counted: set[str] = set()     # heroes that already counted at a token this phase (R115)
        self.assigned: dict[str, int] = {}  # R115: the token a hero seeing several counts for

    def token_lane(self, number: int) -> int:
        """The lane a control token belongs to. Setup (H) shuffles the numbers over the start hexes,
        so the number only gives the order (G12): the lane is the state's "token_lanes" entry if
        the engine keeps one, else the lane of the nearest lane hex (a token starts on a lane hex
        and only moves along its lane)."""
        known = self.state.get("token_lanes", {}).get(str(number))
        if known is not None:
            return int(known)
        token = self.state["control"][str(number)]
        m = self.m
        if token in m.lane_of:
            return m.lane_of[token]
        return min(m.lanes, key=lambda lane: (min(distance(m, token, h) for h in m.lanes[lane]), lane))

    # --- step 1 ------------------------------------------------------------------------------
    def lane_heroes(self, number: int, side: int) -> list[str]:
        """Heroes of `side` counting at token `number`: on the battlefield and in LoS of it (a hero
        on a hiding hex counts too; the Outsider never does). R115 (three tokens or more): a hero
        also in LoS of later tokens counts for the one its owner chooses (default: the nearest,
        ties the lower number)."""
        st, m = self.state, self.m
        token = st["control"][str(number)]
        later = [(int(n), h) for n, h in st["control"].items() if int(n) > number]
        out = []
        for hid in sorted(st["heroes"]):
            hero = st["heroes"][hid]
            if hero["side"] != side or not _on_battlefield(hero) or hid in self.counted:
                continue
            if not has_los(m, hero["hex"], token):
                continue
            if len(st["control"]) >= 3 and hid not in self.assigned:
                seen = [(distance(m, hero["hex"], token), number)]
                seen += [(distance(m, hero["hex"], h), n) for n, h in later if has_los(m, hero["hex"], h)]
                values = [n for _, n in sorted(seen)]
                self.assigned[hid] = int(self.choose("token", side, values, {"hero": hid}))
            if hid in self.assigned and self.assigned[hid] != number:
                continue
            out.append(hid)
        return out

    def reveal_leads(self, heroes: list[str], why: Msg) -> list[str]:
        """Reveal every lead card under `heroes` (logged) and discard them all (G10); the cards
        revealed, in order."""
        st = self.state
        revealed = []
        by_owner: dict[int, list[str]] = {}
        for hid in heroes:
            hero = st["heroes"][hid]
            for lead in hero.get("leads") or []:
                iid = lead["card"]
                revealed.append(iid)
                by_owner.setdefault(hero["owner"], []).append(iid)
                st.setdefault("discards", {}).setdefault(str(hero["owner"]), []).append(iid)
            hero["leads"] = []
        for owner, iids in sorted(by_owner.items()):
            self.log(Msg("{player} reveals lead cards: {cards}.", player=Seat(owner),
                         cards=[self.card_name(i) for i in iids]))
            if isinstance(st.get("revealed"), list):
                st["revealed"].append({"seat": owner, "cards": [st["cards"][i] for i in iids],
                                       "why": to_json(why)})
        return revealed

    def lead_value(self, side: int, revealed: list[str], where: int) -> int:
        """R113/G4: at most one revealed lead card counts, its mana cost (not its modifier, R49/T4);
        the side chooses which among cards of different costs (default: the most expensive)."""
        by_cost: dict[int, str] = {}
        for iid in revealed:
            by_cost.setdefault(self.cost(iid), iid)
        if not by_cost:
            return 0
        costs = sorted(by_cost, reverse=True)
        iid = self.choose("lead", side, [by_cost[c] for c in costs], {"costs": costs, "token": where})
        chosen = self.cost(iid)
        if len(costs) > 1:
            self.log(Msg("{players} count {card} (+{n}).", players=_players(self.state, side),
                         card=self.card_name(iid), n=chosen))
        return chosen

    def control_values(self, number: int) -> list[int]:
        st, m = self.state, self.m
        token = st["control"][str(number)]
        values = [0, 0]
        revealed = [[], []]
        for side in (0, 1):
            heroes = self.lane_heroes(number, side)
            if len(st["control"]) >= 3:
                self.counted.update(heroes)
            minions = sum(1 for mn in st["minions"] if mn["side"] == side and has_los(m, mn["hex"], token))
            revealed[side] = self.reveal_leads(heroes, Msg("Control token {number}", number=number))
            values[side] = len(heroes) + minions
        for side in (0, 1):      # both sides reveal, then each picks the card that counts
            values[side] += self.lead_value(side, revealed[side], number)
        return values

    # --- step 2 ------------------------------------------------------------------------------
    def damage(self, number: int, lane: int, winner: int, amount: int) -> bool:
        """Deal the difference: enemy minions of this lane first, then one enemy tower or the exposed
        nexus within 3 hexes of the token. True when the enemy nexus is destroyed."""
        st, m = self.state, self.m
        loser = 1 - winner
        token = st["control"][str(number)]
        left = amount
        removed = []
        targets = sorted((mn for mn in st["minions"] if mn["side"] == loser and mn["lane"] == lane),
                         key=lambda mn: (distance(m, token, mn["hex"]), label_key(mn["hex"])))
        for mn in targets:
            if left <= 0:
                break
            if self.protects(st, mn):
                continue
            st["minions"].remove(mn)
            removed.append(mn["hex"])
            left -= 1
        if removed:
            _counter(st, "minions_defeated", winner, len(removed))
            self.log(plural("Lane {lane}: {n} enemy minion defeated.", "Lane {lane}: {n} enemy minions defeated.",
                            n=len(removed), lane=lane), hexes=removed)
        if left <= 0:
            return False
        tower = m.tower_hex(loser, lane)
        tower_ok = _tower_standing(st, tower) and distance(m, token, tower) <= STRUCTURE_REACH
        nexus = st["nexus"][loser]
        nexus_ok = (nexus.get("exposed") and nexus["hp"] > 0 and m.nexus[loser]
                    and min(distance(m, token, h) for h in m.nexus[loser]) <= STRUCTURE_REACH)
        if nexus_ok and (not tower_ok or nexus["hp"] <= left):
            dealt = min(left, nexus["hp"])
            nexus["hp"] -= dealt
            _counter(st, "structure", winner, dealt)
            self.log(Msg("The nexus of {players} takes {n} damage ({hp} HP left).",
                         players=_players(st, loser), n=dealt, hp=nexus["hp"]), hexes=m.nexus[loser])
            if nexus["hp"] <= 0:
                nexus["hp"] = 0
                self.log(Msg("The nexus of {players} is destroyed!", players=_players(st, loser)),
                         hexes=m.nexus[loser])
                return True
            return False
        if tower_ok:
            t = st["towers"][tower]
            dealt = min(left, t["hp"])
            t["hp"] -= dealt
            _counter(st, "structure", winner, dealt)
            self.log(Msg("The tower on {hex} takes {n} damage ({hp} HP left).", hex=tower, n=dealt, hp=t["hp"]),
                     hexes=(tower,))
            if t["hp"] <= 0:
                t["hp"] = 0
                _counter(st, "towers_destroyed", winner)
                self.log(Msg("The tower on {hex} is destroyed.", hex=tower), hexes=(tower,))
                if not nexus.get("exposed"):   # skytear-data section 9: the owner's first tower loss
                    nexus["exposed"] = True
                    self.log(Msg("The nexus of {players} can now be damaged.", players=_players(st, loser)),
                             hexes=m.nexus[loser])
        return False

    # --- step 3 ------------------------------------------------------------------------------
    def token_goal(self, lane: int, enemy: int) -> tuple[str, ...]:
        tower = self.m.tower_hex(enemy, lane)
        if _tower_standing(self.state, tower):
            return (tower,)
        return self.m.nexus[enemy]

    def at_stop(self, token: str, enemy: int) -> bool:
        """R109: the token stops once adjacent to a standing enemy tower or an enemy nexus hex."""
        m, st = self.m, self.state
        near = [h for h, (s, _) in m.towers.items() if s == enemy and _tower_standing(st, h)]
        near += list(m.nexus[enemy])
        return any(distance(m, token, h) <= 1 for h in near)

    def push_token(self, number: int, lane: int, winner: int, amount: int) -> None:
        st = self.state
        token = start = st["control"][str(number)]
        goal = self.token_goal(lane, 1 - winner)
        for _ in range(amount):
            if self.at_stop(token, 1 - winner):
                break
            steps = token_path_step(self.m, token, goal)
            if not steps:
                break
            on_lane = [h for h in steps if self.m.lane_of.get(h) == lane]
            token = (on_lane or steps)[0]
        if token != start:
            st["control"][str(number)] = token
            self.log(Msg("Control token {number} moves to {hex}.", number=number, hex=token), hexes=(start, token))

    def place(self, side: int, anchor: str, lane: int, step: str) -> str | None:
        """R100: the hex a minion of `side` goes to: nearest the token within its LoS; among equally
        near hexes, the side's choice (default: the first by label)."""
        options = closest_in_los(self.m, anchor, minion_allowed(self.state, side))
        if not options:
            return None
        return self.choose("place", side, list(options), {"lane": lane, "step": step})

    def reposition(self, number: int, lane: int, order: list[int]) -> None:
        """R110: minions of this lane out of the token's LoS go back to it, side by side."""
        st, m = self.state, self.m
        token = st["control"][str(number)]
        for side in order:
            moved = []
            for mn in [mn for mn in st["minions"] if mn["side"] == side and mn["lane"] == lane]:
                if has_los(m, mn["hex"], token):
                    continue
                st["minions"].remove(mn)   # its own hex is free again while it is placed
                target = self.place(side, token, lane, "reposition")
                st["minions"].append({"side": side, "lane": lane, "hex": target or mn["hex"]})
                moved.append(target or mn["hex"])
            if moved:
                self.log(plural("Lane {lane}: {n} minion of {players} repositioned.",
                                "Lane {lane}: {n} minions of {players} repositioned.",
                                players=_players(st, side), n=len(moved), lane=lane), hexes=moved)

    # --- step 4 ------------------------------------------------------------------------------
    def spawn(self, number: int, lane: int, order: list[int]) -> None:
        """R111/R112: each side spawns 2 minions near the token unless its tower of this lane fell."""
        st = self.state
        token = st["control"][str(number)]
        for side in order:
            if not _tower_standing(st, self.m.tower_hex(side, lane)):
                continue
            placed = []
            for _ in range(SPAWN):
                target = self.place(side, token, lane, "spawn")
                if target is None:
                    break
                st["minions"].append({"side": side, "lane": lane, "hex": target})
                placed.append(target)
            if placed:
                self.log(plural("Lane {lane}: {n} minion of {players} spawned.",
                                "Lane {lane}: {n} minions of {players} spawned.",
                                players=_players(st, side), n=len(placed), lane=lane), hexes=placed)

    # --- a lane and the dome -----------------------------------------------------------------
    def lane(self, number: int) -> tuple[int | None, bool]:
        """One lane contest; returns (winner or None, whether a nexus was destroyed)."""
        st = self.state
        lane = self.token_lane(number)
        values = self.control_values(number)
        if values[0] == values[1]:
            self.log(Msg("Control token {number}: tied at {value}; nobody wins control.",
                         number=number, value=values[0]), hexes=(st["control"][str(number)],))
            second = 1 - _first_side(st)
            order = [second, 1 - second]
            self.reposition(number, lane, order)
            self.spawn(number, lane, order)
            return None, False
        winner = 0 if values[0] > values[1] else 1
        diff = abs(values[0] - values[1])
        self.log(Msg("Control token {number}: control to {players}, {won} to {lost}.", number=number,
                     players=_players(st, winner), won=values[winner], lost=values[1 - winner]),
                 hexes=(st["control"][str(number)],))
        _counter(st, "lane_wins", winner)
        if self.damage(number, lane, winner, diff):
            return winner, True
        self.draw(st, winner)                       # R67: winning control draws 1
        self.push_token(number, lane, winner, diff)
        order = [winner, 1 - winner]
        self.reposition(number, lane, order)
        self.spawn(number, lane, order)
        return winner, False

    def dome(self) -> None:
        """R113/R114: heroes in the dome +1 each, plus the best lead card under them; the winner
        draws 1 and takes the Outsider card; a tie returns it to the board."""
        st, m = self.state, self.m
        values = [0, 0]
        revealed = [[], []]
        for side in (0, 1):
            heroes = [hid for hid in sorted(st["heroes"]) if st["heroes"][hid]["side"] == side
                      and _on_battlefield(st["heroes"][hid]) and st["heroes"][hid]["hex"] in m.dome]
            revealed[side] = self.reveal_leads(heroes, Msg("The dome"))
            values[side] = len(heroes)
        for side in (0, 1):
            values[side] += self.lead_value(side, revealed[side], 0)
        outsider = st.setdefault("outsider", {"hexes": [], "statuses": {}, "holder": None})
        if values[0] == values[1]:
            outsider["holder"] = None
            self.log(Msg("The dome: tied at {value}; nobody holds the Outsider.", value=values[0]))
            return
        winner = 0 if values[0] > values[1] else 1
        outsider["holder"] = winner
        _counter(st, "dome_wins", winner)
        self.log(Msg("The dome: control to {players}, {won} to {lost}; the Outsider card is theirs.",
                     players=_players(st, winner), won=values[winner], lost=values[1 - winner]))
        self.draw(st, winner)


def resolve_minion_phase(state: dict, *, draw: Callable, log: Callable, cost: Callable | None = None,
                         protects_minion: Callable | None = None, card_name: Callable | None = None,
                         choose: Callable | None = None) -> None:
    """R106-R115 on an already copied state. Callbacks: `draw(state, side)` (the side draws 1; the
    engine picks the teammate), `log(msg, hexes=())` (a public event), `cost(iid) -> int` (a card's
    mana cost; default from the card data), `protects_minion(state, minion) -> bool` (a skill that
    prevents damage to a minion; default none), `card_name(iid) -> Msg` (default from the card data),
    `choose(what, side, values, info) -> value` (a player's choice among `values`, the default
    first: "lead" (a lead card iid), "token" (R115, info["hero"]), "place" (a minion's hex); default:
    values[0]; it may raise to pause the phase, which the engine then runs again from its start).
    Stops at once when a nexus is destroyed (the engine then checks victory)."""
    phase = _Phase(state, draw, log, cost, protects_minion, card_name, choose)
    winners = []
    for number in sorted(int(n) for n in state.get("control", {})):
        winner, nexus_down = phase.lane(number)
        if nexus_down:
            return
        winners.append(winner)
    for side in (0, 1):
        if winners and all(w == side for w in winners):
            _counter(state, "all_lanes_round", side)
    phase.dome()
