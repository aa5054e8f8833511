"""The platform's entries for a move (engine.base.Game.apply owns the guard and the copy): `play`
checks that the id is one the list allows and makes it, `taken_already` accepts, once, the setup
step an older action log names that the engine now takes by itself."""
from __future__ import annotations

from engine.base import Event, IllegalAction, copy_state
from engine.text import Msg

from . import actions, legal


def play(state: dict, seat: int, action_id: str) -> list[Event]:
    # a stored move is always one of the legal ids, or a listed move paid with named cards (legal.is_listed)
    if not legal.is_listed(state, seat, action_id):
        raise IllegalAction(_refusal(state, seat, action_id))
    state.pop("history", None)          # the action log of a state stored by an older version: the store keeps it
    state["setup"].pop("auto", None)
    ev = actions.Events(state)
    actions.apply_action(state, seat, action_id, ev)
    return ev.events


def _refusal(state: dict, seat: int, action_id: str) -> Msg:
    """Why a move that is not listed is refused: the rule it breaks when the engine says so, else
    that it is not one of the moves now."""
    trial = copy_state(state)
    try:
        actions.apply_action(trial, seat, action_id, actions.Events(trial))
    except IllegalAction as exc:
        return exc.message
    except (ValueError, KeyError, IndexError, TypeError, AttributeError):  # malformed beyond the checks
        pass
    return Msg("{action} is not one of your moves now.", action=repr(action_id))


def taken_already(state: dict, seat: int, action_id: str) -> dict | None:
    """3.1 step 13: the last starting city, which the engine gives with the move before it, named
    again by an action log written before such steps were automatic: already done (once, and only
    straight after the move that gave it)."""
    if [seat, action_id] != state["setup"].get("auto"):
        return None
    new = copy_state(state)
    new.pop("history", None)
    del new["setup"]["auto"]
    return new
