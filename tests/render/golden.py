"""Comparing a picture with its golden image: blurred copies (so a glyph moved by a pixel or
a palette step is not a change), their mean difference and the share of clearly changed
pixels. Regenerate with REGEN_GOLDEN=1 after looking at the new pictures."""
from __future__ import annotations

from PIL import Image, ImageChops, ImageFilter, ImageStat

GOLDEN_BLUR = 2.5


def golden_difference(a: Image.Image, b: Image.Image) -> tuple[float, float]:
    """(mean absolute difference, share of clearly changed pixels) of blurred copies."""
    diff = ImageChops.difference(a.filter(ImageFilter.GaussianBlur(GOLDEN_BLUR)),
                                 b.filter(ImageFilter.GaussianBlur(GOLDEN_BLUR)))
    red, green, blue = diff.split()
    strongest = ImageChops.lighter(ImageChops.lighter(red, green), blue)
    changed = sum(strongest.histogram()[49:]) / (a.width * a.height)
    return sum(ImageStat.Stat(diff).mean) / 3, changed


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
