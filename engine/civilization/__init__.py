"""Sid Meier's Civilization: The Board Game (2-4 players): the rules engine, stage 1 (every rule
but the individual card abilities). Not registered as a game yet.

Modules by phase: data (component data in data/civilization, every value with its source), board
(the map from tiles: geometry, discovery, yields, movement, blockades), setup (S1-S17), cities
(founding, City Management actions, governments, great people, gathering), economy (city totals,
trade collection, coins, the economic victory), combat (battles, barbarians, loot), research (the
pyramid, the secret simultaneous research, derived characteristics), culture (the culture track,
culture event hands), flow (the turn as one state machine), paths, views.

Action-id grammar: see flow.py (setup, culture, discard, move, explore, done), cities.py (found,
government, greatperson, gather, produce, arts, harvest), research.py (research:<tech>|none) and
combat.py (play, loot)."""
from __future__ import annotations

from engine.base import IllegalAction, Result, copy_state
from engine.text import Msg, plural

from . import ai, flow, help, paths, research, setup, views

__all__ = ["RULES", "CivilizationRules"]



class CivilizationRules:
    name = "civilization"
    title = "Sid Meier's Civilization"
    min_players = 2
    max_players = 4
    options = ()

    def setup(self, players: int, options: dict, seed: int) -> dict:
        return setup.setup(players, options or {}, seed)

    def active_players(self, state: dict) -> set[int]:
        return flow.active_players(state)

    def legal_actions(self, state: dict, seat: int):
        return paths.legal_actions(state, seat)

    def apply(self, state: dict, seat: int, action_id: str):
        if state.get("result"):
            raise IllegalAction(Msg("The game is over."))
        if seat not in flow.active_players(state):
            raise IllegalAction(Msg("It is not your turn to act."))
        new = copy_state(state)
        events = flow.apply(new, seat, str(action_id))
        return new, events

    def view(self, state: dict, viewer: int | None) -> dict:
        return views.view(state, viewer)

    def hidden_items(self, state: dict, seat: int) -> set[str]:
        return views.hidden_items(state, seat)

    def result(self, state: dict) -> Result | None:
        r = state.get("result")
        return Result.from_dict(r) if r else None

    def ai_choose(self, state: dict, seat: int, seed: int) -> str:
        return ai.choose(state, seat, seed)

    def first_player(self, state: dict) -> int:
        """The seat that placed its capital first (the first player of turn 1)."""
        return state.get("first_of_game", state["first"])

    def asks_privately(self, state: dict) -> bool:
        """The secret research: who is still choosing is told to nobody (R80)."""
        return research.choosing(state) and not state.get("battle")

    def waiting_text(self, state: dict) -> Msg | None:
        if not self.asks_privately(state):
            return None
        return plural("Waiting for {n} player to choose their research", "Waiting for {n} players to choose their research",
                      n=len(research.active_seats(state)))

    def timeout_action(self, state: dict, seat: int) -> str | None:
        """A player out of time in the secret research gets the computer player's choice (nobody
        else may choose for them); anything else waits for the clock's vote."""
        if self.asks_privately(state) and seat in research.active_seats(state):
            return ai.choose(state, seat, state["rng"]["seed"] + state["turn"])
        return None

    @property
    def rules_text(self):
        return help.RULES_TEXT

    @property
    def design_text(self):
        return help.DESIGN_TEXT


RULES = CivilizationRules()
