"""Battle Line (Reiner Knizia), 2 or 3 players, per `rules/battle-line.md` (R1-R62, D1-D18).

Modules: cards, formations, layout (flags per player count), proof (claims from public facts),
rules (the state machine, the action-id grammar and the automation), paths (each move's choices),
ai, secrecy (the `redeal` hook), help (the rules texts)."""
from __future__ import annotations

from engine.base import declare
from engine.text import Msg

from . import hard, rules, secrecy
from .ai import choose
from .cards import card_label
from .help import DESIGN_TEXT, RULES_TEXT, TACTIC_HINTS
from .layout import LAYOUTS
from .proof import check_claim, provable_flags


def explain_claim(state: dict, seat: int, flag: int) -> Msg:
    """Whether `seat` could claim `flag` now and why, from public facts only (for /proof)."""
    return check_claim(state, seat, flag).reason


def replay_actions(players: int, options: dict | None, seed: int, actions) -> dict:
    """The state after `actions`, (seat, action id) pairs in order, from the setup (the state keeps
    no action log: the store does, so the caller brings it)."""
    state = rules.setup(players, options, seed)
    for seat, action_id in actions:
        state, _ = RULES.apply(state, seat, action_id)
    return state


RULES = declare(
    name="battleline", title="Battle Line", min_players=2, max_players=3,
    options=rules.OPTIONS,                  # variants R59/R60, series D16-D18, claim_on_pass (D7)
    # every variant and series length works with 2 or 3 players (R59-R62, D16-D18)
    refuse_options=lambda players, options: None if players in LAYOUTS else Msg("Battle Line is for 2 or 3 players."),
    setup=rules.setup,
    active_players=rules.active_players,
    legal_actions=rules.legal_actions,
    play=rules.play,
    not_your_turn=rules.not_your_turn,      # whose turn it is, or the Mud discard awaited
    view=rules.view,
    hidden_items=rules.hidden_items,
    redeal=secrecy.redeal,
    prompt=rules.prompt,
    result=rules.result,
    ai_choose=choose,
    hard_choose=hard.choose,                # the whole line judged after each play (engine/battleline/hard.py)
)

__all__ = ["DESIGN_TEXT", "RULES", "RULES_TEXT", "TACTIC_HINTS", "card_label", "explain_claim", "provable_flags",
           "replay_actions"]
