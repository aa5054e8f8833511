"""The computer player at three strengths, for every game, from the engine's pure API:

- normal: the game's own `ai_choose`;
- easy: the normal player, but a seeded share (`EASY_RANDOM`, or the game's `easy_random`) of its
  moves is a legal move drawn at random (deterministic for the match's seed and version); a game's `easy_moves` hook may
  narrow the draw, or give the moves by kind (a list of lists): a kind is drawn first, then one
  of its moves;
- hard: the game's own `hard_choose`, or else the determinized Monte Carlo search of
  `engine.search`, the normal player its rollouts.

None of them peeks: easy and hard see what the normal player sees (the state as the seat may
know it, through the legal moves) and the search deals every hidden item again before it plays.
The match service asks `choose` in a worker thread (never on the event loop); `/match hint`
asks `advise` for the move and one line of why.
"""
from __future__ import annotations

import random
from dataclasses import dataclass

from engine import search
from engine.base import EASY, HARD, LEVEL, LEVELS, NORMAL, as_game
from engine.text import Msg, plural

EASY_RANDOM = 0.4   # the share of an easy player's moves drawn at random among the legal ones

# what /match hint answers (the match service raises them; the texts are the computer's own)
HINTS_OFF = Msg("Hints are off in a rated match; a match started with the option hints=yes allows them.")
NOT_NOW = Msg("Hints are given in a match in progress only.")
NOT_PLAYING = Msg("You are not playing in this match.")
NOT_ASKED = Msg("You have nothing to decide now; ask for a hint when it is your move.")


def hint_line(match: int, move, why) -> Msg:
    """/match hint's answer: the move's label and the line of why."""
    return Msg("Hint for match #{match}: **{move}**. {why}", match=match, move=move, why=why)


@dataclass(frozen=True)
class Advice:
    """A move for a seat and why, in one line (a Msg)."""

    action: str
    why: Msg


def easy(rules, state: dict, seat: int, seed: int) -> str:
    game = as_game(rules)
    rng = random.Random(f"easy:{seed}")
    if rng.random() < (EASY_RANDOM if game.easy_random is None else game.easy_random):
        legal = game.easy_moves(state, seat)
        if legal is None:
            legal = [a.id for a in game.legal_actions(state, seat)]
        if legal and not isinstance(legal[0], str):  # moves by kind: a kind first, then one of its moves
            legal = rng.choice([kind for kind in legal if kind] or [[]])
        if legal:
            return rng.choice(legal)
    return game.ai_choose(state, seat, seed)


def choose(rules, state: dict, seat: int, seed: int, level: str = NORMAL) -> str:
    """The computer's move for `seat` at `level` (easy, normal, hard)."""
    if level == EASY:
        return easy(rules, state, seat, seed)
    if level == HARD:
        return hard(rules, state, seat, seed).action
    return as_game(rules).ai_choose(state, seat, seed)


def hard(rules, state: dict, seat: int, seed: int) -> search.Thought:
    """The hard player's thought: the game's own (`hard_choose`) or the generic search."""
    return as_game(rules).hard_choose(state, seat, seed) or search.think(rules, state, seat, seed)


def level_name(level: str) -> Msg:
    return dict(LEVEL.choices).get(level, level)


def advise(rules, state: dict, seat: int, seed: int, level: str = NORMAL) -> Advice:
    """The move the computer would make in `seat` at `level` (normal or hard; easy is not
    advice) and one line of why."""
    if level not in LEVELS or level == EASY:
        level = NORMAL
    if level == NORMAL:
        return Advice(as_game(rules).ai_choose(state, seat, seed),
                      Msg("The {level}'s choice.", level=level_name(level)))
    thought = hard(rules, state, seat, seed)
    if not thought.searched:
        return Advice(thought.action, Msg("Your only move."))
    if thought.candidates <= 1:  # a step the game's own hard player leaves to the normal one
        why = Msg("The {level}'s choice: at this step it plays as the normal computer does.",
                  level=level_name(level))
    elif thought.judged:
        why = plural("The {level}'s choice: the best of {candidates} moves, each played out in {n} "
                     "imagined deal and judged a few moves ahead.",
                     "The {level}'s choice: the best of {candidates} moves, each played out in {n} "
                     "imagined deals and judged a few moves ahead.", thought.rollouts, level=level_name(level),
                     candidates=thought.candidates)
    elif thought.ended:
        why = Msg("The {level}'s choice: it won {won} of {ended} simulated games that reached their end "
                  "({rollouts} per move, {candidates} moves compared).", level=level_name(level),
                  won=_count(thought.won), ended=thought.ended, rollouts=thought.rollouts,
                  candidates=thought.candidates)
    else:
        why = Msg("The {level}'s choice: no simulated game reached its end within the budget, so it "
                  "keeps the usual move ({candidates} moves compared).", level=level_name(level),
                  candidates=thought.candidates)
    return Advice(thought.action, why)


def _count(value: float) -> str:
    return str(int(value)) if value == int(value) else f"{value:.1f}"
