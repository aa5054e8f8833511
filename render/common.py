"""Shared drawing helpers: the bundled font (so every machine draws the same picture)."""
from __future__ import annotations

import io
from functools import lru_cache
from pathlib import Path

from PIL import Image, ImageFont

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    # BASIC layout: the same glyph placement with or without libraqm on the machine
    return ImageFont.truetype(str(FONT_DIR / name), size, layout_engine=ImageFont.Layout.BASIC)


def to_png(img: Image.Image) -> bytes:
    buf = io.BytesIO()
    # zlib level 6 without optimize: files a few percent larger, encoding several times faster
    img.save(buf, format="PNG", compress_level=6)
    return buf.getvalue()
