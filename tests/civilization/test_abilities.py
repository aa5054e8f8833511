"""Tech card abilities (resource abilities R61, R91, R117; other abilities and coin tasks R92; G26
Engineering; T17 Currency), the civilizations' special abilities, governments (R19-R23), great
people (R59, R109) and the market (R51, R129), on hand-made maps (tests/civilization/fixtures.py).
Seat 0 plays Rome (Republic) with its capital on C3, seat 1 China with its capital on G7."""
from __future__ import annotations

import pytest

from engine.base import IllegalAction
from engine.civilization import RULES, abilities, board, cities, combat, economy, flow, research

from .fixtures import act, city, field, figure, grid_with, ids, learn


def pos(monkeypatch, techs=(), phase="city", civs=("rome", "china"), cells=None):
    state = field(monkeypatch, grid_with(cells or {}), civs=civs, phase=phase)
    capital = city(state, 0, "C3", capital=True)
    city(state, 1, "G7", capital=True)
    for t in techs:
        learn(state, 0, t)
    return state, capital





def draw(state, unit_type):
    return combat.draw_unit(state, unit_type)


def battle(monkeypatch, att, dfn, techs=(), resources=()):
    """Seat 0 attacks seat 1's army on E4; each side's standing forces are exactly the given
    unit types (so the hands hold them all)."""
    state, _ = pos(monkeypatch, techs, phase="movement")
    for seat, types in ((0, att), (1, dfn)):
        area = state["seats"][seat]
        for card in area["standing_forces"]:
            combat.return_unit(state, card)
        area["standing_forces"] = [draw(state, t) for t in types]
    state["seats"][0]["resources"] = list(resources)
    figure(state, 1, "army", "E4")
    figure(state, 0, "army", "E4")
    combat.start_battle(state, 0, "E4", "figures")
    return state


def defender_opens(state):
    """The defender (seat 1) plays its first card on a new front."""
    card = state["battle"]["hands"]["defender"][0]
    return act(state, 1, f"play:{card}:new"), card


# ---------------------------------------------------------------- resource abilities (R61, R91)

def test_t17_r61_r91_currency_once_a_turn_then_chivalry_and_metal_casting(monkeypatch):
    state, _ = pos(monkeypatch, ("currency", "chivalry", "metal_casting"))
    area = state["seats"][0]
    area["resources"] = ["incense", "incense"]
    area["hidden_resources"] = ["incense"]
    market = state["decks"]["resources"]["incense"]
    state = act(state, 0, "ability:currency")
    assert state["seats"][0]["culture_tokens"] == 3
    assert state["decks"]["resources"]["incense"] == market + 1                 # R61: back to the market
    assert "ability:currency" not in ids(state)                                 # T17: once a turn
    state = act(state, 0, "ability:chivalry")                                   # T17: another card may
    assert state["seats"][0]["culture_tokens"] == 8
    state = act(state, 0, "ability:metal_casting")                              # paid with the hut marker
    assert state["seats"][0]["culture_tokens"] == 15
    assert state["seats"][0]["hidden_resources"] == [] and state["decks"]["resources"]["incense"] == market + 2
    with pytest.raises(IllegalAction):
        RULES.apply(state, 0, "ability:currency")


def test_r91_a_resource_ability_needs_its_resource_and_its_phase(monkeypatch):
    state, _ = pos(monkeypatch, ("currency",))
    assert not any(i.startswith("ability:currency") for i in ids(state))       # no incense
    state["seats"][0]["resources"] = ["incense"]
    state["phase"] = "movement"
    assert not any(i.startswith("ability:currency") for i in ids(state))       # City Management only


def test_animal_husbandry_construction_banking_add_production_this_turn(monkeypatch):
    state, c = pos(monkeypatch, ("animal_husbandry", "construction", "banking"))
    state["seats"][0]["resources"] = ["wheat", "wheat", "wheat"]
    base = cities.production(state, 0, c)
    state = act(state, 0, f"ability:animal_husbandry:{c['id']}")
    state = act(state, 0, f"ability:construction:{c['id']}")
    state = act(state, 0, f"ability:banking:{c['id']}")
    assert cities.production(state, 0, c) == base + 3 + 5 + 7
    flow._start_turn(state)                                                     # this turn only
    assert cities.production(state, 0, c) == base


def test_horseback_riding_gives_9_trade_and_6_to_a_chosen_player_in_the_start_step(monkeypatch):
    state, _ = pos(monkeypatch, ("horseback_riding",), phase="start")
    state["seats"][0]["resources"] = ["silk"]
    state = act(state, 0, "ability:horseback_riding:p1")
    assert (state["seats"][0]["trade"], state["seats"][1]["trade"]) == (9, 6)


def test_philosophy_pays_three_resources_for_a_random_great_person(monkeypatch):
    state, _ = pos(monkeypatch, ("philosophy",))
    state["seats"][0]["resources"] = ["silk", "silk", "iron"]
    supply = len(state["decks"]["great_people"])
    state = act(state, 0, "ability:philosophy")
    assert len(state["seats"][0]["great_people"]) == 1 and state["seats"][0]["resources"] == []
    assert len(state["decks"]["great_people"]) == supply - 1


def test_r93_monarchy_makes_an_ancient_wonder_obsolete_or_kills_a_unit(monkeypatch):
    state, _ = pos(monkeypatch, ("monarchy",))
    state["wonders_at"]["G6"] = {"id": "colossus", "owner": 1}
    state["wonders_at"]["F6"] = {"id": "himeji", "owner": 1}                    # medieval: not Monarchy's
    state["seats"][0]["resources"] = ["silk", "silk"]
    assert "ability:monarchy:wonder.F6" not in ids(state)
    forces = len(state["seats"][1]["standing_forces"])
    after = act(state, 0, "ability:monarchy:unit.1")
    assert len(after["seats"][1]["standing_forces"]) == forces - 1
    after = act(state, 0, "ability:monarchy:wonder.G6")
    assert after["wonders_at"]["G6"]["obsolete"] is True


def test_gunpowder_obsoletes_a_medieval_wonder_or_destroys_a_building(monkeypatch):
    state, _ = pos(monkeypatch, ("gunpowder",))
    state["wonders_at"]["F6"] = {"id": "himeji", "owner": 1}
    state["buildings"]["F7"] = {"id": "temple", "owner": 1}
    state["decks"]["buildings"]["temple"] -= 1
    stock = state["decks"]["buildings"]["temple"]
    state["seats"][0]["resources"] = ["silk", "iron"]
    after = act(state, 0, "ability:gunpowder:building.F7")
    assert "F7" not in after["buildings"] and after["decks"]["buildings"]["temple"] == stock + 1
    after = act(state, 0, "ability:gunpowder:wonder.F6")
    assert after["wonders_at"]["F6"]["obsolete"] is True


def test_communism_freezes_a_square_for_the_turn(monkeypatch):
    state, _ = pos(monkeypatch, ("communism",), phase="movement")
    figure(state, 1, "army", "E5")
    state["seats"][0]["hidden_resources"] = ["spy"]
    state = act(state, 0, "ability:communism:E5")
    assert "E5" in state["frozen_squares"]
    state["step_seat"] = 1
    assert not any(i.startswith("move:") for i in ids(state, 1))


def test_steam_power_ships_a_square_to_water_in_two_choices(monkeypatch):
    state, _ = pos(monkeypatch, ("steam_power",), cells={"H1": "W T1"})
    army = figure(state, 0, "army", "E4")
    state["seats"][0]["resources"] = ["silk"]
    state = act(state, 0, "ability:steam_power:E4")
    assert "ability:steam_power:E4:H1" in ids(state) and state["seats"][0]["resources"] == ["silk"]
    state = act(state, 0, "ability:steam_power:E4:H1")
    moved = next(f for f in state["figures"] if f["id"] == army["id"])
    assert board.label(moved["x"], moved["y"]) == "H1" and state["seats"][0]["resources"] == []
    assert research.water_rule(state, 0) == "end"                               # Steam Power's water rule
    state["phase"] = "movement"
    assert not any(i.startswith(f"move:{army['id']}") for i in ids(state))      # cannot move again


def test_atomic_theory_extra_city_actions_or_a_city_destroyed(monkeypatch):
    state, c = pos(monkeypatch, ("atomic_theory",), cells={"B2": "D T1 Silk"})
    state["seats"][0]["hidden_resources"] = ["uranium", "uranium"]
    state = act(state, 0, f"arts:{c['id']}")
    state = act(state, 0, "ability:atomic_theory:actions")
    assert f"harvest:{c['id']}:silk" in ids(state)
    other = city(state, 1, "G3")
    state["buildings"]["G4"] = {"id": "temple", "owner": 1}
    figure(state, 1, "army", "H4")
    state["phase"] = "movement"
    state["seats"][0]["used_this_turn"] = []
    state = act(state, 0, "ability:atomic_theory:destroy.G3")
    assert other["id"] not in [x["id"] for x in state["cities"]]
    assert "G4" not in state["buildings"] and not [f for f in state["figures"] if f["owner"] == 1]


# ---------------------------------------------------------------- battle abilities (R117)

def test_r117_metalworking_makes_the_next_unit_played_stronger(monkeypatch):
    state = battle(monkeypatch, ["infantry"], ["infantry", "infantry"], ("metalworking",), ["iron"])
    state, _ = defender_opens(state)
    card = state["battle"]["hands"]["attacker"][0]
    base = combat.strength(card, 1)
    state = act(state, 0, "ability:metalworking")
    assert state["seats"][0]["resources"] == []
    state = act(state, 0, f"play:{card}:new")
    assert combat._strength(state["battle"], "attacker", card) == base + 3


def test_r117_mathematics_and_ballistics_wound_enemy_units(monkeypatch):
    state = battle(monkeypatch, ["infantry", "infantry"], ["mounted", "mounted"], ("mathematics", "ballistics"),
                   ["iron", "iron"])
    state, card = defender_opens(state)
    state = act(state, 0, "ability:mathematics:0")
    front = state["battle"]["fronts"][0]
    assert front.get("defender", {}).get("wounds", 0) == min(3, combat.strength(card, 1)) or "defender" not in front
    state = act(state, 0, "ability:ballistics:0") if "ability:ballistics:0" in ids(state) else state
    assert "defender" not in state["battle"]["fronts"][0]                       # 9 wounds kill any unit
    assert card in state["battle"]["destroyed"]["defender"]


def test_animal_husbandry_and_biology_remove_wounds_once_per_battle(monkeypatch):
    state = battle(monkeypatch, ["infantry", "infantry", "infantry"], ["infantry", "infantry"],
                   ("animal_husbandry", "biology"))
    state, _ = defender_opens(state)
    state["battle"]["fronts"].append({"attacker": {"card": state["battle"]["hands"]["attacker"].pop(), "wounds": 2}})
    state["battle"]["fronts"].append({"attacker": {"card": state["battle"]["hands"]["attacker"].pop(), "wounds": 2}})
    state = act(state, 0, "ability:animal_husbandry")
    assert sorted(f["attacker"]["wounds"] for f in state["battle"]["fronts"][1:]) == [0, 1]
    assert "ability:animal_husbandry" not in ids(state)
    state = act(state, 0, "ability:biology")
    assert all(f["attacker"]["wounds"] == 0 for f in state["battle"]["fronts"][1:])


# ---------------------------------------------------------------- coin tasks (R92, R101, R103)

def test_r92_pottery_democracy_printing_press_coin_tasks(monkeypatch):
    state, _ = pos(monkeypatch, ("pottery", "democracy", "printing_press"))
    area = state["seats"][0]
    area.update(resources=["silk", "wheat"], trade=6, culture_tokens=5)
    before = economy.coins(state, 0)
    for tech in ("pottery", "democracy", "printing_press"):
        state = act(state, 0, f"ability:{tech}")
        assert f"ability:{tech}" not in ids(state)                             # once a turn
    area = state["seats"][0]
    assert area["card_coins"] == {"pottery": 1, "democracy": 1, "printing_press": 1}
    assert (area["resources"], area["trade"], area["culture_tokens"]) == ([], 0, 0)
    assert economy.coins(state, 0) == before + 3
    area["card_coins"]["pottery"] = 4
    area["resources"] = ["silk", "wheat"]
    area["used_this_turn"] = []
    assert "ability:pottery" not in ids(state)                                  # the card is full (4)


def test_r103_a_coin_task_token_can_win_the_economic_victory(monkeypatch):
    state, _ = pos(monkeypatch, ("democracy",))
    state["seats"][0]["trade"] = 6
    state["seats"][0]["coin_tokens"] = 14 - economy.coins(state, 0) + state["seats"][0]["coin_tokens"]
    assert economy.coins(state, 0) == 14
    state = act(state, 0, "ability:democracy")
    assert state["result"] and state["result"]["winners"] == [0]


def test_code_of_laws_puts_a_coin_on_the_card_after_a_battle_won(monkeypatch):
    state, _ = pos(monkeypatch, phase="movement")                               # Rome starts with code_of_laws
    figure(state, 1, "scout", "E4")
    figure(state, 0, "army", "E3")
    state = act(state, 0, "move:army0_0:E4")                                    # lone scouts: a battle won (R75)
    assert state["seats"][0]["card_coins"] == {"code_of_laws": 1}


def test_loot_takes_a_coin_token_from_a_tech_card():
    state = {"seats": [{"coin_tokens": 0, "card_coins": {"pottery": 2, "democracy": 1}}]}
    assert combat.coin_count(state["seats"][0]) == 3
    combat._lose_coin(state["seats"][0])
    assert state["seats"][0]["card_coins"] == {"pottery": 1, "democracy": 1}


# ---------------------------------------------------------------- other abilities (R92)

def test_g26_engineering_splits_one_citys_production_between_two_items(monkeypatch):
    cells = {p: "F P2" for p in ("B2", "C2", "D2", "B3", "D3", "B4", "C4", "D4")}   # 16 production
    state, c = pos(monkeypatch, ("engineering",), cells=cells)
    state["seats"][0]["trade"] = 0
    assert cities.production(state, 0, c) == 16
    state = act(state, 0, f"ability:engineering:{c['id']}")
    assert f"arts:{c['id']}" not in ids(state)                                  # the split city only produces
    state = act(state, 0, f"produce:{c['id']}:scout:B2")                        # 6 of 16
    assert cities.production(state, 0, c) == 10
    state = act(state, 0, f"produce:{c['id']}:army:B3")                         # 4 more
    assert [f["kind"] for f in state["figures"] if f["owner"] == 0] == ["scout", "army"]
    assert c["id"] not in [x["id"] for x in cities.acting_cities(state, 0)]


def test_military_science_adds_production_per_3_coins(monkeypatch):
    state, c = pos(monkeypatch, ("military_science",))
    base = cities.production(state, 0, c) - economy.coins(state, 0) // 3
    state["seats"][0]["coin_tokens"] = 6
    assert cities.production(state, 0, c) == base + economy.coins(state, 0) // 3


def test_computers_battle_hand_and_culture_hand_per_5_coins(monkeypatch):
    state, _ = pos(monkeypatch, ("computers",))
    state["seats"][0]["coin_tokens"] = 10 - economy.coins(state, 0)
    army = figure(state, 0, "army", "E4")
    assert combat.hand_size(state, 0, [army]) == 3 + 2
    assert research.culture_hand_limit(state, 0, economy.coins(state, 0)) == 2 + 2


def test_combustion_removes_walls_and_destroys_a_building_ended_on(monkeypatch):
    state, _ = pos(monkeypatch, ("combustion",), phase="movement")
    state["buildings"]["F6"] = {"id": "temple", "owner": 1}
    figure(state, 0, "army", "F4")
    state = act(state, 0, "move:army0_0:F6")
    assert "F6" not in state["buildings"]
    walled = next(x for x in state["cities"] if x["owner"] == 1)
    walled["walled"] = True
    attacker = figure(state, 0, "army", "G6")
    attacker["x"], attacker["y"] = board.parse_label("G7")                     # entering the city center
    combat.start_battle(state, 0, "G7", "city", [attacker["id"]])
    assert walled["walled"] is False and state["battle"]["walled"] is False


def test_flight_passes_over_enemy_figures(monkeypatch):
    state, _ = pos(monkeypatch, phase="movement")
    figure(state, 1, "army", "E5")
    figure(state, 0, "army", "E4")
    assert "E6" not in board.moves(state, 0, "E4", 2, "none", 2, ["army0_0"])
    learn(state, 0, "flight")
    assert research.travel_speed(state, 0) == 6
    ends = board.moves(state, 0, "E4", 2, "none", 2, ["army0_0"])
    assert "E6" in ends and ends["E5"]["stop"] == "battle"


def test_r92_characteristics_card_by_card(monkeypatch):
    state, _ = pos(monkeypatch)
    cases = [("horseback_riding", research.travel_speed, 3), ("sailing", research.travel_speed, 4),
             ("steam_power", research.travel_speed, 5), ("flight", research.travel_speed, 6),
             ("masonry", research.stacking_limit, 3), ("printing_press", research.stacking_limit, 4),
             ("biology", research.stacking_limit, 5), ("replaceable_parts", research.stacking_limit, 6),
             ("irrigation", research.city_limit, 3)]
    for tech, stat, value in cases:
        state["seats"][0]["techs"] = []
        state["seats"][0]["civ"] = "china"
        learn(state, 0, tech)
        assert stat(state, 0) == value, tech
    state["seats"][0]["techs"] = []
    for tech in ("pottery", "theology"):
        learn(state, 0, tech)
    assert research.culture_hand_limit(state, 0) == 4
    state["seats"][0]["techs"] = [{"id": "navigation", "row": 1}]
    assert research.water_rule(state, 0) == "cross"
    state["seats"][0]["techs"] = [{"id": "sailing", "row": 1}]
    assert research.water_rule(state, 0) == "end"


def test_railroad_and_computers_coins_count(monkeypatch):
    state, _ = pos(monkeypatch)
    before = economy.coins(state, 0)
    learn(state, 0, "railroad")
    learn(state, 0, "computers")
    assert economy.coins(state, 0) == before + 2


def test_space_flight_wins_at_once(monkeypatch):
    state, _ = pos(monkeypatch)
    research.learn_at(state, 0, "space_flight", 5)
    assert state["result"]["winners"] == [0]


def test_r45_every_wonder_discount(monkeypatch):
    state, _ = pos(monkeypatch)
    discounts = {"animal_husbandry": ("hanging_gardens", 10), "code_of_laws": ("oracle", 10),
                 "currency": ("chichen_itza", 10), "masonry": ("great_wall", 10),
                 "metalworking": ("colossus", 10), "pottery": ("pyramids", 10), "chivalry": ("taj_mahal", 15),
                 "construction": ("porcelain_tower", 15), "engineering": ("panama_canal", 20),
                 "monarchy": ("himeji", 15), "printing_press": ("louvre", 15), "banking": ("big_ben", 20),
                 "communism": ("kremlin", 20), "metal_casting": ("statue_of_liberty", 20),
                 "theology": ("angkor_wat", 10), "mass_media": ("cristo_redentor", 15)}
    wonders = cities.data.by_id("wonders")
    absent = {w for w, _ in discounts.values() if w not in wonders}
    assert absent == {"oracle", "great_wall", "pyramids", "taj_mahal", "cristo_redentor"}   # not in wonders.json
    for tech, (wonder, cost) in discounts.items():
        assert cities.data.by_id("techs")[tech]["wonder_discount"] == {"wonder": wonder, "cost": cost}
        if wonder in absent:
            continue
        state["seats"][0]["techs"] = []
        before = cities.wonder_cost(state, 0, wonder)
        learn(state, 0, tech)
        assert (before, cities.wonder_cost(state, 0, wonder)) == (wonders[wonder]["cost"], cost), tech


# ---------------------------------------------------------------- civilizations

def test_america_rushes_2_production_for_3_trade(monkeypatch):
    state, c = pos(monkeypatch, civs=("america", "china"))
    prod = cities.production(state, 0, c)
    assert cities.rush_needed(state, 0, c, prod + 4) is None
    state["seats"][0]["trade"] = 6
    assert cities.rush_needed(state, 0, c, prod + 4) == 6                      # not 12
    assert cities.rush_needed(state, 0, c, prod + 3) == 6


def test_china_gains_culture_from_huts_and_villages_and_returns_a_killed_unit(monkeypatch):
    state, _ = pos(monkeypatch, civs=("china", "rome"), phase="movement")
    state["markers"]["E4"] = {"kind": "hut", "content": "silk"}
    figure(state, 0, "army", "E3")
    state = act(state, 0, "move:army0_0:E4")
    assert state["seats"][0]["culture_tokens"] == 3
    state["battle"] = {"kind": "figures", "barbarian": False, "seats": {"attacker": 0, "defender": 1},
                       "destroyed": {"attacker": [], "defender": []}, "capital": False}
    card = draw(state, "infantry")
    combat.return_unit(state, card)
    state["battle"]["destroyed"]["attacker"].append(card)
    abilities.after_battle(state, state["battle"], {"winner": 1, "winner_side": "defender", "kind": "figures"})
    assert card in state["seats"][0]["standing_forces"]
    assert card not in state["decks"]["units"]["infantry"]["up"]
    abilities.after_battle(state, dict(state["battle"], kind="village", barbarian=True,
                                       destroyed={"attacker": [], "defender": []}),
                           {"winner": 0, "winner_side": "attacker", "kind": "village"})
    assert state["seats"][0]["culture_tokens"] == 6


def test_egypt_builds_a_building_free_with_a_city_action(monkeypatch):
    state, c = pos(monkeypatch, ("philosophy",), civs=("egypt", "china"))
    trade = state["seats"][0]["trade"]
    state = act(state, 0, f"ability:egypt:{c['id']}")
    state = act(state, 0, f"ability:egypt:{c['id']}:temple:B2")
    assert state["buildings"]["B2"] == {"id": "temple", "owner": 0} and state["seats"][0]["trade"] == trade
    assert c["id"] not in [x["id"] for x in cities.acting_cities(state, 0)]
    assert not any(i.startswith("ability:egypt") for i in ids(state))


def test_germany_gets_a_free_unit_and_a_market_resource_for_a_unit_tech(monkeypatch):
    state, _ = pos(monkeypatch, civs=("germany", "china"), phase="start")
    forces = len(state["seats"][0]["standing_forces"])
    research.learn_at(state, 0, "chivalry", 2)                                 # mounted rank 2
    assert len(state["seats"][0]["standing_forces"]) == forces + 1
    silk = state["decks"]["resources"]["silk"]
    state = act(state, 0, "ability:germany:silk")
    assert state["seats"][0]["resources"] == ["silk"] and state["decks"]["resources"]["silk"] == silk - 1
    assert not any(i.startswith("ability:germany") for i in ids(state))


def test_rome_advances_on_the_culture_track_when_it_founds_a_city(monkeypatch):
    state, _ = pos(monkeypatch, phase="start")
    state["cities"] = [x for x in state["cities"] if x["owner"] != 0]
    state["seats"][0]["unbuilt"]["city"] += 1
    city(state, 0, "B2", capital=True)
    scout = figure(state, 0, "scout", "F3")
    assert board.found_problem(state, 0, scout["x"], scout["y"]) is None
    state = act(state, 0, f"found:{scout['id']}")
    assert state["seats"][0]["culture_level"] == 1


def test_russia_sacrifices_a_figure_in_an_enemy_city_to_learn_a_tech(monkeypatch):
    state, _ = pos(monkeypatch, civs=("russia", "china"), phase="movement")
    assert research.stacking_limit(state, 0) == 3                               # Russia +1
    figure(state, 0, "scout", "G6")
    state = act(state, 0, "ability:russia:scout0_0:G7")
    state = act(state, 0, "ability:russia:scout0_0:G7:writing")
    assert research.knows(state, 0, "writing")
    assert not [f for f in state["figures"] if f["owner"] == 0]
    assert not any(i.startswith("ability:russia") for i in ids(state))          # once a turn


def test_russia_s_second_step_is_gone_when_the_figure_dies_between_the_steps(monkeypatch):
    state, _ = pos(monkeypatch, civs=("russia", "china"), phase="movement")
    scout = figure(state, 0, "scout", "G6")
    state = act(state, 0, "ability:russia:scout0_0:G7")
    state["figures"].remove(scout)                         # killed by a culture event meanwhile
    assert [i for i in ids(state) if i.startswith("ability:")] == ["ability:back"]
    state = act(state, 0, "ability:back")
    assert "done" in ids(state)


# ---------------------------------------------------------------- governments (R19-R23)

def test_r19_r20_r21_changing_government_costs_anarchy_unless_just_unlocked(monkeypatch):
    state, c = pos(monkeypatch, phase="start")
    assert cities.government_options(state, 0) == ["government:anarchy"]       # R20: only Anarchy
    learn(state, 0, "pottery")
    learn(state, 0, "currency")
    research.learn_free(state, 0, "monarchy")
    assert "government:monarchy" in cities.government_options(state, 0)        # R19: just unlocked
    flow._end_step(state, 0)
    assert cities.government_options(state, 0) == ["government:anarchy"]       # R19: the one chance
    cities.change_government(state, 0, "anarchy")
    assert cities.actions_allowed(state, 0, c) == 0                             # R21: anarchy idle capital
    assert "government:monarchy" not in cities.government_options(state, 0)     # R20: next turn only
    state["turn"] += 1
    assert {"government:monarchy", "government:despotism"} <= set(cities.government_options(state, 0))


def test_government_effects_card_by_card(monkeypatch):
    state, c = pos(monkeypatch)
    area = state["seats"][0]
    army = figure(state, 0, "army", "E4")
    own = economy.city_icons(state, c)["production"]
    area["government"] = "despotism"
    assert cities.production(state, 0, c) == own + 1
    site = next((x, y) for y in range(8) for x in range(8) if board.found_problem(state, 0, x, y) is None)
    army["x"], army["y"] = site
    assert "found:army0_0" not in cities.found_options(state, 0)
    area["government"] = "republic"
    assert "found:army0_0" in cities.found_options(state, 0)                   # armies found cities
    area["government"] = "monarchy"
    assert cities.actions_allowed(state, 0, c) == 2
    area["government"] = "democracy"
    assert economy.government_coins(state, 0) == 1
    area["government"] = "feudalism"
    assert economy.government_coins(state, 0) == 1
    for gov in ("communism", "fundamentalism"):
        area["government"] = gov
        assert combat.hand_size(state, 0, [army]) == 4, gov


def test_democracy_government_adds_trade_each_turn_and_feudalism_harvests(monkeypatch):
    state, c = pos(monkeypatch, phase="start", cells={"B2": "G Silk"})
    state["seats"][0]["government"] = "democracy"
    flow._start_turn(state)
    assert state["seats"][0]["trade"] == 2
    state["step_seat"] = 0
    state["seats"][0]["government"] = "feudalism"
    state = act(state, 0, f"startharvest:{c['id']}:silk")
    assert state["seats"][0]["resources"] == ["silk"]


# ---------------------------------------------------------------- great people (R59, R109)

def test_r59_every_great_person_gives_its_icons_and_the_general_a_bonus(monkeypatch):
    state, c = pos(monkeypatch)
    expected = {"artist": (1, 0, 2, 0), "builder": (0, 2, 0, 1), "general": (0, 0, 0, 0),
                "humanitarian": (1, 1, 1, 1), "merchant": (0, 0, 2, 1), "scientist": (2, 1, 0, 0)}
    for kind, icons in expected.items():
        state["great_people_at"] = {"B2": {"id": kind, "owner": 0}}
        y = board.yields(state, 1, 1)
        assert (y["trade"], y["production"], y["culture"], y["coin"]) == icons, kind
        assert combat.side_bonus(state, 0) == (4 if kind == "general" else 0)


# ---------------------------------------------------------------- the market (R51, R129)

def test_r129_unit_and_building_supplies_limit_production(monkeypatch):
    state, c = pos(monkeypatch, ("philosophy",))
    state["seats"][0]["trade"] = 27
    assert f"produce:{c['id']}:unit:infantry" in ids(state)
    assert any(i.startswith(f"produce:{c['id']}:building:temple") for i in ids(state))
    state["decks"]["units"]["infantry"] = {"down": [], "up": []}
    state["decks"]["buildings"]["temple"] = 0
    assert f"produce:{c['id']}:unit:infantry" not in ids(state)
    assert not any(i.startswith(f"produce:{c['id']}:building:temple") for i in ids(state))


def test_r61_r129_germany_cannot_take_an_empty_market_resource(monkeypatch):
    state, _ = pos(monkeypatch, civs=("germany", "china"), phase="start")
    state["seats"][0]["market_picks"] = 1
    state["decks"]["resources"]["iron"] = 0
    assert "ability:germany:iron" not in ids(state) and "ability:germany:wheat" in ids(state)


def test_ability_ids_have_readable_paths(monkeypatch):
    from engine.civilization import paths
    state, _ = pos(monkeypatch, ("horseback_riding",), phase="start")
    state["seats"][0]["resources"] = ["silk"]
    action = paths.action(state, 0, "ability:horseback_riding:p1")
    assert [c.value for c in action.path] == ["ability", "horseback_riding", "p1"]
    assert "p1" not in str(action.path[2].label)


def test_rome_advances_for_a_wonder_built_and_a_village_or_city_conquered(monkeypatch):
    state, c = pos(monkeypatch, cells={p: "F P3" for p in ("B2", "C2", "D2", "B3", "D3")})
    state = act(state, 0, f"produce:{c['id']}:wonder:stonehenge:B4")
    assert state["seats"][0]["culture_level"] == 1                              # rome: a wonder built
    for kind, capital in (("village", False), ("city", False), ("city", True)):
        abilities.after_battle(state, {"kind": kind, "barbarian": kind == "village", "capital": capital,
                                       "seats": {"attacker": 0, "defender": 1},
                                       "destroyed": {"attacker": [], "defender": []}},
                               {"winner": 0, "winner_side": "attacker", "kind": kind})
    assert state["seats"][0]["culture_level"] == 3                              # not for a capital (the game ends)
