"""SQLite persistence (aiosqlite): matches, seats, the action log, settings, tournaments, ratings."""
from store.db import Store, StaleVersion, MatchRow, SeatRow, Notice, OutboxRow  # noqa: F401
from store.ratings import RatedSeat, RatingChange  # noqa: F401
from store.tournaments import TournamentRecord  # noqa: F401
