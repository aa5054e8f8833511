"""Shared drawing helpers: the bundled fonts (so every machine draws the same picture) and
text drawing that falls back from font to font, character by character.

DejaVu Sans draws Latin, Greek, Cyrillic, Hebrew, Arabic and many symbols; Noto Sans CJK
(subset to Big5 and GB2312, data/fonts/) draws Chinese. Pillow picks no fallback font by
itself, so `draw_text` splits a text into runs, each drawn with the first font that has its
characters, on one baseline. A character neither font has (most emoji) is drawn as
DejaVu's empty box: the layout keeps its width. Layout stays BASIC (no shaping), but a run of
right-to-left letters (a Hebrew name) is turned around in place (`visual_order`), so it reads
right to left and never moves what is beside it.

`words(text, lang, names)` is what a picture writes for a text of a view or of its own (a
`Msg`, its JSON form, a `Seat`, a plain string) in the reader's language; `wrap_text` breaks
lines between words and between Chinese characters.
"""
from __future__ import annotations

import json
import math
import unicodedata
from bisect import bisect_right
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import ImageDraw, ImageFont

from render import toolkit

FONT_DIR = Path(__file__).resolve().parent.parent / "data" / "fonts"
LATIN = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}
CJK = "NotoSansCJKtc-Regular-subset.otf"  # one weight: bold CJK is drawn with a stroke
# The same font cut to the characters of the bot's own texts (tools/cjk_core_font.py). FreeType
# keeps a CFF font's glyph tables per loaded size: the whole font at every size a picture uses
# cost a render worker about 44 MB, the core a few; the whole font is loaded only at the sizes
# a character outside the core (in a player's name) is drawn at. The glyphs are the same.
CJK_CORE = "NotoSansCJKtc-Regular-core.otf"
CORE, WHOLE = "core", "whole"  # which CJK font draws a run (a run of Latin text: False)


@lru_cache(maxsize=64)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    # BASIC layout: the same glyph placement with or without libraqm on the machine
    return ImageFont.truetype(str(FONT_DIR / LATIN[bold]), size, layout_engine=ImageFont.Layout.BASIC)


@lru_cache(maxsize=64)
def cjk_font(size: int, kind: str = CORE) -> ImageFont.FreeTypeFont:
    name = CJK_CORE if kind == CORE else CJK
    return ImageFont.truetype(str(FONT_DIR / name), size, layout_engine=ImageFont.Layout.BASIC)


class Coverage:
    """The characters a font has, as sorted code-point ranges (data/fonts/coverage.json, written
    by tools/font_coverage.py: reading the fonts' own tables at run time cost a render worker
    about 14 MB)."""

    def __init__(self, ranges: list[list[int]]):
        self.firsts = [first for first, _last in ranges]
        self.lasts = [last for _first, last in ranges]

    def __contains__(self, code: int) -> bool:
        i = bisect_right(self.firsts, code) - 1
        return i >= 0 and code <= self.lasts[i]

    def __iter__(self):
        for first, last in zip(self.firsts, self.lasts):
            yield from range(first, last + 1)


@lru_cache(maxsize=None)
def _coverages() -> dict[str, Coverage]:
    table = json.loads((FONT_DIR / "coverage.json").read_text(encoding="utf-8"))
    return {name: Coverage(ranges) for name, ranges in table.items()}


def _coverage(name: str) -> Coverage:
    return _coverages()[name]


@lru_cache(maxsize=8192)
def runs(text: str) -> tuple[tuple[str, str | bool], ...]:
    """`text` cut into (part, cjk) runs: CJK where DejaVu lacks a character Noto has, `CORE`
    when the core font has it, else `WHOLE`; False for the rest (remembered: pictures write
    the same labels again and again)."""
    latin, cjk, core = _coverage(LATIN[False]), _coverage(CJK), _coverage(CJK_CORE)
    out: list[tuple[str, str | bool]] = []
    for ch in text:
        code = ord(ch)
        use_cjk = (CORE if code in core else WHOLE) if code not in latin and code in cjk else False
        if out and out[-1][1] == use_cjk:
            out[-1] = (out[-1][0] + ch, use_cjk)
        else:
            out.append((ch, use_cjk))
    return tuple(out)


@lru_cache(maxsize=8192)
def needs_fallback(text: str) -> bool:
    latin = _coverage(LATIN[False])
    return any(ord(ch) not in latin for ch in text)


@lru_cache(maxsize=8192)
def text_width(text: str, size: int, bold: bool = False) -> float:
    """How wide `text` is drawn by `draw_text` at `size` (remembered: pictures measure the
    same labels again and again)."""
    if not needs_fallback(text):
        return font(size, bold).getlength(text)
    return sum(_run_length(part, size, bold, is_cjk) + (1 if is_cjk and bold else 0) for part, is_cjk in runs(text))


@lru_cache(maxsize=8192)
def _run_length(part: str, size: int, bold: bool, is_cjk: str | bool) -> float:
    """How far one run of `draw_text` advances the pen (remembered, like `text_width`)."""
    return (cjk_font(size, is_cjk) if is_cjk else font(size, bold)).getlength(part)


def fit_text(text: str, size: int, width: float, bold: bool = False) -> str:
    """`text`, cut with an ellipsis so that it is at most `width` wide."""
    if text_width(text, size, bold) <= width:
        return text
    # the longest prefix that fits with the ellipsis (widths grow with the prefix)
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if text_width(text[:mid] + "…", size, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + "…"


# a line never starts with closing punctuation nor ends with opening punctuation
_NO_LINE_START = frozenset("，。、：；！？）」』】》〉,.;:!?)]}…%％·")
_NO_LINE_END = frozenset("（「『【《〈([{")


def _wide(ch: str) -> bool:
    return unicodedata.east_asian_width(ch) in ("W", "F")


def _atoms(text: str) -> list[tuple[str, bool]]:
    """`text` as unbreakable pieces, each with whether a space came before it: a Latin word
    is one piece, a Chinese character another (lines may break between any two of them)."""
    atoms: list[tuple[str, bool]] = []
    space = False
    for ch in text:
        if ch.isspace():
            space = True
            continue
        glue = atoms and not space and (
            ch in _NO_LINE_START or atoms[-1][0][-1] in _NO_LINE_END
            or not (_wide(ch) or _wide(atoms[-1][0][-1])))
        if glue:
            atoms[-1] = (atoms[-1][0] + ch, atoms[-1][1])
        else:
            atoms.append((ch, space))
        space = False
    return atoms


def wrap_text(text: str, size: int, width: float, bold: bool = False,
              max_lines: int | None = None, indent: str = "") -> list[str]:
    """`text` broken into lines at most `width` wide: between words, and between Chinese
    characters (which have no spaces between them). A piece wider than a line is cut between
    characters. Lines after the first start with `indent`. With `max_lines`, the last line
    kept ends with an ellipsis when text is left. (Remembered: a board wraps the same texts
    after every move.)"""
    return list(_wrapped(text, size, width, bold, max_lines, indent))


@lru_cache(maxsize=4096)
def _wrapped(text: str, size: int, width: float, bold: bool, max_lines: int | None, indent: str) -> tuple[str, ...]:
    lines: list[str] = []
    line = ""
    for atom, space in _atoms(text):
        trial = line + (" " if space and line.strip() else "") + atom
        if round(text_width(trial, size, bold)) <= width:  # to the pixel
            line = trial
            continue
        if line.strip():
            lines.append(line)
        line = indent if lines else ""
        for ch in atom:  # a piece alone on a line: as much as fits, the rest on the next
            if line.strip() and round(text_width(line + ch, size, bold)) > width:
                lines.append(line)
                line = indent
            line += ch
    if line.strip():
        lines.append(line)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max_lines]
        lines[-1] = fit_text(lines[-1] + "…", size, width, bold) if text_width(
            lines[-1] + "…", size, bold) > width else lines[-1] + "…"
    return tuple(lines)


def words(text: Any, lang: str = "en", names: list[str] | None = None) -> str:
    """What a picture writes for `text` in `lang`: a `Msg` (or its JSON form, a `Seat`, a list)
    through the catalogue with the players' names; a plain string as it is, except that an
    engine's "Player N" becomes that player's name."""
    import i18n
    from engine.base import name_seats
    from engine.text import Msg
    if text is None:
        return ""
    rendered = i18n.render(text, lang, names)
    if names and isinstance(text, str) and not isinstance(text, Msg):
        return name_seats(rendered, list(names))
    return rendered


def _strong_rtl(ch: str) -> bool:
    return unicodedata.bidirectional(ch) in ("R", "AL")


@lru_cache(maxsize=4096)
def visual_order(text: str) -> str:
    """`text` in the order it is drawn, left to right: each run of right-to-left letters
    (with the spaces and marks between them, and numbers kept as they are) turned around in
    place; everything else stays where it is. The simple case of Unicode's bidirectional
    algorithm, for names inside left-to-right text."""
    if not any(_strong_rtl(ch) for ch in text):
        return text
    out: list[str] = []
    run: list[str] = []       # pieces of the current right-to-left run
    between: list[str] = []   # neutral pieces after its last letter, not yet known to belong to it

    def flush() -> None:
        # a number after the letters reads as part of the run; the spaces after it do not
        last = max((i for i, piece in enumerate(between) if piece[:1].isdigit()), default=-1)
        run.extend(between[:last + 1])
        out.extend(reversed(run))
        out.extend(between[last + 1:])
        run.clear()
        between.clear()

    for ch in text:
        kind = unicodedata.bidirectional(ch)
        if kind in ("R", "AL"):
            if run:
                run.extend(between)
                between.clear()
            else:
                out.extend(between)
                between.clear()
            run.append(ch)
        elif kind == "L":
            flush()
            out.append(ch)
        elif run:
            if kind in ("EN", "AN") and between and between[-1][-1:].isdigit():
                between[-1] += ch   # a number keeps its digits' order
            else:
                between.append(ch)
        else:
            out.append(ch)
    flush()
    return "".join(out)


def _baseline(y: float, vertical: str, text: str, primary: ImageFont.FreeTypeFont) -> float:
    ascent, descent = primary.getmetrics()
    if vertical == "a":
        return y + ascent
    if vertical == "m":
        return y + (ascent - descent) / 2
    if vertical == "d":
        return y - descent
    if vertical in ("t", "b"):
        # the ink of every run, each measured in the font that draws it
        boxes = [(cjk_font(primary.size, is_cjk) if is_cjk else primary).getbbox(part, anchor="ls")
                 for part, is_cjk in runs(text)] or [primary.getbbox(text, anchor="ls")]
        top, bottom = min(b[1] for b in boxes), max(b[3] for b in boxes)
        return y - top if vertical == "t" else y - bottom
    return y


# Bold CJK (the bundled CJK font has one weight): a 1-pixel stroke from this size up, below
# it the glyphs drawn twice a pixel apart, which keeps small characters' strokes apart
CJK_STROKE_SIZE = 32


def draw_text(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
              fill, bold: bool = False, anchor: str = "la") -> None:
    """`draw.text` with the bundled fonts, falling back to the CJK font where needed.
    `anchor` is Pillow's two-letter anchor (l/m/r, then a/m/s/d/t/b)."""
    text = visual_order(text)
    primary = font(size, bold)
    if not needs_fallback(text):
        toolkit.text(draw, xy, text, font=primary, fill=fill, anchor=anchor)
        return
    x, y = xy
    width = text_width(text, size, bold)
    x -= {"l": 0, "m": width / 2, "r": width}.get(anchor[0], 0)
    base = _baseline(y, anchor[1] if len(anchor) > 1 else "a", text, primary)
    for part, is_cjk in runs(text):
        if is_cjk:
            stroke = 1 if bold and size >= CJK_STROKE_SIZE else 0
            toolkit.text(draw, (x, base), part, font=cjk_font(size, is_cjk), fill=fill, anchor="ls", stroke_width=stroke,
                         stroke_fill=fill, smear=1 if bold and not stroke else 0)
            x += _run_length(part, size, False, is_cjk) + (1 if bold else 0)
        else:
            toolkit.text(draw, (x, base), part, font=primary, fill=fill, anchor="ls")
            x += _run_length(part, size, bold, False)


def shrink_to_fit(text: str, size: int, width: float, bold: bool = False,
                  min_size: int | None = None) -> tuple[str, int]:
    """Shrink the font (down to `min_size`), then cut the text with an ellipsis, until it fits."""
    min_size = min_size or size
    while size > min_size and text_width(text, size, bold) > width:
        size -= 1
    if text_width(text, size, bold) <= width:
        return text, size
    return fit_text(text, size, width, bold), size


def draw_fitted(draw: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, width: float, fill,
                bold: bool = False, anchor: str = "la", min_size: int | None = None) -> int:
    """Draw `text` shrunk or cut to `width`; returns the width drawn."""
    text, size = shrink_to_fit(text, size, width, bold, min_size)
    draw_text(draw, xy, text, size, fill, bold, anchor)
    return math.ceil(text_width(text, size, bold))


# ----------------------------------------------------------------------- reading a game's view

def whole(value: Any, default: int = 0) -> int:
    """`value` if it is a whole number (not a bool), else `default`."""
    return value if isinstance(value, int) and not isinstance(value, bool) else default


def is_seat(value: Any) -> bool:
    """Whether `value` names a seat: a whole number from 0."""
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def viewer_seat(view: dict) -> int | None:
    """The seat a view is shown to, None for the public view."""
    seat = view.get("viewer")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) else None


def seat_views(view: dict) -> list[dict]:
    """The view's per-seat parts, an empty one where a part is missing."""
    return [s if isinstance(s, dict) else {} for s in view.get("seats") or []]


def seat_area(view: dict, seat: int | None) -> dict:
    """One seat's part of the view, empty when there is none."""
    seats = view.get("seats") or []
    if seat is not None and 0 <= seat < len(seats) and isinstance(seats[seat], dict):
        return seats[seat]
    return {}


def seat_names(names, lang: str, players: int = 0) -> list[str]:
    """The seats' names to write, "Player N" (in `lang`) where a name is missing."""
    from engine.text import Seat
    names = list(names or [])
    names += [None] * max(0, players - len(names))
    return [str(n) if n else words(Seat(i), lang) for i, n in enumerate(names)]


# ----------------------------------------------------------------------- drawing text to a width

def text_px(text: str, size: int, bold: bool = False) -> int:
    """The width of `text` in whole pixels (rounded up)."""
    return math.ceil(text_width(text, size, bold))


def say_fit(draw, xy, text: str, size: int, width: float, fill, bold: bool = False, anchor: str = "la",
            min_size: int | None = None) -> int:
    """Draw `text` shrunk or cut to `width` (at least a pixel); returns the width drawn."""
    return draw_fitted(draw, xy, text, size, max(1.0, width), fill, bold, anchor, min_size)


def draw_wrapped(draw, xy: tuple[float, float], text: str, size: int, width: float, fill, bold: bool = False,
                 max_lines: int | None = None, line_height: int | None = None) -> int:
    """Draw `text` broken into lines at most `width` wide (`wrap_text`), the first line's top at
    `xy`; with `max_lines`, the last line kept ends with an ellipsis. Returns the y under the
    last line (xy's y when there is no text)."""
    x, y = xy
    step = line_height or round(size * 1.25)
    for line in wrap_text(text, size, max(1.0, width), bold, max_lines=max_lines):
        draw_text(draw, (x, y + step / 2), line, size, fill, bold, anchor="lm")
        y += step
    return round(y)
