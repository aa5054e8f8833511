"""/civ: the verb table of Sid Meier's Civilization (one generated command per kind of decision,
spec 11.1) and the moves shown as buttons on the private hand. Everything else comes from the
toolkit (cogs/ui) reading the engine's action paths (engine/civilization/paths.py): the step
pickers (city -> item -> square; figure -> square), the challenge, the rules help and the
legal-only autocomplete. The secret research choice is a button on the hand; a battle's unit
plays are a menu on the hand (the unit, then the front), so a battle is exchanged privately, card
by card."""
from __future__ import annotations

from cogs.ui.commands import Param, Verb
from cogs.ui.game_cog import GameCog

GAME = "civilization"


def verb(name: str, description: str, path: tuple[str, ...], *params: Param) -> Verb:
    return Verb(name, description, path, params)


VERBS = (
    verb("capital", "Setup: place your capital on a central square of your home tile", ("capital",),
         Param("square", "The 4 central squares of your home tile")),
    verb("figures", "Setup: place your army and your scout in the capital's outskirts", ("figures",),
         Param("army", "Where the army starts"), Param("scout", "Where the scout starts")),
    verb("found", "Start of Turn: a scout founds a city on its square", ("found",),
         Param("scout", "Your scouts on a legal square")),
    verb("government", "Start of Turn: change government (Anarchy first, unless just unlocked)", ("government",),
         Param("government", "The governments open to you now")),
    verb("greatperson", "Start of Turn: place a great person from your sheet", ("greatperson",),
         Param("person", "Your great people"), Param("square", "An outskirts square")),
    verb("gather", "Start of Turn: a scout's square works for one of your cities this turn", ("gather",),
         Param("scout", "Your scouts"), Param("city", "The city it gathers for")),
    verb("startharvest", "Start of Turn: your government's harvest (one resource from a city)", ("startharvest",),
         Param("city", "Your cities"), Param("resource", "The resources it can harvest")),
    verb("produce", "City Management: a city produces a figure, unit, building, walls or wonder", ("produce",),
         Param("city", "Your cities still to act"), Param("item", "What it produces (and where)")),
    verb("arts", "City Management: a city devotes to the arts (culture tokens)", ("arts",),
         Param("city", "Your cities still to act")),
    verb("harvest", "City Management: a city harvests one resource token", ("harvest",),
         Param("city", "Your cities still to act"), Param("resource", "The resources it can harvest")),
    verb("culture", "City Management: advance one space on the culture track", ("culture",)),
    verb("discard", "Discard a culture event card down to your hand limit", ("discard",),
         Param("card", "Your culture event cards")),
    verb("move", "Movement: move a figure or a group from one square", ("move",),
         Param("figures", "The figures that move"), Param("to", "Where they end")),
    verb("explore", "Movement: spend 1 movement to discover a face-down tile", ("explore",),
         Param("figure", "The figure next to the tile"), Param("direction", "Which side")),
    verb("done", "End your step of this phase", ("done",)),
    verb("research", "Research: choose a tech in secret (or none)", ("research",),
         Param("tech", "The techs you can research now")),
    verb("play", "Battle: play a unit from your battle hand", ("play",),
         Param("unit", "Your battle hand"), Param("front", "A new front, or the enemy front to attack")),
    verb("loot", "After a battle: spend your loot points", ("loot",),
         Param("loot", "What you can take")),
)


class CivilizationCog(GameCog, group_name="civ",
                      group_description="Sid Meier's Civilization (2-4 players): cities, techs, culture, battles"):
    GAME = GAME
    VERBS = VERBS
    BUTTONS = frozenset({"research", "loot", "done"})


async def setup(bot):
    await bot.add_cog(CivilizationCog(bot))
