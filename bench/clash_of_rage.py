"""Speed and strength of the Clash of Rage engine: random games per second (2, 3 and 4 players) and
moves per game, the computer player's time per decision (median, p95), its wins against uniformly
random players (2 players over 200 games, both seatings; 3 and 4 players), that games between
computer players end, and the board and hand pictures' render time and PNG size over states
sampled from playouts. Run: python -m bench.clash_of_rage [--games N] (prints only)."""
from __future__ import annotations

import argparse
import statistics
import time

from bench import common
from bench.common import print_decision_times, render_costs
from engine.clash_of_rage import RULES, ai, flow, views

MOVE_CAP = 20000        # a game longer than this is reported as stalled


def random_game(players: int, seed: int, keep_every: int = 0) -> tuple[dict, int, list[dict]]:
    """A game of uniformly random legal moves; every `keep_every`-th state is kept as a sample."""
    return common.random_game(RULES, players, seed, keep_every, legal_ids=flow.legal_ids,
                              over=lambda state: bool(state.get("result")), cap=MOVE_CAP)


def bench_random_games(seconds: float) -> list[dict]:
    samples: list[dict] = []
    for players in (2, 3, 4):
        games = moves = rounds = 0
        start = time.perf_counter()
        while time.perf_counter() - start < seconds or games < 2:
            state, n, kept = random_game(players, 1000 * players + games, keep_every=150)
            samples += kept
            games += 1
            moves += n
            rounds += state["round"]
        elapsed = time.perf_counter() - start
        print(f"Random {players}-player games: {games / elapsed:.2f} games/s, {moves / games:.0f} moves and "
              f"{rounds / games:.1f} rounds per game, {elapsed / moves * 1e3:.2f} ms per move (legal ids + apply)")
    return samples


def ai_game(players: int, seed: int, ai_seats: set[int], times: list[float],
            samples: list[dict] | None = None) -> tuple[dict, int]:
    return common.ai_game(RULES, players, seed, ai_seats, times, choose=ai.choose, legal_ids=flow.legal_ids,
                          cap=MOVE_CAP, samples=samples)


def bench_ai(games: int, multi_games: int, ai_games: int, samples: list[dict]) -> None:
    times: list[float] = []
    wins = {0: 0, 1: 0}
    for seed in range(games):
        seat = 0 if seed < games // 2 else 1
        state, _ = ai_game(2, seed, {seat}, times)
        wins[seat] += common.won(state, {seat})
    total = wins[0] + wins[1]
    print(f"AI vs random, 2 players: {total}/{games} = {total / games:.1%} wins "
          f"(seat 0: {wins[0]}/{games // 2}, seat 1: {wins[1]}/{games - games // 2}; seeds 0..{games - 1})")
    for players in (3, 4):
        won = 0
        for seed in range(multi_games):
            seat = seed % players
            state, _ = ai_game(players, seed, {seat}, times)
            won += common.won(state, {seat})
        print(f"AI vs random, {players} players (one AI seat, rotating): {won}/{multi_games} = "
              f"{won / max(1, multi_games):.1%} wins")
    print_decision_times(times, worst_digits=1)
    for players in (2, 3, 4):
        lengths, stalled = [], 0
        for seed in range(ai_games):
            state, moves = ai_game(players, 500 + seed, set(range(players)), [],
                                   samples if players == 4 and seed < 3 else None)
            stalled += not state.get("result")
            lengths.append(state["round"])
        print(f"AI vs AI, {players} players: {ai_games - stalled}/{ai_games} games ended, "
              f"{statistics.mean(lengths):.1f} rounds on average, {max(lengths)} at most")


def bench_render(samples: list[dict]) -> None:
    try:
        from render.clash_of_rage import render_board, render_hand
    except ImportError as exc:
        print(f"render: skipped (render/clash_of_rage.py is not available: {exc})")
        return
    picked = samples[:: max(1, len(samples) // 16)][:16]
    names = [f"Player {i + 1}" for i in range(4)]
    for what, draw in (("board", lambda st: render_board(views.view(st, None), names[:st["players"]], "en")),
                       ("hand", lambda st: render_hand(views.view(st, 0), names[:st["players"]], "en"))):
        times, sizes = render_costs(draw, picked)
        print(f"render_{what}: median {statistics.median(times) * 1e3:.0f} ms over {len(picked)} states, "
              f"PNG {min(sizes) / 1024:.0f}-{max(sizes) / 1024:.0f} KB "
              f"(median {statistics.median(sizes) / 1024:.0f} KB)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200, help="2-player games of the AI against random moves")
    parser.add_argument("--multi-games", type=int, default=60, help="3- and 4-player games, one AI seat each")
    parser.add_argument("--ai-games", type=int, default=20, help="games between AIs per player count")
    parser.add_argument("--seconds", type=float, default=5.0, help="time spent on random games per player count")
    args = parser.parse_args()
    samples = bench_random_games(args.seconds)
    bench_ai(args.games, args.multi_games, args.ai_games, samples)
    bench_render(samples)


if __name__ == "__main__":
    main()
