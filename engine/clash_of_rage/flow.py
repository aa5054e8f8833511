"""The round of Clash of Rage as one state machine (spec section 4): who acts now, which action ids
they may take, applying one, and the steps that run by themselves in between.

Phases and the module that owns each: tactics (draw, secret selection and reveal: tactics.py;
strongholds, income, reinforcement: rounds.py), first_action / second_action (actions.py, with
the battles of battle.py and the forge draw), stones and the next round's elf evolution
(rounds.py, automatic). Automatic steps: the tactic draw, income, and any decision that has one
legal choice for the one seat asked (an elf roll, an allocation with one legal set, a finished
reinforcement, a single forged card): no player is asked to press the only button there is.

The state keeps the public texts of the latest events (`log`, their JSON form, the last LOG_KEEP),
appended here as `apply` returns them: the board picture's recent moves. A state saved before the
log was kept has none until its next move."""
from __future__ import annotations

from engine.base import OVER, SIMULTANEOUS, TURN, Event, IllegalAction, Moment
from engine.text import Msg, plural, to_json

from . import actions, assembly, rounds, tactics
from . import setup as setup_

MAX_AUTOMATIC_STEPS = 1000      # a guard: every automatic step moves the game on
LOG_KEEP = 8                    # public event texts kept in the state (the latest ones)


def active_players(state: dict) -> set[int]:
    if state.get("result"):
        return set()
    return set(_active(state))


def moment(state: dict) -> Moment:
    """The secret tactic choice is a simultaneous moment that names nobody (R25: the thread
    says only how many are still choosing); everything else is one seat's turn."""
    seats = frozenset(active_players(state))
    if not seats:
        return Moment(OVER)
    if tactics.selecting(state):
        return Moment(SIMULTANEOUS, seats, waiting=plural(
            "Waiting for {n} player to choose a tactic card", "Waiting for {n} players to choose a tactic card",
            n=len(seats)), secret_seats=True)
    return Moment(TURN, seats, min(seats))


def setup(players: int, options: dict, seed: int) -> dict:
    """The setup (setup.py), then round 1 opens on the tactic draw."""
    state = setup_.setup(players, options or {}, seed)
    run_automatic(state)
    return state


def _active(state: dict) -> list[int]:
    phase = state["phase"]
    if phase == assembly.PHASE:
        return assembly.active_seats(state)
    if phase == "tactics":
        if tactics.selecting(state):
            return tactics.active_seats(state)
        return rounds.active_seats(state)
    if phase in actions.PHASES:
        return actions.active_seats(state)
    return []


def legal_ids(state: dict, seat: int) -> list[str]:
    if state.get("result") or seat not in _active(state):
        return []
    if assembly.assembling(state):
        return assembly.legal_actions(state, seat)
    if tactics.selecting(state):
        return [tactics.ACTION_PREFIX + c for c in tactics.legal_picks(state, seat)]
    if state["phase"] == "tactics":
        return rounds.legal_actions(state, seat)
    return actions.legal_actions(state, seat)


def apply(state: dict, seat: int, action_id: str) -> list[Event]:
    """Applies one decision to `state` (a copy the caller owns), then the automatic steps."""
    if seat not in _active(state):
        raise IllegalAction(Msg("It is not your turn to act."))
    if action_id != "".join(action_id.split()):  # a listed id has no spaces: one spelling per move
        raise IllegalAction(Msg("That is not an action you can take now."))
    if assembly.assembling(state):
        events = assembly.apply(state, seat, action_id)
        if not assembly.assembling(state):
            setup_.place_elves(state, state["options"]["elves"])    # setup step 2 on the finished board
    elif tactics.selecting(state):
        events = tactics.apply_action(state, seat, action_id)
    elif state["phase"] == "tactics":
        events = rounds.apply(state, seat, action_id)
    else:
        events = actions.apply(state, seat, action_id)
    events += run_automatic(state)
    if not state.get("result"):
        rounds.update_victory_points(state)     # R11: a city left or taken counts at once
    _log(state, events)
    return events


def _log(state: dict, events: list[Event]) -> None:
    """The events' public texts (never a private one) at the end of the state's log."""
    log = state.setdefault("log", [])
    log.extend(to_json(e.public) for e in events if e.public)
    del log[:-LOG_KEEP]


def run_automatic(state: dict) -> list[Event]:
    events: list[Event] = []
    for _ in range(MAX_AUTOMATIC_STEPS):
        if state.get("result"):
            return events
        if state["phase"] == "tactics" and state["tactics"]["step"] == "draw":
            events += tactics.begin(state)
            continue
        if rounds.step(state) == "income":
            events += rounds.advance(state)
            continue
        forced = _forced(state)
        if forced is None:
            return events
        seat, action_id = forced
        if state["phase"] == "tactics":
            events += rounds.apply(state, seat, action_id)
        else:
            events += actions.apply(state, seat, action_id)
    raise RuntimeError("the automatic steps did not settle")


def _forced(state: dict) -> tuple[int, str] | None:
    """The one decision of the one seat asked, when it has no alternative. The secret selection
    is never settled this way (a seat always holds a card to choose), and neither is a turn in an
    action phase (Pass is always there)."""
    if tactics.selecting(state):
        return None
    active = _active(state)
    if len(active) != 1:
        return None
    legal = legal_ids(state, active[0])
    return (active[0], legal[0]) if len(legal) == 1 else None
