"""The match service's records for the Discord layer: lists of matches, server settings and the
messages a match left in channels (lobby, thread, notices). The cogs ask the service; only the
service touches the store."""
from __future__ import annotations

from matches.settings import guild_settings
from store import MatchRow


class Records:
    """One part of MatchService (matches/service.py): it uses the others through `self`."""

    async def list_matches(self, **filters) -> list[MatchRow]:
        """Matches by status, newest first; of one user, one channel and/or one server
        (store.list_matches's filters)."""
        return await self.store.list_matches(**filters)

    async def guild_settings(self, guild_id: int | None) -> dict:
        """A server's settings with the defaults filled in."""
        return await guild_settings(self.store, guild_id)

    async def stored_guild_settings(self, guild_id: int) -> dict:
        """Only what a server set itself (no defaults), e.g. to change one key."""
        return await self.store.guild_settings(guild_id)

    async def set_guild_settings(self, guild_id: int, settings: dict) -> None:
        await self.store.set_guild_settings(guild_id, settings)

    async def note_messages(self, match_id: int, **ids: int) -> None:
        """Remember where a match's messages are (lobby_message_id, thread_id)."""
        await self.store.update_match(match_id, **ids)

    async def add_notice(self, match_id: int, channel_id: int, message_id: int, kind: str, seat: int,
                         version: int, content: str) -> None:
        await self.store.add_notice(match_id, channel_id, message_id, kind, seat, version, content)

    async def open_notices(self, match_id: int) -> list:
        return await self.store.open_notices(match_id)

    async def close_notice(self, message_id: int) -> bool:
        """Forget a notice; False when another task already closed it."""
        return await self.store.close_notice(message_id)
