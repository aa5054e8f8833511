"""The platform words a seat's question from the legal moves it listed once a version
(engine.base.prompt_of with `actions`, the hook `prompt_given`): the same question the game's
`prompt` asks, in every game, at every position of a seeded random game's first moves."""
from __future__ import annotations

import random

import pytest

from engine.base import as_game, prompt_of

from .games import all_specs

MOVES = 150


@pytest.mark.parametrize("spec", [pytest.param(s, id=s.name) for s in all_specs()])
def test_the_question_worded_from_listed_moves_is_the_game_s_own(spec):
    game = as_game(spec.rules)
    rng = random.Random(f"prompt-given-{spec.name}")
    players = spec.players[-1]
    state = game.setup(players, {}, 5)
    asked = 0
    for _ in range(MOVES):
        if game.result(state) is not None:
            break
        active = sorted(game.active_players(state))
        for seat in range(players):
            actions = game.legal_actions(state, seat)
            given, own = prompt_of(spec.rules, state, seat, actions), prompt_of(spec.rules, state, seat)
            assert repr(given) == repr(own) and type(given) is type(own), (seat, given, own)
            asked += bool(given)
        seat = active[0]
        state, _ = game.apply(state, seat, rng.choice(game.legal_actions(state, seat)).id)
    assert asked > 0
