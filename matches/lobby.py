"""The match service's lobby: challenges and open tables, joining, starting and cancelling,
rematches and spectators."""
from __future__ import annotations

import json
import random
from dataclasses import replace

from engine import registry
from engine.base import IllegalAction, normalise_options
from engine.text import Msg, plural
from i18n import title as game_title
from matches import clock as clocks
from matches.common import (
    MAX_OPTIONS_SIZE,
    MAX_WATCHERS,
    MoveOutcome,
    UserError,
    person,
    shorten,
)
from matches.settings import guild_settings
from store import MatchRow, StaleVersion


class Lobby:
    """One part of MatchService (matches/service.py): it uses the others through `self`."""

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
        options = await self._seat_decks(match, seats, dict(match.options))   # matches/decks.py
        if options != match.options:
            await self.store.update_match(match.id, options=options)
            match = replace(match, options=options)
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
            named = self.rules(old).first_player(old.snapshot) if old.snapshot is not None else None
            first = named if named is not None else \
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
