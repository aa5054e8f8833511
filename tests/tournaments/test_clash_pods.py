"""Clash of Rage tournaments: a game for 2-4 players is played in Swiss pods of 3-4; seven players
make a pod of four and a pod of three, each pod one Clash of Rage match with that many seats,
played to its end (the players' moves by the engine's computer player; whoever is still seated
after a cap of moves resigns, the last one ending the match), after which the round, and with it
the event, is over."""
from __future__ import annotations

import pytest

from engine.clash_of_rage import RULES
from store import Store
from tests.tournaments.helpers import Services
from tournaments import state as tstate
from tournaments.service import pod_limits

GUILD, CHANNEL, ORGANIZER = 1, 2, 900
MOVE_CAP = 300   # moves a pod plays before its people give up one after another


@pytest.fixture
async def svc(tmp_path):
    store = await Store(str(tmp_path / "t.db")).open()
    yield Services(store)
    await store.close()


async def play_pod(svc, match_id: int) -> tuple[object, int]:
    """The people's moves by the computer player, then resignations; returns (match, moves)."""
    match = await svc.matches.get(match_id)
    moves = 0
    while match.status == "active" and moves < MOVE_CAP:
        seat = min(s for s in RULES.active_players(match.snapshot) if not match.user_at(s).is_ai)
        action = RULES.ai_choose(match.snapshot, seat, match.seed + match.version)
        match = (await svc.matches.act(match_id, match.user_at(seat).user_id, action)).match
        moves += 1
    for row in sorted(match.seats, key=lambda s: s.seat):
        if match.status != "active":
            break
        if not row.is_ai:
            await svc.matches.resign(match_id, row.user_id)
            match = await svc.matches.get(match_id)
    return match, moves


async def test_seven_players_play_a_pod_of_four_and_a_pod_of_three(svc):
    """Swiss pods for Clash of Rage: pods of 3-4 (the game's own limits), seven players give a
    pod of four and a pod of three; each pod's match is Clash of Rage with that many seats, in
    the pod's seat order, and every match finishes; then the one-round event is over, with a
    standings line for everyone."""
    assert pod_limits(RULES) == (3, 4)
    t = await svc.tournaments.create(guild_id=GUILD, channel_id=CHANNEL, creator_id=ORGANIZER, game="clash_of_rage",
                                     format="swiss_pods", rounds=1)
    assert (t.options["min_pod"], t.options["max_pod"]) == (3, 4)
    for user in range(1, 8):
        await svc.tournaments.join(t.id, user)
    t = await svc.tournaments.start(t.id)
    pods = t.state.rounds[0]
    assert sorted(len(p.players) for p in pods) == [3, 4] and not [p for p in pods if p.bye]
    ids = await svc.tournaments.match_ids(t.id)
    for pod in pods:
        match = await svc.matches.get(ids[pod.id])
        assert match.game == "clash_of_rage" and match.status == "active"
        assert [str(s.user_id) for s in match.seats] == pod.players
        assert match.snapshot["players"] == len(pod.players) == len(match.snapshot["seats"])
        assert not [s for s in match.seats if s.is_ai], "every seat is a person's"
    played = 0
    for pod in pods:
        match, moves = await play_pod(svc, ids[pod.id])
        played += moves
        assert match.status == "finished" and match.result["winners"], match.result
        assert await svc.matches.replay(match.id) == match.snapshot
    assert played > 100, "the pods were played, not only resigned"
    t = await svc.tournaments.get(t.id)
    assert t.status == "finished" and t.state.total_rounds == 1
    for pod in t.state.rounds[0]:
        assert len(pod.ranks) == len(pod.players) and min(pod.ranks) == 1
    assert sorted(int(r["player"]) for r in tstate.standings(t.state)) == list(range(1, 8))
