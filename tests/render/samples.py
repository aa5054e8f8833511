"""What the picture tests' sample modules share: a game of random legal moves from a fixed seed,
stopped at a chosen point."""
from __future__ import annotations

import random


def random_play(rules, players: int, seed: int, stop, cap: int, legal_ids=None) -> dict:
    """The first state of a random game (seed) for which `stop(state)` is true, else its end (or
    the state after `cap` moves). `legal_ids(state, seat)`: the moves to choose from (the rules'
    legal actions by default)."""
    legal_ids = legal_ids or (lambda state, seat: [a.id for a in rules.legal_actions(state, seat)])
    state = rules.setup(players, {}, seed)
    rng = random.Random(seed)
    for _ in range(cap):
        if stop(state) or state.get("result"):
            return state
        seat = rng.choice(sorted(rules.active_players(state)))
        state, _events = rules.apply(state, seat, rng.choice(legal_ids(state, seat)))
    return state


def assert_reads_at_chat_width(reading, board: bool) -> None:
    """A picture's reading at chat width (bench.chat_width.measure): every text at least 9 px,
    and a board at most 1.35 times as high as wide."""
    from bench.chat_width import MAX_ASPECT, SMALLEST
    assert reading.smallest >= SMALLEST, sorted(reading.under(), key=lambda t: t[1])[:5]
    if board:
        assert reading.aspect <= MAX_ASPECT, (reading.width, reading.height)
