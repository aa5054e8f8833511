"""What only the PostgreSQL store has: its SQL translation, and the locks and claims that let
several processes share one database (two stores on one database stand for two processes)."""
from __future__ import annotations

import asyncio

import pytest

from store import StaleVersion, Store
from store.postgres import _lock_key, translate
from tests.store.test_outbox import _active_match


def test_statements_are_translated_once_to_postgresql():
    assert translate("SELECT a FROM t WHERE x=? AND y IN (?,?)") == (
        "SELECT a FROM t WHERE x=$1 AND y IN ($2,$3)", True, False)
    text, returns, identity = translate("INSERT INTO outbox (match_id, kind) VALUES (?,?)")
    assert text.endswith("RETURNING id") and returns and identity
    text, returns, _ = translate("INSERT OR IGNORE INTO tournament_players (tournament_id, user_id) VALUES (?,?)")
    assert text == ("INSERT INTO tournament_players (tournament_id, user_id) VALUES ($1,$2) ON CONFLICT DO NOTHING")
    assert not returns
    text, _, _ = translate("INSERT OR REPLACE INTO notices (message_id, match_id, kind) VALUES (?,?,?)")
    assert text.endswith("ON CONFLICT (message_id) DO UPDATE SET match_id=EXCLUDED.match_id, kind=EXCLUDED.kind")
    assert translate("UPDATE timers SET fired=1 WHERE id=? AND fired=0 RETURNING match_id")[1]


@pytest.fixture
async def two(pg_target):
    """Two stores on one database, as two bot processes have."""
    a = await Store(pg_target).open()
    b = await Store(pg_target).open()
    yield a, b
    await a.close()
    await b.close()


async def _waiting_for_a_lock(store, kind: str, key: int) -> bool:
    """Whether a session waits for the advisory lock of (kind, key) in this database."""
    lock = _lock_key(kind, key, store.schema)
    rows = await store._fetchall(
        "SELECT 1 FROM pg_locks WHERE locktype='advisory' AND NOT granted AND classid::bigint=? "
        "AND objid::bigint=? AND database=(SELECT oid FROM pg_database WHERE datname=current_database())",
        (lock >> 32, lock & 0xFFFF_FFFF))
    return bool(rows)


async def test_a_match_lock_holds_off_the_other_process_until_released(two):
    a, b = two
    order = []
    async with a.exclusive("match", 1):
        async with a.exclusive("match", 1):  # re-entrant for the task holding it
            pass

        async def other():
            async with b.exclusive("match", 1):
                order.append("b")
        task = asyncio.create_task(other())
        while not await _waiting_for_a_lock(a, "match", 1):  # until b's request is seen queued behind a's
            await asyncio.sleep(0)
        async with b.exclusive("match", 2):  # another match is not held up
            order.append("b2")
        order.append("a")
    await task
    assert order == ["b2", "a", "b"]


async def test_statements_of_a_lock_holder_use_its_connection(two):
    a, _ = two
    mid = await _active_match(a)
    async with a.exclusive("match", mid):
        held = a._held[asyncio.current_task()][0]
        async with a._connection() as conn:
            assert conn is held
        assert await a.commit_action(mid, 0, 0, "play:c1", {"n": 1}) == 1
    assert a._held == {}


async def test_a_timer_fires_once_across_processes(two):
    a, b = two
    mid = await _active_match(a, timers=[("deadline", 0, 5.0)])
    ((timer_id, *_),) = await b.due_timers(10.0)
    claims = await asyncio.gather(*(s.fire_timer(timer_id) for s in (a, b) * 5))
    assert sum(c is not None for c in claims) == 1
    assert [r.kind for r in await a.outbox_rows(mid)].count("deadline") == 1


async def test_one_move_at_one_version_across_processes(two):
    a, b = two
    mid = await _active_match(a)
    results = await asyncio.gather(*(s.commit_action(mid, 0, 0, f"play:c{i}", {"n": i})
                                     for i, s in enumerate((a, b) * 4)), return_exceptions=True)
    assert sum(r == 1 for r in results) == 1
    assert all(isinstance(r, StaleVersion) for r in results if r != 1)
    assert len(await b.actions(mid)) == 1
