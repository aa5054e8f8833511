"""The match options Clash of Rage declares (spec section 8 and D33, D39). The defaults are the
rulebook's standard game, so a plain match stores nothing."""
from __future__ import annotations

from engine.base import Option
from engine.text import Msg

MAX_ROUNDS = 30

OPTIONS = (
    Option("longer", "bool", False, Msg("The longer game: 5 victory points to win instead of 4"),
           label=Msg("longer game")),
    Option("elves", "choice", "random", Msg("Elf placement: at random, or harder elves (one of each type per city)"),
           label=Msg("elves"),
           choices=(("random", Msg("At random (recommended)")),
                    ("hard", Msg("Harder: one of each type in every city")))),
    # G24: the box's finite supply, with the house rules for running out (engine/clash_of_rage/supply.py)
    Option("supply", "choice", "unlimited",
           Msg("Gold, crystals and rage tokens: unlimited, or only as many as the box holds"),
           label=Msg("supply"),
           choices=(("unlimited", Msg("Unlimited (recommended)")),
                    ("box", Msg("As the box holds: 150 gold, 45 elf tokens, 8 rage tokens")))),
    # seed setup step 1: the players lay the region tiles themselves (engine/clash_of_rage/assembly.py)
    Option("board", "choice", "fixed",
           Msg("The board: a fixed layout, or assembled by the players tile by tile (the rulebook's free layout)"),
           label=Msg("board"),
           choices=(("fixed", Msg("Fixed layout (quick)")),
                    ("assembled", Msg("Assembled by the players, one tile each")))),
    # D33 (digital only, off by default): a round limit for an asynchronous game that must end
    Option("rounds", "int", 0, Msg("Round limit: 0 = none; else most victory points after that round wins"),
           label=Msg("round limit"), min=0, max=MAX_ROUNDS),
)


def refuse_options(players: int, options: dict) -> Msg | None:
    """Every combination sets up for 2-4 players."""
    return None


def options_text(options: dict | None) -> Msg:
    options = options or {}
    parts = [o.describe(o.parse(options.get(o.name))) for o in OPTIONS]
    return Msg("{options}", options=parts)
