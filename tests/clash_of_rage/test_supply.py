"""The box's finite supply (option supply=box; spec G24, D25 by default): 150 gold, the 45 elf
tokens (crystals are tokens flipped) and 8 rage tokens, from seed 002's box contents; running out
follows the house rules of data/clash_of_rage/supply.json."""
from __future__ import annotations

import pytest

from engine.base import IllegalAction
from engine.clash_of_rage import actions, data, rounds, supply, tactics
from engine.clash_of_rage.setup import setup
from engine.clash_of_rage.views import view
from tests.clash_of_rage.test_battle import HEX, act, equip, faces, make  # noqa: F401  (faces: a fixture)
from tests.clash_of_rage.test_rounds import place_strongholds, revealed


def test_g24_the_box_counts_come_from_the_seed_and_the_running_out_rules_are_house():
    counts = data.supply()
    assert (counts["gold"], counts["rage_tokens"], counts["elf_tokens"]) == (25 * 1 + 25 * 5, 8, 3 * 15)
    house = {field for name, _, field, _ in data.house_values() if name == "supply"}
    assert house == {"short_income", "short_rage"}


def test_d25_a_standard_game_stores_nothing_and_counts_nothing():
    state = setup(2, {}, 3)
    assert "supply" not in state["options"] and not supply.finite(state)
    assert supply.gold_left(state) is None and "gold_supply" not in view(state, None)
    with pytest.raises(IllegalAction):
        setup(2, {"supply": "endless"}, 3)


def test_g24_the_crystal_supply_is_the_elf_tokens_not_on_the_board():
    state = setup(2, {"supply": "box"}, 3)
    on_board = sum(len(tokens) for tokens in state["elves"].values())
    assert state["crystal_supply"] == data.supply()["elf_tokens"] - on_board
    assert view(state, None)["gold_supply"] == data.supply()["gold"]


def box_revealed(cards=None) -> dict:
    state = revealed(2, cards=cards)
    state["options"]["supply"] = supply.BOX
    return state


def test_r28_income_short_of_gold_is_paid_in_turn_order_while_it_lasts():
    state = box_revealed()
    first, second = tactics.turn_order(state)
    incomes = {s: tactics.card(state["tactics"]["revealed"][str(s)])["income"] for s in (first, second)}
    # the supply holds exactly what the first player is owed and one gold more, if the second is owed more
    state["seats"][first]["gold"] = data.supply()["gold"] - incomes[first] - 1
    before = {s: state["seats"][s]["gold"] for s in (first, second)}
    said = [str(e.public) for e in place_strongholds(state)]
    assert state["seats"][first]["gold"] == before[first] + incomes[first]
    assert state["seats"][second]["gold"] == before[second] + min(incomes[second], 1)
    assert supply.gold_left(state) == max(0, 1 - incomes[second])
    unpaid = incomes[second] - min(incomes[second], 1)
    assert [t for t in said if "no more coins" in t] == ([f"The box has no more coins: {unpaid} gold owed "
                                                          f"{'is' if unpaid == 1 else 'are'} not paid."] if unpaid else [])
    assert not [t for t in said if "crystal supply is empty" in t]


def test_r29_city_crystals_stop_when_the_crystal_supply_is_empty_and_spent_ones_come_back():
    state = box_revealed(cards={0: "bohorg_1"})
    state["elves"].pop("1C")
    state["units"]["1C"] = {"0": {"1": 1}}
    state["crystal_supply"] = 2
    said = [str(e.public) for e in place_strongholds(state)]
    assert state["seats"][0]["crystals"] == 2 and state["crystal_supply"] == 0   # 3 owed, 2 left
    assert "The crystal supply is empty: 1 crystal owed is not paid." in said, said
    supply.return_crystals(state, 2)                                           # R69: spent crystals
    assert state["crystal_supply"] == 2


def test_r61_no_rage_token_when_all_eight_are_in_the_battle(faces):
    from engine.clash_of_rage import battle
    state = make(units={0: {1: 1}, 1: {3: 1}})
    equip(state, 1, 3, "massive_armor")                    # 2 + 4 shields: 1 auto-hit + 5 rage -> 0
    state["options"]["supply"] = supply.BOX
    battle.start_battle(state, HEX, 0)
    state["battle"]["turn"] = "attacker"
    state["battle"]["rage"] = {"attacker": 5, "defender": 3}
    faces("..")
    events = act(state, "roll")
    assert state["battle"]["rage"] == {"attacker": 5, "defender": 3}
    assert any("no rage token is left" in str(e.public) for e in events), [str(e.public) for e in events]
    # unlimited (the default): the same roll gains one
    state = make(units={0: {1: 1}, 1: {3: 1}})
    equip(state, 1, 3, "massive_armor")
    battle.start_battle(state, HEX, 0)
    state["battle"]["turn"] = "attacker"
    state["battle"]["rage"] = {"attacker": 5, "defender": 3}
    faces("..")
    act(state, "roll")
    assert state["battle"]["rage"]["attacker"] == 6
