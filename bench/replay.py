"""Replay GIF benchmark: the longest computer-vs-computer game of each game that a few seeds give,
replayed the way `/match replay` has its render worker make it (cogs.pictures `_replay`), from
the match's `ReplaySource` (matches/history.py, the game's log held in memory): `turns()` (the
log walked once: the owners of every board, and the public views of the boards where the owner
changes kept for the drawing), then render.replay (one frame per turn, at most MAX_FRAMES boards
drawn one at a time as pictures, not PNGs (`render.replay.unencoded`), the GIF written as it
goes, within the replay's time budget). The times and the CPU cover all of it, the walk
included; the line says how many times the log was walked, and whether the GIF was made in one
pass (each board written as it is drawn) or in two (the boards drawn, then written: boards in
different palettes, or a GIF too large for the upload at full size).

The games: Battle Line plays a series to 15 points (a won game scores 5, so at least three games);
Battalia, Skytear, Clash of Rage and Civilization play two players. The game is a seeded game of
the engine's computer player on both seats (bench/late.py's `computer_game`). Each replay runs in
a fresh subprocess, twice: once plain, for the time, and once under tracemalloc, for the memory.

Printed per game and run: moves and turns; the frames done of the frames wanted (one per turn,
at most MAX_FRAMES, spread over the game) and, when that is fewer, WHY the replay stopped short: the time budget
(`render.replay.TIME_BUDGET`, 90 s; `--budget` changes it for both runs) ran out after so many
boards were drawn (only the last board is drawn after that), and/or frames were left out so the
GIF fits Discord's upload (`SIZE_LIMIT`); seconds (wall and CPU), GIF size, scale; and the memory:
  - tracemalloc peak: Python allocations during the replay (view dicts, PNG bytes, the GIF);
  - RSS growth: the subprocess's max resident set (ru_maxrss) after the replay minus before it,
    which includes Pillow's image buffers (the game is played before "before");
  - max RSS: the subprocess's whole max resident set, interpreter and game included.
tracemalloc slows Python down several times, so the memory run may hit the time budget where
the plain run does not: its figures are then those of the boards it drew, which it says.

Run from the project root: `python -m bench.replay [battleline|battalia|skytear|clash_of_rage|civilization ...]
[--seeds N] [--budget SECONDS]`. It prints figures only; nothing here asserts on time.
"""
from __future__ import annotations

import gc
import json
import resource
import subprocess
import sys
import time
import tracemalloc

from bench.late import computer_game
from engine.registry import get as rules_for
from render.replay import MAX_FRAMES, turn_boards

GAMES = {
    "battleline": {"options": {"series_target": 15}, "seeds": 4},
    "battalia": {"options": {}, "seeds": 6},
    "skytear": {"options": {}, "seeds": 4},
    "clash_of_rage": {"options": {}, "seeds": 4},
    "civilization": {"options": {}, "seeds": 3},
}
NAMES = ["alice", "bob"]
PASSES = {1: "one pass (each board written as drawn)", 2: "two passes (boards drawn, then written)"}


def play(game: str, options: dict, seed: int) -> list[tuple[int, str]]:
    """A whole game of the engines' own computer player: the (seat, action) log."""
    log, _finished = computer_game(game, 2, seed, options)
    return log


def turns_of(game: str, options: dict, seed: int, log: list[tuple[int, str]]) -> list[int]:
    """The boards a replay shows: where the moment owner changes (render.replay.turn_boards)."""
    rules = rules_for(game)
    state = rules.setup(2, dict(options), seed)
    owners = [rules.moment(state).owner]
    for seat, action in log:
        state, _ = rules.apply(state, seat, action)
        owners.append(rules.moment(state).owner)
    return turn_boards(owners)


def source_of(game: str, options: dict, seed: int, log: list[tuple[int, str]], passes: list[int]):
    """The match as `/match replay` hands it to the render worker (matches/history.py's
    `ReplaySource`), each walk of its log noted in `passes`."""
    from matches import history
    from matches.history import ReplaySource

    if not getattr(history.walk_log, "counted", False):
        walk = history.walk_log

        def counted(*args, **kwargs):
            passes.append(0)
            return walk(*args, **kwargs)
        counted.counted = True
        history.walk_log = counted
    rows = tuple((number, seat, action, 0.0) for number, (seat, action) in enumerate(log, 1))
    return ReplaySource(game, dict(options), seed, 2, None, rows)


def child(game: str, seed: int, options: dict, trace: bool, budget: float | None) -> dict:
    from render import registry as renderers
    from render import replay as replays

    log = play(game, options, seed)
    render_board = replays.unencoded(renderers.get(game).render_board)  # as cogs.pictures._replay draws
    budget = replays.TIME_BUDGET if budget is None else budget
    passes: list[int] = []  # one entry per walk of the log; its count of boards drawn
    drawn: list[int] = []   # boards drawn
    clock_state = {"deadline": None, "late": False}

    def clock() -> float:  # the replay's own clock (time.monotonic), watched: did the budget run out?
        now = time.monotonic()
        if clock_state["deadline"] is None:
            clock_state["deadline"] = now + budget  # the replay's first reading sets its deadline
        elif now > clock_state["deadline"]:
            clock_state["late"] = True
        return now

    def draw(view):
        drawn.append(1)
        return render_board(view, NAMES)

    turns_wanted = turns_of(game, options, seed, log)
    planned = len(replays.spread(len(turns_wanted), replays.MAX_FRAMES))
    source = source_of(game, options, seed, log, passes)

    def make():  # what the render worker does (cogs.pictures._replay): the owners and the turn views, then the GIF
        owners, kept = source.turns()
        return replays.replay(source.boards, lambda numbers: source.views(numbers, kept), draw, budget=budget,
                              clock=clock, turns=turn_boards(owners))

    gc.collect()
    rss_before = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    if trace:
        tracemalloc.start()
    wall, cpu = time.perf_counter(), time.process_time()
    made = make()
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    peak = tracemalloc.get_traced_memory()[1] if trace else None
    rss_after = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return {"moves": len(log), "turns": len(turns_wanted), "frames": made.frames, "boards": made.boards, "planned": planned,
            "drawn_first": min(len(drawn), planned), "drawn_again": max(0, len(drawn) - planned),
            "walks": len(passes), "out_of_time": clock_state["late"],
            "budget": budget, "limit": replays.SIZE_LIMIT, "scale": made.scale, "passes": made.passes,
            "gif": len(made.gif), "wall": wall, "cpu": cpu, "traced_peak": peak,
            "rss_growth": (rss_after - rss_before) * 1024, "max_rss": rss_after * 1024}


def run_child(game: str, seed: int, options: dict, trace: bool, budget: float | None) -> dict:
    command = [sys.executable, "-m", "bench.replay", "--child", game, str(seed), json.dumps(options),
               "" if budget is None else str(budget)]
    out = subprocess.run(command + (["--trace"] if trace else []), check=True, capture_output=True, text=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def shown(run: dict) -> str:
    """"120 of 120 frames wanted done (complete)", or how many and why the replay stopped short."""
    head = f"{run['frames']} of {run['planned']} frames wanted done"
    if run["frames"] >= run["planned"]:
        return head + " (complete)"
    why = []
    if run["out_of_time"]:
        why.append(f"STOPPED AT ITS TIME BUDGET ({run['budget']:g} s) after drawing {run['drawn_first']} of "
                   f"the {run['planned']} frames wanted, then only the last one")
        if run["frames"] < run["drawn_first"]:
            why.append(f"{run['drawn_first'] - run['frames']} of the frames drawn not put in the GIF (out of time, "
                       f"or to fit the {run['limit'] / 2**20:.0f} MiB upload)")
    else:
        why.append(f"STOPPED SHORT: frames left out to fit the {run['limit'] / 2**20:.0f} MiB upload")
    return f"{head} — " + "; and ".join(why)


def main(argv: list[str]) -> None:
    if argv[1:2] == ["--child"]:
        game, seed, options = argv[2], int(argv[3]), json.loads(argv[4])
        budget = float(argv[5]) if len(argv) > 5 and argv[5] not in ("", "--trace") else None
        print(json.dumps(child(game, seed, options, "--trace" in argv, budget)))
        return
    seeds = int(argv[argv.index("--seeds") + 1]) if "--seeds" in argv else None
    budget = float(argv[argv.index("--budget") + 1]) if "--budget" in argv else None
    games = [a for a in argv[1:] if a in GAMES] or list(GAMES)
    mib = 2 ** 20
    for game in games:
        options = GAMES[game]["options"]
        lengths = {seed: len(play(game, options, seed)) for seed in range(1, (seeds or GAMES[game]["seeds"]) + 1)}
        seed = max(lengths, key=lengths.get)
        plain, traced = run_child(game, seed, options, False, budget), run_child(game, seed, options, True, budget)
        print(f"{game}{' ' + json.dumps(options) if options else ''} seed {seed} (longest of seeds "
              f"{sorted(lengths)}): {plain['moves']} moves, {plain['boards']} boards, {plain['turns']} turns in "
              f"the game; {plain['planned']} frames wanted (one per turn, at most {MAX_FRAMES}), time budget "
              f"{plain['budget']:g} s per replay", flush=True)
        print(f"  plain run: {shown(plain)}; {PASSES[plain['passes']]}; scale {plain['scale']:.2f}; {plain['wall']:.1f} s "
              f"({plain['cpu']:.1f} s CPU, the log walked {plain['walks']} time(s)); GIF {plain['gif'] / mib:.2f} MiB; RSS growth "
              f"{plain['rss_growth'] / mib:.0f} MiB; max RSS {plain['max_rss'] / mib:.0f} MiB", flush=True)
        partial = "" if traced["frames"] >= traced["planned"] else \
            f" (of the {traced['drawn_first'] + traced['drawn_again']} boards it drew, not of a whole replay)"
        print(f"  memory run (under tracemalloc): {shown(traced)}; {traced['wall']:.1f} s; tracemalloc peak "
              f"{traced['traced_peak'] / mib:.1f} MiB{partial}; RSS growth {traced['rss_growth'] / mib:.0f} MiB; "
              f"max RSS {traced['max_rss'] / mib:.0f} MiB", flush=True)


if __name__ == "__main__":
    main(sys.argv)
