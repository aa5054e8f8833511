"""Simultaneous secret choices through the match service (Team Duel, tests/teamgame.py):
every seat still choosing keeps its own running clock, an absent player's seat is handed to
the computer, which then chooses for it, and a team's win is recorded with the teams."""
from __future__ import annotations

import random

import pytest

from engine import registry
from matches import MatchService, UserError
from matches.clock import DAY
from store import Store
from tests import teamgame
from tests.matches.virtual_clock import Clock

registry.register(teamgame.RULES)

PLAYERS = [100, 101, 102, 103]


@pytest.fixture
async def service(tmp_path):
    store = await Store(str(tmp_path / "m.db")).open()
    clock = Clock()
    service = MatchService(store, seed_source=random.Random(3), clock=clock)
    service.test_clock = clock
    yield service
    await store.close()


async def started(service, **kw):
    return await service.create(game="teamduel", guild_id=1, channel_id=2, creator_id=PLAYERS[0],
                                invited=PLAYERS[1:], accepted=True, options={"rounds": 1}, **kw)


async def test_each_seat_still_choosing_keeps_its_deadline(service):
    """TD3: all four choose at once; one choosing does not restart the others' clocks."""
    match = await started(service, clock="move-24h")
    start = service.test_clock.now
    assert {s: service.deadline_of(match, s) for s in range(4)} == {s: start + DAY for s in range(4)}
    service.test_clock.now += 3600
    seat = 2
    action = teamgame.RULES.ai_choose(match.snapshot, seat, 1)
    match = (await service.act(match.id, match.user_at(seat).user_id, action)).match
    assert teamgame.RULES.active_players(match.snapshot) == {0, 1, 3}
    assert {s: service.deadline_of(match, s) for s in (0, 1, 3)} == {s: start + DAY for s in (0, 1, 3)}
    assert service.deadline_of(match, seat) is None, "a seat that has chosen is not waited for"
    with pytest.raises(UserError, match="not your turn"):
        await service.act(match.id, match.user_at(seat).user_id, action)


async def test_an_absent_players_seat_is_played_by_the_computer(service):
    """Out of time in a simultaneous choice: the others vote, the computer chooses for the seat
    and the round goes on; the team result names both members of the winning team (TD6)."""
    match = await started(service, clock="move-24h")
    absent = 1
    for seat in (0, 2, 3):
        action = teamgame.RULES.ai_choose(match.snapshot, seat, seat)
        match = (await service.act(match.id, match.user_at(seat).user_id, action)).match
    assert teamgame.RULES.active_players(match.snapshot) == {absent}
    service.test_clock.now += DAY + 1
    voters = [match.user_at(s).user_id for s in (0, 2, 3)]
    _, handed = await service.vote_handoff(match.id, voters[0], absent)
    assert not handed, "one vote of three is not a majority"
    match, handed = await service.vote_handoff(match.id, voters[1], absent)
    assert handed and match.status == "finished", "the computer chose for the absent seat"
    assert sorted(map(sorted, match.result["teams"])) == [[0, 2], [1, 3]]
    assert absent not in match.result["winners"], "a seat played for an absent player never wins"
    assert match.result.get("absent") == [absent]


async def test_a_team_whose_members_all_resign_loses_at_once(service):
    """When the last member of a team resigns, the other team wins without playing on against
    the computer; a first resignation only hands that seat to the computer."""
    match = await started(service)
    a, b = [match.user_at(s).user_id for s in (1, 3)]
    match = await service.resign(match.id, a)
    assert match.status == "active" and match.user_at(1).is_ai
    match = await service.resign(match.id, b)
    assert match.status == "finished"
    assert sorted(match.result["winners"]) == [0, 2] and match.result["resigned"] == [1, 3]
    assert sorted(map(sorted, match.result["teams"])) == [[0, 2], [1, 3]]
