"""Skytear pictures (render/skytear.py, render/skytear_hand.py): structure in every language,
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
from render import registry, skytear
from render.skytear_hand import WIDTH as HAND_WIDTH, hand_content
from tests.render import skytear_samples as samples
from tests.render.golden import assert_matches_golden, check_hand_content, decode

MAX_PNG_BYTES = 300_000
REGEN_COMMAND = "REGEN_GOLDEN=1 python -m pytest -q tests/render/test_skytear_render.py -k golden"


@pytest.fixture(autouse=True, scope="module")
def fixture_map():
    skytear.register_map(samples.FIXTURE_MAP)


def near(colour, expected, tolerance: int = 10) -> bool:
    return max(abs(colour[i] - expected[i]) for i in range(3)) <= tolerance


def share_near(img: Image.Image, box, expected, tolerance: int = 10) -> float:
    """The share of pixels in `box` within `tolerance` of `expected`."""
    part = img.crop(tuple(round(v) for v in box))
    colours = part.getcolors(1 << 20)
    return sum(n for n, c in colours if near(c, expected, tolerance)) / (part.width * part.height)


def board(name: str, lang: str = "en") -> Image.Image:
    make, names = samples.BOARDS[name]
    return decode(skytear.render_board(make(), names, lang))


# ---------------------------------------------------------------------------- structure

def test_the_registry_draws_skytear_with_this_module():
    assert registry.get("skytear") is skytear


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", list(samples.BOARDS))
def test_every_board_sample_draws_in_each_language(name, lang):
    make, names = samples.BOARDS[name]
    png = skytear.render_board(make(), names, lang)
    img = decode(png)
    assert img.width == skytear.WIDTH and 1100 <= img.width <= 1300
    assert 900 <= img.height <= 3000
    assert len(png) <= MAX_PNG_BYTES


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", list(samples.HANDS))
def test_every_hand_sample_draws_in_each_language(name, lang):
    make, names = samples.HANDS[name]
    png = skytear.render_hand(make(), names, lang)
    img = decode(png)
    assert img.width == HAND_WIDTH and img.height > img.width * 0.4
    assert len(png) <= MAX_PNG_BYTES


def test_cards_are_laid_four_to_a_row():
    view = samples.hand_view_8()
    eight = decode(skytear.render_hand(view, samples.NAMES_4P)).height
    nine = decode(skytear.render_hand(dict(view, hand=view["hand"] + [{"iid": "c99", "card": "ice_wall"}]),
                                      samples.NAMES_4P)).height
    none = decode(skytear.render_hand(dict(view, hand=[]), samples.NAMES_4P)).height
    assert none < eight < nine


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
def test_views_with_only_the_keys_that_matter_still_draw(lang):
    """Optional keys missing (sides, towers, stack, victory, cards, logs, counts...): no exception."""
    view = samples.bare_view()
    assert decode(skytear.render_board(view, [], lang)).width == skytear.WIDTH
    hand = dict(view, viewer=0)
    assert decode(skytear.render_hand(hand, ["A", "B"], lang)).width == HAND_WIDTH
    # a card without a definition, a lead without an orientation, a map nobody knows
    odd = dict(hand, hand=[{"iid": "c1", "card": "no_such_card"}],
               heroes=[{"id": "cotlic", "owner": 0, "side": 0, "hex": "B1", "leads": [{}]}])
    assert decode(skytear.render_hand(odd, ["A"], lang)).width == HAND_WIDTH
    assert decode(skytear.render_board(dict(view, map="no_such_map"), [], lang)).width == skytear.WIDTH


def test_same_view_same_bytes():
    view = samples.midgame_view()
    assert skytear.render_board(view, samples.NAMES_4P) == skytear.render_board(copy.deepcopy(view),
                                                                                 samples.NAMES_4P)


def test_chinese_board_differs_from_english_and_uses_the_data_files_names():
    en, zh = board("midgame", "en"), board("midgame", "zh-TW")
    assert en.size[0] == zh.size[0] and en.tobytes() != zh.tobytes()
    # hero names and short names from data/skytear/heroes.json (the seed's names)
    assert skytear.hero_name("cotlic", "zh-TW") == "科特里克"
    assert skytear.short_name("cotlic", "zh-TW") == "科特" and skytear.short_name("cotlic") == "COT"
    assert skytear.card_name(samples.midgame_view(), "ice_wall", "zh-CN") == "冰墙"
    # status pips: S H D F M X in English, the term's first character in Chinese
    assert [skytear.status_mark(s) for s in skytear.STATUS_ORDER] == ["S", "H", "D", "F", "M", "X"]
    assert skytear.status_mark("slow", "zh-TW") == "緩"


# ---------------------------------------------------------------------------- privacy

def _public(view: dict) -> dict:
    """`view` with every private key a seat's own view has taken out (as the public view has it)."""
    view = copy.deepcopy(view)
    view.pop("hand", None)
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
    assert skytear.render_board(view, names) == skytear.render_board(_public(view), names)
    other = copy.deepcopy(view)
    other["hand"] = [{"iid": "x1", "card": "ambush"}]
    for hero in other["heroes"]:
        for lead in hero["leads"]:
            lead["card"] = "sacrifice"
    assert skytear.render_board(other, names) == skytear.render_board(view, names)


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
    reused, changed = check_hand_content(_hand_variants(), hand_content, skytear.render_hand, samples.NAMES_4P)
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
    assert skytear.render_hand(named, samples.NAMES_4P) != skytear.render_hand(view, samples.NAMES_4P)


# ---------------------------------------------------------------------------- what the map shows

def test_nexus_hexes_are_drawn_in_their_sides_colours():
    view = samples.early_view()
    img = board("early")
    centres = skytear.hex_centres(view)
    size = skytear._Board(view, None, "en").size
    for label, side in (("A5", 0), ("A7", 0), ("N5", 1), ("N7", 1)):
        x, y = centres[label]
        box = (x - size * 0.6, y - size * 0.2, x + size * 0.6, y + size * 0.5)
        # the nexus's dark fill and its star, both made from the side's colour
        fill = skytear._mix(skytear.SIDE[side], skytear.BACKGROUND, 0.5)
        assert share_near(img, box, fill) > 0.15, label


def test_heroes_stand_on_their_hexes_in_their_sides_colours_and_the_defeated_are_off_the_map():
    view = samples.midgame_view()
    img = board("midgame")
    centres = skytear.hex_centres(view)
    size = skytear._Board(view, None, "en").size
    for hero in view["heroes"]:
        if hero["state"] != "ready" or not hero["hex"]:
            continue
        x, y = centres[hero["hex"]]
        box = (x - size * 0.3, y - size * 0.3, x + size * 0.3, y + size * 0.3)
        assert share_near(img, box, skytear.SIDE[hero["side"]]) > 0.2, hero["id"]
    # a defeated hero's last hex is not remembered by the view; its disc is under its return round
    assert all(h["hex"] is None for h in view["heroes"] if h["state"] == "defeated")


def test_an_exhausted_hero_is_dimmed():
    view = samples.midgame_view()
    img = board("midgame")
    centres = skytear.hex_centres(view)
    size = skytear._Board(view, None, "en").size
    x, y = centres["E5"]   # Cotlic, exhausted
    box = (x - size * 0.3, y - size * 0.3, x + size * 0.3, y + size * 0.3)
    assert share_near(img, box, skytear.SIDE[0]) < 0.05
    assert share_near(img, box, skytear._mix(skytear.SIDE[0], skytear.BACKGROUND, 0.55)) > 0.2


def test_white_lines_lie_on_the_shared_edges():
    """R13: a white line is drawn on the exact edge between its two hexes."""
    view = samples.early_view()
    img = board("early")
    centres = skytear.hex_centres(view)
    for a, b in skytear._geometry("two_lane").white_lines[:6]:
        (ax, ay), (bx, by) = centres[a], centres[b]
        mx, my = (ax + bx) / 2, (ay + by) / 2
        assert share_near(img, (mx - 2, my - 2, mx + 3, my + 3), skytear.WHITE, 4) > 0.5, (a, b)
    # and nowhere else: the middle of an edge without a line is not white
    (ax, ay), (bx, by) = centres["B2"], centres["C2"]
    mx, my = (ax + bx) / 2, (ay + by) / 2
    assert share_near(img, (mx - 2, my - 2, mx + 3, my + 3), skytear.WHITE, 4) == 0


def test_the_last_move_is_framed_and_a_destroyed_tower_is_ruins():
    view = samples.midgame_view()
    img = board("midgame")
    centres = skytear.hex_centres(view)
    size = skytear._Board(view, None, "en").size
    x, y = centres["I5"]
    assert share_near(img, (x - size, y - size, x + size, y + size), skytear.LAST) > 0.03
    x, y = centres["H2"]    # not part of the last move
    assert share_near(img, (x - size, y - size, x + size, y + size), skytear.LAST) == 0
    for label, colour, drawn in (("C9", skytear.SIDE[0], False), ("C3", skytear.SIDE[0], True),
                                 ("C9", skytear.RUINS, True)):
        x, y = centres[label]
        box = (x - size * 0.4, y - size * 0.3, x + size * 0.4, y + size * 0.6)
        assert (share_near(img, box, colour, 6) > 0.05) == drawn, (label, colour)


def test_the_outsider_covers_its_three_hexes_ringed_in_its_holders_colour():
    """R119: the Outsider stands on three hexes; its holder's colour rings it."""
    view = samples.midgame_view()
    img = board("midgame")
    centres = skytear.hex_centres(view)
    size = skytear._Board(view, None, "en").size
    for label in view["outsider"]["hexes"]:
        x, y = centres[label]
        box = (x - size * 0.5, y - size * 0.5, x + size * 0.5, y + size * 0.5)
        assert share_near(img, box, skytear.OUTSIDER) > 0.3, label
    xs = [centres[h][0] for h in view["outsider"]["hexes"]]
    ys = [centres[h][1] for h in view["outsider"]["hexes"]]
    box = (min(xs) - size * 1.2, min(ys) - size * 1.2, max(xs) + size * 1.2, max(ys) + size * 1.2)
    assert share_near(img, box, skytear.SIDE[0], 6) > 0.01   # held by side 0
    held = samples.midgame_view()
    held["outsider"]["holder"] = None
    free = decode(skytear.render_board(held, samples.NAMES_4P))
    assert share_near(free, box, skytear.SIDE[0], 6) < share_near(img, box, skytear.SIDE[0], 6)


def test_an_exposed_nexus_and_the_stack_are_drawn():
    """Side 0's exposed nexus carries a red shield; the stack's box appears only with a stack."""
    view = samples.midgame_view()
    img = board("midgame")
    centres = skytear.hex_centres(view)
    size = skytear._Board(view, None, "en").size
    x, y = centres[skytear._geometry("two_lane").nexus_badge[0]]
    assert share_near(img, (x - size * 0.4, y - size * 0.4, x + size * 0.4, y + size * 0.4), skytear.DANGER) > 0.2
    x, y = centres[skytear._geometry("two_lane").nexus_badge[1]]
    assert share_near(img, (x - size * 0.4, y - size * 0.4, x + size * 0.4, y + size * 0.4), skytear.DANGER) == 0
    empty = samples.midgame_view()
    empty["stack"], empty["waiting"] = [], 0
    assert decode(skytear.render_board(empty, samples.NAMES_4P)).height < img.height


# ---------------------------------------------------------------------------- golden images

GOLDEN = {
    "skytear_board_early": lambda: skytear.render_board(samples.early_view(), samples.NAMES_2P),
    "skytear_board_midgame": lambda: skytear.render_board(samples.midgame_view(), samples.NAMES_4P),
    "skytear_board_three_lane": lambda: skytear.render_board(samples.three_lane_view(), samples.NAMES_3P),
    "skytear_hand_8": lambda: skytear.render_hand(samples.hand_view_8(), samples.NAMES_4P),
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
        skytear.render_board(view, names)
    times, sizes = [], []
    for _round in range(5):
        for view, names in views:
            start = time.process_time()
            png = skytear.render_board(view, names)
            times.append((time.process_time() - start) * 1000)
            sizes.append(len(png))
    with capsys.disabled():
        print(f"\nskytear board: median {statistics.median(times):.1f} ms CPU, PNG {min(sizes) / 1024:.0f}-"
              f"{max(sizes) / 1024:.0f} KB (median {statistics.median(sizes) / 1024:.0f} KB)")
    assert max(sizes) <= MAX_PNG_BYTES
