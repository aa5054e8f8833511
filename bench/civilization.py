"""Speed and strength of the Civilization engine: random games per second (2, 3 and 4 players) with
moves and turns per game and how they end, the computer player's time per decision (median, p95),
its wins against a uniformly random player (2 players over 100 games, 50 in each seat; 3 and 4
players with one AI seat), games between computer players (how many end, turns per game), and the
computer player against its stage-1 self (the same player blind to card abilities, culture event
cards and trade offers: 2 players, 100 games, 50 in each seat).
Run: python -m bench.civilization [--games N] [--stage1-games N] [--only-stage1] (prints only)."""
from __future__ import annotations

import argparse
import statistics
import time
from collections import Counter

from bench import common
from bench.common import print_decision_times
from engine.civilization import RULES, ai, flow

MOVE_CAP = 6000         # a game longer than this is reported as unfinished


def victory_kind(state: dict, none: str = "unfinished") -> str:
    """How a game ended (culture, tech, economic, military), `none` when it has not."""
    r = state.get("result")
    if not r:
        return none
    msg = r.get("reason", {}).get("msg", "")
    for key, name in (("culture", "culture"), ("Space Flight", "tech"), ("economic", "economic"),
                      ("capital", "military")):
        if key in msg:
            return name
    return "other"


def random_game(players: int, seed: int) -> tuple[dict, int]:
    state, moves, _ = common.random_game(RULES, players, seed, legal_ids=flow.legal_ids,
                                         over=lambda st: bool(st.get("result")), cap=MOVE_CAP)
    return state, moves


def bench_random_games(seconds: float) -> None:
    for players in (2, 3, 4):
        games = moves = turns = 0
        ends: Counter = Counter()
        start = time.perf_counter()
        while time.perf_counter() - start < seconds or games < 2:
            state, n = random_game(players, 1000 * players + games)
            games += 1
            moves += n
            turns += state["turn"]
            ends[victory_kind(state)] += 1
        elapsed = time.perf_counter() - start
        print(f"Random {players}-player games (cap {MOVE_CAP} moves): {games / elapsed:.3f} games/s, "
              f"{moves / games:.0f} moves and {turns / games:.1f} turns per game, "
              f"{elapsed / moves * 1e3:.2f} ms per move (legal ids + apply); endings {dict(ends)}")


def ai_game(players: int, seed: int, ai_seats: set[int], times: list[float]) -> tuple[dict, int]:
    return common.ai_game(RULES, players, seed, ai_seats, times, choose=ai.choose, legal_ids=flow.legal_ids,
                          cap=MOVE_CAP)


def bench_ai(games: int, multi_games: int, ai_games: int) -> None:
    times: list[float] = []
    wins = {0: 0, 1: 0}
    turns, moves, ends = [], [], Counter()
    for seed in range(games):
        seat = 0 if seed < games // 2 else 1
        state, n = ai_game(2, seed, {seat}, times)
        wins[seat] += common.won(state, {seat})
        turns.append(state["turn"])
        moves.append(n)
        ends[victory_kind(state)] += 1
    total = wins[0] + wins[1]
    print(f"AI vs random, 2 players: {total}/{games} wins (seat 0: {wins[0]}/{games // 2}, "
          f"seat 1: {wins[1]}/{games - games // 2}; seeds 0..{games - 1}, cap {MOVE_CAP} moves); "
          f"{statistics.mean(turns):.1f} turns (at most {max(turns)}) and {statistics.mean(moves):.0f} moves "
          f"per game; endings {dict(ends)}")
    for players in (3, 4):
        won = 0
        for seed in range(multi_games):
            seat = seed % players
            state, _ = ai_game(players, seed, {seat}, times)
            won += common.won(state, {seat})
        print(f"AI vs random, {players} players (one AI seat, rotating): {won}/{multi_games} wins")
    print_decision_times(times, worst_digits=1)
    for players in (2, 3, 4):
        lengths, stalled, ends = [], 0, Counter()
        for seed in range(ai_games):
            state, _ = ai_game(players, 500 + seed, set(range(players)), [])
            stalled += not state.get("result")
            lengths.append(state["turn"])
            ends[victory_kind(state)] += 1
        print(f"AI vs AI, {players} players: {ai_games - stalled}/{ai_games} games ended with a winner, "
              f"{statistics.mean(lengths):.1f} turns on average, {max(lengths)} at most; endings {dict(ends)}")


def bench_against_stage1(games: int) -> None:
    """The computer player using its cards against the same player blind to them (stage 1)."""
    if games <= 0:
        return
    times: list[float] = []
    wins, ends, turns = 0, Counter(), []
    for seed in range(games):
        strong = seed % 2

        def choose(state, seat, s, strong=strong):
            return ai.choose(state, seat, s, cards=seat == strong)

        state, _ = common.ai_game(RULES, 2, 1000 + seed, {0, 1}, times, choose=choose,
                                  legal_ids=flow.legal_ids, cap=MOVE_CAP)
        wins += common.won(state, {strong})
        ends[victory_kind(state)] += 1
        turns.append(state["turn"])
    print(f"AI with its cards vs its stage-1 self, 2 players: {wins}/{games} wins ({100 * wins / games:.0f}%, "
          f"alternating seats; seeds 1000..{999 + games}); {statistics.mean(turns):.1f} turns per game; "
          f"endings {dict(ends)}")
    print_decision_times(times, worst_digits=1)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=100, help="2-player games of the AI against random moves")
    parser.add_argument("--multi-games", type=int, default=12, help="3- and 4-player games, one AI seat each")
    parser.add_argument("--ai-games", type=int, default=6, help="games between AIs per player count")
    parser.add_argument("--seconds", type=float, default=20.0, help="time spent on random games per player count")
    parser.add_argument("--stage1-games", type=int, default=100, help="2-player games against the stage-1 AI")
    parser.add_argument("--only-stage1", action="store_true", help="only the games against the stage-1 AI")
    args = parser.parse_args()
    if not args.only_stage1:
        bench_random_games(args.seconds)
        bench_ai(args.games, args.multi_games, args.ai_games)
    bench_against_stage1(args.stage1_games)


if __name__ == "__main__":
    main()
