"""The match service's take-backs: asking, the others' answers, the undo row in the log."""
from __future__ import annotations

import logging

from engine.base import Event
from engine.text import Msg
from matches.common import (
    STALE_MESSAGE,
    UNDO,
    UNDO_EVENT,
    MoveOutcome,
    Step,
    UserError,
    person,
    replaying,
)
from store import MatchRow, StaleVersion

log = logging.getLogger(__name__)


class TakeBack:
    """One part of MatchService (matches/service.py): it uses the others through `self`."""

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
                await self._write_meta_keeping_plan(match, meta)  # a planned move held back comes
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
