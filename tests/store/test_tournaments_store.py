"""store.tournaments (events, signups, teams, the match of each pairing) and the finished
matches of a player."""
from __future__ import annotations

import aiosqlite
import pytest

from store import Store
from store.schema import MIGRATIONS


async def _event(store: Store, guild: int = 1, channel: int = 2) -> int:
    return await store.tournaments.create(guild_id=guild, channel_id=channel, game="testgame", format="swiss",
                                          name="Cup", creator_id=9, options={"rounds": 2})


@pytest.mark.sqlite_only  # an old SQLite file
async def test_migration_6_gives_existing_signups_no_team(tmp_path):
    path = str(tmp_path / "old.db")
    async with aiosqlite.connect(path, isolation_level=None) as db:   # a database of schema 5
        for number, script in enumerate(MIGRATIONS[:5], start=1):
            await db.executescript(f"BEGIN;\n{script}\nPRAGMA user_version = {number};\nCOMMIT;")
        await db.execute("INSERT INTO tournaments (guild_id, game, format, name, status, creator_id, created_at, "
                         "updated_at) VALUES (1, 'testgame', 'swiss', 'Old', 'signup', 9, 0, 0)")
        await db.execute("INSERT INTO tournament_players VALUES (1, 20, 0)")
    store = await Store(path).open()
    record = await store.tournaments.get(1)
    assert record.players == [20] and record.teams == {}
    await store.close()


async def test_event_round_trip_and_lookups(store):
    first = await _event(store)
    second = await _event(store, channel=3)
    other_server = await _event(store, guild=5)
    record = await store.tournaments.get(first)
    assert (record.name, record.status, record.options, record.data) == ("Cup", "signup", {"rounds": 2}, None)
    assert await store.tournaments.get(999) is None
    assert await store.tournaments.ids(1, ("signup",)) == [second, first]
    assert await store.tournaments.ids(1, ("signup",), channel_id=3) == [second]
    await store.tournaments.save(first, "running", {"rounds": [[]]})
    assert await store.tournaments.ids(1, ("signup",)) == [second]
    assert await store.tournaments.running() == [first]
    assert (await store.tournaments.get(first)).data == {"rounds": [[]]}
    await store.tournaments.set_message(second, 77)
    assert (await store.tournaments.get(second)).message_id == 77
    assert await store.tournaments.ids(5, ("signup", "running")) == [other_server]


async def test_signups_and_teams(store):
    tid = await _event(store)
    await store.tournaments.sign_up(tid, [20, 21])
    await store.tournaments.sign_up(tid, [21, 22])          # 21 is signed up once
    first = await store.tournaments.form_team(tid, [20, 23])  # 23 is signed up by forming the team
    second = await store.tournaments.form_team(tid, [21, 22])
    assert first != second
    assert await store.tournaments.form_team(tid, [24], first) == first
    record = await store.tournaments.get(tid)
    assert record.players == [20, 21, 22, 23, 24]
    assert record.teams == {20: first, 23: first, 24: first, 21: second, 22: second}
    await store.tournaments.assign_teams(tid, {24: None, 22: first})
    await store.tournaments.remove_player(tid, 20)
    record = await store.tournaments.get(tid)
    assert record.players == [21, 22, 23, 24]
    assert record.teams == {21: second, 22: first, 23: first}


async def test_pairings_and_their_matches(store):
    tid = await _event(store)
    mid = await store.create_match(game="testgame", guild_id=1, channel_id=2, creator_id=20, seed=1, options={},
                                   player_count=2, invited=[21], seats=[(20, False, True), (21, False, True)],
                                   meta={"tournament": tid, "pairing": "r1m1"})
    # created but not linked yet (the bot stopped in between): found by its notes
    assert await store.tournaments.match_ids(tid) == {}
    assert await store.tournaments.match_made_for(tid, "r1m1") == mid
    assert await store.tournaments.match_made_for(tid, "r1m2") is None
    await store.tournaments.link_match(tid, "r1m1", 1, mid)
    assert await store.tournaments.match_ids(tid) == {"r1m1": mid}


async def test_finished_matches_of_a_player(store):
    async def match(users, guild=1, finish=True):
        mid = await store.create_match(game="testgame", guild_id=guild, channel_id=2, creator_id=users[0], seed=1,
                                       options={}, player_count=len(users), invited=users[1:],
                                       seats=[(u, False, True) for u in users])
        m = await store.get_match(mid)
        await store.start_match(mid, m.seats, {"big": "snapshot"})
        if finish:
            await store.finish_match(mid, {"winners": [1]}, "over")
        return mid

    older = await match([10, 11])
    await match([10, 12], finish=False)        # still running
    await match([11, 12])                      # without 10
    await match([10, 11], guild=2)             # another server
    newer = await match([12, 13, 10])
    found = await store.finished_matches_of(1, 10)
    assert [m.id for m in found] == [newer, older]
    assert [[s.user_id for s in m.seats] for m in found] == [[12, 13, 10], [10, 11]]
    assert found[0].result == {"winners": [1]} and found[0].snapshot is None
    assert [m.id for m in await store.finished_matches_of(1, 10, limit=1)] == [newer]
