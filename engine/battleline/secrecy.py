"""The secrecy hook (`redeal`, engine/base.py): a copy of a state that one viewer cannot tell apart
from it, the cards that viewer cannot see dealt again at random.

What is hidden in Battle Line (spec section 6, D15): the other players' hands and the order of
both decks. Public are each hand's size split into troop and tactics cards (D15), the deck sizes
and every card on the table or in the discard pile. A Scout player knows the cards he put on top
of the decks until they are drawn (R50, D15: his memo), and while his Scout runs, the cards he
drew and returned.

The unknown cards are dealt again by a random relabelling: every troop card the viewer cannot see
(in another hand or in a deck, but not one of his own memo) trades places with another one of
them, and every tactics card likewise with tactics cards (each card stays with its own deck,
R16/R50), then every place that names a card (hands, decks, the other players' memos and Scout
notes) takes the new name. So every count stays, every known card stays where it is, and the
hidden cards are a uniformly random deal of the same unknown pool.
"""
from __future__ import annotations

import random

from .cards import is_troop
from .rules import _copy


def redeal(state: dict, seat: int | None, rng: random.Random) -> dict:
    """A copy of `state` that `seat` (None: someone who sees only the public view) cannot tell
    apart from it; the state's own random generator is left as it is. Never mutates `state`."""
    new = _copy(state)
    others = [s for s in range(new["players"]) if s != seat]
    known = {m["card"] for m in new["scout_memo"][seat]} if seat is not None else set()
    unknown = [c for s in others for c in new["hands"][s]]
    unknown += [c for c in new["troop_deck"] + new["tactics_deck"] if c not in known]
    rename: dict[str, str] = {}
    for kind in (True, False):  # troop cards among troop cards, tactics among tactics (each to its deck)
        cards = sorted(c for c in unknown if is_troop(c) == kind)
        dealt = list(cards)
        rng.shuffle(dealt)
        rename.update(zip(cards, dealt))

    def renamed(cards: list[str]) -> list[str]:
        return [rename.get(c, c) for c in cards]

    for s in others:
        new["hands"][s] = renamed(new["hands"][s])
        # his memo names the cards now lying where his returned ones lay (he would know those)
        new["scout_memo"][s] = [dict(m, card=rename.get(m["card"], m["card"])) for m in new["scout_memo"][s]]
    new["troop_deck"] = renamed(new["troop_deck"])
    new["tactics_deck"] = renamed(new["tactics_deck"])
    scout = new["scout"]
    if scout is not None and scout["seat"] != seat:  # another player's Scout notes: his hand's cards
        scout["drawn"] = renamed(scout["drawn"])
        scout["returned"] = renamed(scout["returned"])
    return new
