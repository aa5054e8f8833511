"""The hard computer player for Battle Line: the normal player's best plays, each tried against
the opponent's reply in worlds the seat cannot tell from the true one (engine.base.Game.hard_choose).

It decides from what its seat may know only: the normal player's redacted copy of the state and
its own view (the candidates), and worlds made by `engine.search.world_of` (the other hand and
the deck order dealt again from the unknown cards, the generator seeded anew).

1. the candidates: the normal player's choice, then its next best plays by its own scoring
   (`TOP` in all);
2. in each of `WORLDS` worlds every candidate is played, the claims and the draw made as the
   normal player makes them, and the other seat plays as the normal player would with the hand
   that world gave it, until the seat is to play again (the same worlds and seeds for every
   candidate, so their difference is the move's);
3. then each flag whose cards or owner changed is judged again: its chance of being won, as the
   normal player estimates it but finer (the opponent's hand in that world counts as certain
   cards, not as a share of every unseen card, and the cards the seat may still draw are the
   deck's), weighted by the runs of three adjacent flags it may complete or break for either
   side (R55), minus the chance it had before the move; a game won or lost meanwhile counts
   `OVER`;
4. the candidate with the best mean is played; the normal choice is kept unless another is
   better by `KEEP_MARGIN`.

Claims, draws, Scout and Mud steps, a pass and the plays the reply search does not model (Fog,
Mud, Scout, Redeploy) are compared one move ahead (`engine.search.think`, horizon 1) by the
chance of winning the game that the normal player's flag estimates give (`_judge`); there the
normal move is nearly always kept (a provable flag is claimed, a troop card drawn).

Deterministic for a seed (the worlds come from a generator seeded by it); no clock, no I/O.
"""
from __future__ import annotations

import math
import random
from functools import lru_cache

from engine.search import Thought, best_of, think, world_of

from . import ai
from .ai import (SIGMOID_SCALE, UNSEEN_DISCOUNT, _Context, _evaluate_play, _flag_win_chance, _sides, redacted_state)
from .cards import TROOP_IDENTITY, is_morale, is_troop
from .formations import Pool, best_completion
from .proof import flag_has_fog, flag_limit, side_index, split_side
from .rules import legal_actions, view

WORLDS = 4          # determinizations each candidate is played in
TOP = 4             # plays compared: the normal player's choice and its next best by its own scoring
KEEP_MARGIN = 0.01  # how much better (mean weighted change of flag chances) another play must be
RUN_WEIGHT = 0.25   # a flag's weight grows by this per flag held in a run of three it may complete or break
OVER = 10.0         # a game won (lost) before the seat plays again, in the same units
OTHER_WORLDS = 2    # claims, draws and plays the reply search does not model: judged one move ahead
OTHER_MARGIN = 0.005  # in the chance of winning the game (`_judge`), for the normal move to be replaced there


class _World:
    """One determinization as the seat's estimate uses it: the opponent's troops in hand and
    the troops the seat may still draw (the unseen ones not in that hand)."""

    def __init__(self, ctx: _Context, world: dict, seat: int):
        opp = [s for s in range(world["players"]) if s != seat]
        opp_hand = [TROOP_IDENTITY[c] for s in opp for c in world["hands"][s] if is_troop(c)]
        held = set(opp_hand)
        self.deck = [cv for cv in ctx.unseen if cv not in held]
        self.opp_hand = Pool(opp_hand)
        self.opp_all = Pool(opp_hand + self.deck)
        self._mine: dict[tuple, tuple[Pool, Pool]] = {}
        self._opp: dict[tuple, tuple] = {}
        self.cache: dict[tuple, float] = {}

    def my_pools(self, hand_rest: list[str]) -> tuple[Pool, Pool]:
        troops = tuple(sorted(TROOP_IDENTITY[c] for c in hand_rest if is_troop(c)))
        if troops not in self._mine:
            self._mine[troops] = (Pool(troops), Pool(list(troops) + self.deck))
        return self._mine[troops]

    def opponent(self, opp_cards: list[str], limit: int, fog: bool) -> tuple[float, object]:
        key = (tuple(opp_cards), limit, fog)
        if key not in self._opp:
            strength = ai._side_strength(opp_cards, limit, fog, self.opp_hand, self.opp_all, UNSEEN_DISCOUNT)
            best = best_completion(*split_side(opp_cards), limit, fog, self.opp_all)
            self._opp[key] = (strength, best)
        return self._opp[key]


def _chance(w: _World, flag: dict, mine_cards: list[str], opp_cards: list[str], hand_rest: list[str],
            seat: int) -> float:
    if flag["claimed_by"] is not None:
        return 1.0 if flag["claimed_by"] == seat else 0.0
    limit, fog = flag_limit(flag), flag_has_fog(flag)
    key = (tuple(mine_cards), tuple(opp_cards), limit, fog, tuple(hand_rest))
    cached = w.cache.get(key)
    if cached is not None:
        return cached
    hand_pool, all_pool = w.my_pools(hand_rest)
    mine = ai._side_strength(mine_cards, limit, fog, hand_pool, all_pool, UNSEEN_DISCOUNT)
    theirs, opp_best = w.opponent(opp_cards, limit, fog)
    value = None
    if len(mine_cards) == limit and len(opp_cards) == limit:
        value = 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
    elif len(mine_cards) == limit:
        my_key = best_completion(*split_side(mine_cards), limit, fog).key
        if opp_best is None or opp_best.key <= my_key:
            value = 1.0
    elif len(opp_cards) == limit:
        best = best_completion(*split_side(mine_cards), limit, fog, all_pool)
        opp_key = best_completion(*split_side(opp_cards), limit, fog).key
        if best is None or best.key <= opp_key:
            value = 0.0
    if value is None:
        value = 1.0 / (1.0 + math.exp(-(mine - theirs) / SIGMOID_SCALE))
    w.cache[key] = value
    return value


def _touched(ctx: _Context, action_id: str) -> dict[int, tuple[list[str], list[str]]] | None:
    """The flags a play changes and their sides after it (troops, morale, Deserter, Traitor)."""
    parts = action_id.split(":")
    card = parts[1]
    flags = ctx.state["flags"]
    if is_troop(card) or is_morale(card):
        flag = flags[int(parts[2]) - 1]
        mine, theirs = _sides(flag, ctx.seat)
        return {flag["n"]: (mine + [card], theirs)}
    if card == "T-DESERTER":
        flag = flags[int(parts[2]) - 1]
        mine, theirs = _sides(flag, ctx.seat)
        if parts[3] not in theirs:
            return None
        theirs.remove(parts[3])
        return {flag["n"]: (mine, theirs)}
    if card == "T-TRAITOR":
        source, dest = flags[int(parts[2]) - 1], flags[int(parts[4]) - 1]
        s_mine, s_theirs = _sides(source, ctx.seat)
        s_theirs.remove(parts[3])
        if source["n"] == dest["n"]:
            return {source["n"]: (s_mine + [parts[3]], s_theirs)}
        d_mine, d_theirs = _sides(dest, ctx.seat)
        return {source["n"]: (s_mine, s_theirs), dest["n"]: (d_mine + [parts[3]], d_theirs)}
    return None


def _weight(ctx: _Context, flag_no: int) -> float:
    """Flags that would complete a run of flags (R55) for either side matter more: the seat's own
    runs, and the opponent's, which it must break."""
    weight = 1.0
    flags = ctx.state["flags"]
    for run in ctx.state["runs"]:
        if flag_no not in run:
            continue
        owners = [flags[n - 1]["claimed_by"] for n in run if n != flag_no]
        mine = sum(1 for o in owners if o == ctx.seat)
        theirs = sum(1 for o in owners if o is not None and o != ctx.seat)
        if theirs == 0:
            weight += RUN_WEIGHT * mine
        if mine == 0:
            weight += RUN_WEIGHT * theirs
    held_opp = sum(1 for f in flags if f["claimed_by"] is not None and f["claimed_by"] != ctx.seat)
    held_me = sum(1 for f in flags if f["claimed_by"] == ctx.seat)
    weight += 0.1 * max(held_opp, held_me) * (max(held_opp, held_me) >= 3)
    return weight


def _card_cost(action_id: str) -> float:
    card = action_id.split(":")[1]
    if is_troop(card):
        return 0.002 * TROOP_IDENTITY[card][1]
    return 0.07 if is_morale(card) else 0.05  # as the normal player: keep tactics for when they count


def choose(state: dict, seat: int, seed: int, game=None) -> Thought | None:
    """The hard player's move for `seat` (deterministic for a seed) and what it compared. The
    hidden items reach it only through the worlds `game.redeal` deals (`game`: the declared
    rules; a test may give one whose deal it controls)."""
    game = game or ai_rules()
    normal = ai.choose(state, seat, seed)
    safe = redacted_state(state, seat)
    actions = [a.id for a in legal_actions(safe, seat)]
    if len(actions) <= 1:
        return Thought(normal)
    if state["step"] != "play":
        return _one_ahead(game, state, seat, seed, [normal] + [a for a in actions if a != normal])
    hand = [c["id"] for c in view(state, seat)["hand"]]
    ctx = _Context(safe, seat, hand)
    base = {}
    for flag in safe["flags"]:
        if side_index(flag, seat) is not None:
            mine, theirs = _sides(flag, seat)
            base[flag["n"]] = _flag_win_chance(ctx, flag, mine, theirs, hand)
    scored = []
    for action_id in actions:
        if action_id == "pass":
            continue
        value = _evaluate_play(ctx, action_id, base)
        if value is not None:
            scored.append((-value, action_id))
    scored.sort()
    candidates = [normal] + [a for _, a in scored if a != normal][:TOP - 1]
    if len(candidates) == 1:  # no play the normal player scores: compare a few of the others
        candidates += [a for a in actions if a != normal][:TOP - 1]
    if normal == "pass" or any(_touched(ctx, a) is None for a in candidates):
        # a pass, Fog, Mud, Scout or Redeploy: not modelled by the reply search
        return _one_ahead(game, state, seat, seed, candidates)
    worth = _replies(game, ctx, state, seat, candidates, random.Random(f"hard:{seed}"))
    best = best_of(worth, KEEP_MARGIN)
    return Thought(candidates[best], len(candidates), WORLDS, searched=True, judged=True)


def _one_ahead(game, state: dict, seat: int, seed: int, moves: list[str]) -> Thought:
    """The moves (the normal one first) each made in a few worlds and the line judged at once."""
    return think(game, state, seat, seed, evaluate=_judge, moves=moves[:TOP], worlds=OTHER_WORLDS,
                 margin=OTHER_MARGIN, horizon=1)


def _judge(world: dict, seat: int) -> float:
    """A world's chance of winning the game for the seat: its flags' chances as the normal player
    estimates them from the seat's side of that world, taken as independent, and every way the
    flags may fall worth what R55 makes it (three adjacent flags or any five)."""
    safe = redacted_state(world, seat)
    hand = list(world["hands"][seat])
    ctx = _Context(safe, seat, hand)
    chances = []
    for flag in safe["flags"]:
        if side_index(flag, seat) is None:
            chances.append(0.0)
            continue
        mine, theirs = _sides(flag, seat)
        chances.append(_flag_win_chance(ctx, flag, mine, theirs, hand))
    return game_chance(chances, _outcomes(tuple(map(tuple, safe["runs"])), safe["any_count"], len(chances)))


@lru_cache(maxsize=8)
def _outcomes(runs: tuple[tuple[int, ...], ...], any_count: int, flags: int) -> tuple[float, ...]:
    """The worth to a seat of every way the flags may fall (bit i set: flag i+1 is the seat's): 1
    when only it holds a winning set (R55), 0 when only the others do, 1/2 when both or none."""
    run_masks = [sum(1 << (n - 1) for n in run) for run in runs]
    full = (1 << flags) - 1

    def wins(mask: int) -> bool:
        return bin(mask).count("1") >= any_count or any(mask & r == r for r in run_masks)

    return tuple(0.5 if wins(m) == wins(full & ~m) else 1.0 if wins(m) else 0.0 for m in range(1 << flags))


def game_chance(chances: list[float], outcomes: tuple[float, ...]) -> float:
    """The chance of winning when flag i+1 is won with chance `chances[i]`, independently."""
    probs = [1.0]
    for p in chances:  # each flag taken in is the new highest bit: the first flag is the lowest
        probs = [a * (1.0 - p) for a in probs] + [a * p for a in probs]
    return sum(a * w for a, w in zip(probs, outcomes))


def ai_rules():
    """The declared rules (imported late: the package imports this module)."""
    from . import RULES
    return RULES


def _replies(game, ctx: _Context, state: dict, seat: int, candidates: list[str],
             rng: random.Random) -> list[float]:
    """Each candidate's worth after the opponent's reply, in worlds: the candidate is played, the
    claims and the draw made as the normal player makes them, then every other seat plays as
    the normal player would with the hand the world gave it, until the seat is to play again;
    the flags whose sides changed are judged again (the seat's hand: what is left of its own)."""
    flags = ctx.state["flags"]
    totals = [0.0] * len(candidates)
    for _ in range(WORLDS):
        world = world_of(game, state, seat, rng)
        seed = rng.randrange(1 << 30)
        est = _World(ctx, world, seat)
        for i, first in enumerate(candidates):
            hand_rest = list(ctx.hand)
            hand_rest.remove(first.split(":")[1])
            now, _ = game.apply(world, seat, first)
            moves, over = 1, None
            turn_rng = random.Random(seed)
            while moves < 12:
                over = game.result(now)
                if over is not None:
                    break
                mover = min(game.active_players(now))
                if mover == seat and now["step"] == "play":
                    break
                turn_seed = turn_rng.randrange(1 << 30)
                # at the draw step both decks have cards (else it is skipped): the normal player
                # draws a troop card there, and asking it would cost a view of the state
                move = "draw:troop" if now["step"] == "draw" and now["troop_deck"] else ai.choose(now, mover, turn_seed)
                now, _ = game.apply(now, mover, move)
                moves += 1
            if over is not None:
                totals[i] += OVER if seat in over.winners else -OVER if over.winners else 0.0
                continue
            value = 0.0
            for flag, later in zip(flags, now["flags"]):
                if later["claimed_by"] == flag["claimed_by"] and later["sides"] == flag["sides"] \
                        or side_index(flag, seat) is None:  # unchanged, or not the seat's (3 players)
                    continue
                n = flag["n"]
                mine, theirs = _sides(flag, seat)
                before = _chance(est, flag, mine, theirs, ctx.hand, seat)
                mine2, theirs2 = _sides(later, seat)
                if later["claimed_by"] is not None:
                    after = 1.0 if later["claimed_by"] == seat else 0.0
                else:
                    after = _chance(est, later, mine2, theirs2, hand_rest, seat)
                value += (after - before) * _weight(ctx, n)
            totals[i] += value - _card_cost(first)
    return [t / WORLDS for t in totals]
