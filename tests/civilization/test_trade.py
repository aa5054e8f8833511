"""The Trade phase with exchanges (spec R24-R29, section 11 D10-D12, G23): offers built step by
step, sent privately, accepted, declined or countered; the house limit on offers; the view; the
computer player's answers; the phase ends when everyone is done."""
from __future__ import annotations

import pytest

from engine.base import IllegalAction
from engine.civilization import RULES, ai, flow, paths, trade, views
from engine.text import english
from tests.civilization.test_flow import act, game, ids


def trade_phase(civs=("rome", "china")):
    """Both seats in the Trade phase of turn 1, with known goods."""
    state = game(civs, first=0)
    while state["phase"] == "start":
        state = act(state, next(iter(RULES.active_players(state))), "done")
    assert state["phase"] == "trade"
    a, b = state["seats"][0], state["seats"][1]
    a.update(trade=10, culture_tokens=4, resources=["silk", "iron"], hidden_resources=["wheat"],
             culture_hand=["bread_and_circuses.1"])
    b.update(trade=5, culture_tokens=1, resources=["incense"], hidden_resources=["silk"],
             culture_hand=["defection.1"])
    return state


def build(state, seat, to, *steps):
    state = act(state, seat, f"offer:{to}")
    for step in steps:
        state = act(state, seat, step)
    return state


def goods(state, seat):
    a = state["seats"][seat]
    return (a["trade"], a["culture_tokens"], sorted(a["resources"]), sorted(a["hidden_resources"]),
            sorted(a["culture_hand"]))


def test_r27_r29_trade_phase_waits_for_everyone_and_ends_when_all_are_done():
    """R24 collects, then R29: every seat acts at once until each has ended its trade step."""
    state = trade_phase()
    assert RULES.active_players(state) == {0, 1}
    assert "offer:1" in ids(state, 0) and "done" in ids(state, 0)
    state = act(state, 1, "done")
    assert RULES.active_players(state) == {0} and state["phase"] == "trade"
    state = act(state, 0, "done")
    assert state["phase"] == "city" and state["offers"] == []


def test_r27_accept_moves_exactly_the_goods_both_ways():
    """R27: trade, culture tokens, a market resource, a face-down resource and a culture card one
    way; trade, a resource and a card the giver chooses the other way."""
    state = trade_phase()
    state = build(state, 0, 1, "give:trade:3", "give:culture:1", "give:res:silk", "give:hut:wheat",
                  "give:card:bread_and_circuses.1", "ask:trade:1", "ask:res:incense", "ask:card", "send")
    assert RULES.active_players(state) >= {1}
    answers = ids(state, 1)
    oid = state["offers"][0]["id"]
    assert answers == [f"accept:{oid}:defection.1", f"decline:{oid}", f"counter:{oid}"]
    state = act(state, 1, f"accept:{oid}:defection.1")
    assert goods(state, 0) == (8, 3, ["incense", "iron"], [], ["defection.1"])
    assert goods(state, 1) == (7, 2, ["silk"], ["silk", "wheat"], ["bread_and_circuses.1"])
    assert state["offers"] == []


def test_g23_traded_trade_stops_at_27():
    state = trade_phase()
    state["seats"][1]["trade"] = 26
    state = build(state, 0, 1, "give:trade:3", "send")
    state = act(state, 1, f"accept:{state['offers'][0]['id']}")
    assert state["seats"][1]["trade"] == 27 and state["seats"][0]["trade"] == 7
    state["seats"][1]["trade"] = 2
    state = act(state, 1, "offer:0")
    assert "give:trade:1" in ids(state, 1) and "give:trade:3" not in ids(state, 1)     # G23: no more than held


def test_r27_decline_changes_nothing():
    state = trade_phase()
    state = build(state, 0, 1, "give:trade:3", "ask:res:incense", "send")
    before = (goods(state, 0), goods(state, 1))
    state = act(state, 1, f"decline:{state['offers'][0]['id']}")
    assert (goods(state, 0), goods(state, 1)) == before and state["offers"] == []


def test_r27_counter_opens_the_reversed_draft_and_sends_it_back():
    state = trade_phase()
    state = build(state, 0, 1, "give:trade:1", "ask:res:incense", "ask:card", "send")
    oid = state["offers"][0]["id"]
    state = act(state, 1, f"counter:{oid}")
    draft = trade.draft_of(state, 1)
    assert draft["to"] == 0 and draft["counter_of"] == oid and draft["status"] == "draft"
    assert draft["give"]["resources"] == ["incense"] and draft["give"]["cards"] == []   # the blind ask is left out
    assert draft["get"]["trade"] == 1
    state = act(state, 1, "ask:trade:3")
    state = act(state, 1, "send")
    assert trade.waiting_for(state, 0)["id"] == draft["id"]
    state = act(state, 0, f"accept:{draft['id']}")
    assert goods(state, 0)[0] == 10 - 4 and "incense" in state["seats"][0]["resources"]
    assert goods(state, 1)[0] == 5 + 4 and state["seats"][1]["resources"] == []


def test_r27_accept_is_illegal_once_the_goods_are_gone():
    """The same 3 trade offered to two seats: once one accepts, the other cannot."""
    state = trade_phase(("rome", "china", "egypt"))
    state["seats"][0]["trade"] = 3
    state = build(state, 0, 1, "give:trade:3", "send")
    state = build(state, 0, 2, "give:trade:3", "send")
    first, second = state["offers"][0]["id"], state["offers"][1]["id"]
    state = act(state, 1, f"accept:{first}")
    assert f"accept:{second}" not in ids(state, 2)
    with pytest.raises(IllegalAction) as err:
        RULES.apply(state, 2, f"accept:{second}")
    assert "no longer has 3 trade" in english(err.value.message, {}).replace("Player 1", "P")
    assert "cannot be accepted now" in english(RULES.prompt(state, 2), {})
    held = goods(state, 2)
    state = act(state, 2, f"decline:{second}")
    assert goods(state, 2) == held and state["offers"] == []


def test_house_limit_of_offers_per_trade_phase_and_withdraw():
    """The house bound (data/civilization/trade.json) keeps the phase finite; drafts count."""
    state = trade_phase()
    limit = trade.offers_per_phase()
    assert limit == 3
    for _ in range(limit):
        state = build(state, 0, 1, "give:trade:1", "withdraw")
    assert not any(i.startswith("offer:") for i in ids(state, 0))
    with pytest.raises(IllegalAction):
        RULES.apply(state, 0, "offer:1")
    state = build(state, 1, 0, "give:culture:1", "send")
    assert f"counter:{state['offers'][0]['id']}" not in ids(state, 0)      # a counter is an offer too


def test_r27_offer_is_hidden_from_a_third_seat_and_the_public():
    state = trade_phase(("rome", "china", "egypt"))
    state = build(state, 0, 1, "give:card:bread_and_circuses.1", "ask:trade:1")
    assert trade.hidden_items(state, 0) and trade.hidden_items(state, 0) <= views.hidden_items(state, 0)
    assert views.view(state, 1)["offers"] == []                            # a draft: its proposer only
    state = act(state, 0, "send")
    mine, theirs, third, public = (views.view(state, s) for s in (0, 1, 2, None))
    assert mine["offers"][0]["give"]["cards"] == ["bread_and_circuses.1"]
    assert theirs["offers"][0]["give"]["cards"] == ["bread_and_circuses"]   # the kind, not the copy
    assert third["offers"] == [] and public["offers"] == []
    assert third["offers_pending"] == public["offers_pending"] == 1
    assert "bread_and_circuses" not in str(third) and "bread_and_circuses" not in str(public)


def test_r27_a_done_seat_must_answer_a_new_offer():
    state = trade_phase()
    state = act(state, 1, "done")
    state = build(state, 0, 1, "give:culture:1", "send")
    assert RULES.active_players(state) == {0, 1}
    assert ids(state, 1)[0].startswith("accept:") and "done" not in ids(state, 1)
    assert "offers you a trade" in english(RULES.prompt(state, 1), {})
    state = act(state, 1, f"decline:{state['offers'][0]['id']}")
    assert RULES.active_players(state) == {0}                              # done again
    state = act(state, 0, "done")
    assert state["phase"] == "city"


def test_t55_r28_hand_limit_after_an_exchange():
    """T55: a seat at its limit that receives a card discards down at once."""
    state = trade_phase()
    state["seats"][1]["culture_hand"] = ["defection.1", "defection.2"]
    state = build(state, 0, 1, "give:card:bread_and_circuses.1", "send")
    state = act(state, 1, f"accept:{state['offers'][0]['id']}")
    assert len(state["seats"][1]["culture_hand"]) == 3
    assert RULES.active_players(state) == {1} and all(i.startswith("discard:") for i in ids(state, 1))
    state = act(state, 1, ids(state, 1)[0])
    assert len(state["seats"][1]["culture_hand"]) == 2 and RULES.active_players(state) == {0, 1}


def test_r27_no_coins_or_techs_change_hands():
    """R27: only what a card allows besides the list; no base-set card allows coins or techs."""
    state = build(trade_phase(), 0, 1)
    assert {i.split(":")[1] for i in ids(state, 0) if i.startswith(("give:", "ask:"))} <= {"trade", "culture", "res",
                                                                                           "hut", "card"}
    assert trade.house("tradable_coins") == 0 and trade.house("tradable_techs") == 0


def test_d10_d12_every_id_has_a_readable_path_and_is_short():
    state = trade_phase()
    state = build(state, 0, 1, "give:trade:1")
    for action in paths.legal_actions(state, 0):
        assert len(action.id) < 100
        assert "Act" != english(action.path[0].label, {})
    labels = [english(a.label, {}) for a in paths.legal_actions(state, 0)]
    assert any("Offer to give" in lab and "3 trade" in lab for lab in labels)


def test_r29_the_computer_answers_offers_and_ends_its_trade_step_and_a_timeout_declines():
    state = trade_phase()
    state = build(state, 0, 1, "give:trade:3", "send")
    pick = ai.choose(state, 1, 1)
    assert pick.startswith("accept:")                                       # a gift
    state = act(state, 1, pick)
    state = build(state, 0, 1, "ask:trade:3", "send")
    pick = ai.choose(state, 1, 1)
    assert pick.startswith("decline:")
    state = act(state, 1, pick)
    pick = ai.choose(state, 1, 1)   # its step ends, or it opens an offer its goal wants (R29 allows both)
    assert pick == "done" or pick.startswith("offer:"), pick
    state = build(state, 1, 0, "give:trade:3", "send")                       # a gift: still declined
    state = act(state, 1, "done")
    assert RULES.timeout_action(state, 0).startswith("decline:")
    state = act(state, 0, RULES.timeout_action(state, 0))
    state = build(state, 0, 1, "give:trade:1")
    assert RULES.timeout_action(state, 0) == "withdraw"
    state = act(state, 0, RULES.timeout_action(state, 0))
    assert RULES.timeout_action(state, 0) == "done"
    state = act(state, 0, RULES.timeout_action(state, 0))
    assert state["phase"] == "city"


def test_r27_a_wrong_move_says_why():
    state = trade_phase()
    with pytest.raises(IllegalAction) as err:
        RULES.apply(state, 0, "send")
    assert "Start an offer first" in english(err.value.message, {})
    with pytest.raises(IllegalAction) as err:
        RULES.apply(state, 1, "accept:99")
    assert "no longer open" in english(err.value.message, {})
    assert flow.legal_ids(state, 0)[-1] == "done"


def test_r27_g32_an_exchange_fails_when_a_secret_card_is_gone():
    """The recipient cannot see the proposer's hand (G32): its accept is offered while the
    proposer holds enough cards, and the exchange fails (nothing moves) if the named one is gone."""
    state = trade_phase(("rome", "china", "egypt"))
    state["seats"][0]["culture_hand"] = ["bread_and_circuses.1", "defection.2"]
    state = build(state, 0, 1, "give:card:bread_and_circuses.1", "send")
    state = build(state, 0, 2, "give:card:bread_and_circuses.1", "send")
    first, second = state["offers"][0]["id"], state["offers"][1]["id"]
    state = act(state, 1, f"accept:{first}")
    held = [goods(state, s) for s in range(3)]
    assert f"accept:{second}" in ids(state, 2)
    new, events = RULES.apply(state, 2, f"accept:{second}")
    assert [goods(new, s) for s in range(3)] == held and new["offers"] == []
    assert "fails" in english(events[0].private[2], {})


def test_g23_nobody_offers_more_than_they_hold_and_an_empty_offer_is_not_sent():
    state = trade_phase()
    state["seats"][0]["trade"] = state["seats"][1]["trade"] = 2
    state = build(state, 1, 0)
    for bad, words in (("give:trade:3", "does not have that"), ("ask:trade:3", "does not have that"),
                       ("send", "Add something")):
        with pytest.raises(IllegalAction) as err:
            RULES.apply(state, 1, bad)
        assert words in english(err.value.message, {}), bad


def test_r27_the_public_line_counts_and_names_nobody():
    """While the Trade phase is open, who an offer waits for is private: the public line counts."""
    state = trade_phase(("rome", "china", "egypt"))
    state = act(state, 2, "done")
    state = build(state, 0, 2, "give:trade:1", "send")
    assert RULES.moment(state).asks_privately
    assert english(RULES.moment(state).waiting, {}) == \
        "Trade phase: 3 players still trading, 1 offer waiting for an answer"


def test_an_offer_in_one_command_is_the_engine_s_legal_moves_in_order():
    """/civ trade offer hands its typed options to trade.command_moves: the moves start the
    offer (unless a draft is open), add trade in the biggest steps, culture one by one, and send;
    played in order each is legal and the offer arrives as asked."""
    state = trade_phase()
    amounts = {("give", "trade"): 7, ("give", "culture"): 2, ("ask", "trade"): 1, ("ask", "culture"): 0}
    moves = trade.command_moves(state, 0, 1, amounts)
    assert moves == ["offer:1", "give:trade:3", "give:trade:3", "give:trade:1", "give:culture:1",
                     "give:culture:1", "ask:trade:1", "send"]
    for move in moves:
        state = act(state, 0, move)
    sent = trade.last_sent_offer(state, 0)
    assert sent is not None and sent["to"] == 1 and trade.last_sent_offer(state, 1) is None
    drafting = act(trade_phase(), 0, "offer:1")       # a draft is open: no new start, no send
    assert trade.command_moves(drafting, 0, 1, {("ask", "trade"): 3}, send=False) == ["ask:trade:3"]
    assert trade.command_moves(drafting, 0, None, {}, send=True) == ["send"]
