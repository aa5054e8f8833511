"""How a game ends: by the seed's endings (R119 full board, R121 five level-4 cities) or the
week-limit house rule (R133); the seed has no other limit. The stall guard (a house value) ends
only a game whose every seat is a computer player; between people a stall is a clock matter."""
from __future__ import annotations

import json

import pytest

from engine.base import TURN
from engine.battalia import RULES, board, data
from engine.battalia.help import DESIGN_TEXT, HOUSE_TEXT
from engine.battalia.setup import COMPUTER_SEATS, computer_only
from engine.battalia.turns import stall_guard_rounds

from .helpers import play_game, ready_game, to_actions
from .test_playouts import ai_policy

GUARD_WEEKS = data.board()["stall_guard"]["weeks"]


def at_the_guard(n: int, options: dict) -> dict:
    """A game in the last seat's turn of the guard's last round (round 7 x weeks)."""
    s = to_actions(ready_game(n, 1, options))
    s["round"] = 7 * GUARD_WEEKS
    s["current"] = (s["first"] - 1) % n
    return s


def end_turn(state: dict) -> dict:
    state, _ = RULES.apply(state, state["current"], "end")
    return state


def test_the_stall_guard_ends_a_game_of_computers_only():
    """Every seat a computer (`computer_seats` names them all): the guard ends the game after its
    weeks with the usual scoring (R123, R124)."""
    s = end_turn(at_the_guard(2, computer_only(2)))
    r = RULES.result(s)
    assert r is not None and "stall guard" in r.reason and f"after {GUARD_WEEKS} weeks" in r.reason
    assert s["phase"] == "over"


@pytest.mark.parametrize("options", [{}, {COMPUTER_SEATS: [1]}, {COMPUTER_SEATS: [0, 2]}],
                         ids=["people", "a person and a computer", "three seats, two computers"])
def test_a_game_with_a_person_never_ends_by_the_guard(options):
    """The seed has no week limit (R119-R122 only): a game with a person in it plays on past the
    guard's weeks, a turn for one seat (the platform's clock runs for that seat, not the game)."""
    n = 3 if 2 in options.get(COMPUTER_SEATS, []) else 2
    s = end_turn(at_the_guard(n, options))
    assert RULES.result(s) is None and s["round"] == 7 * GUARD_WEEKS + 1
    for _ in range(3 * n):  # and on, well past the guard
        s = end_turn(to_actions(s))
    assert RULES.result(s) is None and s["round"] > 7 * GUARD_WEEKS + 1
    moment = RULES.moment(s)
    assert moment.kind == TURN and moment.seats == {s["current"]}
    assert stall_guard_rounds(s) is None


def test_the_week_limit_house_rule_still_ends_a_game_between_people():
    """R133/G31: `weeks` ends the game after the last turn of round 7 x W."""
    s = to_actions(ready_game(2, 1, {"weeks": 1}))
    s["round"] = 7
    s["current"] = (s["first"] - 1) % 2
    r = RULES.result(end_turn(s))
    assert r is not None and "1-week limit" in r.reason


def test_the_guard_is_a_house_value_in_the_data_and_the_rules_help():
    rec = data.board()["stall_guard"]
    assert rec["source"] == "house" and data.house_values() == {"stall_guard": rec["weeks"]}
    assert f"a stall guard ends a game of computer players only after {rec['weeks']} weeks" in HOUSE_TEXT
    assert "No week limit unless `weeks` sets one" in DESIGN_TEXT and len(DESIGN_TEXT) <= 2000, "one message"


def test_computer_seats_are_seats_of_the_game_and_stored_only_when_given():
    with pytest.raises(ValueError):
        RULES.setup(2, {COMPUTER_SEATS: [0, 2]}, 1)
    with pytest.raises(ValueError):
        RULES.setup(2, {COMPUTER_SEATS: "x"}, 1)
    assert COMPUTER_SEATS not in json.dumps(RULES.setup(2, {}, 1)), "a plain game's state is unchanged"
    assert RULES.setup(3, computer_only(3), 1)["options"][COMPUTER_SEATS] == [0, 1, 2]


@pytest.mark.parametrize("n,seed", [(2, 3), (3, 4)])
def test_computer_games_end_by_the_seeds_own_endings(n, seed):
    """Computer players in every seat, the guard on: the game ends by R119 (the board is full,
    counting R120's impassable squares, R122) or R121 (five level-4 cities), not by the guard."""
    final, _ = play_game(n, seed, ai_policy(seed), computer_only(n), check_every=0)
    reason = RULES.result(final).reason
    assert "The board is full" in reason or "five level-4 cities" in reason, reason


def _road_without(side: int) -> dict:
    """A straight road card whose edge `side` (0 N, 1 E, 2 S, 3 W) has no road."""
    rot = next(r for r in range(4) if side not in board.rotate(board.shape_exits("road", "straight"), r))
    return {"card": "t0", "kind": "road", "shape": "straight", "rot": rot, "terrain": None, "owner": None}


def sealed_position() -> dict:
    """Two players (the outer ring removed, R129): b4's sides face a1-g7's removed a4 and three built
    roads without a road towards b4, so no road can ever reach it."""
    s = ready_game(2, 1)
    for sq in ("b3", "b5", "c4"):
        s["board"].pop(sq, None)
    assert "a4" in s["removed"] and "b4" not in s["board"]
    s["board"]["b3"], s["board"]["b5"], s["board"]["c4"] = _road_without(2), _road_without(0), _road_without(3)
    return s


def test_R120_R45f_a_square_no_road_can_reach_is_impassable():
    """R120: a square where no card can be placed by the rules is impassable. A card on b4 could
    fit its edges (R45d, a road off the edge of play, R45e), but nothing placed there can ever join
    a city (R45f): built cards never leave the board (R51). It counts as built for R119."""
    s = sealed_position()
    assert board.sealed(s, "b4") and "b4" in board.update_impassable(s) and "b4" in s["impassable"]


def test_R120_an_empty_or_open_side_or_R46_keeps_a_square_open():
    s = sealed_position()
    del s["board"]["c4"]  # an empty neighbour may still bring a road
    assert not board.sealed(s, "b4")
    s["board"]["d4"], s["board"]["c3"], s["board"]["c5"] = _road_without(3), _road_without(2), _road_without(0)
    assert board.sealed(s, "b4") and board.sealed(s, "c4"), "unless the region b4-c4 is closed all round"
    s = sealed_position()
    s["board"]["b3"] = dict(s["board"]["b3"], rot=(s["board"]["b3"]["rot"] + 1) % 4)  # a road now leads in
    assert 2 in board.tile_exits(s["board"]["b3"]) and not board.sealed(s, "b4")
    s = sealed_position()
    for tile in s["board"].values():  # R46: a player without a city places a new one freely
        if tile["kind"] == "city" and tile.get("owner") == 1:
            tile["owner"] = 0
    assert not board.cities_of(s, 1) and not board.sealed(s, "b4")
