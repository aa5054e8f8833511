"""Component data of Clash of Rage: every record valid and sourced, and the counts of the box
(seed 2.1 of the spec) and the seed's examples (spec 2.3, section 9) hold."""
from __future__ import annotations

import copy

import pytest

from engine.clash_of_rage import data


def test_every_file_validates_and_every_field_has_a_source():
    data.validate()
    for name, rec in data.records():
        for f in rec:
            if not f.startswith("_") and f != "units":
                assert rec["_source"][f].split(" ")[0] in ("seed", "data", "house"), (name, rec.get("id"), f)


def test_validation_rejects_a_value_without_source(monkeypatch):
    real = data.load

    def broken(name):
        d = copy.deepcopy(real(name))
        if name == "tribes":
            del d["tribes"][0]["units"][0]["_source"]["strength"]
        return d

    monkeypatch.setattr(data, "load", broken)
    with pytest.raises(ValueError, match="strength"):
        data.validate()


def test_validation_rejects_an_unknown_icon(monkeypatch):
    real = data.load

    def broken(name):
        d = copy.deepcopy(real(name))
        if name == "equipment":
            d["items"][0]["bonus"] = {"LASER": 1}
        return d

    monkeypatch.setattr(data, "load", broken)
    with pytest.raises(ValueError, match="LASER"):
        data.validate()


def test_four_tribes_each_with_tiers_one_to_three():  # 2.1: 4 tribe cards
    assert len(data.tribes()) == 4
    for t in data.tribes():
        assert [data.unit(t["id"], k)["tier"] for k in (1, 2, 3)] == [1, 2, 3]


def test_model_totals_per_tier_match_the_box():  # 2.1: 31 tier I, 22 tier II, 14 tier III models
    totals = {k: sum(data.unit(t["id"], k)["max_models"] for t in data.tribes()) for k in (1, 2, 3)}
    assert totals == {1: 31, 2: 22, 3: 14}


def test_tribe_names_follow_seed_then_data():  # 2.3 (seed names) and data appendix 0.1
    names = {t["name"] for t in data.tribes()}
    assert {"Bohorg Tribe", "Goldleif Clan"} <= names  # the seed's spelling wins over "Godleif"
    assert {"Steamfield Barony", "Army of the Tomb"} <= names


def test_seed_unit_facts():  # 2.3: Krag Rider +1 damage, Pummeler +2 damage, Executioner strength 6
    assert data.unit("bohorg", 1)["name"] == "Krag Rider"
    assert data.unit("bohorg", 1)["icons"] == {"AUTO": 1}
    assert data.unit("bohorg", 2)["icons"] == {"AUTO": 2}
    assert data.unit("bohorg", 3)["strength"] == 6
    assert data.unit("bohorg", 3)["_source"]["strength"].startswith("seed")


def test_tactic_cards_seven_per_tribe_with_distinct_turn_order():  # 2.1: 28 = 7 per tribe; R26
    assert len(data.tactics()) == 28
    for t in data.tribes():
        assert len(data.tactics(t["id"])) == 7
    assert sorted(c["turn_order"] for c in data.tactics()) == list(range(1, 29))


def test_equipment_count_and_split():  # 2.1: 57 cards, 34 weapons + 23 armours
    by_slot = {"weapon": 0, "armour": 0}
    for e in data.equipment():
        by_slot[e["slot"]] += e["copies"]
    assert by_slot == {"weapon": 34, "armour": 23}


def test_seed_equipment_relations():  # T2 (R19): Rock Breaker > Crossbow, Massive Armor > Shaman's Coat
    assert data.item("rock_breaker")["cost"] > data.item("crossbow")["cost"]
    assert data.item("massive_armor")["cost"] > data.item("shamans_coat")["cost"]
    assert data.item("shamans_staff")["bonus"].get("REROLL") == 1  # T10: Shaman's Staff gives 1 reroll
    for seed_name in ("Crossbow", "Rock Breaker", "Blunderbuss", "Massive Armor", "Plate Armor",
                      "Shaman's Coat", "Shaman's Staff"):
        assert any(e["name"] == seed_name for e in data.equipment()), seed_name


def test_strength_examples_are_possible():  # T9: 6 + 3 = 9 dice; T10: Executioner 6 + 2 = 8
    weapons = [e for e in data.equipment() if e["slot"] == "weapon"]
    assert any(data.unit("bohorg", 3)["strength"] + w["bonus"].get("STR", 0) == 9 for w in weapons)
    assert any(data.unit("bohorg", 3)["strength"] + w["bonus"].get("STR", 0) == 8 for w in weapons)


def test_bohorg_speed_two_is_possible():  # T10: Krag Riders + Executioner have speed 2
    weapons = [e for e in data.equipment() if e["slot"] == "weapon"]
    staff = data.item("shamans_staff")
    plus_two = [w for w in weapons if w["bonus"].get("STR") == 2 and "SPD" not in w["bonus"]]
    assert plus_two, "a +2 strength weapon without speed icon is needed for T10"
    speed = (data.unit("bohorg", 1)["speed"] + staff["bonus"].get("SPD", 0)
             + data.unit("bohorg", 3)["speed"] + plus_two[0]["bonus"].get("SPD", 0))
    assert speed == 2


def test_max_strength_never_exceeds_ten_dice():  # 2.1: 10 dice in the box (D15)
    best_unit = max(u["strength"] for t in data.tribes() for u in t["units"])
    best_item = max(e["bonus"].get("STR", 0) for e in data.equipment() + data.legendary() if e["slot"] == "weapon")
    assert best_unit + best_item <= 10


def test_legendary_count_and_split():  # 2.1: 9 legendary cards, 5 weapons + 4 armours, no cost (2.2)
    slots = [e["slot"] for e in data.legendary()]
    assert (slots.count("weapon"), slots.count("armour")) == (5, 4)
    assert all("cost" not in e for e in data.legendary())


def test_four_heroes():  # 2.1: 4 hero cards and models
    assert len(data.heroes()) == 4
    assert all(h["cost"] > 0 and h["movement"] > 0 for h in data.heroes())


def test_elves_tokens_and_draw_order():  # 2.1: 15 tokens each; phase 1 (T1): Radiant > Bishop > Temple
    assert [e["zh_tw"] for e in data.elves()] == ["光輝精靈", "主教精靈", "聖殿精靈"]
    assert [e["tokens"] for e in data.elves()] == [15, 15, 15]
    assert data.elf_evolution()["first_round"] == 2  # T4: round 1 skips elf evolution


@pytest.mark.parametrize("players,supply", [(2, 33), (3, 27), (4, 21)])
def test_crystal_supply_after_elf_setup(players, supply):  # section 3 table: 4 per city, 2 per forge
    s = data.elf_setup()
    tokens = sum(e["tokens"] for e in data.elves())
    assert tokens - players * (s["per_city"] + s["per_forge"]) == supply


def test_ten_tile_sides_each_with_one_city_forge_stone():  # 2.1: 5 double-sided tiles; data G3
    sides = data.tile_sides()
    assert sorted(s["id"] for s in sides) == sorted(f"{k}{x}" for k in range(1, 6) for x in "AB")
    for s in sides:
        terr = list(s["hexes"].values())
        assert len(terr) == 7
        assert (terr.count("city"), terr.count("forge"), terr.count("stone")) == (1, 1, 1), s["id"]
        assert terr.count("mountain") >= 1, s["id"]  # data research-2 2.1: every tile has mountains


def test_stone_colours_per_tier():  # data G4: yellow square I, blue pentagon II, red hexagon III
    assert data.stone_look(1) == {"colour": "yellow", "shape": "square"}
    assert data.stone_look(2) == {"colour": "blue", "shape": "pentagon"}
    assert data.stone_look(3) == {"colour": "red", "shape": "hexagon"}


def test_house_values_list_placeholders_and_not_seed_facts():
    house = {(n, i, f) for n, i, f, _ in data.house_values()}
    assert ("tribes", "krag_rider", "strength") in house
    assert ("tiles", "1A", "stone_tier") in house
    assert ("tribes", "executioner", "strength") not in house
    assert ("elves", "radiant", "tokens") not in house


def test_glossary_names_every_component_name():
    rows = data.glossary()
    en = {r["en"] for r in rows}
    names = {t["name"] for t in data.tribes()} | {e["name"] for e in data.elves()}
    assert names <= en
    zh = {r["zh-TW"]: r["zh-CN"] for r in rows}
    # terms as the seed prints them (2.1, glossary of the spec)
    assert zh["精靈之城"] == "精灵之城"
    assert zh["鍛造熔爐"] == "锻造熔炉"
    assert zh["增援之石"] == "增援之石"
    assert zh["岩石山脈"] == "岩石山脉"
