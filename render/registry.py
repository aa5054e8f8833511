"""Which drawing module draws which game. Each module has render_board(view, names, lang="en")
and render_hand(view, names, lang="en"), both returning PNG bytes with every word in `lang`
("en", "zh-TW", "zh-CN": the server's language for a channel picture, the person's own for a
private one)."""
from __future__ import annotations

import importlib
from types import ModuleType

BUILTIN_RENDERERS = {
    "battleline": "render.battleline",
    "battalia": "render.battalia",
    "skytear": "render.skytear",
    "clash_of_rage": "render.clash_of_rage",
    "civilization": "render.civilization",
}

_renderers: dict[str, ModuleType] = {}


def register(game: str, module) -> None:
    _renderers[game] = module


def get(game: str):
    """The game's drawing module: registered, shipped, `render/<game>.py`, else the text
    fallback (a game is playable before its pictures exist)."""
    if game not in _renderers:
        name = BUILTIN_RENDERERS.get(game, f"render.{game}")
        try:
            _renderers[game] = importlib.import_module(name)
        except ModuleNotFoundError as exc:
            if exc.name != name:
                raise
            from render import text
            _renderers[game] = text
    return _renderers[game]


def hand_content(game: str, view):
    """What the game's hand picture shows of `view` (its drawing module's `hand_content`: equal
    contents draw equal pictures); the whole view for a module that does not say."""
    content = getattr(get(game), "hand_content", None)
    return view if content is None else content(view)
