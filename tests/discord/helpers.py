"""Small helpers for driving matches in simcord."""
from __future__ import annotations

import io
import re
from contextlib import contextmanager
from datetime import UTC, datetime
from typing import Any

import discord
import simcord.interactions
from PIL import Image

from cogs.components import walk
from engine.base import Action

SIMCORD_EPOCH = datetime(2026, 1, 1, tzinfo=UTC).timestamp()  # simcord's virtual clock starts here
# discord.py gives the view of every ephemeral answer (the hand that answers a move) a 15-minute
# timeout, a sleep simcord tracks until it ends: the drivers let virtual time run past them now
# and then, or every interaction would wait on more of them (the hands' components are the
# toolkit's dynamic items, which answer with or without their view)
VIEW_TIMEOUT = 15 * 60 + 1
EXPIRE_EVERY = 10


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


def text_of(message) -> str:
    """What a person reads on a message: its content, then every text display of a layout
    message (a board is a layout message: narration, picture and buttons in one container)."""
    if message is None:
        return ""
    parts = [message.content] if getattr(message, "content", "") else []
    comps = message.components
    if comps and isinstance(comps[0], dict):   # a simcord ResponseMessage: raw payloads
        from simcord.components import walk_components
        parts += [c["content"] for c in walk_components(comps) if c.get("type") == 10]
    else:
        parts += [c.content for c in walk(comps) if isinstance(c, discord.TextDisplay)]
    return "\n".join(parts)


def live(message) -> bool:
    """The message still carries a button or a menu (a superseded one must not)."""
    return bool(children(message))


def buttons(message) -> list[str]:
    return [c.label for c in children(message) if isinstance(c, discord.Button)]


def with_button(channel, label: str):
    """The newest message in `channel` that has a button labelled `label` now (fetched afresh:
    a settled question loses its buttons)."""
    found = [m for m in channel.history() if label in buttons(m)]
    return found[-1] if found else None


def children(message) -> list:
    """Every interactive component of a message (buttons, menus), row after row, inside layout
    containers too."""
    return [c for c in walk(message.components) if isinstance(c, (discord.Button, discord.SelectMenu))]


def assert_fits(message) -> None:
    """Discord's limits: 5 rows, 5 buttons a row, 25 options a menu, 100 characters an option's
    label or description, 150 a placeholder, 80 a button's label."""
    rows = [c for c in walk(message.components) if isinstance(c, discord.ActionRow)]
    assert len(rows) <= 5
    for row in rows:
        assert len([c for c in row.children if isinstance(c, discord.Button)]) <= 5
    for c in children(message):
        if isinstance(c, discord.SelectMenu):
            assert 0 < len(c.options) <= 25 and len(c.placeholder or "") <= 150, c.custom_id
            assert all(len(o.label) <= 100 and len(o.description or "") <= 100 for o in c.options), c.custom_id
        elif isinstance(c, discord.Button):
            assert len(c.label or "") <= 80, c.label


def select_of(message: discord.Message, prefix: str | tuple = ("bg:act:", "ui:step:")) -> discord.SelectMenu | None:
    for child in children(message):
        if isinstance(child, discord.SelectMenu) and child.custom_id.startswith(prefix):
            return child
    return None


def said(result) -> str:
    """What a click or a command answered the person: a refusal comes as a private follow-up
    (a click on a hand is otherwise answered by editing that hand)."""
    return text_of(result.followups[-1] if result.followups else result.response)


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
    found = _VERSION.search(text_of(message)) if message is not None else None
    return int(found.group(1)) if found else -1


def remember_answer(member, result) -> None:
    """Keep the hand that answered a move (the hand follows the player)."""
    if result.response is not None and "your private view" in text_of(result.response):
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
    assert "Challenge #" in text_of(r.response), text_of(r.response)
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


_TOOLKIT_ID = re.compile(r"^ui:(?:(step):\d+:\d+:([\d.\-]+):(\d+)|(go):\d+:\d+:([\d.\-]+))(?::[0-9a-f]{6}s?)?$")


def toolkit_components(message) -> list[tuple]:
    """(component, position in the tree of moves, "step" or "go", page) for every move
    component of the toolkit on a message."""
    from cogs.ui import paths
    out = []
    for c in children(message):
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
        assert fitting, f"nothing on the message leads to {action_id}: {text_of(message)[:200]}"
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
        # the next step is asked on the very hand clicked (its menus give way to the next one)
        assert result.response is not None and result.response.id == message.id, "the hand asks the next step"
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


async def typed_command(member, thread, command: str, options: list[tuple[str, str]], wanted, single: bool = False):
    """Send a generated command, each option checked first: its autocomplete offers exactly the
    legal values (`wanted(option, given)`; all of them when they fit in Discord's 25, else some
    of them; `single`: of the values it offers, those that are one value, not several), and the
    one to send. Returns (the command's result, autocompletes asked)."""
    given: dict = {}
    for option, value in options:
        choices = await member.autocomplete(thread, command, option, "", **given)
        offered = offered_values(choices)
        if single:
            offered = [v for v in offered if " " not in v]
        legal = wanted(option, given)
        assert set(offered) == legal if len(legal) <= 25 else set(offered) <= legal, \
            (command, option, sorted(offered), sorted(legal))
        if value not in offered:
            choices = await member.autocomplete(thread, command, option, value, **given)
            offered = offered_values(choices)
        assert value in offered, (command, option, value, offered)
        # sent as the list offers it (an option of numbers takes the number)
        given[option] = next(c["value"] for c in choices if str(c["value"]) == value)
    return await member.slash(thread, command, **given), len(options)


def newest_hand(member):
    """The member's current private hand: the newest DM, or the hand that answered their last
    move when that is newer (the hand follows the player)."""
    dm = member.user.dm_channel.history()[-1]
    answer = ANSWERS.get(member.id)
    return answer if answer is not None and version_shown(answer) > version_shown(dm) else dm


async def moves_by_service(env, until, chooser=None, limit: int = 2000, *, unseen: bool = False):
    """The people's moves sent straight to the service (by the engine's computer player, or
    `chooser(match, seat)`), until `until(match)` holds; returns that match. `unseen`: the moves on
    the way are not shown in Discord (no board, no hand: a test that only needs the game to go on
    saves drawing hundreds of pictures nobody reads); the last move is shown as usual."""
    service = env.bot.service
    notifier, last = service.notifier, []
    if unseen:
        class Unseen:
            def __getattr__(self, name):
                return getattr(notifier, name)

            async def moves_applied(self, outcome):
                last[:] = [outcome]
        service.notifier = Unseen()
    try:
        for _ in range(limit):
            match = await current_match(env)
            if until(match):
                return match
            assert match.status == "active", "the game ended first"
            rules = service.rules(match)
            seat = min(s for s in rules.active_players(match.snapshot) if not match.user_at(s).is_ai)
            action = chooser(match, seat) if chooser else rules.ai_choose(match.snapshot, seat, match.seed + match.version)
            await service.act(match.id, match.user_at(seat).user_id, action)
    finally:
        if unseen:
            service.notifier = notifier
            if last:
                last[0].match = await current_match(env)
                await notifier.moves_applied(last[0])
    raise AssertionError("the position never came")


async def vote_hands_the_seat_to_the_computer(env, thread, match, absent_seat: int, members: dict, humans,
                                              *, not_by_itself: str):
    """`absent_seat`'s person lets the clock run out on a decision the game does not make alone:
    the thread's notice asks the others to vote (more than two players: no claim of the win), the
    match waits (`not_by_itself` says why), and the other person's vote hands the seat to the
    computer. Returns the match after the vote."""
    service = env.bot.service
    absent = members[match.user_at(absent_seat).user_id]
    voter = next(members[match.user_at(s).user_id] for s in humans if s != absent_seat)
    deadline = service.deadline_of(match, absent_seat)
    assert deadline is not None
    await env.advance_time(deadline - env.now().timestamp() + 1)
    notice = with_button(thread, "Let the computer play")
    assert notice is not None and "Claim the win" not in buttons(notice), "more than two players: a vote"
    assert absent.mention in text_of(notice) and "is out of time" in text_of(notice)
    assert (await current_match(env)).version == match.version, not_by_itself
    r = await voter.click(notice, label="Let the computer play")
    assert text_of(r.response) == "The computer now plays that seat.", text_of(r.response)
    match = await current_match(env)
    assert match.user_at(absent_seat).is_ai and match.meta["absent"] == [absent_seat]
    return match


async def undo_is_refused_after(env, thread, people, rules, new_planner, last_move, *, what: str, limit: int = 600):
    """The planners play (through the service) until the log's last move satisfies `last_move`
    (a move that drew, shuffled, revealed or rolled); its player's /match undo is then refused and
    nothing is taken back. Returns the match."""
    planners: dict = {}
    for _ in range(limit):
        match = await current_match(env)
        log = await env.bot.store.actions(match.id)
        if log and last_move(log[-1][2]):
            break
        assert match.status == "active", f"the game ended before {what}"
        seat = min(rules.active_players(match.snapshot))
        move = planners.setdefault(seat, new_planner()).choose(match.snapshot, seat, match.seed + match.version)
        await env.bot.service.act(match.id, match.user_at(seat).user_id, move)
    else:
        raise AssertionError(f"never {what}")
    mover = next(m for m in people if m.id == match.user_at(log[-1][1]).user_id)
    r = await mover.slash(thread, "match undo")
    assert "drew, shuffled, revealed or rolled" in text_of(r.response), text_of(r.response)
    assert (await current_match(env)).version == match.version, "nothing was taken back"
    return match


async def log_rematch_and_replay(env, thread, watcher, player, match, game: str, states_checked, check_public_text):
    """/match log (asked by `watcher`) pages the public history, numbered to the last move, naming
    nothing secret of `states_checked`; the final board's Rematch (clicked by `player`) starts the
    same game with the same seats; /match replay is an animated GIF. Returns the rematch."""
    r = await watcher.slash(thread, "match log", match=match.id)
    text = text_of(r.response)
    assert "history, page" in text, text
    lines = [line for line in text.splitlines() if line[:1].isdigit()]
    assert lines and int(lines[-1].split(".")[0]) == len(await env.bot.service.history(match.id))
    check_public_text(text, states_checked)
    final = thread.history()[-1]
    assert "Rematch" in buttons(final), text_of(final)
    r = await player.click(final, label="Rematch")
    assert "Rematch #2 has started" in text_of(r.response), text_of(r.response)
    rematch = await current_match(env, 2)
    assert rematch.game == game
    assert [s.user_id for s in rematch.seats] == [s.user_id for s in match.seats], "the same people, the same seats"
    await assert_replay_is_animated(env, watcher, thread, match)
    return rematch


async def people_and_seats(env, *people) -> tuple:
    """The current match, its `people` by user id, and the seats people hold."""
    match = await current_match(env)
    return match, {p.id: p for p in people}, [s.seat for s in match.seats if not s.is_ai]


def spectator_boards(channel, thread, spectator) -> list:
    """What a spectator saw of a match: nothing by DM, no hand; returns the board messages."""
    seen = channel.history(viewer=spectator) + thread.history(viewer=spectator)
    assert not spectator.user.dm_channel or spectator.user.dm_channel.history() == [], "the spectator gets no DM"
    assert not [m for m in seen if "your private view" in text_of(m) or any("hand" in a.filename for a in m.attachments)]
    return [m for m in seen if m.attachments]


async def turns_in(env, match) -> int:
    """The turns of a match's log, from the game's moments: the opening board, one board each
    time `moment(state).owner` changes (a turn is over), and the final board. An "undo" row
    rebuilds the state from the seed without the move it takes back."""
    rules = env.bot.service.rules(match)
    setup = rules.setup(len(match.seats), dict(match.options), match.seed)
    state, moves, owners = setup, [], [rules.moment(setup).owner]
    for _seq, seat, action, _at in await env.bot.store.actions(match.id):
        if action == "undo":
            moves.pop()
            state = rules.setup(len(match.seats), dict(match.options), match.seed)
            for s, a in moves:
                state = rules.apply(state, s, a)[0]
        else:
            state = rules.apply(state, seat, action)[0]
            moves.append((seat, action))
        owners.append(rules.moment(state).owner)
    changes = sum(1 for before, after in zip(owners, owners[1:]) if before != after)
    return 1 + changes + (1 if len(owners) > 1 and owners[-1] == owners[-2] else 0)


async def assert_replay_is_animated(env, member, thread, match) -> None:
    """/match replay of `match`: an animated GIF, the opening board and one frame a turn."""
    r = await member.slash(thread, "match replay", match=match.id)
    assert f"replay of {match.version} moves, one picture per turn" in text_of(r.response), text_of(r.response)
    gif = r.response.attachments[0]
    data = await gif.read()
    assert gif.filename.endswith(".gif") and data[:6] in (b"GIF87a", b"GIF89a")
    picture = Image.open(io.BytesIO(data))
    turns = await turns_in(env, match)
    assert turns < match.version + 1, "some turns take more than one move"
    assert picture.is_animated and picture.n_frames == turns, "the opening board and one frame a turn"


# ---------------------------------------------------------------------- privacy of the thread

async def replayed_states(env, match) -> list[dict]:
    """The state at every version, rebuilt from the seed and the action log."""
    rules = env.bot.service.rules(match)
    states = [rules.setup(len(match.seats), dict(match.options), match.seed)]
    for _seq, seat, action, _at in await env.bot.store.actions(match.id):
        states.append(rules.apply(states[-1], seat, action)[0])
    return states


BOARD_VERSION = re.compile(r"· move (\d+)")


def states_around(history: list, states: list[dict]) -> list[tuple[Any, list[dict]]]:
    """Each thread message with the states it may speak of: a board's own version; between two
    boards, every version from the board before to the next one (what was secret all along)."""
    versions, last = [], 0
    for message in history:
        found = BOARD_VERSION.search(text_of(message))
        last = int(found.group(1)) if found else last
        versions.append((found is not None, last))
    out = []
    for i, message in enumerate(history):
        pinned, version = versions[i]
        if pinned:
            around = [states[version]]
        else:
            upto = next((v for p, v in versions[i + 1:] if p), len(states) - 1)
            around = states[version:upto + 1]
        out.append((message, around))
    return out


async def assert_boards_are_public(boards: list, states: list[dict], images: int, picture) -> None:
    """A sample of `images` board messages: each image is `picture(state)` (the public view's
    picture) of the version the message names."""
    for message in boards[:: max(1, len(boards) // images)][:images]:
        state = states[int(BOARD_VERSION.search(text_of(message)).group(1))]
        assert await message.attachments[0].read() == picture(state)
