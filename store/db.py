"""The match store: one aiosqlite writer connection in WAL mode, short transactions.

The action log is the truth; `matches.snapshot` is a cache of the engine state after
`version` actions that a replay of the log must reproduce. A move is written by
`commit_action` as ONE transaction (action row + snapshot + version bump), guarded by the
version the move was made against, so a move is never lost once committed and never
applied twice.
"""
from __future__ import annotations

import asyncio
import hashlib
import json
import sqlite3
import time
from collections import OrderedDict
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from typing import Any, Callable

import aiosqlite

from store.ratings import Ratings
from store.schema import MIGRATIONS
from store.tournaments import Tournaments


class StaleVersion(Exception):
    """The match moved on since the caller read it (someone else's move won the race)."""


@dataclass
class SeatRow:
    match_id: int
    seat: int
    user_id: int
    is_ai: bool = False
    dm_ok: bool = True
    accepted: bool = True


@dataclass
class MatchRow:
    id: int
    game: str
    guild_id: int | None
    channel_id: int | None
    thread_id: int | None
    lobby_message_id: int | None
    creator_id: int
    status: str
    version: int
    seed: int
    options: dict
    meta: dict
    player_count: int
    invited: list[int]
    snapshot: dict | None
    result: dict | None
    deadline: float | None
    created_at: float
    updated_at: float
    seats: list[SeatRow] = field(default_factory=list)

    def seat_of(self, user_id: int) -> int | None:
        for s in self.seats:
            if s.user_id == user_id and not s.is_ai:
                return s.seat
        return None

    def user_at(self, seat: int) -> SeatRow | None:
        for s in self.seats:
            if s.seat == seat:
                return s
        return None


_MATCH_COLUMNS = (
    "id, game, guild_id, channel_id, thread_id, lobby_message_id, creator_id, status, version, seed, "
    "options, meta, player_count, invited, snapshot, result, deadline, created_at, updated_at"
)

# a match's seats as one JSON column of the match's row
_SEATS_JSON = ("(SELECT json_group_array(json_array(seat, user_id, is_ai, dm_ok, accepted)) FROM seats "
               "WHERE seats.match_id=matches.id)")


def is_postgres_url(target: str) -> bool:
    return target.startswith(("postgresql://", "postgres://"))


SNAPSHOTS_KEPT = 256  # matches whose parsed snapshot is kept (more than are played at once)


class Snapshots:
    """The parsed snapshot of each match last read or written, under a digest of its JSON: a
    match is read twice a move (the command finds it, the move reads it again under the lock),
    and parsing a late Battalia or Skytear state costs about a millisecond each time. A read
    whose JSON has the digest kept gets the very object kept, which the match service then
    recognises at once (matches/service.py `_of_version`).
    Snapshots are read, never changed, by whoever gets them (the engines copy a state before
    they change it), so handing out one object is safe; the digest, not the version, decides,
    so a snapshot written under the same version by someone else is parsed afresh."""

    def __init__(self, kept: int = SNAPSHOTS_KEPT):
        self.kept = kept
        self._by_match: OrderedDict[int, tuple[bytes, dict]] = OrderedDict()

    @staticmethod
    def _digest(text: str) -> bytes:
        return hashlib.blake2b(text.encode(), digest_size=16).digest()

    def parse(self, match_id: int, text: str | None) -> dict | None:
        if not text:
            return None
        digest = self._digest(text)
        held = self._by_match.get(match_id)
        if held is not None and held[0] == digest:
            self._by_match.move_to_end(match_id)
            return held[1]
        value = json.loads(text)
        self._keep(match_id, digest, value)
        return value

    def wrote(self, match_id: int, text: str, value: dict) -> None:
        """`value` was committed as `text` (the store's own JSON of it, which parses back to
        an equal value: every game's state survives JSON unchanged)."""
        self._keep(match_id, self._digest(text), value)

    def _keep(self, match_id: int, digest: bytes, value: dict) -> None:
        self._by_match[match_id] = (digest, value)
        self._by_match.move_to_end(match_id)
        while len(self._by_match) > self.kept:
            self._by_match.popitem(last=False)


def _match_from_row(row: Any, snapshots: Snapshots) -> MatchRow:
    (mid, game, guild_id, channel_id, thread_id, lobby_id, creator, status, version, seed,
     options, meta, player_count, invited, snapshot, result, deadline, created, updated) = row
    return MatchRow(
        id=mid, game=game, guild_id=guild_id, channel_id=channel_id, thread_id=thread_id,
        lobby_message_id=lobby_id, creator_id=creator, status=status, version=version, seed=seed,
        options=json.loads(options), meta=json.loads(meta), player_count=player_count, invited=json.loads(invited),
        snapshot=snapshots.parse(mid, snapshot),
        result=json.loads(result) if result else None, deadline=deadline,
        created_at=created, updated_at=updated,
    )


@dataclass
class Notice:
    """A posted question with buttons (out of time, take-back) that closes once settled."""
    message_id: int
    match_id: int
    channel_id: int
    kind: str
    seat: int
    version: int
    content: str


@dataclass
class OutboxRow:
    """Something owed to the players about a committed change (a board, a start, a timer's
    notice, a match's end), written in the change's own transaction and done once posted."""
    id: int
    match_id: int
    kind: str
    seat: int | None
    version: int
    payload: dict
    done: bool = False


def _outbox_insert(match_id: int, kind: str, version: int, seat: int | None = None, payload: dict | None = None,
                   now: float = 0.0) -> tuple[str, tuple]:
    return ("INSERT INTO outbox (match_id, kind, seat, version, payload, created_at) VALUES (?,?,?,?,?,?)",
            (match_id, kind, seat, version, json.dumps(payload or {}), now))


def _in_one_transaction(conn: sqlite3.Connection, statements: list[tuple[str, tuple]],
                        stale: Exception | None) -> None:
    """Run in the database thread: BEGIN IMMEDIATE, the statements, COMMIT; ROLLBACK on any
    failure (a kill included: a BaseException); `stale` raised when the first statement
    changes no row (Store.transaction)."""
    conn.execute("BEGIN IMMEDIATE")
    try:
        for i, (sql, params) in enumerate(statements):
            cursor = conn.execute(sql, params)
            if i == 0 and stale is not None and cursor.rowcount != 1:
                raise stale
        conn.execute("COMMIT")
    except BaseException:
        try:
            conn.execute("ROLLBACK")
        except sqlite3.OperationalError:  # no transaction is active: nothing to undo
            pass
        raise


class Store:
    """The store interface. `Store(target)` opens SQLite at a file path (the default), or
    PostgreSQL when `target` is a postgresql:// URL (store/postgres.py): the same methods, the
    same migrations, the same one-transaction moves; the SQL dialect differences stay in store/."""

    dialect = "sqlite"
    # Whether other processes may write the same database: caches of what only this process
    # writes are off, and timer loops look again now and then (matches/scheduler.py).
    shared = False
    # Maps a target before it is opened (None: as given). The test suite sets it to run every
    # test on PostgreSQL (a fresh schema per SQLite path) when DATABASE_URL is set.
    redirect: Callable[[str], str] | None = None
    # the class a postgresql:// target opens (store/postgres.py sets it when the package loads,
    # so this module never imports that one)
    postgres: type | None = None

    def __new__(cls, path: str = "", *args, **kwargs):
        if cls is Store:
            target = Store.redirect(path) if Store.redirect is not None else path
            if is_postgres_url(target):
                return super().__new__(Store.postgres)
        return super().__new__(cls)

    def __init__(self, path: str, clock: Callable[[], float] = time.time):
        if Store.redirect is not None:
            path = Store.redirect(path)
        self.path = path
        self.clock = clock
        self.db: aiosqlite.Connection | None = None
        # One connection serves every coroutine, so statements of two transactions must not
        # interleave: every transaction and every read holds this lock.
        self._lock = asyncio.Lock()
        # the matches that may have open notices (None: not read yet): a board posted for a
        # match with none asks nothing of the database (this store is their only writer)
        self._with_notices: set[int] | None = None
        self.snapshots = Snapshots()
        self.ratings = Ratings(self)
        self.tournaments = Tournaments(self)

    _seats_json = _SEATS_JSON

    @property
    def is_open(self) -> bool:
        return self.db is not None

    async def open(self) -> "Store":
        # isolation_level=None: we issue BEGIN IMMEDIATE ourselves, so a transaction is
        # exactly the statements we group, never an implicit one left open.
        self.db = await aiosqlite.connect(self.path, isolation_level=None)
        for pragma in ("journal_mode=WAL", "synchronous=NORMAL", "foreign_keys=ON", "busy_timeout=5000"):
            # fetch the answer so no statement stays open across the migration's COMMIT
            await self.db.execute_fetchall(f"PRAGMA {pragma}")
        await self.migrate()
        return self

    async def close(self) -> None:
        if self.db is not None:
            await self.db.close()
            self.db = None

    async def schema_version(self) -> int:
        return (await self.db.execute_fetchall("PRAGMA user_version"))[0][0]

    async def migrate(self) -> None:
        current = await self.schema_version()
        for number, script in enumerate(MIGRATIONS, start=1):
            if number <= current:
                continue
            # executescript commits on its own; the version bump is part of the same script
            await self.db.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")

    # ------------------------------------------------------------------ transactions

    @asynccontextmanager
    async def _tx(self):
        """BEGIN IMMEDIATE ... COMMIT, rolled back on any exception.

        BEGIN and COMMIT sit inside the try: a task cancelled while either is awaited still
        leaves the connection outside any transaction (aiosqlite runs the statement to its end
        in its own thread, so the rollback below sees it done). The rollback itself is shielded
        from a second cancellation, or the connection would stay inside the transaction and
        every later write would fail."""
        async with self._lock:
            try:
                await self.db.execute("BEGIN IMMEDIATE")
                yield self.db
                await self.db.execute("COMMIT")
            except BaseException:
                await asyncio.shield(self._rollback())
                raise

    async def _rollback(self) -> None:
        # Queued after the cancelled BEGIN/COMMIT on aiosqlite's one thread, so it runs once
        # that statement is done; "no transaction is active" means there is nothing to undo.
        if self.db is None:
            return
        try:
            await self.db.execute("ROLLBACK")
        except sqlite3.OperationalError:
            pass

    async def _fetchall(self, sql: str, params: tuple = ()) -> list:
        async with self._lock:
            # one trip to the database thread (execute, fetch and close there)
            return list(await self.db.execute_fetchall(sql, params))

    async def _fetchone(self, sql: str, params: tuple = ()):
        rows = await self._fetchall(sql, params)
        return rows[0] if rows else None

    async def transaction(self, statements: list[tuple[str, tuple]], stale: Exception | None = None) -> None:
        """The statements in ONE transaction, all or nothing, in one trip to the database
        thread (a trip costs more CPU than a short statement: a move's commit made nine).
        With `stale`, the first statement must change exactly one row (a version-guarded
        update): else nothing is written and `stale` is raised.

        A task cancelled while it waits leaves no transaction open: the thread runs the whole
        function, COMMIT or ROLLBACK included, before anything queued after it."""
        async with self._lock:
            # aiosqlite's queue to its thread (`_execute`, the function its own methods use;
            # the version is pinned in requirements.txt)
            await self.db._execute(_in_one_transaction, self.db._conn, statements, stale)

    @asynccontextmanager
    async def exclusive(self, kind: str, key: int):
        """Hold the lock named (kind, key) (a match, a tournament) across processes: only one
        holder at a time in all the processes sharing the database, re-entrant for the task
        that holds it. SQLite serves one process, whose own locks suffice: nothing to do."""
        yield

    async def _serialize(self, db, *key) -> None:
        """Inside a transaction: wait for other transactions that passed the same key (a
        read-then-write that must not interleave). SQLite's BEGIN IMMEDIATE already admits
        one writer at a time."""

    # dialect pieces (PostgreSQL overrides them)
    def _json_set(self, column: str, key: str, value: str) -> str:
        """SQL for `column` (JSON text) with `key` set to a parameter: value "int" or "json"."""
        return f"json_set({column}, '$.{key}', {'?' if value == 'int' else 'json(?)'})"

    def _json_get(self, column: str, key: str) -> str:
        """SQL for `column`'s `key` as text (NULL when absent or null)."""
        return f"json_extract({column}, '$.{key}')"

    @staticmethod
    def _json_key(value):
        """A parameter compared with `_json_get` (SQLite compares the JSON value itself)."""
        return value

    _is_same = "IS"       # NULL-safe equality
    _no_limit = -1        # LIMIT ? that limits nothing

    # ------------------------------------------------------------------ matches

    async def create_match(self, *, game: str, guild_id: int | None, channel_id: int | None,
                           creator_id: int, seed: int, options: dict, player_count: int,
                           invited: list[int], seats: list[tuple[int, bool, bool]], meta: dict | None = None,
                           rematch_of: int | None = None) -> int:
        """Create an open match; `seats` are (user_id, is_ai, accepted) in joining order. With
        `rematch_of`, that match notes the new one as its rematch in the same transaction, and
        StaleVersion is raised (nothing written) when it already has one."""
        now = self.clock()
        async with self._tx() as db:
            cur = await db.execute(
                "INSERT INTO matches (game, guild_id, channel_id, creator_id, status, seed, options, meta, "
                "player_count, invited, created_at, updated_at) VALUES (?,?,?,?, 'open', ?,?,?,?,?,?,?)",
                (game, guild_id, channel_id, creator_id, seed, json.dumps(options), json.dumps(meta or {}),
                 player_count, json.dumps(invited), now, now))
            match_id = cur.lastrowid
            if rematch_of is not None:
                cur = await db.execute(
                    f"UPDATE matches SET meta={self._json_set('meta', 'rematch', 'int')}, updated_at=? "
                    f"WHERE id=? AND {self._json_get('meta', 'rematch')} IS NULL", (match_id, now, rematch_of))
                if cur.rowcount != 1:
                    raise StaleVersion(f"match {rematch_of} already has its rematch")
            for i, (user_id, is_ai, accepted) in enumerate(seats):
                await db.execute("INSERT INTO seats (match_id, seat, user_id, is_ai, accepted) VALUES (?,?,?,?,?)",
                                 (match_id, i, user_id, int(is_ai), int(accepted)))
        return match_id

    async def get_match(self, match_id: int) -> MatchRow | None:
        """The match with its seats, in one query."""
        row = await self._fetchone(f"SELECT {_MATCH_COLUMNS}, {self._seats_json} FROM matches WHERE id=?", (match_id,))
        if row is None:
            return None
        match = _match_from_row(row[:-1], self.snapshots)
        match.seats = sorted((SeatRow(match_id, s, u, bool(ai), bool(dm), bool(acc))
                              for s, u, ai, dm, acc in json.loads(row[-1])), key=lambda seat: seat.seat)
        return match

    async def get_seats(self, match_id: int) -> list[SeatRow]:
        rows = await self._fetchall(
            "SELECT match_id, seat, user_id, is_ai, dm_ok, accepted FROM seats WHERE match_id=? ORDER BY seat",
            (match_id,))
        return [SeatRow(m, s, u, bool(ai), bool(dm), bool(acc)) for m, s, u, ai, dm, acc in rows]

    async def list_matches(self, *, user_id: int | None = None, channel_id: int | None = None,
                           statuses: tuple[str, ...] = ("open", "active"), limit: int = 25,
                           guild_id: int | None = None) -> list[MatchRow]:
        """Matches by status, newest first; of one user, one channel and/or one server."""
        where, params = [f"m.status IN ({','.join('?' * len(statuses))})"], list(statuses)
        if guild_id is not None:
            where.append("m.guild_id=?")
            params.append(guild_id)
        if user_id is not None:
            where.append("m.id IN (SELECT match_id FROM seats WHERE user_id=?)")
            params.append(user_id)
        if channel_id is not None:
            where.append("(m.channel_id=? OR m.thread_id=?)")
            params += [channel_id, channel_id]
        columns = ", ".join("m." + c.strip() for c in _MATCH_COLUMNS.split(","))
        rows = await self._fetchall(
            f"SELECT {columns} FROM matches m WHERE {' AND '.join(where)} ORDER BY m.updated_at DESC, m.id DESC LIMIT ?",
            (*params, limit))
        out = []
        for row in rows:
            match = _match_from_row(row, self.snapshots)
            match.seats = await self.get_seats(match.id)
            out.append(match)
        return out

    async def finished_matches_of(self, guild_id: int, user_id: int, limit: int | None = None) -> list[MatchRow]:
        """The finished matches (with a result) a user sat in, in one server, newest first,
        without their snapshots (None): what is read of a finished match is its result."""
        columns = ", ".join("NULL" if c.strip() == "snapshot" else "m." + c.strip() for c in _MATCH_COLUMNS.split(","))
        chosen = ("FROM matches m WHERE m.guild_id=? AND m.status='finished' AND m.result IS NOT NULL "
                  "AND m.id IN (SELECT match_id FROM seats WHERE user_id=?)")
        rows = await self._fetchall(f"SELECT {columns} {chosen} ORDER BY m.updated_at DESC, m.id DESC LIMIT ?",
                                    (guild_id, user_id, self._no_limit if limit is None else limit))
        matches = [_match_from_row(row, self.snapshots) for row in rows]
        by_id = {m.id: m for m in matches}
        # every seat of those matches in one read, not one per match
        seats = await self._fetchall(
            f"SELECT match_id, seat, user_id, is_ai, dm_ok, accepted FROM seats WHERE match_id IN "
            f"(SELECT m.id {chosen}) ORDER BY match_id, seat", (guild_id, user_id))
        for m, s, u, ai, dm, acc in seats:
            if m in by_id:
                by_id[m].seats.append(SeatRow(m, s, u, bool(ai), bool(dm), bool(acc)))
        return matches

    async def match_in_thread(self, thread_id: int) -> MatchRow | None:
        row = await self._fetchone("SELECT id FROM matches WHERE thread_id=? ORDER BY id DESC LIMIT 1", (thread_id,))
        return await self.get_match(row[0]) if row else None

    async def update_match(self, match_id: int, **fields: Any) -> None:
        """Update lobby-level fields (not moves: those go through commit_action)."""
        encoded = {k: (json.dumps(v) if k in ("options", "meta", "invited", "snapshot", "result") and v is not None else v)
                   for k, v in fields.items()}
        encoded["updated_at"] = self.clock()
        cols = ", ".join(f"{k}=?" for k in encoded)
        await self.transaction([(f"UPDATE matches SET {cols} WHERE id=?", (*encoded.values(), match_id))])

    async def add_seat(self, match_id: int, user_id: int, *, is_ai: bool = False, accepted: bool = True) -> int:
        async with self._tx() as db:
            await self._serialize(db, "seats", match_id)
            async with db.execute("SELECT COALESCE(MAX(seat), -1) + 1 FROM seats WHERE match_id=?",
                                  (match_id,)) as cur:
                seat = (await cur.fetchone())[0]
            await db.execute("INSERT INTO seats (match_id, seat, user_id, is_ai, accepted) VALUES (?,?,?,?,?)",
                             (match_id, seat, user_id, int(is_ai), int(accepted)))
        return seat

    async def remove_seat(self, match_id: int, user_id: int) -> None:
        """Leave an open table; the remaining seats are renumbered 0..n-1."""
        seats = [s for s in await self.get_seats(match_id) if s.user_id != user_id]
        await self._replace_seats(match_id, seats)

    async def set_seat_flag(self, match_id: int, seat: int, **flags: bool) -> None:
        cols = ", ".join(f"{k}=?" for k in flags)
        await self.transaction([(f"UPDATE seats SET {cols} WHERE match_id=? AND seat=?",
                                 (*map(int, flags.values()), match_id, seat))])

    async def set_accepted(self, match_id: int, user_id: int) -> None:
        await self.transaction([("UPDATE seats SET accepted=1 WHERE match_id=? AND user_id=?", (match_id, user_id))])

    async def _replace_seats(self, match_id: int, seats: list[SeatRow],
                             extra: list[tuple[str, tuple]] | tuple = ()) -> None:
        stmts = [("DELETE FROM seats WHERE match_id=?", (match_id,))]
        for i, s in enumerate(seats):
            stmts.append(("INSERT INTO seats (match_id, seat, user_id, is_ai, dm_ok, accepted) VALUES (?,?,?,?,?,?)",
                          (match_id, i, s.user_id, int(s.is_ai), int(s.dm_ok), int(s.accepted))))
        await self.transaction(stmts + list(extra))

    async def start_match(self, match_id: int, seats: list[SeatRow], snapshot: dict, *, meta: dict | None = None,
                          timers: list[tuple[str, int, float]] = ()) -> bool:
        """Start an open match in ONE transaction: the players in their final order, the initial
        state, the match's notes (its clock) and timers, and a "started" outbox row. False (and
        nothing written) when the match is no longer open, so a match starts once."""
        now = self.clock()
        async with self._tx() as db:
            meta_sql, meta_args = (", meta=?", (json.dumps(meta),)) if meta is not None else ("", ())
            cur = await db.execute(
                f"UPDATE matches SET status='active', version=0, snapshot=?, updated_at=?{meta_sql} "
                "WHERE id=? AND status='open'", (json.dumps(snapshot), now, *meta_args, match_id))
            if cur.rowcount != 1:
                return False
            await db.execute("DELETE FROM seats WHERE match_id=?", (match_id,))
            for i, s in enumerate(seats):
                await db.execute("INSERT INTO seats (match_id, seat, user_id, is_ai, dm_ok, accepted) "
                                 "VALUES (?,?,?,?,?,?)",
                                 (match_id, i, s.user_id, int(s.is_ai), int(s.dm_ok), int(s.accepted)))
            await db.execute("UPDATE timers SET fired=1 WHERE match_id=? AND fired=0", (match_id,))
            for kind, seat, due in timers:
                await db.execute("INSERT INTO timers (match_id, kind, seat, due, version) VALUES (?,?,?,?,0)",
                                 (match_id, kind, seat, due))
            await db.execute(*_outbox_insert(match_id, "started", 0, now=now))
        return True

    async def finish_match(self, match_id: int, result: dict, note) -> bool:
        """End an active match outside a move (resignation, a win claimed on time) in ONE
        transaction: status and result, its timers cancelled, and a "closed" outbox row that
        carries `note` (a text's JSON form). False (and nothing written) when the match is not active."""
        now = self.clock()
        async with self._tx() as db:
            # one statement checks and ends, so two processes cannot both end the match
            async with db.execute("UPDATE matches SET status='finished', result=?, updated_at=? "
                                  "WHERE id=? AND status='active' RETURNING version",
                                  (json.dumps(result), now, match_id)) as cur:
                row = await cur.fetchone()
            if row is None:
                return False
            await db.execute("UPDATE timers SET fired=1 WHERE match_id=? AND fired=0", (match_id,))
            await db.execute(*_outbox_insert(match_id, "closed", row[0], payload={"note": note}, now=now))
        return True

    async def hand_seat(self, match_id: int, seat: int, *, is_ai: bool, version: int, meta: dict,
                        timers: list[tuple[str, int, float]]) -> None:
        """Give a seat to the computer (or back to its player) with the match's notes and its
        timers for `version`, in ONE transaction."""
        stmts = [("UPDATE seats SET is_ai=? WHERE match_id=? AND seat=?", (int(is_ai), match_id, seat)),
                 ("UPDATE matches SET meta=?, updated_at=? WHERE id=?", (json.dumps(meta), self.clock(), match_id)),
                 ("UPDATE timers SET fired=1 WHERE match_id=? AND fired=0", (match_id,))]
        stmts += [("INSERT INTO timers (match_id, kind, seat, due, version) VALUES (?,?,?,?,?)",
                   (match_id, kind, timer_seat, due, version)) for kind, timer_seat, due in timers]
        await self.transaction(stmts)

    async def commit_action(self, match_id: int, expected_version: int, seat: int, action: str,
                            snapshot: dict, *, status: str = "active", result: dict | None = None,
                            meta: dict | None = None, timers: list[tuple[str, int, float]] | None = None,
                            by_ai: bool = False) -> int:
        """Write one move: action row + new snapshot + version bump, in ONE transaction; with
        `meta`, the match's notes too, and the match's pending timers are replaced by `timers`
        (kind, seat, due) for the new version, so a deadline never outlives its turn. A "moves"
        outbox row in the same transaction records that the new board is owed to the players.

        Raises StaleVersion (and writes nothing) when the match is no longer active at
        `expected_version`. Returns the new version.
        """
        now = self.clock()
        new_version = expected_version + 1
        text = json.dumps(snapshot)
        meta_sql, meta_args = (", meta=?", (json.dumps(meta),)) if meta is not None else ("", ())
        statements = [
            (f"UPDATE matches SET version=version+1, snapshot=?, status=?, result=?, updated_at=?{meta_sql} "
             "WHERE id=? AND version=? AND status='active'",
             (text, status, json.dumps(result) if result is not None else None, now,
              *meta_args, match_id, expected_version)),
            ("INSERT INTO actions (match_id, seq, seat, action, at) VALUES (?,?,?,?,?)",
             (match_id, new_version, seat, action, now)),
            ("UPDATE timers SET fired=1 WHERE match_id=? AND fired=0", (match_id,)),
            *(("INSERT INTO timers (match_id, kind, seat, due, version) VALUES (?,?,?,?,?)",
               (match_id, kind, timer_seat, due, new_version)) for kind, timer_seat, due in timers or ()),
            _outbox_insert(match_id, "moves", new_version, seat, {"by_ai": by_ai}, now)]
        await self.transaction(statements, stale=StaleVersion(f"match {match_id} is not at version {expected_version}"))
        self.snapshots.wrote(match_id, text, snapshot)  # committed: the next read is this very state
        return new_version

    # ------------------------------------------------------------------ timers

    async def replace_timers(self, match_id: int, version: int, timers: list[tuple[str, int, float]],
                             meta: dict | None = None) -> None:
        """Supersede the match's pending timers with `timers` for `version` (and store `meta`)."""
        stmts = [("UPDATE timers SET fired=1 WHERE match_id=? AND fired=0", (match_id,))]
        stmts += [("INSERT INTO timers (match_id, kind, seat, due, version) VALUES (?,?,?,?,?)",
                   (match_id, kind, seat, due, version)) for kind, seat, due in timers]
        if meta is not None:
            stmts.append(("UPDATE matches SET meta=?, updated_at=? WHERE id=?",
                          (json.dumps(meta), self.clock(), match_id)))
        await self.transaction(stmts)

    async def add_timers(self, match_id: int, version: int, timers: list[tuple[str, int, float]],
                         meta: dict | None = None) -> None:
        """Add timers for `version` beside the pending ones (and store `meta`)."""
        stmts = [("INSERT INTO timers (match_id, kind, seat, due, version) VALUES (?,?,?,?,?)",
                  (match_id, kind, seat, due, version)) for kind, seat, due in timers]
        if meta is not None:
            stmts.append(("UPDATE matches SET meta=?, updated_at=? WHERE id=?",
                          (json.dumps(meta), self.clock(), match_id)))
        await self.transaction(stmts)

    async def cancel_timers(self, match_id: int) -> None:
        await self.transaction([("UPDATE timers SET fired=1 WHERE match_id=? AND fired=0", (match_id,))])

    async def next_timer_due(self) -> float | None:
        row = await self._fetchone("SELECT MIN(due) FROM timers WHERE fired=0")
        return row[0] if row else None

    async def due_timers(self, now: float) -> list[tuple[int, int, str, int | None, float, int]]:
        """Pending timers due at or before `now`: (id, match_id, kind, seat, due, version)."""
        rows = await self._fetchall("SELECT id, match_id, kind, seat, due, version FROM timers "
                                    "WHERE fired=0 AND due<=? ORDER BY due, id", (now,))
        return [tuple(r) for r in rows]

    async def pending_timers(self, match_id: int) -> list[tuple[int, int, str, int | None, float, int]]:
        rows = await self._fetchall("SELECT id, match_id, kind, seat, due, version FROM timers "
                                    "WHERE fired=0 AND match_id=? ORDER BY due, id", (match_id,))
        return [tuple(r) for r in rows]

    async def claim_timer(self, timer_id: int) -> bool:
        """Mark a timer fired; False when it already was (so it never fires twice)."""
        async with self._tx() as db:
            cur = await db.execute("UPDATE timers SET fired=1 WHERE id=? AND fired=0", (timer_id,))
            return cur.rowcount == 1

    async def fire_timer(self, timer_id: int) -> int | None:
        """Mark a timer fired and owe its notice (a reminder or deadline outbox row) in ONE
        transaction, so a fired timer's notice is never lost nor owed twice. Returns the outbox
        row's id, or None when the timer had already fired or was superseded."""
        async with self._tx() as db:
            # the claim: one statement marks it fired only if it was not, so of several
            # processes (or tasks) firing the same timer exactly one gets its row back
            async with db.execute("UPDATE timers SET fired=1 WHERE id=? AND fired=0 "
                                  "RETURNING match_id, kind, seat, due, version", (timer_id,)) as cur:
                row = await cur.fetchone()
            if row is None:
                return None
            match_id, kind, seat, due, version = row
            cur = await db.execute(*_outbox_insert(match_id, kind, version, seat, {"due": due, "timer": timer_id},
                                                   self.clock()))
            return cur.lastrowid

    async def actions(self, match_id: int) -> list[tuple[int, int, str, float]]:
        """The action log: (seq, seat, action, at) in order."""
        rows = await self._fetchall("SELECT seq, seat, action, at FROM actions WHERE match_id=? ORDER BY seq",
                                    (match_id,))
        return [tuple(r) for r in rows]

    # ------------------------------------------------------------------ outbox

    async def add_outbox(self, match_id: int, kind: str, version: int, seat: int | None = None,
                         payload: dict | None = None) -> int:
        async with self._tx() as db:
            cur = await db.execute(*_outbox_insert(match_id, kind, version, seat, payload, self.clock()))
            return cur.lastrowid

    async def pending_outbox(self, match_id: int | None = None) -> list[OutboxRow]:
        """What is still owed, oldest first (of one match, or of all)."""
        where, params = ("done=0 AND match_id=?", (match_id,)) if match_id is not None else ("done=0", ())
        rows = await self._fetchall("SELECT id, match_id, kind, seat, version, payload, done FROM outbox "
                                    f"WHERE {where} ORDER BY id", params)
        return [OutboxRow(i, m, k, s, v, json.loads(p), bool(d)) for i, m, k, s, v, p, d in rows]

    async def outbox_rows(self, match_id: int) -> list[OutboxRow]:
        rows = await self._fetchall("SELECT id, match_id, kind, seat, version, payload, done FROM outbox "
                                    "WHERE match_id=? ORDER BY id", (match_id,))
        return [OutboxRow(i, m, k, s, v, json.loads(p), bool(d)) for i, m, k, s, v, p, d in rows]

    async def outbox_done(self, ids: list[int]) -> None:
        if ids:
            await self.transaction([(f"UPDATE outbox SET done=1 WHERE id IN ({','.join('?' * len(ids))})",
                                     tuple(ids))])

    async def outbox_done_for(self, match_id: int, kind: str, versions: list[int] | None = None) -> None:
        """Mark done the match's pending rows of `kind` (only those of `versions`, if given)."""
        sql, params = "UPDATE outbox SET done=1 WHERE match_id=? AND kind=? AND done=0", [match_id, kind]
        if versions is not None:
            if not versions:
                return
            sql += f" AND version IN ({','.join('?' * len(versions))})"
            params += list(versions)
        await self.transaction([(sql, tuple(params))])

    async def outbox_owed_ever(self, match_id: int, kind: str, seat: int | None, version: int) -> bool:
        """Whether a row of this key was ever written (pending or done)."""
        row = await self._fetchone(f"SELECT 1 FROM outbox WHERE match_id=? AND kind=? AND seat {self._is_same} ? AND version=? "
                                   "LIMIT 1", (match_id, kind, seat, version))
        return row is not None

    async def prune_outbox(self) -> None:
        """Forget delivered rows of matches that are over (those of running matches stay: they
        tell which deadlines were already announced)."""
        await self.transaction([("DELETE FROM outbox WHERE done=1 AND match_id IN "
                                 "(SELECT id FROM matches WHERE status IN ('finished', 'cancelled'))", ())])

    async def match_ids(self, statuses: tuple[str, ...]) -> list[int]:
        rows = await self._fetchall(f"SELECT id FROM matches WHERE status IN ({','.join('?' * len(statuses))}) "
                                    "ORDER BY id", tuple(statuses))
        return [r[0] for r in rows]

    # ------------------------------------------------------------------ notices

    async def add_notice(self, match_id: int, channel_id: int, message_id: int, kind: str, seat: int,
                         version: int, content: str) -> None:
        if self._with_notices is not None:
            self._with_notices.add(match_id)
        await self.transaction([(
            "INSERT OR REPLACE INTO notices (message_id, match_id, channel_id, kind, seat, version, content) "
            "VALUES (?,?,?,?,?,?,?)", (message_id, match_id, channel_id, kind, seat, version, content))])

    async def open_notices(self, match_id: int) -> list[Notice]:
        if not self.shared:  # other processes may add notices: no cache then
            if self._with_notices is None:
                self._with_notices = {r[0] for r in await self._fetchall("SELECT DISTINCT match_id FROM notices")}
            if match_id not in self._with_notices:
                return []
        rows = await self._fetchall("SELECT message_id, match_id, channel_id, kind, seat, version, content "
                                    "FROM notices WHERE match_id=? ORDER BY message_id", (match_id,))
        return [Notice(*r) for r in rows]

    async def close_notice(self, message_id: int) -> bool:
        """Forget a notice; False when another task already closed it."""
        async with self._tx() as db:
            cur = await db.execute("DELETE FROM notices WHERE message_id=?", (message_id,))
            return cur.rowcount == 1

    # ------------------------------------------------------------------ settings

    async def guild_settings(self, guild_id: int) -> dict:
        row = await self._fetchone("SELECT settings FROM guild_settings WHERE guild_id=?", (guild_id,))
        return json.loads(row[0]) if row else {}

    async def set_guild_settings(self, guild_id: int, settings: dict) -> None:
        await self.transaction([(
            "INSERT INTO guild_settings (guild_id, settings) VALUES (?, ?) "
            "ON CONFLICT(guild_id) DO UPDATE SET settings=excluded.settings",
            (guild_id, json.dumps(settings)))])

    async def person_language(self, user_id: int) -> tuple[str | None, str | None]:
        """(the language the person chose, the Discord locale they last used)."""
        row = await self._fetchone("SELECT language, locale FROM people WHERE user_id=?", (user_id,))
        return (row[0], row[1]) if row else (None, None)

    async def set_person_language(self, user_id: int, *, language: str | None = ..., locale: str | None = ...) -> None:
        """Store what is given (`...`: keep the stored value), in one statement."""
        given = {k: v for k, v in (("language", language), ("locale", locale)) if v is not ...}
        if not given:
            return
        columns = ", ".join(given)
        await self.transaction([(
            f"INSERT INTO people (user_id, {columns}) VALUES (?{', ?' * len(given)}) "
            f"ON CONFLICT(user_id) DO UPDATE SET {', '.join(f'{k}=excluded.{k}' for k in given)}",
            (user_id, *given.values()))])

    # ------------------------------------------------------------------ saved decks

    async def save_deck(self, user_id: int, game: str, name: str, *, format: str, hero: str,
                        cards: list[str]) -> None:
        """Save (or replace) the player's deck called `name`; a replaced deck keeps whether it
        is chosen."""
        await self.transaction([(
            "INSERT INTO saved_decks (user_id, game, name, format, hero, cards, chosen, updated_at) "
            "VALUES (?, ?, ?, ?, ?, ?, 0, ?) ON CONFLICT(user_id, game, name) DO UPDATE SET "
            "format=excluded.format, hero=excluded.hero, cards=excluded.cards, updated_at=excluded.updated_at",
            (user_id, game, name, format, hero, json.dumps(list(cards)), time.time()))])

    async def saved_decks(self, user_id: int, game: str) -> list[dict]:
        """The player's saved decks, by name: {name, format, hero, cards, chosen}."""
        rows = await self._fetchall(
            "SELECT name, format, hero, cards, chosen FROM saved_decks WHERE user_id=? AND game=? ORDER BY name",
            (user_id, game))
        return [{"name": r[0], "format": r[1], "hero": r[2], "cards": json.loads(r[3]), "chosen": bool(r[4])}
                for r in rows]

    async def delete_deck(self, user_id: int, game: str, name: str) -> bool:
        found = await self._fetchone("SELECT 1 FROM saved_decks WHERE user_id=? AND game=? AND name=?",
                                     (user_id, game, name))
        if not found:
            return False
        await self.transaction([("DELETE FROM saved_decks WHERE user_id=? AND game=? AND name=?",
                                 (user_id, game, name))])
        return True

    async def choose_decks(self, user_id: int, game: str, format: str, names: list[str]) -> None:
        """The decks of `format` the player brings to their next matches: exactly `names`."""
        statements = [("UPDATE saved_decks SET chosen=0 WHERE user_id=? AND game=? AND format=?",
                       (user_id, game, format))]
        statements += [("UPDATE saved_decks SET chosen=1 WHERE user_id=? AND game=? AND format=? AND name=?",
                        (user_id, game, format, n)) for n in names]
        await self.transaction(statements)

    async def count_matches(self) -> int:
        return (await self._fetchone("SELECT COUNT(*) FROM matches"))[0]
