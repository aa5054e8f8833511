"""Speed and strength of the Skytear engine: random games per second (1v1, 2v2) and moves per
game, the computer player's time per decision (median, p95) and its win rate against a uniformly
random player (1v1, both seatings), and the board and hand pictures' render time and PNG size over
states sampled from playouts. Run: python -m bench.skytear [--games N] (prints only)."""
from __future__ import annotations

import argparse
import random
import statistics
import time

from bench import common
from bench.common import print_decision_times, render_costs, timed_choice
from engine.skytear import RULES, ai, views


def random_game(players: int, seed: int, keep_every: int = 0) -> tuple[dict, int, list[dict]]:
    """A game of uniformly random legal moves; every `keep_every`-th state is kept as a sample."""
    return common.random_game(RULES, players, seed, keep_every)


def bench_random_games(seconds: float) -> list[dict]:
    samples: list[dict] = []
    for players, name in ((2, "1v1"), (4, "2v2")):
        games = moves = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds or games < 2:
            _, n, kept = random_game(players, 1000 * players + games, keep_every=40)
            samples += kept
            games += 1
            moves += n
        elapsed = time.perf_counter() - start
        print(f"Random {name} games: {games / elapsed:.2f} games/s, {moves / games:.0f} moves per game, "
              f"{elapsed / moves * 1e3:.2f} ms per move (legal actions + apply)")
    return samples


def ai_game(seed: int, ai_side: int, players: int, times: list[float]) -> bool:
    """The computer player on one side, uniformly random moves on the other; whoever is asked
    acts in a random order, as players answer a chat."""
    rng = random.Random(seed)
    state = RULES.setup(players, {}, seed)
    while RULES.result(state) is None:
        seat = rng.choice(sorted(RULES.active_players(state)))
        if seat in state["sides"][ai_side]:
            action = timed_choice(ai.choose, state, seat, rng.randrange(1 << 30), times)
        else:
            action = ai.choose(state, seat, rng.randrange(1 << 30), "random")
        state, _ = RULES.apply(state, seat, action)
    return RULES.result(state).winners == list(state["sides"][ai_side])


def bench_ai(games: int, team_games: int) -> None:
    times: list[float] = []
    wins = sum(ai_game(seed, seed % 2, 2, times) for seed in range(games))
    team_wins = sum(ai_game(10_000 + seed, seed % 2, 4, times) for seed in range(team_games))
    print_decision_times(times, worst_digits=0)
    print(f"AI vs random, 1v1: {wins}/{games} = {wins / games:.1%} wins (both seatings)")
    if team_games:
        print(f"AI team vs random team, 2v2: {team_wins}/{team_games} = {team_wins / team_games:.1%} wins")


def bench_render(samples: list[dict]) -> None:
    try:
        from render.skytear import render_board, render_hand
    except ImportError:
        return
    picked = samples[:: max(1, len(samples) // 12)][:12]
    for what, draw in (("board", lambda st: render_board(views.view(st, None), [])),
                       ("hand", lambda st: render_hand(views.view(st, 0), []))):
        times, sizes = render_costs(draw, picked)
        print(f"render_{what}: median {statistics.median(times) * 1e3:.0f} ms over {len(picked)} states, "
              f"PNG median {statistics.median(sizes) / 1024:.0f} KB, max {max(sizes) / 1024:.0f} KB")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="1v1 games of the AI against random moves")
    parser.add_argument("--team-games", type=int, default=20, help="2v2 games of an AI team against random moves")
    parser.add_argument("--seconds", type=float, default=5.0, help="time spent on random games per format")
    args = parser.parse_args()
    samples = bench_random_games(args.seconds)
    bench_ai(args.games, args.team_games)
    bench_render(samples)


if __name__ == "__main__":
    main()
