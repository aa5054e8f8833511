"""The replay GIF: one frame per board, under the upload limit (scaled, then thinned)."""
from __future__ import annotations

import io

from PIL import Image

from render.replay import SIZE_LIMIT, animate
from tests import testgame


def _boards(moves: int) -> list[bytes]:
    rules = testgame.RULES
    state = rules.setup(2, {"hand": moves // 2 + 1}, 7)
    views = [rules.view(state, None)]
    for _ in range(moves):
        seat = next(iter(rules.active_players(state)))
        state, _ = rules.apply(state, seat, rules.legal_actions(state, seat)[0].id)
        views.append(rules.view(state, None))
    return [testgame.render_board(v, ["alice", "bob"]) for v in views]


def test_one_frame_per_board_under_the_limit():
    gif, kept = animate(_boards(6))
    image = Image.open(io.BytesIO(gif))
    assert kept == 7 and image.n_frames == 7 and len(gif) < SIZE_LIMIT


def test_a_small_limit_scales_down_before_dropping_frames():
    boards = _boards(6)
    full, _ = animate(boards)
    gif, kept = animate(boards, limit=int(len(full) * 0.8))
    image = Image.open(io.BytesIO(gif))
    assert kept == 7 and image.n_frames == 7 and len(gif) <= len(full) * 0.8
    assert image.width < Image.open(io.BytesIO(full)).width


def test_a_tiny_limit_drops_frames_but_keeps_first_and_last():
    boards = _boards(16)
    full, _ = animate(boards)
    gif, kept = animate(boards, limit=len(full) // 12)
    assert 2 <= kept < 17 and Image.open(io.BytesIO(gif)).n_frames == kept and len(gif) <= len(full) // 12
