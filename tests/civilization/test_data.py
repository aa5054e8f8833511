"""Component data of Civilization written from the spec's tables and the data appendices: every
record sourced, and the counts of the box (spec 2.1) and the gaps G1-G11, G33, G39 hold."""
from __future__ import annotations

import copy
from collections import Counter

import pytest

from engine.civilization import data

# The 36 deck techs and Space Flight, as listed in the appendix G2 tables.
TECH_IDS = {
    "animal_husbandry", "code_of_laws", "currency", "horseback_riding", "masonry", "metalworking",
    "navigation", "philosophy", "pottery", "writing",
    "chivalry", "civil_service", "construction", "democracy", "engineering", "irrigation",
    "mathematics", "monarchy", "printing_press", "sailing",
    "banking", "biology", "communism", "gunpowder", "metal_casting", "military_science", "railroad",
    "steam_power", "theology",
    "atomic_theory", "ballistics", "combustion", "computers", "flight", "mass_media",
    "replaceable_parts",
    "space_flight",
}
TECH_NAMES = {
    "Animal Husbandry", "Code of Laws", "Currency", "Horseback Riding", "Masonry", "Metalworking",
    "Navigation", "Philosophy", "Pottery", "Writing", "Chivalry", "Civil Service", "Construction",
    "Democracy", "Engineering", "Irrigation", "Mathematics", "Monarchy", "Printing Press", "Sailing",
    "Banking", "Biology", "Communism", "Gunpowder", "Metal Casting", "Military Science", "Railroad",
    "Steam Power", "Theology", "Atomic Theory", "Ballistics", "Combustion", "Computers", "Flight",
    "Mass Media", "Replaceable Parts", "Space Flight",
}
UNIT_NAMES = {"Archer", "Catapult", "Cannon", "Mobile Artillery", "Spearman", "Pikeman", "Rifleman",
              "Modern Infantry", "Horseman", "Knight", "Cavalry", "Tank", "Aircraft"}
TERRAINS = {"water", "desert", "mountain", "grassland", "forest"}
PHASES = {"start", "trade", "city", "movement", "research", "battle", "any"}
ERAS = ("ancient", "medieval", "modern")
FILES = ("civilizations", "governments", "buildings", "wonders", "great_people", "culture_events",
         "huts_villages", "loot", "market")


def recs(name):
    return data.collection(name)


def test_every_file_validates_and_every_field_has_a_source():
    data.validate()
    for name in FILES:
        for rec in recs(name):
            for field in rec:
                if not field.startswith("_"):
                    assert data.tag(rec["_source"][field]) in data.SOURCE_TAGS, (name, rec["id"], field)


def test_validation_rejects_a_value_without_source(monkeypatch):
    real = data.load

    def broken(name):
        d = copy.deepcopy(real(name))
        if name == "wonders":
            del d["wonders"][0]["_source"]["cost"]
        return d

    monkeypatch.setattr(data, "load", broken)
    with pytest.raises(ValueError, match="cost"):
        data.validate()


@pytest.mark.parametrize("name", FILES)
def test_record_ids_are_unique(name):
    ids = [r["id"] for r in recs(name)]
    assert len(ids) == len(set(ids)), name


# --- G1 civilizations ------------------------------------------------------------------

def test_g1_six_civilizations_with_their_home_tiles():
    civs = data.by_id("civilizations")
    assert set(civs) == {"america", "china", "egypt", "germany", "rome", "russia"}
    assert {c: r["home_tile"] for c, r in civs.items()} == {
        "america": "H-AME", "china": "H-CHN", "egypt": "H-EGY", "germany": "H-GER", "rome": "H-ROM",
        "russia": "H-RUS"}


def test_g1_start_techs_are_known_techs():
    starts = {c["id"]: c["start_tech"] for c in recs("civilizations")}
    assert starts == {"america": "currency", "china": "writing", "egypt": "construction",
                      "germany": "metalworking", "rome": "code_of_laws", "russia": "communism"}
    assert set(starts.values()) <= TECH_IDS


def test_s14_start_governments_are_governments():
    govs = data.by_id("governments")
    starts = {c["id"]: c["start_government"] for c in recs("civilizations")}
    assert starts["rome"] == "republic" and starts["russia"] == "communism"
    assert all(g == "despotism" for c, g in starts.items() if c not in ("rome", "russia"))
    assert set(starts.values()) <= set(govs)


def test_s11_setup_bonuses_and_russias_white_army_and_stacking():
    bonus = {c["id"]: c["setup_bonus"]["id"] for c in recs("civilizations")}
    assert bonus == {"america": "random_great_person", "china": "walled_capital",
                     "egypt": "random_ancient_wonder", "germany": "two_extra_infantry",
                     "rome": "start_republic", "russia": "white_army"}
    assert all(c["setup_bonus"]["text"] and c["ability"] for c in recs("civilizations"))
    russia = data.civilization("russia")
    assert russia["extra_army"] == 1 and russia["start_stacking_bonus"] == 1
    assert all(c["extra_army"] == 0 and c["start_stacking_bonus"] == 0
               for c in recs("civilizations") if c["id"] != "russia")


# --- G3 governments --------------------------------------------------------------------

def test_g3_eight_government_faces_and_how_they_unlock():
    govs = data.by_id("governments")
    assert len(govs) == 8
    assert govs["anarchy"]["unlocked_by"] == "transitional"
    assert govs["despotism"]["unlocked_by"] == "start"
    assert govs["republic"]["unlocked_by"] == "code_of_laws"
    for g in govs.values():
        assert g["unlocked_by"] in TECH_IDS | {"start", "transitional"}, g["id"]


def test_g3_stage_one_effects_fundamentalism_hand_and_anarchy_idle_capital():
    assert data.government("fundamentalism")["effects"] == {"battle_hand": 1}
    assert data.tag(data.government("fundamentalism")["_source"]["effects"]) == "seed"
    assert data.government("anarchy")["effects"] == {"capital_idle": True}
    assert data.tag(data.government("anarchy")["_source"]["effects"]) == "seed"
    assert data.government_effects("fundamentalism")["battle_hand"] == 1


def test_g3_republic_prints_no_effect_its_scouts_in_huts_and_armies_founding_are_house():
    """The seed prints no Republic text (「任何一個持續受益於政體,如共和 (Republic)的能力」 names an ability
    without giving it) and bars scouts from huts (「偵察隊公仔不能進入含有茅屋或村莊標誌物的格子」): scouts
    exploring huts under Republic is a house reading (from the F&F relic rule), listed by /civ rules."""
    from engine.civilization import help as civ_help
    rep = data.government("republic")
    assert rep["effects"] == {} and data.tag(rep["_source"]["effects"]) == "seed"
    assert rep["house_effects"] == {"armies_found_cities": True, "scouts_explore_huts": True}
    assert data.tag(rep["_source"]["house_effects"]) == "house"
    listed = " ".join(str(m) for m in civ_help.DESIGN_TEXT)
    assert "scouts_explore_huts" in listed and "Republic" in listed
    for g in recs("governments"):
        assert data.tag(g["_source"]["house_effects"]) == "house", g["id"]
        assert g["effect"] or g["house_effect"], g["id"]
    assert data.government_effects("feudalism")["coins"] >= 1     # spec 2.4: Feudalism yields coins


def test_g3_four_double_sided_cards_with_despotism_and_republic_together():
    cards = Counter(g["card"] for g in recs("governments"))
    assert len(cards) == 4 and set(cards.values()) == {2}
    assert data.government("despotism")["card"] == data.government("republic")["card"]
    assert data.tag(data.government("despotism")["_source"]["card"]) == "seed"


# --- G6 buildings ----------------------------------------------------------------------

def test_g6_building_markers_total_49_and_city_walls_use_the_city_markers():
    supply = data.building_supply()
    assert sum(supply.values()) == 49
    assert supply == {"harbor": 10, "trading_post": 6, "workshop": 6, "library": 6, "granary": 6,
                      "market": 5, "temple": 5, "barracks": 5}
    walls = data.building("city_walls")
    assert walls["on_city_marker"] and walls["markers"] == 0 and walls["terrain"] == ["city_center"]
    assert walls["defence_bonus"] == 4 and walls["unlocked_by"] == "masonry" and walls["cost"] == 7


def test_g6_upgrades_share_their_base_markers():
    for b in recs("buildings"):
        if b["upgrade_of"]:
            base = data.building(b["upgrade_of"])
            assert b["pair"] == base["id"] and b["markers"] == base["markers"]
            assert b["terrain"] == base["terrain"] and b["limited"] == base["limited"]
            assert b["cost"] > base["cost"]
    assert data.building("granary")["cost"] == 5 and data.building("aqueduct")["cost"] == 8


def test_g6_every_building_is_unlocked_by_a_known_tech():
    for b in recs("buildings"):
        assert b["unlocked_by"] in TECH_IDS, b["id"]


def test_g6_terrain_limited_icons_and_combat_bonus():
    for b in recs("buildings"):
        if b["id"] != "city_walls":
            assert b["terrain"] and set(b["terrain"]) <= TERRAINS, b["id"]
        assert set(b["icons"]) == {"trade", "production", "culture", "coin"}
    limited = {b["id"] for b in recs("buildings") if b["limited"]}
    assert limited == {"market", "bank", "temple", "cathedral", "barracks", "academy"}
    assert data.building("temple")["icons"]["culture"] == 2
    assert data.building("bank")["icons"]["coin"] == 1
    assert {b["id"]: b["combat_bonus"] for b in recs("buildings") if b["combat_bonus"]} == {
        "barracks": 2, "academy": 4}


# --- G7 wonders ------------------------------------------------------------------------

def test_g7_twelve_wonders_four_per_era():
    assert len(recs("wonders")) == 12
    for era in ERAS:
        assert len(data.wonders_of_era(era)) == 4, era


def test_g7_confirmed_wonders_are_in_and_picks_are_house():
    ids = {w["id"] for w in recs("wonders")}
    confirmed = {"colossus", "hanging_gardens", "stonehenge", "angkor_wat", "himeji", "porcelain_tower",
                 "panama_canal", "statue_of_liberty"}
    assert confirmed <= ids
    picks = {w["id"] for w in recs("wonders") if data.tag(w["_source"]["in_base_set"]) == "house"}
    assert picks == ids - confirmed and len(picks) == 4
    assert Counter(data.wonder(w)["era"] for w in picks) == {"ancient": 1, "medieval": 1, "modern": 2}


def test_g7_costs_discounts_markers_and_phases():
    assert data.wonder("colossus")["cost"] == 15
    assert data.wonder("colossus")["discount"] == {"tech": "metalworking", "cost": 10}
    for w in recs("wonders"):
        assert w["marker_culture"] == {"ancient": 1, "medieval": 2, "modern": 3}[w["era"]]
        if w["discount"] is not None:
            assert w["discount"]["tech"] in TECH_IDS and w["discount"]["cost"] < w["cost"]
        assert w["phase"] in PHASES and w["ability"]


# --- G10 great people ------------------------------------------------------------------

def test_g10_eighteen_great_people_of_six_types():
    gp = recs("great_people")
    assert len(gp) == 6 and sum(g["markers"] for g in gp) == 18
    assert {g["id"] for g in gp} == {"artist", "builder", "general", "humanitarian", "merchant", "scientist"}
    assert {g["id"]: g["combat_bonus"] for g in gp if g["combat_bonus"]} == {"general": 4}
    assert {g["id"] for g in gp if g["icons"]["coin"]} == {"builder", "humanitarian", "merchant"}


# --- G9 culture events -----------------------------------------------------------------

def test_g9_forty_seven_culture_cards_by_deck():
    assert sum(c["copies"] for c in recs("culture_events")) == 47
    assert {era: len(data.culture_deck(era)) for era in ERAS} == {"ancient": 16, "medieval": 19, "modern": 12}
    assert data.culture_event("drought")["copies"] == 2 and data.culture_event("drought")["deck"] == "ancient"
    assert data.culture_event("deforestation")["copies"] == 2


def test_g9_expansion_cards_are_left_out_and_unconfirmed_cards_are_house():
    ids = {c["id"] for c in recs("culture_events")}
    expansion = {"migrants", "colonists", "immigrants", "supply_drop", "roaming_horde",
                 "barbarian_encampment", "flooding", "counterfeiters", "depression", "bank_scandal",
                 "gift_from_afar"}
    assert not ids & expansion
    for c in recs("culture_events"):
        assert c["timing"] in PHASES and c["effect"], c["id"]
        expected = "seed" if c["id"] in ("drought", "deforestation") else "house"
        assert data.tag(c["_source"]["in_base_set"]) == expected, c["id"]


# --- G11 huts and villages -------------------------------------------------------------

def test_g11_twenty_huts_and_ten_villages():
    huts, villages = Counter(data.marker_pile("hut")), Counter(data.marker_pile("village"))
    assert sum(huts.values()) == 20 and sum(villages.values()) == 10
    assert huts == {"incense": 5, "silk": 5, "wheat": 5, "spy": 3, "iron": 2}
    assert villages == {"great_person": 2, "iron": 3, "spy": 3, "uranium": 2}


def test_g11_contents_are_resources_or_a_great_person_and_uranium_only_in_villages():
    resources = {r["id"] for r in recs("market")}
    for m in recs("huts_villages"):
        assert m["kind"] in ("hut", "village")
        assert m["content"] in resources | ({"great_person"} if m["kind"] == "village" else set())
    assert "uranium" not in data.marker_pile("hut")                 # spec 2.12


# --- G33 loot (research-2 3.6) ---------------------------------------------------------

def test_g33_loot_points_by_situation():
    assert data.loot_points("loser_had_figures") == 1
    assert data.loot_points("non_capital_city") == 2
    capital = data.by_id("loot")["capital"]
    assert capital["military_victory"] is True


def test_g33_loot_effects_cost_one_or_two():
    effects = data.loot_effects()
    assert {e: r["cost"] for e, r in effects.items()} == {
        "take_trade": 1, "take_culture": 1, "take_resource": 1, "discard_coin": 1,
        "learn_tech": 2, "take_culture_card": 2, "take_coin": 2}
    assert effects["take_trade"]["amount"] == 3 and effects["take_culture"]["amount"] == 3


# --- S4 / G39 market resources ---------------------------------------------------------

def test_s4_g39_four_market_types_with_one_token_per_player():
    market = [r for r in recs("market") if r["market"]]
    assert {r["id"] for r in market} == {"silk", "iron", "incense", "wheat"}
    assert all(r["tokens_per_player"] == 1 and r["max_tokens"] == 4 for r in market)
    assert sum(r["max_tokens"] for r in market) == 16
    others = {r["id"]: r for r in recs("market") if not r["market"]}
    assert set(others) == {"spy", "uranium"}
    assert others["uranium"]["only_in"] == ["village"] and not others["spy"]["on_map"]


# --- glossary and house values ---------------------------------------------------------

def test_glossary_rows_are_complete_unique_and_zh_cn_is_converted():
    rows = data.glossary()
    assert rows
    for row in rows:
        assert all(row[k] for k in ("kind", "en", "zh-TW", "zh-CN", "source")), row
        assert data.tag(row["source"]) in ("seed", "house"), row
    english = [row["en"] for row in rows]
    assert len(english) == len(set(english))
    opencc = pytest.importorskip("opencc")
    convert = opencc.OpenCC("tw2sp").convert
    for row in rows:
        assert row["zh-CN"] == convert(row["zh-TW"]), row


def test_glossary_names_every_component():
    english = {row["en"] for row in data.glossary()}
    for name in ("civilizations", "governments", "buildings", "wonders", "great_people",
                 "culture_events", "market"):
        for rec in recs(name):
            assert rec["name"] in english, (name, rec["name"])
    for c in recs("civilizations"):
        assert c["leader"] in english
    assert TECH_NAMES <= english, TECH_NAMES - english
    assert UNIT_NAMES <= english, UNIT_NAMES - english
    assert TERRAINS <= english
    assert {"Ancient", "Medieval", "Modern", "hut", "village", "loot", "great person"} <= english


def test_glossary_uses_the_seeds_chinese_terms():
    by_en = {row["en"]: row for row in data.glossary()}
    assert by_en["Aqueduct"]["zh-TW"] == "渡水管" and by_en["Aqueduct"]["source"] == "seed 003"
    assert by_en["Himeji Samurai Castle"]["zh-TW"] == "姬路城"
    assert by_en["Fundamentalism"]["zh-TW"] == "原教旨主義"
    assert by_en["General"]["zh-TW"] == "將軍"


def test_house_values_list_every_house_field():
    listed = {(f, i, field) for f, i, field, _ in data.house_values()}
    for name in FILES:
        for rec in recs(name):
            for field, note in rec["_source"].items():
                if data.tag(note) == "house" and field != "id":
                    assert (name, rec["id"], field) in listed
    # the picks and placeholders to replace when the cards are transcribed are among them
    assert ("wonders", "kremlin", "in_base_set") in listed
    assert ("huts_villages", "hut_spy", "count") in listed
    assert ("governments", "despotism", "house_effects") in listed
    assert ("culture_events", "we_love_despot", "copies") in listed
