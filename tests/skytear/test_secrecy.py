"""The secrecy hook `redeal` (engine/skytear/secrecy.py): copies a viewer cannot tell apart from
the state (spec 6.2, 6.3: hands, set-aside and face-down cards, deck order), and the public
output of moves made on them (R30, R74: nothing public depends on a hidden hand)."""
from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from engine.skytear import RULES, secrecy
from engine.text import to_json

from . import fixtures as fx
from .flowkit import act, hero_state


def opened(players: int, seed: int) -> dict:
    """A game just past the mulligan (everyone keeps)."""
    st = RULES.setup(players, {}, seed)
    for seat in range(players):
        st = act(st, seat, "keep")
    return st


def counts(state: dict) -> dict:
    return {zone: {s: len(v) for s, v in state[zone].items()} for zone in ("hands", "decks", "discards")} | {
        "leads": {h: [x["from"] for x in d["leads"]] for h, d in state["heroes"].items()}}


def own_cards(state: dict, seat: int) -> Counter:
    """Every card instance of a seat that is not public: hand, deck and lead cards."""
    leads = [x["card"] for d in state["heroes"].values() if d["owner"] == seat for x in d["leads"]]
    return Counter(state["hands"][str(seat)] + state["decks"][str(seat)] + leads)


def public_output(state: dict, events: list) -> dict:
    moment = RULES.moment(state)
    private = moment.asks_privately
    return {"texts": [to_json(e.public) for e in events], "view": RULES.view(state, None), "private": private,
            "moment": (moment.kind, moment.owner, to_json(moment.waiting)),
            "to_act": None if private else sorted(moment.seats), "result": state.get("result")}


@pytest.mark.parametrize("players", [2, 3, 4])
def test_redeal_keeps_every_count_and_every_public_fact(players):
    st = opened(players, 11)
    before = copy.deepcopy(st)
    for viewer in [None] + list(range(players)):
        for n in range(4):
            other = RULES.redeal(st, viewer, random.Random(n))
            assert st == before, "the state given is never changed"
            assert other["rng"] == st["rng"], "the state's own generator is left as it is"
            assert counts(other) == counts(st)
            assert RULES.view(other, None) == RULES.view(st, None)
            if viewer is not None:
                assert RULES.view(other, viewer) == RULES.view(st, viewer), "the viewer sees no difference"
                assert RULES.legal_actions(other, viewer) == RULES.legal_actions(st, viewer)
            for seat in range(players):
                assert own_cards(other, seat) == own_cards(st, seat), "a seat's cards stay its own"
                assert other["decks"][str(seat)][:secrecy.DICE] == st["decks"][str(seat)][:secrecy.DICE], \
                    "a deck's next cards (the game's dice) stay in place"


def test_redeal_deals_the_hidden_hands_again_and_never_the_viewers_own():
    """Spec 6.2: a hand is known only to its player."""
    st = opened(2, 5)
    seen_0, seen_1 = set(), set()
    for n in range(10):
        for_seat_0 = RULES.redeal(st, 0, random.Random(n))
        assert for_seat_0["hands"]["0"] == st["hands"]["0"], "seat 0 knows its own hand"
        seen_1.add(tuple(for_seat_0["hands"]["1"]))
        for_all = RULES.redeal(st, None, random.Random(n))
        seen_0.add(tuple(for_all["hands"]["0"]))
    assert len(seen_1) > 1 and len(seen_0) > 1, "the hands really change"
    assert any(set(h) != set(st["hands"]["1"]) for h in seen_1), "other cards, not only another order"


def test_R68_redeal_in_the_mulligan_deals_the_cards_set_aside_again_only_while_two_seats_choose():
    """R68: the cards set aside are secret until they go 「面朝上放在棄牌堆中」, which happens when
    the last seat keeps (G29: simultaneous)."""
    st = RULES.setup(2, {}, 3)
    st = act(act(st, 0, f"toss:{st['hands']['0'][0]}"), 1, f"toss:{st['hands']['1'][0]}")
    tossed = list(st["mulligan"]["1"]["tossed"])
    picks = {tuple(RULES.redeal(st, 0, random.Random(n))["mulligan"]["1"]["tossed"]) for n in range(10)}
    assert len(picks) > 1 and all(len(p) == 1 for p in picks)
    st = act(st, 0, "keep")                # one seat left: its keep turns every set-aside card over
    for n in range(5):
        other = RULES.redeal(st, 0, random.Random(n))
        assert other["mulligan"]["1"]["tossed"] == tossed and tossed[0] in other["hands"]["1"]


def lead_state():
    """Seat 1 has led a card from its hand under Yami and one from its deck under Cotlic."""
    st = hero_state({"sakoshi": (0, "D5"), "akhuti": (0, "B6"), "yami": (1, "E5"), "cotlic": (1, "L6")})
    for _ in range(20):
        fx.give(st, 1, "ignite", "decks")
        fx.give(st, 0, "ignite", "decks")
    for card in ("life_steal", "ambush", "sacrifice"):
        fx.give(st, 1, card)
    hand_lead = fx.give(st, 1, "submit_to_me")
    st["hands"]["1"].remove(hand_lead)
    st["heroes"]["yami"]["leads"] = [{"card": hand_lead, "from": "hand"}]
    deck_lead = fx.give(st, 1, "king_of_hosts")
    st["hands"]["1"].remove(deck_lead)
    st["heroes"]["cotlic"]["leads"] = [{"card": deck_lead, "from": "deck"}]
    return st, hand_lead, deck_lead


def test_R47_redeal_deals_lead_cards_again_when_no_move_can_turn_them_over():
    """R47: a lead card lies face down, 「不對你的對手揭示」; one from the deck top is taken
    「不可查看該卡牌」 (its owner does not see it either)."""
    st, hand_lead, deck_lead = lead_state()       # choosing a hero to activate: nothing resolves
    assert secrecy.nothing_turns_over(st)
    public = {RULES.redeal(st, None, random.Random(n))["heroes"]["yami"]["leads"][0]["card"] for n in range(10)}
    assert len(public) > 1
    for n in range(10):
        own = RULES.redeal(st, 1, random.Random(n))
        assert own["heroes"]["yami"]["leads"][0]["card"] == hand_lead, "its owner knows what it led from its hand"
        assert own["heroes"]["yami"]["leads"][0]["from"] == "hand"
    unseen = {RULES.redeal(st, 1, random.Random(n))["heroes"]["cotlic"]["leads"][0]["card"] for n in range(10)}
    assert len(unseen) > 1, "nobody knows a card led from the deck, not even its owner"


def test_R86_R107_redeal_keeps_lead_cards_when_the_next_move_may_reveal_them():
    """A defeat discards a hero's lead cards face up (G22) and the minion phase reveals them
    (「領導牌將會在手下階段被揭示」): a move that may do either is made against them as they lie."""
    st, hand_lead, deck_lead = lead_state()
    st["turn_side"] = 0
    st = act(act(st, 0, "activate:sakoshi"), 0, "attack:yami")     # seat 1's pass resolves the attack
    assert not secrecy.nothing_turns_over(st)
    for n in range(6):
        other = RULES.redeal(st, None, random.Random(n))
        assert other["heroes"]["yami"]["leads"][0]["card"] == hand_lead
        assert other["heroes"]["cotlic"]["leads"][0]["card"] == deck_lead


@pytest.mark.parametrize("players,seed", [(2, 21), (2, 22), (4, 23)])
def test_no_public_output_depends_on_a_hidden_card(players, seed):
    """Seeded playouts (the computer player and random moves): at every move, copies dealt again
    for the mover (the others' secrets) keep its legal moves and the move's public output; copies
    dealt again for the public (the mover's hand too) give the same public output whenever the
    move is still legal there (R30: no activation ends from what a hand holds; R74: the windows
    ask the same way)."""
    st = opened(players, seed)
    rng = random.Random(seed)
    checked = 0
    for n in range(140):
        if RULES.result(st):
            break
        seat = rng.choice(sorted(RULES.active_players(st)))
        legal = [a.id for a in RULES.legal_actions(st, seat)]
        action = rng.choice(legal) if rng.random() < 0.4 else RULES.ai_choose(st, seat, seed + n)
        new, events = RULES.apply(st, seat, action)
        expected = public_output(new, events)
        for viewer in (seat, None):
            other = RULES.redeal(st, viewer, random.Random(n))
            if viewer is not None:
                assert [a.id for a in RULES.legal_actions(other, seat)] == legal, (n, action)
            elif action not in {a.id for a in RULES.legal_actions(other, seat)}:
                continue
            assert public_output(*RULES.apply(other, seat, action)) == expected, (n, seat, action, viewer)
            checked += 1
        st = new
    assert checked > 100
