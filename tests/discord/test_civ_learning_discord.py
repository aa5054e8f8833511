"""Civilization's declared options through the real bot in simcord (spec section 8, T52, G40):
`/match new` with `learning=yes turns=1` stores the options, shows them on the opening message and
deals no Egypt, Rome or wonder; bad values are refused in a sentence; the game played to its turn
limit ends with no winner, reads as a draw, and is not rated (the learning game has no winner or
loser)."""
from __future__ import annotations

import pytest

from engine.civilization import RULES
from tests.discord.helpers import current_match, thread_of
from tests.discord.helpers import text_of


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=("cogs.matches", "cogs.civilization", "cogs.tournaments"))


async def test_section_8_g40_a_learning_game_through_match_new_ends_with_no_winner_and_no_rating(play):
    env, guild, channel, alice, bob, carol = play
    for bad in ("turns=500", "learning=maybe", "turns=many"):
        r = await alice.slash(channel, "match new", game="civilization", opponent=bob, options=bad)
        assert r.ephemeral and "Challenge #" not in text_of(r.response), (bad, text_of(r.response))
    r = await alice.slash(channel, "match new", game="civilization", opponent=bob, options="learning=yes turns=1")
    assert "Challenge #" in text_of(r.response), text_of(r.response)
    await bob.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    opening = text_of(thread.history()[0])
    assert "Options:" in opening and "learning game on" in opening and "turn limit 1" in opening, opening
    match = await current_match(env)
    assert match.options == {"learning": True, "turns": 1}
    state = match.snapshot
    assert {a["civ"] for a in state["seats"]}.isdisjoint({"egypt", "rome"})
    assert state["decks"]["wonder_market"] == [] and state["decks"]["wonders"] == []
    users = {match.seat_of(m.id): m for m in (alice, bob)}
    for n in range(3000):                               # both people play the computer's choices
        match = await current_match(env)
        if match.status != "active":
            break
        seat = min(RULES.active_players(match.snapshot))
        await env.bot.service.act(match.id, users[seat].id, RULES.ai_choose(match.snapshot, seat, n))
    match = await current_match(env)
    assert match.status == "finished" and match.result["winners"] == []
    assert match.snapshot["turn"] == 1
    assert "rating_changes" not in match.meta, "a learning game is not rated"
    final = text_of(thread.history()[-1])
    assert "Game over" in final and "no winner" in final, final
