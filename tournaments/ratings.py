"""Player ratings with OpenSkill's Plackett-Luce model (2..n players or teams, and ties).

A rating is a plain JSON-able dict: {"mu": float, "sigma": float, "games": int}.

Display value: DISPLAY_BASE + DISPLAY_SCALE * (mu - 3 * sigma), rounded. mu - 3*sigma is
OpenSkill's "ordinal", a conservative estimate (the skill we are ~99% sure the player has),
so ordering players by display value is ordering them by ordinal. A new player (mu 25,
sigma 25/3) has ordinal 0 and shows 1500; sigma shrinks as games are played, so a player who
keeps performing at the average level drifts above 1500. A win between two new players moves
each side by roughly 40-70 points.

A rating is provisional until PROVISIONAL_GAMES rated games have been played.
"""
from __future__ import annotations

import math
from collections.abc import Hashable, Mapping, Sequence
from typing import Any

from openskill.models import PlackettLuce

DEFAULT_MU = 25.0
DEFAULT_SIGMA = 25.0 / 3.0
DISPLAY_BASE = 1500
DISPLAY_SCALE = 20
PROVISIONAL_GAMES = 5

_MODEL = PlackettLuce(mu=DEFAULT_MU, sigma=DEFAULT_SIGMA)

Rating = dict[str, Any]


def new_rating() -> Rating:
    return {"mu": DEFAULT_MU, "sigma": DEFAULT_SIGMA, "games": 0}


def ordinal(rating: Mapping[str, Any]) -> float:
    return float(rating["mu"]) - 3.0 * float(rating["sigma"])


def display_rating(rating: Mapping[str, Any]) -> int:
    return round(DISPLAY_BASE + DISPLAY_SCALE * ordinal(rating))


def is_provisional(rating: Mapping[str, Any]) -> bool:
    return int(rating.get("games", 0)) < PROVISIONAL_GAMES


def rate(match_ranks: Sequence[tuple[Hashable | Sequence[Hashable], int]],
         ratings: Mapping[Hashable, Mapping[str, Any]]) -> dict[Hashable, dict[str, Any]]:
    """Rate one finished game. `match_ranks` is [(player, rank), ...] or, for a game played
    in teams, [([player, ...], rank), ...] (a list or tuple is a team, ranked as one); rank 1
    best, equal ranks tie. A team is rated with OpenSkill's team model: its members' skills
    add up, and each member moves by their own share of the team's surprise. `ratings` holds
    current ratings (players missing from it start fresh; it is not modified). Returns, for
    every player in the game:
        {"rating": {"mu", "sigma", "games"},   the new rating, to store
         "old_display": int, "new_display": int, "delta": int (new - old display),
         "mu_delta": float, "provisional": bool (after this game)}"""
    teams = [list(side) if isinstance(side, (list, tuple)) else [side] for side, _ in match_ranks]
    players = [p for team in teams for p in team]
    if len(teams) < 2 or not all(teams):
        raise ValueError("a rated game needs at least two players or teams")
    if len(set(players)) != len(players):
        raise ValueError("duplicate players")
    before = {p: dict(ratings.get(p) or new_rating()) for p in players}
    model_teams = [[_MODEL.rating(mu=float(before[p]["mu"]), sigma=float(before[p]["sigma"])) for p in team]
                   for team in teams]
    rated = _MODEL.rate(model_teams, ranks=[float(r) for _, r in match_ranks])
    out: dict[Hashable, dict[str, Any]] = {}
    for team, new_team in zip(teams, rated):
        for p, new in zip(team, new_team):
            after = {"mu": float(new.mu), "sigma": float(new.sigma), "games": int(before[p].get("games", 0)) + 1}
            old_display, new_display = display_rating(before[p]), display_rating(after)
            out[p] = {
                "rating": after,
                "old_display": old_display,
                "new_display": new_display,
                "delta": new_display - old_display,
                "mu_delta": after["mu"] - float(before[p]["mu"]),
                "provisional": is_provisional(after),
            }
    return out


def team_rating(members: Sequence[Mapping[str, Any] | None]) -> Rating:
    """One rating standing for a team when seeding: the members' mean skill, with the
    uncertainty of that mean's typical member (unrated members count as new)."""
    found = [m or new_rating() for m in members] or [new_rating()]
    mu = sum(float(m["mu"]) for m in found) / len(found)
    sigma = math.sqrt(sum(float(m["sigma"]) ** 2 for m in found) / len(found))
    return {"mu": mu, "sigma": sigma, "games": min(int(m.get("games", 0)) for m in found)}


def apply_game(match_ranks: Sequence[tuple[Hashable, int]],
               ratings: Mapping[Hashable, Mapping[str, Any]]) -> dict[Hashable, Rating]:
    """`ratings` updated with one game: a new dict, every player in the game replaced."""
    updated = dict(ratings)
    for p, change in rate(match_ranks, ratings).items():
        updated[p] = change["rating"]
    return updated


def seed_order(players: Sequence[Hashable], ratings: Mapping[Hashable, Mapping[str, Any]]) -> list[Hashable]:
    """Players best first by ordinal (unrated count as new); ties keep the given order."""
    def key(p: Hashable) -> float:
        return -ordinal(ratings.get(p) or new_rating())
    return sorted(players, key=key)


def ranks_from_outcome(num_players: int, winners: Sequence[int],
                       scores: Mapping[int, float] | None = None) -> list[int]:
    """Ranks by seat for an engine result (winners + optional scores): winners share rank
    1; the others follow by score, highest first (equal scores share a rank), or all share
    rank 2 when there are no scores. Usable as `ranks` for standings and for `rate`."""
    winner_set = set(winners)
    ranks = [0] * num_players
    for seat in winner_set:
        ranks[seat] = 1
    others = [s for s in range(num_players) if s not in winner_set]
    if not scores:
        for s in others:
            ranks[s] = 2
        return ranks
    others.sort(key=lambda s: -scores.get(s, 0))
    next_rank = 2 if winner_set else 1
    for i, s in enumerate(others):
        if i and scores.get(s, 0) == scores.get(others[i - 1], 0):
            ranks[s] = ranks[others[i - 1]]
        else:
            ranks[s] = next_rank + i
    return ranks
