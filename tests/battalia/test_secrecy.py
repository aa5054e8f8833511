"""The secrecy hook (`RULES.redeal`, engine/battalia/secrecy.py) and what keeps public output free of
hidden cards: the Sanctuary's visible top card (G28) and the ids of paid moves.

Seed lines followed: a player's Realm is face down and nobody looks into it 「之後他們各自洗勻自己的卡牌
並面朝下地放置在自己的玩家區域的左方，組成一個抽牌牌庫，稱為國度」「玩家們不可以任何原因查看他們抽牌牌庫中的卡牌」;
the hand is private 「各個玩家秘密地檢示自己的起始卡牌」; Ambush cards lie face down and go back
unshown 「該玩家面朝下地放置在預先標記的位置的卡牌被視為在偷襲裡」「不要展示那些卡牌給對手看」; the
Sanctuary's top card is visible so the piles are told apart 「這堆牌最頂端的卡牌應該是可見的，好讓大家更容易
辨認不同的牌庫」."""
from __future__ import annotations

import copy
import functools
import random
from collections import Counter

import pytest

from engine.battalia import RULES

from .helpers import actions_phase, check_invariants, clear_hand, give, ids, listed, road_line

HIDDEN = ("hand", "ambush", "realm", "sanctuary")


@functools.cache
def positions() -> tuple:
    """States along seeded games (2-4 players, scenario 2 with its hidden Great Artifacts), every
    seventh move, battles and questions included."""
    out = []
    for seed, n, options in ((11, 2, {"weeks": 1}), (12, 3, {"weeks": 1}),
                             (13, 4, {"variant": "scenario2", "weeks": 1})):
        rng = random.Random(seed)
        state = RULES.setup(n, options, seed)
        k = 0
        while RULES.result(state) is None and k < 700:
            seat = min(RULES.active_players(state))
            if k % 7 == 0:
                out.append(state)
            acts = [a.id for a in RULES.legal_actions(state, seat)]
            move = rng.choice(acts) if rng.random() < 0.5 else RULES.ai_choose(state, seat, k)
            state, _ = RULES.apply(state, seat, move)
            k += 1
    return tuple(out)


def holdings(state: dict, seat: int) -> Counter:
    """Every card of a player's hidden zones (his deck's make-up there is known; where each lies is not)."""
    p = state["players"][seat]
    return Counter(c for zone in HIDDEN for c in p[zone])


def test_redeal_keeps_every_count_and_the_public_view():
    """For the public (None) and each seat: the copy shows the same public view and the same view
    to that seat, every zone the same size, each player's hidden cards the same make-up, the seat's
    own hand, Ambush and Sanctuary untouched (his Realm's order is unknown to him too), the pool and
    the random generator as they were, the seat's moves the same; the state itself unchanged."""
    rng = random.Random(1)
    for state in positions():
        before = copy.deepcopy(state)
        for viewer in [None] + list(range(state["n"])):
            copy_ = RULES.redeal(state, viewer, rng)
            assert state == before
            assert RULES.view(copy_, None) == RULES.view(state, None)
            assert copy_["rng"] == state["rng"] and copy_["pool"]["units"] == state["pool"]["units"]
            check_invariants(copy_, (len(state["cards"]), len(state["terrain"])))
            for p, q in zip(state["players"], copy_["players"]):
                assert {z: len(p[z]) for z in HIDDEN} == {z: len(q[z]) for z in HIDDEN}
                assert holdings(state, p["seat"]) == holdings(copy_, p["seat"])
            if viewer is not None:
                assert RULES.view(copy_, viewer) == RULES.view(state, viewer)
                mine, theirs = state["players"][viewer], copy_["players"][viewer]
                assert all(mine[z] == theirs[z] for z in ("hand", "ambush", "sanctuary"))
                assert sorted(mine["realm"]) == sorted(theirs["realm"])
                assert ids(RULES.legal_actions(copy_, viewer)) == ids(RULES.legal_actions(state, viewer))


def test_redeal_deals_the_hidden_cards_again():
    """Over a few random generators the other players' hands really change (and the Realm order of
    the viewer's own deck), while the public copy deals everyone's hand again."""
    state = next(s for s in positions() if s["phase"] == "actions" and s["n"] == 3)
    for viewer in (None, 0):
        hands = {tuple(RULES.redeal(state, viewer, random.Random(r))["players"][1]["hand"]) for r in range(8)}
        assert len(hands) > 1
    realms = {tuple(RULES.redeal(state, 0, random.Random(r))["players"][0]["realm"]) for r in range(8)}
    assert len(realms) > 1 or len(state["players"][0]["realm"]) < 2
    public_own = {tuple(RULES.redeal(state, None, random.Random(r))["players"][0]["hand"]) for r in range(8)}
    assert len(public_own) > 1


def test_redeal_keeps_what_a_move_showed_this_turn():
    """Cards used this turn (R35: played face up) and cards back from a struck Tent (R69: Tent cards
    are public) stay where they are in every copy; the Formation cards shown to a seat (R23) stay
    in the declarer's hand for that seat, not for the others."""
    s = actions_phase(2, seed=41)
    s["round"] = 6  # Tent illuminated
    tent, a = give(s, 0, [("tent", None), ("soldier", "G")])
    give(s, 0, [("supply", None), ("supply", None), ("captain", None)])
    s, _ = RULES.apply(s, 0, listed(s, 0, f"tent:{tent}:{a}"))
    s, _ = RULES.apply(s, 0, f"strike:{tent}")
    assert a in s["players"][0]["hand"]
    for r in range(6):
        assert a in RULES.redeal(s, None, random.Random(r))["players"][0]["hand"]
        assert a in RULES.redeal(s, 1, random.Random(r))["players"][0]["hand"]

    f = actions_phase(3, seed=5)
    f["phase"] = "start"
    clear_hand(f, 0)
    shown = give(f, 0, [("soldier", "G")] * 3)
    give(f, 0, [("captain", "B"), ("supply", None)])
    f, _ = RULES.apply(f, 0, listed(f, 0, "formation:2"))
    moved_for_1 = moved_for_2 = 0
    for r in range(8):
        assert set(shown) <= set(RULES.redeal(f, 2, random.Random(r))["players"][0]["hand"])
        moved_for_1 += not set(shown) <= set(RULES.redeal(f, 1, random.Random(r))["players"][0]["hand"])
        moved_for_2 += not set(shown) <= set(RULES.redeal(f, None, random.Random(r))["players"][0]["hand"])
    assert moved_for_1 and moved_for_2


def test_redeal_scenario2_hidden_great_artifacts():
    """3.6 / R132: the Great Artifact under each corner city and the fifth, back in the box unseen,
    are unknown to everyone: copies deal them again over the same squares."""
    s = RULES.setup(4, {"variant": "scenario2"}, 3)
    pool = s["pool"]
    unseen = sorted(list(pool["hidden_great"].values()) + pool["box"][:1])
    seen = set()
    for r in range(10):
        c = RULES.redeal(s, None, random.Random(r))["pool"]
        assert sorted(c["hidden_great"]) == sorted(pool["hidden_great"])
        assert sorted(list(c["hidden_great"].values()) + c["box"][:1]) == unseen
        seen.add(tuple(c["hidden_great"][sq] for sq in sorted(c["hidden_great"])))
    assert len(seen) > 1


# ---------------------------------------------------------------- G28: the Sanctuary's visible top card

def test_G28_hand_leftovers_go_onto_the_sanctuary_face_down():
    """House reading of G28 (R15, R24): the cards left in a hand go onto the Sanctuary face down, so
    the card others see there is one played face up, never one the engine took from a hidden hand;
    a Sanctuary of face-down cards only shows none. The owner still browses all of it (R8)."""
    s = road_line()
    clear_hand(s, 0)
    give(s, 0, [("supply", None)] * 6, zone="realm")  # the draw after it needs no reshuffle
    sol, sup = give(s, 0, [("soldier", None), ("supply", None)])
    left = give(s, 0, [("commander", None), ("priest", None)])
    s, _ = RULES.apply(s, 0, listed(s, 0, "road:straight"))
    s, _ = RULES.apply(s, 0, "place:f2:1")
    s, _ = RULES.apply(s, 0, "end")
    p = s["players"][0]
    assert set(left) <= set(p["sanctuary"]) and p["sanctuary_face_down"] == left
    top = RULES.view(s, None)["players"][0]["sanctuary_top"]
    assert top is not None and "Commander" not in str(top) and "Priest" not in str(top)

    r = actions_phase(2, seed=9)
    r["phase"] = "start"
    r["players"][0]["sanctuary"] = []
    give(r, 0, [("supply", None)] * 5, zone="realm")  # the 5 new cards come without a reshuffle
    give(r, 0, [("commander", None), ("priest", None)])
    r, _ = RULES.apply(r, 0, "redeploy")  # R24: the hand goes to the Sanctuary, 5 new cards are drawn
    assert r["players"][0]["sanctuary"] and RULES.view(r, None)["players"][0]["sanctuary_top"] is None
    assert len(RULES.view(r, 0)["sanctuary"]) == 2, "the owner still browses his own Sanctuary (R8)"


@pytest.mark.parametrize("move", ["end", "redeploy"])
def test_G28_the_public_view_after_discarding_does_not_depend_on_the_hand(move):
    """The same move from two hands of the same size: the public views after it are the same."""
    views = []
    for kinds in ([("commander", None), ("priest", None)], [("soldier", None), ("supply", None)]):
        s = actions_phase(2, seed=9)
        if move == "redeploy":
            s["phase"] = "start"
        clear_hand(s, 0)
        give(s, 0, [("supply", None)] * 6, zone="realm")  # no reshuffle empties the Sanctuary
        give(s, 0, kinds)
        s, _ = RULES.apply(s, 0, move)
        views.append(RULES.view(s, None)["players"][0])
    assert views[0] == views[1]
