"""store.ratings: a match is rated once, reading, rating and writing in one transaction."""
from __future__ import annotations

import asyncio

import pytest

from store import RatedSeat, Store

GUILD, GAME = 1, "testgame"


async def _finished(store: Store, users: list[int], guild: int = GUILD) -> int:
    mid = await store.create_match(game=GAME, guild_id=guild, channel_id=2, creator_id=users[0], seed=7,
                                   options={}, player_count=len(users), invited=users[1:],
                                   seats=[(u, False, True) for u in users])
    match = await store.get_match(mid)
    await store.start_match(mid, match.seats, {"n": 0})
    await store.finish_match(mid, {"winners": [0], "scores": {}}, "over")
    return mid


def plus_one(calls: list):
    """A stand-in for the rating arithmetic: every player's mu goes up by 1 from what the
    store read, so a rating computed from a stale read shows up as a lost increment."""
    def rate(current):
        calls.append(dict(current))
        out = {}
        for user in (10, 11, 12):
            old = current.get(user, {"mu": 25.0, "sigma": 8.0, "games": 0})
            out[user] = {"rating": {"mu": old["mu"] + 1, "sigma": old["sigma"], "games": old["games"] + 1},
                         "old_display": 1500 + old["games"], "new_display": 1501 + old["games"]}
        return out
    return rate


def seats_of(users):
    return [RatedSeat(seat, user, seat + 1) for seat, user in enumerate(users)]


async def test_rate_once_writes_ratings_changes_and_the_note_together(store):
    mid = await _finished(store, [10, 11])
    calls = []
    changes = await store.ratings.rate_once(mid, GUILD, GAME, seats_of([10, 11]), plus_one(calls))
    assert calls == [{}], "nobody had a rating yet"
    assert changes[10]["rating"] == {"mu": 26.0, "sigma": 8.0, "games": 1}
    assert await store.ratings.for_game(GUILD, GAME) == {10: {"mu": 26.0, "sigma": 8.0, "games": 1},
                                                         11: {"mu": 26.0, "sigma": 8.0, "games": 1}}
    rows = await store.ratings.changes_of_match(mid)
    assert [(c.user_id, c.seat, c.rank, c.before, c.after) for c in rows] == [(10, 0, 1, 1500, 1501),
                                                                             (11, 1, 2, 1500, 1501)]
    assert (await store.get_match(mid)).meta["rating_changes"] == {"0": [1500, 1501], "1": [1500, 1501]}
    assert await store.ratings.is_rated(mid)
    # heard again: nothing read, nothing written
    assert await store.ratings.rate_once(mid, GUILD, GAME, seats_of([10, 11]), plus_one(calls)) is None
    assert len(calls) == 1
    assert (await store.ratings.for_game(GUILD, GAME))[10]["games"] == 1


async def test_the_same_match_rated_twice_at_once_is_written_once(store):
    mid = await _finished(store, [10, 11])
    calls = []
    results = await asyncio.gather(*(store.ratings.rate_once(mid, GUILD, GAME, seats_of([10, 11]), plus_one(calls))
                                     for _ in range(2)))
    assert sum(r is not None for r in results) == 1
    assert len(calls) == 1
    assert {u: r["games"] for u, r in (await store.ratings.for_game(GUILD, GAME)).items()} == {10: 1, 11: 1}
    assert len(await store.ratings.changes_of_match(mid)) == 2


async def test_two_matches_of_one_player_ending_together_both_count(store):
    first, second = await _finished(store, [10, 11]), await _finished(store, [10, 12])
    calls = []
    await asyncio.gather(store.ratings.rate_once(first, GUILD, GAME, seats_of([10, 11]), plus_one(calls)),
                         store.ratings.rate_once(second, GUILD, GAME, seats_of([10, 12]), plus_one(calls)))
    # the second rating started from the first one's result, not from the same old rating
    assert (await store.ratings.for_game(GUILD, GAME, [10]))[10] == {"mu": 27.0, "sigma": 8.0, "games": 2}


async def test_a_failing_rating_writes_nothing(store):
    mid = await _finished(store, [10, 11])

    def broken(current):
        raise RuntimeError("no rating")
    with pytest.raises(RuntimeError):
        await store.ratings.rate_once(mid, GUILD, GAME, seats_of([10, 11]), broken)
    assert not await store.ratings.is_rated(mid)
    assert await store.ratings.for_game(GUILD, GAME) == {}
    assert "rating_changes" not in (await store.get_match(mid)).meta


async def test_reads_by_game_player_and_server(store):
    mids = [await _finished(store, [10, 11]), await _finished(store, [10, 12], guild=GUILD + 1)]

    def fixed(values):
        def rate(current):
            return {u: {"rating": r, "old_display": 1500, "new_display": 1500 + n}
                    for n, (u, r) in enumerate(values.items())}
        return rate
    # conservative estimates mu - 3 sigma: 10 -> 30 - 6 = 24, 11 -> 34 - 15 = 19
    await store.ratings.rate_once(mids[0], GUILD, GAME, seats_of([10, 11]), fixed(
        {10: {"mu": 30.0, "sigma": 2.0, "games": 4}, 11: {"mu": 34.0, "sigma": 5.0, "games": 9}}))
    await store.ratings.rate_once(mids[1], GUILD + 1, GAME, seats_of([10, 12]), fixed(
        {10: {"mu": 20.0, "sigma": 1.0, "games": 1}, 12: {"mu": 21.0, "sigma": 1.0, "games": 1}}))
    assert [u for u, _ in await store.ratings.leaderboard(GUILD, GAME)] == [10, 11]
    assert [u for u, _ in await store.ratings.leaderboard(GUILD + 1, GAME, limit=1)] == [12]
    assert set(await store.ratings.for_game(GUILD, GAME, [11, 12])) == {11}
    assert await store.ratings.of_user(GUILD + 1, 10) == {GAME: {"mu": 20.0, "sigma": 1.0, "games": 1}}
    assert await store.ratings.changes_of(GUILD, 11) == {mids[0]: (1500, 1501)}
    assert await store.ratings.changes_of(GUILD + 1, 11) == {}
