"""The Battalia board picture (render_board): the public board, from engine.battalia's view().

It reads only public keys, so it draws the same picture whichever seat's view it is given, and only
what the view carries (nothing is worked out from the rules here).

Discord shows a picture about 550 px wide, so the board is near-square and 1200 px wide with every
text at least 20 px (9 px there). The map (7x7 squares with their coordinates) fills the left column;
the right column holds the Oracle (its dial, the illuminated and matched artifacts, supply, void,
Great Artifacts, house rules) and one panel per player (name, VP, faction, cities by level, hand,
Realm, Sanctuary, Ambush, Tents, the Sanctuary's top card); under the map come the battle (both lines
card by card, the totals, the side to answer highlighted), the key to the map's symbols, the decks
and the recent moves, each in whichever column leaves the picture shorter (the moves under the map).

Words are drawn in the reader's language (`lang`): the picture's own as `Msg`s, the view's texts as
they come, and the game's terms (factions, lands, unit and artifact types) from the game's glossary."""
from __future__ import annotations

import math

from PIL import Image, ImageDraw

from engine.text import Msg, Seat, term
from i18n import LIST_SEPARATOR
from render import toolkit
from render.common import font, text_width, words
from render.battalia.palette import (ACTIVE_BG, BG, CARD_BG, FACTION, FACTION_NAME, FACTION_SHORT, GAME, GREY, INK,
                                     TERRAIN, TERRAIN_NAME, Font, card_label, faction_term, fit, names_for, prefix,
                                     put, seat_name, type_term, wrap, wrap_items)

WIDTH = 1200                          # the picture's width; every text is at least 20 px (9 px at 550)
CELL = 100
MARGIN = 30
GRID = MARGIN * 2 + CELL * 7          # the map with its coordinates: the left column's width
PAD = 16                              # padding / gutter between columns
RIGHT_X = GRID + PAD                  # the right column
RIGHT_W = WIDTH - RIGHT_X - PAD
LEFT_W = GRID - 2 * PAD               # a block under the map
LINE = 26                             # line height for 20 px text
HEAD = 32                             # line height for 24 px headings
BODY: Font = (20, False)
BOLD: Font = (20, True)
HEADING: Font = (24, True)
BIG: Font = (26, True)
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
DIAL_R = 54                           # radius of the Oracle's dial
LEVEL_ROW = 38                        # height of a player's row of cities by level
CARD_ROW = 28                         # height of a card of a battle line
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


HERO_H = 40  # a hero figure's height on the map: small enough to stand in a corner beside a city


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
        toolkit.text(c, (cx, h * 0.7), str(number), font=font(max(20, h * 9 // 20), True), fill=(255, 255, 255),
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
        _paste_centred(d, _ruins_sprite(w, _ruins_text(tile), 26), cx, cy - 3)
    elif tile["kind"] == "city":
        txt, col = _city_text(tile)
        owner = tile.get("owner")
        _paste_centred(d, _city_sprite(w, _owner_colour(view, owner), txt, col, _owner_faction(view, owner),
                                       24 if len(txt) > 1 else 30), cx, cy - 3)


def _frame(d: ImageDraw.ImageDraw, box: list[int], colour, width: int = 6) -> None:
    """A thick frame just inside a square (the last move, the battle), with a white line inside so it shows
    on any land."""
    x0, y0, x1, y1 = box
    d.rectangle([x0 + 2, y0 + 2, x1 - 2, y1 - 2], outline=colour, width=width)
    d.rectangle([x0 + 2 + width, y0 + 2 + width, x1 - 2 - width, y1 - 2 - width], outline=(255, 255, 255), width=2)


def _draw_map(d: ImageDraw.ImageDraw, view: dict) -> None:
    coord = font(22, True)
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


# ----------------------------------------------------------------------------- the panels
# Each panel is a Block: its height at a given width, and how to draw it there. The picture is laid
# out first (so it is exactly as tall as it needs), then drawn.

KEY_ROW = 44                          # height of one row of the key
KEY_ICON = 48                         # width kept for a symbol of the key
SWATCH = 40                           # a land's swatch in the key


class Block:
    def __init__(self, height: int, draw):
        self.height, self.draw = height, draw


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


def _land_rows(view: dict, width: int, lang: str) -> list[list[tuple[int, str, str]]]:
    """The key's lands as rows of (x, faction, name): "Land:" then a swatch and a name each."""
    lands = _key_lands(view)
    if not lands:
        return []
    x = int(text_width(words(Msg("Land:"), lang), *BODY)) + 12
    rows: list[list[tuple[int, str, str]]] = [[]]
    for f in lands:
        name = words(term(GAME, TERRAIN_NAME[f]), lang)
        need = SWATCH + 8 + int(text_width(name, *BODY))
        if rows[-1] and x + need > width:
            rows.append([])
            x = int(text_width(words(Msg("Land:"), lang), *BODY)) + 12
        rows[-1].append((x, f, name))
        x += need + 18
    return rows


def _key_block(view: dict, width: int, lang: str) -> Block:
    """The key to the map's symbols (two columns when wide enough) and the lands."""
    entries = _key_entries(view)
    cols = 2 if width >= 600 else 1
    col_w = (width - (cols - 1) * PAD) // cols
    rows = -(-len(entries) // cols)
    lands = _land_rows(view, width, lang)
    height = rows * KEY_ROW + len(lands) * KEY_ROW + 4
    half = 17

    def draw(d, x0: int, y0: int) -> None:
        for i, (kind, what, label) in enumerate(entries):
            x = x0 + (i % cols) * (col_w + PAD)
            cy = y0 + (i // cols) * KEY_ROW + KEY_ROW // 2
            cx = x + KEY_ICON // 2 - 4
            if kind == "city":
                fill, txt, col, faction = what
                _paste_centred(d, _city_sprite(36, fill, txt, col, faction, 20 if len(txt) > 1 else 22), cx, cy)
            elif kind == "ruins":
                _paste_centred(d, _ruins_sprite(36, what, 20), cx, cy)
            elif kind == "hero":
                _paste_centred(d, _hero_sprite(FACTION[what], what, 1, 44), cx, cy)
            elif kind == "last":
                box = [cx - half - 4, cy - half - 4, cx + half + 4, cy + half + 4]
                d.rectangle(box, fill=EMPTY_SQUARE)
                _frame(d, box, LAST, 5)
            elif kind == "cross":
                _cross(d, [cx - half, cy - half, cx + half, cy + half], 6, width=4)
            else:
                d.rectangle([cx - half, cy - half, cx + half, cy + half], fill=REMOVED_SQUARE, outline=(70, 70, 70))
            put(d, (x + KEY_ICON, cy), fit(words(label, lang), BODY, col_w - KEY_ICON), BODY, INK, anchor="lm")
        y = y0 + rows * KEY_ROW
        for k, row in enumerate(lands):
            cy = y + KEY_ROW // 2
            if k == 0:
                put(d, (x0, cy), words(Msg("Land:"), lang), BODY, INK, anchor="lm")
            for x, f, name in row:
                sw = toolkit.sprite(("land-key", f, SWATCH),
                                    lambda f=f: _land(f, 120).resize((SWATCH, SWATCH), Image.BILINEAR))
                toolkit.paste(d, sw, (x0 + x, cy - SWATCH // 2))
                d.rectangle([x0 + x, cy - SWATCH // 2, x0 + x + SWATCH - 1, cy + SWATCH // 2 - 1],
                            outline=(120, 115, 105))
                put(d, (x0 + x + SWATCH + 8, cy), name, BODY, INK, anchor="lm")
            y += KEY_ROW
    return Block(height, draw)


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
            tx, ty = r + 2 + math.cos(a) * r * 0.75, r + 2 + math.sin(a) * r * 0.75
            toolkit.text(c, (tx, ty), str(k + 1), font=font(20, True),
                         fill=(255, 255, 255) if k + 1 == day else INK, anchor="mm")
        ir = r * 0.42
        c.ellipse([r + 2 - ir, r + 2 - ir, r + 2 + ir, r + 2 + ir], fill=BG, outline=INK, width=2)
        toolkit.text(c, (r + 2, r + 2), str(week), font=font(24, True), fill=INK, anchor="mm")
    part = toolkit.drawn(("dial", r, day, week), (2 * r + 5, 2 * r + 5), draw)
    _paste_centred(d, part, cx, cy)


def _draw_lines(d, x: int, y: int, lines: list, w: int, lang: str, names) -> int:
    """Draw (text, font, colour, height) lines down from (x, y): a line whose text is None draws the
    player's cities by level (the player is its font), one whose font is None a card of a battle line."""
    for words_, fnt, col, h in lines:
        if words_ is None:
            _draw_levels(d, x, y, fnt)
        elif fnt is None:  # a card of a battle line
            c = words_
            cc = FACTION.get(c.get("faction"), (120, 120, 120)) if c.get("faction") != "*" else (140, 60, 160)
            _emblem(d, c.get("faction") if c.get("faction") in FACTION_NAME else None, x + 11, y + h // 2, 9, cc,
                    INK)
            put(d, (x + 28, y + h // 2), fit(card_label(c, lang, names), BODY, w - 30), BODY, INK, anchor="lm")
        else:
            put(d, (x, y), words_, fnt, col)
        y += h
    return y


def _lines_height(lines: list) -> int:
    return sum(h for *_, h in lines)


def _oracle_block(view: dict, width: int, say, sep: str) -> Block:
    """The round and the Oracle's dial, the illuminated and matched artifacts, supply and void, the Great
    Artifacts left, the house rules."""
    o, pool = view["oracle"], view["pool"]
    dial_w = 2 * DIAL_R + 12
    beside = width - dial_w
    heading = fit(say(Msg("Round {round} · Week {week}, Day {day}", round=o["round"], week=o["week"], day=o["day"])),
                  HEADING, width)
    top: list[tuple] = []
    for msg, fnt, col in ((Msg("Illuminated: {artifact}", artifact=type_term(o["illuminated"])), BOLD, ORACLE),
                          (Msg("Matched: {artifact}", artifact=type_term(o["matched"])), BOLD, ORACLE),
                          (Msg("Supply {supply} · Void {void}", supply=pool["supply"], void=len(pool["void"])), BODY,
                           INK)):
        top += [(line, fnt, col, LINE) for line in wrap(say(msg), fnt, beside, "   ")]
    top_h = max(_lines_height(top), 2 * DIAL_R + 8)
    rest: list[tuple] = []
    great = [say(type_term(g)) for g in pool["great"]] or [say(Msg("none"))]
    rest += [(line, BODY, INK, LINE) for line in wrap_items(prefix(say(Msg("Great Artifacts:"))), great, BODY, width,
                                                            sep=sep)]
    if view.get("house_rules"):  # R133: agreed before the game, shown all game long
        rules = [say(r) for r in view["house_rules"]]
        rest += [(line, BODY, ORACLE, LINE) for line in wrap_items(prefix(say(Msg("House rules:"))), rules, BODY,
                                                                   width, sep=sep)]

    def draw(d, x: int, y: int) -> None:
        put(d, (x, y), heading, HEADING, INK)
        _dial(d, x + width - DIAL_R - 4, y + HEAD + DIAL_R + 4, o)
        _draw_lines(d, x, y + HEAD + 4, top, beside, "en", None)
        _draw_lines(d, x, y + HEAD + 8 + top_h, rest, width, "en", None)
    return Block(HEAD + 8 + top_h + _lines_height(rest), draw)


def _decks_block(view: dict, width: int, say) -> Block:
    """What is left in the supply's decks: units (with the faction of the face-up top card), artifacts,
    cities and roads by shape."""
    pool = view["pool"]
    units = []
    for t, u in pool["units"].items():
        if u["count"] and u.get("top_faction"):
            top = FACTION_SHORT.get(u["top_faction"], "-")
            units.append(say(Msg("{type} {count} ({faction})", type=type_term(t), count=u["count"], faction=top)))
        else:
            units.append(f"{say(type_term(t))} {u['count']}")
    shape = lambda t: say(SHAPE_NAMES.get(t, t))  # noqa: E731
    lines: list[tuple] = []
    for label, items in ((Msg("Units:"), units),
                         (Msg("Artifacts:"), _counts(pool["artifacts"], lambda t: say(type_term(t)))),
                         (Msg("Cities:"), _counts(pool["cities"], shape)),
                         (Msg("Roads:"), _counts(pool["roads"], shape))):
        lines += [(line, BODY, INK, LINE) for line in wrap_items(prefix(say(label)), items, BODY, width)]
    heading = say(Msg("Decks"))

    def draw(d, x: int, y: int) -> None:
        put(d, (x, y), heading, HEADING, INK)
        _draw_lines(d, x, y + HEAD, lines, width, "en", None)
    return Block(HEAD + _lines_height(lines), draw)


def _player_lines(p: dict, names, w: int, say, lang: str) -> list[tuple]:
    """Lines of one player's public figures: [(text, font, colour, height)]; a line whose text is None draws
    the player's cities by level."""
    if p.get("faction_name"):
        faction = say(faction_term(p["faction_name"]))
    elif p.get("faction") in FACTION_NAME:
        faction = say(term(GAME, FACTION_NAME[p["faction"]]))
    else:
        faction = say(Msg("no faction yet"))
    out: list[tuple] = [(fit(faction, BODY, w), BODY, GREY, LINE), (None, p, None, LEVEL_ROW)]
    counts = say(Msg("Hand {hand} · Realm {realm} · Sanct {sanctuary}", hand=p["hand_size"], realm=p["realm_size"],
                     sanctuary=p["sanctuary_size"]))
    out += [(line, BODY, INK, LINE) for line in wrap(counts, BODY, w, "   ")]
    extra = say(Msg("Ambush {ambush} · Tents {tents}", ambush=p["ambush_count"], tents=len(p["tents"])))
    great = say(Msg("Great: {artifact}", artifact=type_term(p["great"]))) if p["great"] else ""
    if great and text_width(f"{extra} · {great}", *BODY) <= w:
        extra, great = f"{extra} · {great}", ""
    out += [(line, BODY, INK, LINE) for line in wrap(extra, BODY, w, "   ")]
    if great:  # the Great Artifact on a line of its own rather than cut in two
        out += [(line, BODY, INK, LINE) for line in wrap(great, BODY, w, "   ")]
    sep = LIST_SEPARATOR.get(lang, ", ")
    for t in p["tents"]:
        items = [card_label(c, lang, names) for c in t["cards"]] or [say(Msg("empty"))]
        out += [(line, BODY, GREY, LINE) for line in wrap_items(prefix(say(Msg("Tent:"))), items, BODY, w, sep=sep)]
    if p["sanctuary_top"]:
        out += [(line, BODY, GREY, LINE) for line in wrap(say(Msg("Sanct. top: {card}", card=p["sanctuary_top"])),
                                                          BODY, w, "   ")]
    return out


def _player_block(view: dict, p: dict, names, width: int, say, lang: str) -> Block:
    """One player's panel: faction colour and emblem, name (▶ while it is the player's turn), VP, then the
    public figures; the panel of a player whose turn it is is highlighted."""
    inner = width - 20
    lines = _player_lines(p, names, inner, say, lang)
    active = p["seat"] in set(view.get("active", []))
    vp = say(Msg("VP {vp}", vp=p["vp"]))
    vw = int(text_width(vp, *BIG))
    name = ("▶ " if active else "") + seat_name(names, p["seat"], lang)
    height = HEAD + 6 + _lines_height(lines) + 10

    def draw(d, x: int, y: int) -> None:
        d.rounded_rectangle([x, y, x + width, y + height], radius=10, fill=ACTIVE_BG if active else CARD_BG,
                            outline=(200, 150, 30) if active else None, width=3)
        d.rectangle([x + 8, y + 6, x + 36, y + 34], fill=FACTION[p["faction"]], outline=INK)
        _emblem(d, p["faction"], x + 22, y + 20, 8, (255, 255, 255), INK)
        put(d, (x + 44, y + 7), fit(name, HEADING, width - 64 - vw), HEADING, INK)
        put(d, (x + width - 10, y + 5), vp, BIG, INK, anchor="ra")
        _draw_lines(d, x + 10, y + HEAD + 6, lines, inner, lang, names)
    return Block(height, draw)


def _draw_levels(d: ImageDraw.ImageDraw, x: int, y: int, p: dict) -> None:
    """A player's cities by level: a small city of each level 1-4 and how many the player has."""
    levels = p.get("levels") or [0, 0, 0, 0, p.get("level4", 0)]
    colour = FACTION[p.get("faction")]
    num = (22, True)
    for lv in range(1, 5):
        n = levels[lv] if lv < len(levels) else 0
        fill = colour if n else NEUTRAL_BOX
        _paste_centred(d, _city_sprite(30, fill, str(lv), (255, 255, 255) if n else GREY, None, 20),
                       x + 15, y + LEVEL_ROW // 2 - 2)
        put(d, (x + 34, y + LEVEL_ROW // 2), f"×{n}", num, INK if n else GREY, anchor="lm")
        x += 86


def _counts(counts: dict, name) -> list[str]:
    return [f"{name(t)} {n}" for t, n in counts.items()]


def _battle_side(view: dict, b: dict, attacker: bool, w: int, say) -> tuple[int | None, list[tuple]]:
    """One side of the battle: (its seat, its lines); a card line is (card, None, None, height)."""
    seat = b["attacker"] if attacker else b["defender"]
    total = b["attacker_total"] if attacker else b["defender_total"]
    if seat is None:
        who = Msg("Guardians") if b["kind"] == "ruins" else Msg("Neutral city")
    else:
        who = Seat(seat)
    heading = Msg("Attacker: {who}", who=who) if attacker else Msg("Defender: {who}", who=who)
    lines: list[tuple] = [(fit(say(heading), BOLD, w - 26), BOLD, INK, LINE),
                          (say(Msg("Total {total}", total=total)), (28, True), BATTLE, 36)]
    if seat is not None:
        line = view["players"][seat]["line"]
        lines += [(c, None, None, CARD_ROW) for c in line]
        if not line:
            lines.append((say(Msg("no cards yet")), BODY, GREY, LINE))
    return seat, lines


def _battle_block(view: dict, width: int, say, lang: str, names) -> Block:
    """The battle: a banner (square, target, stage), then both lines card by card with their totals, the
    side to answer highlighted."""
    b = view["battle"]
    what = {"ruins": Msg("Ruins"), "neutral": Msg("neutral city")}.get(b["kind"]) or \
        TARGET_NAMES.get(b["target"], f"{b['target']}")
    banner = Msg("BATTLE at {square} ({target}) · {stage}", square=b["square"], target=what,
                 stage=STAGE.get(b["stage"], b["stage"]))
    side_w = (width - PAD) // 2
    banner_lines = wrap(say(banner), HEADING, width - 20, "   ")
    banner_h = len(banner_lines) * HEAD + 8
    sides = [_battle_side(view, b, True, side_w - 16, say), _battle_side(view, b, False, side_w - 16, say)]
    inner = max(_lines_height(lines) for _seat, lines in sides)
    active = set(view.get("active", []))

    def draw(d, x: int, y: int) -> None:
        d.rectangle([x, y, x + width, y + banner_h], fill=BATTLE)
        for k, line in enumerate(banner_lines):
            put(d, (x + 10, y + 4 + k * HEAD), line, HEADING, (255, 255, 255))
        y += banner_h + 6
        for sx, (seat, lines) in zip((x, x + side_w + PAD), sides):
            turn = seat in active
            d.rounded_rectangle([sx, y, sx + side_w, y + inner + 14], radius=10, fill=ACTIVE_BG if turn else CARD_BG,
                                outline=(200, 150, 30) if turn else None, width=3)
            if turn:
                put(d, (sx + side_w - 8, y + 4), "▶", HEADING, INK, anchor="ra")
            _draw_lines(d, sx + 8, y + 7, lines, side_w - 16, lang, names)
    return Block(banner_h + 6 + inner + 14, draw)


def _result_block(view: dict, width: int, say) -> Block:
    result = view["result"]
    winners = [Seat(w) for w in result.get("winners") or []]
    lines = wrap(say(Msg("Game over · winner: {winners}", winners=winners or Msg("nobody"))), HEADING, width - 20,
                 "   ")
    height = len(lines) * HEAD + 10

    def draw(d, x: int, y: int) -> None:
        d.rectangle([x, y, x + width, y + height], fill=(30, 90, 40))
        for k, line in enumerate(lines):
            put(d, (x + 10, y + 5 + k * HEAD), line, HEADING, (255, 255, 255))
    return Block(height, draw)


def _log_block(view: dict, width: int, say) -> Block:
    """The recent moves, newest last (each on two lines at most)."""
    log = view.get("log", [])[-4:]
    lines = []
    for entry in log:
        wrapped = wrap(say(entry), BODY, width, "   ")
        if len(wrapped) > 2:
            wrapped = [wrapped[0], fit(" ".join(wrapped[1:]), BODY, width)]
        lines += [(line, BODY, (60, 60, 60), LINE) for line in wrapped]
    heading = say(Msg("Recent"))

    def draw(d, x: int, y: int) -> None:
        put(d, (x, y), heading, HEADING, INK)
        _draw_lines(d, x, y + HEAD, lines, width, "en", None)
    return Block(HEAD + _lines_height(lines), draw)


def _kept(key, width: int, make) -> Image.Image:
    """The panel `make()` returns, drawn once per key (which names everything it shows: the view's
    values, the names, the language, the width) on the picture's background, mapped to the palette and
    kept as a sprite, so a panel a move left as it was is pasted, not drawn again. The texts it drew are
    kept with it and drawn again off the picture (`_replay`), so a reading of the texts drawn sees them
    every time."""
    def draw() -> Image.Image:
        block = make()
        img = Image.new("RGB", (width + 1, block.height + 1), BG)
        with toolkit.texts_drawn() as drawn:
            block.draw(toolkit.canvas(img), 0, 0)
        part = PALETTE.apply(img)  # kept in the palette: the picture is these parts, never mapped again
        part.info["texts"] = [(words_, size) for words_, size, _canvas in drawn]
        return part
    part = toolkit.sprite(("battalia.panel", width, key), draw)
    _replay(part.info["texts"])
    return part


_SCRATCH = toolkit.canvas(Image.new("L", (1, 1)))


def _replay(texts: list[tuple[str, int]]) -> None:
    """Draw a kept panel's texts again on a one-pixel scratch canvas: nothing shows, the drawing is
    recorded (toolkit.texts_drawn) as the panel's own was."""
    for words_, size in texts:
        toolkit.text(_SCRATCH, (0, 0), words_, font=font(size), fill=0)


def _map_key(view: dict) -> tuple:
    """Everything the map shows."""
    heroes = tuple((p["faction"], tuple(p["heroes"])) for p in view["players"])
    owners = tuple(p["faction"] for p in view["players"])
    return (repr(view["board"]), tuple(view.get("removed", [])), tuple(view.get("impassable", [])),
            tuple(view.get("last") or []), (view.get("battle") or {}).get("square"), heroes, owners)


def render_board(view: dict, names=None, lang: str = "en") -> bytes:
    names = names_for(names, lang)

    def say(words_) -> str:
        return words(words_, lang, names)

    sep = LIST_SEPARATOR.get(lang, ", ")
    seen = (lang, tuple(names))
    # ---- lay the panels out: the map and the battle on the left, the Oracle and the players on the right,
    # the key, the decks and the recent moves in whichever column is shorter
    placed: list[tuple[Image.Image, int, int]] = []
    ys = {"left": GRID + 4, "right": PAD}
    xs = {"left": PAD, "right": RIGHT_X}
    ws = {"left": LEFT_W, "right": RIGHT_W}

    def place(column: str, key, make) -> None:
        w = ws[column]
        part = _kept(key + seen, w, lambda: make(w))
        placed.append((part, xs[column], ys[column]))
        ys[column] += part.height - 1 + PAD

    pool = view["pool"]
    active = tuple(view.get("active", []))
    if view.get("result"):
        place("right", ("result", repr(view["result"])), lambda w: _result_block(view, w, say))
    place("right", ("oracle", repr(view["oracle"]), repr(pool["great"]), pool["supply"], len(pool["void"]),
                    repr(view.get("house_rules"))), lambda w: _oracle_block(view, w, say, sep))
    for p in view["players"]:
        place("right", ("player", repr(p), p["seat"] in active),
              lambda w, p=p: _player_block(view, p, names, w, say, lang))
    b = view.get("battle")
    if b:
        lines = [view["players"][s]["line"] for s in (b["attacker"], b["defender"]) if isinstance(s, int)]
        place("left", ("battle", repr(b), repr(lines), active), lambda w: _battle_block(view, w, say, lang, names))
    later = [(("key", repr(_key_entries(view)), tuple(_key_lands(view))), lambda w: _key_block(view, w, lang)),
             (("decks", repr(pool["units"]), repr(pool["artifacts"]), repr(pool["cities"]), repr(pool["roads"])),
              lambda w: _decks_block(view, w, say))]
    if view.get("log"):
        later.append((("log", repr(view["log"][-4:])), lambda w: _log_block(view, w, say)))
    for key, make in later:
        place(min(ys, key=lambda c: (ys[c], c)), key, make)
    height = max(max(ys.values()), GRID + PAD)

    # the picture is its parts, each already in the palette: pasted as they are on the background
    img = Image.new("P", (WIDTH, height), _BG_INDEX)
    img.putpalette(_PALETTE_RGB)
    img.paste(_kept(("map",) + _map_key(view), GRID - 1, lambda: Block(GRID - 1, lambda c, x, y: _draw_map(c, view))),
              (0, 0))
    for part, x, y in placed:
        img.paste(part, (x, y))
    return toolkit.png(img)


_PALETTE_RGB = PALETTE.image.getpalette()
_BG_INDEX = PALETTE.apply(Image.new("RGB", (1, 1), BG)).getpixel((0, 0))
