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
from collections import deque
from dataclasses import dataclass
from urllib.parse import urlsplit, urlunsplit

import discord
from discord.ext import commands
from dotenv import load_dotenv

from cogs.components import DYNAMIC_ITEMS
from cogs.ui import errors as ui_errors
from cogs.ui.picker import ITEMS as MOVE_ITEMS
from cogs.ui.translator import CatalogueTranslator
from cogs.presenter import DiscordPresenter
from cogs.tournament_posts import TournamentPoster
from engine import registry
from engine.text import Msg
from matches import MatchService
from matches.languages import Languages
from matches.scheduler import Scheduler
from cogs.pictures import Pictures
from store import Store
from tournaments.service import RatingService, TournamentService

log = logging.getLogger("boardgames")

EXTENSIONS = ("cogs.matches", "cogs.games", "cogs.tournaments", "cogs.language", "cogs.skytear_decks")  # cogs.games: one cog per game

NO_TOKEN = ("No DISCORD_TOKEN is set: put DISCORD_TOKEN=<your bot token> in a .env file next to bot.py "
            "(see .env.example), or try the bot offline with `python bot.py --sandbox`.")


class ConfigError(ValueError):
    """A setting in .env that cannot be used (the message says which and why)."""


def parse_shard_ids(text: str) -> list[int]:
    """"0-7", "0,1,2" or "0-3,8-11" -> the shard ids, in order, each once."""
    ids: list[int] = []
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        first, _, last = part.partition("-")
        if not first.isdigit() or (last and not last.isdigit()):
            raise ConfigError(f"SHARD_IDS: {part!r} is not a shard number or a range like 0-7")
        ids += range(int(first), int(last or first) + 1)
    return sorted(set(ids))


@dataclass
class Config:
    token: str | None = None
    # a SQLite file path (the default), or a postgresql:// URL (DATABASE_URL) for a bot that
    # runs several processes against one database
    database: str = "boardgames.db"
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    # processes drawing the pictures (None: one per core but one; 0: a thread of the bot's process)
    render_workers: int | None = None
    # gateway sharding: off (one connection) unless `sharded`; shard_count None asks Discord
    # for its recommended count; shard_ids, the shards this process runs (None: all of them)
    sharded: bool = False
    shard_count: int | None = None
    shard_ids: list[int] | None = None
    # whether this process syncs the slash commands at start (one process of several is enough)
    sync_commands: bool = True

    @classmethod
    def from_env(cls) -> "Config":
        load_dotenv()
        guild = os.getenv("DEV_GUILD_ID", "").strip()
        workers = os.getenv("RENDER_WORKERS", "").strip()
        count = os.getenv("SHARD_COUNT", "").strip().lower()
        ids_text = os.getenv("SHARD_IDS", "").strip()
        if count and count != "auto" and not count.isdigit():
            raise ConfigError(f"SHARD_COUNT must be a number of shards or 'auto', not {count!r}")
        shard_count = int(count) if count.isdigit() else None
        shard_ids = parse_shard_ids(ids_text) if ids_text else None
        if shard_ids is not None:
            if shard_count is None:
                raise ConfigError("SHARD_IDS needs SHARD_COUNT, the total number of shards of all processes")
            if not shard_ids or shard_ids[-1] >= shard_count:
                raise ConfigError(f"SHARD_IDS must lie within 0-{shard_count - 1} (SHARD_COUNT={shard_count})")
        if shard_count == 0:
            raise ConfigError("SHARD_COUNT must be at least 1")
        return cls(token=os.getenv("DISCORD_TOKEN", "").strip() or None,
                   database=(os.getenv("DATABASE_URL", "").strip() or os.getenv("DATABASE_PATH", "").strip()
                             or "boardgames.db"),
                   dev_guild_id=int(guild) if guild.isdigit() else None,
                   log_level=os.getenv("LOG_LEVEL", "INFO").strip().upper() or "INFO",
                   render_workers=int(workers) if workers.isdigit() else None,
                   sharded=bool(count or shard_ids), shard_count=shard_count, shard_ids=shard_ids,
                   sync_commands=os.getenv("SYNC_COMMANDS", "1").strip().lower() not in ("0", "false", "no", "off"))

    def database_label(self) -> str:
        """The database for the log, without a password."""
        parts = urlsplit(self.database)
        if parts.scheme and parts.password:
            return urlunsplit(parts._replace(netloc=parts.netloc.replace(f":{parts.password}@", ":***@")))
        return self.database


class GameBot(commands.Bot):
    def __init__(self, config: Config, *, extensions: tuple[str, ...] = EXTENSIONS, clock=time.time,
                 **client_options):
        # Slash commands and components arrive as interactions, which need no intent; the guilds
        # intent keeps the channels and threads the boards are posted in. No message, typing or
        # reaction events: the bot reads none, and each of its own posts and edits would come back
        # as an event to parse and cache (two or three a move).
        intents = discord.Intents.none()
        intents.guilds = True
        super().__init__(command_prefix=commands.when_mentioned, intents=intents, help_command=None,
                         **client_options)
        self.config = config
        self.extensions_to_load = extensions
        self.clock = clock
        # the composition root: every service is built here, once; cogs only use them
        self.store = Store(config.database, clock=clock)
        self.languages = Languages(self.store)
        self.pictures = Pictures(config.render_workers)
        self.presenter = DiscordPresenter(self)
        self.service = MatchService(self.store, self.presenter, clock=clock)
        self.ratings = RatingService(self.store, clock=clock)
        self.tournaments = TournamentService(self.store, self.service, self.ratings, TournamentPoster(self),
                                             clock=clock)
        # ratings first, so the game-over message already carries the rating changes
        self.service.finish_listeners[:] = [self.ratings.on_match_finished, self.tournaments.on_match_finished]
        self.service.told_listeners[:] = [self.tournaments.on_match_told]
        # the stored timers (reminders, deadlines) fire from here, once start-up recovery has run
        self.scheduler = Scheduler(self.store, self.service.on_timer, clock, ready=self.service.recovered.wait)
        self.service.on_timers_changed = self.scheduler.wake
        # the latest unexpected errors (read by the tests); bounded so a long run cannot grow it
        self.unexpected_errors: deque[BaseException] = deque(maxlen=100)

    async def setup_hook(self) -> None:
        await self.store.open()
        await self.pictures.warm()
        log.info("database ready: %s (schema %s)", self.config.database_label(), await self.store.schema_version())
        self.add_dynamic_items(*DYNAMIC_ITEMS, *MOVE_ITEMS)
        for ext in self.extensions_to_load:
            await self.load_extension(ext)
        for name, cog in self.cogs.items():
            log.info("cog loaded: %s", name)
        # once every cog is in place (move UIs, finish listeners), before the timers run: post
        # what a stop left unposted, start full tables, let computer seats move
        self.scheduler.start()  # it waits for the recovery below before firing anything
        recovered = await self.service.recover()
        if recovered:
            log.info("recovered after the last stop: %s", recovered)
        ui_errors.install(self.tree)  # the one error path of every command
        await self.tree.set_translator(CatalogueTranslator())  # commands in zh-TW and zh-CN too
        if not self.config.sync_commands:
            log.info("commands not synced here (SYNC_COMMANDS=0): another process syncs them")
        elif self.config.dev_guild_id:
            guild = discord.Object(self.config.dev_guild_id)
            self.tree.copy_global_to(guild=guild)
            synced = await self.tree.sync(guild=guild)
            log.info("synced %d commands to development guild %s", len(synced), self.config.dev_guild_id)
        else:
            synced = await self.tree.sync()
            log.info("synced %d commands globally", len(synced))

    async def close(self) -> None:
        self.scheduler.stop()
        await super().close()
        await self.store.close()

    def playable_games(self):
        registry.load_builtin()
        return registry.all_games()


SANDBOX_WELCOME = Msg(
    "**Welcome to the sandbox.** This is the real bot in a pretend Discord server.\n"
    "• **Viewing as** (at the top of this page) picks who you are: **alice**, **bob** and **carol** are "
    "players; **owner** manages the server (try `/settings show` or `/tournament create` as owner).\n"
    "• Type `/help` in the box below for everything. `/battleline challenge` with `opponent` set to bob "
    "starts a game: switch to bob and press **Accept**.\n"
    "• Pick **Computer** as the opponent to play against the computer.\n"
    "• Here every match is played in #games itself, so several matches share it (on a real server each "
    "match gets a thread of its own).\n"
    "• Hands arrive by DM. Each user's DMs, with the menus to move, are on a second page: {dm_url} "
    "(or press **Show my hand** under a board).")  # {dm_url}: filled where it is posted


class ShardedGameBot(GameBot, commands.AutoShardedBot):
    """The bot on several gateway connections (shards), which Discord requires from 2,500
    servers on. Each process runs `shard_ids` of `shard_count` shards (all, by default), so
    one deployment can run shards 0-7 and another 8-15 against one PostgreSQL database."""


def create_bot(config: Config | None = None, **kwargs) -> GameBot:
    config = config or Config.from_env()
    if config.sharded:
        return ShardedGameBot(config, shard_count=config.shard_count, shard_ids=config.shard_ids, **kwargs)
    return GameBot(config, **kwargs)


async def run_sandbox(config: Config, port: int | None = None, ready: asyncio.Event | None = None,
                      dm_port: int | None = None) -> None:
    """The real bot inside simcord's virtual Discord, shown on a local web page, with the
    users' DMs on a second one (sandbox.py builds the world)."""
    import simcord

    import sandbox

    virtual: dict = {}
    # deadlines are shown against the virtual Discord's clock, so the bot keeps that time too
    bot = create_bot(config, clock=lambda: virtual["env"].now().timestamp() if virtual else time.time())
    try:
        # a slow machine may take seconds to draw a board: only a real hang should time out; and
        # shorter than a planned move's window (Battalia's end of the turn, 2 min), which a click
        # must not wait out
        async with simcord.run(bot, check_errors=False, settle_timeout=60.0) as env:
            virtual["env"] = env
            world = await sandbox.build(env, welcome=SANDBOX_WELCOME, dm_port=dm_port)
            try:
                async with env.preview(world.channel, viewers=world.members,
                                       layout="channel", port=port) as preview:
                    world.dm_page.preview = preview
                    print(f"Sandbox ready: open {preview.url} in a browser (Ctrl+C to stop).", flush=True)
                    print(f"Direct messages (each user's hand and move menus): {world.dm_page.url}", flush=True)
                    print("Switch between alice, bob, carol and owner (server manager) on the page; try /help "
                          "and /battleline challenge (pick Computer to play the computer).", flush=True)
                    if ready is not None:
                        ready.preview_url = preview.url  # type: ignore[attr-defined]
                        ready.dm_url = world.dm_page.url  # type: ignore[attr-defined]
                        ready.set()
                    await asyncio.Event().wait()
            finally:
                await world.close()
    finally:
        await bot.store.close()  # an open database thread would keep the process alive


class DropRecords(logging.Filter):
    """Drops the log records with exactly these messages (warnings about features the bot
    does not use)."""

    def __init__(self, *messages: str):
        super().__init__()
        self.messages = frozenset(messages)

    def filter(self, record: logging.LogRecord) -> bool:
        return record.getMessage() not in self.messages


NO_VOICE = ("PyNaCl is not installed, voice will NOT be supported",
            "davey is not installed, voice will NOT be supported")
# simcord's start-up check of discord.py builds a throwaway client with no intents; the bot's has them
SANDBOX_GUILDS_INTENT = "Guilds intent seems to be disabled. This may cause state related issues."


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Board games on Discord")
    parser.add_argument("--sandbox", action="store_true", help="run offline in a virtual Discord (no token)")
    parser.add_argument("--port", type=int, default=None, help="sandbox web page port (default: any free port)")
    args = parser.parse_args(argv)
    try:
        config = Config.from_env()
    except ConfigError as exc:
        print(f"Cannot start: {exc} (see .env.example).", file=sys.stderr)
        return 2
    logging.basicConfig(level=getattr(logging, config.log_level, logging.INFO),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    logging.getLogger("discord.client").addFilter(DropRecords(*NO_VOICE))  # the bot has no voice features
    if args.sandbox:
        logging.getLogger("discord.state").addFilter(DropRecords(SANDBOX_GUILDS_INTENT))
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
