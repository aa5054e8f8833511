"""A game whose `redeal` deals from one fixed state whatever it is given: a computer player that
learns the hidden items only through `redeal` (its worlds) then cannot tell apart two states that
differ only in what its seat may not know; one that reads them elsewhere can. The hard players'
no-peeking tests play on it."""
from __future__ import annotations

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


def assert_thought_unchanged(hard, rules, state: dict, seat: int, copies: list[dict], redeal, others: int) -> None:
    """A hard player (a module with `choose` and `weigh`, both taking `redeal=`) gives the same
    choice, and the same worth to its move and `others` more moves, on `state` and on every copy
    of it dealt again for the seat."""
    chosen = hard.choose(state, seat, 2, redeal=redeal)
    moves = [chosen.action] + [a.id for a in rules.legal_actions(state, seat) if a.id != chosen.action][:others]
    weighed = hard.weigh(state, seat, 2, moves, redeal=redeal)
    assert any(c != state for c in copies), "the copies differ in what the seat may not know"
    for c in copies:
        assert hard.choose(c, seat, 2, redeal=redeal) == chosen
        assert hard.weigh(c, seat, 2, moves, redeal=redeal) == weighed
