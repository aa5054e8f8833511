"""Scale benchmark: moves/s and p99 latency of the match service with 1, 2 and 4 processes on
PostgreSQL, against one process on SQLite, under the same load.

    python -m bench.scale                 # PostgreSQL from DATABASE_URL, else a throw-away
                                          # server started from the installed PostgreSQL
    python -m bench.scale --matches 32 --moves 20

What it does. For each setup it creates MATCHES Battle Line matches (two human seats, a
24-hours-per-move clock, so every move also rewrites the match's timers) in a fresh database,
then starts the processes (multiprocessing, spawn), each with its own MatchService and store on
that database. The matches are split between the processes as a sharded deployment splits
servers between them (match i goes to process i mod P). Behind a barrier every process plays
all of its matches at once, one asyncio task per match: read the match, pick a seeded random
legal move of the seat to act, `MatchService.act` with the version it read (the lock on the
match, the engine, the one-transaction commit) until the match made MOVES moves or ended.

Per setup:
  moves/s   all moves / wall time from the barrier to the last process done
  p50, p99  latency of one `act` call, in milliseconds, over all the moves of all processes
  CPU/move  CPU time of the bot processes per move (the database server's own CPU is not in it)

Discord itself (the gateway, REST calls, pictures) is not in this bench: bench/platform.py
measures a move end to end in one process. This one measures what changes when processes are
added: the store, its locks and transactions, and how the processes share the machine.
"""
from __future__ import annotations

import argparse
import asyncio
import multiprocessing
import os
import random
import shutil
import tempfile
import time
import uuid
from pathlib import Path

from engine import registry
from matches import MatchService, UserError
from store import Store

GAME = "battleline"
WAIT = 600


def pct(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    return ordered[min(len(ordered) - 1, int(round(p / 100 * (len(ordered) - 1))))]


async def _create(target: str, matches: int) -> list[int]:
    registry.load_builtin()
    store = await Store(target).open()
    try:
        service = MatchService(store, seed_source=random.Random(1))
        ids = []
        for i in range(matches):
            match = await service.create(game=GAME, guild_id=1 + i % 7, channel_id=10 + i, creator_id=1000 + 2 * i,
                                         invited=[1001 + 2 * i], accepted=True, clock="move-24h")
            ids.append(match.id)
        return ids
    finally:
        await store.close()


async def _play(target: str, ids: list[int], moves: int, barrier, seed: int) -> dict:
    registry.load_builtin()
    store = await Store(target).open()
    service = MatchService(store, seed_source=random.Random(seed))
    latencies: list[float] = []
    errors = 0

    async def play(match_id: int) -> None:
        nonlocal errors
        rng = random.Random(match_id)
        made = 0
        while made < moves:
            match = await service.get(match_id)
            if match.status != "active":
                return
            rules = service.rules(match)
            seat = sorted(rules.active_players(match.snapshot))[0]
            action = rng.choice(rules.legal_actions(match.snapshot, seat)).id
            start = time.perf_counter()
            try:
                await service.act(match_id, match.user_at(seat).user_id, action, expected_version=match.version)
            except UserError:
                errors += 1
                continue
            latencies.append(time.perf_counter() - start)
            made += 1

    try:
        await asyncio.to_thread(barrier.wait, WAIT)
        cpu0, t0 = time.process_time(), time.perf_counter()
        await asyncio.gather(*(play(m) for m in ids))
        wall, cpu = time.perf_counter() - t0, time.process_time() - cpu0
    finally:
        await store.close()
    return {"latencies": latencies, "wall": wall, "cpu": cpu, "errors": errors, "start": t0}


def _worker(target: str, ids: list[int], moves: int, barrier, results, seed: int) -> None:
    try:
        results.put(asyncio.run(_play(target, ids, moves, barrier, seed)))
    except BaseException as exc:  # noqa: BLE001 - reported to the parent
        results.put({"error": repr(exc)})
        barrier.abort()
        raise


def run_setup(target: str, processes: int, matches: int, moves: int) -> dict:
    ids = asyncio.run(_create(target, matches))
    ctx = multiprocessing.get_context("spawn")
    barrier, results = ctx.Barrier(processes + 1), ctx.Queue()
    workers = [ctx.Process(target=_worker, args=(target, ids[k::processes], moves, barrier, results, k), daemon=True)
               for k in range(processes)]
    for w in workers:
        w.start()
    barrier.wait(WAIT)
    t0 = time.perf_counter()
    reports = [results.get(timeout=WAIT) for _ in workers]
    wall = time.perf_counter() - t0
    for w in workers:
        w.join(WAIT)
    errors = [r["error"] for r in reports if "error" in r]
    if errors:
        raise RuntimeError(errors)
    latencies = [x for r in reports for x in r["latencies"]]
    return {"moves": len(latencies), "moves_s": len(latencies) / wall, "p50": pct(latencies, 50) * 1000,
            "p99": pct(latencies, 99) * 1000, "cpu_ms": sum(r["cpu"] for r in reports) / max(1, len(latencies)) * 1000,
            "stale": sum(r["errors"] for r in reports)}


def _postgres() -> tuple[str, object | None]:
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgresql://", "postgres://")):
        return url, None
    from tests import pg
    bindir = pg.find_bindir()
    if bindir is None:
        raise SystemExit("no PostgreSQL: set DATABASE_URL or install PostgreSQL (initdb, pg_ctl)")
    server = pg.PgServer(bindir).start()
    return server.create_database("bench"), server


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--matches", type=int, default=64, help="matches played at once (all processes together)")
    parser.add_argument("--moves", type=int, default=30, help="moves per match")
    args = parser.parse_args()
    base, server = _postgres()
    tmp = Path(tempfile.mkdtemp(prefix="bench-scale-"))
    run = uuid.uuid4().hex[:8]  # fresh schemas, also on a DATABASE_URL used before
    rows = []
    try:
        setups = [("SQLite", 1, str(tmp / "scale.db"))]
        setups += [("PostgreSQL", p, f"{base}{'&' if '?' in base else '?'}schema=scale_{p}_{run}") for p in (1, 2, 4)]
        for backend, processes, target in setups:
            rows.append((backend, processes, run_setup(target, processes, args.matches, args.moves)))
            print(f"  done: {backend} x{processes}", flush=True)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
        if server is not None:
            server.stop()
    cores = os.cpu_count()
    print(f"\n{args.matches} Battle Line matches at once, up to {args.moves} moves each; {cores} cores; "
          f"load average at the end {os.getloadavg()[0]:.1f}")
    print(f"{'backend':<11} {'procs':>5} {'moves':>6} {'moves/s':>8} {'p50 ms':>7} {'p99 ms':>7} {'CPU ms/move':>11} "
          f"{'stale':>5}")
    for backend, processes, r in rows:
        print(f"{backend:<11} {processes:>5} {r['moves']:>6} {r['moves_s']:>8.0f} {r['p50']:>7.1f} {r['p99']:>7.1f} "
              f"{r['cpu_ms']:>11.2f} {r['stale']:>5}")


if __name__ == "__main__":
    main()
