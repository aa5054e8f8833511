"""`/match hint`: the move the computer would make in a player's seat, with one line of why,
told only to that player. Off in a rated match unless the match's `hints` option allows it.
The texts are the computer's own (engine/ai_levels.py)."""
from __future__ import annotations

from dataclasses import dataclass

from engine import ai_levels
from engine.base import HARD, HINTS, NORMAL, Action, level_of
from matches.common import UserError, thinking
from store import MatchRow


@dataclass(frozen=True)
class Hint:
    match: MatchRow
    seat: int
    level: str
    action: Action
    why: object   # a Msg


def rated(rules, match: MatchRow) -> bool:
    """Whether the match will count for ratings when it ends (as tournaments/ratings decide:
    a server's match, not marked casual, between two or more people, no computer seat, in a mode
    its game rates)."""
    users = [s.user_id for s in match.seats]
    return (match.guild_id is not None and bool(match.meta.get("rated", True))
            and not any(s.is_ai for s in match.seats) and len(set(users)) == len(users) >= 2
            and bool(rules.is_rated(dict(match.options))))


class Hints:
    """One part of MatchService (matches/service.py): it uses the others through `self`."""

    async def hint(self, match_id: int, user_id: int, level: str | None = None) -> Hint:
        """The computer's move in the user's seat now, at `level` (normal or hard; default: hard
        when the match's computer plays hard, else normal). Nothing is played or recorded."""
        match = await self.get(match_id)
        if match.status != "active":
            raise UserError(ai_levels.NOT_NOW)
        seat = match.seat_of(user_id)
        if seat is None:
            raise UserError(ai_levels.NOT_PLAYING)
        rules = self.rules(match)
        if rated(rules, match) and not match.options.get(HINTS.name, HINTS.default):
            raise UserError(ai_levels.HINTS_OFF)
        if seat not in rules.active_players(match.snapshot):
            raise UserError(ai_levels.NOT_ASKED)
        if level not in (NORMAL, HARD):
            level = HARD if level_of(match.options) == HARD else NORMAL
        legal = {a.id: a for a in self.legal_actions(match, seat)}
        advice = await thinking(ai_levels.advise, rules, match.snapshot, seat, match.seed + match.version, level)
        action = legal.get(advice.action) or Action(advice.action, advice.action)
        return Hint(match, seat, level, action, advice.why)
