"""Per-guild settings (stored by `store.guild_settings`), with their defaults."""
from __future__ import annotations

from matches.clock import DEFAULT_PRESET, DEFAULT_REMINDERS

DEFAULTS = {
    "clock": DEFAULT_PRESET,          # a key of matches.clock.PRESETS
    "reminders": DEFAULT_REMINDERS,   # seconds before a deadline
    "threads": True,                  # one thread per match where the bot can create one
    "channels": [],                   # channel ids where matches may start; empty = anywhere
}


async def guild_settings(store, guild_id: int | None) -> dict:
    stored = await store.guild_settings(guild_id) if guild_id is not None else {}
    return {**DEFAULTS, **stored}


def may_start_in(settings: dict, channel_id: int | None, parent_id: int | None = None) -> bool:
    allowed = settings.get("channels") or []
    return not allowed or channel_id in allowed or (parent_id is not None and parent_id in allowed)
