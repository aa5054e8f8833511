"""Fewer trips to the database thread: a match and its seats in one query, and no notices
query for a match that never had a notice."""
from __future__ import annotations

import pytest

from tests.store.test_outbox import _active_match


class Trips:
    """Counts the statements the store sends to aiosqlite's thread."""

    def __init__(self, store):
        self.count = 0
        db = store.db
        real_fetchall, real_execute = db.execute_fetchall, db.execute

        def counted(real):
            def call(*args, **kwargs):
                self.count += 1
                return real(*args, **kwargs)
            return call
        db.execute_fetchall, db.execute = counted(real_fetchall), counted(real_execute)


@pytest.mark.sqlite_only  # counts aiosqlite's trips
async def test_a_match_and_its_seats_are_one_query(store):
    mid = await _active_match(store)
    trips = Trips(store)
    match = await store.get_match(mid)
    assert trips.count == 1
    assert [(s.seat, s.user_id, s.accepted) for s in match.seats] == [(0, 10, True), (1, 11, True)]
    assert await store.get_match(mid + 100) is None


@pytest.mark.sqlite_only  # the cache of a single-process store
async def test_no_notices_query_for_a_match_without_notices(store):
    quiet, noticed = await _active_match(store), await _active_match(store)
    await store.open_notices(quiet)  # the first call learns which matches have notices
    await store.add_notice(noticed, 5, 900, "timeout", 1, 3, "Out of time")
    trips = Trips(store)
    assert await store.open_notices(quiet) == []
    assert trips.count == 0
    (notice,) = await store.open_notices(noticed)
    assert (notice.message_id, notice.seat, notice.content) == (900, 1, "Out of time")
    assert await store.close_notice(900)
    assert await store.open_notices(noticed) == []


async def test_notices_written_before_a_restart_are_found(store, tmp_path):
    from store import Store
    mid = await _active_match(store)
    await store.add_notice(mid, 5, 901, "timeout", 0, 2, "Out of time")
    await store.close()
    reopened = await Store(store.path).open()
    try:
        assert [n.message_id for n in await reopened.open_notices(mid)] == [901]
    finally:
        await reopened.close()
