"""What a game of Civilization waits for and what a seat is asked (engine.base.Moment): the moment,
the prompt, the autopass setting and the move made for a player out of time.

Asked privately (the thread names nobody and shows the waiting line):
- the cancel window (effects.py), a WINDOW whose pass is "allow": who is asked, and who has
  answered, is told to nobody; `/match autopass on` means "never ask me in cancel windows" (the
  platform answers "allow" for the seat in every window it is in, whatever it holds, so the
  answer's timing never depends on a secret); off, the default, the seat is asked every time;
- the secret research (R80), a simultaneous choice that keeps even who is still choosing to itself;
- the Trade phase (R27), a WINDOW without a pass: offers are private, only a count shows.
Otherwise one seat's turn, or several seats at once (before a battle's hands are drawn)."""
from __future__ import annotations

from engine.base import OVER, SIMULTANEOUS, TURN, WINDOW, Moment
from engine.text import Msg, plural

from . import ai, combat, effects, flow, research, trade

PASS = "allow"                # lets the play in the cancel window happen


def _trading(state: dict) -> bool:
    return trade.is_open(state) and not state.get("battle") and not state.get("pending") \
        and not any(flow.over_limit(state, s) for s in range(state["players"]))


def _researching(state: dict) -> bool:
    return research.choosing(state) and not state.get("battle") and not state.get("pending")


def moment(state: dict) -> Moment:
    if state.get("result"):
        return Moment(OVER)
    active = frozenset(flow.active_players(state))
    if not active:
        return Moment(OVER)
    if effects.in_window(state):
        return Moment(WINDOW, active, state["pending"]["seat"], PASS, Msg("Waiting for the cancel window"))
    if _researching(state):
        return Moment(SIMULTANEOUS, active, waiting=plural(
            "Waiting for {n} player to choose their research", "Waiting for {n} players to choose their research",
            n=len(research.active_seats(state))), secret_seats=True)
    if _trading(state):
        return Moment(WINDOW, active, None, None, trade.waiting_text(state))
    if len(active) == 1:
        return Moment(TURN, active, next(iter(active)))
    return Moment(SIMULTANEOUS, active)


def quiet_pass(state: dict, seat: int) -> bool:
    """`/match autopass on`: True in every cancel window the seat is in, whatever it holds (its
    means are never looked at, so the answer comes as fast whether or not it could cancel)."""
    return effects.in_window(state, seat)


def prompt(state: dict, seat: int):
    """What `seat` is asked now (a cancel window: whether the seat really holds a means; the
    Trade phase: which offer waits for it)."""
    if seat not in flow.active_players(state):
        return ""
    if effects.in_window(state, seat):
        return effects.window_prompt(state, seat)
    if state.get("phase") == "trade" and trade.is_open(state) and not state.get("pending") \
            and not flow.over_limit(state, seat):
        return trade.prompt(state, seat)
    return Msg("Choose your move.")


def timeout_action(state: dict, seat: int) -> str | None:
    """A player out of time: in a cancel window the play is let happen, before a battle the hand
    is drawn, in the secret research the computer player's choice (nobody else may choose for
    them), in the Trade phase an offer declined, a draft thrown away, then the step ended;
    anything else waits for the clock's vote."""
    if effects.in_window(state, seat):
        return PASS
    if combat.mustering(state, seat) and not state.get("pending"):
        return "ready"
    if _researching(state) and seat in research.active_seats(state):
        return ai.choose(state, seat, state["rng"]["seed"] + state["turn"])
    if trade.is_open(state) and seat in flow.active_players(state) and not state.get("pending") \
            and not flow.over_limit(state, seat):
        return trade.timeout_action(state, seat)
    return None
