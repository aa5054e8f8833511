"""What both Civilization pictures share (render/civilization/board.py and hand.py import it,
never each other): the colours and geometry, component names through the game's glossary, the
unit card facts of the view, the tokens and chips both draw, and the readers of public view keys.
"""
from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image

from engine.civilization import data
from engine.text import Msg, Seat, plural
from render import toolkit
from render.common import draw_text, font, is_seat, needs_fallback, words
from render.common import seat_views as seats_of
from render.common import text_px as tw
from render.common import whole as _int
from render.toolkit import star

GAME = "civilization"
RGB = tuple[int, int, int]
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}

# ---------------------------------------------------------------------------- colours

BACKGROUND: RGB = (26, 29, 36)
PANEL: RGB = (40, 44, 54)
PANEL_EDGE: RGB = (72, 79, 94)
TEXT: RGB = (236, 238, 242)
TEXT_DIM: RGB = (160, 167, 180)
INK: RGB = (20, 22, 26)
WHITE: RGB = (255, 255, 255)
GOLD: RGB = (246, 196, 50)
GOLD_DARK: RGB = (140, 98, 14)
BATTLE: RGB = (255, 140, 20)
BLOCKADE: RGB = (235, 40, 40)
CARD: RGB = (244, 238, 224)
CARD_INK: RGB = (40, 36, 30)
CARD_GREY: RGB = (120, 112, 100)
# seats: red, violet, orange, pink (none of them a terrain's colour)
SEAT: list[RGB] = [(222, 44, 44), (142, 84, 232), (250, 150, 24), (236, 86, 176)]
SEAT_DARK: list[RGB] = [(110, 16, 16), (60, 30, 120), (126, 66, 4), (116, 26, 84)]
SEAT_LIGHT: list[RGB] = [(250, 170, 170), (206, 184, 250), (252, 204, 140), (248, 178, 222)]
NEUTRAL: RGB = (140, 140, 150)
TERRAIN: dict[str, RGB] = {"grassland": (118, 170, 84), "forest": (46, 110, 62), "mountain": (136, 124, 114),
                           "desert": (222, 198, 132), "water": (70, 132, 196)}
GRID: RGB = (30, 36, 30)
TILE_EDGE: RGB = (12, 14, 16)
BACK: RGB = (52, 62, 88)
BACK_LINE: RGB = (70, 82, 112)
ICON: dict[str, RGB] = {"trade": (255, 222, 70), "production": (150, 92, 48), "culture": (170, 86, 210),
                        "coin": (236, 160, 30)}
ICON_INK: dict[str, RGB] = {"trade": INK, "production": WHITE, "culture": WHITE, "coin": INK}
RESOURCE: dict[str, RGB] = {"silk": (236, 120, 170), "iron": (120, 140, 160), "incense": (160, 110, 70),
                            "wheat": (240, 210, 90), "spy": (60, 60, 70), "uranium": (110, 220, 90)}
HUT: RGB = (214, 176, 120)
VILLAGE: RGB = (150, 90, 50)
WALL: RGB = (190, 190, 196)
BUILDING: RGB = (238, 232, 214)
WONDER: RGB = (246, 206, 80)
OBSOLETE: RGB = (136, 132, 126)     # an obsolete wonder: its card face down, its marker greyed
PERSON: RGB = (196, 160, 240)
TECH_LEVEL: dict[int, RGB] = {1: (206, 170, 110), 2: (120, 180, 210), 3: (150, 200, 120), 4: (220, 140, 110),
                              5: (240, 220, 120)}
UNIT_TYPE: dict[str, RGB] = {"artillery": (200, 90, 60), "infantry": (70, 120, 200), "mounted": (90, 160, 80),
                             "aircraft": (150, 150, 170)}

# ---------------------------------------------------------------------------- geometry

# Discord shows a picture about 550 px wide: the board is 1100 px wide, so a 48 px square shows
# 24 px and the least text drawn anywhere on it (18 px) 9 px.
WIDTH = 1100
MARGIN = 16
SQ = 48
SMALL = 18                     # the least font size on the board (9 px at chat width)
COORD = 30                     # the coordinate band left of and above the map
MAP_X = MARGIN + COORD
MAP_W = 16 * SQ
LEFT_W = COORD + MAP_W         # the map with its coordinates
PANEL_X = MARGIN + LEFT_W + MARGIN   # the column right of the map: header, market, key
PANEL_W = WIDTH - PANEL_X - MARGIN
HALF_W = (WIDTH - 3 * MARGIN) // 2  # a block under the map (a civilization, the market, a battle)
MAX_PNG_BYTES = 300_000
TALL = 4000                    # the tallest picture drawn
CANVAS_H = 2400                # drawn on a canvas this tall (up to TALL when that is not enough), then cropped

_mix = toolkit.mix


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
def _record(collection: str, ident: str) -> dict:
    try:
        return data.by_id(collection).get(ident) or {}
    except (FileNotFoundError, KeyError, ValueError):
        return {}


def named(collection: str, ident: Any, lang: str) -> str:
    """A component's name in `lang`: its data record's name through the glossary."""
    ident = str(ident or "")
    rec = _record(collection, ident)
    english = rec.get("name") or ident.replace("_", " ").title()
    return words(term(str(english)), lang)


def tech_name(tech: str, lang: str) -> str:
    return named("techs", tech, lang)


def tech_level(tech: str) -> int:
    return _int(_record("techs", str(tech)).get("level"), 1)


def civ_name(civ: Any, lang: str) -> str:
    return named("civilizations", civ, lang) if civ else ""


def government_name(gov: Any, lang: str) -> str:
    return named("governments", gov, lang) if gov else ""


def resource_name(res: str, lang: str) -> str:
    return named("market", res, lang)


def unit_type_name(kind: str, lang: str) -> str:
    return words(term(kind), lang)


def _at_rank(values: Any, rank: int) -> Any:
    """The entry for `rank` of a per-rank list (rank 1 first), the last one past its end."""
    if not isinstance(values, list) or not values:
        return None
    return values[min(max(rank, 1), len(values)) - 1]


def unit_card_name(units: dict, card: str, rank: int, lang: str) -> str:
    """A unit card's unit at `rank` in `lang`; `units` is the view's "unit_cards"."""
    name = _at_rank((units.get(card) or {}).get("names"), rank)
    return words(term(name), lang) if isinstance(name, str) else str(card)


def unit_card_type(units: dict, card: str) -> str:
    return str((units.get(card) or {}).get("type") or "")


def unit_strength(units: dict, card: str, rank: int) -> int:
    return _int(_at_rank((units.get(card) or {}).get("strength"), rank))


def culture_kind(card: str) -> str:
    """A culture card copy's record id ("<card>.<copy>")."""
    return str(card).split(".", 1)[0]


def culture_card_name(card: str, lang: str) -> str:
    return named("culture_events", culture_kind(card), lang)


def culture_card_era(card: str) -> str:
    return str(_record("culture_events", culture_kind(card)).get("deck") or "")


def era_name(era: str, lang: str) -> str:
    return words(term(era.title()), lang) if era else ""


def card_text(collection: str, ident: Any, field: str, lang: str) -> str:
    """A card's text (a wonder's or civilization's "ability", a culture event's "effect", a tech's
    "resource_ability" or "coin_task") in `lang`, through the glossary as a component name is; ""
    when the record has none. A field holding an effect spec ({"fn": ...}) gives the record's "text"."""
    rec = _record(collection, str(ident or ""))
    value = rec.get(field)
    if isinstance(value, dict):           # a tech's resource_ability / coin_task: {"text": ...}; an
        value = value.get("text") or (rec.get("text") if "fn" in value else None)   # effect spec: the card's text
    return words(term(str(value)), lang) if isinstance(value, str) and value else ""


def obsolete_wonders(view: dict) -> set[str]:
    """The wonder ids whose marker is marked obsolete (R93): public, on the map."""
    out = set()
    for rec in (view.get("wonders_at") or {}).values():
        if isinstance(rec, dict) and rec.get("obsolete") and rec.get("id"):
            out.add(str(rec["id"]))
    return out


def card_coins(area: dict) -> dict[str, int]:
    """Coin tokens on a seat's tech cards (coin tasks): tech id -> count, the empty ones left out."""
    coins = area.get("card_coins")
    if not isinstance(coins, dict):
        return {}
    return {str(t): _int(n) for t, n in coins.items() if _int(n) > 0}


def offer_count(view: dict) -> int:
    """How many sent trade offers wait (public: never what they hold). The view's
    "offers_pending" count; failing it, the sent offers of "offers" (every seat's view holds the
    same then)."""
    if "offers_pending" in view:
        return _int(view.get("offers_pending"))
    offers = view.get("offers")
    if isinstance(offers, dict):
        offers = list(offers.values())
    if isinstance(offers, list):
        return sum(1 for o in offers if isinstance(o, dict) and o.get("status", "sent") == "sent")
    return 0


def pending_play(view: dict) -> tuple[Any, Any, list[int]] | None:
    """A play waiting for the seats that may cancel it (engine/civilization/effects.py's
    state["pending"] of kind "cancel": "seat" played "card", a culture event ("what" "event"), a
    tech's resource ability ("ability") or a city action ("city"); "waiting" the seats still to
    answer): (the player, what was played as words, the seats still to answer). None when nothing
    waits, or when the pending step is a player's own choice (kind "choose": its options are not
    drawn)."""
    p = view.get("pending")
    if not isinstance(p, dict) or p.get("kind", "cancel") != "cancel":
        return None
    player = p.get("seat")
    card = str(p.get("card") or "")
    what_kind = str(p.get("what") or "")
    if what_kind == "city":
        what: Any = Msg("a city action")
    elif what_kind == "ability" or (what_kind != "event" and _record("techs", card)):
        what = Msg("{tech}'s resource ability", tech=term(str(_record("techs", card).get("name") or card)))
    else:
        what = term(str(_record("culture_events", culture_kind(card)).get("name") or card))
    waiting = [s for s in p.get("waiting") or [] if is_seat(s)]
    return (player if is_seat(player) else None), what, waiting


_SMALL_WORDS = {"of", "the", "and", "a"}


def initials(name: str) -> str:
    """A marker's short mark: two Chinese characters, the initials of a name of several words
    ("Trading Post" TP), else its first three letters ("Library" Lib)."""
    if needs_fallback(name):
        return name[:2]
    parts = [p for p in name.replace("-", " ").split() if p.lower() not in _SMALL_WORDS] or name.split()
    if len(parts) >= 2:
        return "".join(p[0].upper() for p in parts[:3])
    return name[:3].title() if name else "?"


# ---------------------------------------------------------------------------- small drawings

def icon_shape(d, kind: str, cx: float, cy: float, r: float) -> None:
    """A map icon's shape: trade a disc, production a square, culture a diamond, coin a ringed disc."""
    colour = ICON.get(kind, NEUTRAL)
    if kind == "production":
        d.rectangle((cx - r * 0.9, cy - r * 0.9, cx + r * 0.9, cy + r * 0.9), fill=colour, outline=INK)
    elif kind == "culture":
        d.polygon([(cx, cy - r * 1.15), (cx + r * 1.15, cy), (cx, cy + r * 1.15), (cx - r * 1.15, cy)], fill=colour,
                  outline=INK)
    elif kind == "coin":
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=GOLD_DARK, width=2)
    else:
        d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=colour, outline=INK)


def icon_token(kind: str, count: int, r: int = 8, size_px: int = 0) -> Image.Image:
    """An icon with its count inside (in `size_px` px when given)."""
    size = 2 * r + 5
    px = size_px or max(9, r + 3)

    def paint(c: toolkit.Canvas) -> None:
        icon_shape(c, kind, size / 2 - 0.5, size / 2 - 0.5, r)
        if count:
            toolkit.text(c, (size / 2, size / 2 + 0.5), str(count), font=font(px, True),
                         fill=ICON_INK.get(kind, INK), anchor="mm")
    return toolkit.drawn(("civ.icon", kind, count, r, px), (size, size), paint)


def resource_mark(res: str, lang: str) -> str:
    """A resource's mark: its name's first two letters (Iron "Ir", Incense "In"), or its last
    Chinese character (鐵, 香)."""
    name = resource_name(res, lang)
    return name[-1:] if needs_fallback(name) else name[:2].title()


def resource_chip(res: str, lang: str, h: int = 16) -> Image.Image:
    """A resource: a chip of its colour with its mark."""
    mark = resource_mark(res, lang)
    w = max(h, tw(mark, max(h - 5, 1), True) + 5)

    def paint(c: toolkit.Canvas) -> None:
        colour = RESOURCE.get(res, NEUTRAL)
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=4, fill=colour, outline=INK)
        ink = INK if sum(colour) > 420 else WHITE
        draw_text(c, (w / 2, h / 2), mark, h - 5, ink, True, anchor="mm")
    return toolkit.drawn(("civ.res", res, lang, h), (w, h), paint)


def hut_token(kind: str, r: int = 11) -> Image.Image:
    """A face-down hut (a tan disc with a roof) or village (a brown square with two roofs)."""
    size = 2 * r + 2

    def paint(c: toolkit.Canvas) -> None:
        if kind == "village":
            c.rounded_rectangle((0, 0, size - 1, size - 1), radius=4, fill=VILLAGE, outline=INK, width=2)
            for dx in (-r * 0.42, r * 0.42):
                cx = size / 2 + dx
                c.polygon([(cx - r * 0.38, size / 2 + 1), (cx, size / 2 - r * 0.5), (cx + r * 0.38, size / 2 + 1)],
                          fill=CARD)
                c.rectangle((cx - r * 0.26, size / 2 + 1, cx + r * 0.26, size / 2 + r * 0.5), fill=CARD)
        else:
            c.ellipse((0, 0, size - 1, size - 1), fill=HUT, outline=INK, width=2)
            cx = size / 2
            c.polygon([(cx - r * 0.6, cy_(size, r, 0.1)), (cx, cy_(size, r, -0.55)), (cx + r * 0.6, cy_(size, r, 0.1))],
                      fill=CARD_INK)
            c.rectangle((cx - r * 0.38, cy_(size, r, 0.1), cx + r * 0.38, cy_(size, r, 0.55)), fill=CARD_INK)
    return toolkit.drawn(("civ.hut", kind, r), (size, size), paint)


def cy_(size: int, r: int, k: float) -> float:
    return size / 2 + r * k


def army_token(seat: Any, count: int, r: int = 12) -> Image.Image:
    """An army: a shield in the owner's colour, with the count when more than one."""
    w, h = 2 * r + 2, 2 * r + 4

    def paint(c: toolkit.Canvas) -> None:
        pts = [(1, 1), (w - 2, 1), (w - 2, h * 0.55), (w / 2, h - 2), (1, h * 0.55)]
        c.polygon(pts, fill=seat_colour(seat), outline=INK)
        c.line(pts + [pts[0]], fill=INK, width=2)
        if count > 1:
            toolkit.text(c, (w / 2, h * 0.42), str(count), font=font(max(SMALL, r + 3), True), fill=WHITE, anchor="mm",
                         stroke_width=2, stroke_fill=INK)
        else:
            c.line((w * 0.3, h * 0.25, w * 0.7, h * 0.62), fill=WHITE, width=2)
            c.line((w * 0.7, h * 0.25, w * 0.3, h * 0.62), fill=WHITE, width=2)
    return toolkit.drawn(("civ.army", seat, count, r), (w, h), paint)


def scout_token(seat: Any, count: int, r: int = 11) -> Image.Image:
    """A scout: a disc in the owner's colour, a white rim, the count when more than one."""
    size = 2 * r + 2

    def paint(c: toolkit.Canvas) -> None:
        c.ellipse((0, 0, size - 1, size - 1), fill=INK)
        c.ellipse((2, 2, size - 3, size - 3), fill=seat_colour(seat), outline=WHITE, width=2)
        if count > 1:
            toolkit.text(c, (size / 2, size / 2), str(count), font=font(max(SMALL, r + 3), True), fill=WHITE, anchor="mm",
                         stroke_width=2, stroke_fill=INK)
        else:
            c.ellipse((size / 2 - 2, size / 2 - 2, size / 2 + 2, size / 2 + 2), fill=WHITE)
    return toolkit.drawn(("civ.scout", seat, count, r), (size, size), paint)


def city_token(seat: Any, capital: bool, walled: bool, k: int = SQ - 10) -> Image.Image:
    """A city in its owner's colour: towers on top, a gold star on a capital, a grey frame of
    battlements for walls."""
    def paint(c: toolkit.Canvas) -> None:
        colour, dark = seat_colour(seat), seat_dark(seat)
        if walled:
            c.rectangle((0, 0, k - 1, k - 1), fill=WALL, outline=INK)
            for i in range(0, k, 8):
                c.rectangle((i, 0, i + 3, 3), fill=INK)
                c.rectangle((i, k - 4, i + 3, k - 1), fill=INK)
            inset = 5
        else:
            inset = 1
        c.rectangle((inset, inset + 6, k - 1 - inset, k - 1 - inset), fill=colour, outline=INK, width=2)
        tw_ = (k - 2 * inset) // 4
        for i in (0, 3):
            x0 = inset + i * tw_
            c.rectangle((x0, inset, x0 + tw_, inset + 10), fill=colour, outline=INK, width=2)
        c.rectangle((k / 2 - 4, k - inset - 12, k / 2 + 4, k - inset - 2), fill=dark)
        if capital:
            star(c, k / 2, k / 2 + 1, k * 0.24, GOLD, INK)
    return toolkit.drawn(("civ.city", seat, capital, walled, k), (k, k), paint)


def marker_chip(kind: str, mark: str, owner: Any, w: int = SQ, h: int = 24) -> Image.Image:
    """A building (pale), wonder (gold) or great person (violet) marker with its initials, rimmed
    in the owner's colour; an obsolete wonder (kind "obsolete") grey, its initials struck through."""
    fill = {"building": BUILDING, "wonder": WONDER, "person": PERSON, "obsolete": OBSOLETE}[kind]

    def paint(c: toolkit.Canvas) -> None:
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=5, fill=seat_colour(owner))
        c.rounded_rectangle((2, 2, w - 3, h - 3), radius=4, fill=fill)
        label = mark if tw(mark, SMALL, True) <= w - 4 else mark[:2]
        draw_text(c, (w / 2, h / 2 + 1), label, SMALL, CARD_INK, True, anchor="mm")
        if kind == "obsolete":
            c.line((3, h - 4, w - 4, 3), fill=BLOCKADE, width=3)
    return toolkit.drawn(("civ.marker", kind, mark, owner, w, h), (w, h), paint)


def square_base(sq: dict | None, icons: tuple, resource: str | None, lang: str, disaster: str = "") -> Image.Image:
    """A square's ground: its terrain, its icons along the bottom, its resource top right, a
    natural wonder's star top left; a disaster marker (the terrain it now counts as: the board
    gives it) a red-rimmed corner in that terrain's colour with a white crack."""
    terrain = (sq or {}).get("terrain", "grassland")
    wonder = bool((sq or {}).get("natural_wonder"))

    def paint(c: toolkit.Canvas) -> None:
        c.rectangle((0, 0, SQ - 1, SQ - 1), fill=TERRAIN.get(terrain, NEUTRAL), outline=GRID)
        if terrain == "forest":
            for tx, ty in ((10, 14), (22, 9), (34, 15)):
                c.polygon([(tx - 5, ty + 7), (tx, ty - 4), (tx + 5, ty + 7)], fill=_mix(TERRAIN["forest"], INK, 0.35))
        elif terrain == "mountain":
            c.polygon([(6, 26), (16, 8), (26, 26)], fill=_mix(TERRAIN["mountain"], WHITE, 0.25))
            c.polygon([(20, 26), (30, 12), (40, 26)], fill=_mix(TERRAIN["mountain"], INK, 0.2))
        elif terrain == "water":
            for wy in (12, 24):
                c.arc((8, wy - 4, 20, wy + 4), 200, 340, fill=_mix(TERRAIN["water"], WHITE, 0.4), width=2)
                c.arc((22, wy - 4, 34, wy + 4), 200, 340, fill=_mix(TERRAIN["water"], WHITE, 0.4), width=2)
        if disaster:
            disaster_corner(c, SQ - 1, SQ - 1, 20, disaster)
        x = 1
        parts = [icon_token(kind, n, 9, SMALL) for kind, n in icons]
        pitch = min(22, (SQ - 24) // max(1, len(parts) - 1)) if parts else 0
        for part in parts:
            c.image.alpha_composite(part, (x, SQ - part.height))
            x += pitch
        if resource:
            chip = resource_chip(resource, lang, 23)
            c.image.alpha_composite(chip, (SQ - chip.width - 2, 2))
        if wonder:
            star(c, 10, 10, 8, WHITE, INK)
    key = ("civ.square", terrain, icons, resource, wonder, str(disaster or ""), lang if resource else "")
    return toolkit.drawn(key, (SQ, SQ), paint)


def disaster_corner(c, right: float, bottom: float, k: int, kind: str) -> None:
    """A disaster marker: a corner triangle (right angle at (right, bottom)), red, its inside the
    colour of the side up (desert or grassland), a white crack across it."""
    inner = TERRAIN.get(str(kind), BLOCKADE)
    c.polygon([(right - k, bottom), (right, bottom - k), (right, bottom)], fill=BLOCKADE)
    c.polygon([(right - k + 7, bottom - 3), (right - 3, bottom - k + 7), (right - 3, bottom - 3)], fill=inner)
    c.line([(right - k + 9, bottom - 1), (right - k * 0.5, bottom - k * 0.45), (right - k * 0.38, bottom - k * 0.2),
            (right - 1, bottom - k + 9)], fill=WHITE, width=2)


def tile_back(tile_size: int) -> Image.Image:
    """A face-down tile of `tile_size` squares a side: a blue-grey back with a diagonal weave and
    a compass rose."""
    k = tile_size * SQ

    def paint(c: toolkit.Canvas) -> None:
        c.rectangle((0, 0, k - 1, k - 1), fill=BACK)
        for i in range(-k, k, 16):
            c.line((i, 0, i + k, k), fill=BACK_LINE, width=1)
            c.line((i + k, 0, i, k), fill=BACK_LINE, width=1)
        m = k / 2
        c.ellipse((m - 40, m - 40, m + 40, m + 40), fill=BACK, outline=_mix(BACK_LINE, WHITE, 0.3), width=3)
        star(c, m, m, 34, _mix(BACK_LINE, WHITE, 0.25), BACK)
    return toolkit.drawn(("civ.back", k), (k, k), paint)


def draw_key(d, x0: int, y: int, w: int, icons: list, lang: str, size: int) -> int:
    """The map's key from (x0, y), `w` wide, its words `size` px: the natural wonder, the icons
    (the view's layout "icons"), huts and villages, a capital, walls, army, scout, the markers,
    a blockade, a disaster marker (terrains show their own pictures). Returns the last line's
    middle y."""
    x, row = x0, size + 10
    limit = x0 + w

    def item(part_w: int, label: Any, paint) -> None:
        nonlocal x, y
        said = words(label, lang)
        width = part_w + 5 + tw(said, size) + 14
        if x > x0 and x + width - 14 > limit:
            x, y = x0, y + row
        paint(x, y)
        draw_text(d, (x + part_w + 5, y), said, size, TEXT_DIM, anchor="lm")
        x += width

    item(18, term("natural wonder"), lambda px, py: star(d, px + 9, py, 9, WHITE, INK))
    for kind in icons:
        item(18, term(kind), lambda px, py, k=kind: toolkit.paste_centred(d, icon_token(k, 0, 8), px + 9, py))
    for kind in ("hut", "village"):
        item(20, term(kind), lambda px, py, k=kind: toolkit.paste_centred(d, hut_token(k, 9), px + 10, py))
    item(20, term("capital"), lambda px, py: toolkit.paste_centred(d, city_token(None, True, False, 20), px + 10, py))
    item(20, term("City Walls"), lambda px, py: toolkit.paste_centred(d, city_token(None, False, True, 20),
                                                                     px + 10, py))
    item(20, term("army"), lambda px, py: toolkit.paste_centred(d, army_token(None, 1, 9), px + 10, py))
    item(18, term("scout"), lambda px, py: toolkit.paste_centred(d, scout_token(None, 1, 8), px + 9, py))
    for kind, what in (("building", term("building")), ("wonder", term("wonder")),
                       ("obsolete", Msg("{what}: {state}", what=term("wonder"), state=term("obsolete"))),
                       ("person", term("great person"))):
        item(30, what, lambda px, py, k=kind: toolkit.paste(d, marker_chip(k, "", None, 30, 16), (px, py - 8)))
    item(16, term("blockade"), lambda px, py: d.rectangle((px, py - 7, px + 15, py + 7), outline=BLOCKADE, width=3))
    item(18, term("disaster marker"), lambda px, py: disaster_corner(d, px + 17, py + 9, 18, "desert"))
    return y


# ---------------------------------------------------------------------------- reading the view

def players_of(view: dict) -> int:
    return _int(view.get("players"), len(seats_of(view)))


def _count(value: Any) -> int:
    """A hidden list's size: the view gives another seat's count, the owner's own list."""
    return len(value) if isinstance(value, list) else _int(value)


def research_waiting(view: dict) -> int | None:
    """How many players still choose in the secret research, or None outside it."""
    res = view.get("research")
    if view.get("phase") != "research" or not isinstance(res, dict) or "revealed" in res:
        return None
    picked = res.get("picked")
    if not isinstance(picked, int):
        picked = len(res.get("picks") or {})
    return max(0, players_of(view) - picked)


PHASES = {"start": "Start of Turn", "trade": "Trade", "city": "City Management", "movement": "Movement",
          "research": "Research"}


def phase_text(view: dict) -> Any:
    phase = view.get("phase")
    if phase in PHASES:
        return term(PHASES[phase])
    if phase == "setup":
        return Msg("Setup")
    return str(phase or "")


def step_text(view: dict) -> Any:
    """Whose step it is, from public keys only."""
    result = view.get("result")
    if result:
        winners = [Seat(w) for w in (result.get("winners") or []) if is_seat(w)]
        return Msg("Game over · winner: {winners}", winners=winners) if winners else Msg("Game over")
    b = view.get("battle")
    if isinstance(b, dict):
        if b.get("step") == "loot":
            loot = b.get("loot") or {}
            if is_seat(loot.get("winner")) and loot.get("rule") == "rulebook":   # one item (R120, R121)
                return Msg("{player} acts", player=Seat(loot["winner"]))
            if is_seat(loot.get("winner")):
                return plural("{player} spends {n} loot point", "{player} spends {n} loot points",
                              _int(loot.get("points")), player=Seat(loot["winner"]))
        seat = (b.get("seats") or {}).get(b.get("turn"))
        if is_seat(seat):
            return Msg("{player} acts", player=Seat(seat))
    waiting = research_waiting(view)
    if waiting is not None:
        return plural("Waiting for {n} player", "Waiting for {n} players", waiting)
    if view.get("phase") == "setup":
        order = (view.get("setup") or {}).get("order") or []
        if order and is_seat(order[0]):
            return Msg("{player} acts", player=Seat(order[0]))
        return ""
    seat = view.get("step_seat")
    if is_seat(seat) and view.get("phase") in ("start", "city", "movement"):
        return Msg("{player} acts", player=Seat(seat))
    return ""


def _palette() -> toolkit.Palette:
    base = toolkit.colours_in(BACKGROUND, PANEL, PANEL_EDGE, TEXT, TEXT_DIM, INK, WHITE, GOLD, GOLD_DARK, BATTLE,
                              BLOCKADE, CARD, CARD_INK, CARD_GREY, SEAT, SEAT_DARK, SEAT_LIGHT, NEUTRAL, TERRAIN,
                              GRID, TILE_EDGE, BACK, BACK_LINE, ICON, RESOURCE, HUT, VILLAGE, WALL, BUILDING, WONDER,
                              PERSON, OBSOLETE, TECH_LEVEL, UNIT_TYPE, (18, 20, 24))
    tints = [_mix(TERRAIN["forest"], INK, 0.35), _mix(TERRAIN["mountain"], WHITE, 0.25),
             _mix(TERRAIN["mountain"], INK, 0.2), _mix(TERRAIN["water"], WHITE, 0.4), _mix(BACK_LINE, WHITE, 0.3),
             _mix(BACK_LINE, WHITE, 0.25), _mix(BATTLE, PANEL, 0.75), _mix(HUT, PANEL, 0.3),
             _mix(PANEL, BACKGROUND, 0.5)]
    tints += [_mix(s, PANEL, 0.35) for s in SEAT] + [_mix(s, PANEL, 0.5) for s in SEAT]
    tints += [_mix(c, PANEL, 0.35) for c in UNIT_TYPE.values()]
    return toolkit.Palette(base + tints)


PALETTE = _palette()
