"""Standings from a list of results.

A result is a plain dict:
    {"players": [a, b, ...], "ranks": [1, 2, ...]}   a finished game; ranks align with
                                                     players, 1 is best, equal ranks tie
    {"players": [a], "bye": True}                    a bye
Results with "ranks" missing or None (unplayed games) are ignored.

Match points. In a game of n players each player scores, against every other player in it,
1 for finishing ahead, 1/2 for the same place and 0 for finishing behind, and the total is
divided by n - 1. For two players that is the usual win 1 / draw 1/2 / loss 0; in a
four-player pod the places are worth 1, 2/3, 1/3 and 0; a bye is worth 1 (a win).
Sums are kept as exact fractions so equal totals compare equal; rows report floats.

Tiebreaks, in order:
1. match points;
2. Buchholz: the sum, over every game played, of each opponent's match points (byes add
   nothing);
3. Sonneborn-Berger: the sum, over every game and opponent, of what the player scored
   against that opponent (as above, divided by n - 1) times the opponent's match points —
   full points of beaten opponents and half of drawn ones in two-player games;
4. head-to-head: among players still level after 1-3, what each scored in games against the
   others in that group (same scoring as match points); 0 for a player not level with anyone;
5. a stable final key: position in the `players` list given (registration/seed order), or
   the player id as text when no list is given.
"""
from __future__ import annotations

from collections import defaultdict
from collections.abc import Hashable, Iterable, Mapping, Sequence
from fractions import Fraction
from itertools import groupby
from typing import Any

ONE = Fraction(1)
HALF = Fraction(1, 2)


def pairwise_score(my_rank: int, other_rank: int) -> Fraction:
    if my_rank < other_rank:
        return ONE
    if my_rank == other_rank:
        return HALF
    return Fraction(0)


def game_points(players: Sequence[Hashable], ranks: Sequence[int]) -> dict[Hashable, Fraction]:
    """Match points each player earns in one finished game (see module docstring)."""
    if len(players) != len(ranks) or len(players) < 2:
        raise ValueError("a game needs at least two players and one rank per player")
    n = len(players)
    return {
        p: sum((pairwise_score(ranks[i], ranks[j]) for j in range(n) if j != i), Fraction(0)) / (n - 1)
        for i, p in enumerate(players)
    }


def is_finished_result(result: Mapping[str, Any]) -> bool:
    return bool(result.get("bye")) or result.get("ranks") is not None


def compute_standings(results: Iterable[Mapping[str, Any]],
                      players: Sequence[Hashable] | None = None) -> list[dict[str, Any]]:
    """Rows best first:
    {"rank": 1, "player": id, "points": float, "buchholz": float, "sonneborn_berger": float,
     "head_to_head": float, "played": int (games, byes excluded), "wins": int, "draws": int,
     "losses": int, "byes": int, "unplayed": int (games closed with no move: counted for nobody)}
    "wins" counts outright first places, "draws" shared first places, "losses" the rest.
    Ranks run 1..n with no gaps (the final key breaks every tie)."""
    games = []   # (players, ranks) of finished games
    byes: dict[Hashable, int] = defaultdict(int)
    unplayed_games: dict[Hashable, int] = defaultdict(int)   # closed with no move: no points, no result
    everyone: list[Hashable] = list(players) if players is not None else []
    known = set(everyone)
    for result in results:
        if not is_finished_result(result):
            continue
        for p in result["players"]:
            if p not in known:
                known.add(p)
                everyone.append(p)
        if result.get("bye"):
            byes[result["players"][0]] += 1
        elif result.get("unplayed"):
            for p in result["players"]:
                unplayed_games[p] += 1
        else:
            games.append((list(result["players"]), list(result["ranks"])))

    if players is not None:
        order = {p: i for i, p in enumerate(players)}
        final_key = lambda p: (0, order[p], "") if p in order else (1, 0, str(p))  # noqa: E731
    else:
        final_key = lambda p: (1, 0, str(p))  # noqa: E731

    points: dict[Hashable, Fraction] = {p: Fraction(byes[p]) for p in everyone}
    stats = {p: {"played": 0, "wins": 0, "draws": 0, "losses": 0} for p in everyone}
    for g_players, g_ranks in games:
        for p, pts in game_points(g_players, g_ranks).items():
            points[p] += pts
        best = min(g_ranks)
        sharing_first = g_ranks.count(best)
        for p, r in zip(g_players, g_ranks):
            stats[p]["played"] += 1
            if r != best:
                stats[p]["losses"] += 1
            elif sharing_first == 1:
                stats[p]["wins"] += 1
            else:
                stats[p]["draws"] += 1

    buchholz = {p: Fraction(0) for p in everyone}
    sonneborn = {p: Fraction(0) for p in everyone}
    for g_players, g_ranks in games:
        scale = len(g_players) - 1
        for i, p in enumerate(g_players):
            for j, q in enumerate(g_players):
                if i != j:
                    buchholz[p] += points[q]
                    sonneborn[p] += pairwise_score(g_ranks[i], g_ranks[j]) * points[q] / scale

    def primary(p: Hashable) -> tuple:
        return (-points[p], -buchholz[p], -sonneborn[p])

    head_to_head = {p: Fraction(0) for p in everyone}
    ordered = sorted(everyone, key=lambda p: (primary(p), final_key(p)))
    for _, level in groupby(ordered, key=primary):
        group = set(level)
        if len(group) < 2:
            continue
        for g_players, g_ranks in games:
            inside = [i for i, p in enumerate(g_players) if p in group]
            if len(inside) < 2:
                continue
            scale = len(g_players) - 1
            for i in inside:
                for j in inside:
                    if i != j:
                        head_to_head[g_players[i]] += pairwise_score(g_ranks[i], g_ranks[j]) / scale

    ordered = sorted(everyone, key=lambda p: (primary(p), -head_to_head[p], final_key(p)))
    return [
        {
            "rank": position,
            "player": p,
            "points": float(points[p]),
            "buchholz": float(buchholz[p]),
            "sonneborn_berger": float(sonneborn[p]),
            "head_to_head": float(head_to_head[p]),
            **stats[p],
            "byes": byes[p],
            "unplayed": unplayed_games[p],
        }
        for position, p in enumerate(ordered, start=1)
    ]
