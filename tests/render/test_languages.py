"""Pictures in the reader's language: the text helpers (Chinese line breaks, names in any
script), and every drawing module's words in English, Traditional and Simplified Chinese."""
from __future__ import annotations

import io

import pytest
from PIL import Image, ImageChops, ImageDraw

import i18n
from engine.text import Msg, Seat
from render import common, replay, text
from render.common import draw_text, fit_text, text_width, visual_order, words, wrap_text

NAMES = ["小明", "Alice", "😀 Émilie", "שלום"]


def decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img.convert("RGB")


# ---------------------------------------------------------------------------- helpers


def test_chinese_breaks_between_characters_and_latin_between_words():
    lines = wrap_text("百搭：任意顏色、任意數字。每人限用一張領袖。", 14, 130)
    assert len(lines) > 1 and "".join(lines) == "百搭：任意顏色、任意數字。每人限用一張領袖。"
    assert all(round(text_width(line, 14)) <= 130 for line in lines)
    # closing punctuation never starts a line
    assert not any(line[0] in "，。、：）" for line in lines)
    assert wrap_text("Wild: any colour, any value.", 14, 130) == ["Wild: any colour,", "any value."]
    cut = wrap_text("一二三四五六七八九十" * 5, 14, 60, max_lines=2)
    assert len(cut) == 2 and cut[-1].endswith("…") and text_width(cut[-1], 14) <= 60


@pytest.mark.parametrize("name", ["😀 Émilie" * 6, "小明" * 40, "שלום " * 30, "Ω" * 80])
def test_fit_text_keeps_any_script_within_the_width(name):
    for size, bold in ((14, False), (22, True), (30, True)):
        fitted = fit_text(name, size, 200, bold)
        assert fitted.endswith("…") and text_width(fitted, size, bold) <= 200


def test_right_to_left_names_read_right_to_left_in_place():
    assert visual_order("Alice") == "Alice"
    assert visual_order("שלום") == "םולש"
    assert visual_order("⚑ שלום") == "⚑ םולש"
    assert visual_order("שלום獲勝！") == "םולש獲勝！"
    assert visual_order("abc שלום עולם def") == "abc םלוע םולש def"


def test_chinese_is_drawn_with_the_cjk_font_and_anchors_hold():
    """A Chinese text anchored at its middle is centred like a Latin one, and its ink stays
    inside the box a top or bottom anchor gives it."""
    img = Image.new("L", (300, 120), 0)
    draw = ImageDraw.Draw(img)
    draw_text(draw, (150, 60), "戰線", 30, 255, True, anchor="mm")
    left, top, right, bottom = img.getbbox()
    assert abs((left + right) / 2 - 150) <= 2 and abs((top + bottom) / 2 - 60) <= 4
    for anchor, y in (("lt", 20), ("lb", 100)):
        img = Image.new("L", (300, 120), 0)
        draw_text(ImageDraw.Draw(img), (10, y), "紅", 20, 255, True, anchor=anchor)
        box = img.getbbox()
        assert (box[1] >= y - 1) if anchor == "lt" else (box[3] <= y + 1)


def test_words_translate_texts_name_seats_and_pass_plain_text():
    assert words(Msg("Game over"), "zh-TW") == "遊戲結束"
    assert words(Msg("Game over"), "zh-CN") == "游戏结束"
    assert words(Seat(0), "zh-TW", NAMES) == "小明"
    assert words("Player 2 wins", "zh-TW", NAMES) == "Alice wins"  # an engine's plain text
    assert words(None, "en") == ""


# ---------------------------------------------------------------------------- modules


def test_replay_captions_are_in_the_readers_language():
    assert replay.caption(0, 10) == "start" and replay.caption(3, 10) == "move 3 of 9"
    assert replay.caption(3, 10, "zh-TW") == "第 3 步，共 9 步"
    board = Image.new("RGB", (200, 100), "white")
    buf = io.BytesIO()
    board.save(buf, format="PNG")
    gif_en, _ = replay.animate([buf.getvalue()] * 3)
    gif_zh, _ = replay.animate([buf.getvalue()] * 3, lang="zh-CN")
    assert gif_en != gif_zh


def test_text_fallback_writes_values_in_the_readers_language():
    view = {"game": "test_game", "ready": True, "note": Msg("Game over"), "who": Seat(1), "plain": "as typed"}
    rows = {key: value for _, key, value in text._lines(view, NAMES, "zh-TW")}
    assert rows == {"ready": "是", "note": "遊戲結束", "who": "Alice", "plain": "as typed"}
    en, zh = decode(text.render_board(view, NAMES)), decode(text.render_board(view, NAMES, "zh-TW"))
    assert en.size == zh.size and ImageChops.difference(en, zh).getbbox() is not None
    assert decode(text.render_hand(view, NAMES, "zh-CN")).size[0] == text.WIDTH


def test_battalia_pictures_in_each_language():
    from engine.battalia import RULES
    from render import battalia
    from tests.render.test_battalia_render import _mid_game
    state = _mid_game()
    boards = [decode(battalia.render_board(RULES.view(state, None), NAMES, lang)) for lang in i18n.LANGUAGES]
    hands = [decode(battalia.render_hand(RULES.view(state, 0), NAMES, lang)) for lang in i18n.LANGUAGES]
    for en, other in ((boards[0], boards[1]), (boards[1], boards[2]), (hands[0], hands[1])):
        assert en.width == other.width and ImageChops.difference(
            en.crop((0, 0, en.width, min(en.height, other.height))),
            other.crop((0, 0, en.width, min(en.height, other.height)))).getbbox() is not None
    from render.battalia.board import _key_entries
    texts = [words(t, "zh-TW") for _, _, t in _key_entries(RULES.view(state, None))]
    assert "玩家的英雄（1 或 2）" in texts


def test_every_renderer_takes_the_language():
    import inspect

    from render import battalia, battleline, registry
    for module in (battleline, battalia, text, registry.get("no_such_game_pictures")):
        for function in (module.render_board, module.render_hand):
            assert inspect.signature(function).parameters["lang"].default == "en"


def test_the_pictures_catalogue_is_complete():
    """Every text of the drawing modules has a translation in both Chinese catalogues."""
    from i18n import tools
    from i18n.check import catalogue_problems
    texts = tools.code_texts()["pictures"]
    catalogues = {lang: [tools.load(lang, "pictures")] for lang in ("zh-TW", "zh-CN")}
    assert catalogue_problems(texts, catalogues) == []
    assert common.CJK_STROKE_SIZE > 14  # small bold Chinese is not smudged by a stroke
