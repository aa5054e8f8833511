"""Playing in Chinese through the real bot in simcord: a player whose Discord client is set to
Traditional (or Simplified) Chinese plays a whole Battle Line game, and a Battalia turn, in a
server whose language is the same, against an English-speaking player in the same match.
Everything the Chinese player reads (answers to commands and clicks, errors, hand DMs, menus
and buttons) and everything posted in the match thread is in Chinese, the board pictures are
the Chinese pictures of the public view, and the English player's private messages stay
English."""
from __future__ import annotations

import random
import re

import discord
import pytest

import i18n
from bot import EXTENSIONS
from engine import registry
from engine.battalia import RULES as BATTALIA
from engine.battleline import RULES as BATTLE_LINE
from render import battleline as battleline_pictures
from tests.discord.harness import any_move_value, seeded
from tests.discord.helpers import children, client_locales, thread_of, toolkit_components, walk_move
from tests.discord.helpers import text_of
from tests.discord.players import battleline_choose as choose

CJK = re.compile(r"[\u4e00-\u9fff]")
# what may stay in Latin letters in a Chinese text: the players' Discord names, the game's card
# codes and command names written as commands (`/battleline …`), and mentions
LATIN_WORD = re.compile(r"[A-Za-z]{3,}")
CODE = re.compile(r"https?://\S+|`[^`]*`|<[@#:][^>]*>|/[a-z_]+(?: [a-z_]+)*")


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=EXTENSIONS)


def english_words(text: str, allowed: set[str]) -> list[str]:
    """Latin words in `text` that are not names, commands or codes."""
    return [w for w in LATIN_WORD.findall(CODE.sub(" ", text)) if w.lower() not in allowed]


def texts_of(message) -> list[str]:
    """What a person reads on a message: its content, embeds, and the labels, placeholders and
    options of its components."""
    if message is None:
        return []
    out = [text_of(message) or ""]
    for embed in getattr(message, "embeds", []) or []:
        out += [embed.title or "", embed.description or ""] + [f"{f.name} {f.value}" for f in embed.fields]
    for c in children(message):
        if isinstance(c, discord.Button):
            out.append(c.label or "")
        elif isinstance(c, discord.SelectMenu):
            out.append(c.placeholder or "")
            out += [f"{o.label} {o.description or ''}" for o in c.options]
    return [t for t in out if t.strip()]


class Reader:
    """Everything one player was shown privately: answers and the DMs the bot sent."""

    def __init__(self, member):
        self.member, self.seen = member, []
        self.answer = None  # the newest private answer that carries move components

    def note(self, result) -> None:
        for answer in (result.response, *result.followups):
            message = getattr(answer, "message", answer)
            if message is not None:
                self.seen += texts_of(message)
                if toolkit_components(message):
                    self.answer = message

    def dms(self) -> list[str]:
        return [t for m in self.member.user.dm_channel.history() for t in texts_of(m)]

    def hand(self):
        """The freshest message with this player's move components (an answer or a DM)."""
        dms = [m for m in self.member.user.dm_channel.history() if toolkit_components(m)]
        found = [m for m in (self.answer, dms[-1] if dms else None) if m is not None]
        return max(found, key=lambda m: m.id) if found else None


async def start(env, guild, channel, lang: str, game: str, chinese_name: str):
    """A server speaking `lang`, a player whose client speaks it, and alice (English)."""
    await env.bot.languages.set_server(guild.id, lang)
    xiaoming = guild.add_member(env.create_user("xiaoming", global_name=chinese_name))
    return xiaoming


async def accept(member, channel):
    lobby = next(m for m in reversed(channel.history()) if any(
        getattr(c, "custom_id", "").startswith("bg:lobby:accept:") for c in children(m)))
    button = next(c for c in children(lobby) if c.custom_id.startswith("bg:lobby:accept:"))
    return await member.click(lobby, custom_id=button.custom_id)


def own_games() -> set[str]:
    """The games the tests registered for themselves (they have no Chinese names)."""
    return {g.name for g in registry.all_games()} - set(registry.BUILTIN_GAMES)


def own_game_line(line: str) -> bool:
    return any(f"/{name} " in line for name in own_games())


def missing(lang: str) -> list:
    """Texts asked for in `lang` that have no translation (the tests' own games have none)."""
    return sorted(m for m in i18n.MISSING if m[0] == lang and not own_games() & set(m[1:]))


def assert_chinese(texts: list[str], allowed: set[str], who: str) -> None:
    assert texts, f"{who} was shown nothing"
    for text in texts:
        assert not english_words(text, allowed), f"{who} read English: {english_words(text, allowed)} in {text!r}"
    assert sum(bool(CJK.search(t)) for t in texts) >= len(texts) // 2, f"{who}: little Chinese in {texts[:5]}"


def assert_english(texts: list[str], who: str) -> None:
    assert texts, f"{who} was shown nothing"
    for text in texts:
        assert not CJK.search(CODE.sub(" ", text).replace("小明", "")), \
            f"{who} read Chinese: {text!r}"


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
async def test_a_chinese_player_plays_a_whole_battle_line_game_in_chinese(world, lang):
    env, guild, channel, alice, bob, carol = world
    i18n.MISSING.clear()
    seeded(env, 238)
    xiaoming = await start(env, guild, channel, lang, "battleline", "小明")
    allowed = {"alice", "xiaoming"}
    with client_locales({xiaoming.id: lang, alice.id: "en-US"}):
        him, her = Reader(xiaoming), Reader(alice)
        r = await xiaoming.slash(channel, "battleline challenge", opponent=alice)
        him.note(r)
        await accept(alice, channel)
        thread = thread_of(channel)
        r = await xiaoming.slash(thread, "battleline play", card="R99", flag=1)  # no such card
        him.note(r)
        assert CJK.search(text_of(r.response)), text_of(r.response)
        moves = 0
        while (match := await env.bot.service.get(1)).status == "active":
            (seat,) = BATTLE_LINE.active_players(match.snapshot)
            member = xiaoming if match.user_at(seat).user_id == xiaoming.id else alice
            reader = him if member is xiaoming else her
            action = choose(match.snapshot, seat, match.seed + match.version)
            if member is xiaoming and moves % 6 == 5:
                r = await xiaoming.slash(thread, "battleline move", move=any_move_value(match, seat, action))
            else:
                hand = reader.hand()
                assert hand is not None, f"no hand with moves for {member.user.name}"
                who = member if getattr(hand, "guild", None) is not None else member.user
                r = await walk_move(who, hand, env.bot, match, seat, action)
            reader.note(r)
            assert (await env.bot.service.get(1)).version > match.version, text_of(r.response)
            moves += 1
        assert moves > 20
        # /help, the rules and the match log answer him in his language too
        for command, where in (("help", channel), ("battleline rules", thread), ("match log", thread)):
            r = await xiaoming.slash(where, command, **({"match": 1} if command == "match log" else {}))
            assert CJK.search(text_of(r.response)), (command, text_of(r.response))
            if command == "help":  # the tests' own game has no Chinese name
                assert "/戰線" in text_of(r.response) or "/战线" in text_of(r.response), text_of(r.response)
                him.seen += [line for line in text_of(r.response).splitlines() if not own_game_line(line)]
                continue
            him.note(r)
        assert_chinese(him.seen + him.dms(), allowed, "xiaoming")
        assert_english(her.seen + her.dms(), "alice")
        posted = [t for m in thread.history() for t in texts_of(m)]
        assert_chinese(posted, allowed, "the thread")
        # the board pictures are the Chinese pictures of the public view, the player's name drawn
        names = await env.bot.presenter.seat_names(match)
        boards = [m for m in thread.history() if m.attachments]
        final = boards[-1]
        assert await final.attachments[0].read() == battleline_pictures.render_board(
            BATTLE_LINE.view(match.snapshot, None), names, lang)
    assert not missing(lang), missing(lang)[:10]


@pytest.mark.parametrize("lang", ["zh-TW", "zh-CN"])
async def test_a_chinese_player_plays_a_battalia_turn_in_chinese(world, lang):
    env, guild, channel, alice, bob, carol = world
    i18n.MISSING.clear()
    env.bot.service.seed_source = random.Random(7)
    xiaoming = await start(env, guild, channel, lang, "battalia", "小明")
    allowed = {"alice", "xiaoming"}
    with client_locales({xiaoming.id: lang, alice.id: "en-US"}):
        him, her = Reader(xiaoming), Reader(alice)
        him.note(await xiaoming.slash(channel, "battalia challenge", opponent=alice))
        await accept(alice, channel)
        thread = thread_of(channel)
        rng = random.Random(3)
        turns_of_xiaoming = 0
        for _ in range(60):
            match = await env.bot.service.get(1)
            active = sorted(BATTALIA.active_players(match.snapshot))
            seat = active[0]
            member = xiaoming if match.user_at(seat).user_id == xiaoming.id else alice
            reader = him if member is xiaoming else her
            actions = BATTALIA.legal_actions(match.snapshot, seat)
            ending = [a for a in actions if a.id == "end"]
            if member is xiaoming and ending and turns_of_xiaoming >= 4:
                action = ending[0]
            else:
                action = rng.choice([a for a in actions if a.id != "end"] or actions)
            hand = reader.hand()
            assert hand is not None, f"no hand with moves for {member.user.name}"
            who = member if getattr(hand, "guild", None) is not None else member.user
            r = await walk_move(who, hand, env.bot, match, seat, action.id)
            reader.note(r)
            if member is xiaoming:
                turns_of_xiaoming += 1
                if action.id == "end":
                    break
        assert turns_of_xiaoming >= 4
        assert_chinese(him.seen + him.dms(), allowed, "xiaoming")
        assert_english(her.seen + her.dms(), "alice")
        assert_chinese([t for m in thread.history() for t in texts_of(m)], allowed, "the thread")
    assert not missing(lang), missing(lang)[:10]
