"""/clash: the verb table of Clash of Rage (one generated command per kind of decision) and the
moves shown as buttons on the private hand. Everything else comes from the toolkit (cogs/ui)
reading the engine's action paths (engine/clash_of_rage/paths.py): the step pickers, the
challenge with the declared options (longer game, elves, round limit), the rules help, the
legal-only autocomplete.

Each verb's path prefix is the first step of its moves' paths, and its options take the steps
that follow, in order. The battle steps (roll, reroll, allocate, retreat) and the secret tactic
pick are buttons on the hand; finishing a reinforcement is never asked (it is made for you when
nothing is left to place).

A group move is one interaction: a menu of whole moves on the hand (WHOLES, the toolkit's
WholeMoveSelect: each option is a complete move, from, units and to, in the engine's order, the
most useful first); choosing an option plays it. More moves than a menu holds page on (the last
option). The step menus and the form stay for every move."""
from __future__ import annotations

from cogs.ui.commands import Param, Verb
from cogs.ui.game_cog import GameCog
from i18n import Msg

GAME = "clash_of_rage"


def verb(name: str, description: str, path: tuple[str, ...], *params: Param) -> Verb:
    return Verb(name, description, path, params)


VERBS = (
    # setup with the board assembled by the players (option board:assembled): one tile each
    verb("tile", "Setup: lay your region tile (the board assembled by the players)", ("tile",),
         Param("tile", "The region tiles not yet laid"), Param("side", "Its side (A or B)"),
         Param("place", "Where it goes: the centre, or beside a laid tile's hex"),
         Param("turn", "How it is turned")),
    # phase 2: the secret tactic choice, the strongholds (round 1), the reinforcements
    verb("tactic", "Choose your tactic card in secret (revealed when everyone has chosen)", ("tactic",),
         Param("card", "The tactic cards in your hand")),
    verb("stronghold", "Round 1: place your stronghold beside the board", ("stronghold",),
         Param("cell", "Off the board, touching a territory (territory-direction)")),
    verb("place", "Place a reinforcement on your stronghold or a territory with your units", ("place",),
         Param("tier", "The tier of the unit"), Param("territory", "Where it goes")),
    # the actions: Move (with its battles), Equip, Pass
    verb("move", "Move one group: units of one type, or a hero", ("move",),
         Param("start", "Where the group stands"), Param("group", "The units (type*count) or the hero"),
         Param("to", "Where it goes")),
    verb("moved", "Finish moving: then the battles are fought", ("moved",)),
    verb("battle", "Fight the next battle (you choose the order)", ("battle",),
         Param("territory", "The territories where you meet enemies")),
    verb("roll", "Roll the dice in a battle", ("roll",)),
    verb("retreat", "Retreat instead of rolling: everything here goes back to the stronghold", ("retreat",),
         Param("stronghold", "Your stronghold", optional=True)),
    verb("reroll", "Use one reroll icon: choose the dice", ("reroll",),
         Param("dice", "No die, or every blank die")),
    verb("allocate", "Allocate the damage: which enemy models are destroyed", ("allocate",),
         Param("models", "The legal sets of models")),
    verb("pass", "Pass: do nothing this action", ("pass",)),
    verb("buy", "Equip: buy an item from the black market for a unit type", ("buy",),
         Param("item", "The items you can afford"), Param("unit", "The unit type that gets it")),
    verb("forge", "Equip: forge a legendary item (crystals)", ("forge",)),
    verb("keep", "Keep one of the legendary items you drew", ("keep",),
         Param("item", "The legendary items you drew")),
    verb("equip", "Equip (reorganize): put an item you own on a unit type", ("equip",),
         Param("item", "Your items"), Param("unit", "The unit type")),
    verb("unequip", "Equip (reorganize): set an item aside", ("unequip",),
         Param("unit", "The unit type"), Param("slot", "Weapon or armour")),
    verb("recruit", "Equip: recruit a hero for gold (once per Equip action)", ("recruit",),
         Param("hero", "The heroes you can afford"), Param("territory", "Where the hero starts")),
    verb("equipped", "Finish your Equip action", ("equipped",)),
)


class ClashOfRageCog(GameCog, group_name="clash",
                     group_description="Clash of Rage (2-4 players): tribes, elf cities, battles, legendary items"):
    GAME = GAME
    VERBS = VERBS
    BUTTONS = frozenset({"tactic", "retreat", "reroll", "allocate"})
    FORMS = {"move": (Msg("Where the group stands"), Msg("The units (type × count) or the hero"), Msg("Where it goes"))}
    WHOLES = frozenset({"move"})   # a group move in one choice, from a menu on the hand


async def setup(bot):
    await bot.add_cog(ClashOfRageCog(bot))
