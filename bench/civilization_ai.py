"""How the Civilization computer player wins: games between computer players only, N seeded games
per player count (2, 3, 4); printed per victory kind (culture R56, tech R87, economic R103, military
R122) how many games end by it, how many stall (no result within the move cap), turns per game, and
per game the goal each seat states (`ai.goal`, revised during the game: its goal at the end, and the
goals it held on the way) with the winner and the ending.
`--level easy|normal|hard` plays every seat at that level (engine/ai_levels.py; the goals printed
are the normal player's, which easy and hard build on).
Run: python -m bench.civilization_ai [--games N] [--first-seed S] [--players 2,3,4] [--level L] [--quiet]."""
from __future__ import annotations

import argparse
import random
import statistics
import time
from collections import Counter

from bench.civilization import victory_kind
from bench.common import print_decision_times
from engine import ai_levels
from engine.civilization import RULES, ai, flow, views

MOVE_CAP = 8000         # a game longer than this is reported as stalled
KINDS = ("culture", "tech", "economic", "military")


def how(state: dict) -> str:
    return victory_kind(state, "stalled")


def game(players: int, seed: int, times: list[float], level: str = "normal") -> tuple[dict, int, list[list[str]]]:
    """One game of computer players on every seat; the goals each seat stated, in order."""
    rng = random.Random(seed)
    state = RULES.setup(players, {}, seed)
    goals: list[list[str]] = [[] for _ in range(players)]
    moves = 0
    stated = getattr(ai, "goal", None)
    while not state.get("result") and moves < MOVE_CAP:
        seat = rng.choice(sorted(RULES.active_players(state)))
        start = time.perf_counter()
        action = ai_levels.choose(RULES, state, seat, rng.randrange(1 << 30), level)
        times.append(time.perf_counter() - start)
        assert action in flow.legal_ids(state, seat), (seat, action)
        if stated is not None and state.get("phase") == "start":
            g = stated(views.view(state, seat), seat)
            if not goals[seat] or goals[seat][-1] != g:
                goals[seat].append(g)
        state, _ = RULES.apply(state, seat, action)
        moves += 1
    return state, moves, goals


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=12, help="seeded games per player count")
    parser.add_argument("--first-seed", type=int, default=7000)
    parser.add_argument("--players", default="2,3,4")
    parser.add_argument("--level", default="normal", choices=("easy", "normal", "hard"))
    parser.add_argument("--quiet", action="store_true", help="no line per game")
    args = parser.parse_args()
    times: list[float] = []
    total: Counter = Counter()
    for players in [int(p) for p in args.players.split(",")]:
        ends: Counter = Counter()
        turns = []
        for k in range(args.games):
            seed = args.first_seed + 100 * players + k
            state, moves, goals = game(players, seed, times, args.level)
            end = how(state)
            ends[end] += 1
            turns.append(state["turn"])
            if not args.quiet:
                winners = state.get("result", {}).get("winners") if state.get("result") else None
                civs = [a.get("civ", "?") for a in state["seats"]]
                stated = "; ".join(f"seat {s} {civs[s]}: {'>'.join(g) if g else '-'}" for s, g in enumerate(goals))
                print(f"  {players}p seed {seed}: {end} by {winners} on turn {state['turn']} ({moves} moves); "
                      f"goals {stated}", flush=True)
        total.update(ends)
        row = ", ".join(f"{k} {ends[k]}" for k in KINDS + ("stalled", "other") if ends[k] or k in KINDS)
        print(f"{players} players, {args.games} games: {row}; turns {statistics.mean(turns):.1f} on average, "
              f"{max(turns)} at most", flush=True)
    row = ", ".join(f"{k} {total[k]}" for k in KINDS + ("stalled", "other") if total[k] or k in KINDS)
    print(f"All: {row}")
    print_decision_times(times, worst_digits=1)


if __name__ == "__main__":
    main()
