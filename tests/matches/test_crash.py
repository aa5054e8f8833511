"""Kill the match service at its writes and start it again on the same database.

The process "dies" by a `Killed` exception raised at the N-th COMMIT, either before it (the
transaction is lost, as in a real crash) or just after it (the change is durable, but nothing
after it ran: nothing posted, nothing marked done). The dead process's store is closed, a new
Store + MatchService opens the same SQLite file, runs `recover()` and its scheduler's first
`fire_due()` (what the bot does at start-up), and the scenario carries on from what the
database says. The scenarios cover a challenge accepted then started, moves, a computer
opponent's match created accepted, a three-player match created accepted (as a tournament
does) with a resignation, a rematch, reminders and deadlines firing on a fake clock, and a win
claimed on time.

After each run: every move the service acknowledged is in the log exactly once, the log
replays to the stored snapshot, no full and agreed table is left waiting after a recovery,
every due timer fired exactly once and its notice was posted (more than once only where a kill
fell between posting it and marking it done), and every start, board and closing note was
posted at least once.
"""
from __future__ import annotations

import json
import random
import shutil
from collections import Counter
from pathlib import Path

import pytest

from engine import registry
from matches import MatchService
from matches.clock import HOUR
from matches.scheduler import Scheduler
from store import Store
from tests import testgame
from tests.matches.conftest import SUMMARY
from tests.matches.recorder import Recorder
from tests.matches.virtual_clock import Clock

registry.register(testgame.RULES)
RULES = testgame.RULES

A, B, C = 100, 101, 102
T0 = 1_700_000_000.0

# kills SQLite's one writer at its statements and copies the database file
pytestmark = pytest.mark.sqlite_only


class Killed(BaseException):
    """The process dies here."""


class KillSwitch:
    """Kills at the `at`-th COMMIT of one process (before it, or right after it)."""

    def __init__(self, at: int | None = None, after: bool = False):
        self.at, self.after, self.commits = at, after, 0

    def before_commit(self) -> None:
        self.commits += 1
        if self.commits == self.at and not self.after:
            raise Killed("before COMMIT")

    def after_commit(self) -> None:
        if self.commits == self.at:
            raise Killed("after COMMIT")


class Dying:
    """Stands in for the store's aiosqlite connection and counts its COMMITs: those it is asked
    for, and those a transaction run in the database thread makes (`_conn`)."""

    def __init__(self, conn, switch: KillSwitch):
        self._inner, self._switch = conn, switch

    def execute(self, sql, *args):
        if sql == "COMMIT":
            return self._commit()
        return self._inner.execute(sql, *args)

    async def _commit(self):
        self._switch.before_commit()
        await self._inner.execute("COMMIT")
        self._switch.after_commit()

    @property
    def _conn(self):
        return DyingSqlite(self._inner._conn, self._switch)

    def __getattr__(self, name):
        return getattr(self._inner, name)


class DyingSqlite:
    """The sqlite3 connection as a transaction sees it in the database thread
    (store/db.py `_in_one_transaction`), dying at the same COMMITs as `Dying`."""

    def __init__(self, conn, switch: KillSwitch):
        self._inner, self._switch = conn, switch

    def execute(self, sql, *args):
        if sql != "COMMIT":
            return self._inner.execute(sql, *args)
        self._switch.before_commit()
        cursor = self._inner.execute("COMMIT")
        self._switch.after_commit()
        return cursor


def key_of(kind: str, match_id: int, seat, version: int) -> tuple:
    """The recorder's key for what an outbox row owes."""
    return {"started": ("started", match_id), "closed": ("closed", match_id),
            "moves": ("moves", match_id, version), "reminder": ("remind", match_id, seat, version),
            "deadline": ("timeout", match_id, seat, version)}[kind]


class World:
    """One database file, the processes that run on it one after another, and what the
    players were told (the recorder outlives every process, like a Discord channel)."""

    def __init__(self, path: str, plan: list[tuple[int, bool]]):
        self.path = path
        self.plan = list(plan)  # (at, after) kill points, one per process in turn
        self.clock = Clock(T0)
        self.recorder = Recorder()
        self.acked: list[tuple[int, int, int, str]] = []  # (match, version, seat, action)
        self.windows: Counter = Counter()  # key -> kills between posting it and marking it done
        self.kills = 0
        self.processes = 0
        self.store = self.service = self.scheduler = self.switch = None

    async def start(self) -> None:
        """Start a process; one that dies during its start-up is started again."""
        while True:
            try:
                return await self._boot()
            except Killed:
                await self.crash()

    async def _boot(self) -> None:
        self.processes += 1
        at, after = self.plan.pop(0) if self.plan else (None, False)
        self.switch = KillSwitch(at, after)
        self.store = await Store(self.path, clock=self.clock).open()
        self.store.db = Dying(self.store.db, self.switch)

        async def keep_everything():  # the checks read the whole outbox
            pass
        self.store.prune_outbox = keep_everything
        self.posted_from = len(self.recorder.keys)
        self.service = MatchService(self.store, self.recorder, clock=self.clock,
                                    seed_source=random.Random(self.processes))
        self.scheduler = Scheduler(self.store, self.service.on_timer, self.clock)
        await self.service.recover()
        await self.check_no_table_waits()
        await self.scheduler.fire_due()

    async def crash(self) -> None:
        """The process died: what it posted whose outbox row is still pending will be posted
        again by the next one (at least once), so it may be seen twice."""
        self.kills += 1
        posted = set(self.recorder.keys[self.posted_from:])
        await self.store.close()
        self.store = await Store(self.path).open()  # a look at the file between two processes
        for row in await self.store.pending_outbox():
            key = key_of(row.kind, row.match_id, row.seat, row.version)
            if key in posted:
                self.windows[key] += 1
        await self.store.close()

    async def close(self) -> None:
        if self.store is not None:
            await self.store.close()

    async def check_no_table_waits(self) -> None:
        for mid in await self.store.match_ids(("open",)):
            match = await self.store.get_match(mid)
            assert not (len(match.seats) == match.player_count and all(s.accepted for s in match.seats)), \
                f"match {mid} is full and agreed but was not started"

    # ------------------------------------------------------------------ what the players do

    async def tagged(self, tag: str):
        row = await self.store._fetchone("SELECT id FROM matches WHERE json_extract(meta, '$.tag')=?", (tag,))
        return await self.store.get_match(row[0]) if row else None

    async def rematches_of(self, match_id: int) -> list:
        rows = await self.store._fetchall("SELECT id FROM matches WHERE json_extract(meta, '$.rematch_of')=?",
                                          (match_id,))
        return [await self.store.get_match(r[0]) for r in rows]

    async def late(self, match, seat: int, *, past_deadline: bool = True) -> bool:
        """Let the clock run to the seat's first reminder, then past its deadline (one step
        each, the scheduler firing what is due); False once that is done."""
        deadline = self.service.deadline_of(match, seat)
        assert deadline is not None, "a human seat to move has a deadline"
        for at in (deadline - 12 * HOUR + 1, deadline + 1) if past_deadline else (deadline - 12 * HOUR + 1,):
            if self.clock.now < at:
                self.clock.now = at
                await self.scheduler.fire_due()
                return True
        return False

    async def play(self, match, late_at=()) -> bool:
        (seat,) = RULES.active_players(match.snapshot)
        row = match.user_at(seat)
        assert not row.is_ai, "after a start-up no computer seat is left to move"
        if match.version in late_at and await self.late(match, seat):
            return True
        legal = sorted(a.id for a in RULES.legal_actions(match.snapshot, seat))
        action = random.Random(match.id * 1000 + match.version).choice(legal)
        outcome = await self.service.act(match.id, row.user_id, action, expected_version=match.version)
        self.acked += [(match.id, s.version, s.seat, s.action) for s in outcome.steps]
        return True


async def challenge_then_rematch(w: World) -> bool:
    """A challenge accepted, played with a late turn; the loser's rematch, ended by a win
    claimed on time."""
    match = await w.tagged("challenge")
    if match is None:
        await w.service.create(game="testgame", guild_id=1, channel_id=None, creator_id=A, invited=[B],
                               meta={"tag": "challenge"})
        return True
    if match.status == "open":
        await w.service.accept(match.id, B)
        return True
    if match.status == "active":
        return await w.play(match, late_at={2})
    rematches = await w.rematches_of(match.id)
    if not rematches:
        await w.service.rematch(match.id, B)
        return True
    (rematch,) = rematches
    if rematch.status != "active":
        return False
    if rematch.version < 2:
        return await w.play(rematch)
    (seat,) = RULES.active_players(rematch.snapshot)
    if await w.late(rematch, seat):
        return True
    await w.service.claim_win(rematch.id, rematch.user_at(1 - seat).user_id, seat)
    return True


async def against_the_computer(w: World) -> bool:
    """A computer-opponent challenge: created accepted, starts at once."""
    match = await w.tagged("computer")
    if match is None:
        await w.service.create(game="testgame", guild_id=1, channel_id=None, creator_id=A, ai_seats=1,
                               ai_user_id=0, options={"hand": 4}, meta={"tag": "computer"})
        return True
    assert match.status != "open"
    if match.status == "active":
        return await w.play(match, late_at={1, 2, 5})
    return False


async def three_players_one_resigns(w: World) -> bool:
    """Created accepted, as a tournament's game is; one player resigns and the computer plays
    their seat to the end."""
    match = await w.tagged("trio")
    if match is None:
        await w.service.create(game="testgame", guild_id=1, channel_id=None, creator_id=A, invited=[B, C],
                               accepted=True, meta={"tag": "trio", "fixed_seats": True})
        return True
    assert match.status != "open"
    if match.status != "active":
        return False
    if match.version == 2 and match.seat_of(C) is not None:
        await w.service.resign(match.id, C)
        return True
    if match.version == 4 and match.seat_of(C) is None:  # a reminder only, then the move
        (seat,) = RULES.active_players(match.snapshot)
        if await w.late(match, seat, past_deadline=False):
            return True
    return await w.play(match, late_at={5})


SCENARIOS = [challenge_then_rematch, against_the_computer, three_players_one_resigns]


async def fresh_database(path: str) -> str:
    """An empty, migrated database, copied from one made once per folder (faster than
    migrating each)."""
    template = Path(path).parent / "template.db"
    if not template.exists():
        await (await Store(str(template)).open()).close()
    shutil.copy(template, path)
    return path


async def run(path: str, scenario, plan: list[tuple[int, bool]]) -> World:
    """Play `scenario` to its end, dying at the planned commits; then check everything."""
    w = World(await fresh_database(path), plan)
    try:
        await w.start()
        for _ in range(500):
            try:
                if not await scenario(w):
                    break
            except Killed:
                await w.crash()
                await w.start()
        else:
            raise AssertionError("the scenario did not end")
    finally:
        await w.close()  # an open aiosqlite thread would keep the test process alive
    await check(w, scenario)
    return w


async def check(w: World, scenario) -> None:
    store = await Store(w.path).open()
    try:
        service = MatchService(store, clock=w.clock)
        posted = Counter(w.recorder.keys)
        for key, times in posted.items():
            assert times <= 1 + w.windows[key], f"{key} posted {times} times, {w.windows[key]} kill(s) in between"
        logs = {}
        for mid in await store.match_ids(("open", "active", "finished", "cancelled")):
            match = await store.get_match(mid)
            log = await store.actions(mid)
            logs[mid] = {seq: (seat, action) for seq, seat, action, _ in log}
            assert [seq for seq, *_ in log] == list(range(1, match.version + 1))
            if match.snapshot is None:
                continue
            assert await service.replay(mid) == match.snapshot, f"match {mid} does not replay"
            assert posted[("started", mid)] >= 1, f"the start of match {mid} was never posted"
            for version in range(1, match.version + 1):
                assert posted[("moves", mid, version)] >= 1, f"move {version} of match {mid} was never posted"
        assert len(set(w.acked)) == len(w.acked)
        for mid, version, seat, action in w.acked:
            assert logs[mid].get(version) == (seat, action), "an acknowledged move is missing from the log"

        timers = await store._fetchall("SELECT id, match_id, kind, seat, due, version, fired FROM timers")
        assert all(fired for _, _, _, _, due, _, fired in timers if due <= w.clock.now), "a due timer never fired"
        deadline_due = {(m, s, v): due for _, m, kind, s, due, v, _ in timers if kind == "deadline"}
        rows = await store._fetchall("SELECT kind, match_id, seat, version, payload, created_at, done FROM outbox")
        assert all(done for *_, done in rows), "something is still owed at the end"
        fired = Counter(json.loads(p)["timer"] for k, _, _, _, p, _, _ in rows if k in ("reminder", "deadline")
                        and "timer" in json.loads(p))
        assert all(n == 1 for n in fired.values()), "a timer fired twice"
        deadlines = Counter((m, s, v) for k, m, s, v, *_ in rows if k == "deadline")
        assert all(n == 1 for n in deadlines.values()), "an out-of-time notice was owed twice"
        for kind, mid, seat, version, _payload, at, _ in rows:
            if kind == "deadline":
                assert posted[("timeout", mid, seat, version)] >= 1, "an out-of-time notice was never posted"
            elif kind == "reminder" and at < deadline_due[(mid, seat, version)]:
                assert posted[("remind", mid, seat, version)] >= 1, "a reminder was never posted"
            elif kind == "closed":
                assert posted[("closed", mid)] >= 1, "a match's end was never posted"

        ended = [await store.get_match(mid) for mid in await store.match_ids(("finished",))]
        if scenario is challenge_then_rematch:
            first = next(m for m in ended if m.meta.get("tag") == "challenge")
            (rematch,) = [m for m in ended if m.meta.get("rematch_of") == first.id]
            assert first.meta["rematch"] == rematch.id and rematch.result["timeout"]
            assert any(k[0] == "remind" for k in posted) and any(k[0] == "timeout" for k in posted)
        elif scenario is three_players_one_resigns:
            (trio,) = ended
            assert trio.result["resigned"] == [2] and trio.user_at(2).is_ai
        else:
            assert len(ended) == 1
    finally:
        await store.close()


async def _count_commits(tmp_path, scenario) -> int:
    w = await run(str(tmp_path / f"dry-{scenario.__name__}.db"), scenario, [])
    assert w.kills == 0
    return w.switch.commits


async def _kill_everywhere(tmp_path, scenarios, every: int = 1) -> tuple[int, int]:
    """Kill once at every `every`-th commit of each scenario, before and after the COMMIT."""
    cycles = kills = 0
    for scenario in scenarios:
        total = await _count_commits(tmp_path, scenario)
        for at in range(1, total + 1, every):
            for after in (False, True):
                path = str(tmp_path / f"{scenario.__name__}-{at}-{after}.db")
                w = await run(path, scenario, [(at, after)])
                assert w.kills == 1, f"commit {at} of {total} was not reached"
                cycles, kills = cycles + 1, kills + w.kills
    return cycles, kills


async def test_a_kill_at_some_writes_loses_nothing(tmp_path):
    cycles, kills = await _kill_everywhere(tmp_path, [challenge_then_rematch], every=7)
    SUMMARY.append(f"crash test (quick): {cycles} cycles, {kills} kills")


@pytest.mark.slow
async def test_a_kill_at_every_write_loses_nothing(tmp_path):
    cycles, kills = await _kill_everywhere(tmp_path, SCENARIOS)
    assert cycles >= 100
    SUMMARY.append(f"crash test (every write): {cycles} cycles, {kills} kills")


@pytest.mark.slow
async def test_repeated_kills_including_during_recovery_lose_nothing(tmp_path):
    """Several deaths in a row, many of them during the next start's own recovery."""
    rng = random.Random(2024)
    cycles = kills = 0
    for i in range(30):
        scenario = SCENARIOS[i % len(SCENARIOS)]
        plan = [(rng.randint(1, 12), rng.random() < 0.5) for _ in range(rng.randint(2, 6))]
        w = await run(str(tmp_path / f"multi-{i}.db"), scenario, plan)
        cycles, kills = cycles + 1, kills + w.kills
    assert kills >= 60
    SUMMARY.append(f"crash test (repeated kills): {cycles} runs, {kills} kills")
