"""Standings against hand-computed values."""
from __future__ import annotations

from fractions import Fraction

import pytest

from tournaments.standings import compute_standings, game_points


def game(a, b, result):
    """result: "a" (a wins), "b" (b wins) or "draw"."""
    ranks = {"a": [1, 2], "b": [2, 1], "draw": [1, 1]}[result]
    return {"players": [a, b], "ranks": ranks}


def bye(p):
    return {"players": [p], "bye": True}


FIVE_PLAYER_EVENT = [
    # round 1
    game("A", "B", "a"), game("C", "D", "draw"), bye("E"),
    # round 2
    game("A", "C", "draw"), game("E", "D", "a"), bye("B"),
    # round 3
    game("A", "E", "b"), game("B", "C", "a"), bye("D"),
]


def test_five_player_example_by_hand():
    rows = compute_standings(FIVE_PLAYER_EVENT, ["A", "B", "C", "D", "E"])
    by_player = {r["player"]: r for r in rows}
    # points: A = 1 (beat B) + 0.5 (drew C) + 0 (lost E)   = 1.5
    #         B = 0 (lost A) + 1 (bye) + 1 (beat C)         = 2
    #         C = 0.5 (drew D) + 0.5 (drew A) + 0 (lost B)  = 1
    #         D = 0.5 (drew C) + 0 (lost E) + 1 (bye)       = 1.5
    #         E = 1 (bye) + 1 (beat D) + 1 (beat A)         = 3
    assert {p: r["points"] for p, r in by_player.items()} == {"A": 1.5, "B": 2, "C": 1, "D": 1.5, "E": 3}
    # Buchholz (opponents' points; a bye adds nothing):
    #   A: B 2 + C 1 + E 3 = 6      B: A 1.5 + C 1 = 2.5      C: D 1.5 + A 1.5 + B 2 = 5
    #   D: C 1 + E 3 = 4            E: D 1.5 + A 1.5 = 3
    assert {p: r["buchholz"] for p, r in by_player.items()} == {"A": 6, "B": 2.5, "C": 5, "D": 4, "E": 3}
    # Sonneborn-Berger (beaten opponents' points + half of drawn opponents'):
    #   A: B 2 + C 1/2 = 2.5        B: C 1 = 1               C: D 1.5/2 + A 1.5/2 = 1.5
    #   D: C 1/2 = 0.5              E: D 1.5 + A 1.5 = 3
    assert {p: r["sonneborn_berger"] for p, r in by_player.items()} == \
        {"A": 2.5, "B": 1, "C": 1.5, "D": 0.5, "E": 3}
    # order: E 3; B 2; A and D level on 1.5, A ahead on Buchholz 6 > 4; C 1
    assert [r["player"] for r in rows] == ["E", "B", "A", "D", "C"]
    assert [r["rank"] for r in rows] == [1, 2, 3, 4, 5]
    assert (by_player["A"]["wins"], by_player["A"]["draws"], by_player["A"]["losses"]) == (1, 1, 1)
    assert (by_player["E"]["played"], by_player["E"]["byes"]) == (2, 1)


def test_head_to_head_decides_when_everything_else_is_level():
    results = [game("C", "A", "a"), game("A", "D", "a"), game("B", "A", "a"),
               game("C", "B", "a"), game("D", "B", "a")]
    rows = compute_standings(results, ["A", "B", "C", "D"])
    by_player = {r["player"]: r for r in rows}
    # points: A = 0 + 1 + 0 = 1 (beat D); B = 1 + 0 + 0 = 1 (beat A); C = 2; D = 1 (beat B)
    # Buchholz: A: C 2 + D 1 + B 1 = 4; B: A 1 + C 2 + D 1 = 4; C: A 1 + B 1 = 2; D: A 1 + B 1 = 2
    # Sonneborn-Berger: A: D 1 = 1; B: A 1 = 1; C: A 1 + B 1 = 2; D: B 1 = 1
    # A and B are level on 1 / 4 / 1; B beat A, so head-to-head is B 1, A 0
    assert [(r["points"], r["buchholz"], r["sonneborn_berger"]) for r in rows] == \
        [(2, 2, 2), (1, 4, 1), (1, 4, 1), (1, 2, 1)]
    assert [r["player"] for r in rows] == ["C", "B", "A", "D"]
    assert (by_player["B"]["head_to_head"], by_player["A"]["head_to_head"]) == (1, 0)
    assert by_player["C"]["head_to_head"] == 0  # not level with anyone


def test_final_key_is_registration_order():
    # a drawn game: identical on every tiebreak including head-to-head (1/2 each)
    rows = compute_standings([game("X", "Y", "draw")], ["Y", "X"])
    assert [r["player"] for r in rows] == ["Y", "X"]
    rows = compute_standings([game("X", "Y", "draw")])  # no list: id as text
    assert [r["player"] for r in rows] == ["X", "Y"]


def test_pod_placement_points():
    # 4-player pod: each place scores 1 per player beaten, 1/2 per tie, divided by 3
    assert game_points(["a", "b", "c", "d"], [1, 2, 3, 4]) == \
        {"a": 1, "b": Fraction(2, 3), "c": Fraction(1, 3), "d": 0}
    # shared first: a and b each beat c and d and tie each other: (1/2 + 1 + 1) / 3 = 5/6
    assert game_points(["a", "b", "c", "d"], [1, 1, 3, 4]) == \
        {"a": Fraction(5, 6), "b": Fraction(5, 6), "c": Fraction(1, 3), "d": 0}
    # points in a pod always add up to what a two-player game hands out per pairing: n/2
    assert sum(game_points(list("abc"), [2, 1, 2]).values()) == Fraction(3, 2)


def test_pod_standings_with_exact_fractions():
    results = [{"players": ["a", "b", "c"], "ranks": [1, 2, 3]},
               {"players": ["a", "b", "c"], "ranks": [3, 2, 1]},
               {"players": ["a", "b", "c"], "ranks": [2, 2, 2]}]
    rows = compute_standings(results, ["a", "b", "c"])
    # every player: (1 + 0 + 1/2) or (1/2 + 1/2 + 1/2) = 1.5 exactly — thirds would not be exact
    assert all(r["points"] == 1.5 for r in rows)
    # Sonneborn-Berger, per game (score vs each opponent * opponent's 1.5) / 2:
    #   a: game 1 (1*1.5 + 1*1.5)/2 = 1.5, game 2 0, game 3 (0.5*1.5 + 0.5*1.5)/2 = 0.75 -> 2.25
    #   b: game 1 (0 + 1*1.5)/2 = 0.75, game 2 (1*1.5 + 0)/2 = 0.75, game 3 0.75      -> 2.25
    # Buchholz: 1.5 + 1.5 per game, three games -> 9
    by_player = {r["player"]: r for r in rows}
    assert by_player["a"]["sonneborn_berger"] == pytest.approx(2.25)
    assert by_player["b"]["sonneborn_berger"] == pytest.approx(2.25)
    assert all(r["buchholz"] == 9 for r in rows)


def test_unplayed_games_are_ignored_and_everyone_listed():
    rows = compute_standings([{"players": ["a", "b"], "ranks": None}], ["a", "b", "c"])
    assert [r["points"] for r in rows] == [0, 0, 0]
    assert [r["player"] for r in rows] == ["a", "b", "c"]
