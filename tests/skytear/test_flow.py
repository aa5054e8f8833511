"""Setup, rounds and phases, activations, the Outsider phase, the reset and the end of the game
(R1-R9, R26-R33, R47-R49, R86-R88, R117-R122, R132-R144, G5, G19, G27, G29), the mulligan and
discard steps, the options, and 2v2 activation order."""
from __future__ import annotations

from collections import Counter

import pytest

from engine.base import OVER, SIMULTANEOUS, TURN, Moment, normalise_options
from engine.skytear import RULES, data, flow, hexes, ops

from . import fixtures as fx
from .flowkit import act, check_cards_conserved, hero_state, ids, pass_all, refused


def keep_all(state):
    for seat in sorted(RULES.active_players(state)):
        state = act(state, seat, "keep")
    return state


def heroes_of(state, seat):
    return sorted(h for h, d in state["heroes"].items() if d["owner"] == seat)


def activated(state, seat, hero):
    state["turn_side"] = flow.side_of(state, seat)
    return act(state, seat, f"activate:{hero}")


# ------------------------------------------------------------------ setup (G5, R135, R139, R65)

@pytest.mark.parametrize("players", [2, 3, 4])
def test_G5_setup_builds_the_board_and_deals_opening_hands(players):
    st = RULES.setup(players, {}, 11)
    m = hexes.load_map("two_lane")
    assert len(st["victory"]) == 3 and set(st["victory"]) <= set(data.VICTORY)          # (A) G6
    assert st["first"] in range(players) and st["first"] == st["sides"][st["first_side"]][0]   # (B) R6
    assert all(t["hp"] == 5 for t in st["towers"].values()) and len(st["towers"]) == 4   # (G) R102
    assert sorted(st["control"].values()) == sorted(m.control_starts.values())          # (H)
    per_lane = Counter((mn["side"], mn["lane"]) for mn in st["minions"])
    assert set(per_lane.values()) == {3} and len(per_lane) == 4                        # (I)
    assert all(h["hex"] and h["state"] == "ready" and h["hp"] == data.hero(hid)["hp"]
               for hid, h in st["heroes"].items())                                      # (J)
    assert st["vortex"]["seat"] == st["first"] and not st["vortex"]["used"]              # (K) R65
    assert all(len(st["hands"][str(s)]) == 5 for s in range(players))                    # (E) R67
    assert st["phase"] == "mulligan" and RULES.active_players(st) == set(range(players))
    check_cards_conserved(st)


def test_R6_G5_the_starting_seat_is_drawn_at_random_or_given():
    firsts = {RULES.setup(2, {}, seed)["first"] for seed in range(12)}
    assert firsts == {0, 1}
    assert RULES.setup(2, {"first_player": 1}, 3)["first"] == 1


@pytest.mark.parametrize("players,heroes", [(2, {0: 4, 1: 4}), (3, {0: 2, 2: 2, 1: 4}), (4, {0: 2, 1: 2, 2: 2, 3: 2})])
def test_R135_G27_whole_factions_are_dealt_and_decks_are_the_heroes_decks(players, heroes):
    st = RULES.setup(players, {}, 4)
    for seat, n in heroes.items():
        mine = heroes_of(st, seat)
        assert len(mine) == n
        factions = {f for h in mine for f in data.hero(h)["factions"]}
        assert len(factions) == n // 2, "whole factions (two heroes each)"
        cards = [st["cards"][i] for i in st["decks"][str(seat)] + st["hands"][str(seat)]]
        assert Counter(cards) == Counter(c for h in mine for c in data.deck_of(h)), "R139: the heroes' 8-card decks"
        assert len(cards) == 8 * n    # 32 cards for two factions (R135)


def test_R1_G27_teams_and_seats_per_side():
    assert RULES.teams(2, {}) == [[0], [1]]
    assert RULES.teams(3, {}) == [[0, 2], [1]]
    assert RULES.teams(4, {}) == [[0, 2], [1, 3]]
    st = RULES.setup(4, {"first_player": 3}, 2)
    assert flow.priority_order(st) == [3, 0, 1, 2], "A1 B1 A2 B2 from the starting seat"


def test_R65_the_vortex_is_on_the_board_not_in_the_hand():
    st = RULES.setup(2, {}, 8)
    vortex = st["vortex"]["card"]
    assert st["cards"][vortex] == data.VORTEX
    assert all(vortex not in st["hands"][str(s)] + st["decks"][str(s)] for s in range(2))


# ------------------------------------------------------------------ options

def test_options_three_lane_map_has_eight_rounds_and_three_tokens():
    st = RULES.setup(2, {"map": "three_lane"}, 1)
    assert st["rounds"] == 8 and len(st["control"]) == 3 and len(st["towers"]) == 6


def test_options_nexus_hp_and_no_victory_cards():
    st = RULES.setup(2, {"nexus_hp": 9, "victory_cards": False}, 1)
    assert [n["hp"] for n in st["nexus"]] == [9, 9] and st["victory"] == []
    assert normalise_options(RULES, 2, {"nexus_hp": 5, "map": "two_lane"}) == {}


def test_R137_draft_order_skips_bans_and_alternates_one_two_one_two_two():
    st = RULES.setup(2, {"setup": "draft", "first_player": 0}, 5)
    assert st["phase"] == "draft" and st["heroes"] == {}
    order = []
    while st["phase"] == "draft":
        seat = sorted(RULES.active_players(st))[0]
        order.append(seat)
        st = act(st, seat, ids(st, seat)[0])
    assert order == [0, 1, 1, 0, 1, 1, 0, 0]
    assert st["phase"] == "mulligan" and len(heroes_of(st, 0)) == len(heroes_of(st, 1)) == 4
    check_cards_conserved(st)


def test_R137_G27_in_a_team_draft_each_player_picks_their_own_two_heroes():
    st = RULES.setup(4, {"setup": "draft", "first_player": 0}, 5)
    assert RULES.active_players(st) == {0, 2}, "either player of the starting team makes its pick"
    st = act(st, 2, ids(st, 2)[0])
    assert RULES.active_players(st) == {1, 3}
    while st["phase"] == "draft":
        seat = sorted(RULES.active_players(st))[0]
        st = act(st, seat, ids(st, seat)[0])
    assert all(len(heroes_of(st, s)) == 2 for s in range(4))


# ------------------------------------------------------------------ mulligan (G29, R68)

def test_G29_mulligan_is_secret_and_simultaneous_and_replaces_cards_at_the_end():
    st = RULES.setup(2, {}, 6)
    hand0 = list(st["hands"]["0"])
    toss = ids(st, 0)[1]
    tossed = toss.split(":")[1]
    st = act(st, 0, toss)
    assert RULES.view(st, 1)["hand_counts"]["0"] == 5
    assert tossed not in str(RULES.view(st, 1)) and tossed in RULES.view(st, 0)["set_aside"]
    assert RULES.moment(st) == Moment(SIMULTANEOUS, frozenset({0, 1})) and RULES.timeout_action(st, 0) == "keep"
    st = act(st, 0, "keep")
    assert RULES.active_players(st) == {1}, "seat 0 has finished; seat 1 still chooses"
    assert RULES.moment(st) == Moment(SIMULTANEOUS, frozenset({1})), "still the simultaneous step, not a turn"
    assert st["hands"]["0"] == hand0 and st["discards"]["0"] == [], "nothing shown before everyone is done"
    assert RULES.view(st, None)["mulligan_done"] == {"0": True, "1": False}
    st = act(st, 1, "keep")
    assert st["discards"]["0"] == [tossed], "face up in the discard pile (R68)"
    assert len(st["hands"]["0"]) == 5 and tossed not in st["hands"]["0"]
    assert st["phase"] == "hero" and st["round"] == 1
    check_cards_conserved(st)


def test_R3_R26_round_one_starts_with_the_starting_side_and_no_outsider_phase():
    st = keep_all(RULES.setup(2, {"first_player": 1}, 6))
    assert st["phase"] == "hero" and RULES.active_players(st) == {1}
    assert all(i.startswith("activate:") for i in ids(st, 1))


# ------------------------------------------------------------------ the hero phase (R26-R33)

def duel(**kw):
    return hero_state({"sakoshi": (0, "D5"), "akhuti": (0, "B6"), "yami": (1, "H2"), "cotlic": (1, "L6")}, **kw)


def test_R26_R28_sides_alternate_and_the_phase_ends_when_no_hero_is_ready():
    st = duel()
    order = []
    while st["round"] == 2:
        seat = sorted(RULES.active_players(st))[0]
        hero = ids(st, seat)[0].split(":")[1]
        order.append(seat)
        st = act(st, seat, f"activate:{hero}")
        st = act(st, seat, "end")
    assert order == [0, 1, 0, 1]
    assert st["round"] == 3 and all(h["state"] == "ready" for h in st["heroes"].values())


def test_R27_when_the_other_side_has_no_ready_hero_the_same_side_goes_on():
    st = duel()
    st["heroes"]["yami"]["state"] = st["heroes"]["cotlic"]["state"] = "exhausted"
    st = act(st, 0, "activate:sakoshi")
    st = act(st, 0, "end")
    assert RULES.active_players(st) == {0} and ids(st, 0) == ["activate:akhuti"]


def test_R29_three_action_points_each_action_once():
    st = duel()
    fx.stack_deck(st, 0, ["ignite", "ambush"])
    st["heroes"]["yami"]["hex"] = "E4"        # within 3: Sakoshi may mark her (R52)
    st = activated(st, 0, "sakoshi")
    st = pass_all(act(st, 0, "move:C5"))
    assert not [i for i in ids(st, 0) if i.startswith("move:")], "a second Move is not allowed"
    assert "already" in refused(st, 0, "move:C6")
    st = pass_all(act(st, 0, "lead:deck"))
    devotion = next(i for i in ids(st, 0) if i.startswith("devotion:"))
    st = pass_all(act(st, 0, devotion))
    assert st["activation"] is None, "no action point left and no card to play: the activation ends"
    assert st["heroes"]["sakoshi"]["state"] == "exhausted"


def test_R31_T42_cards_cost_no_action_points_and_only_the_players_hero_pays_mana():
    st = duel(round_no=3)
    cards = [fx.give(st, 0, "ignite"), fx.give(st, 0, "crippling_mastery")]
    st["heroes"]["yami"]["hex"] = "F5"
    st = activated(st, 0, "sakoshi")
    for iid in cards:
        st = pass_all(act(st, 0, f"play:sakoshi:{iid}:yami"))
    assert st["activation"]["ap"] == 3
    assert ops.mana_left(st, "sakoshi") == 1 and ops.mana_left(st, "akhuti") == 3


def test_R30_R91_ending_exhausts_and_removes_one_token_of_each_status():
    st = duel()
    st["heroes"]["sakoshi"]["statuses"] = {"haste": 1, "mark": 2}
    st = act(activated(st, 0, "sakoshi"), 0, "end")
    assert st["heroes"]["sakoshi"]["state"] == "exhausted"
    assert st["heroes"]["sakoshi"]["statuses"] == {"mark": 1}


def test_R93_T38_a_status_gained_while_exhausted_lasts_through_the_next_activation():
    st = duel()
    for h in ("sakoshi", "akhuti", "cotlic"):
        st["heroes"][h]["state"] = "exhausted"
    st["heroes"]["sakoshi"]["statuses"] = {"slow": 1}      # gained in round 2 while exhausted
    st = act(activated(st, 1, "yami"), 1, "end")
    assert st["round"] == 3 and st["heroes"]["sakoshi"]["statuses"] == {"slow": 1}, "kept over the reset"
    st = activated(st, 0, "sakoshi")
    reach = {i for i in ids(st, 0) if i.startswith("move:")}
    assert reach and all(hexes.distance(hexes.load_map("two_lane"), "D5", i[5:]) <= 1 for i in reach), "Slow: 3 - 2"
    st = act(st, 0, "end")
    assert st["heroes"]["sakoshi"]["statuses"] == {}, "it goes when that activation ends"


def test_G19_an_activation_may_end_at_once_and_its_ap_are_lost():
    st = activated(duel(), 0, "sakoshi")
    st = act(st, 0, "end")
    assert st["heroes"]["sakoshi"]["state"] == "exhausted" and st["activation"] is None
    assert RULES.active_players(st) == {1}


def test_R9_bonuses_for_the_activation_end_with_it():
    st = duel()
    ops.add_bonus(st, "sakoshi", "armor", 2, "activation")
    ops.add_bonus(st, "sakoshi", "attack", 1, "round")
    st = act(activated(st, 0, "sakoshi"), 0, "end")
    assert st["bonuses"] == [{"hero": "sakoshi", "stat": "attack", "amount": 1, "until": "round"}]


def test_R33_an_alternative_action_takes_the_actions_slot():
    st = hero_state({"gulbjarn": (0, "F4"), "corjof": (0, "B6"), "yami": (1, "G3"), "cotlic": (1, "L6")})
    st["heroes"]["gulbjarn"]["statuses"] = {"shapeshift": 1}
    st = activated(st, 0, "gulbjarn")
    alts = [i for i in ids(st, 0) if i.startswith("alt:bear_fury:")]
    assert alts and any(i.startswith("skirmish:") for i in ids(st, 0))
    st = pass_all(act(st, 0, alts[0]))
    assert "skirmish" in st["activation"]["done"]
    assert not [i for i in ids(st, 0) if i.startswith(("skirmish:", "alt:"))]


# ------------------------------------------------------------------ lead (R47-R49)

def test_R47_R48_T5_lead_from_the_deck_is_seen_by_nobody_from_the_hand_by_its_owner():
    st = duel()
    card = fx.give(st, 0, "ignite")
    fx.stack_deck(st, 0, ["ambush"])
    st = activated(st, 0, "sakoshi")
    st = pass_all(act(st, 0, f"lead:{card}"))
    assert st["heroes"]["sakoshi"]["leads"] == [{"card": card, "from": "hand"}]
    assert [h for h in RULES.view(st, 0)["heroes"] if h["id"] == "sakoshi"][0]["leads"] == [{"from": "hand", "card": "ignite"}]
    for viewer in (1, None):
        assert [h for h in RULES.view(st, viewer)["heroes"] if h["id"] == "sakoshi"][0]["leads"] == \
            [{"from": "hand", "card": None}]
    st2 = activated(duel(), 0, "sakoshi")
    fx.stack_deck(st2, 0, ["ambush"])
    st2 = pass_all(act(st2, 0, "lead:deck"))
    for viewer in (0, 1, None):
        assert [h for h in RULES.view(st2, viewer)["heroes"] if h["id"] == "sakoshi"][0]["leads"] == \
            [{"from": "deck", "card": None}]
    assert "ambush" not in str(RULES.view(st2, 0)["cards"]), "the owner does not learn it either"


def test_R47_a_card_declared_as_a_lead_cannot_be_played_while_it_waits():
    st = duel()
    card = fx.give(st, 0, "ambush")
    st["heroes"]["yami"]["hex"] = "E5"
    st = activated(st, 0, "sakoshi")
    st = act(st, 0, f"lead:{card}")
    assert card in st["hands"]["0"], "still in the hand until the Lead resolves"
    yami_card = fx.give(st, 1, "ambush")
    st = act(st, 1, f"play:yami:{yami_card}:sakoshi")
    assert not [i for i in ids(st, 0) if card in i.split(":")]


# ------------------------------------------------------------------ defeat and respawn (R86-R88)

def test_R86_R88_T35_a_ready_hero_defeated_returns_next_round_and_cannot_act_meanwhile():
    st = duel()
    st["heroes"]["yami"]["hex"] = "E5"
    st["heroes"]["yami"]["hp"] = 1
    fx.stack_deck(st, 0, ["ignite"])
    st = activated(st, 0, "sakoshi")
    hand = len(st["hands"]["0"])
    st = pass_all(act(st, 0, "attack:yami"))
    y = st["heroes"]["yami"]
    assert y["state"] == "defeated" and y["hex"] is None and y["returns"] == 3
    assert len(st["hands"]["0"]) == hand + 1, "R67: the defeating player draws 1"
    st = act(st, 0, "end")
    assert ids(st, 1) == ["activate:cotlic"], "R88: a defeated hero cannot be activated"
    st = act(st, 1, "activate:cotlic")
    st = act(st, 1, "end")
    st = act(st, 0, "activate:akhuti")
    st = act(st, 0, "end")
    assert st["round"] == 3 and st["heroes"]["yami"]["state"] == "ready" and st["heroes"]["yami"]["hex"]
    assert st["heroes"]["yami"]["hp"] == data.hero("yami")["hp"], "R87: full HP"


def test_R86_R87_T34_an_exhausted_hero_defeated_in_round_2_returns_in_round_4():
    st = duel()
    st["heroes"]["yami"].update(hex="E5", hp=1, state="exhausted")
    fx.stack_deck(st, 0, ["ignite"])
    st = pass_all(act(activated(st, 0, "sakoshi"), 0, "attack:yami"))
    assert st["heroes"]["yami"]["returns"] == 4
    for _ in range(2):
        while st["round"] < 4 and RULES.active_players(st):
            seat = sorted(RULES.active_players(st))[0]
            st = act(st, seat, "end" if st["activation"] else ids(st, seat)[0])
    assert st["round"] == 4
    assert st["heroes"]["yami"]["state"] == "ready"


def test_R87_G23_the_starting_side_respawns_first_nearest_its_nexus():
    st = duel()
    st["first"], st["first_side"] = 1, 1
    for h, r in (("sakoshi", 3), ("yami", 3)):
        st["heroes"][h].update(hex=None, state="defeated", hp=0, returns=r)
    st["heroes"]["akhuti"]["state"] = st["heroes"]["cotlic"]["state"] = "exhausted"
    ev = fx.events(st)
    flow.minion_phase(st, ev)
    m = hexes.load_map("two_lane")
    assert st["round"] == 3
    for h, side in (("sakoshi", 0), ("yami", 1)):
        where = st["heroes"][h]["hex"]
        assert min(hexes.distance(m, where, n) for n in m.nexus[side]) == 1
    log = [e.public for e in ev.events if "returns" in str(e.public)]
    assert "Yami" in str(log[0]), "the starting side first"


# ------------------------------------------------------------------ the Outsider phase (R117-R119)

def test_R3_R117_R119_the_holder_places_then_spends_up_to_three_ap_each_once():
    st = duel()
    st["heroes"]["yami"]["hex"] = "F4"
    st["outsider"]["holder"] = 0
    ev = fx.events(st)
    flow.start_round(st, ev)
    assert st["phase"] == "outsider" and RULES.active_players(st) == {0}
    places = ids(st, 0)
    assert places and all(i.startswith("outsider:place:") for i in places)
    m = hexes.load_map("two_lane")
    for i in places:
        assert hexes.outsider_placement_ok(m, i.split(":")[2].split(","))
    spot = next(i for i in places if "G5" in i)
    st = act(st, 0, spot)
    st["outsider"]["statuses"] = {"slow": 2}
    verbs = {i.split(":")[1] for i in ids(st, 0) if i.startswith("outsider:")}
    assert {"skill", "end"} <= verbs
    st = pass_all(act(st, 0, "outsider:skill:skytear_pulse"))
    assert "outsider:skill:skytear_pulse" not in ids(st, 0)
    st = act(st, 0, "outsider:end")
    assert st["phase"] == "hero" and st["outsider"]["statuses"] == {"slow": 1}


def test_R3_no_outsider_phase_in_round_one_even_with_a_holder():
    st = duel(round_no=1)
    st["outsider"]["holder"] = 1
    flow.start_round(st, fx.events(st))
    assert st["phase"] == "hero"


# ------------------------------------------------------------------ reset (R121, R122)

def test_R121_T53_reset_discards_played_cards_draws_one_and_discards_down_to_seven():
    st = duel()
    played = fx.give(st, 0, "ignite")
    st["hands"]["0"].remove(played)
    st["heroes"]["sakoshi"]["played"] = [played]
    for d in ("ignite", "ambush", "life_steal", "ignite", "ambush", "life_steal", "ignite"):
        fx.give(st, 0, d)
    fx.stack_deck(st, 0, ["crippling_mastery", "ignite"])
    fx.stack_deck(st, 1, ["ignite"])
    for h in ("akhuti", "yami", "cotlic"):
        st["heroes"][h]["state"] = "exhausted"
    st = act(activated(st, 0, "sakoshi"), 0, "end")
    assert st["phase"] == "discard" and RULES.active_players(st) == {0}
    assert RULES.moment(st) == Moment(SIMULTANEOUS, frozenset({0})), "R121 step 3 is a simultaneous step"
    assert st["heroes"]["sakoshi"]["played"] == [] and played in st["discards"]["0"]
    assert len(st["hands"]["0"]) == 8
    assert ops.mana_left(st, "sakoshi") == 2, "mana refilled (the round has not advanced yet)"
    st = act(st, 0, ids(st, 0)[0])
    assert st["phase"] == "hero" and st["round"] == 3 and len(st["hands"]["0"]) == 7
    assert ops.mana_left(st, "sakoshi") == 3
    assert all(h["state"] == "ready" for h in st["heroes"].values())


def test_R122_T55_the_last_round_ends_in_the_tie_break_starting_player_wins_a_tie():
    st = duel(round_no=5)
    st["counters"]["defeats"] = [3, 2]
    st["counters"]["structure"] = [2, 4]
    for h in ("akhuti", "yami", "cotlic"):
        st["heroes"][h]["state"] = "exhausted"
    st = act(activated(st, 0, "sakoshi"), 0, "end")
    r = RULES.result(st)
    assert r is not None and r.winners == [0]
    assert flow.tie_break_points(st) == [1, 1]
    assert RULES.active_players(st) == set() and RULES.moment(st) == Moment(OVER)


def test_R143_R144_more_points_wins_the_tie_break():
    st = duel(round_no=5, first=0)
    st["counters"]["defeats"] = [1, 2]
    st["counters"]["structure"] = [0, 4]
    flow.tie_break(st, "end", fx.events(st))
    assert st["result"]["winners"] == [1]


def test_R143_only_the_five_named_victory_cards_count_tokens():
    st = duel()
    st["victory"] = ["tamer", "headhunter", "siege_breaker"]
    st["counters"]["dome_wins"] = [0, 2]
    st["counters"]["defeats"] = [2, 0]   # headhunter tokens: not counted; the defeats point: side 0
    assert flow.tie_break_points(st) == [1, 1]


def test_R4_R141_a_destroyed_nexus_wins_at_once():
    st = duel()
    st["nexus"][1]["hp"] = 0
    flow.check_victory(st, fx.events(st))
    assert st["result"]["winners"] == [0] and st["phase"] == "over"


def test_R4_G48_a_completed_victory_card_wins_after_the_effect_resolves():
    st = duel()
    st["victory"] = ["headhunter"]
    st["counters"]["defeats"] = [2, 0]
    st["heroes"]["yami"].update(hex="E5", hp=1)
    fx.stack_deck(st, 0, ["ignite"])
    st = act(activated(st, 0, "sakoshi"), 0, "attack:yami")
    assert RULES.result(st) is None
    st = act(st, 1, "pass")
    assert RULES.result(st).winners == [0]


def test_R142_T56_both_sides_completing_at_once_goes_to_the_tie_break():
    st = duel(first=1)
    st["victory"] = ["tamer"]
    st["counters"]["dome_wins"] = [3, 3]
    st["counters"]["defeats"] = [1, 0]
    flow.check_victory(st, fx.events(st))
    assert st["result"]["winners"] == [0], "the tie-break (defeats) decides, not the starting side"
    assert "Tie-break" in str(st["result"]["reason"]["msg"])


# ------------------------------------------------------------------ teams (R132-R134, G27)

def team_state():
    return hero_state({"sakoshi": (0, "D5"), "akhuti": (2, "B6"), "yami": (1, "H2"), "cotlic": (3, "L6")},
                      players=4)


def test_R132_R133_G27_any_player_of_the_team_activates_one_of_their_own_heroes():
    st = team_state()
    assert RULES.active_players(st) == {0, 2}
    assert RULES.moment(st) == Moment(SIMULTANEOUS, frozenset({0, 2})), "either player of the side may activate"
    assert ids(st, 0) == ["activate:sakoshi"] and ids(st, 2) == ["activate:akhuti"]
    st = act(st, 2, "activate:akhuti")
    assert RULES.active_players(st) == {2}
    assert RULES.moment(st) == Moment(TURN, frozenset({2}), 2), "the activating player's turn"
    st = act(st, 2, "end")
    assert RULES.active_players(st) == {1, 3}, "then the other team"


def test_R132_a_player_cannot_play_a_teammates_card():
    st = team_state()
    card = fx.give(st, 0, "ignite")
    st["heroes"]["akhuti"]["hex"] = "C5"
    st = act(st, 2, "activate:akhuti")
    assert not [i for i in ids(st, 2) if card in i]


# ------------------------------------------------------------------ lead cards in the minion phase (R49, G10)

def test_R49_G10_a_lead_card_counts_its_mana_cost_in_the_minion_phase_then_is_discarded():
    """Sakoshi leads Life Steal (2 runes) next to control token 1; in the minion phase it is revealed,
    adds 2 to her side's control value and goes to the discard pile."""
    st = duel()
    fx.beside_control_token(st, "sakoshi", "1")
    card = fx.give(st, 0, "life_steal")
    fx.stack_deck(st, 0, ["ignite", "ignite"])      # the reset draws from the deck, not the discards
    fx.stack_deck(st, 1, ["ignite", "ignite"])
    for h in ("akhuti", "yami", "cotlic"):
        st["heroes"][h]["state"] = "exhausted"
    st = activated(st, 0, "sakoshi")
    st = pass_all(act(st, 0, f"lead:{card}"))
    st = act(st, 0, "end")
    assert st["round"] == 3
    assert st["heroes"]["sakoshi"]["leads"] == [] and card in st["discards"]["0"]
    assert st["counters"]["lane_wins"][0] >= 1, "1 hero + 2 (the lead card's cost) beat the enemy minions"


def test_R5_minions_have_no_cap():
    st = duel()
    before = len(st["minions"])
    for _ in range(5):
        ops.spawn(st, 0, "1", 2, fx.events(st))
    assert len(st["minions"]) == before + 10


def test_R134_a_team_draw_goes_to_the_teammate_with_the_fewest_cards():
    st = team_state()
    fx.give(st, 0, "ignite")
    fx.stack_deck(st, 2, ["ambush"])
    assert ops.drawing_seat(st, 0) == 2


def test_R99_blood_ward_keeps_tlakalis_minions_from_the_minion_phase_damage():
    """The flow gives the minion phase Tlakali's skill: a friendly minion within 3 of her is not
    hit by the contest's damage."""
    def phase(with_tlakali: bool):
        heroes = {"sakoshi": (0, "G3"), "akhuti": (0, "G1"), "cotlic": (1, "L6")}
        if with_tlakali:
            heroes["tlakali"] = (1, "K4")
        st = hero_state(heroes)
        fx.minion(st, 1, "I2", lane=1)
        m = hexes.load_map("two_lane")
        assert st["control"]["1"] == "H2" and hexes.distance(m, "K4", "I2") <= 3
        for h in heroes:
            st["heroes"][h]["state"] = "exhausted"
        flow.minion_phase(st, fx.events(st))
        return st
    assert not any(mn["hex"] == "I2" and mn["side"] == 1 for mn in phase(False)["minions"])
    assert any(mn["hex"] == "I2" and mn["side"] == 1 for mn in phase(True)["minions"])
