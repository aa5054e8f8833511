"""OpenSkill ratings: direction of changes, multiplayer order, provisional flag, JSON."""
from __future__ import annotations

import json

from hypothesis import given, settings
from hypothesis import strategies as st

from tournaments.ratings import (
    PROVISIONAL_GAMES, apply_game, display_rating, is_provisional, new_rating, ranks_from_outcome,
    rate, seed_order,
)

ratings_strategy = st.builds(
    lambda mu, sigma, games: {"mu": mu, "sigma": sigma, "games": games},
    st.floats(5, 45), st.floats(1, 8.4), st.integers(0, 50),
)


@settings(max_examples=60, deadline=None)
@given(ratings_strategy, ratings_strategy)
def test_winner_rises_loser_falls(winner, loser):
    out = rate([("w", 1), ("l", 2)], {"w": winner, "l": loser})
    assert out["w"]["rating"]["mu"] > winner["mu"]
    assert out["l"]["rating"]["mu"] < loser["mu"]
    assert out["w"]["rating"]["games"] == winner["games"] + 1


def test_new_players_display_moves_both_ways():
    out = rate([("a", 1), ("b", 2)], {})
    assert out["a"]["old_display"] == out["b"]["old_display"] == 1500
    assert out["a"]["delta"] > 0 > out["b"]["delta"]
    assert out["a"]["new_display"] == display_rating(out["a"]["rating"])


def test_multiplayer_order_respected():
    out = rate([("d", 4), ("b", 2), ("a", 1), ("c", 3)], {})
    mus = [out[p]["rating"]["mu"] for p in "abcd"]
    assert mus == sorted(mus, reverse=True)
    assert len(set(mus)) == 4


def test_tie_between_equals_keeps_them_equal():
    out = rate([("a", 1), ("b", 1), ("c", 2)], {})
    assert out["a"]["rating"]["mu"] == out["b"]["rating"]["mu"] > out["c"]["rating"]["mu"]


def test_provisional_until_enough_games():
    ratings = {}
    for game in range(1, PROVISIONAL_GAMES + 1):
        out = rate([("a", 1), ("b", 2)], ratings)
        ratings = apply_game([("a", 1), ("b", 2)], ratings)
        assert out["a"]["provisional"] == (game < PROVISIONAL_GAMES)
    assert not is_provisional(ratings["a"])
    assert is_provisional(new_rating())


def test_ratings_are_plain_json_and_input_untouched():
    before = {"a": new_rating()}
    snapshot = json.dumps(before)
    after = apply_game([("a", 2), ("b", 1)], before)
    assert json.dumps(before) == snapshot
    assert json.loads(json.dumps(after)) == after
    assert set(after["b"]) == {"mu", "sigma", "games"}


def test_seed_order_by_conservative_rating():
    # ordinals: strong 30 - 6 = 24; new 25 - 25 = 0; unsure 26 - 27 = -1 (higher mu, but unproven)
    ratings = {"strong": {"mu": 30, "sigma": 2, "games": 20}, "unsure": {"mu": 26, "sigma": 9, "games": 1}}
    assert seed_order(["unsure", "new", "strong"], ratings) == ["strong", "new", "unsure"]


def test_ranks_from_outcome():
    assert ranks_from_outcome(2, [1]) == [2, 1]
    assert ranks_from_outcome(2, [0, 1]) == [1, 1]
    # winner seat 2; the rest by score, equal scores share a place
    assert ranks_from_outcome(4, [2], {0: 5, 1: 7, 2: 9, 3: 5}) == [3, 2, 1, 3]
