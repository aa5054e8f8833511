"""Action phases of Clash of Rage: R33-R44, R13, T5-T7, T20, T30, D12, D19-D21, D36, D40.

The 2-player preset board (spec D4): 1C city, 1N forge, 1NE plain, 1NW plain, 1S plain, 1SE stone,
1SW mountain; H1 (seat 0's stronghold) touches 1NE and 1N."""
from __future__ import annotations

import copy
import json

import pytest

from engine.base import IllegalAction
from engine.clash_of_rage import actions, board
from engine.clash_of_rage.setup import setup


def make(units=None, elves=None, phase="first_action"):
    """Bohorg (seat 0) against Goldleif (seat 1); units = hex -> seat -> tier -> count."""
    state = setup(2, {"tribes": ["bohorg", "goldleif"]}, 7)
    full = board.layout_board(2)
    state["strongholds"] = {"0": "H1", "1": "H2"}
    state["stronghold_cells"] = {"0": [full.hexes["H1"].q, full.hexes["H1"].r],
                                 "1": [full.hexes["H2"].q, full.hexes["H2"].r]}
    state["elves"] = dict(elves or {})
    state["hero_at"] = {}
    state["phase"] = phase
    state["tactics"]["turn_order"] = [0, 1]
    for hex_, by_seat in (units or {}).items():
        for seat, tiers in by_seat.items():
            for tier, n in tiers.items():
                state["seats"][seat]["reserve"][str(tier)] -= n
                state["units"].setdefault(hex_, {}).setdefault(str(seat), {})[str(tier)] = n
    return state


def act(state, action):
    seat = actions.active_seats(state)[0]
    assert action in actions.legal_actions(state, seat), (action, actions.legal_actions(state, seat))
    return actions.apply(state, seat, action)


def rejected(state, seat, action):
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        actions.apply(state, seat, action)
    assert state == before
    json.dumps(state)


def test_r33_turn_order_and_pass_then_stones_then_next_round():
    state = make(units={"1NE": {0: {1: 1}}, "2N": {1: {1: 1}}})
    assert actions.active_seats(state) == [0]
    assert "pass" in actions.legal_actions(state, 0)
    assert actions.legal_actions(state, 1) == []
    rejected(state, 1, "pass")                              # not seat 1's turn yet
    act(state, "pass")
    assert actions.active_seats(state) == [1] and state["phase"] == "first_action"
    act(state, "pass")
    assert state["phase"] == "second_action"               # rounds.stones ran (phase 4)
    assert actions.active_seats(state) == [0]
    act(state, "pass")
    act(state, "pass")
    assert state["round"] == 2 and state["phase"] == "tactics"   # R34 done: next round


def test_t5_flanking_move_passes_through_elf_city():
    three = {"1NW": {0: {1: 3}}}       # from 1NW the only way to 1S is through 1C
    state = make(units=three, elves={"1C": ["radiant", "radiant"]})
    act(state, "move:1NW:1C:krag_rider*2")        # R38: they stop in the elf city
    assert "move:1NW:1S:krag_rider" in actions.legal_actions(state, 0)   # R39, D19: 2 >= 2
    act(state, "move:1NW:1S:krag_rider")
    assert state["units"]["1S"] == {"0": {"1": 1}} and "1NW" not in state["units"]
    # variant: one rider in C is fewer than 2 elves, the next one must stop there
    state = make(units=three, elves={"1C": ["radiant", "radiant"]})
    act(state, "move:1NW:1C:krag_rider")
    assert "move:1NW:1S:krag_rider" not in actions.legal_actions(state, 0)
    rejected(state, 0, "move:1NW:1S:krag_rider")


def test_r37_mountain_and_r42_enemy_stronghold_are_refused():
    state = make(units={"1C": {0: {1: 1}}, "2S": {0: {1: 1}}})
    rejected(state, 0, "move:1C:1SW:krag_rider")           # R3, R37
    rejected(state, 0, "move:2S:H2:krag_rider")             # R7, R42
    rejected(state, 0, "move:1C:1N:krag_rider*2")  # only one model there


def test_d36_a_unit_moves_once_per_action():
    state = make(units={"1NE": {0: {1: 1}}})
    act(state, "move:1NE:1N:krag_rider")
    assert not any(a.startswith("move:1N:") for a in actions.legal_actions(state, 0))
    rejected(state, 0, "move:1N:1NW:krag_rider")
    assert "pass" not in actions.legal_actions(state, 0)    # R35: a Move action was chosen
    act(state, "moved")                                     # no battle: the turn passes
    assert actions.active_seats(state) == [1]


def test_t20_hero_cannot_end_alone():
    """R43, D21e: the hero goes where a unit of its owner is (units move first, then the hero
    joins them), so no Move action can end with a hero alone, and no unit leaves it alone."""
    state = make(units={"1NE": {0: {1: 2}}})
    state["heroes"]["hero_1"] = 0
    state["hero_at"]["hero_1"] = "1NE"
    assert "move:1NE:1N:hero_1" not in actions.legal_actions(state, 0)   # nobody of its side in 1N
    rejected(state, 0, "move:1NE:1N:hero_1")
    act(state, "move:1NE:1N:krag_rider")
    act(state, "move:1NE:1N:hero_1")                        # joins the unit that went ahead
    assert "move:1N:1NE:krag_rider" not in actions.legal_actions(state, 0)   # it moved already
    act(state, "moved")
    assert state["hero_at"]["hero_1"] == "1N"


def test_r43_units_cannot_leave_a_hero_that_moved_alone():
    state = make(units={"1NE": {0: {1: 1}}, "1N": {0: {1: 2}}})
    state["heroes"]["hero_1"] = 0
    state["hero_at"]["hero_1"] = "1NE"
    act(state, "move:1NE:1N:hero_1")
    legal = actions.legal_actions(state, 0)
    assert "move:1N:1NE:krag_rider" in legal                # one of the two may go
    assert "move:1N:1NE:krag_rider*2" not in legal  # not both: the hero would be alone
    rejected(state, 0, "move:1N:1NE:krag_rider*2")
    assert "moved" in legal


def test_d21_hero_may_end_alone_in_own_stronghold():
    state = make(units={"1NE": {0: {1: 1}}})
    state["heroes"]["hero_1"] = 0
    state["hero_at"]["hero_1"] = "1NE"
    act(state, "move:1NE:H1:hero_1")
    assert "moved" in actions.legal_actions(state, 0)


def test_r44_battles_in_the_chosen_order_start_after_movement():
    state = make(units={"1NE": {0: {1: 2}}, "1S": {1: {1: 1}}},
                 elves={"1C": ["radiant"]})
    act(state, "move:1NE:1C:krag_rider")
    act(state, "move:1NE:1N:krag_rider")
    assert not any(a.startswith("battle:") for a in actions.legal_actions(state, 0))
    act(state, "moved")
    assert actions.legal_actions(state, 0) == ["battle:1C"]
    rejected(state, 0, "battle:1S")                         # no unit of seat 0 there
    act(state, "battle:1C")
    assert state["battle"]["territory"] == "1C" and state["battle"]["defender"] == "elves"
    assert actions.active_seats(state) == actions.battle.active_seats(state)


def test_t30_win_only_at_the_start_of_or_during_the_second_action():
    state = make(units={"1NE": {0: {1: 1}}})
    state["seats"][0]["legendary"] = ["a", "b", "c", "d"]   # 4 VP (R12)
    act(state, "pass")
    assert state["result"] is None                           # phase 3: nobody wins (D12)
    act(state, "pass")
    assert state["phase"] == "second_action"
    assert state["result"]["winners"] == [0]                 # seat 0's phase-5 action begins: it wins
    assert actions.active_seats(state) == []


def test_t30_three_vp_does_not_win():
    state = make(units={"1NE": {0: {1: 1}}}, phase="second_action")
    state["seats"][0]["legendary"] = ["a", "b", "c"]
    act(state, "pass")
    assert state["result"] is None


def test_r70_r71_buying_pays_gold_equips_and_refills_the_market():
    state = make(units={"1NE": {0: {1: 1}}})
    stack = state["market"][0]
    item = actions.data.item(stack["item"])
    state["seats"][0]["gold"] = item["cost"]
    old = next(e["id"] for e in actions.data.equipment() if e["slot"] == item["slot"] and e["id"] != item["id"])
    state["seats"][0]["equipped"]["3"][item["slot"]] = old
    deck_before = len(state["equipment_deck"])
    act(state, f"buy:{item['id']}:executioner:{item['slot']}")
    player = state["seats"][0]
    assert player["gold"] == 0
    assert player["equipped"]["3"][item["slot"]] == item["id"]
    assert player["set_aside"] == [old]                            # D37: kept, not discarded
    assert len({s["item"] for s in state["market"]}) == 6          # R71: six different items again
    assert len(state["equipment_deck"]) < deck_before or stack["count"] > 0
    assert "pass" not in actions.legal_actions(state, 0)           # R35: Equip was chosen
    assert not any(a.startswith("move:") for a in actions.legal_actions(state, 0))
    rejected(state, 0, f"buy:{item['id']}:executioner:{item['slot']}")   # no gold left
    act(state, "equipped")
    assert actions.active_seats(state) == [1]


def test_r76_buy_refuses_the_wrong_slot_and_foreign_unit_types():
    state = make(units={"1NE": {0: {1: 1}}})
    item = actions.data.item(state["market"][0]["item"])
    state["seats"][0]["gold"] = 99
    wrong = "armour" if item["slot"] == "weapon" else "weapon"
    rejected(state, 0, f"buy:{item['id']}:krag_rider:{wrong}")
    rejected(state, 0, f"buy:{item['id']}:goldleif_warrior:{item['slot']}")


def fight_out(state, monkeypatch):
    """Every die a hit; each side takes its first legal decision that is not a retreat."""
    monkeypatch.setattr(actions.battle, "roll_die", lambda state: "hit")
    while state.get("battle"):
        seat = actions.active_seats(state)[0]
        choice = next(a for a in actions.legal_actions(state, seat) if not a.startswith("retreat"))
        actions.apply(state, seat, choice)


def test_r44_after_the_last_battle_the_next_seat_acts(monkeypatch):
    state = make(units={"1NE": {0: {3: 2}}}, elves={"1C": ["radiant"]})
    act(state, "move:1NE:1C:executioner*2")
    act(state, "moved")
    act(state, "battle:1C")
    fight_out(state, monkeypatch)
    assert state["last_battle"]["winner"] == 0
    assert state["seats"][0]["vp"] == 1                      # R11: the city counts at once (D9)
    assert actions.active_seats(state) == [1] and state["result"] is None   # phase 3: no win


def test_t30_capturing_the_fourth_vp_in_phase_5_wins_at_once(monkeypatch):
    state = make(units={"1NE": {0: {3: 2}}}, elves={"1C": ["radiant"]}, phase="second_action")
    state["seats"][0]["legendary"] = ["a", "b", "c"]
    act(state, "move:1NE:1C:executioner*2")
    act(state, "moved")
    act(state, "battle:1C")
    fight_out(state, monkeypatch)
    assert state["result"]["winners"] == [0]
    assert actions.active_seats(state) == []
