"""The map of Civilization: tiles, squares, yields, founding sites, discovery and movement.

Squares are (x, y) over the whole map, x to the right and y downwards from 0; a square's label
is its column letter and row number from 1 ((4, 2) = "E3"). Tiles are 4x4 squares, stored in
canonical orientation (data/civilization/tiles.json: orientation arrow on the bottom edge,
pointing north). A placed tile's `rotation` k turns the canonical grid clockwise k quarter
turns: canonical cell (r, c) lies at (c, 3 - r) for k = 1, so the arrow points north (0),
east (1), south (2) or west (3). A tile discovered by a figure moving in direction d gets the
rotation whose arrow points in d: its arrow's base lies against the edge next to the figure
(R68).

Everything here is a pure function over the state layout of the rules engine (state["map"],
"markers", "disasters", "cities", "figures", "buildings", "wonders_at", "great_people_at");
`build_map` and `reveal` mutate the state they are given.
"""
from __future__ import annotations

import re
import threading
from collections import deque
from contextlib import contextmanager
from functools import lru_cache
from typing import Iterable

from engine.base import Event, IllegalAction
from engine.civilization import data
from engine.rng import next_random
from engine.text import Msg, Seat

SIZE = 4                                       # a tile is SIZE x SIZE squares
TERRAINS = {"G": "grassland", "F": "forest", "M": "mountain", "D": "desert", "W": "water"}
ICONS = ("trade", "production", "culture", "coin")
RESOURCES = ("silk", "iron", "incense", "wheat")
# printed default icons per terrain (appendix G12: every base square follows them; spec G12 DD)
TERRAIN_DEFAULTS = {"grassland": {}, "forest": {"production": 2}, "mountain": {"production": 1},
                    "desert": {"trade": 1}, "water": {"trade": 1}}
ICON_CODES = {"P": "production", "T": "trade", "C": "culture", "$": "coin"}
# discovery / travel directions, clockwise from north; index = the rotation a discovery gives
DIRECTIONS = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
ROTATION_OF = {d: k for k, d in enumerate(DIRECTIONS)}
WATER_RULES = ("none", "cross", "end")         # R66: no water, Navigation, Sailing/Steam Power/Flight
STEP_COST = 1                                  # movement points per orthogonal step (R63)
DISCOVER_COST = 1                              # movement points to discover a tile (R68)
STOPS = ("hut", "village", "battle", "city", "scouts")
_LABEL = re.compile(r"^\s*([A-Za-z])\s*(\d{1,2})\s*$")
_CELL_ICON = re.compile(r"^([PTC$])(\d+)$")
WONDER_ERA_CULTURE = {"ancient": 1, "medieval": 2, "modern": 3}   # appendix G7 marker icons


# --- cell codes and tile data -----------------------------------------------------------------

def parse_cell(code: str) -> dict:
    """A cell code of tiles.json ("M P1 Iron", "G HUT", "D T1 START") as a square: terrain,
    icons {trade, production, culture, coin}, resource, hut, village, start, natural_wonder.
    A code naming no trade or production icon gets its terrain's default ones. (A fresh copy
    of the code's square, parsed once: the map asks for its squares all the time.)"""
    parsed = _parsed_cell(code)
    return {**parsed, "icons": dict(parsed["icons"])}


@lru_cache(maxsize=None)
def _parsed_cell(code: str) -> dict:
    tokens = code.split()
    if not tokens or tokens[0].upper() not in TERRAINS:
        raise ValueError(f"cell code {code!r}: no terrain")
    terrain = TERRAINS[tokens[0].upper()]
    icons = dict.fromkeys(ICONS, 0)
    sq = {"terrain": terrain, "icons": icons, "resource": None, "hut": False, "village": False,
          "start": False, "natural_wonder": False}
    given = False
    for tok in tokens[1:]:
        up = tok.upper()
        m = _CELL_ICON.match(up)
        if m:
            icons[ICON_CODES[m.group(1)]] += int(m.group(2))
            given = given or m.group(1) in "PT"
            if m.group(1) == "C":
                sq["natural_wonder"] = True
        elif tok.lower() in RESOURCES and sq["resource"] is None:
            sq["resource"] = tok.lower()
        elif up == "HUT":
            sq["hut"] = True
        elif up == "VIL":
            sq["village"] = True
        elif up == "START":
            sq["start"] = True
        else:
            raise ValueError(f"cell code {code!r}: unknown token {tok!r}")
    if not given:
        for k, v in TERRAIN_DEFAULTS[terrain].items():
            icons[k] += v
    return sq


def tiles_data() -> dict[str, dict]:
    return data.by_id("tiles")


def layout(players: int) -> dict:
    for rec in data.collection("layouts"):
        if rec["players"] == players:
            return rec
    raise ValueError(f"no map layout for {players} players")


def home_tile_of(civ: str) -> str:
    """The id of a civilization's home tile ("america" -> "H-AME")."""
    for tid, rec in tiles_data().items():
        if rec["home"] == civ:
            return tid
    raise ValueError(f"no home tile for {civ!r}")


def neutral_tile_ids() -> list[str]:
    return sorted(tid for tid, rec in tiles_data().items() if rec["home"] is None)


def rotate_cell(r: int, c: int, k: int) -> tuple[int, int]:
    """Where canonical cell (row r, column c) lies after k clockwise quarter turns."""
    for _ in range(k % 4):
        r, c = c, SIZE - 1 - r
    return r, c


def printed_cell(tile_id: str, rotation: int, row: int, col: int) -> str:
    """The cell code seen at (row, col) of a tile placed with `rotation`."""
    r, c = rotate_cell(row, col, (4 - rotation) % 4)      # undo the rotation
    return tiles_data()[tile_id]["cells"][r][c]


# --- labels and geometry ----------------------------------------------------------------------

@lru_cache(maxsize=4096)
def label(x: int, y: int) -> str:
    return f"{chr(ord('A') + x)}{y + 1}"


def parse_label(text: str) -> tuple[int, int] | None:
    """"e7" -> (4, 6); None when the text is not a column letter and a row number."""
    if not isinstance(text, str):
        return None
    m = _LABEL.match(text)
    if not m or int(m.group(2)) < 1:
        return None
    return ord(m.group(1).upper()) - ord("A"), int(m.group(2)) - 1


def _xy(where) -> tuple[int, int]:
    if isinstance(where, str):
        xy = parse_label(where)
        if xy is None:
            raise ValueError(f"not a square: {where!r}")
        return xy
    return int(where[0]), int(where[1])


_local = threading.local()


@contextmanager
def reading(state: dict):
    """While the state does not change (a computation that only reads it), `tile_at` finds a
    square's tile by where the tiles lie instead of looking through them all."""
    held = getattr(_local, "held", None)
    if held is not None and held[0] is state:
        yield
        return
    tiles = state["map"]["tiles"]
    index = None
    if all(t["x"] % SIZE == 0 and t["y"] % SIZE == 0 for t in tiles):  # a square lies on one tile's block
        index = {}
        for t in tiles:
            index.setdefault((t["x"], t["y"]), t)       # the first listed, as below
    _local.held = (state, index)
    try:
        yield
    finally:
        _local.held = held


def tile_at(state: dict, x: int, y: int) -> dict | None:
    """The placed tile (a state["map"]["tiles"] record, face up or down) holding the square."""
    held = getattr(_local, "held", None)
    if held is not None and held[0] is state and held[1] is not None:
        return held[1].get((x - x % SIZE, y - y % SIZE))
    for t in state["map"]["tiles"]:
        if t["x"] <= x < t["x"] + SIZE and t["y"] <= y < t["y"] + SIZE:
            return t
    return None


def on_map(state: dict, x: int, y: int, explored: bool = True) -> bool:
    """Whether the square exists: on a placed tile, face up unless explored is False (R5)."""
    t = tile_at(state, x, y)
    return t is not None and (t["face_up"] or not explored)


def square(state: dict, x: int, y: int) -> dict | None:
    """The printed square after the tile's rotation and any disaster marker (G9 DD: the square
    becomes that terrain with its default icons); None off the map or on a face-down tile (R5)."""
    t = tile_at(state, x, y)
    if t is None or not t["face_up"]:
        return None
    sq = parse_cell(printed_cell(t["tile"], t.get("rotation", 0), y - t["y"], x - t["x"]))
    lbl = label(x, y)
    disaster = (state.get("disasters") or {}).get(lbl)
    if disaster:
        sq["terrain"] = disaster
        sq["icons"] = {k: TERRAIN_DEFAULTS[disaster].get(k, 0) for k in ICONS}
        sq["resource"] = None
        sq["natural_wonder"] = False
    sq.update(x=x, y=y, label=lbl, tile=t["tile"])
    return sq


def _around(x: int, y: int, diagonal: bool) -> list[tuple[int, int]]:
    steps = [(0, -1), (1, 0), (0, 1), (-1, 0)]
    if diagonal:
        steps = [(-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1)]
    return [(x + dx, y + dy) for dx, dy in steps]


def neighbours4(state: dict, x: int, y: int, explored: bool = True) -> list[tuple[int, int]]:
    """The orthogonal neighbours that exist (face up; face down too if explored is False)."""
    return [p for p in _around(x, y, False) if on_map(state, *p, explored=explored)]


def neighbours8(state: dict, x: int, y: int, explored: bool = True) -> list[tuple[int, int]]:
    """The 8 surrounding squares (R4: with diagonals) that exist."""
    return [p for p in _around(x, y, True) if on_map(state, *p, explored=explored)]


def outskirts(state: dict, x: int, y: int) -> list[tuple[int, int]]:
    """A city center's outskirts: its 8 neighbours on the map (R6)."""
    return neighbours8(state, x, y)


def chebyshev(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


# --- what is on a square ----------------------------------------------------------------------

def city_at(state: dict, x: int, y: int) -> dict | None:
    for c in state.get("cities") or []:
        if c["x"] == x and c["y"] == y:
            return c
    return None


def figures_at(state: dict, x: int, y: int) -> list[dict]:
    return [f for f in state.get("figures") or [] if f["x"] == x and f["y"] == y]


def marker_at(state: dict, x: int, y: int) -> dict | None:
    """The hut or village marker on the square, if any."""
    return (state.get("markers") or {}).get(label(x, y))


def city_of_outskirts(state: dict, x: int, y: int, owner: int | None = None) -> dict | None:
    """The city (of `owner`, if given) whose outskirts hold the square."""
    for c in state.get("cities") or []:
        if (owner is None or c["owner"] == owner) and chebyshev((c["x"], c["y"]), (x, y)) == 1:
            return c
    return None


# --- yields (R6, R7, R42, G13) ----------------------------------------------------------------

def _icons_of(rec: dict | None) -> dict[str, int]:
    """A marker record's icons: its "icons" mapping, else icon counts kept as top-level fields."""
    out = dict.fromkeys(ICONS, 0)
    if not rec:
        return out
    src = rec.get("icons") if isinstance(rec.get("icons"), dict) else rec
    for k in ICONS:
        v = src.get(k)
        if isinstance(v, int) and not isinstance(v, bool):
            out[k] = v
    return out


def building_icons(building_id: str, buildings: dict[str, dict] | None = None) -> dict[str, int]:
    """The icons printed on a building marker (appendix G6)."""
    if buildings is None:
        buildings = data.by_id("buildings")
    return _icons_of(buildings.get(building_id))


def wonder_icons(wonder_id: str, wonders: dict[str, dict] | None = None) -> dict[str, int]:
    """The icons on a wonder marker: its own icons if the record lists any, else the culture of its
    era (appendix G7: Ancient 1, Medieval 2, Modern 3)."""
    if wonders is None:
        wonders = data.by_id("wonders")
    rec = wonders.get(wonder_id) or {}
    icons = _icons_of(rec)
    if not any(icons.values()):
        culture = rec.get("marker_culture")
        if not isinstance(culture, int):
            culture = WONDER_ERA_CULTURE.get(str(rec.get("era", "")).lower(), 0)
        icons["culture"] = culture
    return icons


def great_person_icons(kind: str, great_people: dict[str, dict] | None = None) -> dict[str, int]:
    """The icons on a great person marker of that type (appendix G10)."""
    if great_people is None:
        great_people = data.by_id("great_people")
    return _icons_of(great_people.get(kind))


@lru_cache(maxsize=None)
def marker_icons(kind: str, marker_id: str) -> dict[str, int]:
    """building_icons, wonder_icons or great_person_icons of the game's own data, worked out once
    (the data never changes in play; a caller must not write into the answer)."""
    return {"building": building_icons, "wonder": wonder_icons, "person": great_person_icons}[kind](marker_id)


def printed_yields(code: str) -> tuple[dict[str, int], str | None]:
    """The icons and resource of a cell code (what `square` gives before a disaster), parsed
    once per code; a caller must not write into the icons."""
    sq = _parsed_cell(code)
    return sq["icons"], sq["resource"]


def yields(state: dict, x: int, y: int, buildings: dict | None = None, wonders: dict | None = None,
           great_people: dict | None = None, sq: dict | None = None) -> dict | None:
    """What the square gives a city: {trade, production, culture, coin, resource}. A city center
    gives nothing (R6); a building, wonder or great person marker replaces the printed icons and
    resource with the marker's icons (R7, R42, G13 DD). None when the square does not exist.
    Blockades (R95) are the caller's business: see `blockaded`. `sq`: the square, when the
    caller has it already (`square(state, x, y)`: a map's layout asks for every square)."""
    if sq is None:
        sq = square(state, x, y)
    if sq is None:
        return None
    out = dict.fromkeys(ICONS, 0)
    out["resource"] = None
    if city_at(state, x, y) is not None:
        return out
    lbl = label(x, y)
    building = (state.get("buildings") or {}).get(lbl)
    wonder = (state.get("wonders_at") or {}).get(lbl)
    person = (state.get("great_people_at") or {}).get(lbl)
    if building:
        out.update(building_icons(building["id"], buildings))
    elif wonder:
        out.update(wonder_icons(wonder["id"], wonders))
    elif person:
        out.update(great_person_icons(person["id"], great_people))
    else:
        out.update(sq["icons"])
        out["resource"] = sq["resource"]
    return out


# --- founding (R13, G31) ----------------------------------------------------------------------

def found_problem(state: dict, seat: int, x: int, y: int) -> Msg | None:
    """Why the square cannot hold a new city under R13, or None. The scout, the city limit and the
    phase (R11, R12) are checked by the cities module."""
    sq = square(state, x, y)
    where = label(x, y)
    if sq is None:
        return Msg("{square} is not an explored square of the map.", square=where)
    if sq["terrain"] == "water":
        return Msg("A city cannot be founded on water ({square}).", square=where)
    around = _around(x, y, True)
    if any(square(state, *p) is None for p in around):
        return Msg("A city needs all 8 squares around {square} on the map and explored.", square=where)
    for p in around:
        m = marker_at(state, *p)
        if m:
            return Msg("{square} is next to a hut or village at {other}.", square=where, other=label(*p))
    for p in around:
        enemy = [f for f in figures_at(state, *p) if f["owner"] != seat]
        if enemy:
            return Msg("{square} is next to a figure of {player} at {other}.", square=where,
                       player=Seat(enemy[0]["owner"]), other=label(*p))
    for c in state.get("cities") or []:
        if chebyshev((c["x"], c["y"]), (x, y)) < 3:
            return Msg("{square} is less than 3 squares from the city at {other}.", square=where,
                       other=label(c["x"], c["y"]))
    return None


# --- building the map (S5) --------------------------------------------------------------------

def _players(state: dict) -> int:
    p = state["players"]
    return len(p) if isinstance(p, (list, tuple)) else int(p)


def build_map(state: dict, home_tiles: list[str]) -> list[Event]:
    """S5: seat i's home tile (a tile id, or a civilization id) face up in its home slot; the
    neutral tiles shuffled and laid face down in the neutral slots. The unused neutral tiles go
    back to the box unseen: they are not recorded. Slots are numbered in reading order."""
    n = _players(state)
    lay = layout(n)
    tiles = tiles_data()
    ids = [t if t in tiles else home_tile_of(t) for t in home_tiles]
    if len(ids) != n or len(set(ids)) != n or any(tiles[t]["home"] is None for t in ids):
        raise ValueError(f"build_map needs {n} different home tiles, got {home_tiles!r}")
    placed = []
    for seat, t in enumerate(ids):
        slot = lay["homes"][lay["seat_order"][seat]]
        placed.append({"x": slot["x"], "y": slot["y"], "tile": t, "face_up": True,
                       "rotation": slot["rotation"], "home": seat})
    pool = neutral_tile_ids()
    next_random(state).shuffle(pool)
    for slot, t in zip(lay["neutrals"], pool):
        placed.append({"x": slot["x"], "y": slot["y"], "tile": t, "face_up": False,
                       "rotation": 0, "home": None})
    placed.sort(key=lambda t: (t["y"], t["x"]))
    for i, t in enumerate(placed):
        t["slot"] = i
    state["map"] = {"width": lay["width"], "height": lay["height"],
                    "tiles": [{"slot": t["slot"], "x": t["x"], "y": t["y"], "tile": t["tile"],
                               "face_up": t["face_up"], "rotation": t["rotation"], "home": t["home"]}
                              for t in placed]}
    state.setdefault("markers", {})
    state.setdefault("disasters", {})
    return [Event(Msg("The map is laid out: {homes} home tiles face up and {neutrals} neutral tiles face down.",
                      homes=n, neutrals=len(lay["neutrals"])), hidden=True)]


# --- discovery (R68, R69, G30) ----------------------------------------------------------------

def discoverable(state: dict, x: int, y: int) -> list[tuple[int, str]]:
    """The face-down tiles sharing an edge with the square, as (slot, direction): the direction
    from the square into the tile, which gives the tile's rotation when it is revealed."""
    out: list[tuple[int, str]] = []
    for d, (dx, dy) in DIRECTIONS.items():
        t = tile_at(state, x + dx, y + dy)
        if t is not None and not t["face_up"] and all(t["slot"] != s for s, _ in out):
            out.append((t["slot"], d))
    return out


def reveal(state: dict, slot: int, direction: str, seat: int | None = None) -> list[Event]:
    """R68: turn the face-down tile in `slot` face up, its arrow pointing in `direction` (the
    arrow's base against the discovering figure's edge). R69: a hut marker from the top of
    state["hut_pile"] face down on each hut icon and a village marker from state["village_pile"]
    on each village icon, in reading order (none when the pile is empty, R3)."""
    tile = next((t for t in state["map"]["tiles"] if t["slot"] == slot), None)
    if tile is None or tile["face_up"]:
        raise IllegalAction(Msg("There is no face-down tile there."))
    if direction not in ROTATION_OF:
        raise IllegalAction(Msg("A tile is discovered from the north, east, south or west."))
    tile["face_up"] = True
    tile["rotation"] = ROTATION_OF[direction]
    markers = state.setdefault("markers", {})
    for row in range(SIZE):
        for col in range(SIZE):
            sq = parse_cell(printed_cell(tile["tile"], tile["rotation"], row, col))
            for kind, flag in (("hut", sq["hut"]), ("village", sq["village"])):
                pile = state.get(kind + "_pile") or []
                if flag and pile:
                    markers[label(tile["x"] + col, tile["y"] + row)] = {"kind": kind, "content": pile.pop()}
    where = label(tile["x"], tile["y"])
    text = (Msg("The tile at {square} is discovered.", square=where) if seat is None
            else Msg("{player} discovers the tile at {square}.", player=Seat(seat), square=where))
    return [Event(text, hidden=True)]


# --- movement (R62-R79, G17, G21, G30) --------------------------------------------------------

def step_cost(state: dict | None = None, x: int | None = None, y: int | None = None) -> int:
    """Movement points one orthogonal step costs (R63): always 1."""
    return STEP_COST


def moves(state: dict, seat: int, start, speed: int, water: str = "none", stacking: int = 2,
          group: Iterable[str] = (), scouts_explore_huts: bool = False) -> dict[str, dict]:
    """Every square the figure or group on `start` ((x, y) or a label) can end on with at most
    `speed` orthogonal steps (R4, R63), as label -> {"path": [labels, start excluded],
    "stop": None | "hut" | "village" | "battle" | "city" | "scouts"}; each path is a shortest one.

    Face-down tiles are never entered (R5, R67). `water` (R66): "none" never enters water,
    "cross" passes over it but does not end there, "end" also ends there. Own figures and own
    city centers may be passed (R78, G17) but the move may not end on an own city center, nor
    where own figures (the moving ones not counted) plus the group would exceed `stacking` (R65,
    G17: only the end counts). Entering a hut or village square, a square with enemy figures or
    an enemy city center ends the move; the flag says what follows ("scouts" when only enemy
    scouts are there, R75). Scouts, and a group holding a scout, may not enter any of those
    squares (R70, R74, R79, G21)."""
    if water not in WATER_RULES:
        raise ValueError(f"water rule {water!r}")
    fly = any(t["id"] == "flight" for t in state["seats"][seat]["techs"]) if state.get("seats") else False
    sx, sy = _xy(start)
    members = set(group)
    kinds = [f["kind"] for f in state.get("figures") or [] if f["id"] in members]
    size = max(len(members), 1)
    has_scout = "scout" in kinds
    ends: dict[str, dict] = {}
    seen = {(sx, sy)}
    queue = deque([((sx, sy), [])])
    while queue:
        (x, y), path = queue.popleft()
        if len(path) >= speed:
            continue
        for nx, ny in _around(x, y, False):
            if (nx, ny) in seen:
                continue
            sq = square(state, nx, ny)
            if sq is None:
                continue                                   # off the map or face down (R5, R67)
            is_water = sq["terrain"] == "water"
            if is_water and water == "none":
                continue
            seen.add((nx, ny))
            step = path + [label(nx, ny)]
            can_end = not is_water or water == "end"
            city = city_at(state, nx, ny)
            here = [f for f in figures_at(state, nx, ny) if f["id"] not in members]
            enemies = [f for f in here if f["owner"] != seat]
            own = [f for f in here if f["owner"] == seat]
            marker = marker_at(state, nx, ny)
            stop = None
            if city is not None and city["owner"] != seat:
                stop = "city"                              # R79: armies attack, scouts barred
            elif enemies:
                stop = "battle" if any(f["kind"] != "scout" for f in enemies) else "scouts"   # R74-R76
            elif marker is not None:
                stop = marker["kind"]                      # R70: hut or village
            if stop is not None:
                scouts_barred = has_scout and not (stop == "hut" and scouts_explore_huts)   # Republic (house)
                if fly and not (city is not None and city["owner"] == seat):
                    queue.append(((nx, ny), step))         # Flight: pass over it (ending there still stops)
                if scouts_barred or not can_end or len(own) + size > stacking:
                    continue
                ends[label(nx, ny)] = {"path": step, "stop": stop}
                continue                                   # entering stops the move
            if can_end and (city is None) and len(own) + size <= stacking:
                ends[label(nx, ny)] = {"path": step, "stop": None}
            queue.append(((nx, ny), step))
    return ends


# --- blockades (R95) --------------------------------------------------------------------------

def blockaded(state: dict, x: int, y: int, owner: int) -> bool:
    """Whether the square is an outskirts square of one of `owner`'s cities holding a figure of
    another player (R95)."""
    if city_of_outskirts(state, x, y, owner) is None:
        return False
    return any(f["owner"] != owner for f in figures_at(state, x, y))


# --- wonders on the map: which work (R93, R96; here for the rules below wonders.py) -----------

def wonder_number(wonder_id: str) -> int:
    """The number in the wonder's effect record (wonders.json "effect")."""
    return int(data.by_id("wonders")[wonder_id]["effect"].get("n", 0))


def wonder_square(state: dict, wonder_id: str) -> str | None:
    return next((sq for sq, w in (state.get("wonders_at") or {}).items() if w["id"] == wonder_id), None)


def wonder_blockaded(state: dict, square: str) -> bool:
    """R96: an enemy figure stands on the wonder's square."""
    w = state["wonders_at"].get(square)
    if not w:
        return False
    x, y = parse_label(square)
    return any(f["owner"] != w["owner"] for f in figures_at(state, x, y))


def wonder_active(state: dict, seat: int, wonder_id: str) -> bool:
    """The seat owns the built wonder, and it is neither obsolete (R93) nor blockaded (R96)."""
    sq = wonder_square(state, wonder_id)
    if sq is None:
        return False
    w = state["wonders_at"][sq]
    return w["owner"] == seat and not w.get("obsolete") and not wonder_blockaded(state, sq)


def wonder_coins(state: dict, seat: int) -> int:
    """The coin tokens on the seat's Panama Canal (counted by economy.coins, G35)."""
    return sum(w.get("coins", 0) for w in state.get("wonders_at", {}).values() if w["owner"] == seat)


def research_discount(state: dict, seat: int) -> int:
    """Porcelain Tower: each tech costs 5 trade less (still one research a turn)."""
    return wonder_number("porcelain_tower") if wonder_active(state, seat, "porcelain_tower") else 0


def kremlin_ready(state: dict, seat: int) -> bool:
    """The Kremlin: once a turn, any 2 resources pay in place of a spy."""
    return wonder_active(state, seat, "kremlin") and "kremlin" not in state["seats"][seat].get("used_this_turn", [])


def wonder_city_production(state: dict, seat: int) -> int:
    """Chichen Itza: +3 production in each of the owner's cities (City Management)."""
    return wonder_number("chichen_itza") if wonder_active(state, seat, "chichen_itza") else 0


def harvest_twice_ok(state: dict, seat: int) -> bool:
    """Angkor Wat: once a turn, one city's harvest takes 2 tokens."""
    return wonder_active(state, seat, "angkor_wat") and "angkor_wat" not in state["seats"][seat].get("used_this_turn", [])


def wonder_battle_strength(state: dict, seat: int | None) -> int:
    """Himeji Samurai Castle: +1 strength to each of the owner's units in battle."""
    return wonder_number("himeji") if seat is not None and wonder_active(state, seat, "himeji") else 0
