"""Skytear (2 players, or 3-4 in two teams): rules engine.

Modules: data (component data in data/skytear), hexes and minions (battlefield geometry and the
minion phase), ops (every change of HP, statuses, positions and cards), effects (cards), skills
(hero skills), victory (victory cards), setup, flow (phases, activations, the effect stack and its
response windows, the moment), resolve (what each stack entry does), actions (the move, and the
action-id grammar), legal (legal actions), paths, targets, prompts, options, views (and
hidden_items), secrecy (redeal), public (what anyone may work out), help, ai.
Design decisions are listed in help.DESIGN_TEXT (and in the modules that take them)."""
from __future__ import annotations

from engine.base import declare

from . import actions, ai, flow, hard, legal, prompts, secrecy, setup, views
from .options import OPTIONS


def _setup(players: int, options: dict, seed: int) -> dict:
    """setup.setup, in a game that asks the players the choices the rules give them (flow.ASKS)."""
    state = setup.setup(players, options, seed)
    state["asks"] = True
    return state


RULES = declare(
    name="skytear", title="Skytear", min_players=2, max_players=4,
    options=OPTIONS,
    teams=setup.teams,                      # G27: sides of one or two seats
    setup=_setup,
    active_players=flow.active_players,
    moment=flow.moment,                     # response windows (R74) belong to the activation they answer
    windows=True,
    quiet_pass=legal.quiet_pass,            # G34: "pass unless I can respond"
    timeout_action=flow.timeout_action,     # a window passes, a mulligan keeps the hand, a question its default
    default_answer=flow.default_answer,     # autopass answers a question given back with the automatic pick
    taken_already=actions.taken_already,    # an older log, written before a question was asked
    legal_actions=legal.legal_actions,
    play=actions.play,
    view=views.view,
    hidden_items=views.hidden_items,
    redeal=secrecy.redeal,
    prompt=prompts.prompt,
    ai_choose=ai.choose,
    hard_choose=hard.choose,               # issue 36: the hard player's own search (hard.py)
    # R6: the starting seat; the game opens with the mulligan (or the draft), so the first logged
    # move need not be the first player's (a rematch swaps it)
    first_player=lambda state: state["first"],
)
