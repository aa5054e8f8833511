"""What anyone may work out about a seat's cards from public facts alone (spec 6.1): the flow
decides from this, never from a hand, whether an activation has anything left (R30, G19)."""
from __future__ import annotations

from . import board, data, effects, ops


def possible_cards(state: dict, seat: int) -> list[str]:
    """The card kinds `seat` might hold, as anyone may work it out from public facts: none when
    its hand is empty (a public count), else every kind among the cards of its that nobody has
    seen (its hand, its deck and its face-down lead cards, all alike to an onlooker)."""
    if not state["hands"][str(seat)]:
        return []
    unseen = list(state["hands"][str(seat)]) + list(state["decks"][str(seat)])
    for h in state["heroes"].values():
        if h["owner"] == seat:
            unseen += [x["card"] for x in h["leads"]]
    return sorted({state["cards"][i] for i in unseen})


def could_play_any(state: dict, seat: int, *, instants_only: bool, active_hero: str | None = None) -> bool:
    """Whether `seat` might have a card to play now, from public facts only (never its hand): a
    card kind it might hold (possible_cards) or its unused Vortex, with the timing of
    legal.playable (R62/R63), the hero's runes and mana (R60) and a complete choice of targets
    (R23)."""
    kinds = possible_cards(state, seat)
    if ops.vortex_ready(state, seat):
        kinds.append(state["cards"][state["vortex"]["card"]])
    if not kinds:
        return False
    for hero in sorted(h for h, d in state["heroes"].items() if d["owner"] == seat and board.on_battlefield(state, h)):
        for def_id in kinds:
            c = data.card(def_id)
            if c["speed"] != "instant" and (instants_only or hero != active_hero):
                continue
            if not ops.card_fits(state, hero, c):
                continue
            if not c["targets"] or effects.legal_targets(state, c, hero):
                return True
    return False
