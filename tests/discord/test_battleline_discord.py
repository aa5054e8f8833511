"""Battle Line on Discord, through the real bot in simcord: whole games by /battleline commands,
by the menus on the private hand (DMs open and closed) and against the computer; autocomplete
offers only legal choices; the public thread never shows a hand card."""
from __future__ import annotations

import types

import discord
import pytest

from cogs.battleline import PickSelect, move_items
import engine.battleline.rules as rules_module
from engine.base import name_seats
from engine.battleline import RULES, explain_claim
from engine.battleline.proof import check_claim
from matches import STALE_MESSAGE
from tests.discord.bl_helpers import (HandSource, assert_thread_hides_hands, choose, due, move_by_command,
                                      move_by_components, seeded, selects_of)
from tests.discord.helpers import bot_handle, current_match, last_dm, thread_of

# seeds (k of `seeded`) whose games, with our test player, use every guile tactic, a Scout with
# deck choices, a Mud discard (D5) and an early "done"; see bl_helpers.choose
COMMANDS_GAME = 238
COMPONENTS_GAME = 267
SETUP_SEED = 5


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=("cogs.matches", "cogs.battleline"))


async def challenge(env, channel, challenger, opponent, **options):
    r = await challenger.slash(channel, "battleline challenge", opponent=opponent, **options)
    assert r.ephemeral and "Challenge #" in r.response.content, r.response.content
    await opponent.click(channel.history()[-1], label="Accept")
    return thread_of(channel)


async def test_full_game_by_slash_commands(world):
    env, guild, channel, alice, bob, carol = world
    seeded(env, COMMANDS_GAME)
    thread = await challenge(env, channel, alice, bob)
    members, used = [alice, bob], set()
    while (match := await current_match(env)).status == "active":
        match, seat, member = await due(env, members)
        action = choose(match.snapshot, seat, match.seed + match.version)
        await move_by_command(member, thread, match, seat, action, used)
        assert (await current_match(env)).version > match.version
    assert {"battleline play", "battleline tactic", "battleline claim", "battleline draw"} <= used, used
    log = [a for _q, _s, a, _t in await env.bot.store.actions(match.id)]
    assert any(a.startswith("muddiscard:") for a in log) and any(a.startswith("scout:return:") for a in log)
    assert match.status == "finished" and "Game over" in thread.history()[-1].content
    assert await env.bot.service.replay(match.id) == match.snapshot
    assert await assert_thread_hides_hands(env, thread) > 50
    await check_log_pages(env, thread, carol, match)


async def check_log_pages(env, thread, viewer, match):
    """/match log opens on the latest page; its buttons walk back to the first move, with no
    hidden card in any line (the viewer is a spectator)."""
    entries = len(await env.bot.service.history(match.id))
    r = await viewer.slash(thread, "match log", match=match.id)
    pages = -(-entries // 20)
    assert f"page {pages} of {pages}" in r.response.content and pages > 2
    message, seen = r.response, [r.response.content]
    for page in range(pages - 1, 0, -1):
        r = await viewer.click(message, label="◀ Earlier")
        message = r.response  # the ephemeral answer, edited in place
        seen.append(message.content)
        assert f"page {page} of {pages}" in message.content, message.content
    assert "\n1. " in seen[-1]
    numbered = [line for text in seen for line in text.splitlines() if line[:1].isdigit()]
    assert len(numbered) == entries and "Player 1" not in "".join(numbered)


async def test_full_game_by_hand_menus_one_player_without_dms(world):
    env, guild, channel, alice, bob, carol = world
    seeded(env, COMPONENTS_GAME)
    dm_id = bob.user.dm_channel.id
    env.inject_error("POST", f"/channels/{dm_id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    thread = await challenge(env, channel, alice, bob)
    assert len([m for m in thread.history() if "your DMs are closed" in m.content]) == 1
    sources = {alice.id: HandSource(alice, thread), bob.id: HandSource(bob, thread, dm_closed=True)}
    ordinary_turns = 0
    while (match := await current_match(env)).status == "active":
        match, seat, member = await due(env, [alice, bob])
        action = choose(match.snapshot, seat, match.seed + match.version)
        await move_by_components(sources[member.id], match, seat, action)
        after = await current_match(env)
        # a card played at a flag and a card drawn: two clicks (card, flag), and the turn has passed
        if len(action.split(":")) == 3 and action.startswith("play:") and after.version == match.version + 2:
            ordinary_turns += 1
            assert after.status != "active" or RULES.active_players(after.snapshot) != {seat}
    assert ordinary_turns > 10
    log = [a for _q, _s, a, _t in await env.bot.store.actions(match.id)]
    for kind in ("play:T-SCOUT", "play:T-REDEPLOY", "play:T-DESERTER", "play:T-TRAITOR", "scout:draw",
                 "muddiscard", "claim", "done"):
        assert any(a.startswith(kind) for a in log), kind
    assert match.status == "finished"
    assert await assert_thread_hides_hands(env, thread) > 50
    # DMs to bob were tried once only; his hand came by ephemeral answers, never into the thread
    assert len([m for m in thread.history() if "your DMs are closed" in m.content]) == 1
    assert not [m for m in thread.history() if "your private view" in m.content]


async def test_full_game_against_the_computer(world):
    env, guild, channel, alice, bob, carol = world
    seeded(env, 11)
    r = await alice.slash(channel, "battleline challenge", opponent=bot_handle(env), variant="advanced")
    assert "has started" in r.response.content, r.response.content
    match = await current_match(env)
    assert match.options == {"variant": "advanced"} and any(s.is_ai for s in match.seats)
    thread = thread_of(channel)
    source = HandSource(alice, thread)
    alice_seat = match.seat_of(alice.id)
    turn = 0
    while (match := await current_match(env)).status == "active":
        # the computer never keeps anyone waiting: whenever we look, it is alice's move
        assert RULES.active_players(match.snapshot) == {alice_seat}
        action = choose(match.snapshot, alice_seat, match.seed + match.version)
        if turn % 2:
            await move_by_components(source, match, alice_seat, action)
        else:
            await move_by_command(alice, thread, match, alice_seat, action)
        turn += 1
    seats = {s for _q, s, _a, _t in await env.bot.store.actions(match.id)}
    assert seats == {0, 1} and match.status == "finished"
    assert "Game over" in thread.history()[-1].content


async def _play_to_fill_flag_one(env, members) -> None:
    """Through the service: the first player puts three cards on flag 1, the other plays
    elsewhere; claim steps are finished and draws taken from the troop deck."""
    service = env.bot.service
    first = (await current_match(env)).snapshot["current"]
    while True:
        match, seat, member = await due(env, members)
        state = match.snapshot
        mine = state["flags"][0]["sides"][0 if state["flags"][0]["seats"][0] == first else 1]["cards"]
        if seat == first and len(mine) == 3 and state["step"] == "play":
            return
        ids = [a.id for a in RULES.legal_actions(state, seat)]
        if state["step"] == "claim":
            action = "done"
        elif state["step"] == "draw":
            action = "draw:troop"
        else:
            flag = "1" if seat == first else "9"
            action = next(a for a in ids if a.startswith("play:") and a.endswith(f":{flag}")
                          and not a.startswith("play:T-"))
        await service.act(match.id, member.id, action)


async def test_autocomplete_offers_only_legal_choices_and_illegal_commands_change_nothing(world):
    env, guild, channel, alice, bob, carol = world
    seeded(env, SETUP_SEED)
    thread = await challenge(env, channel, alice, bob, variant="standard", games=1)
    first_mover = (await due(env, [alice, bob]))[2]
    stale_dm = last_dm(first_mover)
    await _play_to_fill_flag_one(env, [alice, bob])
    match, seat, mover = await due(env, [alice, bob])
    waiter = bob if mover is alice else alice
    state = match.snapshot
    hand = state["hands"][seat]
    on_flag_one = [s for s in state["flags"][0]["sides"] if len(s["cards"]) == 3][0]["cards"]

    cards = [c["value"] for c in await mover.autocomplete(thread, "battleline play", "card", "")]
    playable = {a.id.split(":")[1] for a in RULES.legal_actions(state, seat) if a.id.count(":") == 2}
    assert set(cards) == playable and playable <= set(hand)
    assert not set(cards) & set(on_flag_one)
    assert [c["value"] for c in await mover.autocomplete(thread, "battleline play", "card", hand[0][:3])] \
        == [c for c in cards if c.startswith(hand[0][:3])]
    flags = [c["value"] for c in await mover.autocomplete(thread, "battleline play", "flag", "", card=cards[0])]
    assert 1 not in flags and flags == [n for n in range(2, 10)]  # flag 1 is full on the mover's side
    assert await mover.autocomplete(thread, "battleline play", "flag", "", card=on_flag_one[0]) == []
    assert await waiter.autocomplete(thread, "battleline play", "card", "") == []  # not his turn
    decks = [c["value"] for c in await mover.autocomplete(thread, "battleline draw", "deck", "")]
    assert decks == ["troop", "tactics"]
    assert await mover.autocomplete(thread, "battleline claim", "flags", "") == []  # not the claim step

    async def refused(member, name, **options):
        r = await member.slash(thread, name, **options)
        assert r.ephemeral
        assert (await current_match(env)).version == match.version, "a refused command changed the match"
        return r.response.content

    assert await refused(mover, "battleline play", card=cards[0], flag=1) == "Flag 1 already has three of your cards."
    not_held = next(c for c in ("red7", "blue3", "green9", "purple1") if c not in hand)
    assert (await refused(mover, "battleline play", card=not_held, flag=2)).startswith("You do not hold")
    assert await refused(waiter, "battleline play", card=cards[0], flag=2) == "It is not your turn."
    assert "must play a card" in await refused(mover, "battleline pass")
    assert await refused(mover, "battleline draw", deck="troop") == "You cannot do that now. Play a card first."
    assert "/battleline tactic" in await refused(mover, "battleline play", card="T-SCOUT", flag=2)
    assert await refused(carol, "battleline hand") == "You are not playing in this match."
    # a claim the table cannot prove is refused with a witness from public cards only
    assert not check_claim(state, seat, 1).valid
    text = await refused(mover, "battleline claim", flags="1")
    names = await env.bot.presenter.seat_names(match)
    explained = name_seats(explain_claim(state, seat, 1), names)  # players by name, never "Player 2"
    assert "Player " not in explained
    assert text.startswith("Flag 1: " + explained) and "would still beat you" in text
    assert await refused(mover, "battleline proof", flag=1) == explained
    # a menu from before the last moves is stale and changes nothing
    menu = selects_of(stale_dm, "play")[0]
    r = await first_mover.user.select(stale_dm, [menu.options[0].value], custom_id=menu.custom_id)
    assert r.response.content == STALE_MESSAGE
    assert (await current_match(env)).version == match.version
    # and the legal move still goes through with its draw in one command
    r = await mover.slash(thread, "battleline play", card=cards[0], flag=2, draw="troop")
    assert r.response.content.startswith("Move played. You drew "), r.response.content
    assert (await current_match(env)).version == match.version + 2
    await assert_thread_hides_hands(env, thread)


async def test_hand_menus_survive_a_restart_and_one_click_plays_and_draws(world, make_bot):
    env, guild, channel, alice, bob, carol = world
    seeded(env, SETUP_SEED)
    await challenge(env, channel, alice, bob)
    match, seat, mover = await due(env, [alice, bob])
    dm = last_dm(mover)
    await env.restart_bot(make_bot(extensions=("cogs.matches", "cogs.battleline")))  # same database
    card = selects_of(dm, "play")[0].options[0].value
    r = await mover.user.select(dm, [card], custom_id=selects_of(dm, "play")[0].custom_id)
    assert r.response.ephemeral and "choose a flag" in r.response.content, r.response.content
    troop_menu, tactics_menu = selects_of(r.response.message, f"play:{card}")
    assert "troop deck" in troop_menu.placeholder and "tactics deck" in tactics_menu.placeholder
    assert [o.value for o in tactics_menu.options] == [str(n) for n in range(1, 10)]
    r = await mover.user.select(r.response.message, ["4"], custom_id=tactics_menu.custom_id)
    assert r.response.content.startswith("Move played. You drew "), r.response.content
    after = await current_match(env)
    assert after.version == 2 and RULES.active_players(after.snapshot) != {seat}
    assert [a for _q, _s, a, _t in await env.bot.store.actions(after.id)] == [f"play:{card}:4", "draw:tactics"]


async def test_rules_answer_privately_with_our_design_decisions(world):
    env, guild, channel, alice, *_ = world
    r = await alice.slash(channel, "battleline rules")
    assert r.ephemeral and "three adjacent flags or any five" in r.response.content
    decisions = r.followups[0]
    assert decisions.ephemeral and "ours" in decisions.content
    for decision in ("D7", "D14", "D16"):
        assert decision in decisions.content
    assert len(r.response.content) <= 2000 and len(decisions.content) <= 2000


async def test_three_player_challenge_and_series_option(world):
    env, guild, channel, alice, bob, carol = world
    await alice.slash(channel, "battleline challenge", opponent=bob, opponent2=carol, games=15)
    lobby = channel.history()[-1]
    await bob.click(lobby, label="Accept")
    await carol.click(lobby, label="Accept")
    match = await current_match(env)
    assert match.status == "active" and len(match.seats) == 3 and match.options["series_target"] == 15
    assert match.snapshot["tactics_deck"] == []  # R61: no tactics with three players
    _m, seat, mover = await due(env, [alice, bob, carol])
    offered = {c["value"] for c in await mover.autocomplete(thread_of(channel), "battleline play", "flag", "",
                                                            card=match.snapshot["hands"][seat][0])}
    assert offered == {f["n"] for f in match.snapshot["flags"] if seat in f["seats"]}  # D16: his two lines


def test_hand_menus_fit_discord_limits(monkeypatch):
    """The builder of the hand's components: Pass only when allowed, claim buttons, and
    never more than Discord takes (25 options a menu, 5 rows)."""
    state = RULES.setup(2, {}, 3)
    seat = state["current"]
    match = types.SimpleNamespace(id=1, version=0, game="battleline", snapshot=state)

    def built(st):
        return move_items(match, RULES.view(st, seat), seat, RULES.legal_actions(st, seat))

    def as_view(items):
        view = discord.ui.View(timeout=None)
        for item in items:
            view.add_item(item)  # raises if the rows overflow
        return view

    items = built(state)
    assert [type(i).__name__ for i in items] == ["PickSelect"]  # a hand with troops: no Pass
    assert {o.value for o in items[0].item.options} == set(state["hands"][seat])
    only_tactics = dict(state, hands=[list(h) for h in state["hands"]])
    only_tactics["hands"][seat] = ["T-FOG", "T-ALEX"]  # no troop card: R14 allows a pass
    items = built(only_tactics)
    assert [getattr(i, "action_id", None) for i in items][-1] == "pass"
    as_view(items)
    claim = dict(state, step="claim")
    monkeypatch.setattr(rules_module, "provable_flags", lambda st, s: list(range(1, 10)))
    items = built(claim)
    assert [i.action_id for i in items] == [f"claim:{n}" for n in range(1, 10)] + ["done"]
    assert len(as_view(items).children) == 10
    assert all(isinstance(i, PickSelect) or len(i.item.label) <= 80 for i in items)


async def test_command_group_fits_discord_limits(world):
    env = world[0]
    group = env.bot.tree.get_command("battleline")
    assert isinstance(group, discord.app_commands.Group) and len(group.commands) <= 25
    assert {c.name for c in group.commands} >= {"challenge", "play", "tactic", "claim", "done", "draw", "pass",
                                                 "return", "discard", "hand", "proof", "rules"}
    for command in group.commands:
        assert 1 <= len(command.description) <= 100, command.name
        assert len(command.parameters) <= 25
        required = [p.required for p in command.parameters]
        assert required == sorted(required, reverse=True), command.name  # required options come first
        for p in command.parameters:
            assert 1 <= len(p.description) <= 100 and len(p.choices) <= 25, (command.name, p.name)
    listed = set(world[3].available_commands(world[2]))
    assert {"battleline challenge", "battleline play", "battleline claim", "battleline rules"} <= listed
