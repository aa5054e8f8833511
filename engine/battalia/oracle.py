"""Sun Oracle (R108-R110, data.md G6): illuminated and matched artifact of the day."""
from __future__ import annotations

from . import data


def day_index(round_no: int) -> int:
    """r = number of rotations mod 7; round 1 has no rotation (R109, T23)."""
    return (round_no - 1) % data.oracle()["days"]


def illuminated(round_no: int) -> str:
    o = data.oracle()
    return o["outer"][day_index(round_no)]


def matched(round_no: int) -> str:
    o = data.oracle()
    r = day_index(round_no)
    return o["outer"][(o["matched_step"] * r) % len(o["outer"])]


def describe(round_no: int) -> dict:
    return {"round": round_no, "day": day_index(round_no) + 1, "week": (round_no - 1) // 7 + 1,
            "illuminated": illuminated(round_no), "matched": matched(round_no)}
