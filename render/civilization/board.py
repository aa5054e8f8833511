"""The Civilization board picture (render_board); a player's own picture is hand.py, what both
share palette.py.

Both take the dict of engine.civilization's view() (engine/civilization/views.py), the seats'
display names and the reader's language, and return PNG bytes. The board is drawn from public
keys only: it never reads `viewer`, a standing force's or culture hand's cards, a hut or village
resource, a battle hand's cards nor a secret research pick, and during the secret research it
says only how many players are still choosing. So any seat's view draws the same channel picture.

The picture is 1100 px wide and at most 1.35 times as tall: Discord shows it about 550 px wide,
where a map square (48 px) stays 24 px and the least text (18 px) 9 px. The map with its
coordinates is at the top left; right of it the header (turn, phase, whose step, the first
player, a play waiting in the cancel window: "X plays Y", and how many trade offers are pending,
never what they hold), then the market board and the key when they fit there. Under the map,
in two columns: a running battle, one block per civilization, then what did not
fit beside the map. The key is left out when it would make the picture taller than that (every
hand picture carries it).

A civilization's block: its player, civilization and government, coins, culture tokens, trade and
culture track, resources, the counts of standing forces, culture events and unbuilt figures, the
ranks, its buildings, great people and wonders (an obsolete one grey, struck through and marked
obsolete), and its tech pyramid (a level's row only when it holds a tech), where a tech card
holding coin tokens (a coin task) ends with a coin showing how many. The civilization's special
ability and its wonders' abilities are in its player's hand picture.

The map (the view's public keys: tiles, markers, cities, figures; its "layout" gives each face-up
square as printed now with what it yields, and the blockaded squares; its "tracks" the dials' ends):
- a face-down tile is drawn as a tile back (never its content);
- a square shows its terrain's colour, its icons (trade a yellow disc, production a brown square,
  culture a violet diamond, coin a gold ringed disc, each with its count), its resource (a chip
  with the resource's initial), a natural wonder (a white star); a disaster marker a red corner
  filled with the side up (desert or grassland, the terrain the square now counts as) and cracked;
- hut (a tan round token with a roof) and village (a brown square token with two roofs) markers,
  face down;
- a city in its owner's colour (a gold star on a capital, a grey crenellated frame for walls),
  a thin line in the owner's colour around its outskirts;
- a building, wonder or great person marker as a chip with its name's initials (buildings pale,
  wonders gold, an obsolete wonder grey and struck through, great people violet, rimmed in the
  owner's colour) and the icons the square then gives;
- armies (a shield) and scouts (a disc) in their owner's colour, with the count when more than one;
- a blockaded square framed in red dashes, the battle's square framed in orange.

Every word is the reader's language: the picture's own words are `Msg`s, component names go
through the game's glossary (engine.civilization.data.term).
"""
from __future__ import annotations

import re
from typing import Any

from PIL import Image

from engine.text import Msg, Seat, plural
from render import toolkit
from render.civilization.palette import (
    BACKGROUND,
    BATTLE,
    BLOCKADE,
    BUILDING,
    CANVAS_H,
    CARD,
    CARD_INK,
    COORD,
    GOLD,
    HALF_W,
    HUT,
    ICON,
    INK,
    MAP_X,
    MARGIN,
    NEUTRAL,
    OBSOLETE,
    PALETTE,
    PANEL,
    PANEL_EDGE,
    PANEL_W,
    PANEL_X,
    PERSON,
    RESOURCE,
    RGB,
    ROMAN,
    SMALL,
    SQ,
    TALL,
    TECH_LEVEL,
    TEXT,
    TEXT_DIM,
    TILE_EDGE,
    UNIT_TYPE,
    WHITE,
    WIDTH,
    WONDER,
    _count,
    _mix,
    _record,
    army_token,
    card_coins,
    card_text,  # noqa: F401  (the cards' texts, read by the tests)
    city_token,
    civ_name,
    draw_key,
    government_name,
    hut_token,
    icon_token,
    initials,
    marker_chip,
    named,
    obsolete_wonders,
    offer_count,
    pending_play,
    phase_text,
    players_of,
    resource_name,
    scout_token,
    seat_colour,
    seat_light,
    square_base,
    step_text,
    tech_level,
    tech_name,
    term,
    tile_back,
    unit_card_name,
    unit_card_type,
    unit_strength,
    unit_type_name,
)
from render.common import draw_text, draw_wrapped, font, is_seat, say_fit, words
from render.common import seat_names as _names
from render.common import seat_views as seats_of
from render.common import text_px as tw
from render.common import whole as _int
from render.toolkit import paste_centred

SQUARE_NAME = re.compile(r"^([A-Za-z])(\d+)$")    # the map's column letter, row number


def map_size(view: dict) -> tuple[int, int]:
    m = view.get("map") or {}
    return _int(m.get("width"), 16), _int(m.get("height"), 8 if players_of(view) <= 2 else 16)


def layout(view: dict) -> dict:
    """The view's "layout" (engine/civilization/views.py): squares as printed now, their yields,
    the blockaded squares, the tile size, the icon and resource kinds."""
    value = view.get("layout")
    return value if isinstance(value, dict) else {}


def label(x: int, y: int) -> str:
    """A square's name as the map's coordinate bands write it: column letter, row number."""
    return f"{chr(ord('A') + x)}{y + 1}"


def square_at(lbl: str) -> tuple[int, int] | None:
    """(x, y) of a square's name ("E7" -> (4, 6)), None for any other text."""
    m = SQUARE_NAME.match(lbl)
    return (ord(m.group(1).upper()) - ord("A"), int(m.group(2)) - 1) if m and int(m.group(2)) >= 1 else None


def blockaded_squares(view: dict) -> set[tuple[int, int]]:
    return {xy for xy in (square_at(str(lbl)) for lbl in layout(view).get("blockaded") or []) if xy}


def city_at(view: dict, x: int, y: int) -> dict | None:
    for city in view.get("cities") or []:
        if isinstance(city, dict) and city.get("x") == x and city.get("y") == y:
            return city
    return None


# ---------------------------------------------------------------------------- the map

class _Block:
    """A part of the board drawn on its own canvas `w` px wide, then pasted: a civilization, the
    market, the header, the key, a battle."""

    def __init__(self, w: int, h: int = 720):
        self.w = w
        self.img = Image.new("RGB", (w, h), BACKGROUND)
        self.d = toolkit.canvas(self.img)

    def cut(self, height: int) -> Image.Image:
        return self.img.crop((0, 0, self.w, min(height, self.img.height)))


ROW = 28            # a line of chips or text on the board (SMALL text)
# zlib level 4, above the other pictures' (render.toolkit.PNG_LEVEL): the 4-player board's map
# (face-down tiles' weave, every square's icons) is the largest picture: 151.5 KB at level 2 in
# Chinese, over the 150 KB budget; at level 4 it is about 139 KB, and since the map's bands are
# mostly kept compressed from the previous picture (render.toolkit.png), it costs no more time
BOARD_PNG_LEVEL = 4
MAX_ASPECT = 1.35   # the board's height / width at most (the key is left out before this is passed)


class _Board:
    def __init__(self, view: dict, names, lang: str, canvas_h: int = CANVAS_H):
        self.view = view
        self.lang = lang
        self.players = players_of(view)
        self.names = _names(names, lang, max(self.players, 4))
        self.height = 0
        self.canvas_h = canvas_h
        self.d = None

    def say(self, text: Any) -> str:
        return words(text, self.lang, self.names)

    def block(self, w: int, paint, shows: Any = None) -> Image.Image:
        """`paint(x, w)` drawn on a block `w` px wide (self.d its canvas); the block cut under it.
        With `shows` (everything of the view the block draws, as a text), the block is kept as a
        sprite: the civilizations, the market and the key change far less often than the board."""
        if shows is not None:
            return toolkit.sprite(("civ.block", w, self.lang, tuple(self.names), shows),
                                  lambda: self.block(w, paint))
        for h in (720, TALL):
            part = _Block(w, h)
            keep, self.d = self.d, part.d
            try:
                bottom = paint(0, w)
            finally:
                self.d = keep
            if bottom <= h:
                return part.cut(bottom)
        return part.cut(TALL)

    # -- map
    def draw_map(self, d, top: int) -> int:
        """The map from `top`: its ground (the layer `draw_ground` draws, kept per everything
        it shows: it changes far less often than the figures on it), the battle's frame and the
        figures."""
        view = self.view
        width, height = map_size(view)
        x0, y0 = MAP_X, top + COORD
        shown = ("civ.ground", top, self.lang, width, height,
                 repr([view.get(k) for k in ("map", "layout", "cities", "markers", "disasters", "buildings",
                                             "wonders_at", "great_people_at")]))

        def make() -> Image.Image:
            # a square wider and taller than the map: a city's outskirts on its edge reach past it
            layer = Image.new("RGB", (x0 + (width + 1) * SQ, y0 + (height + 1) * SQ), BACKGROUND)
            self.draw_ground(toolkit.canvas(layer), top)
            return layer
        toolkit.paste(d, toolkit.sprite(shown, make), (0, 0))
        buildings = view.get("buildings") or {}
        wonders = view.get("wonders_at") or {}
        people = view.get("great_people_at") or {}
        b = view.get("battle")
        if isinstance(b, dict):
            xy = square_at(str(b.get("square") or ""))
            if xy:
                bx, by = x0 + xy[0] * SQ, y0 + xy[1] * SQ
                d.rectangle((bx - 2, by - 2, bx + SQ + 1, by + SQ + 1), outline=BATTLE, width=4)
        # figures: per square and owner, armies then scouts
        stacks: dict[tuple[int, int], dict[tuple[Any, str], int]] = {}
        for f in view.get("figures") or []:
            if isinstance(f, dict):
                at = stacks.setdefault((_int(f.get("x")), _int(f.get("y"))), {})
                at[(f.get("owner"), f.get("kind"))] = at.get((f.get("owner"), f.get("kind")), 0) + 1
        for (x, y), groups in stacks.items():
            parts = []
            for (owner, kind), n in sorted(groups.items(), key=lambda g: (g[0][1] != "army", _int(g[0][0]))):
                parts.append(army_token(owner, n) if kind == "army" else scout_token(owner, n))
            total = sum(p.width for p in parts) + 1 * (len(parts) - 1)
            px = x0 + x * SQ + max(1, (SQ - total) // 2) if total <= SQ else x0 + x * SQ
            step = min(1.0, (SQ - parts[-1].width) / max(total - parts[-1].width, 1)) if len(parts) > 1 else 1.0
            lbl = label(x, y)
            low = any(lbl in table for table in (buildings, wonders, people))   # below a marker's chip
            for p in parts:
                py = y0 + y * SQ + (SQ - p.height if low else SQ // 2 - p.height // 2 + 1)
                toolkit.paste(d, p, (round(px), py))
                px += (p.width + 1) * step
        return y0 + height * SQ

    def draw_ground(self, d, top: int) -> None:
        """What the map shows under the battle and the figures: the coordinates, the tiles
        (squares or backs), the markers, the tiles' edges, the cities and their outskirts, huts,
        villages and blockades."""
        view, lang = self.view, self.lang
        width, height = map_size(view)
        x0, y0 = MAP_X, top + COORD
        # coordinates
        for x in range(width):
            toolkit.text(d, (x0 + x * SQ + SQ / 2, top + COORD / 2), chr(ord("A") + x), font=font(SMALL, True),
                         fill=TEXT_DIM, anchor="mm")
        for y in range(height):
            toolkit.text(d, (x0 - 4, y0 + y * SQ + SQ / 2), str(y + 1), font=font(SMALL, True), fill=TEXT_DIM,
                         anchor="rm")
        d.rectangle((x0 - 1, y0 - 1, x0 + width * SQ, y0 + height * SQ), fill=(18, 20, 24))
        markers = view.get("markers") or {}
        disasters = view.get("disasters") or {}
        buildings = view.get("buildings") or {}
        wonders = view.get("wonders_at") or {}
        people = view.get("great_people_at") or {}
        tiles = [t for t in (view.get("map") or {}).get("tiles") or [] if isinstance(t, dict)]
        squares = layout(view).get("squares") or {}
        kinds = layout(view).get("icons") or []
        size = _int(layout(view).get("tile_size"))
        for t in tiles:
            tx, ty = x0 + _int(t.get("x")) * SQ, y0 + _int(t.get("y")) * SQ
            if not t.get("face_up") or not t.get("tile"):
                toolkit.paste(d, tile_back(size), (tx, ty))
                continue
            for row in range(size):
                for col in range(size):
                    x, y = _int(t.get("x")) + col, _int(t.get("y")) + row
                    lbl = label(x, y)
                    sq = squares.get(lbl) if isinstance(squares.get(lbl), dict) else None
                    yields = sq.get("yields") if sq and isinstance(sq.get("yields"), dict) else None
                    city = city_at(view, x, y)
                    if yields is None or city is not None:
                        icons = tuple((k, sq["icons"][k]) for k in kinds if sq and sq["icons"].get(k)) \
                            if city is None and sq else ()
                        res = sq.get("resource") if sq and city is None else None
                    else:
                        icons = tuple((k, yields[k]) for k in kinds if yields.get(k))
                        res = yields.get("resource")
                    marked = [(table, kind, coll) for table, kind, coll in
                              ((buildings, "building", "buildings"), (wonders, "wonder", "wonders"),
                               (people, "person", "great_people")) if isinstance(table.get(lbl), dict)]
                    covered = city is not None or bool(marked)
                    shown = dict(sq, natural_wonder=False) if sq and covered else sq
                    base = square_base(shown, icons, res, lang, str(disasters.get(lbl) or ""))
                    toolkit.paste(d, base, (x0 + x * SQ, y0 + y * SQ))
                    for table, kind, coll in marked:
                        rec = table[lbl]
                        mark = initials(named(coll, rec.get("id"), lang))
                        if kind == "wonder" and rec.get("obsolete"):
                            kind = "obsolete"
                        toolkit.paste(d, marker_chip(kind, mark, rec.get("owner")), (x0 + x * SQ, y0 + y * SQ + 1))
        # the tile's edge
        for t in tiles:
            tx, ty = x0 + _int(t.get("x")) * SQ, y0 + _int(t.get("y")) * SQ
            d.rectangle((tx, ty, tx + size * SQ - 1, ty + size * SQ - 1), outline=TILE_EDGE, width=2)
        # outskirts, cities
        for city in view.get("cities") or []:
            cx, cy = x0 + _int(city.get("x")) * SQ, y0 + _int(city.get("y")) * SQ
            d.rectangle((cx - SQ + 2, cy - SQ + 2, cx + 2 * SQ - 3, cy + 2 * SQ - 3),
                        outline=seat_light(city.get("owner")), width=2)
        for city in view.get("cities") or []:
            cx, cy = x0 + _int(city.get("x")) * SQ, y0 + _int(city.get("y")) * SQ
            toolkit.paste(d, city_token(city.get("owner"), bool(city.get("capital")), bool(city.get("walled"))),
                          (cx + 5, cy + 5))
        # huts and villages
        for lbl, m in markers.items():
            xy = square_at(str(lbl))
            if xy and isinstance(m, dict):
                paste_centred(d, hut_token(str(m.get("kind")), 13), x0 + xy[0] * SQ + SQ / 2,
                              y0 + xy[1] * SQ + SQ / 2 - 2)
        # blockades, the battle
        for x, y in blockaded_squares(view):
            bx, by = x0 + x * SQ, y0 + y * SQ
            for i in range(0, SQ, 8):
                d.line((bx + i, by + 1, bx + i + 4, by + 1), fill=BLOCKADE, width=3)
                d.line((bx + i, by + SQ - 2, bx + i + 4, by + SQ - 2), fill=BLOCKADE, width=3)
                d.line((bx + 1, by + i, bx + 1, by + i + 4), fill=BLOCKADE, width=3)
                d.line((bx + SQ - 2, by + i, bx + SQ - 2, by + i + 4), fill=BLOCKADE, width=3)

    def draw_key(self, x0: int, w: int) -> int:
        """The key (palette.draw_key): icons, markers, figures."""
        return draw_key(self.d, x0, 14, w, layout(self.view).get("icons") or [], self.lang, SMALL) + 16

    # -- the blocks
    def heading(self, x: int, y: int, text: str, w: int) -> int:
        text = text[:1].upper() + text[1:]
        say_fit(self.d, (x, y + 14), text, 22, w, TEXT, True, anchor="lm", min_size=SMALL)
        return y + 32

    def chips(self, x: int, y: int, w: int, items: list[tuple], size: int = SMALL, h: int = 24,
              bold: bool = True) -> int:
        """Chips (text, fill, ink[, coins[, struck]]) left to right, wrapping; returns the y under
        them. A chip with coins (coin tokens on a tech card) ends with a coin token showing the
        count; a struck one (an obsolete wonder) is crossed out."""
        cx = x
        for label, fill, ink, *more in items:
            coins = _int(more[0]) if more else 0
            struck = bool(more[1]) if len(more) > 1 else False
            extra = h + 1 if coins else 0
            cw = min(w, tw(label, size, bold) + 12 + extra)
            if cx > x and cx + cw > x + w:
                cx, y = x, y + h + 2
            toolkit.round_box(self.d, (cx, y, cx + cw - 1, y + h - 1), radius=5, fill=fill)
            say_fit(self.d, (cx + (cw - extra) / 2, y + h / 2), label, size, cw - 8 - extra, ink, bold, anchor="mm",
                    min_size=size)
            if struck:
                self.d.line((cx + 4, y + h / 2, cx + cw - 5, y + h / 2), fill=BLOCKADE, width=2)
            if coins:
                paste_centred(self.d, icon_token("coin", coins, h // 2 - 2, SMALL), cx + cw - extra / 2 - 1,
                              y + h / 2)
            cx += cw + 5
        self.chips_end = (cx, y)     # where a text may follow the last chip on its line
        return y + h + 2 if items else y

    def labelled_chips(self, x: int, y: int, w: int, label: str, items: list[tuple], bold: bool = True) -> int:
        """A label, then its chips on the same line when they fit beside it, else under it."""
        lw = tw(label, SMALL) + 10
        draw_text(self.d, (x, y + 13), label, SMALL, TEXT_DIM, anchor="lm")
        items = items or [(self.say(Msg("none")), PANEL, TEXT_DIM)]
        room = w - lw
        if any(tw(item[0], SMALL, bold) + 12 + (27 if len(item) > 3 and item[3] else 0) > room for item in items):
            return self.chips(x, y + ROW, w, items, bold=bold)
        return self.chips(x + lw, y, room, items, bold=bold)

    def draw_market(self, x: int, w: int) -> int:
        lang, view = self.lang, self.view
        decks = view.get("decks") or {}
        y = self.heading(x, 0, self.say(term("market board")), w)
        wonder_items = []
        for wid in decks.get("wonder_market") or []:
            rec = _record("wonders", str(wid))
            wonder_items.append((f"{named('wonders', wid, lang)} {_int(rec.get('cost'))}", WONDER, CARD_INK))
        y = self.labelled_chips(x, y, w, self.say(term("wonder")), wonder_items, bold=False)
        pairs = decks.get("buildings") or {}
        building_items = [(f"{named('buildings', bid, lang)} {_int(n)}", BUILDING, CARD_INK)
                          for bid, n in sorted(pairs.items())]
        y = self.labelled_chips(x, y, w, self.say(term("building")), building_items, bold=False)
        res = decks.get("resources") or {}
        res_items = [(f"{resource_name(r, lang)} {_int(n)}", RESOURCE.get(r, NEUTRAL), INK)
                     for r, n in sorted(res.items())]
        y = self.labelled_chips(x, y, w, self.say(term("resource")), res_items, bold=False)
        piles = [Msg("{pile}: {n}", pile=term("hut marker"), n=_count(view.get("hut_pile"))),
                 Msg("{pile}: {n}", pile=term("village marker"), n=_count(view.get("village_pile"))),
                 Msg("{pile}: {n}", pile=term("great person"), n=_count(decks.get("great_people"))),
                 Msg("{pile}: {n}", pile=term("wonder card"), n=_count(decks.get("wonders")))]
        return self.flow(x, y + 2, w, [self.say(p) for p in piles], TEXT_DIM) + 4

    def flow(self, x: int, y: int, w: int, parts: list[str], colour, bold: bool = False) -> int:
        """Short texts joined by " · ", a line broken only between them (a part too long for a line
        alone is cut); returns the y under the last line."""
        lines: list[str] = []
        for part in parts:
            if lines and tw(lines[-1] + " · " + part, SMALL, bold) <= w:
                lines[-1] += " · " + part
            else:
                lines.append(part)
        for line in lines:
            say_fit(self.d, (x, y + ROW / 2), line, SMALL, w, colour, bold, anchor="lm", min_size=SMALL)
            y += ROW - 2
        return y

    def draw_battle(self, x: int, w: int) -> int:
        b = self.view.get("battle")
        if not isinstance(b, dict):
            return 0
        d, lang = self.d, self.lang
        y = 0
        sq = str(b.get("square") or "?")
        title = self.say(Msg("Battle at {square}", square=sq))
        toolkit.round_box(d, (x, y, x + w - 1, y + 36), radius=8, fill=_mix(BATTLE, PANEL, 0.75))
        say_fit(d, (x + 12, y + 18), title, 22, w // 2, TEXT, True, anchor="lm", min_size=SMALL)
        if b.get("step") == "loot":
            say_fit(d, (x + w - 12, y + 18), self.say(step_text(self.view)), 20, w // 2 - 20, TEXT, anchor="rm",
                    min_size=SMALL)
            return y + 44
        seats = b.get("seats") or {}
        turn = b.get("turn")
        plays = {"attacker": Msg("attacker plays"), "defender": Msg("defender plays")}.get(turn)
        if plays:
            say_fit(d, (x + w - 12, y + 18), self.say(plays), 20, w // 2 - 20, GOLD, True, anchor="rm",
                    min_size=SMALL)
        y += 44
        col = (w - 50) // 2
        bonus = b.get("bonus_card") if isinstance(b.get("bonus_card"), dict) else None
        for k, side in enumerate(("attacker", "defender")):
            sx = x + k * (col + 50)
            seat = seats.get(side)
            if side == "defender" and b.get("barbarian"):
                who = self.say(term("barbarians"))
                colour = NEUTRAL
            else:
                who = self.say(Seat(seat)) if is_seat(seat) else "?"
                colour = seat_colour(seat)
            d.rectangle((sx, y, sx + 8, y + 50), fill=colour)
            head = f"{self.say(term(side))} · {who}"
            say_fit(d, (sx + 16, y + 12), head, 20, col - 16, TEXT, True, anchor="lm", min_size=SMALL)
            hand = _count((b.get("hands") or {}).get(side))
            line = self.say(Msg("{what}: {n}", what=term("battle hand"), n=hand))
            if bonus and bonus.get("side") == side:
                line += " · " + self.say(Msg("{what} +{value}", what=term("combat bonus"),
                                                 value=_int(bonus.get("value"))))
            say_fit(d, (sx + 16, y + 38), line, SMALL, col - 16, TEXT_DIM, anchor="lm", min_size=SMALL)
        y += 60
        ranks = b.get("ranks") or {}
        fronts = [f for f in b.get("fronts") or [] if isinstance(f, dict)]
        if not fronts:
            say_fit(d, (x + 16, y + 12), self.say(Msg("no cards yet")), SMALL, w - 32, TEXT_DIM, anchor="lm",
                    min_size=SMALL)
            return y + 30
        for i, front in enumerate(fronts):
            d.ellipse((x + w // 2 - 16, y + 6, x + w // 2 + 16, y + 38), fill=PANEL, outline=PANEL_EDGE, width=2)
            toolkit.text(d, (x + w // 2, y + 22), str(i + 1), font=font(20, True), fill=TEXT, anchor="mm")
            for k, side in enumerate(("attacker", "defender")):
                sx = x + k * (col + 50)
                unit = front.get(side)
                if isinstance(unit, dict) and unit.get("card"):
                    units = self.view.get("unit_cards") or {}
                    rank = _int((ranks.get(side) or {}).get(unit_card_type(units, unit["card"])), 1)
                    toolkit.paste(d, unit_bar(units, unit["card"], rank, _int(unit.get("wounds")), lang, col),
                                  (sx, y))
                else:
                    toolkit.round_box(d, (sx, y, sx + col - 1, y + 43), radius=6, outline=PANEL_EDGE)
            y += 50
        destroyed = b.get("destroyed") or {}
        lost = [self.say(Msg("{what}: {n}", what=term(side), n=len(destroyed.get(side) or [])))
                for side in ("attacker", "defender")]
        head = self.say(term("front")) + " · " + self.say(Msg("destroyed"))
        return self.flow(x, y, w, [f"{head}: {lost[0]}", lost[1]], TEXT_DIM) + 4

    def draw_header(self, x: int, w: int) -> int:
        d, view = self.d, self.view
        top = 0
        title = self.say(Msg("Turn {turn}", turn=_int(view.get("turn"), 1)))
        phase = self.say(phase_text(view))
        toolkit.round_box(d, (x, top, x + w - 1, top + 40), radius=8, fill=PANEL)
        used = say_fit(d, (x + 10, top + 20), title, 24, w - 20, TEXT, True, anchor="lm", min_size=SMALL)
        y = top + 46
        if tw(phase, 20, True) <= w - 34 - used:
            say_fit(d, (x + 22 + used, top + 21), phase, 20, w - used - 32, GOLD, True, anchor="lm", min_size=SMALL)
        else:
            y = draw_wrapped(d, (x, y), phase, 20, w, GOLD, True, max_lines=2, line_height=26)
        step = self.say(step_text(view))
        if step:
            y = draw_wrapped(d, (x, y), step, SMALL, w, TEXT, max_lines=3, line_height=24)
        first = view.get("first")
        if is_seat(first):
            y = draw_wrapped(d, (x, y), self.say(Msg("{what}: {player}", what=term("first player"),
                                                     player=Seat(first))), SMALL, w, TEXT_DIM, max_lines=2,
                             line_height=24)
        for note, colour in self.header_notes():
            d.ellipse((x + 1, y + 8, x + 9, y + 16), fill=colour)
            y = draw_wrapped(d, (x + 14, y), note, SMALL, w - 14, colour, True, max_lines=3, line_height=24)
        return y + 6

    def header_notes(self) -> list[tuple[str, RGB]]:
        """Lines under the header: a play waiting for the seats that may cancel it, and how many
        trade offers are pending (never what they hold)."""
        notes = []
        pending = pending_play(self.view)
        if pending:
            player, what, waiting = pending
            who = Seat(player) if is_seat(player) else "?"
            if waiting:          # an older view that named the seats asked
                text = Msg("{player} plays {card}: waiting for {players}", player=who, card=what,
                           players=[Seat(s) for s in waiting])
            else:                # today's views name nobody (the window answers in private)
                text = Msg("{player} plays {card}", player=who, card=what)
            notes.append((self.say(text), BATTLE))
        offers = offer_count(self.view)
        if offers:
            notes.append((self.say(plural("{n} trade offer pending", "{n} trade offers pending", offers)),
                          ICON["trade"]))
        return notes

    def draw_civ(self, x: int, w: int, seat: int, area: dict) -> int:
        """A civilization's block: player, civilization, government; trade dial and culture track;
        coins, culture tokens, resources; counts of standing forces, culture events and unbuilt
        figures; the ranks; its buildings, great people and wonders; its tech pyramid. Its special
        ability and its wonders' abilities are in its player's hand picture."""
        d, lang = self.d, self.lang
        colour = seat_colour(seat)
        y = 0
        d.rectangle((x, y, x + w - 1, y + 30), fill=_mix(colour, PANEL, 0.35))
        d.rectangle((x, y, x + 6, y + 30), fill=colour)
        civ = civ_name(area.get("civ"), lang)
        gov = government_name(area.get("government"), lang)
        right = f"{civ} · {gov}" if gov else civ
        rw = min(tw(right, SMALL, True), w // 2)
        say_fit(d, (x + w - 8, y + 15), right, SMALL, rw, WHITE, True, anchor="rm", min_size=SMALL)
        say_fit(d, (x + 14, y + 15), self.names[seat], 22, w - rw - 30, WHITE, True, anchor="lm", min_size=SMALL)
        y += 32
        ix, iw = x + 8, w - 16
        tracks = self.view.get("tracks") or {}
        # coins, culture tokens, the trade dial and the culture track
        cx = ix
        for kind, n in (("coin", _int(area.get("coins"))), ("culture", _int(area.get("culture_tokens")))):
            paste_centred(d, icon_token(kind, 0, 9), cx + 10, y + ROW / 2)
            toolkit.text(d, (cx + 23, y + ROW / 2), str(n), font=font(20, True), fill=TEXT, anchor="lm")
            cx += 30 + tw(str(n), 20, True) + 10
        dials = [Msg("{what}: {n}", what=term("trade"),
                     n=f"{_int(area.get('trade'))}/{max(_int(tracks.get('trade')), 1)}"),
                 Msg("{what}: {n}", what=term("culture track"),
                     n=f"{_int(area.get('culture_level'))}/{max(_int(tracks.get('culture')), 1)}")]
        y = self.flow(cx + 4, y, ix + iw - cx - 4, [self.say(m) for m in dials], TEXT)
        # resources
        items = [(resource_name(r, lang), RESOURCE.get(r, NEUTRAL), INK) for r in area.get("resources") or []
                 if isinstance(r, str)]
        hidden = _count(area.get("hidden_resources"))
        if hidden:
            items.append((self.say(Msg("{n} face down", n=hidden)), _mix(HUT, PANEL, 0.3), INK))
        y = self.labelled_chips(ix, y + 1, iw, self.say(term("resource")), items, bold=False) + 1
        # counts: beside the resources when they fit there
        unbuilt = area.get("unbuilt") or {}
        counts = [self.say(c) for c in (
            Msg("{what}: {n}", what=term("standing forces"), n=_count(area.get("standing_forces"))),
            Msg("{what}: {n}", what=term("culture event"), n=_count(area.get("culture_hand"))),
            Msg("{what}: {items}", what=term("unbuilt"), items=[
                Msg("{thing} {n}", thing=term(k), n=_int(unbuilt.get(k))) for k in ("army", "scout", "city")]))]
        cx, cy = self.chips_end
        beside = " · ".join(counts[:2])
        if cx + 8 + tw(beside, SMALL) <= ix + iw:
            draw_text(d, (cx + 8, cy + 13), beside, SMALL, TEXT_DIM, anchor="lm")
            counts = counts[2:]
        y = self.flow(ix, y, iw, counts, TEXT_DIM) + 2
        # ranks
        ranks = area.get("ranks") or {}
        y = self.chips(ix, y, iw, [(f"{unit_type_name(k, lang)} {_int(ranks.get(k))}", _mix(UNIT_TYPE[k], PANEL, 0.35),
                                    WHITE) for k in ("artillery", "infantry", "mounted", "aircraft")])
        # buildings on the map (the civilization's own markers), great people, wonders
        owned: dict[str, int] = {}
        for b in (self.view.get("buildings") or {}).values():
            if isinstance(b, dict) and b.get("owner") == seat and b.get("id"):
                owned[str(b["id"])] = owned.get(str(b["id"]), 0) + 1
        extra = [(f"{named('buildings', bid, lang)} ×{n}" if n > 1 else named("buildings", bid, lang), BUILDING,
                  CARD_INK) for bid, n in sorted(owned.items())]
        extra += [(named("great_people", g, lang), PERSON, CARD_INK) for g in area.get("great_people") or []]
        obsolete = obsolete_wonders(self.view)
        for wid in area.get("wonders") or []:
            old = str(wid) in obsolete
            name = named("wonders", wid, lang)
            if old:
                name = f"{name} ({self.say(term('obsolete'))})"
            extra.append((name, OBSOLETE if old else WONDER, CARD_INK, 0, old))
        if extra:
            y = self.chips(ix, y, iw, extra, bold=False)
        # the tech pyramid: a level's row only when it holds a tech
        rows: dict[int, list[str]] = {}
        for t in area.get("techs") or []:
            if isinstance(t, dict):
                rows.setdefault(_int(t.get("row"), tech_level(str(t.get("id")))), []).append(str(t.get("id")))
        coins = card_coins(area)
        for row in range(1, 6):
            if not rows.get(row):
                continue
            chips = [(tech_name(t, lang), TECH_LEVEL.get(tech_level(t), NEUTRAL), INK, coins.get(t, 0))
                     for t in rows[row]]
            draw_text(d, (ix, y + 13), ROMAN[row], SMALL, TEXT_DIM, True, anchor="lm")
            y = self.chips(ix + 36, y, iw - 36, chips, bold=False)
        if not rows:
            draw_text(d, (ix, y + 13), self.say(Msg("{what}: {items}", what=term("tech"), items=[Msg("none")])),
                      SMALL, TEXT_DIM, anchor="lm")
            y += ROW
        y += 4
        toolkit.round_box(d, (x, 0, x + w - 1, y), radius=0, outline=_mix(colour, PANEL, 0.5), width=1)
        return y + 1

    def render(self) -> bytes:
        view = self.view
        height = map_size(view)[1]
        map_bottom = MARGIN + COORD + height * SQ
        right = [(PANEL_X, MARGIN, self.block(PANEL_W, self.draw_header))]
        strip = right[0][1] + right[0][2].height + 10
        under: list[Image.Image] = []
        key = None
        market = repr([view.get(k) for k in ("decks", "hut_pile", "village_pile")])
        icons = repr(layout(view).get("icons"))
        shows = {self.draw_market: ("market", market), self.draw_key: ("key", icons)}
        for paint in (self.draw_market, self.draw_key):
            part = self.block(PANEL_W, paint, shows[paint])
            if strip + part.height <= map_bottom:
                right.append((PANEL_X, strip, part))
                strip += part.height + 12
            elif paint == self.draw_market:
                under.append(self.block(HALF_W, paint, shows[paint]))
            else:
                key = self.block(HALF_W, paint, shows[paint])
        below = max(map_bottom, strip) + 10
        placed = []
        battle = [self.block(HALF_W, self.draw_battle)] if isinstance(view.get("battle"), dict) else []
        around = repr([view.get(k) for k in ("tracks", "buildings", "wonders_at")])
        civs = [self.block(HALF_W, lambda x, w, s=seat, a=area: self.draw_civ(x, w, s, a),
                           ("civ", seat, repr(area), around))
                for seat, area in enumerate(seats_of(view))]
        columns = [below, below]
        for part in battle + civs + under + ([key] if key else []):
            k = 0 if columns[0] <= columns[1] else 1
            if part is key and columns[k] + part.height + MARGIN > MAX_ASPECT * WIDTH:
                break           # no room left: the key is in every hand picture
            placed.append((MARGIN + k * (HALF_W + MARGIN), columns[k], part))
            columns[k] += part.height + 8
        self.height = max(columns) - 8 + MARGIN
        img = Image.new("RGB", (WIDTH, self.height), BACKGROUND)
        d = toolkit.canvas(img)
        self.draw_map(d, MARGIN)
        for x, y, part in right + placed:
            img.paste(part, (x, y))
        return PALETTE.png(img, BOARD_PNG_LEVEL)


def unit_bar(units: dict, card: str, rank: int, wounds: int, lang: str, w: int) -> Image.Image:
    """A unit in a battle front: its type's colour, name at the owner's rank, strength and wounds
    (`units`: the view's "unit_cards")."""
    kind = unit_card_type(units, card)
    name = unit_card_name(units, card, rank, lang)
    strength = unit_strength(units, card, rank)
    h = 44

    def paint(c: toolkit.Canvas) -> None:
        colour = UNIT_TYPE.get(kind, NEUTRAL)
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=6, fill=CARD, outline=colour, width=3)
        c.rounded_rectangle((0, 0, 40, h - 1), radius=6, fill=colour)
        toolkit.text(c, (20, h / 2), str(strength), font=font(22, True), fill=WHITE, anchor="mm")
        say_fit(c, (50, h / 2), name, SMALL, w - 120, CARD_INK, True, anchor="lm", min_size=SMALL)
        for i in range(min(wounds, 12)):
            c.ellipse((w - 14 - (i % 6) * 11, 8 + (i // 6) * 13, w - 5 - (i % 6) * 11, 17 + (i // 6) * 13),
                      fill=BLOCKADE, outline=INK)
    return toolkit.drawn(("civ.unitbar", card, rank, wounds, lang, w), (w, h), paint)


def render_board(view: dict, names=None, lang: str = "en") -> bytes:
    """The public board as PNG bytes, its words in `lang`. Reads only public keys."""
    return _Board(view, names, lang).render()
