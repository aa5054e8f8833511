"""One focused test per Battle Line rule not cited elsewhere (R1, R3-R5, R7, R15, R16, R18, R35, R37,
R38, R41, R46, R49), through the public engine contract."""
from __future__ import annotations

import pytest

from engine.base import IllegalAction
from engine.battleline import RULES
from engine.battleline.cards import ENVIRONMENT, GUILE, LEADERS, MORALE, TACTICS, TACTIC_IDS

from .helpers import A, B, begin_turn, build, ids


def play(state, seat, action):
    new, _ = RULES.apply(state, seat, action)
    return new


def finish_turn(state, seat):
    """Play the first troop card offered, skip claims, draw from the troop deck."""
    troop = next(a for a in ids(RULES.legal_actions(state, seat)) if a.startswith("play:") and "T-" not in a)
    state = play(state, seat, troop)
    if state["step"] == "claim" and state["current"] == seat:
        state = play(state, seat, "done")
    if state["step"] == "draw" and state["current"] == seat:
        state = play(state, seat, "draw:troop")
    return state


def test_R1_turns_alternate_from_the_first_player():
    """R1: players take turns alternately, starting with the first player."""
    state = RULES.setup(2, {"first_player": B}, 3)
    assert state["current"] == B and RULES.active_players(state) == {B}
    with pytest.raises(IllegalAction, match="not your turn"):
        RULES.apply(state, A, ids(RULES.legal_actions(state, B))[0])
    seen = []
    for _ in range(4):
        seat = state["current"]
        seen.append(seat)
        state = finish_turn(state, seat)
    assert seen == [B, A, B, A] and state["current"] == B


def test_R3_exactly_one_card_in_step_a():
    """R3: step (a): the player plays exactly one card from his hand."""
    state = build({}, {A: ["red1", "red2", "red3"], B: ["blue1"]})
    state = play(state, A, "play:red1:1")
    assert state["hands"][A] == ["red2", "red3"] and state["flags"][0]["sides"][0]["cards"] == ["red1"]
    assert state["step"] == "draw" and state["current"] == A
    with pytest.raises(IllegalAction, match="You cannot do that now"):
        RULES.apply(state, A, "play:red2:2")
    assert not any(a.startswith("play:") for a in ids(RULES.legal_actions(state, A)))


def test_R4_claim_step_is_optional_and_may_claim_several():
    """R4: step (b) is optional: one flag, several flags, or none."""
    flags = {2: (["red8", "red9", "red10"], ["blue1", "blue2", "blue4"]),
             7: (["green8", "green9", "green10"], ["yellow1", "yellow2", "yellow4"])}
    state = build(flags, {A: ["red1"], B: ["blue9"]}, step="claim")
    assert ids(RULES.legal_actions(state, A)) == ["claim:2", "claim:7", "done"]
    none = play(state, A, "done")
    assert [f["claimed_by"] for f in none["flags"]] == [None] * 9 and none["step"] == "draw"
    both = play(play(state, A, "claim:2"), A, "claim:7")
    assert both["flags"][1]["claimed_by"] == A and both["flags"][6]["claimed_by"] == A
    assert both["step"] == "draw" and both["current"] == A


def test_R5_step_c_draws_one_card_then_the_turn_passes():
    """R5: step (c): the player draws one card, from the troop deck or from the tactics deck."""
    state = build({}, {A: ["red1", "red2"], B: ["blue1"]}, troop_deck=["red5", "red6"],
                  tactics_deck=["T-FOG", "T-MUD"])
    state = play(state, A, "play:red1:1")
    assert ids(RULES.legal_actions(state, A)) == ["draw:troop", "draw:tactics"]
    drawn = play(state, A, "draw:tactics")
    assert sorted(drawn["hands"][A]) == ["T-MUD", "red2"]
    assert drawn["troop_deck"] == ["red5", "red6"] and drawn["tactics_deck"] == ["T-FOG"]
    assert drawn["current"] == B


def test_R7_troop_card_face_up_on_own_side_of_chosen_flag():
    """R7: a troop card is placed face up on the player's own side, at one flag of his choice."""
    state = build({}, {A: ["red7", "red1"], B: ["blue1"]})
    state = play(state, A, "play:red7:5")
    public = RULES.view(state, None)["flags"]
    assert [c["id"] for c in public[4]["sides"][0]["cards"]] == ["red7"]
    assert public[4]["sides"][0]["seat"] == A and public[4]["sides"][1]["cards"] == []
    assert all(not s["cards"] for f in public if f["n"] != 5 for s in f["sides"])
    # B's view sees the card too (face up), but not A's hand
    assert [c["id"] for c in RULES.view(state, B)["flags"][4]["sides"][0]["cards"]] == ["red7"]


def test_R15_opponent_of_a_stuck_player_keeps_taking_turns():
    """R15 [S15] 「而对方仍然可以正常行动,直至游戏分出胜负」: the opponent of a player who cannot play
    keeps taking normal turns. A holds only a Leader he may not play (R43): his only move is the
    pass (he is asked, R14), every turn."""
    state = build({}, {A: ["T-DARIUS"], B: ["blue1", "blue2", "blue3"]}, leader_used=[True, False],
                  tactics_played=[1, 1])
    state = begin_turn(state, A)
    for expected_hand in (3, 3):
        assert ids(RULES.legal_actions(state, A)) == ["pass"]
        state = play(state, A, "pass")
        assert state["current"] == B and state["step"] == "play"
        assert len(state["hands"][B]) == expected_hand
        state = finish_turn(state, B)  # B plays and draws normally
    assert state["current"] == A and state["hands"][A] == ["T-DARIUS"]
    assert sum(len(f["sides"][1]["cards"]) for f in state["flags"]) == 2


def test_R16_draw_takes_the_top_card_of_the_chosen_deck():
    """R16: the player chooses the deck and takes its top card into his hand."""
    state = build({}, {A: ["red1", "red2"], B: ["blue1"]}, troop_deck=["green3", "green4", "green5"],
                  tactics_deck=["T-FOG", "T-SCOUT"])
    state = play(state, A, "play:red1:1")
    by_troop = play(state, A, "draw:troop")
    assert "green5" in by_troop["hands"][A] and by_troop["troop_deck"] == ["green3", "green4"]
    by_tactics = play(state, A, "draw:tactics")
    assert "T-SCOUT" in by_tactics["hands"][A] and by_tactics["tactics_deck"] == ["T-FOG"]


def test_R18_decks_are_never_refilled_and_discards_stay_out():
    """R18: no reshuffle: decks are never refilled and discards stay out of play."""
    flags = {3: (["red1"], ["blue7"])}
    state = build(flags, {A: ["T-DESERTER", "red2"], B: ["blue1"]}, troop_deck=[], tactics_deck=[])
    state = play(state, A, "play:T-DESERTER:3:blue7")
    assert state["troop_deck"] == [] and state["tactics_deck"] == []
    assert state["current"] == B  # the draw was skipped, nothing came back from the discards
    state = finish_turn(state, B)
    assert state["troop_deck"] == [] and state["tactics_deck"] == []
    assert [d["card"] for d in state["discard"]] == ["T-DESERTER", "blue7"]
    assert all("blue7" not in h and "T-DESERTER" not in h for h in state["hands"])


def test_R35_no_flag_is_awarded_automatically():
    """R35: a decided flag belongs to no one until its winner claims it on his own turn."""
    flags = {2: (["red8", "red9", "red10"], ["blue1", "blue2", "blue4"])}
    state = build(flags, {A: ["red1"], B: ["blue9", "blue8"]}, current=B)
    state = finish_turn(state, B)  # B's turn ends: F2 is still unclaimed
    assert state["flags"][1]["claimed_by"] is None and state["current"] == A
    state = play(state, A, "play:red1:5")
    assert state["step"] == "claim" and "claim:2" in ids(RULES.legal_actions(state, A))
    declined = play(state, A, "done")
    assert declined["flags"][1]["claimed_by"] is None
    assert play(state, A, "claim:2")["flags"][1]["claimed_by"] == A


def test_R37_ten_tactics_cards_in_three_categories():
    """R37: 10 tactics cards: morale 4, environment 2, guile 4; one copy of each, two Leaders."""
    cats = {}
    for cid, info in TACTICS.items():
        cats.setdefault(info["category"], []).append(cid)
    assert {k: len(v) for k, v in cats.items()} == {"morale": 4, "environment": 2, "guile": 4}
    assert (len(MORALE), len(ENVIRONMENT), len(GUILE), len(LEADERS)) == (4, 2, 4, 2)
    state = RULES.setup(2, {}, 5)
    assert sorted(state["tactics_deck"]) == sorted(TACTIC_IDS) and len(set(state["tactics_deck"])) == 10
    assert {TACTICS[c]["name"] for c in LEADERS} == {"Alexander", "Darius"}


def test_R38_tactics_card_replaces_the_troop_play_and_acts_at_once():
    """R38: a tactics card is played in step (a) instead of a troop card and takes effect at once."""
    flags = {4: (["red1", "red2", "red3"], ["blue9", "blue8", "blue10"])}
    state = build(flags, {A: ["T-FOG", "red5"], B: ["green1"]})
    assert RULES.view(state, None)["flags"][3]["sides"][1]["formation"]["fog"] is False
    state = play(state, A, "play:T-FOG:4")
    assert RULES.view(state, None)["flags"][3]["sides"][0]["formation"] == {"type": "Wedge", "sum": 6, "fog": True}
    assert state["hands"][A] == ["red5"] and state["step"] == "draw"
    with pytest.raises(IllegalAction, match="You cannot do that now"):
        RULES.apply(state, A, "play:red5:1")


def test_R41_morale_cards_are_played_like_troop_cards():
    """R41: morale cards (Leader, Companion Cavalry, Shield Bearers) are played like troop cards."""
    state = build({6: (["red8"], [])}, {A: ["T-CC", "red1"], B: ["blue1"]})
    offered = [a for a in ids(RULES.legal_actions(state, A)) if a.startswith("play:T-CC:")]
    assert offered == [f"play:T-CC:{n}" for n in range(1, 10)]  # any open slot, like a troop
    with pytest.raises(IllegalAction, match="Say where to play"):
        RULES.apply(state, A, "play:T-CC")
    state = play(state, A, "play:T-CC:6")
    assert state["flags"][5]["sides"][0]["cards"] == ["red8", "T-CC"] and state["flags"][5]["env"] == []
    full = build({6: (["red8", "red9", "red10"], [])}, {A: ["T-CC"]}, tactics_played=[0, 0])
    with pytest.raises(IllegalAction, match="already has three of your cards"):
        RULES.apply(full, A, "play:T-CC:6")


def test_R46_environment_card_next_to_an_unclaimed_flag_affects_both_sides():
    """R46: an environment card goes on the player's side of an unclaimed flag and affects that flag, both sides."""
    flags = {3: (["red8", "red9", "red10"], ["blue7", "green7", "yellow7"]), 5: (["red1"], [])}
    state = build(flags, {A: ["T-MUD", "red2"], B: ["purple1"]}, claimed={5: B})
    assert "play:T-MUD:5" not in ids(RULES.legal_actions(state, A))
    with pytest.raises(IllegalAction, match="has been claimed; tactics cards cannot affect it"):
        RULES.apply(state, A, "play:T-MUD:5")
    state = play(state, A, "play:T-MUD:3")
    assert state["flags"][2]["env"] == [{"card": "T-MUD", "seat": A}]
    view = RULES.view(state, None)["flags"][2]
    assert view["limit"] == 4 and [s["formation"] for s in view["sides"]] == [None, None]
    assert all(not f["env"] for f in state["flags"] if f["n"] != 3)


def test_R49_guile_card_is_used_once_then_discarded():
    """R49: a guile card is used immediately, then becomes a discard and cannot be used again."""
    state = build({2: (["red1"], ["blue5"])}, {A: ["T-DESERTER", "red2"], B: ["blue1"]})
    state = play(state, A, "play:T-DESERTER:2:blue5")
    assert {"card": "T-DESERTER", "owner": A, "cause": "used"} in state["discard"]
    assert "T-DESERTER" not in state["hands"][A] and state["flags"][1]["sides"][1]["cards"] == []
    assert all("T-DESERTER" not in s["cards"] and not f["env"] for f in state["flags"] for s in f["sides"])
    assert "T-DESERTER" not in state["tactics_deck"]
    assert not any("T-DESERTER" in a for a in ids(RULES.legal_actions(state, A)))
