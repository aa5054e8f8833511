"""What a game's Discord side declares (its frequent-move buttons, its own components), kept
in one registry the presenter reads; a game that declares nothing gets the generic move
toolkit (step picker and buttons over its action paths)."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable


@dataclass(frozen=True)
class Batch:
    """Several moves of one kind in one form (cogs/ui/form.py): one menu per thing that acts (a
    figure, a city), each offering that thing's moves; the chosen ones are played in order."""
    title: Any                    # the form's title and its button's label (a Msg)
    firsts: frozenset[str]        # the first path steps of the moves it takes
    subject: int = 1              # the path step naming what acts: one menu for each
    then: str = ""                # a move id the form may end with (a box, ticked): "done"
    then_label: Any = ""          # the box's label (a Msg)


@dataclass
class GameUI:
    buttons: frozenset[str] = frozenset()   # first path steps whose moves show as buttons
    items: tuple = field(default=())        # the game's own DynamicItem classes
    # first path steps whose whole move is also offered as one form (cogs/ui/form.py), each
    # with the names of the form's steps (Msgs), in path order
    forms: dict[str, tuple] = field(default_factory=dict)
    batches: tuple[Batch, ...] = ()          # several moves of one kind in one form
    # a move the UI makes by itself right after a player's move made by clicks or a form, as
    # the player set it (Battle Line's draw from the deck last chosen): async (client, match,
    # seat, legal actions now (none when the seat is not asked), the id of the move just made)
    # -> the Action to play, or None
    follow: Callable[..., Any] | None = None
    # seconds the move `follow` names waits before it is played (None: played at once): the
    # player may take back their own move meanwhile (/match undo) or make it now (Battalia's
    # "end the turn", which draws: once it is made, the move before it can no longer be taken back)
    follow_window: float | None = None
    # the game's own components on the hand, after the moves: (match, actions, lang) -> items
    extras: Callable[..., list] | None = None
    # first path steps whose whole moves are also one menu on the hand, one choice a move,
    # in the engine's order (cogs/ui/form.py, WholeMoveSelect: Clash of Rage's group moves)
    wholes: frozenset[str] = frozenset()


_uis: dict[str, GameUI] = {}


def register(game: str, ui: GameUI) -> None:
    _uis[game] = ui


def unregister(game: str) -> None:
    _uis.pop(game, None)


def ui_for(game: str) -> GameUI:
    return _uis.get(game) or GameUI()
