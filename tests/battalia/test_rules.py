"""Set-up and other rules not covered by the section-9 scenarios."""
from __future__ import annotations

import json

import pytest

from engine.base import IllegalAction
from engine.battalia import RULES, board
from engine.battalia.cards import physical_deck

from .helpers import actions_phase, check_invariants, give, listed, ready_game


def test_contract_attributes():
    assert (RULES.name, RULES.title, RULES.min_players, RULES.max_players) == \
        ("battalia", "Battalia: The Creation", 2, 4)


@pytest.mark.parametrize("n", [2, 3, 4])
def test_R7_setup_decks_hands_and_pool(n):
    s = RULES.setup(n, {}, 7)
    json.dumps(s)
    assert s["rng"]["seed"] == 7
    for p in s["players"]:
        assert len(p["hand"]) == 6 and len(p["realm"]) == 4
        types = sorted(s["cards"][c]["t"] for c in p["hand"] + p["realm"])
        assert types == sorted(["soldier"] * 3 + ["captain", "priest"] + ["supply"] * 5)
    units = sum(1 for c in s["cards"].values() if c["t"] in ("soldier", "captain", "priest", "commander"))
    supplies = sum(1 for c in s["cards"].values() if c["t"] == "supply")
    assert units == supplies == (60 if n == 2 else 80)  # 3.3, data.md G1
    assert len(s["pool"]["great"]) == {2: 3, 3: 4, 4: 5}[n]
    check_invariants(s, (len(s["cards"]), len(s["terrain"])))


def test_R129_R130_removed_squares():
    s3 = RULES.setup(3, {}, 1)
    assert len(s3["removed"]) == 12 and "a1" in s3["removed"] and "d4" not in s3["removed"]
    s2 = RULES.setup(2, {}, 1)
    assert len(board.empty_squares(s2)) + len(s2["board"]) == 25


def test_3_1_setup_choices_order():
    """Factions clockwise from the start player, the last takes the rest; cities chosen last-first."""
    s = RULES.setup(4, {"first_player": 2}, 5)
    assert RULES.active_players(s) == {2}
    s, _ = RULES.apply(s, 2, "faction:Y")
    s, _ = RULES.apply(s, 3, "faction:G")
    s, _ = RULES.apply(s, 0, "faction:R")
    assert s["players"][1]["faction"] == "B" and s["phase"] == "setup_city"
    order = []
    while s["phase"] == "setup_city":
        seat = s["current"]
        order.append(seat)
        s, _ = RULES.apply(s, seat, RULES.legal_actions(s, seat)[0].id)
    assert order == [1, 0, 3]  # seat 2, last in the order, gets the city left over without being asked
    assert s["phase"] == "start" and s["current"] == 2
    assert all(len(board.cities_of(s, p)) == 1 for p in range(4))


def test_R131_scenario1_defences():
    s = RULES.setup(4, {"variant": "scenario1"}, 1)
    neutral = [t for t in s["board"].values() if t.get("owner") == "neutral"]
    assert len(neutral) == 4 and all(t["defence"] == 6 for t in neutral)
    assert s["board"]["d4"]["defence"] == 10


def test_3_6_scenario2_setup():
    s = ready_game(4, 1, {"variant": "scenario2"})
    assert s["phase"] == "start"
    assert all(p["heroes"][0] == "d4" for p in s["players"])
    assert sorted(s["pool"]["hidden_great"]) == ["a1", "a7", "g1", "g7"]
    assert all(s["board"][sq]["owner"] == "neutral" and s["board"][sq]["defence"] == 6 for sq in ("a1", "g7"))
    v = RULES.view(s, None)
    assert "hidden_great" in v["pool"] and all(not str(x).startswith("k") for x in v["pool"]["hidden_great"])
    with pytest.raises(ValueError):
        RULES.setup(2, {"variant": "scenario2"}, 1)


def test_R96_retreat_not_offered_for_city_attack_G18():
    s = actions_phase(2, seed=3, options={"removed_faction": "R"}, factions=["G", "B"])
    own1 = board.cities_of(s, 1)[0]
    s["players"][0]["heroes"] = [own1, None]
    s["players"][1]["heroes"] = [own1, None]
    (w,) = give(s, 0, [("weapon", "G")])
    with pytest.raises(IllegalAction):
        RULES.apply(s, 0, f"attack:{own1}:p1:1")   # hero on its owner's city: attack the city (G18)
    s, _ = RULES.apply(s, 0, f"attack:{own1}:city:1")
    s, _ = RULES.apply(s, 0, f"add:{w}")
    s, _ = RULES.apply(s, 0, "commit")
    opts = [a.id for a in RULES.legal_actions(s, 1)]
    assert not any(o.startswith("retreat") for o in opts)
    assert "fight:n:-" in opts and "fight:n:1" in opts      # R87: the hero may stay out


def test_R87_hero_staying_out_survives_lost_city():
    s = actions_phase(2, seed=3, options={"removed_faction": "R"}, factions=["G", "B"])
    own1 = board.cities_of(s, 1)[0]
    s["players"][0]["heroes"] = [own1, None]
    s["players"][1]["heroes"] = [own1, None]
    w, c = give(s, 0, [("weapon", "G"), ("commander", "G")])
    s, _ = RULES.apply(s, 0, f"attack:{own1}:city:1")
    for x in (w, c):
        s, _ = RULES.apply(s, 0, f"add:{x}")
    s, _ = RULES.apply(s, 0, "commit")
    s, _ = RULES.apply(s, 1, "fight:n:-")
    s, _ = RULES.apply(s, 1, "pass")
    assert s["board"][own1]["owner"] == 0 and s["players"][1]["heroes"][0] == own1
    # R101/R46: the player without a city may found a new one anywhere legal
    assert board.cities_of(s, 1) == []


def test_R77_hero_hired_on_own_city_only():
    s = actions_phase(2, seed=9)
    own = board.cities_of(s, 0)[0]
    other = board.cities_of(s, 1)[0]
    give(s, 0, [("weapon", None), ("supply", None), ("supply", None)])
    with pytest.raises(IllegalAction):
        RULES.apply(s, 0, listed(s, 0, f"hero:{other}"))
    s, _ = RULES.apply(s, 0, listed(s, 0, f"hero:{own}"))
    assert s["players"][0]["heroes"] == [own, None]


def test_R28_ambush_then_pickup_next_turn_hidden_from_others():
    s = actions_phase(2, seed=15)
    a, b = give(s, 0, [("commander", None), ("soldier", None)])
    assert len(physical_deck(s, 0)) > 10
    s, ev = RULES.apply(s, 0, f"ambush:{a}:{b}")
    assert a not in ev[0].public and a in ev[0].private[0]
    for viewer in (None, 1):
        assert a not in json.dumps(RULES.view(s, viewer))
    assert RULES.view(s, None)["players"][0]["ambush_count"] == 1
    s, _ = RULES.apply(s, 0, "end")
    s, _ = RULES.apply(s, 1, "start")
    s, _ = RULES.apply(s, 1, "end")
    s, _ = RULES.apply(s, 0, "start")
    assert a in s["players"][0]["hand"] and s["players"][0]["ambush"] == []


def test_R55_tool_replaces_two_soldiers_in_one_row_only():
    s = actions_phase(2, seed=17)
    tool, sol = give(s, 0, [("tool", None), ("soldier", None)])
    s, _ = RULES.apply(s, 0, f"craft:tool:{tool},{sol}")
    with pytest.raises(IllegalAction):
        s2 = actions_phase(2, seed=17)
        t2, c2 = give(s2, 0, [("tool", None), ("captain", None)])
        RULES.apply(s2, 0, f"craft:horse:{t2},{c2}")   # a Tool replaces Soldiers only


def test_R111_illuminated_tool_four_soldiers_or_fork():
    s = actions_phase(2, seed=19)
    assert s["round"] == 1                       # the Tool is illuminated on day 1
    tool, c1, c2 = give(s, 0, [("tool", None), ("captain", None), ("captain", None)])
    s, _ = RULES.apply(s, 0, f"craft:weapon:{tool},{c1}")  # first use: 2 Soldiers
    assert tool in s["players"][0]["hand"]
    s, _ = RULES.apply(s, 0, f"craft:weapon:{tool},{c2}")  # fork: second row
    assert tool in s["players"][0]["played"]
