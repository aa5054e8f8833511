"""A tournament as plain data that a service layer can store as JSON and drive:

    t = new_tournament("swiss", ["p1", "p2", ...])       # players in seed order
    for match in next_round(t): ...                       # create games for the matches
    record_result(t, match.id, [1, 2])                    # ranks aligned with match.players
    if is_round_complete(t) and not is_finished(t): next_round(t)
    champion(t), standings(t), bracket(t)

Formats: "round_robin" and "swiss" (two players), "single_elimination" (two players, no
draws), "swiss_pods" (multiplayer pods of min_pod..max_pod players). Player ids are strings.
Functions mutate the Tournament they are given; `to_dict`/`from_dict` round-trip it.

Team events: each "player" of the event is a team (its id from `team_id`), and
`Tournament.teams` names its members; pairing, results and standings are by team.
"""
from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

from engine.text import Msg
from tournaments import pairing
from tournaments.standings import compute_standings

FORMATS = ("round_robin", "swiss", "single_elimination", "swiss_pods")
STATE_VERSION = 1


@dataclass
class Match:
    """One game of a round. `players` are in seat order (seat 0 first); a bye has a single
    player, bye=True and ranks [1] from the start. `ranks` aligns with players (1 best,
    equal ranks tie) and is None until the game is reported."""

    id: str
    round: int
    players: list[str]
    ranks: list[int] | None = None
    bye: bool = False
    unplayed: bool = False     # closed with no move made: it counts for nobody (ranks only say who goes on)

    @property
    def finished(self) -> bool:
        return self.ranks is not None

    @property
    def winners(self) -> list[str]:
        if self.ranks is None:
            return []
        best = min(self.ranks)
        return [p for p, r in zip(self.players, self.ranks) if r == best]

    def to_dict(self) -> dict[str, Any]:
        out = {"id": self.id, "round": self.round, "players": list(self.players),
               "ranks": None if self.ranks is None else list(self.ranks), "bye": self.bye}
        if self.unplayed:
            out["unplayed"] = True
        return out

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Match":
        ranks = d.get("ranks")
        return cls(str(d["id"]), int(d["round"]), [str(p) for p in d["players"]],
                   None if ranks is None else [int(r) for r in ranks], bool(d.get("bye", False)),
                   bool(d.get("unplayed", False)))


@dataclass
class Tournament:
    format: str
    players: list[str]                 # seed order, best first
    total_rounds: int
    rounds: list[list[Match]] = field(default_factory=list)
    min_pod: int = 2
    max_pod: int = 2
    pod_target: int | None = None      # preferred pod size (swiss_pods); None = max_pod
    dropped: list[str] = field(default_factory=list)
    teams: dict[str, list[str]] = field(default_factory=dict)   # team id -> members (team events)

    def to_dict(self) -> dict[str, Any]:
        return {
            "version": STATE_VERSION,
            "format": self.format,
            "players": list(self.players),
            "total_rounds": self.total_rounds,
            "rounds": [[m.to_dict() for m in rnd] for rnd in self.rounds],
            "min_pod": self.min_pod,
            "max_pod": self.max_pod,
            "pod_target": self.pod_target,
            "dropped": list(self.dropped),
            "teams": {team: list(members) for team, members in self.teams.items()},
        }

    @classmethod
    def from_dict(cls, d: dict[str, Any]) -> "Tournament":
        return cls(
            format=d["format"],
            players=[str(p) for p in d["players"]],
            total_rounds=int(d["total_rounds"]),
            rounds=[[Match.from_dict(m) for m in rnd] for rnd in d.get("rounds", [])],
            min_pod=int(d.get("min_pod", 2)),
            max_pod=int(d.get("max_pod", 2)),
            pod_target=d.get("pod_target"),
            dropped=[str(p) for p in d.get("dropped", [])],
            teams={str(team): [str(m) for m in members] for team, members in (d.get("teams") or {}).items()},
        )


def max_swiss_rounds(n: int) -> int:
    """More rounds than this would force a second bye (odd n) or exhaust opponents (even n)."""
    return n if n % 2 else n - 1


def team_id(members: list[str]) -> str:
    """A team's id in the event: its members' ids joined."""
    return "+".join(str(m) for m in members)


def new_tournament(format: str, players: list[str], *, rounds: int | None = None,
                   min_pod: int = 3, max_pod: int = 4, pod_target: int | None = None,
                   teams: dict[str, list[str]] | None = None) -> Tournament:
    """`players` in seed order, best first (see ratings.seed_order). `rounds` applies to
    swiss (default ceil(log2 n), at most max_swiss_rounds(n)) and swiss_pods (default 3);
    round robin and single elimination have the number of rounds their format implies.
    With `teams` (team id -> members), `players` are those team ids."""
    if format not in FORMATS:
        raise ValueError(f"unknown format {format!r}; one of {', '.join(FORMATS)}")
    players = [str(p) for p in players]
    if len(set(players)) != len(players):
        raise ValueError("duplicate players")
    teams = {str(k): [str(m) for m in v] for k, v in (teams or {}).items()}
    if teams:
        if format == "swiss_pods":
            raise ValueError(Msg("pods are for single players"))
        if set(teams) != set(players) or not all(teams.values()):
            raise ValueError(Msg("every team needs its members"))
        everyone = [m for members in teams.values() for m in members]
        if len(set(everyone)) != len(everyone):
            raise ValueError(Msg("a player in two teams"))
    if format == "swiss_pods":
        if not 2 <= min_pod <= max_pod:
            raise ValueError(Msg("bad pod sizes"))
        if len(players) < min_pod:
            raise ValueError(Msg("need at least {n} players", n=min_pod))
        total = rounds if rounds is not None else 3
        if total < 1:
            raise ValueError("need at least one round")
        return Tournament(format, players, total, min_pod=min_pod, max_pod=max_pod, pod_target=pod_target)
    if len(players) < 2:
        raise ValueError("need at least two players")
    if format == "round_robin":
        total = len(pairing.round_robin(players))
    elif format == "single_elimination":
        total = pairing.elimination_round_count(len(players))
    else:
        cap = max_swiss_rounds(len(players))
        total = rounds if rounds is not None else min(cap, max(1, math.ceil(math.log2(len(players)))))
        if not 1 <= total <= cap:
            raise ValueError(f"a Swiss event of {len(players)} {'teams' if teams else 'players'} "
                             f"can have 1 to {cap} rounds")
    return Tournament(format, players, total, teams=teams)


# --------------------------------------------------------------------------- queries

def current_round(t: Tournament) -> int:
    """Number of the latest round created (0 before the first)."""
    return len(t.rounds)


def members(t: Tournament, player: str) -> list[str]:
    """The people behind one of the event's players: a team's members, or the player."""
    return list(t.teams.get(player, [player]))


def entrant_of(t: Tournament, person: str) -> str | None:
    """The event's player a person plays as (their team in a team event), if any."""
    for team, people in t.teams.items():
        if person in people:
            return team
    return person if person in t.players and not t.teams else None


def all_matches(t: Tournament) -> list[Match]:
    return [m for rnd in t.rounds for m in rnd]


def find_match(t: Tournament, match_id: str) -> Match:
    for m in all_matches(t):
        if m.id == match_id:
            return m
    raise KeyError(match_id)


def pending_matches(t: Tournament) -> list[Match]:
    return [m for m in (t.rounds[-1] if t.rounds else []) if not m.finished]


def is_round_complete(t: Tournament) -> bool:
    """True when no round is in progress (also before round 1)."""
    return not pending_matches(t)


def is_finished(t: Tournament) -> bool:
    return len(t.rounds) >= t.total_rounds and is_round_complete(t)


def results(t: Tournament) -> list[dict[str, Any]]:
    """Finished matches in the shape `standings.compute_standings` reads."""
    return [m.to_dict() for m in all_matches(t) if m.finished]


def standings(t: Tournament) -> list[dict[str, Any]]:
    """Rows as in standings.compute_standings, for every registered player."""
    return compute_standings(results(t), t.players)


def champion(t: Tournament) -> str | None:
    """The winner once the event is over: the final's winner in single elimination, the
    top of the standings otherwise. None while it is running."""
    if not is_finished(t) or not t.rounds:
        return None
    if t.format == "single_elimination":
        return t.rounds[-1][0].winners[0]
    return standings(t)[0]["player"]


# --------------------------------------------------------------------------- driving

def next_round(t: Tournament) -> list[Match]:
    """Create, store and return the next round's matches (byes come pre-finished)."""
    if not is_round_complete(t):
        raise ValueError("the current round is not complete")
    if len(t.rounds) >= t.total_rounds:
        raise ValueError("the tournament is finished")
    number = len(t.rounds) + 1
    if t.format == "round_robin":
        pairings, bye = pairing.round_robin(t.players)[number - 1]
        games, byes = [list(p) for p in pairings], [bye] if bye is not None else []
    elif t.format == "single_elimination":
        t.rounds.append(_elimination_matches(t, number))
        return t.rounds[-1]
    elif t.format == "swiss":
        ranked, scores = _active_ranking(t)
        pairings, bye = pairing.swiss_pairings(ranked, _played_games(t), _had_bye(t), scores)
        games, byes = [list(p) for p in pairings], [bye] if bye is not None else []
    else:
        ranked, _ = _active_ranking(t)
        games, byes = pairing.swiss_pods(ranked, t.min_pod, t.max_pod, _played_games(t), _had_bye(t),
                                         t.pod_target)
    matches = [Match(f"r{number}m{i}", number, list(g)) for i, g in enumerate(games, start=1)]
    matches += [Match(f"r{number}m{len(games) + i}", number, [p], [1], bye=True)
                for i, p in enumerate(byes, start=1)]
    t.rounds.append(matches)
    return matches


def record_result(t: Tournament, match_id: str, ranks: list[int], unplayed: bool = False) -> Match:
    """Report (or correct, while its round is the latest) a game: `ranks` aligned with
    match.players, 1 best, equal ranks tie. Single elimination needs one outright winner.
    `unplayed`: nobody moved; the game counts for nobody in the standings (in single
    elimination the ranks still say who goes on)."""
    match = find_match(t, match_id)
    if match.bye:
        raise ValueError("a bye has no result to report")
    if match.round != len(t.rounds):
        raise ValueError("that round is over; results can no longer change")
    if len(ranks) != len(match.players) or any(int(r) < 1 for r in ranks):
        raise ValueError("one rank (1 or more) per player")
    ranks = [int(r) for r in ranks]
    if t.format == "single_elimination" and ranks.count(min(ranks)) != 1:
        raise ValueError("an elimination game needs a single winner")
    match.ranks = ranks
    match.unplayed = unplayed
    return match


def record_winner(t: Tournament, match_id: str, winner: str | None) -> Match:
    """Two-player shortcut: the winner, or None for a draw."""
    match = find_match(t, match_id)
    if winner is None:
        return record_result(t, match_id, [1] * len(match.players))
    if winner not in match.players:
        raise ValueError("the winner is not in that match")
    return record_result(t, match_id, [1 if p == winner else 2 for p in match.players])


def drop_player(t: Tournament, player: str) -> None:
    """Withdraw a player; past results stay. Swiss formats pair them no more. Round robin
    and single elimination keep their fixed schedule, so a dropped player still appears
    in later pairings: whoever drives the event records those games as forfeits."""
    if player not in t.players:
        raise KeyError(player)
    if player not in t.dropped:
        t.dropped.append(player)


def _active_ranking(t: Tournament) -> tuple[list[str], dict[str, float]]:
    rows = standings(t) if t.rounds else [{"player": p, "points": 0.0} for p in t.players]
    active = [r for r in rows if r["player"] not in set(t.dropped)]
    return [r["player"] for r in active], {r["player"]: r["points"] for r in active}


def _played_games(t: Tournament) -> list[list[str]]:
    return [m.players for m in all_matches(t) if not m.bye]


def _had_bye(t: Tournament) -> list[str]:
    return [m.players[0] for m in all_matches(t) if m.bye]


def _elimination_matches(t: Tournament, number: int) -> list[Match]:
    """Elimination rounds keep bracket order, byes in their slots, so matches 2k-1 and 2k
    feed match k of the next round."""
    if number == 1:
        pairs = [(a, b) if a is not None else (b, a) for a, b in pairing.elimination_first_round(t.players)]
    else:
        pairs = pairing.elimination_next_round([m.winners[0] for m in t.rounds[-1]])
    return [Match(f"r{number}m{i}", number, [a], [1], bye=True) if b is None
            else Match(f"r{number}m{i}", number, [a, b])
            for i, (a, b) in enumerate(pairs, start=1)]


def bracket(t: Tournament) -> dict[str, Any]:
    """The whole single-elimination bracket for drawing, future rounds included:
    {"size": 8, "rounds": [[{"players": [a, b], "seeds": [1, 8], "winner": a or None,
                             "bye": bool}, ...],   # size/2 matches
                            ...]}                   # each later round half as many
    An unknown player (winner not decided yet) is None with seed None; in a bye match the
    missing second player is None and bye is True. Seeds are 1-based positions in t.players."""
    if t.format != "single_elimination":
        raise ValueError("only single elimination has a bracket")
    seed = {p: i for i, p in enumerate(t.players, start=1)}
    size = pairing.bracket_size(len(t.players))
    rounds: list[list[dict[str, Any]]] = []
    first = [(a, b) if a is not None else (b, a) for a, b in pairing.elimination_first_round(t.players)]
    for r in range(pairing.elimination_round_count(len(t.players))):
        if r == 0:
            pairs = [[a, b] for a, b in first]
        else:
            feeders = [m["winner"] for m in rounds[-1]]
            pairs = [[feeders[i], feeders[i + 1]] for i in range(0, len(feeders), 2)]
        played = t.rounds[r] if r < len(t.rounds) else None
        row = []
        for i, (a, b) in enumerate(pairs):
            is_bye = r == 0 and b is None
            winner = a if is_bye else None
            if played is not None and played[i].finished:
                winner = played[i].winners[0]
            row.append({"players": [a, b], "seeds": [seed.get(a), seed.get(b)], "winner": winner, "bye": is_bye})
        rounds.append(row)
    return {"size": size, "rounds": rounds}
