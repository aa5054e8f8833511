"""The declared match options: a shorter round limit (house), and a plain match storing nothing."""
from __future__ import annotations

from engine.base import IllegalAction, normalise_options
from engine.skytear import RULES

from .test_playouts import playout


def test_a_plain_match_stores_no_option():
    assert normalise_options(RULES, 2, {"rounds": 0, "map": "two_lane", "nexus_hp": 5}) == {}


def test_the_round_limit_option_ends_the_game_after_that_round():
    """R2/R122 with the house option `rounds`: the tie-breaker decides after round 2 (or earlier
    by a victory), where the two-lane map's own limit is 5."""
    assert RULES.setup(2, {}, 1)["rounds"] == 5
    state = RULES.setup(2, {"rounds": 2}, 1)
    assert state["rounds"] == 2
    final, _log = playout(2, 31, {"rounds": 2}, check_every=50)
    assert final["round"] <= 2
    assert RULES.result(final) is not None


def test_the_round_limit_option_refuses_numbers_out_of_range():
    for bad in (9, -1, "many"):
        try:
            normalise_options(RULES, 2, {"rounds": bad})
        except IllegalAction:
            continue
        raise AssertionError(f"rounds={bad!r} was accepted")
