"""Helpers every cog shares: error replies, match lookup, rendering off the event loop."""
from __future__ import annotations

import asyncio
import re
import io
import logging
from typing import Callable

import discord
from discord import app_commands

from engine.text import Msg

from i18n import COMMAND_CONTEXT, render
from matches.service import shorten

log = logging.getLogger("boardgames")

SOMETHING_WRONG = Msg("Something went wrong on our side; nothing was changed. Please try again.")


MESSAGE_LIMIT = 2000  # Discord's limit for a message's content


PERSON = re.compile(r"\{user:(\d+)\}")


def fit(text, limit: int = MESSAGE_LIMIT, lang: str = "en", names: list[str] | None = None) -> str:
    """A service text (a Msg, or plain text) as Discord shows it: in `lang`, people as
    mentions, cut to what Discord accepts (a refusal that echoes long input must still arrive)."""
    return shorten(PERSON.sub(r"<@\1>", render(text, lang, names)), limit)


async def lang_for(interaction: discord.Interaction) -> str:
    """The language the person behind `interaction` reads (their choice, else their client's)."""
    lang = interaction.extras.get("lang")
    if lang is None:
        languages = getattr(interaction.client, "languages", None)
        lang = (await languages.seen(interaction.user.id, interaction.locale) if languages is not None
                else "en")
        interaction.extras["lang"] = lang
    return lang


async def server_lang_for(interaction: discord.Interaction) -> str:
    """The language of the server `interaction` comes from (for what it posts in a channel)."""
    languages = getattr(interaction.client, "languages", None)
    if languages is None or interaction.guild_id is None:
        return await lang_for(interaction)
    return await languages.server(interaction.guild_id, interaction.guild_locale)


async def reply(interaction: discord.Interaction, content, **kwargs) -> None:
    """An ephemeral answer, in the person's language, whether or not the interaction was deferred."""
    content = fit(content, lang=await lang_for(interaction))
    kwargs.setdefault("ephemeral", True)
    if "view" in kwargs and kwargs["view"] is None:
        del kwargs["view"]  # discord.py refuses view=None on a new message
    if interaction.response.is_done():
        await interaction.followup.send(content, **kwargs)
    else:
        await interaction.response.send_message(content, **kwargs)


def command_name(lang: str, *parts: str) -> str:
    """A slash command as a person sees it in their Discord client: `/battleline rules`, or its
    localized name (the same catalogue the command tree's translator reads)."""
    return "/" + " ".join(render(Msg(part, _ctx=COMMAND_CONTEXT), lang) for part in parts)


def hint_choice(message, lang: str = "en"):
    """An autocomplete entry that explains why there is nothing to pick (never a silent empty
    list); choosing it only repeats the explanation."""
    return app_commands.Choice(name=fit(message, 100, lang), value="?")


def record_unexpected(client, exc: BaseException) -> None:
    """Keep the error for the tests and the logs; the record is bounded (a deque)."""
    record = getattr(client, "unexpected_errors", None)
    if record is not None:
        record.append(exc)


async def match_here(interaction: discord.Interaction, match_id: int):
    """The match a component or command names, refused unless it belongs to the server the
    interaction comes from (or, in a DM, to a match of the user's)."""
    return await interaction.client.service.get_here(match_id, guild_id=interaction.guild_id,
                                                     user_id=interaction.user.id)


async def defer(interaction: discord.Interaction, *, ephemeral: bool = True) -> None:
    if not interaction.response.is_done():
        await interaction.response.defer(ephemeral=ephemeral, thinking=True)


async def in_thread(fn: Callable, *args):
    """Run blocking work (Pillow) in the default executor so the event loop keeps serving."""
    return await asyncio.get_running_loop().run_in_executor(None, fn, *args)


def png_file(data: bytes, name: str) -> discord.File:
    return discord.File(io.BytesIO(data), filename=name)


def is_manager(interaction: discord.Interaction) -> bool:
    perms = getattr(interaction.user, "guild_permissions", None)
    return bool(perms and perms.manage_guild)
