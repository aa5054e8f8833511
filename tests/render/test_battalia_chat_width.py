"""Battalia's pictures read at Discord's chat width (about 550 px): on late-game boards and hands
(2 and 4 players, English and Traditional Chinese) every text shows at least 9 px tall, and the
board is landscape or near-square (height / width at most 1.35)."""
from __future__ import annotations

import pytest

from bench import late
from bench.chat_width import MAX_ASPECT, SMALLEST, measure
from engine.registry import get as rules_for
from render import registry as renderers

NAMES = ["Alice", "Bob", "Chandra", "Dmitri"]
SEED = 20240601


@pytest.fixture(scope="module", params=[2, 4])
def late_state(request):
    return request.param, late.late_game("battalia", request.param, SEED).state


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_late_board_reads_at_chat_width(late_state, lang):
    players, state = late_state
    rules, module = rules_for("battalia"), renderers.get("battalia")
    reading = measure(module.render_board, rules.view(state, None), NAMES[:players], lang)
    assert reading.smallest >= SMALLEST, sorted(reading.under(), key=lambda t: t[1])[:5]
    assert reading.aspect <= MAX_ASPECT, (reading.width, reading.height)


@pytest.mark.parametrize("lang", ["en", "zh-TW"])
def test_the_late_hand_reads_at_chat_width(late_state, lang):
    players, state = late_state
    rules, module = rules_for("battalia"), renderers.get("battalia")
    seat = min(rules.active_players(state) or {0})
    reading = measure(module.render_hand, rules.view(state, seat), NAMES[:players], lang)
    assert reading.smallest >= SMALLEST, sorted(reading.under(), key=lambda t: t[1])[:5]
