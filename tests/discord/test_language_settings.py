"""Languages on Discord: the slash commands carry their Chinese names and descriptions, a
person picks the language the bot speaks to them (/language), a manager picks the server's
(/settings language)."""
from __future__ import annotations

from tests.discord.helpers import text_of
import re

import discord
import pytest

from bot import EXTENSIONS

# Discord's rule for a command, group or option name in any locale (lower case where a
# script has case; Chinese characters allowed)
NAME = re.compile(r"^[-_\w]{1,32}$")
SHIPPED = {"battleline", "battalia", "match", "settings", "tournament", "stats", "leaderboard", "language",
           "help"}
CJK = re.compile(r"[\u4e00-\u9fff]")


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=EXTENSIONS)


def localized(payload: dict, where: str, problems: list[str], siblings: dict[str, set]) -> None:
    names = payload.get("name_localizations") or {}
    descriptions = payload.get("description_localizations") or {}
    for locale in ("zh-TW", "zh-CN"):
        name = names.get(locale)
        if not name or not NAME.match(name) or name != name.lower():
            problems.append(f"{where}: {locale} name {name!r}")
        elif name in siblings.setdefault(locale, set()):
            problems.append(f"{where}: {locale} name {name!r} used twice among its siblings")
        else:
            siblings[locale].add(name)
        if payload.get("description", "…") != "…" and not 1 <= len(descriptions.get(locale) or "") <= 100:
            problems.append(f"{where}: {locale} description {descriptions.get(locale)!r}")
    for option in payload.get("options") or []:
        if "name" in option and option.get("type") is not None:
            localized(option, f"{where} {option['name']}", problems, siblings.setdefault(id(payload), {}))
    for choice in payload.get("choices") or []:
        if not all(CJK.search((choice.get("name_localizations") or {}).get(loc, "")) or
                   choice["name"] in ("English", "简体中文", "繁體中文") for loc in ("zh-TW", "zh-CN")):
            problems.append(f"{where} choice {choice['name']!r}: no Chinese name")


async def test_every_shipped_command_option_and_choice_has_its_chinese_names(world):
    env = world[0]
    synced = list(env.backend.commands[None].values())
    assert {c["name"] for c in synced} >= {"battleline", "battalia", "match", "settings", "language"}
    problems: list[str] = []
    top: dict = {}
    for command in synced:
        if command["name"] in SHIPPED:
            localized(command, "/" + command["name"], problems, top)
    assert problems == []
    battleline = next(c for c in synced if c["name"] == "battleline")
    assert battleline["name_localizations"] == {"zh-TW": "戰線", "zh-CN": "战线"}


async def test_a_person_chooses_the_language_the_bot_speaks_to_them(world):
    env, guild, channel, alice, bob, carol = world
    r = await alice.slash(channel, "language", language="zh-TW")
    assert r.ephemeral and "繁體中文" in text_of(r.response) and CJK.search(text_of(r.response))
    r = await alice.slash(channel, "battleline hand")  # she has no match: the refusal is in her language
    assert CJK.search(text_of(r.response)), text_of(r.response)
    r = await bob.slash(channel, "battleline hand")
    assert not CJK.search(text_of(r.response)), "bob still reads English"
    r = await alice.slash(channel, "language", language="discord")
    assert not CJK.search(text_of(r.response).replace("English", "")) and "Discord" in text_of(r.response)
    assert await env.bot.languages.person(alice.id) == "en"


async def test_a_manager_chooses_the_servers_language_and_only_managers_may(world):
    env, guild, channel, alice, bob, carol = world
    managers = guild.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    dana = guild.add_member(env.create_user("dana"), roles=[managers])
    assert "settings language" not in alice.available_commands(channel)
    r = await dana.slash(channel, "settings language", language="zh-CN")
    assert "简体中文" in text_of(r.response) and "已保存" in text_of(r.response), text_of(r.response)
    assert await env.bot.languages.server(guild.id) == "zh-CN"
    r = await dana.slash(channel, "settings show")
    assert "简体中文" in text_of(r.response), "the settings name the language (in dana's own English)"
    r = await dana.slash(channel, "settings language", language="server")
    assert await env.bot.languages.server(guild.id) == "en", "the server's Discord locale: en-US"
