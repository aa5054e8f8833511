"""High Card played in teams, for the tests only (never registered in the shipped bot).

With four players, seats 0 and 2 play against seats 1 and 3 (the way Skytear's R1 makes two
teams of the four players), and the team with the higher total of its members' rows wins:
every member of that team is a winner. With two players it is plain High Card.
`PAIRS` is the same game for exactly four players, so it is only ever played in teams.
"""
from __future__ import annotations

from engine.base import Result
from tests.testgame import HighCard, value


class TeamHighCard(HighCard):
    name = "teamcard"
    title = "High Card in teams (test)"

    def teams(self, players: int, options: dict) -> list[list[int]] | None:
        return [[0, 2], [1, 3]] if players == 4 else None

    def result(self, state: dict) -> Result | None:
        if any(state["hands"]):
            return None
        totals = [sum(value(c) for c in row) for row in state["rows"]]
        teams = self.teams(state["players"], {}) or [[s] for s in range(state["players"])]
        team_totals = [sum(totals[s] for s in team) for team in teams]
        best = max(team_totals)
        winners = sorted(s for team, total in zip(teams, team_totals) if total == best for s in team)
        scores = {s: total for team, total in zip(teams, team_totals) for s in team}
        return Result(winners, scores, "all cards played")


class PairsOnly(TeamHighCard):
    name = "paircard"
    title = "High Card, pairs only (test)"
    min_players = 4
    max_players = 4


RULES = TeamHighCard()
PAIRS = PairsOnly()
