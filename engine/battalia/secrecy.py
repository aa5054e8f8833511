"""The secrecy hook (`redeal`, engine/base.py): a copy of a state that one viewer cannot tell apart
from it, what that viewer cannot see dealt again at random.

What is hidden (spec section 6.2, 6.3; views.hidden_items):
- each player's hand, Ambush (face down) and Realm (the draw pile, its order unknown even to its
  owner), and his Sanctuary below its top card (G28: only the top card of another player's
  Sanctuary is public; the owner browses his own);
- in scenario 2, which Great Artifact lies under which corner city, and which one went back to
  the box unseen (3.6).
Public, and kept: everything on the board and in the views, every pile's size, the top card of
each Sanctuary, the pool decks (the unit and Supply decks are face up, and the artifact, city and
road decks reveal the card they give to everyone: their order may stay), the Oracle (it follows
from the round), and the cards whose identity a move made public while they sit in a hand this
turn: virtual copies, cards already used or transformed this turn or counting as another type
(R110, R13, G15), cards that came back face up (a struck Tent's, a called-off battle line's, the
Horn's picks), and the Formation cards the viewer was shown (R23).

Each player's unknown cards are dealt again among his own unknown places (his deck's make-up is
known; only where its cards are is not): a uniformly random permutation of them over the same
places, so every count stays. The state's own random generator is left as it is.
"""
from __future__ import annotations

import json
import random

from .cards import sanctuary_top


def _known(state: dict, seat: int, viewer: int | None) -> set[str]:
    """The cards of `seat` whose place `viewer` knows although they lie in a hidden zone: the cards a
    move made public this turn (used, transformed, counting as another type, come back face up),
    and the Formation cards shown to the viewer. (Virtual copies are public too: never dealt.)"""
    turn = state["turn"]
    known = set(turn["spent"]) | set(turn["transformed"]) | set(turn["as"]) | set(turn.get("shown", ()))
    shown = state["players"][seat].get("formation_shown")  # R23: until the declarer's next turn
    if shown and viewer is not None and viewer in shown["to"]:
        known.update(shown["cards"])
    pend = state["pending"]
    if pend and pend.get("card"):  # an Amulet's card waiting on the Ambush or a wild type: named publicly
        known.add(pend["card"])
    return known


def redeal(state: dict, viewer: int | None, rng: random.Random) -> dict:
    """A copy of `state` that `viewer` (None: someone who sees only the public view) cannot tell
    apart from it. Never mutates `state`."""
    new = json.loads(json.dumps(state))
    for p in new["players"]:
        seat = p["seat"]
        if seat == viewer:
            rng.shuffle(p["realm"])  # 6.3: the order of his own Realm is unknown to him too
            continue
        known = _known(new, seat, viewer)
        top = sanctuary_top(p)  # G28: only the topmost face-up card of a Sanctuary is public
        down = set(p.get("sanctuary_face_down", ()))
        face_down = [c in down for c in p["sanctuary"]]
        places = [(zone, i) for zone in ("hand", "ambush", "realm", "sanctuary") for i, c in enumerate(p[zone])
                  if c not in known and c != top and not c.startswith("v")]  # a virtual copy is public, and lapses
        cards = [p[zone][i] for zone, i in places]
        rng.shuffle(cards)
        for (zone, i), c in zip(places, cards):
            p[zone][i] = c
        if "sanctuary_face_down" in p:  # the cards lying face down there are others now, the places the same
            p["sanctuary_face_down"] = [c for c, flag in zip(p["sanctuary"], face_down) if flag]
    pool = new["pool"]
    if new["options"].get("variant") == "scenario2" and pool["hidden_great"]:
        # 3.6: the Great Artifacts under the corner cities and the fifth in the box are unseen by all
        squares = sorted(pool["hidden_great"])
        unseen = [pool["hidden_great"][sq] for sq in squares] + pool["box"][:1]
        rng.shuffle(unseen)
        for sq, c in zip(squares, unseen):
            pool["hidden_great"][sq] = c
        if pool["box"]:
            pool["box"][0] = unseen[-1]
    return new
