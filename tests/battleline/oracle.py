"""Brute-force claim oracle (spec 13.3): enumerate every completion from the pool and every
identity of every wild. Written independently of engine/battleline/formations.py on purpose."""
from __future__ import annotations

from itertools import combinations, product

COLOURS = 6


def wild_options(wild: str) -> list[tuple[int, int]]:
    if wild in ("T-ALEX", "T-DARIUS"):
        values = range(1, 11)           # R42: any colour, any value
    elif wild == "T-CC":
        values = (8,)                   # R44
    elif wild == "T-SB":
        values = (1, 2, 3)              # R45
    else:
        raise ValueError(wild)
    return [(c, v) for c in range(COLOURS) for v in values]


def classify(cards, fog: bool) -> tuple[int, int]:
    values = sorted(v for _, v in cards)
    total = sum(values)
    if fog:
        return (0, total)
    flush = len({c for c, _ in cards}) == 1
    straight = all(b == a + 1 for a, b in zip(values, values[1:]))
    if flush and straight:
        return (5, total)
    if len(set(values)) == 1:
        return (4, total)
    if flush:
        return (3, total)
    if straight:
        return (2, total)
    return (1, total)


def best_key(troops, wilds, fog: bool) -> tuple[int, int]:
    best = None
    for identities in product(*(wild_options(w) for w in wilds)):
        key = classify(list(troops) + list(identities), fog)
        if best is None or key > best:
            best = key
    return best


def opponent_can_beat(opp_troops, opp_wilds, pool, n: int, fog: bool, claimant_key):
    """(True, S) for the first completion S from `pool` that beats `claimant_key`, else (False, None)."""
    k = n - len(opp_troops) - len(opp_wilds)
    if len(pool) < k:
        return False, None
    for subset in combinations(sorted(pool), k):
        if best_key(list(opp_troops) + list(subset), opp_wilds, fog) > claimant_key:
            return True, subset
    return False, None


def max_reachable_key(opp_troops, opp_wilds, pool, n: int, fog: bool):
    k = n - len(opp_troops) - len(opp_wilds)
    if len(pool) < k:
        return None
    return max(best_key(list(opp_troops) + list(s), opp_wilds, fog) for s in combinations(sorted(pool), k))


def cost(opp_wilds, pool_size: int, k: int) -> int:
    """Evaluations the oracle may need (spec 13.3 table)."""
    from math import comb
    total = comb(pool_size, k) if pool_size >= k else 1
    for w in opp_wilds:
        total *= len(wild_options(w))
    return total
