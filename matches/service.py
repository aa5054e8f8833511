"""The match service: the only place that touches both the store and the engines.

Every move goes: per-match lock -> load -> check the version the player saw -> engine.apply
-> one store transaction (action + snapshot + version) -> side effects through the notifier
(post the board, refresh private views, ping the next player). The service knows nothing of
Discord: the notifier is an interface the Discord layer implements.
"""
from __future__ import annotations

import asyncio
import itertools
import random
import time
from collections import OrderedDict
from contextlib import asynccontextmanager
from typing import Callable

from engine import registry
from engine.base import Action, prompt_of
from engine.text import Msg
from i18n import title as game_title

# re-exported: the Discord layer and the tests import these from here
from matches.common import (  # noqa: F401
    LEGAL_KEPT,
    STALE_MESSAGE,
    VIEWS_KEPT,
    UNDO,
    UNDO_EVENT,
    MoveOutcome,
    Notifier,
    NullNotifier,
    Step,
    UserError,
    _LockEntry,
    person,
    shorten,
    valid_id,
)
from matches.decks import Decks
from matches.hints import Hints
from matches.history import History
from matches.lobby import Lobby
from matches.play import Play
from matches.records import Records
from matches.recovery import Recovery
from matches.takeback import TakeBack
from matches.timers import Timers
from store import MatchRow, Store


class _Derived:
    """What the engine says of one version of a match, computed when first asked."""
    __slots__ = ("version", "snapshot", "serial", "legal", "views", "prompts", "active", "moment")
    _serials = itertools.count(1)

    def __init__(self, version: int, snapshot: dict | None):
        self.version, self.snapshot = version, snapshot
        self.serial = next(self._serials)  # names this state: a new entry, a new serial
        self.active: frozenset[int] | None = None   # the seats asked to act
        self.moment = None                          # engine.base.Moment, once asked
        self.legal: dict[int, list[Action]] = {}
        self.views: dict[int | None, dict] = {}   # viewer (None: the public) -> view
        self.prompts: dict[int, object] = {}


class MatchService(Lobby, Play, Timers, TakeBack, Recovery, History, Records, Hints, Decks):
    """The service the Discord layer talks to. Its parts, one concern each, are the classes it is
    made of (matches/lobby.py, play.py, timers.py, takeback.py, recovery.py, history.py, records.py,
    hints.py, decks.py);
    here: the
    store, the locks, the lookups and the views."""

    def __init__(self, store: Store, notifier: Notifier | None = None,
                 clock: Callable[[], float] = time.time, seed_source: random.Random | None = None):
        self.store = store
        self.notifier: Notifier = notifier or NullNotifier()
        self.clock = clock
        self.seed_source = seed_source or random.SystemRandom()
        self._locks: dict[int, _LockEntry] = {}
        # match -> what the engine says of its latest version (legal moves, views, prompts per
        # seat), each computed once per version: the moves listed on a player's hand are the moves
        # their click is checked against, and a move's hands, board and answer read the same
        self._derived: OrderedDict[int, _Derived] = OrderedDict()
        # the matches whose views are kept, newest last: a view is large and is read during one
        # move's answers; the views of the matches that moved longest ago are let go
        self._viewed: OrderedDict[int, None] = OrderedDict()
        # async callables run with the finished match before anyone is told it ended
        # (ratings, tournaments); they may add notes to match.meta for the game-over message
        self.finish_listeners: list[Callable] = []
        # async callables run with a finished match once its end was posted (a tournament's next
        # round is announced after the game that completed the round, never before it)
        self.told_listeners: list[Callable] = []
        # called after timers were written, so the scheduler can wake up (Scheduler.wake: with the
        # earliest due time of the timers a move added, or no argument: look again whatever)
        self.on_timers_changed: Callable[..., None] | None = None
        # set once recover() has run: the timer scheduler waits for it
        self.recovered = asyncio.Event()

    @asynccontextmanager
    async def lock(self, match_id: int):
        """The match's lock, across every process sharing the database; its entry is dropped
        once nobody holds or waits for it, so ids that name no match (forged or mistyped)
        leave nothing behind."""
        entry = self._locks.get(match_id)
        if entry is None:
            entry = self._locks[match_id] = _LockEntry()
        me = asyncio.current_task()
        if entry.owner is not None and entry.owner is me:
            yield  # already ours: re-entered by the same task
            return
        entry.users += 1
        try:
            # this process's tasks queue here; then, when other processes share the database,
            # the database's lock on the match (a no-op for a single-process store)
            async with entry.lock, self.store.exclusive("match", match_id):
                entry.owner = me
                try:
                    yield
                finally:
                    entry.owner = None
        finally:
            entry.users -= 1
            if entry.users == 0 and self._locks.get(match_id) is entry:
                del self._locks[match_id]

    async def get(self, match_id: int) -> MatchRow:
        if not valid_id(match_id):
            raise UserError(Msg("There is no match #{match}.", match=shorten(match_id)))
        match = await self.store.get_match(match_id)
        if match is None:
            raise UserError(Msg("There is no match #{match}.", match=match_id))
        return match

    @staticmethod
    def reachable(match: MatchRow, *, guild_id: int | None, user_id: int) -> bool:
        """A match is reached from its own server only; from a DM, only by its players and
        spectators (their boards and hands come by DM)."""
        if guild_id is not None:
            return match.guild_id == guild_id
        return any(s.user_id == user_id for s in match.seats) or user_id in match.meta.get("watchers", [])

    async def get_here(self, match_id: int, *, guild_id: int | None, user_id: int) -> MatchRow:
        """The match a command or component names, if it can be reached from where it is used;
        a match of another server is answered exactly like one that does not exist."""
        match = await self.get(match_id)
        if not self.reachable(match, guild_id=guild_id, user_id=user_id):
            raise UserError(Msg("There is no match #{match} here.", match=match_id))
        return match

    @staticmethod
    def rules(match: MatchRow):
        return registry.get(match.game)

    async def find_for_user(self, user_id: int, *, match_id: int | None, channel_id: int | None,
                            guild_id: int | None, statuses: tuple[str, ...] = ("active",),
                            game: str | None = None) -> MatchRow:
        """The match a command refers to: the one named, else the one whose thread this is,
        else the user's only match in `statuses` (of `game`, when a game's own command asks).
        Only matches of the server the command is used in (`guild_id`; None: a DM, where the
        user's own matches) are found."""
        title = game_title(registry.get(game)) if game else None
        if match_id is not None:
            match = await self.get_here(match_id, guild_id=guild_id, user_id=user_id)
            if game and match.game != game:
                raise UserError(Msg("Match #{match} is not a {game} match.", match=match_id, game=title))
            if match.status not in statuses:
                raise UserError(self.status_refusal(match, statuses))
            return match
        if channel_id is not None:
            here = await self.store.match_in_thread(channel_id)
            if here is not None and here.status in statuses and (not game or here.game == game) \
                    and self.reachable(here, guild_id=guild_id, user_id=user_id):
                return here
        mine = [m for m in await self.store.list_matches(user_id=user_id, statuses=statuses, guild_id=guild_id)
                if not game or m.game == game]
        if not mine:
            raise UserError(
                Msg("You are not in any {game} match right now. Start one with /match new "
                    "or a game's challenge command.", game=title) if title else
                Msg("You are not in any match right now. Start one with /match new "
                    "or a game's challenge command."))
        if len(mine) > 1:
            raise UserError(
                Msg("You are in several {game} matches: say which one with the match option "
                    "(or use the command in the match's thread).", game=title) if title else
                Msg("You are in several matches: say which one with the match option "
                    "(or use the command in the match's thread)."))
        return mine[0]

    @staticmethod
    def status_refusal(match: MatchRow, statuses: tuple[str, ...]) -> Msg:
        """Why a command for matches in `statuses` cannot use this one."""
        if match.status == "open":
            return Msg("Match #{match} has not started yet.", match=match.id)
        if match.status == "active":
            return Msg("Match #{match} is still being played.", match=match.id)
        if match.status == "cancelled":
            return Msg("Match #{match} was cancelled.", match=match.id)
        return Msg("Match #{match} is over.", match=match.id)

    async def find_seat(self, user_id: int, *, match_id: int | None, channel_id: int | None,
                        guild_id: int | None, statuses: tuple[str, ...] = ("active",),
                        game: str | None = None) -> tuple[MatchRow, int]:
        """As find_for_user, with the user's seat; a non-player is told so."""
        match = await self.find_for_user(user_id, match_id=match_id, channel_id=channel_id, guild_id=guild_id,
                                         statuses=statuses, game=game)
        seat = match.seat_of(user_id)
        if seat is None:
            raise UserError(Msg("You are not playing in this match."))
        return match, seat

    def _of_version(self, match: MatchRow) -> "_Derived":
        """The engine's answers kept for the match's version: one entry per match, its newest
        version only (a different version or state starts it afresh)."""
        kept = self._derived.get(match.id)
        # the state compared too: a test (or an operator) may write a snapshot under a version;
        # the same object (the row a move just committed) is recognised at once, and a row read
        # again is compared once (its state is the one recognised from then on)
        if kept is not None and kept.version == match.version:
            if kept.snapshot is match.snapshot:
                self._derived.move_to_end(match.id)
                return kept
            if kept.snapshot == match.snapshot:
                kept.snapshot = match.snapshot
                self._derived.move_to_end(match.id)
                return kept
        kept = self._derived[match.id] = _Derived(match.version, match.snapshot)
        self._derived.move_to_end(match.id)
        if len(self._derived) > LEGAL_KEPT:
            self._derived.popitem(last=False)
        return kept

    def public_view(self, match: MatchRow) -> dict:
        return self._with_recorded_result(match, self._view(match, None))

    def _view(self, match: MatchRow, viewer: int | None) -> dict:
        """The engine's view for `viewer` (None: the public), once per version. Views are read,
        never changed, by whoever gets them."""
        views = self._of_version(match).views
        if viewer not in views:
            views[viewer] = self.rules(match).view(match.snapshot, viewer)
            self._viewed[match.id] = None
            self._viewed.move_to_end(match.id)
            while len(self._viewed) > VIEWS_KEPT:
                let_go = self._derived.get(self._viewed.popitem(last=False)[0])
                if let_go is not None:
                    let_go.views.clear()
        return views[viewer]

    def state_token(self, match: MatchRow) -> tuple[int, int]:
        """A name for the match's state as the service knows it now: equal tokens, the same state
        (so the same views, moves and prompts). A presenter keeps it beside what it made of them."""
        return match.id, self._of_version(match).serial

    @staticmethod
    def _with_recorded_result(match: MatchRow, view: dict) -> dict:
        """The result the match records (e.g. a board win that does not count because the
        computer played the seat for an absent player) in place of the engine's own."""
        if view.get("result") and match.result:
            return {**view, "result": {**view["result"], **match.result}}
        return view

    def private_view(self, match: MatchRow, seat: int) -> dict:
        return self._view(match, seat)

    def legal_actions(self, match: MatchRow, seat: int) -> list[Action]:
        if match.status != "active":
            return []
        legal = self._of_version(match).legal
        if seat not in legal:
            legal[seat] = self.rules(match).legal_actions(match.snapshot, seat)
        return list(legal[seat])

    def active_players(self, match: MatchRow) -> set[int]:
        """The seats the match's state asks to act (the engine's `active_players`), once per
        version; a set of the caller's own."""
        kept = self._of_version(match)
        if kept.active is None:
            kept.active = frozenset(self.rules(match).active_players(match.snapshot))
        return set(kept.active)

    def moment(self, match: MatchRow):
        """What the match's state waits for (the engine's `moment`), once per version."""
        kept = self._of_version(match)
        if kept.moment is None:
            kept.moment = self.rules(match).moment(match.snapshot)
        return kept.moment

    def prompt(self, match: MatchRow, seat: int):
        """What the seat is asked now (engine.base.prompt_of: a Msg, "" when nothing), once
        per version."""
        if match.status != "active" or match.snapshot is None:
            return ""
        prompts = self._of_version(match).prompts
        if seat not in prompts:  # worded from the legal moves the version lists once
            prompts[seat] = prompt_of(self.rules(match), match.snapshot, seat, self.legal_actions(match, seat))
        return prompts[seat]

    def is_active(self, match: MatchRow, seat: int) -> bool:
        return match.status == "active" and seat in self.rules(match).active_players(match.snapshot)

    async def set_dm_closed(self, match: MatchRow, seat: int) -> None:
        await self.store.set_seat_flag(match.id, seat, dm_ok=False)
