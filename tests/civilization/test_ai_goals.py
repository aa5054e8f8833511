"""The Civilization computer player's goals (issue 36): it picks one of the four victories (R131)
from the position, plays toward it (research R80-R90, coin tasks R101, Space Flight R87, attacking
a capital R122), changes government (R19-R21), and uses Engineering (G26) and the abilities of
Egypt, Germany and Russia (civilizations.json)."""
from __future__ import annotations

import copy
import random

from engine.civilization import RULES, ai, ai_goal, flow, research, views

from .fixtures import act, blank, city, field, figure, learn
from .test_ai import _scramble


def _goal(state, seat=0):
    return ai.goal(views.view(state, seat), seat)


# ---------------------------------------------------------------- picking the goal (R131)

def test_goal_is_one_of_the_four_victories_and_follows_the_position_R131(monkeypatch):
    state = field(monkeypatch, blank(), civs=("rome", "china"), phase="start")
    city(state, 0, "B2", capital=True)
    city(state, 1, "N13", capital=True)
    assert _goal(state) in ai_goal.GOALS
    state["seats"][0]["culture_level"] = 17                       # R56: 4 spaces from the end
    assert _goal(state) == "culture"
    state["seats"][0]["culture_level"] = 0
    for tech in ("pottery", "code_of_laws", "democracy", "printing_press", "civil_service", "currency"):
        learn(state, 0, tech)
    state["seats"][0]["card_coins"] = {"democracy": 4, "printing_press": 4, "pottery": 3}
    state["seats"][0]["coin_tokens"] = 2
    assert _goal(state) == "economic"                             # R103: 13 coins of 15


def test_goal_tech_when_the_pyramid_is_nearly_built_R84_R87(monkeypatch):
    state = field(monkeypatch, blank(), civs=("america", "china"), phase="start")
    city(state, 0, "B2", capital=True)
    city(state, 1, "N13", capital=True)
    state["seats"][0]["techs"] = []
    for tech in ("pottery", "writing", "masonry", "philosophy", "navigation", "irrigation", "sailing",
                 "monarchy", "mathematics", "banking", "biology", "theology", "computers", "flight"):
        learn(state, 0, tech)
    assert research.row_counts(state, 0) == {1: 5, 2: 4, 3: 3, 4: 2, 5: 0}
    assert _goal(state) == "tech"


def test_goal_military_against_a_leader_about_to_win_R122(monkeypatch):
    state = field(monkeypatch, blank(), civs=("germany", "china"), phase="start")
    state["turn"] = 8
    city(state, 0, "B2", capital=True)
    city(state, 1, "E5", capital=True)
    state["seats"][1]["culture_level"] = 19                       # China: two spaces from winning
    assert _goal(state) == "military"


def test_goal_never_reads_hidden_items_G32():
    """The goal is the same when every item the seat may not see is dealt again."""
    rng = random.Random(5)
    state = RULES.setup(3, {}, 5)
    for n in range(400):
        seat = rng.choice(sorted(RULES.active_players(state)))
        if n % 20 == 0:
            other = _scramble(state, seat, rng)
            assert ai.goal(views.view(other, seat), seat) == ai.goal(views.view(state, seat), seat)
        state, _ = RULES.apply(state, seat, ai.choose(state, seat, rng.randrange(1 << 30)))
        if state.get("result"):
            break


# ---------------------------------------------------------------- playing toward it

def test_tech_goal_researches_the_highest_level_that_fills_the_pyramid_R84(monkeypatch):
    state = field(monkeypatch, blank(), civs=("america", "china"), phase="research")
    city(state, 0, "B2", capital=True)
    city(state, 1, "N13", capital=True)
    for tech in ("pottery", "writing", "masonry", "philosophy", "navigation", "irrigation", "sailing",
                 "monarchy", "mathematics", "banking", "biology", "theology", "computers"):
        learn(state, 0, tech)
    monkeypatch.setattr(ai_goal, "goal", lambda v, s: "tech")
    state["seats"][0]["trade"] = 22
    research.begin(state)
    legal = flow.legal_ids(state, 0)
    assert "research:flight" in legal and "research:code_of_laws" in legal
    assert ai.choose(state, 0, 1) in {a for a in legal if a != "research:none" and research.level(a.split(":")[1]) == 4}
    # the pyramid is complete: hold the trade for Space Flight's 26 (R82, R83)
    learn(state, 0, "flight")
    assert ai.choose(state, 0, 1) == "research:none"
    state["seats"][0]["trade"] = 26
    assert ai.choose(state, 0, 1) == "research:space_flight"      # R87


def test_economic_goal_pays_the_coin_tasks_R101(monkeypatch):
    state = field(monkeypatch, blank(), civs=("america", "china"), phase="city")
    city(state, 0, "B2", capital=True)
    learn(state, 0, "democracy")
    state["seats"][0]["trade"] = 9
    monkeypatch.setattr(ai_goal, "goal", lambda v, s: "economic")
    assert "ability:democracy" in flow.legal_ids(state, 0)
    assert ai.choose(state, 0, 1) == "ability:democracy"
    after = act(state, 0, "ability:democracy")
    assert after["seats"][0]["card_coins"]["democracy"] == 1
    monkeypatch.setattr(ai_goal, "goal", lambda v, s: "tech")
    assert ai.choose(state, 0, 1) != "ability:democracy"           # the tech goal keeps its trade


def test_changes_government_directly_when_a_better_one_unlocks_R19(monkeypatch):
    state = field(monkeypatch, blank(), civs=("america", "china"), phase="start")
    city(state, 0, "B2", capital=True)
    learn(state, 0, "democracy")
    state["seats"][0]["new_governments"] = ["democracy"]
    monkeypatch.setattr(ai_goal, "goal", lambda v, s: "economic")
    assert "government:democracy" in flow.legal_ids(state, 0)
    assert ai.choose(state, 0, 1) == "government:democracy"


def test_goes_through_anarchy_for_a_much_better_government_R20(monkeypatch):
    state = field(monkeypatch, blank(), civs=("america", "china"), phase="start")
    state["turn"] = 6
    city(state, 0, "B2", capital=True)
    learn(state, 0, "communism")
    monkeypatch.setattr(ai_goal, "goal", lambda v, s: "military")
    assert ai.choose(state, 0, 1) == "government:anarchy"
    state = act(state, 0, "government:anarchy")
    state["turn"] += 1
    state["seats"][0]["government_changed"] = None
    assert ai.choose(state, 0, 1) == "government:communism"        # R20: the turn after


def test_engineering_splits_a_strong_city_G26(monkeypatch):
    state = field(monkeypatch, blank("M"), civs=("america", "china"), phase="city")
    city(state, 0, "E5", capital=True)
    learn(state, 0, "engineering")
    from engine.civilization.cities import production
    assert production(state, 0, state["cities"][0]) >= 9             # two items of 4 and more
    legal = flow.legal_ids(state, 0)
    assert "ability:engineering:" + state["cities"][0]["id"] in legal
    assert ai.choose(state, 0, 1) == "ability:engineering:" + state["cities"][0]["id"]


def test_egypt_builds_its_best_free_building(monkeypatch):
    state = field(monkeypatch, blank(), civs=("egypt", "china"), phase="city")
    city(state, 0, "E5", capital=True)
    learn(state, 0, "writing")
    state["seats"][0]["culture_tokens"] = 3
    first = ai.choose(state, 0, 1)
    assert first.startswith("ability:egypt:")
    state = act(state, 0, first)
    second = ai.choose(state, 0, 1)
    assert second.startswith("ability:egypt:") and second.count(":") == 4
    state = act(state, 0, second)
    assert any(b["owner"] == 0 for b in state["buildings"].values())


def test_germany_takes_the_market_resource_its_goal_uses(monkeypatch):
    state = field(monkeypatch, blank(), civs=("germany", "china"), phase="start")
    city(state, 0, "E5", capital=True)
    state["seats"][0]["market_picks"] = 1
    monkeypatch.setattr(ai_goal, "goal", lambda v, s: "military")
    assert "ability:germany:iron" in flow.legal_ids(state, 0)
    assert ai.choose(state, 0, 1) == "ability:germany:iron"


def test_russia_sacrifices_a_scout_for_a_tech(monkeypatch):
    state = field(monkeypatch, blank(), civs=("russia", "china"), phase="movement")
    city(state, 0, "B2", capital=True)
    city(state, 1, "E2", capital=True)
    learn(state, 1, "irrigation")
    for f in [f for f in state["figures"]]:
        state["figures"].remove(f)
    figure(state, 0, "scout", "D2")
    legal = flow.legal_ids(state, 0)
    first = [a for a in legal if a.startswith("ability:russia:")]
    assert first
    pick = ai.choose(state, 0, 1)
    assert pick in first
    state = act(state, 0, pick)
    steps = [a for a in flow.legal_ids(state, 0) if a.startswith("ability:russia:") and a.count(":") == 4]
    second = ai.choose(state, 0, 1)
    assert second in steps
    assert research.level(second.split(":")[4]) == max(research.level(a.split(":")[4]) for a in steps)


def capitals_only(monkeypatch, civs, theirs: str) -> dict:
    """A movement phase with seat 0's capital at B2, seat 1's at `theirs` and no figure yet."""
    state = field(monkeypatch, blank(), civs=civs, phase="movement")
    city(state, 0, "B2", capital=True)
    city(state, 1, theirs, capital=True)
    state["figures"].clear()
    return state


def test_military_goal_attacks_a_weak_capital_R122(monkeypatch):
    state = capitals_only(monkeypatch, ("germany", "china"), "E2")
    figure(state, 0, "army", "D2")
    figure(state, 0, "army", "D2")
    area = state["seats"][0]
    area["standing_forces"] = ["inf11", "inf12", "mou11", "mou12", "art11", "art12", "inf10", "mou10"]
    area["ranks"] = {"infantry": 4, "mounted": 4, "artillery": 4, "aircraft": 0}
    state["seats"][1]["standing_forces"] = ["inf01"]
    monkeypatch.setattr(ai_goal, "goal", lambda v, s: "military")
    pick = ai.choose(state, 0, 1)
    assert pick.startswith("move:") and pick.endswith(":E2"), pick


def test_choice_unchanged_for_the_same_state_with_goals():
    rng = random.Random(9)
    state = RULES.setup(4, {}, 9)
    for _ in range(200):
        seat = rng.choice(sorted(RULES.active_players(state)))
        first = ai.choose(state, seat, 3)
        assert ai.choose(copy.deepcopy(state), seat, 3) == first
        state, _ = RULES.apply(state, seat, first)


# ---------------------------------------------------------------- trade beyond spare cards (R27)

def test_offers_a_spare_resource_for_what_its_goal_needs_R27(monkeypatch):
    state = field(monkeypatch, blank(), civs=("rome", "china"), phase="start")
    state["seats"][0]["resources"] = ["silk", "silk"]               # Rome's techs spend no silk
    state["seats"][0]["culture_hand"] = []
    state["seats"][1]["trade"] = 10
    monkeypatch.setattr(ai_goal, "goal", lambda v, s: "tech")
    state = act(act(state, 0, "done"), 1, "done")                  # the Trade phase opens
    assert state["phase"] == "trade"
    for _ in range(4):                                             # offer, give silk, ask 3 trade, send
        state = act(state, 0, ai.choose(state, 0, 1))
    sent = state["offers"][0]
    assert sent["status"] == "sent" and sent["give"]["resources"] == ["silk"] and sent["get"]["trade"] == 3
    # the culture goal values the silk (2) above 3 trade (0.6 each): it accepts
    monkeypatch.setattr(ai_goal, "goal", lambda v, s: "culture")
    assert ai.choose(state, 1, 1).startswith("accept:")
    # the tech goal values 3 trade (1.3 each) above the silk (1.5): it declines
    monkeypatch.setattr(ai_goal, "goal", lambda v, s: "tech")
    assert ai.choose(state, 1, 1).startswith("decline:")


def test_russia_tech_goal_walks_a_spare_army_to_an_enemy_city(monkeypatch):
    """Russia's sacrifice (civilizations.json) needs a figure in reach of an enemy city that knows
    a tech Russia could place (R84): its spare armies walk there."""
    state = capitals_only(monkeypatch, ("russia", "china"), "H2")
    figure(state, 0, "army", "B3")
    figure(state, 0, "army", "C3")
    monkeypatch.setattr(ai_goal, "goal", lambda v, s: "tech")
    assert not [a for a in flow.legal_ids(state, 0) if a.startswith("ability:russia:")]   # out of reach
    pick = ai.choose(state, 0, 1)
    assert pick.startswith("move:army0_1:"), pick
    x = pick.split(":")[2]
    assert ord(x[0]) > ord("C")                                    # towards column H
