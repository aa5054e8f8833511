"""A move a game's UI plans after a player's own (`MatchService.plan_then`: Battalia's end of the
turn waits a window in which the move before it can be taken back): stored with its timer in one
write, played once as its seat when due, superseded by any move, kept across a stop."""
from __future__ import annotations

from matches.timers import THEN
from tests import testgame
from tests.matches.test_recovery import _challenge, _to_move, boot, clock  # noqa: F401  (fixtures)

WINDOW = 120.0


async def planned(service, clock):
    """A match whose seat to move has a move planned WINDOW seconds ahead: (match, seat, move)."""
    match = await _challenge(service)
    seat, user = _to_move(match)
    move = testgame.RULES.legal_actions(match.snapshot, seat)[0].id
    after = await service.plan_then(match.id, user, move, version=match.version, window=WINDOW)
    assert after is not None and after.version == match.version, "planning is no move"
    assert after.meta[THEN] == {"seat": seat, "action": move, "version": match.version, "due": clock.now + WINDOW}
    return after, seat, move


async def thens(service, match_id: int) -> list:
    return [t for t in await service.store.pending_timers(match_id) if t[2] == THEN]


async def logged(service, match_id: int) -> list[tuple[int, str]]:
    return [(s, a) for _q, s, a, _t in await service.store.actions(match_id)]


async def test_the_planned_move_is_played_once_when_due(boot, clock):
    service, _recorder, scheduler = await boot()
    match, seat, move = await planned(service, clock)
    assert len(await thens(service, match.id)) == 1
    clock.now += WINDOW - 1
    await scheduler.fire_due()
    assert await logged(service, match.id) == [], "not before its time"
    clock.now += 2
    await scheduler.fire_due()
    assert await logged(service, match.id) == [(seat, move)]
    after = await service.get(match.id)
    assert THEN not in after.meta and await thens(service, match.id) == []
    assert await service.store.pending_outbox() == []
    await scheduler.fire_due()
    assert await logged(service, match.id) == [(seat, move)], "once"


async def test_a_move_first_supersedes_the_plan(boot, clock):
    service, _recorder, scheduler = await boot()
    match, seat, _move = await planned(service, clock)
    other = testgame.RULES.legal_actions(match.snapshot, seat)[-1].id
    await service.act(match.id, match.user_at(seat).user_id, other)
    assert THEN not in (await service.get(match.id)).meta and await thens(service, match.id) == []
    clock.now += WINDOW + 1
    await scheduler.fire_due()
    assert await logged(service, match.id) == [(seat, other)]


async def test_a_plan_for_a_version_gone_is_refused(boot, clock):
    service, _recorder, _scheduler = await boot()
    match = await _challenge(service)
    seat, user = _to_move(match)
    move = testgame.RULES.legal_actions(match.snapshot, seat)[0].id
    assert await service.plan_then(match.id, user, move, version=match.version + 1, window=WINDOW) is None
    assert await service.plan_then(match.id, user, "play:nothing", version=match.version, window=WINDOW) is None
    assert THEN not in (await service.get(match.id)).meta and await thens(service, match.id) == []


async def test_a_stop_keeps_the_plan_and_an_owed_one_is_played_at_the_next_start(boot, clock):
    service, _recorder, _scheduler = await boot()
    match, seat, move = await planned(service, clock)
    service2, _recorder, _scheduler2 = await boot()   # a stop within the window
    await service2.recover()
    assert len(await thens(service2, match.id)) == 1 and (await service2.get(match.id)).meta[THEN]["action"] == move
    clock.now += WINDOW + 1
    (timer_id, *_rest) = (await thens(service2, match.id))[0]
    assert await service2.store.fire_timer(timer_id) is not None   # fired, and the bot stopped before playing it
    assert await logged(service2, match.id) == []

    service3, _recorder, scheduler3 = await boot()
    assert (await service3.recover())[THEN] == 1
    assert await logged(service3, match.id) == [(seat, move)]
    assert await scheduler3.fire_due() == 0 and await service3.store.pending_outbox() == []
    service4, _recorder, _ = await boot()
    await service4.recover()
    assert await logged(service4, match.id) == [(seat, move)], "played once"
