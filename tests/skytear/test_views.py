"""The view (the schema of common.md, which the pictures draw from) and hidden information
(spec section 6): hands only in their owner's view, other players' cards as counts, lead cards'
identities (T5), the stack's texts and the number of players still to respond, never who holds
what (G34)."""
from __future__ import annotations

import json

from engine.skytear import RULES, flow, hexes

from . import fixtures as fx
from .flowkit import act, check_no_leak, hero_state, ids, pass_all, strings

TOP_KEYS = {"game", "map", "viewer", "players", "sides", "first", "first_side", "round", "rounds", "mana", "hand_limit",
            "phase", "turn_side", "activation", "acting_side", "acting_seat", "heroes", "minions", "towers",
            "tokens", "pillars", "illusions", "outsider", "victory", "vortex", "stack", "waiting", "hand_counts",
            "deck_counts", "discards", "cards", "revealed", "draft", "last", "log", "prompt", "result"}
HERO_KEYS = {"id", "owner", "side", "hex", "hp", "max_hp", "armor", "attack", "plus", "range", "runes", "factions",
             "state", "returns", "statuses", "played", "mana_left", "leads", "mirrored", "shapeshifted"}


def started(players=2, seed=3, options=None):
    st = RULES.setup(players, options or {}, seed)
    for seat in sorted(RULES.active_players(st)):
        st = act(st, seat, "keep")
    return st


def test_the_view_has_every_key_of_the_schema():
    st = started()
    for viewer in (None, 0, 1):
        v = RULES.view(st, viewer)
        assert TOP_KEYS <= set(v), TOP_KEYS - set(v)
        assert all(HERO_KEYS <= set(h) for h in v["heroes"])
        assert v["phase"] == "hero" and v["mana"] == v["round"] == 1 and v["rounds"] == 5 and v["hand_limit"] == 7
        assert {t["number"] for t in v["tokens"]} == {1, 2}
        assert all(set(s) >= {"seats", "nexus_hp", "nexus_exposed", "defeats", "structure_damage"} for s in v["sides"])
        assert v["outsider"]["holder"] is None and v["outsider"]["hexes"] == []
        assert len(v["victory"]) == 3 and all(set(c) >= {"id", "name", "text", "tokens", "goal"} for c in v["victory"])
        assert json.loads(json.dumps(v)) == v


def test_hands_only_in_the_owners_view_others_see_counts():
    st = started()
    own = RULES.view(st, 0)
    assert [c["iid"] for c in own["hand"]] == st["hands"]["0"]
    assert all(c["card"] in own["cards"] for c in own["hand"]), "defs of every card named"
    for viewer in (None, 1):
        v = RULES.view(st, viewer)
        assert "hand" not in v or [c["iid"] for c in v["hand"]] == st["hands"]["1"]
        assert v["hand_counts"] == {"0": 5, "1": 5}
        assert not set(st["hands"]["0"]) & strings(v)
    check_no_leak(st)


def test_T5_a_lead_from_the_deck_is_known_to_nobody_a_lead_from_the_hand_to_its_owner():
    st = hero_state({"sakoshi": (0, "D5"), "akhuti": (0, "B6"), "yami": (1, "H2"), "cotlic": (1, "L6")})
    card = fx.give(st, 0, "life_steal")
    fx.stack_deck(st, 0, ["ambush", "ignite"])
    st = act(st, 0, "activate:sakoshi")
    st = pass_all(act(st, 0, f"lead:{card}"))
    st = act(st, 0, "end")
    st = act(st, 1, "activate:yami")
    st = act(st, 1, "end")
    st = act(st, 0, "activate:akhuti")
    st = pass_all(act(st, 0, "lead:deck"))
    leads = {viewer: {h["id"]: h["leads"] for h in RULES.view(st, viewer)["heroes"]} for viewer in (None, 0, 1)}
    assert leads[0]["sakoshi"] == [{"from": "hand", "card": "life_steal"}]
    assert leads[1]["sakoshi"] == leads[None]["sakoshi"] == [{"from": "hand", "card": None}]
    assert leads[0]["akhuti"] == leads[1]["akhuti"] == leads[None]["akhuti"] == [{"from": "deck", "card": None}]
    assert "ambush" not in RULES.view(st, 0)["cards"], "the owner does not see the deck lead (T5)"
    assert "life_steal" not in RULES.view(st, 1)["cards"]
    check_no_leak(st)


def test_G34_the_stack_shows_its_effects_and_how_many_still_have_to_answer():
    st = hero_state({"sakoshi": (0, "D5"), "akhuti": (2, "B6"), "yami": (1, "E5"), "cotlic": (3, "L6")}, players=4)
    card = fx.give(st, 0, "life_steal")
    st = act(st, 0, "activate:sakoshi")
    st = act(st, 0, f"lead:{card}")
    v = RULES.view(st, None)
    assert [s["kind"] for s in v["stack"]] == ["action"] and v["stack"][0]["seat"] == 0
    assert "Lead from the hand" in v["stack"][0]["text"] and "Life Steal" not in v["stack"][0]["text"]
    assert v["waiting"] == 3
    st = act(st, 1, "pass")
    assert RULES.view(st, 2)["waiting"] == 2
    assert RULES.view(st, None)["prompt"] == "" and RULES.view(st, 2)["prompt"]
    check_no_leak(st)


def test_the_mulligan_shows_others_only_who_has_finished():
    st = RULES.setup(2, {}, 9)
    toss = ids(st, 1)[1]
    st = act(st, 1, toss)
    st = act(st, 1, "keep")
    for viewer in (None, 0):
        v = RULES.view(st, viewer)
        assert v["mulligan_done"] == {"0": False, "1": True}
        assert v.get("set_aside", []) == [], "only the viewer's own cards set aside"
        assert toss.split(":")[1] not in strings(v)
    assert RULES.view(st, 1)["set_aside"] == [toss.split(":")[1]]


def test_played_and_discarded_cards_are_public_by_kind():
    st = hero_state({"sakoshi": (0, "D5"), "akhuti": (0, "B6"), "yami": (1, "F5"), "cotlic": (1, "L6")})
    card = fx.give(st, 0, "ignite")
    st = act(st, 0, "activate:sakoshi")
    st = pass_all(act(st, 0, f"play:sakoshi:{card}:yami"))
    for viewer in (None, 1):
        v = RULES.view(st, viewer)
        assert [h for h in v["heroes"] if h["id"] == "sakoshi"][0]["played"] == ["ignite"]
        assert "ignite" in v["cards"] and card not in strings(v)
        assert [h for h in v["heroes"] if h["id"] == "sakoshi"][0]["mana_left"] == 1


def test_the_last_move_frames_the_whole_path():
    st = hero_state({"sakoshi": (0, "D5"), "akhuti": (0, "B6"), "yami": (1, "H2"), "cotlic": (1, "L6")})
    st = act(st, 0, "activate:sakoshi")
    st = pass_all(act(st, 0, "move:B4"))
    last = RULES.view(st, None)["last"]["hexes"]
    m = hexes.load_map("two_lane")
    assert last[0] == "D5" and last[-1] == "B4" and len(last) == hexes.distance(m, "D5", "B4") + 1


def test_the_finished_game_view_carries_the_result():
    st = hero_state({"sakoshi": (0, "D5"), "yami": (1, "H2")})
    st["nexus"][1]["hp"] = 0
    from engine.skytear import flow
    flow.check_victory(st, fx.events(st))
    v = RULES.view(st, None)
    assert v["phase"] == "over" and v["result"]["winners"] == [0] and "nexus" in v["result"]["reason"]
    assert RULES.prompt(st, 0) == ""


# ------------------------------------------------------------------ facts the pictures draw, worked out here

def test_the_view_says_whose_turn_it_is_as_the_board_shows_it():
    """The board highlights the side whose turn it is and names the activating player: the view
    says both (acting_side, acting_seat), so the picture never reads the phase's rules."""
    st = hero_state({"sakoshi": (0, "D5"), "akhuti": (2, "B6"), "yami": (1, "H2"), "cotlic": (3, "L6")}, players=4)
    st["turn_side"] = 1
    v = RULES.view(st, None)
    assert (v["acting_side"], v["acting_seat"]) == (1, None), "side 1 activates next: either of its players"
    st = act(st, 3, "activate:cotlic")
    v = RULES.view(st, None)
    assert (v["acting_side"], v["acting_seat"]) == (1, 3)
    st = act(st, 3, "move:K6")
    assert (RULES.view(st, 0)["acting_side"], RULES.view(st, 0)["acting_seat"]) == (1, 3), "a window keeps the turn"
    assert [(e["seat"], e["side"]) for e in RULES.view(st, None)["stack"]] == [(3, 1)]


def test_the_outsider_phase_is_the_turn_of_the_side_that_holds_the_outsider():
    st = hero_state({"sakoshi": (0, "D5"), "akhuti": (2, "B6"), "yami": (1, "H2"), "cotlic": (3, "L6")}, players=4)
    st["turn_side"] = 0                       # left over from the hero phase before
    st["outsider"]["holder"] = 1
    flow.start_round(st, fx.events(st))
    assert st["phase"] == "outsider"
    v = RULES.view(st, None)
    assert (v["acting_side"], v["acting_seat"]) == (1, 1), "the holding side's first player acts for it"


def test_nobody_acts_in_the_mulligan_nor_once_the_game_is_over():
    st = RULES.setup(2, {}, 9)
    v = RULES.view(st, None)
    assert (v["acting_side"], v["acting_seat"]) == (None, None)
    over = hero_state({"sakoshi": (0, "D5"), "yami": (1, "H2")})
    over["nexus"][1]["hp"] = 0
    flow.check_victory(over, fx.events(over))
    v = RULES.view(over, None)
    assert (v["acting_side"], v["acting_seat"], v["result"]["side"]) == (None, None, 0)


def test_a_seat_s_own_side_is_in_its_own_view_only():
    st = started(players=3)
    assert [RULES.view(st, seat)["own_side"] for seat in range(3)] == [0, 1, 0]
    assert "own_side" not in RULES.view(st, None)
