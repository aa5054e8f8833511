"""A stored move is always one of the legal ids, spelled exactly so: apply refuses every other id,
raising IllegalAction and leaving the state as it was. The one other form a move may take is a
listed paid move with the cards that pay it replaced by other cards the player names (pay_with).

A fuzzed `formation` id outside the list (`formation:2,1` for the listed `formation:1,2`) was once
accepted and stored; so were `end:x`, a hero move or a build placed in one go, and other spellings."""
from __future__ import annotations

import copy
import functools
import random
import re

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.base import IllegalAction
from engine.battalia import RULES, pay_with

from tests.battleline.id_mutations import mutated

from .helpers import clear_hand, give, listed, ready_game, road_line

PAID = ("hire", "craft", "road", "city", "upgrade", "hero", "tent", "move", "retreat")  # moves paid with cards
CARDS = re.compile(r"[kv]\d+(,[kv]\d+)*")


def other_payment(candidate: str, legal: list[str]) -> bool:
    """Whether `candidate` is a listed paid move paid with other cards (distinct card ids in place of
    the cards the listed id names): the one form besides the listed ids that apply may accept."""
    head, _, paid = candidate.rpartition(":")
    if head.split(":")[0] not in PAID or not CARDS.fullmatch(paid) or len(set(paid.split(","))) < paid.count(",") + 1:
        return False
    return any(a.rpartition(":")[0] == head and CARDS.fullmatch(a.rpartition(":")[2]) for a in legal)


@functools.cache
def positions() -> tuple:
    """(state, seat asked) along seeded games of 2, 3 and 4 players (random moves and the computer
    player): setup, the start of turns (Formations), actions, battles and questions."""
    out = []
    for seed, n, options in ((3, 2, {"weeks": 1}), (4, 3, {"weeks": 1}), (5, 4, {"weeks": 1})):
        rng = random.Random(seed)
        state = RULES.setup(n, options, seed)
        for k in range(500):
            if RULES.result(state) is not None:
                break
            seat = min(RULES.active_players(state))
            if k % 3 == 0 or state["phase"] == "start" or state["battle"]:
                out.append((state, seat))
            acts = [a.id for a in RULES.legal_actions(state, seat)]
            move = rng.choice(acts) if rng.random() < 0.6 else RULES.ai_choose(state, seat, k)
            state, _ = RULES.apply(state, seat, move)
    out += battle_positions()
    verbs = {a.id.split(":")[0] for s, seat in out for a in RULES.legal_actions(s, seat)}
    assert {"formation", "hire", "move", "attack", "add", "commit", "fight", "retreat", "end"} <= verbs, verbs
    return tuple(out)


def battle_positions() -> list:
    """Before and after a lone hero is attacked (R85): hero moves, the attacker's opening, then the
    defender's choice (fight back, retreat paying Supply or a Horse, surrender: R92, R96)."""
    s = road_line()
    s["players"][1]["heroes"] = ["c2", None]
    s["players"][0]["heroes"] = ["c2", None]
    (w,) = give(s, 0, [("weapon", "G")])
    give(s, 0, [("soldier", "G"), ("captain", "B"), ("supply", None), ("supply", None)])  # hero moves too
    opening, _ = RULES.apply(s, 0, "attack:c2:p1:1")
    added, _ = RULES.apply(opening, 0, f"add:{w}")
    decide, _ = RULES.apply(added, 0, "commit")
    give(decide, 1, [("supply", None)] * 3 + [("horse", None)])
    return [(s, 0), (opening, 0), (added, 0), (decide, 1)]


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_apply_refuses_every_id_that_is_not_listed(data):
    """Other orders of a list's items (the seats a Formation is shown to), items repeated, spaces,
    case, numbers written otherwise or unknown, parts dropped, doubled, emptied, added or swapped."""
    state, seat = data.draw(st.sampled_from(positions()))
    legal = [a.id for a in RULES.legal_actions(state, seat)]
    candidate = data.draw(mutated(data.draw(st.sampled_from(legal))))
    assume(candidate not in legal and not other_payment(candidate, legal))
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        RULES.apply(state, seat, candidate)
    assert state == before


def formation_start(n: int):
    s = ready_game(n, 3, {"removed_faction": "R"} if n == 2 else {})
    clear_hand(s, 0)
    shown = give(s, 0, [("soldier", "G")] * 3)
    give(s, 0, [("captain", "B"), ("supply", None)])
    return s, ",".join(sorted(shown, key=lambda c: int(c[1:])))


def test_a_formation_is_declared_only_as_listed():
    """R23, seed 「當一個玩家宣告一個隊列時他必須向他選擇的至少一個對手展示那個隊列」: the declarer shows the
    cards to at least one opponent of his choice. The listed ids name the cards shown and, with
    several opponents, the opponents in rising order; no other spelling is a move."""
    s, cards = formation_start(3)
    legal = [a.id for a in RULES.legal_actions(s, 0) if a.id.startswith("formation")]
    assert legal == [f"formation:{cards}:1", f"formation:{cards}:2", f"formation:{cards}:1,2"]
    before = copy.deepcopy(s)
    for bad in (f"formation:{cards}:2,1", f"formation:{cards}:1,1", f"formation:{cards}:1,2,1", f"formation:{cards}:0",
                f"formation:{cards}:3", f"formation:{cards}:01", f"formation:{cards}: 1", f"formation:{cards}:",
                f"formation:{cards}", "formation", "formation:1", "formation:1,2", "formation:2,1",
                f"formation:{cards},{cards.split(',')[0]}:1", f"formation:{cards.split(',', 1)[1]}:1"):
        with pytest.raises(IllegalAction):
            RULES.apply(s, 0, bad)
    assert s == before
    s2, cards2 = formation_start(2)
    assert [a.id for a in RULES.legal_actions(s2, 0) if a.id.startswith("formation")] == [f"formation:{cards2}"]
    for bad in ("formation", "formation:1", f"formation:{cards2}:1"):
        with pytest.raises(IllegalAction):
            RULES.apply(s2, 0, bad)


def test_a_paid_move_names_its_cards_and_may_name_others():
    """R79: a hero step costs 1 Supply. The listed move names the Supply cards the engine picks; the
    player may name others (pay_with), each once; the move without cards, or paid with a card twice,
    is no move."""
    s = road_line()
    sups = give(s, 0, [("supply", None)] * 3)
    legal = [a.id for a in RULES.legal_actions(s, 0)]
    assert f"move:1:c2:{sups[0]}" in legal and "move:1:c2:sup" not in legal
    for bad in ("move:1:c2:sup", "move:1:c2", f"move:1:c2:{sups[1]},{sups[1]}", f"move:1:c2:{sups[0]} ",
                f"move:1:c2:{sups[0]}:{sups[1]}", "end:x"):
        with pytest.raises(IllegalAction):
            RULES.apply(s, 0, bad)
    moved, _ = RULES.apply(s, 0, pay_with(f"move:1:c2:{sups[0]}", sups[2]))
    assert moved["players"][0]["heroes"][0] == "c2" and sups[2] in moved["players"][0]["played"]
    assert listed(s, 0, "move:1:c2:sup") == f"move:1:c2:{sups[0]}"


def test_a_list_for_one_verb_holds_exactly_that_verb_s_moves():
    """apply checks a move against a list made for its verb only (legal_actions(..., verb=)):
    at every position, for every verb listed and a few that are not, that list's moves of the verb
    are exactly the full list's; a section that skipped too much would refuse a legal move."""
    from engine.battalia.legal import legal_actions

    def of(actions, verb):
        return sorted(a.id for a in actions if a.id.split(":", 1)[0] == verb)

    checked = 0
    for state, seat in positions():
        full = legal_actions(state, seat)
        verbs = {a.id.split(":", 1)[0] for a in full} | {"hire", "wings", "tent", "ambush", "city"}
        for verb in sorted(verbs):
            assert of(legal_actions(state, seat, verb=verb), verb) == of(full, verb), (state["phase"], verb)
            checked += bool(of(full, verb))
    assert checked > 500
