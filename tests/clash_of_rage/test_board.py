"""Board geometry of Clash of Rage: the preset layouts (spec 3, D3, D4, D6) and the movement
examples of section 9 that concern the board (T5-T8, T28)."""
from __future__ import annotations

import pytest

from engine.clash_of_rage import board as b
from engine.clash_of_rage import data
from engine.clash_of_rage.board import Board, Hex


@pytest.mark.parametrize("players", [2, 3, 4])
def test_layout_is_one_board_with_the_setup_counts(players):  # section 3 table; data G3
    B = b.layout_board(players)
    terr = B.territories()
    assert len(terr) == 7 * players
    assert b.is_connected(B, terr)
    # walkers must be able to reach every non-mountain territory
    assert b.is_connected(B, [t for t in terr if B.terrain(t) != "mountain"])
    for kind in ("city", "forge", "stone"):
        assert len(B.of_terrain(kind)) == players, kind
    assert sorted(B.strongholds()) == list(range(1, players + 1))


@pytest.mark.parametrize("players", [2, 3, 4])
def test_default_strongholds_are_legal_placements(players):  # R27, D6, T28
    lay = data.layout(players)
    bare = b.layout_board(players, with_strongholds=False)
    placed: list[tuple[int, int]] = []
    for cell in lay["strongholds"]:
        assert tuple(cell) in b.legal_stronghold_cells(bare, placed), cell
        placed.append(tuple(cell))


def test_tiles_touch_along_the_pairs_of_d4():  # D4 lists the cross-tile adjacencies
    expected = {
        2: {("1S", "2NW"), ("1SE", "2N"), ("1SE", "2NW")},
        3: {("1S", "3N"), ("1S", "3NE"), ("1SW", "3N"), ("2NW", "3NE"), ("2SW", "3NE"), ("2SW", "3SE")},
        4: {("2S", "4N"), ("2S", "4NE"), ("2SW", "4N"), ("3S", "4NW"), ("3SE", "4N"), ("3SE", "4NW")},
    }
    for players in (2, 3, 4):
        B = b.layout_board(players, with_strongholds=False)
        pairs = {tuple(sorted((x, y))) for x in B.hexes for y in B.neighbours[x] if x[0] != y[0]}
        want = set().union(*(expected[k] for k in range(2, players + 1)))
        assert pairs == {tuple(sorted(p)) for p in want}


def test_labels_a_player_can_type():
    assert b.parse_label(" 2ne ") == "2NE"
    assert b.parse_label("h1") == "H1"
    assert b.parse_label("9Q") is None
    assert b.parse_label("1NN") is None
    for lbl in b.layout_board(4).hexes:
        assert b.parse_label(lbl.lower()) == lbl


def test_rotation_turns_positions_clockwise():
    side = data.tile_side("1A")  # city C, forge N, stone SE, mountain SW (10.2.7)
    assert side["hexes"]["N"] == "forge"
    turned = b.build([{"slot": 1, "centre": (0, 0), "side": "1A", "rotation": 1}])
    assert turned.terrain("1C") == "city"
    assert turned.terrain("1NE") == "forge"
    assert turned.terrain("1S") == "stone"
    assert turned.terrain("1NW") == "mountain"
    full = b.build([{"slot": 1, "centre": (0, 0), "side": "1A", "rotation": 6}])
    plain = b.build([{"slot": 1, "centre": (0, 0), "side": "1A", "rotation": 0}])
    assert {l: h.terrain for l, h in full.hexes.items()} == {l: h.terrain for l, h in plain.hexes.items()}


def test_stone_hex_carries_its_tier():  # D5, 10.2.7: 2A stone at S is tier II
    B = b.layout_board(2)
    assert B.terrain("2S") == "stone" and B.hexes["2S"].stone_tier == 2


def test_distance():
    B = b.layout_board(4)
    assert b.distance(B, "1C", "1N") == 1
    assert b.distance(B, "1N", "1S") == 2
    assert b.distance(B, "1C", "4C") == 5  # (0,0) to (1,4)


# A hand-made map for T5: A adjacent to city C, to G and to mountain M; stone S adjacent to C and G.
def t5_board() -> Board:
    cells = {"A": (0, 0, "plain"), "C": (1, -1, "city"), "G": (1, 0, "plain"),
             "M": (0, -1, "mountain"), "S": (2, -1, "stone")}
    return Board({k: Hex(k, q, r, t) for k, (q, r, t) in cells.items()})


def test_t5_flanking_through_the_elf_city():  # T5, R38, R39
    B = t5_board()
    assert set(B.neighbours["A"]) >= {"C", "G", "M"} and set(B.neighbours["S"]) >= {"C", "G"}
    enemies = {"C": 2, "G": 1, "S": 1}
    # two Krag Riders already entered C: the third passes through C and stops in S
    moves = b.reachable(B, "A", 3, enemies=enemies, friends={"A": 1, "C": 2})
    assert moves.get("S") == 2
    # only one rider in C: entering C stops the next one, and G is blocked too, so S is out of reach
    moves = b.reachable(B, "A", 3, enemies=enemies, friends={"A": 2, "C": 1})
    assert "S" not in moves and moves["C"] == 1 and moves["G"] == 1


def test_t5_variant_mountain_closed_to_walkers():  # T5 variant, R3, R37
    assert "M" not in b.reachable(t5_board(), "A", 3)


def test_t6_heroes_do_not_count_for_flanking():  # T6, R40: the caller counts units only
    B = t5_board()
    # 1 unit + 1 hero in C against 2 elves: only the unit counts, so the next mover stops in C
    assert "S" not in b.reachable(B, "A", 2, enemies={"C": 2, "G": 1}, friends={"C": 1})
    # 2 units in C: a hero (moving by the same rules, R43) may pass through
    assert b.reachable(B, "A", 2, enemies={"C": 2, "G": 1}, friends={"C": 2})["S"] == 2


def test_t7_flyer_crosses_mountain_and_enemies():  # T7, R41, D20
    line = {"F0": (0, 0, "plain"), "M": (0, -1, "mountain"), "E": (0, -2, "plain"), "F3": (0, -3, "plain")}
    B = Board({k: Hex(k, q, r, t) for k, (q, r, t) in line.items()})
    flyer = b.reachable(B, "F0", 3, flying=True, enemies={"E": 3})
    assert flyer["F3"] == 3 and flyer["E"] == 2
    assert "M" not in flyer  # may not end on the mountain
    assert b.reachable(B, "F0", 3, enemies={"E": 3}) == {}


def test_t8_enemy_stronghold_is_never_entered():  # T8, R7, R42
    B = b.layout_board(2)
    start = B.neighbours["H1"][0]
    assert "H1" not in b.reachable(B, start, 2, seat=2)
    assert "H1" in b.reachable(B, start, 2, seat=1)  # D6: own stronghold is allowed


def test_walker_on_a_layout_respects_movement_and_mountains():  # R36, R37
    B = b.layout_board(2, with_strongholds=False)
    moves = b.reachable(B, "1C", 1)
    assert set(moves) == {n for n in B.neighbours["1C"] if B.terrain(n) != "mountain"}
    assert "1SW" not in b.reachable(B, "1C", 3)  # 1A has its mountain at SW (10.2.7)
    assert b.reachable(B, "1C", 0) == {}


def test_t28_stronghold_cells():  # T28, R27, D6
    bare = b.layout_board(2, with_strongholds=False)
    cells = b.legal_stronghold_cells(bare)
    assert cells and not any(c in bare.at for c in cells)
    first = (1, -2)
    after = b.legal_stronghold_cells(bare, [first])
    assert first not in after
    assert all(max(abs(c[0] - first[0]), abs(c[1] - first[1]), abs(c[0] - first[0] + c[1] - first[1])) > 1
               for c in after)
    # a cell touching only a mountain is not legal: 1SW is the mountain of tile 1A at (-1, 1)
    only_mountain = [c for c in [(-2, 1), (-2, 2), (-1, 2)]
                     if all(bare.terrain(bare.at[(c[0] + dq, c[1] + dr)]) == "mountain"
                            for dq, dr in b.DIRECTIONS.values() if (c[0] + dq, c[1] + dr) in bare.at)]
    assert only_mountain and not set(only_mountain) & cells
