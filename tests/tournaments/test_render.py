"""Structural checks on the tournament pictures."""
from __future__ import annotations

import io
import random

from PIL import Image

from render.tournament import render_bracket, render_standings
from tournaments.standings import compute_standings
from tournaments.state import bracket, is_finished, new_tournament, next_round, record_winner

LIMIT = 300 * 1024


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def rows_for(n):
    results = [{"players": [f"p{i}", f"p{i + 1}"], "ranks": [1, 2]} for i in range(0, n - 1, 2)]
    return compute_standings(results, [f"p{i}" for i in range(n)])


def test_standings_png_decodes_and_grows_with_rows():
    small = decode(render_standings(rows_for(4), "Standings"))
    big_png = render_standings(rows_for(40), "Standings", {"p0": "A very long display name " * 3})
    big = decode(big_png)
    assert small.format == "PNG" and big.format == "PNG"
    assert big.height > small.height
    assert small.width == big.width
    assert len(big_png) < LIMIT


def test_empty_standings_render():
    img = decode(render_standings([], "Nothing yet"))
    assert img.width > 0 and img.height > 0


def bracket_png(n, seed=1):
    rng = random.Random(seed)
    t = new_tournament("single_elimination", [f"p{i}" for i in range(n)])
    while not is_finished(t):
        for m in next_round(t):
            if not m.bye:
                record_winner(t, m.id, rng.choice(m.players))
    names = {f"p{i}": f"Player {i}" for i in range(n)}
    return render_bracket(bracket(t), names, f"{n} players")


def test_bracket_png_decodes_and_scales():
    small_png, big_png = bracket_png(4), bracket_png(29)
    small, big = decode(small_png), decode(big_png)
    assert big.height > small.height and big.width > small.width
    assert len(big_png) < LIMIT


def test_unstarted_bracket_renders():
    t = new_tournament("single_elimination", ["a", "b", "c"])
    img = decode(render_bracket(bracket(t), {}, "Not started"))
    assert img.height > 0
