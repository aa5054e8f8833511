"""Issue 33, Clash of Rage: an ordinary group move is one interaction. The hand carries a menu of
whole group moves (each option a complete move: from, units, to; the most useful first), and
choosing an option plays that move. A choice from a hand the match has moved past is refused as
out of date, and a choice that is no legal move is refused: nothing changes either way. The step
menus and the form stay on the hand for every move (tests/discord/test_move_forms.py)."""
from __future__ import annotations

import discord
import pytest

from cogs.ui.picker import WHOLE_PAGE, WholeMoveSelect, fingerprint
from tests.discord.harness import FixedSeed
from tests.discord.helpers import children, current_match, last_dm, moves_by_service, said, text_of, version_shown


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=("cogs.matches", "cogs.clash_of_rage"))


async def start(env, channel, alice, bob, seed: int = 1):
    env.bot.service.seed_source = FixedSeed(seed)
    r = await alice.slash(channel, "clash challenge", opponent=bob, clock="none", rounds=1)
    assert "Challenge #" in text_of(r.response), text_of(r.response)
    await bob.click(channel.history()[-1], label="Accept")
    return await current_match(env)


def whole_menu(hand) -> discord.SelectMenu | None:
    return next((c for c in children(hand) if isinstance(c, discord.SelectMenu)
                 and (c.custom_id or "").startswith("ui:whole:")), None)


async def alice_may_move_a_group(env, alice):
    service = env.bot.service

    def until(match) -> bool:
        seat = match.seat_of(alice.id)
        return (match.status == "active" and seat in service.rules(match).active_players(match.snapshot)
                and sum(a.id.startswith("move:") for a in service.legal_actions(match, seat)) >= 2)
    match = await moves_by_service(env, until)
    hand = last_dm(alice)
    assert version_shown(hand) == match.version, text_of(hand)
    return match, match.seat_of(alice.id), hand


async def test_a_group_move_is_one_interaction_and_a_stale_or_illegal_choice_changes_nothing(world):
    env, _guild, channel, alice, bob, _carol = world
    await start(env, channel, alice, bob)
    match, seat, hand = await alice_may_move_a_group(env, alice)
    actions = await env.bot.presenter.named_actions(match, seat)
    moves = [a.id for a in actions if a.id.startswith("move:")]
    menu = whole_menu(hand)
    assert menu is not None, "the hand has the menu of whole group moves"
    offered = [o.value for o in menu.options if o.value.startswith("move:")]
    assert set(offered) <= set(moves) and len(offered) == min(len(moves), WHOLE_PAGE)
    assert all(o.label for o in menu.options)
    # the step menus are still there for the rest
    assert any((c.custom_id or "").startswith("ui:step:") for c in children(hand))
    # the same hand, asked privately by command, before the move (it will be stale after it)
    asked = await alice.slash(channel, "clash hand")
    stale = (asked.followups[-1] if asked.followups else asked.response)
    stale = getattr(stale, "message", stale)

    # one interaction: one choice in the menu plays the whole move
    chosen = offered[0]
    interactions = 0
    r = await alice.user.select(hand, [chosen], custom_id=menu.custom_id)
    interactions += 1
    assert interactions == 1
    assert text_of(r.response).startswith("Move played."), said(r)
    log = await env.bot.store.actions(match.id)
    assert log[match.version][1:3] == (seat, chosen), "the choice is the next row of the log, whole"
    after = await current_match(env)
    assert after.version == match.version + 1

    # stale: the menu of the hand shown before the move is refused, nothing changed
    old = whole_menu(stale)
    assert old is not None and f":{match.version}:" in old.custom_id
    other = next((o.value for o in old.options if o.value.startswith("move:") and o.value != chosen), chosen)
    r = await alice.select(stale, [other], custom_id=old.custom_id)
    assert "out of date" in said(r), said(r)
    now = await current_match(env)
    assert now.version == after.version and now.snapshot == after.snapshot

    # illegal: a menu made for the current position carrying a move that is not legal is refused
    if seat not in env.bot.service.rules(now).active_players(now.snapshot):
        return
    actions = await env.bot.presenter.named_actions(now, seat)
    mark = fingerprint(actions)
    index = int(old.custom_id.split(":")[4])
    select = WholeMoveSelect(now.id, now.version, index, 0, mark, [
        discord.SelectOption(label="forged", value="move:1C:9N:nobody*9")], "forged")
    view = discord.ui.View(timeout=None)
    view.add_item(select)
    await (await env.bot.fetch_user(alice.id)).send("forged", view=view)
    r = await alice.user.select(alice.user.dm_channel.history()[-1], ["move:1C:9N:nobody*9"],
                                custom_id=select.custom_id)
    assert "out of date" in said(r), said(r)
    final = await current_match(env)
    assert final.version == now.version and final.snapshot == now.snapshot


def test_whole_moves_rank_a_whole_group_before_part_of_it():
    """The engine lists the group moves (and so the menu shows them) the most useful first: a
    whole group (every model of that type that may go) before part of it."""
    from engine.clash_of_rage import RULES
    state = RULES.setup(2, {}, 3)
    for _ in range(400):
        seat = min(RULES.active_players(state))
        legal = RULES.legal_actions(state, seat)
        moves = [a for a in legal if a.id.startswith("move:")]
        if len({a.id.rsplit("*", 1)[-1] for a in moves if "*" in a.id}) > 1:
            break
        state = RULES.apply(state, seat, RULES.ai_choose(state, seat, 7))[0]
    else:
        pytest.fail("no group of several units to move")
    ranked = [a.id for a in WholeMoveSelect.moves(legal, "move")]
    assert ranked == [a.id for a in moves]
    largest = {}
    for m in ranked:
        _, where, _to, group = m.split(":")
        kind, _, n = group.partition("*")
        largest[(where, kind)] = max(largest.get((where, kind), 0), int(n or 1))
    whole = [int(m.split(":")[3].partition("*")[2] or 1) == largest[(m.split(":")[1], m.split(":")[3].partition("*")[0])]
             for m in ranked]
    assert whole == sorted(whole, reverse=True), "every whole group comes before any part of one"


def test_more_whole_moves_than_a_menu_holds_page_on():
    """Discord holds 25 options: 24 whole moves a page, the last option leads to the next page
    (and from the last page back to the first); no move is left out."""
    from types import SimpleNamespace

    from engine.text import Msg
    from engine.base import Action, Choice
    match = SimpleNamespace(id=7, version=3)
    head = Choice("move", Msg("Move"))
    moves = [Action(f"move:1C:1N:unit*{n}", Msg("{n} × unit", n=n), "move", (head, Choice(str(n), Msg("{n} × unit", n=n))))
             for n in range(1, 31)]
    pages = [WholeMoveSelect.at(match, moves, 2, "move", page, "abcdef", "en") for page in (0, 1)]
    shown = [[o.value for o in p.item.options] for p in pages]
    assert len(shown[0]) == 25 and shown[0][-1] == "p1" and shown[1][-1] == "p0"
    assert shown[0][:-1] + shown[1][:-1] == [m.id for m in moves]
    assert pages[0].item.custom_id == "ui:whole:7:3:2:0:abcdef" and "(1/2)" in pages[0].item.placeholder
    single = WholeMoveSelect.at(match, moves[:5], 2, "move", 0, "abcdef", "en")
    assert [o.value for o in single.item.options] == [m.id for m in moves[:5]]
