"""The match options Skytear declares. Defaults are the first game of the rulebook (R135) on the
two-lane battlefield, so a plain match stores nothing. Every combination sets up (the draft and the
dealt factions both work for 2-4 players), so no combination is refused."""
from __future__ import annotations

from engine.base import Option
from engine.text import Msg

NEXUS_HP_DEFAULT = 5  # skytear-data section 9: five tower tokens go on an exposed nexus

OPTIONS = (
    Option("setup", "choice", "factions",
           Msg("Heroes: whole factions dealt at random, a pick draft, or the tournament format (own pools)"),
           label=Msg("heroes"),
           choices=(("factions", Msg("Factions dealt at random (first game)")),
                    ("draft", Msg("Draft: the sides pick heroes in turn")),
                    # R140: each side picks 1/2/2/2/1 from its own pool of 6 heroes with 10-card decks
                    ("tournament", Msg("Tournament format: each side picks from its own pool of 6")))),
    Option("map", "choice", "two_lane", Msg("The battlefield: two lanes (5 rounds) or three lanes (8 rounds)"),
           label=Msg("map"),
           choices=(("two_lane", Msg("Two lanes, 5 rounds")),
                    ("three_lane", Msg("Three lanes, 8 rounds")))),
    Option("nexus_hp", "int", NEXUS_HP_DEFAULT, Msg("HP of a nexus once its side has lost a tower"),
           label=Msg("nexus HP"), min=1, max=10),
    Option("victory_cards", "bool", True, Msg("Play with 3 victory cards drawn face up"),
           label=Msg("victory cards")),
    # house: a shorter game for a quick match by chat; 0 keeps the map's own limit (R2: 5 or 8)
    Option("rounds", "int", 0, Msg("Round limit: 0 = the map's (5 or 8); fewer for a quicker game"),
           label=Msg("rounds"), min=0, max=8),
)

