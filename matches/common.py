"""What every part of the match service shares: the errors and outcomes it hands to the
Discord layer, the notifier interface, the limits on user input and small helpers."""
from __future__ import annotations

import asyncio
import logging
from dataclasses import dataclass, field
from typing import Callable, Protocol

from engine.base import Event
from engine.text import Msg
from store import MatchRow

log = logging.getLogger(__name__)

STALE_MESSAGE = Msg('This board is out of date: the match has moved on since. Press "Show my hand" for the '
                    'current one.')

# the action-log row that takes back the last move still in effect (never a deletion)
UNDO = "undo"
LEGAL_KEPT = 512  # matches whose latest version's legal moves, prompts and moment are remembered
VIEWS_KEPT = 32   # matches whose latest version's views are remembered (a view is about 100 KB)
UNDO_EVENT = Msg("took back their last move.")


class UserError(Exception):
    """Something a user did wrong and nothing changed; `message` (a Msg, or an engine's
    IllegalAction message passed through) is shown to them in their language."""

    def __init__(self, message: Msg):
        super().__init__(message)
        self.message = message


@dataclass
class Step:
    """One applied action, for narration."""
    seat: int
    action: str
    events: list[Event]
    by_ai: bool = False
    version: int | None = None  # the match version this action produced
    # whose turn it was before and after the action (engine.base.Moment.owner): the turn
    # boundary the presenter follows (None: no single owner, e.g. a simultaneous choice)
    owner_before: int | None = None
    owner: int | None = None


@dataclass
class MoveOutcome:
    match: MatchRow
    steps: list[Step] = field(default_factory=list)
    ended: bool = False
    # seats whose updated hand the caller shows them itself (the answer to their click), so
    # the notifier does not send it to them again
    answered: set[int] = field(default_factory=set)
    # the seats asked to act before the first step: when the steps only took seats out of a
    # simultaneous choice, the others are still choosing (and nobody new is asked)
    active_before: set[int] = field(default_factory=set)


class Notifier(Protocol):
    """What the service tells the outside world. Every method must not raise."""

    async def match_created(self, match: MatchRow) -> None: ...
    # notes are Msgs naming people with person(user_id)
    async def lobby_changed(self, match: MatchRow, note: Msg) -> None: ...
    async def match_started(self, match: MatchRow) -> None: ...
    async def moves_applied(self, outcome: MoveOutcome) -> None: ...
    async def match_closed(self, match: MatchRow, note: Msg) -> None: ...
    async def match_updated(self, match: MatchRow, note: Msg) -> None: ...   # board + private views again
    async def remind(self, match: MatchRow, seat: int, deadline: float) -> None: ...
    async def out_of_time(self, match: MatchRow, seat: int) -> None: ...
    async def undo_requested(self, match: MatchRow, seat: int) -> None: ...
    async def nudge(self, match: MatchRow, seats: list[int], by_user: int) -> None: ...


class NullNotifier:
    async def match_created(self, match): pass
    async def lobby_changed(self, match, note): pass
    async def match_started(self, match): pass
    async def moves_applied(self, outcome): pass
    async def match_closed(self, match, note): pass
    async def match_updated(self, match, note): pass
    async def remind(self, match, seat, deadline): pass
    async def out_of_time(self, match, seat): pass
    async def undo_requested(self, match, seat): pass
    async def nudge(self, match, seats, by_user): pass


MAX_ID = 2**53  # match ids are small; anything larger came from a forged or mistyped value
MAX_WATCHERS = 50
MAX_OPTIONS_SIZE = 2000  # characters of JSON; a game's real options are a few dozen
MAX_ACTION = 200  # characters; every legal id is at most 100
ECHO = 40  # characters of a user's input repeated in a refusal


def person(user_id: int) -> str:
    """A person named in a service text. The texts carry no Discord markup: the Discord side
    turns this into a mention (cogs.common.fit)."""
    return "{user:%d}" % int(user_id)


def valid_id(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value < MAX_ID


def shorten(value, limit: int = ECHO) -> str:
    """A user's input, cut short for repeating it in a message."""
    text = str(value)
    return text if len(text) <= limit else text[:limit - 1] + "…"


@dataclass
class _LockEntry:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0
    owner: asyncio.Task | None = None  # the task holding it may take it again (finish under a move)


async def replaying(fn: Callable, *args):
    """Replaying a long action log takes a while (half a second for a whole Battalia game):
    the engines are pure, so it runs in a worker thread and the bot keeps answering."""
    return await asyncio.to_thread(fn, *args)


async def thinking(fn: Callable, *args):
    """The computer player's choice (or a hint) is made in a worker thread: the engines are
    pure, a hard player searches for up to a few hundred milliseconds, and the bot keeps
    answering meanwhile."""
    return await asyncio.to_thread(fn, *args)
