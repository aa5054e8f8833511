"""The computer's three strengths measured against each other (engine/ai_levels.py).

    python -m bench.ai              every game, the pairs hard-normal and normal-easy, 200 seeded
                                    two-player games per pair and game (half with each level
                                    seated first): long, run it in the background
    python -m bench.ai --quick      the same table from 2 games per pair and game (both seat
                                    orders), under 5 minutes on 2 cores: it shows the bench runs,
                                    not who is stronger
    options: --games battleline,clash_of_rage  --pairs hard-normal  --count 40  --workers 2
             --cap 4000 (moves at most in one game: a game cut there is counted as stalled)

Prints, per game and level pair, the first level's wins (with the 95 % interval of its true
share, Wilson's, and its wins seated first and seated second), the second level's, the draws and
the stalled games (no rulebook ending within the cap), the mean length; then per game and level
the CPU time of a decision (process time of the worker that thinks: 50th, 95th percentile and
the longest); then how the games ended (the result's reason: a game's own safety cap shows there).
Every decision has its own seed from the game's seed, so a run gives the same games on any
machine; only the times change. Assert nothing.
"""
from __future__ import annotations

import argparse
import math
import random
import sys
import time
from collections import defaultdict
from concurrent.futures import ProcessPoolExecutor, as_completed
from statistics import NormalDist

from engine import ai_levels, registry

GAMES = ("battleline", "battalia", "skytear", "clash_of_rage", "civilization")
PAIRS = (("hard", "normal"), ("normal", "easy"))
FULL, QUICK = 200, 2
CAP = 4000
SEED = 36000


def one_game(game: str, levels: tuple[str, str], seed: int, cap: int) -> dict:
    """A seeded two-player game with `levels[seat]` on each seat: who won (by level), its length,
    whether it was cut at `cap`, and the CPU time of every decision per level."""
    rules = registry.get(game)
    state = rules.setup(2, {}, seed)
    rng = random.Random(f"bench-ai-{game}-{seed}")
    times: dict[str, list[float]] = defaultdict(list)
    moves = 0
    while rules.result(state) is None and moves < cap:
        active = rules.active_players(state)
        if not active:
            break
        seat = min(active)
        start = time.process_time()
        action = ai_levels.choose(rules, state, seat, rng.randrange(1 << 30), levels[seat])
        times[levels[seat]].append(time.process_time() - start)
        state, _ = rules.apply(state, seat, action)
        moves += 1
    result = rules.result(state)
    winners = sorted({levels[w] for w in result.winners}) if result is not None else []
    reason = getattr(result.reason, "key", str(result.reason)) if result is not None else "(cut at the cap)"
    return {"game": game, "levels": levels, "seed": seed, "moves": moves, "ended": result is not None,
            "winners": winners, "times": dict(times), "reason": reason}


def tasks(games, pairs, count: int, first_seed: int = SEED):
    """(game, (level of seat 0, level of seat 1), seed, pair): each pair's games with the first
    level seated first and second in turn, on the same seeds; the games of every game and pair
    interleaved, so a run stopped by its time limit has played some of each."""
    for n in range(count):
        for game in games:
            for pair in pairs:
                seed = first_seed + n // 2
                levels = pair if n % 2 == 0 else (pair[1], pair[0])
                yield game, levels, seed, pair


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))] if ordered else 0.0


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--pairs", default=",".join(f"{a}-{b}" for a, b in PAIRS))
    parser.add_argument("--count", type=int, default=None, help="games per pair and game")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--cap", type=int, default=CAP)
    parser.add_argument("--seed", type=int, default=SEED,
                        help="the first game's seed (tune on other seeds than the ones a table is reported on)")
    parser.add_argument("--time-limit", type=float, default=None,
                        help="seconds: then the games still running are dropped and the table is of those played")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    pairs = [tuple(p.split("-")) for p in args.pairs.split(",") if p]
    count = args.count or (QUICK if args.quick else FULL)
    jobs = list(tasks(games, pairs, count, args.seed))
    print(f"bench.ai: {len(games)} games x {len(pairs)} pairs x {count} games = {len(jobs)} games, "
          f"{args.workers} workers, cap {args.cap} moves, seeds from {args.seed}", flush=True)
    started = time.time()
    by_pair: dict[tuple, list[dict]] = defaultdict(list)
    thinking: dict[tuple[str, str], list[float]] = defaultdict(list)
    pool = ProcessPoolExecutor(max_workers=args.workers)
    futures = {pool.submit(one_game, game, levels, seed, args.cap): (game, pair)
               for game, levels, seed, pair in jobs}
    left = {key: count for key in {(g, p) for g, _l, _s, p in jobs}}
    timed_out = False
    try:
        for future in as_completed(futures, timeout=args.time_limit):
            game, pair = futures[future]
            played = future.result()
            by_pair[(game, pair)].append(played)
            for level, times in played["times"].items():
                thinking[(game, level)].extend(times)
            left[(game, pair)] -= 1
            if left[(game, pair)] == 0:
                print(row(game, pair, by_pair[(game, pair)]) + f"   [{time.time() - started:.0f} s]", flush=True)
    except TimeoutError:
        print(f"time limit reached: {sum(map(len, by_pair.values()))} of {len(jobs)} games played", flush=True)
        timed_out = True
        for process in list(getattr(pool, "_processes", {}).values()):  # the games still running
            process.terminate()
    # every game played: the workers are waited for (a pool left behind fails at the interpreter's
    # exit); out of time, the terminated ones are not
    pool.shutdown(wait=not timed_out, cancel_futures=True)
    print()
    print("Win rates (seeded two-player games, each level seated first in half of them):")
    print(f"{'game':<14} {'pair':<14} {'games':>5} {'1st wins':>9} {'95% CI':>9} {'seated 1':>9} {'seated 2':>9} "
          f"{'2nd wins':>9} {'draws':>6} {'stalled':>7} {'moves':>6}")
    for game in games:
        for pair in pairs:
            print(row(game, pair, by_pair[(game, pair)]))
    print()
    print("Thinking, CPU ms a decision (worker process time):")
    print(f"{'game':<14} {'level':<7} {'decisions':>9} {'p50':>7} {'p95':>7} {'max':>7}")
    for game in games:
        for level in ("easy", "normal", "hard"):
            times = thinking.get((game, level))
            if times:
                print(f"{game:<14} {level:<7} {len(times):>9} {percentile(times, .5) * 1e3:>7.1f} "
                      f"{percentile(times, .95) * 1e3:>7.1f} {max(times) * 1e3:>7.1f}")
    print()
    print("How the games ended (the result's reason, all pairs together):")
    for game in games:
        reasons: dict[str, int] = defaultdict(int)
        for pair in pairs:
            for p in by_pair[(game, pair)]:
                reasons[p["reason"]] += 1
        for reason, n in sorted(reasons.items(), key=lambda kv: -kv[1]):
            print(f"{game:<14} {n:>5}  {shorten(reason)}")
    print(f"\n{time.time() - started:.0f} s wall clock")


def shorten(text: str, limit: int = 90) -> str:
    text = " ".join(str(text).split())
    return text if len(text) <= limit else text[:limit - 1] + "…"


def row(game: str, pair: tuple, played: list[dict]) -> str:
    n = len(played)
    first = sum(1 for p in played if p["winners"] == [pair[0]])
    second = sum(1 for p in played if p["winners"] == [pair[1]])
    stalled = sum(1 for p in played if not p["ended"])
    draws = n - first - second - stalled
    moves = sum(p["moves"] for p in played) / n if n else 0
    pct = (lambda k, m=n: f"{100 * k / m:.1f}%" if m else "-")
    low, high = interval(first, n)
    seats = []
    for seat in (0, 1):  # the first level's wins where it sat first, then second
        there = [p for p in played if p["levels"][seat] == pair[0]]
        seats.append(pct(sum(1 for p in there if p["winners"] == [pair[0]]), len(there)))
    within = f"{100 * low:.0f}-{100 * high:.0f}%"
    return (f"{game:<14} {pair[0] + '-' + pair[1]:<14} {n:>5} {pct(first):>9} {within:>9} {seats[0]:>9} "
            f"{seats[1]:>9} {pct(second):>9} {draws:>6} {stalled:>7} {moves:>6.0f}")


def interval(wins: int, games: int, confidence: float = 0.95) -> tuple[float, float]:
    """Wilson's score interval of a win share: where the true share lies for `confidence` of such
    samples (200 games at about 65 %: about +-6.5 points)."""
    if not games:
        return 0.0, 1.0
    z = NormalDist().inv_cdf(0.5 + confidence / 2)
    share = wins / games
    centre = (share + z * z / (2 * games)) / (1 + z * z / games)
    half = z * math.sqrt(share * (1 - share) / games + z * z / (4 * games * games)) / (1 + z * z / games)
    return max(0.0, centre - half), min(1.0, centre + half)


if __name__ == "__main__":
    main(sys.argv[1:])
