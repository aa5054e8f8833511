"""The store: migrations, WAL, and the one-transaction, version-guarded move."""
from __future__ import annotations

import pytest

from store import StaleVersion, Store
from store.schema import MIGRATIONS


async def _active_match(store: Store) -> int:
    mid = await store.create_match(game="testgame", guild_id=1, channel_id=2, creator_id=10, seed=7,
                                   options={}, player_count=2, invited=[11],
                                   seats=[(10, False, True), (11, False, True)])
    match = await store.get_match(mid)
    await store.start_match(mid, match.seats, {"n": 0})
    return mid


async def test_migrations_set_the_schema_version(store):
    assert await store.schema_version() == len(MIGRATIONS)
    if store.dialect == "sqlite":
        assert (await store.db.execute_fetchall("PRAGMA journal_mode"))[0][0] == "wal"
    await store.close()
    again = await Store(store.path).open()  # re-opening runs nothing twice
    assert await again.schema_version() == len(MIGRATIONS)
    await again.close()


async def test_commit_action_writes_action_snapshot_and_version_together(store):
    mid = await _active_match(store)
    assert await store.commit_action(mid, 0, 0, "play:c1", {"n": 1}) == 1
    match = await store.get_match(mid)
    assert match.version == 1 and match.snapshot == {"n": 1}
    assert [a[:3] for a in await store.actions(mid)] == [(1, 0, "play:c1")]


async def test_stale_version_writes_nothing(store):
    mid = await _active_match(store)
    await store.commit_action(mid, 0, 0, "play:c1", {"n": 1})
    with pytest.raises(StaleVersion):
        await store.commit_action(mid, 0, 1, "play:c2", {"n": 99})
    match = await store.get_match(mid)
    assert match.version == 1 and match.snapshot == {"n": 1}
    assert len(await store.actions(mid)) == 1


async def test_failure_inside_the_transaction_rolls_back_everything(store):
    mid = await _active_match(store)
    # a stray log row at seq 1 makes the action insert fail after the snapshot update ran
    await store.transaction([("INSERT INTO actions (match_id, seq, seat, action, at) VALUES (?,1,0,'x',0)", (mid,))])
    with pytest.raises(Exception, match="(?i)unique|duplicate"):
        await store.commit_action(mid, 0, 0, "play:c1", {"n": 1})
    match = await store.get_match(mid)
    assert match.version == 0 and match.snapshot == {"n": 0}


async def test_finished_match_is_not_moved_again(store):
    mid = await _active_match(store)
    await store.commit_action(mid, 0, 0, "play:c1", {"n": 1}, status="finished", result={"winners": [0]})
    with pytest.raises(StaleVersion):
        await store.commit_action(mid, 1, 1, "play:c2", {"n": 2})


async def test_guild_settings_round_trip(store):
    assert await store.guild_settings(5) == {}
    await store.set_guild_settings(5, {"threads": False})
    assert await store.guild_settings(5) == {"threads": False}


async def test_a_snapshot_read_again_is_the_object_kept_and_a_new_text_is_parsed_afresh(store):
    """A match is read several times a move: the snapshot is parsed once per text it is
    stored as (the digest decides, not the version)."""
    mid = await _active_match(store)
    first, again = await store.get_match(mid), await store.get_match(mid)
    assert first.snapshot == {"n": 0} and again.snapshot is first.snapshot
    committed = {"n": 1, "cards": [1, 2]}
    await store.commit_action(mid, 0, 0, "play:c1", committed)
    assert (await store.get_match(mid)).snapshot is committed  # what the move committed, as it is
    # someone else writes another snapshot under the same version: it is read, not the one kept
    await store.transaction([("UPDATE matches SET snapshot=? WHERE id=?", ('{"n": 5}', mid))])
    read = await store.get_match(mid)
    assert read.version == 1 and read.snapshot == {"n": 5}
    listed = await store.list_matches(statuses=("active",))
    assert [m.snapshot for m in listed if m.id == mid] == [{"n": 5}]


async def test_a_failed_commit_leaves_the_snapshot_read_as_stored(store):
    mid = await _active_match(store)
    before = (await store.get_match(mid)).snapshot
    await store.transaction([("INSERT INTO actions (match_id, seq, seat, action, at) VALUES (?,1,0,'x',0)", (mid,))])
    with pytest.raises(Exception, match="(?i)unique|duplicate"):
        await store.commit_action(mid, 0, 0, "play:c1", {"n": 1})
    assert (await store.get_match(mid)).snapshot == before == {"n": 0}
