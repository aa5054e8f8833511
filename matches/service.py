"""The match service: the only place that touches both the store and the engines.

Every move goes: per-match lock -> load -> check the version the player saw -> engine.apply
-> one store transaction (action + snapshot + version) -> side effects through the notifier
(post the board, refresh private views, ping the next player). The service knows nothing of
Discord: the notifier is an interface the Discord layer implements.
"""
from __future__ import annotations

import asyncio
import logging
import random
import time
from dataclasses import dataclass, field
from typing import Callable, Protocol

from engine import registry
from engine.base import Action, Event, IllegalAction, Result
from store import MatchRow, SeatRow, StaleVersion, Store

log = logging.getLogger(__name__)

STALE_MESSAGE = "This board is out of date: someone has moved since. Press **Show my hand** for the current one."


class UserError(Exception):
    """Something a user did wrong; `message` is shown to them as is and nothing changed."""

    def __init__(self, message: str):
        super().__init__(message)
        self.message = message


@dataclass
class Step:
    """One applied action, for narration."""
    seat: int
    action: str
    events: list[Event]
    by_ai: bool = False


@dataclass
class MoveOutcome:
    match: MatchRow
    steps: list[Step] = field(default_factory=list)
    ended: bool = False


class Notifier(Protocol):
    """What the service tells the outside world. Every method must not raise."""

    async def match_created(self, match: MatchRow) -> None: ...
    async def lobby_changed(self, match: MatchRow, note: str) -> None: ...
    async def match_started(self, match: MatchRow) -> None: ...
    async def moves_applied(self, outcome: MoveOutcome) -> None: ...
    async def match_closed(self, match: MatchRow, note: str) -> None: ...


class NullNotifier:
    async def match_created(self, match): pass
    async def lobby_changed(self, match, note): pass
    async def match_started(self, match): pass
    async def moves_applied(self, outcome): pass
    async def match_closed(self, match, note): pass


def _player_list(n: int) -> str:
    return f"{n} player" + ("s" if n != 1 else "")


class MatchService:
    def __init__(self, store: Store, notifier: Notifier | None = None,
                 clock: Callable[[], float] = time.time, seed_source: random.Random | None = None):
        self.store = store
        self.notifier: Notifier = notifier or NullNotifier()
        self.clock = clock
        self._seeds = seed_source or random.SystemRandom()
        self._locks: dict[int, asyncio.Lock] = {}
        # async callables run with the finished match before anyone is told it ended
        # (ratings, tournaments); they may add notes to match.meta for the game-over message
        self.finish_listeners: list[Callable] = []

    def lock(self, match_id: int) -> asyncio.Lock:
        return self._locks.setdefault(match_id, asyncio.Lock())

    # ------------------------------------------------------------------ lookups

    async def get(self, match_id: int) -> MatchRow:
        match = await self.store.get_match(match_id)
        if match is None:
            raise UserError(f"There is no match #{match_id}.")
        return match

    @staticmethod
    def rules(match: MatchRow):
        return registry.get(match.game)

    async def find_for_user(self, user_id: int, *, match_id: int | None, channel_id: int | None,
                            statuses: tuple[str, ...] = ("active",)) -> MatchRow:
        """The match a command refers to: the one named, else the one whose thread this is,
        else the user's only match in `statuses`."""
        if match_id is not None:
            return await self.get(match_id)
        if channel_id is not None:
            here = await self.store.match_in_thread(channel_id)
            if here is not None and here.status in statuses:
                return here
        mine = await self.store.list_matches(user_id=user_id, statuses=statuses)
        if not mine:
            raise UserError("You are not in any match right now. Start one with `/match new` or a game's `challenge`.")
        if len(mine) > 1:
            raise UserError("You are in several matches: say which one with the `match` option "
                            "(or use the command in the match's thread).")
        return mine[0]

    # ------------------------------------------------------------------ lobby

    async def create(self, *, game: str, guild_id: int | None, channel_id: int | None, creator_id: int,
                     invited: list[int] = (), ai_seats: int = 0, players: int | None = None,
                     options: dict | None = None, ai_user_id: int = 0, accepted: bool = False,
                     meta: dict | None = None) -> MatchRow:
        """A challenge (named opponents accept by button) or, with nobody invited and no
        computer seat, an open table that others join by button."""
        try:
            rules = registry.get(game)
        except KeyError:
            raise UserError(f"There is no game called {game!r}.") from None
        invited = [u for u in dict.fromkeys(invited) if u != creator_id]
        seat_count = 1 + len(invited) + ai_seats
        if players is None:
            players = seat_count if (invited or ai_seats) else rules.min_players
        if not rules.min_players <= players <= rules.max_players:
            raise UserError(f"{rules.title} is for {rules.min_players}–{rules.max_players} players, not {players}.")
        if seat_count > players:
            raise UserError(f"That is {seat_count} players, but this match is for {_player_list(players)}.")
        seats = [(creator_id, False, True)] + [(u, False, accepted) for u in invited] + \
                [(ai_user_id, True, True) for _ in range(ai_seats)]
        seed = self._seeds.randrange(1, 2**62)
        match_id = await self.store.create_match(
            game=game, guild_id=guild_id, channel_id=channel_id, creator_id=creator_id, seed=seed,
            options=dict(options or {}), player_count=players, invited=list(invited), seats=seats,
            meta=dict(meta or {}))
        match = await self.get(match_id)
        await self.notifier.match_created(match)
        if self._ready_to_start(match, rules):
            match = await self._start(match)
        return match

    @staticmethod
    def _ready_to_start(match: MatchRow, rules) -> bool:
        """A full table where everyone has accepted starts by itself."""
        return len(match.seats) == match.player_count and all(s.accepted for s in match.seats)

    async def accept(self, match_id: int, user_id: int) -> MatchRow:
        async with self.lock(match_id):
            match = await self._open(match_id)
            seat = next((s for s in match.seats if s.user_id == user_id and not s.is_ai), None)
            if seat is None:
                raise UserError("This challenge is not addressed to you.")
            if seat.accepted:
                raise UserError("You have already accepted.")
            await self.store.set_accepted(match_id, user_id)
            match = await self.get(match_id)
            if self._ready_to_start(match, self.rules(match)):
                return await self._start(match)
            await self.notifier.lobby_changed(match, f"<@{user_id}> accepted.")
            return match

    async def decline(self, match_id: int, user_id: int) -> MatchRow:
        async with self.lock(match_id):
            match = await self._open(match_id)
            if match.seat_of(user_id) is None:
                raise UserError("This challenge is not addressed to you.")
            await self.store.update_match(match_id, status="cancelled")
            match = await self.get(match_id)
            await self.notifier.match_closed(match, f"<@{user_id}> declined the challenge.")
            return match

    async def join(self, match_id: int, user_id: int) -> MatchRow:
        async with self.lock(match_id):
            match = await self._open(match_id)
            if match.seat_of(user_id) is not None:
                raise UserError("You are already at this table.")
            if match.invited:
                raise UserError("This is a challenge between invited players; start your own with `/match new`.")
            if len(match.seats) >= match.player_count:
                raise UserError("This table is full.")
            await self.store.add_seat(match_id, user_id)
            match = await self.get(match_id)
            if self._ready_to_start(match, self.rules(match)):
                return await self._start(match)
            await self.notifier.lobby_changed(match, f"<@{user_id}> joined.")
            return match

    async def leave(self, match_id: int, user_id: int) -> MatchRow:
        async with self.lock(match_id):
            match = await self._open(match_id)
            if match.seat_of(user_id) is None:
                raise UserError("You are not at this table.")
            if user_id == match.creator_id:
                await self.store.update_match(match_id, status="cancelled")
                match = await self.get(match_id)
                await self.notifier.match_closed(match, "The table's creator left, so the table is closed.")
                return match
            await self.store.remove_seat(match_id, user_id)
            match = await self.get(match_id)
            await self.notifier.lobby_changed(match, f"<@{user_id}> left.")
            return match

    async def start(self, match_id: int, user_id: int, *, is_admin: bool = False) -> MatchRow:
        async with self.lock(match_id):
            match = await self._open(match_id)
            rules = self.rules(match)
            if user_id != match.creator_id and not is_admin:
                raise UserError("Only the player who opened this table can start it.")
            if len(match.seats) < rules.min_players:
                raise UserError(f"{rules.title} needs at least {_player_list(rules.min_players)}; "
                                f"this table has {len(match.seats)}.")
            if not all(s.accepted for s in match.seats):
                raise UserError("Not everyone invited has accepted yet.")
            return await self._start(match)

    async def cancel(self, match_id: int, user_id: int, *, is_admin: bool = False) -> MatchRow:
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "open":
                raise UserError("Only a match that has not started can be cancelled; use `/match resign` instead.")
            if user_id != match.creator_id and not is_admin:
                raise UserError("Only the match's creator or a server manager can cancel it.")
            await self.store.update_match(match_id, status="cancelled")
            match = await self.get(match_id)
            await self.notifier.match_closed(match, f"Match #{match_id} was cancelled by <@{user_id}>.")
            return match

    async def _open(self, match_id: int) -> MatchRow:
        match = await self.get(match_id)
        if match.status != "open":
            raise UserError("This table is no longer open." if match.status != "active"
                            else "This match has already started.")
        return match

    async def _start(self, match: MatchRow) -> MatchRow:
        """Seat order is random, drawn from the match seed; then the engine sets up."""
        rules = self.rules(match)
        seats = list(match.seats)
        random.Random(match.seed).shuffle(seats)
        options = dict(match.options)
        state = rules.setup(len(seats), options, match.seed)
        await self.store.start_match(match.id, seats, state)
        match = await self.get(match.id)
        await self.notifier.match_started(match)
        outcome = await self._run_ai(match, MoveOutcome(match))
        if outcome.steps:
            await self.notifier.moves_applied(outcome)
        return outcome.match

    # ------------------------------------------------------------------ play

    async def act(self, match_id: int, user_id: int, action_id: str, *,
                  expected_version: int | None = None) -> MoveOutcome:
        """Apply one player's move. `expected_version` is the version the player's button or
        board showed; a different current version means the click is stale."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status == "open":
                raise UserError("This match has not started yet.")
            if match.status != "active":
                raise UserError("This match is over.")
            if expected_version is not None and expected_version != match.version:
                raise UserError(STALE_MESSAGE)
            seat = match.seat_of(user_id)
            if seat is None:
                raise UserError("You are not playing in this match.")
            rules = self.rules(match)
            if seat not in rules.active_players(match.snapshot):
                raise UserError("It is not your turn.")
            outcome = MoveOutcome(match)
            match = await self._apply(match, seat, action_id, outcome)
            outcome.match = match
            outcome = await self._run_ai(match, outcome)
        await self.notifier.moves_applied(outcome)
        return outcome

    async def _apply(self, match: MatchRow, seat: int, action_id: str, outcome: MoveOutcome,
                     by_ai: bool = False) -> MatchRow:
        rules = self.rules(match)
        try:
            state, events = rules.apply(match.snapshot, seat, action_id)
        except IllegalAction as exc:
            raise UserError(exc.message) from None
        result = rules.result(state)
        status = "finished" if result is not None else "active"
        result_record = None
        if result is not None:
            result_record = result.to_dict()
            resigned = match.meta.get("resigned", [])
            if resigned:  # a seat that resigned and was played on by the computer never wins
                result_record["winners"] = [w for w in result.winners if w not in resigned]
                result_record["resigned"] = resigned
        try:
            await self.store.commit_action(match.id, match.version, seat, action_id, state, status=status,
                                           result=result_record)
        except StaleVersion:
            raise UserError(STALE_MESSAGE) from None
        outcome.steps.append(Step(seat, action_id, events, by_ai))
        outcome.ended = result is not None
        match = await self.get(match.id)
        if outcome.ended:
            match = await self._finished(match)
        return match

    async def _finished(self, match: MatchRow) -> MatchRow:
        for listener in self.finish_listeners:
            try:
                await listener(match)
            except Exception:  # a listener's failure must not undo or hide the result
                log.exception("finish listener failed for match %s", match.id)
        return await self.get(match.id)

    async def _run_ai(self, match: MatchRow, outcome: MoveOutcome, limit: int = 20000) -> MoveOutcome:
        """Let computer seats move while it is their turn (each move its own transaction)."""
        rules = self.rules(match)
        for _ in range(limit):
            if match.status != "active":
                break
            ai_seats = sorted(s.seat for s in match.seats if s.is_ai)
            due = [s for s in ai_seats if s in rules.active_players(match.snapshot)]
            if not due:
                break
            seat = due[0]
            action_id = rules.ai_choose(match.snapshot, seat, match.seed + match.version)
            match = await self._apply(match, seat, action_id, outcome, by_ai=True)
        outcome.match = match
        return outcome

    async def resign(self, match_id: int, user_id: int) -> MatchRow:
        """Two players: the other one wins. More: the seat is handed to the computer player so
        the others can finish, and the resigner is recorded as having lost."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active":
                raise UserError("Only a match in progress can be resigned." if match.status != "open"
                                else "This match has not started; use `/match cancel` or leave the table.")
            seat = match.seat_of(user_id)
            if seat is None:
                raise UserError("You are not playing in this match.")
            humans_left = [s for s in match.seats if not s.is_ai and s.seat != seat]
            if len(match.seats) == 2 or not humans_left:
                winners = [s.seat for s in match.seats if s.seat != seat]
                result = Result(winners, {}, f"<@{user_id}> resigned.").to_dict()
                result["resigned"] = [seat]
                await self.store.update_match(match_id, status="finished", result=result)
                match = await self._finished(await self.get(match_id))
                await self.notifier.match_closed(match, f"<@{user_id}> resigned.")
                return match
            meta = dict(match.meta)
            meta["resigned"] = sorted(set(meta.get("resigned", [])) | {seat})
            await self.store.update_match(match_id, meta=meta)
            await self.store.set_seat_flag(match_id, seat, is_ai=True)
            match = await self.get(match_id)
            await self.notifier.lobby_changed(match, f"<@{user_id}> resigned; the computer plays their seat.")
            outcome = await self._run_ai(match, MoveOutcome(match))
        if outcome.steps:
            await self.notifier.moves_applied(outcome)
        return outcome.match

    # ------------------------------------------------------------------ views

    def public_view(self, match: MatchRow) -> dict:
        return self.rules(match).view(match.snapshot, None)

    def private_view(self, match: MatchRow, seat: int) -> dict:
        return self.rules(match).view(match.snapshot, seat)

    def legal_actions(self, match: MatchRow, seat: int) -> list[Action]:
        if match.status != "active":
            return []
        return self.rules(match).legal_actions(match.snapshot, seat)

    def is_active(self, match: MatchRow, seat: int) -> bool:
        return match.status == "active" and seat in self.rules(match).active_players(match.snapshot)

    async def set_dm_closed(self, match: MatchRow, seat: int) -> None:
        await self.store.set_seat_flag(match.id, seat, dm_ok=False)

    async def replay(self, match_id: int) -> dict:
        """Rebuild the state from the seed and the action log (the truth)."""
        match = await self.get(match_id)
        rules = self.rules(match)
        state = rules.setup(len(match.seats), dict(match.options), match.seed)
        for _seq, seat, action, _at in await self.store.actions(match_id):
            state, _ = rules.apply(state, seat, action)
        return state
