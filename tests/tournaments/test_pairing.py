"""Pairing properties: round robin, Swiss, single elimination, pods."""
from __future__ import annotations

import itertools
import random
from collections import Counter

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.matching import maximum_matching
from tournaments.pairing import (
    bracket_seed_order, bracket_size, elimination_first_round, pod_sizes, rotate_seats,
    round_robin, seat_history, swiss_pairings, swiss_pods,
)

FAST = settings(max_examples=120, deadline=None)


def names(n: int) -> list[str]:
    return [f"p{i}" for i in range(n)]


def perfect_matchings(people):
    """Every way to split `people` (even count) into pairs — brute force for small fields."""
    if not people:
        yield []
        return
    first, rest = people[0], people[1:]
    for i, partner in enumerate(rest):
        for tail in perfect_matchings(rest[:i] + rest[i + 1:]):
            yield [(first, partner)] + tail


def fewest_rematches(people, played) -> int:
    return min(sum(frozenset(p) in played for p in m) for m in perfect_matchings(list(people)))


# ----------------------------------------------------------------------------- matching

@FAST
@given(st.integers(1, 9), st.data())
def test_maximum_matching_matches_brute_force(n, data):
    edges = data.draw(st.sets(st.sampled_from([(a, b) for a in range(n) for b in range(a + 1, n)]))
                      if n > 1 else st.just(set()))
    adjacency = [[b for a2, b in edges if a2 == a] + [a2 for a2, b in edges if b == a] for a in range(n)]
    mate = maximum_matching(adjacency)
    for v, w in enumerate(mate):
        if w != -1:
            assert mate[w] == v and ((min(v, w), max(v, w)) in edges)
    size = sum(1 for w in mate if w != -1) // 2
    best = 0
    edge_list = sorted(edges)
    for k in range(n // 2, 0, -1):
        if any(len({x for e in combo for x in e}) == 2 * k for combo in itertools.combinations(edge_list, k)):
            best = k
            break
    assert size == best


# ----------------------------------------------------------------------------- round robin

@settings(max_examples=40, deadline=None)
@given(st.integers(2, 17))
def test_round_robin_meets_every_pair_once_with_balanced_first_seats(n):
    players = names(n)
    rounds = round_robin(players)
    assert len(rounds) == (n if n % 2 else n - 1)
    met = Counter()
    first = Counter()
    byes = Counter()
    for pairings, bye in rounds:
        seen = [p for pair in pairings for p in pair] + ([bye] if bye is not None else [])
        assert sorted(seen) == sorted(players)  # everybody exactly once per round
        for a, b in pairings:
            met[frozenset((a, b))] += 1
            first[a] += 1
        if bye is not None:
            byes[bye] += 1
    assert set(met) == {frozenset(p) for p in itertools.combinations(players, 2)}
    assert set(met.values()) == {1}
    counts = [first[p] for p in players]
    assert max(counts) - min(counts) <= 1
    if n % 2:
        assert all(byes[p] == 1 for p in players)
    else:
        assert not byes


def test_round_robin_four_players_first_round():
    # circle method, fixed p0: round 1 is p0-p3 and p1-p2, upper row first
    assert round_robin(names(4))[0] == ([("p0", "p3"), ("p1", "p2")], None)


# ----------------------------------------------------------------------------- Swiss

def check_swiss_round(ranked, games, had_bye):
    played = {frozenset(p) for g in games for p in itertools.combinations(g, 2)}
    pairings, bye = swiss_pairings(ranked, games, had_bye)
    paired = [p for pair in pairings for p in pair]
    assert sorted(paired + ([bye] if bye is not None else [])) == sorted(ranked)
    assert len(set(paired)) == len(paired)
    rematches = sum(frozenset(p) in played for p in pairings)
    if len(ranked) % 2 == 0:
        assert bye is None
        assert rematches == fewest_rematches(ranked, played)
    else:
        eligible = [p for p in ranked if p not in had_bye]
        assert bye in eligible
        # the best achievable over every legal bye, by brute force
        options = {c: fewest_rematches([p for p in ranked if p != c], played) for c in eligible}
        assert rematches == min(options.values())
        # ...and the bye is the lowest-ranked eligible player achieving it
        lowest_ok = [c for c in reversed(ranked) if c in options and options[c] == rematches][0]
        assert bye == lowest_ok
    return pairings, bye


@FAST
@given(st.integers(2, 9), st.integers(0, 2**32 - 1))
def test_swiss_event_never_rematches_when_avoidable_and_byes_once(n, seed):
    rng = random.Random(seed)
    players = names(n)
    games: list[list[str]] = []
    had_bye: list[str] = []
    points = Counter()
    for _ in range(n if n % 2 else n - 1):
        ranked = sorted(players, key=lambda p: (-points[p], players.index(p)))
        pairings, bye = check_swiss_round(ranked, games, had_bye)
        for a, b in pairings:
            games.append([a, b])
            outcome = rng.choice([(1, 0), (0, 1), (0.5, 0.5)])
            points[a] += outcome[0]
            points[b] += outcome[1]
        if bye is not None:
            had_bye.append(bye)
            points[bye] += 1
    assert max(Counter(had_bye).values(), default=0) <= 1


@FAST
@given(st.integers(3, 9), st.data())
def test_swiss_with_arbitrary_history(n, data):
    players = names(n)
    all_pairs = list(itertools.combinations(players, 2))
    history = data.draw(st.lists(st.sampled_from(all_pairs), max_size=len(all_pairs)))
    had_bye = data.draw(st.lists(st.sampled_from(players), unique=True, max_size=n - 1))
    ranked = data.draw(st.permutations(players))
    check_swiss_round(list(ranked), [list(p) for p in history], had_bye)


def test_swiss_first_round_is_top_half_against_bottom_half():
    pairings, bye = swiss_pairings(names(8))
    assert bye is None
    assert pairings == [("p0", "p4"), ("p1", "p5"), ("p2", "p6"), ("p3", "p7")]


def test_swiss_avoids_greedy_trap():
    # p0's Dutch partner is p2, but taking it would leave p1-p3, a rematch; the matching
    # search sees that and pairs p0-p3, p1-p2 instead
    pairings, bye = swiss_pairings(names(4), [["p1", "p3"]])
    assert bye is None
    assert pairings == [("p0", "p3"), ("p2", "p1")]


def test_swiss_first_seat_goes_to_player_with_fewer_first_seats():
    pairings, _ = swiss_pairings(["a", "b"], [["a", "c"], ["a", "d"]])
    assert pairings == [("b", "a")]


# ----------------------------------------------------------------------------- elimination

@settings(max_examples=30, deadline=None)
@given(st.integers(0, 7))
def test_seed_order_puts_top_seeds_in_opposite_halves(power):
    size = 2 ** power
    order = bracket_seed_order(size)
    assert sorted(order) == list(range(1, size + 1))
    if size >= 2:
        half = size // 2
        assert (1 in order[:half]) != (2 in order[:half])
        # each match's seeds add up to size + 1 (1 v 16, 8 v 9, ...)
        assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))
    if size >= 4:
        quarters = [set(order[i:i + size // 4]) for i in range(0, size, size // 4)]
        assert all(len(q & {1, 2, 3, 4}) == 1 for q in quarters)


def test_seed_order_for_sixteen():
    assert bracket_seed_order(16)[:4] == [1, 16, 8, 9]


@settings(max_examples=60, deadline=None)
@given(st.integers(2, 70))
def test_elimination_byes_go_to_top_seeds(n):
    seeded = names(n)
    matches = elimination_first_round(seeded)
    size = bracket_size(n)
    assert len(matches) == size // 2
    slots = [p for m in matches for p in m]
    assert sorted(p for p in slots if p is not None) == sorted(seeded)
    with_bye = {a if b is None else b for a, b in matches if a is None or b is None}
    assert all(not (a is None and b is None) for a, b in matches)
    assert with_bye == set(seeded[: size - n])
    first_half = set(slots[: size // 2])
    assert ("p0" in first_half) != ("p1" in first_half)


# ----------------------------------------------------------------------------- pods

@settings(max_examples=80, deadline=None)
@given(st.integers(2, 5), st.integers(0, 3), st.integers(0, 40))
def test_pods_cover_everyone_within_limits(min_size, extra, n):
    max_size = min_size + extra
    if n < min_size:
        return
    players = names(n)
    pods, byes = swiss_pods(players, min_size, max_size)
    seated = [p for pod in pods for p in pod]
    assert sorted(seated + byes) == sorted(players)
    assert len(set(seated + byes)) == n
    assert all(min_size <= len(pod) <= max_size for pod in pods)
    # no split with fewer byes exists
    fewer_possible = any(
        k * min_size <= m <= k * max_size for m in range(n - len(byes) + 1, n + 1) for k in range(1, m + 1))
    assert not fewer_possible
    assert max(map(len, pods)) - min(map(len, pods)) <= 1


def test_pod_sizes_examples():
    assert pod_sizes(10, 3, 4) == [4, 3, 3]
    assert pod_sizes(8, 3, 4) == [4, 4]
    assert pod_sizes(5, 4, 4) == [4]          # one bye
    assert pod_sizes(9, 3, 5, target_size=3) == [3, 3, 3]


@FAST
@given(st.integers(4, 13), st.integers(0, 2**32 - 1))
def test_pod_byes_at_most_once_per_player(n, seed):
    rng = random.Random(seed)
    players = names(n)
    games, had_bye = [], []
    for _ in range(4):
        ranked = players[:]
        rng.shuffle(ranked)
        pods, byes = swiss_pods(ranked, 4, 4, games, had_bye)
        # only as many rounds as there are players to take byes
        if len(had_bye) + len(byes) <= n:
            assert not set(byes) & set(had_bye)
            lowest = [p for p in reversed(ranked) if p not in had_bye][: len(byes)]
            assert set(byes) == set(lowest)
        games += pods
        had_bye += byes


@settings(max_examples=20, deadline=None)
@given(st.integers(2, 6))
def test_seats_rotate_through_every_seat(k):
    pod = names(k)
    games: list[list[str]] = []
    for _ in range(k):
        games.append(rotate_seats(pod, seat_history(games)))
    for player in pod:
        assert sorted(g.index(player) for g in games) == list(range(k))


def test_pods_formed_by_standing():
    pods, byes = swiss_pods(names(8), 4, 4)
    assert [sorted(p) for p in pods] == [names(8)[:4], names(8)[4:]]
    assert byes == []
