"""Battlefield geometry (engine/skytear/hexes.py) and the two house maps (G1).

Fixture maps are drawn as text: one character per hex, rows top to bottom, and every second row
(rows 2, 4, ...) shifted half a hex to the right ("odd-r" offset). So in a fixture, hex B2 touches
B1 and C1 above it and B3 and C3 below it; hex B1 touches A2 and B2 below it.
Characters: '.' plain, 'h' hiding, 'd' dome, '1'/'2'/'3' a lane hex, ' ' no hex.
"""
from __future__ import annotations

import math
from collections import deque

import pytest

from engine.skytear import hexes
from engine.skytear.hexes import (
    Map, aoe_hits, aoe_placements, closest_in_los, distance, has_los, load_map, los_steps, minion_allowed,
    move_blockers, move_destinations, nearest_free, neighbours, outsider_placement_ok, outsider_placements,
    push_steps, register_map, sees_hero, token_path_step)

MAPS = ("two_lane", "three_lane")


def label(col: int, row: int) -> str:
    return chr(65 + col) + str(row)


def grid(name: str, art: list[str], walls=(), towers=None, nexus=None, control=None) -> Map:
    """A fixture map from text art (see the module docstring), registered under `name`."""
    towers, nexus, control = towers or {}, nexus or {}, control or {}
    cells = []
    for r, line in enumerate(art):
        for col, ch in enumerate(line):
            if ch == " ":
                continue
            h = label(col, r + 1)
            cells.append({
                "id": h, "q": col - (r - (r & 1)) // 2, "r": r,
                "lane": int(ch) if ch.isdigit() else None, "dome": ch == "d", "hiding": ch == "h",
                "nexus": nexus.get(h), "control_start": control.get(h), "minion_start": [], "hero_start": None,
                "tower": {"side": towers[h][0], "lane": towers[h][1]} if h in towers else None})
    return register_map(Map.from_dict({"name": name, "hexes": cells, "white_lines": [list(w) for w in walls]}))


def offset_neighbours(h: str, m: Map) -> set[str]:
    """Neighbours worked out from the offset layout itself (independent of the axial tables)."""
    col, row = ord(h[0]) - 65, int(h[1:])
    r = row - 1
    shift = 0 if r % 2 == 0 else 1
    cand = [(col - 1, row), (col + 1, row), (col - 1 + shift, row - 1), (col + shift, row - 1),
            (col - 1 + shift, row + 1), (col + shift, row + 1)]
    return {label(c, rr) for c, rr in cand if c >= 0 and rr >= 1 and label(c, rr) in m.coords}


def pixel_xy(m: Map, h: str) -> tuple[float, float]:
    q, r = m.coords[h]
    return q + r / 2, r * 1.5 / math.sqrt(3)


# ------------------------------------------------------------------ fixture sanity

def test_fixture_neighbours_agree_with_the_offset_layout():
    m = grid("fx_open", [".......", ".......", ".......", "......."])
    for h in m.hexes:
        assert set(neighbours(m, h)) == offset_neighbours(h, m)
    assert set(neighbours(m, "B2")) == {"A2", "C2", "B1", "C1", "B3", "C3"}


# ------------------------------------------------------------------ distance, adjacency (R10, R11, G15)

def test_R10_G15_distance_is_plain_hex_distance_and_ignores_white_lines():
    m = grid("fx_row_wall", ["......."], walls=[("B1", "C1")])
    assert distance(m, "A1", "E1") == 4
    assert distance(m, "B1", "C1") == 1          # a white line changes LoS, never distance
    two = grid("fx_two_rows", ["......", "......"])
    assert distance(two, "B1", "B2") == 1 and distance(two, "B1", "C2") == 2 and distance(two, "A1", "D2") == 4


def test_R11_adjacent_means_within_one_hex_including_its_own():
    m = grid("fx_row", ["....."])
    assert hexes.adjacent(m, "C1", "C1") and hexes.adjacent(m, "C1", "D1")
    assert not hexes.adjacent(m, "C1", "E1")


# ------------------------------------------------------------------ line of sight (R15-R20, G14)

def test_T7_R15_los_reaches_a_hex_at_most_three_steps_away():
    m = grid("fx_row6", ["......"])
    assert los_steps(m, "A1", "D1") == 3 and has_los(m, "A1", "D1")
    assert los_steps(m, "A1", "E1") is None and not has_los(m, "A1", "E1")


def test_T6_R15_a_white_line_on_every_short_path_blocks_los_both_ways():
    m = grid("fx_row_wall", ["......."], walls=[("B1", "C1")])
    assert not has_los(m, "A1", "C1") and not has_los(m, "C1", "A1")
    assert has_los(m, "C1", "E1")


def test_G14_adjacent_hexes_across_a_white_line_see_each_other_by_a_detour():
    # B1 and C1 share a white line, but B1 -> B2 -> C1 goes round it in 2 steps
    m = grid("fx_two_rows_wall", ["....", "...."], walls=[("B1", "C1")])
    assert los_steps(m, "B1", "C1") == 2
    closed = grid("fx_two_rows_closed", ["....", "...."], walls=[("B1", "C1"), ("B2", "C1"), ("B1", "B2")])
    # now the shortest way round, B1-A2-B2-C2-C1, takes 4 steps: no LoS
    assert los_steps(closed, "B1", "C1") is None


def test_T14_an_adjacent_enemy_behind_a_white_line_is_adjacent_but_not_in_los():
    m = grid("fx_row_wall2", ["....."], walls=[("B1", "C1")])
    assert distance(m, "B1", "C1") == 1            # "an adjacent enemy" (no LoS needed, R24) can be hit
    assert not has_los(m, "B1", "C1")             # "a target adjacent enemy" cannot


def test_R17_a_hex_always_sees_itself_even_walled_in():
    m = grid("fx_row_boxed", ["..."], walls=[("A1", "B1"), ("B1", "C1")])
    assert los_steps(m, "B1", "B1") == 0 and has_los(m, "B1", "B1")


def test_T9_R16_minions_models_and_hiding_hexes_between_do_not_block_los():
    # A1 . h . : a hiding hex (or any model) between A and B changes nothing; only white lines block
    m = grid("fx_row_bush", [".h.."])
    assert has_los(m, "A1", "C1")
    assert sees_hero(m, "A1", "C1", friendly_hexes=())


def test_T10_R18_a_hero_on_a_hiding_hex_needs_a_spotter_with_los():
    # A1 . B(hiding, C1) D1=spotter, with a white line between C1 and D1
    m = grid("fx_hide", ["..h.."], walls=[("C1", "D1")])
    assert has_los(m, "A1", "C1")                               # A sees the hex ...
    assert not sees_hero(m, "A1", "C1", friendly_hexes=["D1"])  # ... but not the hidden hero: D1 has no LoS
    assert sees_hero(m, "C1", "A1", friendly_hexes=[])          # R19: the hidden hero sees out normally


def test_T11_R18_a_spotter_adjacent_with_los_reveals_the_hidden_hero():
    m = grid("fx_hide_open", ["..h.."])
    assert not sees_hero(m, "A1", "C1", friendly_hexes=[])      # A is 2 away: not adjacent, no spotter
    assert sees_hero(m, "A1", "C1", friendly_hexes=["D1"])      # D1 is adjacent and sees C1
    assert not sees_hero(m, "A1", "C1", friendly_hexes=["E1"])  # E1 is not adjacent to the hiding hex


def test_T12_R19_a_hiding_hex_itself_can_be_targeted_when_the_hero_cannot():
    m = grid("fx_hide", ["..h.."], walls=[("C1", "D1")])
    assert has_los(m, "A1", "C1") and not sees_hero(m, "A1", "C1", friendly_hexes=["D1"])


def test_R18_seed_the_viewer_next_to_a_hiding_hex_is_not_its_own_spotter():
    """R18 as the seed words it: 「一個友方英雄只會在以下情況具有視線：有另一個友方英雄在與該隱蔽格
    相鄰的格子上，且該英雄具有看見該敵方英雄的視線」 ("another friendly hero"): a hero next to the
    hiding hex does not see the hero in it alone; another friendly hero next to it with LoS does it."""
    m = grid("fx_hide_open", ["..h.."])
    assert not sees_hero(m, "B1", "C1", friendly_hexes=[])          # adjacent, but alone
    assert sees_hero(m, "B1", "C1", friendly_hexes=["D1"])          # D1: another friend, adjacent, with LoS
    assert sees_hero(m, "D1", "C1", friendly_hexes=["B1"])          # and D1 sees it thanks to B1
    assert not sees_hero(m, "B1", "C1", friendly_hexes=["E1"])      # E1 is another friend, but not adjacent


def test_R18_the_viewer_still_needs_its_own_los_to_the_hidden_hero():
    m = grid("fx_hide_far", ["..h...."])
    # the spotter D1 sees C1, but the viewer on G1 is 4 hexes away: no ordinary LoS
    assert not sees_hero(m, "G1", "C1", friendly_hexes=["D1"])
    assert sees_hero(m, "F1", "C1", friendly_hexes=["D1"])


def test_R20_a_multi_hex_model_sees_from_any_of_its_hexes():
    m = grid("fx_row_long", ["........"])
    outsider = ["A1", "B1", "C1"]
    assert not has_los(m, "A1", "G1")
    assert has_los(m, outsider, "F1")                 # from C1, 3 steps
    assert has_los(m, "F1", outsider)
    assert not has_los(m, outsider, "G1")


def test_R18_the_outsider_on_a_hiding_hex_is_seen_through_its_other_hexes():
    m = grid("fx_hide_outsider", ["h......"])
    assert not sees_hero(m, "C1", ["A1"], friendly_hexes=[])
    assert sees_hero(m, "C1", ["A1", "B1"], friendly_hexes=[])


# ------------------------------------------------------------------ movement (R34, R35)

def test_R34_a_move_ends_up_to_its_number_of_hexes_away():
    m = grid("fx_row_long", ["........"])
    assert set(move_destinations(m, "A1", 3)) == {"B1", "C1", "D1"}
    assert move_destinations(m, "A1", 3)["D1"] == ["A1", "B1", "C1", "D1"]
    assert move_destinations(m, "A1", 0) == {}


def test_T2_R35_a_hero_passes_through_a_minion_but_cannot_stop_on_it():
    m = grid("fx_row_long", ["........"])
    dest = move_destinations(m, "A1", 2, pass_blocked=(), end_blocked={"B1"})
    assert "B1" not in dest
    assert dest["C1"] == ["A1", "B1", "C1"]


def test_T3_R35_a_hero_in_a_one_hex_corridor_blocks_the_way():
    m = grid("fx_row_long", ["........"])
    dest = move_destinations(m, "A1", 3, pass_blocked={"B1"})
    assert dest == {}


def test_T1_R34_R35_the_destinations_are_the_hexes_reachable_without_crossing_heroes():
    m = grid("fx_field", [".......", ".......", ".......", ".......", "......."])
    heroes = {"C2", "D2", "E3"}
    minions = {"C4"}
    start = "C3"
    # independent breadth-first search on the offset layout
    seen = {start: 0}
    queue = deque([start])
    while queue:
        cur = queue.popleft()
        if seen[cur] == 3:
            continue
        for n in offset_neighbours(cur, m):
            if n not in seen and n not in heroes:
                seen[n] = seen[cur] + 1
                queue.append(n)
    expected = {h for h in seen if h != start and h not in minions}
    dest = move_destinations(m, start, 3, pass_blocked=heroes, end_blocked=minions)
    assert set(dest) == expected
    for end, path in dest.items():
        assert path[0] == start and path[-1] == end and len(path) - 1 <= 3
        assert not heroes & set(path)
        assert all(b in offset_neighbours(a, m) for a, b in zip(path, path[1:]))


def fixture_state(map_name: str, **extra) -> dict:
    state = {"map": map_name, "sides": [[0], [1]], "first": 0, "heroes": {}, "minions": [], "towers": {},
             "nexus": [{"hp": 5, "exposed": False}, {"hp": 5, "exposed": False}], "control": {},
             "pillars": [], "illusions": {}, "outsider": {"hexes": [], "hp": 10, "statuses": {}, "holder": None}}
    state.update(extra)
    return state


def test_R35_seed_towers_and_nexus_hexes_are_crossed_not_ended_on_minions_likewise_tokens_nothing():
    """R35 as the seed words it: 「英雄和入侵者無法移動穿過其他的英雄或入侵者」, 「可以移動穿過手下」,
    「無法在有手下或防禦塔的格子結束移動」: only heroes and the Outsider cannot be crossed; the seed is
    silent on crossing a tower, so a tower (and a nexus hex, house: like a tower) is crossed but
    not ended on, as a minion is."""
    m = grid("fx_g35", ["........"], towers={"C1": (1, 1)}, nexus={"F1": 1})
    state = fixture_state("fx_g35", towers={"C1": {"side": 1, "lane": 1, "hp": 5}},
                          heroes={"cotlic": {"side": 0, "owner": 0, "hex": "A1", "state": "ready"}},
                          minions=[{"side": 1, "lane": 1, "hex": "D1"}], pillars=[{"side": 1, "hex": "B1"}])
    passing, ending = move_blockers(state, mover="cotlic")
    assert passing == set()
    assert {"C1", "D1", "F1"} <= ending and "B1" not in ending
    dest = move_destinations(m, "A1", 3, passing, ending)
    assert set(dest) == {"B1"}                       # the pillar hex is fine; C1 and D1 only crossed
    dest = move_destinations(m, "A1", 5, passing, ending)
    assert dest["E1"] == ["A1", "B1", "C1", "D1", "E1"]     # through the tower and the minion
    assert "F1" not in dest                                 # never ending on the nexus
    assert set(move_destinations(m, "A1", 6, passing, ending)) == {"B1", "E1", "G1"}
    state["towers"]["C1"]["hp"] = 0        # a destroyed tower is an ordinary hex (G9)
    passing, ending = move_blockers(state, mover="cotlic")
    assert set(move_destinations(m, "A1", 4, passing, ending)) == {"B1", "C1", "E1"}


def test_R35_other_heroes_and_the_outsider_block_but_not_the_mover_itself():
    grid("fx_g35b", ["......"])
    state = fixture_state("fx_g35b", heroes={
        "cotlic": {"side": 0, "owner": 0, "hex": "A1", "state": "ready"},
        "tlakali": {"side": 0, "owner": 0, "hex": "B1", "state": "ready"},
        "yami": {"side": 1, "owner": 1, "hex": "C1", "state": "defeated"}})
    state["outsider"]["hexes"] = ["E1"]
    passing, _ = move_blockers(state, mover="cotlic")
    assert passing == {"B1", "E1"}         # the defeated hero is off the board


# ------------------------------------------------------------------ push (R127, G16 as sourced)

def test_R127_G16_a_push_moves_the_target_away_one_hex_at_a_time():
    m = grid("fx_row_long", ["........"])
    assert push_steps(m, "A1", "B1", 2, blocked=()) == [("D1", ["B1", "C1", "D1"])]


def test_G16_a_push_stops_before_a_blocking_element():
    m = grid("fx_row_long", ["........"])
    assert push_steps(m, "A1", "B1", 3, blocked={"D1"}) == [("C1", ["B1", "C1"])]


def test_G16_a_pushed_model_crosses_a_minion_only_if_it_can_go_on():
    m = grid("fx_row_long", ["........"])
    assert push_steps(m, "A1", "B1", 2, blocked=(), end_blocked={"C1"}) == [("D1", ["B1", "C1", "D1"])]
    # with a hero behind the minion it cannot end on the minion, so it does not move at all
    assert push_steps(m, "A1", "B1", 2, blocked={"D1"}, end_blocked={"C1"}) == [("B1", ["B1"])]


def test_R127_a_push_stops_at_the_board_edge():
    m = grid("fx_row", ["....."])
    assert push_steps(m, "C1", "D1", 3, blocked=()) == [("E1", ["D1", "E1"])]


def test_R127_a_push_is_never_shortened_and_offers_every_maximal_path():
    m = grid("fx_field", [".......", ".......", ".......", ".......", "......."])
    origin, target = "C3", "D3"
    results = push_steps(m, origin, target, 2, blocked=())
    assert len(results) >= 2                  # several ways away: the caster chooses (D26)
    for end, path in results:
        assert len(path) == 3 and path[0] == target and path[-1] == end
        dists = [distance(m, origin, h) for h in path]
        assert dists == sorted(set(dists)) and dists[-1] == distance(m, origin, target) + 2
    ends = {end for end, _ in results}
    assert ends == {h for h in m.hexes if distance(m, origin, h) == 3 and distance(m, target, h) == 2}


def test_G16_push_distance_is_measured_from_the_nearest_origin_hex():
    m = grid("fx_row_long", ["........"])
    # the Outsider on A1-B1-C1 pushes D1 away from C1, its nearest hex
    assert push_steps(m, ["A1", "B1", "C1"], "D1", 1, blocked=()) == [("E1", ["D1", "E1"])]


# ------------------------------------------------------------------ placement (R100, G23)

def test_R100_a_minion_goes_to_the_nearest_hex_in_the_tokens_los():
    # token on C1; D1 is nearer but behind a white line from C1 (and the detour is cut), E1 is in LoS
    m = grid("fx_place", ["......", "......"], walls=[("C1", "D1"), ("D1", "D2"), ("C2", "D1")])
    assert not has_los(m, "C1", "D1")
    allowed = {"D1", "A1"}
    assert closest_in_los(m, "C1", allowed) == ["A1"]


def test_R100_equally_near_hexes_are_all_offered_sorted():
    m = grid("fx_row_long", ["........"])
    assert closest_in_los(m, "D1", {"C1", "E1", "G1"}) == ["C1", "E1"]
    assert closest_in_los(m, "D1", {"D1", "C1"}) == ["D1"]   # the token's own hex is the nearest


def test_R100_with_no_allowed_hex_in_los_the_nearest_allowed_hexes_are_used():
    m = grid("fx_row_long", ["........"])
    assert closest_in_los(m, "A1", {"F1", "H1"}) == ["F1"]
    assert closest_in_los(m, "A1", set()) == []


def test_R100_T26_minion_hexes_exclude_dome_heroes_towers_outsider_and_own_minions():
    grid("fx_allowed", ["..d....."], towers={"E1": (0, 1)}, nexus={"H1": 1})
    state = fixture_state("fx_allowed", towers={"E1": {"side": 0, "lane": 1, "hp": 5}},
                          heroes={"yami": {"side": 1, "owner": 1, "hex": "B1", "state": "ready"}},
                          minions=[{"side": 0, "lane": 1, "hex": "D1"}, {"side": 1, "lane": 1, "hex": "A1"}])
    state["outsider"]["hexes"] = ["F1"]
    assert minion_allowed(state, 0) == {"A1", "G1"}      # an enemy minion's hex may be shared
    assert minion_allowed(state, 1) == {"D1", "G1"}


def test_G23_a_respawning_hero_goes_to_the_free_hex_nearest_its_nexus():
    m = grid("fx_respawn", ["........", "........"], nexus={"A1": 0, "A2": 0})
    assert nearest_free(m, ["A1", "A2"], {"A2", "C1", "D2"}) == ["A2"]    # a free nexus hex itself
    assert nearest_free(m, ["A1", "A2"], {"B1", "B2", "D2"}) == ["B1", "B2"]
    assert nearest_free(m, ["A1"], set()) == []


# ------------------------------------------------------------------ the control token (R109, G30)

def test_G30_the_token_takes_a_shortest_step_toward_the_goal():
    m = grid("fx_token", [".....", ".....", "....."])
    assert token_path_step(m, "A2", ["E2"]) == ["B2"]
    assert token_path_step(m, "E2", ["E2"]) == []


def test_G30_the_token_goes_round_the_dome_and_offers_the_equal_steps():
    m = grid("fx_token_dome", [".....", "..d..", "....."])
    # straight on would enter C2 (dome); round it via C1 or C3 is equally short
    assert token_path_step(m, "B2", ["E2"]) == ["C1", "C3"]
    assert "C2" not in token_path_step(m, "A2", ["E2"])


# ------------------------------------------------------------------ the Outsider (R119, T27)

def test_T27_R119_outsider_placement_needs_one_or_two_dome_hexes_and_one_or_two_lane_hexes():
    m = grid("fx_outsider", ["1111", "dd11", "dd.."])
    assert outsider_placement_ok(m, ["A1", "B1", "A2"])       # 1 dome, 2 lane
    assert outsider_placement_ok(m, ["A2", "B2", "B1"])       # 2 dome, 1 lane
    assert outsider_placement_ok(m, ["B2", "C2", "C3"])       # 1 dome, 1 lane, 1 neither (allowed)
    assert not outsider_placement_ok(m, ["A2", "B2", "B3"])   # 3 in the dome
    assert not outsider_placement_ok(m, ["B1", "C1", "C2"])   # 0 in the dome
    assert not outsider_placement_ok(m, ["B2", "B3", "C3"])   # 0 on a lane
    assert not outsider_placement_ok(m, ["A1", "B1", "C1"])   # not three mutually adjacent hexes


def test_R119_outsider_placements_use_only_free_hexes():
    m = grid("fx_outsider", ["1111", "dd11", "dd.."])
    every = outsider_placements(m, m.hexes)
    assert ("A1", "A2", "B1") in every
    assert all(outsider_placement_ok(m, t) for t in every)
    assert all("A1" not in t for t in outsider_placements(m, set(m.hexes) - {"A1"}))


# ------------------------------------------------------------------ area of effect (R123)

def test_R123_a_caster_line_has_six_orientations_straight_out_from_the_caster():
    m = grid("fx_big", ["." * 9] * 9)
    caster = "E5"
    placements = aoe_placements(m, "line3", caster)
    assert len(placements) == 6
    for hits in placements:
        assert sorted(distance(m, caster, h) for h in hits) == [1, 2, 3]
        assert caster not in hits


def test_R123_ring1_is_the_six_neighbours_and_a_cone_has_mirror_images():
    m = grid("fx_big", ["." * 9] * 9)
    assert aoe_placements(m, "ring1", "E5") == [frozenset(neighbours(m, "E5"))]
    # cone3 (one hex, then two behind it offset to one side) is not mirror-symmetric: 6 x 2 placements
    cones = aoe_placements(m, "cone3", "E5")
    assert len(cones) == 12
    for hits in cones:
        assert sorted(distance(m, "E5", h) for h in hits) == [1, 2, 2]


def test_R123_a_template_without_caster_hex_needs_one_hex_within_range():
    m = grid("fx_big", ["." * 9] * 9)
    found = set(aoe_placements(m, "triangle3", "E5", max_range=1))
    expected = set()
    for a in m.hexes:
        for b in m.hexes:
            for c in m.hexes:
                tri = frozenset((a, b, c))
                if len(tri) == 3 and all(distance(m, x, y) == 1 for x in tri for y in tri if x != y) \
                        and min(distance(m, "E5", x) for x in tri) <= 1:
                    expected.add(tri)
    assert found == expected


def test_R123_a_template_may_hang_off_the_board_if_one_hex_is_on_it():
    m = grid("fx_row", ["....."])
    hits = set(aoe_placements(m, "line3", "A1"))
    assert frozenset({"B1", "C1", "D1"}) in hits
    assert frozenset() not in hits
    assert all(h in m.coords for s in hits for h in s)
    assert aoe_hits(m, "burst7", "A1") == frozenset({"A1", "B1"})


# ------------------------------------------------------------------ the two house maps (G1)

@pytest.mark.parametrize("name", MAPS)
def test_G1_map_labels_name_columns_and_rows_of_the_picture(name):
    m = load_map(name)
    assert m.source == "house" and m.raw.get("note")
    assert (m.rounds, m.heroes_per_side) == ({"two_lane": 5, "three_lane": 8}[name], 4)   # R2, spec section 8
    assert len(set(m.hexes)) == len(m.hexes)
    rows: dict[int, list[str]] = {}
    for h in m.hexes:
        q, r = m.coords[h]
        assert int(h[1:]) == r + 1                   # rows 1.. top to bottom
        rows.setdefault(r, []).append(h)
    for r, row in rows.items():
        by_x = sorted(row, key=lambda h: pixel_xy(m, h)[0])
        assert [h[0] for h in by_x] == sorted(h[0] for h in row)    # columns A.. left to right


@pytest.mark.parametrize("name", MAPS)
def test_R13_map_white_lines_join_adjacent_hexes_only(name):
    m = load_map(name)
    assert m.white_lines
    for edge in m.white_lines:
        a, b = sorted(edge)
        assert distance(m, a, b) == 1


def test_R13_a_white_line_between_hexes_that_do_not_touch_is_refused():
    with pytest.raises(ValueError):
        grid("fx_bad_wall", ["...."], walls=[("A1", "C1")])


@pytest.mark.parametrize("name", MAPS)
def test_R12_every_lane_joins_its_two_towers(name):
    m = load_map(name)
    lanes = {"two_lane": [1, 2], "three_lane": [1, 2, 3]}[name]
    assert sorted(m.lanes) == lanes
    assert len(m.towers) == 2 * len(lanes)
    for lane in lanes:
        t0, t1 = m.tower_hex(0, lane), m.tower_hex(1, lane)
        assert t0 and t1 and m.lane_of[t0] == lane and m.lane_of[t1] == lane
        cells = set(m.lanes[lane])
        seen, queue = {t0}, deque([t0])
        while queue:
            cur = queue.popleft()
            for n in neighbours(m, cur):
                if n in cells and n not in seen:
                    seen.add(n)
                    queue.append(n)
        assert seen == cells                           # one connected band from tower to tower
        assert pixel_xy(m, t0)[0] < pixel_xy(m, t1)[0]  # side 0 on the left


@pytest.mark.parametrize("name", MAPS)
def test_R12_nexus_of_three_hexes_behind_the_towers_and_the_board_is_connected(name):
    m = load_map(name)
    xs = [pixel_xy(m, h)[0] for h in m.hexes]
    for side in (0, 1):
        assert len(m.nexus[side]) == 3
        edge = min(xs) if side == 0 else max(xs)
        assert any(abs(pixel_xy(m, h)[0] - edge) < 1e-9 for h in m.nexus[side])
    # a hero can walk (around towers and nexus hexes) from beside one nexus to beside the other
    blocked = set(m.towers) | m.nexus_hexes
    open_hexes = [h for h in m.hexes if h not in blocked]
    start = next(h for h in open_hexes if any(distance(m, h, n) == 1 for n in m.nexus[0]))
    seen, queue = {start}, deque([start])
    while queue:
        cur = queue.popleft()
        for n in neighbours(m, cur):
            if n not in blocked and n not in seen:
                seen.add(n)
                queue.append(n)
    assert seen == set(open_hexes)


@pytest.mark.parametrize("name", MAPS)
def test_R12_R14_the_dome_is_walled_in_except_two_openings_per_area(name):
    m = load_map(name)
    areas = []
    left = set(m.dome)
    while left:
        seed = left.pop()
        area, queue = {seed}, deque([seed])
        while queue:
            cur = queue.popleft()
            for n in neighbours(m, cur):
                if n in left:
                    left.discard(n)
                    area.add(n)
                    queue.append(n)
        areas.append(area)
    assert len(areas) == {"two_lane": 1, "three_lane": 2}[name]
    assert 7 <= len(m.dome) <= 12
    for area in areas:
        border = [(a, b) for a in area for b in neighbours(m, a) if b not in area]
        openings = [(a, b) for a, b in border if frozenset((a, b)) not in m.white_lines]
        assert 2 <= len(openings) <= 3
        assert any(m.lane_of.get(b) for _, b in border)      # the dome touches a lane (R119)
        # LoS into the area only through an opening: a hex outside whose every neighbour in the
        # area is walled off cannot see in within one step
        for a, b in border:
            if frozenset((a, b)) in m.white_lines and all(
                    frozenset((x, b)) in m.white_lines for x in area if x in neighbours(m, b)):
                assert los_steps(m, b, a) != 1


@pytest.mark.parametrize("name", MAPS)
def test_G1_maps_are_point_symmetric_so_neither_side_is_favoured(name):
    m = load_map(name)
    pts = {h: pixel_xy(m, h) for h in m.hexes}
    cx = sum(x for x, _ in pts.values()) / len(pts)
    cy = sum(y for _, y in pts.values()) / len(pts)
    at = {(round(x * 2), round(y * 1000)): h for h, (x, y) in pts.items()}

    def mirror(h):
        x, y = pts[h]
        return at[(round((2 * cx - x) * 2), round((2 * cy - y) * 1000))]

    lane_map = {}
    for h in m.hexes:
        g = mirror(h)
        a, b = m.info[h], m.info[g]
        assert a["dome"] == b["dome"] and a["hiding"] == b["hiding"]
        assert (a["nexus"] is None) == (b["nexus"] is None)
        if a["nexus"] is not None:
            assert b["nexus"] == 1 - a["nexus"]
        if a["lane"]:
            assert lane_map.setdefault(a["lane"], b["lane"]) == b["lane"]
        if a["tower"]:
            assert b["tower"] == {"side": 1 - a["tower"]["side"], "lane": lane_map[a["tower"]["lane"]]}
        if a["control_start"]:
            assert b["control_start"] == lane_map[a["control_start"]]
        assert sorted((s["side"], s["lane"], s["count"]) for s in b["minion_start"]) == sorted(
            (1 - s["side"], lane_map[s["lane"]], s["count"]) for s in a["minion_start"])
    for edge in m.white_lines:
        a, b = tuple(edge)
        assert frozenset((mirror(a), mirror(b))) in m.white_lines


@pytest.mark.parametrize("name", MAPS)
def test_R18_maps_have_six_to_eight_hiding_hexes(name):
    assert 6 <= len(load_map(name).hiding) <= 8


@pytest.mark.parametrize("name", MAPS)
def test_setup_H_I_one_control_start_per_lane_and_minion_starts_near_it(name):
    m = load_map(name)
    assert sorted(m.control_starts) == sorted(m.lanes)
    per_side = {0: 0, 1: 0}
    for lane, start in m.control_starts.items():
        assert m.lane_of[start] == lane and start not in m.dome
    for h, side, lane, count in m.minion_starts:
        per_side[side] += count
        assert h not in m.dome and h not in m.towers and h not in m.nexus_hexes
        assert has_los(m, h, m.control_starts[lane])            # R100: in the token's LoS
    if name == "two_lane":                                      # setup (I): 3 per side per lane
        for side in (0, 1):
            for lane in (1, 2):
                assert sum(c for _, s, l, c in m.minion_starts if s == side and l == lane) == 3
    else:                                                       # spec 3.5: five per side
        assert per_side == {0: 5, 1: 5}


@pytest.mark.parametrize("name", MAPS)
def test_T27_the_outsider_can_be_placed_astride_dome_and_lane(name):
    m = load_map(name)
    free = set(m.hexes) - set(m.towers) - m.nexus_hexes
    placements = outsider_placements(m, free)
    assert placements
    for t in placements:
        assert any(h in m.dome for h in t) and any(h not in m.dome for h in t)
        assert any(h in m.lane_of for h in t)


@pytest.mark.parametrize("name", MAPS)
def test_G30_each_token_can_reach_both_enemy_towers_of_its_lane_without_entering_the_dome(name):
    m = load_map(name)
    for lane, start in m.control_starts.items():
        for side in (0, 1):
            tower = m.tower_hex(side, lane)
            token, steps = start, 0
            while distance(m, token, tower) > 1:
                nxt = token_path_step(m, token, [tower])
                assert nxt and all(h not in m.dome for h in nxt)
                token = nxt[0]
                steps += 1
                assert steps < 20
            assert steps >= 2                                  # the token starts mid-lane
