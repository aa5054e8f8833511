"""Nothing public depends on what a seat holds in secret: the cancel window (effects.py), the step
before the battle hands (combat.py's muster), autopass, and the secrecy hook `redeal`
(secrecy.py) that deals every secret again.

Seed lines these follow: culture event cards are held in secret (「並秘密地 將其添加到手牌中」), hut and
village markers lie face down on the sheet (「檢視它的背面,然後面朝下放置在玩家自己的文明玩家板上」)."""
from __future__ import annotations

import copy
import random
from collections import Counter

import pytest

from engine.civilization import RULES, combat, culture, data, effects, flow, help, research, seen, views
from engine.text import to_json
from tests.contract.secrecy import check_secrecy

from .fixtures import act, blank, city, field, figure, ids, learn


def public(state: dict, events: list) -> dict:
    """What the thread and the public picture show after a move: the public texts, the result,
    the public view, the moment (engine.base.Moment: its kind, whose turn, the waiting line) and,
    unless it asks privately, who acts."""
    moment = RULES.moment(state)
    return {"texts": [to_json(e.public) for e in events], "result": state.get("result"),
            "view": RULES.view(state, None), "private": moment.asks_privately,
            "moment": (moment.kind, moment.owner, moment.pass_action),
            "to_act": None if moment.asks_privately else sorted(moment.seats),
            "waiting": to_json(moment.waiting) if moment.asks_privately else None}


def give_card(state: dict, seat: int, card: str) -> None:
    deck = state["decks"]["culture"][culture.era_of(card)]
    (deck["down"] if card in deck["down"] else deck["up"]).remove(card)
    state["seats"][seat]["culture_hand"].append(card)


# ---------------------------------------------------------------- the cancel window (R57, R91)

def writing_position(monkeypatch, marker: str) -> tuple[dict, dict]:
    """Seat 0's capital in City Management; seat 1 knows Writing and holds one face-down hut
    marker (`marker`): a spy cancels a city action, a wheat does not."""
    state = field(monkeypatch, blank(), phase="city")
    c = city(state, 0, "C3", capital=True)
    learn(state, 1, "writing")
    seen.gain_marker(state["seats"][1], marker, "hut")
    return state, c


def test_a_city_action_shows_the_same_whatever_the_writing_player_holds(monkeypatch):
    """R57, Writing (a city action cancelled with a spy): before, seat 0's arts opened a window
    naming seat 1 only when its face-down marker was a spy (「面朝下放置在玩家自己的文明玩家板上」:
    nobody else may know it). Now the window opens for a player who may hold a spy as far as the
    public knows, and the thread, the asked seats and the public picture are the same either way."""
    outcomes = {}
    for marker in ("spy", "wheat"):
        state, c = writing_position(monkeypatch, marker)
        new, events = RULES.apply(state, 0, f"arts:{c['id']}")
        outcomes[marker] = (new, public(new, events))
    assert outcomes["spy"][1] == outcomes["wheat"][1]
    shown = outcomes["spy"][1]
    assert shown["private"] and shown["to_act"] is None and shown["waiting"]["msg"] == "Waiting for the cancel window"
    assert not any("spy" in str(t).lower() for t in shown["texts"])
    spy, wheat = outcomes["spy"][0], outcomes["wheat"][0]
    assert RULES.active_players(spy) == RULES.active_players(wheat) == {1}
    # only the seat itself learns what it can do: a spy cancels, a wheat only lets it happen
    assert ids(spy, 1) == ["allow", "cancel:writing"] and ids(wheat, 1) == ["allow"]
    assert "You hold nothing that cancels it" in str(RULES.prompt(wheat, 1))
    assert "You may cancel it with" in str(RULES.prompt(spy, 1))


def test_a_culture_event_shows_the_same_whatever_the_other_hand_holds(monkeypatch):
    """R57: a culture event played opens the window for every seat holding any culture card (the
    count is public, the cards are not: 「並秘密地 將其添加到手牌中」), not only for a holder of Jousting
    Tourney; the public outcome is the same for a cancel card and any other card."""
    outcomes = []
    for held in ("jousting_tourney.1", "deforestation.1"):               # two Medieval cards
        state = field(monkeypatch, blank(), phase="start")
        give_card(state, 0, "citizens_revolting_1.1")
        give_card(state, 1, held)
        new, events = RULES.apply(state, 0, "event:citizens_revolting_1.1:seat1")
        outcomes.append((new, public(new, events)))
    assert outcomes[0][1] == outcomes[1][1]
    assert outcomes[0][1]["texts"][-1]["msg"].startswith("The cancel window is open")
    assert ids(outcomes[0][0], 1) == ["allow", "cancel:jousting_tourney.1"] and ids(outcomes[1][0], 1) == ["allow"]


def test_the_window_opens_on_public_facts_only(monkeypatch):
    """R57, R61: a seat that visibly cannot cancel (no culture card, no face-down marker, no spy,
    no Kremlin) is left out and the play resolves at once; the Kremlin's two open resources pay a
    spy, so its owner is in."""
    state = field(monkeypatch, blank(), phase="city")
    c = city(state, 0, "C3", capital=True)
    learn(state, 1, "writing")
    assert effects.window_seats(state, 0, "city") == []
    new, _ = RULES.apply(state, 0, f"arts:{c['id']}")
    assert not new.get("pending") and new["seats"][0]["culture_tokens"] == 1
    state["seats"][1]["resources"] = ["iron", "silk"]
    assert effects.window_seats(state, 0, "city") == []                 # open tokens, no spy
    state["wonders_at"]["G7"] = {"id": "kremlin", "owner": 1}
    state["seats"][1]["wonders"] = ["kremlin"]
    assert effects.window_seats(state, 0, "city") == [1]
    learn(state, 0, "mass_media")                                          # its events are never cancelled
    give_card(state, 1, "jousting_tourney.1")
    assert effects.window_seats(state, 0, "event") == []


def test_the_window_asks_everyone_at_once_and_a_let_it_happen_says_nothing(monkeypatch):
    """R57: the seats in the window answer at once; "let it happen" is told to nobody (so a pass
    made by autopass looks like any other); the play resolves when all have let it happen."""
    state = RULES.setup(3, {"civilizations": ["rome", "china", "egypt"], "first_player": 0}, 2)
    state.update(phase="start", step_seat=0, battle=None)
    give_card(state, 0, "citizens_revolting_1.1")
    give_card(state, 1, "drought.1")
    give_card(state, 2, "jousting_tourney.1")
    state = act(state, 0, "event:citizens_revolting_1.1:seat1")
    assert RULES.active_players(state) == {1, 2} and RULES.moment(state).asks_privately
    assert views.view(state, None)["pending"]["waiting"] == []               # nobody named
    assert views.view(state, 1)["pending"]["waiting"] == []                  # in any view
    after, events = RULES.apply(state, 1, "allow")
    assert events == [] and after["pending"] and RULES.active_players(after) == {2}
    assert RULES.view(after, None) == RULES.view(state, None)                # the public sees no change
    done, events = RULES.apply(after, 2, "allow")
    assert not done.get("pending") and done["seats"][1]["government"] == "anarchy"
    assert to_json(events[0].public)["msg"] == "Nobody cancels {what}: it happens."


def test_autopass_never_asks_in_cancel_windows_whatever_the_seat_holds(monkeypatch):
    """`/match autopass on` (matches/play.py) answers the window's pass for a seat when quiet_pass:
    for Civilization in every cancel window the seat is in, with or without a means (so the
    answer's speed tells nothing); a window out of time lets the play happen too."""
    for marker in ("spy", "wheat"):
        state, c = writing_position(monkeypatch, marker)
        assert not RULES.quiet_pass(state, 1)                               # no window yet
        state = act(state, 0, f"arts:{c['id']}")
        moment = RULES.moment(state)
        assert moment.kind == "window" and moment.pass_action == "allow" and moment.owner == 0
        assert RULES.quiet_pass(state, 1) and not RULES.quiet_pass(state, 0)
        assert RULES.timeout_action(state, 1) == "allow"
        assert "/match autopass on" in str(RULES.prompt(state, 1))
        state = act(state, 1, moment.pass_action)
        assert not state.get("pending") and state["seats"][0]["culture_tokens"] == 1
    rules = " ".join(str(m) for m in help.DESIGN_TEXT)
    assert "never ask me in cancel windows" in rules


# ---------------------------------------------------------------- before the battle hands (R105)

def test_the_step_before_the_battle_hands_shows_the_same_whatever_the_cards(monkeypatch):
    """R105, R57: a battle card (Duty and Honor…) is played before the hands are drawn: the battle
    stops for every side holding any culture card, the same whatever card it is (the hand is
    secret: 「並秘密地 將其添加到手牌中」)."""
    outcomes = []
    for held in ("duty_and_honor.1", "drought.1"):                       # two Ancient cards
        state = field(monkeypatch, blank(), phase="movement")
        city(state, 0, "A1", capital=True)
        figure(state, 1, "army", "B3")
        figure(state, 0, "army", "B4")
        give_card(state, 1, held)
        new, events = RULES.apply(state, 0, "move:army0_0:B3")
        outcomes.append((new, public(new, events)))
    assert outcomes[0][1] == outcomes[1][1]
    assert outcomes[0][0]["battle"]["step"] == "muster" and RULES.active_players(outcomes[0][0]) == {1}
    assert any(a.startswith("event:duty_and_honor.1") for a in ids(outcomes[0][0], 1))
    assert ids(outcomes[1][0], 1) == ["ready"]
    assert RULES.timeout_action(outcomes[1][0], 1) == "ready"


# ---------------------------------------------------------------- redeal (the secrecy hook)

def secret_position() -> dict:
    """Three seats after setup in the Research phase: culture cards of two eras in every hand,
    face-down hut and village markers on the sheets, unit cards, and seat 1's pick made while
    seats 0 and 2 still choose."""
    state = RULES.setup(3, {"civilizations": ["rome", "china", "egypt"], "first_player": 0}, 5)
    while state["phase"] == "setup":
        seat = sorted(RULES.active_players(state))[0]
        state, _ = RULES.apply(state, seat, flow.legal_ids(state, seat)[0])
    for seat in range(3):
        area = state["seats"][seat]
        for era in ("ancient", "medieval"):
            area["culture_hand"].append(state["decks"]["culture"][era]["down"].pop())
        seen.gain_marker(area, state["hut_pile"].pop(), "hut")
        village = next(i for i, c in enumerate(state["village_pile"]) if c != "great_person")
        seen.gain_marker(area, state["village_pile"].pop(village), "village")
        area["trade"] = 12
    state["phase"], state["research"] = "research", {"picks": {}}
    state["research"]["picks"]["1"] = research.legal_picks(state, 1)[0][len(research.ACTION_PREFIX):]
    return state


def holdings(state: dict, seat: int) -> tuple:
    area = state["seats"][seat]
    return (tuple(area["culture_hand"]), tuple(area["hidden_resources"]), tuple(area["standing_forces"]),
            state["research"]["picks"].get(str(seat)))


def pools(state: dict) -> tuple:
    """Every card and marker wherever it is (a redeal moves them, never adds or loses one)."""
    cards = Counter(c for d in state["decks"]["culture"].values() for c in d["down"] + d["up"])
    cards.update(c for a in state["seats"] for c in a["culture_hand"])
    markers = Counter(state["hut_pile"] + state["village_pile"] + [m["content"] for m in state["markers"].values()])
    markers.update(c for a in state["seats"] for c in a["hidden_resources"])
    units = Counter(c for d in state["decks"]["units"].values() for c in d["down"] + d["up"])
    units.update(c for a in state["seats"] for c in a["standing_forces"])
    return cards, markers, units


@pytest.mark.parametrize("viewer", [0, 2, None])
def test_redeal_keeps_counts_and_views_and_changes_what_the_viewer_cannot_know(viewer):
    """The secrecy hook: a copy the viewer cannot tell apart (its view and the public view equal,
    every count and pool equal, the random generator untouched) in which the others' culture
    hands (R57: 「並秘密地 將其添加到手牌中」), face-down markers (R71: 「面朝下放置在玩家自己的文明玩家板上」),
    unit cards (R106) and research pick (R80) are dealt again; the state is never changed."""
    state = secret_position()
    before = copy.deepcopy(state)
    changed = Counter()
    for n in range(12):
        other = RULES.redeal(state, viewer, random.Random(n))
        assert state == before
        assert other["rng"] == state["rng"]
        assert RULES.view(other, None) == RULES.view(state, None)
        if viewer is not None:
            assert RULES.view(other, viewer) == RULES.view(state, viewer)
            assert holdings(other, viewer) == holdings(state, viewer)
            assert sorted(a.id for a in RULES.legal_actions(other, viewer)) == \
                sorted(a.id for a in RULES.legal_actions(state, viewer))
        assert pools(other) == pools(state)
        for seat in range(3):
            a, b = other["seats"][seat], state["seats"][seat]
            assert [culture.era_of(c) for c in a["culture_hand"]] == [culture.era_of(c) for c in b["culture_hand"]]
            assert [combat.card_type(c) for c in a["standing_forces"]] == [combat.card_type(c) for c in b["standing_forces"]]
            assert seen.origins(a) == seen.origins(b)
            for kind, content in zip(seen.origins(a), a["hidden_resources"]):
                assert content in set(data.marker_pile(kind)) - {"great_person"}     # huts with huts
            if seat != viewer:
                for part, (x, y) in zip(("hand", "markers", "units", "pick"), zip(holdings(other, seat), holdings(state, seat))):
                    changed[part] += x != y
        pick = other["research"]["picks"]["1"]
        assert "research:" + pick in research.legal_picks(dict(other, research={"picks": {}}), 1)
    assert changed["hand"] and changed["markers"] and changed["units"] and changed["pick"], changed


def test_redeal_keeps_what_the_viewer_has_seen():
    """What a viewer has seen stays: a card or marker that went through its hands in a trade (or
    as loot), and what a trade offer names."""
    state = secret_position()
    state["seats"][1]["culture_hand"].append(state["decks"]["culture"]["modern"]["down"].pop())
    shown = state["seats"][1]["culture_hand"][-1]
    seen.show_cards(state, [shown])
    seen.gain_marker(state["seats"][1], "spy")                            # from a trade: known
    offered = state["seats"][2]["culture_hand"][0]
    state["offers"] = [{"id": 1, "from": 2, "to": 0, "status": "sent", "counter_of": None,
                        "give": {"trade": 0, "culture": 0, "resources": [], "hidden": [], "cards": [offered]},
                        "get": {"trade": 1, "culture": 0, "resources": [], "hidden": [], "cards": []}}]
    for n in range(8):
        other = RULES.redeal(state, 0, random.Random(n))
        assert shown in other["seats"][1]["culture_hand"] and offered in other["seats"][2]["culture_hand"]
        assert other["seats"][1]["hidden_resources"][-1] == "spy"


def test_research_picks_stay_when_one_seat_is_left_to_choose():
    """R80: the last pick turns every pick over at once, so with one seat left the picks keep their
    places (like a card shown when drawn); with two or more left they are dealt again."""
    state = secret_position()
    state["research"]["picks"]["2"] = research.legal_picks(state, 2)[-1][len(research.ACTION_PREFIX):]
    for n in range(6):
        assert RULES.redeal(state, 0, random.Random(n))["research"] == state["research"]


@pytest.mark.parametrize("players,seed", [(2, 11), (3, 12)])
def test_seeded_playouts_keep_the_public_output_apart_from_secrets(players, seed):
    """The conformance suite's dynamic check (tests/contract/secrecy.py) at every fifth move of a
    seeded random game: the others' secrets dealt again never change the mover's legal moves or
    what the move shows in public."""
    state = RULES.setup(players, {}, seed)
    rng = random.Random(seed)
    compared = 0
    for n in range(900):
        if state.get("result"):
            break
        seat = rng.choice(sorted(RULES.active_players(state)))
        legal = flow.legal_ids(state, seat)
        busy = [a for a in legal if a != "done"]
        action_id = rng.choice(busy) if busy and rng.random() < 0.85 else rng.choice(legal)
        out = RULES.apply(state, seat, action_id)
        if n % 5 == 0:
            compared += check_secrecy(RULES, state, seat, action_id, random.Random(n), real=out)
        state = out[0]
    assert compared > 100
