"""Clash of Rage as the seed (002) words it, where the engine once read it otherwise: when the win is
checked (R13, D12), heroes never left alone and withdrawing from enemy units (R43, R64-R66, R79),
when an elf city pays its crystals (R4, R29, R58, D30), and the secrecy hook `redeal` (section 6).

The 2-player preset board (spec D4): 1C city, 1N forge, 1NE plain, 1NW plain, 1S plain, 1SE stone,
1SW mountain, 2C city; H1 (seat 0's stronghold) touches 1NE and 1N. Seat 0 is Bohorg (Krag Rider:
movement 3), seat 1 Goldleif; heroes 1-3 move 2, hero 4 moves 3 and flies."""
from __future__ import annotations

import copy
import random

import pytest

from engine.base import IllegalAction
from engine.clash_of_rage import RULES, actions, battle, flow, rounds, tactics

from .test_actions import act, make, rejected


@pytest.fixture
def all_hits(monkeypatch):
    monkeypatch.setattr(battle, "roll_die", lambda state: "hit")


def fight_out(state):
    """Each side takes its first legal battle decision that is not a retreat."""
    while state.get("battle"):
        seat = actions.active_seats(state)[0]
        choice = next(a for a in actions.legal_actions(state, seat) if not a.startswith("retreat"))
        actions.apply(state, seat, choice)


def public(events):
    return [str(e.public) for e in events]


# ---------------------------------------------------------------- 1. the win (R13, D12, T30)
# seed, goal: 「如果你在你的回合中第二次行動時擁有 4個勝利點，你立刻贏得遊戲。」
# seed, end of the game: 「任何玩家在第二次行動中，擁有 4點勝利點的話，就會立刻獲勝。」
# seed, victory points: 「每個你控制的精靈之城以及每個你鍛造的傳奇裝備，都讓你獲得1個勝利點。你的精靈之城
# 可能被奪走，在這種情況下，你會立刻失去控制該精靈之城的勝利點。」

def test_r13_t30_a_move_into_an_empty_elf_city_in_the_second_action_wins_at_once():
    """「你立刻贏得遊戲」: the city is held the moment the unit stands in it (R11, D9), so the win
    comes with the move itself, before movement is finished and with no battle."""
    state = make(units={"1NE": {0: {1: 2}}}, phase="second_action")
    state["seats"][0]["legendary"] = ["a", "b", "c"]                 # 3 VP (R12)
    events = act(state, "move:1NE:1C:krag_rider")                    # 1C: an elf city with no elf left
    assert state["result"]["winners"] == [0]
    assert state["result"]["scores"] == {"0": 4, "1": 0}
    assert any("wins with" in text for text in public(events))
    assert actions.active_seats(state) == [] and RULES.active_players(state) == set()


def test_r13_t30_the_same_move_in_the_first_action_wins_only_when_the_second_begins():
    """「在你的回合中第二次行動時」: during the first action 4 VP do not win; held when the seat's
    second action starts, they do."""
    state = make(units={"1NE": {0: {1: 2}}, "2N": {1: {1: 1}}})
    state["seats"][0]["legendary"] = ["a", "b", "c"]
    act(state, "move:1NE:1C:krag_rider")
    assert state["result"] is None and rounds.victory_points(state, 0) == 4
    act(state, "moved")
    act(state, "pass")                                               # seat 1; then phase 4, phase 5
    assert state["phase"] == "second_action"
    assert state["result"]["winners"] == [0]                         # held at the start of its action


def test_r13_t30_four_points_held_wait_for_the_own_second_action():
    """Seat 1 acts first in phase 5: seat 0's 4 VP win at the start of seat 0's own action, not
    during seat 1's (「在你的回合中第二次行動時」; D12 reads 「任何玩家在第二次行動中」 the same way)."""
    state = make(units={"1C": {0: {1: 1}}, "2N": {1: {1: 1}}}, phase="second_action")
    state["tactics"]["turn_order"] = [1, 0]
    state["seats"][0]["legendary"] = ["a", "b", "c"]
    rounds.update_victory_points(state)
    act(state, "move:2N:2NE:goldleif_warrior")
    assert state["result"] is None                                   # seat 1's action: nobody wins
    act(state, "moved")
    assert state["result"]["winners"] == [0]                         # seat 0's action begins


def test_r11_t30_a_city_lost_before_the_own_action_does_not_win(all_hits):
    """「你的精靈之城可能被奪走，在這種情況下，你會立刻失去控制該精靈之城的勝利點」: seat 0 held 4 VP, seat 1
    (earlier in phase 5) takes its city, so seat 0's action begins with 3 and does not win."""
    state = make(units={"1C": {0: {1: 1}}, "1S": {1: {3: 2}}}, phase="second_action")
    state["tactics"]["turn_order"] = [1, 0]
    state["seats"][0]["legendary"] = ["a", "b", "c"]
    rounds.update_victory_points(state)
    assert state["seats"][0]["vp"] == 4
    act(state, "move:1S:1C:goldleif_champion*2")
    act(state, "moved")
    act(state, "battle:1C")
    fight_out(state)
    assert state["last_battle"]["winner"] == 1
    assert state["seats"][0]["vp"] == 3 and state["result"] is None
    assert actions.acting(state) == 0


def test_r13_t30_the_fourth_point_by_a_battle_wins_and_the_other_battles_are_not_fought(all_hits):
    """「你立刻贏得遊戲」: the battle that takes the city ends the game; the battle still to fight stays."""
    state = make(units={"1NE": {0: {3: 2}}, "1N": {0: {3: 2}}},
                 elves={"1C": ["temple"], "1NW": ["temple"]}, phase="second_action")
    state["seats"][0]["legendary"] = ["a", "b", "c"]
    act(state, "move:1NE:1C:executioner*2")
    act(state, "move:1N:1NW:executioner*2")
    assert state["result"] is None                                   # entering enemies: no city held yet
    act(state, "moved")
    act(state, "battle:1C")
    fight_out(state)
    assert state["result"]["winners"] == [0]
    assert state["elves"]["1NW"] == ["temple"]                       # never fought


def test_r13_leaving_a_city_during_the_second_action_does_not_win():
    state = make(units={"1C": {0: {1: 1}}, "2C": {0: {1: 1}}}, phase="second_action")
    state["seats"][0]["legendary"] = ["a"]
    rounds.update_victory_points(state)
    assert state["seats"][0]["vp"] == 3
    act(state, "move:1C:1NE:krag_rider")                             # 2 VP now
    assert state["result"] is None and state["seats"][0]["vp"] == 2


# ---------------------------------------------------------------- 2. heroes (R43, R64-R66, R79)
# seed: 「英雄永遠不能落單：英雄可以單獨移動，但是當它移動結束時，並須停留在至少有一個部隊所在的領土上。」
# seed: 「英雄永遠不會死亡：如果英雄所在的軍隊中最後一個部隊被殲滅了，將英雄模型移回你的主堡中。」
# seed: 「如果只剩英雄單獨面對敵方部隊（精靈或其他玩家），英雄會自動從戰鬥中撤退，並返回其所有者的主堡。」
# seed: 「英雄：落敗方的英雄會直接回到主堡上。」

def with_hero(state, hero, seat, where):
    state["heroes"][hero] = seat
    state["hero_at"][hero] = where
    return state


def test_r79_the_last_units_leave_a_hero_only_where_it_can_follow():
    """「英雄永遠不能落單」: with a hero (movement 2) that has not moved, the last Krag Rider (movement 3)
    may not go to 2C, three steps away; one of two may."""
    state = with_hero(make(units={"1NE": {0: {1: 2}}}), "hero_1", 0, "1NE")
    legal = actions.legal_actions(state, 0)
    assert "move:1NE:2C:krag_rider" in legal                         # one of two: a rider stays
    assert "move:1NE:2C:krag_rider*2" not in legal                   # both: the hero could not follow
    assert "move:1NE:1S:krag_rider*2" in legal                       # two steps: it can
    rejected(state, 0, "move:1NE:2C:krag_rider*2")
    act(state, "move:1NE:2C:krag_rider")
    assert "move:1NE:2C:krag_rider" not in actions.legal_actions(state, 0)   # now the last one
    with pytest.raises(IllegalAction) as err:
        actions.apply(copy.deepcopy(state), 0, "move:1NE:2C:krag_rider")
    assert "left alone" in str(err.value.message)


def test_r43_r79_a_hero_left_by_its_units_must_follow_before_the_move_ends():
    state = with_hero(make(units={"1NE": {0: {1: 1}}}), "hero_1", 0, "1NE")
    act(state, "move:1NE:1S:krag_rider")
    legal = actions.legal_actions(state, 0)
    assert "moved" not in legal                                      # the hero is alone in 1NE
    rejected(state, 0, "moved")
    assert "hero is alone" in str(RULES.prompt(state, 0))
    assert "move:1NE:1S:hero_1" in legal and "move:1NE:H1:hero_1" in legal   # follow, or home
    act(state, "move:1NE:1S:hero_1")
    act(state, "moved")
    assert state["hero_at"]["hero_1"] == "1S"


def test_r79_units_leave_a_hero_in_its_own_stronghold_freely():
    """D21b: the stronghold is the one place a hero may stay alone (2N: beyond the hero's reach)."""
    state = with_hero(make(units={"H1": {0: {1: 1}}}), "hero_1", 0, "H1")
    assert "2N" not in actions.hero_reach(state, 0, "hero_1")
    assert "move:H1:2N:krag_rider" in actions.legal_actions(state, 0)
    act(state, "move:H1:2N:krag_rider")
    assert "moved" in actions.legal_actions(state, 0)


def test_r66_enemy_units_entering_a_lone_hero_do_not_stop_and_the_hero_withdraws():
    """「如果只剩英雄單獨面對敵方部隊…英雄會自動從戰鬥中撤退，並返回其所有者的主堡」: a hero alone (a state
    from before the never-alone rule) is no unit: enemies entering do not stop (R38 counts units)
    and there is no battle; the hero goes home at once."""
    state = with_hero(make(units={"1NE": {0: {1: 1}}, "2N": {1: {1: 1}}}), "hero_3", 1, "1S")
    assert "2N" in actions.destinations(state, 0, "1NE", 3, False)   # through 1S without stopping
    events = act(state, "move:1NE:1S:krag_rider")
    assert state["hero_at"]["hero_3"] == "H2"
    assert any("withdraws" in text for text in public(events))
    act(state, "moved")
    assert state.get("battle") is None and state["units"]["1S"] == {"0": {"1": 1}}
    assert actions.active_seats(state) == [1]                        # no battle was fought


def test_r65_r66_a_hero_whose_units_all_fall_goes_home(all_hits):
    """「如果英雄所在的軍隊中最後一個部隊被殲滅了，將英雄模型移回你的主堡中」 and 「落敗方的英雄會直接回到
    主堡上」: the attacker's hero, left alone by its destroyed unit, is back in its stronghold."""
    state = with_hero(make(units={"1NE": {0: {1: 1}}}, elves={"1C": ["radiant"] * 4}), "hero_1", 0, "1NE")
    act(state, "move:1NE:1C:krag_rider")
    act(state, "move:1NE:1C:hero_1")
    act(state, "moved")
    act(state, "battle:1C")
    fight_out(state)
    assert state["last_battle"]["loser"] == 0
    assert state["hero_at"]["hero_1"] == "H1"
    assert rounds.units_of(state, "1C", 0) == 0


def test_r43_a_flying_hero_moves_as_a_flyer():
    """「英雄的移動規則與其他部隊相同」 and 「飛行：具有飛行能力的部隊可以跨越岩石山脈，且在移動中可以忽略敵方
    部隊」: hero 4 (FLY, house data) passes the elves of 1C to join the unit in 1S; hero 1 cannot."""
    state = make(units={"1NW": {0: {1: 1}}, "1S": {0: {1: 1}}}, elves={"1C": ["radiant", "radiant"]})
    with_hero(state, "hero_4", 0, "1NW")
    with_hero(state, "hero_1", 0, "1NW")
    assert "1S" in actions.hero_destinations(state, 0, "hero_4")
    assert "1S" not in actions.hero_destinations(state, 0, "hero_1")


# ---------------------------------------------------------------- 3. elf crystals (R4, R29, R58, D30)
# seed, goal: 「每當你殲滅一個精靈或掠奪一座精靈之城，你會獲得精靈水晶」
# seed, tiles: 「精靈之城在你的回合開始時提供 3個水晶。」
# seed, income: 「精靈之城獎勵：每控制一座精靈之城就可以獲得3個水晶。」
# seed, battle: 「如果被殲滅的是精靈，進攻方會獲得水晶。將精靈標記翻到水晶面，放進自己的儲備區中。」

def to_income(state):
    """Phase 2, step f of the next round, with two cards revealed."""
    state["phase"] = "tactics"
    state["round"] += 1
    state["tactics"].update(step="income", revealed={"0": "bohorg_1", "1": "goldleif_1"}, turn_order=[0, 1])
    return rounds.advance(state)


def test_r58_r29_a_city_taken_pays_its_killed_elves_now_and_its_plunder_at_income(all_hits):
    """The plunder of a city is its 3 crystals 「在你的回合開始時」, at income (「每控制一座精靈之城」);
    taking it pays only the elves killed there (one crystal each)."""
    state = make(units={"1NE": {0: {3: 2}}}, elves={"1C": ["temple", "temple"]})
    act(state, "move:1NE:1C:executioner*2")
    act(state, "moved")
    act(state, "battle:1C")
    fight_out(state)
    assert rounds.controller(state, "1C") == 0
    assert state["seats"][0]["crystals"] == 2                        # 2 elves, nothing for the city yet
    to_income(state)
    assert state["seats"][0]["crystals"] == 2 + rounds.CRYSTALS_PER_CITY
    assert state["seats"][1]["crystals"] == 0


def test_r29_a_city_left_before_income_pays_no_plunder():
    state = make(units={"1C": {0: {1: 1}}})
    act(state, "move:1C:1NE:krag_rider")                             # the city is left empty
    act(state, "moved")
    to_income(state)
    assert state["seats"][0]["crystals"] == 0


def test_r29_every_city_held_at_income_pays_three():
    state = make(units={"1C": {0: {1: 1}}, "2C": {0: {1: 1}}})
    to_income(state)
    assert state["seats"][0]["crystals"] == 2 * rounds.CRYSTALS_PER_CITY == 6


# ---------------------------------------------------------------- 4. the secrecy hook (section 6)
# seed: 「所有玩家同時從他們手中的三個戰術卡當中選擇一張，並將該卡片面朝下放在自己面前。當所有玩家都選好之後，
# 再同時把卡片翻開」 and 「將你的７張戰術卡面朝下形成一個牌堆，然後從中抽３張牌」; the legendary pile
# 「將傳奇裝備卡洗勻後面朝下形成一個抽牌堆」, a forge draw 「從中選擇 1 件傳奇裝備保留，其他的再重新洗回牌堆中」.

def game_in_selection(players=3, seed=4, picked=(0,)):
    """A game some rounds in (every pile shuffled, discards face up), with `picked` seats having
    chosen their tactic card in secret."""
    state = RULES.setup(players, {}, seed)
    rng = random.Random(seed)
    while not (state["round"] >= 3 and tactics.selecting(state) and not state["tactics"]["picks"]):
        seat = min(RULES.active_players(state))
        state, _ = RULES.apply(state, seat, RULES.ai_choose(state, seat, rng.randrange(999)))
        assert not state.get("result")
    for seat in picked:
        state, _ = RULES.apply(state, seat, "tactic:" + state["seats"][seat]["tactic_hand"][0])
    return state


def pool(state, seat):
    """A seat's tactic cards that are not face up: hand, secret pick and pile."""
    pick = state["tactics"]["picks"].get(str(seat))
    area = state["seats"][seat]
    return sorted(area["tactic_hand"] + area["tactic_deck"] + ([pick] if pick else []))


def counts(state):
    return [(len(a["tactic_hand"]), len(a["tactic_deck"]), len(a["tactic_discard"])) for a in state["seats"]]


@pytest.mark.parametrize("viewer", [0, 1, None])
def test_redeal_keeps_counts_and_views_and_deals_the_hidden_cards_again(viewer):
    state = game_in_selection()
    before = copy.deepcopy(state)
    changed = set()
    for n in range(12):
        other = RULES.redeal(state, viewer, random.Random(n))
        assert state == before                                       # never mutates
        assert other["rng"] == state["rng"]                          # the dice roll alike
        assert counts(other) == counts(state)
        assert sorted(other["tactics"]["picks"]) == sorted(state["tactics"]["picks"])
        assert all(pool(other, s) == pool(state, s) for s in range(3))
        assert other["equipment_deck"] == state["equipment_deck"]    # its draws are face up at once
        assert sorted(other["legendary_deck"]) == sorted(state["legendary_deck"])
        assert RULES.view(other, None) == RULES.view(state, None)
        if viewer is not None:
            assert RULES.view(other, viewer) == RULES.view(state, viewer)
            mine = other["seats"][viewer]
            assert mine["tactic_hand"] == state["seats"][viewer]["tactic_hand"]
            assert other["tactics"]["picks"].get(str(viewer)) == state["tactics"]["picks"].get(str(viewer))
        for s in range(3):
            if other["seats"][s]["tactic_hand"] != state["seats"][s]["tactic_hand"]:
                changed.add(("hand", s))
            if other["tactics"]["picks"].get(str(s)) != state["tactics"]["picks"].get(str(s)):
                changed.add(("pick", s))
        if other["legendary_deck"] != state["legendary_deck"]:
            changed.add(("legendary", None))
    others = {s for s in range(3) if s != viewer}
    assert {("hand", s) for s in others} <= changed                  # the others' hands change
    assert ("hand", viewer) not in changed
    assert (("pick", 0) in changed) == (viewer != 0)                 # seat 0's secret pick, to anyone else
    assert ("legendary", None) in changed


def test_redeal_keeps_the_picks_that_the_last_pick_reveals():
    """With one seat left to choose, its pick reveals the others' at once (「再同時把卡片翻開」): they
    stay, and that pick has the same public outcome in every copy."""
    state = game_in_selection(picked=(0, 1))
    card = state["seats"][2]["tactic_hand"][0]
    real, events = RULES.apply(state, 2, f"tactic:{card}")
    for n in range(6):
        other = RULES.redeal(state, 2, random.Random(n))
        assert other["tactics"]["picks"] == state["tactics"]["picks"]
        got, got_events = RULES.apply(other, 2, f"tactic:{card}")
        assert public(got_events) == public(events)
        assert RULES.view(got, None) == RULES.view(real, None)


def test_redeal_deals_a_forge_draw_again_for_all_but_the_forger():
    state = make(units={"1NE": {0: {1: 1}}, "1N": {0: {1: 1}}})
    state["seats"][0]["crystals"] = 6
    actions.apply(state, 0, "forge")
    drawn = list(state["forge"]["cards"])
    everything = sorted(drawn + state["legendary_deck"])
    seen = set()
    for n in range(12):
        mine = RULES.redeal(state, 0, random.Random(n))
        assert mine["forge"]["cards"] == drawn                       # the forger knows its cards
        assert RULES.view(mine, 0) == RULES.view(state, 0)
        for viewer in (1, None):
            other = RULES.redeal(state, viewer, random.Random(n))
            assert sorted(other["forge"]["cards"] + other["legendary_deck"]) == everything
            assert len(other["forge"]["cards"]) == len(drawn)
            assert RULES.view(other, viewer) == RULES.view(state, viewer)
            seen.add(tuple(other["forge"]["cards"]))
    assert len(seen) > 1


def test_redeal_of_the_own_pile_changes_its_order_only():
    state = game_in_selection(picked=())
    orders = set()
    for n in range(12):
        other = RULES.redeal(state, 0, random.Random(n))
        assert sorted(other["seats"][0]["tactic_deck"]) == sorted(state["seats"][0]["tactic_deck"])
        orders.add(tuple(other["seats"][0]["tactic_deck"]))
    assert len(state["seats"][0]["tactic_deck"]) < 2 or len(orders) > 1


def test_redeal_copies_play_on_like_the_game():
    """A redealt copy is a state the rules accept: the same seats act with the same moves."""
    state = game_in_selection(picked=(0,))
    other = RULES.redeal(state, 0, random.Random(1))
    assert RULES.active_players(other) == RULES.active_players(state)
    assert [a.id for a in RULES.legal_actions(other, 0)] == [a.id for a in RULES.legal_actions(state, 0)]
    assert flow.active_players(other) == {1, 2}
