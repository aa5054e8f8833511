"""The fallback picture: any game's view drawn as a clean table of its fields, so a game is
playable before its own renderer exists. Pure Pillow; reads nothing but the view it is given."""
from __future__ import annotations

from PIL import Image, ImageDraw

from render.common import font, to_png

WIDTH = 900
LINE = 30
PAD = 24
MAX_LINES = 40
MAX_CHARS = 70
SKIP = {"game", "result"}  # said in the message text already


def _scalar(value) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if value is None:
        return "—"
    return str(value)


def _lines(value, names: list[str], depth: int = 0, key: str = "") -> list[tuple[int, str, str]]:
    """(indent, key, text) rows for one value: scalars and lists of scalars on one row, lists
    with one entry per seat named after the players, nested values indented."""
    if isinstance(value, dict):
        rows = [(depth, key, "")] if key else []
        for k, v in value.items():
            if k not in SKIP or depth:
                rows += _lines(v, names, depth + (1 if key else 0), str(k))
        return rows
    if isinstance(value, list) and value and all(not isinstance(v, (dict, list)) for v in value):
        return [(depth, key, ", ".join(_scalar(v) for v in value))]
    if isinstance(value, list) and value:
        rows = [(depth, key, "")]
        per_seat = len(value) == len(names)
        for i, v in enumerate(value):
            rows += _lines(v, names, depth + 1, names[i] if per_seat else f"{i + 1}")
        return rows
    return [(depth, key, _scalar(value) if not isinstance(value, list) else "—")]


def _draw(view: dict, names: list[str], title: str, background: str) -> bytes:
    rows = _lines(view, names)
    if len(rows) > MAX_LINES:
        rows = rows[:MAX_LINES - 1] + [(0, "…", f"{len(rows) - MAX_LINES + 1} more lines")]
    img = Image.new("RGB", (WIDTH, PAD * 2 + LINE * (len(rows) + 1)), background)
    d = ImageDraw.Draw(img)
    d.text((PAD, PAD), title, fill="#1b1b1b", font=font(24, True))
    for n, (depth, key, text) in enumerate(rows, 1):
        y = PAD + LINE * n + 6
        x = PAD + 24 * depth
        if n % 2 == 0:
            d.rectangle((PAD - 8, y - 4, WIDTH - PAD + 8, y + LINE - 6), fill="#e7e1d3")
        label = key.replace("_", " ")
        d.text((x, y), label, fill="#3a3a3a", font=font(20, True))
        shown = text if len(text) <= MAX_CHARS else text[:MAX_CHARS - 1] + "…"
        d.text((x + max(200 - 24 * depth, 120), y), shown, fill="#101010", font=font(20))
    return to_png(img)


def render_board(view: dict, names: list[str]) -> bytes:
    return _draw(view, names, str(view.get("title") or view.get("game") or "Board").replace("_", " ").title(), "#f4f1ea")


def render_hand(view: dict, names: list[str]) -> bytes:
    return _draw(view, names, "Your view", "#fbf6e3")
