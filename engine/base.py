"""The engine contract every game implements (see DESIGN.md, "The engine contract").

A game is a module (or object) exposing the attributes of `GameRules`. State is a plain
JSON-serialisable dict that carries its own RNG (see `engine.rng`), so replaying the action
log from the seed reproduces it exactly. Engines never mutate the state they are given:
`apply` returns a new state.
"""
from __future__ import annotations

import json
import marshal
import re
from dataclasses import dataclass, field
from typing import Any, Protocol

from engine.text import Msg, clip, from_json, to_json, with_names
from engine.text import Seat as Seat_

SEAT_REFERENCE = re.compile(r"\bPlayer (\d)\b")


def name_seats(text, names: list[str]):
    """Put players' names in place of the seats a text names: a `Msg`'s `Seat` arguments (it
    stays a Msg, to be read in any language), or the "Player N" (N = seat + 1) of plain text."""
    if isinstance(text, dict) and "msg" in text:
        text = from_json(text)
    if isinstance(text, (Msg, Seat_, list, tuple)):
        return with_names(text, names)
    def name(m: re.Match) -> str:
        n = int(m.group(1)) - 1
        return names[n] if 0 <= n < len(names) else m.group(0)
    return SEAT_REFERENCE.sub(name, text)

Seat = int
State = dict[str, Any]


def copy_state(state: dict) -> dict:
    """A deep copy of a JSON state for a move to change. marshal (format 2: no shared references,
    so no list is ever aliased in the copy) is several times faster than a JSON round trip and
    gives the same dicts, lists, strings and numbers; anything marshal refuses (a str subclass
    such as Msg) goes through JSON."""
    try:
        return marshal.loads(marshal.dumps(state, 2))
    except ValueError:
        return json.loads(json.dumps(state))


class IllegalAction(Exception):
    """A move the rules forbid. `message` (a Msg) is shown to the player in their language."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


CHOICE_TEXT = 100  # a choice's label or description a UI can show whole (Discord's select limit)


def fit_choice(text: str) -> str:
    """A label or description cut to what a UI shows whole (a `Msg` stays one)."""
    return clip(text, CHOICE_TEXT)


@dataclass(frozen=True)
class Choice:
    """One step of a move's path: `value` is a short token unique among the choices offered
    at that step (never shown), `label` what a player reads (at most 100 characters),
    `description` an optional hint under it (at most 100)."""

    value: str
    label: str
    description: str = ""


@dataclass(frozen=True)
class Action:
    """One legal move. `id` is stable (the same move has the same id in every call) and is
    what gets stored in the action log; `label` is what a player reads in a select menu;
    `group` lets a UI split long lists (select menus hold 25 options at most).

    `path` is the move as the choices a player makes one after another, e.g. play → Red 7 →
    flag 3. A UI walks it step by step and never parses `id`. Moves that share a first step
    share its value and label. A game that gives no path gets `steps()`: its group, then
    the move itself."""

    id: str
    label: str
    group: str = ""
    path: tuple[Choice, ...] = ()

    def steps(self) -> tuple[Choice, ...]:
        if self.path:
            return self.path
        head = (Choice("g:" + self.group, self.group),) if self.group else ()
        return head + (Choice(self.id, self.label),)


@dataclass
class Event:
    """Something that happened. `public` may be posted in a channel; `private` maps a seat
    to text only that seat may read. Texts are `Msg`s (engine/text.py) that name seats with
    `Seat(n)` arguments: the Discord layer writes them in the reader's language with the
    players' names. `hidden` is True when the move drew, shuffled or
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
                "reason": to_json(self.reason)}

    @classmethod
    def from_dict(cls, d: dict) -> "Result":
        return cls(list(d["winners"]), {int(k): v for k, v in d.get("scores", {}).items()},
                   from_json(d.get("reason", "")))


@dataclass(frozen=True)
class Option:
    """A match option a game declares: `/match new`, the challenge commands, the rules help
    and the board's options line all read it. `name` is the key stored in the match's
    options; `kind` is "int", "bool" or "choice" (`choices`: (value, label) pairs)."""

    name: str
    kind: str
    default: Any
    description: str
    label: str = ""                      # short name on the board's options line
    choices: tuple[tuple[str, str], ...] = ()
    min: int | None = None
    max: int | None = None
    command: str = ""                    # the slash-command option's name (default: `name`)

    @property
    def param(self) -> str:
        return self.command or self.name

    def parse(self, raw: Any) -> Any:
        """The stored value for a given one; IllegalAction with a sentence when it is not one."""
        if raw is None:
            return self.default
        if self.kind == "bool":
            if isinstance(raw, bool):
                return raw
            text = str(raw).strip().lower()
            if text in ("1", "true", "yes", "on"):
                return True
            if text in ("0", "false", "no", "off"):
                return False
            raise IllegalAction(Msg("`{option}` is yes or no.", option=self.param))
        if self.kind == "int":
            try:
                value = int(raw)
            except (TypeError, ValueError):
                raise IllegalAction(Msg("`{option}` is a whole number.", option=self.param)) from None
            if (self.min is not None and value < self.min) or (self.max is not None and value > self.max):
                raise IllegalAction(Msg("`{option}` is from {low} to {high}.", option=self.param,
                                        low=self.min, high=self.max))
            return value
        values = [v for v, _ in self.choices]
        text = str(raw).strip()
        if text not in values:
            raise IllegalAction(Msg("`{option}` is one of: {values}.", option=self.param, values=values))
        return text

    def describe(self, value: Any) -> str:
        """The value as a player reads it."""
        if self.kind == "bool":
            return (Msg("{option} on", option=self.label or self.name) if value
                    else Msg("{option} off", option=self.label or self.name))
        if self.kind == "choice":
            return dict(self.choices).get(value, str(value))
        return Msg("{option} {value}", option=self.label or self.name, value=value)


def declared_options(rules) -> tuple[Option, ...]:
    return tuple(getattr(rules, "options", ()) or ())


def normalise_options(rules, players: int, given: dict) -> dict:
    """The options to store for a match: each declared option parsed (values equal to the
    default left out, so a plain match stores nothing), undeclared keys kept as given (the
    service's own, e.g. first_player), and the game's refusal of the combination raised as
    IllegalAction."""
    out = {}
    declared = {o.name: o for o in declared_options(rules)}
    for key, raw in given.items():
        option = declared.get(key)
        if option is None:
            out[key] = raw
            continue
        value = option.parse(raw)
        if value != option.default:
            out[key] = value
    refuse = getattr(rules, "refuse_options", None)
    problem = refuse(players, out) if refuse else None
    if problem:
        raise IllegalAction(problem)
    return out


def options_line(rules, options: dict) -> str:
    """The options that differ from the game's defaults, in words ("" when none do)."""
    parts = [o.describe(options[o.name]) for o in declared_options(rules)
             if o.name in options and options[o.name] != o.default]
    return Msg("{options}", options=parts) if parts else ""


def teams_of(rules, players: int, options: dict) -> list[list[Seat]]:
    """Seats grouped into teams; a game without teams seats everyone alone."""
    teams = getattr(rules, "teams", None)
    found = teams(players, options) if teams else None
    return [list(t) for t in found] if found else [[s] for s in range(players)]


def team_ranks(teams: list[list[Seat]], winners: list[Seat], scores: dict[Seat, int] | None = None) -> list[int]:
    """Rank per team (1 best): a team with a winning member shares rank 1; the others
    follow by their members' best score, highest first (equal scores share a rank), or
    all share rank 2 when there are no scores."""
    won = [any(s in winners for s in team) for team in teams]
    best = [max((scores or {}).get(s, 0) for s in team) for team in teams]
    ranks = [1 if w else 0 for w in won]
    others = sorted((i for i, w in enumerate(won) if not w), key=lambda i: -best[i])
    nxt = 2 if any(won) else 1
    for n, i in enumerate(others):
        if not scores:
            ranks[i] = nxt
        elif n and best[i] == best[others[n - 1]]:
            ranks[i] = ranks[others[n - 1]]
        else:
            ranks[i] = nxt + n
    return ranks


def prompt_of(rules, state: State, seat: Seat) -> str:
    """What `seat` is being asked now, in one sentence ("" when it is not asked anything)."""
    prompt = getattr(rules, "prompt", None)
    if prompt is not None:
        return prompt(state, seat)
    return Msg("Choose your move.") if seat in rules.active_players(state) else ""


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
    # strings only `seat` may know now (its hand's card ids, its secret pick): none of them
    # may appear in the public view or another seat's view (the conformance suite checks)
    def hidden_items(self, state: State, seat: Seat) -> set[str]: ...

    # contract v2, optional (engine.base gives the defaults):
    # options: tuple[Option, ...]                         declared match options
    # refuse_options(players, options) -> str | None      why a combination is refused
    # prompt(state, seat) -> str                          what `seat` is asked now
    # teams(players, options) -> list[list[Seat]]         seats grouped into teams
    # Simultaneous secret choices: several seats in active_players at once; the state keeps
    # each pick out of the others' views until all have picked (hidden_items names them).
