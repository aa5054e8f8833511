"""Victory cards (R4, R141-R143, G6): progress per side read from state["counters"], tokens =
min(progress, goal), reaching the goal wins at once. The cards in play are state["victory"] (ids).

    draw_cards(state, n=3)          setup (A): shuffle the ten and reveal n (G6, skytear-data 7)
    progress(state, vid) -> [a, b]  tokens(state, vid) -> [a, b]
    check(state) -> set of sides that completed a card in play
    named_tokens(state) -> [a, b]   R143: tokens on Tactician, All-Out Attack, Tamer, Skytear Master
                                    and Flanking only (cards in play)
    view_entries(state) -> list     for the view: {"id", "name", "text", "tokens", "goal"}

Counters (per side, [side 0, side 1]): lane_wins, dome_wins, towers_destroyed, all_lanes_round,
structure (the minion phase); defeats, round_defeats (the best single round), ultimates,
outsider_damage, minions_defeated (ops). A victory card's kind names its counter; only
structure_damage reads "structure".
"""
from __future__ import annotations

from engine.rng import next_random

from . import data

COUNTER_OF = {"structure_damage": "structure"}


def draw_cards(state: dict, n: int = 3) -> list[str]:
    ids = sorted(data.VICTORY)
    next_random(state).shuffle(ids)
    state["victory"] = ids[:n]
    return state["victory"]


def progress(state: dict, vid: str) -> list[int]:
    kind = data.victory_card(vid)["kind"]
    found = state.get("counters", {}).get(COUNTER_OF.get(kind, kind), [0, 0])
    return [int(found[0]), int(found[1])]


def tokens(state: dict, vid: str) -> list[int]:
    goal = data.victory_card(vid)["goal"]
    return [min(p, goal) for p in progress(state, vid)]


def check(state: dict) -> set[int]:
    """The sides that have reached the goal of a victory card in play (both: the tie-breaker, R142)."""
    out = set()
    for vid in state.get("victory") or []:
        goal = data.victory_card(vid)["goal"]
        for side, p in enumerate(progress(state, vid)):
            if p >= goal:
                out.add(side)
    return out


def named_tokens(state: dict) -> list[int]:
    """R143: victory tokens per side on the five seed-named cards in play."""
    total = [0, 0]
    for vid in state.get("victory") or []:
        if vid in data.TIEBREAK_VICTORY:
            t = tokens(state, vid)
            total[0] += t[0]
            total[1] += t[1]
    return total


def view_entries(state: dict) -> list[dict]:
    return [{"id": vid, "name": data.name(vid), "text": data.text(vid), "tokens": tokens(state, vid),
             "goal": data.victory_card(vid)["goal"]} for vid in state.get("victory") or []]
