"""Persistence: matches, seats, the action log, settings, tournaments, ratings.

`Store(path)` is SQLite (aiosqlite), the default; `Store("postgresql://...")` is PostgreSQL
(asyncpg, store/postgres.py), for several bot processes on one database. One interface."""
from store.db import Store, StaleVersion, MatchRow, SeatRow, Notice, OutboxRow  # noqa: F401
from store.ratings import RatedSeat, RatingChange  # noqa: F401
from store.tournaments import TournamentRecord  # noqa: F401
from store import postgres  # noqa: F401,E402  (registers the PostgreSQL store with Store)
