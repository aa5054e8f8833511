"""Battle-line layouts, kept as data so the missing 3-player figure can replace D16 unchanged.

Each layout lists, per flag, the two seats facing there (side 0, side 1) and the name of the
line it belongs to; `runs` are the flag groups that count as "three adjacent/consecutive flags"
(R55, R62) and `any_count` the number of flags that wins regardless of position.
"""
from __future__ import annotations

# 2 players: one row F1-F9 between seat 0 and seat 1 (D2); runs are Fi, Fi+1, Fi+2 (R55).
LAYOUT_2P = {
    "flags": [{"n": n, "seats": [0, 1], "line": None} for n in range(1, 10)],
    "runs": [[n, n + 1, n + 2] for n in range(1, 8)],
    "any_count": 5,
}

# 3 players (D16, provisional): three short lines of three flags, AB, BC and CA; a player plays
# only on his two lines. "Three consecutive" = one whole line, "any four" of the nine (R62).
_LINES_3P = [("AB", (0, 1)), ("BC", (1, 2)), ("CA", (2, 0))]
LAYOUT_3P = {
    "flags": [{"n": 3 * i + j + 1, "seats": list(seats), "line": name}
              for i, (name, seats) in enumerate(_LINES_3P) for j in range(3)],
    "runs": [[3 * i + 1, 3 * i + 2, 3 * i + 3] for i in range(3)],
    "any_count": 4,
}

LAYOUTS = {2: LAYOUT_2P, 3: LAYOUT_3P}
