"""The engine contract every game implements (see DESIGN.md, "The engine contract").

A game is a module (or object) exposing the attributes of `GameRules`. State is a plain
JSON-serialisable dict that carries its own RNG (see `engine.rng`), so replaying the action
log from the seed reproduces it exactly. Engines never mutate the state they are given:
`apply` returns a new state.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Protocol

SEAT_REFERENCE = re.compile(r"\bPlayer (\d)\b")


def name_seats(text: str, names: list[str]) -> str:
    """Put players' names in place of the "Player N" (N = seat + 1) that engine texts use."""
    def name(m: re.Match) -> str:
        n = int(m.group(1)) - 1
        return names[n] if 0 <= n < len(names) else m.group(0)
    return SEAT_REFERENCE.sub(name, text)

Seat = int
State = dict[str, Any]


class IllegalAction(Exception):
    """A move the rules forbid. `message` is shown to the player as is."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass(frozen=True)
class Action:
    """One legal move. `id` is stable (the same move has the same id in every call) and is
    what gets stored in the action log; `label` is what a player reads in a select menu;
    `group` lets a UI split long lists (select menus hold 25 options at most)."""

    id: str
    label: str
    group: str = ""


@dataclass
class Event:
    """Something that happened. `public` may be posted in a channel; `private` maps a seat
    to text only that seat may read. Texts name seats "Player N" with N = seat + 1: the
    Discord layer puts the players' names in their place. `hidden` is True when the move drew, shuffled or
    revealed hidden information or used randomness (such a move cannot be undone)."""

    public: str
    private: dict[Seat, str] = field(default_factory=dict)
    hidden: bool = False


@dataclass
class Result:
    """The end of a game: `winners` (seats; several for a shared win), `scores` per seat
    (may be empty), and a sentence saying why it ended."""

    winners: list[Seat]
    scores: dict[Seat, int] = field(default_factory=dict)
    reason: str = ""

    def to_dict(self) -> dict:
        return {"winners": list(self.winners), "scores": {str(k): v for k, v in self.scores.items()},
                "reason": self.reason}

    @classmethod
    def from_dict(cls, d: dict) -> "Result":
        return cls(list(d["winners"]), {int(k): v for k, v in d.get("scores", {}).items()}, d.get("reason", ""))


class GameRules(Protocol):
    """What the registry holds for each game."""

    name: str            # short id used in commands and the database, e.g. "battleline"
    title: str           # human title, e.g. "Battle Line"
    min_players: int
    max_players: int

    def setup(self, players: int, options: dict, seed: int) -> State: ...
    def active_players(self, state: State) -> set[Seat]: ...
    def legal_actions(self, state: State, seat: Seat) -> list[Action]: ...
    def apply(self, state: State, seat: Seat, action_id: str) -> tuple[State, list[Event]]: ...
    def view(self, state: State, viewer: Seat | None) -> dict: ...
    def result(self, state: State) -> Result | None: ...
    # the computer player: a legal action id for `seat`, decided from view(state, seat) only
    def ai_choose(self, state: State, seat: Seat, seed: int) -> str: ...
