"""/skytear: the verb table (one generated command per kind of decision, spec 11.1) and the
moves shown as buttons. Everything else comes from the toolkit (cogs/ui) reading the engine's
action paths: the menus on the private hand, the step pickers, the challenge with the declared
options (setup, map, nexus HP, victory cards), the rules help, legal-only autocomplete.

Responses on the effect stack are ordinary moves of the seat holding priority (`play` an instant,
or `pass`); `/match autopass` is the private "pass unless I can respond" setting, and `priority`
(in one's own activation) the private "ask me first about my own actions" one."""
from __future__ import annotations

import discord

from cogs.ui.commands import Param, Verb
from cogs.ui.game_cog import GameCog
from cogs.ui.picker import MatchItem
from i18n import Msg, render
from matches import UserError

GAME = "skytear"
OUTSIDER = ("outsider", "The Outsider's moves: place it, attack, skirmish, skill, end")


def verb(name: str, description: str, path: tuple[str, ...], *params: Param, group: tuple[str, str] = ("", ""),
         asks_from: int | None = None) -> Verb:
    return Verb(name, description, path, params, group[0], group[1], asks_from)


VERBS = (
    verb("pick", "Draft: pick a hero for your side", ("pick",), Param("hero", "Heroes still in the pool")),
    verb("toss", "Mulligan: set a card aside to be replaced", ("toss",), Param("card", "Cards in your hand")),
    verb("keep", "Keep your hand (mulligan), or keep a foreseen card on top of your deck", ("keep",)),
    verb("activate", "Activate one of your ready heroes (3 action points)", ("activate",),
         Param("hero", "Your ready heroes")),
    verb("move", "Move the active hero (or after a Skirmish)", ("move",), Param("to", "Hexes it can reach")),
    verb("attack", "Attack an enemy in range and sight", ("attack",),
         Param("target", "Enemies you can attack", optional=True)),
    verb("skirmish", "Skirmish an enemy hero in sight (0+ damage, then move up to 2)", ("skirmish",),
         Param("target", "Enemy heroes you can skirmish", optional=True)),
    verb("alternative", "An alternative action in its action's slot (Bear Fury instead of the Skirmish)", ("alt:*",),
         Param("skill", "The alternative action"), Param("to", "Where the hero ends its move (staying put included)"),
         asks_from=0),
    verb("lead", "Put a lead card under the active hero, from your hand or the top of your deck", ("lead",),
         Param("card", "A card from your hand, or the top of your deck")),
    verb("devotion", "Your faction's devotion: mark, shapeshift, pillars or illusions", ("devotion",),
         Param("choice", "The devotions you can make now")),
    verb("play", "Play an ability card (normal in your activation, instant as a response)", ("play",),
         Param("hero", "Your hero who plays it"), Param("card", "Cards that hero can play now"),
         Param("targets", "Targets (when the card needs some)", optional=True)),
    verb("pass", "Let the top effect of the stack resolve (no response)", ("pass",)),
    verb("end", "End the active hero's activation (unused action points are lost)", ("end",)),
    verb("discard", "Discard a card: down to 7 cards, or a foreseen card", ("discard",),
         Param("card", "Cards in your hand", optional=True)),
    verb("choose",
         "Answer a question: a Skirmish's damage or only its move, staying after it, skipping an extra action",
         ("stay|skip|damage|no_damage",), Param("option", "The answers open to you"), asks_from=0),
    verb("aim", "Place an area card's template: choose the enemies it hits", ("aim-*",),
         Param("placement", "The enemies each placement hits"), asks_from=0),
    verb("decide",
         "Answer a choice the rules give you: lead card that counts, minion's hex, control token, who draws",
         ("opt-*",), Param("option", "The options open to you"), asks_from=0),
    verb("priority", "Whether you are asked first to respond to your own actions and cards (off at first)",
         ("priority",), Param("setting", "Ask me first, or pass for me")),
    verb("place", "Place the Outsider (1-2 hexes in the dome, 1-2 on a lane)", ("outsider_place",),
         Param("hexes", "Where it can stand"), group=OUTSIDER),
    verb("attack", "The Outsider attacks", ("outsider_attack",), Param("target", "Enemies it can attack"),
         group=OUTSIDER),
    verb("skirmish", "The Outsider skirmishes (it cannot move)", ("outsider_skirmish",),
         Param("target", "Enemy heroes in its sight"), group=OUTSIDER),
    verb("skill", "Use the Outsider's skill", ("outsider_skill",), Param("skill", "Its skills"), group=OUTSIDER),
    verb("end", "End the Outsider's activation", ("outsider_end",), group=OUTSIDER),
)


class AutopassButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button], template=r"skyauto:(?P<match>\d+)"):
    """Issue 33: on the hand while a response is asked, `/match autopass` in one click: from now
    on the bot passes for the player in every response window where they hold no instant they
    could play (G34), and answers the questions given back to the players (flow.ASKS, the AoE
    placement) with their usual pick; what is asked now is answered at once when that is so."""

    defers = "update"

    def __init__(self, match_id: int, label: str = "", button: discord.ui.Button | None = None):
        self.match_id = match_id
        super().__init__(button or discord.ui.Button(label=(label or "Autopass")[:80], style=discord.ButtonStyle.secondary,
                                                     custom_id=f"skyauto:{match_id}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]), button=item)

    async def run(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        match = await client.service.set_auto_pass(self.match_id, interaction.user.id, True)
        seat = match.seat_of(interaction.user.id)
        if seat is None:
            raise UserError(Msg("You are not playing in this match."))
        await client.presenter.show_hand_here(interaction, match, seat)


class SkytearCog(GameCog, group_name="skytear",
                 group_description="Skytear (2-4 players, 1v1 or two teams): heroes, lanes, towers, the Outsider"):
    GAME = GAME
    VERBS = VERBS
    BUTTONS = frozenset({"activate", "pick"})
    FORMS = {"attack": (Msg("The target"),)}
    ITEMS = (AutopassButton,)

    def hand_extras(self, match, actions, lang: str) -> list:
        """While a response is asked (a pass is among the moves): autopass, one click away; while
        a question given back to the players is asked, the same setting answers such questions
        with the usual pick (the default taken out of time). Once it is on, a question is
        answered before the hand is shown again."""
        if any(a.steps()[0].value == "pass" for a in actions):
            return [AutopassButton(match.id, render(Msg("Pass for me whenever I cannot respond"), lang))]
        if any(a.id.startswith(("decide:", "aoe:")) for a in actions):
            return [AutopassButton(match.id, render(Msg("Answer such questions for me (the usual pick)"), lang))]
        return []


async def setup(bot):
    await bot.add_cog(SkytearCog(bot))
