"""The hard computer player for Civilization (issue 36): the normal player's move and a few
others of the same step, each played in worlds the seat cannot tell from the true game and the
position reached judged by the race to the victories.

How it decides, from what its seat may know only:
- a single legal move is played as it is; a battle's plays, a cancel window, a card's choice,
  the normal player's own card plays (abilities, culture events: their effects are its to weigh),
  the setup, Movement, Trade and Research are left to the normal player (`ai.choose`): a Thought
  with one candidate;
- in City Management the candidates are the normal player's move, an advance on the culture
  track, and for each city that may still act: the arts, its best building and its best wonder by
  the icons they add (`CITY_CANDIDATES` at most); in the Start of Turn: the normal move, the
  foundings, the great people's placings on free squares (`start_candidates`), and ending the step;
- the worlds: the state dealt again for the seat (`engine.search.world_of`: every hidden item
  it may not know dealt anew, the random generator seeded anew);
- each candidate is played in each world (the same worlds and answer seeds for every candidate),
  then the cancel window it opens is answered by the normal player on the other seats
  (`play_out`, `ANSWERS` moves at most: an action's effect waits for the window, and a move
  judged before it would be worth what every other move is), and the position reached is judged
  (`judge`, in [0, 1]; an ended game 1 won, 0 lost, 1/2 drawn);
- the normal move is kept unless another beats it by `MARGIN` (mean worth).

The judge (`worth`) counts, for each seat, its progress on the culture track (the culture and
trade its spaces cost, the culture tokens and trade it holds), what its cities bring each turn
(culture, production, trade icons) over the turns the game may still last (`turns_left`: the
nearest seat's culture or economic victory at its pace, `TURNS_MAX` at most), its cities, techs,
coins (worth much more to a seat racing to the economic victory: `goals`, the normal player's
own goal for the seat, the nearest victory by what is public for an opponent) and forces, a scout
that may still found a city; the position is the sigmoid of the seat's worth less its best
opponent's, wide (`SCALE`) so that a seat far ahead or behind still tells its moves apart.

Deterministic for a seed (the generators are seeded from it), pure (no clock, no I/O).
"""
from __future__ import annotations

import math
import random
from functools import cache

from engine.search import Thought, best_of, tally, value_of, world_of

from . import ai, ai_goal, board, culture, economy, flow, research, views
from .ai_base import _value

CITY_CANDIDATES = 6     # moves compared at most in a City Management step (the normal one first)
WORLDS = 1              # determinizations (two gave the same results at twice the time)
ANSWERS = 4             # moves played after the candidate at most, while a cancel window it opened is open
MARGIN = 0.001          # mean worth another move must gain over the normal one (0.6 worth points)
SCALE = 150.0           # the judge's sigmoid, in worth points (wide: far ahead or behind, moves still differ)

TRADE_W = 0.4           # a trade point held (the track's later spaces and research spend it)
TURNS_MAX = 10.0        # turns to come over which a city's icons count, at most (the game's
TURNS_MIN = 1.0         # foreseen end, `turns_left`, brings it down)
ARTS_SHARE = 0.6        # the share of a city's actions that go to the arts in the race
TRADE_SHARE = 0.7       # the share of the trade collected that reaches the culture track
CULT_W = 1.0            # a culture icon a turn (the arts turn it into a token)
PROD_W = 0.35           # a production icon a turn
TRADEI_W = 0.35         # a trade icon a turn
CITY_W = 3.0            # a city (an action a turn: 1 culture at the arts)
TECH_W = 1.5
COIN_W = 1.5
ECON_COIN_W = 8.0       # a coin to a seat racing to the economic victory (15 coins win)
ARMY_W = 1.0
SCOUT_W = 1.0
UNIT_W = 0.6
FOUNDER_W = 6.0         # a scout that may still found a city (a city to come: its actions, its icons)


@cache
def _spent() -> tuple[int, ...]:
    """The culture and trade paid to reach each space of the track."""
    total, out = 0, []
    for sp in culture.track():
        total += sp["cost_culture"] + sp["cost_trade"]
        out.append(total)
    return tuple(out)


def culture_turns(state: dict, seat: int) -> float:
    """Turns the seat needs to the end of the culture track at its pace: the culture and trade
    still to pay, less what it holds, at what its cities' arts and trade bring a turn."""
    area = state["seats"][seat]
    need_culture = max(0, _remaining()[area["culture_level"]][0] - area["culture_tokens"])
    need_trade = max(0, _remaining()[area["culture_level"]][1] - area["trade"])
    arts = trade = 0
    with economy.reading(state):
        for c in economy.cities_of(state, seat):
            icons = economy.city_icons(state, c)
            arts += culture.arts_culture(icons["culture"])
            trade += icons["trade"]
    return max(need_culture / max(1.0, ARTS_SHARE * arts), need_trade / max(1.0, TRADE_SHARE * trade))


def economic_turns(state: dict, seat: int) -> float:
    """Turns the seat needs to 15 coins (ai_goal's estimate, with the coins it holds)."""
    view = {"seats": [dict(a) for a in state["seats"]]}
    view["seats"][seat]["coins"] = economy.coins(state, seat)
    return ai_goal.economic_turns(view, seat)


def turns_left(state: dict) -> float:
    """The turns over which what the cities bring counts: the game's foreseen end, the nearest
    seat's culture or economic victory, within [TURNS_MIN, TURNS_MAX]."""
    nearest = min(min(culture_turns(state, s), economic_turns(state, s)) for s in range(state["players"]))
    return min(TURNS_MAX, max(TURNS_MIN, nearest))


@cache
def _remaining() -> tuple[tuple[int, int], ...]:
    """The culture and trade still to pay from each space of the track to its end."""
    out, culture_left, trade_left = [], 0, 0
    for sp in reversed(culture.track()):
        out.append((culture_left, trade_left))
        culture_left += sp["cost_culture"]
        trade_left += sp["cost_trade"]
    return tuple(reversed(out))


def worth(state: dict, seat: int, goal: str = "culture", turns: float = TURNS_MAX) -> float:
    """The seat's standing in the race to its `goal`, in culture points (read on a world)."""
    area = state["seats"][seat]
    total = _spent()[area["culture_level"]] + area["culture_tokens"] + TRADE_W * area["trade"]
    per_turn = 0.0
    with economy.reading(state):
        mine = economy.cities_of(state, seat)
        for c in mine:
            icons = economy.city_icons(state, c)
            per_turn += CULT_W * icons["culture"] + PROD_W * icons["production"] + TRADEI_W * icons["trade"]
        total += turns * per_turn + CITY_W * len(mine)
        coins = economy.coins(state, seat)
        total += (ECON_COIN_W if goal == "economic" else COIN_W) * coins
    total += TECH_W * len(area["techs"])
    founders = max(0, min(research.city_limit(state, seat), len(mine) + area["unbuilt"]["city"]) - len(mine))
    for f in state["figures"]:
        if f["owner"] == seat:
            if f["kind"] == "army":
                total += ARMY_W
            elif founders > 0:
                founders -= 1
                total += FOUNDER_W
            else:
                total += SCOUT_W
    forces = area["standing_forces"]
    total += UNIT_W * (forces if isinstance(forces, int) else len(forces))
    return total


def goals(state: dict, seat: int) -> dict[int, str]:
    """The victory each seat races to, read on the seat's view: its own as the normal player
    picks it (ai_goal.goal), an opponent's the nearest of culture, tech and economic by what is
    public (its forces are not)."""
    view = views.view(state, seat)
    out = {seat: ai_goal.goal(view, seat)}
    with economy.reading(view):
        for s in range(state["players"]):
            if s != seat:
                lean = ai_goal.LEANING.get(view["seats"][s]["civ"], {})
                est = {g: ai_goal.ESTIMATES[g](view, s) - lean.get(g, 0.0) for g in ("culture", "tech", "economic")}
                out[s] = min(est, key=lambda g: (est[g], g))
    return out


def judge(state: dict, seat: int, goal_of: dict[int, str] | None = None, turns: float = TURNS_MAX) -> float:
    """A position for `seat`, in [0, 1]: the sigmoid of its worth less its best opponent's, each
    counted for the victory it races to (`goal_of`, culture by default) with its cities' yield
    over `turns` to come."""
    result = state.get("result")
    if result:
        winners = result.get("winners") or []
        return (1.0 if seat in winners else 0.0) if winners else 0.5
    goal_of = goal_of or {}
    mine = worth(state, seat, goal_of.get(seat, "culture"), turns)
    theirs = max(worth(state, s, goal_of.get(s, "culture"), turns) for s in range(state["players"]) if s != seat)
    return 1.0 / (1.0 + math.exp(-(mine - theirs) / SCALE))


def _best_of_kind(view: dict, options: list[str]) -> list[str]:
    """For one city: its best building and best wonder by the icons they add to their square."""
    best: dict[str, tuple[float, str]] = {}
    for a in options:
        parts = a.split(":")
        if len(parts) < 5 or parts[2] not in ("building", "wonder"):
            continue
        x, y = board.parse_label(parts[4])
        icons = board.building_icons(parts[3]) if parts[2] == "building" else board.wonder_icons(parts[3])
        here = board.yields(view, x, y) or {}
        gain = _value(icons) - _value(here)
        key = parts[2]
        if key not in best or gain > best[key][0]:
            best[key] = (gain, a)
    return [a for _, a in sorted(best.values(), reverse=True)]


def city_candidates(state: dict, seat: int, normal: str, legal: list[str]) -> list[str]:
    """The normal player's move first, then an advance on the track, then for each city that may
    still act its arts, its best building and its best wonder (read on the seat's view)."""
    view = views.view(state, seat)
    out = [normal]
    if "culture" in legal:
        out.append("culture")
    by_city: dict[str, list[str]] = {}
    for a in legal:
        parts = a.split(":")
        if parts[0] in ("produce", "arts") and len(parts) >= 2:
            by_city.setdefault(parts[1], []).append(a)
    for city, options in by_city.items():
        arts = f"arts:{city}"
        if arts in options:
            out.append(arts)
        out += _best_of_kind(view, options)
    return list(dict.fromkeys(out))[:CITY_CANDIDATES]


def start_candidates(state: dict, legal: list[str]) -> list[str]:
    """The foundings, and the great people's placings on a square free of buildings, wonders and
    great people (placing one on another's square takes that one back to the sheet: a step that
    could be taken again and again)."""
    out = []
    for a in legal:
        parts = a.split(":")
        if parts[0] == "found":
            out.append(a)
        elif parts[0] == "greatperson" and not any(parts[2] in state[key] for key in
                                                    ("buildings", "wonders_at", "great_people_at")):
            out.append(a)
    return out


def choose(state: dict, seat: int, seed: int, redeal=None) -> Thought:
    """The hard player's move for `seat` and what its search saw (the platform's `hard_choose`).
    `redeal` deals the hidden items again (a test may give one that deals from a fixed copy)."""
    legal = flow.legal_ids(state, seat)
    if len(legal) == 1:
        return Thought(legal[0])
    normal = ai.choose(state, seat, seed)
    if state.get("pending") or state.get("battle") or normal.split(":", 1)[0] in ai.CARD_VERBS:
        return Thought(normal, searched=True)       # a card's effect is the normal player's to weigh
    if state.get("phase") == "city":
        moves = city_candidates(state, seat, normal, legal)
    elif state.get("phase") == "start":
        moves = [normal] + start_candidates(state, legal) + ["done"]
        moves = list(dict.fromkeys(m for m in moves if m in legal))[:CITY_CANDIDATES]
    else:
        return Thought(normal, searched=True)
    if len(moves) == 1:
        return Thought(normal, searched=True)
    totals, ended, won = weigh(state, seat, seed, moves, redeal)
    best = best_of(totals, MARGIN * WORLDS)
    return Thought(moves[best], len(moves), WORLDS, ended[best], won[best], True, judged=True)


def weigh(state: dict, seat: int, seed: int, moves: list[str], redeal=None):
    """Each move played in the same `WORLDS` worlds: (the summed worth of each, how many of its
    rollouts ended the game, what those were worth)."""
    rng = random.Random(f"civilization-hard:{seed}")
    game = _Rules(redeal)
    goal_of = goals(state, seat)
    turns = turns_left(views.view(state, seat))

    def judge_for_goals(position: dict, who: int) -> float:
        return judge(position, who, goal_of, turns)
    return tally(moves, WORLDS, rng, lambda: world_of(game, state, seat, rng),
                 lambda w, move, rseed: play_out(game, w, seat, move, rseed, judge_for_goals))


def play_out(game, world: dict, seat: int, move: str, seed: int, evaluate) -> tuple[float, bool]:
    """(the worth to `seat`, whether the game ended) of `move` played in `world`, then the cancel
    window it opened answered by the normal player (`ANSWERS` moves at most): a City Management
    action waits there for the other seats, and judged before its effect it would be worth
    what every other move is."""
    state, _ = game.apply(world, seat, move)
    rng = random.Random(seed)
    for _ in range(ANSWERS):
        if game.result(state) is not None or not state.get("pending"):
            break
        mover = min(game.active_players(state))
        state, _ = game.apply(state, mover, ai.choose(state, mover, rng.randrange(1 << 30)))
    result = game.result(state)
    if result is not None:
        return value_of(result, seat), True
    return evaluate(state, seat), False


class _Rules:
    """The game as the search plays it, with its redeal (the secrecy module's, or a test's)."""

    def __init__(self, redeal=None):
        from . import RULES
        self.apply, self.result, self.active_players = RULES.apply, RULES.result, RULES.active_players
        self.redeal = redeal or RULES.redeal
