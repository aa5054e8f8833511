"""Late-game states for the benches: a seeded game of the engine's own computer player on every
seat, played to its end, and the state after a fixed share of its moves.

How late: `LATE` = 0.75, so a state is taken after three quarters of the moves of a whole
computer-vs-computer game (a game that has not ended after `CAP` moves counts as `CAP` moves
long). Whoever the engine asks moves (the lowest seat when several are asked at once); each
decision gets its own seed from the game's seed, so a (game, players, seed) always gives the same
game, the same log and the same late state. The boards and hands are then as full as they get in
a real game (cards played, armies out, cities grown), which is where moves and pictures cost most;
the opening moves, which cost least, are not what is measured.

Used by bench.platform (matches are fast-forwarded to such a state before their moves are timed)
and bench.pictures (the pictures of such states). Prints nothing; pure engine code.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from engine.registry import get as rules_for

LATE = 0.75   # share of a whole computer game's moves played before the late state
CAP = 6000    # moves at most in one computer game


@dataclass(frozen=True)
class LateGame:
    game: str
    players: int
    options: dict
    seed: int
    initial: dict                         # the state the engine sets up with this seed
    log: tuple[tuple[int, str], ...]      # (seat, action) of the moves up to the late state
    state: dict                           # the state after them
    length: int                           # moves of the whole computer game
    finished: bool                        # whether that game ended (else it was cut at CAP)
    rest: tuple[tuple[int, str], ...] = ()  # (seat, action) of the game's moves after the late state

    @property
    def move(self) -> int:
        """The late state's move number (= len(log))."""
        return len(self.log)


def computer_game(game: str, players: int, seed: int, options: dict | None = None,
                  cap: int = CAP) -> tuple[list[tuple[int, str]], bool]:
    """A whole game of the computer player on every seat: its (seat, action) log and whether it
    ended within `cap` moves."""
    rules = rules_for(game)
    state = rules.setup(players, dict(options or {}), seed)
    rng, log = random.Random(f"late-{game}-{players}-{seed}"), []
    while rules.result(state) is None and len(log) < cap:
        active = rules.active_players(state)
        if not active:
            break
        seat = min(active)
        action = rules.ai_choose(state, seat, rng.randrange(1 << 30))
        state, _events = rules.apply(state, seat, action)
        log.append((seat, action))
    return log, rules.result(state) is not None


def late_game(game: str, players: int, seed: int, options: dict | None = None,
              fraction: float = LATE) -> LateGame:
    """The state after `fraction` of the moves of the seeded computer game (at least one move,
    never the last one: the game is still going)."""
    rules = rules_for(game)
    options = dict(options or {})
    log, finished = computer_game(game, players, seed, options)
    upto = max(1, min(len(log) - 1, int(len(log) * fraction))) if len(log) > 1 else len(log)
    initial = rules.setup(players, dict(options), seed)
    state = initial
    for seat, action in log[:upto]:
        state, _events = rules.apply(state, seat, action)
    return LateGame(game, players, options, seed, rules.setup(players, dict(options), seed),
                    tuple(log[:upto]), state, len(log), finished, tuple(log[upto:]))


def describe(games: list[LateGame]) -> str:
    """"move 75 of a 100-move game (seed 3), ..." for a header line."""
    parts = [f"move {g.move} of {g.length}{'' if g.finished else '+ (cut)'} (seed {g.seed})" for g in games]
    return ", ".join(parts)
