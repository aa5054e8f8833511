"""A Battalia player's own cards as a PNG (render_hand): every card drawn as a card.

The picture holds what the private view gives its owner (engine/battalia/views.py): the hand,
the Ambush, the pitched Tents with the cards stationed on them, the Formation an opponent showed
him, the Sanctuary's cards and the Realm's size (its cards only while his Horn searches it).

- A card is a card: its faction's colour in a frame, the faction's emblem (a pine, a wave, a
  flame, a cloud: told apart by shape, so also in grayscale), a coin on Supply and a star on a
  Great Artifact; a unit's rank in big figures, an artifact's type with what it does in a short
  line, its battle strength ("+1"), a ribbon for the uses left of an illuminated artifact or the
  type a card acts as this turn.
- The hand is held the way a player holds it: units by faction (then by rank), then the
  artifacts, the Great Artifact and Supply; each card has its name under it as the engine
  labels it (ids are never drawn).
- Ambush, Tents and a shown Formation are rows of smaller cards; the Sanctuary (and the Realm
  while the Horn searches it) are counts by kind, each with its faction's colour and emblem.

It draws only what the view carries: a card's name is its label, what an artifact does is the
`effect` the view gives each card of the hand; the rank and strength printed on a card are the
game's card data.

Discord shows the picture about 550 px wide: the width (730 px, five hand cards to a row) keeps
every text at least 12 px (9 px there). Card faces are kept sprites (toolkit.drawn), keyed by
every input.

`hand_content(view)` is everything of the view the picture draws: equal contents, equal bytes.
"""
from __future__ import annotations

import math
from typing import Any

from PIL import Image, ImageDraw

from engine.battalia.data import ARTIFACT_TYPES, GREAT_TYPES, UNIT_TYPES, cards
from engine.text import Msg, Seat
from render import toolkit
from render.battalia.palette import (BG, CARD_BG, FACTION, FACTION_SHORT, GREY, INK, WHITE, card_label, names_for,
                                     type_term)
from render.common import draw_text, fit_text, font, text_width, words, wrap_text

RGB = tuple[int, int, int]

WIDTH = 730                     # five hand cards to a row; every text at least 12 px (9 px at 550)
MARGIN = 20
HEADER_H = 92
HEAD_H = 44                     # a section's heading
CARD_W, CARD_H = 128, 180       # a hand card
CARD_GAP, GROUP_GAP = 8, 22     # between cards, between groups (one faction's units, the artifacts, ...)
CAPTION = 18                    # the card's name under it (bold), two lines at most
CAPTION_H = 2 * (CAPTION + 4) + 8
MINI_W, MINI_H = 96, 128        # Ambush, Tent, Formation cards
MINI_GAP = 12                   # between small cards (room for their names)
MINI_CAPTION = 15
MINI_CAPTION_H = 2 * (MINI_CAPTION + 3) + 6
CHIP_H = 40                     # a Sanctuary / Realm count
ROW_GAP = 12

FACTION_ORDER = ["G", "B", "R", "Y"]
TYPE_ORDER = UNIT_TYPES + ARTIFACT_TYPES + GREAT_TYPES + ["supply"]

# colours of this picture (the factions' come from the palette)
GREAT_COLOUR = (140, 60, 160)
SUPPLY_COLOUR = (120, 100, 70)
USES_RIBBON = (200, 150, 30)
AS_RIBBON = (40, 40, 40)
RULE = (190, 185, 170)
USED_VEIL = (200, 200, 200)
HEAD_BAND = (60, 55, 50)
GOLD_FIGURE = (175, 115, 0)

# a card's body, its faint emblem
TINTS: dict[Any, RGB] = {f: toolkit.mix(c, WHITE, 0.84) for f, c in FACTION.items() if f is not None}
TINTS["*"] = toolkit.mix(GREAT_COLOUR, WHITE, 0.84)
TINTS[None] = toolkit.mix(SUPPLY_COLOUR, WHITE, 0.84)
FAINTS: dict[Any, RGB] = {f: toolkit.mix(c, WHITE, 0.55) for f, c in FACTION.items() if f is not None}
FAINTS["*"] = toolkit.mix(GREAT_COLOUR, WHITE, 0.55)
FAINTS[None] = toolkit.mix(SUPPLY_COLOUR, WHITE, 0.55)
PALETTE = toolkit.Palette(toolkit.colours_in(FACTION, TINTS, FAINTS, GOLD_FIGURE, BG, CARD_BG, INK, GREY, WHITE,
                                             GREAT_COLOUR, SUPPLY_COLOUR, USES_RIBBON, AS_RIBBON, RULE, USED_VEIL,
                                             HEAD_BAND))


# ----------------------------------------------------------------------------- what is drawn

def _viewer(view: dict) -> Any:
    seat = view.get("viewer")
    return seat if isinstance(seat, int) and 0 <= seat < len(view.get("players", [])) else None


def _horn_realm(view: dict) -> list:
    """The Realm's cards while the owner's Horn searches it (only his view has them)."""
    pend = view.get("pending") or {}
    if pend.get("kind") == "horn" and pend.get("seat") == view.get("viewer"):
        return pend.get("realm") or []
    return []


def hand_content(view: dict) -> tuple:
    """Everything of a private view that `render_hand` draws: two views with the same content
    make the same picture, so the bot sends the one it drew before."""
    seat = _viewer(view)
    me = view["players"][seat] if seat is not None else None
    return (seat, me and me["faction"], me and me["tents"], view.get("hand", []), view.get("ambush", []),
            view.get("formation_seen"), view.get("realm_count", 0), view.get("sanctuary", []), _horn_realm(view))


def _group(c: dict) -> tuple:
    """Where a card sits in a held hand: units by faction and rank, artifacts, Great Artifacts, Supply."""
    t, f = c.get("type"), c.get("faction")
    faction = FACTION_ORDER.index(f) if f in FACTION_ORDER else len(FACTION_ORDER)
    kind = TYPE_ORDER.index(t) if t in TYPE_ORDER else len(TYPE_ORDER)
    if t in UNIT_TYPES:
        return (0, faction), (kind,)
    if t in ARTIFACT_TYPES:
        return (1, 0), (kind, faction)
    if t in GREAT_TYPES:
        return (2, 0), (kind,)
    return (3, 0), (kind, faction)


def _strength(t: Any) -> int:
    data = cards()
    if t in data["units"]:
        return data["units"][t]["strength"]
    if t in data["artifacts"]:
        return data["artifacts"][t]["strength"]
    return 0


def _colour(f: Any) -> RGB:
    if f == "*":
        return GREAT_COLOUR
    if f in FACTION:
        return FACTION[f] if f is not None else SUPPLY_COLOUR
    return SUPPLY_COLOUR


def _tint(f: Any) -> RGB:
    return TINTS.get(f if f in TINTS else None)


def _faint(f: Any) -> RGB:
    return FAINTS.get(f if f in FAINTS else None)


def _band_ink(f: Any) -> RGB:
    """Emblem and words on the faction's band: white, dark on the light gold of the Cloud Clan."""
    return INK if f == "Y" else WHITE


def _figure_ink(f: Any) -> RGB:
    """A unit's rank on the card's light body: the faction's colour, darker where it is light."""
    return GOLD_FIGURE if f == "Y" else _colour(f)


# ----------------------------------------------------------------------------- emblems

SS = 4  # emblems are drawn this many times larger, then scaled down (smooth edges)


def _emblem_shape(d: ImageDraw.ImageDraw, f: Any, s: int, ink: RGB, back: RGB) -> None:
    """The faction's emblem filling an s×s square: pine (G), wave (B), flame (R), cloud (Y),
    coin (Supply), star (a Great Artifact)."""
    if f == "G":   # a pine: three stacked triangles on a trunk
        d.rectangle((s * 0.43, s * 0.72, s * 0.57, s * 0.98), fill=ink)
        for top, bottom, half in ((0.02, 0.36, 0.24), (0.20, 0.56, 0.34), (0.38, 0.78, 0.46)):
            d.polygon([(s / 2, s * top), (s / 2 + s * half, s * bottom), (s / 2 - s * half, s * bottom)], fill=ink)
    elif f == "B":  # three waves
        w = max(2, round(s * 0.12))
        for row in (0.24, 0.52, 0.80):
            pts = [(s * (0.04 + 0.92 * i / 24), s * row + s * 0.10 * math.sin(i / 24 * 2 * math.pi * 1.5))
                   for i in range(25)]
            d.line(pts, fill=ink, width=w, joint="curve")
            for x, y in (pts[0], pts[-1]):
                d.ellipse((x - w / 2, y - w / 2, x + w / 2, y + w / 2), fill=ink)
    elif f == "R":  # a flame with a hollow heart
        def flame(cx: float, base: float, r: float, height: float) -> list:
            pts = []
            for i in range(41):
                a = math.pi * i / 20  # round bottom from the right, up to a point
                if a <= math.pi:
                    pts.append((cx + r * math.cos(a), base - r + r * math.sin(a)))
            tip = (cx + r * 0.25, base - height)
            left = [(cx - r + (tip[0] - cx + r) * t ** 1.6, base - r - (height - r) * t) for t in
                    (i / 12 for i in range(13))]
            right = [(cx + r - (cx + r - tip[0]) * t ** 0.7, base - r - (height - r) * t) for t in
                     (i / 12 for i in range(13))]
            return pts + left + right[::-1]
        d.polygon(flame(s * 0.5, s * 0.98, s * 0.34, s * 0.98), fill=ink)
        d.polygon(flame(s * 0.5, s * 0.90, s * 0.14, s * 0.48), fill=back)
    elif f == "Y":  # a cloud: three puffs on a flat base
        for cx, cy, r in ((0.30, 0.58, 0.20), (0.54, 0.44, 0.26), (0.76, 0.60, 0.18)):
            d.ellipse((s * (cx - r), s * (cy - r), s * (cx + r), s * (cy + r)), fill=ink)
        d.rounded_rectangle((s * 0.08, s * 0.56, s * 0.94, s * 0.80), radius=s * 0.12, fill=ink)
    elif f == "*":  # a star
        pts = []
        for i in range(10):
            r = s * (0.49 if i % 2 == 0 else 0.20)
            a = -math.pi / 2 + i * math.pi / 5
            pts.append((s / 2 + r * math.cos(a), s * 0.53 + r * math.sin(a)))
        d.polygon(pts, fill=ink)
    else:           # Supply: a coin
        d.ellipse((s * 0.06, s * 0.06, s * 0.94, s * 0.94), fill=ink)
        d.ellipse((s * 0.22, s * 0.22, s * 0.78, s * 0.78), fill=back)
        d.ellipse((s * 0.36, s * 0.36, s * 0.64, s * 0.64), fill=ink)


def _emblem(f: Any, size: int, ink: RGB, back: RGB) -> Image.Image:
    """The emblem as an RGBA sprite (transparent around it)."""
    def make() -> Image.Image:
        big = Image.new("L", (size * SS, size * SS), 0)
        _emblem_shape(ImageDraw.Draw(big), f, size * SS, 255, 0)
        mask = big.resize((size, size), Image.Resampling.LANCZOS)
        part = Image.new("RGBA", (size, size), ink + (0,))
        part.putalpha(mask)
        return part
    return toolkit.sprite(("battalia_hand.emblem", f, size, ink, back), make)


def _paste_emblem(draw: toolkit.Canvas, f: Any, xy: tuple[int, int], size: int, ink: RGB, back: RGB) -> None:
    toolkit.paste(draw, _emblem(f, size, ink, back), xy)


# ----------------------------------------------------------------------------- card faces

def _text(draw, xy, text: str, size: int, fill, bold: bool = False, anchor: str = "la") -> None:
    draw_text(draw, xy, text, size, fill, bold, anchor)


def _centred_fit(draw, cx: float, cy: float, text: str, size: int, width: int, fill, bold: bool = True,
                 min_size: int = 12) -> None:
    """text centred on (cx, cy), made smaller (down to min_size) and then cut to fit width."""
    while size > min_size and text_width(text, size, bold) > width:
        size -= 1
    _text(draw, (cx, cy), fit_text(text, size, width, bold), size, fill, bold, "mm")


def _face(c: dict, w: int, h: int, texts: dict, lang: str) -> Image.Image:
    """A card's face: a frame and band in its faction's colour, emblem, strength, rank or type
    and effect, and a ribbon (uses left, or the type it acts as)."""
    t, f = c.get("type"), c.get("faction")
    colour, tint = _colour(f), _tint(f)
    mini = w < CARD_W
    band = 30 if mini else 42
    key = ("battalia_hand.face", w, h, t, f, tuple(sorted(texts.items())), lang)

    def paint(d: toolkit.Canvas) -> None:
        d.rounded_rectangle((0, 0, w - 1, h - 1), radius=9 if mini else 11, fill=colour, outline=INK, width=2)
        d.rounded_rectangle((5, band, w - 6, h - 6), radius=6 if mini else 8, fill=tint)
        e = band - 8
        _paste_emblem(d, f, (6, 4), e, _band_ink(f), colour)
        if texts.get("faction"):
            room = w - e - 16 - (band if texts.get("strength") else 0)
            _text(d, (e + 12, band // 2), fit_text(texts["faction"], 17, room, True), 17, _band_ink(f), True, "lm")
        if texts.get("strength"):
            r = band // 2 - 3
            toolkit.disc(d, (w - r - 6, band // 2), r, WHITE, outline=INK, width=1, label=texts["strength"],
                         font=font(15 if mini else 19, True), ink=INK)
        body_top, body_bottom = band + 4, h - 8
        ribbon = texts.get("ribbon")
        if ribbon:
            body_bottom -= 26 if not mini else 20
        cx = w // 2
        if t in UNIT_TYPES:
            numeral = 44 if mini else 62
            mid = body_top + (body_bottom - body_top) * (0.40 if not mini else 0.42)
            _text(d, (cx, mid), texts["rank"], numeral, _figure_ink(f), True, "mm")
            _centred_fit(d, cx, body_bottom - (10 if mini else 16), texts["name"], 16 if mini else 22, w - 12,
                         INK, True, 12)
        else:
            size = 17 if mini else 18 if t in GREAT_TYPES else 21
            lines = wrap_text(texts["name"], size, w - 14, True, max_lines=2 if mini or t in GREAT_TYPES else 1)
            y = body_top + 6
            for line in lines:
                _centred_fit(d, cx, y + size // 2 + 1, line, size, w - 14, INK, True, 12)
                y += size + 4
            effect = texts.get("effect")
            if effect and not mini:
                esize = 13 if t in GREAT_TYPES else 15
                room = max(1, (body_bottom - y - 4) // (esize + 4))
                y += 4
                for line in wrap_text(effect, esize, w - 16, False, max_lines=min(room, 5)):
                    _text(d, (cx, y + esize // 2), line, esize, GREY, False, "mm")
                    y += esize + 4
            mark = 28 if mini else 38
            if body_bottom - y >= mark + 8:  # room left: the emblem, faint, as on a printed card
                _paste_emblem(d, f, (cx - mark // 2, body_bottom - mark - 6), mark, _faint(f), tint)
        if ribbon:
            rh = 22 if not mini else 17
            y0 = h - 7 - rh
            fill = AS_RIBBON if texts.get("acts") else USES_RIBBON
            d.rounded_rectangle((5, y0, w - 6, h - 7), radius=5, fill=fill)
            _centred_fit(d, cx, y0 + rh // 2, ribbon, 15 if not mini else 12, w - 16, WHITE, True, 12)
        if texts.get("used"):
            veil = Image.new("RGBA", (w, h), USED_VEIL + (170,))
            d.image.alpha_composite(veil, (0, 0))
            d2 = toolkit.canvas(d.image)
            d2.rounded_rectangle((8, h // 2 - 18, w - 9, h // 2 + 18), radius=6, fill=INK)
            _centred_fit(d2, cx, h // 2, texts["used"], 18 if not mini else 14, w - 20, WHITE, True, 12)
        # keep the round corners transparent, whatever was painted
        corners = Image.new("L", (w, h), 0)
        ImageDraw.Draw(corners).rounded_rectangle((0, 0, w - 1, h - 1), radius=9 if mini else 11, fill=255)
        alpha = d.image.getchannel("A")
        d.image.putalpha(Image.composite(alpha, corners, corners))

    return toolkit.drawn(key, (w, h), paint)


def _card_texts(c: dict, say, mini: bool, hand: bool) -> dict:
    """The words on a card's face, in the reader's language."""
    t = c.get("type")
    texts = {"name": say(type_term(t)) if t else "?"}
    if not mini and c.get("faction") in FACTION_SHORT:
        texts["faction"] = say(FACTION_SHORT[c["faction"]])
    if t in UNIT_TYPES:
        texts["rank"] = str(cards()["units"][t]["rank"])
    else:
        strength = _strength(t)
        if strength:
            texts["strength"] = f"+{strength}"  # a number, the same in every language
        if not mini and c.get("effect"):
            texts["effect"] = say(c["effect"])
    if hand:
        if c.get("acts_as"):
            texts["ribbon"] = f"{say(Msg('as →'))} {say(type_term(c['acts_as']))}"
            texts["acts"] = "1"
        elif c.get("uses_left", 1) > 1:
            texts["ribbon"] = say(Msg("{n} uses", n=c["uses_left"]))
        if c.get("uses_left", 1) == 0:
            texts["used"] = say(Msg("used"))
    return texts


def _caption(c: dict, lang: str, names) -> str:
    """The card's name as the engine labels it, without its id; a card the view names by type
    and faction only (a Formation shown) gets its name from those."""
    if c.get("label"):
        return card_label(c, lang, names)
    t = c.get("type")
    return words(type_term(t), lang, names) if t else ""


def _draw_card(draw: toolkit.Canvas, x: int, y: int, c: dict, say, lang: str, names, mini: bool = False,
               hand: bool = False, caption_w: int | None = None) -> None:
    w, h = (MINI_W, MINI_H) if mini else (CARD_W, CARD_H)
    toolkit.paste(draw, _face(c, w, h, _card_texts(c, say, mini, hand), lang), (x, y))
    size = MINI_CAPTION if mini else CAPTION
    label = _caption(c, lang, names)
    cw = caption_w or (w + MINI_GAP - 6 if mini else w + CARD_GAP)
    lines = wrap_text(label, size, cw, True, max_lines=2)
    if len(lines) > 1 and text_width(label, size - 2, True) <= cw:  # one line, a little smaller
        lines, size = [label], size - 2
    elif len(lines) > 1 and len(lines[-1].strip()) == 1:  # never one character alone on a line
        size -= 1
        lines = wrap_text(label, size, cw, True, max_lines=2)
    while lines and lines[-1].endswith("…") and size > 13:  # a word too long for the line: smaller
        size -= 1
        lines = wrap_text(label, size, cw, True, max_lines=2)
    for k, line in enumerate(lines):
        _text(draw, (x + w // 2, y + h + 4 + k * (size + (3 if mini else 4))), line, size, INK, True, "ma")


# ----------------------------------------------------------------------------- layout

def _flow(groups: list[list], item_w: int, gap: int, group_gap: int, width: int) -> list[list[tuple[int, Any]]]:
    """Rows of (x, item): groups one after another, a group moved whole to the next row when it
    does not fit (a group wider than a row is split)."""
    rows: list[list[tuple[int, Any]]] = [[]]
    x = 0
    for group in groups:
        need = len(group) * item_w + (len(group) - 1) * gap
        if rows[-1]:
            start = x + group_gap
            if start + need > width and need <= width:
                rows.append([])
                start = 0
        else:
            start = 0
        x = start
        for item in group:
            if rows[-1] and x + item_w > width:
                rows.append([])
                x = 0
            rows[-1].append((x, item))
            x += item_w + gap
        x -= gap
    return [r for r in rows if r] or [[]]


def _chips(counted: list[tuple[Any, Any, int]], say) -> list[tuple[int, Any, Any, int, str]]:
    """(width, faction, type, count, text) of each count chip."""
    out = []
    for f, t, n in counted:
        text = f"{n}× {say(type_term(t))}" if t else f"{n}"
        out.append((CHIP_H + 10 + int(text_width(text, 19, True)) + 12, f, t, n, text))
    return out


def _chip_rows(chips: list, width: int) -> list[list[tuple[int, Any]]]:
    rows: list[list[tuple[int, Any]]] = [[]]
    x = 0
    for chip in chips:
        if rows[-1] and x + chip[0] > width:
            rows.append([])
            x = 0
        rows[-1].append((x, chip))
        x += chip[0] + 10
    return rows


def _counted(cards_: list[dict]) -> list[tuple[Any, Any, int]]:
    counts: dict[tuple, int] = {}
    for c in cards_:
        key = (c.get("faction"), c.get("type"))
        counts[key] = counts.get(key, 0) + 1
    order = sorted(counts, key=lambda k: _group({"faction": k[0], "type": k[1]}))
    return [(f, t, counts[(f, t)]) for f, t in order]


def _draw_chip(draw: toolkit.Canvas, x: int, y: int, chip) -> None:
    w, f, _t, _n, text = chip
    colour = _colour(f)
    toolkit.round_box(draw, (x, y, x + w - 1, y + CHIP_H - 1), radius=8, fill=_tint(f), outline=colour, width=2)
    toolkit.round_box(draw, (x, y, x + CHIP_H - 1, y + CHIP_H - 1), radius=8, fill=colour)
    _paste_emblem(draw, f, (x + 5, y + 5), CHIP_H - 10, _band_ink(f), colour)
    _text(draw, (x + CHIP_H + 10, y + CHIP_H // 2), text, 19, INK, True, "lm")


# ----------------------------------------------------------------------------- the picture

def place_rows(rows, y: int, row_h: int, draw_one) -> int:
    """Draw rows of (x, item) with `draw_one(x, y, item)`, each row `row_h` below the last; the
    y under them."""
    for row in rows:
        for x, item in row:
            draw_one(MARGIN + x, y, item)
        y += row_h
    return y


def render_hand(view: dict, names=None, lang: str = "en") -> bytes:
    names = names_for(names, lang)

    def say(text) -> str:
        return words(text, lang, names)

    seat = _viewer(view)
    me = view["players"][seat] if seat is not None else None
    hand = list(view.get("hand", []))
    amb = list(view.get("ambush", []))
    tents = me["tents"] if me else []
    sanct = list(view.get("sanctuary", []))
    shown = view.get("formation_seen") or []
    realm = _horn_realm(view)
    inner = WIDTH - 2 * MARGIN

    # ---- layout first, so the picture is as tall as it needs
    grouped: dict[tuple, list] = {}
    for c in sorted(hand, key=lambda c: _group(c)):
        grouped.setdefault(_group(c)[0], []).append(c)
    hand_rows = _flow(list(grouped.values()), CARD_W, CARD_GAP, GROUP_GAP, inner) if hand else []
    amb_rows = _flow([amb], MINI_W, MINI_GAP, GROUP_GAP, inner) if amb else []
    # a Tent: its card, then the cards stationed on it, on a panel
    tent_groups = [[t["tent"]] + list(t["cards"]) for t in tents]
    tent_rows: list = []
    tent_w = [20 + len(g) * MINI_W + (len(g) - 1) * MINI_GAP for g in tent_groups]
    if tents:
        tent_rows, x = [[]], 0
        for g, w in zip(tent_groups, tent_w):
            if tent_rows[-1] and x + w > inner:
                tent_rows.append([])
                x = 0
            tent_rows[-1].append((x, (g, w)))
            x += w + GROUP_GAP
    shown_rows = [(s, _flow([s["cards"]], MINI_W, MINI_GAP, GROUP_GAP, inner)) for s in shown]
    sanct_chips = _chip_rows(_chips(_counted(sanct), say), inner) if sanct else []
    realm_chips = _chip_rows(_chips(_counted(realm), say), inner) if realm else []

    card_row_h = CARD_H + CAPTION_H + ROW_GAP
    mini_row_h = MINI_H + MINI_CAPTION_H + ROW_GAP
    chip_row_h = CHIP_H + 10
    height = HEADER_H + 10
    height += HEAD_H + (len(hand_rows) * card_row_h if hand else 50)
    if amb:
        height += HEAD_H + len(amb_rows) * mini_row_h
    if tents:
        height += HEAD_H + len(tent_rows) * (mini_row_h + 16)
    for _s, rows in shown_rows:
        height += HEAD_H + len(rows) * mini_row_h
    height += HEAD_H + (len(sanct_chips) * chip_row_h if sanct else 36)
    height += HEAD_H + (len(realm_chips) * chip_row_h if realm else chip_row_h)
    height += MARGIN

    img = Image.new("RGB", (WIDTH, height), BG)
    d = toolkit.canvas(img)

    # ---- header: whose cards, with the faction's colour and emblem
    d.rectangle((0, 0, WIDTH, HEADER_H - 8), fill=HEAD_BAND)
    x = MARGIN
    if me and me.get("faction"):
        colour = _colour(me["faction"])
        toolkit.round_box(d, (x, 14, x + 56, 70), radius=10, fill=colour, outline=WHITE, width=2)
        _paste_emblem(d, me["faction"], (x + 8, 22), 40, _band_ink(me["faction"]), colour)
        x += 70
    title = say(Msg("{player} · your cards", player=Seat(seat))) if seat is not None else say(Msg("Hand"))
    _text(d, (x, 30), fit_text(title, 30, WIDTH - MARGIN - x, True), 30, WHITE, True, "lm")
    counts = say(Msg("Realm {realm} · Sanctuary {sanctuary} · Ambush {ambush}", realm=view.get("realm_count", 0),
                     sanctuary=len(sanct), ambush=len(amb)))
    _text(d, (x, 64), fit_text(counts, 21, WIDTH - MARGIN - x), 21, RULE, False, "lm")
    y = HEADER_H + 10

    def heading(text: str, y: int) -> int:
        d.line((MARGIN, y + 4, WIDTH - MARGIN, y + 4), fill=RULE, width=2)
        _text(d, (MARGIN, y + 10), fit_text(text, 26, inner, True), 26, INK, True)
        return y + HEAD_H

    # ---- the hand
    y = heading(say(Msg("Hand ({n})", n=len(hand))), y)
    if not hand:
        _text(d, (MARGIN, y + 8), say(Msg("No cards in hand.")), 22, GREY)
        y += 50
    y = place_rows(hand_rows, y, card_row_h, lambda x, y, c: _draw_card(d, x, y, c, say, lang, names, hand=True))

    # ---- Ambush, Tents, a Formation shown to this player: smaller cards
    def mini_rows(rows, y: int) -> int:
        return place_rows(rows, y, mini_row_h, lambda x, y, c: _draw_card(d, x, y, c, say, lang, names, mini=True))

    if amb:
        y = mini_rows(amb_rows, heading(say(Msg("Ambush ({n})", n=len(amb))), y))
    if tents:
        y = heading(say(Msg("Tents ({n})", n=len(tents))), y)
        for row in tent_rows:
            for x, (g, w) in row:
                x0 = MARGIN + x
                toolkit.round_box(d, (x0, y, x0 + w - 1, y + mini_row_h + 4), radius=10, fill=CARD_BG,
                                  outline=RULE, width=2)
                cx = x0 + 10
                for k, c in enumerate(g):
                    _draw_card(d, cx, y + 8, c, say, lang, names, mini=True)
                    if k == 0 and len(g) > 1:  # the stationed cards sit on the Tent
                        d.line((cx + MINI_W + 1, y + 8 + MINI_H // 2, cx + MINI_W + MINI_GAP - 1,
                                y + 8 + MINI_H // 2), fill=INK, width=3)
                    cx += MINI_W + MINI_GAP
            y += mini_row_h + 16
    for s, rows in shown_rows:
        y = mini_rows(rows, heading(say(Msg("{player}'s Formation", player=Seat(s["by"]))), y))
    # ---- Sanctuary and Realm: counts by kind
    y = heading(say(Msg("Sanctuary ({n})", n=len(sanct))), y)
    if not sanct:
        _text(d, (MARGIN, y + 4), say(Msg("empty")), 22, GREY)
        y += 36
    y = place_rows(sanct_chips, y, chip_row_h, lambda x, y, chip: _draw_chip(d, x, y, chip))
    y = heading(say(Msg("Realm ({n})", n=view.get("realm_count", 0))), y)
    if realm:
        y = place_rows(realm_chips, y, chip_row_h, lambda x, y, chip: _draw_chip(d, x, y, chip))
    else:  # face down: a stack of card backs with its size
        n = view.get("realm_count", 0)
        for k in range(min(3, max(n, 1)) - 1, -1, -1):
            toolkit.round_box(d, (MARGIN + 6 * k, y + 6 * k // 2, MARGIN + 6 * k + 29, y + 6 * k // 2 + CHIP_H - 4),
                              radius=5, fill=HEAD_BAND if n else RULE, outline=RULE, width=1)
        _text(d, (MARGIN + 54, y + CHIP_H // 2), str(n), 22, INK, True, "lm")
    return PALETTE.png(img)
