"""PNG pictures of a Battalia view: the public board (render_board) and a player's hand (render_hand).

Both take the dict from engine.battalia's view(); render_board reads only public keys, so it draws the
same picture whichever seat's view it is given.

Discord shows an attachment about 550 px wide, so both pictures are laid out to stay legible at that
size: the board puts the map on top, a key to its symbols under it and a two-column info panel below
(text 22-26 px, about 13-15 px once scaled down); the hand is narrow with large rows.

Colours: the land (terrain) is drawn in light, muted tints and the players' pieces in strong, dark ones,
so a city or hero never melts into the land it stands on (tests keep every pair far apart in RGB).

Words are drawn in the reader's language (`lang`): the picture's own as `Msg`s, the view's texts as they
come, and the game's terms (factions, lands, unit and artifact types) from the game's glossary."""
from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from engine.battalia.data import GREAT_TYPES, cards
from engine.text import Msg, Seat, from_json, term
from i18n import LIST_SEPARATOR
from render import toolkit
from render.common import draw_text, fit_text, font, text_width, words, wrap_text

GAME = "battalia"
Font = tuple[int, bool]  # (size, bold) of the bundled fonts

CELL = 124
MARGIN = 40
GRID = MARGIN * 2 + CELL * 7          # the board picture's width (map with its coordinates)
PAD = 22                              # panel padding / gutter between the two columns
COL_W = (GRID - 3 * PAD) // 2         # width of one panel column
LINE = 29                             # panel line height for 22 px text
HEAD = 34                             # line height for 26 px headings
# land tints (terrain of a card) and player colours (cities, heroes): every terrain colour stays at least
# MIN_COLOUR_DISTANCE (RGB) from every player colour
TERRAIN = {"G": (140, 195, 105), "B": (135, 180, 225), "R": (215, 130, 115), "Y": (232, 208, 105),
           None: (165, 160, 155)}
FACTION = {"G": (20, 120, 40), "B": (35, 75, 200), "R": (200, 30, 30), "Y": (235, 165, 0), None: (90, 90, 90)}
MIN_COLOUR_DISTANCE = 80
# the factions and their lands as the glossary names them
FACTION_NAME = {"G": "Forest Clan", "B": "Islanders", "R": "Ember Folk", "Y": "Cloud Clan"}
FACTION_SHORT = {"G": Msg("For"), "B": Msg("Isl"), "R": Msg("Emb"), "Y": Msg("Clo")}
TERRAIN_NAME = {"G": "Woods", "B": "Lake", "R": "Canyon", "Y": "Mountains"}
SHAPE_NAMES = {"dead": Msg("dead-end"), "straight": Msg("straight"), "corner": Msg("corner"), "t": Msg("T"),
               "cross": Msg("cross"), "curve": Msg("curved")}
TARGET_NAMES = {"city": Msg("city"), "hero": Msg("hero")}
ROAD = (248, 240, 220)
ROAD_EDGE = (150, 130, 100)
NEUTRAL_BOX = (240, 240, 240)
RUINS_BOX = (110, 100, 90)
EMPTY_SQUARE = (225, 220, 205)
REMOVED_SQUARE = (95, 95, 95)
IMPASSABLE_SQUARE = (60, 55, 50)
CROSS = (215, 60, 60)
BG = (245, 242, 235)
CARD_BG = (233, 228, 216)
ACTIVE_BG = (250, 236, 190)
INK = (30, 30, 30)
GREY = (75, 75, 75)
ORACLE = (150, 90, 0)
DIRS = [(0, -1), (1, 0), (0, 1), (-1, 0)]
EXITS = {"city": {"dead": [0], "straight": [0, 2], "corner": [0, 1], "t": [0, 1, 2], "cross": [0, 1, 2, 3]},
         "road": {"straight": [0, 2], "curve": [0, 1], "t": [0, 1, 2], "cross": [0, 1, 2, 3]},
         "ruins": {"cross": [0, 1, 2, 3]}}
STAGE = {"opening": Msg("attacker opens"), "decide": Msg("defender decides"), "defender": Msg("defender plays"),
         "attacker": Msg("attacker plays")}

# the lands' textures (trees, waves, cracks, peaks) in a darker shade of their tint, so a land reads by its
# pattern too (in grayscale, for colour-blind players)
TEXTURE = {"G": (80, 145, 60), "B": (70, 125, 190), "R": (165, 85, 72), "Y": (175, 140, 45), None: (130, 125, 120)}
SNOW = (255, 255, 255)
LAST = (215, 0, 170)                  # frame of the squares the last move changed
BATTLE = (150, 0, 0)                  # frame of the battle's square, the battle banner and totals
ORACLE_PAST = (215, 180, 120)         # days of the week gone by on the Oracle's dial
DIAL_R = 50                           # radius of the Oracle's dial
LEVEL_ROW = 40                        # height of a player's row of cities by level
CARD_ROW = 30                         # height of a card of a battle line
# colours drawn only in one place below (lines, banners, outlines)
OTHER_COLOURS = [(120, 115, 105), (120, 120, 120), (120, 30, 30), (120, 40, 20), (140, 60, 160), (150, 0, 0),
                 (190, 185, 170), (200, 150, 30), (255, 255, 255), (30, 90, 40), (40, 40, 40), (60, 60, 60),
                 (70, 70, 70), (0, 0, 0)]
# the fixed palette: every colour of the pictures, and the blends antialiasing makes between them
PALETTE = toolkit.Palette(toolkit.colours_in(TERRAIN, FACTION, ROAD, ROAD_EDGE, NEUTRAL_BOX, RUINS_BOX, EMPTY_SQUARE,
                                     REMOVED_SQUARE, IMPASSABLE_SQUARE, CROSS, BG, CARD_BG, ACTIVE_BG, INK, GREY,
                                     ORACLE, TEXTURE, SNOW, LAST, BATTLE, ORACLE_PAST,
                                     OTHER_COLOURS))


def _xy(sq: str) -> tuple[int, int]:
    return "abcdefg".index(sq[0]), int(sq[1:]) - 1


def _names(names, lang: str) -> list[str]:
    """The seats' names to write, "Player N" (in `lang`) where a name is missing."""
    return [str(n) if n else words(Seat(i), lang) for i, n in enumerate(names or [])]


def _name(names, seat, lang: str = "en") -> str:
    if isinstance(seat, int):
        return words(Seat(seat), lang, names)
    return "?"


def great_name(t: str) -> str:
    return cards()["great_artifacts"][t]["name"]


def _type_term(t: Any) -> Any:
    """A unit, artifact or great artifact type id ("captain", "sword") as the glossary's term."""
    if not isinstance(t, str) or isinstance(t, Msg) or not t:
        return t
    if t in GREAT_TYPES:
        return term(GAME, great_name(t))
    return term(GAME, t.capitalize())


def _faction_term(name: Any) -> Any:
    """A faction's name from the view: an engine's term as it is, a plain name looked up."""
    name = from_json(name)
    if isinstance(name, str) and not isinstance(name, Msg) and name:
        return term(GAME, name)
    return name


def _label(c: dict, lang: str = "en", names=None) -> str:
    """A card's label, in `lang`, without the trailing " [id]"."""
    return words(c["label"], lang, names).rsplit(" [", 1)[0]


def _fit(text: str, fnt: Font, width: int) -> str:
    """text cut (with an ellipsis) to fit in width pixels."""
    return fit_text(text, fnt[0], width, fnt[1])


def _wrap(text: str, fnt: Font, width: int, indent: str = "") -> list[str]:
    """Whole words (or Chinese characters) per line, measured in pixels; an over-long word is cut."""
    return wrap_text(text, fnt[0], width, fnt[1], indent=indent)


def _wrap_items(label: str, items: list[str], fnt: Font, width: int, indent: str = "   ",
                sep: str = " · ") -> list[str]:
    """label followed by items joined with sep, wrapped between items (an item is never split unless
    it alone is too wide)."""
    lines: list[str] = []
    cur = label
    for item in items:
        trial = cur + (sep if cur not in (label, indent) else "") + item
        if text_width(trial, *fnt) <= width or cur in (label, indent):
            cur = trial
        else:
            lines.append(cur.rstrip(" ·" + sep))
            cur = indent + item
    lines.append(cur)
    return [_fit(line, fnt, width) for line in lines]


def _prefix(label: str) -> str:
    """A label ("Units:", "部隊：") ready to have items follow it: a space after a Latin colon."""
    return label if label.endswith(("：", " ")) else label + " "


def _text(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, fnt: Font, fill, anchor: str = "la") -> None:
    draw_text(d, xy, text, fnt[0], fill, fnt[1], anchor)


def _owner_colour(view: dict, owner) -> tuple:
    if isinstance(owner, int):
        return FACTION[view["players"][owner]["faction"]]
    return NEUTRAL_BOX


def _owner_faction(view: dict, owner) -> str | None:
    if isinstance(owner, int):
        return view["players"][owner]["faction"]
    return None


def _city_text(tile: dict) -> tuple[str, tuple]:
    """The mark on a city: its level in white (a player's city), N<defence> (neutral), 0 (empty), ? (a
    starting city nobody has chosen yet)."""
    owner = tile.get("owner")
    if owner == "neutral":
        return f"N{tile.get('defence')}", INK
    if owner == "empty":
        return "0", INK
    if owner is None:
        return "?", INK
    return str(tile.get("level")), (255, 255, 255)


def _ruins_text(tile: dict) -> str:
    return str(tile["defence"]) if tile.get("defence") else "R"


def _box(d: ImageDraw.ImageDraw, cx: int, cy: int, half: int, fill: tuple, txt: str, col: tuple, size: int,
         width: int = 4) -> None:
    """A city (or Ruins) square with its mark, centred on (cx, cy)."""
    d.rectangle([cx - half, cy - half, cx + half, cy + half], fill=fill, outline=INK, width=width)
    toolkit.text(d, (cx, cy), txt, font=font(size, True), fill=col, anchor="mm", stroke_width=max(1, size // 17)
           if col != INK else 0, stroke_fill=INK)


def _hero(d: ImageDraw.ImageDraw, hx: int, hy: int, r: int, colour: tuple, number: int, size: int = 22) -> None:
    d.ellipse([hx - r, hy - r, hx + r, hy + r], fill=colour, outline=(255, 255, 255), width=3)
    toolkit.text(d, (hx, hy), str(number), font=font(size, True), fill=(255, 255, 255), anchor="mm", stroke_width=1,
           stroke_fill=INK)


def _cross(d: ImageDraw.ImageDraw, box: list[int], k: int, width: int = 7) -> None:
    x0, y0, x1, y1 = box
    d.rectangle(box, fill=IMPASSABLE_SQUARE, outline=(40, 40, 40))
    d.line([x0 + k, y0 + k, x1 - k, y1 - k], fill=CROSS, width=width)
    d.line([x1 - k, y0 + k, x0 + k, y1 - k], fill=CROSS, width=width)


# ----------------------------------------------------------------------------- parts (kept sprites)

def _emblem(c: ImageDraw.ImageDraw, faction, cx: float, cy: float, r: float, fill, outline=None) -> None:
    """A faction's shape, so its pieces differ by more than colour: Forest Clan ▲, Islanders ●, Ember Folk ■,
    Cloud Clan ◆ (none: a small bar)."""
    if faction == "G":
        c.polygon([(cx, cy - r), (cx + r, cy + r * 0.8), (cx - r, cy + r * 0.8)], fill=fill, outline=outline)
    elif faction == "B":
        c.ellipse([cx - r, cy - r, cx + r, cy + r], fill=fill, outline=outline)
    elif faction == "R":
        k = r * 0.85
        c.rectangle([cx - k, cy - k, cx + k, cy + k], fill=fill, outline=outline)
    elif faction == "Y":
        c.polygon([(cx, cy - r * 1.15), (cx + r, cy), (cx, cy + r * 1.15), (cx - r, cy)], fill=fill, outline=outline)
    else:
        c.rectangle([cx - r, cy - r * 0.35, cx + r, cy + r * 0.35], fill=fill, outline=outline)


def _land_motif(c: ImageDraw.ImageDraw, terrain, x: float, y: float, s: float) -> None:
    """One mark of a land's texture in a box of side s at (x, y): trees, waves, cracks or peaks."""
    ink = TEXTURE[terrain]
    if terrain == "G":      # Woods: two fir trees
        for tx, ty, k in ((x + s * 0.3, y + s * 0.08, 0.5), (x + s * 0.72, y + s * 0.3, 0.42)):
            h, w = s * k * 1.35, s * k * 0.5
            c.polygon([(tx, ty), (tx + w, ty + h * 0.75), (tx - w, ty + h * 0.75)], fill=ink)
            c.rectangle([tx - 2, ty + h * 0.75, tx + 2, ty + h], fill=ink)
    elif terrain == "B":    # Lake: three waves
        for k in range(3):
            yy = y + s * (0.2 + 0.3 * k)
            pts = [(x + s * i / 8, yy + (3.5 if i % 2 else -3.5)) for i in range(9)]
            c.line(pts, fill=ink, width=3, joint="curve")
    elif terrain == "R":    # Canyon: two jagged cracks
        for off in (0.0, 0.42):
            pts = [(x + s * (0.05 + off), y + s * 0.05), (x + s * (0.3 + off), y + s * 0.3),
                   (x + s * (0.16 + off), y + s * 0.5), (x + s * (0.45 + off), y + s * 0.95)]
            c.line(pts, fill=ink, width=4, joint="curve")
    elif terrain == "Y":    # Mountains: two peaks with snow
        for px, w, h in ((x + s * 0.35, s * 0.36, s * 0.8), (x + s * 0.72, s * 0.28, s * 0.6)):
            base = y + s * 0.92
            c.polygon([(px, base - h), (px + w, base), (px - w, base)], fill=ink)
            c.polygon([(px, base - h), (px + w * 0.35, base - h * 0.65), (px - w * 0.35, base - h * 0.65)],
                      fill=SNOW)
    else:                   # stones
        for dx, dy in ((0.1, 0.15), (0.55, 0.1), (0.3, 0.55), (0.7, 0.6)):
            c.rectangle([x + s * dx, y + s * dy, x + s * (dx + 0.22), y + s * (dy + 0.16)], fill=ink)


def _land(terrain, size: int) -> Image.Image:
    """A square of land with its texture (a motif in each corner, where roads never run)."""
    def make() -> Image.Image:
        img = Image.new("RGB", (size, size), TERRAIN[terrain])
        c = ImageDraw.Draw(img)
        s = size * 0.3
        for qx in (0.05, 0.65):
            for qy in (0.05, 0.65):
                _land_motif(c, terrain, size * qx, size * qy, s)
        return img
    return toolkit.sprite(("land", terrain, size), make)


def _tile_picture(tile: dict, size: int) -> Image.Image:
    """A card's square: its textured land and its roads (city exits), once per land, shape and turn."""
    terrain, kind, shape, rot = tile.get("terrain"), tile["kind"], tile["shape"], tile.get("rot", 0) % 4

    def make() -> Image.Image:
        img = _land(terrain, size).copy()
        c = ImageDraw.Draw(img)
        cx = cy = size // 2
        exits = [(e + rot) % 4 for e in EXITS[kind][shape]]
        w = CELL // 7
        for colour, width in ((ROAD_EDGE, w + 6), (ROAD, w)):  # a road with a dark edge shows on any land
            for e in exits:
                dx, dy = DIRS[e]
                c.line([cx, cy, cx + dx * (size // 2 + 2), cy + dy * (size // 2 + 2)], fill=colour, width=width)
            r = width // 2
            c.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)
        for e in exits:  # dashes down the middle of the road
            dx, dy = DIRS[e]
            for k in range(size // 2 - 6, 12, -16):
                c.line([cx + dx * k, cy + dy * k, cx + dx * (k - 7), cy + dy * (k - 7)], fill=ROAD_EDGE, width=2)
        return img
    return toolkit.sprite(("tile", terrain, kind, shape, rot, size), make)


def _castle(c: ImageDraw.ImageDraw, x0: int, y0: int, w: int, h: int, fill, outline, width: int) -> None:
    """A city: a walled keep with three merlons on top."""
    m = h // 5
    body = [x0, y0 + m, x0 + w - 1, y0 + h - 1]
    mw = w // 5
    for k in (0, 2, 4):
        c.rectangle([x0 + k * mw, y0, x0 + (k + 1) * mw - (1 if k == 4 else 0) + (w - 5 * mw if k == 4 else 0),
                     y0 + m + width], fill=fill, outline=outline, width=width)
    c.rectangle(body, fill=fill, outline=outline, width=width)


def _city_sprite(w: int, fill, txt: str, col, faction=None, size: int = 34) -> Image.Image:
    """A city marker: the keep in its owner's colour, the mark (level, neutral defence) on it and the owner's
    emblem in the corner."""
    h = w + w // 5
    width = max(2, w // 22)

    def draw(c) -> None:
        _castle(c, 0, 0, w, h, fill, INK, width)
        cy = (h + h // 5) // 2 + 1
        toolkit.text(c, (w / 2, cy), txt, font=font(size, True), fill=col, anchor="mm",
                     stroke_width=max(1, size // 17) if col != INK else 0, stroke_fill=INK)
        if faction:
            _emblem(c, faction, width + w * 0.11, h - width - w * 0.11, w * 0.08, (255, 255, 255), INK)
    return toolkit.drawn(("city", w, fill, txt, col, faction, size), (w, h), draw)


def _ruins_sprite(w: int, txt: str, size: int = 32) -> Image.Image:
    """The Ruins: a broken wall (uneven top) with its defence on it."""
    h = w + w // 5
    width = max(2, w // 22)

    def draw(c) -> None:
        m = h // 5
        pts = [(0, m), (w * 0.2, m), (w * 0.2, 0), (w * 0.38, m * 0.6), (w * 0.5, m), (w * 0.72, m),
               (w * 0.78, 2), (w - 1, m * 0.7), (w - 1, h - 1), (0, h - 1)]
        c.polygon(pts, fill=RUINS_BOX, outline=INK, width=width)
        toolkit.text(c, (w / 2, (h + m) // 2 + 1), txt, font=font(size, True), fill=(255, 255, 255), anchor="mm",
                     stroke_width=max(1, size // 17), stroke_fill=INK)
    return toolkit.drawn(("ruins", w, txt, size), (w, h), draw)


HERO_H = 44  # a hero figure's height on the map: small enough to stand in a corner beside a city


def _hero_sprite(colour, faction, number: int, h: int = 50) -> Image.Image:
    """A hero: a standing figure in its owner's colour (the head is the faction's emblem), its number on it."""
    w = h * 3 // 4

    def draw(c) -> None:
        cx = w / 2
        hr = h * 0.17
        body = [(cx - w * 0.38, h - 4), (cx - w * 0.2, h * 0.38), (cx + w * 0.2, h * 0.38), (cx + w * 0.38, h - 4)]
        # a dark rim, then a white one: the figure stands out even on a city of its own colour
        c.line(body + [body[0]], fill=INK, width=7, joint="curve")
        _emblem(c, faction, cx, hr + 4, hr + 3, INK)
        c.polygon(body, fill=colour)
        c.line(body + [body[0]], fill=(255, 255, 255), width=2, joint="curve")
        _emblem(c, faction, cx, hr + 4, hr + 1, colour, (255, 255, 255))
        toolkit.text(c, (cx, h * 0.7), str(number), font=font(max(14, h * 9 // 20), True), fill=(255, 255, 255),
                     anchor="mm", stroke_width=2, stroke_fill=INK)
    return toolkit.drawn(("hero", colour, faction, number, h), (w, h), draw)


def _paste_centred(d, part: Image.Image, cx: float, cy: float) -> None:
    toolkit.paste(d, part, (int(cx - part.width / 2), int(cy - part.height / 2)))


def _draw_tile(d: ImageDraw.ImageDraw, view: dict, sq: str, tile: dict) -> None:
    x, y = _xy(sq)
    x0, y0 = MARGIN + x * CELL, MARGIN + y * CELL
    cx, cy = x0 + CELL // 2, y0 + CELL // 2
    toolkit.paste(d, _tile_picture(tile, CELL - 1), (x0 + 1, y0 + 1))
    w = CELL * 27 // 50
    if tile["kind"] == "ruins":
        _paste_centred(d, _ruins_sprite(w, _ruins_text(tile)), cx, cy - 3)
    elif tile["kind"] == "city":
        txt, col = _city_text(tile)
        owner = tile.get("owner")
        _paste_centred(d, _city_sprite(w, _owner_colour(view, owner), txt, col, _owner_faction(view, owner),
                                       30 if len(txt) > 1 else 36), cx, cy - 3)


def _frame(d: ImageDraw.ImageDraw, box: list[int], colour, width: int = 6) -> None:
    """A thick frame just inside a square (the last move, the battle), with a white line inside so it shows
    on any land."""
    x0, y0, x1, y1 = box
    d.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], outline=colour, width=width)
    d.rectangle([x0 + 2 + width, y0 + 2 + width, x1 - 2 - width, y1 - 2 - width], outline=(255, 255, 255), width=2)


def _draw_map(d: ImageDraw.ImageDraw, view: dict) -> None:
    coord = font(26, True)
    for i in range(7):
        c = MARGIN + i * CELL + CELL // 2
        toolkit.text(d, (c, MARGIN // 2), "abcdefg"[i], font=coord, fill=INK, anchor="mm")
        toolkit.text(d, (c, MARGIN + 7 * CELL + MARGIN // 2), "abcdefg"[i], font=coord, fill=INK, anchor="mm")
        toolkit.text(d, (MARGIN // 2, c), str(i + 1), font=coord, fill=INK, anchor="mm")
        toolkit.text(d, (MARGIN + 7 * CELL + MARGIN // 2, c), str(i + 1), font=coord, fill=INK, anchor="mm")
    removed = set(view.get("removed", []))
    impassable = set(view.get("impassable", []))
    d.rectangle([MARGIN, MARGIN, MARGIN + 7 * CELL, MARGIN + 7 * CELL], fill=EMPTY_SQUARE)
    for y in range(7):
        for x in range(7):
            sq = f"{'abcdefg'[x]}{y + 1}"
            x0, y0 = MARGIN + x * CELL, MARGIN + y * CELL
            box = [x0, y0, x0 + CELL, y0 + CELL]
            if sq in removed:
                d.rectangle(box, fill=REMOVED_SQUARE, outline=(70, 70, 70))
            elif sq in impassable:
                _cross(d, box, CELL // 7)
    for sq, tile in view["board"].items():
        _draw_tile(d, view, sq, tile)
    for i in range(8):
        d.line([MARGIN, MARGIN + i * CELL, MARGIN + 7 * CELL, MARGIN + i * CELL], fill=(120, 115, 105), width=2)
        d.line([MARGIN + i * CELL, MARGIN, MARGIN + i * CELL, MARGIN + 7 * CELL], fill=(120, 115, 105), width=2)
    b = view.get("battle")
    for sq in view.get("last") or []:
        if b and sq == b.get("square"):
            continue
        x, y = _xy(sq)
        _frame(d, [MARGIN + x * CELL, MARGIN + y * CELL, MARGIN + (x + 1) * CELL, MARGIN + (y + 1) * CELL], LAST)
    if b and isinstance(b.get("square"), str):
        x, y = _xy(b["square"])
        _frame(d, [MARGIN + x * CELL, MARGIN + y * CELL, MARGIN + (x + 1) * CELL, MARGIN + (y + 1) * CELL],
               BATTLE, 8)
    # heroes: a figure each, in the square's corners (where the roads leave room)
    corner: dict[str, int] = {}
    off = 20
    for p in view["players"]:
        for i, sq in enumerate(p["heroes"]):
            if not sq:
                continue
            k = corner.get(sq, 0)
            corner[sq] = k + 1
            x, y = _xy(sq)
            hx = MARGIN + x * CELL + (off if k % 2 == 0 else CELL - off)
            hy = MARGIN + y * CELL + (off + 2 if k % 4 < 2 else CELL - off - 2)
            if k >= 4:
                hx, hy = MARGIN + x * CELL + CELL // 2, MARGIN + y * CELL + off
            _paste_centred(d, _hero_sprite(FACTION[p["faction"]], p["faction"], i + 1, HERO_H), hx, hy)


KEY_ROW = 52                          # height of one row of the key under the map
KEY_ICON = 50                         # width kept for a symbol of the key


def _key_entries(view: dict) -> list[tuple[str, object, Msg]]:
    """What the symbols on this map mean, as (kind, what to draw, text): only the symbols the map shows
    now (and always cities, heroes and the Ruins), with the numbers it shows."""
    tiles = view["board"].values()
    out: list[tuple[str, object, Msg]] = []
    if any(t["kind"] == "city" and t.get("owner") is None for t in tiles):
        out.append(("city", (NEUTRAL_BOX, "?", INK, None), Msg("starting city, not yet chosen")))
    for dfc in sorted({t.get("defence") for t in tiles if t["kind"] == "city" and t.get("owner") == "neutral"}):
        out.append(("city", (NEUTRAL_BOX, f"N{dfc}", INK, None), Msg("neutral city, defence {defence}", defence=dfc)))
    for t in tiles:
        if t["kind"] == "ruins":
            if t.get("defence"):
                out.append(("ruins", _ruins_text(t), Msg("the Ruins, defence {defence}", defence=t["defence"])))
            else:
                out.append(("ruins", _ruins_text(t), Msg("the Ruins, a city of every player")))
    factions = [p["faction"] for p in view["players"] if p.get("faction")] or [None]
    out.append(("city", (FACTION[factions[0]], "2", (255, 255, 255), factions[0]), Msg("a player's city, level 2")))
    if any(t["kind"] == "city" and t.get("owner") == "empty" for t in tiles):
        out.append(("city", (NEUTRAL_BOX, "0", INK, None), Msg("empty city: a hero may claim it")))
    out.append(("hero", factions[-1], Msg("a player's hero (1 or 2)")))
    if view.get("last"):
        out.append(("last", None, Msg("changed by the last move")))
    if view.get("impassable"):
        out.append(("cross", None, Msg("impassable: no card fits")))
    if view.get("removed"):
        out.append(("removed", None, Msg("not part of the board")))
    return out


def _key_lands(view: dict) -> list[str]:
    """The factions whose land (terrain) cards are in this game."""
    return [f for f in (view.get("options") or {}).get("factions") or list(TERRAIN_NAME) if f in TERRAIN_NAME]


def _key_height(view: dict) -> int:
    rows = -(-len(_key_entries(view)) // 2)
    return 8 + rows * KEY_ROW + (KEY_ROW + 8 if _key_lands(view) else 0) + 6


def _draw_key(d: ImageDraw.ImageDraw, view: dict, y: int, lang: str = "en") -> int:
    """The key to the map's symbols, in two columns, and a line of the lands; returns its height."""
    body = (22, False)
    entries = _key_entries(view)
    y0 = y + 8
    half = 19
    for i, (kind, what, text) in enumerate(entries):
        x = PAD + (i % 2) * (COL_W + PAD)
        cy = y0 + (i // 2) * KEY_ROW + KEY_ROW // 2
        cx = x + KEY_ICON // 2 - 4
        if kind == "city":
            fill, txt, col, faction = what
            _paste_centred(d, _city_sprite(40, fill, txt, col, faction, 20 if len(txt) > 1 else 24), cx, cy)
        elif kind == "ruins":
            _paste_centred(d, _ruins_sprite(40, what, 22), cx, cy)
        elif kind == "hero":
            _paste_centred(d, _hero_sprite(FACTION[what], what, 1), cx, cy)
        elif kind == "last":
            box = [cx - half - 4, cy - half - 4, cx + half + 4, cy + half + 4]
            d.rectangle(box, fill=EMPTY_SQUARE)
            _frame(d, box, LAST, 5)
        elif kind == "cross":
            _cross(d, [cx - half, cy - half, cx + half, cy + half], 6, width=4)
        else:
            d.rectangle([cx - half, cy - half, cx + half, cy + half], fill=REMOVED_SQUARE, outline=(70, 70, 70))
        _text(d, (x + KEY_ICON, cy), _fit(words(text, lang), body, COL_W - KEY_ICON), body, INK, anchor="lm")
    y = y0 + -(-len(entries) // 2) * KEY_ROW
    lands = _key_lands(view)
    if lands:
        cy = y + KEY_ROW // 2 + 4
        x = PAD
        land = words(Msg("Land:"), lang)
        _text(d, (x, cy), land, body, INK, anchor="lm")
        x += int(text_width(land, *body)) + 12
        for f in lands:
            sw = toolkit.sprite(("land-key", f), lambda f=f: _land(f, 120).resize((48, 48), Image.BILINEAR))
            toolkit.paste(d, sw, (x, cy - 24))
            d.rectangle([x, cy - 24, x + 47, cy + 23], outline=(120, 115, 105))
            x += 54
            name = words(term(GAME, TERRAIN_NAME[f]), lang)
            _text(d, (x, cy), name, body, INK, anchor="lm")
            x += int(text_width(name, *body)) + 16
        y += KEY_ROW + 8
    return y + 6 - (y0 - 8)


def _dial(d: ImageDraw.ImageDraw, cx: int, cy: int, o: dict) -> None:
    """The Oracle: a dial of the week's 7 days, days gone shaded, today strong, the week in the middle."""
    r = DIAL_R
    day, week = o.get("day", 1), o.get("week", 1)

    def draw(c) -> None:
        box = [2, 2, 2 * r + 2, 2 * r + 2]
        for k in range(7):
            fill = ORACLE if k + 1 == day else ORACLE_PAST if k + 1 < day else CARD_BG
            c.pieslice(box, -90 + k * 360 / 7, -90 + (k + 1) * 360 / 7, fill=fill, outline=INK, width=2)
        for k in range(7):
            a = math.radians(-90 + (k + 0.5) * 360 / 7)
            tx, ty = r + 2 + math.cos(a) * r * 0.74, r + 2 + math.sin(a) * r * 0.74
            toolkit.text(c, (tx, ty), str(k + 1), font=font(16, True),
                         fill=(255, 255, 255) if k + 1 == day else INK, anchor="mm")
        ir = r * 0.45
        c.ellipse([r + 2 - ir, r + 2 - ir, r + 2 + ir, r + 2 + ir], fill=BG, outline=INK, width=2)
        toolkit.text(c, (r + 2, r + 2), str(week), font=font(24, True), fill=INK, anchor="mm")
    part = toolkit.drawn(("dial", r, day, week), (2 * r + 5, 2 * r + 5), draw)
    _paste_centred(d, part, cx, cy)


def _player_block(view: dict, p: dict, names, w: int, lang: str = "en") -> list[tuple]:
    """Lines of one player's public figures: [(text, font, colour, height)]; a line whose text is None draws
    the player's cities by level."""
    body, small = (22, False), (22, False)

    def say(text) -> str:
        return words(text, lang, names)

    out: list[tuple] = []
    if p.get("faction_name"):
        faction = say(_faction_term(p["faction_name"]))
    elif p.get("faction") in FACTION_NAME:
        faction = say(term(GAME, FACTION_NAME[p["faction"]]))
    else:
        faction = say(Msg("no faction yet"))
    out.append((_fit(faction, body, w), body, GREY, LINE))
    out.append((None, p, None, LEVEL_ROW))
    out.append((say(Msg("Hand {hand} · Realm {realm} · Sanct {sanctuary}", hand=p["hand_size"],
                        realm=p["realm_size"], sanctuary=p["sanctuary_size"])), body, INK, LINE))
    extra = say(Msg("Ambush {ambush} · Tents {tents}", ambush=p["ambush_count"], tents=len(p["tents"])))
    if p["great"]:
        extra += " · " + say(Msg("Great: {artifact}", artifact=_type_term(p["great"])))
    for line in _wrap(extra, body, w, "   "):
        out.append((line, body, INK, LINE))
    sep = LIST_SEPARATOR.get(lang, ", ")
    for t in p["tents"]:
        items = [_label(c, lang, names) for c in t["cards"]] or [say(Msg("empty"))]
        for line in _wrap_items(_prefix(say(Msg("Tent:"))), items, small, w, sep=sep):
            out.append((line, small, GREY, LINE))
    if p["sanctuary_top"]:
        out.append((_fit(say(Msg("Sanct. top: {card}", card=p["sanctuary_top"])), small, w), small, GREY, LINE))
    return out


def _draw_levels(d: ImageDraw.ImageDraw, x: int, y: int, p: dict) -> None:
    """A player's cities by level: a small city of each level 1-4 and how many the player has."""
    levels = p.get("levels") or [0, 0, 0, 0, p.get("level4", 0)]
    colour = FACTION[p.get("faction")]
    num = (24, True)
    for lv in range(1, 5):
        n = levels[lv] if lv < len(levels) else 0
        fill = colour if n else NEUTRAL_BOX
        _paste_centred(d, _city_sprite(30, fill, str(lv), (255, 255, 255) if n else GREY, None, 18),
                       x + 15, y + LEVEL_ROW // 2 - 2)
        _text(d, (x + 34, y + LEVEL_ROW // 2), f"×{n}", num, INK if n else GREY, anchor="lm")
        x += 92


def _columns(left: list, right: list) -> int:
    return max(sum(h for *_, h in left) if left else 0, sum(h for *_, h in right) if right else 0)


def _counts(counts: dict, name) -> list[str]:
    return [f"{name(t)} {n}" for t, n in counts.items()]


def _battle_side(view: dict, b: dict, attacker: bool, names, lang: str) -> tuple[int | None, list[tuple]]:
    """One side of the battle: (its seat, its lines); a card line is (card, None, None, height)."""
    def say(text) -> str:
        return words(text, lang, names)

    body, bold, big = (22, False), (22, True), (30, True)
    seat = b["attacker"] if attacker else b["defender"]
    total = b["attacker_total"] if attacker else b["defender_total"]
    if seat is None:
        who = Msg("Guardians") if b["kind"] == "ruins" else Msg("Neutral city")
    else:
        who = Seat(seat)
    heading = Msg("Attacker: {who}", who=who) if attacker else Msg("Defender: {who}", who=who)
    lines: list[tuple] = [(_fit(say(heading), bold, COL_W - 30), bold, INK, LINE),
                          (say(Msg("Total {total}", total=total)), big, BATTLE, 40)]
    if seat is not None:
        line = view["players"][seat]["line"]
        for c in line:
            lines.append((c, None, None, CARD_ROW))
        if not line:
            lines.append((say(Msg("no cards yet")), body, GREY, LINE))
    return seat, lines


def render_board(view: dict, names=None, lang: str = "en") -> bytes:
    names = _names(names, lang)

    def say(text) -> str:
        return words(text, lang, names)

    width = GRID
    body, bold, head = (22, False), (22, True), (26, True)
    sep = LIST_SEPARATOR.get(lang, ", ")
    lx, rx = PAD, PAD * 2 + COL_W
    # ---- work out the panel's blocks first, so the picture is exactly as tall as it needs
    o = view["oracle"]
    pool = view["pool"]
    dial_w = 2 * DIAL_R + 16
    left = [(_fit(say(Msg("Round {round} · Week {week}, Day {day}", round=o["round"], week=o["week"], day=o["day"])),
                  head, COL_W), head, INK, HEAD),
            (_fit(say(Msg("Illuminated: {artifact}", artifact=_type_term(o["illuminated"]))), bold, COL_W - dial_w),
             bold, ORACLE, LINE),
            (_fit(say(Msg("Matched: {artifact}", artifact=_type_term(o["matched"]))), bold, COL_W - dial_w), bold,
             ORACLE, LINE),
            (say(Msg("Supply {supply} · Void {void}", supply=pool["supply"], void=len(pool["void"]))), body, INK,
             LINE)]
    great = [say(_type_term(g)) for g in pool["great"]] or [say(Msg("none"))]
    label = _prefix(say(Msg("Great Artifacts:")))
    if text_width(label + great[0], *body) > COL_W - dial_w:  # beside the Oracle's dial: the label alone first
        left.append((label, body, INK, LINE))
        label = "   "
    for line in _wrap_items(label, great, body, COL_W - dial_w, sep=sep):
        left.append((line, body, INK, LINE))
    if view.get("house_rules"):  # R133: agreed before the game, shown all game long
        rules = [say(r) for r in view["house_rules"]]
        for line in _wrap_items(_prefix(say(Msg("House rules:"))), rules, body, COL_W, sep=sep):
            left.append((line, body, ORACLE, LINE))
    right = [(say(Msg("Decks")), head, INK, HEAD)]
    units = []
    for t, u in pool["units"].items():
        if u["count"] and u.get("top_faction"):
            top = FACTION_SHORT.get(u["top_faction"], "-")
            kind, count = _type_term(t), u["count"]
            units.append(say(Msg("{type} {count} ({faction})", type=kind, count=count, faction=top)))
        else:
            units.append(f"{say(_type_term(t))} {u['count']}")
    shape = lambda t: say(SHAPE_NAMES.get(t, t))  # noqa: E731
    for label, items in ((Msg("Units:"), units),
                         (Msg("Artifacts:"), _counts(pool["artifacts"], lambda t: say(_type_term(t)))),
                         (Msg("Cities:"), _counts(pool["cities"], shape)),
                         (Msg("Roads:"), _counts(pool["roads"], shape))):
        for line in _wrap_items(_prefix(say(label)), items, body, COL_W):
            right.append((line, body, INK, LINE))
    top_h = max(_columns(left, right), HEAD + 2 * DIAL_R + 10)
    players = view["players"]
    blocks = [_player_block(view, p, names, COL_W - 16, lang) for p in players]
    rows = [(blocks[i], blocks[i + 1] if i + 1 < len(blocks) else []) for i in range(0, len(blocks), 2)]
    row_h = [HEAD + 8 + _columns(a, b) + 10 for a, b in rows]
    b = view.get("battle")
    sides = [_battle_side(view, b, True, names, lang), _battle_side(view, b, False, names, lang)] if b else []
    battle_h = 44 + _columns(sides[0][1], sides[1][1]) + 24 if b else 0
    log = [_fit(say(line), body, width - 2 * PAD) for line in view.get("log", [])[-4:]]
    result = view.get("result")

    key_h = _key_height(view)
    panel_h = battle_h + key_h + PAD + top_h + 14
    if result:
        panel_h += 50
    panel_h += sum(row_h) + 8
    if log:
        panel_h += HEAD + LINE * len(log) + 8
    height = GRID + panel_h

    img = Image.new("RGB", (width, height), BG)
    d = toolkit.canvas(img)
    _draw_map(d, view)
    active = set(view.get("active", []))

    def draw_lines(x, y, lines, w=COL_W):
        for text, fnt, col, h in lines:
            if text is None:
                _draw_levels(d, x, y, fnt)
            elif fnt is None:  # a card of a battle line
                cc = FACTION.get(text.get("faction"), (120, 120, 120)) if text.get("faction") != "*" \
                    else (140, 60, 160)
                _emblem(d, text.get("faction") if text.get("faction") in FACTION_NAME else None,
                        x + 12, y + h // 2, 10, cc, INK)
                _text(d, (x + 30, y + h // 2), _fit(_label(text, lang, names), body, w - 34), body, INK,
                      anchor="lm")
            else:
                _text(d, (x, y), text, fnt, col)
            y += h
        return y

    y = GRID
    if b:  # the battle, right under the map: both lines card by card, the totals, whose answer it is
        what = {"ruins": Msg("Ruins"), "neutral": Msg("neutral city")}.get(b["kind"]) or \
            TARGET_NAMES.get(b["target"], f"{b['target']}")
        banner = Msg("BATTLE at {square} ({target}) · {stage}", square=b["square"], target=what,
                     stage=STAGE.get(b["stage"], b["stage"]))
        d.rectangle([PAD, y, width - PAD, y + 38], fill=BATTLE)
        _text(d, (PAD + 10, y + 19), _fit(say(banner), head, width - 3 * PAD), head, (255, 255, 255), anchor="lm")
        y += 44
        inner = _columns(sides[0][1], sides[1][1])
        for x, (seat, lines) in zip((lx, rx), sides):
            turn = seat in active
            d.rounded_rectangle([x - 8, y, x + COL_W + 8, y + inner + 16], radius=10,
                                fill=ACTIVE_BG if turn else CARD_BG, outline=(200, 150, 30) if turn else None,
                                width=3)
            if turn:
                _text(d, (x + COL_W - 4, y + 6), "▶", head, INK, anchor="ra")
            draw_lines(x + 4, y + 8, lines, COL_W - 8)
        y += inner + 24
    y += _draw_key(d, view, y - 8, lang)
    d.line([PAD, y - 4, width - PAD, y - 4], fill=(190, 185, 170), width=2)
    y += 8
    if result:
        winners = [Seat(w) for w in result.get("winners") or []]
        text = Msg("Game over · winner: {winners}", winners=winners or Msg("nobody"))
        d.rectangle([PAD, y, width - PAD, y + 40], fill=(30, 90, 40))
        _text(d, (width // 2, y + 20), _fit(say(text), head, width - 3 * PAD), head, (255, 255, 255), anchor="mm")
        y += 50
    _dial(d, lx + COL_W - DIAL_R - 4, y + HEAD + DIAL_R + 2, o)
    draw_lines(lx, y, left)
    draw_lines(rx, y, right)
    y += top_h + 14
    k = 0
    for (a, bb), h in zip(rows, row_h):
        for x, lines in ((lx, a), (rx, bb)):
            if not lines:
                continue
            p = players[k]
            k += 1
            seat = p["seat"]
            box = [x - 8, y, x + COL_W + 8, y + h - 8]
            d.rounded_rectangle(box, radius=10, fill=ACTIVE_BG if seat in active else CARD_BG,
                                outline=(200, 150, 30) if seat in active else None, width=3)
            d.rectangle([x, y + 6, x + 28, y + 34], fill=FACTION[p["faction"]], outline=INK)
            _emblem(d, p["faction"], x + 14, y + 20, 8, (255, 255, 255), INK)
            vp = say(Msg("VP {vp}", vp=p["vp"]))
            big = (30, True)
            vw = text_width(vp, *big)
            name = ("▶ " if seat in active else "") + _name(names, seat, lang)
            _text(d, (x + 36, y + 6), _fit(name, head, COL_W - 50 - vw), head, INK)
            _text(d, (x + COL_W, y + 3), vp, big, INK, anchor="ra")
            draw_lines(x + 8, y + HEAD + 8, lines)
        y += h
    y += 8
    if log:
        _text(d, (PAD, y), say(Msg("Recent")), head, INK)
        y += HEAD
        for line in log:
            _text(d, (PAD, y), line, body, (60, 60, 60))
            y += LINE
    return PALETTE.png(img)


# the hand picture lives in its own module (it imports this one's colours and helpers)
from render.battalia_hand import hand_content, render_hand  # noqa: E402,F401
