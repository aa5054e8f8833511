"""Pictures through the real bot: drawn in the worker processes, and only what someone sees
(one board per turn; a hand only when what it shows changed)."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from cogs import pictures as pool
from render.battleline import render_board
from tests.discord.harness import due, move_by_command, seeded
from tests.discord.helpers import last_dm, thread_of
from tests.discord.helpers import text_of


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=("cogs.matches", "cogs.battleline"))


class Drawn:
    """Which pictures the bot asked for: (kind, the seat a hand belongs to or None)."""

    def __init__(self, pictures):
        self.calls: list[tuple[str, str]] = []
        board, hand = pictures.board, pictures.hand

        async def counted_board(game, view, names, lang):
            self.calls.append(("board", None))
            return await board(game, view, names, lang)

        async def counted_hand(game, view, names, lang):
            self.calls.append(("hand", view.get("viewer")))
            return await hand(game, view, names, lang)
        pictures.board, pictures.hand = counted_board, counted_hand

    def take(self) -> list[tuple[str, str]]:
        calls, self.calls = self.calls, []
        return calls


async def test_a_turn_draws_one_board_and_only_the_changed_hands(world):
    env, guild, channel, alice, bob, _carol = world
    seeded(env, 5)
    assert env.bot.pictures.workers >= 1  # the bot draws in worker processes, not on its loop
    r = await alice.slash(channel, "battleline challenge", opponent=bob)
    assert r.ephemeral
    await bob.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    drawn = Drawn(env.bot.pictures)
    members = [alice, bob]
    for _turn in range(4):
        match, seat, member = await due(env, members)
        other = members[1 - members.index(member)]
        other_dms = len(other.user.dm_channel.history())
        play = next(a.id for a in env.bot.service.legal_actions(match, seat) if a.id.startswith("play:"))
        await move_by_command(member, thread, match, seat, play)
        # the mover still holds the turn: their hand is drawn for the answer, no board yet
        assert drawn.take() == [("hand", seat)]
        match = await env.bot.service.get(match.id)
        draw = next(a.id for a in env.bot.service.legal_actions(match, seat) if a.id.startswith("draw:"))
        await move_by_command(member, thread, match, seat, draw)
        calls = drawn.take()
        # the turn passes: one board, the mover's new hand; the next player's hand did not
        # change, so it is not drawn again, yet their turn notice still shows it
        assert calls.count(("board", None)) == 1 and calls.count(("hand", seat)) == 1, calls
        assert len(calls) == 2, calls
        assert len(other.user.dm_channel.history()) == other_dms + 1
        notice = last_dm(other)
        assert notice.attachments and "Your move" in text_of(notice)
    # the board in the thread is the public picture, as drawn in the bot's own process
    match = await env.bot.service.get(1)
    posted = thread.history()[-1].attachments[0]
    names = await env.bot.presenter.seat_names(match)
    expected = render_board(env.bot.service.public_view(match), names, "en")
    data = posted.data if hasattr(posted, "data") else await posted.read()
    assert Image.open(io.BytesIO(data)).tobytes() == Image.open(io.BytesIO(expected)).tobytes()
    assert pool.STATS["board"] >= 4


async def test_a_hand_message_edited_with_the_same_picture_keeps_it_and_a_new_picture_replaces_it(world):
    """A hand message is edited in place; when its picture did not change, the edit keeps the
    attachment it has (nothing uploaded again, nothing reloaded on the player's screen), and when
    it changed, the new picture replaces it."""
    env, guild, channel, alice, bob, _carol = world
    seeded(env, 5)
    await alice.slash(channel, "battleline challenge", opponent=bob)
    await bob.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    members = [alice, bob]
    match, seat, member = await due(env, members)

    def hand_message():
        return next(m for m in reversed(member.user.dm_channel.history()) if f"match #{match.id}" in text_of(m))

    async def picture(message) -> bytes:
        shown = message.attachments[0]
        return shown.data if hasattr(shown, "data") else await shown.read()

    before = hand_message()
    dms = len(member.user.dm_channel.history())
    play = next(a.id for a in env.bot.service.legal_actions(match, seat) if a.id.startswith("play:"))
    await move_by_command(member, thread, match, seat, play)
    played = hand_message()
    assert played.id == before.id and len(member.user.dm_channel.history()) == dms   # edited in place
    assert played.attachments[0].id != before.attachments[0].id                      # a card fewer
    assert await picture(played) != await picture(before)
    match = await env.bot.service.get(match.id)
    await env.bot.presenter.send_private(match, seat)   # brought up to date again: nothing changed
    again = hand_message()
    assert again.id == played.id and len(again.attachments) == 1
    assert again.attachments[0].id == played.attachments[0].id
    assert await picture(again) == await picture(played)
    # the attachment kept as shown is gone (another edit changed it): the picture is uploaded after all
    kept = env.bot.presenter._hand_pictures[(match.id, seat)]
    env.bot.presenter._hand_pictures[(match.id, seat)] = (kept[0], before.attachments[0], kept[2])
    await env.bot.presenter.send_private(match, seat)
    last = hand_message()
    assert last.id == played.id and len(member.user.dm_channel.history()) == dms
    assert await picture(last) == await picture(played)
    assert list(env.bot.unexpected_errors) == []
