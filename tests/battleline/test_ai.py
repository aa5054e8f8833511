"""The computer player: strong against random play, deterministic, legal in every step, and
blind to hidden cards."""
from __future__ import annotations

import random

from engine.battleline import RULES
from engine.battleline.ai import redacted_state

from .helpers import A, B, build, ids, shuffle_hidden


def play_ai_vs_random(game: int) -> tuple[bool, int]:
    """One 2-player game; the AI sits in seat game % 2; returns (AI won, moves)."""
    ai_seat = game % 2
    rng = random.Random(10_000 + game)
    state = RULES.setup(2, {"first_player": (game // 2) % 2}, 20_000 + game)
    moves = 0
    while RULES.result(state) is None:
        seat = next(iter(RULES.active_players(state)))
        if seat == ai_seat:
            action = RULES.ai_choose(state, seat, game)
        else:
            action = rng.choice(RULES.legal_actions(state, seat)).id
        state, _ = RULES.apply(state, seat, action)
        moves += 1
    return RULES.result(state).winners == [ai_seat], moves


def test_ai_beats_a_random_player():
    """The AI wins at least 90% of 30 seeded games against uniformly random legal play (the
    strengths against each other are bench/ai.py's figures)."""
    wins = sum(play_ai_vs_random(game)[0] for game in range(30))
    rate = wins / 30
    print(f"\nAI vs random: {wins}/30 = {rate:.1%}")
    assert rate >= 0.9


def _positions(count: int, seed: int, players: int = 2, options: dict | None = None):
    """Positions from random games, in every kind of step."""
    rng = random.Random(seed)
    out = []
    game = 0
    while len(out) < count:
        state = RULES.setup(players, options or {}, seed * 1000 + game)
        game += 1
        while RULES.result(state) is None and len(out) < count:
            seat = next(iter(RULES.active_players(state)))
            if rng.random() < 0.15:
                out.append((state, seat))
            state, _ = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)).id)
    return out


def test_ai_is_deterministic_and_legal():
    for state, seat in _positions(150, 1):
        choice = RULES.ai_choose(state, seat, 7)
        assert choice == RULES.ai_choose(state, seat, 7)
        assert choice in ids(RULES.legal_actions(state, seat))


def test_ai_never_peeks_at_hidden_cards():
    """Dealing the opponent's hand and the decks differently never changes the AI's choice."""
    rng = random.Random(4)
    for state, seat in _positions(150, 2):
        choice = RULES.ai_choose(state, seat, 3)
        for _ in range(2):
            other = shuffle_hidden(state, rng, keep_seat=seat)
            assert RULES.ai_choose(other, seat, 3) == choice


def test_redacted_state_holds_no_hidden_card():
    state, seat = _positions(1, 5)[0]
    safe = redacted_state(state, seat)
    other = 1 - seat
    assert set(safe["hands"][other]) <= {"?"} and set(safe["troop_deck"]) <= {"?"}
    assert "actions" not in safe and safe["hands"][seat] == state["hands"][seat]
    old = dict(state, actions=[[0, "play:red1:1"]])  # a state stored by an older version kept its log
    assert "actions" not in redacted_state(old, seat)


def test_ai_claims_every_provable_flag():
    flags = {2: (["red8", "red9", "red10"], ["blue1"]), 6: (["green8", "green9", "green10"], [])}
    state = build(flags, {A: ["red1"], B: ["blue2"]}, step="claim")
    assert RULES.ai_choose(state, A, 1) == "claim:2"
    state, _ = RULES.apply(state, A, "claim:2")
    assert RULES.ai_choose(state, A, 1) == "claim:6"


def test_ai_handles_scout_and_mud_steps():
    state = build({}, {A: ["T-SCOUT", "red1", "red2", "red9"], B: ["blue1"]})
    state, _ = RULES.apply(state, A, "play:T-SCOUT")
    while state["step"] in ("scout_draw", "scout_return"):
        action = RULES.ai_choose(state, A, 2)
        assert action in ids(RULES.legal_actions(state, A))
        state, _ = RULES.apply(state, A, action)
    assert state["scout"] is None
    flags = {8: (["red1", "red2", "red3", "blue9"], ["blue1", "blue2", "blue3", "blue4"])}
    state = build(flags, {A: ["T-DESERTER", "green1"], B: ["green2"]}, env={8: [("T-MUD", B)]})
    state, _ = RULES.apply(state, A, "play:T-DESERTER:8:T-MUD")
    assert RULES.ai_choose(state, A, 0) == "muddiscard:blue9"  # keeps the Wedge red1-2-3


def test_ai_plays_three_player_and_variants_to_the_end():
    for game, (players, options) in enumerate([(3, {}), (2, {"variant": "advanced"}),
                                               (2, {"variant": "endclaim", "series_target": 8}),
                                               (3, {"variant": "advanced"})]):
        state = RULES.setup(players, options, 300 + game)
        moves = 0
        while RULES.result(state) is None:
            seat = next(iter(RULES.active_players(state)))
            state, _ = RULES.apply(state, seat, RULES.ai_choose(state, seat, game))
            moves += 1
            assert moves < 3000
