"""Two bot processes on one PostgreSQL database: each serves whichever match it is asked about.

Two real OS processes (multiprocessing, spawn), each with its own match service and store on
the same database, make the same moves at the same matches at the same time, then fire the
same due timers at the same time. Checked, whatever the interleaving:
- every move is applied exactly once: each (match, version) was won by one process, the action
  log of every match is complete and gap-free, and the losing attempt was refused as stale;
- the database lock on the match serialised them: no move reached the store at a version that
  had already moved on (the store's version guard never had to refuse a write);
- every due timer fired exactly once across both processes, and owed its notice once;
- a round-robin tournament whose games both processes play at once runs each round once: its
  next round is made once, by whichever process ended the round's last game, and every game
  is rated once.
"""
from __future__ import annotations

import asyncio
import multiprocessing
from collections import Counter

import pytest

from engine import registry
from matches import UserError
from matches.scheduler import Scheduler
from store import StaleVersion, Store
from tests import testgame
from tests.tournaments.helpers import Services

pytestmark = pytest.mark.postgres

T0 = 1_700_000_000.0
FAR = 1e12                # a time when every timer is due
MATCHES = 8
MOVES = 6                  # of the 10 moves of a match: the matches stay active, their clocks running
ENTRANTS = [501, 502, 503, 504]  # a round robin: 3 rounds of 2 games
WAIT = 300                 # seconds a barrier waits before the test fails instead of hanging


def _register() -> None:
    if "testgame" not in {g.name for g in registry.all_games()}:
        registry.register(testgame.RULES)


async def play_tournament(services: Services, tournament_id: int) -> None:
    """Play every game of the tournament's current round (racing the other process for each
    move) until the tournament is over."""
    async def play_out(match_id: int) -> None:
        while True:
            match = await services.matches.get(match_id)
            if match.status != "active":
                return
            (seat,) = testgame.RULES.active_players(match.snapshot)
            action = testgame.RULES.legal_actions(match.snapshot, seat)[0].id
            try:
                await services.matches.act(match_id, match.user_at(seat).user_id, action,
                                           expected_version=match.version)
            except UserError:
                continue
    while True:
        # the lock is free once a finish listener (here or in the other process) has made the
        # next round: so a round is only looked at once it is complete
        async with services.tournaments.lock(tournament_id):
            t = await services.tournaments.get(tournament_id)
        if t.status != "running":
            return
        await asyncio.gather(*(play_out(m) for m in (await services.store.tournaments.match_ids(tournament_id)).values()))


async def _worker_main(target: str, name: str, barrier, match_ids: list[int], tournament_id: int) -> dict:
    _register()
    store = await Store(target, clock=lambda: T0).open()
    stale_writes = Counter()
    commit = store.commit_action

    async def counted_commit(*args, **kwargs):
        try:
            return await commit(*args, **kwargs)
        except StaleVersion:
            stale_writes["commit"] += 1
            raise
    store.commit_action = counted_commit
    services = Services(store, seed=len(name))
    service = services.matches
    applied: list[tuple[int, int, str]] = []
    refused = Counter()

    async def play(match_id: int) -> None:
        while True:
            match = await service.get(match_id)
            if match.version >= MOVES:
                return
            (seat,) = testgame.RULES.active_players(match.snapshot)
            # both processes pick the same move for the same version: they race for it
            action = testgame.RULES.legal_actions(match.snapshot, seat)[0].id
            try:
                outcome = await service.act(match_id, match.user_at(seat).user_id, action,
                                            expected_version=match.version)
            except UserError:
                refused["stale"] += 1
                continue
            applied.append((match_id, outcome.match.version, action))

    fired: list[tuple] = []

    async def record(match_id, kind, seat, due, version):
        fired.append((match_id, kind, seat, due, version))

    try:
        await asyncio.to_thread(barrier.wait, WAIT)          # 1: start the moves together
        await asyncio.gather(*(play(m) for m in match_ids))
        await asyncio.to_thread(barrier.wait, WAIT)          # 2: moves done (the test reads the timers)
        await asyncio.to_thread(barrier.wait, WAIT)          # 3: fire the timers together
        scheduler = Scheduler(store, record, clock=lambda: FAR)
        await asyncio.gather(*(scheduler.fire_due() for _ in range(3)))
        await asyncio.to_thread(barrier.wait, WAIT)          # 4: play the tournament together
        await play_tournament(services, tournament_id)
    finally:
        await store.close()
    return {"name": name, "applied": applied, "refused": refused["stale"], "stale_writes": stale_writes["commit"],
            "fired": fired}


def _worker(target: str, name: str, barrier, results, tournament_id: int) -> None:
    try:
        results.put(asyncio.run(_worker_main(target, name, barrier, list(range(1, MATCHES + 1)), tournament_id)))
    except BaseException as exc:  # noqa: BLE001 - reported to the test
        results.put({"name": name, "error": repr(exc)})
        barrier.abort()
        raise


async def _setup(target: str) -> tuple[list[int], int]:
    _register()
    store = await Store(target, clock=lambda: T0).open()
    try:
        services = Services(store, seed=7)
        service = services.matches
        ids = []
        for i in range(MATCHES):
            match = await service.create(game="testgame", guild_id=1, channel_id=2, creator_id=100 + 2 * i,
                                         invited=[101 + 2 * i], accepted=True, options={"hand": 5},
                                         clock="move-24h")
            assert match.status == "active"
            ids.append(match.id)
        t = await services.tournaments.create(guild_id=1, channel_id=3, creator_id=900, game="testgame",
                                              format="round_robin")
        for user in ENTRANTS:
            await services.tournaments.join(t.id, user)
        await services.tournaments.start(t.id)
        return ids, t.id
    finally:
        await store.close()


async def _read(target: str, query):
    store = await Store(target).open()
    try:
        return await query(store)
    finally:
        await store.close()


def test_two_processes_apply_every_move_once_and_fire_every_timer_once(pg_target):
    ids, tournament_id = asyncio.run(_setup(pg_target))
    assert ids == list(range(1, MATCHES + 1))
    ctx = multiprocessing.get_context("spawn")
    barrier = ctx.Barrier(3)
    results = ctx.Queue()
    workers = [ctx.Process(target=_worker, args=(pg_target, name, barrier, results, tournament_id),
                           daemon=True)
               for name in ("bot-a", "bot-b")]
    for w in workers:
        w.start()
    try:
        barrier.wait(WAIT)                                           # 1
        barrier.wait(WAIT)                                           # 2

        async def due_timers(store):
            return await store.due_timers(FAR)
        pending = asyncio.run(_read(pg_target, due_timers))
        barrier.wait(WAIT)                                           # 3
        barrier.wait(WAIT)                                           # 4
        reports = [results.get(timeout=WAIT) for _ in workers]
    finally:
        for w in workers:
            w.join(WAIT)
            if w.is_alive():
                w.kill()
    errors = [r["error"] for r in reports if "error" in r]
    assert not errors, errors

    timed = sorted({m for _, m, *_ in pending})

    async def logs(store):
        return {m: await store.actions(m) for m in ids}, {m: await store.get_match(m) for m in ids}, \
            [row for m in timed for row in await store.outbox_rows(m)]
    actions, matches, outbox = asyncio.run(_read(pg_target, logs))

    # every move exactly once
    applied = [a for r in reports for a in r["applied"]]
    assert len(applied) == len(set((m, v) for m, v, _ in applied)), "two processes applied one version"
    assert all(m.status == "active" and m.version == MOVES for m in matches.values())
    assert sorted((m, v) for m, v, _ in applied) == [(m, v) for m in ids for v in range(1, MOVES + 1)]
    for m in ids:
        assert [seq for seq, *_ in actions[m]] == list(range(1, MOVES + 1))
        assert {(m, seq, action) for seq, _, action, _ in actions[m]} == {a for a in applied if a[0] == m}
    assert all(r["applied"] for r in reports), "both processes served moves"
    # the database lock serialised the processes: a loser was refused before writing anything
    assert sum(r["stale_writes"] for r in reports) == 0
    # every timer due fired exactly once across both processes, owing its notice once
    fired = [f for r in reports for f in r["fired"]]
    assert len(pending) >= MATCHES, "every running clock has a deadline to fire"
    assert Counter(fired) == Counter((m, k, s, d, v) for _, m, k, s, d, v in pending)
    owed = Counter((row.match_id, row.kind, row.seat, row.version) for row in outbox if row.kind in ("reminder", "deadline"))
    assert owed == Counter((m, k, s, v) for _, m, k, s, _, v in pending)

    # the tournament: each round made once, every game played and rated once
    async def tournament(store):
        services = Services(store)
        t = await services.tournaments.get(tournament_id)
        games = await store.tournaments.match_ids(tournament_id)
        made = await store.match_ids(("open", "active", "finished", "cancelled"))
        rated = {m: await store.ratings.changes_of_match(m) for m in games.values()}
        rounds = {pairing: row for pairing, row in await store._fetchall(
            "SELECT pairing_id, round FROM tournament_matches WHERE tournament_id=?", (tournament_id,))}
        return t, games, made, rated, rounds
    t, games, made, rated, rounds = asyncio.run(_read(pg_target, tournament))
    assert t.status == "finished"
    assert sorted(Counter(rounds.values()).items()) == [(1, 2), (2, 2), (3, 2)]
    assert len(made) == MATCHES + 6, "no round's games were made twice"
    assert all(len(changes) == 2 for changes in rated.values()), "every game rated once"
