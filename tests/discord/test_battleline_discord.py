"""Battle Line on Discord, through the real bot in simcord: whole games by /battleline commands,
by the toolkit's buttons and step menus on the private hand (DMs open and closed) and against
the computer; autocomplete offers only legal choices; the public thread never shows a hand card."""
from __future__ import annotations

import copy
import random
import types

import discord
import pytest

import engine.battleline.paths as paths_module
import engine.battleline.rules as rules_module
from cogs.battleline import BattleLineCog
from cogs.ui import paths
from cogs.ui.picker import StepButton, StepSelect, move_items
from engine.base import name_seats
from engine.battleline import RULES, card_label, explain_claim
from engine.battleline.proof import check_claim
from tests.discord.harness import (NOT_A_MOVE, HandSource, assert_thread_hides_secrets, button_for, due,
                                   move_by_command, move_by_components, seeded)
from tests.discord.helpers import children, current_match, last_dm, remember_answer, thread_of, toolkit_components
from tests.discord.helpers import text_of
from tests.discord.players import battleline_choose as choose
from tests.discord.players import is_troop_play

# seeds (k of `seeded`) whose games, with our test player, use every guile tactic, a Scout with
# deck choices, a Mud discard (D5) and an early "done"; see players.battleline_choose
COMMANDS_GAME = 238
COMPONENTS_GAME = 3  # issue 33: with draws from the deck last chosen, switched on the hand
SETUP_SEED = 5


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=("cogs.matches", "cogs.battleline"))


async def challenge(env, channel, challenger, opponent, **options):
    r = await challenger.slash(channel, "battleline challenge", opponent=opponent, **options)
    assert r.ephemeral and "Challenge #" in text_of(r.response), text_of(r.response)
    await opponent.click(channel.history()[-1], label="Accept")
    return thread_of(channel)


@pytest.mark.slow
async def test_full_game_by_slash_commands(world):
    env, guild, channel, alice, bob, carol = world
    seeded(env, COMMANDS_GAME)
    thread = await challenge(env, channel, alice, bob)
    members, used, witnessed = [alice, bob], set(), False
    while (match := await current_match(env)).status == "active":
        match, seat, member = await due(env, members)
        action = choose(match.snapshot, seat, match.seed + match.version)
        if action.startswith("claim:") and not witnessed:
            witnessed = await claim_with_a_refusal(env, thread, member, match, seat, action)
            if witnessed:
                continue
        await move_by_command(member, thread, match, seat, action, used, any_move=match.version % 7 == 6)
        assert (await current_match(env)).version > match.version
    assert witnessed
    assert {"battleline play", "battleline tactic", "battleline claim", "battleline draw", "battleline done",
            "battleline move"} <= used, used
    log = [a for _q, _s, a, _t in await env.bot.store.actions(match.id)]
    assert any(a.startswith("muddiscard:") for a in log) and any(a.startswith("scout:return:") for a in log)
    for kind in ("play:T-SCOUT", "play:T-REDEPLOY", "play:T-DESERTER", "play:T-TRAITOR", "scout:draw"):
        assert any(a.startswith(kind) for a in log), kind
    assert match.status == "finished" and "Game over" in text_of(thread.history()[-1])
    assert await env.bot.service.replay(match.id) == match.snapshot
    assert await assert_thread_hides_secrets(env, thread, match) > 50
    await check_log_pages(env, thread, carol, match)


async def claim_with_a_refusal(env, thread, member, match, seat: int, action: str) -> bool:
    """/battleline claim with an unprovable flag first, then the provable one: the first is
    refused with its witness (D13), the second is still claimed. False when every unclaimed
    flag is provable."""
    state = match.snapshot
    wrong = next((f["n"] for f in state["flags"] if f["claimed_by"] is None and seat in f["seats"]
                  and not check_claim(state, seat, f["n"]).valid), None)
    if wrong is None:
        return False
    flag = action.split(":")[1]
    r = await member.slash(thread, "battleline claim", flags=f"{wrong} {flag}")
    names = await env.bot.presenter.seat_names(match)
    lines = text_of(r.response).splitlines()
    assert lines[0] == f"Flag {wrong}: " + name_seats(explain_claim(state, seat, wrong), names), lines
    assert lines[1] == f"Flag {flag}: claimed.", lines
    assert "Player " not in lines[0]
    after = await current_match(env)
    assert after.version > match.version and after.snapshot["flags"][int(flag) - 1]["claimed_by"] == seat
    return True


async def check_log_pages(env, thread, viewer, match):
    """/match log opens on the latest page; its buttons walk back to the first move, with no
    hidden card in any line (the viewer is a spectator)."""
    entries = len(await env.bot.service.history(match.id))
    r = await viewer.slash(thread, "match log", match=match.id)
    pages = -(-entries // 20)
    assert f"page {pages} of {pages}" in text_of(r.response) and pages > 2
    message, seen = r.response, [text_of(r.response)]
    for page in range(pages - 1, 0, -1):
        r = await viewer.click(message, label="◀ Earlier")
        message = r.response  # the ephemeral answer, edited in place
        seen.append(text_of(message))
        assert f"page {page} of {pages}" in text_of(message), text_of(message)
    assert "\n1. " in seen[-1]
    numbered = [line for text in seen for line in text.splitlines() if line[:1].isdigit()]
    assert len(numbered) == entries and "Player 1" not in "".join(numbered)


async def switch_deck(source, member, match) -> bool:
    """Issue 33: the player's draws come from the deck last chosen; the test player wants the
    tactics deck now and then (as `battleline_choose` draws), and switches on the hand, one click."""
    hand = await source.current(match.version)
    switch = next((c for c in children(hand) if isinstance(c, discord.Button)
                   and (c.custom_id or "").startswith("blpref:")), None)
    wanted = "tactics" if random.Random(match.seed + match.version).random() < 0.35 else "troop"
    if switch is None or not switch.custom_id.endswith(":" + wanted):
        return False
    who = member if getattr(hand, "guild", None) is not None else member.user
    r = await who.click(hand, custom_id=switch.custom_id)
    source.remember(r)
    remember_answer(member, r)
    return True


@pytest.mark.slow
async def test_full_game_by_hand_components_one_player_without_dms(world):
    env, guild, channel, alice, bob, carol = world
    seeded(env, COMPONENTS_GAME)
    dm_id = bob.user.dm_channel.id
    env.inject_error("POST", f"/channels/{dm_id}/messages", status=403, code=50007,
                     message="Cannot send messages to this user", times=None)
    thread = await challenge(env, channel, alice, bob)
    assert len([m for m in thread.history() if "your DMs are closed" in text_of(m)]) == 1
    sources = {alice.id: HandSource(alice, thread), bob.id: HandSource(bob, thread, dm_closed=True)}
    ordinary_turns, played_at, last_drawn, switches = 0, None, {}, 0
    while (match := await current_match(env)).status == "active":
        match, seat, member = await due(env, [alice, bob])
        action = choose(match.snapshot, seat, match.seed + match.version)
        source = sources[member.id]
        if match.snapshot["step"] == "play" and await switch_deck(source, member, match):
            switches += 1
            last_drawn[seat] = "draw:" + ("troop" if last_drawn[seat] == "draw:tactics" else "tactics")
        clicks = await move_by_components(env.bot, source, match, seat, action)
        after = await current_match(env)
        if is_troop_play(action):
            assert clicks == 2, (action, clicks)  # a card from the hand's menu, a flag from the answer
            played_at = after.version if after.version == match.version + 1 else None
            logged = [a for _q, s, a, _t in await env.bot.store.actions(match.id) if s == seat]
            if after.version == match.version + 2 and logged[-2] == action and logged[-1].startswith("draw:"):
                # issue 33: then the draw from the deck last chosen, by itself (the turn is over)
                assert logged[-1] == last_drawn.get(seat), (logged[-1], last_drawn)
                ordinary_turns += 1
            if logged[-1].startswith("draw:"):
                last_drawn[seat] = logged[-1]
        elif action.split(":")[0] in ("draw", "claim", "done", "pass") or action.startswith("scout:draw:"):
            assert clicks == 1, (action, clicks)  # a button
            if action.startswith("draw:"):
                last_drawn[seat] = action
            if action.startswith("draw:") and played_at == match.version:
                # a card played, then a deck drawn with a button on the hand that answered the play
                assert source.found == "answer", source.found
                assert after.status != "active" or RULES.active_players(after.snapshot) != {seat}
                ordinary_turns += 1
    assert ordinary_turns > 10 and switches > 0
    log = [a for _q, _s, a, _t in await env.bot.store.actions(match.id)]
    for kind in ("play:T-SCOUT", "play:T-REDEPLOY", "play:T-DESERTER", "play:T-TRAITOR", "scout:draw",
                 "scout:return", "muddiscard", "claim", "done"):
        assert any(a.startswith(kind) for a in log), kind
    assert match.status == "finished"
    assert await assert_thread_hides_secrets(env, thread, match) > 50
    # DMs to bob were tried once only; his hand came by ephemeral answers, never into the thread
    assert len([m for m in thread.history() if "your DMs are closed" in text_of(m)]) == 1
    assert not [m for m in thread.history() if "your private view" in text_of(m)]


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


def values(choices) -> list:
    return [c["value"] for c in choices]


async def test_autocomplete_offers_only_legal_choices_and_illegal_commands_change_nothing(world):
    env, guild, channel, alice, bob, carol = world
    seeded(env, SETUP_SEED)
    thread = await challenge(env, channel, alice, bob, variant="standard", series=1)
    first_mover = (await due(env, [alice, bob]))[2]
    stale_dm = last_dm(first_mover)
    await _play_to_fill_flag_one(env, [alice, bob])
    match, seat, mover = await due(env, [alice, bob])
    waiter = bob if mover is alice else alice
    state = match.snapshot
    hand = state["hands"][seat]
    on_flag_one = [s for s in state["flags"][0]["sides"] if len(s["cards"]) == 3][0]["cards"]

    cards = values(await mover.autocomplete(thread, "battleline play", "card", ""))
    playable = {a.id.split(":")[1] for a in RULES.legal_actions(state, seat) if a.id.count(":") == 2}
    assert set(cards) == playable and playable <= set(hand)
    assert not set(cards) & set(on_flag_one)
    typed = hand[0][:3]  # a card is found by its id or its label
    assert values(await mover.autocomplete(thread, "battleline play", "card", typed)) \
        == [c for c in cards if typed.casefold() in c.casefold() or typed.casefold() in card_label(c).casefold()]
    flags = values(await mover.autocomplete(thread, "battleline play", "flag", "", card=cards[0]))
    assert flags == list(range(2, 10))  # R8: flag 1 is full on the mover's side; flags are numbers
    assert await mover.autocomplete(thread, "battleline play", "flag", "", card=on_flag_one[0]) == []
    # not his turn: nothing to pick, only a hint
    assert all(v == "?" for v in values(await waiter.autocomplete(thread, "battleline play", "card", "")))
    # not the draw step (R2: the draw comes after the card): no deck is offered yet
    assert all(v == "?" for v in values(await mover.autocomplete(thread, "battleline draw", "deck", "")))
    assert await mover.autocomplete(thread, "battleline claim", "flags", "") == []  # not the claim step
    any_moves = values(await mover.autocomplete(thread, "battleline move", "move", "play"))
    assert any_moves and all(v.startswith("play ") for v in any_moves)
    assert f"play {cards[0]} 1" not in any_moves

    async def refused(member, name, with_hand=False, **options):
        r = await member.slash(thread, name, **options)
        assert r.ephemeral and bool(r.response.attachments) == with_hand
        assert (await current_match(env)).version == match.version, "a refused command changed the match"
        return text_of(r.response)

    assert NOT_A_MOVE in await refused(mover, "battleline play", card=cards[0], flag=1)
    not_held = next(c for c in ("red7", "blue3", "green9", "purple1") if c not in hand)
    assert NOT_A_MOVE in await refused(mover, "battleline play", card=not_held, flag=2)
    assert "not your turn" in await refused(waiter, "battleline play", card=cards[0], flag=2)
    assert NOT_A_MOVE in await refused(mover, "battleline pass")  # R13: he holds a troop card
    assert NOT_A_MOVE in await refused(mover, "battleline draw", deck="troop")
    assert NOT_A_MOVE in await refused(mover, "battleline play", card="T-SCOUT", flag=2)  # /battleline tactic's
    assert NOT_A_MOVE in await refused(mover, "battleline move", move=f"play {cards[0]} 1")
    assert await refused(carol, "battleline hand") == "You are not playing in this match."
    # claims are step (b), after the card (R2, R4): refused now, saying what he is asked instead
    text = await refused(mover, "battleline claim", with_hand=True, flags="1")
    assert text.startswith("Flag 1: ") and "cannot claim now" in text, text
    assert await env.bot.presenter.prompt(match, seat) in text and "your private view" in text
    # why flag 1 cannot be claimed: a witness from public cards only (D13), players by name
    assert not check_claim(state, seat, 1).valid
    names = await env.bot.presenter.seat_names(match)
    explained = name_seats(explain_claim(state, seat, 1), names)
    assert "Player " not in explained and "would still beat you" in explained
    assert await refused(mover, "battleline proof", flag=1) == explained
    # a menu from before the last moves is stale and changes nothing
    (menu, *_rest) = [c for c, _at, kind, _page in toolkit_components(stale_dm) if kind == "step"]
    stale_dm = next(m for m in first_mover.user.dm_channel.history() if m.id == stale_dm.id)
    assert menu.custom_id not in [getattr(c, "custom_id", None) for c in children(stale_dm)], \
        "a superseded hand keeps no live menu (a stale click is refused anyway)"
    assert (await current_match(env)).version == match.version
    # the legal move goes through; the draw is the next step, with its own command
    r = await mover.slash(thread, "battleline play", card=cards[0], flag=2)
    assert text_of(r.response).startswith("Move played."), text_of(r.response)
    assert "You drew" not in text_of(r.response)  # both decks have cards: the player chooses (R16)
    played = await current_match(env)
    assert played.version == match.version + 1 and played.snapshot["step"] == "draw"
    decks = values(await mover.autocomplete(thread, "battleline draw", "deck", ""))
    assert decks == [d for d in ("troop", "tactics") if played.snapshot[f"{d}_deck"]]
    assert all(v == "?" for v in values(await waiter.autocomplete(thread, "battleline draw", "deck", "")))
    r = await mover.slash(thread, "battleline draw", deck="troop")
    assert text_of(r.response).startswith("Move played. You drew "), text_of(r.response)
    assert (await current_match(env)).version == match.version + 2
    await assert_thread_hides_secrets(env, thread, await current_match(env))


async def test_hand_menus_survive_a_restart_and_the_draw_is_a_button_on_the_answer(world, make_bot):
    env, guild, channel, alice, bob, carol = world
    seeded(env, SETUP_SEED)
    await challenge(env, channel, alice, bob)
    match, seat, mover = await due(env, [alice, bob])
    dm = last_dm(mover)
    await env.restart_bot(make_bot(extensions=("cogs.matches", "cogs.battleline")))  # same database
    # the hand's card menu: every card of the hand, and no Pass (he holds troop cards, R14)
    (card_menu,) = [c for c in dm.components[0].children]
    hand = match.snapshot["hands"][seat]
    assert card_menu.custom_id.startswith(f"ui:step:{match.id}:{match.version}:")
    assert sorted(o.label for o in card_menu.options) == sorted(card_label(c) for c in hand)
    assert len([c for row in dm.components for c in row.children]) == 1
    card = next(c for c in hand if card_label(c) == card_menu.options[0].label)
    r = await mover.user.select(dm, [card_menu.options[0].value], custom_id=card_menu.custom_id)
    assert r.response.id == dm.id, "the next step is asked on the hand itself"
    (flag_menu,) = [c for c, _at, kind, _page in toolkit_components(r.response.message) if kind == "step"]
    assert card_label(card) in flag_menu.placeholder, flag_menu.placeholder
    assert [o.label for o in flag_menu.options] == [f"Flag {n}" for n in range(1, 10)]  # R7, R8: any flag at the start
    flag_four = next(o.value for o in flag_menu.options if o.label == "Flag 4")
    r = await mover.user.select(r.response.message, [flag_four], custom_id=flag_menu.custom_id)
    assert text_of(r.response).startswith("Move played."), text_of(r.response)
    assert "You drew" not in text_of(r.response)
    after = await current_match(env)
    assert after.version == 1 and RULES.active_players(after.snapshot) == {seat}  # R16: he draws next
    # the answer is his hand, with a button per deck
    answer = r.response.message
    assert "your private view" in text_of(answer) and answer.attachments
    assert not [c for c, _at, kind, _page in toolkit_components(answer) if kind == "step"]
    troop = await button_for(env.bot, answer, after, seat, "draw:troop")
    tactics = await button_for(env.bot, answer, after, seat, "draw:tactics")
    assert troop is not None and tactics is not None
    assert "troop" in troop.label.lower() and "tactics" in tactics.label.lower()
    r = await mover.user.click(answer, custom_id=tactics.custom_id)  # the answer is in the DM
    assert text_of(r.response).startswith("Move played. You drew "), text_of(r.response)
    after = await current_match(env)
    assert after.version == 2 and RULES.active_players(after.snapshot) != {seat}
    assert [a for _q, _s, a, _t in await env.bot.store.actions(after.id)] == [f"play:{card}:4", "draw:tactics"]
    # the click's answer edited that hand: the draw buttons are gone from it
    drawn = r.response.message
    assert drawn.id == answer.id and tactics.custom_id not in [c.custom_id for row in drawn.components
                                                                for c in row.children]


async def test_rules_answer_privately_with_our_design_decisions(world):
    env, guild, channel, alice, *_ = world
    r = await alice.slash(channel, "battleline rules")
    assert r.ephemeral and "three adjacent flags or any five" in text_of(r.response)
    decisions = r.followups[0]
    assert decisions.ephemeral and "ours" in text_of(decisions)
    for decision in ("D7", "D14", "D16"):
        assert decision in text_of(decisions)
    assert len(text_of(r.response)) <= 2000 and len(text_of(decisions)) <= 2000
    options = text_of(r.followups[-1])  # the declared match options
    assert "`variant`" in options and "`series`" in options


async def test_three_player_challenge_and_series_option(world):
    env, guild, channel, alice, bob, carol = world
    await alice.slash(channel, "battleline challenge", opponent=bob, opponent2=carol, series=15)
    lobby = channel.history()[-1]
    await bob.click(lobby, label="Accept")
    await carol.click(lobby, label="Accept")
    match = await current_match(env)
    assert match.status == "active" and len(match.seats) == 3 and match.options["series_target"] == 15
    assert match.snapshot["tactics_deck"] == []  # R61: no tactics with three players
    _m, seat, mover = await due(env, [alice, bob, carol])
    offered = set(values(await mover.autocomplete(thread_of(channel), "battleline play", "flag", "",
                                                  card=match.snapshot["hands"][seat][0])))
    assert offered == {f["n"] for f in match.snapshot["flags"] if seat in f["seats"]}  # D16: his two lines


def test_hand_components_fit_discord_limits(monkeypatch):
    """The toolkit's layout of Battle Line's hand: a card menu, a Pass button only when
    allowed, claim and draw buttons, menus that page, and never more than Discord takes
    (25 options a menu, labels of 100 and 80 characters, 5 rows)."""
    state = RULES.setup(2, {}, 3)
    seat = state["current"]
    match = types.SimpleNamespace(id=1, version=0, game="battleline", snapshot=state, meta={})

    def built(st):
        return move_items(match, RULES.legal_actions(st, seat), BattleLineCog.BUTTONS)

    def as_view(items):
        view = discord.ui.View(timeout=None)
        for item in items:
            view.add_item(item)  # raises if the rows overflow
        for item in items:
            if isinstance(item, StepSelect):
                assert len(item.item.options) <= 25
                assert all(len(o.label) <= 100 and len(o.description or "") <= 100 for o in item.item.options)
            else:
                assert len(item.item.label) <= 80
        return view

    def labels(select):
        return [o.label for o in select.item.options]

    items = built(state)
    assert [type(i) for i in items] == [StepSelect]  # a hand with troops: no Pass (R14)
    assert sorted(labels(items[0])) == sorted(card_label(c) for c in state["hands"][seat])
    as_view(items)

    only_tactics = copy.deepcopy(state)
    only_tactics["hands"][seat] = ["T-FOG", "T-ALEX"]  # no troop card: R14 allows a pass
    items = built(only_tactics)
    assert [type(i) for i in items] == [StepSelect, StepButton]
    assert sorted(labels(items[0])) == sorted(card_label(c) for c in ("T-FOG", "T-ALEX"))
    assert items[1].item.label.startswith("Pass")
    as_view(items)

    claim = dict(state, step="claim")
    monkeypatch.setattr(rules_module, "provable_checks", lambda st, s: [(n, None) for n in range(1, 10)])
    monkeypatch.setattr(paths_module, "claim_reason", lambda st, s, n, check: "x" * 200)
    items = built(claim)
    assert all(isinstance(i, StepButton) for i in items) and len(items) == 10  # nine claims and done
    assert [i.item.label for i in items] == [f"Claim flag {n}" for n in range(1, 10)] + ["Finish claiming"]
    assert len(as_view(items).children) == 10

    draw = dict(state, step="draw")
    items = built(draw)
    assert [type(i) for i in items] == [StepButton, StepButton]
    assert ["troop" in items[0].item.label, "tactics" in items[1].item.label] == [True, True]

    # a Deserter with 27 targets (three enemy cards at each flag): the target menu pages
    crowded = copy.deepcopy(state)
    deck = list(crowded["troop_deck"])
    for flag in crowded["flags"]:
        flag["sides"][1 - seat]["cards"] = [deck.pop() for _ in range(3)]
    crowded["troop_deck"] = deck
    crowded["hands"][seat] = ["T-DESERTER", "red3"]
    crowded["tactics_deck"] = [c for c in crowded["tactics_deck"] if c != "T-DESERTER"]
    (card_menu,) = built(crowded)
    as_view([card_menu])
    root = paths.build(RULES.legal_actions(crowded, seat))
    deserter = next(i for i, o in enumerate(root.options()[0].options()) if o.choice.value == "T-DESERTER")
    node, _trail = paths.walk(root, [0, deserter])
    seen = []
    for page in range(3):
        menu = StepSelect.at(match.id, match.version, node, [0, deserter], page)
        as_view([menu])
        seen += [o.label for o in menu.item.options if not o.value.startswith("p")]
    enemy = [c for f in crowded["flags"] for c in f["sides"][1 - seat]["cards"]]
    assert len(seen) == len(set(seen)) == 27  # R52: any enemy card at an unclaimed flag
    assert all(any(card_label(c) in label for label in seen) for c in enemy)


async def test_command_group_fits_discord_limits(world):
    env = world[0]
    group = env.bot.tree.get_command("battleline")
    assert isinstance(group, discord.app_commands.Group) and len(group.commands) <= 25
    assert {c.name for c in group.commands} >= {"challenge", "play", "tactic", "claim", "done", "draw", "pass",
                                                 "return", "discard", "move", "hand", "proof", "rules"}
    play = group.get_command("play")
    assert [p.name for p in play.parameters] == ["card", "flag", "match"]  # no draw option: the draw is a step
    challenge_command = group.get_command("challenge")
    assert "series" in [p.name for p in challenge_command.parameters]
    for command in group.commands:
        assert 1 <= len(command.description) <= 100, command.name
        assert len(command.parameters) <= 25
        required = [p.required for p in command.parameters]
        assert required == sorted(required, reverse=True), command.name  # required options come first
        for p in command.parameters:
            assert 1 <= len(p.description) <= 100 and len(p.choices) <= 25, (command.name, p.name)
    listed = set(world[3].available_commands(world[2]))
    assert {"battleline challenge", "battleline play", "battleline claim", "battleline rules"} <= listed
