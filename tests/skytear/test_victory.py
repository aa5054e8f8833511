"""Victory cards (R4, R141-R143, G6): progress, tokens, completion, the tie-break token count."""
from __future__ import annotations

import pytest

from engine.skytear import data, ops, victory

from .fixtures import events, give, grid_map, make_state, minion, stack_deck

# each card's counter and goal as its text states them (victory.json texts)
GOALS = {"tactician": ("lane_wins", 6), "all_out_attack": ("round_defeats", 2), "tamer": ("dome_wins", 3),
         "skytear_master": ("ultimates", 2), "flanking": ("all_lanes_round", 2),
         "siege_breaker": ("towers_destroyed", 1), "headhunter": ("defeats", 3),
         "demolisher": ("structure", 6), "giant_slayer": ("outsider_damage", 6), "vanguard": ("minions_defeated", 14)}


def field(heroes, **kw):
    grid_map("fx_victory", 9, 7)
    return make_state(heroes, map_name="fx_victory", towers={}, control={}, **kw)


@pytest.mark.parametrize("vid", sorted(GOALS))
def test_R4_each_victory_card_is_won_at_its_goal(vid):
    counter, goal = GOALS[vid]
    text = data.victory_card(vid)["text"]
    assert str(goal) in text if goal > 1 else " an " in text
    st = make_state({})
    st["victory"] = [vid]
    st["counters"][counter] = [goal - 1, 0]
    assert victory.check(st) == set() and victory.tokens(st, vid) == [goal - 1, 0]
    st["counters"][counter] = [goal - 1, goal + 2]
    assert victory.check(st) == {1} and victory.tokens(st, vid) == [goal - 1, goal]


def test_only_cards_in_play_count():
    """G6: only the three cards drawn face up can be won."""
    st = make_state({})
    st["victory"] = ["tamer"]
    st["counters"]["defeats"] = [9, 0]
    assert victory.check(st) == set()


def test_R142_T56_both_sides_completing_at_once_are_both_reported():
    st = make_state({})
    st["victory"] = ["siege_breaker", "headhunter"]
    st["counters"]["towers_destroyed"] = [1, 0]
    st["counters"]["defeats"] = [0, 3]
    assert victory.check(st) == {0, 1}


def test_R143_T55_tie_break_tokens_count_only_the_five_seed_cards():
    st = make_state({})
    st["victory"] = ["tamer", "headhunter", "tactician"]
    st["counters"].update(dome_wins=[2, 1], defeats=[0, 2], lane_wins=[1, 9])
    assert victory.named_tokens(st) == [2 + 1, 1 + 6]      # Headhunter's tokens do not count; capped at 6


def test_G6_three_different_cards_drawn_reproducibly():
    a, b = make_state({}, seed=3), make_state({}, seed=3)
    assert victory.draw_cards(a) == victory.draw_cards(b)
    assert len(set(a["victory"])) == 3 and set(a["victory"]) <= set(data.VICTORY)


def test_view_entries_carry_names_texts_tokens_goals():
    """R143/G6: tokens per side are public on each card in play."""
    st = make_state({})
    st["victory"] = ["tamer"]
    st["counters"]["dome_wins"] = [1, 0]
    (entry,) = victory.view_entries(st)
    assert entry["name"] == "Tamer" and entry["name"].ctx == "skytear"
    assert entry["tokens"] == [1, 0] and entry["goal"] == 3


# --- the counters the operations keep -----------------------------------------------------------------

def test_round_defeats_keep_the_best_single_round():
    """R86/G33: defeats are credited per round; All-Out Attack needs 2 in one round."""
    st = field({"yami": (0, "D4"), "cotlic": (1, "E4"), "tlakali": (1, "F4")}, round_no=2)
    ops.deal_damage(st, "yami", "cotlic", 20)
    st["round"] = 3
    ops.deal_damage(st, "yami", "tlakali", 20)
    assert st["counters"]["defeats"] == [2, 0] and st["counters"]["round_defeats"] == [1, 0]
    st["victory"] = ["all_out_attack", "headhunter"]
    assert victory.check(st) == set()
    st["heroes"]["cotlic"].update(hex="E4", state="ready", hp=10)
    ops.deal_damage(st, "yami", "cotlic", 20)
    assert st["counters"]["round_defeats"] == [2, 0] and victory.check(st) == {0}


def test_ultimates_played_count_for_skytear_master():
    """R64/R61: an ultimate played counts for Skytear Master."""
    st = field({"yami": (0, "D4"), "sakoshi": (0, "E4")}, round_no=3)
    st["victory"] = ["skytear_master"]
    ops.play_card(st, "yami", give(st, 0, "submit_to_me"), events(st))
    ops.play_card(st, "sakoshi", give(st, 0, "ambush"), events(st))
    assert victory.progress(st, "skytear_master") == [1, 0]
    ops.play_card(st, "sakoshi", give(st, 0, "shuriken_storm"), events(st))
    assert victory.check(st) == {0}


def test_outsider_damage_and_minions_defeated_are_credited_to_the_heros_side():
    """R120/R97/G33: damage to the Outsider and minions defeated count for the hero's side."""
    st = field({"sakoshi": (1, "D4")})
    st["outsider"].update(hexes=["F4", "G4", "F5"], holder=0)
    stack_deck(st, 1, ["life_steal"])
    ops.resolve_attack(st, "sakoshi", "outsider", events(st))
    assert st["counters"]["outsider_damage"] == [0, 2]          # 3 + 0 - armor 1
    m = minion(st, 0, "C4")
    ops.deal_damage(st, "sakoshi", m, 1)
    assert st["counters"]["minions_defeated"] == [0, 1]
