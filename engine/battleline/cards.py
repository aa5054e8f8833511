"""Battle Line card data: 60 troop cards and 10 tactics cards (spec 2.3, 2.4).

Card ids are plain strings: troops are `<colour><value>` (`red7`, `orange10`), tactics are
`T-ALEX` and friends. Colours 5 and 6 (orange, purple) are D1 house names.
"""
from __future__ import annotations

from engine.text import Msg, term

GAME = "battleline"

# D1: the source names red, blue, green, yellow; orange and purple are ours.
COLOURS = ("red", "blue", "green", "yellow", "orange", "purple")
COLOUR_INDEX = {c: i for i, c in enumerate(COLOURS)}
VALUES = tuple(range(1, 11))

# [S4] unit names; no rules effect.
UNIT_NAMES = {10: "Elephants", 9: "Chariots", 8: "Heavy Cavalry", 7: "Light Cavalry", 6: "Hypaspists",
              5: "Phalangists", 4: "Hoplites", 3: "Javalineers", 2: "Peltasts", 1: "Skirmishers"}

TROOP_IDS = tuple(f"{c}{v}" for c in COLOURS for v in VALUES)

# Tactics cards in a fixed display order (hands list them last, in this order).
TACTICS = {
    "T-ALEX": {"name": "Alexander", "category": "morale", "label": "Alexander (Leader)"},
    "T-DARIUS": {"name": "Darius", "category": "morale", "label": "Darius (Leader)"},
    "T-CC": {"name": "Companion Cavalry", "category": "morale", "label": "Companion Cavalry"},
    "T-SB": {"name": "Shield Bearers", "category": "morale", "label": "Shield Bearers"},
    "T-FOG": {"name": "Fog", "category": "environment", "label": "Fog"},
    "T-MUD": {"name": "Mud", "category": "environment", "label": "Mud"},
    "T-SCOUT": {"name": "Scout", "category": "guile", "label": "Scout"},
    "T-REDEPLOY": {"name": "Redeploy", "category": "guile", "label": "Redeploy"},
    "T-DESERTER": {"name": "Deserter", "category": "guile", "label": "Deserter"},
    "T-TRAITOR": {"name": "Traitor", "category": "guile", "label": "Traitor"},
}
TACTIC_IDS = tuple(TACTICS)
LEADERS = ("T-ALEX", "T-DARIUS")
MORALE = ("T-ALEX", "T-DARIUS", "T-CC", "T-SB")
ENVIRONMENT = ("T-FOG", "T-MUD")
GUILE = ("T-SCOUT", "T-REDEPLOY", "T-DESERTER", "T-TRAITOR")

# Convenience: short names a Discord layer may accept ("ALEX" -> "T-ALEX").
TACTIC_ALIASES = {cid[2:].lower(): cid for cid in TACTIC_IDS}

# (colour index, value) for every troop id.
TROOP_IDENTITY: dict[str, tuple[int, int]] = {
    f"{c}{v}": (COLOUR_INDEX[c], v) for c in COLOURS for v in VALUES}
IDENTITY_TO_ID = {ident: cid for cid, ident in TROOP_IDENTITY.items()}

_SORT_KEY = {cid: i for i, cid in enumerate(TROOP_IDS + TACTIC_IDS)}


def is_troop(card: str) -> bool:
    return card in TROOP_IDENTITY


def is_tactic(card: str) -> bool:
    return card in TACTICS


def is_morale(card: str) -> bool:
    return card in MORALE


def is_card(card: str) -> bool:
    return card in _SORT_KEY


def colour_of(card: str) -> str:
    return COLOURS[TROOP_IDENTITY[card][0]]


def value_of(card: str) -> int:
    return TROOP_IDENTITY[card][1]


def colour_name(colour: str) -> Msg:
    """A colour's name as a glossary term ("red" -> Red, 红)."""
    return term(GAME, colour.capitalize())


def tactic_name(card: str) -> Msg:
    """A tactics card's name as a glossary term (Alexander, Fog, ...)."""
    return term(GAME, TACTICS[card]["name"])


def unit_name(value: int) -> Msg:
    """The troop name printed on a value ([S4]; no rules effect)."""
    return term(GAME, UNIT_NAMES[value])


def _make_label(card: str) -> Msg:
    if card in TROOP_IDENTITY:
        colour, value = TROOP_IDENTITY[card]
        return Msg("{colour} {value}", colour=colour_name(COLOURS[colour]), value=value)
    if card in LEADERS:
        return Msg("{card} (Leader)", card=tactic_name(card))
    return tactic_name(card)


def _make_dict(card: str) -> dict:
    if card in TROOP_IDENTITY:
        colour, value = TROOP_IDENTITY[card]
        return {"id": card, "kind": "troop", "color": COLOURS[colour], "value": value, "label": _make_label(card)}
    info = TACTICS[card]
    return {"id": card, "kind": "tactic", "category": info["category"], "name": tactic_name(card),
            "label": _make_label(card)}


_LABELS = {cid: _make_label(cid) for cid in TROOP_IDS + TACTIC_IDS}
_DICTS = {cid: _make_dict(cid) for cid in TROOP_IDS + TACTIC_IDS}


def card_label(card: str) -> Msg:
    """Human label (a text in no language yet): "Red 7", "Alexander (Leader)"."""
    try:
        return _LABELS[card]
    except KeyError:
        raise KeyError(f"unknown card {card!r}") from None


def card_dict(card: str) -> dict:
    """The card as the view schema describes it (a fresh dict each time)."""
    return dict(_DICTS[card])


def sort_cards(cards) -> list[str]:
    """Colour order, then value, tactics last (spec 11.3)."""
    return sorted(cards, key=_SORT_KEY.__getitem__)


def normalise_card(text: str) -> str | None:
    """Accept the exact id, or a forgiving spelling ("Red7", "alex", "t-fog")."""
    if text in _SORT_KEY:
        return text
    low = text.strip().lower().replace(" ", "")
    if low in TROOP_IDENTITY:
        return low
    up = text.strip().upper()
    if up in TACTICS:
        return up
    if low in TACTIC_ALIASES:
        return TACTIC_ALIASES[low]
    return None
