"""Which drawing module draws which game. Each module has render_board(view, names) and
render_hand(view, names), both returning PNG bytes."""
from __future__ import annotations

import importlib
from types import ModuleType

BUILTIN_RENDERERS = {
    "battleline": "render.battleline",
    "battalia": "render.battalia",
}

_renderers: dict[str, ModuleType] = {}


def register(game: str, module) -> None:
    _renderers[game] = module


def get(game: str):
    if game not in _renderers:
        _renderers[game] = importlib.import_module(BUILTIN_RENDERERS[game])
    return _renderers[game]
