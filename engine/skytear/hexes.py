"""The battlefield's geometry: maps (G1), distance (R10/G15), line of sight through white lines
(R15-R17/G14), hiding hexes (R18/R19, the seed's "another" hero), movement (R34/R35), push (R127/G16), minion
placement (R100/G23), the control token's path (R109/G30), the Outsider's placements (R119) and
area-of-effect templates (R123). Pure functions over a `Map`; hexes are named by their labels.

Map file schema (data/skytear/maps/<name>.json):
    {"name", "title", "source", "note", "rounds", "heroes_per_side",
     "hexes": [{"id": "F7", "q": 3, "r": 6,          # axial coordinates, pointy-top hexes
                "lane": 1 | null, "dome": bool, "hiding": bool, "nexus": 0 | 1 | null,
                "tower": {"side": 0, "lane": 1} | null, "control_start": 1 | null,
                "minion_start": [{"side": 0, "lane": 1, "count": 1}],
                "hero_start": 0 | 1 | null}, ...],
     "white_lines": [["F7", "F8"], ...]}             # edges between adjacent hexes blocking LoS
Pixel centre of a hex: x = size*sqrt(3)*(q + r/2), y = size*1.5*r.
"""
from __future__ import annotations

import json
import math
import re
from collections import deque
from functools import lru_cache
from pathlib import Path
from typing import Iterable

MAPS_DIR = Path(__file__).resolve().parent.parent.parent / "data" / "skytear" / "maps"
LOS_REACH = 3          # R15: a path through at most 3 hexes
AXIAL_DIRS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))   # E NE NW W SW SE

_LABEL = re.compile(r"^([A-Z]+)(\d+)$")


@lru_cache(maxsize=4096)
def label_key(label: str) -> tuple:
    """Sort order of hex labels: column letters, then the row as a number (A2 before A10)."""
    m = _LABEL.match(label)
    return (len(m.group(1)), m.group(1), int(m.group(2))) if m else (99, label, 0)


def sort_labels(labels: Iterable[str]) -> list[str]:
    return sorted(labels, key=label_key)


def _as_hexes(value) -> tuple[str, ...]:
    """One hex label or several (a multi-hex model such as the Outsider, R20)."""
    return (value,) if isinstance(value, str) else tuple(value)


class Map:
    """One battlefield, read-only after construction. Neighbour tables are built once; LoS balls,
    token-path distances and Outsider triangles are computed on first use and kept."""

    def __init__(self, d: dict):
        self.name: str = d["name"]
        self.title: str = d.get("title", d["name"])
        self.source: str = d.get("source", "house")
        self.rounds: int = int(d.get("rounds", 5))
        self.heroes_per_side: int = int(d.get("heroes_per_side", 4))
        self.raw: dict = d
        self.hexes: tuple[str, ...] = tuple(h["id"] for h in d["hexes"])
        if len(set(self.hexes)) != len(self.hexes):
            raise ValueError(f"map {self.name}: hex labels are not unique")
        self.info: dict[str, dict] = {h["id"]: h for h in d["hexes"]}
        self.coords: dict[str, tuple[int, int]] = {h["id"]: (int(h["q"]), int(h["r"])) for h in d["hexes"]}
        self.at: dict[tuple[int, int], str] = {c: h for h, c in self.coords.items()}
        if len(self.at) != len(self.hexes):
            raise ValueError(f"map {self.name}: two hexes share coordinates")
        self.neighbours: dict[str, tuple[str, ...]] = {}
        for h, (q, r) in self.coords.items():
            near = [self.at[(q + dq, r + dr)] for dq, dr in AXIAL_DIRS if (q + dq, r + dr) in self.at]
            self.neighbours[h] = tuple(sort_labels(near))
        walls = set()
        for a, b in d.get("white_lines", []):
            if a not in self.coords or b not in self.coords or b not in self.neighbours[a]:
                raise ValueError(f"map {self.name}: white line {a}-{b} does not join two adjacent hexes")
            walls.add(frozenset((a, b)))
        self.white_lines: frozenset[frozenset[str]] = frozenset(walls)
        # the neighbours reachable without crossing a white line (the LoS graph, G14)
        self.open_neighbours: dict[str, tuple[str, ...]] = {
            h: tuple(n for n in ns if frozenset((h, n)) not in walls) for h, ns in self.neighbours.items()}
        self.dome: frozenset[str] = frozenset(h for h, i in self.info.items() if i.get("dome"))
        self.hiding: frozenset[str] = frozenset(h for h, i in self.info.items() if i.get("hiding"))
        self.lane_of: dict[str, int] = {h: int(i["lane"]) for h, i in self.info.items() if i.get("lane")}
        self.lanes: dict[int, tuple[str, ...]] = {}
        for h, lane in self.lane_of.items():
            self.lanes[lane] = self.lanes.get(lane, ()) + (h,)
        self.nexus: dict[int, tuple[str, ...]] = {0: (), 1: ()}
        for h, i in self.info.items():
            if i.get("nexus") is not None:
                self.nexus[int(i["nexus"])] += (h,)
        self.nexus_hexes: frozenset[str] = frozenset(self.nexus[0] + self.nexus[1])
        self.towers: dict[str, tuple[int, int]] = {
            h: (int(i["tower"]["side"]), int(i["tower"]["lane"])) for h, i in self.info.items() if i.get("tower")}
        self.control_starts: dict[int, str] = {
            int(i["control_start"]): h for h, i in self.info.items() if i.get("control_start")}
        self.minion_starts: tuple[tuple[str, int, int, int], ...] = tuple(
            (h, int(m["side"]), int(m["lane"]), int(m.get("count", 1)))
            for h, i in self.info.items() for m in i.get("minion_start") or [])
        self.hero_starts: dict[int, tuple[str, ...]] = {0: (), 1: ()}
        for h, i in self.info.items():
            if i.get("hero_start") is not None:
                self.hero_starts[int(i["hero_start"])] += (h,)
        self._los: dict[str, dict[str, int]] = {}
        self._balls: dict[tuple[str, int], frozenset[str]] = {}
        self._token_dist: dict[frozenset, dict[str, int]] = {}
        self._triangles: tuple[tuple[str, str, str], ...] | None = None

    @classmethod
    def from_dict(cls, d: dict) -> "Map":
        return cls(d)

    def __repr__(self):
        return f"Map({self.name!r}, {len(self.hexes)} hexes)"

    def hex_list(self) -> list[dict]:
        """The map file's hex records, in file order (read-only)."""
        return list(self.raw["hexes"])

    def tower_hex(self, side: int, lane: int) -> str | None:
        """The tower hex of `side` in `lane` (one per side and lane)."""
        for h, (s, l) in self.towers.items():
            if s == side and l == lane:
                return h
        return None

    def ball(self, h: str, n: int) -> frozenset[str]:
        """Every hex at distance <= n from `h` (white lines ignored, G15), computed once per (h, n):
        range checks filter their candidates with it instead of measuring every hex of the map."""
        key = (h, n)
        found = self._balls.get(key)
        if found is None:
            q, r = self.coords[h]
            found = frozenset(x for x, (q2, r2) in self.coords.items()
                              if (abs(q - q2) + abs(r - r2) + abs(q - q2 + r - r2)) // 2 <= n)
            self._balls[key] = found
        return found

    def los_ball(self, h: str) -> dict[str, int]:
        """Every hex in LoS of `h` with its LoS step count (BFS avoiding white lines, stops at 3)."""
        ball = self._los.get(h)
        if ball is None:
            ball = {h: 0}
            frontier = [h]
            for step in range(1, LOS_REACH + 1):
                nxt = []
                for cur in frontier:
                    for n in self.open_neighbours[cur]:
                        if n not in ball:
                            ball[n] = step
                            nxt.append(n)
                frontier = nxt
            self._los[h] = ball
        return ball


_REGISTERED: dict[str, Map] = {}
_LOADED: dict[str, Map] = {}
_NAME = re.compile(r"^[a-z0-9_]+$")


def register_map(m: Map) -> Map:
    """Make a map (a test fixture) findable by `load_map` under its name, e.g. from a state's "map"."""
    _REGISTERED[m.name] = m
    return m


def load_map(name: str) -> Map:
    """A map by name: a registered one, else data/skytear/maps/<name>.json (read once, cached)."""
    if name in _REGISTERED:
        return _REGISTERED[name]
    if name not in _LOADED:
        if not _NAME.match(name):
            raise ValueError(f"bad map name {name!r}")
        with open(MAPS_DIR / f"{name}.json", encoding="utf-8") as fh:
            _LOADED[name] = Map(json.load(fh))
    return _LOADED[name]


def map_of(state: dict) -> Map:
    return load_map(state.get("map", "two_lane"))


def pixel(m: Map, h: str, size: float) -> tuple[float, float]:
    """Pixel centre of a hex for a picture (pointy-top hexes of circumradius `size`)."""
    q, r = m.coords[h]
    return size * math.sqrt(3) * (q + r / 2), size * 1.5 * r


# --- distance and neighbours (R10, R11, G15) -------------------------------------------------

def distance(m: Map, a: str, b: str) -> int:
    """Plain hex distance, ignoring white lines (G15)."""
    (q1, r1), (q2, r2) = m.coords[a], m.coords[b]
    dq, dr = q1 - q2, r1 - r2
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def distance_to(m: Map, a, b) -> int:
    """Distance between hex sets (a multi-hex model): the smallest distance of any pair."""
    return min(distance(m, x, y) for x in _as_hexes(a) for y in _as_hexes(b))


def neighbours(m: Map, h: str) -> tuple[str, ...]:
    """The hexes touching `h` (sorted by label). "Adjacent" in the rules also includes `h` (R11)."""
    return m.neighbours[h]


def adjacent(m: Map, a: str, b: str) -> bool:
    """R11: within 1 hex, so a hex is adjacent to itself."""
    return distance(m, a, b) <= 1


def within(m: Map, h: str, n: int) -> list[str]:
    """Every hex at distance <= n from `h` (sorted by label)."""
    return sort_labels(m.ball(h, n))


# --- line of sight (R15-R20, G14) --------------------------------------------------------------

def los_steps(m: Map, a: str, b: str) -> int | None:
    """Length of the shortest path from a to b not crossing a white line, if it is at most 3
    steps (G14: the start hex is not counted); None when there is no such path."""
    return m.los_ball(a).get(b)


def has_los(m: Map, a, b) -> bool:
    """R15/R17: LoS between hexes (a hex always sees itself). Either side may be several hexes
    (the Outsider, R20): LoS holds when any hex of one sees any hex of the other."""
    for x in _as_hexes(a):
        ball = m.los_ball(x)
        if any(y in ball for y in _as_hexes(b)):
            return True
    return False


def in_los(m: Map, a) -> set[str]:
    """Every hex in LoS of a hex (or of any hex of a multi-hex model)."""
    out: set[str] = set()
    for x in _as_hexes(a):
        out.update(m.los_ball(x))
    return out


def sees_hero(m: Map, viewer_hex, target_hex, friendly_hexes: Iterable[str] = ()) -> bool:
    """Whether a hero (or the Outsider) on `viewer_hex` sees an enemy hero on `target_hex`.
    R18 as the seed words it: 「一個友方英雄只會在以下情況具有視線：有另一個友方英雄在與該隱蔽格相鄰
    的格子上，且該英雄具有看見該敵方英雄的視線」: on a hiding hex the target is seen only while
    *another* friendly hero (`friendly_hexes`, the viewer left out) adjacent to that hex (R11:
    within 1) has LoS to it; being adjacent itself is not enough for the viewer, which also needs
    its own ordinary LoS to the hex. Off hiding hexes plain LoS decides. Several target hexes (the
    Outsider): seeing any one of them is enough."""
    viewer = _as_hexes(viewer_hex)
    spotters = tuple(friendly_hexes)
    for t in _as_hexes(target_hex):
        if not has_los(m, viewer, t):
            continue
        if t not in m.hiding:
            return True
        if any(distance(m, s, t) <= 1 and has_los(m, s, t) for s in spotters):
            return True
    return False


# --- movement (R34, R35, R37) ----------------------------------------------------------------

def move_destinations(m: Map, start: str, steps: int, pass_blocked: Iterable[str] = (),
                      end_blocked: Iterable[str] = ()) -> dict[str, list[str]]:
    """Hexes a model on `start` may end a move of up to `steps` hexes on, each with a shortest
    path (start first, end last). `pass_blocked` hexes can be neither crossed nor ended on (heroes
    and the Outsider, R35); `end_blocked` hexes can be crossed but not ended on (minions, standing
    towers, nexus hexes). Pillars and illusions never block. The start is not a result."""
    if steps <= 0:
        return {}
    no_pass = set(pass_blocked) - {start}
    no_end = set(end_blocked) | no_pass
    parent: dict[str, str | None] = {start: None}
    frontier = [start]
    for _ in range(steps):
        nxt = []
        for cur in frontier:
            for n in m.neighbours[cur]:
                if n not in parent and n not in no_pass:
                    parent[n] = cur
                    nxt.append(n)
        frontier = nxt
        if not frontier:
            break
    out: dict[str, list[str]] = {}
    for h in sort_labels(parent):
        if h == start or h in no_end:
            continue
        path = [h]
        while parent[path[-1]] is not None:
            path.append(parent[path[-1]])
        out[h] = path[::-1]
    return out


def push_steps(m: Map, origin_hexes, target_hex: str, amount: int, blocked: Iterable[str] = (),
               end_blocked: Iterable[str] = ()) -> list[tuple[str, list[str]]]:
    """R127/G16 as sourced: the possible results of pushing the model on `target_hex` by `amount`
    away from `origin_hexes` (the caster's hex or hexes). Each step goes to an adjacent hex strictly
    farther from the origin that is not `blocked` (heroes, the Outsider); a step onto an
    `end_blocked` hex (a minion, a tower, a nexus hex) is possible only if the push can go on from there.
    The push stops when no step is possible and is never shortened by choice, so only maximal paths
    are returned: (end hex, path from the target hex to the end), sorted by path; the caster picks."""
    origins = _as_hexes(origin_hexes)
    no_step = set(blocked)
    no_end = set(end_blocked) - {target_hex}

    def far(h):
        return min(distance(m, o, h) for o in origins)

    def paths_from(cur: str, left: int) -> list[list[str]]:
        found: list[list[str]] = []
        if left > 0:
            d = far(cur)
            for n in m.neighbours[cur]:
                if n not in no_step and far(n) > d:
                    found.extend([cur] + p for p in paths_from(n, left - 1))
        if not found and cur not in no_end:
            found = [[cur]]
        return found

    paths = paths_from(target_hex, amount) or [[target_hex]]
    unique = {tuple(p): p for p in paths}
    ordered = sorted(unique.values(), key=lambda p: [label_key(h) for h in p])
    return [(p[-1], p) for p in ordered]


# --- placement (R100, G23) -------------------------------------------------------------------

def closest_in_los(m: Map, anchor_hex: str, allowed: Iterable[str]) -> list[str]:
    """R100: among `allowed` hexes in LoS of the anchor (a control token), those at the smallest
    distance (all ties, sorted by label); if no allowed hex is in LoS, the nearest allowed hexes.
    The caller builds `allowed` (never the dome, no hero, Outsider, tower or same-side minion)."""
    allowed = set(allowed)
    if not allowed:
        return []
    ball = m.los_ball(anchor_hex)
    seen = [h for h in allowed if h in ball]
    pool = seen or list(allowed)
    best = min(distance(m, anchor_hex, h) for h in pool)
    return sort_labels(h for h in pool if distance(m, anchor_hex, h) == best)


def nearest_free(m: Map, targets: Iterable[str], allowed: Iterable[str]) -> list[str]:
    """G23: the `allowed` hexes at the smallest distance from any of `targets` (e.g. the friendly
    nexus hexes, which are themselves allowed when free), sorted by label."""
    targets = tuple(targets)
    allowed = set(allowed)
    if not targets or not allowed:
        return []
    dist = {h: min(distance(m, t, h) for t in targets) for h in allowed}
    best = min(dist.values())
    return sort_labels(h for h, d in dist.items() if d == best)


# --- the control token's path (R109, G30) ----------------------------------------------------

def _token_distances(m: Map, goal_hexes: frozenset) -> dict[str, int]:
    """Steps from every non-dome hex to the nearest goal hex, through non-dome hexes only
    (the token ignores blocking elements and never enters the dome)."""
    dist = m._token_dist.get(goal_hexes)
    if dist is None:
        dist = {g: 0 for g in goal_hexes}
        queue = deque(goal_hexes)
        while queue:
            cur = queue.popleft()
            for n in m.neighbours[cur]:
                if n not in dist and n not in m.dome:
                    dist[n] = dist[cur] + 1
                    queue.append(n)
        m._token_dist[goal_hexes] = dist
    return dist


def token_path_step(m: Map, token_hex: str, goal_hexes: Iterable[str]) -> list[str]:
    """G30 as sourced: the equally good next hexes (sorted by label) for a control token heading
    along a shortest non-dome path toward the nearest of `goal_hexes` (the enemy tower of its
    lane, or the enemy nexus once that tower is destroyed). Empty when it cannot get closer."""
    goals = frozenset(goal_hexes)
    if not goals:
        return []
    dist = _token_distances(m, goals)
    here = dist.get(token_hex)
    if here is None or here == 0:
        return []
    return [n for n in m.neighbours[token_hex] if n not in m.dome and dist.get(n) == here - 1]


# --- the Ancient Outsider (R119, T27) --------------------------------------------------------

def _triangles(m: Map) -> tuple[tuple[str, str, str], ...]:
    if m._triangles is None:
        found = set()
        for a in m.hexes:
            for b in m.neighbours[a]:
                for c in m.neighbours[b]:
                    if c != a and c in m.neighbours[a]:
                        found.add(tuple(sort_labels((a, b, c))))
        m._triangles = tuple(sorted(found, key=lambda t: [label_key(h) for h in t]))
    return m._triangles


def outsider_placement_ok(m: Map, hexes: Iterable[str]) -> bool:
    """R119/T27 (skytear-data S4: at least one hex in and one out of the dome): three mutually
    adjacent hexes, 1 or 2 of them in the dome and 1 or 2 of them on a lane."""
    hexes = tuple(hexes)
    if len(set(hexes)) != 3 or any(h not in m.coords for h in hexes):
        return False
    a, b, c = hexes
    if not (b in m.neighbours[a] and c in m.neighbours[a] and c in m.neighbours[b]):
        return False
    in_dome = sum(h in m.dome for h in hexes)
    on_lane = sum(h in m.lane_of for h in hexes)
    return 1 <= in_dome <= 2 and 1 <= on_lane <= 2


def outsider_placements(m: Map, free: Iterable[str]) -> list[tuple[str, str, str]]:
    """Every legal Outsider placement (R119) whose three hexes are all in `free`."""
    free = set(free)
    return [t for t in _triangles(m) if all(h in free for h in t) and outsider_placement_ok(m, t)]


# --- area of effect (R123) -------------------------------------------------------------------
# Axial offsets from the template's anchor; "caster" templates put the anchor on the caster's
# hex (the caster's hex itself is not hit); the others need one hex within the effect's range.

AOE_TEMPLATES: dict[str, dict] = {
    "line2": {"caster": True, "hexes": ((1, 0), (2, 0))},                    # 2 hexes straight out
    "line3": {"caster": True, "hexes": ((1, 0), (2, 0), (3, 0))},            # 3 hexes straight out
    "cone3": {"caster": True, "hexes": ((1, 0), (2, -1), (2, 0))},           # 1 then 2 hexes
    "cone6": {"caster": True, "hexes": ((1, 0), (2, -1), (2, 0), (3, -2), (3, -1), (3, 0))},
    "ring1": {"caster": True, "hexes": AXIAL_DIRS},                          # all around the caster
    "triangle3": {"caster": False, "hexes": ((0, 0), (1, 0), (1, -1))},      # 3 mutually adjacent
    "burst7": {"caster": False, "hexes": ((0, 0),) + AXIAL_DIRS},            # a hex and its 6 neighbours
}


def _orient(offset: tuple[int, int], rotation: int, flip: bool) -> tuple[int, int]:
    q, r = offset
    if flip:                      # mirror in the E-NE bisector: cube (x, y, z) -> (x, z, y)
        q, r = q, -q - r
    for _ in range(rotation % 6):  # 60 degrees: cube (x, y, z) -> (-z, -x, -y)
        q, r = -r, q + r
    return q, r


def _cover(m: Map, template: str, aq: int, ar: int, rotation: int, flip: bool) -> frozenset[str]:
    out = set()
    for off in AOE_TEMPLATES[template]["hexes"]:
        dq, dr = _orient(off, rotation, flip)
        h = m.at.get((aq + dq, ar + dr))
        if h is not None:
            out.add(h)
    return frozenset(out)


def aoe_hits(m: Map, template: str, anchor: str, rotation: int = 0, flip: bool = False) -> frozenset[str]:
    """The board hexes a template covers with its anchor on `anchor` (hexes off the board drop out)."""
    aq, ar = m.coords[anchor]
    return _cover(m, template, aq, ar, rotation, flip)


def aoe_placements(m: Map, template: str, caster_hex: str, range_from: str | None = None,
                   max_range: int = 3) -> list[frozenset[str]]:
    """R123: every distinct set of hexes the template can cover, over all 6 rotations and the flip.
    A caster template sits on the caster's hex; any other needs at least one of its hexes within
    `max_range` of `range_from` (default the caster's hex), and may hang partly off the board
    ("as long as a hex of the template matches a hex of the battlefield"). Sorted, no duplicates."""
    t = AOE_TEMPLATES[template]
    if t["caster"]:
        anchors = [m.coords[caster_hex]]
    else:
        base = range_from or caster_hex
        bq, br = m.coords[base]
        reach = max_range + max(max(abs(q), abs(r), abs(q + r)) for q, r in t["hexes"])
        anchors = [(bq + dq, br + dr) for dq in range(-reach, reach + 1) for dr in range(-reach, reach + 1)
                   if abs(dq) + abs(dr) + abs(dq + dr) <= 2 * reach]
    found: set[frozenset[str]] = set()
    for aq, ar in anchors:
        for rot in range(6):
            for flip in (False, True):
                hits = _cover(m, template, aq, ar, rot, flip)
                if not hits:
                    continue
                if not t["caster"] and min(distance(m, base, h) for h in hits) > max_range:
                    continue
                found.add(hits)
    return sorted(found, key=lambda s: [label_key(h) for h in sort_labels(s)])


# --- what stands where (state helpers shared by movement, push and placement) -----------------

def hero_hexes(state: dict, side: int | None = None, exclude: Iterable[str] = ()) -> dict[str, str]:
    """Hex -> hero id of every hero on the battlefield (of `side` if given), minus `exclude` ids."""
    skip = set(exclude)
    return {h["hex"]: hid for hid, h in state["heroes"].items()
            if h.get("hex") and h.get("state") != "defeated" and hid not in skip
            and (side is None or h["side"] == side)}


def standing_towers(state: dict) -> set[str]:
    """Hexes of towers with HP left (a destroyed tower's hex is an ordinary hex, G9)."""
    return {h for h, t in state.get("towers", {}).items() if t["hp"] > 0}


def move_blockers(state: dict, mover: str | None = None) -> tuple[set[str], set[str]]:
    """R35 as the seed words it: (hexes that cannot be passed, hexes that cannot be ended on) for a
    hero or the Outsider moving or being pushed. Heroes of both sides (not the mover) and the
    Outsider cannot be passed (「無法移動穿過其他的英雄或入侵者」); minions and standing towers can be
    passed but not ended on (「可以移動穿過手下」, 「無法在有手下或防禦塔的格子結束移動」: the seed
    forbids no crossing of a tower), nor can nexus hexes (house: a nexus counts as a tower).
    Pillar and illusion tokens never block (R55, R57)."""
    m = map_of(state)
    passing = set(hero_hexes(state, exclude=(mover,) if mover else ()))
    if mover != "outsider":
        passing |= set(state.get("outsider", {}).get("hexes") or ())
    ending = {mn["hex"] for mn in state.get("minions", [])} | standing_towers(state) | set(m.nexus_hexes)
    return passing, ending


def minion_allowed(state: dict, side: int) -> set[str]:
    """R100: hexes a minion of `side` may be placed on: not in the dome, no hero, no Outsider, no
    standing tower, no nexus hex (a structure, house reading of "tower token"), no minion of the
    same side (one minion of each side may share a hex)."""
    m = map_of(state)
    taken = set(hero_hexes(state)) | set(state.get("outsider", {}).get("hexes") or ())
    taken |= standing_towers(state) | set(m.nexus_hexes)
    taken |= {mn["hex"] for mn in state.get("minions", []) if mn["side"] == side}
    return {h for h in m.hexes if h not in m.dome and h not in taken}
