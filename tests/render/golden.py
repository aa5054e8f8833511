"""Comparing a picture with its golden image: blurred copies (so a glyph moved by a pixel or
a palette step is not a change), their mean difference and the share of clearly changed
pixels. Regenerate with REGEN_GOLDEN=1 after looking at the new pictures."""
from __future__ import annotations

import io
import os
from pathlib import Path

from PIL import Image, ImageChops, ImageFilter, ImageStat

GOLDEN_DIR = Path(__file__).resolve().parent / "golden"
REGEN = os.environ.get("REGEN_GOLDEN") == "1"
GOLDEN_BLUR = 2.5
# Compared on lightly blurred copies, so sub-pixel text placement (another FreeType build, or
# Pillow without libraqm: measured at most 0.65 mean and 0.16 % changed on Battle Line) passes,
# while a moved card, a missing mark or a wrong colour fails (removing Battle Line's colour
# initials and shapes alone gives 0.5-1.2 % changed pixels).
GOLDEN_MEAN_TOLERANCE = 1.0       # mean absolute difference per RGB channel, 0-255
GOLDEN_CHANGED_TOLERANCE = 0.002  # share of pixels whose blurred colour moved by more than 48


def decode(png: bytes) -> Image.Image:
    """A PNG's picture, in RGB."""
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


def golden_difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """(mean absolute difference, share of clearly changed pixels) of blurred copies."""
    diff = ImageChops.difference(a.filter(ImageFilter.GaussianBlur(GOLDEN_BLUR)),
                                 b.filter(ImageFilter.GaussianBlur(GOLDEN_BLUR)))
    red, green, blue = diff.split()
    strongest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    changed = sum(strongest.histogram()[49:]) / (a.width * a.height)
    return sum(ImageStat.Stat(diff).mean) / 3, changed


def assert_matches_golden(name: str, png: bytes, regenerate: str = "REGEN_GOLDEN=1 python -m pytest tests/render"):
    """`png` looks like golden/<name>.png (written first with REGEN_GOLDEN=1, after looking at it);
    a missing golden image fails, naming the command that writes it."""
    path = GOLDEN_DIR / f"{name}.png"
    if REGEN:
        GOLDEN_DIR.mkdir(parents=True, exist_ok=True)
        path.write_bytes(png)
    assert path.exists(), f"no golden image {path.name}; look at the picture, then run {regenerate}"
    expected = Image.open(io.BytesIO(path.read_bytes())).convert("RGB")
    actual = Image.open(io.BytesIO(png)).convert("RGB")
    assert actual.size == expected.size, (actual.size, expected.size)
    mean, changed = golden_difference(actual, expected)
    assert mean < GOLDEN_MEAN_TOLERANCE and changed < GOLDEN_CHANGED_TOLERANCE, \
        f"{name} differs from its golden image: mean {mean:.2f}, {changed:.3%} of pixels changed"


def check_hand_content(views, hand_content, render_hand, names: list[str]) -> tuple[int, int]:
    """Over private views of a played game: two views with the same `hand_content` make the same
    hand picture (the bot sends the picture it drew before instead of drawing it again).
    Returns (views whose picture was reused though the view differed, new pictures)."""
    drawn: dict[str, tuple[dict, bytes]] = {}
    reused = changed = 0
    for view in views:
        key = repr(hand_content(view))
        picture = render_hand(view, names)
        if key in drawn:
            reused += drawn[key][0] != view
            assert picture == drawn[key][1], "a picture differs from the one its content was drawn as"
        else:
            changed += all(picture != p for _v, p in drawn.values())
            drawn[key] = (view, picture)
    return reused, changed
