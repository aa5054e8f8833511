"""The board assembled by the players (option board=assembled): seed setup step 1 (spec section 3,
step 1: "take as many region tiles as there are players and lay them out freely to form the
board"), with the house rules A1-A4 of engine/clash_of_rage/assembly.py (data/clash_of_rage/
layouts.json, record "assembly", every value `source: house` but the tile count), the tiles'
geometry of D3/D4, adjacency by shared edges (R1), the elves placed on the finished board (setup
step 2), and the strongholds laid beside it in round 1 (R27, D6)."""
from __future__ import annotations

import pytest

from engine.base import IllegalAction
from engine.clash_of_rage import RULES, assembly, board, data, help as clash_help, rounds, views
from engine.clash_of_rage.paths import legal_actions

ASSEMBLED = {"board": "assembled"}


def lay(state, action_id):
    seat = min(RULES.active_players(state))
    return RULES.apply(state, seat, action_id)[0]


def test_a_fixed_board_is_the_default_and_stores_nothing_new():
    """D4: the quick option is today's fixed layout; its state is unchanged by the option."""
    plain = RULES.setup(3, {}, 11)
    fixed = RULES.setup(3, {"board": "fixed"}, 11)
    assert plain == fixed
    assert "tiles" not in plain and "board" not in plain["options"] and plain["layout"] == 3
    assert plain["phase"] == "tactics"


def test_setup_step_1_one_tile_per_player_laid_in_seat_order():
    """Seed step 1 (as many tiles as players) and A1 (one each, in seat order): the game opens on
    the assembly, seat 0 first; after the N-th tile it moves on to round 1's tactics (R22)."""
    for players in data.PLAYER_COUNTS:
        state = RULES.setup(players, ASSEMBLED, 5)
        assert state["phase"] == "assembly" and state["tiles"] == []
        for seat in range(players):
            assert RULES.active_players(state) == {seat}
            state = lay(state, RULES.ai_choose(state, seat, seat))
            assert len(state["tiles"]) == seat + 1
        assert state["phase"] == "tactics" and len(state["tiles"]) == players
        assert "assembly" not in {a.id.split(":")[0] for s in range(players) for a in legal_actions(state, s)}


def test_setup_step_2_the_elves_wait_for_the_finished_board():
    """Setup step 2 (4 elf tokens per city, 2 per forge) happens on the assembled board: no elf
    while tiles are laid, then exactly one city and one forge per tile (D3) guarded."""
    state = RULES.setup(2, ASSEMBLED, 3)
    assert state["elves"] == {}
    state = lay(state, "tile:4B:first:0")
    assert state["elves"] == {}
    state = lay(state, "tile:2A:1S:3")
    bare = rounds.bare_board(state)
    setup = data.elf_setup()
    assert {h: len(t) for h, t in state["elves"].items()} == {
        **{c: setup["per_city"] for c in bare.of_terrain("city")},
        **{f: setup["per_forge"] for f in bare.of_terrain("forge")}}
    total = sum(e["tokens"] for e in data.elves())
    assert state["crystal_supply"] == total - 2 * (setup["per_city"] + setup["per_forge"])


def test_house_a2_any_tile_not_yet_laid_either_side():
    """A2: the one laying chooses any tile not yet laid and its side; a tile is laid once."""
    state = RULES.setup(3, ASSEMBLED, 1)
    first = {a.id.split(":")[1] for a in legal_actions(state, 0)}
    assert first == {s["id"] for s in data.tile_sides()}            # 5 tiles x 2 sides
    state = lay(state, "tile:3B:first:0")
    second = {a.id.split(":")[1] for a in legal_actions(state, 1)}
    assert second == {s["id"] for s in data.tile_sides() if not s["id"].startswith("3")}
    with pytest.raises(IllegalAction):
        lay(state, "tile:3A:1S:0")                                  # tile 3 is on the table already


def test_house_a3_first_at_the_centre_then_edge_to_edge_on_the_honeycomb():
    """A3: the first tile at the centre; each next one shares edges with a laid tile (R1: adjacent
    = an edge shared), never overlapping; a spot touching two tiles is offered once."""
    state = RULES.setup(4, ASSEMBLED, 2)
    assert set(assembly.spots(state)) == {"first"}
    state = lay(state, "tile:1A:first:0")
    spots = assembly.spots(state)
    assert len(spots) == 6 and set(spots) == {f"1{d}" for d in ("N", "NE", "SE", "S", "SW", "NW")}
    state = lay(state, "tile:2A:1SE:0")
    # the fixed layout's slot 2 is the same place: the honeycomb of the presets (D4)
    assert state["tiles"][1]["centre"] == data.layout(2)["tiles"][1]["centre"]
    spots = assembly.spots(state)
    assert len(spots) == len(set(spots.values())) == 8
    for name, centre in spots.items():
        trial = RULES.apply(state, 2, f"tile:3A:{name}:0")[0]
        b = rounds.bare_board(trial)
        assert len(b.hexes) == 21, "no overlap"
        new = [l for l in b.hexes if l.startswith("3")]
        touching = {n[0] for l in new for n in b.neighbours[l] if not n.startswith("3")}
        assert touching, (name, "shares an edge with a laid tile")
        assert board.is_connected(b, b.hexes), name
    with pytest.raises(IllegalAction):
        RULES.apply(state, 2, "tile:3A:1C:0")                        # no such spot
    with pytest.raises(IllegalAction):
        RULES.apply(state, 3, "tile:3A:1S:0")                        # not seat 3's tile yet


def test_house_a4_a_tile_turns_any_of_six_ways():
    """A4 and D3: turning a tile moves its city, forge, stone and mountain around its centre;
    labels stay by board direction (kP), so the terrain under a label changes."""
    base = RULES.setup(2, ASSEMBLED, 9)
    side = data.tile_side("1A")          # city C, forge N, stone SE (I), mountain SW
    for turn in range(6):
        state = lay(base, f"tile:1A:first:{turn}")
        b = rounds.bare_board(state)
        assert b.terrain("1C") == "city"
        assert b.terrain("1" + board.rotate("N", turn)) == "forge"
        assert b.terrain("1" + board.rotate("SE", turn)) == "stone"
        assert b.hexes["1" + board.rotate("SE", turn)].stone_tier == side["stone_tier"]
        assert b.terrain("1" + board.rotate("SW", turn)) == "mountain"


def test_r27_strongholds_go_beside_the_assembled_board():
    """R27 / D6 on an assembled board: a stronghold cell touches a non-mountain territory of the
    tiles laid and no other stronghold."""
    state = RULES.setup(2, ASSEMBLED, 4)
    state = lay(state, "tile:5B:first:1")
    state = lay(state, "tile:3A:1NW:4")
    for _ in range(20):
        if rounds.step(state) == "strongholds":
            break
        seats = sorted(RULES.active_players(state))
        for seat in seats:
            if seat in RULES.active_players(state):
                state = RULES.apply(state, seat, RULES.ai_choose(state, seat, 1))[0]
    assert rounds.step(state) == "strongholds"
    bare = rounds.bare_board(state)
    for cell in rounds.stronghold_cells(state).values():
        assert cell not in bare.at
        assert any((cell[0] + dq, cell[1] + dr) in bare.at
                   and bare.terrain(bare.at[(cell[0] + dq, cell[1] + dr)]) != "mountain"
                   for dq, dr in board.DIRECTIONS.values())


def test_paths_let_the_picker_walk_tile_side_place_turn():
    """Each tile move has the path tile > region tile > side > place > turn, the side and the turn
    saying where the city, forge, stone and mountain land."""
    state = lay(RULES.setup(3, ASSEMBLED, 6), "tile:1A:first:0")
    acts = legal_actions(state, 1)
    assert len(acts) == len({a.id for a in acts}) == 4 * 2 * 6 * 6
    move = next(a for a in acts if a.id == "tile:2B:1S:3")
    assert [c.value for c in move.path] == ["tile", "2", "B", "1S", "3"]
    from i18n import render
    turned = render(move.path[-1].description, "en")
    assert "elf city" in turned and "forge" in turned and "stone III" in turned, turned


def test_views_show_where_the_next_tile_may_go_and_rules_name_the_house_values():
    """The public view carries the spots while the board is assembled (nothing after), and
    /clash rules lists the assembly's house values."""
    state = RULES.setup(2, ASSEMBLED, 8)
    assert views.view(state, None)["tile_spots"] == {"first": [0, 0]}
    state = lay(state, "tile:1B:first:2")
    assert len(views.view(state, 0)["tile_spots"]) == 6
    state = lay(state, "tile:2B:1N:5")
    assert views.view(state, None)["tile_spots"] == {}
    house = [(name, rid, f) for name, rid, f, _note in data.house_values() if rid == "assembly"]
    assert {f for _n, _r, f in house} == {"placer", "choice", "first", "neighbours", "rotations", "id"} - {"id"}
    from i18n import render
    text = "\n".join(render(t, "en") for t in clash_help.DESIGN_TEXT)
    assert "board: assembled" in text and "seat order" in text


def test_the_conformance_checks_hold_through_the_assembly():
    """The conformance suite's checks (replay, purity, illegal moves, hidden items, the dynamic
    secrecy check by redealing, the moment) on games with the assembled board, past the
    assembly into round 1."""
    from tests.contract.harness import play
    for seed, players in ((1, 2), (2, 3), (3, 4)):
        problems = play(RULES, seed, players, ASSEMBLED, cap=150).findings.problems
        assert not {k: v for k, v in problems.items() if k != "ends"}, (seed, players, problems)   # cut short
