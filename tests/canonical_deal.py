"""A game whose `redeal` deals from one fixed state whatever it is given: a computer player that
learns the hidden items only through `redeal` (its worlds) then cannot tell apart two states that
differ only in what its seat may not know; one that reads them elsewhere can. The hard players'
no-peeking tests play on it."""
from __future__ import annotations

import random

from engine.base import as_game


class CanonicalDeal:
    def __init__(self, rules, canonical: dict):
        game = as_game(rules)
        self.game, self.canonical = game, canonical
        for key in ("name", "legal_actions", "active_players", "result", "ai_choose", "apply", "view",
                    "hidden_items", "setup", "min_players", "max_players", "title"):
            setattr(self, key, getattr(game, key))

    def redeal(self, state, seat, rng):
        return self.game.redeal(self.canonical, seat, rng)


def assert_thought_unchanged(hard, rules, state: dict, seat: int, copies: list[dict], others: int) -> None:
    """A hard player (a module with `choose` and `weigh`, both taking `redeal=`) whose worlds are
    dealt from one fixed copy of `state` gives the same choice, and the same worth to its move
    and `others` more moves, on `state` and on every copy of it dealt again for the seat."""
    canonical = rules.redeal(state, seat, random.Random(99))

    def fixed(_state, viewer, rng):
        return rules.redeal(canonical, viewer, rng)
    chosen = hard.choose(state, seat, 2, redeal=fixed)
    moves = [chosen.action] + [a.id for a in rules.legal_actions(state, seat) if a.id != chosen.action][:others]
    weighed = hard.weigh(state, seat, 2, moves, redeal=fixed)
    assert any(c != state for c in copies), "the copies differ in what the seat may not know"
    for c in copies:
        assert hard.choose(c, seat, 2, redeal=fixed) == chosen
        assert hard.weigh(c, seat, 2, moves, redeal=fixed) == weighed


def assert_never_peeks(hard, rules, positions, deal_again, copies: tuple[int, ...], others: int, wanted: int) -> None:
    """`assert_thought_unchanged` at the first `wanted` of `positions` ((state, seat) pairs), each
    against the copies `deal_again(state, seat, random.Random(k))` for k in `copies`."""
    checked = 0
    for state, seat in positions:
        assert_thought_unchanged(hard, rules, state, seat, [deal_again(state, seat, random.Random(k)) for k in copies],
                                 others)
        checked += 1
        if checked >= wanted:
            return
    raise AssertionError(f"only {checked} positions to check, not {wanted}")
