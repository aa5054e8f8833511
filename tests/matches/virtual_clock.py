"""A clock the tests move by hand (the service and the store read the time through it)."""
from __future__ import annotations


class Clock:
    def __init__(self, now: float = 1_000_000.0):
        self.now = now

    def __call__(self) -> float:
        return self.now
