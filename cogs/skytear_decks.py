"""/skydeck: Skytear deck building (seed 004 「抽選與牌庫構築」, R136, R140). A player types a deck
in a form (its hero and its cards), saves it by name, lists and shows their decks, chooses the ones
they bring to their next matches (a draft-format set, or a tournament pool of 6), deletes them.
Every answer is one only the player sees: the decks stay hidden until their cards are played. The
limits are the engine's (engine/skytear/decks.py); the service keeps the decks (matches/decks.py)."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import defer, reply
from engine.base import IllegalAction
from engine.skytear import data as skytear_data
from engine.skytear import decks as skytear_decks
from engine.text import Msg
from matches import UserError

FORMAT_CHOICES = [app_commands.Choice(name="Draft: 8 cards a hero", value="draft"),
                  app_commands.Choice(name="Tournament format: 10 cards a hero, a pool of 6", value="tournament")]
HERO_CHOICES = [app_commands.Choice(name=skytear_data.hero(h)["name"], value=h) for h in sorted(skytear_data.HEROES)]


def format_name(fmt: str) -> Msg:
    return Msg("draft (8 cards)") if fmt == "draft" else Msg("tournament format (10 cards)")


def deck_line(deck: dict) -> Msg:
    mark = Msg(" (chosen)") if deck.get("chosen") else ""
    return Msg("**{name}** — {hero}, {format}{chosen}: {cards}", name=deck["name"],
               hero=skytear_data.name(deck["hero"]), format=format_name(deck["format"]), chosen=mark,
               cards=skytear_decks.describe(deck["cards"]))


async def deck_names(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """The player's own deck names (in `choose`, for the last of the names typed so far)."""
    head, _, last = current.rpartition(",")
    mine = await interaction.client.service.saved_decks(interaction.user.id)
    fmt = getattr(interaction.namespace, "format", None)
    out = []
    for d in mine:
        if last.strip().lower() in d["name"].lower() and (fmt is None or d["format"] == fmt):
            value = (head + ", " if head else "") + d["name"]
            out.append(app_commands.Choice(name=value[:100], value=value[:100]))
    return out[:25]


class SkytearDecksCog(commands.GroupCog, group_name="skydeck",
                      group_description="Skytear: build, save and choose your decks (only you see them)"):
    def __init__(self, bot):
        self.bot = bot
        super().__init__()

    @app_commands.command(name="save", description="Save a deck by name: its hero and its cards (only you see it)")
    @app_commands.describe(name="The deck's name (saving under a name you used replaces that deck)",
                           hero="The deck's hero", contents="The cards, e.g. 1 This Is My Kingdom, 2 Bodyguard, 3 King of Hosts",
                           format="Draft (8 cards, the default) or the tournament format (10 cards)")
    @app_commands.choices(hero=HERO_CHOICES, format=FORMAT_CHOICES)
    async def save(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 40], hero: str,
                   contents: app_commands.Range[str, 1, 1000], format: str = "draft"):
        await defer(interaction)
        try:
            parsed = skytear_decks.parse_cards(contents)
        except IllegalAction as exc:
            raise UserError(exc.message) from None
        deck = await self.bot.service.save_deck(interaction.user.id, name, hero, parsed, format)
        await reply(interaction, Msg("Saved. {deck}", deck=deck_line(deck)))

    @app_commands.command(name="list", description="Your saved Skytear decks (only you see them)")
    async def list(self, interaction: discord.Interaction):
        await defer(interaction)
        mine = await self.bot.service.saved_decks(interaction.user.id)
        if not mine:
            await reply(interaction, Msg("You have no saved decks. Build one with /skydeck save; the box's cards are "
                                         "listed by /skydeck box."))
            return
        await reply(interaction, Msg("Your decks:\n{decks}", decks=[Msg("\n{line}", line=deck_line(d)) for d in mine]))

    @app_commands.command(name="box", description="The ability cards in the box a deck may hold")
    @app_commands.describe(hero="Only the cards this hero's runes can play")
    @app_commands.choices(hero=HERO_CHOICES)
    async def box(self, interaction: discord.Interaction, hero: str | None = None):
        await defer(interaction)
        lines = []
        for c in skytear_decks.box_cards():
            rec = skytear_data.card(c)
            if hero and not (set(rec["runes"]) <= set(skytear_data.hero(hero)["runes"])
                             and rec.get("ultimate_of") in (None, hero)):
                continue
            owner = rec.get("ultimate_of")
            lines.append(Msg("\n{card}: {copies} in the box{signature}", card=skytear_data.name(c), copies=rec["copies"],
                             signature=Msg(", signature card of {hero}", hero=skytear_data.name(owner)) if owner else ""))
        await reply(interaction, Msg("A deck holds exactly one signature card of its hero and no card three times "
                                     "across all your decks (a tournament pool: as many as the box holds).{cards}",
                                     cards=lines))

    @app_commands.command(name="choose", description="The decks you bring to your next Skytear matches of a format")
    @app_commands.describe(format="Draft (any heroes) or the tournament format (a pool of 6 heroes)",
                           names="Deck names separated by commas; leave empty for the preconstructed decks")
    @app_commands.choices(format=FORMAT_CHOICES)
    @app_commands.autocomplete(names=deck_names)
    async def choose(self, interaction: discord.Interaction, format: str, names: str | None = None):
        await defer(interaction)
        chosen = await self.bot.service.choose_decks(interaction.user.id, format,
                                                     [n for n in (names or "").split(",") if n.strip()])
        if not chosen:
            await reply(interaction, Msg("You bring no deck of yours: your heroes play the preconstructed decks (the "
                                         "tournament format: the house pool)."))
            return
        await reply(interaction, Msg("Your next matches ({format}) use: {decks}", format=format_name(format),
                                     decks=[Msg("{name} ({hero})", name=d["name"], hero=skytear_data.name(d["hero"]))
                                            for d in chosen]))

    @app_commands.command(name="delete", description="Delete one of your saved decks")
    @app_commands.describe(name="The deck's name")
    @app_commands.autocomplete(name=deck_names)
    async def delete(self, interaction: discord.Interaction, name: app_commands.Range[str, 1, 40]):
        await defer(interaction)
        await self.bot.service.delete_deck(interaction.user.id, name)
        await reply(interaction, Msg("Deck {name} is deleted.", name=name))


async def setup(bot):
    await bot.add_cog(SkytearDecksCog(bot))
