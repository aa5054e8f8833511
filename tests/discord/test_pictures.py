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
