"""The hard computer player: a determinized Monte Carlo search over the engine's pure API.

For any game, from what the seat may know only:

1. the candidates: the normal player's move (`ai_choose`), the normal player's moves under a few
   other seeds, then other legal moves in a seeded order, `CANDIDATES` at most;
2. the worlds: the state dealt again for the seat (`redeal(state, seat, rng)`: everything it may
   not know, other hands, deck orders, dealt anew from the unknown pool), with the state's own
   random generator seeded anew (`engine.rng`: the future dice and shuffles are unknown too), so
   a world never holds the true hidden items;
3. each candidate is played in each world (the same worlds and the same rollout seeds for every
   candidate: their difference is the move's), then every seat is played by the normal player
   until the game ends or the rollout's horizon is reached; an ended game is worth 1 to a winner,
   0 to a loser, 1/2 in a draw; a rollout cut at the horizon is worth 1/2, or what the game's
   own judge of a position says (`evaluate(state, seat)` in [0, 1], given by a game's
   `hard_choose`);
4. the candidate with the best mean is chosen; the normal player's move keeps its place unless
   another is better by `MARGIN` (noise does not replace a sound move).

The budget is counted in rollout moves (`BUDGET`, per game in `BUDGETS`), never in wall-clock
time, so the choice is the same for the same seed on any machine; `bench/ai.py` measures the time
it takes (held to 300 ms CPU a move at the 95th percentile on 2 cores). Pure: no clock, no I/O.
"""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

from engine.base import IllegalAction, as_game

BUDGET = 120            # rollout moves a decision may play, when the game has no figure of its own
BUDGETS = {             # per game, from bench/ai.py (a rollout move costs 2-7 ms in these games), for
    "battleline": 70,   # a 95th percentile under 300 ms CPU a decision
    "clash_of_rage": 120,
    "skytear": 50,
    "battalia": 44,
    "civilization": 22,
}
CANDIDATES = 4          # moves compared at most
OTHER_SEEDS = 2         # extra asks of the normal player for candidates
WORLDS = 2              # determinizations at least
MARGIN = 0.5            # how much better (mean worth) another move must do to replace the normal one

Chooser = Callable[[dict, int, int], str]
Judge = Callable[[dict, int], float]


@dataclass(frozen=True)
class Thought:
    """A hard decision and what the search saw: `rollouts` played per candidate, how many of the
    chosen move's reached the game's end (`ended`) and what they were worth to the seat (`won`:
    wins count 1, draws 1/2)."""

    action: str
    candidates: int = 1
    rollouts: int = 0
    ended: int = 0
    won: float = 0.0
    searched: bool = False  # False: a single legal move, nothing to compare
    judged: bool = False    # rollouts cut at the horizon were judged by the game's evaluation


def value_of(result, seat: int) -> float:
    """An ended game for the seat: 1 won (alone or shared), 1/2 a draw, 0 lost."""
    if not result.winners:
        return 0.5
    return 1.0 if seat in result.winners else 0.0


def world_of(game, state: dict, seat: int, rng: random.Random) -> dict:
    """A state the seat cannot tell from the true one, with unknown hidden items and an unknown
    future: everything it may not know dealt again, the state's generator seeded anew."""
    world = game.redeal(state, seat, random.Random(rng.randrange(1 << 62)))
    if isinstance(world.get("rng"), dict) and "seed" in world["rng"]:
        world["rng"] = {"seed": rng.randrange(1, 1 << 62), "n": 0}
    return world


def rollout(game, world: dict, seat: int, first: str, normal: Chooser, horizon: int,
            seed: int, evaluate: Judge | None = None) -> tuple[float, bool, int]:
    """(the worth to `seat`, whether the game ended, moves played) of `first` played in `world`
    and the normal player on every seat after it, for `horizon` moves at most; a rollout cut
    there is worth `evaluate(state, seat)` (1/2 without a judge)."""
    rng = random.Random(seed)
    try:
        state, _ = game.apply(world, seat, first)
    except IllegalAction:  # never for a legal move: the seat's moves are the same in every world
        return 0.0, False, 1
    moves = 1
    while True:
        result = game.result(state)
        if result is not None:
            return value_of(result, seat), True, moves
        if moves >= horizon:
            return (evaluate(state, seat) if evaluate else 0.5), False, moves
        active = game.active_players(state)
        if not active:
            return (evaluate(state, seat) if evaluate else 0.5), False, moves
        mover = min(active)
        state, _ = game.apply(state, mover, normal(state, mover, rng.randrange(1 << 30)))
        moves += 1


def tally(moves: list[str], worlds: int, rng: random.Random, make_world: Callable[[], dict],
          play: Callable[[dict, str, int], tuple[float, bool]]) -> tuple[list[float], list[int], list[float]]:
    """Each move played out in the same `worlds` worlds (`make_world()` each, then one rollout seed
    from `rng` shared by every move: their difference is the move's), `play(world, move, seed)`
    giving (worth, whether the game ended) -> the summed worth of each move, how many of its
    rollouts ended the game, and what those were worth."""
    totals, ended, won = [0.0] * len(moves), [0] * len(moves), [0.0] * len(moves)
    for _ in range(worlds):
        world = make_world()
        seed = rng.randrange(1 << 30)
        for i, move in enumerate(moves):
            worth, done = play(world, move, seed)
            totals[i] += worth
            if done:
                ended[i] += 1
                won[i] += worth
    return totals, ended, won


def best_of(totals: list[float], margin: float) -> int:
    """The index of the best total (the first among equals); the first move, the normal player's,
    unless another beats it by more than `margin` (noise does not replace a sound move)."""
    best = max(range(len(totals)), key=lambda i: (totals[i], -i))
    return best if totals[best] - totals[0] > margin else 0


def think(rules, state: dict, seat: int, seed: int, normal: Chooser | None = None,
          budget: int | None = None, evaluate: Judge | None = None, moves: list[str] | None = None,
          worlds: int = WORLDS, margin: float = MARGIN, horizon: int | None = None) -> Thought:
    """The hard player's move for `seat` (deterministic for a seed) and what the search saw.

    A game's own hard player may pass its judge of a position (`evaluate`), the moves worth
    comparing (`moves`, the normal player's first: otherwise the normal player's picks and a
    seeded few others), how many worlds, the margin a move must beat the normal one by (in mean
    worth) and a fixed rollout `horizon` (otherwise the budget shared out)."""
    game = as_game(rules)
    normal = normal or game.ai_choose
    rng = random.Random(f"hard:{seed}")
    if moves is not None:
        candidates = list(dict.fromkeys(moves))
        if len(candidates) <= 1:
            return Thought(candidates[0] if candidates else normal(state, seat, seed))
    else:
        default = normal(state, seat, seed)
        legal = [a.id for a in game.legal_actions(state, seat)]
        if len(legal) <= 1:
            return Thought(default)
        candidates = [default]
        for _ in range(OTHER_SEEDS):
            pick = normal(state, seat, rng.randrange(1 << 30))
            if pick not in candidates and pick in legal:
                candidates.append(pick)
        others = [a for a in legal if a not in candidates]
        rng.shuffle(others)
        candidates += others[:max(0, CANDIDATES - len(candidates))]
    budget = budget or BUDGETS.get(game.name, BUDGET)
    horizon = horizon or max(2, budget // (len(candidates) * worlds))
    totals, ended, won = tally(
        candidates, worlds, rng, lambda: world_of(game, state, seat, rng),
        lambda world, candidate, seed: rollout(game, world, seat, candidate, normal, horizon, seed, evaluate)[:2])
    best = best_of(totals, margin * worlds)
    return Thought(candidates[best], len(candidates), worlds, ended[best], won[best], True,
                   judged=evaluate is not None)
