"""Servers stay separate: no command or component reaches a match (or tournament) of another
server, whatever id it names, and a refusal changes nothing (audit defects 1, 2 and 12).

Guild A holds the matches; guild B has a member who manages B (not A) and a member who is in
both servers. Components are forged the way a hostile client could: a message in B (or in a
DM) carrying custom_ids that name A's matches.
"""
from __future__ import annotations

import discord
import pytest

from bot import EXTENSIONS
from cogs.components import (ClockButton, HandButton, LobbyButton, LogPageButton, RematchButton, RetiredMove,
                             UndoButton)
from cogs.tournaments import TournamentButton
from cogs.ui.game import ui_for
from cogs.ui.form import BatchButton, FormButton
from cogs.ui.picker import StepBack, StepButton, StepSelect, WholeMoveSelect
from engine import registry
from tests.discord.helpers import start_challenge
from tests.discord.helpers import text_of

@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=EXTENSIONS)  # every game's cog, the platform's and the tournaments'



@pytest.fixture
async def two_servers(world):
    env, guild, channel, alice, bob, carol = world
    other = env.create_guild("Elsewhere")
    far = other.create_text_channel("lounge")
    managers = other.create_role("managers", permissions=discord.Permissions(manage_guild=True))
    mallory = other.add_member(env.create_user("mallory"), roles=[managers])
    alice_there = other.add_member(alice.user, roles=[managers])  # alice manages B, plays in A
    return env, guild, channel, alice, bob, carol, other, far, mallory, alice_there


async def snapshot_of(env) -> list[tuple]:
    """Everything a refusal must leave as it was: every match's row, seats and log."""
    out = []
    for m in await env.bot.store.list_matches(statuses=("open", "active", "finished", "cancelled"), limit=100):
        out.append((m.id, m.status, m.version, m.meta, [(s.user_id, s.accepted, s.is_ai) for s in m.seats],
                    await env.bot.store.actions(m.id)))
    return sorted(out)


async def open_matches_in_a(env, channel, alice, bob, carol):
    """#1 an open table, #2 a running challenge, #3 a finished one (alice resigned)."""
    r = await alice.slash(channel, "match new", game="testgame")
    assert "Table #1" in text_of(r.response)
    await start_challenge(channel, alice, bob)
    await start_challenge(channel, carol, bob)
    await carol.slash(channel, "match resign", match=3)
    assert [m.status for m in [await env.bot.service.get(i) for i in (1, 2, 3)]] == ["open", "active", "finished"]


COMMANDS = [
    ("match cancel", {"match": 1}),
    ("match watch", {"match": 2}),
    ("match show", {"match": 2}),
    ("match show", {"match": 3}),
    ("match log", {"match": 3}),
    ("match replay", {"match": 3}),
    ("match hand", {"match": 2}),
    ("match move", {"match": 2, "action": "take:1"}),
    ("match resign", {"match": 2}),
    ("match nudge", {"match": 2}),
    ("match undo", {"match": 2}),
    ("match return", {"match": 2}),
]


async def test_no_command_of_another_server_reaches_a_match(two_servers):
    env, guild, channel, alice, bob, carol, other, far, mallory, alice_there = two_servers
    await open_matches_in_a(env, channel, alice, bob, carol)
    assert env.settle_timeout >= 600, "the generous settle timeout reaches every simcord test"
    before = await snapshot_of(env)
    posts_in_a = len(channel.history()) + sum(len(t.history()) for t in channel.threads)
    tried = 0
    for actor in (mallory, alice_there):
        for command, options in COMMANDS:
            text = answer(await actor.slash(far, command, **options))
            assert f"There is no match #{options['match']} here." == text, (actor.name, command, text)
            tried += 1
    assert await snapshot_of(env) == before
    assert len(channel.history()) + sum(len(t.history()) for t in channel.threads) == posts_in_a
    assert far.history() == [], "nothing was posted in the other server either"
    assert mallory.user.dm_channel is None or mallory.user.dm_channel.history() == []
    assert tried == 2 * len(COMMANDS)


async def test_autocomplete_and_lookups_offer_only_this_servers_matches(two_servers):
    env, guild, channel, alice, bob, carol, other, far, mallory, alice_there = two_servers
    await start_challenge(channel, alice, bob)
    choices = await alice_there.autocomplete(far, "match show", "match", "")
    assert choices == [], "alice's match lives in the other server"
    choices = await alice.autocomplete(channel, "match show", "match", "")
    assert [c["value"] for c in choices] == [1]
    assert "not in any" in answer(await alice_there.slash(far, "match hand"))


def forged_components(tournament_id: int = 1) -> list[tuple[discord.ui.Item, str]]:
    """Each forged button with the refusal it must get."""
    def match(n):
        return f"There is no match #{n} here."
    return [(LobbyButton("cancel", 1), match(1)), (LobbyButton("join", 1), match(1)), (HandButton(2), match(2)),
            (RematchButton(3), match(3)), (UndoButton("ask", 2, 0), match(2)), (ClockButton("claim", 2, 0), match(2)),
            (LogPageButton(3, 1), match(3)), (StepButton(2, 0, [0], "Pass"), match(2)),
            (StepButton(2, 0, [1, 3], "Claim flag 4"), match(2)),
            (StepButton(2, 0, [0], "Pick", mark="abc123"), match(2)),  # a move of a simultaneous step
            (StepBack(2, "Back"), match(2)),
            (FormButton(2, 0, [0], "abc123", "A move in one form"), match(2)),
            (BatchButton(2, 0, 0, "abc123", "Moves in one form"), match(2)),
            (TournamentButton("join", tournament_id), f"There is no tournament #{tournament_id} in this server.")]


def forged_selects() -> list[tuple[discord.ui.Item, str]]:
    """Each forged menu with the value chosen in it (every one names match #2): a step of a
    move, a step menu's link to its next page, a menu of a simultaneous step and a menu of whole
    moves."""
    def step(prefix, page, value, mark=""):
        return StepSelect(2, 0, prefix, page, options=[discord.SelectOption(label="x", value=value)], mark=mark)
    whole = WholeMoveSelect(2, 0, 0, 0, "abc123", options=[discord.SelectOption(label="x", value="move:a:b")])
    return [(step([0], 0, "0"), "0"), (step([0, 2], 1, "p2"), "p2"), (step([], 0, "1", "abc123"), "1"),
            (whole, "move:a:b")]


async def post_forged(env, channel_id: int | None = None, user=None, tournament_id: int = 1):
    """The bot carries the forged components (as if a client had sent their custom_ids)."""
    view = discord.ui.View(timeout=None)
    for item, _ in forged_components(tournament_id):
        view.add_item(item)
    selects = discord.ui.View(timeout=None)
    for item, _ in forged_selects():
        selects.add_item(item)
    target = env.bot.get_channel(channel_id) if channel_id else await env.bot.fetch_user(user.id)
    await target.send("forged buttons", view=view)
    await target.send("forged menus", view=selects)


def answer(r) -> str:
    return text_of(r.response or r.followups[-1])


async def click_everything(actor, history, buttons_only: bool = False) -> int:
    """Click every forged component as `actor`; each must be refused as not found. Returns
    how many were tried."""
    buttons_msg, selects_msg = history[-2], history[-1]
    tried = 0
    for item, expected in forged_components():
        assert answer(await actor.click(buttons_msg, custom_id=item.custom_id)) == expected, item.custom_id
        tried += 1
    if not buttons_only:
        for item, value in forged_selects():
            r = await actor.select(selects_msg, [value], custom_id=item.custom_id)
            assert answer(r) == "There is no match #2 here.", item.custom_id
            tried += 1
    return tried


async def make_tournament(env, guild, channel) -> int:
    staff = guild.create_role("Staff", permissions=discord.Permissions(manage_guild=True))
    org = guild.add_member(env.create_user("org"), roles=[staff])
    r = await org.slash(channel, "tournament create", game="testgame", format="swiss")
    assert "#1" in text_of(r.response) or "#1" in (text_of(r.followups[-1]) if r.followups else ""), r
    return 1


async def test_every_kind_of_component_is_forged(world):
    """The kinds the platform and the move toolkit register are all tried below (a game's own
    kinds, if it has any, are the game's tests' to try)."""
    def name(kind) -> str:  # an extension's module is loaded anew, so its classes are compared by name
        return f"{kind.__module__}.{kind.__qualname__}"
    env = world[0]
    registered = {name(k) for k in env.bot._connection._view_store._dynamic_items.values()}
    registry.load_builtin()
    games_own = {name(k) for rules in registry.all_games() for k in ui_for(rules.name).items}
    forged = {name(type(item)) for item, _ in forged_components() + forged_selects()}
    # retired move components name nothing and change nothing: each click is answered as out
    # of date, in any server (tests/discord/test_retired_components.py)
    retired = {name(RetiredMove)}
    assert {name(StepButton), name(StepSelect)} <= registered
    assert registered - games_own - retired <= forged, registered - games_own - retired - forged


async def test_no_component_of_another_server_reaches_a_match(two_servers):
    env, guild, channel, alice, bob, carol, other, far, mallory, alice_there = two_servers
    await open_matches_in_a(env, channel, alice, bob, carol)
    await make_tournament(env, guild, channel)
    before = await snapshot_of(env)
    signed_up = (await env.bot.tournaments.get(1)).players
    await post_forged(env, far.id)
    tried = await click_everything(mallory, far.history())
    tried += await click_everything(alice_there, far.history())
    assert tried == 2 * (len(forged_components()) + len(forged_selects()))
    assert await snapshot_of(env) == before
    assert (await env.bot.tournaments.get(1)).players == signed_up


async def test_a_forged_component_in_a_dm_reaches_only_the_users_own_matches(two_servers):
    env, guild, channel, alice, bob, carol, other, far, mallory, alice_there = two_servers
    await open_matches_in_a(env, channel, alice, bob, carol)
    before = await snapshot_of(env)
    await post_forged(env, user=mallory.user)
    dm = mallory.user.dm_channel.history()
    buttons_msg = dm[-2]
    for item, expected in forged_components()[:-1]:  # the tournament button is refused outside a server
        assert answer(await mallory.user.click(buttons_msg, custom_id=item.custom_id)) == expected, item.custom_id
    assert await snapshot_of(env) == before


async def test_out_of_range_and_forged_ids_are_refused_and_leave_no_lock(two_servers):
    env, guild, channel, alice, bob, carol, other, far, mallory, alice_there = two_servers
    huge = 2**64 + 5
    view = discord.ui.View(timeout=None)
    for item in (LobbyButton("join", huge), HandButton(2**63), UndoButton("ask", 2**63 + 1, 2**70)):
        view.add_item(item)
    await env.bot.get_channel(channel.id).send("forged", view=view)
    message = channel.history()[-1]
    for custom_id in (f"bg:lobby:join:{huge}", f"bg:hand:{2**63}", f"bg:undo:ask:{2**63 + 1}:{2**70}"):
        assert answer(await alice.click(message, custom_id=custom_id)).startswith("There is no match #"), custom_id
    assert answer(await alice.slash(channel, "match show", match=2**53 - 1)).startswith("There is no match #")
    assert env.bot.service._locks == {}, "a lock entry is dropped once unused"
