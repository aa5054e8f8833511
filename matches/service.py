"""The match service: the only place that touches both the store and the engines.

Every move goes: per-match lock -> load -> check the version the player saw -> engine.apply
-> one store transaction (action + snapshot + version) -> side effects through the notifier
(post the board, refresh private views, ping the next player). The service knows nothing of
Discord: the notifier is an interface the Discord layer implements.
"""
from __future__ import annotations

import asyncio
import json
import logging
import random
import re
import time
from contextlib import asynccontextmanager
from collections import Counter, OrderedDict
from dataclasses import dataclass, field, replace
from typing import Callable, Protocol

from engine import registry
from engine.base import Action, Event, IllegalAction, Result, normalise_options, teams_of
from engine.text import Msg, Seat, from_json, plural, to_json
from i18n import title as game_title
from matches import clock as clocks
from matches.settings import guild_settings
from store import MatchRow, OutboxRow, StaleVersion, Store

log = logging.getLogger(__name__)

STALE_MESSAGE = Msg('This board is out of date: the match has moved on since. Press "Show my hand" for the '
                    'current one.')

# the action-log row that takes back the last move still in effect (never a deletion)
UNDO = "undo"
LEGAL_KEPT = 512  # (match, version, seat) whose legal moves are remembered
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


_PLAIN_ID = re.compile(r"[A-Za-z0-9_\-]+(?:[:,][A-Za-z0-9_\-]+)*")
_NUMBER = re.compile(r"\d+")


def _plain_form(action_id: str, legal: list[str]) -> bool:
    """An id written as the engine writes its own: ASCII, no spaces or empty parts, numbers
    without sign or leading zero, a verb the listed moves use, lower case unless they use
    upper case."""
    if not _PLAIN_ID.fullmatch(action_id):
        return False
    parts = re.split(r"[:,]", action_id)
    if any(_NUMBER.fullmatch(p) and p != str(int(p)) for p in parts):
        return False
    if parts[0] not in {a.split(":", 1)[0] for a in legal}:
        return False
    return action_id == action_id.lower() or any(a != a.lower() for a in legal)


@dataclass
class _LockEntry:
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    users: int = 0
    owner: asyncio.Task | None = None  # the task holding it may take it again (finish under a move)


async def replaying(fn: Callable, *args):
    """Replaying a long action log takes a while (half a second for a whole Battalia game):
    the engines are pure, so it runs in a worker thread and the bot keeps answering."""
    return await asyncio.to_thread(fn, *args)


class MatchService:
    def __init__(self, store: Store, notifier: Notifier | None = None,
                 clock: Callable[[], float] = time.time, seed_source: random.Random | None = None):
        self.store = store
        self.notifier: Notifier = notifier or NullNotifier()
        self.clock = clock
        self.seed_source = seed_source or random.SystemRandom()
        self._locks: dict[int, _LockEntry] = {}
        # (match, version, seat) -> (the state, its legal moves): the moves listed on a
        # player's hand are the moves their click is checked against, computed once
        self._legal: OrderedDict[tuple[int, int, int], tuple[dict, list[Action]]] = OrderedDict()
        # async callables run with the finished match before anyone is told it ended
        # (ratings, tournaments); they may add notes to match.meta for the game-over message
        self.finish_listeners: list[Callable] = []
        # called (no arguments) after timers were written, so the scheduler can wake up
        self.on_timers_changed: Callable[[], None] | None = None
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

    # ------------------------------------------------------------------ lookups

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

    # ------------------------------------------------------------------ lobby

    async def create(self, *, game: str, guild_id: int | None, channel_id: int | None, creator_id: int,
                     invited: list[int] = (), ai_seats: int = 0, players: int | None = None,
                     options: dict | None = None, ai_user_id: int = 0, accepted: bool = False,
                     meta: dict | None = None, clock: str | None = None) -> MatchRow:
        """A challenge (named opponents accept by button) or, with nobody invited and no
        computer seat, an open table that others join by button."""
        try:
            rules = registry.get(game)
        except KeyError:
            raise UserError(Msg("There is no game called {game}.", game=repr(shorten(game)))) from None
        invited = [u for u in dict.fromkeys(invited) if u != creator_id]
        seat_count = 1 + len(invited) + ai_seats
        if players is None:
            players = seat_count if (invited or ai_seats) else rules.min_players
        if not rules.min_players <= players <= rules.max_players:
            raise UserError(Msg("{game} is for {least}–{most} players, not {count}.", game=game_title(rules),
                                least=rules.min_players, most=rules.max_players, count=players))
        if seat_count > players:
            raise UserError(plural("That is {count} players, but this match is for {n} player.",
                                   "That is {count} players, but this match is for {n} players.",
                                   n=players, count=seat_count))
        options = self._check_options(rules, players, dict(options or {}))  # before anything is written
        seats = [(creator_id, False, True)] + [(u, False, accepted) for u in invited] + \
                [(ai_user_id, True, True) for _ in range(ai_seats)]
        meta = dict(meta or {})
        if "clock" not in meta:
            settings = await guild_settings(self.store, guild_id)
            preset = clock or settings["clock"]
            if preset not in clocks.PRESETS:
                raise UserError(Msg("There is no clock called {clock}.", clock=repr(shorten(preset))))
            meta["clock"] = clocks.new_clock(preset, settings["reminders"])
        seed = self.seed_source.randrange(1, 2**62)
        match_id = await self.store.create_match(
            game=game, guild_id=guild_id, channel_id=channel_id, creator_id=creator_id, seed=seed,
            options=options, player_count=players, invited=list(invited), seats=seats,
            meta=meta)
        match = await self.get(match_id)
        await self.notifier.match_created(match)
        if self._ready_to_start(match, rules):
            match = await self._start(match)
        return match

    @staticmethod
    def _check_options(rules, players: int, options: dict) -> dict:
        """The options to store: each declared option parsed (defaults left out); options the
        game refuses, or cannot set a game up with, are refused in one sentence."""
        try:
            size = len(json.dumps(options))
        except (TypeError, ValueError):
            raise UserError(Msg("These match options cannot be stored.")) from None
        if size > MAX_OPTIONS_SIZE:
            raise UserError(Msg("These match options are too long."))
        try:
            options = normalise_options(rules, players, options)
            rules.setup(players, dict(options), 1)
        except IllegalAction as exc:
            raise UserError(exc.message) from None
        except (ValueError, TypeError, KeyError) as exc:
            raise UserError(Msg("These match options cannot be used together: {error}",
                                error=shorten(exc, 200))) from None
        return options

    @staticmethod
    def _ready_to_start(match: MatchRow, rules) -> bool:
        """A full table where everyone has accepted starts by itself."""
        return len(match.seats) == match.player_count and all(s.accepted for s in match.seats)

    async def accept(self, match_id: int, user_id: int) -> MatchRow:
        async with self.lock(match_id):
            match = await self._open(match_id)
            seat = next((s for s in match.seats if s.user_id == user_id and not s.is_ai), None)
            if seat is None:
                raise UserError(Msg("This challenge is not addressed to you."))
            if seat.accepted:
                raise UserError(Msg("You have already accepted."))
            await self.store.set_accepted(match_id, user_id)
            return await self._lobby_grew(match_id, Msg("{user} accepted.", user=person(user_id)))

    async def decline(self, match_id: int, user_id: int) -> MatchRow:
        async with self.lock(match_id):
            match = await self._open(match_id)
            if match.seat_of(user_id) is None:
                raise UserError(Msg("This challenge is not addressed to you."))
            return await self._close_lobby(match_id, Msg("{user} declined the challenge.", user=person(user_id)))

    async def join(self, match_id: int, user_id: int) -> MatchRow:
        async with self.lock(match_id):
            match = await self._open(match_id)
            if match.seat_of(user_id) is not None:
                raise UserError(Msg("You are already at this table."))
            if match.invited:
                raise UserError(Msg("This is a challenge between invited players; start your own with /match new."))
            if len(match.seats) >= match.player_count:
                raise UserError(Msg("This table is full."))
            await self.store.add_seat(match_id, user_id)
            return await self._lobby_grew(match_id, Msg("{user} joined.", user=person(user_id)))

    async def leave(self, match_id: int, user_id: int) -> MatchRow:
        async with self.lock(match_id):
            match = await self._open(match_id)
            if match.seat_of(user_id) is None:
                raise UserError(Msg("You are not at this table."))
            if user_id == match.creator_id:
                return await self._close_lobby(match_id, Msg("The table's creator left, so the table is closed."))
            await self.store.remove_seat(match_id, user_id)
            match = await self.get(match_id)
            await self.notifier.lobby_changed(match, Msg("{user} left.", user=person(user_id)))
            return match

    async def start(self, match_id: int, user_id: int, *, is_admin: bool = False) -> MatchRow:
        async with self.lock(match_id):
            match = await self._open(match_id)
            rules = self.rules(match)
            if user_id != match.creator_id and not is_admin:
                raise UserError(Msg("Only the player who opened this table can start it."))
            if len(match.seats) < rules.min_players:
                raise UserError(plural("{game} needs at least {n} player; this table has {count}.",
                                       "{game} needs at least {n} players; this table has {count}.",
                                       n=rules.min_players, game=game_title(rules), count=len(match.seats)))
            if not all(s.accepted for s in match.seats):
                raise UserError(Msg("Not everyone invited has accepted yet."))
            self._check_options(rules, len(match.seats), match.options)
            return await self._start(match)

    async def cancel(self, match_id: int, user_id: int, *, guild_id: int | None, is_admin: bool = False) -> MatchRow:
        """`is_admin`: the caller manages the server `guild_id`, which counts only for that
        server's own matches."""
        async with self.lock(match_id):
            match = await self.get_here(match_id, guild_id=guild_id, user_id=user_id)
            is_admin = is_admin and guild_id is not None and match.guild_id == guild_id
            if match.status != "open":
                raise UserError(Msg("Only a match that has not started can be cancelled; use /match resign instead."))
            if user_id != match.creator_id and not is_admin:
                raise UserError(Msg("Only the match's creator or a server manager can cancel it."))
            await self.store.update_match(match_id, status="cancelled")
            match = await self.get(match_id)
            await self.notifier.match_closed(match, Msg("Match #{match} was cancelled by {user}.", match=match_id,
                                                        user=person(user_id)))
            return match

    async def _lobby_grew(self, match_id: int, note: Msg) -> MatchRow:
        """After a seat was taken or accepted: start a full, agreed table, else update the lobby."""
        match = await self.get(match_id)
        if self._ready_to_start(match, self.rules(match)):
            return await self._start(match)
        await self.notifier.lobby_changed(match, note)
        return match

    async def _close_lobby(self, match_id: int, note: Msg) -> MatchRow:
        await self.store.update_match(match_id, status="cancelled")
        match = await self.get(match_id)
        await self.notifier.match_closed(match, note)
        return match

    async def _open(self, match_id: int) -> MatchRow:
        match = await self.get(match_id)
        if match.status != "open":
            raise UserError(Msg("This table is no longer open.") if match.status != "active"
                            else Msg("This match has already started."))
        return match

    async def _start(self, match: MatchRow) -> MatchRow:
        """Seat order is random, drawn from the match seed; then the engine sets up."""
        rules = self.rules(match)
        seats = list(match.seats)
        if not match.meta.get("fixed_seats"):  # a rematch keeps its seats
            random.Random(match.seed).shuffle(seats)
        options = dict(match.options)
        state = rules.setup(len(seats), options, match.seed)
        # the clock starts with the match: seats, state, clock, timers and the "started" outbox
        # row are one transaction, which only an open match can take
        seated = replace(match, status="active", version=0, snapshot=state,
                         seats=[replace(s, seat=i) for i, s in enumerate(seats)])
        meta, timers = self._clock_after(seated, state, match.meta, moved=None)
        if not await self.store.start_match(match.id, seats, state, meta=meta, timers=timers):
            return await self.get(match.id)  # started already
        self._timers_changed()
        match = await self.get(match.id)
        await self.notifier.match_started(match)
        await self.store.outbox_done_for(match.id, "started")
        outcome = await self._run_ai(match, MoveOutcome(match))
        if outcome.steps:
            await self._announce(outcome)
        return outcome.match

    # ------------------------------------------------------------------ play

    async def act(self, match_id: int, user_id: int, action_id: str, *,
                  expected_version: int | None = None, answered: bool = False) -> MoveOutcome:
        """Apply one player's move. `expected_version` is the version the player's button or
        board showed; a different current version means the click is stale. `answered`: the
        caller answers the player with their updated hand."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status == "open":
                raise UserError(Msg("This match has not started yet."))
            if match.status != "active":
                raise UserError(Msg("This match is over."))
            if expected_version is not None and expected_version != match.version:
                raise UserError(STALE_MESSAGE)
            seat = match.seat_of(user_id)
            if seat is None:
                raise UserError(Msg("You are not playing in this match."))
            rules = self.rules(match)
            if seat not in rules.active_players(match.snapshot):
                raise UserError(Msg("It is not your turn."))
            action_id = self._canonical(rules, match.snapshot, seat, action_id,
                                        [a.id for a in self.legal_actions(match, seat)])
            outcome = MoveOutcome(match, answered={seat} if answered else set(),
                                  active_before=set(rules.active_players(match.snapshot)))
            match = await self._apply(match, seat, action_id, outcome)
            outcome.match = match
            outcome = await self._run_ai(match, outcome)
        await self._announce(outcome)
        return outcome

    @staticmethod
    def _canonical(rules, state: dict, seat: int, action_id, legal: list[str]) -> str:
        """The stored form of a player's move: exactly one of the legal ids. A spelling the
        engine might also read (`PLAY:RED1:1`, `play:red1:+1`) is matched to its legal id when
        it differs only in case and spaces, else refused, so the log holds one form per move."""
        if not isinstance(action_id, str) or not action_id.strip() or len(action_id) > MAX_ACTION:
            raise UserError(Msg("That is not a move; pick one from the list."))
        if action_id in legal:
            return action_id
        folded = "".join(action_id.split()).lower()
        same = [a for a in legal if "".join(a.split()).lower() == folded]
        if len(same) == 1:
            return same[0]
        try:  # the engine says best why a move is not allowed
            rules.apply(state, seat, action_id)
        except IllegalAction as exc:
            # an engine's Msg as it is (the edge cuts what is too long); a plain text cut here
            raise UserError(exc.message if isinstance(exc.message, Msg) else shorten(exc.message, 300)) from None
        except Exception:  # noqa: BLE001 - malformed input must not reach the log either way
            pass
        else:
            # a legal move the list does not spell out (a game may list one combination of
            # cards per choice): kept only in the plain form the listed ids use
            if _plain_form(action_id, legal):
                return action_id
        raise UserError(Msg("{action} is not one of your moves now; pick one from the list.",
                            action=repr(shorten(action_id))))

    async def _apply(self, match: MatchRow, seat: int, action_id: str, outcome: MoveOutcome,
                     by_ai: bool = False, turn_over: bool = False) -> MatchRow:
        rules = self.rules(match)
        try:
            state, events = rules.apply(match.snapshot, seat, action_id)
        except IllegalAction as exc:
            raise UserError(exc.message) from None
        result = rules.result(state)
        status = "finished" if result is not None else "active"
        result_record = None
        if result is not None:
            result_record = self._record_of(match, result.to_dict())
            resigned = match.meta.get("resigned", [])
            absent = match.meta.get("absent", [])
            if resigned or absent:  # a seat played on by the computer for its player never wins
                result_record["winners"] = [w for w in result.winners if w not in resigned and w not in absent]
                voided = [w for w in result.winners if w not in result_record["winners"]]
                if voided:
                    result_record["reason"] = to_json(Msg(
                        "The computer, playing on for {seats} after they left, won on the board; a seat "
                        "played for an absent player never wins.", seats=[Seat(w) for w in voided]))
                if resigned:
                    result_record["resigned"] = resigned
                if absent:
                    result_record["absent"] = absent
        meta, timers = self._clock_after(match, state, match.meta, moved=seat, turn_over=turn_over)
        try:
            version = await self.store.commit_action(match.id, match.version, seat, action_id, state, status=status,
                                                     result=result_record, meta=meta, timers=timers, by_ai=by_ai)
        except StaleVersion:
            raise UserError(STALE_MESSAGE) from None
        self._timers_changed()
        outcome.steps.append(Step(seat, action_id, events, by_ai, version))
        outcome.ended = result is not None
        match = await self.get(match.id)
        if outcome.ended:
            match = await self._finished(match)
        return match

    def _record_of(self, match: MatchRow, result: dict) -> dict:
        """The result as stored: with the teams when the game seats players in teams (so
        results, ratings and tournaments count a team's win for each member)."""
        teams = teams_of(self.rules(match), len(match.seats), dict(match.options))
        if any(len(team) > 1 for team in teams):
            result = {**result, "teams": teams}
        return result

    async def _finished(self, match: MatchRow) -> MatchRow:
        for listener in self.finish_listeners:
            try:
                await listener(match)
            except Exception:  # a listener's failure must not undo or hide the result
                log.exception("finish listener failed for match %s", match.id)
        return await self.get(match.id)

    async def _run_ai(self, match: MatchRow, outcome: MoveOutcome, limit: int = 20000) -> MoveOutcome:
        """Let computer seats move while it is their turn, and pass for the people who asked to
        pass whenever they cannot respond (each move its own transaction)."""
        rules = self.rules(match)
        for _ in range(limit):
            if match.status != "active":
                break
            active = rules.active_players(match.snapshot)
            ai_seats = sorted(s.seat for s in match.seats if s.is_ai)
            due = [s for s in ai_seats if s in active]
            if due:
                seat = due[0]
                action_id = rules.ai_choose(match.snapshot, seat, match.seed + match.version)
                match = await self._apply(match, seat, action_id, outcome, by_ai=True)
                continue
            passing = self._auto_passes(match, rules, active)
            if not passing:
                break
            match = await self._apply(match, passing[0], rules.pass_action, outcome)
        outcome.match = match
        return outcome

    @staticmethod
    def _auto_passes(match: MatchRow, rules, active) -> list[int]:
        """People who set "pass unless I can respond" and whose only move now is to pass (a game
        with responses declares `pass_action` and `auto_pass_ok`). The setting is private: the
        pass looks like any other pass."""
        wanted = match.meta.get("auto_pass", [])
        check = getattr(rules, "auto_pass_ok", None)
        if not wanted or check is None:
            return []
        return [s for s in sorted(active) if s in wanted and check(match.snapshot, s)]

    async def set_auto_pass(self, match_id: int, user_id: int, on: bool) -> MatchRow:
        """A player's own setting for one match: pass every response window in which they have no
        response to make. Turning it on passes the current window at once when it applies."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active":
                raise UserError(Msg("Only a match in progress has this setting."))
            seat = match.seat_of(user_id)
            if seat is None:
                raise UserError(Msg("You are not playing in this match."))
            rules = self.rules(match)
            if getattr(rules, "pass_action", None) is None:
                raise UserError(Msg("This game has no responses to pass."))
            wanted = set(match.meta.get("auto_pass", []))
            wanted = wanted | {seat} if on else wanted - {seat}
            await self.store.update_match(match_id, meta={**match.meta, "auto_pass": sorted(wanted)})
            match = await self.get(match_id)
            outcome = await self._run_ai(match, MoveOutcome(match, active_before=set(rules.active_players(match.snapshot))))
        if outcome.steps:
            await self._announce(outcome)
        return outcome.match

    def auto_passing(self, match: MatchRow, seat: int) -> bool:
        return seat in match.meta.get("auto_pass", [])

    async def _time_out(self, match_id: int, seat: int, version: int) -> bool:
        """A seat out of time in a decision the game settles by itself (a response window passes):
        make that move for it. False when the game has no such move for the seat now."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active" or match.version != version or not self.is_overdue(match, seat):
                return False
            rules = self.rules(match)
            timeout = getattr(rules, "timeout_action", None)
            action_id = timeout(match.snapshot, seat) if timeout else None
            if action_id is None:
                return False
            outcome = MoveOutcome(match, active_before=set(rules.active_players(match.snapshot)))
            match = await self._apply(match, seat, action_id, outcome, turn_over=True)
            outcome.match = match
            outcome = await self._run_ai(match, outcome)
        await self._announce(outcome)
        return True

    async def resign(self, match_id: int, user_id: int) -> MatchRow:
        """Two players: the other one wins. More: the seat is handed to the computer player so
        the others can finish, and the resigner is recorded as having lost."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active":
                raise UserError(Msg("Only a match in progress can be resigned.") if match.status != "open"
                                else Msg("This match has not started; use /match cancel or leave the table."))
            seat = match.seat_of(user_id)
            if seat is None:
                raise UserError(Msg("You are not playing in this match."))
            humans_left = [s for s in match.seats if not s.is_ai and s.seat != seat]
            teams = teams_of(self.rules(match), len(match.seats), dict(match.options))
            gone = set(match.meta.get("resigned", [])) | set(match.meta.get("absent", [])) | {seat}
            standing = [team for team in teams if not set(team) <= gone]
            if len(match.seats) == 2 or not humans_left or len(standing) == 1:
                # the last player, or the last member of the last team but one, gives up: the
                # others win at once (a team is out when none of its members plays on)
                winners = [s for team in standing for s in team] if len(standing) == 1 \
                    else [s.seat for s in match.seats if s.seat != seat]
                result = Result(winners, {}, Msg("{user} resigned.", user=person(user_id))).to_dict()
                result["resigned"] = sorted(set(match.meta.get("resigned", [])) | {seat})
                if match.meta.get("absent"):
                    result["absent"] = list(match.meta["absent"])
                return await self.finish(match_id, result, Msg("{user} resigned.", user=person(user_id)))
            meta = dict(match.meta)
            meta["resigned"] = sorted(set(meta.get("resigned", [])) | {seat})
            # the seat, the notes and the clock change together
            handed = replace(match, meta=meta, seats=[replace(s, is_ai=True) if s.seat == seat else s
                                                      for s in match.seats])
            meta, timers = self._clock_after(handed, match.snapshot, meta, moved=None)
            await self.store.hand_seat(match_id, seat, is_ai=True, version=match.version, meta=meta, timers=timers)
            self._timers_changed()
            match = await self.get(match_id)
            await self.notifier.lobby_changed(match, Msg("{user} resigned; the computer plays their seat.",
                                                         user=person(user_id)))
            outcome = await self._run_ai(match, MoveOutcome(match))
        if outcome.steps:
            await self._announce(outcome)
        return outcome.match

    async def finish(self, match_id: int, result: dict, note: Msg) -> MatchRow:
        """The one way to end an active match outside a move (resignation, a claimed win, an
        organizer's adjudication): under the match's lock, the result, the cancelled timers
        and the "closed" notice owed are one transaction; then the finish listeners run and
        everyone is told. The lock is re-entrant, so a caller holding it may call this."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active":
                raise UserError(Msg("This match is over."))
            return await self._close(match, result, note)

    async def _close(self, match: MatchRow, result: dict, note: Msg) -> MatchRow:
        """See `finish` (the caller holds the lock and has checked the match is active). The
        note owed in the outbox is stored in its JSON form, to be read in any language."""
        result = self._record_of(match, result)
        if not await self.store.finish_match(match.id, result, to_json(note)):
            raise UserError(Msg("This match is over."))
        self._timers_changed()
        match = await self._finished(await self.get(match.id))
        await self.notifier.match_closed(match, note)
        await self.store.outbox_done_for(match.id, "closed")
        return match

    async def _announce(self, outcome: MoveOutcome) -> None:
        """Post an outcome (board, private views), then mark the outbox rows of its moves done.
        A stop in between posts it again at the next start: at least once, never lost."""
        await self.notifier.moves_applied(outcome)
        versions = [step.version for step in outcome.steps if step.version is not None]
        if versions:
            await self.store.outbox_done_for(outcome.match.id, "moves", versions)

    # ------------------------------------------------------------------ recovery after a stop

    async def recover(self) -> dict[str, int]:
        """At start-up, before the timers run: finish what a stop interrupted.

        1. Everything still owed in the outbox is posted, oldest first; a run of moves of one
           match is one board, its narration rebuilt from the action log.
        2. Full tables where everyone has accepted start (a computer-opponent challenge, a
           rematch or a tournament game created but not started).
        3. Computer seats whose turn it is move, and a turn that lost its clock gets it back.
        4. A player past their deadline whose out-of-time notice was never owed (its timer
           fired before the outbox existed) is owed it now.

        Each change is its own version-guarded commit and each notice its own outbox row, so
        nothing happens twice; posting is at least once (a stop between posting and marking
        done posts again). Returns how many of each thing were done."""
        done: Counter = Counter()
        try:
            owed: dict[int, list[OutboxRow]] = {}
            for row in await self.store.pending_outbox():
                owed.setdefault(row.match_id, []).append(row)
            for match_id, rows in owed.items():  # in the order of each match's oldest row
                await self._recovering(match_id, self._deliver_owed(match_id, rows, done))
            for match_id in await self.store.match_ids(("open",)):
                await self._recovering(match_id, self._recover_lobby(match_id, done))
            for match_id in await self.store.match_ids(("active",)):
                await self._recovering(match_id, self._recover_turn(match_id, done))
            await self.store.prune_outbox()
        finally:
            self.recovered.set()
        return {what: n for what, n in done.items() if n}

    @staticmethod
    async def _recovering(match_id: int, work) -> None:
        try:
            await work
        except Exception:  # one broken match must not keep the others down
            log.exception("could not recover match %s", match_id)

    async def _deliver_owed(self, match_id: int, rows: list[OutboxRow], done: Counter) -> None:
        groups: list[list[OutboxRow]] = []
        for row in rows:
            if row.kind == "moves" and groups and groups[-1][0].kind == "moves":
                groups[-1].append(row)
            else:
                groups.append([row])
        for group in groups:
            await self.deliver(match_id, group)
            done[group[0].kind] += 1

    async def deliver(self, match_id: int, rows: list[OutboxRow]) -> None:
        """Post what outbox rows of one match owe (one kind; several only for "moves"), then
        mark them done."""
        kind = rows[0].kind
        if kind == "moves":
            await self._deliver_moves(match_id, rows)
        elif kind == "started":
            await self.notifier.match_started(await self.get(match_id))
        elif kind == "closed":
            async with self.lock(match_id):  # the finish listeners may not have run
                match = await self._finished(await self.get(match_id))
            await self.notifier.match_closed(match, from_json(rows[0].payload.get("note", "")))
        elif kind in ("reminder", "deadline"):
            await self.on_timer(match_id, kind, rows[0].seat, rows[0].payload.get("due", 0.0), rows[0].version)
        else:
            log.warning("outbox row %s of match %s has an unknown kind %r", rows[0].id, match_id, kind)
        await self.store.outbox_done([row.id for row in rows])

    async def _deliver_moves(self, match_id: int, rows: list[OutboxRow]) -> None:
        """One board for moves that were committed but perhaps never posted."""
        match = await self.get(match_id)
        log_rows = await self.store.actions(match_id)
        by_ai = {row.version: bool(row.payload.get("by_ai")) for row in rows}

        def steps() -> list[Step]:
            last = max(by_ai)
            out = []
            for (seq, *_), (seat, action, _state, events) in zip(log_rows, self._walk(match, log_rows)):
                if seq in by_ai:
                    out.append(Step(seat, action, events, by_ai[seq], seq))
                if seq >= last:
                    break
            return out
        outcome = MoveOutcome(match, await replaying(steps))
        if match.status == "finished" and match.version in by_ai:
            outcome.ended = True
            async with self.lock(match_id):  # the finish listeners may not have run
                outcome.match = await self._finished(await self.get(match_id))
        await self.notifier.moves_applied(outcome)

    async def _recover_lobby(self, match_id: int, done: Counter) -> None:
        async with self.lock(match_id):
            match = await self.store.get_match(match_id)
            if match is None or match.status != "open" or not self._ready_to_start(match, self.rules(match)):
                return
            await self._start(match)
            done["lobbies started"] += 1

    async def _recover_turn(self, match_id: int, done: Counter) -> None:
        """An active match: computer seats due to move move; a human seat to move with no
        clock running gets one; an overdue seat whose notice was never owed is owed it."""
        owed: list[OutboxRow] = []
        async with self.lock(match_id):
            match = await self.store.get_match(match_id)
            if match is None or match.status != "active":
                return
            outcome = await self._run_ai(match, MoveOutcome(match))
            match = outcome.match
            done["computer moves"] += len(outcome.steps)
            if match.status == "active":
                if await self._restore_clock(match):
                    done["clocks restored"] += 1
                    match = await self.get(match_id)
                pending = {(kind, seat) for _i, _m, kind, seat, _d, _v in await self.store.pending_timers(match_id)}
                notices = {(n.seat, n.version) for n in await self.store.open_notices(match_id) if n.kind == "timeout"}
                for seat in sorted(self.rules(match).active_players(match.snapshot)):
                    if (self.is_overdue(match, seat) and ("deadline", seat) not in pending
                            and (seat, match.version) not in notices
                            and not await self.store.outbox_owed_ever(match_id, "deadline", seat, match.version)):
                        payload = {"due": self.deadline_of(match, seat)}
                        row_id = await self.store.add_outbox(match_id, "deadline", match.version, seat, payload)
                        owed.append(OutboxRow(row_id, match_id, "deadline", seat, match.version, payload))
        if outcome.steps:
            await self._announce(outcome)
        for row in owed:
            await self.deliver(match_id, [row])
            done["deadlines owed"] += 1

    async def _restore_clock(self, match: MatchRow) -> bool:
        """Human seats to move with no deadline (the clock was not started) or with a future
        deadline and no timer for it get their clock and timers; others keep theirs."""
        clock = match.meta.get("clock") or {}
        if clock.get("kind", "none") == "none":
            return False
        now = self.clock()
        pending = {seat for _id, _m, kind, seat, _due, _v in await self.store.pending_timers(match.id)
                   if kind == "deadline"}
        lost = [s for s in self.rules(match).active_players(match.snapshot)
                if match.user_at(s) is not None and not match.user_at(s).is_ai
                and ((d := self.deadline_of(match, s)) is None or (d > now and s not in pending))]
        if not lost:
            return False
        meta, timers = self._clock_after(match, match.snapshot, match.meta, moved=None)
        await self.store.add_timers(match.id, match.version, [t for t in timers if t[1] in lost], meta)
        self._timers_changed()
        return True

    # ------------------------------------------------------------------ views

    def public_view(self, match: MatchRow) -> dict:
        return self._with_recorded_result(match, self.rules(match).view(match.snapshot, None))

    @staticmethod
    def _with_recorded_result(match: MatchRow, view: dict) -> dict:
        """The result the match records (e.g. a board win that does not count because the
        computer played the seat for an absent player) in place of the engine's own."""
        if view.get("result") and match.result:
            return {**view, "result": {**view["result"], **match.result}}
        return view

    def private_view(self, match: MatchRow, seat: int) -> dict:
        return self.rules(match).view(match.snapshot, seat)

    def legal_actions(self, match: MatchRow, seat: int) -> list[Action]:
        if match.status != "active":
            return []
        key = (match.id, match.version, seat)
        kept = self._legal.get(key)
        # the state compared too: a test (or an operator) may write a snapshot under a version
        if kept is not None and kept[0] == match.snapshot:
            self._legal.move_to_end(key)
            return list(kept[1])
        actions = self.rules(match).legal_actions(match.snapshot, seat)
        self._legal[key] = (match.snapshot, actions)
        if len(self._legal) > LEGAL_KEPT:
            self._legal.popitem(last=False)
        return list(actions)

    def is_active(self, match: MatchRow, seat: int) -> bool:
        return match.status == "active" and seat in self.rules(match).active_players(match.snapshot)

    async def set_dm_closed(self, match: MatchRow, seat: int) -> None:
        await self.store.set_seat_flag(match.id, seat, dm_ok=False)

    async def replay(self, match_id: int) -> dict:
        """Rebuild the state from the seed and the action log (the truth)."""
        match = await self.get(match_id)
        log = await self.store.actions(match_id)

        def rebuild() -> dict:
            state = self._initial_state(match)
            for _seat, _action, state, _events in self._walk(match, log):
                pass
            return state
        return await replaying(rebuild)

    def _initial_state(self, match: MatchRow) -> dict:
        return self.rules(match).setup(len(match.seats), dict(match.options), match.seed)

    def _rebuild(self, match: MatchRow, moves: list[tuple[int, str]]) -> dict:
        rules = self.rules(match)
        state = self._initial_state(match)
        for seat, action in moves:
            state, _ = rules.apply(state, seat, action)
        return state

    def _walk(self, match: MatchRow, log: list):
        """Replay the log row by row: yields (seat, action, state after, events). An "undo"
        row rebuilds the state from the seed without the move it takes back."""
        rules = self.rules(match)
        state = self._initial_state(match)
        in_effect: list[tuple[int, str]] = []
        for _seq, seat, action, _at in log:
            if action == UNDO:
                in_effect.pop()
                state, events = self._rebuild(match, in_effect), [Event(UNDO_EVENT)]
            else:
                state, events = rules.apply(state, seat, action)
                in_effect.append((seat, action))
            yield seat, action, state, events

    @staticmethod
    def moves_in_effect(log: list) -> list[tuple[int, str]]:
        moves: list[tuple[int, str]] = []
        for _seq, seat, action, _at in log:
            if action == UNDO:
                moves.pop()
            else:
                moves.append((seat, action))
        return moves

    async def history(self, match_id: int) -> list[tuple[int, str]]:
        """The public move history: (seat, public text) per event, undo rows included."""
        match = await self.get(match_id)
        if match.snapshot is None:
            raise UserError(Msg("This match has not started yet."))
        log = await self.store.actions(match_id)
        return await replaying(lambda: [(seat, event.public) for seat, _a, _s, events in self._walk(match, log)
                                        for event in events])

    async def public_views(self, match_id: int) -> list[dict]:
        """The public view before the first move and after every logged action."""
        match = await self.get(match_id)
        if match.snapshot is None:
            raise UserError(Msg("This match has not started yet."))
        rules, log = self.rules(match), await self.store.actions(match_id)
        views = await replaying(lambda: [rules.view(self._initial_state(match), None)] + [
            rules.view(state, None) for _seat, _action, state, _events in self._walk(match, log)])
        views[-1] = self._with_recorded_result(match, views[-1])
        return views

    async def public_view_stream(self, match_id: int) -> tuple[int, Callable]:
        """(number of public boards, views): the boards are the one before the first move and
        one after every logged action, as in `public_views`, but nothing is built yet.
        `views(numbers)` (blocking: call it in a worker thread, as often as needed) walks the log
        once and yields (board number, public view) for the given board numbers only, in
        increasing order, so only one state is alive at a time however long the game."""
        match = await self.get(match_id)
        if match.snapshot is None:
            raise UserError(Msg("This match has not started yet."))
        rules, log = self.rules(match), await self.store.actions(match_id)
        last = len(log)

        def view(number: int, state: dict) -> dict:
            public = rules.view(state, None)
            return self._with_recorded_result(match, public) if number == last else public

        def views(numbers):
            wanted = {n for n in numbers if 0 <= n <= last}
            if not wanted:
                return
            if 0 in wanted:
                yield 0, view(0, self._initial_state(match))
            stop = max(wanted)
            if stop == 0:
                return
            walk = self._walk(match, log)
            try:
                for number, (_seat, _action, state, _events) in enumerate(walk, 1):
                    if number in wanted:
                        yield number, view(number, state)
                    if number >= stop:
                        return
            finally:
                walk.close()
        return last + 1, views

    # ------------------------------------------------------------------ clocks and timers

    def _clock_after(self, match: MatchRow, state: dict | None, meta: dict, *, moved: int | None,
                     undone: int | None = None, turn_over: bool = False) -> tuple[dict, list[tuple[str, int, float]]]:
        """The match notes and timers after a change: `moved` acted (or nobody, or `undone`'s
        last move was taken back), and the human seats that must act next start (or keep)
        their turn. `turn_over`: `moved`'s turn ends even if it must act again at once (the game
        made its move for it when its time ran out: its next decision gets a whole turn)."""
        meta = dict(meta)
        if moved is not None and str(moved) in meta.get("votes", {}):
            meta["votes"] = {k: v for k, v in meta["votes"].items() if k != str(moved)}
        clock = meta.get("clock")
        if not clock or state is None:
            return meta, []
        rules = self.rules(match)
        active = set() if rules.result(state) is not None else {
            s for s in rules.active_players(state) if match.user_at(s) is not None and not match.user_at(s).is_ai}
        now = self.clock()
        if undone is not None:
            meta["clock"] = clocks.after_undo(clock, undone=undone, active=active, now=now)
        else:
            meta["clock"] = clocks.advance(clock, moved=moved, active=active, now=now, turn_over=turn_over)
        return meta, clocks.timers(meta["clock"], now)

    async def _write_timers(self, match: MatchRow, timers: list, meta: dict) -> None:
        await self.store.replace_timers(match.id, match.version, timers, meta)
        self._timers_changed()

    def _timers_changed(self) -> None:
        if self.on_timers_changed is not None:
            self.on_timers_changed()

    @staticmethod
    def deadline_of(match: MatchRow, seat: int) -> float | None:
        deadline = (match.meta.get("clock") or {}).get("deadlines", {}).get(str(seat))
        return float(deadline) if deadline is not None else None

    def is_overdue(self, match: MatchRow, seat: int) -> bool:
        """`seat` must act, is played by a person, and its deadline has passed."""
        row = match.user_at(seat)
        deadline = self.deadline_of(match, seat)
        return (match.status == "active" and row is not None and not row.is_ai and self.is_active(match, seat)
                and deadline is not None and deadline <= self.clock())

    async def on_timer(self, match_id: int, kind: str, seat: int | None, due: float, version: int) -> None:
        """Called when a stored timer's notice is delivered: by the scheduler once the timer is
        marked fired (with its notice owed in the outbox), or by recover() for a notice still
        owed. Posts nothing when the turn it belonged to is over."""
        match = await self.store.get_match(match_id)
        if match is None or match.status != "active" or match.version != version or seat is None:
            return  # the turn it belonged to is over
        row = match.user_at(seat)
        if row is None or row.is_ai or not self.is_active(match, seat):
            return
        if kind == "reminder":
            deadline = self.deadline_of(match, seat) or due
            if deadline > self.clock():  # once the time is out, the out-of-time notice says it
                await self.notifier.remind(match, seat, deadline)
        elif kind == "deadline" and self.is_overdue(match, seat):
            if not await self._time_out(match_id, seat, version):
                await self.notifier.out_of_time(match, seat)

    def _opponent_seat(self, match: MatchRow, user_id: int, seat: int) -> int:
        mine = match.seat_of(user_id)
        if mine is None:
            raise UserError(Msg("You are not playing in this match."))
        if mine == seat:
            raise UserError(Msg("That is your own seat: make your move instead."))
        return mine

    async def claim_win(self, match_id: int, user_id: int, seat: int) -> MatchRow:
        """Two players: the opponent of a player out of time may take the win."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active":
                raise UserError(Msg("This match is over."))
            self._opponent_seat(match, user_id, seat)
            if len(match.seats) != 2:
                raise UserError(Msg("With more than two players, vote to let the computer play the seat instead."))
            if not self.is_overdue(match, seat):
                raise UserError(Msg("That player is not out of time (they may have moved since)."))
            absent_user = match.user_at(seat).user_id
            result = Result([s.seat for s in match.seats if s.seat != seat], {},
                            Msg("{user} ran out of time.", user=person(absent_user))).to_dict()
            result["timeout"] = [seat]
            return await self.finish(match_id, result,
                                     Msg("{user} claimed the win: {absent} ran out of time.",
                                         user=person(user_id), absent=person(absent_user)))

    async def vote_handoff(self, match_id: int, user_id: int, seat: int) -> tuple[MatchRow, bool]:
        """More than two players: the others vote to let the computer play an absent player's
        seat (a majority of the other people decides). Returns (match, handed over)."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active":
                raise UserError(Msg("This match is over."))
            voter = self._opponent_seat(match, user_id, seat)
            if len(match.seats) == 2:
                raise UserError(Msg("In a two-player game, claim the win instead."))
            if not self.is_overdue(match, seat):
                raise UserError(Msg("That player is not out of time (they may have moved since)."))
            meta = dict(match.meta)
            votes = dict(meta.get("votes", {}))
            ballot = sorted(set(votes.get(str(seat), [])) | {voter})
            votes[str(seat)] = ballot
            meta["votes"] = votes
            electorate = [s.seat for s in match.seats if not s.is_ai and s.seat != seat]
            absent_user = match.user_at(seat).user_id
            if len(ballot) * 2 <= len(electorate):
                await self.store.update_match(match_id, meta=meta)
                match = await self.get(match_id)
                await self.notifier.lobby_changed(
                    match, Msg("{user} votes to let the computer play for {absent} ({votes} of {voters}; "
                               "more than half decides).", user=person(user_id), absent=person(absent_user),
                               votes=len(ballot), voters=len(electorate)))
                return match, False
            meta["votes"] = {k: v for k, v in votes.items() if k != str(seat)}
            meta["absent"] = sorted(set(meta.get("absent", [])) | {seat})
            await self.store.update_match(match_id, meta=meta)
            await self.store.set_seat_flag(match_id, seat, is_ai=True)
            match = await self.get(match_id)
            meta, timers = self._clock_after(match, match.snapshot, match.meta, moved=None)
            await self._write_timers(match, timers, meta)
            match = await self.get(match_id)
            await self.notifier.lobby_changed(
                match, Msg("The computer now plays for {absent}, who is recorded as losing unless they "
                           "return (/match return).", absent=person(absent_user)))
            outcome = await self._run_ai(match, MoveOutcome(match))
        await self._announce(outcome)
        return outcome.match, True

    async def reclaim(self, match_id: int, user_id: int) -> MatchRow:
        """Take back a seat the computer was playing because its player was away."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active":
                raise UserError(Msg("This match is over."))
            seat = next((s.seat for s in match.seats if s.user_id == user_id and s.is_ai
                         and s.seat in match.meta.get("absent", [])), None)
            if seat is None:
                raise UserError(Msg("You have no seat in this match that the computer is playing for you.")
                                if match.seat_of(user_id) is None else Msg("You are already playing your seat."))
            meta = dict(match.meta)
            meta["absent"] = [s for s in meta.get("absent", []) if s != seat]
            await self.store.update_match(match_id, meta=meta)
            await self.store.set_seat_flag(match_id, seat, is_ai=False)
            match = await self.get(match_id)
            meta, timers = self._clock_after(match, match.snapshot, match.meta, moved=None)
            await self._write_timers(match, timers, meta)
            match = await self.get(match_id)
        await self.notifier.match_updated(match, Msg("{user} is back and plays their own seat again.",
                                                     user=person(user_id)))
        return match

    async def nudge(self, match_id: int, user_id: int, every: float = 4 * 3600) -> list[int]:
        """An opponent pings the players to move, at most once per `every` seconds per match."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active":
                raise UserError(Msg("Only a match in progress can be nudged."))
            mine = match.seat_of(user_id)
            if mine is None:
                raise UserError(Msg("You are not playing in this match."))
            due = sorted(s for s in self.rules(match).active_players(match.snapshot)
                         if s != mine and not match.user_at(s).is_ai)
            if not due:
                raise UserError(Msg("Nobody else is keeping you waiting right now."))
            now = self.clock()
            last = float(match.meta.get("nudged_at", 0))
            if now - last < every:
                raise UserError(Msg("This match was nudged recently; you can nudge again {when}.",
                                    when=f"<t:{int(last + every)}:R>"))
            await self.store.update_match(match_id, meta={**match.meta, "nudged_at": now})
            match = await self.get(match_id)
        await self.notifier.nudge(match, due, user_id)
        return due

    # ------------------------------------------------------------------ undo

    async def request_undo(self, match_id: int, user_id: int, version: int | None = None) -> MatchRow:
        """Ask to take back one's own last move; the other people approve. Refused when
        another player has moved since or the move drew, shuffled, revealed or rolled.
        `version`: the board the button was on (the move must still be the last one)."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active":
                raise UserError(Msg("Only a move in a match in progress can be taken back."))
            seat = match.seat_of(user_id)
            if seat is None:
                raise UserError(Msg("You are not playing in this match."))
            if version is not None and version != match.version:
                raise UserError(Msg("This board is out of date: the match has moved on since."))
            moves = self.moves_in_effect(await self.store.actions(match_id))
            if not moves or seat not in {s for s, _ in moves}:
                raise UserError(Msg("You have no move to take back."))
            last_seat, last_action = moves[-1]
            if last_seat != seat:
                raise UserError(Msg("Another player has moved since your last move, so it cannot be taken back."))
            before = await replaying(self._rebuild, match, moves[:-1])
            _, events = self.rules(match).apply(before, seat, last_action)
            if any(e.hidden for e in events):
                raise UserError(Msg("Your last move drew, shuffled, revealed or rolled something, "
                                "so it cannot be taken back."))
            pending = match.meta.get("undo")
            if pending and pending.get("version") == match.version:
                raise UserError(Msg("A request to take back a move is already waiting for an answer."))
            if not [s for s in match.seats if not s.is_ai and s.seat != seat]:
                outcome = await self._undo(match, seat)
            else:
                meta = {**match.meta, "undo": {"seat": seat, "version": match.version, "approvals": []}}
                await self.store.update_match(match_id, meta=meta)
                match = await self.get(match_id)
                await self.notifier.undo_requested(match, seat)
                return match
        await self._announce(outcome)
        return outcome.match

    async def answer_undo(self, match_id: int, user_id: int, version: int, approve: bool) -> Msg:
        async with self.lock(match_id):
            match = await self.get(match_id)
            pending = match.meta.get("undo")
            if match.status != "active" or not pending or pending.get("version") != version \
                    or match.version != version:
                raise UserError(Msg("This request to take back a move is out of date."))
            voter = match.seat_of(user_id)
            if voter is None:
                raise UserError(Msg("You are not playing in this match."))
            requester = pending["seat"]
            if voter == requester and approve:
                raise UserError(Msg("The other players decide whether your move is taken back."))
            if not approve:
                meta = {k: v for k, v in match.meta.items() if k != "undo"}
                await self.store.update_match(match_id, meta=meta)
                note = (Msg("{user} withdrew the request.", user=person(user_id)) if voter == requester
                        else Msg("{user} refused to let the move be taken back.", user=person(user_id)))
                await self.notifier.lobby_changed(await self.get(match_id), note)
                return Msg("The move stays.")
            approvals = sorted(set(pending.get("approvals", [])) | {voter})
            needed = {s.seat for s in match.seats if not s.is_ai and s.seat != requester}
            if not needed <= set(approvals):
                meta = {**match.meta, "undo": {**pending, "approvals": approvals}}
                await self.store.update_match(match_id, meta=meta)
                return Msg("Approved; waiting for the other players.")
            outcome = await self._undo(match, requester)
        await self._announce(outcome)
        return Msg("Approved: the move was taken back.")

    async def _undo(self, match: MatchRow, seat: int) -> MoveOutcome:
        """Write an "undo" row: the state is rebuilt from the seed without the last move."""
        moves = self.moves_in_effect(await self.store.actions(match.id))
        state = await replaying(self._rebuild, match, moves[:-1])
        meta = {k: v for k, v in match.meta.items() if k != "undo"}
        meta, timers = self._clock_after(match, state, meta, moved=None, undone=seat)
        try:
            version = await self.store.commit_action(match.id, match.version, seat, UNDO, state, meta=meta,
                                                     timers=timers)
        except StaleVersion:
            raise UserError(STALE_MESSAGE) from None
        self._timers_changed()
        match = await self.get(match.id)
        return MoveOutcome(match, [Step(seat, UNDO, [Event(UNDO_EVENT)], version=version)])

    # ------------------------------------------------------------------ rematch, spectators

    async def rematch(self, match_id: int, user_id: int) -> MatchRow:
        """Same players and options, the other player moves first."""
        async with self.lock(match_id):
            old = await self.get(match_id)
            if old.status != "finished":
                raise UserError(Msg("A rematch can start once this match is over."))
            if not any(s.user_id == user_id for s in old.seats):
                raise UserError(Msg("Only the players of this match can start its rematch."))
            if old.meta.get("rematch"):
                raise UserError(Msg("The rematch has already started: match #{match}.", match=old.meta["rematch"]))
            log = await self.store.actions(match_id)
            # who really moved first (an engine may draw the first player from the seed; a game
            # that opens with a simultaneous step, e.g. a mulligan, names its first player)
            named = getattr(self.rules(old), "first_player", None)
            first = named(old.snapshot) if named is not None and old.snapshot is not None else \
                log[0][1] if log else min(self.rules(old).active_players(self._initial_state(old)))
            options = {**old.options, "first_player": (first + 1) % len(old.seats)}
            played_for = set(old.meta.get("resigned", [])) | set(old.meta.get("absent", []))
            seats = [(s.user_id, s.is_ai and s.seat not in played_for, True) for s in old.seats]
            settings = await guild_settings(self.store, old.guild_id)
            preset = (old.meta.get("clock") or {}).get("preset") or settings["clock"]
            reminders = (old.meta.get("clock") or {}).get("reminders", settings["reminders"])
            meta = {"clock": clocks.new_clock(preset, reminders), "fixed_seats": True, "rematch_of": old.id,
                    "rated": old.meta.get("rated", True)}
            try:  # the new match and the old one's note of it are one transaction
                new_id = await self.store.create_match(
                    game=old.game, guild_id=old.guild_id, channel_id=old.channel_id, creator_id=user_id,
                    seed=self.seed_source.randrange(1, 2**62), options=options, player_count=len(seats),
                    invited=[], seats=seats, meta=meta, rematch_of=match_id)
            except StaleVersion:
                raise UserError(Msg("The rematch has already started.")) from None
        match = await self.get(new_id)
        await self.notifier.match_created(match)
        return await self._start(match)

    async def add_watcher(self, match_id: int, user_id: int, *, guild_id: int | None) -> MatchRow:
        """Follow a match of this server. Under the match lock: `meta` is read, changed and
        written with no move in between (a move rewrites meta too)."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if guild_id is None or match.guild_id != guild_id:
                raise UserError(Msg("There is no match #{match} here.", match=match_id))
            if match.status not in ("open", "active"):
                raise UserError(Msg("This match is over; /match replay shows how it went."))
            if any(s.user_id == user_id and not s.is_ai for s in match.seats):
                raise UserError(Msg("You are playing in this match already."))
            watchers = match.meta.get("watchers", [])
            if user_id in watchers:
                return match
            if len(watchers) >= MAX_WATCHERS:
                raise UserError(Msg("Match #{match} already has {n} spectators.", match=match_id, n=MAX_WATCHERS))
            await self.store.update_match(match_id, meta={**match.meta, "watchers": sorted({*watchers, user_id})})
            return await self.get(match_id)
