"""Skytear's choices given back to the players (engine flow.ASKS: a minion's hex among equal ones,
R100/R111; the teammate who draws, R134; who activates the Outsider, G18) through the real bot in
simcord: the question reaches the asked person's private hand as one menu, the person answers it
there, and with a clock the default (the automatic pick) is taken when the time runs out."""
from __future__ import annotations

import pytest

from engine.skytear import RULES
from tests.discord.harness import FixedSeed
from tests.discord.helpers import (current_match, moves_by_service, newest_hand, people_and_seats, select_of,
                                   toolkit_components,
                                   text_of, thread_of, walk_move)


@pytest.fixture
def simcord_bot(make_bot, virtual_clock):
    return make_bot(extensions=("cogs.matches", "cogs.skytear"), clock=virtual_clock)


def asked(match, what: str, humans) -> bool:
    pend = match.snapshot.get("pending") if match.status == "active" else None
    return bool(pend and pend["kind"] == "ask" and pend["what"] == what and pend["seat"] in humans)


async def start(env, channel, alice, bob, carol, *, team: bool, clock: str = "none"):
    env.bot.service.seed_source = FixedSeed(4)
    if team:
        r = await alice.slash(channel, "skytear challenge", opponent=bob, opponent2=carol, computers=1, clock=clock)
        people = (alice, bob, carol)
    else:
        r = await alice.slash(channel, "skytear challenge", opponent=bob, clock=clock)
        people = (alice, bob)
    assert "sent" in text_of(r.response), text_of(r.response)
    for person in people[1:]:
        await person.click(channel.history()[-1], label="Accept")
    match, members, humans = await people_and_seats(env, *people)
    return thread_of(channel), match, members, humans


@pytest.mark.parametrize("what, team", [("place", False), ("draw", True), ("outsider", True)])
async def test_a_choice_is_asked_on_the_hand_and_answered_there(play, what, team):
    env, guild, channel, alice, bob, carol = play
    thread, match, members, humans = await start(env, channel, alice, bob, carol, team=team)
    match = await moves_by_service(env, lambda m: asked(m, what, humans), unseen=True)
    pend = match.snapshot["pending"]
    seat = pend["seat"]
    member = members[match.user_at(seat).user_id]
    hand = newest_hand(member)
    prompt = str(RULES.prompt(match.snapshot, seat))
    assert prompt.split(":")[0] in text_of(hand), text_of(hand)[:400]
    moves = toolkit_components(hand)
    assert moves, "the question's options are on the hand"
    menu = select_of(hand)
    if menu is not None:     # one menu holding every option (a few may come as buttons instead)
        assert len(menu.options) == len(pend["values"]), [o.label for o in menu.options]
    else:
        assert len(moves) == len(pend["values"]), [c.label for c, *_ in moves]
    before = match.version
    result = await walk_move(member.user, hand, env.bot, match, seat, "decide:1")
    assert result.clicks == 1, "one menu, one pick"
    rows = [row for row in await env.bot.store.actions(match.id) if row[0] == before + 1]
    assert rows and rows[0][1:3] == (seat, "decide:1"), rows
    after = await current_match(env)
    if what == "outsider":
        assert after.snapshot["activation"]["seat"] == pend["values"][1]


async def test_out_of_time_the_default_is_taken(play):
    env, guild, channel, alice, bob, carol = play
    thread, match, members, humans = await start(env, channel, alice, bob, carol, team=False, clock="move-24h")
    match = await moves_by_service(env, lambda m: asked(m, "place", humans), unseen=True)
    seat = match.snapshot["pending"]["seat"]
    assert RULES.timeout_action(match.snapshot, seat) == "decide:0"
    deadline = env.bot.service.deadline_of(match, seat)
    assert deadline is not None
    await env.advance_time(deadline - env.now().timestamp() + 1)
    rows = [row for row in await env.bot.store.actions(match.id) if row[0] == match.version + 1]
    assert rows and rows[0][1:3] == (seat, "decide:0"), rows
    assert (await current_match(env)).version > match.version
