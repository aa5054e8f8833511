"""Civilization states for the picture tests, made by random legal play from fixed seeds
(engine.civilization's RULES), stopped at chosen points of the game."""
from __future__ import annotations

import copy
from functools import lru_cache

from engine.civilization import RULES, flow, views
from tests.render.samples import random_play

NAMES = ["Alice", "小明", "Carol", "Dmitri"]


def play(players: int, seed: int, stop, cap: int = 6000) -> dict:
    """The first state of a random game (seed) for which `stop(state)` is true, else its end."""
    return random_play(RULES, players, seed, stop, cap, flow.legal_ids)


def researching(state: dict, picks: int) -> bool:
    res = state.get("research")
    return state["phase"] == "research" and isinstance(res, dict) and "revealed" not in res \
        and len(res.get("picks", {})) == picks


def played_out(state: dict, plays: int) -> dict:
    """The battle of `state` after `plays` cards, each side opening a new front while it can."""
    for _ in range(plays):
        if not state.get("battle") or state["battle"].get("step") != "play":
            break
        seat = sorted(RULES.active_players(state))[0]
        legal = flow.legal_ids(state, seat)
        state, _events = RULES.apply(state, seat, next((a for a in legal if a.endswith(":new")), legal[0]))
    return state


@lru_cache(maxsize=None)
def _state(name: str) -> dict:
    if name in DERIVED:
        base, plays = DERIVED[name]
        return played_out(_state(base), plays)
    players, seed, stop = SAMPLES[name]
    return play(players, seed, stop)


def state(name: str) -> dict:
    return copy.deepcopy(_state(name))


def view(name: str, viewer: int | None = None) -> dict:
    return views.view(_state(name), viewer)


SAMPLES = {
    "setup_2p": (2, 5, lambda s: s["phase"] == "setup" and len(s["cities"]) == 1),
    "research_2p": (2, 2, lambda s: s["turn"] >= 6 and researching(s, 1)),
    "battle_3p": (3, 1, lambda s: bool(s.get("battle")) and s["turn"] >= 4),
    "research_4p": (4, 6, lambda s: s["turn"] >= 10 and researching(s, 2)),
    "late_4p": (4, 3, lambda s: s["turn"] >= 25 and s["phase"] == "movement"),
}
# states made from a sample by playing battle cards: (sample, cards played)
DERIVED = {"fronts_3p": ("battle_3p", 4)}


def names() -> list[str]:
    return list(SAMPLES) + list(DERIVED)
