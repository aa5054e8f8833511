"""The Skytear board picture: the public battlefield (render_board).

It takes the dict from engine.skytear's view() (engine/skytear/views.py), the seats' display names
and the reader's language, and returns PNG bytes. It is drawn only from public keys (it never
reads `hand`, `viewer`, nor a lead card's identity), so any seat's view draws the same channel
picture, and it draws only what the view carries: whose turn it is, each hero's values, the
stack's sides are facts of the view, never worked out here.

The battlefield is the map file's hexes (data/skytear/maps/<name>.json), pointy-top, from their
axial coordinates. The picture is landscape, 1100 px wide, for Discord's preview about 550 px
wide: every text is at least 18 px (9 px there). The header runs across; under it the map fills
the left column (620 px) and the sides' panels the right one; the key and the effect stack go
under the map, the common panel and the log in whichever column leaves the picture shorter.

What the map shows, and where:
- the hexes' names as on a chess board: each row's number at both its ends, each column's letter
  above the top row and under the bottom one (a letter a row lacks sits in the empty place at
  the end of that row); each hero's hex is also written on its row in the side's panel;
- the land: plain (green), lane (a sandy path), dome (a glowing violet, brighter inside), nexus
  (its side's colour, with a star), hiding hexes (darker, with bushes); white lines are thick
  white strokes on the exact edges they block (the land, lines and rulers of a map are drawn
  once and pasted);
- a tower (its side's colour, HP on it; at 0 HP a heap of ruins), the nexus's HP on a shield on
  its middle hex, with a padlock while protected, red and ringed in red once exposed;
- minions: a side's pawn on its own half of the hex (side 0 left, side 1 right: colour is never
  the only cue), control tokens as numbered gold discs, pillars as side-coloured squares,
  illusions as owner-coloured translucent diamonds (the hero's letter on them);
- a hero: a disc in its side's colour with its letter (hero_glyphs: one letter per hero, the
  same on the panels' and the hand's discs), ringed by its HP (a segment per HP, green, yellow
  or red), a dot per status in the status's colour (the panel names them, with counts, on tags
  of the same colours); exhausted heroes are dimmed with a tapped card beside them, the active
  hero has a gold ring and a gold hex; defeated heroes are off the map (in the panel, and under
  the round they come back on the round track);
- the Ancient Outsider: one large dark shape over its three hexes, ringed in its holder's
  colour, with its HP and status dots;
- the last move's hexes framed in magenta.

The panels: a key to these symbols (mana diamonds too), the effect stack (top first, numbered)
with the number of players still to answer, one panel per side (players, nexus, hand/deck/discard,
heroes with their hex, HP, armor, mana left, statuses, lead cards by orientation, cards lying on
them), the Outsider, victory cards with each side's tokens, the Skytear Vortex, the last reveals
and the log; long lines wrap rather than shrink.

Every word is drawn in the reader's language: the picture's own words are `Msg`s (the
"pictures" catalogue); names and terms as in palette.py.
"""
from __future__ import annotations

import json
import math
from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from engine.text import Msg, Seat, plural, term
from i18n import LIST_SEPARATOR
from render import toolkit
from render.common import draw_fitted, draw_text, font, words, wrap_text
from render.common import whole as _int
from render.skytear.palette import (
    BACKGROUND, BODY, BUSH, BUSH_LIGHT, DANGER, DATA_DIR, DOME, GAME, GOLD, HEAD, HEX_EDGE, HP_BACK,
    INK, LABEL_DARK, LABEL_LIGHT, LANE, MANA, LANE_HIDING, LAST, NEUTRAL, OUTSIDER, OUTSIDER_RIM, PALETTE, PANEL,
    PANEL_EDGE, PLAIN, PLAIN_HIDING, RGB, RUINS, RUINS_DARK, SIDE, SIDE_DARK, SIDE_LIGHT, SMALL, STATUS_COLOURS,
    STATUS_LETTERS, STATUS_NAMES, STATUS_ORDER, TEXT, TEXT_DIM, TOKEN, WHITE, card_name, hero_disc, hero_name,
    hero_glyphs, hp_colour, lead_icon, mana_pips, mix, names_of, seat_names, short_name, side_colour, victory_name,
    width_px)

SQRT3 = math.sqrt(3)
PHASE_NAMES = {"draft": Msg("Draft"), "mulligan": term(GAME, "mulligan"), "outsider": term(GAME, "Outsider phase"),
               "hero": term(GAME, "hero phase"), "minion": term(GAME, "minion phase"),
               "reset": term(GAME, "reset phase"), "over": Msg("Game over")}
ACTION_NAMES = {**{a: term(GAME, a.capitalize()) for a in ("move", "attack", "skirmish", "lead", "devotion")},
                "play": Msg("Play a card"), "card": Msg("Play a card"), "skill": Msg("Skill")}
STACK_KINDS = {"action": Msg("action"), "card": Msg("card"), "skill": Msg("skill"), "trigger": Msg("trigger")}
MAP_TITLES = {"two_lane": Msg("Two-lane battlefield"), "three_lane": Msg("Three-lane battlefield")}

# ---------------------------------------------------------------------------- geometry

WIDTH = 1100
MIN_TEXT = 18           # px: the least text drawn (9 px when Discord shows the picture 550 px wide)
MARGIN = 18
MAX_HEX = 40            # a hex's radius at most (a small map is not blown up)
HEADER_H = 122
PAD = 20                # panel padding, gutter between the two columns
MAP_W = 620             # the left column: the map with its rulers, then the panels that fit under it
RULER = 28              # room for the row numbers and column letters round the map
COL_X = MARGIN + MAP_W + PAD    # the right column: the sides' panels
COL_W = WIDTH - COL_X - MARGIN
LINE = 28


# ---------------------------------------------------------------------------- maps

_registered_maps: dict[str, dict] = {}


def register_map(data: dict) -> None:
    """Draw maps named `data["name"]` from `data` (a test's own map, in the map file's schema)."""
    _registered_maps[data["name"]] = data
    _geometry.cache_clear()


class Geometry:
    """A map's hexes in picture units: a hex of radius 1 centred at SQRT3*(q + r/2), 1.5*r."""

    def __init__(self, data: dict):
        self.name = data.get("name", "")
        self.title = data.get("title", "")
        self.hexes: dict[str, dict] = {h["id"]: h for h in data.get("hexes", [])}
        self.unit = {h: (SQRT3 * (d["q"] + d["r"] / 2), 1.5 * d["r"]) for h, d in self.hexes.items()}
        self.white_lines = [tuple(pair) for pair in data.get("white_lines", []) if len(pair) == 2]
        xs = [x for x, _ in self.unit.values()] or [0.0]
        ys = [y for _, y in self.unit.values()] or [0.0]
        self.left, self.right = min(xs) - SQRT3 / 2, max(xs) + SQRT3 / 2
        self.top, self.bottom = min(ys) - 1, max(ys) + 1
        # the nexus hex that carries the nexus's HP: the one nearest its side's nexus hexes' middle
        self.nexus_badge: dict[int, str] = {}
        for side in (0, 1):
            own = [h for h, d in self.hexes.items() if d.get("nexus") == side]
            if own:
                mx = sum(self.unit[h][0] for h in own) / len(own)
                my = sum(self.unit[h][1] for h in own) / len(own)
                self.nexus_badge[side] = min(own, key=lambda h: ((self.unit[h][0] - mx) ** 2
                                                                  + (self.unit[h][1] - my) ** 2, h))

    def size_for(self, width: int) -> float:
        return min(MAX_HEX, width / max(1e-6, self.right - self.left))

    def height_for(self, size: float) -> int:
        return math.ceil((self.bottom - self.top) * size)


@lru_cache(maxsize=16)
def _geometry(name: str) -> Geometry:
    data = _registered_maps.get(name)
    if data is None:
        path = DATA_DIR / "maps" / f"{name}.json"
        data = json.loads(path.read_text(encoding="utf-8")) if path.exists() else {"name": name, "hexes": []}
    return Geometry(data)


# ---------------------------------------------------------------------------- labels

def status_mark(status: str, lang: str = "en") -> str:
    """A status pip's letter: S H D F M X, or the first character of its Chinese name."""
    if lang != "en":
        said = words(STATUS_NAMES.get(status, status), lang)
        if said and not said.isascii():
            return said[0]
    return STATUS_LETTERS.get(status, status[:1].upper() or "?")


def _side_of(value: Any) -> int | None:
    return value if value in (0, 1) else None


def _statuses(model: dict) -> list[tuple[str, int]]:
    """A hero's or the Outsider's statuses with a count, in the rules' order."""
    found = {k: _int(v) for k, v in (model.get("statuses") or {}).items() if _int(v) > 0}
    return [(k, found[k]) for k in STATUS_ORDER if k in found] + \
        [(k, v) for k, v in sorted(found.items()) if k not in STATUS_ORDER]


# ---------------------------------------------------------------------------- pieces (kept sprites)

def _hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A pointy-top hexagon's corners, the top one first."""
    return [(cx + r * math.cos(math.radians(-90 + 60 * k)), cy + r * math.sin(math.radians(-90 + 60 * k)))
            for k in range(6)]


def _land(d: dict) -> str:
    if d.get("nexus") in (0, 1):
        return f"nexus{d['nexus']}"
    if d.get("dome"):
        return "dome"
    if d.get("lane") is not None or d.get("tower"):
        return "lane"
    return "plain"


def _bush(c: ImageDraw.ImageDraw, x: float, y: float, k: float) -> None:
    """A bush: three leafy puffs on the ground, `k` wide, its foot at (x, y)."""
    for dx, dy, r in ((-0.28, -0.30, 0.26), (0.28, -0.30, 0.26), (0.0, -0.46, 0.32)):
        c.ellipse((x + (dx - r) * k, y + (dy - r) * k, x + (dx + r) * k, y + (dy + r) * k), fill=BUSH)
    for dx, dy, r in ((-0.30, -0.36, 0.09), (0.04, -0.58, 0.10), (0.30, -0.34, 0.08)):
        c.ellipse((x + (dx - r) * k, y + (dy - r) * k, x + (dx + r) * k, y + (dy + r) * k), fill=BUSH_LIGHT)


def _star(cx: float, cy: float, r: float, points: int = 8, inner: float = 0.45) -> list[tuple[float, float]]:
    out = []
    for i in range(points * 2):
        rr = r if i % 2 == 0 else r * inner
        a = -math.pi / 2 + i * math.pi / points
        out.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
    return out


def _hex_tile(land: str, hiding: bool, size: float) -> Image.Image:
    """A hex of land: its fill (a glow for the dome, a star for a nexus), a bush on a hiding hex,
    a dark edge. Kept per land and size."""
    w, h = math.ceil(SQRT3 * size) + 2, math.ceil(2 * size) + 2

    def paint(c: toolkit.Canvas) -> None:
        cx, cy = w / 2, h / 2
        outer = _hex_points(cx, cy, size)
        if land == "dome":
            c.polygon(outer, fill=DOME[0])
            c.polygon(_hex_points(cx, cy, size * 0.78), fill=DOME[1])
            c.polygon(_hex_points(cx, cy, size * 0.5), fill=DOME[2])
        elif land.startswith("nexus"):
            side = int(land[-1])
            c.polygon(outer, fill=mix(SIDE[side], BACKGROUND, 0.5))
            c.polygon(_star(cx, cy + size * 0.05, size * 0.62), fill=mix(SIDE_LIGHT[side], SIDE[side], 0.5))
        else:
            fill = {"lane": LANE_HIDING if hiding else LANE}.get(land, PLAIN_HIDING if hiding else PLAIN)
            c.polygon(outer, fill=fill)
        if hiding:
            k = size * 0.62
            _bush(c, cx - size * 0.5, cy + size * 0.62, k)
            _bush(c, cx + size * 0.5, cy + size * 0.62, k)
        c.line(outer + [outer[0]], fill=HEX_EDGE, width=2)
    return toolkit.drawn(("skytear.hex", land, hiding, round(size, 2)), (w, h), paint)


def _tower_sprite(side: int, hp: int, size: float) -> Image.Image:
    """A tower: a turret with three merlons in its side's colour, its HP on it; at 0 HP a heap of
    ruins in grey."""
    w, h = round(size * 1.1), round(size * 1.25)

    def paint(c: toolkit.Canvas) -> None:
        if hp <= 0:
            stones = [(0.05, 0.62, 0.42, 0.98), (0.40, 0.70, 0.95, 0.98), (0.22, 0.42, 0.62, 0.72),
                      (0.58, 0.50, 0.86, 0.72)]
            for x0, y0, x1, y1 in stones:
                c.rounded_rectangle((x0 * w, y0 * h, x1 * w, y1 * h), radius=3, fill=RUINS, outline=RUINS_DARK,
                                    width=2)
            c.line((0.12 * w, 0.30 * h, 0.30 * w, 0.48 * h), fill=RUINS_DARK, width=3)
            return
        body = (w * 0.14, h * 0.26, w * 0.86, h - 2)
        for k in range(3):
            x0 = w * (0.06 + 0.33 * k)
            c.rectangle((x0, 1, x0 + w * 0.22, h * 0.30), fill=SIDE[side], outline=SIDE_DARK[side], width=2)
        c.rectangle((w * 0.06, h * 0.22, w * 0.94, h * 0.34), fill=SIDE[side], outline=SIDE_DARK[side], width=2)
        c.rectangle(body, fill=SIDE[side], outline=SIDE_DARK[side], width=2)
        c.rectangle((w * 0.08, h * 0.24, w * 0.92, h * 0.32), fill=SIDE[side])
        toolkit.text(c, (w / 2, h * 0.64), str(hp), font=font(max(MIN_TEXT, round(size * 0.6)), True), fill=WHITE,
                     anchor="mm", stroke_width=2, stroke_fill=SIDE_DARK[side])
    return toolkit.drawn(("skytear.tower", side, hp, round(size, 2)), (w, h), paint)


def _pawn(side: int, k: float) -> Image.Image:
    """A minion: a small pawn in its side's colour, `k` tall."""
    w, h = round(k * 0.78), round(k)

    def paint(c: toolkit.Canvas) -> None:
        head = k * 0.22
        body = [(w * 0.08, h - 2), (w * 0.3, h * 0.42), (w * 0.7, h * 0.42), (w * 0.92, h - 2)]
        c.polygon(body, fill=SIDE[side], outline=SIDE_DARK[side])
        c.line(body + [body[0]], fill=SIDE_DARK[side], width=2)
        c.ellipse((w / 2 - head, 2, w / 2 + head, 2 + 2 * head), fill=SIDE[side], outline=SIDE_DARK[side], width=2)
    return toolkit.drawn(("skytear.pawn", side, round(k, 2)), (w, h), paint)


def _padlock(c: ImageDraw.ImageDraw, x: float, y: float, k: float, fill: RGB, ink: RGB) -> None:
    """A small padlock with its top left at (x, y), `k` tall."""
    c.arc((x + k * 0.16, y, x + k * 0.64, y + k * 0.62), 180, 360, fill=ink, width=max(2, round(k / 7)))
    c.line((x + k * 0.16, y + k * 0.3, x + k * 0.16, y + k * 0.45), fill=ink, width=max(2, round(k / 7)))
    c.line((x + k * 0.64, y + k * 0.3, x + k * 0.64, y + k * 0.45), fill=ink, width=max(2, round(k / 7)))
    c.rounded_rectangle((x, y + k * 0.42, x + k * 0.8, y + k), radius=2, fill=fill, outline=ink, width=1)


def _nexus_badge(side: int, hp: int, exposed: bool, size: float) -> Image.Image:
    """The nexus's HP on its middle hex: a shield in its side's colour; a padlock while the
    towers protect it, a red rim once exposed."""
    w, h = round(size * 1.1), round(size * 1.2)

    def paint(c: toolkit.Canvas) -> None:
        shield = [(w * 0.08, h * 0.06), (w * 0.92, h * 0.06), (w * 0.92, h * 0.5), (w * 0.5, h * 0.96),
                  (w * 0.08, h * 0.5)]
        c.polygon(shield, fill=DANGER if exposed else SIDE_DARK[side])
        c.line(shield + [shield[0]], fill=WHITE if exposed else SIDE_LIGHT[side], width=3)
        toolkit.text(c, (w / 2, h * 0.40), str(hp), font=font(max(MIN_TEXT, round(size * 0.6)), True), fill=WHITE,
                     anchor="mm", stroke_width=2, stroke_fill=INK)
    return toolkit.drawn(("skytear.nexus", side, hp, exposed, round(size, 2)), (w, h), paint)


def _tapped(k: float) -> Image.Image:
    """An exhausted hero's mark: its card turned sideways (tapped), with a turning arrow."""
    w, h = round(k * 1.25), round(k * 1.05)

    def paint(c: toolkit.Canvas) -> None:
        card = Image.new("RGBA", (round(k * 0.62), round(k * 0.86)), (0, 0, 0, 0))
        cd = ImageDraw.Draw(card)
        cd.rounded_rectangle((0, 0, card.width - 1, card.height - 1), radius=3, fill=TEXT, outline=INK, width=2)
        cd.line((card.width * 0.25, card.height * 0.3, card.width * 0.75, card.height * 0.3), fill=TEXT_DIM, width=2)
        cd.line((card.width * 0.25, card.height * 0.5, card.width * 0.75, card.height * 0.5), fill=TEXT_DIM, width=2)
        turned = card.rotate(-60, expand=True, resample=Image.Resampling.BICUBIC)
        c.image.alpha_composite(turned, (max(0, (w - turned.width) // 2), max(0, (h - turned.height) // 2)))
    return toolkit.drawn(("skytear.tapped", round(k, 2)), (w, h), paint)


def _hp_bar(draw: ImageDraw.ImageDraw, x: float, y: float, w: float, h: float, hp: int, max_hp: int) -> None:
    """A bar of `max_hp` segments, `hp` of them lit in green, yellow or red."""
    x, y, w, h = round(x), round(y), round(w), round(h)
    draw.rectangle((x - 1, y - 1, x + w + 1, y + h + 1), fill=HP_BACK)
    max_hp = max(1, max_hp)
    lit = max(0, min(hp, max_hp))
    colour = hp_colour(hp, max_hp)
    step = w / max_hp
    for k in range(lit):
        x0 = x + round(k * step)
        x1 = x + round((k + 1) * step) - (1 if max_hp <= 16 and k < max_hp - 1 else 0)
        draw.rectangle((x0, y, max(x0, x1 - 1), y + h), fill=colour)


def _diamond(w: int, h: int, fill: RGB, alpha: int, rim: RGB) -> Image.Image:
    def paint(c: toolkit.Canvas) -> None:
        pts = [(w / 2, 1), (w - 2, h / 2), (w / 2, h - 2), (1, h / 2)]
        layer = Image.new("RGBA", (w, h), (0, 0, 0, 0))
        ImageDraw.Draw(layer).polygon(pts, fill=fill + (alpha,))
        c.image.alpha_composite(layer)
        c.line(pts + [pts[0]], fill=rim, width=2)
    return toolkit.drawn(("skytear.diamond", w, h, fill, alpha, rim), (w, h), paint)


def _paste_centred(d, part: Image.Image, cx: float, cy: float) -> None:
    toolkit.paste(d, part, (round(cx - part.width / 2), round(cy - part.height / 2)))


# ---------------------------------------------------------------------------- the board

def _seats_of(view: dict, side: int) -> list[int]:
    sides = view.get("sides") or []
    if 0 <= side < len(sides) and isinstance(sides[side], dict):
        return [s for s in sides[side].get("seats") or [] if isinstance(s, int)]
    return [side]


def _side_names(view: dict, side: Any, say) -> str:
    if side not in (0, 1):
        return "?"
    return " & ".join(say(Seat(s)) for s in _seats_of(view, side)) or "?"


class _Board:
    """The layout and drawing of one board picture."""

    def __init__(self, view: dict, names, lang: str):
        self.view = view
        self.lang = lang
        self.names = seat_names(names, lang)
        self.geo = _geometry(str(view.get("map") or ""))
        self.size = self.geo.size_for(MAP_W - 2 * RULER)
        self.map_w = round((self.geo.right - self.geo.left) * self.size)
        self.map_h = self.geo.height_for(self.size) + 2 * RULER
        self.ox = MARGIN + (MAP_W - self.map_w) / 2 - self.geo.left * self.size
        self.oy = HEADER_H + 4 + RULER - self.geo.top * self.size
        self.glyphs = hero_glyphs(view, lang)

    def say(self, text: Any) -> str:
        return words(text, self.lang, self.names)

    def centre(self, label: str) -> tuple[float, float] | None:
        unit = self.geo.unit.get(label)
        if unit is None:
            return None
        return self.ox + unit[0] * self.size, self.oy + unit[1] * self.size

    # ------------------------------------------------------------------ the whole picture
    def render(self) -> bytes:
        """The header across; under it, on the left the map and the panels that fit under it
        (the key, the stack), on the right the sides' panels; the common panel and the log go
        where there is less."""
        left_top = HEADER_H + 4 + self.map_h + 6
        right_top = HEADER_H + 4
        left = [s for s in (self._key_section(MAP_W), self._stack_section(MAP_W)) if s]
        right = [self._sides_section(COL_W)]
        if self.view.get("result") or self.view.get("phase") == "over":
            right.insert(0, self._result_section(COL_W))
        best = None
        made = {(make, w): make(w) for make in (self._common_section, self._log_section) for w in (MAP_W, COL_W)}
        for where in ((0, 0), (0, 1), (1, 0), (1, 1)):   # the common panel's column, the log's
            columns = [(MARGIN, MAP_W, left_top, list(left)), (COL_X, COL_W, right_top, list(right))]
            for make, k in zip((self._common_section, self._log_section), where):
                section = made[make, columns[k][1]]
                if section:
                    columns[k][3].append(section)
            height = max(top + sum(h for h, _ in parts) for _x, _w, top, parts in columns) + MARGIN
            if best is None or height < best[0]:
                best = (height, columns)
        height, columns = best
        img = Image.new("RGB", (WIDTH, height), BACKGROUND)
        d = toolkit.canvas(img)
        self._header(d)
        self._map(d)
        for x, w, y, parts in columns:
            for h, paint in parts:
                paint(d, x, y)
                y += h
        return PALETTE.png(img)

    # ------------------------------------------------------------------ header
    def _header(self, d: toolkit.Canvas) -> None:
        view = self.view
        d.rectangle((0, 0, WIDTH, HEADER_H - 6), fill=PANEL)
        title = self.say(Msg("SKYTEAR"))
        draw_text(d, (MARGIN, 28), title, 30, TEXT, True, anchor="lm")
        x = MARGIN + width_px(title, 30, True) + 16
        map_title = MAP_TITLES.get(str(view.get("map")), self.geo.title or str(view.get("map") or ""))
        title_w = draw_fitted(d, (x, 30), self.say(map_title), SMALL, 300, TEXT_DIM, anchor="lm")
        turn, colour = self._turn_text()
        if turn:
            draw_fitted(d, (WIDTH - MARGIN, 28), turn, 28, WIDTH - x - title_w - MARGIN - 30, colour, True,
                        anchor="rm", min_size=18)
        # the round track: a box per round, the Skytear token on this one, defeated heroes under
        # the round they come back
        rounds = max(1, _int(view.get("rounds"), 5))
        current = _int(view.get("round"), 1)
        box, gap, top = 44, 6, 58
        label = self.say(Msg("Round"))
        draw_text(d, (MARGIN, top + 19), label, SMALL, TEXT_DIM, anchor="lm")
        x = MARGIN + width_px(label, SMALL) + 10
        returning: dict[int, list[dict]] = {}
        for hero in view.get("heroes") or []:
            if hero.get("state") == "defeated" and isinstance(hero.get("returns"), int):
                returning.setdefault(hero["returns"], []).append(hero)
        for k in range(1, rounds + 1):
            x0 = x + (k - 1) * (box + gap)
            now = k == current
            fill = GOLD if now else (mix(PANEL_EDGE, PANEL, 0.4) if k < current else PANEL_EDGE)
            toolkit.round_box(d, (x0, top, x0 + box, top + 38), radius=7, fill=fill)
            toolkit.text(d, (x0 + box / 2, top + 19), str(k), font=font(22, True), fill=INK if now else
                         (TEXT_DIM if k < current else TEXT), anchor="mm")
            back = returning.get(k, [])
            for j, hero in enumerate(back[:4]):
                step = min(22, (box - 20) / max(1, len(back) - 1)) if len(back) > 1 else 0
                cx = x0 + box / 2 - step * (len(back[:4]) - 1) / 2 + j * step
                _paste_centred(d, hero_disc(self.glyphs.get(hero.get("id", "?"), "?"), hero.get("side"), 13,
                                            False, False, self.lang, text_px=MIN_TEXT), cx, top + 48)
        x += rounds * (box + gap) + 10
        sub = self._activation_text()
        sub_w = min(width_px(sub, BODY), WIDTH // 2 - 40) if sub else 0
        if sub:
            draw_fitted(d, (WIDTH - MARGIN, top + 19), sub, BODY, sub_w, TEXT, anchor="rm", min_size=MIN_TEXT)
        phase = str(view.get("phase") or "")
        if phase == "discard" and isinstance(view.get("hand_limit"), int):
            said = self.say(Msg("Discard to {n}", n=view["hand_limit"]))
        else:
            said = self.say(PHASE_NAMES.get(phase, phase))
        said = said[:1].upper() + said[1:]
        room = WIDTH - MARGIN - sub_w - 30 - x
        w = draw_fitted(d, (x, top + 19), said, BODY, room, TEXT, True, anchor="lm", min_size=MIN_TEXT)
        mana = "· " + self.say(Msg("mana {mana} per hero", mana=_int(view.get("mana"), current)))
        if phase not in ("over", "draft", "mulligan") and room - w - 10 >= width_px(mana, BODY):
            draw_fitted(d, (x + w + 10, top + 19), mana, BODY, room - w - 10, TEXT_DIM, anchor="lm",
                        min_size=MIN_TEXT)

    def _turn_text(self) -> tuple[str, RGB]:
        view = self.view
        if view.get("result") or view.get("phase") == "over":
            return self.say(Msg("Game over")), GOLD
        waiting = _int(view.get("waiting"))
        if view.get("stack") and waiting:
            return self.say(plural("Waiting for {n} response", "Waiting for {n} responses", waiting)), GOLD
        side = _side_of(view.get("acting_side"))
        if isinstance(view.get("acting_seat"), int):
            return "▶ " + self.say(Seat(view["acting_seat"])), side_colour(side)
        if side is not None:
            return "▶ " + _side_names(view, side, self.say), side_colour(side)
        return "", TEXT

    def _activation_text(self) -> str:
        act = self.view.get("activation") or {}
        if not act.get("hero"):
            return ""
        done = [ACTION_NAMES.get(str(a), str(a)) for a in act.get("done") or []]
        ap = _int(act.get("ap"))
        hero = hero_name(act["hero"], self.lang)
        if done:
            return self.say(Msg("{hero}: {ap} AP left · done: {actions}", hero=hero, ap=ap, actions=done))
        return self.say(Msg("{hero}: {ap} AP left", hero=hero, ap=ap))

    # ------------------------------------------------------------------ the map
    def _map(self, d: toolkit.Canvas) -> None:
        view, s = self.view, self.size
        # the land, the white lines and the rulers are the same in every picture of a map: drawn once
        base = toolkit.sprite(("skytear.map", self.geo, round(s, 3), self.map_h, MAP_W), self._map_base)
        toolkit.paste(d, base, (MARGIN, HEADER_H + 4))
        last = view.get("last") or {}
        for label in last.get("hexes") or []:
            c = self.centre(label)
            if c:
                d.line(_hex_points(*c, s - 3) + [_hex_points(*c, s - 3)[0]], fill=LAST, width=max(4, round(s / 10)))
                inner = _hex_points(*c, s - 3 - max(4, round(s / 10)))
                d.line(inner + [inner[0]], fill=WHITE, width=1)
        occupied = self._occupants()
        self._structures(d)
        self._outsider(d)
        self._tokens(d, occupied)
        self._minions(d)
        self._heroes(d)

    def _map_base(self) -> Image.Image:
        """The map's land, white lines and rulers on the map column's background."""
        img = Image.new("RGB", (MAP_W, self.map_h), BACKGROUND)
        d = toolkit.canvas(img)
        ox, oy = self.ox, self.oy
        self.ox, self.oy = ox - MARGIN, oy - HEADER_H - 4
        try:
            self._draw_land(d)
        finally:
            self.ox, self.oy = ox, oy
        return img

    def _draw_land(self, d: toolkit.Canvas) -> None:
        geo, s = self.geo, self.size
        for label, data in geo.hexes.items():
            cx, cy = self.centre(label)
            _paste_centred(d, _hex_tile(_land(data), bool(data.get("hiding")), s), cx, cy)
        # white lines: thick white strokes on the exact edge the two hexes share
        for a, b in geo.white_lines:
            ca, cb = self.centre(a), self.centre(b)
            if ca is None or cb is None:
                continue
            mx, my = (ca[0] + cb[0]) / 2, (ca[1] + cb[1]) / 2
            dx, dy = cb[0] - ca[0], cb[1] - ca[1]
            length = math.hypot(dx, dy) or 1
            px, py = -dy / length * s / 2, dx / length * s / 2
            d.line((mx - px, my - py, mx + px, my + py), fill=WHITE, width=max(4, round(s / 8)))
            for ex, ey in ((mx - px, my - py), (mx + px, my + py)):
                r = max(2, round(s / 16))
                d.ellipse((ex - r, ey - r, ex + r, ey + r), fill=WHITE)
        self._labels(d, 0)

    def _occupants(self) -> set[str]:
        """Hexes where a model stands (a token or pillar then goes to the hex's corner)."""
        view = self.view
        taken = {h.get("hex") for h in view.get("heroes") or [] if h.get("hex")}
        taken |= {m.get("hex") for m in view.get("minions") or []}
        taken |= set((view.get("outsider") or {}).get("hexes") or [])
        taken |= {t.get("hex") for t in view.get("towers") or []}
        return taken

    def _structures(self, d: toolkit.Canvas) -> None:
        view, s = self.view, self.size
        for tower in view.get("towers") or []:
            c = self.centre(tower.get("hex", ""))
            side = _side_of(tower.get("side"))
            if c and side is not None:
                _paste_centred(d, _tower_sprite(side, max(0, _int(tower.get("hp"))), s), c[0], c[1] + s * 0.1)
        for side, info in enumerate((view.get("sides") or [])[:2]):
            label = self.geo.nexus_badge.get(side)
            c = self.centre(label) if label else None
            if not c or not isinstance(info, dict):
                continue
            exposed = bool(info.get("nexus_exposed"))
            hp = max(0, _int(info.get("nexus_hp")))
            if exposed:
                d.ellipse((c[0] - s * 0.78, c[1] - s * 0.78, c[0] + s * 0.78, c[1] + s * 0.78), outline=DANGER,
                          width=max(3, round(s / 12)))
            _paste_centred(d, _nexus_badge(side, hp, exposed, s), c[0], c[1] + s * 0.06)
            if not exposed:
                k = s * 0.36
                _padlock(d, c[0] + s * 0.3, c[1] + s * 0.18, k, GOLD, INK)

    def _outsider(self, d: toolkit.Canvas) -> None:
        out = self.view.get("outsider") or {}
        centres = [c for c in (self.centre(h) for h in out.get("hexes") or []) if c]
        if not centres:
            return
        s = self.size
        holder = _side_of(out.get("holder"))
        rim = side_colour(holder) if holder is not None else OUTSIDER_RIM
        for colour, grow in ((rim, 5), (OUTSIDER, 0)):
            width = round(s * 0.95) + 2 * grow
            for i, a in enumerate(centres):
                for b in centres[i + 1:]:
                    d.line((a, b), fill=colour, width=width)
            for cx, cy in centres:
                r = s * 0.62 + grow
                d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour)
            if len(centres) == 3:
                d.polygon(centres, fill=colour)
        mx = sum(c[0] for c in centres) / len(centres)
        my = sum(c[1] for c in centres) / len(centres)
        hp, max_hp = _int(out.get("hp")), max(1, _int(out.get("max_hp"), 10))
        text_px = max(MIN_TEXT, round(s * 0.45))   # its name is in the panel (and its shape in the key)
        toolkit.text(d, (mx, my - s * 0.12), f"{hp}/{max_hp}", font=font(text_px, True), fill=WHITE,
                     anchor="mm", stroke_width=2, stroke_fill=INK)
        bar_w = s * 1.3
        _hp_bar(d, mx - bar_w / 2, my + s * 0.32, bar_w, max(5, s * 0.18), hp, max_hp)
        self._status_dots(d, _statuses(out), mx + s * 0.95, my - s * 0.5)

    def _tokens(self, d: toolkit.Canvas, occupied: set[str]) -> None:
        view, s = self.view, self.size
        for pillar in view.get("pillars") or []:
            c = self.centre(pillar.get("hex", ""))
            side = _side_of(pillar.get("side"))
            if not c or side is None:
                continue
            corner = pillar.get("hex") in occupied
            k = s * (0.26 if corner else 0.36)
            x, y = (c[0] - s * 0.56, c[1] - s * 0.28) if corner else (c[0], c[1] + s * 0.05)
            d.rectangle((x - k, y - k, x + k, y + k), fill=SIDE[side], outline=WHITE, width=2)
            d.rectangle((x - k - 2, y - k - 2, x + k + 2, y + k + 2), outline=SIDE_DARK[side], width=2)
            d.line((x - k * 0.5, y + k * 0.5, x + k * 0.5, y + k * 0.5), fill=SIDE_DARK[side], width=2)
        for illusion in view.get("illusions") or []:
            c = self.centre(illusion.get("hex", ""))
            side = _side_of(illusion.get("side"))
            if not c:
                continue
            corner = illusion.get("hex") in occupied
            w, h = (round(s * 0.52), round(s * 0.7)) if corner else (round(s * 0.9), round(s * 1.2))
            x, y = (c[0] - s * 0.55, c[1] - s * 0.05) if corner else (c[0], c[1] + s * 0.05)
            _paste_centred(d, _diamond(w, h, side_colour(side), 120, mix(side_colour(side), WHITE, 0.5)), x, y)
            label = self.glyphs.get(illusion.get("hero", ""), "?")
            if not corner:
                draw_text(d, (x, y), label, MIN_TEXT, WHITE, True, anchor="mm")
        for token in view.get("tokens") or []:
            c = self.centre(token.get("hex", ""))
            if not c:
                continue
            corner = token.get("hex") in occupied
            r = max(11, round(s * (0.3 if corner else 0.42)))
            x, y = (c[0] + s * 0.56, c[1] - s * 0.38) if corner else (c[0], c[1] + s * 0.04)
            toolkit.disc(d, (round(x), round(y)), r, TOKEN, outline=INK, width=2, label=str(token.get("number", "?")),
                         font=font(max(MIN_TEXT, round(r * 1.2)), True), ink=INK)

    def _minions(self, d: toolkit.Canvas) -> None:
        s = self.size
        for minion in self.view.get("minions") or []:
            c = self.centre(minion.get("hex", ""))
            side = _side_of(minion.get("side"))
            if c and side is not None:
                dx = -0.36 if side == 0 else 0.36
                _paste_centred(d, _pawn(side, s * 0.8), c[0] + dx * s, c[1] + s * 0.18)

    def _heroes(self, d: toolkit.Canvas) -> None:
        view, s = self.view, self.size
        act = (view.get("activation") or {}).get("hero")
        r = max(14, round(s * 0.82))
        text_px = max(MIN_TEXT, round(r * 0.8))
        for hero in view.get("heroes") or []:
            c = self.centre(hero.get("hex") or "")
            if not c or hero.get("state") == "defeated":
                continue
            hid = hero.get("id", "?")
            dim = hero.get("state") == "exhausted"
            active = hid == act
            cx, cy = c[0], c[1] + s * 0.04
            if active:
                pts = _hex_points(*c, s - 2)
                d.line(pts + [pts[0]], fill=GOLD, width=max(3, round(s / 12)))
            hp, max_hp = _int(hero.get("hp")), max(1, _int(hero.get("max_hp"), 1))
            _paste_centred(d, hero_disc(self.glyphs.get(hid, "?"), hero.get("side"), r, dim, active, self.lang,
                                        hp, max_hp, text_px), cx, cy)
            if dim:
                _paste_centred(d, _tapped(s * 0.5), cx - r * 0.92, cy + r * 0.62)
            statuses = [(k, _int(v)) for k, v in _statuses(hero)]
            self._status_dots(d, statuses, cx + r * 0.72, cy - r * 0.72)

    def _status_dots(self, d: toolkit.Canvas, statuses: list[tuple[str, int]], x: float, y: float) -> None:
        """A dot per status in the status's colour, down from (x, y) (the names and counts are in
        the side's panel, on tags of the same colours)."""
        r = max(4, round(self.size * 0.17))
        for k, (status, _count) in enumerate(statuses[:4]):
            cy = y + k * (2 * r + 1)
            d.ellipse((x - r, cy - r, x + r, cy + r), fill=STATUS_COLOURS.get(status, NEUTRAL), outline=INK, width=1)

    def _labels(self, d: toolkit.Canvas, x0: float) -> None:
        """The hexes' names as on a chess board: the row's number at both ends of each row, the
        column's letter above the top row and under the bottom one (a column's hexes zigzag: a
        row between them sits half a hex to the right). Every hex of a row is on one line."""
        s = self.size
        rows: dict[int, list[tuple[str, float, float]]] = {}
        for label in self.geo.hexes:
            letters = label.rstrip("0123456789")
            number = label[len(letters):]
            if letters and number.isdigit():
                cx, cy = self.centre(label)
                rows.setdefault(int(number), []).append((letters, cx, cy))
        if not rows:
            return
        f = font(MIN_TEXT, True)
        left, right = x0 + RULER - 6, x0 + MAP_W - RULER + 6
        for number, hexes in rows.items():
            cy = hexes[0][2]
            toolkit.text(d, (left, cy), str(number), font=f, fill=TEXT_DIM, anchor="rm")
            toolkit.text(d, (right, cy), str(number), font=f, fill=TEXT_DIM, anchor="lm")
        first, last = min(rows), max(rows)
        middle = self.ox + (self.geo.left + self.geo.right) / 2 * s
        for row, dy in ((first, -(s + RULER / 2)), (last, s + RULER / 2)):
            y = rows[row][0][2]
            for letters, cx, _cy in rows[row]:
                toolkit.text(d, (cx, y + dy), letters, font=f, fill=TEXT_DIM, anchor="mm")
            # a column this row lacks (its hexes only in the rows between): its letter in the
            # empty place at the end of this row, next to the column's nearest hex
            have = {letters for letters, _x, _y in rows[row]}
            for other in sorted(rows, key=lambda n: abs(n - row)):
                for letters, cx, _cy in rows[other]:
                    if letters not in have:
                        have.add(letters)
                        out = 1 if cx > middle else -1
                        toolkit.text(d, (cx + out * s * 0.45, y), letters, font=f, fill=TEXT_DIM, anchor="mm")

    # ------------------------------------------------------------------ the panels
    def _lines(self, text: str, size: int, width: float, bold: bool = False) -> list[str]:
        return wrap_text(text, size, width, bold) or [""]

    def _result_section(self, w: int):
        view = self.view
        result = view.get("result") or {}
        winners = [p for p in result.get("winners") or [] if isinstance(p, int)]
        side = result.get("side") if result.get("side") in (0, 1) else None
        if winners:
            head = Msg("{players} win!", players=[Seat(p) for p in winners]) if len(winners) > 1 else \
                Msg("{player} wins!", player=Seat(winners[0]))
        elif side is not None:
            head = Msg("{players} win!", players=[Seat(p) for p in _seats_of(view, side)])
        elif result:
            head = Msg("Drawn game")
        else:
            head = Msg("Game over")
        heads = self._lines(self.say(head), 30, w - 40, True)
        reason = self._lines(self.say(result.get("reason")), BODY, w - 40) if result.get("reason") else []
        h = 24 + 40 * len(heads) + LINE * len(reason) + 16

        def paint(d: toolkit.Canvas, x: int, y: int) -> None:
            accent = side_colour(side) if side is not None else GOLD
            toolkit.round_box(d, (x, y, x + w, y + h - 12), radius=10, fill=mix(GOLD, BACKGROUND, 0.15),
                              outline=accent, width=5)
            ly = y + 12
            for line in heads:
                draw_text(d, (x + 20, ly + 20), line, 30, INK, True, anchor="lm")
                ly += 40
            for line in reason:
                draw_text(d, (x + 20, ly + LINE // 2), line, BODY, INK, anchor="lm")
                ly += LINE
        return h, paint

    def _key_entries(self) -> list[tuple[str, Any]]:
        view = self.view
        out: list[tuple[str, Any]] = [("tower", Msg("{thing} (HP)", thing=term(GAME, "tower"))),
                                      ("nexus", Msg("{thing} (HP)", thing=term(GAME, "nexus"))),
                                      ("minion", term(GAME, "minion")), ("mana", term(GAME, "mana")),
                                      ("token", term(GAME, "control token")),
                                      ("hiding", term(GAME, "hiding hex")), ("dome", term(GAME, "dome")),
                                      ("line", Msg("{thing} (blocks sight)", thing=term(GAME, "white line")))]
        if view.get("pillars"):
            out.append(("pillar", term(GAME, "pillar")))
        if view.get("illusions"):
            out.append(("illusion", term(GAME, "illusion")))
        if any(h.get("state") == "exhausted" for h in view.get("heroes") or []):
            out.append(("tapped", term(GAME, "exhausted")))
        if view.get("last"):
            out.append(("last", Msg("last move")))
        return out

    def _key_section(self, width: int):
        entries = self._key_entries()
        icon, gap = 40, 18
        items = [(kind, self.say(text)) for kind, text in entries]
        # lay the entries out in rows, as many as fit
        rows: list[list[tuple[str, str, int]]] = [[]]
        x = 0
        for kind, text in items:
            w = icon + 6 + width_px(text, SMALL)
            if rows[-1] and x + w > width:
                rows.append([])
                x = 0
            rows[-1].append((kind, text, x))
            x += w + gap
        last = self.view.get("last") or {}
        caption = self._lines(self.say(Msg("Last move: {text}", text=self.say(last.get("text")))), BODY,
                              width - 34) if last.get("text") else []
        row_h = 38
        h = len(rows) * row_h + LINE * len(caption) + 10
        s = 26.0

        pad = 4   # the icons reach a little past their rows

        def entries(d: toolkit.Canvas) -> None:
            for r, row in enumerate(rows):
                cy = pad + r * row_h + row_h // 2
                for kind, text, x in row:
                    self._key_icon(d, kind, x + icon / 2, cy, s)
                    draw_text(d, (x + icon + 6, cy), text, SMALL, TEXT_DIM, anchor="lm")

        def paint(d: toolkit.Canvas, x0: int, y: int) -> None:
            # the entries change only when a kind of piece comes or goes: kept
            toolkit.paste(d, self._kept(("key", repr(rows)), (width + 1, len(rows) * row_h + 2 * pad), entries),
                          (x0, y - pad))
            cy = y + len(rows) * row_h + LINE // 2
            if caption:
                d.rectangle((x0, cy - 9, x0 + 22, cy + 9), outline=LAST, width=4)
            for line in caption:
                draw_text(d, (x0 + 34, cy), line, BODY, TEXT, anchor="lm")
                cy += LINE
        return h, paint

    def _key_icon(self, d: toolkit.Canvas, kind: str, cx: float, cy: float, s: float) -> None:
        side = 0
        if kind == "tower":
            _paste_centred(d, _tower_sprite(side, 5, s * 1.3), cx, cy)
        elif kind == "nexus":
            _paste_centred(d, _hex_tile("nexus0", False, s * 0.75), cx, cy)
            _paste_centred(d, _nexus_badge(side, 5, False, s * 0.75), cx, cy)
        elif kind == "minion":
            _paste_centred(d, _pawn(0, s * 0.95), cx - 8, cy)
            _paste_centred(d, _pawn(1, s * 0.95), cx + 8, cy)
        elif kind == "mana":
            for dx, filled in ((-5, True), (7, False)):
                pts = [(cx + dx, cy - 11), (cx + dx + 8, cy), (cx + dx, cy + 11), (cx + dx - 8, cy)]
                if filled:
                    d.polygon(pts, fill=MANA, outline=INK)
                else:
                    d.line(pts + [pts[0]], fill=TEXT_DIM, width=2)
        elif kind == "token":
            toolkit.disc(d, (round(cx), round(cy)), 13, TOKEN, outline=INK, width=2, label="1",
                         font=font(MIN_TEXT, True), ink=INK)
        elif kind in ("hiding", "dome"):
            _paste_centred(d, _hex_tile("plain" if kind == "hiding" else "dome", kind == "hiding", s * 0.75), cx, cy)
        elif kind == "line":
            _paste_centred(d, _hex_tile("plain", False, s * 0.75), cx, cy)
            d.line((cx + s * 0.32, cy - s * 0.55, cx + s * 0.32, cy + s * 0.55), fill=WHITE, width=5)
        elif kind == "pillar":
            d.rectangle((cx - 9, cy - 9, cx + 9, cy + 9), fill=SIDE[0], outline=WHITE, width=2)
            d.rectangle((cx - 11, cy - 11, cx + 11, cy + 11), outline=SIDE_DARK[0], width=2)
        elif kind == "illusion":
            _paste_centred(d, _diamond(24, 32, SIDE[0], 120, mix(SIDE[0], WHITE, 0.5)), cx, cy)
        elif kind == "tapped":
            _paste_centred(d, _tapped(30), cx, cy)
        elif kind == "last":
            pts = _hex_points(cx, cy, s * 0.72)
            d.line(pts + [pts[0]], fill=LAST, width=4)
    # -- the effect stack
    def _stack_section(self, w: int):
        view = self.view
        stack = [e for e in view.get("stack") or [] if isinstance(e, dict)]
        if not stack:
            return None
        waiting = _int(view.get("waiting"))
        head = self.say(Msg("Effect stack (top resolves first)"))
        heads = self._lines(head, HEAD, w - 32, True)
        wait = self._lines(self.say(plural("waiting for {n} player to pass or respond",
                                           "waiting for {n} players to pass or respond", waiting)), BODY,
                           w - 32) if waiting else []
        entries = []
        for k, entry in enumerate(reversed(stack)):
            kind = STACK_KINDS.get(str(entry.get("kind")), "")
            seat, side = entry.get("seat"), _side_of(entry.get("side"))
            text = self.say(entry.get("text"))
            lead = []   # who added it (unless the text says it) and the kind of entry, before the text
            if isinstance(seat, int):
                who = self.say(Seat(seat))
                if who not in text:
                    lead.append(who)
            if kind:
                lead.append(f"[{self.say(kind)}]")
            line = " ".join(lead + [text])
            entries.append((k + 1, self._lines(line, BODY, w - 70), seat, side))
        h = 16 + 34 * len(heads) + LINE * len(wait) + sum(LINE * len(lines) for _n, lines, _s, _d in entries) + 22

        def paint(d: toolkit.Canvas, x: int, y: int) -> None:
            toolkit.round_box(d, (x, y + 2, x + w, y + h - 10), radius=10, fill=mix(GOLD, PANEL, 0.88), outline=GOLD,
                              width=3)
            ly = y + 12
            for line in heads:
                draw_text(d, (x + 16, ly + 17), line, HEAD, GOLD, True, anchor="lm")
                ly += 34
            for line in wait:
                draw_text(d, (x + 16, ly + LINE // 2), line, BODY, TEXT, anchor="lm")
                ly += LINE
            for number, lines, seat, side in entries:
                toolkit.disc(d, (x + 28, ly + LINE // 2), 13, GOLD if number == 1 else PANEL_EDGE,
                             label=str(number), font=font(MIN_TEXT, True), ink=INK if number == 1 else TEXT)
                if isinstance(seat, int):   # who added it: a bar in the side's colour
                    d.rectangle((x + 48, ly + 4, x + 53, ly + LINE * len(lines) - 4), fill=side_colour(side))
                for line in lines:
                    draw_text(d, (x + 62, ly + LINE // 2), line, BODY, TEXT, anchor="lm")
                    ly += LINE
        return h, paint

    # -- a panel per side
    def _side_lines(self, side: int, w: int) -> list[tuple]:
        """The rows of a side's panel as (kind, data, height)."""
        view = self.view
        rows: list[tuple] = [("title", side, 40), ("nexus", side, LINE + 4)]
        for seat in _seats_of(view, side):
            lines = self._lines(self._seat_text(seat), SMALL, w)
            rows.append(("seat", lines, (LINE - 4) * len(lines)))
        rows.append(("gap", None, 8))
        for hero in [h for h in view.get("heroes") or [] if h.get("side") == side]:
            extra = self._hero_extra(hero, w)
            rows.append(("hero", (hero, extra), 64 + (LINE if extra else 0)))
            names = [card_name(view, p, self.lang) for p in hero.get("played") or [] if p]
            if names:
                sep = LIST_SEPARATOR.get(self.lang, ", ")
                lines = self._lines(self.say(Msg("Played: {cards}", cards=sep.join(names))), SMALL, w - 50)
                rows.append(("played", lines, (LINE - 4) * len(lines)))
            rows.append(("gap", None, 4))
        return rows

    def _sides_section(self, w: int):
        panels = [self._side_lines(side, w - 32) for side in (0, 1)]
        heights = [sum(r[2] for r in rows) + 18 for rows in panels]
        h = sum(heights) + 2 * 12

        view = self.view
        sides = view.get("sides") or []
        active = (view.get("activation") or {}).get("hero")

        def around(side: int, rows: list[tuple]) -> str:
            """What a side's rows read of the view besides their own data."""
            info = sides[side] if side < len(sides) else None
            heroes = {data[0].get("id") for kind, data, _h in rows if kind == "hero"}
            return repr([info, self._side_turn(side), view.get("mana"), view.get("round"),
                         active if active in heroes else None])

        def panel(d: toolkit.Canvas, x: int, y: int, side: int, rows: list[tuple]) -> None:
            turn = self._side_turn(side)
            toolkit.round_box(d, (x, y, x + w, y + heights[side]), radius=10, fill=mix(SIDE[side], PANEL, 0.88),
                              outline=SIDE[side] if turn else PANEL_EDGE, width=3 if turn else 1)
            d.rectangle((x + 3, y + 10, x + 9, y + 40), fill=SIDE[side])
            ry = y + 8
            for kind, data, rh in rows:
                if kind != "gap":
                    getattr(self, f"_row_{kind}")(d, x + 18, ry, w - 32, data)
                ry += rh

        def paint(d: toolkit.Canvas, x: int, y: int) -> None:
            for side, rows in enumerate(panels):
                # a move mostly changes one side: the other's panel is the one kept from before
                kept = self._kept(("side", side, repr(rows), around(side, rows)), (w + 1, heights[side] + 1),
                                  lambda c, side=side, rows=rows: panel(c, 0, 0, side, rows))
                toolkit.paste(d, kept, (x, y))
                y += heights[side] + 12
        return h, paint

    def _kept(self, shows: tuple, size: tuple[int, int], paint) -> Image.Image:
        """A panel `paint(canvas)` draws from (0, 0) within `size` on the background, kept as a
        sprite per `shows` (everything it shows, with the reader's language and the seats'
        names): pasted on the background where it was to be drawn, it gives the same pixels."""
        def make() -> Image.Image:
            layer = Image.new("RGB", size, BACKGROUND)
            paint(toolkit.canvas(layer))
            return layer
        return toolkit.sprite(("skytear.panel", self.lang, tuple(self.names), repr(self.glyphs), size) + shows,
                              make)

    def _side_turn(self, side: int) -> bool:
        return self.view.get("acting_side") == side

    def _row_title(self, d, x, y, w, side) -> None:
        name = ("▶ " if self._side_turn(side) else "") + _side_names(self.view, side, self.say)
        draw_fitted(d, (x, y + 18), name, HEAD + 2, w, SIDE_LIGHT[side], True, anchor="lm", min_size=MIN_TEXT)

    def _row_nexus(self, d, x, y, w, side) -> None:
        sides = self.view.get("sides") or []
        info = sides[side] if side < len(sides) and isinstance(sides[side], dict) else {}
        nexus = self.say(Msg("Nexus {hp} HP", hp=_int(info.get("nexus_hp"))))
        exposed = bool(info.get("nexus_exposed"))
        tag = self.say(Msg("exposed") if exposed else Msg("protected"))
        nx = x + draw_fitted(d, (x, y + 16), nexus, BODY, w / 2, TEXT, True, anchor="lm") + 12
        tag_w = min(width_px(tag, SMALL, True) + 16, x + w - nx)
        toolkit.round_box(d, (nx, y + 2, nx + tag_w, y + 30), radius=6, fill=DANGER if exposed else PANEL_EDGE)
        draw_fitted(d, (nx + tag_w / 2, y + 16), tag, SMALL, tag_w - 12, WHITE, True, anchor="mm")

    def _seat_text(self, seat: int) -> str:
        view = self.view
        key = str(seat)
        hand = _int((view.get("hand_counts") or {}).get(key))
        deck = _int((view.get("deck_counts") or {}).get(key))
        discard = [c for c in (view.get("discards") or {}).get(key) or [] if c]
        many = len(_seats_of(view, 0)) + len(_seats_of(view, 1)) > 2
        line = self.say(Msg("Hand {hand} · Deck {deck} · Discard {discard}", hand=hand, deck=deck,
                            discard=len(discard)))
        if many:
            line = self.say(Msg("{player}: {counts}", player=Seat(seat), counts=line))
        if discard:
            line += "  " + self.say(Msg("(top: {card})", card=card_name(view, discard[-1], self.lang)))
        return line

    def _row_seat(self, d, x, y, w, lines) -> None:
        for k, line in enumerate(lines):
            draw_text(d, (x, y + (LINE - 4) * k + (LINE - 4) // 2), line, SMALL, TEXT, anchor="lm")

    def _hero_chips(self, hero: dict) -> list[tuple[str, RGB]]:
        chips = []
        for status, count in _statuses(hero):
            said = self.say(STATUS_NAMES.get(status, status))
            chips.append((f"{said} {count}" if count > 1 else said, STATUS_COLOURS.get(status, NEUTRAL)))
        return chips

    def _hero_line2(self, hero: dict) -> tuple[float, float]:
        """Where the second line's parts end: the hex and mana (from the left), the leads (from
        the right, their width)."""
        mana = _int(self.view.get("mana"), _int(self.view.get("round"), 1))
        left = max(0, _int(hero.get("mana_left"), mana))
        used = width_px(hero.get("hex") or "", BODY, True) + 12 if hero.get("hex") else 0
        used += 19 * max(mana, left) + 12
        leads = [lead for lead in hero.get("leads") or [] if isinstance(lead, dict)]
        lead_w = (width_px(self.say(term(GAME, "Lead")), SMALL) + 8 +
                  sum(22 if lead.get("from") == "hand" else 30 for lead in leads)) if leads else 0
        return used, lead_w

    def _hero_extra(self, hero: dict, w: int) -> bool:
        """Whether a hero's statuses need a third line."""
        if hero.get("state") == "defeated":
            return False
        used, lead_w = self._hero_line2(hero)
        chips = sum(width_px(t, MIN_TEXT, True) + 20 for t, _c in self._hero_chips(hero))
        return bool(chips) and 50 + used + chips > w - lead_w - 6

    def _row_hero(self, d, x, y, w, data) -> None:
        hero, extra = data
        hid = hero.get("id", "?")
        state = hero.get("state")
        dim = state in ("exhausted", "defeated")
        active = (self.view.get("activation") or {}).get("hero") == hid
        _paste_centred(d, hero_disc(self.glyphs.get(hid, "?"), hero.get("side"), 20, dim, active, self.lang,
                                    text_px=MIN_TEXT + 2), x + 20, y + 30)
        nx = x + 50
        right = x + w
        # first line: name and state; HP and armor on the right
        hp, max_hp = _int(hero.get("hp")), max(1, _int(hero.get("max_hp"), 1))
        armor = _int(hero.get("armor"))
        sx = right - 32
        shield = [(sx, y + 2), (sx + 30, y + 2), (sx + 30, y + 16), (sx + 15, y + 31), (sx, y + 16)]
        d.polygon(shield, fill=PANEL_EDGE, outline=TEXT_DIM)
        toolkit.text(d, (sx + 15, y + 13), str(armor), font=font(MIN_TEXT, True), fill=TEXT, anchor="mm")
        hp_text = f"{hp}/{max_hp}"
        hx = sx - 8
        draw_text(d, (hx, y + 16), hp_text, BODY + 1, hp_colour(hp, max_hp) if state != "defeated" else TEXT_DIM,
                  True, anchor="rm")
        room = hx - width_px(hp_text, BODY + 1, True) - 10 - nx
        name = hero_name(hid, self.lang)
        name_w = draw_fitted(d, (nx, y + 16), name, BODY + 1, room, TEXT if not dim else TEXT_DIM, True,
                             anchor="lm", min_size=MIN_TEXT)
        tag = None
        if state == "exhausted":
            tag, tag_fill = term(GAME, "exhausted"), PANEL_EDGE
        elif state == "defeated":
            back = hero.get("returns")
            tag = Msg("defeated · back in round {round}", round=back) if isinstance(back, int) \
                else term(GAME, "defeated")
            tag_fill = DANGER
        ly = y + 48
        lx = nx
        first = []   # "exhausted" leads the statuses when there is no room for it beside the name
        if hero.get("hex"):   # where it stands: the hex a move names
            lx += draw_fitted(d, (lx, ly), hero["hex"], BODY, 60, GOLD, True, anchor="lm") + 12
        if tag and state == "exhausted":
            said = self.say(tag)
            tw = width_px(said, MIN_TEXT, True) + 14
            if room - name_w - 10 >= tw:
                tx = nx + name_w + 10
                toolkit.round_box(d, (tx, y + 4, tx + tw, y + 28), radius=5, fill=tag_fill)
                draw_text(d, (tx + tw / 2, y + 16), said, MIN_TEXT, TEXT, True, anchor="mm")
            else:
                first = [(said, PANEL_EDGE)]
        # second line: the hex, mana left, statuses, lead cards (a defeated hero: when it comes back)
        if state == "defeated":
            said = self.say(tag)
            tw = min(width_px(said, MIN_TEXT, True) + 16, right - lx)
            toolkit.round_box(d, (lx, ly - 13, lx + tw, ly + 13), radius=6, fill=tag_fill)
            draw_fitted(d, (lx + tw / 2, ly), said, MIN_TEXT, tw - 12, WHITE, True, anchor="mm")
            return
        mana = _int(self.view.get("mana"), _int(self.view.get("round"), 1))
        left = max(0, _int(hero.get("mana_left"), mana))
        lx = mana_pips(d, lx - 8, ly, "", mana, left) + 12   # the diamonds are in the key
        leads = [lead for lead in hero.get("leads") or [] if isinstance(lead, dict)]
        _used, lead_w = self._hero_line2(hero)
        chips = first + self._hero_chips(hero)
        if extra:
            lx, ly = nx, ly + LINE
        for text, colour in chips:
            tw = width_px(text, MIN_TEXT, True) + 14
            if lx + tw > right - (0 if extra else lead_w + 6):
                break
            toolkit.round_box(d, (lx, ly - 13, lx + tw, ly + 13), radius=6, fill=colour)
            draw_text(d, (lx + tw / 2, ly), text, MIN_TEXT, WHITE, True, anchor="mm")
            lx += tw + 6
        if leads:
            ly = y + 48
            lx2 = right - lead_w
            lead_label = self.say(term(GAME, "Lead"))
            draw_text(d, (lx2, ly), lead_label, SMALL, TEXT_DIM, anchor="lm")
            lx2 += width_px(lead_label, SMALL) + 8
            for lead in leads:
                lx2 += lead_icon(d, lx2, ly - 13, "hand" if lead.get("from") == "hand" else "deck", 26) + 4

    def _row_played(self, d, x, y, w, lines) -> None:
        for k, line in enumerate(lines):
            draw_text(d, (x + 50, y + (LINE - 4) * k + (LINE - 4) // 2), line, SMALL, TEXT_DIM, anchor="lm")

    # -- the Outsider, victory cards, the Vortex, reveals
    def _common_rows(self, w: int) -> list[tuple[str, Any, int]]:
        """Rows of the common panel as (kind, data, height); `w` is the room for text."""
        view, say = self.view, self.say
        rows: list[tuple[str, Any, int]] = []
        out = view.get("outsider")
        if isinstance(out, dict):
            if names_of("heroes").get("outsider") and self.lang != "en":
                name = hero_name("outsider", self.lang)
            else:
                name = say(out.get("name") or term(GAME, "Ancient Outsider"))
            bits = []
            if out.get("hexes"):
                hp, max_hp = _int(out.get("hp")), max(1, _int(out.get("max_hp"), 10))
                bits.append(Msg("{hp}/{max_hp} HP · armor {armor}", hp=hp, max_hp=max_hp,
                                armor=_int(out.get("armor"))))
                bits.append(Msg("on {hexes}", hexes=" ".join(out["hexes"])))
            else:
                bits.append(Msg("not on the battlefield"))
            for status, count in [(k, _int(v)) for k, v in (out.get("statuses") or {}).items() if _int(v) > 0]:
                bits.append(Msg("{status} {count}", status=STATUS_NAMES.get(status, status), count=count))
            holder = _side_of(out.get("holder"))
            who = say(Msg("held by {players}", players=_side_names(view, holder, say))) if holder is not None \
                else say(Msg("held by nobody"))
            rows.append(("line", (name, OUTSIDER_RIM, True, 34, "outsider"), LINE))
            for line in self._lines(" · ".join(say(b) for b in bits), BODY, w - 34):
                rows.append(("line", (line, TEXT, False, 34, None), LINE))
            rows.append(("line", (who, side_colour(holder) if holder is not None else TEXT_DIM, True, 34, None),
                         LINE + 6))
        victory = [v for v in view.get("victory") or [] if isinstance(v, dict)]
        if victory:
            rows.append(("line", (say(Msg("Victory cards")), TEXT, True, 0, None), LINE + 2))
            names = [victory_name(card, self.lang) for card in victory]
            name_w = max(width_px(n, BODY, True) for n in names) + 24
            beside = name_w + 2 * (6 * 20 + 64) <= w
            for card, name in zip(victory, names):
                if beside:
                    rows.append(("victory", (card, name, name_w), LINE))
                else:
                    rows.append(("line", (name, GOLD, True, 8, None), LINE))
                    rows.append(("victory", (card, "", 0), LINE))
                if card.get("text"):
                    for line in self._lines(say(card["text"]), MIN_TEXT, w - 8):
                        rows.append(("line", (line, TEXT_DIM, False, 8, None), LINE - 6))
                rows.append(("gap", None, 6))
        vortex = view.get("vortex")
        if isinstance(vortex, dict):
            side = _side_of(vortex.get("side"))
            used = bool(vortex.get("used"))
            who = _side_names(view, side, say) if side is not None else "?"
            text = say(Msg("{players}: used", players=who) if used else Msg("{players}: not used yet", players=who))
            rows.append(("line", (card_name(view, "skytear_vortex", self.lang), TEXT, True, 34,
                                  "vortex_used" if used else "vortex"), LINE))
            for line in self._lines(text, BODY, w - 34):
                rows.append(("line", (line, side_colour(side) if not used else TEXT_DIM, False, 34, None), LINE))
            rows.append(("gap", None, 6))
        sep = LIST_SEPARATOR.get(self.lang, ", ")
        for reveal in (view.get("revealed") or [])[-2:]:
            if isinstance(reveal, dict) and reveal.get("cards"):
                cards = [card_name(view, c, self.lang) for c in reveal.get("cards") or []]
                seat = reveal.get("seat")
                text = say(Msg("Revealed by {player}: {cards}", player=Seat(seat) if isinstance(seat, int) else "?",
                               cards=sep.join(cards)))
                if reveal.get("why"):
                    text += f" ({say(reveal['why'])})"
                for line in self._lines(text, SMALL, w):
                    rows.append(("line", (line, TEXT_DIM, False, 0, None), LINE - 4))
        return rows

    def _common_section(self, w: int):
        rows = self._common_rows(w - 36)
        if not rows:
            return None
        h = sum(r[2] for r in rows) + 30

        def panel(d: toolkit.Canvas) -> None:
            toolkit.round_box(d, (0, 0, w, h - 12), radius=10, fill=PANEL, outline=PANEL_EDGE)
            ry = 10
            for kind, data, rh in rows:
                if kind == "line":
                    self._common_line(d, 18, ry + rh // 2, *data)
                elif kind == "victory":
                    self._common_victory(d, 18, ry + rh // 2, data)
                ry += rh

        def paint(d: toolkit.Canvas, x: int, y: int) -> None:
            # the outsider, the victory cards and the vortex change seldom: kept
            toolkit.paste(d, self._kept(("common", repr(rows)), (w + 1, h - 11), panel), (x, y))
        return h, paint

    def _common_line(self, d, x, cy, text, colour, bold, indent, icon) -> None:
        if icon == "outsider":
            d.ellipse((x, cy - 12, x + 24, cy + 12), fill=OUTSIDER, outline=OUTSIDER_RIM, width=3)
        elif icon in ("vortex", "vortex_used"):
            ink = GOLD if icon == "vortex" else TEXT_DIM
            d.ellipse((x, cy - 12, x + 24, cy + 12), outline=ink, width=3)
            d.arc((x + 6, cy - 6, x + 18, cy + 6), 0, 270, fill=ink, width=2)
        draw_text(d, (x + indent, cy), text, MIN_TEXT if colour == TEXT_DIM and not bold and indent == 8 else
                  (SMALL if colour == TEXT_DIM else BODY), colour, bold, anchor="lm")

    def _common_victory(self, d, x, cy, data) -> None:
        """A victory card's name (when it fits beside them) and each side's tokens toward its goal:
        filled discs in its colour, then the count."""
        card, name, name_w = data
        if name:
            draw_text(d, (x + 8, cy), name, BODY, GOLD, True, anchor="lm")
        goal = max(1, _int(card.get("goal"), 1))
        tokens = list(card.get("tokens") or [0, 0])[:2] + [0, 0]
        tx = x + 8 + name_w
        step = 20 if goal <= 6 else max(8, 120 // goal)
        for side in (0, 1):
            for k in range(goal):
                c = tx + k * step + 8
                if k < _int(tokens[side]):
                    d.ellipse((c - 8, cy - 8, c + 8, cy + 8), fill=SIDE[side], outline=WHITE, width=2)
                else:
                    d.ellipse((c - 7, cy - 7, c + 7, cy + 7), outline=mix(SIDE[side], PANEL, 0.3), width=2)
            toolkit.text(d, (tx + goal * step + 6, cy), f"{_int(tokens[side])}/{goal}", font=font(MIN_TEXT, True),
                         fill=SIDE_LIGHT[side], anchor="lm")
            tx += goal * step + 64

    # -- the log
    def _log_section(self, w: int):
        log = [self.say(line) for line in (self.view.get("log") or [])[-6:] if line]
        if not log:
            return None
        lines = [line for entry in log for line in self._lines(entry, SMALL, w)]
        h = 44 + (LINE - 4) * len(lines)

        def paint(d: toolkit.Canvas, x: int, y: int) -> None:
            d.line((x, y + 4, x + w, y + 4), fill=PANEL_EDGE, width=1)
            draw_text(d, (x, y + 24), self.say(Msg("Recent")), BODY, TEXT, True, anchor="lm")
            for k, line in enumerate(lines):
                draw_text(d, (x, y + 40 + (LINE - 4) * k + (LINE - 4) // 2), line, SMALL, TEXT_DIM, anchor="lm")
        return h, paint


def hex_centres(view: dict) -> dict[str, tuple[float, float]]:
    """Where each hex of the view's map is drawn on the board picture (its centre, in pixels)."""
    board = _Board(view, None, "en")
    return {label: board.centre(label) for label in board.geo.hexes}


def render_board(view: dict, names=None, lang: str = "en") -> bytes:
    """The public board as PNG bytes, its words in `lang`. Reads only public keys."""
    return _Board(view, names, lang).render()
