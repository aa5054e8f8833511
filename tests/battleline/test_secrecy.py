"""The secrecy hook (`RULES.redeal`, engine/battleline/secrecy.py): copies a viewer cannot tell apart
from the state, the cards he cannot see dealt again.

Seed lines followed: the hands are dealt from the shuffled troop cards and the tactics cards lie
shuffled face down 「把60张部队牌洗匀,双方各发7张。剩余部队牌构成牌堆……战术牌洗匀后牌面向下放在战线的另一边」;
hands and decks are hidden and never count for a claim 「只看桌面上牌面向上的牌……不考虑手牌和牌堆里的牌」;
a Scout player puts two cards face down on top of their own decks 「从手牌中选择两张,牌面向下,放回到相应牌堆顶端」
(he knows them: D15)."""
from __future__ import annotations

import copy
import functools
import random
from collections import Counter

from engine.battleline import RULES
from engine.battleline.cards import is_troop

from .helpers import A, B, build, ids


@functools.cache
def positions() -> tuple:
    """States along seeded games: two and three players, a series (a new deal), Scout under way
    and Scout memos (D15)."""
    out = []
    for seed, players, options in ((1, 2, {}), (2, 3, {}), (3, 2, {"series_target": 7}),
                                   (4, 2, {"variant": "advanced"})):
        rng = random.Random(seed)
        state = RULES.setup(players, options, seed)
        while RULES.result(state) is None:
            seat = min(RULES.active_players(state))
            out.append(state)
            state, _ = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)).id)
    assert any(s["scout"] for s in out) and any(any(s["scout_memo"]) for s in out)
    return tuple(out)


def cards(state: dict) -> Counter:
    return Counter([c for h in state["hands"] for c in h] + state["troop_deck"] + state["tactics_deck"])


def test_redeal_keeps_every_count_and_what_the_viewer_sees():
    """For the public (None) and each seat: the same public view and the same view to that seat,
    the same cards in hands and decks altogether, each hand's troop/tactics split (D15) and deck
    size, troop cards only in the troop deck and tactics only in the tactics deck (R16, R50), the
    seat's own hand and the deck places his Scout memo names untouched, the random generator and
    the seat's moves the same; the state itself unchanged."""
    rng = random.Random(7)
    for state in positions()[::3]:
        before = copy.deepcopy(state)
        for viewer in [None] + list(range(state["players"])):
            other = RULES.redeal(state, viewer, rng)
            assert state == before
            assert RULES.view(other, None) == RULES.view(state, None)
            assert cards(other) == cards(state) and other["rng"] == state["rng"]
            assert all(is_troop(c) for c in other["troop_deck"]) and not any(is_troop(c) for c in other["tactics_deck"])
            assert [len(d) for d in (other["troop_deck"], other["tactics_deck"])] == \
                [len(d) for d in (state["troop_deck"], state["tactics_deck"])]
            for h, g in zip(state["hands"], other["hands"]):
                assert (len(h), sum(map(is_troop, h))) == (len(g), sum(map(is_troop, g)))
            if viewer is None:
                continue
            assert RULES.view(other, viewer) == RULES.view(state, viewer)
            assert other["hands"][viewer] == state["hands"][viewer]
            for memo in state["scout_memo"][viewer]:
                deck = memo["deck"] + "_deck"
                assert state[deck].index(memo["card"]) == other[deck].index(memo["card"])
            if viewer in RULES.active_players(state):
                assert ids(RULES.legal_actions(other, viewer)) == ids(RULES.legal_actions(state, viewer))


def test_redeal_deals_the_hidden_cards_again():
    """Over a few random generators the other hands and the deck order really change."""
    state = RULES.setup(2, {}, 5)
    hands = {tuple(RULES.redeal(state, A, random.Random(r))["hands"][B]) for r in range(6)}
    decks = {tuple(RULES.redeal(state, None, random.Random(r))["troop_deck"]) for r in range(6)}
    tactics = {tuple(RULES.redeal(state, B, random.Random(r))["tactics_deck"]) for r in range(6)}
    assert len(hands) > 1 and len(decks) > 1 and len(tactics) > 1
    assert {tuple(RULES.redeal(state, A, random.Random(r))["hands"][A]) for r in range(6)} == {tuple(state["hands"][A])}


def test_a_scout_memo_stays_known_to_its_owner_and_moves_with_the_deal_for_others():
    """R50, D15: A put red1 on top of the troop deck with Scout: A knows it lies there, so his copies
    keep it; for B it is an unknown card, and A's memo then names the card lying in its place."""
    state = build({}, {A: ["red2", "T-FOG"], B: ["blue2"]}, troop_deck=["green1", "green2", "red1"],
                  tactics_deck=["T-MUD", "T-SCOUT"])
    state["scout_memo"][A] = [{"card": "red1", "deck": "troop"}]
    for r in range(6):
        mine = RULES.redeal(state, A, random.Random(r))
        assert mine["troop_deck"][-1] == "red1" and mine["scout_memo"][A] == state["scout_memo"][A]
    moved = 0
    for r in range(12):
        theirs = RULES.redeal(state, B, random.Random(r))
        assert theirs["scout_memo"][A] == [{"card": theirs["troop_deck"][-1], "deck": "troop"}]
        moved += theirs["troop_deck"][-1] != "red1"
    assert moved
