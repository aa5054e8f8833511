"""Platform benchmark: a move through the real bot in simcord, against a no-op command.

    python -m bench.platform

Prints, for 1, 10 and 100 concurrent matches of the test game: p50/p99 latency from the
interaction arriving to the board message being posted, and moves per second; the same for
the no-op `/help` command (the ratio is the platform's overhead); store commits per second;
resident memory with 1,000 stored and 100 active matches. Prints only; asserts nothing.
"""
from __future__ import annotations

import asyncio
import random
import statistics
import tempfile
import time
from pathlib import Path

import simcord

from bot import Config, create_bot
from engine import registry
from render import registry as renderers
from store import Store
from tests import testgame

registry.register(testgame.RULES)
renderers.register("testgame", testgame)


def rss_mb() -> float:
    for line in Path("/proc/self/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))]


async def burst(env, calls):
    """Dispatch every call without letting simcord settle in between, then settle once:
    all interactions are in flight together, as simultaneous players would make them."""
    real = env._settle_internal

    async def hold(*a, **k):
        return None

    env._settle_internal = hold
    try:
        for call in calls:
            await call()
    finally:
        env._settle_internal = real
    await env.settle(timeout=600)


async def bench_moves(tmp: Path) -> list[tuple]:
    rows = []
    bot = create_bot(Config(database=str(tmp / "bench.db")), extensions=("cogs.matches",))
    async with simcord.run(bot, settle_timeout=600) as env:
        guild = env.create_guild("Bench")
        channel = guild.create_text_channel("games")
        players = [guild.add_member(env.create_user(f"p{i}")) for i in range(200)]
        service = bot.service
        # time the board post of each match: interaction in -> board message out
        posted: dict[int, float] = {}
        original_post = bot.presenter.post_board

        async def timed_post(match, text, **options):
            await original_post(match, text, **options)
            posted[match.id] = time.perf_counter()

        bot.presenter.post_board = timed_post
        answered: dict[int, float] = {}

        async def on_app_command_completion(interaction, command):
            answered[interaction.user.id] = time.perf_counter()

        bot.add_listener(on_app_command_completion)
        for concurrent in (1, 10, 100):
            matches = []
            for i in range(concurrent):
                a, b = players[2 * i], players[2 * i + 1]
                m = await service.create(game="testgame", guild_id=guild.id, channel_id=channel.id,
                                         creator_id=a.id, invited=[b.id], accepted=True,
                                         options={"hand": 10})
                matches.append((m.id, {a.id: a, b.id: b}))
            move_latencies, move_elapsed, moves = [], 0.0, 0
            noop_latencies, noop_elapsed, noops = [], 0.0, 0
            for _round in range(4):
                sent: dict[int, float] = {}
                calls = []
                for match_id, members in matches:
                    m = await service.get(match_id)
                    (seat,) = service.rules(m).active_players(m.snapshot)
                    member = members[m.user_at(seat).user_id]
                    card = m.snapshot["hands"][seat][0]

                    async def call(member=member, card=card, match_id=match_id):
                        sent[match_id] = time.perf_counter()
                        await member.slash(channel, "match move", action=f"play:{card}", match=match_id)
                    calls.append(call)
                start = time.perf_counter()
                await burst(env, calls)
                move_elapsed += time.perf_counter() - start
                moves += len(calls)
                move_latencies += [(posted[mid] - sent[mid]) * 1000 for mid in sent]

                noop_sent: dict[int, float] = {}
                noop_calls = []
                answered.clear()
                for match_id, members in matches:
                    member = next(iter(members.values()))

                    async def noop(member=member):
                        noop_sent[member.id] = time.perf_counter()
                        await member.slash(channel, "help")
                    noop_calls.append(noop)
                start = time.perf_counter()
                await burst(env, noop_calls)
                noop_elapsed += time.perf_counter() - start
                noops += len(noop_calls)
                noop_latencies += [(answered[u] - t) * 1000 for u, t in noop_sent.items()]
            rows.append((concurrent, statistics.median(move_latencies), pct(move_latencies, 99),
                         moves / move_elapsed, statistics.median(noop_latencies), pct(noop_latencies, 99),
                         noops / noop_elapsed))
        # memory: add 1,000 finished matches to the store while 100 stay active
        state = testgame.RULES.setup(2, {}, 1)
        active_rows = await bot.store.list_matches(statuses=("active",), limit=10_000)
        for extra in active_rows[100:]:  # keep exactly 100 active
            await bot.store.update_match(extra.id, status="finished")
        for i in range(1000 - await bot.store.count_matches()):
            mid = await bot.store.create_match(game="testgame", guild_id=guild.id, channel_id=channel.id,
                                               creator_id=1, seed=i, options={}, player_count=2, invited=[],
                                               seats=[(1, False, True), (2, False, True)])
            await bot.store.update_match(mid, status="finished", snapshot=state)
        active = len(await bot.store.list_matches(statuses=("active",), limit=10_000))
        total = await bot.store.count_matches()
        rows.append(("memory", rss_mb(), total, active))
    return rows


async def bench_store(tmp: Path, commits: int = 2000) -> float:
    store = await Store(str(tmp / "commits.db")).open()
    mid = await store.create_match(game="testgame", guild_id=1, channel_id=1, creator_id=1, seed=1, options={},
                                   player_count=2, invited=[], seats=[(1, False, True), (2, False, True)])
    match = await store.get_match(mid)
    snapshot = testgame.RULES.setup(2, {"hand": 10}, 1)
    await store.start_match(mid, match.seats, snapshot)
    start = time.perf_counter()
    for v in range(commits):
        await store.commit_action(mid, v, v % 2, f"play:c{v}", snapshot)
    elapsed = time.perf_counter() - start
    await store.close()
    return commits / elapsed


async def main() -> None:
    random.seed(1)
    with tempfile.TemporaryDirectory() as d:
        tmp = Path(d)
        rows = await bench_moves(tmp)
        commits = await bench_store(tmp)
    print("concurrent | move p50 ms | move p99 ms | moves/s | no-op p50 ms | no-op p99 ms | no-ops/s | overhead (p50 ratio)")
    for row in rows[:-1]:
        n, mp50, mp99, mps, np50, np99, nps = row
        print(f"{n:>10} | {mp50:11.1f} | {mp99:11.1f} | {mps:7.1f} | {np50:12.2f} | {np99:12.2f} | {nps:8.1f} | "
              f"{mp50 / np50 if np50 else float('nan'):.1f}x")
    _, mem, total, active = rows[-1]
    print(f"store commits/s (action + snapshot + version, one transaction each): {commits:.0f}")
    print(f"resident memory with {total} stored and {active} active matches: {mem:.0f} MB")


if __name__ == "__main__":
    asyncio.run(main())
