"""Picture benchmark: CPU time and PNG size of every game's board and hand, and the PNG level.

Run from the project root: `python -m bench.pictures [renders]` (default 30 of each).

For each picture (Battle Line and Battalia, in English and Traditional Chinese) it prints the
median and worst CPU milliseconds of a render in this process (drawing, palette mapping and PNG
encoding) and the PNG's size; then, for one Battle Line board and one Battalia board, the cost
and size of each zlib level, which is how `render.toolkit.PNG_LEVEL` was chosen. It prints figures
only; nothing here asserts on time.
"""
from __future__ import annotations

import io
import statistics
import sys
import time

from engine.battalia import RULES as BATTALIA
from render import battalia, battleline, toolkit
from tests.battalia.playouts import computer_playout
from tests.render import battleline_views as views

BUDGET_MS, BUDGET_KB = 20, 300  # every board: median CPU and size


def battalia_state(players: int = 4, seed: int = 4, moves: int = 300) -> dict:
    """A Battalia game played a while by the computer players (the board fills up)."""
    return computer_playout(players, seed, moves)


def cases():
    state = battalia_state()
    names4 = ["Alice", "Bob", "Chandra", "Dmitri"]
    for lang in ("en", "zh-TW"):
        yield f"Battle Line board, mid-game ({lang})", "board", battleline.render_board, views.midgame_view(), \
            views.NAMES_2P, lang
        yield f"Battle Line board, 3 players ({lang})", "board", battleline.render_board, \
            views.three_player_view(), views.NAMES_3P, lang
        yield f"Battle Line hand ({lang})", "hand", battleline.render_hand, views.hand_view(), views.NAMES_2P, lang
        yield f"Battalia board, 4 players ({lang})", "board", battalia.render_board, \
            BATTALIA.view(state, None), names4, lang
        yield f"Battalia hand ({lang})", "hand", battalia.render_hand, BATTALIA.view(state, 0), names4, lang


def cpu_ms(fn, *args) -> tuple[float, object]:
    start = time.process_time()
    out = fn(*args)
    return (time.process_time() - start) * 1000, out


def main(argv: list[str]) -> None:
    total = int(argv[1]) if len(argv) > 1 else 30
    print(f"{'picture':<40} {'median ms':>9} {'max ms':>7} {'KB':>6}  budget (boards: {BUDGET_MS} ms, "
          f"{BUDGET_KB} KB)")
    for label, kind, render, view, names, lang in cases():
        render(view, names, lang)  # fonts and parts cached, as in a running bot
        times, png = [], b""
        for _ in range(total):
            ms, png = cpu_ms(render, view, names, lang)
            times.append(ms)
        median = statistics.median(times)
        within = "" if kind != "board" else (
            "ok" if median <= BUDGET_MS and len(png) <= BUDGET_KB * 1024 else "OVER")
        print(f"{label:<40} {median:9.1f} {max(times):7.1f} {len(png) / 1024:6.1f}  {within}")
    print()
    print("PNG zlib level (8-bit palette picture): encode ms, KB")
    for label, module, render, view, names in (
            ("Battle Line board", battleline, battleline.render_board, views.midgame_view(), views.NAMES_2P),
            ("Battalia board", battalia, battalia.render_board, BATTALIA.view(battalia_state(), None), None)):
        mapped = module.PALETTE.apply(_rgb(module, render, view, names))
        row = []
        for level in (0, 1, 2, 3, 6, 9):
            times, size = [], 0
            for _ in range(max(3, total // 5)):
                buf = io.BytesIO()
                start = time.process_time()
                mapped.save(buf, format="PNG", compress_level=level)
                times.append((time.process_time() - start) * 1000)
                size = buf.tell()
            row.append(f"{level}: {statistics.median(times):5.1f} ms {size / 1024:6.1f} KB")
        print(f"  {label:<18} " + " | ".join(row))
    print(f"chosen: level {toolkit.PNG_LEVEL}")


def _rgb(module, render, view, names):
    """The picture as drawn, before its palette and encoding."""
    caught = {}
    real = module.PALETTE.png
    module.PALETTE.png = lambda img, level=toolkit.PNG_LEVEL: caught.setdefault("img", img.copy()) and b""
    try:
        render(view, names, "en")
    finally:
        module.PALETTE.png = real
    return caught["img"]


if __name__ == "__main__":
    main(sys.argv)
