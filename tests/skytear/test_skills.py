"""Hero skills and the Outsider's skill (R50-R57, R33, R78, R99; T22-T25, T50, T51)."""
from __future__ import annotations

from engine.skytear import board, data, hexes, ops, passives, skills

from .fixtures import events, grid_map, make_state, minion, stack_deck


def field(heroes, **kw):
    grid_map("fx_skills", 9, 7, control={1: "E2"}, lanes={f"{c}2": 1 for c in "ABCDEFGHI"})
    return make_state(heroes, map_name="fx_skills", towers={}, control={"1": "E2"}, **kw)


def hp(st, hero):
    return st["heroes"][hero]["hp"]


def full(hero):
    return data.hero(hero)["hp"]


def dist(a, b):
    return hexes.distance(hexes.load_map("fx_skills"), a, b)


# --- Taulot: Cotlic, Tlakali ------------------------------------------------------------------------

def test_T24_taulots_protection_plus_one_armor_within_3_of_a_friendly_pillar():
    st = field({"cotlic": (0, "D4"), "yami": (1, "H4")})
    assert ops.armor_of(st, "cotlic") == 1
    st["pillars"].append({"side": 1, "hex": "E4"})              # an enemy pillar does not count
    assert ops.armor_of(st, "cotlic") == 1
    st["pillars"].append({"side": 0, "hex": "G4"})
    assert dist("D4", "G4") == 3 and ops.armor_of(st, "cotlic") == 2
    st["pillars"][-1]["hex"] = "H4"
    assert ops.armor_of(st, "cotlic") == 1


def test_R54_T24_kings_might_removes_further_pillars_for_skirmish_damage():
    """Cotlic near pillar B, pillar C elsewhere: place a pillar on hex 1, remove B, then with King's
    Might remove hex 1's pillar and C: 3 removed, +3 skirmish damage."""
    st = field({"cotlic": (0, "D4")})
    st["pillars"] += [{"side": 0, "hex": "E4"}, {"side": 0, "hex": "H7"}]
    choice = {"pillar": "C4", "remove": "E4", "more": True}
    assert skills.devotion_valid(st, "cotlic", choice)
    skills.resolve_devotion(st, "cotlic", choice, events(st))
    assert st["pillars"] == []
    assert ops.skirmish_damage_of(st, "cotlic") == 3
    ops.exhaust(st, "cotlic")                                    # the bonus lasts the activation
    assert ops.skirmish_damage_of(st, "cotlic") == 0


def test_R54_G43_a_taulot_devotion_places_then_may_remove_and_skills_need_a_removal():
    st = field({"tlakali": (0, "D4"), "cotlic": (0, "E4")})
    st["heroes"]["cotlic"]["hp"] = 5
    options = skills.devotion_options(st, "tlakali")
    assert {"pillar": "C4", "remove": None} in options and {"pillar": "C4", "remove": "C4"} in options
    assert all(dist("D4", o["pillar"]) <= 3 for o in options)
    assert not any(o["pillar"] in ("D4", "E4") for o in options)          # no model there
    skills.resolve_devotion(st, "tlakali", {"pillar": "C4", "remove": None}, events(st))
    assert st["pillars"] == [{"side": 0, "hex": "C4"}] and hp(st, "cotlic") == 5   # no removal: no mending
    skills.resolve_devotion(st, "tlakali", {"pillar": "B4", "remove": "C4"}, events(st))
    assert hp(st, "cotlic") == 7                                            # Earthen Mending: +2


def test_earthen_mending_heals_the_most_wounded_friend_within_3_of_the_removed_pillar():
    """R54/G43 (a devotion-icon skill after a removal); the most wounded friend is a dominant choice (DD)."""
    st = field({"tlakali": (0, "D4"), "cotlic": (0, "E4"), "gulbjarn": (0, "I7")})
    st["heroes"]["cotlic"]["hp"] = 9
    st["heroes"]["tlakali"]["hp"] = 4
    st["heroes"]["gulbjarn"]["hp"] = 1                                     # far away
    st["pillars"].append({"side": 0, "hex": "C4"})
    skills.resolve_devotion(st, "tlakali", {"pillar": "B4", "remove": "C4"}, events(st))
    assert hp(st, "tlakali") == 6 and hp(st, "cotlic") == 9 and hp(st, "gulbjarn") == 1


def test_R99_T50_blood_ward_stops_damage_to_minions_near_tlakali_only():
    st = field({"tlakali": (0, "D4"), "sakoshi": (1, "F4")})
    near = minion(st, 0, "E5")
    far = minion(st, 0, "I7")
    assert passives.protects_minion(st, ops.find_minion(st, "E5", 0))
    assert ops.deal_damage(st, "sakoshi", near, 2) == 0 and ops.exists(st, near)
    assert ops.deal_damage(st, "sakoshi", far, 2) == 1 and not ops.exists(st, far)
    enemy = minion(st, 1, "C4")
    assert not passives.protects_minion(st, ops.find_minion(st, "C4", 1))   # only friendly minions
    ops.remove_minion(st, ops.find_minion(st, "E5", 0), "sakoshi")        # defeat is not damage
    assert not ops.exists(st, near) and ops.exists(st, enemy)


# --- Liothan: Corjof, Gulbjarn ---------------------------------------------------------------------

def test_R53_liothan_devotion_shapeshifts_the_hero_and_a_liothan_friend_within_3():
    st = field({"gulbjarn": (0, "D4"), "corjof": (0, "F4"), "cotlic": (0, "E4")})
    options = skills.devotion_options(st, "gulbjarn")
    assert options == [{"shapeshift": "corjof"}, {"shapeshift": "gulbjarn"}]   # not Cotlic (Taulot)
    skills.resolve_devotion(st, "gulbjarn", {"shapeshift": "gulbjarn"}, events(st))
    assert st["heroes"]["gulbjarn"]["statuses"] == {"shapeshift": 2}


def test_frost_skin_and_rime_shot_work_while_corjof_is_shapeshifted():
    """R53/2.5: shapeshift-icon skills work while the hero has Shapeshift."""
    st = field({"corjof": (0, "D4"), "cotlic": (1, "F4")})
    assert ops.armor_of(st, "corjof") == 0
    assert skills.after_attack(st, "corjof", "cotlic", events(st)) == []
    assert not board.has_status(st, "cotlic", "slow")
    ops.attach_status(st, "corjof", "shapeshift")
    assert ops.armor_of(st, "corjof") == 1
    skills.after_attack(st, "corjof", "cotlic", events(st))
    assert board.has_status(st, "cotlic", "slow")


def test_T23_R33_bear_fury_moves_and_hits_both_enemies_in_the_triangle_with_wild_majesty():
    st = field({"gulbjarn": (0, "C4"), "corjof": (0, "B4"), "cotlic": (1, "F4"), "yami": (1, "F3"),
                "akhuti": (1, "I7")})
    assert skills.alternatives(st, "gulbjarn") == []
    skills.resolve_devotion(st, "gulbjarn", {"shapeshift": "corjof"}, events(st))
    assert skills.alternatives(st, "gulbjarn") == [{"action": "skirmish", "skill": "bear_fury"}]
    assert ops.skirmish_damage_of(st, "gulbjarn") == 2                    # Wild Majesty: Corjof and himself
    choices = skills.alternative_choices(st, "gulbjarn", "bear_fury")
    assert "E4" in choices and "C4" in choices and all(dist("C4", h) <= 2 for h in choices)
    stack_deck(st, 0, ["wildlands", "roadblock"])                         # +2 on top
    skills.resolve_alternative(st, "gulbjarn", "bear_fury", "E4", events(st))
    assert st["heroes"]["gulbjarn"]["hex"] == "E4"
    assert hp(st, "cotlic") == full("cotlic") - (2 + 2 - 1)
    assert hp(st, "yami") == full("yami") - (2 + 2 - 1)
    assert hp(st, "akhuti") == full("akhuti")
    assert len(st["discards"]["0"]) == 1                                  # one reveal (R124)


def test_T51_bear_fury_with_haste_and_frenzy_moves_one_more_and_hits_one_harder():
    st = field({"gulbjarn": (0, "C4"), "cotlic": (1, "G4")})
    ops.attach_status(st, "gulbjarn", "shapeshift")
    plain = skills.alternative_choices(st, "gulbjarn", "bear_fury")
    assert max(dist("C4", h) for h in plain) == 2
    before = ops.skirmish_damage_of(st, "gulbjarn")
    ops.attach_status(st, "gulbjarn", "haste")
    ops.attach_status(st, "gulbjarn", "frenzy")
    fast = skills.alternative_choices(st, "gulbjarn", "bear_fury")
    assert max(dist("C4", h) for h in fast) == 3 and "F4" in fast
    assert ops.skirmish_damage_of(st, "gulbjarn") == before + 1


def test_T23_wild_majesty_counts_only_shapeshifted_liothan_heroes_within_3():
    st = field({"gulbjarn": (0, "C4"), "corjof": (0, "G4")})
    ops.attach_status(st, "gulbjarn", "shapeshift")
    ops.attach_status(st, "corjof", "shapeshift")
    assert dist("C4", "G4") == 4 and ops.skirmish_damage_of(st, "gulbjarn") == 1
    st["heroes"]["corjof"]["hex"] = "F4"
    assert ops.skirmish_damage_of(st, "gulbjarn") == 2


# --- Nupten: Akhuti, Haburat ------------------------------------------------------------------------

def test_R56_T25_illusion_mirrors_nupten_heroes_and_resonant_radiance_gives_armor():
    st = field({"akhuti": (0, "C4"), "haburat": (0, "G4"), "cotlic": (0, "E5")})
    options = skills.devotion_options(st, "akhuti")
    assert {"illusion": "akhuti", "to": "E4"} in options and {"illusion": "haburat", "to": "E4"} in options
    assert {"illusion": "akhuti", "to": "E5"} not in options              # a model stands there
    skills.resolve_devotion(st, "akhuti", {"illusion": "akhuti", "to": "E4"}, events(st))
    assert st["illusions"] == {"akhuti": "E4"}
    assert ops.armor_of(st, "akhuti") == 1 and ops.armor_of(st, "haburat") == 2   # 1 printed + 1
    assert ops.armor_of(st, "cotlic") == 1                                          # not Nupten
    assert passives.mirrored_skills(st, "haburat") == {"resonant_radiance"}


def test_R56_an_illusion_moves_within_3_of_its_current_place():
    st = field({"akhuti": (0, "A1")})
    st["illusions"]["akhuti"] = "H7"
    spots = {o["to"] for o in skills.devotion_options(st, "akhuti")}
    assert "I7" in spots and "D1" in spots and "E4" not in spots


def test_T25_R78_chastise_triggers_after_akhutis_attack_and_defeats_a_minion():
    st = field({"akhuti": (0, "C4"), "cotlic": (1, "F4")})
    d = minion(st, 1, "D4")
    e = minion(st, 1, "E5")
    stack_deck(st, 0, ["hurricane_strike"])
    ops.resolve_attack(st, "akhuti", d, events(st))
    assert not ops.exists(st, d)
    triggers = skills.after_attack(st, "akhuti", d, events(st))
    assert len(triggers) == 1 and triggers[0]["skill"] == "chastise" and triggers[0]["target"] == e
    assert triggers[0]["seat"] == 0
    skills.resolve_trigger(st, triggers[0], events(st))
    assert not ops.exists(st, e)


def test_R25_chastise_is_ignored_when_its_target_is_gone():
    st = field({"akhuti": (0, "C4")})
    e = minion(st, 1, "E5")
    trigger = skills.after_attack(st, "akhuti", e, events(st))[0]
    st["minions"].clear()
    assert not skills.trigger_valid(st, trigger)


def test_mirror_step_and_time_blade():
    """R57: Mirror Step is an illusion-icon skill every mirrored Nupten hero gains; R50: Time Blade has no icon."""
    st = field({"haburat": (0, "C4"), "akhuti": (0, "F4")})
    assert ops.move_of(st, "akhuti") == 3
    st["illusions"]["haburat"] = "E4"
    assert ops.move_of(st, "akhuti") == 4 and ops.move_of(st, "haburat") == 4
    assert ops.attack_of(st, "haburat") == 3
    ops.attach_status(st, "haburat", "haste")
    assert ops.attack_of(st, "haburat") == 4


# --- Kurumo: Sakoshi, Yami ------------------------------------------------------------------------------

def test_R52_G42_a_mark_needs_only_3_hexes_not_los():
    corridor = grid_map("fx_skills_corridor", 7, 1, white_lines=[("C1", "D1")])
    st = make_state({"sakoshi": (0, "C1"), "cotlic": (1, "E1"), "yami": (1, "G1")}, map_name=corridor.name,
                    towers={}, control={})
    assert skills.devotion_options(st, "sakoshi") == [{"mark": "cotlic"}]


def test_ember_brand_and_lava_tamer():
    """R52: the devotion-icon skill hits the marked hero; G36: Lava Tamer counts any marked hero."""
    st = field({"sakoshi": (0, "C4"), "cotlic": (1, "E4")})
    assert ops.attack_of(st, "sakoshi", "cotlic") == 3
    skills.resolve_devotion(st, "sakoshi", {"mark": "cotlic"}, events(st))
    assert st["heroes"]["cotlic"]["statuses"] == {"mark": 1}
    assert hp(st, "cotlic") == full("cotlic")                  # 1 damage - armor 1
    assert ops.attack_of(st, "sakoshi", "cotlic") == 4
    st["heroes"]["cotlic"]["statuses"] = {}
    st["heroes"]["tlakali"] = dict(st["heroes"]["cotlic"], hex="D5", hp=7)
    skills.resolve_devotion(st, "sakoshi", {"mark": "tlakali"}, events(st))
    assert hp(st, "tlakali") == 6


def test_T22_shadow_pounce_places_yami_next_to_the_marked_hero_and_hits_with_one_reveal():
    st = field({"yami": (0, "B4"), "tlakali": (1, "E4")})
    stack_deck(st, 0, ["purify_the_mind", "ignite"])           # +3 on top
    skills.resolve_devotion(st, "yami", {"mark": "tlakali"}, events(st))
    assert board.has_status(st, "tlakali", "mark")
    assert st["heroes"]["yami"]["hex"] == "D4"                  # the free hex next to E4 nearest to B4
    assert hp(st, "tlakali") == full("tlakali") - (1 + 3)
    assert len(st["discards"]["0"]) == 1


def test_night_hunter_plus_one_skirmish_damage_against_marked_heroes():
    """G36/R126: a mark-icon skill against marked heroes."""
    st = field({"yami": (0, "C4"), "cotlic": (1, "D4")})
    assert ops.skirmish_damage_of(st, "yami", "cotlic") == 0
    ops.attach_status(st, "cotlic", "mark")
    assert ops.skirmish_damage_of(st, "yami", "cotlic") == 1
    assert ops.skirmish_damage_of(st, "yami") == 0


# --- the Ancient Outsider ----------------------------------------------------------------------------

def test_skytear_pulse_hits_the_controllers_enemies_next_to_the_outsider():
    """R117/R118: an Outsider skill; G18 c: its targets are its controller's enemies."""
    st = field({"sakoshi": (0, "D3"), "cotlic": (1, "F4"), "yami": (1, "I7")})
    st["outsider"].update(hexes=["E4", "E3", "F3"], holder=0, controller=0)
    assert skills.outsider_skills(st) == ["skytear_pulse"]
    skills.resolve_outsider_skill(st, "skytear_pulse", events(st))
    assert hp(st, "sakoshi") == full("sakoshi")                 # the controller's own hero
    assert hp(st, "cotlic") == full("cotlic")                   # 1 damage - armor 1
    st["heroes"]["tlakali"] = dict(st["heroes"]["cotlic"], hex="F5", hp=7)
    skills.resolve_outsider_skill(st, "skytear_pulse", events(st))
    assert hp(st, "tlakali") == 6 and hp(st, "yami") == full("yami")


def test_devotion_choice_keys_round_trip():
    """R51-R57: every Devotion choice survives its action-id form."""
    for choice in ({"mark": "yami"}, {"pillar": "C4", "remove": None}, {"pillar": None, "remove": "D5", "more": True},
                   {"illusion": "akhuti", "to": "E5"}, {"shapeshift": "corjof"}):
        assert skills.parse_choice(skills.choice_key(choice)) == choice
