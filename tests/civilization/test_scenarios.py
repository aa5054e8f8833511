"""The spec's worked examples about cities, trade, scouts, blockades and coins (section 9: T2, T5-T7,
T9, T25-T29, T34, T37, T38, T50, T54, T59) and the rules they illustrate, on hand-made maps
(tests/civilization/fixtures.py). Seat 0 plays Rome (Republic: no production bonus), seat 1 China."""
from __future__ import annotations

import pytest

from engine.base import IllegalAction
from engine.civilization import RULES, board, cities, combat, economy

from .fixtures import act, blank, city, field, figure, grid_with, ids

# The T25 city at C3: outskirts with 3 trade, 5 production, 0 culture, a silk and an incense icon.
T25 = {"B2": "F P2", "C2": "F P2", "D2": "M P1", "B3": "D T1 Silk", "D3": "D T1 Incense", "B4": "W T1",
       "C4": "G", "D4": "G"}


def t25(monkeypatch, extra=None, phase="city"):
    state = field(monkeypatch, grid_with({**T25, **(extra or {})}), phase=phase)
    capital = city(state, 0, "C3", capital=True)
    return state, capital




def test_t25_r24_r30_the_base_city(monkeypatch):
    state, c = t25(monkeypatch)
    icons = economy.city_icons(state, c)
    assert (icons["trade"], icons["production"], icons["culture"]) == (3, 5, 0)
    assert sorted(icons["resources"]) == ["incense", "silk"]
    legal = ids(state)
    assert {f"harvest:{c['id']}:silk", f"harvest:{c['id']}:incense", f"arts:{c['id']}"} <= set(legal)
    state["phase"] = "start"
    economy.collect_trade(state)
    assert state["seats"][0]["trade"] == 3


def test_t2_r24_two_cities_add_their_trade(monkeypatch):
    cells = {lbl: "D T1" for lbl in ("B2", "C2", "D2", "B3")}
    cells.update({lbl: "D T1" for lbl in ("E5", "F5", "G5", "E6", "G6", "E7", "F7", "G7")})
    state = field(monkeypatch, grid_with(cells), phase="start")
    city(state, 0, "C3", capital=True)
    city(state, 0, "F6")
    economy.collect_trade(state)
    assert state["seats"][0]["trade"] == 12


def test_t5_r32_r33_production_capacity_and_rushing(monkeypatch):
    state, c = t25(monkeypatch)
    legal = ids(state)
    assert any(i.startswith(f"produce:{c['id']}:army:") for i in legal)          # cost 4 <= 5
    assert not any(i.startswith(f"produce:{c['id']}:scout:") for i in legal)     # cost 6, no trade
    state["seats"][0]["trade"] = 3
    scout = next(i for i in ids(state) if i.startswith(f"produce:{c['id']}:scout:"))
    state = act(state, 0, scout)
    assert state["seats"][0]["trade"] == 0                                       # R33: 3 trade = 1 production


def test_r26_production_is_not_stored(monkeypatch):
    state, c = t25(monkeypatch)
    state = act(state, 0, f"arts:{c['id']}")
    assert cities.production(state, 0, c) == 5 and "production" not in state["seats"][0]


def test_t6_r7_r42_a_building_replaces_the_squares_icons(monkeypatch):
    state, c = t25(monkeypatch)
    state["seats"][0]["techs"].append({"id": "philosophy", "row": 1})
    state["seats"][0]["trade"] = 27
    state = act(state, 0, f"produce:{c['id']}:building:temple:B2")               # on a forest, 2 production
    y = board.yields(state, 1, 1)
    assert (y["production"], y["culture"]) == (0, 2)
    assert economy.city_icons(state, c)["production"] == 3


def test_t7_r41_a_market_bars_a_temple_in_the_same_city(monkeypatch):
    state, c = t25(monkeypatch)
    state["seats"][0]["techs"] += [{"id": "currency", "row": 1}, {"id": "philosophy", "row": 1}]
    state["buildings"]["C4"] = {"id": "market", "owner": 0}
    state["decks"]["buildings"]["market"] -= 1
    state["seats"][0]["trade"] = 27
    temples = [i for i in ids(state) if ":temple:" in i]
    assert temples == [f"produce:{c['id']}:building:temple:C4"]                  # only by replacing it (R48)
    with pytest.raises(IllegalAction):
        RULES.apply(state, 0, f"produce:{c['id']}:building:temple:D4")


def test_t9_r51_harvest_takes_one_token(monkeypatch):
    state, c = t25(monkeypatch, {"C4": "G Silk"})                               # two silk icons
    silk = state["decks"]["resources"]["silk"]
    state = act(state, 0, f"harvest:{c['id']}:silk")
    assert state["seats"][0]["resources"] == ["silk"] and state["decks"]["resources"]["silk"] == silk - 1


def test_r129_an_empty_market_supply_cannot_be_harvested(monkeypatch):
    state, c = t25(monkeypatch)
    state["decks"]["resources"]["silk"] = 0
    assert f"harvest:{c['id']}:silk" not in ids(state)


def gathering(state, scout, c):
    state["seats"][scout["owner"]].setdefault("gathering", {})[scout["id"]] = c["id"]


def test_t26_r94_a_scout_gathers_a_forest_for_the_city(monkeypatch):
    state, c = t25(monkeypatch, {"F3": "F P2"})
    scout = figure(state, 0, "scout", "F3")                                       # outside the outskirts
    gathering(state, scout, c)
    assert cities.production(state, 0, c) == 7


def test_t27_t28_more_scouts_bring_culture_and_resources(monkeypatch):
    state, c = t25(monkeypatch, {"F3": "F P2", "F5": "G C1"})
    for where in ("F3", "F5"):                       # a player has 2 scouts: T28 is played apart
        gathering(state, figure(state, 0, "scout", where), c)
    state = act(state, 0, f"arts:{c['id']}")
    assert state["seats"][0]["culture_tokens"] == 2                               # T27, R50
    state, c = t25(monkeypatch, {"F1": "G Wheat"})
    gathering(state, figure(state, 0, "scout", "F1"), c)
    assert {f"harvest:{c['id']}:{r}" for r in ("wheat", "silk", "incense")} <= set(ids(state))   # T28


def test_t29_r95_r98_an_enemy_scout_gathers_a_blockaded_square(monkeypatch):
    state, c = t25(monkeypatch)
    enemy_city = city(state, 1, "G7")
    before = economy.city_icons(state, enemy_city)["production"]
    scout = figure(state, 1, "scout", "B2")                                       # forest, 2 production
    gathering(state, scout, enemy_city)
    assert economy.city_icons(state, enemy_city)["production"] == before + 2
    assert economy.city_icons(state, c)["production"] == 3
    assert board.blockaded(state, 1, 1, 0)


def test_r95_r49_a_blockaded_square_gives_nothing_and_takes_no_new_marker(monkeypatch):
    state, c = t25(monkeypatch)
    figure(state, 1, "army", "B3")                                                # the silk desert
    icons = economy.city_icons(state, c)
    assert icons["trade"] == 2 and icons["resources"] == ["incense"]
    state["seats"][0]["techs"].append({"id": "code_of_laws", "row": 1})
    state["seats"][0]["trade"] = 27
    assert not any(i.endswith(":B3") for i in ids(state) if ":building:" in i or ":scout:" in i)


def test_r97_g20_an_army_built_onto_a_blockaded_square_fights_at_once(monkeypatch):
    state, c = t25(monkeypatch)
    figure(state, 1, "army", "C4")
    state = act(state, 0, f"produce:{c['id']}:army:C4")
    assert state["battle"] and state["battle"]["kind"] == "blockade"
    assert RULES.active_players(state) != {0} or state["battle"]["seats"]["attacker"] == 0


def test_t54_r99_r100_r101_coin_tokens_are_kept_map_coins_blockaded(monkeypatch):
    state, c = t25(monkeypatch, {"C4": "M P1 $1"})
    state["seats"][0]["coin_tokens"] = 2
    assert economy.coins(state, 0) == 3
    enemy = figure(state, 1, "army", "C4")
    assert economy.coins(state, 0) == 2
    state["figures"].remove(enemy)
    assert economy.coins(state, 0) == 3


def test_t59_r6_the_city_center_gives_nothing(monkeypatch):
    cells = {"C3": "F P2", "B2": "M P1", "C2": "M P1", "D2": "M P1"}
    state = field(monkeypatch, grid_with(cells))
    c = city(state, 0, "C3", capital=True)
    assert economy.city_icons(state, c)["production"] == 3


def test_t34_r8_a_harbor_is_still_water(monkeypatch):
    state = field(monkeypatch, grid_with({"D3": "W T1"}), phase="movement")
    city(state, 0, "A8", capital=True)
    army = figure(state, 0, "army", "C3")
    state["buildings"]["D3"] = {"id": "harbor", "owner": 0}
    assert not any(i.endswith(":D3") for i in ids(state) if i.startswith(f"move:{army['id']}:"))


def test_t37_r14_figures_step_off_a_new_city(monkeypatch):
    state = field(monkeypatch, blank(), phase="start")
    city(state, 0, "A1", capital=True)
    scout = figure(state, 0, "scout", "E5")
    army = figure(state, 0, "army", "E5")
    state = act(state, 0, f"found:{scout['id']}")
    moved = next(f for f in state["figures"] if f["id"] == army["id"])
    assert (moved["x"], moved["y"]) != (4, 4) and board.chebyshev((moved["x"], moved["y"]), (4, 4)) == 1
    assert state["seats"][0]["unbuilt"]["scout"] == 2                             # the scout is back on the sheet


def test_t38_r70_r71_a_hut_stops_an_army_and_bars_a_scout(monkeypatch):
    state = field(monkeypatch, blank(), phase="movement")
    state["seats"][0]["government"] = "despotism"          # under Republic scouts may take huts
    city(state, 0, "A8", capital=True)
    scout = figure(state, 0, "scout", "C3")
    army = figure(state, 0, "army", "C5")
    state["markers"]["D3"] = {"kind": "hut", "content": "iron"}
    assert not any(i.startswith(f"move:{scout['id']}:D3") for i in ids(state))
    assert f"move:{army['id']}:D3" not in ids(state)                             # 3 steps away
    state["markers"]["C4"] = state["markers"].pop("D3")
    assert f"move:{army['id']}:C3" not in ids(state)                             # the hut stops it first
    state = act(state, 0, f"move:{army['id']}:C4")
    assert state["seats"][0]["hidden_resources"] == ["iron"] and "C4" not in state["markers"]


def test_t50_r48_r60_a_displaced_great_person_returns_to_the_sheet(monkeypatch):
    state, c = t25(monkeypatch)
    state["great_people_at"]["C4"] = {"id": "scientist", "owner": 0}
    state["seats"][0]["techs"].append({"id": "writing", "row": 1})
    state["seats"][0]["trade"] = 27
    state = act(state, 0, f"produce:{c['id']}:building:library:C4")
    assert "C4" not in state["great_people_at"] and state["seats"][0]["great_people"] == ["scientist"]
    state["phase"], state["step_seat"] = "start", 0
    assert any(i.startswith("greatperson:scientist:") for i in ids(state))         # R60: placed again later


def test_r16_r121_a_destroyed_city_returns_its_marker_and_buildings(monkeypatch):
    state, c = t25(monkeypatch)
    other = city(state, 0, "F6")
    state["buildings"]["E5"] = {"id": "granary", "owner": 0}
    state["decks"]["buildings"]["granary"] -= 1
    markers = state["seats"][0]["unbuilt"]["city"]
    combat.destroy_city(state, other)
    assert state["seats"][0]["unbuilt"]["city"] == markers + 1
    assert "E5" not in state["buildings"] and state["decks"]["buildings"]["granary"] == 6


def test_r22_r23_government_benefits_while_current(monkeypatch):
    state, c = t25(monkeypatch)
    assert cities.production(state, 0, c) == 5                                    # Republic (Rome)
    state["seats"][0]["government"] = "despotism"                                 # house: +1 a city
    assert cities.production(state, 0, c) == 6
    state["seats"][0]["government"] = "fundamentalism"
    assert combat.hand_size(state, 0, []) == combat.hand_size({**state, "seats": [dict(state["seats"][0], government="republic")] + state["seats"][1:]}, 0, []) + 1


def test_r35_r130_scouts_do_not_fight_and_the_dial_stops_at_27(monkeypatch):
    state, c = t25(monkeypatch, phase="movement")
    scout = figure(state, 0, "scout", "D3")
    figure(state, 1, "army", "E3")
    assert not any(i.startswith(f"move:{scout['id']}:E3") for i in ids(state))   # R35, R74
    state["seats"][0]["trade"] = 27
    state["phase"] = "start"
    economy.collect_trade(state)
    assert state["seats"][0]["trade"] == 27


# ---------------------------------------------------------------- governments (R22, G3 house effects)

def test_r22_monarchy_gives_the_capital_a_second_action_of_another_kind(monkeypatch):
    state, c = t25(monkeypatch)
    state["seats"][0]["government"] = "monarchy"
    state = act(state, 0, f"arts:{c['id']}")
    legal = ids(state)
    assert f"harvest:{c['id']}:silk" in legal and f"arts:{c['id']}" not in legal
    state = act(state, 0, f"harvest:{c['id']}:silk")
    assert not any(i.split(":")[1:2] == [c["id"]] for i in ids(state) if ":" in i)


def test_r22_communism_produces_as_the_best_city(monkeypatch):
    cells = dict(T25)
    cells.update({lbl: "G" for lbl in ("E5", "F5", "G5", "E6", "G6", "E7", "F7", "G7")})
    state = field(monkeypatch, grid_with(cells))
    capital = city(state, 0, "C3", capital=True)
    small = city(state, 0, "F6")
    assert cities.production(state, 0, small) == 0
    state["seats"][0]["government"] = "communism"
    assert cities.production(state, 0, small) == cities.production(state, 0, capital) == 5


def test_r22_republic_lets_armies_found_cities_and_scouts_explore_huts(monkeypatch):
    """House (governments.json, listed by /civ rules): the seed bars scouts from huts and villages
    (「偵察隊公仔不能進入含有茅屋或村莊標誌物的格子」) and prints no Republic text; under Republic this
    version lets scouts explore huts, never villages, and armies found cities."""
    state = field(monkeypatch, blank(), phase="start")
    city(state, 0, "A1", capital=True)
    army = figure(state, 0, "army", "E5")
    assert state["seats"][0]["government"] == "republic"                      # Rome
    assert f"found:{army['id']}" in ids(state)
    state["seats"][0]["government"] = "despotism"
    assert f"found:{army['id']}" not in ids(state)
    state["seats"][0]["government"] = "republic"
    state["phase"] = "movement"
    scout = figure(state, 0, "scout", "C5")
    state["markers"]["C6"] = {"kind": "hut", "content": "silk"}
    state["markers"]["B5"] = {"kind": "village", "content": "iron"}
    assert f"move:{scout['id']}:B5" not in ids(state)                   # never a village
    state["seats"][0]["government"] = "despotism"
    assert f"move:{scout['id']}:C6" not in ids(state)                   # the seed's rule
    state["seats"][0]["government"] = "republic"
    state = act(state, 0, f"move:{scout['id']}:C6")
    assert state["seats"][0]["hidden_resources"] == ["silk"]


def test_r22_feudalism_harvests_once_at_the_start_of_the_turn(monkeypatch):
    state, c = t25(monkeypatch, phase="start")
    state["seats"][0]["government"] = "feudalism"
    choice = f"startharvest:{c['id']}:silk"
    assert choice in ids(state)
    state = act(state, 0, choice)
    assert state["seats"][0]["resources"] == ["silk"]
    assert not any(i.startswith("startharvest:") for i in ids(state))
    assert economy.government_coins(state, 0) == 1
