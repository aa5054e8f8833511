"""What both Skytear pictures share (board.py: the public battlefield, hand.py: a player's own
cards): the colours (one palette, so every PNG is quantized the same way), the text sizes, the names
of heroes, cards and victory cards in the reader's language (the data files' zh_tw/zh_cn fields,
English when a file or a field is missing), and the pieces both draw: a hero's disc, a lead card's
back, the mana pips.

Game terms come from the game's glossary (`term`); the view's texts are rendered as they come.
"""
from __future__ import annotations

import json
import math
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw

from engine.text import Seat, term
from render import toolkit
from render.common import draw_text, font, text_width, words

GAME = "skytear"
RGB = tuple[int, int, int]
DATA_DIR = Path(__file__).resolve().parent.parent.parent / "data" / "skytear"

# ---------------------------------------------------------------------------- colours

BACKGROUND: RGB = (30, 34, 42)
PANEL: RGB = (44, 49, 59)
PANEL_EDGE: RGB = (70, 78, 92)
TEXT: RGB = (236, 238, 242)
TEXT_DIM: RGB = (160, 167, 180)
INK: RGB = (24, 26, 30)
WHITE: RGB = (255, 255, 255)
GOLD: RGB = (245, 196, 48)
LAST: RGB = (236, 60, 200)          # frame of the last move's hexes
MANA: RGB = (120, 200, 250)
DANGER: RGB = (226, 54, 54)         # an exposed nexus, low HP
# sides: blue and orange (told apart by colour-blind readers too), a dark rim, a light tint
SIDE: list[RGB] = [(52, 128, 236), (238, 116, 30)]
SIDE_DARK: list[RGB] = [(18, 52, 112), (112, 48, 6)]
SIDE_LIGHT: list[RGB] = [(150, 190, 245), (248, 190, 140)]
NEUTRAL: RGB = (150, 150, 160)
# the land
PLAIN: RGB = (84, 110, 76)
PLAIN_HIDING: RGB = (62, 90, 58)
LANE: RGB = (184, 158, 112)
LANE_HIDING: RGB = (150, 134, 90)
DOME: list[RGB] = [(92, 66, 158), (122, 94, 196), (158, 132, 228)]   # edge, middle, core (the glow)
HEX_EDGE: RGB = (38, 46, 38)
BUSH: RGB = (30, 70, 34)
BUSH_LIGHT: RGB = (76, 132, 62)
LABEL_LIGHT: RGB = (222, 230, 214)
LABEL_DARK: RGB = (52, 42, 26)
RUINS: RGB = (112, 106, 98)
RUINS_DARK: RGB = (70, 66, 60)
TOKEN: RGB = (250, 206, 70)         # control tokens
OUTSIDER: RGB = (58, 28, 66)
OUTSIDER_RIM: RGB = (206, 120, 240)
HP_BACK: RGB = (20, 20, 24)
HP_SPENT: RGB = (70, 70, 78)     # a lost HP's segment of a hero's ring
HP_GOOD: RGB = (70, 200, 90)
HP_MID: RGB = (238, 190, 40)
HP_LOW: RGB = (232, 64, 52)
# statuses: a colour each, and the letter (or the first character of the term in Chinese)
STATUS_ORDER = ["slow", "haste", "disarm", "frenzy", "mark", "shapeshift"]
STATUS_COLOURS: dict[str, RGB] = {"slow": (90, 130, 200), "haste": (60, 170, 90), "disarm": (130, 130, 140),
                                  "frenzy": (214, 70, 40), "mark": (190, 40, 110), "shapeshift": (30, 160, 160)}
# game terms come from the game's glossary (data/skytear/glossary.csv), as the seed prints them
STATUS_NAMES = {status: term(GAME, status.capitalize()) for status in STATUS_ORDER}
# the letter of a status in English (shapeshift is X: S is Slow)
STATUS_LETTERS = {"slow": "S", "haste": "H", "disarm": "D", "frenzy": "F", "mark": "M", "shapeshift": "X"}
# runes: colour and shape (fire ▲, earth ■, air ●, frost ◆), so a rune reads in grayscale too
RUNE_COLOURS: dict[str, RGB] = {"fire": (226, 78, 44), "earth": (120, 160, 60), "air": (150, 168, 236),
                                "frost": (70, 196, 214)}
RUNE_NAMES = {rune: term(GAME, f"{rune.capitalize()} rune") for rune in ("fire", "earth", "air", "frost")}
RUNE_ORDER = ["fire", "earth", "air", "frost"]

# card faces of the hand picture: their colours belong to the one palette
CARD_FACE: RGB = (244, 238, 224)
CARD_INK: RGB = (40, 36, 30)
CARD_COLOURS = {"face": CARD_FACE, "ink": CARD_INK, "grey": (112, 106, 96), "back": (74, 58, 104),
                "instant": (214, 140, 20), "ultimate": (160, 110, 20), "none": (128, 122, 140)}

# ---------------------------------------------------------------------------- text sizes

BODY = 22               # panel text (10 px in Discord's preview)
SMALL = 19
HEAD = 26


def mix(a: RGB, b: RGB, t: float) -> RGB:
    return toolkit.mix(a, b, t)


def _palette() -> toolkit.Palette:
    base = toolkit.colours_in(BACKGROUND, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, INK, WHITE, GOLD, LAST, DANGER, SIDE,
                              SIDE_DARK, SIDE_LIGHT, NEUTRAL, PLAIN, PLAIN_HIDING, LANE, LANE_HIDING, DOME, HEX_EDGE,
                              BUSH, BUSH_LIGHT, LABEL_LIGHT, LABEL_DARK, RUINS, RUINS_DARK, TOKEN, OUTSIDER,
                              OUTSIDER_RIM, MANA, HP_BACK, HP_GOOD, HP_MID, HP_LOW, STATUS_COLOURS, RUNE_COLOURS,
                              CARD_COLOURS)
    # the tints the drawing mixes (side panels, dimmed heroes, the stack's box...), exactly
    tints = [mix(GOLD, BACKGROUND, 0.15), mix(GOLD, PANEL, 0.88), mix(PANEL_EDGE, PANEL, 0.4), HP_SPENT,
             mix(CARD_COLOURS["back"], TEXT, 0.45)]
    for side in range(2):
        tints += [mix(SIDE[side], BACKGROUND, 0.5), mix(SIDE[side], BACKGROUND, 0.55), mix(SIDE[side], PANEL, 0.88),
                  mix(SIDE[side], PANEL, 0.3), mix(SIDE_LIGHT[side], SIDE[side], 0.5), mix(SIDE[side], WHITE, 0.5),
                  mix(WHITE, SIDE[side], 0.15), mix(WHITE, mix(SIDE[side], BACKGROUND, 0.55), 0.45)]
    tints += [mix(c, BACKGROUND, 0.4) for c in (HP_GOOD, HP_MID, HP_LOW)]
    return toolkit.Palette(base + tints)


PALETTE = _palette()


# ---------------------------------------------------------------------------- names from the data files

@lru_cache(maxsize=8)
def _data_file(name: str) -> dict:
    path = DATA_DIR / f"{name}.json"
    try:
        return json.loads(path.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return {}


@lru_cache(maxsize=8)
def names_of(kind: str) -> dict[str, dict]:
    """Names by id from a data file (heroes, cards, victory): {id: {"en", "zh-TW", "zh-CN"}}."""
    data = _data_file(kind)
    rows = data.get(kind) if kind != "victory" else data.get("cards")
    out: dict[str, dict] = {}
    for row in rows or []:
        if isinstance(row, dict) and row.get("id"):
            out[row["id"]] = {"en": row.get("name"), "zh-TW": row.get("zh_tw"), "zh-CN": row.get("zh_cn")}
    outsider = _data_file("outsider").get("outsider") if kind == "heroes" else None
    if isinstance(outsider, dict):
        out["outsider"] = {"en": outsider.get("name"), "zh-TW": outsider.get("zh_tw"), "zh-CN": outsider.get("zh_cn")}
    return out


def _plain_name(ident: str) -> str:
    return str(ident).replace("_", " ").title()


def hero_name(hero: str, lang: str = "en") -> str:
    """A hero's name in `lang`: the data file's, English where it has none."""
    row = names_of("heroes").get(hero) or {}
    return row.get(lang) or row.get("en") or _plain_name(hero)


def card_name(view: dict, card: str, lang: str = "en") -> str:
    """A card's name in `lang`: the data file's Chinese, else the view's name (a Msg, rendered)."""
    row = names_of("cards").get(card) or {}
    if lang != "en" and row.get(lang):
        return row[lang]
    named = ((view.get("cards") or {}).get(card) or {}).get("name")
    if named:
        return words(named, lang)
    return row.get("en") or _plain_name(card)


def victory_name(entry: dict, lang: str = "en") -> str:
    row = names_of("victory").get(entry.get("id", "")) or {}
    if lang != "en" and row.get(lang):
        return row[lang]
    if entry.get("name"):
        return words(entry["name"], lang)
    return row.get("en") or _plain_name(entry.get("id", "?"))


def short_name(hero: str, lang: str = "en") -> str:
    """What a hero's disc says: three capitals (COT), or two characters of the Chinese name."""
    name = hero_name(hero, lang)
    if lang != "en" and name and not name.isascii():
        return name[:2]
    letters = [ch for ch in name if ch.isalpha()]
    return "".join(letters[:3]).upper() or "?"


def hero_glyphs(view: dict, lang: str = "en") -> dict[str, str]:
    """One letter (a Chinese character) per hero of the view, each a different one, for the
    discs of the map and the panels: a hero's initial, else the next letter of its name not
    taken, else a digit. Heroes keep the view's order, so every picture of a match agrees."""
    out: dict[str, str] = {}
    ids = [h.get("id") for h in view.get("heroes") or [] if isinstance(h, dict) and h.get("id")]
    ids += [i.get("hero") for i in view.get("illusions") or [] if isinstance(i, dict) and i.get("hero")]
    for hid in dict.fromkeys(ids):
        name = hero_name(hid, lang)
        chars = [ch for ch in name if not ch.isspace()] if lang != "en" and not name.isascii() else \
            [ch.upper() for ch in name if ch.isalpha()]
        taken = set(out.values())
        out[hid] = next((ch for ch in chars + list("123456789") if ch not in taken), "?")
    return out


def seat_names(names, lang: str) -> list[str]:
    """The seats' names to write, "Player N" (in `lang`) where a name is missing."""
    return [str(n) if n else words(Seat(i), lang) for i, n in enumerate(names or [])]


# ---------------------------------------------------------------------------- sides, HP, text

def side_colour(side: Any) -> RGB:
    return SIDE[side] if side in (0, 1) else NEUTRAL


def side_dark(side: Any) -> RGB:
    return SIDE_DARK[side] if side in (0, 1) else INK


def hp_colour(hp: int, max_hp: int) -> RGB:
    ratio = hp / max_hp if max_hp else 0
    return HP_GOOD if ratio > 0.6 else HP_MID if ratio > 0.3 else HP_LOW

def width_px(text: str, size: int, bold: bool = False) -> int:
    """The width of a text in whole pixels."""
    return math.ceil(text_width(text, size, bold))


# ---------------------------------------------------------------------------- pieces both pictures draw

def hero_disc(label: str, side: Any, r: int, dim: bool, active: bool, lang: str,
              hp: int | None = None, max_hp: int = 0, text_px: int | None = None) -> Image.Image:
    """A hero: a disc in its side's colour with its short name, ringed by its HP (one segment per
    HP, lit in green, yellow or red); dimmed when exhausted; a gold ring around the active hero.
    Without `hp`, a plain disc (the panel, the round track)."""
    glow = 4 if active else 0
    size = 2 * (r + glow) + 1
    fill = side_colour(side)
    if dim:
        fill = mix(fill, BACKGROUND, 0.55)

    def paint(c: toolkit.Canvas) -> None:
        m = r + glow
        if active:
            c.ellipse((0, 0, size - 1, size - 1), fill=GOLD)
        c.ellipse((m - r, m - r, m + r, m + r), fill=INK if hp is not None else side_dark(side))
        inner = r - 2
        if hp is not None and max_hp > 0:
            ring = max(3, round(r * 0.16))
            colour = hp_colour(hp, max_hp)
            if dim:
                colour = mix(colour, BACKGROUND, 0.4)
            box = (m - inner, m - inner, m + inner, m + inner)
            step = 360 / max_hp
            gap = 3 if max_hp <= 16 else 0
            for k in range(max_hp):
                start = -90 + k * step + gap / 2
                c.pieslice(box, start, start + step - gap, fill=colour if k < hp else HP_SPENT)
            inner = inner - ring
            c.ellipse((m - inner - 1, m - inner - 1, m + inner + 1, m + inner + 1), fill=INK)
        c.ellipse((m - inner, m - inner, m + inner, m + inner), fill=fill,
                  outline=mix(WHITE, fill, 0.45 if dim else 0.15), width=2)
        text_size = max(10, round(inner * (0.8 if label.isascii() else 0.85)))
        while text_size > 9 and text_width(label, text_size, True) > 2 * inner - 8:
            text_size -= 1
        if text_px:
            text_size = text_px
        ink = mix(WHITE, fill, 0.45) if dim else WHITE
        if label.isascii():
            toolkit.text(c, (m, m), label, font=font(text_size, True), fill=ink, anchor="mm", stroke_width=2,
                         stroke_fill=side_dark(side))
        else:
            draw_text(c, (m, m), label, text_size, ink, True, anchor="mm")
    return toolkit.drawn(("skytear.hero", label, side, r, dim, active, lang, hp, max_hp, text_px), (size, size),
                         paint)


def lead_icon(c: ImageDraw.ImageDraw, x: float, y: float, source: str, k: int = 22) -> int:
    """A lead card's back at (x, y): portrait when led from the hand, landscape from the deck (R48).
    Returns its width."""
    w, h = (round(k * 0.68), k) if source == "hand" else (k, round(k * 0.68))
    top = y + (k - h) / 2
    c.rounded_rectangle((x, top, x + w, top + h), radius=3, fill=CARD_COLOURS["back"], outline=TEXT, width=2)
    c.line((x + 4, top + 4, x + w - 4, top + h - 4), fill=mix(CARD_COLOURS["back"], TEXT, 0.45), width=1)
    return w


def mana_pips(d, x: float, y: float, label: str, mana: int, left: int) -> float:
    """"Mana" and one diamond per point of the round's mana, filled while unspent; returns the x
    after the last diamond."""
    draw_text(d, (x, y), label[:1].upper() + label[1:], SMALL, TEXT_DIM, anchor="lm")
    x += width_px(label, SMALL) + 8
    for k in range(max(mana, left)):
        pts = [(x + 8, y - 11), (x + 16, y), (x + 8, y + 11), (x, y)]
        if k < left:
            d.polygon(pts, fill=MANA, outline=INK)
        else:
            d.line(pts + [pts[0]], fill=TEXT_DIM, width=2)
        x += 19
    return x
