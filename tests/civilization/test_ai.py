"""The computer player of Civilization (engine/civilization/ai.py): always a legal id, deterministic,
blind to what its seat may not see, and strong enough to beat uniformly random players by the
culture track (R52, R53), founding cities (R11-R14) on the way."""
from __future__ import annotations

import copy
import random

import pytest

from engine.civilization import RULES, ai, combat, data, flow, research

SHORT_GAME_CAP = 1500          # moves; the AI's wins against random players take about 250-800


def play(players: int, seed: int, ai_seats: set[int], cap: int, check=None, trades: bool = True):
    """A game with the AI on `ai_seats` and uniformly random legal moves elsewhere; whoever is
    asked acts in a random order. `check(state, seat, action)` sees every AI decision.
    `trades` False: the random seats end their Trade-phase step at once (R27 offers are left out)."""
    rng = random.Random(seed)
    state = RULES.setup(players, {}, seed)
    moves = 0
    while not state.get("result") and moves < cap:
        seat = rng.choice(sorted(RULES.active_players(state)))
        legal = flow.legal_ids(state, seat)
        if seat in ai_seats:
            action = ai.choose(state, seat, rng.randrange(1 << 30))
            assert action in legal, (seat, state["phase"], action)
            if check:
                check(state, seat, action)
        else:
            action = rng.choice(legal)
            if not trades and state["phase"] == "trade" and "done" in legal:
                action = "done"
        state, _ = RULES.apply(state, seat, action)
        moves += 1
    return state, moves


@pytest.fixture(scope="module")
def games_against_random():
    """10 two-player games, the AI as seat 0 in the even seeds and seat 1 in the odd ones."""
    out = []
    for seed in range(10):
        seat = seed % 2
        state, moves = play(2, 100 + seed, {seat}, SHORT_GAME_CAP, trades=False)
        out.append((seat, state, moves))
    return out


# ---------------------------------------------------------------- legality and determinism

@pytest.mark.parametrize("players,seed,cap", [(2, 1, 400), (3, 2, 300), (4, 3, 300)])
def test_ai_choice_is_always_legal_over_seeded_playouts(players, seed, cap):
    """Every seat played by the AI, through setup (S10, S12), every phase, battles and loot."""
    seen = set()
    state, _ = play(players, seed, set(range(players)), cap,
                    check=lambda st, s, a: seen.add(a.split(":")[0]))
    assert {"capital", "figures", "done", "research", "produce"} <= seen
    assert state["turn"] >= 3


def test_ai_is_deterministic_for_state_seat_and_seed():
    rng = random.Random(7)
    state = RULES.setup(3, {}, 7)
    for _ in range(150):
        seat = rng.choice(sorted(RULES.active_players(state)))
        first = ai.choose(state, seat, 42)
        assert ai.choose(copy.deepcopy(state), seat, 42) == first
        state, _ = RULES.apply(state, seat, first)


def test_rules_ai_choose_uses_the_computer_player():
    state = RULES.setup(2, {}, 3)
    seat = next(iter(RULES.active_players(state)))
    assert RULES.ai_choose(state, seat, 5) == ai.choose(state, seat, 5)


# ---------------------------------------------------------------- hidden information (G32, R57, R80)

def _scramble(state: dict, seat: int, rng: random.Random) -> dict:
    """The same public position with every secret the seat may not know changed: other seats'
    standing forces, culture hands, hut/village markers and research pick, their battle hand,
    every deck's order, the face-down tiles' ids, the hut and village piles and markers' contents."""
    st = copy.deepcopy(state)
    units = [c["id"] for t in data.collection("units") for c in t["cards"]]
    cards = [f"{r['id']}.{k}" for r in data.collection("culture_events") for k in range(1, r["copies"] + 1)]
    for s, area in enumerate(st["seats"]):
        if s == seat:
            continue
        area["standing_forces"] = [rng.choice(units) for _ in area["standing_forces"]]
        area["culture_hand"] = [rng.choice(cards) for _ in area["culture_hand"]]
        area["hidden_resources"] = [rng.choice(["silk", "iron", "incense", "wheat"]) for _ in area["hidden_resources"]]
    for deck in st["decks"]["units"].values():
        rng.shuffle(deck["down"])
    for deck in st["decks"]["culture"].values():
        rng.shuffle(deck["down"])
    rng.shuffle(st["decks"]["wonders"])
    rng.shuffle(st["decks"]["great_people"])
    rng.shuffle(st["hut_pile"])
    rng.shuffle(st["village_pile"])
    for m in st["markers"].values():
        m["content"] = rng.choice(["silk", "iron", "incense", "wheat", "great_person"])
    down = [t for t in st["map"]["tiles"] if not t["face_up"]]
    used = {t["tile"] for t in st["map"]["tiles"]}
    spare = [tid for tid, rec in data.by_id("tiles").items() if rec["home"] is None and tid not in used]
    ids = [t["tile"] for t in down] + spare
    rng.shuffle(ids)
    for t, tid in zip(down, ids):
        t["tile"] = tid
    res = st.get("research")
    if isinstance(res, dict) and "revealed" not in res:
        for k in list(res.get("picks", {})):
            if k != str(seat):
                res["picks"][k] = rng.choice(research.all_tech_ids() + ["none"])
    b = st.get("battle")
    if b and b.get("step") == "play":
        for side, hand in b["hands"].items():
            if b["seats"][side] != seat:
                b["hands"][side] = [rng.choice(units) for _ in hand]
    st["rng"] = copy.deepcopy(state["rng"])
    return st


def test_ai_never_reads_hidden_data_G32():
    """Changing what the seat may not see never changes its choice (nor its legal ids)."""
    rng = random.Random(11)
    checked = {"n": 0, "phases": set()}

    def check(state, seat, action):
        if rng.random() > 0.25:
            return
        other = _scramble(state, seat, rng)
        assert flow.legal_ids(other, seat) == flow.legal_ids(state, seat)
        assert ai.choose(other, seat, 99) == ai.choose(state, seat, 99), (state["phase"], action)
        checked["n"] += 1
        checked["phases"].add("battle" if state.get("battle") else state["phase"])

    play(2, 21, {0}, 500, check=check)
    play(3, 22, {0, 1, 2}, 300, check=check)
    assert checked["n"] > 50
    assert {"start", "city", "movement", "research"} <= checked["phases"]


# ---------------------------------------------------------------- strength

@pytest.mark.slow
def test_ai_beats_random_players_in_9_of_10_short_games(games_against_random):
    wins = sum(1 for seat, state, _ in games_against_random
               if state.get("result") and state["result"]["winners"] == [seat])
    assert wins >= 9, [(seat, moves, state.get("result")) for seat, state, moves in games_against_random]


def test_ai_founds_a_second_city_R11_R14(games_against_random):
    for seat, state, _ in games_against_random:
        assert sum(1 for c in state["cities"] if c["owner"] == seat) >= 2


def test_ai_advances_on_the_culture_track_R52_R53(games_against_random):
    """Far along the track (R52, R53), unless it won by another victory (it picks its goal, R131)."""
    for seat, state, _ in games_against_random:
        other_win = state["result"]["winners"] == [seat] and "culture" not in state["result"]["reason"]["msg"]
        assert other_win or state["seats"][seat]["culture_level"] >= 14


def test_ai_games_against_itself_end_with_a_winner():
    state, moves = play(2, 5, {0, 1}, 3000)
    assert state.get("result") and len(state["result"]["winners"]) == 1, moves


# ---------------------------------------------------------------- battles (R112-R115)

def _battle_state(attacker_card: str, defender_card: str) -> dict:
    """A figure battle in its play step: the defender's unit stands on front 0, the attacker
    holds its card and a second one."""
    state = RULES.setup(2, {}, 1)
    state["phase"], state["turn"], state["first"] = "movement", 3, 0
    state["step_seat"] = 0
    state["battle"] = {"kind": "figures", "square": "H4", "step": "play", "seats": {"attacker": 0, "defender": 1},
                       "barbarian": False, "city": None, "capital": False, "walled": False,
                       "figures": {"attacker": [], "defender": []},
                       "ranks": {"attacker": {t: 1 for t in combat.TYPES}, "defender": {t: 1 for t in combat.TYPES}},
                       "hand_sizes": {"attacker": 3, "defender": 3},
                       "hands": {"attacker": [attacker_card, "art01"], "defender": ["inf02"]},
                       "fronts": [{"defender": {"card": defender_card, "wounds": 0}}],
                       "destroyed": {"attacker": [], "defender": []}, "bonus": {}, "bonus_card": None,
                       "turn": "attacker", "played": 1}
    return state


def test_ai_plays_the_trumping_card_against_a_front_it_destroys_R115():
    # mounted trumps artillery (R115): mou11 (strength 3) strikes first and destroys art06 (2)
    state = _battle_state("mou11", "art06")
    assert ai.choose(state, 0, 1) == "play:mou11:0"


def test_ai_opens_a_new_front_rather_than_lose_its_unit_R112():
    # inf01 (1) trumps mou11 (3) but cannot destroy it and dies to its blow back; mou01 (1)
    # neither: so the AI opens a new front
    state = _battle_state("inf01", "mou11")
    state["battle"]["hands"]["attacker"] = ["inf01", "mou01"]
    assert ai.choose(state, 0, 1).endswith(":new")


# ---------------------------------------------------------------- cards (tech abilities, culture events)

def test_ai_plays_citizens_revolting_on_the_opponent_nearest_to_winning_R10(monkeypatch):
    from .fixtures import blank, field
    from .test_event_cards import give
    state = field(monkeypatch, blank(), civs=("rome", "china", "egypt"), phase="start")
    give(state, 0, "citizens_revolting_1.1")
    state["seats"][2]["culture_level"] = 6                       # seat 2 leads on the culture track
    assert ai.choose(state, 0, 1) == "event:citizens_revolting_1.1:seat2"
    assert not ai.choose(state, 0, 1, cards=False).startswith("event:")       # stage 1: blind to cards


def test_ai_cancels_an_event_aimed_at_it_and_lets_others_pass(monkeypatch):
    from .fixtures import blank, field
    from .test_event_cards import act, give
    state = field(monkeypatch, blank(), civs=("rome", "china", "egypt"), phase="start")
    give(state, 1, "jousting_tourney.1")
    give(state, 0, "citizens_revolting_1.1")
    aimed = act(state, 0, "event:citizens_revolting_1.1:seat1")
    assert flow.legal_ids(aimed, 1) == ["allow", "cancel:jousting_tourney.1"]
    assert ai.choose(aimed, 1, 3) == "cancel:jousting_tourney.1"
    assert ai.choose(aimed, 1, 3, cards=False) == "allow"
    give(state, 0, "citizens_revolting_2.1")
    elsewhere = act(state, 0, "event:citizens_revolting_2.1:seat2")
    if elsewhere.get("pending"):
        assert ai.choose(elsewhere, 1, 3) == "allow"             # not aimed at it: no card spent


def test_ai_uses_currency_for_culture_in_city_management_R61(monkeypatch):
    from .fixtures import blank, city, field
    state = field(monkeypatch, blank(), civs=("america", "china"), phase="city")
    city(state, 0, "B2", capital=True)
    state["seats"][0]["resources"] = ["incense"]
    assert "ability:currency" in flow.legal_ids(state, 0)        # America starts with Currency
    assert ai.choose(state, 0, 5) == "ability:currency"
    assert ai.choose(state, 0, 5, cards=False) != "ability:currency"


def test_ai_with_its_cards_beats_its_stage_1_self():
    """The computer player playing its cards against the same player blind to them, alternating
    seats (`python -m bench.civilization` plays 100 such games)."""
    wins = 0
    for game in range(4):
        strong = game % 2
        rng = random.Random(game)
        state = RULES.setup(2, {}, 2000 + game)
        moves = 0
        while not state.get("result") and moves < 4000:
            seat = rng.choice(sorted(RULES.active_players(state)))
            state, _ = RULES.apply(state, seat, ai.choose(state, seat, rng.randrange(1 << 30), cards=seat == strong))
            moves += 1
        wins += bool(state.get("result")) and state["result"]["winners"] == [strong]
    assert wins >= 3


def test_ai_offers_a_card_it_never_plays_for_a_culture_token_R27(monkeypatch):
    from .fixtures import act, blank, field
    from .test_event_cards import give
    state = field(monkeypatch, blank(), civs=("rome", "china"), phase="start")
    give(state, 0, "disoriented.1")                          # moving figures: never played by the AI
    state["seats"][1]["culture_tokens"] = 2
    state = act(act(state, 0, "done"), 1, "done")              # the Trade phase opens
    assert state["phase"] == "trade"
    for _ in range(4):                                       # offer, give the card, ask 1 culture, send
        state = act(state, 0, ai.choose(state, 0, 1))
    sent = state["offers"][0]
    assert sent["status"] == "sent" and sent["give"]["cards"] == ["disoriented.1"] and sent["get"]["culture"] == 1
    assert ai.choose(state, 1, 1, cards=False).startswith("accept:")    # a card (2) for a token (1)
