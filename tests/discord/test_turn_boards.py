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
from tests.discord.helpers import live, text_of
from tests.matches.test_response_windows import RULES as WINDOWS

registry.register(WINDOWS)
renderers.register(WINDOWS.name, testgame)


def boards(thread) -> list:
    return [m for m in thread.history() if "· move" in text_of(m) and m.attachments]


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
        assert "is over" in text_of(last) and boards_seen[-1].jump_url in text_of(last), text_of(last)


async def test_a_board_is_one_layout_message_and_keeps_its_text_and_picture_when_superseded(world):
    """A board is one editable unit (issue: layout components): a container holding the text,
    the picture (the message's own attachment) and the buttons; superseded, only the buttons go."""
    import discord
    env, guild, channel, alice, bob, carol = world
    thread = await start_challenge(channel, alice, bob, game=WINDOWS.name)
    people = {alice.id: alice, bob.id: bob}
    first = boards(thread)[-1]
    for action in ("play", "pass"):
        match = await current_match(env)
        (seat,) = WINDOWS.active_players(match.snapshot)
        card = min(match.snapshot["hands"][seat], key=testgame.value)
        await people[match.user_at(seat).user_id].slash(thread, "match move", action=f"play:{card}" if action == "play" else "pass")
    new = boards(thread)[-1]
    old = next(m for m in thread.history() if m.id == first.id)   # as it stands now
    assert old.id != new.id
    for message, is_live in ((new, True), (old, False)):
        assert message.flags.components_v2 and not message.content
        (container,) = message.components
        assert isinstance(container, discord.Container)
        kinds = [type(c) for c in container.children]
        assert kinds[:2] == [discord.TextDisplay, discord.MediaGalleryComponent], kinds
        assert "· move" in container.children[0].content
        (item,) = container.children[1].items
        assert item.media.url == message.attachments[0].url, "the gallery shows the board's own picture"
        assert live(message) == is_live and (discord.ActionRow in kinds) == is_live
    assert text_of(old).startswith(text_of(first)[:40]), "the superseded board still says what it said"
