"""Tournament posts in causal order, standings of finished rounds only, members who leave the
server, and games nobody played, through the real bot in simcord (the test game)."""
from __future__ import annotations

from tests.discord.helpers import text_of
import pytest

from tests.discord.test_tournaments_discord import (EXTENSIONS, active_match, add_organizer, add_players, answer,
                                                     newest_standings, resign, standings_rows, thread_of_match)


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=EXTENSIONS)


async def swiss(org, channel, members, rounds: int):
    r = await org.slash(channel, "tournament create", game="testgame", format="swiss", rounds=rounds)
    assert "open for signups" in text_of(r.response)
    for member in members:
        assert "signed up" in text_of((await member.slash(channel, "tournament join")).response)
    assert "round 1 is under way" in text_of((await org.slash(channel, "tournament start")).response)


async def test_the_game_that_ends_a_round_is_posted_before_the_round_s_standings_and_the_next_round(world):
    env, guild, channel, *_ = world
    org = add_organizer(env, guild)
    members = add_players(env, guild, ["p1", "p2", "p3", "p4", "p5"])   # five: round 2 has a bye
    await swiss(org, channel, members, rounds=2)
    last_game = None
    games = [await active_match(env, m) for m in members if (await env.bot.store.list_matches(
        user_id=m.id, statuses=("active",)))]
    games = list({g.id: g for g in games}.values())
    assert len(games) == 2
    for game in games:
        loser = next(m for m in members if m.id == game.seats[1].user_id)
        last_game = await resign(env, channel, loser)
    closing = thread_of_match(channel, await env.bot.service.get(last_game)).history()[-1]
    assert "Game over" in text_of(closing)
    table = newest_standings(channel)
    started = next(m for m in reversed(channel.history()) if "round 2 of 2 has started" in text_of(m))
    # message ids grow with time, across the channel and its threads
    assert closing.id < table.id < started.id, "the game's end, then the standings, then the next round"
    # the standings of round 1 count round 1 only: its two games and its bye, not round 2's bye
    assert "round 1 of 2 is over" in text_of(table)
    rows = standings_rows(table)
    assert sorted(p for _r, _n, p, _wdl, _b in rows) == ["0", "0", "1", "1", "1"], rows


async def test_a_member_who_left_the_server_forfeits_and_is_paired_no_more(world):
    env, guild, channel, *_ = world
    org = add_organizer(env, guild)
    members = add_players(env, guild, ["p1", "p2", "p3", "p4"])
    await swiss(org, channel, members, rounds=2)
    game = await active_match(env, members[0])
    leaver = next(m for m in members if m.id == game.seats[0].user_id)   # the first seat: to move
    other = next(m for m in members if m.id == game.seats[1].user_id)
    guild.remove_member(leaver)
    for match in {(await active_match(env, m)).id for m in members if m not in (leaver, other)}:
        row = await env.bot.service.get(match)
        await resign(env, channel, next(m for m in members if m.id == row.seats[1].user_id))
    r = await org.slash(channel, "tournament next")
    r = await org.click(r.response.message, label="Close the round now")
    assert "has started" in answer(r) or "is over" in answer(r)
    game = await env.bot.service.get(game.id)
    assert game.status == "finished" and game.result["winners"] == [game.seat_of(other.id)], \
        "the member who left loses, not the one who waited for her"
    t = await env.bot.tournaments.get(1)
    assert str(leaver.id) in t.state.dropped
    paired = {p for m in t.state.rounds[1] for p in m.players}
    assert str(leaver.id) not in paired, "round 2 pairs the members still here"


async def test_a_game_nobody_moved_in_is_recorded_as_unplayed_not_as_a_win(world):
    env, guild, channel, *_ = world
    org = add_organizer(env, guild)
    members = add_players(env, guild, ["p1", "p2"])
    await swiss(org, channel, members, rounds=1)
    game = await active_match(env, members[0])
    r = await org.slash(channel, "tournament next")
    assert "still has 1 game running" in text_of(r.response)
    r = await org.click(r.response.message, label="Close the round now")
    assert "is over" in answer(r)
    game = await env.bot.service.get(game.id)
    assert game.result["unplayed"] and game.result["winners"] == []
    t = await env.bot.tournaments.get(1)
    assert t.state.rounds[0][0].unplayed
    rows = env.bot.tournaments.standings(t)
    assert [(r["points"], r["wins"], r["losses"], r["unplayed"]) for r in rows] == [(0.0, 0, 0, 1)] * 2
    closing = thread_of_match(channel, game).history()[-1]
    assert "recorded as unplayed" in text_of(closing)
