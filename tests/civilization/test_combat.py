"""Units and battles of Civilization: R36-R38, R72-R77, R104-R124, T11, T18-T23, T39-T46, T53, T56,
T58, T60, T61, G16, G18-G21, G33, G37 and the loot: the rulebook's one item (R120, R121, the
default) and, as the option loot=faq, the loot table of data-research-2 3.6."""
from __future__ import annotations

import copy
import json
import random
from collections import Counter

import pytest

from engine.base import IllegalAction
from engine.civilization import combat, data, research
from engine.rng import new_rng_state

SQ = "C3"          # the battle square, (2, 2)


def new_seat(**kw) -> dict:
    seat = {"civ": "rome", "government": "despotism", "trade": 0, "coin_tokens": 0, "culture_tokens": 0,
            "culture_level": 0, "resources": [], "hidden_resources": [], "techs": [], "standing_forces": [],
            "culture_hand": [], "great_people": [], "wonders": [],
            "unbuilt": {"army": 6, "scout": 2, "city": 2},
            "ranks": {"artillery": 1, "infantry": 1, "mounted": 1, "aircraft": 0}}
    seat.update(kw)
    return seat


def make(players=2, seed=1, loot="rulebook") -> dict:
    state = {"rng": new_rng_state(seed), "options": {"loot": loot}, "markers": {}, "cities": [], "figures": [], "buildings": {},
             "wonders_at": {}, "great_people_at": {}, "seats": [new_seat() for _ in range(players)],
             "decks": {"great_people": ["general", "artist", "builder"], "buildings": {}},
             "battle": None, "result": None}
    combat.new_unit_decks(state)
    return state


def give(state, seat, *cards):
    """Move cards from their decks into a seat's standing forces."""
    for c in cards:
        deck = state["decks"]["units"][combat.card_type(c)]
        pile = deck["down"] if c in deck["down"] else deck["up"]
        pile.remove(c)
        state["seats"][seat]["standing_forces"].append(c)


def put(state, seat, square=SQ, kind="army") -> dict:
    x, y = combat.square_of(square)
    n = sum(1 for f in state["figures"] if f["owner"] == seat and f["kind"] == kind)
    fig = {"id": f"{kind}{seat}_{n}", "owner": seat, "kind": kind, "x": x, "y": y}
    state["figures"].append(fig)
    state["seats"][seat]["unbuilt"][kind] -= 1
    return fig


def city(state, seat, square=SQ, capital=False, walled=False) -> dict:
    x, y = combat.square_of(square)
    c = {"id": f"c{seat}_{len(state['cities'])}", "owner": seat, "x": x, "y": y,
         "capital": capital, "walled": walled}
    state["cities"].append(c)
    state["seats"][seat]["unbuilt"]["city"] -= 1
    return c


def act(state, action):
    seat = combat.active_seats(state)[0]
    assert action in combat.legal_actions(state, seat), (action, combat.legal_actions(state, seat))
    return combat.apply(state, seat, action)


def card_places(state) -> Counter:
    """Every unit card wherever it is: decks, standing forces, battle hands, fronts."""
    places = Counter()
    for deck in state["decks"]["units"].values():
        places.update(deck["down"] + deck["up"])
    for seat in state["seats"]:
        places.update(seat["standing_forces"])
    b = state.get("battle")
    if b and b.get("step") == "play":
        for hand in b["hands"].values():
            places.update(hand)
        for front in b["fronts"]:
            places.update(u["card"] for s, u in front.items())
    return places


ALL_CARDS = Counter(c for t in combat.TYPES for c in combat.card_ids(t))


def fight(state, attacker=0, defender=1, att=(), dfn=(), kind="figures", armies=(1, 1)):
    """Armies of both sides on SQ with the given standing forces, then start_battle."""
    give(state, attacker, *att)
    give(state, defender, *dfn)
    for _ in range(armies[0]):
        put(state, attacker)
    for _ in range(armies[1]):
        put(state, defender)
    return combat.start_battle(state, attacker, SQ, kind)


# ---------------------------------------------------------------- data

def test_units_data_g4_g5():
    """G4: 15 land cards per type, 5 each of base 1, 2, 3; 8 aircraft 3x5, 3x6, 2x7; costs; G5 cycle."""
    data.validate()
    for t in combat.LAND:
        rec = combat.unit_type(t)
        assert Counter(c["base"] for c in rec["cards"]) == {1: 5, 2: 5, 3: 5}
        assert rec["costs"] == [5, 7, 9, 11] and len(rec["names"]) == 4
    air = combat.unit_type("aircraft")
    assert sorted(c["strength"] for c in air["cards"]) == [5, 5, 5, 6, 6, 6, 7, 7]
    assert air["costs"] == [12] and air["trumps"] is None
    assert {t: combat.unit_type(t)["trumps"] for t in combat.LAND} == {
        "infantry": "mounted", "mounted": "artillery", "artillery": "infantry"}
    assert combat.unit_type("mounted")["names"][:2] == ["Horseman", "Knight"]
    assert combat.card_type("inf01") == "infantry" and combat.card_type("air08") == "aircraft"
    assert sum(ALL_CARDS.values()) == 53


def test_r107_strength_by_rank_and_r116_aircraft():
    """R107: base + rank - 1; R116: aircraft 5-7 whatever the rank."""
    assert [combat.strength("art01", r) for r in (1, 2, 3, 4)] == [1, 2, 3, 4]
    assert [combat.strength("inf15", r) for r in (1, 2, 3, 4)] == [3, 4, 5, 6]
    assert combat.strength("air01", 0) == 5 and combat.strength("air08", 1) == 7
    assert combat.cost("mounted", 2) == 7 and combat.cost("aircraft", 1) == 12


# ---------------------------------------------------------------- decks

def test_r36_new_decks_are_shuffled_face_down():
    state = make(seed=3)
    decks = state["decks"]["units"]
    assert {t: Counter(d["down"]) for t, d in decks.items()} == {t: Counter(combat.card_ids(t)) for t in combat.TYPES}
    assert all(d["up"] == [] for d in decks.values())
    assert decks["infantry"]["down"] != combat.card_ids("infantry")


def test_r38_draw_return_and_empty_deck():
    state = make()
    deck = state["decks"]["units"]["mounted"]
    top = deck["down"][-1]
    assert combat.draw_unit(state, "mounted") == top
    combat.return_unit(state, top)
    assert deck["up"] == [top]
    # face-down cards are drawn before the returned ones at the bottom
    while len(deck["down"]) > 0:
        assert combat.draw_unit(state, "mounted") != top
    deck["up"] = []
    assert combat.draw_unit(state, "mounted") is None                  # T56: an empty deck


def test_t56_reshuffle_only_face_up_cards():
    """R38 / T56: when only face-up cards remain they are shuffled and a card is drawn."""
    state = make()
    deck = state["decks"]["units"]["mounted"]
    deck["down"], deck["up"] = [], ["mou01", "mou02", "mou03", "mou04"]
    rng_before = state["rng"]["n"]
    card = combat.draw_unit(state, "mounted")
    assert card in {"mou01", "mou02", "mou03", "mou04"}
    assert deck["up"] == [] and sorted(deck["down"] + [card]) == ["mou01", "mou02", "mou03", "mou04"]
    assert state["rng"]["n"] == rng_before + 1
    # with face-down cards left nothing is shuffled
    deck["up"] = ["mou05"]
    assert combat.draw_unit(state, "mounted") != "mou05" and state["rng"]["n"] == rng_before + 1


# ---------------------------------------------------------------- hands

def test_r105_hand_sizes_each_modifier():
    state = make()
    a1, a2 = put(state, 0), put(state, 0)
    s = put(state, 0, kind="scout")
    assert combat.hand_size(state, 0, [a1]) == 3
    assert combat.hand_size(state, 0, [a1, a2]) == 5                  # +2 per figure beyond the first
    assert combat.hand_size(state, 0, [a1, a2, s]) == 7               # G16 DD: scouts count
    state["options"] = {"hand_bonus_counts_scouts": False}
    assert combat.hand_size(state, 0, [a1, a2, s]) == 5               # G16 flag off: armies only
    state["options"] = {}
    state["seats"][0]["government"] = "fundamentalism"
    assert combat.hand_size(state, 0, [a1]) == 4                       # +1 Fundamentalism
    assert combat.hand_size(state, 0, [], city_defender=True) == 7    # +3 for a city's defender


def test_g16_group_with_a_scout_in_battle():
    state = make()
    give(state, 0, *[f"inf0{i}" for i in range(1, 9)])
    put(state, 0)
    put(state, 0, kind="scout")       # the scout was there before the army moved in (same owner)
    give(state, 1, "art01")
    put(state, 1)
    put(state, 1, kind="scout")
    combat.start_battle(state, 1, SQ, "figures", figures=["army1_0"])
    b = state["battle"]
    assert b["hand_sizes"] == {"attacker": 3, "defender": 5}


def test_t61_r106_small_standing_forces():
    """T61 / R106: 2 cards and a hand size of 5: the hand is those 2 cards."""
    state = make()
    fight(state, att=("inf01", "art02"), dfn=("mou03",), armies=(3, 1))
    b = state["battle"]
    assert b["hand_sizes"]["attacker"] == 7
    assert sorted(b["hands"]["attacker"]) == ["art02", "inf01"]
    assert state["seats"][0]["standing_forces"] == []


def test_r106_hand_drawn_at_random_from_larger_forces():
    forces = ("inf01", "inf02", "inf03", "inf04", "inf05", "inf06")
    seen = set()
    for seed in range(6):
        state = make(seed=seed)
        events = fight(state, att=forces, dfn=("mou01",))
        hand = state["battle"]["hands"]["attacker"]
        assert len(hand) == 3 and len(state["seats"][0]["standing_forces"]) == 3
        assert set(hand) | set(state["seats"][0]["standing_forces"]) == set(forces)
        seen.add(tuple(sorted(hand)))
        draws = [e for e in events if 0 in e.private]
        assert draws and all(e.hidden for e in draws)                  # R108: the hand is private
        assert all(c not in str(e.public) for e in events for c in hand)
    assert len(seen) > 1


def test_hidden_battle_items():
    state = make()
    fight(state, att=("inf01", "inf02"), dfn=("mou01",))
    assert combat.hidden_battle_items(state, 0) == {"inf01", "inf02"}
    assert combat.hidden_battle_items(state, 1) == {"mou01"}
    act(state, "play:mou01:new")
    assert combat.hidden_battle_items(state, 1) == set()


# ---------------------------------------------------------------- bonuses and order

def test_r109_bonuses_each_source():
    state = make()
    state["buildings"] = {"A1": {"id": "barracks", "owner": 0}, "A2": {"id": "academy", "owner": 0},
                          "A3": {"id": "barracks", "owner": 1}, "A4": {"id": "temple", "owner": 0}}
    state["great_people_at"] = {"B1": {"id": "general", "owner": 0}, "B2": {"id": "artist", "owner": 0}}
    assert combat.side_bonus(state, 0) == 2 + 4 + 4                    # anywhere on the map (G18 DD)
    assert combat.side_bonus(state, 1) == 2
    assert combat.city_bonus({"capital": False, "walled": False}) == 6
    assert combat.city_bonus({"capital": True, "walled": False}) == 12
    assert combat.city_bonus({"capital": False, "walled": True}) == 10


def test_t18_r110_bonus_card_is_the_difference():
    """T18: +12 against +8: the defender holds the card at +4."""
    state = make()
    state["buildings"] = {"A1": {"id": "academy", "owner": 0}, "A2": {"id": "academy", "owner": 0}}
    city(state, 1, capital=True)
    give(state, 0, "inf01")
    put(state, 0)
    combat.start_battle(state, 0, SQ, "city")
    b = state["battle"]
    assert b["bonus"] == {"attacker": 8, "defender": 12}
    assert b["bonus_card"] == {"side": "defender", "value": 4}


def test_r110_equal_bonuses_give_no_card():
    state = make()
    state["buildings"] = {"A1": {"id": "barracks", "owner": 0}, "A2": {"id": "barracks", "owner": 1}}
    fight(state, att=("inf01",), dfn=("inf02",))
    assert state["battle"]["bonus_card"] is None


def test_t42_walled_capital():
    """T42 (R105, R109, R111): hand 6 against 3, defender's card +16, the attacker plays first."""
    state = make()
    city(state, 1, capital=True, walled=True)
    give(state, 1, *[f"art0{i}" for i in range(1, 8)])
    give(state, 0, "inf01", "inf02", "inf03")
    put(state, 0)
    combat.start_battle(state, 0, SQ, "city")
    b = state["battle"]
    assert b["hand_sizes"] == {"attacker": 3, "defender": 6}
    assert len(b["hands"]["defender"]) == 6
    assert b["bonus_card"] == {"side": "defender", "value": 16}
    assert combat.active_seats(state) == [0]


def test_r111_defender_plays_first():
    state = make()
    fight(state, att=("inf01",), dfn=("inf02",))
    assert combat.active_seats(state) == [1]
    assert combat.legal_actions(state, 0) == []


def test_r111_unwalled_city_defender_first():
    state = make()
    city(state, 1)
    give(state, 0, "inf01")
    give(state, 1, "inf02")
    put(state, 0)
    combat.start_battle(state, 0, SQ, "city")
    assert combat.active_seats(state) == [1]
    assert state["battle"]["bonus_card"] == {"side": "defender", "value": 6}


# ---------------------------------------------------------------- fronts, wounds, trumps

def test_t20_r112_new_front_no_wounds():
    """T20: A has a strength-3 mounted in play; B opens a new front with a strength-2 mounted."""
    state = make()
    fight(state, att=("mou06", "inf01"), dfn=("mou11", "inf02"))
    assert set(combat.legal_actions(state, 1)) == {"play:mou11:new", "play:inf02:new"}   # the first card opens a front
    act(state, "play:mou11:new")
    assert "play:mou06:0" in combat.legal_actions(state, 0)
    act(state, "play:mou06:new")
    b = state["battle"]
    assert b["fronts"] == [{"defender": {"card": "mou11", "wounds": 0}},
                           {"attacker": {"card": "mou06", "wounds": 0}}]
    # infantry 1 trumps the mounted 2 and strikes first, which survives and strikes back
    act(state, "play:inf02:1")
    assert b["fronts"][1] == {"attacker": {"card": "mou06", "wounds": 1}}
    # a side attacks only fronts holding an enemy unit
    assert combat.legal_actions(state, 0) == ["play:inf01:new", "play:inf01:0"]


def _t21(state):
    fight(state, att=("mou11",), dfn=("mou06", "mou12"))
    act(state, "play:mou06:new")
    return act(state, "play:mou11:0")


def test_t21_r113_attack_destroys_and_wounds():
    """T21: a strength-3 unit attacks a strength-2 one: it is destroyed (face up to the bottom of its
    deck), the attacker keeps 2 wounds."""
    state = make()
    state["seats"][1]["standing_forces"] = []
    give(state, 1, "art01")
    _t21(state)
    b = state["battle"]
    assert b["fronts"][0] == {"attacker": {"card": "mou11", "wounds": 2}}
    assert state["decks"]["units"]["mounted"]["up"] == ["mou06"]
    assert b["destroyed"] == {"attacker": [], "defender": ["mou06"]}


def test_t22_r114_wounded_unit_strikes_in_full():
    state = make()
    _t21(state)
    act(state, "play:mou12:0")
    assert state["battle"] is None or state["battle"]["step"] == "loot"
    assert sorted(state["decks"]["units"]["mounted"]["up"]) == ["mou06", "mou11", "mou12"]
    assert state["last_battle"]["winner"] == 1                          # 0 against 0: the defender


def test_t23_r115_trump_strikes_first_no_strike_back():
    state = make()
    fight(state, att=("mou11",), dfn=("mou06", "inf11"))
    act(state, "play:mou06:new")
    act(state, "play:mou11:0")
    b = state["battle"]
    events = act(state, "play:inf11:0")
    assert "trumps" in str(events[1].public)
    assert "mou11" in state["decks"]["units"]["mounted"]["up"]
    assert "inf11" in state["seats"][1]["standing_forces"]               # survived with 0 wounds
    assert state["last_battle"]["totals"] == {"attacker": 0, "defender": 3}
    assert b["destroyed"]["defender"] == ["mou06"] and b["destroyed"]["attacker"] == ["mou11"]


def test_r115_trumped_attacker_is_struck_first():
    """The trumping unit strikes first when it is attacked too; if it does not destroy, the
    trumped unit strikes back normally."""
    state = make()
    fight(state, att=("mou11", "mou06"), dfn=("inf06", "inf11"))
    act(state, "play:inf06:new")                     # infantry 2
    act(state, "play:mou11:0")                       # mounted 3 attacks: takes 2 first, survives, strikes 3
    b = state["battle"]
    assert b["fronts"][0] == {"attacker": {"card": "mou11", "wounds": 2}}
    act(state, "play:inf11:new")                     # infantry 3
    act(state, "play:mou06:1")                       # mounted 2 attacks infantry 3: destroyed first
    assert b["destroyed"] == {"attacker": ["mou06"], "defender": ["inf06"]}
    assert state["last_battle"]["totals"] == {"attacker": 3, "defender": 3}   # inf11 took no wound
    assert "inf11" in state["seats"][1]["standing_forces"]


def test_r115_artillery_trumps_infantry_and_mounted_trumps_artillery():
    state = make()
    fight(state, att=("art06", "mou01"), dfn=("inf05", "art11"))
    act(state, "play:inf05:new")                     # infantry 1
    act(state, "play:art06:0")                       # artillery 2 trumps: no wound back
    b = state["battle"]
    assert b["fronts"][0] == {"attacker": {"card": "art06", "wounds": 0}}
    act(state, "play:art11:0")                       # artillery 3 against artillery 2: no trump
    assert b["fronts"][0] == {"defender": {"card": "art11", "wounds": 2}}
    act(state, "play:mou01:0")                       # mounted 1 trumps the wounded artillery: 2 + 1 = 3
    assert b["destroyed"] == {"attacker": ["art06"], "defender": ["inf05", "art11"]}
    assert state["last_battle"]["totals"] == {"attacker": 1, "defender": 0}
    assert "mou01" in state["seats"][0]["standing_forces"]             # no strike back


def test_r116_aircraft_never_trump_nor_are_trumped():
    state = make()
    state["seats"][0]["ranks"]["aircraft"] = 1
    fight(state, att=("air01",), dfn=("art15", "inf15"))
    act(state, "play:art15:new")
    act(state, "play:air01:0")                       # 5 against 3: simultaneous
    b = state["battle"]
    assert b["fronts"][0] == {"attacker": {"card": "air01", "wounds": 3}}
    assert not combat.trumps("air01", "inf01") and not combat.trumps("mou01", "air01")
    assert not combat.trumps("inf01", "air01")


def test_t19_t53_rank_two_edge():
    """T19 / T53: mounted rank 2 plays the Knight edge at base + 1, also for cards built at rank 1."""
    state = make()
    state["seats"][0]["ranks"]["mounted"] = 2
    fight(state, att=("mou06",), dfn=("mou11",))
    act(state, "play:mou11:new")
    events = act(state, "play:mou06:0")              # 3 against 3: both destroyed
    assert "Knight (strength 3)" in str(events[0].public)
    assert state["battle"] is None and state["last_battle"]["totals"] == {"attacker": 0, "defender": 0}


# ---------------------------------------------------------------- uneven hands and resolution

def test_g19_uneven_hands_side_with_cards_plays_on():
    state = make()
    fight(state, att=("inf01", "inf02", "inf03"), dfn=("art01",))
    act(state, "play:art01:new")
    assert combat.active_seats(state) == [0]
    act(state, "play:inf01:new")
    assert combat.active_seats(state) == [0]          # the defender is out of cards
    act(state, "play:inf02:new")
    assert combat.active_seats(state) == [0]
    act(state, "play:inf03:new")
    assert state["last_battle"]["totals"] == {"attacker": 3, "defender": 1}


def test_t60_armies_without_units():
    """T60 / R118: no cards against one strength-1 unit: 1 to 0; with 2 Barracks the defender wins 4 to 1."""
    state = make()
    fight(state, att=("inf01",), dfn=())
    assert combat.active_seats(state) == [0]          # G19: a side with 0 cards plays nothing
    act(state, "play:inf01:new")
    assert state["last_battle"]["winner"] == 0 and state["last_battle"]["totals"] == {"attacker": 1, "defender": 0}

    state = make()
    state["buildings"] = {"A1": {"id": "barracks", "owner": 1}, "A2": {"id": "barracks", "owner": 1}}
    fight(state, att=("inf01",), dfn=())
    act(state, "play:inf01:new")
    assert state["last_battle"]["winner"] == 1 and state["last_battle"]["totals"] == {"attacker": 1, "defender": 4}


def test_no_cards_at_all_resolves_at_once():
    state = make()
    fight(state)
    assert state["battle"] is None and state["last_battle"]["winner"] == 1


def test_t43_r118_tie_goes_to_the_defender_with_bonus_card():
    """T43: both total 7 (surviving strength + the bonus card): the defender wins."""
    state = make()
    state["buildings"] = {"A1": {"id": "barracks", "owner": 0}, "A2": {"id": "barracks", "owner": 0}}
    fight(state, att=("inf11",), dfn=("art11", "art01", "art02"))
    assert state["battle"]["bonus_card"] == {"side": "attacker", "value": 4}
    state["buildings"] = {"A1": {"id": "barracks", "owner": 0}, "A2": {"id": "barracks", "owner": 0}}
    for a in ("play:art11:new", "play:inf11:new", "play:art01:new", "play:art02:new"):
        act(state, a)
    assert state["last_battle"]["totals"] == {"attacker": 7, "defender": 5}
    assert state["last_battle"]["winner"] == 0
    state = make()
    state["buildings"] = {"A1": {"id": "barracks", "owner": 0}, "A2": {"id": "barracks", "owner": 0}}
    fight(state, att=("inf11",), dfn=("art11", "art06", "art07"))
    for a in ("play:art11:new", "play:inf11:new", "play:art06:new", "play:art07:new"):
        act(state, a)
    assert state["last_battle"]["totals"] == {"attacker": 7, "defender": 7}
    assert state["last_battle"]["winner"] == 1                         # ties go to the defender


def test_r123_survivors_return_and_wounds_vanish():
    state = make()
    fight(state, att=("mou11", "inf01"), dfn=("mou06",))
    act(state, "play:mou06:new")
    act(state, "play:mou11:0")
    act(state, "play:inf01:new")
    assert sorted(state["seats"][0]["standing_forces"]) == ["inf01", "mou11"]
    assert state["decks"]["units"]["mounted"]["up"] == ["mou06"]
    assert state["last_battle"]["totals"] == {"attacker": 4, "defender": 0}   # full strength again


# ---------------------------------------------------------------- losses

def test_t44_r119_winner_figure_losses():
    """T44: 2 armies and 3 units lost: 1 army lost; 1 army and 4 units lost: none."""
    state = make()
    att = ("inf01", "inf02", "inf03", "inf15")
    dfn = ("art11", "art12", "art13")
    state["buildings"] = {"A1": {"id": "academy", "owner": 0}, "A2": {"id": "academy", "owner": 0}}
    fight(state, att=att, dfn=dfn, armies=(2, 1))
    assert len(state["battle"]["hands"]["attacker"]) == 4
    # artillery 3 trumps infantry 1: the three weak infantry die, the strong one wins
    act(state, "play:art11:new")
    act(state, "play:inf01:0")
    act(state, "play:art12:new")
    act(state, "play:inf02:1")
    act(state, "play:art13:new")
    act(state, "play:inf03:2")
    act(state, "play:inf15:new")
    assert state["last_battle"]["winner"] == 0
    mine = [f for f in state["figures"] if f["owner"] == 0]
    assert len(mine) == 1 and state["seats"][0]["unbuilt"]["army"] == 5
    assert [f for f in state["figures"] if f["owner"] == 1] == []

    state = make()
    att = ("inf01", "inf02", "inf03", "inf04")
    dfn = ("art11", "art12", "art13", "art14")
    for s in (0, 1):                                  # hands of 4
        state["seats"][s]["government"] = "fundamentalism"
    state["buildings"] = {f"A{i}": {"id": "academy", "owner": 0} for i in range(4)}    # +16
    fight(state, att=att, dfn=dfn, armies=(1, 1))
    for i, a in enumerate(att):
        act(state, f"play:art1{i + 1}:new")
        act(state, f"play:{a}:{i}")
    assert state["last_battle"]["totals"] == {"attacker": 16, "defender": 12}
    assert sorted(state["decks"]["units"]["infantry"]["up"]) == list(att)      # 4 units lost
    assert len([f for f in state["figures"] if f["owner"] == 0]) == 1


def test_t11_r76_all_loser_figures_destroyed():
    """T11: 2 enemy armies and a scout lose: all 3 go back to the civ sheet; one item of loot (R120)."""
    state = make()
    put(state, 1, kind="scout")
    state["seats"][1]["trade"] = 5
    fight(state, att=("inf11",), dfn=(), armies=(1, 2))
    act(state, "play:inf11:new")
    assert [f for f in state["figures"] if f["owner"] == 1] == []
    assert state["seats"][1]["unbuilt"] == {"army": 6, "scout": 2, "city": 2}
    assert state["battle"]["step"] == "loot" and state["battle"]["loot"]["menu"] == "rulebook_figures"


def test_t58_escorted_scout_survives_when_its_side_wins():
    state = make()
    put(state, 1, kind="scout")
    fight(state, att=(), dfn=("inf11",))
    act(state, "play:inf11:new")
    assert state["last_battle"]["winner"] == 1
    assert {f["kind"] for f in state["figures"] if f["owner"] == 1} == {"army", "scout"}
    assert [f for f in state["figures"] if f["owner"] == 0] == []     # the attacker's army is lost


def test_t41_r75_only_scouts_are_captured():
    """T41 / R75 / R77: a lone scout is destroyed and the attacker takes one item of loot (R120)."""
    state = make()
    put(state, 1, kind="scout")
    put(state, 0)
    state["seats"][1]["culture_tokens"] = 5
    events = combat.start_battle(state, 0, SQ, "figures")
    assert [f for f in state["figures"] if f["owner"] == 1] == []
    assert state["seats"][1]["unbuilt"]["scout"] == 2
    assert state["battle"]["loot"] == {"winner": 0, "loser": 1, "points": 1, "rule": "rulebook",
                                       "menu": "rulebook_figures"}
    assert combat.legal_actions(state, 0) == ["loot:culture", "loot:done"]
    act(state, "loot:culture")
    assert state["seats"][0]["culture_tokens"] == 3 and state["seats"][1]["culture_tokens"] == 2
    assert state["battle"] is None and events


def test_r77_capture_scouts_refuses_an_escorted_scout():
    state = make()
    put(state, 1, kind="scout")
    put(state, 1)
    put(state, 0)
    with pytest.raises(IllegalAction):
        combat.capture_scouts(state, 0, SQ)


def test_g37_attacker_losing_at_a_city_loses_all_figures():
    state = make()
    city(state, 1)
    state["seats"][0]["trade"] = 4
    give(state, 0, "inf01")
    put(state, 0)
    put(state, 0)
    combat.start_battle(state, 0, SQ, "city")
    act(state, "play:inf01:new")
    assert state["last_battle"]["winner"] == 1                        # 1 against the +6 card
    assert [f for f in state["figures"] if f["owner"] == 0] == []
    assert state["seats"][0]["unbuilt"]["army"] == 6
    assert state["battle"]["loot"]["menu"] == "rulebook_figures"              # R120 for the defender
    act(state, "loot:trade")
    assert state["seats"][1]["trade"] == 3 and state["seats"][0]["trade"] == 1


def test_r124_city_defended_by_standing_forces_without_army():
    state = make()
    city(state, 1)
    give(state, 1, "art01", "art02")
    give(state, 0, "inf15")
    put(state, 0)
    combat.start_battle(state, 0, SQ, "city")
    assert sorted(state["battle"]["hands"]["defender"]) == ["art01", "art02"]


def test_g20_blockade_attacker_uses_only_the_new_army():
    state = make(loot="faq")
    put(state, 1)
    put(state, 1)
    state["seats"][0]["coin_tokens"] = 2
    state["buildings"] = {f"A{i}": {"id": "academy", "owner": 1} for i in range(3)}
    give(state, 0, *[f"inf0{i}" for i in range(1, 8)])
    new = put(state, 0)
    combat.start_battle(state, 0, SQ, "blockade", figures=[new["id"]])
    b = state["battle"]
    assert b["hand_sizes"] == {"attacker": 3, "defender": 5}
    while state["battle"] and state["battle"]["step"] == "play":
        seat = combat.active_seats(state)[0]
        act(state, combat.legal_actions(state, seat)[0])
    assert state["last_battle"]["winner"] == 1
    assert [f for f in state["figures"] if f["owner"] == 0] == []
    assert state["battle"]["loot"]["points"] == 1
    combat.apply(state, 1, "loot:coin:1")                                # coin tokens are alike
    assert state["seats"][0]["coin_tokens"] == 1 and state["seats"][1]["coin_tokens"] == 0


# ---------------------------------------------------------------- loot

def loot_state(points_city=False, loot="faq", **loser):
    state = make(loot=loot)
    if points_city:
        city(state, 1)
        give(state, 0, "air01")
        state["seats"][0]["ranks"]["aircraft"] = 1
        give(state, 0, "air07")
        put(state, 0)
        state["seats"][1].update(copy.deepcopy(loser))
        combat.start_battle(state, 0, SQ, "city")
    else:
        state["seats"][1].update(copy.deepcopy(loser))
        fight(state, att=("inf11",), dfn=())
    while state["battle"] and state["battle"]["step"] in ("muster", "play"):   # a hand: asked first
        act(state, combat.legal_actions(state, combat.active_seats(state)[0])[0])
    return state


def test_loot_one_point_options():
    """The option loot=faq: R120 as the FAQ changes it (data-research-2 3.6): 1 point buys trade,
    culture, one resource or a coin discard."""
    state = loot_state(trade=2, culture_tokens=1, resources=["silk"], hidden_resources=["spy"],
                       coin_tokens=1, techs=[{"id": "pottery", "row": 1}], culture_hand=["c1"])
    assert state["battle"]["loot"]["points"] == 1
    assert combat.legal_actions(state, 0) == ["loot:trade", "loot:culture", "loot:resource:0",
                                              "loot:resource:1", "loot:coin:0", "loot:done"]
    with pytest.raises(IllegalAction):
        combat.apply(state, 0, "loot:take_coin")                        # 2 points
    with pytest.raises(IllegalAction):
        combat.apply(state, 1, "loot:trade")                            # not the winner
    state["seats"][0]["trade"] = 26
    act(state, "loot:trade")
    assert state["seats"][0]["trade"] == 27 and state["seats"][1]["trade"] == 0   # G23: capped at 27
    assert state["battle"] is None


def test_loot_resources_and_blind_markers():
    state = loot_state(resources=["silk"], hidden_resources=["spy"])
    events = act(state, "loot:resource:1")                               # the face-down marker, blind
    assert state["seats"][0]["hidden_resources"] == ["spy"] and state["seats"][1]["hidden_resources"] == []
    assert "spy" not in str(events[0].public).lower() and 0 in events[0].private and events[0].hidden
    state = loot_state(resources=["silk"], hidden_resources=["spy"])
    act(state, "loot:resource:0")
    assert state["seats"][0]["resources"] == ["silk"] and state["seats"][1]["resources"] == []


def test_loot_culture_takes_up_to_three():
    state = loot_state(culture_tokens=7)
    act(state, "loot:culture")
    assert (state["seats"][0]["culture_tokens"], state["seats"][1]["culture_tokens"]) == (3, 4)


def test_loot_nothing_to_take_ends_at_once():
    state = loot_state()
    assert state["battle"] is None and state["last_battle"]["winner"] == 0


def test_t45_r121_conquering_a_city():
    """T45: the city marker returns, the Temple goes back to the market, the wonder and the great
    person are removed, the winner's army stays, and 2 loot points follow (loot=faq)."""
    state = make(loot="faq")
    c = city(state, 1)
    other = city(state, 1, square="H8")
    state["seats"][1]["wonders"] = ["colossus"]
    state["seats"][1]["trade"] = 1
    state["buildings"] = {"B2": {"id": "temple", "owner": 1}, "H7": {"id": "temple", "owner": 1},
                          "D4": {"id": "academy", "owner": 1}, "J10": {"id": "academy", "owner": 0}}
    state["wonders_at"] = {"C2": {"id": "colossus", "owner": 1}}
    state["great_people_at"] = {"D3": {"id": "general", "owner": 1}}
    state["decks"]["buildings"] = {"temple": 2, "barracks": 0}
    give(state, 0, "air07", "air08")
    state["seats"][0]["ranks"]["aircraft"] = 1
    army = put(state, 0)
    combat.start_battle(state, 0, SQ, "city")
    assert state["battle"]["bonus"] == {"attacker": 4, "defender": 6 + 4 + 4}
    for _ in range(2):
        act(state, combat.legal_actions(state, 0)[0])
    assert state["last_battle"]["totals"] == {"attacker": 14, "defender": 10}
    assert state["cities"] == [other] and state["seats"][1]["unbuilt"]["city"] == 1
    assert state["buildings"] == {"H7": {"id": "temple", "owner": 1}, "J10": {"id": "academy", "owner": 0}}
    assert state["decks"]["buildings"] == {"temple": 3, "barracks": 1}
    assert state["wonders_at"] == {} and state["great_people_at"] == {}
    assert state["seats"][1]["wonders"] == []
    assert army in state["figures"] and c not in state["cities"]
    assert state["battle"]["loot"]["points"] == 2


def test_loot_two_points_tech_card_and_coin(monkeypatch):
    state = loot_state(points_city=True, techs=[{"id": "pottery", "row": 1}, {"id": "writing", "row": 1}],
                       culture_hand=["c1", "c2"], coin_tokens=2, trade=1)
    state["seats"][0]["techs"] = [{"id": "writing", "row": 1}]
    acts = combat.legal_actions(state, 0)
    assert {"loot:tech:pottery", "loot:culture_card:0", "loot:culture_card:1", "loot:take_coin"} <= set(acts)
    assert "loot:tech:writing" not in acts                             # the winner knows it
    monkeypatch.setattr(combat, "LOOT_TECH_CHECK", lambda st, seat, tech: None)
    assert not any(a.startswith("loot:tech:") for a in combat.legal_actions(state, 0))
    monkeypatch.setattr(combat, "LOOT_TECH_CHECK", lambda st, seat, tech: 2)
    act(state, "loot:tech:pottery")
    assert {"id": "pottery", "row": 2} in state["seats"][0]["techs"] and state["battle"] is None


def test_loot_two_points_culture_card_blind_and_take_coin():
    state = loot_state(points_city=True, culture_hand=["c1", "c2"], coin_tokens=2)
    events = act(state, "loot:culture_card:1")
    assert state["seats"][0]["culture_hand"] == ["c2"] and state["seats"][1]["culture_hand"] == ["c1"]
    assert events[0].hidden and 0 in events[0].private
    assert state["battle"] is None                                      # both points spent
    state = loot_state(points_city=True, coin_tokens=2)
    act(state, "loot:take_coin")
    assert (state["seats"][0]["coin_tokens"], state["seats"][1]["coin_tokens"]) == (1, 1)


def test_loot_two_one_point_buys_and_done():
    state = loot_state(points_city=True, trade=9, culture_tokens=9)
    act(state, "loot:trade")
    assert state["battle"]["loot"]["points"] == 1
    act(state, "loot:trade")                                           # repeats allowed
    assert state["seats"][0]["trade"] == 6 and state["battle"] is None
    state = loot_state(points_city=True, trade=9)
    act(state, "loot:done")
    assert state["battle"] is None and state["seats"][1]["trade"] == 9



# ---------------------------------------------------------------- loot: the rulebook (the default)

CITY_LOSER = dict(techs=[{"id": "pottery", "row": 1}], culture_hand=["c1", "c2"], resources=["silk"],
                  hidden_resources=["spy", "iron"], trade=9, culture_tokens=9, coin_tokens=2)


def test_r121_rulebook_a_destroyed_city_gives_one_item_tech_card_or_two_resources():
    """R121 (seed p. 34: 「獲勝者還可以選擇以下項目的**其中一項**,作爲戰利品: 學會1個失敗者知道、而自己不
    知道的科技… 偷取失敗者 1 張文化事件卡… 偷取失敗者任何 2 個資源指示物」): by default the winner of a
    non-capital city takes ONE of the three, not loot points; trade, culture and coins are not on
    the menu."""
    state = loot_state(points_city=True, loot="rulebook", **CITY_LOSER)
    assert state["options"] == {"loot": "rulebook"} and state["battle"]["loot"]["menu"] == "rulebook_city"
    assert combat.legal_actions(state, 0) == [
        "loot:tech:pottery", "loot:culture_card:0", "loot:culture_card:1",
        "loot:resource:0", "loot:resource:1", "loot:resource:2", "loot:done"]
    with pytest.raises(IllegalAction):
        combat.apply(state, 0, "loot:coin:0")                              # the FAQ's, not the rulebook's
    act(state, "loot:tech:pottery")
    assert any(t["id"] == "pottery" for t in state["seats"][0]["techs"])
    assert state["battle"] is None                                        # one item: the loot is over
    assert state["seats"][1]["culture_hand"] == ["c1", "c2"] and state["seats"][1]["trade"] == 9

    state = loot_state(points_city=True, loot="rulebook", **CITY_LOSER)
    events = act(state, "loot:culture_card:1")                             # 「只能檢視卡牌背面」: blind
    assert state["seats"][0]["culture_hand"] == ["c2"] and state["battle"] is None
    assert events[0].hidden and 0 in events[0].private and "c2" not in str(events[0].public)


def test_r121_rulebook_two_resources_are_one_item_taken_in_two_picks():
    """R121 「偷取失敗者任何 2 個資源指示物。面朝下的茅屋和村莊標記也是可以被選擇的,但獲勝者在選擇之前是不能檢視它們
    是什麼」: the two resources are one choice: after the first, only a second resource (or nothing) is
    offered; face-down markers are taken blind."""
    state = loot_state(points_city=True, loot="rulebook", **CITY_LOSER)
    act(state, "loot:resource:0")                                          # the market Silk
    assert state["battle"]["loot"]["second"] is True
    assert combat.legal_actions(state, 0) == ["loot:resource:0", "loot:resource:1", "loot:done"]
    events = act(state, "loot:resource:1")                                 # a face-down marker, blind
    assert state["battle"] is None
    assert state["seats"][0]["resources"] == ["silk"] and state["seats"][0]["hidden_resources"] == ["iron"]
    assert state["seats"][1]["resources"] == [] and state["seats"][1]["hidden_resources"] == ["spy"]
    assert "iron" not in str(events[0].public).lower() and events[0].hidden
    # a loser with a single resource: the item ends with it
    state = loot_state(points_city=True, loot="rulebook", resources=["wheat"])
    act(state, "loot:resource:0")
    assert state["battle"] is None and state["seats"][0]["resources"] == ["wheat"]


def test_r120_rulebook_beaten_figures_give_one_item_trade_culture_or_a_resource():
    """R120 (seed p. 34: 「獲勝者可以從失敗者身上,選擇以下項目的**其中一項**,作爲戰利品: 由失敗者的貿易轉盤中取走
    最多3點貿易量 / 取走最多3個文化指示物 / 任何 1 個資源指示物」): one item; no coin, tech or culture card."""
    state = loot_state(loot="rulebook", **CITY_LOSER)
    assert state["battle"]["loot"]["menu"] == "rulebook_figures"
    assert combat.legal_actions(state, 0) == ["loot:trade", "loot:culture", "loot:resource:0",
                                              "loot:resource:1", "loot:resource:2", "loot:done"]
    act(state, "loot:trade")
    assert (state["seats"][0]["trade"], state["seats"][1]["trade"]) == (3, 6)
    assert state["battle"] is None                                        # not a second item
    state = loot_state(loot="rulebook", **CITY_LOSER)
    act(state, "loot:resource:2")
    assert state["battle"] is None and state["seats"][1]["hidden_resources"] == ["spy"]


def test_the_faq_loot_is_a_declared_option_listed_by_the_rules_help():
    """The FFG FAQ v2.0 loot points stay only as the declared option loot=faq (default: the
    rulebook), and /civ rules says so."""
    from engine.civilization import RULES, help as civ_help
    option = next(o for o in RULES.options if o.name == "loot")
    assert option.default == "rulebook" and {v for v, _ in option.choices} == {"rulebook", "faq"}
    assert combat.loot_rule({"options": {}}) == "rulebook"
    assert combat.loot_rule({"options": {"loot": "faq"}}) == "faq"
    design = " ".join(str(m) for m in civ_help.DESIGN_TEXT)
    assert "loot=faq" in design

def test_t46_r122_capital_conquered_is_a_military_victory():
    state = make()
    city(state, 1, capital=True)
    give(state, 0, "air07", "air08")
    state["seats"][0]["ranks"]["aircraft"] = 1
    put(state, 0)
    combat.start_battle(state, 0, SQ, "city")
    for _ in range(2):
        act(state, combat.legal_actions(state, 0)[0])
    assert state["result"]["winners"] == [0]
    assert state["battle"] is None and state["cities"]


# ---------------------------------------------------------------- villages

def village_state(content="iron", players=3, attacker=2):
    state = make(players=players)
    state["markers"][SQ] = {"kind": "village", "content": content}
    return state


def test_r72_barbarian_player_is_to_the_left_rank_one():
    state = village_state()
    state["seats"][0]["ranks"] = {"artillery": 3, "infantry": 3, "mounted": 3, "aircraft": 0}
    give(state, 2, "inf15")
    put(state, 2)
    events = combat.start_battle(state, 2, SQ, "village")
    b = state["battle"]
    assert b["seats"] == {"attacker": 2, "defender": 0}
    assert sorted(combat.card_type(c) for c in b["hands"]["defender"]) == ["artillery", "infantry", "mounted"]
    assert b["ranks"]["defender"]["mounted"] == 1
    assert b["bonus"]["defender"] == 0
    assert combat.active_seats(state) == [0]                           # the barbarians defend: first
    assert combat.hidden_battle_items(state, 0) == set(b["hands"]["defender"])
    assert state["seats"][0]["standing_forces"] == []
    assert any(0 in e.private for e in events)


def test_r72_shortfall_from_another_deck():
    state = village_state()
    state["decks"]["units"]["infantry"] = {"down": [], "up": []}
    give(state, 2, "art15")
    put(state, 2)
    combat.start_battle(state, 2, SQ, "village")
    hand = state["battle"]["hands"]["defender"]
    assert len(hand) == 3 and not any(combat.card_type(c) == "infantry" for c in hand)


def test_r73_village_won_resource_and_r119_applies():
    state = village_state("iron")
    state["buildings"] = {"A1": {"id": "academy", "owner": 2}, "A2": {"id": "academy", "owner": 2},
                          "A3": {"id": "academy", "owner": 2}, "A4": {"id": "academy", "owner": 2}}
    give(state, 2, "inf15")
    put(state, 2)
    combat.start_battle(state, 2, SQ, "village")
    while state["battle"]:
        act(state, combat.legal_actions(state, combat.active_seats(state)[0])[0])
    assert state["last_battle"]["winner"] == 2
    assert state["seats"][2]["hidden_resources"] == ["iron"] and SQ not in state["markers"]
    assert state["seats"][0]["hidden_resources"] == [] and state["seats"][0]["standing_forces"] == []
    assert len([f for f in state["figures"] if f["owner"] == 2]) == 1  # the last army is never lost
    assert card_places(state) == ALL_CARDS                              # G21: barbarians back to decks


def test_g21_r119_applies_to_a_village_winner():
    """G21 DD: the winner of a village loses 1 army per 2 of its destroyed units (2 armies, 2 lost)."""
    state = village_state("iron")
    for t, top in (("artillery", "art01"), ("infantry", "inf01"), ("mounted", "mou01")):
        deck = state["decks"]["units"][t]["down"]
        deck.remove(top)
        deck.append(top)                               # the top of a deck is the end of its list
    give(state, 2, "inf02", "mou02", "inf13", "inf14", "inf15")
    put(state, 2)
    put(state, 2)
    combat.start_battle(state, 2, SQ, "village")
    assert sorted(state["battle"]["hands"]["defender"]) == ["art01", "inf01", "mou01"]
    for a in ("play:art01:new", "play:inf02:0",        # artillery trumps infantry: no strike back
              "play:inf01:new", "play:mou02:1",        # infantry trumps mounted
              "play:mou01:new", "play:inf13:new", "play:inf14:new", "play:inf15:new"):
        act(state, a)
    assert state["last_battle"]["winner"] == 2 and state["last_battle"]["totals"] == {"attacker": 9, "defender": 3}
    assert len([f for f in state["figures"] if f["owner"] == 2]) == 1
    assert state["seats"][2]["unbuilt"]["army"] == 5
    assert sorted(state["seats"][2]["standing_forces"]) == ["inf13", "inf14", "inf15"]
    assert card_places(state) == ALL_CARDS


def test_t40_village_with_a_great_person():
    state = village_state("great_person")
    state["buildings"] = {f"A{i}": {"id": "academy", "owner": 2} for i in range(1, 5)}
    put(state, 2)
    combat.start_battle(state, 2, SQ, "village")
    while state["battle"]:
        act(state, combat.legal_actions(state, combat.active_seats(state)[0])[0])
    assert len(state["seats"][2]["great_people"]) == 1 and len(state["decks"]["great_people"]) == 2
    assert SQ not in state["markers"] and state["seats"][2]["hidden_resources"] == []


def test_t39_losing_to_barbarians():
    """T39: the army returns to the civ sheet, no loot, the barbarian units go back to their decks."""
    state = village_state("iron")
    state["seats"][2]["trade"] = 9
    put(state, 2)
    put(state, 2)
    combat.start_battle(state, 2, SQ, "village")
    barbarians = list(state["battle"]["hands"]["defender"])
    while state["battle"]:
        act(state, combat.legal_actions(state, combat.active_seats(state)[0])[0])
    assert state["last_battle"]["winner"] == 0
    assert [f for f in state["figures"] if f["owner"] == 2] == [] and state["seats"][2]["unbuilt"]["army"] == 6
    assert state["seats"][2]["trade"] == 9 and state["markers"][SQ]["content"] == "iron"
    ups = [c for d in state["decks"]["units"].values() for c in d["up"]]
    assert sorted(ups) == sorted(barbarians)
    assert state["seats"][0]["standing_forces"] == []


# ---------------------------------------------------------------- illegal input

def test_illegal_moves_change_nothing():
    state = make()
    fight(state, att=("inf01",), dfn=("inf02",))
    before = copy.deepcopy(state)
    for seat, action in ((0, "play:inf01:new"), (1, "play:inf01:new"), (1, "play:inf02:0"), (1, "loot:done")):
        with pytest.raises(IllegalAction):
            combat.apply(state, seat, action)
    assert state == before
    with pytest.raises(IllegalAction):
        combat.start_battle(state, 0, SQ, "figures")                    # a battle is running
    state = make()
    put(state, 0)
    with pytest.raises(IllegalAction):
        combat.start_battle(state, 0, SQ, "figures")                    # nobody to fight
    with pytest.raises(IllegalAction):
        combat.start_battle(state, 0, SQ, "village")                    # no village
    state = make()
    put(state, 0, kind="scout")
    put(state, 1)
    with pytest.raises(IllegalAction):
        combat.start_battle(state, 0, SQ, "figures")                    # only armies attack


# ---------------------------------------------------------------- seeded random battles

@pytest.mark.parametrize("seed", range(40))
def test_random_battles_keep_every_card_in_one_place(seed):
    rnd = random.Random(seed)
    players = rnd.choice((2, 3, 4))
    state = make(players=players, seed=seed)
    for s in range(players):
        state["seats"][s]["ranks"] = {t: rnd.randint(1, 4) for t in combat.LAND} | {"aircraft": 1}
        state["seats"][s]["trade"] = rnd.randint(0, 27)
        state["seats"][s]["culture_tokens"] = rnd.randint(0, 5)
        state["seats"][s]["coin_tokens"] = rnd.randint(0, 3)
        state["seats"][s]["resources"] = rnd.sample(["silk", "iron", "wheat", "incense"], rnd.randint(0, 2))
        state["seats"][s]["culture_hand"] = [f"card{s}_{i}" for i in range(rnd.randint(0, 2))]
        level_one = [t for t in research.all_tech_ids() if research.level(t) == 1]
        state["seats"][s]["techs"] = [{"id": t, "row": 1} for t in rnd.sample(level_one, rnd.randint(0, 2))]
        if rnd.random() < 0.3:
            state["seats"][s]["government"] = "fundamentalism"
        for t in combat.TYPES:
            for _ in range(rnd.randint(0, 2)):
                card = combat.draw_unit(state, t)
                if card:
                    state["seats"][s]["standing_forces"].append(card)
    attacker = rnd.randrange(players)
    kind = rnd.choice(("figures", "city", "village", "blockade"))
    defender = (attacker + 1) % players
    for _ in range(rnd.randint(1, 2)):
        put(state, attacker)
    if kind == "city":
        city(state, defender, capital=rnd.random() < 0.3, walled=rnd.random() < 0.5)
    elif kind == "village":
        state["markers"][SQ] = {"kind": "village", "content": rnd.choice(["iron", "great_person"])}
    else:
        for _ in range(rnd.randint(1, 2)):
            put(state, defender)
        if rnd.random() < 0.5:
            put(state, defender, kind="scout")
    if rnd.random() < 0.5:
        state["buildings"]["A1"] = {"id": rnd.choice(["barracks", "academy"]), "owner": rnd.randrange(players)}
    combat.start_battle(state, attacker, SQ, kind)
    steps = 0
    while state["battle"]:
        assert card_places(state) == ALL_CARDS
        assert json.loads(json.dumps(state)) == state                  # the state stays plain JSON
        asked = combat.active_seats(state)
        assert len(asked) == 1 or state["battle"]["step"] == "muster"   # before the hands: both at once
        seat = rnd.choice(asked)
        for other in range(players):
            if other not in asked:
                assert combat.legal_actions(state, other) == []
        options = combat.legal_actions(state, seat)
        assert options
        combat.apply(state, seat, rnd.choice(options))
        steps += 1
        assert steps < 60
    assert card_places(state) == ALL_CARDS
    json.dumps(state)
    outcome = state["last_battle"]
    winner, loser = outcome["winner"], outcome["loser"]
    assert outcome["totals"]["attacker"] != outcome["totals"]["defender"] or outcome["winner_side"] == "defender"
    assert all(0 <= s["trade"] <= 27 and s["coin_tokens"] >= 0 for s in state["seats"])
    if kind == "village" and outcome["winner_side"] == "defender":
        assert not [f for f in state["figures"] if f["owner"] == attacker]
    if outcome["winner_side"] == "attacker" and kind != "village":
        assert state["result"] or any(f["owner"] == attacker for f in state["figures"])
        assert not [f for f in state["figures"] if f["owner"] == loser]
    assert winner != loser


# ---------------------------------------------------------------- legal actions never write the state

def test_legal_actions_never_write_the_state_in_a_battle(monkeypatch):
    """The engine contract (engine/base.py: engines never mutate the state they are given) in a
    battle, where abilities are offered between plays (R117, seed: 「這些能力往往是在攻擊敵軍「戰線」之前
    或之後,來使用」): listing them once wrote battle["abilities_used"] (and a seat's missing
    "used_this_turn", the turn's "moved"). Every state of a battle, and before it, is the same
    after every seat's legal actions are listed."""
    from engine.civilization import RULES
    from .fixtures import blank, field, figure, learn

    state = field(monkeypatch, blank(), phase="movement")
    for seat in (0, 1):
        learn(state, seat, "metalworking")                       # a battle ability to offer
        state["seats"][seat]["resources"] = ["iron", "iron", "wheat"]
        state["seats"][seat].pop("used_this_turn", None)
    state.pop("moved", None)
    figure(state, 1, "army", "B3")
    figure(state, 0, "army", "B4")
    seen = 0
    for _ in range(40):
        for seat in range(state["players"]):
            before = copy.deepcopy(state)
            RULES.legal_actions(state, seat)
            assert state == before, f"listing seat {seat}'s moves changed the state"
        if not state.get("battle") and seen:
            break
        seat = sorted(RULES.active_players(state))[0]
        action = "move:army0_0:B3" if not state.get("battle") else \
            next((a.id for a in RULES.legal_actions(state, seat) if not a.id.startswith("ability:")),
                 RULES.legal_actions(state, seat)[0].id)
        state, _ = RULES.apply(state, seat, action)
        seen += bool(state.get("battle"))
    assert seen >= 3, "the battle was played through"
