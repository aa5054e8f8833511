"""Battalia's computer player: how its games end. Seeded games per pairing (computer against
computer, computer against random play) for 2, 3 and 4 players; prints the games, the endings by
kind (R119 board full, R121 five level-4 cities, the stall guard), weeks and moves per game, and the
median / p95 thinking time (CPU time) of a computer move. Prints only; asserts nothing.

Run: python -m bench.battalia_ai [--games 200] [--players 2,3,4] [--pairings cc,cr] [--jobs 2]

Pairings: cc (computer against computer at normal), cr (the computer against random play), and
the platform's levels (engine/ai_levels.py) seat by seat: nn (normal and normal), ne (normal and
easy), ee (easy and easy), hn (hard and normal), e.g. --pairings nn,ne,ee --players 2.

Every seat of these games is a computer (random play is a computer player too), so they are
set up with every seat named a computer seat (setup.computer_only): the stall guard
(turns.stall_guard_rounds) is on, and a game that runs to it counts as a stalled game."""
from __future__ import annotations

import argparse
import random
import statistics
import time
from concurrent.futures import ProcessPoolExecutor

from engine import ai_levels
from engine.base import copy_state
from engine.battalia import RULES, actions
from engine.battalia.setup import computer_only

KINDS = ("board full (R119)", "level-4 cities (R121)", "week limit (R133)", "stall guard", "other")


def ending(state: dict) -> str:
    key = str(state["result"]["reason"])
    if "board is full" in key:
        return KINDS[0]
    if "level-4 cit" in key:
        return KINDS[1]
    if "-week limit" in key:
        return KINDS[2]
    if "safety cap" in key or "stall guard" in key or "round limit" in key:
        return KINDS[3]
    return KINDS[4]


def random_move(state: dict, seat: int, rng: random.Random) -> str:
    """Random play as the tests play it: a random legal move, ending the turn only now and then."""
    ids = [a.id for a in RULES.legal_actions(state, seat)]
    non_end = [i for i in ids if i != "end"]
    return rng.choice(non_end) if non_end and rng.random() < 0.85 else rng.choice(ids)


def make(state: dict, seat: int, action: str) -> dict:
    """The move on a copy, without listing the legal moves again to check it (RULES.apply does;
    here every move comes from the legal list or the computer player, whose legality the tests
    check): a third of the time of a move saved."""
    new = copy_state(state)
    actions.apply_action(new, seat, action, actions.Events(new))
    return new


def game(args: tuple[int, int, str]) -> tuple[str, int, int, list[float], bool, bool]:
    """One seeded game: (ending, weeks, moves, thinking seconds of the computer moves, whether a
    computer seat won, whether a seat of the pairing's first level won)."""
    n, seed, pairing = args
    rng = random.Random(seed)
    levels = LEVELS.get(pairing)
    computers = set(range(n)) if pairing == "cc" or levels else {s for s in range(n) if s % 2 == seed % 2}
    state = RULES.setup(n, computer_only(n), seed)
    moves, times = 0, []
    while RULES.result(state) is None:
        (seat,) = RULES.active_players(state)
        if seat in computers:
            t0 = time.process_time()  # CPU time: the machine's other load does not count
            if levels:  # the first level on the seats of the seed's parity, the second on the others
                level = levels[(seat + seed) % 2]
                action = ai_levels.choose(RULES, state, seat, rng.randrange(1 << 30), level)
            else:
                action = RULES.ai_choose(state, seat, rng.randrange(1 << 30))
            times.append(time.process_time() - t0)
        else:
            action = random_move(state, seat, rng)
        state = make(state, seat, action)
        moves += 1
    weeks = (state["round"] + 6) // 7
    won = bool(set(state["result"]["winners"]) & computers)
    first = bool(levels) and any((w + seed) % 2 == 0 for w in state["result"]["winners"])
    return ending(state), weeks, moves, times, won, first


LEVELS = {"nn": ("normal", "normal"), "ne": ("normal", "easy"), "ee": ("easy", "easy"), "hn": ("hard", "normal")}


def pct(xs: list[float], q: float) -> float:
    xs = sorted(xs)
    return xs[min(len(xs) - 1, int(q * len(xs)))] if xs else 0.0


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", default="2,3,4")
    ap.add_argument("--pairings", default="cc,cr")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--progress", type=int, default=0, help="print the endings so far every N games")
    a = ap.parse_args()
    names = {"cc": "computer vs computer", "cr": "computer vs random",
             **{k: f"{a} vs {b}" for k, (a, b) in LEVELS.items()}}
    with ProcessPoolExecutor(a.jobs) as pool:
        for pairing in a.pairings.split(","):
            for n in map(int, a.players.split(",")):
                t0 = time.perf_counter()
                jobs = [(n, a.seed * 100000 + n * 1000 + g, pairing) for g in range(a.games)]
                out = []
                for o in pool.map(game, jobs, chunksize=4):
                    out.append(o)
                    if a.progress and len(out) % a.progress == 0 and len(out) < len(jobs):
                        so_far = {k: sum(1 for x in out if x[0] == k) for k in KINDS}
                        print(f"  ({names[pairing]}, {n} players: {len(out)} games so far: "
                              + ", ".join(f"{k} {v}" for k, v in so_far.items() if v) + ")", flush=True)
                kinds = {k: sum(1 for o in out if o[0] == k) for k in KINDS}
                weeks = [o[1] for o in out]
                moves = [o[2] for o in out]
                times = [t for o in out for t in o[3]]
                wins = sum(1 for o in out if o[4])
                print(f"{names[pairing]}, {n} players: {len(out)} games in {time.perf_counter() - t0:.0f} s")
                print("  endings: " + ", ".join(f"{k} {v}" for k, v in kinds.items() if v))
                print(f"  weeks per game: median {statistics.median(weeks):.0f}, max {max(weeks)}; "
                      f"moves per game: median {statistics.median(moves):.0f}, p95 {pct(moves, 0.95):.0f}")
                print(f"  thinking (CPU): median {statistics.median(times) * 1000:.2f} ms, "
                      f"p95 {pct(times, 0.95) * 1000:.2f} ms, max {max(times) * 1000:.1f} ms "
                      f"({len(times)} computer moves)")
                stalled = [j[1] for j, o in zip(jobs, out) if o[0] == KINDS[3]]
                if stalled:
                    print(f"  stalled seeds: {stalled[:12]}")
                if pairing == "cr":
                    print(f"  a computer seat among the winners: {wins} of {len(out)}")
                if pairing in LEVELS and LEVELS[pairing][0] != LEVELS[pairing][1]:
                    first = sum(1 for o in out if o[5])
                    print(f"  {LEVELS[pairing][0]} among the winners: {first} of {len(out)}")


if __name__ == "__main__":
    main()
