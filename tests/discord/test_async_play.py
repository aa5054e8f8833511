"""Asynchronous play through the real bot in simcord, on virtual time: clocks, reminders,
out-of-time choices, restarts, handing a seat to the computer, undo, rematch, spectators,
the move log and the replay GIF."""
from __future__ import annotations

import io

import discord
import pytest
from PIL import Image

from matches import UserError
from matches.clock import DAY, HOUR
from render.replay import SIZE_LIMIT
from tests.discord.helpers import (SIMCORD_EPOCH, buttons, current_match, last_dm, start_challenge, thread_of,
                                   to_move, with_button)
from tests.discord.helpers import text_of



@pytest.fixture
def simcord_bot(make_bot, virtual_clock):
    return make_bot(clock=virtual_clock)


async def move_first_card(env, member, thread, match_id=1):
    match = await current_match(env, match_id)
    seat = match.seat_of(member.id)
    card = match.snapshot["hands"][seat][0]
    r = await member.slash(thread, "match move", action=f"play:{card}", match=match_id)
    assert text_of(r.response).startswith("Move played."), text_of(r.response)


async def test_deadline_reminder_then_claim_the_win(play):
    env, guild, channel, alice, bob, carol = play
    finished = []

    async def listener(match):
        finished.append(match.result)
    env.bot.service.finish_listeners.append(listener)

    thread = await start_challenge(channel, alice, bob, clock="move-24h")
    match = await current_match(env)
    assert match.meta["clock"]["kind"] == "move"
    board = thread.history()[0]
    deadline = int(SIMCORD_EPOCH + DAY)
    assert f"<t:{deadline}:R>" in text_of(board), text_of(board)
    mover = await to_move(env, [alice, bob])
    waiter = bob if mover is alice else alice
    dms_before = len(mover.user.dm_channel.history())

    await env.advance_time(12 * HOUR - 60)  # the first reminder is 12 h before the deadline
    assert len(mover.user.dm_channel.history()) == dms_before, "no reminder before its time"
    await env.advance_time(61)
    assert "Reminder" in text_of(last_dm(mover)) and f"<t:{deadline}:R>" in text_of(last_dm(mover))
    assert with_button(thread, "Claim the win") is None

    await env.advance_time(12 * HOUR)
    notice = with_button(thread, "Claim the win")
    assert notice is not None and "out of time" in text_of(notice) and "Keep waiting" in buttons(notice)
    assert mover.mention in text_of(notice) and waiter.mention in text_of(notice)

    r = await mover.click(notice, label="Claim the win")
    assert "your own seat" in text_of(r.response)
    r = await waiter.click(notice, label="Keep waiting")
    assert "keep waiting" in text_of(r.response).lower()
    assert (await current_match(env)).status == "active"
    r = await waiter.click(notice, label="Claim the win")
    assert text_of(r.response).startswith("You win")
    match = await current_match(env)
    assert match.status == "finished" and match.result["winners"] == [match.seat_of(waiter.id)]
    assert match.result["timeout"] == [match.seat_of(mover.id)]
    assert finished and finished[0]["winners"] == match.result["winners"], "ratings hear of the result"
    notice = next(m for m in thread.history() if m.id == notice.id)
    assert buttons(notice) == [] and "the win was claimed" in text_of(notice)
    final = thread.history()[-1]
    assert "Game over" in text_of(final) and "Rematch" in buttons(final)


async def test_a_move_in_time_cancels_the_deadline(play):
    env, guild, channel, alice, bob, carol = play
    thread = await start_challenge(channel, alice, bob, clock="move-24h")
    first = await to_move(env, [alice, bob])
    await env.advance_time(20 * HOUR)
    await move_first_card(env, first, thread)
    await env.advance_time(5 * HOUR)  # past the first turn's deadline, within the second's
    assert with_button(thread, "Claim the win") is None
    await env.advance_time(20 * HOUR)
    notice = with_button(thread, "Claim the win")
    assert notice is not None and first.mention not in text_of(notice).split("is out of time")[0]
    second = await to_move(env, [alice, bob])
    await move_first_card(env, second, thread)
    notice = next(m for m in thread.history() if m.id == notice.id)
    assert buttons(notice) == [] and "they moved in time" in text_of(notice)


async def test_restart_between_reminder_and_deadline_fires_the_deadline_once(play, make_bot, virtual_clock):
    env, guild, channel, alice, bob, carol = play
    thread = await start_challenge(channel, alice, bob, clock="move-24h")
    mover = await to_move(env, [alice, bob])
    await env.advance_time(12 * HOUR + 1)
    assert "Reminder" in text_of(last_dm(mover))

    await env.restart_bot(make_bot(clock=virtual_clock))  # same database, a new process

    def notices():
        return [m for m in thread_of(channel).history() if "out of time" in text_of(m)]
    await env.advance_time(12 * HOUR - 120)
    assert notices() == [], "the deadline must not fire early"
    await env.advance_time(121)
    assert len(notices()) == 1
    await env.advance_time(3 * DAY)
    assert len(notices()) == 1, "a deadline fires exactly once"
    timers = await env.bot.store.pending_timers(1)
    assert timers == []


async def test_vote_hands_the_seat_to_the_computer_who_finishes(play):
    env, guild, channel, alice, bob, carol = play
    thread = await start_challenge(channel, alice, bob, carol, clock="move-24h")
    members = [alice, bob, carol]
    absent = await to_move(env, members)
    voters = [m for m in members if m is not absent]

    await env.advance_time(DAY + 1)
    notice = with_button(thread, "Let the computer play")
    assert notice is not None and "Claim the win" not in buttons(notice)
    r = await absent.click(notice, label="Let the computer play")
    assert "your own seat" in text_of(r.response)
    r = await voters[0].click(notice, label="Let the computer play")
    assert text_of(r.response) == "Your vote is counted."
    assert not (await current_match(env)).user_at((await current_match(env)).seat_of(absent.id)).is_ai
    r = await voters[1].click(notice, label="Let the computer play")
    assert text_of(r.response) == "The computer now plays that seat."
    match = await current_match(env)
    seat = next(s.seat for s in match.seats if s.user_id == absent.id)
    assert match.user_at(seat).is_ai and match.meta["absent"] == [seat]
    notice = next(m for m in thread.history() if m.id == notice.id)
    assert buttons(notice) == [] and "the computer plays this seat" in text_of(notice)
    assert match.version >= 1, "the computer moved for the absent player at once"

    while (await current_match(env)).status == "active":
        mover = await to_move(env, voters)
        await move_first_card(env, mover, thread)
    match = await current_match(env)
    assert match.version == 9
    assert seat not in match.result["winners"] and match.result["absent"] == [seat]
    assert await env.bot.service.replay(match.id) == match.snapshot


async def test_absent_player_takes_the_seat_back(play):
    env, guild, channel, alice, bob, carol = play
    thread = await start_challenge(channel, alice, bob, carol, clock="move-24h")
    members = [alice, bob, carol]
    absent = await to_move(env, members)
    await env.advance_time(DAY + 1)
    notice = with_button(thread, "Let the computer play")
    for voter in [m for m in members if m is not absent]:
        await voter.click(notice, label="Let the computer play")
    board = with_button(thread, "Take my seat back")
    assert board is not None
    r = await absent.slash(thread, "match return")
    assert "again" in text_of(r.response)
    match = await current_match(env)
    assert match.seat_of(absent.id) is not None and match.meta["absent"] == []


async def test_undo_approved_and_refused_after_a_draw(play):
    env, guild, channel, alice, bob, carol = play
    await env.bot.service.create(game="testgame", guild_id=guild.id, channel_id=channel.id, creator_id=alice.id,
                                 invited=[bob.id], accepted=True, options={"draw": True}, clock="none")
    await env.settle()
    thread = thread_of(channel)
    first = await to_move(env, [alice, bob])
    second = bob if first is alice else alice
    start = (await current_match(env)).snapshot

    r = await first.slash(thread, "match undo")
    assert "no move to take back" in text_of(r.response)
    await move_first_card(env, first, thread)
    r = await first.slash(thread, "match undo")
    assert text_of(r.response).startswith("Asked")
    ask = with_button(thread, "Allow the take-back")
    assert ask is not None and second.mention in text_of(ask)
    r = await first.click(ask, label="Allow the take-back")
    assert "other players decide" in text_of(r.response)
    r = await second.click(ask, label="Allow the take-back")
    assert text_of(r.response) == "Approved: the move was taken back."
    match = await current_match(env)
    assert match.snapshot == start and match.version == 2
    assert [a[2] for a in await env.bot.store.actions(1)][-1] == "undo", "the undo is a log row"
    assert await env.bot.service.replay(1) == match.snapshot
    ask = next(m for m in thread.history() if m.id == ask.id)
    assert buttons(ask) == [] and "the move was taken back" in text_of(ask), "a settled question loses its buttons"
    with pytest.raises(UserError, match="out of date"):  # an old button, clicked before its edit arrived
        await env.bot.service.answer_undo(1, second.id, 1, True)

    r = await first.slash(thread, "match move", action="draw")
    assert text_of(r.response).startswith("Move played.")
    r = await first.slash(thread, "match undo")
    assert "drew" in text_of(r.response) and "cannot be taken back" in text_of(r.response)
    await move_first_card(env, second, thread)
    r = await first.slash(thread, "match undo")
    assert "Another player has moved since" in text_of(r.response)
    r = await second.slash(thread, "match undo")
    assert text_of(r.response).startswith("Asked")
    refuse = with_button(thread, "Refuse")
    r = await first.click(refuse, label="Refuse")
    assert text_of(r.response) == "The move stays."
    refuse = next(m for m in thread.history() if m.id == refuse.id)
    assert buttons(refuse) == [] and "the move stays" in text_of(refuse)
    match = await current_match(env)
    assert match.version == 4 and await env.bot.service.replay(1) == match.snapshot


async def test_spectator_sees_the_board_but_no_hand(play):
    env, guild, channel, alice, bob, carol = play
    thread = await start_challenge(channel, alice, bob)
    r = await carol.slash(channel, "match watch", match=1)
    assert "watching match #1" in text_of(r.response)
    assert carol.id in env.backend.channels[thread.id].thread_members
    assert any(m.attachments for m in thread.history(viewer=carol)), "the spectator sees the board"
    r = await carol.click(thread.history()[-1], label="Show my hand")
    assert "not playing" in text_of(r.response) and not r.response.attachments
    r = await carol.slash(thread, "match move", action="play:c1", match=1)
    assert "not playing" in text_of(r.response)
    r = await carol.slash(thread, "match undo", match=1)
    assert "not playing" in text_of(r.response)
    assert (await current_match(env)).version == 0


async def test_rematch_swaps_the_first_player(play):
    env, guild, channel, alice, bob, carol = play
    thread = await start_challenge(channel, alice, bob)
    first = await to_move(env, [alice, bob])
    await move_first_card(env, first, thread)
    await alice.slash(thread, "match resign")
    final = thread_of(channel).history()[-1]
    assert "Rematch" in buttons(final)
    r = await carol.click(final, label="Rematch")
    assert "Only the players" in text_of(r.response)
    r = await bob.click(final, label="Rematch")
    assert "Rematch #2 has started" in text_of(r.response)
    old, new = await current_match(env, 1), await current_match(env, 2)
    assert new.status == "active" and new.options["first_player"] == 1
    assert [s.user_id for s in new.seats] == [s.user_id for s in old.seats]
    assert (await to_move(env, [alice, bob], match_id=2)) is not first
    r = await alice.click(final, label="Rematch")
    assert "already started" in text_of(r.response)


async def test_log_and_replay_gif(play):
    env, guild, channel, alice, bob, carol = play
    thread = await start_challenge(channel, alice, bob)
    while (await current_match(env)).status == "active":
        await move_first_card(env, await to_move(env, [alice, bob]), thread)
    r = await alice.slash(thread, "match log")
    lines = [l for l in text_of(r.response).splitlines() if l[:1].isdigit()]
    assert len(lines) == 6 and all("played c" in l for l in lines)
    r = await carol.slash(thread, "match replay", match=1)
    gif = r.response.attachments[0]
    data = await gif.read()
    assert gif.filename.endswith(".gif") and len(data) < SIZE_LIMIT
    image = Image.open(io.BytesIO(data))
    assert image.n_frames == 7, "the opening board and one frame per turn (each move here is a turn)"


async def test_settings_set_the_defaults_of_new_matches(play):
    env, guild, channel, alice, bob, carol = play
    admin_role = guild.create_role("admins", permissions=discord.Permissions(manage_guild=True))
    admin = guild.add_member(env.create_user("dana"), roles=[admin_role])
    other = guild.create_text_channel("elsewhere")
    assert "settings clock" not in alice.available_commands(channel), "Manage Server only"
    assert "settings clock" in admin.available_commands(channel)
    r = await admin.slash(channel, "settings clock", clock="bank-3d")
    assert "Time bank: 3 days" in text_of(r.response)
    await admin.slash(channel, "settings threads", enabled=False)
    await admin.slash(channel, "settings reminders", before="2h")
    await admin.slash(channel, "settings channels", change="add")
    r = await alice.slash(other, "match new", game="testgame", opponent=bob)
    assert "cannot be started in this channel" in text_of(r.response)
    await start_challenge(channel, alice, bob, in_thread=False)
    match = await current_match(env)
    assert match.thread_id is None and channel.threads == []
    assert match.meta["clock"]["kind"] == "bank" and match.meta["clock"]["reminders"] == [2 * HOUR]
    assert "<t:" in text_of(channel.history()[-1]), "the board in the channel shows the deadline"


async def test_take_back_button_under_a_time_bank_returns_no_bonus(play):
    env, guild, channel, alice, bob, carol = play
    thread = await start_challenge(channel, alice, bob, clock="bank-3d")
    first = await to_move(env, [alice, bob])
    second = bob if first is alice else alice
    seat = (await current_match(env)).seat_of(first.id)
    assert "Take back my move" not in buttons(thread.history()[-1]), "nothing to take back at the start"
    await env.advance_time(DAY)
    await move_first_card(env, first, thread)
    board = thread.history()[-1]
    assert "Take back my move" in buttons(board)
    assert (await current_match(env)).meta["clock"]["banks"][str(seat)] == 3 * DAY  # 3 - 1 + 1 day
    r = await second.click(board, label="Take back my move")
    assert "no move to take back" in text_of(r.response), "only the player who moved can ask"
    r = await first.click(board, label="Take back my move")
    assert text_of(r.response).startswith("Asked")
    await env.advance_time(5 * HOUR)  # the opponent takes a while to answer: not charged
    r = await second.click(with_button(thread, "Allow the take-back"), label="Allow the take-back")
    assert text_of(r.response) == "Approved: the move was taken back."
    clock = (await current_match(env)).meta["clock"]
    assert clock["banks"][str(seat)] == 2 * DAY, "the day used stays used; the bonus is taken back"
    assert clock["deadlines"][str(seat)] == SIMCORD_EPOCH + DAY + 5 * HOUR + 2 * DAY
    board = next(m for m in thread.history() if m.id == board.id)
    assert not buttons(board), "a superseded board keeps no live button (a stale click is refused anyway)"
