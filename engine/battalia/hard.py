"""The hard computer player (engine/ai_levels.py `hard`): the normal player's move, unless a short
look-ahead judges another one clearly better.

It decides from what its seat may know only: the position it thinks in is a world made by
`engine.search.world_of` (every card it may not see dealt again, the random generator seeded anew),
and its candidates come from its own legal moves and the normal player (ai.py), which reads only
the seat's view.

Where it thinks:
- placing a card (R45): every square and rotation the normal player would accept (one that keeps a
  road of its network leading into an empty square, so the game still reaches its end), each
  judged by the position it leaves;
- its own turn: the normal player's move against one move of each other kind it could make
  (a city of each level and shape, an upgrade, a hire of each unit, a craft of each artifact, a
  hero hired at each city, each hero's move to each square, a road of each shape, ending the turn),
  a card drawn for a building placed at its best square, each judged by the position it leaves: the
  last squares of the board often fit one shape only, and the card that fills them ends the game
  (R119), won by the player ahead, so a player ahead buys it and one behind does not;
- battles (R84-R107): each attack it may make, and each hero's move onto a square it could attack
  from (a neutral city, the Ruins, another player's city or hero) followed by the best attack it
  opens, is fought out to the battle's end in a few worlds by the normal player on both sides;
  so is each answer to an attack on it (fight, retreat, surrender). A decision follows `BUDGET`
  battle moves at most (counted, not timed); a battle the budget does not see to its end is not
  compared.

The judge (`worth`) counts what the game is won by, the levels of the cities (R123), and what will
let a player build or take more of them: the empty squares its roads reach sooner than the other's
(the board fills and the game ends, R119), the strength of its deck (units build and upgrade cities,
R44, R49), its first Weapons (a hero is hired and an attack opened with one, R56, R57), its heroes,
its Great Artifact, and the neutral cities still untaken (a level-4 city and a Commander to whoever
takes one, R104): a share of that prize that grows as its nearest hero comes closer, counted in
squares along the roads, with a hero still to hire or a Weapon still to craft, and an empty square
still to build a road on, each counted as squares more. A move must beat the normal one by `MARGIN`
to replace it. Deterministic for a seed; pure.
"""
from __future__ import annotations

import math
import random
from collections import deque

from engine.base import as_game, copy_state
from engine.search import Thought, best_of, world_of

from . import actions, ai, board, legal

MARGIN = 0.02           # in worth (0..1): how much better another move must look
SCALE = 3.0             # score points for a worth of about 0.73 (a sigmoid's slope)
OPEN = 0.05             # a game not yet over is worth OPEN..1-OPEN: a won end always beats the margin
W_LAND = 0.45           # a square of land nearer one's roads than the other's, in city levels
W_DECK = 0.25           # one rank of unit in the deck, in city levels
W_HERO = 0.6            # a hero on the board
W_GREAT = 1.5           # a Great Artifact (R107)
W_ARMS = (1.0, 0.4)     # the first and second Weapon of the deck: each hires a hero (R77) or opens an attack (R57)
W_PROSPECT = 0.6        # the share of a neutral city's prize (R104) a hero standing on it is worth
PRIZE = 5.0             # a neutral city taken: a level-4 city and a Commander (R104), in city levels
STEP = 0.8              # a prospect's worth kept for each square the hero is still away
HIRE_STEPS = 2          # a hero not yet hired, in squares of its road: one Weapon and 2 Supply (R77)
CRAFT_STEPS = 2         # and with no Weapon in the deck yet, one to craft first (R56)
BUILD_STEPS = 2         # an empty square between the network and the target, in squares: a road to buy
WORLDS = 3             # worlds a battle is fought out in
BATTLE_MOVES = 40      # moves a battle is followed for at most
ATTACKS = 4            # attacks compared at most
RAID_WORLDS = 2        # worlds a hero's move and the attack it opens are fought out in
RAIDS = 2              # hero moves onto a target compared at most
BUDGET = 60            # battle moves a decision may follow in all (its thinking time held down)
RANK = {"soldier": 1, "captain": 2, "priest": 3, "commander": 4}
ZONES = ("hand", "realm", "sanctuary", "played", "gained", "line", "ambush")
ARMS = ("weapon", "sword", "shield", "hammer")  # what hires a hero (R56, R72-R74)


def _game():
    from . import RULES
    return as_game(RULES)


# ------------------------------------------------------------------ the judge

def _land(state: dict) -> dict[int, float]:
    """The empty squares each player's roads reach sooner (a breadth-first walk over empty squares
    from the squares its network's roads lead into); shared equally on a tie."""
    empty = set(board.empty_squares(state))
    dist = {}
    for s in range(state["n"]):
        start = ai._open_squares(state, board.own_network(state, s))
        d = {sq: 0 for sq in start}
        todo = deque(start)
        while todo:
            cur = todo.popleft()
            for e in range(4):
                n = board.neighbour(cur, e)
                if n in empty and n not in d:
                    d[n] = d[cur] + 1
                    todo.append(n)
        dist[s] = d
    out = {s: 0.0 for s in range(state["n"])}
    for sq in empty:
        ds = {s: dist[s].get(sq) for s in range(state["n"]) if dist[s].get(sq) is not None}
        if not ds:
            continue
        best = min(ds.values())
        near = [s for s, v in ds.items() if v == best]
        for s in near:
            out[s] += 1.0 / len(near)
    return out


def _deck(state: dict, seat: int) -> tuple[int, int]:
    """The ranks of the seat's units added up, and how many Weapons (or what serves as one) it has."""
    p = state["players"][seat]
    total = arms = 0
    for zone in ZONES:
        for c in p[zone]:
            info = state["cards"].get(c)
            if info:
                total += RANK.get(info["t"], 0)
                arms += info["t"] in ARMS
    return total, arms


def _steps_to(state: dict, seat: int, targets: list[str]) -> dict[str, float]:
    """How far the seat's nearest hero is from each target, in squares: along the roads from a hero
    on the board, or from one of its cities with a hero still to hire (`HIRE_STEPS`), or, for a
    target its roads do not reach yet, across the empty squares between (`BUILD_STEPS` each)."""
    p = state["players"][seat]
    far: dict[str, float] = {t: math.inf for t in targets}
    starts = [(h, 0.0) for h in p["heroes"] if h]
    if None in p["heroes"]:
        hire = HIRE_STEPS + (0 if _deck(state, seat)[1] else CRAFT_STEPS)
        starts += [(c, float(hire)) for c in board.cities_of(state, seat)]
    network: dict[str, float] = {}
    for start, extra in starts:
        for sq, (cost, _) in board.move_costs(state, seat, start).items():
            if extra + cost < network.get(sq, math.inf):
                network[sq] = extra + cost
    for t in targets:
        if t in network:
            far[t] = network[t]
            continue
        for sq, d in network.items():
            gap = abs(board.sq_xy(sq)[0] - board.sq_xy(t)[0]) + abs(board.sq_xy(sq)[1] - board.sq_xy(t)[1])
            far[t] = min(far[t], d + 1 + BUILD_STEPS * (gap - 1))
    return far


def prospects(state: dict, seat: int) -> float:
    """What the neutral cities still untaken promise the seat (R103, R104), in city levels: a share
    of the prize that shrinks with every square its nearest hero is still away from them."""
    targets = [sq for sq, t in state["board"].items() if t["kind"] == "city" and t.get("owner") == "neutral"]
    if not targets:
        return 0.0
    return sum(W_PROSPECT * PRIZE * STEP ** d for d in _steps_to(state, seat, targets).values() if d < math.inf)


def points(state: dict, seat: int) -> float:
    """The seat's standing in city levels: its cities (R123), its land, deck and heroes, and the
    neutral cities its heroes are on their way to."""
    score = sum(t["level"] for t in state["board"].values() if t["kind"] == "city" and t.get("owner") == seat)
    p = state["players"][seat]
    heroes = sum(1 for h in p["heroes"] if h)
    ranks, arms = _deck(state, seat)
    return (score + W_DECK * ranks + sum(W_ARMS[:arms]) + W_HERO * heroes + (W_GREAT if p.get("great") else 0.0)
            + prospects(state, seat))


def worth(state: dict, seat: int) -> float:
    """The position for the seat in [0, 1]: an ended game 1, 1/2 or 0; otherwise a sigmoid of its
    lead in `points` and land over the best other player, between OPEN and 1 - OPEN (however far
    ahead, the win itself is worth more than the `MARGIN` a move must beat the normal one by)."""
    result = state.get("result")
    if result:
        winners = result["winners"]
        return 0.5 if not winners else (1.0 if seat in winners else (0.0 if len(winners) == 1 else 0.5))
    land = _land(state)
    mine = points(state, seat) + W_LAND * land[seat]
    other = max(points(state, s) + W_LAND * land[s] for s in range(state["n"]) if s != seat)
    return OPEN + (1.0 - 2 * OPEN) / (1.0 + math.exp(-(mine - other) / SCALE))


# ------------------------------------------------------------------ the look-ahead

def _play(state: dict, seat: int, action: str) -> dict | None:
    new = copy_state(state)
    try:
        actions.apply_action(new, seat, action, actions.Events(new))
    except Exception:  # noqa: BLE001 - a move a world refuses is not taken there
        return None
    return new


def _placements(state: dict, seat: int) -> list[str]:
    """The places for the card drawn that the normal player would accept: a road of the network
    still leads into an empty square after it (R45f), or the board fills (R119)."""
    ids = [a.id for a in legal.legal_actions(state, seat)]
    tile = state["pending"]["tile"]
    info = state["terrain"].get(tile, {})
    open_now = ai._open_squares(state, board.own_network(state, seat))
    keep = [i for i in ids if i.startswith("place:") and ai.keeps_open(state, info, open_now, i)]
    return keep or ids


def _best_place(state: dict, seat: int) -> tuple[float, str | None]:
    best, pick = -1.0, None
    for i in _placements(state, seat):
        after = _play(state, seat, i)
        if after is None:
            continue
        w = worth(after, seat)
        if w > best:
            best, pick = w, i
    return best, pick


def _judge(world: dict, seat: int, action: str) -> float | None:
    after = _play(world, seat, action)
    if after is None:
        return None
    pend = after.get("pending")
    if pend and pend.get("kind") == "place" and pend.get("seat") == seat:
        w, _ = _best_place(after, seat)
        return w if w >= 0 else None
    return worth(after, seat)


def _kind(action: str) -> str:
    """A move's kind: its verb, with what it buys (a unit, an artifact, a road's shape, a city's level
    and shape): the card that ends the game when the board has one square left is of one shape."""
    parts = action.split(":")
    if parts[0] in ("city", "move"):
        return f"{parts[0]}:{parts[1]}:{parts[2]}"
    if parts[0] in ("hire", "craft", "road", "hero"):
        return f"{parts[0]}:{parts[1]}"
    return parts[0]


TURN_KINDS = ("city", "upgrade", "hire", "craft", "hero", "move", "road", "end")


def _turn_candidates(state: dict, seat: int, normal: str, ids: list[str]) -> list[str]:
    out, seen = [normal], {_kind(normal)}
    for i in ids:
        if i.split(":")[0] not in TURN_KINDS:
            continue
        if i.startswith("road:") and ai.closes(state, seat, "road", i.split(":")[1]):
            continue
        k = _kind(i)
        if k in seen:
            continue
        seen.add(k)
        out.append(i)
    return out


class _Budget:
    """The battle moves a decision may still follow (counted, never timed: the same for a seed)."""

    def __init__(self, moves: int):
        self.left = moves


def _fight_out(world: dict, seat: int, action: str, rng: random.Random, budget: _Budget) -> float | None:
    """`action` played in `world`, then the battle it starts or answers followed to its end with the
    normal player on both sides (and any choice it leaves, such as the Great Artifact taken, R107):
    the position then, judged. None when the budget ran out before the battle's end."""
    state = _play(world, seat, action)
    if state is None:
        return None
    for _ in range(BATTLE_MOVES):
        if state.get("result") or not (state.get("battle") or state.get("pending")):
            break
        if budget.left <= 0:
            return None
        budget.left -= 1
        (mover,) = actions.active_players(state)
        after = _play(state, mover, ai.choose(state, mover, rng.randrange(1 << 30)))
        if after is None:
            break
        state = after
    return worth(state, seat)


def _battle_worth(worlds: list[dict], seat: int, action: str, seed: int, budget: _Budget) -> float | None:
    """The mean judged worth of `action` fought out in each world (the same dice for every move);
    None when the budget does not reach the end of every battle."""
    total = 0.0
    for k, world in enumerate(worlds):
        w = _fight_out(world, seat, action, random.Random(f"battalia-hard:{seed}:{k}"), budget)
        if w is None:
            return None
        total += w
    return total / len(worlds)


def _raids(state: dict, seat: int, ids: list[str]) -> list[str]:
    """The hero moves onto a square it could attack from there: a neutral city, the Ruins, a city of
    another player or a square with another player's hero (R84, R104, R107). Public board only."""
    others = {h for s, p in enumerate(state["players"]) if s != seat for h in p["heroes"] if h}
    out = []
    for i in ids:
        if not i.startswith("move:"):
            continue
        dest = i.split(":")[2]
        tile = state["board"].get(dest, {})
        if (tile.get("kind") == "ruins" or (tile.get("kind") == "city" and tile.get("owner") != seat)
                or dest in others):
            out.append(i)
    return out


def _raid_worth(worlds: list[dict], seat: int, move: str, seed: int, budget: _Budget) -> float | None:
    """A hero's move followed by the best attack it opens this turn (each fought out in every world),
    or by nothing when no attack judges better."""
    moved = [_play(w, seat, move) for w in worlds]
    if any(m is None for m in moved):
        return None
    best = worth(moved[0], seat)
    for attack in [a.id for a in legal.legal_actions(moved[0], seat) if a.id.startswith("attack:")][:RAIDS]:
        w = _battle_worth(moved, seat, attack, seed, budget)
        if w is not None and w > best:
            best = w
    return best


def _worlds(game, state: dict, seat: int, seed: int, n: int) -> list[dict]:
    rng = random.Random(f"battalia-hard:{seed}")
    return [world_of(game, state, seat, rng) for _ in range(n)]


def choose(state: dict, seat: int, seed: int, rules=None) -> Thought:
    """The hard player's move for `seat` (deterministic for a seed) and what it saw. `rules`: the
    game whose `redeal` makes its worlds (Battalia's own unless a test gives another)."""
    game = as_game(rules) if rules is not None else _game()
    normal = game.ai_choose(state, seat, seed)
    pend = state.get("pending")
    battle = state.get("battle")
    fought: set[str] = set()
    raided: set[str] = set()
    if pend:
        if pend.get("kind") != "place":
            return Thought(normal)
        candidates = [normal] + [i for i in _placements(state, seat) if i != normal]
    elif battle:
        if battle.get("stage") != "decide":
            return Thought(normal)
        ids = [a.id for a in legal.legal_actions(state, seat)]  # fight, retreat or surrender (R86, R96, G22)
        candidates = list(dict.fromkeys([normal] + ids))
        fought = set(candidates)
    elif state["phase"] in ("actions", "start"):
        if normal.split(":")[0] in ("formation", "redeploy", "claim"):
            return Thought(normal)
        ids = [a.id for a in legal.legal_actions(state, seat)]
        attacks = [i for i in ids if i.startswith("attack:")][:ATTACKS]
        raids = _raids(state, seat, ids)[:RAIDS]
        others = _turn_candidates(state, seat, normal, ids)
        candidates = list(dict.fromkeys(others + attacks + raids))
        fought = {i for i in candidates if i.startswith("attack:")}
        raided = {i for i in candidates if i in raids}
    else:
        return Thought(normal)
    if len(candidates) <= 1:
        return Thought(normal)
    worlds = _worlds(game, state, seat, seed, WORLDS if fought else (RAID_WORLDS if raided else 1))
    scores = []
    budget = _Budget(BUDGET)
    for c in candidates:
        if c in raided:
            w = _raid_worth(worlds, seat, c, seed, budget)
        elif c in fought:
            w = _battle_worth(worlds, seat, c, seed, budget)
        elif pend:
            w = _worth_place(worlds[0], seat, c)
        else:
            w = _judge(worlds[0], seat, c)
        scores.append(-1.0 if w is None else w)
    best = best_of(scores, MARGIN)
    # `won`: what the chosen move was judged worth (not a share of ended games: none is played out)
    return Thought(candidates[best], len(candidates), len(worlds), 0, round(scores[best], 9), True, judged=True)


def _worth_place(world: dict, seat: int, action: str) -> float | None:
    after = _play(world, seat, action)
    return None if after is None else worth(after, seat)
