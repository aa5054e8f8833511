"""Hands sent by an earlier version of the bot carry move buttons and menus whose custom ids
no longer exist: a click on one is answered as out of date, never left unanswered."""
from __future__ import annotations

from tests.discord.helpers import text_of
import discord

from matches import STALE_MESSAGE


async def test_an_old_move_button_or_menu_is_answered_as_out_of_date(world):
    env, guild, channel, alice, bob, carol = world
    view = discord.ui.View(timeout=None)
    view.add_item(discord.ui.Button(label="Claim flag 3", custom_id="bl:do:1:7:claim:3"))
    view.add_item(discord.ui.Select(custom_id="bt:pick:1:7:acquire",
                                    options=[discord.SelectOption(label="Hire a soldier", value="hire:soldier")]))
    view.add_item(discord.ui.Select(custom_id="bg:act:1:7", options=[discord.SelectOption(label="Play c5",
                                                                                          value="play:c5")]))
    user = await env.bot.fetch_user(alice.id)
    await user.send("An old hand", view=view)
    old = alice.user.dm_channel.history()[-1]
    r = await alice.user.click(old, custom_id="bl:do:1:7:claim:3")
    assert r.ephemeral and text_of(r.response) == STALE_MESSAGE
    for custom_id, value in (("bt:pick:1:7:acquire", "hire:soldier"), ("bg:act:1:7", "play:c5")):
        r = await alice.user.select(old, [value], custom_id=custom_id)
        assert r.ephemeral and text_of(r.response) == STALE_MESSAGE
