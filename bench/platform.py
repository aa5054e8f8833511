"""Platform benchmark: real moves through the real bot in simcord, at late-game states, timed to
their completion, with the CPU they cost split between the bot and the virtual Discord, against
a floor.

    python -m bench.platform            # all games, 1, 10 and 100 concurrent matches
    python -m bench.platform --quick    # the five games at 10 concurrent matches, fewer moves
    python -m bench.platform --games civilization --levels 10 --profile
    python -m bench.platform --memory   # memory of the bot and its render workers, 100 live matches

What it does. It starts the real bot (`bot.create_bot`, with the cogs it loads by default) inside
simcord's offline virtual Discord, on a database in a temporary directory, and plays the five
games (Battle Line, Battalia, Skytear, Clash of Rage, Civilization; and, without --quick, the
test game of `tests/testgame.py` as a baseline of a game that costs nothing), two human players
per match. For each game and each level of 1, 10 and 100 concurrent matches (--quick: 10) it
plays rounds: in a round every match gets one `/match move action:<id> match:<id>` from the
member whose seat must act (the lowest seat when several are asked at once), the move being the
engine's computer player's choice for that seat (seeded; a random legal move if the computer
names a move that is not listed). A match that ends is replaced between rounds, so the
concurrency stays constant. The moves of a round are dispatched together, without letting
simcord settle (as simultaneous players would send them); the bench then waits until every
command has COMPLETED (the bot's `app_command_completion` event, or the command tree's error
handler). The move command returns only once the service has posted the board and the hands
(the match service awaits the presenter) and answered the mover, so completion means the move
was fully delivered. simcord is settled after each round, outside the timed section. Before
each row's first round and before its floor, the heap is collected and what survives frozen
(`gc.freeze`), so a row does not pay for collecting what earlier rows and simcord's record of
every message left behind.

Late-game states. Before any move is timed, every match is fast-forwarded, untimed, to a late
point of a real game (bench/late.py): a seeded game of the engine's computer player on both
seats is played to its end, and the match is set at 75 % of its moves (`late.LATE`). With the
first two seeds and the engines as they play today, Battle Line's matches start at move 65 or
79 (of games of 87 and 106 moves), Battalia's at 330 or 621 (of 440 and 828), Skytear's at 144
or 123 (of 193 and 164), Clash of Rage's at 75 or 129 (of 100 and 173), Civilization's at 303 or
508 (of 404 and 678); each game's header line prints where its matches start, and the floor
lines which moves were timed. The match is created through the match service with that game's
seed, its log up to that point is written into the store in one transaction (the actions and
the late snapshot, so the match's history and replay hold the real game), and its late board
and every hand are posted once (as the previous move of a running match would have), which
warms the bot's hand-picture cache as in a running game. A game's matches start from `PREPARED`
(--quick: 2) such computer games, used in turn.

Per (game, concurrency) row:
  moves/s       moves completed / wall time of the timed rounds
  p50/p99 ms    latency of one move: from just before `member.slash(...)` to its completion
  CPU ms/move (all)  CPU of this process (every thread) and of its child processes (the render
                workers, whose pids are noted once after start-up: bench/cpu.py), read just
                before and just after each round's timed section (never inside it: a reading
                opens two or three /proc files), per move
  simcord ms/move    the part of it spent inside simcord itself, measured by accumulating
                wrappers on simcord's entry points, exclusive of the bot's work nested in them
                (bench/simcost.py says exactly which: its REST transports and backend, its
                gateway, the simulated users' side of each slash command, its loop hooks and
                virtual clock; discord.py's parsing of each event stays the bot's)
  bot ms/move   all − simcord: what the bot itself spent per move
  floor ms/move the unavoidable CPU of the same moves (bench/floor.py): the engine's apply, the
                legal moves of each seat asked next, one store commit, the move menus of the
                seats the move tells that have moves, and the pictures the move needs (a board
                when the turn changes hands or the game ends; the hands, of the seats the move
                tells, whose picture changed), measured afterwards on every one of
                this row's timed moves, replayed from the states they were made in, in this process
  bot÷floor     bot ms/move divided by the floor (the product's target is ≤ 1.3; printed only)
  pics/move     pictures drawn per move (`cogs.pictures.STATS["rendered"]` when the code base has
                a render pool with such a counter, else calls of the game's render_board and
                render_hand)
  KB/move       bytes the bot sent per move: attachments plus message content, counted at
                simcord's REST router (channel posts, DMs, interaction answers and follow-ups,
                edits included)
  errors        moves answered with an error (should be 0)

Under each game's rows: the floor's parts per row, with the boards and hands the floor draws per
move beside those the bot drew (from the render pool's counters). At the end: a summary of bot ms/move ÷
floor per game and level, and how many wrapped calls the simcord accounting made per move with
the cost of one (the instrumentation's own share of the figures). The bench's own waiting on the
moves (an asyncio event per move) is in the bot's figure; it is small.

Then the resident memory of the process (and of its child processes) with 1,000 stored and at
most 100 active matches (the others are marked finished): simcord's virtual Discord lives in this process and keeps every
message and picture the bot sent, so this is an upper bound for the bot alone.

The header states the machine's CPU count and load average at the start (and the load is printed
again at the end): compare runs made on an otherwise idle machine. Whatever happens (an error, a
move that never completes, Ctrl-C), everything is closed at the end (render workers, the bot,
its database thread, the floor's stores) and the process exits by itself; a shutdown that hangs
is cut after `EXIT_GRACE` seconds. Prints only; asserts nothing. The whole run takes ten minutes
or more on two cores; --quick a few minutes.
"""
from __future__ import annotations

import asyncio
import cProfile
import gc
import inspect
import io
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import simcord

from bench import late
from bench.cpu import ProcessCPU, pss_mb, rss_mb
from bench.floor import Floor, MoveSample
from bench.simcost import SIM, Charged, Ledger
from bot import Config, create_bot
from engine import registry
from engine.base import normalise_options
from render import registry as renderers
from tests import testgame

registry.register(testgame.RULES)
renderers.register("testgame", testgame)

SEED = 20240601
GAMES = (("testgame", {"hand": 5}), ("battleline", {}), ("battalia", {}), ("skytear", {}), ("clash_of_rage", {}),
         ("civilization", {}))
FIVE = ("battleline", "battalia", "skytear", "clash_of_rage", "civilization")
# concurrent matches -> (moves at least, rounds at least)
LEVELS = ((1, 25, 25), (10, 60, 6), (100, 300, 3))
QUICK_LEVELS = ((10, 30, 3),)
PREPARED, QUICK_PREPARED = 4, 2  # seeded computer games per game whose late states matches start from
MOVE_TIMEOUT = 600.0
MEMBERS = 240  # 200 for the 100 matches, a few spare
EXIT_GRACE = 90.0  # seconds the shutdown may take before the process is ended anyway


def pct(values: list[float], p: float) -> float:
    values = sorted(values)
    return values[min(len(values) - 1, int(round(p / 100 * (len(values) - 1))))] if values else float("nan")


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

    def boards(self) -> int | None:
        """Boards drawn so far, where the render pool counts them apart (else None)."""
        if self.pool_stats is not None and "board" in self.pool_stats:
            return int(self.pool_stats["board"])
        return None

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
        # getvalue, not getbuffer: a BytesIO made from bytes shares them until a buffer is taken,
        # so getbuffer would copy every picture the bot sends and count the copy as the bot's
        return len(fp.getvalue())
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


def settle_heap() -> None:
    """Collect, then freeze what survives (gc.freeze): the heap left by earlier rows, and
    simcord's record of every message and request so far, is not traversed again by the
    collections of the next timed section (a real bot keeps no such history in memory)."""
    gc.collect()
    gc.freeze()


class _Seeds:
    """The match service's seed source: the seeds queued here first (a match is created with
    the seed of the computer game it is fast-forwarded along), then a seeded generator."""

    def __init__(self, fallback: random.Random):
        self.queue: list[int] = []
        self.fallback = fallback

    def randrange(self, *args):
        return self.queue.pop(0) if self.queue else self.fallback.randrange(*args)


def _same_state(a: dict, b: dict) -> bool:
    return json.dumps(a, sort_keys=True, default=str) == json.dumps(b, sort_keys=True, default=str)


class Bench:
    def __init__(self, env, bot, guild, channel, members, counters: Counters, cpu: ProcessCPU, ledger: Ledger,
                 floor: Floor, prepared: int):
        self.env, self.bot, self.guild, self.channel = env, bot, guild, channel
        self.members = members
        self.by_id = {m.id: m for m in members}
        self.counters, self.cpu, self.ledger, self.floor = counters, cpu, ledger, floor
        self.prepared = prepared
        self.completion = Completion(bot)
        self.seeds = _Seeds(random.Random(SEED))
        bot.service.seed_source = self.seeds  # the same deals every run
        self.late: dict[str, list[late.LateGame]] = {}
        self.turn: dict[str, int] = {}  # game -> the next prepared game to start a match from
        self.profiler: cProfile.Profile | None = None  # --profile: the timed sections of one row
        self.worker_cpu = 0.0  # CPU seconds of the child processes in the timed sections

    # ------------------------------------------------------------------------ late-game matches

    def prepare(self, game: str, options: dict) -> list[late.LateGame]:
        """The seeded computer games this game's matches are fast-forwarded along (untimed)."""
        if game not in self.late:
            rules = registry.get(game)
            options = normalise_options(rules, 2, dict(options))
            self.late[game] = [late.late_game(game, 2, SEED + i, options) for i in range(self.prepared)]
            self.turn[game] = 0
        return self.late[game]

    async def new_match(self, game: str, options: dict, a, b) -> int:
        """A match between a and b, created through the service, fast-forwarded to a late state."""
        games = self.late[game]
        chosen = games[self.turn[game] % len(games)]
        self.turn[game] += 1
        self.seeds.queue.append(chosen.seed)
        m = await self.bot.service.create(game=game, guild_id=self.guild.id, channel_id=self.channel.id,
                                          creator_id=a.id, invited=[b.id], accepted=True, options=dict(options))
        await self.fast_forward(m.id, chosen)
        return m.id

    async def fast_forward(self, match_id: int, chosen: late.LateGame) -> None:
        service, store = self.bot.service, self.bot.store
        match = await service.get(match_id)
        if match.status != "active" or match.version != 0 or not _same_state(match.snapshot, chosen.initial):
            raise RuntimeError(f"match {match_id} ({match.game}) did not start as the computer game of seed "
                               f"{chosen.seed} did: cannot fast-forward it")
        now = time.time()
        statements = [("INSERT INTO actions (match_id, seq, seat, action, at) VALUES (?,?,?,?,?)",
                       (match_id, number, seat, action, now)) for number, (seat, action) in enumerate(chosen.log, 1)]
        statements.append(("UPDATE matches SET version=?, snapshot=?, updated_at=? "
                           "WHERE id=? AND version=0 AND status='active'",
                           (chosen.move, json.dumps(chosen.state), now, match_id)))
        await store.transaction(statements)
        match = await service.get(match_id)
        if match.version != chosen.move:
            raise RuntimeError(f"match {match_id}: the fast-forward was not written")
        # the late board and every hand, as the previous move would have posted them
        await self.bot.presenter.post_board(match, f"(bench: fast-forwarded to move {chosen.move}.)", ping=False)
        for seat in match.seats:
            await self.bot.presenter.send_private(match, seat.seat)

    # ------------------------------------------------------------------------ one row

    def choose(self, rules, state: dict, seat: int, rng: random.Random) -> str:
        """The computer player's move for the seat (seeded), if it is listed; else a random one."""
        legal = [a.id for a in rules.legal_actions(state, seat)]  # the engine's: the bot's cache stays untouched
        if not legal:
            return ""
        try:
            action = rules.ai_choose(state, seat, rng.randrange(1 << 30))
        except Exception:  # noqa: BLE001 - a game without a computer player
            action = None
        return action if action in legal else rng.choice(legal)

    async def run_level(self, game: str, options: dict, concurrent: int, min_moves: int, min_rounds: int) -> dict:
        service = self.bot.service
        self.prepare(game, options)
        rng = random.Random(f"{SEED}-{game}-{concurrent}")
        pairs = [(self.members[2 * i], self.members[2 * i + 1]) for i in range(concurrent)]
        matches = [await self.new_match(game, options, a, b) for a, b in pairs]
        await self.env.settle(timeout=MOVE_TIMEOUT)
        settle_heap()
        latencies: list[float] = []
        errors: list[str] = []
        samples: list[MoveSample] = []
        elapsed = cpu = sim = workers = 0.0
        moves = pictures = boards = sent = replaced = skipped = rounds = idle = calls_made = 0
        started_at: list[int] = []
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
                rules = service.rules(m)
                active = rules.active_players(m.snapshot) if m.status == "active" else set()
                if not active:
                    skipped += 1
                    continue
                seat = min(active)  # several asked at once (a simultaneous choice, a window): one of them moves
                action = self.choose(rules, m.snapshot, seat, rng)
                if not action:
                    skipped += 1
                    continue
                # every timed move is measured for the floor afterwards, from this state (as JSON: small)
                samples.append(MoveSample(game, json.dumps(m.snapshot), seat, action, len(m.seats),
                                          await self.bot.presenter.seat_names(m, "en"), "en", m.version))
                started_at.append(m.version)
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
                    try:  # the simulated user's side of the command is simcord's
                        await Charged(member.slash(self.channel, "match move", action=action, match=match_id),
                                      self.ledger, SIM)
                    except Exception as exc:  # noqa: BLE001 - refused by simcord: counts as an error
                        self.completion.mark(member.id, exc)
                calls.append(call)
            # ---- readings before the timed section
            pictures0, boards0, sent0 = self.counters.pictures(), self.counters.boards(), self.counters.sent_bytes
            calls0, sim0 = self.ledger.calls, self.ledger.seconds()
            workers0 = self.cpu.children()
            cpu0 = time.process_time() + workers0
            if self.profiler is not None:
                self.profiler.enable()
            # ---- the timed section
            start = time.perf_counter()
            await dispatch_without_settling(self.env, calls)
            try:
                await asyncio.wait_for(asyncio.gather(*(e.wait() for e in events)), MOVE_TIMEOUT)
            except TimeoutError:
                for member, _a, _m in plan:  # a move that never completed counts as an error
                    self.completion.mark(member.id, TimeoutError(f"no completion in {MOVE_TIMEOUT:.0f} s"))
            end = time.perf_counter()
            # ---- readings after it
            if self.profiler is not None:
                self.profiler.disable()
            workers1 = self.cpu.children()
            cpu += time.process_time() + workers1 - cpu0
            self.worker_cpu += workers1 - workers0
            workers += workers1 - workers0
            sim += self.ledger.seconds() - sim0
            calls_made += self.ledger.calls - calls0
            pictures += self.counters.pictures() - pictures0
            if boards0 is not None:
                boards += self.counters.boards() - boards0
            sent += self.counters.sent_bytes - sent0
            elapsed += end - start
            moves += len(plan)
            for member, _a, _m in plan:
                latencies.append((self.completion.at[member.id] - sent_at[member.id]) * 1000)
                if member.id in self.completion.errors:
                    errors.append(self.completion.errors[member.id])
            await self.env.settle(timeout=MOVE_TIMEOUT)  # untimed: let simcord clean up
        settle_heap()
        floor = await self.floor.measure(samples)  # untimed, after the rounds
        per = (lambda x: x * 1000 / moves) if moves else (lambda x: float("nan"))
        bot_ms = per(cpu - sim)
        return {"game": game, "concurrent": concurrent, "moves": moves, "rounds": rounds,
                "moves_s": moves / elapsed if elapsed else float("nan"),
                "p50": statistics.median(latencies) if latencies else float("nan"),
                "p99": pct(latencies, 99),
                "cpu_ms": per(cpu), "sim_ms": per(sim), "bot_ms": bot_ms, "workers_ms": per(workers),
                "floor": floor, "ratio": bot_ms / floor.total if floor.moves and floor.total else float("nan"),
                "pics": pictures / moves if moves else float("nan"),
                "boards": boards / moves if moves and self.counters.boards() is not None else None,
                "kb": sent / 1024 / moves if moves else float("nan"),
                "calls": calls_made / moves if moves else float("nan"),
                "from_move": min(started_at) if started_at else 0, "to_move": max(started_at) if started_at else 0,
                "errors": errors, "replaced": replaced, "skipped": skipped}

    # ------------------------------------------------------------------------ memory

    async def memory(self) -> tuple | None:
        """Resident memory with 1,000 stored and at most 100 active matches (active matches
        past 100 are marked finished in the store; finished test-game matches are added up to
        1,000)."""
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
            return (rss_mb(), await store.count_matches(), active, self.cpu.children_rss_mb(),
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
        dirty = subprocess.run(["git", "status", "--porcelain", "--untracked-files=no", "--", ".", ":!bench"],
                               capture_output=True, text=True, timeout=10).stdout.strip()
        commit += " (with uncommitted changes)" if dirty else ""
    except Exception:  # noqa: BLE001
        commit = "?"
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    return (f"bench.platform — {time.strftime('%Y-%m-%d %H:%M:%S')} · commit {commit} · Python "
            f"{sys.version.split()[0]}\nmachine: {os.cpu_count()} CPUs, load average (1/5/15 min) {load} "
            f"at the start")


def fmt(value, width: int, digits: int = 1) -> str:
    return f"{value:{width}.{digits}f}" if isinstance(value, float) else f"{str(value):>{width}}"


COLUMNS = (f"{'game':<13} | {'matches':>7} | {'moves':>5} | {'moves/s':>7} | {'p50 ms':>7} | {'p99 ms':>7} | "
           f"{'CPU ms/move (all)':>17} | {'simcord ms/move':>15} | {'bot ms/move':>11} | {'floor ms/move':>13} | "
           f"{'bot÷floor':>9} | {'pics/move':>9} | {'KB/move':>7} | errors")


def print_row(row: dict) -> None:
    note = f"{len(row['errors'])}" + (f" (first: {row['errors'][0]})" if row["errors"] else "")
    floor = row["floor"].total if row["floor"].moves else "n/a"
    print(f"{row['game']:<13} | {row['concurrent']:>7} | {row['moves']:>5} | {fmt(row['moves_s'], 7)} | "
          f"{fmt(row['p50'], 7)} | {fmt(row['p99'], 7)} | {fmt(row['cpu_ms'], 17)} | {fmt(row['sim_ms'], 15)} | "
          f"{fmt(row['bot_ms'], 11)} | {fmt(floor, 13)} | {fmt(row['ratio'], 9, 2)} | {fmt(row['pics'], 9, 2)} | "
          f"{fmt(row['kb'], 7)} | {note}", flush=True)


def print_floors(rows: list[dict]) -> None:
    """The floor's parts, one line per row (printed under each game's rows)."""
    for row in rows:
        f = row["floor"]
        if not f.moves:
            print(f"  {row['game']:<13} {row['concurrent']:>3} matches: n/a ({'; '.join(f.errors[:1]) or 'no moves'})",
                  flush=True)
            continue
        errors = f" ({len(f.errors)} not measured: {f.errors[0]})" if f.errors else ""
        drew = "" if row.get("boards") is None else \
            f" [the bot drew {row['boards']:.2f} boards and {row['pics'] - row['boards']:.2f} hands per move]"
        print(f"  {row['game']:<13} {row['concurrent']:>3} matches: apply {f.apply:.2f} + legal moves {f.legal:.2f} + "
              f"store commit {f.commit:.2f} + menus {f.menus:.2f} + pictures {f.pictures:.1f} ({f.boards:.2f} boards and {f.hands:.2f} hands "
              f"per move){drew} = {f.total:.1f} ms over {f.moves} moves made at moves {f.first}–{f.last} of their games; "
              f"bot {row['bot_ms']:.1f} ms/move (render workers {row['workers_ms']:.1f}, this process "
              f"{row['bot_ms'] - row['workers_ms']:.1f}) = {row['ratio']:.2f} × floor (target ≤ 1.3){errors}", flush=True)


def print_summary(rows: list[dict]) -> None:
    """One line per game: the bot's CPU per move against the floor at each level."""
    print("\nsummary: bot ms/move ÷ floor ms/move (target ≤ 1.3), per game and concurrency", flush=True)
    games: dict[str, list[dict]] = {}
    for row in rows:
        games.setdefault(row["game"], []).append(row)
    for game, game_rows in games.items():
        parts = [f"{row['concurrent']} matches: {fmt(row['bot_ms'], 0)} / "
                 f"{fmt(row['floor'].total if row['floor'].moves else 'n/a', 0)} = {fmt(row['ratio'], 0, 2)}"
                 for row in game_rows]
        print(f"  {game:<13} " + "; ".join(parts) + f" (simcord apart: {', '.join(fmt(r['sim_ms'], 0) for r in game_rows)}"
              f" ms/move)", flush=True)


async def run(tmp: Path, games=GAMES, levels=LEVELS, profile: bool = False, prepared: int = PREPARED,
              profile_out: str | None = None) -> None:
    counters, cpu, ledger = Counters(), ProcessCPU(), Ledger()
    floor = Floor(tmp, drawing=lambda game, kind: counters.original(game, f"render_{kind}"))
    bot = create_bot(Config(token=None, database=str(tmp / "bench.db")))  # the default cogs
    rows, memory = [], None
    loop = asyncio.get_running_loop()
    try:
        ledger.before_attach(loop)
        async with simcord.run(bot, settle_timeout=MOVE_TIMEOUT) as env:
            ledger.after_attach(loop, bot, env)
            counters.install_sent_bytes()
            tracked = cpu.track_children()
            wrapped_us = ledger.calibrate()
            guild = env.create_guild("Bench")
            channel = guild.create_text_channel("games")
            members = [guild.add_member(env.create_user(f"p{i}")) for i in range(MEMBERS)]
            await env.settle(timeout=MOVE_TIMEOUT)
            bench = Bench(env, bot, guild, channel, members, counters, cpu, ledger, floor, prepared)
            print(f"pictures counted from: {counters.pictures_source}; child processes read: {len(tracked)} "
                  f"(render workers and multiprocessing's resource tracker)", flush=True)
            profiles = []
            for game, options in games:
                counters.count_drawings(game)
                started = time.perf_counter()
                prepared_games = bench.prepare(game, options)
                print(f"\n{game}: matches start at 75 % of seeded computer games (untimed, "
                      f"{time.perf_counter() - started:.0f} s to play them): {late.describe(prepared_games)}",
                      flush=True)
                print(COLUMNS, flush=True)
                game_rows = []
                for concurrent, min_moves, min_rounds in levels:
                    bench.profiler = cProfile.Profile() if profile else None
                    bench.worker_cpu = 0.0
                    row = await bench.run_level(game, options, concurrent, min_moves, min_rounds)
                    if profile:
                        profiles.append((game, concurrent, row["moves"], bench.profiler, bench.worker_cpu))
                        if profile_out:  # the whole profile, for pstats (python -m pstats FILE)
                            bench.profiler.dump_stats(f"{profile_out}-{game}-{concurrent}.prof")
                    game_rows.append(row)
                    print_row(row)
                print("floor: CPU ms per move of what these very moves need, each replayed in this process from "
                      "the state it was made in (bench/floor.py)", flush=True)
                print_floors(game_rows)
                rows += game_rows
            print_summary(rows)
            calls = [row["calls"] for row in rows if row["moves"]]
            if calls:
                print(f"\nsimcord accounting: {min(calls):.0f}–{max(calls):.0f} wrapped calls per move, about "
                      f"{wrapped_us:.1f} µs each where the account changes (≤ {max(calls) * wrapped_us / 1000:.2f} ms "
                      f"per move of instrumentation, in the figures above)", flush=True)
            for game, concurrent, moves, profiler, worker_cpu in profiles:
                print_profile(game, concurrent, moves, profiler, worker_cpu)
            memory = await bench.memory()
            await env.settle(timeout=MOVE_TIMEOUT)
    finally:
        await _tear_down(counters, ledger, floor, bot)
    if memory is not None:
        mem, total, active, (children, count), held = memory
        workers = f" + {children:.0f} MB in {count} child process(es)" if count else ""
        print(f"\nresident memory with {total} stored and {active} active matches: {mem:.0f} MB{workers} "
              f"(this process holds simcord's virtual Discord too, with the {held / 2**20:.0f} MB the bot sent)",
              flush=True)


MEMORY_MATCHES = 100  # --memory: live matches, the five games in turn


async def run_memory(tmp: Path, matches: int = MEMORY_MATCHES) -> None:
    """--memory: the resident memory of the bot and its render workers with `matches` live
    matches of the five games (a fifth each): every match fast-forwarded to a late state (its
    board and hands posted) and then moved on by rounds of real moves (as run_level plays them,
    each game's matches at once), all left running; then the heap is collected and each process's
    memory read. RSS counts the interpreter and the libraries in every process; PSS counts pages
    shared between processes once, in shares, so the PSS figures add up to what the machine
    gives. This process also holds simcord's virtual Discord, with every message and picture the
    bot sent: the bot alone is less (the line says how much was sent)."""
    counters, cpu, ledger = Counters(), ProcessCPU(), Ledger()
    floor = Floor(tmp, drawing=lambda game, kind: counters.original(game, f"render_{kind}"))
    base_rss, base_pss = rss_mb(), pss_mb()
    bot = create_bot(Config(token=None, database=str(tmp / "bench.db")))  # the default cogs
    per_game = max(1, matches // len(FIVE))
    try:
        ledger.before_attach(loop := asyncio.get_running_loop())
        async with simcord.run(bot, settle_timeout=MOVE_TIMEOUT) as env:
            ledger.after_attach(loop, bot, env)
            counters.install_sent_bytes()
            guild = env.create_guild("Bench")
            channel = guild.create_text_channel("games")
            members = [guild.add_member(env.create_user(f"p{i}")) for i in range(max(MEMBERS, 2 * per_game + 2))]
            await env.settle(timeout=MOVE_TIMEOUT)
            bench = Bench(env, bot, guild, channel, members, counters, cpu, ledger, floor, QUICK_PREPARED)
            started = time.perf_counter()
            for game in FIVE:
                bench.prepare(game, {})
                row = await bench.run_level(game, {}, per_game, per_game, 2)
                print(f"  {game:<13} {per_game} matches started late and moved {row['moves']} times "
                      f"({len(row['errors'])} errors)", flush=True)
            cpu.track_children()
            await env.settle(timeout=MOVE_TIMEOUT)
            gc.collect()
            active = len(await bot.store.list_matches(statuses=("active",), limit=10_000))
            children = cpu.children_memory()
            mem_rss, mem_pss = rss_mb(), pss_mb()
            sent = counters.sent_bytes / 2**20
            print(f"\nmemory with {active} live matches ({', '.join(FIVE)}; {time.perf_counter() - started:.0f} s "
                  f"to set up and play):", flush=True)
            print(f"  this process (the bot, and simcord with the {sent:.0f} MB the bot sent): RSS {mem_rss:.0f} MB, "
                  f"PSS {mem_pss:.0f} MB (before the bot was made: RSS {base_rss:.0f} MB, PSS {base_pss:.0f} MB)",
                  flush=True)
            presenter, service = bot.presenter, bot.service
            hands = getattr(presenter, "_hands", {})
            png = sum(len(entry[1]) for entry in hands.values()) / 2**20
            cached = getattr(bot._connection, "_messages", None)
            print(f"  the bot's own caches: {len(hands)} hand pictures ({png:.0f} MB of PNG), "
                  f"{len(getattr(service, '_derived', {}))} matches' engine answers kept, "
                  f"{len(getattr(presenter, '_boards', {})) + len(getattr(presenter, '_hand_messages', {}))} "
                  f"live boards and hands, {len(cached) if cached is not None else 0} messages in discord.py's cache",
                  flush=True)
            for pid, rss, pss in children:
                print(f"  child process {pid}: RSS {rss:.0f} MB, PSS {pss:.0f} MB", flush=True)
            rss_all = mem_rss + sum(r for _p, r, _s in children)
            pss_all = mem_pss + sum(s for _p, _r, s in children)
            print(f"  together: RSS {rss_all:.0f} MB, PSS {pss_all:.0f} MB; less what simcord holds of what the "
                  f"bot sent: about {pss_all - sent:.0f} MB PSS (target for the bot and its workers ≤ 300 MB)",
                  flush=True)
    finally:
        await _tear_down(counters, ledger, floor, bot)



async def _tear_down(counters, ledger, floor, bot) -> None:
    """The bench's instruments out, then the floor's and the bot's resources closed."""
    try:
        counters.uninstall()
        ledger.uninstall()
    finally:
        await floor.close()
        await shut_down(bot)

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


def _exit_soon(code: int) -> None:
    """Whatever is left running (a database thread, a pool's manager, a hung shutdown) must not
    keep the process alive: a daemon timer ends it after EXIT_GRACE seconds; threads still
    running once the output is flushed end it at once."""
    timer = threading.Timer(EXIT_GRACE, lambda: os._exit(code))
    timer.daemon = True
    timer.start()
    sys.stdout.flush()
    sys.stderr.flush()
    stragglers = [t for t in threading.enumerate()
                  if t is not threading.main_thread() and not t.daemon and t is not timer]
    if stragglers:
        print(f"(exiting past {len(stragglers)} running thread(s): {', '.join(t.name for t in stragglers)})",
              file=sys.stderr, flush=True)
        os._exit(code)


def main() -> None:
    import argparse
    parser = argparse.ArgumentParser(description="Moves through the real bot in simcord, at late-game states, "
                                                 "timed to completion, against a floor.")
    parser.add_argument("--games", default=None,
                        help="games to run, comma-separated (default: all of them; --quick: the five games)")
    parser.add_argument("--levels", default=None,
                        help="concurrent matches, comma-separated, of 1,10,100 (default: all; --quick: 10)")
    parser.add_argument("--quick", action="store_true",
                        help="the five games at 10 concurrent matches, fewer moves: a few minutes on two cores")
    parser.add_argument("--profile", action="store_true",
                        help="also print where the event loop's CPU goes (cProfile; slows the run)")
    parser.add_argument("--memory", action="store_true",
                        help=f"instead: the memory of the bot and its render workers with {MEMORY_MATCHES} live "
                             "matches of the five games")
    parser.add_argument("--profile-out", default=None, metavar="PREFIX",
                        help="with --profile: also write each row's profile to PREFIX-<game>-<matches>.prof")
    args = parser.parse_args()
    names = args.games.split(",") if args.games else (list(FIVE) if args.quick else [g for g, _ in GAMES])
    unknown = [n for n in names if n not in dict(GAMES)]
    if unknown:
        parser.error(f"unknown game(s): {', '.join(unknown)}")
    games = tuple((g, o) for g, o in GAMES if g in names)
    if args.levels:
        wanted = args.levels.split(",")
        levels = tuple(level for level in LEVELS if str(level[0]) in wanted)
        if args.quick:
            levels = tuple((n, QUICK_LEVELS[0][1], QUICK_LEVELS[0][2]) for n, *_ in levels)
    else:
        levels = QUICK_LEVELS if args.quick else LEVELS
    print(header(), flush=True)
    if args.memory:
        code = 0
        try:
            with tempfile.TemporaryDirectory() as d:
                asyncio.run(run_memory(Path(d)))
        except BaseException as exc:  # noqa: BLE001 - said, then the process still exits
            import traceback
            traceback.print_exc()
            code = 1
        load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
        print(f"load average (1/5/15 min) {load} at the end", flush=True)
        _exit_soon(code)
        sys.exit(code)
    print(f"run: {', '.join(g for g, _ in games)}; "
          + "; ".join(f"{n} concurrent (≥ {m} moves, ≥ {r} rounds)" for n, m, r in levels)
          + (" (--quick)" if args.quick else ""), flush=True)
    started = time.perf_counter()
    code = 0
    try:
        with tempfile.TemporaryDirectory() as d:
            asyncio.run(run(Path(d), games, levels, args.profile, QUICK_PREPARED if args.quick else PREPARED,
                            args.profile_out))
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr, flush=True)
        code = 130
    except BaseException as exc:  # noqa: BLE001 - said, then the process still exits
        import traceback
        traceback.print_exc()
        print(f"bench.platform stopped: {type(exc).__name__}: {exc}", file=sys.stderr, flush=True)
        code = 1
    load = ", ".join(f"{x:.2f}" for x in os.getloadavg())
    print(f"wall time {time.perf_counter() - started:.0f} s; load average (1/5/15 min) {load} at the end", flush=True)
    _exit_soon(code)
    sys.exit(code)


if __name__ == "__main__":
    main()
