"""The start of a turn folded into its first move (R18 steps 1-3, R29): a player who wants neither
a Formation (R20-R23) nor a Redeploy (R24) makes a move of step 3 straight away, and the move
takes step 2 (the Ambush cards back in hand) first, as "start" does; Formation, Redeploy and
"start" itself stay offered, with the ids older action logs name."""
from __future__ import annotations

import json
import random

import pytest

from engine.base import IllegalAction
from engine.battalia import RULES

from .helpers import clear_hand, give, ready_game, replay, same_state, to_actions


def listed(state: dict, seat: int) -> dict:
    return {a.id: a for a in RULES.legal_actions(state, seat)}


def test_R18_the_moves_of_step_3_are_offered_at_the_start_with_their_ids_and_paths():
    """R18: step 1 is a choice (Formation, Redeploy, or neither); the moves of step 3 are listed
    at once, with the same ids and paths as after "start"."""
    s = ready_game(2, 23)
    give(s, 0, [("supply", None), ("supply", None)])
    at_start, after = listed(s, 0), listed(to_actions(s), 0)
    assert {"redeploy", "start"} <= set(at_start)
    assert {i: a.path for i, a in at_start.items() if a.path[0].value != "turn"} == \
        {i: a.path for i, a in after.items()}
    assert any(i.startswith("hire:") for i in at_start) and "end" in at_start


def test_R29_a_first_move_from_the_start_takes_the_ambush_back_first():
    """R18/R29: a move of step 3 made at the start of the turn does "start" (the Ambush cards back
    in hand, said in public) and then the move: the same state and texts as the two moves."""
    s = ready_game(2, 23)
    (amb,) = give(s, 0, [("commander", None)], zone="ambush")
    give(s, 0, [("supply", None), ("supply", None)])
    hire = next(i for i in listed(s, 0) if i.startswith("hire:soldier"))
    one, events = RULES.apply(s, 0, hire)
    mid, first = RULES.apply(s, 0, "start")
    two, second = RULES.apply(mid, 0, hire)
    assert same_state(one, two)
    assert [e.public for e in events] == [e.public for e in first + second]
    assert amb in one["players"][0]["hand"] + one["players"][0]["played"] and one["players"][0]["ambush"] == []
    assert one["phase"] == "actions" and one["turn"]["actions"] == 1
    assert "starts the turn" in events[0].public and "Ambush card" in events[1].public


def test_R18_ending_the_turn_from_its_start():
    """R18 steps 4 and 5 straight from the start: the hand is discarded, 6 drawn, the next seat's turn."""
    s = ready_game(2, 23)
    s, _ = RULES.apply(s, 0, "end")
    assert s["current"] == 1 and s["phase"] == "start" and len(s["players"][0]["hand"]) == 6


def test_R20_R24_formation_and_redeploy_stay_step_1():
    """R20-R24: a Formation or a Redeploy is still the turn's first move; after it (or after any
    move of step 3) neither is offered again."""
    s = ready_game(3, seed=5, options={"first_player": 0})
    clear_hand(s, 0)
    give(s, 0, [("soldier", "G"), ("captain", "G"), ("priest", "G"), ("supply", None), ("supply", None)])
    ids = list(listed(s, 0))
    assert [i.rpartition(":")[2] for i in ids[:3]] == ["1", "2", "1,2"] and ids[3:5] == ["redeploy", "start"]
    hire = next(i for i in ids if i.startswith("hire:"))
    after, _ = RULES.apply(s, 0, hire)
    assert not {"formation", "redeploy", "start"} & {i.split(":")[0] for i in listed(after, 0)}
    with pytest.raises(IllegalAction, match="already started"):
        RULES.apply(after, 0, "redeploy")


def test_a_refused_first_move_changes_nothing_and_says_why():
    """A move of step 3 the hand cannot pay, asked for at the start: the move's own reason, nothing changed."""
    s = ready_game(2, 23)
    clear_hand(s, 0)
    before = json.dumps(s, sort_keys=True)
    with pytest.raises(IllegalAction, match="do not hold the cards to hire"):
        RULES.apply(s, 0, "hire:commander")
    assert json.dumps(s, sort_keys=True) == before


@pytest.mark.parametrize("seed", [3, 8])
def test_old_logs_with_start_replay_and_fold_to_the_same_game(seed):
    """An action log written when every turn began with "start" replays move for move; the same
    game with each "start" folded into the move after it (what a player now sends) reaches the
    same state."""
    rng = random.Random(seed)

    def old_style(state, seat):  # every turn begins with "start" (or a Formation or Redeploy)
        acts = [a.id for a in RULES.legal_actions(state, seat)]
        if state["phase"] == "start":
            return rng.choice([i for i in acts if i.split(":")[0] in ("formation", "redeploy", "start")])
        non_end = [i for i in acts if i != "end"]
        return rng.choice(non_end) if non_end and rng.random() < 0.85 else rng.choice(acts)

    state, log = RULES.setup(2, {}, seed), []
    while len(log) < 300 and RULES.result(state) is None:  # the first turns of a game are enough
        (seat,) = RULES.active_players(state)
        action = old_style(state, seat)
        state, _ = RULES.apply(state, seat, action)
        log.append((seat, action))
    assert same_state(replay(2, {}, seed, log), state)
    folded = [m for i, m in enumerate(log) if not (m[1] == "start" and i + 1 < len(log) and log[i + 1][0] == m[0])]
    assert len(folded) < len(log)
    assert same_state(replay(2, {}, seed, folded), state)


def test_the_rules_help_says_it_in_one_message():
    """The rules in short say step 1 is optional and the end comes by itself on the hand; the design
    decisions say when (the bot's take-back window, as long as the cog's); each one Discord
    message (2000 characters)."""
    from cogs.battalia import BattaliaCog
    from engine.battalia.help import DESIGN_TEXT, RULES_TEXT
    minutes = round(BattaliaCog.FOLLOW_WINDOW / 60)
    assert "Optional `turnstart`" in RULES_TEXT and "by itself when nothing is left" in RULES_TEXT
    assert f"ends by itself {minutes} minutes after your last move when nothing else is left" in DESIGN_TEXT
    assert "`/match undo` can take that move back" in DESIGN_TEXT and len(DESIGN_TEXT) <= 2000
    assert len(RULES_TEXT) <= 2000
