"""The computer player (to be replaced by a planning one)."""
from __future__ import annotations

import random

from . import flow


def choose(state: dict, seat: int, seed: int) -> str:
    legal = flow.legal_ids(state, seat)
    return random.Random(seed).choice(legal)
