"""Tournaments: the event row, its signups (and their teams), and the match of each pairing.

`data` is the JSON of tournaments.state.Tournament once the event has started; this module
stores it as given and never reads inside it.
"""
from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from store.db import Store


@dataclass
class TournamentRecord:
    id: int
    guild_id: int
    channel_id: int | None
    message_id: int | None
    game: str
    format: str
    name: str
    status: str
    creator_id: int
    options: dict
    data: dict | None
    created_at: float
    updated_at: float
    players: list[int] = field(default_factory=list)     # signups, in joining order
    teams: dict[int, int] = field(default_factory=dict)  # user -> team number, for those in a team


_COLUMNS = ("id, guild_id, channel_id, message_id, game, format, name, status, creator_id, options, data, "
            "created_at, updated_at")


class Tournaments:
    def __init__(self, store: "Store"):
        self._store = store

    async def create(self, *, guild_id: int, channel_id: int | None, game: str, format: str, name: str,
                     creator_id: int, options: dict[str, Any]) -> int:
        now = self._store.clock()
        async with self._store._tx() as db:
            cur = await db.execute(
                "INSERT INTO tournaments (guild_id, channel_id, game, format, name, status, creator_id, options, "
                "created_at, updated_at) VALUES (?,?,?,?,?, 'signup', ?,?,?,?)",
                (guild_id, channel_id, game, format, name, creator_id, json.dumps(options), now, now))
            return cur.lastrowid

    async def get(self, tournament_id: int) -> TournamentRecord | None:
        row = await self._store._fetchone(f"SELECT {_COLUMNS} FROM tournaments WHERE id=?", (tournament_id,))
        if row is None:
            return None
        (tid, guild_id, channel_id, message_id, game, fmt, name, status, creator, options, data, created,
         updated) = row
        record = TournamentRecord(tid, guild_id, channel_id, message_id, game, fmt, name, status, creator,
                                  json.loads(options), json.loads(data) if data else None, created, updated)
        for user_id, team in await self._store._fetchall(
                "SELECT user_id, team FROM tournament_players WHERE tournament_id=? ORDER BY joined_at, rowid",
                (tid,)):
            record.players.append(user_id)
            if team is not None:
                record.teams[user_id] = team
        return record

    async def ids(self, guild_id: int, statuses: Sequence[str], channel_id: int | None = None) -> list[int]:
        """A server's tournaments of these statuses (in one channel, when given), newest first."""
        where, params = ["guild_id=?", f"status IN ({','.join('?' * len(statuses))})"], [guild_id, *statuses]
        if channel_id is not None:
            where.append("channel_id=?")
            params.append(channel_id)
        rows = await self._store._fetchall(
            f"SELECT id FROM tournaments WHERE {' AND '.join(where)} ORDER BY id DESC", tuple(params))
        return [tid for (tid,) in rows]

    async def running(self) -> list[int]:
        return [tid for (tid,) in await self._store._fetchall(
            "SELECT id FROM tournaments WHERE status='running' ORDER BY id")]

    async def save(self, tournament_id: int, status: str, data: dict | None) -> float:
        """Store the status and the state; returns the time written as updated_at."""
        now = self._store.clock()
        await self._store.transaction([(
            "UPDATE tournaments SET status=?, data=?, updated_at=? WHERE id=?",
            (status, json.dumps(data) if data is not None else None, now, tournament_id))])
        return now

    async def set_message(self, tournament_id: int, message_id: int | None) -> None:
        await self._store.transaction([("UPDATE tournaments SET message_id=? WHERE id=?",
                                        (message_id, tournament_id))])

    # ------------------------------------------------------------------ signups and teams

    async def sign_up(self, tournament_id: int, user_ids: Sequence[int]) -> None:
        """Add players not signed up yet, in the order given."""
        now = self._store.clock()
        await self._store.transaction([
            ("INSERT OR IGNORE INTO tournament_players (tournament_id, user_id, joined_at) VALUES (?,?,?)",
             (tournament_id, u, now)) for u in user_ids])

    async def form_team(self, tournament_id: int, user_ids: Sequence[int], team: int | None = None) -> int:
        """Put these players in one team, signing up those who are not yet, in ONE
        transaction: `team` is joined, or a new team number is taken when it is None.
        Returns the team's number."""
        now = self._store.clock()
        async with self._store._tx() as db:
            await self._store._serialize(db, "teams", tournament_id)
            if team is None:
                async with db.execute("SELECT COALESCE(MAX(team), 0) + 1 FROM tournament_players "
                                      "WHERE tournament_id=?", (tournament_id,)) as cur:
                    team = (await cur.fetchone())[0]
            for u in user_ids:
                await db.execute("INSERT OR IGNORE INTO tournament_players (tournament_id, user_id, joined_at) "
                                 "VALUES (?,?,?)", (tournament_id, u, now))
                await db.execute("UPDATE tournament_players SET team=? WHERE tournament_id=? AND user_id=?",
                                 (team, tournament_id, u))
        return team

    async def assign_teams(self, tournament_id: int, teams: dict[int, int | None]) -> None:
        """Set (or clear, with None) the team of signed-up players."""
        await self._store.transaction([
            ("UPDATE tournament_players SET team=? WHERE tournament_id=? AND user_id=?", (team, tournament_id, u))
            for u, team in teams.items()])

    async def remove_player(self, tournament_id: int, user_id: int) -> None:
        await self._store.transaction([("DELETE FROM tournament_players WHERE tournament_id=? AND user_id=?",
                                        (tournament_id, user_id))])

    # ------------------------------------------------------------------ matches of pairings

    async def match_ids(self, tournament_id: int) -> dict[str, int]:
        """pairing id -> match id."""
        return dict(await self._store._fetchall(
            "SELECT pairing_id, match_id FROM tournament_matches WHERE tournament_id=?", (tournament_id,)))

    async def link_match(self, tournament_id: int, pairing_id: str, round: int, match_id: int) -> None:
        await self._store.transaction([(
            "INSERT OR REPLACE INTO tournament_matches (tournament_id, pairing_id, round, match_id) VALUES (?,?,?,?)",
            (tournament_id, pairing_id, round, match_id))])

    async def match_made_for(self, tournament_id: int, pairing_id: str) -> int | None:
        """A match created for the pairing (its meta says so) whether or not it was linked:
        the bot may have stopped between creating and linking it."""
        row = await self._store._fetchone(
            f"SELECT id FROM matches WHERE {self._store._json_get('meta', 'tournament')}=? "
            f"AND {self._store._json_get('meta', 'pairing')}=? ORDER BY id LIMIT 1",
            (self._store._json_key(tournament_id), pairing_id))
        return row[0] if row else None
