"""Who reads which language (DESIGN.md, "Languages").

A person reads the language they chose (`/language`), else their Discord client's (the locale
of their latest interaction, remembered for the messages the bot sends them unasked: DMs,
reminders). A server's channels and pictures read the language its managers chose
(`/settings language`), else the server's preferred locale.
"""
from __future__ import annotations

from typing import Any

from i18n import ENGLISH, LANGUAGES, language_of


class Languages:
    def __init__(self, store):
        self.store = store
        self._people: dict[int, tuple[str | None, str | None]] = {}
        self._servers: dict[int, str | None] = {}
        # a choice made through another process sharing the database must be seen here: no
        # remembering then, every read asks the database
        self._remember = not getattr(store, "shared", False)

    async def _person(self, user_id: int) -> tuple[str | None, str | None]:
        if user_id not in self._people or not self._remember:
            self._people[user_id] = await self.store.person_language(user_id)
        return self._people[user_id]

    async def seen(self, user_id: int, locale: Any) -> str:
        """Note the Discord locale a person just used; their language."""
        chosen, seen = await self._person(user_id)
        code = str(getattr(locale, "value", locale) or "") or None
        if code and code != seen:
            await self.store.set_person_language(user_id, locale=code)
            self._people[user_id] = (chosen, code)
            seen = code
        return chosen or language_of(seen)

    async def person(self, user_id: int) -> str:
        chosen, seen = await self._person(user_id)
        return chosen or language_of(seen)

    async def choose(self, user_id: int, language: str | None) -> None:
        """A person's own choice (None: follow their Discord client again)."""
        if language is not None and language not in LANGUAGES:
            raise ValueError(language)
        await self.store.set_person_language(user_id, language=language)
        self._people[user_id] = (language, (await self._person(user_id))[1])

    async def server(self, guild_id: int | None, preferred_locale: Any = None) -> str:
        if guild_id is None:
            return ENGLISH
        if guild_id not in self._servers or not self._remember:
            self._servers[guild_id] = (await self.store.guild_settings(guild_id)).get("language")
        return self._servers[guild_id] or (language_of(preferred_locale) if preferred_locale else ENGLISH)

    async def set_server(self, guild_id: int, language: str | None) -> None:
        if language is not None and language not in LANGUAGES:
            raise ValueError(language)
        settings = await self.store.guild_settings(guild_id)
        if language is None:
            settings.pop("language", None)
        else:
            settings["language"] = language
        await self.store.set_guild_settings(guild_id, settings)
        self._servers[guild_id] = language
