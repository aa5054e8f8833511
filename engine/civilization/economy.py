"""What cities give and what players hold: the squares that work for a city (outskirts, scouts'
gathered squares, blockades: R6, R94, R95, R98), a city's totals of trade, production, culture,
coins and resources, the Trade phase's collection (R24, R25), coins (R99-R103, G35) and the
economic victory.

Gathering declarations live in seats[s]["gathering"]: scout id -> city id, made in the Start of
Turn and good for that turn (G29)."""
from __future__ import annotations

import threading
from contextlib import contextmanager

from engine.base import Event
from engine.text import Msg, Seat, to_json

from . import board, data, research

TRADE_MAX = 27          # R25, G23
ECONOMIC_VICTORY = 15   # R103
ICONS = ("trade", "production", "culture", "coin")


def city_by_id(state: dict, city_id: str) -> dict | None:
    return next((c for c in state["cities"] if c["id"] == city_id), None)


def cities_of(state: dict, seat: int) -> list[dict]:
    return [c for c in state["cities"] if c["owner"] == seat]


def gathered_squares(state: dict) -> dict[tuple[int, int], str]:
    """(x, y) -> the city id a scout gathers that square for this turn (R94, R98). A scout on a
    city center gathers nothing (G29)."""
    out: dict[tuple[int, int], str] = {}
    figures = {f["id"]: f for f in state["figures"]}
    for seat, area in enumerate(state["seats"]):
        for scout_id, city_id in sorted(area.get("gathering", {}).items()):
            scout, city = figures.get(scout_id), city_by_id(state, city_id)
            if scout is None or city is None or scout["kind"] != "scout" or city["owner"] != seat \
                    or scout["owner"] != seat or board.city_at(state, scout["x"], scout["y"]):
                continue
            out[(scout["x"], scout["y"])] = city_id
    return out


def working_squares(state: dict, city: dict, gathered: dict | None = None) -> list[tuple[int, int]]:
    """The squares that give `city` their icons this turn: its outskirts that are not blockaded
    (R95) and not gathered for another city (a square never counts twice, G29; an enemy scout's
    gathering takes the square, R98), plus the squares its owner's scouts gather for it (R94)."""
    gathered = gathered_squares(state) if gathered is None else gathered
    owner = city["owner"]
    out = []
    for x, y in board.outskirts(state, city["x"], city["y"]):
        if (x, y) in gathered and gathered[(x, y)] != city["id"]:
            continue
        if board.blockaded(state, x, y, owner) and (x, y) not in gathered:
            continue
        out.append((x, y))
    for (x, y), city_id in sorted(gathered.items()):
        if city_id == city["id"] and (x, y) not in out:
            out.append((x, y))
    return out


class _Reading:
    """The lookups a city's icons need, built once from a state that does not change while they
    are used (a check of every seat's coins, one seat's legal moves): the squares gathered, the
    placed tiles by where they lie, the cities and figures by square, and each city's icons once
    computed. The same answers as `working_squares` and `board.yields`, square by square."""

    __slots__ = ("state", "gathered", "_tiles", "_aligned", "_cities", "_figures", "_owned", "icons")

    def __init__(self, state: dict):
        self.state = state
        self.gathered = gathered_squares(state)
        key = _inputs(state)
        tiles = board.tiles_data()          # the printed tiles (a test may lay out its own)
        kept = _TABLES.get(key)
        if kept is not None and kept[0] is tiles:
            self.icons = kept[1]
        else:                               # the cities' icons of another map, cities or figures
            if len(_TABLES) >= _TABLES_KEPT:
                try:
                    _TABLES.pop(next(iter(_TABLES)), None)     # the oldest
                except (StopIteration, RuntimeError):      # emptied or changed by another thread
                    pass
            self.icons = {}
            _TABLES[key] = (tiles, self.icons)
        self._cities = None                 # the lookups are built when an icon is first worked out

    def _index(self) -> None:
        state = self.state
        tiles = state["map"]["tiles"]
        size = board.SIZE
        self._aligned = all(t["x"] % size == 0 and t["y"] % size == 0 for t in tiles)
        self._tiles: dict[tuple[int, int], dict] = {}
        if self._aligned:                       # a square lies on exactly one tile's block
            for t in tiles:
                self._tiles.setdefault((t["x"], t["y"]), t)     # board.tile_at: the first listed
        self._cities: dict[tuple[int, int], dict] = {}
        self._owned: dict[int, set] = {}
        for c in state.get("cities") or []:
            self._cities.setdefault((c["x"], c["y"]), c)        # board.city_at: the first listed
            self._owned.setdefault(c["owner"], set()).add((c["x"], c["y"]))
        self._figures: dict[tuple[int, int], list] = {}
        for f in state.get("figures") or []:
            self._figures.setdefault((f["x"], f["y"]), []).append(f)

    def tile(self, x: int, y: int) -> dict | None:
        if not self._aligned:
            return board.tile_at(self.state, x, y)
        size = board.SIZE
        return self._tiles.get((x - x % size, y - y % size))

    def blockaded(self, x: int, y: int, owner: int) -> bool:
        """board.blockaded: an outskirts square of one of the owner's cities with a figure of
        another player on it (R95)."""
        mine = self._owned.get(owner)
        if not mine or not any((x + dx, y + dy) in mine for dx, dy in _AROUND8):
            return False
        return any(f["owner"] != owner for f in self._figures.get((x, y), ()))

    def working_squares(self, city: dict) -> list[tuple[int, int]]:
        gathered = self.gathered
        owner, cid = city["owner"], city["id"]
        out = []
        for dx, dy in _AROUND8:                 # board.outskirts: the neighbours on face-up tiles
            x, y = city["x"] + dx, city["y"] + dy
            t = self.tile(x, y)
            if t is None or not t["face_up"]:
                continue
            taken = gathered.get((x, y))
            if taken is not None and taken != cid:
                continue
            if taken is None and self.blockaded(x, y, owner):
                continue
            out.append((x, y))
        for (x, y), city_id in sorted(gathered.items()):
            if city_id == cid and (x, y) not in out:
                out.append((x, y))
        return out

    def yields(self, x: int, y: int) -> tuple[dict, str | None] | None:
        """board.yields as (icons, resource); None off the map or on a face-down tile."""
        t = self.tile(x, y)
        if t is None or not t["face_up"]:
            return None
        if (x, y) in self._cities:
            return _NOTHING, None
        state = self.state
        lbl = board.label(x, y)
        building = (state.get("buildings") or {}).get(lbl)
        if building:
            return board.marker_icons("building", building["id"]), None
        wonder = (state.get("wonders_at") or {}).get(lbl)
        if wonder:
            return board.marker_icons("wonder", wonder["id"]), None
        person = (state.get("great_people_at") or {}).get(lbl)
        if person:
            return board.marker_icons("person", person["id"]), None
        disaster = (state.get("disasters") or {}).get(lbl)
        if disaster:
            return board.TERRAIN_DEFAULTS[disaster], None
        return board.printed_yields(board.printed_cell(t["tile"], t.get("rotation", 0), y - t["y"], x - t["x"]))

    def city_icons(self, city: dict) -> dict:
        key = (city["id"], city["x"], city["y"], city["owner"])
        out = self.icons.get(key)
        if out is None:
            if self._cities is None:
                self._index()
            out = dict.fromkeys(ICONS, 0)
            resources = []
            for x, y in self.working_squares(city):
                got = self.yields(x, y)
                if got is None:
                    continue
                icons, resource = got
                for icon in ICONS:
                    out[icon] += icons.get(icon, 0)
                if resource:
                    resources.append(resource)
            out["resources"] = resources
            self.icons[key] = out
        return {**out, "resources": list(out["resources"])}


def _inputs(state: dict) -> tuple:
    """Everything a city's icons are worked out from (with the city's id, square and owner, and
    the game's static data): the placed tiles, the disasters, the cities, the figures, the
    markers on the map and the scouts' gathering declarations."""
    return (tuple((t["tile"], t["x"], t["y"], t.get("rotation", 0), t["face_up"]) for t in state["map"]["tiles"]),
            tuple((state.get("disasters") or {}).items()),
            tuple((c["id"], c["x"], c["y"], c["owner"]) for c in state.get("cities") or []),
            tuple((f["id"], f["kind"], f["owner"], f["x"], f["y"]) for f in state.get("figures") or []),
            tuple((k, v["id"] if v else v) for k, v in (state.get("buildings") or {}).items()),
            tuple((k, v["id"] if v else v) for k, v in (state.get("wonders_at") or {}).items()),
            tuple((k, v["id"] if v else v) for k, v in (state.get("great_people_at") or {}).items()),
            tuple(tuple(sorted(area.get("gathering", {}).items())) for area in state["seats"]))


# _inputs -> (the printed tiles, the cities' icons worked out from them); the newest kept
_TABLES: dict[tuple, tuple[dict, dict]] = {}
_TABLES_KEPT = 256
_AROUND8 = ((-1, -1), (0, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (0, 1), (1, 1))   # board._around's order
_NOTHING: dict = {}
_local = threading.local()


def _reading(state: dict) -> _Reading | None:
    held = getattr(_local, "reading", None)
    if held is None or held[0] is not state:
        return None
    if held[1] is None:                     # made when a city's icons are first asked for
        held[1] = _Reading(state)
    return held[1]


@contextmanager
def reading(state: dict):
    """While the state does not change (a computation that only reads it), the cities' icons
    are worked out once each: used around every seat's coins and one seat's legal moves."""
    held = getattr(_local, "reading", None)
    if held is not None and held[0] is state:
        yield
        return
    with board.reading(state):
        _local.reading = [state, None]
        try:
            yield
        finally:
            _local.reading = held


def city_icons(state: dict, city: dict, gathered: dict | None = None) -> dict:
    """{trade, production, culture, coin, resources: [resource ids]} of the city this turn."""
    held = _reading(state)
    if held is not None and (gathered is None or gathered == held.gathered):
        return held.city_icons(city)
    if gathered is None:
        return _Reading(state).city_icons(city)
    out: dict = dict.fromkeys(ICONS, 0)
    out["resources"] = []
    for x, y in working_squares(state, city, gathered):
        y_ = board.yields(state, x, y)
        if not y_:
            continue
        for icon in ICONS:
            out[icon] += y_.get(icon, 0)
        if y_.get("resource"):
            out["resources"].append(y_["resource"])
    return out


def collect_trade(state: dict) -> list[Event]:
    """R24, R25: every player adds the trade of all their cities; the dial stops at 27."""
    lines = []
    with reading(state):        # the cities' icons do not depend on the dials changed here
        gains = [sum(city_icons(state, c)["trade"] for c in cities_of(state, seat)) for seat in range(len(state["seats"]))]
    for seat, area in enumerate(state["seats"]):
        gain = gains[seat]
        before = area["trade"]
        area["trade"] = min(TRADE_MAX, before + gain)
        lines.append(Msg("{player} +{gain} (now {trade})", player=Seat(seat), gain=gain, trade=area["trade"]))
    return [Event(Msg("Trade: {lines}.", lines=lines))]


def government_coins(state: dict, seat: int) -> int:
    """R22, R101: a government's coins count while it is current (Feudalism, house amounts)."""
    return int(data.government_effects(state["seats"][seat]["government"]).get("coins", 0))


def coins(state: dict, seat: int) -> int:
    """G35: map coins of the squares working for the seat's cities (R100), the permanent coins of
    its techs, its coin tokens (R101) and its government's coins."""
    with reading(state):
        on_map = sum(city_icons(state, c)["coin"] for c in cities_of(state, seat))
    return (on_map + research.tech_coins(state, seat) + state["seats"][seat]["coin_tokens"] + government_coins(state, seat)
            + sum(state["seats"][seat].get("card_coins", {}).values())        # coin tasks (abilities.py)
            + board.wonder_coins(state, seat))


COIN_CAP = 4             # coin tokens a tech card holds


def add_coin(state: dict, seat: int, tech: str) -> bool:
    """One coin token on the tech card (a coin task, Code of Laws), up to 4; False when the card is full."""
    coins = state["seats"][seat].setdefault("card_coins", {})
    if coins.get(tech, 0) >= COIN_CAP:
        return False
    coins[tech] = coins.get(tech, 0) + 1
    return True


def check_economic_victory(state: dict) -> list[Event]:
    """R103, G15 DD: after any change, the first seat in turn order from the first player with 15
    coins wins."""
    if state.get("result"):
        return []
    n = state["players"]
    with reading(state):
        held = [coins(state, (state["first"] + i) % n) for i in range(n)]
    for i in range(n):
        seat = (state["first"] + i) % n
        have = held[i]
        if have >= ECONOMIC_VICTORY:
            reason = Msg("{player} has {coins} coins: an economic victory.", player=Seat(seat), coins=have)
            state["result"] = {"winners": [seat], "scores": {}, "reason": to_json(reason)}
            return [Event(reason)]
    return []
