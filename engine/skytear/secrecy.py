"""The secrecy hook (engine/base.py, "redeal"): a copy of a state that a viewer cannot tell apart
from it, every secret dealt again from what it could be.

What a viewer may not know (spec 6.2, 6.3): another seat's hand (its size is public), the cards it
set aside in the mulligan, the cards it led from its hand (face down; their orientation is
public), the order of every deck (the viewer's own too) and the cards led from a deck top (seen by
nobody). Everything else is public and stays: the board, discard piles, played and revealed
cards, the Vortex, every count.

How the copy is dealt, seat by seat (a Skytear deck belongs to one seat, so a seat's cards only
ever change places among themselves):
- the seat's unseen cards are gathered (its hand unless it is the viewer's, its deck below the
  next cards, its face-down lead cards when no move can turn them over now), shuffled with the
  given generator and put back in the same places, so every count stays;
- the next DICE cards of each deck stay as they lie: they are the game's dice (spec 6.4: a "+"
  flips them face up for everyone, and draws take them), left as they are like the state's random
  generator, so a move reveals the same cards in the copy as in the state;
- lead cards stay under their heroes whenever the next move could turn them over (a defeat
  discards them face up, the minion phase reveals them), and a card led from the hand that still
  waits on the stack stays in the hand: that move is made against them as they are;
- the cards set aside in the mulligan are dealt again only while two seats or more are still
  choosing (the last one to keep turns every set-aside card over).
"""
from __future__ import annotations

import random

from engine.base import copy_state

from . import decks

DICE = 12     # a deck's next cards that stay in place (more than any one move reveals or draws)


def redeal(state: dict, viewer: int | None, rng: random.Random) -> dict:
    """A copy of `state` that `viewer` (None: an onlooker who sees only the public view) cannot
    tell apart from it (see the module docstring). Never mutates `state`."""
    new = copy_state(state)
    leads_too = nothing_turns_over(state)
    mulligan = state["phase"] == "mulligan"
    picks_too = mulligan and sum(not m["done"] for m in state["mulligan"].values()) >= 2
    for seat in range(state["players"]):
        _redeal_seat(new, seat, seat == viewer, leads_too, mulligan, picks_too, rng)
    decks.redraw_pending(new, viewer, rng)     # built decks and pools not dealt yet (decks.py)
    return new


def _redeal_seat(state: dict, seat: int, own: bool, leads_too: bool, mulligan: bool, picks_too: bool,
                 rng: random.Random) -> None:
    key = str(seat)
    hand, deck = state["hands"][key], state["decks"][key]
    tossed = list(state["mulligan"][key]["tossed"]) if mulligan else []
    waiting = {e["card"] for e in state["stack"] if e.get("do") == "lead" and e.get("card") and e["seat"] == seat}
    places: list[tuple[list, int]] = []          # (the list, the index) of every card dealt again
    if not own:
        stay = waiting | (set() if picks_too else set(tossed))
        places += [(hand, i) for i, iid in enumerate(hand) if iid not in stay]
    places += [(deck, i) for i in range(DICE, len(deck))]
    if leads_too:
        for hero in sorted(state["heroes"]):
            h = state["heroes"][hero]
            if h["owner"] == seat:
                # the owner knows what it led from its hand; nobody knows a card led from the deck
                places += [(lead, "card") for lead in h["leads"] if not own or lead["from"] == "deck"]
    pool = [where[i] for where, i in places]
    rng.shuffle(pool)
    for (where, i), iid in zip(places, pool):
        where[i] = iid
    if not own:
        decks.redraw_unseen(state, seat, [where[i] for where, i in places], rng)   # a built deck's cards
    if tossed and picks_too and not own:
        # which cards were set aside is the seat's secret: any of its hand, as many as before
        free = [iid for iid in hand if iid not in waiting]
        state["mulligan"][key]["tossed"] = rng.sample(free, len(tossed))


def nothing_turns_over(state: dict) -> bool:
    """Whether no single move from here can turn a face-down lead card over: a defeat (any effect
    resolving) discards its hero's lead cards face up and the minion phase reveals them. True
    while choosing a hero, in an activation that another ready hero would follow, in a window
    with seats still to ask after the one asked now, and in the setup and discard steps."""
    if state.get("result") or state["phase"] in ("draft", "mulligan", "discard"):
        return True
    if state.get("pending") or state["phase"] != "hero":
        return False
    window = state.get("window")
    if window:
        return len(window["waiting"]) >= 2
    act = state.get("activation")
    if act is None:
        return True
    if act["hero"] == "outsider":
        return False
    return any(h != act["hero"] and d["state"] == "ready" and d["hex"] is not None
               for h, d in state["heroes"].items())
