"""What a viewer of a Civilization game cannot know, dealt again (the secrecy hook `redeal`, see
engine/base.py and tests/contract/secrecy.py).

`redeal(state, viewer, rng)` is a copy of the state that `viewer` (a seat, or None for someone who
sees only the public view) cannot tell apart from it. Dealt again, each from the pool of what it
could be:
- culture event cards: every hand but the viewer's, mixed with the face-down deck of the same era
  (each card keeps its era: the public hears which deck a card is drawn from); the deck's order
  with them (seed: a card drawn goes 「並秘密地 將其添加到手牌中」);
- hut and village markers: the face-down markers on the sheets of the others (seed: 「檢視它的
  背面,然後面朝下放置在玩家自己的文明玩家板上」), the markers lying on the map and the piles not yet
  placed, huts with huts and villages with villages; a village's great person stays where it is
  (whether a village held one is shown to everyone when it is conquered);
- unit cards: the others' standing forces and battle hands mixed with the face-down unit decks,
  each card keeping its type (which type a seat builds is said in public);
- the research picks of the others, each dealt again among the picks open to that seat, while two
  or more seats are still choosing (when one is left, its pick turns every card over at once: like
  a pile revealed when drawn, they keep their places).
Kept as they are: what the viewer has seen (its own hand, markers and units; a card or marker that
went through its hands in a trade or as loot; a unit shown on a front in a battle; what a trade
offer names), the piles whose next item is shown to everyone when drawn (the map's face-down tiles,
the wonder deck, the great people), the face-up returned cards under each deck, every count and
every public fact, and the state's own random generator (dice and shuffles come out alike).

What some seat has seen (where a face-down marker came from, cards shown) is kept by seen.py."""
from __future__ import annotations

import random

from engine.base import copy_state

from . import combat, culture, research
from .seen import SHOWN_CARDS, SHOWN_UNITS, origins

BLIND = "?"                       # trade.BLIND: an item the giver chooses when accepting
GREAT_PERSON = "great_person"     # a village marker's great person


# ---------------------------------------------------------------- dealing again

def redeal(state: dict, viewer: int | None, rng: random.Random) -> dict:
    """A copy of `state` that `viewer` cannot tell apart from it (see the module's docstring).
    Never changes `state`."""
    new = copy_state(state)
    others = [s for s in range(new["players"]) if s != viewer]
    _deal_culture(new, others, rng)
    _deal_markers(new, others, rng)
    _deal_units(new, others, rng)
    _deal_research(new, others, rng)
    return new


def _offered(state: dict, kind: str) -> list[tuple[int, str]]:
    """(seat, item) for every named item of `kind` ("cards", "hidden") in an offer of the Trade
    phase: the seat must still hold it (its offers say so to someone)."""
    out = []
    for offer in state.get("offers", []):
        for seat, side in ((offer["from"], "give"), (offer["to"], "get")):
            out += [(seat, item) for item in offer[side][kind] if item != BLIND]
    return out


def _shuffle_into(slots: list, items: list, rng: random.Random) -> list[tuple]:
    rng.shuffle(items)
    return list(zip(slots, items))


def _deal_culture(state: dict, others: list[int], rng: random.Random) -> None:
    fixed = set(state.get(SHOWN_CARDS, [])) | {c for _s, c in _offered(state, "cards")}
    pending = state.get("pending") or {}
    if isinstance((pending.get("context") or {}).get("card"), str):
        fixed.add(pending["context"]["card"])          # a card being aimed: its kind is public
    decks = state["decks"].get("culture", {})
    for era, deck in decks.items():
        slots = [(deck["down"], i) for i in range(len(deck["down"]))]
        for seat in others:
            hand = state["seats"][seat]["culture_hand"]
            slots += [(hand, i) for i, c in enumerate(hand) if c not in fixed and culture.era_of(c) == era]
        items = [pile[i] for pile, i in slots]
        for (pile, i), card in _shuffle_into(slots, items, rng):
            pile[i] = card


def _deal_markers(state: dict, others: list[int], rng: random.Random) -> None:
    """Huts with huts, villages with villages; a village's great person keeps its place."""
    held_fixed: dict[int, list[int]] = {}
    for seat, content in _offered(state, "hidden"):
        area = state["seats"][seat]
        kept = held_fixed.setdefault(seat, [])
        i = next((i for i, c in enumerate(area["hidden_resources"]) if c == content and i not in kept), None)
        if i is not None:
            kept.append(i)
    markers = state.get("markers", {})
    for kind, pile_key in (("hut", "hut_pile"), ("village", "village_pile")):
        free = [(markers[lbl], "content") for lbl in sorted(markers) if markers[lbl]["kind"] == kind]
        pile = state.get(pile_key, [])
        free += [(pile, i) for i in range(len(pile))]
        held = []
        for seat in others:
            area = state["seats"][seat]
            from_where = origins(area)
            held += [(area["hidden_resources"], i) for i in range(len(from_where))
                     if from_where[i] == kind and i not in held_fixed.get(seat, [])]
        # a village's great person stays where it is: conquering the village shows everyone
        # whether it was one (the great person is drawn in public), like a card shown when drawn
        slots = [(where, key) for where, key in free + held if where[key] != GREAT_PERSON]
        items = [where[key] for where, key in slots]
        for (where, key), content in _shuffle_into(slots, items, rng):
            where[key] = content


def _deal_units(state: dict, others: list[int], rng: random.Random) -> None:
    fixed = set(state.get(SHOWN_UNITS, []))
    places: list[list] = [state["seats"][s]["standing_forces"] for s in others]
    b = state.get("battle")
    if b and b.get("hands"):
        places += [b["hands"][side] for side, seat in b["seats"].items() if seat in others and side in b["hands"]]
    for unit_type, deck in state["decks"]["units"].items():
        slots = [(deck["down"], i) for i in range(len(deck["down"]))]
        for cards in places:
            slots += [(cards, i) for i, c in enumerate(cards) if c not in fixed and combat.card_type(c) == unit_type]
        items = [cards[i] for cards, i in slots]
        for (cards, i), card in _shuffle_into(slots, items, rng):
            cards[i] = card


def _deal_research(state: dict, others: list[int], rng: random.Random) -> None:
    if not research.choosing(state) or len(research.active_seats(state)) < 2:
        return
    picks = state["research"]["picks"]
    for seat in others:
        if str(seat) not in picks:
            continue
        del picks[str(seat)]                        # open again to list what it could have chosen
        picks[str(seat)] = rng.choice(research.legal_picks(state, seat))[len(research.ACTION_PREFIX):]
