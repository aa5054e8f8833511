"""The match options Battalia declares (the variant and the R133 house rules), under the keys
setup() reads and older matches stored. Defaults are the rulebook's own game, so a plain match
stores nothing."""
from __future__ import annotations

from engine.base import Option
from engine.text import Msg

from . import data, setup

VARIANT_NAMES = {"normal": Msg("Base game"), "advanced": Msg("Advanced game"), "scenario1": Msg("Scenario 1"),
                 "scenario2": Msg("Scenario 2")}
MAX_WEEKS = 5  # the longest week-limited game the rulebook names (R133)

OPTIONS = (
    Option("variant", "choice", "normal", Msg("Base game, Advanced, Scenario 1 or Scenario 2 (4 players)"),
           label=Msg("variant"),
           choices=(("normal", Msg("Base game")),
                    ("advanced", Msg("Advanced (home terrain bonuses)")),                  # 3.4
                    ("scenario1", Msg("Scenario 1 (stronger neutral cities and Ruins)")),  # R131
                    ("scenario2", Msg("Scenario 2 (no starting cities, 4 players)")))),    # R132
    # R133 house rules
    Option("weeks", "int", 0, Msg("House rule: end after this many Oracle weeks of 7 rounds (0 = no limit)"),
           label=Msg("week limit"), min=0, max=MAX_WEEKS),
    Option("start_cities", "int", 1, Msg("House rule: starting cities per player"), label=Msg("starting cities"),
           min=1, max=3, command="cities"),
    Option("no_neutral", "bool", False, Msg("House rule: start without the neutral cities"),
           label=Msg("no neutral cities")),
    Option("start_heroes", "int", 0, Msg("House rule: heroes each player has on the board from the start"),
           label=Msg("starting heroes"), min=0, max=2, command="heroes"),
    Option("level4_end", "int", setup.house_defaults()["level4_end"],
           Msg("House rule: how many level-4 cities end the game"), label=Msg("level-4 cities to end"),
           min=1, max=data.board()["markers"]["high"], command="level4"),
)


def refuse_options(players: int, options: dict) -> Msg | None:
    """Why these options cannot set up a game for this many players, as a sentence (None: they can)."""
    return setup.option_problem(players, options) or None


def options_text(options: dict | None) -> Msg:
    """The variant and house rules a match is played with (R133), in words."""
    options = options or {}
    variant = VARIANT_NAMES.get(options.get("variant", "normal"), VARIANT_NAMES["normal"])
    house = setup.house_rules_text(options)
    if house:
        return Msg("{variant}; house rules: {rules}.", variant=variant, rules=house)
    return Msg("{variant}; no house rules.", variant=variant)
