"""What some seat has seen of the secrets of Civilization: the bookkeeping the secrecy hook
(secrecy.py) reads to deal again only what a viewer cannot know. A leaf module: the rules modules
write it as things change hands, and it imports none of them.

- seats[s]["hidden_from"][i]: where the face-down marker seats[s]["hidden_resources"][i] came from,
  "hut" or "village" while only its holder has seen it; "" once another seat has (a trade, loot),
  or when not recorded: such a marker is never dealt again.
- state["shown_cards"]: culture event cards another seat has seen in a hand (a trade, loot).
- state["shown_units"]: unit cards shown face up on a front in a battle.
views.py keeps all three out of the other seats' views and the public one."""
from __future__ import annotations

ORIGIN = "hidden_from"
SHOWN_CARDS = "shown_cards"
SHOWN_UNITS = "shown_units"


# ---------------------------------------------------------------- face-down markers on the sheet

def origins(area: dict) -> list[str]:
    """Where each face-down marker of the sheet came from, in the order of hidden_resources; all
    "" (never dealt again) when the record is missing or does not match."""
    got = area.get(ORIGIN)
    n = len(area.get("hidden_resources", []))
    return list(got) if isinstance(got, list) and len(got) == n else [""] * n


def gain_marker(area: dict, content: str, origin: str = "") -> None:
    """A face-down marker onto the sheet: "hut" or "village" when only this seat has seen it."""
    kept = origins(area)
    area.setdefault("hidden_resources", []).append(content)
    area[ORIGIN] = kept + [origin]


def take_marker(area: dict, index: int) -> tuple[str, str]:
    """The face-down marker at `index` off the sheet: (its content, where it came from)."""
    kept = origins(area)
    content = area["hidden_resources"].pop(index)
    origin = kept.pop(index)
    area[ORIGIN] = kept
    return content, origin


def show_cards(state: dict, cards) -> None:
    """Culture cards another seat has now seen in a hand (a trade, loot): never dealt again."""
    shown = state.setdefault(SHOWN_CARDS, [])
    shown.extend(c for c in cards if c not in shown)


def show_units(state: dict, cards) -> None:
    """Unit cards shown to everyone (on a front): never dealt again."""
    shown = state.setdefault(SHOWN_UNITS, [])
    shown.extend(c for c in cards if c not in shown)
