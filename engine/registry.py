"""Where the match service and the cogs look games up by name. Every game is held as an
`engine.base.Game` (its declaration checked when it registers), so the rest of the bot calls
any hook directly and never asks whether a game has it."""
from __future__ import annotations

import importlib

from engine.base import Game, as_game, check_game

# name -> module path of the games shipped to players; each module exposes `RULES`.
BUILTIN_GAMES = {
    "battleline": "engine.battleline",
    "battalia": "engine.battalia",
    "skytear": "engine.skytear",
    "clash_of_rage": "engine.clash_of_rage",
    "civilization": "engine.civilization",
}

_games: dict[str, Game] = {}


def register(rules) -> Game:
    """Add a game (tests register their own small game this way); its declaration is checked."""
    game = as_game(rules)
    check_game(game)
    _games[game.name] = game
    return game


def get(name: str) -> Game:
    if name not in _games and name in BUILTIN_GAMES:
        register(importlib.import_module(BUILTIN_GAMES[name]).RULES)
    try:
        return _games[name]
    except KeyError:
        raise KeyError(f"unknown game {name!r}") from None


def all_games() -> list[Game]:
    """Every game registered so far, in registration order."""
    return list(_games.values())


def load_builtin() -> list[Game]:
    """Import every shipped game; return them in a stable order."""
    return [get(name) for name in BUILTIN_GAMES]
