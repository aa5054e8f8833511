"""Hand-made Civilization positions on a custom map: an 8 x 8 field of four test tiles whose
squares the test writes as cell codes (the appendix's notation: "F P2" forest with 2 production,
"G" grassland, "W T1" water with 1 trade, "M P1 $1" mountain with a coin, "D T1 Silk" ...), all
face up, with no city or figure until the test places them."""
from __future__ import annotations

from engine.civilization import RULES, board, cities, flow, research

SIZE = 8


def blank(code: str = "G") -> list[list[str]]:
    return [[code] * SIZE for _ in range(SIZE)]


def grid_with(cells: dict[str, str], fill: str = "G") -> list[list[str]]:
    """A blank grid of `fill` with the given squares ({label: cell code}) written in."""
    grid = blank(fill)
    for lbl, code in cells.items():
        x, y = board.parse_label(lbl)
        grid[y][x] = code
    return grid


def field(monkeypatch, grid: list[list[str]], civs=("rome", "china"), phase="city", seed=1) -> dict:
    """A game of len(civs) players after setup, its map replaced by `grid` (rows top to bottom);
    turn 1, the given phase, seat 0 first and acting."""
    tiles = dict(board.tiles_data())
    placed = []
    for slot, (tx, ty) in enumerate(((0, 0), (4, 0), (0, 4), (4, 4))):
        tid = f"TEST{slot}"
        tiles[tid] = {"id": tid, "home": None, "cells": [row[tx:tx + 4] for row in grid[ty:ty + 4]]}
        placed.append({"slot": slot, "x": tx, "y": ty, "tile": tid, "face_up": True, "rotation": 0, "home": None})
    monkeypatch.setattr(board, "tiles_data", lambda: tiles)
    state = RULES.setup(len(civs), {"civilizations": list(civs), "first_player": 0}, seed)
    state["map"] = {"width": SIZE, "height": SIZE, "tiles": placed}
    state.update(phase=phase, turn=1, first=0, step_seat=0, setup=None, moved={}, city_done=[],
                 cities=[], figures=[], markers={}, buildings={}, wonders_at={}, great_people_at={})
    for area in state["seats"]:
        area["trade"] = 0
    return state


def city(state, seat: int, where: str, capital: bool = False) -> dict:
    x, y = board.parse_label(where)
    return cities.place_city(state, seat, x, y, capital)


def figure(state, seat: int, kind: str, where: str) -> dict:
    x, y = board.parse_label(where)
    return cities.place_figure(state, seat, kind, x, y)


def ids(state, seat: int = 0) -> list[str]:
    return flow.legal_ids(state, seat)


def act(state, seat: int, action_id: str) -> dict:
    """The state after a legal move (the test fails on an illegal one, naming the legal ones)."""
    assert action_id in ids(state, seat), (action_id, ids(state, seat)[:40])
    new, _ = RULES.apply(state, seat, action_id)
    return new


def learn(state, seat: int, tech: str, row: int | None = None) -> None:
    """The seat knows the tech (placed in the pyramid row of its level unless given)."""
    state["seats"][seat]["techs"].append({"id": tech, "row": row or research.level(tech)})
