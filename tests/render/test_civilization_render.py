"""Civilization pictures (render/civilization/: board.py, hand.py): board and hand
for 2, 3 and 4 players in every language, the privacy of hidden hands, face-down tiles and the
secret research, views with keys missing, golden images and the cost.

The states come from random legal play with fixed seeds (tests/render/civilization_samples.py).
Golden images live in tests/render/golden/civilization_*.png; after an intended change to the
drawing (or to the engine's random play), look at the new pictures, then regenerate them with
`REGEN_GOLDEN=1 python -m pytest -q tests/render/test_civilization_render.py -k golden -p no:cacheprovider`.
They are drawn in English: a Chinese picture changes whenever a catalogue entry is added.
"""
from __future__ import annotations

import copy
import statistics
import time

import pytest

import i18n
from engine.civilization import RULES, data, views
from render import civilization, registry
from render.civilization import board as civ_board
from render.civilization import hand
from render.civilization.hand import WIDTH as HAND_WIDTH
from render.civilization.hand import hand_content
from tests.render import civilization_samples as samples
from tests.render.golden import assert_matches_golden, check_hand_content, decode

MAX_PNG_BYTES = 300_000
REGEN_COMMAND = "REGEN_GOLDEN=1 python -m pytest -q tests/render/test_civilization_render.py -k golden"
SAMPLE_NAMES = samples.names()


def names(view: dict) -> list[str]:
    return samples.NAMES[:view["players"]]


# ---------------------------------------------------------------------------- structure

def test_the_registry_draws_civilization_with_this_module():
    assert registry.get("civilization") is civilization


def test_the_samples_cover_2_3_and_4_players_a_battle_and_the_research():
    players = {samples.state(name)["players"] for name in SAMPLE_NAMES}
    assert players == {2, 3, 4}
    assert samples.state("battle_3p")["battle"] and samples.state("fronts_3p")["battle"]["fronts"]
    assert samples.researching(samples.state("research_4p"), 2)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_the_board_draws_in_each_language(name, lang):
    view = samples.view(name)
    png = civilization.render_board(view, names(view), lang)
    img = decode(png)
    assert img.width == civ_board.WIDTH
    assert 600 <= img.height <= civ_board.TALL
    assert len(png) <= MAX_PNG_BYTES


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", SAMPLE_NAMES)
def test_every_seat_s_hand_draws_in_each_language(name, lang):
    state = samples.state(name)
    for seat in range(state["players"]):
        view = views.view(state, seat)
        png = civilization.render_hand(view, names(view), lang)
        img = decode(png)
        assert img.width == HAND_WIDTH and img.height > 300
        assert len(png) <= MAX_PNG_BYTES


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pictures_over_a_random_game(players):
    """Every 40th state of the first 600 moves of a random game draws: the board and the acting
    seats' hands."""
    import random

    from engine.civilization import flow
    state = RULES.setup(players, {}, 21)
    rng = random.Random(21)
    steps = 0
    while not state.get("result") and steps < 600:
        if steps % 40 == 0:
            view = views.view(state, None)
            assert decode(civilization.render_board(view, samples.NAMES[:players])).width == civ_board.WIDTH
            for seat in sorted(RULES.active_players(state)):
                assert decode(civilization.render_hand(views.view(state, seat), samples.NAMES[:players])).width \
                    == HAND_WIDTH
        seat = rng.choice(sorted(RULES.active_players(state)))
        state, _ = RULES.apply(state, seat, rng.choice(flow.legal_ids(state, seat)))
        steps += 1


def test_views_with_keys_missing_still_draw():
    bare = {"game": "civilization", "players": 2, "turn": 1, "phase": "setup"}
    for lang in i18n.LANGUAGES:
        assert decode(civilization.render_board(bare, [], lang)).width == civ_board.WIDTH
        assert decode(civilization.render_hand(dict(bare, viewer=0), ["A"], lang)).width == HAND_WIDTH


def test_same_view_same_bytes():
    view = samples.view("late_4p")
    assert civilization.render_board(view, samples.NAMES) == civilization.render_board(copy.deepcopy(view),
                                                                                       samples.NAMES)


def test_chinese_board_differs_from_english():
    view = samples.view("battle_3p")
    en = decode(civilization.render_board(view, names(view), "en"))
    zh = decode(civilization.render_board(view, names(view), "zh-TW"))
    assert en.size[0] == zh.size[0] and en.tobytes() != zh.tobytes()


def test_the_board_shows_the_map_s_changes():
    """A city, an army and a hut marker each change the picture."""
    view = samples.view("research_2p")
    if not view["markers"]:   # random play may have explored every hut: put one on a face-up tile
        tile = next(t for t in view["map"]["tiles"] if t["face_up"])
        view["markers"][f"{chr(ord('A') + tile['x'] + 3)}{tile['y'] + 4}"] = {"kind": "hut"}
    png = civilization.render_board(view, names(view))
    for change in ("cities", "figures", "markers"):
        changed = copy.deepcopy(view)
        changed[change] = [] if isinstance(view[change], list) else {}
        assert civilization.render_board(changed, names(view)) != png, change


# ---------------------------------------------------------------------------- privacy

def _shuffled_secrets(state: dict, seat: int, salt: int) -> dict:
    """The state with `seat`'s hidden cards swapped for others of the same count (the unit cards
    and culture cards of the game, the hut/village resources), the face-down tiles' ids changed
    and the hut/village markers' contents changed: what no other seat may know."""
    import random
    out = copy.deepcopy(state)
    rng = random.Random(salt)
    area = out["seats"][seat]
    units = ["art01", "art02", "inf01", "inf07", "mou03", "mou11", "art12", "inf13"]
    cultures = ["bread_and_circuses.1", "drought.1", "nationalism.1", "disaster.1", "lost.2"]
    area["standing_forces"] = [rng.choice(units) for _ in area["standing_forces"]]
    area["culture_hand"] = [rng.choice(cultures) for _ in area["culture_hand"]]
    area["hidden_resources"] = [rng.choice(["iron", "spy", "uranium", "silk"]) for _ in area["hidden_resources"]]
    b = out.get("battle")
    if b and b.get("step") == "play":
        for side, who in b["seats"].items():
            if who == seat:
                b["hands"][side] = [rng.choice(units) for _ in b["hands"][side]]
    down = [t for t in out["map"]["tiles"] if not t["face_up"]]
    ids = [t["tile"] for t in down]
    rng.shuffle(ids)
    for t, tid in zip(down, ids):
        t["tile"] = tid
    for marker in out.get("markers", {}).values():
        marker["content"] = rng.choice(["spy", "wheat", "great_person", "uranium"])
    return out


@pytest.mark.parametrize("name", ["battle_3p", "fronts_3p", "late_4p", "research_2p", "cards_4p"])
def test_the_public_board_is_the_same_whatever_the_hidden_hands_hold(name):
    """6.1 / G32: another seat's standing forces, culture hand, hut/village resources and battle
    hand, the face-down tiles and the markers' contents never change the channel picture; and
    every seat's view draws that same board."""
    state = samples.state(name)
    board = civilization.render_board(views.view(state, None), names(state))
    for seat in range(state["players"]):
        assert civilization.render_board(views.view(state, seat), names(state)) == board
        other = (seat + 1) % state["players"]
        changed = _shuffled_secrets(state, other, seat)
        assert civilization.render_board(views.view(changed, None), names(state)) == board
        assert civilization.render_board(views.view(changed, seat), names(state)) == board


def test_the_secret_research_board_tells_only_how_many_have_chosen():
    """Whoever has picked, and whatever, the channel picture of the same number of picks is the
    same; the picker's own hand shows the pick."""
    from engine.civilization import flow
    start = samples.play(3, 8, lambda s: s["turn"] >= 3 and samples.researching(s, 0))
    assert samples.researching(start, 0)
    pictures: dict[int, set[bytes]] = {}
    for seat in range(3):
        picks = flow.legal_ids(start, seat)
        for pick in picks[:2] + picks[-1:]:
            one, _ = RULES.apply(start, seat, pick)
            png = civilization.render_board(views.view(one, None), samples.NAMES[:3])
            pictures.setdefault(1, set()).add(png)
            assert civilization.render_board(views.view(one, seat), samples.NAMES[:3]) == png
            own = views.view(one, seat)
            unpicked = views.view(start, seat)
            assert hand_content(own) != hand_content(unpicked)
            assert civilization.render_hand(own, samples.NAMES[:3]) != civilization.render_hand(unpicked,
                                                                                                 samples.NAMES[:3])
    assert len(pictures[1]) == 1
    assert civilization.render_board(views.view(start, None), samples.NAMES[:3]) not in pictures[1]


def test_the_hand_shows_the_battle_hand_only_to_its_owner():
    state = samples.state("battle_3p")
    b = state["battle"]
    attacker = b["seats"]["attacker"]
    own = views.view(state, attacker)
    assert isinstance(own["battle"]["hands"]["attacker"], list)
    with_hand = decode(civilization.render_hand(own, samples.NAMES[:3]))
    without = copy.deepcopy(own)
    without["battle"] = None
    assert with_hand.height > decode(civilization.render_hand(without, samples.NAMES[:3])).height
    bystander = next(s for s in range(3) if s not in b["seats"].values())
    assert not civilization.render_hand(views.view(state, bystander), samples.NAMES[:3]) == \
        civilization.render_hand(own, samples.NAMES[:3])


def test_equal_hand_content_means_the_same_picture():
    views_seen = []
    for name in SAMPLE_NAMES:
        state = samples.state(name)
        for seat in range(state["players"]):
            view = views.view(state, seat)
            views_seen.append(view)
            moved = copy.deepcopy(view)   # the board changes, the hand does not
            moved["figures"] = []
            moved["markers"] = {}
            views_seen.append(moved)
    reused, _new = check_hand_content(views_seen, hand_content, civilization.render_hand, samples.NAMES)
    assert reused > 0


# ---------------------------------------------------------------------------- stage 2: the cards

def _board(state: dict, viewer: int | None = None, lang: str = "en") -> bytes:
    return civilization.render_board(views.view(state, viewer), names(state), lang)


def _hand(state: dict, seat: int, lang: str = "en") -> bytes:
    return civilization.render_hand(views.view(state, seat), names(state), lang)


def test_the_public_board_is_the_same_whatever_the_offers_hold():
    """A pending trade offer shows on the board only as a count: other contents, other parties
    and drafts that were never sent draw the very same picture, in every seat's view."""
    state = samples.state("cards_4p")
    board = _board(state)
    other = copy.deepcopy(state)
    other["offers"][0].update(give={"trade": 1, "culture": 2, "resources": ["iron", "spy"], "hidden": [],
                                    "cards": ["lost.1"]},
                              get={"trade": 9, "culture": 0, "resources": [], "hidden": [], "cards": ["?"]},
                              to=3, id=9)
    other["offers"].append({"id": 10, "from": 1, "to": 0, "status": "draft", "counter_of": None,
                            "give": {"trade": 3, "culture": 0, "resources": [], "hidden": [], "cards": []},
                            "get": {"trade": 0, "culture": 1, "resources": [], "hidden": [], "cards": []}})
    for lang in ("en", "zh-TW"):
        assert _board(other, None, lang) == _board(state, None, lang)
    for seat in range(4):
        assert _board(other, seat) == board
    none = copy.deepcopy(state)
    none["offers"] = []
    assert _board(none) != board   # "1 trade offer pending" is drawn


def test_an_offer_shows_only_in_its_two_seats_hands():
    """The proposer's and the recipient's hands show the offer (taller than without it); a third
    seat's hand is the same as with no offer at all."""
    state = samples.state("cards_4p")
    none = copy.deepcopy(state)
    none["offers"] = []
    for seat in (0, 2):   # Alice made it, Carol received it
        assert decode(_hand(state, seat)).height > decode(_hand(none, seat)).height
        assert hand_content(views.view(state, seat)) != hand_content(views.view(none, seat))
    assert _hand(state, 3) == _hand(none, 3)


def test_long_pictures_are_drawn_whole():
    """A hand or panel taller than the first canvas is drawn again on one that holds it: the
    last section (the resources) is still on the picture."""
    state = samples.state("cards_4p")
    area = state["seats"][0]
    area["culture_hand"] = [f"{c}.1" for c in ("drought", "defection", "lost", "sabotage", "disaster",
                                               "nationalism", "patriotism", "think_tank", "catastrophe")] * 2
    area["standing_forces"] = area["standing_forces"] * 4
    img = decode(_hand(state, 0))
    assert img.height > hand.CANVAS_H
    bottom = img.crop((0, img.height - hand.MARGIN - 40, 400, img.height - hand.MARGIN))
    assert len(set(bottom.get_flattened_data())) > 5   # the resource chips, not an empty band
    plain = decode(_board(state))
    wonders = [w["id"] for w in data.collection("wonders")]
    for seat in range(4):
        state["seats"][seat]["wonders"] = wonders[3 * seat:3 * seat + 3] * 3
    board = decode(_board(state))
    assert board.height > plain.height
    last = board.crop((0, board.height - 60, civ_board.WIDTH, board.height - 16))
    assert len(set(last.get_flattened_data())) > 3   # a civilization's last rows, not an empty band


def test_a_culture_card_in_hand_makes_the_hand_taller():
    state = samples.state("cards_4p")
    empty = copy.deepcopy(state)
    empty["seats"][0]["culture_hand"] = []
    assert decode(_hand(state, 0)).height > decode(_hand(empty, 0)).height
    one = copy.deepcopy(empty)
    one["seats"][0]["culture_hand"] = ["drought.1"]
    other = copy.deepcopy(empty)
    other["seats"][0]["culture_hand"] = ["lost.1"]
    assert _hand(one, 0) != _hand(other, 0)


def test_an_obsolete_wonder_is_drawn_differently():
    """R93: an obsolete wonder's marker (on the map), its line in the owner's panel and in the
    owner's hand look different from a working one's."""
    state = samples.state("cards_4p")
    assert state["wonders_at"]["A1"]["obsolete"]
    working = copy.deepcopy(state)
    del working["wonders_at"]["A1"]["obsolete"]
    assert _board(state) != _board(working)
    assert _hand(state, 0) != _hand(working, 0)
    assert civ_board.obsolete_wonders(views.view(state, None)) == {"colossus"}
    # the map marker alone differs
    assert civ_board.marker_chip("obsolete", "Col", 0).tobytes() != \
        civ_board.marker_chip("wonder", "Col", 0).tobytes()


def test_coin_tokens_disasters_and_a_pending_play_change_the_board():
    state = samples.state("cards_4p")
    board = _board(state)
    for change in ("card_coins", "disasters", "pending", "wonders"):
        changed = copy.deepcopy(state)
        if change == "card_coins":
            changed["seats"][0]["card_coins"]["pottery"] = 1
        elif change == "disasters":
            changed["disasters"]["F2"] = "grassland"   # the other side of the marker
        elif change == "pending":
            changed["pending"] = None
        else:
            changed["seats"][0]["wonders"].remove("angkor_wat")
        assert _board(changed) != board, change


def test_the_pending_play_and_offers_are_written_in_the_header():
    """The cancel window is one line (who played what; never who is asked: the view names
    nobody); a tech's ability and a city action are named as such; a player's own pending choice
    draws nothing."""
    view = samples.view("cards_4p")
    player, card, waiting = civ_board.pending_play(view)
    assert (player, waiting) == (1, []) and civ_board.words(card, "en") == "Sabotage"
    ability = dict(view, pending=dict(view["pending"], what="ability", card="mass_media"))
    assert civ_board.words(civ_board.pending_play(ability)[1], "en") == "Mass Media's resource ability"
    city = dict(view, pending=dict(view["pending"], what="city", card="city:c0_0:build:temple:C2"))
    assert civ_board.words(civ_board.pending_play(city)[1], "en") == "a city action"
    choosing = dict(view, pending={"kind": "choose", "seat": 2, "step": "square", "options": ["A1", "B2"],
                                   "context": {}})
    assert civ_board.pending_play(choosing) is None
    assert civilization.render_board(choosing, samples.NAMES) == civilization.render_board(
        dict(view, pending=None), samples.NAMES)
    assert civ_board.offer_count(view) == 1
    assert civ_board.offer_count(dict(view, offers_pending=3)) == 3


def test_the_hand_lists_tech_abilities_with_their_cost_and_coin_tasks():
    """Alice holds Code of Laws and Pottery (coin tasks) and resource-ability techs; she cannot
    pay Currency's Incense."""
    view = samples.view("cards_4p", 0)
    area = view["seats"][0]
    techs = hand.tech_abilities(area)
    assert {"code_of_laws", "pottery", "currency", "philosophy", "civil_service"} <= set(techs)
    assert "banking" in techs and not {"masonry"} & set(techs)
    # wheat, silk and a spy pay every ability she holds but Currency's (the view works it out)
    assert not hand.can_pay(area, "currency") and hand.can_pay(area, "philosophy")
    assert set(area["payable_abilities"]) == {t for t in techs if t != "currency"} & {
        "horseback_riding", "animal_husbandry", "philosophy", "monarchy", "civil_service", "banking"}
    more = copy.deepcopy(samples.state("cards_4p"))
    more["seats"][0]["card_coins"]["code_of_laws"] = 3
    assert _hand(more, 0) != _hand(samples.state("cards_4p"), 0)


def test_card_texts_fit_without_being_cut():
    """Every culture event's effect fits its card (at most six lines, no ellipsis), every wonder's
    and civilization's ability its line in the panel, every tech ability its row in the hand, in
    English (the texts a catalogue does not translate yet stay English in zh-TW too)."""
    from render.common import wrap_text

    def fits(text: str, size: int, width: int, lines: int) -> bool:
        return len(wrap_text(text, size, width)) <= lines

    for rec in data.collection("culture_events"):
        effect = civ_board.card_text("culture_events", rec["id"], "effect", "en")
        assert effect and fits(effect, hand.EFFECT_SIZE, hand.CULTURE_W - 24, 6), rec["id"]
        assert fits(civ_board.named("culture_events", rec["id"], "en"), hand.NAME_SIZE, hand.CULTURE_W - 24, 2)
    for rec in data.collection("civilizations"):     # in its player's hand, under the header
        ability = civ_board.card_text("civilizations", rec["id"], "ability", "en")
        assert ability and fits(ability, hand.EFFECT_SIZE, hand.WIDTH - 2 * hand.MARGIN, 4), rec["id"]
    for rec in data.collection("wonders"):           # in its owner's hand, beside its name
        ability = civ_board.card_text("wonders", rec["id"], "ability", "en")
        assert ability and fits(ability, hand.EFFECT_SIZE, hand.WIDTH - 2 * hand.MARGIN - 324, 4), rec["id"]
    for rec in data.collection("techs"):
        for field in ("resource_ability", "coin_task"):
            if rec.get(field):
                text = civ_board.card_text("techs", rec["id"], field, "en")
                assert text and fits(text, hand.EFFECT_SIZE, hand.WIDTH - 2 * hand.MARGIN - 324, 4), rec["id"]


# ---------------------------------------------------------------------------- golden images

GOLDEN = {
    "civilization_board_battle": lambda: civilization.render_board(samples.view("fronts_3p"), samples.NAMES[:3]),
    "civilization_board_research": lambda: civilization.render_board(samples.view("research_2p"), samples.NAMES[:2]),
    "civilization_hand_battle": lambda: civilization.render_hand(
        samples.view("fronts_3p", samples.state("fronts_3p")["battle"]["seats"]["defender"]), samples.NAMES[:3]),
    "civilization_board_cards": lambda: civilization.render_board(samples.view("cards_4p"), samples.NAMES),
    "civilization_hand_cards": lambda: civilization.render_hand(samples.view("cards_4p", 0), samples.NAMES),
}


@pytest.mark.parametrize("name", list(GOLDEN))
def test_golden(name):
    assert_matches_golden(name, GOLDEN[name](), REGEN_COMMAND)


# ---------------------------------------------------------------------------- cost

def test_render_time_and_size_are_printed(capsys):
    """The median CPU time of a board picture over the samples (printed, never asserted) and the
    PNG sizes (asserted under the budget)."""
    boards = [samples.view(name) for name in SAMPLE_NAMES]
    for view in boards:   # sprites and glyphs kept, as in a running bot
        civilization.render_board(view, names(view))
    times, sizes = [], []
    for _round in range(5):
        for view in boards:
            start = time.process_time()
            png = civilization.render_board(view, names(view))
            times.append((time.process_time() - start) * 1000)
            sizes.append(len(png))
    with capsys.disabled():
        print(f"\ncivilization board: median {statistics.median(times):.1f} ms CPU, PNG {min(sizes) / 1024:.0f}-"
              f"{max(sizes) / 1024:.0f} KB (median {statistics.median(sizes) / 1024:.0f} KB)")
    assert max(sizes) <= MAX_PNG_BYTES
