"""Clash of Rage's pictures read at Discord chat width (about 550 px): every text of a late-game
board and hand shows at least 9 px tall there, and the board is near-square (height / width at
most 1.35), for 2 and 4 players, in English and Traditional Chinese."""
from __future__ import annotations

from functools import lru_cache

import pytest

from bench import late
from bench.chat_width import NAMES, SEED, measure
from engine.registry import get as rules_for
from render import clash_of_rage
from tests.render.samples import assert_reads_at_chat_width

GAME = "clash_of_rage"


@lru_cache(maxsize=None)
def _state(players: int) -> dict:
    return late.late_game(GAME, players, SEED).state


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_late_board_reads_at_chat_width(players, lang):
    view = rules_for(GAME).view(_state(players), None)
    reading = measure(clash_of_rage.render_board, view, NAMES[:players], lang)
    assert_reads_at_chat_width(reading, board=True)


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_late_hand_reads_at_chat_width(players, lang):
    rules = rules_for(GAME)
    state = _state(players)
    seat = min(rules.active_players(state) or {0})
    reading = measure(clash_of_rage.render_hand, rules.view(state, seat), NAMES[:players], lang)
    assert_reads_at_chat_width(reading, board=False)
