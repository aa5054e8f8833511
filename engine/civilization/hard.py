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
  foundings and great people's placings, and ending the step;
- the worlds: the state dealt again for the seat (`engine.search.world_of`: every hidden item
  it may not know dealt anew, the random generator seeded anew);
- each candidate is played in each world (the same worlds and rollout seeds for every
  candidate; `engine.search.rollout`, `HORIZON` moves) and the position reached is judged
  (`judge`, in [0, 1]; an ended game 1 won, 0 lost, 1/2 drawn);
- the normal move is kept unless another beats it by `MARGIN` (mean worth).

The judge (`worth`) counts, for each seat, its progress on the culture track (the culture and
trade its spaces cost, the culture tokens and trade it holds) and what its cities bring each
turn (culture, production, trade icons) over a few turns to come (`TURNS`), its cities, techs,
coins and forces, a scout that may still found a city;
the position is the sigmoid of the seat's worth less its best opponent's.

Deterministic for a seed (the generators are seeded from it), pure (no clock, no I/O).
"""
from __future__ import annotations

import math
import random
from functools import cache

from engine.search import Thought, best_of, rollout, tally, world_of

from . import ai, board, culture, economy, flow, research, views
from .ai_base import _value

CITY_CANDIDATES = 6     # moves compared at most in a City Management step (the normal one first)
WORLDS = 1              # determinizations (City Management's outcome hardly depends on hidden items)
HORIZON = 1             # moves played in a world, the candidate included
MARGIN = 0.01           # mean worth another move must gain over the normal one
SCALE = 12.0            # the judge's sigmoid, in worth points

TRADE_W = 0.4           # a trade point held (the track's later spaces and research spend it)
TURNS = 8.0             # turns to come over which a city's icons count
CULT_W = 1.0            # a culture icon a turn (the arts turn it into a token)
PROD_W = 0.35           # a production icon a turn
TRADEI_W = 0.35         # a trade icon a turn
CITY_W = 3.0            # a city (an action a turn: 1 culture at the arts)
TECH_W = 1.5
COIN_W = 1.5
ARMY_W = 1.0
SCOUT_W = 1.0
UNIT_W = 0.6
FOUNDER_W = 1.0         # a scout that may still found a city


@cache
def _spent() -> tuple[int, ...]:
    """The culture and trade paid to reach each space of the track."""
    total, out = 0, []
    for sp in culture.track():
        total += sp["cost_culture"] + sp["cost_trade"]
        out.append(total)
    return tuple(out)


def worth(state: dict, seat: int) -> float:
    """The seat's standing in the race, in culture points (read on a world)."""
    area = state["seats"][seat]
    total = _spent()[area["culture_level"]] + area["culture_tokens"] + TRADE_W * area["trade"]
    per_turn = 0.0
    with economy.reading(state):
        mine = economy.cities_of(state, seat)
        for c in mine:
            icons = economy.city_icons(state, c)
            per_turn += CULT_W * icons["culture"] + PROD_W * icons["production"] + TRADEI_W * icons["trade"]
        total += TURNS * per_turn + CITY_W * len(mine)
        coins = economy.coins(state, seat)
        total += COIN_W * coins
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


def judge(state: dict, seat: int) -> float:
    """A position for `seat`, in [0, 1]: the sigmoid of its worth less its best opponent's."""
    result = state.get("result")
    if result:
        winners = result.get("winners") or []
        return (1.0 if seat in winners else 0.0) if winners else 0.5
    mine = worth(state, seat)
    theirs = max(worth(state, s) for s in range(state["players"]) if s != seat)
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
        moves = [normal] + [a for a in legal if a.split(":")[0] in ("found", "greatperson")] + ["done"]
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
    return tally(moves, WORLDS, rng, lambda: world_of(game, state, seat, rng),
                 lambda w, move, rseed: rollout(game, w, seat, move, ai.choose, HORIZON, rseed, judge)[:2])


class _Rules:
    """The game as the search plays it, with its redeal (the secrecy module's, or a test's)."""

    def __init__(self, redeal=None):
        from . import RULES
        self.apply, self.result, self.active_players = RULES.apply, RULES.result, RULES.active_players
        self.redeal = redeal or RULES.redeal
