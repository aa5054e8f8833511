"""Setup of Clash of Rage: spec section 3, steps 1-7, with D3, D26, D27, D39."""
from __future__ import annotations

import copy
import json
from collections import Counter

import pytest

from engine.base import IllegalAction
from engine.clash_of_rage import board, data
from engine.clash_of_rage.setup import setup

ELF_TOKENS = {2: 12, 3: 18, 4: 24}       # section 3 table
CRYSTAL_SUPPLY = {2: 33, 3: 27, 4: 21}   # section 3 table: 45 tokens minus those placed


@pytest.mark.parametrize("players", (2, 3, 4))
def test_step2_elf_tokens_and_crystal_supply_per_player_count(players):
    state = setup(players, {}, 7)
    layout = board.layout_board(players, with_strongholds=False)
    assert sum(len(t) for t in state["elves"].values()) == ELF_TOKENS[players]
    assert state["crystal_supply"] == CRYSTAL_SUPPLY[players]
    # 4 per elf city and 2 per forge, nowhere else (step 2, D3: one city and one forge per tile)
    for label, tokens in state["elves"].items():
        assert len(tokens) == {"city": 4, "forge": 2}[layout.terrain(label)]
    assert sorted(state["elves"]) == sorted(layout.of_terrain("city") + layout.of_terrain("forge"))
    # never more tokens of a type than the box holds
    per_type = Counter(t for tokens in state["elves"].values() for t in tokens)
    assert all(per_type[e["id"]] <= e["tokens"] for e in data.elves())


@pytest.mark.parametrize("players", (2, 3, 4))
def test_step2_hard_mode_puts_every_elf_type_in_every_city(players):
    kinds = {e["id"] for e in data.elves()}
    for seed in range(20):
        state = setup(players, {"elves": "hard"}, seed)
        for city in board.layout_board(players).of_terrain("city"):
            assert set(state["elves"][city]) == kinds
            assert len(state["elves"][city]) == 4
        assert state["crystal_supply"] == CRYSTAL_SUPPLY[players]


def test_step2_random_mode_can_leave_a_type_out_of_a_city():
    # D39: random mode draws blind, so some seed leaves a city without one of the three types;
    # this tells the random mode apart from the hard one
    kinds = {e["id"] for e in data.elves()}
    assert any(set(tokens) != kinds
               for seed in range(20)
               for label, tokens in setup(4, {}, seed)["elves"].items()
               if board.layout_board(4).terrain(label) == "city")


@pytest.mark.parametrize("players", (2, 3, 4))
def test_step4_market_shows_six_different_items_stacked(players):
    for seed in range(10):
        state = setup(players, {}, seed)
        items = [s["item"] for s in state["market"]]
        assert len(items) == 6 and len(set(items)) == 6
        assert all(s["count"] >= 1 for s in state["market"])


def test_step4_identical_items_are_stacked():
    stacked = [s for seed in range(30) for s in setup(2, {}, seed)["market"] if s["count"] > 1]
    assert stacked, "with 57 cards of 18 items some seed draws a duplicate"


@pytest.mark.parametrize("players", (2, 3, 4))
def test_step4_5_every_card_is_in_exactly_one_place(players):
    state = setup(players, {}, 11)
    where = Counter(state["equipment_deck"]) + Counter(state["equipment_discard"])
    for stack in state["market"]:
        where[stack["item"]] += stack["count"]
    assert where == Counter({e["id"]: e["copies"] for e in data.equipment()})
    assert sum(where.values()) == 57
    assert sorted(state["legendary_deck"]) == sorted(e["id"] for e in data.legendary())


def test_step5_decks_are_shuffled():
    decks = {tuple(setup(2, {}, seed)["legendary_deck"]) for seed in range(5)}
    assert len(decks) > 1


def test_step3_and_D26_players_start_with_everything_in_reserve_and_nothing_else():
    state = setup(4, {}, 3)
    assert sorted(s["tribe"] for s in state["seats"]) == sorted(t["id"] for t in data.tribes())
    for seat in state["seats"]:
        assert seat["gold"] == 0 and seat["crystals"] == 0 and seat["vp"] == 0
        assert seat["reserve"] == {str(u["tier"]): u["max_models"] for u in data.tribe(seat["tribe"])["units"]}
        assert seat["set_aside"] == [] and seat["legendary"] == []
        assert all(v is None for slots in seat["equipped"].values() for v in slots.values())
    assert state["units"] == {} and state["strongholds"] == {}    # R27: strongholds come in round 1


def test_step3_D27_tribes_chosen_in_seat_order_or_dealt():
    chosen = ["tomb", "bohorg", "goldleif"]
    assert [s["tribe"] for s in setup(3, {"tribes": chosen}, 1)["seats"]] == chosen
    dealt = {tuple(s["tribe"] for s in setup(3, {}, seed)["seats"]) for seed in range(10)}
    assert len(dealt) > 1
    for bad in (["tomb", "tomb", "bohorg"], ["tomb", "bohorg"], ["tomb", "bohorg", "orcs"]):
        with pytest.raises(IllegalAction):
            setup(3, {"tribes": bad}, 1)


def test_step6_heroes_available_and_opening_phase():
    state = setup(2, {}, 1)
    assert state["heroes"] == {h["id"]: None for h in data.heroes()}
    assert len(state["heroes"]) == 4
    # R15: round 1 skips elf evolution and opens on the tactic draw (R22)
    assert state["round"] == 1 and state["phase"] == "tactics"
    assert state["tactics"]["step"] == "draw"
    assert all(slot is None for e in state["elf_card"].values() for slot in e.values())


def test_same_seed_same_state_other_seed_other_state():
    a, b = setup(3, {}, 42), setup(3, {}, 42)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
    c = setup(3, {}, 43)
    assert json.dumps({k: v for k, v in a.items() if k != "rng"}, sort_keys=True) != \
        json.dumps({k: v for k, v in c.items() if k != "rng"}, sort_keys=True)


def test_state_is_plain_json():
    state = setup(4, {"elves": "hard"}, 9)
    assert json.loads(json.dumps(state)) == state
    assert copy.deepcopy(state) == state


def test_bad_player_count_and_option():
    with pytest.raises(IllegalAction):
        setup(5, {}, 1)
    with pytest.raises(IllegalAction):
        setup(2, {"elves": "nightmare"}, 1)
