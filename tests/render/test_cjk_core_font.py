"""The core CJK font (render.common.CJK_CORE): the bot's own Chinese texts are drawn with it,
pixel for pixel as the whole font draws them, and a character only the whole font has (in a
player's name) is still drawn, by the whole font."""
from __future__ import annotations

import random

from PIL import Image, ImageDraw

from render import common
from tools.cjk_core_font import own_texts


def _drawn(fnt, text: str) -> bytes:
    image = Image.new("L", (40 * len(text) + 40, 60), 0)
    ImageDraw.Draw(image).text((4, 4), text, font=fnt, fill=255)
    return image.tobytes()


def test_the_core_has_every_character_of_the_catalogues_and_glossaries():
    whole, core = common._coverage(common.CJK), common._coverage(common.CJK_CORE)
    missing = sorted({ch for ch in own_texts() if ord(ch) in whole and ord(ch) not in core
                      and ord(ch) not in common._coverage(common.LATIN[False])})
    assert not missing, f"run tools/cjk_core_font.py: the core font lacks {''.join(missing[:40])}"


def test_core_characters_are_drawn_as_the_whole_font_draws_them():
    core = sorted(c for c in common._coverage(common.CJK_CORE) if c >= 0x4E00)
    sample = "".join(chr(c) for c in random.Random(7).sample(core, 60))
    for size in (9, 12, 14, 18, 24):
        for i in range(0, len(sample), 12):
            part = sample[i:i + 12]
            assert _drawn(common.cjk_font(size, common.CORE), part) == \
                _drawn(common.cjk_font(size, common.WHOLE), part), (size, part)


def test_a_name_outside_the_core_is_drawn_by_the_whole_font():
    name = "鑫淼"
    assert all(ord(ch) not in common._coverage(common.CJK_CORE) for ch in name)
    assert common.runs(f"Ann {name}的回合") == (("Ann ", False), (name, common.WHOLE), ("的回合", common.CORE))
    # not the core's empty glyph: the whole font's characters
    assert _drawn(common.cjk_font(16, common.WHOLE), name) != _drawn(common.cjk_font(16, common.CORE), name)
    image = Image.new("L", (200, 40), 0)
    common.draw_text(ImageDraw.Draw(image), (2, 2), name, 16, 255)
    expected = Image.new("L", (200, 40), 0)
    common.draw_text(ImageDraw.Draw(expected), (2, 2), "鑫", 16, 255)
    assert image.tobytes() != expected.tobytes() and image.getbbox() is not None


def test_the_coverage_file_is_that_of_the_fonts():
    """data/fonts/coverage.json (what render.common reads instead of the fonts' tables) says
    exactly which characters each bundled font has: else run tools/font_coverage.py."""
    from tools.font_coverage import FONTS, font_ranges
    for name in FONTS:
        wanted = font_ranges(name)
        coverage = common._coverage(name)
        assert [[f, last] for f, last in zip(coverage.firsts, coverage.lasts)] == wanted, name
        assert set(coverage) == {c for f, last in wanted for c in range(f, last + 1)}
        assert wanted[0][0] in coverage and wanted[-1][1] in coverage and wanted[-1][1] + 1 not in coverage
