"""The hard computer player of Clash of Rage (engine/clash_of_rage/hard.py): legal, the same move
for the same seed, blind to what its seat may not know, and plugged in as the game's hard level."""
from __future__ import annotations

import random

import pytest

from engine import ai_levels
from engine.base import HARD
from engine.clash_of_rage import RULES, flow, hard, secrecy, tactics


def _game(seed: int, every: int = 1) -> list[tuple[dict, int, int]]:
    """(state, seat, decision seed) along a seeded game: the hard player on seat 0, the normal one
    on seat 1; every `every`-th decision with more than one legal move."""
    state = RULES.setup(2, {}, seed)
    rng = random.Random(seed)
    out, n = [], 0
    while RULES.result(state) is None:
        seat = min(RULES.active_players(state))
        decision = rng.randrange(1 << 30)
        if seat == 0:
            pick = hard.choose(state, seat, decision).action
        else:
            pick = RULES.ai_choose(state, seat, decision)
        if len(flow.legal_ids(state, seat)) > 1:
            if n % every == 0:
                out.append((state, seat, decision))
            n += 1
        state, _ = RULES.apply(state, seat, pick)
    return out


@pytest.fixture(scope="module")
def played():
    return _game(41)


def test_the_hard_player_plays_a_legal_move_the_same_for_the_same_seed(played):
    searched = 0
    for state, seat, decision in played[::6]:
        thought = hard.choose(state, seat, decision)
        assert thought.action in flow.legal_ids(state, seat)
        assert hard.choose(state, seat, decision) == thought
        searched += thought.candidates > 1
    assert searched >= 5, "some decisions were compared by the lookahead"


def test_the_hard_player_compares_the_tactic_cards_and_the_action_starts(played):
    kinds = set()
    for state, seat, decision in played:
        thought = hard.choose(state, seat, decision)
        if thought.candidates > 1:
            assert thought.searched and thought.judged and thought.rollouts >= hard.MIN_WORLDS
            kinds.add("tactic" if tactics.selecting(state) else "action")
            if kinds == {"tactic", "action"}:
                break
    assert kinds == {"tactic", "action"}


def test_the_hard_player_never_peeks(played, monkeypatch):
    """Everything the seat may not know dealt again (the opponent's tactic hand and pick, the
    tactic and legendary piles): its whole thought is the same on the true state and on every
    such copy, when its own worlds are dealt from one fixed copy (what it does not know then
    reaches it through nothing else)."""
    deal = secrecy.redeal
    checked = 0
    for state, seat, decision in played:
        if not RULES.hidden_items(state, seat) or hard._acts(state, flow.legal_ids(state, seat)) == 0:
            continue
        canonical = deal(state, seat, random.Random(99))
        monkeypatch.setattr(secrecy, "redeal", lambda _s, viewer, rng, c=canonical: deal(c, viewer, rng))
        chosen = hard.choose(state, seat, decision)
        copies = [deal(state, seat, random.Random(k)) for k in (1, 2, 3)]
        assert any(c != state for c in copies), "the copies differ in what the seat may not know"
        for c in copies:
            assert hard.choose(c, seat, decision) == chosen
        monkeypatch.setattr(secrecy, "redeal", deal)
        checked += chosen.candidates > 1
        if checked >= 6:
            break
    assert checked >= 3, "positions the lookahead compared moves in"


def test_the_worlds_are_dealt_again_and_reseeded(played):
    state, seat, _ = next(p for p in played if tactics.selecting(p[0]) and p[0]["tactics"]["picks"])
    other = 1 - seat
    worlds = [hard._world(state, seat, random.Random(k)) for k in range(12)]
    assert all(w["rng"] != state["rng"] for w in worlds)
    assert all(w["seats"][seat]["tactic_hand"] == state["seats"][seat]["tactic_hand"] for w in worlds)
    assert any(w["seats"][other]["tactic_hand"] != state["seats"][other]["tactic_hand"]
               or w["tactics"]["picks"] != state["tactics"]["picks"] for w in worlds)


def test_the_judge_is_a_worth_between_0_and_1_and_knows_an_ended_game(played):
    state = played[-1][0]
    for seat in (0, 1):
        assert 0.0 < hard.judge(state, seat) < 1.0
    ahead = dict(state, seats=[dict(s) for s in state["seats"]])
    ahead["seats"][0]["legendary"] = ahead["seats"][0]["legendary"] + ["legendary_weapon_1"]
    assert hard.judge(ahead, 0) > hard.judge(state, 0) and hard.judge(ahead, 1) < hard.judge(state, 1)
    over = dict(state, result={"winners": [1], "scores": {}, "reason": ""})
    assert hard.judge(over, 1) == 1.0 and hard.judge(over, 0) == 0.0


def test_the_game_declares_it_as_its_hard_level(played):
    state, seat, decision = next(p for p in played if hard._acts(p[0], flow.legal_ids(p[0], p[1])))
    assert ai_levels.hard(RULES, state, seat, decision) == hard.choose(state, seat, decision)
    assert ai_levels.choose(RULES, state, seat, decision, HARD) == hard.choose(state, seat, decision).action
