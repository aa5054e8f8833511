"""The match service after a restart: the side effects a committed move still owes are
delivered, clocks and lobbies restored."""
from __future__ import annotations

import logging
from collections import Counter

from engine.text import from_json
from matches.common import MoveOutcome, Step, replaying
from matches.timers import THEN
from store import MatchRow, OutboxRow

log = logging.getLogger(__name__)


class Recovery:
    """One part of MatchService (matches/service.py): it uses the others through `self`."""

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
            await self._told(match)
        elif kind in ("reminder", "deadline", THEN):  # THEN: a planned move whose time came
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
        await self._told(outcome.match)

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
        # a planned move's timer (THEN) is stored apart from the clock and stays as it is
        await self.store.add_timers(match.id, match.version, [t for t in timers if t[1] in lost and t[0] != THEN],
                                    meta)
        self._timers_changed()
        return True
