"""Every game's generated commands stay within Discord's limits (25 subcommands a group, 25
options a command, names and descriptions Discord accepts), for the shipped games and the
test games alike."""
from __future__ import annotations

import re

import pytest
from discord import app_commands

from bot import EXTENSIONS
from engine import registry
from render import registry as renderers
from tests import teamgame

registry.register(teamgame.RULES)
renderers.register("teamduel", teamgame)
NAME = re.compile(r"^[-_a-z0-9]{1,32}$")


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=EXTENSIONS)


def check(command, problems: list[str]) -> None:
    where = command.qualified_name
    if not NAME.match(command.name):
        problems.append(f"{where}: name")
    if not 1 <= len(command.description) <= 100:
        problems.append(f"{where}: description of {len(command.description)} characters")
    if isinstance(command, app_commands.Group):
        if len(command.commands) > 25:
            problems.append(f"{where}: {len(command.commands)} subcommands")
        for sub in command.commands:
            check(sub, problems)
        return
    if len(command.parameters) > 25:
        problems.append(f"{where}: {len(command.parameters)} options")
    for p in command.parameters:
        if not NAME.match(p.name) or not 1 <= len(p.description) <= 100 or len(p.choices) > 25:
            problems.append(f"{where} {p.name}: name, description or choices")


async def test_every_game_has_its_commands_within_discords_limits(world):
    env = world[0]
    tree = env.bot.tree
    top = {c.name: c for c in tree.get_commands()}
    assert len(top) <= 100, "at most 100 top-level commands"
    for game in ("battleline", "battalia", "skytear", "clash", "testgame", "teamduel"):
        assert game in top, f"/{game} is missing"
        names = {c.name for c in top[game].commands}
        assert {"challenge", "rules", "hand", "move"} <= names, names
    problems: list[str] = []
    for command in top.values():
        check(command, problems)
    assert problems == []
