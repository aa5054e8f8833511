"""The store every test of this folder opens: a fresh database file, closed afterwards."""
from __future__ import annotations

import pytest

from store import Store


@pytest.fixture
async def store(tmp_path):
    s = await Store(str(tmp_path / "s.db")).open()
    yield s
    await s.close()
