"""Clash of Rage (2-4 players): rules engine.

Modules: data (component data in data/clash_of_rage, every value with its source), board (the hex
map from region tiles, movement), setup (spec section 3), tactics (phase 2: the secret
simultaneous tactic choice, R22-R26), rounds (elf evolution, strongholds, income, reinforcement,
stones, victory points), actions (phases 3 and 5: Move with its battles, Equip, Pass, the win
check), battle (R44-R65, dice from the match's seeded RNG), flow (who acts, the moment, dispatch,
automatic steps), paths (each action id with the choices that make it), views (and hidden_items),
prompts, options, help, ai, hard (the hard computer), secrecy (the `redeal` hook: hidden cards dealt again).

Seats are 0..n-1 in join order, clockwise (D28). Territories are labels such as "1C" (tile slot 1,
centre) or "H2" (seat 1's stronghold). Action ids: see flow.py, tactics.py, rounds.py, actions.py
and battle.py; a UI walks each action's path and never parses them. Design decisions are listed in
help.DESIGN_TEXT (and in the modules that take them)."""
from __future__ import annotations

from engine.base import declare

from . import ai, flow, hard, paths, prompts, secrecy, views
from .options import OPTIONS, refuse_options

RULES = declare(
    name="clash_of_rage", title="Clash of Rage", min_players=2, max_players=4,
    options=OPTIONS, refuse_options=refuse_options,
    setup=flow.setup,
    active_players=flow.active_players,
    moment=flow.moment,                     # the tactic choice: simultaneous, naming nobody (R25)
    legal_actions=paths.legal_actions,
    play=flow.apply,
    view=views.view,
    hidden_items=views.hidden_items,
    redeal=secrecy.redeal,
    prompt=prompts.prompt,
    ai_choose=ai.choose,
    hard_choose=hard.choose,                # the hard computer: a short lookahead judged by the points race
    timeout_action=ai.timeout_action,       # out of time in the tactic choice: the computer's pick
    first_player=lambda state: 0,           # the turn order comes from the tactic cards each round
)
