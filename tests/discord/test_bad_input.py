"""What a careless or hostile user types gets one clear, short answer and changes nothing
(audit defects 8, 9 and 10)."""
from __future__ import annotations

import pytest

from bot import EXTENSIONS
from tests.discord.helpers import said, start_challenge, to_move
from tests.discord.helpers import text_of


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=EXTENSIONS)


def answer(r) -> str:
    return said(r) if r.followups or r.response else ""


async def test_game_commands_naming_an_open_table_say_it_has_not_started(world):
    """Defect 8: /battleline draw|claim|proof naming an open table used to raise TypeError."""
    env, guild, channel, alice, bob, carol = world
    r = await alice.slash(channel, "match new", game="battleline")
    assert "Table #1" in answer(r)
    for command, options in (("battleline draw", {"deck": "troop"}), ("battleline claim", {"flags": "3"}),
                             ("battleline proof", {"flag": 3})):
        assert answer(await alice.slash(channel, command, match=1, **options)) == "Match #1 has not started yet."


async def test_a_refusal_that_echoes_long_input_still_arrives_short(world):
    """Defect 9: a 6,000-character move was echoed in full, Discord refused the 2,000+ character
    answer, and the player read "Something went wrong"."""
    env, guild, channel, alice, bob, carol = world
    thread = await start_challenge(channel, alice, bob, game="battleline")
    mover = await to_move(env, [alice, bob])
    for value in ("play:" + "x" * 5995, "ū" * 6000):
        text = answer(await mover.slash(thread, "match move", action=value))
        assert len(text) < 400 and "pick one from the list" in text, text[:200]
    text = answer(await mover.slash(thread, "battleline play", card="z" * 5000, flag=3))
    assert len(text) <= 2000 and "Something went wrong" not in text
    assert await env.bot.store.actions(1) == []
    assert env.bot.unexpected_errors.maxlen is not None, "the error record is bounded"


async def test_a_claim_with_thousands_of_flag_numbers_is_refused_before_any_move(world):
    """Defect 10: a 6,000-character `flags` value became 3,000 move attempts."""
    env, guild, channel, alice, bob, carol = world
    thread = await start_challenge(channel, alice, bob, game="battleline")
    mover = await to_move(env, [alice, bob])
    calls = []
    original = env.bot.service.act

    async def counting(*args, **kwargs):
        calls.append(args)
        return await original(*args, **kwargs)
    env.bot.service.act = counting
    text = answer(await mover.slash(thread, "battleline claim", flags="12 " * 2000))
    assert text == "There is no flag 12; flags are numbered 1 to 9."
    assert calls == []
    text = answer(await mover.slash(thread, "battleline claim", flags="3 " * 3000))
    assert len(calls) <= 1, "a flag named many times is tried once"
    assert text.count("Flag 3") == 1


async def test_autocomplete_says_which_match_when_there_are_several(world):
    """Outside a match thread, with two matches running, autocomplete explains itself instead
    of a silent empty list; in a match's thread it offers that match's moves."""
    env, guild, channel, alice, bob, carol = world
    first = await start_challenge(channel, alice, bob, game="battleline")
    await start_challenge(channel, alice, carol, game="battleline")
    (choice,) = await alice.autocomplete(channel, "battleline play", "card", "")
    assert "several" in choice["name"] and "match" in choice["name"], choice
    (choice,) = await alice.autocomplete(channel, "match move", "action", "")
    assert "several" in choice["name"], choice
    mover = await to_move(env, [alice, bob], 1)
    offered = await mover.autocomplete(first, "match move", "action", "")
    assert offered and all(c["value"].startswith("play:") for c in offered), offered
    finished = await env.bot.service.resign(1, alice.id)
    assert finished.status == "finished"
    listed = await alice.autocomplete(channel, "match log", "match", "")
    assert 1 in [c["value"] for c in listed], "a finished match can be looked back at"


async def test_a_step_component_plays_only_the_tree_it_was_made_from(world):
    """A step button resolves by its position in the clicker's own move list, so its mark (the
    fingerprint of the list it was made from) is always compared: a forged id, or one made
    for another list, is refused as out of date and changes nothing; the genuine one plays."""
    import discord

    from cogs.ui.picker import StepButton, fingerprint
    env, guild, channel, alice, bob, carol = world
    await start_challenge(channel, alice, bob, game="testgame")
    mover = await to_move(env, [alice, bob])
    other = bob if mover is alice else alice
    match = await env.bot.service.get(1)
    seat = match.seat_of(mover.id)
    actions = await env.bot.presenter.named_actions(match, seat)
    genuine = fingerprint(actions)
    forged = [StepButton(1, match.version, [0, 0], "Pass"),                         # no mark at all
              StepButton(1, match.version, [0, 0], "Pass", mark="abc123")]          # another list's mark
    for button in forged:
        view = discord.ui.View(timeout=None)
        view.add_item(button)
        sent = await (await env.bot.fetch_user(mover.id)).send("forged", view=view)
        r = await mover.user.click(mover.user.dm_channel.history()[-1], custom_id=button.custom_id)
        assert "out of date" in answer(r), answer(r)
        assert (await env.bot.service.get(1)).version == match.version, button.custom_id
        assert sent is not None
    # made for the mover's list, clicked by the other player (whose list differs): refused
    view = discord.ui.View(timeout=None)
    view.add_item(StepButton(1, match.version, [0, 0], "Play", mark=genuine))
    await (await env.bot.fetch_user(other.id)).send("made for the mover", view=view)
    r = await other.user.click(other.user.dm_channel.history()[-1], custom_id=view.children[0].custom_id)
    assert "out of date" in answer(r) or "not your turn" in answer(r).lower(), answer(r)
    assert (await env.bot.service.get(1)).version == match.version
    # the genuine mark plays the move at that position
    view = discord.ui.View(timeout=None)
    view.add_item(StepButton(1, match.version, [0, 0], "Play", mark=genuine))
    await (await env.bot.fetch_user(mover.id)).send("genuine", view=view)
    genuine_message = mover.user.dm_channel.history()[-1]
    await mover.user.click(genuine_message, custom_id=view.children[0].custom_id)
    assert (await env.bot.service.get(1)).version == match.version + 1
    # once the match moved on, the same component is out of date (not a simultaneous step)
    # (the click's answer edited that message into the hand: the same component is sent again)
    await (await env.bot.fetch_user(mover.id)).send("genuine, again", view=view)
    r = await mover.user.click(mover.user.dm_channel.history()[-1], custom_id=view.children[0].custom_id)
    assert "out of date" in answer(r) or "not your turn" in answer(r).lower(), answer(r)
    assert (await env.bot.service.get(1)).version == match.version + 1


async def test_help_lists_every_game_by_its_own_command_group(world):
    """The help is built from the registry and the game cogs loaded: every shipped game appears,
    by the command group its cog declares (Civilization's is /civ, Clash of Rage's /clash)."""
    from engine import registry
    env, guild, channel, alice, *_ = world
    text = text_of((await alice.slash(channel, "help")).response)
    groups = {cog.GAME: cog.__cog_group_name__ for cog in env.bot.cogs.values() if getattr(cog, "GAME", None)}
    for game in registry.load_builtin():
        if game.name in groups:
            assert f"/{groups[game.name]} challenge" in text, (game.name, text[:500])
    assert {"battleline", "battalia", "skytear", "clash_of_rage", "civilization"} <= set(groups)
    assert "`/match hint`" in text and "`level`" in text, "the hint and the computer's levels are named"
    assert len(text) <= 2000
