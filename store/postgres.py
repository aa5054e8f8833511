"""The PostgreSQL store (asyncpg): the same interface, migrations and transactions as the
SQLite one (store/db.py), for a bot that runs several processes against one database.

`Store("postgresql://user:pass@host/db")` opens this class. An optional `schema=<name>` in
the URL's query keeps the bot's tables in that schema (created on first start).

What differs from SQLite, all of it here:
- a pool of connections instead of one writer: transactions of different matches run at once;
  a move stays ONE transaction whose UPDATE is guarded by the match version, so of two
  processes moving at one version exactly one commits (the other's UPDATE finds no row);
- `exclusive(kind, key)`: a session advisory lock held on one pooled connection, which the
  holding task's own statements then use, so a match (or a tournament) is served by one task
  of one process at a time, whichever process received the interaction;
- `_serialize`: a transaction-scoped advisory lock for the few read-then-write statements
  (ratings, team numbers, seat numbers) that SQLite's single writer serialised by itself;
- the statements are SQLite's, translated once each: `?` placeholders to `$n`, INSERT OR
  IGNORE / OR REPLACE to ON CONFLICT, RETURNING id where SQLite's lastrowid was read.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import re
import time
import zlib
from contextlib import asynccontextmanager
from functools import lru_cache
from typing import Any, Callable
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

import asyncpg

from store.db import Store
from store.schema import MIGRATIONS, postgres

# tables whose rows get an id on insert (SQLite's lastrowid)
_IDENTITY_TABLES = {"matches", "tournaments", "timers", "outbox"}
# primary keys, for INSERT OR REPLACE / OR IGNORE
_KEYS = {
    "notices": ("message_id",),
    "tournament_matches": ("tournament_id", "pairing_id"),
    "tournament_players": ("tournament_id", "user_id"),
}
_MIGRATION_LOCK = 0x626F_6172_6467_616D  # "boardgam": one migrating process at a time
_INSERT = re.compile(r"\s*INSERT\s+(?:OR\s+(IGNORE|REPLACE)\s+)?INTO\s+(\w+)\s*\(([^)]*)\)", re.I)


@lru_cache(maxsize=1024)
def translate(sql: str) -> tuple[str, bool, bool]:
    """(PostgreSQL text, whether it returns rows, whether its first column is a new row's id)."""
    identity = False
    m = _INSERT.match(sql)
    if m:
        conflict, table, columns = m.group(1), m.group(2), [c.strip() for c in m.group(3).split(",")]
        if conflict:
            sql = "INSERT INTO " + sql[m.start(2):]
            if conflict.upper() == "IGNORE":
                sql += " ON CONFLICT DO NOTHING"
            else:
                keys = _KEYS[table]
                rest = [c for c in columns if c not in keys]
                sql += (f" ON CONFLICT ({', '.join(keys)}) DO UPDATE SET "
                        + ", ".join(f"{c}=EXCLUDED.{c}" for c in rest))
        if table in _IDENTITY_TABLES and " RETURNING " not in sql.upper():
            sql += " RETURNING id"
            identity = True
    parts = sql.split("?")
    text = parts[0] + "".join(f"${i}{part}" for i, part in enumerate(parts[1:], start=1))
    head = text.lstrip()[:6].upper()
    returns = head == "SELECT" or head.startswith("WITH") or " RETURNING " in text.upper()
    return text, returns, identity


def _key64(*parts: Any) -> int:
    """A signed 64-bit advisory lock key for these parts."""
    return int.from_bytes(hashlib.blake2b(repr(parts).encode(), digest_size=8).digest(), "big", signed=True)


def _lock_key(kind: str, key: int, schema: str | None = None) -> int:
    """Advisory key of (kind, id) in a schema (advisory locks are per database, and bots in
    other schemas of it have matches of the same ids): 15 bits of the kind and schema, 48 of
    the id, a non-negative 64-bit int."""
    return ((zlib.crc32(f"{schema or ''}/{kind}".encode()) & 0x7FFF) << 48) | (int(key) & 0xFFFF_FFFF_FFFF)


class _Cursor:
    """What aiosqlite's cursor offers the store: rowcount, lastrowid, fetchone, fetchall."""

    def __init__(self, rows: list, rowcount: int, lastrowid: int | None):
        self._rows = rows
        self.rowcount = rowcount
        self.lastrowid = lastrowid

    async def fetchone(self):
        return self._rows[0] if self._rows else None

    async def fetchall(self):
        return list(self._rows)

    async def __aenter__(self):
        return self

    async def __aexit__(self, *exc):
        return False


class _Call:
    """`await db.execute(...)` and `async with db.execute(...) as cur`, as with aiosqlite."""

    def __init__(self, coro):
        self._coro = coro

    def __await__(self):
        return self._coro.__await__()

    async def __aenter__(self):
        return await self._coro

    async def __aexit__(self, *exc):
        return False


class _Connection:
    """One asyncpg connection inside a store transaction, speaking the SQLite statements."""

    def __init__(self, conn: asyncpg.Connection):
        self.conn = conn

    def execute(self, sql: str, params: tuple = ()) -> _Call:
        return _Call(self._execute(sql, params))

    async def _execute(self, sql: str, params: tuple) -> _Cursor:
        text, returns, identity = translate(sql)
        args = [_param(p) for p in params]
        if returns:
            rows = await self.conn.fetch(text, *args)
            return _Cursor(rows, len(rows), rows[0][0] if identity and rows else None)
        status = await self.conn.execute(text, *args)
        last = status.rsplit(" ", 1)[-1]
        return _Cursor([], int(last) if last.isdigit() else -1, None)


def _param(value: Any) -> Any:
    # SQLite stores Python booleans as 0/1 in INTEGER columns; so do we
    return int(value) if isinstance(value, bool) else value


class PostgresStore(Store):
    dialect = "postgresql"
    shared = True

    def __init__(self, path: str, clock: Callable[[], float] = time.time, *, pool_size: int = 10):
        super().__init__(path, clock)
        self.pool_size = pool_size
        self._held: dict[asyncio.Task, list] = {}  # task -> [connection, depth] while it holds a lock

    # ------------------------------------------------------------------ connection

    def _dsn(self) -> tuple[str, dict[str, str]]:
        parts = urlsplit(self.path)
        query = parse_qsl(parts.query)
        schema = dict(query).get("schema")
        rest = [(k, v) for k, v in query if k != "schema"]
        settings = {"search_path": schema} if schema else {}
        return urlunsplit(parts._replace(query=urlencode(rest))), settings

    @property
    def schema(self) -> str | None:
        """The schema named in the URL (None: PostgreSQL's default search path)."""
        if not hasattr(self, "_schema"):
            self._schema = self._dsn()[1].get("search_path")
        return self._schema

    async def open(self) -> "PostgresStore":
        dsn, settings = self._dsn()
        # No timers per connection or per cached statement (asyncpg's defaults expire idle
        # connections and cached statements after 5 minutes, each with its own timer): the pool
        # is small, its statements few (an LRU cache keeps them), and pending timers would look
        # like unfinished work to virtual-time test harnesses such as simcord's.
        self.db = await asyncpg.create_pool(dsn, min_size=1, max_size=self.pool_size, server_settings=settings,
                                            max_inactive_connection_lifetime=0, max_cached_statement_lifetime=0)
        try:
            await self.migrate()
        except BaseException:
            await self.close()
            raise
        return self

    async def close(self) -> None:
        if self.db is not None:
            pool, self.db = self.db, None
            try:
                await asyncio.wait_for(pool.close(), 10)
            except (asyncio.TimeoutError, Exception):
                pool.terminate()

    @asynccontextmanager
    async def _connection(self):
        """The connection of the task's held lock, or one from the pool for the statement."""
        held = self._held.get(asyncio.current_task())
        if held is not None:
            yield held[0]
            return
        async with self.db.acquire() as conn:
            yield conn

    # ------------------------------------------------------------------ migrations

    async def schema_version(self) -> int:
        async with self._connection() as conn:
            exists = await conn.fetchval("SELECT to_regclass('schema_version') IS NOT NULL")
            if not exists:
                return 0
            return await conn.fetchval("SELECT COALESCE(MAX(version), 0) FROM schema_version")

    async def migrate(self) -> None:
        """Each migration not applied yet, with its version bump, in one transaction; one
        process at a time (the others wait, then find nothing left to do)."""
        async with self.db.acquire() as conn:
            async with conn.transaction():
                await conn.execute("SELECT pg_advisory_xact_lock($1)", _MIGRATION_LOCK)
                if self.schema:
                    await conn.execute(f'CREATE SCHEMA IF NOT EXISTS "{self.schema}"')
                await conn.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER NOT NULL)")
                current = await conn.fetchval("SELECT MAX(version) FROM schema_version")
                if current is None:
                    await conn.execute("INSERT INTO schema_version (version) VALUES (0)")
                    current = 0
                for number, script in enumerate(MIGRATIONS, start=1):
                    if number <= current:
                        continue
                    await conn.execute(postgres(number, script))
                    await conn.execute("UPDATE schema_version SET version=$1", number)

    # ------------------------------------------------------------------ transactions and locks

    @asynccontextmanager
    async def _tx(self):
        async with self._connection() as conn:
            async with conn.transaction():
                yield _Connection(conn)

    async def transaction(self, statements: list[tuple[str, tuple]], stale: Exception | None = None) -> None:
        """As the SQLite store's: the statements in one transaction on one pooled connection."""
        async with self._tx() as db:
            for i, (sql, params) in enumerate(statements):
                cursor = await db.execute(sql, params)
                if i == 0 and stale is not None and cursor.rowcount != 1:
                    raise stale

    async def _fetchall(self, sql: str, params: tuple = ()) -> list:
        text, _, _ = translate(sql)
        async with self._connection() as conn:
            return await conn.fetch(text, *[_param(p) for p in params])

    @asynccontextmanager
    async def exclusive(self, kind: str, key: int):
        """A session advisory lock on (kind, key), held on a pooled connection that the task's
        own statements use meanwhile (so a lock holder never waits for a second connection).
        Re-entrant: PostgreSQL counts a session's locks of one key."""
        task = asyncio.current_task()
        held = self._held.get(task)
        mine = held is None
        if mine:
            held = self._held[task] = [await self.db.acquire(), 0]
        conn, lock = held[0], _lock_key(kind, key, self.schema)
        try:
            await conn.execute("SELECT pg_advisory_lock($1)", lock)
            held[1] += 1
            try:
                yield
            finally:
                held[1] -= 1
                try:
                    await conn.execute("SELECT pg_advisory_unlock($1)", lock)
                except BaseException:
                    # unknown state (cancelled mid-unlock): closing the session frees its locks
                    conn.terminate()
                    raise
        finally:
            if mine:
                del self._held[task]
                # releasing also resets the session (pg_advisory_unlock_all), should a
                # cancelled pg_advisory_lock have been granted after all
                await self.db.release(conn)

    async def _serialize(self, db: _Connection, *key) -> None:
        await db.conn.execute("SELECT pg_advisory_xact_lock($1)", _key64(self.schema, *key))

    # ------------------------------------------------------------------ dialect

    _seats_json = ("(SELECT COALESCE(json_agg(json_build_array(seat, user_id, is_ai, dm_ok, accepted)), '[]') "
                   "FROM seats WHERE seats.match_id=matches.id)")
    _is_same = "IS NOT DISTINCT FROM"
    _no_limit = None

    def _json_set(self, column: str, key: str, value: str) -> str:
        param = "to_jsonb(?::bigint)" if value == "int" else "?::jsonb"
        return f"jsonb_set({column}::jsonb, '{{{key}}}', {param})::text"

    def _json_get(self, column: str, key: str) -> str:
        return f"({column}::jsonb ->> '{key}')"

    @staticmethod
    def _json_key(value):
        """How `->>` prints a JSON scalar: strings bare, numbers as JSON writes them."""
        return value if value is None or isinstance(value, str) else json.dumps(value)


Store.postgres = PostgresStore
