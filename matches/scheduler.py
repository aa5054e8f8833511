"""Fires the stored timers (reminders, deadlines) at their time, across restarts.

The timers live in the database, so a restart loses none: the new process reads the earliest
due time and sleeps until then. Firing a timer is one transaction that marks it fired and
writes its notice into the outbox as owed; then the handler posts the notice and the outbox
row is marked done. So a timer fires once, and its notice is never lost: a crash, or a handler
that fails, before the row is done leaves it owed, and the service's start-up recovery posts it
(`MatchService.recover`, which the loop waits for through `ready`). A timer never fires early
because only timers with `due <= clock()` are read.

The loop sleeps with `asyncio.sleep` until the earliest due time (or at most `max_sleep`).
When a nearer timer is added, `wake()` sets the wake-up event and cancels the current sleep,
a child task, so the loop recomputes at once. (The sleep is a plain `asyncio.sleep` rather
than a wait on the event with a timeout so that test harnesses with virtual time, such as
simcord, recognise it as a timed sleep.)

Several processes on one database (PostgreSQL) each run this loop. Firing stays exactly once
(`Store.fire_timer` claims a timer with one conditional UPDATE ... RETURNING: of the processes
that find it due, one gets it back). A timer is fired by the process that wrote it (its
`wake()`), or, should that process stop, by any other: a shared store is looked at again at
least every `shared_poll` seconds (15 minutes: the clocks here count in hours and days).
"""
from __future__ import annotations

import asyncio
import logging
from typing import Awaitable, Callable

from store import Store

log = logging.getLogger(__name__)

TimerHandler = Callable[[int, str, int | None, float, int], Awaitable[None]]


class Scheduler:
    def __init__(self, store: Store, handler: TimerHandler, clock: Callable[[], float],
                 max_sleep: float = 6 * 3600, ready: Callable[[], Awaitable] | None = None,
                 shared_poll: float = 15 * 60):
        self.store = store
        self.handler = handler  # handler(match_id, kind, seat, due, version)
        self.clock = clock
        self.max_sleep = max_sleep
        self.shared_poll = shared_poll
        self.ready = ready  # awaited before the first firing: the start-up recovery has run
        self._wake = asyncio.Event()
        self._sleep: asyncio.Task | None = None
        self._until: float | None = None  # the clock's time the current sleep ends
        self._task: asyncio.Task | None = None

    def start(self) -> None:
        if self._task is None or self._task.done():
            self._task = asyncio.get_running_loop().create_task(self._run(), name="match-timers")

    def stop(self) -> None:
        if self._task is not None:
            self._task.cancel()
            self._task = None

    def wake(self, nearest: float | None = None) -> None:
        """Timers were added or removed: recompute the next due time now. `nearest`: the
        earliest due time of the timers just added (math.inf: none was added); a loop asleep
        until no later than that is left asleep (it reads the timers again when it wakes, and
        a timer superseded meanwhile fires nothing), which spares a move two reads."""
        if nearest is not None and self._sleep is not None and not self._sleep.done() \
                and self._until is not None and nearest >= self._until:
            return
        self._wake.set()
        if self._sleep is not None and not self._sleep.done():
            self._sleep.cancel()

    async def fire_due(self) -> int:
        """Fire every timer due now; returns how many fired."""
        fired = 0
        for timer_id, match_id, kind, seat, due, version in await self.store.due_timers(self.clock()):
            owed = await self.store.fire_timer(timer_id)
            if owed is None:
                continue  # fired already, or superseded by a move
            fired += 1
            try:
                await self.handler(match_id, kind, seat, due, version)
            except Exception:  # one bad timer must not stop the others; its notice stays owed
                log.exception("timer %s (%s) of match %s failed", timer_id, kind, match_id)
                continue
            await self.store.outbox_done([owed])
        return fired

    async def _run(self) -> None:
        if self.ready is not None:
            await self.ready()
        while True:
            self._wake.clear()
            try:
                if not self.store.is_open:
                    return  # the bot is shutting down
                await self.fire_due()
                due = await self.store.next_timer_due()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("timer scheduler failed; retrying later")
                due = None
            if self._wake.is_set():
                continue
            delay = self.max_sleep if due is None else min(self.max_sleep, max(0.0, due - self.clock()))
            if getattr(self.store, "shared", False):
                delay = min(delay, self.shared_poll)
            self._until = self.clock() + delay
            self._sleep = asyncio.get_running_loop().create_task(asyncio.sleep(delay))
            # asyncio.wait returns when the sleep ends or is cancelled by wake(), and does not
            # raise for the cancelled child
            await asyncio.wait({self._sleep})
            self._sleep = None
