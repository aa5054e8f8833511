"""Helpers for the flow's tests: a hero-phase state on a chosen board, moves through the rules
object (so every move is checked as a player's would be), and the invariants of a game."""
from __future__ import annotations

import json
from collections import Counter

from engine.base import IllegalAction
from engine.skytear import RULES, data, flow
from engine.skytear.options import OPTIONS

from . import fixtures as fx
from tests.contract.harness import view_strings


def hero_state(heroes: dict, **kw) -> dict:
    """A hero-phase state (fixtures.make_state) with the flow's own keys; no activation yet."""
    state = fx.make_state(heroes, **kw)
    state["options"] = {o.name: o.default for o in OPTIONS}
    state.update(mulligan={}, draft=None, pending_queue=[])
    return state


def ids(state: dict, seat: int) -> list[str]:
    return [a.id for a in RULES.legal_actions(state, seat)]


def act(state: dict, seat: int, action_id: str) -> dict:
    new, _ = RULES.apply(state, seat, action_id)
    return new


def act_ev(state: dict, seat: int, action_id: str):
    return RULES.apply(state, seat, action_id)


def refused(state: dict, seat: int, action_id: str) -> str:
    """The message of a refused move (the test fails if the move is accepted)."""
    try:
        RULES.apply(state, seat, action_id)
    except IllegalAction as exc:
        return exc.message
    raise AssertionError(f"{action_id!r} by seat {seat} was accepted")


def pass_all(state: dict) -> dict:
    """Every seat asked in the windows passes until the stack is empty or a question is pending."""
    for _ in range(50):
        if not state.get("window") or state.get("pending"):
            return state
        seat = state["window"]["waiting"][0]
        state = act(state, seat, "pass")
    raise AssertionError("the windows never closed")


def waiting(state: dict) -> list[int]:
    return list(state["window"]["waiting"]) if state.get("window") else []


# ------------------------------------------------------------------ invariants

def card_places(state: dict) -> Counter:
    """How many places hold each card instance: decks, hands, discards, played, leads, the Vortex
    slot, and lead cards declared from the hand still waiting on the stack (they stay in the hand)."""
    return Counter(fx.all_card_places(state))


def check_cards_conserved(state: dict) -> None:
    places = card_places(state)
    assert set(places) == set(state["cards"]), "a card instance is nowhere or unknown"
    doubled = [iid for iid, n in places.items() if n != 1]
    assert not doubled, f"cards in two places: {doubled[:5]}"


strings = view_strings  # every string of a view, and the words inside them


def check_no_leak(state: dict) -> None:
    """No hidden item of a seat in the public view or another seat's view."""
    seen = {None: strings(RULES.view(state, None))}
    for s in range(state["players"]):
        seen[s] = strings(RULES.view(state, s))
    for seat in range(state["players"]):
        hidden = RULES.hidden_items(state, seat)
        for viewer, found in seen.items():
            if viewer != seat:
                assert not hidden & found, f"seat {seat}'s {sorted(hidden & found)[:3]} in view of {viewer}"


def check_json(state: dict) -> None:
    assert json.loads(json.dumps(state)) == state
    for viewer in [None] + list(range(state["players"])):
        view = RULES.view(state, viewer)
        assert json.loads(json.dumps(view)) == view


def name(hero: str) -> str:
    return data.hero(hero)["name"]


def first_seat_of(state: dict, side: int) -> int:
    return flow.seats_of(state, side)[0]
