"""Seeded random playouts of Clash of Rage to the end, for 2, 3 and 4 players and the options, with
the invariants checked along the way: every model, equipment card, legendary card and tactic card in
exactly one place; no territory shared outside a battle (D9); VP as the rules count them; nobody's
hidden cards in another view; the state stays plain JSON; replaying the action log gives the same
state; and the game ends with a winner."""
from __future__ import annotations

import json
import random

import pytest

from engine.clash_of_rage import RULES, actions, data, rounds
from tests.contract.harness import check_hidden

VIEW_STRIDE = 31        # views are the dear part (walked for hidden ids): checked every few dozen moves
MOVE_CAP = 20000


def check_models(state):
    for seat, area in enumerate(state["seats"]):
        for unit in data.tribe(area["tribe"])["units"]:
            tier = str(unit["tier"])
            on_board = sum(by_seat.get(str(seat), {}).get(tier, 0) for by_seat in state["units"].values())
            assert area["reserve"][tier] >= 0 and on_board + area["reserve"][tier] == unit["max_models"], \
                (seat, tier, on_board, area["reserve"][tier])


def check_cards(state):
    copies = {e["id"]: e["copies"] for e in data.equipment()}
    legendary = {e["id"] for e in data.legendary()}
    seen: dict[str, int] = {}

    def count(item):
        seen[item] = seen.get(item, 0) + 1

    for item in state["equipment_deck"] + state["equipment_discard"]:
        count(item)
    for stack in state["market"]:
        assert stack["count"] > 0
        for _ in range(stack["count"]):
            count(stack["item"])
    assert len({s["item"] for s in state["market"]}) == len(state["market"])     # R71: different items
    for slots in state["elf_card"].values():
        for item in filter(None, slots.values()):
            count(item)
    for area in state["seats"]:
        for slots in area["equipped"].values():
            for slot, item in slots.items():
                if item:
                    assert data.item(item)["slot"] == slot                        # R74: by kind
                    count(item)
        for item in area["set_aside"]:
            count(item)
    forged = [c for area in state["seats"] for c in area["legendary"]]
    drawn = (state.get("forge") or {}).get("cards", [])
    assert sorted(state["legendary_deck"] + drawn + forged) == sorted(legendary)
    assert {k: v for k, v in seen.items() if k not in legendary} == copies
    assert sorted(k for k in seen if k in legendary) == sorted(forged)           # each forged card once
    if state["phase"] == "assembly":    # board=assembled: the tactic decks are formed after it (R22)
        assert all(not area["tactic_deck"] + area["tactic_hand"] + area["tactic_discard"] for area in state["seats"])
        return
    for area in state["seats"]:
        cards = area["tactic_deck"] + area["tactic_hand"] + area["tactic_discard"]
        pick = state["tactics"]["picks"].get(str(state["seats"].index(area)))
        cards += [pick] if pick else []
        assert sorted(cards) == sorted(c["id"] for c in data.tactics(area["tribe"]))


def check_board(state):
    """D9: outside a Move action no territory holds two sides; during one, only where the mover
    has just gone (the battles settle those; a win ends the action before they are fought, D12)."""
    if state.get("result"):
        return
    rec = actions.record(state)
    mover = actions.acting(state) if rec["kind"] in ("move", "battles") or state.get("battle") else None
    for territory, by_seat in state["units"].items():
        present = [int(s) for s, tiers in by_seat.items() if sum(tiers.values())]
        sides = len(present) + bool(state["elves"].get(territory))
        assert sides <= 1 or (sides == 2 and mover in present), (territory, by_seat, mover)
    for hero, at in state.get("hero_at", {}).items():
        owner = state["heroes"][hero]
        if at == state["strongholds"][str(owner)] or rounds.units_of(state, at, owner):
            continue
        # seed 「英雄永遠不能落單」: a hero is alone only while its owner's Move action goes on (it must
        # follow its units before the action ends), and 「如果只剩英雄單獨面對敵方部隊…英雄會自動從戰鬥中
        # 撤退，並返回其所有者的主堡」: never alone with enemy units
        assert mover == owner and rec["kind"] == "move", (hero, at, mover, rec["kind"])
        assert rounds.controller(state, at) is None, (hero, at)
    for seat, area in enumerate(state["seats"]):
        assert area["gold"] >= 0 and area["crystals"] >= 0
        assert area["vp"] == rounds.victory_points(state, seat) or state.get("result")   # R11, R12


def check_views(state):
    views = {v: RULES.view(state, v) for v in [None] + list(range(state["players"]))}
    check_hidden(RULES, state, state["players"], views)
    json.dumps(views)

def playout(players: int, seed: int, options: dict):
    state = RULES.setup(players, options, seed)
    rng = random.Random(seed)
    log = []
    elves = sum(len(t) for t in state["elves"].values())
    for n in range(MOVE_CAP):
        if state.get("result"):
            break
        seat = rng.choice(sorted(RULES.active_players(state)))
        legal = RULES.legal_actions(state, seat)
        assert legal, (seat, state["phase"])
        action_id = rng.choice(legal).id
        assembling = state["phase"] == "assembly"
        state, _ = RULES.apply(state, seat, action_id)
        log.append((seat, action_id))
        check_models(state)
        check_cards(state)
        check_board(state)
        now = sum(len(t) for t in state["elves"].values())
        if assembling:      # board=assembled: the elves are placed once the board is whole
            assert now == 0 or state["phase"] != "assembly"
            elves = now
        assert now <= elves                                                      # elves never come back
        elves = now
        if options.get("supply") == "box":       # G24: the box's tokens and coins, each in one place
            held = sum(area["crystals"] for area in state["seats"])
            assert now + held + state["crystal_supply"] == data.supply()["elf_tokens"]
            assert 0 <= sum(area["gold"] for area in state["seats"]) <= data.supply()["gold"]
            if state.get("battle"):
                assert sum(state["battle"]["rage"].values()) <= data.supply()["rage_tokens"]
        if n % VIEW_STRIDE == 0:
            check_views(state)
            assert json.loads(json.dumps(state)) == state
    return state, log


# each player count with its default options once (4 players) and otherwise through the options'
# games, which are played to the end as well: random play takes thousands of moves a game
CASES = [(4, 3, {}), (2, 4, {"longer": True, "elves": "hard"}),
         (4, 5, {"rounds": 6}), (3, 6, {"elves": "hard", "rounds": 10}), (2, 7, {"supply": "box"}),
         (3, 8, {"board": "assembled"}), (4, 9, {"board": "assembled", "elves": "hard"})]


@pytest.mark.slow
@pytest.mark.parametrize("players,seed,options", CASES)
def test_random_playout_to_the_end_keeps_the_invariants(players, seed, options):
    state, log = playout(players, seed, options)
    result = RULES.result(state)
    assert result is not None and result.winners, "the game ended with a winner"
    target = 5 if options.get("longer") else 4
    if not options.get("rounds"):
        (winner,) = result.winners
        assert state["seats"][winner]["vp"] >= target and state["phase"] == "second_action"   # R13, D12
    else:
        assert state["round"] == options["rounds"]
    # replaying the log from the seed gives the same state (no hidden randomness)
    replay = RULES.setup(players, options, seed)
    for seat, action_id in log:
        replay, _ = RULES.apply(replay, seat, action_id)
    assert replay == state
    assert RULES.active_players(state) == set()
