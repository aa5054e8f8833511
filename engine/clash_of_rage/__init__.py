"""Clash of Rage (2-4 players): rules engine.

Modules: data (component data in data/clash_of_rage, every value with its source), board (the hex
map from region tiles, movement), setup (spec section 3), tactics (phase 2: the secret
simultaneous tactic choice, R22-R26), rounds (elf evolution, strongholds, income, reinforcement,
stones, victory points), actions (phases 3 and 5: Move with its battles, Equip, Pass, the win
check), battle (R44-R65, dice from the match's seeded RNG), flow (who acts, dispatch, automatic
steps), paths (each action id with the choices that make it), views (and hidden_items), prompts,
options, help, ai, secrecy (the `redeal` hook: hidden cards dealt again).

Seats are 0..n-1 in join order, clockwise (D28: the player to seat i's right is seat i-1).
Territories are labels such as "1C" (tile slot 1, centre) or "H2" (seat 1's stronghold).

Action-id grammar:
Phase 2    tactic:<card>                   the secret choice (simultaneous)
           stronghold:<territory>-<dir>    round 1, in turn order (R27, D6)
           place:<tier>:<territory>        reinforcement (R30); "done" when all are placed
Actions    pass | move:<from>:<to>:<ids> | moved | battle:<hex>
           buy:<item>:<unit type>:<slot> | forge | keep:<legendary> | equip:<item>:<unit type> |
           unequip:<unit type>:<slot> | recruit:<hero>:<territory> | equipped
Battle     roll | retreat:<stronghold> | reroll:<i,j,...> | allocate:<type ids>

The match service: the tactic choice is asked privately (`asks_privately`: the thread names nobody
and says only how many are still choosing); `timeout_action` makes the computer player's choice
for a player out of time during it.

Design decisions are listed in help.DESIGN_TEXT (and in the modules that take them)."""
from __future__ import annotations

from engine.base import IllegalAction, Result, copy_state
from engine.text import Msg, plural

from . import ai, flow, help, paths, prompts, secrecy, setup, tactics, views
from .options import OPTIONS, options_text, refuse_options

__all__ = ["RULES", "ClashOfRageRules"]



class ClashOfRageRules:
    name = "clash_of_rage"
    title = "Clash of Rage"
    min_players = 2
    max_players = 4
    options = OPTIONS

    def refuse_options(self, players: int, options: dict) -> Msg | None:
        return refuse_options(players, options)

    def options_text(self, options: dict | None) -> Msg:
        return options_text(options)

    def setup(self, players: int, options: dict, seed: int) -> dict:
        state = setup.setup(players, options or {}, seed)
        flow.run_automatic(state)       # round 1 opens on the tactic draw
        return state

    def active_players(self, state: dict) -> set[int]:
        return flow.active_players(state)

    def legal_actions(self, state: dict, seat: int):
        return paths.legal_actions(state, seat)

    def apply(self, state: dict, seat: int, action_id: str):
        if state.get("result"):
            raise IllegalAction(Msg("The game is over."))
        if seat not in flow.active_players(state):
            raise IllegalAction(Msg("It is not your turn to act."))
        new = copy_state(state)   # never mutate the input
        events = flow.apply(new, seat, str(action_id))
        return new, events

    def view(self, state: dict, viewer: int | None) -> dict:
        return views.view(state, viewer)

    def hidden_items(self, state: dict, seat: int) -> set[str]:
        return views.hidden_items(state, seat)

    def redeal(self, state: dict, seat: int | None, rng) -> dict:
        """A copy of `state` that `seat` (None: the public) cannot tell apart from it: the hidden
        tactic cards, picks and legendary cards dealt again (secrecy.py). Never mutates `state`."""
        return secrecy.redeal(state, seat, rng)

    def prompt(self, state: dict, seat: int):
        return prompts.prompt(state, seat)

    def result(self, state: dict) -> Result | None:
        r = state.get("result")
        return Result.from_dict(r) if r else None

    def ai_choose(self, state: dict, seat: int, seed: int) -> str:
        return ai.choose(state, seat, seed)

    def first_player(self, state: dict) -> int:
        """The turn order comes from the tactic cards each round; seat 0 opens the log."""
        return 0

    def asks_privately(self, state: dict) -> bool:
        """The secret tactic choice: who is still choosing is told to nobody (R25)."""
        return tactics.selecting(state) and not state.get("result")

    def waiting_text(self, state: dict) -> Msg | None:
        """The public line while the choice is secret: how many are still choosing, not who."""
        if not self.asks_privately(state):
            return None
        return plural("Waiting for {n} player to choose a tactic card", "Waiting for {n} players to choose a tactic card",
                      n=len(tactics.active_seats(state)))

    def timeout_action(self, state: dict, seat: int) -> str | None:
        """A player out of time during the tactic choice gets the computer player's choice (the
        game cannot go on without it, and nobody else may choose for them); anything else waits."""
        if tactics.selecting(state) and seat in tactics.active_seats(state):
            return ai.choose(state, seat, state["rng"]["seed"] + state["round"])
        return None

    @property
    def rules_text(self):
        return help.RULES_TEXT

    @property
    def design_text(self):
        return help.DESIGN_TEXT


RULES = ClashOfRageRules()
