"""Timers and starts survive a stop: the scheduler owes a timer's notice before posting it,
and MatchService.recover() posts what is owed, starts full tables and lets computer seats
move, each exactly once."""
from __future__ import annotations

import asyncio
import random

import pytest

from engine import registry
from matches import MatchService
from matches.clock import DAY, HOUR
from matches.scheduler import Scheduler
from store import Store
from tests import testgame
from tests.matches.recorder import Recorder
from tests.matches.virtual_clock import Clock

registry.register(testgame.RULES)

T0 = 1_700_000_000.0


@pytest.fixture
def clock():
    return Clock(T0)


@pytest.fixture
async def boot(tmp_path, clock):
    """boot() -> (service, recorder, scheduler): a new "process" on the same database file."""
    stores = []

    async def make():
        store = await Store(str(tmp_path / "m.db"), clock=clock).open()
        stores.append(store)
        recorder = Recorder()
        service = MatchService(store, recorder, clock=clock, seed_source=random.Random(len(stores)))
        return service, recorder, Scheduler(store, service.on_timer, clock)
    yield make
    for store in stores:
        await store.close()


async def _challenge(service, players=2):
    match = await service.create(game="testgame", guild_id=1, channel_id=None, creator_id=100,
                                 invited=[101 + i for i in range(players - 1)], accepted=True)
    assert match.status == "active"
    return match


def _to_move(match):
    (seat,) = testgame.RULES.active_players(match.snapshot)
    return seat, match.user_at(seat).user_id


async def _play(service, match):
    seat, user = _to_move(match)
    return (await service.act(match.id, user, testgame.RULES.legal_actions(match.snapshot, seat)[0].id)).match


async def test_the_scheduler_owes_the_notice_before_posting_it(boot, clock):
    service, recorder, scheduler = await boot()
    match = await _challenge(service)
    seat, _ = _to_move(match)
    seen = []

    async def handler(*args):
        # the timer is already fired and its notice owed when the handler runs
        seen.append(([t[2] for t in await service.store.pending_timers(match.id)],
                     [r.kind for r in await service.store.pending_outbox(match.id)]))
        await service.on_timer(*args)

    scheduler.handler = handler
    clock.now += DAY + 1
    assert await scheduler.fire_due() == 3  # two reminders and the deadline
    assert seen[-1] == ([], ["deadline"])
    assert recorder.keys[-1] == ("timeout", match.id, seat, 0)
    assert await service.store.pending_outbox() == [], "delivered, so marked done"
    assert await scheduler.fire_due() == 0


async def test_a_failed_notice_stays_owed_and_recovery_posts_it(boot, clock):
    service, recorder, scheduler = await boot()
    match = await _challenge(service)
    seat, _ = _to_move(match)
    recorder.fail.add("out_of_time")
    clock.now += DAY + 1
    assert await scheduler.fire_due() == 3  # the failure is logged, the other timers still fire
    assert [r.kind for r in await service.store.pending_outbox()] == ["deadline"]
    assert await scheduler.fire_due() == 0, "the timer itself fired once"

    service2, recorder2, scheduler2 = await boot()  # the next start
    assert (await service2.recover())["deadline"] == 1
    assert recorder2.keys == [("timeout", match.id, seat, 0)]
    assert await service2.store.pending_outbox() == []
    assert await scheduler2.fire_due() == 0
    service3, recorder3, _ = await boot()
    await service3.recover()
    assert recorder3.keys == [], "nothing is owed twice"


async def test_a_crash_inside_the_handler_leaves_the_notice_owed(boot, clock):
    class Crash(BaseException):
        pass

    service, recorder, scheduler = await boot()
    match = await _challenge(service)
    clock.now += 12 * HOUR + 1  # the first reminder

    async def crash(*args):
        raise Crash

    scheduler.handler = crash
    with pytest.raises(Crash):
        await scheduler.fire_due()
    service2, recorder2, scheduler2 = await boot()
    await service2.recover()
    seat, _ = _to_move(match)
    assert recorder2.keys == [("remind", match.id, seat, 0)]
    assert await scheduler2.fire_due() == 0


async def test_a_late_reminder_is_dropped_once_the_time_is_out(boot, clock):
    service, recorder, scheduler = await boot()
    match = await _challenge(service)
    seat, _ = _to_move(match)
    clock.now += DAY + 1  # the bot was down through the reminders and the deadline
    await scheduler.fire_due()
    assert recorder.keys[-1:] == [("timeout", match.id, seat, 0)]
    assert not any(k[0] == "remind" for k in recorder.keys)


async def test_recovery_starts_a_full_table_once_and_lets_the_computer_move(boot):
    service, recorder, _ = await boot()
    # created accepted with a computer seat, but the bot stopped before starting it
    mid = await service.store.create_match(
        game="testgame", guild_id=1, channel_id=None, creator_id=100, seed=3, options={"first_player": 1},
        player_count=2, invited=[], seats=[(100, False, True), (0, True, True)],
        meta={"fixed_seats": True, "clock": {"kind": "none"}})
    service2, recorder2, _ = await boot()
    done = await service2.recover()
    assert done["lobbies started"] == 1
    match = await service2.get(mid)
    assert match.status == "active" and match.version == 1, "the computer moved first"
    assert recorder2.keys == [("started", mid), ("moves", mid, 1)]
    assert recorder2.outcomes[0].steps[0].by_ai
    service3, recorder3, _ = await boot()
    await service3.recover()
    assert recorder3.keys == [] and (await service3.get(mid)).version == 1


async def test_recovery_posts_unposted_moves_as_one_board_rebuilt_from_the_log(boot):
    service, recorder, _ = await boot()
    match = await _challenge(service)
    recorder.fail.add("moves_applied")
    for _ in range(2):
        with pytest.raises(RuntimeError):
            match = await _play(service, match)
        match = await service.get(match.id)
    service2, recorder2, _ = await boot()
    await service2.recover()
    assert recorder2.keys == [("moves", match.id, 1), ("moves", match.id, 2)]
    (outcome,) = recorder2.outcomes
    log = await service2.store.actions(match.id)
    assert [(s.seat, s.action) for s in outcome.steps] == [(seat, action) for _, seat, action, _ in log]
    assert [e.public for s in outcome.steps for e in s.events] == \
        [f"played {action.split(':')[1]}" for _, _, action, _ in log]
    assert outcome.match.version == 2


async def test_an_overdue_turn_whose_notice_was_lost_gets_it_once(boot, clock):
    """A timer claimed before the outbox existed (its notice never posted) leaves an overdue
    player with no notice: recovery owes it, once."""
    service, recorder, _ = await boot()
    match = await _challenge(service)
    seat, _ = _to_move(match)
    clock.now += DAY + 1
    for timer_id, *_ in await service.store.due_timers(clock.now):
        assert await service.store.claim_timer(timer_id)  # fired, and nothing owed
    service2, recorder2, _ = await boot()
    assert (await service2.recover())["deadlines owed"] == 1
    assert recorder2.keys == [("timeout", match.id, seat, 0)]
    service3, recorder3, _ = await boot()
    await service3.recover()
    assert recorder3.keys == []


async def test_a_turn_that_lost_its_timers_gets_them_back(boot, clock):
    service, _, scheduler = await boot()
    match = await _challenge(service)
    seat, _ = _to_move(match)
    deadline = service.deadline_of(match, seat)
    await service.store.cancel_timers(match.id)
    service2, recorder2, scheduler2 = await boot()
    assert (await service2.recover())["clocks restored"] == 1
    assert ("deadline", seat, deadline) in [t[2:5] for t in await service2.store.pending_timers(match.id)]
    clock.now = deadline + 1
    await scheduler2.fire_due()
    assert recorder2.keys[-1] == ("timeout", match.id, seat, 0)


async def test_resigning_and_claiming_owe_the_closing_notice(boot, clock):
    service, recorder, _ = await boot()
    resigned = await _challenge(service)
    recorder.fail.add("match_closed")
    with pytest.raises(RuntimeError):
        await service.resign(resigned.id, 100)
    assert (await service.get(resigned.id)).status == "finished"
    service2, recorder2, _ = await boot()
    await service2.recover()
    assert recorder2.keys == [("closed", resigned.id)]

    claimed = await _challenge(service2)
    seat, _ = _to_move(claimed)
    clock.now += DAY + 1
    other = claimed.user_at(1 - seat).user_id
    match = await service2.claim_win(claimed.id, other, seat)
    assert match.result["timeout"] == [seat]
    assert recorder2.keys[-1] == ("closed", claimed.id)
    assert await service2.store.pending_outbox(claimed.id) == []


async def test_the_scheduler_waits_for_recovery(boot, clock):
    service, recorder, _ = await boot()
    match = await _challenge(service)
    clock.now += DAY + 1
    delivered = asyncio.Event()

    async def handler(*args):
        await service.on_timer(*args)
        if args[1] == "deadline":
            delivered.set()

    scheduler = Scheduler(service.store, handler, clock, ready=service.recovered.wait)
    scheduler.start()
    for _ in range(10):  # round trips to the database, in which an ungated loop would fire
        assert len(await service.store.pending_timers(match.id)) == 3, "nothing fires before recovery has run"
    await service.recover()
    await asyncio.wait_for(delivered.wait(), 30)  # a safety net only
    scheduler.stop()
    assert await service.store.pending_timers(match.id) == []
    assert recorder.keys[-1][0] == "timeout"
