"""The common supply (spec G24). By default gold, crystals and rage tokens are unlimited counters
(D25). With the option supply=box they are as many as the box holds (seed 002, box contents;
data/clash_of_rage/supply.json): 150 gold in coins, the 45 elf tokens (a crystal is a token
flipped: the supply is the tokens neither on the board nor held) and 8 rage tokens. The sources
say nothing of a supply running out; the house rules are in the data file: an income is paid in
turn order while the supply lasts, and a rage token earned when all are in the battle is not
gained."""
from __future__ import annotations

from . import data

UNLIMITED, BOX = "unlimited", "box"
MODES = (UNLIMITED, BOX)


def finite(state: dict) -> bool:
    return state["options"].get("supply", UNLIMITED) == BOX


def gold_left(state: dict) -> int | None:
    """Gold in the supply (None: unlimited). Spent gold goes back to it (R69), so it is the box's
    total less what the players hold."""
    if not finite(state):
        return None
    return data.supply()["gold"] - sum(p["gold"] for p in state["seats"])


def pay_gold(state: dict, seat: int, wanted: int) -> int:
    """Gives `seat` up to `wanted` gold from the supply; returns how much it got."""
    left = gold_left(state)
    got = wanted if left is None else max(0, min(wanted, left))
    state["seats"][seat]["gold"] += got
    return got


def pay_crystals(state: dict, seat: int, wanted: int) -> int:
    """Gives `seat` up to `wanted` crystals from the crystal supply; returns how much it got."""
    got = wanted
    if finite(state):
        got = max(0, min(wanted, state["crystal_supply"]))
        state["crystal_supply"] -= got
    state["seats"][seat]["crystals"] += got
    return got


def return_crystals(state: dict, count: int) -> None:
    """Spent crystals go back to the supply (R69, R83); uncounted when it is unlimited."""
    if finite(state):
        state["crystal_supply"] += count


def rage_room(state: dict, wanted: int) -> int:
    """How many of `wanted` rage tokens the battle's sides can still take: all of them unless the
    box's tokens are all in the battle already (rage lives in the battle and is discarded at its
    end, R62)."""
    if not finite(state):
        return wanted
    held = sum(state["battle"]["rage"].values())
    return max(0, min(wanted, data.supply()["rage_tokens"] - held))
