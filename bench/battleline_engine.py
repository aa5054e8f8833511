"""Battle Line engine benchmark: `python -m bench.battleline_engine [--quick]`.

Prints (asserts nothing):
  1. the claim proof on the worst-case positions of spec 13.3: the fast pattern algorithm
     (median time) against the brute-force oracle (full enumeration), and their ratio;
  2. random legal games per second (2-player standard, 3-player);
  3. the computer player's win rate against a uniformly random player over 200 games.
"""
from __future__ import annotations

import argparse
import random
import statistics
import time

from engine.battleline import RULES
from engine.battleline.cards import TROOP_IDENTITY, TROOP_IDS
from engine.battleline.formations import Pool, best_completion
from engine.battleline.proof import split_side
from tests.battleline import oracle

# spec 13.3 table: (label, claimant cards, opponent cards, Mud?)
WORST_CASES = [
    ("3-card, opponent empty, claimant L+CC+SB (U=60)", ["T-ALEX", "T-CC", "T-SB"], [], False),
    ("3-card, opponent has only a Leader (U=60)", ["T-ALEX", "T-CC", "T-SB"], ["T-DARIUS"], False),
    ("Mud, opponent empty (U=59)", ["T-ALEX", "T-CC", "T-SB", "red1"], [], True),
    ("Mud, opponent Leader, claimant L+CC+SB+troop (U=59)", ["T-ALEX", "T-CC", "T-SB", "red1"], ["T-DARIUS"], True),
    ("Mud, opponent Leader + SB (U=58)", ["T-ALEX", "T-CC", "red1", "red2"], ["T-DARIUS", "T-SB"], True),
]


def _median_time(fn, repeats: int) -> float:
    times = []
    for _ in range(repeats):
        start = time.perf_counter()
        fn()
        times.append(time.perf_counter() - start)
    return statistics.median(times)


def bench_proof(oracle_repeats: int, quick: bool) -> None:
    print("Claim proof, spec 13.3 worst cases (opponent's strongest reachable formation)")
    print(f"  {'position':55} {'evals':>10} {'fast':>10} {'oracle':>10} {'ratio':>8}")
    for label, mine, theirs, mud in WORST_CASES:
        n = 4 if mud else 3
        face_up = {c for c in mine + theirs if c in TROOP_IDENTITY}
        pool_ids = [TROOP_IDENTITY[c] for c in TROOP_IDS if c not in face_up]
        pool = Pool(pool_ids)
        o_troops, o_wilds = split_side(theirs)
        k = n - len(theirs)
        evals = oracle.cost(o_wilds, len(pool_ids), k)
        fast_time = _median_time(lambda: best_completion(o_troops, o_wilds, n, False, pool), 2001)
        fast = best_completion(o_troops, o_wilds, n, False, pool)
        if quick and evals > 200_000:
            print(f"  {label:55} {evals:>10,} {fast_time * 1e6:>8.1f}us {'skipped':>10} {'':>8}")
            continue
        result = {}

        def run_oracle():
            result["key"] = oracle.max_reachable_key(o_troops, o_wilds, pool_ids, n, False)
        oracle_time = _median_time(run_oracle, oracle_repeats if evals < 500_000 else 1)
        agree = "" if result["key"] == fast.key else "  DISAGREE"
        print(f"  {label:55} {evals:>10,} {fast_time * 1e6:>8.1f}us {oracle_time:>9.2f}s "
              f"{oracle_time / fast_time:>8.0f}x{agree}")


def bench_random_games(seconds: float) -> None:
    for players in (2, 3):
        games = moves = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds:
            rng = random.Random(games)
            state = RULES.setup(players, {}, games)
            while RULES.result(state) is None:
                seat = next(iter(RULES.active_players(state)))
                state, _ = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)).id)
                moves += 1
            games += 1
        elapsed = time.perf_counter() - start
        print(f"Random {players}-player games: {games / elapsed:.1f} games/s "
              f"({moves / games:.0f} moves/game, {elapsed / moves * 1e6:.0f} us per legal_actions+apply)")


def bench_ai(games: int) -> None:
    wins = ai_moves = 0
    ai_time = 0.0
    worst = 0.0
    for game in range(games):
        ai_seat = game % 2
        rng = random.Random(10_000 + game)
        state = RULES.setup(2, {"first_player": (game // 2) % 2}, 20_000 + game)
        while RULES.result(state) is None:
            seat = next(iter(RULES.active_players(state)))
            if seat == ai_seat:
                start = time.perf_counter()
                action = RULES.ai_choose(state, seat, game)
                spent = time.perf_counter() - start
                ai_time += spent
                worst = max(worst, spent)
                ai_moves += 1
            else:
                action = rng.choice(RULES.legal_actions(state, seat)).id
            state, _ = RULES.apply(state, seat, action)
        wins += RULES.result(state).winners == [ai_seat]
    print(f"AI vs random: {wins}/{games} = {wins / games:.1%} wins; "
          f"{ai_time / ai_moves * 1e3:.2f} ms per AI move on average, {worst * 1e3:.1f} ms at worst")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the oracle on positions above 200,000 evaluations")
    parser.add_argument("--oracle-repeats", type=int, default=3)
    args = parser.parse_args()
    bench_proof(args.oracle_repeats, args.quick)
    bench_random_games(3.0)
    bench_ai(200)


if __name__ == "__main__":
    main()
