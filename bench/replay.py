"""Replay GIF benchmark: the longest computer-vs-computer game of each real game that a few
seeds give, replayed the way `/match replay` does it (the log walked once, at most MAX_FRAMES
boards drawn one at a time, the GIF written as it goes).

Battle Line plays a series to 15 points (a won game scores 5, so at least three games);
Battalia plays two players. Each replay runs in a fresh subprocess, twice: once plain, for
the time, and once under tracemalloc. Printed per game: moves, boards shown, seconds (wall
and CPU), GIF size, scale, and peak memory as
  - tracemalloc peak: Python allocations during the replay (view dicts, PNG bytes, the GIF);
  - RSS growth: the subprocess's max resident set (ru_maxrss) after the replay minus before it,
    which includes Pillow's image buffers (the game is played before "before");
  - max RSS: the subprocess's whole max resident set, interpreter and game included.

Run from the project root: `python -m bench.replay [battleline|battalia ...] [--seeds N]`.
It prints figures only; nothing here asserts on time.
"""
from __future__ import annotations

import gc
import json
import random
import resource
import subprocess
import sys
import time
import tracemalloc

from engine.registry import get as rules_for

GAMES = {
    "battleline": {"options": {"series_target": 15}, "seeds": 4},
    "battalia": {"options": {}, "seeds": 6},
}
NAMES = ["alice", "bob"]


def play(game: str, options: dict, seed: int) -> list[tuple[int, str]]:
    """A whole game of the engines' own computer player: the (seat, action) log."""
    rules = rules_for(game)
    state, rng, log = rules.setup(2, dict(options), seed), random.Random(seed), []
    while rules.result(state) is None:
        seat = min(rules.active_players(state))
        action = rules.ai_choose(state, seat, rng.randrange(1 << 30))
        state, _ = rules.apply(state, seat, action)
        log.append((seat, action))
    return log


def view_source(game: str, options: dict, seed: int, log: list[tuple[int, str]]):
    """Like the match service's: walk the log once, yielding only the public views asked for."""
    rules = rules_for(game)

    def views(numbers):
        wanted = set(numbers)
        state = rules.setup(2, dict(options), seed)
        if 0 in wanted:
            yield 0, rules.view(state, None)
        for number, (seat, action) in enumerate(log, 1):
            if number > max(wanted):
                return
            state, _ = rules.apply(state, seat, action)
            if number in wanted:
                yield number, rules.view(state, None)
    return views


def child(game: str, seed: int, options: dict, trace: bool) -> dict:
    from render import registry as renderers
    from render.replay import replay

    log = play(game, options, seed)
    render_board = renderers.get(game).render_board
    gc.collect()
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if trace:
        tracemalloc.start()
    wall, cpu = time.perf_counter(), time.process_time()
    made = replay(len(log) + 1, view_source(game, options, seed, log), lambda view: render_board(view, NAMES))
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    peak = tracemalloc.get_traced_memory()[1] if trace else None
    rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"moves": len(log), "frames": made.frames, "boards": made.boards, "scale": made.scale,
            "gif": len(made.gif), "wall": wall, "cpu": cpu, "traced_peak": peak,
            "rss_growth": (rss_after - rss_before) * 1024, "max_rss": rss_after * 1024}


def run_child(game: str, seed: int, options: dict, trace: bool) -> dict:
    command = [sys.executable, "-m", "bench.replay", "--child", game, str(seed), json.dumps(options)]
    out = subprocess.run(command + (["--trace"] if trace else []), check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str]) -> None:
    if argv[1:2] == ["--child"]:
        game, seed, options = argv[2], int(argv[3]), json.loads(argv[4])
        print(json.dumps(child(game, seed, options, "--trace" in argv)))
        return
    seeds = int(argv[argv.index("--seeds") + 1]) if "--seeds" in argv else None
    games = [a for a in argv[1:] if a in GAMES] or list(GAMES)
    mib = 2 ** 20
    for game in games:
        options = GAMES[game]["options"]
        lengths = {seed: len(play(game, options, seed)) for seed in range(1, (seeds or GAMES[game]["seeds"]) + 1)}
        seed = max(lengths, key=lengths.get)
        plain, traced = run_child(game, seed, options, False), run_child(game, seed, options, True)
        print(f"{game} {options or ''} seed {seed} (longest of seeds {sorted(lengths)}): {plain['moves']} moves; "
              f"{plain['frames']} of {plain['boards']} boards shown at scale {plain['scale']:.2f}; "
              f"{plain['wall']:.1f} s ({plain['cpu']:.1f} s CPU); GIF {plain['gif'] / mib:.2f} MiB; "
              f"tracemalloc peak {traced['traced_peak'] / mib:.1f} MiB; "
              f"RSS growth {plain['rss_growth'] / mib:.0f} MiB; max RSS {plain['max_rss'] / mib:.0f} MiB")


if __name__ == "__main__":
    main(sys.argv)
