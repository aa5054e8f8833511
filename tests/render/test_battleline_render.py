"""Battle Line pictures: structure, determinism, privacy and golden images.

Golden images live in tests/render/golden/. After an intended change to the drawing, look at
the new pictures and then regenerate them with `REGEN_GOLDEN=1 python -m pytest tests/render`.

The pictures in each language (`board_lang_<lang>.png`, `hand_lang_<lang>.png`) are drawn from
a real engine position, with the engine's own texts and the game's glossary, players named
"小明" and "Alice". Regenerate them only once nothing they draw lacks a translation
(`test_pictures_lack_no_translation`), and look at them first.
"""
from __future__ import annotations

import copy

import pytest
from PIL import Image, ImageChops, ImageDraw, ImageStat

import i18n
from render import battleline as bl, toolkit
from render.common import font
from tests.render import battleline_views as views
from tests.render.golden import assert_matches_golden, check_hand_content, decode

MAX_PNG_BYTES = 300_000

BOARD_CASES = {
    "board_empty": (views.empty_view, views.NAMES_2P),
    "board_midgame": (views.midgame_view, views.NAMES_2P),
    "board_claimed": (views.claimed_view, views.NAMES_2P),
    "board_fog_mud": (views.fog_mud_view, views.NAMES_2P),
    "board_finished": (views.finished_view, views.NAMES_2P),
    "board_three_players": (views.three_player_view, views.NAMES_3P),
}
HAND_CASES = {
    "hand_midgame": (views.hand_view, views.NAMES_2P),
    "hand_scout": (views.scout_hand_view, views.NAMES_2P),
}
LANGUAGE_CASES = [f"{kind}_lang_{lang}" for kind in ("board", "hand") for lang in i18n.LANGUAGES]
REGEN_COMMAND = "REGEN_GOLDEN=1 python -m pytest -q tests/render/test_battleline_render.py -k lang"


def has_colour(img: Image.Image, box: tuple[int, int, int, int], colour: tuple[int, int, int]) -> bool:
    """Whether `box` holds `colour`, give or take the few levels the 256-colour palette moves it."""
    return any(max(abs(c[i] - colour[i]) for i in range(3)) <= 6
               for _, c in img.crop(box).getcolors(1 << 16))


def mean_abs_diff(a: Image.Image, b: Image.Image) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(a, b)).mean) / 3


def language_picture(kind: str, lang: str) -> bytes:
    """The engine position's board (public view) or hand (the player to move) in `lang`."""
    from engine.battleline import RULES
    state = views.engine_position()
    if kind == "board":
        return bl.render_board(RULES.view(state, None), views.NAMES_CJK, lang)
    return bl.render_hand(RULES.view(state, state["current"]), views.NAMES_CJK, lang)


def render_case(name: str) -> bytes:
    if "_lang_" in name:
        kind, lang = name.split("_lang_")
        return language_picture(kind, lang)
    if name in BOARD_CASES:
        make, names = BOARD_CASES[name]
        return bl.render_board(make(), names)
    make, names = HAND_CASES[name]
    return bl.render_hand(make(), names)


# ---------------------------------------------------------------------------- structure


@pytest.mark.parametrize("name", sorted(BOARD_CASES))
def test_board_png_is_wide_legible_size_and_small(name):
    png = render_case(name)
    img = decode(png)
    assert 1200 <= img.width <= 1400
    assert 800 <= img.height <= 1400
    assert len(png) < MAX_PNG_BYTES


@pytest.mark.parametrize("name", sorted(HAND_CASES))
def test_hand_png_decodes_and_is_small(name):
    png = render_case(name)
    img = decode(png)
    assert img.width >= 700 and img.height >= 300
    assert len(png) < MAX_PNG_BYTES


def test_same_view_gives_identical_bytes():
    for render, make, names in ((bl.render_board, views.midgame_view, views.NAMES_2P),
                                (bl.render_board, views.three_player_view, views.NAMES_3P),
                                (bl.render_hand, views.scout_hand_view, views.NAMES_2P)):
        assert render(make(), names) == render(make(), names)


def test_rendering_does_not_modify_the_view():
    view = views.scout_hand_view()
    before = copy.deepcopy(view)
    bl.render_board(view, views.NAMES_2P)
    bl.render_hand(view, views.NAMES_2P)
    assert view == before


def test_board_changes_when_a_card_changes():
    """Guards the golden and privacy tests against a board that ignores its input."""
    view = views.midgame_view()
    other = copy.deepcopy(view)
    other["flags"][8]["sides"][0]["cards"][0] = views.troop("orange4")
    a, b = decode(bl.render_board(view, views.NAMES_2P)), decode(bl.render_board(other, views.NAMES_2P))
    assert ImageChops.difference(a, b).getbbox() is not None


# ---------------------------------------------------------------------------- privacy


@pytest.mark.parametrize("make", [views.midgame_view, views.fog_mud_view, views.three_player_view])
def test_public_board_ignores_hand_and_scout(make):
    public = make()
    names = views.NAMES_3P if public["players"] == 3 else views.NAMES_2P
    own = views.with_hand(public, 0, ["red1", "purple10", "T-ALEX", "T-SCOUT"],
                          scout={"drawn": [views.troop("blue1")], "to_return": 2})
    assert "hand" not in public and "hand" in own
    a = decode(bl.render_board(public, names))
    b = decode(bl.render_board(own, names))
    assert a.size == b.size
    assert ImageChops.difference(a, b).getbbox() is None


# ---------------------------------------------------------------------------- hand numbering


def ink_shape(grey: Image.Image) -> Image.Image:
    """The dark marks of a light patch, cropped to their bounding box and scaled to 40x40."""
    mask = grey.point(lambda v: 255 if v < 128 else 0)
    box = mask.getbbox()
    assert box is not None, "no digits drawn"
    return mask.crop(box).resize((40, 40))


def read_badge(img: Image.Image, centre: tuple[int, int], candidates: range) -> int:
    """Which number is printed on the light disc at `centre`: the candidate whose shape,
    drawn independently here with the bundled font, matches best (a tiny OCR)."""
    cx, cy = centre
    # inside the disc only, so the card above and the label below stay out of the crop
    seen = ink_shape(img.convert("L").crop((cx - 14, cy - 14, cx + 14, cy + 14)))
    scores = {}
    for n in candidates:
        ref = Image.new("L", (160, 90), 255)
        ImageDraw.Draw(ref).text((10, 10), str(n), font=font(60, True), fill=0)
        scores[n] = mean_abs_diff(seen.convert("RGB"), ink_shape(ref).convert("RGB"))
    return min(scores, key=scores.get)


@pytest.mark.parametrize("count", [7, 11])
def test_hand_numbers_each_card_in_order(count):
    ids = ["red1", "red2", "blue3", "green8", "yellow10", "orange6", "purple4",
           "T-ALEX", "T-CC", "T-FOG", "T-TRAITOR"][:count]
    view = views.with_hand(views.midgame_view(), 0, ids)
    img = decode(bl.render_hand(view, views.NAMES_2P))
    width, rows, _, badges = bl.hand_layout(count)
    assert img.width == width
    assert rows == -(-count // bl.HAND_PER_ROW)
    read = [read_badge(img, centre, range(1, count + 2)) for centre in badges]
    assert read == list(range(1, count + 1))


def test_empty_hand_still_renders():
    view = views.with_hand(views.midgame_view(), 0, [])
    img = decode(bl.render_hand(view, views.NAMES_2P))
    assert img.width >= 700


# ---------------------------------------------------------------------------- content


def test_troop_colours_differ_without_hue():
    """Colour-blind safety: the six colours of one value must still differ in greyscale,
    because each carries its own initial and shape."""
    tiles = []
    for colour in bl.CARD_COLOURS:
        img = Image.new("RGB", (bl.TILE_W, bl.TILE_H), bl.BACKGROUND)
        bl._draw_troop_tile(toolkit.canvas(img), 0, 0, bl.TILE_W, bl.TILE_H, colour, 7)
        # normalise brightness so only the marks (not the fill's lightness) can differ
        grey = img.convert("L")
        lo, hi = grey.getextrema()
        tiles.append(grey.point(lambda v, lo=lo, hi=hi: 255 if v > (lo + hi) / 2 else 0))
    for i in range(len(tiles)):
        for j in range(i + 1, len(tiles)):
            assert ImageChops.difference(tiles[i], tiles[j]).getbbox() is not None


def test_discard_pile_shows_every_card():
    """Discards never cover one another (R54): more discards than fit a row add rows."""
    view = views.fog_mud_view()
    few = decode(bl.render_board(view, views.NAMES_2P))
    view["discard"] = view["discard"] * 5   # 30 entries
    many = decode(bl.render_board(view, views.NAMES_2P))
    per_row = bl._Board(view, views.NAMES_2P)._discard_per_row()
    extra_rows = -(-30 // per_row) - 1
    assert many.height == few.height + extra_rows * bl._Board.DISCARD_ROW_H


def test_claimed_flag_marker_in_owner_colour_on_owner_side():
    view = views.claimed_view()   # F2 claimed by seat 0 (bottom), F4 by seat 1 (top)
    board = bl._Board(view, views.NAMES_2P)
    img = decode(bl.render_board(view, views.NAMES_2P))
    top_of_flags = bl.HEADER_H + bl.PANEL_H + 10 + board.side_h
    lane_mid_top = top_of_flags + 2 + bl.LANE_H // 2
    lane_mid_bottom = top_of_flags + bl.FLAG_H - bl.LANE_H // 2 - 2

    x2, x4 = board.col_x[1], board.col_x[3]
    assert has_colour(img, (x2 + 10, lane_mid_bottom - 5, x2 + 40, lane_mid_bottom + 5), bl.SEAT_COLOURS[0])
    assert not has_colour(img, (x2 + 10, lane_mid_top - 5, x2 + 40, lane_mid_top + 5), bl.SEAT_COLOURS[0])
    assert has_colour(img, (x4 + 10, lane_mid_top - 5, x4 + 40, lane_mid_top + 5), bl.SEAT_COLOURS[1])
    assert not has_colour(img, (x4 + 10, lane_mid_bottom - 5, x4 + 40, lane_mid_bottom + 5), bl.SEAT_COLOURS[1])


def test_provable_flags_highlighted_only_while_game_runs():
    view = views.midgame_view()
    board = bl._Board(view, views.NAMES_2P)
    flag_mid = bl.HEADER_H + bl.PANEL_H + 10 + board.side_h + bl.FLAG_H // 2

    def gold_at(img, flag_no):
        x = board.col_x[flag_no - 1]
        return has_colour(img, (x + 16, flag_mid - 15, x + 30, flag_mid + 15), bl.GOLD)

    img = decode(bl.render_board(view, views.NAMES_2P))
    assert all(gold_at(img, n) for n in view["provable"])
    assert not any(gold_at(img, n) for n in range(1, 10) if n not in view["provable"])
    # once the game is over nothing is claimable, so nothing is gold on the battle line
    over = copy.deepcopy(view)
    over["result"] = {"winners": [0], "scores": {}, "reason": "test"}
    img = decode(bl.render_board(over, views.NAMES_2P))
    over_board = bl._Board(over, views.NAMES_2P)
    assert over_board.side_h == board.side_h
    shift = bl.BANNER_H   # the result banner pushes the board down
    assert not any(has_colour(img, (board.col_x[n - 1] + 16, flag_mid + shift - 15,
                                    board.col_x[n - 1] + 30, flag_mid + shift + 15), bl.GOLD)
                   for n in range(1, 10))


def test_tolerates_sparse_and_odd_views():
    odd = views.fog_mud_view()
    odd["flags"][0]["sides"][0]["cards"] = [views.tactic("T-ALEX")]
    odd["flags"][0]["sides"][0]["wild_as"] = ["not a card"]
    odd["flags"][3]["sides"][1]["cards"] = [{"id": "mystery"}]
    odd["result"] = {"winners": [], "scores": {}, "reason": "Stalemate (D14)."}
    for view in ({}, {"flags": []}, {"players": 3}, odd):
        decode(bl.render_board(view, []))
        decode(bl.render_hand(view, []))


def test_wild_identity_parsing():
    assert bl._parse_identity("red7") == ("red", 7)
    assert bl._parse_identity("Purple 10") == ("purple", 10)
    assert bl._parse_identity("Alexander") is None
    assert bl._parse_identity(None) is None


def test_longest_run_respects_three_player_lines():
    two = views.claimed_view()   # seat 1 holds F4, F6, F7
    assert bl._longest_run(two["flags"], 1) == 2
    three = views.three_player_view()
    for n in (3, 4):   # F3 ends line AB, F4 starts line BC: not adjacent in the 3-player layout
        three["flags"][n - 1]["claimed_by"] = 1
    three["flags"][5]["claimed_by"] = None
    assert bl._longest_run(three["flags"], 1) == 1


# ---------------------------------------------------------------------------- golden images


@pytest.mark.parametrize("name", sorted(BOARD_CASES) + sorted(HAND_CASES) + LANGUAGE_CASES)
def test_matches_golden_image(name):
    assert_matches_golden(name, render_case(name), REGEN_COMMAND)


def test_turn_text_names_the_player_who_must_act():
    view = views.midgame_view()
    assert bl._turn(view) == (1, "claim flags")
    # D5: after Mud leaves, the side's owner discards, even on the other player's turn
    view.update(current=0, step="mud_discard", mud_discard={"flag": 5, "seat": 1})
    assert bl._turn(view) == (1, "discard 1 card at F5 (Mud left)")
    view.update(step="scout_draw", scouting={"seat": 0, "draws_left": 2, "returns_left": 0})
    assert bl._turn(view) == (0, "Scout, 2 to draw")


def test_game_over_line_names_the_players_not_seats():
    """Engine texts say "Player N"; the picture shows names like every channel message."""
    view = {"result": {"winners": [1], "reason": "Player 2 holds five flags; Player 1 holds two.",
                       "scores": {"1": 1}}}
    head, text = bl._result_text(view, ["Alice", "Bob"])
    assert head == "Bob wins!" and text.startswith("Bob holds five flags; Alice holds two.")


def test_a_win_for_an_absent_player_shows_nobody_wins():
    view = {"result": {"winners": [], "absent": [0], "reason": "The computer, playing on for Player 1 …"}}
    head, text = bl._result_text(view, ["Alice", "Bob"])
    assert head == "Nobody wins" and "playing on for Alice" in text


def test_log_lines_name_the_players():
    """The log under the board says "Bob claims flag 3", not the engine's "Player 2 claims flag 3"."""
    engine_text, named = views.midgame_view(), views.midgame_view()
    engine_text["log"] = ["Player 2 claims flag 3."]
    named["log"] = [f"{views.NAMES_2P[1]} claims flag 3."]
    a = decode(bl.render_board(engine_text, views.NAMES_2P))
    b = decode(bl.render_board(named, views.NAMES_2P))
    assert ImageChops.difference(a, b).getbbox() is None


# ---------------------------------------------------------------------------- languages


def missing_while(draw) -> set[tuple[str, str, str]]:
    """The texts `draw()` asked for in a language that has no translation of them."""
    before = set(i18n.MISSING)
    i18n.MISSING.clear()
    try:
        draw()
        return set(i18n.MISSING)
    finally:
        i18n.MISSING.update(before)


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
def test_pictures_lack_no_translation(lang):
    """Every word of the engine position's board and hand has a translation: the pictures'
    own words, the engine's texts and the glossary's terms."""
    found = missing_while(lambda: (language_picture("board", lang), language_picture("hand", lang)))
    own = {m for m in found if m[1] == "" and m[2] in bl_own_texts()}
    assert not own, f"the pictures' own words lack a translation: {sorted(own)}"
    assert "battleline" in i18n.glossaries(), "no data/battleline/glossary.csv"
    assert not found, f"still missing in {lang}: {sorted(found)}"


def bl_own_texts() -> set[str]:
    from i18n import tools
    return {key for _ctx, key in tools.code_texts().get("pictures", {})}


def test_board_and_hand_are_drawn_in_the_readers_language():
    """The same position in Chinese is another picture (its words differ), the same size."""
    from engine.battleline import RULES
    state = views.engine_position()
    for kind in ("board", "hand"):
        en, tw, cn = (decode(language_picture(kind, lang)) for lang in i18n.LANGUAGES)
        assert en.size == tw.size == cn.size
        assert ImageChops.difference(en, tw).getbbox() is not None
        assert ImageChops.difference(tw, cn).getbbox() is not None
    # without a language the picture is English, as before
    assert bl.render_board(RULES.view(state, None), views.NAMES_CJK) == language_picture("board", "en")


def test_picture_texts_are_in_the_readers_language():
    assert bl._turn(views.midgame_view())[1] == "claim flags"
    left, turn, _ = bl._header_text(views.midgame_view(), views.NAMES_CJK, "zh-TW")
    assert turn == "▶ Alice：佔據地區" and "第 2 局（先得 15 分者勝）：小明 5、Alice 3" in left
    head, detail = bl._result_text({"result": {"winners": [0], "scores": {"0": 5}, "reason": ""}},
                                   views.NAMES_CJK, "zh-CN")
    assert head == "小明获胜！" and detail == "得分：小明 +5"


def test_view_texts_are_rendered_with_the_players_names():
    """A reason or log line the engine writes as a Msg with a Seat names the player; a plain
    engine text's "Player N" too."""
    from engine.text import Msg, Seat
    reason = Msg("Game over")
    _, detail = bl._result_text({"result": {"winners": [1], "reason": reason}}, views.NAMES_CJK, "zh-TW")
    assert detail == "遊戲結束"
    seat_text = {"result": {"winners": [], "reason": Seat(1)}}
    assert bl._result_text(seat_text, views.NAMES_CJK, "zh-TW")[1] == "Alice"
    plain = {"result": {"winners": [], "reason": "Player 1 resigned."}}
    assert bl._result_text(plain, views.NAMES_CJK, "zh-TW")[1] == "小明 resigned."


@pytest.mark.parametrize("names", [["😀 Émilie", "שלום"], ["小明" * 30, "😀 Émilie " * 12],
                                   ["שלום " * 25, ""]])
def test_names_in_any_script_stay_in_their_boxes(names):
    """Long names in any script are cut to their box: the picture keeps its size, and the
    panel's name never runs into the statistics beside it."""
    view = views.finished_view()
    short = decode(bl.render_board(view, ["A", "B"], "zh-TW"))
    img = decode(bl.render_board(view, names, "zh-TW"))
    assert img.size == short.size
    hand = decode(bl.render_hand(views.hand_view(), names, "zh-TW"))
    assert hand.size == decode(bl.render_hand(views.hand_view(), ["A", "B"], "zh-TW")).size
    for name in names:
        fitted, size = bl._fit("▶ " + name, 330, 28, True)
        assert bl._text_w(fitted, size, True) <= 330


# ---------------------------------------------------------------------------- hand content

def test_hand_content_names_everything_the_hand_picture_draws():
    """Two private views with the same `hand_content` make the same hand picture (the bot sends
    the picture it drew before instead of drawing it again), and a changed hand changes it."""
    import random
    from engine.battleline import RULES

    def private_views():
        state, rng = RULES.setup(2, {}, 11), random.Random(11)
        for _move in range(120):
            if RULES.result(state) is not None:
                return
            yield from (RULES.view(state, viewer) for viewer in (0, 1))
            (seat,) = RULES.active_players(state)
            state, _ = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)).id)
    reused, changed = check_hand_content(private_views(), bl.hand_content, bl.render_hand, views.NAMES_2P)
    assert reused > 20 and changed > 20, (reused, changed)
