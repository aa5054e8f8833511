"""Sid Meier's Civilization: The Board Game (2-4 players): the rules engine, every rule and card
of the base game.

Modules in four layers, each importing only modules listed before it (tests/test_layers.py: no
cycle): data -> board -> mechanics -> flow.
- data: data (component data in data/civilization, every value with its source), units (the unit
  cards' data and decks), seen (what some seat has seen of a secret).
- board: board (the map from tiles: geometry, discovery, yields, movement, blockades, which wonders
  work), research (the pyramid, the secret simultaneous research, derived characteristics),
  economy (city totals, trade collection, coins, the economic victory).
- mechanics: pending (a choice asked of a seat), people (great people, the squares a new marker
  goes to), culture (the culture track, culture event hands), labels (how an id reads), effects
  (card effects as data: the registry, payments and the cancel window), combat (battles,
  barbarians, loot), cities (founding, City Management actions, governments, gathering), wonders,
  trade (the Trade phase's offers), abilities (techs, civilizations), event_cards (culture event
  cards, disasters). A lower module reaches a higher one only through what it is handed
  (flow.RESUME answers a pending play) or an effect registered by name (effects.EFFECTS).
- flow: variants, setup (S1-S17), flow (the turn as one state machine), views, ai, moments (what
  the game waits for, prompts, autopass, time-outs), paths, secrecy (the `redeal` hook), help,
  hard (the hard computer: the normal move unless a look-ahead finds better).

Action-id grammar: see flow.py (setup, culture, discard, move, explore, done), cities.py (found,
government, greatperson, gather, produce, arts, harvest), research.py (research:<tech>|none) and
combat.py (play, loot)."""
from __future__ import annotations

from engine.base import declare

from . import ai, flow, hard, moments, paths, secrecy, setup, variants, views

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
    hard_choose=hard.choose,                # issue 36: the hard player's own look-ahead (hard.py)
    # the seat that placed its capital first (the first player of turn 1)
    first_player=lambda state: state.get("first_of_game", state["first"]),
)
