"""The timer loop is woken by a change of timers only when it must look again sooner than it
planned: a move that adds its turn's reminders later than the loop's next wake-up costs no
reads; a nearer timer, or a change that does not say, wakes it at once."""
from __future__ import annotations

import asyncio
import math

from matches.scheduler import Scheduler
from tests.matches.virtual_clock import Clock

T0 = 1_000_000.0


class TimersStub:
    """The scheduler's view of the store: the next due time, and how often it was read."""
    is_open = True
    shared = False

    def __init__(self, next_due: float):
        self.next_due, self.reads = next_due, 0

    async def due_timers(self, now):
        return []

    async def next_timer_due(self):
        self.reads += 1
        return self.next_due


async def _settle():
    for _ in range(20):
        await asyncio.sleep(0)


async def _asleep_until(due: float) -> tuple[Scheduler, TimersStub]:
    async def handler(*args):  # no timer is ever due in these tests
        raise AssertionError("fired")
    store = TimersStub(due)
    scheduler = Scheduler(store, handler, Clock(T0))  # its sleep (in real seconds) never ends here
    scheduler.start()
    await _settle()
    assert store.reads == 1
    return scheduler, store


async def test_a_timer_due_after_the_planned_wake_up_leaves_the_loop_asleep():
    scheduler, store = await _asleep_until(T0 + 3600)
    scheduler.wake(T0 + 7200)
    scheduler.wake(math.inf)  # a change that added no timer
    await _settle()
    assert store.reads == 1
    scheduler.stop()


async def test_a_nearer_timer_or_an_unspecified_change_wakes_the_loop_at_once():
    scheduler, store = await _asleep_until(T0 + 3600)
    store.next_due = T0 + 60
    scheduler.wake(T0 + 60)
    await _settle()
    assert store.reads == 2
    scheduler.wake()
    await _settle()
    assert store.reads == 3
    scheduler.stop()
