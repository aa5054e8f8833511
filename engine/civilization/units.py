"""The unit cards (R37, R38, R107, R113-R116, appendix G5): each card's type and strength, a type's
names and costs by rank, and the four decks (draws, returns). Data and decks only: combat.py plays
the cards (and re-exports these), research.py draws Germany's free units here."""
from __future__ import annotations

from functools import lru_cache

from engine.base import IllegalAction
from engine.rng import next_random
from engine.text import Msg

from . import data


@lru_cache(maxsize=None)
def cards() -> dict[str, tuple[str, dict]]:
    out = {}
    for rec in data.collection("units"):
        for card in rec["cards"]:
            out[card["id"]] = (rec["id"], card)
    return out


def unit_type(type_id: str) -> dict:
    return data.by_id("units")[type_id]


def card_ids(type_id: str) -> list[str]:
    return [c["id"] for c in unit_type(type_id)["cards"]]


def card_type(card: str) -> str:
    try:
        return cards()[card][0]
    except KeyError:
        raise IllegalAction(Msg("There is no unit card {card}.", card=card)) from None


def strength(card: str, rank: int) -> int:
    """R107: a land unit's edge at `rank` shows base + rank - 1; R116: an aircraft has one value."""
    kind, rec = cards()[card]
    if kind == "aircraft":
        return rec["strength"]
    return rec["base"] + max(1, rank) - 1


def trumps(attacker_card: str, target_card: str) -> bool:
    """R115 / G5: by type, at every rank; aircraft never trump and are never trumped."""
    return unit_type(card_type(attacker_card))["trumps"] == card_type(target_card)


def unit_name(card: str, rank: int) -> Msg:
    names = unit_type(card_type(card))["names"]
    return data.term(names[min(max(rank, 1), len(names)) - 1])


def unit_text(card: str, rank: int) -> Msg:
    return Msg("{unit} (strength {strength})", unit=unit_name(card, rank), strength=strength(card, rank))


def cost(type_id: str, rank: int) -> int:
    costs = unit_type(type_id)["costs"]
    return costs[min(max(rank, 1), len(costs)) - 1]


def deck_size(state: dict, type_id: str) -> int:
    d = state["decks"]["units"][type_id]
    return len(d["down"]) + len(d["up"])


def draw_unit(state: dict, type_id: str) -> str | None:
    """The top card of the deck, None when it is empty (R38). When only face-up returned cards
    remain they are shuffled into a new face-down deck first."""
    d = state["decks"]["units"][type_id]
    if not d["down"] and d["up"]:
        d["down"] = list(d["up"])
        d["up"] = []
        next_random(state).shuffle(d["down"])
    return d["down"].pop() if d["down"] else None


def return_unit(state: dict, card: str) -> None:
    """A destroyed (or barbarian) unit goes face up to the bottom of its deck (R113, R123, G21)."""
    state["decks"]["units"][card_type(card)]["up"].append(card)
