"""The fallback picture: any game's view drawn as a clean table of its fields, so a game is
playable before its own renderer exists. Pure Pillow; reads nothing but the view it is given.

Field names are the view's own keys (a program's words, shown as they are); the values are
written in the reader's language when they are texts (`Msg`, `Seat`), as they are otherwise."""
from __future__ import annotations

from typing import Any

from PIL import Image, ImageDraw

from engine.text import Msg, Seat, plural
from render import toolkit
from render.common import draw_text, fit_text, words

WIDTH = 900
LINE = 30
PAD = 24
MAX_LINES = 40
MAX_CHARS = 70
SKIP = {"game", "result"}  # said in the message text already
BOARD_GROUND, HAND_GROUND, STRIPE = (0xf4, 0xf1, 0xea), (0xfb, 0xf6, 0xe3), (0xe7, 0xe1, 0xd3)
TITLE_INK, KEY_INK, VALUE_INK = (0x1b, 0x1b, 0x1b), (0x3a, 0x3a, 0x3a), (0x10, 0x10, 0x10)
PALETTE = toolkit.Palette([BOARD_GROUND, HAND_GROUND, STRIPE, TITLE_INK, KEY_INK, VALUE_INK])


def _is_text(value: Any) -> bool:
    """A value that is one text (a Msg's JSON form is a dict, but not a nested table)."""
    return isinstance(value, (Msg, Seat)) or (isinstance(value, dict) and "msg" in value)


def _scalar(value, lang: str, names: list[str]) -> str:
    if isinstance(value, bool):
        return words(Msg("yes") if value else Msg("no"), lang)
    if value is None:
        return "—"
    return words(value, lang, names)


def _lines(value, names: list[str], lang: str, depth: int = 0, key: str = "") -> list[tuple[int, str, str]]:
    """(indent, key, text) rows for one value: scalars and lists of scalars on one row, lists
    with one entry per seat named after the players, nested values indented."""
    if isinstance(value, dict) and not _is_text(value):
        rows = [(depth, key, "")] if key else []
        for k, v in value.items():
            if k not in SKIP or depth:
                rows += _lines(v, names, lang, depth + (1 if key else 0), str(k))
        return rows
    if isinstance(value, list) and value and all(not isinstance(v, (dict, list)) or _is_text(v) for v in value):
        return [(depth, key, words([_scalar(v, lang, names) for v in value], lang))]
    if isinstance(value, list) and value:
        rows = [(depth, key, "")]
        per_seat = len(value) == len(names)
        for i, v in enumerate(value):
            rows += _lines(v, names, lang, depth + 1, names[i] if per_seat else f"{i + 1}")
        return rows
    return [(depth, key, _scalar(value, lang, names) if not isinstance(value, list) else "—")]


def _draw(view: dict, names: list[str], title: str, background: tuple, lang: str) -> bytes:
    rows = _lines(view, names, lang)
    if len(rows) > MAX_LINES:
        more = len(rows) - MAX_LINES + 1
        rows = rows[:MAX_LINES - 1] + [(0, "…", words(plural("{n} more line", "{n} more lines", n=more), lang))]
    img = Image.new("RGB", (WIDTH, PAD * 2 + LINE * (len(rows) + 1)), background)
    d = ImageDraw.Draw(img)
    draw_text(d, (PAD, PAD), fit_text(title, 24, WIDTH - 2 * PAD, True), 24, TITLE_INK, bold=True)
    for n, (depth, key, text) in enumerate(rows, 1):
        y = PAD + LINE * n + 6
        x = PAD + 24 * depth
        if n % 2 == 0:
            d.rectangle((PAD - 8, y - 4, WIDTH - PAD + 8, y + LINE - 6), fill=STRIPE)
        label = key.replace("_", " ")
        value_x = x + max(200 - 24 * depth, 120)
        draw_text(d, (x, y), fit_text(label, 20, value_x - x - 8, True), 20, KEY_INK, bold=True)
        shown = text if len(text) <= MAX_CHARS else text[:MAX_CHARS - 1] + "…"
        draw_text(d, (value_x, y), fit_text(shown, 20, WIDTH - PAD - value_x), 20, VALUE_INK)
    return PALETTE.png(img)


def render_board(view: dict, names: list[str], lang: str = "en") -> bytes:
    title = view.get("title") or view.get("game")
    if not title:
        title = Msg("Board")
    elif not _is_text(title):
        title = str(title).replace("_", " ").title()
    return _draw(view, list(names or []), words(title, lang, names), BOARD_GROUND, lang)


def render_hand(view: dict, names: list[str], lang: str = "en") -> bytes:
    return _draw(view, list(names or []), words(Msg("Your view"), lang), HAND_GROUND, lang)
