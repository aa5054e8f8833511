"""The Clash of Rage board picture (render_board): what everyone in the channel sees.

It takes the dict of engine.clash_of_rage's view() (engine/clash_of_rage/views.py), the seats'
display names and the reader's language, and returns PNG bytes. It draws only what the view
carries (the map, who controls a city, what the game waits for, the victory target and the cells
a stronghold may take are the view's `hexes`, `control`, `step_text`, `target_vp` and
`stronghold_spots`; while the players assemble the board, the places the next region tile may take
are its `tile_spots`, drawn as outlined tiles named as the players choose them) and reads no rule
module. It is drawn from public keys only: it never reads a
tactic hand's cards, a secret pick, a forge draw nor `viewer`, and during the secret tactic choice
it says only how many players are still choosing (the tactic hands' sizes, which would tell who
has chosen, are not shown then). So any seat's view draws the same channel picture.

The picture is 1200 px wide: the map on the left, the panel on the right, at most 1.35 times as
high as wide: the running battle, the recent moves and the legend go to whichever column leaves
the picture shortest (see _Board._layout). Discord previews it about
550 px wide, so no text is drawn under TEXT_MIN (20 px, 9.2 px there): a label that does not fit
is wrapped or moved to a line of its own rather than shrunk.

The map: the layout's flat-top hexes (the view's `hexes`), placed from their axial coordinates,
and the strongholds placed so far (off-board cells in their owner's colour, a tower and their
label). A hex shows
- its land: plain (green), rocky mountain (grey with peaks), elf city (a castle in the colour of
  whoever controls it: a player, the elves' green, grey when empty), forge (an anvil),
  reinforcement stone (its tier's shape and colour: I a yellow square, II a blue pentagon, III a
  red hexagon); its label at its top;
- the units there, one pill per owner in the owner's colour: "I×3 II×1" (tier and models);
- the elf tokens, one green pill per elf type with its initial and count;
- the heroes: a crowned gold-rimmed token in the owner's colour with the hero's number or
  initial;
- the running battle's territory framed in red, and the territories of the latest action phase's
  battles (the view's `battles`) in magenta.

The panel: the round, the phase and what the game waits for; the turn order with each seat's
revealed tactic card (its number, income and reinforcements); the running battle (sides, speed,
the dice as die faces, rerolls left, damage, rage tokens; in the map's column its two sides side
by side); one block per seat (name, tribe, gold,
crystals, VP toward the target, heroes, tactic cards' counts, per unit tier its stone mark, the
reserve and the equipped weapon and armour, a legendary item in gold, forged legendary items not
worn and items set aside). The unit types' names and stats are on each owner's hand picture.
Under the map: the latest action phase's battles (the view's `battles`, the last
MAX_BATTLE_LINES of them), one line each: "2C: Ann lost Krag Rider ×2, the elves lost Templar Elf
×1; Ann holds it." (each side's losses by unit type, a retreat, who holds the territory now);
then the recent moves ("Recent": the latest events' public texts, the view's `log`, newest last,
on RECENT_LINES lines or RECENT_MIN_LINES when the picture would grow too high), the black market
(six stacks with cost and count), the elf card's equipment, and a legend: the piles' sizes, the
reinforcement stones' marks (what controlling one gives) and the red and magenta frames, its words
wrapped like a sentence's.

Every word is the reader's language: the picture's own words are `Msg`s, component names go
through the game's glossary (engine.clash_of_rage.data.term).
"""
from __future__ import annotations

import math
import re
from functools import lru_cache
from typing import Any

from PIL import Image

from engine.clash_of_rage.data import ELVES
from engine.text import Msg, Seat, plural
from render import toolkit
from render.clash_of_rage.palette import (
    ANVIL, ARMOUR, BACKGROUND, BATTLE, CARD, CARD_GREY, CARD_INK, CITY, DIE, ELF, ELF_DARK, EMBER, FORGE, GOLD,
    GOLD_DARK, HEX_EDGE, INK, LABEL, LAST, LEGENDARY, MOUNTAIN, MOUNTAIN_PEAK, NEUTRAL, PALETTE, PANEL, PANEL_EDGE,
    PLAIN, RGB, ROMAN, SNOW, SPOT, STONE, TEXT, TEXT_DIM, WEAPON, WHITE, bonus_row, coin, crystal, elf_data, elf_mark,
    elf_name, elf_order, hero_mark, hero_token, icon, item_data, item_name, polygon, seat_colour, seat_dark,
    seat_light, stone_shape, tactic_data, target_vp, term, tribe_name,
)
from render.common import draw_text, font, say_fit, words, wrap_text
from render.common import seat_names as _names, seat_views as seats_of, text_px as tw, whole as _int
from render.toolkit import mix, paste_centred, star

SQRT3 = math.sqrt(3)

# ---------------------------------------------------------------------------- geometry

WIDTH = 1200
MARGIN = 16
GAP = 16
MAP_W = 720                   # the map's column
PANEL_X = MARGIN + MAP_W + GAP
PANEL_W = WIDTH - PANEL_X - MARGIN
MAX_HEX = 80
MIN_HEX = 46
TEXT_MIN = 20                 # px: the least text, 9 px when the picture is shown 550 px wide
BODY = 22
SMALL = TEXT_MIN
HEAD = 26
LINE = 30
MAX_PNG_BYTES = 300_000
MAX_ASPECT = 1.35             # height / width the picture keeps to when it can
MAX_BATTLE_LINES = 4          # battles told under the map (the latest ones; a phase rarely has more)
RECENT_LINES = 4              # lines of recent moves (the latest events' public texts)
RECENT_MIN_LINES = 3          # ... or as few as this when the picture would grow too high


def side_colour(side: Any) -> RGB:
    return ELF if side == ELVES else seat_colour(side)


# ---------------------------------------------------------------------------- small pictures (sprites)

def hex_points(cx: float, cy: float, r: float) -> list[tuple[float, float]]:
    """A flat-top hexagon's corners, the right one first."""
    return polygon(cx, cy, r, 6, 0)


def _castle(c, cx: float, cy: float, k: float, fill: RGB, rim: RGB) -> None:
    """An elf city: a castle with three towers, `k` wide, centred at (cx, cy)."""
    w, h = k, k * 0.82
    x0, y0 = cx - w / 2, cy - h / 2
    tower = w * 0.26
    for tx in (x0, x0 + w / 2 - tower / 2, x0 + w - tower):
        top = y0 + (0 if tx != x0 + w / 2 - tower / 2 else -h * 0.12)
        c.rectangle((tx, top + h * 0.1, tx + tower, y0 + h), fill=fill, outline=rim)
        c.polygon([(tx - 1, top + h * 0.12), (tx + tower / 2, top - h * 0.22), (tx + tower + 1, top + h * 0.12)],
                  fill=rim)
    c.rectangle((x0 + tower, y0 + h * 0.38, x0 + w - tower, y0 + h), fill=fill, outline=rim)
    c.chord((cx - w * 0.11, y0 + h * 0.6, cx + w * 0.11, y0 + h * 1.08), 180, 360, fill=rim)
    c.rectangle((cx - w * 0.11, y0 + h * 0.84, cx + w * 0.11, y0 + h), fill=rim)


def _anvil(c, cx: float, cy: float, k: float) -> None:
    """A forge: an anvil with an ember, `k` wide."""
    top = cy - k * 0.22
    c.polygon([(cx - k * 0.5, top), (cx + k * 0.32, top), (cx + k * 0.5, top - k * 0.12), (cx + k * 0.5, top + k * 0.08),
               (cx + k * 0.22, top + k * 0.2), (cx + k * 0.14, top + k * 0.36), (cx + k * 0.3, top + k * 0.5),
               (cx - k * 0.3, top + k * 0.5), (cx - k * 0.14, top + k * 0.36), (cx - k * 0.22, top + k * 0.2),
               (cx - k * 0.5, top + k * 0.12)], fill=ANVIL)
    c.ellipse((cx - k * 0.12, top - k * 0.3, cx + k * 0.06, top - k * 0.12), fill=EMBER)
    c.ellipse((cx + k * 0.12, top - k * 0.38, cx + k * 0.24, top - k * 0.26), fill=GOLD)


def _peaks(c, cx: float, cy: float, k: float) -> None:
    """Rocky mountains: two peaks with snow, `k` wide."""
    for dx, h, w in ((-0.2, 0.62, 0.46), (0.2, 0.5, 0.4)):
        px = cx + dx * k
        base = cy + k * 0.28
        top = base - h * k
        c.polygon([(px - w * k, base), (px, top), (px + w * k, base)], fill=MOUNTAIN_PEAK, outline=INK)
        c.polygon([(px - w * k * 0.3, top + h * k * 0.3), (px, top), (px + w * k * 0.3, top + h * k * 0.3),
                   (px + w * k * 0.1, top + h * k * 0.38), (px - w * k * 0.1, top + h * k * 0.26)], fill=SNOW)


def _tower(c, cx: float, cy: float, k: float, fill: RGB, rim: RGB) -> None:
    """A stronghold: a keep with battlements, `k` tall."""
    w = k * 0.62
    x0, y0 = cx - w / 2, cy - k / 2
    for i in range(3):
        bx = x0 + i * w * 0.4
        c.rectangle((bx, y0, bx + w * 0.2, y0 + k * 0.2), fill=fill, outline=rim)
    c.rectangle((x0, y0 + k * 0.16, x0 + w, y0 + k), fill=fill, outline=rim, width=2)
    c.chord((cx - w * 0.2, y0 + k * 0.6, cx + w * 0.2, y0 + k * 1.2), 180, 360, fill=rim)


def land_tile(terrain: str, size: float, tier: int | None = None, seat: int | None = None) -> Image.Image:
    """A hex of land with its mark, kept per terrain, tier, owner and size."""
    w, h = math.ceil(2 * size) + 2, math.ceil(SQRT3 * size) + 2

    def paint(c: toolkit.Canvas) -> None:
        cx, cy = w / 2, h / 2
        outer = hex_points(cx, cy, size)
        if terrain == "stronghold":
            c.polygon(outer, fill=mix(seat_colour(seat), BACKGROUND, 0.45))
            c.line(outer + [outer[0]], fill=seat_colour(seat), width=max(3, round(size / 14)))
            return
        fill = {"mountain": MOUNTAIN, "city": CITY, "forge": FORGE}.get(terrain, PLAIN)
        c.polygon(outer, fill=fill)
        if terrain == "mountain":
            _peaks(c, cx, cy + size * 0.08, size * 0.9)
        c.line(outer + [outer[0]], fill=HEX_EDGE, width=2)
    return toolkit.drawn(("cor.land", terrain, tier, seat, round(size, 2)), (w, h), paint)


def land_mark(terrain: str, tier: int | None, controller: Any, k: int) -> Image.Image:
    """The mark beside a hex's label: a castle (in its controller's colour), an anvil, a stone."""
    size = (k + 4, k + 4)

    def paint(c: toolkit.Canvas) -> None:
        m = size[0] / 2
        if terrain == "city":
            fill = ELF if controller == ELVES else seat_colour(controller) if isinstance(
                controller, int) else NEUTRAL
            _castle(c, m, m + 1, k * 0.9, fill, INK)
        elif terrain == "forge":
            _anvil(c, m, m + k * 0.1, k)
        elif terrain == "stone":
            stone_shape(c, tier or 1, m, m, k * 0.44, numeral=False)
        elif terrain == "stronghold":
            _tower(c, m, m, k * 0.9, seat_colour(controller), INK)
    return toolkit.drawn(("cor.mark", terrain, tier, controller, k), size, paint)


def unit_pills(seat: int, counts: tuple[tuple[int, int], ...], h: int, max_w: int) -> list[Image.Image]:
    """A player's units on a territory: "I×3 II×1" on the seat's colour; the font shrinks to keep
    the pill inside its hex, and a pill still too wide is cut in two."""
    size = max(TEXT_MIN, round(h * 0.74))
    while size > max(TEXT_MIN, round(h * 0.62)) and _pill_w(counts, size, h) > max_w:
        size -= 1
    if _pill_w(counts, size, h) <= max_w or len(counts) < 2:
        return [unit_pill(seat, counts, h, size)]
    half = (len(counts) + 1) // 2
    return [unit_pill(seat, counts[:half], h, size), unit_pill(seat, counts[half:], h, size)]


def _pill_text(counts: tuple[tuple[int, int], ...]) -> str:
    return " ".join(f"{ROMAN.get(t, t)}×{n}" for t, n in counts)


def _pill_w(counts: tuple[tuple[int, int], ...], size: int, h: int) -> int:
    return tw(_pill_text(counts), size, True) + h // 2 + 6


def unit_pill(seat: int, counts: tuple[tuple[int, int], ...], h: int, size: int) -> Image.Image:
    text = _pill_text(counts)
    w = _pill_w(counts, size, h)

    def paint(c: toolkit.Canvas) -> None:
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=h // 2, fill=seat_colour(seat), outline=INK, width=2)
        toolkit.text(c, (w / 2, h / 2), text, font=font(size, True), fill=WHITE, anchor="mm", stroke_width=2,
                     stroke_fill=seat_dark(seat))
    return toolkit.drawn(("cor.pill", seat, counts, h, size), (w, h), paint)


def elf_token(mark: str, count: int, h: int) -> Image.Image:
    """An elf type's tokens on a territory: a green pill with its initial and, past one, the count."""
    text = f"{mark}×{count}" if count > 1 else mark
    size = max(TEXT_MIN, round(h * 0.7))
    w = max(h, tw(text, size, True) + h // 2 + 4)

    def paint(c: toolkit.Canvas) -> None:
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=h // 2, fill=ELF, outline=ELF_DARK, width=2)
        draw_text(c, (w / 2, h / 2), text, size, WHITE, True, anchor="mm")
    return toolkit.drawn(("cor.elf", mark, count, h), (w, h), paint)


def rows_within(tokens: list[Image.Image], max_w: int, gap: int = 3) -> list[list[Image.Image]]:
    """Tokens in rows at most `max_w` wide (a token wider than that alone on its row)."""
    rows: list[list[Image.Image]] = []
    used = 0
    for t in tokens:
        if rows and used + gap + t.width <= max_w:
            rows[-1].append(t)
            used += gap + t.width
        else:
            rows.append([t])
            used = t.width
    return rows


def rage(d, cx: float, cy: float, r: float) -> None:
    """A rage token: a red disc with a flame."""
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(150, 24, 24), outline=INK)
    d.polygon([(cx, cy - r * 0.7), (cx + r * 0.45, cy + r * 0.1), (cx + r * 0.3, cy + r * 0.6),
               (cx - r * 0.3, cy + r * 0.6), (cx - r * 0.45, cy + r * 0.1), (cx - r * 0.1, cy - r * 0.1)],
              fill=EMBER)


def die_face(face: str, k: int) -> Image.Image:
    """A die: a hit shows a red burst, a blank nothing."""
    def paint(c: toolkit.Canvas) -> None:
        c.rounded_rectangle((0, 0, k - 1, k - 1), radius=max(3, k // 5), fill=DIE, outline=INK, width=2)
        if face == "hit":
            cx = cy = (k - 1) / 2
            pts = []
            for i in range(14):
                rr = k * 0.36 if i % 2 == 0 else k * 0.16
                a = -math.pi / 2 + i * math.pi / 7
                pts.append((cx + rr * math.cos(a), cy + rr * math.sin(a)))
            c.polygon(pts, fill=BATTLE)
    return toolkit.drawn(("cor.die", face, k), (k, k), paint)


def tactic_chip(card_id: str, h: int) -> Image.Image:
    """A revealed tactic card, small: its turn-order number large, its income and reinforcements."""
    card = tactic_data(card_id)
    number = str(card.get("turn_order", "?"))
    units = [(int(t), n) for t, n in sorted((card.get("reinforcement") or {}).items()) if n]
    size = max(TEXT_MIN, round(h * 0.42))
    big = max(TEXT_MIN + 2, round(h * 0.62))
    num_w = max(h, tw(number, big, True) + 12)
    parts_w = tw(str(card.get("income", 0)), size, True) + h * 0.5 + 10
    for tier, n in units:
        parts_w += tw(f"{ROMAN[tier]}×{n}", size, True) + 8
    w = round(num_w + parts_w + 10)

    def paint(c: toolkit.Canvas) -> None:
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=6, fill=CARD, outline=INK, width=2)
        c.rounded_rectangle((3, 3, num_w - 2, h - 4), radius=4, fill=CARD_INK)
        toolkit.text(c, ((num_w + 1) / 2, h / 2), number, font=font(big, True), fill=CARD, anchor="mm")
        x = num_w + 6
        coin(c, x + h * 0.22, h / 2, h * 0.22)
        x += h * 0.44 + 4
        toolkit.text(c, (x, h / 2), str(card.get("income", 0)), font=font(size, True), fill=CARD_INK, anchor="lm")
        x += tw(str(card.get("income", 0)), size, True) + 8
        for tier, n in units:
            label = f"{ROMAN[tier]}×{n}"
            toolkit.text(c, (x, h / 2), label, font=font(size, True), fill=mix(STONE[tier], CARD_INK, 0.35),
                         anchor="lm")
            x += tw(label, size, True) + 8
    return toolkit.drawn(("cor.tactic", card_id, h), (w, h), paint)


def slot_chip(item_id: str | None, slot: str, lang: str, w: int, h: int, legendary: bool = False,
              size: int = TEXT_MIN) -> Image.Image:
    """An equipment slot: the item's name on its slot's colour (weapon red, armour blue, a
    legendary item gold), an empty slot dashed."""
    name = item_name(item_id, lang) if item_id else ""

    def paint(c: toolkit.Canvas) -> None:
        colour = LEGENDARY if legendary else WEAPON if slot == "weapon" else ARMOUR
        if not item_id:
            c.rounded_rectangle((0, 0, w - 1, h - 1), radius=5, outline=mix(colour, PANEL, 0.5), width=1)
            toolkit.text(c, (10, h / 2), "—", font=font(size, False), fill=mix(colour, PANEL, 0.3), anchor="lm")
            return
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=5, fill=mix(colour, PANEL, 0.25), outline=colour, width=1)
        say_fit(c, (6, h / 2), name, size, w - 10, WHITE, True, anchor="lm", min_size=size)
    return toolkit.drawn(("cor.slot", item_id, slot, lang, w, h, legendary, size), (w, h), paint)


# ---------------------------------------------------------------------------- the view, read safely

def is_selecting(view: dict) -> bool:
    return view.get("phase") == "tactics" and (view.get("tactics") or {}).get("step") == "select"


def waiting_count(view: dict) -> int:
    """How many players are still choosing a tactic card: the players less the count picked."""
    return max(0, _int(view.get("players")) - _int((view.get("tactics") or {}).get("picked")))


def controller(view: dict, territory: str) -> Any:
    """The seat or the elves controlling a territory, as the view says (None: nobody)."""
    return (view.get("control") or {}).get(territory)


def stronghold_spots(view: dict) -> dict[str, tuple[float, float]]:
    """The cells a stronghold may take (round 1), by the name players type: where they are drawn,
    in hex units."""
    spots = view.get("stronghold_spots") if isinstance(view.get("stronghold_spots"), dict) else {}
    return {name: (1.5 * q, SQRT3 * (r + q / 2)) for name, (q, r) in spots.items()}


FLOWER = ((0, 0), (0, -1), (1, -1), (1, 0), (0, 1), (-1, 1), (-1, 0))   # a region tile's 7 hexes


def tile_spots(view: dict) -> dict[str, list[tuple[float, float]]]:
    """While the players assemble the board: where the next region tile may go, by the name the
    players choose it by, as the centres of its 7 hexes (the tile's centre first), in hex units."""
    spots = view.get("tile_spots") if isinstance(view.get("tile_spots"), dict) else {}
    return {name: [(1.5 * (q + dq), SQRT3 * (r + dr + (q + dq) / 2)) for dq, dr in FLOWER]
            for name, (q, r) in spots.items()}


def map_hexes(view: dict) -> dict[str, dict]:
    """The view's map by label, in drawing order (empty when the view carries none)."""
    return {h["label"]: h for h in view.get("hexes") or [] if isinstance(h, dict) and "label" in h}


# ---------------------------------------------------------------------------- the board

class _Board:
    def __init__(self, view: dict, names, lang: str):
        self.view = view
        self.lang = lang
        self.names = _names(names, lang, _int(view.get("players")))
        self.hexes = map_hexes(view)
        centres = {lbl: (1.5 * h["q"], SQRT3 * (h["r"] + h["q"] / 2)) for lbl, h in self.hexes.items()}
        self.unit = centres
        # round 1's stronghold step: the free cells a stronghold may take, by the name players type
        self.spots = stronghold_spots(view)
        # the board assembled by the players: where the next region tile may go
        self.tile_spots = tile_spots(view)
        points = list(centres.values()) + list(self.spots.values()) + [p for f in self.tile_spots.values() for p in f]
        xs = [x for x, _ in points] or [0.0]
        ys = [y for _, y in points] or [0.0]
        left, right = min(xs) - 1, max(xs) + 1
        top, bottom = min(ys) - SQRT3 / 2, max(ys) + SQRT3 / 2
        self.size = max(MIN_HEX, min(MAX_HEX, (MAP_W - 8) / max(1e-6, right - left)))
        self.map_w = (right - left) * self.size
        self.map_h = math.ceil((bottom - top) * self.size)
        self.ox = MARGIN + (MAP_W - self.map_w) / 2 - left * self.size
        self.oy = 0.0
        self.top_unit = top
        self._log: list[str] | None = None
        self.compact_aside = False   # set-aside items counted, not named (a picture too tall otherwise)
        self._battle_texts: list[str] | None = None

    def say(self, text: Any) -> str:
        return words(text, self.lang, self.names)

    def centre(self, label: str) -> tuple[float, float] | None:
        unit = self.unit.get(label)
        if unit is None:
            return None
        return self.ox + unit[0] * self.size, self.oy + unit[1] * self.size

    # ------------------------------------------------------------------ the whole picture
    def render(self) -> bytes:
        under, panel, height = self._layout()
        map_top = MARGIN
        img = Image.new("RGB", (WIDTH, height), BACKGROUND)
        d = toolkit.canvas(img)
        self.oy = map_top - self.top_unit * self.size
        self._map(d)
        y = map_top + self.map_h + 12
        for h, paint in under:
            paint(d, MARGIN, y, MAP_W)
            y += h
        y = MARGIN
        for h, paint in panel:
            paint(d, PANEL_X, y, PANEL_W)
            y += h
        return PALETTE.png(img)

    def _layout(self) -> tuple[list, list, int]:
        """The sections and the height (`_arrange`); when even the tightest arrangement is taller
        than MAX_ASPECT (a panel long by itself: four seats with long lists of items set aside),
        the seats' set-aside items are counted instead of named."""
        best = self._arrange()
        if best[2] > MAX_ASPECT * WIDTH and any(area.get("set_aside") for area in seats_of(self.view)):
            self.compact_aside = True
            best = min(best, self._arrange(), key=lambda lay: lay[2])
        return best

    def _arrange(self) -> tuple[list, list, int]:
        """The sections of the map's column and of the panel, and the picture's height.

        Fixed: the panel's header, result, turn order and seats; under the map the latest battles,
        the black market and the elf card. The running battle, the recent moves and the legend
        (with the piles' sizes on its first line) go to
        whichever column leaves the picture shortest (the battle in the panel, the others under
        the map when that is as short), the recent moves on RECENT_LINES lines, or on
        RECENT_MIN_LINES when the picture would otherwise grow past MAX_ASPECT; then the latest
        battles listed go down to the last one; only then, during a running battle, the list of
        earlier battles gives way (their territories stay framed on the map). A picture that
        still does not fit (a panel too long by itself) takes the shortest of these."""
        fixed_panel = [s for s in (self._header_section(), self._result_section(), self._order_section()) if s]
        seats = [s for s in self._seat_sections() if s]
        market = self._market_section()
        limit = MAX_ASPECT * WIDTH
        elf_card = self._elf_card_section()
        fight = {left: self._battle_section(MAP_W if left else PANEL_W) for left in (False, True)}
        legends = {left: self._legend_section(MAP_W if left else PANEL_W) for left in (True, False)}
        told = len(self._battles_told())
        # the ways to fit, most complete first: (battles listed, lines of recent moves)
        tries = [(MAX_BATTLE_LINES, lines) for lines in range(RECENT_LINES, RECENT_MIN_LINES - 1, -1)]
        tries += [(n, RECENT_MIN_LINES) for n in range(min(told, MAX_BATTLE_LINES) - 1, 0, -1)]
        if told and isinstance(self.view.get("battle"), dict):
            tries.append((0, RECENT_MIN_LINES))
        fallback = None
        kept: dict = {}
        for n_battles, lines in tries:
            battles = self._recent_section(n_battles) if n_battles else None
            if lines not in kept:
                kept[lines] = {left: self._moves_section(MAP_W if left else PANEL_W, lines) for left in (True, False)}
            recent = kept[lines]
            best = None
            for battle_left in (False, True):
                for moves_left in (True, False):
                    for legend_left in (True, False):
                        battle, moves, legend = fight[battle_left], recent[moves_left], legends[legend_left]
                        under = [battle if battle_left else None, battles, moves if moves_left else None, market,
                                 elf_card, legend if legend_left else None]
                        panel = [*fixed_panel, battle if not battle_left else None, *seats,
                                 moves if not moves_left else None, legend if not legend_left else None]
                        under = [x for x in under if x]
                        panel = [x for x in panel if x]
                        left_h = MARGIN + self.map_h + 12 + sum(h for h, _ in under)
                        right_h = MARGIN + sum(h for h, _ in panel)
                        height = max(left_h, right_h) + MARGIN
                        if best is None or height < best[2]:
                            best = (under, panel, height)
            if best[2] <= limit:
                return best
            if fallback is None or best[2] < fallback[2]:
                fallback = best
        return fallback

    # ------------------------------------------------------------------ the map
    def _lands(self) -> Image.Image:
        """The map's land, every hex's tile on the background, as one part kept per layout (the
        map does not change during a game but for the strongholds placed): the picture's top
        left corner down to the map's bottom, pasted whole."""
        s = self.size
        tiles = tuple((label, hx["terrain"], hx.get("stone_tier"), hx.get("owner"), hx.get("q"), hx.get("r"))
                      for label, hx in self.hexes.items())   # a stronghold's label does not say where it is
        size = (MARGIN + MAP_W + GAP // 2, math.ceil(self.oy + (self.top_unit * s) + self.map_h + 2))

        def make() -> Image.Image:
            layer = Image.new("RGB", size, BACKGROUND)
            for label, terrain, tier, owner, _q, _r in tiles:
                cx, cy = self.centre(label)
                paste_centred(layer, land_tile(terrain, s, tier, owner), cx, cy)
            return layer
        return toolkit.sprite(("cor.lands", tiles, round(s, 3), round(self.ox, 3), round(self.oy, 3), size), make)

    def _map(self, d: toolkit.Canvas) -> None:
        view, s = self.view, self.size
        toolkit.paste(d, self._lands(), (0, 0))
        spot_size = max(TEXT_MIN, round(s * 0.2))
        for name, flower in sorted(self.tile_spots.items()):
            for ux, uy in flower:
                pts = hex_points(self.ox + ux * s, self.oy + uy * s, s - 3)
                d.line(pts + [pts[0]], fill=SPOT, width=2, joint="curve")
            if name != "first":     # the first tile's only place needs no name
                cx, cy = self.ox + flower[0][0] * s, self.oy + flower[0][1] * s
                toolkit.text(d, (cx, cy), name, font=font(max(TEXT_MIN, round(s * 0.3)), True), fill=SPOT,
                             anchor="mm", stroke_width=2, stroke_fill=BACKGROUND)
        for name, (ux, uy) in sorted(self.spots.items()):
            cx, cy = self.ox + ux * s, self.oy + uy * s
            pts = hex_points(cx, cy, s - 3)
            d.line(pts + [pts[0]], fill=SPOT, width=2, joint="curve")
            toolkit.text(d, (cx, cy), name, font=font(spot_size, True), fill=SPOT, anchor="mm", stroke_width=2,
                         stroke_fill=BACKGROUND)
        # the latest phase's battles (else the last battle) in magenta, the running battle in red
        fight = view.get("battle") if isinstance(view.get("battle"), dict) else None
        last = view.get("last_battle") if isinstance(view.get("last_battle"), dict) else None
        results = view.get("battles") if isinstance(view.get("battles"), dict) else {}
        frames = [(str(b.get("territory")), LAST) for b in results.get("list") or [] if isinstance(b, dict)]
        if not frames and last and last.get("territory"):
            frames = [(str(last["territory"]), LAST)]
        if fight and fight.get("territory"):
            frames.append((str(fight["territory"]), BATTLE))
        width = max(4, round(s / 11))
        for frame, colour in frames:
            c = self.centre(frame)
            if c:
                pts = hex_points(c[0], c[1], s - width / 2)
                d.line(pts + [pts[0]], fill=colour, width=width, joint="curve")
        units = view.get("units") or {}
        elves = view.get("elves") or {}
        heroes: dict[str, list[tuple[str, Any]]] = {}
        owners = view.get("heroes") or {}
        for hero, where in sorted((view.get("hero_at") or {}).items()):
            if where:
                heroes.setdefault(where, []).append((hero, owners.get(hero)))
        label_size = max(TEXT_MIN, round(s * 0.28))
        mark_k = max(18, round(s * 0.34))
        row_h = max(TEXT_MIN + 6, round(s * 0.4))
        for label, hx in self.hexes.items():
            cx, cy = self.centre(label)
            # the label (and the land's mark) along the top
            terrain = hx["terrain"]
            mark = None
            if terrain in ("city", "forge", "stone", "stronghold"):
                ctrl = hx.get("owner") if terrain == "stronghold" else controller(view, label)
                mark = land_mark(terrain, hx.get("stone_tier"), ctrl, mark_k)
            ly = cy - s * 0.6
            lw = tw(label, label_size, True)
            total = lw + (mark.width + 4 if mark else 0)
            lx = cx - total / 2
            if mark:
                paste_centred(d, mark, lx + mark.width / 2, ly - 1)
                lx += mark.width + 4
            toolkit.text(d, (lx, ly), label, font=font(label_size, True), fill=LABEL, anchor="lm", stroke_width=2,
                         stroke_fill=INK)
            # the pieces: a pill per owner, the elves, the heroes
            parts: list[Image.Image | list[Image.Image]] = []
            for seat_key, tiers in sorted((units.get(label) or {}).items(), key=lambda kv: str(kv[0])):
                counts = tuple((int(t), _int(n)) for t, n in sorted((tiers or {}).items(), key=lambda kv: str(kv[0]))
                               if _int(n) > 0 and str(t).isdigit())
                if counts and str(seat_key).isdigit():
                    parts.extend(unit_pills(int(seat_key), counts, row_h, round(s * 1.72)))
            kinds: dict[str, int] = {}
            for e in elves.get(label) or []:
                kinds[e] = kinds.get(e, 0) + 1
            if kinds:
                parts.extend(rows_within([elf_token(elf_mark(e, self.lang), kinds[e], row_h)
                                          for e in sorted(kinds, key=elf_order)], round(s * 1.72)))
            if label in heroes:
                r = max(12, round(row_h * 0.5))
                parts.extend(rows_within([hero_token(seat, hero_mark(hero, self.lang), r, TEXT_MIN)
                                          for hero, seat in heroes[label]], round(s * 1.72)))
            if not parts:
                continue
            heights = [max(p.height for p in part) if isinstance(part, list) else part.height for part in parts]
            gap = 3
            total_h = sum(heights) + gap * (len(parts) - 1)
            y = cy + s * 0.2 - total_h / 2
            y = max(y, cy - s * 0.4)
            for part, h in zip(parts, heights):
                if isinstance(part, list):
                    row_w = sum(p.width for p in part) + 3 * (len(part) - 1)
                    x = cx - row_w / 2
                    for p in part:
                        toolkit.paste(d, p, (round(x), round(y + (h - p.height) / 2)))
                        x += p.width + 3
                else:
                    paste_centred(d, part, cx, y + h / 2)
                y += h + gap

    # ------------------------------------------------------------------ panel sections
    def _box(self, d, x, y, w, h, fill=PANEL, outline=PANEL_EDGE, width=1):
        toolkit.round_box(d, (x, y, x + w, y + h), radius=10, fill=fill, outline=outline, width=width)

    def _header_section(self):
        view = self.view
        step = self.say(view.get("step_text"))
        step = wrap_text(step[:1].upper() + step[1:], BODY, PANEL_W - 28, max_lines=2)
        h = 44 + 30 * len(step) + 12

        def paint(d, x, y, w):
            self._box(d, x, y, w, h - 10)
            bits = []
            rnd = _int(view.get("round"), 1)
            limit = _int((view.get("options") or {}).get("rounds"))
            bits.append(Msg("Round {round}/{rounds}", round=rnd, rounds=limit) if limit
                        else Msg("Round {round}", round=rnd))
            phase = view.get("phase")
            if phase in ("first_action", "second_action"):
                bits.append(term("first action" if phase == "first_action" else "second action"))
            elif phase == "tactics":
                bits.append(term("tactic card"))
            said = " · ".join(self.say(b)[:1].upper() + self.say(b)[1:] for b in bits)
            say_fit(d, (x + 14, y + 24), said, HEAD - 2, w - 28, GOLD, True, anchor="lm", min_size=SMALL)
            for k, line in enumerate(step):
                draw_text(d, (x + 14, y + 56 + 30 * k), line, BODY, TEXT, anchor="lm")
        return h, paint

    def _result_section(self):
        result = self.view.get("result")
        if not isinstance(result, dict):
            return None
        winners = [s for s in result.get("winners") or [] if isinstance(s, int)]
        h = 66

        def paint(d, x, y, w):
            self._box(d, x, y, w, h - 10, fill=mix(GOLD, PANEL, 0.75), outline=GOLD, width=2)
            if len(winners) == 1:
                text = self.say(Msg("{player} wins!", player=Seat(winners[0])))
            elif winners:
                text = self.say(Msg("{players} win!", players=[Seat(s) for s in winners]))
            else:
                text = self.say(Msg("Game over"))
            star(d, x + 28, y + (h - 10) / 2, 14, GOLD, GOLD_DARK)
            say_fit(d, (x + 50, y + (h - 10) / 2), text, HEAD, w - 64, WHITE, True, anchor="lm", min_size=SMALL)
        return h, paint

    def _order_section(self):
        view = self.view
        tac = view.get("tactics") or {}
        players = _int(view.get("players"))
        if is_selecting(view):
            n = waiting_count(view)
            text = self.say(Msg("{picked} of {players} players have chosen a tactic card.",
                                picked=players - n, players=players))
            lines = wrap_text(text, SMALL, PANEL_W - 28, True)
            h = 40 + 48 + 28 * len(lines) + 14

            def paint_waiting(d, x, y, w):
                self._box(d, x, y, w, h - 10)
                head = self.say(term("turn order"))
                draw_text(d, (x + 14, y + 22), head[:1].upper() + head[1:], SMALL, TEXT_DIM, True, anchor="lm")
                # card backs: one face down per pick made, an empty place per player still choosing
                cx = x + 14
                for k in range(players):
                    picked = k < players - n
                    box = (cx, y + 42, cx + 30, y + 82)
                    if picked:
                        d.rounded_rectangle(box, radius=4, fill=CARD_GREY, outline=CARD, width=2)
                        d.line((cx + 6, y + 48, cx + 24, y + 76), fill=CARD, width=2)
                    else:
                        d.rounded_rectangle(box, radius=4, outline=PANEL_EDGE, width=2)
                    cx += 38
                for k, line in enumerate(lines):
                    draw_text(d, (x + 14, y + 104 + 28 * k), line, SMALL, GOLD, True, anchor="lm")
            return h, paint_waiting
        order = [s for s in tac.get("turn_order") or [] if isinstance(s, int)]
        revealed = tac.get("revealed") or {}
        if not order:
            return None
        row = 40
        h = 40 + row * len(order) + 14
        acting = view.get("acting")

        def paint(d, x, y, w):
            self._box(d, x, y, w, h - 10)
            head = self.say(term("turn order"))
            draw_text(d, (x + 14, y + 20), head[:1].upper() + head[1:], SMALL, TEXT_DIM, True, anchor="lm")
            ry = y + 38
            for k, seat in enumerate(order):
                cy = ry + row / 2
                now = seat == acting and not view.get("result")
                if now:
                    toolkit.round_box(d, (x + 6, ry + 1, x + w - 6, ry + row - 1), radius=6,
                                      fill=mix(GOLD, PANEL, 0.82))
                toolkit.text(d, (x + 26, cy), str(k + 1), font=font(BODY, True), fill=GOLD if now else TEXT_DIM,
                             anchor="mm")
                d.ellipse((x + 44, cy - 8, x + 60, cy + 8), fill=seat_colour(seat), outline=INK)
                card = revealed.get(str(seat))
                chip_w = 0
                if card:
                    chip = tactic_chip(card, row - 8)
                    chip_w = chip.width
                    toolkit.paste(d, chip, (x + w - 12 - chip.width, round(cy - chip.height / 2)))
                name = ("▶ " if now else "") + self.say(Seat(seat))
                say_fit(d, (x + 68, cy), name, BODY, w - 90 - chip_w, TEXT, True, anchor="lm", min_size=SMALL)
                ry += row
        return h, paint

    def _battle_section(self, width: int = PANEL_W):
        """The running battle; in the map's column the two sides stand side by side and the
        rerolls and damage share the dice's line (when `width` has room)."""
        view = self.view
        b = view.get("battle")
        if not isinstance(b, dict):
            return None
        row = 38
        die = 34
        dice = [f for f in b.get("dice") or [] if f in ("hit", "blank")][:10]
        step = str(b.get("step") or "")
        bits = [self.say(plural("{n} reroll left", "{n} rerolls left", n=_int(b.get("rerolls_left"))))]
        if step == "allocate" or _int(b.get("damage")):
            bits.append(self.say(Msg("damage {n}", n=_int(b.get("damage")))))
        said = " · ".join(bits)
        dice_w = max(len(dice), 3) * (die + 5)
        one_line = 14 + dice_w + 12 + 30 + tw(said, SMALL, True) + 14 <= width
        abreast = width >= 2 * 300 + 32           # the two sides side by side
        sides_h = (1 if abreast else 2) * (row + 6)
        h = 40 + sides_h + 44 + (0 if one_line else 34) + 12

        def side_name(side) -> str:
            return self.say(Msg("the elves")) if side == ELVES else self.say(Seat(side)) \
                if isinstance(side, int) else "?"

        def paint(d, x, y, w):
            self._box(d, x, y, w, h - 10, fill=mix(BATTLE, PANEL, 0.85), outline=BATTLE, width=2)
            where = str(b.get("territory") or "?")
            head = self.say(Msg("Battle in {hex}", hex=where))
            draw_text(d, (x + 14, y + 20), head, BODY, WHITE, True, anchor="lm")
            roles = (("attacker", b.get("attacker")), ("defender", b.get("defender")))
            speed = b.get("speed") if isinstance(b.get("speed"), dict) else {}
            rage_tokens = b.get("rage") if isinstance(b.get("rage"), dict) else {}
            turn = b.get("turn")
            for k, (role, side) in enumerate(roles):
                if abreast:
                    bw = (w - 24 - 8) // 2
                    by, bx = y + 40, x + 12 + k * (bw + 8)
                else:
                    by, bx, bw = y + 40 + k * (row + 6), x + 12, w - 24
                active = turn == role
                col = side_colour(side)
                toolkit.round_box(d, (bx, by, bx + bw, by + row), radius=7, fill=mix(col, PANEL, 0.7),
                                  outline=GOLD if active else col, width=3 if active else 1)
                cy = by + row / 2
                # speed and rage tokens at the right, the side's role and name on the left
                n_rage = str(_int(rage_tokens.get(role)))
                rx = bx + bw - 12 - tw(n_rage, SMALL, True)
                toolkit.text(d, (rx, cy), n_rage, font=font(SMALL, True), fill=WHITE, anchor="lm")
                rage(d, rx - 16, cy, 11)
                spd = str(_int(speed.get(role)))
                sx = rx - 36 - tw(spd, SMALL, True)
                toolkit.text(d, (sx, cy), spd, font=font(SMALL, True), fill=WHITE, anchor="lm")
                icon(d, "SPD", sx - 16, cy, 11)
                label = self.say(Msg("Attacker: {who}", who=side_name(side)) if role == "attacker"
                                 else Msg("Defender: {who}", who=side_name(side)))
                say_fit(d, (bx + 10, cy), ("▶ " if active else "") + label, SMALL, sx - 36 - bx - 10, WHITE, True,
                        anchor="lm", min_size=SMALL)
            # the dice, rerolls left, damage
            dy = y + 40 + sides_h + 4
            dx = x + 14
            if dice:
                for face in dice:
                    toolkit.paste(d, die_face(face, die), (dx, dy))
                    dx += die + 5
            else:
                for _ in range(3):
                    d.rounded_rectangle((dx, dy, dx + die - 1, dy + die - 1), radius=6, outline=PANEL_EDGE, width=2)
                    dx += die + 5
            lx, ly = (dx + 7, dy + die / 2) if one_line else (x + 14, dy + die + 20)
            icon(d, "REROLL", lx + 12, ly, 11)
            say_fit(d, (lx + 30, ly), said, SMALL, x + w - 14 - lx - 30, WHITE, True, anchor="lm", min_size=SMALL)
        return h, paint

    def _counted(self, items: list) -> list[str]:
        """Item names, each once, with "×n" after one held several times (in the order first held)."""
        counts: dict[str, int] = {}
        for item in items:
            counts[str(item)] = counts.get(str(item), 0) + 1
        return [item_name(i, self.lang) + (f" ×{n}" if n > 1 else "") for i, n in counts.items()]

    def _seat_sections(self):
        return [self._seat_section(seat, area) for seat, area in enumerate(seats_of(self.view))]

    def _seat_section(self, seat: int, area: dict):
        """A seat's block: name and tribe; gold, crystals, VP and heroes; the tactic cards' counts;
        per tier its stone mark, the reserve and the equipped weapon and armour."""
        view = self.view
        tribe = str(area.get("tribe") or "")
        heroes = sorted(h for h, owner in (view.get("heroes") or {}).items() if owner == seat)
        legendary = [str(i) for i in area.get("legendary") or []]
        worn = {str(i) for slots in (area.get("equipped") or {}).values() if isinstance(slots, dict)
                for i in slots.values() if i}
        spare = [i for i in legendary if i not in worn]    # forged, not equipped now
        bits = []
        if spare:
            bits.append(self.say(Msg("Legendary: {items}", items=self._counted(spare))))
        if area.get("set_aside") and self.compact_aside:
            bits.append(self.say(plural("Set aside: {n} item", "Set aside: {n} items", n=len(area["set_aside"]))))
        elif area.get("set_aside"):
            bits.append(self.say(Msg("Set aside: {items}", items=self._counted(area["set_aside"]))))
        extras = [line for bit in bits for line in wrap_text(bit, SMALL, PANEL_W - 36)]
        unit_row = 32
        top_rows = 106
        reserve = area.get("reserve") or {}
        equipped = area.get("equipped") or {}
        res_w = tw("×00", SMALL, True)
        chip_off = 52 + res_w
        lines = {tier: self._slot_lines(equipped.get(str(tier)) or {}, PANEL_W - 14 - chip_off) for tier in (1, 2, 3)}
        h = top_rows + unit_row * sum(len(v) for v in lines.values()) + 28 * len(extras) + (6 if extras else 0) + 22
        acting = view.get("acting") == seat and not view.get("result")
        selecting = is_selecting(view)

        def draw_at(d, x, y, w):
            self._box(d, x, y, w, h - 10, fill=mix(seat_colour(seat), PANEL, 0.9),
                      outline=GOLD if acting else PANEL_EDGE, width=3 if acting else 1)
            d.rectangle((x + 4, y + 10, x + 9, y + h - 20), fill=seat_colour(seat))
            right = x + w - 14
            # name and tribe
            tribe_said = tribe_name(tribe, self.lang) if tribe else ""
            tribe_w = min(tw(tribe_said, SMALL), w // 2 - 20)
            say_fit(d, (right, y + 22), tribe_said, SMALL, tribe_w, TEXT_DIM, anchor="rm", min_size=SMALL)
            name = ("▶ " if acting else "") + self.say(Seat(seat))
            say_fit(d, (x + 20, y + 22), name, HEAD - 2, w - 50 - tribe_w, seat_light(seat), True, anchor="lm",
                    min_size=SMALL)
            # gold, crystals, VP, heroes
            cy = y + 54
            cx = x + 20
            coin(d, cx + 10, cy, 11)
            cx += 26
            label = str(_int(area.get("gold")))
            toolkit.text(d, (cx, cy), label, font=font(BODY, True), fill=TEXT, anchor="lm")
            cx += tw(label, BODY, True) + 16
            crystal(d, cx + 9, cy, 12)
            cx += 24
            label = str(_int(area.get("crystals")))
            toolkit.text(d, (cx, cy), label, font=font(BODY, True), fill=TEXT, anchor="lm")
            cx += tw(label, BODY, True) + 16
            star(d, cx + 12, cy, 13, GOLD, GOLD_DARK)
            cx += 30
            label = f"{_int(area.get('vp'))}/{target_vp(view)}"
            toolkit.text(d, (cx, cy), label, font=font(BODY, True), fill=GOLD, anchor="lm")
            cx += tw(label, BODY, True) + 16
            for hero in heroes:
                part = hero_token(seat, hero_mark(hero, self.lang), 13, SMALL)
                toolkit.paste(d, part, (round(cx), round(cy - part.height / 2 - 3)))
                cx += part.width + 3
            # tactic cards: deck and discard; the hand's size is not shown during the secret choice
            hand = area.get("tactic_hand")
            hand_n = len(hand) if isinstance(hand, list) else _int(hand)
            deck_n = _int(area.get("tactic_deck")) if not isinstance(area.get("tactic_deck"), list) \
                else len(area["tactic_deck"])
            discard_n = len(area.get("tactic_discard") or [])
            counts = self.say(Msg("Deck {deck} · Discard {discard}", deck=deck_n, discard=discard_n)) if selecting \
                else self.say(Msg("Hand {hand} · Deck {deck} · Discard {discard}", hand=hand_n, deck=deck_n,
                                  discard=discard_n))
            say_fit(d, (x + 20, y + 85), counts, SMALL, w - 36, TEXT_DIM, anchor="lm", min_size=SMALL)
            # the tribe card's unit types: tier (its stone's mark), reserve, weapon and armour
            ry = y + top_rows
            chip_x = x + chip_off
            for tier in (1, 2, 3):
                mid = ry + unit_row / 2
                stone_shape(d, tier, x + 30, mid, 16, min_size=SMALL)
                toolkit.text(d, (x + 52, mid), f"×{_int(reserve.get(str(tier)))}", font=font(SMALL, True),
                             fill=TEXT_DIM, anchor="lm")
                for line in lines[tier]:
                    for slot, item, cx, cw in line:
                        chip = slot_chip(item, slot, self.lang, cw, unit_row - 5, legendary=item in legendary)
                        toolkit.paste(d, chip, (chip_x + cx, round(ry + 2)))
                    ry += unit_row
            for k, line in enumerate(extras):
                draw_text(d, (x + 20, ry + 18 + 28 * k), line, SMALL, TEXT_DIM, anchor="lm")
        # everything the block reads: the seat's area, its heroes, the turn, the VP target, the words
        key = ("cor.seat", seat, repr(area), tuple(heroes), acting, selecting, target_vp(view), self.lang,
               self.say(Seat(seat)), self.compact_aside, h)

        def paint(d, x, y, w):
            # one part kept while the seat's block shows the same (most moves change one or two seats)
            def make() -> Image.Image:
                part = Image.new("RGB", (w + 1, h), BACKGROUND)
                draw_at(toolkit.canvas(part), 0, 0, w)
                return part
            toolkit.paste(d, toolkit.sprite(key + (w,), make), (x, y))
        return h, paint

    def _slot_lines(self, slots: dict, room: int) -> list[list[tuple[str, Any, int, int]]]:
        """Where a unit type's weapon and armour chips go in `room` px: two halves of one line
        when both names fit, else each as wide as its name, the armour on a line of its own when
        the two do not fit side by side. Each chip: (slot, item, x from the first, width)."""
        items = [("weapon", slots.get("weapon")), ("armour", slots.get("armour"))]
        widths = [tw(item_name(i, self.lang), SMALL, True) + 16 if i else 40 for _s, i in items]
        half = (room - 4) // 2
        if max(widths) <= half:
            return [[(slot, item, k * (half + 4), half) for k, (slot, item) in enumerate(items)]]
        if sum(widths) + 4 <= room:
            return [[(items[0][0], items[0][1], 0, widths[0]),
                     (items[1][0], items[1][1], widths[0] + 4, room - widths[0] - 4)]]
        return [[(slot, item, 0, min(room, wd))] for (slot, item), wd in zip(items, widths)]

    # ------------------------------------------------------------------ under the map
    def _kept(self, key: tuple, h: int, paint):
        """A section drawn once per `key` (and width) and pasted: for what changes rarely."""
        def draw(d, x, y, w):
            def make() -> Image.Image:
                part = Image.new("RGB", (w + 1, h - 9), BACKGROUND)
                paint(toolkit.canvas(part), 0, 0, w)
                return part
            toolkit.paste(d, toolkit.sprite(key + (w, h), make), (x, y))
        return h, draw

    def _market_section(self):
        market = [m for m in self.view.get("market") or [] if isinstance(m, dict)]
        if not market:
            return None
        cols = 3
        rows = math.ceil(len(market) / cols)
        cell_h = 60
        h = 36 + rows * (cell_h + 8) + 12

        def paint(d, x, y, w):
            self._box(d, x, y, w, h - 10)
            head = self.say(term("black market"))
            draw_text(d, (x + 14, y + 18), head[:1].upper() + head[1:], SMALL, TEXT_DIM, True, anchor="lm")
            cell_w = (w - 28 - (cols - 1) * 8) / cols
            for k, stack in enumerate(market):
                cx = x + 14 + (k % cols) * (cell_w + 8)
                cy = y + 34 + (k // cols) * (cell_h + 8)
                self._item_cell(d, stack.get("item"), _int(stack.get("count")), cx, cy, cell_w, cell_h)
        return self._kept(("cor.market", self.lang, tuple((str(m.get("item")), _int(m.get("count"))) for m in market)),
                          h, paint)

    def _item_cell(self, d, item_id, count: int, x, y, w, h):
        """A black market stack (name, cost, bonuses, count), drawn once per look and pasted."""
        w, h = round(w), round(h)
        it = item_data(str(item_id)) if item_id else None
        empty = it is None or count <= 0
        said = self.say(Msg("empty")) if empty else item_name(str(item_id), self.lang)

        def paint(c: toolkit.Canvas) -> None:
            if empty:
                c.rounded_rectangle((0, 0, w, h), radius=7, outline=PANEL_EDGE, width=1)
                draw_text(c, (w / 2, h / 2), said, SMALL, TEXT_DIM, anchor="mm")
                return
            colour = WEAPON if it.get("slot") == "weapon" else ARMOUR
            c.rounded_rectangle((0, 0, w, h), radius=7, fill=mix(colour, PANEL, 0.8), outline=colour)
            coin(c, w - 22, 17, 14)
            toolkit.text(c, (w - 22, 17), str(_int(it.get("cost"))), font=font(SMALL, True), fill=INK, anchor="mm")
            say_fit(c, (8, 17), said, SMALL, w - 48, WHITE, True, anchor="lm", min_size=SMALL)
            bonus_row(c, 8, 43, it.get("bonus") or {}, 11, SMALL)
            if count > 1:
                toolkit.text(c, (w - 10, 43), f"×{count}", font=font(SMALL, True), fill=TEXT, anchor="rm")
        part = toolkit.drawn(("cor.stack", str(item_id), count if not empty else 0, said, w, h), (w + 1, h + 1), paint)
        toolkit.paste(d, part, (round(x), round(y)))

    def _elf_card_section(self):
        card = self.view.get("elf_card")
        if not isinstance(card, dict) or not card:
            return None
        kinds = sorted(card, key=elf_order)
        row = 32
        h = 34 + row * len(kinds) + 10

        def paint(d, x, y, w):
            self._box(d, x, y, w, h - 10)
            head = self.say(term("elf tribe card"))
            draw_text(d, (x + 14, y + 18), head[:1].upper() + head[1:], SMALL, TEXT_DIM, True, anchor="lm")
            chip_w = 180
            for k, elf in enumerate(kinds):
                ry = y + 32 + k * row
                mid = ry + row / 2
                paste_centred(d, elf_token(elf_mark(elf, self.lang), 1, row - 4), x + 30, mid)
                slots = card.get(elf) or {}
                ax = x + w - 14 - chip_w
                wx = ax - 6 - chip_w
                toolkit.paste(d, slot_chip(slots.get("weapon"), "weapon", self.lang, chip_w, row - 5),
                              (round(wx), round(ry + 2)))
                toolkit.paste(d, slot_chip(slots.get("armour"), "armour", self.lang, chip_w, row - 5),
                              (round(ax), round(ry + 2)))
                e = elf_data(elf)
                stats = f"{e.get('strength', 0)}/{e.get('health', 0)}"
                sx = wx - 10
                toolkit.text(d, (sx, mid), stats, font=font(SMALL, True), fill=TEXT_DIM, anchor="rm")
                say_fit(d, (x + 52, mid), elf_name(elf, self.lang), SMALL, sx - x - 62 - tw(stats, SMALL, True),
                        TEXT, anchor="lm", min_size=SMALL)
        slots = tuple((elf, str((card.get(elf) or {}).get("weapon")), str((card.get(elf) or {}).get("armour")))
                      for elf in kinds)
        return self._kept(("cor.elf_card", self.lang, slots), h, paint)

    def _pile_bits(self) -> list[tuple[str, Any, int]]:
        """The piles' sizes: (text, its mark, width with the mark)."""
        view = self.view
        bits = [(Msg("{pile}: {n}", pile=term("equipment card"), n=_int(view.get("equipment_deck"))), None),
                (Msg("{pile}: {n}", pile=term("legendary equipment"), n=_int(view.get("legendary_deck"))), None),
                (Msg("{pile}: {n}", pile=term("elf crystal"), n=_int(view.get("crystal_supply"))), "crystal")]
        if view.get("gold_supply") is not None:     # the box's supply (option supply=box)
            bits.append((Msg("{pile}: {n}", pile=term("gold coin"), n=_int(view["gold_supply"])), None))
        said = [(self.say(t), mark) for t, mark in bits]
        return [(s[:1].upper() + s[1:], mark, tw(s[:1].upper() + s[1:], SMALL) + (22 if mark else 0))
                for s, mark in said]

    def _legend_section(self, width: int = MAP_W):
        """The piles' sizes on a line of their own, then what the map's marks mean, in as few
        lines as `width` allows (two under the map): the reinforcement stones' marks (the tier's
        shape, colour and numeral) and what controlling one gives; the red and magenta frames. Words
        wrap between them like a sentence's."""
        line = 30

        def pile(text, mark):
            def paint(d, x, cy):
                if mark == "crystal":
                    crystal(d, x + 9, cy, 11)
                draw_text(d, (x + (22 if mark else 0), cy), text, SMALL, TEXT_DIM, anchor="lm")
            return paint

        piles = [(part, pile(text, mark), 24) for text, mark, part in self._pile_bits()]
        n_piles = len(flow(piles, width - 28))
        n_key = len(legend_key(self.lang, width - 28))
        h = 12 + line * (n_piles + n_key) + 8 + 10

        def paint(d, x, y, w):
            self._box(d, x, y, w, h - 10)
            for k, row in enumerate(flow(piles, w - 28)):
                for dx, painter in row:
                    painter(d, x + 14 + dx, y + 12 + line / 2 + line * k)

            # the key does not change during a game: one part kept per language and width
            def make() -> Image.Image:
                part = Image.new("RGB", (w - 28, line * n_key), PANEL)
                c = toolkit.canvas(part)
                for k, row in enumerate(legend_key(self.lang, w - 28)):
                    for dx, painter in row:
                        painter(c, dx, line / 2 + line * k)
                return part
            key = toolkit.sprite(("cor.legend", self.lang, w, n_key), make)
            toolkit.paste(d, key, (x + 14, y + 12 + line * n_piles))
        return h, paint

    def _moves_section(self, width: int = MAP_W, max_lines: int = 4):
        """The recent moves: the latest events' public texts (the view's `log`), newest last, in
        at most `max_lines` lines (an older text that does not fit whole is left out; the newest
        alone is cut with an ellipsis). The heading sits left of the lines."""
        if self._log is None:      # said once per picture (the layout tries several widths)
            said = (self.say(e) for e in [e for e in self.view.get("log") or [] if e][-RECENT_LINES:])
            self._log = [text[:1].upper() + text[1:] for text in said if text]
        entries = self._log
        if not entries:
            return None
        head = self.say(Msg("Recent"))
        gutter = tw(head, SMALL, True) + 22
        room = width - 28 - gutter
        shown: list[list[str]] = []
        used = 0
        for text in reversed(entries):
            lines = wrap_text(text, SMALL, room, False, indent="  ")
            if used + len(lines) > max_lines:
                if not shown:
                    shown.append(wrap_text(text, SMALL, room, False, max_lines=max_lines, indent="  "))
                break
            shown.insert(0, lines)
            used += len(lines)
        rows = [(text, k == len(shown) - 1) for k, lines in enumerate(shown) for text in lines]
        line = 28
        h = 10 + line * len(rows) + 8 + 10

        def paint(d, x, y, w):
            self._box(d, x, y, w, h - 10)
            cy = y + 10 + line / 2
            draw_text(d, (x + 14, cy), head, SMALL, TEXT_DIM, True, anchor="lm")
            for text, newest in rows:
                draw_text(d, (x + 14 + gutter, cy), text, SMALL, TEXT if newest else TEXT_DIM, anchor="lm")
                cy += line
        return h, paint

    def _battles_told(self) -> list[dict]:
        """The latest action phase's battles the view tells (see _recent_section)."""
        results = self.view.get("battles")
        return [b for b in (results or {}).get("list") or [] if isinstance(b, dict) and b.get("territory")] \
            if isinstance(results, dict) else []

    def _recent_section(self, most: int = MAX_BATTLE_LINES):
        """What happened last, as the view tells it: every battle of the latest action phase that
        had any (the view's `battles`; the last `most` of them), one line each: its territory, what
        each side lost by unit type, a retreat, and who holds the territory now. A view without
        them (a game saved before they were kept) shows the last battle's winner and loser only."""
        results = self.view.get("battles")
        fought = self._battles_told()
        if not fought:
            return self._last_battle_section()
        fought = fought[-most:]
        bits: list[Any] = [Msg("Battles")]
        rnd = _int(results.get("round"))
        if rnd:
            bits.append(Msg("Round {round}", round=rnd))
        if results.get("phase") in ("first_action", "second_action"):
            bits.append(term("first action" if results["phase"] == "first_action" else "second action"))
        head = " · ".join(self.say(b)[:1].upper() + self.say(b)[1:] for b in bits)
        if self._battle_texts is None:     # said once per picture (the layout may list fewer)
            self._battle_texts = [self.say(battle_line(b, self.lang, self.say)) for b in self._battles_told()]
        texts = self._battle_texts[-len(fought):]
        line = 30

        def lines(w: float) -> list[tuple[str, bool]]:
            out = [(head, True)]
            for text in texts:
                out += [(t, False) for t in wrap_text(text, SMALL, w - 58, False, indent="  ")]
            return out

        n = len(lines(MAP_W))
        h = 14 + line * n + 12

        def paint(d, x, y, w):
            # one part kept while the battles stay the same (they change only when one ends)
            def make() -> Image.Image:
                part = Image.new("RGB", (w + 1, h - 9), BACKGROUND)
                c = toolkit.canvas(part)
                self._box(c, 0, 0, w, h - 10, fill=mix(LAST, PANEL, 0.88), outline=LAST, width=2)
                cy = 6 + line / 2
                pts = hex_points(28, cy, 13)
                c.line(pts + [pts[0]], fill=LAST, width=4, joint="curve")
                for text, bold in lines(w):
                    draw_text(c, (50, cy), text, SMALL, TEXT if not bold else WHITE, bold, anchor="lm")
                    cy += line
                return part
            toolkit.paste(d, toolkit.sprite(("cor.battles", head, tuple(texts), w, h), make), (x, y))
        return h, paint

    def _last_battle_section(self):
        last = self.view.get("last_battle")
        if not isinstance(last, dict) or not last.get("territory") or isinstance(self.view.get("battle"), dict):
            return None
        where = str(last["territory"])
        won = self.say(Msg("Last battle in {hex}: {winner} beat {loser}.", hex=where, winner=side_msg(last.get("winner")),
                           loser=side_msg(last.get("loser"))))
        line = 32

        def lines(w: float) -> list[str]:
            return wrap_text(won, SMALL, w - 58, True)

        n = len(lines(MAP_W))
        h = 14 + line * n + 12

        def paint(d, x, y, w):
            self._box(d, x, y, w, h - 10, fill=mix(LAST, PANEL, 0.88), outline=LAST, width=2)
            cy = y + 8 + line / 2
            pts = hex_points(x + 28, cy, 13)
            d.line(pts + [pts[0]], fill=LAST, width=4, joint="curve")
            for text in lines(w):
                draw_text(d, (x + 50, cy), text, SMALL, TEXT, True, anchor="lm")
                cy += line
        return h, paint




_WIDE = re.compile(r"[\u2e80-\u9fff\u3000-\u303f\uf900-\ufaff\uff00-\uffef]")


def flow_pieces(text: str) -> list[tuple[str, bool]]:
    """`text` in the pieces a line may break between: words, and single Chinese characters (a
    punctuation mark stays with the character before it); each with whether a space precedes it."""
    out: list[tuple[str, bool]] = []
    space = False
    for m in re.finditer(r"\s+|[\u2e80-\u9fff\u3000-\u303f\uf900-\ufaff\uff00-\uffef]|[^\s\u2e80-\u9fff\u3000-\u303f\uf900-\ufaff\uff00-\uffef]+", text):
        piece = m.group()
        if piece.isspace():
            space = True
            continue
        if out and not space and (piece in "，。、；：！？）」』" or not _WIDE.match(piece) and not _WIDE.match(out[-1][0][-1])):
            out[-1] = (out[-1][0] + piece, out[-1][1])
        else:
            out.append((piece, space))
        space = False
    return out


def _text_painter(text: str, colour: RGB, bold: bool = False):
    return lambda d, x, cy: draw_text(d, (x, cy), text, SMALL, colour, bold, anchor="lm")


def flow(items: list[tuple[int, Any, int]], width: float) -> list[list[tuple[int, Any]]]:
    """Items (width, painter, the gap before it) placed like words in lines at most `width`
    wide: per line, each item's x and its painter. An item without a painter starts a line."""
    lines: list[list[tuple[int, Any]]] = [[]]
    x = 0
    for w, painter, gap in items:
        if painter is None:
            lines.append([])
            x = 0
            continue
        if lines[-1] and x + gap + w > width:
            lines.append([])
            x, gap = 0, 0
        elif not lines[-1]:
            gap = 0
        lines[-1].append((x + gap, painter))
        x += gap + w
    return lines


@lru_cache(maxsize=16)
def legend_key(lang: str, width: int) -> list[list[tuple[int, Any]]]:
    """The legend's key in lines at most `width` wide (see _Board._legend_section): the stones'
    marks, what controlling one gives, the two frames."""
    explain = words(Msg("Whoever controls a stone gets one unit of its tier after the first action."), lang)
    frames = [(BATTLE, words(Msg("battle now"), lang)), (LAST, words(Msg("latest battles"), lang))]

    def stones(d, x, cy):
        for k, tier in enumerate((1, 2, 3)):
            stone_shape(d, tier, x + 16 + 40 * k, cy, 16, min_size=SMALL)

    def frame(colour, text):
        def paint(d, x, cy):
            pts = hex_points(x + 14, cy, 12)
            d.line(pts + [pts[0]], fill=colour, width=4, joint="curve")
            draw_text(d, (x + 34, cy), text, SMALL, TEXT_DIM, anchor="lm")
        return 34 + tw(text, SMALL), paint

    space = tw("a b", SMALL) - tw("ab", SMALL)
    items: list[tuple[int, Any, int]] = [(124, stones, 0)]          # the stones, then what they give
    items += [(tw(piece, SMALL), _text_painter(piece, TEXT), space if spaced else 0)
              for piece, spaced in flow_pieces(explain)]
    items += [(*frame(colour, text), 20) for colour, text in frames]
    return flow(items, width)


def side_msg(side: Any) -> Any:
    return Msg("the elves") if side == ELVES else Seat(side) if isinstance(side, int) else "?"


def battle_line(fought: dict, lang: str, say) -> Msg:
    """One battle of the view's `battles` as one sentence: "E4: Ann lost Krag Rider ×2, Bob lost
    Guard ×1; Ann holds it." (unit names through the glossary)."""
    losses = []
    for role in ("attacker", "defender"):
        side = fought.get(role)
        rows = [r for r in (fought.get("lost") or {}).get(role) or [] if isinstance(r, dict)]
        units = " + ".join(f"{say(term(str(r.get('name') or r.get('type') or '?')))} ×{_int(r.get('count'))}"
                           for r in rows)
        losses.append(Msg("{side} lost {units}", side=side_msg(side), units=units) if units
                      else Msg("{side} lost nothing", side=side_msg(side)))
    outcome: list[Any] = []
    if fought.get("retreat"):
        outcome.append(Msg("{side} retreated", side=side_msg(fought.get("loser"))))
    winner = fought.get("winner")
    outcome.append(Msg("the elves hold it") if winner == ELVES else Msg("{side} holds it", side=side_msg(winner)))
    return Msg("{hex}: {losses}; {outcome}.", hex=str(fought.get("territory")), losses=losses, outcome=outcome)


def hex_centres(view: dict) -> dict[str, tuple[float, float]]:
    """Where each hex of the view's map is drawn on the board picture (its centre, in pixels)."""
    b = _Board(view, None, "en")
    b.oy = MARGIN - b.top_unit * b.size
    return {label: b.centre(label) for label in b.hexes}


def render_board(view: dict, names=None, lang: str = "en") -> bytes:
    """The public board as PNG bytes, its words in `lang`. Reads only public keys."""
    return _Board(view, names, lang).render()


