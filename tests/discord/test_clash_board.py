"""Issue 34, Clash of Rage: the board assembled by the players from the region tiles (the seed's free
layout, option `board: assembled`), through the real bot in simcord. The challenge takes the
option; the first player lays a tile by the step menus on the private hand (tile, side, place, turn), the
second by the typed command (a tile already laid refused, nothing changed);
the thread's board shows the partly assembled board after each tile; then the game is played on
that board to its end."""
from __future__ import annotations

import io

import pytest
from PIL import Image

from engine.clash_of_rage import rounds
from tests.discord.harness import FixedSeed
from tests.discord.helpers import current_match, last_dm, moves_by_service, text_of, thread_of, walk_move


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=("cogs.matches", "cogs.clash_of_rage"))


def newest_board(thread):
    return next(m for m in reversed(thread.history()) if m.attachments)


async def picture(message) -> Image.Image:
    return Image.open(io.BytesIO(await message.attachments[0].read()))


async def test_a_board_assembled_tile_by_tile_then_played(world):
    env, _guild, channel, alice, bob, _carol = world
    env.bot.service.seed_source = FixedSeed(4)
    r = await alice.slash(channel, "clash challenge", opponent=bob, clock="none", board="assembled", rounds=1)
    assert "Challenge #" in text_of(r.response), text_of(r.response)
    await bob.click(channel.history()[-1], label="Accept")
    match = await current_match(env)
    assert match.options.get("board") == "assembled"
    assert match.snapshot["phase"] == "assembly" and match.snapshot["tiles"] == []
    thread = thread_of(channel)
    people = {match.seat_of(alice.id): alice, match.seat_of(bob.id): bob}
    seen = [await picture(newest_board(thread))]
    wanted = ["tile:4B:first:2", "tile:1A:1SW:5"]       # a turned tile, then one beside its SW hex
    for n, action_id in enumerate(wanted):
        match = await current_match(env)
        (seat,) = env.bot.service.rules(match).active_players(match.snapshot)
        assert seat == n, "the tiles are laid in seat order (house rule A1)"
        who = people[seat]
        if n == 0:      # by the step menus on the hand: tile, side, turn (the only place is taken)
            result = await walk_move(who.user, last_dm(who), env.bot, match, seat, action_id)
            assert result.clicks == 3, result.clicks
            assert text_of(result.response).startswith("Move played."), text_of(result.response)
        else:           # by the typed command, one option a step
            _verb, side, place, turn = action_id.split(":")
            refused = await who.slash(thread, "clash tile", tile="4", side="A", place=place, turn=turn)
            said_ = text_of(refused.followups[-1] if refused.followups else refused.response)
            assert said_.startswith("That is not one of your moves now"), said_
            assert (await current_match(env)).version == match.version, "tile 4 is laid already: nothing changed"
            result = await who.slash(thread, "clash tile", tile=side[:-1], side=side[-1], place=place, turn=turn)
        log = await env.bot.store.actions(match.id)
        assert log[match.version][1:3] == (seat, action_id)
        board = newest_board(thread)
        seen.append(await picture(board))
        assert "lays region tile" in text_of(board) or "lays region tile" in "\n".join(
            text_of(m) for m in thread.history()[-3:])
    assert all(p.width == 1200 for p in seen)
    assert len({p.tobytes() for p in seen}) == len(seen), "each tile laid changes the board"
    seen[-1].save("/tmp/clash_assembled_board.png")
    match = await current_match(env)
    state = match.snapshot
    assert state["phase"] != "assembly" and [t["side"] for t in state["tiles"]] == ["4B", "1A"]
    bare = rounds.bare_board(state)
    assert set(state["elves"]) == set(bare.of_terrain("city")) | set(bare.of_terrain("forge"))
    # then the game is played on that board, to its end (one round)
    match = await moves_by_service(env, lambda m: m.status != "active", limit=3000, unseen=True)
    assert match.status == "finished" and match.snapshot["tiles"] == state["tiles"]
    assert match.snapshot["result"]["winners"]
    assert "Game over" in text_of(thread.history()[-1])
