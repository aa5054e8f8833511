"""The computer at three strengths (engine/ai_levels.py, engine/search.py): every level plays
legal moves, the same move for the same seed, and the hard player never peeks."""
from __future__ import annotations

import copy
import random

import pytest

from engine import ai_levels, registry, search
from engine.base import EASY, HARD, LEVELS, NORMAL, as_game
from tests import testgame
from tests.canonical_deal import CanonicalDeal

GAMES = ("battleline", "battalia", "skytear", "clash_of_rage", "civilization")


def _midgame(rules, moves: int, seed: int = 3, players: int = 2) -> tuple[dict, int]:
    """A state after `moves` moves of the normal player on every seat, and the seat to move."""
    state = rules.setup(players, {}, seed)
    for n in range(moves):
        if rules.result(state) is not None:
            break
        seat = min(rules.active_players(state))
        state, _ = rules.apply(state, seat, rules.ai_choose(state, seat, n))
    return state, min(rules.active_players(state))


@pytest.mark.parametrize("name", GAMES)
def test_every_level_plays_a_legal_move_the_same_for_the_same_seed(name):
    rules = registry.get(name)
    state, seat = _midgame(rules, 30)
    legal = {a.id for a in rules.legal_actions(state, seat)}
    for level in LEVELS:
        first = ai_levels.choose(rules, state, seat, 11, level)
        assert first in legal, (level, first)
        assert ai_levels.choose(rules, state, seat, 11, level) == first, level


def test_normal_is_the_games_own_computer_and_easy_sometimes_differs():
    rules = registry.get("battleline")
    state, seat = _midgame(rules, 10)
    assert all(ai_levels.choose(rules, state, seat, s, NORMAL) == rules.ai_choose(state, seat, s) for s in range(5))
    picks = [ai_levels.choose(rules, state, seat, s, EASY) for s in range(40)]
    normal = [rules.ai_choose(state, seat, s) for s in range(40)]
    differs = sum(p != n for p, n in zip(picks, normal))
    assert 0 < differs < 40  # a share of random moves, not all


def test_a_games_easy_random_share_sets_how_often_easy_leaves_the_normal_move():
    """`easy_random`: the share of the easy computer's moves drawn at random (Battalia's easy,
    whose draw is narrowed so that its games end, draws more of them)."""
    game = as_game(registry.get("battleline"))
    state, seat = _midgame(game, 10)
    normal = [game.ai_choose(state, seat, s) for s in range(60)]

    def differing(share):
        shared = copy.copy(game)
        shared.easy_random = share
        return sum(ai_levels.choose(shared, state, seat, s, EASY) != n for s, n in zip(range(60), normal))
    assert differing(0.0) == 0
    assert differing(0.2) < differing(0.9)
    assert registry.get("battalia").easy_random > ai_levels.EASY_RANDOM


def test_battalia_easy_plays_at_random_among_the_turns_start_moves():
    """R18/R20: a Battalia turn starts with an optional Formation or Redeploy; the turn's first
    move may be played straight from there (the start folded into it), but the easy computer's
    random move there stays one of the start's own (Formation, Redeploy, "start"), as when the
    start was a move of its own: drawn from every listed move it seldom redeploys, and stalls."""
    rules = registry.get("battalia")
    state, seat = rules.setup(2, {}, 3), None
    for n in range(300):
        seat = min(rules.active_players(state))
        if state["phase"] == "start" and len(rules.legal_actions(state, seat)) > 3:
            break
        state, _ = rules.apply(state, seat, rules.ai_choose(state, seat, n))
    legal = [a.id for a in rules.legal_actions(state, seat)]
    start = rules.easy_moves(state, seat)
    assert start and set(start) < set(legal) and "start" in start and "redeploy" in start
    picks = {ai_levels.choose(rules, state, seat, s, EASY) for s in range(60)}
    normal = {rules.ai_choose(state, seat, s) for s in range(60)}
    assert picks - normal <= set(start), picks - normal
    assert registry.get("battleline").easy_moves(*_midgame(registry.get("battleline"), 4)) is None


def _near_the_end(rules, left: int) -> tuple[dict, int]:
    """The state `left` moves before the end of the normal players' seeded game."""
    state, length = rules.setup(2, {}, 3), 0
    while rules.result(state) is None:
        seat = min(rules.active_players(state))
        state, _ = rules.apply(state, seat, rules.ai_choose(state, seat, length))
        length += 1
    state, seat = _midgame(rules, length - left)
    return state, seat


@pytest.mark.parametrize("name,left", [("battleline", 6), ("clash_of_rage", 6)])
def test_the_hard_player_never_peeks(name, left):
    """Everything the seat may not know dealt again (redeal for the seat): the hard player's
    choice for each seed is the same on the true state and on every such copy, since what it
    does not know reaches it only through its own re-deals."""
    rules = registry.get(name)
    state, seat = _near_the_end(rules, left)  # its simulated games reach their end
    assert rules.hidden_items(state, 1 - seat), "a position with something the seat may not know"
    canonical = rules.redeal(state, seat, random.Random(99))
    spy = CanonicalDeal(rules, canonical)
    rng = random.Random(7)
    copies = [rules.redeal(state, seat, random.Random(rng.randrange(1 << 30))) for _ in range(2)]
    assert all(c != state for c in copies), "the copies differ in what the seat may not know"
    for seed in (1, 2):  # a small budget: the same search, fewer rollout moves
        chosen = search.think(spy, state, seat, seed, budget=64)
        assert chosen.searched and chosen.ended
        assert all(search.think(spy, c, seat, seed, budget=64) == chosen for c in copies), seed


def test_the_hard_players_worlds_hold_no_true_hidden_item():
    """The worlds the search plays in are dealt again: the opponent's true hand is not what a
    world gives it (High Card: 3 of 14 unknown cards), and the world's future is seeded anew."""
    rules = testgame.RULES
    state = rules.setup(2, {"hand": 3}, 5)
    game = as_game(rules)
    rng = random.Random(1)
    worlds = [search.world_of(game, state, 0, rng) for _ in range(20)]
    assert sum(w["hands"][1] == state["hands"][1] for w in worlds) <= 1
    assert all(w["hands"][0] == state["hands"][0] for w in worlds)     # its own hand it knows
    assert all(w["rng"] != state["rng"] for w in worlds)


def test_a_single_legal_move_is_not_searched():
    """High Card with one card dealt: the only move is the normal player's, no simulation."""
    rules = testgame.RULES
    state = rules.setup(2, {"hand": 1}, 5)
    seat = min(rules.active_players(state))
    thought = search.think(rules, state, seat, 3)
    assert thought.action in {a.id for a in rules.legal_actions(state, seat)}
    assert not thought.searched  # one card: one move, nothing to compare


def test_advice_says_why():
    rules = registry.get("battleline")
    state, seat = _midgame(rules, 60)
    normal = ai_levels.advise(rules, state, seat, 4, NORMAL)
    assert normal.action == rules.ai_choose(state, seat, 4) and "normal computer" in normal.why
    hard = ai_levels.advise(rules, state, seat, 4, HARD)
    assert hard.action == ai_levels.choose(rules, state, seat, 4, HARD) and "hard computer" in hard.why


def test_advice_from_a_game_s_own_hard_player_says_what_it_compared(monkeypatch):
    """A game's hard player (hook hard_choose) is asked for the hint: a step it leaves to the
    normal player is said so; a search that judged positions says how many moves and deals."""
    from engine.base import as_game
    rules = registry.get("battleline")
    state, seat = _midgame(rules, 60)
    game, usual = as_game(rules), rules.ai_choose(state, seat, 4)
    monkeypatch.setattr(game, "hard_choose", lambda s, st, seed: search.Thought(usual, 1, 0, searched=True))
    left = ai_levels.advise(rules, state, seat, 4, HARD)
    assert left.action == usual and "plays as the normal computer does" in left.why
    monkeypatch.setattr(game, "hard_choose",
                        lambda s, st, seed: search.Thought(usual, 3, 4, searched=True, judged=True))
    judged = ai_levels.advise(rules, state, seat, 4, HARD)
    assert "best of 3 moves" in judged.why and "4 imagined deals" in judged.why
    monkeypatch.setattr(game, "hard_choose",
                        lambda s, st, seed: search.Thought(usual, 3, 1, searched=True, judged=True))
    one = ai_levels.advise(rules, state, seat, 4, HARD)
    assert "in 1 imagined deal and" in one.why
    from i18n import render
    assert "1 種設想的牌局" in render(one.why, "zh-TW") and "4 种设想的牌局" in render(judged.why, "zh-CN")


def test_the_strength_bench_gives_each_win_share_its_95_percent_interval():
    """bench.ai's table says how far a share of seeded games may lie from the true one (Wilson's
    score interval): none won in 10 leaves up to z^2/(n+z^2) = 27.7 %, and 129 of 200 (64.5 %)
    cannot tell 58 % from 70 %."""
    from bench.ai import interval, row
    assert interval(0, 10) == pytest.approx((0.0, 3.8415 / 13.8415), abs=1e-4)
    assert interval(10, 10) == pytest.approx((1 - 3.8415 / 13.8415, 1.0), abs=1e-4)
    low, high = interval(129, 200)
    assert low < 0.60 and high > 0.70 and low + high == pytest.approx(2 * (129 + 1.9208) / 203.8415, abs=1e-4)
    games = [{"winners": ["hard"], "ended": True, "moves": 90, "levels": ("hard", "normal")},
             {"winners": ["hard"], "ended": True, "moves": 90, "levels": ("normal", "hard")},
             {"winners": ["normal"], "ended": True, "moves": 90, "levels": ("normal", "hard")},
             {"winners": [], "ended": False, "moves": 4000, "levels": ("hard", "normal")}]
    cells = row("skytear", ("hard", "normal"), games).split()
    assert cells[2:7] == ["4", "50.0%", "15-85%", "50.0%", "50.0%"]
