"""Battalia: The Creation (2-4 players): rules engine.

Modules: data (JSON component data in data/battalia), cards (registry, zones, paying), board (map,
placement, movement), oracle, battle, actions (the moves, the action-id grammar and the design notes
beyond the spec's decisions), moves (the platform's entries: play, taken_already), legal
(legal_actions, is_listed), paths (each action's path of choices, pay_with), prompts, options
(declared match options), turns (turn steps, end, scoring), views (and hidden_items), secrecy (the
`redeal` hook), help (rules summary and design decisions), ai (the normal computer), hard (the hard one)."""
from __future__ import annotations

from engine.base import declare

from . import actions, ai, hard, legal, moves, prompts, secrecy, setup, views
from .options import OPTIONS, options_text, refuse_options
from .paths import pay_with

RULES = declare(
    name="battalia", title="Battalia: The Creation", min_players=2, max_players=4,
    options=OPTIONS,                        # variants, scenarios and the R133 house rules
    refuse_options=refuse_options,
    setup=lambda players, options, seed: setup.setup(players, options or {}, seed),
    active_players=actions.active_players,
    legal_actions=legal.legal_actions,
    play=moves.play,
    takes_unlisted=legal.is_listed,         # a paid move with the cards the player names (pay_with)
    taken_already=moves.taken_already,      # 3.1 step 13 named again by an older action log
    view=views.view,
    hidden_items=views.hidden_items,
    redeal=secrecy.redeal,
    prompt=prompts.prompt,
    prompt_given=prompts.prompt_given,      # the question worded from the moves the platform listed
    ai_choose=ai.choose,
    easy_moves=ai.easy_moves,               # what the easy computer's random move is drawn from
    easy_random=0.6,                        # of its moves (narrowed so that its games end)
    hard_choose=hard.choose,                # the hard computer: the normal move unless a look-ahead finds better
)

__all__ = ["RULES", "options_text", "pay_with"]
