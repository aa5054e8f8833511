"""The floor of a move: the CPU that any bot must spend to deliver it, measured on the very moves
bench.platform timed (the same late-game states, the same seats and actions).

For one move (state before, seat, action) the floor is, each part timed in this process with
`time.process_time()` (all threads: the database thread's share of the commit is in it):

  apply     the engine applies the action (`rules.apply`);
  legal     the legal moves of every seat asked to act after it (what their menus offer, and
            what their next click is checked against: a bot computes them once per state, so
            the mover's own list before the move was already paid for by the move before);
  commit    one store commit of the new state (`Store.commit_action`: the action row, the
            snapshot JSON and the version in one transaction) on a SQLite store of its own in
            the temporary directory;
  pictures  the pictures that move needs, each with the view it is drawn from: one board when
            the turn changes hands (`Moment.owner` before and after differ) or the game ends
            (not while the turn stays with its owner, nor while others are still choosing in
            secret or answering privately: the bot's presenter posts no board then either; the
            floor once counted a board whenever someone else was asked to act, a board more than
            the bot draws in Civilization's and Skytear's answer windows), and the hand of each seat the move must tell
            (the mover, every seat asked to act after it, every seat it told something
            privately) whose hand picture changed with this move (what the drawing module's
            `hand_content` shows differs). A hand that changed for a seat the move does not
            tell is drawn when that seat is next told, which the floor, comparing only the
            states before and after one move, does not count: it stays a lower bound;
  menus     the move menus of each seat the move tells that has moves now (not of a seat still
            choosing in secret, whose menus stay good): its legal moves with the players' names
            in their labels, built into components as the bot builds them
            (`cogs.ui.picker.move_items`). A move whose pictures do not change still owes the
            seats it tells the choices of their next click: Clash of Rage late in a game changes
            no picture on most moves, and without this part its floor was the engine and the
            commit alone.

What is not in it: finding which hands changed (a bot could know it from the move's events),
the message texts, Discord's transport. The floor is therefore a lower bound, and
`bot ms/move ÷ floor` says how much the bot spends beyond the unavoidable.
"""
from __future__ import annotations

import json
import pickle
import statistics
import time
from dataclasses import dataclass, field, replace
from pathlib import Path

from engine.registry import get as rules_for
from render import registry as renderers
from store import Store


@dataclass
class MoveSample:
    """A move as the bench sent it: the state it was made in, by whom, what."""
    game: str
    state: dict | str  # the state, or its JSON (parsed when measured)
    seat: int
    action: str
    players: int
    names: list[str]
    lang: str = "en"
    move: int = 0  # the match's version before it


@dataclass
class FloorResult:
    moves: int = 0
    apply: float = 0.0      # ms per move, means over the moves
    legal: float = 0.0
    commit: float = 0.0
    pictures: float = 0.0
    menus: float = 0.0      # ms per move of the told seats' move menus
    boards: float = 0.0     # boards per move
    hands: float = 0.0      # hand pictures per move
    first: int = 0          # move numbers of the sampled moves (their match's versions)
    last: int = 0
    errors: list[str] = field(default_factory=list)

    @property
    def total(self) -> float:
        return self.apply + self.legal + self.commit + self.pictures + self.menus


def _digest(value) -> bytes:
    return pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)


def board_needed(rules, before: dict, after: dict, seat: int, events) -> bool:
    """Whether the bot's presenter posts a board after this move (cogs/presenter.py:
    `still_choosing`, `turn_goes_on`): yes when the game ended or the turn changed hands; no
    while others are still choosing in secret or a private window stays open to others, and
    no while the turn stays with its owner (`Moment.owner` the same before and after the move;
    without an owner, a simultaneous step, while the mover alone still acts)."""
    if rules.result(after) is not None:
        return True
    was, now = set(rules.active_players(before)), set(rules.active_players(after))
    if len(was) >= 2 and now and now <= was - {seat}:
        return False
    if len(was) >= 2 and now and seat in now and rules.moment(after).asks_privately:
        told = {s for e in events for s in getattr(e, "private", {})}
        if ((now - {seat}) & was) - told:
            return False
    owner = rules.moment(before).owner
    if owner is not None:
        return rules.moment(after).owner != owner
    return now != {seat}


def _still_choosing(rules, before: dict, after: dict, seat: int, events) -> set[int]:
    """The seats still choosing after this move in a simultaneous choice or an open window
    (cogs/presenter.py `still_choosing`): their menus stay as they were."""
    was, now = set(rules.active_players(before)), set(rules.active_players(after))
    if len(was) < 2 or not now:
        return set()
    if now <= was - {seat}:
        return now
    if seat in now and rules.moment(after).asks_privately and rules.result(after) is None:
        told = {s for e in events for s in getattr(e, "private", {})}
        return ((now - {seat}) & was) - told
    return set()


def menus(game: str, version: int, state: dict, actions: list, names: list[str], lang: str,
          simultaneous: bool) -> int:
    """The move menus of one seat's private message, built as the bot builds them
    (cogs.ui.picker.move_items over the seat's legal moves with the players' names in their
    labels): what a bot must show for the seat's next click. Returns the components made."""
    from types import SimpleNamespace

    from cogs.ui.game import ui_for
    from cogs.ui.picker import move_items
    from engine.base import name_seats

    named = [replace(a, label=name_seats(a.label, names),
                     path=tuple(replace(c, label=name_seats(c.label, names),
                                        description=name_seats(c.description, names)) for c in a.path))
             for a in actions]
    # a match as the menus read it (a game's own components may read the seats' standing choices)
    match = SimpleNamespace(id=1, version=version, game=game, snapshot=state, status="active", meta={}, seats=[])
    return len(move_items(match, named, ui_for(game).buttons, simultaneous=simultaneous, lang=lang))


def _ms(start: float) -> float:
    return (time.process_time() - start) * 1000


class Floor:
    """Measures the floor of sampled moves; one store per game in `tmp`."""

    def __init__(self, tmp: Path, drawing=None):
        self.tmp = tmp
        self.stores: dict[str, tuple[Store, int, int]] = {}  # game -> (store, match id, version)
        # (game, kind) -> the drawing function (the bench may have wrapped the module's)
        self.drawing = drawing or (lambda game, kind: getattr(renderers.get(game), f"render_{kind}"))
        self.warmed: set[str] = set()

    async def _store(self, sample: MoveSample) -> tuple[Store, int, int]:
        if sample.game not in self.stores:
            store = await Store(str(self.tmp / f"floor-{sample.game}.db")).open()
            mid = await store.create_match(game=sample.game, guild_id=1, channel_id=1, creator_id=1, seed=1,
                                           options={}, player_count=sample.players, invited=[],
                                           seats=[(1000 + i, False, True) for i in range(sample.players)])
            row = await store.get_match(mid)
            await store.start_match(mid, row.seats, sample.state)
            self.stores[sample.game] = (store, mid, 0)
        return self.stores[sample.game]

    def _warm(self, sample: MoveSample, rules) -> None:
        """Fonts and cached parts loaded once, as in the bot's warmed-up workers."""
        if sample.game in self.warmed:
            return
        self.warmed.add(sample.game)
        self.drawing(sample.game, "board")(rules.view(sample.state, None), sample.names, sample.lang)
        self.drawing(sample.game, "hand")(rules.view(sample.state, sample.seat), sample.names, sample.lang)
        for seat in sorted(rules.active_players(sample.state)):
            menus(sample.game, sample.move, sample.state, rules.legal_actions(sample.state, seat), sample.names,
                  sample.lang, False)

    async def measure(self, samples: list[MoveSample]) -> FloorResult:
        result = FloorResult()
        parts = {"apply": [], "legal": [], "commit": [], "pictures": [], "menus": [], "boards": [], "hands": []}
        for sample in samples:
            try:
                one = await self._one(sample)
            except Exception as exc:  # noqa: BLE001 - reported, the rest still measured
                result.errors.append(f"{type(exc).__name__}: {str(exc)[:120]}")
                continue
            for key, value in one.items():
                parts[key].append(value)
        result.moves = len(parts["apply"])
        if result.moves:
            for key, values in parts.items():
                setattr(result, key, statistics.fmean(values))
            result.first = min(s.move for s in samples)
            result.last = max(s.move for s in samples)
        for sample in samples:  # the parsed states are not needed any more
            sample.state = None
        return result

    async def _one(self, sample: MoveSample) -> dict:
        rules = rules_for(sample.game)
        if isinstance(sample.state, str):
            sample.state = json.loads(sample.state)
        self._warm(sample, rules)
        before = sample.state
        start = time.process_time()
        after, events = rules.apply(before, sample.seat, sample.action)
        apply_ms = _ms(start)
        start = time.process_time()
        legal = {seat: rules.legal_actions(after, seat) for seat in sorted(rules.active_players(after))}
        legal_ms = _ms(start)
        store, mid, version = await self._store(sample)
        start = time.process_time()
        version = await store.commit_action(mid, version, sample.seat, sample.action, after)
        commit_ms = _ms(start)
        self.stores[sample.game] = (store, mid, version)
        # which pictures: found untimed
        board = board_needed(rules, before, after, sample.seat, events)
        told = {sample.seat} | set(rules.active_players(after)) | \
            {s for e in events for s in getattr(e, "private", {})}
        changed = [seat for seat in sorted(told) if 0 <= seat < sample.players
                   and _digest(renderers.hand_content(sample.game, rules.view(before, seat)))
                   != _digest(renderers.hand_content(sample.game, rules.view(after, seat)))]
        start = time.process_time()
        if board:
            self.drawing(sample.game, "board")(rules.view(after, None), sample.names, sample.lang)
        for seat in changed:
            self.drawing(sample.game, "hand")(rules.view(after, seat), sample.names, sample.lang)
        pictures_ms = _ms(start)
        # the move menus of each seat told that has moves now (a seat still choosing in secret
        # keeps the menus it holds: the bot does not send them again either)
        waiting = set() if board else _still_choosing(rules, before, after, sample.seat, events)
        shown = [seat for seat in sorted(told - waiting) if legal.get(seat)]
        simultaneous = len(legal) > 1
        start = time.process_time()
        for seat in shown:
            menus(sample.game, sample.move + 1, after, legal[seat], sample.names, sample.lang, simultaneous)
        menus_ms = _ms(start)
        return {"apply": apply_ms, "legal": legal_ms, "commit": commit_ms, "pictures": pictures_ms, "menus": menus_ms,
                "boards": float(board), "hands": float(len(changed))}

    async def close(self) -> None:
        for store, _mid, _version in self.stores.values():
            try:
                await store.close()
            except Exception:  # noqa: BLE001, S110 - closing anyway
                pass
        self.stores.clear()
