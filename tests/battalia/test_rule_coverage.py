"""One focused test per Battalia rule not cited by the other test files, through the public engine
contract (RULES.setup / legal_actions / apply / view / result) on positions built with the helpers."""
from __future__ import annotations

import json
import re

import pytest

from engine.base import IllegalAction
from engine.battalia import RULES, board, data, oracle

from .helpers import (actions_phase, clear_hand, force_roll, give, ids, listed, moves, put_tile, ready_game,
                      road_line, to_actions)


def act(s, seat, a):
    s2, _ = RULES.apply(s, seat, listed(s, seat, a))
    return s2


def refused(s, seat, a, match=None):
    with pytest.raises(IllegalAction, match=match):
        RULES.apply(s, seat, listed(s, seat, a))


def verbs(s, seat):
    return {a.split(":")[0] for a in moves(s, seat)}


def deck_size(view, seat):
    """Every card of a player's creation deck, counted from the public view (R6)."""
    p = view["players"][seat]
    return (p["hand_size"] + p["realm_size"] + p["sanctuary_size"] + p["ambush_count"] + len(p["played"])
            + len(p["gained"]) + len(p["line"]) + sum(1 + len(t["cards"]) for t in p["tents"]))


def hero_battle_opened(def_heroes=("c2", None), def_cards=(), def_ambush=()):
    """Seat 0's hero attacks seat 1's hero on the road square c2; the opening (a Forest Weapon) is
    committed and seat 1 must decide."""
    s = road_line()
    s["players"][0]["heroes"] = ["c2", None]
    s["players"][1]["heroes"] = list(def_heroes)
    (w,) = give(s, 0, [("weapon", "G")])
    clear_hand(s, 1)
    dc = give(s, 1, list(def_cards))
    da = give(s, 1, list(def_ambush), zone="ambush")
    s = act(s, 0, "attack:c2:p1:1")
    s = act(s, 0, f"add:{w}")
    s = act(s, 0, "commit")
    return s, dc, da


def city_attack(level=3, seed=11):
    """Islander seat 0's hero stands on Ember seat 1's city d2 of the given level."""
    s = actions_phase(2, seed=seed, options={"removed_faction": "G"}, factions=["B", "R"])
    put_tile(s, "d2", "city", "cross", 0, owner=1, level=level)
    s["players"][0]["heroes"] = ["d2", None]
    return s


def finish_on_f5(s):
    """Make f5 the only empty square next to seat 0's cross city f6 and build a road there (2 players):
    the board is then full (R119)."""
    for sq in board.empty_squares(s):
        if sq != "f5":
            s["impassable"].append(sq)
    give(s, 0, [("soldier", None), ("supply", None)])
    return act(act(s, 0, "road:straight"), 0, "place:f5:0")


def two_player_board():
    s = actions_phase(2, seed=61, options={"removed_faction": "Y"}, factions=["G", "B"])
    s["board"] = {"d4": s["board"]["d4"]}
    put_tile(s, "f6", "city", "cross", 0, owner=0, level=1)
    put_tile(s, "b2", "city", "cross", 0, owner=1, level=1)
    return s


# ---------------------------------------------------------------- 5.1 core concepts

def test_R1_every_card_has_a_faction_supply_neutral_great_universal():
    """R1: units, artifacts, terrain cards and hero/marker sets belong to a faction; Supply is
    neutral; Great Artifacts are universal."""
    s = RULES.setup(4, {}, 2)
    per_faction = {}
    for c in s["cards"].values():
        if c["t"] in data.UNIT_TYPES or c["t"] in data.ARTIFACT_TYPES:
            assert c["f"] in data.FACTIONS
            per_faction[(c["t"] in data.UNIT_TYPES, c["f"])] = per_faction.get((c["t"] in data.UNIT_TYPES, c["f"]), 0) + 1
        elif c["t"] == "supply":
            assert c["f"] is None
        else:
            assert c["t"] in data.GREAT_TYPES and c["f"] == "*"
    assert {f: per_faction[(True, f)] for f in data.FACTIONS} == {f: 20 for f in data.FACTIONS}
    assert {f: per_faction[(False, f)] for f in data.FACTIONS} == {f: 21 for f in data.FACTIONS}
    assert all(t["terrain"] in data.FACTIONS for t in s["terrain"].values())
    s = ready_game(4, 2)
    assert sorted(p["faction"] for p in s["players"]) == sorted(data.FACTIONS)


def test_R2_victory_points_are_the_levels_of_controlled_cities():
    """R2: a player's VP equal the sum of the levels of the cities he controls, at any moment."""
    s = two_player_board()
    put_tile(s, "d2", "city", "t", 0, owner=0, level=3)
    v = RULES.view(s, None)["players"]
    assert (v[0]["vp"], v[1]["vp"]) == (4, 1)
    put_tile(s, "c5", "city", "straight", 0, owner="neutral", level=4)  # neutral cities score for nobody
    give(s, 0, [("commander", None)] * 2)
    s = act(s, 0, "upgrade:d2")
    v = RULES.view(s, None)["players"]
    assert (v[0]["vp"], v[1]["vp"]) == (5, 1)


def test_R3_seven_by_seven_grid_heroes_only_on_discovered_land():
    """R3: a 7x7 grid; built squares are discovered land; heroes move only on discovered land."""
    assert len(board.ALL_SQUARES) == 49 and len(set(board.ALL_SQUARES)) == 49
    s = road_line()
    give(s, 0, [("supply", None)] * 4)
    hero_moves = [a for a in moves(s, 0) if a.startswith("move:")]
    assert hero_moves and all(a.split(":")[2] in s["board"] for a in hero_moves)
    refused(s, 0, "move:1:f2:sup")  # unexplored square next to the road's end
    refused(s, 0, "move:1:b3:sup")


def test_R4_taking_from_a_pool_deck_takes_its_top_card():
    """R4: taking a card from a Common Pool deck means taking its top card; no choice."""
    s = actions_phase(2, seed=3)
    sup = give(s, 0, [("supply", None)] * 3)
    top, sup_top = s["pool"]["units"]["captain"][0], s["pool"]["supply"][0]
    assert RULES.view(s, None)["pool"]["units"]["captain"]["top_faction"] == s["cards"][top]["f"]
    s = act(s, 0, f"hire:captain:{','.join(sup)}")
    assert s["players"][0]["gained"] == [top, sup_top]
    assert top not in s["pool"]["units"]["captain"]


# ---------------------------------------------------------------- 5.2 creation deck

def test_R6_creation_deck_is_ten_starting_cards_plus_every_gain():
    """R6: the creation deck (Realm, hand, Sanctuary, Ambush, Tents, table) holds the 10 starting
    cards plus every card gained."""
    s = ready_game(2, 5)
    assert [deck_size(RULES.view(s, None), p) for p in (0, 1)] == [10, 10]
    s = act(s, 0, "start")
    clear_hand(s, 0)
    give(s, 0, [("supply", None)] * 2)  # test set-up: 12 cards now
    assert deck_size(RULES.view(s, None), 0) == 12
    s = act(s, 0, "hire:soldier")
    assert deck_size(RULES.view(s, None), 0) == 14
    s = act(s, 0, "end")
    assert deck_size(RULES.view(s, None), 0) == 14


def test_R8_own_sanctuary_and_realm_count_visible_never_realm_cards():
    """R8: a player may look through his own Sanctuary and count his Realm, never see the Realm."""
    s = actions_phase(2, seed=9)
    p0 = s["players"][0]
    mine = RULES.view(s, 0)
    assert [c["id"] for c in mine["sanctuary"]] == p0["sanctuary"]
    assert mine["realm_count"] == len(p0["realm"]) == 4
    text = json.dumps(mine)
    assert not set(re.findall(r"\bk\d+\b", text)) & set(p0["realm"])
    other = RULES.view(s, 1)
    assert [c["id"] for c in other["sanctuary"]] == s["players"][1]["sanctuary"]  # his own, not seat 0's
    assert not set(re.findall(r"\bk\d+\b", json.dumps(other))) & set(p0["sanctuary"][:-1])


def test_R10_played_cards_lie_face_up_in_the_players_area():
    """R10: cards played go face up on the table in the player's area; any number may be played."""
    s = actions_phase(2, seed=13)
    sup = give(s, 0, [("supply", None)] * 5)
    s = act(s, 0, f"hire:commander:{','.join(sup)}")
    public = RULES.view(s, None)["players"][0]
    assert sorted(c["id"] for c in public["played"]) == sorted(sup)
    assert all(c["type"] == "supply" for c in public["played"])


def test_R13_one_row_and_one_transformation_per_card_per_turn():
    """R13: each hand card is used in only one combination per turn and receives at most one
    transformation per turn."""
    s = actions_phase(2, seed=15)
    a, b, c = give(s, 0, [("supply", None)] * 3)
    s = act(s, 0, f"hire:soldier:{a},{b}")
    refused(s, 0, f"hire:soldier:{a},{c}", match="not in your hand")
    s = actions_phase(2, seed=15)
    am1, am2, sol = give(s, 0, [("amulet", None), ("amulet", None), ("soldier", None)])
    force_roll(s, 1)
    s = act(s, 0, f"amulet:{am1}:{sol}")
    assert sol in s["players"][0]["hand"]  # roll 1: nothing happens, still usable
    refused(s, 0, f"amulet:{am2}:{sol}", match="at most one transformation")


def test_R14_hand_of_six_extended_by_ambush_pick_up():
    """R14: the hand drawn at end of turn is 6 cards; Ambush cards picked up extend it beyond 6."""
    s = actions_phase(2, seed=17)
    give(s, 0, [("soldier", None), ("captain", None)], zone="ambush")
    s = act(s, 0, "end")
    assert len(s["players"][0]["hand"]) == 6 and len(s["players"][0]["ambush"]) == 2
    s = act(s, 1, "start")
    s = act(s, 1, "end")
    s = act(s, 0, "start")
    assert len(s["players"][0]["hand"]) == 8


def test_R15_end_of_turn_discards_all_but_ambush_and_tents():
    """R15: step T4: played, gained and leftover hand cards go to the Sanctuary; Ambush cards and
    Tent-stationed cards stay; the hand is then empty (before the new draw)."""
    s = actions_phase(2, seed=19)
    give(s, 0, [("supply", None)] * 6, zone="realm")  # enough Realm cards: no reshuffle at the draw
    sup1, sup2, sup3, tent, cap, sol, ban, pri = give(
        s, 0, [("supply", None)] * 3 + [("tent", None), ("captain", None), ("soldier", None),
                                        ("soldier", None), ("priest", None)])
    s = act(s, 0, f"hire:soldier:{sup1},{sup2}")
    gained = list(s["players"][0]["gained"])
    s = act(s, 0, f"tent:{tent}:{cap}:{sup3}")
    s = act(s, 0, f"ambush:{sol}:{ban}")
    realm_top = s["players"][0]["realm"][:6]
    s = act(s, 0, "end")
    p = s["players"][0]
    assert {sup1, sup2, sup3, pri, *gained} <= set(p["sanctuary"])
    assert p["ambush"] == [sol] and p["tents"][0]["cards"] == [cap] and p["tents"][0]["tent"] == tent
    assert p["hand"] == realm_top and p["played"] == [] and p["gained"] == []


def test_R16_end_of_turn_draws_six_new_cards_from_the_realm():
    """R16: step T5: the player draws 6 new cards (from the Realm, R9)."""
    s = actions_phase(2, seed=21)
    give(s, 0, [("soldier", None)] * 3, zone="realm")
    expected = s["players"][0]["realm"][:6]
    s = act(s, 0, "end")
    assert s["players"][0]["hand"] == expected and len(s["players"][0]["realm"]) == 1


# ---------------------------------------------------------------- 5.3 turn structure

def test_R17_random_fixed_start_player_and_clockwise_turns():
    """R17: the start player is chosen at random at setup and stays the same; turns go clockwise."""
    assert len({RULES.setup(3, {}, seed)["first"] for seed in range(30)}) == 3
    s = ready_game(3, 4, {"first_player": 1})
    order = []
    for _ in range(6):
        seat = s["current"]
        order.append((s["round"], seat))
        s = act(s, seat, "start")
        s = act(s, seat, "end")
    assert order == [(1, 1), (1, 2), (1, 0), (2, 1), (2, 2), (2, 0)]
    assert s["first"] == 1 and s["current"] == 1 and s["round"] == 3


def test_R18_five_steps_in_order():
    """R18: (1) Formation/Redeploy, (2) Ambush pick-up, (3) actions, (4) discard, (5) draw."""
    s = ready_game(2, 23)
    (amb,) = give(s, 0, [("commander", None)], zone="ambush")
    assert s["phase"] == "start" and {"redeploy", "start"} <= verbs(s, 0)
    # step 1 is offered with the moves of step 3, each of which takes steps 1 (none) and 2 first
    assert verbs(s, 0) - {"formation", "redeploy", "start"} == verbs(to_actions(s), 0)
    s = act(s, 0, "start")
    assert amb in s["players"][0]["hand"] and s["players"][0]["ambush"] == []  # step 2
    refused(s, 0, "redeploy")  # step 1 is over
    s = act(s, 0, "end")  # steps 4 and 5
    assert s["players"][0]["played"] == [] and len(s["players"][0]["hand"]) == 6
    assert s["current"] == 1 and s["phase"] == "start"


def test_R19_any_number_of_actions_repeats_or_pass():
    """R19: in step 3 the player may perform several actions, repeat one, or pass."""
    s = actions_phase(2, seed=25)
    assert moves(s, 0) == ["end"]  # nothing to play: he may pass
    give(s, 0, [("supply", None)] * 4 + [("soldier", None)] * 3)
    s = act(s, 0, "hire:soldier")
    s = act(s, 0, "hire:soldier")  # the same action again
    s = act(s, 0, "craft:tool")
    types = sorted(s["cards"][c]["t"] for c in s["players"][0]["gained"])
    assert types == ["soldier", "soldier", "supply", "supply", "tool"]
    s = act(s, 0, "end")
    assert s["current"] == 1


# ---------------------------------------------------------------- 5.4 Formation and Redeploy

def test_R24_redeploy_discards_the_hand_and_draws_five():
    """R24: Redeploy: discard the entire hand and draw 5 new cards from the Realm."""
    s = ready_game(2, 27)
    give(s, 0, [("supply", None)] * 3, zone="realm")
    old = list(s["players"][0]["hand"])
    expected = s["players"][0]["realm"][:5]
    s = act(s, 0, "redeploy")
    p = s["players"][0]
    assert p["hand"] == expected and set(old) <= set(p["sanctuary"]) and s["phase"] == "actions"


def test_R25_redeploy_at_most_once_per_turn():
    """R25: Redeploy at most once per turn."""
    s = ready_game(2, 29)
    s = act(s, 0, "redeploy")
    assert "redeploy" not in moves(s, 0)
    refused(s, 0, "redeploy")


def test_R27_formation_is_optional():
    """R27: declaring a Formation is optional: a player with one may simply start the turn."""
    s = ready_game(2, 31, {"removed_faction": "R"})
    clear_hand(s, 0)
    give(s, 0, [("soldier", "B")] * 3 + [("supply", None)] * 3)
    assert "formation" in moves(s, 0)
    realm = list(s["players"][0]["realm"])
    s = act(s, 0, "start")
    assert len(s["players"][0]["hand"]) == 6 and s["players"][0]["realm"] == realm


# ---------------------------------------------------------------- 5.5 Ambush

def test_R33_defender_fighting_back_may_pick_up_ambush():
    """R33: a defender who fights back may pick up his Ambush cards at that moment (R92)."""
    s, _, amb = hero_battle_opened(def_ambush=[("commander", "B"), ("soldier", "B")])
    assert "fight:y:1" in moves(s, 1)
    s = act(s, 1, "fight:y:1")
    assert sorted(s["players"][1]["hand"]) == sorted(amb) and s["players"][1]["ambush"] == []
    s = act(s, 1, f"add:{amb[0]}")
    assert RULES.view(s, None)["battle"]["defender_total"] == 4 + 1  # Commander + Islander hero bonus


# ---------------------------------------------------------------- 5.6 actions in general

def test_R34_the_eight_actions_are_offered():
    """R34: acquire, build road/city, upgrade, use an artifact, hire a hero, move heroes, Ambush, battle."""
    s = road_line()
    s["players"][0]["heroes"] = ["c2", None]
    s["players"][1]["heroes"] = ["c2", None]
    give(s, 0, [("supply", None)] * 5 + [("soldier", None)] * 3 + [("captain", None)] * 2
         + [("weapon", None), ("amulet", None)])
    offered = verbs(s, 0)
    assert {"hire", "craft", "road", "city", "upgrade", "amulet", "hero", "move", "ambush", "attack"} <= offered


def test_R35_each_action_is_its_own_row_and_a_card_joins_one_row():
    """R35: each action is a separate row of face-up cards; a card can be played in one row only."""
    s = actions_phase(2, seed=33)
    a, b, c = give(s, 0, [("supply", None)] * 3)
    refused(s, 0, f"hire:soldier:{a},{a}", match="only once in a row")
    s = act(s, 0, f"hire:soldier:{a},{b}")
    assert sorted(s["players"][0]["played"]) == sorted([a, b])
    refused(s, 0, "hire:soldier")  # one Supply left: a second row needs its own two
    refused(s, 0, f"hire:soldier:{b},{c}")


def test_R37_acquisition_row_is_closed():
    """R37: the acquired card ends the row, which is then closed: nothing enters or leaves it."""
    s = actions_phase(2, seed=35)
    give(s, 0, [("supply", None)] * 3 + [("soldier", None)] * 2)
    s = act(s, 0, "hire:captain")
    cap, sup = s["players"][0]["gained"]
    assert cap not in s["players"][0]["hand"] and sup not in s["players"][0]["hand"]
    sols = [x for x in s["players"][0]["hand"] if s["cards"][x]["t"] == "soldier"]
    refused(s, 0, f"craft:weapon:{cap},{sols[0]},{sols[1]}")
    refused(s, 0, f"ambush:{cap}:{sols[0]}")


def test_R38_only_units_supply_and_the_tool_form_acquisition_combinations():
    """R38: only units and Supply form acquisition combinations; the Tool is the only artifact allowed."""
    s = actions_phase(2, seed=37)
    w, sup, horse, cap, sol, tool = give(s, 0, [("weapon", None), ("supply", None), ("horse", None),
                                               ("captain", None), ("soldier", None), ("tool", None)])
    refused(s, 0, f"hire:soldier:{w},{sup}")
    refused(s, 0, f"craft:weapon:{cap},{sol},{horse}")
    s = act(s, 0, f"craft:weapon:{cap},{tool}")
    assert s["cards"][s["players"][0]["gained"][-1]]["t"] == "weapon"


def test_R39_no_limit_on_acquisitions_per_turn():
    """R39: no limit to the cards added in one turn; acquiring and building can be mixed."""
    s = road_line()
    give(s, 0, [("supply", None)] * 9 + [("soldier", None)])
    for _ in range(4):
        s = act(s, 0, "hire:soldier")
    s = act(act(s, 0, "road:straight"), 0, "place:f2:1")
    assert len(s["players"][0]["gained"]) == 8 and s["board"]["f2"]["kind"] == "road"


# ---------------------------------------------------------------- 5.8 building

def test_R47_simple_road_one_soldier_forked_road_two():
    """R47: a simple road costs 1 Soldier + 1 Supply; a forked road 2 Soldiers + 1 Supply."""
    costs = data.cards()["costs"]
    assert costs["road_simple"] == {"soldier": 1, "supply": 1} and costs["road_forked"] == {"soldier": 2, "supply": 1}
    s = road_line()
    sol, sup = give(s, 0, [("soldier", None), ("supply", None)])
    offered = set(moves(s, 0))
    assert {"road:straight", "road:curve"} <= offered and not {"road:t", "road:cross"} & offered
    refused(s, 0, f"road:t:{sol},{sup}", match="Soldier")
    (sol2,) = give(s, 0, [("soldier", None)])
    assert {"road:t", "road:cross"} <= set(moves(s, 0))
    s = act(act(s, 0, f"road:t:{sol},{sol2},{sup}"), 0, "place:f2:1")
    assert s["board"]["f2"]["shape"] == "t"


def test_R50_city_level_markers_are_limited():
    """R50: city level markers are limited (R5): no level-1/2 marker left, no level-1 city."""
    s = road_line()
    s["players"][0]["markers"]["low"] = 0
    give(s, 0, [("soldier", None)] * 3)
    assert not any(a.startswith("city:1") for a in moves(s, 0))
    refused(s, 0, "city:1:dead", match="no city marker")
    s["players"][0]["markers"]["low"] = 1
    assert any(a.startswith("city:1") for a in moves(s, 0))


def test_R51_conquest_changes_only_the_marker():
    """R51: no rule removes a placed city or road card; conquest only changes the marker."""
    s = city_attack(level=3)
    before = dict(s["board"]["d2"])
    w, c1, c2 = give(s, 0, [("weapon", "B"), ("commander", "B"), ("commander", "B")])
    s = act(s, 0, "attack:d2:city:1")
    for c in (w, c1, c2):
        s = act(s, 0, f"add:{c}")
    s = act(s, 0, "commit")
    s = act(s, 1, "surrender")
    after = s["board"]["d2"]
    assert after["owner"] == 0 and after["level"] == 3
    assert {k: after[k] for k in ("card", "kind", "shape", "rot", "terrain")} == \
        {k: before[k] for k in ("card", "kind", "shape", "rot", "terrain")}


# ---------------------------------------------------------------- 5.9 artifacts in general

def test_R52_amulet_is_temporary_title_is_permanent():
    """R52: transformations are temporary (Amulet) or permanent (Title, Spell Scroll)."""
    s = actions_phase(2, seed=39, options={"removed_faction": "R"})
    am, sol, title, sol2 = give(s, 0, [("amulet", None), ("soldier", "G"), ("title", None), ("soldier", "B")])
    force_roll(s, 2)
    s = act(s, 0, f"amulet:{am}:{sol}")
    assert any(c.startswith("v") for c in s["players"][0]["hand"])
    s = act(s, 0, f"title:{title}:{sol2}")
    (new,) = [c for c in s["players"][0]["hand"] if not c.startswith("v") and s["cards"][c]["t"] == "captain"]
    s = act(s, 0, "end")
    p = s["players"][0]
    zones = p["realm"] + p["hand"] + p["sanctuary"]
    assert s["virtual"] == {} and not any(c.startswith("v") for c in zones)  # the copy is gone
    assert new in zones and sol2 not in zones and sol2 in s["pool"]["units"]["soldier"]  # the swap stays


def test_R53_transformed_card_joins_a_combination_but_not_a_second_effect():
    """R53: one artifact effect per card per turn, but a transformed card may be used in a combination."""
    s = actions_phase(2, seed=41, options={"removed_faction": "R"})
    t1, t2, sol, s1, s2 = give(s, 0, [("title", None), ("title", None), ("soldier", "G"),
                                       ("soldier", None), ("soldier", None)])
    s = act(s, 0, f"title:{t1}:{sol}")
    (cap,) = [c for c in s["players"][0]["hand"] if s["cards"][c]["t"] == "captain"]
    refused(s, 0, f"title:{t2}:{cap}", match="at most one transformation")
    s = act(s, 0, f"craft:weapon:{cap},{s1},{s2}")
    assert s["cards"][s["players"][0]["gained"][-1]]["t"] == "weapon"


def test_R54_great_artifacts_cannot_be_transformed():
    """R54: Great Artifacts cannot be transformed (R71)."""
    s = actions_phase(2, seed=43)
    am, great = give(s, 0, [("amulet", None), ("horn", None)])
    refused(s, 0, f"amulet:{am}:{great}", match="Great Artifacts cannot be transformed")
    assert not any(a.startswith("amulet:") and great in a for a in moves(s, 0))


# ---------------------------------------------------------------- 5.11 - 5.17 artifacts

def test_R56_hire_a_hero_with_one_weapon_and_two_supply():
    """R56: hire a hero: 1 Weapon + 2 Supply."""
    s = actions_phase(2, seed=45)
    own = board.cities_of(s, 0)[0]
    w, a = give(s, 0, [("weapon", None), ("supply", None)])
    refused(s, 0, f"hero:{own}")
    (b,) = give(s, 0, [("supply", None)])
    refused(s, 0, f"hero:{own}:{w},{a}")
    s = act(s, 0, f"hero:{own}:{w},{a},{b}")
    assert s["players"][0]["heroes"] == [own, None] and sorted(s["players"][0]["played"]) == sorted([w, a, b])


def test_R59_amulet_stays_under_the_card_until_end_of_turn():
    """R59: on a result other than 4 or 5 the Amulet stays (on the table) under the card until the
    end of the turn; the card stays usable."""
    s = actions_phase(2, seed=47)
    give(s, 0, [("supply", None)] * 6, zone="realm")
    am, sup, sup2 = give(s, 0, [("amulet", None), ("supply", None), ("supply", None)])
    force_roll(s, 1)
    s = act(s, 0, f"amulet:{am}:{sup}")
    p = s["players"][0]
    assert am in p["played"] and am not in p["hand"] and am not in p["sanctuary"]
    s = act(s, 0, f"hire:soldier:{sup},{sup2}")  # the transformed card is still usable
    s = act(s, 0, "end")
    assert am in s["players"][0]["sanctuary"]


def test_R62_wild_card_combines_in_the_row_amulet_outside():
    """R62: the transformed card may be combined with other cards of the row; the Amulet is outside
    the combination."""
    s = actions_phase(2, seed=49)
    am, sol, s1, s2 = give(s, 0, [("amulet", None), ("soldier", None), ("soldier", None), ("soldier", None)])
    force_roll(s, 6)
    s = act(s, 0, f"amulet:{am}:{sol}")
    assert s["pending"]["kind"] == "wild"
    s = act(s, 0, "wild:captain")
    s = act(s, 0, f"craft:weapon:{sol},{s1},{s2}")  # the Soldier acts as the Captain
    assert s["cards"][s["players"][0]["gained"][-1]]["t"] == "weapon"
    assert am not in s["players"][0]["hand"] and sorted(s["players"][0]["played"]) == sorted([am, sol, s1, s2])


def test_R66_scroll_changing_itself_cannot_transform_another_card():
    """R66: a Spell Scroll may change its own faction; then it cannot transform another card this
    turn (not illuminated)."""
    s = actions_phase(2, seed=51, options={"removed_faction": "R"})
    assert oracle.illuminated(s["round"]) != "scroll"
    (scroll,) = give(s, 0, [("scroll", "G")])
    (sol,) = give(s, 0, [("soldier", "G")])
    s = act(s, 0, f"scroll:{scroll}:self:B")
    p = s["players"][0]
    (new,) = [c for c in p["hand"] + p["played"] if s["cards"][c]["t"] == "scroll"]
    assert s["cards"][new]["f"] == "B" and scroll in s["pool"]["artifacts"]["scroll"]
    refused(s, 0, f"scroll:{new}:{sol}:Y")
    assert s["cards"][sol]["f"] == "G"


def test_R67_tent_costs_one_supply_and_stations_one_card():
    """R67: play 1 Supply, place the Tent and station one card (not a Great Artifact) on it."""
    s = actions_phase(2, seed=53)
    tent, cap, great = give(s, 0, [("tent", None), ("captain", None), ("horn", None)])
    refused(s, 0, f"tent:{tent}:{cap}", match="1 Supply")
    (sup,) = give(s, 0, [("supply", None)])
    refused(s, 0, f"tent:{tent}:{great}", match="Great Artifact")
    s = act(s, 0, f"tent:{tent}:{cap}")
    p = s["players"][0]
    assert p["tents"][0]["tent"] == tent and p["tents"][0]["cards"] == [cap]
    assert sup in p["played"] and cap not in p["hand"]


def test_R68_tent_contents_public_and_kept_across_turns():
    """R68: Tent contents are visible to everyone; the Tent stays across turns."""
    s = actions_phase(2, seed=55)
    tent, cap, sup = give(s, 0, [("tent", None), ("captain", None), ("supply", None)])
    s = act(s, 0, f"tent:{tent}:{cap}:{sup}")
    s = act(s, 0, "end")
    s = act(s, 1, "start")
    s = act(s, 1, "end")
    s = act(s, 0, "start")
    for viewer in (None, 1):
        t = RULES.view(s, viewer)["players"][0]["tents"]
        assert [c["id"] for c in t[0]["cards"]] == [cap] and t[0]["tent"]["id"] == tent
    p = s["players"][0]
    assert cap not in p["hand"] + p["sanctuary"] + p["realm"]


def test_R70_horse_fights_plus_one_and_pays_a_retreat():
    """R70: in battle a Horse has +1 strength like a unit; it can also pay for a retreat (R96)."""
    s = road_line()
    s["players"][0]["heroes"] = ["c2", None]
    s["players"][1]["heroes"] = ["c2", None]
    w, h = give(s, 0, [("weapon", "G"), ("horse", "G")])
    s = act(s, 0, "attack:c2:p1:1")
    s = act(s, 0, f"add:{w}")
    before = RULES.view(s, None)["battle"]["attacker_total"]
    s = act(s, 0, f"add:{h}")
    assert RULES.view(s, None)["battle"]["attacker_total"] == before + 1
    s, (horse,), _ = hero_battle_opened(def_cards=[("horse", "B")])
    assert "retreat:e2:horse" in moves(s, 1)
    s = act(s, 1, "retreat:e2:horse")
    assert s["players"][1]["heroes"][0] == "e2" and horse not in s["players"][1]["hand"]


def test_R71_great_artifacts_cannot_be_crafted_or_changed():
    """R71: Great Artifacts cannot be crafted, transformed or affected by the Oracle."""
    s = actions_phase(2, seed=57)
    give(s, 0, [("soldier", None)] * 3 + [("captain", None), ("priest", None)])
    for g in data.GREAT_TYPES:
        refused(s, 0, f"craft:{g}")
    scroll, great = give(s, 0, [("scroll", None), ("sword", None)])
    refused(s, 0, f"scroll:{scroll}:{great}:B", match="Great Artifacts cannot be transformed")
    assert all(oracle.illuminated(r) in data.ARTIFACT_TYPES and oracle.matched(r) in data.ARTIFACT_TYPES
               for r in range(1, 15))


def test_R73_sword_plus_five_attacking_plus_one_defending():
    """R73: Sword of Elemag: a Weapon (hire a hero, start a battle); +5 attacking, +1 defending."""
    s = city_attack(level=3)
    (sword,) = give(s, 0, [("sword", None)])
    s1 = act(s, 0, "attack:d2:city:1")
    s1 = act(s1, 0, f"add:{sword}")  # opens the battle as a Weapon
    assert RULES.view(s1, None)["battle"]["attacker_total"] == 5 + 1  # + hero bonus (universal card)
    s2 = city_attack(level=3)
    w, cmd = give(s2, 0, [("weapon", "B"), ("commander", "B")])
    clear_hand(s2, 1)
    (sword,) = give(s2, 1, [("sword", None)])
    s2 = act(s2, 0, "attack:d2:city:1")
    for c in (w, cmd):
        s2 = act(s2, 0, f"add:{c}")
    s2 = act(s2, 0, "commit")
    s2 = act(s2, 1, "fight:n:-")
    s2 = act(s2, 1, f"add:{sword}")
    assert RULES.view(s2, None)["battle"]["defender_total"] == 3 + 1
    s3 = actions_phase(2, seed=59)
    own = board.cities_of(s3, 0)[0]
    sword, a, b = give(s3, 0, [("sword", None), ("supply", None), ("supply", None)])
    s3 = act(s3, 0, f"hero:{own}:{sword},{a},{b}")
    assert s3["players"][0]["heroes"][0] == own


def test_R74_shield_plus_one_attacking_plus_five_defending():
    """R74: Shield of Britos: a Weapon; +1 attacking, +5 defending."""
    s = city_attack(level=3)
    (shield,) = give(s, 0, [("shield", None)])
    s1 = act(s, 0, "attack:d2:city:1")
    s1 = act(s1, 0, f"add:{shield}")
    assert RULES.view(s1, None)["battle"]["attacker_total"] == 1 + 1
    s2 = city_attack(level=3)
    w, cmd = give(s2, 0, [("weapon", "B"), ("commander", "B")])
    clear_hand(s2, 1)
    (shield,) = give(s2, 1, [("shield", None)])
    s2 = act(s2, 0, "attack:d2:city:1")
    for c in (w, cmd):
        s2 = act(s2, 0, f"add:{c}")
    s2 = act(s2, 0, "commit")
    s2 = act(s2, 1, "fight:n:-")
    s2 = act(s2, 1, f"add:{shield}")
    assert RULES.view(s2, None)["battle"]["defender_total"] == 3 + 5
    s2 = act(s2, 1, "commit")  # 8 >= 6: the defender's answer is valid (R93)
    assert s2["battle"]["stage"] == "attacker"


def test_R75_wings_fly_a_hero_to_any_discovered_square():
    """R75: Wings of Aviena: move a hero to any square of discovered land, no distance limit."""
    s = road_line()
    (wings,) = give(s, 0, [("wings", None)])
    assert "d4" not in board.move_costs(s, 0, "b2")  # no road leads there
    refused(s, 0, "wings:1:c4", match="only to a square with a card")  # unexplored
    s = act(s, 0, "wings:1:d4")
    assert s["players"][0]["heroes"][0] == "d4"


# ---------------------------------------------------------------- 5.18 heroes

def test_R78_one_square_per_card_both_heroes_may_move():
    """R78: each card is one square; a player may move one or both heroes in his turn."""
    s = road_line()
    s["players"][0]["heroes"] = ["b2", "b2"]
    give(s, 0, [("supply", None)] * 3)
    s = act(s, 0, "move:1:c2:sup")
    assert s["players"][0]["hand"] and len(s["players"][0]["played"]) == 1
    s = act(s, 0, "move:2:d2:sup")
    assert s["players"][0]["heroes"] == ["c2", "d2"] and s["players"][0]["hand"] == []


def test_R81_no_limit_on_distance_with_enough_cards():
    """R81: no limit on how far a hero moves in a turn, as long as the player has the cards."""
    s = road_line()
    put_tile(s, "f2", "road", "straight", 1)
    give(s, 0, [("supply", None)] * 4)
    s = act(s, 0, "move:1:f2:sup")
    assert s["players"][0]["heroes"][0] == "f2" and len(s["players"][0]["played"]) == 4


# ---------------------------------------------------------------- 5.19 - 5.24 battle

def test_R84_battle_has_exactly_two_players():
    """R84: exactly two players take part: the attacker and the owner of the target."""
    s = actions_phase(3, seed=61)
    put_tile(s, "d2", "city", "cross", 0, owner=1, level=2)
    s["players"][0]["heroes"] = ["d2", None]
    w, c = give(s, 0, [("weapon", None), ("commander", None)])
    s = act(s, 0, "attack:d2:city:1")
    assert (s["battle"]["attacker"], s["battle"]["defender"]) == (0, 1)
    for x in (w, c):
        s = act(s, 0, f"add:{x}")
    s = act(s, 0, "commit")
    assert RULES.active_players(s) == {1} and RULES.legal_actions(s, 2) == []
    with pytest.raises(IllegalAction):
        RULES.apply(s, 2, "surrender")


def test_R85_attacker_hero_must_be_on_the_target_and_chooses_it():
    """R85: the attacker's hero must be on the attacked card; he attacks one target of his choice."""
    s = actions_phase(3, seed=63)
    put_tile(s, "d2", "city", "cross", 0, owner=1, level=2)
    s["players"][2]["heroes"] = ["d2", None]
    give(s, 0, [("weapon", None)])
    refused(s, 0, "attack:d2:city:1", match="must stand on the target square")
    assert not any(a.startswith("attack:") for a in moves(s, 0))
    s["players"][0]["heroes"] = ["d2", None]
    attacks = {a for a in moves(s, 0) if a.startswith("attack:")}
    assert attacks == {"attack:d2:city:1", "attack:d2:p2:1"}
    s2 = act(s, 0, "attack:d2:p2:1")
    assert (s2["battle"]["defender"], s2["battle"]["target"]) == (2, "hero")


def test_R86_one_of_two_heroes_attacked_the_other_may_join():
    """R86: both defender heroes on the square: only one is attacked, the defender may let the
    second take part."""
    s, _, _ = hero_battle_opened(def_heroes=("c2", "c2"))
    opts = moves(s, 1)
    assert "fight:n:1" in opts and "fight:n:1,2" in opts and "fight:n:2" not in opts
    refused(s, 1, "fight:n:2", match="attacked hero")
    alone = act(act(s, 1, "fight:n:1"), 1, "pass")
    assert alone["players"][1]["heroes"] == [None, "c2"]
    both = act(act(s, 1, "fight:n:1,2"), 1, "pass")
    assert both["players"][1]["heroes"] == [None, None]


@pytest.mark.parametrize("level", [1, 2, 3, 4])
def test_R90_city_base_defence_equals_its_level(level):
    """R90: city base defence = city level, added to the defending owner's total."""
    s = city_attack(level=level)
    (w,) = give(s, 0, [("weapon", "Y")])
    s = act(s, 0, "attack:d2:city:1")
    s = act(s, 0, f"add:{w}")
    assert RULES.view(s, None)["battle"]["defender_total"] == level


def test_R91_battle_lines_are_public():
    """R91: battle lines are laid out so that every card's strength is visible."""
    s = city_attack(level=1)
    w, c = give(s, 0, [("weapon", "B"), ("captain", "Y")])
    s = act(s, 0, "attack:d2:city:1")
    s = act(s, 0, f"add:{w}")
    s = act(s, 0, f"add:{c}")
    for viewer in (None, 1):
        line = RULES.view(s, viewer)["players"][0]["line"]
        assert [(x["id"], x["type"]) for x in line] == [(w, "weapon"), (c, "captain")]


def test_R97_battle_allows_weapons_horses_transformers_not_tools_or_tents():
    """R97: in battle: Weapons, Horses and transformation artifacts; no Tools or Tents."""
    s = city_attack(level=1)
    w, tool, tent, horse, am = give(s, 0, [("weapon", "B"), ("tool", None), ("tent", None), ("horse", None),
                                           ("amulet", None)])
    s = act(s, 0, "attack:d2:city:1")
    s = act(s, 0, f"add:{w}")
    refused(s, 0, f"add:{tool}", match="battle strength")
    refused(s, 0, f"add:{tent}", match="battle strength")
    opts = moves(s, 0)
    assert f"add:{horse}" in opts and any(a.startswith(f"amulet:{am}:") for a in opts)
    assert not any(tool in a.split(":")[1:2] or tent in a.split(":")[1:2] for a in opts if a.startswith("add:"))
    s = act(s, 0, f"add:{horse}")
    assert horse in s["players"][0]["line"]


def test_R98_title_in_battle_fights_at_once_with_the_new_strength():
    """R98: a transformation artifact is placed under a battle-line card; a unit upgraded by a Title
    fights at once with its new strength; the artifact stays outside the line."""
    s = city_attack(level=1)
    w, sol, title = give(s, 0, [("weapon", "B"), ("soldier", "B"), ("title", "B")])
    s = act(s, 0, "attack:d2:city:1")
    s = act(s, 0, f"add:{w}")
    s = act(s, 0, f"add:{sol}")
    assert RULES.view(s, None)["battle"]["attacker_total"] == 1 + 1 + 1
    s = act(s, 0, f"title:{title}:{sol}")
    line = s["players"][0]["line"]
    assert [s["cards"][c]["t"] for c in line] == ["weapon", "captain"] and title not in line
    assert RULES.view(s, None)["battle"]["attacker_total"] == 1 + 2 + 1


def test_R102_surrender_hands_the_attacker_the_win():
    """R102 (effects per G22): the defender surrenders: the attacker wins, the attacked hero is disbanded."""
    s, _, _ = hero_battle_opened()
    assert "surrender" in moves(s, 1)
    s = act(s, 1, "surrender")
    assert s["battle"] is None and s["players"][1]["heroes"] == [None, None]
    assert s["players"][0]["heroes"][0] == "c2"


# ---------------------------------------------------------------- 5.26 Ruins

def test_R106_the_ruins_stay_neutral():
    """R106: the Ruins cannot be captured or owned; the square stays neutral all game."""
    s = actions_phase(2, seed=45)
    s["players"][0]["heroes"] = ["d4", None]
    cards = give(s, 0, [("weapon", None), ("commander", None), ("commander", None)])
    refused(s, 0, "attack:d4:city:1")
    s = act(s, 0, "attack:d4:ruins:1")
    for c in cards:
        s = act(s, 0, f"add:{c}")
    s = act(s, 0, "commit")
    s = act(s, 0, moves(s, 0)[0])
    assert s["board"]["d4"]["kind"] == "ruins" and s["board"]["d4"]["owner"] is None
    assert "d4" not in board.cities_of(s, 0) and RULES.view(s, None)["players"][0]["vp"] == 1


# ---------------------------------------------------------------- 5.27 Oracle

def test_R110_illuminated_power_lasts_one_day():
    """R110: the illuminated artifact's power is doubled for that day (here: a Title used twice)."""
    s = actions_phase(2, seed=65, options={"removed_faction": "R"})
    s["round"] = 4
    assert oracle.illuminated(4) == "title"
    title, a, b = give(s, 0, [("title", None), ("soldier", "G"), ("soldier", "B")])
    s4 = act(s, 0, f"title:{title}:{a}")
    assert title in s4["players"][0]["hand"]
    s4 = act(s4, 0, f"title:{title}:{b}")
    assert title in s4["players"][0]["played"]
    s["round"] = 5  # next day: Spell Scroll illuminated, the Title is ordinary again
    s5 = act(s, 0, f"title:{title}:{a}")
    assert title not in s5["players"][0]["hand"]
    refused(s5, 0, f"title:{title}:{b}")


def test_R114_illuminated_title_upgrades_two_ranks():
    """R114: an illuminated Title upgrades one unit two ranks (or two units one rank each)."""
    s = actions_phase(2, seed=67, options={"removed_faction": "R"})
    title, sol = give(s, 0, [("title", None), ("soldier", "B")])
    refused(s, 0, f"title:{title}:{sol}:2", match="illuminated")
    s["round"] = 4
    assert f"title:{title}:{sol}:2" in moves(s, 0)
    s = act(s, 0, f"title:{title}:{sol}:2")
    (new,) = [c for c in s["players"][0]["hand"] if s["cards"][c]["t"] == "priest"]
    assert s["cards"][new]["f"] == "B" and title in s["players"][0]["played"]


def test_R115_illuminated_scroll_changes_itself_and_one_other_card():
    """R115: an illuminated Spell Scroll changes the faction of two cards; it may change itself and one other."""
    s = actions_phase(2, seed=69, options={"removed_faction": "R"})
    s["round"] = 5
    assert oracle.illuminated(5) == "scroll"
    (scroll,) = give(s, 0, [("scroll", "G")])
    (sol,) = give(s, 0, [("soldier", "G")])
    s = act(s, 0, f"scroll:{scroll}:self:B")
    (new,) = [c for c in s["players"][0]["hand"] if s["cards"][c]["t"] == "scroll"]
    assert s["cards"][new]["f"] == "B"
    s = act(s, 0, f"scroll:{new}:{sol}:Y")
    (changed,) = [c for c in s["players"][0]["hand"] if s["cards"][c]["t"] == "soldier"]
    assert s["cards"][changed]["f"] == "Y" and new in s["players"][0]["played"]


def test_R117_illuminated_horse_moves_two_heroes_or_fights_double():
    """R117: an illuminated Horse moves two heroes up to 3 each (or one up to 6); in battle it counts double."""
    s = road_line()
    s["round"] = 7
    assert oracle.illuminated(7) == "horse"
    s["players"][0]["heroes"] = ["b2", "b2"]
    (h,) = give(s, 0, [("horse", None)])
    s = act(s, 0, f"move:1:e2:{h}")
    s = act(s, 0, f"move:2:e2:{h}")
    assert s["players"][0]["heroes"] == ["e2", "e2"] and h in s["players"][0]["played"]
    b = city_attack(level=1)
    b["round"] = 7
    w, h2 = give(b, 0, [("weapon", "B"), ("horse", "B")])
    b = act(b, 0, "attack:d2:city:1")
    b = act(b, 0, f"add:{w}")
    before = RULES.view(b, None)["battle"]["attacker_total"]
    b = act(b, 0, f"add:{h2}:2")
    assert RULES.view(b, None)["battle"]["attacker_total"] == before + 2


def test_R118_great_artifacts_are_never_illuminated():
    """R118: Great Artifacts are never illuminated: the Hammer acting as the illuminated Weapon has one use."""
    s = actions_phase(2, seed=71)
    s["round"] = 2
    assert oracle.illuminated(2) == "weapon"
    own = board.cities_of(s, 0)[0]
    hammer, a, b = give(s, 0, [("hammer", None), ("supply", None), ("supply", None)])
    s = act(s, 0, "hammer:weapon")
    s = act(s, 0, f"hero:{own}:{hammer},{a},{b}")
    assert hammer not in s["players"][0]["hand"] and hammer in s["players"][0]["played"]
    assert {oracle.illuminated(r) for r in range(1, 8)} == set(data.ARTIFACT_TYPES)


# ---------------------------------------------------------------- 5.28 end of game

def test_R122_removed_squares_do_not_count_for_the_full_board():
    """R122: squares removed in 2- and 3-player games do not count for R119."""
    s = two_player_board()
    assert "a1" in s["removed"] and "a1" not in s["board"]
    s = finish_on_f5(s)
    r = RULES.result(s)
    assert r is not None and "board is full" in r.reason
    assert all(sq not in s["board"] and sq not in s["impassable"] for sq in s["removed"])


def test_R124_ties_broken_by_level4_then_lower_levels_then_heroes():
    """R124: ties: most level-4 cities, then level-3, level-2, level-1, then most heroes on the board."""
    s = two_player_board()
    s["board"]["f6"]["level"] = 4
    s["board"]["b2"]["level"] = 2
    put_tile(s, "b4", "city", "dead", 0, owner=1, level=2)
    r = RULES.result(finish_on_f5(s))
    assert r.scores == {0: 4, 1: 4} and r.winners == [0]
    s = two_player_board()
    s["board"]["f6"]["level"] = 3
    s["board"]["b2"]["level"] = 2
    put_tile(s, "b4", "city", "dead", 0, owner=1, level=1)
    assert RULES.result(finish_on_f5(s)).winners == [0]  # one level-3 beats level-2 + level-1
    s = two_player_board()
    s["players"][1]["heroes"] = ["b2", None]
    r = RULES.result(finish_on_f5(s))
    assert r.scores == {0: 1, 1: 1} and r.winners == [1]
    r = RULES.result(finish_on_f5(two_player_board()))
    assert r.winners == [0, 1]  # G27: shared victory


# ---------------------------------------------------------------- 5.29 advanced game

def _terrain_roads(variant):
    s = actions_phase(2, seed=73, options={"variant": variant, "removed_faction": "G"}, factions=["Y", "B"])
    s["board"] = {"d4": s["board"]["d4"]}
    put_tile(s, "b2", "city", "cross", 0, owner=0, level=1, terrain="B")
    put_tile(s, "c2", "road", "straight", 1, terrain="Y")
    put_tile(s, "d2", "road", "straight", 1, terrain="R")
    s["players"][0]["heroes"] = ["b2", None]
    return s


def test_R125_home_terrain_is_the_terrain_of_the_hero_faction():
    """R125: home terrain = the terrain native to the faction of the player's heroes."""
    s = _terrain_roads("advanced")
    assert s["players"][0]["faction"] == "Y"
    give(s, 0, [("supply", None)])
    opts = moves(s, 0)
    assert "move:1:c2:free" in opts and "move:1:d2:sup" in opts and "move:1:d2:free" not in opts
    refused(s, 0, "move:1:d2:free", match="home terrain")
    s["players"][0]["faction"] = "R"  # the same board for an Ember Folk player
    opts = moves(s, 0)
    assert "move:1:c2:free" not in opts and "move:1:d2:free" not in opts


def test_R128_road_terrain_matters_only_in_the_advanced_game():
    """R128: the terrain of roads is relevant only in the Advanced game."""
    s = _terrain_roads("normal")
    give(s, 0, [("supply", None)])
    opts = moves(s, 0)
    assert "move:1:c2:free" not in opts and "move:1:c2:sup" in opts
    refused(s, 0, "move:1:c2:free")


# ---------------------------------------------------------------- 5.31 scenarios and house rules

def test_R132_scenario2_one_neutral_city_with_its_hidden_great_artifact():
    """R132: scenario 2: at most one neutral city per player; taking it gives a Commander of its
    faction, a Supply card and the Great Artifact hidden under it."""
    s = ready_game(4, 75, {"variant": "scenario2"})
    s = act(s, 0, "start")
    clear_hand(s, 0)
    s["players"][0]["heroes"] = ["a1", "g1"]
    hidden = s["pool"]["hidden_great"]["a1"]
    terrain = s["board"]["a1"]["terrain"]
    w, c1, c2, w2 = give(s, 0, [("weapon", None), ("commander", None), ("commander", None), ("weapon", None)])
    s = act(s, 0, "attack:a1:neutral:1")
    for c in (w, c1, c2):
        s = act(s, 0, f"add:{c}")
    s = act(s, 0, "commit")
    assert s["board"]["a1"]["owner"] == 0 and s["board"]["a1"]["level"] == 4
    gained = s["players"][0]["gained"]
    assert hidden in gained and s["players"][0]["great"] == hidden
    assert {"t": "commander", "f": terrain} in [s["cards"][c] for c in gained]
    assert {"t": "supply", "f": None} in [s["cards"][c] for c in gained]
    assert "attack:g1:neutral:2" not in moves(s, 0)
    refused(s, 0, "attack:g1:neutral:2", match="only one neutral city")


def test_R133_week_limited_game():
    """R133 (house rule, G31): limit the game to a number of Oracle weeks: it ends after round 7 x W."""
    s = ready_game(2, 77, {"weeks": 1})
    turns = 0
    while RULES.result(s) is None:
        seat = s["current"]
        s = act(s, seat, "start")
        s = act(s, seat, "end")
        turns += 1
        assert turns <= 14
    assert turns == 14 and s["round"] == 7 and "week" in RULES.result(s).reason


def test_R58_amulet_goes_to_the_sanctuary_at_once_after_a_5():
    """R58: on a 5 the card is discarded to the Sanctuary at once, and the Amulet too."""
    s = actions_phase(2, seed=47)
    amulet, soldier = give(s, 0, [("amulet", None), ("soldier", "G")])
    force_roll(s, 5)
    s = act(s, 0, f"amulet:{amulet}:{soldier}")
    player = s["players"][0]
    assert soldier in player["sanctuary"] and amulet in player["sanctuary"]
    assert amulet not in player["played"]
