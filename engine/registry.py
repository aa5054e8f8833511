"""Where the match service and the cogs look games up by name."""
from __future__ import annotations

import importlib

from engine.base import GameRules

# name -> module path of the games shipped to players; each module exposes `RULES`.
BUILTIN_GAMES = {
    "battleline": "engine.battleline",
}

_games: dict[str, GameRules] = {}


def register(rules: GameRules) -> None:
    """Add a game (tests register their own small game this way)."""
    _games[rules.name] = rules


def get(name: str) -> GameRules:
    if name not in _games and name in BUILTIN_GAMES:
        register(importlib.import_module(BUILTIN_GAMES[name]).RULES)
    try:
        return _games[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}") from None


def load_builtin() -> list[GameRules]:
    """Import every shipped game that is present; return them in a stable order."""
    out = []
    for name, module in BUILTIN_GAMES.items():
        try:
            out.append(get(name))
        except ModuleNotFoundError as exc:  # a game package not yet present in this tree
            if exc.name and exc.name.startswith(module):
                continue
            raise
    return out
