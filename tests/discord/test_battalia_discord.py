"""Battalia through the real bot in simcord: whole games where the humans move through the
/battalia commands and the buttons and pickers on their private hand, against computer seats.

The humans' moves are chosen with the engine's own computer player, seeded like the computer
seats (`seed + version`), so a match seed fixes the whole game; the seeds below were picked because
the computer attacks the human in them, so a human defender must answer a battle."""
from __future__ import annotations

import json
import re
from collections import Counter

import discord
import pytest

from engine.battalia import RULES
from matches import STALE_MESSAGE
from render.battalia import render_board
from tests.discord.helpers import bot_handle, current_match, thread_of

TWO_PLAYER_SEED = 446   # weeks=2: the human attacks once and defends once
FOUR_PLAYER_SEED = 3    # weeks=1: two humans and two computers

# engine verb -> (slash command, option carrying the action id, or None)
SLASH = {
    "faction": ("battalia setup", "choice"), "startcity": ("battalia setup", "choice"),
    "formation": ("battalia turnstart", "choice"), "redeploy": ("battalia turnstart", "choice"),
    "start": ("battalia turnstart", "choice"),
    "hire": ("battalia hire", "unit"), "craft": ("battalia craft", "artifact"),
    "road": ("battalia build road", "type"), "city": ("battalia build city", "plan"),
    "upgrade": ("battalia build upgrade", "city"), "place": ("battalia place", "spot"),
    "hero": ("battalia hero hire", "city"), "move": ("battalia hero move", "to"),
    "wings": ("battalia hero wings", "to"),
    "amulet": ("battalia artifact amulet", "use"), "title": ("battalia artifact title", "use"),
    "scroll": ("battalia artifact scroll", "use"), "tent": ("battalia artifact tent", "use"),
    "strike": ("battalia artifact strike", "tent"), "hammer": ("battalia artifact hammer", "role"),
    "horn": ("battalia artifact horn", None),
    "ambush": ("battalia ambush", "play"), "attack": ("battalia attack", "target"),
    "claim": ("battalia attack", "target"),
    "fight": ("battalia battle fight", "how"), "retreat": ("battalia battle retreat", "to"),
    "surrender": ("battalia battle surrender", None), "add": ("battalia battle add", "card"),
    "commit": ("battalia battle commit", None), "pass": ("battalia battle pass", None),
    "cancel": ("battalia battle cancel", None),
    "wild": ("battalia choose", "option"), "drop": ("battalia choose", "option"),
    "hornpick": ("battalia choose", "option"), "great": ("battalia choose", "option"),
    "end": ("battalia end", None),
}
CARD_ID = re.compile(r"\b[kv]\d+\b")


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=("cogs.matches", "cogs.battalia"))


class FixedSeed:
    """Stands in for the service's seed source so a test picks the game it plays."""

    def __init__(self, seed: int):
        self.seed = seed

    def randrange(self, *_):
        return self.seed


def verb_of(action_id: str) -> str:
    return action_id.split(":", 1)[0]


def components_of(message) -> list:
    return [child for row in message.components for child in getattr(row, "children", [])]


class Driver:
    """Plays the humans' moves, alternating slash commands and private-hand components per verb,
    and records which way each move went."""

    def __init__(self, env, thread, members):
        self.env, self.thread, self.members = env, thread, members
        self.used = Counter()      # (verb, "slash" | "component") -> count
        self.defended_by_button = 0
        self.autocompleted = 0

    async def member_to_move(self):
        match = await current_match(self.env)
        (seat,) = RULES.active_players(match.snapshot)
        user_id = match.user_at(seat).user_id
        return match, seat, next(m for m in self.members if m.id == user_id)

    async def play_one(self) -> None:
        match, seat, member = await self.member_to_move()
        state = match.snapshot
        action = RULES.ai_choose(state, seat, match.seed + match.version)
        verb = verb_of(action)
        deciding = bool(state["battle"]) and state["battle"]["stage"] == "decide"
        want_component = deciding or (self.used[(verb, "slash")] > self.used[(verb, "component")])
        result = await self.by_component(member, match, action) if want_component else None
        if deciding:
            assert result is not None, f"the defender has no button for {action}"
            self.defended_by_button += 1
        if result is None:
            result = await self.by_slash(member, action)
            self.used[(verb, "slash")] += 1
        else:
            self.used[(verb, "component")] += 1
        assert result.response is not None and result.response.content == "Move played.", \
            (action, result.response and result.response.content)
        after = await current_match(self.env)
        assert after.version > match.version and [seat, action] in after.snapshot["history"][-200:]

    async def by_slash(self, member, action: str):
        command, option = SLASH[verb_of(action)]
        if option is None:
            return await member.slash(self.thread, command)
        offered = await member.autocomplete(self.thread, command, option, action)
        self.autocompleted += 1
        assert action in [c["value"] for c in offered], (command, action, offered)
        return await member.slash(self.thread, command, **{option: action})

    async def by_component(self, member, match, action: str):
        """Find the action on the member's newest DM: a button, a picker option, the square picker
        (then a rotation button), or a group of a page picker; None if the DM does not offer it."""
        dm = member.user.dm_channel.history()[-1]
        assert f"move {match.version} " in dm.content, "the newest DM shows the current position"
        children = components_of(dm)
        for child in children:
            if isinstance(child, discord.Button) and child.custom_id == f"bt:do:{match.id}:{match.version}:{action}":
                return await member.user.click(dm, custom_id=child.custom_id)
        for child in children:
            if isinstance(child, discord.SelectMenu) and action in [o.value for o in child.options]:
                return await member.user.select(dm, [action], custom_id=child.custom_id)
        square = next((c for c in children if isinstance(c, discord.SelectMenu)
                       and c.custom_id.startswith("bt:square:")), None)
        if square is not None and verb_of(action) == "place":
            _, sq, rot = action.split(":")
            r = await member.user.select(dm, [sq], custom_id=square.custom_id)
            if r.response.content == "Move played.":  # one rotation fits: played at once
                return r
            return await member.user.click(r.response.message,
                                           custom_id=f"bt:do:{match.id}:{match.version}:{action}")
        for pager in (c for c in children if isinstance(c, discord.SelectMenu)
                      and c.custom_id.startswith(("bt:pages:", "bg:page:"))):
            for option in pager.options:
                r = await member.user.select(dm, [option.value], custom_id=pager.custom_id)
                menu = next(c for c in components_of(r.response.message) if isinstance(c, discord.SelectMenu))
                if action in [o.value for o in menu.options]:
                    return await member.user.select(r.response.message, [action], custom_id=menu.custom_id)
        return None

    async def play_to_the_end(self, limit: int = 600) -> int:
        moves = 0
        while (await current_match(self.env)).status == "active":
            await self.play_one()
            moves += 1
            assert moves < limit
        return moves


async def replayed_states(env, match) -> list[dict]:
    """The state at every version, rebuilt from the seed and the action log."""
    states = [RULES.setup(len(match.seats), dict(match.options), match.seed)]
    for _seq, seat, action, _at in await env.bot.store.actions(match.id):
        states.append(RULES.apply(states[-1], seat, action)[0])
    return states


def hidden_ids(state: dict) -> set[str]:
    return {c for p in state["players"] for zone in ("hand", "ambush", "realm") for c in p[zone]}


async def assert_thread_reveals_no_hidden_card(env, thread, match) -> None:
    states = await replayed_states(env, match)
    assert states[-1] == match.snapshot, "replaying the log reproduces the stored state"
    names = await env.bot.presenter.seat_names(match)
    boards = [m for m in thread.history() if m.attachments]
    assert len(boards) > 10
    for n, message in enumerate(thread.history()):
        found = re.search(r"· move (\d+)", message.content)
        assert found, message.content[:80]
        state = states[int(found.group(1))]
        hidden = hidden_ids(state)
        named = set(CARD_ID.findall(message.content))
        assert not named & hidden, f"hidden cards named in the thread: {named & hidden}"
        public = json.dumps(RULES.view(state, None))
        assert not set(CARD_ID.findall(public)) & hidden
    for message in boards[:: max(1, len(boards) // 4)]:  # a sample: the image is drawn from the public view
        state = states[int(re.search(r"· move (\d+)", message.content).group(1))]
        assert await message.attachments[0].read() == render_board(RULES.view(state, None), names)


async def test_two_player_game_against_the_computer_to_the_end(world):
    env, guild, channel, alice, bob, carol = world
    env.bot.service._seeds = FixedSeed(TWO_PLAYER_SEED)
    r = await alice.slash(channel, "battalia challenge", opponent=bot_handle(env), weeks=2)
    assert r.ephemeral and "has started" in r.response.content
    thread = thread_of(channel)
    match = await current_match(env)
    assert match.status == "active" and sum(s.is_ai for s in match.seats) == 1
    assert match.options == {"variant": "normal", "weeks": 2}
    driver = Driver(env, thread, [alice])
    moves = await driver.play_to_the_end()
    match = await current_match(env)
    assert match.status == "finished" and "2-week limit" in match.result["reason"]
    assert "Game over" in thread.history()[-1].content
    assert driver.defended_by_button >= 1, "the human defender answered a battle by button"
    ways = {way for (_verb, way) in driver.used}
    assert ways == {"slash", "component"} and driver.autocompleted > 10
    for verb in ("hire", "place", "start", "end", "add", "commit"):
        assert driver.used[(verb, "component")] and driver.used[(verb, "slash")], verb
    assert moves > 40
    await assert_thread_reveals_no_hidden_card(env, thread, match)


async def test_four_player_game_two_humans_and_two_computers(world):
    env, guild, channel, alice, bob, carol = world
    env.bot.service._seeds = FixedSeed(FOUR_PLAYER_SEED)
    r = await alice.slash(channel, "battalia challenge", opponent=bob, computers=2, weeks=1)
    assert "sent" in r.response.content
    await bob.click(channel.history()[-1], label="Accept")
    match = await current_match(env)
    assert match.status == "active" and len(match.seats) == 4 and sum(s.is_ai for s in match.seats) == 2
    thread = thread_of(channel)
    driver = Driver(env, thread, [alice, bob])
    await driver.play_to_the_end()
    match = await current_match(env)
    assert match.status == "finished" and len(match.result["winners"]) >= 1
    assert {way for (_verb, way) in driver.used} == {"slash", "component"}
    await assert_thread_reveals_no_hidden_card(env, thread, match)


async def test_commands_offer_only_legal_moves_and_refuse_illegal_ones(world):
    env, guild, channel, alice, bob, carol = world
    r = await alice.slash(channel, "battalia rules")
    assert r.ephemeral and "Battalia" in r.response.content and "design decisions" in r.response.embeds[0].title
    r = await alice.slash(channel, "battalia challenge", opponent=bob, variant="scenario2")
    assert "exactly 4 players" in r.response.content
    r = await alice.slash(channel, "battalia challenge", opponent=bob, computers=3)
    assert "2–4 players" in r.response.content
    env.bot.service._seeds = FixedSeed(TWO_PLAYER_SEED)
    await alice.slash(channel, "battalia challenge", opponent=bob, weeks=1)
    await bob.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    service = env.bot.service
    driver = Driver(env, thread, [alice, bob])

    async def unchanged(member, command, text, **options):
        before = (await current_match(env)).version
        r = await member.slash(thread, command, **options)
        assert r.ephemeral and text in r.response.content, r.response.content
        assert (await current_match(env)).version == before

    async def offered(member, command, option, verbs, typed=""):
        match = await current_match(env)
        legal = {a.id for a in service.legal_actions(match, match.seat_of(member.id)) if verb_of(a.id) in verbs}
        values = {c["value"] for c in await member.autocomplete(thread, command, option, typed)}
        assert values <= legal and (values or not legal)
        return values, legal

    match, seat, mover = await driver.member_to_move()
    waiting = bob if mover is alice else alice
    values, legal = await offered(mover, "battalia setup", "choice", ("faction",))
    assert values == legal and len(values) == 3
    assert not (await offered(waiting, "battalia setup", "choice", ("faction",)))[0]
    await unchanged(waiting, "battalia setup", "not your turn", choice=sorted(values)[0])
    await unchanged(mover, "battalia hire", "You cannot hire a unit now", unit="soldier")
    await unchanged(mover, "battalia setup", "not available", choice="faction:Q")
    await unchanged(carol, "battalia end", "not in a running Battalia match")
    stale = mover.user.dm_channel.history()[-1]
    stale_button = next(c for c in components_of(stale) if isinstance(c, discord.Button))
    while (await current_match(env)).snapshot["phase"] != "actions":
        await driver.play_one()
    r = await mover.user.click(stale, custom_id=stale_button.custom_id)
    assert r.response.content == STALE_MESSAGE

    match, seat, mover = await driver.member_to_move()
    values, legal = await offered(mover, "battalia hire", "unit", ("hire",))
    assert values == legal and values
    assert (await offered(mover, "battalia hero move", "to", ("move",)))[0] == set()  # no hero on the board
    values, legal = await offered(mover, "battalia place", "spot", ("place",))
    assert values == set() and legal == set()
    hand = match.snapshot["players"][seat]["hand"]
    supply = [c for c in hand if match.snapshot["cards"][c]["t"] == "supply"]
    if "hire:commander" not in legal:
        await unchanged(mover, "battalia hire", "do not hold the cards", unit="hire:commander")
    await unchanged(mover, "battalia hire", "List card ids", unit="hire:soldier", cards="two supply")
    soldier = next(c for c in hand if match.snapshot["cards"][c]["t"] == "soldier")
    await unchanged(mover, "battalia hire", "", unit="hire:soldier", cards=f"{soldier},{supply[0]}")
    await unchanged(mover, "battalia build road", "", type="road:straight", square="a1", rotation=0)
    await unchanged(mover, "battalia battle add", "You cannot add a card now", card="add:k1")
    r = await mover.slash(thread, "battalia hire", unit="hire:soldier", cards=",".join(supply[:2]))
    assert r.response.content == "Move played."
    assert (await current_match(env)).snapshot["players"][seat]["played"] == supply[:2], "the cards named paid"


async def test_command_tree_fits_discord_limits(world):
    env = world[0]
    group = env.bot.tree.get_command("battalia")
    assert isinstance(group, discord.app_commands.Group) and len(group.commands) <= 25
    leaves = 0
    for cmd in group.walk_commands():
        if isinstance(cmd, discord.app_commands.Group):
            assert len(cmd.commands) <= 25
        else:
            leaves += 1
            assert 1 <= len(cmd.description) <= 100 and len(cmd.parameters) <= 25
    assert leaves >= 30
    r = await world[3].slash(world[2], "help")
    assert "/battalia challenge" in r.response.content
