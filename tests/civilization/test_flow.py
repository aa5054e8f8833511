"""Civilization through its rules object: setup (S1-S17), the turn (R2), the Start of Turn (R9,
R11-R21, R59, R94), the Trade phase (R24, R25), City Management (R30-R51), Movement (R62-R71),
Research (R80) and the economic victory (R103), each played through `RULES.apply`."""
from __future__ import annotations

import copy

import pytest

from engine.base import IllegalAction
from engine.civilization import RULES, board, cities, data, economy, research

from .fixtures import act, ids


def start_square(state, seat):
    home = next(t for t in state["map"]["tiles"] if t.get("home") == seat)
    for dx in range(4):
        for dy in range(4):
            sq = board.square(state, home["x"] + dx, home["y"] + dy)
            if sq and sq.get("start"):
                return board.label(home["x"] + dx, home["y"] + dy)
    raise AssertionError("no start square")


def game(civs=("rome", "china"), seed=1, first=0):
    """Setup done: each capital on its start square, army and scout on the first two land squares
    offered."""
    state = RULES.setup(len(civs), {"civilizations": list(civs), "first_player": first}, seed)
    while state["phase"] == "setup":
        seat = next(iter(RULES.active_players(state)))
        if state["setup"]["step"] == "capital":
            state = act(state, seat, f"capital:{start_square(state, seat)}")
        else:
            choices = ids(state, seat)
            pick = next(c for c in choices if c.split(":")[1] != c.split(":")[2])
            state = act(state, seat, pick)
    return state


def pass_step(state, seat):
    return act(state, seat, "done")


def to_phase(state, phase):
    for _ in range(40):
        if state["phase"] == phase:
            return state
        seat = next(iter(sorted(RULES.active_players(state))))
        if state["phase"] == "research":
            state = act(state, seat, "research:none")
        else:
            state = pass_step(state, seat)
    raise AssertionError(f"never reached {phase}")


# ---------------------------------------------------------------- setup

def test_s1_civilizations_are_drawn_different_or_chosen():
    state = RULES.setup(4, {}, 5)
    civs = [s["civ"] for s in state["seats"]]
    assert len(set(civs)) == 4 and set(civs) <= set(data.by_id("civilizations"))
    with pytest.raises(IllegalAction):
        RULES.setup(2, {"civilizations": ["rome", "rome"]}, 1)


def test_s2_s3_s4_s6_s17_components_and_market():
    state = RULES.setup(3, {"civilizations": ["germany", "russia", "egypt"]}, 2)
    ger, rus, egy = state["seats"]
    assert len(ger["standing_forces"]) == 5 and len(rus["standing_forces"]) == 3   # S3.A, S11 Germany
    assert rus["unbuilt"] == {"army": 7, "scout": 2, "city": 3}                     # S2 Russia's white army
    assert ger["ranks"] == {"artillery": 1, "infantry": 1, "mounted": 1, "aircraft": 0}   # S3.B
    assert state["decks"]["resources"] == {"silk": 3, "iron": 3, "incense": 3, "wheat": 3}   # S4
    assert len(state["decks"]["great_people"]) == 18 and len(state["hut_pile"]) == 20 \
        and len(state["village_pile"]) == 10                                        # S6
    assert len(egy["wonders"]) == 1 and len(state["decks"]["wonder_market"]) == 4   # S3.D Egypt
    eras = [data.by_id("wonders")[w]["era"] for w in state["decks"]["wonder_market"]]
    assert eras.count("ancient") == 3 and eras.count("medieval") == 1
    assert [t["row"] for t in rus["techs"]] == [1] and rus["techs"][0]["id"] == "communism"   # S13, R85
    assert (rus["government"], state["seats"][0]["government"]) == ("communism", "despotism")   # S14


def test_s10_the_capital_goes_on_one_of_the_four_central_squares():
    state = RULES.setup(2, {"civilizations": ["rome", "china"], "first_player": 1}, 1)
    assert RULES.active_players(state) == {1}
    home = next(t for t in state["map"]["tiles"] if t.get("home") == 1)
    centre = {board.label(home["x"] + dx, home["y"] + dy) for dx in (1, 2) for dy in (1, 2)}
    assert {i.split(":")[1] for i in ids(state, 1)} == centre


def test_s11_s12_s15_china_walled_figures_in_outskirts_and_trade_dial():
    state = game(("china", "rome"))
    capital = next(c for c in state["cities"] if c["owner"] == 0)
    assert capital["walled"] and capital["capital"]                                    # S11 China
    figs = [f for f in state["figures"] if f["owner"] == 0]
    assert sorted(f["kind"] for f in figs) == ["army", "scout"]
    for f in figs:
        assert board.chebyshev((f["x"], f["y"]), (capital["x"], capital["y"])) == 1    # S12
        assert board.square(state, f["x"], f["y"])["terrain"] != "water"
    expected = sum(board.square(state, *p)["icons"]["trade"] for p in board.outskirts(state, capital["x"], capital["y"]))
    # S15 set the dial; R24: turn 1's Trade phase collects again
    assert state["seats"][0]["trade"] == expected
    assert state["phase"] == "start" and state["turn"] == 1


def test_s11_america_great_person_and_egypt_wonder_stand_in_the_capitals_outskirts():
    state = game(("america", "egypt"))
    assert [p["owner"] for p in state["great_people_at"].values()] == [0]
    assert [w["owner"] for w in state["wonders_at"].values()] == [1]


# ---------------------------------------------------------------- the turn

def test_r2_sequential_steps_and_the_first_player_passes_left():
    state = game(("rome", "china"), first=0)
    assert RULES.active_players(state) == {0}
    state = pass_step(state, 0)
    assert RULES.active_players(state) == {1} and state["phase"] == "start"
    state = pass_step(state, 1)
    assert state["phase"] == "trade" and RULES.active_players(state) == {0, 1}        # R29 simultaneous
    state = pass_step(state, 1)
    state = pass_step(state, 0)
    assert state["phase"] == "city" and RULES.active_players(state) == {0}            # all done: R29
    state = to_phase(state, "research")
    assert RULES.active_players(state) == {0, 1}                                       # R80 simultaneous
    state = act(state, 0, "research:none")
    state = act(state, 1, "research:none")
    assert state["turn"] == 2 and state["first"] == 1 and RULES.active_players(state) == {1}


def test_r24_r25_trade_is_collected_and_capped_at_27():
    state = game()
    state["seats"][0]["trade"] = 26
    state = to_phase(state, "city")
    assert state["seats"][0]["trade"] == 27
    capital = next(c for c in state["cities"] if c["owner"] == 1)
    gain = economy.city_icons(state, capital)["trade"]
    assert gain > 0


def test_r30_each_city_acts_once_and_r50_arts_gives_culture():
    state = to_phase(game(), "city")
    city = next(c for c in state["cities"] if c["owner"] == 0)
    icons = economy.city_icons(state, city)
    state = act(state, 0, f"arts:{city['id']}")
    assert state["seats"][0]["culture_tokens"] == 1 + icons["culture"]
    assert not any(i.startswith(("arts:", "produce:", "harvest:")) for i in ids(state, 0))


def test_r32_r33_r34_an_army_built_with_rushed_trade_goes_on_an_outskirts_square():
    state = to_phase(game(), "city")
    city = next(c for c in state["cities"] if c["owner"] == 0)
    prod = cities.production(state, 0, city)
    state["seats"][0]["trade"] = 27
    choice = next(i for i in ids(state, 0) if i.startswith(f"produce:{city['id']}:scout:"))
    before = state["seats"][0]["trade"]
    state = act(state, 0, choice)
    assert state["seats"][0]["trade"] == before - 3 * max(0, 6 - prod)
    assert state["seats"][0]["unbuilt"]["scout"] == 0          # 2 scouts: one from setup, one now


def test_r36_r37_a_unit_is_drawn_into_the_standing_forces():
    state = to_phase(game(), "city")
    city = next(c for c in state["cities"] if c["owner"] == 0)
    state["seats"][0]["trade"] = 27
    before = len(state["seats"][0]["standing_forces"])
    state = act(state, 0, f"produce:{city['id']}:unit:infantry")
    assert len(state["seats"][0]["standing_forces"]) == before + 1


def test_r39_r40_r41_buildings_need_their_tech_their_terrain_and_one_limited_per_city():
    state = to_phase(game(("rome", "china")), "city")
    city = next(c for c in state["cities"] if c["owner"] == 0)
    state["seats"][0]["trade"] = 27
    # R39: only what the starting tech unlocks (Rome's Code of Laws: the Trading Post, on desert)
    assert {i.split(":")[3] for i in ids(state, 0) if ":building:" in i} <= {"trading_post"}
    state["seats"][0]["techs"] += [{"id": "currency", "row": 1}, {"id": "philosophy", "row": 1}]
    offered = [i for i in ids(state, 0) if ":building:" in i and i.split(":")[3] != "trading_post"]
    assert offered and all(i.split(":")[3] in ("market", "temple") for i in offered)
    for i in offered:
        sq = board.square(state, *board.parse_label(i.split(":")[4]))
        assert sq["terrain"] != "water"                                                # R40
    market = next(i for i in offered if ":market:" in i)
    state = act(state, 0, market)
    state = to_phase(to_phase(state, "research"), "city")
    state = pass_step(state, 1)                             # turn 2: seat 1 is the first player (R2)
    state["seats"][0]["trade"] = 27
    temples = [i for i in ids(state, 0) if ":temple:" in i and i.split(":")[1] == city["id"]]
    # R41: the Temple may only replace the Market (R48), never stand beside it
    assert temples and {i.split(":")[4] for i in temples} == {market.split(":")[4]}


def test_r44_city_walls_with_masonry():
    state = to_phase(game(("rome", "china")), "city")
    state["seats"][0]["techs"].append({"id": "masonry", "row": 1})
    state["seats"][0]["trade"] = 27
    city = next(c for c in state["cities"] if c["owner"] == 0)
    state = act(state, 0, f"produce:{city['id']}:walls")
    assert next(c for c in state["cities"] if c["id"] == city["id"])["walled"]


def test_r45_r46_a_wonder_from_the_market_refills_it():
    state = to_phase(game(("rome", "china")), "city")
    state["seats"][0]["trade"] = 27
    wonder_moves = [i for i in ids(state, 0) if ":wonder:" in i]
    assert wonder_moves, "27 trade pay for Stonehenge (10) in any capital"
    move = wonder_moves[0]
    deck_top = state["decks"]["wonders"][0]
    state = act(state, 0, move)
    assert move.split(":")[3] in state["seats"][0]["wonders"]
    assert deck_top in state["decks"]["wonder_market"] and len(state["decks"]["wonder_market"]) == 4


def test_r51_harvest_takes_one_market_token():
    state = to_phase(game(("rome", "china")), "city")
    harvests = [i for i in ids(state, 0) if i.startswith("harvest:")]
    assert harvests, "Rome's capital outskirts hold a resource"
    res = harvests[0].split(":")[2]
    before = state["decks"]["resources"][res]
    state = act(state, 0, harvests[0])
    assert state["seats"][0]["resources"] == [res] and state["decks"]["resources"][res] == before - 1


def test_r19_r20_r21_anarchy_then_a_government_the_next_turn_and_the_idle_capital():
    state = game(("china", "rome"))
    assert "government:anarchy" in ids(state, 0)
    state = act(state, 0, "government:anarchy")
    assert state["seats"][0]["government"] == "anarchy"
    state = to_phase(state, "city")
    capital = next(c for c in state["cities"] if c["owner"] == 0)
    assert not any(i.split(":")[1:2] == [capital["id"]] for i in ids(state, 0) if ":" in i)   # R21
    state = to_phase(state, "research")
    state = act(state, 0, "research:none")
    state = act(state, 1, "research:none")
    while RULES.active_players(state) != {0}:
        state = pass_step(state, next(iter(RULES.active_players(state))))
    assert "government:despotism" in ids(state, 0)                                     # R20: the turn after
    state = act(state, 0, "government:despotism")
    assert state["seats"][0]["government"] == "despotism"


def test_r12_r14_r15_a_scout_founds_a_city_that_acts_the_same_turn():
    state = game(("rome", "china"))
    scout = next(f for f in state["figures"] if f["owner"] == 0 and f["kind"] == "scout")
    # put the scout where R13 allows a city: a home-tile square 3 away from the capital is rarely
    # legal on a 4x4 home tile; search the whole explored map
    for tile in state["map"]["tiles"]:
        tile["face_up"] = True
    spot = next(((x, y) for y in range(state["map"]["height"]) for x in range(state["map"]["width"])
                 if board.found_problem(state, 0, x, y) is None), None)
    assert spot is not None
    scout["x"], scout["y"] = spot
    state = act(state, 0, f"found:{scout['id']}")
    assert len([c for c in state["cities"] if c["owner"] == 0]) == 2
    assert state["seats"][0]["unbuilt"]["scout"] == 2 and state["seats"][0]["unbuilt"]["city"] == 1
    assert not any(i.startswith("found:") for i in ids(state, 0))                     # R11: 2 cities
    state = to_phase(state, "city")
    new_city = [c for c in state["cities"] if c["owner"] == 0][-1]
    assert f"arts:{new_city['id']}" in ids(state, 0)                                   # R15


def test_r62_r63_r64_a_move_ends_the_figure_and_groups_move_together():
    state = to_phase(game(("rome", "china")), "movement")
    moves = [i for i in ids(state, 0) if i.startswith("move:")]
    assert moves
    single = next(i for i in moves if "," not in i.split(":")[1])
    fig = single.split(":")[1]
    state = act(state, 0, single)
    assert not any(i.startswith("move:") and fig in i.split(":")[1].split(",") for i in ids(state, 0))


def test_r68_r69_discovering_turns_a_tile_over_with_its_markers():
    state = to_phase(game(("rome", "china")), "movement")
    army = next(f for f in state["figures"] if f["owner"] == 0 and f["kind"] == "army")
    home = next(t for t in state["map"]["tiles"] if t.get("home") == 0)
    # stand the army on the home tile's edge next to a face-down neighbour tile
    edge = next((x, y) for y in range(home["y"], home["y"] + 4) for x in range(home["x"], home["x"] + 4)
                if board.discoverable(state, x, y) and not board.city_at(state, x, y)
                and board.square(state, x, y)["terrain"] != "water")
    army["x"], army["y"] = edge
    slot, direction = board.discoverable(state, *edge)[0]
    piles = len(state["hut_pile"]) + len(state["village_pile"])
    state = act(state, 0, f"explore:{army['id']}:{direction}")
    tile = state["map"]["tiles"][slot]
    assert tile["face_up"] and tile["rotation"] == "NESW".index(direction)
    placed = len(state["hut_pile"]) + len(state["village_pile"])
    assert piles - placed == sum(1 for m in state["markers"].values())                 # R69
    assert any(i.startswith(f"move:{army['id']}:") for i in ids(state, 0))             # G30: it moves on


def test_r103_fifteen_coins_win_at_once():
    state = game()
    state["seats"][1]["coin_tokens"] = 15
    state = pass_step(state, 0)
    assert state["result"]["winners"] == [1]
    assert RULES.active_players(state) == set()


def test_bad_input_changes_nothing():
    state = game()
    before = copy.deepcopy(state)
    for seat, action_id in ((0, "found:nobody"), (0, "produce:c9_9:army:A1"), (1, "done"), (0, "")):
        with pytest.raises(IllegalAction):
            RULES.apply(state, seat, action_id)
    assert state == before


def test_every_legal_action_has_a_readable_path():
    state = game(("germany", "egypt"))
    for _ in range(3):
        for seat in sorted(RULES.active_players(state)):
            for a in RULES.legal_actions(state, seat):
                assert a.path and all(c.label and len(c.label) <= 100 for c in a.path), a
        seat = next(iter(sorted(RULES.active_players(state))))
        state = act(state, seat, "done" if "done" in ids(state, seat) else ids(state, seat)[0])
    assert research.travel_speed(state, 0) == 2


def test_r19_g25_a_new_government_can_be_taken_directly_only_in_the_next_start_of_turn():
    state = game(("china", "rome"))
    state["seats"][0]["techs"].append({"id": "monarchy", "row": 2})
    state["seats"][0]["new_governments"] = ["monarchy"]
    assert "government:monarchy" in ids(state, 0)
    state = pass_step(state, 0)                           # the step ends without the change
    state = to_phase(state, "research")
    state = act(act(state, 0, "research:none"), 1, "research:none")
    state = pass_step(state, 1)                           # turn 2: seat 1 first
    assert "government:monarchy" not in ids(state, 0)     # the chance is gone (Anarchy route only)


# ---------------------------------------------------------------- governments: one change a Start of Turn

def test_r19_r20_one_government_change_in_a_start_of_turn():
    """R19, R20 (seed: 「一位玩家只有一個機會可以直接改變政體到一個新的政體。如果玩家希望能在任何回合中,而不是政體
    解鎖後立即到來的回合中,更改到不同的政體時,他們必須先改變到無政府狀態(Anarchy)過渡政體…當在轉進入「無政府
    狀態」後的下一個回合的「回合開始階段」時,他們可以更改爲任何他們知道的其他政體」): a player in Anarchy
    since an earlier turn changes once; it cannot go back to Anarchy (nor anywhere) in the same step,
    as a sandbox game showed (Anarchy -> Despotism -> Anarchy in one step); the next turn it may."""
    state = game(("china", "rome"))
    area = state["seats"][0]
    area["government"], area["anarchy_turn"] = "anarchy", state["turn"] - 1
    area["techs"].append({"id": "monarchy", "row": 2})
    assert {"government:despotism", "government:monarchy"} <= set(ids(state, 0))   # any known government
    state = act(state, 0, "government:despotism")
    assert not any(i.startswith("government:") for i in ids(state, 0))
    with pytest.raises(IllegalAction):
        RULES.apply(state, 0, "government:anarchy")
    state = to_phase(state, "research")
    state = act(act(state, 0, "research:none"), 1, "research:none")
    while RULES.active_players(state) != {0}:
        state = pass_step(state, next(iter(RULES.active_players(state))))
    assert state["phase"] == "start" and "government:anarchy" in ids(state, 0)      # a new Start of Turn


def test_r19_a_government_just_unlocked_is_one_change_too():
    """R19 (「一位玩家只有一個機會可以直接改變政體到一個新的政體」): the direct change to a government just
    unlocked is the step's one change: no Anarchy after it, and going to Anarchy first spends the
    chance (the new government then waits for the turn after, from Anarchy)."""
    state = game(("china", "rome"))
    state["seats"][0]["techs"].append({"id": "monarchy", "row": 2})
    state["seats"][0]["new_governments"] = ["monarchy"]
    direct = act(state, 0, "government:monarchy")
    assert direct["seats"][0]["government"] == "monarchy"
    assert not any(i.startswith("government:") for i in ids(direct, 0))
    anarchy = act(state, 0, "government:anarchy")
    assert not any(i.startswith("government:") for i in ids(anarchy, 0))
