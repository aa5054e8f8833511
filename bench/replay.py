"""Replay GIF benchmark: a whole computer-vs-computer game of each real game, drawn and animated
the way `/match replay` does it. Prints boards, render time, animate time, GIF size and frames kept.

Run from the project root: `python -m bench.replay [game ...]` (default: battleline battalia).
It prints figures only; nothing here asserts on time.
"""
from __future__ import annotations

import random
import sys
import time

from engine.registry import get as rules_for
from render import registry as renderers
from render.replay import SIZE_LIMIT, animate


def public_views(game: str, players: int, seed: int) -> list[dict]:
    rules = rules_for(game)
    state = rules.setup(players, {}, seed)
    views, rng = [rules.view(state, None)], random.Random(seed)
    while rules.result(state) is None:
        seat = min(rules.active_players(state))
        state, _ = rules.apply(state, seat, rules.ai_choose(state, seat, rng.randrange(1 << 30)))
        views.append(rules.view(state, None))
    return views


def main(argv: list[str]) -> None:
    for game in argv[1:] or ["battleline", "battalia"]:
        views = public_views(game, 2, 7)
        names = ["alice", "bob"]
        begun = time.perf_counter()
        boards = [renderers.get(game).render_board(v, names) for v in views]
        drawn = time.perf_counter()
        gif, kept = animate(boards)
        done = time.perf_counter()
        print(f"{game}: {len(boards) - 1} moves; boards drawn in {drawn - begun:.1f} s; "
              f"GIF made in {done - drawn:.1f} s: {len(gif) / 2**20:.2f} MB "
              f"(limit {SIZE_LIMIT / 2**20:.0f} MB), {kept} of {len(boards)} boards kept")


if __name__ == "__main__":
    main(sys.argv)
