"""The public view names the squares the last map change touched (the board picture frames them) and each
player's cities by level."""
from __future__ import annotations

import random

from engine.battalia import RULES
from engine.battalia.views import last_squares


def test_last_squares_come_from_the_newest_log_entries_naming_squares():
    log = [{"msg": "{player} places the {card} on {square} (rotation {rotation}).", "args": {"square": "a1"}},
           {"msg": "x", "args": {}},
           {"msg": "{player} places the {card} on {square} (rotation {rotation}).", "args": {"square": "d6"}},
           {"msg": "Square {square} becomes impassable: no card fits there any more.", "args": {"square": "e6"}},
           {"msg": "{player} ends the turn and draws {n} card.", "args": {"n": 6}}]
    assert last_squares(log) == ["d6", "e6"]
    assert last_squares([{"msg": "m", "args": {"path": "c5-b5-a5"}}]) == ["c5", "b5", "a5"]
    assert last_squares([]) == [] and last_squares(["plain text"]) == []


def test_view_carries_last_squares_and_levels_the_same_for_every_viewer():
    s = RULES.setup(3, {}, 6)
    rng = random.Random(6)
    for _ in range(150):
        seat = next(iter(RULES.active_players(s)))
        s, _ = RULES.apply(s, seat, RULES.ai_choose(s, seat, rng.randrange(10**6)))
    public = RULES.view(s, None)
    assert public["last"] and all(sq in public["board"] or sq in public["impassable"] for sq in public["last"])
    for seat in range(3):
        v = RULES.view(s, seat)
        assert v["last"] == public["last"]
    for p in public["players"]:
        assert len(p["levels"]) == 5 and sum(p["levels"]) == p["cities"] and p["levels"][4] == p["level4"]
