"""Where the match service and the cogs look games up by name."""
from __future__ import annotations

import importlib

from engine.base import GameRules

# name -> module path of the games shipped to players; each module exposes `RULES`.
BUILTIN_GAMES = {
    "battleline": "engine.battleline",
    "battalia": "engine.battalia",
    "skytear": "engine.skytear",
    "clash_of_rage": "engine.clash_of_rage",
    "civilization": "engine.civilization",
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


def all_games() -> list[GameRules]:
    """Every game registered so far, in registration order."""
    return list(_games.values())


def load_builtin() -> list[GameRules]:
    """Import every shipped game; return them in a stable order."""
    return [get(name) for name in BUILTIN_GAMES]
