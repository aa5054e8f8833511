"""The Equip action of Clash of Rage: R68-R79, T23-T26, D21-D24, D37, and the win check after a
forge (D12).

Board as in test_actions: 1C city, 1N forge, 1NE plain, 1S plain, 1SE stone; seat 0 (Bohorg) has
its stronghold H1 beside 1NE and 1N; seat 1 (Goldleif) H2 on tile 2 (2NE is tile 2's forge)."""
from __future__ import annotations

from engine.clash_of_rage import actions, data

from .test_actions import act, make, rejected

LEGENDARY = len(data.legendary())


def with_forges(n: int, crystals: int, phase="first_action"):
    """Seat 0 controls n forges (1N, then tile 2's 2NE) and holds `crystals`."""
    units = {"1NE": {0: {1: 1}}}
    for forge in ("1N", "2NE")[:n]:
        units[forge] = {0: {1: 1}}
    state = make(units=units, phase=phase)
    state["seats"][0]["crystals"] = crystals
    return state


def test_r72_no_forge_no_forging():
    state = with_forges(0, 20)
    assert actions.forge_cost(state, 0) is None
    assert "forge" not in actions.legal_actions(state, 0)                # T24: 0 forges
    rejected(state, 0, "forge")


def test_t24_r72_r73_one_forge_costs_6_draws_2_keeps_1_shuffles_1_back():
    state = with_forges(1, 6)
    assert actions.forge_cost(state, 0) == 6
    before = list(state["legendary_deck"])
    act(state, "forge")
    drawn = state["forge"]["cards"]
    assert len(drawn) == 2 and drawn == before[-2:][::-1]                 # R73: forges + 1, from the top
    assert state["seats"][0]["crystals"] == 0                             # R69: spent
    assert actions.active_seats(state) == [0]
    assert sorted(actions.legal_actions(state, 0)) == sorted(f"keep:{c}" for c in drawn)
    act(state, f"keep:{drawn[1]}")
    assert state["forge"] is None
    assert state["seats"][0]["legendary"] == [drawn[1]] and drawn[1] in state["seats"][0]["set_aside"]
    assert sorted(state["legendary_deck"]) == sorted(before[:-2] + [drawn[0]])   # the other one is back
    assert len(state["legendary_deck"]) == LEGENDARY - 1
    assert state["seats"][0]["vp"] == 1                                   # R12: 1 VP for good
    assert "forge" not in actions.legal_actions(state, 0)                 # T24: once per action (R68)
    rejected(state, 0, "forge")


def test_t24_two_forges_cost_4_draw_3_and_six_crystals_too_few_for_one():
    state = with_forges(2, 4)
    assert actions.forge_cost(state, 0) == 4
    act(state, "forge")
    assert len(state["forge"]["cards"]) == 3
    assert with_forges(1, 5) and actions.forge_cost(with_forges(1, 5), 0) is None   # 6 needed


def test_d24_forging_needs_a_legendary_card_and_draws_what_is_left():
    state = with_forges(2, 10)
    state["legendary_deck"] = state["legendary_deck"][:1]
    act(state, "forge")
    assert len(state["forge"]["cards"]) == 1
    state = with_forges(1, 10)
    state["legendary_deck"] = []
    assert "forge" not in actions.legal_actions(state, 0)
    rejected(state, 0, "forge")                                           # nothing is spent


def test_d12_a_forge_in_the_second_action_can_win_at_once():
    state = with_forges(1, 6, phase="second_action")
    state["units"]["1C"] = {"0": {"1": 1}}                                # 1 city
    state["seats"][0]["legendary"] = ["legendary_weapon_1", "legendary_weapon_2"]
    state["legendary_deck"] = [c for c in state["legendary_deck"] if c not in ("legendary_weapon_1", "legendary_weapon_2")]
    act(state, "forge")
    assert state["result"] is None
    act(state, f"keep:{state['forge']['cards'][0]}")
    assert state["result"]["winners"] == [0]                              # 1 city + 3 forged = 4 VP


def test_d12_a_forge_in_the_first_action_does_not_win():
    state = with_forges(1, 6)
    state["units"]["1C"] = {"0": {"1": 1}}
    state["seats"][0]["legendary"] = ["legendary_weapon_1", "legendary_weapon_2"]
    act(state, "forge")
    act(state, f"keep:{state['forge']['cards'][0]}")
    assert state["result"] is None and state["seats"][0]["vp"] == 4


def test_t23_r71_buying_one_of_a_stack_draws_nothing():
    state = make(units={"1NE": {0: {1: 1}}})
    state["market"][0]["count"] = 2
    item = state["market"][0]["item"]
    deck = len(state["equipment_deck"])
    state["seats"][0]["gold"] = data.item(item)["cost"]
    act(state, f"buy:{item}:krag_rider:{data.item(item)['slot']}")
    assert state["market"][0] == {"item": item, "count": 1}
    assert len(state["market"]) == 6 and len(state["equipment_deck"]) == deck   # R71: still 6 kinds


def test_t25_r69_spent_gold_and_crystals_leave_the_player():
    state = with_forges(1, 10)
    item = state["market"][0]["item"]
    state["seats"][0]["gold"] = data.item(item)["cost"] + 5
    act(state, f"buy:{item}:krag_rider:{data.item(item)['slot']}")
    act(state, "forge")
    assert state["seats"][0]["gold"] == 5 and state["seats"][0]["crystals"] == 4   # D25: supply unlimited


def test_r74_r76_reorganize_moves_items_by_kind_and_sets_aside():
    state = make(units={"1NE": {0: {1: 1}}})
    weapon = next(e["id"] for e in data.equipment() if e["slot"] == "weapon")
    armour = next(e["id"] for e in data.equipment() if e["slot"] == "armour")
    state["seats"][0]["set_aside"] = [weapon, armour]
    legal = actions.legal_actions(state, 0)
    assert f"equip:{weapon}:pummeler" in legal and f"equip:{armour}:executioner" in legal
    act(state, f"equip:{weapon}:pummeler")
    player = state["seats"][0]
    assert player["equipped"]["2"]["weapon"] == weapon and player["set_aside"] == [armour]
    act(state, f"equip:{weapon}:krag_rider")                              # from one type to another
    assert player["equipped"]["2"]["weapon"] is None and player["equipped"]["1"]["weapon"] == weapon
    assert f"equip:{weapon}:krag_rider" not in actions.legal_actions(state, 0)   # already there
    act(state, "unequip:krag_rider:weapon")
    assert player["equipped"]["1"]["weapon"] is None and sorted(player["set_aside"]) == sorted([weapon, armour])
    assert "pass" not in actions.legal_actions(state, 0)                  # R35: this is the Equip action
    rejected(state, 0, "equip:no_such_item:krag_rider")
    rejected(state, 0, "unequip:krag_rider:weapon")                       # nothing there now


def test_r74_equipping_a_filled_slot_sets_the_old_item_aside():
    state = make(units={"1NE": {0: {1: 1}}})
    a, b = [e["id"] for e in data.equipment() if e["slot"] == "armour"][:2]
    state["seats"][0]["equipped"]["3"]["armour"] = a
    state["seats"][0]["set_aside"] = [b]
    act(state, f"equip:{b}:executioner")
    assert state["seats"][0]["equipped"]["3"]["armour"] == b and state["seats"][0]["set_aside"] == [a]


def test_t26_r75_an_item_set_aside_rounds_ago_can_go_back_on():
    state = make(units={"1NE": {0: {1: 1}}})
    weapon = next(e["id"] for e in data.equipment() if e["slot"] == "weapon")
    state["seats"][0]["equipped"]["2"]["weapon"] = weapon
    act(state, "unequip:pummeler:weapon")
    act(state, "equipped")
    state["round"] += 2                                                   # later rounds
    state["action"] = None
    assert actions.active_seats(state) == [0]
    for type_id in ("krag_rider", "pummeler", "executioner"):
        assert f"equip:{weapon}:{type_id}" in actions.legal_actions(state, 0)


def test_d37_a_legendary_item_counts_its_vp_wherever_it_sits():
    state = with_forges(1, 6)
    act(state, "forge")
    card = state["forge"]["cards"][0]
    act(state, f"keep:{card}")
    act(state, f"equip:{card}:executioner")
    slot = data.item(card)["slot"]
    assert state["seats"][0]["equipped"]["3"][slot] == card and card not in state["seats"][0]["set_aside"]
    assert state["seats"][0]["vp"] == 1


def test_r77_r78_d22_recruit_a_hero_for_gold_once_per_action():
    state = make(units={"1NE": {0: {1: 1}}, "2N": {1: {1: 1}}})
    state["seats"][0]["gold"] = 20
    legal = actions.legal_actions(state, 0)
    places = sorted({a.split(":")[2] for a in legal if a.startswith("recruit:hero_1:")})
    assert places == ["1NE", "H1"]                                        # R77: stronghold or own units
    rejected(state, 0, "recruit:hero_1:1C")                               # D21d: no unit of seat 0 there
    act(state, "recruit:hero_1:1NE")
    hero = next(h for h in data.heroes() if h["id"] == "hero_1")
    assert state["seats"][0]["gold"] == 20 - hero["cost"]                 # D22: paid in gold
    assert state["heroes"]["hero_1"] == 0 and state["hero_at"]["hero_1"] == "1NE"
    assert not any(a.startswith("recruit:") for a in actions.legal_actions(state, 0))   # R68: once
    rejected(state, 0, "recruit:hero_2:H1")
    act(state, "equipped")
    assert actions.active_seats(state) == [1]
    state["seats"][1]["gold"] = 20
    assert not any(a.startswith("recruit:hero_1:") for a in actions.legal_actions(state, 1))   # R78: kept


def test_r79_d21a_a_player_may_own_several_heroes_and_they_never_die():
    state = make(units={"1NE": {0: {1: 1}}})
    state["seats"][0]["gold"] = 30
    act(state, "recruit:hero_1:H1")
    act(state, "equipped")
    act(state, "pass")                                                    # seat 1; then the second action
    state["seats"][0]["gold"] = 30
    act(state, "recruit:hero_2:1NE")
    owned = sorted(h for h, o in state["heroes"].items() if o == 0)
    assert owned == ["hero_1", "hero_2"]


def test_r70_a_purchase_needs_the_gold():
    state = make(units={"1NE": {0: {1: 1}}})
    item = state["market"][0]["item"]
    state["seats"][0]["gold"] = data.item(item)["cost"] - 1
    assert not any(a.startswith(f"buy:{item}:") for a in actions.legal_actions(state, 0))
    rejected(state, 0, f"buy:{item}:krag_rider:{data.item(item)['slot']}")


def test_d23_buy_forge_recruit_and_reorganize_in_any_order_then_finish():
    state = with_forges(1, 6)
    state["seats"][0]["gold"] = 40
    act(state, "recruit:hero_3:H1")
    act(state, "forge")
    card = state["forge"]["cards"][0]
    act(state, f"keep:{card}")
    item = state["market"][0]["item"]
    act(state, f"buy:{item}:pummeler:{data.item(item)['slot']}")
    act(state, f"equip:{card}:executioner")
    assert "equipped" in actions.legal_actions(state, 0)
    act(state, "equipped")
    assert actions.active_seats(state) == [1]
