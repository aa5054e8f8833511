"""Skytear team tournaments: pairs sign up together, each pairing is a 2v2 match seated as the
game's two teams (R1: seats 0 and 2 against 1 and 3), and the team's win is a win for both
members in the standings and the ratings."""
from __future__ import annotations

import pytest

from engine.base import teams_of
from engine.skytear import RULES
from store import Store
from tests.tournaments.helpers import Services
from tournaments import state as tstate
from tournaments.service import team_sizes

GUILD, CHANNEL, ORGANIZER = 1, 2, 900


@pytest.fixture
async def svc(tmp_path):
    store = await Store(str(tmp_path / "t.db")).open()
    yield Services(store)
    await store.close()


def test_skytear_is_played_one_against_one_or_two_against_two():
    """R1: two players are two sides; four players two teams of two (G27's seating)."""
    assert team_sizes(RULES) == [1, 2]
    assert teams_of(RULES, 4, {}) == [[0, 2], [1, 3]]
    assert sorted(map(len, teams_of(RULES, 3, {}))) == [1, 2]


async def test_pairs_sign_up_together_and_a_team_win_counts_for_both(svc):
    t = await svc.tournaments.create(guild_id=GUILD, channel_id=CHANNEL, creator_id=ORGANIZER, game="skytear",
                                     format="single_elimination", team_size=2)
    await svc.tournaments.join(t.id, 1, partner_id=2)
    t = await svc.tournaments.join(t.id, 3, partner_id=4)
    assert t.signup_groups() == ([[1, 2], [3, 4]], [])
    t = await svc.tournaments.start(t.id)
    (game,) = t.state.rounds[0]
    match_id = (await svc.tournaments.match_ids(t.id))[game.id]
    match = await svc.matches.get(match_id)
    seats = [s.user_id for s in match.seats]
    team_of = {u: ("1+2" if u in (1, 2) else "3+4") for u in seats}
    assert team_of[seats[0]] == team_of[seats[2]] != team_of[seats[1]] == team_of[seats[3]]
    losers = [seats[1], seats[3]]
    for user in losers:                      # both members of one team resign: it loses at once
        await svc.matches.resign(match_id, user)
    match = await svc.matches.get(match_id)
    assert match.status == "finished" and sorted(match.result["winners"]) == [0, 2]
    t = await svc.tournaments.get(t.id)
    rows = {r["player"]: r["wins"] for r in tstate.standings(t.state)}
    winners = team_of[seats[0]]
    assert rows[winners] == 1 and rows[team_of[seats[1]]] == 0
    for user in seats:
        stats = await svc.ratings.stats(GUILD, user)
        (played,) = stats["games"]
        assert played["wins"] == (1 if user not in losers else 0), user
