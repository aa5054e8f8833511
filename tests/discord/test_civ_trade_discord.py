"""Trades between players of Sid Meier's Civilization through the real bot in simcord (spec R27-R29,
11.1 D10-D12): /civ trade offer makes and sends an offer with a promise; the offer and the promise reach
the recipient alone (its DM: the offer in the prompt with Accept / Decline / Counter buttons, the
promise as text only); Accept moves the goods, Decline changes nothing, Counter sends a
counter-offer back; a stale button answers clearly; a third player and the thread never see an
offer's contents."""
from __future__ import annotations

import pytest

from engine.civilization import RULES
from tests.discord.harness import FixedSeed
from tests.discord.helpers import buttons, current_match, moves_by_service, thread_of, with_button
from tests.discord.helpers import text_of

PROMISE = "I will keep my armies away from Rome for three turns"


@pytest.fixture
def simcord_bot(make_bot, virtual_clock):
    return make_bot(extensions=("cogs.matches", "cogs.civilization"), clock=virtual_clock)


async def three_people_in_the_trade_phase(env, channel, alice, bob, carol):
    env.bot.service.seed_source = FixedSeed(1)
    r = await alice.slash(channel, "civ challenge", opponent=bob, opponent2=carol, clock="none")
    assert r.ephemeral, text_of(r.response)
    for person in (bob, carol):
        await person.click(with_button(channel, "Accept"), label="Accept")
    thread = thread_of(channel)
    match = await moves_by_service(env, lambda m: m.snapshot["phase"] == "trade")
    return thread, match


def seat_goods(match, seat):
    area = match.snapshot["seats"][seat]
    return area["trade"], area["culture_tokens"], sorted(area["resources"]), len(area["culture_hand"])


def button_like(message, start: str) -> str:
    found = [b for b in buttons(message) if b.startswith(start)]
    assert found, (start, buttons(message))
    return found[0]


def hand_dm(member):
    """The member's newest DM with move buttons (its private hand; a promise comes after it)."""
    found = [m for m in member.user.dm_channel.history() if buttons(m)]
    assert found, "no hand with buttons"
    return found[-1]


def dm_texts(member) -> str:
    return "\n".join(text_of(m) for m in member.user.dm_channel.history()) if member.user.dm_channel else ""


async def test_offers_accept_decline_counter_and_privacy(play):
    """R27, D10-D12: an offer with a promise reaches only the recipient; Accept moves the goods,
    Decline changes nothing, Counter sends a counter-offer back; a third player never sees them."""
    env, guild, channel, alice, bob, carol = play
    thread, match = await three_people_in_the_trade_phase(env, channel, alice, bob, carol)
    a, b, c = (match.seat_of(p.id) for p in (alice, bob, carol))
    match.snapshot["seats"][a]["trade"] >= 2 or pytest.fail("the seed gives alice trade to offer")
    carol_dms_before = len(carol.user.dm_channel.history()) if carol.user.dm_channel else 0
    thread_before = len(thread.history())

    # 1. alice offers 1 trade with a promise: bob alone reads both; Accept moves the goods
    r = await alice.slash(thread, "civ trade offer", to=bob, give_trade=1, promise=PROMISE)
    assert r.ephemeral and "Offer sent with your promise" in text_of(r.response), text_of(r.response)
    match = await current_match(env)
    offer = match.snapshot["offers"][0]
    assert (offer["from"], offer["to"], offer["give"]["trade"]) == (a, b, 1)
    assert PROMISE in dm_texts(bob) and "not enforce" in dm_texts(bob)
    hand = hand_dm(bob)
    assert "offers you a trade" in text_of(hand), text_of(hand)
    for label in ("Accept", "Decline", "Counter"):
        button_like(hand, label)
    before = {s: seat_goods(match, s) for s in (a, b, c)}
    r = await bob.user.click(hand, label=button_like(hand, "Accept"))
    match = await current_match(env)
    assert seat_goods(match, a)[0] == before[a][0] - 1 and seat_goods(match, b)[0] == min(27, before[b][0] + 1)
    assert seat_goods(match, c) == before[c] and match.snapshot["offers"] == []
    # the answer edited that very hand: the settled offer's buttons are gone from it
    hand = bob.user.dm_channel.history()[-1] if r.response is None else r.response.message
    assert not [b for b in buttons(hand) if "Offer 1" in b], buttons(hand)
    assert (await current_match(env)).version == match.version

    # 2. Decline: nothing changes hands
    r = await alice.slash(thread, "civ trade offer", to=bob, give_trade=1)
    assert r.ephemeral and "Offer sent" in text_of(r.response)
    match = await current_match(env)
    before = {s: seat_goods(match, s) for s in (a, b, c)}
    await bob.user.click(hand_dm(bob), label=button_like(hand_dm(bob), "Decline"))
    match = await current_match(env)
    assert {s: seat_goods(match, s) for s in (a, b, c)} == before and match.snapshot["offers"] == []

    # 3. Counter: bob's counter-draft (the offer reversed) goes back to alice, who accepts it
    r = await alice.slash(thread, "civ trade offer", to=bob, give_trade=1)
    await bob.user.click(hand_dm(bob), label=button_like(hand_dm(bob), "Counter"))
    match = await current_match(env)
    draft = next(o for o in match.snapshot["offers"] if o["from"] == b)
    assert draft["status"] == "draft" and draft["to"] == a and draft["get"]["trade"] == 1
    r = await bob.slash(thread, "civ trade offer", ask_trade=1)
    assert r.ephemeral and "Offer sent" in text_of(r.response), text_of(r.response)
    match = await current_match(env)
    counter = match.snapshot["offers"][0]
    assert (counter["from"], counter["to"], counter["get"]["trade"], counter["status"]) == (b, a, 2, "sent")
    assert "offers you a trade" in text_of(hand_dm(alice))
    before = {s: seat_goods(match, s) for s in (a, b, c)}
    await alice.user.click(hand_dm(alice), label=button_like(hand_dm(alice), "Accept"))
    match = await current_match(env)
    assert seat_goods(match, a)[0] == before[a][0] - 2 and seat_goods(match, b)[0] == min(27, before[b][0] + 2)

    # the third player and the thread: no offer contents, no promise
    carol_new = "\n".join(text_of(m) for m in carol.user.dm_channel.history()[carol_dms_before:]) \
        if carol.user.dm_channel else ""
    assert PROMISE not in carol_new and "offers you" not in carol_new and "Your draft" not in carol_new
    told = "\n".join(text_of(m) for m in thread.history()[thread_before:])
    assert PROMISE not in told and "offers you" not in told
    assert "An offer is waiting for an answer" in told, told[-500:]             # a count, never a name
    # the window stays open: drafts, offers and answers are told in lines, with no new board
    assert not [m for m in thread.history()[thread_before:] if m.attachments]
    assert not [line for line in told.splitlines() if "still trading" in line and bob.name in line]
    assert RULES.view(match.snapshot, c)["offers"] == []
