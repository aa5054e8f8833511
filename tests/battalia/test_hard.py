"""The hard computer (engine/battalia/hard.py, the `hard_choose` hook): legal moves, the same move
for the same seed, and never a peek at what its seat may not know."""
from __future__ import annotations

import json
import random

from engine import ai_levels
from engine.base import HARD
from engine.battalia import RULES, ai, board, hard, legal, turns
from tests.canonical_deal import CanonicalDeal


def _hard_game(moves: int, seed: int = 5, played: list | None = None):
    """The states of a seeded two-player game, the hard player on seat 0 and the normal one on
    seat 1, with the seat to move and the seed it is asked with (`played`: each move made, appended
    once it is chosen)."""
    rng = random.Random(seed)
    state = RULES.setup(2, {}, seed)
    for _ in range(moves):
        if RULES.result(state) is not None:
            return
        (seat,) = RULES.active_players(state)
        ask = rng.randrange(1 << 30)
        yield state, seat, ask
        level = HARD if seat == 0 else "normal"
        action = ai_levels.choose(RULES, state, seat, ask, level)
        if played is not None:
            played.append(action)
        state, _ = RULES.apply(state, seat, action)


def test_the_hard_players_moves_are_legal_and_the_same_for_the_same_seed():
    """Every move of the hard player is legal, and asked again with the same seed (the game's
    move, through the platform's level) it is the same."""
    searched, played, asked = 0, [], None
    for state, seat, ask in _hard_game(160, played=played):
        if asked is not None:
            assert played[-1] == asked, (played[-1], asked)
            asked = None
        if seat != 0:
            continue
        thought = hard.choose(state, seat, ask)
        ids = {a.id for a in RULES.legal_actions(state, seat)}
        assert thought.action in ids, thought.action
        asked = thought.action
        searched += thought.searched
    assert asked is None or played[-1] == asked
    assert searched >= 10, "the look-ahead compared moves in this game"


def test_the_hard_player_never_peeks(monkeypatch):
    """Everything seat 0 may not know dealt again (RULES.redeal for the seat, several seeds): its
    whole thought (with what its choice was judged worth) is the same on the true state and on
    every copy, and so is every position it played a move in, at every state it searched,
    battles fought out in its worlds among them: what it does not know reaches it only through
    its own re-deals."""
    seen: list[str] = []
    play = hard._play

    def watched(state, seat, action):
        seen.append(json.dumps([state, seat, action], sort_keys=True))
        return play(state, seat, action)

    monkeypatch.setattr(hard, "_play", watched)
    checked = fought = 0
    for n, (state, seat, ask) in enumerate(_hard_game(150, seed=8)):
        if seat != 0 or (n < 95 and n % 5):
            continue
        spy = CanonicalDeal(RULES, RULES.redeal(state, seat, random.Random(99)))
        seen.clear()
        thought = hard.choose(state, seat, ask, rules=spy)
        if not thought.searched:
            continue
        assert RULES.hidden_items(state, 1 - seat), "a position with something the seat may not know"
        played = list(seen)
        for k in (1, 2, 3):
            copy = RULES.redeal(state, seat, random.Random(k))
            assert copy != state
            seen.clear()
            assert hard.choose(copy, seat, ask, rules=spy) == thought, (n, k, thought)
            assert seen == played, (n, k, "a position it thought in differs with what it may not know")
        checked += 1
        fought += thought.rollouts > 1  # battles fought out in worlds, where hidden cards matter
    assert checked >= 5 and fought >= 3, (checked, fought)


def test_the_judge_counts_the_cities_and_an_ended_game():
    """R123: a won game is worth 1 to the winner and 0 to the loser; more city levels judge better."""
    state = RULES.setup(2, {}, 3)
    for _ in range(400):
        if state["phase"] == "actions" or RULES.result(state) is not None:
            break
        (seat,) = RULES.active_players(state)
        state, _ = RULES.apply(state, seat, RULES.ai_choose(state, seat, 1))
    base = hard.worth(state, 0)
    richer = {**state, "board": dict(state["board"])}
    sq = next(s for s, t in richer["board"].items() if t["kind"] == "city" and t.get("owner") == 0)
    richer["board"][sq] = {**richer["board"][sq], "level": richer["board"][sq]["level"] + 2}
    assert hard.worth(richer, 0) > base > hard.worth(richer, 1) - 1
    assert hard.worth(richer, 1) < hard.worth(state, 1)
    over = {**state, "result": {"winners": [1], "scores": {}, "reason": ""}}
    assert hard.worth(over, 1) == 1.0 and hard.worth(over, 0) == 0.0
    assert legal.active_players(over) == set()


def _normal_game(seed: int, moves: int) -> dict:
    """A seeded two-player game of normal players after `moves` moves."""
    rng = random.Random(seed)
    state = RULES.setup(2, {}, seed)
    for _ in range(moves):
        (seat,) = RULES.active_players(state)
        state, _ = RULES.apply(state, seat, RULES.ai_choose(state, seat, rng.randrange(1 << 30)))
    return state


def test_the_hard_player_ahead_buys_the_road_that_fills_the_board():
    """R119: a T road fills the last empty square; seat 1 leads 12 to 9 and the normal player
    would craft a Weapon. The hard one compares every road shape, buys the T road and places it on
    the last square: the board is full and it has won."""
    state = _normal_game(106, 261)
    (seat,) = RULES.active_players(state)
    scores = turns.scores(state)
    assert seat == 1 and scores[1] > scores[0], scores
    assert not RULES.ai_choose(state, seat, 7).startswith("road:")
    thought = hard.choose(state, seat, 7)
    assert thought.action.startswith("road:t:"), thought
    state, _ = RULES.apply(state, seat, thought.action)
    state, _ = RULES.apply(state, seat, hard.choose(state, seat, 7).action)
    assert RULES.result(state) is not None and RULES.result(state).winners == [seat]


def test_a_decision_follows_no_more_battle_moves_than_its_budget(monkeypatch):
    """The look-ahead's battles stop at `BUDGET` moves a decision (its thinking time held down): an
    attack on a neutral city fought out in its worlds asks the normal player for 12 battle moves
    (the figure when the budget is not held to); with a budget of 6 it asks for 6, and its move is
    still legal."""
    asked = [0]
    normal = ai.choose

    def counted(state, seat, seed):
        asked[0] += 1
        return normal(state, seat, seed)

    monkeypatch.setattr(ai, "choose", counted)
    state = _normal_game(8, 185)
    (seat,) = RULES.active_players(state)
    monkeypatch.setattr(hard, "BUDGET", 6)
    thought = hard.choose(state, seat, 3)
    assert asked[0] == 6
    assert thought.action in {a.id for a in RULES.legal_actions(state, seat)}


def test_the_judge_counts_a_hero_on_its_way_to_a_neutral_city_and_a_weapon():
    """R103, R104: a neutral city promises its prize to the seat whose hero comes closer (a hero on
    it more than one on the seat's city, that one more than none); R56: a Weapon in the deck hires
    the hero, so the first one counts."""
    state = _normal_game(3, 40)
    neutral = sorted(sq for sq, t in state["board"].items() if t.get("owner") == "neutral")
    assert neutral, "a neutral city still untaken"
    home = board.cities_of(state, 0)[0]

    def with_heroes(heroes):
        players = [dict(p) for p in state["players"]]
        players[0]["heroes"] = heroes
        return {**state, "players": players}

    none, at_home, on_it = (with_heroes([None, None]), with_heroes([home, None]), with_heroes([neutral[0], None]))
    assert hard.prospects(on_it, 0) > hard.prospects(at_home, 0) > hard.prospects(none, 0)
    taken = {**on_it, "board": {**on_it["board"], neutral[0]: {**on_it["board"][neutral[0]], "owner": 0}}}
    assert hard.worth(taken, 0) > hard.worth(on_it, 0)
    weapons = {c for c, info in state["cards"].items() if info["t"] in hard.ARMS}
    players = [dict(p) for p in none["players"]]
    for zone in hard.ZONES:
        players[0][zone] = [c for c in players[0][zone] if c not in weapons]
    unarmed = {**none, "players": players}
    armed = {**unarmed, "players": [{**players[0], "realm": players[0]["realm"] + [min(weapons)]}, players[1]]}
    assert hard._deck(unarmed, 0)[1] == 0 and hard._deck(armed, 0)[1] == 1
    assert hard.worth(armed, 0) > hard.worth(unarmed, 0)
    assert hard.prospects(armed, 0) > hard.prospects(unarmed, 0)  # no Weapon to craft before the hire
