"""The Civilization board picture (render_board); a player's own picture is hand.py, what both
share palette.py.

Both take the dict of engine.civilization's view() (engine/civilization/views.py), the seats'
display names and the reader's language, and return PNG bytes. The board is drawn from public
keys only: it never reads `viewer`, a standing force's or culture hand's cards, a hut or village
resource, a battle hand's cards nor a secret research pick, and during the secret research it
says only how many players are still choosing. So any seat's view draws the same channel picture.

The picture is 1240 px wide: the map on the left (48 px squares, the coordinate grid around it,
a key under it, then the market and a running battle), the panel on the right (turn, phase, whose
step, one block per civilization). Discord previews it about 550 px wide, where a square stays
21 px and the panel's 14-20 px text 6-9 px.

The header also writes, one line each, a play waiting in the cancel window (state["pending"]:
"X plays Y"; the public view names nobody who is asked) and how many trade offers are pending
(never what they hold: only the view's "offers_pending" count, or the number of sent offers). A
civilization's block: its player, civilization and government, its special ability (the
civilizations.json text, wrapped, at most four lines), trade, culture, coins, units, resources,
its buildings and great people, each wonder it built with its ability beside it (an obsolete one
grey, struck through and marked obsolete), and its tech pyramid, where a tech card holding coin
tokens (a coin task) ends with a coin showing how many.

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
    ABILITY_LINE,
    ABILITY_SIZE,
    BACKGROUND,
    BATTLE,
    BLOCKADE,
    BUILDING,
    CANVAS_H,
    CARD,
    CARD_INK,
    COORD,
    GOLD,
    HUT,
    ICON,
    INK,
    LEFT_W,
    MAP_W,
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
    SQ,
    TALL,
    TECH_LEVEL,
    TERRAIN,
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
    card_text,
    city_token,
    civ_name,
    disaster_corner,
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
    resource_chip,
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
from render.toolkit import paste_centred, star

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

class _Board:
    def __init__(self, view: dict, names, lang: str, canvas_h: int = CANVAS_H):
        self.view = view
        self.lang = lang
        self.players = players_of(view)
        self.names = _names(names, lang, max(self.players, 4))
        self.height = 0
        self.img = Image.new("RGB", (WIDTH, canvas_h), BACKGROUND)
        self.d = toolkit.canvas(self.img)

    def say(self, text: Any) -> str:
        return words(text, self.lang, self.names)

    # -- map
    def draw_map(self, top: int) -> int:
        d, view, lang = self.d, self.view, self.lang
        width, height = map_size(view)
        x0, y0 = MAP_X, top + COORD
        # coordinates
        for x in range(width):
            toolkit.text(d, (x0 + x * SQ + SQ / 2, top + COORD / 2), chr(ord("A") + x), font=font(15, True),
                         fill=TEXT_DIM, anchor="mm")
        for y in range(height):
            toolkit.text(d, (x0 - 5, y0 + y * SQ + SQ / 2), str(y + 1), font=font(14, True), fill=TEXT_DIM,
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
                    covered = city is not None or any(lbl in table for table in (buildings, wonders, people))
                    shown = dict(sq, natural_wonder=False) if sq and covered else sq
                    base = square_base(shown, icons, res, lang, str(disasters.get(lbl) or ""))
                    toolkit.paste(d, base, (x0 + x * SQ, y0 + y * SQ))
                    for table, kind, coll in ((buildings, "building", "buildings"), (wonders, "wonder", "wonders"),
                                              (people, "person", "great_people")):
                        rec = table.get(lbl)
                        if isinstance(rec, dict):
                            mark = initials(named(coll, rec.get("id"), lang))
                            if kind == "wonder" and rec.get("obsolete"):
                                kind = "obsolete"
                            toolkit.paste(d, marker_chip(kind, mark, rec.get("owner")), (x0 + x * SQ + 4,
                                                                                          y0 + y * SQ + 8))
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
                paste_centred(d, hut_token(str(m.get("kind"))), x0 + xy[0] * SQ + SQ / 2, y0 + xy[1] * SQ + SQ / 2 - 2)
        # blockades, the battle
        for x, y in blockaded_squares(view):
            bx, by = x0 + x * SQ, y0 + y * SQ
            for i in range(0, SQ, 8):
                d.line((bx + i, by + 1, bx + i + 4, by + 1), fill=BLOCKADE, width=3)
                d.line((bx + i, by + SQ - 2, bx + i + 4, by + SQ - 2), fill=BLOCKADE, width=3)
                d.line((bx + 1, by + i, bx + 1, by + i + 4), fill=BLOCKADE, width=3)
                d.line((bx + SQ - 2, by + i, bx + SQ - 2, by + i + 4), fill=BLOCKADE, width=3)
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
            step = min(1.0, (SQ - 2) / max(total, 1))
            for p in parts:
                lbl = label(x, y)
                low = any(lbl in table for table in (buildings, wonders, people))   # below a marker's chip
                py = y0 + y * SQ + (SQ - p.height - 1 if low else SQ // 2 - p.height // 2 + 1)
                toolkit.paste(d, p, (round(px), py))
                px += (p.width + 1) * step
        return y0 + height * SQ

    def draw_key(self, top: int) -> int:
        """The key under the map: terrains, icons, resources, markers, figures."""
        d, lang = self.d, self.lang
        x, y = MAP_X, top + 14
        limit = MAP_X + MAP_W

        def item(part_w: int, label: str, paint) -> None:
            nonlocal x, y
            w = part_w + 5 + tw(label, 14) + 16
            if x + w > limit:
                x, y = MAP_X, y + 24
            paint(x, y)
            draw_text(d, (x + part_w + 5, y), label, 14, TEXT_DIM, anchor="lm")
            x += w

        for terrain in ("grassland", "forest", "mountain", "desert", "water"):
            item(16, self.say(term(terrain)), lambda px, py, t=terrain: d.rectangle(
                (px, py - 8, px + 15, py + 7), fill=TERRAIN[t], outline=INK))
        item(16, self.say(term("natural wonder")), lambda px, py: star(d, px + 8, py, 8, WHITE, INK))
        for kind in layout(self.view).get("icons") or []:
            item(16, self.say(term(kind)), lambda px, py, k=kind: paste_centred(d, icon_token(k, 0, 7), px + 8, py))
        x, y = MAP_X, y + 24
        for res in layout(self.view).get("resources") or []:
            chip = resource_chip(res, lang)
            item(chip.width, resource_name(res, lang), lambda px, py, part=chip: toolkit.paste(d, part, (px, py - 8)))
        for kind in ("hut", "village"):
            item(20, self.say(term(kind)), lambda px, py, k=kind: paste_centred(d, hut_token(k, 9), px + 10, py))
        x, y = MAP_X, y + 24
        item(20, self.say(term("capital")), lambda px, py: paste_centred(d, city_token(None, True, False, 20),
                                                                          px + 10, py))
        item(20, self.say(term("City Walls")), lambda px, py: paste_centred(d, city_token(None, False, True, 20),
                                                                            px + 10, py))
        item(18, self.say(term("army")), lambda px, py: paste_centred(d, army_token(None, 1, 8), px + 9, py))
        item(16, self.say(term("scout")), lambda px, py: paste_centred(d, scout_token(None, 1, 7), px + 8, py))
        for kind, what in (("building", term("building")), ("wonder", term("wonder")),
                           ("obsolete", Msg("{what}: {state}", what=term("wonder"), state=term("obsolete"))),
                           ("person", term("great person"))):
            item(30, self.say(what), lambda px, py, k=kind: toolkit.paste(d, marker_chip(k, "", None, 30, 16),
                                                                          (px, py - 8)))
        item(16, self.say(term("blockade")), lambda px, py: d.rectangle((px, py - 7, px + 15, py + 7),
                                                                        outline=BLOCKADE, width=3))
        item(18, self.say(term("disaster marker")), lambda px, py: disaster_corner(d, px + 17, py + 9, 18, "desert"))
        return y + 16

    # -- market and battle, under the map
    def heading(self, x: int, y: int, text: str, w: int, note: str = "") -> int:
        text = text[:1].upper() + text[1:]
        used = say_fit(self.d, (x, y + 12), text, 20, w, TEXT, True, anchor="lm", min_size=14)
        if note:
            say_fit(self.d, (x + used + 12, y + 13), note, 15, w - used - 12, TEXT_DIM, anchor="lm", min_size=11)
        return y + 30

    def chips(self, x: int, y: int, w: int, items: list[tuple], size: int = 14, h: int = 22) -> int:
        """Chips (text, fill, ink[, coins]) left to right, wrapping; returns the y under them. A
        chip with coins (coin tokens on a tech card) ends with a coin token showing the count."""
        cx = x
        for label, fill, ink, *more in items:
            coins = _int(more[0]) if more else 0
            extra = h + 2 if coins else 0
            cw = min(w, tw(label, size, True) + 12 + extra)
            if cx > x and cx + cw > x + w:
                cx, y = x, y + h + 4
            toolkit.round_box(self.d, (cx, y, cx + cw - 1, y + h - 1), radius=5, fill=fill)
            say_fit(self.d, (cx + (cw - extra) / 2, y + h / 2), label, size, cw - 8 - extra, ink, True, anchor="mm",
                    min_size=9)
            if coins:
                paste_centred(self.d, icon_token("coin", coins, h // 2 - 1), cx + cw - extra / 2 - 1, y + h / 2)
            cx += cw + 5
        return y + h + 4 if items else y

    def wonder_row(self, x: int, y: int, w: int, wid: str, obsolete: bool) -> int:
        """A wonder of a civilization: a gold chip with its name (grey, struck through, when
        obsolete), its ability wrapped beside it; returns the y under the row."""
        d, lang = self.d, self.lang
        name = named("wonders", wid, lang)
        chip_w = min(tw(name, 13, True) + 14, w // 2 - 20)
        fill = OBSOLETE if obsolete else WONDER
        toolkit.round_box(d, (x, y, x + chip_w - 1, y + 19), radius=5, fill=fill)
        say_fit(d, (x + chip_w / 2, y + 10), name, 13, chip_w - 8, CARD_INK, True, anchor="mm", min_size=9)
        if obsolete:
            d.line((x + 4, y + 10, x + chip_w - 5, y + 10), fill=BLOCKADE, width=2)
        tx, text_w = x + chip_w + 8, w - chip_w - 8
        ability = card_text("wonders", wid, "ability", lang)
        if obsolete:
            label = self.say(term("obsolete"))
            lw = say_fit(d, (tx, y + 10), label, ABILITY_SIZE, text_w, BLOCKADE, True, anchor="lm", min_size=10)
            tx, text_w = tx + lw + 8, text_w - lw - 8
        bottom = draw_wrapped(d, (tx, y + 10 - ABILITY_LINE / 2), ability, ABILITY_SIZE, text_w,
                              TEXT_DIM if obsolete else TEXT, max_lines=3, line_height=ABILITY_LINE)
        return max(y + 24, bottom + 5)

    def draw_market(self, top: int) -> int:
        d, lang, view = self.d, self.lang, self.view
        x, w = MARGIN, LEFT_W
        decks = view.get("decks") or {}
        y = self.heading(x, top, self.say(term("market board")), w)
        wonder_items = []
        for wid in decks.get("wonder_market") or []:
            rec = _record("wonders", str(wid))
            wonder_items.append((f"{named('wonders', wid, lang)} {_int(rec.get('cost'))}", WONDER, CARD_INK))
        say_fit(d, (x, y + 11), self.say(term("wonder")), 15, 110, TEXT_DIM, anchor="lm", min_size=10)
        y = self.chips(x + 116, y, w - 116, wonder_items or [(self.say(Msg("none")), PANEL, TEXT_DIM)])
        pairs = decks.get("buildings") or {}
        building_items = [(f"{named('buildings', bid, lang)} {_int(n)}", BUILDING, CARD_INK)
                          for bid, n in sorted(pairs.items())]
        say_fit(d, (x, y + 11), self.say(term("building")), 15, 110, TEXT_DIM, anchor="lm", min_size=10)
        y = self.chips(x + 116, y, w - 116, building_items or [(self.say(Msg("none")), PANEL, TEXT_DIM)])
        res = decks.get("resources") or {}
        res_items = [(f"{resource_name(r, lang)} {_int(n)}", RESOURCE.get(r, NEUTRAL), INK)
                     for r, n in sorted(res.items())]
        say_fit(d, (x, y + 11), self.say(term("resource")), 15, 110, TEXT_DIM, anchor="lm", min_size=10)
        y = self.chips(x + 116, y, w - 116, res_items or [(self.say(Msg("none")), PANEL, TEXT_DIM)])
        piles = [Msg("{pile}: {n}", pile=term("hut marker"), n=_count(view.get("hut_pile"))),
                 Msg("{pile}: {n}", pile=term("village marker"), n=_count(view.get("village_pile"))),
                 Msg("{pile}: {n}", pile=term("great person"), n=_count(decks.get("great_people"))),
                 Msg("{pile}: {n}", pile=term("wonder card"), n=_count(decks.get("wonders")))]
        say_fit(d, (x, y + 10), " · ".join(self.say(p) for p in piles), 15, w, TEXT_DIM, anchor="lm", min_size=10)
        return y + 24

    def draw_battle(self, top: int) -> int:
        b = self.view.get("battle")
        if not isinstance(b, dict):
            return top
        d, lang = self.d, self.lang
        x, w = MARGIN, LEFT_W
        y = top + 8
        sq = str(b.get("square") or "?")
        title = self.say(Msg("Battle at {square}", square=sq))
        toolkit.round_box(d, (x, y, x + w - 1, y + 34), radius=8, fill=_mix(BATTLE, PANEL, 0.75))
        say_fit(d, (x + 12, y + 17), title, 20, w // 2, TEXT, True, anchor="lm", min_size=13)
        if b.get("step") == "loot":
            say_fit(d, (x + w - 12, y + 17), self.say(step_text(self.view)), 16, w // 2 - 20, TEXT, anchor="rm",
                    min_size=11)
            return y + 44
        seats = b.get("seats") or {}
        turn = b.get("turn")
        plays = {"attacker": Msg("attacker plays"), "defender": Msg("defender plays")}.get(turn)
        if plays:
            say_fit(d, (x + w - 12, y + 17), self.say(plays), 16, w // 2 - 20, GOLD, True, anchor="rm", min_size=11)
        y += 44
        col = (w - 60) // 2
        bonus = b.get("bonus_card") if isinstance(b.get("bonus_card"), dict) else None
        for k, side in enumerate(("attacker", "defender")):
            sx = x + k * (col + 60)
            seat = seats.get(side)
            if side == "defender" and b.get("barbarian"):
                who = self.say(term("barbarians"))
                colour = NEUTRAL
            else:
                who = self.say(Seat(seat)) if is_seat(seat) else "?"
                colour = seat_colour(seat)
            d.rectangle((sx, y, sx + 8, y + 44), fill=colour)
            head = f"{self.say(term(side))} · {who}"
            say_fit(d, (sx + 16, y + 10), head, 17, col - 16, TEXT, True, anchor="lm", min_size=11)
            hand = _count((b.get("hands") or {}).get(side))
            line = self.say(Msg("{what}: {n}", what=term("battle hand"), n=hand))
            if bonus and bonus.get("side") == side:
                line += " · " + self.say(Msg("{what} +{value}", what=term("combat bonus"),
                                                 value=_int(bonus.get("value"))))
            say_fit(d, (sx + 16, y + 33), line, 15, col - 16, TEXT_DIM, anchor="lm", min_size=10)
        y += 54
        ranks = b.get("ranks") or {}
        fronts = [f for f in b.get("fronts") or [] if isinstance(f, dict)]
        if not fronts:
            say_fit(d, (x + 16, y + 12), self.say(Msg("no cards yet")), 16, w - 32, TEXT_DIM, anchor="lm")
            return y + 30
        for i, front in enumerate(fronts):
            d.ellipse((x + w // 2 - 14, y + 6, x + w // 2 + 14, y + 34), fill=PANEL, outline=PANEL_EDGE, width=2)
            toolkit.text(d, (x + w // 2, y + 20), str(i + 1), font=font(16, True), fill=TEXT, anchor="mm")
            for k, side in enumerate(("attacker", "defender")):
                sx = x + k * (col + 60)
                unit = front.get(side)
                if isinstance(unit, dict) and unit.get("card"):
                    units = self.view.get("unit_cards") or {}
                    rank = _int((ranks.get(side) or {}).get(unit_card_type(units, unit["card"])), 1)
                    toolkit.paste(d, unit_bar(units, unit["card"], rank, _int(unit.get("wounds")), lang, col),
                                  (sx, y))
                else:
                    toolkit.round_box(d, (sx, y, sx + col - 1, y + 39), radius=6, outline=PANEL_EDGE)
            y += 46
        destroyed = b.get("destroyed") or {}
        lost = [self.say(Msg("{what}: {n}", what=term(side), n=len(destroyed.get(side) or [])))
                for side in ("attacker", "defender")]
        head = self.say(term("front")) + " · " + self.say(Msg("destroyed"))
        say_fit(d, (x + 16, y + 10), f"{head}: {' · '.join(lost)}", 14, w - 32, TEXT_DIM, anchor="lm",
                min_size=10)
        return y + 26

    # -- the panel
    def draw_header(self, top: int) -> int:
        d, view = self.d, self.view
        x, w = PANEL_X, PANEL_W
        notes = self.header_notes()
        toolkit.round_box(d, (x, top, x + w - 1, top + 92 + 24 * len(notes)), radius=10, fill=PANEL)
        title = self.say(Msg("Turn {turn}", turn=_int(view.get("turn"), 1)))
        phase = self.say(phase_text(view))
        used = say_fit(d, (x + 14, top + 22), title, 24, w // 2, TEXT, True, anchor="lm", min_size=15)
        say_fit(d, (x + 28 + used, top + 23), phase, 20, w - used - 42, GOLD, True, anchor="lm", min_size=12)
        step = self.say(step_text(view))
        say_fit(d, (x + 14, top + 54), step, 18, w - 28, TEXT, anchor="lm", min_size=11)
        first = view.get("first")
        if is_seat(first):
            say_fit(d, (x + 14, top + 78), self.say(Msg("{what}: {player}", what=term("first player"),
                                                        player=Seat(first))), 15, w - 28, TEXT_DIM, anchor="lm",
                    min_size=10)
        for k, (note, colour) in enumerate(notes):
            ny = top + 102 + 24 * k
            d.ellipse((x + 14, ny - 4, x + 22, ny + 4), fill=colour)
            say_fit(d, (x + 30, ny), note, 16, w - 44, colour, True, anchor="lm", min_size=10)
        return top + 102 + 24 * len(notes)

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

    def draw_civ(self, top: int, seat: int, area: dict) -> int:
        d, lang = self.d, self.lang
        x, w = PANEL_X, PANEL_W
        colour = seat_colour(seat)
        start = top
        y = top
        # the band: player, civilization, government
        d.rectangle((x, y, x + w - 1, y + 30), fill=_mix(colour, PANEL, 0.35))
        d.rectangle((x, y, x + 6, y + 30), fill=colour)
        civ = civ_name(area.get("civ"), lang)
        gov = government_name(area.get("government"), lang)
        right = f"{civ} · {gov}" if gov else civ
        rw = min(tw(right, 15, True), w // 2)
        say_fit(d, (x + w - 8, y + 15), right, 15, rw, WHITE, True, anchor="rm", min_size=10)
        say_fit(d, (x + 14, y + 15), self.names[seat], 19, w - rw - 30, WHITE, True, anchor="lm", min_size=12)
        y += 34
        # the civilization's special ability
        ability = card_text("civilizations", area.get("civ"), "ability", lang)
        if ability:
            y = draw_wrapped(d, (x + 10, y), ability, ABILITY_SIZE, w - 20, seat_light(seat), max_lines=4,
                             line_height=ABILITY_LINE) + 4
        else:
            y += 2
        # trade dial 0-27
        tracks = self.view.get("tracks") or {}
        trade, trade_max = _int(area.get("trade")), max(_int(tracks.get("trade")), 1)
        label = self.say(term("trade"))
        lw = say_fit(d, (x + 8, y + 8), label, 14, 90, TEXT_DIM, anchor="lm", min_size=10)
        bx, bw = x + 14 + max(lw, 60), w - 74 - max(lw, 60)
        d.rectangle((bx, y + 3, bx + bw, y + 13), fill=BACKGROUND, outline=PANEL_EDGE)
        d.rectangle((bx, y + 3, bx + round(bw * min(trade, trade_max) / trade_max), y + 13), fill=ICON["trade"])
        toolkit.text(d, (x + w - 8, y + 8), f"{trade}/{trade_max}", font=font(14, True), fill=TEXT, anchor="rm")
        y += 20
        # culture track 0-21
        level, last = _int(area.get("culture_level")), max(_int(tracks.get("culture")), 1)
        label = self.say(term("culture track"))
        lw = say_fit(d, (x + 8, y + 8), label, 14, 90, TEXT_DIM, anchor="lm", min_size=10)
        bx, bw = x + 14 + max(lw, 60), w - 74 - max(lw, 60)
        cell = bw / last
        for i in range(last):
            fill = ICON["culture"] if i < level else BACKGROUND
            d.rectangle((bx + i * cell, y + 3, bx + (i + 1) * cell - 2, y + 13), fill=fill)
            if i in (6, 13):
                d.line((bx + (i + 1) * cell - 1, y, bx + (i + 1) * cell - 1, y + 16), fill=TEXT_DIM)
        toolkit.text(d, (x + w - 8, y + 8), f"{level}/{last}", font=font(14, True), fill=TEXT, anchor="rm")
        y += 22
        # coins, culture tokens, standing forces, culture hand
        cx = x + 8
        for kind, n in (("coin", _int(area.get("coins"))), ("culture", _int(area.get("culture_tokens")))):
            paste_centred(d, icon_token(kind, 0, 8), cx + 9, y + 9)
            toolkit.text(d, (cx + 21, y + 9), str(n), font=font(16, True), fill=TEXT, anchor="lm")
            cx += 28 + tw(str(n), 16, True) + 10
        counts = [Msg("{what}: {n}", what=term("standing forces"), n=_count(area.get("standing_forces"))),
                  Msg("{what}: {n}", what=term("culture event"), n=_count(area.get("culture_hand")))]
        say_fit(d, (cx, y + 9), " · ".join(self.say(c) for c in counts), 15, x + w - 8 - cx, TEXT, anchor="lm",
                min_size=10)
        y += 24
        # ranks
        ranks = area.get("ranks") or {}
        cx = x + 8
        for kind in ("artillery", "infantry", "mounted", "aircraft"):
            label = f"{unit_type_name(kind, lang)} {_int(ranks.get(kind))}"
            cw = tw(label, 13, True) + 10
            toolkit.round_box(d, (cx, y, cx + cw - 1, y + 19), radius=4, fill=_mix(UNIT_TYPE[kind], PANEL, 0.35))
            draw_text(d, (cx + cw / 2, y + 10), label, 13, WHITE, True, anchor="mm")
            cx += cw + 5
        y += 25
        # resources: market tokens, face-down ones
        items = [(resource_name(r, lang), RESOURCE.get(r, NEUTRAL), INK) for r in area.get("resources") or []
                 if isinstance(r, str)]
        hidden = _count(area.get("hidden_resources"))
        if hidden:
            items.append((self.say(Msg("{n} face down", n=hidden)), _mix(HUT, PANEL, 0.3), INK))
        say_fit(d, (x + 8, y + 10), self.say(term("resource")), 13, 70, TEXT_DIM, anchor="lm", min_size=9)
        y = self.chips(x + 82, y, w - 90, items or [(self.say(Msg("none")), PANEL, TEXT_DIM)], 13, 20)
        # unbuilt figures
        unbuilt = area.get("unbuilt") or {}
        line = self.say(Msg("{what}: {items}", what=term("unbuilt"), items=[
            Msg("{thing} {n}", thing=term(k), n=_int(unbuilt.get(k))) for k in ("army", "scout", "city")]))
        say_fit(d, (x + 8, y + 9), line, 14, w - 16, TEXT_DIM, anchor="lm", min_size=10)
        y += 22
        # buildings on the map (the civilization's own markers), then great people on the sheet
        owned: dict[str, int] = {}
        for b in (self.view.get("buildings") or {}).values():
            if isinstance(b, dict) and b.get("owner") == seat and b.get("id"):
                owned[str(b["id"])] = owned.get(str(b["id"]), 0) + 1
        extra = [(f"{named('buildings', bid, lang)} ×{n}" if n > 1 else named("buildings", bid, lang), BUILDING, CARD_INK)
                 for bid, n in sorted(owned.items())]
        extra += [(named("great_people", g, lang), PERSON, CARD_INK) for g in area.get("great_people") or []]
        if extra:
            y = self.chips(x + 8, y, w - 16, extra, 13, 20)
        # wonders: the name, its ability (an obsolete one greyed, marked as such)
        obsolete = obsolete_wonders(self.view)
        for wid in area.get("wonders") or []:
            y = self.wonder_row(x + 8, y, w - 16, str(wid), str(wid) in obsolete)
        # the tech pyramid
        techs = [t for t in area.get("techs") or [] if isinstance(t, dict)]
        rows: dict[int, list[str]] = {}
        for t in techs:
            rows.setdefault(_int(t.get("row"), tech_level(str(t.get("id")))), []).append(str(t.get("id")))
        coins = card_coins(area)
        for row in range(1, 6):
            chips = [(tech_name(t, lang), TECH_LEVEL.get(tech_level(t), NEUTRAL), INK, coins.get(t, 0))
                     for t in rows.get(row, [])]
            draw_text(d, (x + 8, y + 9), ROMAN[row], 13, TEXT_DIM, True, anchor="lm")
            if chips:
                y = self.chips(x + 34, y, w - 42, chips, 12, 18)
            else:
                d.line((x + 34, y + 9, x + w - 10, y + 9), fill=PANEL_EDGE)
                y += 20
        y += 4
        toolkit.round_box(d, (x, start, x + w - 1, y), radius=0, outline=_mix(colour, PANEL, 0.5), width=1)
        return y + 10

    def render(self) -> bytes:
        view = self.view
        y = self.draw_map(MARGIN)
        y = self.draw_key(y)
        y = self.draw_market(y + 6)
        left = self.draw_battle(y)
        right = self.draw_header(MARGIN)
        for seat, area in enumerate(seats_of(view)):
            right = self.draw_civ(right, seat, area)
        self.height = max(left, right) + MARGIN
        return PALETTE.png(self.img.crop((0, 0, WIDTH, min(self.height, self.img.height))))


def unit_bar(units: dict, card: str, rank: int, wounds: int, lang: str, w: int) -> Image.Image:
    """A unit in a battle front: its type's colour, name at the owner's rank, strength and wounds
    (`units`: the view's "unit_cards")."""
    kind = unit_card_type(units, card)
    name = unit_card_name(units, card, rank, lang)
    strength = unit_strength(units, card, rank)
    h = 40

    def paint(c: toolkit.Canvas) -> None:
        colour = UNIT_TYPE.get(kind, NEUTRAL)
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=6, fill=CARD, outline=colour, width=3)
        c.rounded_rectangle((0, 0, 40, h - 1), radius=6, fill=colour)
        toolkit.text(c, (20, h / 2), str(strength), font=font(22, True), fill=WHITE, anchor="mm")
        say_fit(c, (50, h / 2), name, 16, w - 120, CARD_INK, True, anchor="lm", min_size=10)
        for i in range(min(wounds, 12)):
            c.ellipse((w - 14 - (i % 6) * 11, 8 + (i // 6) * 13, w - 5 - (i % 6) * 11, 17 + (i // 6) * 13),
                      fill=BLOCKADE, outline=INK)
    return toolkit.drawn(("civ.unitbar", card, rank, wounds, lang, w), (w, h), paint)


def render_board(view: dict, names=None, lang: str = "en") -> bytes:
    """The public board as PNG bytes, its words in `lang`. Reads only public keys."""
    board = _Board(view, names, lang)
    png = board.render()
    if board.height > CANVAS_H:   # a long panel: drawn again on a canvas that holds it
        png = _Board(view, names, lang, min(board.height, TALL)).render()
    return png
