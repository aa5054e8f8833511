"""Rule tests citing R- and D-numbers, the contract, the view schema and hidden information."""
from __future__ import annotations

import json
import marshal
import pathlib
import random
import re

import pytest

from engine import registry
from engine.base import as_game
from engine.base import IllegalAction
from engine.battleline import RULES, card_label, explain_claim, provable_flags
from engine.battleline.cards import TACTIC_IDS, TROOP_IDS, sort_cards
from engine.text import from_json

from .helpers import A, B, begin_turn, build, ids


def play(state, seat, action):
    new, _ = RULES.apply(state, seat, action)
    return new


def random_moves(state, rng, count):
    for _ in range(count):
        if RULES.result(state) is not None:
            break
        seat = next(iter(RULES.active_players(state)))
        state, _ = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)).id)
    return state


# --------------------------------------------------------------------------- contract and setup

def test_registry_exposes_rules():
    rules = registry.get("battleline")
    assert rules is as_game(RULES)
    assert (rules.name, rules.title, rules.min_players, rules.max_players) == ("battleline", "Battle Line", 2, 3)


def test_setup_3_1_two_players():
    """Spec 3.1 / [S8]: 7 cards each, troop deck 46, tactics deck 10, empty table, 0 : 0 tactics."""
    state = RULES.setup(2, {}, 11)
    view = RULES.view(state, None)
    assert [h["troop"] for h in view["hand_counts"]] == [7, 7]
    assert [h["tactics"] for h in view["hand_counts"]] == [0, 0]
    assert view["decks"] == {"troop": 46, "tactics": 10}
    assert all(not s["cards"] for f in view["flags"] for s in f["sides"])
    assert all(f["claimed_by"] is None for f in view["flags"])
    assert view["discard"] == [] and view["tactics_played"] == [0, 0]
    assert view["variant"] == "standard" and view["series"] == {"target": None, "game_no": 1, "points": [0, 0]}


def test_setup_first_player_random_and_forced():
    """[S8] random first player from the seeded RNG; `first_player` forces it (rematches)."""
    firsts = {RULES.setup(2, {}, seed)["current"] for seed in range(20)}
    assert firsts == {0, 1}
    assert all(RULES.setup(2, {"first_player": 1}, seed)["current"] == 1 for seed in range(5))
    assert RULES.setup(2, {}, 5) == RULES.setup(2, {}, 5)
    assert RULES.setup(2, {}, 5)["hands"] != RULES.setup(2, {}, 6)["hands"]


def test_setup_rejects_bad_options():
    with pytest.raises(ValueError):
        RULES.setup(4, {}, 1)
    with pytest.raises(ValueError):
        RULES.setup(2, {"variant": "speed"}, 1)


def test_apply_never_mutates_the_input_state():
    rng = random.Random(1)
    state = RULES.setup(2, {}, 3)
    for _ in range(60):
        if RULES.result(state) is not None:
            break
        seat = next(iter(RULES.active_players(state)))
        before = marshal.dumps(state)
        with pytest.raises(IllegalAction):
            RULES.apply(state, 1 - seat, "done")
        with pytest.raises(IllegalAction):
            RULES.apply(state, seat, "play:nocard:1")
        new, _ = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)).id)
        assert marshal.dumps(state) == before
        state = new


def test_state_is_json_plain():
    state = random_moves(RULES.setup(2, {"series_target": 10}, 4), random.Random(2), 80)
    assert json.loads(json.dumps(state)) == state


def test_illegal_messages_are_readable():
    state = build({4: (["red1", "red2", "red3"], [])}, {A: ["red4", "red5"], B: ["blue1"]})
    cases = [
        (B, "play:blue1:1", "It is not your turn"),
        (A, "play:red4:4", "Flag 4 already has three of your cards."),
        (A, "play:red9:1", "You do not hold Red 9."),
        (A, "play:pink3:1", "There is no card called 'pink3'"),
        (A, "play:red4:12", "There is no flag 12"),
        (A, "jump:1", "Unknown action"),
        (A, "draw:troop", "Play a card first"),
        (A, "claim:4", "would still beat you"),
    ]
    for seat, action, message in cases:
        with pytest.raises(IllegalAction) as exc:
            RULES.apply(state, seat, action)
        assert message in exc.value.message, (action, exc.value.message)


def test_claim_that_would_be_valid_but_out_of_step():
    """R2: claims come in step b; a valid claim tried during step a says so."""
    state = build({3: (["red8", "red9", "red10"], [])}, {A: ["red1"], B: ["blue1"]})
    with pytest.raises(IllegalAction, match="Play a card first"):
        RULES.apply(state, A, "claim:3")


def test_R10_morale_cards_fill_slots():
    """R10: a morale card counts toward the three-card limit and is part of the formation."""
    state = build({1: (["red1", "red2"], [])}, {A: ["T-SB", "red3"]})
    new = play(state, A, "play:T-SB:1")
    assert new["tactics_played"] == [1, 0]
    view = RULES.view(new, None)["flags"][0]["sides"][0]
    assert view["formation"] == {"type": "Wedge", "sum": 6, "fog": False}
    assert "play:red3:1" not in ids(RULES.legal_actions(build({1: (["red1", "red2", "T-SB"], [])}, {A: ["red3"]}), A))


def test_R14_forced_pass_is_automatic():
    """R12/R14, spec 11.4: a player with no possible card play passes automatically, when that
    follows from public facts: no troop card can go anywhere and no tactics card in hand (or the
    R40 count forbids one)."""
    full = {n: ([f"{c}{n}" for c in ("red", "blue", "green")], []) for n in range(1, 10)}
    state = build(full, {A: ["purple1"], B: ["blue10"]})  # a troop card but no open slot (R12)
    new = begin_turn(state, A)
    assert new["current"] == B and from_json(new["log"][-1]) == "Player 1 cannot play a card and passes."
    over_count = build({}, {A: ["T-FOG"], B: ["blue1"]}, tactics_played=[1, 0])  # R40
    assert begin_turn(over_count, A)["current"] == B


def test_R14_an_unplayable_tactics_card_is_still_asked():
    """R14 [S14] 「如果有玩家无法打出任何部队牌,他可以选择略过」: a player holding only a Leader he may not play
    (R43) must pass, but he is asked: the public would otherwise learn that his tactics card has no
    use (the board shows only that he holds one, D15). His only move is the pass."""
    state = build({}, {A: ["T-DARIUS"], B: ["blue1"]}, leader_used=[True, False], tactics_played=[1, 1])
    new = begin_turn(state, A)
    assert new["current"] == A and new["step"] == "play" and ids(RULES.legal_actions(new, A)) == ["pass"]
    passed = play(new, A, "pass")
    assert passed["current"] == B and from_json(passed["log"][-1]) == "Player 1 passes."
    # the same position with a playable tactics card looks the same to everyone else
    other = begin_turn(build({}, {A: ["T-FOG"], B: ["blue1"]}, leader_used=[True, False], tactics_played=[1, 1]), A)
    assert RULES.view(other, None) == RULES.view(new, None)


def test_D18_advanced_passing_player_claims_first():
    """D18/R59 with the D7 house option: in the advanced variant a player who must pass still gets
    the claim step first."""
    flags = {2: (["red8", "red9", "red10"], ["blue1", "blue2", "blue4"])}
    state = build(flags, {A: [], B: ["green1"]}, variant="advanced", claim_on_pass=True)
    state = begin_turn(state, A)
    assert state["step"] == "claim" and ids(RULES.legal_actions(state, A)) == ["claim:2", "done"]
    state = play(state, A, "done")
    assert state["current"] == B and from_json(state["log"][-1]) == "Player 1 cannot play a card and passes."


def test_R6_advanced_player_who_must_pass_claims_nothing():
    """R6/R59 by the seed, [S14] 「略过(不做任何动作,直接由对方行动)」: in the advanced variant (claim
    first) a player who can play no card passes at once, without the claim step."""
    flags = {2: (["red8", "red9", "red10"], ["blue1", "blue2", "blue4"])}
    state = begin_turn(build(flags, {A: [], B: ["green1"]}, variant="advanced"), A)
    assert state["current"] == B and state["flags"][1]["claimed_by"] is None
    assert from_json(state["log"][-1]) == "Player 1 cannot play a card and passes."


def test_R6_advanced_a_player_who_claimed_cannot_pass():
    """R6/R14/R59 by the seed, [S14] 「他可以选择略过(不做任何动作,直接由对方行动)或者打一张战术牌(仍然
    可以占据地区、抓牌)」: claiming goes with playing a tactics card, not with a pass. In the advanced
    variant a player holding only tactics cards may claim first, but then must play one; without
    the claim he may still pass. With the D7 house option he may claim and pass."""
    flags = {2: (["red8", "red9", "red10"], ["blue1", "blue2", "blue4"])}
    for claim_on_pass in (False, True):
        state = begin_turn(build(flags, {A: ["T-FOG"], B: ["green1"]}, variant="advanced",
                                 claim_on_pass=claim_on_pass), A)
        assert state["step"] == "claim"
        done = play(state, A, "done")
        assert "pass" in ids(RULES.legal_actions(done, A))
        claimed = play(state, A, "claim:2")
        assert claimed["step"] == "play" and claimed["flags"][1]["claimed_by"] == A
        if claim_on_pass:
            assert play(claimed, A, "pass")["current"] == B
        else:
            assert "pass" not in ids(RULES.legal_actions(claimed, A))
            assert RULES.prompt(claimed, A) == "You cannot play a troop card: play a tactics card."
            with pytest.raises(IllegalAction, match="claimed a flag this turn"):
                RULES.apply(claimed, A, "pass")


def test_R53_traitor_to_the_same_flag_and_D6_completion_time():
    """R53: Traitor may put the card on the same flag; D6: the side completes when it arrives."""
    state = build({2: (["red8", "red10"], ["red9", "blue1"])}, {A: ["T-TRAITOR", "green1"]})
    new = play(state, A, "play:T-TRAITOR:2:red9:2")
    side = RULES.view(new, None)["flags"][1]["sides"][0]
    assert [c["id"] for c in side["cards"]] == ["red8", "red10", "red9"]
    assert side["completed_at"] == new["move_no"] and side["formation"]["type"] == "Wedge"


def test_D5_redeploying_mud_away():
    """D5: Mud moved away by Redeploy: the side holding four cards there discards one; the
    destination flag now needs four cards (R51, R48)."""
    flags = {3: (["red1", "red2", "red3", "red5"], ["blue1", "blue2", "blue3"]), 5: (["green1", "green2", "green3"], [])}
    state = build(flags, {A: ["T-REDEPLOY", "yellow1"], B: ["yellow2"]}, env={3: [("T-MUD", A)]})
    state = play(state, A, "play:T-REDEPLOY:3:T-MUD:5")
    assert state["step"] == "mud_discard" and RULES.active_players(state) == {A}
    assert [e["card"] for e in state["flags"][4]["env"]] == ["T-MUD"]
    assert ids(RULES.legal_actions(state, A)) == [f"muddiscard:{c}" for c in ["red1", "red2", "red3", "red5"]]
    state = play(state, A, "muddiscard:red5")
    assert state["tactics_played"] == [1, 0]  # D9: the Mud discard is not a play
    view = RULES.view(state, None)
    assert view["flags"][2]["limit"] == 3 and view["flags"][4]["limit"] == 4
    assert view["flags"][4]["sides"][0]["formation"] is None
    assert state["step"] == "claim" and RULES.view(state, A)["provable"] == [3]


def test_D10_fog_and_mud_together():
    """D10/D5: Fog and Mud may share a flag: four cards, sums only."""
    flags = {1: (["red1", "red2", "red3", "red4"], ["blue10", "green10", "yellow10", "orange1"])}
    state = build(flags, env={1: [("T-FOG", A), ("T-MUD", B)]}, current=B, step="claim")
    view = RULES.view(state, None)["flags"][0]
    assert view["limit"] == 4 and view["fog"]
    assert view["sides"][1]["formation"]["sum"] == 31
    assert view["sides"][0]["formation"] == {"type": "Wedge", "sum": 10, "fog": True}
    assert play(state, B, "claim:1")["flags"][0]["claimed_by"] == B


def test_D10_redeploy_can_always_discard_and_scout_needs_a_deck():
    """D10: Redeploy falls back to discarding; Scout with both decks empty cannot be played."""
    sides = {n: ([c for c in TROOP_IDS[3 * (n - 1): 3 * n]], []) for n in range(1, 10)}
    state = build(sides, {A: ["T-REDEPLOY", "T-SCOUT"]}, troop_deck=[], tactics_deck=[])
    actions = ids(RULES.legal_actions(state, A))
    assert "play:T-REDEPLOY:1:red1:discard" in actions
    assert not any(a.startswith("play:T-REDEPLOY:1:red1:") and not a.endswith("discard") for a in actions)
    assert "play:T-SCOUT" not in actions
    with pytest.raises(IllegalAction, match="Both decks are empty"):
        RULES.apply(state, A, "play:T-SCOUT")


def test_R51_redeploy_environment_card():
    """R51/D10: one's own Fog can be redeployed to another unclaimed flag."""
    state = build({}, {A: ["T-REDEPLOY", "red1"]}, env={2: [("T-FOG", A)], 4: [("T-MUD", B)]}, tactics_played=[1, 1])
    actions = ids(RULES.legal_actions(state, A))
    assert "play:T-REDEPLOY:2:T-FOG:6" in actions and not any("T-MUD" in a for a in actions)
    new = play(state, A, "play:T-REDEPLOY:2:T-FOG:6")
    assert new["flags"][1]["env"] == [] and new["flags"][5]["env"] == [{"card": "T-FOG", "seat": A}]


def test_D11_scout_return_order_and_automatic_draws():
    """D11: with the tactics deck empty the Scout draws are automatic; two returns to the same
    deck: the later one is on top."""
    state = build({}, {A: ["T-SCOUT", "red1", "red2"], B: ["blue1"]}, tactics_deck=[])
    new, events = RULES.apply(state, A, "play:T-SCOUT")
    assert new["step"] == "scout_return" and len(new["hands"][A]) == 5
    assert all(e.hidden for e in events) and sum("draws (Scout)" in e.public for e in events) == 3
    new = play(new, A, "scout:return:red1")
    new = play(new, A, "scout:return:red2")
    # step c drew the top card automatically: red2, the later return; red1 lies beneath it
    assert new["hands"][A][-1] == "red2" and new["troop_deck"][-1] == "red1"


def test_D11_scout_with_few_cards():
    """D11: decks running dry mid-Scout: draw what exists; return all cards if fewer than 2."""
    state = build({}, {A: ["T-SCOUT"], B: ["blue1"]}, troop_deck=["red9"], tactics_deck=[])
    state = play(state, A, "play:T-SCOUT")
    assert state["hands"][A] == ["red9"] and state["scout"]["returns_left"] == 1
    state = play(state, A, "scout:return:red9")
    assert state["hands"][A] == ["red9"] and state["current"] == B  # redrawn in step c


def test_D15_scout_memo_is_private_and_expires():
    """D15: the Scout player sees a memo of the cards he put back, until they are drawn."""
    state = build({}, {A: ["T-SCOUT", "red1", "red2"], B: ["blue1", "blue2"]})
    state = play(state, A, "play:T-SCOUT")
    for _ in range(3):
        state = play(state, A, "scout:draw:troop")
    state = play(state, A, "scout:return:red1")
    mid = RULES.view(state, A)["scout"]
    assert mid["active"] and mid["returns_left"] == 1 and [c["id"] for c in mid["returned"]] == ["red1"]
    state = play(state, A, "scout:return:red2")
    memo = RULES.view(state, A)["scout"]["memo"]
    assert [(m["card"]["id"], m["deck"]) for m in memo] == [("red1", "troop"), ("red2", "troop")]
    for viewer in (None, B):
        assert "scout" not in RULES.view(state, viewer) and "red2" not in json.dumps(RULES.view(state, viewer))
    state = play(state, A, "draw:troop")  # A draws red2 back
    assert [m["card"]["id"] for m in RULES.view(state, A)["scout"]["memo"]] == ["red1"]


def test_D16_three_player_layout():
    """D16: three lines of three flags; each seat plays only on its two lines; clockwise turns."""
    state = RULES.setup(3, {"first_player": 0}, 2)
    view = RULES.view(state, None)
    assert [f["line"] for f in view["flags"]] == ["AB"] * 3 + ["BC"] * 3 + ["CA"] * 3
    for seat in range(3):
        mine = [f["n"] for f in view["flags"] if seat in [s["seat"] for s in f["sides"]]]
        assert len(mine) == 6
    with pytest.raises(IllegalAction, match="not on your battle lines"):
        RULES.apply(state, 0, f"play:{state['hands'][0][0]}:5")
    state = play(state, 0, f"play:{state['hands'][0][0]}:1")
    assert state["current"] == 1
    state = play(state, 1, f"play:{state['hands'][1][0]}:4")
    assert state["current"] == 2
    assert not any(c.startswith("T-") for h in state["hands"] for c in h)


def test_R62_three_player_line_wins():
    """R62/D16: a whole line of three flags wins a 3-player game."""
    state = build({6: ([], ["red8", "red9", "red10"])}, {0: ["red1"], 1: ["blue1"], 2: ["green1"]},
                  players=3, claimed={4: 2, 5: 2}, step="claim", current=2)
    new = play(state, 2, "claim:6")
    result = RULES.result(new)
    assert result.winners == [2] and "three adjacent" in result.reason


def test_D17_series_until_target():
    """D17/R57/R58: a series plays games until someone reaches the target; the winner of each
    game starts the next; the match result exists only at the end."""
    rng = random.Random(8)
    state = RULES.setup(2, {"series_target": 12}, 21)
    while RULES.result(state) is None:
        state = random_moves(state, rng, 1)
    result = RULES.result(state)
    games = state["games"]
    assert len(games) >= 2 and RULES.active_players(state) == set()
    assert max(result.scores.values()) >= 12 and result.scores == dict(enumerate(state["points"]))
    for earlier, later in zip(games, games[1:]):
        if len(earlier["winners"]) == 1:
            assert later["first_player"] == earlier["winners"][0]
    points = [0, 0]
    for game in games:
        for seat in (0, 1):
            points[seat] += 5 if game["winners"] == [seat] else game["flags"][seat]
    assert points == state["points"]


def test_D14_drawn_stalemate():
    """D14: nobody can play; complete flags are awarded by R22; equal counts draw the game."""
    flags = {2: (["red8", "red9", "red10"], ["blue1", "blue2", "blue4"]),
             4: (["green8", "green9", "green10"], ["blue5", "blue6", "blue8"]),
             6: (["red1", "blue3", "green5"], ["yellow8", "yellow9", "yellow10"]),
             8: (["red2", "blue7", "green4"], ["orange8", "orange9", "orange10"]),
             7: (["purple1", "purple2"], ["purple9"])}
    position = build(flags, {A: [], B: []}, claimed={1: A, 5: A, 3: B, 9: B}, troop_deck=[], tactics_deck=[],
                     claim_on_pass=True)
    state = begin_turn(position, A)  # D7 house option: each passer may claim (and declines)
    assert state["step"] == "claim"
    state = play(state, A, "done")
    assert state["current"] == B and state["step"] == "claim"
    state = play(state, B, "done")
    result = RULES.result(state)
    assert result.winners == [A, B] and "drawn" in result.reason and result.scores == {A: 4, B: 4}
    assert state["flags"][6]["claimed_by"] is None
    # by the seed (R6) the passes claim nothing and the stalemate follows at once
    position["claim_on_pass"] = False
    state = begin_turn(position, A)
    assert RULES.result(state).winners == [A, B] and state["flags"][6]["claimed_by"] is None


def test_D3_wild_identity_recorded_at_claim():
    """D3: after a claim the board shows what each morale card was counted as."""
    state = build({1: (["T-ALEX", "red9", "red10"], ["blue1"])}, {A: ["red1"], B: ["blue2"]}, step="claim")
    new = play(state, A, "claim:1")
    side = RULES.view(new, None)["flags"][0]["sides"][0]
    assert side["wild_as"] == ["Red 8", None, None]
    assert RULES.view(state, None)["flags"][0]["sides"][0]["wild_as"] == [None, None, None]


def test_D12_discard_attribution():
    """D12: discards keep card, former owner and cause."""
    state = build({1: ([], ["blue5"])}, {A: ["T-DESERTER", "red1"]})
    new = play(state, A, "play:T-DESERTER:1:blue5")
    assert RULES.view(new, None)["discard"] == [
        {"card": {"id": "T-DESERTER", "kind": "tactic", "category": "guile", "name": "Deserter", "label": "Deserter"},
         "owner": A, "cause": "used"},
        {"card": {"id": "blue5", "kind": "troop", "color": "blue", "value": 5, "label": "Blue 5"},
         "owner": B, "cause": "Deserter"}]


def test_R34_claimed_flag_keeps_its_cards():
    """R34: a claimed flag's cards never move; it offers no targets."""
    state = build({1: (["red1", "red2", "red3"], ["blue9"])}, {A: ["T-REDEPLOY", "red4"]}, claimed={1: A})
    assert not any(a.startswith("play:T-REDEPLOY:1:") for a in ids(RULES.legal_actions(state, A)))


# --------------------------------------------------------------------------- view and hidden information

CARD_TROOP_KEYS = {"id", "kind", "color", "value", "label"}
CARD_TACTIC_KEYS = {"id", "kind", "category", "name", "label"}


def _check_card(card):
    assert set(card) == (CARD_TROOP_KEYS if card["kind"] == "troop" else CARD_TACTIC_KEYS)
    assert card["label"] == card_label(card["id"])


def test_view_schema():
    rng = random.Random(4)
    state = random_moves(RULES.setup(2, {"variant": "advanced"}, 9), rng, 70)
    for viewer in (None, 0, 1):
        view = RULES.view(state, viewer)
        for key in ("game", "players", "variant", "series", "current", "step", "flags", "decks", "discard",
                    "tactics_played", "leader_used", "hand_counts", "flags_held", "provable", "result", "log"):
            assert key in view
        assert view["game"] == "battleline" and view["players"] == 2 and view["variant"] == "advanced"
        assert view["step"] in ("play", "claim", "draw", "scout_draw", "scout_return", "mud_discard", "over")
        assert len(view["flags"]) == 9
        for n, flag in enumerate(view["flags"], 1):
            assert flag["n"] == n and flag["limit"] in (3, 4) and flag["line"] is None
            assert [s["seat"] for s in flag["sides"]] == [0, 1]
            for env in flag["env"]:
                _check_card(env["card"])
                assert env["seat"] in (0, 1)
            for side in flag["sides"]:
                for card in side["cards"]:
                    _check_card(card)
                assert len(side["wild_as"]) == len(side["cards"])
                if side["formation"] is not None:
                    assert side["formation"]["type"] in ("Wedge", "Phalanx", "Battalion Order", "Skirmish Line", "Host")
                    assert isinstance(side["formation"]["sum"], int) and isinstance(side["completed_at"], int)
        assert set(view["decks"]) == {"troop", "tactics"}
        assert all(set(h) == {"troop", "tactics"} for h in view["hand_counts"])
        assert isinstance(view["log"], list) and all(isinstance(x, str) for x in view["log"])
        assert ("hand" in view) == (viewer is not None)
    hand = RULES.view(state, 0)["hand"]
    assert [c["id"] for c in hand] == sort_cards(state["hands"][0])


def test_hand_sorted_colour_value_tactics_last():
    assert sort_cards(["T-FOG", "blue2", "red10", "red2", "T-ALEX"]) == ["red2", "red10", "blue2", "T-ALEX", "T-FOG"]


def test_card_labels():
    assert card_label("red7") == "Red 7" and card_label("orange10") == "Orange 10"
    assert card_label("T-ALEX") == "Alexander (Leader)" and card_label("T-CC") == "Companion Cavalry"
    assert len(TROOP_IDS) == 60 and len(TACTIC_IDS) == 10


def test_draw_events_are_hidden_and_private():
    state = build({}, {A: ["red1", "red2"], B: ["blue1"]}, step="draw")
    top = state["troop_deck"][-1]
    _, events = RULES.apply(state, A, "draw:troop")
    draw = [e for e in events if "draws" in e.public]
    assert len(draw) == 1 and draw[0].hidden and card_label(top) in draw[0].private[A]
    assert card_label(top) not in draw[0].public


def test_provable_flags_and_explain_claim_exports():
    state = build({3: (["red3", "red4", "red5"], ["red6", "green6"]), 4: (["red1", "blue2", "green4"], [])})
    assert provable_flags(state, A) == [3]
    assert "cannot be beaten" in explain_claim(state, A, 3)
    assert "would still beat you" in explain_claim(state, A, 4)


def test_legal_action_ids_are_unique_and_labelled():
    rng = random.Random(12)
    for seed in range(8):
        state = RULES.setup(2, {}, seed)
        for _ in range(150):
            if RULES.result(state) is not None:
                break
            seat = next(iter(RULES.active_players(state)))
            actions = RULES.legal_actions(state, seat)
            assert len({a.id for a in actions}) == len(actions) and all(a.label for a in actions)
            assert RULES.legal_actions(state, 1 - seat) == []
            state, _ = RULES.apply(state, seat, rng.choice(actions).id)


def test_engine_imports_no_io_libraries():
    package = pathlib.Path(__file__).resolve().parents[2] / "engine" / "battleline"
    for path in package.glob("*.py"):
        text = path.read_text()
        assert not re.search(r"^\s*(import|from)\s+(discord|aiosqlite|PIL|asyncio)\b", text, re.M), path
