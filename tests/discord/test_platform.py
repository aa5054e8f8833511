"""The platform through the real bot in simcord, with the test-only game."""
from __future__ import annotations

import json
import re

import discord

from tests import testgame
from tests.discord.helpers import (said, bot_handle, current_match, dm_with_moves, hand_with_moves, remember_answer,
                                   select_of, start_challenge, thread_of, to_move)
from tests.discord.helpers import text_of


async def play_by_dm(member, match_id=1) -> str:
    """Pick the first legal move from the member's private hand (a DM, or the hand that
    answered their last move), and check the answer is their updated hand."""
    msg = hand_with_moves(member)
    assert msg is not None, f"{member.name} has no move menu in DMs"
    value = select_of(msg).options[0].value
    result = await member.user.select(msg, [value])
    assert text_of(result.response).startswith("Move played."), text_of(result.response)
    assert "your private view" in text_of(result.response) and result.response.attachments, \
        "the answer to a move is the player's updated hand"
    remember_answer(member, result)
    return value


async def test_challenge_played_to_the_end_by_buttons_and_slash(world):
    env, guild, channel, alice, bob, carol = world
    thread = await start_challenge(channel, alice, bob)
    first = thread.history()[0]
    assert "begins" in text_of(first) and first.attachments, "the first board is posted with an image"
    members = [alice, bob]
    for turn in range(6):  # 2 players x 3 cards
        mover = await to_move(env, members)
        if turn % 2 == 0:
            await play_by_dm(mover)
        else:
            match = await current_match(env)
            seat = match.seat_of(mover.id)
            card = match.snapshot["hands"][seat][0]
            choices = await mover.autocomplete(thread, "match move", "action", "")
            assert f"play:{card}" in [c["value"] for c in choices]
            r = await mover.slash(thread, "match move", action=f"play:{card}")
            assert r.ephemeral and text_of(r.response).startswith("Move played.")
    match = await current_match(env)
    assert match.status == "finished" and match.version == 6
    final = thread.history()[-1]
    assert "Game over" in text_of(final)
    winner_names = [["alice", "bob"][0] if match.user_at(w).user_id == alice.id else "bob"
                    for w in match.result["winners"]]
    assert all(n in text_of(final) for n in winner_names)
    # the log is the truth: replaying it from the seed gives the stored snapshot
    assert await env.bot.service.replay(match.id) == match.snapshot
    # the thread got one board per move plus the opening board
    boards = [m for m in thread.history() if m.attachments]
    assert len(boards) == 7


async def test_open_table_join_leave_start(world):
    env, guild, channel, alice, bob, carol = world
    r = await alice.slash(channel, "match new", game="testgame", players=3)
    assert "open" in text_of(r.response)
    lobby = channel.history()[-1]
    r = await alice.click(lobby, label="Start")
    assert "at least 2" in text_of(r.response)
    await bob.click(lobby, label="Join")
    r = await bob.click(lobby, label="Join")
    assert text_of(r.response) == "You are already at this table."
    r = await bob.click(lobby, label="Start")
    assert "Only the player who opened" in text_of(r.response)
    await carol.click(lobby, label="Join")  # third seat: the table is full and starts itself
    match = await current_match(env)
    assert match.status == "active" and len(match.seats) == 3
    assert sorted(s.user_id for s in match.seats) == sorted([alice.id, bob.id, carol.id])
    assert thread_of(channel).history()[0].attachments


async def test_cancel_and_decline(world):
    env, guild, channel, alice, bob, carol = world
    await alice.slash(channel, "match new", game="testgame", opponent=bob)
    r = await carol.slash(channel, "match cancel", match=1)
    assert "Only the match's creator" in text_of(r.response)
    r = await bob.click(channel.history()[-1], label="Decline")
    assert (await current_match(env)).status == "cancelled"
    assert "declined" in text_of(channel.history()[-1])


async def test_restart_mid_match_old_buttons_still_work(world, make_bot):
    env, guild, channel, alice, bob, carol = world
    thread = await start_challenge(channel, alice, bob)
    mover = await to_move(env, [alice, bob])
    # a hand shown in the thread before the moves (its menus go out of date)
    stale = (await mover.click(thread.history()[-1], label="Show my hand")).response.message
    await play_by_dm(mover)
    old_board = thread.history()[-1]

    await env.restart_bot(make_bot())  # same database file, a brand-new bot process

    # the button on a board posted before the restart answers from the database
    other = await to_move(env, [alice, bob])
    r = await other.click(old_board, label="Show my hand")
    assert r.ephemeral and r.response.attachments
    menu = select_of(r.response.message)
    assert menu is not None
    r2 = await other.select(r.response.message, [menu.options[0].value])
    assert text_of(r2.response).startswith("Move played.")
    assert (await current_match(env)).version == 2
    # a menu from before the last moves is recognised as stale and changes nothing
    r3 = await mover.select(stale, [select_of(stale).options[1].value])
    assert "out of date" in said(r3)
    assert (await current_match(env)).version == 2


async def test_closed_dms_player_finishes_with_show_my_hand(world):
    env, guild, channel, alice, bob, carol = world
    dm_id = bob.user.dm_channel.id
    env.inject_error("POST", f"/channels/{dm_id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    thread = await start_challenge(channel, alice, bob)
    notices = [m for m in thread.history() if "your DMs are closed" in text_of(m)]
    assert len(notices) == 1 and bob.mention in text_of(notices[0])
    match = await current_match(env)
    assert not match.user_at(match.seat_of(bob.id)).dm_ok
    while (await current_match(env)).status == "active":
        mover = await to_move(env, [alice, bob])
        if mover is bob:
            r = await bob.click(thread.history()[-1], label="Show my hand")
            assert r.ephemeral and r.response.attachments
            menu = select_of(r.response.message)
            r2 = await bob.select(r.response.message, [menu.options[0].value])
            assert text_of(r2.response).startswith("Move played.")
        else:
            await play_by_dm(alice)
    assert (await current_match(env)).status == "finished"
    # DMs to the closed seat stopped after the first failure: only one notice in the thread
    assert len([m for m in thread.history() if "your DMs are closed" in text_of(m)]) == 1


async def test_fifty_simultaneous_clicks_apply_once(world, monkeypatch):
    env, guild, channel, alice, bob, carol = world
    thread = await start_challenge(channel, alice, bob)
    mover = await to_move(env, [alice, bob])
    msg = dm_with_moves(mover)
    value = select_of(msg).options[0].value

    # simcord settles the bot after every click; holding settlement back for 50 clicks puts
    # all 50 interactions in flight at once, as 50 fast clicks would be on Discord.
    real_settle = env._settle_internal

    async def no_settle(*a, **k):
        return None

    monkeypatch.setattr(env, "_settle_internal", no_settle)
    results = [await mover.user.select(msg, [value]) for _ in range(50)]
    monkeypatch.setattr(env, "_settle_internal", real_settle)
    await env.settle()

    match = await current_match(env)
    assert match.version == 1
    assert len(await env.bot.store.actions(match.id)) == 1
    answers = [said(r) for r in results]
    assert sum(a.startswith("Move played.") for a in answers) == 1
    assert all("out of date" in a or "not your turn" in a for a in answers if not a.startswith("Move played."))


async def test_non_player_changes_nothing(world):
    env, guild, channel, alice, bob, carol = world
    thread = await start_challenge(channel, alice, bob)
    r = await carol.click(thread.history()[-1], label="Show my hand")
    assert r.ephemeral and "not playing" in text_of(r.response)
    r = await carol.slash(thread, "match move", action="play:c1", match=1)
    assert r.ephemeral and "not playing" in text_of(r.response)
    mover = await to_move(env, [alice, bob])
    waiting = bob if mover is alice else alice
    r = await waiting.slash(thread, "match move", action="play:c1")
    assert r.ephemeral and "not your turn" in text_of(r.response)
    r = await mover.slash(thread, "match move", action="play:c999")
    assert r.ephemeral and "do not hold" in text_of(r.response)
    assert (await current_match(env)).version == 0


async def test_no_channel_message_or_image_reveals_a_hand(world):
    env, guild, channel, alice, bob, carol = world
    thread = await start_challenge(channel, alice, bob)
    rules = testgame.RULES
    while (await current_match(env)).status == "active":
        await play_by_dm(await to_move(env, [alice, bob]))
    match = await current_match(env)
    log = await env.bot.store.actions(match.id)
    names = await env.bot.presenter.seat_names(match)
    # rebuild the state at every version; check each board message against it
    states = [rules.setup(2, match.options, match.seed)]
    for _seq, seat, action, _at in log:
        states.append(rules.apply(states[-1], seat, action)[0])
    boards = [m for m in thread.history() if m.attachments]
    assert len(boards) == len(states)
    for message, state in zip(boards, states):
        held = {c for hand in state["hands"] for c in hand}
        words = set(re.findall(r"c\d+", text_of(message)))
        assert not (words & held), f"a hidden card is named in the thread: {words & held}"
        posted = await message.attachments[0].read()
        assert posted == testgame.render_board(rules.view(state, None), names), \
            "the public image must be drawn from the public view"
        assert not held & set(json.dumps(rules.view(state, None)).replace('"', " ").split())


async def test_match_over_and_list(world):
    env, guild, channel, alice, bob, carol = world
    thread = await start_challenge(channel, alice, bob)
    r = await alice.slash(channel, "match list")
    assert "#1" in text_of(r.response)
    r = await alice.slash(thread, "match resign")
    assert "resigned" in text_of(r.response)
    match = await current_match(env)
    assert match.status == "finished" and match.result["winners"] == [match.seat_of(bob.id)]
    r = await bob.slash(thread, "match move", action="play:c1", match=1)
    assert "over" in text_of(r.response)


async def test_against_the_computer(world):
    env, guild, channel, alice, bob, carol = world
    r = await alice.slash(channel, "match new", game="testgame", opponent=bot_handle(env))
    match = await current_match(env)
    assert match.status == "active" and any(s.is_ai for s in match.seats)
    while (await current_match(env)).status == "active":
        await play_by_dm(alice)
    assert (await current_match(env)).version == 6


def _walk(commands):
    for cmd in commands:
        yield cmd
        if isinstance(cmd, discord.app_commands.Group):
            yield from _walk(cmd.commands)


async def test_synced_command_tree_is_valid(world):
    env = world[0]
    tree = env.bot.tree
    top = tree.get_commands()
    assert 0 < len(top) <= 100
    name_ok = re.compile(r"^[-_a-z0-9]{1,32}$")
    for cmd in _walk(top):
        assert name_ok.match(cmd.name), cmd.name
        assert 1 <= len(cmd.description) <= 100, cmd.qualified_name
        if isinstance(cmd, discord.app_commands.Group):
            assert len(cmd.commands) <= 25
            continue
        assert len(cmd.parameters) <= 25
        for p in cmd.parameters:
            assert name_ok.match(p.name) and 1 <= len(p.description) <= 100, (cmd.qualified_name, p.name)
            assert len(p.choices) <= 25
        # a required option never follows an optional one
        required = [p.required for p in cmd.parameters]
        assert required == sorted(required, reverse=True), cmd.qualified_name
    payload = json.dumps([c.to_dict(tree) for c in top])
    assert len(payload) < 8000 * len(top)
    listed = set(world[3].available_commands(world[2]))
    assert {"match new", "match move", "match hand", "help"} <= listed


async def test_help(world):
    env, guild, channel, alice, *_ = world
    r = await alice.slash(channel, "help")
    assert r.ephemeral and "/match new" in text_of(r.response)

