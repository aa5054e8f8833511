"""Platform benchmark: real moves through the real bot in simcord, timed to their completion.

    python -m bench.platform

What it does. It starts the real bot (`bot.create_bot`, with the cogs it loads by default) inside
simcord's offline virtual Discord, on a database in a temporary directory, and plays three games:
the test game (`tests/testgame.py`, registered here), Battle Line and Battalia, two human players
per match. For each game and for 1, 10 and 100 concurrent matches it plays rounds: in a round
every match whose one seat must act gets one `/match move action:<id> match:<id>` from that
seat's member, the move a seeded random choice among the seat's legal actions (fixed seeds: runs
are comparable). A match that ends is replaced by a new one between rounds, so the concurrency
stays constant. All the moves of a round are dispatched together, without letting simcord settle
(as simultaneous players would send them), then the bench waits until every dispatched command
has COMPLETED: the bot's `app_command_completion` event, or the command tree's error handler.
The move command returns only after the service has posted the board and the players' hands
(the match service awaits the presenter) and answered the mover, so completion means the move
was fully delivered. simcord is settled once after each round, outside the timed section.

Per (game, concurrency) row:
  moves/s      moves completed / wall time of the timed rounds
  p50/p99 ms   latency of one move: from just before `member.slash(...)` to its completion
  CPU ms/move  CPU time of this process (all threads) plus that of its child processes (live
               ones from /proc/<pid>/stat, exited ones from RUSAGE_CHILDREN: render workers, if
               any), over the timed rounds, per move. It includes simcord's virtual Discord,
               which runs in this process too.
  pics/move    pictures drawn per move: `cogs.pictures.STATS["rendered"]` when the code base has a
               render pool with such a counter, else calls of the game's render_board and
               render_hand (wrapped on the drawing module)
  KB/move      bytes the bot sent per move: attachments plus message content, counted at
               simcord's REST router, so channel posts, DMs, interaction answers and ephemeral
               follow-ups alike (edits included)
  errors       moves answered with an error (should be 0)

Pictures and bytes are counted over the timed rounds too (nothing more is sent while simcord
settles after a round: the move command only returns once everything is delivered).

Per game, a floor: the CPU of the unavoidable work of one move, each part the median of 25
repetitions, in this process: (a) one public board picture of a mid-game state of that game at
its real size (render_board of the public view of the bench's most advanced match of the game,
first played on, untimed, to MID_GAME moves through the match service); (b) one store commit of
that game's snapshot (`Store.commit_action`, on a store of its own in the temporary directory);
(c) one board message text (the presenter's head line and footer, and the board's buttons).

Then the resident memory of the process (and of its child processes) with 1,000 stored and 100
active matches: simcord's virtual Discord lives in this process and keeps every message and
picture the bot sent, so this is an upper bound for the bot alone.

The header states the machine's CPU count and load average at the start (and the load is printed
again at the end): compare runs made on an otherwise idle machine. Everything is closed at the
end (render workers, the bot, its database thread) and the process exits. Prints only; asserts
nothing. It takes one to a few minutes on two cores.
"""
from __future__ import annotations

import asyncio
import cProfile
import inspect
import io
import os
import random
import resource
import statistics
import subprocess
import sys
import tempfile
import threading
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

SEED = 20240601
GAMES = (("testgame", {"hand": 5}), ("battleline", {}), ("battalia", {}), ("skytear", {}), ("clash_of_rage", {}))
# concurrent matches -> (moves at least, rounds at least)
LEVELS = ((1, 25, 25), (10, 60, 6), (100, 300, 3))
MOVE_TIMEOUT = 600.0
MID_GAME = {"testgame": 5, "battleline": 40, "battalia": 100, "skytear": 120, "clash_of_rage": 150}  # moves into a game, for the floor
FLOOR_REPS = 25
MEMBERS = 240  # 200 for the 100 matches, a few spare

# ---------------------------------------------------------------------------- measuring


def rss_mb(pid: int | str = "self") -> float:
    try:
        for line in Path(f"/proc/{pid}/status").read_text().splitlines():
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def children_rss_mb() -> tuple[float, int]:
    """Resident memory of the live child processes (render workers, if any), and how many."""
    total, count = 0.0, 0
    for pid in _descendants():
        mb = rss_mb(pid)
        if mb == mb:  # not NaN: still alive
            total, count = total + mb, count + 1
    return total, count


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else float("nan")


_TICK = os.sysconf("SC_CLK_TCK")


def _proc_table() -> dict[int, tuple[int, float]]:
    """pid -> (parent pid, CPU seconds user + system), from /proc."""
    table = {}
    for entry in os.listdir("/proc"):
        if not entry.isdigit():
            continue
        try:
            stat = Path(f"/proc/{entry}/stat").read_text()
        except OSError:
            continue
        fields = stat[stat.rindex(")") + 2:].split()  # fields[0] is field 3 (state)
        table[int(entry)] = (int(fields[1]), (int(fields[11]) + int(fields[12])) / _TICK)
    return table


def _descendants(table: dict[int, tuple[int, float]] | None = None) -> list[int]:
    table = _proc_table() if table is None else table
    me, found = os.getpid(), []
    for pid in table:
        parent, depth = table[pid][0], 0
        while parent and parent != me and parent in table and depth < 64:
            parent, depth = table[parent][0], depth + 1
        if parent == me and pid != me:
            found.append(pid)
    return found


def _descendants_cpu() -> float:
    """CPU seconds (user + system) of the live descendants of this process."""
    table = _proc_table()
    return sum(table[pid][1] for pid in _descendants(table))


def cpu_seconds() -> float:
    """This process (every thread) + its children, live or exited."""
    children = resource.getrusage(resource.RUSAGE_CHILDREN)
    return time.process_time() + children.ru_utime + children.ru_stime + _descendants_cpu()


class Counters:
    """Pictures drawn and bytes sent, as running totals."""

    def __init__(self):
        self.rendered = 0
        self.sent_bytes = 0
        self.pool_stats = None
        try:
            from cogs import pictures as pool  # a code base that draws in worker processes
            stats = getattr(pool, "STATS", None)
            if isinstance(stats, dict):
                self.pool_stats = stats
        except ImportError:
            pass
        self.wrapped: dict[str, dict] = {}  # game -> the module's original functions

    @property
    def pictures_source(self) -> str:
        return "cogs.pictures.STATS" if self.pool_stats is not None else "render_board/render_hand calls"

    def pictures(self) -> int:
        if self.pool_stats is not None:
            return int(self.pool_stats.get("rendered", 0))
        return self.rendered

    def count_drawings(self, game: str) -> None:
        """Count the calls of the game's drawing functions (on the module, so the presenter's
        calls go through the wrapper); not needed when the render pool counts."""
        if self.pool_stats is not None or game in self.wrapped:
            return
        module = renderers.get(game)
        originals = {}
        for name in ("render_board", "render_hand"):
            fn = getattr(module, name, None)
            if fn is None:
                continue
            originals[name] = fn

            def counted(*args, _fn=fn, **kwargs):
                self.rendered += 1
                return _fn(*args, **kwargs)
            # pickled by reference as the module's own function (a worker process that is sent
            # `module.render_board` finds the original there)
            counted.__module__, counted.__name__, counted.__qualname__ = fn.__module__, fn.__name__, fn.__qualname__
            setattr(module, name, counted)
        self.wrapped[game] = originals

    def original(self, game: str, name: str):
        return self.wrapped.get(game, {}).get(name) or getattr(renderers.get(game), name)

    def install_sent_bytes(self) -> None:
        """Every REST call of the bot (its HTTP client and the interaction webhooks) goes through
        simcord's router: count message content and attached files there."""
        from simcord.http import router

        original = router.dispatch
        counters = self

        def dispatch(backend, method, path, *args, json=None, files=None, **kwargs):
            if method in ("POST", "PATCH", "PUT"):
                counters.sent_bytes += _payload_bytes(json) + sum(_file_size(f) for f in files or ())
            return original(backend, method, path, *args, json=json, files=files, **kwargs)
        router.dispatch = dispatch
        self._router = (router, original)

    def uninstall(self) -> None:
        if getattr(self, "_router", None):
            router, original = self._router
            router.dispatch = original
        for game, originals in self.wrapped.items():
            module = renderers.get(game)
            for name, fn in originals.items():
                setattr(module, name, fn)
        self.wrapped.clear()


def _payload_bytes(payload) -> int:
    if not isinstance(payload, dict):
        return 0
    total = 0
    content = payload.get("content")
    if isinstance(content, str):
        total += len(content.encode())
    data = payload.get("data")  # an interaction callback: {"type": .., "data": {"content": ..}}
    if isinstance(data, dict) and isinstance(data.get("content"), str):
        total += len(data["content"].encode())
    return total


def _file_size(file) -> int:
    fp = getattr(file, "fp", None)
    if isinstance(fp, io.BytesIO):
        return fp.getbuffer().nbytes
    try:
        here = fp.tell()
        fp.seek(0, os.SEEK_END)
        size = fp.tell()
        fp.seek(here)
        return size
    except Exception:  # noqa: BLE001 - an unknown file object counts as nothing
        return 0


# ---------------------------------------------------------------------------- the moves


class Completion:
    """One asyncio.Event per user: set when that user's command completed or failed."""

    def __init__(self, bot):
        self.events: dict[int, asyncio.Event] = {}
        self.at: dict[int, float] = {}
        self.errors: dict[int, str] = {}
        original_dispatch = bot.dispatch

        def dispatch(event_name, /, *args, **kwargs):
            if event_name == "app_command_completion" and args:
                self.mark(args[0].user.id)
            return original_dispatch(event_name, *args, **kwargs)
        bot.dispatch = dispatch  # the tree calls client.dispatch at the command's completion
        original_on_error = bot.tree.on_error

        async def on_error(interaction, error):
            try:
                await original_on_error(interaction, error)
            finally:
                self.mark(interaction.user.id, error)
        bot.tree.on_error = on_error  # set by cogs.ui.errors.install at start-up: wrap it

    def expect(self, user_id: int) -> asyncio.Event:
        self.at.pop(user_id, None)
        self.errors.pop(user_id, None)
        self.events[user_id] = event = asyncio.Event()
        return event

    def mark(self, user_id: int, error: BaseException | None = None) -> None:
        event = self.events.get(user_id)
        if event is None or event.is_set():
            return
        self.at[user_id] = time.perf_counter()
        if error is not None:
            original = getattr(error, "original", None) or error
            self.errors[user_id] = f"{type(original).__name__}: {str(original)[:160]}"
        event.set()


async def dispatch_without_settling(env, calls) -> None:
    """Send every call without letting simcord settle in between: all the interactions are in
    flight together. (Nothing is awaited to completion here.)"""
    real = env._settle_internal

    async def hold(*a, **k):
        return None

    env._settle_internal = hold
    try:
        for call in calls:
            await call()
    finally:
        env._settle_internal = real


class Bench:
    def __init__(self, env, bot, guild, channel, members, counters: Counters):
        self.env, self.bot, self.guild, self.channel = env, bot, guild, channel
        self.members = members
        self.by_id = {m.id: m for m in members}
        self.counters = counters
        self.completion = Completion(bot)
        self.mid_game: dict[str, tuple] = {}  # game -> ((active, version), match id) for the floor
        self.profiler: cProfile.Profile | None = None  # --profile: the timed sections of one row
        self.worker_cpu = 0.0  # CPU seconds of the child processes in the timed sections

    async def new_match(self, game: str, options: dict, a, b) -> int:
        m = await self.bot.service.create(game=game, guild_id=self.guild.id, channel_id=self.channel.id,
                                          creator_id=a.id, invited=[b.id], accepted=True, options=dict(options))
        return m.id

    async def run_level(self, game: str, options: dict, concurrent: int, min_moves: int, min_rounds: int) -> dict:
        service = self.bot.service
        rng = random.Random(f"{SEED}-{game}-{concurrent}")
        pairs = [(self.members[2 * i], self.members[2 * i + 1]) for i in range(concurrent)]
        matches = [await self.new_match(game, options, a, b) for a, b in pairs]
        await self.env.settle(timeout=MOVE_TIMEOUT)
        latencies: list[float] = []
        errors: list[str] = []
        elapsed = cpu = 0.0
        moves = pictures = sent = replaced = skipped = rounds = idle = 0
        while moves < min_moves or rounds < min_rounds:
            rounds += 1
            # untimed: replace finished matches, then pick each move
            plan = []
            for i, match_id in enumerate(matches):
                m = await service.get(match_id)
                if m.status != "active":
                    a, b = pairs[i]
                    matches[i] = match_id = await self.new_match(game, options, a, b)
                    replaced += 1
                    await self.env.settle(timeout=MOVE_TIMEOUT)
                    m = await service.get(match_id)
                active = service.rules(m).active_players(m.snapshot) if m.status == "active" else set()
                if not active:
                    skipped += 1
                    continue
                seat = min(active)  # several asked at once (a mulligan, a response window): one of them moves
                actions = service.legal_actions(m, seat)
                if not actions:
                    skipped += 1
                    continue
                action = rng.choice(actions).id
                plan.append((self.by_id[m.user_at(seat).user_id], action, match_id))
            if not plan:
                idle += 1
                if idle >= 3:  # nothing to move three rounds running: report what there is
                    break
                continue
            idle = 0
            sent_at: dict[int, float] = {}
            events = [self.completion.expect(member.id) for member, _a, _m in plan]
            calls = []
            for member, action, match_id in plan:
                async def call(member=member, action=action, match_id=match_id):
                    sent_at[member.id] = time.perf_counter()
                    try:
                        await member.slash(self.channel, "match move", action=action, match=match_id)
                    except Exception as exc:  # noqa: BLE001 - refused by simcord: counts as an error
                        self.completion.mark(member.id, exc)
                calls.append(call)
            # ---- timed section
            pictures0, sent0, cpu0 = self.counters.pictures(), self.counters.sent_bytes, cpu_seconds()
            workers0 = cpu_seconds() - time.process_time()
            if self.profiler is not None:
                self.profiler.enable()
            start = time.perf_counter()
            await dispatch_without_settling(self.env, calls)
            try:
                await asyncio.wait_for(asyncio.gather(*(e.wait() for e in events)), MOVE_TIMEOUT)
            except asyncio.TimeoutError:
                for member, _a, _m in plan:  # a move that never completed counts as an error
                    self.completion.mark(member.id, TimeoutError(f"no completion in {MOVE_TIMEOUT:.0f} s"))
            end = time.perf_counter()
            if self.profiler is not None:
                self.profiler.disable()
            self.worker_cpu += cpu_seconds() - time.process_time() - workers0
            cpu += cpu_seconds() - cpu0
            pictures += self.counters.pictures() - pictures0
            sent += self.counters.sent_bytes - sent0
            elapsed += end - start
            # ---- end of the timed section
            moves += len(plan)
            for member, _a, _m in plan:
                latencies.append((self.completion.at[member.id] - sent_at[member.id]) * 1000)
                if member.id in self.completion.errors:
                    errors.append(self.completion.errors[member.id])
            await self.env.settle(timeout=MOVE_TIMEOUT)  # untimed: let simcord clean up
        # the most advanced match still going: the floor's mid-game state is taken from it
        for match_id in matches:
            m = await service.get(match_id)
            best = self.mid_game.get(game)
            if m.snapshot is not None and (best is None or (m.status == "active", m.version) > best[0]):
                self.mid_game[game] = ((m.status == "active", m.version), m.id)
        return {"game": game, "concurrent": concurrent, "moves": moves, "rounds": rounds,
                "moves_s": moves / elapsed if elapsed else float("nan"),
                "p50": statistics.median(latencies) if latencies else float("nan"),
                "p99": pct(latencies, 99),
                "cpu_ms": cpu * 1000 / moves if moves else float("nan"),
                "pics": pictures / moves if moves else float("nan"),
                "kb": sent / 1024 / moves if moves else float("nan"),
                "errors": errors, "replaced": replaced, "skipped": skipped}

    # ------------------------------------------------------------------------ the floor

    async def mid_game_match(self, game: str):
        """The bench's most advanced match of `game`, played on (seeded random moves through
        the service, untimed) to MID_GAME[game] moves, unless it ends first."""
        service = self.bot.service
        rng = random.Random(f"{SEED}-{game}-floor")
        match = await service.get(self.mid_game[game][1])
        while match.status == "active" and match.version < MID_GAME.get(game, 0):
            active = service.rules(match).active_players(match.snapshot)
            seat = min(active) if active else None
            actions = service.legal_actions(match, seat) if seat is not None else []
            if not actions:
                break
            await service.act(match.id, match.user_at(seat).user_id, rng.choice(actions).id)
            match = await service.get(match.id)
        await self.env.settle(timeout=MOVE_TIMEOUT)
        return match

    async def floor(self, game: str, tmp: Path) -> dict:
        service, presenter = self.bot.service, self.bot.presenter
        match = await self.mid_game_match(game)
        names = await presenter.seat_names(match, "en")
        parts: dict[str, float | str] = {"version": match.version, "status": match.status}

        def median_cpu(fn) -> float:
            samples = []
            for _ in range(FLOOR_REPS):
                t = time.process_time()
                fn()
                samples.append((time.process_time() - t) * 1000)
            return statistics.median(samples)

        # (a) one public board picture, in-process, of the real size
        try:
            view = service.public_view(match)
            draw = self.counters.original(game, "render_board")
            png = draw(view, names, "en")
            parts["board_kb"] = len(png) / 1024
            parts["render"] = median_cpu(lambda: draw(view, names, "en"))
        except Exception as exc:  # noqa: BLE001
            parts["render"] = f"n/a ({type(exc).__name__}: {exc})"
        # (b) one store commit of this game's snapshot, on a store of its own
        try:
            store = await Store(str(tmp / f"floor-{game}.db")).open()
            try:
                mid = await store.create_match(game=game, guild_id=1, channel_id=1, creator_id=1, seed=1,
                                               options={}, player_count=len(match.seats), invited=[],
                                               seats=[(s.user_id, False, True) for s in match.seats])
                row = await store.get_match(mid)
                await store.start_match(mid, row.seats, match.snapshot)
                version = (await store.get_match(mid)).version
                samples = []
                for i in range(FLOOR_REPS + 2):
                    t = time.process_time()
                    await store.commit_action(mid, version, i % len(match.seats), "bench", match.snapshot)
                    samples.append((time.process_time() - t) * 1000)
                    version += 1
                parts["commit"] = statistics.median(samples[2:])
            finally:
                await store.close()
        except Exception as exc:  # noqa: BLE001
            parts["commit"] = f"n/a ({type(exc).__name__}: {exc})"
        # (c) one board message: its head line, footer and buttons (what post_board builds
        # besides the picture; the narration is already text by then)
        try:
            from cogs.components import board_view
            from engine.text import Msg
            from i18n import render

            def build():
                head = render(Msg("**{title}** · move {version}", title=presenter.title(match),
                                  version=match.version), "en")
                text = f"{head}\n{presenter.footer(match, names, lang='en')}".strip()
                board_view(match.id, [], "en")
                return text
            build()
            parts["message"] = median_cpu(build)
        except Exception as exc:  # noqa: BLE001
            parts["message"] = f"n/a ({type(exc).__name__}: {exc})"
        return parts

    # ------------------------------------------------------------------------ memory

    async def memory(self) -> tuple | None:
        """Resident memory with 1,000 stored and 100 active matches (extra active matches are
        marked finished in the store; finished test-game matches are added up to 1,000)."""
        store = self.bot.store
        try:
            active_rows = await store.list_matches(statuses=("active",), limit=10_000)
            for extra in active_rows[100:]:
                await store.update_match(extra.id, status="finished")
            state = testgame.RULES.setup(2, {}, 1)
            for i in range(max(0, 1000 - await store.count_matches())):
                mid = await store.create_match(game="testgame", guild_id=self.guild.id, channel_id=self.channel.id,
                                               creator_id=1, seed=i, options={}, player_count=2, invited=[],
                                               seats=[(1, False, True), (2, False, True)])
                await store.update_match(mid, status="finished", snapshot=state)
            active = len(await store.list_matches(statuses=("active",), limit=10_000))
            return (rss_mb(), await store.count_matches(), active, children_rss_mb(),
                    self.counters.sent_bytes)
        except Exception as exc:  # noqa: BLE001
            print(f"memory: n/a ({type(exc).__name__}: {exc})", flush=True)
            return None


# ---------------------------------------------------------------------------- shutting down


async def shut_down(bot) -> None:
    """Close what would keep the process alive: the render pool (bot.pictures.close(), and
    cogs.pictures.shutdown() where the code base has them), the bot, its store."""
    pictures = getattr(bot, "pictures", None)
    if pictures is not None and hasattr(pictures, "close"):
        try:
            result = pictures.close()
            if inspect.isawaitable(result):
                await asyncio.wait_for(result, 60)
        except Exception as exc:  # noqa: BLE001
            print(f"(closing bot.pictures: {type(exc).__name__}: {exc})", file=sys.stderr)
    try:
        from cogs import pictures as pool  # the worker processes of a code base that draws in them
        if hasattr(pool, "shutdown"):
            await asyncio.wait_for(asyncio.to_thread(pool.shutdown), 60)
    except ImportError:
        pass
    except Exception as exc:  # noqa: BLE001
        print(f"(shutting down cogs.pictures: {type(exc).__name__}: {exc})", file=sys.stderr)
    try:
        if not bot.is_closed():
            await asyncio.wait_for(bot.close(), 60)
    except Exception as exc:  # noqa: BLE001
        print(f"(closing the bot: {type(exc).__name__}: {exc})", file=sys.stderr)
    try:
        await bot.store.close()  # an open aiosqlite thread keeps the process alive
    except Exception as exc:  # noqa: BLE001
        print(f"(closing the store: {type(exc).__name__}: {exc})", file=sys.stderr)


# ---------------------------------------------------------------------------- main


def header() -> str:
    try:
        commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                                timeout=10).stdout.strip() or "?"
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".",
                                ":!bench/platform.py"], capture_output=True, text=True, timeout=10).stdout.strip()
        commit += " (with uncommitted changes)" if dirty else ""
    except Exception:  # noqa: BLE001
        commit = "?"
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (f"bench.platform — {time.strftime('%Y-%m-%d %H:%M:%S')} · commit {commit} · Python "
            f"{sys.version.split()[0]}\nmachine: {os.cpu_count()} CPUs, load average (1/5/15 min) {load} "
            f"at the start")


def fmt(value, width: int, digits: int = 1) -> str:
    return f"{value:{width}.{digits}f}" if isinstance(value, float) else f"{str(value):>{width}}"


async def run(tmp: Path, games=GAMES, levels=LEVELS, profile: bool = False) -> None:
    counters = Counters()
    bot = create_bot(Config(token=None, database=str(tmp / "bench.db")))  # the default cogs
    bot.service.seed_source = random.Random(SEED)  # the same deals every run
    rows, floors, memory = [], {}, None
    try:
        async with simcord.run(bot, settle_timeout=MOVE_TIMEOUT) as env:
            counters.install_sent_bytes()
            guild = env.create_guild("Bench")
            channel = guild.create_text_channel("games")
            members = [guild.add_member(env.create_user(f"p{i}")) for i in range(MEMBERS)]
            await env.settle(timeout=MOVE_TIMEOUT)
            bench = Bench(env, bot, guild, channel, members, counters)
            print(f"pictures counted from: {counters.pictures_source}", flush=True)
            print(f"{'game':<10} | {'matches':>7} | {'moves':>5} | {'moves/s':>7} | {'p50 ms':>7} | {'p99 ms':>7} | "
                  f"{'CPU ms/move':>11} | {'pics/move':>9} | {'KB/move':>7} | errors", flush=True)
            profiles = []
            for game, options in games:
                counters.count_drawings(game)
                for concurrent, min_moves, min_rounds in levels:
                    bench.profiler = cProfile.Profile() if profile else None
                    bench.worker_cpu = 0.0
                    row = await bench.run_level(game, options, concurrent, min_moves, min_rounds)
                    if profile:
                        profiles.append((game, concurrent, row["moves"], bench.profiler, bench.worker_cpu))
                    rows.append(row)
                    note = f"{len(row['errors'])}" + (f" (first: {row['errors'][0]})" if row["errors"] else "")
                    print(f"{game:<10} | {concurrent:>7} | {row['moves']:>5} | {fmt(row['moves_s'], 7)} | "
                          f"{fmt(row['p50'], 7)} | {fmt(row['p99'], 7)} | {fmt(row['cpu_ms'], 11)} | "
                          f"{fmt(row['pics'], 9, 2)} | {fmt(row['kb'], 7)} | {note}", flush=True)
                floors[game] = await bench.floor(game, tmp)
            for game, concurrent, moves, profiler, worker_cpu in profiles:
                print_profile(game, concurrent, moves, profiler, worker_cpu)
            print(flush=True)
            print(f"floor: CPU ms of the unavoidable work of one move, median of {FLOOR_REPS}, in this process",
                  flush=True)
            for game, parts in floors.items():
                numbers = [parts.get(k) for k in ("render", "commit", "message")]
                total = sum(numbers) if all(isinstance(n, float) for n in numbers) else None
                size = f", {parts['board_kb']:.0f} KB PNG" if "board_kb" in parts else ""
                print(f"floor {game:<10}: board picture ({parts['status']} match at move {parts['version']}{size}) {fmt(parts['render'], 0)} + "
                      f"store commit {fmt(parts['commit'], 0, 2)} + board message {fmt(parts['message'], 0, 2)} "
                      f"= {fmt(total, 0) if total is not None else 'n/a'} ms", flush=True)
            memory = await bench.memory()
            await env.settle(timeout=MOVE_TIMEOUT)
    finally:
        counters.uninstall()
        await shut_down(bot)
    if memory is not None:
        mem, total, active, (children, count), held = memory
        workers = f" + {children:.0f} MB in {count} child process(es)" if count else ""
        print(f"resident memory with {total} stored and {active} active matches: {mem:.0f} MB{workers} "
              f"(this process holds simcord's virtual Discord too, with the {held / 2**20:.0f} MB the bot sent)",
              flush=True)


# where the event loop's time goes, by the code that spends it (--profile)
PROFILE_GROUPS = (("virtual Discord (simcord)", "site-packages/simcord"), ("discord.py", "site-packages/discord/"),
                  ("database thread hand-off (aiosqlite)", "site-packages/aiosqlite"),
                  ("engines", "/engine/"), ("cogs (Discord adapter)", "/cogs/"), ("match service", "/matches/"),
                  ("store", "/store/"), ("catalogue (i18n)", "/i18n/"), ("pictures (in this process)", "/render/"),
                  ("the bench itself", "/bench/"), ("asyncio", "/asyncio/"))


def print_profile(game: str, concurrent: int, moves: int, profiler, worker_cpu: float) -> None:
    """The event loop's CPU in the timed sections, by who spent it (cProfile's own time per
    function, grouped by file; the standard library's charged to its callers), per move; the
    render workers' CPU beside it. Profiling slows the loop: read the shares, not the speed."""
    import pstats
    stats = pstats.Stats(profiler).stats

    def own_group(func) -> str | None:
        path, _line, name = func
        if name.startswith("<method 'poll'") or name.startswith("<method 'select'"):
            return "waiting (idle)"
        return next((label for label, part in PROFILE_GROUPS if part in path), None)

    shares: dict = {}

    def owners(func, seen=frozenset()) -> dict[str, float]:
        """Who a function works for: its own group, else (built-ins and the standard library:
        json, string formatting, copy...) its callers', in proportion to their time in it."""
        if func in shares:
            return shares[func]
        group = own_group(func)
        if group is not None:
            result = {group: 1.0}
        else:
            callers = stats.get(func, (0, 0, 0, 0, {}))[4]
            total = sum(entry[3] for caller, entry in callers.items() if caller not in seen) or 0.0
            result = {}
            for caller, entry in callers.items():
                if caller in seen or not total:
                    continue
                for g, share in owners(caller, seen | {func}).items():
                    result[g] = result.get(g, 0.0) + share * entry[3] / total
            result = result or {"Python built-ins and standard library": 1.0}
        if not seen:
            shares[func] = result
        return result

    groups: dict[str, float] = {}
    for func, (_cc, _nc, own, _cum, _callers) in stats.items():
        for group, share in owners(func).items():
            groups[group] = groups.get(group, 0.0) + own * share
    print(f"\nprofile {game} at {concurrent} concurrent: CPU ms per move of the event loop by part "
          f"(cProfile, {moves} moves)", flush=True)
    for group, seconds in sorted(groups.items(), key=lambda item: -item[1]):
        print(f"  {seconds * 1000 / moves:7.2f}  {group}", flush=True)
    print(f"  {worker_cpu * 1000 / moves:7.2f}  render worker processes (pictures)", flush=True)


def main() -> None:
    import argparse
    parser = argparse.ArgumentParser(description="Moves through the real bot in simcord, timed to completion.")
    parser.add_argument("--games", default=",".join(g for g, _ in GAMES),
                        help="games to run, comma-separated (default: all of them)")
    parser.add_argument("--levels", default=",".join(str(n) for n, *_ in LEVELS),
                        help="concurrent matches, comma-separated (default: 1,10,100)")
    parser.add_argument("--profile", action="store_true",
                        help="also print where the event loop's CPU goes (cProfile; slows the run)")
    args = parser.parse_args()
    games = tuple((g, o) for g, o in GAMES if g in args.games.split(","))
    levels = tuple(level for level in LEVELS if str(level[0]) in args.levels.split(","))
    print(header(), flush=True)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as d:
        asyncio.run(run(Path(d), games, levels, args.profile))
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"wall time {time.perf_counter() - started:.0f} s; load average (1/5/15 min) {load} at the end", flush=True)
    sys.stdout.flush()
    sys.stderr.flush()
    # last resort: a thread someone left running (a database, a pool) must not keep us alive
    stragglers = [t for t in threading.enumerate() if t is not threading.main_thread() and not t.daemon]
    if stragglers:
        print(f"(exiting past {len(stragglers)} running thread(s): {', '.join(t.name for t in stragglers)})",
              file=sys.stderr, flush=True)
        os._exit(0)


if __name__ == "__main__":
    main()
