"""State operations and card effects: damage, HP, statuses, movement effects, cards and mana,
reveals and draws, AoE (R39, R59-R65, R69, R72, R81-R101, R123-R128, G7, G16, G32, G37, G38)."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.skytear import board, data, effects, hexes, ops

from .fixtures import (all_card_places, events, give, grid_map, make_state, minion, put_vortex, resolve_default,
                       stack_deck)


def open_field():
    """A 9 x 7 field without walls; token 1 on E2 (a lane along row 2); hiding hex F6."""
    return grid_map("fx_effects", 9, 7, hiding=("F6",), control={1: "E2"},
                    lanes={f"{c}2": 1 for c in "ABCDEFGHI"}, dome=("H6", "I6"))


def corridor():
    """One row A1..G1: a corridor; a white line between C1 and D1."""
    return grid_map("fx_corridor", 7, 1, white_lines=[("C1", "D1")])


def field_state(heroes, **kw):
    open_field()
    kw.setdefault("towers", {})
    kw.setdefault("control", {"1": "E2"})
    return make_state(heroes, map_name="fx_effects", **kw)


def hp(st, hero):
    return st["heroes"][hero]["hp"]


def full(hero):
    return data.hero(hero)["hp"]


# --- damage and HP -------------------------------------------------------------------------------

def test_R81_T49_armor_reduces_every_damage_instance():
    st = field_state({"sakoshi": (0, "D4"), "cotlic": (1, "E4")})
    ev = events(st)
    for _ in range(3):
        ops.deal_damage(st, "sakoshi", "cotlic", 2, ev=ev)
    assert data.hero("cotlic")["armor"] == 1
    assert hp(st, "cotlic") == full("cotlic") - 3


def test_R84_pierce_ignores_armor():
    st = field_state({"sakoshi": (0, "D4"), "cotlic": (1, "E4")})
    assert ops.deal_damage(st, "sakoshi", "cotlic", 3, pierce=True, ev=events(st)) == 3
    assert hp(st, "cotlic") == full("cotlic") - 3


def test_R82_lose_hp_ignores_armor_submit_to_me():
    st = field_state({"yami": (0, "D4"), "cotlic": (1, "E4")})
    card = data.card("submit_to_me")
    assert effects.targets_still_valid(st, card, "yami", ["cotlic"])
    resolve_default(st, card, "yami", ["cotlic"], events(st))
    assert hp(st, "cotlic") == full("cotlic") - 3
    assert st["heroes"]["cotlic"]["statuses"] == {"mark": 1, "disarm": 1}


def test_R83_heal_never_above_the_starting_hp_life_steal():
    st = field_state({"sakoshi": (0, "D4"), "tlakali": (1, "F4")})
    card = data.card("life_steal")
    resolve_default(st, card, "sakoshi", ["tlakali"], events(st))
    assert hp(st, "tlakali") == full("tlakali") - 2       # armor 0
    assert hp(st, "sakoshi") == full("sakoshi")           # was full: no HP above the start
    st["heroes"]["sakoshi"]["hp"] = full("sakoshi") - 1
    resolve_default(st, card, "sakoshi", ["tlakali"], events(st))
    assert hp(st, "sakoshi") == full("sakoshi")


def test_R85_halve_rounds_up():
    assert [ops.halve(n) for n in (0, 1, 2, 5, 6)] == [0, 1, 1, 3, 3]


def test_R39_T16_attack_with_two_reveals_takes_the_best_and_discards_both():
    """Attack value 4 (Yami's 3 and a +1 attack bonus), two "+" revealing +1 and +3, armor 1: 6 HP."""
    st = field_state({"yami": (0, "D4"), "cotlic": (1, "E4")})
    ops.add_bonus(st, "yami", "attack", 1, "activation")
    assert ops.attack_of(st, "yami") == 4 and ops.plus_of("yami") == 2
    revealed = stack_deck(st, 0, ["hurricane_strike", "tortoise_formation", "ignite"])
    assert [data.card(st["cards"][i])["modifier"] for i in revealed[:2]] == [1, 3]
    assert ops.resolve_attack(st, "yami", "cotlic", events(st)) == 6
    assert hp(st, "cotlic") == full("cotlic") - 6
    assert st["discards"]["0"] == revealed[:2] and st["decks"]["0"] == revealed[2:]


def test_R39_T17_damage_at_or_below_armor_removes_nothing():
    st = field_state({"akhuti": (0, "D4"), "cotlic": (1, "E4")})
    ops.add_bonus(st, "akhuti", "attack", -1, "activation")     # attack value 1
    ops.add_bonus(st, "cotlic", "armor", 1, "activation")       # armor 2
    stack_deck(st, 0, ["time_warp"])                            # modifier +0
    assert ops.resolve_attack(st, "akhuti", "cotlic", events(st)) == 0
    assert hp(st, "cotlic") == full("cotlic")


def test_G37_a_reveal_with_no_card_left_counts_as_zero():
    st = field_state({"sakoshi": (0, "D4")})
    assert ops.reveal_best(st, 0, 2, events(st)) == 0


def test_R69_G37_T54_an_empty_deck_is_reshuffled_from_the_discard_pile():
    st = field_state({"sakoshi": (0, "D4")})
    pile = [give(st, 0, "ambush", "discards") for _ in range(10)]
    drawn = ops.draw(st, 0, 1, events(st))
    assert len(drawn) == 1 and drawn[0] in pile
    assert len(st["decks"]["0"]) == 9 and st["discards"]["0"] == [] and st["hands"]["0"] == drawn


def test_G37_a_draw_with_nothing_left_is_skipped():
    st = field_state({"sakoshi": (0, "D4")})
    assert ops.draw(st, 0, 2, events(st)) == [] and st["hands"]["0"] == []


# --- statuses ------------------------------------------------------------------------------------

def test_R90_R94_T39_two_haste_tokens_do_not_stack():
    st = field_state({"corjof": (0, "D4")})
    ops.attach_status(st, "corjof", "haste", 2)
    assert st["heroes"]["corjof"]["statuses"] == {"haste": 2}
    assert ops.move_of(st, "corjof") == 5 and ops.skirmish_move_of(st, "corjof") == 3


def test_R94_slow_reduces_move_and_skirmish_move():
    st = field_state({"corjof": (0, "D4")})
    ops.attach_status(st, "corjof", "slow")
    assert ops.move_of(st, "corjof") == 1 and ops.skirmish_move_of(st, "corjof") == 1


def test_R95_T40_disarm_and_frenzy_and_G38_no_value_below_zero():
    st = field_state({"sakoshi": (0, "D4"), "tlakali": (1, "E4")})
    ops.attach_status(st, "sakoshi", "disarm")
    assert ops.attack_of(st, "sakoshi") == 1                   # T40: 3 - 2
    assert ops.skirmish_damage_of(st, "sakoshi") == 0          # G38: -1 counts as 0
    ops.attach_status(st, "tlakali", "disarm")
    ops.add_bonus(st, "tlakali", "attack", -1, "round")
    assert ops.attack_of(st, "tlakali") == 0                   # G38
    ops.remove_status(st, "sakoshi", "disarm")
    ops.attach_status(st, "sakoshi", "frenzy")
    assert ops.attack_of(st, "sakoshi") == 5 and ops.skirmish_damage_of(st, "sakoshi") == 1


def test_R91_T36_exhausting_removes_one_token_of_each_status():
    st = field_state({"corjof": (0, "D4")})
    st["heroes"]["corjof"]["statuses"] = {"shapeshift": 2, "haste": 1}
    ops.exhaust(st, "corjof")
    assert st["heroes"]["corjof"]["statuses"] == {"shapeshift": 1}
    assert st["heroes"]["corjof"]["state"] == "exhausted"


@pytest.mark.parametrize("status,left", [("shapeshift", {"haste": 1}), ("haste", {"shapeshift": 2})])
def test_R92_T37_removing_a_status_removes_all_its_tokens(status, left):
    st = field_state({"corjof": (0, "D4")})
    st["heroes"]["corjof"]["statuses"] = {"shapeshift": 2, "haste": 1}
    ops.remove_status(st, "corjof", status)
    assert st["heroes"]["corjof"]["statuses"] == left


def test_R93_a_status_gained_while_exhausted_lasts_until_the_next_exhaustion():
    st = field_state({"corjof": (0, "D4")})
    st["heroes"]["corjof"]["state"] = "exhausted"
    ops.attach_status(st, "corjof", "slow")
    st["heroes"]["corjof"]["state"] = "ready"          # the reset phase readies it
    assert board.has_status(st, "corjof", "slow")
    ops.exhaust(st, "corjof")
    assert not board.has_status(st, "corjof", "slow")


def test_R89_minions_and_tokens_take_no_status():
    st = field_state({"sakoshi": (0, "D4")})
    m = minion(st, 1, "E4")
    assert ops.attach_status(st, m, "slow") is False


# --- targeting -----------------------------------------------------------------------------------

def test_R22_R23_T13_a_target_must_be_within_3_and_in_los():
    st = field_state({"sakoshi": (0, "D4"), "cotlic": (1, "H4")})
    m = hexes.load_map("fx_effects")
    assert hexes.distance(m, "D4", "H4") == 4
    assert effects.legal_targets(st, data.card("ambush"), "sakoshi") == []
    st["heroes"]["cotlic"]["hex"] = "G4"
    assert effects.legal_targets(st, data.card("ambush"), "sakoshi") == [["cotlic"]]


def test_R24_T14_an_adjacent_enemy_without_target_needs_no_los():
    corridor()
    st = make_state({"sakoshi": (0, "C1"), "cotlic": (1, "D1")}, map_name="fx_corridor", towers={}, control={})
    assert not effects.targetable(st, "sakoshi", "cotlic", 1, los=True)
    assert effects.targetable(st, "sakoshi", "cotlic", 1, los=False)


def test_R17_T8_a_hero_may_target_itself():
    st = field_state({"cotlic": (0, "D4")})
    assert effects.legal_targets(st, data.card("bodyguard"), "cotlic") == [["cotlic"]]


def test_R18_R19_G13_a_hidden_hero_needs_a_spotter_but_its_hex_is_a_target():
    st = field_state({"sakoshi": (0, "D6"), "cotlic": (1, "F6")})
    assert "F6" in hexes.load_map("fx_effects").hiding
    assert not effects.targetable(st, "sakoshi", "cotlic")
    assert effects.targetable(st, "sakoshi", "F6")                 # T12: the hex itself
    st["heroes"]["tlakali"] = dict(st["heroes"]["sakoshi"], owner=0, side=0, hex="G5", hp=7)
    assert effects.targetable(st, "sakoshi", "cotlic")             # T11: Tlakali adjacent spots


def test_R25_G24_a_target_gone_out_of_range_makes_the_card_ignored():
    st = field_state({"sakoshi": (0, "D4"), "cotlic": (1, "F4")})
    card = data.card("ambush")
    assert effects.targets_still_valid(st, card, "sakoshi", ["cotlic"])
    st["heroes"]["cotlic"]["hex"] = "H4"
    assert not effects.targets_still_valid(st, card, "sakoshi", ["cotlic"])


def test_R125_T52_a_hex_target_out_of_range_cancels_the_aoe():
    st = field_state({"tlakali": (0, "D4"), "cotlic": (1, "F4")})
    card = data.card("ritual_of_a_thousand_mouths")
    assert effects.targets_still_valid(st, card, "tlakali", ["G4"])
    st["heroes"]["tlakali"]["hex"] = "B4"          # pushed away before it resolves
    assert not effects.targets_still_valid(st, card, "tlakali", ["G4"])


# --- AoE -----------------------------------------------------------------------------------------

def test_R123_R124_T52_one_reveal_for_every_target_each_minus_its_armor():
    """Shuriken Storm: a line of 3 from Sakoshi, turned toward the two enemies (not the lone one)."""
    st = field_state({"sakoshi": (0, "E4"), "cotlic": (1, "D4"), "tlakali": (1, "C4"), "yami": (1, "F4")})
    stack_deck(st, 0, ["crippling_mastery", "ignite"])            # +2 on top
    resolve_default(st, data.card("shuriken_storm"), "sakoshi", [], events(st))
    assert hp(st, "cotlic") == full("cotlic") - (3 + 2 - 1)
    assert hp(st, "tlakali") == full("tlakali") - (3 + 2)
    assert hp(st, "yami") == full("yami")
    assert len(st["discards"]["0"]) == 1                           # one reveal


def test_R123_aoe_on_a_target_hex_hits_enemies_there_and_around_not_friends():
    st = field_state({"tlakali": (0, "D4"), "cotlic": (1, "F4"), "yami": (1, "G4"), "akhuti": (0, "F3")})
    m = minion(st, 1, "F5")
    own = minion(st, 0, "G5")
    stack_deck(st, 0, ["sacrifice"])
    resolve_default(st, data.card("ritual_of_a_thousand_mouths"), "tlakali", ["F4"], events(st))
    assert hp(st, "cotlic") == full("cotlic") - 3                 # piercing: armor ignored
    assert hp(st, "yami") == full("yami") - 3
    assert hp(st, "akhuti") == full("akhuti")
    assert not ops.exists(st, m) and ops.exists(st, own)


# --- movement effects ----------------------------------------------------------------------------

def test_R127_G16_push_moves_away_from_the_caster_the_full_distance():
    st = field_state({"akhuti": (0, "C4"), "cotlic": (1, "D4")})
    m = hexes.load_map("fx_effects")
    resolve_default(st, data.card("hurricane_strike"), "akhuti", ["cotlic"], events(st))
    end = st["heroes"]["cotlic"]["hex"]
    assert hexes.distance(m, "C4", end) == 3
    assert hp(st, "cotlic") == full("cotlic")                     # 1 damage - armor 1


def test_G16_a_push_stops_at_a_hero_and_is_never_shortened_by_choice():
    corridor()
    st = make_state({"tlakali": (0, "A1"), "cotlic": (1, "B1"), "yami": (1, "D1")}, map_name="fx_corridor",
                    towers={}, control={})
    assert ops.push(st, ("A1",), "cotlic", 2, events(st)) == "C1"
    st2 = make_state({"tlakali": (0, "A1"), "cotlic": (1, "B1")}, map_name="fx_corridor", towers={}, control={})
    assert ops.push(st2, ("A1",), "cotlic", 2) == "D1"


def test_R119_the_outsider_cannot_be_pushed():
    st = field_state({"tlakali": (0, "D4")})
    st["outsider"]["hexes"] = ["E4", "F4", "E5"]
    assert ops.push(st, ("D4",), "outsider", 2) is None and st["outsider"]["hexes"] == ["E4", "F4", "E5"]


def test_R37_a_move_effect_reaches_only_hexes_within_its_steps_and_not_through_heroes():
    corridor()
    st = make_state({"gulbjarn": (0, "A1"), "cotlic": (1, "C1")}, map_name="fx_corridor", towers={}, control={})
    choices = effects.legal_targets(st, data.card("roadblock"), "gulbjarn")
    assert choices == [["B1"]]                       # C1 holds a hero; D1 lies beyond it
    st["heroes"]["cotlic"]["hex"] = "G1"
    choices = effects.legal_targets(st, data.card("roadblock"), "gulbjarn")
    assert sorted(c[0] for c in choices) == ["B1", "C1"]        # D1 is 3 away
    resolve_default(st, data.card("roadblock"), "gulbjarn", ["C1"], events(st))
    assert st["heroes"]["gulbjarn"]["hex"] == "C1" and ops.armor_of(st, "gulbjarn") == 2


def test_R37_redirection_moves_a_friend_and_is_rechecked():
    st = field_state({"akhuti": (0, "D4"), "haburat": (0, "E4")})
    combos = effects.legal_targets(st, data.card("redirection"), "akhuti")
    assert ["haburat", "G4"] in combos and ["haburat", "H4"] not in combos
    st["heroes"]["haburat"]["hex"] = "B4"
    assert not effects.targets_still_valid(st, data.card("redirection"), "akhuti", ["haburat", "G4"])


def test_place_soul_twister_puts_the_enemy_on_the_hex():
    """skytear-data S1 (G16 row): a place is a movement effect of 0 hexes (R37)."""
    st = field_state({"akhuti": (0, "D4"), "cotlic": (1, "E4")})
    card = data.card("soul_twister")
    assert ["cotlic", "B4"] in effects.legal_targets(st, card, "akhuti")
    resolve_default(st, card, "akhuti", ["cotlic", "B4"], events(st))
    assert st["heroes"]["cotlic"]["hex"] == "B4"


# --- cards, mana, draws ---------------------------------------------------------------------------

def test_R59_R60_T41_two_cards_costing_three_leave_no_mana():
    st = field_state({"sakoshi": (0, "D4")}, round_no=3)
    one, two = give(st, 0, "crippling_mastery"), give(st, 0, "ambush")
    third = give(st, 0, "ignite")
    for iid in (one, two):
        assert ops.can_play(st, "sakoshi", iid)
        ops.play_card(st, "sakoshi", iid, events(st))
    assert ops.mana_left(st, "sakoshi") == 0
    assert not ops.can_play(st, "sakoshi", third)


def test_T42_another_heros_mana_pool_is_its_own():
    st = field_state({"sakoshi": (0, "D4"), "yami": (0, "E4")}, round_no=2)
    ops.play_card(st, "sakoshi", give(st, 0, "ambush"), events(st))
    assert ops.mana_left(st, "sakoshi") == 0 and ops.mana_left(st, "yami") == 2


def test_R65_T43_the_vortex_needs_no_mana_and_is_used_once():
    st = field_state({"sakoshi": (0, "D4")}, round_no=1)
    ops.play_card(st, "sakoshi", give(st, 0, "ignite"), events(st))
    vortex = put_vortex(st, 0)
    stack_deck(st, 0, ["ambush", "ignite"])
    assert ops.mana_left(st, "sakoshi") == 0 and ops.can_play(st, "sakoshi", vortex)
    ops.play_card(st, "sakoshi", vortex, events(st))
    resolve_default(st, data.card(data.VORTEX), "sakoshi", [], events(st))
    assert st["vortex"]["used"] and vortex not in st["hands"]["0"] and vortex not in st["heroes"]["sakoshi"]["played"]
    assert len(st["hands"]["0"]) == 2
    assert not ops.can_play(st, "sakoshi", vortex)
    assert Counter(all_card_places(st)) == Counter(list(st["cards"]))


def test_R64_T44_an_ultimate_is_only_for_its_hero():
    st = field_state({"tlakali": (0, "D4"), "cotlic": (0, "E4")}, round_no=5)
    ult = give(st, 0, "this_is_my_kingdom")
    assert not ops.can_play(st, "tlakali", ult)
    assert ops.can_play(st, "cotlic", ult)


def test_G17_every_rune_colour_must_be_on_the_hero_card():
    st = field_state({"sakoshi": (0, "D4")}, round_no=5)
    assert not ops.can_play(st, "sakoshi", give(st, 0, "ice_wall"))
    assert ops.can_play(st, "sakoshi", give(st, 0, "ambush"))


def test_R88_a_defeated_hero_cannot_play_cards():
    st = field_state({"sakoshi": (0, None)}, round_no=5)
    assert not ops.can_play(st, "sakoshi", give(st, 0, "ambush"))


def test_R128_foresee_discard_some_keep_the_rest_on_top_then_draw():
    st = field_state({"gulbjarn": (0, "D4")})
    top = stack_deck(st, 0, ["ambush", "ignite", "sacrifice"])
    ev = events(st)
    follow = resolve_default(st, data.card("manifestation"), "gulbjarn", [], ev)
    assert len(follow) == 1 and follow[0]["kind"] == "foresee" and follow[0]["cards"] == top[:2]
    assert st["hands"]["0"] == []                 # the draw waits for the choice
    effects.finish_foresee(st, follow[0], [top[0]], ev)
    assert st["discards"]["0"] == [top[0]]
    assert st["hands"]["0"] == [top[1]] and st["decks"]["0"] == [top[2]]


def test_R32_time_warp_grants_an_attack_to_perform():
    st = field_state({"haburat": (0, "D4")})
    follow = resolve_default(st, data.card("time_warp"), "haburat", [], events(st))
    assert follow == [{"kind": "extra_action", "hero": "haburat", "seat": 0, "action": "attack"}]


def test_R126_R9_bonuses_last_the_activation_or_the_round():
    st = field_state({"haburat": (0, "D4"), "akhuti": (0, "E4")})
    resolve_default(st, data.card("tortoise_formation"), "haburat", ["akhuti"], events(st))
    resolve_default(st, data.card("bodyguard"), "haburat", ["akhuti"], events(st))
    assert ops.armor_of(st, "akhuti") == 3 and ops.armor_of(st, "haburat") == 2
    ops.clear_bonuses(st, "activation")
    assert ops.armor_of(st, "akhuti") == 1
    ops.clear_bonuses(st, "round")
    assert ops.armor_of(st, "akhuti") == 0 and ops.armor_of(st, "haburat") == 1


def test_R47_R48_lead_from_hand_or_unseen_from_the_deck():
    st = field_state({"cotlic": (0, "D4")})
    iid = give(st, 0, "bodyguard")
    top = stack_deck(st, 0, ["king_of_hosts"])
    ev = events(st)
    ops.lead(st, "cotlic", iid, ev)
    ops.lead(st, "cotlic", None, ev)
    assert st["heroes"]["cotlic"]["leads"] == [{"card": iid, "from": "hand"}, {"card": top[0], "from": "deck"}]
    assert ev.events[-1].private == {} and ev.events[-1].hidden      # T5: nobody sees it, the owner included
    assert ops.discard_leads(st, "cotlic") == [iid, top[0]] and st["heroes"]["cotlic"]["leads"] == []


# --- defeat ---------------------------------------------------------------------------------------

def test_R86_R67_G22_a_defeat_draws_discards_leads_and_sets_the_return_round():
    st = field_state({"sakoshi": (0, "D4"), "akhuti": (1, "E4")}, round_no=2)
    st["heroes"]["akhuti"]["hp"] = 2
    st["heroes"]["akhuti"]["statuses"] = {"slow": 1}
    lead = give(st, 1, "redirection")
    ops.lead(st, "akhuti", lead, None)
    st["illusions"]["akhuti"] = "G4"
    stack_deck(st, 0, ["ambush"])
    ops.deal_damage(st, "sakoshi", "akhuti", 5, ev=events(st))
    a = st["heroes"]["akhuti"]
    assert (a["state"], a["hex"], a["statuses"], a["returns"]) == ("defeated", None, {}, 3)   # T35: ready -> next
    assert st["discards"]["1"] == [lead] and "akhuti" not in st["illusions"]                  # data G45
    assert len(st["hands"]["0"]) == 1                                                          # R67
    assert st["counters"]["defeats"] == [1, 0] and st["counters"]["round_defeats"] == [1, 0]


def test_R86_T34_an_exhausted_hero_returns_a_round_later():
    st = field_state({"sakoshi": (0, "D4"), "cotlic": (1, "E4")}, round_no=2)
    st["heroes"]["sakoshi"]["state"] = "exhausted"
    ops.deal_damage(st, "cotlic", "sakoshi", 20)
    assert st["heroes"]["sakoshi"]["returns"] == 4


def test_R87_respawn_near_the_nexus_at_full_hp_and_ready():
    st = make_state({"sakoshi": (0, None)})
    st["heroes"]["sakoshi"].update(hp=0, returns=3)
    ops.respawn(st, "sakoshi", events(st))
    s = st["heroes"]["sakoshi"]
    m = hexes.load_map("two_lane")
    assert s["state"] == "ready" and s["hp"] == full("sakoshi") and s["returns"] is None
    assert hexes.distance_to(m, s["hex"], m.nexus[0]) == 1


def test_G33_losing_hp_to_ones_own_card_credits_nobody():
    st = field_state({"tlakali": (0, "D4"), "cotlic": (1, "F4")})
    st["heroes"]["tlakali"]["hp"] = 2
    resolve_default(st, data.card("sacrifice"), "tlakali", [], events(st))
    assert st["heroes"]["tlakali"]["state"] == "defeated"
    assert st["counters"]["defeats"] == [0, 0] and st["hands"]["1"] == []


def test_G47_each_hero_defeated_gives_one_draw():
    st = field_state({"sakoshi": (0, "E4"), "cotlic": (1, "D4"), "tlakali": (1, "C4")})
    for hero in ("cotlic", "tlakali"):
        st["heroes"][hero]["hp"] = 1
    stack_deck(st, 0, ["ignite", "ambush", "life_steal"])
    resolve_default(st, data.card("shuriken_storm"), "sakoshi", [], events(st))
    assert st["counters"]["defeats"] == [2, 0] and len(st["hands"]["0"]) == 2
    assert st["counters"]["round_defeats"] == [2, 0]


# --- minions, tokens, the Outsider ----------------------------------------------------------------

def test_R97_damage_removes_a_minion_and_counts_it():
    st = field_state({"sakoshi": (0, "D4")})
    m = minion(st, 1, "E4")
    stack_deck(st, 0, ["life_steal"])
    resolve_default(st, data.card("gathering_storm"), "sakoshi", [m], events(st))
    assert not ops.exists(st, m) and st["counters"]["minions_defeated"] == [1, 0]


def test_R99_T50_defeating_a_minion_is_not_damage():
    card = data.register_card({"id": "fx_banish", "name": "Banish", "runes": [], "speed": "normal",
                               "targets": [{"kind": "enemy_minion"}], "effects": [{"do": "defeat_minion"}],
                               "text": "Defeat target enemy minion."})
    st = field_state({"sakoshi": (0, "D4"), "tlakali": (1, "F4")})
    m = minion(st, 1, "E4")
    assert ops.deal_damage(st, "sakoshi", m, 3) == 0 and ops.exists(st, m)   # Blood Ward
    assert effects.legal_targets(st, card, "sakoshi") == [[m]]
    resolve_default(st, card, "sakoshi", [m], events(st))
    assert not ops.exists(st, m)


def test_R101_R100_G44_spawn_needs_los_to_a_token_and_places_near_it():
    st = field_state({"cotlic": (0, "E4")})
    assert effects.legal_targets(st, data.card("king_of_hosts"), "cotlic") == [["t:1"]]
    minion(st, 0, "E2")
    resolve_default(st, data.card("king_of_hosts"), "cotlic", ["t:1"], events(st))
    m = hexes.load_map("fx_effects")
    new = [x for x in st["minions"] if x["hex"] != "E2"]
    assert len(new) == 2 and all(x["side"] == 0 and x["lane"] == 1 for x in new)
    assert all(hexes.distance(m, "E2", x["hex"]) == 1 and hexes.has_los(m, "E2", x["hex"]) for x in new)
    st["heroes"]["cotlic"]["hex"] = "E7"
    assert effects.legal_targets(st, data.card("king_of_hosts"), "cotlic") == []


def test_G32_enemy_pillars_and_illusions_go_at_any_damage():
    st = field_state({"sakoshi": (0, "D4"), "akhuti": (1, "H7")})
    st["pillars"].append({"side": 1, "hex": "E4"})
    st["illusions"]["akhuti"] = "F4"
    assert set(ops.enemies_of(st, 0)) >= {"p:E4", "i:akhuti"}
    ops.deal_damage(st, "sakoshi", "p:E4", 1)
    ops.deal_damage(st, "sakoshi", "i:akhuti", 1)
    assert st["pillars"] == [] and st["illusions"] == {}


def test_G7_the_outsider_at_zero_hp_leaves_and_is_healed_R120_otherwise_a_reaction():
    st = field_state({"sakoshi": (0, "D4")})
    st["outsider"].update(hexes=["E4", "F4", "E5"], holder=1)
    ops.deal_damage(st, "sakoshi", "outsider", 3, ev=events(st))
    assert st["outsider"]["hp"] == 8 and st["outsider"]["reaction"] == {"side": 1, "against": "sakoshi"}
    assert st["counters"]["outsider_damage"] == [2, 0]
    ops.deal_damage(st, "sakoshi", "outsider", 20, ev=events(st))
    assert st["outsider"]["hexes"] == [] and st["outsider"]["hp"] == 10 and st["outsider"]["holder"] is None
    assert st["counters"]["defeats"] == [0, 0]


def test_cards_are_conserved_through_plays_leads_draws_reveals_and_defeats():
    """R61, R66, R47, R72, G22: every card instance stays in exactly one place."""
    st = field_state({"sakoshi": (0, "D4"), "tlakali": (1, "E4")}, round_no=5)
    stack_deck(st, 0, ["ambush", "ignite", "life_steal", "crippling_mastery", "ambush"])
    stack_deck(st, 1, ["sacrifice", "mudflow_surge"])
    ev = events(st)
    ops.draw(st, 0, 2, ev)
    ops.play_card(st, "sakoshi", st["hands"]["0"][0], ev)
    ops.lead(st, "sakoshi", None, ev)
    ops.lead(st, "tlakali", None, ev)
    ops.reveal_best(st, 0, 1, ev)
    ops.deal_damage(st, "sakoshi", "tlakali", 20, ev=ev)
    ops.discard_played(st, ev)
    places = all_card_places(st)
    assert Counter(places) == Counter(list(st["cards"])) and len(places) == len(set(places))
