"""A turn feels like a turn: the board is posted once, when the turn passes (or the game ends),
it pings only the player who must act now, and every step is answered privately with the
mover's updated hand and its menus."""
from __future__ import annotations

import pytest

from bot import EXTENSIONS
from engine import registry
from engine.base import name_seats
from tests.discord.harness import button_for, seeded
from tests.discord.helpers import current_match, start_challenge, to_move
from tests.discord.helpers import text_of


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=EXTENSIONS)


def pinged(env, message) -> list[int]:
    """Who the message notified (not merely named)."""
    return list(env.backend.get_message(message.channel.id, message.id).ping_user_ids)


def answer_of(result):
    return result.response


def assert_is_hand(result) -> None:
    answer = answer_of(result)
    # a command is answered privately; a click edits the hand it was made on
    assert answer.ephemeral or answer.message.guild is None or result.response is not None, answer
    assert text_of(answer).startswith("Move played."), text_of(answer)
    assert "your private view" in text_of(answer) and answer.attachments, "the answer is the updated hand"


async def test_a_battle_line_turn_is_one_board_and_one_ping(world):
    env, guild, channel, alice, bob, carol = world
    seeded(env, 5)
    thread = await start_challenge(channel, alice, bob, game="battleline")
    rules = registry.get("battleline")
    for _turn in range(3):
        mover = await to_move(env, [alice, bob])
        other = bob if mover is alice else alice
        match = await current_match(env)
        seat = match.seat_of(mover.id)
        boards_before = len(thread.history())
        play = next(a.id for a in rules.legal_actions(match.snapshot, seat) if a.id.startswith("play:")
                    and not a.id.split(":")[1].startswith("T-"))
        _verb, card, flag = play.split(":")[:3]
        result = await mover.slash(thread, "battleline play", card=card, flag=int(flag))  # no draw named
        assert_is_hand(result)
        steps = 1
        while (match := await current_match(env)).status == "active" and \
                rules.active_players(match.snapshot) == {seat}:
            assert len(thread.history()) == boards_before, "no board while the turn goes on"
            hand = answer_of(result).message
            assert "**Your move.**" in text_of(hand) and hand.components, "the hand carries the next step"
            legal = [a.id for a in rules.legal_actions(match.snapshot, seat)]
            action = next((a for a in ("draw:troop", "draw:tactics", "done") if a in legal), legal[0])
            button = await button_for(env.bot, hand, match, seat, action)  # a draw or a claim step: buttons
            assert button is not None, (action, legal)
            result = await mover.click(hand, custom_id=button.custom_id)
            assert_is_hand(result)
            steps += 1
        assert steps >= 2, "the card and the draw are separate steps"
        new = thread.history()[boards_before:]
        assert len(new) == 1, [text_of(m) for m in new]
        board = new[0]
        assert board.attachments and f"<@{other.id}>" in text_of(board)
        assert pinged(env, board) == [other.id], "only the player who must act is pinged"
        assert f"move {match.version}" in text_of(board)
        assert card.lower() in text_of(board).lower() or "plays" in text_of(board), "the card played is told"
        # the next player has their hand with its menus by DM; the mover got no extra DM
        dm = other.user.dm_channel.history()[-1]
        assert f"· move {match.version} ·" in text_of(dm) and dm.components


async def test_a_battalia_turn_is_one_board_and_one_ping(world):
    """Every step goes by `/match move` in the thread; boards appear only when the player who
    must decide changes, and ping exactly the people who must act."""
    env, guild, channel, alice, bob, carol = world
    seeded(env, 3)
    thread = await start_challenge(channel, alice, bob, game="battalia")
    rules = registry.get("battalia")
    members = {alice.id: alice, bob.id: bob}
    long_turns = 0
    for _turn in range(20):
        match = await current_match(env)
        if match.status != "active":
            break
        active = sorted(rules.active_players(match.snapshot))
        seat = active[0]
        mover = members[match.user_at(seat).user_id]
        boards_before = len(thread.history())
        steps = 0
        while True:
            action = rules.ai_choose(match.snapshot, seat, match.seed + match.version)
            result = await mover.slash(thread, "match move", action=action)
            assert_is_hand(result)
            steps += 1
            match = await current_match(env)
            if match.status != "active" or rules.active_players(match.snapshot) != {seat}:
                break
            assert len(thread.history()) == boards_before, f"a board was posted in the middle of a turn: {action}"
        new = thread.history()[boards_before:]
        assert len(new) == 1, [text_of(m)[:80] for m in new]
        to_act = [match.user_at(s).user_id for s in sorted(rules.active_players(match.snapshot))] \
            if match.status == "active" else []
        assert sorted(pinged(env, new[0])) == sorted(to_act)
        long_turns += steps >= 2
    assert long_turns >= 3, "several turns took more than one step, on one board each"


async def test_seat_order_in_playing_order_and_the_end_told_once(world):
    """The opening board lists the players from the one who moves first; the game-over board
    says how the game ended once, not in the move lines and again in the footer."""
    from tests.discord.players import battleline_choose as choose
    from tests.discord.helpers import bot_handle, thread_of
    env, guild, channel, alice, bob, carol = world
    seeded(env, 11)
    await alice.slash(channel, "battleline challenge", opponent=bot_handle(env))
    thread = thread_of(channel)
    match = await current_match(env)
    names = await env.bot.presenter.seat_names(match)
    first = registry.get("battleline").setup(2, dict(match.options), match.seed)["current"]  # before any move
    order = text_of(thread.history()[0]).split("Seat order: ", 1)[1]
    assert order.startswith(f"1. {names[first]}, 2. {names[1 - first]}"), order
    service = env.bot.service
    while (match := await current_match(env)).status == "active":
        seat = match.seat_of(alice.id)
        await service.act(match.id, alice.id, choose(match.snapshot, seat, match.seed + match.version))
    final = text_of(thread.history()[-1])
    reason = name_seats(match.result["reason"], names)
    assert "Game over" in final and reason and final.count(reason) == 1, final
    assert "  " not in final
