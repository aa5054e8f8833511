"""Tournaments and ratings through the real bot in simcord, with the test game.

Results are fixed by resignations (and by `/tournament next`, where the player to move
loses), so every pairing and standing below is worked out by hand from the rules in
tournaments/pairing.py (Dutch Swiss, first seat to whoever had it less, then the better
ranked) and tournaments/standings.py (points, Buchholz, Sonneborn-Berger, head-to-head,
signup order).

Set TOURNAMENT_PNG_DIR to keep the posted standings and bracket pictures for a look.
"""
from __future__ import annotations

import os
import re
from pathlib import Path

import discord
import pytest

from engine import registry
from engine.base import as_game
from render import registry as renderers
from tests import testgame
from tests.discord.helpers import bot_handle, start_challenge, to_move
from tests.discord.helpers import text_of
from tests.discord.test_platform import test_synced_command_tree_is_valid as check_command_tree
from tests.tournaments import teamgame
from tournaments import ratings
from tournaments.service import outcome_of, seat_ranks

EXTENSIONS = ("cogs.matches", "cogs.tournaments")
NOT_ORGANIZER = "Only tournament organizers"


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=EXTENSIONS)


def answer(r) -> str:
    return text_of(r.response or r.followups[-1])


def add_organizer(env, guild):
    staff = guild.create_role("Staff", permissions=discord.Permissions(manage_guild=True))
    return guild.add_member(env.create_user("org"), roles=[staff])


def add_players(env, guild, names):
    return [guild.add_member(env.create_user(name)) for name in names]


async def active_match(env, member):
    rows = await env.bot.store.list_matches(user_id=member.id, statuses=("active",))
    assert len(rows) == 1, f"{member.name} should be in exactly one running match"
    return rows[0]


def thread_of_match(channel, match):
    return next(t for t in channel.threads if t.id == match.thread_id)


async def resign(env, channel, member):
    match = await active_match(env, member)
    r = await member.slash(thread_of_match(channel, match), "match resign")
    assert text_of(r.response) == f"You resigned match #{match.id}."
    return match.id


async def play_card(env, channel, member):
    """The member plays the first card of their hand with /match move in the match thread."""
    match = await active_match(env, member)
    card = match.snapshot["hands"][match.seat_of(member.id)][0]
    r = await member.slash(thread_of_match(channel, match), "match move", action=f"play:{card}")
    assert text_of(r.response).startswith("Move played.")


async def round_pairings(env, tournament_id, number, names):
    """Each game of a round as the names in its match's seat order, in pairing order."""
    ids = await env.bot.tournaments.match_ids(tournament_id)
    games = []
    for pairing in sorted((p for p in ids if p.startswith(f"r{number}m")), key=lambda p: int(p.split("m")[1])):
        match = await env.bot.service.get(ids[pairing])
        assert match.meta["tournament"] == tournament_id and match.meta["pairing"] == pairing
        games.append(tuple(names[s.user_id] for s in match.seats))
    return games


def newest(channel, needle):
    return next(m for m in reversed(channel.history()) if needle in text_of(m))


def newest_standings(channel):
    return next(m for m in reversed(channel.history()) if m.embeds and "standings" in (m.embeds[0].title or ""))


ROW = re.compile(r"`\s*(\d+)\.` \*\*(.+?)\*\* — ([\d.]+) pts \((\d+-\d+-\d+)\) · Buchholz ([\d.]+)")


def standings_rows(message):
    """(rank, name, points, W-D-L, Buchholz) from a standings embed."""
    return [(int(r), n, p, wdl, b) for r, n, p, wdl, b in ROW.findall(message.embeds[0].description)]


async def keep_png(message, filename, prefix):
    attachment = next(a for a in message.attachments if a.filename == filename)
    data = await attachment.read()
    assert data.startswith(b"\x89PNG"), filename
    folder = os.environ.get("TOURNAMENT_PNG_DIR")
    if folder:
        Path(folder, f"{prefix}_{filename}").write_bytes(data)
    return data


# --------------------------------------------------------------------------- Swiss, 8 players

# p1..p8 sign up in that order; nobody has a rating, so that is the seed order.
SWISS_ROUNDS = [
    # round 1: top half against bottom half
    [("p1", "p5"), ("p2", "p6"), ("p3", "p7"), ("p4", "p8")],
    # after 1: p1 p3 p4 p6 on 1 point (all Buchholz 0), p2 p5 p7 p8 on 0 (Buchholz 1)
    [("p1", "p4"), ("p6", "p3"), ("p7", "p2"), ("p5", "p8")],
    # after 2: p1 p3 on 2; p4 p6 (Buchholz 3) then p2 p8 (1) on 1; p5 p7 on 0; no rematches
    [("p3", "p1"), ("p4", "p2"), ("p8", "p6"), ("p5", "p7")],
]
SWISS_LOSERS = [["p5", "p2", "p7", "p8"], ["p4", "p6", "p7", "p5"]]
SWISS_ORDER_AFTER = [
    ["p1", "p3", "p4", "p6", "p2", "p5", "p7", "p8"],
    ["p1", "p3", "p4", "p6", "p2", "p8", "p5", "p7"],
]
# round 3: p1 beats p3, p2 beats p4, p7 beats p5, and p8 (to move) loses to p6 by /tournament next
SWISS_FINAL = [  # rank, name, points, W-D-L, Buchholz (opponents' points)
    (1, "p1", "3", "3-0-0", "3"),   # opponents p5 0 + p4 1 + p3 2
    (2, "p3", "2", "2-0-1", "6"),   # p7 1 + p6 2 + p1 3
    (3, "p6", "2", "2-0-1", "5"),   # p2 2 + p3 2 + p8 1
    (4, "p2", "2", "2-0-1", "4"),   # p6 2 + p7 1 + p4 1
    (5, "p4", "1", "1-0-2", "6"),   # p8 1 + p1 3 + p2 2
    (6, "p7", "1", "1-0-2", "4"),   # p3 2 + p2 2 + p5 0
    (7, "p8", "1", "1-0-2", "3"),   # p4 1 + p5 0 + p6 2
    (8, "p5", "0", "0-0-3", "5"),   # p1 3 + p8 1 + p7 1
]
# Sonneborn-Berger: the points of the opponents each player beat
SWISS_SONNEBORN = {"p1": 3, "p3": 3, "p6": 3, "p2": 2, "p4": 1, "p7": 0, "p8": 0, "p5": 0}


async def test_swiss_eight_players_end_to_end(world):
    env, guild, channel, *_ = world
    org = add_organizer(env, guild)
    names = [f"p{i}" for i in range(1, 9)]
    members = add_players(env, guild, names)
    by_name = dict(zip(names, members))
    name_of = {m.id: n for n, m in by_name.items()}

    r = await org.slash(channel, "tournament create", game="testgame", format="swiss", rounds=3,
                        clock="move-72h", start_time="Saturday 18:00 UTC")
    assert "open for signups" in text_of(r.response)
    signup = channel.history()[-1]
    assert "Saturday 18:00 UTC" in text_of(signup) and "3 days per move" in text_of(signup)
    for i, member in enumerate(members):   # half by the button, half by the command
        if i % 2:
            r = await member.click(signup, label="Join")
        else:
            r = await member.slash(channel, "tournament join")
        assert "signed up" in text_of(r.response)
    signup = next(m for m in channel.history() if m.id == signup.id)
    assert "Players (8)" in text_of(signup) and all(m.mention in text_of(signup) for m in members)

    r = await org.slash(channel, "tournament start")
    assert "round 1 is under way" in text_of(r.response)
    for number in (1, 2, 3):
        assert await round_pairings(env, 1, number, name_of) == SWISS_ROUNDS[number - 1]
        announcement = newest(channel, f"round {number} of 3 has started")
        for first, second in SWISS_ROUNDS[number - 1]:
            assert f"{by_name[first].mention} vs {by_name[second].mention}" in text_of(announcement)
        if number == 3:
            break
        for loser in SWISS_LOSERS[number - 1]:
            await resign(env, channel, by_name[loser])
        table = newest_standings(channel)
        assert f"round {number} of 3 is over" in text_of(table)
        assert [row[1] for row in standings_rows(table)] == SWISS_ORDER_AFTER[number - 1]
        await keep_png(table, "standings.png", f"tour_discord_swiss_round{number}")

    match = await active_match(env, by_name["p1"])
    assert match.meta["clock"]["preset"] == "move-72h", "the event's clock reaches its matches"
    # round 3, played partly by /match move
    await play_card(env, channel, by_name["p3"])       # p3 sits first and moves first
    await play_card(env, channel, by_name["p1"])
    await resign(env, channel, by_name["p3"])
    await resign(env, channel, by_name["p4"])
    await resign(env, channel, by_name["p5"])
    await play_card(env, channel, by_name["p8"])
    await play_card(env, channel, by_name["p6"])       # p8 is to move again
    stuck = await active_match(env, by_name["p8"])
    r = await by_name["p6"].slash(channel, "tournament next")
    assert NOT_ORGANIZER in text_of(r.response)
    assert (await env.bot.service.get(stuck.id)).status == "active"
    r = await org.slash(channel, "tournament next")      # asks first, and names the game it would close
    assert "still has 1 game running" in text_of(r.response) and f"match #{stuck.id}" in text_of(r.response)
    assert (await env.bot.service.get(stuck.id)).status == "active"
    r = await org.click(r.response.message, label="Close the round now")
    assert "is over" in answer(r)

    stuck = await env.bot.service.get(stuck.id)
    assert stuck.status == "finished" and stuck.result["winners"] == [stuck.seat_of(by_name["p6"].id)]
    closing = thread_of_match(channel, stuck).history()[-1]
    assert "Game over" in text_of(closing) and f"{by_name['p8'].mention} was to move and loses" in text_of(closing)

    final = newest_standings(channel)
    assert f"{by_name['p1'].mention} wins the tournament" in text_of(final)
    assert standings_rows(final) == SWISS_FINAL
    t = await env.bot.tournaments.get(1)
    assert t.status == "finished"
    assert {name_of[int(r["player"])]: r["sonneborn_berger"] for r in env.bot.tournaments.standings(t)} \
        == SWISS_SONNEBORN

    # on request, for anyone
    r = await by_name["p2"].slash(channel, "tournament standings")
    assert not r.ephemeral and standings_rows(r.response.message) == SWISS_FINAL
    await keep_png(r.response.message, "standings.png", "tour_discord_swiss_final")
    r = await by_name["p2"].slash(channel, "tournament bracket")
    assert "not a bracket" in text_of(r.response)


# --------------------------------------------------------------------------- single elimination, 6 players

async def test_single_elimination_six_players_seeded_by_rating(world):
    env, guild, channel, *_ = world
    org = add_organizer(env, guild)
    names = ["a", "b", "c", "d", "e", "f"]
    members = add_players(env, guild, names)
    by_name = dict(zip(names, members))
    name_of = {m.id: n for n, m in by_name.items()}

    # a rated friendly first: f beats a, so f is seed 1, a seed 6, b..e in signup order between
    thread = await start_challenge(channel, by_name["f"], by_name["a"])
    await by_name["a"].slash(thread, "match resign")

    await org.slash(channel, "tournament create", game="testgame", format="single_elimination")
    for member in members:
        await member.slash(channel, "tournament join")
    await org.slash(channel, "tournament start")
    t = await env.bot.tournaments.get(1)
    assert [name_of[int(p)] for p in t.state.players] == ["f", "b", "c", "d", "e", "a"]

    # bracket of 8, slots 1-8 4-5 2-7 3-6: the top two seeds have byes
    assert await round_pairings(env, 1, 1, name_of) == [("d", "e"), ("c", "a")]
    announcement = newest(channel, "round 1 of 3 has started")
    assert f"{by_name['f'].mention}: bye" in text_of(announcement) and f"{by_name['b'].mention}: bye" in text_of(announcement)
    await resign(env, channel, by_name["d"])
    await resign(env, channel, by_name["c"])
    table = newest_standings(channel)
    await keep_png(table, "bracket.png", "tour_discord_elimination_round1")
    assert await round_pairings(env, 1, 2, name_of) == [("f", "e"), ("b", "a")]
    await resign(env, channel, by_name["f"])
    await resign(env, channel, by_name["a"])
    assert await round_pairings(env, 1, 3, name_of) == [("e", "b")]
    await resign(env, channel, by_name["e"])

    final = newest_standings(channel)
    assert f"{by_name['b'].mention} wins the tournament" in text_of(final)
    # points: a bye or a win 1; Buchholz: opponents' points (a bye adds none)
    assert standings_rows(final) == [
        (1, "b", "3", "3-0-0", "3"),   # bye, beat a (1), beat e (2)
        (2, "e", "2", "2-0-1", "4"),   # d 0 + f 1 + b 3
        (3, "a", "1", "1-0-1", "3"),   # c 0 + b 3
        (4, "f", "1", "1-0-1", "2"),   # bye, e 2
        (5, "d", "0", "0-0-1", "2"),   # e 2
        (6, "c", "0", "0-0-1", "1"),   # a 1
    ]
    await keep_png(final, "bracket.png", "tour_discord_elimination_final")
    r = await by_name["c"].slash(channel, "tournament bracket")
    assert not r.ephemeral and r.response.attachments[0].filename == "bracket.png"
    await keep_png(r.response.message, "bracket.png", "tour_discord_elimination_request")


# --------------------------------------------------------------------------- restart

async def test_restart_mid_round_loses_nothing(world, make_bot):
    env, guild, channel, *_ = world
    org = add_organizer(env, guild)
    names = ["q1", "q2", "q3", "q4"]
    members = add_players(env, guild, names)
    by_name = dict(zip(names, members))
    name_of = {m.id: n for n, m in by_name.items()}
    await org.slash(channel, "tournament create", game="testgame", format="swiss", rounds=2)
    signup = channel.history()[-1]
    await by_name["q1"].slash(channel, "tournament join")
    await by_name["q2"].click(signup, label="Join")

    await env.restart_bot(make_bot(extensions=EXTENSIONS))   # same database, a new bot process

    for name in ("q3", "q4"):   # the signup button posted before the restart still works
        r = await by_name[name].click(signup, label="Join")
        assert "signed up" in text_of(r.response)
    await org.slash(channel, "tournament start")
    assert await round_pairings(env, 1, 1, name_of) == [("q1", "q3"), ("q2", "q4")]
    await resign(env, channel, by_name["q3"])

    await env.restart_bot(make_bot(extensions=EXTENSIONS))   # and again, in the middle of round 1

    t = await env.bot.tournaments.get(1)
    assert t.status == "running" and [m.finished for m in t.state.rounds[0]] == [True, False]
    await resign(env, channel, by_name["q4"])                # heard by the new bot's finish listener
    assert "round 1 of 2 is over" in text_of(newest_standings(channel))
    # q1 and q2 on 1 point meet; q3 and q4 on 0
    assert await round_pairings(env, 1, 2, name_of) == [("q1", "q2"), ("q3", "q4")]
    await resign(env, channel, by_name["q2"])
    await resign(env, channel, by_name["q4"])
    # q2 and q3 are level on points, Buchholz (2) and Sonneborn-Berger (0) and never met:
    # signup order puts q2 first
    assert standings_rows(newest_standings(channel)) == [
        (1, "q1", "2", "2-0-0", "2"), (2, "q2", "1", "1-0-1", "2"),
        (3, "q3", "1", "1-0-1", "2"), (4, "q4", "0", "0-0-2", "2")]


# --------------------------------------------------------------------------- permissions

async def test_command_tree_with_tournaments_is_valid(world):
    await check_command_tree(world)   # Discord's limits, now with /tournament, /leaderboard and /stats
    listed = set(world[3].available_commands(world[2]))
    assert {"tournament create", "tournament next", "leaderboard", "stats"} <= listed



async def test_only_organizers_run_tournaments(world):
    env, guild, channel, alice, bob, carol = world
    org = add_organizer(env, guild)
    r = await carol.slash(channel, "tournament create", game="testgame", format="round_robin")
    assert NOT_ORGANIZER in text_of(r.response)
    await org.slash(channel, "tournament create", game="testgame", format="round_robin")
    signup = channel.history()[-1]
    for member in (alice, bob, carol):
        await member.slash(channel, "tournament join")
    r = await carol.click(signup, label="Leave")
    assert text_of(r.response).startswith("You left")
    await carol.click(signup, label="Join")
    for command, options in (("tournament start", {}), ("tournament cancel", {}),
                             ("tournament drop", {"player": bob})):
        r = await carol.slash(channel, command, **options)
        assert r.ephemeral and NOT_ORGANIZER in text_of(r.response), command
    t = await env.bot.tournaments.get(1)
    assert t.status == "signup" and t.players == [alice.id, bob.id, carol.id]

    role = guild.create_role("Tournament staff")
    r = await carol.slash(channel, "tournament organizer_role", role=role)
    assert "Manage Server" in text_of(r.response)
    r = await org.slash(channel, "tournament organizer_role", role=role)
    assert "can now run tournaments" in text_of(r.response)
    helper = guild.add_member(env.create_user("helper"), roles=[role])
    r = await helper.slash(channel, "tournament start")
    assert "has started" in text_of(r.response)
    # round robin of 3, circle method: round 1 is bob against carol, alice has the bye
    game = await active_match(env, bob)
    r = await carol.slash(channel, "tournament next")
    assert NOT_ORGANIZER in text_of(r.response)
    r = await helper.slash(channel, "tournament drop", player=carol)
    assert "is out" in text_of(r.response)
    game = await env.bot.service.get(game.id)
    assert game.status == "finished" and game.result["resigned"] == [game.seat_of(carol.id)]
    r = await carol.slash(channel, "tournament standings")   # anyone may look
    assert standings_rows(r.response.message)[0][1] in ("alice", "bob")
    r = await helper.slash(channel, "tournament cancel")
    assert "cancelled" in text_of(r.response)
    assert (await env.bot.tournaments.get(1)).status == "cancelled"


# --------------------------------------------------------------------------- ratings

def rating_note(name, change):
    return f"{name} {change['old_display']} → {change['new_display']} ({change['delta']:+d})"


async def newest_match(env):
    return (await env.bot.store.list_matches(statuses=("active", "finished"), limit=1))[0]


async def test_ratings_leaderboard_stats_and_the_game_over_message(world):
    env, guild, channel, alice, bob, carol = world
    names = {alice.id: "alice", bob.id: "bob", carol.id: "carol"}
    current: dict = {}   # the expected ratings, game by game, from tournaments.ratings

    # alice beats bob twice (bob resigns); the game-over message shows both changes
    for _ in range(2):
        thread = await start_challenge(channel, alice, bob)
        await bob.slash(thread, "match resign")
        changes = ratings.rate([(alice.id, 1), (bob.id, 2)], current)
        current.update({u: c["rating"] for u, c in changes.items()})
        final = thread.history()[-1]
        assert "Game over" in text_of(final)
        assert rating_note("alice", changes[alice.id]) in text_of(final)
        assert rating_note("bob", changes[bob.id]) in text_of(final)

    # carol and bob play a whole game by /match move: whoever wins, the footer shows it
    thread = await start_challenge(channel, carol, bob)
    while (match := await newest_match(env)).status == "active":
        mover = await to_move(env, [carol, bob], match.id)
        card = match.snapshot["hands"][match.seat_of(mover.id)][0]
        r = await mover.slash(thread, "match move", action=f"play:{card}")
        assert text_of(r.response).startswith("Move played.")
    ranks = seat_ranks(match)
    changes = ratings.rate([(s.user_id, ranks[s.seat]) for s in match.seats], current)
    current.update({u: c["rating"] for u, c in changes.items()})
    final = thread.history()[-1]
    assert rating_note("carol", changes[carol.id]) in text_of(final)
    assert rating_note("bob", changes[bob.id]) in text_of(final)
    bob_vs_carol = outcome_of(ranks, match.seat_of(bob.id))

    # against the computer nothing is rated
    await alice.slash(channel, "match new", game="testgame", opponent=bot_handle(env))
    robot_thread = channel.threads[-1]
    while (match := await newest_match(env)).status == "active":
        card = match.snapshot["hands"][match.seat_of(alice.id)][0]
        await alice.slash(robot_thread, "match move", action=f"play:{card}")
    assert "Game over" in text_of(robot_thread.history()[-1])
    assert "Ratings:" not in text_of(robot_thread.history()[-1])

    r = await carol.slash(channel, "leaderboard", game="testgame")
    board = r.response.embeds[0]
    assert board.title == "High Card (test) · leaderboard"
    expected = sorted(current.items(), key=lambda item: -ratings.ordinal(item[1]))
    assert [re.sub(r"[`*]", "", line) for line in board.description.splitlines()] == [
        f"{i:>2}. {names[u]} {ratings.display_rating(rating)}? · {rating['games']} "
        f"game{'s' if rating['games'] != 1 else ''}" for i, (u, rating) in enumerate(expected, start=1)]

    r = await alice.slash(channel, "stats", player=bob)
    stats = r.response.embeds[0]
    assert stats.title == "bob · stats"
    fields = {f.name: f.value for f in stats.fields}
    tally = {"win": 0, "draw": 0, "loss": 2}
    tally[bob_vs_carol] += 1
    assert fields["High Card (test)"] == (
        f"Rating **{ratings.display_rating(current[bob.id])}** (provisional) · 3 rated\n"
        f"{tally['win']} won · {tally['draw']} drawn · {tally['loss']} lost (3 matches)")
    recent = fields["Recent results"].splitlines()
    assert len(recent) == 3
    assert recent[0].startswith({"win": "✅ Win", "draw": "➖ Draw", "loss": "❌ Loss"}[bob_vs_carol] + " vs carol")
    before, after = changes[bob.id]["old_display"], changes[bob.id]["new_display"]
    assert recent[0].endswith(f"{before} → {after} ({after - before:+d})")
    assert all(line.startswith("❌ Loss vs alice") for line in recent[1:])

    r = await alice.slash(channel, "stats")
    fields = {f.name: f.value for f in r.response.embeds[0].fields}
    # the game against the computer counts in the results but not in the rating
    alice_won = outcome_of(seat_ranks(match), match.seat_of(alice.id))
    assert fields["High Card (test)"].startswith(
        f"Rating **{ratings.display_rating(current[alice.id])}** (provisional) · 2 rated\n")
    assert fields["High Card (test)"].endswith("(3 matches)")
    assert fields["Recent results"].splitlines()[0].startswith(
        {"win": "✅ Win", "draw": "➖ Draw", "loss": "❌ Loss"}[alice_won] + " vs the computer")


# --------------------------------------------------------------------------- teams

@pytest.fixture
def team_game(monkeypatch):
    """The test game played two against two, playable for one test only."""
    monkeypatch.setitem(registry._games, teamgame.RULES.name, as_game(teamgame.RULES))
    renderers.register(teamgame.RULES.name, testgame)


async def test_a_team_tournament_pairs_teams_and_a_team_win_counts_for_each_member(team_game, world):
    env, guild, channel, *_ = world
    org = add_organizer(env, guild)
    names = ["ann", "ben", "cat", "dan"]
    members = add_players(env, guild, names)
    ann, ben, cat, dan = members

    r = await org.slash(channel, "tournament create", game="teamcard", format="single_elimination", team_size=2)
    assert "open for signups" in text_of(r.response)
    signup = channel.history()[-1]
    assert "teams of 2" in text_of(signup) and "partner" in text_of(signup)
    r = await ann.slash(channel, "tournament join", partner=ben)
    assert "signed up" in text_of(r.response) and ben.mention in text_of(r.response)
    for member in (cat, dan):
        await member.slash(channel, "tournament join")
    r = await cat.slash(channel, "tournament team", player1=cat, player2=dan)
    assert NOT_ORGANIZER in text_of(r.response)
    r = await org.slash(channel, "tournament team", player1=cat, player2=dan)
    assert "now play as a team" in text_of(r.response)
    signup = next(m for m in channel.history() if m.id == signup.id)
    assert f"Players (4) in teams of 2: {ann.mention} & {ben.mention} · {cat.mention} & {dan.mention}" \
        in text_of(signup)

    await org.slash(channel, "tournament start")
    announcement = newest(channel, "round 1 of 1 has started")
    assert f"{ann.mention} & {ben.mention} vs {cat.mention} & {dan.mention}" in text_of(announcement)
    match = await active_match(env, ann)
    # each team in the seats the game gives it: seats 0 and 2 against 1 and 3
    assert [s.user_id for s in match.seats] == [ann.id, cat.id, ben.id, dan.id]

    await resign(env, channel, dan)          # dan's team loses, whatever the cards say
    thread = thread_of_match(channel, match)
    while (match := await env.bot.service.get(match.id)).status == "active":
        mover = await to_move(env, members, match.id)
        card = match.snapshot["hands"][match.seat_of(mover.id)][0]
        r = await mover.slash(thread, "match move", action=f"play:{card}")
        assert text_of(r.response).startswith("Move played.")

    final = newest_standings(channel)
    assert f"{ann.mention} & {ben.mention} win the tournament" in text_of(final)
    assert standings_rows(final) == [(1, "ann & ben", "1", "1-0-0", "0"), (2, "cat & dan", "0", "0-0-1", "1")]

    r = await ben.slash(channel, "stats")
    fields = {f.name: f.value for f in r.response.embeds[0].fields}
    assert fields["High Card in teams (test)"].endswith("1 won · 0 drawn · 0 lost (1 matches)")
    assert fields["Recent results"].startswith("✅ Win with ann vs cat, dan · High Card in teams (test)")
    r = await cat.slash(channel, "stats")
    fields = {f.name: f.value for f in r.response.embeds[0].fields}
    assert fields["Recent results"].startswith("❌ Loss with dan vs ann, ben")
