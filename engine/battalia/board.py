"""The 7x7 map: coordinates (G30), road matching and placement (R45), connection (G13),
movement (R82, R126/G33), impassable squares (R120/G25) and the full-board test (R119, R122)."""
from __future__ import annotations

import heapq

from engine.text import Msg

from . import data

SIZE = 7
DIRS = [(0, -1), (1, 0), (0, 1), (-1, 0)]  # N E S W (edge index 0..3)
EDGE_NAMES = "NESW"
EDGE_WORDS = (Msg("N"), Msg("E"), Msg("S"), Msg("W"))  # the compass letters a player reads


def sq_name(x: int, y: int) -> str:
    return f"{'abcdefg'[x]}{y + 1}"


def sq_xy(sq: str) -> tuple[int, int]:
    return "abcdefg".index(sq[0]), int(sq[1:]) - 1


def valid_sq(sq: str) -> bool:
    return len(sq) == 2 and sq[0] in "abcdefg" and sq[1] in "1234567"


ALL_SQUARES = [sq_name(x, y) for y in range(SIZE) for x in range(SIZE)]


def _neighbour(sq: str, edge: int) -> str | None:
    x, y = sq_xy(sq)
    dx, dy = DIRS[edge]
    nx, ny = x + dx, y + dy
    if 0 <= nx < SIZE and 0 <= ny < SIZE:
        return sq_name(nx, ny)
    return None


# the neighbours of every square, worked out once (a move list asks tens of thousands of times)
_NEIGHBOURS = {(sq, edge): _neighbour(sq, edge) for sq in ALL_SQUARES for edge in range(4)}


def neighbour(sq: str, edge: int) -> str | None:
    return _NEIGHBOURS[(sq, edge)]


def rotate(exits: list[int], rot: int) -> list[int]:
    return sorted((e + rot) % 4 for e in exits)


def shape_exits(kind: str, shape: str) -> list[int]:
    t = data.terrain()
    if kind == "city":
        return t["city_shapes"][shape]["exits"]
    if kind == "road":
        return t["road_shapes"][shape]["exits"]
    return t["ruins"]["exits"]


def distinct_rotations(kind: str, shape: str) -> list[int]:
    """Rotations giving different exit sets (a crossroads has one, a straight road two)."""
    seen, out = set(), []
    for r in range(4):
        key = tuple(rotate(shape_exits(kind, shape), r))
        if key not in seen:
            seen.add(key)
            out.append(r)
    return out


def exits_text(exits: list[int]) -> Msg:
    """Edge indexes as compass letters: [0, 1, 2] -> "N E S"."""
    text = EDGE_WORDS[exits[-1]]
    for e in reversed(exits[:-1]):
        text = Msg("{edge} {edges}", edge=EDGE_WORDS[e], edges=text)
    return text


def rotation_label(kind: str, shape: str, rot: int) -> Msg:
    """How a rotation reads for a card of this kind and shape: "Rotation 1: roads E S W"."""
    return Msg("Rotation {rotation}: roads {exits}", rotation=rot,
               exits=exits_text(rotate(shape_exits(kind, shape), rot)))


def tile_exits(tile: dict) -> list[int]:
    return rotate(shape_exits(tile["kind"], tile["shape"]), tile["rot"])


def playable(state: dict, sq: str) -> bool:
    """Removed squares (2/3 players, R129-R130) are treated as non-existent."""
    return sq not in state["removed"]


def empty_squares(state: dict) -> list[str]:
    return [s for s in ALL_SQUARES if playable(state, s) and s not in state["board"] and s not in state["impassable"]]


def edges_ok(state: dict, sq: str, exits: list[int], is_city: bool) -> bool:
    """R45(c) no orthogonal city neighbour for a city; R45(d) roads meet roads on every shared edge.
    Removed and impassable squares behave like the outside of the board (G8, R45(e))."""
    for e in range(4):
        n = neighbour(sq, e)
        if n is None or n not in state["board"]:
            continue
        tile = state["board"][n]
        if is_city and tile["kind"] == "city":
            return False
        has_here = e in exits
        has_there = (e + 2) % 4 in tile_exits(tile)
        if has_here != has_there:
            return False
    return True


def touches_built(state: dict, sq: str) -> bool:
    """R45(b): shares a full edge with an already built card."""
    return any(neighbour(sq, e) in state["board"] for e in range(4) if neighbour(sq, e))


def road_links(state: dict, sq: str) -> list[str]:
    """Squares joined to sq by a road on both facing edges (R82, G13)."""
    tile = state["board"].get(sq)
    if tile is None:
        return []
    out = []
    for e in tile_exits(tile):
        n = neighbour(sq, e)
        if n is None or n not in state["board"]:
            continue
        if (e + 2) % 4 in tile_exits(state["board"][n]):
            out.append(n)
    return out


def is_own_city(state: dict, seat: int, sq: str) -> bool:
    tile = state["board"].get(sq)
    if tile is None:
        return False
    if tile["kind"] == "city" and tile.get("owner") == seat:
        return True
    # G26c: in scenario 2 the Ruins works like a public city of every player
    return tile["kind"] == "ruins" and state["options"]["variant"] == "scenario2"


def cities_of(state: dict, seat: int) -> list[str]:
    return [s for s, t in state["board"].items() if t["kind"] == "city" and t.get("owner") == seat]


def own_network(state: dict, seat: int) -> set[str]:
    """Built squares joined by roads to a city of the player (G13)."""
    start = [s for s in state["board"] if is_own_city(state, seat, s)]
    seen = set(start)
    stack = list(start)
    while stack:
        cur = stack.pop()
        for n in road_links(state, cur):
            if n not in seen:
                seen.add(n)
                stack.append(n)
    return seen


def connected_to_own_city(state: dict, seat: int, sq: str, exits: list[int], network: set[str] | None = None) -> bool:
    """G13: a road path of built cards from the new card to a city of the builder."""
    if network is None:
        network = own_network(state, seat)
    for e in exits:
        n = neighbour(sq, e)
        if n and n in network and (e + 2) % 4 in tile_exits(state["board"][n]):
            return True
    return False


def placement_ok(state: dict, seat: int, sq: str, kind: str, shape: str, rot: int,
                 network: set[str] | None = None) -> Msg | None:
    """None if legal, else the reason (R45, R46)."""
    if not valid_sq(sq) or not playable(state, sq):
        return Msg("That square is not part of the board.")
    if sq in state["board"] or sq in state["impassable"]:
        return Msg("That square is not empty.")  # R45a
    if not touches_built(state, sq):  # R45b
        return Msg("The card must share an edge with a card already on the board.")
    exits = rotate(shape_exits(kind, shape), rot)
    if not edges_ok(state, sq, exits, kind == "city"):
        if kind == "city" and any(state["board"].get(neighbour(sq, e) or "", {}).get("kind") == "city" for e in range(4)):
            return Msg("Two cities may not share an edge.")  # R45c
        return Msg("Roads must meet roads on every shared edge, and no road may end against a card's side.")  # R45d
    free_city = kind == "city" and not cities_of(state, seat)  # R46
    if not free_city and not connected_to_own_city(state, seat, sq, exits, network):
        return Msg("The card must be connected by road to one of your cities.")  # R45f
    return None


def legal_placements(state: dict, seat: int, kind: str, shape: str, first_only: bool = False) -> list[tuple[str, int]]:
    network = own_network(state, seat)
    out = []
    for sq in empty_squares(state):
        if not touches_built(state, sq):
            continue
        for rot in distinct_rotations(kind, shape):
            if placement_ok(state, seat, sq, kind, shape, rot, network) is None:
                out.append((sq, rot))
                if first_only:
                    return out
    return out


def sealed(state: dict, sq: str) -> bool:
    """R120 with R45(f): no card can ever be placed on this empty square by the rules, because no
    road can ever reach it. The empty squares joined to it (its region) are bounded only by built
    cards without a road on the facing edge (R45d keeps a new card's road off that edge, and built
    cards never leave the board, R51) and by squares outside play (the board's edge, removed and
    impassable squares), so nothing placed in the region can ever be joined to a city. A player
    without a city places a new city freely (R46), so while one has none no square is sealed."""
    region, todo = {sq}, [sq]
    while todo:
        cur = todo.pop()
        for e in range(4):
            n = neighbour(cur, e)
            if n is None or not playable(state, n) or n in state["impassable"]:
                continue
            tile = state["board"].get(n)
            if tile is None:
                if n not in region:
                    region.add(n)
                    todo.append(n)
            elif (e + 2) % 4 in tile_exits(tile):
                return False  # a road leads into the region
    return all(cities_of(state, s) for s in range(state["n"]))


def update_impassable(state: dict) -> list[str]:
    """R120/G25: an empty square no remaining city/road card fits (R45c, R45d, any rotation), or
    one no road can ever reach (sealed: R45f can never hold there), becomes impassable for good.
    Returns the squares newly marked."""
    remaining = [("city", s) for s, d in state["pool"]["cities"].items() if d]
    remaining += [("road", s) for s, d in state["pool"]["roads"].items() if d]
    newly = []
    for sq in empty_squares(state):
        fits = any(edges_ok(state, sq, rotate(shape_exits(k, s), r), k == "city")
                   for k, s in remaining for r in distinct_rotations(k, s))
        if not fits or sealed(state, sq):
            state["impassable"].append(sq)
            newly.append(sq)
    return newly


def board_full(state: dict) -> bool:
    """R119 with R120/R122: no empty playable square is left."""
    return not empty_squares(state)


def step_cost(state: dict, seat: int, sq: str) -> int:
    """G33: in the Advanced game a step onto a home-terrain card is free (R126)."""
    if not state["options"].get("advanced"):
        return 1
    tile = state["board"][sq]
    return 0 if tile.get("terrain") and tile["terrain"] == state["players"][seat]["faction"] else 1


def move_costs(state: dict, seat: int, start: str) -> dict[str, tuple[int, list[str]]]:
    """Cheapest cost (and path) from start to every reachable square along roads (R82)."""
    best: dict[str, tuple[int, list[str]]] = {start: (0, [start])}
    heap = [(0, 0, start)]
    counter = 1
    while heap:
        cost, _, cur = heapq.heappop(heap)
        if cost > best[cur][0]:
            continue
        for n in road_links(state, cur):
            if n in state["impassable"]:
                continue
            c = cost + step_cost(state, seat, n)
            if n not in best or c < best[n][0]:
                best[n] = (c, best[cur][1] + [n])
                heapq.heappush(heap, (c, counter, n))
                counter += 1
    return best


def retreat_targets(state: dict, start: str, steps: tuple[int, ...]) -> dict[str, int]:
    """G32: squares reached by a simple road path of exactly 2 or 3 steps (by `steps`); value = steps."""
    out: dict[str, int] = {}

    def walk(cur: str, path: list[str]):
        k = len(path) - 1
        if k in steps and cur != start and (cur not in out or out[cur] > k):
            out[cur] = k
        if k >= max(steps):
            return
        for n in road_links(state, cur):
            if n not in path and n not in state["impassable"]:
                walk(n, path + [n])

    walk(start, [start])
    return out
