"""3.1 steps 12-13 (and the R133 house rule of several starting cities): a setup step with a single possible
answer is taken by the engine with the move before it, with a public event saying what was placed; nobody is
asked a question with one answer, and replays repeat the step from the state alone."""
from __future__ import annotations

import json
import random

import pytest

from engine.base import IllegalAction
from engine.battalia import RULES, board

from .helpers import replay, same_state

SETUP = ("setup_faction", "setup_city")


def _after_factions(n: int, seed: int, options=None, log: list | None = None) -> dict:
    """The state once every faction is chosen; the moves applied go on `log` when given."""
    s = RULES.setup(n, dict(options or {}, first_player=0), seed)
    while s["phase"] == "setup_faction":
        move = (s["current"], RULES.legal_actions(s, s["current"])[0].id)
        s, _ = RULES.apply(s, *move)
        if log is not None:
            log.append(move)
    return s


def test_3_1_step13_the_last_starting_city_is_given_without_a_question():
    """2 players: the first chooser picks; the other player gets the city left over in the same move."""
    log: list = []
    s = _after_factions(2, 3, log=log)
    assert s["phase"] == "setup_city"
    chooser = s["current"]
    free = [a.id.split(":")[1] for a in RULES.legal_actions(s, chooser)]
    assert len(free) == 2
    s2, events = RULES.apply(s, chooser, f"startcity:{free[0]}")
    other = 1 - chooser
    assert [e.public for e in events] == [f"Player {chooser + 1} chooses the starting city at {free[0]}.",
                                          f"Player {other + 1} gets the last starting city, at {free[1]}."]
    assert not any(e.hidden for e in events), "placing the last city draws nothing: the move can be undone"
    assert s2["board"][free[1]]["owner"] == other and s2["board"][free[1]]["level"] == 1
    assert s2["players"][other]["markers"]["low"] == s["players"][other]["markers"]["low"] - 1
    assert s2["phase"] == "start" and RULES.active_players(s2) == {s2["first"]}
    # only the asked move is logged: replaying it takes the automatic step again, from the state alone
    assert same_state(replay(2, {"first_player": 0}, 3, log + [(chooser, f"startcity:{free[0]}")]), s2)


def test_3_1_step13_R133_the_last_of_several_starting_cities_is_given():
    """R133 house rule, 3 starting cities each for 3 players: 9 cities, 8 questions, each with a real choice."""
    s = _after_factions(3, 5, {"start_cities": 3})
    asked = 0
    while s["phase"] == "setup_city":
        legal = RULES.legal_actions(s, s["current"])
        assert len(legal) >= 2
        s, events = RULES.apply(s, s["current"], legal[-1].id)
        asked += 1
    assert asked == 8 and "gets the last starting city" in events[-1].public
    assert all(len(board.cities_of(s, p)) == 3 for p in range(3))


def test_3_1_step12_the_last_faction_set_is_given_without_a_question():
    s = RULES.setup(4, {"first_player": 1}, 2)
    for seat, f in ((1, "Y"), (2, "R")):
        s, _ = RULES.apply(s, seat, f"faction:{f}")
    s, events = RULES.apply(s, 3, "faction:G")
    assert "Player 1 takes the remaining Islanders set" in events[-1].public
    assert s["phase"] == "setup_city"


@pytest.mark.parametrize("n,seed,options", [
    (2, 61, {}), (3, 62, {}), (4, 63, {}), (2, 64, {"start_cities": 2, "start_heroes": 1}),
    (3, 65, {"start_cities": 3}), (4, 66, {"start_cities": 2, "no_neutral": True}),
    (4, 67, {"variant": "scenario2"}), (2, 68, {"variant": "advanced", "start_cities": 3}),
])
def test_3_1_steps12_13_setup_never_asks_a_question_with_one_answer(n, seed, options):
    """Random and computer-player setups: every setup question offers at least two answers, every player ends
    with the right number of starting cities, and the game goes on into its first turns."""
    rng = random.Random(seed)
    s = RULES.setup(n, dict(options, weeks=1), seed)
    steps = 0
    log = []
    while s["phase"] in SETUP or steps < 40:
        if RULES.result(s):
            break
        seat = next(iter(RULES.active_players(s)))
        legal = RULES.legal_actions(s, seat)
        if s["phase"] in SETUP:
            assert len(legal) >= 2, (s["phase"], [a.id for a in legal])
        action = RULES.ai_choose(s, seat, seed + steps) if steps % 2 else rng.choice(legal).id
        assert action in [a.id for a in legal]
        s, _ = RULES.apply(s, seat, action)
        log.append((seat, action))
        steps += 1
    k = 0 if options.get("variant") == "scenario2" else options.get("start_cities", 1)
    start_squares = [sq for sq, t in RULES.setup(n, options, seed)["board"].items()
                     if t["kind"] == "city" and t["owner"] is None]
    assert len(start_squares) == n * k
    assert all(s["board"][sq]["owner"] in range(n) for sq in start_squares)
    assert same_state(replay(n, dict(options, weeks=1), seed, log), s)


def test_3_1_step13_an_action_log_naming_the_last_city_itself_still_replays():
    """An action log written before the last city was given automatically names that pick as a move of its
    own: replayed now, that move is accepted as already done (it changes nothing), once, and only straight
    after the move that gave the city. A state stored by an older version, with its log ("history"), takes
    that move too and leaves the log out."""
    s = _after_factions(2, 3)
    chooser = s["current"]
    free = [a.id.split(":")[1] for a in RULES.legal_actions(s, chooser)]
    s2, _ = RULES.apply(s, chooser, f"startcity:{free[0]}")
    old_pick = (1 - chooser, f"startcity:{free[1]}")
    s3, events = RULES.apply(s2, *old_pick)
    assert events == []
    assert set(s3) == set(s2) and "history" not in s3
    for key in s2:
        if key != "setup":
            assert s3[key] == s2[key], key
    assert s3["setup"] == {k: v for k, v in s2["setup"].items() if k != "auto"} and "auto" in s2["setup"]
    stored = dict(s2, history=[[chooser, f"startcity:{free[0]}"]])  # an older version's snapshot
    s3_old, events = RULES.apply(stored, *old_pick)
    assert events == [] and same_state(s3_old, s3) and "history" in stored
    with pytest.raises(IllegalAction):  # only once
        RULES.apply(s3, *old_pick)
    s4, _ = RULES.apply(s2, s2["current"], "start")
    with pytest.raises(IllegalAction):  # and not after another move
        RULES.apply(s4, *old_pick)
    with pytest.raises(IllegalAction):  # nor a different city
        RULES.apply(s2, 1 - chooser, f"startcity:{free[0]}")
    s5, _ = RULES.apply(s3, s3["current"], "start")  # the game goes on from the old log
    assert s5["phase"] == "actions"
