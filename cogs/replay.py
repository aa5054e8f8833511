"""Who may have a replay made now: one replay of a match at a time, and a replay per user every
`PER_USER_EVERY` seconds (a replay takes seconds of CPU, so nobody may queue dozens)."""
from __future__ import annotations

import math
import weakref
from contextlib import contextmanager
from typing import Iterator

from engine.text import Msg
from matches import UserError

PER_USER_EVERY = 60.0


class ReplayGate:
    """In memory, per bot. Holds the matches being replayed now and the users who asked within
    the last `every` seconds; older entries are forgotten, so it stays small."""

    def __init__(self, every: float = PER_USER_EVERY):
        self.every = every
        self._making: set[int] = set()
        self._asked: dict[int, float] = {}  # user id -> when they last had a replay made

    @contextmanager
    def admit(self, match_id: int, user_id: int, now: float) -> Iterator[None]:
        """Let this replay be made (inside the `with`), or raise UserError saying why not."""
        if match_id in self._making:
            raise UserError(Msg("A replay of match #{id} is being made; it will appear shortly.", id=match_id))
        self._forget(now)
        asked = self._asked.get(user_id)
        if asked is not None:
            raise UserError(Msg("You can have one replay made every {seconds} seconds; try again {when}.",
                                seconds=int(self.every), when=f"<t:{math.ceil(asked + self.every)}:R>"))
        self._asked[user_id] = now
        self._making.add(match_id)
        try:
            yield
        finally:
            self._making.discard(match_id)

    def busy(self, match_id: int) -> bool:
        return match_id in self._making

    def __len__(self) -> int:
        """Entries held (matches being replayed and users still waiting)."""
        return len(self._making) + len(self._asked)

    def _forget(self, now: float) -> None:
        for user_id in [u for u, asked in self._asked.items() if now - asked >= self.every]:
            del self._asked[user_id]


_gates: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()


def gate_for(bot) -> ReplayGate:
    """The bot's gate, made on first use."""
    gate = _gates.get(bot)
    if gate is None:
        gate = _gates[bot] = ReplayGate()
    return gate
