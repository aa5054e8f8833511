"""Skytear pictures (render/skytear/: board.py, hand.py): structure in every language,
views with keys missing, privacy of the board, the hand's content key, what the map shows where,
golden images and the cost.

The views are built by hand (tests/render/skytear_samples.py) on the game's two map files and on a
small map of the tests' own. Golden images live in tests/render/golden/skytear_*.png; after an
intended change to the drawing, look at the new pictures, then regenerate them with
`REGEN_GOLDEN=1 python -m pytest -q tests/render/test_skytear_render.py -k golden -p no:cacheprovider`.
They are drawn in English: a Chinese picture changes whenever a catalogue entry is added.
"""
from __future__ import annotations

import copy
import statistics
import time

import pytest
from PIL import Image

import i18n
import render.skytear
from render import registry
from render.skytear import board as board_picture, palette
from render.skytear.hand import WIDTH as HAND_WIDTH, hand_content, render_hand
from tests.render import skytear_samples as samples
from tests.render.golden import assert_matches_golden, check_hand_content, decode

MAX_PNG_BYTES = 300_000
REGEN_COMMAND = "REGEN_GOLDEN=1 python -m pytest -q tests/render/test_skytear_render.py -k golden"


@pytest.fixture(autouse=True, scope="module")
def fixture_map():
    board_picture.register_map(samples.FIXTURE_MAP)


def near(colour, expected, tolerance: int = 10) -> bool:
    return max(abs(colour[i] - expected[i]) for i in range(3)) <= tolerance


def share_near(img: Image.Image, box, expected, tolerance: int = 10) -> float:
    """The share of pixels in `box` within `tolerance` of `expected`."""
    part = img.crop(tuple(round(v) for v in box))
    colours = part.getcolors(1 << 20)
    return sum(n for n, c in colours if near(c, expected, tolerance)) / (part.width * part.height)


def board(name: str, lang: str = "en") -> Image.Image:
    make, names = samples.BOARDS[name]
    return decode(board_picture.render_board(make(), names, lang))


# ---------------------------------------------------------------------------- structure

def test_the_registry_draws_skytear_with_this_package():
    assert registry.get("skytear") is render.skytear
    assert (render.skytear.render_board, render.skytear.render_hand, render.skytear.hand_content) == \
        (board_picture.render_board, render_hand, hand_content)


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", list(samples.BOARDS))
def test_every_board_sample_draws_in_each_language(name, lang):
    make, names = samples.BOARDS[name]
    png = board_picture.render_board(make(), names, lang)
    img = decode(png)
    assert img.width == board_picture.WIDTH and 1100 <= img.width <= 1300
    assert 900 <= img.height <= 3000
    assert len(png) <= MAX_PNG_BYTES


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", list(samples.HANDS))
def test_every_hand_sample_draws_in_each_language(name, lang):
    make, names = samples.HANDS[name]
    png = render_hand(make(), names, lang)
    img = decode(png)
    assert img.width == HAND_WIDTH and img.height > img.width * 0.4
    assert len(png) <= MAX_PNG_BYTES


def test_cards_are_laid_four_to_a_row():
    view = samples.hand_view_8()
    eight = decode(render_hand(view, samples.NAMES_4P)).height
    nine = decode(render_hand(dict(view, hand=view["hand"] + [{"iid": "c99", "card": "ice_wall"}]),
                                      samples.NAMES_4P)).height
    none = decode(render_hand(dict(view, hand=[]), samples.NAMES_4P)).height
    assert none < eight < nine


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_views_with_only_the_keys_that_matter_still_draw(lang):
    """Optional keys missing (sides, towers, stack, victory, cards, logs, counts...): no exception."""
    view = samples.bare_view()
    assert decode(board_picture.render_board(view, [], lang)).width == board_picture.WIDTH
    hand = dict(view, viewer=0)
    assert decode(render_hand(hand, ["A", "B"], lang)).width == HAND_WIDTH
    # a card without a definition, a lead without an orientation, a map nobody knows
    odd = dict(hand, hand=[{"iid": "c1", "card": "no_such_card"}],
               heroes=[{"id": "cotlic", "owner": 0, "side": 0, "hex": "B1", "leads": [{}]}])
    assert decode(render_hand(odd, ["A"], lang)).width == HAND_WIDTH
    assert decode(board_picture.render_board(dict(view, map="no_such_map"), [], lang)).width == board_picture.WIDTH


def test_same_view_same_bytes():
    view = samples.midgame_view()
    assert board_picture.render_board(view, samples.NAMES_4P) == board_picture.render_board(copy.deepcopy(view),
                                                                                 samples.NAMES_4P)


def test_chinese_board_differs_from_english_and_uses_the_data_files_names():
    en, zh = board("midgame", "en"), board("midgame", "zh-TW")
    assert en.size[0] == zh.size[0] and en.tobytes() != zh.tobytes()
    # hero names and short names from data/skytear/heroes.json (the seed's names)
    assert palette.hero_name("cotlic", "zh-TW") == "科特里克"
    assert palette.short_name("cotlic", "zh-TW") == "科特" and palette.short_name("cotlic") == "COT"
    assert palette.card_name(samples.midgame_view(), "ice_wall", "zh-CN") == "冰墙"
    # status pips: S H D F M X in English, the term's first character in Chinese
    assert [board_picture.status_mark(s) for s in palette.STATUS_ORDER] == ["S", "H", "D", "F", "M", "X"]
    assert board_picture.status_mark("slow", "zh-TW") == "緩"


# ---------------------------------------------------------------------------- privacy

def _public(view: dict) -> dict:
    """`view` with every private key a seat's own view has taken out (as the public view has it)."""
    view = copy.deepcopy(view)
    view.pop("hand", None)
    view.pop("own_side", None)
    view["viewer"] = None
    for hero in view["heroes"]:
        hero["leads"] = [{"from": lead["from"], "card": None} for lead in hero["leads"]]
    return view


@pytest.mark.parametrize("private", [samples.hand_view_5, samples.hand_view_8, samples.hand_view_empty])
def test_the_board_from_a_private_view_is_the_public_board(private):
    """The board reads only public keys: a seat's view (its hand, its lead cards' identities, the
    viewer) draws the same picture as the public view (R47/R48, T5: only a lead card's orientation
    is public)."""
    view = private()
    assert view.get("hand") is not None and view["viewer"] is not None
    names = samples.NAMES_4P
    assert board_picture.render_board(view, names) == board_picture.render_board(_public(view), names)
    other = copy.deepcopy(view)
    other["hand"] = [{"iid": "x1", "card": "ambush"}]
    for hero in other["heroes"]:
        for lead in hero["leads"]:
            lead["card"] = "sacrifice"
    assert board_picture.render_board(other, names) == board_picture.render_board(view, names)


# ---------------------------------------------------------------------------- the hand's content

def _hand_variants():
    """Private views over the samples, each followed by views that change what the hand shows
    and views that change only the board."""
    for name, (make, _names) in samples.HANDS.items():
        view = make()
        yield view
        moved = copy.deepcopy(view)   # the board changes, the hand does not
        for hero in moved["heroes"]:
            hero["hp"] = max(0, hero["hp"] - 1)
            hero["statuses"] = {"slow": 1}
        moved["log"] = moved["log"] + ["Someone moves."]
        moved["minions"] = moved["minions"][1:]
        yield moved
        for change in ("played", "mana", "lead", "discard"):
            changed = copy.deepcopy(view)
            mine = [h for h in changed["heroes"] if h["owner"] == changed["viewer"]]
            if change == "played":
                changed["hand"] = changed["hand"][1:]
            elif change == "mana":
                mine[0]["mana_left"] = 0 if mine[0]["mana_left"] else 1
            elif change == "lead":
                mine[-1]["leads"] = mine[-1]["leads"] + [{"from": "deck", "card": None}]
            else:
                changed["discards"][str(changed["viewer"])] = ["ignite", "ambush"]
            yield changed


def test_equal_hand_content_means_the_same_hand_picture():
    reused, changed = check_hand_content(_hand_variants(), hand_content, render_hand, samples.NAMES_4P)
    # each sample's board-only variant reuses its picture (3); the samples and their hand changes
    # draw new ones: 1 + 4 for each of the two hands, 1 + 3 for the empty one (taking a card
    # from an empty hand changes nothing)
    assert reused == 3 and changed == 5 + 5 + 4, (reused, changed)


def test_hand_content_is_hashable_and_json_able():
    import json
    for make, _names in samples.HANDS.values():
        content = hand_content(make())
        assert hash(content) == hash(hand_content(make()))
        assert json.loads(json.dumps(content))[0] == make()["viewer"]


def test_the_hand_shows_its_own_lead_cards_by_name_and_others_not():
    """R47/R48, T5: the owner knows the cards it led from its hand, not those led from its deck."""
    view = samples.hand_view_8()
    content = hand_content(view)
    corjof = next(h for h in content[2] if h[0] == "corjof")
    assert corjof[-1] == (("hand", "manifestation"), ("deck", None))
    assert {h[0] for h in content[2]} == {"corjof", "gulbjarn"}   # Carol's heroes only, not Alice's
    named = copy.deepcopy(view)
    next(h for h in named["heroes"] if h["id"] == "corjof")["leads"][0]["card"] = "ice_wall"
    assert render_hand(named, samples.NAMES_4P) != render_hand(view, samples.NAMES_4P)


# ---------------------------------------------------------------------------- what the map shows

def test_nexus_hexes_are_drawn_in_their_sides_colours():
    view = samples.early_view()
    img = board("early")
    centres = board_picture.hex_centres(view)
    size = board_picture._Board(view, None, "en").size
    for label, side in (("A5", 0), ("A7", 0), ("N5", 1), ("N7", 1)):
        x, y = centres[label]
        box = (x - size * 0.6, y - size * 0.2, x + size * 0.6, y + size * 0.5)
        # the nexus's dark fill and its star, both made from the side's colour
        fill = palette.mix(palette.SIDE[side], palette.BACKGROUND, 0.5)
        assert share_near(img, box, fill) > 0.15, label


def test_heroes_stand_on_their_hexes_in_their_sides_colours_and_the_defeated_are_off_the_map():
    view = samples.midgame_view()
    img = board("midgame")
    centres = board_picture.hex_centres(view)
    size = board_picture._Board(view, None, "en").size
    for hero in view["heroes"]:
        if hero["state"] != "ready" or not hero["hex"]:
            continue
        x, y = centres[hero["hex"]]
        box = (x - size * 0.5, y - size * 0.5, x + size * 0.5, y + size * 0.5)   # the disc round its letter
        assert share_near(img, box, palette.SIDE[hero["side"]]) > 0.2, hero["id"]
    # a defeated hero's last hex is not remembered by the view; its disc is under its return round
    assert all(h["hex"] is None for h in view["heroes"] if h["state"] == "defeated")


def test_an_exhausted_hero_is_dimmed():
    view = samples.midgame_view()
    img = board("midgame")
    centres = board_picture.hex_centres(view)
    size = board_picture._Board(view, None, "en").size
    x, y = centres["E5"]   # Cotlic, exhausted
    box = (x - size * 0.5, y - size * 0.5, x + size * 0.5, y + size * 0.5)   # the disc round its letter
    assert share_near(img, box, palette.SIDE[0]) < 0.05
    assert share_near(img, box, palette.mix(palette.SIDE[0], palette.BACKGROUND, 0.55)) > 0.2


def test_white_lines_lie_on_the_shared_edges():
    """R13: a white line is drawn on the exact edge between its two hexes."""
    view = samples.early_view()
    img = board("early")
    centres = board_picture.hex_centres(view)
    for a, b in board_picture._geometry("two_lane").white_lines[:6]:
        (ax, ay), (bx, by) = centres[a], centres[b]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        assert share_near(img, (mx - 2, my - 2, mx + 3, my + 3), palette.WHITE, 4) > 0.5, (a, b)
    # and nowhere else: the middle of an edge without a line is not white
    (ax, ay), (bx, by) = centres["B2"], centres["C2"]
    mx, my = (ax + bx) / 2, (ay + by) / 2
    assert share_near(img, (mx - 2, my - 2, mx + 3, my + 3), palette.WHITE, 4) == 0


def test_the_last_move_is_framed_and_a_destroyed_tower_is_ruins():
    view = samples.midgame_view()
    img = board("midgame")
    centres = board_picture.hex_centres(view)
    size = board_picture._Board(view, None, "en").size
    x, y = centres["I5"]
    assert share_near(img, (x - size, y - size, x + size, y + size), palette.LAST) > 0.03
    x, y = centres["H2"]    # not part of the last move
    assert share_near(img, (x - size, y - size, x + size, y + size), palette.LAST) == 0
    for label, colour, drawn in (("C9", palette.SIDE[0], False), ("C3", palette.SIDE[0], True),
                                 ("C9", palette.RUINS, True)):
        x, y = centres[label]
        box = (x - size * 0.4, y - size * 0.3, x + size * 0.4, y + size * 0.6)
        assert (share_near(img, box, colour, 6) > 0.05) == drawn, (label, colour)


def test_the_outsider_covers_its_three_hexes_ringed_in_its_holders_colour():
    """R119: the Outsider stands on three hexes; its holder's colour rings it."""
    view = samples.midgame_view()
    img = board("midgame")
    centres = board_picture.hex_centres(view)
    size = board_picture._Board(view, None, "en").size
    for label in view["outsider"]["hexes"]:
        x, y = centres[label]
        box = (x - size * 0.5, y - size * 0.5, x + size * 0.5, y + size * 0.5)
        assert share_near(img, box, palette.OUTSIDER) > 0.3, label
    xs = [centres[h][0] for h in view["outsider"]["hexes"]]
    ys = [centres[h][1] for h in view["outsider"]["hexes"]]
    box = (min(xs) - size * 1.2, min(ys) - size * 1.2, max(xs) + size * 1.2, max(ys) + size * 1.2)
    assert share_near(img, box, palette.SIDE[0], 6) > 0.01   # held by side 0
    held = samples.midgame_view()
    held["outsider"]["holder"] = None
    free = decode(board_picture.render_board(held, samples.NAMES_4P))
    assert share_near(free, box, palette.SIDE[0], 6) < share_near(img, box, palette.SIDE[0], 6)


def test_an_exposed_nexus_and_the_stack_are_drawn():
    """Side 0's exposed nexus carries a red shield; the stack's box appears only with a stack."""
    view = samples.midgame_view()
    img = board("midgame")
    centres = board_picture.hex_centres(view)
    size = board_picture._Board(view, None, "en").size
    x, y = centres[board_picture._geometry("two_lane").nexus_badge[0]]
    assert share_near(img, (x - size * 0.4, y - size * 0.4, x + size * 0.4, y + size * 0.4), palette.DANGER) > 0.2
    x, y = centres[board_picture._geometry("two_lane").nexus_badge[1]]
    assert share_near(img, (x - size * 0.4, y - size * 0.4, x + size * 0.4, y + size * 0.4), palette.DANGER) == 0
    empty = samples.midgame_view()
    empty["stack"], empty["waiting"] = [], 0
    assert decode(board_picture.render_board(empty, samples.NAMES_4P)).height < img.height


def test_the_board_draws_whose_turn_it_is_from_the_view_s_facts():
    """The highlighted side and the header's player are the view's acting_side and acting_seat: the
    picture works out nothing from turn_side; the stack's bars take each entry's side."""
    view = samples.midgame_view()
    plain = board_picture.render_board(view, samples.NAMES_4P)
    assert board_picture.render_board(dict(view, turn_side=0), samples.NAMES_4P) == plain
    assert board_picture.render_board(dict(view, acting_side=0, acting_seat=2), samples.NAMES_4P) != plain
    nobody = decode(board_picture.render_board(dict(view, acting_side=None, acting_seat=None), samples.NAMES_4P))
    img = decode(plain)
    right = (board_picture.MARGIN + board_picture.COL_W + board_picture.PAD, 0,
             board_picture.WIDTH - board_picture.MARGIN, img.height)
    assert share_near(img, right, palette.SIDE[1], 4) > share_near(nobody, right, palette.SIDE[1], 4), \
        "side 1's panel is framed in its colour while it acts"
    sided = copy.deepcopy(view)
    for entry in sided["stack"]:
        entry["side"] = 1 - entry["side"]
    assert board_picture.render_board(sided, samples.NAMES_4P) != plain


def test_the_discard_step_is_named_with_the_view_s_hand_limit():
    view = dict(samples.three_lane_view(), phase="discard", acting_side=None)
    seven = board_picture.render_board(view, samples.NAMES_3P)
    assert board_picture.render_board(dict(view, hand_limit=6), samples.NAMES_3P) != seven
    assert board_picture.render_board(dict(view, phase="hero"), samples.NAMES_3P) != seven


# ---------------------------------------------------------------------------- golden images

GOLDEN = {
    "skytear_board_early": lambda: board_picture.render_board(samples.early_view(), samples.NAMES_2P),
    "skytear_board_midgame": lambda: board_picture.render_board(samples.midgame_view(), samples.NAMES_4P),
    "skytear_board_three_lane": lambda: board_picture.render_board(samples.three_lane_view(), samples.NAMES_3P),
    "skytear_hand_8": lambda: render_hand(samples.hand_view_8(), samples.NAMES_4P),
}


@pytest.mark.parametrize("name", list(GOLDEN))
def test_golden(name):
    assert_matches_golden(name, GOLDEN[name](), REGEN_COMMAND)


# ---------------------------------------------------------------------------- cost

def test_render_time_and_size_are_printed(capsys):
    """The median CPU time of a board picture over the samples (printed, never asserted) and the
    PNG sizes (asserted under the budget)."""
    views = [(make(), names) for make, names in samples.BOARDS.values()]
    for view, names in views:   # sprites and glyphs kept, as in a running bot
        board_picture.render_board(view, names)
    times, sizes = [], []
    for _round in range(5):
        for view, names in views:
            start = time.process_time()
            png = board_picture.render_board(view, names)
            times.append((time.process_time() - start) * 1000)
            sizes.append(len(png))
    with capsys.disabled():
        print(f"\nskytear board: median {statistics.median(times):.1f} ms CPU, PNG {min(sizes) / 1024:.0f}-"
              f"{max(sizes) / 1024:.0f} KB (median {statistics.median(sizes) / 1024:.0f} KB)")
    assert max(sizes) <= MAX_PNG_BYTES
