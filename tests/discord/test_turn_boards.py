"""One board per turn, following the platform's turn boundary (engine.base.Moment.owner): the
answers in a response window opened by a player's action belong to that player's turn, so they
post no board of their own and ping nobody; the board comes when the turn passes to someone else.
The game is High Card with answers (tests/matches/test_response_windows.py, rule HW1)."""
from __future__ import annotations

import pytest

from engine import registry
from render import registry as renderers
from tests import testgame
from tests.discord.helpers import current_match, start_challenge
from tests.matches.test_response_windows import RULES as WINDOWS

registry.register(WINDOWS)
renderers.register(WINDOWS.name, testgame)


def boards(thread) -> list:
    return [m for m in thread.history() if "· move" in m.content and m.attachments]


async def test_a_window_s_answers_stay_in_the_turn_and_the_next_turn_gets_one_board(world):
    env, guild, channel, alice, bob, carol = world
    thread = await start_challenge(channel, alice, bob, game=WINDOWS.name)
    people = {alice.id: alice, bob.id: bob}
    for _ in range(3):      # three turns: play a card, the other answers, the turn passes
        match = await current_match(env)
        (seat,) = WINDOWS.active_players(match.snapshot)
        mover = people[match.user_at(seat).user_id]
        before = len(boards(thread))
        card = min(match.snapshot["hands"][seat], key=testgame.value)
        await mover.slash(thread, "match move", action=f"play:{card}")
        match = await current_match(env)
        assert WINDOWS.moment(match.snapshot).kind == "window", "the other seat may answer the card"
        assert len(boards(thread)) == before, "an answer window inside the turn posts no board"
        (other,) = WINDOWS.active_players(match.snapshot)
        answerer = people[match.user_at(other).user_id]
        await answerer.slash(thread, "match move", action="pass")
        new = boards(thread)[before:]
        assert len(new) == 1, "the turn passed: one board"
        next_seat = WINDOWS.moment((await current_match(env)).snapshot).owner
        pinged = {u.id for u in new[0].mentions}
        assert pinged == {match.user_at(next_seat).user_id}, "the board pings only the player who acts next"
        assert mover.id not in pinged or match.user_at(next_seat).user_id == mover.id


def live(message) -> bool:
    return any(getattr(c, "children", None) for c in message.components)


async def test_after_a_game_no_superseded_message_is_live_and_every_player_is_told_privately(world):
    env, guild, channel, alice, bob, carol = world
    thread = await start_challenge(channel, alice, bob, game="testgame", options="hand=3")
    people = {alice.id: alice, bob.id: bob}
    while (match := await current_match(env)).status == "active":
        (seat,) = testgame.RULES.active_players(match.snapshot)
        card = match.snapshot["hands"][seat][0]
        await people[match.user_at(seat).user_id].slash(thread, "match move", action=f"play:{card}")
    boards_seen = boards(thread)
    assert len(boards_seen) >= 2
    assert not [m.id for m in boards_seen[:-1] if live(m)], "only the last board keeps its buttons"
    for person in (alice, bob):
        dms = person.user.dm_channel.history()
        assert not [m.id for m in dms if live(m)], f"{person.name}: no hand keeps live menus after the game"
        last = dms[-1]
        assert "is over" in last.content and boards_seen[-1].jump_url in last.content, last.content
