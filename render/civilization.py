"""Civilization pictures: the public board (render_board) and a player's private hand
(render_hand, in render/civilization_hand.py).

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

The map (engine.civilization.board reads the view as it reads the state: tiles, markers, cities,
figures are public keys):
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

from functools import lru_cache
from typing import Any

from PIL import Image

from engine.civilization import board as geo
from engine.civilization import combat, data
from engine.text import Msg, Seat, plural
from render import toolkit
from render.common import draw_text, draw_wrapped, font, is_seat, needs_fallback, say_fit, words
from render.common import seat_names as _names, seat_views as seats_of, text_px as tw, whole as _int
from render.toolkit import paste_centred, star

GAME = "civilization"
RGB = tuple[int, int, int]
ROMAN = {1: "I", 2: "II", 3: "III", 4: "IV", 5: "V"}
TRADE_MAX = 27
CULTURE_TRACK = 21

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

WIDTH = 1240
MARGIN = 16
SQ = 48
TILE = geo.SIZE
COORD = 24                     # the coordinate band left of and above the map
MAP_X = MARGIN + COORD
MAP_W = 16 * SQ
LEFT_W = COORD + MAP_W         # the left column (map with its coordinates, key, market, battle)
PANEL_X = MARGIN + LEFT_W + MARGIN
PANEL_W = WIDTH - PANEL_X - MARGIN
MAX_PNG_BYTES = 300_000
ABILITY_SIZE, ABILITY_LINE = 14, 18   # a card's ability in the panel: 6 px at Discord's preview
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


def unit_card_name(card: str, rank: int, lang: str) -> str:
    try:
        return words(combat.unit_name(card, rank), lang)
    except Exception:
        return str(card)


def unit_card_type(card: str) -> str:
    try:
        return combat.card_type(card)
    except Exception:
        return ""


def unit_strength(card: str, rank: int) -> int:
    try:
        return combat.strength(card, rank)
    except Exception:
        return 0


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


def icon_token(kind: str, count: int, r: int = 8) -> Image.Image:
    """An icon with its count inside."""
    size = 2 * r + 5

    def paint(c: toolkit.Canvas) -> None:
        icon_shape(c, kind, size / 2 - 0.5, size / 2 - 0.5, r)
        if count:
            toolkit.text(c, (size / 2, size / 2), str(count), font=font(max(9, r + 3), True),
                         fill=ICON_INK.get(kind, INK), anchor="mm")
    return toolkit.drawn(("civ.icon", kind, count, r), (size, size), paint)


def resource_mark(res: str, lang: str) -> str:
    """A resource's mark: its name's first two letters (Iron "Ir", Incense "In"), or its last
    Chinese character (鐵, 香)."""
    name = resource_name(res, lang)
    return name[-1:] if needs_fallback(name) else name[:2].title()


def resource_chip(res: str, lang: str, h: int = 16) -> Image.Image:
    """A resource: a chip of its colour with its mark."""
    mark = resource_mark(res, lang)
    w = max(h, tw(mark, h - 5, True) + 5)

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


def army_token(seat: Any, count: int, r: int = 11) -> Image.Image:
    """An army: a shield in the owner's colour, with the count when more than one."""
    w, h = 2 * r + 2, 2 * r + 4

    def paint(c: toolkit.Canvas) -> None:
        pts = [(1, 1), (w - 2, 1), (w - 2, h * 0.55), (w / 2, h - 2), (1, h * 0.55)]
        c.polygon(pts, fill=seat_colour(seat), outline=INK)
        c.line(pts + [pts[0]], fill=INK, width=2)
        if count > 1:
            toolkit.text(c, (w / 2, h * 0.42), str(count), font=font(r + 3, True), fill=WHITE, anchor="mm",
                         stroke_width=2, stroke_fill=INK)
        else:
            c.line((w * 0.3, h * 0.25, w * 0.7, h * 0.62), fill=WHITE, width=2)
            c.line((w * 0.7, h * 0.25, w * 0.3, h * 0.62), fill=WHITE, width=2)
    return toolkit.drawn(("civ.army", seat, count, r), (w, h), paint)


def scout_token(seat: Any, count: int, r: int = 8) -> Image.Image:
    """A scout: a disc in the owner's colour, a white rim, the count when more than one."""
    size = 2 * r + 2

    def paint(c: toolkit.Canvas) -> None:
        c.ellipse((0, 0, size - 1, size - 1), fill=INK)
        c.ellipse((2, 2, size - 3, size - 3), fill=seat_colour(seat), outline=WHITE, width=2)
        if count > 1:
            toolkit.text(c, (size / 2, size / 2), str(count), font=font(r + 3, True), fill=WHITE, anchor="mm",
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


def marker_chip(kind: str, mark: str, owner: Any, w: int = SQ - 8, h: int = 18) -> Image.Image:
    """A building (pale), wonder (gold) or great person (violet) marker with its initials, rimmed
    in the owner's colour; an obsolete wonder (kind "obsolete") grey, its initials struck through."""
    fill = {"building": BUILDING, "wonder": WONDER, "person": PERSON, "obsolete": OBSOLETE}[kind]

    def paint(c: toolkit.Canvas) -> None:
        c.rounded_rectangle((0, 0, w - 1, h - 1), radius=5, fill=seat_colour(owner))
        c.rounded_rectangle((2, 2, w - 3, h - 3), radius=4, fill=fill)
        say_fit(c, (w / 2, h / 2), mark, 12, w - 6, CARD_INK, True, anchor="mm", min_size=9)
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
        x = 3
        for kind, n in icons:
            part = icon_token(kind, n, 7)
            c.image.alpha_composite(part, (x, SQ - part.height - 2))
            x += part.width - 1
        if resource:
            chip = resource_chip(resource, lang, 16)
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


def tile_back() -> Image.Image:
    """A face-down tile: a blue-grey back with a diagonal weave and a compass rose."""
    k = TILE * SQ

    def paint(c: toolkit.Canvas) -> None:
        c.rectangle((0, 0, k - 1, k - 1), fill=BACK)
        for i in range(-k, k, 16):
            c.line((i, 0, i + k, k), fill=BACK_LINE, width=1)
            c.line((i + k, 0, i, k), fill=BACK_LINE, width=1)
        m = k / 2
        c.ellipse((m - 40, m - 40, m + 40, m + 40), fill=BACK, outline=_mix(BACK_LINE, WHITE, 0.3), width=3)
        star(c, m, m, 34, _mix(BACK_LINE, WHITE, 0.25), BACK)
    return toolkit.drawn(("civ.back", k), (k, k), paint)


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


def map_size(view: dict) -> tuple[int, int]:
    m = view.get("map") or {}
    return _int(m.get("width"), 16), _int(m.get("height"), 8 if players_of(view) <= 2 else 16)


def blockaded_squares(view: dict) -> set[tuple[int, int]]:
    out = set()
    try:
        for city in view.get("cities") or []:
            for x, y in geo.outskirts(view, city["x"], city["y"]):
                if geo.blockaded(view, x, y, city["owner"]):
                    out.add((x, y))
    except (KeyError, TypeError):
        pass
    return out


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
        for t in tiles:
            tx, ty = x0 + _int(t.get("x")) * SQ, y0 + _int(t.get("y")) * SQ
            if not t.get("face_up") or not t.get("tile"):
                toolkit.paste(d, tile_back(), (tx, ty))
                continue
            for row in range(TILE):
                for col in range(TILE):
                    x, y = _int(t.get("x")) + col, _int(t.get("y")) + row
                    try:
                        sq = geo.square(view, x, y)
                    except (KeyError, ValueError, IndexError):
                        sq = None
                    lbl = geo.label(x, y)
                    try:
                        yields = geo.yields(view, x, y)
                    except (KeyError, ValueError, IndexError):
                        yields = None
                    city = geo.city_at(view, x, y)
                    if yields is None or city is not None:
                        icons = tuple((k, sq["icons"][k]) for k in geo.ICONS if sq and sq["icons"].get(k)) \
                            if city is None and sq else ()
                        res = sq.get("resource") if sq and city is None else None
                    else:
                        icons = tuple((k, yields[k]) for k in geo.ICONS if yields.get(k))
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
            d.rectangle((tx, ty, tx + TILE * SQ - 1, ty + TILE * SQ - 1), outline=TILE_EDGE, width=2)
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
            xy = geo.parse_label(lbl)
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
            xy = geo.parse_label(str(b.get("square") or ""))
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
                lbl = geo.label(x, y)
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
        for kind in geo.ICONS:
            item(16, self.say(term(kind)), lambda px, py, k=kind: paste_centred(d, icon_token(k, 0, 7), px + 8, py))
        x, y = MAP_X, y + 24
        for res in geo.RESOURCES:
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
                    rank = _int((ranks.get(side) or {}).get(unit_card_type(unit["card"])), 1)
                    toolkit.paste(d, unit_bar(unit["card"], rank, _int(unit.get("wounds")), lang, col),
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
        trade = _int(area.get("trade"))
        label = self.say(term("trade"))
        lw = say_fit(d, (x + 8, y + 8), label, 14, 90, TEXT_DIM, anchor="lm", min_size=10)
        bx, bw = x + 14 + max(lw, 60), w - 74 - max(lw, 60)
        d.rectangle((bx, y + 3, bx + bw, y + 13), fill=BACKGROUND, outline=PANEL_EDGE)
        d.rectangle((bx, y + 3, bx + round(bw * min(trade, TRADE_MAX) / TRADE_MAX), y + 13), fill=ICON["trade"])
        toolkit.text(d, (x + w - 8, y + 8), f"{trade}/{TRADE_MAX}", font=font(14, True), fill=TEXT, anchor="rm")
        y += 20
        # culture track 0-21
        level = _int(area.get("culture_level"))
        label = self.say(term("culture track"))
        lw = say_fit(d, (x + 8, y + 8), label, 14, 90, TEXT_DIM, anchor="lm", min_size=10)
        bx, bw = x + 14 + max(lw, 60), w - 74 - max(lw, 60)
        cell = bw / CULTURE_TRACK
        for i in range(CULTURE_TRACK):
            fill = ICON["culture"] if i < level else BACKGROUND
            d.rectangle((bx + i * cell, y + 3, bx + (i + 1) * cell - 2, y + 13), fill=fill)
            if i in (6, 13):
                d.line((bx + (i + 1) * cell - 1, y, bx + (i + 1) * cell - 1, y + 16), fill=TEXT_DIM)
        toolkit.text(d, (x + w - 8, y + 8), f"{level}/{CULTURE_TRACK}", font=font(14, True), fill=TEXT, anchor="rm")
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


def unit_bar(card: str, rank: int, wounds: int, lang: str, w: int) -> Image.Image:
    """A unit in a battle front: its type's colour, name at the owner's rank, strength and wounds."""
    kind = unit_card_type(card)
    name = unit_card_name(card, rank, lang)
    strength = unit_strength(card, rank)
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

from render.civilization_hand import hand_content, render_hand  # noqa: E402,F401
