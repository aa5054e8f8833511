"""The battles' results in the public view (engine/clash_of_rage/views.py `battles`): for each
battle of the latest action phase, its territory, both sides, the models each side lost by type,
the winner who holds the territory, and whether the loser retreated. Seeded states with forced
dice (R44, R48, R53-R58, R60, R63)."""
from __future__ import annotations

import json


from engine.clash_of_rage import battle, views

from .test_battle import HEX, faces, make  # noqa: F401 - faces: the forced dice fixture

# Bohorg tiers: 1 Krag Rider (STR 2, HP 1, AUTO), 3 Executioner (STR 6, HP 3)
# Goldleif tiers: 1 Warrior (STR 2, HP 1), 2 Guard (STR 4, HP 2, SHIELD)


def act(state, action):
    seat = battle.active_seats(state)[0]
    assert action in battle.legal_actions(state, seat), (action, battle.legal_actions(state, seat))
    return battle.apply(state, seat, action)


def fought(faces) -> dict:
    """Bohorg (seat 0: 2 Krag Riders, an Executioner) attacks Goldleif (seat 1: 2 Warriors, a
    Guard) in H1; the defender attacks first (speed tie, R47) and the battle runs to the end."""
    state = make(units={0: {1: 2, 3: 1}, 1: {1: 2, 2: 1}})
    battle.start_battle(state, HEX, 0)
    assert state["battle"]["turn"] == "defender"
    faces("xx..")                                   # 4 dice (the Guard), 2 hits: 2 damage (R53)
    act(state, "roll")
    act(state, "allocate:krag_rider*2")             # R54-R56: the Executioner (HP 3) cannot be
    faces("xxxx..")                                 # 6 dice, 4 hits - the Guard's shield = 3
    act(state, "roll")
    act(state, "allocate:goldleif_guard,goldleif_warrior")
    faces("x.")                                     # 1 damage: nothing destroyed, a rage token
    act(state, "roll")
    faces("x.....")
    act(state, "roll")
    act(state, "allocate:goldleif_warrior")         # the last Warrior (R63)
    assert state["battle"] is None
    return state


def only_battle(state) -> dict:
    results = views.view(state, None)["battles"]
    assert len(results["list"]) == 1
    return results["list"][0]


def test_r55_r57_each_sides_losses_by_unit_type(faces):
    result = only_battle(fought(faces))
    assert result["lost"]["attacker"] == [{"type": "krag_rider", "name": "Krag Rider", "tier": 1, "count": 2}]
    assert result["lost"]["defender"] == [
        {"type": "goldleif_warrior", "name": "Goldleif Warrior", "tier": 1, "count": 2},
        {"type": "goldleif_guard", "name": "Goldleif Guard", "tier": 2, "count": 1}]


def test_r45_the_sides_and_the_territory(faces):
    result = only_battle(fought(faces))
    assert (result["territory"], result["attacker"], result["defender"]) == (HEX, 0, 1)


def test_r63_the_winner_holds_the_territory(faces):
    state = fought(faces)
    result = only_battle(state)
    assert (result["winner"], result["loser"], result["retreat"]) == (0, 1, False)
    assert views.view(state, None)["control"][HEX] == 0 == result["winner"]
    assert state["units"][HEX] == {"0": {"3": 1}}


def test_r58_elves_lost_are_named_by_type_and_the_elves_hold_when_they_win(faces):
    state = make(units={0: {1: 1}}, elves=["temple", "temple", "radiant"])
    battle.start_battle(state, HEX, 0)
    state["battle"]["turn"] = "attacker"
    faces("..")                                     # Krag auto-hit: 1 damage, less the Radiant's shield
    act(state, "roll")
    while state["battle"]:
        seat = battle.active_seats(state)[0]
        faces("x" * 10)
        battle.apply(state, seat, next(a for a in battle.legal_actions(state, seat) if not a.startswith("retreat")))
    result = only_battle(state)
    assert (result["attacker"], result["defender"], result["winner"], result["loser"]) == (0, "elves", "elves", 0)
    assert result["lost"]["attacker"] == [{"type": "krag_rider", "name": "Krag Rider", "tier": 1, "count": 1}]
    assert result["lost"]["defender"] == []          # the shield took the only damage (R53, D14)
    assert views.view(state, None)["control"][HEX] == "elves"


def test_r58_elves_destroyed_are_counted_by_elf_type(faces):
    state = make(units={0: {3: 1}}, elves=["temple", "temple", "temple", "radiant"])
    battle.start_battle(state, HEX, 0)
    state["battle"]["turn"] = "attacker"
    faces("xxxx..")                                 # 4 hits - 1 shield = 3
    act(state, "roll")
    act(state, "allocate:temple*3")
    assert state["battle"]["lost"]["defender"] == {"temple": 3}
    assert state["seats"][0]["crystals"] == 3       # R58


def test_r60_a_retreat_is_said_and_the_other_side_holds(faces):
    state = make(units={0: {1: 3, 3: 1}, 1: {1: 2, 2: 1}})
    battle.start_battle(state, HEX, 0)              # the defender attacks first
    faces("xx..")
    act(state, "roll")
    act(state, "allocate:krag_rider*2")
    faces("xx....")                                 # 2 hits + 1 auto-hit (the Krag Rider left) - 1 shield
    act(state, "roll")
    act(state, "allocate:goldleif_guard")
    act(state, "retreat:S1")                        # R60: the defender's survivors go home
    result = only_battle(state)
    assert (result["winner"], result["loser"], result["retreat"]) == (0, 1, True)
    assert result["lost"]["attacker"] == [{"type": "krag_rider", "name": "Krag Rider", "tier": 1, "count": 2}]
    assert result["lost"]["defender"] == [{"type": "goldleif_guard", "name": "Goldleif Guard", "tier": 2, "count": 1}]
    assert state["units"]["S1"]["1"] == {"1": 2}


def test_r44_every_battle_of_the_phase_in_the_order_fought_and_a_new_phase_starts_afresh(faces):
    state = fought(faces)
    # a second battle in the same phase, against the elves elsewhere
    state["units"]["H2"] = {"0": {"3": 1}}
    state["elves"]["H2"] = ["temple"]
    battle.start_battle(state, "H2", 0)
    state["battle"]["turn"] = "attacker"
    faces("x.....")
    act(state, "roll")
    act(state, "allocate:temple")                   # 1 hit kills the Templar elf (HP 1)
    results = views.view(state, None)["battles"]
    assert [b["territory"] for b in results["list"]] == [HEX, "H2"]
    assert results["list"][1]["lost"]["defender"] == [{"type": "temple", "name": "Templar Elf", "tier": None,
                                                       "count": 1}]
    assert (results["round"], results["phase"]) == (state["round"], state["phase"])
    # the next phase's first battle starts a new list; until then the old one stays
    state["phase"] = "second_action" if state["phase"] != "second_action" else "first_action"
    assert len(views.view(state, None)["battles"]["list"]) == 2
    state["units"]["H3"] = {"0": {"3": 1}}
    state["elves"]["H3"] = ["temple"]
    battle.start_battle(state, "H3", 0)
    state["battle"]["turn"] = "attacker"
    faces("x.....")
    act(state, "roll")
    act(state, "allocate:temple")
    results = views.view(state, None)["battles"]
    assert [b["territory"] for b in results["list"]] == ["H3"] and results["phase"] == state["phase"]


def test_the_results_are_public_and_plain_json(faces):
    """6.1: rolls, damage and allocations are public, so every viewer sees the same results."""
    state = fought(faces)
    seen = [views.view(state, viewer)["battles"] for viewer in [None, *range(state["players"])]]
    assert all(s == seen[0] for s in seen)
    assert json.loads(json.dumps(seen[0])) == seen[0]
    assert json.loads(json.dumps(state["battles"])) == state["battles"]


def test_no_battle_yet_no_results():
    assert views.view(make(units={0: {1: 1}}), None)["battles"] is None
