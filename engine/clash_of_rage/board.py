"""Board geometry of Clash of Rage: the hex map of a layout built from its region tiles.

Flat-top hexes in axial coordinates (q, r) (spec D4). A tile side is a 7-hex flower (spec D3):
centre C and the six neighbours N, NE, SE, S, SW, NW. A tile laid in slot k with rotation t turns
its positions clockwise by t steps of 60 degrees; the hex then lying in board direction P from
slot k's centre is labelled `kP` (e.g. "2NE", "3C"), so labels do not depend on rotation.
Stronghold cells are off-board hexes labelled "H1".."H4" by seat (spec D6).
Pure functions over a `Board`; nothing here reads anything but the data module.
"""
from __future__ import annotations

import re
from collections import deque
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Iterable, Mapping

from engine.clash_of_rage import data

# board directions in clockwise order, as axial offsets (spec D4)
DIRECTIONS: dict[str, tuple[int, int]] = {
    "N": (0, -1), "NE": (1, -1), "SE": (1, 0), "S": (0, 1), "SW": (-1, 1), "NW": (-1, 0)}
CLOCKWISE = tuple(DIRECTIONS)
STRONGHOLD_PREFIX = "H"
_LABEL = re.compile(r"^(\d)(C|N|NE|SE|S|SW|NW)$|^H(\d)$")


@dataclass(frozen=True)
class Hex:
    label: str
    q: int
    r: int
    terrain: str                # plain, mountain, city, forge, stone, or stronghold
    stone_tier: int | None = None
    seat: int | None = None     # the owner of a stronghold cell


@dataclass
class Board:
    """A hex map: label -> Hex, with neighbour lists built once."""
    hexes: dict[str, Hex]
    at: dict[tuple[int, int], str] = field(init=False)
    neighbours: dict[str, tuple[str, ...]] = field(init=False)

    def __post_init__(self) -> None:
        self.at = {(h.q, h.r): lbl for lbl, h in self.hexes.items()}
        if len(self.at) != len(self.hexes):
            raise ValueError("two hexes share coordinates")
        self.neighbours = {
            lbl: tuple(self.at[(h.q + dq, h.r + dr)] for dq, dr in DIRECTIONS.values()
                       if (h.q + dq, h.r + dr) in self.at)
            for lbl, h in self.hexes.items()}

    def territories(self) -> list[str]:
        """Region-tile hexes (everything but stronghold cells)."""
        return [l for l, h in self.hexes.items() if h.terrain != "stronghold"]

    def of_terrain(self, terrain: str) -> list[str]:
        return [l for l, h in self.hexes.items() if h.terrain == terrain]

    def terrain(self, label: str) -> str:
        return self.hexes[label].terrain

    def strongholds(self) -> dict[int, str]:
        """Seat -> stronghold label."""
        return {h.seat: l for l, h in self.hexes.items() if h.terrain == "stronghold"}


def rotate(position: str, steps: int) -> str:
    """A tile position turned clockwise by `steps` * 60 degrees (the centre stays)."""
    if position == "C":
        return "C"
    return CLOCKWISE[(CLOCKWISE.index(position) + steps) % 6]


def tile_hexes(slot: int, centre: tuple[int, int], side_id: str, rotation: int) -> list[Hex]:
    side = data.tile_side(side_id)
    out = []
    for pos, terrain in side["hexes"].items():
        board_pos = rotate(pos, rotation)
        dq, dr = (0, 0) if board_pos == "C" else DIRECTIONS[board_pos]
        out.append(Hex(f"{slot}{board_pos}", centre[0] + dq, centre[1] + dr, terrain,
                       side["stone_tier"] if terrain == "stone" else None))
    return out


def build(tiles: Iterable[Mapping], strongholds: Iterable[Iterable[int]] = ()) -> Board:
    """A board from tile placements ({"slot", "centre", "side", "rotation"}) and optional
    stronghold cells (seat i+1 at the i-th cell)."""
    hexes: dict[str, Hex] = {}
    for t in tiles:
        for h in tile_hexes(int(t["slot"]), tuple(t["centre"]), t["side"], int(t.get("rotation", 0))):
            hexes[h.label] = h
    for seat, (q, r) in enumerate(strongholds, 1):
        lbl = f"{STRONGHOLD_PREFIX}{seat}"
        hexes[lbl] = Hex(lbl, q, r, "stronghold", seat=seat)
    return Board(hexes)


@lru_cache(maxsize=None)
def layout_board(players: int, with_strongholds: bool = True) -> Board:
    """The preset board for 2-4 players (spec D4), with the default stronghold cells."""
    lay = data.layout(players)
    return build(lay["tiles"], lay["strongholds"] if with_strongholds else ())


def parse_label(text: str) -> str | None:
    """A label as a player might type it ("2ne", " 3c ", "h1") in canonical form, or None."""
    t = text.strip().upper()
    return t if _LABEL.match(t) else None


def distance(board: Board, a: str, b: str) -> int:
    """Hex distance between two hexes, ignoring terrain."""
    ha, hb = board.hexes[a], board.hexes[b]
    dq, dr = ha.q - hb.q, ha.r - hb.r
    return (abs(dq) + abs(dr) + abs(dq + dr)) // 2


def is_connected(board: Board, labels: Iterable[str]) -> bool:
    """True when the given hexes form one edge-connected group."""
    group = set(labels)
    if not group:
        return True
    start = next(iter(group))
    seen, todo = {start}, [start]
    while todo:
        for n in board.neighbours[todo.pop()]:
            if n in group and n not in seen:
                seen.add(n)
                todo.append(n)
    return seen == group


def legal_stronghold_cells(board: Board, placed: Iterable[tuple[int, int]] = ()) -> set[tuple[int, int]]:
    """Off-board cells where a stronghold may go (spec D6, R27): edge-adjacent to a non-mountain
    territory and not edge-adjacent to (nor on) an already placed stronghold cell."""
    taken = set(map(tuple, placed))
    cells = set()
    for lbl in board.territories():
        h = board.hexes[lbl]
        if h.terrain == "mountain":
            continue
        for dq, dr in DIRECTIONS.values():
            c = (h.q + dq, h.r + dr)
            if c in board.at and board.hexes[board.at[c]].terrain != "stronghold":
                continue
            if c in taken or any((c[0] + a, c[1] + b) in taken for a, b in DIRECTIONS.values()):
                continue
            cells.add(c)
    return cells


def reachable(board: Board, start: str, movement: int, *, flying: bool = False,
              enemies: Mapping[str, int] | None = None, friends: Mapping[str, int] | None = None,
              seat: int | None = None) -> dict[str, int]:
    """Hexes where a unit (or hero) starting at `start` may end its move, with the fewest
    movement points needed (spec 5.7).

    enemies: hex -> enemy models there (elves or other players); friends: hex -> the mover's own
    units already there, heroes NOT counted (R40). Each step costs 1 (R36). A walker cannot
    enter mountains (R3, R37) and must stop on entering an enemy hex (R38) unless its friends
    there are at least as many as the enemies (flanking, R39/D19). A flyer crosses mountains and
    ignores enemies but may not end on a mountain (R41, D20). Nobody enters another seat's
    stronghold (R7, R42)."""
    enemies = enemies or {}
    friends = friends or {}
    cost = {start: 0}
    todo = deque([start])
    while todo:
        here = todo.popleft()
        if here != start and not flying and _must_stop(here, enemies, friends):
            continue  # stopped: the move ends here
        if cost[here] == movement:
            continue
        for n in board.neighbours[here]:
            h = board.hexes[n]
            if n in cost:
                continue
            if h.terrain == "stronghold" and h.seat != seat:
                continue
            if h.terrain == "mountain" and not flying:
                continue
            cost[n] = cost[here] + 1
            todo.append(n)
    return {l: c for l, c in cost.items() if l != start and board.hexes[l].terrain != "mountain"}


def _must_stop(label: str, enemies: Mapping[str, int], friends: Mapping[str, int]) -> bool:
    foes = enemies.get(label, 0)
    return foes > 0 and friends.get(label, 0) < foes
