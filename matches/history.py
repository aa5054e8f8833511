"""The match service's history: the action log read back (replays, the moves in effect, the
public views of every step)."""
from __future__ import annotations

import pickle
from dataclasses import dataclass
from typing import Callable, Iterator

from engine import registry
from engine.base import Event
from engine.text import Msg
from matches.common import UNDO, UNDO_EVENT, UserError, replaying
from store import MatchRow


TURN_VIEWS_KEPT = 4  # matches whose turn boards' views are kept between turn_owners and the replay's drawing


def walk_log(rules, initial: Callable[[], dict], log) -> Iterator[tuple[int, str, dict, list]]:
    """Replay an action log row by row from `initial()`: yields (seat, action, state after,
    events). An "undo" row rebuilds the state from the start without the move it takes back."""
    state = initial()
    in_effect: list[tuple[int, str]] = []
    for _seq, seat, action, _at in log:
        if action == UNDO:
            in_effect.pop()
            state = initial()
            for s, a in in_effect:
                state, _ = rules.apply(state, s, a)
            events = [Event(UNDO_EVENT)]
        else:
            state, events = rules.apply(state, seat, action)
            in_effect.append((seat, action))
        yield seat, action, state, events


def with_recorded_result(result: dict | None, view: dict) -> dict:
    """The result the match records (e.g. a board win that does not count because the
    computer played the seat for an absent player) in place of the engine's own."""
    if view.get("result") and result:
        return {**view, "result": {**view["result"], **result}}
    return view


@dataclass(frozen=True)
class ReplaySource:
    """What a replay is made from: the match's game, seed, options and action log, plain data
    that pickles, so that the replay is made in a render worker process (cogs.pictures:
    `Pictures.replay`), off the bot's event loop and its interpreter lock. `owners()` and
    `views(numbers)` are those of `History.turn_owners` and `History.public_view_stream`, from
    the same walk; blocking, for the worker."""
    game: str
    options: dict
    seed: int
    players: int
    result: dict | None
    log: tuple  # (seq, seat, action, at) rows, as store.actions gives them

    @property
    def boards(self) -> int:
        """Public boards: the one before the first move and one after every logged action."""
        return len(self.log) + 1

    def _initial(self) -> dict:
        return registry.get(self.game).setup(self.players, dict(self.options), self.seed)

    def _public(self, rules, number: int, state: dict) -> dict:
        public = rules.view(state, None)
        return with_recorded_result(self.result, public) if number == len(self.log) else public

    def turns(self) -> tuple[list, dict[int, bytes]]:
        """The log walked once: `moment(state).owner` of every board, and the public views
        (pickled) of the boards a replay may show: the first, the last and each where the owner
        changes."""
        rules, last = registry.get(self.game), len(self.log)
        state = self._initial()
        owners, views = [rules.moment(state).owner], {0: pickle.dumps(self._public(rules, 0, state))}
        for number, (_seat, _action, state, _events) in enumerate(walk_log(rules, self._initial, self.log), 1):
            owners.append(rules.moment(state).owner)
            if owners[-1] != owners[-2] or number == last:
                views[number] = pickle.dumps(self._public(rules, number, state))
        return owners, views

    def views(self, numbers, kept: dict[int, bytes] | None = None):
        """(board number, public view) for the given board numbers only, in increasing order:
        from `kept` (what `turns` kept) when it holds them all, else walking the log once, only
        one state alive at a time however long the game."""
        rules, last = registry.get(self.game), len(self.log)
        wanted = {n for n in numbers if 0 <= n <= last}
        if not wanted:
            return
        if kept is not None and wanted <= kept.keys():
            for number in sorted(wanted):
                yield number, pickle.loads(kept[number])
            return
        if 0 in wanted:
            yield 0, self._public(rules, 0, self._initial())
        stop = max(wanted)
        if stop == 0:
            return
        walk = walk_log(rules, self._initial, self.log)
        try:
            for number, (_seat, _action, state, _events) in enumerate(walk, 1):
                if number in wanted:
                    yield number, self._public(rules, number, state)
                if number >= stop:
                    return
        finally:
            walk.close()


class History:
    """One part of MatchService (matches/service.py): it uses the others through `self`."""

    async def replay(self, match_id: int) -> dict:
        """Rebuild the state from the seed and the action log (the truth)."""
        match = await self.get(match_id)
        log = await self.store.actions(match_id)

        def rebuild() -> dict:
            state = self._initial_state(match)
            for _seat, _action, state, _events in self._walk(match, log):
                pass
            return state
        return await replaying(rebuild)

    async def replay_source(self, match_id: int) -> ReplaySource:
        """The match's log and what rebuilds it, for a replay made elsewhere (a render worker)."""
        match = await self.get(match_id)
        if match.snapshot is None:
            raise UserError(Msg("This match has not started yet."))
        log = await self.store.actions(match_id)
        return ReplaySource(match.game, dict(match.options), match.seed, len(match.seats),
                            dict(match.result) if match.result else None, tuple(tuple(row) for row in log))

    def _initial_state(self, match: MatchRow) -> dict:
        return self.rules(match).setup(len(match.seats), dict(match.options), match.seed)

    def _rebuild(self, match: MatchRow, moves: list[tuple[int, str]]) -> dict:
        rules = self.rules(match)
        state = self._initial_state(match)
        for seat, action in moves:
            state, _ = rules.apply(state, seat, action)
        return state

    def _walk(self, match: MatchRow, log: list):
        """Replay the log row by row: yields (seat, action, state after, events) (`walk_log`)."""
        return walk_log(self.rules(match), lambda: self._initial_state(match), log)

    @staticmethod
    def moves_in_effect(log: list) -> list[tuple[int, str]]:
        moves: list[tuple[int, str]] = []
        for _seq, seat, action, _at in log:
            if action == UNDO:
                moves.pop()
            else:
                moves.append((seat, action))
        return moves

    async def history(self, match_id: int) -> list[tuple[int, str]]:
        """The public move history: (seat, public text) per event, undo rows included."""
        match = await self.get(match_id)
        if match.snapshot is None:
            raise UserError(Msg("This match has not started yet."))
        log = await self.store.actions(match_id)
        return await replaying(lambda: [(seat, event.public) for seat, _a, _s, events in self._walk(match, log)
                                        for event in events])

    async def public_views(self, match_id: int) -> list[dict]:
        """The public view before the first move and after every logged action."""
        match = await self.get(match_id)
        if match.snapshot is None:
            raise UserError(Msg("This match has not started yet."))
        rules, log = self.rules(match), await self.store.actions(match_id)
        views = await replaying(lambda: [rules.view(self._initial_state(match), None)] + [
            rules.view(state, None) for _seat, _action, state, _events in self._walk(match, log)])
        views[-1] = self._with_recorded_result(match, views[-1])
        return views

    async def turn_owners(self, match_id: int) -> list:
        """Whose turn each public board belongs to: `moment(state).owner` (engine.base) of the
        state before the first move and after every logged action, as in `public_views`; a
        replay shows a board where it changes (render.replay.turn_boards)."""
        match = await self.get(match_id)
        if match.snapshot is None:
            raise UserError(Msg("This match has not started yet."))
        rules, log = self.rules(match), await self.store.actions(match_id)
        last = len(log)

        def walk() -> list:
            """The owners, and the public views of the boards a replay may show (the first, the
            last and each where the owner changes, pickled), kept for `public_view_stream`'s
            views: the replay's drawing then does not walk the log again."""
            state = self._initial_state(match)
            owners, views = [rules.moment(state).owner], {0: pickle.dumps(self._public(match, rules, 0, last, state))}
            for number, (_seat, _action, state, _events) in enumerate(self._walk(match, log), 1):
                owners.append(rules.moment(state).owner)
                if owners[-1] != owners[-2] or number == last:
                    views[number] = pickle.dumps(self._public(match, rules, number, last, state))
            self._keep_turn_views(match_id, last, views)
            return owners
        return await replaying(walk)

    def _public(self, match: MatchRow, rules, number: int, last: int, state: dict) -> dict:
        public = rules.view(state, None)
        return self._with_recorded_result(match, public) if number == last else public

    def _keep_turn_views(self, match_id: int, last: int, views: dict[int, bytes]) -> None:
        kept = self.__dict__.setdefault("_turn_views", {})
        kept.pop(match_id, None)
        kept[match_id] = (last, views)
        while len(kept) > TURN_VIEWS_KEPT:
            kept.pop(next(iter(kept)))

    def _kept_turn_views(self, match_id: int, last: int) -> dict[int, bytes] | None:
        got = self.__dict__.get("_turn_views", {}).get(match_id)
        return got[1] if got is not None and got[0] == last else None

    async def public_view_stream(self, match_id: int) -> tuple[int, Callable]:
        """(number of public boards, views): the boards are the one before the first move and
        one after every logged action, as in `public_views`, but nothing is built yet.
        `views(numbers)` (blocking: call it in a worker thread, as often as needed) walks the log
        once and yields (board number, public view) for the given board numbers only, in
        increasing order, so only one state is alive at a time however long the game. When
        `turn_owners` has walked this log since, and kept the views of every board asked for (the
        boards where the owner changes), they are given from there without walking again."""
        match = await self.get(match_id)
        if match.snapshot is None:
            raise UserError(Msg("This match has not started yet."))
        rules, log = self.rules(match), await self.store.actions(match_id)
        last = len(log)

        def view(number: int, state: dict) -> dict:
            return self._public(match, rules, number, last, state)

        def views(numbers):
            wanted = {n for n in numbers if 0 <= n <= last}
            if not wanted:
                return
            kept = self._kept_turn_views(match_id, last)
            if kept is not None and wanted <= kept.keys():
                for number in sorted(wanted):
                    yield number, pickle.loads(kept[number])
                return
            if 0 in wanted:
                yield 0, view(0, self._initial_state(match))
            stop = max(wanted)
            if stop == 0:
                return
            walk = self._walk(match, log)
            try:
                for number, (_seat, _action, state, _events) in enumerate(walk, 1):
                    if number in wanted:
                        yield number, view(number, state)
                    if number >= stop:
                        return
            finally:
                walk.close()
        return last + 1, views
