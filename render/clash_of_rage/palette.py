"""What both Clash of Rage pictures share: the colours (and the PNG palette they make), the
component names in the reader's language, and the small drawings both use (a reinforcement stone,
coins, crystals, stat icons, a hero's token).

Component records (tribes' unit types, items, heroes, elves, tactic cards) come from the game's
static data (engine.clash_of_rage.data); a record the data does not know is drawn from a stand-in
with its id, so a view from an older data set still draws. Nothing here reads a rule module.
"""
from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from PIL import Image

from engine.clash_of_rage import data
from engine.text import Msg
from render import toolkit
from render.common import draw_text, font, is_seat, words
from render.common import text_px as tw, whole as _int
from render.toolkit import mix

GAME = "clash_of_rage"
RGB = tuple[int, int, int]
ROMAN = {1: "I", 2: "II", 3: "III"}

# ---------------------------------------------------------------------------- colours

BACKGROUND: RGB = (28, 31, 38)
PANEL: RGB = (42, 46, 56)
PANEL_EDGE: RGB = (72, 79, 94)
TEXT: RGB = (236, 238, 242)
TEXT_DIM: RGB = (160, 167, 180)
INK: RGB = (22, 24, 28)
WHITE: RGB = (255, 255, 255)
GOLD: RGB = (246, 196, 50)
GOLD_DARK: RGB = (150, 104, 16)
CRYSTAL: RGB = (110, 214, 240)
CRYSTAL_DARK: RGB = (30, 110, 150)
BATTLE: RGB = (236, 56, 44)       # the running battle's frame, a hit die
LAST: RGB = (220, 70, 200)        # the last battle's frame
SPOT: RGB = (150, 200, 235)       # a cell a stronghold may take (round 1)
# seats: orange, violet, teal, pink (none of them a stone's yellow, blue or red, nor the land's green)
SEAT: list[RGB] = [(240, 128, 36), (146, 96, 230), (24, 180, 168), (230, 86, 160)]
SEAT_DARK: list[RGB] = [(120, 56, 8), (62, 34, 120), (6, 80, 74), (116, 26, 74)]
SEAT_LIGHT: list[RGB] = [(250, 190, 130), (200, 176, 250), (140, 226, 216), (248, 170, 212)]
NEUTRAL: RGB = (140, 140, 150)
ELF: RGB = (72, 200, 110)         # the elves: tokens, a city they hold
ELF_DARK: RGB = (20, 90, 46)
# the land
PLAIN: RGB = (92, 122, 78)
MOUNTAIN: RGB = (112, 104, 98)
MOUNTAIN_PEAK: RGB = (170, 162, 152)
SNOW: RGB = (236, 236, 240)
CITY: RGB = (78, 112, 100)
FORGE: RGB = (128, 86, 64)
ANVIL: RGB = (46, 42, 44)
EMBER: RGB = (250, 150, 40)
HEX_EDGE: RGB = (30, 36, 30)
LABEL: RGB = (240, 242, 230)
STONE: dict[int, RGB] = {1: (244, 206, 40), 2: (60, 118, 232), 3: (222, 50, 44)}
STONE_SIDES = {1: 4, 2: 5, 3: 6}   # square, pentagon, hexagon (data G4)
DIE: RGB = (246, 242, 232)
CARD: RGB = (244, 238, 224)
CARD_INK: RGB = (40, 36, 30)
CARD_GREY: RGB = (120, 112, 100)
WEAPON: RGB = (196, 78, 52)
ARMOUR: RGB = (70, 120, 190)
LEGENDARY: RGB = (214, 150, 30)
ICON_COLOURS: dict[str, RGB] = {"STR": (214, 70, 50), "HP": (220, 60, 90), "SPD": (240, 190, 40),
                                "AUTO": (180, 30, 40), "REROLL": (70, 170, 220), "SHIELD": (120, 140, 170),
                                "FLY": (150, 200, 240), "RAGE_GAIN": (250, 110, 30), "MOVE": (120, 190, 90)}


def seat_colour(seat: Any) -> RGB:
    return SEAT[seat % 4] if is_seat(seat) else NEUTRAL


def seat_dark(seat: Any) -> RGB:
    return SEAT_DARK[seat % 4] if is_seat(seat) else INK


def seat_light(seat: Any) -> RGB:
    return SEAT_LIGHT[seat % 4] if is_seat(seat) else TEXT_DIM


# ---------------------------------------------------------------------------- names

def term(english: str) -> Msg:
    return data.term(english)


@lru_cache(maxsize=None)
def unit_data(tribe: str, tier: int) -> dict:
    try:
        return data.unit(tribe, tier)
    except KeyError:
        return {"id": f"{tribe}_{tier}", "tier": tier, "name": f"{tribe} {ROMAN.get(tier, tier)}", "strength": 0,
                "health": 0, "movement": 0, "speed": 0, "icons": {}, "max_models": 0}


@lru_cache(maxsize=None)
def item_data(item_id: str) -> dict:
    try:
        return data.item(item_id)
    except KeyError:
        return {"id": item_id, "name": str(item_id).replace("_", " ").title(), "slot": "weapon", "bonus": {}}


@lru_cache(maxsize=None)
def hero_data(hero_id: str) -> dict:
    return next((h for h in data.heroes() if h["id"] == hero_id),
                {"id": hero_id, "name": str(hero_id).replace("_", " ").title(), "cost": 0, "movement": 0,
                 "bonus": {}, "special": None})


@lru_cache(maxsize=None)
def elf_data(elf_id: str) -> dict:
    try:
        return data.elf(elf_id)
    except KeyError:
        return {"id": elf_id, "name": str(elf_id).title(), "strength": 0, "health": 0, "speed": 0, "icons": {},
                "draw_order": 9}


def tribe_name(tribe: str, lang: str) -> str:
    try:
        return words(term(data.tribe(tribe)["name"]), lang)
    except KeyError:
        return str(tribe or "?")


def unit_name(tribe: str, tier: int, lang: str) -> str:
    return words(term(unit_data(tribe, tier)["name"]), lang)


def item_name(item_id: str, lang: str) -> str:
    return words(term(item_data(item_id)["name"]), lang)


def hero_name(hero_id: str, lang: str) -> str:
    return words(term(hero_data(hero_id)["name"]), lang)


def elf_name(elf_id: str, lang: str) -> str:
    return words(term(elf_data(elf_id)["name"]), lang)


def short_mark(name: str) -> str:
    """A token's mark for a name: its number when it ends with one ("Hero 2" -> "2"), else its
    first letter (or Chinese character)."""
    name = name.strip()
    tail = name.split()[-1] if name.split() else ""
    if tail.isdigit():
        return tail
    return (name[:1].upper() or "?")


def elf_mark(elf_id: str, lang: str) -> str:
    return short_mark(elf_name(elf_id, lang))


def hero_mark(hero_id: str, lang: str) -> str:
    return short_mark(hero_name(hero_id, lang))


def elf_order(elf_id: str) -> tuple:
    return (elf_data(elf_id).get("draw_order", 9), elf_id)


@lru_cache(maxsize=None)
def tactic_data(card_id: str) -> dict:
    try:
        return data.tactic(card_id)
    except KeyError:
        return {"turn_order": "?", "income": 0, "reinforcement": {}}


# ---------------------------------------------------------------------------- small pictures both draw

def polygon(cx: float, cy: float, r: float, sides: int, start: float = -90) -> list[tuple[float, float]]:
    return [(cx + r * math.cos(math.radians(start + 360 * k / sides)),
             cy + r * math.sin(math.radians(start + 360 * k / sides))) for k in range(sides)]


def stone_shape(c, tier: int, cx: float, cy: float, r: float, outline: RGB = INK, numeral: bool = True,
                min_size: int = 9) -> None:
    """A reinforcement stone's mark: tier I a yellow square, II a blue pentagon, III a red hexagon;
    its tier's numeral on it (at least `min_size` px) unless `numeral` is false."""
    sides = STONE_SIDES.get(tier, 4)
    start = {4: -45, 5: -90, 6: 0}[sides]
    pts = polygon(cx, cy, r * (1.12 if sides == 4 else 1.0), sides, start)
    c.polygon(pts, fill=STONE.get(tier, NEUTRAL), outline=outline)
    c.line(pts + [pts[0]], fill=outline, width=max(1, round(r / 6)))
    if not numeral:
        return
    size = max(min_size, round(r * (0.95 if tier == 1 else 0.8 if tier == 2 else 0.7)))
    toolkit.text(c, (cx, cy + (r * 0.08 if sides == 5 else 0)), ROMAN.get(tier, "?"), font=font(size, True),
                 fill=INK if tier == 1 else WHITE, anchor="mm")


def hero_token(seat: Any, mark: str, r: int, size: int | None = None) -> Image.Image:
    """A hero: a crown over a gold-rimmed disc in its owner's colour, with its number or initial
    (`size` px, else as the disc allows)."""
    w, h = 2 * r + 3, 2 * r + 3 + round(r * 0.55)

    def paint(c: toolkit.Canvas) -> None:
        top = round(r * 0.55)
        k = r * 0.9
        c.polygon([(r + 1 - k, top + r * 0.35), (r + 1 - k, top - r * 0.05), (r + 1 - k * 0.45, top + r * 0.18),
                   (r + 1, top - r * 0.5), (r + 1 + k * 0.45, top + r * 0.18), (r + 1 + k, top - r * 0.05),
                   (r + 1 + k, top + r * 0.35)], fill=GOLD, outline=GOLD_DARK)
        c.ellipse((1, top + 1, 2 * r + 1, top + 2 * r + 1), fill=seat_colour(seat), outline=GOLD, width=max(2, r // 5))
        draw_text(c, (r + 1, top + r + 1), mark, size or max(9, round(r * 1.1)), WHITE, True, anchor="mm")
    return toolkit.drawn(("cor.hero", seat, mark, r, size), (w, h), paint)


def coin(d, cx: float, cy: float, r: float) -> None:
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=GOLD_DARK, width=max(1, round(r / 5)))
    d.ellipse((cx - r * 0.5, cy - r * 0.5, cx + r * 0.5, cy + r * 0.5), outline=GOLD_DARK, width=max(1, round(r / 7)))


def crystal(d, cx: float, cy: float, r: float) -> None:
    pts = [(cx, cy - r), (cx + r * 0.72, cy - r * 0.3), (cx + r * 0.5, cy + r), (cx - r * 0.5, cy + r),
           (cx - r * 0.72, cy - r * 0.3)]
    d.polygon(pts, fill=CRYSTAL, outline=CRYSTAL_DARK)
    d.line([(cx, cy - r), (cx, cy + r)], fill=CRYSTAL_DARK, width=1)


def icon(d, kind: str, cx: float, cy: float, r: float) -> None:
    """A stat or bonus icon in a disc of its colour: strength (a sword), health (a heart), speed
    (a bolt), movement (an arrow), auto-hit (a burst), reroll (a turning arrow), shield, flying (a
    wing), rage gain (a flame)."""
    colour = ICON_COLOURS.get(kind, NEUTRAL)
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=INK)
    k = r * 0.62
    w = max(2, round(r / 5))
    if kind == "STR":
        d.line((cx - k * 0.8, cy + k * 0.8, cx + k * 0.8, cy - k * 0.8), fill=WHITE, width=w)
        d.line((cx - k * 0.75, cy + k * 0.1, cx - k * 0.1, cy + k * 0.75), fill=WHITE, width=w)
    elif kind == "HP":
        d.polygon([(cx, cy + k * 0.9), (cx - k, cy - k * 0.05), (cx - k * 0.75, cy - k * 0.7), (cx - k * 0.25, cy - k * 0.75),
                   (cx, cy - k * 0.35), (cx + k * 0.25, cy - k * 0.75), (cx + k * 0.75, cy - k * 0.7),
                   (cx + k, cy - k * 0.05)], fill=WHITE)
    elif kind == "SPD":
        d.polygon([(cx + k * 0.2, cy - k), (cx - k * 0.6, cy + k * 0.15), (cx - k * 0.05, cy + k * 0.15),
                   (cx - k * 0.2, cy + k), (cx + k * 0.6, cy - k * 0.15), (cx + k * 0.05, cy - k * 0.15)], fill=INK)
    elif kind == "MOVE":
        d.polygon([(cx - k, cy - k * 0.3), (cx + k * 0.1, cy - k * 0.3), (cx + k * 0.1, cy - k * 0.8), (cx + k, cy),
                   (cx + k * 0.1, cy + k * 0.8), (cx + k * 0.1, cy + k * 0.3), (cx - k, cy + k * 0.3)], fill=WHITE)
    elif kind == "AUTO":
        pts = []
        for i in range(16):
            rr = k if i % 2 == 0 else k * 0.45
            a = -math.pi / 2 + i * math.pi / 8
            pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
        d.polygon(pts, fill=WHITE)
    elif kind == "REROLL":
        d.arc((cx - k, cy - k, cx + k, cy + k), 30, 320, fill=WHITE, width=w)
        d.polygon([(cx + k * 0.55, cy - k * 0.95), (cx + k * 1.05, cy - k * 0.35), (cx + k * 0.35, cy - k * 0.3)],
                  fill=WHITE)
    elif kind == "SHIELD":
        d.polygon([(cx - k * 0.8, cy - k * 0.8), (cx + k * 0.8, cy - k * 0.8), (cx + k * 0.8, cy),
                   (cx, cy + k), (cx - k * 0.8, cy)], fill=WHITE)
    elif kind == "FLY":
        d.polygon([(cx - k, cy - k * 0.5), (cx + k, cy - k * 0.1), (cx + k * 0.2, cy + k * 0.2), (cx + k * 0.7, cy + k * 0.4),
                   (cx - k * 0.1, cy + k * 0.7), (cx - k * 0.7, cy + k * 0.2)], fill=WHITE)
    elif kind == "RAGE_GAIN":
        d.polygon([(cx, cy - k), (cx + k * 0.7, cy + k * 0.1), (cx + k * 0.45, cy + k * 0.85),
                   (cx - k * 0.45, cy + k * 0.85), (cx - k * 0.7, cy + k * 0.1), (cx - k * 0.15, cy - k * 0.1)],
                  fill=(255, 230, 120))


ICON_ORDER = ("STR", "HP", "SPD", "AUTO", "REROLL", "SHIELD", "FLY", "RAGE_GAIN")


def bonus_row(d, x: float, cy: float, bonus: dict, r: int, size: int, fill: RGB = TEXT, plus: bool = True) -> float:
    """Icons with their values ("+2" beside a sword) from x; returns the x after the last."""
    for kind in [k for k in ICON_ORDER if k in bonus] + sorted(k for k in bonus if k not in ICON_ORDER):
        value = _int(bonus.get(kind))
        icon(d, kind, x + r, cy, r)
        x += 2 * r + 3
        if kind != "FLY" or value > 1:
            label = f"+{value}" if plus else str(value)
            toolkit.text(d, (x, cy), label, font=font(size, True), fill=fill, anchor="lm")
            x += tw(label, size, True) + 7
        else:
            x += 4
    return x


# ---------------------------------------------------------------------------- what the views carry

def target_vp(view: dict) -> Any:
    """The victory points that win, as the view says ("?" when it does not)."""
    return view.get("target_vp") or "?"


def _palette() -> toolkit.Palette:
    """Every colour either picture paints, with the tints it mixes (the PNG is paletted)."""
    base = toolkit.colours_in(BACKGROUND, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, INK, WHITE, GOLD, GOLD_DARK, CRYSTAL,
                              CRYSTAL_DARK, BATTLE, LAST, SEAT, SEAT_DARK, SEAT_LIGHT, NEUTRAL, ELF, ELF_DARK, PLAIN,
                              MOUNTAIN, MOUNTAIN_PEAK, SNOW, CITY, FORGE, ANVIL, EMBER, HEX_EDGE, LABEL, STONE, DIE,
                              CARD, CARD_INK, CARD_GREY, WEAPON, ARMOUR, LEGENDARY, ICON_COLOURS)
    tints = [mix(GOLD, PANEL, 0.82), mix(GOLD, PANEL, 0.75), mix(BATTLE, PANEL, 0.85), (150, 24, 24),
             (255, 230, 120), mix(WEAPON, PANEL, 0.8), mix(ARMOUR, PANEL, 0.8), mix(WEAPON, PANEL, 0.25),
             mix(ARMOUR, PANEL, 0.25), mix(LEGENDARY, PANEL, 0.25), mix(ELF, PANEL, 0.7)]
    for seat in range(4):
        tints += [mix(SEAT[seat], BACKGROUND, 0.45), mix(SEAT[seat], PANEL, 0.9), mix(SEAT[seat], PANEL, 0.7)]
    tints += [mix(STONE[t], CARD_INK, 0.35) for t in STONE]
    tints += [mix(STONE[t], CARD_INK, 0.2) for t in STONE] + [mix(mix(STONE[t], CARD_INK, 0.2), PANEL, 0.8)
                                                                for t in STONE]
    tints += [mix(WEAPON, PANEL, 0.4), mix(ARMOUR, PANEL, 0.4), mix(WEAPON, PANEL, 0.5), mix(ARMOUR, PANEL, 0.5)]
    return toolkit.Palette(base + tints)


PALETTE = _palette()
