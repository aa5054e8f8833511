"""A 2v2 team game through /match in simcord: four players choose at the same time and in
secret (a move of three choices, made through the toolkit's step picker and through the
generated command), a team's win is a win for both members in the result, the ratings and
/stats."""
from __future__ import annotations

import random

import pytest

from engine import registry
from render import registry as renderers
from tests import teamgame
from tests.discord.helpers import ANSWERS, current_match, remember_answer, thread_of, version_shown, walk_move
from tests.discord.helpers import text_of

SEED = 1
registry.register(teamgame.RULES)
renderers.register("teamduel", teamgame)


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=("cogs.matches", "cogs.games", "cogs.tournaments"))


def newest_hand(member):
    dm = member.user.dm_channel.history()[-1] if member.user.dm_channel and member.user.dm_channel.history() \
        else None
    return max((m for m in (dm, ANSWERS.get(member.id)) if m is not None), key=version_shown)


async def test_a_two_against_two_game_is_won_by_both_members(world):
    env, guild, channel, alice, bob, carol = world
    dave = guild.add_member(env.create_user("dave"))
    members = [alice, bob, carol, dave]
    env.bot.service.seed_source = random.Random(SEED)  # a deal the teams do not tie (TD6)
    r = await alice.slash(channel, "match new", game="teamduel", opponent=bob, opponent2=carol, opponent3=dave,
                          options="rounds=2")
    assert "Challenge #" in text_of(r.response), text_of(r.response)
    for m in (bob, carol, dave):
        await m.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    opening = text_of(thread.history()[0])
    assert "Teams:" in opening and "Options: rounds 2" in opening, opening
    match = await current_match(env)
    assert match.options == {"rounds": 2}
    by_seat = {match.seat_of(m.id): m for m in members}

    for round_no in range(2):
        match = await current_match(env)
        assert env.bot.service.rules(match).active_players(match.snapshot) == {0, 1, 2, 3}, "TD3: all choose at once"
        for n, seat in enumerate(range(4)):
            member = by_seat[seat]
            match = await current_match(env)
            action = teamgame.RULES.ai_choose(match.snapshot, seat, 7 + seat + round_no)
            if n == 3 and round_no == 1:
                # the generated command: the three choices typed as one value
                _verb, card, lane, stance = action.split(":")
                offered = await member.autocomplete(thread, "teamduel move", "move", "")
                assert f"{card} {lane} {stance}" in [c["value"] for c in offered], offered
                result = await member.slash(thread, "teamduel move", move=f"{card} {lane} {stance}")
            else:
                # the step picker: card, then lane, then stance (a menu made before the others
                # chose still works: their choices did not change this seat's moves)
                hand = newest_hand(member)
                who = member if getattr(hand, "guild", None) is not None else member.user
                result = await walk_move(who, hand, env.bot, match, seat, action)
                # three choices in two clicks: the hand has one menu per card (its lanes), and
                # the answer asks the stance
                assert result.clicks == 2, result.clicks
            assert text_of(result.response).startswith("Move played."), text_of(result.response)
            remember_answer(member, result)
            if n < 3:
                told = text_of(thread.history()[-1])
                assert f"Waiting for {3 - n} player" in told, told
                # TD4: nobody else learns the choice before all have chosen
                card = action.split(":")[1]
                assert teamgame.card_label(card) not in told and card not in told, told
                for other in members:
                    if other is not member and other.user.dm_channel:
                        assert card not in text_of(other.user.dm_channel.history()[-1])

    match = await current_match(env)
    assert match.status == "finished"
    teams = match.result["teams"]
    assert sorted(map(sorted, teams)) == [[0, 2], [1, 3]]
    winners = set(match.result["winners"])
    assert winners and any(winners == set(team) for team in teams), "TD6: a whole team wins"
    winning = [by_seat[s] for s in sorted(winners)]
    losing = [m for m in members if m not in winning]
    changes = match.meta["rating_changes"]
    for seat, (before, after) in changes.items():
        assert (after > before) == (int(seat) in winners), (seat, before, after)

    for member in winning:
        r = await member.slash(channel, "stats")
        text = str([e.to_dict() for e in r.response.embeds])
        assert "1 won" in text and "0 drawn" in text, text
    r = await losing[0].slash(channel, "stats")
    assert "1 lost" in str([e.to_dict() for e in r.response.embeds])
