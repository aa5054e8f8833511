"""Choices the rulebook gives the player that the engine used to make for him: whom a Formation is
shown to (R23), one or both uses of an illuminated Weapon or Horse in battle (R110, R112, R117),
striking a Tent during a battle on either side (R69), the R133 house rules as setup options,
the separate-action model of transformations against R36's physical rows, and where an illuminated
artifact used only partly goes (R110, G21, G34)."""
from __future__ import annotations

import json

import pytest

from engine.base import IllegalAction
from engine.battalia import RULES, board, cards, oracle, setup
from engine.text import from_json
from render.battalia import render_board, render_hand

from .helpers import (actions_phase, check_invariants, clear_hand, force_roll, give, hidden_ids_leak, ids, listed,
                      moves, put_tile, ready_game)


def act(s, seat, a):
    s2, _ = RULES.apply(s, seat, listed(s, seat, a))
    return s2


def act_events(s, seat, a):
    return RULES.apply(s, seat, listed(s, seat, a))


def refused(s, seat, a, match=None):
    with pytest.raises(IllegalAction, match=match):
        RULES.apply(s, seat, listed(s, seat, a))


def totals_of(s):
    return len(s["cards"]), len(s["terrain"])


def formation_start(n: int, seed: int = 3):
    """Seat 0 at the start of its turn holding three Forest Clan Soldiers, a Captain and two Supply."""
    s = ready_game(n, seed, {"removed_faction": "R"} if n == 2 else {})
    assert s["phase"] == "start" and s["current"] == 0
    clear_hand(s, 0)
    shown = give(s, 0, [("soldier", "G")] * 3)
    rest = give(s, 0, [("captain", "B"), ("supply", None), ("supply", None)])
    return s, shown, rest


# ---------------------------------------------------------------- R23 Formation shown to chosen opponents

def test_R23_formation_offers_every_choice_of_opponents():
    """R23, seed 「當一個玩家宣告一個隊列時他必須向他選擇的至少一個對手展示那個隊列」: one move per choice of
    opponents; its id names the cards shown (what the table learns follows from the id alone)."""
    s, shown, _ = formation_start(3)
    legal = moves(s, 0)
    assert [a for a in legal if a.startswith("formation")] == ["formation:1", "formation:2", "formation:1,2"]
    cards = in_order(shown)
    assert [a for a in ids(RULES.legal_actions(s, 0)) if a.startswith("formation")] == [
        f"formation:{cards}:1", f"formation:{cards}:2", f"formation:{cards}:1,2"]
    s4, _, _ = formation_start(4)
    forms = [a for a in moves(s4, 0) if a.startswith("formation")]
    assert len(forms) == 7 and "formation:1,2,3" in forms and "formation:3" in forms
    s2, _, _ = formation_start(2)
    assert [a for a in moves(s2, 0) if a.startswith("formation")] == ["formation"]


def test_R23_only_the_chosen_opponent_sees_the_formation_cards():
    s, shown, rest = formation_start(3)
    s, events = act_events(s, 0, "formation:2")
    (ev,) = [e for e in events if "Formation" in e.public]
    assert set(ev.private) == {0, 2}, "the declarer and the chosen opponent only"
    assert "3 cards to Player 3" in ev.public and "draws 1 extra" in ev.public
    assert "Soldier" not in ev.public and "Forest" not in ev.public, "the public text never names the cards"
    assert ev.private[2].count("Forest Clan Soldier") == 3
    seen = RULES.view(s, 2)["formation_seen"]
    assert [(x["by"], [c["label"] for c in x["cards"]]) for x in seen] == [(0, ["Forest Clan Soldier"] * 3)]
    assert RULES.view(s, 1)["formation_seen"] == []
    assert "formation_seen" not in RULES.view(s, None)
    public = RULES.view(s, None)["players"][0]["formation"]
    assert public == {"round": 1, "to": [2], "count": 3}
    for viewer in (None, 0, 1, 2):
        assert not hidden_ids_leak(s, RULES.view(s, viewer), viewer)
    check_invariants(s, totals_of(s))
    # the chosen opponent's private picture lists them; the other one's does not change for it
    assert render_hand(RULES.view(s, 2), ["A", "B", "C"]) != render_hand(
        dict(RULES.view(s, 2), formation_seen=[]), ["A", "B", "C"])


def test_R23_two_opponents_chosen():
    s, _, _ = formation_start(4)
    s1, events = act_events(s, 0, "formation:1,3")
    assert set(events[0].private) == {0, 1, 3} and "Player 2 and Player 4" in events[0].public
    assert RULES.view(s1, 2)["formation_seen"] == [] and RULES.view(s1, 3)["formation_seen"]


def test_R23_the_audience_must_be_opponents_named_as_listed():
    """R23, seed 「當一個玩家宣告一個隊列時他必須向他選擇的至少一個對手展示那個隊列」: the declarer names at
    least one opponent, each once, in the one spelling the legal list uses. Plain `formation` names
    nobody with several opponents (it once meant everyone; it is no legal id), and with one opponent
    it is the only spelling (formation:1 is not listed)."""
    s, _, _ = formation_start(3)
    before = json.dumps(s, sort_keys=True)
    for bad in ("formation:0", "formation:3", "formation:", "formation:x", "formation:1:2", "formation",
                "formation:2,1", "formation:1,1", "formation:1,2,1", "formation: 1", "formation:01",
                "formation:+1", "formation:1,", "formation:,1", "Formation:1", "formation:1 "):
        refused(s, 0, bad)
    assert json.dumps(s, sort_keys=True) == before
    s2, _, _ = formation_start(2)
    refused(s2, 0, "formation:1")
    s2 = act(s2, 0, "formation")  # the only opponent
    assert RULES.view(s2, 1)["formation_seen"]


def test_R23_shown_cards_leave_the_view_when_the_declarer_starts_his_next_turn():
    s, _, _ = formation_start(2)
    s = act(s, 0, "formation")
    assert RULES.view(s, 1)["formation_seen"]
    s = act(s, 0, "end")
    assert RULES.view(s, 1)["formation_seen"], "still known while the opponent plays"
    s = act(s, 1, "start")
    s = act(s, 1, "end")
    s = act(s, 0, "start")
    assert RULES.view(s, 1)["formation_seen"] == [] and RULES.view(s, None)["players"][0]["formation"] is None


def in_order(cards):
    """Card ids in card-number order, as a Formation's id names them."""
    return ",".join(sorted(cards, key=lambda c: int(c[1:])))


def test_R23_computer_shows_its_formation_to_one_opponent_the_one_furthest_behind():
    s, shown, _ = formation_start(3)
    put_tile(s, "c3", "city", "cross", owner=1, level=2)  # Player 2 is ahead on points
    choice = RULES.ai_choose(s, 0, 1)
    assert choice == f"formation:{in_order(shown)}:2"
    s, shown, _ = formation_start(2)
    assert RULES.ai_choose(s, 0, 1) == f"formation:{in_order(shown)}"


# ---------------------------------------------------------------- R110/R112/R117 one or both uses in battle

def city_attack(level: int = 1):
    """Islander seat 0's hero 1 stands on Ember seat 1's city d2; seat 0 owns b2, roads c2 and e2."""
    s = actions_phase(2, seed=11, options={"removed_faction": "G"}, factions=["B", "R"])
    s["pool"]["box_terrain"] += [t["card"] for sq, t in s["board"].items() if sq != "d4"]  # keep every card
    s["board"] = {"d4": s["board"]["d4"]}
    put_tile(s, "b2", "city", "cross", owner=0, level=1)
    put_tile(s, "c2", "road", "straight", 1)
    put_tile(s, "d2", "city", "cross", owner=1, level=level)
    put_tile(s, "e2", "road", "straight", 1)
    s["players"][0]["heroes"] = ["d2", None]
    clear_hand(s, 1)
    return s


def total(s, side="attacker_total"):
    return RULES.view(s, None)["battle"][side]


def test_R112_illuminated_weapon_in_battle_with_one_use_keeps_the_other_for_a_hero():
    s = city_attack()
    s["round"] = 2
    assert oracle.illuminated(2) == "weapon"
    w, cmd = give(s, 0, [("weapon", "Y"), ("commander", "Y")])  # Cloud Clan: no hero bonus for Islanders
    s = act(s, 0, "attack:d2:city:1")
    legal = moves(s, 0)
    assert f"add:{w}:2" in legal and f"add:{w}:1" in legal and f"add:{w}" not in legal
    s = act(s, 0, f"add:{w}:1")
    assert total(s) == 1, "used in two rows its strength is not doubled (R112)"
    p = s["players"][0]
    (copy,) = [c for c in p["hand"] if c.startswith("v")]
    assert w in p["line"] and s["virtual"][copy]["t"] == "weapon" and s["virtual"][copy]["f"] == "Y"
    assert f"add:{copy}" in moves(s, 0)
    s = act(s, 0, f"add:{cmd}")
    s = act(s, 0, "commit")
    s = act(s, 1, "surrender")
    assert s["board"]["d2"]["owner"] == 0
    # the second use hires a hero (R112's own example: hire a hero and start a battle)
    a, b = give(s, 0, [("supply", None), ("supply", None)])
    s = act(s, 0, f"hero:b2:{copy},{a},{b}")
    assert s["players"][0]["heroes"] == ["d2", "b2"]
    check_invariants(s, totals_of(s))
    s = act(s, 0, "end")
    p = s["players"][0]
    assert w in p["sanctuary"] + p["realm"] + p["hand"] and not any(c.startswith("v") for c in p["hand"])
    check_invariants(s, totals_of(s))


def test_R112_illuminated_weapon_doubled_spends_both_uses():
    s = city_attack()
    s["round"] = 2
    (w,) = give(s, 0, [("weapon", "Y")])
    s = act(s, 0, "attack:d2:city:1")
    s2 = act(s, 0, f"add:{w}:2")
    assert total(s2) == 2 and w in s2["players"][0]["line"]
    assert not any(c.startswith("v") for c in s2["players"][0]["hand"])
    refused(s, 0, f"add:{w}")  # without a number it would be add:<card>:2 again: not a listed id


def test_R112_use_counts_are_checked():
    s = city_attack()
    s["round"] = 2
    w, cap = give(s, 0, [("weapon", "Y"), ("captain", "Y")])
    a, b = give(s, 0, [("supply", None), ("supply", None)])
    s = act(s, 0, f"hero:b2:{w},{a},{b}")  # one use spent outside the battle (T27)
    s = act(s, 0, "attack:d2:city:1")
    refused(s, 0, f"add:{w}:2", match="1 use")
    assert f"add:{w}" in moves(s, 0) and f"add:{w}:1" not in moves(s, 0)
    refused(s, 0, f"add:{w}:1")  # one use left: add:<card> is the move's one spelling
    s = act(s, 0, f"add:{w}")
    assert total(s) == 1
    refused(s, 0, f"add:{cap}:2")
    refused(s, 0, f"add:{cap}:3")


def test_R117_illuminated_horse_fights_with_one_use_and_moves_a_hero_with_the_other():
    s = city_attack()
    s["round"] = 7
    assert oracle.illuminated(7) == "horse"
    s["players"][0]["heroes"] = ["d2", "b2"]
    w, h, cmd = give(s, 0, [("weapon", "Y"), ("horse", "Y"), ("commander", "Y")])
    s = act(s, 0, "attack:d2:city:1")
    s = act(s, 0, f"add:{w}")
    legal = moves(s, 0)
    assert f"add:{h}:2" in legal and f"add:{h}:1" in legal
    s = act(s, 0, f"add:{h}:1")
    assert total(s) == 2
    (copy,) = [c for c in s["players"][0]["hand"] if c.startswith("v")]
    s = act(s, 0, f"add:{cmd}")
    s = act(s, 0, "commit")
    s = act(s, 1, "surrender")
    s = act(s, 0, f"move:2:e2:{copy}")  # b2-c2-d2-e2: three squares with the Horse's second use
    assert s["players"][0]["heroes"] == ["d2", "e2"]
    check_invariants(s, totals_of(s))


def test_R112_defender_forks_an_illuminated_weapon_and_the_copy_ends_with_the_turn():
    s = city_attack(level=1)
    s["round"] = 2
    w, cmd = give(s, 0, [("weapon", "Y"), ("commander", "Y")])
    (dw,) = give(s, 1, [("weapon", "R")])
    s = act(s, 0, "attack:d2:city:1")
    s = act(s, 0, f"add:{w}:2")
    s = act(s, 0, "commit")  # 2 : 1
    s = act(s, 1, "fight:n:-")
    s = act(s, 1, f"add:{dw}:1")
    assert total(s, "defender_total") == 2
    assert any(c.startswith("v") for c in s["players"][1]["hand"])
    s = act(s, 1, "commit")
    s = act(s, 0, "pass")  # 2 : 2, the defender holds (R94)
    check_invariants(s, totals_of(s))
    assert dw in s["players"][1]["sanctuary"]
    s = act(s, 0, "end")
    assert not any(c.startswith("v") for c in s["players"][1]["hand"]) and len(s["players"][1]["hand"]) == 6
    check_invariants(s, totals_of(s))


def test_R112_computer_doubles_an_illuminated_weapon_when_it_needs_the_strength():
    s = city_attack(level=1)
    s["round"] = 2
    (w,) = give(s, 0, [("weapon", "Y")])
    s = act(s, 0, "attack:d2:city:1")
    assert RULES.ai_choose(s, 0, 3) == f"add:{w}:2"


# ---------------------------------------------------------------- R69 Tents struck during a battle

def pitched(s, seat, cards):
    """A Tent pitched on an earlier turn holding `cards` (test set-up)."""
    (tent,) = give(s, seat, [("tent", None)])
    held = give(s, seat, cards)
    for c in [tent] + held:
        s["players"][seat]["hand"].remove(c)
    s["players"][seat]["tents"].append({"tent": tent, "cards": held, "round": 0})
    return tent, held


def test_R69_attacker_strikes_tents_while_opening_and_while_raising():
    s = city_attack(level=3)
    (w,) = give(s, 0, [("weapon", "B")])
    t1, (c1,) = pitched(s, 0, [("commander", "B")])
    t2, (c2,) = pitched(s, 0, [("priest", "B")])
    (dc,) = give(s, 1, [("commander", "R")])
    s = act(s, 0, "attack:d2:city:1")
    assert f"strike:{t1}" in moves(s, 0)
    s = act(s, 0, f"add:{w}")
    assert total(s) == 2 and "commit" not in moves(s, 0)  # 2 : 3
    s = act(s, 0, f"strike:{t1}")
    assert c1 in s["players"][0]["hand"] and t1 in s["players"][0]["sanctuary"] and s["battle"]
    s = act(s, 0, f"add:{c1}")
    s = act(s, 0, "commit")  # 6 : 3
    s = act(s, 1, "fight:n:-")
    refused(s, 0, f"strike:{t2}", match="not your turn")
    s = act(s, 1, f"add:{dc}")
    s = act(s, 1, "commit")  # 7 : 6
    assert f"strike:{t2}" in moves(s, 0)
    s = act(s, 0, f"strike:{t2}")
    s = act(s, 0, f"add:{c2}")
    s = act(s, 0, "commit")  # 10 : 7
    s = act(s, 1, "pass")
    assert s["board"]["d2"]["owner"] == 0
    check_invariants(s, totals_of(s))


def test_R69_tent_struck_against_a_neutral_city():
    s = city_attack()
    s["board"]["d2"].update({"owner": "neutral", "level": 4, "defence": 4})
    (w,) = give(s, 0, [("weapon", "Y")])
    t, (c,) = pitched(s, 0, [("commander", "Y")])
    s = act(s, 0, "attack:d2:neutral:1")
    s = act(s, 0, f"add:{w}")
    s = act(s, 0, f"strike:{t}")
    s = act(s, 0, f"add:{c}")
    s = act(s, 0, "commit")
    assert s["board"]["d2"]["owner"] == 0 and s["battle"] is None


def test_R69_computer_defender_counts_and_strikes_its_tent():
    s = city_attack(level=1)
    w, cap = give(s, 0, [("weapon", "Y"), ("captain", "Y")])
    t, (c,) = pitched(s, 1, [("commander", "R")])
    s = act(s, 0, "attack:d2:city:1")
    s = act(s, 0, f"add:{w}")
    s = act(s, 0, f"add:{cap}")
    s = act(s, 0, "commit")  # 3 : 1
    choice = RULES.ai_choose(s, 1, 5)
    assert choice.startswith("fight:"), "the Tent's Commander makes fighting worthwhile"
    s = act(s, 1, choice)
    assert RULES.ai_choose(s, 1, 5) == f"strike:{t}"
    s = act(s, 1, f"strike:{t}")
    assert RULES.ai_choose(s, 1, 5) == f"add:{c}"


# ---------------------------------------------------------------- R133 house rules

@pytest.mark.parametrize("n,k,no_neutral", [(2, 2, False), (2, 3, False), (3, 2, False), (3, 3, False),
                                            (4, 2, False), (4, 3, True)])
def test_R133_two_or_more_starting_cities(n, k, no_neutral):
    opts = {"start_cities": k, "no_neutral": no_neutral}
    s = RULES.setup(n, opts, 9)
    assert s["options"]["start_cities"] == k
    unmarked = [sq for sq, t in s["board"].items() if t["kind"] == "city" and t["owner"] is None]
    assert len(unmarked) == n * k
    s = ready_game(n, 9, opts)
    assert s["phase"] == "start"
    for seat in range(n):
        assert len(board.cities_of(s, seat)) == k
        assert s["players"][seat]["markers"]["low"] == 7 - k
    cities = [sq for sq, t in s["board"].items() if t["kind"] == "city"]
    for a in cities:  # R45(c): no two cities side by side
        assert not any(b != a and sum(abs(x - y) for x, y in zip(board.sq_xy(a), board.sq_xy(b))) == 1
                       for b in cities)
    assert not set(cities) & set(s["removed"])
    check_invariants(s, totals_of(s))


def test_R133_choice_order_repeats_for_each_starting_city():
    s = RULES.setup(3, {"start_cities": 2, "first_player": 1}, 4)
    for seat, f in ((1, "G"), (2, "B"), (0, "Y")):
        s = act(s, seat, f"faction:{f}")
    order = []
    while s["phase"] == "setup_city":
        seat = s["current"]
        order.append(seat)
        s = act(s, seat, moves(s, seat)[-1])
    # the last player first, then counter-clockwise (3.1 step 13), twice; the sixth pick has one answer, so
    # the engine gives seat 1 the city left over
    assert order == [0, 2, 1, 0, 2]
    assert s["phase"] == "start" and all(len(board.cities_of(s, p)) == 2 for p in range(3))


def test_R133_four_players_three_cities_need_the_neutral_cards():
    assert "not enough cross cities" in setup.option_problem(4, {"start_cities": 3})
    assert setup.option_problem(4, {"start_cities": 3, "no_neutral": True}) is None
    assert setup.option_problem(3, {"start_cities": 3}) is None


def test_R133_start_without_neutral_cities():
    base = RULES.setup(4, {}, 2)
    s = RULES.setup(4, {"no_neutral": True}, 2)
    assert not [t for t in s["board"].values() if t.get("owner") == "neutral"]
    assert len(s["pool"]["cities"]["cross"]) == len(base["pool"]["cities"]["cross"]) + 4
    check_invariants(s, totals_of(s))
    s3 = ready_game(3, 2, {"no_neutral": True})
    assert not [t for t in s3["board"].values() if t.get("owner") == "neutral"]
    assert not [a for a in ids(RULES.legal_actions(s3, s3["current"])) if ":neutral:" in a]


@pytest.mark.parametrize("heroes", [1, 2])
def test_R133_start_with_heroes_on_the_board(heroes):
    s = ready_game(2, 6, {"start_heroes": heroes, "start_cities": 2})
    for seat in range(2):
        on_board = [h for h in s["players"][seat]["heroes"] if h]
        assert len(on_board) == heroes
        assert all(s["board"][h]["owner"] == seat for h in on_board) and len(set(on_board)) == 1
    s4 = ready_game(4, 6, {"variant": "scenario2", "start_heroes": 2})
    assert all(p["heroes"] == ["d4", "d4"] for p in s4["players"])
    assert all(p["heroes"] == [None, None] for p in ready_game(2, 6)["players"])


def test_R133_R121_changed_number_of_level4_cities_ends_the_game():
    s = actions_phase(2, seed=13, options={"level4_end": 2, "removed_faction": "R"})
    own = board.cities_of(s, 0)[0]
    s["board"][own]["level"] = 4
    put_tile(s, "d2", "city", "cross", owner=0, level=3)
    give(s, 0, [("commander", None)] * 2)
    s = act(s, 0, "upgrade:d2")
    r = RULES.result(s)
    assert r is not None and "2 level-4 cities" in r.reason and "house rule" in r.reason
    plain = actions_phase(2, seed=13, options={"removed_faction": "R"})
    plain["board"][board.cities_of(plain, 0)[0]]["level"] = 4
    put_tile(plain, "d2", "city", "cross", owner=0, level=3)
    give(plain, 0, [("commander", None)] * 2)
    plain = act(plain, 0, "upgrade:d2")
    assert RULES.result(plain) is None, "the rulebook's game needs five (R121)"


@pytest.mark.parametrize("options,problem", [
    ({"start_cities": 4}, "from 1 to 3"), ({"start_heroes": 3}, "from 0 to 2"), ({"level4_end": 0}, "from 1 to 7"),
    ({"level4_end": 8}, "from 1 to 7"), ({"start_cities": "two"}, "number"),
    ({"variant": "scenario2", "start_cities": 2}, "Scenario 2"), ({"variant": "scenario2", "no_neutral": True}, "Scenario 2"),
])
def test_R133_impossible_house_rules_are_refused(options, problem):
    n = 4 if options.get("variant") == "scenario2" else 2
    assert problem in setup.option_problem(n, options)
    with pytest.raises(ValueError):
        RULES.setup(n, options, 1)


def test_R133_house_rules_are_shown_in_the_log_view_and_picture():
    opts = {"start_cities": 2, "no_neutral": True, "start_heroes": 1, "level4_end": 4, "weeks": 3}
    s = ready_game(2, 8, opts)
    v = RULES.view(s, None)
    assert v["house_rules"] == ["2 starting cities each", "no neutral cities", "1 starting hero each",
                                "4 level-4 cities end the game", "3-week limit"]
    first = from_json(s["log"][0])  # the state keeps its log in the texts' JSON form
    assert "house rules: " in first and "no neutral cities" in first
    assert RULES.view(ready_game(2, 8), None)["house_rules"] == []
    assert render_board(v, ["A", "B"]) != render_board(dict(v, house_rules=[]), ["A", "B"])


def test_R133_snapshot_without_house_rule_keys_plays_on():
    """A game set up before these options existed has none of the keys: it plays the rulebook's game."""
    s = actions_phase(2, seed=13, options={"removed_faction": "R"})
    for key in ("start_cities", "no_neutral", "start_heroes", "level4_end"):
        del s["options"][key]
    own = board.cities_of(s, 0)[0]
    s["board"][own]["level"] = 3
    give(s, 0, [("commander", None)] * 2)
    s = act(s, 0, f"upgrade:{own}")
    assert RULES.result(s) is None and RULES.view(s, None)["house_rules"] == []


# ---------------------------------------------------------------- R36 transformations outside the row

def test_R36_chain_scroll_title_unit_then_the_unit_joins_a_combination():
    """R36: a Spell Scroll transforms a Title, which then transforms a unit, and that unit is used in a
    combination; the transforming artifacts stay outside the row (they cannot pay for it)."""
    s = actions_phase(2, seed=5, options={"removed_faction": "R"})
    scroll, title, sol, sup1, sup2 = give(s, 0, [("scroll", "Y"), ("title", "Y"), ("soldier", "G"),
                                                ("supply", None), ("supply", None)])
    s = act(s, 0, f"scroll:{scroll}:{title}:G")
    (title_g,) = [c for c in s["players"][0]["hand"] if s["cards"][c]["t"] == "title"]
    assert s["cards"][title_g]["f"] == "G" and scroll in s["players"][0]["played"]
    s = act(s, 0, f"title:{title_g}:{sol}")
    (cap,) = [c for c in s["players"][0]["hand"] if s["cards"][c]["t"] == "captain"]
    assert s["cards"][cap]["f"] == "G" and title_g in s["players"][0]["played"]
    # the artifacts are outside the row: they cannot be part of its combination
    refused(s, 0, f"craft:horse:{cap},{sup1},{title_g}")
    refused(s, 0, f"craft:horse:{cap},{scroll},{sup2}")
    s = act(s, 0, f"craft:horse:{cap},{sup1},{sup2}")
    assert s["cards"][s["players"][0]["gained"][-1]]["t"] == "horse"
    assert s["players"][0]["hand"] == []
    # R13: the upgraded card had one transformation this turn; the chain used each card once
    assert {scroll, title_g, cap, sup1, sup2} <= set(s["players"][0]["played"])
    check_invariants(s, totals_of(s))


def test_R36_chain_inside_a_battle_line():
    """R36/R98: the chain also works on a card already in a battle line: a Scroll makes a Title of the
    player's faction, that Title upgrades a line Soldier, and the line fights with the new strength."""
    s = city_attack(level=3)
    w, sol, scroll, title = give(s, 0, [("weapon", "B"), ("soldier", "B"), ("scroll", "Y"), ("title", "Y")])
    s = act(s, 0, "attack:d2:city:1")
    s = act(s, 0, f"add:{w}")
    s = act(s, 0, f"add:{sol}")
    assert total(s) == 1 + 1 + 1
    s = act(s, 0, f"scroll:{scroll}:{title}:B")
    (title_b,) = [c for c in s["players"][0]["hand"] if s["cards"][c]["t"] == "title"]
    s = act(s, 0, f"title:{title_b}:{sol}")
    assert total(s) == 1 + 2 + 1 and s["battle"]["changed"]
    s = act(s, 0, "commit")
    assert json.dumps(s) and s["battle"]["stage"] == "decide"


# ---------------------------------------------------------------- R110 partly used illuminated artifacts

def _cards_uses_left(s, cid):
    return cards.uses_left(s, cid)


def _big_realms(s):
    """Every Realm holds the Sanctuary too, so the end-of-turn draws (R9, R100) never reshuffle a
    Sanctuary and a card put there stays there (test set-up only)."""
    for p in s["players"]:
        p["realm"] += p["sanctuary"]
        p["sanctuary"] = []


def _copies(s, seat):
    return [c for c in s["players"][seat]["hand"] if c.startswith("v")]


def _zone_of(s, seat, cid):
    (zone,) = [z for z in ("realm", "hand", "sanctuary", "ambush", "played", "gained", "line")
               if cid in s["players"][seat][z]]
    return zone


def test_R110_R114_G21_title_used_once_in_battle_defender_lays_it_down_attacker_keeps_it_for_his_turn():
    """R110/R114: an illuminated Title may upgrade two units one rank each, in two rows, for every player.
    Both sides use it once in a battle (R98). The attacker's Title keeps its second use for his own turn
    and goes to his Sanctuary at its end (R15). The defender's Title is a used battle card: it goes to his
    Sanctuary when the battle ends (G21), its second use lapses with the attacker's turn (R110 "in that
    turn", G34), and it is not in the hand he refills to 6 (R100)."""
    s = city_attack(level=1)
    s["round"] = 4
    assert oracle.illuminated(4) == "title"
    _big_realms(s)
    w, sol_a, ti_a, extra, spare = give(s, 0, [("weapon", "Y"), ("soldier", "Y"), ("title", "Y"),
                                               ("soldier", "Y"), ("soldier", "Y")])
    ti_d, sol_d = give(s, 1, [("title", "R"), ("soldier", "R")])
    s = act(s, 0, "attack:d2:city:1")
    s = act(s, 0, f"add:{w}")
    s = act(s, 0, f"add:{sol_a}")
    s = act(s, 0, "commit")  # 2 : 1
    s = act(s, 1, "fight:n:-")
    s = act(s, 1, f"add:{sol_d}")
    s = act(s, 1, f"title:{ti_d}:{sol_d}")  # one rank only: the Title has a use left
    assert total(s, "defender_total") == 1 + 2 and _cards_uses_left(s, ti_d) == 1
    s = act(s, 1, "commit")
    s = act(s, 0, f"title:{ti_a}:{sol_a}")
    s = act(s, 0, f"add:{extra}")
    assert total(s) == 1 + 2 + 1 and _cards_uses_left(s, ti_a) == 1
    s = act(s, 0, "commit")  # 4 : 3
    s = act(s, 1, "pass")  # R94: the attacker wins and takes d2
    assert s["battle"] is None and s["board"]["d2"]["owner"] == 0
    check_invariants(s, totals_of(s))
    # the defender's partly used Title went where his used battle cards go (G21) ...
    assert _zone_of(s, 1, ti_d) == "sanctuary" and ti_d not in s["players"][1]["hand"]
    (copy,) = _copies(s, 1)  # ... and its second use is a copy for the rest of this turn (G34)
    assert s["virtual"][copy]["t"] == "title" and s["virtual"][copy]["f"] == "R"
    # the attacker's Title stays in his hand with its second use for his own turn (R110)
    assert _zone_of(s, 0, ti_a) == "hand" and _cards_uses_left(s, ti_a) == 1
    assert f"title:{ti_a}:{spare}" in moves(s, 0)
    s = act(s, 0, "end")
    check_invariants(s, totals_of(s))
    assert _zone_of(s, 0, ti_a) == "sanctuary"  # R15: unused rest lapses, the card is discarded
    assert _zone_of(s, 1, ti_d) == "sanctuary"
    hand = s["players"][1]["hand"]
    assert ti_d not in hand and not _copies(s, 1) and len(hand) == 6  # R100: a full refill of 6
    assert all(_cards_uses_left(s, c) == 1 for c in hand if s["cards"][c]["t"] != "title")


def test_R110_G34_G41_defender_uses_the_rest_of_his_title_in_a_second_battle_that_turn():
    """R110 ("played twice in that turn"), G34, G41: the use a defender's illuminated Title has left after
    one battle stays with him, as a copy, for another battle in the same turn; then it is spent and gone."""
    s = city_attack(level=1)
    s["round"] = 4
    _big_realms(s)
    put_tile(s, "f2", "road", "straight", 1)
    s["players"][0]["heroes"] = ["d2", "e2"]
    s["players"][1]["heroes"] = ["e2", None]
    w, sol_a, cmd, w2 = give(s, 0, [("weapon", "Y"), ("soldier", "Y"), ("commander", "Y"), ("weapon", "Y")])
    ti_d, sol_d, sol_d2 = give(s, 1, [("title", "R"), ("soldier", "R"), ("soldier", "R")])
    s = act(s, 0, "attack:d2:city:1")
    s = act(s, 0, f"add:{w}")
    s = act(s, 0, f"add:{sol_a}")
    s = act(s, 0, "commit")  # 2 : 1
    s = act(s, 1, "fight:n:-")
    s = act(s, 1, f"add:{sol_d}")
    s = act(s, 1, f"title:{ti_d}:{sol_d}")
    s = act(s, 1, "commit")  # 3 : 2
    s = act(s, 0, f"add:{cmd}")
    s = act(s, 0, "commit")  # 6 : 3
    s = act(s, 1, "pass")
    assert _zone_of(s, 1, ti_d) == "sanctuary"
    (copy,) = _copies(s, 1)
    check_invariants(s, totals_of(s))
    # a second battle this turn: seat 0's second hero attacks seat 1's hero on the road e2
    s = act(s, 0, "attack:e2:p1:2")
    s = act(s, 0, f"add:{w2}")
    s = act(s, 0, "commit")  # 1 : 0
    s = act(s, 1, "fight:n:1")
    s = act(s, 1, f"add:{sol_d2}")
    assert f"title:{copy}:{sol_d2}" in moves(s, 1)
    s = act(s, 1, f"title:{copy}:{sol_d2}")
    assert _copies(s, 1) == [] and total(s, "defender_total") >= 2
    s = act(s, 1, "commit")
    s = act(s, 0, "pass")  # the defender holds (R94)
    assert s["players"][0]["heroes"][1] is None
    check_invariants(s, totals_of(s))
    s = act(s, 0, "end")
    check_invariants(s, totals_of(s))
    assert ti_d in s["players"][1]["sanctuary"] and not _copies(s, 1) and len(s["players"][1]["hand"]) == 6


@pytest.mark.parametrize("kind, day", [("amulet", 3), ("scroll", 5)])
def test_R110_R113_R115_G21_defender_amulet_or_scroll_used_once_leaves_the_hand_after_the_battle(kind, day):
    """R113/R115: an illuminated Amulet or Spell Scroll transforms two cards. A defender who transforms only
    one card in the battle has used it: it goes to his Sanctuary when the battle ends (G21); the other use
    is a copy until the end of the attacker's turn (G34), so his next hand is a full, fresh 6 (R100)."""
    s = city_attack(level=1)
    s["round"] = day
    assert oracle.illuminated(day) == kind
    _big_realms(s)
    w, sol_a = give(s, 0, [("weapon", "Y"), ("soldier", "Y")])
    art, sol_d = give(s, 1, [(kind, "R"), ("soldier", "Y")])
    s = act(s, 0, "attack:d2:city:1")
    s = act(s, 0, f"add:{w}")
    s = act(s, 0, f"add:{sol_a}")
    s = act(s, 0, "commit")  # 2 : 1
    s = act(s, 1, "fight:n:-")
    s = act(s, 1, f"add:{sol_d}")
    if kind == "amulet":
        force_roll(s, 1)  # R58: nothing happens; the illuminated Amulet may roll again (R113)
        s = act(s, 1, f"amulet:{art}:{sol_d}")
    else:
        s = act(s, 1, f"scroll:{art}:{sol_d}:R")  # R98: the Scroll fixes the faction in the line
    assert art in s["players"][1]["hand"] and _cards_uses_left(s, art) == 1
    s = act(s, 1, "commit")  # 2 : 2
    s = act(s, 0, "pass")  # a tie: the defender holds (R94)
    check_invariants(s, totals_of(s))
    assert _zone_of(s, 1, art) == "sanctuary"
    (copy,) = _copies(s, 1)
    assert s["virtual"][copy]["t"] == kind
    s = act(s, 0, "end")
    check_invariants(s, totals_of(s))
    hand = s["players"][1]["hand"]
    assert _zone_of(s, 1, art) == "sanctuary" and not _copies(s, 1) and len(hand) == 6


def test_R117_R96_G32_illuminated_horse_pays_a_retreat_with_one_use_and_the_card_is_discarded():
    """R96/G32: a retreat costs one Horse; an illuminated Horse has two uses (R110, R117), so it pays with
    one. The Horse is a used battle card: it goes to the defender's Sanctuary when the battle ends (G21);
    the other use is a copy until the end of the attacker's turn (G34), then lapses."""
    s = city_attack(level=1)
    s["round"] = 7
    assert oracle.illuminated(7) == "horse"
    _big_realms(s)
    s["players"][0]["heroes"] = ["c2", None]
    s["players"][1]["heroes"] = ["c2", None]
    (w,) = give(s, 0, [("weapon", "Y")])
    (horse,) = give(s, 1, [("horse", "R")])
    s = act(s, 0, "attack:c2:p1:1")
    s = act(s, 0, f"add:{w}")
    s = act(s, 0, "commit")
    assert "retreat:e2:horse" in moves(s, 1)
    s = act(s, 1, "retreat:e2:horse")  # c2-d2-e2
    assert s["battle"] is None and s["players"][1]["heroes"][0] == "e2"
    check_invariants(s, totals_of(s))
    assert _zone_of(s, 1, horse) == "sanctuary"
    (copy,) = _copies(s, 1)
    assert s["virtual"][copy]["t"] == "horse"
    s = act(s, 0, "end")
    check_invariants(s, totals_of(s))
    assert _zone_of(s, 1, horse) == "sanctuary" and not _copies(s, 1) and len(s["players"][1]["hand"]) == 6


def test_R112_G34_cancelled_opening_gives_back_only_its_own_uses():
    """R110/R112, G34: calling off an unfinished opening returns the line to the hand with the uses the
    opening spent, no more: a fork's copy disappears with the use it stood for, and a use spent in an
    earlier row (hiring a hero, R77) stays spent."""
    s = city_attack()
    s["round"] = 2
    (w,) = give(s, 0, [("weapon", "Y")])
    s1 = act(s, 0, "attack:d2:city:1")
    s1 = act(s1, 0, f"add:{w}:1")
    assert len(_copies(s1, 0)) == 1
    s1 = act(s1, 0, "cancel")
    assert s1["players"][0]["hand"] == [w] and _cards_uses_left(s1, w) == 2 and not s1["virtual"]
    check_invariants(s1, totals_of(s1))
    a, b = give(s, 0, [("supply", None), ("supply", None)])
    s2 = act(s, 0, f"hero:b2:{w},{a},{b}")  # one use hires a hero (R112)
    s2 = act(s2, 0, "attack:d2:city:1")
    s2 = act(s2, 0, f"add:{w}")
    s2 = act(s2, 0, "cancel")
    assert s2["players"][0]["hand"] == [w] and _cards_uses_left(s2, w) == 1
    s2 = act(s2, 0, "end")
    assert _zone_of(s2, 0, w) in ("sanctuary", "realm", "hand")
    check_invariants(s2, totals_of(s2))


def test_R110_G15_R58_illuminated_artifact_made_wild_has_one_use():
    """G15: illumination belongs to the printed artifact. An illuminated Title that an Amulet made wild
    (R58 roll 6) and that now counts as a Captain is a single Captain: one row (R13), then it is played."""
    s = actions_phase(2, seed=5, options={"removed_faction": "R"})
    s["round"] = 4
    am, ti, s1, s2 = give(s, 0, [("amulet", "Y"), ("title", "Y"), ("soldier", "Y"), ("soldier", "Y")])
    assert _cards_uses_left(s, ti) == 2
    force_roll(s, 6)
    s = act(s, 0, f"amulet:{am}:{ti}")
    s = act(s, 0, "wild:captain")
    assert _cards_uses_left(s, ti) == 1
    s = act(s, 0, f"craft:weapon:{ti},{s1},{s2}")
    assert ti in s["players"][0]["played"] and ti not in s["players"][0]["hand"]
    check_invariants(s, totals_of(s))
