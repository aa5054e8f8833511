"""Picture benchmark: CPU time and PNG size of every game's board and hand, at late-game states,
and the PNG level.

Run from the project root: `python -m bench.pictures [moves] [--games a,b] [--seeds N]`
(default: 20 moves of each state, the five games, 2 seeds).

The states: for each game and each player count of 2 and 4 (3 for Battle Line, which allows no
more), the state after 75 % of the moves of a seeded game of the engine's computer player on
every seat (bench/late.py), for `--seeds` seeds, and the states after each of its next `moves`
moves (fewer when the game ends first): boards and hands as full as a real game gets them. The
board is drawn from the public view; the hand is that of the seat that must act.

How a picture is timed: as the bot draws it, once after each move. The late state's picture is
drawn first, untimed (fonts loaded, and the parts it shares with the next pictures kept, as in
the bot's warmed-up workers after the previous move); then the picture of each following state
is drawn once and timed, in the order of the game: a part the renderer keeps (a sprite, a
map's ground, a civilization's block) is reused only when the move left it as it was, as in a
running match. Only the drawing is timed (the view drawn, mapped to the palette and
PNG-encoded: CPU time of this process); the states and views are made before, outside it.

For each picture (game, players, board or hand, English and Traditional Chinese) it prints the
median and the worst CPU milliseconds of one render over all the timed moves of all the
states, and the median and the largest PNG size in KB over them. Boards are held to the
budgets: a median of at most `BUDGET_MS` ms CPU and at most `BUDGET_KB` KB (every picture); the
verdict names what is over. Then, for one 2-player late board of each game, the encode time and
size at each zlib level of the whole picture at once (Pillow's writer: what a board costs when
none of its bands was kept, see `render.toolkit.png`), which is how `render.toolkit.PNG_LEVEL`
was chosen. It prints figures
only; nothing here asserts on time.
"""
from __future__ import annotations

import argparse
import io
import statistics
import time

from bench import late
from engine.registry import get as rules_for
from render import registry as renderers
from render import toolkit

BUDGET_MS, BUDGET_KB = 20, 150  # every board: median CPU, size
GAMES = ("battleline", "battalia", "skytear", "clash_of_rage", "civilization")
NAMES = ["Alice", "Bob", "Chandra", "Dmitri"]
LANGS = ("en", "zh-TW")
SEED = 20240601


def player_counts(game: str) -> list[int]:
    rules = rules_for(game)
    return sorted({max(rules.min_players, 2), min(4, rules.max_players)})


def cpu_ms(fn, *args) -> tuple[float, bytes]:
    start = time.process_time()
    out = fn(*args)
    return (time.process_time() - start) * 1000, out


def following(rules, late_state, moves: int, seat_of) -> list[dict]:
    """The views (`seat_of(state)`: whose; None for the public view) of the late state and of
    the states after each of its next `moves` moves, while the game goes on."""
    state, views = late_state.state, []
    for move in (None,) + late_state.rest[:moves]:
        if move is not None:
            state, _events = rules.apply(state, *move)
            if rules.result(state) is not None:
                break
        views.append(rules.view(state, seat_of(state)))
    return views


def measure(render, runs: list[list[dict]], names: list[str], lang: str) -> tuple[list[float], list[int]]:
    """CPU ms and PNG bytes of each picture after the first of each run of views (the first
    drawn untimed, as the previous move's picture was)."""
    times, sizes = [], []
    for views in runs:
        render(views[0], names, lang)
        for view in views[1:]:
            ms, png = cpu_ms(render, view, names, lang)
            times.append(ms)
            sizes.append(len(png))
    return times, sizes


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description="CPU and size of every board and hand, at late-game states.")
    parser.add_argument("moves", nargs="?", type=int, default=20,
                        help="moves after each late state whose pictures are timed")
    parser.add_argument("--games", default=",".join(GAMES), help="games, comma-separated (default: the five)")
    parser.add_argument("--seeds", type=int, default=2, help="late-game states per game and player count")
    args = parser.parse_args(argv)
    games = [g for g in args.games.split(",") if g]
    print(f"bench.pictures: the pictures after each of {args.moves} moves from each late state (each drawn once, "
          f"in the game's order); late states after {late.LATE:.0%} of seeded computer games ({args.seeds} per "
          f"game and player count); budget per board: median ≤ "
          f"{BUDGET_MS} ms CPU and ≤ {BUDGET_KB} KB", flush=True)
    print(f"{'picture':<44} {'median ms':>9} {'worst ms':>8} {'median KB':>9} {'max KB':>7}  board budget", flush=True)
    over = []
    boards_for_levels = {}
    for game in games:
        rules, module = rules_for(game), renderers.get(game)
        for players in player_counts(game):
            started = time.perf_counter()
            states = [late.late_game(game, players, SEED + i) for i in range(args.seeds)]
            where = ", ".join(f"move {s.move} of {s.length}" for s in states)
            print(f"  ({game}, {players} players: {where}; {time.perf_counter() - started:.0f} s to play)", flush=True)
            boards = [following(rules, s, args.moves, lambda state: None) for s in states]
            hands = [following(rules, s, args.moves, lambda state: min(rules.active_players(state) or {0}))
                     for s in states]
            boards_for_levels.setdefault(game, (module, boards[0][0], NAMES[:players]))
            for kind, runs, render in (("board", boards, module.render_board), ("hand", hands, module.render_hand)):
                for lang in LANGS:
                    times, sizes = measure(render, runs, NAMES[:players], lang)
                    median, worst = statistics.median(times), max(times)
                    kb_median, kb_max = statistics.median(sizes) / 1024, max(sizes) / 1024
                    verdict = ""
                    if kind == "board":
                        problems = ([f"median {median:.1f} ms > {BUDGET_MS} ms"] if median > BUDGET_MS else []) + \
                                   ([f"{kb_max:.1f} KB > {BUDGET_KB} KB"] if kb_max > BUDGET_KB else [])
                        verdict = "ok" if not problems else "OVER: " + ", ".join(problems)
                        if problems:
                            over.append(f"{game} {players}p {lang}")
                    label = f"{game} {kind}, {players} players ({lang})"
                    print(f"{label:<44} {median:9.1f} {worst:8.1f} {kb_median:9.1f} {kb_max:7.1f}  {verdict}",
                          flush=True)
    print(f"boards over budget: {len(over)}" + (f" ({'; '.join(over)})" if over else ""), flush=True)
    print()
    print("PNG zlib level (the board as drawn, 8-bit palette, 2 players, late game, the whole picture by "
          "Pillow's writer): encode ms, KB", flush=True)
    for game, (module, view, names) in boards_for_levels.items():
        mapped = _paletted(module, view, names)
        if mapped is None:
            print(f"  {game:<14} n/a (the drawing module does not encode through render.toolkit)", flush=True)
            continue
        row = []
        for level in (0, 1, 2, 3, 6, 9):
            times, size = [], 0
            for _ in range(max(3, args.moves // 4)):
                buf = io.BytesIO()
                start = time.process_time()
                mapped.save(buf, format="PNG", compress_level=level)
                times.append((time.process_time() - start) * 1000)
                size = buf.tell()
            row.append(f"{level}: {statistics.median(times):5.1f} ms {size / 1024:6.1f} KB")
        print(f"  {game:<14} " + " | ".join(row), flush=True)
    print(f"chosen: level {toolkit.PNG_LEVEL}", flush=True)


def _paletted(module, view, names):
    """The board as drawn and mapped to its palette, before the PNG encoding (caught at
    render.toolkit.png, through which every drawing module's Palette.png encodes)."""
    caught = {}
    real = toolkit.png

    def catch(img, level=toolkit.PNG_LEVEL):
        caught.setdefault("img", img.copy())
        return real(img, level)
    toolkit.png = catch
    try:
        module.render_board(view, names, "en")
    finally:
        toolkit.png = real
    return caught.get("img")


if __name__ == "__main__":
    main()
