"""What the view carries for the pictures (engine/civilization/views.py): the renderers read these
facts and never call a rule, so each one is checked against the rule it stands for, and the
private ones against the seats that may not see them."""
from __future__ import annotations

from engine.civilization import board, combat, culture, data, economy, views

from .fixtures import blank, city, field, figure, grid_with


def test_the_layout_holds_every_face_up_square_as_the_rules_read_it(monkeypatch):
    state = field(monkeypatch, grid_with({"B2": "F P2", "E5": "D T1 Silk"}))
    city(state, 0, "C3", capital=True)
    state["map"]["tiles"][3]["face_up"] = False          # the tile at E5-H8 lies face down
    lay = views.view(state, None)["layout"]
    assert lay["tile_size"] == board.SIZE
    assert lay["icons"] == list(board.ICONS) and lay["resources"] == list(board.RESOURCES)
    assert len(lay["squares"]) == 3 * board.SIZE * board.SIZE and "E5" not in lay["squares"]
    b2 = lay["squares"]["B2"]
    assert (b2["x"], b2["y"], b2["terrain"], b2["icons"]["production"]) == (1, 1, "forest", 2)
    assert b2["yields"] == board.yields(state, 1, 1)
    assert lay["squares"]["C3"]["yields"] == board.yields(state, 2, 2)   # a city center gives nothing
    assert lay["squares"]["C3"]["terrain"] == "grassland"


def test_the_layout_names_the_blockaded_squares(monkeypatch):
    state = field(monkeypatch, blank())
    city(state, 0, "C3", capital=True)
    figure(state, 1, "scout", "D4")          # in seat 0's outskirts: a blockade (R95)
    figure(state, 0, "army", "B2")           # its own figure: none
    for viewer in (None, 0, 1):
        assert views.view(state, viewer)["layout"]["blockaded"] == ["D4"]
    assert board.blockaded(state, 3, 3, 0)


def test_unit_card_facts_follow_the_rules_and_only_the_cards_a_seat_sees(monkeypatch):
    state = field(monkeypatch, blank())
    mine = state["seats"][0]["standing_forces"]
    theirs = state["seats"][1]["standing_forces"]
    assert mine and theirs
    own, other, public = views.view(state, 0), views.view(state, 1), views.view(state, None)
    assert set(own["unit_cards"]) == set(mine) and set(other["unit_cards"]) == set(theirs)
    assert public["unit_cards"] == {}
    assert own["tracks"] == {"trade": economy.TRADE_MAX, "culture": culture.last_space()}
    card = mine[0]
    facts = own["unit_cards"][card]
    assert facts["type"] == combat.card_type(card)
    for rank in views.RANKS:
        assert facts["strength"][rank - 1] == combat.strength(card, rank)
        assert data.term(facts["names"][rank - 1]) == combat.unit_name(card, rank)


def test_the_battle_fronts_cards_are_public_and_a_battle_hand_its_owners():
    state = {"seats": [{"standing_forces": []}, {"standing_forces": []}],
             "battle": {"hands": {"attacker": ["inf01", "art02"], "defender": 3},
                        "fronts": [{"attacker": {"card": "mou01", "wounds": 0}, "defender": None}]}}
    assert views._seen_unit_cards(state, 0) == ["art02", "inf01", "mou01"]
    shown = dict(state, battle=dict(state["battle"], hands={"attacker": 2, "defender": 3}))
    assert views._seen_unit_cards(shown, None) == ["mou01"]


def test_payable_abilities_count_face_down_resources_and_any():
    area = {"resources": ["wheat"], "hidden_resources": ["silk", "spy"],
            "techs": [{"id": "currency"}, {"id": "philosophy"}, {"id": "monarchy"}, {"id": "civil_service"},
                      {"id": "masonry"}]}
    # currency costs incense (none held), philosophy any 3 (three held), monarchy silk (face down),
    # civil service a spy; masonry has no resource ability
    assert views.payable_abilities(area) == ["philosophy", "monarchy", "civil_service"]
    area["hidden_resources"] = ["silk"]
    assert views.payable_abilities(area) == ["monarchy"]


def test_payable_abilities_are_only_in_the_owners_view(monkeypatch):
    state = field(monkeypatch, blank())
    assert "payable_abilities" in views.view(state, 0)["seats"][0]
    assert "payable_abilities" not in views.view(state, 1)["seats"][0]
    assert all("payable_abilities" not in area for area in views.view(state, None)["seats"])


def test_the_kept_layout_is_the_one_worked_out_afresh_at_every_state_of_a_game():
    """The layout is kept per map as it stands (views.layout): along a seeded game of computer
    players, at every state, it equals the layout worked out anew, and each caller gets its own
    copy (writing into one view's layout changes no other)."""
    import random

    from engine.civilization import RULES
    state = RULES.setup(3, {}, 7)
    rng = random.Random(7)
    for _ in range(400):
        if RULES.result(state) is not None:
            break
        fresh = views._layout(state)
        kept = views.layout(state)
        assert kept == fresh
        kept["squares"].clear()
        assert views.layout(state) == fresh
        seat = min(RULES.active_players(state))
        state, _ = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)).id)


def test_the_kept_layout_follows_every_input_it_is_worked_out_from(monkeypatch):
    """R95, R7, G9: a blockading figure, a building, a disaster and another tile's printing each
    give another layout (none is read from the one kept before)."""
    state = field(monkeypatch, blank())
    city(state, 0, "C3", capital=True)
    before = views.layout(state)
    figure(state, 1, "scout", "D4")
    assert views.layout(state)["blockaded"] == ["D4"] and before["blockaded"] == []
    state["disasters"] = {"B2": "desert"}
    assert views.layout(state)["squares"]["B2"]["terrain"] == "desert"
    grid = grid_with({"A1": "F P2"})
    reprinted = {**board.tiles_data(), "TEST0": {"id": "TEST0", "home": None, "cells": [row[:4] for row in grid[:4]]}}
    monkeypatch.setattr(board, "tiles_data", lambda: reprinted)
    assert views.layout(state)["squares"]["A1"]["terrain"] == "forest"
