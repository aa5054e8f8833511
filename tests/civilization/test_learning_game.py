"""The learning game and the turn cap, the options Civilization declares (spec section 8, T52, G40):
Egypt, Rome and every wonder stay in the box, the third city ends the game with no winner (T52),
an optional turn cap ends the game after that turn's Research phase (G40 DD; the standard game's
house rule: furthest along the culture track wins), bad options are refused, the platform reads
the declaration, a learning game is never rated, and a seeded playout of a learning game with
turns=8 reaches its end."""
from __future__ import annotations

import json
from types import SimpleNamespace

import pytest

from engine.base import PLATFORM_OPTIONS, IllegalAction, Result, declared_options, normalise_options, options_line
from engine.civilization import RULES, board, cities, economy, help, research
from i18n import render
from tournaments.service import RatingService, ranks_from_result

from .fixtures import act, ids, learn
from .test_flow import start_square, to_phase
from .test_playouts import check_cards, check_figures, check_views

LEARNING = {"learning": True}


def game(civs=("china", "germany"), seed=1, **options):
    """Setup done with these options (capitals on their start squares)."""
    state = RULES.setup(len(civs), {"civilizations": list(civs), "first_player": 0, **options}, seed)
    while state["phase"] == "setup":
        seat = next(iter(RULES.active_players(state)))
        if state["setup"]["step"] == "capital":
            state = act(state, seat, f"capital:{start_square(state, seat)}")
        else:
            pick = next(c for c in ids(state, seat) if c.split(":")[1] != c.split(":")[2])
            state = act(state, seat, pick)
    return state


def reason(state) -> str:
    return render(Result.from_dict(state["result"]).reason, "en")


def finish_research(state):
    """Everyone researches nothing: the Research phase of this turn ends."""
    state = to_phase(state, "research")
    for seat in sorted(RULES.active_players(state)):
        state = act(state, seat, "research:none")
    return state


# ---------------------------------------------------------------- the declaration

def test_section_8_g40_the_options_are_declared_with_the_standard_game_as_default():
    options = {o.name: o for o in declared_options(RULES)}
    platform = {o.name for o in PLATFORM_OPTIONS}                      # level and hints: every game's
    assert set(options) - platform == {"learning", "turns", "loot"}     # loot: test_combat.py
    assert (options["learning"].kind, options["learning"].default) == ("bool", False)
    assert (options["turns"].kind, options["turns"].default, options["turns"].min, options["turns"].max) \
        == ("int", 0, 0, 200)                                          # G40: off by default
    assert normalise_options(RULES, 2, {"learning": "no", "turns": "0", "loot": "rulebook"}) == {}   # a plain match stores nothing
    assert normalise_options(RULES, 3, {"learning": "yes", "turns": "8"}) == {"learning": True, "turns": 8}
    line = render(options_line(RULES, {"learning": True, "turns": 8}), "en")
    assert "learning game on" in line and "turn limit 8" in line
    assert any("learning game" in render(m, "en") and "turn limit" in render(m, "en") for m in help.DECISIONS)


def test_section_8_bad_options_are_refused():
    for bad in ({"turns": -1}, {"turns": 201}, {"turns": "many"}, {"learning": "maybe"}):
        with pytest.raises(IllegalAction):
            normalise_options(RULES, 2, bad)
    for civs in (["egypt", "china"], ["china", "rome"]):
        with pytest.raises(IllegalAction) as refused:
            normalise_options(RULES, 2, {"learning": True, "civilizations": civs})
        assert "Egypt and Rome stay in the box" in render(refused.value.message, "en")
        with pytest.raises(IllegalAction):
            RULES.setup(2, {"learning": True, "civilizations": civs}, 1)
    assert RULES.setup(2, {"civilizations": ["egypt", "rome"]}, 1)["seats"][0]["civ"] == "egypt"   # standard game


# ---------------------------------------------------------------- section 8: back to the box

def test_section_8_egypt_rome_and_the_wonders_stay_in_the_box():
    drawn = set()
    for seed in range(30):
        state = RULES.setup(4, LEARNING, seed)
        drawn |= {a["civ"] for a in state["seats"]}
        assert state["decks"]["wonders"] == [] and state["decks"]["wonder_market"] == []
        assert all(a["wonders"] == [] and "pending_wonder_marker" not in a for a in state["seats"])
        view = RULES.view(state, None)
        assert view["decks"]["wonders"] == 0
    assert drawn == {"america", "china", "germany", "russia"}          # never Egypt nor Rome
    standard = RULES.setup(4, {}, 1)
    assert len(standard["decks"]["wonder_market"]) == 4 and standard["decks"]["wonders"]


def test_section_8_no_wonder_is_offered_to_a_rich_city():
    state = to_phase(game(**LEARNING), "city")
    state["seats"][0]["trade"] = 27                                     # enough to rush any wonder
    assert not [i for i in ids(state, 0) if ":wonder:" in i]
    assert not any(i.startswith("wonder:") for i in ids(state, 0))
    standard = to_phase(game(), "city")
    standard["seats"][0]["trade"] = 27
    assert any(":wonder:" in i for i in ids(standard, 0))              # the same city would build one


# ---------------------------------------------------------------- T52: the third city

def _found_a_city(state, seat=0):
    """The seat's scout founds a city on the first legal square of the face-up map."""
    for tile in state["map"]["tiles"]:
        tile["face_up"] = True
    scout = next(f for f in state["figures"] if f["owner"] == seat and f["kind"] == "scout")
    spot = next((x, y) for y in range(state["map"]["height"]) for x in range(state["map"]["width"])
                if board.found_problem(state, seat, x, y) is None)
    scout["x"], scout["y"] = spot
    return act(state, seat, f"found:{scout['id']}")


def test_t52_the_third_city_ends_the_learning_game_with_no_winner():
    state = game(**LEARNING)
    learn(state, 0, "irrigation")                                      # R11: 3 cities with Irrigation
    assert research.city_limit(state, 0) == 3
    state = _found_a_city(state)
    assert len(economy.cities_of(state, 0)) == 2 and not state["result"]   # the second city: play on
    state["seats"][0]["unbuilt"]["scout"] -= 1
    scout = cities.place_figure(state, 0, "scout", 0, 0)
    assert scout["kind"] == "scout"
    state = _found_a_city(state)
    assert len(economy.cities_of(state, 0)) == 3
    result = RULES.result(state)
    assert result is not None and result.winners == [] and result.scores == {}
    assert "third city" in reason(state) and "no winner" in reason(state)
    assert RULES.active_players(state) == set()
    with pytest.raises(IllegalAction):
        RULES.apply(state, 0, "done")
    json.dumps(state)


def test_t52_a_third_city_does_not_end_the_standard_game():
    state = game()
    learn(state, 0, "irrigation")
    state = _found_a_city(state)
    state["seats"][0]["unbuilt"]["scout"] -= 1
    cities.place_figure(state, 0, "scout", 0, 0)
    state = _found_a_city(state)
    assert len(economy.cities_of(state, 0)) == 3 and not state["result"]


def test_section_8_a_victory_met_in_the_learning_game_counts_for_nobody():
    state = to_phase(game(**LEARNING), "city")
    state["seats"][0]["coin_tokens"] = 15                               # R103: 15 coins
    state = act(state, 0, ids(state, 0)[0])
    assert state["result"]["winners"] == [] and "no winner" in reason(state)
    standard = to_phase(game(), "city")
    standard["seats"][0]["coin_tokens"] = 15
    standard = act(standard, 0, ids(standard, 0)[0])
    assert standard["result"]["winners"] == [0]


# ---------------------------------------------------------------- G40: the turn cap

def test_g40_the_turn_cap_ends_the_learning_game_after_the_research_phase():
    state = game(turns=2, **LEARNING)
    state = finish_research(state)
    assert state["turn"] == 2 and state["phase"] == "start" and not state["result"]   # turn 1 over: play on
    state = finish_research(state)
    assert state["turn"] == 2 and state["phase"] == "research" and state["result"]["winners"] == []
    assert "Turn 2 is over" in reason(state) and "no winner" in reason(state)


def test_g40_the_turn_cap_of_the_standard_game_goes_to_the_culture_track_then_techs_then_coins():
    state = game(turns=1)
    state["seats"][1]["culture_level"] = 2
    state = finish_research(state)
    assert state["result"]["winners"] == [1] and state["result"]["scores"] == {"0": 0, "1": 2}
    assert "furthest along the culture track" in reason(state)
    state = game(turns=1)                                              # level: the most techs
    learn(state, 0, "pottery")
    assert finish_research(state)["result"]["winners"] == [0]
    state = game(turns=1)                                              # level again: the most coins
    state["seats"][1]["coin_tokens"] = 3
    assert finish_research(state)["result"]["winners"] == [1]
    state = game(turns=1)                                              # level in everything: shared
    state["seats"][0]["coin_tokens"] = state["seats"][1]["coin_tokens"] = 1
    coins = [economy.coins(state, s) for s in (0, 1)]
    if coins[0] == coins[1]:
        shared = finish_research(state)
        assert shared["result"]["winners"] == [0, 1] and "share the win" in reason(shared)
    assert not finish_research(game())["result"]                       # no cap: play on


# ---------------------------------------------------------------- the platform

def test_section_8_a_learning_game_has_no_winner_anywhere_and_is_never_rated():
    result = {"winners": [], "scores": {}, "reason": "x"}
    assert ranks_from_result(result, 3) == [1, 1, 1]                   # a draw-like end for standings
    seats = [SimpleNamespace(seat=s, user_id=10 + s, is_ai=False) for s in range(2)]

    def match(options):
        return SimpleNamespace(status="finished", result=result, guild_id=1, meta={}, seats=seats,
                               game="civilization", options=options)
    assert not RatingService.is_rated(match({"learning": True}))
    assert RatingService.is_rated(match({"turns": 8}))
    assert RULES.is_rated({}) and not RULES.is_rated(LEARNING)


# ---------------------------------------------------------------- a whole learning game

def test_t52_g40_a_seeded_learning_game_with_turns_8_plays_to_its_end():
    options = {"learning": True, "turns": 8}
    state = RULES.setup(3, options, 4)
    log = []
    for n in range(3000):
        if state.get("result"):
            break
        seat = sorted(RULES.active_players(state))[0]
        legal = [a.id for a in RULES.legal_actions(state, seat)]
        assert not [a for a in legal if ":wonder:" in a or a.startswith("wonder:")]
        action_id = RULES.ai_choose(state, seat, 4 + n)
        state, _ = RULES.apply(state, seat, action_id)
        log.append((seat, action_id))
        check_figures(state)
        check_cards(state)
        if n % 25 == 0:
            check_views(state)
    assert state["result"] and state["result"]["winners"] == [] and state["turn"] <= 8
    assert {a["civ"] for a in state["seats"]}.isdisjoint({"egypt", "rome"})
    assert not state["wonders_at"] and all(not a["wonders"] for a in state["seats"])
    assert any(c["owner"] is not None for c in state["cities"])
    ended = reason(state)
    assert "Turn 8 is over" in ended or "third city" in ended
    replay = RULES.setup(3, options, 4)
    for seat, action_id in log:
        replay, _ = RULES.apply(replay, seat, action_id)
    assert replay == state
