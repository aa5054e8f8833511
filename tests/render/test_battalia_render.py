"""Structural tests of the Battalia pictures."""
from __future__ import annotations

import io
import statistics
import time

import pytest
from PIL import Image

from engine.battalia import RULES
from render.battalia import render_board, render_hand
from tests.battalia.playouts import computer_playout
from tests.render.golden import assert_matches_golden


def _mid_game(seed: int = 4, n: int = 4):
    return computer_playout(n, seed)


def _decode(png: bytes) -> Image.Image:
    img = Image.open(io.BytesIO(png))
    img.load()
    return img


def test_board_png_decodes_and_is_small():
    s = _mid_game()
    png = render_board(RULES.view(s, None), ["A", "B", "C", "D"])
    img = _decode(png)
    assert img.format == "PNG" and img.width == 1200 and img.height >= 800
    # the map on the left, the panels beside and under it: near-square, read whole at Discord's ~550 px
    assert img.height / img.width <= 1.35
    assert len(png) < 300_000


def test_public_picture_ignores_private_keys():
    s = _mid_game(seed=6, n=3)
    names = ["A", "B", "C"]
    public = render_board(RULES.view(s, None), names)
    for seat in range(3):
        assert render_board(RULES.view(s, seat), names) == public


def test_hand_png_lists_cards():
    s = _mid_game(seed=8, n=2)
    seat = s["current"]
    png = render_hand(RULES.view(s, seat), ["A", "B"])
    img = _decode(png)
    assert img.format == "PNG" and len(png) < 300_000 and img.height > 100
    assert 700 <= img.width <= 800  # five cards to a row: every word at least 9 px in a ~550 px preview


def test_hand_and_board_with_tents_ambush_and_result():
    s = _mid_game(seed=4, n=4)
    v = RULES.view(s, 0)
    cards = [dict(c) for c in v["hand"][:3]]
    v["players"][0]["tents"] = [{"tent": {"id": "k301"}, "cards": cards}, {"tent": {"id": "k302"}, "cards": []}]
    v["ambush"] = [dict(cards[0], uses_left=0, acts_as="commander")] if cards else []
    v["result"] = {"winners": [0]}
    names = ["A rather long player name that must be cut", "B", "C", "D"]
    board, hand = render_board(v, names), render_hand(v, names)
    assert _decode(board).format == "PNG" and len(board) < 300_000
    assert _decode(hand).height > _decode(render_hand(RULES.view(s, 0), names)).height


def test_board_png_during_setup_and_battle():
    from tests.battalia.helpers import actions_phase, give, put_tile
    s = RULES.setup(2, {}, 1)
    assert _decode(render_board(RULES.view(s, None), None)).format == "PNG"
    s = actions_phase(2, seed=11, options={"removed_faction": "G"}, factions=["B", "R"])
    put_tile(s, "d2", "city", "cross", 0, owner=1, level=3)
    s["players"][0]["heroes"] = ["d2", None]
    w, c = give(s, 0, [("weapon", "B"), ("commander", "B")])
    for a in ("attack:d2:city:1", f"add:{w}", f"add:{c}", "commit"):
        s, _ = RULES.apply(s, 0, a)
    v = RULES.view(s, None)
    assert v["battle"]["attacker_total"] == 6
    png = render_board(v, ["Ann", "Ben"])
    assert _decode(png).format == "PNG" and len(png) < 300_000
    assert png != render_board(RULES.view(RULES.setup(2, {}, 1), None), None)


def test_terrain_colours_never_look_like_a_players_colour():
    """A city or hero in a player's colour stands out on every land: every terrain tint is far (RGB distance)
    from every player colour, and the players' colours and the lands stay apart among themselves."""
    import itertools
    import math

    from render.battalia import palette as pictures
    assert pictures.MIN_COLOUR_DISTANCE >= 80
    pairs = [(t, f, math.dist(tc, fc)) for t, tc in pictures.TERRAIN.items() for f, fc in pictures.FACTION.items()]
    assert min(d for *_, d in pairs) >= pictures.MIN_COLOUR_DISTANCE, sorted(pairs, key=lambda p: p[2])[:3]
    players = [c for f, c in pictures.FACTION.items() if f is not None]
    assert min(math.dist(a, b) for a, b in itertools.combinations(players, 2)) >= 80
    lands = list(pictures.TERRAIN.values())
    assert min(math.dist(a, b) for a, b in itertools.combinations(lands, 2)) >= 50
    from render.battalia.board import EMPTY_SQUARE
    assert all(math.dist(c, EMPTY_SQUARE) >= 50 for c in lands), "land differs from an empty square"


def _key_texts(view) -> list[str]:
    from render.battalia.board import _key_entries
    return [text for _kind, _what, text in _key_entries(view)]


def test_board_key_explains_the_symbols_on_the_map():
    """The key explains what the map shows now, with its own numbers."""
    from render import toolkit
    setup_view = RULES.view(RULES.setup(3, {}, 1), None)
    texts = _key_texts(setup_view)
    assert "starting city, not yet chosen" in texts and "neutral city, defence 4" in texts
    assert "the Ruins, defence 8" in texts and "not part of the board" in texts
    assert "a player's city, level 2" in texts and "a player's hero (1 or 2)" in texts
    assert _key_texts(RULES.view(RULES.setup(4, {"variant": "scenario1"}, 1), None))[1:3] == [
        "neutral city, defence 6", "the Ruins, defence 10"]
    s4 = RULES.view(RULES.setup(4, {}, 1), None)
    assert "not part of the board" not in _key_texts(s4)
    s = _mid_game(seed=4, n=4)
    v = RULES.view(s, None)
    assert "starting city, not yet chosen" not in _key_texts(v)
    assert ("impassable: no card fits" in _key_texts(v)) == bool(v["impassable"])
    # the key is drawn on the picture, every entry of it
    with toolkit.texts_drawn() as drawn:
        render_board(v, ["A", "B", "C", "D"])
    assert set(_key_texts(v)) <= {words for words, _size, _canvas in drawn}
    assert ("changed by the last move" in _key_texts(v)) == bool(v["last"])


def test_pictures_carry_no_rule_codes():
    import re
    s = _mid_game(seed=6, n=3)
    v = RULES.view(s, None)
    for text in _key_texts(v) + v["log"] + [v["step"]]:
        assert not re.search(r"\b[RGD]\d{1,3}[a-z]?\b", text), text


# ---------------------------------------------------------------------------- golden board pictures
# Seeded AI playouts (RULES.setup(n, options, seed), then RULES.ai_choose moves) reach each case; the
# pictures are compared on lightly blurred copies (as tests/render/test_battleline_render.py does), so
# sub-pixel text placement passes while a moved piece, a missing mark or a wrong colour fails.
# Regenerate after looking at the new pictures: REGEN_GOLDEN=1 python -m pytest tests/render/test_battalia_render.py
# name: (players, seed, AI moves, options)
BOARD_CASES = {"start": (3, 1, 0, None), "midgame": (4, 4, 300, None), "battle": (4, 5, 331, None),
               "finished": (2, 1, 2000, {"weeks": 1}), "two_players": (2, 8, 120, None),
               "three_players": (3, 6, 150, None), "four_players": (4, 1, 150, None)}
NAMES = ["Ann", "Ben", "Cleo", "Dan"]


@pytest.mark.parametrize("name", list(BOARD_CASES))
def test_board_golden(name):
    n, seed, moves, options = BOARD_CASES[name]
    s = computer_playout(n, seed, moves, options)
    if name == "battle":
        assert s["battle"] and s["players"][s["battle"]["attacker"]]["line"]
    if name == "finished":
        assert RULES.result(s)
    if name == "start":
        assert not s["log"] or s["phase"].startswith("setup")
    view = RULES.view(s, None)
    png = render_board(view, NAMES[:n])
    times = []
    for _ in range(5):
        t = time.process_time()
        render_board(view, NAMES[:n])
        times.append((time.process_time() - t) * 1000)
    print(f"battalia board {name}: median {statistics.median(times):.1f} ms CPU, {len(png) / 1000:.0f} KB")
    assert len(png) < 300_000
    assert_matches_golden(f"battalia_board_{name}", png, "REGEN_GOLDEN=1 python -m pytest tests/render/test_battalia_render.py")


def test_battle_panel_shows_both_lines_and_whose_answer():
    """During a battle the board grows a battle panel (both lines card by card, totals, the side to answer
    highlighted); the battle's square is framed on the map."""
    from render import toolkit
    s = computer_playout(*BOARD_CASES["battle"])
    v = RULES.view(s, None)
    with toolkit.texts_drawn() as drawn:
        with_battle = render_board(v, NAMES)
    texts = {words for words, _size, _canvas in drawn}
    b = v["battle"]
    assert any(t.startswith(f"BATTLE at {b['square']}") for t in texts)
    assert f"Total {b['attacker_total']}" in texts and f"Total {b['defender_total']}" in texts
    attacker_line = v["players"][b["attacker"]]["line"]
    assert attacker_line and all(c["label"].rsplit(" [", 1)[0] in texts for c in attacker_line)
    quiet = dict(v, battle=None)
    with toolkit.texts_drawn() as drawn:
        without = render_board(quiet, NAMES)
    assert with_battle != without
    assert not any(words.startswith("BATTLE at") for words, _size, _canvas in drawn)


def test_board_marks_the_last_move():
    s = computer_playout(*BOARD_CASES["midgame"])
    v = RULES.view(s, None)
    assert v["last"]
    assert render_board(v, NAMES) != render_board(dict(v, last=[]), NAMES)
