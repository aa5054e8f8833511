"""Asynchronous play with the real games, through the real bot in simcord on virtual time:
Battle Line (two players and the three-player variant) and Battalia.

Move deadlines and reminders, a restart between a reminder and its deadline, the vote that
hands an absent player's seat to the computer, undo, spectators, rematch, the move log and the
replay GIF. Whole games are played with the seeded test player of `players` (Battle Line)
and the engines' own computer player, so a match seed (`seeded`) fixes a whole game; the seeds
below were picked by playing the games with the engines alone.
"""
from __future__ import annotations

import io
import re

import discord
import pytest
from PIL import Image, ImageChops

from cogs.replay import PER_USER_EVERY as REPLAY_EVERY
from cogs.replay import gate_for
from cogs.ui import paths
from engine.base import name_seats
from engine.battalia import RULES as BATTALIA
from engine.battleline import RULES
from engine.battleline.cards import TACTIC_IDS, TROOP_IDS
from matches.clock import DAY, HOUR
from render import battleline as bl_render
from render import replay as replay_render
from render.replay import SIZE_LIMIT
from tests.render.test_replay import frames_of
from tests.discord.harness import HandSource, due, move_by_command, move_by_components, names_item, seeded
from tests.discord.helpers import (SIMCORD_EPOCH, bot_handle, buttons, current_match, last_dm, replayed_states,
                                   start_challenge, thread_of, toolkit_components, turns_in, with_button)
from tests.discord.helpers import text_of
from tests.discord.players import battleline_choose as choose

EXTENSIONS = ("cogs.matches", "cogs.battleline", "cogs.battalia")
ALL_CARDS = TROOP_IDS + TACTIC_IDS

# `seeded(env, k)` values (see the module docstring)
SEAT_ONE_STARTS = 0      # two players: seat 1 plays first (the rematch must hand the start to seat 0)
SPECTATED_GAME = 1       # two people: any game will do, as long as it is the same every time
THREE_PLAYER_GAME = 24   # three players, the first to move is voted out: the computer plays his seat to a
                         # win on the board (37 moves), so the "absent player never wins" rule has to act
COMPUTER_GAME = 5        # alice against the computer: a complete two-player game of 75 moves
BATTALIA_BATTLE = 140    # two people, weeks=5: at move 56 the second player attacks the first one's hero


# ---------------------------------------------------------------------- fixtures

@pytest.fixture
def simcord_bot(make_bot, virtual_clock):
    return make_bot(extensions=EXTENSIONS, clock=virtual_clock)


# ---------------------------------------------------------------------- helpers

def dms(member) -> list[discord.Message]:
    return member.user.dm_channel.history()


def reminders(member) -> list[discord.Message]:
    return [m for m in dms(member) if "Reminder" in text_of(m)]


def out_of_time_notices(channel) -> list[discord.Message]:
    return [m for m in channel.history() if "is out of time" in text_of(m)]


async def board_names(env, match) -> list[str]:
    return await env.bot.presenter.seat_names(match)


async def public_board(env, match, state: dict) -> bytes:
    """The picture of `state` as the thread shows it (drawn from the public view only)."""
    return bl_render.render_board(RULES.view(state, None), await board_names(env, match))


async def play_battleline_turn(env, members, thread, source: HandSource | None = None) -> None:
    """One move of our seeded test player: by the /battleline command for it, or, given the
    player's HandSource, by the buttons and step menus on his private hand message."""
    match, seat, member = await due(env, members)
    assert member is not None, "a computer seat was left to move"
    action = choose(match.snapshot, seat, match.seed + match.version)
    if source is not None:
        assert source.member is member
        await move_by_components(env.bot, source, match, seat, action)
    else:
        await move_by_command(member, thread, match, seat, action)
    assert (await current_match(env)).version > match.version


async def play_battleline_turns(env, members, thread, moves: int) -> None:
    for _ in range(moves):
        await play_battleline_turn(env, members, thread)


async def assert_only_public(env, match, messages, name_lists: list[list[str]], image_every: int = 1) -> int:
    """No message names a card that was in a hand when it was posted (a message without a board
    names no card at all), and every picture is the public board of its move, drawn with one of
    `name_lists` (a seat the computer took over is named anew). Returns the boards checked."""
    states = await replayed_states(env, match)
    boards = 0
    for message in messages:
        found = re.search(r"· move (\d+)", text_of(message))
        if found is None:  # lobby, questions, votes, answers: no card at all, no picture
            assert not [c for c in ALL_CARDS if names_item("battleline", text_of(message), c)], text_of(message)
            assert not message.attachments, text_of(message)[:80]
            continue
        state = states[int(found.group(1))]
        held = {c for hand in state["hands"] for c in hand}
        assert not [c for c in held if names_item("battleline", text_of(message), c)], text_of(message)
        for attachment in message.attachments:
            assert "hand" not in attachment.filename, attachment.filename
            if boards % image_every == 0:
                posted = await attachment.read()
                assert posted in [bl_render.render_board(RULES.view(state, None), names) for names in name_lists], \
                    f"the picture at {text_of(message)[:60]!r} is not the public board"
            boards += 1
    return boards


gif_frames = frames_of  # every frame of a GIF, as RGB pictures


def difference(frame: Image.Image, png: bytes, canvas_width: int) -> float:
    """Mean absolute pixel difference between a replay frame and a board. The board sits at the
    top left of the frame, under the caption, on a canvas `canvas_width` wide before scaling."""
    board = Image.open(io.BytesIO(png)).convert("RGB")
    scale = frame.width / canvas_width
    caption = round(replay_render.CAPTION_HEIGHT * scale)
    box = (0, caption, min(frame.width, round(board.width * scale)), min(frame.height, caption + round(board.height * scale)))
    picture = frame.crop(box).resize(board.size)
    histogram = ImageChops.difference(picture, board).convert("L").histogram()
    return sum(value * count for value, count in enumerate(histogram)) / (board.width * board.height)


def assert_frames_show(frames: list[Image.Image], first: bytes, last: bytes) -> None:
    """The replay opens on the opening board and ends on the final one; every frame has the
    same size, and nothing of either board is cut off."""
    assert len({f.size for f in frames}) == 1, "all frames have one size"
    sizes = [Image.open(io.BytesIO(png)).size for png in (first, last)]
    width = max(w for w, _h in sizes)  # Battle Line boards are all as wide
    frame_height = frames[0].height * width / frames[0].width
    assert frame_height >= max(h for _w, h in sizes) + replay_render.CAPTION_HEIGHT - 2, "a board is cut off"
    assert difference(frames[0], first, width) < difference(frames[0], last, width), "the first frame is not the opening board"
    assert difference(frames[-1], last, width) < difference(frames[-1], first, width), "the last frame is not the final board"


async def assert_streamed_views_are_the_public_views(service, match_id: int) -> None:
    """The replay's walk over the log gives the same views as `public_views`, undo rows and the
    recorded result included, and only those asked for."""
    views = await service.public_views(match_id)
    boards, stream = await service.public_view_stream(match_id)
    assert boards == len(views)
    assert list(stream(range(boards))) == list(enumerate(views))
    some = [0, 1, boards // 2, boards - 1]
    assert list(stream(some)) == [(n, views[n]) for n in sorted(set(some))]
    assert list(stream([boards // 3])) == [(boards // 3, views[boards // 3])]


# ---------------------------------------------------------------------- 1. deadline, reminders, claim

async def test_battleline_deadline_reminds_in_time_then_the_opponent_claims_the_win(play):
    env, guild, channel, alice, bob, carol = play
    thread = await start_challenge(channel, alice, bob, game="battleline", clock="move-24h")
    match, seat, mover = await due(env, [alice, bob])
    waiter = bob if mover is alice else alice
    assert match.game == "battleline" and match.meta["clock"]["kind"] == "move"
    deadline = int(SIMCORD_EPOCH + DAY)
    opening = thread.history()[0]
    assert opening.attachments and f"<t:{deadline}:R>" in text_of(opening) and mover.mention in text_of(opening)
    mover_dms, waiter_dms = len(dms(mover)), len(dms(waiter))

    await env.advance_time(12 * HOUR - 60)  # the first reminder is due 12 h before the deadline
    assert len(dms(mover)) == mover_dms, "no reminder before its time"
    await env.advance_time(61)
    assert len(reminders(mover)) == 1
    reminder = last_dm(mover)
    assert f"<t:{deadline}:R>" in text_of(reminder) and "Battle Line" in text_of(reminder)
    assert f"<#{thread.id}>" in text_of(reminder), "the reminder links the match's thread"
    await env.advance_time(11 * HOUR - 2)  # the second reminder is due 1 h before the deadline
    assert len(reminders(mover)) == 1
    await env.advance_time(2)
    assert len(reminders(mover)) == 2
    assert with_button(thread, "Claim the win") is None, "not out of time yet"

    await env.advance_time(HOUR - 60)
    assert out_of_time_notices(thread) == [], "the deadline must not fire early"
    await env.advance_time(61)
    assert len(out_of_time_notices(thread)) == 1
    notice = with_button(thread, "Claim the win")
    assert notice is not None and "Keep waiting" in buttons(notice)
    assert text_of(notice).index(mover.mention) < text_of(notice).index("is out of time") < \
        text_of(notice).index(waiter.mention)
    assert len(dms(waiter)) == waiter_dms, "the player who is not to move gets no reminder"

    r = await mover.click(notice, label="Claim the win")
    assert "your own seat" in text_of(r.response)
    r = await waiter.click(with_button(thread, "Keep waiting"), label="Keep waiting")
    assert "keep waiting" in text_of(r.response).lower()
    assert (await current_match(env)).status == "active"
    r = await waiter.click(with_button(thread, "Claim the win"), label="Claim the win")
    assert text_of(r.response).startswith("You win"), text_of(r.response)

    match = await current_match(env)
    assert match.status == "finished" and match.version == 0
    assert match.result["winners"] == [match.seat_of(waiter.id)] and match.result["timeout"] == [seat]
    assert await env.bot.store.pending_timers(match.id) == []
    final = thread.history()[-1]
    names = await board_names(env, match)
    assert "Game over" in text_of(final) and f"{names[match.seat_of(waiter.id)]} wins" in text_of(final)
    assert "Rematch" in buttons(final)
    assert await final.attachments[0].read() == await public_board(env, match, match.snapshot)
    await mover.slash(thread, "battleline play", card=match.snapshot["hands"][seat][0], flag=1)
    assert (await current_match(env)).version == 0, "no move after the win was claimed"


# ---------------------------------------------------------------------- 2. restart

async def test_battleline_restart_between_reminder_and_deadline_fires_the_deadline_once(play, make_bot,
                                                                                       virtual_clock):
    env, guild, channel, alice, bob, carol = play
    r = await alice.slash(channel, "battleline challenge", opponent=bob)  # the server's clock: 24 h a move
    assert "Challenge #1" in text_of(r.response), text_of(r.response)
    await bob.click(with_button(channel, "Accept"), label="Accept")
    thread = thread_of(channel)
    match, seat, mover = await due(env, [alice, bob])
    waiter = bob if mover is alice else alice
    assert match.meta["clock"]["preset"] == "move-24h"
    await env.advance_time(12 * HOUR + 1)
    assert len(reminders(mover)) == 1

    await env.restart_bot(make_bot(extensions=EXTENSIONS, clock=virtual_clock))  # same database, new process

    await env.advance_time(11 * HOUR - 2)
    assert len(reminders(mover)) == 1, "the 1 h reminder must not come early"
    await env.advance_time(2)
    assert len(reminders(mover)) == 2, "the new process sends the 1 h reminder"
    await env.advance_time(HOUR - 120)
    assert out_of_time_notices(thread) == [], "the deadline must not fire early"
    await env.advance_time(121)
    assert len(out_of_time_notices(thread)) == 1
    await env.advance_time(3 * DAY)
    assert len(out_of_time_notices(thread)) == 1, "a deadline fires exactly once"
    assert len(reminders(mover)) == 2 and await env.bot.store.pending_timers(match.id) == []

    # the notice posted by the new process answers its buttons, and the claim ends the match
    r = await waiter.click(with_button(thread, "Claim the win"), label="Claim the win")
    assert text_of(r.response).startswith("You win"), text_of(r.response)
    match = await current_match(env)
    assert match.status == "finished" and match.result["winners"] == [match.seat_of(waiter.id)]
    assert match.result["timeout"] == [seat]


# ---------------------------------------------------------------------- 3. three players: the computer takes a seat

async def test_three_player_battleline_the_computer_plays_an_absent_seat_to_the_end(play):
    env, guild, channel, alice, bob, carol = play
    seeded(env, THREE_PLAYER_GAME)
    r = await alice.slash(channel, "battleline challenge", opponent=bob, opponent2=carol)
    assert "Challenge #1" in text_of(r.response), text_of(r.response)
    await bob.click(with_button(channel, "Accept"), label="Accept")
    await carol.click(with_button(channel, "Accept"), label="Accept")
    thread = thread_of(channel)
    members = [alice, bob, carol]
    match, seat, absent = await due(env, members)
    voters = [m for m in members if m is not absent]
    assert len(match.seats) == 3 and match.meta["clock"]["kind"] == "move"
    names_before = await board_names(env, match)

    await env.advance_time(DAY + 1)
    notice = with_button(thread, "Let the computer play")
    assert notice is not None and "Claim the win" not in buttons(notice) and "Keep waiting" in buttons(notice)
    assert absent.mention in text_of(notice) and all(v.mention in text_of(notice) for v in voters)
    r = await absent.click(notice, label="Let the computer play")
    assert "your own seat" in text_of(r.response)
    r = await voters[0].click(with_button(thread, "Let the computer play"), label="Let the computer play")
    assert text_of(r.response) == "Your vote is counted."
    match = await current_match(env)
    assert not match.user_at(seat).is_ai and match.version == 0, "one vote of two does not decide"
    r = await voters[1].click(with_button(thread, "Let the computer play"), label="Let the computer play")
    assert text_of(r.response) == "The computer now plays that seat."
    match = await current_match(env)
    assert match.user_at(seat).is_ai and match.user_at(seat).user_id == absent.id and match.meta["absent"] == [seat]
    log = await env.bot.store.actions(match.id)
    assert match.version >= 1 and log[0][1] == seat, "the computer moved for the absent player at once"
    assert with_button(thread, "Take my seat back") is not None

    # the two people play on, by commands and by their hand menus; the computer answers for the absent seat
    sources = {m.id: HandSource(m, thread) for m in voters}
    turns = 0
    while (await current_match(env)).status == "active":
        _match, _seat, member = await due(env, members)
        assert member in voters, "the absent player was asked to move"
        await play_battleline_turn(env, members, thread, sources[member.id] if turns % 2 else None)
        turns += 1
    match = await current_match(env)
    log = await env.bot.store.actions(match.id)
    by_absent_seat = [a for _q, s, a, _t in log if s == seat]
    assert turns > 10 and len(by_absent_seat) > 5
    assert seat in RULES.result(match.snapshot).winners, "the seed's game: the absent seat wins on the board"
    assert seat not in match.result["winners"] and match.result["absent"] == [seat]
    assert await env.bot.service.replay(match.id) == match.snapshot
    names = await board_names(env, match)
    assert names[seat] != names_before[seat] and absent.name in names[seat], "the board says who plays the seat"
    assert await assert_only_public(env, match, thread.history(), [names_before, names], image_every=6) > 20
    # and the game-over line does not announce the absent player (recorded as losing) as the winner
    final = text_of(thread.history()[-1])
    assert "**Game over.**" in final
    verdict = final[final.index("**Game over.**"):]
    assert f"{names[seat]} wins" not in verdict, verdict


# ---------------------------------------------------------------------- 4. undo

async def test_battleline_undo_of_a_card_play_approved_and_refused_after_a_draw(play):
    env, guild, channel, alice, bob, carol = play
    thread = await start_challenge(channel, alice, bob, game="battleline", clock="none")
    match, seat, first = await due(env, [alice, bob])
    second = bob if first is alice else alice
    start = match.snapshot
    r = await first.slash(thread, "match undo")
    assert "no move to take back" in text_of(r.response)

    # playing a card to a flag is one action; the draw is the next one, by the same player
    action = next(a.id for a in RULES.legal_actions(start, seat)
                  if a.id.startswith("play:") and not a.id.startswith("play:T-") and a.id.count(":") == 2)
    _, card, flag = action.split(":")
    r = await first.slash(thread, "battleline play", card=card, flag=int(flag))
    assert text_of(r.response).startswith("Move played.") and "You drew" not in text_of(r.response)
    played = await current_match(env)
    assert played.version == 1 and played.snapshot["step"] == "draw"
    assert RULES.active_players(played.snapshot) == {seat} and card not in played.snapshot["hands"][seat]

    r = await second.slash(thread, "match undo")
    assert "no move to take back" in text_of(r.response), "only the player who moved can ask"
    r = await first.slash(thread, "match undo")
    assert text_of(r.response).startswith("Asked"), text_of(r.response)
    ask = with_button(thread, "Allow the take-back")
    assert ask is not None and "Refuse" in buttons(ask)
    assert first.mention in text_of(ask) and second.mention in text_of(ask)
    r = await first.click(ask, label="Allow the take-back")
    assert "other players decide" in text_of(r.response)
    assert (await current_match(env)).version == 1
    r = await second.click(with_button(thread, "Allow the take-back"), label="Allow the take-back")
    assert text_of(r.response) == "Approved: the move was taken back."

    match = await current_match(env)
    assert match.snapshot == start and match.version == 2 and card in match.snapshot["hands"][seat]
    assert [a for _q, _s, a, _t in await env.bot.store.actions(match.id)] == [action, "undo"]
    assert await env.bot.service.replay(match.id) == match.snapshot
    board = [m for m in thread.history() if m.attachments][-1]
    assert "move 2" in text_of(board)
    assert await board.attachments[0].read() == await public_board(env, match, start), "the board is back"
    r = await carol.slash(thread, "match log", match=match.id)
    lines = [line for line in text_of(r.response).splitlines() if line[:1].isdigit()]
    assert len(lines) == 2 and f"flag {flag}" in lines[0] and "took back their last move" in lines[1], lines

    # a draw (hidden information, R16): refused at once, nobody is asked
    asks = len([m for m in thread.history() if "asks to take back" in text_of(m)])
    r = await first.slash(thread, "battleline play", card=card, flag=int(flag))
    assert text_of(r.response).startswith("Move played.") and "You drew" not in text_of(r.response)
    r = await first.slash(thread, "battleline draw", deck="troop")
    assert text_of(r.response).startswith("Move played. You drew"), text_of(r.response)
    match = await current_match(env)
    assert match.version == 4 and RULES.active_players(match.snapshot) == {1 - seat}
    r = await first.slash(thread, "match undo")
    assert "drew" in text_of(r.response) and "cannot be taken back" in text_of(r.response), text_of(r.response)
    assert len([m for m in thread.history() if "asks to take back" in text_of(m)]) == asks
    after = await current_match(env)
    assert after.version == 4 and after.snapshot == match.snapshot and "undo" not in after.meta
    assert await env.bot.service.replay(match.id) == after.snapshot


# ---------------------------------------------------------------------- 5. spectators

async def test_battleline_spectator_sees_the_boards_but_no_hand_and_cannot_act(play):
    env, guild, channel, alice, bob, carol = play
    seeded(env, SPECTATED_GAME)
    await alice.slash(channel, "battleline challenge", opponent=bob)
    await bob.click(with_button(channel, "Accept"), label="Accept")
    thread = thread_of(channel)
    r = await carol.slash(channel, "match watch", match=1)
    assert "watching match #1" in text_of(r.response)
    assert carol.id in env.backend.channels[thread.id].thread_members
    await play_battleline_turns(env, [alice, bob], thread, 16)  # a card and a draw are two moves
    while (await current_match(env)).snapshot["step"] != "play":  # on to a turn's start
        await play_battleline_turn(env, [alice, bob], thread)

    # commands: the spectator holds no seat
    match, seat, mover = await due(env, [alice, bob])
    waiter = bob if mover is alice else alice
    version = match.version
    legal = [a.id for a in RULES.legal_actions(match.snapshot, seat)]
    troop = next(a for a in legal if a.startswith("play:") and a.count(":") == 2 and not a.startswith("play:T-"))
    for name, options in (("battleline play", {"card": troop.split(":")[1], "flag": int(troop.split(":")[2])}),
                          ("match move", {"action": legal[0]}), ("match undo", {}), ("match hand", {}),
                          ("battleline hand", {}), ("match nudge", {})):
        r = await carol.slash(thread, name, **options)
        assert r.ephemeral and "not playing" in text_of(r.response), (name, text_of(r.response))
        assert not [m for m in [r.response, *r.followups] if m.attachments], name

    # buttons: the board's, a take-back question's, an out-of-time question's
    board = [m for m in thread.history() if m.attachments][-1]
    r = await carol.click(board, label="Show my hand")
    assert "not playing" in text_of(r.response) and not r.response.attachments
    r = await mover.slash(thread, "battleline play", card=troop.split(":")[1], flag=int(troop.split(":")[2]))
    assert text_of(r.response).startswith("Move played."), text_of(r.response)
    r = await mover.slash(thread, "match undo")
    assert text_of(r.response).startswith("Asked"), text_of(r.response)
    for label in ("Allow the take-back", "Refuse"):
        r = await carol.click(with_button(thread, label), label=label)
        assert "not playing" in text_of(r.response), (label, text_of(r.response))
    assert (await current_match(env)).meta["undo"]["version"] == version + 1, "the question is still open"
    r = await waiter.click(with_button(thread, "Refuse"), label="Refuse")
    assert text_of(r.response) == "The move stays."
    await env.advance_time(DAY + 1)
    for label in ("Claim the win", "Keep waiting"):
        r = await carol.click(with_button(thread, label), label=label)
        assert "not playing" in text_of(r.response), (label, text_of(r.response))
    board = [m for m in thread.history() if m.attachments][-1]
    for label in buttons(board):  # whatever else a board offers, it is not for a spectator
        r = await carol.click(board, label=label)
        assert "not playing" in text_of(r.response), (label, text_of(r.response))
    match = await current_match(env)
    assert match.status == "active" and match.version == version + 1

    # what the spectator can see: boards drawn from the public view, no card in a hand named anywhere
    seen = channel.history(viewer=carol) + thread.history(viewer=carol)
    names = await board_names(env, match)
    assert await assert_only_public(env, match, seen, [names]) >= 9
    assert dms(carol) == [], "the spectator gets no DM"
    # ... while the players' hands did go out, privately: by DM, and in the answers to their moves
    assert any(a.filename.endswith("hand.png") for m in dms(alice) + dms(bob) for a in m.attachments)
    private = [m for player in (alice, bob) for m in thread.history(viewer=player) if "You drew" in text_of(m)]
    assert private and not {m.id for m in private} & {m.id for m in seen}


# ---------------------------------------------------------------------- 6. rematch

async def test_battleline_rematch_from_the_final_board_swaps_the_first_player(play):
    env, guild, channel, alice, bob, carol = play
    seeded(env, SPECTATED_GAME)
    thread = await start_challenge(channel, alice, bob, game="battleline")
    match, seat, first = await due(env, [alice, bob])
    second = bob if first is alice else alice
    await play_battleline_turns(env, [alice, bob], thread, 3)
    r = await second.slash(thread, "match resign")
    assert "You resigned" in text_of(r.response)
    old = await current_match(env)
    assert old.status == "finished" and old.result["winners"] == [old.seat_of(first.id)]
    final = thread_of(channel).history()[-1]
    assert "Game over" in text_of(final) and "Rematch" in buttons(final)

    r = await carol.click(final, label="Rematch")
    assert "Only the players" in text_of(r.response)
    r = await second.click(final, label="Rematch")
    assert "Rematch #2 has started" in text_of(r.response), text_of(r.response)
    new = await current_match(env, 2)
    assert new.status == "active" and new.game == "battleline" and new.version == 0
    assert [(s.seat, s.user_id) for s in new.seats] == [(s.seat, s.user_id) for s in old.seats]
    assert new.snapshot["first_player"] == 1 - seat
    assert (await due(env, [alice, bob], 2))[2] is second, "the other player starts the rematch"
    new_thread = thread_of(channel)
    assert new_thread.id != thread.id and second.mention in text_of(new_thread.history()[0])
    r = await first.click(final, label="Rematch")
    assert "already started" in text_of(r.response)
    assert len(await env.bot.store.list_matches(statuses=("active",))) == 1


async def test_battleline_rematch_after_a_timeout_before_any_move_swaps_the_first_player(play):
    env, guild, channel, alice, bob, carol = play
    seeded(env, SEAT_ONE_STARTS)
    thread = await start_challenge(channel, alice, bob, game="battleline", clock="move-24h")
    match, seat, first = await due(env, [alice, bob])
    second = bob if first is alice else alice
    assert seat == 1 and match.snapshot["first_player"] == 1
    await env.advance_time(DAY + 1)
    r = await second.click(with_button(thread, "Claim the win"), label="Claim the win")
    assert text_of(r.response).startswith("You win"), text_of(r.response)
    final = thread_of(channel).history()[-1]
    r = await first.click(final, label="Rematch")
    assert "Rematch #2 has started" in text_of(r.response), text_of(r.response)
    new = await current_match(env, 2)
    assert [s.user_id for s in new.seats] == [s.user_id for s in match.seats]
    assert (await due(env, [alice, bob], 2))[2] is second, \
        "the rematch must start with the player who did not start the first match"


# ---------------------------------------------------------------------- 7. log and replay

REPLAY_SETTLE = pytest.mark.simcord(settle_timeout=120)  # drawing a GIF of a whole game takes seconds of CPU


@REPLAY_SETTLE
async def test_battleline_log_and_replay_of_a_complete_game(play):
    env, guild, channel, alice, bob, carol = play
    seeded(env, COMPUTER_GAME)
    r = await alice.slash(channel, "battleline challenge", opponent=bot_handle(env))
    assert "has started" in text_of(r.response), text_of(r.response)
    thread = thread_of(channel)
    source, turns = HandSource(alice, thread), 0
    while (await current_match(env)).status == "active":
        await play_battleline_turn(env, [alice], thread, source if turns % 2 else None)
        turns += 1
    match = await current_match(env)
    log = await env.bot.store.actions(match.id)
    assert match.status == "finished" and len(log) == match.version > 50

    # /match log: every public event of the game, in order, with names, and nothing private
    names = await board_names(env, match)
    state = RULES.setup(len(match.seats), dict(match.options), match.seed)
    expected = []  # (public text, cards in hands after the move, private texts)
    for _q, seat, action, _t in log:
        state, events = RULES.apply(state, seat, action)
        held = {c for hand in state["hands"] for c in hand}
        for event in events:
            expected.append((name_seats(event.public, names), held, list(event.private.values())))
    r = await carol.slash(thread, "match log", match=match.id)  # a spectator may read it
    pages = -(-len(expected) // 20)
    assert f"page {pages} of {pages}" in text_of(r.response) and pages > 2, text_of(r.response)[:200]
    message, texts = r.response, [text_of(r.response)]
    for page in range(pages - 1, 0, -1):
        r = await carol.click(message, label="◀ Earlier")
        message = r.response
        assert f"page {page} of {pages}" in text_of(message), text_of(message)[:200]
        texts.insert(0, text_of(message))
    lines = [line for text in texts for line in text.splitlines() if line[:1].isdigit()]
    assert len(lines) == len(expected)
    for n, (line, (public, held, private)) in enumerate(zip(lines, expected), 1):
        assert line.startswith(f"{n}. ") and public in line, (line, public)
        assert not [c for c in held if names_item("battleline", line, c)], line
        assert not [p for p in private if p in line], line
    assert any("draws from the" in line for line in lines)

    # /match replay: the opening board and one frame per turn (a play and its draw are one),
    # under Discord's upload limit
    r = await carol.slash(thread, "match replay", match=match.id)
    assert f"replay of {len(log)} moves, one picture per turn" in text_of(r.response), text_of(r.response)
    gif = r.response.attachments[0]
    data = await gif.read()
    assert gif.filename.endswith(".gif") and len(data) < SIZE_LIMIT
    frames = gif_frames(data)
    turns = await turns_in(env, match)
    assert len(frames) == turns < len(log) + 1, "the opening board and one frame per turn"
    opening = RULES.setup(len(match.seats), dict(match.options), match.seed)
    assert_frames_show(frames, await public_board(env, match, opening), await public_board(env, match, match.snapshot))
    await assert_streamed_views_are_the_public_views(env.bot.service, match.id)


@REPLAY_SETTLE
async def test_replay_of_a_game_too_big_for_the_upload_shrinks_then_drops_frames(play, monkeypatch):
    """A long game, at a smaller scale (a really long one takes minutes to draw): a short finished
    game is replayed once as it is, then with the upload limit lowered to a quarter of that GIF."""
    env, guild, channel, alice, bob, carol = play
    seeded(env, COMPUTER_GAME)
    await alice.slash(channel, "battleline challenge", opponent=bot_handle(env))
    thread = thread_of(channel)
    await play_battleline_turns(env, [alice], thread, 6)
    r = await alice.slash(thread, "match resign")
    assert "You resigned" in text_of(r.response)
    match = await current_match(env)
    moves = match.version
    assert match.status == "finished" and moves > 10
    opening = await public_board(env, match, RULES.setup(2, dict(match.options), match.seed))
    final = await public_board(env, match, match.snapshot)

    turns = await turns_in(env, match)
    r = await alice.slash(thread, "match replay")
    assert f"replay of {moves} moves, one picture per turn" in text_of(r.response), text_of(r.response)
    whole = await r.response.attachments[0].read()
    assert len(gif_frames(whole)) == turns
    limit = len(whole) // 4
    monkeypatch.setattr(replay_render, "SIZE_LIMIT", limit)
    monkeypatch.setattr(env.bot.pictures, "workers", 0)  # the limit is patched here: the replay made here

    r = await alice.slash(thread, "match replay")  # one replay a minute per user
    again = re.search(r"try again <t:(\d+):R>", text_of(r.response))
    assert r.ephemeral and not r.response.attachments and again, text_of(r.response)
    now = env.bot.clock()
    assert now < int(again.group(1)) <= now + REPLAY_EVERY + 1
    await env.advance_time(int(again.group(1)) - now)
    r = await alice.slash(thread, "match replay")
    shown = re.search(r"\((\d+) of (\d+) turns shown, evenly spread\)", text_of(r.response))
    assert shown and int(shown.group(2)) == turns, text_of(r.response)
    data = await r.response.attachments[0].read()
    assert len(data) <= limit
    frames = gif_frames(data)
    assert 2 <= len(frames) == int(shown.group(1)) < turns, "frames were dropped, and the message says so"
    board_width = Image.open(io.BytesIO(final)).width
    assert frames[0].width <= board_width * replay_render.MIN_SCALE + 1, \
        "frames are dropped only once they are as small as they may get"
    assert_frames_show(frames, opening, final)


async def test_one_replay_of_a_match_at_a_time_and_one_a_minute_per_user(play):
    """While a replay of a match is being made, another request for it is refused in an answer
    only its asker sees; a user waits a minute between two replays, other users do not; the gate
    forgets what has expired."""
    env, guild, channel, alice, bob, carol = play
    seeded(env, COMPUTER_GAME)
    await alice.slash(channel, "battleline challenge", opponent=bot_handle(env))
    thread = thread_of(channel)
    await play_battleline_turns(env, [alice], thread, 2)
    match = await current_match(env)
    gate = gate_for(env.bot)
    with gate.admit(match.id, bob.id, env.bot.clock()):  # a replay of the match under way
        r = await carol.slash(thread, "match replay", match=match.id)
        assert r.ephemeral and not r.response.attachments, text_of(r.response)
        assert f"A replay of match #{match.id} is being made" in text_of(r.response)
        assert not [m for m in thread.history() if "is being made" in text_of(m)], "the refusal is not public"
    assert not gate.busy(match.id)

    r = await carol.slash(thread, "match replay", match=match.id)
    assert not r.ephemeral and f"replay of {match.version} moves" in text_of(r.response), text_of(r.response)
    assert len(gif_frames(await r.response.attachments[0].read())) == await turns_in(env, match)
    r = await alice.slash(thread, "match replay")  # somebody else need not wait
    assert r.response.attachments, text_of(r.response)
    r = await carol.slash(thread, "match replay", match=match.id)
    assert r.ephemeral and "try again <t:" in text_of(r.response) and not r.response.attachments
    assert len(gate) == 3  # bob, carol and alice asked within the minute

    await env.advance_time(REPLAY_EVERY)
    r = await carol.slash(thread, "match replay", match=match.id)
    assert r.response.attachments, text_of(r.response)
    assert len(gate) == 1, "the gate keeps only who asked within the last minute"


# ---------------------------------------------------------------------- 8. Battalia

@pytest.mark.slow
async def test_battalia_defender_runs_out_of_time_and_the_attacker_claims_the_win(play):
    """In Battalia the player to act is not always the one whose turn it is: an attacked player
    must answer the battle. His clock runs, he is reminded, and his opponent may claim the win.
    The moves up to the battle go straight to the service (the Battalia tests drive the commands)."""
    env, guild, channel, alice, bob, carol = play
    seeded(env, BATTALIA_BATTLE)
    r = await alice.slash(channel, "battalia challenge", opponent=bob, weeks=5, clock="move-24h")
    assert "Challenge #1" in text_of(r.response), text_of(r.response)
    await bob.click(with_button(channel, "Accept"), label="Accept")
    thread = thread_of(channel)
    service, members = env.bot.service, {alice.id: alice, bob.id: bob}
    for _ in range(200):
        match = await current_match(env)
        state = match.snapshot
        (seat,) = BATTALIA.active_players(state)
        if state["battle"] and state["battle"]["stage"] == "decide" and seat != state["current"]:
            break
        await service.act(match.id, match.user_at(seat).user_id,
                          BATTALIA.ai_choose(state, seat, match.seed + match.version))
    else:
        pytest.fail("the seeded game never reached a battle between the two players")
    battle = state["battle"]
    defender, attacker = members[match.user_at(seat).user_id], members[match.user_at(battle["attacker"]).user_id]
    assert battle["defender"] == seat and state["current"] == battle["attacker"] != seat
    deadline = service.deadline_of(match, seat)
    assert deadline is not None and service.deadline_of(match, battle["attacker"]) is None
    board = thread.history()[-1]
    assert defender.mention in text_of(board) and f"<t:{int(deadline)}:R>" in text_of(board)
    hand = last_dm(defender)
    assert f"move {match.version} " in text_of(hand)
    fight = next(a.id for a in BATTALIA.legal_actions(state, seat) if a.id.startswith("fight:"))
    position = paths.find(paths.build(service.legal_actions(match, seat)), fight)
    assert any(position[:len(at)] == at for _c, at, _kind, _page in toolkit_components(hand)), \
        "the defender's hand leads to fighting back"
    attacker_dms = len(dms(attacker))

    await env.advance_time(deadline - 12 * HOUR - env.now().timestamp() - 60)
    assert reminders(defender) == []
    await env.advance_time(61)
    assert len(reminders(defender)) == 1 and "Battalia" in text_of(reminders(defender)[0])
    await env.advance_time(12 * HOUR - 120)
    assert out_of_time_notices(thread) == []
    await env.advance_time(120)
    notice = with_button(thread, "Claim the win")
    assert notice is not None and text_of(notice).index(defender.mention) < text_of(notice).index("is out of time")
    assert len(dms(attacker)) == attacker_dms, "the attacker was not on the clock"
    r = await defender.click(notice, label="Claim the win")
    assert "your own seat" in text_of(r.response)
    r = await attacker.click(with_button(thread, "Claim the win"), label="Claim the win")
    assert text_of(r.response).startswith("You win"), text_of(r.response)
    match = await current_match(env)
    assert match.status == "finished" and match.result["winners"] == [battle["attacker"]]
    assert match.result["timeout"] == [seat]
    final = thread.history()[-1]
    assert "Game over" in text_of(final) and "Rematch" in buttons(final) and final.attachments


async def test_battalia_absent_player_is_replaced_by_the_computer_and_comes_back(play):
    """Three people; the first to choose runs out of time. The two others vote, the computer plays
    the seat on at once (its choice is on the board), the others play on, and the absent player
    takes the seat back with /match return."""
    env, guild, channel, alice, bob, carol = play
    r = await alice.slash(channel, "battalia challenge", opponent=bob, opponent2=carol, weeks=1, clock="move-24h")
    assert "Challenge #1" in text_of(r.response), text_of(r.response)
    for member in (bob, carol):
        await member.click(with_button(channel, "Accept"), label="Accept")
    thread = thread_of(channel)
    service, members = env.bot.service, [alice, bob, carol]
    match = await current_match(env)
    (absent_seat,) = BATTALIA.active_players(match.snapshot)
    absent = next(m for m in members if m.id == match.user_at(absent_seat).user_id)
    voters = [m for m in members if m is not absent]

    await env.advance_time(DAY + 1)
    notice = with_button(thread, "Let the computer play")
    assert notice is not None and absent.mention in text_of(notice)
    for voter in voters:
        r = await voter.click(with_button(thread, "Let the computer play"), label="Let the computer play")
    assert text_of(r.response) == "The computer now plays that seat."
    match = await current_match(env)
    assert match.user_at(absent_seat).is_ai and match.meta["absent"] == [absent_seat]
    assert [a for _q, s, a, _t in await env.bot.store.actions(match.id) if s == absent_seat], \
        "the computer chose for the absent seat at once"
    assert "Take my seat back" in buttons(thread.history()[-1])

    for _ in range(12):  # the others play on; the computer keeps answering for the absent seat
        match = await current_match(env)
        humans = [s for s in BATTALIA.active_players(match.snapshot) if not match.user_at(s).is_ai]
        assert absent_seat not in humans
        seat = humans[0]
        await service.act(match.id, match.user_at(seat).user_id,
                          BATTALIA.ai_choose(match.snapshot, seat, match.seed + match.version))
    r = await absent.slash(thread, "match return")
    assert "again" in text_of(r.response)
    match = await current_match(env)
    assert not match.user_at(absent_seat).is_ai and match.meta["absent"] == []
    assert await service.replay(match.id) == match.snapshot


async def test_battalia_take_back_rematch_and_replay(play):
    """Undo, rematch and replay with Battalia: a faction choice is taken back by the board's
    button and the opponent's approval; ending a turn (which draws) cannot be taken back; after a
    resignation the rematch starts with the other player; the replay has a frame per logged row."""
    env, guild, channel, alice, bob, carol = play
    r = await alice.slash(channel, "battalia challenge", opponent=bob, weeks=1, clock="none")
    assert "Challenge #1" in text_of(r.response), text_of(r.response)
    await bob.click(with_button(channel, "Accept"), label="Accept")
    thread = thread_of(channel)
    service, members = env.bot.service, {alice.id: alice, bob.id: bob}
    opening = await current_match(env)
    (first_seat,) = BATTALIA.active_players(opening.snapshot)
    first = members[opening.user_at(first_seat).user_id]
    other = bob if first is alice else alice

    await service.act(1, first.id, BATTALIA.ai_choose(opening.snapshot, first_seat, 1))
    board = thread.history()[-1]
    assert "Take back my move" in buttons(board)
    r = await first.click(board, label="Take back my move")
    assert text_of(r.response).startswith("Asked"), text_of(r.response)
    r = await other.click(with_button(thread, "Allow the take-back"), label="Allow the take-back")
    assert text_of(r.response) == "Approved: the move was taken back."
    assert (await current_match(env)).snapshot == opening.snapshot

    for _ in range(60):  # play on until somebody ends a turn, which draws cards
        match = await current_match(env)
        (seat,) = BATTALIA.active_players(match.snapshot)
        action = BATTALIA.ai_choose(match.snapshot, seat, match.seed + match.version)
        mover = members[match.user_at(seat).user_id]
        await service.act(1, mover.id, action)
        if action == "end":
            break
    else:
        pytest.fail("nobody ended a turn")
    assert "Take back my move" not in buttons(thread.history()[-1]), "no button where no take-back can be granted"
    r = await mover.slash(thread, "match undo")
    assert "cannot be taken back" in text_of(r.response) and (await current_match(env)).version == match.version + 1

    await alice.slash(thread, "match resign")
    old = await current_match(env)
    assert old.status == "finished"
    r = await bob.click(thread.history()[-1], label="Rematch")
    assert "Rematch #2 has started" in text_of(r.response)
    rematch = await current_match(env, 2)
    (rematch_first,) = BATTALIA.active_players(rematch.snapshot)
    assert rematch.user_at(rematch_first).user_id != first.id, "the other player starts the rematch"
    assert [s.user_id for s in rematch.seats] == [s.user_id for s in old.seats]

    r = await carol.slash(thread, "match replay", match=1)
    frames = gif_frames(await r.response.attachments[0].read())
    assert len(frames) == await turns_in(env, old), "the opening board and one per turn, undo rows included"
    await assert_streamed_views_are_the_public_views(service, 1)
