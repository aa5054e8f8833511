"""The hard computer player of Clash of Rage: a short lookahead in determinized worlds.

At the decisions that shape the race it compares a few candidate moves, the normal player's
first: at the tactic card every card in hand (played on through the reinforcements and both
first actions), at the start of an action the normal pick, forging, passing, the best three
group moves (`paths.ranked_moves`) and the best purchase (played on until this action and the
next two are over). Each candidate is played in the same worlds (everything the seat may not
know dealt again, the dice reseeded: the worlds of `engine.search.world_of`), the normal player
on every seat after it, and the position reached is judged (`judge`: victory points, forges and
crystals toward the next legendary item, gold, equipment, units on the board, next to a city
not held, and in the reserve). The normal move is kept unless another is better by a margin.
Every other decision (a battle's rolls, reinforcing, the moves inside a Move action) is the
normal player's.

The budget is counted in rollout moves (`BUDGET`: a world more only while it fits, between
`MIN_WORLDS` and `MAX_WORLDS`), never in time. Pure and deterministic for a seed: no clock, no
global random generator. The true state is read only for the legal moves, the candidates and
the normal player's pick (all from what the seat sees)."""
from __future__ import annotations

import math
import random

from engine.base import IllegalAction, copy_state
from engine.search import Thought, best_of

from . import actions, ai, board, data, flow, paths, rounds, secrecy, tactics

MIN_WORLDS = 2      # determinizations per decision, at least
MAX_WORLDS = 6      # and at most, while the budget lasts
BUDGET = 170        # rollout moves a decision may play (a world more only if it fits)
CANDIDATES = 5      # moves compared at most
TACTIC_ACTS = 3     # the tactic card: the reinforcements and both first actions
ACTS = 3            # a rollout runs until this many actions (the seat's, the next one's) are over
CAP = 60            # rollout moves at most
MARGIN = 0.04       # mean worth another move must beat the normal one by
SCALE = 6.0         # score difference of a sure win, roughly (the judge's sigmoid)

VP = 10.0
TIER = {"1": 1.2, "2": 2.5, "3": 3.5}
ON_BOARD = 1.0
IN_RESERVE = 0.4
GOLD = 0.3
FORGE = 2.5
CRYSTAL_STEP = 5.0
EQUIPMENT = 0.25     # per gold an equipped item cost
PRESSURE = 0.3      # per unit worth next to a city the seat does not hold


# ---------------------------------------------------------------- the judge

def _score(state: dict, s: int, cur, cities: list[str]) -> float:
    me = state["seats"][s]
    vp = rounds.victory_points(state, s)
    forges = actions.forges_controlled(state, s)
    cost = actions.FORGE_COST_ONE if forges <= 1 else actions.FORGE_COST_MORE
    crystals = me["crystals"]
    score = VP * vp + FORGE * min(forges, 2)
    score += CRYSTAL_STEP * min(1.0, crystals / cost) * (1.0 if forges else 0.5)
    score += GOLD * min(me["gold"], 12)
    for slots in me["equipped"].values():
        for item in slots.values():
            if item and not item.startswith("legendary"):
                score += EQUIPMENT * (data.item(item).get("cost") or 0)
    key = str(s)
    for where, by_seat in state["units"].items():
        for tier, n in by_seat.get(key, {}).items():
            worth = TIER[tier] * n
            score += ON_BOARD * worth
            if where in cur.hexes:
                near = sum(1 for c in cities if rounds.controller(state, c) != s
                           and board.distance(cur, where, c) <= 1)
                score += PRESSURE * worth * near
    for tier, n in me["reserve"].items():
        score += IN_RESERVE * TIER[tier] * n
    return score


def judge(state: dict, seat: int) -> float:
    """The position's worth to `seat` in [0, 1] (it may read the whole world it is given)."""
    result = state.get("result")
    if result:
        winners = result.get("winners") or []
        if not winners:
            return 0.5
        return 1.0 if seat in winners else 0.0
    cur = rounds.current_board(state)
    cities = rounds.bare_board(state).of_terrain("city")
    mine = _score(state, seat, cur, cities)
    best = max(_score(state, s, cur, cities) for s in range(state["players"]) if s != seat)
    return 1.0 / (1.0 + math.exp(-(mine - best) / SCALE))


# ---------------------------------------------------------------- the search

def _world(state: dict, seat: int, rng: random.Random) -> dict:
    world = secrecy.redeal(state, seat, random.Random(rng.randrange(1 << 62)))
    world["rng"] = {"seed": rng.randrange(1, 1 << 62), "n": 0}
    return world


def _play(state: dict, seat: int, action_id: str) -> dict:
    new = copy_state(state)
    flow.apply(new, seat, action_id)
    return new


def _marker(state: dict) -> tuple:
    rec = actions.record(state)
    return state.get("round"), state.get("phase"), len(rec["done"])


def _normal(state: dict, seat: int, rng: random.Random) -> str:
    """The normal player's move in a world (`ai.choose` without the copy of its view: a world is
    dealt again already, so reading it whole tells the rollout nothing true it may not know)."""
    legal = flow.legal_ids(state, seat)
    if len(legal) == 1:
        return legal[0]
    view = dict(state)
    view["target_vp"] = actions.victory_target(state)
    try:
        pick = ai._decide(view, seat, legal, random.Random(rng.randrange(1 << 30)))
    except (KeyError, ValueError, IndexError, TypeError):
        pick = None
    return pick if pick in legal else ai._fallback(legal)


def _rollout(world: dict, seat: int, first: str, seed: int, acts: int) -> tuple[float, bool, int]:
    """(the judge's worth to `seat`, whether the game ended, moves played) of `first` played in
    `world`, then the normal player on every seat until `acts` actions are over."""
    rng = random.Random(seed)
    try:
        state = _play(world, seat, first)
    except IllegalAction:
        return 0.0, False, 1
    mark, changes, played = _marker(world), 0, 1
    for played in range(1, CAP + 1):
        if state.get("result"):
            break
        now = _marker(state)
        if now != mark:
            mark, changes = now, changes + 1
            if changes >= acts:
                break
        active = flow.active_players(state)
        if not active:
            break
        mover = min(active)
        flow.apply(state, mover, _normal(state, mover, rng))     # the rollout's own copy, played on
    return judge(state, seat), bool(state.get("result")), played


def _candidates(state: dict, seat: int, legal: list[str], normal: str) -> list[str]:
    view_rec = actions.record(state)
    out = [normal]
    if tactics.selecting(state):
        return list(dict.fromkeys(out + sorted(legal, key=lambda a: -tactics.card(a.split(":", 1)[1])["rank"])))
    if view_rec["kind"] is None and "pass" in legal:
        for extra in ("forge", "pass"):
            if extra in legal:
                out.append(extra)
        moves = [a for a in legal if a.startswith("move:")]
        if moves:
            out += paths.ranked_moves(state, seat, moves)[:3]
        buys = [a for a in legal if a.startswith("buy:")]
        if buys:
            view = ai.views.view(state, seat)
            _gain, pick = ai._best_equip_step(view, seat, legal, view_rec)
            if pick:
                out.append(pick)
    return list(dict.fromkeys(out))[:CANDIDATES]


def _acts(state: dict, legal: list[str]) -> int:
    """How many actions a lookahead plays to the end (0: the decision is the normal player's):
    the start of an action (this one, the next two), the tactic card (the reinforcements and
    the first actions)."""
    if tactics.selecting(state):
        return TACTIC_ACTS
    if state.get("phase") in actions.PHASES and not state.get("battle") and not state.get("forge") \
            and actions.record(state)["kind"] is None and "pass" in legal:
        return ACTS
    return 0


def choose(state: dict, seat: int, seed: int) -> Thought:
    legal = flow.legal_ids(state, seat)
    normal = ai.choose(state, seat, seed)
    if len(legal) <= 1:
        return Thought(normal)
    acts = _acts(state, legal)
    candidates = _candidates(state, seat, legal, normal) if acts else [normal]
    if len(candidates) <= 1:
        return Thought(normal, searched=True)
    rng = random.Random(f"clash-hard:{seed}")
    totals = [0.0] * len(candidates)
    ended = [0] * len(candidates)
    won = [0.0] * len(candidates)
    worlds = played = 0
    while worlds < MAX_WORLDS and (worlds < MIN_WORLDS or played * (worlds + 1) <= BUDGET * worlds):
        world = _world(state, seat, rng)
        rollout_seed = rng.randrange(1 << 30)
        for i, candidate in enumerate(candidates):
            worth, done, moves = _rollout(world, seat, candidate, rollout_seed, acts)
            played += moves
            totals[i] += worth
            if done:
                ended[i] += 1
                won[i] += worth
        worlds += 1
    best = best_of(totals, MARGIN * worlds)
    return Thought(candidates[best], len(candidates), worlds, ended[best], won[best], True, judged=True)

