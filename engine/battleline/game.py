"""Battle Line as the engine contract's object: the rules module's functions and the
computer player together (kept apart from rules.py so the rules and the AI, which reads the
rules, never import each other)."""
from __future__ import annotations

import random

from engine.base import Action, Event, Result
from engine.text import Msg

from .ai import choose
from .layout import LAYOUTS
from .rules import (OPTIONS, active_players, apply, hidden_items, legal_actions, prompt, result, setup,
                    view)
from .secrecy import redeal


class BattleLineRules:
    name = "battleline"
    title = "Battle Line"
    min_players = 2
    max_players = 3

    def setup(self, players: int, options: dict, seed: int) -> dict:
        return setup(players, options, seed)

    def active_players(self, state: dict) -> set[int]:
        return active_players(state)

    def legal_actions(self, state: dict, seat: int) -> list[Action]:
        return legal_actions(state, seat)

    def apply(self, state: dict, seat: int, action_id: str) -> tuple[dict, list[Event]]:
        return apply(state, seat, action_id)

    def view(self, state: dict, viewer: int | None) -> dict:
        return view(state, viewer)

    def result(self, state: dict) -> Result | None:
        return result(state)

    def ai_choose(self, state: dict, seat: int, seed: int) -> str:
        return choose(state, seat, seed)

    options = OPTIONS

    def refuse_options(self, players: int, options: dict) -> Msg | None:
        # every variant and series length works with 2 or 3 players (R59-R62, D16-D18)
        if players not in LAYOUTS:
            return Msg("Battle Line is for 2 or 3 players.")
        return None

    def prompt(self, state: dict, seat: int) -> str:
        return prompt(state, seat)

    def hidden_items(self, state: dict, seat: int) -> set[str]:
        return hidden_items(state, seat)

    def redeal(self, state: dict, seat: int | None, rng: random.Random) -> dict:
        """A copy `seat` cannot tell apart from `state` (None: the public), its unseen cards dealt
        again (secrecy.redeal); never mutates `state`."""
        return redeal(state, seat, rng)


RULES = BattleLineRules()
