"""Start the board game bot.

    python bot.py             run on Discord (DISCORD_TOKEN in .env)
    python bot.py --sandbox   run offline in a virtual Discord with a local web page
"""
from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
import time
from dataclasses import dataclass

import discord
from discord.ext import commands
from dotenv import load_dotenv

from cogs.components import DYNAMIC_ITEMS
from cogs.presenter import DiscordPresenter
from engine import registry
from matches import MatchService
from store import Store

log = logging.getLogger("boardgames")

EXTENSIONS = ("cogs.matches", "cogs.battleline", "cogs.battalia", "cogs.tournaments")

NO_TOKEN = ("No DISCORD_TOKEN is set: put DISCORD_TOKEN=<your bot token> in a .env file next to bot.py "
            "(see .env.example), or try the bot offline with `python bot.py --sandbox`.")


@dataclass
class Config:
    token: str | None = None
    database: str = "boardgames.db"
    dev_guild_id: int | None = None
    log_level: str = "INFO"

    @classmethod
    def from_env(cls) -> "Config":
        load_dotenv()
        guild = os.getenv("DEV_GUILD_ID", "").strip()
        return cls(token=os.getenv("DISCORD_TOKEN", "").strip() or None,
                   database=os.getenv("DATABASE_PATH", "").strip() or "boardgames.db",
                   dev_guild_id=int(guild) if guild.isdigit() else None,
                   log_level=os.getenv("LOG_LEVEL", "INFO").strip().upper() or "INFO")


class GameBot(commands.Bot):
    def __init__(self, config: Config, *, extensions: tuple[str, ...] = EXTENSIONS, clock=time.time):
        intents = discord.Intents.default()  # slash commands and components need no privileged intent
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None)
        self.config = config
        self.extensions_to_load = extensions
        self.clock = clock
        self.store = Store(config.database, clock=clock)
        self.presenter = DiscordPresenter(self)
        self.service = MatchService(self.store, self.presenter, clock=clock)
        self.unexpected_errors: list[BaseException] = []  # read by the tests

    async def setup_hook(self) -> None:
        await self.store.open()
        log.info("database ready: %s (schema %s)", self.config.database, await self.store.schema_version())
        self.add_dynamic_items(*DYNAMIC_ITEMS)
        for ext in self.extensions_to_load:
            await self.load_extension(ext)
        for name, cog in self.cogs.items():
            log.info("cog loaded: %s", name)
        self.tree.on_error = self.on_tree_error
        if self.config.dev_guild_id:
            guild = discord.Object(self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to development guild %s", len(synced), self.config.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d commands globally", len(synced))

    async def on_tree_error(self, interaction: discord.Interaction,
                            error: discord.app_commands.AppCommandError) -> None:
        from cogs.common import SOMETHING_WRONG, reply
        if isinstance(error, discord.app_commands.CheckFailure):
            message = str(error) or "You cannot use this command here."
        elif isinstance(error, discord.app_commands.TransformerError):
            message = f"I could not use {error.value!r} there; please pick a value from the list."
        else:
            log.error("command error", exc_info=error)
            self.unexpected_errors.append(error)
            message = SOMETHING_WRONG
        try:
            await reply(interaction, message)
        except discord.HTTPException:
            pass

    async def close(self) -> None:
        await super().close()
        await self.store.close()

    def playable_games(self):
        registry.load_builtin()
        return registry.all_games()


SANDBOX_WELCOME = (
    "**Welcome to the sandbox.** This is the real bot in a pretend Discord server. Pick who you are "
    "with **Viewing as** (alice, bob or carol) and type in the box below: `/help` lists everything; "
    "`/battleline challenge` with `opponent` set to bob starts a game (switch to bob to press Accept), "
    "or pick me as the opponent to play the computer. Press **Show my hand** under a board to "
    "see your cards and make your move (on real Discord they also arrive by DM).")


def create_bot(config: Config | None = None, **kwargs) -> GameBot:
    return GameBot(config or Config.from_env(), **kwargs)


async def run_sandbox(config: Config, port: int | None = None, ready: asyncio.Event | None = None) -> None:
    """The real bot inside simcord's virtual Discord, shown on a local web page."""
    import simcord

    virtual: dict = {}
    # deadlines are shown against the virtual Discord's clock, so the bot keeps that time too
    bot = create_bot(config, clock=lambda: virtual["env"].now().timestamp() if virtual else time.time())
    async with simcord.run(bot, check_errors=False) as env:
        virtual["env"] = env
        guild = env.create_guild("Board Game Club")
        channel = guild.create_text_channel("games")
        users = [guild.add_member(env.create_user(name)) for name in ("alice", "bob", "carol")]
        # the preview page shows one channel, so sandbox matches are played in it, not in threads
        await bot.store.set_guild_settings(guild.id, {"threads": False})
        await bot.get_channel(channel.id).send(SANDBOX_WELCOME)
        async with env.preview(channel, viewers=users, layout="channel", port=port) as preview:
            print(f"Sandbox ready: open {preview.url} in a browser (Ctrl+C to stop).", flush=True)
            print("Switch between alice, bob and carol on the page; try /help and /battleline challenge.",
                  flush=True)
            if ready is not None:
                ready.preview_url = preview.url  # type: ignore[attr-defined]
                ready.set()
            await asyncio.Event().wait()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Board games on Discord")
    parser.add_argument("--sandbox", action="store_true", help="run offline in a virtual Discord (no token)")
    parser.add_argument("--port", type=int, default=None, help="sandbox web page port (default: any free port)")
    args = parser.parse_args(argv)
    config = Config.from_env()
    logging.basicConfig(level=getattr(logging, config.log_level, logging.INFO),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    if args.sandbox:
        if config.database == "boardgames.db":
            config.database = "sandbox.db"
        try:
            asyncio.run(run_sandbox(config, args.port))
        except KeyboardInterrupt:
            pass
        return 0
    if not config.token:
        print(NO_TOKEN, file=sys.stderr)
        return 2
    bot = create_bot(config)
    try:
        bot.run(config.token, log_handler=None)
    except discord.LoginFailure:
        print("Discord refused the token in DISCORD_TOKEN; copy it again from the Developer Portal.", file=sys.stderr)
        return 2
    return 0


if __name__ == "__main__":
    sys.exit(main())
