"""Techs and research (spec R80-R90; R11, R17-R19, R39, R43, R58, R63, R65, R66 as techs change
them; G14, G15, G25; scenarios T3, T8, T12-T16, T24, T32, T33, T36, T45, T47, T48, T53, T57) and
the tech data (appendix G2 and its derived progressions)."""
from __future__ import annotations

import copy

import pytest

from engine.base import IllegalAction
from engine.civilization import data, research

LEVEL_I = ["animal_husbandry", "code_of_laws", "currency", "horseback_riding", "masonry", "metalworking",
           "navigation", "philosophy", "pottery", "writing"]
LEVEL_II = ["chivalry", "civil_service", "construction", "democracy", "engineering", "irrigation",
            "mathematics", "monarchy", "printing_press", "sailing"]
LEVEL_III = ["banking", "biology", "communism", "gunpowder", "metal_casting", "military_science", "railroad",
             "steam_power", "theology"]
LEVEL_IV = ["atomic_theory", "ballistics", "combustion", "computers", "flight", "mass_media", "replaceable_parts"]


def seat(civ: str = "america", techs=(), trade: int = 0, ranks: dict | None = None) -> dict:
    """A civ sheet; `techs` holds ids (row = level) or (id, row) pairs."""
    placed = [{"id": t, "row": research.level(t)} if isinstance(t, str) else {"id": t[0], "row": t[1]}
              for t in techs]
    return {"civ": civ, "government": "despotism", "trade": trade, "coin_tokens": 0, "culture_tokens": 0,
            "culture_level": 0, "resources": [], "hidden_resources": [], "techs": placed,
            "standing_forces": [], "culture_hand": [], "great_people": [], "wonders": [],
            "unbuilt": {"army": 5, "scout": 1, "city": 1},
            "ranks": dict(ranks or {"artillery": 1, "infantry": 1, "mounted": 1, "aircraft": 0})}


def game(*seats_, first: int = 0, phase: str = "research") -> dict:
    return {"seats": list(seats_), "first": first, "phase": phase, "turn": 3, "result": None,
            "research": None, "buildings": {}, "rng": {"seed": 1, "n": 0}}


def pyramid(i: int = 5, ii: int = 4, iii: int = 3, iv: int = 2) -> list[str]:
    return LEVEL_I[:i] + LEVEL_II[:ii] + LEVEL_III[:iii] + LEVEL_IV[:iv]


def run(state: dict, picks: dict[int, str], coins: dict[int, int] | None = None) -> list:
    research.begin(state)
    for s, tech_id in picks.items():
        research.pick(state, s, "research:" + tech_id)
    return research.reveal(state, coins or {})


# --- data ----------------------------------------------------------------------------------------

def test_g2_tech_data_36_per_deck_plus_space_flight():
    data.validate()
    techs = data.collection("techs")
    by_level = {lv: sorted(t["id"] for t in techs if t["level"] == lv) for lv in range(1, 6)}
    assert by_level == {1: sorted(LEVEL_I), 2: sorted(LEVEL_II), 3: sorted(LEVEL_III), 4: sorted(LEVEL_IV),
                        5: ["space_flight"]}
    for t in techs:
        assert set(t["unlocks"]["buildings"]) <= set(research.BUILDINGS), t["id"]
        assert set(t["unlocks"]["governments"]) <= set(research.GOVERNMENTS), t["id"]
        assert set(t["unlocks"]["units"]) <= set(research.UNIT_TYPES), t["id"]
        assert set(t["stats"]) <= {"travel_speed", "stacking_limit", "city_limit", "culture_hand"}, t["id"]
        assert t["water"] in (None, "cross", "end")
        assert t["coin_task"] is None or t["coin_task"]["cap"] == 4
    # every building and government but the start ones is unlocked by exactly one tech
    unlocked = [b for t in techs for b in t["unlocks"]["buildings"]]
    assert sorted(unlocked) == sorted(research.BUILDINGS)
    govs = [g for t in techs for g in t["unlocks"]["governments"]]
    assert sorted(govs) == sorted(set(research.GOVERNMENTS) - {"anarchy", "despotism"})


def test_g2_errata_coins_and_coin_tasks():  # R101, G35
    coins = {t["id"]: t["coin"] for t in data.collection("techs") if t["coin"]}
    assert coins == {"railroad": 1, "civil_service": 1, "computers": 1}        # Metal Casting none
    tasks = sorted(t["id"] for t in data.collection("techs") if t["coin_task"])
    assert tasks == ["code_of_laws", "democracy", "pottery", "printing_press"]
    state = game(seat(techs=["metalworking", "code_of_laws", "pottery", "civil_service", "railroad",
                             "metal_casting"]))
    assert research.tech_coins(state, 0) == 2


def test_t8_colossus_discount_is_on_metalworking():  # T8, R45
    assert research.tech("metalworking")["wonder_discount"] == {"wonder": "colossus", "cost": 10}


def test_r91_currency_resource_ability_data():  # R91 (used in stage 2)
    assert research.tech("currency")["resource_ability"]["cost"] == {"incense": 1}
    assert research.tech("currency")["resource_ability"]["phase"] == "city"


# --- derived progressions ------------------------------------------------------------------------

def test_r63_travel_speed_progression():  # R63, spec 2.15
    for techs, speed in (([], 2), (["horseback_riding"], 3), (["horseback_riding", "sailing"], 4),
                         (pyramid(3, 2, 0, 0) + ["steam_power"], 5), (["flight", "horseback_riding"], 6)):
        assert research.travel_speed(game(seat(techs=techs)), 0) == speed


def test_r65_stacking_limit_progression_and_russia():  # R65, appendix G1
    for techs, limit in (([], 2), (["masonry"], 3), (["masonry", "printing_press"], 4), (["biology"], 5),
                         (["replaceable_parts", "masonry"], 6)):
        assert research.stacking_limit(game(seat(techs=techs)), 0) == limit
    russia = game(seat(civ="russia", techs=[("communism", 1)]))
    assert research.stacking_limit(russia, 0) == 3
    russia["seats"][0]["techs"].append({"id": "masonry", "row": 1})
    assert research.stacking_limit(russia, 0) == 4
    assert research.stacking_limit(russia, 0, bonus=0) == 3


def test_r58_culture_hand_limit_progression():  # R58, appendix G2
    assert research.culture_hand_limit(game(seat()), 0) == 2
    assert research.culture_hand_limit(game(seat(techs=["pottery"])), 0) == 3
    assert research.culture_hand_limit(game(seat(techs=["pottery", "civil_service", "theology"])), 0) == 5
    state = game(seat(techs=["computers"]))
    assert research.culture_hand_limit(state, 0, coins=4) == 2
    assert research.culture_hand_limit(state, 0, coins=10) == 4


def test_r11_city_limit_irrigation():  # R11
    assert research.city_limit(game(seat()), 0) == 2
    assert research.city_limit(game(seat(techs=["irrigation"])), 0) == 3


def test_t48_r66_water_rule_navigation_versus_sailing():  # T48, R66
    assert research.water_rule(game(seat()), 0) == "none"
    assert research.water_rule(game(seat(techs=["navigation"])), 0) == "cross"
    assert research.water_rule(game(seat(techs=["navigation", "sailing"])), 0) == "end"
    for tech_id in ("steam_power", "flight"):
        assert research.water_rule(game(seat(techs=[tech_id])), 0) == "end"


def test_r39_r43_known_buildings_and_upgrades():  # R39, R43, R90, T16 follow-up
    state = game(seat(techs=["pottery", "masonry", "writing"]))
    assert research.known_buildings(state, 0) == ["library", "granary", "city_walls"]
    state["seats"][0]["techs"].append({"id": "engineering", "row": 2})
    assert research.known_buildings(state, 0) == ["library", "aqueduct", "city_walls"]
    # an upgrade needs no base tech
    assert research.known_buildings(game(seat(techs=["engineering"])), 0) == ["aqueduct"]
    assert research.known_buildings(game(seat()), 0) == []


def test_r17_t36_start_governments():  # R17, R18, T36
    assert research.unlocked_governments(game(seat()), 0) == ["anarchy", "despotism"]
    assert research.unlocked_governments(game(seat(civ="rome")), 0) == ["anarchy", "despotism", "republic"]
    assert research.unlocked_governments(game(seat(civ="russia")), 0) == ["anarchy", "despotism", "communism"]
    assert "monarchy" in research.unlocked_governments(game(seat(techs=["monarchy"])), 0)


def test_r36_aircraft_need_flight():  # R36, R88, R116
    state = game(seat())
    assert all(research.can_produce_unit(state, 0, t) for t in ("artillery", "infantry", "mounted"))
    assert not research.can_produce_unit(state, 0, "aircraft")
    assert research.can_produce_unit(game(seat(techs=["flight"])), 0, "aircraft")
    assert research.unit_cost(state, 0, "aircraft") == 12


# --- thresholds and payment ----------------------------------------------------------------------

def test_r82_thresholds():  # R82
    assert [research.threshold(lv) for lv in range(1, 6)] == [6, 11, 16, 21, 26]


def test_t3_r82_trade_3_plus_3_reaches_level_i():  # T3, R25, R82
    state = game(seat(trade=3))
    research.begin(state)
    assert research.legal_picks(state, 0) == ["research:none"]
    state["seats"][0]["trade"] += 3          # the dial at 3 gains 3: "I"
    research.begin(state)
    picks = research.legal_picks(state, 0)
    assert "research:pottery" in picks and "research:sailing" not in picks


def test_t12_r83_research_spends_all_trade():  # T12, R83
    state = game(seat(techs=LEVEL_I[:2], trade=18))
    run(state, {0: "sailing"}, {0: 0})
    assert research.knows(state, 0, "sailing")
    assert state["seats"][0]["trade"] == 0


def test_t13_r83_coins_keep_trade():  # T13, R83
    state = game(seat(techs=LEVEL_I[:2], trade=18))
    run(state, {0: "sailing"}, {0: 4})
    assert state["seats"][0]["trade"] == 4


def test_t24_r102_coins_protect_only_research_trade():  # T24, R102
    state = game(seat(trade=12))
    run(state, {0: "pottery"}, {0: 5})
    assert state["seats"][0]["trade"] == 5
    assert research.trade_after_research(8, 10) == 8       # coins never add trade (R83)


# --- the pyramid ---------------------------------------------------------------------------------

def test_r84_level_ii_sits_on_two_level_i():  # R84
    state = game(seat(techs=["pottery"]))
    assert research.fits(state, 0, "writing") == 1
    assert research.fits(state, 0, "sailing") is None
    state["seats"][0]["techs"].append({"id": "writing", "row": 1})
    assert research.fits(state, 0, "sailing") == 2
    state["seats"][0]["techs"].append({"id": "sailing", "row": 2})
    assert research.fits(state, 0, "irrigation") is None        # 2 level II need 3 level I
    assert research.fits(state, 0, "banking") is None           # a level III needs 2 level II
    assert research.fits(state, 0, "pottery") is None           # already known


def test_r84_t32_space_flight_needs_15_techs():  # R84, T32, R87
    state = game(seat(techs=pyramid(), trade=26))
    assert len(pyramid()) + 1 == 15
    assert research.fits(state, 0, "space_flight") == 5
    research.begin(state)
    assert "research:space_flight" in research.legal_picks(state, 0)
    short = game(seat(techs=pyramid(iv=1), trade=27))
    assert research.fits(short, 0, "space_flight") is None
    # the source's "5 level II" is a typo for level I: 4 level I cannot hold 4 level II
    typo = game(seat(techs=pyramid(i=4), trade=27))
    assert research.fits(typo, 0, "space_flight") is None
    for missing in range(4):     # the minimum is exactly 5 + 4 + 3 + 2
        counts = [5, 4, 3, 2]
        counts[missing] -= 1
        assert research.fits(game(seat(techs=pyramid(*counts))), 0, "space_flight") is None


def test_r85_t33_starting_tech_sits_in_row_1():  # R85, T33, S13
    egypt = game(seat(civ="egypt"), seat())
    research.place_starting_tech(egypt, 0, "construction")
    assert egypt["seats"][0]["techs"] == [{"id": "construction", "row": 1}]
    assert "workshop" in research.known_buildings(egypt, 0)
    egypt["seats"][0]["techs"].append({"id": "pottery", "row": 1})
    assert research.fits(egypt, 0, "sailing") == 2               # row 1 holds construction + pottery
    # another seat learning the same tech puts it at its printed level
    egypt["seats"][1]["techs"] = [{"id": "pottery", "row": 1}, {"id": "writing", "row": 1}]
    assert research.fits(egypt, 1, "construction") == 2


def test_r86_techs_are_personal():  # R86
    state = game(seat(trade=6), seat(trade=6))
    run(state, {0: "horseback_riding", 1: "none"})
    assert research.travel_speed(state, 0) == 3 and research.travel_speed(state, 1) == 2


# --- the Research phase --------------------------------------------------------------------------

def test_r80_t57_secret_simultaneous_choice():  # R80, T57
    state = game(seat(trade=10), seat(trade=10))
    research.begin(state)
    assert research.active_seats(state) == [0, 1]
    events = research.pick(state, 0, "research:pottery")
    assert "pottery" not in events[0].public.lower() and "Pottery" in events[0].private[0]
    assert "1 of 2" in events[0].public
    assert research.hidden_research_items(state, 0) == {"research:pottery", "pottery"}
    assert research.active_seats(state) == [1]
    assert not research.knows(state, 0, "pottery")               # face down until the reveal
    with pytest.raises(IllegalAction):
        research.reveal(state, {})                               # not everyone has chosen
    with pytest.raises(IllegalAction):
        research.pick(state, 0, "research:writing")              # one choice only
    research.pick(state, 1, "research:none")
    assert research.hidden_research_items(state, 1) == {"research:none"}
    events = research.reveal(state, {})
    assert events[0].hidden and "Pottery" in events[0].public
    assert research.knows(state, 0, "pottery") and state["seats"][1]["trade"] == 10
    assert research.active_seats(state) == [] and research.hidden_research_items(state, 0) == set()


def test_r81_illegal_pick_changes_nothing():  # R81
    state = game(seat(techs=["pottery"], trade=20))
    research.begin(state)
    before = copy.deepcopy(state)
    for bad in ("research:sailing", "research:pottery", "research:nonsense", "pottery"):
        with pytest.raises(IllegalAction):
            research.pick(state, 0, bad)
    assert state == before
    legal = research.legal_picks(state, 0)
    assert legal[-1] == "research:none"
    assert set(legal[:-1]) == {"research:" + t for t in LEVEL_I if t != "pottery"}
    state["phase"] = "movement"
    with pytest.raises(IllegalAction):
        research.begin(state)


def test_t14_r88_r19_code_of_laws_unlocks():  # T14, R18, R19, R88
    state = game(seat(trade=6))
    events = run(state, {0: "code_of_laws"})
    assert "trading_post" in research.known_buildings(state, 0)
    assert "republic" in research.unlocked_governments(state, 0)
    assert state["seats"][0]["new_governments"] == ["republic"]
    assert any("next Start of Turn" in e.public for e in events)
    rome = game(seat(civ="rome", trade=6))
    run(rome, {0: "code_of_laws"})
    assert not rome["seats"][0].get("new_governments")          # Republic was unlocked already


def test_t47_g25_monarchy_unlocks_its_government():  # T47, R19, R20, G25
    state = game(seat(techs=LEVEL_I[:2], trade=11))
    run(state, {0: "monarchy"})
    assert state["seats"][0]["new_governments"] == ["monarchy"]


def test_t15_r89_chivalry_mounted_rank_2_costs_7():  # T15, R89, R37
    state = game(seat(techs=LEVEL_I[:2], trade=11))
    assert research.unit_cost(state, 0, "mounted") == 5
    events = run(state, {0: "chivalry"})
    assert state["seats"][0]["ranks"]["mounted"] == 2
    assert research.unit_cost(state, 0, "mounted") == 7
    assert research.unit_cost(state, 0, "infantry") == 5
    assert any("rank 2" in e.public for e in events)
    assert "feudalism" in research.unlocked_governments(state, 0)


def test_t53_owned_units_fight_at_the_new_rank():  # T53, R89, R107
    # the rank is kept per type, not per card: the units already owned use it at once
    state = game(seat(techs=LEVEL_I[:2], trade=11))
    state["seats"][0]["standing_forces"] = ["infantry_3"]
    run(state, {0: "democracy"})
    assert state["seats"][0]["ranks"]["infantry"] == 2 and state["seats"][0]["standing_forces"] == ["infantry_3"]


def test_g14_rank_skips_and_never_drops():  # G14
    state = game(seat(techs=pyramid(4, 2, 0, 0), trade=16))
    run(state, {0: "gunpowder"})
    assert state["seats"][0]["ranks"]["infantry"] == 3
    state["phase"] = "research"
    state["seats"][0]["trade"] = 11
    run(state, {0: "democracy"})
    assert state["seats"][0]["ranks"]["infantry"] == 3


def test_flight_unlocks_the_aircraft_marker():  # G14 DD (aircraft marker), R116
    state = game(seat(techs=pyramid(4, 3, 2, 0), trade=21))
    run(state, {0: "flight"})
    assert state["seats"][0]["ranks"]["aircraft"] == 1
    assert research.can_produce_unit(state, 0, "aircraft")


def test_t16_r90_engineering_flips_own_granaries():  # T16, R90, R43
    state = game(seat(techs=["pottery", "writing"], trade=11), seat())
    state["buildings"] = {"C3": {"id": "granary", "owner": 0}, "E5": {"id": "granary", "owner": 0},
                          "D4": {"id": "library", "owner": 0}, "K9": {"id": "granary", "owner": 1}}
    events = run(state, {0: "engineering", 1: "none"})
    assert state["buildings"]["C3"]["id"] == state["buildings"]["E5"]["id"] == "aqueduct"
    assert state["buildings"]["D4"]["id"] == "library" and state["buildings"]["K9"]["id"] == "granary"
    assert any("C3" in e.public and "E5" in e.public for e in events)
    assert "granary" not in research.known_buildings(state, 0)
    assert "aqueduct" in research.known_buildings(state, 0)


def test_r87_space_flight_wins_and_is_single():  # R87, R131
    state = game(seat(techs=pyramid(), trade=26), seat(techs=pyramid(), trade=26))
    run(state, {0: "space_flight", 1: "none"})
    assert state["result"]["winners"] == [0]
    assert research.space_flight_taken(state)
    assert research.fits(state, 1, "space_flight") is None


def test_g15_simultaneous_space_flight_goes_in_turn_order():  # G15 DD, R87
    seats_ = [seat(techs=pyramid(), trade=26) for _ in range(3)]
    state = game(*seats_, first=1)
    events = run(state, {0: "space_flight", 1: "none", 2: "space_flight"}, {0: 0, 2: 0})
    assert state["result"]["winners"] == [2]           # order 1, 2, 0
    assert research.knows(state, 2, "space_flight") and not research.knows(state, 0, "space_flight")
    assert state["seats"][0]["trade"] == 26            # the seat that got no card pays nothing
    assert any("gone" in e.public for e in events)


def test_t45_r121_learn_free_needs_a_legal_place():  # T45, R121, R84
    state = game(seat(techs=["pottery"], trade=3))
    with pytest.raises(IllegalAction):
        research.learn_free(state, 0, "sailing")
    with pytest.raises(IllegalAction):
        research.learn_free(state, 0, "pottery")
    research.learn_free(state, 0, "writing")
    assert research.knows(state, 0, "writing") and state["seats"][0]["trade"] == 3
    research.learn_free(state, 0, "chivalry")
    assert state["seats"][0]["ranks"]["mounted"] == 2
    assert state["seats"][0]["techs"][-1] == {"id": "chivalry", "row": 2}
