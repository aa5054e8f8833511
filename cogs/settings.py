"""/settings: per-server defaults for matches (Manage Server only)."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import defer, is_manager, lang_for, reply
from engine.text import Lines, Msg
from i18n import LANGUAGE_NAMES, render
from matches import UserError
from matches.clock import PRESET_LABELS, PRESETS, parse_duration

CLOCK_CHOICES = [app_commands.Choice(name=label, value=key) for key, label in PRESET_LABELS.items()]


SERVER_OWN = "server"  # the /settings language choice that follows the server's Discord locale
LANGUAGE_CHOICES = [app_commands.Choice(name=name, value=code) for code, name in LANGUAGE_NAMES.items()]


def _hours(seconds: float) -> Msg:
    return Msg("{hours} h", hours=f"{seconds / 3600:g}")


def describe_settings(settings: dict) -> Msg:
    channels = settings.get("channels") or []
    language = settings.get("language")
    return Msg("**Match settings for this server**\n{lines}", lines=Lines([
        Msg("• Default clock: {clock}", clock=PRESET_LABELS.get(settings["clock"], settings["clock"])),
        Msg("• Reminders before a deadline: {times}",
            times=[_hours(r) for r in settings["reminders"]] or Msg("none")),
        Msg("• One thread per match: {answer}", answer=Msg("yes") if settings["threads"] else Msg("no")),
        Msg("• Channels where matches may start: {channels}",
            channels=", ".join(f"<#{c}>" for c in channels) if channels else Msg("any")),
        Msg("• Language of the channels and pictures: {language}",
            language=LANGUAGE_NAMES[language] if language in LANGUAGE_NAMES
            else Msg("the server's Discord language")),
    ]))


@app_commands.guild_only()
@app_commands.default_permissions(manage_guild=True)
class SettingsCog(commands.GroupCog, group_name="settings", group_description="Server defaults for matches"):
    def __init__(self, bot):
        self.bot = bot

    async def _update(self, interaction: discord.Interaction, **changes) -> None:
        if interaction.guild_id is None:
            raise UserError(Msg("Settings belong to a server; use this command in one."))
        if not is_manager(interaction):
            raise UserError(Msg("Only members with the Manage Server permission can change these settings."))
        service = self.bot.service
        stored = await service.stored_guild_settings(interaction.guild_id)
        stored.update(changes)
        await service.set_guild_settings(interaction.guild_id, stored)
        await reply(interaction, Msg("Saved.\n{settings}",
                                     settings=describe_settings(await service.guild_settings(interaction.guild_id))),
                    allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="show", description="The server's match settings")
    async def show(self, interaction: discord.Interaction):
        await defer(interaction)
        settings = await self.bot.service.guild_settings(interaction.guild_id)
        await reply(interaction, describe_settings(settings), allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="clock", description="The clock new matches get unless their creator picks one")
    @app_commands.choices(clock=CLOCK_CHOICES)
    async def clock(self, interaction: discord.Interaction, clock: str):
        await defer(interaction)
        if clock not in PRESETS:
            raise UserError(Msg("Pick a clock from the list."))
        await self._update(interaction, clock=clock)

    @app_commands.command(name="reminders", description="When to remind the player to move, before the deadline")
    @app_commands.describe(before="Comma-separated times before the deadline, e.g. 12h, 1h (empty text: none)")
    async def reminders(self, interaction: discord.Interaction, before: str):
        await defer(interaction)
        try:
            times = sorted({parse_duration(t) for t in before.split(",") if t.strip()}, reverse=True)
        except ValueError:
            raise UserError(Msg("Write times like `12h, 1h, 30m` (d, h, m or s).")) from None
        if any(t <= 0 for t in times) or len(times) > 5:
            raise UserError(Msg("Give at most five positive times."))
        await self._update(interaction, reminders=times)

    @app_commands.command(name="threads", description="Whether each match gets its own thread")
    async def threads(self, interaction: discord.Interaction, enabled: bool):
        await defer(interaction)
        await self._update(interaction, threads=enabled)

    @app_commands.command(name="channels", description="Where matches may start (add, remove, or allow anywhere)")
    @app_commands.choices(change=[app_commands.Choice(name="allow this channel", value="add"),
                                  app_commands.Choice(name="disallow this channel", value="remove"),
                                  app_commands.Choice(name="allow every channel", value="clear")])
    async def channels(self, interaction: discord.Interaction, change: str,
                       channel: discord.TextChannel | None = None):
        await defer(interaction)
        current = list((await self.bot.service.guild_settings(interaction.guild_id))["channels"])
        target = (channel or interaction.channel).id
        if change == "clear":
            current = []
        elif change == "add" and target not in current:
            current.append(target)
        elif change == "remove":
            current = [c for c in current if c != target]
        await self._update(interaction, channels=current)

    @app_commands.command(name="language", description="The language of the bot's channel messages and pictures")
    @app_commands.describe(language="English, 繁體中文 or 简体中文; or follow the server's Discord language")
    @app_commands.choices(language=LANGUAGE_CHOICES + [
        app_commands.Choice(name="The server's Discord language", value=SERVER_OWN)])
    async def language(self, interaction: discord.Interaction, language: str):
        await defer(interaction)
        if interaction.guild_id is None:
            raise UserError(Msg("Settings belong to a server; use this command in one."))
        if not is_manager(interaction):
            raise UserError(Msg("Only members with the Manage Server permission can change these settings."))
        if language not in LANGUAGE_NAMES and language != SERVER_OWN:
            raise UserError(Msg("Pick a language from the list."))
        await self.bot.languages.set_server(interaction.guild_id, None if language == SERVER_OWN else language)
        settings = await self.bot.service.guild_settings(interaction.guild_id)
        shown = language if language in LANGUAGE_NAMES else await lang_for(interaction)
        await reply(interaction, render(Msg("Saved.\n{settings}", settings=describe_settings(settings)), shown),
                    allowed_mentions=discord.AllowedMentions.none())
