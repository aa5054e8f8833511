"""The match service without Discord: lobby rules, turns, concurrency, resignation, replay."""
from __future__ import annotations

import asyncio
import random

import pytest

from engine import registry
from matches import MatchService, UserError
from store import Store
from tests import testgame

registry.register(testgame.RULES)


@pytest.fixture
async def service(tmp_path):
    store = await Store(str(tmp_path / "m.db")).open()
    yield MatchService(store, seed_source=random.Random(1))
    await store.close()


async def _started(service, players=2, **kw):
    match = await service.create(game="testgame", guild_id=1, channel_id=2, creator_id=100,
                                 invited=[101 + i for i in range(players - 1)], accepted=True, **kw)
    assert match.status == "active"
    return match


async def test_seat_order_comes_from_the_seed(service):
    orders = set()
    for _ in range(12):
        match = await _started(service)
        orders.add(tuple(s.user_id for s in match.seats))
    assert orders == {(100, 101), (101, 100)}


async def test_only_the_player_to_move_may_act(service):
    match = await _started(service)
    (seat,) = testgame.RULES.active_players(match.snapshot)
    other = match.user_at(1 - seat).user_id
    with pytest.raises(UserError, match="not your turn"):
        await service.act(match.id, other, "play:c1")
    with pytest.raises(UserError, match="not playing"):
        await service.act(match.id, 999, "play:c1")


async def test_fifty_concurrent_submissions_apply_once(service):
    match = await _started(service)
    (seat,) = testgame.RULES.active_players(match.snapshot)
    user = match.user_at(seat).user_id
    card = match.snapshot["hands"][seat][0]
    results = await asyncio.gather(*(service.act(match.id, user, f"play:{card}", expected_version=0)
                                     for _ in range(50)), return_exceptions=True)
    assert sum(not isinstance(r, Exception) for r in results) == 1
    assert all(isinstance(r, UserError) for r in results if isinstance(r, Exception))
    assert len(await service.store.actions(match.id)) == 1


async def test_random_matches_replay_to_their_snapshot(service):
    rng = random.Random(5)
    for players in (2, 3, 4):
        match = await _started(service, players=players)
        while match.status == "active":
            (seat,) = testgame.RULES.active_players(match.snapshot)
            action = rng.choice(testgame.RULES.legal_actions(match.snapshot, seat)).id
            match = (await service.act(match.id, match.user_at(seat).user_id, action)).match
        assert match.status == "finished"
        assert await service.replay(match.id) == match.snapshot


async def test_multiplayer_resignation_hands_the_seat_to_the_computer(service):
    match = await _started(service, players=3)
    quitter = match.user_at(0).user_id
    match = await service.resign(match.id, quitter)
    assert match.user_at(0).is_ai
    while match.status == "active":
        (seat,) = testgame.RULES.active_players(match.snapshot)
        action = testgame.RULES.legal_actions(match.snapshot, seat)[-1].id
        match = (await service.act(match.id, match.user_at(seat).user_id, action)).match
    assert match.status == "finished"
    assert 0 not in match.result["winners"] and match.result["resigned"] == [0]


async def test_lobby_rules(service):
    table = await service.create(game="testgame", guild_id=1, channel_id=2, creator_id=1, players=3)
    with pytest.raises(UserError, match="at least 2"):
        await service.start(table.id, 1)
    await service.join(table.id, 2)
    with pytest.raises(UserError, match="already"):
        await service.join(table.id, 2)
    with pytest.raises(UserError, match="Only the player who opened"):
        await service.start(table.id, 2)
    started = await service.start(table.id, 1)
    assert started.status == "active" and len(started.seats) == 2
    with pytest.raises(UserError, match="for 2–4 players"):
        await service.create(game="testgame", guild_id=1, channel_id=2, creator_id=1, players=5)
