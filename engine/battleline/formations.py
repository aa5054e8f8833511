"""Formations: classification (R20-R25, D4), wild identities (R26, D3) and the pattern search
of spec 13.4 that finds the strongest formation a side can still reach.

Cards here are identities `(colour index, value)`; a wild (morale card) is given by its card id
and can take any identity its card allows (R42 Leader: any; R44 Companion Cavalry: any 8; R45
Shield Bearers: any 1-3). Per D3 a wild may duplicate a real card, so patterns never exclude
identities that exist elsewhere.

A key is `(rank, sum)` compared lexicographically: rank 5 Wedge ... 1 Host, or rank 0 for every
formation under Fog (R25: sums only).
"""
from __future__ import annotations

from itertools import permutations
from typing import Iterable, NamedTuple

from engine.text import Msg, term

WEDGE, PHALANX, BATTALION, SKIRMISH, HOST = 5, 4, 3, 2, 1
FOG_RANK = 0
TYPE_NAMES = {WEDGE: "Wedge", PHALANX: "Phalanx", BATTALION: "Battalion Order",
              SKIRMISH: "Skirmish Line", HOST: "Host"}

# R42, R44, R45: which values a morale card may stand for, and its highest value.
WILD_MAX_VALUE = {"T-ALEX": 10, "T-DARIUS": 10, "T-CC": 8, "T-SB": 3}
_WILD_VALUES = {"T-ALEX": frozenset(range(1, 11)), "T-DARIUS": frozenset(range(1, 11)),
                "T-CC": frozenset((8,)), "T-SB": frozenset((1, 2, 3))}
N_COLOURS = 6


def wild_can_be(wild: str, value: int) -> bool:
    return value in _WILD_VALUES[wild]


def wild_identities(wild: str) -> list[tuple[int, int]]:
    """Every identity a morale card may take (60 for a Leader, 6 for CC, 18 for SB)."""
    return [(c, v) for c in range(N_COLOURS) for v in sorted(_WILD_VALUES[wild])]


def classify(identities: Iterable[tuple[int, int]], fog: bool = False) -> tuple[int, int]:
    """Key of a complete formation of concrete identities (R21-R25, D4 for four cards)."""
    cards = list(identities)
    values = sorted(v for _, v in cards)
    total = sum(values)
    if fog:
        return (FOG_RANK, total)  # R25: only the sum counts under Fog
    same_colour = len({c for c, _ in cards}) == 1
    consecutive = all(values[i + 1] - values[i] == 1 for i in range(len(values) - 1))  # R23: no wrap
    if same_colour and consecutive:
        return (WEDGE, total)
    if values[0] == values[-1]:
        return (PHALANX, total)
    if same_colour:
        return (BATTALION, total)
    if consecutive:
        return (SKIRMISH, total)
    return (HOST, total)


# every identity, highest value first then colour order: pools are built in this order so no sort is needed
_ORDER_DESC = [(c, v) for v in range(10, 0, -1) for c in range(N_COLOURS)]
_COLOUR_NAMES = ("red", "blue", "green", "yellow", "orange", "purple")  # cards.COLOURS order
_ORDER_DESC_IDS = [(f"{_COLOUR_NAMES[c]}{v}", (c, v)) for c, v in _ORDER_DESC]


class Pool:
    """Troop identities still available to complete a side (spec 13.2 step 4: U)."""

    __slots__ = ("ids", "by_colour", "by_value", "desc")

    def __init__(self, identities: Iterable[tuple[int, int]]):
        self.ids = ids = frozenset(identities)
        # highest value first, ties in colour order (deterministic witnesses, spec 13.6)
        self.desc = desc = [cv for cv in _ORDER_DESC if cv in ids]
        self.by_colour = by_colour = [[] for _ in range(N_COLOURS)]   # values per colour, highest first
        self.by_value = by_value = {v: [] for v in range(1, 11)}       # colours per value, colour order
        for c, v in desc:
            by_colour[c].append(v)
            by_value[v].append(c)

    def __len__(self) -> int:
        return len(self.ids)

    @classmethod
    def without(cls, excluded_ids: set[str]) -> "Pool":
        """All 60 troop identities except those of the given card ids (fast path for U)."""
        pool = cls.__new__(cls)
        pool.desc = desc = [cv for cid, cv in _ORDER_DESC_IDS if cid not in excluded_ids]
        pool.ids = frozenset(desc)
        pool.by_colour = by_colour = [[] for _ in range(N_COLOURS)]
        pool.by_value = by_value = {v: [] for v in range(1, 11)}
        for c, v in desc:
            by_colour[c].append(v)
            by_value[v].append(c)
        return pool


EMPTY_POOL = Pool(())


class Completion(NamedTuple):
    """The strongest formation reachable: its key, the identity given to each wild (in input
    order) and the pool cards added."""
    key: tuple[int, int]
    wild_as: tuple[tuple[int, int], ...]
    added: tuple[tuple[int, int], ...]


def _assign_wilds(wilds: list[str], missing: list[tuple[int, int]], pool: Pool):
    """Split `missing` identities between the wilds (one each, allowed identities only) and the
    pool (the rest must all be in it). Returns (wild identities, pool identities) or None."""
    if not wilds:
        return ((), tuple(missing)) if all(m in pool.ids for m in missing) else None
    not_in_pool = sum(1 for m in missing if m not in pool.ids)
    if not_in_pool > len(wilds):
        return None
    for chosen in permutations(range(len(missing)), len(wilds)):
        if all(wild_can_be(w, missing[i][1]) for w, i in zip(wilds, chosen)):
            rest = [missing[i] for i in range(len(missing)) if i not in chosen]
            if all(m in pool.ids for m in rest):
                return tuple(missing[i] for i in chosen), tuple(rest)
    return None


def _assign_run_values(wilds: list[str], missing_values: list[int], pool: Pool, colour_hint: int):
    """Like `_assign_wilds` for a Skirmish Line, where only values matter."""
    need_wild = [v for v in missing_values if not pool.by_value[v]]
    if len(need_wild) > len(wilds):
        return None
    for chosen in permutations(range(len(missing_values)), len(wilds)):
        if all(wild_can_be(w, missing_values[i]) for w, i in zip(wilds, chosen)):
            rest = [missing_values[i] for i in range(len(missing_values)) if i not in chosen]
            if all(pool.by_value[v] for v in rest):
                return (tuple((colour_hint, missing_values[i]) for i in chosen),
                        tuple((pool.by_value[v][0], v) for v in rest))
    return None


def best_completion(troops: list[tuple[int, int]], wilds: list[str], n: int, fog: bool,
                    pool: Pool = EMPTY_POOL) -> Completion | None:
    """The strongest key a side holding `troops` and `wilds` can reach by adding
    k = n - len(troops) - len(wilds) distinct cards from `pool` (spec 13.4), or None when the
    pool is too small (R33: he can never complete). With k = 0 this is `best_key` of a complete
    side, wild identities chosen in the owner's favour (D3).

    Patterns are tried strongest type first; the relaxed pattern sets (SAMECOLOUR includes
    Wedges, RUN includes Wedges, ANY includes everything) only ever contain formations at least
    as strong as their label, so the first type with a feasible pattern is the best type and the
    highest sum among its patterns is the best sum (proof in spec 13.4)."""
    k = n - len(troops) - len(wilds)
    if k < 0 or len(pool) < k:
        return None
    values = [v for _, v in troops]
    colours = {c for c, _ in troops}
    colour_hint = troops[0][0] if troops else 0
    wild_top = tuple((colour_hint, WILD_MAX_VALUE[w]) for w in wilds)
    base = sum(values) + sum(WILD_MAX_VALUE[w] for w in wilds)

    if fog:  # R25/R47: only the sum decides
        added = tuple(pool.desc[:k])
        return Completion((FOG_RANK, base + sum(v for _, v in added)), wild_top, added)

    distinct = len(set(values)) == len(values)
    lo, hi = (min(values), max(values)) if values else (11, 0)

    # WEDGE(c, s): same colour, consecutive (R21, D4)
    if len(colours) <= 1 and distinct:
        colour_choices = sorted(colours) if colours else range(N_COLOURS)
        for start in range(11 - n, 0, -1):
            if lo < start or hi > start + n - 1:
                continue
            open_values = [v for v in range(start, start + n) if v not in values]
            if not all(any(wild_can_be(w, v) for v in open_values) for w in wilds):
                continue  # some wild fits nowhere in this run (e.g. Shield Bearers above 3)
            for c in colour_choices:
                missing = [(c, v) for v in range(start, start + n) if v not in values]
                split = _assign_wilds(wilds, missing, pool)
                if split is not None:
                    return Completion((WEDGE, n * start + n * (n - 1) // 2), split[0], split[1])

    # PHALANX(v): all one value
    if len(set(values)) <= 1:
        value_choices = [values[0]] if values else range(10, 0, -1)
        for v in value_choices:
            if all(wild_can_be(w, v) for w in wilds) and len(pool.by_value[v]) >= k:
                added = tuple((c, v) for c in pool.by_value[v][:k])
                wild_as = tuple((colour_hint, v) for _ in wilds)
                return Completion((PHALANX, n * v), wild_as, added)

    # SAMECOLOUR(c): same colour, greedy top-k is optimal for the sum
    if len(colours) <= 1:
        best = None
        for c in (sorted(colours) if colours else range(N_COLOURS)):
            if len(pool.by_colour[c]) >= k:
                total = base + sum(pool.by_colour[c][:k])
                if best is None or total > best[0]:
                    best = (total, c)
        if best is not None:
            total, c = best
            added = tuple((c, v) for v in pool.by_colour[c][:k])
            wild_as = tuple((c, WILD_MAX_VALUE[w]) for w in wilds)
            return Completion((BATTALION, total), wild_as, added)

    # RUN(s): consecutive values, any colours
    if distinct:
        for start in range(11 - n, 0, -1):
            if lo < start or hi > start + n - 1:
                continue
            missing_values = [v for v in range(start, start + n) if v not in values]
            if not all(any(wild_can_be(w, v) for v in missing_values) for w in wilds):
                continue
            split = _assign_run_values(wilds, missing_values, pool, colour_hint)
            if split is not None:
                return Completion((SKIRMISH, n * start + n * (n - 1) // 2), split[0], split[1])

    # ANY: the highest sum of anything
    added = tuple(pool.desc[:k])
    return Completion((HOST, base + sum(v for _, v in added)), wild_top, added)


def best_key(troops: list[tuple[int, int]], wilds: list[str], fog: bool = False) -> tuple[int, int]:
    """Key of a complete side (D3: wilds take the identity best for their owner)."""
    completion = best_completion(troops, wilds, len(troops) + len(wilds), fog)
    assert completion is not None
    return completion.key


def formation_name(rank: int) -> Msg:
    """A formation type's name as a glossary term (Wedge ... Host, as the rules print them)."""
    return term("battleline", TYPE_NAMES[rank])


def describe_key(key: tuple[int, int]) -> Msg:
    """A formation and its sum as a player reads it: "Wedge 24", or "sum 17" under Fog (R25)."""
    rank, total = key
    if rank == FOG_RANK:
        return Msg("sum {total}", total=total)
    return Msg("{formation} {total}", formation=formation_name(rank), total=total)
