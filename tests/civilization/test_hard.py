"""The hard computer player (engine/civilization/hard.py): a legal move wherever it is asked, the
same for the same seed, and never a peek: it decides the same on copies of the state in which
everything its seat may not know was dealt again."""
from __future__ import annotations

import random
from functools import cache

from engine import ai_levels
from engine.base import HARD
from engine.civilization import RULES, ai, board, flow, hard
from tests.canonical_deal import assert_never_peeks


@cache
def _game(seed: int = 31, cap: int = 240) -> tuple[tuple[dict, int], ...]:
    """Every other state of a seeded two-player game of the normal player on every seat, and
    the seat to move (the states are never changed)."""
    state = RULES.setup(2, {}, seed)
    rng = random.Random(seed)
    out = []
    for n in range(cap):
        if RULES.result(state) is not None:
            break
        seat = min(RULES.active_players(state))
        if n % 2 == 0:
            out.append((state, seat))
        state, _ = RULES.apply(state, seat, ai.choose(state, seat, rng.randrange(1 << 30)))
    return tuple(out)


def test_the_hard_players_move_is_legal_the_same_for_the_same_seed_and_the_normal_one_when_not_searched():
    """Searched: City Management and the Start of Turn; a single move is played as it is, a
    battle, a card's question, Movement, Research and Trade as the normal player plays them."""
    seen = {"searched": 0, "single": 0, "left": 0}
    for n, (state, seat) in enumerate(_game()):
        ids = [a.id for a in RULES.legal_actions(state, seat)]
        thought = hard.choose(state, seat, 5)
        assert thought.action in ids, thought
        if len(ids) == 1:
            assert (thought.action, thought.searched) == (ids[0], False)
            seen["single"] += 1
        elif state.get("pending") or state.get("battle") or state["phase"] in ("movement", "research", "trade"):
            assert (thought.action, thought.candidates) == (ai.choose(state, seat, 5), 1)
            seen["left"] += 1
        if thought.candidates > 1:
            seen["searched"] += 1
            if seen["searched"] % 4 == 1:
                assert hard.choose(state, seat, 5) == thought
    assert seen["searched"] >= 5 and seen["single"] and seen["left"], seen


def test_the_platform_plays_the_games_own_hard_player():
    state, seat = next((s, t) for s, t in _game()[40:] if hard.choose(s, t, 3).candidates > 1)
    assert ai_levels.hard(RULES, state, seat, 3) == hard.choose(state, seat, 3)
    assert ai_levels.choose(RULES, state, seat, 3, HARD) == hard.choose(state, seat, 3).action


def test_the_hard_player_never_peeks():
    """Its search learns the hidden items only through the redeal it is given: with a redeal that
    deals from one fixed copy whatever it is given, the true state and copies of it dealt again
    for the seat (the other hands, the decks, the face-down markers and units) give the same
    whole thought, and the same worth to every move weighed, to the last digit."""
    positions = ((state, seat) for state, seat in _game()[::3]
                 if state["phase"] in ("city", "start") and RULES.hidden_items(state, 1 - seat)
                 and hard.choose(state, seat, 2).candidates > 1)
    assert_never_peeks(hard, RULES, positions, RULES.redeal, copies=(1, 2, 3), others=3, wanted=4)


def test_the_judge_prefers_the_seat_ahead():
    state, seat = next((s, t) for s, t in _game() if s["turn"] >= 4)
    before = hard.judge(state, seat)
    assert 0.0 < before < 1.0
    ahead = RULES.redeal(state, seat, random.Random(1))
    ahead["seats"][seat]["culture_tokens"] += 5
    assert hard.judge(ahead, seat) > before
    behind = RULES.redeal(state, seat, random.Random(1))
    behind["seats"][1 - seat]["culture_level"] += 2
    assert hard.judge(behind, seat) < before
    over = RULES.redeal(state, seat, random.Random(1))
    over["result"] = {"winners": [seat]}
    assert hard.judge(over, seat) == 1.0


def test_an_action_is_judged_once_the_cancel_window_it_opens_is_answered():
    """From the middle game on, a City Management action waits in a cancel window for the other
    seat: the moves weighed are judged after it, so they are not all worth the same."""
    told_apart = 0
    for state, seat in _game()[60:]:
        if state["phase"] != "city" or state.get("pending") or state["turn"] < 5:
            continue
        legal = [a.id for a in RULES.legal_actions(state, seat)]
        moves = hard.city_candidates(state, seat, ai.choose(state, seat, 4), legal)
        if len(moves) < 3 or not any(RULES.apply(state, seat, m)[0].get("pending") for m in moves):
            continue
        totals, _ended, _won = hard.weigh(state, seat, 4, moves)
        told_apart += len(set(totals)) > 1
    assert told_apart >= 3


def test_great_people_are_placed_on_free_squares_only():
    """Placing a great person on a square holding another takes that one back to the sheet, a
    step that could be taken again and again: the Start of Turn weighs the free squares only."""
    state = next(s for s, _t in _game() if s["phase"] == "start" and s["turn"] >= 2)
    seat = state["step_seat"]
    state = RULES.redeal(state, seat, random.Random(1))         # a copy to change
    city = next(c for c in state["cities"] if c["owner"] == seat)
    state["seats"][seat]["great_people"] = ["general"]
    squares = [board.label(x, y) for x, y in board.outskirts(state, city["x"], city["y"])
               if f"greatperson:general:{board.label(x, y)}" in flow.legal_ids(state, seat)]
    taken, free = squares[0], squares[1]
    state["great_people_at"][taken] = {"id": "artist", "owner": seat}
    picks = hard.start_candidates(state, flow.legal_ids(state, seat))
    assert f"greatperson:general:{free}" in picks
    assert f"greatperson:general:{taken}" not in picks
    assert f"greatperson:general:{taken}" in flow.legal_ids(state, seat)
