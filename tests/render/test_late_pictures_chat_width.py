"""Battalia's and Skytear's pictures read at Discord's chat width (about 550 px): on late-game
boards and hands (2 and 4 players, English and Traditional Chinese) every text shows at least 9 px
tall, and the board is landscape or near-square (height / width at most 1.35). The other games'
files add their own checks (a map square's size, battles, samples) to the same reading."""
from __future__ import annotations

import pytest

from bench import late
from bench.chat_width import measure
from engine.registry import get as rules_for
from render import registry as renderers
from tests.render.samples import assert_reads_at_chat_width

NAMES = ["Alice", "Bob", "Chandra", "Dmitri"]
SEED = 20240601


@pytest.fixture(scope="module", params=[(g, n) for g in ("battalia", "skytear") for n in (2, 4)],
                ids=lambda p: f"{p[0]}-{p[1]}p")
def late_state(request):
    game, players = request.param
    return game, players, late.late_game(game, players, SEED).state


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_late_board_reads_at_chat_width(late_state, lang):
    game, players, state = late_state
    rules, module = rules_for(game), renderers.get(game)
    assert_reads_at_chat_width(measure(module.render_board, rules.view(state, None), NAMES[:players], lang),
                               board=True)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_late_hand_reads_at_chat_width(late_state, lang):
    game, players, state = late_state
    rules, module = rules_for(game), renderers.get(game)
    seat = min(rules.active_players(state) or {0})
    assert_reads_at_chat_width(measure(module.render_hand, rules.view(state, seat), NAMES[:players], lang),
                               board=False)
