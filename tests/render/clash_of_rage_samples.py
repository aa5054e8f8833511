"""Clash of Rage states for the picture tests, made by random legal play from fixed seeds
(engine.clash_of_rage's RULES), stopped at chosen points of the game."""
from __future__ import annotations

from functools import lru_cache

from engine.clash_of_rage import RULES, views
from tests.render.samples import random_play

NAMES = ["Alice", "小明", "Carol", "Dmitri"]


def play(players: int, seed: int, stop, cap: int = 20000) -> dict:
    """The first state of a random game (seed) for which `stop(state)` is true, else its end."""
    return random_play(RULES, players, seed, stop, cap)


def selecting(state: dict) -> bool:
    return state["phase"] == "tactics" and state["tactics"]["step"] == "select"


@lru_cache(maxsize=None)
def _state(name: str) -> dict:
    players, seed, stop = SAMPLES[name]
    return play(players, seed, stop)


def state(name: str) -> dict:
    import copy
    return copy.deepcopy(_state(name))


def view(name: str, viewer: int | None = None) -> dict:
    """A sample's view, from a copy: a test that changes a view never changes the cached sample."""
    return views.view(state(name), viewer)


SAMPLES = {
    "select_3p": (3, 1, lambda s: selecting(s) and len(s["tactics"]["picks"]) == 1),
    "strongholds_2p": (2, 2, lambda s: s["tactics"]["step"] == "strongholds" and len(s.get("stronghold_cells", {})) == 1),
    "battle_3p": (3, 1, lambda s: bool(s.get("battle")) and s["round"] >= 3),
    "late_4p": (4, 0, lambda s: s["round"] >= 12 and bool(s.get("battle")) and bool(s["battle"]["dice"])),
    "forge_4p": (4, 0, lambda s: bool(s.get("forge")) and s["round"] >= 4),
    "over_2p": (2, 3, lambda s: False),
}
