"""The computer's level and /match hint through the real bot in simcord: a match against the
computer started at each level (by /match new and by a game's challenge), a hint asked in it
(only the asker sees it), and a hint refused in a rated match between people."""
from __future__ import annotations

import pytest

from tests.discord.helpers import bot_handle, current_match, start_challenge, text_of, thread_of, to_move

EXTENSIONS = ("cogs.matches", "cogs.battleline")


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=EXTENSIONS)


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
async def test_a_match_at_each_level_and_a_hint_in_it(world, level):
    env, guild, channel, alice, bob, carol = world
    r = await alice.slash(channel, "match new", game="testgame", opponent=bot_handle(env), level=level)
    assert "has started" in r.response.content, r.response.content
    match = await current_match(env)
    assert match.options.get("level", "normal") == level
    thread = thread_of(channel)
    if level != "normal":   # the options line of the opening board names it
        assert any(f"{level} computer" in text_of(m) for m in thread.history()), \
            [text_of(m) for m in thread.history()]
    r = await alice.slash(thread, "match hint")
    assert r.ephemeral, "a hint is private"
    said = text_of(r.response)
    assert f"Hint for match #{match.id}" in said and "computer's choice" in said, said
    assert ("hard computer" in said) == (level == "hard"), said
    assert (await current_match(env)).version == match.version, "a hint plays nothing"
    assert not any("Hint for" in text_of(m) for m in thread.history()), "nothing of it in the thread"


async def test_a_games_challenge_takes_the_level_and_the_hint_can_ask_the_hard_computer(world):
    env, guild, channel, alice, bob, carol = world
    r = await alice.slash(channel, "battleline challenge", opponent=bot_handle(env), level="hard")
    assert "has started" in r.response.content, r.response.content
    match = await current_match(env)
    assert match.options["level"] == "hard"
    r = await alice.slash(thread_of(channel), "match hint", level="normal")
    said = text_of(r.response)
    assert r.ephemeral and "normal computer's choice" in said, said


async def test_a_hint_is_refused_in_a_rated_match_unless_its_options_allow_it(world):
    env, guild, channel, alice, bob, carol = world
    thread = await start_challenge(channel, alice, bob)
    mover = await to_move(env, [alice, bob])
    r = await mover.slash(thread, "match hint")
    said = text_of(r.response)
    assert r.ephemeral and "Hints are off in a rated match" in said, said
    r = await alice.slash(channel, "match new", game="testgame", opponent=bob, options="hints=yes")
    assert "Challenge #2" in r.response.content, r.response.content
    from tests.discord.helpers import with_button
    await bob.click(with_button(channel, "Accept"), label="Accept")
    mover = await to_move(env, [alice, bob], 2)
    r = await mover.slash(thread_of(channel), "match hint", match=2)
    assert "Hint for match #2" in text_of(r.response), text_of(r.response)
