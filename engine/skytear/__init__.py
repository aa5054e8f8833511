"""Skytear (2 players, or 3-4 in two teams): rules engine.

Modules: data (component data in data/skytear, CONTENT), hexes and minions (battlefield geometry and
the minion phase, GEO), ops (every change of HP, statuses, positions and cards), effects (cards),
skills (hero skills), victory (victory cards), setup, flow (phases, activations, the effect stack
and its response windows), resolve (what each stack entry does), actions (apply), legal (legal
actions), paths, targets, prompts, options, views (and hidden_items), secrecy (redeal), help, ai.

Seats are 0..n-1; sides 0 (nexus on the left) and 1. Sides: 2 players [[0],[1]]; 3 players [[0,2],[1]];
4 players [[0,2],[1,3]] (the starting seat leads its side). Hexes are labels such as "F7"; card
instances are "c<n>"; target values: a hero id, "outsider", a minion "m:<hex>:<side>", a pillar
"p:<hex>", an illusion "i:<hero>", a control token "t:<number>", or a hex label.

Action-id grammar (segments separated by ":"):
Setup      pick:<hero>                           draft (R137), the side whose step it is
           toss:<iid> | keep                     mulligan (G29): set cards aside, then keep
Hero phase activate:<hero>                       R26/R27 (opens no window, DD)
           move:<hex> | attack:<target> | skirmish:<target>       R34, R38, R42 (1 AP each, once)
           alt:<skill>:<hex>                     an alternative action (Bear Fury, R33), in its slot
           lead:<iid> | lead:deck                R47/R48
           devotion:<key>                        R50-R57; key = skills.choice_key, e.g. mark=yami,
                                                 pillar=C4,remove=-  or  illusion=akhuti,to=E5
           play:<hero>:<iid>[:<target>[:<target>]]   a card (R60-R65): normal cards by the active
                                                 hero with an empty stack, instants by any own hero
           end                                   G19 (the player's own move, see flow.nothing_left)
           priority:ask | priority:quiet         the seat's private setting: asked first, or passed
                                                 for, when it holds priority over its own effect
Windows    pass | play:...                       the seat holding priority (R74: one at a time, in
                                                 order from the active seat, see flow.open_window)
Outsider   outsider:place:<h1>,<h2>,<h3> | outsider:attack:<target> | outsider:skirmish:<target> |
           outsider:skill:<skill> | outsider:end                  R117-R119
Pending    skirmish_effect:damage | skirmish_effect:no_damage      R43: one or both effects, in order
           skirmish_move:<hex> | skirmish_move:stay               R43 step 2 (no stay without damage)
           foresee:keep | foresee:discard        R128, the looked-at cards top first
           extra:move:<hex> | extra:attack:<t> | extra:skirmish:<t> | extra:skip   R32
           react:attack:<target> | react:skirmish:<target>        R120 (any target of the Outsider)
Reset      discard:<iid>                         R121 step 3, down to 7 (simultaneous)

The match service: `pass_action` is "pass"; `auto_pass_ok(state, seat)` is True when the seat holds
priority in a response window and its only legal action is to pass; `timeout_action(state, seat)` is "pass"
in a window ("keep" in the mulligan), None otherwise.

Design decisions are listed in help.DESIGN_TEXT (and in the modules that take them).
"""
from __future__ import annotations

from engine.base import IllegalAction, Result, copy_state
from engine.text import Msg

from . import actions, ai, flow, help, legal, prompts, secrecy, setup, views
from .events import Events
from .options import OPTIONS, options_text, refuse_options

__all__ = ["RULES", "SkytearRules"]



class SkytearRules:
    name = "skytear"
    title = "Skytear"
    min_players = 2
    max_players = 4
    options = OPTIONS
    pass_action = "pass"

    def teams(self, players: int, options: dict | None = None) -> list[list[int]]:
        return setup.teams(players)

    def refuse_options(self, players: int, options: dict) -> Msg | None:
        return refuse_options(players, options)

    def options_text(self, options: dict | None) -> Msg:
        return options_text(options)

    def setup(self, players: int, options: dict, seed: int) -> dict:
        return setup.setup(players, options or {}, seed)

    def active_players(self, state: dict) -> set[int]:
        return flow.active_players(state)

    def legal_actions(self, state: dict, seat: int):
        return legal.legal_actions(state, seat)

    def apply(self, state: dict, seat: int, action_id: str):
        if state.get("result"):
            raise IllegalAction(Msg("The game is over."))
        if seat not in flow.active_players(state):
            raise IllegalAction(Msg("It is not your turn to act."))
        new = copy_state(state)   # never mutate the input
        ev = Events(new)
        actions.apply_action(new, seat, str(action_id), ev)
        return new, ev.events

    def view(self, state: dict, viewer: int | None) -> dict:
        return views.view(state, viewer)

    def hidden_items(self, state: dict, seat: int) -> set[str]:
        return views.hidden_items(state, seat)

    def prompt(self, state: dict, seat: int):
        return prompts.prompt(state, seat)

    def result(self, state: dict) -> Result | None:
        r = state.get("result")
        return Result.from_dict(r) if r else None

    def ai_choose(self, state: dict, seat: int, seed: int) -> str:
        return ai.choose(state, seat, seed)

    def first_player(self, state: dict) -> int:
        """The starting seat (R6): the game opens with a simultaneous mulligan (or the draft), so
        the first logged move need not be the first player's (the service's rematch swaps it)."""
        return state["first"]

    def auto_pass_ok(self, state: dict, seat: int) -> bool:
        """G34: the seat is in a response window and passing is all it can do (the setting "pass
        unless I can respond")."""
        if not flow.in_window(state, seat):
            return False
        # the window's legal actions are "pass" and the instants playable now: look for one only
        return next(legal.playable(state, seat, instants_only=True), None) is None

    def redeal(self, state: dict, seat: int | None, rng) -> dict:
        """The secrecy hook (engine/base.py): a copy of `state` that `seat` (None: the public)
        cannot tell apart from it, every secret dealt again (secrecy.redeal)."""
        return secrecy.redeal(state, seat, rng)

    def asks_privately(self, state: dict) -> bool:
        """A response window is open: who is asked, and who is still to answer, is told to nobody
        else (a player passing by "pass unless I can respond" must look like any other)."""
        return bool(self.active_players(state)) and any(flow.in_window(state, s) for s in self.active_players(state))

    def timeout_action(self, state: dict, seat: int) -> str | None:
        """A decision the game settles alone when a player is out of time: a window passes (G34),
        a mulligan keeps the hand. Anything else waits for the player."""
        if flow.in_window(state, seat):
            return "pass"
        if state["phase"] == "mulligan" and seat in flow.active_players(state):
            return "keep"
        return None

    @property
    def rules_text(self):
        return help.RULES_TEXT

    @property
    def design_text(self):
        return help.DESIGN_TEXT


RULES = SkytearRules()
