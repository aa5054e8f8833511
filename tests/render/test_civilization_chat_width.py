"""Civilization pictures read at Discord's chat width (about 550 px): late-game boards and hands
for 2 and 4 players, in English and Traditional Chinese, measured with bench.chat_width.measure
(every text drawn shows at least 9 px there; the board is at most 1.35 times as tall as wide, and
a map square shows at least 24 px)."""
from __future__ import annotations

from functools import lru_cache

import pytest

from bench import late
from bench.chat_width import CHAT_WIDTH, NAMES, SEED, measure
from engine.registry import get as rules_for
from render import civilization
from render.civilization.palette import SQ
from tests.render.samples import assert_reads_at_chat_width

GAME = "civilization"


@lru_cache(maxsize=None)
def _state(players: int):
    return late.late_game(GAME, players, SEED).state


def _views(players: int) -> tuple[dict, dict]:
    rules = rules_for(GAME)
    state = _state(players)
    seat = min(rules.active_players(state) or {0})
    return rules.view(state, None), rules.view(state, seat)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_late_board_reads_at_chat_width(players, lang):
    board, _hand = _views(players)
    reading = measure(civilization.render_board, board, NAMES[:players], lang)
    assert_reads_at_chat_width(reading, board=True)
    assert SQ * CHAT_WIDTH / reading.width >= 24     # a map square, at chat width


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("players", [2, 4])
def test_the_late_hand_reads_at_chat_width(players, lang):
    _board, hand = _views(players)
    reading = measure(civilization.render_hand, hand, NAMES[:players], lang)
    assert_reads_at_chat_width(reading, board=False)
