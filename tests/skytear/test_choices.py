"""The choices the rules give the players, asked when their options differ (flow.ASKS): the lead
card a side counts (R113, G4), the token a hero seeing several counts for (R115), a minion's hex
among equally near ones (R100, R110, R111), the teammate who draws (R134), who activates the
Outsider (R117, G18); the automatic pick first, on time-out and for the computer; older logs."""
from __future__ import annotations

from engine.base import IllegalAction
from engine.skytear import RULES, flow, hexes

from . import fixtures as fx
from .flowkit import act, check_cards_conserved, hero_state, ids


def asking(state: dict) -> dict:
    """A game that asks, every hero exhausted (the minion phase is next), decks to draw from."""
    state["asks"] = True
    for seat in range(state["players"]):
        fx.stack_deck(state, seat, ["ignite"] * 4)
    for h in state["heroes"].values():
        h["state"] = "exhausted"
    return state


def duel(**kw):
    return asking(hero_state({"sakoshi": (0, "D5"), "akhuti": (0, "B6"), "yami": (1, "H2"), "cotlic": (1, "L6")},
                             **kw))


def team():
    return asking(hero_state({"sakoshi": (0, "D5"), "akhuti": (2, "B6"), "yami": (1, "H2"), "cotlic": (3, "L6")},
                             players=4))


def until(state: dict, what: str) -> dict:
    """Answer every question by default until `what` is asked."""
    for _ in range(200):
        pend = state.get("pending")
        assert pend and pend["kind"] == "ask", f"{what} was never asked"
        if pend["what"] == what:
            return state
        state = act(state, pend["seat"], "decide:0")
    raise AssertionError("too many questions")


def finish(state: dict) -> dict:
    while state.get("pending") and state["pending"]["kind"] == "ask":
        state = act(state, state["pending"]["seat"], "decide:0")
    return state


def texts(events) -> list[str]:
    return [str(e.public) for e in events]


def test_R113_G4_a_side_chooses_which_revealed_lead_card_counts():
    st = duel()
    fx.beside_control_token(st, "sakoshi", "1")
    cheap, dear = fx.give(st, 0, "ignite", "discards"), fx.give(st, 0, "life_steal", "discards")
    st["discards"]["0"] = []
    st["heroes"]["sakoshi"]["leads"] = [{"card": cheap, "from": "hand"}, {"card": dear, "from": "hand"}]
    flow.minion_phase(st, fx.events(st))
    st = until(st, "lead")
    pend = st["pending"]
    assert pend["seat"] == 0 and pend["values"] == [dear, cheap], "the most expensive first"
    assert RULES.timeout_action(st, 0) == "decide:0"
    assert [a.id for a in RULES.legal_actions(st, 0)] == ["decide:0", "decide:1"]
    assert RULES.legal_actions(st, 1) == []
    assert "lead card" in str(RULES.prompt(st, 0))
    low, ev_low = RULES.apply(st, 0, "decide:1")
    high, ev_high = RULES.apply(st, 0, "decide:0")
    assert any("Ignite" in t and "+1" in t for t in texts(ev_low))
    assert any("Life Steal" in t and "+2" in t for t in texts(ev_high))
    assert cheap in low["discards"]["0"] and dear in low["discards"]["0"], "every revealed lead card is discarded"


def test_R113_one_lead_card_or_cards_of_one_cost_ask_nothing():
    st = duel()
    st["heroes"]["sakoshi"]["hex"] = "G3"
    a, b = fx.give(st, 0, "ignite", "discards"), fx.give(st, 0, "ignite", "discards")
    st["discards"]["0"] = []
    st["heroes"]["sakoshi"]["leads"] = [{"card": a, "from": "hand"}, {"card": b, "from": "hand"}]
    flow.minion_phase(st, fx.events(st))
    asked = []
    while st.get("pending"):
        asked.append(st["pending"]["what"])
        st = act(st, st["pending"]["seat"], "decide:0")
    assert "lead" not in asked


def test_R100_R111_a_minion_goes_to_the_hex_its_side_chooses_among_the_nearest():
    st = duel()
    ev = fx.events(st)
    flow.minion_phase(st, ev)
    st = until(st, "place")
    pend = st["pending"]
    values = pend["values"]
    m = hexes.load_map("two_lane")
    number = next(n for n, h in st["control"].items() if min(hexes.distance(m, v, h) for v in values) >= 1
                  and len({hexes.distance(m, v, h) for v in values}) == 1)
    token = st["control"][number]
    assert len(values) >= 2 and all(hexes.has_los(m, v, token) for v in values), "equally near, in sight"
    assert "minion" in str(RULES.prompt(st, pend["seat"]))
    side = flow.side_of(st, pend["seat"])
    before = sum(1 for mn in st["minions"] if mn["side"] == side and mn["hex"] == values[-1])
    after = act(st, pend["seat"], f"decide:{len(values) - 1}")
    assert sum(1 for mn in after["minions"] if mn["side"] == side and mn["hex"] == values[-1]) == before + 1


def test_R100_the_default_answers_give_the_automatic_phase_and_tell_each_event_once():
    auto = duel()
    del auto["asks"]
    ev_auto = fx.events(auto)
    flow.minion_phase(auto, ev_auto)
    st = duel()
    ev = fx.events(st)
    flow.minion_phase(st, ev)
    told = texts(ev.events)
    while st.get("pending"):
        st, more = RULES.apply(st, st["pending"]["seat"], "decide:0")
        told += texts(more)
    assert sorted(mn["hex"] for mn in st["minions"]) == sorted(mn["hex"] for mn in auto["minions"])
    assert st["round"] == auto["round"] == 3 and "minion_run" not in st
    assert told == texts(ev_auto.events), "each event told once, in the same order"
    check_cards_conserved(st)


def test_R134_a_team_decides_which_player_draws_fewest_cards_first():
    st = team()
    flow.minion_phase(st, fx.events(st))
    st = until(st, "draw")
    pend = st["pending"]
    side = flow.side_of(st, pend["seat"])
    assert pend["seat"] == flow.seats_of(st, side)[0], "the side's first player is asked"
    assert sorted(pend["values"]) == sorted(flow.seats_of(st, side))
    other = pend["values"][1]
    before = len(st["hands"][str(other)])
    after = act(st, pend["seat"], "decide:1")
    assert len(after["hands"][str(other)]) >= before + 1


def test_R134_no_draw_question_with_one_player_a_side():
    st = duel()
    flow.minion_phase(st, fx.events(st))
    asked = set()
    while st.get("pending"):
        asked.add(st["pending"]["what"])
        st = act(st, st["pending"]["seat"], "decide:0")
    assert "draw" not in asked and "outsider" not in asked


def test_R115_a_hero_seeing_two_tokens_counts_for_the_one_its_owner_chooses():
    def phase(answer: int | None):
        st = asking(hero_state({"sakoshi": (0, "J7"), "yami": (1, "A1")}, map_name="three_lane",
                               control={"1": "J5", "2": "J8", "3": "J14"}))
        ev = fx.events(st)
        flow.minion_phase(st, ev)
        st = until(st, "token")
        pend = st["pending"]
        assert pend["seat"] == 0 and pend["values"] == [2, 1], "the nearest token first"
        assert "Sakoshi" in str(RULES.prompt(st, 0))
        assert RULES.timeout_action(st, 0) == "decide:0"
        st, more = RULES.apply(st, 0, f"decide:{answer}")
        return st, texts(ev.events + more)
    _, told_2 = phase(0)
    _, told_1 = phase(1)
    assert told_1 != told_2


def outsider_round(st: dict, holder: int) -> dict:
    """A new round begun with every hero ready and the Outsider held by `holder`'s side."""
    for h in st["heroes"].values():
        h["state"] = "ready"
    st["outsider"]["holder"] = holder
    flow.start_round(st, fx.events(st))
    return st


def test_G18_R117_in_a_team_the_side_chooses_who_activates_the_outsider():
    st = outsider_round(team(), holder=0)
    pend = st["pending"]
    assert st["phase"] == "outsider" and pend["what"] == "outsider" and pend["seat"] == 0
    assert pend["values"] == [0, 2]
    assert RULES.timeout_action(st, 0) == "decide:0"
    assert "activates the Outsider" in str(RULES.legal_actions(st, 0)[1].label)
    st = act(st, 0, "decide:1")
    assert st["activation"]["seat"] == 2 and RULES.active_players(st) == {2}
    assert ids(st, 2) and all(i.startswith("outsider:place:") for i in ids(st, 2))


def test_G18_alone_on_a_side_the_holder_acts_without_a_question():
    st = outsider_round(duel(), holder=1)
    assert not st.get("pending") and st["activation"]["seat"] == 1


def test_the_computer_takes_the_automatic_pick():
    st = duel()
    flow.minion_phase(st, fx.events(st))
    seat = st["pending"]["seat"]
    assert RULES.ai_choose(st, seat, 3) == "decide:0"


def test_an_older_log_without_answers_replays_taking_the_defaults():
    """A log written before the questions were asked goes on with its next move: the questions
    take their defaults first. A move no default makes possible stays refused."""
    st = outsider_round(team(), holder=0)
    place = next(i for i in ids(act(st, 0, "decide:0"), 0) if i.startswith("outsider:place:"))
    new, events = RULES.apply(st, 0, place)
    assert new["activation"]["seat"] == 0 and new["activation"]["placed"]
    try:
        RULES.apply(st, 2, place)
    except IllegalAction:
        pass
    else:
        raise AssertionError("a move of the seat not chosen by default was taken")


def test_R134_a_team_whose_outsider_defeats_a_hero_decides_who_draws():
    from engine.skytear import ops
    from engine.skytear.board import OUTSIDER
    st = team()
    st["outsider"]["controller"] = 0
    fx.give(st, 0, "ignite")
    ops.defeat_hero(st, "yami", OUTSIDER, fx.events(st))
    assert st["hands"]["0"] and not st["hands"]["2"], "nobody has drawn yet"
    for question in flow.owed_draws(st):
        flow.ask(st, question)
    pend = st["pending"]
    assert (pend["what"], pend["seat"], pend["values"]) == ("draw", 0, [2, 0]), "fewest cards first"
    assert "Yami" in str(RULES.prompt(st, 0))
    assert RULES.timeout_action(st, 0) == "decide:0"
    after = act(st, 0, "decide:1")
    assert len(after["hands"]["0"]) == 2 and not after["hands"]["2"]
    alone = team()
    del alone["asks"]
    alone["outsider"]["controller"] = 0
    ops.defeat_hero(alone, "yami", OUTSIDER, fx.events(alone))
    assert len(alone["hands"]["0"]) + len(alone["hands"]["2"]) == 1, "without questions the draw is made at once"
