"""Seeded playouts to the end with invariants after every move, replay, and the computer player."""
from __future__ import annotations

import json
import random

import pytest

from engine.base import IllegalAction
from engine.battalia import RULES
from engine.battalia.setup import computer_only

from .helpers import biased_random_policy, play_game, replay, same_state


def ai_policy(seed: int):
    counter = [0]

    def choose(state, seat):
        counter[0] += 1
        return RULES.ai_choose(state, seat, seed * 100003 + counter[0])
    return choose


@pytest.mark.parametrize("n,seed,options", [
    # (the advanced game with a week limit: without one its random moves run to the stall guard,
    # 3,200 moves, which tests/battalia/test_stall.py covers)
    (2, 1, {}), (2, 2, {"variant": "advanced", "weeks": 8}), (3, 3, {"weeks": 5}), (4, 4, {"weeks": 3}),
    (4, 5, {"variant": "scenario2", "weeks": 2}), (3, 6, {"variant": "scenario1", "weeks": 3}),
    # R133 house rules
    (3, 7, {"start_cities": 2, "start_heroes": 1, "level4_end": 3, "weeks": 3}),
    (4, 8, {"start_cities": 3, "no_neutral": True, "start_heroes": 2, "weeks": 2}),
    (2, 9, {"no_neutral": True, "start_heroes": 2, "level4_end": 2, "variant": "advanced", "weeks": 4}),
    (4, 10, {"variant": "scenario2", "start_heroes": 2, "weeks": 1}),
])
@pytest.mark.slow
def test_random_playout_invariants_and_replay(n, seed, options):
    """Random legal moves to the end: card conservation, no hidden ids in other views, exact replay.
    Every seat is a computer: a game without a week limit has the stall guard."""
    options = {**computer_only(n), **options}
    # the invariants every 10 moves (a broken count stays broken: it is still caught), the log
    # replayed once: thousands of moves in the longest of these games
    final, log = play_game(n, seed, biased_random_policy(random.Random(seed)), options, check_every=10)
    assert RULES.result(final) is not None and len(log) > 20
    assert "history" not in final, "the state keeps no action log"
    short = replay(n, options, seed, log[:-1])
    assert not same_state(short, final), "a log short of a move gives another state"
    assert same_state(RULES.apply(short, *log[-1])[0], final)


@pytest.mark.parametrize("n,seed,options", [(2, 11, {}), (3, 12, {}), (4, 13, {}),
                                            (3, 14, {"start_cities": 2, "no_neutral": True, "start_heroes": 1})])
def test_ai_games_finish_with_invariants(n, seed, options):
    """Computer players in every seat end the game by R119 or R121, never by the stall guard."""
    options = {**computer_only(n), **options}
    final, log = play_game(n, seed, ai_policy(seed), options, check_every=7)
    r = RULES.result(final)
    assert r is not None and r.winners
    assert "stall guard" not in r.reason, "AI games should end by the rules' own end conditions"
    assert same_state(replay(n, options, seed, log), final)


def test_ai_beats_random_in_two_players():
    wins = 0
    games = 8
    for g in range(games):
        rng = random.Random(g)
        rand = biased_random_policy(rng)
        ai = ai_policy(g)
        ai_seat = g % 2

        def policy(state, seat):
            return ai(state, seat) if seat == ai_seat else rand(state, seat)
        final, _ = play_game(2, 100 + g, policy, {"weeks": 6}, check_every=0)
        r = RULES.result(final)
        if r.winners == [ai_seat]:
            wins += 1
    print(f"AI won {wins}/{games} two-player games against random play")
    assert wins >= games * 0.75


def test_ai_is_deterministic_and_legal():
    s = RULES.setup(3, {}, 99)
    for _ in range(200):
        if RULES.result(s):
            break
        seat = next(iter(RULES.active_players(s)))
        a = RULES.ai_choose(s, seat, 5)
        assert a == RULES.ai_choose(s, seat, 5)
        assert a in [x.id for x in RULES.legal_actions(s, seat)]
        s, _ = RULES.apply(s, seat, a)


def test_apply_never_mutates_and_illegal_leaves_state():
    s = RULES.setup(2, {}, 3)
    before = json.dumps(s, sort_keys=True)
    seat = next(iter(RULES.active_players(s)))
    RULES.apply(s, seat, RULES.legal_actions(s, seat)[0].id)
    assert json.dumps(s, sort_keys=True) == before
    with pytest.raises(IllegalAction):
        RULES.apply(s, seat, "hire:soldier")
    with pytest.raises(IllegalAction):
        RULES.apply(s, 1 - seat, RULES.legal_actions(s, seat)[0].id)
    assert json.dumps(s, sort_keys=True) == before


@pytest.mark.parametrize("n,seed,options", [(3, 21, {"weeks": 3}), (2, 22, {"variant": "advanced", "weeks": 4})])
def test_every_listed_action_is_accepted(n, seed, options):
    """legal_actions and apply agree: every listed id applies without IllegalAction."""
    rng = random.Random(seed)
    policy = biased_random_policy(rng)
    s = RULES.setup(n, options, seed)
    step = 0
    while RULES.result(s) is None:
        seat = next(iter(RULES.active_players(s)))
        if step % 4 == 0:
            for a in RULES.legal_actions(s, seat):
                RULES.apply(s, seat, a.id)
        s, _ = RULES.apply(s, seat, policy(s, seat))
        step += 1


def test_a_state_stored_with_its_action_log_still_plays():
    """A snapshot stored by an older version carried the whole action log in `state["history"]`: it
    still loads and plays like the same state without it, and the next move leaves it out."""
    rng = random.Random(21)
    policy = biased_random_policy(rng)
    state = RULES.setup(3, {}, 21)
    log: list[tuple[int, str]] = []
    while len(log) < 60:
        (seat,) = RULES.active_players(state)
        action = policy(state, seat)
        state, _ = RULES.apply(state, seat, action)
        log.append((seat, action))
    old = json.loads(json.dumps(dict(state, history=[list(m) for m in log])))
    (seat,) = RULES.active_players(old)
    assert [a.id for a in RULES.legal_actions(old, seat)] == [a.id for a in RULES.legal_actions(state, seat)]
    for viewer in (None, 0, 1, 2):
        assert RULES.view(old, viewer) == RULES.view(state, viewer)
    assert RULES.prompt(old, seat) == RULES.prompt(state, seat)
    choice = RULES.ai_choose(old, seat, 9)
    assert choice == RULES.ai_choose(state, seat, 9)
    kept = json.dumps(old, sort_keys=True)
    after, events = RULES.apply(old, seat, choice)
    assert json.dumps(old, sort_keys=True) == kept, "apply changed the state it was given"
    expected, expected_events = RULES.apply(state, seat, choice)
    assert "history" not in after and same_state(after, expected)
    assert [e.public for e in events] == [e.public for e in expected_events]
    assert same_state(after, replay(3, {}, 21, log + [(seat, choice)]))
