"""SQLite persistence (aiosqlite): matches, seats, the action log, settings."""
from store.db import Store, StaleVersion, MatchRow, SeatRow, Notice, OutboxRow  # noqa: F401
