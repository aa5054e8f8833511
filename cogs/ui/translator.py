"""Slash commands in the reader's language: discord.py sends Discord every name, description
and choice of the command tree in each locale we have a catalogue for, from the same
catalogue as every other text (names in the "command" context: Discord wants them short,
lower-case, without spaces)."""
from __future__ import annotations

import discord
from discord import app_commands

from i18n import COMMAND_CONTEXT, ENGLISH, catalogue, language_of

NAME_LOCATIONS = {
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
}


class CatalogueTranslator(app_commands.Translator):
    async def translate(self, string: app_commands.locale_str, locale: discord.Locale,
                        context: app_commands.TranslationContext) -> str | None:
        if str(locale.value) not in ("zh-TW", "zh-CN"):
            return None  # Discord shows the default (English) to every other locale
        lang = language_of(locale)
        if lang == ENGLISH:
            return None
        ctx = COMMAND_CONTEXT if context.location in NAME_LOCATIONS else ""
        return catalogue(lang).get(ctx, str(string.message))
