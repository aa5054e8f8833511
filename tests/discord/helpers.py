"""Small helpers for driving matches in simcord."""
from __future__ import annotations

import re
from contextlib import contextmanager
from datetime import UTC, datetime

import discord
import simcord.interactions

from engine.base import Action

SIMCORD_EPOCH = datetime(2026, 1, 1, tzinfo=UTC).timestamp()  # simcord's virtual clock starts here


@contextmanager
def client_locales(locales: dict[int, str], guild_locale: str | None = None):
    """Interactions from the given users carry their Discord client's locale ("zh-TW",
    "zh-CN", "en-US"), and, with `guild_locale`, the server's preferred locale (simcord
    always sends "en-US" for both)."""
    made = simcord.interactions.base_payload

    def base_payload(backend, *, user_id, guild_id, **kwargs):
        record, payload = made(backend, user_id=user_id, guild_id=guild_id, **kwargs)
        if user_id in locales:
            payload["locale"] = locales[user_id]
        if guild_locale is not None and guild_id is not None:
            payload["guild_locale"] = guild_locale
        return record, payload

    simcord.interactions.base_payload = base_payload
    try:
        yield
    finally:
        simcord.interactions.base_payload = made


def buttons(message) -> list[str]:
    return [c.label for row in message.components for c in getattr(row, "children", [])
            if isinstance(c, discord.Button)]


def with_button(channel, label: str):
    """The newest message in `channel` that has a button labelled `label` now (fetched afresh:
    a settled question loses its buttons)."""
    found = [m for m in channel.history() if label in buttons(m)]
    return found[-1] if found else None


def children(message) -> list:
    """Every component of a message, row after row."""
    return [c for row in message.components for c in getattr(row, "children", [])]


def assert_fits(message) -> None:
    """Discord's limits: 5 rows, 5 buttons a row, 25 options a menu, 100 characters an option's
    label or description, 150 a placeholder, 80 a button's label."""
    assert len(message.components) <= 5
    for row in message.components:
        assert len([c for c in row.children if isinstance(c, discord.Button)]) <= 5
    for c in children(message):
        if isinstance(c, discord.SelectMenu):
            assert 0 < len(c.options) <= 25 and len(c.placeholder or "") <= 150, c.custom_id
            assert all(len(o.label) <= 100 and len(o.description or "") <= 100 for o in c.options), c.custom_id
        elif isinstance(c, discord.Button):
            assert len(c.label or "") <= 80, c.label


def select_of(message: discord.Message, prefix: str | tuple = ("bg:act:", "ui:step:")) -> discord.SelectMenu | None:
    for row in message.components:
        for child in getattr(row, "children", []):
            if isinstance(child, discord.SelectMenu) and child.custom_id.startswith(prefix):
                return child
    return None


def last_dm(member) -> discord.Message:
    return member.user.dm_channel.history()[-1]


def dm_with_moves(member) -> discord.Message | None:
    """The newest DM that carries a move select, if the newest DM has one."""
    msg = last_dm(member)
    return msg if select_of(msg) else None


# member id -> the private hand the bot sent as the answer to that member's last move
ANSWERS: dict[int, discord.Message] = {}

_VERSION = re.compile(r"· move (\d+) ·")


def version_shown(message: discord.Message | None) -> int:
    found = _VERSION.search(message.content) if message is not None else None
    return int(found.group(1)) if found else -1


def remember_answer(member, result) -> None:
    """Keep the hand that answered a move (the hand follows the player)."""
    if result.response is not None and "your private view" in result.response.content:
        ANSWERS[member.id] = result.response.message


def hand_with_moves(member) -> discord.Message | None:
    """The freshest private hand with a move select: the newest DM, or the answer to the
    member's last move when that is newer."""
    dm = member.user.dm_channel.history()[-1] if member.user.dm_channel and member.user.dm_channel.history() \
        else None
    answer = ANSWERS.get(member.id)
    newest = max((m for m in (dm, answer) if m is not None), key=version_shown, default=None)
    return newest if newest is not None and select_of(newest) else None


def thread_of(channel):
    threads = channel.threads
    assert threads, "the match has no thread"
    return threads[-1]


async def start_challenge(channel, challenger, *opponents, game="testgame", in_thread=True, **opts):
    """/match new with named opponents, who accept; returns the match's thread (None when the
    server plays matches in the channel: in_thread=False)."""
    names = ("opponent", "opponent2", "opponent3")
    r = await challenger.slash(channel, "match new", game=game, **dict(zip(names, opponents)), **opts)
    assert "Challenge #" in r.response.content, r.response.content
    for opponent in opponents:
        await opponent.click(with_button(channel, "Accept"), label="Accept")
    return thread_of(channel) if in_thread else None


async def current_match(env, match_id=1):
    return await env.bot.service.get(match_id)


async def member_for_seat(env, members, match_id, seat):
    match = await current_match(env, match_id)
    user_id = match.user_at(seat).user_id
    return next(m for m in members if m.id == user_id)


async def to_move(env, members, match_id=1):
    """The member whose turn it is."""
    match = await current_match(env, match_id)
    (seat,) = env.bot.service.rules(match).active_players(match.snapshot)
    return await member_for_seat(env, members, match_id, seat)


def bot_handle(env):
    """The bot's own user as an option value (to pick the computer as the opponent)."""
    from simcord.builders import UserHandle
    return UserHandle(env, env.backend.get_user(env.bot.user.id))


_TOOLKIT_ID = re.compile(r"^ui:(?:(step):\d+:\d+:([\d.\-]+):(\d+)|(go):\d+:\d+:([\d.\-]+))(?::[0-9a-f]{6})?$")


def toolkit_components(message) -> list[tuple]:
    """(component, position in the tree of moves, "step" or "go", page) for every move
    component of the toolkit on a message."""
    from cogs.ui import paths
    out = []
    for row in message.components:
        for c in getattr(row, "children", []):
            found = _TOOLKIT_ID.match(getattr(c, "custom_id", None) or "")
            if found and found.group(1):
                out.append((c, paths.decode(found.group(2)), "step", int(found.group(3))))
            elif found:
                out.append((c, paths.decode(found.group(5)), "go", 0))
    return out


async def walk_move(who, message, bot, match, seat: int, action_id: str):
    """Make one move by clicks on the toolkit's buttons and step menus, starting on `message`
    (a hand), following the move's position in the tree of the seat's legal moves; returns
    the result of the click that played it, with `clicks`: how many it took."""
    from cogs.ui import paths
    root = paths.build(await bot.presenter.named_actions(match, seat))
    target = paths.find(root, action_id)
    assert target is not None, f"{action_id} is not a legal move"
    clicks = 0
    while True:
        clicks += 1
        fitting = [t for t in toolkit_components(message) if target[:len(t[1])] == t[1]]
        assert fitting, f"nothing on the message leads to {action_id}: {message.content[:200]}"
        component, position, kind, page = max(fitting, key=lambda t: len(t[1]))
        if kind == "go":
            result = await who.click(message, custom_id=component.custom_id)
            done = len(position)
        else:
            want = str(target[len(position)])
            values = [o.value for o in component.options]
            if want in values:
                result = await who.select(message, [want], custom_id=component.custom_id)
                done = len(position) + 1
            else:  # on another page of the menu: follow the page links
                toward = page + 1 if int(want) >= paths.page_range(10 ** 6, page).stop else page - 1
                result = await who.select(message, [f"p{toward}"], custom_id=component.custom_id)
                done = len(position)
        if done == len(target):
            result.clicks = clicks
            return result
        assert result.response is not None and result.response.ephemeral, "the next step is asked privately"
        message = result.response.message


def offered_values(choices) -> list[str]:
    return [str(c["value"]) for c in choices]


def option_values(actions: list[Action], command_for, command: str, option: str, given: dict) -> set[str]:
    """What the autocomplete of `option` may offer: the values of the legal moves of that command
    (`command_for(action)` -> (command, [(option, value)])) that agree with the options given."""
    out = set()
    for action in actions:
        name, options = command_for(action)
        found = dict(options)
        if name == command and option in found and all(found.get(k) == str(x) for k, x in given.items()):
            out.add(found[option])
    return out


async def typed_command(member, thread, command: str, options: list[tuple[str, str]], wanted):
    """Send a generated command, each option checked first: its autocomplete offers exactly the
    legal values (`wanted(option, given)`; all of them when they fit in Discord's 25, else some
    of them), and the one to send. Returns (the command's result, autocompletes asked)."""
    given: dict[str, str] = {}
    for option, value in options:
        offered = offered_values(await member.autocomplete(thread, command, option, "", **given))
        legal = wanted(option, given)
        assert set(offered) == legal if len(legal) <= 25 else set(offered) <= legal, \
            (command, option, sorted(offered), sorted(legal))
        if value not in offered:
            offered = offered_values(await member.autocomplete(thread, command, option, value, **given))
        assert value in offered, (command, option, value, offered)
        given[option] = value
    return await member.slash(thread, command, **given), len(options)


def newest_hand(member):
    """The member's current private hand: the newest DM, or the hand that answered their last
    move when that is newer (the hand follows the player)."""
    dm = member.user.dm_channel.history()[-1]
    answer = ANSWERS.get(member.id)
    return answer if answer is not None and version_shown(answer) > version_shown(dm) else dm
