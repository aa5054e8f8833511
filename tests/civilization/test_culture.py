"""The culture track and culture event hands (spec R28, R50, R52-R58, R126, S3.F; G8, G28;
scenarios T27, T49, T55) and the track data (appendix G8)."""
from __future__ import annotations

import copy

import pytest

from engine.base import IllegalAction
from engine.civilization import culture, data

CARDS = [{"id": "drought", "name": "Drought", "deck": "ancient", "copies": 2},
         {"id": "sabotage", "name": "Sabotage", "deck": "ancient", "copies": 1},
         {"id": "rebellion", "name": "Rebellion", "deck": "medieval", "copies": 2},
         {"id": "tsunami", "name": "Tsunami", "deck": "modern", "copies": 1}]


@pytest.fixture(autouse=True)
def small_event_list(monkeypatch):
    monkeypatch.setattr(culture, "_event_records", lambda: CARDS)


def seat(level: int = 0, culture_tokens: int = 0, trade: int = 0, hand=(), techs=()) -> dict:
    return {"civ": "america", "government": "despotism", "trade": trade, "coin_tokens": 0,
            "culture_tokens": culture_tokens, "culture_level": level, "resources": [], "hidden_resources": [],
            "techs": [{"id": t, "row": 1} for t in techs], "standing_forces": [], "culture_hand": list(hand),
            "great_people": [], "wonders": [], "unbuilt": {"army": 5, "scout": 1, "city": 1},
            "ranks": {"artillery": 1, "infantry": 1, "mounted": 1, "aircraft": 0}}


def game(*seats_, phase: str = "city") -> dict:
    state = {"seats": list(seats_), "first": 0, "phase": phase, "turn": 2, "result": None,
             "rng": {"seed": 7, "n": 0},
             "decks": {"great_people": ["general", "scientist"]}}
    culture.new_culture_decks(state, CARDS)
    return state


# --- data ----------------------------------------------------------------------------------------

def test_g8_track_data():  # G8, R53
    data.validate()
    track = culture.track()
    assert [s["id"] for s in track] == list(range(22))
    assert track[0]["kind"] == "start" and culture.last_space() == 21
    assert [s["id"] for s in track if s["kind"] == "great_person"] == [3, 7, 12, 18]
    assert [s["id"] for s in track if s["kind"] == "victory"] == [21]
    for s in track[1:]:
        sec = 1 if s["id"] <= 7 else 2 if s["id"] <= 14 else 3
        assert s["section"] == sec
        assert s["deck"] == culture.ERAS[sec - 1]
        assert (s["cost_culture"], s["cost_trade"]) == {1: (3, 0), 2: (5, 3), 3: (7, 6)}[sec]


def test_r50_t27_devote_to_the_arts():  # R50, T27
    assert culture.arts_culture(0) == 1
    assert culture.arts_culture(1) == 2


def test_s3f_new_culture_decks_by_era():  # S3.F, R57
    state = game(seat())
    decks = state["decks"]["culture"]
    # each copy is its own card id ("<card>.<copy>"), so a hidden hand names no other copy
    assert sorted(decks["ancient"]["down"]) == ["drought.1", "drought.2", "sabotage.1"]
    assert sorted(decks["medieval"]["down"]) == ["rebellion.1", "rebellion.2"]
    assert decks["modern"] == {"down": ["tsunami.1"], "up": []}
    assert culture.era_of("drought.2") == "ancient" and culture.card_kind("drought.2") == "drought"
    assert state["rng"]["n"] == 3


def test_s3f_decks_from_the_data_file():  # S3.F, spec 2.1 (47 culture event cards)
    state = {"rng": {"seed": 3, "n": 0}}
    culture.new_culture_decks(state, data.collection("culture_events"))
    decks = state["decks"]["culture"]
    assert sum(len(decks[era]["down"]) for era in culture.ERAS) == 47
    assert all(culture.ERAS.index(rec["deck"]) >= 0 for rec in data.collection("culture_events"))


# --- advancing -----------------------------------------------------------------------------------

def test_r53_cost_is_the_entered_space():  # R53
    state = game(seat(level=0), seat(level=7), seat(level=14), seat(level=20), seat(level=21))
    assert culture.advance_cost(state, 0) == (3, 0)
    assert culture.advance_cost(state, 1) == (5, 3)       # leaving 7 (section 1), entering 8
    assert culture.advance_cost(state, 2) == (7, 6)
    assert culture.advance_cost(state, 3) == (7, 6)
    assert culture.advance_cost(state, 4) is None


def test_r52_only_in_city_management():  # R52, G28
    state = game(seat(culture_tokens=10), phase="movement")
    assert not culture.can_advance(state, 0)
    with pytest.raises(IllegalAction):
        culture.advance(state, 0)
    state["phase"] = "city"
    assert culture.can_advance(state, 0)


def test_r53_both_costs_in_full_and_several_steps():  # R53
    state = game(seat(level=7, culture_tokens=12, trade=5), seat(level=8))
    before = copy.deepcopy(state)
    state["seats"][0]["trade"] = 2
    with pytest.raises(IllegalAction):
        culture.advance(state, 0)                  # culture enough, trade short
    state["seats"][0]["trade"] = 5
    assert state["seats"][0] == {**before["seats"][0]}
    culture.advance(state, 0)
    area = state["seats"][0]
    assert (area["culture_level"], area["culture_tokens"], area["trade"]) == (8, 7, 2)
    assert culture.advance_cost(state, 0) == (5, 3) and not culture.can_advance(state, 0)
    assert state["seats"][1]["culture_level"] == 8        # markers share a space
    state["seats"][0]["trade"] = 3
    culture.advance(state, 0)                             # a second step in the same turn
    assert area["culture_level"] == 9 and area["culture_tokens"] == 2


def test_r54_event_space_draws_from_its_section_deck():  # R54, S3.F
    state = game(seat(level=7, culture_tokens=5, trade=3))
    top = state["decks"]["culture"]["medieval"]["down"][-1]
    events = culture.advance(state, 0)
    assert state["seats"][0]["culture_hand"] == [top]
    drawn = [e for e in events if e.private]
    assert drawn and drawn[0].hidden and "Rebellion" in drawn[0].private[0]
    assert "Rebellion" not in drawn[0].public
    assert len(state["decks"]["culture"]["medieval"]["down"]) == 1


def test_r55_great_people_space():  # R55
    state = game(seat(level=2, culture_tokens=3))
    events = culture.advance(state, 0)
    assert state["seats"][0]["great_people"] == ["scientist"]
    assert state["decks"]["great_people"] == ["general"]
    assert state["seats"][0]["culture_hand"] == []
    assert any(e.hidden for e in events)


def test_r56_culture_victory():  # R56, R131
    state = game(seat(level=20, culture_tokens=7, trade=6))
    culture.advance(state, 0)
    assert state["result"]["winners"] == [0]
    with pytest.raises(IllegalAction):
        culture.advance(state, 0)


def test_free_advance_skips_payment_and_phase():  # stage-2 hook (Rome, Sydney Opera House)
    state = game(seat(level=0), phase="start")
    culture.advance(state, 0, free=True)
    assert state["seats"][0]["culture_level"] == 1 and state["seats"][0]["culture_tokens"] == 0


# --- the hand ------------------------------------------------------------------------------------

def test_t49_r54_r58_over_the_limit_discards_at_once():  # T49, R54, R58
    state = game(seat(level=0, culture_tokens=3, hand=["sabotage", "tsunami"]))
    events = culture.advance(state, 0)
    assert len(state["seats"][0]["culture_hand"]) == 3
    assert culture.over_limit(state, 0) == 1
    assert any("must discard 1" in e.public for e in events)
    events = culture.discard(state, 0, "tsunami")
    assert culture.over_limit(state, 0) == 0
    assert state["decks"]["culture"]["modern"]["up"] == ["tsunami"]     # face up at the bottom
    assert "Tsunami" not in events[0].public and "Tsunami" in events[0].private[0]
    with pytest.raises(IllegalAction):
        culture.discard(state, 0, "tsunami")


def test_r58_pottery_raises_the_hand_limit():  # R58
    state = game(seat(level=0, culture_tokens=3, hand=["sabotage", "tsunami"], techs=["pottery"]))
    culture.advance(state, 0)
    assert len(state["seats"][0]["culture_hand"]) == 3 and culture.over_limit(state, 0) == 0


def test_t55_r28_over_the_limit_after_an_exchange():  # T55, R28
    state = game(seat(hand=["sabotage", "tsunami", "drought"]))
    assert culture.over_limit(state, 0) == 1


def test_r57_r126_empty_deck_reshuffles_its_returned_cards():  # R57, R126
    state = game(seat(level=14, culture_tokens=14, trade=12))
    modern = state["decks"]["culture"]["modern"]
    modern["down"], modern["up"] = [], ["tsunami", "tsunami"]
    events = culture.advance(state, 0)
    assert state["seats"][0]["culture_hand"] == ["tsunami"]
    assert modern == {"down": ["tsunami"], "up": []}
    assert any("reshuffled" in e.public for e in events)
    modern["down"] = []
    culture.advance(state, 0)                 # no card left at all: nothing is drawn
    assert state["seats"][0]["culture_hand"] == ["tsunami"] and state["seats"][0]["culture_level"] == 16


def test_r55_r59_a_great_person_from_the_track_may_be_placed_at_once(monkeypatch):
    """R55, R59 (seed: 「他們可以立即將「重要人士」用在城市上,或留著日後使用亦可」): entering a great person
    space in City Management asks at once: an outskirts square of one of the player's cities, or
    keep it on the sheet for a later Start of Turn."""
    from engine.civilization import RULES, flow
    from .fixtures import blank, city, field, ids

    def entering(monkeypatch):
        state = field(monkeypatch, blank(), phase="city")
        city(state, 0, "C3", capital=True)
        area = state["seats"][0]
        area["culture_level"], area["culture_tokens"] = 2, 3          # space 3: a great person
        state["decks"]["great_people"] = ["general", "scientist"]
        new, _ = RULES.apply(state, 0, "culture")
        return new

    state = entering(monkeypatch)
    assert state["pending"]["kind"] == "choose" and state["pending"]["step"] == "great_person"
    assert flow.active_players(state) == {0}
    options = ids(state, 0)
    assert "pick:keep" in options and "pick:B2" in options and "pick:C3" not in options   # not the centre
    placed, _ = RULES.apply(state, 0, "pick:B2")
    assert placed["great_people_at"]["B2"] == {"id": "scientist", "owner": 0}
    assert placed["seats"][0]["great_people"] == [] and not placed.get("pending")
    assert "done" in ids(placed, 0)                                    # City Management goes on
    kept, _ = RULES.apply(entering(monkeypatch), 0, "pick:keep")
    assert kept["seats"][0]["great_people"] == ["scientist"] and kept["great_people_at"] == {}


def test_r59_a_village_great_person_may_be_placed_at_once(monkeypatch):
    """R59 (「一旦獲得了「重要人士標誌物」,玩家可以立即放置在任何一個屬於玩家自己的城市市近」): a great person won
    from a village is offered at once too."""
    from engine.civilization import combat
    from .fixtures import blank, city, field

    state = field(monkeypatch, blank(), phase="movement")
    city(state, 0, "C3", capital=True)
    state["markers"]["F6"] = {"kind": "village", "content": "great_person"}
    state["decks"]["great_people"] = ["artist"]
    combat._take_village(state, 0, "F6")
    assert state["seats"][0]["great_people"] == ["artist"]
    assert state["pending"]["step"] == "great_person" and state["pending"]["context"] == {"person": "artist"}
