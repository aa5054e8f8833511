"""The Skytear component data: every record valid, the seed's decks and copies (spec 2.4/2.6),
ultimates (R64/R136), the Vortex (R65), house values listed, glossary terms as the seed prints them."""
from __future__ import annotations

import csv
from pathlib import Path

import pytest

from engine.skytear import data, effects, hexes
from engine.text import Msg

from .fixtures import make_state, minion

GLOSSARY = Path(data.DATA_DIR) / "glossary.csv"

# spec 2.4 (R139): each starter hero's preconstructed deck, as the seed lists it
SPEC_DECKS = {
    "cotlic": {"this_is_my_kingdom": 1, "sprawling_abomination": 2, "bodyguard": 2, "king_of_hosts": 3},
    "tlakali": {"ritual_of_a_thousand_mouths": 1, "mudflow_surge": 2, "creeping_darkness": 2, "sacrifice": 3},
    "corjof": {"feather_storm": 1, "gathering_storm": 2, "ice_wall": 2, "blinding_strike": 3},
    "gulbjarn": {"wild_vitality": 1, "roadblock": 2, "wildlands": 2, "manifestation": 3},
    "akhuti": {"word_of_nupten": 1, "soul_twister": 2, "redirection": 2, "hurricane_strike": 3},
    "haburat": {"lightning_blade": 1, "tortoise_formation": 2, "time_warp": 2, "time_polarization": 3},
    "sakoshi": {"shuriken_storm": 1, "ambush": 2, "life_steal": 2, "crippling_mastery": 3},
    "yami": {"submit_to_me": 1, "rising_dragon_fist": 2, "purify_the_mind": 2, "ignite": 3},
}
# spec 2.3 / common.md: factions; skytear-data 3.2: melee or ranged (source "data")
FACTION = {"cotlic": "taulot", "tlakali": "taulot", "corjof": "liothan", "gulbjarn": "liothan",
           "akhuti": "nupten", "haburat": "nupten", "sakoshi": "kurumo", "yami": "kurumo"}
RANGE = {"cotlic": "melee", "tlakali": "ranged", "corjof": "ranged", "gulbjarn": "melee",
         "akhuti": "ranged", "haburat": "melee", "sakoshi": "ranged", "yami": "melee"}
RUNE = {"kurumo": "fire", "taulot": "earth", "nupten": "air", "liothan": "frost"}
# the seed's Chinese names (spec 2.4 glossary; 阿胡媞 is the correct form of the misprint 阿胡媿)
ZH_HEROES = {"cotlic": "科特里克", "tlakali": "特拉卡利", "corjof": "科爾約夫", "gulbjarn": "古爾布買恩",
             "akhuti": "阿胡媞", "haburat": "哈布拉特", "sakoshi": "坂越", "yami": "夜牙"}


def glossary_rows() -> list[dict]:
    with GLOSSARY.open(encoding="utf-8", newline="") as fh:
        return list(csv.DictReader(fh))


def test_spec_2_6_sixty_five_cards_eight_decks_of_eight_and_the_vortex():
    printed = [data.card(c) for c in data.PRINTED_CARDS]
    assert len(printed) == 33
    assert sum(c["copies"] for c in printed) == 65
    assert sum(c["copies"] for c in printed if c["hero"]) == 64


@pytest.mark.parametrize("hero", sorted(SPEC_DECKS))
def test_R139_each_hero_deck_is_the_seed_list(hero):
    assert data.hero(hero)["deck"] == SPEC_DECKS[hero]
    assert sorted(data.deck_of(hero)) == sorted(c for c, n in SPEC_DECKS[hero].items() for _ in range(n))


@pytest.mark.parametrize("hero", sorted(SPEC_DECKS))
def test_R136_R64_the_single_copy_card_is_the_heros_only_ultimate(hero):
    single = [c for c, n in SPEC_DECKS[hero].items() if n == 1]
    ults = [c for c in SPEC_DECKS[hero] if data.card(c)["ultimate"]]
    assert ults == single
    assert data.card(single[0])["ultimate_of"] == hero
    assert data.cost(single[0]) == 3


def test_R65_the_vortex_has_no_runes_and_draws_two():
    v = data.card(data.VORTEX)
    assert v["runes"] == [] and v["hero"] is None and not v["ultimate"]
    assert v["speed"] == "instant" and v["effects"] == [{"do": "draw", "amount": 2}]
    assert v["source"]["runes"] == "seed" and v["source"]["effects"] == "house"


@pytest.mark.parametrize("hero", sorted(FACTION))
def test_hero_records_factions_runes_range_and_house_stat_bounds(hero):
    h = data.hero(hero)
    assert h["factions"] == [FACTION[hero]]
    assert h["runes"] == [RUNE[FACTION[hero]]]
    assert h["range"] == RANGE[hero] and h["source"]["range"] == "data"
    assert 6 <= h["hp"] <= 10 and 0 <= h["armor"] <= 2 and 2 <= h["attack"] <= 4 and 0 <= h["plus"] <= 2
    assert h["zh_tw"] == ZH_HEROES[hero]
    for field in ("attack", "plus", "hp", "armor", "class"):
        assert h["source"][field] == "house"


def test_ranged_heroes_are_frailer_than_melee_heroes():
    def mean(rng):
        hs = [h for h in data.HEROES.values() if h["range"] == rng]
        return sum(h["hp"] + 2 * h["armor"] for h in hs) / len(hs)
    assert mean("ranged") < mean("melee")


def test_official_names_from_the_data_research():
    """skytear-data 1.1 / data-research-2 1.1: Haburat, Sakoshi, Yami are the official spellings."""
    assert [data.hero(h)["name"] for h in ("haburat", "sakoshi", "yami")] == ["Haburat", "Sakoshi", "Yami"]


@pytest.mark.parametrize("cid", sorted(data.PRINTED_CARDS))
def test_R58_every_card_record_is_valid(cid):
    c = data.card(cid)
    data.check_card(c, data.HEROES)
    assert c["text"] and c["zh_tw"] and c["zh_cn"]
    if c["hero"]:
        rune = RUNE[FACTION[c["hero"]]]
        assert set(c["runes"]) == {rune} and 1 <= len(c["runes"]) <= 3
        assert -1 <= c["modifier"] <= 3


def test_modifiers_average_about_plus_one_and_about_a_third_are_instant():
    cards = [data.card(c) for c in data.PRINTED_CARDS if data.card(c)["hero"]]
    copies = sum(c["copies"] for c in cards)
    mean = sum(c["modifier"] * c["copies"] for c in cards) / copies
    assert 0.8 <= mean <= 1.3
    instants = sum(1 for c in map(data.card, data.PRINTED_CARDS) if c["speed"] == "instant")
    assert 9 <= instants <= 13


@pytest.mark.parametrize("cid", sorted(data.PRINTED_CARDS))
def test_card_text_states_the_numbers_of_its_effects(cid):
    """The text a player reads matches the effect data: every damage, HP, heal, push, spawn, draw,
    bonus and step count appears in it, with "+" when the effect reveals."""
    c = data.card(cid)
    text = c["text"]
    for e in c["effects"]:
        if e["do"] in ("damage", "aoe"):
            assert f"{e['amount']}{'+' if e.get('plus') else ''} " in text
            assert ("piercing" in text) == bool(e.get("pierce"))
        elif e["do"] in ("lose_hp", "heal"):
            assert f"{e['amount']} HP" in text
        elif e["do"] == "push":
            assert "push" in text.lower() and f"{e['amount']} hex" in text
        elif e["do"] in ("spawn", "draw", "foresee"):
            assert str(e["amount"]) in text
        elif e["do"] == "bonus":
            assert f"+{e['amount']} {e['stat']}" in text
            assert f"until the end of the {e['until']}" in text
        elif e["do"] == "move":
            assert f"up to {e['steps']} hexes" in text
        elif e["do"] in ("status", "remove_status"):
            assert e["status"].capitalize() in text


def open_field():
    from .fixtures import grid_map
    return grid_map("fx_open", 9, 7, control={1: "E2"}, lanes={f"{c}2": 1 for c in "ABCDEFGHI"})


@pytest.mark.parametrize("cid", sorted(data.PRINTED_CARDS))
def test_every_card_is_playable_in_an_ordinary_situation(cid):
    """No dead text: on an open field with a control token, an enemy hero and a minion adjacent and a
    friend beside it, every card has a legal choice of targets (R21-R23)."""
    open_field()
    c = data.card(cid)
    caster = c["ultimate_of"] or c["hero"] or "sakoshi"
    allies = [h for h in sorted(data.HEROES) if h != caster and FACTION[h] == FACTION[caster]]
    enemy = next(h for h in sorted(data.HEROES) if FACTION[h] != FACTION[caster])
    st = make_state({caster: (0, "D3"), allies[0]: (0, "C3"), enemy: (1, "E3")}, map_name="fx_open",
                    towers={}, control={"1": "E2"})
    minion(st, 1, "D4")
    assert effects.legal_targets(st, c, caster), cid


@pytest.mark.parametrize("sid", sorted(data.SKILLS))
def test_every_skill_record_names_its_hero_and_icon(sid):
    s = data.skill(sid)
    owner = data.OUTSIDER if s["hero"] == data.OUTSIDER["id"] else data.hero(s["hero"])
    assert sid in owner["skills"]
    assert s["icon"] in data.SKILL_ICONS and s["text"]


def test_seed_named_skills_keep_the_seed_names():
    """Spec 2.4: the skills named in the seed's Devotion examples."""
    assert {s: data.skill(s)["zh_tw"] for s in ("taulots_protection", "kings_might", "bear_fury", "wild_majesty",
                                                  "resonant_radiance", "chastise")} == {
        "taulots_protection": "陶洛庇佑", "kings_might": "王之力量", "bear_fury": "巨熊狂怒",
        "wild_majesty": "野性威嚴", "resonant_radiance": "共鳴光輝", "chastise": "懲戒"}
    assert data.skill("taulots_protection")["icon"] == "pillar"
    assert data.skill("kings_might")["icon"] == "devotion"
    assert data.skill("bear_fury")["icon"] == "shapeshift"
    assert data.skill("resonant_radiance")["icon"] == "illusion"
    assert data.skill("chastise")["icon"] is None


def test_victory_cards_ten_with_the_five_seed_names():
    """2.11/R143: ten cards; Tactician, All-Out Attack, Tamer, Skytear Master, Flanking from the seed."""
    assert len(data.VICTORY) == 10
    seed = {v["name"]: v["zh_tw"] for v in data.VICTORY.values() if v["source"]["name"] == "seed"}
    assert seed == {"Tactician": "戰術家", "All-Out Attack": "全面進攻", "Tamer": "馴服者",
                    "Skytear Master": "天痕大師", "Flanking": "側翼包抄"}
    assert set(data.TIEBREAK_VICTORY) == {v["id"] for v in data.VICTORY.values() if v["source"]["name"] == "seed"}
    assert {v["kind"] for v in data.VICTORY.values()} == set(data.VICTORY_KINDS)
    assert all(v["goal"] >= 1 for v in data.VICTORY.values())


def test_victory_conditions_reported_by_the_research_are_used():
    """skytear-data 7, data-research-2 1.3: destroy an enemy tower, control the Outsider 3 times,
    defeat 2 enemy heroes in one round, win lane control 6 times, defeat 3 enemy heroes."""
    reported = {(v["kind"], v["goal"]) for v in data.VICTORY.values() if v["source"]["condition"] == "data"}
    assert reported == {("towers_destroyed", 1), ("dome_wins", 3), ("round_defeats", 2), ("lane_wins", 6),
                        ("defeats", 3)}
    assert data.victory_card("tamer")["kind"] == "dome_wins"


def test_the_ancient_outsider_record():
    o = data.OUTSIDER
    assert (o["id"], o["zh_tw"], o["size"]) == ("ancient_outsider", "遠古入侵者", 3)
    assert (o["attack"], o["plus"], o["range"], o["hp"], o["armor"]) == (3, 1, "ranged", 10, 1)
    assert o["skills"] == ["skytear_pulse"] and o["source"]["hp"] == "house"


def test_the_glossary_prints_the_seeds_terms():
    rows = glossary_rows()
    assert list(rows[0]) == ["kind", "en", "zh-TW", "zh-CN", "source"]
    zh = {r["en"]: r["zh-TW"] for r in rows}
    expected = {"hero": "英雄", "minion": "手下", "tower": "防禦塔", "nexus": "核心節點", "dome": "穹頂",
                "white line": "白線", "lane": "兵線", "hiding hex": "隱蔽格", "Outsider": "入侵者",
                "Slow": "緩速", "Haste": "加速", "Disarm": "繳械", "Frenzy": "狂熱", "Mark": "印記",
                "Shapeshift": "塑形", "pillar": "方柱", "illusion": "幻象", "Move": "移動", "Attack": "攻擊",
                "Skirmish": "游擊", "Lead": "領導", "Devotion": "奉獻", "Skytear Vortex": "天痕渦流",
                "Ice Wall": "冰牆", "Bodyguard": "保鏢", "Haburat": "哈布拉特", "Yami": "夜牙", "Sakoshi": "坂越"}
    assert {k: zh.get(k) for k in expected} == expected
    assert zh["Skytear"] == "天痕決戰"
    assert all(r["zh-TW"] and r["zh-CN"] and r["kind"] and r["source"] for r in rows)
    assert len({r["en"] for r in rows}) == len(rows)


def test_every_name_and_text_a_player_reads_is_in_the_glossary():
    ens = {r["en"] for r in glossary_rows()}
    records = [*data.HEROES.values(), *data.SKILLS.values(), *map(data.card, data.PRINTED_CARDS),
               *data.VICTORY.values(), data.OUTSIDER]
    for rec in records:
        assert rec["name"] in ens, rec["id"]
        if "text" in rec:
            assert rec["text"] in ens, rec["id"]
    for status in data.STATUSES:
        assert data.status_name(status) in ens
    for what, value in data.house_values():
        assert what.args["field"] in ens


def test_R60_R64_a_card_any_hero_may_play_says_the_hero_playing_it_only_an_ultimate_names_its_hero():
    """R60: any hero with the card's rune plays a non-ultimate card, so a text acting on its caster
    says "the hero playing it" (打出此牌的英雄 in the glossary) rather than its deck's hero;
    R64: an ultimate is played by its own hero alone and may name him."""
    rows = {r["en"]: r for r in glossary_rows()}
    names = [(h["name"], h["zh_tw"], h["zh_cn"]) for h in data.HEROES.values()]
    on_caster = []
    for cid in data.PRINTED_CARDS:
        c = data.card(cid)
        row = rows[c["text"]]
        if c["ultimate"]:
            continue
        for en, tw, cn in names:
            assert en not in c["text"] and tw not in row["zh-TW"] and cn not in row["zh-CN"], cid
        if any(e.get("t") == "self" or e.get("anchor") == "caster" or e["do"] == "extra_action"
               for e in c["effects"]):
            on_caster.append(cid)
            assert "the hero playing it" in c["text"].lower(), cid
            assert "打出此牌的英雄" in row["zh-TW"] and "打出此牌的英雄" in row["zh-CN"], cid
    assert {"time_warp", "ice_wall", "roadblock", "life_steal", "sacrifice"} <= set(on_caster)
    assert "Haburat" in data.card("lightning_blade")["text"]     # an ultimate keeps its hero's name


def test_house_values_list_every_house_field_and_no_seed_one():
    values = {str(w): v for w, v in data.house_values()}
    assert values["Cotlic: attack value"] == data.hero("cotlic")["attack"]
    assert values["Yami: + icons"] == data.hero("yami")["plus"]
    assert str(values["Ice Wall: effect"]) == data.card("ice_wall")["text"]
    assert "Ice Wall: name" not in values                      # seed
    assert "Cotlic: range" not in values                        # data
    assert str(values["Tactician: condition"]) == data.victory_card("tactician")["text"]
    assert "Tactician: name" not in values and "Siege Breaker: name" in values
    assert values["Ancient Outsider: HP"] == 10
    assert str(values["Manifestation: effect"]) and "Manifestation: modifier" not in values   # data: +1
    house_fields = sum(1 for rec in [*data.HEROES.values(), *map(data.card, data.PRINTED_CARDS)]
                       for f, s in rec["source"].items() if s == "house")
    assert len(values) >= house_fields - len(data.PRINTED_CARDS)   # a card's effects and text are one entry


def test_names_are_glossary_terms_so_the_edge_translates_them():
    n = data.name("ice_wall")
    assert isinstance(n, Msg) and n == "Ice Wall" and n.ctx == "skytear"
    assert data.text("ice_wall") == data.card("ice_wall")["text"] and data.text("ice_wall").ctx == "skytear"


def test_G3_an_unknown_effect_or_target_kind_is_a_load_error():
    bad = dict(data.card("ambush"), id="bad", effects=[{"do": "explode", "amount": 1}])
    with pytest.raises(data.DataError):
        data.check_card(bad, data.HEROES)
    bad = dict(data.card("ambush"), id="bad", targets=[{"kind": "everyone"}])
    with pytest.raises(data.DataError):
        data.check_card(bad, data.HEROES)
    with pytest.raises(data.DataError):
        data.register_card({"id": "fx_bad", "runes": [], "speed": "instant", "targets": [],
                            "effects": [{"do": "aoe", "template": "no_such", "amount": 1, "anchor": "caster"}],
                            "text": "x"})


def test_T45_a_fixture_card_such_as_dodge_can_be_registered():
    rec = data.register_card({"id": "fx_dodge_data", "name": "Dodge", "runes": [], "speed": "instant",
                              "targets": [{"kind": "free_hex"}],
                              "effects": [{"do": "place", "to": 0, "t": "self"}],
                              "text": "Place this hero on target empty hex."})
    assert data.card("fx_dodge_data") is rec and "fx_dodge_data" not in data.PRINTED_CARDS


def test_aoe_templates_named_by_cards_exist_on_the_geometry_side():
    for cid in data.PRINTED_CARDS:
        for e in data.card(cid)["effects"]:
            if e["do"] == "aoe":
                assert e["template"] in hexes.AOE_TEMPLATES
