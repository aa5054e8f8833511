"""One error path for every command and component.

A command or a component raises; nothing catches locally. Slash commands reach the command
tree's error handler, components reach `Item.callback` below, and both end in `answer_error`:
a user's mistake (UserError, IllegalAction) becomes one ephemeral sentence; anything else is
logged with the match, kept for the tests, and the user hears that nothing changed.
"""
from __future__ import annotations

import logging

import discord
from discord import app_commands

from cogs.common import SOMETHING_WRONG, record_unexpected, reply
from engine.base import IllegalAction
from engine.text import Msg
from matches import UserError
from matches.service import shorten

log = logging.getLogger("boardgames")


def user_message(error: BaseException) -> str | None:
    """The sentence for a mistake the user can fix, or None for our own failure."""
    original = getattr(error, "original", None) or error
    if isinstance(original, (UserError, IllegalAction)):
        return original.message
    if isinstance(error, app_commands.CheckFailure):
        return Msg("You cannot use this command here.")
    if isinstance(error, app_commands.TransformerError):
        return Msg("I could not use {value} there; please pick a value from the list.", value=repr(shorten(error.value)))
    return None


async def answer_error(interaction: discord.Interaction, error: BaseException, *, where: str = "") -> None:
    message = user_message(error)
    if message is None:
        original = getattr(error, "original", None) or error
        log.error("unexpected error (%s, user %s)", where or "interaction", interaction.user.id,
                  exc_info=original)
        record_unexpected(interaction.client, original)
        message = SOMETHING_WRONG
    try:
        await reply(interaction, message)
    except discord.HTTPException:
        pass


def install(tree: app_commands.CommandTree) -> None:
    """Every slash command's errors go through `answer_error`."""
    async def on_error(interaction: discord.Interaction, error: app_commands.AppCommandError) -> None:
        command = interaction.command.qualified_name if interaction.command else "command"
        await answer_error(interaction, error, where=f"/{command}")
    tree.on_error = on_error


class Guarded:
    """Mixin for a DynamicItem: its work is `run`; `callback` sends every error one way.
    (discord.py only logs a dynamic item's errors, which would leave the click unanswered.)"""

    match_id: int | None = None
    # answer "thinking…" first (the work reads the database and may draw); "update": the
    # answer edits the message the component is on (a hand's steps and moves)
    defers: bool | str = True

    async def run(self, interaction: discord.Interaction) -> None:
        raise NotImplementedError

    async def callback(self, interaction: discord.Interaction) -> None:
        try:
            if self.defers == "update" and not interaction.response.is_done():
                await interaction.response.defer()
            elif self.defers and not interaction.response.is_done():
                await interaction.response.defer(ephemeral=True, thinking=True)
            await self.run(interaction)
        except Exception as exc:  # noqa: BLE001 - the one place a component's errors end
            await answer_error(interaction, exc, where=f"match {self.match_id}")
