"""Tournaments and ratings on top of the store and the match service (no Discord here).

`RatingService` keeps per-server, per-game OpenSkill ratings (tournaments.ratings; stored by
store.ratings). It hears of every finished match through MatchService.finish_listeners, rates
it when it counts (a match played in teams is rated team against team), and the changes are
noted in match.meta["rating_changes"] = {str(seat): [before, after]} for the game-over
message.

`TournamentService` keeps each event in the store (store.tournaments): options and signups first,
then the JSON of a tournaments.state.Tournament. Starting a round creates one match per
pairing through MatchService.create (seats in pairing order, started at once); a finished
match reports its result through the finish listener, and once the game's end is posted (the
told listener) the last result of a round starts the next one. A member who left the server is
dropped before a round is paired and before `/tournament next` closes games: she forfeits, nobody
else does. A game closed before anyone moved is recorded as unplayed and counts for nobody. In a team event (its `team_size` option above 1) the event's players are
teams: each pairing is a match of two teams, seated where the game puts a team. Every step is written before the next begins, so a restart at any point
loses nothing, and `resume` finishes a step a crash interrupted.

Locks: a finish listener runs while the match service holds that match's lock and then
takes the tournament's lock. Everything here that needs both takes them in that same order
(match, then tournament), and the tournament lock is never held while waiting for a match.
"""
from __future__ import annotations

import asyncio
from contextlib import asynccontextmanager
import logging
import time
from engine.text import Msg, plural, to_json
from i18n import title as game_title
from dataclasses import dataclass, fields
from typing import Any, Callable, Protocol

from engine import registry
from engine.base import team_ranks, teams_of
from matches import MatchService, UserError
from matches.service import shorten, valid_id, person
from matches import clock as clocks
from store import MatchRow, RatedSeat, Store, TournamentRecord
from tournaments import ratings
from tournaments import state as tstate
from tournaments.state import Tournament

log = logging.getLogger(__name__)

FORMAT_TITLES = {
    "swiss": "Swiss",
    "round_robin": "Round robin",
    "single_elimination": "Single elimination",
    "swiss_pods": "Swiss pods",
}
TWO_PLAYER_FORMATS = ("swiss", "round_robin", "single_elimination")
ACTIVE = ("signup", "running")

# result keys (set by the match service) naming seats that lost however the board stood
LOSING_KEYS = ("resigned", "absent", "timeout")


# --------------------------------------------------------------------------- results

def _covering(teams: list[list[int]] | None, seat_count: int) -> list[list[int]]:
    """`teams` restricted to real seats, with every seat they leave out alone in a team."""
    found = [[int(s) for s in team if 0 <= int(s) < seat_count] for team in (teams or [])]
    found = [team for team in found if team]
    placed = {s for team in found for s in team}
    return found + [[s] for s in range(seat_count) if s not in placed]


def ranks_from_result(result: dict | None, seat_count: int, teams: list[list[int]] | None = None) -> list[int]:
    """Ranks by seat (1 best, equal ranks tie) of a finished match's result. A seat's rank
    is its team's: the teams are the result's "teams", else `teams`, else every seat alone.
    Teams with a winner share rank 1, the others follow by their best score; a team with a
    member who resigned, ran out of time or was handed to the computer ranks below every
    other team."""
    result = result or {}
    teams = _covering(result.get("teams") or teams, seat_count)
    scores = {int(k): v for k, v in (result.get("scores") or {}).items()}
    winners = [int(w) for w in result.get("winners", [])]
    by_team = team_ranks(teams, winners, scores)
    losers = {int(s) for key in LOSING_KEYS for s in result.get(key, [])}
    if losers & set(range(seat_count)):
        keys = [(1, 0) if losers & set(team) else (0, rank) for team, rank in zip(teams, by_team)]
        by_team = [1 + sum(other < key for other in keys) for key in keys]
    ranks = [0] * seat_count
    for team, rank in zip(teams, by_team):
        for seat in team:
            ranks[seat] = rank
    return ranks


def _game_rates(match: MatchRow) -> bool:
    try:
        game = registry.get(match.game)
    except (KeyError, ValueError, TypeError):
        return True
    return bool(game.is_rated(dict(match.options)))


def seat_teams(match: MatchRow) -> list[list[int]]:
    """The match's seats grouped into teams: as its result records them, else as its game
    declares them for this many seats and these options; everyone alone when neither says."""
    count = len(match.seats)
    recorded = (match.result or {}).get("teams")
    if recorded:
        return _covering(recorded, count)
    try:
        declared = teams_of(registry.get(match.game), count, dict(match.options))
    except (KeyError, ValueError, TypeError):
        declared = None
    return _covering(declared, count)


def seat_ranks(match: MatchRow) -> list[int]:
    return ranks_from_result(match.result, len(match.seats), seat_teams(match))


def outcome_of(ranks: list[int], seat: int, teams: list[list[int]] | None = None) -> str:
    """"win" when the seat's team is alone in first place (a team's win is a win for each
    member), "draw" when several teams share first place, else "loss". Without `teams`
    every seat is its own team."""
    teams = _covering(teams, len(ranks))
    team_rank = [min(ranks[s] for s in team) for team in teams]
    mine = next(i for i, team in enumerate(teams) if seat in team)
    best = min(team_rank)
    if team_rank[mine] != best:
        return "loss"
    return "win" if team_rank.count(best) == 1 else "draw"


def computer_seats(match: MatchRow) -> set[int]:
    """Seats the computer plays for itself (not for a player who resigned or is away)."""
    played_for = set(match.meta.get("resigned", [])) | set(match.meta.get("absent", []))
    for key in LOSING_KEYS:
        played_for |= set((match.result or {}).get(key, []))
    return {s.seat for s in match.seats if s.is_ai and s.seat not in played_for}


def team_sizes(rules) -> list[int]:
    """Team sizes k a head-to-head event of this game can have: its matches of 2k seats are
    two teams of k (k = 1: one against one)."""
    sizes = []
    for players in range(max(2, rules.min_players), rules.max_players + 1):
        if players % 2:
            continue
        k = players // 2
        if sorted(len(team) for team in teams_of(rules, players, {})) == [k, k]:
            sizes.append(k)
    return sizes


# --------------------------------------------------------------------------- ratings

class RatingService:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time):
        self.store = store
        self.clock = clock

    @staticmethod
    def is_rated(match: MatchRow) -> bool:
        """Finished in a server, not marked casual, not decided by an organizer, and between
        at least two different people with no computer seat, in a mode its game rates (a game
        may declare `is_rated(options)`: Civilization's learning game has no winner or loser)."""
        users = [s.user_id for s in match.seats]
        return (match.status == "finished" and match.result is not None and match.guild_id is not None
                and bool(match.meta.get("rated", True)) and not match.result.get("adjudicated")
                and not computer_seats(match) and len(users) >= 2 and len(set(users)) == len(users)
                and _game_rates(match))

    async def on_match_finished(self, match: MatchRow) -> dict[str, list[int]] | None:
        """The finish listener: rate the match once (teams as teams) and note the changes in
        its meta."""
        if not self.is_rated(match):
            return None
        ranks = seat_ranks(match)
        user = {s.seat: s.user_id for s in match.seats}
        sides = [([user[s] for s in team], ranks[team[0]]) for team in seat_teams(match)]
        seats = [RatedSeat(s.seat, s.user_id, ranks[s.seat]) for s in sorted(match.seats, key=lambda s: s.seat)]
        changes = await self.store.ratings.rate_once(match.id, match.guild_id, match.game, seats,
                                                     lambda current: ratings.rate(sides, current))
        if changes is None:
            return None
        shown = {str(s.seat): [changes[s.user_id]["old_display"], changes[s.user_id]["new_display"]] for s in seats}
        match.meta = {**match.meta, "rating_changes": shown}   # as the store noted it
        return shown

    async def ratings_for(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, dict]:
        """Current ratings of those players who have one."""
        return await self.store.ratings.for_game(guild_id, game, user_ids)

    async def leaderboard(self, guild_id: int, game: str, limit: int = 15) -> list[dict[str, Any]]:
        """Best first by the displayed (conservative) rating."""
        return [{"user_id": user_id, "rating": ratings.display_rating(rating), "games": rating["games"],
                 "provisional": ratings.is_provisional(rating)}
                for user_id, rating in await self.store.ratings.leaderboard(guild_id, game, limit)]

    async def stats(self, guild_id: int, user_id: int, recent: int = 5) -> dict[str, Any]:
        """{"games": [{"game", "rating" (None if unrated), "provisional", "rated_games",
        "played", "wins", "draws", "losses"}], "recent": [{"match_id", "game", "outcome",
        "teammates": [(user_id, is_computer)], "opponents": [(user_id, is_computer)],
        "change": (before, after) or None}]}. Wins, draws and losses count every finished
        match in the server, rated or not; a team's win is a win for each member, and the
        opponents are the other teams' members."""
        rated = await self.store.ratings.of_user(guild_id, user_id)
        changes = await self.store.ratings.changes_of(guild_id, user_id)
        per_game: dict[str, dict[str, Any]] = {}
        recent_out = []
        for match in await self.store.finished_matches_of(guild_id, user_id):
            seat = next(s.seat for s in match.seats if s.user_id == user_id)
            teams = seat_teams(match)
            outcome = outcome_of(seat_ranks(match), seat, teams)
            tally = per_game.setdefault(match.game, {"played": 0, "wins": 0, "draws": 0, "losses": 0})
            tally["played"] += 1
            tally[{"win": "wins", "draw": "draws", "loss": "losses"}[outcome]] += 1
            if len(recent_out) < recent:
                robots = computer_seats(match)
                mine = next(team for team in teams if seat in team)
                recent_out.append({
                    "match_id": match.id, "game": match.game, "outcome": outcome,
                    "teammates": [(s.user_id, s.seat in robots) for s in match.seats
                                  if s.seat in mine and s.seat != seat],
                    "opponents": [(s.user_id, s.seat in robots) for s in match.seats if s.seat not in mine],
                    "change": changes.get(match.id)})
        games = []
        for game in sorted(set(per_game) | set(rated)):
            rating = rated.get(game)
            tally = per_game.get(game, {"played": 0, "wins": 0, "draws": 0, "losses": 0})
            games.append({"game": game, "rating": ratings.display_rating(rating) if rating else None,
                          "provisional": ratings.is_provisional(rating) if rating else True,
                          "rated_games": rating["games"] if rating else 0, **tally})
        return {"games": games, "recent": recent_out}


# --------------------------------------------------------------------------- tournaments

@dataclass
class TournamentRow(TournamentRecord):
    """A stored tournament with its state read (`data` is its JSON)."""

    state: Tournament | None = None

    @property
    def signup_teams(self) -> dict[int, int]:
        """user -> team number, for the signed-up players in a team."""
        return self.teams

    @property
    def format_title(self) -> str:
        return format_title(self.format)

    @property
    def total_rounds(self) -> int | None:
        return self.state.total_rounds if self.state else self.options.get("rounds")

    @property
    def team_size(self) -> int:
        """Players per team (1: everyone plays for themselves)."""
        return int(self.options.get("team_size") or 1)

    def members(self, entrant: str) -> list[int]:
        """The people behind one of the event's players (a team's members, or the player)."""
        return [int(m) for m in tstate.members(self.state, entrant)] if self.state else [int(entrant)]

    def entrant_of(self, user_id: int) -> str | None:
        """The event's player a person plays as: their team in a team event."""
        return tstate.entrant_of(self.state, str(user_id)) if self.state else None

    def mention(self, entrant: str) -> str:
        return " & ".join(f"{person(m)}" for m in self.members(entrant))

    def seed_of(self, user_id: int) -> int | None:
        entrant = self.entrant_of(user_id)
        return None if entrant is None else self.state.players.index(entrant) + 1

    def signup_groups(self) -> tuple[list[list[int]], list[int]]:
        """Signed-up teams (members in joining order, teams by their first member) and the
        players in no team yet."""
        groups: dict[int, list[int]] = {}
        loose = []
        for user in self.players:
            team = self.signup_teams.get(user)
            if team is None:
                loose.append(user)
            else:
                groups.setdefault(team, []).append(user)
        return list(groups.values()), loose


def _row(record: TournamentRecord) -> TournamentRow:
    return TournamentRow(**{f.name: getattr(record, f.name) for f in fields(record)},
                         state=Tournament.from_dict(record.data) if record.data else None)


class TournamentNotifier(Protocol):
    """What the Discord layer is told. Every method must not raise."""

    async def signup_changed(self, t: TournamentRow) -> None: ...
    async def round_started(self, t: TournamentRow, number: int,
                            games: list[tuple[tstate.Match, MatchRow | None]]) -> None: ...
    async def round_finished(self, t: TournamentRow, number: int) -> None: ...   # t.status "finished" after the last
    async def tournament_closed(self, t: TournamentRow, note: str) -> None: ...
    async def absent(self, t: TournamentRow, user_ids: list[int]) -> set[int]: ...  # left the server


class NullTournamentNotifier:
    async def signup_changed(self, t): pass
    async def round_started(self, t, number, games): pass
    async def round_finished(self, t, number): pass
    async def tournament_closed(self, t, note): pass
    async def absent(self, t, user_ids): return set()


def format_title(format: str):
    """A tournament format as a reader reads it."""
    return {"swiss": Msg("Swiss"), "round_robin": Msg("Round robin"), "single_elimination": Msg("Single elimination"),
            "swiss_pods": Msg("Swiss pods")}.get(format, format)


def status_word(status: str):
    return {"signup": Msg("open for signups"), "running": Msg("running"), "finished": Msg("finished"),
            "cancelled": Msg("cancelled")}.get(status, status)


def pod_limits(rules) -> tuple[int, int]:
    """Pods of 3-4 players (or whatever part of that the game allows)."""
    low = max(3, rules.min_players)
    return low, min(rules.max_players, max(low, 4))


def _people(users: list[int]) -> str:
    return ", ".join(f"{person(u)}" for u in users)


class TournamentService:
    def __init__(self, store: Store, matches: MatchService, rating_service: RatingService,
                 notifier: TournamentNotifier | None = None, clock: Callable[[], float] = time.time):
        self.store = store
        self.matches = matches
        self.ratings = rating_service
        self.notifier: TournamentNotifier = notifier or NullTournamentNotifier()
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}

    @asynccontextmanager
    async def lock(self, tournament_id: int):
        """The tournament's lock, across every process sharing the database."""
        async with self._locks.setdefault(tournament_id, asyncio.Lock()), \
                self.store.exclusive("tournament", tournament_id):
            yield

    # ------------------------------------------------------------------ reading

    async def find(self, tournament_id: int) -> TournamentRow | None:
        record = await self.store.tournaments.get(tournament_id)
        return _row(record) if record is not None else None

    async def get(self, tournament_id: int, guild_id: int | None = None) -> TournamentRow:
        if not valid_id(tournament_id):
            raise UserError(Msg("There is no tournament #{id} in this server.", id=shorten(tournament_id)))
        t = await self.find(tournament_id)
        if t is None or (guild_id is not None and t.guild_id != guild_id):
            raise UserError(Msg("There is no tournament #{id} in this server.", id=tournament_id))
        return t

    async def in_guild(self, guild_id: int, statuses: tuple[str, ...] = ACTIVE,
                       channel_id: int | None = None) -> list[TournamentRow]:
        return [await self.get(tid) for tid in await self.store.tournaments.ids(guild_id, statuses, channel_id)]

    async def running(self) -> list[int]:
        return await self.store.tournaments.running()

    async def match_ids(self, tournament_id: int) -> dict[str, int]:
        """pairing id -> match id."""
        return await self.store.tournaments.match_ids(tournament_id)

    async def current_game_of(self, t: TournamentRow, user_id: int) -> tuple[tstate.Match, int | None] | None:
        """The player's (or their team's) unfinished game of the current round and its match
        id, if any."""
        entrant = t.entrant_of(user_id)
        if entrant is None:
            return None
        for game in tstate.pending_matches(t.state):
            if entrant in game.players:
                return game, (await self.match_ids(t.id)).get(game.id)
        return None

    def standings(self, t: TournamentRow) -> list[dict[str, Any]]:
        return tstate.standings(t.state) if t.state else []

    # ------------------------------------------------------------------ signup

    async def create(self, *, guild_id: int, channel_id: int | None, creator_id: int, game: str, format: str,
                     rounds: int | None = None, clock: str | None = None, max_players: int | None = None,
                     start_time: str | None = None, name: str | None = None, rated: bool = True,
                     team_size: int | None = None, game_options: dict | None = None) -> TournamentRow:
        """`team_size` (two-player formats): players per team, when the game's matches are
        played in teams; by default the smallest the game allows (1 for a one-against-one
        game). `game_options`: the game's own options for every match (e.g. Skytear's
        tournament format, setup=tournament), checked as a match's are."""
        try:
            rules = registry.get(game)
        except KeyError:
            raise UserError(Msg("There is no game called {game}.", game=repr(game))) from None
        if format not in FORMAT_TITLES:
            raise UserError(Msg("Unknown format {format}; pick one of: {formats}.", format=repr(format),
                                formats=[format_title(f) for f in FORMAT_TITLES]))
        options: dict[str, Any] = {"rated": bool(rated)}
        if format == "swiss_pods":
            if rules.max_players < 3:
                raise UserError(Msg("{game} is a two-player game: pick Swiss, round robin or single elimination.",
                                    game=game_title(rules)))
            if team_size not in (None, 1):
                raise UserError(Msg("Swiss pods are for single players: pick Swiss, round robin or single "
                                    "elimination for teams."))
            options["min_pod"], options["max_pod"] = pod_limits(rules)
        else:
            sizes = team_sizes(rules)
            if not sizes:
                raise UserError(Msg("{game} is not a two-player game: pick Swiss pods.", game=game_title(rules)))
            if team_size is None:
                team_size = sizes[0]
            elif team_size not in sizes:
                raise UserError(Msg("{game} is not played in teams of {size}: it is one against one.",
                                    game=game_title(rules), size=team_size) if sizes == [1] else
                                Msg("{game} is not played in teams of {size}; teams of {allowed} are.",
                                    game=game_title(rules), size=team_size, allowed=" / ".join(map(str, sizes))))
            if team_size > 1:
                options["team_size"] = team_size
        if rounds is not None:
            if rounds < 1:
                raise UserError(Msg("A tournament needs at least one round."))
            if format in ("round_robin", "single_elimination"):
                rounds = None  # the format fixes the number of rounds
        minimum = self.minimum_players(format, options)
        if max_players is not None and max_players < minimum:
            raise UserError(Msg("A {format} event needs room for at least {n} players.", format=format_title(format),
                                n=minimum))
        if clock is not None:
            if clock not in clocks.PRESETS:
                raise UserError(Msg("There is no clock called {clock}.", clock=repr(clock)))
        options.update(rounds=rounds, clock=clock, max_players=max_players,
                       start_time=(start_time or "").strip()[:100] or None)
        if game_options:
            seats = 2 * int(options.get("team_size") or 1) if format != "swiss_pods" else options["min_pod"]
            checked = self.matches._check_options(rules, seats, {k: v for k, v in game_options.items() if k != "decks"})
            if checked:
                options["game_options"] = checked
        title = (name or "").strip()[:80] or f"{rules.title} {FORMAT_TITLES[format]}"
        tournament_id = await self.store.tournaments.create(
            guild_id=guild_id, channel_id=channel_id, game=game, format=format, name=title,
            creator_id=creator_id, options=options)
        return await self.get(tournament_id)

    @staticmethod
    def minimum_players(format: str, options: dict) -> int:
        if format == "swiss_pods":
            return int(options.get("min_pod", 3))
        return 2 * int(options.get("team_size") or 1)

    async def set_message(self, tournament_id: int, message_id: int | None) -> None:
        await self.store.tournaments.set_message(tournament_id, message_id)

    @staticmethod
    def _room_for(t: TournamentRow, newcomers: list[int]) -> None:
        cap = t.options.get("max_players")
        if cap is not None and len(t.players) + len(newcomers) > cap:
            raise UserError(Msg("This tournament is full ({n} players).", n=cap))

    async def join(self, tournament_id: int, user_id: int, partner_id: int | None = None) -> TournamentRow:
        """Sign up; in a team event, with `partner_id`, as a team with that player (signed up
        too if they were not), or into their team when it has room."""
        async with self.lock(tournament_id):
            t = await self.get(tournament_id)
            if t.status != "signup":
                raise UserError(Msg("Signups for this tournament are closed."))
            if partner_id is None:
                if user_id in t.players:
                    raise UserError(Msg("You are already signed up."))
                self._room_for(t, [user_id])
                await self.store.tournaments.sign_up(tournament_id, [user_id])
            else:
                team = self._team_to_join(t, user_id, partner_id)
                self._room_for(t, [u for u in (user_id, partner_id) if u not in t.players])
                await self.store.tournaments.form_team(tournament_id, [user_id, partner_id], team)
            t = await self.get(tournament_id)
        await self.notifier.signup_changed(t)
        return t

    @staticmethod
    def _team_to_join(t: TournamentRow, user_id: int, partner_id: int) -> int | None:
        """The team number `user_id` joins to play with `partner_id` (None: a new team)."""
        if t.team_size == 1:
            raise UserError(Msg("This tournament is for single players: join without a partner."))
        if partner_id == user_id:
            raise UserError(Msg("Name someone else as your partner."))
        mine, theirs = t.signup_teams.get(user_id), t.signup_teams.get(partner_id)
        if mine is not None and mine == theirs:
            raise UserError(Msg("You are already in a team with {who}.", who=person(partner_id)))
        if mine is not None and sum(1 for team in t.signup_teams.values() if team == mine) > 1:
            raise UserError(Msg("You are already in a team: leave the tournament and join again, or ask an "
                                "organizer to change teams with /tournament team."))
        if theirs is None:
            return None
        if sum(1 for team in t.signup_teams.values() if team == theirs) >= t.team_size:
            raise UserError(Msg("{who}'s team is full ({n} players).", who=person(partner_id), n=t.team_size))
        return theirs

    async def set_team(self, tournament_id: int, user_ids: list[int]) -> TournamentRow:
        """Organizers: put these players together in a team of their own (signing up those who
        are not yet); their former teammates stay in their old team. One player alone is taken
        out of their team."""
        users = list(dict.fromkeys(user_ids))
        async with self.lock(tournament_id):
            t = await self.get(tournament_id)
            if t.status != "signup":
                raise UserError(Msg("Teams are set before the tournament starts."))
            if t.team_size == 1:
                raise UserError(Msg("This tournament is for single players: it has no teams."))
            if len(users) > t.team_size:
                raise UserError(Msg("Teams in this tournament are of {n} players.", n=t.team_size))
            if len(users) == 1:
                if users[0] not in t.players:
                    raise UserError(Msg("{who} is not signed up.", who=person(users[0])))
                await self.store.tournaments.assign_teams(tournament_id, {users[0]: None})
            else:
                self._room_for(t, [u for u in users if u not in t.players])
                await self.store.tournaments.form_team(tournament_id, users)
            t = await self.get(tournament_id)
        await self.notifier.signup_changed(t)
        return t

    async def leave(self, tournament_id: int, user_id: int) -> TournamentRow:
        """Before the start: leave the list. Once running: drop out (see `drop`)."""
        if (await self.get(tournament_id)).status == "running":
            return await self.drop(tournament_id, user_id)
        return await self._remove_signup(tournament_id, user_id, Msg("You are not signed up for this tournament."))

    async def _remove_signup(self, tournament_id: int, user_id: int, not_there: Msg) -> TournamentRow:
        async with self.lock(tournament_id):
            t = await self.get(tournament_id)
            if t.status != "signup":
                raise UserError(Msg("This tournament has started since; try again.") if t.status == "running"
                                else Msg("This tournament is over."))
            if user_id not in t.players:
                raise UserError(not_there)
            await self.store.tournaments.remove_player(tournament_id, user_id)
            t = await self.get(tournament_id)
        await self.notifier.signup_changed(t)
        return t

    async def cancel(self, tournament_id: int) -> TournamentRow:
        """Matches already running go on as ordinary matches."""
        async with self.lock(tournament_id):
            t = await self.get(tournament_id)
            if t.status not in ACTIVE:
                raise UserError(Msg("This tournament is already over."))
            await self._save(t, status="cancelled")
        await self.notifier.tournament_closed(t, Msg("The tournament was cancelled."))
        return t

    # ------------------------------------------------------------------ running

    @staticmethod
    def _final_teams(t: TournamentRow) -> list[list[int]]:
        """The teams a team event starts with: the teams signed up, topped up and then joined
        by the players in no team, in joining order. UserError naming whoever is left without
        a full team."""
        k = t.team_size
        teams, loose = t.signup_groups()
        for team in teams:
            while len(team) < k and loose:
                team.append(loose.pop(0))
        while len(loose) >= k:
            teams.append(loose[:k])
            loose = loose[k:]
        short = [u for team in teams if len(team) < k for u in team] + loose
        if short:
            raise UserError(plural("Teams in this tournament are of {k} players: {people} has no full team yet. "
                                   "An organizer puts them in one with /tournament team, or they leave.",
                                   "Teams in this tournament are of {k} players: {people} have no full team yet. "
                                   "An organizer puts them in one with /tournament team, or they leave.",
                                   n=len(short), k=k, people=_people(short)))
        return teams

    async def start(self, tournament_id: int) -> TournamentRow:
        """Seed the signups (teams, in a team event) by rating (unrated players count as new
        ones; ties keep the signup order) and start round 1."""
        async with self.lock(tournament_id):
            t = await self.get(tournament_id)
            if t.status != "signup":
                raise UserError(Msg("This tournament has already started.") if t.status == "running"
                                else Msg("This tournament is over."))
            minimum = self.minimum_players(t.format, t.options)
            if len(t.players) < minimum:
                raise UserError(Msg("A {format} event needs at least {n} players; {signed} signed up.",
                                    format=t.format_title, n=minimum, signed=len(t.players)))
            current = await self.ratings.ratings_for(t.guild_id, t.game, t.players)
            teams = None
            if t.team_size > 1:
                formed = self._final_teams(t)
                teams = {tstate.team_id([str(u) for u in team]): [str(u) for u in team] for team in formed}
                strength = {team: ratings.team_rating([current.get(int(u)) for u in people])
                            for team, people in teams.items()}
                seeded = ratings.seed_order(list(teams), strength)
            else:
                seeded = ratings.seed_order([str(u) for u in t.players], {str(u): r for u, r in current.items()})
            try:
                t.state = tstate.new_tournament(t.format, seeded, rounds=t.options.get("rounds"),
                                                min_pod=t.options.get("min_pod", 3), max_pod=t.options.get("max_pod", 4),
                                                teams=teams)
            except ValueError as exc:
                raise UserError(Msg("This tournament cannot start: {why}.", why=exc.args[0] if exc.args else "")) from None
            if teams:   # the signup list shows the teams as they play
                await self.store.tournaments.assign_teams(
                    t.id, {int(u): n for n, people in enumerate(teams.values(), start=1) for u in people})
            await self._save(t, status="running")
            t = await self.get(t.id)
            await self.notifier.signup_changed(t)
            await self._advance(t)
            return t

    async def on_match_finished(self, match: MatchRow) -> None:
        """The finish listener (runs under the match's lock): the result is recorded at once;
        the round moves on once the game's end was posted (`on_match_told`)."""
        if match.meta.get("tournament") is None:
            return
        await self._record(match, advance=False)

    async def on_match_told(self, match: MatchRow) -> None:
        """The told listener: the game's end is posted, so the round's end and the next round
        follow it in the channel, never precede it."""
        if match.meta.get("tournament") is None:
            return
        async with self.lock(int(match.meta["tournament"])):
            t = await self.find(int(match.meta["tournament"]))
            if t is not None and t.status == "running":
                await self._advance(t)

    async def drop(self, tournament_id: int, user_id: int) -> TournamentRow:
        """Withdraw a player (in a team event, their team). Before the start they leave the
        list; once running, Swiss formats pair them no more and elsewhere their later games
        are forfeits. A game of theirs in progress is resigned (so it counts as their loss)."""
        if (await self.get(tournament_id)).status == "signup":
            return await self._remove_signup(tournament_id, user_id, Msg("{who} is not signed up.", who=person(user_id)))
        async with self.lock(tournament_id):
            t = await self.get(tournament_id)
            if t.status != "running":
                raise UserError(Msg("This tournament is over."))
            entrant = t.entrant_of(user_id)
            if entrant is None:
                raise UserError(Msg("{who} is not playing in this tournament.", who=person(user_id)))
            if entrant in t.state.dropped:
                raise UserError(plural("{who} has already dropped out.", "{who} have already dropped out.",
                                       n=len(t.members(entrant)), who=t.mention(entrant)))
            tstate.drop_player(t.state, entrant)
            await self._save(t)
            current = await self.current_game_of(t, user_id)
        if current is None:
            return await self.get(tournament_id)
        game, match_id = current
        match = await self.matches.get(match_id) if match_id is not None else None
        if match is None:   # a game that never got its match: a forfeit now
            async with self.lock(tournament_id):
                t = await self.get(tournament_id)
                self._record_forfeits(t.state, [tstate.find_match(t.state, game.id)])
                await self._save(t)
                await self._advance(t)
            return await self.get(tournament_id)
        # outside the tournament lock: the finish listener takes it to record the loss
        for member in t.members(entrant):
            match = await self.matches.get(match_id)
            if match.status == "active" and match.seat_of(member) is not None:
                await self.matches.resign(match_id, member)
        return await self.get(tournament_id)

    async def force_next_round(self, tournament_id: int) -> TournamentRow:
        """End the current round now: every unfinished game is adjudicated as a loss for
        the player(s) to move (a draw if nobody or everyone is; in single elimination the
        better seed goes through then), and the next round starts."""
        t = await self.get(tournament_id)
        if t.status != "running":
            raise UserError(Msg("This tournament is not running."))
        number = tstate.current_round(t.state)
        for user_id in sorted(await self.notifier.absent(t, self._still_playing(t))):
            await self.drop(tournament_id, user_id)     # a member who left forfeits, not the others
        t = await self.get(tournament_id)
        if t.status != "running" or tstate.current_round(t.state) != number:
            return t
        ids = await self.match_ids(tournament_id)
        for game in tstate.pending_matches(t.state):
            match_id = ids.get(game.id)
            if match_id is None:
                continue
            async with self.matches.lock(match_id):   # match lock first, then the tournament's
                match = await self.matches.get(match_id)
                if match.status == "active":
                    match = await self._adjudicate(match)
                if match.status == "finished":
                    await self._record(match, advance=False)
        async with self.lock(tournament_id):
            t = await self.get(tournament_id)
            if t.status == "running" and tstate.current_round(t.state) == number:
                # games that never got a match (their creation failed) are draws
                self._record_forfeits(t.state, tstate.pending_matches(t.state), draw=True)
                await self._save(t)
                await self._advance(t)
        return await self.get(tournament_id)

    @staticmethod
    def _still_playing(t: TournamentRow) -> list[int]:
        """The people of the entrants who have not dropped out."""
        return sorted({int(u) for p in t.state.players if p not in t.state.dropped for u in t.members(p)})

    async def running_games(self, tournament_id: int) -> list[tuple[tstate.Match, MatchRow | None]]:
        """The current round's unfinished games, with their matches (what `/tournament next` closes)."""
        t = await self.get(tournament_id)
        ids = await self.match_ids(tournament_id)
        return [(game, await self.matches.get(ids[game.id]) if game.id in ids else None)
                for game in tstate.pending_matches(t.state)]

    async def resume(self, tournament_id: int) -> TournamentRow:
        """Finish what a crash may have interrupted: create the current round's missing
        matches, record results of matches that ended unheard, start the next round if due."""
        async with self.lock(tournament_id):
            t = await self.get(tournament_id)
            if t.status != "running":
                return t
            ids = await self.match_ids(tournament_id)
            for game in tstate.pending_matches(t.state):
                match = await self.matches.get(ids[game.id]) if game.id in ids else None
                if match is not None and match.status == "finished":
                    self._apply_result(t, game, match)
            await self._save(t)
            await self._create_matches(t, tstate.pending_matches(t.state))
            await self._advance(t)
            return t

    # ------------------------------------------------------------------ internals

    async def _save(self, t: TournamentRow, status: str | None = None) -> None:
        if status is not None:
            t.status = status
        t.updated_at = await self.store.tournaments.save(t.id, t.status, t.state.to_dict() if t.state else None)

    async def _record(self, match: MatchRow, *, advance: bool) -> None:
        tournament_id = int(match.meta["tournament"])
        async with self.lock(tournament_id):
            t = await self.find(tournament_id)
            if t is None or t.status != "running":
                return
            try:
                game = tstate.find_match(t.state, str(match.meta.get("pairing")))
            except KeyError:
                return
            if game.finished or game.bye or game.round != tstate.current_round(t.state):
                return
            mapped = (await self.match_ids(tournament_id)).get(game.id)
            if mapped is not None and mapped != match.id:
                return   # not the match this pairing is played in
            self._apply_result(t, game, match)
            await self._save(t)
            if advance:
                await self._advance(t)

    def _apply_result(self, t: TournamentRow, game: tstate.Match, match: MatchRow) -> None:
        """Record a finished match's result on its pairing, by player or team whatever the
        seats (a team's rank is its members' team rank)."""
        by_seat = seat_ranks(match)
        by_user = {str(s.user_id): by_seat[s.seat] for s in match.seats}
        worst = max(by_seat) + 1
        ranks = [min(by_user.get(m, worst) for m in tstate.members(t.state, p)) for p in game.players]
        unplayed = bool((match.result or {}).get("unplayed"))
        tstate.record_result(t.state, game.id, self._decisive(t.state, game, ranks), unplayed=unplayed)

    @staticmethod
    def _decisive(state: Tournament, game: tstate.Match, ranks: list[int]) -> list[int]:
        """Single elimination needs one winner: among players tied for first, the better
        seed goes through."""
        if state.format != "single_elimination":
            return ranks
        best = min(ranks)
        tied = [p for p, r in zip(game.players, ranks) if r == best]
        if len(tied) == 1:
            return ranks
        through = min(tied, key=state.players.index)
        return [best if p == through else (best + 1 if r == best else r) for p, r in zip(game.players, ranks)]

    def _record_forfeits(self, state: Tournament, games: list[tstate.Match], draw: bool = False) -> None:
        """Unplayable games: dropped players lose to the others (a draw if all dropped)."""
        for game in games:
            if game.finished or game.bye:
                continue
            gone = [p in state.dropped for p in game.players]
            if not draw and not any(gone):
                continue
            ranks = [1] * len(game.players) if draw or all(gone) else [2 if g else 1 for g in gone]
            tstate.record_result(state, game.id, self._decisive(state, game, ranks))

    async def _adjudicate(self, match: MatchRow) -> MatchRow:
        """Close an unfinished match for /tournament next (caller holds its lock) through
        MatchService.finish: the team(s) of the seats to move lose, unless every team or none
        has one to move."""
        rules = self.matches.rules(match)
        robots = computer_seats(match)
        to_move = set(rules.active_players(match.snapshot)) if match.snapshot else set()
        to_move -= robots
        teams = seat_teams(match)
        holding_up = [team for team in teams if to_move & set(team)]
        losing = {s for team in holding_up for s in team} if 0 < len(holding_up) < len(teams) else set()
        seats = [s.seat for s in match.seats]
        winners = [s for s in seats if s not in losing]
        def mentions(chosen) -> list[str]:
            return [person(match.user_at(s).user_id) for s in sorted(chosen)]
        if match.version == 0:    # nobody moved: no result to give (it counts for nobody)
            reason = Msg("The organizer closed the round before anyone moved: the game is recorded as unplayed.")
            result = {"winners": [], "scores": {}, "reason": to_json(reason), "adjudicated": True, "unplayed": True}
            return await self.matches.finish(match.id, result, reason)
        if not losing:
            reason = Msg("The organizer closed the round: a draw.")
        elif losing == to_move:
            reason = plural("The organizer closed the round: {who} was to move and loses.",
                            "The organizer closed the round: {who} were to move and lose.",
                            n=len(losing), who=mentions(losing))
        else:
            reason = plural("The organizer closed the round: {who} was to move, so {losers} lose.",
                            "The organizer closed the round: {who} were to move, so {losers} lose.",
                            n=len(to_move), who=mentions(to_move), losers=mentions(losing))
        result = {"winners": winners, "scores": {}, "reason": to_json(reason), "adjudicated": True}
        if any(len(team) > 1 for team in teams):
            result["teams"] = teams
        for key in LOSING_KEYS:
            if (match.result or {}).get(key) or match.meta.get(key):
                result[key] = list((match.result or {}).get(key) or match.meta.get(key))
        return await self.matches.finish(match.id, result, reason)

    async def _advance(self, t: TournamentRow) -> None:
        """While the current round is complete: report it, then finish the event or start
        the next round. Caller holds the tournament lock."""
        while t.status == "running" and tstate.is_round_complete(t.state):
            number = tstate.current_round(t.state)
            if tstate.is_finished(t.state):
                await self._save(t, status="finished")
                await self.notifier.round_finished(t, number)
                return
            gone = await self.notifier.absent(t, self._still_playing(t))
            for entrant in sorted({t.entrant_of(u) for u in gone} - {None}):
                tstate.drop_player(t.state, entrant)     # left the server: paired no more
            trial = Tournament.from_dict(t.state.to_dict())
            try:
                tstate.next_round(trial)
            except ValueError:
                # drop-outs left no valid pairing (too few players, or everyone has had a
                # bye): the event ends with the rounds played
                log.warning("tournament %s ends after round %s: no pairing left", t.id, number)
                t.state.total_rounds = number
                continue
            if number:   # the standings of the rounds played, before the next round's byes count
                await self.notifier.round_finished(t, number)
            games = tstate.next_round(t.state)
            self._record_forfeits(t.state, games)
            await self._save(t)   # the round is stored before its matches: `resume` can finish the job
            created = await self._create_matches(t, games)
            await self.notifier.round_started(t, number + 1, [(g, created.get(g.id)) for g in games])

    async def _create_matches(self, t: TournamentRow, games: list[tstate.Match]) -> dict[str, MatchRow]:
        """A started match for every unfinished game that has none yet."""
        ids = await self.match_ids(t.id)
        out: dict[str, MatchRow] = {}
        for game in games:
            if game.finished or game.bye:
                continue
            if game.id in ids:
                out[game.id] = await self.matches.get(ids[game.id])
                continue
            existing = await self.store.tournaments.match_made_for(t.id, game.id)
            if existing is not None:   # created, but the bot stopped before noting it
                match = await self.matches.get(existing)
            else:
                match = await self._create_match(t, game)
                if match is None:
                    continue
            await self.store.tournaments.link_match(t.id, game.id, game.round, match.id)
            out[game.id] = match
        return out

    def _seating(self, t: TournamentRow, game: tstate.Match) -> list[int]:
        """The users by seat: the pairing's order, or in a team event each team in the seats
        the game gives a team, its members taking the team's first seat in turn by round."""
        if not t.state.teams:
            return [int(p) for p in game.players]
        k = t.team_size
        layout = teams_of(registry.get(t.game), 2 * k, {})
        if sorted(len(side) for side in layout) != [k, k]:
            raise UserError(Msg("{game} is no longer played in teams of {k}.", game=game_title(registry.get(t.game)), k=k))
        users = [0] * (2 * k)
        for side, team in zip(layout, game.players):
            people = t.members(team)
            turn = (game.round - 1) % len(people)
            for seat, user in zip(side, people[turn:] + people[:turn]):
                users[seat] = user
        return users

    async def _create_match(self, t: TournamentRow, game: tstate.Match) -> MatchRow | None:
        meta = {"tournament": t.id, "pairing": game.id, "rated": t.options.get("rated", True),
                "fixed_seats": True}   # seats in pairing order: first-seat balance and pod rotation
        extra = {"clock": t.options["clock"]} if t.options.get("clock") else {}
        if t.options.get("game_options"):
            extra["options"] = dict(t.options["game_options"])
        try:
            users = self._seating(t, game)
            return await self.matches.create(
                game=t.game, guild_id=t.guild_id, channel_id=t.channel_id, creator_id=users[0], invited=users[1:],
                players=len(users), accepted=True, meta=meta, **extra)
        except UserError as exc:
            log.warning("tournament %s: could not create the match of %s: %s", t.id, game.id, exc.message)
            return None

