"""Gateway sharding: SHARD_COUNT / SHARD_IDS in .env pick the sharded bot and its shards, and
the sharded bot plays like the plain one."""
from __future__ import annotations

import pytest

from bot import Config, ConfigError, GameBot, ShardedGameBot, create_bot, parse_shard_ids
from tests.discord.conftest import PLATFORM_ONLY
from tests.discord.helpers import start_challenge

SETTINGS = ("SHARD_COUNT", "SHARD_IDS", "DATABASE_URL", "DATABASE_PATH", "DISCORD_TOKEN")


@pytest.fixture
def env(monkeypatch, tmp_path):
    monkeypatch.chdir(tmp_path)  # no .env of the developer's is read
    for name in SETTINGS:
        monkeypatch.delenv(name, raising=False)
    return monkeypatch


def test_no_shard_setting_runs_one_connection(env, tmp_path):
    config = Config.from_env()
    assert not config.sharded
    bot = create_bot(Config(database=str(tmp_path / "a.db")))
    assert type(bot) is GameBot


def test_a_shard_range_of_a_total(env, tmp_path):
    env.setenv("SHARD_COUNT", "16")
    env.setenv("SHARD_IDS", "8-15")
    config = Config.from_env()
    assert (config.sharded, config.shard_count, config.shard_ids) == (True, 16, list(range(8, 16)))
    config.database = str(tmp_path / "a.db")
    bot = create_bot(config)
    assert isinstance(bot, ShardedGameBot) and isinstance(bot, GameBot)
    assert (bot.shard_count, bot.shard_ids) == (16, list(range(8, 16)))


def test_auto_asks_discord_for_the_count(env, tmp_path):
    env.setenv("SHARD_COUNT", "auto")
    config = Config.from_env()
    assert (config.sharded, config.shard_count, config.shard_ids) == (True, None, None)
    config.database = str(tmp_path / "a.db")
    bot = create_bot(config)
    assert isinstance(bot, ShardedGameBot) and bot.shard_count is None and bot.shard_ids is None


@pytest.mark.parametrize("count, ids, problem", [
    ("", "0-3", "needs SHARD_COUNT"),
    ("4", "2-5", "within 0-3"),
    ("four", "", "must be a number"),
    ("0", "", "at least 1"),
    ("8", "1-x", "not a shard number"),
])
def test_unusable_shard_settings_are_refused_clearly(env, count, ids, problem):
    env.setenv("SHARD_COUNT", count)
    env.setenv("SHARD_IDS", ids)
    with pytest.raises(ConfigError, match=problem):
        Config.from_env()


def test_shard_id_lists_and_ranges():
    assert parse_shard_ids("0-3,8-9, 12") == [0, 1, 2, 3, 8, 9, 12]
    assert parse_shard_ids("5,5,4") == [4, 5]


def test_database_url_wins_over_the_sqlite_path(env):
    env.setenv("DATABASE_PATH", "here.db")
    assert Config.from_env().database == "here.db"
    env.setenv("DATABASE_URL", "postgresql://bot:secret@db:5432/boardgames")
    config = Config.from_env()
    assert config.database == "postgresql://bot:secret@db:5432/boardgames"
    assert "secret" not in config.database_label()


@pytest.fixture
async def simcord_bot(db_path):
    bot = create_bot(Config(token=None, database=db_path, sharded=True, shard_count=2, shard_ids=[0, 1]),
                     extensions=PLATFORM_ONLY)
    yield bot
    await bot.store.close()


async def test_the_sharded_bot_plays(world):
    env, guild, channel, alice, bob, carol = world
    assert isinstance(env.bot, ShardedGameBot)
    await start_challenge(channel, alice, bob)
    match = await env.bot.service.get(1)
    assert match.status == "active"
