"""What a game's Discord side declares (its frequent-move buttons, its own components), kept
in one registry the presenter reads; a game that declares nothing gets the generic move
toolkit (step picker and buttons over its action paths)."""
from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class GameUI:
    buttons: frozenset[str] = frozenset()   # first path steps whose moves show as buttons
    items: tuple = field(default=())        # the game's own DynamicItem classes


_uis: dict[str, GameUI] = {}


def register(game: str, ui: GameUI) -> None:
    _uis[game] = ui


def unregister(game: str) -> None:
    _uis.pop(game, None)


def ui_for(game: str) -> GameUI:
    return _uis.get(game) or GameUI()
