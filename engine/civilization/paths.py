"""Each legal action id as an `Action` with its path: the choices a player makes one after another
(verb, city, item, square...). Ids keep their stored grammar (flow.py, cities.py, combat.py,
research.py); a UI walks the paths and never parses an id."""
from __future__ import annotations

from engine.base import Action

from . import abilities, data, event_cards, flow, labels, trade

# the verbs' names and the generic segment names live in labels.py (effects.py reads them too)
VERBS, DIRECTIONS = labels.VERBS, labels.DIRECTIONS
_named = labels.named


def legal_actions(state: dict, seat: int) -> list[Action]:
    return [action(state, seat, i) for i in flow.legal_ids(state, seat)]


def action(state: dict, seat: int, action_id: str) -> Action:
    return labels.action(state, action_id, segment_label)


def segment_label(state: dict, verb: str, index: int, value: str, parts: list[str]):
    """A readable name for one segment of an action id."""
    if verb in trade.VERBS:
        return trade.segment_label(state, verb, index, value, parts)
    if verb in ("event", "pick", "cancel", "wonder"):
        named = event_cards.segment_label(state, value)
        if named is not None:
            return named
    where = labels.place(state, verb, index, value)
    if where is not None:
        return where
    if verb == "ability":
        if index == 1 and value in ("egypt", "germany", "russia"):
            return data.term(data.by_id("civilizations")[value]["name"])
        named = abilities.segment_label(value)
        if named is not None:
            return named
    return _named(value)
