"""The match service's clocks: deadlines, reminders, out-of-time claims, handing a seat to
the computer and back, nudges, and the move a game's UI plans after a player's own (`plan_then`)."""
from __future__ import annotations

import math

from engine.base import Result
from engine.text import Msg
from matches import clock as clocks
from matches.common import MoveOutcome, UserError, person
from store import MatchRow

THEN = "then"  # the timer kind of a planned move (meta["then"]: seat, action, version, due)


class Timers:
    """One part of MatchService (matches/service.py): it uses the others through `self`."""

    def _clock_after(self, match: MatchRow, state: dict | None, meta: dict, *, moved: int | None,
                     undone: int | None = None, turn_over: bool = False) -> tuple[dict, list[tuple[str, int, float]]]:
        """The match notes and timers after a change: `moved` acted (or nobody, or `undone`'s
        last move was taken back), and the human seats that must act next start (or keep)
        their turn. `turn_over`: `moved`'s turn ends even if it must act again at once (the game
        made its move for it when its time ran out: its next decision gets a whole turn)."""
        meta = dict(meta)
        plan = meta.get(THEN)
        if moved is not None or undone is not None or (plan or {}).get("version") != match.version:
            meta.pop(THEN, None)  # a move or a take-back supersedes the planned move
            plan = None
        # a change that is no move (a seat handed over, a clock restored) keeps the plan's timer
        planned = [(THEN, int(plan["seat"]), float(plan["due"]))] if plan else []
        if moved is not None and str(moved) in meta.get("votes", {}):
            meta["votes"] = {k: v for k, v in meta["votes"].items() if k != str(moved)}
        clock = meta.get("clock")
        if not clock or state is None:
            return meta, planned
        rules = self.rules(match)
        active = set() if rules.result(state) is not None else {
            s for s in rules.active_players(state) if match.user_at(s) is not None and not match.user_at(s).is_ai}
        now = self.clock()
        if undone is not None:
            meta["clock"] = clocks.after_undo(clock, undone=undone, active=active, now=now)
        else:
            meta["clock"] = clocks.advance(clock, moved=moved, active=active, now=now, turn_over=turn_over)
        return meta, clocks.timers(meta["clock"], now) + planned

    async def _write_timers(self, match: MatchRow, timers: list, meta: dict) -> None:
        await self.store.replace_timers(match.id, match.version, timers, meta)
        self._timers_changed()

    def _timers_changed(self, added: list[tuple[str, int, float]] | None = None) -> None:
        """Tell the scheduler; `added`: the timers just written (None: look again whatever)."""
        if self.on_timers_changed is not None:
            if added is None:
                self.on_timers_changed()
            else:
                self.on_timers_changed(min((due for *_, due in added), default=math.inf))

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
        if kind == THEN:
            await self._play_then(match_id, seat, version)
            return
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

    async def plan_then(self, match_id: int, user_id: int, action_id: str, *, version: int,
                        window: float) -> MatchRow | None:
        """The move a game's UI makes by itself after the player's own (`GameUI.follow`), planned
        `window` seconds ahead instead of made at once, so that the player's last move can still be
        taken back (Battalia's "end the turn" draws: once made, nothing before it can be). The plan
        (meta["then"]) and its timer are one write; any move or take-back supersedes both. None
        when the match moved on since `version` or the move is not the player's to make."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            seat = match.seat_of(user_id)
            if match.status != "active" or match.version != version or seat is None or not self.is_active(match, seat):
                return None
            if action_id not in {a.id for a in self.legal_actions(match, seat)}:
                return None
            due = self.clock() + window
            meta = {**match.meta, THEN: {"seat": seat, "action": action_id, "version": version, "due": due}}
            await self.store.add_timers(match_id, version, [(THEN, seat, due)], meta)
            self._timers_changed()
            return await self.get(match_id)

    async def _write_meta_keeping_plan(self, match: MatchRow, meta: dict) -> None:
        """Store `meta`; a planned move of this version whose time came while a take-back was
        asked (so it did nothing) gets its timer again, due at once if its time is past."""
        plan = meta.get(THEN)
        if not plan or plan.get("version") != match.version or \
                any(t[2] == THEN for t in await self.store.pending_timers(match.id)):
            await self.store.update_match(match.id, meta=meta)
            return
        await self.store.add_timers(match.id, match.version,
                                    [(THEN, int(plan["seat"]), max(float(plan["due"]), self.clock()))], meta)
        self._timers_changed()

    async def _play_then(self, match_id: int, seat: int, version: int) -> bool:
        """The planned move's time came: it is played as its seat if the match is still at the
        version it was planned at and no take-back is asked; otherwise nothing happens."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            plan = match.meta.get(THEN) or {}
            if match.status != "active" or match.version != version or plan.get("version") != version \
                    or plan.get("seat") != seat:
                return False
            if (match.meta.get("undo") or {}).get("version") == version:
                return False  # the player asked to take the move before it back: the others decide
            if not self.is_active(match, seat) \
                    or plan.get("action") not in {a.id for a in self.legal_actions(match, seat)}:
                return False
            outcome = MoveOutcome(match, active_before=set(self.rules(match).active_players(match.snapshot)))
            match = await self._apply(match, seat, plan["action"], outcome)
            outcome.match = match
            outcome = await self._run_ai(match, outcome)
        await self._announce(outcome)
        return True

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
