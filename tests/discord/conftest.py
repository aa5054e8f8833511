"""The real bot, its cogs and command tree, in simcord's virtual Discord, with the test game."""
from __future__ import annotations

import dataclasses
import os

import pytest

from bot import Config, create_bot
from engine import registry
from render import registry as renderers
from tests import testgame
from tests.discord.helpers import ANSWERS, SIMCORD_EPOCH

registry.register(testgame.RULES)
renderers.register("testgame", testgame)

PLATFORM_ONLY = ("cogs.matches",)


@pytest.fixture(scope="session", autouse=True)
def shared_runs(tmp_path_factory):
    """The offline runs the tests play, shared by the session's worker processes (a folder
    beside each worker's own temporary one, so the next session starts without them)."""
    from tests.discord import harness
    base = tmp_path_factory.getbasetemp()
    harness.SHARED_RUNS = (base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "offline-runs"
    yield
    harness.SHARED_RUNS = None


@pytest.fixture(autouse=True)
def forget_answers():
    """The hands remembered by the helpers belong to one test's virtual Discord."""
    ANSWERS.clear()
    yield
    ANSWERS.clear()


@pytest.fixture
def db_path(tmp_path):
    return str(tmp_path / "test.db")


@pytest.fixture
async def make_bot(db_path):
    """Builds bots on one database file (a restart is a new bot on the same file). Their
    database connections are closed afterwards: an open aiosqlite thread would keep the
    test process alive."""
    bots = []

    def make(extensions=PLATFORM_ONLY, **kwargs):
        bot = create_bot(Config(token=None, database=db_path), extensions=extensions, **kwargs)
        bots.append(bot)
        return bot
    yield make
    for bot in bots:
        await bot.store.close()


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot()


# A busy machine (CI on 2 cores, another process hogging both) can make one interaction's work
# take many seconds of real time: simcord's settle and wait limit is set far above anything a
# healthy run needs, so only a real hang fails a test. Virtual time is unaffected.
SETTLE_TIMEOUT = 600.0


def pytest_collection_modifyitems(items):
    """Every simcord test gets at least SETTLE_TIMEOUT (its own `simcord` marker's other
    options are kept); the marker put first is the one simcord's fixture reads."""
    for item in items:
        if "simcord_env" not in getattr(item, "fixturenames", ()):
            continue
        marker = item.get_closest_marker("simcord")
        options = dict(marker.kwargs) if marker else {}
        options["settle_timeout"] = max(SETTLE_TIMEOUT, options.get("settle_timeout", 0))
        item.add_marker(pytest.mark.simcord(**options), append=False)


# simcord runs a bot's timer that falls due within its settle limit on the real clock, while the
# click that set it settles: a planned move's window (Battalia's end of the turn, 2 minutes) would
# make that click wait minutes of real time and end the turn before the test could do anything
# within the window. So the tests' window is longer than the limit: the planned move is played
# only when a test moves the virtual clock past it (or never, on a bot with the real clock).
TEST_FOLLOW_WINDOW = 2 * SETTLE_TIMEOUT


@pytest.fixture(autouse=True)
def follow_window(monkeypatch):
    """Every game's planned-move window (GameUI.follow_window) is TEST_FOLLOW_WINDOW in the bot's
    UI registry (a cog's class is loaded anew by each bot, so the registry is where it is set)."""
    from cogs.ui import game as game_uis
    register = game_uis.register

    def with_test_window(game: str, ui) -> None:
        if ui.follow_window is not None:
            ui = dataclasses.replace(ui, follow_window=TEST_FOLLOW_WINDOW)
        register(game, ui)
    monkeypatch.setattr(game_uis, "register", with_test_window)
    return TEST_FOLLOW_WINDOW


@pytest.fixture
def env_box():
    return {}


@pytest.fixture
def virtual_clock(env_box):
    """The bot's wall clock follows simcord's virtual time (env.advance_time moves it); a
    module that wants it overrides `simcord_bot` with make_bot(clock=virtual_clock)."""
    def now() -> float:
        env = env_box.get("env")
        return env.now().timestamp() if env is not None else SIMCORD_EPOCH
    return now


@pytest.fixture
def play(world, env_box):
    """`world`, with the virtual clock following that world's simcord environment."""
    env_box["env"] = world[0]
    return world


@pytest.fixture
async def world(simcord_env):
    """A guild with a #games channel and three players. Afterwards, any exception the bot
    caught as unexpected fails the test that caused it."""
    env = simcord_env
    guild = env.create_guild("Club")
    channel = guild.create_text_channel("games")
    alice, bob, carol = (guild.add_member(env.create_user(n)) for n in ("alice", "bob", "carol"))
    yield env, guild, channel, alice, bob, carol
    assert list(env.bot.unexpected_errors) == [], list(env.bot.unexpected_errors)
    # the action log is the truth: every finished match replays to its stored snapshot
    service = env.bot.service
    for match in await service.store.list_matches(statuses=("finished",), limit=10_000):
        if match.snapshot is not None:
            assert await service.replay(match.id) == match.snapshot, f"match {match.id} does not replay"
