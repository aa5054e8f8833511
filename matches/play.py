"""The match service's moves: a player's move checked and written in one transaction with the
match version, the computer players and autopass, resignations and the end of a match."""
from __future__ import annotations

import json
import logging
from dataclasses import replace

from engine import ai_levels
from engine.base import WINDOW, IllegalAction, Result, level_of, teams_of
from engine.text import Msg, Seat, to_json
from matches.common import (
    MAX_ACTION,
    STALE_MESSAGE,
    MoveOutcome,
    Step,
    UserError,
    person,
    shorten,
    thinking,
)
from store import MatchRow, StaleVersion

log = logging.getLogger(__name__)


def _as_read(value):
    """A value as the store gives it back (JSON written, JSON read)."""
    return None if value is None else json.loads(json.dumps(value))


class Play:
    """One part of MatchService (matches/service.py): it uses the others through `self`."""

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
            active = self.active_players(match)
            if seat not in active:
                raise UserError(Msg("It is not your turn."))
            action_id = self._canonical(rules, match.snapshot, seat, action_id,
                                        [a.id for a in self.legal_actions(match, seat)])
            outcome = MoveOutcome(match, answered={seat} if answered else set(), active_before=active)
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
        if rules.takes_unlisted(state, seat, action_id):
            return action_id  # a listed move in a form the game declares (a payment the player names)
        try:  # the engine says best why a move is not allowed
            rules.apply(state, seat, action_id)
        except IllegalAction as exc:
            # an engine's Msg as it is (the edge cuts what is too long); a plain text cut here
            raise UserError(exc.message if isinstance(exc.message, Msg) else shorten(exc.message, 300)) from None
        except Exception:  # noqa: BLE001 - malformed input must not reach the log either way
            pass
        raise UserError(Msg("{action} is not one of your moves now; pick one from the list.",
                            action=repr(shorten(action_id))))

    async def _apply(self, match: MatchRow, seat: int, action_id: str, outcome: MoveOutcome,
                     by_ai: bool = False, turn_over: bool = False) -> MatchRow:
        rules = self.rules(match)
        try:
            state, events = rules.apply(match.snapshot, seat, action_id)
        except IllegalAction as exc:
            raise UserError(exc.message) from None
        after = rules.moment(state)
        owners = (self.moment(match).owner, after.owner)
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
        self._timers_changed(timers)
        outcome.steps.append(Step(seat, action_id, events, by_ai, version, *owners))
        outcome.ended = result is not None
        # the row as just committed, without reading it back: the engine's state is plain JSON
        # (the conformance suite holds every game to it), so it is what a read would parse; the
        # small notes and result are read as a read would (through JSON)
        match = replace(match, version=version, snapshot=state, status=status,
                        result=_as_read(result_record), meta=_as_read(meta), updated_at=self.store.clock(),
                        seats=[replace(s) for s in match.seats])
        self._of_version(match).moment = after
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

    async def _told(self, match: MatchRow) -> None:
        """Everyone was told a match ended: what waits for that may follow (a tournament's round)."""
        if match.status != "finished":
            return
        for listener in self.told_listeners:
            try:
                await listener(match)
            except Exception:  # a listener's failure must not hide the result
                log.exception("told listener failed for match %s", match.id)

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
            active = self.active_players(match)
            ai_seats = sorted(s.seat for s in match.seats if s.is_ai)
            due = [s for s in ai_seats if s in active]
            if due:
                seat = due[0]
                # the computer thinks in a worker thread (a hard player searches for a while)
                action_id = await thinking(ai_levels.choose, rules, match.snapshot, seat,
                                           match.seed + match.version, level_of(match.options))
                match = await self._apply(match, seat, action_id, outcome, by_ai=True)
                continue
            passing = self._auto_passes(match, rules)
            if not passing:
                break
            seat, action_id = passing[0]
            match = await self._apply(match, seat, action_id, outcome)
        outcome.match = match
        return outcome

    @staticmethod
    def _auto_passes(match: MatchRow, rules) -> list[tuple[int, str]]:
        """(seat, move) for the people who chose "pass for me": in an open window, the pass the
        game lets them make now (`quiet_pass`); asked a question the game may answer with its usual
        pick (`default_answer`), that pick. The setting is private: the move looks like any other."""
        wanted = match.meta.get("auto_pass", [])
        if not wanted:
            return []
        moment = rules.moment(match.snapshot)
        if moment.kind == WINDOW and moment.pass_action is not None:
            return [(s, moment.pass_action) for s in sorted(moment.seats)
                    if s in wanted and rules.quiet_pass(match.snapshot, s)]
        answers = ((s, rules.default_answer(match.snapshot, s)) for s in sorted(moment.seats) if s in wanted)
        return [(s, a) for s, a in answers if a is not None]

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
            if not rules.windows:
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

    @staticmethod
    def seat_preference(match: MatchRow, seat: int, key: str):
        """A seat's own standing choice in one match, kept with the match so that it survives a
        restart (a UI default such as Battle Line's deck to draw from, never a rule)."""
        return match.meta.get("prefs", {}).get(str(seat), {}).get(key)

    async def set_seat_preference(self, match_id: int, seat: int, key: str, value) -> None:
        """Store a seat's standing choice; written only when it changes."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if self.seat_preference(match, seat, key) == value:
                return
            prefs = {k: dict(v) for k, v in match.meta.get("prefs", {}).items()}
            prefs.setdefault(str(seat), {})[key] = value
            await self.store.update_match(match_id, meta={**match.meta, "prefs": prefs})

    async def _time_out(self, match_id: int, seat: int, version: int) -> bool:
        """A seat out of time in a decision the game settles by itself (a response window passes):
        make that move for it. False when the game has no such move for the seat now."""
        async with self.lock(match_id):
            match = await self.get(match_id)
            if match.status != "active" or match.version != version or not self.is_overdue(match, seat):
                return False
            rules = self.rules(match)
            action_id = rules.timeout_action(match.snapshot, seat)
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
        await self._told(match)
        return match

    async def _announce(self, outcome: MoveOutcome) -> None:
        """Post an outcome (board, private views), then mark the outbox rows of its moves done.
        A stop in between posts it again at the next start: at least once, never lost."""
        await self.notifier.moves_applied(outcome)
        versions = [step.version for step in outcome.steps if step.version is not None]
        if versions:
            await self.store.outbox_done_for(outcome.match.id, "moves", versions)
        await self._told(outcome.match)
