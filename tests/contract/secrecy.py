"""The dynamic secrecy check: nothing public may depend on what a seat holds in secret.

For a move `a` of seat `s` in state S, the game's `redeal(S, viewer, rng)` gives copies that the
viewer cannot tell apart from S (engine/base.py, "redeal"). Then:

1. copies redealt for `s` itself (the other seats' secrets dealt again): `s`'s legal moves are
   the same ids (its menus cannot depend on what it does not know), and `a` gives the same
   public output;
2. copies redealt for the public (everyone's secrets, `s`'s own included) in which `a` is still
   legal: the same public output (the engine decides nothing public from `s`'s hidden hand).

The public output is everything the Discord layer posts in a channel or draws on the public
picture: the events' public texts, the result, the public view, and the moment (engine.base.Moment:
its kind, whose turn it is, the waiting line, and who is asked unless a window keeps it private). Checking the public
view covers the pictures: they are drawn from it alone.
"""
from __future__ import annotations

import random

from engine.base import Game, IllegalAction, as_game
from engine.text import to_json

COPIES = 2          # copies per kind of redeal at each checked move


def public_output(rules, state: dict, events: list) -> dict:
    """What anyone in the channel can see of a move that led to `state` with `events`: the
    events' public texts, the result, the public view, and the moment (its kind, whose turn,
    the waiting line; who is asked too, unless a window keeps that to itself)."""
    game = as_game(rules)
    moment = game.moment(state)
    result = game.result(state)
    return {
        "texts": [to_json(e.public) for e in events],
        "result": result.to_dict() if result is not None else None,
        "view": game.view(state, None),
        "moment": (moment.kind, moment.owner, to_json(moment.waiting)),
        "to_act": None if moment.asks_privately else sorted(moment.seats),
    }


def difference(a: dict, b: dict) -> str:
    """The first part of two public outputs that differs, in a few words."""
    for key in a:
        if a[key] != b[key]:
            if key == "view":
                keys = sorted(k for k in set(a["view"]) | set(b["view"]) if a["view"].get(k) != b["view"].get(k))
                return f"the public view differs in {keys[:6]}"
            return f"{key}: {str(a[key])[:300]} against {str(b[key])[:300]}"
    return ""


def check_secrecy(rules, state: dict, seat: int, action_id: str, rng: random.Random,
                  real: tuple[dict, list] | None = None, copies: int = COPIES) -> int:
    """Raise AssertionError when the public output of `seat` playing `action_id` in `state`
    depends on a hidden item; return how many copies were compared. `real` is the move's
    (state, events) when the caller has already applied it."""
    game = as_game(rules)
    assert "redeal" in vars(game) or type(game).redeal is not Game.redeal, \
        f"{game.name} declares no redeal (the secrecy hook)"
    redeal = game.redeal
    if real is None:
        real = rules.apply(state, seat, action_id)
    expected = public_output(rules, *real)
    own = sorted(a.id for a in rules.legal_actions(state, seat))
    compared = 0
    for viewer in [seat] * copies + [None] * copies:
        other = redeal(state, viewer, rng)
        if viewer is not None:
            legal = sorted(a.id for a in rules.legal_actions(other, seat))
            assert legal == own, (f"seat {seat}'s legal moves change when the others' secrets are dealt again: "
                                  f"{sorted(set(own) ^ set(legal))[:5]}")
        try:
            got = public_output(rules, *rules.apply(other, seat, action_id))
        except IllegalAction:
            assert viewer is None, f"{action_id!r} is refused once the others' secrets are dealt again"
            continue        # the move needs a hidden card that the public redeal took away
        compared += 1
        found = difference(expected, got)
        who = "the others' secrets" if viewer is not None else "every secret (the mover's too)"
        assert not found, f"seat {seat} {action_id!r}: with {who} dealt again, {found}"
    return compared
