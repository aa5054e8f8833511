"""Sid Meier's Civilization: The Board Game (2-4 players): the rules engine, every rule and card
of the base game.

Modules by phase: data (component data in data/civilization, every value with its source), board
(the map from tiles: geometry, discovery, yields, movement, blockades), setup (S1-S17), cities
(founding, City Management actions, governments, great people, gathering), economy (city totals,
trade collection, coins, the economic victory), combat (battles, barbarians, loot), research (the
pyramid, the secret simultaneous research, derived characteristics), culture (the culture track,
culture event hands), trade (the Trade phase's offers), effects (card effects as data: the
registry, payments and the cancel window), abilities (techs, civilizations), event_cards (culture
event cards, disasters), wonders, flow (the turn as one state machine), paths, views.

Action-id grammar: see flow.py (setup, culture, discard, move, explore, done), cities.py (found,
government, greatperson, gather, produce, arts, harvest), research.py (research:<tech>|none) and
combat.py (play, loot)."""
from __future__ import annotations

from engine.base import IllegalAction, Result, copy_state
from engine.text import Msg, plural

from . import ai, flow, help, paths, research, setup, trade, variants, views

__all__ = ["RULES", "CivilizationRules"]



class CivilizationRules:
    name = "civilization"
    title = "Sid Meier's Civilization"
    min_players = 2
    max_players = 4
    options = variants.OPTIONS          # section 8 (the learning game), G40 (a turn cap)

    def refuse_options(self, players: int, options: dict) -> Msg | None:
        return variants.refuse_options(players, options)

    def is_rated(self, options: dict) -> bool:
        """The learning game has no winner or loser (section 8): it never changes a rating."""
        return not (options or {}).get("learning")

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

    def prompt(self, state: dict, seat: int):
        """What `seat` is asked now (the Trade phase says which offer waits for it)."""
        if seat not in flow.active_players(state):
            return ""
        if state.get("phase") == "trade" and trade.is_open(state) and not state.get("pending") \
                and not flow.over_limit(state, seat):
            return trade.prompt(state, seat)
        return Msg("Choose your move.")

    def asks_privately(self, state: dict) -> bool:
        """The secret research: who is still choosing is told to nobody (R80); the Trade phase:
        who an offer waits for is told to nobody (R27: offers are private, only a count shows)."""
        return (research.choosing(state) and not state.get("battle")) or self._trading(state)

    @staticmethod
    def _trading(state: dict) -> bool:
        return trade.is_open(state) and not state.get("battle") and not state.get("pending") \
            and not any(flow.over_limit(state, s) for s in range(state["players"]))

    def waiting_text(self, state: dict) -> Msg | None:
        if not self.asks_privately(state):
            return None
        if self._trading(state):
            return trade.waiting_text(state)
        return plural("Waiting for {n} player to choose their research", "Waiting for {n} players to choose their research",
                      n=len(research.active_seats(state)))

    def timeout_action(self, state: dict, seat: int) -> str | None:
        """A player out of time in the secret research gets the computer player's choice (nobody
        else may choose for them); anything else waits for the clock's vote."""
        if self.asks_privately(state) and seat in research.active_seats(state):
            return ai.choose(state, seat, state["rng"]["seed"] + state["turn"])
        if trade.is_open(state) and seat in flow.active_players(state) and not state.get("pending") \
                and not flow.over_limit(state, seat):
            return trade.timeout_action(state, seat)            # declines, throws a draft away, ends trading
        return None

    @property
    def rules_text(self):
        return help.RULES_TEXT

    @property
    def design_text(self):
        return help.DESIGN_TEXT


RULES = CivilizationRules()
