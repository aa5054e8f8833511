"""Sid Meier's Civilization: The Board Game (2-4 players): the rules engine, every rule and card
of the base game.

Modules by phase: data (component data in data/civilization, every value with its source), board
(the map from tiles: geometry, discovery, yields, movement, blockades), setup (S1-S17), cities
(founding, City Management actions, governments, great people, gathering), economy (city totals,
trade collection, coins, the economic victory), units (the unit cards' data and decks), combat
(battles, barbarians, loot), research (the pyramid, the secret simultaneous research, derived
characteristics), culture (the culture track, culture event hands), trade (the Trade phase's
offers), effects (card effects as data: the registry, payments and the cancel window), abilities
(techs, civilizations), event_cards (culture event cards, disasters), wonders, flow (the turn as
one state machine), moments (what the game waits for, prompts, autopass, time-outs), labels (how
an id reads), paths, views, seen and secrecy (the `redeal` hook).

Action-id grammar: see flow.py (setup, culture, discard, move, explore, done), cities.py (found,
government, greatperson, gather, produce, arts, harvest), research.py (research:<tech>|none) and
combat.py (play, loot)."""
from __future__ import annotations

from engine.base import declare

from . import ai, flow, moments, paths, secrecy, setup, variants, views

RULES = declare(
    name="civilization", title="Sid Meier's Civilization", min_players=2, max_players=4,
    options=variants.OPTIONS,               # section 8 (the learning game), G40 (a turn cap), the loot rule
    refuse_options=variants.refuse_options,
    is_rated=variants.is_rated,             # the learning game has no winner or loser (section 8)
    setup=setup.setup,
    active_players=flow.active_players,
    moment=moments.moment,                  # the cancel window, the secret research, the Trade phase
    windows=True,
    quiet_pass=moments.quiet_pass,          # autopass: "never ask me in cancel windows"
    timeout_action=moments.timeout_action,
    legal_actions=paths.legal_actions,
    play=flow.apply,
    view=views.view,
    hidden_items=views.hidden_items,
    redeal=secrecy.redeal,
    prompt=moments.prompt,
    ai_choose=ai.choose,
    # the seat that placed its capital first (the first player of turn 1)
    first_player=lambda state: state.get("first_of_game", state["first"]),
)
