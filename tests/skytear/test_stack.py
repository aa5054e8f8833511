"""The effect stack in chat (R62-R79, G34): declarations and cards wait on the stack while the
seats are asked one at a time in priority order (the one holding priority first is passed for by
default); instants start a new round of priority; the top effect resolves completely when all have
passed, requirements checked again (R25); triggers (R78), the Outsider's reaction (R120) and
pending choices; no windows in the minion and reset phases (R79, G46)."""
from __future__ import annotations

from engine.base import TURN, WINDOW, Moment
from engine.skytear import RULES, data, flow, hexes, resolve

from . import fixtures as fx
from .flowkit import act, act_ev, hero_state, ids, pass_all, refused, waiting

DODGE = {"id": "dodge", "name": "Dodge", "runes": [], "speed": "instant", "modifier": 0,
         "targets": [{"kind": "free_hex", "range": 3}], "effects": [{"do": "place", "to": 0, "t": "self"}],
         "text": "Place this hero on target empty hex."}


def duel(**kw):
    """Seat 0: Sakoshi on D5, Akhuti on B6; seat 1: Yami on E5 (adjacent to Sakoshi), Cotlic on L6."""
    return hero_state({"sakoshi": (0, "D5"), "akhuti": (0, "B6"), "yami": (1, "E5"), "cotlic": (1, "L6")}, **kw)


def activated(state, seat, hero):
    state["turn_side"] = flow.side_of(state, seat)
    return act(state, seat, f"activate:{hero}")


# ------------------------------------------------------------------ windows (R73-R75, G34)

def test_R73_G34_a_declared_action_waits_while_every_other_seat_is_asked():
    st = activated(duel(), 0, "sakoshi")
    st = act(st, 0, "move:C4")
    assert st["stack"][-1]["do"] == "move" and st["heroes"]["sakoshi"]["hex"] == "D5", "not resolved yet"
    assert waiting(st) == [1]
    assert RULES.active_players(st) == {1}
    assert ids(st, 0) == [], "the declaring seat is not asked"
    st = act(st, 1, "pass")
    assert st["heroes"]["sakoshi"]["hex"] == "C4" and st["stack"] == [] and st["window"] is None
    assert RULES.active_players(st) == {0}


def test_R74_in_a_team_game_priority_goes_clockwise_one_seat_at_a_time():
    """R74: 「啟動玩家…將有優先順位」 then 「將優先順位順時針傳給下一位玩家」: after the active seat
    (passed for by default), the seats in turn, A1 B1 A2 B2 (G27), each asked alone."""
    st = hero_state({"sakoshi": (0, "D5"), "akhuti": (2, "B6"), "yami": (1, "E5"), "cotlic": (3, "L6")}, players=4)
    st = activated(st, 0, "sakoshi")
    st = act(st, 0, "move:C4")
    assert waiting(st) == [1, 2, 3]
    assert RULES.active_players(st) == {1}
    assert "It is not your turn" in refused(st, 2, "pass"), "seat 2 waits for seat 1"
    st = act(st, 1, "pass")
    assert RULES.active_players(st) == {2}
    st = act(st, 2, "pass")
    assert st["stack"] and RULES.active_players(st) == {3}, "one seat has still to pass"
    st = act(st, 3, "pass")
    assert st["stack"] == [] and st["heroes"]["sakoshi"]["hex"] == "C4"


def test_R74_G34_an_instant_restarts_the_window_without_its_player_R75_then_the_others_are_asked():
    st = duel()
    fx.give(st, 1, "creeping_darkness")            # Tlakali's deck card, but earth runes: give Yami fire
    cd = fx.give(st, 1, "ambush")                  # instant, fire: Yami can play it (2 mana in round 2)
    st = activated(st, 0, "sakoshi")
    st = act(st, 0, "attack:yami")
    assert waiting(st) == [1]
    st = act(st, 1, f"play:yami:{cd}:sakoshi")
    assert [e["do"] for e in st["stack"]] == ["attack", "card"]
    assert waiting(st) == [0], "everyone except the seat that added the instant (passed for by default)"
    st = act(st, 0, "pass")            # the instant resolves (R75) ...
    assert [e["do"] for e in st["stack"]] == ["attack"]
    assert waiting(st) == [1], "... and priority starts again with the active seat, passed for by default"


def test_R77_T47_a_move_resolves_whole_and_responses_come_only_before_it():
    st = activated(duel(), 0, "sakoshi")
    st = act(st, 0, "move:B4")
    assert st["heroes"]["sakoshi"]["hex"] == "D5"
    st = act(st, 1, "pass")
    assert st["heroes"]["sakoshi"]["hex"] == "B4", "moved all the way in one resolution"
    assert st["activation"]["done"] == ["move"] and st["activation"]["ap"] == 2


def test_R62_R76_T46_with_effects_on_the_stack_no_action_and_no_normal_card():
    st = duel()
    normal = fx.give(st, 0, "ignite")      # normal, fire, 1 mana
    instant = fx.give(st, 0, "ambush")     # instant, fire, 2 mana
    yami_instant = fx.give(st, 1, "ambush")
    st = activated(st, 0, "sakoshi")
    assert f"play:sakoshi:{normal}:yami" in ids(st, 0)
    st = act(st, 0, "attack:yami")
    st = act(st, 1, f"play:yami:{yami_instant}:sakoshi")
    now = ids(st, 0)
    assert "pass" in now and f"play:sakoshi:{instant}:yami" in now
    assert not [i for i in now if i.startswith(("move:", "attack:", "skirmish:", "lead:", "devotion:", "end"))]
    assert f"play:sakoshi:{normal}:yami" not in now
    assert "It is" not in refused(st, 0, "move:C4")


def test_R63_an_exhausted_hero_plays_an_instant_in_a_window():
    st = duel()
    cd = fx.give(st, 0, "ambush")
    st["heroes"]["akhuti"]["hex"] = "D4"       # Akhuti's runes are air: she cannot play Ambush
    st["heroes"]["sakoshi"]["state"] = "exhausted"
    st = activated(st, 1, "yami")
    st = act(st, 1, "move:F5")
    assert f"play:sakoshi:{cd}:yami" in ids(st, 0)
    assert not [i for i in ids(st, 0) if i.startswith("play:akhuti")]


# ------------------------------------------------------------------ re-checks at resolution (R25)

def test_R25_T45_dodge_onto_a_hiding_hex_cancels_the_attack_and_spends_it():
    """The stack example: B attacks A; A answers with the instant Dodge to a hiding hex; Dodge
    resolves first; the Attack then finds A hidden (no friend of B next to the hiding hex) and is
    ignored; B's AP is spent and B cannot Attack again this activation."""
    data.register_card(DODGE)
    st = hero_state({"akhuti": (0, "C4"), "haburat": (0, "M10"), "sakoshi": (1, "B4"), "yami": (1, "L9")})
    dodge = fx.give(st, 0, "dodge")
    m = hexes.load_map("two_lane")
    assert "E4" in m.hiding and hexes.has_los(m, "B4", "E4") and hexes.distance(m, "B4", "E4") == 3
    st = activated(st, 1, "sakoshi")
    st = act(st, 1, "attack:akhuti")
    assert [e["do"] for e in st["stack"]] == ["attack"]
    st = act(st, 0, f"play:akhuti:{dodge}:E4")
    assert [e["do"] for e in st["stack"]] == ["attack", "card"]
    st = act(st, 1, "pass")
    assert st["heroes"]["akhuti"]["hex"] == "E4"
    assert waiting(st) == [0], "the active seat (1) holds priority first and is passed for"
    st, events = act_ev(st, 0, "pass")
    st = act(st, 1, "pass") if st.get("window") else st
    assert st["heroes"]["akhuti"]["hp"] == data.hero("akhuti")["hp"], "the attack was ignored"
    assert st["stack"] == []
    assert st["activation"]["ap"] == 2 and "attack" in st["activation"]["done"]
    assert not [i for i in ids(st, 1) if i.startswith("attack:")]


def test_R25_R40_T15_an_instant_moving_the_target_away_spends_the_attack():
    st = duel()
    redirect = fx.give(st, 0, "redirection")   # Akhuti's instant: a friendly hero moves up to 2
    st["heroes"]["akhuti"]["hex"] = "C6"
    st = activated(st, 1, "yami")             # melee: Sakoshi on D5 is adjacent
    st = act(st, 1, "attack:sakoshi")
    st = act(st, 0, f"play:akhuti:{redirect}:sakoshi:B5")
    st = pass_all(st)
    assert st["heroes"]["sakoshi"]["hex"] == "B5"
    assert st["heroes"]["sakoshi"]["hp"] == data.hero("sakoshi")["hp"]
    assert "attack" in st["activation"]["done"] and st["activation"]["ap"] == 2
    assert not [i for i in ids(st, 1) if i.startswith("attack:")]
    assert "redirection" in [st["cards"][i] for i in st["heroes"]["akhuti"]["played"]], "the card stays spent"


def test_R43_R77_a_skirmish_deals_damage_then_its_player_chooses_the_move_at_once():
    st = duel()
    fx.stack_deck(st, 1, ["ignite", "ignite"])   # one reveal: modifier +1
    st = activated(st, 1, "yami")
    st = act(st, 1, "skirmish:sakoshi")
    st = act(st, 0, "pass")
    assert st["pending"]["kind"] == "skirmish_effects" and RULES.active_players(st) == {1}
    st = act(st, 1, "skirmish_effect:damage")
    assert st["heroes"]["sakoshi"]["hp"] == data.hero("sakoshi")["hp"] - (1 - data.hero("sakoshi")["armor"])
    assert st["pending"]["kind"] == "skirmish_move" and RULES.active_players(st) == {1}
    assert st["window"] is None, "no window inside the resolution"
    assert "skirmish_move:stay" in ids(st, 1) and ids(st, 0) == []
    st = act(st, 1, "skirmish_move:F5")
    assert st["heroes"]["yami"]["hex"] == "F5" and st["pending"] is None


def test_R45_T19_skirmish_target_gone_out_of_sight_no_damage_no_move():
    data.register_card(DODGE)
    st = hero_state({"akhuti": (0, "C4"), "haburat": (0, "M10"), "yami": (1, "B5"), "sakoshi": (1, "L9")})
    dodge = fx.give(st, 0, "dodge")
    m = hexes.load_map("two_lane")
    assert "E4" in m.hiding and hexes.distance(m, "B5", "E4") > 1
    st = activated(st, 1, "yami")
    st = act(st, 1, "skirmish:akhuti")
    st = act(st, 0, f"play:akhuti:{dodge}:E4")     # a hiding hex with no friend of Yami next to it
    st = pass_all(st)
    assert st["heroes"]["akhuti"]["hex"] == "E4"
    assert st["heroes"]["akhuti"]["hp"] == data.hero("akhuti")["hp"]
    assert st["pending"] is None and st["heroes"]["yami"]["hex"] == "B5", "not even the movement"
    assert "skirmish" in st["activation"]["done"]
    assert not [i for i in ids(st, 1) if i.startswith(("skirmish:", "alt:"))]


# ------------------------------------------------------------------ triggers, reactions (R78, R120)

def test_R78_T48_the_active_sides_trigger_goes_on_first_so_the_others_resolves_first(monkeypatch):
    st = duel()
    st["activation"] = {"hero": "sakoshi", "seat": 0, "ap": 2, "done": ["attack"]}
    mine = {"kind": "trigger", "do": "trigger", "seat": 0, "hero": "sakoshi", "text": {"msg": "X"}}
    theirs = {"kind": "trigger", "do": "trigger", "seat": 1, "hero": "yami", "text": {"msg": "Y"}}
    monkeypatch.setattr(resolve, "triggers_after", lambda state, entry, ev: [theirs, mine])
    flow.after_effect(st, {"do": "attack"}, fx.events(st))
    assert [e["seat"] for e in st["stack"]] == [0, 1], "the opponent's trigger is on top"


def test_R78_T25_chastise_goes_on_the_stack_after_akhutis_attack_resolves():
    st = hero_state({"akhuti": (0, "E6"), "sakoshi": (0, "A8"), "yami": (1, "M6")})
    d = fx.minion(st, 1, "F6", lane=1)
    e = fx.minion(st, 1, "E7", lane=1)
    fx.stack_deck(st, 0, ["ignite"])
    st = activated(st, 0, "akhuti")
    st = act(st, 0, f"attack:{d}")
    st = act(st, 1, "pass")
    assert d not in [f"m:{m['hex']}:{m['side']}" for m in st["minions"]]
    assert [x["do"] for x in st["stack"]] == ["trigger"], "Chastise waits on the stack"
    assert waiting(st) == [1], "priority starts with the active seat, passed for by default"
    st = pass_all(st)
    assert e not in [f"m:{m['hex']}:{m['side']}" for m in st["minions"]]


def test_R120_T32_damaging_the_outsider_lets_the_other_side_act_with_it():
    st = duel()
    st["outsider"].update(hexes=["G6", "G7", "F7"], holder=None)
    st["heroes"]["sakoshi"]["hex"] = "E6"       # ranged, within 3 of the Outsider
    fx.stack_deck(st, 0, ["ignite"])
    fx.stack_deck(st, 1, ["ignite", "ignite"])
    st = activated(st, 0, "sakoshi")
    st = act(st, 0, "attack:outsider")
    st = act(st, 1, "pass")
    assert st["outsider"]["hp"] < data.OUTSIDER["hp"]
    assert st["pending"] == {"kind": "reaction", "seat": 1, "side": 1, "against": "sakoshi"}
    assert "react:attack:sakoshi" in ids(st, 1) and "react:none" not in ids(st, 1)
    st = act(st, 1, "react:attack:sakoshi")
    assert st["stack"][-1]["hero"] == "outsider" and st["stack"][-1]["target"] == "sakoshi"
    assert waiting(st) == [0]
    hp = st["heroes"]["sakoshi"]["hp"]
    st = act(st, 0, "pass")
    assert st["heroes"]["sakoshi"]["hp"] < hp, "the Outsider hit the hero that damaged it"
    assert st["activation"]["ap"] == 2, "the reaction cost nobody an AP"


# ------------------------------------------------------------------ asking every seat the same way (G34)

def test_G34_a_window_asks_a_seat_with_an_instant_like_a_seat_without_one():
    st = hero_state({"sakoshi": (0, "D5"), "akhuti": (2, "B6"), "yami": (1, "E5"), "cotlic": (3, "L6")}, players=4)
    fx.give(st, 1, "ambush")            # seat 1 holds an instant it can play, seat 3 holds nothing
    st = activated(st, 0, "sakoshi")
    st = act(st, 0, "move:C4")
    assert RULES.active_players(st) == {1}
    asked_1 = RULES.prompt(st, 1)
    ids_1 = [a for a in ids(st, 1) if not a.startswith("play:")]
    v1 = RULES.view(st, 1)
    assert RULES.view(st, None)["waiting"] == 3 and "waiting" not in str(RULES.view(st, None)["stack"])
    st = act(act(st, 1, "pass"), 2, "pass")
    assert RULES.active_players(st) == {3}
    assert RULES.prompt(st, 3) == asked_1
    assert ids(st, 3) == ids_1 == ["pass"]
    v3 = RULES.view(st, 3)
    for key in set(v1) | set(v3):
        if key not in ("hand", "cards", "viewer", "waiting", "step"):
            assert v1.get(key) == v3.get(key), key


def test_quiet_pass_only_when_pass_is_the_only_move_and_timeout_passes_a_window():
    st = duel()
    fx.give(st, 1, "ambush")
    st = activated(st, 0, "sakoshi")
    assert not RULES.quiet_pass(st, 0) and RULES.timeout_action(st, 0) is None, "a turn is not passed"
    st = act(st, 0, "move:C4")
    assert not RULES.quiet_pass(st, 1), "seat 1 can respond with Ambush"
    assert RULES.timeout_action(st, 1) == "pass"
    st2 = duel()
    st2 = activated(st2, 0, "sakoshi")
    st2 = act(st2, 0, "move:C4")
    assert RULES.quiet_pass(st2, 1)
    assert not RULES.quiet_pass(st2, 0), "seat 0 holds no priority now"


def test_the_moment_of_an_activation_and_of_its_windows_belongs_to_the_activating_seat():
    """One board per hero activation: the windows opened by seat 0's actions are seat 0's turn
    (owner) while seat 1 is asked (seats), naming nobody in public (a count, the same whether or
    not seat 1 could respond)."""
    st = activated(duel(), 0, "sakoshi")
    assert RULES.moment(st) == Moment(TURN, frozenset({0}), 0)
    st = act(st, 0, "move:C4")
    moment = RULES.moment(st)
    assert (moment.kind, moment.seats, moment.owner, moment.pass_action) == (WINDOW, frozenset({1}), 0, "pass")
    assert moment.asks_privately and str(moment.waiting) == "Waiting for 1 response"
    holding = duel()
    fx.give(holding, 1, "ambush")
    holding = act(activated(holding, 0, "sakoshi"), 0, "move:C4")
    assert RULES.moment(holding) == moment, "the moment never tells what seat 1 holds"
    st = act(st, 1, "pass")
    assert RULES.moment(st) == Moment(TURN, frozenset({0}), 0)


def test_a_team_window_counts_the_seats_still_to_answer_and_keeps_the_owner():
    st = hero_state({"sakoshi": (0, "D5"), "akhuti": (2, "B6"), "yami": (1, "E5"), "cotlic": (3, "L6")}, players=4)
    st = act(activated(st, 0, "sakoshi"), 0, "move:C4")
    assert [(m.seats, m.owner, str(m.waiting)) for m in [RULES.moment(st)]] == \
        [(frozenset({1}), 0, "Waiting for 3 responses")]
    st = act(act(st, 1, "pass"), 2, "pass")
    assert (RULES.moment(st).seats, RULES.moment(st).owner, str(RULES.moment(st).waiting)) == \
        (frozenset({3}), 0, "Waiting for 1 response")


# ------------------------------------------------------------------ no windows outside (R79, G46)

def test_R79_G46_no_window_in_the_minion_and_reset_phases():
    st = duel()
    for h in ("akhuti", "yami", "cotlic"):
        st["heroes"][h]["state"] = "exhausted"
    fx.give(st, 1, "ambush")
    st = activated(st, 0, "sakoshi")
    st = act(st, 0, "end")
    assert st["round"] == 3, "minion and reset phases ran without asking anyone"
    assert st["window"] is None and st["stack"] == [] and st["phase"] in ("hero", "outsider")
