"""Every scenario T01-T70 of the spec (section 9), one test each, named after its number."""
from __future__ import annotations

import re
from itertools import combinations, permutations

import pytest

from engine.base import IllegalAction
from engine.battleline import RULES
from engine.battleline.cards import TROOP_IDENTITY, TROOP_IDS
from engine.battleline.formations import (BATTALION, HOST, PHALANX, SKIRMISH, WEDGE, best_key, classify)
from engine.battleline.proof import check_claim, split_side, table_pool
from engine.text import from_json

from .helpers import A, B, begin_turn, build, ids


def key(*cards, fog=False):
    troops, wilds = split_side(list(cards))
    return best_key(troops, wilds, fog)


def claim_valid(state, seat, flag):
    return check_claim(state, seat, flag).valid


def play(state, seat, action):
    new, _ = RULES.apply(state, seat, action)
    return new


def troops_in_hand(state, seat):
    return [c for c in state["hands"][seat] if c in TROOP_IDENTITY]


# --------------------------------------------------------------------------- 9.1 source examples

def test_T01_wedge_any_order():
    """T01 [S17]: red5 red6 red7 in any order is a Wedge, sum 18 (R11, R20, R21)."""
    for order in permutations(["red5", "red6", "red7"]):
        assert key(*order) == (WEDGE, 18)
    state = build({1: (["red6", "red7", "red5"], [])})
    formation = RULES.view(state, None)["flags"][0]["sides"][0]["formation"]
    assert formation["type"] == "Wedge" and formation["sum"] == 18


def test_T02_phalanx():
    """T02 [S18]: red5 blue5 green5 is a Phalanx, sum 15 (R21)."""
    assert key("red5", "blue5", "green5") == (PHALANX, 15)


def test_T03_battalion_order():
    """T03 [S19]: blue2 blue7 blue4 is a Battalion Order, sum 13 (R21, R23)."""
    assert key("blue2", "blue7", "blue4") == (BATTALION, 13)


def test_T04_skirmish_line():
    """T04 [S20]: yellow4 red6 green5 is a Skirmish Line, sum 15 (R21)."""
    assert key("yellow4", "red6", "green5") == (SKIRMISH, 15)


def test_T05_host():
    """T05 [S21]: yellow5 blue5 green3 is a Host, sum 13 (R21)."""
    assert key("yellow5", "blue5", "green3") == (HOST, 13)


def test_T06_battalion_sum_decides_claim():
    """T06 [S24]: A's Battalion 13 beats B's Battalion 11 at F2: A's claim is valid and moves the
    marker; B's claim is rejected (R22b, R28, R29, R34)."""
    flags = {2: (["red4", "red6", "red3"], ["blue7", "blue1", "blue3"])}
    state = build(flags, {A: ["red1"], B: ["green1"]}, step="claim")
    new = play(state, A, "claim:2")
    assert new["flags"][1]["claimed_by"] == A
    assert RULES.view(new, None)["flags"][1]["claimed_by"] == A
    b_turn = build(flags, {A: ["red1"], B: ["green1"]}, current=B, step="claim")
    with pytest.raises(IllegalAction, match="beats your Battalion Order 11"):
        RULES.apply(b_turn, B, "claim:2")


def test_T07_two_colours_rule_out_wedge():
    """T07 [S29]: A red3 red4 red5 vs B red6 green6: valid, B's best is a Phalanx (R28, R30-R33)."""
    state = build({3: (["red3", "red4", "red5"], ["red6", "green6"])})
    check = check_claim(state, A, 3)
    assert check.valid and check.opponent_best.key == (PHALANX, 18)


def t08_state(**kw):
    flags = {4: (["red3", "red4", "red5"], ["blue8"]), 1: ([], ["blue7"]), 7: (["blue10"], [])}
    return build(flags, **kw)


def test_T08_face_up_cards_block_wedges():
    """T08 [S30]: blue7 and blue10 face up elsewhere make every blue Wedge with blue8 impossible (R31, R33)."""
    assert claim_valid(t08_state(), A, 4)


def test_T09_cards_in_hand_or_deck_do_not_help():
    """T09 [S31]: blue7 in B's hand and blue9 in the deck: blue7 blue8 blue9 is still possible -> rejected."""
    flags = {4: (["red3", "red4", "red5"], ["blue8"]), 7: (["blue10"], [])}
    state = build(flags, {B: ["blue7"]})
    assert "blue9" in state["troop_deck"]
    check = check_claim(state, A, 4)
    assert not check.valid
    assert sorted(check.witness) == ["blue7", "blue9"]
    assert "Blue 7 + Blue 9 would still beat you" in check.reason


def test_T10_claimants_own_hand_is_in_the_pool():
    """T10 [S31]: blue7 and blue9 in A's OWN hand: still rejected; U includes the claimant's hand (R31)."""
    flags = {4: (["red3", "red4", "red5"], ["blue8"]), 7: (["blue10"], [])}
    state = build(flags, {A: ["blue7", "blue9"]})
    assert not claim_valid(state, A, 4)


def test_T11_best_reply_is_a_tie():
    """T11 [S32]: A Wedge 27 vs B blue9 blue10 (blue8 unseen): B can at best tie and would complete
    later -> valid (R22c, R33)."""
    state = build({5: (["red8", "red9", "red10"], ["blue9", "blue10"])})
    check = check_claim(state, A, 5)
    assert check.valid and check.opponent_best.key == (WEDGE, 27)


def t12_state(current, step="claim"):
    flags = {6: (["red5", "blue6", "green7"], ["yellow5", "purple6", "orange7"])}
    times = {6: ([8, 9, 10], [9, 10, 11])}  # A completed on move 10, B on move 11
    return build(flags, {A: ["red1", "red7"], B: ["red2", "T-DESERTER"]}, times=times,
                 current=current, step=step)


def test_T12_tie_goes_to_the_first_to_complete():
    """T12 [S23][S32]: equal Skirmish Lines 18; B completed later so B's claim is rejected and A's is valid (R22c, R29)."""
    with pytest.raises(IllegalAction, match="you completed yours later"):
        RULES.apply(t12_state(B), B, "claim:6")
    new = play(t12_state(A), A, "claim:6")
    assert new["flags"][5]["claimed_by"] == A


def test_T13_unplayed_tactics_are_ignored():
    """T13 [S28]: B holding Alexander (Darius in the deck) does not stop A's T07 claim (R32)."""
    state = build({3: (["red3", "red4", "red5"], ["red6", "green6"])}, {B: ["T-ALEX"]},
                  tactics_deck=["T-DARIUS", "T-FOG"])
    assert claim_valid(state, A, 3)


def test_T14_discards_count_as_face_up():
    """T14 [S28][S49]: blue7 in the discard pile instead of at a flag: the T08 claim is valid (R31, R54)."""
    flags = {4: (["red3", "red4", "red5"], ["blue8"]), 7: (["blue10"], [])}
    state = build(flags, discard=[("blue7", B, "Deserter")])
    assert claim_valid(state, A, 4)


def test_T15_claimed_flags_are_frozen():
    """T15 [S33][S34]: after A claims F5, B cannot play there, nor aim Deserter, Traitor or
    Redeploy at it (R9, R34, R39)."""
    state = build({5: (["red8", "red9", "red10"], ["blue9", "blue10"])}, {A: ["red1"],
                  B: ["blue8", "T-DESERTER", "T-TRAITOR", "T-REDEPLOY", "green1"]},
                  claimed={5: A}, current=B)
    for action, message in [("play:blue8:5", "has been claimed"),
                            ("play:T-DESERTER:5:red9", "has been claimed"),
                            ("play:T-TRAITOR:5:red10:1", "has been claimed"),
                            ("play:T-REDEPLOY:5:blue9:1", "has been claimed")]:
        with pytest.raises(IllegalAction, match=message):
            RULES.apply(state, B, action)
        assert action not in ids(RULES.legal_actions(state, B))


def test_T16_tactics_limit():
    """T16 [S35]: A 1 : B 0 -> A may not play Fog; after B's Scout (1:1) A may play one (2:1), then is blocked (R40)."""
    state = build({}, {A: ["T-FOG", "T-MUD", "red1", "red2", "red3"],
                       B: ["T-SCOUT", "blue1", "blue2", "blue3"]}, tactics_played=[1, 0])
    with pytest.raises(IllegalAction, match="R40"):
        RULES.apply(state, A, "play:T-FOG:1")
    state = play(state, A, "play:red1:1")
    state = play(state, A, "draw:troop")
    assert state["current"] == B
    state = play(state, B, "play:T-SCOUT")
    for _ in range(3):
        state = play(state, B, "scout:draw:troop")
    for _ in range(2):
        state = play(state, B, f"scout:return:{troops_in_hand(state, B)[0]}")
    state = play(state, B, "draw:troop")
    assert state["tactics_played"] == [1, 1]
    state = play(state, A, "play:T-FOG:2")
    assert state["tactics_played"] == [2, 1]
    state = play(state, A, "draw:troop")
    state = play(state, B, f"play:{troops_in_hand(state, B)[0]}:9")
    state = play(state, B, "draw:troop")
    with pytest.raises(IllegalAction, match="R40"):
        RULES.apply(state, A, "play:T-MUD:3")
    assert not any(a.startswith("play:T-MUD") for a in ids(RULES.legal_actions(state, A)))


def test_T17_one_leader_per_player():
    """T17 [S38]: A used Alexander and holds Darius: Darius cannot be played (R43)."""
    state = build({1: (["T-ALEX"], [])}, {A: ["T-DARIUS", "red1"]}, tactics_played=[1, 1],
                  leader_used=[True, False])
    with pytest.raises(IllegalAction, match="already used a Leader"):
        RULES.apply(state, A, "play:T-DARIUS:2")
    assert not any("T-DARIUS" in a for a in ids(RULES.legal_actions(state, A)))


def test_T18_only_tactics_in_hand_may_pass_or_play():
    """T18 [S14][S15]: A holds only tactics cards: he may pass or play one; playing it, he draws
    normally; passing, he plays and draws nothing (R6, R12, R14)."""
    state = begin_turn(build({}, {A: ["T-FOG"], B: ["blue1"]}), A)
    actions = ids(RULES.legal_actions(state, A))
    assert "pass" in actions and "play:T-FOG:1" in actions
    played = play(state, A, "play:T-FOG:1")
    assert played["step"] == "draw" and played["current"] == A
    passed = play(state, A, "pass")
    assert passed["current"] == B and passed["hands"][A] == ["T-FOG"]


def full_sides(seat, flags=range(1, 10), skip=()):
    """Three troop cards on `seat`'s side of each flag, avoiding `skip`."""
    free = [c for c in TROOP_IDS if c not in skip]
    sides = {}
    for n in flags:
        sides[n] = [free.pop(0) for _ in range(3)]
    return sides


def test_T19_full_sides_cannot_play_troops():
    """T19 [S15]: all A's slots are full while he holds 4 troops and 3 tactics: he may pass or
    play a tactics card, but no troop card (R12, R14)."""
    hand = ["purple7", "purple8", "purple9", "purple10", "T-FOG", "T-SCOUT", "T-DESERTER"]
    sides = full_sides(A, skip=hand)
    state = begin_turn(build({n: (cards, []) for n, cards in sides.items()}, {A: hand}), A)
    actions = ids(RULES.legal_actions(state, A))
    assert "pass" in actions and "play:T-SCOUT" in actions and "play:T-FOG:1" in actions
    assert not any(a.startswith("play:purple") for a in actions)
    with pytest.raises(IllegalAction, match="already has three of your cards"):
        RULES.apply(state, A, "play:purple7:4")


def test_T20_no_pass_with_a_troop_play():
    """T20 [S50]: A holds a troop card and has an open slot: pass is rejected (R13)."""
    state = build({}, {A: ["red1", "T-FOG"]})
    assert "pass" not in ids(RULES.legal_actions(state, A))
    with pytest.raises(IllegalAction, match="must play a card"):
        RULES.apply(state, A, "pass")


def test_T21_draw_from_the_other_deck_or_skip():
    """T21 [S12]: troop deck empty, 2 tactics left -> A draws a tactics card automatically (D8);
    both empty -> the draw is skipped (R17)."""
    state = build({}, {A: ["red1", "red2"], B: ["blue1"]}, troop_deck=[], tactics_deck=["T-FOG", "T-MUD"])
    new, events = RULES.apply(state, A, "play:red1:1")
    assert "T-MUD" in new["hands"][A] and new["tactics_deck"] == ["T-FOG"]
    assert new["current"] == B and any(e.hidden for e in events)
    assert all("Mud" not in e.public for e in events)
    empty = build({}, {A: ["red1", "red2"], B: ["blue1"]}, troop_deck=[], tactics_deck=[])
    new = play(empty, A, "play:red1:1")
    assert new["hands"][A] == ["red2"] and new["current"] == B


def test_T22_win_stops_further_claims():
    """T22 [S50]: A holds F3, F4; claiming F5 wins at once, and a following F9 claim is not processed (R36, R55, R56)."""
    flags = {5: (["red8", "red9", "red10"], ["blue1"]), 9: (["green8", "green9", "green10"], [])}
    state = build(flags, {A: ["red1"], B: ["blue2"]}, claimed={3: A, 4: A}, step="claim")
    assert set(RULES.view(state, A)["provable"]) == {5, 9}
    new = play(state, A, "claim:5")
    assert RULES.result(new).winners == [A]
    assert new["flags"][8]["claimed_by"] is None
    assert RULES.active_players(new) == set()
    with pytest.raises(IllegalAction, match="over"):
        RULES.apply(new, A, "claim:9")


def test_T23_any_five_flags():
    """T23 [S50]: A holds F1 F3 F5 F7 and claims F9: he wins with any five (R55)."""
    state = build({9: (["red8", "red9", "red10"], [])}, {A: ["red1"]}, claimed={1: A, 3: A, 5: A, 7: A},
                  step="claim")
    new = play(state, A, "claim:9")
    result = RULES.result(new)
    assert result.winners == [A] and result.scores[A] == 5


def test_T24_four_scattered_flags_do_not_win():
    """T24 [S50]: F1 F2 F4 F6 (4 flags, at most 2 adjacent) is not a win (R55)."""
    state = build({6: (["red8", "red9", "red10"], [])}, {A: ["red1", "red2"], B: ["blue1"]},
                  claimed={1: A, 2: A, 4: A}, step="claim")
    new = play(state, A, "claim:6")
    assert RULES.result(new) is None and new["step"] == "draw"


def test_T25_series_scoring_and_next_first_player():
    """T25 [S51]: A wins game 1 while B holds 3 flags: A 5, B 3, and A starts game 2 (R57, R58)."""
    state = build({3: (["red8", "red9", "red10"], [])}, {A: ["red1"], B: ["blue1"]},
                  claimed={1: A, 2: A, 5: B, 7: B, 9: B}, step="claim", series_target=15, current=A)
    new, events = RULES.apply(state, A, "claim:3")
    assert new["points"] == [5, 3]
    assert new["game_no"] == 2 and new["current"] == A
    assert RULES.result(new) is None
    assert any(e.hidden for e in events)
    view = RULES.view(new, None)
    assert view["series"] == {"target": 15, "game_no": 2, "points": [5, 3]}
    assert view["decks"] == {"troop": 46, "tactics": 10}
    assert view["games"][0]["winners"] == [A]
    assert all(not s["cards"] for f in view["flags"] for s in f["sides"])


def test_T26_advanced_variant_claims_at_turn_start():
    """T26 [S52]: advanced variant: a Wedge completed in step a cannot be claimed that turn; at the
    start of A's next turn it can (R59)."""
    state = build({2: (["red3", "red4"], ["red6", "green6"])}, {A: ["red5", "red1"], B: ["blue1", "blue2"]},
                  variant="advanced")
    state = play(state, A, "play:red5:2")
    assert state["step"] == "draw"
    with pytest.raises(IllegalAction, match="R59"):
        RULES.apply(state, A, "claim:2")
    state = play(state, A, "draw:troop")
    state = play(state, B, "play:blue1:9")
    state = play(state, B, "draw:troop")
    assert state["current"] == A and state["step"] == "claim"
    assert "claim:2" in ids(RULES.legal_actions(state, A))
    state = play(state, A, "claim:2")
    assert state["flags"][1]["claimed_by"] == A and state["step"] == "play"


def test_T27_endclaim_variant_draws_before_claims():
    """T27 [S53]: end-claim variant: after the play the engine asks for the draw first, and the set
    of claimable flags is the same before and after the draw (R60, section 8 item 3)."""
    state = build({2: (["red3", "red4"], ["red6", "green6"])}, {A: ["red5", "red1"], B: ["blue1"]},
                  variant="endclaim")
    state = play(state, A, "play:red5:2")
    assert state["step"] == "draw"
    before = RULES.view(state, A)["provable"]
    with pytest.raises(IllegalAction, match="R60"):
        RULES.apply(state, A, "claim:2")
    state = play(state, A, "draw:troop")
    assert state["step"] == "claim" and RULES.view(state, A)["provable"] == before == [2]


def test_T28_three_players():
    """T28 [S54]: three players: no tactics deck, draws come from the troop deck, and a fourth
    flag wins (R61, R62, D16)."""
    fresh = RULES.setup(3, {}, 7)
    view = RULES.view(fresh, None)
    assert view["decks"] == {"troop": 39, "tactics": 0}
    assert [c["troop"] for c in view["hand_counts"]] == [7, 7, 7]
    seat = fresh["current"]
    open_flag = next(f["n"] for f in fresh["flags"] if seat in f["seats"])
    card = fresh["hands"][seat][0]
    new = play(fresh, seat, f"play:{card}:{open_flag}")
    assert len(new["hands"][seat]) == 7 and len(new["troop_deck"]) == 38  # automatic troop draw
    # seat 0 holds flags 1, 2 (line AB) and 7 (line CA); flag 8 (CA: seats 2, 0) makes four
    state = build({8: ([], ["red8", "red9", "red10"])}, {0: ["red1"], 1: ["blue1"], 2: ["green1"]},
                  players=3, claimed={1: 0, 2: 0, 7: 0}, step="claim", current=0)
    new = play(state, 0, "claim:8")
    assert RULES.result(new).winners == [0]


# --------------------------------------------------------------------------- 9.2 derived scenarios

def test_T29_wedge_beats_phalanx():
    """T29: Wedge yellow1-3 (6) beats Phalanx of 10s (30) (R21, R22a)."""
    assert key("yellow1", "yellow2", "yellow3") > key("red10", "blue10", "green10")


def test_T30_phalanx_beats_battalion():
    """T30: Phalanx of 2s beats Battalion purple10 9 7 (R22a)."""
    assert key("red2", "blue2", "green2") > key("purple10", "purple9", "purple7")


def test_T31_battalion_beats_skirmish():
    """T31: Battalion blue1 blue2 blue4 (7) beats Skirmish 8-9-10 (27) (R22a)."""
    assert key("blue1", "blue2", "blue4") > key("red8", "green9", "yellow10")


def test_T32_skirmish_beats_host():
    """T32: Skirmish red1 green2 blue3 beats Host 29 (R22a)."""
    assert key("red1", "green2", "blue3") > key("red10", "green10", "blue9")


def test_T33_equal_types_compare_sums():
    """T33: Skirmish 15 loses to Skirmish 24 (R22b)."""
    assert key("yellow4", "red6", "green5") < key("blue7", "red8", "green9")
    assert key("blue7", "red8", "green9") == (SKIRMISH, 24)


def test_T34_no_wrap_around():
    """T34: red9 red10 red1 is a Battalion Order 20, not a Wedge (R23)."""
    assert key("red9", "red10", "red1") == (BATTALION, 20)


def test_T35_three_card_counts():
    """T35: all 34,220 three-card sets classify as 48 / 200 / 672 / 1,680 / 31,620 (R21, R24)."""
    counts = {r: 0 for r in (WEDGE, PHALANX, BATTALION, SKIRMISH, HOST)}
    for combo in combinations(TROOP_IDENTITY.values(), 3):
        counts[classify(combo)[0]] += 1
    assert counts == {WEDGE: 48, PHALANX: 200, BATTALION: 672, SKIRMISH: 1680, HOST: 31620}


def test_T36_leader_completes_wedge():
    """T36: Leader + red9 + red10 -> Wedge 27 (R42, R26)."""
    assert key("T-ALEX", "red9", "red10") == (WEDGE, 27)


def test_T37_leader_completes_phalanx():
    """T37: Leader + red10 + blue10 -> Phalanx 30 (R42)."""
    assert key("T-DARIUS", "red10", "blue10") == (PHALANX, 30)


def test_T38_type_before_sum():
    """T38: Leader + red9 + blue10 -> Skirmish Line 27, better than a Host 29 (R42, R22a)."""
    assert key("T-ALEX", "red9", "blue10") == (SKIRMISH, 27)


def test_T39_companion_cavalry():
    """T39: CC + red7 + red9 -> Wedge 24 (R44)."""
    assert key("T-CC", "red7", "red9") == (WEDGE, 24)


def test_T40_shield_bearers():
    """T40: SB + green4 + green5 -> Wedge 12 (R45)."""
    assert key("T-SB", "green4", "green5") == (WEDGE, 12)


def test_T41_three_wilds():
    """T41: SB + CC + Leader -> Battalion Order 21 (R42, R44, R45)."""
    assert key("T-SB", "T-CC", "T-ALEX") == (BATTALION, 21)


def test_T42_leader_phalanx_of_fives():
    """T42: Leader + red5 + blue5 -> Phalanx 15 (R42)."""
    assert key("T-ALEX", "red5", "blue5") == (PHALANX, 15)


def test_T43_wild_on_the_opponent_side():
    """T43: B red6 + Leader with red7/red8 unseen: Leader as red8 makes a Wedge 21 -> rejected (R32, D3)."""
    state = build({3: (["red3", "red4", "red5"], ["red6", "T-ALEX"])})
    check = check_claim(state, A, 3)
    assert not check.valid and check.opponent_best.key == (WEDGE, 21)


def test_T44_wild_blocked_by_face_up_cards():
    """T44: as T43 with red7 and red8 face up elsewhere: valid, B's best is a Phalanx of 6s (R31, R32)."""
    state = build({3: (["red3", "red4", "red5"], ["red6", "T-ALEX"]), 8: (["red7"], ["red8"])})
    check = check_claim(state, A, 3)
    assert check.valid and check.opponent_best.key == (PHALANX, 18)


def test_T45_shield_bearers_too_small():
    """T45: B SB + blue2: best Wedge 9 < 12 -> valid (R33, R45)."""
    state = build({3: (["red3", "red4", "red5"], ["T-SB", "blue2"])})
    check = check_claim(state, A, 3)
    assert check.valid and check.opponent_best.key == (WEDGE, 9)


def test_T46_lone_companion_cavalry():
    """T46: B CC alone: CC as red8 + red9 + red10 = Wedge 27 -> rejected (R32, R44)."""
    state = build({3: (["red3", "red4", "red5"], ["T-CC"])})
    check = check_claim(state, A, 3)
    assert not check.valid and check.opponent_best.key == (WEDGE, 27)


def test_T47_cc_can_only_tie():
    """T47: A yellow 8-9-10 vs B CC + blue9: best 27, a tie -> valid (R33)."""
    state = build({3: (["yellow8", "yellow9", "yellow10"], ["T-CC", "blue9"])})
    assert claim_valid(state, A, 3)


def test_T48_claimant_wild():
    """T48: A Leader + red9 + red10 (Wedge 27) vs B green8 green9: a tie at best -> valid (R26, R33)."""
    state = build({3: (["T-ALEX", "red9", "red10"], ["green8", "green9"])})
    assert claim_valid(state, A, 3)


def test_T49_phalanx_vs_possible_wedge():
    """T49: A Phalanx 27 vs B yellow10: yellow8 9 10 possible -> rejected (R22a, R33)."""
    state = build({3: (["red9", "blue9", "green9"], ["yellow10"])})
    assert not claim_valid(state, A, 3)


def test_T50_phalanx_of_tens():
    """T50: A Phalanx 27 vs B yellow10 orange10: rejected (red10 -> Phalanx 30); valid once red10,
    blue10, green10 and purple10 are all face up (B's best is a Host 29) (R31, R33)."""
    state = build({3: (["red9", "blue9", "green9"], ["yellow10", "orange10"])})
    assert not claim_valid(state, A, 3)
    state = build({3: (["red9", "blue9", "green9"], ["yellow10", "orange10"]),
                   1: (["red10", "blue10"], ["green10", "purple10"])})
    check = check_claim(state, A, 3)
    assert check.valid and check.opponent_best.key == (HOST, 29)


def test_T51_skirmish_vs_lower_skirmish():
    """T51: A Skirmish 27 vs B yellow7 orange8: best Skirmish 24 -> valid (R33)."""
    state = build({3: (["red8", "blue9", "green10"], ["yellow7", "orange8"])})
    check = check_claim(state, A, 3)
    assert check.valid and check.opponent_best.key == (SKIRMISH, 24)


def test_T52_fog_sum_only_valid():
    """T52: Fog at F7: A 30 vs B red9 red8: best sum 27 -> valid (R25, R47)."""
    state = build({7: (["blue10", "green10", "yellow10"], ["red9", "red8"])}, env={7: [("T-FOG", B)]})
    assert claim_valid(state, A, 7)


def test_T53_fog_ignores_the_wedge():
    """T53: Fog at F7: A's Wedge counts as sum 27; B blue10 green10 + blue9 = 29 -> rejected (R25, R47)."""
    state = build({7: (["red8", "red9", "red10"], ["blue10", "green10"]),
                   1: (["yellow10", "orange10"], ["purple10"])}, env={7: [("T-FOG", A)]})
    check = check_claim(state, A, 7)
    assert not check.valid and check.opponent_best.key == (0, 29)


def test_T54_fog_both_complete():
    """T54: Fog at F7, A 12 vs B 21: B wins F7 and may claim it on his turn (R47, R29)."""
    flags = {7: (["red3", "red4", "red5"], ["blue10", "green10", "yellow1"])}
    state = build(flags, env={7: [("T-FOG", B)]}, current=B, step="claim")
    assert not claim_valid(state, A, 7)
    new = play(state, B, "claim:7")
    assert new["flags"][6]["claimed_by"] == B


def test_T55_mud_needs_four_cards():
    """T55: Mud at F8: A's three cards cannot claim; A may play a fourth (R8, R28, R48)."""
    state = build({8: (["red3", "red4", "red5"], [])}, {A: ["red6"]}, env={8: [("T-MUD", B)]})
    check = check_claim(state, A, 8)
    assert not check.valid and "four cards" in check.reason
    assert "play:red6:8" in ids(RULES.legal_actions(state, A))
    new = play(state, A, "play:red6:8")
    assert len(new["flags"][7]["sides"][0]["cards"]) == 4


def test_T56_four_card_wedge_proof():
    """T56: Mud at F8: A red3-6 vs B red7: rejected (red7-10 possible); with red8 face up elsewhere
    valid (B's best is a four-card Phalanx of 7s, 28) (R48, D4)."""
    flags = {8: (["red3", "red4", "red5", "red6"], ["red7"])}
    state = build(flags, env={8: [("T-MUD", A)]})
    assert not claim_valid(state, A, 8)
    state = build({**flags, 1: (["red8"], [])}, env={8: [("T-MUD", A)]})
    check = check_claim(state, A, 8)
    assert check.valid and check.opponent_best.key == (PHALANX, 28)


def test_T57_mud_makes_complete_sides_incomplete():
    """T57: B plays Mud at F2 where both sides have 3 cards: both become incomplete; each completes
    when its 4th card arrives (R48, D6)."""
    state = build({2: (["red1", "red2", "red3"], ["blue7", "blue8", "blue9"])},
                  {A: ["red4", "green1"], B: ["T-MUD", "blue10", "green2"]}, current=B)
    state = play(state, B, "play:T-MUD:2")
    state = play(state, B, "draw:troop")
    view = RULES.view(state, None)
    assert [s["formation"] for s in view["flags"][1]["sides"]] == [None, None]
    assert [s["completed_at"] for s in view["flags"][1]["sides"]] == [None, None]
    assert not claim_valid(state, A, 2) and not claim_valid(state, B, 2)
    state = play(state, A, "play:red4:2")
    a_done = state["move_no"]
    state = play(state, A, "draw:troop")
    state = play(state, B, "play:blue10:2")
    sides = RULES.view(state, None)["flags"][1]["sides"]
    assert sides[0]["completed_at"] == a_done < sides[1]["completed_at"]
    assert sides[0]["formation"] == {"type": "Wedge", "sum": 10, "fog": False}


def test_T58_traitor_takes_a_troop():
    """T58: A's Traitor takes B's red9 from F2 to A's F6 making red8 red9 red10 (R53)."""
    state = build({2: ([], ["red9", "blue1"]), 6: (["red8", "red10"], [])}, {A: ["T-TRAITOR", "green1"]})
    new = play(state, A, "play:T-TRAITOR:2:red9:6")
    assert new["flags"][5]["sides"][0]["cards"] == ["red8", "red10", "red9"]
    assert new["flags"][1]["sides"][1]["cards"] == ["blue1"]
    assert RULES.view(new, None)["flags"][5]["sides"][0]["formation"]["type"] == "Wedge"
    assert {"card": "T-TRAITOR", "owner": A, "cause": "used"} in new["discard"]


def test_T59_traitor_rejects_tactics_and_claimed_flags():
    """T59: Traitor on B's Leader, or on any card at a claimed flag, is rejected (R53, R39)."""
    state = build({2: ([], ["T-ALEX", "blue1"]), 3: (["red1", "red2", "red3"], ["blue5"])},
                  {A: ["T-TRAITOR", "green1"]}, claimed={3: A})
    with pytest.raises(IllegalAction, match="only a troop card"):
        RULES.apply(state, A, "play:T-TRAITOR:2:T-ALEX:4")
    with pytest.raises(IllegalAction, match="has been claimed"):
        RULES.apply(state, A, "play:T-TRAITOR:3:blue5:4")


def test_T60_traitor_needs_a_destination():
    """T60: every A side at unclaimed flags is full: Traitor is rejected (D10)."""
    sides = full_sides(A, skip=["purple10"])
    flags = {n: (cards, ["purple10"] if n == 9 else []) for n, cards in sides.items()}
    state = build(flags, {A: ["T-TRAITOR"]})
    with pytest.raises(IllegalAction, match="already has three of your cards"):
        RULES.apply(state, A, "play:T-TRAITOR:9:purple10:9")
    assert not any("T-TRAITOR" in a for a in ids(RULES.legal_actions(state, A)))


def test_T61_deserter_on_mud():
    """T61: A's Deserter discards B's Mud at F8: 3-card formations again; sides with 4 cards
    discard one each, per D5 (R52)."""
    flags = {8: (["red1", "red2", "red3", "red4"], ["blue1", "blue2", "blue3", "blue4"])}
    state = build(flags, {A: ["T-DESERTER", "green1"], B: ["green2"]}, env={8: [("T-MUD", B)]})
    state = play(state, A, "play:T-DESERTER:8:T-MUD")
    assert state["flags"][7]["env"] == [] and state["step"] == "mud_discard"
    assert RULES.active_players(state) == {A}
    assert {"card": "T-MUD", "owner": B, "cause": "Deserter"} in state["discard"]
    with pytest.raises(IllegalAction):
        RULES.apply(state, B, "muddiscard:blue1")
    state = play(state, A, "muddiscard:red4")
    assert RULES.active_players(state) == {B}
    state = play(state, B, "muddiscard:blue1")
    assert state["step"] == "draw" and state["current"] == A
    view = RULES.view(state, None)["flags"][7]
    assert view["limit"] == 3
    assert [s["formation"]["type"] for s in view["sides"]] == ["Wedge", "Wedge"]
    assert {"card": "red4", "owner": A, "cause": "Mud removed"} in state["discard"]


def test_T62_redeploy():
    """T62: Redeploy A's Leader F1 -> F4 is legal, "to" F1 is rejected; discarding red2 from F7
    puts it face up and out of U (R51, R31)."""
    state = build({1: (["T-ALEX"], []), 7: (["red2"], [])}, {A: ["T-REDEPLOY", "green1"]},
                  tactics_played=[1, 1], leader_used=[True, False])
    moved = play(state, A, "play:T-REDEPLOY:1:T-ALEX:4")
    assert moved["flags"][3]["sides"][0]["cards"] == ["T-ALEX"] and moved["flags"][0]["sides"][0]["cards"] == []
    with pytest.raises(IllegalAction, match="another flag"):
        RULES.apply(state, A, "play:T-REDEPLOY:1:T-ALEX:1")
    discarded = play(state, A, "play:T-REDEPLOY:7:red2:discard")
    assert {"card": "red2", "owner": A, "cause": "Redeploy"} in discarded["discard"]
    assert TROOP_IDENTITY["red2"] not in table_pool(discarded).ids
    assert TROOP_IDENTITY["red2"] not in table_pool(state).ids  # face up at F7 before, too


def test_T63_scout_hand_sizes():
    """T63: Scout: 7 -> 6 -> draws troop, troop, tactics (9) -> returns one of each on top of its
    deck (7) -> draws in step c (8) (R50, R19, D11)."""
    hand = ["T-SCOUT", "red1", "red2", "red3", "red4", "red5", "red6"]
    state = build({}, {A: hand, B: ["blue1"]})
    state = play(state, A, "play:T-SCOUT")
    assert len(state["hands"][A]) == 6 and state["step"] == "scout_draw"
    state = play(state, A, "scout:draw:troop")
    state = play(state, A, "scout:draw:troop")
    new, events = RULES.apply(state, A, "scout:draw:tactics")
    state = new
    assert len(state["hands"][A]) == 9 and state["step"] == "scout_return"
    assert all(e.hidden for e in events)
    tactic = next(c for c in state["hands"][A] if c.startswith("T-"))
    state = play(state, A, "scout:return:red1")
    state = play(state, A, f"scout:return:{tactic}")
    assert len(state["hands"][A]) == 7
    assert state["troop_deck"][-1] == "red1" and state["tactics_deck"][-1] == tactic
    assert state["step"] == "draw"
    state = play(state, A, "draw:troop")
    assert len(state["hands"][A]) == 8 and "red1" in state["hands"][A]


def test_T64_completion_order_after_removal():
    """T64: from T12, B's Deserter removes A's green7; A's red7 re-completes later than B, so the
    tie now goes to B (R22c, D6)."""
    state = t12_state(A, step="claim")
    state = play(state, A, "done")
    state = play(state, A, "draw:troop")
    state = play(state, B, "play:T-DESERTER:6:green7")
    # B could already claim (A's best reply is a tie A would complete later); he declines for now
    assert state["step"] == "claim" and RULES.view(state, B)["provable"] == [6]
    state = play(state, B, "done")
    state = play(state, B, "draw:troop")
    state = play(state, A, "play:red7:6")
    assert key(*state["flags"][5]["sides"][0]["cards"]) == (SKIRMISH, 18)
    assert not claim_valid(state, A, 6)
    assert claim_valid(state, B, 6)


def test_T65_discarded_leader_still_counts():
    """T65: A's Leader discarded by Deserter: A's tactics count stays, the other Leader stays locked (R40, R43, D9)."""
    state = build({1: (["T-ALEX"], [])}, {A: ["T-DARIUS", "red1"], B: ["T-DESERTER", "blue1"]},
                  current=B, tactics_played=[1, 0], leader_used=[True, False])
    state = play(state, B, "play:T-DESERTER:1:T-ALEX")
    state = play(state, B, "draw:troop")
    assert state["tactics_played"] == [1, 1] and state["leader_used"][A]
    with pytest.raises(IllegalAction, match="already used a Leader"):
        RULES.apply(state, A, "play:T-DARIUS:1")


def test_T66_too_few_cards_left():
    """T66: U holds 1 card and B needs 2 at F9: A's Host 6 claim is valid (R33)."""
    a_hand = ["purple10"]
    f9 = (["red1", "blue1", "green4"], ["yellow9"])
    rest = [c for c in TROOP_IDS if c not in a_hand + f9[0] + f9[1]]
    flags = {9: f9}
    for n in range(1, 9):
        flags[n] = (rest[:3], rest[3:6])
        rest = rest[6:]
    state = build(flags, {A: a_hand, B: ["T-ALEX"]}, discard=[(c, B, "Deserter") for c in rest],
                  troop_deck=[], tactics_deck=[], leader_used=[False, True])
    assert len(table_pool(state)) == 1
    check = check_claim(state, A, 9)
    assert check.valid and "only 1 troop card" in check.reason


def t67_position(claim_on_pass: bool) -> dict:
    """T67's position: A has no open slot and no playable tactics; B is about to draw, having
    completed a weaker F2 than A's."""
    free = [c for c in TROOP_IDS if not c.startswith("purple") and c not in ("red10", "red9", "red8")]
    flags = {2: (["red8", "red9", "red10"], ["purple1", "purple3", "purple7"])}
    for n in (1, 3, 4, 5, 6, 7, 8, 9):
        # weak hosts B could still beat, so only F2 is provable
        flags[n] = ([free.pop(0), free.pop(10), free.pop(20)], [])
    return build(flags, {A: ["purple10"], B: ["purple9"]}, current=B, step="draw", claim_on_pass=claim_on_pass)


def test_T67_passing_player_may_claim():
    """T67 (D7, the house option claim_on_pass): A passes automatically, may still claim F2, and
    draws nothing."""
    state = play(t67_position(claim_on_pass=True), B, "draw:troop")
    assert state["current"] == A and state["step"] == "claim"
    assert ids(RULES.legal_actions(state, A)) == ["claim:2", "done"]
    hand_before = list(state["hands"][A])
    state = play(state, A, "claim:2")
    assert state["current"] == B and state["hands"][A] == hand_before


def test_T67_by_the_seed_a_pass_claims_nothing():
    """T67 without the house option, R6 [S14] 「如果有玩家无法打出任何部队牌,他可以选择略过(不做任何动作,
    直接由对方行动)」: a pass is no action at all, so A claims nothing (F2 stays open though
    provable) and draws nothing; the turn goes straight back to B."""
    state = play(t67_position(claim_on_pass=False), B, "draw:troop")
    assert state["current"] == B and state["step"] == "play"
    assert state["flags"][1]["claimed_by"] is None and state["hands"][A] == ["purple10"]
    assert from_json(state["log"][-1]) == "Player 1 cannot play a card and passes."


def test_T68_dead_position_stalemate():
    """T68 (D14): nobody can play and nobody can prove a claim: after a full cycle of passes the
    game ends as a stalemate, complete sides taking their flags."""
    free = [c for c in TROOP_IDS if c not in ("purple10", "purple9")]
    flags = {}
    for n in range(1, 10):
        a = [free.pop(0), free.pop(9), free.pop(18)]
        flags[n] = (a, [free.pop(0)] if n <= 2 else [])
    state = build(flags, {A: ["purple10"], B: []}, troop_deck=[], tactics_deck=[], current=A)
    assert not RULES.view(state, A)["provable"]
    state = begin_turn(state, A)
    result = RULES.result(state)
    assert result is not None and "D14" in result.reason
    assert result.winners == [A] and result.scores == {A: 9, B: 0}
    assert all(f["awarded"] for f in state["flags"])


def test_T69_failed_claim_has_no_penalty():
    """T69: claims of F2, F3, F4 in one step: F3 fails the proof, F2 and F4 are still judged (R27, D13)."""
    flags = {2: (["red8", "red9", "red10"], ["blue1"]), 3: (["red1", "blue3", "green5"], ["blue8"]),
             4: (["green8", "green9", "green10"], [])}
    state = build(flags, {A: ["red2"], B: ["blue2"]}, step="claim")
    state = play(state, A, "claim:2")
    with pytest.raises(IllegalAction, match="would still beat you"):
        RULES.apply(state, A, "claim:3")
    assert state["step"] == "claim"
    state = play(state, A, "claim:4")
    assert state["flags"][1]["claimed_by"] == A and state["flags"][3]["claimed_by"] == A
    assert state["flags"][2]["claimed_by"] is None


def test_T70_claimed_flag_cards_stay_face_up():
    """T70: red7 on B's losing side of claimed F1 is not in U for later proofs (R31)."""
    state = build({1: (["red8", "red9", "red10"], ["red7"])}, claimed={1: A})
    assert TROOP_IDENTITY["red7"] not in table_pool(state).ids
    assert len(table_pool(state)) == 56


def test_every_scenario_has_a_test():
    """Meta: T01-T70 each appear in a test name of this module."""
    names = " ".join(n for n in globals() if n.startswith("test_T"))
    found = {int(m) for m in re.findall(r"test_T(\d\d)_", names)}
    assert found == set(range(1, 71))
