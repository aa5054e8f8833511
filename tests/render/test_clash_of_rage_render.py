"""Clash of Rage pictures (the render/clash_of_rage/ package: board.py, hand.py, palette.py): board
and hand for 2, 3 and 4 players in every language, the privacy of the secret tactic choice, views
with keys missing, pictures drawn from what the view carries, golden images and the cost.

The states come from random legal play with fixed seeds (tests/render/clash_of_rage_samples.py).
Golden images live in tests/render/golden/clash_of_rage_*.png; after an intended change to the
drawing, look at the new pictures, then regenerate them with
`REGEN_GOLDEN=1 python -m pytest -q tests/render/test_clash_of_rage_render.py -k golden -p no:cacheprovider`.
They are drawn in English: a Chinese picture changes whenever a catalogue entry is added.
"""
from __future__ import annotations

import copy
import random
import statistics
import time

import pytest

import i18n
from engine.clash_of_rage import RULES, views
from engine.text import Msg
from render import clash_of_rage, registry, toolkit
from render.clash_of_rage import board
from render.clash_of_rage.board import WIDTH
from render.clash_of_rage.hand import WIDTH as HAND_WIDTH
from render.clash_of_rage.hand import hand_content
from render.common import words
from tests.clash_of_rage.test_views import played
from tests.render import clash_of_rage_samples as samples
from tests.render.golden import assert_matches_golden, decode

MAX_PNG_BYTES = 300_000
REGEN_COMMAND = "REGEN_GOLDEN=1 python -m pytest -q tests/render/test_clash_of_rage_render.py -k golden"


def names(view: dict) -> list[str]:
    return samples.NAMES[:view["players"]]


# ---------------------------------------------------------------------------- structure

def test_the_registry_draws_clash_of_rage_with_this_module():
    assert registry.get("clash_of_rage") is clash_of_rage


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", list(samples.SAMPLES))
def test_the_board_draws_in_each_language(name, lang):
    view = samples.view(name)
    png = clash_of_rage.render_board(view, names(view), lang)
    img = decode(png)
    assert img.width == WIDTH
    assert 700 <= img.height <= 2400
    assert len(png) <= MAX_PNG_BYTES


@pytest.mark.parametrize("lang", i18n.LANGUAGES)
@pytest.mark.parametrize("name", list(samples.SAMPLES))
def test_every_seat_s_hand_draws_in_each_language(name, lang):
    state = samples.state(name)
    for seat in range(state["players"]):
        view = views.view(state, seat)
        png = clash_of_rage.render_hand(view, names(view), lang)
        img = decode(png)
        assert img.width == HAND_WIDTH and img.height > 400
        assert len(png) <= MAX_PNG_BYTES


@pytest.mark.parametrize("players", [2, 3, 4])
def test_boards_over_a_long_random_game(players):
    """Every 40th state of the first 1,500 moves of a random game draws, board and the acting
    seat's hand (random play takes thousands of moves to end a game; the boards of its last
    states are drawn by the late-game tests)."""
    state = RULES.setup(players, {}, 11)
    rng = random.Random(11)
    steps = 0
    while not state.get("result") and steps < 1500:
        if steps % 40 == 0:
            view = views.view(state, None)
            assert decode(clash_of_rage.render_board(view, samples.NAMES[:players])).width == WIDTH
            seat = sorted(RULES.active_players(state))[0]
            assert decode(clash_of_rage.render_hand(views.view(state, seat), samples.NAMES[:players])).width \
                == HAND_WIDTH
        seat = rng.choice(sorted(RULES.active_players(state)))
        state, _ = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)).id)
        steps += 1


def test_the_hand_shows_the_forge_draw_only_to_the_forger():
    state = samples.state("forge_4p")
    forger = state["forge"]["seat"]
    own = views.view(state, forger)
    assert isinstance(own["forge"]["cards"], list)
    with_draw = decode(clash_of_rage.render_hand(own, samples.NAMES))
    without = copy.deepcopy(own)
    without["forge"] = None
    assert with_draw.height > decode(clash_of_rage.render_hand(without, samples.NAMES)).height
    other = views.view(state, (forger + 1) % 4)
    assert not isinstance(other["forge"]["cards"], list)


def test_views_with_keys_missing_still_draw():
    bare = {"game": "clash_of_rage", "players": 2, "round": 1, "phase": "tactics", "layout": 2}
    for lang in i18n.LANGUAGES:
        assert decode(clash_of_rage.render_board(bare, [], lang)).width == WIDTH
        assert decode(clash_of_rage.render_hand(dict(bare, viewer=0), ["A"], lang)).width == HAND_WIDTH


def test_same_view_same_bytes():
    view = samples.view("late_4p")
    assert clash_of_rage.render_board(view, samples.NAMES) == clash_of_rage.render_board(copy.deepcopy(view),
                                                                                         samples.NAMES)


def test_chinese_board_differs_from_english():
    view = samples.view("battle_3p")
    en = decode(clash_of_rage.render_board(view, names(view), "en"))
    zh = decode(clash_of_rage.render_board(view, names(view), "zh-TW"))
    assert en.size[0] == zh.size[0] and en.tobytes() != zh.tobytes()


# ---------------------------------------------------------------------------- privacy

def _selection_states() -> list[dict]:
    """Three-player states of the secret choice, round 1 and a later round: for each, every way
    one seat (and then two seats) can have picked."""
    out = []
    for start in (samples.play(3, 5, samples.selecting),
                  samples.play(3, 5, lambda s: samples.selecting(s) and s["round"] >= 3)):
        assert samples.selecting(start) and not start["tactics"]["picks"]
        for first in range(3):
            for card in start["seats"][first]["tactic_hand"]:
                one, _ = RULES.apply(start, first, f"tactic:{card}")
                out.append(("one", start["round"], one))
                second = (first + 1) % 3
                two, _ = RULES.apply(one, second, f"tactic:{one['seats'][second]['tactic_hand'][0]}")
                out.append(("two", start["round"], two))
    return out


def test_the_public_board_during_the_secret_choice_does_not_tell_who_has_picked():
    """R25: whatever the seats have picked (who, and which card), the channel picture of the same
    number of picks is the same picture; and any seat's view draws that same board."""
    pictures: dict[tuple, set[bytes]] = {}
    for count, rnd, state in _selection_states():
        png = clash_of_rage.render_board(views.view(state, None), samples.NAMES[:3])
        pictures.setdefault((count, rnd), set()).add(png)
        for seat in range(3):
            assert clash_of_rage.render_board(views.view(state, seat), samples.NAMES[:3]) == png
    assert len(pictures) == 4
    assert all(len(found) == 1 for found in pictures.values()), {k: len(v) for k, v in pictures.items()}


def test_the_hand_shows_the_own_pick():
    for _count, _rnd, state in _selection_states()[:3]:
        seat = int(next(iter(state["tactics"]["picks"])))
        view = views.view(state, seat)
        picked = copy.deepcopy(view)
        picked["tactics"]["picks"] = {}
        assert clash_of_rage.render_hand(view, samples.NAMES) != clash_of_rage.render_hand(picked, samples.NAMES)
        assert hand_content(view) != hand_content(picked)


def test_equal_hand_content_means_the_same_picture():
    view = views.view(samples.state("late_4p"), 2)
    moved = copy.deepcopy(view)   # the board changes, the hand does not
    moved["units"] = {}
    moved["elves"] = {}
    assert hand_content(moved) == hand_content(view)
    assert clash_of_rage.render_hand(moved, samples.NAMES) == clash_of_rage.render_hand(view, samples.NAMES)
    richer = copy.deepcopy(view)
    richer["seats"][2]["gold"] += 5
    assert hand_content(richer) != hand_content(view)


# ---------------------------------------------------------------------------- golden images

GOLDEN = {
    "clash_of_rage_board_battle": lambda: clash_of_rage.render_board(samples.view("battle_3p"), samples.NAMES[:3]),
    "clash_of_rage_board_select": lambda: clash_of_rage.render_board(samples.view("select_3p"), samples.NAMES[:3]),
    "clash_of_rage_hand_forge": lambda: clash_of_rage.render_hand(
        samples.view("forge_4p", samples.state("forge_4p")["forge"]["seat"]), samples.NAMES),
}


@pytest.mark.parametrize("name", list(GOLDEN))
def test_golden(name):
    assert_matches_golden(name, GOLDEN[name](), REGEN_COMMAND)


# ---------------------------------------------------------------------------- cost

def test_render_time_and_size_are_printed(capsys):
    """The median CPU time of a board picture over the samples (printed, never asserted) and the
    PNG sizes (asserted under the budget)."""
    boards = [samples.view(name) for name in samples.SAMPLES]
    for view in boards:   # sprites and glyphs kept, as in a running bot
        clash_of_rage.render_board(view, names(view))
    times, sizes = [], []
    for _round in range(5):
        for view in boards:
            start = time.process_time()
            png = clash_of_rage.render_board(view, names(view))
            times.append((time.process_time() - start) * 1000)
            sizes.append(len(png))
    with capsys.disabled():
        print(f"\nclash_of_rage board: median {statistics.median(times):.1f} ms CPU, PNG {min(sizes) / 1024:.0f}-"
              f"{max(sizes) / 1024:.0f} KB (median {statistics.median(sizes) / 1024:.0f} KB)")
    assert max(sizes) <= MAX_PNG_BYTES


def test_round_1_marks_the_cells_a_stronghold_may_take():
    """R27, D6: during the stronghold step the board outlines every legal cell the view carries,
    with the name a player types; afterwards the view carries none (and the picture differs)."""
    state = RULES.setup(3, {}, 2)
    for seat in range(3):
        state, _ = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0].id)
    view = RULES.view(state, None)
    assert view["stronghold_spots"]
    quiet = dict(view, stronghold_spots={})
    assert clash_of_rage.render_board(view, ["a", "b", "c"]) != clash_of_rage.render_board(quiet, ["a", "b", "c"])


# ---------------------------------------------------------------------------- drawn from the view

def test_the_map_is_the_view_s_hexes():
    """The board places the hexes the view carries, and draws no map for a view without them."""
    view = samples.view("battle_3p")
    centres = board.hex_centres(view)
    assert set(centres) == {h["label"] for h in view["hexes"]}
    fewer = dict(view, hexes=view["hexes"][:-1])
    assert set(board.hex_centres(fewer)) == set(centres) - {view["hexes"][-1]["label"]}
    assert board.hex_centres(dict(view, hexes=[])) == {}


def test_a_city_s_castle_takes_the_colour_the_view_s_control_gives():
    view = samples.view("battle_3p")
    city = next(h["label"] for h in view["hexes"] if h["terrain"] == "city")
    as_elves = dict(view, control={**view["control"], city: "elves"})
    as_seat = dict(view, control={**view["control"], city: 1})
    assert clash_of_rage.render_board(as_elves, names(view)) != clash_of_rage.render_board(as_seat, names(view))


@pytest.mark.parametrize("key", ["step_text", "target_vp"])
def test_the_board_writes_the_view_s_step_text_and_victory_target(key):
    view = samples.view("battle_3p")
    other = dict(view, **{key: {"msg": "game over", "args": {}} if key == "step_text" else 9})
    assert clash_of_rage.render_board(other, names(view)) != clash_of_rage.render_board(view, names(view))


def test_the_hand_draws_the_unit_stats_the_view_carries():
    view = views.view(samples.state("late_4p"), 2)
    stronger = copy.deepcopy(view)
    stronger["seats"][2]["unit_stats"]["3"]["strength"] += 3
    assert hand_content(stronger) != hand_content(view)
    assert clash_of_rage.render_hand(stronger, samples.NAMES) != clash_of_rage.render_hand(view, samples.NAMES)




def test_strongholds_swapped_are_drawn_where_the_view_puts_them():
    """The land is drawn once per layout: the same stronghold labels at each other's cells are
    another layout, so each cell takes the colour of the stronghold now there."""
    view = samples.view("over_2p")
    swapped = copy.deepcopy(view)
    one, two = [h for h in swapped["hexes"] if h["terrain"] == "stronghold"][:2]
    assert one["owner"] != two["owner"]
    (one["q"], one["r"]), (two["q"], two["r"]) = (two["q"], two["r"]), (one["q"], one["r"])
    size = board._Board(view, None, "en").size

    def inside(v: dict, label: str) -> tuple[int, int]:   # a point of the cell's land, clear of its pieces
        cx, cy = board.hex_centres(v)[label]
        return round(cx - 0.78 * size), round(cy)

    before = decode(clash_of_rage.render_board(view, samples.NAMES[:2]))
    after = decode(clash_of_rage.render_board(swapped, samples.NAMES[:2]))
    assert after.getpixel(inside(swapped, one["label"])) == before.getpixel(inside(view, one["label"]))
    assert after.getpixel(inside(swapped, one["label"])) != before.getpixel(inside(view, two["label"]))


def _texts(view: dict, lang: str = "en") -> str:
    with toolkit.texts_drawn() as drawn:
        clash_of_rage.render_board(view, names(view), lang)
    return " ".join(words for words, _size, _width in drawn)


def test_the_board_writes_each_battle_s_losses_and_who_holds_the_territory():
    """The view's `battles` (R55-R58, R60, R63) as lines under the map, one per battle."""
    view = copy.deepcopy(samples.view("over_2p"))
    view["battles"] = {"round": 7, "phase": "second_action", "list": [
        {"territory": "2C", "attacker": 0, "defender": 1, "winner": 0, "loser": 1, "retreat": True,
         "lost": {"attacker": [{"type": "skeleton", "name": "Skeleton", "tier": 1, "count": 2}],
                  "defender": [{"type": "krag_rider", "name": "Krag Rider", "tier": 1, "count": 1},
                               {"type": "executioner", "name": "Executioner", "tier": 3, "count": 1}]}},
        {"territory": "1C", "attacker": 1, "defender": "elves", "winner": "elves", "loser": 1, "retreat": False,
         "lost": {"attacker": [], "defender": [{"type": "temple", "name": "Templar Elf", "tier": None, "count": 3}]}}]}
    text = " ".join(_texts(view).split())
    first, second = names(view)[:2]
    assert "Battles · Round 7 · Second action" in text
    assert (f"2C: {first} lost Skeleton ×2, {second} lost Krag Rider ×1 + Executioner ×1; {second} retreated, "
            f"{first} holds it.") in text
    assert f"1C: {second} lost nothing, the elves lost Templar Elf ×3; the elves hold it." in text
    chinese = _texts(view, "zh-TW")
    assert "精靈控制該地" in chinese and "撤退" in chinese


@pytest.mark.parametrize("name", ["late_4p", "forge_4p", "battle_3p"])
def test_four_seats_the_battles_and_a_running_battle_stay_near_square(name):
    """Every section stays, the legend and the recent moves included, and the board is at most
    1.35 times as high as wide (late_4p: a running battle, four seats and two earlier battles)."""
    view = samples.view(name)
    assert view["battles"], "the sample has battles to tell"
    width, height = decode(clash_of_rage.render_board(view, names(view))).size
    assert height <= board.MAX_ASPECT * width, (width, height)
    text = " ".join(_texts(view).split())
    assert "Whoever controls a stone gets one unit of its tier after the first action." in text
    assert "battle now" in text and "latest battles" in text
    assert "Battles · Round" in text
    assert "Recent" in text
    if view.get("battle"):
        assert f"Battle in {view['battle']['territory']}" in text


def test_the_legend_is_drawn_on_a_four_player_board_during_a_battle():
    view = samples.view("late_4p")
    assert view["players"] == 4 and view["battle"]
    for lang in i18n.LANGUAGES:
        legend = words(Msg("Whoever controls a stone gets one unit of its tier after the first action."), lang)
        drawn = _texts(view, lang)
        assert "".join(legend.split()) in "".join(drawn.split()), lang


@pytest.mark.parametrize("players, seed, moves", [(2, 3, 60), (3, 1, 150), (4, 0, 400)])
def test_the_recent_strip_shows_the_last_public_events(players, seed, moves):
    state, events = played(players, seed, moves)
    said = [e.public for e in events if e.public]
    view = views.view(state, None)
    player_names = samples.NAMES[:players]
    for lang in ("en", "zh-TW"):
        drawn = "".join(_texts(view, lang).split())
        newest = words(said[-1], lang, player_names)
        assert "".join((newest[:1].upper() + newest[1:]).split()) in drawn, (lang, newest)
        assert "".join(words(Msg("Recent"), lang).split()) in drawn
    # an older event shows while there is room: the two latest, when both are short
    short = [words(m, "en", player_names) for m in said[-2:]]
    if all(board.tw(t, board.SMALL) < board.PANEL_W - 150 for t in short):
        drawn = "".join(_texts(view).split())
        assert all("".join((t[:1].upper() + t[1:]).split()) in drawn for t in short)
    # no log (a state saved before it was kept): no strip
    assert "Recent" not in _texts({**view, "log": []})


def test_a_long_list_of_battles_keeps_the_newest_the_legend_and_the_recent_moves():
    """Four battles with long losses on a four-player board: the list gives way from its oldest
    battle before the picture grows past 1.35 h/w; the newest, the legend and the recent moves stay."""
    view = copy.deepcopy(samples.view("forge_4p"))
    losses = [{"type": "skeleton", "name": "Skeleton", "tier": 1, "count": 2},
              {"type": "tomb_seer", "name": "Tomb Seer", "tier": 2, "count": 1},
              {"type": "tomb_giant", "name": "Tomb Giant", "tier": 3, "count": 1}]
    view["battles"] = {"round": 9, "phase": "first_action", "list": [
        {"territory": where, "attacker": 0, "defender": "elves", "winner": "elves", "loser": 0, "retreat": True,
         "lost": {"attacker": losses, "defender": [{"type": "temple", "name": "Templar Elf", "tier": None,
                                                    "count": 1}]}}
        for where in ("1C", "2C", "3C", "1N")]}
    width, height = decode(clash_of_rage.render_board(view, names(view))).size
    assert height <= board.MAX_ASPECT * width, (width, height)
    text = " ".join(_texts(view).split())
    assert "1N: Alice lost Skeleton ×2" in text
    assert "Whoever controls a stone gets one unit of its tier after the first action." in text
    assert "Recent" in text


def test_items_held_twice_are_counted_and_a_panel_too_long_counts_the_set_aside_items():
    """The same item set aside twice is named once with "×2"; four seats with long set-aside
    lists (random play buys and swaps a lot) would make the panel taller than 1.35 times the
    width: then each seat's set-aside items are counted instead of named, and the board fits."""
    view = copy.deepcopy(samples.view("late_4p"))
    view["seats"][0]["set_aside"] = ["axe", "axe", "spear"]
    text = " ".join(_texts(view).split())
    assert "Set aside: Axe ×2, Spear" in text
    kinds = ["great_hammer", "chain_mail", "buckler", "plate_armor", "fur_cloak", "axe", "spear", "crossbow",
             "war_blade", "leather_jerkin", "twin_daggers", "shamans_coat"]
    for n, seat in enumerate(view["seats"]):
        seat["set_aside"] = kinds[n:] + kinds[:n]
    full = board._Board(view, names(view), "en")   # the arrangement with every item named
    assert full._arrange()[2] > board.MAX_ASPECT * board.WIDTH, "the sample must be too tall when named"
    width, height = decode(clash_of_rage.render_board(view, names(view))).size
    assert height <= board.MAX_ASPECT * width, (width, height)
    assert "Set aside: 12 items" in " ".join(_texts(view).split())


@pytest.mark.parametrize("change", ["gold", "hand", "acting", "name"])
def test_a_kept_seat_block_is_drawn_again_when_what_it_shows_changes(change):
    """Each seat's block is kept between pictures, keyed on all it shows: a change to one seat's
    gold, hand size, the acting seat or a player's name gives another picture, never the old block."""
    view = copy.deepcopy(samples.view("late_4p"))
    players = names(view)
    before = clash_of_rage.render_board(view, players)   # the blocks are kept now
    other, other_names = copy.deepcopy(view), list(players)
    if change == "gold":
        other["seats"][1]["gold"] = _int_plus(other["seats"][1].get("gold"), 7)
    elif change == "hand":
        other["seats"][1]["tactic_hand"] = _int_plus(len(other["seats"][1].get("tactic_hand") or [])
                                                     if isinstance(other["seats"][1].get("tactic_hand"), list)
                                                     else other["seats"][1].get("tactic_hand"), 1)
    elif change == "acting":
        other["acting"] = (view.get("acting", 0) + 1) % 4
    else:
        other_names[1] = "Zed"
    assert decode(clash_of_rage.render_board(other, other_names)) != decode(before)
    assert clash_of_rage.render_board(view, players) == before   # and the same view draws the same picture


def _int_plus(value, n: int) -> int:
    return (value if isinstance(value, int) else 0) + n
