"""Per-server, per-game ratings and the change each rated match made.

Only persistence: the arithmetic (OpenSkill) is tournaments/ratings.py, handed in to
`rate_once` as a function so that reading, rating and writing stay one transaction.
A rating is a plain dict {"mu", "sigma", "games"}.
"""
from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from store.db import Store

Rating = dict[str, Any]


@dataclass(frozen=True)
class RatedSeat:
    """One player of a match to rate: their seat and rank (1 best, equal ranks tie)."""
    seat: int
    user_id: int
    rank: int


@dataclass(frozen=True)
class RatingChange:
    """What a rated match did to one player's displayed rating."""
    match_id: int
    user_id: int
    seat: int
    rank: int
    before: int
    after: int
    at: float


def _rating(mu: float, sigma: float, games: int) -> Rating:
    return {"mu": mu, "sigma": sigma, "games": games}


class Ratings:
    def __init__(self, store: "Store"):
        self._store = store

    async def rate_once(self, match_id: int, guild_id: int, game: str, seats: Sequence[RatedSeat],
                        rate: Callable[[dict[int, Rating]], dict[int, dict[str, Any]]]) -> dict[int, dict[str, Any]] | None:
        """Rate a match once: read its players' current ratings, call `rate(current)` and write
        what it returns, all in ONE transaction, so two matches of one player ending together
        cannot both start from the old rating. `current` holds {user_id: rating} of those who
        have one; `rate` returns, for every player, {"rating": new rating, "old_display": int,
        "new_display": int, ...}. The same transaction notes the displayed change of every
        seat in the match's meta, "rating_changes": {"<seat>": [before, after]}, for the
        game-over message. Returns what `rate` returned, or None (nothing written) when the
        match was rated before."""
        now = self._store.clock()
        async with self._store._tx() as db:
            # one rating at a time per server and game, in every process sharing the database
            await self._store._serialize(db, "ratings", guild_id, game)
            async with db.execute("SELECT 1 FROM rating_changes WHERE match_id=? LIMIT 1", (match_id,)) as cur:
                if await cur.fetchone() is not None:
                    return None
            users = [s.user_id for s in seats]
            async with db.execute(
                    f"SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id=? AND game=? "
                    f"AND user_id IN ({','.join('?' * len(users))})", (guild_id, game, *users)) as cur:
                current = {u: _rating(mu, sigma, games) for u, mu, sigma, games in await cur.fetchall()}
            changes = rate(current)
            for s in seats:
                change = changes[s.user_id]
                new = change["rating"]
                await db.execute(
                    "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, updated_at) VALUES (?,?,?,?,?,?,?) "
                    "ON CONFLICT(guild_id, game, user_id) DO UPDATE SET mu=excluded.mu, sigma=excluded.sigma, "
                    "games=excluded.games, updated_at=excluded.updated_at",
                    (guild_id, game, s.user_id, new["mu"], new["sigma"], new["games"], now))
                await db.execute(
                    "INSERT INTO rating_changes (match_id, user_id, guild_id, game, seat, rank, before, after, at) "
                    "VALUES (?,?,?,?,?,?,?,?,?)",
                    (match_id, s.user_id, guild_id, game, s.seat, s.rank,
                     change["old_display"], change["new_display"], now))
            shown = {str(s.seat): [changes[s.user_id]["old_display"], changes[s.user_id]["new_display"]]
                     for s in seats}
            await db.execute(f"UPDATE matches SET meta={self._store._json_set('meta', 'rating_changes', 'json')}, updated_at=? "
                             "WHERE id=?", (json.dumps(shown), now, match_id))
        return changes

    async def is_rated(self, match_id: int) -> bool:
        return await self._store._fetchone("SELECT 1 FROM rating_changes WHERE match_id=? LIMIT 1",
                                           (match_id,)) is not None

    async def for_game(self, guild_id: int, game: str, user_ids: Iterable[int] | None = None) -> dict[int, Rating]:
        """Current ratings in one game (of `user_ids` only, when given) of those who have one."""
        rows = await self._store._fetchall(
            "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id=? AND game=? ORDER BY user_id",
            (guild_id, game))
        wanted = None if user_ids is None else set(user_ids)
        return {u: _rating(mu, sigma, games) for u, mu, sigma, games in rows if wanted is None or u in wanted}

    async def of_user(self, guild_id: int, user_id: int) -> dict[str, Rating]:
        """game -> the player's rating there."""
        rows = await self._store._fetchall(
            "SELECT game, mu, sigma, games FROM ratings WHERE guild_id=? AND user_id=?", (guild_id, user_id))
        return {game: _rating(mu, sigma, games) for game, mu, sigma, games in rows}

    async def leaderboard(self, guild_id: int, game: str, limit: int = 15) -> list[tuple[int, Rating]]:
        """(user_id, rating), best first by the conservative estimate mu - 3 sigma."""
        rows = await self._store._fetchall(
            "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id=? AND game=? "
            "ORDER BY mu - 3 * sigma DESC, games DESC, user_id LIMIT ?", (guild_id, game, limit))
        return [(u, _rating(mu, sigma, games)) for u, mu, sigma, games in rows]

    async def changes_of(self, guild_id: int, user_id: int) -> dict[int, tuple[int, int]]:
        """match_id -> (displayed rating before, after) for the player's rated matches."""
        rows = await self._store._fetchall(
            "SELECT match_id, before, after FROM rating_changes WHERE guild_id=? AND user_id=?", (guild_id, user_id))
        return {mid: (before, after) for mid, before, after in rows}

    async def changes_of_match(self, match_id: int) -> list[RatingChange]:
        rows = await self._store._fetchall(
            "SELECT match_id, user_id, seat, rank, before, after, at FROM rating_changes WHERE match_id=? "
            "ORDER BY seat", (match_id,))
        return [RatingChange(*r) for r in rows]
