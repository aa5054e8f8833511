"""A task cancelled anywhere inside a store transaction leaves the connection usable (audit
defect 6: cancelling while BEGIN IMMEDIATE was awaited left the connection inside a
transaction, and every later write failed until a restart)."""
from __future__ import annotations

import asyncio

import pytest

from store import Store


@pytest.mark.sqlite_only  # aiosqlite's one connection; PostgreSQL's pool resets a cancelled connection
async def test_cancelling_at_every_step_of_a_transaction_leaves_the_store_usable(tmp_path):
    store = await Store(str(tmp_path / "c.db")).open()
    try:
        await store.set_guild_settings(1, {"n": 0})
        cancelled = 0
        for steps in range(12):  # cancel after 0, 1, 2, ... turns of the loop: BEGIN, the write, COMMIT
            task = asyncio.create_task(store.set_guild_settings(1, {"n": steps}))
            for _ in range(steps):
                await asyncio.sleep(0)
            if not task.done():
                task.cancel()
                cancelled += 1
            await asyncio.gather(task, return_exceptions=True)
            # the next write goes through and is read back
            await store.set_guild_settings(2, {"after": steps})
            assert await store.guild_settings(2) == {"after": steps}
            assert not store.db.in_transaction
        assert cancelled >= 3, "the cancellation must land inside the transaction several times"
    finally:
        await store.close()
