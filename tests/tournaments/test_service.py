"""Tournaments and ratings through the real store and match service (no Discord)."""
from __future__ import annotations

import pytest

from engine import registry
from i18n import render
from matches.service import person
from matches import UserError
from store import Store
from tests import testgame
from tournaments import ratings
from tournaments import state as tstate
from tournaments.service import TournamentService, ranks_from_result
from tests.tournaments.helpers import Services, play_out

registry.register(testgame.RULES)
GUILD, CHANNEL, ORGANIZER = 1, 2, 900


@pytest.fixture
def db_file(tmp_path):
    return str(tmp_path / "t.db")


@pytest.fixture
async def svc(db_file):
    store = await Store(db_file).open()
    yield Services(store)
    await store.close()


async def make_event(svc, fmt, players, **kw):
    t = await svc.tournaments.create(guild_id=GUILD, channel_id=CHANNEL, creator_id=ORGANIZER, game="testgame",
                                     format=fmt, **kw)
    for user in players:
        await svc.tournaments.join(t.id, user)
    return await svc.tournaments.start(t.id)


async def match_of(svc, tid, user):
    t = await svc.tournaments.get(tid)
    found = await svc.tournaments.current_game_of(t, user)
    assert found is not None and found[1] is not None, f"{user} has no match"
    return await svc.matches.get(found[1])


async def lose(svc, tid, user):
    """`user` resigns their current game (in multiplayer the others then play it out)."""
    match = await match_of(svc, tid, user)
    await svc.matches.resign(match.id, user)
    return await play_out(svc, match.id)


def points(t):
    return {int(r["player"]): r["points"] for r in tstate.standings(t.state)}


# --------------------------------------------------------------------------- tournaments

async def test_round_robin_runs_itself_from_the_finish_listener(svc):
    t = await make_event(svc, "round_robin", [1, 2, 3, 4])
    assert t.status == "running" and t.state.total_rounds == 3
    first = svc.notes.events[-1]
    assert first[0] == "round" and first[1] == 1 and all(mid for _, mid, _ in first[2])
    for players, match_id, _ in first[2]:
        match = await svc.matches.get(match_id)
        # seats keep the pairing's order; the match knows its tournament and pairing
        assert [str(s.user_id) for s in match.seats] == players
        assert match.meta["tournament"] == t.id and match.meta["pairing"].startswith("r1m")
        assert match.status == "active"
    for number in (1, 2, 3):
        t = await svc.tournaments.get(t.id)
        for game in tstate.pending_matches(t.state):
            await lose(svc, t.id, max(int(p) for p in game.players))   # the lower id always wins
        t = await svc.tournaments.get(t.id)
        assert ("done", number, "finished" if number == 3 else "running") in svc.notes.events
    assert t.status == "finished"
    assert points(t) == {1: 3, 2: 2, 3: 1, 4: 0}
    assert tstate.champion(t.state) == "1"
    assert [e[1] for e in svc.notes.events if e[0] == "round"] == [1, 2, 3]


async def test_signup_rules(svc):
    t = await svc.tournaments.create(guild_id=GUILD, channel_id=CHANNEL, creator_id=ORGANIZER, game="testgame",
                                     format="swiss", max_players=3, start_time="Friday 20:00", clock="move-72h")
    assert t.options["start_time"] == "Friday 20:00" and t.options["clock"] == "move-72h"
    await svc.tournaments.join(t.id, 1)
    with pytest.raises(UserError, match="already signed up"):
        await svc.tournaments.join(t.id, 1)
    with pytest.raises(UserError, match="at least 2"):
        await svc.tournaments.start(t.id)
    await svc.tournaments.join(t.id, 2)
    await svc.tournaments.join(t.id, 3)
    with pytest.raises(UserError, match="full"):
        await svc.tournaments.join(t.id, 4)
    await svc.tournaments.leave(t.id, 2)
    assert (await svc.tournaments.get(t.id)).players == [1, 3]
    t = await svc.tournaments.start(t.id)
    with pytest.raises(UserError, match="closed"):
        await svc.tournaments.join(t.id, 4)
    match = await match_of(svc, t.id, 1)
    assert match.meta["clock"]["preset"] == "move-72h", "the event's clock reaches its matches"
    with pytest.raises(UserError, match="room for at least 3"):
        await svc.tournaments.create(guild_id=GUILD, channel_id=CHANNEL, creator_id=ORGANIZER, game="testgame",
                                     format="swiss_pods", max_players=2)
    with pytest.raises(UserError, match="no clock"):
        await svc.tournaments.create(guild_id=GUILD, channel_id=CHANNEL, creator_id=ORGANIZER, game="testgame",
                                     format="swiss", clock="forever")


async def test_swiss_drop_resigns_the_running_game_and_stops_pairing(svc):
    t = await make_event(svc, "swiss", [1, 2, 3, 4], rounds=2)
    match = await match_of(svc, t.id, 3)   # round 1: 1-3 and 2-4 (top half against bottom half)
    assert sorted(s.user_id for s in match.seats) == [1, 3]
    t = await svc.tournaments.drop(t.id, 3)
    match = await svc.matches.get(match.id)
    assert match.status == "finished" and match.result["resigned"] == [match.seat_of(3)]
    assert "3" in t.state.dropped
    with pytest.raises(UserError, match="already dropped"):
        await svc.tournaments.drop(t.id, 3)
    await lose(svc, t.id, 4)
    t = await svc.tournaments.get(t.id)
    second = t.state.rounds[1]
    # three players left: 1 and 2 (one point each) meet, 4 gets the bye
    assert [(m.players, m.bye) for m in second] == [(["1", "2"], False), (["4"], True)]


async def test_next_round_by_force_the_player_to_move_loses(svc):
    t = await make_event(svc, "swiss", [1, 2, 3, 4], rounds=2)
    await lose(svc, t.id, 3)                       # 1 beats 3
    stuck = await match_of(svc, t.id, 2)           # 2 against 4, nobody finishes
    first = stuck.user_at(0).user_id
    await svc.matches.act(stuck.id, first, svc.matches.legal_actions(stuck, 0)[0].id)
    waiting = (await svc.matches.get(stuck.id)).user_at(1).user_id
    t = await svc.tournaments.force_next_round(t.id)
    stuck = await svc.matches.get(stuck.id)
    assert stuck.status == "finished" and stuck.result["adjudicated"]
    assert stuck.result["winners"] == [0] and person(waiting) in render(stuck.result["reason"])
    assert points(t)[first] == 1 and points(t)[waiting] == 0
    assert tstate.current_round(t.state) == 2 and all(not m.finished for m in t.state.rounds[1])
    # an adjudicated game is not rated; the played one is
    ids = await svc.tournaments.match_ids(t.id)
    assert ids["r1m2"] == stuck.id
    assert {p for p, mid in ids.items() if await svc.store.ratings.is_rated(mid)} == {"r1m1"}
    with pytest.raises(UserError, match="over"):
        await svc.matches.act(stuck.id, waiting, "play:c1")


async def test_single_elimination_seeded_by_rating(svc):
    # a rated casual match first: 6 beats 1, so 6 is the top seed and 1 the bottom one
    casual = await svc.matches.create(game="testgame", guild_id=GUILD, channel_id=CHANNEL, creator_id=6,
                                      invited=[1], accepted=True)
    await svc.matches.resign(casual.id, 1)
    t = await make_event(svc, "single_elimination", [1, 2, 3, 4, 5, 6])
    assert t.state.players == ["6", "2", "3", "4", "5", "1"]
    first = [(m.players, m.bye) for m in t.state.rounds[0]]
    assert first == [(["6"], True), (["4", "5"], False), (["2"], True), (["3", "1"], False)]
    await lose(svc, t.id, 4)
    await lose(svc, t.id, 3)
    t = await svc.tournaments.get(t.id)
    assert [m.players for m in t.state.rounds[1]] == [["6", "5"], ["2", "1"]]
    await lose(svc, t.id, 6)
    # a game with no outright winner in elimination: the better seed goes through
    game = tstate.find_match(t.state, "r2m2")
    assert TournamentService._decisive(t.state, game, [1, 1]) == [1, 2]
    await lose(svc, t.id, 1)
    await lose(svc, t.id, 5)
    t = await svc.tournaments.get(t.id)
    assert t.status == "finished" and tstate.champion(t.state) == "2"
    assert tstate.bracket(t.state)["rounds"][-1][0]["winner"] == "2"


async def test_elimination_drop_forfeits_the_next_game(svc):
    t = await make_event(svc, "single_elimination", [1, 2, 3, 4])
    await lose(svc, t.id, 4)                 # 1 beats 4
    await svc.tournaments.drop(t.id, 1)      # 1 waits for the final and withdraws
    await lose(svc, t.id, 3)                 # 2 beats 3; the final is a forfeit
    t = await svc.tournaments.get(t.id)
    assert t.status == "finished" and tstate.champion(t.state) == "2"
    assert await svc.tournaments.match_ids(t.id) == {"r1m1": 1, "r1m2": 2}, "no match for a forfeit"


async def test_swiss_pods_keep_the_rotated_seat_order(svc):
    t = await make_event(svc, "swiss_pods", [1, 2, 3, 4, 5, 6, 7], rounds=2)
    pods = t.state.rounds[0]
    assert [len(m.players) for m in pods] == [4, 3]
    for pod in pods:
        match = await svc.matches.get((await svc.tournaments.match_ids(t.id))[pod.id])
        assert [str(s.user_id) for s in match.seats] == pod.players
    for pod in pods:   # the last-seated player resigns; the computer and the others finish
        await lose(svc, t.id, int(pod.players[-1]))
    t = await svc.tournaments.get(t.id)
    for pod in t.state.rounds[0]:
        assert pod.ranks[-1] == max(pod.ranks) and pod.ranks.count(max(pod.ranks)) == 1, "a resigner finishes last"
    assert tstate.current_round(t.state) == 2
    for pod in t.state.rounds[1]:   # seats rotated by the pairing (see test_pairing) reach the match
        match = await svc.matches.get((await svc.tournaments.match_ids(t.id))[pod.id])
        assert [str(s.user_id) for s in match.seats] == pod.players


async def test_drop_outs_leaving_no_pairing_end_the_event(svc):
    t = await make_event(svc, "swiss_pods", [1, 2, 3], rounds=3)
    await svc.tournaments.drop(t.id, 3)      # resigns 3's pod game: the computer finishes it
    await play_out(svc, (await svc.tournaments.match_ids(t.id))["r1m1"])
    t = await svc.tournaments.get(t.id)
    # two players cannot fill a pod of three: the event ends after the round played
    assert t.status == "finished" and t.state.total_rounds == 1
    assert svc.notes.events[-1] == ("done", 1, "finished")
    assert t.state.rounds[0][0].ranks[t.state.rounds[0][0].players.index("3")] == 3


async def test_restart_mid_round_and_resume_after_a_crash(db_file, monkeypatch):
    store = await Store(db_file).open()
    first = Services(store)
    t = await make_event(first, "swiss", [1, 2, 3, 4], rounds=2)
    await lose(first, t.id, 3)
    await store.close()

    # a new process: new store connection and services on the same file
    store = await Store(db_file).open()
    second = Services(store)
    t = await second.tournaments.get(t.id)
    assert t.status == "running" and points(t) == {1: 1, 2: 0, 3: 0, 4: 0}

    # the last game of the round ends while creating the next round's matches fails
    async def broken_create(**kwargs):
        raise RuntimeError("the bot stopped here")
    monkeypatch.setattr(second.matches, "create", broken_create)
    await lose(second, t.id, 4)
    t = await second.tournaments.get(t.id)
    assert tstate.current_round(t.state) == 2 and len(await second.tournaments.match_ids(t.id)) == 2
    await store.close()

    store = await Store(db_file).open()
    third = Services(store)
    t = await third.tournaments.resume(t.id)
    ids = await third.tournaments.match_ids(t.id)
    assert sorted(ids) == ["r1m1", "r1m2", "r2m1", "r2m2"]
    for game in t.state.rounds[1]:
        await lose(third, t.id, max(int(p) for p in game.players))
    t = await third.tournaments.get(t.id)
    assert t.status == "finished" and points(t) == {1: 2, 2: 1, 3: 1, 4: 0}
    await store.close()


async def test_cancel(svc):
    t = await make_event(svc, "swiss", [1, 2, 3, 4], rounds=1)
    await svc.tournaments.cancel(t.id)
    assert svc.notes.events[-1] == ("closed", "The tournament was cancelled.")
    await lose(svc, t.id, 3)   # the game goes on as an ordinary match; the event ignores it
    t = await svc.tournaments.get(t.id)
    assert t.status == "cancelled" and not any(m.finished for m in t.state.rounds[0])
    with pytest.raises(UserError, match="over"):
        await svc.tournaments.cancel(t.id)


# --------------------------------------------------------------------------- ratings

async def _duel(svc, winner, loser, **kw):
    match = await svc.matches.create(game="testgame", guild_id=GUILD, channel_id=CHANNEL, creator_id=winner,
                                     invited=[loser], accepted=True, **kw)
    await svc.matches.resign(match.id, loser)
    return await svc.matches.get(match.id)


async def test_two_player_ratings_and_the_game_over_note(svc):
    match = await _duel(svc, 1, 2)
    expected = ratings.rate([(1, 1), (2, 2)], {})
    changes = match.meta["rating_changes"]
    assert changes == {str(match.seat_of(1)): [1500, expected[1]["new_display"]],
                       str(match.seat_of(2)): [1500, expected[2]["new_display"]]}
    assert expected[1]["new_display"] > 1500 > expected[2]["new_display"]
    # a listener heard twice (a retry, a replay) rates once
    await svc.ratings.on_match_finished(match)
    stored = await svc.store.ratings.for_game(GUILD, "testgame")
    assert {u: r["games"] for u, r in stored.items()} == {1: 1, 2: 1}
    board = await svc.ratings.leaderboard(GUILD, "testgame")
    assert [(r["user_id"], r["rating"], r["provisional"]) for r in board] == [
        (1, expected[1]["new_display"], True), (2, expected[2]["new_display"], True)]
    assert await svc.ratings.leaderboard(GUILD + 1, "testgame") == [], "ratings are per server"


async def test_casual_and_computer_matches_are_unrated(svc):
    await _duel(svc, 1, 2, meta={"rated": False})
    robot = await svc.matches.create(game="testgame", guild_id=GUILD, channel_id=CHANNEL, creator_id=1,
                                     ai_seats=1, ai_user_id=999)
    await play_out(svc, robot.id)
    assert (await svc.matches.get(robot.id)).status == "finished"
    assert await svc.store.ratings.for_game(GUILD, "testgame") == {}
    stats = await svc.ratings.stats(GUILD, 1)
    (game,) = stats["games"]
    assert game["rating"] is None and game["played"] == 2 and game["wins"] == 1
    assert stats["recent"][0]["opponents"] == [(999, True)]


async def test_multiplayer_rating_with_a_resignation(svc):
    match = await svc.matches.create(game="testgame", guild_id=GUILD, channel_id=CHANNEL, creator_id=1,
                                     invited=[2, 3], accepted=True)
    await svc.matches.resign(match.id, 2)        # the computer plays 2's seat from now on
    match = await play_out(svc, match.id)
    seat = {s.user_id: s.seat for s in match.seats}   # 2's seat is now the computer's to play
    ranks = ranks_from_result(match.result, 3)
    assert ranks[seat[2]] == 3, "the resigner is last whatever the computer scored"
    rows = {c.user_id: c.rank for c in await svc.store.ratings.changes_of_match(match.id)}
    assert rows == {u: ranks[seat[u]] for u in (1, 2, 3)}
    expected = ratings.rate([(u, ranks[seat[u]]) for u in (1, 2, 3)], {})
    assert match.meta["rating_changes"][str(seat[2])] == [1500, expected[2]["new_display"]]
    assert expected[2]["new_display"] < 1500


async def test_stats_count_every_finished_match(svc):
    for _ in range(5):
        await _duel(svc, 1, 2)
    await _duel(svc, 2, 1)
    stats = await svc.ratings.stats(GUILD, 1, recent=3)
    (game,) = stats["games"]
    assert (game["played"], game["wins"], game["losses"], game["rated_games"]) == (6, 5, 1, 6)
    assert not game["provisional"]
    assert [r["outcome"] for r in stats["recent"]] == ["loss", "win", "win"]
    before, after = stats["recent"][0]["change"]
    assert after < before


def test_ranks_from_result():
    assert ranks_from_result({"winners": [1], "scores": {}}, 2) == [2, 1]
    assert ranks_from_result({"winners": [0, 1], "scores": {}}, 2) == [1, 1]
    assert ranks_from_result({"winners": [2], "scores": {"0": 5, "1": 9, "2": 12}}, 3) == [3, 2, 1]
    # seat 1 resigned, yet the computer playing it outscored seat 0
    assert ranks_from_result({"winners": [2], "scores": {"0": 5, "1": 9, "2": 12}, "resigned": [1]}, 3) == [2, 3, 1]
    assert ranks_from_result({"winners": [0], "scores": {}, "timeout": [1]}, 2) == [1, 2]
    assert ranks_from_result({"winners": [0], "scores": {}, "resigned": [1, 2]}, 3) == [1, 2, 2]
