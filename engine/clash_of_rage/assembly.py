"""The board assembled by the players (option `board: assembled`; spec section 3 step 1, seed setup
step 1: take as many region tiles as there are players and lay them out freely to form the board).
The default (`board: fixed`) is the preset layout of spec D4, and such a game's state is unchanged.

House rules (data/clash_of_rage/layouts.json, record "assembly"; the seed is silent on them):
- the players lay one tile each, in seat order (A1);
- the one laying a tile chooses any tile not yet laid, and its side (A2);
- the first tile lies at the centre; every other one lies edge to edge with a tile already laid, on
  the honeycomb of 7-hex tiles the fixed layouts use (its centre a neighbour of a laid tile's
  centre on that honeycomb, so it shares three edges with it and overlaps nothing) (A3);
- a tile may be turned any of the six ways (A4).
When the last tile is laid, the elves take their places (setup step 2, flow.apply) and round 1
opens.

State: `state["tiles"]`: the tiles laid, in order (slot k = k-th tile: {"slot", "centre", "side",
"rotation"}, as board.build takes them; the hexes of slot k are "kC", "kN"...); `state["phase"]`
is "assembly" until the board is whole. Action id: "tile:<side>:<spot>:<rotation>", e.g.
"tile:3B:1SE:2": side B of tile 3, beside tile 1's SE hex, turned 2 × 60° clockwise. A spot is
named by the lowest laid tile it touches and the direction of that tile's hex it faces most
("first" for the first tile)."""
from __future__ import annotations

from functools import lru_cache

from engine.base import Event, IllegalAction
from engine.text import Msg, Seat

from . import board, data

PHASE = "assembly"
ACTION = "tile:"
FIRST = "first"
FIXED, ASSEMBLED = "fixed", "assembled"
MODES = (FIXED, ASSEMBLED)
# the honeycomb of tiles (A3): a neighbour's centre offset, by the direction of the laid tile's hex
# it faces most (rotating (2, 1), the SE one, 60 degrees clockwise each time)
SPOT_DIRECTIONS = dict(zip(("SE", "S", "SW", "NW", "N", "NE"), map(tuple, data.assembly()["neighbours"])))


def assembling(state: dict) -> bool:
    return state.get("phase") == PHASE


def assembled(state: dict) -> bool:
    """True for a game whose board the players assemble (laid or being laid)."""
    return "tiles" in state


def begin(state: dict) -> None:
    """Setup step 1 with `board: assembled`: no tile laid yet, the first seat lays the first."""
    state["tiles"] = []
    state["phase"] = PHASE


def active_seats(state: dict) -> list[int]:
    """A1: seat k lays the (k+1)-th tile."""
    laid = len(state["tiles"])
    return [laid] if assembling(state) and laid < state["players"] else []


def tiles_left(state: dict) -> list[int]:
    """A2: the region tiles not yet laid (each tile once, whichever side)."""
    used = {t["side"][:-1] for t in state["tiles"]}
    return sorted({int(s["id"][:-1]) for s in data.tile_sides()} - {int(u) for u in used})


def spots(state: dict) -> dict[str, tuple[int, int]]:
    """A3: where the next tile may go: spot name -> its centre."""
    return _spots(tuple((tuple(t["centre"])) for t in state["tiles"]))


@lru_cache(maxsize=256)
def _spots(centres: tuple[tuple[int, int], ...]) -> dict[str, tuple[int, int]]:
    if not centres:
        return {FIRST: tuple(data.assembly()["first"])}
    taken = set(centres)
    out: dict[str, tuple[int, int]] = {}
    seen = set()
    for slot, (q, r) in enumerate(centres, 1):
        for direction, (dq, dr) in SPOT_DIRECTIONS.items():
            c = (q + dq, r + dr)
            if c in taken or c in seen:
                continue
            seen.add(c)
            out[f"{slot}{direction}"] = c
    return out


def legal_actions(state: dict, seat: int) -> list[str]:
    if seat not in active_seats(state):
        return []
    return [f"{ACTION}{n}{side}:{spot}:{turn}" for n in tiles_left(state) for side in "AB"
            for spot in spots(state) for turn in range(data.assembly()["rotations"])]


def parse(action_id: str) -> tuple[str, str, int] | None:
    """(side id, spot, rotation) of a tile action id, or None."""
    if not action_id.startswith(ACTION):
        return None
    parts = action_id[len(ACTION):].split(":")
    if len(parts) != 3 or not parts[2].isdigit():
        return None
    return parts[0], parts[1], int(parts[2])


def apply(state: dict, seat: int, action_id: str) -> list[Event]:
    if action_id not in legal_actions(state, seat):
        raise IllegalAction(Msg("That is not an action you can take now."))
    side, spot, turn = parse(action_id)
    slot = len(state["tiles"]) + 1
    state["tiles"].append({"slot": slot, "centre": list(spots(state)[spot]), "side": side, "rotation": turn})
    events = [Event(Msg("{player} lays region tile {side} as tile {slot} ({where}, turned {degrees}°).",
                        player=Seat(seat), side=side, slot=slot, where=spot_text(spot), degrees=60 * turn))]
    if len(state["tiles"]) == state["players"]:
        state["phase"] = "tactics"     # the caller places the elves on the finished board (setup step 2)
        events.append(Event(Msg("The board is assembled: the elves take the cities and the forges.")))
    return events


def spot_text(spot: str) -> Msg:
    if spot == FIRST:
        return Msg("at the centre")
    return Msg("beside {hex}", hex=spot)


def bare_board(state: dict) -> board.Board:
    """The tiles laid so far (the whole board once assembled)."""
    return board_of_tiles(tiles_laid(state))


def tiles_laid(state: dict) -> tuple:
    """The tiles laid so far as a hashable key (slot, centre, side, rotation each)."""
    return tuple((t["slot"], tuple(t["centre"]), t["side"], t["rotation"]) for t in state["tiles"])


@lru_cache(maxsize=256)
def board_of_tiles(tiles: tuple) -> board.Board:
    return board.build([{"slot": s, "centre": c, "side": side, "rotation": rot} for s, c, side, rot in tiles])


def landing(side_id: str, rotation: int) -> dict[str, str]:
    """Where each feature of a tile side lands when turned: terrain -> board direction
    ("C" for the centre); plain hexes left out."""
    side = data.tile_side(side_id)
    return {terrain: board.rotate(pos, rotation) for pos, terrain in side["hexes"].items() if terrain != "plain"}
