"""The map of Civilization: tile data (appendix G12), layouts (S5), squares and rotation, founding
sites (R13), discovery (R68, R69), movement (R4, R5, R62-R79, G17), blockades (R95) and yields
(R6, R7, G13)."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.civilization import board as b
from engine.civilization import data

# --- helpers ----------------------------------------------------------------------------------


@pytest.fixture
def grid(monkeypatch):
    """Build a state from rows of terrain letters (G F M D W), cut into 4x4 synthetic tiles in
    reading order; `down` lists the slots that lie face down, `codes` overrides cells by label."""
    real = dict(data.by_id("tiles"))

    def make(rows: list[str], down=(), codes: dict[str, str] | None = None, **extra) -> dict:
        codes = {k.upper(): v for k, v in (codes or {}).items()}
        tiles, placed = dict(real), []
        for ty in range(0, len(rows), 4):
            for tx in range(0, len(rows[0]), 4):
                slot = len(placed)
                cells = [[codes.get(b.label(tx + c, ty + r), rows[ty + r][tx + c]) for c in range(4)]
                         for r in range(4)]
                tid = f"X{slot:02d}"
                tiles[tid] = {"id": tid, "home": None, "cells": cells}
                placed.append({"slot": slot, "x": tx, "y": ty, "tile": tid, "face_up": slot not in down,
                               "rotation": 0, "home": None})
        monkeypatch.setattr(b, "tiles_data", lambda: tiles)
        state = {"map": {"width": len(rows[0]), "height": len(rows), "tiles": placed},
                 "markers": {}, "disasters": {}, "cities": [], "figures": [], "buildings": {},
                 "wonders_at": {}, "great_people_at": {}, "rng": {"seed": 7, "n": 0}}
        state.update(extra)
        return state
    return make


def fig(fid: str, owner: int, where: str) -> dict:
    x, y = b.parse_label(where)
    return {"id": fid, "owner": owner, "kind": "scout" if fid.startswith("scout") else "army", "x": x, "y": y}


def city(owner: int, where: str, n: int = 0) -> dict:
    x, y = b.parse_label(where)
    return {"id": f"c{owner}_{n}", "owner": owner, "x": x, "y": y, "capital": n == 0, "walled": False}


OPEN8 = ["G" * 8] * 8                        # 2 x 2 tiles of grassland
OPEN12 = ["G" * 12] * 12                     # 3 x 3 tiles of grassland


def ends(state, seat, start, speed=2, water="none", stacking=2, group=None):
    figures = group if group is not None else [f["id"] for f in state["figures"]
                                               if (f["x"], f["y"]) == b.parse_label(start) and f["owner"] == seat]
    return b.moves(state, seat, start, speed, water, stacking, figures)


# --- tile data (appendix G12) -----------------------------------------------------------------

def _cells(tile_ids):
    tiles = data.by_id("tiles")
    return [(tid, r, c, b.parse_cell(tiles[tid]["cells"][r][c]))
            for tid in tile_ids for r in range(4) for c in range(4)]


def test_g12_tile_ids_and_every_cell_code_parses():
    tiles = data.by_id("tiles")
    assert len(tiles) == 20
    homes = {t["home"] for t in tiles.values() if t["home"]}
    assert homes == {"america", "china", "egypt", "germany", "rome", "russia"}
    assert b.neutral_tile_ids() == [f"N{i:02d}" for i in range(1, 15)]
    for tid, rec in tiles.items():
        assert len(rec["cells"]) == 4 and all(len(row) == 4 for row in rec["cells"]), tid
        for row in rec["cells"]:
            for code in row:
                b.parse_cell(code)


def test_g12_every_field_has_a_source():
    for name in ("tiles", "layouts"):
        for rec in data.collection(name):
            for field in rec:
                if field != "_source":
                    assert data.tag(rec["_source"].get(field)) is not None, (name, rec["id"], field)


def test_g12_neutral_totals_match_the_appendix():
    sq = _cells(b.neutral_tile_ids())
    assert sum(s["hut"] for *_, s in sq) == 20
    assert sum(s["village"] for *_, s in sq) == 8
    assert sorted({tid for tid, _, _, s in sq if s["natural_wonder"]}) == ["N09", "N11", "N12", "N14"]
    assert sum(s["natural_wonder"] for *_, s in sq) == 4
    assert [(tid, s["icons"]["coin"]) for tid, _, _, s in sq if s["icons"]["coin"]] == [("N04", 1)]
    assert Counter(s["resource"] for *_, s in sq if s["resource"]) == {
        "wheat": 4, "silk": 4, "incense": 4, "iron": 3}


def test_g12_home_tiles_have_no_huts_and_start_in_the_centre():  # S10
    homes = [tid for tid, t in data.by_id("tiles").items() if t["home"]]
    for tid in homes:
        sq = _cells([tid])
        assert not any(s["hut"] or s["village"] for *_, s in sq), tid
        starts = [(r, c) for _, r, c, s in sq if s["start"]]
        assert len(starts) == 1 and starts[0] in {(1, 1), (1, 2), (2, 1), (2, 2)}, tid


def test_g12_printed_icons_follow_the_terrain_defaults():
    for tid, r, c, s in _cells(data.by_id("tiles")):
        want = b.TERRAIN_DEFAULTS[s["terrain"]]
        assert s["icons"]["trade"] == want.get("trade", 0), (tid, r, c)
        assert s["icons"]["production"] == want.get("production", 0), (tid, r, c)
        assert s["icons"]["culture"] == (1 if s["natural_wonder"] else 0)


def test_parse_cell_fields_and_defaults():
    s = b.parse_cell("M P1 Iron")
    assert s == {"terrain": "mountain", "icons": {"trade": 0, "production": 1, "culture": 0, "coin": 0},
                 "resource": "iron", "hut": False, "village": False, "start": False, "natural_wonder": False}
    assert b.parse_cell("F")["icons"]["production"] == 2           # terrain default
    assert b.parse_cell("G HUT")["hut"] and b.parse_cell("D T1 VIL")["village"]
    assert b.parse_cell("M P1 $1")["icons"]["coin"] == 1
    assert b.parse_cell("W T1 C1")["icons"] == {"trade": 1, "production": 0, "culture": 1, "coin": 0}
    with pytest.raises(ValueError):
        b.parse_cell("Q T1")
    with pytest.raises(ValueError):
        b.parse_cell("G GOLD")


# --- layouts and building the map (S5) --------------------------------------------------------

def _squares(lay):
    out = []
    for slot in lay["homes"] + lay["neutrals"]:
        out += [(slot["x"] + c, slot["y"] + r) for r in range(4) for c in range(4)]
    return out


@pytest.mark.parametrize("players,width,height,count", [(2, 16, 8, 8), (3, 16, 16, 10), (4, 16, 16, 16)])
def test_s5_layouts(players, width, height, count):
    lay = b.layout(players)
    assert (lay["width"], lay["height"]) == (width, height)
    assert len(lay["homes"]) == players and len(lay["homes"]) + len(lay["neutrals"]) == count
    assert sorted(lay["seat_order"]) == list(range(players))
    sq = _squares(lay)
    assert len(sq) == len(set(sq)) == 16 * count                      # no overlap
    assert all(0 <= x < width and 0 <= y < height for x, y in sq)
    # each home arrow points into the map: the square 4 steps past the tile in its direction exists
    for h in lay["homes"]:
        dx, dy = list(b.DIRECTIONS.values())[h["rotation"]]
        cx, cy = h["x"] + 1.5 + dx * 4, h["y"] + 1.5 + dy * 4
        assert 0 <= cx < width and 0 <= cy < height, h


@pytest.mark.parametrize("players", [2, 3, 4])
def test_s5_build_map(players):
    civs = ["america", "china", "egypt", "germany"][:players]
    state = {"players": players, "rng": {"seed": 11, "n": 0}}
    events = b.build_map(state, civs)
    assert events and events[0].hidden
    lay, tiles = b.layout(players), state["map"]["tiles"]
    assert (state["map"]["width"], state["map"]["height"]) == (lay["width"], lay["height"])
    assert [t["slot"] for t in tiles] == list(range(len(tiles)))
    for seat, civ in enumerate(civs):
        home = [t for t in tiles if t["home"] == seat]
        slot = lay["homes"][lay["seat_order"][seat]]
        assert len(home) == 1 and home[0]["tile"] == b.home_tile_of(civ) and home[0]["face_up"]
        assert (home[0]["x"], home[0]["y"], home[0]["rotation"]) == (slot["x"], slot["y"], slot["rotation"])
    neutral = [t for t in tiles if t["home"] is None]
    assert len(neutral) == len(lay["neutrals"]) and not any(t["face_up"] for t in neutral)
    assert len({t["tile"] for t in neutral}) == len(neutral)
    assert set(state["map"]) == {"width", "height", "tiles"}           # the unused tiles are nowhere
    assert state["markers"] == {}                                       # home tiles carry no markers
    again = {"players": players, "rng": {"seed": 11, "n": 0}}
    b.build_map(again, civs)
    assert again["map"] == state["map"]                                 # the seed decides the shuffle


def test_s5_build_map_refuses_wrong_home_tiles():
    with pytest.raises(ValueError):
        b.build_map({"players": 2, "rng": {"seed": 1, "n": 0}}, ["H-AME"])
    with pytest.raises(ValueError):
        b.build_map({"players": 2, "rng": {"seed": 1, "n": 0}}, ["H-AME", "N01"])


def test_r5_face_down_squares_do_not_exist():
    state = {"players": 2, "rng": {"seed": 3, "n": 0}}
    b.build_map(state, ["H-AME", "H-CHN"])
    assert b.square(state, 0, 0) is not None           # home, face up
    assert b.square(state, 4, 0) is None               # neutral, face down
    assert b.square(state, 16, 0) is None and b.square(state, -1, 0) is None
    assert b.tile_at(state, 5, 1)["slot"] == 1 and b.tile_at(state, 20, 1) is None


# --- rotation ---------------------------------------------------------------------------------

@pytest.mark.parametrize("k,iron,start,wheat", [
    (0, (0, 0), (2, 1), (3, 3)),       # (x, y) inside the tile of canonical (r0 c0), (r1 c2), (r3 c3)
    (1, (3, 0), (2, 2), (0, 3)),
    (2, (3, 3), (1, 2), (0, 0)),
    (3, (0, 3), (1, 1), (3, 0)),
])
def test_rotation_turns_the_tile_clockwise(k, iron, start, wheat):
    state = {"map": {"width": 8, "height": 4, "tiles": [
        {"slot": 0, "x": 4, "y": 0, "tile": "H-AME", "face_up": True, "rotation": k, "home": 0}]}}
    assert b.square(state, 4 + iron[0], iron[1])["resource"] == "iron"
    assert b.square(state, 4 + start[0], start[1])["start"]
    assert b.square(state, 4 + wheat[0], wheat[1])["resource"] == "wheat"
    assert sum(b.square(state, x, y)["start"] for x in range(4, 8) for y in range(4)) == 1


# --- discovery (R68, R69, G30) ----------------------------------------------------------------

@pytest.mark.parametrize("where,direction,k,village,hut", [
    ("E9", "N", 0, (0, 0), (0, 3)),   # figure south of the tile: arrow north
    ("D5", "E", 1, (3, 0), (0, 0)),    # figure west: arrow east
    ("E4", "S", 2, (3, 3), (3, 0)),    # figure north: arrow south
    ("I6", "W", 3, (0, 3), (3, 3)),    # figure east: arrow west
])
def test_r68_r69_discovery_from_each_side(grid, where, direction, k, village, hut):
    state = grid(OPEN12, down={4}, hut_pile=["silk", "spy"], village_pile=["iron", "great_person"])
    state["map"]["tiles"][4]["tile"] = "N01"            # VIL at canonical r0 c0, HUT at r3 c0
    x, y = b.parse_label(where)
    found = b.discoverable(state, x, y)
    assert found == [(4, direction)]
    events = b.reveal(state, 4, direction, seat=0)
    assert events[0].hidden
    t = state["map"]["tiles"][4]
    assert t["face_up"] and t["rotation"] == k
    # the arrow edge (canonical row 3, cells "D T1 HUT", "M P1", "W T1", "G") faces the figure
    edge = {"N": [(c, 3) for c in range(4)], "E": [(0, c) for c in range(4)],
            "S": [(3 - c, 0) for c in range(4)], "W": [(3, 3 - r) for r in range(4)]}[direction]
    assert [b.square(state, 4 + cx, 4 + cy)["terrain"] for cx, cy in edge] == \
        ["desert", "mountain", "water", "grassland"]
    assert state["markers"] == {
        b.label(4 + village[0], 4 + village[1]): {"kind": "village", "content": "great_person"},
        b.label(4 + hut[0], 4 + hut[1]): {"kind": "hut", "content": "spy"}}
    assert state["hut_pile"] == ["silk"] and state["village_pile"] == ["iron"]
    assert b.discoverable(state, x, y) == []


def test_r68_discoverable_lists_each_face_down_neighbour_once(grid):
    state = grid(OPEN8, down={1, 2, 3})
    assert b.discoverable(state, 3, 3) == [(1, "E"), (2, "S")]
    assert b.discoverable(state, 2, 2) == []
    with pytest.raises(b.IllegalAction):
        b.reveal(state, 0, "N")                           # already face up
    with pytest.raises(b.IllegalAction):
        b.reveal(state, 1, "X")


def test_r69_empty_pile_places_no_marker(grid):
    state = grid(OPEN8, down={1}, hut_pile=[], village_pile=[])
    state["map"]["tiles"][1]["tile"] = "N02"
    b.reveal(state, 1, "E")
    assert state["markers"] == {}


# --- movement ---------------------------------------------------------------------------------

def test_r4_moves_are_orthogonal_only(grid):
    state = grid(OPEN12, figures=[fig("army0_0", 0, "F6")])
    one = ends(state, 0, "F6", speed=1)
    assert sorted(one) == ["E6", "F5", "F7", "G6"]
    two = ends(state, 0, "F6", speed=2)
    assert len(two) == 12 and "G7" in two and two["G7"]["path"][-1] == "G7" and len(two["G7"]["path"]) == 2
    assert b.step_cost() == b.STEP_COST == 1


def test_r63_travel_speed(grid):
    state = grid(OPEN12, figures=[fig("army0_0", 0, "F6")])
    assert "F9" not in ends(state, 0, "F6", speed=2)
    three = ends(state, 0, "F6", speed=3)
    assert three["F9"] == {"path": ["F7", "F8", "F9"], "stop": None}
    assert all(len(v["path"]) <= 3 for v in three.values())


def test_r5_r67_face_down_tiles_block(grid):
    rows = ["G" * 12] * 4
    state = grid(rows, down={1}, figures=[fig("army0_0", 0, "C2")])
    out = ends(state, 0, "C2", speed=8)
    assert not any(4 <= b.parse_label(l)[0] < 8 for l in out)      # never on the face-down tile
    assert not any(b.parse_label(l)[0] >= 8 for l in out)           # nor across it


def test_r65_g17_stacking_counts_only_at_the_end(grid):
    rows = ["G" * 8] * 4
    state = grid(rows, figures=[fig("army0_0", 0, "A1"), fig("army0_1", 0, "B1"), fig("scout0_0", 0, "B1")])
    out = ends(state, 0, "A1", speed=2, group=["army0_0"])
    assert "B1" not in out                          # 2 own figures there already
    assert out["C1"]["path"] == ["B1", "C1"]        # passing through is fine
    assert "B1" in ends(state, 0, "A1", speed=2, stacking=3, group=["army0_0"])
    # a group of 2 cannot end beside 1 own figure with a limit of 2
    state = grid(rows, figures=[fig("army0_0", 0, "A1"), fig("army0_1", 0, "A1"), fig("army0_2", 0, "C1")])
    out = ends(state, 0, "A1", speed=2, group=["army0_0", "army0_1"])
    assert "C1" not in out and "B1" in out


def test_r66_water_none_cross_end(grid):
    rows = ["GWGG", "GWGG", "GWGG", "GWGG"]
    state = grid(rows, figures=[fig("army0_0", 0, "A2")])
    assert not any(l.startswith(("B", "C")) for l in ends(state, 0, "A2", speed=3, water="none"))
    cross = ends(state, 0, "A2", speed=3, water="cross")
    assert "B2" not in cross and cross["C2"]["path"] == ["B2", "C2"]      # Navigation: cross only
    end = ends(state, 0, "A2", speed=3, water="end")
    assert "B2" in end and "C2" in end                                     # Sailing: may end on water
    with pytest.raises(ValueError):
        ends(state, 0, "A2", water="swim")


def test_r8_harbor_square_is_still_water(grid):
    rows = ["GWGG", "GGGG", "GGGG", "GGGG"]
    state = grid(rows, figures=[fig("army0_0", 0, "A1")], buildings={"B1": {"id": "harbor", "owner": 0}})
    assert "B1" not in ends(state, 0, "A1", speed=1)


def test_r70_huts_and_villages_stop_armies_and_bar_scouts(grid):
    rows = ["G" * 8] * 4
    state = grid(rows, figures=[fig("army0_0", 0, "A1"), fig("scout0_0", 0, "A1")],
                 markers={"B1": {"kind": "hut", "content": "silk"}, "A3": {"kind": "village", "content": "spy"}})
    army = ends(state, 0, "A1", speed=3, group=["army0_0"])
    assert army["B1"] == {"path": ["B1"], "stop": "hut"}
    assert army["A3"] == {"path": ["A2", "A3"], "stop": "village"}
    assert "C1" not in army                                            # 2 steps, but only through the hut
    assert "C2" in army and army["C2"]["path"] == ["A2", "B2", "C2"]   # around the hut, not through it
    assert all("B1" not in v["path"][:-1] and "A3" not in v["path"][:-1] for v in army.values())
    scout = ends(state, 0, "A1", speed=3, group=["scout0_0"])
    assert "B1" not in scout and "A3" not in scout and "B2" in scout  # R70
    both = ends(state, 0, "A1", speed=3, group=["army0_0", "scout0_0"])
    assert "B1" not in both and "A3" not in both                      # G21 DD: a group with a scout


def test_r74_r76_enemy_armies_stop_and_bar_scouts(grid):
    rows = ["G" * 8] * 4
    state = grid(rows, figures=[fig("army0_0", 0, "A1"), fig("scout0_0", 0, "A3"), fig("army1_0", 1, "B1")])
    army = ends(state, 0, "A1", speed=3, group=["army0_0"])
    assert army["B1"] == {"path": ["B1"], "stop": "battle"}
    assert all("B1" not in v["path"][:-1] for v in army.values())      # no passing through
    assert "B1" not in ends(state, 0, "A3", speed=3, group=["scout0_0"])


def test_r75_only_enemy_scouts(grid):
    rows = ["G" * 8] * 4
    state = grid(rows, figures=[fig("army0_0", 0, "A1"), fig("scout1_0", 1, "B1"), fig("scout1_1", 1, "B1"),
                                fig("scout1_2", 1, "A2"), fig("army1_0", 1, "A2")])
    army = ends(state, 0, "A1", speed=2, group=["army0_0"])
    assert army["B1"]["stop"] == "scouts"
    assert army["A2"]["stop"] == "battle"                               # R76: an army is there too


def test_r79_enemy_city_center(grid):
    state = grid(OPEN8, cities=[city(1, "C3")],
                 figures=[fig("army0_0", 0, "A3"), fig("scout0_0", 0, "A4")])
    army = ends(state, 0, "A3", speed=3, group=["army0_0"])
    assert army["C3"] == {"path": ["B3", "C3"], "stop": "city"}
    assert "B2" in army and army["B2"]["stop"] is None                  # outskirts are open
    assert all("C3" not in v["path"][:-1] for v in army.values())
    scout = ends(state, 0, "A4", speed=3, group=["scout0_0"])
    assert "C3" not in scout and "B3" in scout                          # scouts: outskirts only


def test_r78_own_city_center_pass_through_but_not_end(grid):
    rows = ["GGGG"] * 4
    state = grid(rows, cities=[city(0, "B2")], figures=[fig("army0_0", 0, "A2")])
    out = ends(state, 0, "A2", speed=2)
    assert "B2" not in out
    assert out["C2"]["path"] == ["B2", "C2"]


# --- founding (R13, G31) ----------------------------------------------------------------------

def test_r13_founding_conditions(grid):
    rows = ["GGGGGGGG", "GGGGGGGG", "GGGWGGGG", "GGGGGGGG",
            "GGGGGGGG", "GGGGGGGG", "GGGGGGGG", "GGGGGGGG"]
    state = grid(rows)
    assert b.found_problem(state, 0, 2, 2) is None
    assert b.found_problem(state, 0, 3, 2) is not None                  # 1: water
    assert b.found_problem(state, 0, 0, 3) is not None                  # 2: map edge
    down = grid(rows, down={1})
    assert b.found_problem(down, 0, 2, 2) is None
    assert b.found_problem(down, 0, 3, 1) is not None                   # 2: next to a face-down tile
    assert b.found_problem(down, 0, 5, 1) is not None                   # 2: on it (does not exist)
    hut = grid(rows, markers={"D4": {"kind": "hut", "content": "silk"}})
    assert b.found_problem(hut, 0, 2, 2) is not None                    # 3: diagonal hut (G31)
    enemy = grid(rows, figures=[fig("scout1_0", 1, "B2")])
    assert b.found_problem(enemy, 0, 2, 2) is not None                  # 4: enemy figure (G31)
    friend = grid(rows, figures=[fig("army0_0", 0, "B2"), fig("scout0_0", 0, "C3")])
    assert b.found_problem(friend, 0, 2, 2) is None                     # 4: friendly figures are fine
    near = grid(rows, cities=[city(1, "E5")])
    assert b.found_problem(near, 0, 2, 2) is not None                   # 5: Chebyshev 2
    far = grid(rows, cities=[city(1, "F5")])
    assert b.found_problem(far, 0, 2, 2) is None                        # 5: Chebyshev 3


# --- blockades (R95) --------------------------------------------------------------------------

def test_r95_blockade(grid):
    state = grid(OPEN8, cities=[city(0, "C3")],
                 figures=[fig("scout1_0", 1, "D4"), fig("army0_0", 0, "B2"), fig("army1_1", 1, "F3")])
    assert b.blockaded(state, 3, 3, 0)              # enemy scout in the outskirts
    assert not b.blockaded(state, 1, 1, 0)          # own figure
    assert not b.blockaded(state, 5, 2, 0)          # enemy figure outside the outskirts
    assert not b.blockaded(state, 3, 3, 1)          # not player 1's outskirts


# --- yields (R6, R7, G13) ---------------------------------------------------------------------

BUILDINGS = {"temple": {"id": "temple", "icons": {"culture": 2}},
             "bank": {"id": "bank", "icons": {"production": 1, "trade": 1, "culture": 1, "coin": 1}}}
WONDERS = {"colossus": {"id": "colossus", "era": "ancient"}, "louvre": {"id": "louvre", "era": "Medieval"}}
PEOPLE = {"scientist": {"id": "scientist", "icons": {"trade": 2, "production": 1}}}


def _y(state, where):
    return b.yields(state, *b.parse_label(where), buildings=BUILDINGS, wonders=WONDERS, great_people=PEOPLE)


def test_r6_r7_g13_yields(grid):
    rows = ["FFFF", "FMDW", "GGGG", "GGGG"]
    state = grid(rows, codes={"A3": "G Silk", "B3": "M P1 $1", "C3": "G C1"}, cities=[city(0, "B2")],
                 buildings={"A1": {"id": "temple", "owner": 0}, "D1": {"id": "bank", "owner": 0}},
                 wonders_at={"C1": {"id": "colossus", "owner": 0}, "D3": {"id": "louvre", "owner": 0}},
                 great_people_at={"C2": {"id": "scientist", "owner": 0}})
    assert _y(state, "B1") == {"trade": 0, "production": 2, "culture": 0, "coin": 0, "resource": None}
    assert _y(state, "A1") == {"trade": 0, "production": 0, "culture": 2, "coin": 0, "resource": None}  # R7
    assert _y(state, "D1")["coin"] == 1 and _y(state, "D1")["production"] == 1
    assert _y(state, "C1") == {"trade": 0, "production": 0, "culture": 1, "coin": 0, "resource": None}  # G13
    assert _y(state, "D3")["culture"] == 2
    assert _y(state, "C2") == {"trade": 2, "production": 1, "culture": 0, "coin": 0, "resource": None}
    assert _y(state, "B2") == {"trade": 0, "production": 0, "culture": 0, "coin": 0, "resource": None}  # R6
    assert _y(state, "A3")["resource"] == "silk"
    assert _y(state, "B3")["coin"] == 1 and _y(state, "C3")["culture"] == 1
    assert _y(state, "D2")["trade"] == 1
    assert b.yields(state, 9, 9) is None


def test_g9_disaster_changes_the_square():
    state = {"map": {"width": 4, "height": 4, "tiles": [
        {"slot": 0, "x": 0, "y": 0, "tile": "H-AME", "face_up": True, "rotation": 0, "home": 0}]},
        "disasters": {"D4": "grassland", "A1": "desert"}}
    assert b.square(state, 3, 3)["terrain"] == "grassland"           # was F P2 Wheat
    assert b.yields(state, 3, 3) == {"trade": 0, "production": 0, "culture": 0, "coin": 0, "resource": None}
    assert b.square(state, 0, 0)["terrain"] == "desert"
    assert b.yields(state, 0, 0)["trade"] == 1


# --- labels and neighbours --------------------------------------------------------------------

def test_labels():
    assert b.label(0, 0) == "A1" and b.label(4, 2) == "E3" and b.label(15, 15) == "P16"
    assert b.parse_label("e7") == (4, 6) and b.parse_label(" P16 ") == (15, 15)
    for bad in ("", "7e", "E0", "EE7", "E", "E123", None, "E-1"):
        assert b.parse_label(bad) is None, bad
    for x in range(16):
        for y in range(16):
            assert b.parse_label(b.label(x, y).lower()) == (x, y)


def test_r4_neighbours_and_outskirts(grid):
    state = grid(OPEN8, down={1})
    assert len(b.neighbours4(state, 0, 0)) == 2 and len(b.neighbours8(state, 0, 0)) == 3
    assert len(b.neighbours8(state, 2, 2)) == 8
    assert (4, 2) not in b.neighbours4(state, 3, 2)                      # face down (R5)
    assert (4, 2) in b.neighbours4(state, 3, 2, explored=False)
    assert sorted(b.outskirts(state, 2, 5)) == sorted(b.neighbours8(state, 2, 5))
    state["cities"] = [city(0, "C6")]
    assert b.city_at(state, 2, 5)["id"] == "c0_0" and b.city_at(state, 2, 4) is None
