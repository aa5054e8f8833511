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
