"""Shared drawing helpers: the bundled fonts (so every machine draws the same picture) and
text drawing that falls back from font to font, character by character.

DejaVu Sans draws Latin, Greek, Cyrillic, Hebrew, Arabic and many symbols; Noto Sans CJK
(subset to Big5 and GB2312, data/fonts/) draws Chinese. Pillow picks no fallback font by
itself, so `draw_text` splits a text into runs, each drawn with the first font that has its
characters, on one baseline. A character neither font has (most emoji) is drawn as
DejaVu's empty box: the layout keeps its width. Layout stays BASIC (no reordering), so a
right-to-left name is drawn in stored order and never moves what is beside it.
"""
from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from fontTools.ttLib import TTFont
from PIL import Image, ImageDraw, ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"
LATIN = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
CJK = "NotoSansCJKtc-Regular-subset.otf"  # one weight: bold CJK is drawn with a stroke


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    # BASIC layout: the same glyph placement with or without libraqm on the machine
    return ImageFont.truetype(str(FONT_DIR / LATIN[bold]), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=64)
def cjk_font(size: int) -> ImageFont.FreeTypeFont:
    return ImageFont.truetype(str(FONT_DIR / CJK), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=None)
def _coverage(name: str) -> frozenset[int]:
    with TTFont(str(FONT_DIR / name), lazy=True) as f:
        return frozenset(f.getBestCmap())


def runs(text: str) -> list[tuple[str, bool]]:
    """`text` cut into (part, is_cjk) runs: CJK where DejaVu lacks a character Noto has."""
    latin, cjk = _coverage(LATIN[False]), _coverage(CJK)
    out: list[tuple[str, bool]] = []
    for ch in text:
        code = ord(ch)
        use_cjk = code not in latin and code in cjk
        if out and out[-1][1] == use_cjk:
            out[-1] = (out[-1][0] + ch, use_cjk)
        else:
            out.append((ch, use_cjk))
    return out


def needs_fallback(text: str) -> bool:
    latin = _coverage(LATIN[False])
    return any(ord(ch) not in latin for ch in text)


def text_width(text: str, size: int, bold: bool = False) -> float:
    """How wide `text` is drawn by `draw_text` at `size`."""
    if not needs_fallback(text):
        return font(size, bold).getlength(text)
    return sum((cjk_font(size) if is_cjk else font(size, bold)).getlength(part) + (1 if is_cjk and bold else 0)
               for part, is_cjk in runs(text))


def fit_text(text: str, size: int, width: float, bold: bool = False) -> str:
    """`text`, cut with an ellipsis so that it is at most `width` wide."""
    if text_width(text, size, bold) <= width:
        return text
    while text and text_width(text + "…", size, bold) > width:
        text = text[:-1]
    return text + "…"


def _baseline(y: float, vertical: str, text: str, primary: ImageFont.FreeTypeFont) -> float:
    ascent, descent = primary.getmetrics()
    if vertical == "a":
        return y + ascent
    if vertical == "m":
        return y + (ascent - descent) / 2
    if vertical == "d":
        return y - descent
    if vertical in ("t", "b"):
        top, bottom = primary.getbbox(text, anchor="ls")[1::2]
        return y - top if vertical == "t" else y - bottom
    return y


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
              fill, bold: bool = False, anchor: str = "la") -> None:
    """`draw.text` with the bundled fonts, falling back to the CJK font where needed.
    `anchor` is Pillow's two-letter anchor (l/m/r, then a/m/s/d/t/b)."""
    primary = font(size, bold)
    if not needs_fallback(text):
        draw.text(xy, text, font=primary, fill=fill, anchor=anchor)
        return
    x, y = xy
    width = text_width(text, size, bold)
    x -= {"l": 0, "m": width / 2, "r": width}.get(anchor[0], 0)
    base = _baseline(y, anchor[1] if len(anchor) > 1 else "a", text, primary)
    for part, is_cjk in runs(text):
        if is_cjk:
            draw.text((x, base), part, font=cjk_font(size), fill=fill, anchor="ls",
                      stroke_width=1 if bold and size >= 14 else 0, stroke_fill=fill)
            x += cjk_font(size).getlength(part) + (1 if bold else 0)
        else:
            draw.text((x, base), part, font=primary, fill=fill, anchor="ls")
            x += primary.getlength(part)


def to_png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    # zlib level 6 without optimize: files a few percent larger, encoding several times faster
    img.save(buf, format="PNG", compress_level=6)
    return buf.getvalue()
