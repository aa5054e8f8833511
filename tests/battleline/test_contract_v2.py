"""Battle Line through contract v2: move paths, prompts, declared options and hidden items.

Rule numbers are those of the Battle Line spec; the hidden-information rules are its section 6
("Private to one player") and D15.
"""
from __future__ import annotations

import json
import random

import pytest

from engine.base import Choice, IllegalAction, normalise_options, options_line, prompt_of
from engine.battleline import RULES
from engine.battleline.cards import TACTIC_IDS
from engine.battleline.help import DESIGN_TEXT, RULES_TEXT, TACTIC_HINTS

from tests.contract import harness

from .helpers import A, B, build

# the first step of every move, by the verb of its id (written from the action grammar)
VERBS = {"play": ("play", "Play a card"), "pass": ("pass", "Pass"), "claim": ("claim", "Claim a flag"),
         "done": ("done", "Finish claiming"), "draw": ("draw", "Draw a card"),
         "scout:draw": ("scout-draw", "Scout: draw"), "scout:return": ("return", "Scout: put a card back"),
         "muddiscard": ("muddiscard", "Discard after Mud")}


def verb_of(action_id: str) -> str:
    parts = action_id.split(":")
    return ":".join(parts[:2]) if parts[0] == "scout" else parts[0]


def check_paths(actions) -> None:
    """The contract's path rules (tests/contract), and Battle Line's own: the verb first."""
    assert actions
    harness.check_paths(actions)
    for action in actions:
        assert (action.path[0].value, action.path[0].label) == VERBS[verb_of(action.id)], action.id


def playout_configs():
    """2-player games of each variant (R2, R59, R60), a series (R57) and 3 players (R61, D16):
    three of each kind."""
    for seed in range(18):
        kind = seed % 6
        if kind == 4:
            yield seed, 3, {}
        elif kind == 5:
            yield seed, 2, {"series_target": 7}
        else:
            yield seed, 2, {"variant": ("standard", "advanced", "endclaim", "standard")[kind]}


def playouts():
    """(state, seat to move) along seeded random games played to the end."""
    for seed, players, options in playout_configs():
        rng = random.Random(seed)
        state = RULES.setup(players, options, seed)
        while RULES.result(state) is None:
            seat = min(RULES.active_players(state))
            yield state, seat
            state, _ = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)).id)


def test_every_legal_action_has_a_valid_stable_path():
    """Every move of random games in every variant (R2, R59, R60) and with 3 players (R61) has a
    path, the same in every call and after a JSON round trip of the state."""
    verbs_seen = set()
    for state, seat in playouts():
        actions = RULES.legal_actions(state, seat)
        check_paths(actions)
        again = RULES.legal_actions(json.loads(json.dumps(state)), seat)
        assert [(a.id, a.path) for a in again] == [(a.id, a.path) for a in actions]
        verbs_seen.update(verb_of(a.id) for a in actions)
    # a chosen pass (R14) is rare in random games since a passer claims nothing (R6); its path is
    # checked by test_claim_draw_and_pass_paths
    assert verbs_seen >= {"play", "claim", "done", "draw", "scout:draw", "scout:return"}


def test_path_of_a_troop_play_reads_from_the_movers_side():
    """R7: a troop card goes to the player's own side of a flag; R8: not where his side is full
    (flag 5); R9: not at a claimed flag (flag 1); R46: Fog lies next to flag 3 for both sides.
    The flag step shows the flag's public cards, the mover's first."""
    state = build({3: (["red8"], ["blue2"]), 5: (["green1", "green2", "green3"], [])},
                  {A: ["red7", "T-CC"], B: ["yellow9"]}, env={3: [("T-FOG", B)]}, claimed={1: B},
                  tactics_played=[0, 1])
    by_id = {a.id: a for a in RULES.legal_actions(state, A)}
    assert by_id["play:red7:3"].path == (
        Choice("play", "Play a card"),
        Choice("red7", "Red 7", "Flags 2, 3, 4, 6, 7, 8, 9"),
        Choice("3", "Flag 3", "You: Red 8 · Them: Blue 2 · Fog"))
    # R10, R44: Companion Cavalry is played like a troop card and stands for an 8
    assert by_id["play:T-CC:2"].path[1] == Choice("T-CC", "Companion Cavalry",
                                                  "Any colour, counts as an 8 · Flags 2, 3, 4, 6, 7, 8, 9")
    assert by_id["play:T-CC:2"].path[2] == Choice("2", "Flag 2", "You: — · Them: —")
    assert "pass" not in by_id  # R13


def test_paths_of_targeted_tactics():
    """R51 Redeploy: one of your cards to another flag or the discard; R52 Deserter: one of the
    opponent's cards; R53 Traitor: an opponent's troop card to your side."""
    state = build({3: (["red8"], ["blue2"])}, {A: ["T-REDEPLOY", "red1"], B: ["yellow9"]}, tactics_played=[0, 0])
    by_id = {a.id: a for a in RULES.legal_actions(state, A)}
    redeploy = Choice("T-REDEPLOY", "Redeploy", "Move one of your cards to another flag, or discard it")
    assert by_id["play:T-REDEPLOY:3:red8:discard"].path == (
        Choice("play", "Play a card"), redeploy,
        Choice("3-red8", "Your Red 8 at flag 3", "You: Red 8 · Them: Blue 2"),
        Choice("discard", "Discard it"))
    assert by_id["play:T-REDEPLOY:3:red8:6"].path[3] == Choice("6", "Flag 6", "You: — · Them: —")

    state = build({3: (["red8"], ["blue2", "T-SB"])}, {A: ["T-DESERTER", "T-TRAITOR", "red1"], B: ["yellow9"]},
                  tactics_played=[0, 1])
    by_id = {a.id: a for a in RULES.legal_actions(state, A)}
    assert by_id["play:T-DESERTER:3:T-SB"].path[1:] == (
        Choice("T-DESERTER", "Deserter", "Discard one of your opponent's cards"),
        Choice("3-T-SB", "Their Shield Bearers at flag 3", "You: Red 8 · Them: Blue 2, Shield Bearers"))
    assert by_id["play:T-TRAITOR:3:blue2:3"].path[2:] == (
        Choice("3-blue2", "Their Blue 2 at flag 3", "You: Red 8 · Them: Blue 2, Shield Bearers"),
        Choice("3", "Flag 3", "You: Red 8 · Them: Blue 2, Shield Bearers"))
    assert not any(a.startswith("play:T-TRAITOR:3:T-SB") for a in by_id)  # R53: troop cards only


def test_claim_draw_and_pass_paths():
    """R29/R22(b): a claim path says why it holds; R16: the draw names the deck and its size;
    R14: a player who cannot play a troop card may pass."""
    state = build({2: (["red4", "red6", "red3"], ["blue7", "blue1", "blue3"])}, {A: ["green1"]}, step="claim")
    claim, done = RULES.legal_actions(state, A)
    assert claim.path == (Choice("claim", "Claim a flag"),
                          Choice("2", "Flag 2", "Your Battalion Order 13 beats Player 2's Battalion Order 11"))
    assert done.path == (Choice("done", "Finish claiming"),)

    state = build({}, {A: ["green1"]}, step="draw", troop_deck=["red1", "red2", "red3", "red4", "red5"],
                  tactics_deck=["T-FOG", "T-MUD", "T-SCOUT"])
    assert [a.path for a in RULES.legal_actions(state, A)] == [
        (Choice("draw", "Draw a card"), Choice("troop", "Troop deck (5 left)")),
        (Choice("draw", "Draw a card"), Choice("tactics", "Tactics deck (3 left)"))]

    full = {n: ([f"{c}{n}" for c in ("red", "blue", "green")], []) for n in range(1, 10)}
    state = build(full, {A: ["yellow1", "T-FOG"]})
    actions = RULES.legal_actions(state, A)
    assert actions[-1].id == "pass" and actions[-1].path == (Choice("pass", "Pass", "Play nothing and draw nothing"),)


def test_scout_paths_and_prompts():
    """R50/D11: Scout draws three cards one at a time from a chosen deck, then puts two back,
    each on its own deck."""
    state = build({}, {A: ["red1", "T-SCOUT"], B: ["blue1"]}, troop_deck=["green1", "green2", "green3", "green4"],
                  tactics_deck=["T-FOG", "T-MUD"])
    assert RULES.prompt(state, A) == "Play a card to a flag."
    state, _ = RULES.apply(state, A, "play:T-SCOUT")
    assert RULES.prompt(state, A) == "Scout: draw 3 more cards, one at a time, from either deck."
    first = RULES.legal_actions(state, A)
    check_paths(first)
    assert [a.path[1] for a in first] == [Choice("troop", "Troop deck (4 left)"),
                                          Choice("tactics", "Tactics deck (2 left)")]
    state, _ = RULES.apply(state, A, "scout:draw:tactics")
    state, _ = RULES.apply(state, A, "scout:draw:troop")
    assert RULES.prompt(state, A) == "Scout: draw 1 more card, one at a time, from either deck."
    state, _ = RULES.apply(state, A, "scout:draw:troop")
    assert RULES.prompt(state, A) == "Scout: put 2 cards back."
    by_id = {a.id: a for a in RULES.legal_actions(state, A)}
    assert by_id["scout:return:red1"].path[1] == Choice("red1", "Red 1 (troop deck)")
    assert by_id["scout:return:T-MUD"].path[1] == Choice("T-MUD", "Mud (tactics deck)")
    state, _ = RULES.apply(state, A, "scout:return:red1")
    assert RULES.prompt(state, A) == "Scout: put 1 card back."
    assert RULES.prompt(state, B) == ""


def test_prompts_per_step():
    """R13/R14: must play when a troop card fits, else play a tactics card or pass; R27: the
    claim step; R16: the draw; D5: the discard after Mud left; R1: the other seat waits."""
    assert RULES.prompt(build({}, {A: ["red1"]}), A) == "Play a card to a flag."
    assert prompt_of(RULES, build({}, {A: ["red1"]}), B) == ""
    full = {n: ([f"{c}{n}" for c in ("red", "blue", "green")], []) for n in range(1, 10)}
    assert RULES.prompt(build(full, {A: ["yellow1", "T-FOG"]}), A) == \
        "You cannot play a troop card: play a tactics card, or pass."
    claim = build({2: (["red4", "red6", "red3"], ["blue7", "blue1", "blue3"])}, {A: ["green1"]}, step="claim")
    assert RULES.prompt(claim, A) == "Claim flags you can prove, or finish claiming."
    assert RULES.prompt(build({}, {A: ["red1"]}, step="draw"), A) == "Draw a card: troop or tactics deck."
    flags = {3: (["red1", "red2", "red3", "red5"], ["blue1", "blue2", "blue3"]), 5: (["green1"], [])}
    state = build(flags, {A: ["T-REDEPLOY", "yellow1"], B: ["yellow2"]}, env={3: [("T-MUD", A)]})
    state, _ = RULES.apply(state, A, "play:T-REDEPLOY:3:T-MUD:5")
    assert RULES.prompt(state, A) == "Mud left flag 3: discard one of your cards there."
    assert RULES.prompt(state, B) == ""
    actions = RULES.legal_actions(state, A)
    check_paths(actions)
    assert actions[0].path == (Choice("muddiscard", "Discard after Mud", "Mud has left flag 3"),
                               Choice("red1", "Red 1"))


def test_declared_options_and_their_defaults():
    """R2/R59/R60: the claim-timing variant; R57/D17: a single game or a series to N points; D7:
    claims while passing, a house option off by default (R6 [S14] 「略过(不做任何动作,直接由对方行动)」)."""
    names = [o.name for o in RULES.options]
    assert names == ["variant", "series_target", "claim_on_pass"]
    variant, series, claim_on_pass = RULES.options
    assert claim_on_pass.kind == "bool" and claim_on_pass.default is False
    assert "House rule" in claim_on_pass.description
    assert RULES.setup(2, {}, 5)["claim_on_pass"] is False
    assert RULES.setup(2, normalise_options(RULES, 2, {"claim_on_pass": "on"}), 5)["claim_on_pass"] is True
    assert normalise_options(RULES, 2, {"claim_on_pass": "off"}) == {}
    assert [v for v, _ in variant.choices] == ["standard", "advanced", "endclaim"]
    assert variant.default == "standard" and series.default == 0
    assert normalise_options(RULES, 2, {}) == {}
    assert normalise_options(RULES, 2, {"variant": "standard", "series_target": "0"}) == {}
    chosen = normalise_options(RULES, 2, {"variant": "advanced", "series_target": "15", "first_player": 1})
    assert chosen == {"variant": "advanced", "series_target": 15, "first_player": 1}
    assert options_line(RULES, chosen) == "advanced: claim, play, draw, series to 15"
    state = RULES.setup(2, chosen, 5)
    assert state["variant"] == "advanced" and state["series_target"] == 15 and state["current"] == 1
    assert RULES.setup(2, {"series_target": 0}, 5)["series_target"] is None  # D17: a single game


@pytest.mark.parametrize("given, words", [
    ({"variant": "fast"}, "standard, advanced, endclaim"),
    ({"series_target": "many"}, "whole number"),
    ({"series_target": 101}, "from 0 to 100"),
    ({"series_target": -1}, "from 0 to 100"),
])
def test_bad_option_values_are_refused_with_a_sentence(given, words):
    with pytest.raises(IllegalAction) as err:
        normalise_options(RULES, 2, given)
    assert words in err.value.message and err.value.message.endswith(".")


def test_refused_and_accepted_combinations():
    """Every variant and a series work with 3 players too (R61, R62, D16, D18); only the
    number of players is refused."""
    for players in (2, 3):
        for variant in ("standard", "advanced", "endclaim"):
            options = normalise_options(RULES, players, {"variant": variant, "series_target": 10})
            assert RULES.refuse_options(players, options) is None
            assert RULES.setup(players, options, 3)["variant"] == variant
    with pytest.raises(IllegalAction, match="2 or 3 players"):
        normalise_options(RULES, 4, {"variant": "advanced"})


def string_values(obj) -> set[str]:
    if isinstance(obj, str):
        return {obj}
    if isinstance(obj, dict):
        return set().union(*(string_values(v) for v in obj.values())) if obj else set()
    if isinstance(obj, (list, tuple)):
        return set().union(*(string_values(v) for v in obj)) if obj else set()
    return set()


def test_hidden_items_never_reach_another_view():
    """Spec section 6: a player's hand and the cards he put back with Scout are his alone (R50,
    D15); none of them appears in the public view or another seat's view."""
    scouted = 0
    for n, (state, _) in enumerate(playouts()):
        if n % 3:
            continue
        for seat in range(state["players"]):
            hidden = RULES.hidden_items(state, seat)
            assert set(state["hands"][seat]) <= hidden
            scouted += len(hidden) > len(state["hands"][seat])
            for viewer in [None] + [s for s in range(state["players"]) if s != seat]:
                leaked = hidden & string_values(RULES.view(state, viewer))
                assert not leaked, (viewer, leaked)
    assert scouted  # the Scout case came up


def test_help_texts_live_in_the_engine():
    """R55: the goal; R37: one hint per tactics card; D7/D14/D16 among the design decisions."""
    # each is a tuple of texts, one message each (their English is the text)
    rules, design = "\n".join(RULES_TEXT), "\n".join(DESIGN_TEXT)
    assert "three adjacent flags or any five" in rules
    assert set(TACTIC_HINTS) == set(TACTIC_IDS)
    assert all(len(h) <= 100 for h in TACTIC_HINTS.values())
    assert all(f"• {rule} " in design for rule in ("D1", "D7", "D14", "D16"))
    # D7 is a house reading, named with its option; the rules say a pass is no action (R6 [S14])
    (d7,) = [line for line in design.split("\n") if line.startswith("• D7 ")]
    assert "house" in d7 and "`claim_on_pass`" in d7 and "off by default" in d7
    assert "a pass is no action at all" in rules
