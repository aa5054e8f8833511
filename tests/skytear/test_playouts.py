"""Seeded random playouts to the end (2, 3 and 4 players, both maps, both hero setups) with the
invariants checked after every move: cards conserved (every instance in exactly one place), no
hidden item of a seat in another seat's or the public view, JSON round trip, and the replay of the
action log from the seed giving the same state; every game ends. (The computer player's tests are in
test_ai.py.)"""
from __future__ import annotations

import random

import pytest

from engine.skytear import RULES, ai

from .flowkit import check_cards_conserved, check_json, check_no_leak

CAP = 5000   # moves; a random game takes a few hundred


def playout(players: int, seed: int, options: dict, check_every: int = 1):
    rng = random.Random(f"skytear:{seed}")
    state = RULES.setup(players, dict(options), seed)
    log = []
    while RULES.result(state) is None:
        assert len(log) < CAP, "the game did not end"
        active = sorted(RULES.active_players(state))
        assert active, "an unfinished game with nobody to act"
        seat = rng.choice(active)
        action = ai.choose(state, seat, rng.randrange(1 << 30), "random")
        state, _ = RULES.apply(state, seat, action)
        log.append((seat, action))
        if len(log) % check_every == 0:
            check_cards_conserved(state)
            check_no_leak(state)
            check_json(state)
    check_cards_conserved(state)
    check_no_leak(state)
    return state, log


def replay(players: int, seed: int, options: dict, log) -> dict:
    state = RULES.setup(players, dict(options), seed)
    for seat, action in log:
        state, _ = RULES.apply(state, seat, action)
    return state


@pytest.mark.parametrize("players,seed,options", [
    (2, 1, {}), (3, 2, {}), (4, 3, {}),
    (2, 4, {"map": "three_lane"}), (3, 5, {"map": "three_lane"}), (4, 6, {"map": "three_lane", "setup": "draft"}),
    (2, 7, {"setup": "draft", "nexus_hp": 1}), (4, 8, {"victory_cards": False}),
])
def test_random_playouts_keep_every_invariant_and_replay(players, seed, options):
    final, log = playout(players, seed, options, check_every=3 if players == 2 else 6)
    assert RULES.result(final) is not None and RULES.active_players(final) == set()
    assert replay(players, seed, options, log) == final
    assert replay(players, seed, options, log[:-1]) != final


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_game_ends_within_the_cap(players):
    for seed in range(20, 24):
        final, log = playout(players, seed, {}, check_every=50)
        result = RULES.result(final)
        assert result.winners and len(log) < CAP
        teams = RULES.teams(players, {})
        assert any(sorted(result.winners) == sorted(t) for t in teams), "a whole side wins"
