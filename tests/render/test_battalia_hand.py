"""Battalia's hand picture (render/battalia/hand.py): structure, hidden information, the content
key the bot reuses pictures by, golden images and its cost.

Golden images live in tests/render/golden/battalia_hand_*.png. After an intended change to the
drawing, look at the new pictures and then regenerate them with
`REGEN_GOLDEN=1 python -m pytest -q tests/render/test_battalia_hand.py`.

The positions are seeded playouts: the computer players (`RULES.ai_choose`) play every seat, and
in the mid-game position seat 0 also pitches Tents, crafts Tents and Amulets, uses Amulets and
puts cards in Ambush whenever it can (the computer player never does), so those rows have cards.
"""
from __future__ import annotations

import copy
import io
import random
import statistics
import time

import pytest
from PIL import Image

from engine.battalia import RULES
from render.battalia.hand import WIDTH, hand_content, render_hand
from tests.render.golden import assert_matches_golden, check_hand_content

MAX_PNG_BYTES = 300_000
NAMES_2P = ["Alice", "小明"]
NAMES_4P = ["Alice", "小明", "Carol", "Dan"]
SPECIAL = ("tent:", "ambush:", "craft:tent", "craft:amulet", "amulet:", "hammer:")


def decode(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


# ---------------------------------------------------------------------------- positions

def playout(seed: int, n: int, moves: int, special_seat: int | None = None, stop=None) -> dict:
    """A seeded game: the computer players move; `special_seat` also takes every Tent, Ambush and
    Amulet move open to it (chosen by the same seeded generator); `stop(state)` ends it early."""
    state, rng = RULES.setup(n, {}, seed), random.Random(seed)
    for _ in range(moves):
        if RULES.result(state) or (stop and stop(state)):
            break
        seat = next(iter(RULES.active_players(state)))
        move = None
        if seat == special_seat and state["phase"] != "start":  # the turn's start first, as the computer does
            special = [a.id for a in RULES.legal_actions(state, seat) if a.id.startswith(SPECIAL)
                       and not (a.id.startswith("tent:") and "," in a.id.split(":")[2])]  # one card per Tent
            if special:
                move = special[rng.randrange(len(special))]
        state, _ = RULES.apply(state, seat, move or RULES.ai_choose(state, seat, rng.randrange(10**6)))
    return state


def start_view() -> dict:
    """The first player's hand once every faction and starting city is chosen."""
    state = playout(3, 4, 100, stop=lambda s: s["phase"] not in ("setup_faction", "setup_city"))
    assert state["phase"] == "start"
    return RULES.view(state, state["current"])


def midgame_view() -> dict:
    """Seat 0 with three pitched Tents, a card in Ambush and an illuminated artifact (2 uses)."""
    return RULES.view(playout(1, 2, 210, special_seat=0), 0)


def formation_view() -> dict:
    """Seat 0 of a four-player game: two opponents showed it their Formations; a mixed Sanctuary."""
    return RULES.view(playout(4, 4, 300), 0)


CASES = {
    "battalia_hand_start": (start_view, NAMES_4P, "en"),
    "battalia_hand_midgame": (midgame_view, NAMES_2P, "en"),
    "battalia_hand_formation": (formation_view, NAMES_4P, "en"),
    "battalia_hand_lang_zh-TW": (midgame_view, NAMES_2P, "zh-TW"),
}


@pytest.fixture(scope="module")
def views() -> dict:
    return {name: make() for name, (make, _names, _lang) in CASES.items()}


# ---------------------------------------------------------------------------- structure

def test_positions_show_what_they_are_for(views):
    start, mid, shown = views["battalia_hand_start"], views["battalia_hand_midgame"], views["battalia_hand_formation"]
    assert len(start["hand"]) >= 5 and not start["ambush"]
    me = mid["players"][0]
    assert mid["ambush"] and len(me["tents"]) >= 2 and any(t["cards"] for t in me["tents"])
    assert any(c["uses_left"] > 1 for c in mid["hand"])
    assert shown["formation_seen"] and len({(c["faction"], c["type"]) for c in shown["sanctuary"]}) >= 3


@pytest.mark.parametrize("name", list(CASES))
def test_png_decodes_and_is_small(views, name):
    _make, names, lang = CASES[name]
    png = render_hand(views[name], names, lang)
    img = decode(png)
    assert img.width == WIDTH and 700 <= img.width <= 800 and 400 <= img.height <= 2400
    assert len(png) <= MAX_PNG_BYTES


def test_same_view_same_bytes(views):
    view = views["battalia_hand_midgame"]
    assert render_hand(view, NAMES_2P) == render_hand(copy.deepcopy(view), NAMES_2P)


def test_chinese_picture_differs_from_english(views):
    view = views["battalia_hand_midgame"]
    en, zh = render_hand(view, NAMES_2P, "en"), render_hand(view, NAMES_2P, "zh-TW")
    assert en != zh
    assert decode(en).size[0] == decode(zh).size[0]


def test_picture_never_depends_on_another_seats_hand():
    """Seat 0's picture from two states that differ only in seat 1's hand is the same, byte for byte."""
    state = playout(4, 2, 120)
    other = copy.deepcopy(state)
    p1 = other["players"][1]
    assert p1["hand"] and p1["realm"]
    p1["hand"], p1["realm"] = p1["realm"][:len(p1["hand"])], p1["hand"] + p1["realm"][len(p1["hand"]):]
    assert other["players"][1]["hand"] != state["players"][1]["hand"]
    assert render_hand(RULES.view(state, 0), NAMES_2P) == render_hand(RULES.view(other, 0), NAMES_2P)


def test_no_card_id_is_drawn_but_names_are():
    """Card ids are never drawn: a view whose ids are all renamed draws the same picture."""
    view = formation_view()
    renamed = copy.deepcopy(view)
    for key in ("hand", "ambush", "sanctuary"):
        for k, c in enumerate(renamed[key]):
            c["id"] = f"k{9000 + k}"
    assert render_hand(view, NAMES_4P) == render_hand(renamed, NAMES_4P)


def test_ribbons_and_used_cards_change_the_card(views):
    """A card acting as another type, an illuminated card's uses and a used card are drawn."""
    view = views["battalia_hand_start"]
    plain = render_hand(view, NAMES_4P)
    for change in ({"acts_as": "weapon"}, {"uses_left": 2}, {"uses_left": 0}):
        changed = copy.deepcopy(view)
        changed["hand"][0].update(change)
        assert render_hand(changed, NAMES_4P) != plain, change


def test_the_realm_is_counted_by_kind_only_while_its_owners_horn_searches_it(views):
    view = views["battalia_hand_formation"]
    plain = render_hand(view, NAMES_4P)
    horn = copy.deepcopy(view)
    horn["pending"] = {"kind": "horn", "seat": 0, "realm": view["sanctuary"] + view["hand"][:3], "max": 2}
    assert render_hand(horn, NAMES_4P) != plain and hand_content(horn) != hand_content(view)
    horn["pending"]["seat"] = 1  # another seat's Horn: nothing of it is drawn
    assert render_hand(horn, NAMES_4P) == plain


def test_empty_zones_and_a_viewer_without_faction():
    state = RULES.setup(3, {}, 2)
    view = RULES.view(state, 0)
    img = decode(render_hand(view, ["A", "B", "C"]))
    assert img.width == WIDTH
    view = dict(view, hand=[], ambush=[], sanctuary=[], realm_count=0)
    assert decode(render_hand(view, ["A", "B", "C"], "zh-TW")).width == WIDTH


def test_hand_content_names_everything_the_hand_picture_draws():
    """Two private views with the same `hand_content` make the same hand picture (the bot sends
    the picture it drew before instead of drawing it again), and a changed hand changes it."""
    def views():
        state, rng = RULES.setup(3, {}, 7), random.Random(7)
        for _move in range(160):
            if RULES.result(state):
                return
            yield from (RULES.view(state, viewer) for viewer in range(3))
            seat = next(iter(RULES.active_players(state)))
            state, _ = RULES.apply(state, seat, RULES.ai_choose(state, seat, rng.randrange(10**6)))
    reused, changed = check_hand_content(views(), hand_content, render_hand, ["A", "B", "C"])
    assert reused > 50 and changed > 20, (reused, changed)


# ---------------------------------------------------------------------------- golden images

@pytest.mark.parametrize("name", list(CASES))
def test_golden(views, name):
    _make, names, lang = CASES[name]
    png = render_hand(views[name], names, lang)
    assert_matches_golden(name, png, "REGEN_GOLDEN=1 python -m pytest tests/render/test_battalia_hand.py")


# ---------------------------------------------------------------------------- cost

def test_render_time_is_printed(views, capsys):
    """The median CPU time of a hand picture (printed, never asserted) and its size (asserted)."""
    view = views["battalia_hand_midgame"]
    render_hand(view, NAMES_2P)  # sprites and glyphs kept, as in a running bot
    times = []
    for _ in range(15):
        start = time.process_time()
        png = render_hand(view, NAMES_2P)
        times.append((time.process_time() - start) * 1000)
    with capsys.disabled():
        print(f"\nbattalia hand: median {statistics.median(times):.1f} ms CPU, {len(png) / 1024:.0f} KB")
    assert len(png) <= MAX_PNG_BYTES
