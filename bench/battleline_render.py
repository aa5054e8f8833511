"""Battle Line render benchmark: median time and PNG size for boards and hands.

Run from the project root: `python -m bench.battleline_render [renders]` (default 50 of each).
It prints figures only; nothing here asserts on time.
"""
from __future__ import annotations

import statistics
import sys
import time

from render.battleline import render_board, render_hand
from tests.render import battleline_views as views

BOARD_VIEWS = [
    ("empty", views.empty_view, views.NAMES_2P),
    ("mid-game", views.midgame_view, views.NAMES_2P),
    ("claimed", views.claimed_view, views.NAMES_2P),
    ("fog+mud", views.fog_mud_view, views.NAMES_2P),
    ("finished", views.finished_view, views.NAMES_2P),
    ("3 players", views.three_player_view, views.NAMES_3P),
]
HAND_VIEWS = [
    ("hand of 9", views.hand_view, views.NAMES_2P),
    ("scout hand", views.scout_hand_view, views.NAMES_2P),
]


def measure(render, cases, total: int) -> tuple[list[float], dict[str, int]]:
    """Render `total` times, cycling through `cases`; times in ms and the PNG size per case."""
    built = [(label, make(), names) for label, make, names in cases]
    render(built[0][1], built[0][2])   # warm the font cache so the first render is not an outlier
    times: list[float] = []
    sizes: dict[str, int] = {}
    for i in range(total):
        label, view, names = built[i % len(built)]
        start = time.perf_counter()
        png = render(view, names)
        times.append((time.perf_counter() - start) * 1000)
        sizes[label] = len(png)
    return times, sizes


def report(title: str, times: list[float], sizes: dict[str, int]) -> None:
    print(f"{title}: {len(times)} renders, median {statistics.median(times):.1f} ms, "
          f"min {min(times):.1f} ms, max {max(times):.1f} ms")
    for label, size in sizes.items():
        print(f"  {label:<12} {size / 1024:7.1f} KB")


def main(argv: list[str]) -> None:
    total = int(argv[1]) if len(argv) > 1 else 50
    report("board", *measure(render_board, BOARD_VIEWS, total))
    report("hand", *measure(render_hand, HAND_VIEWS, total))


if __name__ == "__main__":
    main(sys.argv)
