"""Loads one cog per playable game: the game's own (cogs/<game>.py) or the generic one."""
from __future__ import annotations

from cogs.ui.game_cog import cog_for


async def setup(bot) -> None:
    for rules in bot.playable_games():
        if bot.get_cog(cog_for(rules.name).__cog_name__) is None:
            await bot.add_cog(cog_for(rules.name)(bot))
