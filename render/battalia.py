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

from typing import Any

from PIL import Image, ImageDraw

from engine.battalia.data import GREAT_TYPES, cards
from engine.text import Msg, Seat, from_json, plural, term
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

# colours drawn only in one place below (lines, banners, outlines)
OTHER_COLOURS = [(120, 115, 105), (120, 120, 120), (120, 30, 30), (120, 40, 20), (140, 60, 160), (150, 0, 0),
                 (190, 185, 170), (200, 150, 30), (255, 255, 255), (30, 90, 40), (40, 40, 40), (60, 60, 60),
                 (70, 70, 70), (0, 0, 0)]
# the fixed palette: every colour of the pictures, and the blends antialiasing makes between them
PALETTE = toolkit.Palette(toolkit.colours_in(TERRAIN, FACTION, ROAD, ROAD_EDGE, NEUTRAL_BOX, RUINS_BOX, EMPTY_SQUARE,
                                     REMOVED_SQUARE, IMPASSABLE_SQUARE, CROSS, BG, CARD_BG, ACTIVE_BG, INK, GREY,
                                     ORACLE, OTHER_COLOURS))


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


def _draw_tile(d: ImageDraw.ImageDraw, view: dict, sq: str, tile: dict) -> None:
    x, y = _xy(sq)
    x0, y0 = MARGIN + x * CELL, MARGIN + y * CELL
    cx, cy = x0 + CELL // 2, y0 + CELL // 2
    half = CELL * 27 // 100
    d.rectangle([x0 + 1, y0 + 1, x0 + CELL - 1, y0 + CELL - 1], fill=TERRAIN[tile.get("terrain")])
    exits = [(e + tile.get("rot", 0)) % 4 for e in EXITS[tile["kind"]][tile["shape"]]]
    w = CELL // 7
    for colour, width in ((ROAD_EDGE, w + 4), (ROAD, w)):  # a road with a thin dark edge shows on any land
        for e in exits:
            dx, dy = DIRS[e]
            d.line([cx, cy, cx + dx * CELL // 2, cy + dy * CELL // 2], fill=colour, width=width)
        if tile["kind"] == "road":
            r = width // 2
            d.ellipse([cx - r, cy - r, cx + r, cy + r], fill=colour)
    if tile["kind"] == "ruins":
        _box(d, cx, cy, half, RUINS_BOX, _ruins_text(tile), (255, 255, 255), 32, width=3)
    elif tile["kind"] == "city":
        txt, col = _city_text(tile)
        _box(d, cx, cy, half, _owner_colour(view, tile.get("owner")), txt, col, 34)


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
    for y in range(7):
        for x in range(7):
            sq = f"{'abcdefg'[x]}{y + 1}"
            x0, y0 = MARGIN + x * CELL, MARGIN + y * CELL
            box = [x0, y0, x0 + CELL, y0 + CELL]
            if sq in removed:
                d.rectangle(box, fill=REMOVED_SQUARE, outline=(70, 70, 70))
            elif sq in impassable:
                _cross(d, box, CELL // 7)
            else:
                d.rectangle(box, fill=EMPTY_SQUARE, outline=(190, 185, 170))
    for sq, tile in view["board"].items():
        _draw_tile(d, view, sq, tile)
    for i in range(8):
        d.line([MARGIN, MARGIN + i * CELL, MARGIN + 7 * CELL, MARGIN + i * CELL], fill=(120, 115, 105), width=2)
        d.line([MARGIN + i * CELL, MARGIN, MARGIN + i * CELL, MARGIN + 7 * CELL], fill=(120, 115, 105), width=2)
    # heroes: one numbered disc per figure, in the cell corners
    corner: dict[str, int] = {}
    r, off = 19, 23
    for p in view["players"]:
        for i, sq in enumerate(p["heroes"]):
            if not sq:
                continue
            k = corner.get(sq, 0)
            corner[sq] = k + 1
            x, y = _xy(sq)
            hx = MARGIN + x * CELL + (off if k % 2 == 0 else CELL - off)
            hy = MARGIN + y * CELL + (off if k % 4 < 2 else CELL - off)
            if k >= 4:
                hx, hy = MARGIN + x * CELL + CELL // 2, MARGIN + y * CELL + off
            _hero(d, hx, hy, r, FACTION[p["faction"]], i + 1)


KEY_ROW = 48                          # height of one row of the key under the map
KEY_ICON = 50                         # width kept for a symbol of the key


def _key_entries(view: dict) -> list[tuple[str, object, Msg]]:
    """What the symbols on this map mean, as (kind, what to draw, text): only the symbols the map shows
    now (and always cities, heroes and the Ruins), with the numbers it shows."""
    tiles = view["board"].values()
    out: list[tuple[str, object, Msg]] = []
    if any(t["kind"] == "city" and t.get("owner") is None for t in tiles):
        out.append(("city", (NEUTRAL_BOX, "?", INK), Msg("starting city, not yet chosen")))
    for dfc in sorted({t.get("defence") for t in tiles if t["kind"] == "city" and t.get("owner") == "neutral"}):
        out.append(("city", (NEUTRAL_BOX, f"N{dfc}", INK), Msg("neutral city, defence {defence}", defence=dfc)))
    for t in tiles:
        if t["kind"] == "ruins":
            if t.get("defence"):
                out.append(("ruins", _ruins_text(t), Msg("the Ruins, defence {defence}", defence=t["defence"])))
            else:
                out.append(("ruins", _ruins_text(t), Msg("the Ruins, a city of every player")))
    colours = [FACTION[p["faction"]] for p in view["players"] if p.get("faction")] or [FACTION[None]]
    out.append(("city", (colours[0], "2", (255, 255, 255)), Msg("a player's city, level 2")))
    if any(t["kind"] == "city" and t.get("owner") == "empty" for t in tiles):
        out.append(("city", (NEUTRAL_BOX, "0", INK), Msg("empty city: a hero may claim it")))
    out.append(("hero", colours[-1], Msg("a player's hero (1 or 2)")))
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
    return 8 + rows * KEY_ROW + (KEY_ROW if _key_lands(view) else 0) + 6


def _draw_key(d: ImageDraw.ImageDraw, view: dict, y: int, lang: str = "en") -> int:
    """The key to the map's symbols, in two columns, and a line of land colours; returns its height."""
    body = (22, False)
    entries = _key_entries(view)
    y0 = y + 8
    half = 19
    for i, (kind, what, text) in enumerate(entries):
        x = PAD + (i % 2) * (COL_W + PAD)
        cy = y0 + (i // 2) * KEY_ROW + KEY_ROW // 2
        cx = x + KEY_ICON // 2 - 4
        if kind == "city":
            fill, txt, col = what
            _box(d, cx, cy, half, fill, txt, col, 21 if len(txt) > 1 else 24, width=3)
        elif kind == "ruins":
            _box(d, cx, cy, half, RUINS_BOX, what, (255, 255, 255), 24, width=3)
        elif kind == "hero":
            _hero(d, cx, cy, 19, what, 1, size=22)
        elif kind == "cross":
            _cross(d, [cx - half, cy - half, cx + half, cy + half], 6, width=4)
        else:
            d.rectangle([cx - half, cy - half, cx + half, cy + half], fill=REMOVED_SQUARE, outline=(70, 70, 70))
        _text(d, (x + KEY_ICON, cy), _fit(words(text, lang), body, COL_W - KEY_ICON), body, INK, anchor="lm")
    y = y0 + -(-len(entries) // 2) * KEY_ROW
    lands = _key_lands(view)
    if lands:
        cy = y + KEY_ROW // 2
        x = PAD
        land = words(Msg("Land:"), lang)
        _text(d, (x, cy), land, body, INK, anchor="lm")
        x += int(text_width(land, *body)) + 14
        for f in lands:
            d.rectangle([x, cy - 14, x + 28, cy + 14], fill=TERRAIN[f], outline=(120, 115, 105))
            x += 36
            name = words(term(GAME, TERRAIN_NAME[f]), lang)
            _text(d, (x, cy), name, body, INK, anchor="lm")
            x += int(text_width(name, *body)) + 22
        y += KEY_ROW
    return y + 6 - (y0 - 8)


def _player_block(view: dict, p: dict, names, w: int, lang: str = "en") -> list[tuple]:
    """Lines of one player's public figures: [(text, font, colour, height)], the first line is the heading."""
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
    n = p.get("cities", 0)
    cities = say(plural("{n} city ({level4} at L4)", "{n} cities ({level4} at L4)", n=n, level4=p["level4"]))
    out.append((_fit(f"{faction} · {cities}", body, w), body, GREY, LINE))
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


def _columns(left: list, right: list) -> int:
    return max(sum(h for *_, h in left) if left else 0, sum(h for *_, h in right) if right else 0)


def _counts(counts: dict, name) -> list[str]:
    return [f"{name(t)} {n}" for t, n in counts.items()]


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
    left = [(say(Msg("Round {round} · Week {week}, Day {day}", round=o["round"], week=o["week"], day=o["day"])),
             head, INK, HEAD),
            (say(Msg("Illuminated: {artifact}", artifact=_type_term(o["illuminated"]))), bold, ORACLE, LINE),
            (say(Msg("Matched: {artifact}", artifact=_type_term(o["matched"]))), bold, ORACLE, LINE),
            (say(Msg("Supply {supply} · Void {void}", supply=pool["supply"], void=len(pool["void"]))), body, INK,
             LINE)]
    great = [say(_type_term(g)) for g in pool["great"]] or [say(Msg("none"))]
    for line in _wrap_items(_prefix(say(Msg("Great Artifacts:"))), great, body, COL_W, sep=sep):
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
    top_h = _columns(left, right)
    players = view["players"]
    blocks = [_player_block(view, p, names, COL_W - 16, lang) for p in players]
    rows = [(blocks[i], blocks[i + 1] if i + 1 < len(blocks) else []) for i in range(0, len(blocks), 2)]
    row_h = [HEAD + 8 + _columns(a, b) + 10 for a, b in rows]
    b = view.get("battle")
    battle_sides: list = []
    if b:
        for attacker, seat, total in ((True, b["attacker"], b["attacker_total"]),
                                      (False, b["defender"], b["defender_total"])):
            lines = []
            if seat is None:
                who = Msg("Guardians") if b["kind"] == "ruins" else Msg("Neutral city")
            else:
                who = Seat(seat)
            heading = Msg("Attacker: {who}", who=who) if attacker else Msg("Defender: {who}", who=who)
            lines.append((_fit(say(heading), bold, COL_W), bold, INK, LINE))
            lines.append((say(Msg("Total {total}", total=total)), head, (150, 0, 0), HEAD))
            if seat is not None:
                cards_ = [_label(c, lang, names) for c in players[seat]["line"]] or [say(Msg("no cards yet"))]
                for line in _wrap_items("", cards_, body, COL_W, indent="", sep=sep):
                    lines.append((line, body, GREY, LINE))
            battle_sides.append(lines)
    log = [_fit(say(line), body, width - 2 * PAD) for line in view.get("log", [])[-4:]]
    result = view.get("result")

    key_h = _key_height(view)
    panel_h = key_h + PAD + top_h + 14
    if result:
        panel_h += 50
    if b:
        panel_h += 44 + _columns(*battle_sides) + 14
    panel_h += sum(row_h) + 8
    if log:
        panel_h += HEAD + LINE * len(log) + 8
    height = GRID + panel_h

    img = Image.new("RGB", (width, height), BG)
    d = ImageDraw.Draw(img)
    _draw_map(d, view)

    def draw_lines(x, y, lines):
        for text, fnt, col, h in lines:
            _text(d, (x, y), text, fnt, col)
            y += h
        return y

    y = GRID
    y += _draw_key(d, view, y - 8, lang)
    d.line([PAD, y - 4, width - PAD, y - 4], fill=(190, 185, 170), width=2)
    y += 8
    if result:
        winners = [Seat(w) for w in result.get("winners") or []]
        text = Msg("Game over · winner: {winners}", winners=winners or Msg("nobody"))
        d.rectangle([PAD, y, width - PAD, y + 40], fill=(30, 90, 40))
        _text(d, (width // 2, y + 20), _fit(say(text), head, width - 3 * PAD), head, (255, 255, 255), anchor="mm")
        y += 50
    draw_lines(lx, y, left)
    draw_lines(rx, y, right)
    y += top_h + 14
    if b:
        what = {"ruins": Msg("Ruins"), "neutral": Msg("neutral city")}.get(b["kind"]) or \
            TARGET_NAMES.get(b["target"], f"{b['target']}")
        banner = Msg("BATTLE at {square} ({target}) · {stage}", square=b["square"], target=what,
                     stage=STAGE.get(b["stage"], b["stage"]))
        d.rectangle([PAD, y, width - PAD, y + 38], fill=(120, 30, 30))
        _text(d, (PAD + 10, y + 19), _fit(say(banner), head, width - 3 * PAD), head, (255, 255, 255), anchor="lm")
        y += 44
        draw_lines(lx, y, battle_sides[0])
        draw_lines(rx, y, battle_sides[1])
        y += _columns(*battle_sides) + 14
    active = set(view.get("active", []))
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
            d.rectangle([x, y + 8, x + 24, y + 32], fill=FACTION[p["faction"]], outline=INK)
            vp = say(Msg("VP {vp}", vp=p["vp"]))
            vw = text_width(vp, *head)
            name = ("▶ " if seat in active else "") + _name(names, seat, lang)
            _text(d, (x + 32, y + 6), _fit(name, head, COL_W - 44 - vw), head, INK)
            _text(d, (x + COL_W - vw, y + 6), vp, head, INK)
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


HAND_W = 600


def hand_content(view: dict) -> tuple:
    """Everything of a private view that `render_hand` draws: two views with the same content
    make the same picture, so the bot sends the one it drew before."""
    seat = view.get("viewer")
    me = view["players"][seat] if seat is not None else None
    return (seat, view.get("hand", []), view.get("ambush", []), view.get("formation_seen"), view.get("realm_count", 0),
            view.get("sanctuary", []), me and me["tents"], me and me["faction"])


def render_hand(view: dict, names=None, lang: str = "en") -> bytes:
    names = _names(names, lang)

    def say(text) -> str:
        return words(text, lang, names)

    hand = view.get("hand", [])
    amb = view.get("ambush", [])
    seat = view.get("viewer")
    me = view["players"][seat] if seat is not None else None
    tents = me["tents"] if me else []
    sanct = view.get("sanctuary", [])
    big, mid, idf = (28, True), (24, False), (24, True)
    sep = LIST_SEPARATOR.get(lang, ", ")
    row = 34
    id_w = max([text_width(c["id"], *idf) for c in hand + amb] or [0])
    text_x = int(50 + id_w + 18)
    inner = HAND_W - 2 * 18
    # lines: (kind, payload)
    entries: list[tuple] = []

    def card_text(c) -> str:
        text = _label(c, lang, names)
        if c.get("acts_as"):
            text = say(Msg("{card} as {identity}", card=text, identity=_type_term(c["acts_as"])))
        if c.get("uses_left") == 0:
            text = say(Msg("{card} (used)", card=text))
        elif c.get("uses_left", 1) > 1:
            text = say(Msg("{card} ({n} uses)", card=text, n=c["uses_left"]))
        return text

    entries.append(("head", say(Msg("Hand ({n})", n=len(hand)))))
    entries += [("card", c) for c in hand] or [("text", say(Msg("empty")))]
    if amb:
        entries.append(("head", say(Msg("Ambush ({n})", n=len(amb)))))
        entries += [("card", c) for c in amb]
    for shown in view.get("formation_seen") or []:  # R23: an opponent showed you his Formation
        entries.append(("head", _fit(say(Msg("{player}'s Formation", player=Seat(shown["by"]))), big, inner)))
        entries += [("text", line) for line in _wrap_items("", [say(c["label"]) for c in shown["cards"]], mid,
                                                           inner - 20, indent="", sep=sep)]
    if tents:
        entries.append(("head", say(Msg("Tents ({n})", n=len(tents)))))
        for t in tents:
            items = [f"{_label(c, lang, names)} [{c['id']}]" for c in t["cards"]] or [say(Msg("empty"))]
            entries += [("text", line) for line in _wrap_items(f"{t['tent']['id']}: ", items, mid, inner - 20,
                                                               sep=sep)]
    counts: dict[str, int] = {}
    for c in sanct:
        key = _label(c, lang, names)
        counts[key] = counts.get(key, 0) + 1
    entries.append(("head", say(Msg("Sanctuary ({n})", n=len(sanct)))))
    items = [f"{n}× {k}" for k, n in sorted(counts.items())] or [say(Msg("empty"))]
    entries += [("small", line) for line in _wrap_items("", items, mid, inner - 20, indent="", sep=sep)]
    text_w = HAND_W - 18 - text_x
    entries = [(k, (e, _wrap(card_text(e), mid, text_w, "  "))) if k == "card" else (k, e) for k, e in entries]
    height = 18 + 40 + 34 + sum(40 if k == "head" else row * (len(e[1]) if k == "card" else 1)
                                for k, e in entries) + 16

    img = Image.new("RGB", (HAND_W, height), BG)
    d = ImageDraw.Draw(img)
    title = say(Msg("{player} · your cards", player=Seat(seat))) if seat is not None else say(Msg("Hand"))
    if me:
        d.rectangle([18, 22, 42, 46], fill=FACTION[me["faction"]], outline=INK)
    _text(d, (50 if me else 18, 16), _fit(title, big, inner - 40), big, INK)
    _text(d, (18, 58), _fit(say(Msg("Realm {realm} · Sanctuary {sanctuary} · Ambush {ambush}",
                                    realm=view.get("realm_count", 0), sanctuary=len(sanct), ambush=len(amb))),
                            mid, inner), mid, GREY)
    y = 18 + 40 + 34
    for kind, payload in entries:
        if kind == "head":
            d.line([18, y + 4, HAND_W - 18, y + 4], fill=(190, 185, 170), width=2)
            _text(d, (18, y + 8), payload, big, INK)
            y += 40
            continue
        if kind == "card":
            c, lines = payload
            col = FACTION.get(c["faction"], (120, 120, 120)) if c["faction"] != "*" else (140, 60, 160)
            d.rectangle([20, y + 7, 40, y + 27], fill=col, outline=INK)
            toolkit.text(d, (50, y + 2), c["id"], font=font(*idf), fill=(120, 40, 20))
            for i, line in enumerate(lines):
                _text(d, (text_x, y + 2 + i * row), line, mid, INK)
            y += row * (len(lines) - 1)
        else:
            _text(d, (38, y + 2), payload, mid, INK if kind == "text" else (60, 60, 60))
        y += row
    return PALETTE.png(img)
