"""The easy computer (engine/ai_levels.py with Battalia's `easy_moves` hook, engine/battalia/ai.py):
a weaker player whose random moves never undo what the game needs to reach the seed's endings
(R119 full board, R121 five level-4 cities), and which decides from what its seat may know."""
from __future__ import annotations

import random

import pytest

from engine import ai_levels
from engine.base import EASY
from engine.battalia import RULES, ai, board
from engine.battalia.setup import computer_only


def easy_game(n: int, seed: int):
    """Every seat the easy computer, the stall guard on (computer_seats names them all), seeded as
    `python -m bench.battalia_ai --pairings ee` seeds its games; yields each state and the seat
    to move, then the final state with seat None."""
    rng = random.Random(seed)
    state = RULES.setup(n, computer_only(n), seed)
    while RULES.result(state) is None:
        (seat,) = RULES.active_players(state)
        yield state, seat
        state, _ = RULES.apply(state, seat, ai_levels.choose(RULES, state, seat, rng.randrange(1 << 30), EASY))
    yield state, None


@pytest.mark.slow
def test_easy_four_player_games_end_by_R119_or_R121():
    """Four easy computers: the game ends by R119 (the board is full, with R120's impassable
    squares) or R121 (five level-4 cities), not by the stall guard. With this seed the easy
    computer once banished its hires away (R28) until no road could be paid for (R44)."""
    *_, (final, _) = easy_game(4, 104034)
    reason = RULES.result(final).reason
    assert "The board is full" in reason or "five level-4 cities" in reason, reason


def test_easy_random_moves_banish_no_unit_or_supply_and_come_by_kind():
    """R28: an Ambush banishes a card for good; the easy computer's random draw holds no Ambush
    that banishes a unit or Supply card (what hires, R40, roads and cities, R44, are paid with),
    and gives the moves by kind (each kind one group of the listed moves)."""
    seen_ambush = seen_kept = 0
    for state, seat in easy_game(4, 104021):
        if seat is None or state["phase"] != "actions" or state["pending"] or state["battle"]:
            continue
        acts = RULES.legal_actions(state, seat)
        kinds = RULES.easy_moves(state, seat)
        assert all(isinstance(k, list) and k for k in kinds)
        drawn = [i for k in kinds for i in k]
        assert set(drawn) <= {a.id for a in acts} and len(drawn) == len(set(drawn))
        group = {a.id: a.group for a in acts}
        assert all(len({group[i] for i in k}) == 1 for k in kinds) and len({group[k[0]] for k in kinds}) == len(kinds)
        hand = {c["id"]: c["type"] for c in RULES.view(state, seat)["hand"]}
        for a in acts:
            if a.group == "ambush":
                spends = hand[a.id.split(":")[2]] in {"soldier", "captain", "priest", "commander", "supply"}
                seen_ambush += spends
                seen_kept += not spends
                assert (a.id in drawn) != spends, a.id
        if seen_ambush > 20 and seen_kept > 20:
            break
    assert seen_ambush and seen_kept, "the game offered both kinds of Ambush"


def test_easy_buys_no_road_or_city_that_closes_its_network():
    """R45f: a card is joined to its builder's network, and a network with no road into an empty
    square can build nothing more: the easy computer's random draw holds no road or city whose
    every place (R45) would close its network, and every other build listed."""
    closing = 0
    for state, seat in easy_game(2, 102029):
        if seat is None or state["phase"] != "actions" or state["pending"] or state["battle"]:
            continue
        drawn = {i for k in RULES.easy_moves(state, seat) for i in k}
        for a in RULES.legal_actions(state, seat):
            if a.id.startswith(("road:", "city:")):
                parts = a.id.split(":")
                kind, shape = (parts[0], parts[1]) if parts[0] == "road" else (parts[0], parts[2])
                shut = ai.closes(state, seat, kind, shape)
                closing += shut
                assert (a.id in drawn) != shut, a.id
        if closing >= 3:
            break
    assert closing, "the game offered a build that closes a network"


def test_easy_placement_keeps_the_network_open_when_it_can():
    """R45f: placing a drawn card, the easy computer's random draw keeps the places that leave a
    road of its network into an empty square, when there are any; else every place."""
    checked = 0
    for state, seat in easy_game(2, 102029):
        if seat is None or not (state["pending"] and state["pending"]["kind"] == "place"):
            continue
        ids = [a.id for a in RULES.legal_actions(state, seat)]
        drawn = RULES.easy_moves(state, seat)
        tile = RULES.view(state, seat)["pending"]["tile"]
        open_now = ai._open_squares(state, board.own_network(state, seat))
        keep = [i for i in ids if ai.keeps_open(state, tile, open_now, i)]
        assert drawn == (keep or ids)
        checked += 1
        if checked >= 6:
            break
    assert checked


def test_easy_draws_only_from_what_the_seat_may_know():
    """The easy computer's random draw depends only on the seat's view and its listed moves: a
    state with everything the seat may not know dealt again (redeal) gives the same draw."""
    rng = random.Random(5)
    for k, (state, seat) in enumerate(easy_game(3, 7)):
        if seat is None or k > 240:
            break
        if k % 9:
            continue
        again = RULES.redeal(state, seat, random.Random(rng.randrange(1 << 30)))
        assert RULES.easy_moves(again, seat) == RULES.easy_moves(state, seat), k
