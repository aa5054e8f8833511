"""The pictures drawn in worker processes are the pictures the drawing modules make."""
from __future__ import annotations

import asyncio
import os
import sys
import types

from PIL import Image

from cogs import pictures as pool
from render import registry, toolkit
from render.battleline import render_board, render_hand
from tests.render import battleline_views as views


async def test_workers_draw_what_the_module_draws():
    pictures = pool.Pictures(workers=1)
    before = dict(pool.STATS)
    board = await pictures.board("battleline", views.midgame_view(), views.NAMES_2P, "zh-TW")
    hand = await pictures.hand("battleline", views.hand_view(), views.NAMES_2P, "en")
    assert board == render_board(views.midgame_view(), views.NAMES_2P, "zh-TW")
    assert hand == render_hand(views.hand_view(), views.NAMES_2P, "en")
    assert pool.STATS["board"] == before["board"] + 1 and pool.STATS["hand"] == before["hand"] + 1
    assert pool.STATS["rendered"] == before["rendered"] + 2


async def test_drawn_in_another_process():
    pictures = pool.Pictures(workers=1)
    await pictures.warm()
    worker = await asyncio.get_running_loop().run_in_executor(pictures.executor, os.getpid)
    assert worker != os.getpid()


async def test_a_worker_does_not_load_the_bot_s_main_module_again(tmp_path, monkeypatch):
    """A spawned worker would run the parent's main module again (bot.py: discord.py, the
    database driver, the cogs): a worker loads the drawing modules only, and the parent's main
    module is itself again once the workers have started."""
    script = tmp_path / "stand_in_bot.py"
    script.write_text("import discord\nimport aiosqlite\n")
    main = types.ModuleType("__main__")   # what `python bot.py` makes: a main module with a file
    main.__file__, main.__spec__ = str(script), None
    monkeypatch.setitem(sys.modules, "__main__", main)
    monkeypatch.delitem(pool._pools, 3, raising=False)
    pictures = pool.Pictures(workers=3)   # a pool of its own: its workers start in this test
    try:
        await pictures.warm()
        loaded = await asyncio.get_running_loop().run_in_executor(
            pictures.executor, eval, "sorted(m for m in __import__('sys').modules if m.split('.')[0] in "
                                     "('discord', 'aiosqlite', 'render'))")
    finally:
        for executor in pool._pools.pop(3, []):
            executor.shutdown()
    assert sys.modules["__main__"] is main
    assert "render.battleline" in loaded
    assert not [m for m in loaded if m.split(".")[0] in ("discord", "aiosqlite")], loaded


async def test_a_stand_in_drawing_object_is_drawn_in_this_process():
    calls = []
    stand_in = types.SimpleNamespace(render_board=lambda view, names, lang: calls.append(os.getpid()) or b"png")
    registry.register("stand-in", stand_in)
    assert await pool.Pictures(workers=1).board("stand-in", {}, [], "en") == b"png"
    assert calls == [os.getpid()]


def test_hand_content_is_the_whole_view_unless_the_module_says():
    registry.register("plain", types.SimpleNamespace())
    view = {"hand": [1], "board": [2]}
    assert pool.Pictures.hand_content("plain", view) is view
    assert pool.Pictures.hand_content("battleline", views.hand_view()) != views.hand_view()


def test_the_palette_keeps_the_renderers_colours_exactly():
    colours = [(34, 38, 46), (204, 43, 43), (246, 239, 220), (33, 96, 200)]
    palette = toolkit.Palette(colours)
    assert palette.colours[:4] == colours and len(palette.colours) <= 256
    img = Image.new("RGB", (4, 1))
    img.putdata(colours)
    assert [palette.apply(img).convert("RGB").getpixel((x, 0)) for x in range(4)] == colours


KILLED_BOT = """
import asyncio, os, signal, sys
from cogs.pictures import Pictures

async def main():
    pictures = Pictures(workers=1)
    await pictures.warm()
    worker = await asyncio.get_running_loop().run_in_executor(pictures.executor, os.getpid)
    print(worker, flush=True)
    os.kill(os.getpid(), signal.SIGKILL)  # no exit handler runs

asyncio.run(main())
"""


def test_the_workers_end_with_a_killed_bot():
    import select
    import subprocess
    import sys
    from pathlib import Path
    root = Path(__file__).resolve().parents[2]
    done = subprocess.run([sys.executable, "-c", KILLED_BOT], cwd=root, capture_output=True, text=True,
                          timeout=600)
    worker = int(done.stdout.split()[0])
    try:
        handle = os.pidfd_open(worker)
    except ProcessLookupError:
        return  # already gone
    try:
        # readable once the worker has ended (the limit only for a machine that hangs)
        readable, _, _ = select.select([handle], [], [], 600)
        assert readable, f"worker {worker} outlived its killed bot"
    finally:
        os.close(handle)


def test_one_worker_per_core_but_the_event_loop_s(monkeypatch):
    """The event loop keeps a core of its own: one worker per core but one, and at least one."""
    for cores, workers in ((1, 1), (2, 1), (4, 3), (8, 7)):
        monkeypatch.setattr(os, "sched_getaffinity", lambda _pid, cores=cores: set(range(cores)), raising=False)
        assert pool.default_workers() == workers, cores
        assert pool.Pictures().workers == workers
