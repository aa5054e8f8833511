"""Who plays whom: round robin, Swiss, single elimination and multiplayer pods.

Player ids may be any hashable value; the tournament state uses strings so it stays JSON.
A "game" passed in as history is the list of its players in seat order (seat 0 moves first).
Every function is deterministic: the same inputs give the same pairings.
"""
from __future__ import annotations

import itertools
import math
from collections import Counter, defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from typing import TypeVar

from tournaments.matching import maximum_matching

P = TypeVar("P", bound=Hashable)


# --------------------------------------------------------------------------- round robin

def round_robin(players: Sequence[P]) -> list[tuple[list[tuple[P, P]], P | None]]:
    """Every pair meets exactly once. Returns one entry per round: (pairings, bye), each
    pairing as (first seat, second seat); bye is None when the field is even.

    Circle method: players[0] stays put while the others rotate one place per round. The
    upper row takes the first seat and the fixed player alternates, which leaves every
    player's number of first-seat games within 1 of everyone else's."""
    if len(set(players)) != len(players):
        raise ValueError("duplicate players")
    if len(players) < 2:
        return []
    slots: list[P | None] = list(players)
    if len(slots) % 2:
        slots.append(None)  # whoever meets the empty slot sits the round out
    m = len(slots)
    fixed, moving = slots[0], slots[1:]
    rounds = []
    for r in range(m - 1):
        shift = r % len(moving)
        circle = [fixed] + moving[len(moving) - shift:] + moving[:len(moving) - shift]
        pairings: list[tuple[P, P]] = []
        bye = None
        for i in range(m // 2):
            a, b = circle[i], circle[m - 1 - i]
            if i == 0 and r % 2 == 1:
                a, b = b, a
            if a is None or b is None:
                bye = b if a is None else a
                continue
            pairings.append((a, b))
        rounds.append((pairings, bye))
    return rounds


# --------------------------------------------------------------------------- Swiss

def _played_pairs(previous_games: Iterable[Sequence[P]]) -> set[frozenset]:
    pairs = set()
    for game in previous_games:
        for a, b in itertools.combinations(game, 2):
            pairs.add(frozenset((a, b)))
    return pairs


def _first_seat_counts(previous_games: Iterable[Sequence[P]]) -> Counter:
    return Counter(game[0] for game in previous_games if len(game) >= 2)


def swiss_pairings(
    ranked: Sequence[P],
    previous_games: Iterable[Sequence[P]] = (),
    had_bye: Iterable[P] = (),
    scores: Mapping[P, float] | None = None,
) -> tuple[list[tuple[P, P]], P | None]:
    """Pair one Swiss round. `ranked` is the current standings order (seed order in round 1),
    `scores` the match points that define score groups (all equal when omitted).

    Guarantees, in priority order:
    1. no rematch while a rematch-free pairing of the round exists (and otherwise the fewest
       rematches) — decided by a maximum matching, not a greedy pass;
    2. on an odd field the bye goes to the lowest-ranked player without a bye for whom
       (1) still holds; nobody gets a second bye (ValueError if everyone has had one);
    3. within that, players meet their own score group Dutch-style (top half against bottom
       half), the highest-ranked unpaired player choosing first.
    The player with fewer first-seat games so far takes the first seat (the higher-ranked on
    a tie)."""
    ranked = list(ranked)
    if len(set(ranked)) != len(ranked):
        raise ValueError("duplicate players")
    previous_games = [list(g) for g in previous_games]
    played = _played_pairs(previous_games)
    first_counts = _first_seat_counts(previous_games)
    had_bye = set(had_bye)
    scores = scores or {}
    position = {p: i for i, p in enumerate(ranked)}

    def allowed(a: P, b: P) -> bool:
        return frozenset((a, b)) not in played

    def best_fresh_pairs(group: Sequence[P]) -> int:
        """The most rematch-free pairings possible among `group`."""
        index = {p: i for i, p in enumerate(group)}
        adjacency = [[index[q] for q in group if q != p and allowed(p, q)] for p in group]
        return sum(1 for m in maximum_matching(adjacency) if m != -1) // 2

    bye = None
    field = ranked
    if len(ranked) % 2:
        candidates = [p for p in reversed(ranked) if p not in had_bye]
        if not candidates:
            raise ValueError("every player has already had a bye")
        best = -1
        for candidate in candidates:  # lowest-ranked first; keep the first best
            rest = [p for p in ranked if p != candidate]
            fresh = best_fresh_pairs(rest)
            if fresh > best:
                best, bye = fresh, candidate
            if best == len(rest) // 2:
                break
        field = [p for p in ranked if p != bye]

    remaining = list(field)
    target = best_fresh_pairs(remaining)
    pairings: list[tuple[P, P]] = []
    while remaining:
        top = remaining[0]
        for partner in _partner_preference(top, remaining, scores):
            fresh = 1 if allowed(top, partner) else 0
            rest = [p for p in remaining if p != top and p != partner]
            if fresh + best_fresh_pairs(rest) == target:
                target -= fresh
                remaining = rest
                pairings.append(_seat_pair(top, partner, first_counts, position))
                break
        else:  # unreachable: some partner always keeps the optimum
            raise AssertionError("no partner keeps the optimal pairing")
    return pairings, bye


def _partner_preference(top: P, remaining: Sequence[P], scores: Mapping[P, float]) -> list[P]:
    """Partners for `top` (the highest-ranked unpaired player), best first: its score group
    from the Dutch position (half the group down) downward, then the rest of its group upward,
    then everyone else in standings order."""
    score = scores.get(top, 0)
    group = [p for p in remaining if scores.get(p, 0) == score]
    k = len(group) // 2
    preferred = group[k:] + list(reversed(group[1:k]))
    preferred = [p for p in preferred if p != top]
    listed = set(preferred) | {top}
    return preferred + [p for p in remaining if p not in listed]


def _seat_pair(a: P, b: P, first_counts: Mapping[P, int], position: Mapping[P, int]) -> tuple[P, P]:
    key_a = (first_counts.get(a, 0), position[a])
    key_b = (first_counts.get(b, 0), position[b])
    return (a, b) if key_a <= key_b else (b, a)


# --------------------------------------------------------------------------- single elimination

def bracket_size(n: int) -> int:
    """The smallest power of two holding n players."""
    return 1 if n <= 1 else 1 << (n - 1).bit_length()


def elimination_round_count(n: int) -> int:
    return int(math.log2(bracket_size(n)))


def bracket_seed_order(size: int) -> list[int]:
    """Seeds (1-based) in bracket slot order; slots 2k and 2k+1 meet in the first round.
    For 16: 1,16,8,9,4,13,5,12,2,15,7,10,3,14,6,11 — seeds 1 and 2 in opposite halves, and
    every match's seeds add up to size+1."""
    if size < 1 or size & (size - 1):
        raise ValueError("bracket size must be a power of two")
    order = [1]
    while len(order) < size:
        doubled = len(order) * 2
        order = [s for seed in order for s in (seed, doubled + 1 - seed)]
    return order


def elimination_first_round(seeded: Sequence[P]) -> list[tuple[P | None, P | None]]:
    """First-round matches in bracket order from players listed best seed first. None marks
    a bye; byes fall on the seeds past the field, so they face (and favour) the top seeds."""
    if len(set(seeded)) != len(seeded):
        raise ValueError("duplicate players")
    if len(seeded) < 2:
        raise ValueError("need at least two players")
    size = bracket_size(len(seeded))
    slots = [seeded[s - 1] if s <= len(seeded) else None for s in bracket_seed_order(size)]
    return [(slots[i], slots[i + 1]) for i in range(0, size, 2)]


def elimination_next_round(winners: Sequence[P]) -> list[tuple[P, P]]:
    """Winners of consecutive matches (in bracket order) meet in the next round."""
    if len(winners) < 2 or len(winners) % 2:
        raise ValueError("need an even number of winners")
    return [(winners[i], winners[i + 1]) for i in range(0, len(winners), 2)]


# --------------------------------------------------------------------------- pods (3+ players)

def pod_sizes(n: int, min_size: int, max_size: int, target_size: int | None = None) -> list[int]:
    """Split n players into pods of min_size..max_size, largest first, sizes within 1 of each
    other, as few byes as possible and the pod count nearest n / target_size (default
    max_size, i.e. the fewest, biggest pods). sum(result) < n means the rest get byes."""
    if not 1 <= min_size <= max_size:
        raise ValueError("bad pod size limits")
    if n < min_size:
        raise ValueError(f"need at least {min_size} players")
    target = target_size or max_size
    for byes in range(n):
        m = n - byes
        lo, hi = -(-m // max_size), m // min_size
        if lo <= hi:
            k = min(range(lo, hi + 1), key=lambda c: (abs(c - m / target), c))
            return [m // k + 1] * (m % k) + [m // k] * (k - m % k)
    raise AssertionError("unreachable")


def swiss_pods(
    ranked: Sequence[P],
    min_size: int,
    max_size: int,
    previous_games: Iterable[Sequence[P]] = (),
    had_bye: Iterable[P] = (),
    target_size: int | None = None,
) -> tuple[list[list[P]], list[P]]:
    """One round of pods: returns (pods with players in seat order, players with a bye).
    Byes (only when the field cannot be split within the limits) go to the lowest-ranked
    players without a bye — when everyone left has had one, to those with the fewest byes.
    Pods are consecutive slices of the standings, biggest pod at the top; seats are then
    rotated by `rotate_seats` against the seat history in `previous_games`."""
    ranked = list(ranked)
    if len(set(ranked)) != len(ranked):
        raise ValueError("duplicate players")
    previous_games = [list(g) for g in previous_games]
    sizes = pod_sizes(len(ranked), min_size, max_size, target_size)
    bye_count = len(ranked) - sum(sizes)
    bye_tally = Counter(p for p in had_bye)
    by_need = sorted(range(len(ranked)), key=lambda i: (bye_tally[ranked[i]], -i))
    byes = [ranked[i] for i in sorted(by_need[:bye_count])]
    playing = [p for p in ranked if p not in set(byes)]
    history = seat_history(previous_games)
    pods, start = [], 0
    for size in sizes:
        pods.append(rotate_seats(playing[start:start + size], history))
        start += size
    return pods, byes


def seat_history(previous_games: Iterable[Sequence[P]]) -> dict[P, Counter]:
    """player -> Counter(seat index -> games played in that seat)."""
    history: dict[P, Counter] = defaultdict(Counter)
    for game in previous_games:
        if len(game) >= 2:
            for seat, player in enumerate(game):
                history[player][seat] += 1
    return history


def rotate_seats(pod: Sequence[P], history: Mapping[P, Counter]) -> list[P]:
    """Seat order for a pod: the arrangement that puts players in the seats they have used
    least (the total of their past games in their new seats is minimal). A group that
    stays together therefore cycles through every seat, since a Latin rectangle always
    extends to a Latin square. Ties go to the earliest arrangement of `pod` as given."""
    pod = list(pod)
    empty: Counter = Counter()

    def cost(order: Sequence[P]) -> int:
        return sum(history.get(p, empty)[seat] for seat, p in enumerate(order))

    if len(pod) <= 7:
        return list(min(itertools.permutations(pod), key=cost))
    # big pods: fill seats in turn with the player who has used that seat least
    order: list[P] = []
    left = list(pod)
    for seat in range(len(pod)):
        chosen = min(left, key=lambda p: history.get(p, empty)[seat])
        order.append(chosen)
        left.remove(chosen)
    return order
