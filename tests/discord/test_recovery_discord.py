"""After a stop, the real bot posts at start-up what was committed but never posted, and starts
what was agreed but never started."""
from __future__ import annotations

import pytest

from engine import registry
from tests.discord.helpers import current_match, start_challenge, thread_of
from tests.discord.helpers import text_of


@pytest.fixture
def simcord_bot(make_bot, virtual_clock):
    return make_bot(clock=virtual_clock)


async def test_a_move_committed_but_never_posted_is_posted_at_the_next_start(play, make_bot, virtual_clock):
    env, guild, channel, alice, bob, carol = play
    thread = await start_challenge(channel, alice, bob, clock="move-24h")
    match = await current_match(env)
    (seat,) = env.bot.service.rules(match).active_players(match.snapshot)
    card = match.snapshot["hands"][seat][0]
    state, _ = registry.get("testgame").apply(match.snapshot, seat, f"play:{card}")
    # the move's transaction committed, and the bot stopped before posting anything
    await env.bot.store.commit_action(match.id, 0, seat, f"play:{card}", state)
    posted = len(thread.history())
    waiting = next(m for m in (alice, bob) if m.id == match.user_at(1 - seat).user_id)
    dms = len(waiting.user.dm_channel.history())

    await env.restart_bot(make_bot(clock=virtual_clock))

    boards = [m for m in thread_of(channel).history()[posted:] if "· move 1" in text_of(m)]
    assert len(boards) == 1 and f"played {card}" in text_of(boards[0]), [text_of(m) for m in boards]
    assert len(waiting.user.dm_channel.history()) > dms, "the next player gets their hand"
    assert await env.bot.store.pending_outbox() == []


async def test_a_computer_challenge_created_but_never_started_starts_at_the_next_start(play, make_bot,
                                                                                        virtual_clock):
    env, guild, channel, alice, bob, carol = play
    # created with everyone agreed (a computer opponent), and the bot stopped before starting it
    mid = await env.bot.store.create_match(
        game="testgame", guild_id=guild.id, channel_id=channel.id, creator_id=alice.id, seed=5, options={},
        player_count=2, invited=[], seats=[(alice.id, False, True), (env.bot.user.id, True, True)],
        meta={"clock": {"kind": "none"}})

    await env.restart_bot(make_bot(clock=virtual_clock))

    match = await current_match(env, mid)
    assert match.status == "active" and match.thread_id is not None
    (seat,) = env.bot.service.rules(match).active_players(match.snapshot)
    assert match.user_at(seat).user_id == alice.id, "the computer has moved if it was first"
    history = thread_of(channel).history()
    assert "begins" in text_of(history[0])
    await env.restart_bot(make_bot(clock=virtual_clock))
    assert len(thread_of(channel).history()) == len(history), "nothing is posted twice"
