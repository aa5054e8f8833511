"""/language: the language the bot speaks to you alone (answers only you see, your DMs)."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import defer, reply
from engine.text import Msg
from i18n import LANGUAGE_NAMES, language_of, render
from matches import UserError

CLIENT_OWN = "discord"  # the choice that follows your Discord client's language again


class LanguageCog(commands.Cog):
    def __init__(self, bot):
        self.bot = bot

    @app_commands.command(name="language", description="The language the bot speaks to you (answers and DMs)")
    @app_commands.describe(language="English, 繁體中文 or 简体中文; or follow your Discord client's language")
    @app_commands.choices(language=[app_commands.Choice(name=name, value=code) for code, name in LANGUAGE_NAMES.items()]
                          + [app_commands.Choice(name="My Discord language", value=CLIENT_OWN)])
    async def language(self, interaction: discord.Interaction, language: str):
        await defer(interaction)
        if language not in LANGUAGE_NAMES and language != CLIENT_OWN:
            raise UserError(Msg("Pick a language from the list."))
        chosen = None if language == CLIENT_OWN else language
        await self.bot.languages.choose(interaction.user.id, chosen)
        interaction.extras["lang"] = chosen or language_of(interaction.locale)
        await reply(interaction, Msg("From now on I write to you in {language}.",
                                     language=LANGUAGE_NAMES[interaction.extras["lang"]]) if chosen else
                    Msg("From now on I write to you in your Discord client's language ({language}).",
                        language=LANGUAGE_NAMES[interaction.extras["lang"]]))


async def setup(bot):
    await bot.add_cog(LanguageCog(bot))
