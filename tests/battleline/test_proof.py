"""The fast claim proof (spec 13.4) against the brute-force oracle (13.3), and witness privacy
(13.6, D13)."""
from __future__ import annotations

import random

import pytest

from engine.base import IllegalAction
from engine.battleline import RULES, provable_flags
from engine.battleline.cards import TROOP_IDENTITY, TROOP_IDS
from engine.battleline.formations import Pool, best_completion, wild_can_be
from engine.battleline.proof import check_claim, split_side, table_pool

from . import oracle
from .helpers import A, B, build, shuffle_hidden

ALL_IDENTITIES = sorted(TROOP_IDENTITY.values())
ORACLE_BUDGET = 2500   # evaluations per position, keeps 3,000 positions fast


def _structured_troops(rng: random.Random, available: list, count: int) -> list:
    """Troops that tend to form something (same colour runs, same values), or random ones."""
    if count == 0:
        return []
    style = rng.random()
    avail = set(available)
    if style < 0.35:
        colour, start = rng.randrange(6), rng.randint(1, 7)
        cands = [(colour, v) for v in range(start, start + 4) if (colour, v) in avail]
    elif style < 0.6:
        value = rng.randint(1, 10)
        cands = [(c, value) for c in range(6) if (c, value) in avail]
    else:
        cands = []
    rng.shuffle(cands)
    chosen = cands[:count]
    rest = [x for x in available if x not in chosen]
    chosen += rng.sample(rest, count - len(chosen))
    return chosen


def random_position(rng: random.Random):
    """(claimant troops, claimant wilds, opponent troops, opponent wilds, pool, n, fog)."""
    n = 4 if rng.random() < 0.3 else 3
    fog = rng.random() < 0.25
    leaders = ["T-ALEX", "T-DARIUS"]
    rng.shuffle(leaders)
    claimant_wild_choices = [leaders[0], "T-CC", "T-SB"]
    wc = rng.choices([0, 1, 2, 3], weights=[55, 30, 10, 5])[0]
    c_wilds = rng.sample(claimant_wild_choices, wc)
    left_wilds = [leaders[1]] + [w for w in ("T-CC", "T-SB") if w not in c_wilds]
    available = list(ALL_IDENTITIES)
    c_troops = _structured_troops(rng, available, n - wc)
    available = [x for x in available if x not in c_troops]
    opp_count = rng.randint(0, n - 1)
    ow = min(opp_count, rng.choices([0, 1, 2], weights=[55, 35, 10])[0], len(left_wilds))
    o_wilds = rng.sample(left_wilds, ow)
    o_troops = _structured_troops(rng, available, opp_count - ow)
    available = [x for x in available if x not in o_troops]
    k = n - opp_count
    # pool size: small, medium or as large as the oracle budget allows
    max_size = 0
    while max_size < len(available) and oracle.cost(o_wilds, max_size + 1, k) <= ORACLE_BUDGET:
        max_size += 1
    size = rng.choice([rng.randint(0, min(max_size, k + 2)), rng.randint(0, max_size), max_size])
    pool = rng.sample(available, size)
    return c_troops, c_wilds, o_troops, o_wilds, pool, n, fog


def test_fast_proof_agrees_with_brute_force_oracle():
    """Spec 13.5: the pattern algorithm and the brute force agree on 3,000 random positions
    (wilds on both sides, Fog, Mud, small and large pools); every witness really beats."""
    rng = random.Random(20240613)
    stats = {"beats": 0, "holds": 0, "fog": 0, "mud": 0, "wild": 0, "short": 0}
    for _ in range(3000):
        c_troops, c_wilds, o_troops, o_wilds, pool, n, fog = random_position(rng)
        claimant_key = oracle.best_key(c_troops, c_wilds, fog)
        fast_key = best_completion(c_troops, c_wilds, n, fog).key
        assert fast_key == claimant_key, (c_troops, c_wilds, fog)
        beats, _ = oracle.opponent_can_beat(o_troops, o_wilds, pool, n, fog, claimant_key)
        fast = best_completion(o_troops, o_wilds, n, fog, Pool(pool))
        fast_beats = fast is not None and fast.key > claimant_key
        assert fast_beats == beats, (c_troops, c_wilds, o_troops, o_wilds, sorted(pool), n, fog)
        if fast_beats:  # the witness: distinct pool cards, allowed wild identities, really stronger
            k = n - len(o_troops) - len(o_wilds)
            assert len(fast.added) == k == len(set(fast.added)) and set(fast.added) <= set(pool)
            assert all(wild_can_be(w, ident[1]) for w, ident in zip(o_wilds, fast.wild_as))
            assert oracle.classify(o_troops + list(fast.added) + list(fast.wild_as), fog) > claimant_key
        stats["beats" if beats else "holds"] += 1
        stats["fog"] += fog
        stats["mud"] += n == 4
        stats["wild"] += bool(c_wilds or o_wilds)
        stats["short"] += len(pool) < n - len(o_troops) - len(o_wilds)
    # the sample really covers every kind of position
    assert min(stats.values()) >= 100, stats


def test_fast_max_key_equals_oracle_max_key():
    """The strongest reachable formation itself (not only the yes/no answer) matches the oracle."""
    rng = random.Random(99)
    for _ in range(400):
        _, _, o_troops, o_wilds, pool, n, fog = random_position(rng)
        pool = pool[:14]
        expected = oracle.max_reachable_key(o_troops, o_wilds, pool, n, fog)
        fast = best_completion(o_troops, o_wilds, n, fog, Pool(pool))
        assert (fast.key if fast else None) == expected, (o_troops, o_wilds, sorted(pool), n, fog)


def test_engine_claims_agree_with_oracle_in_real_games():
    """check_claim on positions from random games (table pool, tie rule) matches the oracle."""
    rng = random.Random(5)
    compared = 0
    for seed in range(60):
        state = RULES.setup(2, {}, seed)
        while RULES.result(state) is None and compared < 400:
            seat = next(iter(RULES.active_players(state)))
            for flag in state["flags"]:
                check = check_claim(state, seat, flag["n"])
                me = flag["seats"].index(seat)
                mine, theirs = flag["sides"][me]["cards"], flag["sides"][1 - me]["cards"]
                limit = 4 if any(e["card"] == "T-MUD" for e in flag["env"]) else 3
                if flag["claimed_by"] is not None or len(mine) != limit or len(theirs) >= limit:
                    continue
                fog = any(e["card"] == "T-FOG" for e in flag["env"])
                o_troops, o_wilds = split_side(theirs)
                pool = sorted(table_pool(state).ids)
                if oracle.cost(o_wilds, len(pool), limit - len(theirs)) > 20000:
                    continue
                claimant_key = oracle.best_key(*split_side(mine), fog)
                beats, _ = oracle.opponent_can_beat(o_troops, o_wilds, pool, limit, fog, claimant_key)
                assert check.valid == (not beats), (flag, check.reason)
                compared += 1
            state, _ = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)).id)
    assert compared >= 200


def test_witness_never_depends_on_hidden_cards():
    """13.6/D13: the rejection message and witness are the same however the hidden cards lie,
    including when the witness cards are in the opponent's hand."""
    flags = {4: (["red3", "red4", "red5"], ["blue8"]), 7: (["blue10"], [])}
    base = build(flags, {A: ["green1"], B: ["blue7", "blue9", "yellow1"]}, step="claim")
    with pytest.raises(IllegalAction) as first:
        RULES.apply(base, A, "claim:4")
    assert "Blue 7 + Blue 9" in first.value.message
    rng = random.Random(3)
    for _ in range(30):
        other = shuffle_hidden(base, rng)
        with pytest.raises(IllegalAction) as again:
            RULES.apply(other, A, "claim:4")
        assert again.value.message == first.value.message
        assert check_claim(other, A, 4).witness == check_claim(base, A, 4).witness
    # and in positions from real games: every flag's verdict and text ignore the hidden cards
    for seed in range(25):
        state = RULES.setup(2, {}, seed)
        for _ in range(rng.randint(20, 70)):
            if RULES.result(state) is not None:
                break
            seat = next(iter(RULES.active_players(state)))
            state, _ = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)).id)
        other = shuffle_hidden(state, rng)
        for seat in (A, B):
            assert provable_flags(state, seat) == provable_flags(other, seat)
            for n in range(1, 10):
                assert check_claim(state, seat, n) == check_claim(other, seat, n)


@pytest.mark.parametrize("name, opp_cards, mine, mud", [
    ("3-card, empty opponent, claimant L+CC+SB", [], ["T-ALEX", "T-CC", "T-SB"], False),
    ("3-card, opponent Leader only", ["T-DARIUS"], ["red1", "blue5", "green9"], False),
    ("Mud, empty opponent", [], ["red1", "blue5", "green9", "yellow2"], True),
    ("Mud, opponent Leader, claimant L+CC+SB+troop", ["T-DARIUS"], ["T-ALEX", "T-CC", "T-SB", "red2"], True),
    ("Mud, opponent Leader + SB", ["T-DARIUS", "T-SB"], ["red1", "blue5", "green9", "yellow2"], True),
])
def test_worst_case_positions_of_13_3(name, opp_cards, mine, mud):
    """The section 13.3 worst cases are decided correctly (fast algorithm vs hand analysis)."""
    state = build({5: (mine, opp_cards)}, env={5: [("T-MUD", A)]} if mud else None)
    check = check_claim(state, A, 5)
    # every one of these claimants holds at most a weak formation, so the opponent can beat it
    assert not check.valid
    assert check.opponent_best.key[0] == 5  # a Wedge is always still possible with 59-60 cards


def test_every_troop_id_is_covered_by_the_pool():
    """R31 sanity: an empty table leaves all 60 troop cards in U."""
    state = build({})
    assert len(table_pool(state)) == 60 == len(TROOP_IDS)
