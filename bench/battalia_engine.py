"""Speed of the Battalia engine: random games per second for 2/3/4 players, average actions per game,
and the median render time and PNG size. Run: python -m bench.battalia_engine (prints only)."""
from __future__ import annotations

import random
import statistics
import time

from engine.battalia import RULES
from engine.battalia.setup import computer_only


def random_game(n: int, seed: int) -> tuple[dict, int]:
    rng = random.Random(seed)
    state = RULES.setup(n, computer_only(n), seed)  # random play in every seat: the stall guard is on
    steps = 0
    while RULES.result(state) is None:
        seat = next(iter(RULES.active_players(state)))
        acts = RULES.legal_actions(state, seat)
        non_end = [a for a in acts if a.id != "end"]
        pick = rng.choice(non_end) if non_end and rng.random() < 0.85 else rng.choice(acts)
        state, _ = RULES.apply(state, seat, pick.id)
        steps += 1
    return state, steps


def main() -> None:
    finals = []
    for n in (2, 3, 4):
        games, steps, t0 = 0, 0, time.perf_counter()
        while time.perf_counter() - t0 < 5 or games < 3:
            state, k = random_game(n, 1000 * n + games)
            finals.append(state)
            games += 1
            steps += k
        dt = time.perf_counter() - t0
        print(f"{n} players: {games / dt:.2f} random games/s, {steps / games:.0f} actions per game, "
              f"{steps / dt:.0f} actions/s")
    t0 = time.perf_counter()
    s = RULES.setup(4, {}, 1)
    decisions = 0
    while RULES.result(s) is None and decisions < 400:
        seat = next(iter(RULES.active_players(s)))
        s, _ = RULES.apply(s, seat, RULES.ai_choose(s, seat, decisions))
        decisions += 1
    print(f"AI: {(time.perf_counter() - t0) / decisions * 1000:.1f} ms per decision (incl. apply)")
    try:
        from render.battalia import render_board, render_hand
    except ImportError:
        return
    times, sizes = [], []
    for state in finals[:12]:
        t0 = time.perf_counter()
        png = render_board(RULES.view(state, None), None)
        times.append(time.perf_counter() - t0)
        sizes.append(len(png))
        hand = render_hand(RULES.view(state, 0), None)
        sizes.append(len(hand))
    print(f"render_board: median {statistics.median(times) * 1000:.0f} ms, "
          f"median PNG {statistics.median(sizes) / 1024:.0f} KB, max {max(sizes) / 1024:.0f} KB")


if __name__ == "__main__":
    main()
