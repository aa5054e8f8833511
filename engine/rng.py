"""Seeded randomness kept inside the state.

The state stores `{"seed": int, "n": int}` under the key "rng"; every draw derives a fresh
`random.Random` from (seed, n) and bumps n. That keeps the state small and JSON-plain, and
replaying the same actions from the same seed reproduces every shuffle and roll.
"""
from __future__ import annotations

import random
from typing import Any


def new_rng_state(seed: int) -> dict:
    return {"seed": int(seed), "n": 0}


def next_random(state: dict[str, Any]) -> random.Random:
    """A Random for one random operation; advances the counter stored in state["rng"]."""
    rng = state["rng"]
    r = random.Random(f"{rng['seed']}:{rng['n']}")
    rng["n"] += 1
    return r
