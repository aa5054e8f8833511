"""Phase 2 steps a-d of Clash of Rage: tactic draw (R22-R24, D11), the simultaneous secret
selection and reveal (R25, section 6.2), turn order (R26, D34)."""
from __future__ import annotations

import copy
import json

import pytest

from engine.base import IllegalAction
from engine.clash_of_rage import data, tactics
from engine.clash_of_rage.setup import setup


def drawn(players: int = 3, seed: int = 1, **options) -> dict:
    state = setup(players, options, seed)
    tactics.begin(state)
    return state


def number(card_id: str) -> int:
    return tactics.card(card_id)["turn_order"]


def pick_all(state: dict, choose=lambda hand: hand[0]) -> list:
    events = []
    for seat in range(state["players"]):
        events += tactics.pick(state, seat, choose(tactics.legal_picks(state, seat)))
    return events


@pytest.mark.parametrize("players", (2, 3, 4))
def test_R22_round_one_forms_a_seven_card_deck_and_draws_three(players):
    state = drawn(players)
    for area in state["seats"]:
        own = sorted(c["id"] for c in data.tactics(area["tribe"]))
        assert len(area["tactic_hand"]) == 3 and len(area["tactic_deck"]) == 4
        assert sorted(area["tactic_hand"] + area["tactic_deck"]) == own
        assert area["tactic_discard"] == []
    assert state["tactics"]["step"] == "select"
    assert sorted(tactics.active_seats(state)) == list(range(players))


def test_R22_the_deck_is_shuffled():
    hands = {tuple(drawn(2, seed)["seats"][0]["tactic_hand"]) for seed in range(10)}
    assert len(hands) > 1


def test_R23_D11_later_rounds_draw_back_to_three():
    state = drawn(2)
    pick_all(state)
    state["round"], state["tactics"]["step"] = 2, "draw"   # the rest of the round is not built yet
    before = [len(a["tactic_deck"]) for a in state["seats"]]
    tactics.begin(state)
    for area, deck in zip(state["seats"], before):
        assert len(area["tactic_hand"]) == 3
        assert len(area["tactic_deck"]) == deck - 1          # exactly one card drawn
        assert len(area["tactic_discard"]) == 1


def test_R24_empty_deck_reshuffles_the_discard():
    state = drawn(2)
    for _ in range(5):      # rounds 1-5 use the 4 cards left in the deck, then the discard
        pick_all(state)
        state["round"] += 1
        state["tactics"]["step"] = "draw"
        tactics.begin(state)
        for area in state["seats"]:
            assert len(area["tactic_hand"]) == 3
            cards = area["tactic_hand"] + area["tactic_deck"] + area["tactic_discard"]
            assert sorted(cards) == sorted(c["id"] for c in data.tactics(area["tribe"]))
    # by round 6 at least one reshuffle happened: 5 cards were played from a 4-card deck
    assert all(len(a["tactic_discard"]) < 5 for a in state["seats"])


def test_R25_a_pick_is_hidden_from_the_other_seats_until_all_have_picked():
    state = drawn(3)
    chosen = tactics.legal_picks(state, 1)[0]
    events = tactics.pick(state, 1, chosen)
    for viewer in (0, 2, None):
        view = json.dumps(tactics.public_view_of_tactics(state, viewer))
        assert chosen not in view
        assert tactics.public_view_of_tactics(state, viewer)["picked"] == 1
    # the pick's own seat sees it; the public event names neither the card nor the seat
    assert tactics.public_view_of_tactics(state, 1)["my_pick"] == chosen
    assert chosen not in events[0].public and "Player 2" not in events[0].public
    assert set(events[0].private) == {1}
    assert tactics.public_view_of_tactics(state, 0)["my_pick"] is None


def test_R25_views_of_two_pickers_do_not_tell_who_picked():
    # the view of seat 0 is the same whichever other seat picked
    a, b = drawn(3), drawn(3)
    tactics.pick(a, 1, tactics.legal_picks(a, 1)[0])
    tactics.pick(b, 2, tactics.legal_picks(b, 2)[0])
    assert tactics.public_view_of_tactics(a, 0) == tactics.public_view_of_tactics(b, 0)


def test_R25_picks_reveal_together_onto_their_owners_discards():
    state = drawn(3)
    picks = {}
    for seat in range(3):
        assert state["tactics"]["revealed"] == {}
        picks[seat] = tactics.legal_picks(state, seat)[-1]
        events = tactics.pick(state, seat, picks[seat])
    assert state["tactics"]["revealed"] == {str(s): c for s, c in picks.items()}
    for seat, c in picks.items():
        assert state["seats"][seat]["tactic_discard"] == [c]
        assert c not in state["seats"][seat]["tactic_hand"]
        assert c in json.dumps(tactics.public_view_of_tactics(state, (seat + 1) % 3))
        assert f"card {tactics.card(c)['turn_order']}" in events[-1].public   # every card told at once
    assert events[-1].hidden
    assert tactics.active_seats(state) == []
    assert state["tactics"]["step"] == "strongholds"    # R27: round 1 places strongholds next


def test_R26_turn_order_by_ascending_card_number():
    for seed in range(10):
        state = drawn(4, seed)
        assert tactics.turn_order(state) == []
        pick_all(state, choose=lambda hand: hand[seed % len(hand)])
        order = tactics.turn_order(state)
        revealed = state["tactics"]["revealed"]
        assert sorted(order) == [0, 1, 2, 3]
        numbers = [number(revealed[str(s)]) for s in order]
        assert numbers == sorted(numbers)
        assert tactics.public_view_of_tactics(state, None)["turn_order"] == order


def test_D34_a_tie_goes_to_fewer_vp_then_lower_seat():
    state = drawn(3)
    hand = {s: tactics.legal_picks(state, s)[0] for s in range(3)}
    revealed = {str(s): c for s, c in hand.items()}
    same = number(hand[0])
    state["seats"][1]["vp"] = 2
    original = tactics.card
    try:     # no printed card ties, so make every card number the same
        tactics.card = lambda cid: dict(original(cid), turn_order=same)
        assert tactics.order_of(state, revealed) == [0, 2, 1]
    finally:
        tactics.card = original


def test_illegal_picks_change_nothing():
    state = drawn(2)
    own = state["seats"][0]["tactic_hand"][0]
    other = state["seats"][1]["tactic_hand"][0]
    in_deck = state["seats"][0]["tactic_deck"][0]
    before = copy.deepcopy(state)
    for seat, card_id in ((0, other), (0, in_deck), (0, "nope"), (5, own)):
        with pytest.raises(IllegalAction):
            tactics.pick(state, seat, card_id)
        assert state == before
    tactics.pick(state, 0, own)
    after = copy.deepcopy(state)
    with pytest.raises(IllegalAction):     # one pick per seat
        tactics.pick(state, 0, state["seats"][0]["tactic_hand"][0])
    assert state == after
    assert tactics.legal_picks(state, 0) == []


def test_no_pick_before_the_draw_and_action_id():
    state = setup(2, {}, 1)
    assert tactics.active_seats(state) == [] and tactics.legal_picks(state, 0) == []
    with pytest.raises(IllegalAction):
        tactics.apply_action(state, 0, "tactic:bohorg_1")
    tactics.begin(state)
    with pytest.raises(IllegalAction):
        tactics.begin(state)              # the draw happens once a round
    card_id = tactics.legal_picks(state, 1)[0]
    tactics.apply_action(state, 1, f"tactic:{card_id}")
    assert tactics.public_view_of_tactics(state, 1)["my_pick"] == card_id


def test_same_seed_same_draws():
    a, b = drawn(4, 5), drawn(4, 5)
    pick_all(a)
    pick_all(b)
    assert json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)
