"""The minion phase (engine/skytear/minions.py): R106-R115 with steps 1-2 as sourced (skytear-data
section 5, replacing G4), the nexus rule (section 9), G10, G11, G12, G30, G31.

Most scenarios use "fx_mp", one lane along row 2 of a 13 x 3 board: along that row the distance
between two hexes is the difference of their column letters. Side 0's tower is on C2 and its nexus
on A2, side 1's tower on K2 and its nexus on M2.
"""
from __future__ import annotations

import copy

from engine.skytear import hexes
from engine.skytear.minions import resolve_minion_phase
from tests.skytear.test_hexes import fixture_state, grid

LANE_ART = [".............", "1111111111111", "............."]


def lane_map():
    return grid("fx_mp", LANE_ART, towers={"C2": (0, 1), "K2": (1, 1)}, nexus={"A2": 0, "M2": 1})


def hero(side, hex_, owner=None, leads=(), state="ready"):
    return {"owner": side if owner is None else owner, "side": side, "hex": hex_, "state": state, "hp": 8,
            "statuses": {}, "played": [], "leads": [{"card": c, "from": "hand"} for c in leads]}


def lane_state(map_name="fx_mp", token="G2", heroes=None, minions=(), towers=None, cards=None, **extra):
    m = hexes.load_map(map_name)
    state = fixture_state(map_name)
    state.update({
        "players": 2, "heroes": heroes or {}, "minions": [dict(mn) for mn in minions],
        "towers": towers if towers is not None else {h: {"side": s, "lane": l, "hp": 5}
                                                      for h, (s, l) in m.towers.items()},
        "control": {"1": token} if isinstance(token, str) else token,
        "cards": cards or {}, "discards": {"0": [], "1": []}, "counters": {}, "revealed": []})
    state.update(extra)
    return state


def two_lanes():
    """Lane 1 along row 2, lane 2 along row 8 (minions placed for one token stay out of the other's
    LoS); a long nexus on A3-A7 (side 0) and M3-M7 (side 1)."""
    art = [".............", "1111111111111"] + ["............."] * 5 + ["2222222222222", "............."]
    return grid("fx_two_lanes", art, towers={"C2": (0, 1), "K2": (1, 1), "C8": (0, 2), "K8": (1, 2)},
                nexus={f"{c}{r}": side for c, side in (("A", 0), ("M", 1)) for r in range(3, 8)})


def minion(side, hex_, lane=1):
    return {"side": side, "lane": lane, "hex": hex_}


class Recorder:
    def __init__(self):
        self.draws: list[int] = []
        self.logs: list[tuple] = []

    def draw(self, state, side):
        self.draws.append(side)

    def log(self, msg, hexes=()):
        self.logs.append((msg, tuple(hexes)))

    def keys(self, word):
        return [(m, h) for m, h in self.logs if word in m.key]


def run(state, costs=None, protects=None):
    rec = Recorder()
    costs = costs or {}
    resolve_minion_phase(state, draw=rec.draw, log=rec.log, cost=lambda iid: costs[iid],
                         protects_minion=protects, card_name=lambda iid: iid)
    return rec


def minion_hexes(state, side, lane=None):
    return sorted(mn["hex"] for mn in state["minions"] if mn["side"] == side and (lane is None or mn["lane"] == lane))


# ------------------------------------------------------------------ step 1: control values

def test_T4_R49_a_counted_lead_card_adds_its_mana_cost_not_its_modifier():
    lane_map()
    # side 0: one hero in LoS + a 2-rune lead card (modifier +3); side 1: one hero in LoS
    state = lane_state(heroes={"cotlic": hero(0, "F2", leads=["c1"]), "yami": hero(1, "H2")},
                       cards={"c1": "two_rune_plus_three"})
    rec = run(state, costs={"c1": 2})
    # 1 + 2 = 3 against 1: side 0 wins by 2, so the token goes 2 hexes toward K2 (by 3 it would be on J2)
    assert state["control"]["1"] == "I2"
    assert rec.draws[0] == 0 and state["counters"]["lane_wins"] == [1, 0]


def test_G4_only_the_most_expensive_lead_card_counts_all_are_revealed_and_discarded_G10():
    lane_map()
    state = lane_state(heroes={"cotlic": hero(0, "F2", leads=["c1", "c2"]), "yami": hero(1, "H2", leads=["c3"]),
                               "akhuti": hero(0, "A1", leads=["c4"])},     # A1: no LoS to G2, not counted
                       cards={"c1": "a", "c2": "b", "c3": "c", "c4": "d"})
    run(state, costs={"c1": 1, "c2": 3, "c3": 1, "c4": 3})
    # side 0: 1 hero + best of (1, 3) = 4; side 1: 1 + 1 = 2 -> difference 2 (not 1 + 3 + 1 = 5 vs 2)
    assert state["control"]["1"] == "I2"
    assert sorted(state["discards"]["0"]) == ["c1", "c2"] and state["discards"]["1"] == ["c3"]
    assert state["heroes"]["cotlic"]["leads"] == [] and state["heroes"]["yami"]["leads"] == []
    assert state["heroes"]["akhuti"]["leads"] == [{"card": "c4", "from": "hand"}]    # G10: stays hidden
    assert {(r["seat"], tuple(sorted(r["cards"]))) for r in state["revealed"]} == {(0, ("a", "b")), (1, ("c",))}


def test_R107_G4_heroes_and_minions_in_los_count_one_each_wherever_they_stand():
    lane_map()
    # side 0: hero on G2, minions on E2 (LoS, 2 away) and F1 (another lane's minion, in LoS: it counts);
    # a minion on C1 is 4 away (no LoS) and the defeated hero and the Outsider never count
    state = lane_state(heroes={"cotlic": hero(0, "G2"), "tlakali": hero(0, "G1", state="defeated"),
                               "yami": hero(1, "H2"), "sakoshi": hero(1, "I1")},
                       minions=[minion(0, "E2"), minion(0, "F1", lane=2), minion(0, "C1")])
    state["outsider"]["hexes"] = ["G3", "H3", "G1"]
    rec = run(state)
    # 3 against 2
    win = rec.keys("control to")
    assert len(win) == 1 and win[0][0].args["won"] == 3 and win[0][0].args["lost"] == 2


def test_R18_G4_a_hero_on_a_hiding_hex_still_counts():
    grid("fx_mp_bush", [".............", "111111h111111", "............."],
         towers={"C2": (0, 1), "K2": (1, 1)}, nexus={"A2": 0, "M2": 1})
    state = lane_state("fx_mp_bush", heroes={"cotlic": hero(0, "G2")})
    rec = run(state)
    assert rec.keys("control to")[0][0].args["won"] == 1 and state["counters"]["lane_wins"] == [1, 0]


def test_T33_R115_with_three_tokens_a_hero_counts_only_for_the_nearest_token_in_los():
    grid("fx_three", ["1111122222333"])
    # tokens on C1 (1), G1 (2), L1 (3). F1 sees C1 (3 away) and G1 (1 away): it counts for token 2 only.
    state = lane_state("fx_three", token={"1": "C1", "2": "G1", "3": "L1"}, towers={},
                       heroes={"cotlic": hero(0, "F1")})
    rec = run(state)
    results = {m.args["number"]: m.key for m, _ in rec.logs if "number" in m.args and "Control token" in m.key
               and "moves" not in m.key}
    assert "tied" in results[1] and "control to" in results[2] and "tied" in results[3]
    assert state["counters"]["lane_wins"] == [1, 0]


def test_T33_R115_equally_near_tokens_go_to_the_lower_number():
    grid("fx_three", ["1111122222333"])
    state = lane_state("fx_three", token={"1": "C1", "2": "G1", "3": "L1"}, towers={},
                       heroes={"cotlic": hero(0, "E1")})       # 2 from C1 and 2 from G1
    rec = run(state)
    won = [m.args["number"] for m, _ in rec.keys("control to")]
    assert won == [1]


def test_R115_applies_only_with_three_tokens():
    grid("fx_two_tokens", ["1111122222"])
    state = lane_state("fx_two_tokens", token={"1": "C1", "2": "G1"}, towers={}, heroes={"cotlic": hero(0, "E1")})
    rec = run(state)
    assert [m.args["number"] for m, _ in rec.keys("control to")] == [1, 2]


# ------------------------------------------------------------------ step 2: damage

def test_G4_step2_enemy_minions_of_the_lane_first_nearest_first_then_the_tower():
    lane_map()
    # token on H2, 3 from side 1's tower on K2. Side 0: 4 heroes in LoS; side 1: nothing in LoS.
    # Side 1's lane-1 minions on L1 (4 from H2) and A3 (8 away); its lane-2 minion on L3 is not hit.
    state = lane_state(token="H2", heroes={h: hero(0, x) for h, x in
                                           (("cotlic", "H2"), ("tlakali", "G2"), ("akhuti", "F2"), ("haburat", "I1"))},
                       minions=[minion(1, "A3"), minion(1, "L1"), minion(1, "L3", lane=2)])
    rec = run(state)
    # 4 damage: L1 (nearer) and A3 go, then 2 to the tower
    assert rec.keys("defeated")[0][1] == ("L1", "A3")
    assert minion_hexes(state, 1, lane=2) == ["L3"]
    assert state["towers"]["K2"]["hp"] == 3
    assert state["counters"]["minions_defeated"] == [2, 0] and state["counters"]["structure"] == [2, 0]


def test_G4_step2_damage_hits_the_nearest_enemy_minions_first():
    lane_map()
    # side 0: 3 heroes; side 1: its minion on J1 (3 from G2) is in LoS, L3 (5) and A1 (7) are not:
    # 3 to 1, so 2 damage: J1 and L3 are defeated, A1 (the farthest) survives
    state = lane_state(token="G2", heroes={"cotlic": hero(0, "G2"), "tlakali": hero(0, "F2"), "akhuti": hero(0, "E2")},
                       minions=[minion(1, "A1"), minion(1, "L3"), minion(1, "J1")])
    rec = run(state)
    assert rec.keys("defeated")[0][1] == ("J1", "L3")
    moved = rec.keys("repositioned")                 # A1 survived, out of LoS: it comes back (R110)
    assert len(moved) == 1 and moved[0][0].args["players"][0].seat == 1 and moved[0][0].args["n"] == 1


def test_G4_step2_structures_beyond_three_hexes_of_the_token_take_nothing():
    lane_map()
    state = lane_state(token="G2", heroes={"cotlic": hero(0, "G2"), "tlakali": hero(0, "F2")})
    run(state)                                   # K2 is 4 from G2: the 2 damage are lost
    assert state["towers"]["K2"]["hp"] == 5 and state["counters"].get("structure", [0, 0]) == [0, 0]


def test_R99_tlakali_protected_minions_are_passed_over_by_step2_damage():
    lane_map()
    state = lane_state(token="H2", heroes={"cotlic": hero(0, "H2")}, minions=[minion(1, "L1"), minion(1, "A3")])
    rec = run(state, protects=lambda st, mn: mn["hex"] == "L1")
    # 1 damage: L1 is nearer but cannot be damaged, so A3 is defeated
    assert rec.keys("defeated")[0][1] == ("A3",)
    assert "L1" in minion_hexes(state, 1)


def test_G8_the_first_tower_lost_exposes_the_nexus_and_excess_damage_is_lost():
    lane_map()
    towers = {"C2": {"side": 0, "lane": 1, "hp": 5}, "K2": {"side": 1, "lane": 1, "hp": 2}}
    state = lane_state(token="I2", towers=towers,
                       heroes={h: hero(0, x) for h, x in (("cotlic", "I2"), ("tlakali", "H2"), ("akhuti", "J1"),
                                                          ("haburat", "G2"))})
    rec = run(state)
    # 4 damage: the tower has 2 HP left: destroyed, the other 2 are lost (one structure per contest)
    assert state["towers"]["K2"]["hp"] == 0
    assert state["nexus"][1] == {"hp": 5, "exposed": True}
    assert state["counters"]["towers_destroyed"] == [1, 0] and state["counters"]["structure"] == [2, 0]
    assert rec.keys("can now be damaged")


def test_G8_an_exposed_nexus_within_three_hexes_of_the_token_takes_the_damage():
    lane_map()
    towers = {"C2": {"side": 0, "lane": 1, "hp": 5}, "K2": {"side": 1, "lane": 1, "hp": 0}}
    state = lane_state(token="J2", towers=towers, heroes={"cotlic": hero(0, "J2"), "tlakali": hero(0, "I2")},
                       nexus=[{"hp": 5, "exposed": False}, {"hp": 5, "exposed": True}])
    run(state)
    assert state["nexus"][1]["hp"] == 3 and state["counters"]["structure"] == [2, 0]


def test_G8_a_nexus_is_not_damaged_before_its_side_lost_a_tower():
    lane_map()
    towers = {"C2": {"side": 0, "lane": 1, "hp": 5}, "K2": {"side": 1, "lane": 1, "hp": 0}}
    state = lane_state(token="J2", towers=towers, heroes={"cotlic": hero(0, "J2"), "tlakali": hero(0, "I2")})
    run(state)                                   # the state says the nexus was never exposed
    assert state["nexus"][1]["hp"] == 5


def test_G8_a_tower_lost_in_another_lane_exposes_the_nexus_for_every_lane():
    two_lanes()
    # side 1 already lost its lane-2 tower; lane 1's token on J2 is 3 from M3 (J2-K2-L3-M3) but
    # lane 1's tower K2 still stands within reach: 1 damage is not lethal, so the tower takes it
    towers = {"C2": {"side": 0, "lane": 1, "hp": 5}, "K2": {"side": 1, "lane": 1, "hp": 5},
              "C8": {"side": 0, "lane": 2, "hp": 5}, "K8": {"side": 1, "lane": 2, "hp": 0}}
    state = lane_state("fx_two_lanes", token={"1": "J2"}, towers=towers, heroes={"cotlic": hero(0, "J2")},
                       nexus=[{"hp": 5, "exposed": False}, {"hp": 1, "exposed": True}])
    m = hexes.load_map("fx_two_lanes")
    assert hexes.distance(m, "J2", "M3") <= 3
    lethal = copy.deepcopy(state)
    rec = run(lethal)
    # 1 damage against a 1-HP exposed nexus in reach: the nexus is destroyed (a dominant choice)
    assert lethal["nexus"][1]["hp"] == 0 and lethal["towers"]["K2"]["hp"] == 5
    assert rec.keys("is destroyed!")
    state["nexus"][1]["hp"] = 5
    run(state)
    assert state["towers"]["K2"]["hp"] == 4 and state["nexus"][1]["hp"] == 5


def test_R4_a_destroyed_nexus_stops_the_phase_at_once():
    two_lanes()
    towers = {"C2": {"side": 0, "lane": 1, "hp": 5}, "K2": {"side": 1, "lane": 1, "hp": 0},
              "C8": {"side": 0, "lane": 2, "hp": 5}, "K8": {"side": 1, "lane": 2, "hp": 5}}
    state = lane_state("fx_two_lanes", token={"1": "K2", "2": "G8"}, towers=towers,
                       heroes={"cotlic": hero(0, "K2"), "tlakali": hero(0, "L3"), "yami": hero(1, "G8")},
                       nexus=[{"hp": 5, "exposed": False}, {"hp": 2, "exposed": True}])
    before = copy.deepcopy(state)
    rec = run(state)
    assert state["nexus"][1]["hp"] == 0
    assert state["control"] == before["control"] and state["minions"] == []   # nothing after the blow
    assert rec.draws == [] and not rec.keys("The dome")
    assert state["counters"]["structure"] == [2, 0]


# ------------------------------------------------------------------ step 3: the token and repositioning

def test_T28_R109_the_token_stops_once_adjacent_to_the_enemy_tower():
    lane_map()
    towers = {"C2": {"side": 0, "lane": 1, "hp": 5}, "K2": {"side": 1, "lane": 1, "hp": 20}}
    state = lane_state(token="H2", towers=towers, heroes={"cotlic": hero(0, "G2", leads=["c1"])}, cards={"c1": "x"})
    run(state, costs={"c1": 4})
    # difference 5, but after H2 -> I2 -> J2 the token is next to K2 and stops
    assert state["control"]["1"] == "J2"


def test_R109_once_the_lane_tower_is_down_the_token_heads_for_the_nexus():
    lane_map()
    towers = {"C2": {"side": 0, "lane": 1, "hp": 5}, "K2": {"side": 1, "lane": 1, "hp": 0}}
    state = lane_state(token="J2", towers=towers, heroes={"cotlic": hero(0, "J2", leads=["c1"])}, cards={"c1": "x"})
    run(state, costs={"c1": 4})
    assert state["control"]["1"] == "L2"         # J2 -> K2 (ruins) -> L2, next to the nexus on M2


def test_G30_between_equally_short_steps_the_token_stays_on_its_lane():
    # the dome on C2 splits the way to E2: C1 (off the lane, first by label) or C3 (on the lane)
    grid("fx_bend", [".....", "11d11", "11111"], towers={"A2": (0, 1), "E2": (1, 1)})
    state = lane_state("fx_bend", token="B2", heroes={"cotlic": hero(0, "B2")})
    run(state)
    assert hexes.token_path_step(hexes.load_map("fx_bend"), "B2", ["E2"]) == ["C1", "C3"]
    assert state["control"]["1"] == "C3"


def test_R109_G30_the_winner_pushes_toward_the_losers_side():
    lane_map()
    state = lane_state(token="G2", heroes={"yami": hero(1, "G2"), "sakoshi": hero(1, "H2")})
    run(state)
    assert state["control"]["1"] == "E2"


def test_T29_R110_R100_minions_out_of_the_tokens_los_are_repositioned_winner_first():
    grid("fx_t29", ["...........", "11111111111", "...d......."], towers={"A2": (0, 1), "K2": (1, 1)})
    # side 1 (hero on F2 + a 3-cost lead) beats side 0 (minions on H2, I1, I2 in LoS) 4 to 3
    state = lane_state("fx_t29", token="F2", heroes={"yami": hero(1, "F2", leads=["c1"])}, cards={"c1": "x"},
                       minions=[minion(0, "H2"), minion(0, "I1"), minion(0, "I2"), minion(1, "K1")])
    rec = run(state, costs={"c1": 3})
    # step 2 defeats H2 (nearest); the token moves 1 to E2; I1 and I2 are now 4 away: no LoS.
    assert state["control"]["1"] == "E2"
    moves = rec.keys("repositioned")
    assert [m.args["players"][0].seat for m, _ in moves] == [1, 0]          # the winner first
    # side 1's K1 goes to E2 itself; side 0's two go to E2 (shared with an enemy minion) and D2, the
    # first by label of E2's free neighbours (F2 has a hero; D3 is dome and not adjacent anyway)
    assert moves[0][1] == ("E2",)
    assert sorted(moves[1][1]) == ["D2", "E2"]


def test_R110_minions_still_in_los_stay_put():
    lane_map()
    # a 3-3 tie (hero and two minions against three heroes): the token stays, everything is in LoS
    state = lane_state(token="G2", heroes={"cotlic": hero(0, "G2"), "yami": hero(1, "H1"), "sakoshi": hero(1, "H2"),
                                           "corjof": hero(1, "H3")},
                       minions=[minion(0, "F1"), minion(0, "I2")])
    rec = run(state)
    assert rec.keys("tied")
    assert not rec.keys("repositioned")
    assert {"F1", "I2"} <= set(minion_hexes(state, 0))


# ------------------------------------------------------------------ step 4: spawning

def test_T26_R100_R111_two_free_hexes_near_the_token_take_one_minion_of_each_side():
    grid("fx_t26", ["111111111"], towers={"A1": (0, 1), "I1": (1, 1)})
    # token E1; heroes on D1, E1 (side 0) and F1, H1 (side 1): a 2-2 tie. The nearest free hexes
    # are C1 and G1 (2 away); B1 is 3 away.
    state = lane_state("fx_t26", token="E1", heroes={"cotlic": hero(0, "D1"), "tlakali": hero(0, "E1"),
                                                     "yami": hero(1, "F1"), "sakoshi": hero(1, "H1")})
    rec = run(state)
    assert minion_hexes(state, 0) == ["C1", "G1"] and minion_hexes(state, 1) == ["C1", "G1"]
    assert rec.draws == []


def test_G11_R111_on_a_tie_nobody_draws_nothing_moves_and_the_second_side_spawns_first():
    lane_map()
    state = lane_state(token="G2", heroes={"cotlic": hero(0, "F2"), "yami": hero(1, "H2")}, first=1,
                       sides=[[0], [1]])
    rec = run(state)
    assert rec.draws == [] and state["control"]["1"] == "G2"
    assert state["towers"]["K2"]["hp"] == 5 and state["towers"]["C2"]["hp"] == 5
    spawns = rec.keys("spawned")
    assert [m.args["players"][0].seat for m, _ in spawns] == [0, 1]    # seat 1 starts, so side 0 is second
    assert len(minion_hexes(state, 0)) == 2 and len(minion_hexes(state, 1)) == 2


def test_R111_the_winner_spawns_first_then_the_loser_two_each():
    lane_map()
    state = lane_state(token="G2", heroes={"cotlic": hero(0, "F2"), "tlakali": hero(0, "E2"), "yami": hero(1, "H2")})
    rec = run(state)
    spawns = rec.keys("spawned")
    assert [m.args["players"][0].seat for m, _ in spawns] == [0, 1]
    assert len(minion_hexes(state, 0)) == 2 and len(minion_hexes(state, 1)) == 2


def test_T30_R112_a_side_without_its_lane_tower_spawns_no_minions_there_even_when_winning():
    lane_map()
    towers = {"C2": {"side": 0, "lane": 1, "hp": 0}, "K2": {"side": 1, "lane": 1, "hp": 5}}
    state = lane_state(token="G2", towers=towers, heroes={"cotlic": hero(0, "G2")},
                       nexus=[{"hp": 5, "exposed": True}, {"hp": 5, "exposed": False}])
    run(state)
    assert minion_hexes(state, 0) == [] and len(minion_hexes(state, 1)) == 2


def test_R100_spawned_minions_never_enter_the_dome_or_share_a_hex_with_a_hero_or_own_minion():
    grid("fx_dome_lane", ["....ddd....", "11111d11111", "....ddd...."], towers={"A2": (0, 1), "K2": (1, 1)})
    state = lane_state("fx_dome_lane", token="E2", heroes={"cotlic": hero(0, "D2"), "yami": hero(1, "D1")})
    run(state)
    m = hexes.load_map("fx_dome_lane")
    for side in (0, 1):
        spots = minion_hexes(state, side)
        assert len(spots) == len(set(spots)) == 2
        assert not set(spots) & (m.dome | {"D2", "D1"})


# ------------------------------------------------------------------ order, draws, counters (R106, R67, G12)

def test_R106_G12_tokens_resolve_in_number_order_whatever_their_lane_then_the_dome():
    two_lanes()
    # setup (H) shuffled the numbers: token 1 lies in lane 2, token 2 in lane 1
    state = lane_state("fx_two_lanes", token={"1": "G8", "2": "G2"},
                       heroes={"cotlic": hero(0, "G8"), "yami": hero(1, "G2")},
                       minions=[minion(1, "F8", lane=2), minion(0, "F2", lane=1)])
    rec = run(state)
    order = [m.args.get("number") for m, _ in rec.logs if "Control token {number}:" in m.key]
    assert order == [1, 2] and "The dome" in rec.logs[-1][0].key
    # token 1: cotlic against side 1's minion on F8, 1 to 1; token 2: yami against the minion on F2
    assert state["counters"].get("lane_wins", [0, 0]) == [0, 0]
    # lane tags follow the lane: what spawned around token 1 (G8) is lane 2's
    new = list(state["minions"])
    for old in (minion(1, "F8", lane=2), minion(0, "F2", lane=1)):
        new.remove(old)
    assert len(new) == 8                     # a tie in both lanes: 2 per side per lane
    for mn in new:
        assert mn["lane"] == (2 if int(mn["hex"][1:]) >= 7 else 1)


def test_G31_step2_hits_the_minions_of_the_tokens_own_lane_when_numbers_are_shuffled():
    two_lanes()
    state = lane_state("fx_two_lanes", token={"1": "G8", "2": "G2"}, heroes={"cotlic": hero(0, "G8")},
                       minions=[minion(1, "A1", lane=1), minion(1, "A9", lane=2)])
    rec = run(state)
    # token 1 is lane 2's: its 1 damage defeats the lane-2 minion on A9, not the lane-1 one on A1
    assert rec.keys("defeated")[0][1] == ("A9",)
    assert [m.args["lane"] for m, _ in rec.keys("defeated")] == [2]


def test_R67_the_winner_of_each_contest_draws_one_and_all_lanes_round_is_counted():
    two_lanes()
    state = lane_state("fx_two_lanes", token={"1": "G2", "2": "G8"},
                       heroes={"cotlic": hero(0, "G2"), "tlakali": hero(0, "G8")})
    rec = run(state)
    assert rec.draws == [0, 0]                                   # two lanes; the dome is a 0-0 tie
    assert state["counters"]["lane_wins"] == [2, 0] and state["counters"]["all_lanes_round"] == [1, 0]


def test_all_lanes_round_needs_every_lane_won():
    two_lanes()
    state = lane_state("fx_two_lanes", token={"1": "G2", "2": "G8"}, heroes={"cotlic": hero(0, "G2")})
    run(state)
    assert state["counters"]["lane_wins"] == [1, 0]
    assert state["counters"].get("all_lanes_round", [0, 0]) == [0, 0]


# ------------------------------------------------------------------ the dome (R113, R114)

def dome_state(heroes, holder=None):
    grid("fx_dome", ["....ddd....", "...ddddd...", "....ddd...."])
    state = lane_state("fx_dome", token={}, towers={}, heroes=heroes, cards={"c1": "x"})
    state["outsider"]["holder"] = holder
    return state


def test_T31_R113_R114_heroes_in_the_dome_plus_a_lead_card_decide_the_outsider():
    state = dome_state({"cotlic": hero(0, "E1"), "tlakali": hero(0, "F2"),
                        "yami": hero(1, "G3", leads=["c1"]), "sakoshi": hero(1, "A1")})   # A1 is outside
    rec = run(state, costs={"c1": 2})
    # P = 2, Q = 1 + 2 = 3: Q draws 1 and takes the Outsider card
    assert state["outsider"]["holder"] == 1 and rec.draws == [1]
    assert state["counters"]["dome_wins"] == [0, 1] and state["discards"]["1"] == ["c1"]


def test_T31_R114_a_dome_tie_returns_the_outsider_card_to_the_board():
    state = dome_state({"cotlic": hero(0, "E1"), "tlakali": hero(0, "F2"),
                        "yami": hero(1, "G3"), "sakoshi": hero(1, "E2")}, holder=0)
    rec = run(state)
    assert state["outsider"]["holder"] is None and rec.draws == []
    assert state["counters"].get("dome_wins", [0, 0]) == [0, 0]


# ------------------------------------------------------------------ the two-lane house map

def start_state(name="two_lane", heroes=None):
    m = hexes.load_map(name)
    state = lane_state(name, token=dict((str(n), h) for n, h in m.control_starts.items()), heroes=heroes or {})
    state["minions"] = [minion(s, h, lane) for h, s, lane, count in m.minion_starts for _ in range(count)]
    return state


def test_R111_on_the_two_lane_map_an_even_start_is_a_tie_in_both_lanes_and_both_sides_spawn():
    state = start_state()
    m = hexes.load_map("two_lane")
    before = {side: len(minion_hexes(state, side)) for side in (0, 1)}
    rec = run(state)
    assert rec.draws == []
    for side in (0, 1):
        assert len(minion_hexes(state, side)) == before[side] + 4        # 2 per lane
    for mn in state["minions"]:
        token = m.control_starts[mn["lane"]]
        assert mn["hex"] not in m.dome and hexes.has_los(m, mn["hex"], token)
    for side in (0, 1):
        spots = [(mn["hex"]) for mn in state["minions"] if mn["side"] == side]
        assert len(spots) == len(set(spots))                              # one minion per side per hex


def test_R109_on_the_two_lane_map_a_won_lane_moves_its_token_toward_the_enemy_tower():
    m = hexes.load_map("two_lane")
    token = m.control_starts[1]
    assert token == "H2" and {"G1", "H1"} <= set(hexes.neighbours(m, token))
    state = start_state(heroes={"cotlic": hero(0, "G1"), "tlakali": hero(0, "H1")})
    rec = run(state)
    tower = m.tower_hex(1, 1)
    moved_to = state["control"]["1"]
    # 2 heroes + 3 minions against 3 minions: side 0 wins lane 1 by 2; the two nearest enemy
    # minions absorb the damage, then the token moves 2 hexes closer to side 1's tower
    assert rec.keys("defeated")[0][1] == ("H3", "I2")
    assert hexes.distance(m, moved_to, tower) == hexes.distance(m, token, tower) - 2
    assert state["counters"]["minions_defeated"] == [2, 0] and rec.draws[0] == 0
    assert moved_to not in m.dome and m.lane_of.get(moved_to) == 1
