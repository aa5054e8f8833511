"""The services the tournament tests run on (real store, match service, ratings and
tournaments, wired as bot.py wires them), and playing a match out."""
from __future__ import annotations

import random

from matches import MatchService
from tournaments.service import RatingService, TournamentService


class Recorder:
    """The tournament notifier, writing down what the Discord layer would be told."""

    def __init__(self):
        self.events = []
        self.gone: set[int] = set()      # people who left the server (a test removes them here)

    async def signup_changed(self, t):
        self.events.append(("signup", len(t.players)))

    async def round_started(self, t, number, games):
        self.events.append(("round", number, [(g.players, m.id if m else None, g.bye) for g, m in games]))

    async def round_finished(self, t, number):
        self.events.append(("done", number, t.status))

    async def tournament_closed(self, t, note):
        self.events.append(("closed", note))

    async def absent(self, t, user_ids):
        return self.gone & set(user_ids)


class Services:
    def __init__(self, store, seed: int = 5):
        self.store = store
        self.matches = MatchService(store, seed_source=random.Random(seed))
        self.ratings = RatingService(store)
        self.notes = Recorder()
        self.tournaments = TournamentService(store, self.matches, self.ratings, self.notes)
        self.matches.finish_listeners += [self.ratings.on_match_finished, self.tournaments.on_match_finished]
        self.matches.told_listeners += [self.tournaments.on_match_told]


async def play_out(svc, match_id):
    """The humans still seated play their first legal move until the match ends."""
    match = await svc.matches.get(match_id)
    while match.status == "active":
        (seat,) = svc.matches.rules(match).active_players(match.snapshot)
        action = svc.matches.legal_actions(match, seat)[0].id
        match = (await svc.matches.act(match_id, match.user_at(seat).user_id, action)).match
    return match
