"""Questions about the battlefield that change nothing: the map, sides and seats, which heroes
stand on the battlefield, statuses. The lowest layer above the data and the geometry: the
passive skills (passives.py) and every change of the state (ops.py) are built on it."""
from __future__ import annotations

from . import hexes

OUTSIDER = "outsider"


def map_of(state: dict) -> hexes.Map:
    return hexes.map_of(state)


# --- sides and seats -------------------------------------------------------------------------

def side_of(state: dict, seat: int) -> int:
    return 0 if seat in state["sides"][0] else 1


def seats_of(state: dict, side: int) -> list[int]:
    return list(state["sides"][side])


def hero_side(state: dict, hero: str) -> int:
    h = state["heroes"][hero]
    return h["side"] if "side" in h else side_of(state, h["owner"])


# --- the battlefield ---------------------------------------------------------------------------

def on_battlefield(state: dict, hero: str) -> bool:
    h = state["heroes"][hero]
    return h["hex"] is not None and h["state"] != "defeated"


def heroes_on_battlefield(state: dict, side: int | None = None) -> list[str]:
    return [h for h in sorted(state["heroes"]) if on_battlefield(state, h)
            and (side is None or hero_side(state, h) == side)]


# --- statuses (R89-R96) -----------------------------------------------------------------------

def statuses_of(state: dict, who: str) -> dict:
    return state["outsider"]["statuses"] if who == OUTSIDER else state["heroes"][who]["statuses"]


def has_status(state: dict, who: str, status: str) -> bool:
    if who != OUTSIDER and who not in state["heroes"]:
        return False
    return statuses_of(state, who).get(status, 0) > 0
