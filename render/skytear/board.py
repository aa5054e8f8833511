"""The Skytear board picture: the public battlefield (render_board).

It takes the dict from engine.skytear's view() (engine/skytear/views.py), the seats' display names
and the reader's language, and returns PNG bytes. It is drawn only from public keys (it never
reads `hand`, `viewer`, nor a lead card's identity), so any seat's view draws the same channel
picture, and it draws only what the view carries: whose turn it is, each hero's values, the
stack's sides are facts of the view, never worked out here.

The battlefield is the map file's hexes (data/skytear/maps/<name>.json), pointy-top, from their
axial coordinates. The map fills the picture's width (1200 px): Discord previews it about 550
px wide, where a two-lane hex stays 35 px wide, a hero's disc 25 px, and the panel's 22-28 px
text 10-13 px.

What a hex shows, and where:
- the land: plain (green), lane (a sandy path), dome (a glowing violet, brighter inside), nexus
  (its side's colour, with a star), hiding hexes (darker, with bushes); white lines are thick
  white strokes on the exact edges they block; the hex's label sits at its top;
- a tower (its side's colour, HP on it; at 0 HP a heap of ruins), the nexus's HP on a shield on
  its middle hex, with a padlock while protected, red and ringed in red once exposed;
- minions: a side's pawn on its own half of the hex (side 0 left, side 1 right: colour is never
  the only cue), control tokens as numbered gold discs, pillars as side-coloured squares,
  illusions as owner-coloured translucent diamonds (the hero's short name on them);
- a hero: a disc in its side's colour with its short name, ringed by its HP (a segment per HP,
  green, yellow or red) with the HP on a badge under it, status pips (a letter, or the term's
  first Chinese character, and the count) beside it; exhausted heroes are dimmed with a tapped
  card beside them, the active hero has a gold ring and a gold hex; defeated heroes are off the
  map (in the panel, and under the round they come back on the round track);
- the Ancient Outsider: one large dark shape over its three hexes, ringed in its holder's
  colour, with its HP and statuses;
- the last move's hexes framed in magenta.

Under the map: a key to these symbols, the effect stack (top first, numbered) with the number
of players still to answer, one panel per side (players, nexus, hand/deck/discard, heroes with
HP, armor, mana left, statuses, lead cards by orientation, cards lying on them), the Outsider,
victory cards with each side's tokens, the Skytear Vortex, the last reveals and the log.

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
from render.common import draw_fitted, draw_text, font, words
from render.common import whole as _int
from render.skytear.palette import (
    BACKGROUND, BODY, BUSH, BUSH_LIGHT, DANGER, DATA_DIR, DOME, GAME, GOLD, HEAD, HEX_EDGE, HP_BACK,
    INK, LABEL_DARK, LABEL_LIGHT, LANE, LANE_HIDING, LAST, NEUTRAL, OUTSIDER, OUTSIDER_RIM, PALETTE, PANEL,
    PANEL_EDGE, PLAIN, PLAIN_HIDING, RGB, RUINS, RUINS_DARK, SIDE, SIDE_DARK, SIDE_LIGHT, SMALL, STATUS_COLOURS,
    STATUS_LETTERS, STATUS_NAMES, STATUS_ORDER, TEXT, TEXT_DIM, TOKEN, WHITE, card_name, hero_disc, hero_name,
    hp_colour, lead_icon, mana_pips, mix, names_of, seat_names, short_name, side_colour, victory_name,
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

WIDTH = 1200
MARGIN = 18
MAX_HEX = 58            # a hex's radius at most (a small map is not blown up)
HEADER_H = 122
PAD = 20                # panel padding, gutter between the two side columns
COL_W = (WIDTH - 2 * MARGIN - PAD) // 2
LINE = 32


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
        return min(MAX_HEX, (width - 2 * MARGIN) / max(1e-6, self.right - self.left))

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
    w, h = round(size * 0.95), round(size * 1.1)

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
        toolkit.text(c, (w / 2, h * 0.66), str(hp), font=font(max(12, round(size * 0.46)), True), fill=WHITE,
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
    w, h = round(size * 0.95), round(size * 1.05)

    def paint(c: toolkit.Canvas) -> None:
        shield = [(w * 0.08, h * 0.06), (w * 0.92, h * 0.06), (w * 0.92, h * 0.5), (w * 0.5, h * 0.96),
                  (w * 0.08, h * 0.5)]
        c.polygon(shield, fill=DANGER if exposed else SIDE_DARK[side])
        c.line(shield + [shield[0]], fill=WHITE if exposed else SIDE_LIGHT[side], width=3)
        toolkit.text(c, (w / 2, h * 0.40), str(hp), font=font(max(12, round(size * 0.5)), True), fill=WHITE,
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


def _status_pip(status: str, count: int, h: int, lang: str) -> Image.Image:
    """A status token: its letter and count ("S2") on its colour."""
    mark = status_mark(status, lang)
    label = f"{mark}{count}" if count > 1 else mark
    size = max(9, h - 5)
    w = max(h, width_px(label, size, True) + 8)

    def paint(c: toolkit.Canvas) -> None:
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=h // 3, fill=STATUS_COLOURS.get(status, NEUTRAL),
                            outline=INK, width=1)
        draw_text(c, (w / 2, h / 2), label, size, WHITE, True, anchor="mm")
    return toolkit.drawn(("skytear.status", status, count, h, lang), (w, h), paint)


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
        self.size = self.geo.size_for(WIDTH)
        self.map_w = round((self.geo.right - self.geo.left) * self.size)
        self.map_h = self.geo.height_for(self.size)
        self.ox = (WIDTH - self.map_w) / 2 - self.geo.left * self.size
        self.oy = HEADER_H + 14 - self.geo.top * self.size

    def say(self, text: Any) -> str:
        return words(text, self.lang, self.names)

    def centre(self, label: str) -> tuple[float, float] | None:
        unit = self.geo.unit.get(label)
        if unit is None:
            return None
        return self.ox + unit[0] * self.size, self.oy + unit[1] * self.size

    # ------------------------------------------------------------------ the whole picture
    def render(self) -> bytes:
        sections = [self._key_section(), self._stack_section(), self._sides_section(), self._common_section(),
                    self._log_section()]
        if self.view.get("result") or self.view.get("phase") == "over":
            sections.insert(0, self._result_section())
        sections = [s for s in sections if s]
        top = HEADER_H + 14 + self.map_h + 10
        height = top + sum(h for h, _ in sections) + MARGIN
        img = Image.new("RGB", (WIDTH, height), BACKGROUND)
        d = toolkit.canvas(img)
        self._header(d)
        self._map(d)
        y = top
        for h, paint in sections:
            paint(d, y)
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
                _paste_centred(d, hero_disc(short_name(hero.get("id", "?"), self.lang), hero.get("side"), 11,
                                            False, False, self.lang), cx, top + 48)
        x += rounds * (box + gap) + 10
        sub = self._activation_text()
        sub_w = min(width_px(sub, BODY), WIDTH // 2 - 40) if sub else 0
        if sub:
            draw_fitted(d, (WIDTH - MARGIN, top + 19), sub, BODY, sub_w, TEXT, anchor="rm", min_size=15)
        phase = str(view.get("phase") or "")
        if phase == "discard" and isinstance(view.get("hand_limit"), int):
            said = self.say(Msg("Discard to {n}", n=view["hand_limit"]))
        else:
            said = self.say(PHASE_NAMES.get(phase, phase))
        said = said[:1].upper() + said[1:]
        room = WIDTH - MARGIN - sub_w - 30 - x
        w = draw_fitted(d, (x, top + 19), said, BODY, room, TEXT, True, anchor="lm", min_size=15)
        if phase not in ("over", "draft", "mulligan") and room - w > 120:
            mana = self.say(Msg("mana {mana} per hero", mana=_int(view.get("mana"), current)))
            draw_fitted(d, (x + w + 10, top + 19), "· " + mana, BODY, room - w - 10, TEXT_DIM, anchor="lm",
                        min_size=15)

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
        view, geo, s = self.view, self.geo, self.size
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
        self._labels(d)

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
        name = short_name("outsider", self.lang)
        draw_text(d, (mx, my - s * 0.22), name, max(12, round(s * 0.36)), OUTSIDER_RIM, True, anchor="mm")
        bar_w = s * 1.1
        _hp_bar(d, mx - bar_w / 2, my + s * 0.06, bar_w, max(6, s * 0.16), hp, max_hp)
        toolkit.text(d, (mx, my + s * 0.48), f"{hp}/{max_hp}", font=font(max(11, round(s * 0.32)), True), fill=WHITE,
                     anchor="mm", stroke_width=2, stroke_fill=INK)
        self._status_column(d, _statuses(out), mx + s * 0.75, my - s * 0.35)

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
            label = short_name(illusion.get("hero", ""), self.lang)
            if not corner:
                draw_text(d, (x, y), label, max(10, round(s * 0.26)), WHITE, True, anchor="mm")
        for token in view.get("tokens") or []:
            c = self.centre(token.get("hex", ""))
            if not c:
                continue
            corner = token.get("hex") in occupied
            r = round(s * (0.26 if corner else 0.36))
            x, y = (c[0] + s * 0.56, c[1] - s * 0.38) if corner else (c[0], c[1] + s * 0.04)
            toolkit.disc(d, (round(x), round(y)), r, TOKEN, outline=INK, width=2, label=str(token.get("number", "?")),
                         font=font(max(10, round(r * 1.25)), True), ink=INK)

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
        r = max(10, round(s * 0.62))
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
            _paste_centred(d, hero_disc(short_name(hid, self.lang), hero.get("side"), r, dim, active, self.lang,
                                        hp, max_hp), cx, cy)
            # the HP as a number on a badge under the disc
            badge = max(9, round(s * 0.23))
            toolkit.disc(d, (round(cx), round(cy + r - 1)), badge, hp_colour(hp, max_hp), outline=INK,
                         width=2, label=str(hp), font=font(max(10, round(badge * 1.2)), True), ink=INK)
            if dim:
                _paste_centred(d, _tapped(s * 0.5), cx - r * 0.92, cy + r * 0.62)
            statuses = [(k, _int(v)) for k, v in _statuses(hero)]
            self._status_column(d, statuses, cx + r * 0.5, cy - r * 0.98, cx - r * 0.5)

    def _status_column(self, d: toolkit.Canvas, statuses: list[tuple[str, int]], x: float, y: float,
                       right_of: float | None = None) -> None:
        """Status pips down from (x, y), their left edges at x; past three, a second column whose
        right edges are at `right_of`."""
        h = max(13, round(self.size * 0.38))
        for k, (status, count) in enumerate(statuses[:6]):
            pip = _status_pip(status, count, h, self.lang)
            row = k % 3
            if k < 3 or right_of is None:
                toolkit.paste(d, pip, (round(x), round(y + row * (h + 1))))
            else:
                toolkit.paste(d, pip, (round(right_of - pip.width), round(y + row * (h + 1))))

    def _labels(self, d: toolkit.Canvas) -> None:
        s = self.size
        size = max(10, round(s * 0.3))
        outsider = set((self.view.get("outsider") or {}).get("hexes") or [])
        for label, data in self.geo.hexes.items():
            cx, cy = self.centre(label)
            land = _land(data)
            dark_land = land == "lane" and not data.get("hiding")
            if label in outsider:
                ink = TEXT_DIM
            else:
                ink = LABEL_DARK if dark_land else LABEL_LIGHT
            toolkit.text(d, (cx, cy - s * 0.70), label, font=font(size, True), fill=ink, anchor="mm")

    # ------------------------------------------------------------------ sections under the map
    def _result_section(self):
        view = self.view
        result = view.get("result") or {}
        winners = [w for w in result.get("winners") or [] if isinstance(w, int)]
        side = result.get("side") if result.get("side") in (0, 1) else None
        if winners:
            head = Msg("{players} win!", players=[Seat(w) for w in winners]) if len(winners) > 1 else \
                Msg("{player} wins!", player=Seat(winners[0]))
        elif side is not None:
            head = Msg("{players} win!", players=[Seat(w) for w in _seats_of(view, side)])
        elif result:
            head = Msg("Drawn game")
        else:
            head = Msg("Game over")
        reason = self.say(result.get("reason")) if result.get("reason") else ""
        h = 84

        def paint(d: toolkit.Canvas, y: int) -> None:
            accent = side_colour(side) if side is not None else GOLD
            toolkit.round_box(d, (MARGIN, y + 4, WIDTH - MARGIN, y + h - 10), radius=10,
                              fill=mix(GOLD, BACKGROUND, 0.15), outline=accent, width=5)
            w = draw_fitted(d, (MARGIN + 22, y + h // 2 - 3), self.say(head), 34, 560, INK, True, anchor="lm",
                            min_size=22)
            if reason:
                draw_fitted(d, (MARGIN + 44 + w, y + h // 2 - 2), reason, BODY, WIDTH - 2 * MARGIN - w - 70, INK,
                            anchor="lm", min_size=15)
        return h, paint

    def _key_entries(self) -> list[tuple[str, Any]]:
        view = self.view
        out: list[tuple[str, Any]] = [("tower", Msg("{thing} (HP)", thing=term(GAME, "tower"))),
                                      ("nexus", Msg("{thing} (HP)", thing=term(GAME, "nexus"))),
                                      ("minion", term(GAME, "minion")), ("token", term(GAME, "control token")),
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

    def _key_section(self):
        entries = self._key_entries()
        icon, gap = 40, 22
        items = [(kind, self.say(text)) for kind, text in entries]
        # lay the entries out in rows, as many as fit
        rows: list[list[tuple[str, str, int]]] = [[]]
        x = MARGIN
        for kind, text in items:
            w = icon + 6 + width_px(text, SMALL)
            if rows[-1] and x + w > WIDTH - MARGIN:
                rows.append([])
                x = MARGIN
            rows[-1].append((kind, text, x))
            x += w + gap
        last = self.view.get("last") or {}
        caption = self.say(last.get("text")) if last.get("text") else ""
        row_h = 40
        h = len(rows) * row_h + (36 if caption else 0) + 10
        s = 26.0

        def paint(d: toolkit.Canvas, y: int) -> None:
            for r, row in enumerate(rows):
                cy = y + r * row_h + row_h // 2
                for kind, text, x in row:
                    ix = x + icon / 2
                    self._key_icon(d, kind, ix, cy, s)
                    draw_text(d, (x + icon + 6, cy), text, SMALL, TEXT_DIM, anchor="lm")
            if caption:
                cy = y + len(rows) * row_h + 16
                d.rectangle((MARGIN, cy - 9, MARGIN + 22, cy + 9), outline=LAST, width=4)
                draw_fitted(d, (MARGIN + 34, cy), self.say(Msg("Last move: {text}", text=caption)), BODY,
                            WIDTH - 2 * MARGIN - 34, TEXT, anchor="lm", min_size=15)
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
        elif kind == "token":
            toolkit.disc(d, (round(cx), round(cy)), 12, TOKEN, outline=INK, width=2, label="1",
                         font=font(15, True), ink=INK)
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
    def _stack_section(self):
        view = self.view
        stack = [e for e in view.get("stack") or [] if isinstance(e, dict)]
        if not stack:
            return None
        waiting = _int(view.get("waiting"))
        lines = []
        for k, entry in enumerate(reversed(stack)):
            kind = STACK_KINDS.get(str(entry.get("kind")), "")
            lines.append((k + 1, self.say(entry.get("text")), self.say(kind) if kind else "", entry.get("seat"),
                          _side_of(entry.get("side"))))
        h = 54 + LINE * len(lines) + 14

        def paint(d: toolkit.Canvas, y: int) -> None:
            box = (MARGIN, y + 2, WIDTH - MARGIN, y + h - 10)
            toolkit.round_box(d, box, radius=10, fill=mix(GOLD, PANEL, 0.88), outline=GOLD, width=3)
            head = self.say(Msg("Effect stack (top resolves first)"))
            draw_text(d, (MARGIN + 16, y + 26), head, HEAD, GOLD, True, anchor="lm")
            if waiting:
                wait = self.say(plural("waiting for {n} player to pass or respond",
                                       "waiting for {n} players to pass or respond", waiting))
                room = WIDTH - 2 * MARGIN - width_px(head, HEAD, True) - 60
                draw_fitted(d, (WIDTH - MARGIN - 16, y + 27), wait, BODY, room, TEXT, anchor="rm", min_size=15)
            ly = y + 54
            for number, text, kind, seat, side in lines:
                toolkit.disc(d, (MARGIN + 30, ly + LINE // 2 - 2), 12, GOLD if number == 1 else PANEL_EDGE,
                             label=str(number), font=font(15, True), ink=INK if number == 1 else TEXT)
                x = MARGIN + 52
                if isinstance(seat, int):   # who added it: a bar in the side's colour, the name unless the text says it
                    d.rectangle((x, ly + 4, x + 5, ly + LINE - 8), fill=side_colour(side))
                    x += 14
                    who = self.say(Seat(seat))
                    if who not in text:
                        x += draw_fitted(d, (x, ly + LINE // 2 - 2), who, BODY, 200, side_colour(side), True,
                                         anchor="lm") + 12
                if kind:
                    x += draw_fitted(d, (x, ly + LINE // 2 - 2), f"[{kind}]", SMALL, 140, TEXT_DIM, anchor="lm") + 10
                draw_fitted(d, (x, ly + LINE // 2 - 2), text, BODY, WIDTH - MARGIN - 20 - x, TEXT, anchor="lm",
                            min_size=15)
                ly += LINE
        return h, paint

    # -- a panel per side
    def _side_lines(self, side: int) -> list[tuple]:
        """The rows of a side's panel as (kind, data, height)."""
        view = self.view
        rows: list[tuple] = [("title", side, 46)]
        for seat in _seats_of(view, side):
            rows.append(("seat", seat, LINE))
        rows.append(("gap", None, 8))
        for hero in [h for h in view.get("heroes") or [] if h.get("side") == side]:
            rows.append(("hero", hero, 70))
            if any(hero.get("played") or []):
                rows.append(("played", hero, 28))
            rows.append(("gap", None, 6))
        return rows

    def _sides_section(self):
        left, right = self._side_lines(0), self._side_lines(1)
        inner = max(sum(r[2] for r in left), sum(r[2] for r in right))
        h = inner + 24 + 14

        def paint(d: toolkit.Canvas, y: int) -> None:
            for side, rows in ((0, left), (1, right)):
                x = MARGIN + side * (COL_W + PAD)
                turn = self._side_turn(side)
                toolkit.round_box(d, (x, y, x + COL_W, y + inner + 20), radius=10,
                                  fill=mix(SIDE[side], PANEL, 0.88),
                                  outline=SIDE[side] if turn else PANEL_EDGE, width=3 if turn else 1)
                d.rectangle((x + 3, y + 10, x + 9, y + 40), fill=SIDE[side])
                ry = y + 6
                for kind, data, rh in rows:
                    if kind != "gap":
                        getattr(self, f"_row_{kind}")(d, x + 18, ry, COL_W - 32, data)
                    ry += rh
        return h, paint

    def _side_turn(self, side: int) -> bool:
        return self.view.get("acting_side") == side

    def _row_title(self, d, x, y, w, side) -> None:
        view = self.view
        sides = view.get("sides") or []
        info = sides[side] if side < len(sides) and isinstance(sides[side], dict) else {}
        hp = _int(info.get("nexus_hp"))
        nexus = self.say(Msg("Nexus {hp} HP", hp=hp))
        exposed = bool(info.get("nexus_exposed"))
        tag = self.say(Msg("exposed") if exposed else Msg("protected"))
        tag_w = width_px(tag, SMALL, True) + 16
        nexus_w = width_px(nexus, BODY, True)
        right = x + w
        toolkit.round_box(d, (right - tag_w, y + 6, right, y + 36), radius=6,
                          fill=DANGER if exposed else PANEL_EDGE)
        draw_text(d, (right - tag_w / 2, y + 21), tag, SMALL, WHITE, True, anchor="mm")
        draw_text(d, (right - tag_w - 10, y + 21), nexus, BODY, TEXT, True, anchor="rm")
        name = ("▶ " if self._side_turn(side) else "") + _side_names(view, side, self.say)
        draw_fitted(d, (x, y + 21), name, HEAD + 2, w - tag_w - nexus_w - 30, SIDE_LIGHT[side], True, anchor="lm",
                    min_size=16)

    def _row_seat(self, d, x, y, w, seat) -> None:
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
        draw_fitted(d, (x, y + LINE // 2), line, SMALL + 1, w, TEXT, anchor="lm", min_size=15)

    def _row_hero(self, d, x, y, w, hero) -> None:
        hid = hero.get("id", "?")
        state = hero.get("state")
        side = hero.get("side")
        dim = state in ("exhausted", "defeated")
        active = (self.view.get("activation") or {}).get("hero") == hid
        _paste_centred(d, hero_disc(short_name(hid, self.lang), side, 24, dim, active, self.lang), x + 26,
                       y + 30)
        nx = x + 62
        right = x + w
        # first line: name and state; HP bar and number, armor on the right
        hp, max_hp = _int(hero.get("hp")), max(1, _int(hero.get("max_hp"), 1))
        armor = _int(hero.get("armor"))
        sx = right - 32
        shield = [(sx, y + 4), (sx + 30, y + 4), (sx + 30, y + 17), (sx + 15, y + 31), (sx, y + 17)]
        d.polygon(shield, fill=PANEL_EDGE, outline=TEXT_DIM)
        toolkit.text(d, (sx + 15, y + 14), str(armor), font=font(18, True), fill=TEXT, anchor="mm")
        hp_text = f"{hp}/{max_hp}"
        hx = sx - 10
        draw_text(d, (hx, y + 17), hp_text, BODY + 1, hp_colour(hp, max_hp) if state != "defeated" else TEXT_DIM,
                  True, anchor="rm")
        bar_w = 8 * max_hp if max_hp <= 12 else 96
        bx = hx - width_px(hp_text, BODY + 1, True) - 10 - bar_w
        if state != "defeated":
            _hp_bar(d, bx, y + 11, bar_w, 12, hp, max_hp)
        name = hero_name(hid, self.lang)
        name_w = draw_fitted(d, (nx, y + 17), name, BODY + 1, max(80, bx - nx - 20), TEXT if not dim else TEXT_DIM,
                             True, anchor="lm", min_size=15)
        tag = None
        if state == "exhausted":
            tag, tag_fill = term(GAME, "exhausted"), PANEL_EDGE
        elif state == "defeated":
            back = hero.get("returns")
            tag = Msg("defeated · back in round {round}", round=back) if isinstance(back, int) \
                else term(GAME, "defeated")
            tag_fill = DANGER
        if tag and state == "exhausted":
            said = self.say(tag)
            tw = min(width_px(said, 17, True) + 14, max(40, bx - nx - name_w - 24))
            tx = nx + name_w + 10
            toolkit.round_box(d, (tx, y + 5, tx + tw, y + 29), radius=5, fill=tag_fill)
            draw_fitted(d, (tx + tw / 2, y + 17), said, 17, tw - 10, TEXT, True, anchor="mm", min_size=12)
        # second line: mana left, statuses, lead cards (a defeated hero: when it comes back)
        ly = y + 50
        lx = nx
        if state == "defeated":
            said = self.say(tag)
            tw = min(width_px(said, 18, True) + 16, w - 70)
            toolkit.round_box(d, (lx, ly - 13, lx + tw, ly + 13), radius=6, fill=tag_fill)
            draw_fitted(d, (lx + tw / 2, ly), said, 18, tw - 12, WHITE, True, anchor="mm", min_size=12)
            return
        mana = _int(self.view.get("mana"), _int(self.view.get("round"), 1))
        left = max(0, _int(hero.get("mana_left"), mana))
        lx = mana_pips(d, lx, ly, self.say(term(GAME, "mana")), mana, left) + 12
        leads = [lead for lead in hero.get("leads") or [] if isinstance(lead, dict)]
        lead_label = self.say(term(GAME, "Lead")) if leads else ""
        lead_w = (width_px(lead_label, SMALL) + 8 + sum(22 if lead.get("from") == "hand" else 30 for lead in leads)) \
            if leads else 0
        for status, count in _statuses(hero):
            said = self.say(STATUS_NAMES.get(status, status))
            text = f"{said} {count}" if count > 1 else said
            tw = width_px(text, 17, True) + 14
            if lx + tw > right - lead_w - 10:
                break
            toolkit.round_box(d, (lx, ly - 13, lx + tw, ly + 13), radius=6, fill=STATUS_COLOURS.get(status, NEUTRAL))
            draw_text(d, (lx + tw / 2, ly), text, 17, WHITE, True, anchor="mm")
            lx += tw + 6
        if leads:
            lx2 = right - lead_w
            draw_text(d, (lx2, ly), lead_label, SMALL, TEXT_DIM, anchor="lm")
            lx2 += width_px(lead_label, SMALL) + 8
            for lead in leads:
                lx2 += lead_icon(d, lx2, ly - 13, "hand" if lead.get("from") == "hand" else "deck", 26) + 4

    def _row_played(self, d, x, y, w, hero) -> None:
        names = [card_name(self.view, p, self.lang) for p in hero.get("played") or [] if p]
        sep = LIST_SEPARATOR.get(self.lang, ", ")
        text = self.say(Msg("Played: {cards}", cards=sep.join(names)))
        draw_fitted(d, (x + 62, y + 12), text, SMALL, w - 62, TEXT_DIM, anchor="lm", min_size=14)

    # -- the Outsider, victory cards, the Vortex, reveals
    def _common_lines(self) -> list[tuple[str, Any, int]]:
        view = self.view
        rows: list[tuple[str, Any, int]] = []
        out = view.get("outsider")
        if isinstance(out, dict):
            rows.append(("outsider", out, LINE + 4))
        victory = [v for v in view.get("victory") or [] if isinstance(v, dict)]
        if victory:
            rows.append(("heading", Msg("Victory cards"), LINE + 4))
            for card in victory:
                rows.append(("victory", card, LINE + 2))
        if isinstance(view.get("vortex"), dict):
            rows.append(("vortex", view["vortex"], LINE + 4))
        for reveal in (view.get("revealed") or [])[-2:]:
            if isinstance(reveal, dict) and reveal.get("cards"):
                rows.append(("revealed", reveal, LINE))
        return rows

    def _common_section(self):
        rows = self._common_lines()
        if not rows:
            return None
        h = sum(r[2] for r in rows) + 30

        def paint(d: toolkit.Canvas, y: int) -> None:
            toolkit.round_box(d, (MARGIN, y, WIDTH - MARGIN, y + h - 12), radius=10, fill=PANEL, outline=PANEL_EDGE)
            ry = y + 10
            for kind, data, rh in rows:
                getattr(self, f"_common_{kind}")(d, MARGIN + 18, ry, WIDTH - 2 * MARGIN - 36, rh, data)
                ry += rh
        return h, paint

    def _common_heading(self, d, x, y, w, h, text) -> None:
        draw_text(d, (x, y + h // 2), self.say(text), BODY, TEXT, True, anchor="lm")

    def _common_outsider(self, d, x, y, w, h, out) -> None:
        cy = y + h // 2
        d.ellipse((x, cy - 12, x + 24, cy + 12), fill=OUTSIDER, outline=OUTSIDER_RIM, width=3)
        x += 34
        if names_of("heroes").get("outsider") and self.lang != "en":
            name = hero_name("outsider", self.lang)
        else:
            name = self.say(out.get("name") or term(GAME, "Ancient Outsider"))
        x += draw_fitted(d, (x, cy), name, BODY, 300, OUTSIDER_RIM, True, anchor="lm") + 14
        holder = _side_of(out.get("holder"))
        bits = []
        if out.get("hexes"):
            hp, max_hp = _int(out.get("hp")), max(1, _int(out.get("max_hp"), 10))
            bits.append(Msg("{hp}/{max_hp} HP · armor {armor}", hp=hp, max_hp=max_hp, armor=_int(out.get("armor"))))
            bits.append(Msg("on {hexes}", hexes=" ".join(out["hexes"])))
        else:
            bits.append(Msg("not on the battlefield"))
        statuses = [(k, _int(v)) for k, v in (out.get("statuses") or {}).items() if _int(v) > 0]
        for status, count in statuses:
            bits.append(Msg("{status} {count}", status=STATUS_NAMES.get(status, status), count=count))
        text = " · ".join(self.say(b) for b in bits)
        x += draw_fitted(d, (x, cy), text, BODY, max(60, w - x - 330 + MARGIN), TEXT, anchor="lm", min_size=15) + 18
        who = self.say(Msg("held by {players}", players=_side_names(self.view, holder, self.say))) \
            if holder is not None else self.say(Msg("held by nobody"))
        draw_fitted(d, (MARGIN + 18 + w, cy), who, BODY, 320, side_colour(holder) if holder is not None else TEXT_DIM,
                    True, anchor="rm", min_size=14)

    def _common_victory(self, d, x, y, w, h, card) -> None:
        cy = y + h // 2
        goal = max(1, _int(card.get("goal"), 1))
        tokens = list(card.get("tokens") or [0, 0])[:2] + [0, 0]
        name = victory_name(card, self.lang)
        name_w = draw_fitted(d, (x + 8, cy), name, BODY, 230, GOLD, True, anchor="lm", min_size=14)
        tx = x + 8 + max(name_w, 150) + 14
        # each side's tokens toward the goal: filled discs in its colour
        for side in (0, 1):
            for k in range(goal):
                filled = k < _int(tokens[side])
                cx = tx + k * 20 + 8
                if filled:
                    d.ellipse((cx - 8, cy - 8, cx + 8, cy + 8), fill=SIDE[side], outline=WHITE, width=2)
                else:
                    d.ellipse((cx - 7, cy - 7, cx + 7, cy + 7), outline=mix(SIDE[side], PANEL, 0.3), width=2)
            toolkit.text(d, (tx + goal * 20 + 4, cy), f"{_int(tokens[side])}/{goal}", font=font(17, True),
                         fill=SIDE_LIGHT[side], anchor="lm")
            tx += goal * 20 + 58
        if card.get("text"):
            draw_fitted(d, (tx + 10, cy), self.say(card["text"]), 17, x + w - tx - 10, TEXT_DIM, anchor="lm",
                        min_size=13)

    def _common_vortex(self, d, x, y, w, h, vortex) -> None:
        cy = y + h // 2
        side = _side_of(vortex.get("side"))
        used = bool(vortex.get("used"))
        d.ellipse((x, cy - 12, x + 24, cy + 12), outline=GOLD if not used else TEXT_DIM, width=3)
        d.arc((x + 6, cy - 6, x + 18, cy + 6), 0, 270, fill=GOLD if not used else TEXT_DIM, width=2)
        name = card_name(self.view, "skytear_vortex", self.lang)
        x += 34
        x += draw_fitted(d, (x, cy), name, BODY, 300, TEXT, True, anchor="lm") + 14
        who = _side_names(self.view, side, self.say) if side is not None else "?"
        text = self.say(Msg("{players}: used", players=who) if used else Msg("{players}: not used yet", players=who))
        draw_fitted(d, (x, cy), text, BODY, w - x + MARGIN, side_colour(side) if not used else TEXT_DIM, anchor="lm",
                    min_size=14)

    def _common_revealed(self, d, x, y, w, h, reveal) -> None:
        cy = y + h // 2
        cards = [card_name(self.view, c, self.lang) for c in reveal.get("cards") or []]
        seat = reveal.get("seat")
        sep = LIST_SEPARATOR.get(self.lang, ", ")
        text = self.say(Msg("Revealed by {player}: {cards}", player=Seat(seat) if isinstance(seat, int) else "?",
                            cards=sep.join(cards)))
        if reveal.get("why"):
            text += f" ({self.say(reveal['why'])})"
        draw_fitted(d, (x, cy), text, 19, w, TEXT_DIM, anchor="lm", min_size=14)

    # -- the log
    def _log_section(self):
        log = [self.say(line) for line in (self.view.get("log") or [])[-6:] if line]
        if not log:
            return None
        h = 40 + LINE * len(log)

        def paint(d: toolkit.Canvas, y: int) -> None:
            d.line((MARGIN, y + 4, WIDTH - MARGIN, y + 4), fill=PANEL_EDGE, width=1)
            draw_text(d, (MARGIN, y + 24), self.say(Msg("Recent")), BODY, TEXT, True, anchor="lm")
            for k, line in enumerate(log):
                draw_fitted(d, (MARGIN, y + 40 + LINE * k + LINE // 2), line, 19, WIDTH - 2 * MARGIN, TEXT_DIM,
                            anchor="lm", min_size=14)
        return h, paint


def hex_centres(view: dict) -> dict[str, tuple[float, float]]:
    """Where each hex of the view's map is drawn on the board picture (its centre, in pixels)."""
    board = _Board(view, None, "en")
    return {label: board.centre(label) for label in board.geo.hexes}


def render_board(view: dict, names=None, lang: str = "en") -> bytes:
    """The public board as PNG bytes, its words in `lang`. Reads only public keys."""
    return _Board(view, names, lang).render()
