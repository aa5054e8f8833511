"""Pictures drawn off the event loop, in worker processes.

Pillow holds the interpreter lock while it draws and encodes, so drawing in threads would keep
every picture on one core and slow the event loop; the pictures are drawn in worker processes
instead, one per core but one. A worker gets the drawing module's name and the view (plain data and
`Msg`s, which pickle), and sends back the PNG bytes.

One pool serves the whole process (a bot and the bots a test suite starts one after another
share it); it starts on first use and its workers end with the process. `workers=0` draws in
a thread of this process (a drawing module that is not importable by name, such as a test's
stand-in object, is drawn that way too).

A match's pictures all go to the same worker (chosen by the game and the players' names the
pictures are drawn with): the parts a worker keeps between pictures (render.toolkit's sprites,
PNG bands and text masks) are then those of its own matches only, not of every match in every
worker, so each worker's caches can be smaller for the same reuse. A worker also hands the
memory its pictures freed back to the system every `TRIM_EVERY` pictures (glibc's
`malloc_trim`; elsewhere nothing is done): the boards' large buffers otherwise leave the heap
full of free holes that count as resident memory.
"""
from __future__ import annotations

import asyncio
import contextlib
import importlib
import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
from concurrent.futures import Executor, ProcessPoolExecutor
from types import ModuleType
from typing import Any

from engine.registry import BUILTIN_GAMES
from render import registry

# pictures drawn, by kind: read by the benchmark (bench/platform.py)
STATS = {"rendered": 0, "board": 0, "hand": 0, "replays": 0}

_pools: dict[int, list[ProcessPoolExecutor]] = {}  # workers -> one single-process executor per worker
_pools_lock = threading.Lock()
TRIM_EVERY = 16  # pictures a worker draws between two returns of its freed memory to the system
_drawn_here = 0


def default_workers() -> int:
    """One worker per core this process may run on but one, which the event loop needs (at least
    one worker). On 2 cores, one worker moved as many Battle Line moves a second as two, with 100
    concurrent matches (47-53 a second either way), and holds about 80 MB less."""
    try:
        cores = len(os.sched_getaffinity(0))
    except AttributeError:  # not on Linux
        cores = os.cpu_count() or 1
    return max(1, cores - 1)


def _draw(module_name: str, kind: str, view: Any, names: list[str], lang: str) -> bytes:
    """In a worker: the picture, drawn by the named module."""
    global _drawn_here
    module = importlib.import_module(module_name)
    png = getattr(module, f"render_{kind}")(view, names, lang)
    _drawn_here += 1
    if _drawn_here % TRIM_EVERY == 0:
        _trim()
    return png


def _replay(module_name: str | None, module: Any, source: Any, names: list[str], lang: str) -> tuple[bytes, int, int]:
    """In a worker (or a thread): a match's replay, made from its `matches.history.ReplaySource`:
    the log walked once for whose turn each board is (the views of the turn boards kept), then
    the GIF drawn by render.replay -> (GIF bytes, boards shown, boards wanted: one per turn)."""
    from render.replay import replay, turn_boards, unencoded

    if module_name is not None:
        module = importlib.import_module(module_name)
    owners, kept = source.turns()
    turns = turn_boards(owners)
    draw = unencoded(module.render_board)
    made = replay(source.boards, lambda numbers: source.views(numbers, kept),
                  lambda view: draw(view, names, lang), lang=lang, turns=turns)
    del owners, kept
    if module_name is not None:
        _trim()  # a replay's boards and frames are many: their freed memory goes back at once
    return made.gif, made.frames, len(turns)


def _trim() -> None:
    """Hand the heap's free pages back to the system (glibc); nothing where there is no such call."""
    global _malloc_trim
    if _malloc_trim is None:
        try:
            import ctypes
            _malloc_trim = ctypes.CDLL("libc.so.6").malloc_trim
        except (OSError, AttributeError):
            _malloc_trim = False
    if _malloc_trim:
        _malloc_trim(0)


_malloc_trim = None


def _watch_parent() -> None:
    """In a worker, first thing: end with the bot's process. A bot that is killed (no exit
    handlers run) would otherwise leave its workers waiting for work forever, holding its
    terminal or its log pipe."""
    parent = multiprocessing.parent_process()
    if parent is None:
        return

    def wait() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)
    threading.Thread(target=wait, name="bot-watch", daemon=True).start()


def _warm() -> int:
    # the shipped drawing modules and their fonts, loaded before the first picture is asked for
    for name in registry.BUILTIN_RENDERERS.values():
        importlib.import_module(name)
    return os.getpid()


def _pool(workers: int) -> list[ProcessPoolExecutor]:
    with _pools_lock:
        pool = _pools.get(workers)
        if pool is None:
            # spawn: a fork of a process running the event loop and the database thread could
            # copy a lock held by another thread
            context = multiprocessing.get_context("spawn")
            pool = [ProcessPoolExecutor(max_workers=1, initializer=_watch_parent, mp_context=context)
                    for _ in range(workers)]
            with _bare_main():
                for executor in pool:  # each worker's process is started now, while __main__ is bare
                    executor.submit(os.getpid)
            _pools[workers] = pool
        return pool


@contextlib.contextmanager
def _bare_main():
    """A spawned process first imports the parent's main module again (bot.py, a benchmark, a
    test runner: discord.py, the database driver, the cogs, every engine), which a worker never
    uses; about 30 MB in each. While the workers start, `__main__` is a module naming no file."""
    main = sys.modules["__main__"]
    bare = ModuleType("__main__")
    bare.__spec__ = None
    sys.modules["__main__"] = bare
    try:
        yield
    finally:
        sys.modules["__main__"] = main


def worker_of(game: str, names: list[str], workers: int) -> int:
    """The worker that draws a match's pictures: by its game and its players' names."""
    return hash((game, tuple(names))) % workers if workers > 1 else 0


def _importable(module: Any) -> str | None:
    name = getattr(module, "__name__", None)
    return name if isinstance(module, ModuleType) and sys.modules.get(name) is module else None


class Pictures:
    """Draws boards and hands for the match presenter: `await pictures.board(game, view, names, lang)`."""

    def __init__(self, workers: int | None = None):
        self.workers = default_workers() if workers is None else max(0, workers)

    @property
    def executor(self) -> Executor | None:
        """The first worker (None: drawn in threads of this process)."""
        return _pool(self.workers)[0] if self.workers else None

    def executor_for(self, game: str, names: list[str]) -> Executor | None:
        return _pool(self.workers)[worker_of(game, names, self.workers)] if self.workers else None

    async def board(self, game: str, view: Any, names: list[str], lang: str) -> bytes:
        return await self._draw(game, "board", view, names, lang)

    async def hand(self, game: str, view: Any, names: list[str], lang: str) -> bytes:
        return await self._draw(game, "hand", view, names, lang)

    async def _draw(self, game: str, kind: str, view: Any, names: list[str], lang: str) -> bytes:
        STATS["rendered"] += 1
        STATS[kind] += 1
        module = registry.get(game)
        loop = asyncio.get_running_loop()
        name = _importable(module)
        if self.workers and name is not None:
            return await loop.run_in_executor(self.executor_for(game, names), _draw, name, kind, view, list(names),
                                              lang)
        return await loop.run_in_executor(None, getattr(module, f"render_{kind}"), view, names, lang)

    async def replay(self, game: str, source: Any, names: list[str], lang: str) -> tuple[bytes, int, int]:
        """A match's animated replay, made in the worker that draws the match's pictures (not in
        this process: the walk of a long log and the drawing of its boards would hold the
        event loop's interpreter lock for seconds) -> (GIF bytes, boards shown, turns).
        `source` is the match's `matches.history.ReplaySource`."""
        STATS["replays"] += 1
        module = registry.get(game)
        loop = asyncio.get_running_loop()
        name = _importable(module)
        # a worker knows the shipped games only (a test's own game is registered in this process)
        if self.workers and name is not None and game in BUILTIN_GAMES:
            return await loop.run_in_executor(self.executor_for(game, names), _replay, name, None, source,
                                              list(names), lang)
        return await loop.run_in_executor(None, _replay, None, module, source, list(names), lang)

    @staticmethod
    def hand_content(game: str, view: Any) -> Any:
        """What the game's hand picture shows of `view` (the drawing module's `hand_content`;
        the whole view for a module that does not say)."""
        return registry.hand_content(game, view)

    async def warm(self) -> None:
        """Start the workers and load the drawing modules in each (the first move of the day
        is not the one that waits for them)."""
        if self.workers:
            loop = asyncio.get_running_loop()
            await asyncio.gather(*(loop.run_in_executor(executor, _warm) for executor in _pool(self.workers)))


def shutdown() -> None:
    """End the worker processes (they also end with this process)."""
    with _pools_lock:
        pools = [executor for executors in _pools.values() for executor in executors]
        _pools.clear()
    for pool in pools:
        pool.shutdown(wait=True, cancel_futures=True)
