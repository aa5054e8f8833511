"""Round phases other than the actions: elf evolution (R14-R21, D10; T1-T4), strongholds (R27, D6;
T28), income (R28, R29, D30), reinforcement (R30-R32, D35; T21, T22), reinforcement stones (R80,
R81, D5, D29; T29) and victory points (5.2, R11, R12, D9; T31)."""
from __future__ import annotations

import copy

import pytest

from engine.base import IllegalAction
from engine.clash_of_rage import board, rounds, tactics
from engine.clash_of_rage.setup import setup


def revealed(players: int = 2, seed: int = 1, cards: dict[int, str] | None = None) -> dict:
    """A game right after the round-1 reveal; `cards` forces each seat's pick."""
    # seat 0 plays Bohorg, whose cards the tests force (spec 10.2.1-10.2.2)
    tribes = ["bohorg", "steamfield", "tomb", "goldleif"][:players]
    state = setup(players, {"tribes": tribes}, seed)
    tactics.begin(state)
    for s in range(players):
        hand = state["seats"][s]["tactic_hand"]
        want = (cards or {}).get(s)
        if want is not None and want not in hand:
            hand[0] = want          # put the wanted card in hand in place of another
        tactics.pick(state, s, want or hand[0])
    return state


def place_strongholds(state: dict) -> list:
    """The strongholds placed (the income follows): the events said on the way."""
    events = []
    while rounds.step(state) == "strongholds":
        s = rounds.active_seats(state)[0]
        events += rounds.apply(state, s, rounds.legal_actions(state, s)[0])
    return events


# --- phase 1 -----------------------------------------------------------------------------------

def evolving(deck_top_first: list[str], equipped: dict | None = None) -> dict:
    state = setup(3, {}, 2)
    state["equipment_deck"] = ["spear", "leather_jerkin"] + list(reversed(deck_top_first))
    state["elves"] = {"1C": ["bishop", "radiant", "temple"], "2C": ["temple"]}   # all three types
    for elf, slots in (equipped or {}).items():
        state["elf_card"][elf].update(slots)
    return state


def test_t1_elf_evolution_round_2():  # T1, R16, R18
    state = evolving(["crossbow", "massive_armor", "plate_armor"])
    rounds.elf_evolution(state)
    assert state["elf_card"]["radiant"] == {"weapon": "crossbow", "armour": None}
    assert state["elf_card"]["bishop"] == {"weapon": None, "armour": "massive_armor"}
    assert state["elf_card"]["temple"] == {"weapon": None, "armour": "plate_armor"}
    assert state["equipment_deck"] == ["spear", "leather_jerkin"]


def test_t2_elf_evolution_round_3():  # T2, R16, R18, R19, R20, D10 (G9 reading)
    state = evolving(["rock_breaker", "blunderbuss", "shamans_coat"],
                     {"radiant": {"weapon": "crossbow"}, "bishop": {"armour": "plate_armor"},
                      "temple": {"armour": "massive_armor"}})
    rounds.elf_evolution(state)
    assert state["elf_card"]["radiant"]["weapon"] == "rock_breaker"
    assert state["elf_card"]["bishop"] == {"weapon": "blunderbuss", "armour": "plate_armor"}
    assert state["elf_card"]["temple"]["armour"] == "massive_armor"
    # R20: the bottom is index 0; Shaman's Coat went below Crossbow
    assert state["equipment_deck"][:2] == ["shamans_coat", "crossbow"]


def test_equal_cost_keeps_the_old_card():  # D10 (a)
    state = evolving(["axe"], {"radiant": {"weapon": "crossbow"}})   # both cost 3
    state["elves"] = {"1C": ["radiant"]}
    rounds.elf_evolution(state)
    assert state["elf_card"]["radiant"]["weapon"] == "crossbow"
    assert state["equipment_deck"][0] == "axe"


def test_t3_wiped_out_type_draws_nothing():  # T3, R17
    state = evolving(["crossbow", "massive_armor", "plate_armor"])
    state["elves"] = {lbl: [e for e in toks if e != "bishop"] for lbl, toks in state["elves"].items()}
    rounds.elf_evolution(state)
    assert state["elf_card"]["radiant"]["weapon"] == "crossbow"
    assert state["elf_card"]["bishop"] == {"weapon": None, "armour": None}
    assert state["elf_card"]["temple"]["armour"] == "massive_armor"   # the second card drawn
    assert state["equipment_deck"] == ["spear", "leather_jerkin", "plate_armor"]


def test_empty_pile_draws_nothing():  # D10
    state = evolving([])
    state["equipment_deck"] = []
    rounds.elf_evolution(state)
    assert all(slot is None for e in state["elf_card"].values() for slot in e.values())


def test_t4_round_1_has_no_evolution_and_round_2_has():  # T4, R14, R15
    state = setup(2, {}, 3)
    assert state["phase"] == "tactics" and state["tactics"]["step"] == "draw"
    assert all(slot is None for e in state["elf_card"].values() for slot in e.values())
    deck = len(state["equipment_deck"])
    rounds.next_round(state)
    assert state["round"] == 2 and state["phase"] == "tactics" and state["tactics"]["step"] == "draw"
    # all three types are on the board and hold nothing, so each equips its card (R16, R18)
    assert sum(slot is not None for e in state["elf_card"].values() for slot in e.values()) == 3
    assert len(state["equipment_deck"]) == deck - 3


# --- strongholds -------------------------------------------------------------------------------

def test_t28_strongholds_in_turn_order_and_legal_cells():  # T28, R26, R27, D6
    state = revealed(3, seed=4)
    order = tactics.turn_order(state)
    first = order[0]
    assert rounds.active_seats(state) == [first]
    with pytest.raises(IllegalAction):
        rounds.apply(state, order[1], rounds.legal_actions(state, first)[0])   # not its turn
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        rounds.apply(state, first, "stronghold:1C-N")   # 1C is a tile centre: no off-board cell there
    assert state == before
    name = rounds.legal_actions(state, first)[0][len("stronghold:"):]
    rounds.apply(state, first, "stronghold:" + name.lower())    # any case is accepted
    cell = tuple(state["stronghold_cells"][str(first)])
    bare = board.layout_board(3, with_strongholds=False)
    assert cell not in bare.at
    assert any((cell[0] + dq, cell[1] + dr) in bare.at for dq, dr in board.DIRECTIONS.values())
    assert state["strongholds"][str(first)] == f"H{first + 1}"
    # the next seat may not touch the first stronghold
    second = rounds.active_seats(state)[0]
    assert second == order[1]
    for action in rounds.legal_actions(state, second):
        c = rounds.parse_cell(state, action[len("stronghold:"):])
        assert board.distance(board.Board({"a": board.Hex("a", *c, "plain"),
                                           "b": board.Hex("b", *cell, "plain")}), "a", "b") >= 2
    # naming the first stronghold's cell from another neighbour is rejected too
    h = next(lbl for lbl in bare.territories()
             for dq, dr in board.DIRECTIONS.values()
             if (bare.hexes[lbl].q + dq, bare.hexes[lbl].r + dr) == cell)
    d = next(d for d, (dq, dr) in board.DIRECTIONS.items()
             if (bare.hexes[h].q + dq, bare.hexes[h].r + dr) == cell)
    with pytest.raises(IllegalAction):
        rounds.apply(state, second, f"stronghold:{h}-{d}")


# --- income ------------------------------------------------------------------------------------

def test_income_gold_and_city_crystals():  # R28, R29, D30, R4
    state = revealed(2, cards={0: "bohorg_1"})
    seat1_card = state["tactics"]["revealed"]["1"]
    # seat 0 holds city 1C (elves gone, its units there); seat 1 holds nothing
    state["elves"].pop("1C")
    state["units"]["1C"] = {"0": {"1": 1}}
    place_strongholds(state)
    assert state["seats"][0]["gold"] == 1          # bohorg_1 shows income 1 (data 10.2.2)
    assert state["seats"][0]["crystals"] == 3
    assert state["seats"][1]["gold"] == tactics.card(seat1_card)["income"]
    assert state["seats"][1]["crystals"] == 0
    assert rounds.step(state) == "reinforce"


def test_income_ignores_a_city_shared_with_an_enemy():  # R29, D9
    state = revealed(2)
    state["elves"].pop("2C")
    state["units"]["2C"] = {"0": {"1": 1}, "1": {"1": 1}}
    place_strongholds(state)
    assert state["seats"][0]["crystals"] == 0 and state["seats"][1]["crystals"] == 0


def test_round_2_income_runs_through_advance():  # R28, D30
    state = revealed(2)
    state["round"] = 2
    state["tactics"]["step"] = "income"
    gold = [state["seats"][s]["gold"] for s in range(2)]
    rounds.advance(state)
    for s in range(2):
        card = state["tactics"]["revealed"][str(s)]
        assert state["seats"][s]["gold"] == gold[s] + tactics.card(card)["income"]


# --- reinforcement -----------------------------------------------------------------------------

def test_t21_round_1_reinforcement_goes_to_the_stronghold():  # T21, R30, R31
    # bohorg_5 shows 2 tier I and 1 tier II (spec 10.2.2)
    state = revealed(2, cards={0: "bohorg_5"})
    card = tactics.card("bohorg_5")
    place_strongholds(state)
    order = tactics.turn_order(state)
    while rounds.step(state) == "reinforce":
        s = rounds.active_seats(state)[0]
        assert s == order[0] or s == order[1]
        for action in rounds.legal_actions(state, s):
            assert action == "done" or action.endswith(":H%d" % (s + 1))
        rounds.apply(state, s, rounds.legal_actions(state, s)[0])
    placed = state["units"]["H1"]["0"]
    assert placed == {t: n for t, n in card["reinforcement"].items() if n}
    full = setup(2, {"tribes": ["bohorg", "steamfield"]}, 1)["seats"][0]["reserve"]
    assert state["seats"][0]["reserve"] == {"1": full["1"] - 2, "2": full["2"] - 1, "3": full["3"]}
    assert state["phase"] == "first_action"


def reinforcing(seat_card: str = "bohorg_5") -> dict:
    state = revealed(2, cards={0: seat_card})
    place_strongholds(state)
    while rounds.active_seats(state) != [0]:     # let seat 1 finish first if it is before
        s = rounds.active_seats(state)[0]
        rounds.apply(state, s, rounds.legal_actions(state, s)[0])
    return state


def test_reinforce_on_any_territory_with_own_units_but_not_a_hero_alone():  # R30, D35, T21
    # later round with an empty stronghold: seat 0 has units on 1N, only a hero on 1S
    state = reinforcing()
    state["units"]["1N"] = {"0": {"2": 1}}
    state["units"]["1S"] = {"0": {}}
    state["heroes"] = {k: None for k in state["heroes"]}
    targets = rounds.reinforce_targets(state, 0)
    assert targets[0] == "H1" and "1N" in targets and "1S" not in targets
    assert "place:1:1N" in rounds.legal_actions(state, 0)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        rounds.apply(state, 0, "place:1:1S")
    with pytest.raises(IllegalAction):
        rounds.apply(state, 0, "place:3:H1")       # bohorg_5 shows no tier III
    with pytest.raises(IllegalAction):
        rounds.apply(state, 0, "done")              # R30: each unit taken is placed
    with pytest.raises(IllegalAction):
        rounds.apply(state, 1, "place:1:H2")        # not seat 1's turn
    assert state == before
    rounds.apply(state, 0, "place:1:1N")
    assert state["units"]["1N"]["0"] == {"2": 1, "1": 1}
    assert state["seats"][0]["reserve"]["1"] == before["seats"][0]["reserve"]["1"] - 1


def test_t22_reserve_short():  # T22, R32
    state = revealed(2, cards={0: "bohorg_5"})        # shows 2 tier I
    state["seats"][0]["reserve"]["1"] = 1
    state["units"]["1N"] = {"0": {"1": 6}}           # the rest (bohorg has 7 tier I) are on the board
    place_strongholds(state)
    while rounds.active_seats(state) != [0]:
        s = rounds.active_seats(state)[0]
        rounds.apply(state, s, rounds.legal_actions(state, s)[0])
    assert state["tactics"]["reinforce"]["pending"].get("1") == 1
    rounds.apply(state, 0, "place:1:H1")
    assert not any(a.startswith("place:1:") for a in rounds.legal_actions(state, 0))
    assert state["units"]["1N"]["0"]["1"] == 6      # nothing is moved from the board instead
    assert state["seats"][0]["reserve"]["1"] == 0


# --- phase 4 -----------------------------------------------------------------------------------

def test_t29_reinforcement_stone():  # T29, R80, R81, D5
    state = setup(2, {}, 6)
    state["phase"] = "stones"
    # 2S is a tier II stone and 1SE a tier I stone in the 2-player preset (10.2.7, D4)
    state["units"]["2S"] = {"1": {"1": 1}}
    state["units"]["1SE"] = {"0": {"3": 1}}
    rounds.stones(state)
    assert state["units"]["2S"]["1"] == {"1": 1, "2": 1}
    assert state["units"]["1SE"]["0"] == {"3": 1, "1": 1}
    assert state["seats"][1]["reserve"]["2"] == setup(2, {}, 6)["seats"][1]["reserve"]["2"] - 1
    assert state["phase"] == "second_action"


def test_stone_with_empty_reserve_or_shared_gives_nothing():  # D29, D9
    state = setup(2, {}, 6)
    state["units"]["2S"] = {"1": {"1": 1}}
    state["seats"][1]["reserve"]["2"] = 0
    state["units"]["1SE"] = {"0": {"1": 1}, "1": {"1": 1}}     # contested: nobody controls it
    rounds.stones(state)
    assert state["units"]["2S"]["1"] == {"1": 1}
    assert state["units"]["1SE"] == {"0": {"1": 1}, "1": {"1": 1}}


# --- victory points ----------------------------------------------------------------------------

def test_t31_city_vp_is_lost_legendary_vp_is_not():  # T31, R11, R12, D9
    state = setup(2, {}, 7)
    for city in ("1C", "2C"):
        state["elves"].pop(city)
        state["units"][city] = {"0": {"1": 1}}
    state["seats"][0]["legendary"] = ["some_legendary"]
    assert rounds.victory_points(state, 0) == 3
    state["units"]["2C"] = {"1": {"1": 2}}            # the city is taken
    assert rounds.victory_points(state, 0) == 2
    assert rounds.victory_points(state, 1) == 1
    rounds.update_victory_points(state)
    assert [s["vp"] for s in state["seats"]] == [2, 1]


def test_elves_in_a_city_give_no_vp():  # R11, D9
    state = setup(2, {}, 7)
    state["units"]["1C"] = {"0": {"1": 1}}            # elves still there: a battle would be due
    assert rounds.victory_points(state, 0) == 0
