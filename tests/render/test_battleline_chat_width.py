"""Battle Line pictures read at Discord chat width (issue 32): shown about 550 px wide, every
text of a late-game board and hand stands at least 9 px tall, and the board is landscape or
near-square (height / width at most 1.35). Two and three players (the game's counts),
English and Traditional Chinese."""
from __future__ import annotations

from functools import lru_cache

import pytest

from bench.chat_width import measure
from bench.late import late_game
from engine.registry import get as rules_for
from render import battleline as bl
from tests.render.samples import assert_reads_at_chat_width

NAMES = ["Alice", "Bob", "Chandra"]
SEED = 20240601


@lru_cache(maxsize=None)
def late_views(players: int) -> tuple[dict, dict]:
    """(public view, the acting seat's view) of a seeded game three quarters played."""
    rules = rules_for("battleline")
    state = late_game("battleline", players, SEED).state
    seat = min(rules.active_players(state) or {0})
    return rules.view(state, None), rules.view(state, seat)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("players", [2, 3])
def test_board_reads_at_chat_width(players, lang):
    reading = measure(bl.render_board, late_views(players)[0], NAMES[:players], lang)
    assert_reads_at_chat_width(reading, board=True)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
@pytest.mark.parametrize("players", [2, 3])
def test_hand_reads_at_chat_width(players, lang):
    reading = measure(bl.render_hand, late_views(players)[1], NAMES[:players], lang)
    assert_reads_at_chat_width(reading, board=False)
