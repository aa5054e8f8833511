"""What the Civilization computer player's modules share (ai.py, ai_plan.py): the decision's
context (the seat's view and what is computed from it), the value of icons, distances on the map,
the figure moves of a step, hand strengths and the plan's default tech order."""
from __future__ import annotations

import random
from collections import deque

from . import ai_goal, board, combat

W_PROD, W_TRADE, W_CULT, W_COIN = 2.0, 1.5, 3.0, 4.0
TECH_ORDER = ("space_flight", "irrigation", "philosophy", "writing", "pottery", "code_of_laws", "currency",
              "printing_press", "theology", "horseback_riding", "masonry", "construction", "engineering",
              "banking", "civil_service", "mathematics", "metalworking", "navigation", "animal_husbandry",
              "sailing", "chivalry", "democracy", "monarchy", "military_science", "gunpowder", "metal_casting",
              "railroad", "steam_power", "biology", "communism", "computers", "flight", "replaceable_parts",
              "ballistics", "combustion", "atomic_theory", "mass_media")


TECH_RANK = {t: i for i, t in enumerate(TECH_ORDER)}


def _value(icons: dict | None) -> float:
    if not icons:
        return 0.0
    return (W_PROD * icons.get("production", 0) + W_TRADE * icons.get("trade", 0)
            + W_CULT * icons.get("culture", 0) + W_COIN * icons.get("coin", 0))


class _Ctx:
    """The view and what the AI computes from it, cached for one decision."""

    def __init__(self, view: dict, seat: int, seed: int):
        self.v = view
        self.seat = seat
        self.rng = random.Random(seed)
        self.area = view["seats"][seat]
        self.cards = True                  # play card abilities (False: the stage-1 player)
        self._sq: dict = {}
        self._yield: dict = {}
        self._goal: str | None = None

    @property
    def goal(self) -> str:
        """The victory aimed at (ai_goal.goal; culture for the stage-1 player)."""
        if self._goal is None:
            self._goal = ai_goal.goal(self.v, self.seat) if self.cards else "culture"
        return self._goal

    def square(self, x: int, y: int):
        key = (x, y)
        if key not in self._sq:
            self._sq[key] = board.square(self.v, x, y)
        return self._sq[key]

    def yields(self, x: int, y: int):
        key = (x, y)
        if key not in self._yield:
            self._yield[key] = board.yields(self.v, x, y)
        return self._yield[key]

    def my_cities(self) -> list[dict]:
        return [c for c in self.v["cities"] if c["owner"] == self.seat]

    def my_figures(self, kind: str | None = None) -> list[dict]:
        return [f for f in self.v["figures"] if f["owner"] == self.seat and (kind is None or f["kind"] == kind)]

    def squares(self):
        m = self.v["map"]
        for y in range(m["height"]):
            for x in range(m["width"]):
                if self.square(x, y) is not None:
                    yield x, y


def _distances(ctx: _Ctx, goals: list[tuple[int, int]], water: str) -> dict[tuple[int, int], int]:
    """Steps from every reachable face-up square to the nearest goal (R63, R66: water only with
    a tech that crosses it)."""
    dist = {g: 0 for g in goals}
    queue = deque(goals)
    while queue:
        x, y = queue.popleft()
        for nx, ny in ((x, y - 1), (x + 1, y), (x, y + 1), (x - 1, y)):
            if (nx, ny) in dist:
                continue
            sq = ctx.square(nx, ny)
            if sq is None or (sq["terrain"] == "water" and water == "none"):
                continue
            dist[(nx, ny)] = dist[(x, y)] + 1
            queue.append((nx, ny))
    return dist


def _moves(legal: list[str]) -> dict[str, list[tuple[str, str]]]:
    """figure ids (comma-joined) -> [(target, id)]."""
    out: dict[str, list[tuple[str, str]]] = {}
    for a in legal:
        if a.startswith("move:"):
            _, ids, target = a.split(":")
            out.setdefault(ids, []).append((target, a))
    return out


def _hand_strength(ctx: _Ctx, cards: list[str], ranks: dict, hand: int) -> float:
    values = sorted((combat.strength(c, ranks.get(combat.card_type(c), 1)) for c in cards), reverse=True)
    if not values:
        return 0.0
    mean = sum(values) / len(values)
    return mean * min(hand, len(values))


def _enemy_strength(ctx: _Ctx, owner: int, hand: int) -> float:
    area = ctx.v["seats"][owner]
    n = area["standing_forces"] if isinstance(area["standing_forces"], int) else len(area["standing_forces"])
    ranks = area["ranks"]
    mean = 2.0 + (sum(max(1, ranks.get(t, 1)) for t in combat.LAND) / 3.0 - 1)
    return mean * min(hand, n)


def _step_towards(ctx: _Ctx, key: str, moves: dict, goals: list[tuple[int, int]], water: str) -> str | None:
    options = moves.get(key, [])
    if not options:
        return None
    dist = _distances(ctx, goals, water)
    fig_id = key.split(",")[0]
    fig = next(f for f in ctx.v["figures"] if f["id"] == fig_id)
    now = dist.get((fig["x"], fig["y"]), 999)
    best = None
    for target, a in options:
        tx, ty = board.parse_label(target)
        if ctx.v["markers"].get(target) or any(f["owner"] != ctx.seat for f in board.figures_at(ctx.v, tx, ty)):
            if (tx, ty) not in goals:
                continue                                                # no battle on the way
        city = board.city_at(ctx.v, tx, ty)
        if city is not None and city["owner"] != ctx.seat:
            continue
        d = dist.get((tx, ty), 999)
        if d < now and (best is None or d < best[0]):
            best = (d, a)
    return best[1] if best else None
