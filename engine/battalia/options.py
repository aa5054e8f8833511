"""The match options Battalia declares (the variant and the R133 house rules), under the keys
setup() reads and older matches stored. Defaults are the rulebook's own game, so a plain match
stores nothing."""
from __future__ import annotations

from engine.base import Option

from . import data, setup

VARIANT_NAMES = {"normal": "Base game", "advanced": "Advanced game", "scenario1": "Scenario 1",
                 "scenario2": "Scenario 2"}
MAX_WEEKS = 5  # the longest week-limited game the rulebook names (R133)

OPTIONS = (
    Option("variant", "choice", "normal", "Base game, Advanced, Scenario 1 or Scenario 2 (4 players)",
           label="variant",
           choices=(("normal", "Base game"),
                    ("advanced", "Advanced (home terrain bonuses)"),                  # 3.4
                    ("scenario1", "Scenario 1 (stronger neutral cities and Ruins)"),  # R131
                    ("scenario2", "Scenario 2 (no starting cities, 4 players)"))),    # R132
    # R133 house rules
    Option("weeks", "int", 0, "House rule: end after this many Oracle weeks of 7 rounds (0 = no limit)",
           label="week limit", min=0, max=MAX_WEEKS),
    Option("start_cities", "int", 1, "House rule: starting cities per player", label="starting cities",
           min=1, max=3, command="cities"),
    Option("no_neutral", "bool", False, "House rule: start without the neutral cities",
           label="no neutral cities"),
    Option("start_heroes", "int", 0, "House rule: heroes each player has on the board from the start",
           label="starting heroes", min=0, max=2, command="heroes"),
    Option("level4_end", "int", setup.house_defaults()["level4_end"],
           "House rule: how many level-4 cities end the game", label="level-4 cities to end",
           min=1, max=data.board()["markers"]["high"], command="level4"),
)


def refuse_options(players: int, options: dict) -> str | None:
    """Why these options cannot set up a game for this many players, as a sentence (None: they can)."""
    problem = setup.option_problem(players, options)
    if not problem:
        return None
    return problem[:1].upper() + problem[1:] + ("" if problem.endswith(".") else ".")


def options_text(options: dict | None) -> str:
    """The variant and house rules a match is played with (R133), in words."""
    options = options or {}
    variant = VARIANT_NAMES.get(options.get("variant", "normal"), VARIANT_NAMES["normal"])
    house = setup.house_rules_text(options)
    return f"{variant}; " + (f"house rules: {', '.join(house)}." if house else "no house rules.")
