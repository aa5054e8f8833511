"""The outbox: what must be posted is written in the same transaction as the change it
announces, and a timer is fired exactly when its notice becomes owed."""
from __future__ import annotations

import aiosqlite
import pytest

from store import StaleVersion, Store
from store.schema import MIGRATIONS


async def _open_match(store: Store) -> int:
    return await store.create_match(game="testgame", guild_id=1, channel_id=2, creator_id=10, seed=7,
                                    options={}, player_count=2, invited=[11],
                                    seats=[(10, False, True), (11, False, True)])


async def _active_match(store: Store, timers=()) -> int:
    mid = await _open_match(store)
    match = await store.get_match(mid)
    assert await store.start_match(mid, match.seats, {"n": 0}, timers=list(timers))
    return mid


def _kinds(rows):
    return [(r.kind, r.seat, r.version) for r in rows]


@pytest.mark.sqlite_only  # an old SQLite file
async def test_migration_5_adds_the_outbox_to_an_existing_database(tmp_path):
    path = str(tmp_path / "old.db")
    async with aiosqlite.connect(path, isolation_level=None) as db:  # a database of schema 4
        for number, script in enumerate(MIGRATIONS[:4], start=1):
            await db.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")
    store = await Store(path).open()
    assert await store.schema_version() == len(MIGRATIONS) >= 5
    assert await store.pending_outbox() == []
    await store.close()


async def test_start_match_owes_the_start_once(store):
    mid = await _open_match(store)
    match = await store.get_match(mid)
    seats = list(reversed(match.seats))
    assert await store.start_match(mid, seats, {"n": 0}, meta={"clock": {"kind": "none"}},
                                   timers=[("deadline", 0, 50.0)])
    assert not await store.start_match(mid, match.seats, {"n": 99}), "an active match does not start again"
    match = await store.get_match(mid)
    assert [s.user_id for s in match.seats] == [11, 10] and match.snapshot == {"n": 0}
    assert match.meta == {"clock": {"kind": "none"}}
    assert [t[2:] for t in await store.pending_timers(mid)] == [("deadline", 0, 50.0, 0)]
    assert _kinds(await store.pending_outbox()) == [("started", None, 0)]


async def test_a_move_owes_its_board_in_its_own_transaction(store):
    mid = await _active_match(store)
    await store.outbox_done_for(mid, "started")
    await store.commit_action(mid, 0, 0, "play:c1", {"n": 1})
    await store.commit_action(mid, 1, 1, "play:c2", {"n": 2}, by_ai=True)
    with pytest.raises(StaleVersion):
        await store.commit_action(mid, 1, 1, "play:c3", {"n": 3})
    rows = await store.pending_outbox(mid)
    assert _kinds(rows) == [("moves", 0, 1), ("moves", 1, 2)]
    assert [r.payload["by_ai"] for r in rows] == [False, True]
    await store.outbox_done_for(mid, "moves", [1])
    assert _kinds(await store.pending_outbox()) == [("moves", 1, 2)]


async def test_a_failed_move_owes_nothing(store):
    mid = await _active_match(store)
    await store.transaction([("INSERT INTO actions (match_id, seq, seat, action, at) VALUES (?,1,0,'x',0)", (mid,))])
    with pytest.raises(Exception):
        await store.commit_action(mid, 0, 0, "play:c1", {"n": 1})
    assert _kinds(await store.pending_outbox(mid)) == [("started", None, 0)]


async def test_firing_a_timer_owes_its_notice_exactly_once(store):
    mid = await _active_match(store, timers=[("reminder", 1, 10.0), ("deadline", 1, 20.0)])
    (reminder, _, _, _, _, _), (deadline, *_) = await store.pending_timers(mid)
    owed = await store.fire_timer(deadline)
    assert owed is not None
    assert await store.fire_timer(deadline) is None, "a timer fires once"
    assert [t[0] for t in await store.pending_timers(mid)] == [reminder]
    row = (await store.pending_outbox(mid))[-1]
    assert (row.id, row.kind, row.seat, row.version, row.payload) == \
        (owed, "deadline", 1, 0, {"due": 20.0, "timer": deadline})
    # a move supersedes the reminder: it can no longer fire
    await store.commit_action(mid, 0, 0, "play:c1", {"n": 1})
    assert await store.fire_timer(reminder) is None


async def test_finishing_outside_a_move_owes_the_closing_note(store):
    mid = await _active_match(store, timers=[("deadline", 0, 20.0)])
    assert await store.finish_match(mid, {"winners": [1]}, "Someone resigned.")
    assert not await store.finish_match(mid, {"winners": [0]}, "again"), "a finished match is not finished again"
    match = await store.get_match(mid)
    assert match.status == "finished" and match.result == {"winners": [1]}
    assert await store.pending_timers(mid) == []
    row = (await store.pending_outbox(mid))[-1]
    assert (row.kind, row.version, row.payload) == ("closed", 0, {"note": "Someone resigned."})


async def test_a_rematch_is_noted_on_the_old_match_in_the_same_transaction(store):
    old = await _active_match(store)
    kwargs = dict(game="testgame", guild_id=1, channel_id=2, creator_id=11, seed=8, options={}, player_count=2,
                  invited=[], seats=[(10, False, True), (11, False, True)], rematch_of=old)
    new = await store.create_match(**kwargs)
    assert (await store.get_match(old)).meta["rematch"] == new
    count = await store.count_matches()
    with pytest.raises(StaleVersion):
        await store.create_match(**kwargs)
    assert await store.count_matches() == count, "a second rematch is not created"


async def test_delivered_rows_of_finished_matches_are_pruned(store):
    running = await _active_match(store)
    over = await _active_match(store)
    await store.finish_match(over, {"winners": [0]}, "over")
    for mid in (running, over):
        await store.outbox_done([r.id for r in await store.pending_outbox(mid)])
    await store.prune_outbox()
    assert [r.kind for r in await store.outbox_rows(running)] == ["started"]
    assert await store.outbox_rows(over) == []
    assert await store.outbox_owed_ever(running, "started", None, 0)
