"""Battalia: an ordinary turn in at most 3 interactions, counted on Discord (a click, a menu
choice or a form submitted is one interaction).

- "Start the turn" is folded into the turn's first move (R18: step 1 is a choice; a move of step 3
  made at once takes step 2, the Ambush pick-up, first): a turn of one move and its end is the
  move's clicks and one click on "End your turn".
- The turn ends by itself after the player's own move by clicks when ending it is the only move
  left, once a window for taking that move back is over (tests/discord/test_battalia_undo_window.py),
  and the answer says so; the hand still offers "End your turn", one click; a typed command plays
  exactly what it names.
- The typed path stays complete: at the start of a turn a move of step 3 is a command with
  autocomplete of the legal choices only, and /battalia turnstart still declares step 1."""
from __future__ import annotations

import pytest

from engine.battalia import RULES
from tests.discord.harness import FixedSeed
from tests.discord.helpers import (current_match, last_dm, offered_values, text_of, thread_of, version_shown,
                                   walk_move)
from tests.discord.test_move_forms import alice_asked


@pytest.fixture
def simcord_bot(make_bot, virtual_clock):
    return make_bot(extensions=("cogs.matches", "cogs.battalia"), clock=virtual_clock)


async def start(env, channel, alice, bob, seed: int = 1):
    env.bot.service.seed_source = FixedSeed(seed)
    r = await alice.slash(channel, "battalia challenge", opponent=bob, clock="none")
    assert "Challenge #" in text_of(r.response), text_of(r.response)
    await bob.click(channel.history()[-1], label="Accept")
    return await current_match(env)


def soldier_hire(actions):
    return next((a for a in actions if a.id.startswith("hire:soldier:")), None)


def at_turn_start_with_a_hire(match, seat, actions) -> bool:
    return match.snapshot["phase"] == "start" and soldier_hire(actions) is not None


def turn_of(log, seat: int, since: int) -> list[str]:
    """The moves of `seat` from version `since` on (the log's row i is the move made at version i)."""
    return [a for _seq, s, a, _t in log[since:] if s == seat]


async def test_an_ordinary_turn_is_at_most_three_interactions(play):
    """R18: a turn of one move (a Soldier hired) and its end from the start of the turn: the hire
    straight from the hand's menus (no "Start the turn" first) and the click on "End your turn":
    3 interactions at most, and the log holds the two moves, the start folded into the first."""
    env, _guild, channel, alice, bob, _carol = play
    await start(env, channel, alice, bob)
    for _turn in range(2):
        match, seat, actions, hand = await alice_asked(env, alice, at_turn_start_with_a_hire)
        assert "start" in {a.id for a in actions} and "redeploy" in {a.id for a in actions}, "step 1 stays offered"
        hire = soldier_hire(actions)
        r = await walk_move(alice.user, hand, env.bot, match, seat, hire.id)
        clicks = r.clicks
        assert text_of(r.response).startswith("Move played."), text_of(r.response)
        after = await current_match(env)
        assert after.snapshot["phase"] == "actions" and after.snapshot["current"] == seat
        if [a.id for a in RULES.legal_actions(after.snapshot, seat)] == ["end"]:
            assert "End the turn in" in text_of(r.response), "nothing else is left: the end is planned"
        # the turn ends with the click on "End your turn" (offered whether or not something else
        # could be done; the click is counted): the end by the window's timer takes no click
        # (test_the_turn_ends_by_itself_when_nothing_else_is_left)
        r = await walk_move(alice.user, r.response.message, env.bot, after, seat, "end")
        clicks += r.clicks
        assert clicks <= 3, clicks
        log = await env.bot.store.actions(match.id)
        assert turn_of(log, seat, match.version) == [hire.id, "end"]
        now = await current_match(env)
        assert now.snapshot["current"] != seat, "the turn is over"


def only_end_after(state, seat: int, action) -> bool:
    after, _ = RULES.apply(state, seat, action.id)
    return after["current"] == seat and [a.id for a in RULES.legal_actions(after, seat)] == ["end"]


async def test_the_turn_ends_by_itself_when_nothing_else_is_left(play, follow_window):
    """After the player's own move by clicks, when ending the turn is the only move left, the turn
    ends by itself when the take-back window is over, and the answer says so (R18 steps 4 and 5:
    the hand discarded, 6 drawn)."""
    env, _guild, channel, alice, bob, _carol = play
    await start(env, channel, alice, bob, seed=4)
    found = {}

    def wanted(match, seat, actions) -> bool:
        if match.snapshot["pending"] or match.snapshot["battle"]:
            return False
        for a in actions:
            if a.id.split(":")[0] in ("hire", "upgrade", "craft") and only_end_after(match.snapshot, seat, a):
                found["move"] = a
                return True
        return False
    match, seat, actions, hand = await alice_asked(env, alice, wanted, limit=4000)
    move = found["move"]
    r = await walk_move(alice.user, hand, env.bot, match, seat, move.id)
    assert r.clicks <= 3
    assert "End the turn in" in text_of(r.response), text_of(r.response)
    assert turn_of(await env.bot.store.actions(match.id), seat, match.version) == [move.id], "not yet"
    await env.advance_time(follow_window + 1)
    log = await env.bot.store.actions(match.id)
    assert turn_of(log, seat, match.version) == [move.id, "end"]
    now = await current_match(env)
    assert now.snapshot["current"] != seat and len(now.snapshot["players"][seat]["hand"]) >= 6


async def test_typed_moves_at_the_start_of_a_turn(play):
    """The typed path: at the start of a turn, /battalia hire offers only the units the hand can
    hire and plays the hire at once (step 2 taken first), nothing made by itself after it; and
    /battalia turnstart still offers Formation, Redeploy and Start (R20-R24)."""
    env, _guild, channel, alice, bob, _carol = play
    await start(env, channel, alice, bob)
    match, seat, actions, _hand = await alice_asked(env, alice, at_turn_start_with_a_hire)
    thread = thread_of(channel)
    units = set(offered_values(await alice.autocomplete(thread, "battalia hire", "unit", "")))
    legal = {a.id.split(":")[1] for a in actions if a.id.startswith("hire:") and a.steps()[0].value == "acquire"}
    assert units == legal and "soldier" in units
    steps = set(offered_values(await alice.autocomplete(thread, "battalia turnstart", "choice", "")))
    assert {"redeploy", "start"} <= steps and not any(s.startswith("hire") for s in steps)
    r = await alice.slash(thread, "battalia hire", unit="soldier")
    assert text_of(r.response).startswith("Move played.") and "Then:" not in text_of(r.response), text_of(r.response)
    log = await env.bot.store.actions(match.id)
    (row,) = [a for _seq, _s, a, _t in log[match.version:]]
    assert row.startswith("hire:soldier:")
    now = await current_match(env)
    assert now.snapshot["phase"] == "actions" and now.snapshot["current"] == seat
    assert version_shown(last_dm(alice)) == now.version
