"""Tournaments and ratings on top of the store and the match service (no Discord here).

`RatingService` keeps per-server, per-game OpenSkill ratings (tournaments.ratings). It hears
of every finished match through MatchService.finish_listeners, rates it when it counts, and
writes the changes into match.meta["rating_changes"] = {str(seat): [before, after]} for the
game-over message.

`TournamentService` keeps each event in the `tournaments` table: options and signups first,
then the JSON of a tournaments.state.Tournament. Starting a round creates one match per
pairing through MatchService.create (seats in pairing order, started at once); a finished
match reports its result through the finish listener, and the last result of a round starts
the next one. Every step is written before the next begins, so a restart at any point
loses nothing, and `resume` finishes a step a crash interrupted.

Locks: a finish listener runs while the match service holds that match's lock and then
takes the tournament's lock. Everything here that needs both takes them in that same order
(match, then tournament), and the tournament lock is never held while waiting for a match.
"""
from __future__ import annotations

import asyncio
import json
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol

from engine import registry
from matches import MatchService, UserError
from matches.service import shorten, valid_id
from matches import clock as clocks
from store import MatchRow, Store
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

def ranks_from_result(result: dict | None, seat_count: int) -> list[int]:
    """Ranks by seat (1 best, equal ranks tie) of a finished match's result: winners share
    rank 1, the others follow by score; a seat that resigned, ran out of time or was handed
    to the computer ranks below every other seat."""
    result = result or {}
    scores = {int(k): v for k, v in (result.get("scores") or {}).items()}
    winners = [int(w) for w in result.get("winners", [])]
    ranks = ratings.ranks_from_outcome(seat_count, winners, scores)
    losers = {int(s) for key in LOSING_KEYS for s in result.get(key, [])} & set(range(seat_count))
    if not losers:
        return ranks
    keys = [(1, 0) if s in losers else (0, ranks[s]) for s in range(seat_count)]
    return [1 + sum(other < key for other in keys) for key in keys]


def seat_ranks(match: MatchRow) -> list[int]:
    return ranks_from_result(match.result, len(match.seats))


def outcome_of(ranks: list[int], seat: int) -> str:
    """"win" (sole first place), "draw" (shared first place) or "loss"."""
    best = min(ranks)
    if ranks[seat] != best:
        return "loss"
    return "win" if ranks.count(best) == 1 else "draw"


def computer_seats(match: MatchRow) -> set[int]:
    """Seats the computer plays for itself (not for a player who resigned or is away)."""
    played_for = set(match.meta.get("resigned", [])) | set(match.meta.get("absent", []))
    for key in LOSING_KEYS:
        played_for |= set((match.result or {}).get(key, []))
    return {s.seat for s in match.seats if s.is_ai and s.seat not in played_for}


# --------------------------------------------------------------------------- ratings

class RatingService:
    def __init__(self, store: Store, clock: Callable[[], float] = time.time):
        self.store = store
        self.clock = clock

    @staticmethod
    def is_rated(match: MatchRow) -> bool:
        """Finished in a server, not marked casual, not decided by an organizer, and between
        at least two different people with no computer seat."""
        users = [s.user_id for s in match.seats]
        return (match.status == "finished" and match.result is not None and match.guild_id is not None
                and bool(match.meta.get("rated", True)) and not match.result.get("adjudicated")
                and not computer_seats(match) and len(users) >= 2 and len(set(users)) == len(users))

    async def on_match_finished(self, match: MatchRow) -> dict[str, list[int]] | None:
        """The finish listener: rate the match once and note the changes in its meta."""
        if not self.is_rated(match):
            return None
        ranks = seat_ranks(match)
        seats = sorted(match.seats, key=lambda s: s.seat)
        now = self.clock()
        # read, rate and write in one transaction: two matches of the same player ending at
        # once cannot both start from the old rating, and a match is never rated twice
        async with self.store._tx() as db:
            async with db.execute("SELECT 1 FROM rating_changes WHERE match_id=? LIMIT 1", (match.id,)) as cur:
                if await cur.fetchone() is not None:
                    return None
            current = {}
            for s in seats:
                async with db.execute("SELECT mu, sigma, games FROM ratings WHERE guild_id=? AND game=? AND user_id=?",
                                      (match.guild_id, match.game, s.user_id)) as cur:
                    row = await cur.fetchone()
                if row is not None:
                    current[s.user_id] = {"mu": row[0], "sigma": row[1], "games": row[2]}
            changes = ratings.rate([(s.user_id, ranks[s.seat]) for s in seats], current)
            for s in seats:
                change = changes[s.user_id]
                new = change["rating"]
                await db.execute(
                    "INSERT INTO ratings (guild_id, game, user_id, mu, sigma, games, updated_at) VALUES (?,?,?,?,?,?,?) "
                    "ON CONFLICT(guild_id, game, user_id) DO UPDATE SET mu=excluded.mu, sigma=excluded.sigma, "
                    "games=excluded.games, updated_at=excluded.updated_at",
                    (match.guild_id, match.game, s.user_id, new["mu"], new["sigma"], new["games"], now))
                await db.execute(
                    "INSERT INTO rating_changes (match_id, user_id, guild_id, game, seat, rank, before, after, at) "
                    "VALUES (?,?,?,?,?,?,?,?,?)",
                    (match.id, s.user_id, match.guild_id, match.game, s.seat, ranks[s.seat],
                     change["old_display"], change["new_display"], now))
        shown = {str(s.seat): [changes[s.user_id]["old_display"], changes[s.user_id]["new_display"]] for s in seats}
        fresh = await self.store.get_match(match.id)
        meta = {**(fresh.meta if fresh else match.meta), "rating_changes": shown}
        await self.store.update_match(match.id, meta=meta)
        match.meta = meta
        return shown

    async def ratings_for(self, guild_id: int, game: str, user_ids: list[int]) -> dict[int, dict]:
        """Current ratings of those players who have one."""
        rows = await self.store._fetchall("SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id=? AND game=?",
                                          (guild_id, game))
        wanted = set(user_ids)
        return {u: {"mu": mu, "sigma": sigma, "games": games} for u, mu, sigma, games in rows if u in wanted}

    async def leaderboard(self, guild_id: int, game: str, limit: int = 15) -> list[dict[str, Any]]:
        """Best first by the displayed (conservative) rating."""
        rows = await self.store._fetchall(
            "SELECT user_id, mu, sigma, games FROM ratings WHERE guild_id=? AND game=? "
            "ORDER BY mu - 3 * sigma DESC, games DESC, user_id LIMIT ?", (guild_id, game, limit))
        out = []
        for user_id, mu, sigma, games in rows:
            rating = {"mu": mu, "sigma": sigma, "games": games}
            out.append({"user_id": user_id, "rating": ratings.display_rating(rating), "games": games,
                        "provisional": ratings.is_provisional(rating)})
        return out

    async def stats(self, guild_id: int, user_id: int, recent: int = 5) -> dict[str, Any]:
        """{"games": [{"game", "rating" (None if unrated), "provisional", "rated_games",
        "played", "wins", "draws", "losses"}], "recent": [{"match_id", "game", "outcome",
        "opponents": [(user_id, is_computer)], "change": (before, after) or None}]}.
        Wins, draws and losses count every finished match in the server, rated or not."""
        rated = {game: {"mu": mu, "sigma": sigma, "games": games} for game, mu, sigma, games in
                 await self.store._fetchall("SELECT game, mu, sigma, games FROM ratings WHERE guild_id=? AND user_id=?",
                                            (guild_id, user_id))}
        changes = {mid: (before, after) for mid, before, after in await self.store._fetchall(
            "SELECT match_id, before, after FROM rating_changes WHERE guild_id=? AND user_id=?", (guild_id, user_id))}
        played = await self.store._fetchall(
            "SELECT m.id, m.game, m.result, s.seat, (SELECT COUNT(*) FROM seats t WHERE t.match_id = m.id) "
            "FROM matches m JOIN seats s ON s.match_id = m.id "
            "WHERE m.guild_id=? AND s.user_id=? AND m.status='finished' AND m.result IS NOT NULL "
            "ORDER BY m.updated_at DESC, m.id DESC", (guild_id, user_id))
        per_game: dict[str, dict[str, Any]] = {}
        recent_rows = []
        for match_id, game, result_json, seat, seat_count in played:
            outcome = outcome_of(ranks_from_result(json.loads(result_json), seat_count), seat)
            tally = per_game.setdefault(game, {"played": 0, "wins": 0, "draws": 0, "losses": 0})
            tally["played"] += 1
            tally[{"win": "wins", "draw": "draws", "loss": "losses"}[outcome]] += 1
            if len(recent_rows) < recent:
                recent_rows.append((match_id, game, outcome, seat))
        games = []
        for game in sorted(set(per_game) | set(rated)):
            rating = rated.get(game)
            tally = per_game.get(game, {"played": 0, "wins": 0, "draws": 0, "losses": 0})
            games.append({"game": game, "rating": ratings.display_rating(rating) if rating else None,
                          "provisional": ratings.is_provisional(rating) if rating else True,
                          "rated_games": rating["games"] if rating else 0, **tally})
        recent_out = []
        for match_id, game, outcome, seat in recent_rows:
            match = await self.store.get_match(match_id)
            robots = computer_seats(match)
            opponents = [(s.user_id, s.seat in robots) for s in match.seats if s.seat != seat]
            recent_out.append({"match_id": match_id, "game": game, "outcome": outcome, "opponents": opponents,
                               "change": changes.get(match_id)})
        return {"games": games, "recent": recent_out}


# --------------------------------------------------------------------------- tournaments

@dataclass
class TournamentRow:
    id: int
    guild_id: int
    channel_id: int | None
    message_id: int | None
    game: str
    format: str
    name: str
    status: str
    creator_id: int
    options: dict
    state: Tournament | None
    created_at: float
    updated_at: float
    players: list[int] = field(default_factory=list)   # signups, in joining order

    @property
    def format_title(self) -> str:
        return FORMAT_TITLES.get(self.format, self.format)

    @property
    def total_rounds(self) -> int | None:
        return self.state.total_rounds if self.state else self.options.get("rounds")

    def seed_of(self, user_id: int) -> int | None:
        if self.state is None or str(user_id) not in self.state.players:
            return None
        return self.state.players.index(str(user_id)) + 1


_COLUMNS = ("id, guild_id, channel_id, message_id, game, format, name, status, creator_id, options, data, "
            "created_at, updated_at")


def _row(values: Any) -> TournamentRow:
    (tid, guild_id, channel_id, message_id, game, fmt, name, status, creator, options, data, created,
     updated) = values
    return TournamentRow(tid, guild_id, channel_id, message_id, game, fmt, name, status, creator,
                         json.loads(options), Tournament.from_dict(json.loads(data)) if data else None,
                         created, updated)


class TournamentNotifier(Protocol):
    """What the Discord layer is told. Every method must not raise."""

    async def signup_changed(self, t: TournamentRow) -> None: ...
    async def round_started(self, t: TournamentRow, number: int,
                            games: list[tuple[tstate.Match, MatchRow | None]]) -> None: ...
    async def round_finished(self, t: TournamentRow, number: int) -> None: ...   # t.status "finished" after the last
    async def tournament_closed(self, t: TournamentRow, note: str) -> None: ...


class NullTournamentNotifier:
    async def signup_changed(self, t): pass
    async def round_started(self, t, number, games): pass
    async def round_finished(self, t, number): pass
    async def tournament_closed(self, t, note): pass


def pod_limits(rules) -> tuple[int, int]:
    """Pods of 3-4 players (or whatever part of that the game allows)."""
    low = max(3, rules.min_players)
    return low, min(rules.max_players, max(low, 4))


class TournamentService:
    def __init__(self, store: Store, matches: MatchService, rating_service: RatingService,
                 notifier: TournamentNotifier | None = None, clock: Callable[[], float] = time.time):
        self.store = store
        self.matches = matches
        self.ratings = rating_service
        self.notifier: TournamentNotifier = notifier or NullTournamentNotifier()
        self.clock = clock
        self._locks: dict[int, asyncio.Lock] = {}

    def lock(self, tournament_id: int) -> asyncio.Lock:
        return self._locks.setdefault(tournament_id, asyncio.Lock())

    # ------------------------------------------------------------------ reading

    async def find(self, tournament_id: int) -> TournamentRow | None:
        row = await self.store._fetchone(f"SELECT {_COLUMNS} FROM tournaments WHERE id=?", (tournament_id,))
        if row is None:
            return None
        t = _row(row)
        t.players = [u for (u,) in await self.store._fetchall(
            "SELECT user_id FROM tournament_players WHERE tournament_id=? ORDER BY joined_at, rowid", (t.id,))]
        return t

    async def get(self, tournament_id: int, guild_id: int | None = None) -> TournamentRow:
        if not valid_id(tournament_id):
            raise UserError(f"There is no tournament #{shorten(tournament_id)} in this server.")
        t = await self.find(tournament_id)
        if t is None or (guild_id is not None and t.guild_id != guild_id):
            raise UserError(f"There is no tournament #{tournament_id} in this server.")
        return t

    async def in_guild(self, guild_id: int, statuses: tuple[str, ...] = ACTIVE,
                   channel_id: int | None = None) -> list[TournamentRow]:
        where, params = ["guild_id=?", f"status IN ({','.join('?' * len(statuses))})"], [guild_id, *statuses]
        if channel_id is not None:
            where.append("channel_id=?")
            params.append(channel_id)
        rows = await self.store._fetchall(
            f"SELECT id FROM tournaments WHERE {' AND '.join(where)} ORDER BY id DESC", tuple(params))
        return [await self.get(tid) for (tid,) in rows]

    async def running(self) -> list[int]:
        return [tid for (tid,) in await self.store._fetchall("SELECT id FROM tournaments WHERE status='running'")]

    async def match_ids(self, tournament_id: int) -> dict[str, int]:
        """pairing id -> match id."""
        return dict(await self.store._fetchall(
            "SELECT pairing_id, match_id FROM tournament_matches WHERE tournament_id=?", (tournament_id,)))

    async def current_game_of(self, t: TournamentRow, user_id: int) -> tuple[tstate.Match, int | None] | None:
        """The player's unfinished game of the current round and its match id, if any."""
        if t.state is None:
            return None
        for game in tstate.pending_matches(t.state):
            if str(user_id) in game.players:
                return game, (await self.match_ids(t.id)).get(game.id)
        return None

    def standings(self, t: TournamentRow) -> list[dict[str, Any]]:
        return tstate.standings(t.state) if t.state else []

    # ------------------------------------------------------------------ signup

    async def create(self, *, guild_id: int, channel_id: int | None, creator_id: int, game: str, format: str,
                     rounds: int | None = None, clock: str | None = None, max_players: int | None = None,
                     start_time: str | None = None, name: str | None = None, rated: bool = True) -> TournamentRow:
        try:
            rules = registry.get(game)
        except KeyError:
            raise UserError(f"There is no game called {game!r}.") from None
        if format not in FORMAT_TITLES:
            raise UserError(f"Unknown format {format!r}; pick one of: {', '.join(FORMAT_TITLES.values())}.")
        options: dict[str, Any] = {"rated": bool(rated)}
        if format == "swiss_pods":
            if rules.max_players < 3:
                raise UserError(f"{rules.title} is a two-player game: pick Swiss, round robin or single elimination.")
            options["min_pod"], options["max_pod"] = pod_limits(rules)
        elif not rules.min_players <= 2 <= rules.max_players:
            raise UserError(f"{rules.title} is not a two-player game: pick Swiss pods.")
        if rounds is not None:
            if rounds < 1:
                raise UserError("A tournament needs at least one round.")
            if format in ("round_robin", "single_elimination"):
                rounds = None  # the format fixes the number of rounds
        minimum = self.minimum_players(format, options)
        if max_players is not None and max_players < minimum:
            raise UserError(f"A {FORMAT_TITLES[format]} event needs room for at least {minimum} players.")
        if clock is not None:
            if clock not in clocks.PRESETS:
                raise UserError(f"There is no clock called {clock!r}.")
        options.update(rounds=rounds, clock=clock, max_players=max_players,
                       start_time=(start_time or "").strip()[:100] or None)
        title = (name or "").strip()[:80] or f"{rules.title} {FORMAT_TITLES[format]}"
        now = self.clock()
        async with self.store._tx() as db:
            cur = await db.execute(
                "INSERT INTO tournaments (guild_id, channel_id, game, format, name, status, creator_id, options, "
                "created_at, updated_at) VALUES (?,?,?,?,?, 'signup', ?,?,?,?)",
                (guild_id, channel_id, game, format, title, creator_id, json.dumps(options), now, now))
            tournament_id = cur.lastrowid
        return await self.get(tournament_id)

    @staticmethod
    def minimum_players(format: str, options: dict) -> int:
        return int(options.get("min_pod", 3)) if format == "swiss_pods" else 2

    async def set_message(self, tournament_id: int, message_id: int | None) -> None:
        await self.store.transaction([("UPDATE tournaments SET message_id=? WHERE id=?", (message_id, tournament_id))])

    async def join(self, tournament_id: int, user_id: int) -> TournamentRow:
        async with self.lock(tournament_id):
            t = await self.get(tournament_id)
            if t.status != "signup":
                raise UserError("Signups for this tournament are closed.")
            if user_id in t.players:
                raise UserError("You are already signed up.")
            cap = t.options.get("max_players")
            if cap is not None and len(t.players) >= cap:
                raise UserError(f"This tournament is full ({cap} players).")
            await self.store.transaction([(
                "INSERT INTO tournament_players (tournament_id, user_id, joined_at) VALUES (?,?,?)",
                (tournament_id, user_id, self.clock()))])
            t = await self.get(tournament_id)
        await self.notifier.signup_changed(t)
        return t

    async def leave(self, tournament_id: int, user_id: int) -> TournamentRow:
        """Before the start: leave the list. Once running: drop out (see `drop`)."""
        if (await self.get(tournament_id)).status == "running":
            return await self.drop(tournament_id, user_id)
        return await self._remove_signup(tournament_id, user_id, "You are not signed up for this tournament.")

    async def _remove_signup(self, tournament_id: int, user_id: int, not_there: str) -> TournamentRow:
        async with self.lock(tournament_id):
            t = await self.get(tournament_id)
            if t.status != "signup":
                raise UserError("This tournament has started since; try again." if t.status == "running"
                                else "This tournament is over.")
            if user_id not in t.players:
                raise UserError(not_there)
            await self.store.transaction([("DELETE FROM tournament_players WHERE tournament_id=? AND user_id=?",
                                           (tournament_id, user_id))])
            t = await self.get(tournament_id)
        await self.notifier.signup_changed(t)
        return t

    async def cancel(self, tournament_id: int) -> TournamentRow:
        """Matches already running go on as ordinary matches."""
        async with self.lock(tournament_id):
            t = await self.get(tournament_id)
            if t.status not in ACTIVE:
                raise UserError("This tournament is already over.")
            await self._save(t, status="cancelled")
        await self.notifier.tournament_closed(t, "The tournament was cancelled.")
        return t

    # ------------------------------------------------------------------ running

    async def start(self, tournament_id: int) -> TournamentRow:
        """Seed the signups by rating (unrated players count as new ones; ties keep the
        signup order) and start round 1."""
        async with self.lock(tournament_id):
            t = await self.get(tournament_id)
            if t.status != "signup":
                raise UserError("This tournament has already started." if t.status == "running"
                                else "This tournament is over.")
            minimum = self.minimum_players(t.format, t.options)
            if len(t.players) < minimum:
                raise UserError(f"A {t.format_title} event needs at least {minimum} players; "
                                f"{len(t.players)} signed up.")
            current = await self.ratings.ratings_for(t.guild_id, t.game, t.players)
            seeded = ratings.seed_order([str(u) for u in t.players], {str(u): r for u, r in current.items()})
            try:
                t.state = tstate.new_tournament(t.format, seeded, rounds=t.options.get("rounds"),
                                                min_pod=t.options.get("min_pod", 3), max_pod=t.options.get("max_pod", 4))
            except ValueError as exc:
                raise UserError(f"This tournament cannot start: {exc}.") from None
            await self._save(t, status="running")
            await self.notifier.signup_changed(t)
            await self._advance(t)
            return t

    async def on_match_finished(self, match: MatchRow) -> None:
        """The finish listener (runs under the match's lock)."""
        if match.meta.get("tournament") is None:
            return
        await self._record(match, advance=True)

    async def drop(self, tournament_id: int, user_id: int) -> TournamentRow:
        """Withdraw a player. Before the start they leave the list; once running, Swiss
        formats pair them no more and elsewhere their later games are forfeits. A game of
        theirs in progress is resigned (so it counts as their loss)."""
        if (await self.get(tournament_id)).status == "signup":
            return await self._remove_signup(tournament_id, user_id, f"<@{user_id}> is not signed up.")
        async with self.lock(tournament_id):
            t = await self.get(tournament_id)
            if t.status != "running":
                raise UserError("This tournament is over.")
            if str(user_id) not in t.state.players:
                raise UserError(f"<@{user_id}> is not playing in this tournament.")
            if str(user_id) in t.state.dropped:
                raise UserError(f"<@{user_id}> has already dropped out.")
            tstate.drop_player(t.state, str(user_id))
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
        elif match.status == "active" and match.seat_of(user_id) is not None:
            # outside the tournament lock: the finish listener takes it to record the loss
            await self.matches.resign(match_id, user_id)
        return await self.get(tournament_id)

    async def force_next_round(self, tournament_id: int) -> TournamentRow:
        """End the current round now: every unfinished game is adjudicated as a loss for
        the player(s) to move (a draw if nobody or everyone is; in single elimination the
        better seed goes through then), and the next round starts."""
        t = await self.get(tournament_id)
        if t.status != "running":
            raise UserError("This tournament is not running.")
        number = tstate.current_round(t.state)
        ids = await self.match_ids(tournament_id)
        closed: list[tuple[MatchRow, str]] = []
        for game in tstate.pending_matches(t.state):
            match_id = ids.get(game.id)
            if match_id is None:
                continue
            async with self.matches.lock(match_id):   # match lock first, then the tournament's
                match = await self.matches.get(match_id)
                if match.status == "active":
                    match, note = await self._adjudicate(match)
                    closed.append((match, note))
                if match.status == "finished":
                    await self._record(match, advance=False)
        for match, note in closed:
            await self.matches.notifier.match_closed(match, note)
        async with self.lock(tournament_id):
            t = await self.get(tournament_id)
            if t.status == "running" and tstate.current_round(t.state) == number:
                # games that never got a match (their creation failed) are draws
                self._record_forfeits(t.state, tstate.pending_matches(t.state), draw=True)
                await self._save(t)
                await self._advance(t)
        return await self.get(tournament_id)

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
        t.updated_at = self.clock()
        await self.store.transaction([(
            "UPDATE tournaments SET status=?, data=?, updated_at=? WHERE id=?",
            (t.status, json.dumps(t.state.to_dict()) if t.state else None, t.updated_at, t.id))])

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
        """Record a finished match's result on its pairing (by player, whatever the seats)."""
        by_seat = seat_ranks(match)
        by_user = {str(s.user_id): by_seat[s.seat] for s in match.seats}
        worst = max(by_seat) + 1
        ranks = [by_user.get(p, worst) for p in game.players]
        tstate.record_result(t.state, game.id, self._decisive(t.state, game, ranks))

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

    async def _adjudicate(self, match: MatchRow) -> tuple[MatchRow, str]:
        """Close an unfinished match for `/tournament next` (caller holds its lock)."""
        rules = self.matches.rules(match)
        robots = computer_seats(match)
        to_move = set(rules.active_players(match.snapshot)) if match.snapshot else set()
        to_move -= robots
        seats = [s.seat for s in match.seats]
        losing = to_move if to_move and len(to_move) < len(seats) else set()
        winners = [s for s in seats if s not in losing]
        mentions = " and ".join(f"<@{match.user_at(s).user_id}>" for s in sorted(losing))
        reason = (f"The organizer closed the round: {mentions} {'was' if len(losing) == 1 else 'were'} to move "
                  f"and {'loses' if len(losing) == 1 else 'lose'}." if losing
                  else "The organizer closed the round: a draw.")
        result = {"winners": winners, "scores": {}, "reason": reason, "adjudicated": True}
        for key in LOSING_KEYS:
            if (match.result or {}).get(key) or match.meta.get(key):
                result[key] = list((match.result or {}).get(key) or match.meta.get(key))
        await self.store.update_match(match.id, status="finished", result=result)
        cancel_timers = getattr(self.store, "cancel_timers", None)
        if cancel_timers is not None:   # a clock must not fire on a match that is over
            await cancel_timers(match.id)
        return await self.matches.get(match.id), reason

    async def _advance(self, t: TournamentRow) -> None:
        """While the current round is complete: report it, then finish the event or start
        the next round. Caller holds the tournament lock."""
        while t.status == "running" and tstate.is_round_complete(t.state):
            number = tstate.current_round(t.state)
            if tstate.is_finished(t.state):
                await self._save(t, status="finished")
                await self.notifier.round_finished(t, number)
                return
            try:
                games = tstate.next_round(t.state)
            except ValueError:
                # drop-outs left no valid pairing (too few players, or everyone has had a
                # bye): the event ends with the rounds played
                log.warning("tournament %s ends after round %s: no pairing left", t.id, number)
                t.state.total_rounds = number
                continue
            if number:
                await self.notifier.round_finished(t, number)
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
            existing = await self.store._fetchone(
                "SELECT id FROM matches WHERE json_extract(meta, '$.tournament')=? "
                "AND json_extract(meta, '$.pairing')=? ORDER BY id LIMIT 1", (t.id, game.id))
            if existing is not None:   # created, but the bot stopped before noting it
                match = await self.matches.get(existing[0])
            else:
                match = await self._create_match(t, game)
                if match is None:
                    continue
            await self.store.transaction([(
                "INSERT OR REPLACE INTO tournament_matches (tournament_id, pairing_id, round, match_id) VALUES (?,?,?,?)",
                (t.id, game.id, game.round, match.id))])
            out[game.id] = match
        return out

    async def _create_match(self, t: TournamentRow, game: tstate.Match) -> MatchRow | None:
        users = [int(p) for p in game.players]
        meta = {"tournament": t.id, "pairing": game.id, "rated": t.options.get("rated", True),
                "fixed_seats": True}   # seats in pairing order: first-seat balance and pod rotation
        extra = {"clock": t.options["clock"]} if t.options.get("clock") else {}
        try:
            return await self.matches.create(
                game=t.game, guild_id=t.guild_id, channel_id=t.channel_id, creator_id=users[0], invited=users[1:],
                players=len(users), accepted=True, meta=meta, **extra)
        except UserError as exc:
            log.warning("tournament %s: could not create the match of %s: %s", t.id, game.id, exc.message)
            return None
