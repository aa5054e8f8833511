"""Seeded random playouts of Civilization through the whole turn machine, for 2, 3 and 4 players,
with the invariants checked along the way: figures, city markers, unit cards, culture cards,
building markers, market resource tokens and great people each in exactly one place; trade within its dial; nobody's
hidden cards in another view; the state stays plain JSON; replaying the action log gives the same
state. (Random players rarely win; the playouts stop after a fixed number of moves.)"""
from __future__ import annotations

import json
import random
from collections import Counter

import pytest

from engine.civilization import RULES, data, flow
from tests.contract.harness import check_hidden

MOVES = 1000
VIEW_STRIDE = 9


def check_figures(state):
    for seat, area in enumerate(state["seats"]):
        on_map = Counter(f["kind"] for f in state["figures"] if f["owner"] == seat)
        armies = 7 if area["civ"] == "russia" else 6
        assert on_map["army"] + area["unbuilt"]["army"] == armies, (seat, on_map, area["unbuilt"])
        assert on_map["scout"] + area["unbuilt"]["scout"] == 2
        cities = sum(1 for c in state["cities"] if c["owner"] == seat)
        assert cities + area["unbuilt"]["city"] == 3
        assert 0 <= area["trade"] <= 27                                     # R25


def check_cards(state):
    units = Counter()
    for d in state["decks"]["units"].values():
        units.update(d["down"] + d["up"])
    for area in state["seats"]:
        units.update(area["standing_forces"])
    b = state.get("battle")
    if b:
        for side_cards in b.get("hands", {}).values():
            units.update(side_cards)
        for front in b.get("fronts", []):
            units.update(u["card"] if isinstance(u, dict) else u for k, u in front.items() if k in ("attacker", "defender") and u)
    every = Counter(c["id"] for t in data.collection("units") for c in t["cards"])
    assert units == every, (units - every, every - units)
    culture = Counter()
    for d in state["decks"]["culture"].values():
        culture.update(d["down"] + d["up"])
    for area in state["seats"]:
        culture.update(area["culture_hand"])
    assert sum(culture.values()) == sum(r["copies"] for r in data.collection("culture_events"))
    assert max(culture.values()) == 1                                      # each copy is one card
    placed = Counter(data.by_id("buildings")[b["id"]]["pair"] for b in state["buildings"].values())
    for pair, left in state["decks"]["buildings"].items():
        supply = next(r["markers"] for r in data.collection("buildings") if r["id"] == pair)
        assert left + placed[pair] == supply, (pair, left, placed[pair])
    # market resource tokens: the supply plus every sheet's tokens is what setup put out (S4)
    held = Counter(r for area in state["seats"] for r in area["resources"])
    for res, left in state["decks"]["resources"].items():
        assert left >= 0 and left + held[res] == state["players"], (res, left, held[res])
    people = len(state["decks"]["great_people"]) + len(state["great_people_at"]) + sum(
        len(a["great_people"]) for a in state["seats"])
    assert people <= 18


def check_views(state):
    views = {v: RULES.view(state, v) for v in [None] + list(range(state["players"]))}
    check_hidden(RULES, state, state["players"], views)
    json.dumps(views)

def playout(players: int, seed: int):
    state = RULES.setup(players, {}, seed)
    rng = random.Random(seed)
    log = []
    for n in range(MOVES):
        if state.get("result"):
            break
        seat = rng.choice(sorted(RULES.active_players(state)))
        legal = flow.legal_ids(state, seat)
        assert legal, (seat, state["phase"])
        busy = [a for a in legal if a != "done"]
        action_id = rng.choice(busy) if busy and rng.random() < 0.85 else rng.choice(legal)
        state, _ = RULES.apply(state, seat, action_id)
        log.append((seat, action_id))
        check_figures(state)
        check_cards(state)
        if n % VIEW_STRIDE == 0:
            check_views(state)
            assert json.loads(json.dumps(state)) == state
    return state, log


@pytest.mark.parametrize("players,seed", [(2, 1), (3, 2), (4, 3)])
def test_random_playout_keeps_the_invariants_and_replays(players, seed):
    state, log = playout(players, seed)
    assert state["turn"] >= 3, "the playout went through whole turns"
    replay = RULES.setup(players, {}, seed)
    for seat, action_id in log:
        replay, _ = RULES.apply(replay, seat, action_id)
    assert replay == state
