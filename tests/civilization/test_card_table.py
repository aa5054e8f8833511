"""Every card of the game with the test that exercises it: each tech (its ability, resource
ability and coin task), civilization ability, government, wonder, culture event card and great
person. The suite fails when a card has no test, or its test is gone, or the test never names
the card's id."""
from __future__ import annotations

import ast
from pathlib import Path

import pytest

from engine.civilization import data

HERE = Path(__file__).resolve().parent

# kind:card id -> "file.py::test_name". Kept in card order, one section per kind.
CARD_TESTS: dict[str, str] = {
    # ---- techs (abilities.py)
    "tech:writing": "test_event_cards.py::test_writing_cancels_a_city_action_and_the_kremlin_pays_two_resources_for_the_spy",   # cancel window (effects.py)
    "tech:civil_service": "test_event_cards.py::test_civil_service_cancels_a_culture_event_with_a_spy_but_not_a_mass_media_owners",
    "tech:mass_media": "test_event_cards.py::test_primetime_tv_and_mass_media_cancel_a_resource_ability_its_resources_are_lost",
    "tech:animal_husbandry": "test_abilities.py::test_animal_husbandry_and_biology_remove_wounds_once_per_battle",
    "tech:code_of_laws": "test_abilities.py::test_code_of_laws_puts_a_coin_on_the_card_after_a_battle_won",
    "tech:currency": "test_abilities.py::test_t17_r61_r91_currency_once_a_turn_then_chivalry_and_metal_casting",
    "tech:horseback_riding": "test_abilities.py::test_horseback_riding_gives_9_trade_and_6_to_a_chosen_player_in_the_start_step",
    "tech:masonry": "test_abilities.py::test_r92_characteristics_card_by_card",
    "tech:metalworking": "test_abilities.py::test_r117_metalworking_makes_the_next_unit_played_stronger",
    "tech:navigation": "test_abilities.py::test_r92_characteristics_card_by_card",
    "tech:philosophy": "test_abilities.py::test_philosophy_pays_three_resources_for_a_random_great_person",
    "tech:pottery": "test_abilities.py::test_r92_pottery_democracy_printing_press_coin_tasks",
    "tech:chivalry": "test_abilities.py::test_t17_r61_r91_currency_once_a_turn_then_chivalry_and_metal_casting",
    "tech:construction": "test_abilities.py::test_animal_husbandry_construction_banking_add_production_this_turn",
    "tech:democracy": "test_abilities.py::test_r92_pottery_democracy_printing_press_coin_tasks",
    "tech:engineering": "test_abilities.py::test_g26_engineering_splits_one_citys_production_between_two_items",
    "tech:irrigation": "test_abilities.py::test_r92_characteristics_card_by_card",
    "tech:mathematics": "test_abilities.py::test_r117_mathematics_and_ballistics_wound_enemy_units",
    "tech:monarchy": "test_abilities.py::test_r93_monarchy_makes_an_ancient_wonder_obsolete_or_kills_a_unit",
    "tech:printing_press": "test_abilities.py::test_r92_pottery_democracy_printing_press_coin_tasks",
    "tech:sailing": "test_abilities.py::test_r92_characteristics_card_by_card",
    "tech:banking": "test_abilities.py::test_animal_husbandry_construction_banking_add_production_this_turn",
    "tech:biology": "test_abilities.py::test_animal_husbandry_and_biology_remove_wounds_once_per_battle",
    "tech:communism": "test_abilities.py::test_communism_freezes_a_square_for_the_turn",
    "tech:gunpowder": "test_abilities.py::test_gunpowder_obsoletes_a_medieval_wonder_or_destroys_a_building",
    "tech:metal_casting": "test_abilities.py::test_t17_r61_r91_currency_once_a_turn_then_chivalry_and_metal_casting",
    "tech:military_science": "test_abilities.py::test_military_science_adds_production_per_3_coins",
    "tech:railroad": "test_abilities.py::test_railroad_and_computers_coins_count",
    "tech:steam_power": "test_abilities.py::test_steam_power_ships_a_square_to_water_in_two_choices",
    "tech:theology": "test_abilities.py::test_r92_characteristics_card_by_card",
    "tech:atomic_theory": "test_abilities.py::test_atomic_theory_extra_city_actions_or_a_city_destroyed",
    "tech:ballistics": "test_abilities.py::test_r117_mathematics_and_ballistics_wound_enemy_units",
    "tech:combustion": "test_abilities.py::test_combustion_removes_walls_and_destroys_a_building_ended_on",
    "tech:computers": "test_abilities.py::test_computers_battle_hand_and_culture_hand_per_5_coins",
    "tech:flight": "test_abilities.py::test_flight_passes_over_enemy_figures",
    "tech:replaceable_parts": "test_abilities.py::test_r92_characteristics_card_by_card",
    "tech:space_flight": "test_abilities.py::test_space_flight_wins_at_once",
    # ---- civilizations (abilities.py)
    "civ:america": "test_abilities.py::test_america_rushes_2_production_for_3_trade",
    "civ:china": "test_abilities.py::test_china_gains_culture_from_huts_and_villages_and_returns_a_killed_unit",
    "civ:egypt": "test_abilities.py::test_egypt_builds_a_building_free_with_a_city_action",
    "civ:germany": "test_abilities.py::test_germany_gets_a_free_unit_and_a_market_resource_for_a_unit_tech",
    "civ:rome": "test_abilities.py::test_rome_advances_on_the_culture_track_when_it_founds_a_city",
    "civ:russia": "test_abilities.py::test_russia_sacrifices_a_figure_in_an_enemy_city_to_learn_a_tech",
    # ---- governments (abilities.py, cities.py)
    "government:anarchy": "test_abilities.py::test_r19_r20_r21_changing_government_costs_anarchy_unless_just_unlocked",
    "government:despotism": "test_abilities.py::test_government_effects_card_by_card",
    "government:republic": "test_abilities.py::test_government_effects_card_by_card",
    "government:monarchy": "test_abilities.py::test_government_effects_card_by_card",
    "government:democracy": "test_abilities.py::test_democracy_government_adds_trade_each_turn_and_feudalism_harvests",
    "government:feudalism": "test_abilities.py::test_democracy_government_adds_trade_each_turn_and_feudalism_harvests",
    "government:communism": "test_abilities.py::test_government_effects_card_by_card",
    "government:fundamentalism": "test_abilities.py::test_government_effects_card_by_card",
    # ---- great people (cities.py, combat.py)
    "great_person:artist": "test_abilities.py::test_r59_every_great_person_gives_its_icons_and_the_general_a_bonus",
    "great_person:builder": "test_abilities.py::test_r59_every_great_person_gives_its_icons_and_the_general_a_bonus",
    "great_person:general": "test_abilities.py::test_r59_every_great_person_gives_its_icons_and_the_general_a_bonus",
    "great_person:humanitarian": "test_abilities.py::test_r59_every_great_person_gives_its_icons_and_the_general_a_bonus",
    "great_person:merchant": "test_abilities.py::test_r59_every_great_person_gives_its_icons_and_the_general_a_bonus",
    "great_person:scientist": "test_abilities.py::test_r59_every_great_person_gives_its_icons_and_the_general_a_bonus",
    # ---- wonders (wonders.py)
    "wonder:colossus": "test_wonders.py::test_r10_colossus_stonehenge_louvre_work_at_the_start_of_the_turn",
    "wonder:hanging_gardens": "test_wonders.py::test_hanging_gardens_builds_a_free_figure_on_its_square_once_a_turn",
    "wonder:stonehenge": "test_wonders.py::test_t51_r93_g34_an_obsolete_stonehenge_loses_its_ability_but_keeps_its_culture",
    "wonder:chichen_itza": "test_wonders.py::test_chichen_itza_gives_every_city_3_production",
    "wonder:angkor_wat": "test_wonders.py::test_angkor_wat_harvests_twice_once_a_turn",
    "wonder:himeji": "test_wonders.py::test_himeji_gives_every_unit_1_strength_in_battle",
    "wonder:porcelain_tower": "test_wonders.py::test_porcelain_tower_lowers_the_research_threshold_by_5",
    "wonder:louvre": "test_wonders.py::test_r10_colossus_stonehenge_louvre_work_at_the_start_of_the_turn",
    "wonder:panama_canal": "test_wonders.py::test_panama_canal_puts_a_coin_on_the_wonder_each_turn",
    "wonder:statue_of_liberty": "test_wonders.py::test_statue_of_liberty_learns_a_tech_another_player_knows",
    "wonder:big_ben": "test_wonders.py::test_big_ben_takes_one_of_each_market_resource",
    "wonder:kremlin": "test_wonders.py::test_kremlin_spends_two_resources_in_place_of_a_spy_once_a_turn",
    # ---- culture event cards (event_cards.py)
    "event:bread_and_circuses": "test_event_cards.py::test_bread_and_circuses_cancels_only_an_event_that_targets_its_holder",
    "event:defection": "test_event_cards.py::test_defection_kills_one_figure_within_4_orthogonal_squares",
    "event:disoriented": "test_event_cards.py::test_disoriented_lost_out_of_position_move_a_group_never_into_battle",
    "event:drought": "test_event_cards.py::test_g9_drought_turns_a_square_into_desert_with_its_icons",
    "event:duty_and_honor": "test_event_cards.py::test_duty_and_honor_nationalism_patriotism_build_units_before_the_hand",
    "event:exchange_of_ideas": "test_event_cards.py::test_exchange_of_ideas_knowledge_shared_think_tank",
    "event:sabotage": "test_event_cards.py::test_t35_r47_sabotage_destroys_a_building_never_a_wonder",
    "event:citizens_revolting_1": "test_event_cards.py::test_r10_r57_a_start_card_is_played_in_the_own_start_step_and_goes_under_its_deck",
    "event:we_love_despot": "test_event_cards.py::test_we_love_the_king_adds_production_this_turn",
    "event:generous_gift": "test_event_cards.py::test_generous_gift_and_princely_gift_pay_as_a_resource_only_when_tokens_fall_short",
    "event:catastrophe": "test_event_cards.py::test_catastrophe_reaches_6_and_disaster_takes_two_anywhere",
    "event:deforestation": "test_event_cards.py::test_g9_deforestation_only_on_forest_and_the_12_markers_are_a_limit",
    "event:jousting_tourney": "test_event_cards.py::test_jousting_tourney_cancels_a_culture_event_in_the_cancel_window",
    "event:knowledge_shared": "test_event_cards.py::test_exchange_of_ideas_knowledge_shared_think_tank",
    "event:lost": "test_event_cards.py::test_disoriented_lost_out_of_position_move_a_group_never_into_battle",
    "event:mass_defection": "test_event_cards.py::test_mass_defection_kills_two_figures_or_a_great_person",
    "event:nationalism": "test_event_cards.py::test_duty_and_honor_nationalism_patriotism_build_units_before_the_hand",
    "event:citizens_revolting_2": "test_event_cards.py::test_citizens_revolting_2_sets_anarchy",
    "event:we_love_queen": "test_event_cards.py::test_we_love_the_king_adds_production_this_turn",
    "event:princely_gift": "test_event_cards.py::test_generous_gift_and_princely_gift_pay_as_a_resource_only_when_tokens_fall_short",
    "event:disaster": "test_event_cards.py::test_catastrophe_reaches_6_and_disaster_takes_two_anywhere",
    "event:out_of_position": "test_event_cards.py::test_disoriented_lost_out_of_position_move_a_group_never_into_battle",
    "event:patriotism": "test_event_cards.py::test_duty_and_honor_nationalism_patriotism_build_units_before_the_hand",
    "event:primetime_tv": "test_event_cards.py::test_primetime_tv_and_mass_media_cancel_a_resource_ability_its_resources_are_lost",
    "event:think_tank": "test_event_cards.py::test_exchange_of_ideas_knowledge_shared_think_tank",
    "event:we_love_president": "test_event_cards.py::test_we_love_the_king_adds_production_this_turn",
    "event:wholesale_defection": "test_event_cards.py::test_wholesale_defection_reaches_any_square",
}

KINDS = {"tech": "techs", "civ": "civilizations", "government": "governments",
         "great_person": "great_people", "wonder": "wonders", "event": "culture_events"}


def every_card() -> list[str]:
    return [f"{kind}:{record['id']}" for kind, collection in KINDS.items()
            for record in data.collection(collection)]


def _test_source(ref: str) -> str | None:
    file, _, name = ref.partition("::")
    path = HERE / file
    if not path.exists():
        return None
    tree = ast.parse(path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)) and node.name == name:
            return ast.get_source_segment(path.read_text(encoding="utf-8"), node)
    return None


@pytest.mark.parametrize("card", every_card())
def test_every_card_has_a_test_that_names_it(card):
    ref = CARD_TESTS.get(card)
    assert ref, f"{card} has no test in CARD_TESTS"
    source = _test_source(ref)
    assert source is not None, f"{card}: {ref} does not exist"
    assert card.split(":", 1)[1] in source, f"{card}: {ref} never names {card.split(':', 1)[1]}"


def test_the_table_names_only_real_cards():
    assert set(CARD_TESTS) <= set(every_card())
