"""The message catalogue: every text in English, Traditional and Simplified Chinese, with the
same placeholders; and the rendering of texts (engine/text.py, i18n)."""
from __future__ import annotations

import io
import json
import pickle

from babel.messages.pofile import read_po

import i18n
from engine.base import Result
from engine.text import Msg, Seat, plural, term
from i18n.check import catalogue_problems, glossary_problems, shipped_problems


def po(text: str):
    return read_po(io.StringIO('msgid ""\nmsgstr ""\n"Plural-Forms: nplurals=1; plural=0;\\n"\n\n' + text),
                   locale="zh_TW")


def test_the_shipped_catalogue_translates_every_text_the_code_and_the_commands_use():
    assert shipped_problems() == []


def test_the_check_finds_a_missing_translation_a_changed_placeholder_and_an_unused_entry():
    texts = {("", "Flag {flag} is full"): ("Flag {flag} is full",), ("", "Pass"): ("Pass",),
             ("", "{n} card"): ("{n} card", "{n} cards")}
    catalogue = po('msgid "Flag {flag} is full"\nmsgstr "第{旗}旗已滿"\n\n'
                   'msgid "{n} card"\nmsgid_plural "{n} cards"\nmsgstr[0] "{n}張牌"\n\n'
                   'msgid "Gone"\nmsgstr "走了"\n')
    problems = catalogue_problems(texts, {"zh-TW": [catalogue]})
    assert any("'Flag {flag} is full': placeholders" in p for p in problems)
    assert any("'Pass': no translation" in p for p in problems)
    assert any("'Gone': not used" in p for p in problems)
    assert not any("{n} card" in p for p in problems)


def test_the_glossary_check_finds_an_empty_column_and_a_term_listed_twice():
    rows = [{"kind": "card", "en": "Fog", "zh-TW": "霧", "zh-CN": "", "source": "seed 001"},
            {"kind": "card", "en": "Fog", "zh-TW": "霧", "zh-CN": "雾", "source": "seed 001"}]
    problems = glossary_problems({"battleline": rows})
    assert any("empty zh-CN" in p for p in problems) and any("listed twice" in p for p in problems)


def test_a_text_is_its_english_until_the_edge_renders_it_in_a_language():
    text = Msg("{who} claims flag {flag}", who=Seat(1), flag=3)
    assert text == "Player 2 claims flag 3"
    assert i18n.render(text, "en", ["Ann", "Bo"]) == "Bo claims flag 3"


def test_a_texts_english_and_whether_it_names_a_seat_hold_for_every_kind_of_argument():
    """`Msg` fills its common arguments (str, int, Msg) inline for speed: the English and `seated`
    must be what the general path (`english`, `_seated`) gives for every kind of argument."""
    from engine.text import Lines, _seated, english
    inner, seated_inner = Msg("card {n}", n=4), Msg("{who} won", who=Seat(0))
    kinds = ["plain", 7, -2, 1.5, True, None, inner, seated_inner, Seat(2), [1, 2], ("a", inner),
             [seated_inner, "b"], [[Seat(1)]], Lines(["x", inner]), []]
    for a in kinds:
        for b in kinds:
            text = Msg("{a} / {b} / {missing}", a=a, b=b)
            assert str(text) == english("{a} / {b} / {missing}", {"a": a, "b": b}), (a, b)
            assert text.seated == (_seated(a) or _seated(b)), (a, b)
    assert Msg("{a}", a=Seat(1)).seated and not Msg("{a}", a=[1, "x", inner]).seated


def test_plural_forms_follow_the_count_in_english():
    assert plural("{n} card", "{n} cards", n=1) == "1 card"
    assert i18n.render(plural("{n} card", "{n} cards", n=3), "en") == "3 cards"


def test_a_text_without_a_translation_falls_back_to_english_and_is_noted():
    i18n.MISSING.discard(("zh-TW", "", "A text nobody translated {x}"))
    assert i18n.render(Msg("A text nobody translated {x}", x=1), "zh-TW") == "A text nobody translated 1"
    assert ("zh-TW", "", "A text nobody translated {x}") in i18n.MISSING
    i18n.MISSING.discard(("zh-TW", "", "A text nobody translated {x}"))


def test_lists_are_joined_in_the_readers_way_and_plain_text_stays_as_typed():
    assert i18n.render(["小明", "Alice"], "zh-TW") == "小明、Alice"
    assert i18n.render(["a", "b"], "en") == "a, b"
    assert i18n.render("{not a key}", "zh-TW") == "{not a key}"


def test_a_seat_without_names_is_player_n_in_each_language():
    assert i18n.render(Seat(0), "en") == "Player 1"
    assert "1" in i18n.render(Seat(0), "zh-TW") and "Player" not in i18n.render(Seat(0), "zh-TW")


def test_texts_survive_json_and_pickle_so_results_can_be_stored_and_pictures_drawn_elsewhere():
    text = Msg("{who} wins: {why}", who=Seat(0), why=Msg("{n} flags", n=5))
    back = Result.from_dict(json.loads(json.dumps(Result([0], {}, text).to_dict()))).reason
    assert isinstance(back, Msg) and back == text and back.args["who"] == Seat(0)
    again = pickle.loads(pickle.dumps(text))
    assert again.key == text.key and again == text


def test_a_term_is_looked_up_in_its_games_glossary():
    rows = i18n.glossaries()
    game, row = next((g, r) for g, found in rows.items() for r in found)
    assert i18n.render(term(game, row["en"]), "zh-TW") == row["zh-TW"]
    assert i18n.render(term(game, row["en"]), "en") == row["en"]


def test_discord_locales_map_to_the_three_languages():
    assert [i18n.language_of(x) for x in ("zh-TW", "zh-CN", "en-US", "fr", None, "zh-HK")] == [
        "zh-TW", "zh-CN", "en", "en", "en", "zh-TW"]
