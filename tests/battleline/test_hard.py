"""The hard computer player (engine/battleline/hard.py): legal in every step, the same thought for
the same seed, blind to what its seat may not know, and really searching (it departs from the
normal player's move where its worlds say another play is better)."""
from __future__ import annotations

import random

import pytest

from engine import ai_levels
from engine.battleline import RULES, hard
from tests.canonical_deal import CanonicalDeal

from .helpers import ids


def _random_positions(count: int, seed: int, players: int = 2) -> list[tuple[dict, int]]:
    """Positions from games of random legal moves (tactics, Scout, Mud, ... all come up)."""
    rng = random.Random(seed)
    out, game = [], 0
    while len(out) < count:
        state = RULES.setup(players, {}, seed * 1000 + game)
        game += 1
        while RULES.result(state) is None and len(out) < count:
            seat = min(RULES.active_players(state))
            if rng.random() < 0.1:
                out.append((state, seat))
            state, _ = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)).id)
    return out


def _play_positions(count: int, seed: int, every: int = 3) -> list[tuple[dict, int]]:
    """Card-play positions of a game of the normal player on both seats (where the hard player
    searches)."""
    state = RULES.setup(2, {}, seed)
    out, plays, n = [], 0, 0
    while RULES.result(state) is None and len(out) < count:
        seat = min(RULES.active_players(state))
        if state["step"] == "play":
            plays += 1
            if plays % every == 0:
                out.append((state, seat))
        state, _ = RULES.apply(state, seat, RULES.ai_choose(state, seat, n))
        n += 1
    return out


@pytest.mark.slow
def test_the_hard_move_is_legal_and_the_same_for_the_same_seed():
    positions = _random_positions(8, 11) + _random_positions(4, 13, players=3) + _play_positions(3, 12)
    steps = {state["step"] for state, _ in positions}
    assert {"play", "draw"} <= steps
    for state, seat in positions:
        thought = hard.choose(state, seat, 5)
        assert thought.action in ids(RULES.legal_actions(state, seat)), (state["step"], thought)
        assert hard.choose(state, seat, 5) == thought


def test_the_platform_asks_this_hard_player():
    state, seat = _play_positions(1, 3, every=4)[0]
    thought = ai_levels.hard(RULES, state, seat, 9)
    assert thought == hard.choose(state, seat, 9)
    assert thought.searched and thought.judged and thought.candidates > 1


@pytest.mark.slow
def test_the_hard_player_never_peeks():
    """Everything the seat may not know dealt again (the other hand, both decks' order): the
    whole thought is the same on the true state and on every such copy, when the worlds are
    dealt from one fixed copy (what is hidden reaches the player only through its worlds)."""
    departed = 0
    for state, seat in _play_positions(5, 21):
        assert state["hands"][1 - seat], "a position with a hand the seat may not see"
        game = CanonicalDeal(RULES, RULES.redeal(state, seat, random.Random(99)))
        thought = hard.choose(state, seat, 4, game)
        copies = [RULES.redeal(state, seat, random.Random(k)) for k in (1, 2, 3)]
        assert all(c["hands"][1 - seat] != state["hands"][1 - seat] for c in copies)
        for copy in copies:
            assert hard.choose(copy, seat, 4, game) == thought
        departed += thought.action != RULES.ai_choose(state, seat, 4)
    assert departed, "some position where the search departs from the normal move"


@pytest.mark.slow
def test_the_worlds_carry_what_is_hidden_so_the_peek_test_can_fail():
    """Dealt from the copies themselves, the worlds differ and so do some thoughts: a player
    reading the hidden cards from the state would fail the test above."""
    changed = 0
    for state, seat in _play_positions(5, 21):
        thought = hard.choose(state, seat, 4)
        changed += any(hard.choose(RULES.redeal(state, seat, random.Random(k)), seat, 4) != thought
                       for k in (1, 2, 3))
    assert changed


def test_the_hard_player_searches_and_sometimes_departs_from_the_normal_move():
    """Over a game's card plays the hard player compares several plays in its worlds and keeps
    the normal move often, but not always."""
    positions = _play_positions(8, 31, every=2)
    thoughts = [(hard.choose(state, seat, 8), RULES.ai_choose(state, seat, 8)) for state, seat in positions]
    searched = [t for t, _ in thoughts if t.searched]
    assert len(searched) >= len(thoughts) // 2
    assert all(t.rollouts == hard.WORLDS and t.candidates <= hard.TOP for t in searched)
    kept = sum(t.action == normal for t, normal in thoughts)
    assert 0 < kept < len(thoughts)
