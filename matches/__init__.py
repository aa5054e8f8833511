"""The match service: lobby, moves, locks, replays; the bridge between store and engines."""
from matches.service import MatchService, MoveOutcome, Step, UserError, STALE_MESSAGE  # noqa: F401
