"""Culture event cards (engine/civilization/event_cards.py): every card played in the phase of its
timing (R10, R57), the disasters (G9), buildings but never wonders (R47, T35), and the cancel window
(effects.announce: Bread and Circuses, Jousting Tourney, Prime Time TV, Civil Service, Mass Media,
Writing, the Kremlin)."""
from __future__ import annotations

import pytest

from engine.base import IllegalAction
from engine.civilization import RULES, board, cities, combat, economy, effects, flow, research, views

from .fixtures import act, blank, city, field, figure, ids, learn


def give(state, seat, card):
    """Put the card copy into the seat's hand (out of its deck, so it stays one card)."""
    for deck in state["decks"]["culture"].values():
        for pile in ("down", "up"):
            if card in deck[pile]:
                deck[pile].remove(card)
    state["seats"][seat]["culture_hand"].append(card)
    return card





def in_deck_under(state, card):
    return any(card in d["up"] for d in state["decks"]["culture"].values())


def at(state, where):
    x, y = board.parse_label(where)
    return board.figures_at(state, x, y)


# ---------------------------------------------------------------- timing (R10, R57)

def test_r10_r57_a_start_card_is_played_in_the_own_start_step_and_goes_under_its_deck(monkeypatch):
    """R10: Start of Turn cards are used in the owner's own Start of Turn step; R57: a played
    card goes face up under its era's deck (citizens_revolting_1)."""
    state = field(monkeypatch, blank(), phase="start")
    card = give(state, 1, "citizens_revolting_1.1")
    assert not any(i.startswith("event:") for i in ids(state, 1))          # not seat 1's step
    state["step_seat"] = 1
    assert "event:citizens_revolting_1.1:seat0" in ids(state, 1)
    state["phase"] = "city"
    assert not any(i.startswith("event:") for i in ids(state, 1))          # not its timing
    state["phase"] = "start"
    state = act(state, 1, "event:citizens_revolting_1.1:seat0")
    assert state["seats"][0]["government"] == "anarchy"
    assert card not in state["seats"][1]["culture_hand"] and in_deck_under(state, card)


def test_citizens_revolting_2_sets_anarchy(monkeypatch):
    state = field(monkeypatch, blank(), phase="start")
    give(state, 0, "citizens_revolting_2.1")
    state = act(state, 0, "event:citizens_revolting_2.1:seat1")
    assert state["seats"][1]["government"] == "anarchy" and state["seats"][1]["anarchy_turn"] == state["turn"]
    assert "event:citizens_revolting_2.1:seat1" not in ids(state, 0)       # played once


# ---------------------------------------------------------------- killing figures

def test_defection_kills_one_figure_within_4_orthogonal_squares(monkeypatch):
    state = field(monkeypatch, blank(), phase="movement")
    figure(state, 0, "army", "A1")
    near = figure(state, 1, "army", "C3")            # |dx| + |dy| = 4
    figure(state, 1, "army", "E5")                   # 8: out of reach
    give(state, 0, "defection.1")
    options = [i for i in ids(state) if i.startswith("event:defection")]
    assert options == ["event:defection.1:C3"]
    state = act(state, 0, "event:defection.1:C3")
    assert near["id"] not in {f["id"] for f in state["figures"]}
    assert state["seats"][1]["unbuilt"]["army"] >= 1


def test_mass_defection_kills_two_figures_or_a_great_person(monkeypatch):
    state = field(monkeypatch, blank(), phase="movement")
    figure(state, 0, "army", "A1")
    figure(state, 1, "army", "B3")
    figure(state, 1, "scout", "B3")
    city(state, 1, "D4")
    state["great_people_at"]["C3"] = {"id": "artist", "owner": 1}
    give(state, 0, "mass_defection.1")
    state = act(state, 0, "event:mass_defection.1:B3")
    assert set(o.split(":", 1)[1] for o in ids(state)) == {"army", "scout", "figures"}
    state = act(state, 0, "pick:figures")
    assert at(state, "B3") == []
    give(state, 0, "mass_defection.2")
    state = act(state, 0, "event:mass_defection.2:C3")
    assert state["great_people_at"] == {}


def test_wholesale_defection_reaches_any_square(monkeypatch):
    state = field(monkeypatch, blank(), phase="movement")
    figure(state, 0, "army", "A1")
    figure(state, 1, "army", "H8")
    figure(state, 1, "army", "H8")
    give(state, 0, "wholesale_defection.1")
    state = act(state, 0, "event:wholesale_defection.1:H8")
    assert at(state, "H8") == []


# ---------------------------------------------------------------- moving figures

@pytest.mark.parametrize("card,reach", [("disoriented.1", 2), ("lost.1", 3), ("out_of_position.1", 4)])
def test_disoriented_lost_out_of_position_move_a_group_never_into_battle(monkeypatch, card, reach):
    """disoriented 2 squares, lost 3, out_of_position 4: as a group, no battle."""
    state = field(monkeypatch, blank(), phase="city")
    a = figure(state, 1, "army", "D4")
    b = figure(state, 1, "scout", "D4")
    figure(state, 0, "army", "D5")                   # next to them: a battle square, never offered
    city(state, 0, "A1", capital=True)
    give(state, 0, card)
    state = act(state, 0, f"event:{card}:D4")
    targets = [o.split(":", 1)[1] for o in ids(state)]
    assert "D5" not in targets
    assert max(abs(board.parse_label(t)[0] - 3) + abs(board.parse_label(t)[1] - 3) for t in targets) == reach
    far = next(t for t in targets if abs(board.parse_label(t)[0] - 3) + abs(board.parse_label(t)[1] - 3) == reach)
    state = act(state, 0, f"pick:{far}")
    moved = {f["id"]: board.label(f["x"], f["y"]) for f in state["figures"]}
    assert moved[a["id"]] == moved[b["id"]] == far


# ---------------------------------------------------------------- disasters (G9)

def test_g9_drought_turns_a_square_into_desert_with_its_icons(monkeypatch):
    grid = blank("F P2")
    state = field(monkeypatch, grid, phase="start")
    c = city(state, 0, "C3", capital=True)
    state["buildings"]["B2"] = {"id": "library", "owner": 0}
    before = economy.city_icons(state, c)["production"]
    give(state, 1, "drought.1")
    state["step_seat"] = 1
    assert "event:drought.1:tileA1" in ids(state, 1)
    state = act(state, 1, "event:drought.1:tileA1")
    options = [o.split(":", 1)[1] for o in ids(state, 0)] if 0 in flow.active_players(state) else \
        [o.split(":", 1)[1] for o in ids(state, 1)]
    assert "B2" not in options and "C3" not in options                     # a building, a city
    state = act(state, 1, "pick:D3")
    while state.get("pending"):                                              # nobody cancels here
        s = flow.active_players(state).pop()
        state = act(state, s, "allow")
    assert state["disasters"]["D3"] == "desert"
    sq = board.square(state, 3, 2)
    assert sq["terrain"] == "desert" and sq["icons"]["production"] == 0 and sq["icons"]["trade"] == 1
    c = economy.city_by_id(state, c["id"])
    assert economy.city_icons(state, c)["production"] == before - 2


def test_g9_deforestation_only_on_forest_and_the_12_markers_are_a_limit(monkeypatch):
    grid = blank("G")
    grid[0][0] = "F P2"
    state = field(monkeypatch, grid, phase="start")
    give(state, 0, "deforestation.1")
    state = act(state, 0, "event:deforestation.1:tileA1")                 # one square: no question
    assert state["disasters"]["A1"] == "grassland" and board.square(state, 0, 0)["icons"]["production"] == 0
    give(state, 0, "drought.2")
    state["disasters"].update({f"H{n}": "desert" for n in range(1, 12)})     # 12 markers out
    assert not any(i.startswith("event:drought") for i in ids(state))


# ---------------------------------------------------------------- buildings, never wonders (R47, T35)

def test_t35_r47_sabotage_destroys_a_building_never_a_wonder(monkeypatch):
    state = field(monkeypatch, blank(), phase="start")
    figure(state, 0, "army", "A1")
    city(state, 1, "C4")
    state["buildings"]["B3"] = {"id": "library", "owner": 1}
    state["wonders_at"]["C3"] = {"id": "stonehenge", "owner": 1}
    state["buildings"]["H8"] = {"id": "temple", "owner": 1}                  # too far for 4
    stock = state["decks"]["buildings"]["library"]
    give(state, 0, "sabotage.1")
    assert [i for i in ids(state) if i.startswith("event:")] == ["event:sabotage.1:B3"]
    state = act(state, 0, "event:sabotage.1:B3")
    assert "B3" not in state["buildings"] and state["decks"]["buildings"]["library"] == stock + 1
    assert "C3" in state["wonders_at"]


def test_catastrophe_reaches_6_and_disaster_takes_two_anywhere(monkeypatch):
    state = field(monkeypatch, blank(), phase="start")
    figure(state, 0, "army", "A1")
    state["buildings"]["D4"] = {"id": "library", "owner": 1}                 # 6 away
    state["buildings"]["H8"] = {"id": "temple", "owner": 1}
    state["wonders_at"]["G8"] = {"id": "colossus", "owner": 1}
    give(state, 0, "catastrophe.1")
    give(state, 0, "disaster.1")
    assert [i for i in ids(state) if i.startswith("event:catastrophe")] == ["event:catastrophe.1:D4"]
    assert {i for i in ids(state) if i.startswith("event:disaster")} == {"event:disaster.1:D4", "event:disaster.1:H8"}
    state = act(state, 0, "event:disaster.1:D4")
    assert ids(state) == ["pick:H8", "pick:none"]                          # never the wonder (R47)
    state = act(state, 0, "pick:H8")
    assert state["buildings"] == {} and "G8" in state["wonders_at"]


# ---------------------------------------------------------------- techs exchanged

@pytest.mark.parametrize("card,level", [("exchange_of_ideas.1", 1), ("knowledge_shared.1", 2), ("think_tank.1", 3)])
def test_exchange_of_ideas_knowledge_shared_think_tank(monkeypatch, card, level):
    """exchange_of_ideas level I, knowledge_shared I-II, think_tank I-III; the other seat chooses
    its tech in turn (a pending choice)."""
    state = field(monkeypatch, blank(), phase="start")
    for s in (0, 1):
        state["seats"][s]["techs"] = []
    learn(state, 1, "pottery")                       # I
    learn(state, 1, "currency")                      # I
    learn(state, 1, "monarchy")                      # II
    learn(state, 0, "code_of_laws")
    learn(state, 0, "horseback_riding")
    give(state, 0, card)
    state = act(state, 0, f"event:{card}:seat1")
    offered = {o.split(":", 1)[1] for o in ids(state)}
    assert ("monarchy" in offered) == (level >= 2) and "pottery" in offered
    state = act(state, 0, "pick:pottery")
    assert research.knows(state, 0, "pottery")
    assert flow.active_players(state) == {1}                            # their choice
    assert {o.split(":", 1)[1] for o in ids(state, 1)} == {"code_of_laws", "horseback_riding"}
    state = act(state, 1, "pick:code_of_laws")
    assert research.knows(state, 1, "code_of_laws") and not state.get("pending")


# ---------------------------------------------------------------- production, units

@pytest.mark.parametrize("card,n", [("we_love_despot.1", 4), ("we_love_queen.1", 6), ("we_love_president.1", 8)])
def test_we_love_the_king_adds_production_this_turn(monkeypatch, card, n):
    """we_love_despot +4, we_love_queen +6, we_love_president +8 in one city this turn."""
    state = field(monkeypatch, blank(), phase="city")
    c = city(state, 0, "C3", capital=True)
    before = cities.production(state, 0, c)
    give(state, 0, card)
    state = act(state, 0, f"event:{card}:{c['id']}")
    assert cities.production(state, 0, economy.city_by_id(state, c["id"])) == before + n


@pytest.mark.parametrize("card,n", [("duty_and_honor.1", 1), ("nationalism.1", 2), ("patriotism.1", 3)])
def test_duty_and_honor_nationalism_patriotism_build_units_before_the_hand(monkeypatch, card, n):
    """duty_and_honor 1 unit, nationalism up to 2, patriotism up to 3, before the hand is drawn."""
    state = field(monkeypatch, blank(), phase="movement")
    figure(state, 1, "army", "B3")
    figure(state, 0, "army", "B3")
    give(state, 0, card)
    events = combat.start_battle(state, 0, "B3", "figures")
    b = state["battle"]
    assert b["step"] == "muster" and not b["hands"]                       # no hand drawn yet
    options = [i for i in ids(state) if i.startswith("event:")]
    assert max(len(i.split(":")[2].split(",")) for i in options) == n
    units = ",".join(["infantry"] * n)
    before = len(state["seats"][0]["standing_forces"])
    state = act(state, 0, f"event:{card}:{units}")
    forces = state["seats"][0]["standing_forces"]
    assert len(forces) == before + n and sum(combat.card_type(u) == "infantry" for u in forces) >= n
    state = act(state, 0, "ready")
    b = state["battle"]
    assert b["step"] == "play" and len(b["hands"]["attacker"]) == min(before + n, b["hand_sizes"]["attacker"])
    assert events


def test_no_muster_step_without_a_battle_card(monkeypatch):
    state = field(monkeypatch, blank(), phase="movement")
    figure(state, 1, "army", "B3")
    figure(state, 0, "army", "B3")
    combat.start_battle(state, 0, "B3", "figures")
    assert state["battle"]["step"] == "play"


# ---------------------------------------------------------------- gifts as resources (R61)

def test_generous_gift_and_princely_gift_pay_as_a_resource_only_when_tokens_fall_short(monkeypatch):
    state = field(monkeypatch, blank(), phase="city")
    area = state["seats"][0]
    give(state, 0, "generous_gift.1")
    area["resources"] = ["iron"]
    assert effects.pay(state, 0, {"iron": 1}) == ["iron"] and area["culture_hand"] == ["generous_gift.1"]
    assert not effects.can_pay(state, 0, {"incense": 1})                   # not a resource it names
    assert effects.pay(state, 0, {"spy": 1}) == ["generous_gift.1"]
    assert area["culture_hand"] == [] and in_deck_under(state, "generous_gift.1")
    give(state, 0, "princely_gift.1")
    assert effects.can_pay(state, 0, {"uranium": 1})
    effects.pay(state, 0, {"uranium": 1})
    assert in_deck_under(state, "princely_gift.1")


# ---------------------------------------------------------------- the cancel window

def test_jousting_tourney_cancels_a_culture_event_in_the_cancel_window(monkeypatch):
    state = field(monkeypatch, blank(), phase="start")
    give(state, 0, "citizens_revolting_1.1")
    give(state, 1, "jousting_tourney.1")
    state = act(state, 0, "event:citizens_revolting_1.1:seat1")
    assert state["pending"]["kind"] == "cancel" and flow.active_players(state) == {1}
    assert ids(state, 1) == ["allow", "cancel:jousting_tourney.1"]
    state = act(state, 1, "cancel:jousting_tourney.1")
    assert state["seats"][1]["government"] != "anarchy" and not state.get("pending")
    assert in_deck_under(state, "citizens_revolting_1.1") and in_deck_under(state, "jousting_tourney.1")


def test_allow_lets_the_event_resolve_and_nothing_waits_without_a_means(monkeypatch):
    state = field(monkeypatch, blank(), phase="start")
    give(state, 0, "citizens_revolting_1.1")
    give(state, 1, "primetime_tv.1")
    state = act(state, 0, "event:citizens_revolting_1.1:seat1")
    state = act(state, 1, "allow")
    assert state["seats"][1]["government"] == "anarchy" and "primetime_tv.1" in state["seats"][1]["culture_hand"]
    give(state, 0, "citizens_revolting_2.1")
    state["seats"][1]["culture_hand"] = []                                   # nobody can cancel
    state["seats"][1]["government"] = "despotism"
    state = act(state, 0, "event:citizens_revolting_2.1:seat1")
    assert not state.get("pending") and state["seats"][1]["government"] == "anarchy"


def test_bread_and_circuses_cancels_only_an_event_that_targets_its_holder(monkeypatch):
    state = RULES.setup(3, {"civilizations": ["rome", "china", "egypt"], "first_player": 0}, 2)
    state.update(phase="start", step_seat=0, battle=None)
    give(state, 0, "citizens_revolting_1.1")
    give(state, 2, "bread_and_circuses.1")
    state = act(state, 0, "event:citizens_revolting_1.1:seat1")        # targets seat 1, not 2
    # seat 2 holds a culture card, so it is in the window (nobody else knows which card it is),
    # but Bread and Circuses cancels only an event aimed at its holder: it may only let it happen
    assert flow.active_players(state) == {2} and ids(state, 2) == ["allow"]
    state = act(state, 2, "allow")
    assert not state.get("pending") and state["seats"][1]["government"] == "anarchy"
    give(state, 0, "citizens_revolting_2.1")
    state = act(state, 0, "event:citizens_revolting_2.1:seat2")
    assert ids(state, 2) == ["allow", "cancel:bread_and_circuses.1"]
    state = act(state, 2, "cancel:bread_and_circuses.1")
    assert state["seats"][2]["government"] != "anarchy"


def test_primetime_tv_and_mass_media_cancel_a_resource_ability_its_resources_are_lost(monkeypatch):
    state = field(monkeypatch, blank(), phase="city")
    give(state, 1, "primetime_tv.1")
    before = state["seats"][0]["culture_tokens"]
    effects.announce(state, 0, "ability", "currency", {"fn": "gain_culture", "n": 3}, [])
    assert state["pending"]["what"] == "ability"
    assert ids(state, 1) == ["allow", "cancel:primetime_tv.1"]
    state = act(state, 1, "cancel:primetime_tv.1")
    assert state["seats"][0]["culture_tokens"] == before
    learn(state, 1, "mass_media")
    state["seats"][1]["hidden_resources"] = ["spy"]
    effects.announce(state, 0, "ability", "currency", {"fn": "gain_culture", "n": 3}, [])
    assert ids(state, 1) == ["allow", "cancel:mass_media"]
    state = act(state, 1, "cancel:mass_media")
    assert state["seats"][1]["hidden_resources"] == [] and state["seats"][0]["culture_tokens"] == before


def test_civil_service_cancels_a_culture_event_with_a_spy_but_not_a_mass_media_owners(monkeypatch):
    state = field(monkeypatch, blank(), phase="start")
    learn(state, 1, "civil_service")
    state["seats"][1]["resources"] = []
    state["seats"][1]["hidden_resources"] = ["spy"]
    give(state, 0, "citizens_revolting_1.1")
    state = act(state, 0, "event:citizens_revolting_1.1:seat1")
    assert ids(state, 1) == ["allow", "cancel:civil_service"]
    state = act(state, 1, "cancel:civil_service")
    assert state["seats"][1]["government"] != "anarchy" and state["seats"][1]["hidden_resources"] == []
    learn(state, 0, "mass_media")                                           # its events cannot be cancelled
    state["seats"][1]["hidden_resources"] = ["spy"]
    state["seats"][1]["used_this_turn"] = []
    give(state, 0, "citizens_revolting_2.1")
    state = act(state, 0, "event:citizens_revolting_2.1:seat1")
    assert not state.get("pending") and state["seats"][1]["government"] == "anarchy"


def test_writing_cancels_a_city_action_and_the_kremlin_pays_two_resources_for_the_spy(monkeypatch):
    state = field(monkeypatch, blank(), phase="city")
    c = city(state, 0, "C3", capital=True)
    learn(state, 1, "writing")
    assert effects.hold_city_action(state, 0, f"arts:{c['id']}") is None   # no spy: play goes on
    state["seats"][1]["resources"] = ["iron", "silk"]
    state["wonders_at"]["G7"] = {"id": "kremlin", "owner": 1}
    state["seats"][1]["wonders"] = ["kremlin"]
    culture = state["seats"][0]["culture_tokens"]
    state = act(state, 0, f"arts:{c['id']}")
    assert state["pending"]["what"] == "city" and ids(state, 1) == ["allow", "cancel:writing"]
    state = act(state, 1, "cancel:writing")
    assert state["seats"][0]["culture_tokens"] == culture                   # the action did nothing
    assert state["seats"][1]["resources"] == [] and "kremlin" in state["seats"][1]["used_this_turn"]
    assert f"arts:{c['id']}" not in ids(state, 0)                           # and it is spent


def test_writing_allowed_city_action_resolves(monkeypatch):
    state = field(monkeypatch, blank(), phase="city")
    c = city(state, 0, "C3", capital=True)
    learn(state, 1, "writing")
    state["seats"][1]["hidden_resources"] = ["spy"]
    culture = state["seats"][0]["culture_tokens"]
    state = act(state, 0, f"arts:{c['id']}")
    state = act(state, 1, "allow")
    assert state["seats"][0]["culture_tokens"] == culture + 1 and not state.get("pending")


def test_a_bad_event_id_is_refused_before_anything_changes(monkeypatch):
    state = field(monkeypatch, blank(), phase="start")
    give(state, 0, "citizens_revolting_1.1")
    with pytest.raises(IllegalAction):
        RULES.apply(state, 0, "event:citizens_revolting_1.1:seat0")
    assert "citizens_revolting_1.1" in state["seats"][0]["culture_hand"]


def test_event_pick_and_cancel_ids_have_readable_paths(monkeypatch):
    from engine.civilization import paths
    state = field(monkeypatch, blank(), phase="start")
    give(state, 0, "exchange_of_ideas.1")
    give(state, 1, "jousting_tourney.1")
    state["seats"][1]["techs"].append({"id": "pottery", "row": 1})
    state["seats"][1]["techs"].append({"id": "currency", "row": 1})
    action = paths.action(state, 0, "event:exchange_of_ideas.1:seat1")
    assert action.group == "event" and "seat1" not in str(action.path[2].label)
    state = act(state, 0, "event:exchange_of_ideas.1:seat1")
    labels = [a.label for a in paths.legal_actions(state, 0)]
    assert labels and all(labels)
    state = act(state, 0, "pick:pottery")
    assert [a.group for a in paths.legal_actions(state, 1)] == ["allow", "cancel"]


def test_g32_a_card_being_aimed_is_its_kind_in_other_views(monkeypatch):
    """While its player chooses the square (G9), Drought is still in their hand: the public view
    and the other seat's name the card's kind, never the copy (a hidden card id)."""
    state = field(monkeypatch, blank("F P2"), phase="start")
    give(state, 1, "drought.2")
    state["step_seat"] = 1
    state = act(state, 1, "event:drought.2:tileA1")
    assert state["pending"]["context"]["card"] == "drought.2"
    for viewer in (None, 0):
        shown = views.view(state, viewer)
        assert shown["pending"]["context"]["card"] == "drought" and "drought.2" not in str(shown)
    assert views.view(state, 1)["pending"]["context"]["card"] == "drought.2"
