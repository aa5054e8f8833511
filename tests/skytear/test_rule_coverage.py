"""Rules, scenarios and design decisions of the spec that no other test cited (skytear.md section 5,
section 9, section 10; skytear-data.md section 13 where it supersedes a G decision), each checked
by behaviour through the rules object where a player could reach it; and a guard that every rule
number and every scenario number stays cited by some test of this folder.

Most positions stand on "fx_cov", an open 9 x 7 field without towers (the control token on E2, a
lane along row 2): along a row the distance between two hexes is the difference of their column
letters, and D4 touches C4, E4, D3, E3, D5 and E5.
"""
from __future__ import annotations

import inspect
import re
from collections import Counter
from pathlib import Path

import pytest

from engine.base import IllegalAction, normalise_options
from engine.skytear import RULES, board, data, flow, hexes, ops, targets
from engine.skytear import help as rules_help

from . import fixtures as fx
from .flowkit import act, act_ev, check_cards_conserved, hero_state, ids, pass_all, refused, waiting
from .test_minion_phase import hero as lane_hero, lane_map, lane_state, minion as lane_minion, run as run_lanes


# ------------------------------------------------------------------ helpers

def field(**kw):
    """The open field (module docstring); optional white lines and hiding hexes."""
    kw.setdefault("control", {1: "E2"})
    kw.setdefault("lanes", {f"{c}2": 1 for c in "ABCDEFGHI"})
    name = kw.pop("name", "fx_cov")
    return fx.grid_map(name, 9, 7, **kw)


def field_state(heroes, *, name="fx_cov", **kw):
    """A hero-phase state on a field registered under `name` (no towers, token 1 on E2)."""
    kw.setdefault("towers", {})
    kw.setdefault("control", {"1": "E2"})
    return hero_state(heroes, map_name=name, **kw)


def activated(state, seat, hero):
    state["turn_side"] = flow.side_of(state, seat)
    return act(state, seat, f"activate:{hero}")


def starting(hero):
    return data.hero(hero)["hp"]


def dist(state, a, b):
    return hexes.distance(board.map_of(state), a, b)


def text_of(msgs) -> str:
    return " ".join(str(m) for m in msgs)


def exhaust_all_but(state, *keep):
    for h, d in state["heroes"].items():
        if h not in keep and d["state"] == "ready":
            d["state"] = "exhausted"


# ------------------------------------------------------------------ Skirmish (T18, T20, T21, R42, R44, R46)

def test_T18_R43_a_skirmish_deals_its_damage_first_then_moves_up_to_two_hexes():
    """Sakoshi (skirmish damage 0) skirmishes Cotlic (armor 1) two hexes away; one card is revealed
    (Tortoise Formation, +3): Cotlic loses 0 + 3 - 1 = 2 HP before Sakoshi moves; she then moves to
    a hex 2 away (3 is too far)."""
    field()
    st = field_state({"sakoshi": (0, "D4"), "akhuti": (0, "A7"), "cotlic": (1, "F4"), "tlakali": (1, "I7")})
    deck = fx.stack_deck(st, 0, ["tortoise_formation", "ignite", "ignite"])
    st = activated(st, 0, "sakoshi")
    st = act(st, 0, "skirmish:cotlic")
    assert st["heroes"]["cotlic"]["hp"] == starting("cotlic"), "nothing happens before the window closes"
    st = act(st, 1, "pass")
    assert st["pending"]["kind"] == "skirmish_effects" and st["heroes"]["cotlic"]["hp"] == starting("cotlic")
    st = act(st, 0, "skirmish_effect:damage")
    # step 1 done, step 2 asked: the damage is already dealt, Sakoshi has not moved yet
    assert st["heroes"]["cotlic"]["hp"] == starting("cotlic") - 2
    assert st["heroes"]["sakoshi"]["hex"] == "D4"
    assert st["discards"]["0"] == [deck[0]] and st["decks"]["0"] == deck[1:], "a single reveal"
    moves = [i for i in ids(st, 0) if i.startswith("skirmish_move:") and i != "skirmish_move:stay"]
    reach = {dist(st, "D4", i.split(":")[1]) for i in moves}
    assert reach == {1, 2}, "up to 2 hexes, no farther"
    assert "skirmish_move:G4" not in ids(st, 0)         # 3 hexes away
    st = act(st, 0, "skirmish_move:C6")                 # 2 hexes away
    assert st["heroes"]["sakoshi"]["hex"] == "C6"
    assert st["stack"] == [] and st["activation"]["ap"] == 2 and st["activation"]["done"] == ["skirmish"]


def test_T20_R42_with_only_minions_in_sight_no_skirmish_can_be_declared_but_an_attack_can_R98():
    field()
    st = field_state({"sakoshi": (0, "D4"), "akhuti": (0, "A7"), "cotlic": (1, "I1"), "tlakali": (1, "I7")})
    target = fx.minion(st, 1, "E4")
    fx.stack_deck(st, 0, ["ignite", "ignite"])
    st = activated(st, 0, "sakoshi")
    legal = ids(st, 0)
    assert not [i for i in legal if i.startswith("skirmish:")], "a Skirmish needs an enemy hero"
    assert "attack:" + target in legal
    assert "not possible" in refused(st, 0, "skirmish:" + target)
    st = pass_all(act(st, 0, "attack:" + target))        # R98: heroes may Attack minions
    assert not any(mn["hex"] == "E4" for mn in st["minions"]), "1 HP, 0 armor: defeated"


def test_T21_R38_R42_a_melee_hero_may_skirmish_at_three_hexes_but_not_attack():
    field()
    assert data.hero("yami")["range"] == "melee"
    st = field_state({"yami": (0, "D4"), "sakoshi": (0, "A7"), "akhuti": (1, "G4"), "cotlic": (1, "I7")})
    st = activated(st, 0, "yami")
    legal = ids(st, 0)
    assert "skirmish:akhuti" in legal
    assert "attack:akhuti" not in legal
    assert "not possible" in refused(st, 0, "attack:akhuti")
    near = field_state({"yami": (0, "D4"), "sakoshi": (0, "A7"), "akhuti": (1, "E4"), "cotlic": (1, "I7")})
    assert "attack:akhuti" in ids(activated(near, 0, "yami"), 0), "adjacent: within melee range"
    far = field_state({"yami": (0, "D4"), "sakoshi": (0, "A7"), "akhuti": (1, "H4"), "cotlic": (1, "I7")})
    assert "skirmish:akhuti" not in ids(activated(far, 0, "yami"), 0), "4 hexes: beyond the LoS limit"


def test_R42_a_skirmish_targets_enemy_heroes_and_the_outsider_in_los_never_friends_or_walled_off_heroes():
    # white lines close C4 in on every side: Akhuti there is next to Yami but out of his sight
    ring = hexes.neighbours(field(), "C4")
    field(name="fx_cov_wall", white_lines=[("C4", h) for h in ring])
    st = field_state({"yami": (0, "D4"), "sakoshi": (0, "E5"), "akhuti": (1, "C4"), "cotlic": (1, "F4")},
                     name="fx_cov_wall")
    assert not hexes.has_los(board.map_of(st), "D4", "C4"), "C4 is walled in"
    st["outsider"]["hexes"] = ["G3", "G4", "H3"]          # 3 hexes from D4 at the nearest
    st = activated(st, 0, "yami")
    skirmishes = {i for i in ids(st, 0) if i.startswith("skirmish:")}
    assert skirmishes == {"skirmish:cotlic", "skirmish:outsider"}


def test_R44_no_card_can_be_played_while_a_skirmish_resolves():
    """Between its damage and its move nobody may play an instant: the Skirmish is one effect."""
    field()
    st = field_state({"sakoshi": (0, "D4"), "akhuti": (0, "A7"), "cotlic": (1, "F4"), "tlakali": (1, "I7")})
    ambush = fx.give(st, 0, "ambush")            # Sakoshi's instant (2 fire; round 2 = 2 mana)
    guard = fx.give(st, 1, "bodyguard")          # Cotlic's instant (1 earth)
    fx.stack_deck(st, 0, ["tortoise_formation", "ignite", "ignite"])     # +3 against armor 1
    st = activated(st, 0, "sakoshi")
    st = act(st, 0, "skirmish:cotlic")
    assert f"play:cotlic:{guard}:cotlic" in ids(st, 1), "before it resolves, responses are allowed"
    st = act(st, 1, "pass")
    assert st["pending"]["kind"] == "skirmish_effects"
    assert RULES.active_players(st) == {0} and ids(st, 1) == []
    assert sorted(ids(st, 0)) == ["skirmish_effect:damage", "skirmish_effect:no_damage"]
    assert waiting(st) == []
    with pytest.raises(IllegalAction):
        RULES.apply(st, 1, f"play:cotlic:{guard}:cotlic")
    refused(st, 0, f"play:sakoshi:{ambush}:cotlic")
    st = act(st, 0, "skirmish_effect:damage")
    assert st["pending"]["kind"] == "skirmish_move" and st["heroes"]["cotlic"]["hp"] < starting("cotlic")
    assert RULES.active_players(st) == {0} and ids(st, 1) == []
    assert all(i.startswith("skirmish_move:") for i in ids(st, 0))
    assert waiting(st) == []
    with pytest.raises(IllegalAction):
        RULES.apply(st, 1, f"play:cotlic:{guard}:cotlic")
    refused(st, 0, f"play:sakoshi:{ambush}:cotlic")
    st = act(st, 0, "skirmish_move:stay")
    assert st["stack"] == [] and st["window"] is None, "resolved completely: no window opened inside it"


def test_R46_T20_no_skirmish_ever_damages_a_minion_bear_fury_included():
    """Gulbjarn's alternative Skirmish (R33) hits the enemy hero in its triangle; the enemy minions
    round that hero, which every triangle over it covers, are untouched; nor can a Skirmish or the
    Outsider's Skirmish aim at a minion."""
    field()
    st = field_state({"gulbjarn": (0, "D4"), "corjof": (0, "A7"), "yami": (1, "E4"), "cotlic": (1, "I7")})
    st["heroes"]["gulbjarn"]["statuses"] = {"shapeshift": 1}
    around = [h for h in hexes.neighbours(board.map_of(st), "E4") if h != "D4"]
    for hx in around:
        fx.minion(st, 1, hx)
    fx.stack_deck(st, 0, ["tortoise_formation", "ignite"])     # +3
    st = activated(st, 0, "gulbjarn")
    assert not [i for i in ids(st, 0) if i.startswith("skirmish:m:")]
    st = pass_all(act(st, 0, "alt:bear_fury:D4"))
    assert st["heroes"]["yami"]["hp"] < starting("yami"), "the hero in the triangle is hit"
    assert sorted(mn["hex"] for mn in st["minions"]) == sorted(around), "no minion is damaged"
    st["outsider"].update(hexes=["G3", "G4", "H3"], controller=1)
    fx.minion(st, 0, "F4")
    assert not [t for t in targets.skirmish_targets(st, "outsider", 1) if t.startswith("m:")]
    assert "m:F4:0" in targets.attack_targets(st, "outsider", 1), "(an Attack could aim at it)"


# ------------------------------------------------------------------ Move and Attack (R36, R38, R41, R104, R105)

def test_R36_a_move_waits_for_responses_then_resolves_whole_in_one_effect():
    field()
    st = field_state({"sakoshi": (0, "D4"), "akhuti": (0, "A7"), "yami": (1, "I1"), "cotlic": (1, "I7")})
    purify = fx.give(st, 1, "purify_the_mind")          # an instant seat 1 could answer with
    st = activated(st, 0, "sakoshi")
    st = act(st, 0, "move:G4")
    assert st["heroes"]["sakoshi"]["hex"] == "D4" and waiting(st) == [1]
    assert f"play:yami:{purify}:yami" in ids(st, 1), "opponents may respond before it resolves"
    st, events = act_ev(st, 1, "pass")
    assert st["heroes"]["sakoshi"]["hex"] == "G4", "three hexes in one resolution"
    moved = [e for e in events if getattr(e.public, "key", "") == "{who} moves to {hex}."]
    assert len(moved) == 1, "one move, not a step at a time"
    assert st["window"] is None and st["pending"] is None and st["stack"] == []
    assert RULES.active_players(st) == {0}


def test_R38_an_attack_aims_at_an_enemy_in_los_within_the_attack_range():
    field()
    ranged = field_state({"sakoshi": (0, "D4"), "akhuti": (0, "E5"), "yami": (1, "G4"), "cotlic": (1, "H5")})
    assert data.hero("sakoshi")["range"] == "ranged" and dist(ranged, "D4", "G4") == 3 and dist(ranged, "D4", "H5") == 4
    attacks = {i for i in ids(activated(ranged, 0, "sakoshi"), 0) if i.startswith("attack:")}
    assert attacks == {"attack:yami"}, "3 hexes: in range; 4 hexes: not; a friendly hero never"
    ring = hexes.neighbours(field(), "C4")
    field(name="fx_cov_wall", white_lines=[("C4", h) for h in ring])
    walled = field_state({"sakoshi": (0, "D4"), "akhuti": (0, "A7"), "yami": (1, "C4"), "cotlic": (1, "F4")},
                         name="fx_cov_wall")
    attacks = {i for i in ids(activated(walled, 0, "sakoshi"), 0) if i.startswith("attack:")}
    assert attacks == {"attack:cotlic"}, "adjacent but out of LoS: no Attack"


def test_R41_heroes_cannot_attack_towers_or_the_nexus():
    m = hexes.load_map("two_lane")
    tower = m.tower_hex(1, 1)
    assert tower == "L3" and "N5" in m.nexus[1]
    # Sakoshi (ranged) next to side 1's tower, within 3 of side 1's nexus, Yami in her sight
    st = hero_state({"sakoshi": (0, "M4"), "akhuti": (0, "B6"), "yami": (1, "L5"), "cotlic": (1, "B10")})
    assert dist(st, "M4", tower) == 1 and min(dist(st, "M4", n) for n in m.nexus[1]) <= 3
    ambush = fx.give(st, 0, "ambush")
    st = activated(st, 0, "sakoshi")
    aims = {i.split(":", 1)[1] for i in ids(st, 0) if i.startswith(("attack:", "skirmish:"))}
    plays = {i.split(":")[3] for i in ids(st, 0) if i.startswith(f"play:sakoshi:{ambush}:")}
    assert aims == plays == {"yami"}, "the enemy hero; never a tower or a nexus hex"
    for hx in (tower,) + tuple(m.nexus[1]):
        refused(st, 0, f"attack:{hx}")
        refused(st, 0, f"play:sakoshi:{ambush}:{hx}")


def test_R104_an_aoe_over_an_enemy_tower_leaves_it_whole_only_the_minion_phase_damages_it():
    """Sprawling Abomination hits every enemy round Cotlic: the enemy minion goes, side 1's tower
    next to him keeps its 5 HP. Then a won lane contest takes HP off a tower."""
    st = hero_state({"cotlic": (0, "K3"), "tlakali": (0, "B6"), "yami": (1, "H11"), "sakoshi": (1, "B10")})
    assert dist(st, "K3", "L3") == 1
    fx.minion(st, 1, "K4")
    card = fx.give(st, 0, "sprawling_abomination")
    fx.stack_deck(st, 0, ["ignite"])
    st = activated(st, 0, "cotlic")
    st = pass_all(act(st, 0, f"play:cotlic:{card}"))
    assert not any(mn["hex"] == "K4" for mn in st["minions"]), "the AoE did resolve"
    assert st["towers"]["L3"]["hp"] == 5 and st["counters"]["structure"] == [0, 0]
    lane_map()
    lanes = lane_state(token="J2", heroes={"cotlic": lane_hero(0, "J2"), "tlakali": lane_hero(0, "I2")})
    run_lanes(lanes)
    assert lanes["towers"]["K2"]["hp"] == 3, "the winner's difference (2) hits the tower within 3"


def test_R105_R35_a_hero_never_ends_a_move_on_a_standing_tower_G9_a_destroyed_one_is_a_plain_hex():
    fx.grid_map("fx_cov_tower", 7, 1, towers={"C1": (1, 1)})
    st = hero_state({"sakoshi": (0, "B1"), "yami": (1, "G1")}, map_name="fx_cov_tower", control={},
                    towers={"C1": {"side": 1, "lane": 1, "hp": 5}})
    st = activated(st, 0, "sakoshi")
    assert "move:C1" not in ids(st, 0)
    refused(st, 0, "move:C1")
    st["towers"]["C1"]["hp"] = 0
    assert "move:C1" in ids(st, 0)


def test_R105_R119_the_outsider_is_never_placed_on_a_tower_hex():
    # a lane along row 2 touching the dome on row 3; side 1's tower on the lane hex E2 next to the dome
    fx.grid_map("fx_cov_tower_dome", 9, 5, lanes={f"{c}2": 1 for c in "ABCDEFGHI"}, dome=("D3", "E3", "F3", "E4"),
                towers={"E2": (1, 1)})
    st = hero_state({"sakoshi": (0, "A5"), "yami": (1, "I5")}, map_name="fx_cov_tower_dome", control={},
                    towers={"E2": {"side": 1, "lane": 1, "hp": 5}})
    spots = targets.outsider_placements(st)
    assert spots and not [s for s in spots if "E2" in s]
    st["towers"]["E2"]["hp"] = 0
    assert [s for s in targets.outsider_placements(st) if "E2" in s], "a destroyed tower's hex is free"


# ------------------------------------------------------------------ pillars, hand, discard, HP, statuses

def test_R55_pillars_never_block_a_move_and_any_damage_removes_them():
    fx.grid_map("fx_cov_row", 7, 1)
    st = hero_state({"sakoshi": (0, "A1"), "akhuti": (0, "G1"), "cotlic": (1, "F1")}, map_name="fx_cov_row",
                    towers={}, control={})
    st["heroes"]["cotlic"]["state"] = "exhausted"
    st["pillars"] = [{"side": 1, "hex": "B1"}, {"side": 0, "hex": "C1"}]
    fx.stack_deck(st, 0, ["ignite"])
    st = activated(st, 0, "sakoshi")
    moves = {i for i in ids(st, 0) if i.startswith("move:")}
    assert moves == {"move:B1", "move:C1", "move:D1"}, "through and onto pillar hexes"
    faces = {p["hex"]: p["side"] for p in RULES.view(st, 1)["pillars"]}
    assert faces == {"B1": 1, "C1": 0}, "each pillar shows whose it is"
    attacks = {i for i in ids(st, 0) if i.startswith("attack:")}
    assert "attack:p:B1" in attacks and "attack:p:C1" not in attacks, "only the enemy face is an enemy"
    st = pass_all(act(st, 0, "attack:p:B1"))
    assert st["pillars"] == [{"side": 0, "hex": "C1"}], "1 damage or more removes it"


def test_R70_the_hand_limit_of_seven_waits_for_the_reset_and_the_vortex_does_not_count():
    """No control token on the field: the reset's draw is the only one."""
    field()
    st = field_state({"sakoshi": (0, "D4"), "akhuti": (0, "A7"), "yami": (1, "I1"), "cotlic": (1, "I7")},
                     control={})
    vortex = fx.put_vortex(st, 0)
    for _ in range(6):
        fx.give(st, 0, "ignite")
    fx.stack_deck(st, 0, ["ambush", "ambush"])
    fx.stack_deck(st, 1, ["ambush"])
    exhaust_all_but(st, "sakoshi")
    st = act(activated(st, 0, "sakoshi"), 0, "end")
    assert len(st["hands"]["0"]) == 7 and vortex not in st["hands"]["0"]
    assert st["phase"] == "hero" and st["round"] == 3, "7 cards and the Vortex: nothing to discard"
    # more than 7 during a round is allowed; only the reset cuts the hand down
    big = field_state({"sakoshi": (0, "D4"), "akhuti": (0, "A7"), "yami": (1, "I1"), "cotlic": (1, "I7")},
                      control={})
    for _ in range(9):
        fx.give(big, 0, "ignite")
    fx.stack_deck(big, 0, ["ambush"])
    fx.stack_deck(big, 1, ["ambush"])
    exhaust_all_but(big, "sakoshi")
    big = activated(big, 0, "sakoshi")
    assert "end" in ids(big, 0) and len(big["hands"]["0"]) == 9
    big = act(big, 0, "end")
    assert big["phase"] == "discard" and RULES.active_players(big) == {0} and len(big["hands"]["0"]) == 10
    while big["phase"] == "discard":
        big = act(big, 0, ids(big, 0)[0])
    assert len(big["hands"]["0"]) == 7 and big["round"] == 3


def test_R71_discard_piles_are_face_up_for_every_player():
    field()
    st = field_state({"sakoshi": (0, "D4"), "akhuti": (0, "A7"), "yami": (1, "F4"), "cotlic": (1, "I7")})
    fx.stack_deck(st, 0, ["tortoise_formation", "ignite"])
    st = pass_all(act(activated(st, 0, "sakoshi"), 0, "attack:yami"))    # the reveal goes to the pile
    for viewer in (None, 0, 1):
        v = RULES.view(st, viewer)
        assert v["discards"]["0"] == ["tortoise_formation"]
        assert "tortoise_formation" in v["cards"], "and the card's face can be read"
    assert RULES.view(st, 1)["deck_counts"]["0"] == 1 and "ignite" not in str(RULES.view(st, 1)["discards"])


def test_R80_a_hero_starts_at_its_hp_value_which_is_also_its_maximum():
    st = RULES.setup(2, {"first_player": 0}, 3)
    for hid, h in st["heroes"].items():
        assert h["hp"] == data.hero(hid)["hp"]
    view = {h["id"]: h for h in RULES.view(st, None)["heroes"]}
    assert all(v["max_hp"] == v["hp"] == data.hero(hid)["hp"] for hid, v in view.items())
    # a heal on a hero at full HP changes nothing; after 1 damage it goes back to the maximum only
    field()
    st = field_state({"gulbjarn": (0, "D4"), "corjof": (0, "E4"), "yami": (1, "I1"), "cotlic": (1, "I7")})
    card = fx.give(st, 0, "wildlands")                  # shapeshift + heal 2 on a friendly hero
    st["heroes"]["corjof"]["hp"] -= 1
    st = pass_all(act(activated(st, 0, "gulbjarn"), 0, f"play:gulbjarn:{card}:corjof"))
    assert st["heroes"]["corjof"]["hp"] == starting("corjof")


def test_R96_mark_and_shapeshift_change_no_value_they_only_switch_skills_on():
    field()
    st = field_state({"sakoshi": (0, "D4"), "gulbjarn": (0, "D5"), "yami": (1, "E4"), "cotlic": (1, "F4")})
    before = {s: ops.stat_of(st, "sakoshi", s) for s in ("move", "attack", "armor", "skirmish_damage", "skirmish_move")}
    st["heroes"]["sakoshi"]["statuses"] = {"mark": 2, "shapeshift": 1}
    after = {s: ops.stat_of(st, "sakoshi", s) for s in before}
    assert after == before, "no skill of Sakoshi reads them: nothing changes"
    # Mark switches Sakoshi's Lava Tamer on against the marked hero only
    assert ops.attack_of(st, "sakoshi", "cotlic") == data.hero("sakoshi")["attack"]
    st["heroes"]["cotlic"]["statuses"] = {"mark": 1}
    assert ops.attack_of(st, "sakoshi", "cotlic") == data.hero("sakoshi")["attack"] + 1
    assert ops.attack_of(st, "sakoshi", "yami") == data.hero("sakoshi")["attack"]
    # Shapeshift switches Gulbjarn's Bear Fury on (an alternative Skirmish)
    st["turn_side"] = 0
    st = act(st, 0, "activate:gulbjarn")
    assert not [i for i in ids(st, 0) if i.startswith("alt:bear_fury")]
    st["heroes"]["gulbjarn"]["statuses"] = {"shapeshift": 1}
    assert [i for i in ids(st, 0) if i.startswith("alt:bear_fury")]


def test_R98_minions_never_attack_heroes_in_the_minion_phase():
    """Heroes stand next to enemy minions through a whole minion phase: no hero loses HP, even
    where the minions' side wins the contest."""
    st = hero_state({"sakoshi": (0, "H1"), "akhuti": (0, "B6"), "yami": (1, "B10"), "cotlic": (1, "K7")})
    for hx in ("G1", "I1", "G2", "H2", "I2"):
        fx.minion(st, 1, hx)
    fx.stack_deck(st, 0, ["ignite"] * 3)
    fx.stack_deck(st, 1, ["ignite"] * 3)
    exhaust_all_but(st, "sakoshi")
    st = act(activated(st, 0, "sakoshi"), 0, "end")
    assert st["round"] == 3 and st["counters"]["lane_wins"][1] >= 1
    assert all(h["hp"] == starting(hid) for hid, h in st["heroes"].items())


# ------------------------------------------------------------------ the minion phase (R7, R103, R108)

def test_R7_G11_on_a_lane_tie_the_second_player_repositions_and_spawns_first():
    """Seat 0 starts, so seat 1 is the second player: on a 1-1 tie its minions out of the token's
    sight come back first and it spawns first (the winner would go first otherwise, R110/R111)."""
    lane_map()
    state = lane_state(token="G2", heroes={"cotlic": lane_hero(0, "F2"), "yami": lane_hero(1, "H2")},
                       minions=[lane_minion(0, "A1"), lane_minion(1, "M3")], first=0, first_side=0)
    rec = run_lanes(state)
    assert rec.keys("tied") and rec.draws == []
    order = [m.args["players"][0].seat for m, _ in rec.keys("repositioned")]
    assert order == [1, 0]
    assert [m.args["players"][0].seat for m, _ in rec.keys("spawned")] == [1, 0]


def test_R108_G4_step_2_the_difference_hits_enemy_minions_of_the_lane_then_the_tower_within_3():
    """skytear-data section 5 fills the missing step 2: 3 heroes to 1 win by 2 on H2; side 1's lane
    minion (out of the token's sight, so not counted) takes 1, the tower on K2 (3 hexes away) the
    other; without that minion the tower takes both."""
    lane_map()
    heroes = {"cotlic": lane_hero(0, "H2"), "tlakali": lane_hero(0, "G2"), "akhuti": lane_hero(0, "I1"),
              "yami": lane_hero(1, "I2")}
    with_minion = lane_state(token="H2", heroes=dict(heroes), minions=[lane_minion(1, "B3")])
    run_lanes(with_minion)
    assert not [mn for mn in with_minion["minions"] if mn["hex"] == "B3"]
    assert with_minion["towers"]["K2"]["hp"] == 4
    assert with_minion["counters"]["structure"] == [1, 0] and with_minion["counters"]["minions_defeated"] == [1, 0]
    alone = lane_state(token="H2", heroes={k: dict(v) for k, v in heroes.items()})
    run_lanes(alone)
    assert alone["towers"]["K2"]["hp"] == 3 and alone["counters"]["structure"] == [2, 0]


def test_R103_the_nexus_takes_no_damage_while_its_towers_stand_then_the_token_heads_for_it():
    """A win next to side 1's nexus while its tower stands: the tower takes the damage, the nexus
    none. Once the tower is destroyed (which exposes the nexus, skytear-data section 9) the next
    win damages the nexus and pushes the token on toward it (R109)."""
    lane_map()
    towers = {"C2": {"side": 0, "lane": 1, "hp": 5}, "K2": {"side": 1, "lane": 1, "hp": 2}}
    four = {"cotlic": lane_hero(0, "J2"), "tlakali": lane_hero(0, "I2"), "akhuti": lane_hero(0, "J1"),
            "haburat": lane_hero(0, "J3")}
    state = lane_state(token="J2", towers=towers, heroes=four)
    assert hexes.distance(hexes.load_map("fx_mp"), "J2", "M2") == 3
    run_lanes(state)
    assert state["nexus"][1]["hp"] == 5, "the 2 damage left after the tower fell are lost"
    assert state["towers"]["K2"]["hp"] == 0 and state["nexus"][1]["exposed"]
    again = lane_state(token="J2", towers=state["towers"], heroes={"cotlic": lane_hero(0, "J2"),
                                                                    "tlakali": lane_hero(0, "I2")},
                       nexus=state["nexus"])
    run_lanes(again)
    assert again["nexus"][1]["hp"] == 3
    assert again["control"]["1"] == "L2", "past the ruined tower, next to the nexus on M2"


# ------------------------------------------------------------------ the Outsider (R116)

def test_R116_the_outsider_is_an_enemy_of_both_sides_and_a_hiding_hex_hides_it():
    field(name="fx_cov_hide", hiding=("F3", "F4", "G3"))
    st = field_state({"sakoshi": (0, "D4"), "akhuti": (0, "A7"), "corjof": (1, "I5"), "cotlic": (1, "I7")},
                     name="fx_cov_hide")
    st["outsider"].update(hexes=["F3", "F4", "G3"], holder=0)      # side 0 holds its card
    m = board.map_of(st)
    assert hexes.has_los(m, "D4", "F4") and hexes.has_los(m, "I5", "G3")
    assert "outsider" not in targets.attack_targets(st, "sakoshi"), "hidden: nobody next to it"
    assert "outsider" not in targets.attack_targets(st, "corjof")
    st["heroes"]["akhuti"]["hex"] = "E4"                            # a spotter for side 0 next to F4
    st["heroes"]["cotlic"]["hex"] = "G4"                            # and one for side 1 next to G3
    assert "outsider" in targets.attack_targets(st, "sakoshi"), "an enemy even for its holder's side"
    assert "outsider" in targets.attack_targets(st, "corjof")
    st = activated(st, 0, "sakoshi")
    assert "attack:outsider" in ids(st, 0) and "skirmish:outsider" in ids(st, 0)


# ------------------------------------------------------------------ keywords (R129, R130, R131)

def test_R129_the_caster_is_the_hero_that_played_the_card_not_the_active_hero():
    """Tlakali plays Mudflow Surge (push 2) during Cotlic's activation: Yami is pushed away from
    Tlakali, and the card's range counts from Tlakali."""
    field()
    st = field_state({"cotlic": (0, "D7"), "tlakali": (0, "B4"), "yami": (1, "D4"), "sakoshi": (1, "I1")})
    surge = fx.give(st, 0, "mudflow_surge")
    st = activated(st, 0, "cotlic")
    assert dist(st, "D7", "D4") == 3 and dist(st, "B4", "D4") == 2
    assert f"play:tlakali:{surge}:yami" in ids(st, 0)
    st = pass_all(act(st, 0, f"play:tlakali:{surge}:yami"))
    landed = st["heroes"]["yami"]["hex"]
    assert dist(st, "B4", landed) == 4, "two hexes farther from the caster"
    far = field_state({"cotlic": (0, "E4"), "tlakali": (0, "A7"), "yami": (1, "F4"), "sakoshi": (1, "I1")})
    surge = fx.give(far, 0, "mudflow_surge")
    far = activated(far, 0, "cotlic")
    assert dist(far, "A7", "F4") > 3 and dist(far, "E4", "F4") == 1
    plays = {i for i in ids(far, 0) if i.startswith("play:")}
    assert f"play:cotlic:{surge}:yami" in plays, "Cotlic (earth too) reaches Yami"
    assert not [i for i in plays if i.startswith("play:tlakali:")], "Tlakali does not: her reach counts"


def test_R130_a_target_is_within_3_hexes_and_in_los():
    ring = hexes.neighbours(field(), "C4")
    field(name="fx_cov_wall", white_lines=[("C4", h) for h in ring])
    st = field_state({"sakoshi": (0, "D4"), "akhuti": (0, "A7"), "yami": (1, "G4"), "cotlic": (1, "C4"),
                      "corjof": (1, "H4")}, name="fx_cov_wall")
    ambush = fx.give(st, 0, "ambush")          # "target enemy hero"
    st = activated(st, 0, "sakoshi")
    aims = {i.split(":")[3] for i in ids(st, 0) if i.startswith(f"play:sakoshi:{ambush}:")}
    assert aims == {"yami"}, "G4: 3 in LoS; H4: 4 hexes; C4: adjacent, but no LoS"


def test_R131_R32_an_action_performed_through_a_card_leaves_the_heros_own_action():
    """Haburat plays Time Warp first and performs its Attack: no AP spent and the Attack is not
    used up, so he may still declare his own Attack afterwards."""
    field()
    st = field_state({"haburat": (0, "D4"), "akhuti": (0, "A7"), "yami": (1, "E4"), "sakoshi": (1, "I1")})
    warp = fx.give(st, 0, "time_warp")
    fx.stack_deck(st, 0, ["ignite"] * 4)
    st = activated(st, 0, "haburat")
    st = pass_all(act(st, 0, f"play:haburat:{warp}"))
    assert st["pending"]["kind"] == "extra_action"
    st = pass_all(act(st, 0, "extra:attack:yami"))
    assert st["activation"]["ap"] == 3 and st["activation"]["done"] == []
    hp = st["heroes"]["yami"]["hp"]
    assert "attack:yami" in ids(st, 0)
    st = pass_all(act(st, 0, "attack:yami"))
    assert st["heroes"]["yami"]["hp"] < hp
    assert st["activation"]["ap"] == 2 and st["activation"]["done"] == ["attack"]
    assert not [i for i in ids(st, 0) if i.startswith("attack:")]


# ------------------------------------------------------------------ deck building (R138, G20)

def test_R138_after_the_draft_each_players_deck_is_built_from_their_drafted_heroes():
    st = RULES.setup(2, {"setup": "draft", "first_player": 0}, 12)
    while st["phase"] == "draft":
        seat = sorted(RULES.active_players(st))[0]
        options = ids(st, seat)
        st = act(st, seat, options[len(options) // 2])      # not always the first hero of the pool
    for seat in (0, 1):
        mine = sorted(h for h, d in st["heroes"].items() if d["owner"] == seat)
        held = [st["cards"][i] for i in st["decks"][str(seat)] + st["hands"][str(seat)]]
        assert Counter(held) == Counter(c for h in mine for c in data.deck_of(h))
        assert len(st["hands"][str(seat)]) == 5 and len(held) == 8 * len(mine)
    check_cards_conserved(st)


def test_G20_R136_each_preconstructed_deck_holds_one_own_ultimate_and_no_card_passes_three_copies():
    pooled = Counter()
    for hero in data.HEROES:
        deck = data.deck_of(hero)
        assert len(deck) == 8
        ultimates = [c for c in set(deck) if data.card(c)["ultimate"]]
        assert ultimates and len(ultimates) == 1 and deck.count(ultimates[0]) == 1
        assert data.card(ultimates[0])["ultimate_of"] == hero
        pooled.update(deck)
    assert max(pooled.values()) <= 3, "G20: the copy limit counted over every deck of the pool"
    assert 3 in pooled.values(), "3 copies are allowed (the publisher's own decks hold them)"
    st = RULES.setup(2, {"first_player": 1}, 21)
    for seat in (0, 1):
        held = Counter(st["cards"][i] for i in st["decks"][str(seat)] + st["hands"][str(seat)])
        assert max(held.values()) <= 3


# ------------------------------------------------------------------ left out or house (R140, G21, G25, G26, G28)

def test_R140_G28_G26_the_tournament_format_is_offered_but_no_match_deadline_and_no_solo_mode():
    """The tournament format (R140) is a choice of the `setup` option (tests/skytear/
    test_tournament_format.py plays it); the time-limit tie-break and the solo mode are left out:
    there is no deadline option, a game needs two players, and the design text says so."""
    names = {o.name for o in RULES.options}
    setup_choices = {v for o in RULES.options if o.name == "setup" for v, _ in o.choices}
    assert setup_choices == {"factions", "draft", "tournament"}
    assert not [n for n in names if any(w in n for w in ("deadline", "time", "clock", "solo"))]
    assert normalise_options(RULES, 2, {"setup": "tournament"}) == {"setup": "tournament"}
    assert RULES.min_players == 2
    with pytest.raises(ValueError):
        RULES.setup(1, {}, 1)
    design = text_of(rules_help.DESIGN_TEXT)
    assert "tournament format" in design and "pool of 6 heroes" in design
    assert "solo mode is an external app" in design and "play the computer" in design
    # seed 004, three lanes: 「三兵線戰場至少需要一個擴充才可遊玩」 (5 heroes a side for 2 players, 6 for 3-4)
    assert "needs at least one expansion" in design and "5 heroes a side with 2 players, 6 with 3-4" in design
    assert "bans 4 heroes" in design and "the bans are skipped" in design
    # G28 instead: running out of time in a window only passes; the game never ends on a clock
    field()
    st = field_state({"sakoshi": (0, "D4"), "akhuti": (0, "A7"), "yami": (1, "F4"), "cotlic": (1, "I7")})
    st = act(activated(st, 0, "sakoshi"), 0, "move:C5")
    assert RULES.timeout_action(st, 1) == "pass" and RULES.timeout_action(st, 0) is None
    st = act(st, 1, RULES.timeout_action(st, 1))
    assert RULES.result(st) is None and RULES.timeout_action(st, 0) is None


def test_G21_R65_the_vortex_plays_its_house_effect_draw_two_and_the_help_lists_it():
    """The Vortex's effect is printed in no source: it is a house value (draw 2), listed in the
    rules help; the starting player plays it as an instant, in a response window too."""
    vortex = data.card(data.VORTEX)
    assert vortex["source"]["effects"] == "house"
    house = text_of(f"{what} {value}" for what, value in data.house_values())
    assert "Skytear Vortex" in house
    assert "Skytear Vortex" in text_of(rules_help.DESIGN_TEXT)
    field()
    st = field_state({"sakoshi": (0, "D4"), "akhuti": (0, "A7"), "yami": (1, "F4"), "cotlic": (1, "I7")}, first=1)
    card = fx.put_vortex(st, 1)
    top = fx.stack_deck(st, 1, ["ambush", "ignite", "life_steal"])
    st = act(activated(st, 0, "sakoshi"), 0, "move:C5")
    assert f"play:yami:{card}" in ids(st, 1) and f"play:cotlic:{card}" in ids(st, 1)
    st = pass_all(act(st, 1, f"play:yami:{card}"))
    assert st["hands"]["1"] == top[:2] and st["decks"]["1"] == top[2:]
    assert st["vortex"]["used"] and st["heroes"]["yami"]["played"] == [], "it stays on the board, no mana"
    check_cards_conserved(st)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_G25_the_three_lane_battlefield_plays_4_heroes_a_side_and_8_rounds(players):
    st = RULES.setup(players, {"map": "three_lane"}, 5)
    per_side = Counter(h["side"] for h in st["heroes"].values())
    assert per_side == {0: 4, 1: 4}
    assert st["rounds"] == 8 and hexes.load_map("three_lane").heroes_per_side == 4
    assert "It is offered here with 4 heroes a side (house)" in text_of(rules_help.DESIGN_TEXT)


def test_G25_R122_on_three_lanes_round_5_is_not_the_last():
    m = hexes.load_map("three_lane")
    spots = hexes.sort_labels(h for h in m.coords if h not in m.dome and h not in m.towers
                              and h not in m.nexus_hexes and m.lane_of.get(h) is None)
    st = hero_state({"sakoshi": (0, spots[0]), "yami": (1, spots[-1])}, map_name="three_lane", round_no=5)
    st["rounds"] = 8
    st["heroes"]["yami"]["state"] = "exhausted"
    fx.stack_deck(st, 0, ["ignite"] * 4)
    fx.stack_deck(st, 1, ["ignite"] * 4)
    st = act(activated(st, 0, "sakoshi"), 0, "end")
    assert RULES.result(st) is None and st["round"] == 6
    assert ops.mana_left(st, "sakoshi") == 6, "G40 on three lanes: the round's number"


# ------------------------------------------------------------------ Outsider state, mana, reset (G39, G40, G41)

def test_G39_the_outsider_is_never_exhausted_and_loses_one_token_of_each_status_only_after_its_activation():
    field(name="fx_cov_dome", dome=("F3", "G3", "F4", "G4"))      # next to the lane on row 2
    st = field_state({"sakoshi": (0, "D4"), "akhuti": (0, "A7"), "yami": (1, "I1"), "cotlic": (1, "I7")},
                     name="fx_cov_dome", control={})
    st["outsider"].update(hexes=["F2", "F3", "G3"], statuses={"slow": 2, "frenzy": 1})
    st["heroes"]["sakoshi"]["statuses"] = {"slow": 2, "frenzy": 1}
    fx.stack_deck(st, 0, ["ignite"] * 4)
    fx.stack_deck(st, 1, ["ignite"] * 4)
    while st["round"] == 2:                                   # a whole hero phase and the reset
        seat = sorted(RULES.active_players(st))[0]
        options = ids(st, seat)
        assert "activate:outsider" not in options, "the Outsider is no hero to activate"
        st = act(st, seat, "end" if st["activation"] else options[0])
    assert st["heroes"]["sakoshi"]["statuses"] == {"slow": 1}, "a hero's decay, for comparison"
    assert st["outsider"]["statuses"] == {"slow": 2, "frenzy": 1}, "nobody activated it: no decay"
    assert "state" not in RULES.view(st, None)["outsider"]
    # round 3: side 1 holds it, activates it and ends: then one token of each status goes
    st["outsider"]["holder"] = 1
    st["phase"], st["activation"] = "hero", None
    flow.start_round(st, fx.events(st))
    assert st["phase"] == "outsider"
    st = act(st, 1, "outsider:place:F2,F3,G3")
    assert st["outsider"]["statuses"] == {"slow": 2, "frenzy": 1}
    st = act(st, 1, "outsider:end")
    assert st["outsider"]["statuses"] == {"slow": 1}
    assert st["phase"] == "hero" and sorted(st["outsider"]["hexes"]) == ["F2", "F3", "G3"], "it stays put"


def test_G40_R59_each_heros_mana_is_the_round_number():
    """A 3-rune card (Yami's ultimate) cannot be played in round 2 (2 mana) and can in round 3;
    every hero has the same pool, and the view's track shows it."""
    field()
    for round_no, playable in ((1, False), (2, False), (3, True), (5, True)):
        st = field_state({"yami": (0, "D4"), "sakoshi": (0, "A7"), "akhuti": (1, "F4"), "cotlic": (1, "I7")},
                         round_no=round_no)
        card = fx.give(st, 0, "submit_to_me")
        assert all(ops.mana_left(st, h) == round_no for h in st["heroes"])
        assert RULES.view(st, None)["mana"] == round_no
        st = activated(st, 0, "yami")
        assert (f"play:yami:{card}:akhuti" in ids(st, 0)) is playable, round_no


def test_G41_R121_the_reset_is_done_by_all_players_at_once_the_starting_side_first():
    st = hero_state({"sakoshi": (0, "B6"), "akhuti": (2, "B4"), "yami": (1, "M6"), "cotlic": (3, "M4")},
                    players=4, first=1)
    st["first_side"], st["turn_side"] = 1, 1
    st["sides"] = [[0, 2], [1, 3]]
    played = {}
    for seat, hero in ((0, "sakoshi"), (1, "yami"), (2, "akhuti"), (3, "cotlic")):
        iid = fx.give(st, seat, "ignite")
        st["hands"][str(seat)].remove(iid)
        st["heroes"][hero]["played"] = [iid]
        played[seat] = iid
        fx.stack_deck(st, seat, ["ambush"] * 3)
    for seat in (0, 3):                                        # two players on 7: they will hold 8
        for _ in range(7):
            fx.give(st, seat, "life_steal")
    exhaust_all_but(st, "yami")
    st, events = act_ev(act(st, 1, "activate:yami"), 1, "end")
    assert all(played[s] in st["discards"][str(s)] for s in range(4)), "step 1 for every player"
    assert all(st["heroes"][h]["played"] == [] for h in st["heroes"])
    drawers = [e.public.args["player"].seat for e in events if getattr(e.public, "key", "") == "{player} draws a card."]
    assert sorted(drawers[-4:]) == [0, 1, 2, 3], "step 2: everyone draws 1"
    assert drawers[-4] == 1, "the starting side first"
    assert st["phase"] == "discard" and RULES.active_players(st) == {0, 3}, "step 3: at once, not in turn"
    st = act(st, 3, ids(st, 3)[0])
    assert RULES.active_players(st) == {0} and st["round"] == 2
    st = act(st, 0, ids(st, 0)[0])
    assert st["round"] == 3 and all(h["state"] == "ready" for h in st["heroes"].values())


# ------------------------------------------------------------------ the coverage guard

HERE = Path(__file__).resolve().parent
# rule numbers and scenario numbers no test can check, each with its reason ("R<n>" / "T<n>": why);
# none so far: every rule and scenario of the spec is cited by a test of this folder
NOT_TESTABLE: dict[str, str] = {}
NUMBERED = {"R": 144, "T": 56}      # spec skytear.md: rules in section 5, scenarios in section 9


def cited_numbers(text: str, letter: str) -> set[int]:
    """Every number written as a citation: the letter, then digits, not inside a longer word or
    number (so "R12", "test_R12_x", "R12/R13", "(T7," all count; "GR12" and "R123" for R12 do not)."""
    return {int(n) for n in re.findall(r"(?<![A-Za-z0-9])" + letter + r"(\d+)(?!\d)", text)}


def test_every_rule_and_scenario_is_cited_by_some_test():
    """Reads every test file of this folder (without this guard's own source) and checks that
    each numbered rule and scenario of the spec is cited somewhere, or listed in NOT_TESTABLE
    with its reason; a rule that loses its last test fails here."""
    own = inspect.getsource(test_every_rule_and_scenario_is_cited_by_some_test) + inspect.getsource(cited_numbers)
    files = sorted(HERE.glob("*.py"))
    assert len(files) > 10, "the test folder was found"
    text = "\n".join(p.read_text(encoding="utf-8") for p in files).replace(own, "")
    missing = []
    for letter, last in NUMBERED.items():
        found = cited_numbers(text, letter)
        missing += [f"{letter}{n}" for n in range(1, last + 1) if n not in found and f"{letter}{n}" not in NOT_TESTABLE]
    assert not missing, f"cited by no test: {', '.join(missing)}"
    assert all(reason.strip() for reason in NOT_TESTABLE.values())
    assert set(NOT_TESTABLE) <= {f"{k}{n}" for k, last in NUMBERED.items() for n in range(1, last + 1)}
