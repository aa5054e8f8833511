"""The computer player of Clash of Rage: always legal, blind to hidden data, deterministic, strong
enough against random moves, and sensible in the decisions that matter (forge, retreat, damage)."""
from __future__ import annotations

import random

import pytest

from engine.clash_of_rage import RULES, ai, battle, data, flow, views

from .test_actions import make

MOVE_CAP = 6000


def decide(state, seat, seed):
    """The AI's choice, checked to be legal and reached by its own plan (not by the fallback)."""
    legal = flow.legal_ids(state, seat)
    choice = ai.choose(state, seat, seed)
    assert choice in legal, (choice, legal)
    if len(legal) > 1:
        planned = ai._decide(views.view(state, seat), seat, legal, random.Random(seed))
        assert planned in legal, (planned, legal)
    return choice


def playout(players, seed, ai_seats, options=None, check=True, visit=None):
    """A seeded game to the end: the AI on `ai_seats`, uniformly random legal moves elsewhere."""
    state = RULES.setup(players, options or {}, seed)
    rng = random.Random(seed)
    moves = 0
    while not state.get("result"):
        assert moves < MOVE_CAP, "the game did not end"
        seat = rng.choice(sorted(RULES.active_players(state)))
        if seat in ai_seats:
            if visit:
                visit(state, seat)
            pick = decide(state, seat, rng.randrange(1 << 30)) if check else ai.choose(state, seat, seed)
        else:
            pick = rng.choice(flow.legal_ids(state, seat))
        state, _ = RULES.apply(state, seat, pick)
        moves += 1
    return state


@pytest.mark.parametrize("players", [2, 3, 4])
def test_always_legal_ai_against_ai_to_the_end(players):
    state = playout(players, 100 + players, set(range(players)))
    assert state["result"]["winners"]


@pytest.mark.parametrize("players", [2, 3, 4])
def test_always_legal_ai_against_random_to_the_end(players):
    state = playout(players, 200 + players, {players - 1})
    assert state["result"]["winners"]


def test_options_longer_and_hard_elves_games_end():
    state = playout(2, 7, {0, 1}, {"longer": True, "elves": "hard"})
    winner = state["result"]["winners"][0]
    assert state["seats"][winner]["vp"] >= 5


def test_beats_random_players():
    wins = 0
    for seed in range(20):
        seat = seed % 2
        state = playout(2, seed, {seat}, check=False)
        wins += state["result"]["winners"] == [seat]
    assert wins >= 18, wins


def test_deterministic_for_a_state_seat_and_seed():
    seen = []

    def visit(state, seat):
        if len(seen) < 60:
            seen.append((state, seat))

    playout(3, 5, {0, 1, 2}, check=False, visit=visit)
    for state, seat in seen:
        assert ai.choose(state, seat, 9) == ai.choose(state, seat, 9)


# ---------------------------------------------------------------- hidden information

def hide_differently(state, seat, rng):
    """The same public game with other hidden data: the other seats' tactic hands, decks and
    picks, every draw pile's order, the RNG and another seat's forge draw."""
    other = dict(state, rng={"seed": 12345, "calls": 0})
    other["seats"] = [dict(area) for area in state["seats"]]
    for s, area in enumerate(other["seats"]):
        if s == seat:
            continue
        cards = [c["id"] for c in data.tactics(area["tribe"])]
        rng.shuffle(cards)
        if isinstance(area["tactic_hand"], list):
            area["tactic_hand"] = cards[:len(area["tactic_hand"])]
        area["tactic_deck"] = list(reversed(area["tactic_deck"]))
    tac = dict(state["tactics"])
    tac["picks"] = {k: (v if int(k) == seat else rng.choice([c["id"] for c in data.tactics(
        state["seats"][int(k)]["tribe"])])) for k, v in state["tactics"]["picks"].items()}
    other["tactics"] = tac
    other["equipment_deck"] = list(reversed(state["equipment_deck"]))
    other["legendary_deck"] = list(reversed(state["legendary_deck"]))
    forge = state.get("forge")
    if forge and forge["seat"] != seat:
        other["forge"] = dict(forge, cards=list(reversed(forge["cards"])))
    return other


@pytest.mark.parametrize("players", [2, 4])
def test_never_reads_hidden_data(players):
    rng = random.Random(players)
    checked = {"tactics": 0, "other": 0}

    def visit(state, seat):
        other = hide_differently(state, seat, rng)
        assert flow.legal_ids(other, seat) == flow.legal_ids(state, seat)
        assert ai.choose(other, seat, 3) == ai.choose(state, seat, 3)
        checked["tactics" if state["phase"] == "tactics" else "other"] += 1

    playout(players, 40 + players, set(range(players)), check=False, visit=visit)
    assert checked["tactics"] > 5 and checked["other"] > 20


def test_the_tactic_choice_ignores_what_the_others_picked():
    state = RULES.setup(3, {}, 11)
    first = ai.choose(state, 0, 1)
    for seat in (1, 2):
        state, _ = RULES.apply(state, seat, flow.legal_ids(state, seat)[0])
        assert ai.choose(state, 0, 1) == first


# ---------------------------------------------------------------- decisions that matter

def test_forges_when_it_can_afford_it_and_equips_the_legendary_item():
    # seat 0 holds the forge 1N and could also attack the forge's neighbour city
    state = make(units={"1N": {0: {1: 1}}, "1NE": {0: {2: 4, 3: 3}}}, elves={"1C": ["temple"]})
    state["seats"][0]["crystals"] = 6
    assert decide(state, 0, 1) == "forge"
    flow.apply(state, 0, "forge")
    keep = decide(state, 0, 1)
    assert keep.startswith("keep:")
    flow.apply(state, 0, keep)
    assert state["seats"][0]["vp"] >= 1
    equip = decide(state, 0, 1)
    assert equip.startswith(f"equip:{keep[5:]}:")


def test_does_not_forge_without_the_crystals():
    state = make(units={"1N": {0: {1: 1}}, "1NE": {0: {1: 1}}})
    state["seats"][0]["crystals"] = 5
    assert decide(state, 0, 1) != "forge"


def battle_state(units, elves=None, attacker=0):
    state = make(units={"1C": units}, elves={"1C": elves} if elves else None)
    battle.start_battle(state, "1C", attacker)
    return state


def test_retreats_from_a_hopeless_battle():
    state = battle_state({0: {1: 1}}, elves=["radiant"] * 4)
    state["battle"]["turn"] = "attacker"        # its turn to roll: one krag rider against 4 elves
    assert state["battle"]["step"] == "roll"
    assert decide(state, 0, 1) == "retreat:H1"


def test_fights_a_battle_it_wins():
    state = battle_state({0: {2: 4, 3: 3}}, elves=["temple"])
    state["battle"]["turn"] = "attacker"
    assert decide(state, 0, 1) == "roll"


def allocating(state, turn, damage):
    state["battle"].update(turn=turn, step="allocate", damage=damage, dice=["hit"] * damage)
    return state


def test_allocates_damage_to_the_strongest_models():
    # seat 1 (Goldleif champions) hits seat 0's executioner (HP 3) or three krag riders (HP 1)
    state = battle_state({0: {1: 3, 3: 1}, 1: {3: 2}}, attacker=1)
    allocating(state, "attacker", 3)
    legal = flow.legal_ids(state, 1)
    assert "allocate:executioner" in legal and "allocate:krag_rider*3" in legal
    assert decide(state, 1, 1) == "allocate:executioner"


def test_runs_the_elves_against_the_attacker():
    # the elves strike back at seat 1; seat 0, to its right, operates them (R46, D28)
    state = battle_state({1: {1: 3, 3: 1}}, elves=["temple", "temple"], attacker=1)
    assert state["battle"]["operator"] == 0
    allocating(state, "defender", 3)
    assert battle.active_seats(state) == [0]
    assert decide(state, 0, 1) == "allocate:goldleif_champion"


def test_rerolls_every_blank_die():
    state = battle_state({0: {2: 2}, 1: {1: 1}})
    state["battle"].update(turn="attacker", step="reroll", dice=["hit", "blank", "hit", "blank"], rerolls_left=1)
    assert decide(state, 0, 1) == "reroll:1,3"
