"""Civilization's engine a move, late in a 4-player game: what the platform pays the engine for
every move (the issue's target: ≤ 1 ms median).

For each seed a seeded 4-player game of the engine's own computer player is played to its end
(bench/late.py's `computer_game`, untimed); every move from 75 % of it to its end (`late.LATE`)
is then replayed and timed with `time.process_time()`:

  apply   the platform's apply (`rules.apply`: the copy and the engine's move);
  legal   the legal moves of every seat asked to act after it (`rules.legal_actions`, what the
          menus offer and what the next click is checked against);
  move    apply + legal, the engine's part of a move.

Printed per seed and over all seeds: the moves timed and the median, mean and 95th percentile of
each part in ms. Each move is timed `--repeat` times (default 3) and its fastest time kept, so a
moment of another process on the machine does not count; what the engine keeps between moves
(`economy._TABLES`, the cities' icons by what they are worked out from) is put back as it was
before the move's first timing, so a repeat finds no more than the first did. Prints only.

    python -m bench.civilization_late [--seeds 2] [--players 4] [--repeat 3]
"""
from __future__ import annotations

import argparse
import statistics
import time

from bench import late
from engine.civilization import economy
from engine.registry import get as rules_for


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


def timed_moves(players: int, seed: int, repeat: int) -> tuple[list[tuple[float, float]], int, int]:
    rules = rules_for("civilization")
    log, _finished = late.computer_game("civilization", players, seed)
    start = max(1, int(len(log) * late.LATE))
    state = rules.setup(players, {}, seed)
    for seat, action in log[:start]:
        state, _ = rules.apply(state, seat, action)
    samples = []
    for seat, action in log[start:]:
        best_apply = best_legal = float("inf")
        kept = getattr(economy, "_TABLES", None)
        before = dict(kept) if kept is not None else None
        for _ in range(repeat):
            if kept is not None:
                kept.clear()
                kept.update(before)
            t0 = time.process_time()
            after, _events = rules.apply(state, seat, action)
            t1 = time.process_time()
            for asked in rules.active_players(after):
                rules.legal_actions(after, asked)
            t2 = time.process_time()
            best_apply, best_legal = min(best_apply, t1 - t0), min(best_legal, t2 - t1)
        samples.append((best_apply * 1000, best_legal * 1000))
        state = after
    return samples, start, len(log)


def line(label: str, samples: list[tuple[float, float]]) -> str:
    parts = []
    for name, values in (("apply", [a for a, _ in samples]), ("legal", [b for _, b in samples]),
                         ("move", [a + b for a, b in samples])):
        parts.append(f"{name} median {statistics.median(values):.3f} / mean {statistics.mean(values):.3f} / "
                     f"p95 {pct(values, 95):.3f}")
    return f"{label}: {len(samples)} moves; " + "; ".join(parts) + " (ms)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--players", type=int, default=4)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    everything = []
    for seed in range(1, args.seeds + 1):
        samples, start, length = timed_moves(args.players, seed, args.repeat)
        everything += samples
        print(line(f"seed {seed}, moves {start + 1}-{length} of {length}", samples), flush=True)
    print(line(f"all {args.seeds} seeds, {args.players} players", everything), flush=True)


if __name__ == "__main__":
    main()
