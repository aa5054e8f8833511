"""Battle of Clash of Rage: spec section 4, R45-R67, T9-T19, D13-D18, D21, D28, D32."""
from __future__ import annotations

import copy
import json

import pytest

from engine.base import IllegalAction
from engine.clash_of_rage import battle, data
from engine.clash_of_rage.setup import setup

HEX = "H1"


@pytest.fixture
def faces(monkeypatch):
    """The next die faces, in order: "x" a hit, "." a blank. Running out fails the test."""
    queue: list[str] = []

    def roll(state):
        assert queue, "a die was rolled that the test did not force"
        return {"x": "hit", ".": "blank"}[queue.pop(0)]

    monkeypatch.setattr(battle, "roll_die", roll)
    return lambda text: queue.extend(text.replace(" ", ""))


def make(tribes=("bohorg", "goldleif", "steamfield"), units=None, elves=None, seed=1):
    """A state with strongholds S0, S1, ... and the given models on HEX: units = seat -> tier ->
    count (taken from the reserve), elves = list of elf ids."""
    state = setup(len(tribes), {"tribes": list(tribes)}, seed)
    state["strongholds"] = {str(s): f"S{s}" for s in range(len(tribes))}
    state["elves"] = {HEX: list(elves)} if elves else {}
    state["hero_at"] = {}
    for seat, tiers in (units or {}).items():
        for tier, n in tiers.items():
            state["seats"][seat]["reserve"][str(tier)] -= n
            state["units"].setdefault(HEX, {}).setdefault(str(seat), {})[str(tier)] = n
    return state


def equip(state, seat, tier, *items):
    for i in items:
        state["seats"][seat]["equipped"][str(tier)][data.item(i)["slot"]] = i


def act(state, action):
    seat = battle.active_seats(state)[0]
    assert action in battle.legal_actions(state, seat), (action, battle.legal_actions(state, seat))
    return battle.apply(state, seat, action)


# Bohorg tiers: 1 Krag Rider (STR 2, HP 1, AUTO), 2 Pummeler (STR 4, HP 2, AUTO 2), 3 Executioner (STR 6, HP 3)
# Goldleif tiers: 1 Warrior (STR 2, HP 1), 2 Guard (STR 4, HP 2, SHIELD), 3 Champion (STR 5, HP 3, SHIELD 2)


def test_t9_dice_are_the_strongest_type_with_its_equipment():
    state = make(units={0: {1: 2, 3: 1}, 1: {1: 1}})
    equip(state, 0, 3, "great_hammer")                     # +3 strength on a strength-6 unit
    assert battle.dice_count(state, HEX, 0) == 9           # R49
    state["units"][HEX]["0"]["3"] = 0                      # the Executioner is gone
    assert battle.dice_count(state, HEX, 0) == 2           # next strongest type decides [I]


def test_d15_never_more_than_ten_dice(monkeypatch):
    state = make(units={0: {3: 1}, 1: {1: 1}})
    equip(state, 0, 3, "legendary_weapon_1")               # 6 + 4
    assert battle.dice_count(state, HEX, 0) == 10
    real = battle.type_stats
    monkeypatch.setattr(battle, "type_stats",              # no data reaches 11 yet (D15 note)
                        lambda st, side, t: {**real(st, side, t), "strength": 13})
    assert battle.dice_count(state, HEX, 0) == 10


def test_t10_bohorg_battle(faces):
    """R48: the sides take turns, here the defender first, then the attacker."""
    # Krag Riders and an Executioner only; +2 strength on the Executioner; Shaman's Staff on the
    # Krag Riders; the Pummelers elsewhere
    state = make(units={0: {1: 3, 3: 1}, 1: {1: 5}})
    equip(state, 0, 3, "war_blade")
    equip(state, 0, 1, "shamans_staff")
    assert battle.speed(state, HEX, 0) == 2                          # R47
    battle.start_battle(state, HEX, 0)
    assert state["battle"]["turn"] == "defender"                     # Goldleif speed 1 is faster
    faces("..")                                                      # Goldleif: 2 dice, no hits
    act(state, "roll")                                               # 0 damage: rage (R61)
    assert state["battle"]["rage"] == {"attacker": 0, "defender": 1}
    faces("xx...... ")                                               # 8 dice (R49)
    events = act(state, "roll")
    assert len(state["battle"]["dice"]) == 8
    assert state["battle"]["step"] == "reroll" and state["battle"]["rerolls_left"] == 1   # R51
    assert "⚔ ⚔ ▢ ▢ ▢ ▢ ▢ ▢" in events[0].public and events[0].hidden
    faces("xx....")
    act(state, "reroll:2,3,4,5,6,7")
    # 4 hits + 1 auto-hit of the Krag Riders; the Pummeler's +2 does not apply (R50, R53)
    assert state["battle"]["damage"] == 5
    assert state["battle"]["step"] == "allocate"


def test_t11_initiative():
    state = make(units={0: {1: 5, 3: 1}, 1: {1: 1, 2: 1}})
    assert battle.speed(state, HEX, 0) == 2                 # 2 types, not 6 models
    battle.start_battle(state, HEX, 0)
    assert state["battle"]["turn"] == "defender"            # tie: the defender first
    state = make(units={0: {1: 5}, 1: {1: 1, 2: 1}})
    battle.start_battle(state, HEX, 0)
    assert state["battle"]["turn"] == "attacker"            # 1 against 2
    state = make(units={0: {1: 1, 2: 1, 3: 1}, 1: {1: 1, 2: 1}})
    battle.start_battle(state, HEX, 0)
    assert state["battle"]["turn"] == "defender"            # 3 against 2


def test_d32_speed_is_counted_once_at_the_start(faces):
    state = make(units={0: {1: 1}, 1: {1: 1, 2: 1}})
    battle.start_battle(state, HEX, 0)
    equip(state, 0, 1, "axe")                               # later changes do not count
    assert state["battle"]["speed"] == {"attacker": 1, "defender": 2}


def test_t12_damage_total(faces):
    # attacker: Executioner + Krag Riders (8 dice with a +2 weapon, 1 auto-hit); defender: Champion (2 shields)
    state = make(units={0: {1: 1, 3: 1}, 1: {3: 3}})
    equip(state, 0, 3, "war_blade")
    battle.start_battle(state, HEX, 0)
    state["battle"]["turn"] = "attacker"
    state["battle"]["rage"]["attacker"] = 1
    faces("xxxxx...")
    act(state, "roll")
    assert state["battle"]["damage"] == 5 + 1 + 1 - 2      # R53


def test_d14_damage_never_below_zero_and_still_gives_rage(faces):
    state = make(units={0: {1: 1}, 1: {3: 1}})
    equip(state, 1, 3, "massive_armor")                    # 4 shields
    battle.start_battle(state, HEX, 0)
    state["battle"]["turn"] = "attacker"
    faces("x.")
    act(state, "roll")                                     # 1 + 1 - 4 -> 0, applied at once
    assert state["battle"]["rage"]["attacker"] == 1
    assert state["battle"]["turn"] == "defender"


def test_t13_leftover_damage_is_lost_all_damage_allocated():
    """R54: the attacker allocates all its damage; R55: damage equal to a model's health destroys it."""
    # health 2, 2 and 3: two Guards and one Champion of Goldleif
    state = make(units={0: {1: 1}, 1: {2: 2, 3: 1}})
    battle.start_battle(state, HEX, 0)
    state["battle"].update(turn="attacker", step="allocate", damage=5)
    legal = set(battle.legal_allocations(state))
    assert legal == {("goldleif_guard", "goldleif_guard"), ("goldleif_champion", "goldleif_guard")}
    before = json.dumps(state, sort_keys=True)
    with pytest.raises(IllegalAction):                     # stopping with 3 damage left
        battle.apply(state, 0, "allocate:goldleif_guard")
    assert json.dumps(state, sort_keys=True) == before
    act(state, "allocate:goldleif_champion,goldleif_guard")
    assert state["units"][HEX]["1"] == {"2": 1}
    assert state["seats"][1]["reserve"]["2"] == 5 and state["seats"][1]["reserve"]["3"] == 4  # R57
    assert state["battle"]["damage"] == 0 and state["battle"]["turn"] == "defender"   # R56


def test_t14_rage_counts_from_the_next_attack_and_is_discarded(faces):
    state = make(units={0: {1: 1}, 1: {1: 2}})
    battle.start_battle(state, HEX, 0)
    state["battle"]["turn"] = "attacker"
    faces("..")
    act(state, "roll")                                     # Krag auto-hit 1 -> kills a Warrior
    act(state, "allocate:goldleif_warrior")
    assert state["battle"]["rage"]["attacker"] == 0
    faces("..")
    act(state, "roll")                                     # Goldleif: nothing
    assert state["battle"]["rage"]["defender"] == 1        # R61
    faces("..")
    act(state, "roll")
    act(state, "allocate:goldleif_warrior")                # the last Warrior: battle over
    assert state["battle"] is None                         # rage lives in the battle (R62)
    assert state["last_battle"] == {"territory": HEX, "winner": 0, "loser": 1}


def test_t15_elves_reroll_every_blank(faces):
    """R52, D16: the elves use every reroll icon, each time on all the blank dice."""
    # 3 players, seat 1 attacks Bishop elves (STR 4, REROLL 1) with a Warrior
    state = make(units={1: {1: 1}}, elves=["bishop", "bishop"])
    battle.start_battle(state, HEX, 1)
    state["battle"]["turn"] = "defender"
    faces("xx.. x.")                                       # 4 dice, then only the 2 blanks
    events = battle.apply(state, 0, "roll")
    assert state["battle"]["dice"] == ["hit", "hit", "hit", "blank"]   # blanks at 2 and 3 rerolled
    assert any(e.hidden and "The elves reroll 2 dice" in e.public for e in events)
    # two icons: the still-blank die is rerolled again
    state = make(units={1: {1: 1}}, elves=["bishop"])
    state["elf_card"]["bishop"]["weapon"] = "shamans_staff"
    battle.start_battle(state, HEX, 1)
    state["battle"]["turn"] = "defender"
    faces("x... ..x x.")
    events = battle.apply(state, 0, "roll")
    assert sum("The elves reroll" in e.public for e in events) == 2


def test_t16_killing_elves_gives_crystals(faces):
    state = make(units={0: {3: 1}}, elves=["temple", "temple", "temple", "radiant"])
    battle.start_battle(state, HEX, 0)
    state["battle"]["turn"] = "attacker"
    faces("xxxx..")                                        # 4 hits - 1 shield (Radiant) = 3
    act(state, "roll")
    act(state, "allocate:temple*3")
    assert state["seats"][0]["crystals"] == 3              # R58
    assert state["elves"][HEX] == ["radiant"]


def test_t17_elf_operator_is_to_the_right_and_never_retreats(faces):
    """R46: the player to the attacker's right rolls and allocates for the elves."""
    state = make(units={1: {1: 1}}, elves=["temple"])
    battle.start_battle(state, HEX, 1)                     # P2 is seat 1; P1 (seat 0) runs the elves
    assert state["battle"]["operator"] == 0
    assert state["battle"]["turn"] == "defender"           # tie 1-1: defender first
    assert battle.active_seats(state) == [0]
    assert battle.legal_actions(state, 0) == ["roll"]      # R63: no retreat
    assert battle.legal_actions(state, 1) == []
    with pytest.raises(IllegalAction):
        battle.apply(state, 1, "roll")
    faces("xx.")
    battle.apply(state, 0, "roll")                         # 2 damage
    assert battle.legal_actions(state, 0) == ["allocate:goldleif_warrior"]   # the operator allocates
    battle.apply(state, 0, "allocate:goldleif_warrior")
    assert state["battle"] is None and state["last_battle"]["winner"] == "elves"
    assert state["seats"][1]["reserve"]["1"] == data.unit("goldleif", 1)["max_models"]   # R57
    # operator of seat 0 in a 3-player game is seat 2 (D28)
    state = make(units={0: {1: 1}}, elves=["temple"])
    battle.start_battle(state, HEX, 0)
    assert state["battle"]["operator"] == 2


def test_t18_retreat_moves_units_and_heroes_home():
    state = make(units={0: {1: 3, 2: 1}, 1: {1: 1, 2: 1}})
    state["heroes"]["hero_3"] = 1
    state["hero_at"]["hero_3"] = HEX
    battle.start_battle(state, HEX, 0)                     # tie: defender's turn
    assert "retreat:S1" in battle.legal_actions(state, 1)
    with pytest.raises(IllegalAction):
        battle.apply(state, 1, "retreat:S0")
    act(state, "retreat:S1")
    assert state["units"]["S1"]["1"] == {"1": 1, "2": 1}
    assert "1" not in state["units"][HEX] and state["units"][HEX]["0"] == {"1": 3, "2": 1}
    assert state["hero_at"]["hero_3"] == "S1"
    assert state["battle"] is None and state["last_battle"]["winner"] == 0


def test_d17_the_elves_gain_rage_like_a_player(faces):
    state = make(units={1: {3: 1}}, elves=["temple", "temple"])
    battle.start_battle(state, HEX, 1)
    state["battle"]["turn"] = "defender"
    faces("......")                                        # the elves hit nothing
    battle.apply(state, 0, "roll")
    assert state["battle"]["rage"]["defender"] == 1        # their next attack gets +1


def test_d21_hero_icons_count_for_its_side():
    state = make(units={0: {1: 1}, 1: {1: 1}})
    state["heroes"]["hero_3"] = 1
    state["hero_at"]["hero_3"] = HEX
    assert battle.icon_total(state, HEX, 1, "SHIELD") == 1
    assert battle.speed(state, HEX, 1) == 1                # heroes have no speed


def test_t19_heroes_never_die(faces):
    """R66: a hero left alone facing enemies goes back to its stronghold."""
    state = make(units={0: {3: 1}, 1: {1: 1}})
    state["heroes"]["hero_1"] = 1
    state["hero_at"]["hero_1"] = HEX
    battle.start_battle(state, HEX, 0)
    state["battle"]["turn"] = "attacker"
    faces("xxxxxx")                                        # 6 damage, only 1 model to destroy
    act(state, "roll")
    assert battle.legal_allocations(state) == [("goldleif_warrior",)]   # never the hero (R59)
    act(state, "allocate:goldleif_warrior")
    assert state["hero_at"]["hero_1"] == "S1"              # R64, R65
    assert state["battle"] is None and state["last_battle"]["loser"] == 1


def test_illegal_input_changes_nothing(faces):
    state = make(units={0: {1: 1}, 1: {1: 1}})
    battle.start_battle(state, HEX, 0)
    before = copy.deepcopy(state)
    for seat, action in ((0, "roll"), (1, "allocate:krag_rider"), (1, "reroll:0"), (1, "retreat:H1")):
        with pytest.raises(IllegalAction):
            battle.apply(state, seat, action)
    assert state == before
    with pytest.raises(IllegalAction):
        battle.start_battle(state, HEX, 0)                 # one battle at a time


def test_rolls_use_the_seeded_rng_and_state_stays_json():
    results = []
    for _ in range(2):
        state = make(units={0: {3: 1}, 1: {1: 1}}, seed=5)
        battle.start_battle(state, HEX, 0)
        state["battle"]["turn"] = "attacker"
        battle.apply(state, 0, "roll")
        results.append(json.dumps(state, sort_keys=True))
    assert results[0] == results[1]
    assert json.loads(results[0])["rng"]["n"] > 0


def test_rage_gain_icon_adds_a_token_at_each_own_attack(faces):
    # data appendix G7: War Drum gives 1 rage token at the start of each of its side's attacks
    state = make(units={0: {1: 1}, 1: {3: 1}})
    equip(state, 0, 1, "war_drum")
    battle.start_battle(state, HEX, 0)
    state["battle"]["turn"] = "attacker"
    faces("..")
    act(state, "roll")                                     # 0 hits + 1 auto + 1 rage - 2 shields
    assert state["battle"]["rage"]["attacker"] == 2        # 1 from the drum, 1 for no kill (R61)


@pytest.mark.parametrize("seed", range(10))
def test_seeded_battles_run_to_an_end_with_legal_moves_only(seed):
    # section 4 loop: always rolling (never retreating), every battle ends with one side gone
    state = make(units={0: {1: 2, 2: 1, 3: 1}, 1: {1: 3, 2: 2}}, seed=seed)
    battle.start_battle(state, HEX, 0)
    for _ in range(200):
        if state["battle"] is None:
            break
        seat = battle.active_seats(state)[0]
        choices = battle.legal_actions(state, seat)
        battle.apply(state, seat, next((c for c in choices if not c.startswith("retreat")), choices[-1]))
        json.dumps(state)
    assert state["battle"] is None
    loser = state["last_battle"]["loser"]
    assert not battle.models(state, HEX, loser)
    for seat, tribe in ((0, "bohorg"), (1, "goldleif")):  # every model is on HEX or in the reserve
        on_board = sum(state["units"].get(HEX, {}).get(str(seat), {}).values())
        assert on_board + sum(state["seats"][seat]["reserve"].values()) == sum(
            u["max_models"] for u in data.tribe(tribe)["units"])
