"""The computer player.

It decides from what its seat may know: `view(state, seat)` plus the legal actions of a copy of
the state from which every hidden card (other hands, deck order, the RNG; an older state's action
log) has been removed. It never looks at the opponent's hand or the deck order.

Heuristic: claim every provable flag; otherwise score each possible card play by how much it
raises the estimated chance of winning the flags it touches. A side's strength is the best
formation it can still reach, using cards in hand as certain and unseen cards (not face up, not
in hand) discounted per card still needed; the opponent's side is rated the same way from the
unseen cards. Flags next to flags already won count a little more (three adjacent flags win).
"""
from __future__ import annotations

import math
import random

from engine.base import IllegalAction
from engine.text import Msg

from .cards import TROOP_IDENTITY, TROOP_IDS, is_morale, is_troop
from .formations import FOG_RANK, Pool, best_completion
from .proof import flag_has_fog, flag_limit, side_index, split_side
from .rules import _copy, legal_actions, view

UNSEEN_DISCOUNT = 0.5      # chance-like weight for each needed card I do not hold
HAND_CONFIDENCE = 0.9      # a formation I can finish from my hand is nearly certain
SIGMOID_SCALE = 4.0


def redacted_state(state: dict, seat: int) -> dict:
    """A copy holding only what `seat` may know: other hands and decks become placeholders."""
    safe = _copy(state)
    for s in range(safe["players"]):
        if s != seat:
            safe["hands"][s] = ["?"] * len(safe["hands"][s])
            safe["scout_memo"][s] = []
    safe["troop_deck"] = ["?"] * len(safe["troop_deck"])
    safe["tactics_deck"] = ["?"] * len(safe["tactics_deck"])
    safe.pop("actions", None)  # a state stored by an older version still carries its action log
    safe["rng"] = {"seed": 0, "n": 0}
    safe["setup"] = {}
    return safe


def _score(key: tuple[int, int]) -> float:
    rank, total = key
    return rank * 10.0 + total * 0.3


class _Context:
    def __init__(self, safe: dict, seat: int, hand: list[str]):
        self.state = safe
        self.seat = seat
        self.hand = hand
        face_up = set()
        for flag in safe["flags"]:
            for side in flag["sides"]:
                face_up.update(side["cards"])
        face_up.update(d["card"] for d in safe["discard"])
        hand_troops = {c for c in hand if is_troop(c)}
        self.unseen = [TROOP_IDENTITY[c] for c in TROOP_IDS if c not in face_up and c not in hand_troops]
        self.unseen_pool = Pool(self.unseen)
        self.held = {f["n"] for f in safe["flags"] if f["claimed_by"] == seat}
        self._pool_cache: dict[tuple, Pool] = {}
        self._opp_cache: dict[tuple, tuple] = {}
        self.chance_cache: dict[tuple, float] = {}

    def opponent(self, flag: dict, opp_cards: list[str]) -> tuple[float, object]:
        """The opponent side's strength and best reachable completion (independent of my hand)."""
        cache_key = (tuple(opp_cards), flag_limit(flag), flag_has_fog(flag))
        if cache_key not in self._opp_cache:
            limit, fog = flag_limit(flag), flag_has_fog(flag)
            strength = _side_strength(opp_cards, limit, fog, None, self.unseen_pool, UNSEEN_DISCOUNT)
            troops, wilds = split_side(opp_cards)
            best = best_completion(troops, wilds, limit, fog, self.unseen_pool)
            self._opp_cache[cache_key] = (strength, best)
        return self._opp_cache[cache_key]

    def pools(self, hand_rest: list[str]) -> tuple[Pool, Pool]:
        troops = tuple(sorted(TROOP_IDENTITY[c] for c in hand_rest if is_troop(c)))
        if troops not in self._pool_cache:
            self._pool_cache[troops] = (Pool(troops), Pool(list(troops) + self.unseen))
        return self._pool_cache[troops]


def _side_strength(cards: list[str], limit: int, fog: bool, hand_pool: Pool | None, all_pool: Pool,
                   discount: float) -> float:
    troops, wilds = split_side(cards)
    k = limit - len(cards)
    if k <= 0:
        return _score(best_completion(troops, wilds, limit, fog).key)
    best = 0.0
    if hand_pool is not None and len(hand_pool) >= k:
        comp = best_completion(troops, wilds, limit, fog, hand_pool)
        best = HAND_CONFIDENCE * _score(comp.key)
    comp = best_completion(troops, wilds, limit, fog, all_pool)
    if comp is not None:
        hand_ids = hand_pool.ids if hand_pool is not None else frozenset()
        missing = sum(1 for ident in comp.added if ident not in hand_ids)
        best = max(best, _score(comp.key) * (discount ** missing))
        # a plain Host of average cards is always within reach
        avg = sum(v for _, v in troops) + 5.5 * k + sum(10 if w in ("T-ALEX", "T-DARIUS") else 8 if w == "T-CC"
                                                         else 3 for w in wilds)
        best = max(best, _score((FOG_RANK if fog else 1, avg)) * 0.8)
    return best


def _flag_win_chance(ctx: _Context, flag: dict, my_cards: list[str], opp_cards: list[str],
                     hand_rest: list[str]) -> float:
    if flag["claimed_by"] is not None:
        return 1.0 if flag["claimed_by"] == ctx.seat else 0.0
    limit = flag_limit(flag)
    fog = flag_has_fog(flag)
    # flags with the same cards (typically the empty ones) get the same estimate
    cache_key = (tuple(my_cards), tuple(opp_cards), limit, fog, tuple(hand_rest))
    cached = ctx.chance_cache.get(cache_key)
    if cached is None:
        cached = ctx.chance_cache[cache_key] = _win_chance(ctx, flag, my_cards, opp_cards, hand_rest, limit, fog)
    return cached


def _win_chance(ctx: _Context, flag: dict, my_cards: list[str], opp_cards: list[str], hand_rest: list[str],
                limit: int, fog: bool) -> float:
    hand_pool, all_pool = ctx.pools(hand_rest)
    mine = _side_strength(my_cards, limit, fog, hand_pool, all_pool, UNSEEN_DISCOUNT)
    theirs, opp_best = ctx.opponent(flag, opp_cards)
    if len(my_cards) == limit and len(opp_cards) == limit:
        return 1.0 if mine > theirs else 0.0 if mine < theirs else 0.5
    if len(my_cards) == limit:
        # exact: can he still beat me at all?
        best = opp_best
        my_key = best_completion(*split_side(my_cards), limit, fog).key
        if best is None or best.key <= my_key:
            return 1.0
    if len(opp_cards) == limit:
        troops, wilds = split_side(my_cards)
        best = best_completion(troops, wilds, limit, fog, all_pool)
        opp_key = best_completion(*split_side(opp_cards), limit, fog).key
        if best is None or best.key <= opp_key:
            return 0.0
    return 1.0 / (1.0 + math.exp(-(mine - theirs) / SIGMOID_SCALE))


def _flag_weight(ctx: _Context, flag_no: int) -> float:
    """Flags that would complete a run with flags already held matter more (R55)."""
    weight = 1.0
    for run in ctx.state["runs"]:
        if flag_no in run:
            held = sum(1 for n in run if n in ctx.held)
            weight += 0.15 * held
    return weight


def _sides(flag: dict, seat: int) -> tuple[list[str], list[str]]:
    i = side_index(flag, seat)
    return list(flag["sides"][i]["cards"]), list(flag["sides"][1 - i]["cards"])


def _evaluate_play(ctx: _Context, action_id: str, base: dict[int, float]) -> float | None:
    parts = action_id.split(":")
    card = parts[1]
    state = ctx.state
    hand_rest = list(ctx.hand)
    hand_rest.remove(card)
    if is_troop(card) or is_morale(card):
        flag = state["flags"][int(parts[2]) - 1]
        mine, theirs = _sides(flag, ctx.seat)
        after = _flag_win_chance(ctx, flag, mine + [card], theirs, hand_rest)
        gain = (after - base[flag["n"]]) * _flag_weight(ctx, flag["n"])
        value = TROOP_IDENTITY[card][1] if is_troop(card) else 10
        # keep strong cards and wilds for flags that need them
        return gain - 0.002 * value - (0.05 if is_morale(card) else 0.0)
    if card == "T-DESERTER":
        flag = state["flags"][int(parts[2]) - 1]
        target = parts[3]
        mine, theirs = _sides(flag, ctx.seat)
        if target not in theirs:
            return None  # environment cards: not worth modelling
        theirs.remove(target)
        after = _flag_win_chance(ctx, flag, mine, theirs, hand_rest)
        return (after - base[flag["n"]]) * _flag_weight(ctx, flag["n"]) - 0.05
    if card == "T-TRAITOR":
        source = state["flags"][int(parts[2]) - 1]
        target = parts[3]
        dest = state["flags"][int(parts[4]) - 1]
        s_mine, s_theirs = _sides(source, ctx.seat)
        s_theirs.remove(target)
        if source["n"] == dest["n"]:
            after = _flag_win_chance(ctx, source, s_mine + [target], s_theirs, hand_rest)
            return (after - base[source["n"]]) * _flag_weight(ctx, source["n"]) - 0.05
        d_mine, d_theirs = _sides(dest, ctx.seat)
        gain = (_flag_win_chance(ctx, source, s_mine, s_theirs, hand_rest) - base[source["n"]]) \
            * _flag_weight(ctx, source["n"])
        gain += (_flag_win_chance(ctx, dest, d_mine + [target], d_theirs, hand_rest) - base[dest["n"]]) \
            * _flag_weight(ctx, dest["n"])
        return gain - 0.05
    return None  # Fog, Mud, Scout, Redeploy: only when nothing else is possible


def _choose_play(ctx: _Context, actions: list[str], rng: random.Random, idle_turns: int) -> str:
    state = ctx.state
    base = {}
    for flag in state["flags"]:
        if side_index(flag, ctx.seat) is not None:
            mine, theirs = _sides(flag, ctx.seat)
            base[flag["n"]] = _flag_win_chance(ctx, flag, mine, theirs, ctx.hand)
    best_value, best = None, []
    for action_id in actions:
        if action_id == "pass":
            continue
        value = _evaluate_play(ctx, action_id, base)
        if value is None:
            continue
        if best_value is None or value > best_value + 1e-9:
            best_value, best = value, [action_id]
        elif abs(value - best_value) <= 1e-9:
            best.append(action_id)
    if "pass" in actions:
        # Passing is allowed only without a troop play. Prefer it unless a play clearly helps or
        # the previous turn was a pass too (two passers would otherwise wait for ever).
        if best and best_value is not None and best_value > 0.02:
            return rng.choice(best)
        if idle_turns == 0:
            return "pass"
        others = [a for a in actions if a != "pass"]
        return rng.choice(best or others)
    if best:
        return rng.choice(best)
    return rng.choice(actions)


def _choose_return(ctx: _Context, actions: list[str]) -> str:
    """Scout: put back the least useful card (tactics we cannot use, then the lowest troop)."""
    def usefulness(action_id: str) -> float:
        card = action_id.split(":", 2)[2]
        if is_troop(card):
            return TROOP_IDENTITY[card][1]
        return 11 if is_morale(card) else 0
    return min(actions, key=lambda a: (usefulness(a), a))


def _choose_mud_discard(ctx: _Context, actions: list[str], mud_flag: int) -> str:
    flag = ctx.state["flags"][mud_flag - 1]
    mine, _ = _sides(flag, ctx.seat)
    fog = flag_has_fog(flag)

    def remaining_key(action_id: str):
        card = action_id.split(":", 1)[1]
        rest = list(mine)
        rest.remove(card)
        return best_completion(*split_side(rest), 3, fog).key
    return max(actions, key=lambda a: (remaining_key(a), a))


def choose(state: dict, seat: int, seed: int) -> str:
    """A legal action id for `seat`, from that seat's information only; deterministic per seed."""
    my_view = view(state, seat)
    safe = redacted_state(state, seat)
    actions = [a.id for a in legal_actions(safe, seat)]
    if not actions:
        raise IllegalAction(Msg("The computer player has nothing to do: it is not this seat's turn."))
    rng = random.Random(f"{seed}:{len(actions)}:{my_view['series']['game_no']}")
    hand = [c["id"] for c in my_view["hand"]]
    step = my_view["step"]
    if len(actions) == 1:
        return actions[0]
    if step == "claim":  # always claim every provable flag
        claims = [a for a in actions if a.startswith("claim:")]
        return claims[0] if claims else "done"
    if step in ("draw", "scout_draw"):
        prefix = "draw:" if step == "draw" else "scout:draw:"
        choice = prefix + "troop"  # troops build formations; tactics only when forced (D8)
        return choice if choice in actions else actions[0]
    ctx = _Context(safe, seat, hand)
    if step == "scout_return":
        return _choose_return(ctx, actions)
    if step == "mud_discard":
        return _choose_mud_discard(ctx, actions, my_view["mud_discard"]["flag"])
    return _choose_play(ctx, actions, rng, my_view["idle_turns"])

