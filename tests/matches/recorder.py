"""A notifier that records what the service tells the players, as comparable keys."""
from __future__ import annotations

from collections import Counter


class Recorder:
    """Each delivery is recorded as a key: ("started", match), ("moves", match, version) per
    step of an outcome, ("closed", match), ("remind", match, seat, version), ("timeout",
    match, seat, version); plus the outcomes themselves. `fail` names methods that raise."""

    def __init__(self):
        self.keys: list[tuple] = []
        self.outcomes: list = []
        self.fail: set[str] = set()

    def _check(self, name: str) -> None:
        if name in self.fail:
            raise RuntimeError(f"{name} failed")

    def count(self) -> Counter:
        return Counter(self.keys)

    async def match_created(self, match):
        pass

    async def lobby_changed(self, match, note):
        pass

    async def match_started(self, match):
        self._check("match_started")
        self.keys.append(("started", match.id))

    async def moves_applied(self, outcome):
        self._check("moves_applied")
        self.outcomes.append(outcome)
        self.keys += [("moves", outcome.match.id, step.version) for step in outcome.steps]

    async def match_closed(self, match, note):
        self._check("match_closed")
        if match.snapshot is not None:
            self.keys.append(("closed", match.id))

    async def match_updated(self, match, note):
        pass

    async def remind(self, match, seat, deadline):
        self._check("remind")
        self.keys.append(("remind", match.id, seat, match.version))

    async def out_of_time(self, match, seat):
        self._check("out_of_time")
        self.keys.append(("timeout", match.id, seat, match.version))

    async def undo_requested(self, match, seat):
        pass

    async def nudge(self, match, seats, by_user):
        pass
