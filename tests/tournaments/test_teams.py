"""Teams everywhere: results, ratings, stats and team tournaments.

DESIGN.md, Contract v2: "teams: seats grouped into teams; a team win is a win for each member
everywhere". The team game here seats 0 and 2 against 1 and 3, as Skytear's R1 makes two
teams of four players (tests/tournaments/teamgame.py).
"""
from __future__ import annotations

import re
import json

import pytest

from engine import registry
from matches.service import person
from matches import UserError
from store import Store
from tests import testgame
from tests.tournaments import teamgame
from tests.tournaments.helpers import Services, play_out
from tournaments import ratings
from tournaments import state as tstate
from tournaments.service import (
    outcome_of, ranks_from_result, seat_ranks, seat_teams, team_sizes,
)

registry.register(testgame.RULES)
registry.register(teamgame.RULES)
registry.register(teamgame.PAIRS)
GUILD, CHANNEL, ORGANIZER = 1, 2, 900
TWO_TEAMS = [[0, 2], [1, 3]]


# --------------------------------------------------------------------------- results

def test_a_two_against_two_win_is_a_win_for_both_members():
    result = {"winners": [0, 2], "scores": {}, "teams": TWO_TEAMS}
    ranks = ranks_from_result(result, 4)
    assert ranks == [1, 2, 1, 2]
    assert [outcome_of(ranks, seat, TWO_TEAMS) for seat in range(4)] == ["win", "loss", "win", "loss"]
    # read seat by seat, two winners would look like a shared first place
    assert outcome_of(ranks, 0) == "draw"


def test_a_member_who_resigned_makes_the_whole_team_last():
    # team 1+3 won on the board, but seat 3 resigned (the computer finished for it)
    result = {"winners": [1, 3], "scores": {"0": 10, "1": 30, "2": 10, "3": 30}, "teams": TWO_TEAMS,
              "resigned": [3]}
    ranks = ranks_from_result(result, 4)
    assert ranks == [1, 2, 1, 2]
    assert outcome_of(ranks, 1, TWO_TEAMS) == outcome_of(ranks, 3, TWO_TEAMS) == "loss"
    assert outcome_of(ranks, 0, TWO_TEAMS) == "win"
    timeout = {"winners": [0, 2], "scores": {}, "teams": TWO_TEAMS, "timeout": [2]}
    assert ranks_from_result(timeout, 4) == [2, 1, 2, 1]


def test_team_ranks_follow_the_best_score_and_shared_first_places_are_draws():
    teams = [[0, 1], [2, 3], [4, 5]]
    result = {"winners": [0, 1], "scores": {"0": 3, "1": 5, "2": 7, "3": 1, "4": 2, "5": 9}, "teams": teams}
    # team 4+5 (best member 9) before team 2+3 (best 7)
    assert ranks_from_result(result, 6) == [1, 1, 3, 3, 2, 2]
    draw = {"winners": [0, 1, 2, 3], "scores": {}, "teams": TWO_TEAMS}
    ranks = ranks_from_result(draw, 4)
    assert {outcome_of(ranks, seat, TWO_TEAMS) for seat in range(4)} == {"draw"}


def test_the_results_teams_come_first_then_the_given_ones_then_everyone_alone():
    result = {"winners": [0, 1], "scores": {}}
    assert ranks_from_result(result, 4) == [1, 1, 2, 2]
    assert ranks_from_result(result, 4, [[0, 3], [1, 2]]) == [1, 1, 1, 1]
    assert ranks_from_result({**result, "teams": [[0, 1], [2, 3]]}, 4, [[0, 3], [1, 2]]) == [1, 1, 2, 2]


# --------------------------------------------------------------------------- ratings

def test_team_rating_winners_rise_losers_fall_and_equal_teams_move_symmetrically():
    out = ratings.rate([(["a", "b"], 1), (["c", "d"], 2)], {})
    winners = [out[p]["rating"]["mu"] - ratings.DEFAULT_MU for p in "ab"]
    losers = [out[p]["rating"]["mu"] - ratings.DEFAULT_MU for p in "cd"]
    assert winners[0] > 0 and losers[0] < 0
    assert winners[0] == pytest.approx(winners[1]) == pytest.approx(-losers[0]) == pytest.approx(-losers[1])
    assert len({out[p]["rating"]["sigma"] for p in "abcd"}) == 1
    assert all(out[p]["rating"]["games"] == 1 for p in "abcd")


def test_a_stronger_teammate_is_carried_less_by_a_win():
    strong = {"mu": 35.0, "sigma": 3.0, "games": 30}
    out = ratings.rate([(["a", "b"], 1), (["c", "d"], 2)], {"a": strong})
    assert 0 < out["a"]["mu_delta"] < out["b"]["mu_delta"]
    assert out["c"]["mu_delta"] < 0 and out["d"]["mu_delta"] < 0


def test_one_player_teams_rate_exactly_like_players():
    current = {"x": {"mu": 28.0, "sigma": 6.0, "games": 3}}
    assert ratings.rate([(["x"], 2), (["y"], 1), (["z"], 2)], current) == \
        ratings.rate([("x", 2), ("y", 1), ("z", 2)], current)
    with pytest.raises(ValueError):
        ratings.rate([(["a", "b"], 1), (["b", "c"], 2)], {})


def test_a_team_seeds_by_its_members():
    strong = {"mu": 35.0, "sigma": 2.0, "games": 20}
    pair = ratings.team_rating([strong, None])
    assert pair["mu"] == 30.0 and ratings.ordinal(pair) > 0
    assert ratings.seed_order(["new", "pair"], {"pair": pair}) == ["pair", "new"]


# --------------------------------------------------------------------------- the tournament state

def test_team_event_state_pairs_teams_and_round_trips():
    teams = {"1+2": ["1", "2"], "3+4": ["3", "4"], "5+6": ["5", "6"]}
    t = tstate.new_tournament("round_robin", ["1+2", "3+4", "5+6"], teams=teams)
    assert t.total_rounds == 3
    again = tstate.Tournament.from_dict(json.loads(json.dumps(t.to_dict())))
    assert again.teams == teams
    assert tstate.entrant_of(again, "4") == "3+4" and tstate.entrant_of(again, "9") is None
    assert tstate.members(again, "5+6") == ["5", "6"]
    games = tstate.next_round(again)
    assert sorted(p for g in games for p in g.players) == ["1+2", "3+4", "5+6"]
    with pytest.raises(ValueError, match="two teams"):
        tstate.new_tournament("swiss", ["a", "b"], teams={"a": ["1", "2"], "b": ["2", "3"]})
    with pytest.raises(ValueError, match="single players"):
        tstate.new_tournament("swiss_pods", ["a", "b", "c"], teams={"a": ["1"], "b": ["2"], "c": ["3"]})


def test_team_sizes_read_the_games_teams():
    assert team_sizes(testgame.RULES) == [1]          # no teams: one against one only
    assert team_sizes(teamgame.RULES) == [1, 2]       # alone with two players, two teams of two with four
    assert team_sizes(teamgame.PAIRS) == [2]


# --------------------------------------------------------------------------- through the services

@pytest.fixture
async def svc(tmp_path):
    store = await Store(str(tmp_path / "teams.db")).open()
    yield Services(store, seed=7)
    await store.close()


async def two_against_two(svc, users, game="teamcard"):
    """A match with `users` in seats 0..3 (so users[0] and users[2] are a team)."""
    return await svc.matches.create(game=game, guild_id=GUILD, channel_id=CHANNEL, creator_id=users[0],
                                    invited=users[1:], players=4, accepted=True, meta={"fixed_seats": True})


async def test_a_team_match_is_rated_team_against_team_and_counted_for_each_member(svc):
    match = await two_against_two(svc, [1, 2, 3, 4])
    assert seat_teams(match) == TWO_TEAMS
    await svc.matches.resign(match.id, 4)       # 2 and 4 lose, however the cards fall
    match = await play_out(svc, match.id)
    assert seat_ranks(match) == [1, 2, 1, 2]
    stored = await svc.store.ratings.for_game(GUILD, "teamcard")
    assert stored[1]["mu"] > ratings.DEFAULT_MU and stored[3]["mu"] > ratings.DEFAULT_MU
    assert stored[2]["mu"] < ratings.DEFAULT_MU and stored[4]["mu"] < ratings.DEFAULT_MU
    assert stored[1]["mu"] == pytest.approx(stored[3]["mu"])
    assert {c.user_id: c.rank for c in await svc.store.ratings.changes_of_match(match.id)} == \
        {1: 1, 2: 2, 3: 1, 4: 2}
    assert set(match.meta["rating_changes"]) == {"0", "1", "2", "3"}

    for user, outcome in ((1, "win"), (3, "win"), (2, "loss"), (4, "loss")):
        stats = await svc.ratings.stats(GUILD, user)
        (game,) = stats["games"]
        assert (game["played"], game["wins"], game["draws"], game["losses"]) == \
            (1, int(outcome == "win"), 0, int(outcome == "loss")), user
        (recent,) = stats["recent"]
        assert recent["outcome"] == outcome
    recent = (await svc.ratings.stats(GUILD, 3))["recent"][0]
    assert recent["teammates"] == [(1, False)]
    assert recent["opponents"] == [(2, False), (4, False)]   # 4 resigned: still a person, not the computer


async def make_team_event(svc, fmt="round_robin", game="teamcard", **kw):
    return await svc.tournaments.create(guild_id=GUILD, channel_id=CHANNEL, creator_id=ORGANIZER, game=game,
                                        format=fmt, **kw)


async def test_team_signups(svc):
    solo = await make_team_event(svc, game="testgame")
    with pytest.raises(UserError, match="single players"):
        await svc.tournaments.join(solo.id, 1, partner_id=2)
    with pytest.raises(UserError, match="not played in teams of 2: it is one against one"):
        await make_team_event(svc, game="testgame", team_size=2)
    with pytest.raises(UserError, match="Swiss pods are for single players"):
        await make_team_event(svc, fmt="swiss_pods", team_size=2)
    assert (await make_team_event(svc)).team_size == 1, "a game played alone or in teams: alone by default"
    assert (await make_team_event(svc, game="paircard")).team_size == 2, "a game only played in teams"

    t = await make_team_event(svc, team_size=2, max_players=5)
    t = await svc.tournaments.join(t.id, 1, partner_id=2)
    assert t.players == [1, 2] and t.signup_teams[1] == t.signup_teams[2]
    with pytest.raises(UserError, match="full"):
        await svc.tournaments.join(t.id, 3, partner_id=1)
    with pytest.raises(UserError, match="already in a team with"):
        await svc.tournaments.join(t.id, 2, partner_id=1)
    with pytest.raises(UserError, match="someone else"):
        await svc.tournaments.join(t.id, 3, partner_id=3)
    await svc.tournaments.join(t.id, 3)
    t = await svc.tournaments.join(t.id, 4, partner_id=3)     # 3 signed up alone: 4 teams up with them
    assert t.signup_teams[3] == t.signup_teams[4] != t.signup_teams[1]
    with pytest.raises(UserError, match="full"):
        await svc.tournaments.join(t.id, 5, partner_id=6)       # two more would make 6 of 5
    with pytest.raises(UserError, match="are of 2 players"):
        await svc.tournaments.set_team(t.id, [1, 3, 5])
    t = await svc.tournaments.set_team(t.id, [2, 3])            # the organizer regroups
    assert t.signup_groups() == ([[1], [2, 3], [4]], [])
    t = await svc.tournaments.set_team(t.id, [4])               # alone: out of any team
    assert t.signup_groups() == ([[1], [2, 3]], [4])
    t = await svc.tournaments.start(t.id)
    # 1's team is topped up by the first player without one
    assert t.state.teams == {"1+4": ["1", "4"], "2+3": ["2", "3"]}
    assert t.signup_groups() == ([[1, 4], [2, 3]], [])


async def test_start_refuses_players_left_without_a_full_team(svc):
    t = await make_team_event(svc, team_size=2)
    for user in (1, 2, 3):
        await svc.tournaments.join(t.id, user)
    with pytest.raises(UserError, match="at least 4 players"):
        await svc.tournaments.start(t.id)
    await svc.tournaments.join(t.id, 4, partner_id=2)
    await svc.tournaments.join(t.id, 5)
    # 2+4 are a team; 1, 3 and 5 have none: 1 and 3 make one, 5 is left over
    with pytest.raises(UserError, match=re.escape(person(5)) + " has no full team yet"):
        await svc.tournaments.start(t.id)
    assert (await svc.tournaments.get(t.id)).status == "signup"


async def test_a_team_round_robin_pairs_teams_seats_them_as_teams_and_ranks_teams(svc):
    t = await make_team_event(svc, team_size=2)
    await svc.tournaments.join(t.id, 1, partner_id=2)
    await svc.tournaments.join(t.id, 3, partner_id=4)
    await svc.tournaments.set_team(t.id, [5, 6])
    for user in (7, 8):                      # grouped at the start, in signup order
        await svc.tournaments.join(t.id, user)
    t = await svc.tournaments.start(t.id)
    assert t.state.players == ["1+2", "3+4", "5+6", "7+8"]   # nobody rated: signup order
    assert t.state.total_rounds == 3
    # round 1 of the circle method on four: first against last, second against third
    first = t.state.rounds[0]
    assert [g.players for g in first] == [["1+2", "7+8"], ["3+4", "5+6"]]
    ids = await svc.tournaments.match_ids(t.id)
    # a team sits in the seats the game gives a team (0 and 2 against 1 and 3)
    seats = {g.id: [s.user_id for s in (await svc.matches.get(ids[g.id])).seats] for g in first}
    assert seats == {"r1m1": [1, 7, 2, 8], "r1m2": [3, 5, 4, 6]}

    await svc.matches.resign(ids["r1m1"], 8)          # team 7+8 loses
    await play_out(svc, ids["r1m1"])
    await svc.matches.resign(ids["r1m2"], 3)          # team 3+4 loses
    await play_out(svc, ids["r1m2"])
    t = await svc.tournaments.get(t.id)
    assert [g.ranks for g in t.state.rounds[0]] == [[1, 2], [2, 1]]
    rows = {r["player"]: (r["points"], r["wins"], r["losses"]) for r in tstate.standings(t.state)}
    assert rows == {"1+2": (1, 1, 0), "5+6": (1, 1, 0), "3+4": (0, 0, 1), "7+8": (0, 0, 1)}
    assert tstate.current_round(t.state) == 2
    # members take their team's first seat in turn: round 2 seats the second member first
    second = {g.id: g.players for g in t.state.rounds[1]}
    ids = await svc.tournaments.match_ids(t.id)
    one_two = next(pid for pid, players in second.items() if "1+2" in players)
    seated = [s.user_id for s in (await svc.matches.get(ids[one_two])).seats]
    assert seated[0::2] == [2, 1] or seated[1::2] == [2, 1]

    # a member drops: the team is out, and both its members resign their game
    t = await svc.tournaments.drop(t.id, 1)
    assert "1+2" in t.state.dropped
    match = await svc.matches.get(ids[one_two])
    assert sorted(set(match.meta.get("resigned", [])) | set((match.result or {}).get("resigned", []))) == \
        sorted(s.seat for s in match.seats if s.user_id in (1, 2))
    assert match.status == "finished", "a team whose members all resigned loses at once"
    with pytest.raises(UserError, match="already dropped"):
        await svc.tournaments.drop(t.id, 2)


async def test_adjudication_in_a_team_match_loses_for_the_team_to_move(svc):
    t = await make_team_event(svc, fmt="swiss", team_size=2, rounds=1)
    await svc.tournaments.join(t.id, 1, partner_id=2)
    await svc.tournaments.join(t.id, 3, partner_id=4)
    t = await svc.tournaments.start(t.id)
    match_id = (await svc.tournaments.match_ids(t.id))["r1m1"]
    match = await svc.matches.get(match_id)
    (first,) = svc.matches.rules(match).active_players(match.snapshot)
    action = svc.matches.legal_actions(match, first)[0].id     # the game is under way
    match = (await svc.matches.act(match_id, match.user_at(first).user_id, action)).match
    (seat,) = svc.matches.rules(match).active_players(match.snapshot)
    holding_up = next(team for team in TWO_TEAMS if seat in team)
    t = await svc.tournaments.force_next_round(t.id)
    match = await svc.matches.get(match_id)
    assert match.result["adjudicated"]
    assert sorted(match.result["winners"]) == sorted(s for s in range(4) if s not in holding_up)
    assert [outcome_of(seat_ranks(match), s, TWO_TEAMS) for s in holding_up] == ["loss", "loss"]
    assert t.status == "finished" and sorted(tstate.find_match(t.state, "r1m1").ranks) == [1, 2]
