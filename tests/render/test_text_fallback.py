"""The text fallback picture: a game without its own renderer is still drawn."""
from __future__ import annotations

import io

from PIL import Image

from render import registry, text
from tests import testgame


def test_a_game_without_pictures_gets_the_text_table():
    assert registry.get("no_such_game_pictures") is text


def test_the_table_draws_every_field_and_stays_bounded():
    state = testgame.RULES.setup(3, {}, 1)
    small = Image.open(io.BytesIO(text.render_board(testgame.RULES.view(state, None), ["A", "B", "C"])))
    assert small.size[0] == text.WIDTH and small.format == "PNG"
    # one row more per field: a view with more fields is a taller picture
    bigger = dict(testgame.RULES.view(state, None), extra_one=1, extra_two=[1, 2])
    tall = Image.open(io.BytesIO(text.render_board(bigger, ["A", "B", "C"])))
    assert tall.size[1] == small.size[1] + 2 * text.LINE
    huge = {f"field{i}": i for i in range(500)}
    capped = Image.open(io.BytesIO(text.render_board(huge, [])))
    assert capped.size[1] <= 2 * text.PAD + text.LINE * (text.MAX_LINES + 1)
