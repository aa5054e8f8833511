"""/leaderboard and /stats: per-game ratings (tournaments/ratings.py keeps them). Loaded with
the tournament cog, whose service rates seeds through them."""
from __future__ import annotations

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import defer, server_lang_for
from cogs.matches import game_autocomplete
from engine import registry
from engine.text import Msg, plural
from i18n import render, title
from matches import UserError
from tournaments.ratings import PROVISIONAL_GAMES

EMBED_COLOUR = discord.Colour(0x5865F2)


def game_title(game: str):
    """A game's title by its name (the name itself for a game no longer registered)."""
    try:
        return title(registry.get(game))
    except KeyError:
        return game


OUTCOME_MARKS = {"win": Msg("✅ Win"), "draw": Msg("➖ Draw"), "loss": Msg("❌ Loss")}


class RatingsCog(commands.Cog):
    def __init__(self, bot):
        self.bot = bot
        self.ratings = bot.ratings

    @app_commands.command(name="leaderboard", description="The best rated players of a game in this server")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str):
        await defer(interaction, ephemeral=False)
        try:
            game_title = title(registry.get(game))
        except KeyError:
            raise UserError(Msg("There is no game called {game}. Pick one from the list.", game=repr(game))) from None
        lang = await server_lang_for(interaction)  # posted for everyone in the channel
        rows = await self.ratings.leaderboard(interaction.guild_id, game)
        lines = [render(Msg("`{rank}.` **{name}** {rating}{mark} · {games}", rank=f"{i:>2}",
                            name=await self.bot.presenter.name_of(r["user_id"]), rating=r["rating"],
                            mark="?" if r["provisional"] else "",
                            games=plural("{n} game", "{n} games", n=r["games"])), lang)
                 for i, r in enumerate(rows, start=1)]
        embed = discord.Embed(title=render(Msg("{game} · leaderboard", game=game_title), lang), colour=EMBED_COLOUR,
                              description="\n".join(lines) or render(Msg("Nobody has a rating yet: finish a rated match."),
                                                                     lang))
        embed.set_footer(text=render(Msg("? = provisional (fewer than {n} rated games)", n=PROVISIONAL_GAMES), lang))
        await interaction.followup.send(embed=embed)

    @app_commands.command(name="stats", description="Ratings, results by game and recent matches")
    @app_commands.describe(player="Whose stats (yours if empty)")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, player: discord.Member | None = None):
        await defer(interaction, ephemeral=False)
        lang = await server_lang_for(interaction)  # posted for everyone in the channel
        who = player or interaction.user
        data = await self.ratings.stats(interaction.guild_id, who.id)
        embed = discord.Embed(title=render(Msg("{name} · stats", name=who.display_name), lang), colour=EMBED_COLOUR)
        if not data["games"]:
            embed.description = render(Msg("No finished matches in this server yet."), lang)
        for g in data["games"][:20]:
            if g["rating"] is None:
                rating = Msg("Unrated")
            else:
                rating = Msg("Rating **{rating}**{provisional} · {n} rated", rating=g["rating"], n=g["rated_games"],
                             provisional=Msg(" (provisional)") if g["provisional"] else "")
            embed.add_field(name=render(game_title(g["game"]), lang), inline=False,
                            value=render(Msg("{rating}\n{won} won · {drawn} drawn · {lost} lost ({played} matches)",
                                             rating=rating, won=g["wins"], drawn=g["draws"], lost=g["losses"],
                                             played=g["played"]), lang))
        recent = []

        async def named(people):
            return [Msg("the computer") if robot else await self.bot.presenter.name_of(u) for u, robot in people]
        for r in data["recent"]:
            change = f" · {r['change'][0]} → {r['change'][1]} ({r['change'][1] - r['change'][0]:+d})" \
                if r["change"] else ""
            line = (Msg("{outcome} with {mates} vs {opponents} · {game} #{match}", mates=await named(r["teammates"]),
                        outcome=OUTCOME_MARKS[r["outcome"]], opponents=await named(r["opponents"]),
                        game=game_title(r["game"]), match=r["match_id"]) if r.get("teammates") else
                    Msg("{outcome} vs {opponents} · {game} #{match}", outcome=OUTCOME_MARKS[r["outcome"]],
                        opponents=await named(r["opponents"]), game=game_title(r["game"]), match=r["match_id"]))
            recent.append(render(line, lang) + change)
        if recent:
            embed.add_field(name=render(Msg("Recent results"), lang), value="\n".join(recent)[:1024], inline=False)
        await interaction.followup.send(embed=embed)
