"""/clash: the verb table of Clash of Rage (one generated command per kind of decision) and the
moves shown as buttons on the private hand. Everything else comes from the toolkit (cogs/ui)
reading the engine's action paths (engine/clash_of_rage/paths.py): the step pickers, the
challenge with the declared options (longer game, elves, round limit), the rules help, the
legal-only autocomplete.

Each verb's path prefix is the first step of its moves' paths, and its options take the steps
that follow, in order. The battle steps (roll, reroll, allocate, retreat) and the secret tactic
pick are buttons on the hand; finishing a reinforcement is never asked (it is made for you when
nothing is left to place).

A group move is one interaction: a menu of whole moves heads the hand (`WholeMoveSelect`: each
option is a complete move, from, units and to, the most useful first as the engine ranks them,
`paths.ranked_moves`); choosing an option plays it. More moves than a menu holds page on (the
last option). The step menus and the form stay for every move."""
from __future__ import annotations

import discord

from cogs.common import lang_for
from cogs.ui.commands import Param, Verb
from cogs.ui.game_cog import GameCog
from cogs.ui.moves import MatchItem, SelectRow, play, tree_for
from cogs.ui.picker import StepBack
from engine.clash_of_rage.paths import ranked_moves, whole_menu_text, whole_more_text
from i18n import Msg, render
from matches import STALE_MESSAGE, UserError

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


WHOLE_PAGE = 24     # whole moves a menu shows (Discord holds 25 options; the last one pages on)


def whole_moves(match, seat: int, actions) -> list:
    """The seat's group moves (first step "move"), the most useful first."""
    moves = {a.id: a for a in actions if a.steps()[0].value == "move"}
    return [moves[i] for i in ranked_moves(match.snapshot, seat, list(moves))] if moves else []


class WholeMoveSelect(MatchItem, SelectRow, discord.ui.DynamicItem[discord.ui.Select],
                      template=r"clash:whole:(?P<match>\d+):(?P<version>\d+):(?P<page>\d+):(?P<mark>[0-9a-f]{6}s?)"):
    """A menu of whole group moves: one choice plays one move (from, units, to), checked against
    the chooser's legal moves of the version the menu was made at."""

    defers = "update"

    def __init__(self, match_id: int, version: int, page: int, mark: str,
                 options: list[discord.SelectOption] | None = None, placeholder: str = "",
                 select: discord.ui.Select | None = None):
        self.match_id, self.version, self.page, self.mark = match_id, version, page, mark
        super().__init__(select or discord.ui.Select(
            custom_id=f"clash:whole:{match_id}:{version}:{page}:{mark}", placeholder=placeholder[:150],
            options=options or [discord.SelectOption(label="-", value="-")]))

    @classmethod
    def at(cls, match, moves: list, page: int, mark: str, lang: str) -> "WholeMoveSelect":
        pages = max(1, -(-len(moves) // WHOLE_PAGE))
        page = min(page, pages - 1)
        shown = moves[page * WHOLE_PAGE:(page + 1) * WHOLE_PAGE]
        options = [discord.SelectOption(label=(render(a.label, lang) or a.id)[:100], value=a.id[:100]) for a in shown]
        if pages > 1:
            options.append(discord.SelectOption(
                label=render(whole_more_text((page + 1) % pages + 1, pages), lang)[:100],
                value=f"p{(page + 1) % pages}"))
        return cls(match.id, match.version, page, mark, options, render(whole_menu_text(page + 1, pages), lang))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]), int(match["version"]), int(match["page"]), match["mark"], select=item)

    async def run(self, interaction: discord.Interaction) -> None:
        match, seat, root = await tree_for(interaction, self.match_id, self.version, self.mark)
        value = self.item.values[0] if self.item.values else ""
        moves = whole_moves(match, seat, root.actions())
        if value.startswith("p") and value[1:].isdigit():
            lang = await lang_for(interaction)
            view = discord.ui.View(timeout=None)
            view.add_item(WholeMoveSelect.at(match, moves, int(value[1:]), self.mark, lang))
            view.add_item(StepBack(match.id, label=render(Msg("◀ All moves"), lang)))
            return await interaction.edit_original_response(view=view)
        action = next((a for a in moves if a.id == value), None)
        if action is None:
            raise UserError(STALE_MESSAGE)
        await play(interaction, match.id, match.version, action)


class ClashOfRageCog(GameCog, group_name="clash",
                     group_description="Clash of Rage (2-4 players): tribes, elf cities, battles, legendary items"):
    GAME = GAME
    VERBS = VERBS
    BUTTONS = frozenset({"tactic", "retreat", "reroll", "allocate"})
    FORMS = {"move": (Msg("Where the group stands"), Msg("The units (type × count) or the hero"), Msg("Where it goes"))}
    ITEMS = (WholeMoveSelect,)

    def hand_leading(self, match, actions, mark: str, lang: str) -> list:
        """The menu of whole group moves, when the seat may move a group."""
        asked = self.rules.active_players(match.snapshot) if match.snapshot else set()
        if len(asked) != 1:      # group moves are one seat's turn, never a simultaneous step
            return []
        moves = whole_moves(match, next(iter(asked)), actions)
        return [WholeMoveSelect.at(match, moves, 0, mark, lang)] if moves else []


async def setup(bot):
    await bot.add_cog(ClashOfRageCog(bot))
