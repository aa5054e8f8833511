"""The secrecy hook of Clash of Rage: `redeal(state, viewer, rng)`, a copy of the state that the
viewer (a seat, or None for someone who sees only the public view) cannot tell apart from it.

What is secret (spec section 6, the seed's 「將該卡片面朝下放在自己面前」 and 「將你的７張戰術卡面朝下
形成一個牌堆」):
- each seat's tactic hand, its face-down pick until the reveal, and the order of its tactic pile:
  for another seat these are one unknown pool (its 7 cards less its face-up discard), dealt again
  into a hand, a pick and a pile of the same sizes; for the viewer's own seat only the pile's
  order is unknown (its content is what the viewer does not hold);
- the legendary pile's order, and a forge draw to everyone but the forging seat: the cards drawn
  and the pile are one pool, dealt again;
- the equipment pile keeps its order: every card drawn from it turns face up at once (the black
  market, the elf card), so its next cards are revealed to everyone when drawn.
When only one seat is still to choose its tactic card, the picks already made keep their cards:
the only move left reveals them to everyone (they are the next items revealed, like the equipment
pile's). Everything else (board, gold, crystals, discards, the state's own random generator) is
public or belongs to no seat and stays as it is. Never mutates `state`."""
from __future__ import annotations

import random

from engine.base import copy_state

from . import tactics


def redeal(state: dict, viewer: int | None, rng: random.Random) -> dict:
    new = copy_state(state)
    seat_in_game = viewer if viewer is not None and 0 <= viewer < state["players"] else None
    _redeal_tactics(new, seat_in_game, rng)
    _redeal_legendary(new, seat_in_game, rng)
    return new


def _picks_stay(state: dict) -> bool:
    """The picks made are about to be revealed by the last seat's pick (see the module text)."""
    return tactics.selecting(state) and len(tactics.active_seats(state)) <= 1


def _redeal_tactics(state: dict, viewer: int | None, rng: random.Random) -> None:
    picks = state["tactics"]["picks"]
    keep_picks = _picks_stay(state)
    for seat, area in enumerate(state["seats"]):
        if seat == viewer:
            rng.shuffle(area["tactic_deck"])        # the own pile: known cards, unknown order
            continue
        key = str(seat)
        pick_hidden = key in picks and not keep_picks
        pool = area["tactic_hand"] + area["tactic_deck"] + ([picks[key]] if pick_hidden else [])
        rng.shuffle(pool)
        hand_size, deck_size = len(area["tactic_hand"]), len(area["tactic_deck"])
        area["tactic_hand"] = pool[:hand_size]
        area["tactic_deck"] = pool[hand_size:hand_size + deck_size]
        if pick_hidden:
            picks[key] = pool[hand_size + deck_size]


def _redeal_legendary(state: dict, viewer: int | None, rng: random.Random) -> None:
    forge = state.get("forge")
    if forge and forge["seat"] != viewer:
        pool = forge["cards"] + state["legendary_deck"]
        rng.shuffle(pool)
        n = len(forge["cards"])
        forge["cards"], state["legendary_deck"] = pool[:n], pool[n:]
    else:
        rng.shuffle(state["legendary_deck"])

