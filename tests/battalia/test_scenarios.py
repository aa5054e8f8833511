"""The worked examples and often-overlooked points of section 9 of the spec (T1-T36)."""
from __future__ import annotations

import pytest

from engine.base import IllegalAction
from engine.battalia import RULES, board, oracle, turns

from .helpers import (actions_phase, clear_hand, force_roll, give, ids, listed, moves, put_tile, ready_game)


def act(s, seat, a):
    s2, ev = RULES.apply(s, seat, listed(s, seat, a))
    return s2


def refused(s, seat, a):
    with pytest.raises(IllegalAction):
        RULES.apply(s, seat, listed(s, seat, a))


# ---------------------------------------------------------------- T1, T14, T15

def test_T1_R42_R40_R41_R12_craft_and_hire_in_one_turn():
    s = actions_phase()
    sup = give(s, 0, [("supply", None)] * 3)
    sol, cap, pri = give(s, 0, [("soldier", None), ("captain", None), ("priest", None)])
    supply_before = len(s["pool"]["supply"])
    s = act(s, 0, f"craft:scroll:{sol},{cap},{pri}")
    p = s["players"][0]
    assert [s["cards"][c]["t"] for c in p["gained"]] == ["scroll"]  # no Supply with a craft (R42)
    assert len(s["pool"]["supply"]) == supply_before
    s = act(s, 0, f"hire:captain:{','.join(sup)}")
    p = s["players"][0]
    assert [s["cards"][c]["t"] for c in p["gained"]] == ["scroll", "captain", "supply"]  # R41
    assert p["hand"] == []
    s = act(s, 0, "end")
    p = s["players"][0]
    assert set(p["gained"]) == set() and len(p["hand"]) == 6


def test_T14_R41_R42_one_supply_per_unit_none_per_artifact():
    s = actions_phase()
    give(s, 0, [("supply", None)] * 5 + [("soldier", None)] * 3)
    s = act(s, 0, "hire:commander")
    assert sorted(s["cards"][c]["t"] for c in s["players"][0]["gained"]) == ["commander", "supply"]
    s = act(s, 0, "craft:tool")
    assert sorted(s["cards"][c]["t"] for c in s["players"][0]["gained"]) == ["commander", "supply", "tool"]


def test_T15_R12_card_gained_this_turn_cannot_be_played():
    s = actions_phase()
    give(s, 0, [("supply", None)] * 2)
    s = act(s, 0, "hire:soldier")
    gained_supply = next(c for c in s["players"][0]["gained"] if s["cards"][c]["t"] == "supply")
    other = give(s, 0, [("supply", None)])[0]
    refused(s, 0, f"hire:soldier:{gained_supply},{other}")


# ---------------------------------------------------------------- T2

def _t2_board():
    s = actions_phase(4, seed=3)
    ruins = s["board"]["d4"]
    s["board"] = {"d4": ruins}
    put_tile(s, "f6", "city", "cross", 0, owner=0, level=1)
    put_tile(s, "f5", "road", "straight", 0)      # N-S road joining f6
    put_tile(s, "e6", "road", "straight", 1)      # E-W road: no road on its north edge
    put_tile(s, "b2", "road", "straight", 0)      # a road of nobody's network
    return s


def test_T2_R45_city_placement_legality():
    s = _t2_board()
    assert board.placement_ok(s, 0, "f4", "city", "cross", 0) is None                     # A
    assert "connected by road" in board.placement_ok(s, 0, "b3", "city", "cross", 0)      # B: R45f
    assert "Roads must meet roads" in board.placement_ok(s, 0, "e5", "city", "cross", 0)  # C: R45d
    assert "share an edge with a card" in board.placement_ok(s, 0, "a6", "city", "cross", 0)  # D: R45b
    assert "Two cities may not" in board.placement_ok(s, 0, "f7", "city", "cross", 0)     # E: R45c


def test_T2_R48_R49_city_gets_level_of_rank_and_can_be_upgraded_at_once():
    s = _t2_board()
    give(s, 0, [("captain", None)] * 3 + [("priest", None)] * 2)
    s = act(s, 0, "city:2:cross")
    refused(s, 0, "place:f7:0")
    s = act(s, 0, "place:f4:0")
    assert s["board"]["f4"]["owner"] == 0 and s["board"]["f4"]["level"] == 2
    s = act(s, 0, "upgrade:f4")
    assert s["board"]["f4"]["level"] == 3


def test_R44_two_step_build_draws_then_places():
    s = _t2_board()
    give(s, 0, [("soldier", None), ("supply", None)])
    s = act(s, 0, "road:straight")
    assert s["pending"]["kind"] == "place"
    opts = moves(s, 0)
    assert opts and all(o.startswith("place:") for o in opts)
    refused(s, 0, "place:a1:0")
    s = act(s, 0, opts[0])
    assert s["pending"] is None


# ---------------------------------------------------------------- T3

def test_T3_R22_R63_R65_R42_R58_R60_R55_formation_and_transformation_chain():
    s = ready_game(2, seed=5, options={"removed_faction": "R"}, factions=["G", "Y"])
    clear_hand(s, 0)
    hand = give(s, 0, [("soldier", "G"), ("soldier", "G"), ("captain", "G"), ("tool", "G"), ("amulet", "G"),
                       ("supply", None)])
    hand += []
    g = give(s, 0, [("scroll", "Y"), ("title", "Y"), ("supply", None)], zone="realm")
    s["players"][0]["realm"] = g + [c for c in s["players"][0]["realm"] if c not in g]
    # 5 Forest Clan cards in hand: Large Formation, +3 (R22)
    extra, groups = turns.formation_extra(s, s["players"][0]["hand"])
    assert extra == 3 and groups == {"G": 5}
    s = act(s, 0, "formation")
    assert len(s["players"][0]["hand"]) == 9
    scroll, title, sup2 = g
    sol1, sol2, cap, tool, amulet, sup1 = hand
    # Cloud Clan Title on a Spell Scroll, declared Forest Clan (R64, R65)
    s = act(s, 0, f"scroll:{scroll}:{title}:G")
    new_title = next(c for c in s["players"][0]["hand"] if s["cards"][c]["t"] == "title")
    assert s["cards"][new_title]["f"] == "G" and title in s["pool"]["artifacts"]["title"]
    # Forest Soldier on that Title becomes a Forest Captain (R63): a chain (R36)
    s = act(s, 0, f"title:{new_title}:{sol1}")
    caps = [c for c in s["players"][0]["hand"] if s["cards"][c]["t"] == "captain" and c != cap]
    assert len(caps) == 1 and s["cards"][caps[0]]["f"] == "G"
    assert s["pool"]["units"]["soldier"][-1] == sol1  # to the bottom of its deck
    # that Captain and 2 Supply craft a Horse (R42)
    s = act(s, 0, f"craft:horse:{caps[0]},{sup1},{sup2}")
    assert s["cards"][s["players"][0]["gained"][-1]]["t"] == "horse"
    # Soldier on an Amulet rolls 3: three Soldiers, forked over rows (R58, R60)
    force_roll(s, 3)
    s = act(s, 0, f"amulet:{amulet}:{sol2}")
    virt = [c for c in s["players"][0]["hand"] if c.startswith("v")]
    assert len(virt) == 2
    # a Captain with two (virtual) Soldiers crafts a Weapon
    s = act(s, 0, f"craft:weapon:{cap},{virt[0]},{virt[1]}")
    assert s["cards"][s["players"][0]["gained"][-1]]["t"] == "weapon"
    # a Tool with the third Soldier builds a level-1 city (R55, R48)
    home = board.cities_of(s, 0)[0]
    put_tile(s, {"b2": "b3", "f6": "f5"}[home], "road", "straight", 0)  # a road out of the home city
    s = act(s, 0, f"city:1:dead:{tool},{sol2}")
    place = moves(s, 0)[0]
    s = act(s, 0, place)
    assert len(board.cities_of(s, 0)) == 2 and home in board.cities_of(s, 0)


# ---------------------------------------------------------------- T4, T35, T24

def _road_line():
    """Seat 0's city at b2 (2 players) with a road east b2-c2-d2-e2 and a side branch."""
    s = actions_phase(2, seed=7, options={"removed_faction": "R"}, factions=["G", "B"])
    ruins = s["board"]["d4"]
    s["board"] = {"d4": ruins}
    put_tile(s, "b2", "city", "cross", 0, owner=0, level=1)
    for sq in ("c2", "d2", "e2"):
        put_tile(s, sq, "road", "straight", 1)   # E-W
    put_tile(s, "b3", "road", "straight", 1)     # E-W: touches b2 but its north edge has no road
    s["players"][0]["heroes"] = ["b2", None]
    return s


def test_T4_R80_R82_horse_movement_along_roads_only():
    s = _road_line()
    (horse,) = give(s, 0, [("horse", None)])
    reach = board.move_costs(s, 0, "b2")
    assert "b3" not in reach             # no road joins b2 and b3 directly (R82)
    assert "d4" not in reach             # the Ruins behind empty squares
    refused(s, 0, f"move:1:b3:{horse}")
    s2 = act(s, 0, f"move:1:c2:{horse}")  # 1 of 3 squares: the rest is lost (R80)
    assert s2["players"][0]["heroes"][0] == "c2" and horse in s2["players"][0]["played"]
    s3 = act(s, 0, f"move:1:e2:{horse}")
    assert s3["players"][0]["heroes"][0] == "e2"


def test_T35_R80_one_horse_one_hero_two_horses_two_heroes():
    s = _road_line()
    s["players"][0]["heroes"] = ["b2", "b2"]
    h1, h2 = give(s, 0, [("horse", None), ("horse", None)])
    s = act(s, 0, f"move:1:e2:{h1}")
    refused(s, 0, f"move:2:e2:{h1}")  # the first Horse is spent
    s = act(s, 0, f"move:2:d2:{h2}")
    assert s["players"][0]["heroes"] == ["e2", "d2"]


def test_T24_R83_moving_onto_an_enemy_hero_starts_no_battle():
    s = _road_line()
    s["players"][1]["heroes"] = ["c2", None]
    give(s, 0, [("supply", None)])
    s = act(s, 0, "move:1:c2:sup")
    assert s["battle"] is None and s["players"][0]["heroes"][0] == "c2"


def test_R79_supply_moves_one_square_each():
    s = _road_line()
    give(s, 0, [("supply", None)] * 2)
    refused(s, 0, "move:1:e2:sup")
    s = act(s, 0, "move:1:d2:sup")
    assert s["players"][0]["hand"] == []


# ---------------------------------------------------------------- T5, T19, T22

def _city_battle():
    """Blue (seat 0) hero on Red's (seat 1) level-3 city at d2."""
    s = actions_phase(2, seed=11, options={"removed_faction": "G"}, factions=["B", "R"])
    put_tile(s, "d2", "city", "cross", 0, owner=1, level=3)
    s["players"][0]["heroes"] = ["d2", None]
    return s


def test_T5_T19_T22_R88_R89_R93_R94_R95_R100_city_battle_tie_goes_to_defender():
    s = _city_battle()
    w, c1 = give(s, 0, [("weapon", "B"), ("captain", "B")])
    s1, c2, c3 = give(s, 0, [("soldier", "B"), ("captain", "B"), ("captain", "Y")])
    clear_hand(s, 1)
    rs, rc = give(s, 1, [("soldier", "R"), ("commander", "Y")])
    s = act(s, 0, "attack:d2:city:1")
    refused(s, 0, f"add:{c1}")                 # a Weapon first (R57)
    s = act(s, 0, f"add:{w}")
    s = act(s, 0, f"add:{c1}")
    v = RULES.view(s, None)["battle"]
    assert (v["attacker_total"], v["defender_total"]) == (4, 3)  # 1 + 2 + hero bonus 1 vs 3
    s = act(s, 0, "commit")
    assert RULES.active_players(s) == {1}
    s = act(s, 1, "fight:n:-")
    s = act(s, 1, f"add:{rs}")
    s = act(s, 1, "commit")                     # 4:4 is enough for the defender (R93)
    for c in (s1, c2, c3):
        s = act(s, 0, f"add:{c}")
    v = RULES.view(s, None)["battle"]
    assert (v["attacker_total"], v["defender_total"]) == (8, 4)  # the Cloud Captain kills the bonus
    s = act(s, 0, "commit")
    s = act(s, 1, f"add:{rc}")
    s = act(s, 1, "commit")
    assert RULES.view(s, None)["battle"]["defender_total"] == 8
    s = act(s, 0, "pass")
    assert s["battle"] is None
    assert s["players"][0]["heroes"] == [None, None]       # R95
    assert s["board"]["d2"]["owner"] == 1                   # the city stays Red
    assert len(s["players"][1]["hand"]) == 0                # no refill yet (R100, T22)
    assert set(s["players"][1]["sanctuary"]) >= {rs, rc}    # G21
    s = act(s, 0, "end")
    assert len(s["players"][1]["hand"]) == 6


def test_R99_conquest_replaces_marker():
    s = _city_battle()
    w, c1, c2 = give(s, 0, [("weapon", "B"), ("commander", "B"), ("commander", "B")])
    s = act(s, 0, "attack:d2:city:1")
    for c in (w, c1):
        s = act(s, 0, f"add:{c}")
    s = act(s, 0, "commit")
    s = act(s, 1, "surrender")                              # G22
    assert s["board"]["d2"]["owner"] == 0 and s["board"]["d2"]["level"] == 3
    assert s["players"][0]["heroes"][0] == "d2"


# ---------------------------------------------------------------- T6, T29

def test_T6_T29_R113_illuminated_amulet_two_different_cards():
    s = actions_phase(2, seed=13, options={"removed_faction": "R"})
    s["round"] = 3
    assert oracle.illuminated(3) == "amulet"
    amulet, title, sol, tool = give(s, 0, [("amulet", None), ("title", None), ("soldier", "G"), ("tool", None)])
    force_roll(s, 2)
    s = act(s, 0, f"amulet:{amulet}:{title}")
    copies = [c for c in s["players"][0]["hand"] if c.startswith("v")]
    assert len(copies) == 1 and amulet in s["players"][0]["hand"]   # not discarded after the first roll
    refused(s, 0, f"amulet:{amulet}:{title}")                       # never the same card twice (T29)
    before = set(s["players"][0]["hand"])
    s = act(s, 0, f"title:{title}:{sol}")
    (new,) = set(s["players"][0]["hand"]) - before
    assert s["cards"][new]["t"] == "captain" and s["cards"][new]["f"] == "G"
    force_roll(s, 4)
    s = act(s, 0, f"amulet:{amulet}:{tool}")
    assert s["players"][0]["ambush"] == [tool]                       # no card banished for it
    assert amulet in s["players"][0]["sanctuary"]                    # R58: then the Amulet goes to the Sanctuary


# ---------------------------------------------------------------- T7, T8

def test_T7_R127_terrain_bonus_advanced():
    s = actions_phase(2, seed=17, options={"variant": "advanced", "removed_faction": "G"}, factions=["R", "Y"])
    put_tile(s, "d2", "city", "cross", 0, owner=1, level=2, terrain="R")
    put_tile(s, "f4", "city", "cross", 0, owner=1, level=2, terrain="Y")
    s["players"][0]["heroes"] = ["d2", "f4"]
    (w,) = give(s, 0, [("weapon", "B")])
    s2 = act(s, 0, "attack:d2:city:1")
    s2 = act(s2, 0, f"add:{w}")
    assert RULES.view(s2, None)["battle"]["attacker_total"] == 2   # Weapon 1 + Canyon 1, no hero bonus
    assert RULES.view(s2, None)["battle"]["defender_total"] == 2   # level 2, no bonus for Gold
    s3 = act(s, 0, "attack:f4:city:2")
    s3 = act(s3, 0, f"add:{w}")
    assert RULES.view(s3, None)["battle"]["defender_total"] == 3   # level 2 + Mountains 1


def test_T8_R126_G33_free_steps_on_home_terrain():
    s = actions_phase(2, seed=19, options={"variant": "advanced", "removed_faction": "G"}, factions=["Y", "R"])
    ruins = s["board"]["d4"]
    s["board"] = {"d4": ruins}
    put_tile(s, "d6", "city", "cross", 0, owner=0, level=1, terrain="R")
    put_tile(s, "c6", "road", "curve", 0, terrain="B")        # N,E
    put_tile(s, "c5", "road", "straight", 0, terrain="Y")     # N,S home
    put_tile(s, "c4", "road", "curve", 1, terrain="R")        # E,S
    s["board"]["d6"]["shape"] = "cross"
    # path d6 -> c6 -> c5 -> c4 -> d4 : c5 is home terrain (Mountains) -> cost 3 (c6, c4, d4)
    reach = board.move_costs(s, 0, "d6")
    assert reach["d4"][0] == 3 and reach["d4"][1] == ["d6", "c6", "c5", "c4", "d4"]
    s["players"][0]["heroes"] = ["d6", None]
    (horse,) = give(s, 0, [("horse", None)])
    s = act(s, 0, f"move:1:d4:{horse}")
    assert s["players"][0]["heroes"][0] == "d4"


# ---------------------------------------------------------------- T9-T13 Formation

def test_T9_R23_formation_only_before_anything_else():
    s = ready_game(2, seed=21, options={"removed_faction": "R"})
    clear_hand(s, 0)
    give(s, 0, [("soldier", "B")] * 3)
    assert "formation" in moves(s, 0)
    refused(s, 0, "hire:soldier")           # no action before step 1 is settled
    s = act(s, 0, "start")
    refused(s, 0, "formation")


def test_T10_R26_formation_and_redeploy_exclusive():
    s = ready_game(2, seed=23, options={"removed_faction": "R"})
    clear_hand(s, 0)
    give(s, 0, [("soldier", "B")] * 3)
    s1 = act(s, 0, "formation")
    refused(s1, 0, "redeploy")
    s2 = act(s, 0, "redeploy")
    assert len(s2["players"][0]["hand"]) == 5
    refused(s2, 0, "formation")


def test_T11_R20_R32_ambush_cards_ignored_for_formation():
    s = ready_game(2, seed=25, options={"removed_faction": "R"})
    clear_hand(s, 0)
    give(s, 0, [("soldier", "B")] * 2 + [("captain", "B")] * 2 + [("supply", None)] * 2)
    give(s, 0, [("priest", "B")] * 2, zone="ambush")
    assert turns.formation_extra(s, s["players"][0]["hand"])[0] == 2
    s = act(s, 0, "formation")
    assert len(s["players"][0]["hand"]) == 6 + 2 + 2  # +2 drawn, then 2 Ambush cards picked up (R29)


def test_T12_R22_two_small_formations():
    s = ready_game(2, seed=27, options={"removed_faction": "R"})
    clear_hand(s, 0)
    give(s, 0, [("soldier", "G")] * 3 + [("soldier", "B")] * 3)
    assert turns.formation_extra(s, s["players"][0]["hand"])[0] == 2


def test_T13_R21_great_artifact_counts_for_any_faction():
    s = ready_game(2, seed=29, options={"removed_faction": "R"})
    clear_hand(s, 0)
    give(s, 0, [("horn", None), ("soldier", "Y"), ("soldier", "Y"), ("soldier", "G"), ("soldier", "B"),
                ("supply", None)])
    assert turns.formation_extra(s, s["players"][0]["hand"])[0] == 1


# ---------------------------------------------------------------- T16, T17, T18

def test_T16_R9_draw_takes_realm_then_reshuffles_sanctuary():
    s = actions_phase(2, seed=31)
    p = s["players"][0]
    allc = p["realm"] + p["sanctuary"]
    p["realm"], p["sanctuary"] = allc[:2], allc[2:12]
    first_two = list(p["realm"])
    rest = allc[12:]
    p["sanctuary"] += rest
    from engine.battalia.cards import draw
    drawn, reshuffled = draw(s, 0, 6)
    assert drawn[:2] == first_two and reshuffled and len(drawn) == 6


def test_G12_draw_what_exists():
    s = actions_phase(2, seed=31)
    p = s["players"][0]
    p["sanctuary"] += p["realm"]
    p["realm"] = []
    keep = p["sanctuary"][:3]
    s["pool"]["void"] += p["sanctuary"][3:]
    p["sanctuary"] = keep
    from engine.battalia.cards import draw
    drawn, _ = draw(s, 0, 6)
    assert len(drawn) == 3


def test_T17_R11_R31_no_banish_below_ten_cards():
    s = actions_phase(2, seed=33)
    p = s["players"][0]
    p["hand"] = p["realm"][:2]
    p["realm"] = p["realm"][2:]
    from engine.battalia.cards import physical_deck
    assert len(physical_deck(s, 0)) == 10
    a, b = p["hand"]
    refused(s, 0, f"ambush:{a}:{b}")
    give(s, 0, [("supply", None)])
    s = act(s, 0, f"ambush:{a}:{b}")
    assert s["players"][0]["ambush"] == [a] and b in s["pool"]["void"]


def test_T18_R30_R61_fourth_ambush_card_forces_a_discard():
    s = actions_phase(2, seed=35)
    amb = give(s, 0, [("soldier", None)] * 3, zone="ambush")
    amulet, target = give(s, 0, [("amulet", None), ("captain", None)])
    force_roll(s, 4)
    s = act(s, 0, f"amulet:{amulet}:{target}")
    assert s["pending"]["kind"] == "drop"
    assert moves(s, 0) == [f"drop:{c}" for c in amb]
    s = act(s, 0, f"drop:{amb[1]}")
    assert s["players"][0]["ambush"] == [amb[0], amb[2], target]
    assert amb[1] in s["players"][0]["sanctuary"]


# ---------------------------------------------------------------- T20, T21

def _hero_battle():
    s = _road_line()
    for sq in ("f2", "g2"):
        pass
    s["players"][1]["heroes"] = ["c2", None]
    s["players"][0]["heroes"] = ["c2", None]
    return s


def test_T20_R96_G32_retreat_only_right_after_the_opening():
    s = _hero_battle()
    (w,) = give(s, 0, [("weapon", "G")])
    (w2,) = give(s, 0, [("weapon", "G")])
    clear_hand(s, 1)
    sups = give(s, 1, [("supply", None)] * 3)
    (sol,) = give(s, 1, [("soldier", "B")])
    s = act(s, 0, "attack:c2:p1:1")
    s = act(s, 0, f"add:{w}")
    s = act(s, 0, "commit")
    opts = moves(s, 1)
    assert "retreat:e2:sup" in opts                 # c2 -> d2 -> e2 (2 squares, 2 Supply)
    refused(s, 1, "retreat:b2:sup")                 # the attacker's city (R96)
    refused(s, 1, "retreat:d2:sup")                 # only one square away (G32)
    s_r = act(s, 1, f"retreat:e2:{sups[0]},{sups[1]}")
    assert s_r["players"][1]["heroes"][0] == "e2" and s_r["battle"] is None
    s_f = act(s, 1, "fight:n:1")
    refused(s_f, 1, "retreat:e2:sup")               # too late now
    s_f = act(s_f, 1, f"add:{sol}")
    s_f = act(s_f, 1, "commit")
    s_f = act(s_f, 0, f"add:{w2}")
    s_f = act(s_f, 0, "commit")
    s_f = act(s_f, 1, "pass")
    assert s_f["players"][1]["heroes"][0] is None   # the attacked hero is disbanded (R95)


def test_T21_R92_R69_declined_ambush_stays_tent_cards_any_time():
    s = _hero_battle()
    (w,) = give(s, 0, [("weapon", None)])
    clear_hand(s, 1)
    give(s, 1, [("commander", None)], zone="ambush")
    tent_cards = give(s, 1, [("tent", None), ("captain", "B")])
    s["players"][1]["hand"].remove(tent_cards[0])
    s["players"][1]["hand"].remove(tent_cards[1])
    s["players"][1]["tents"].append({"tent": tent_cards[0], "cards": [tent_cards[1]], "round": 0})
    s = act(s, 0, "attack:c2:p1:1")
    s = act(s, 0, f"add:{w}")
    s = act(s, 0, "commit")
    s = act(s, 1, "fight:n:1")
    assert not any(a.startswith("fight:y") for a in moves(s, 1))
    assert len(s["players"][1]["ambush"]) == 1 and s["players"][1]["hand"] == []
    s = act(s, 1, f"strike:{tent_cards[0]}")
    assert s["players"][1]["hand"] == [tent_cards[1]]
    s = act(s, 1, f"add:{tent_cards[1]}")
    s = act(s, 1, "commit")
    assert RULES.view(s, None)["battle"]["defender_total"] == 2 + 1  # Captain + hero bonus (Islander)


# ---------------------------------------------------------------- T23 Oracle

def test_T23_R109_G24_oracle_round_one_not_rotated_and_data_sequence():
    assert (oracle.illuminated(1), oracle.matched(1)) == ("tool", "tool")
    seq = [(oracle.illuminated(r), oracle.matched(r)) for r in range(2, 9)]
    assert seq == [("weapon", "scroll"), ("amulet", "weapon"), ("title", "tent"), ("scroll", "amulet"),
                   ("tent", "horse"), ("horse", "title"), ("tool", "tool")]  # data.md G6
    s = ready_game(2, seed=37)
    assert s["round"] == 1
    s = act(s, 0, "start")
    s = act(s, 0, "end")
    assert s["round"] == 1
    s = act(s, 1, "start")
    s = act(s, 1, "end")
    assert s["round"] == 2 and RULES.view(s, None)["oracle"]["illuminated"] == "weapon"


def test_R108_matched_artifact_searched_by_faction():
    s = actions_phase(2, seed=39, options={"removed_faction": "R"})
    s["round"] = 2  # Scroll matched
    give(s, 0, [("soldier", None), ("captain", None), ("priest", None)])
    s = act(s, 0, "craft:scroll:Y")
    assert s["cards"][s["players"][0]["gained"][-1]]["f"] == "Y"
    give(s, 0, [("soldier", None)] * 2 + [("captain", None)])
    refused(s, 0, "craft:weapon:Y")


# ---------------------------------------------------------------- T25-T28

def test_T25_R5_G4_no_marker_no_level3():
    s = _city_battle()
    s["players"][0]["markers"]["high"] = 0
    own = board.cities_of(s, 0)[0]
    s["board"][own]["level"] = 2
    give(s, 0, [("priest", None)] * 5)
    refused(s, 0, f"upgrade:{own}")
    refused(s, 0, "city:3:dead")


def test_T26_R72_hammer_powerless_in_battle():
    s = _city_battle()
    w, hammer = give(s, 0, [("weapon", None), ("hammer", None)])
    assert "hammer:title" in moves(s, 0)
    s = act(s, 0, "attack:d2:city:1")
    refused(s, 0, "hammer:title")
    refused(s, 0, f"add:{hammer}")


def test_T27_R112_illuminated_weapon_used_twice_counts_one():
    s = _city_battle()
    s["round"] = 2  # Weapon illuminated
    own = board.cities_of(s, 0)[0]
    w = give(s, 0, [("weapon", "B")])[0]
    give(s, 0, [("supply", None)] * 2)
    s = act(s, 0, f"hero:{own}")
    assert w in s["players"][0]["hand"]            # one use left
    s = act(s, 0, "attack:d2:city:1")
    s = act(s, 0, f"add:{w}")
    assert RULES.view(s, None)["battle"]["attacker_total"] == 1 + 1  # +1 and the hero bonus
    s2 = _city_battle()
    s2["round"] = 2
    w2 = give(s2, 0, [("weapon", "Y")])[0]
    s2 = act(s2, 0, "attack:d2:city:1")
    s2 = act(s2, 0, f"add:{w2}:2")
    assert RULES.view(s2, None)["battle"]["attacker_total"] == 2     # doubled when used once


def test_T28_R116_no_second_card_on_an_earlier_tent():
    s = actions_phase(2, seed=41)
    s["round"] = 6  # Tent illuminated
    tent, a, b, sup = give(s, 0, [("tent", None), ("soldier", None), ("captain", None), ("supply", None)])
    s = act(s, 0, f"tent:{tent}:{a}")
    assert s["players"][0]["tents"][0]["cards"] == [a]
    refused(s, 0, f"tent:{tent}:{b}")
    s2 = actions_phase(2, seed=41)
    s2["round"] = 6
    tent, a, b, sup = give(s2, 0, [("tent", None), ("soldier", None), ("captain", None), ("supply", None)])
    s2 = act(s2, 0, f"tent:{tent}:{a},{b}")       # two cards at once for one Supply
    assert s2["players"][0]["tents"][0]["cards"] == [a, b]


# ---------------------------------------------------------------- T30, T31

def test_T30_R103_R104_neutral_city_reward_only_once():
    s = actions_phase(2, seed=43, options={"removed_faction": "G"}, factions=["R", "B"])
    nsq = next(sq for sq, t in s["board"].items() if t.get("owner") == "neutral")
    terrain = s["board"][nsq]["terrain"]
    s["players"][0]["heroes"] = [nsq, None]
    w, sol = give(s, 0, [("weapon", "R"), ("soldier", "B")])
    s = act(s, 0, f"attack:{nsq}:neutral:1")
    s = act(s, 0, f"add:{w}")
    s = act(s, 0, f"add:{sol}")
    refused(s, 0, "commit")                     # 1 + 1 = 2 does not exceed 4 (R103, G23)
    (cmd,) = give(s, 0, [("commander", "B")])
    s = act(s, 0, f"add:{cmd}")
    s = act(s, 0, "commit")                     # 6 > 4
    assert s["board"][nsq]["owner"] == 0 and s["board"][nsq]["level"] == 4
    gained = [s["cards"][c] for c in s["players"][0]["gained"]]
    assert {"t": "commander", "f": terrain} in gained and {"t": "supply", "f": None} in gained
    s = act(s, 0, "end")
    s = act(s, 1, "start")
    clear_hand(s, 1)
    s["players"][1]["heroes"] = [nsq, None]
    cards = give(s, 1, [("weapon", "B"), ("commander", "B"), ("commander", "B")])
    s = act(s, 1, f"attack:{nsq}:city:1")
    for c in cards:
        s = act(s, 1, f"add:{c}")
    s = act(s, 1, "commit")
    s = act(s, 0, "surrender")
    assert s["board"][nsq]["owner"] == 1 and s["board"][nsq]["level"] == 4
    assert s["players"][1]["gained"] == []      # no Commander, no Supply the second time


def test_T31_R43_G23_one_great_artifact_per_player():
    s = actions_phase(2, seed=45)
    s["players"][0]["heroes"] = ["d4", None]
    s["players"][0]["great"] = s["pool"]["great"][0]
    give(s, 0, [("weapon", None)])
    refused(s, 0, "attack:d4:ruins:1")
    assert not any(a.startswith("attack:d4:ruins") for a in moves(s, 0))


def test_R105_R107_ruins_attack_gives_a_chosen_great_artifact():
    s = actions_phase(2, seed=45)
    s["players"][0]["heroes"] = ["d4", None]
    cards = give(s, 0, [("weapon", None), ("commander", None), ("commander", None)])
    s = act(s, 0, "attack:d4:ruins:1")
    for c in cards:
        s = act(s, 0, f"add:{c}")
    s = act(s, 0, "commit")                     # 9 > 8
    assert s["pending"]["kind"] == "great"
    choice = moves(s, 0)[0]
    s = act(s, 0, choice)
    g = s["players"][0]["great"]
    assert g in s["players"][0]["gained"] and s["cards"][g]["t"] == choice.split(":")[1]


# ---------------------------------------------------------------- T32, T33

def _nearly_full(n=2):
    s = actions_phase(n, seed=47)
    empties = board.empty_squares(s)
    for sq in empties[:-1]:
        s["impassable"].append(sq)
    return s, empties[-1]


def test_T32_R119_R123_last_square_ends_game_best_score_wins():
    s = actions_phase(4, seed=47)
    ruins = s["board"]["d4"]
    s["board"] = {"d4": ruins}
    put_tile(s, "c4", "city", "cross", 0, owner=1, level=4)       # seat 1 leads
    put_tile(s, "b4", "road", "straight", 1)
    put_tile(s, "b2", "city", "cross", 0, owner=0, level=1)
    put_tile(s, "b3", "road", "t", 0)                            # N E S ... joins b2 and b4? (N,E,S)
    for sq in board.empty_squares(s):
        if sq != "a4":
            s["impassable"].append(sq)
    s["board"]["b4"]["shape"] = "cross"
    give(s, 0, [("soldier", None), ("supply", None)])
    s = act(act(s, 0, "road:straight"), 0, "place:a4:1")
    r = RULES.result(s)
    assert r is not None and r.winners == [1] and r.scores == {0: 1, 1: 4, 2: 0, 3: 0}


def test_T33_R120_G25_squares_no_card_fits_become_impassable():
    s = actions_phase(2, seed=49)
    ruins = s["board"]["d4"]
    s["board"] = {"d4": ruins}
    put_tile(s, "c3", "city", "cross", 0, owner=0, level=1)
    put_tile(s, "e3", "city", "cross", 0, owner=1, level=1)
    # d3 lies between two cities whose roads point at it: only a road can go there
    for shape in list(s["pool"]["roads"]):
        s["pool"]["box_terrain"] += s["pool"]["roads"][shape]
        s["pool"]["roads"][shape] = []
    newly = board.update_impassable(s)
    assert "d3" in newly
    for sq in board.empty_squares(s):
        s["impassable"].append(sq)
    assert board.board_full(s)


def test_R121_five_level4_cities_end_the_game():
    s = actions_phase(4, seed=51)
    ruins = s["board"]["d4"]
    s["board"] = {"d4": ruins}
    for sq, shape in (("a1", "cross"), ("c1", "t"), ("e1", "straight"), ("g1", "corner")):
        put_tile(s, sq, "city", shape, 0, owner=0, level=4)
    put_tile(s, "a3", "city", "dead", 0, owner=0, level=3)
    put_tile(s, "a2", "road", "straight", 0)
    give(s, 0, [("commander", None)] * 2)
    s = act(s, 0, "upgrade:a3")
    assert RULES.result(s).winners == [0] and "five level-4 cities" in RULES.result(s).reason  # R121


# ---------------------------------------------------------------- T34, T36, T17 etc.

def test_T34_R76_horn_with_one_realm_card():
    s = actions_phase(2, seed=53)
    p = s["players"][0]
    p["sanctuary"] += p["realm"][1:]
    p["realm"] = p["realm"][:1]
    san = list(p["sanctuary"])
    (horn,) = give(s, 0, [("horn", None)])
    s = act(s, 0, "horn")
    assert s["pending"]["max"] == 1
    only = s["players"][0]["realm"][0]
    refused(s, 0, f"hornpick:{only},{san[0]}")
    s = act(s, 0, f"hornpick:{only}")
    assert s["players"][0]["hand"] == [only] and s["players"][0]["sanctuary"] == san


def test_T36_R63_title_falls_back_to_top_and_shuffles():
    s = actions_phase(2, seed=55, options={"removed_faction": "G"})
    title, priest = give(s, 0, [("title", None), ("priest", "B")])
    deck = s["pool"]["units"]["commander"]
    s["pool"]["box"] += [c for c in deck if s["cards"][c]["f"] == "B"]
    deck[:] = [c for c in deck if s["cards"][c]["f"] != "B"]
    top = deck[0]
    s = act(s, 0, f"title:{title}:{priest}")
    assert s["players"][0]["hand"] == [top]
    assert s["pool"]["units"]["priest"][-1] == priest
