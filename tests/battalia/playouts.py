"""A Battalia game played a while by the computer players (pictures and benchmarks start from it)."""
from __future__ import annotations

import random

from engine.battalia import RULES


def computer_playout(n: int, seed: int, moves: int = 300, options=None) -> dict:
    """The state after up to `moves` computer moves from `setup(n, options, seed)` (fewer if the
    game ends)."""
    state, rng = RULES.setup(n, options or {}, seed), random.Random(seed)
    for _ in range(moves):
        if RULES.result(state):
            break
        seat = next(iter(RULES.active_players(state)))
        state, _ = RULES.apply(state, seat, RULES.ai_choose(state, seat, rng.randrange(10**6)))
    return state
