"""Battalia: the turn's end made by itself waits a window, so the last move can be taken back
(issue 33: "End the turn happens by itself when nothing else is legal (with an undo window)").

Ending a turn draws 6 (R18 steps 4 and 5): once it is made, the take-back refuses it and so the
move before it can never be taken back. So after the player's own move by clicks leaves "end the
turn" as the only move, the end is planned, not made: the service plays it when the window ends
(a stored timer: a restart keeps it), unless the player ends the turn now (the hand still offers
it) or takes the move back (/match undo) first; a take-back still asked when the window ends
holds the end back."""
from __future__ import annotations

import pytest

from cogs.battalia import BattaliaCog
from engine.battalia import RULES
from tests.discord.conftest import TEST_FOLLOW_WINDOW as WINDOW
from tests.discord.harness import FixedSeed, button_for
from tests.discord.helpers import (
    buttons,
    current_match,
    last_dm,
    moves_by_service,
    text_of,
    thread_of,
    version_shown,
    walk_move,
    with_button,
)

# the bot's window is 2 minutes; the tests' is longer than simcord's settle limit (see conftest)
BOT_WINDOW = BattaliaCog.FOLLOW_WINDOW
PLANNED = f"End the turn in {round(WINDOW / 60)} min, unless you take back your last move first (/match undo)."


@pytest.fixture
def simcord_bot(make_bot, virtual_clock):
    return make_bot(extensions=("cogs.matches", "cogs.battalia"), clock=virtual_clock)


def test_the_window_is_two_minutes():
    assert BOT_WINDOW == 120 and WINDOW > 120


def bot_factory(make_bot, virtual_clock):
    return lambda: make_bot(extensions=("cogs.matches", "cogs.battalia"), clock=virtual_clock)


def undoable_last_move(state: dict, seat: int, actions) -> str | None:
    """A move of the player's own (a hire, an upgrade, a craft) that draws, shuffles, reveals and
    rolls nothing and leaves ending the turn as the only move."""
    for action in actions:
        if action.id.split(":")[0] not in ("hire", "upgrade", "craft"):
            continue
        after, events = RULES.apply(state, seat, action.id)
        if not any(e.hidden for e in events) and after["current"] == seat \
                and [a.id for a in RULES.legal_actions(after, seat)] == ["end"]:
            return action.id
    return None


async def to_the_last_move(env, channel, alice, bob, clock: str = "none"):
    """A two-person match (seed 4) played by the computer player for both until alice may make a
    move after which only ending the turn is left; then (match, seat, the move, her hand)."""
    env.bot.service.seed_source = FixedSeed(4)
    r = await alice.slash(channel, "battalia challenge", opponent=bob, clock=clock)
    assert "Challenge #" in text_of(r.response), text_of(r.response)
    await bob.click(channel.history()[-1], label="Accept")
    service = env.bot.service

    def until(match) -> bool:
        seat = match.seat_of(alice.id)
        state = match.snapshot
        if match.status != "active" or seat not in RULES.active_players(state) or state["pending"] \
                or state["battle"]:
            return False
        return undoable_last_move(state, seat, service.legal_actions(match, seat)) is not None
    match = await moves_by_service(env, until, limit=4000, unseen=True)
    seat = match.seat_of(alice.id)
    move = undoable_last_move(match.snapshot, seat, service.legal_actions(match, seat))
    hand = last_dm(alice)
    assert version_shown(hand) == match.version, text_of(hand)
    return match, seat, move, hand


def pings_of(env, thread, user_id: int, since: int) -> int:
    """How many messages of the thread from its `since`-th on ping `user_id`."""
    return sum(user_id in env.backend.get_message(thread.id, m.id).ping_user_ids for m in thread.history()[since:])


async def moves_of(env, match_id: int) -> list[tuple[int, str]]:
    return [(s, a) for _q, s, a, _t in await env.bot.store.actions(match_id)]


async def make_the_move(env, alice, match, seat: int, move: str, hand):
    """Alice's move by clicks on her hand: the end is planned, not made. Returns the answer."""
    r = await walk_move(alice.user, hand, env.bot, match, seat, move)
    assert r.clicks <= 3, r.clicks
    answer = text_of(r.response)
    assert answer.startswith(f"Move played. {PLANNED}"), answer
    now = await current_match(env)
    assert now.version == match.version + 1, "the move only: nothing is drawn yet"
    assert now.snapshot == RULES.apply(match.snapshot, seat, move)[0]
    assert now.meta["then"] == {"seat": seat, "action": "end", "version": now.version,
                                "due": now.meta["then"]["due"]}
    assert now.meta["then"]["due"] == pytest.approx(env.now().timestamp() + WINDOW, abs=5)
    assert await button_for(env.bot, r.response.message, now, seat, "end") is not None, \
        "the hand still offers ending the turn, one click"
    return r


async def test_the_turn_ends_when_the_window_is_over(play):
    """R18: alice's last move leaves only the end of the turn: nothing is drawn yet, she reads
    that the turn ends in 2 minutes unless she takes the move back, her hand still offers the
    end; when the window is over the turn has ended (discard, draw 6) and bob is pinged once."""
    env, _guild, channel, alice, bob, _carol = play
    match, seat, move, hand = await to_the_last_move(env, channel, alice, bob)
    thread = thread_of(channel)
    before = len(thread.history())
    await make_the_move(env, alice, match, seat, move, hand)
    await env.advance_time(WINDOW / 2)
    assert (await current_match(env)).version == match.version + 1, "not before the window is over"
    assert pings_of(env, thread, bob.id, before) == 0

    await env.advance_time(WINDOW / 2 + 1)
    now = await current_match(env)
    assert (await moves_of(env, match.id))[match.version:] == [(seat, move), (seat, "end")]
    assert now.version == match.version + 2 and now.snapshot["current"] != seat
    assert len(now.snapshot["players"][seat]["hand"]) >= 6, "R18 step 5: 6 drawn"
    assert "then" not in now.meta
    assert pings_of(env, thread, bob.id, before) == 1, "the next player is pinged once"
    assert version_shown(last_dm(alice)) == now.version, "alice's hand shows the drawn cards"


async def take_back_asked_past_the_window(env, channel, alice, bob):
    """alice makes her last move and asks to take it back; the window passes while bob has not
    answered: the end is held back. (the match before her move, her seat, the move, the thread)"""
    match, seat, move, hand = await to_the_last_move(env, channel, alice, bob)
    thread = thread_of(channel)
    await make_the_move(env, alice, match, seat, move, hand)
    r = await alice.slash(thread, "match undo")
    assert text_of(r.response).startswith("Asked"), text_of(r.response)
    await env.advance_time(WINDOW + 1)
    assert (await current_match(env)).version == match.version + 1, "a take-back is asked: no end"
    return match, seat, move, thread


async def test_a_take_back_within_the_window_cancels_the_end(play):
    """/match undo within the window: bob is asked; a take-back still asked when the window is
    over holds the end back; bob allows it, the move is taken back and the end never comes (the
    clock moved well past it: still alice's turn, the state from before her move)."""
    env, _guild, channel, alice, bob, _carol = play
    match, seat, move, thread = await take_back_asked_past_the_window(env, channel, alice, bob)

    ask = with_button(thread, "Allow the take-back")
    assert ask is not None and "Refuse" in buttons(ask)
    r = await bob.click(ask, label="Allow the take-back")
    assert text_of(r.response) == "Approved: the move was taken back.", text_of(r.response)
    await env.advance_time(3 * WINDOW)
    now = await current_match(env)
    assert (await moves_of(env, match.id))[match.version:] == [(seat, move), (seat, "undo")]
    assert now.snapshot == match.snapshot and RULES.active_players(now.snapshot) == {seat}
    assert "then" not in now.meta


async def test_ending_the_turn_now_leaves_nothing_for_the_window(play):
    """Within the window alice clicks "End your turn" herself: the turn ends at once, and the
    planned end does nothing when its time comes (the log holds one end)."""
    env, _guild, channel, alice, bob, _carol = play
    match, seat, move, hand = await to_the_last_move(env, channel, alice, bob)
    r = await make_the_move(env, alice, match, seat, move, hand)
    after = await current_match(env)
    r = await walk_move(alice.user, r.response.message, env.bot, after, seat, "end")
    assert r.clicks == 1 and text_of(r.response).startswith("Move played."), text_of(r.response)
    ended = await current_match(env)
    assert ended.snapshot["current"] != seat and "then" not in ended.meta
    await env.advance_time(WINDOW + 1)
    assert (await current_match(env)).version == ended.version, "the planned end does nothing"
    assert (await moves_of(env, match.id))[match.version:] == [(seat, move), (seat, "end")]


async def test_a_restart_within_the_window_keeps_the_plan(play, make_bot, virtual_clock):
    """The bot stops and starts again within the window: the plan and its timer are stored, so
    the turn ends once when the window is over (under a running clock)."""
    env, _guild, channel, alice, bob, _carol = play
    match, seat, move, hand = await to_the_last_move(env, channel, alice, bob, clock="move-24h")
    thread = thread_of(channel)
    before = len(thread.history())
    await make_the_move(env, alice, match, seat, move, hand)
    await env.advance_time(WINDOW / 4)

    await env.restart_bot(bot_factory(make_bot, virtual_clock)())  # same database, a new process
    planned = await current_match(env)
    assert planned.version == match.version + 1 and planned.meta["then"]["version"] == planned.version
    await env.advance_time(WINDOW)
    now = await current_match(env)
    assert (await moves_of(env, match.id))[match.version:] == [(seat, move), (seat, "end")]
    assert now.snapshot["current"] != seat and "then" not in now.meta
    await env.advance_time(WINDOW)
    assert (await current_match(env)).version == now.version, "once"
    assert pings_of(env, thread, bob.id, before) == 1, "the next player is pinged once"


async def test_a_refused_take_back_lets_the_planned_end_come(play):
    """A take-back asked within the window holds the end back while it waits for an answer; bob
    refuses it after the window is over: the move stays and the turn ends then, once."""
    env, _guild, channel, alice, bob, _carol = play
    match, seat, move, thread = await take_back_asked_past_the_window(env, channel, alice, bob)

    r = await bob.click(with_button(thread, "Refuse"), label="Refuse")
    assert text_of(r.response) == "The move stays.", text_of(r.response)
    await env.advance_time(1)
    now = await current_match(env)
    assert (await moves_of(env, match.id))[match.version:] == [(seat, move), (seat, "end")]
    assert now.snapshot["current"] != seat and "then" not in now.meta and "undo" not in now.meta
    await env.advance_time(WINDOW + 1)
    assert (await current_match(env)).version == now.version, "once"
