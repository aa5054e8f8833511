"""The store every test of this folder opens, once on SQLite and once on PostgreSQL: a fresh
database, closed afterwards. The two backends pass the same tests."""
from __future__ import annotations

import pytest

from store import Store


@pytest.fixture
async def store(store_target):
    s = await Store(store_target).open()
    yield s
    await s.close()
