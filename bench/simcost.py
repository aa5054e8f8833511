"""simcord's own CPU, told apart from the bot's, in the same process.

simcord (the virtual Discord) runs in the bot's process and on its event loop, so the CPU of a
move measured for the process holds both. The `Ledger` charges to simcord the CPU time spent
inside simcord's own entry points, with a cheap accumulating wrapper on each:

  - the REST transports: `FakeHTTPClient.request` (the bot's HTTP client) and
    `FakeWebhookAdapter.request` (interaction answers and follow-ups): routing, the virtual
    backend storing messages and files, building the JSON replies;
  - the gateway: `FakeGateway.feed` (copying each event, shaping it for the bot's intents);
  - the simulated users' side: each `member.slash(...)` the bench sends (building the
    interaction, permission checks), charged step by step (`Charged`), never across an await;
  - the loop hooks simcord installs to know when the bot has settled (`loop.create_task`,
    `call_soon`, `call_later`, `call_at`, `call_soon_threadsafe`, `run_in_executor`), and its
    virtual `time.monotonic`.

Inside those, whatever is the bot's own work is charged back to the bot: discord.py's gateway
parsers (what a real bot does with each event it receives: `ConnectionState.parsers`) and
asyncio's native scheduling that the hooks call through to (a real bot creates the same tasks and
callbacks). Those are wrapped too, so the time is EXCLUSIVE: nested sections switch the account.

The clock is `time.thread_time()` (CPU time of the calling thread), read only where the account
changes (entering simcord from the bot or back), once per thread (the aiosqlite and pool threads
call `call_soon_threadsafe` too), summed over threads.

Also charged to simcord: its list of the callbacks it tracks (`_WorkState.callbacks`), which each
tracked callback appends to when scheduled and removes itself from when run: a search through
the list comparing records field by field, which grows with the matches in play (Battle Line
with 100 concurrent matches: about 110 records long, 46 µs a removal, a few percent of the
process's CPU when sampled).

Not charged to simcord (it stays in the bot's figure, so the bot is slightly overstated): the
rest of the small wrapper simcord puts around each callback it tracks (`invoke`, task
done-callbacks: about a microsecond each, some tens per move), its executor `submit` hook, its
hook on discord.py's view store (registering each message's buttons) and its virtual
`datetime.now` that discord.py reads: together a fraction of a millisecond per move (seen with
cProfile). Also not in either figure: what a real transport would cost the bot (TLS, aiohttp,
reading HTTP responses), which simcord replaces.

The wrappers cost CPU themselves (`calibrate()` measures a wrapped call); their count is kept
(`calls`) so a report can say how much of the figures is instrumentation.
"""
from __future__ import annotations

import functools
import threading
import time

_thread_time = time.thread_time

SIM, BOT, OUTER = 1, 0, 2   # simcord; the bot; whoever called the innermost simcord entry


class _ThreadAccount:
    __slots__ = ("sim", "since", "stack")

    def __init__(self):
        self.stack: list[tuple[int, bool]] = []  # (account: SIM or BOT, entered as a simcord entry point)
        self.since = 0.0  # thread CPU time when the current simcord stretch began
        self.sim = 0.0    # CPU seconds charged to simcord in this thread


class Ledger:
    def __init__(self):
        self._local = threading.local()
        self._accounts: list[_ThreadAccount] = []
        self._lock = threading.Lock()
        self.calls = 0  # wrapped calls entered (approximate across threads)
        self._undo: list = []
        self._charged_work = None  # simcord's work state whose callback list is charged

    # ------------------------------------------------------------------ the account

    def _account(self) -> _ThreadAccount:
        try:
            return self._local.account
        except AttributeError:
            account = self._local.account = _ThreadAccount()
            with self._lock:
                self._accounts.append(account)
            return account

    def seconds(self) -> float:
        """CPU seconds charged to simcord so far, all threads (a stretch still open is not
        counted until it closes)."""
        return sum(a.sim for a in list(self._accounts))

    def enter(self, kind: int) -> None:
        self.calls += 1
        account = self._account()
        stack = account.stack
        top = stack[-1][0] if stack else BOT
        if kind == OUTER:
            where = BOT
            for i in range(len(stack) - 1, -1, -1):
                if stack[i][1]:
                    where = stack[i - 1][0] if i else BOT
                    break
            else:
                where = top
        else:
            where = kind
        if where != top:
            now = _thread_time()
            if top == SIM:
                account.sim += now - account.since
            else:
                account.since = now
        stack.append((where, kind == SIM))

    def exit(self) -> None:
        account = self._local.account
        stack = account.stack
        where, _entry = stack.pop()
        below = stack[-1][0] if stack else BOT
        if where != below:
            now = _thread_time()
            if where == SIM:
                account.sim += now - account.since
            else:
                account.since = now

    # ------------------------------------------------------------------ wrappers

    def wrap(self, fn, kind: int):
        enter, exit_ = self.enter, self.exit

        def wrapper(*args, **kwargs):
            enter(kind)
            try:
                return fn(*args, **kwargs)
            finally:
                exit_()
        try:
            functools.update_wrapper(wrapper, fn)
        except (AttributeError, TypeError):
            pass
        return wrapper

    def wrap_async(self, fn, kind: int):
        """An `async def` method whose coroutine's own steps are charged to `kind`."""
        ledger = self

        async def wrapper(*args, **kwargs):
            return await Charged(fn(*args, **kwargs), ledger, kind)
        functools.update_wrapper(wrapper, fn)
        return wrapper

    def _patch(self, owner, name: str, new) -> None:
        had = name in vars(owner) if hasattr(owner, "__dict__") else True
        self._undo.append((owner, name, getattr(owner, name), had, new))
        setattr(owner, name, new)

    # ------------------------------------------------------------------ installing

    def before_attach(self, loop) -> None:
        """Before simcord attaches to `loop`: asyncio's native scheduling, which simcord's hooks
        will call through to, is charged to whoever called the hook."""
        for name in ("create_task", "call_soon", "call_later", "call_at", "call_soon_threadsafe",
                     "run_in_executor"):
            native = getattr(loop, name)
            wrapped = self.wrap(native, OUTER)
            if hasattr(native, "__func__"):
                wrapped.__func__ = native.__func__  # simcord recognises the native run_in_executor by it
            self._patch(loop, name, wrapped)

    def after_attach(self, loop, bot, env=None) -> None:
        """Once simcord is attached: its hooks, transports, gateway, clock, its list of tracked
        callbacks (`env`'s); the bot's parsers."""
        import simcord.gateway
        from simcord.http import client as transports

        # simcord's list of tracked callbacks, which it also replaces with a new list as it settles:
        # its slot on simcord's work state made to keep whatever list it is given charged (a
        # simcord without that state or slot: not charged)
        work = getattr(env, "_work", None)
        slot = type(work).__dict__.get("callbacks") if work is not None else None
        if slot is not None and hasattr(slot, "__set__") and isinstance(getattr(work, "callbacks", None), list):
            self._patch(type(work), "callbacks", _ChargingSlot(slot, self))
            work.callbacks = work.callbacks
            self._charged_work = work

        for name in ("create_task", "call_soon", "call_later", "call_at", "call_soon_threadsafe",
                     "run_in_executor"):
            self._patch(loop, name, self.wrap(getattr(loop, name), SIM))
        if getattr(time.monotonic, "__module__", "").startswith("simcord"):
            self._patch(time, "monotonic", self.wrap(time.monotonic, SIM))
        self._patch(simcord.gateway.FakeGateway, "feed", self.wrap(simcord.gateway.FakeGateway.feed, SIM))
        for cls in (transports.FakeHTTPClient, transports.FakeWebhookAdapter):
            self._patch(cls, "request", self.wrap_async(cls.request, SIM))
        parsers = bot._connection.parsers  # discord.py's gateway event parsers
        for event, parser in list(parsers.items()):
            parsers[event] = self.wrap(parser, BOT)

    def uninstall(self) -> None:
        """Undo every patch, newest first; an attribute someone has set since (simcord restores
        its own hooks and clock when it detaches) is left as it is."""
        work, self._charged_work = self._charged_work, None
        while self._undo:
            owner, name, old, had, new = self._undo.pop()
            if getattr(owner, name, None) is not new:
                continue
            try:
                if had:
                    setattr(owner, name, old)
                else:
                    delattr(owner, name)
            except AttributeError:
                pass
        if work is not None:  # simcord's callback list plain again, its items kept
            work.callbacks = list(work.callbacks)

    # ------------------------------------------------------------------ the wrappers' own cost

    def calibrate(self, n: int = 20000) -> float:
        """Microseconds a wrapped call adds when it switches the account (the costlier case),
        measured on a no-op; the wrappers' cost lands partly in simcord's figure, partly in the
        bot's."""
        def noop():
            return None
        wrapped = self.wrap(noop, SIM)
        saved = self.calls
        start = time.process_time()
        for _ in range(n):
            noop()
        bare = time.process_time() - start
        start = time.process_time()
        for _ in range(n):
            wrapped()
        cost = time.process_time() - start
        self.calls = saved  # (the no-op's time went to simcord's account: read it as deltas)
        return max(0.0, (cost - bare) / n * 1e6)


class _ChargedList(list):
    """A list whose `append` and `remove` are charged to simcord (its tracked callbacks)."""

    def __init__(self, items, ledger: Ledger):
        super().__init__(items)
        self._ledger = ledger

    def _charged(self, method, item) -> None:
        self._ledger.enter(SIM)
        try:
            method(self, item)
        finally:
            self._ledger.exit()

    def append(self, item) -> None:
        self._charged(list.append, item)

    def remove(self, item) -> None:
        self._charged(list.remove, item)


class _ChargingSlot:
    """A slot whose list value is kept a `_ChargedList`: reads as the slot, writes wrapped."""

    def __init__(self, slot, ledger: Ledger):
        self.slot, self.ledger = slot, ledger

    def __get__(self, obj, owner=None):
        return self if obj is None else self.slot.__get__(obj, owner)

    def __set__(self, obj, value) -> None:
        if isinstance(value, list) and not isinstance(value, _ChargedList):
            value = _ChargedList(value, self.ledger)
        self.slot.__set__(obj, value)


class Charged:
    """`await Charged(coro, ledger, kind)`: the coroutine's own steps charged to `kind`; what
    runs while it waits (other tasks) is not."""
    __slots__ = ("coro", "kind", "ledger")

    def __init__(self, coro, ledger: Ledger, kind: int = SIM):
        self.coro, self.ledger, self.kind = coro, ledger, kind

    def __await__(self):
        coro, enter, exit_, kind = self.coro, self.ledger.enter, self.ledger.exit, self.kind
        value, error = None, None
        while True:
            enter(kind)
            try:
                yielded = coro.send(value) if error is None else coro.throw(error)
            except StopIteration as stop:
                return stop.value
            finally:
                exit_()
            try:
                value, error = (yield yielded), None
            except BaseException as exc:  # noqa: BLE001 - handed to the coroutine, as await does
                value, error = None, exc
