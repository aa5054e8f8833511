"""Issue 33: a move in as few interactions as at the table, counted on Discord (an interaction is
a click, a menu choice or a form submitted).

- Clash of Rage's group move, Civilization's figure move and Skytear's attack are each one form
  on the private hand (one click opens it, one submission plays the whole move), matched against
  the legal moves; a combination that is no legal move is refused with what was open, and
  nothing changes.
- Battle Line: an ordinary turn is two interactions (card, flag): the draw is taken from the
  deck last chosen, which one click on the hand switches.
- The step picker takes a step that has a single choice (and does not end the move) by itself
  and says so."""
from __future__ import annotations

import itertools

import discord
import pytest

from cogs.ui import paths
from cogs.ui.picker import fingerprint
from tests.discord.harness import FixedSeed
from tests.discord.helpers import (children, current_match, last_dm, moves_by_service, said, text_of,
                                   version_shown, walk_move)


EXTENSIONS = ("cogs.matches", "cogs.battleline", "cogs.clash_of_rage", "cogs.civilization", "cogs.skytear")


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=EXTENSIONS)


async def start(env, channel, alice, bob, command: str, seed: int = 1, **options):
    env.bot.service.seed_source = FixedSeed(seed)
    r = await alice.slash(channel, f"{command} challenge", opponent=bob, clock="none", **options)
    assert "Challenge #" in text_of(r.response), text_of(r.response)
    await bob.click(channel.history()[-1], label="Accept")
    return await current_match(env)


async def alice_asked(env, alice, wanted, chooser=None, limit: int = 3000):
    """Both people's moves by the computer player through the service, until alice is asked and
    `wanted(match, seat, actions)` holds; then (match, seat, her legal moves, her hand)."""
    service = env.bot.service

    def until(match) -> bool:
        seat = match.seat_of(alice.id)
        if match.status != "active" or seat not in service.rules(match).active_players(match.snapshot):
            return False
        return wanted(match, seat, service.legal_actions(match, seat))
    match = await moves_by_service(env, until, chooser, limit=limit)
    seat = match.seat_of(alice.id)
    hand = last_dm(alice)
    assert version_shown(hand) == match.version, text_of(hand)
    return match, seat, await env.bot.presenter.named_actions(match, seat), hand


def form_ids(hand) -> list[str]:
    return [c.custom_id for c in children(hand) if isinstance(c, discord.Button)
            and (c.custom_id or "").startswith("ui:form:")]


def form_for(match, actions, first: str) -> str:
    root = paths.build(actions)
    i = next(i for i, n in enumerate(root.options()) if n.choice and n.choice.value == first)
    return f"ui:form:{match.id}:{match.version}:{i}:{fingerprint(actions)}"


def has_form(first: str):
    def wanted(match, seat, actions) -> bool:
        root = paths.build(actions)
        node = next((n for n in root.options() if n.choice and n.choice.value == first), None)
        return node is not None and paths.form_levels(node) is not None
    return wanted


async def by_form(who, hand, custom_id: str, values: list[str]):
    """Open the form (one click) and submit it (one submission): the two results."""
    opened = await who.click(hand, custom_id=custom_id)
    assert opened.modal is not None, "the button answers with the form"
    selects = [c["component"] for c in opened.modal["components"] if c.get("type") == 18]
    assert len(selects) == len(values) and all(s["type"] == 3 for s in selects), opened.modal
    sent = await who.submit_modal(opened, {s["custom_id"]: [v] for s, v in zip(selects, values)})
    return opened, sent


async def form_move(env, alice, match, seat, actions, hand, first: str, action_id: str | None = None) -> str:
    """One move of `first` by its form on alice's hand: two interactions, the move logged."""
    custom_id = form_for(match, actions, first)
    assert custom_id in form_ids(hand), (custom_id, form_ids(hand))
    move = next(a for a in actions if a.steps()[0].value == first and (action_id is None or a.id == action_id))
    _opened, sent = await by_form(alice.user, hand, custom_id, [s.value for s in move.steps()[1:]])
    assert text_of(sent.response).startswith("Move played."), text_of(sent.response)
    assert sent.response.id == hand.id, "the form's answer is the hand it was opened from, edited"
    log = await env.bot.store.actions(match.id)
    assert log[match.version][1:3] == (seat, move.id), "the form's move is the next row of the log"
    return move.id


async def test_clash_group_move_is_one_form_and_an_illegal_one_is_refused(world):
    """Clash of Rage: one group (from, units, to) in one form, 2 interactions where the step
    menus take 3; a form whose choices make no move (units that do not stand there, or a
    territory out of reach) is refused, saying what was open, and nothing is played."""
    env, _guild, channel, alice, bob, _carol = world
    await start(env, channel, alice, bob, "clash", rounds=1)

    def wrong_combination(actions):
        node = next((n for n in paths.build(actions).options() if n.choice.value == "move"), None)
        levels = paths.form_levels(node) if node is not None else None
        if levels is None:
            return None
        legal = {tuple(s.value for s in a.steps()[1:]) for a in actions if a.steps()[0].value == "move"}
        return next((combo for combo in itertools.product(*[[c.value for c in level] for level in levels])
                     if combo not in legal), None)
    match, seat, actions, hand = await alice_asked(env, alice, lambda m, s, a: wrong_combination(a) is not None)
    wrong = wrong_combination(actions)
    _opened, sent = await by_form(alice.user, hand, form_for(match, actions, "move"), list(wrong))
    refusal = said(sent)
    assert refusal.startswith("No legal move is made of these choices, so nothing was played."), refusal
    assert "the choices open" in refusal
    after = await current_match(env)
    assert after.version == match.version and after.snapshot == match.snapshot, "nothing changed"
    # the same form, now legal: the whole group move in one submission
    await form_move(env, alice, match, seat, actions, last_dm(alice), "move")
    assert (await current_match(env)).version == match.version + 1
    # by the step menus, a group move takes a menu a step (start, units, destination), fewer only
    # where a step has a single choice
    match, seat, actions, hand = await alice_asked(env, alice, has_form("move"))
    move = next(a for a in actions if a.steps()[0].value == "move")
    r = await walk_move(alice.user, hand, env.bot, match, seat, move.id)
    assert 1 <= r.clicks <= 3, r.clicks


async def test_civilization_figure_move_is_one_form(world):
    """Civilization: a figure (or a group) and where it ends, in one form (2 interactions)."""
    env, _guild, channel, alice, bob, _carol = world
    await start(env, channel, alice, bob, "civ")
    match, seat, actions, hand = await alice_asked(env, alice, has_form("move"))
    await form_move(env, alice, match, seat, actions, hand, "move")


async def test_skytear_attack_with_its_target_is_one_form(world):
    """Skytear: the attack and its target in one form; the attack is played, nothing else."""
    env, _guild, channel, alice, bob, _carol = world
    await start(env, channel, alice, bob, "skytear")
    match, seat, actions, hand = await alice_asked(env, alice, has_form("attack"))
    await form_move(env, alice, match, seat, actions, hand, "attack")


async def test_battle_line_ordinary_turn_is_two_interactions(world, make_bot):
    """Battle Line: the first draw is asked (3 interactions: card, flag, deck); from then on an
    ordinary turn is 2 (card, flag), the draw taken from the deck last chosen and said; the hand
    shows that deck, and one click switches it for the next draws. The choice is kept with the
    match: after a restart the draw is not asked again."""
    env, _guild, channel, alice, bob, _carol = world
    await start(env, channel, alice, bob, "battleline")

    def to_play(match, seat, actions) -> bool:
        return match.snapshot["step"] == "play" and any(a.id.startswith("play:") and len(a.steps()) == 3
                                                         and not a.steps()[1].value.startswith("T-")
                                                         for a in actions)

    def troop(actions):
        return next(a for a in actions if a.id.startswith("play:") and len(a.steps()) == 3
                    and not a.steps()[1].value.startswith("T-"))

    def turns(seat_moves, log):
        return [a for _q, s, a, _t in log if s == seat_moves]

    async def play_turn(deck_expected: str | None):
        match, seat, actions, hand = await alice_asked(env, alice, to_play)
        move = troop(actions)
        r = await walk_move(alice.user, hand, env.bot, match, seat, move.id)
        clicks = r.clicks
        after = await current_match(env)
        if deck_expected is None:   # the first draw is asked: a button on the answer
            assert after.snapshot["step"] == "draw", "no deck chosen yet: the draw is asked"
            r = await walk_move(alice.user, r.response.message, env.bot, after, seat, "draw:tactics")
            clicks += r.clicks
        else:
            assert f"Move played. Then: Draw from the {deck_expected} deck" in text_of(r.response), text_of(r.response)
        log = await env.bot.store.actions(match.id)
        mine = turns(seat, log)
        assert mine[-2:] == [move.id, f"draw:{deck_expected or 'tactics'}"], mine[-3:]
        now = await current_match(env)
        assert seat not in env.bot.service.rules(now).active_players(now.snapshot), "the turn is over"
        return clicks

    assert await play_turn(None) == 3
    assert await play_turn("tactics") == 2
    # the hand says where the next draw comes from; one click switches it
    match, seat, actions, hand = await alice_asked(env, alice, to_play)
    switch = next(c for c in children(hand) if isinstance(c, discord.Button) and (c.custom_id or "").startswith("blpref:"))
    assert switch.label == "Then draw from the tactics deck (switch)"
    r = await alice.user.click(hand, custom_id=switch.custom_id)
    assert (await current_match(env)).version == match.version, "switching plays nothing"
    shown = next(c for c in children(r.response.message) if isinstance(c, discord.Button)
                 and (c.custom_id or "").startswith("blpref:"))
    assert shown.label == "Then draw from the troop deck (switch)"
    assert await play_turn("troop") == 2
    await env.restart_bot(make_bot(extensions=EXTENSIONS))
    assert await play_turn("troop") == 2, "the deck chosen survives a restart"


def test_a_step_with_one_choice_is_taken_and_said():
    """The picker takes a step with a single choice that does not end the move, and its
    question says so; the move's last step is always the player's."""
    root = paths.build([])
    assert paths.single_steps(root, []) == (root, [], [])
    from engine.base import Action, Choice
    a = Action("m:x:1", "m", "m", (Choice("m", "M"), Choice("x", "From X"), Choice("1", "To 1")))
    b = Action("m:x:2", "m", "m", (Choice("m", "M"), Choice("x", "From X"), Choice("2", "To 2")))
    tree = paths.build([a, b])
    node, prefix, taken = paths.single_steps(tree.options()[0], [0])
    assert prefix == [0, 0] and [n.choice.value for n in taken] == ["x"] and len(node.options()) == 2
    alone = paths.build([a])
    node, prefix, taken = paths.single_steps(alone.options()[0], [0])
    assert [n.choice.value for n in taken] == ["x"] and node.options()[0].action is a, "the last step stays asked"


def batch_id(hand, index: int) -> str | None:
    return next((c.custom_id for c in children(hand) if isinstance(c, discord.Button)
                 and (c.custom_id or "").startswith("ui:batch:") and c.custom_id.split(":")[4] == str(index)), None)


async def by_batch(who, hand, custom_id: str, pick) -> tuple:
    """Open a batch form and submit, for each menu, `pick(options)` (a value, or None: nothing)."""
    opened = await who.click(hand, custom_id=custom_id)
    assert opened.modal is not None
    selects = [c["component"] for c in opened.modal["components"] if c.get("type") == 18
               and c["component"]["type"] == 3]   # the box that ends the step is left as it is: ticked
    values = {}
    for s in selects:
        chosen = pick([o["value"] for o in s["options"]])
        if chosen is not None:
            values[s["custom_id"]] = [chosen]
    return opened, await who.submit_modal(opened, values)


async def test_civilization_whole_movement_and_city_management_in_one_form_each(world):
    """Civilization: every figure's move in one form, every city's action in one form (each two
    interactions); a step whose only move left is to end it ends by itself. One game turn of
    alice, counted: at most 8 interactions."""
    env, _guild, channel, alice, bob, _carol = world
    await start(env, channel, alice, bob, "civ")
    service = env.bot.service

    def phase(name):
        return lambda match, seat, actions: match.snapshot["phase"] == name

    # the game turn starts with alice's first decision of the Start of Turn of turn 2
    match, seat, actions, hand = await alice_asked(
        env, alice, lambda m, s, a: m.snapshot["turn"] >= 2 and m.snapshot["phase"] == "start")
    turn, clicks, steps = match.snapshot["turn"], 0, []
    while True:
        match = await current_match(env)
        if match.snapshot["turn"] != turn:
            break
        if seat not in service.rules(match).active_players(match.snapshot):
            match = await moves_by_service(env, lambda m: m.snapshot["turn"] != turn or seat in
                                           service.rules(m).active_players(m.snapshot))
            continue
        actions = await env.bot.presenter.named_actions(match, seat)
        hand = last_dm(alice)
        assert version_shown(hand) == match.version, text_of(hand)
        firsts = {a.steps()[0].value for a in actions}
        batch = (batch_id(hand, 0) if "move" in firsts else batch_id(hand, 1) if firsts & {"produce", "arts"}
                 else batch_id(hand, 2) if "gather" in firsts else None)
        if batch is not None:
            # every figure (city) the first of its moves that can still be made after the ones
            # chosen above it (as a player reading the board would), all in one submission
            rules, state = service.rules(match), match.snapshot

            def first_free(options, rules=rules):
                nonlocal state
                for option in options:
                    if seat in rules.active_players(state) and option in {a.id for a in rules.legal_actions(state, seat)}:
                        state = rules.apply(state, seat, option)[0]
                        return option
                return None
            _o, sent = await by_batch(alice.user, hand, batch, first_free)
            assert " played." in text_of(sent.response) and not sent.followups, said(sent)
            clicks += 2
            steps.append((match.snapshot["phase"], "form", 2))
            continue
        move = service.rules(match).ai_choose(match.snapshot, seat, match.seed + match.version)
        r = await walk_move(alice.user, hand, env.bot, match, seat, move)
        clicks += r.clicks
        steps.append((match.snapshot["phase"], move, r.clicks))
    assert clicks <= 8, (clicks, steps)
    print(f"civilization: alice's game turn {turn} in {clicks} interactions: {steps}")


async def test_civilization_moves_that_cannot_all_be_made_are_refused_whole(world):
    """A batch form's moves are checked one after the other before any is played: a group and
    one of its own figures cannot both move; the form is refused, saying which move, and
    nothing changes."""
    env, _guild, channel, alice, bob, _carol = world
    await start(env, channel, alice, bob, "civ")

    def pair_of(actions):
        groups = {a.steps()[1].value: a.id for a in actions if a.steps()[0].value == "move"}
        return next(((groups[g], groups[f]) for g in groups if "," in g for f in g.split(",") if f in groups), None)

    match, seat, actions, hand = await alice_asked(env, alice, lambda m, s, a: pair_of(a) is not None
                                                   and batch_id(last_dm(alice), 0) is not None, limit=4000)
    pair = pair_of(actions)
    _o, sent = await by_batch(alice.user, hand, batch_id(hand, 0), lambda options: next(
        (o for o in options if o in pair), None))
    refusal = said(sent)
    assert "cannot all be made one after the other" in refusal and "Nothing was played." in refusal, refusal
    after = await current_match(env)
    assert after.version == match.version and after.snapshot == match.snapshot, "nothing changed"


async def test_skytear_autopass_is_offered_on_the_hand_and_then_an_opposing_action_costs_nothing(world):
    """Skytear (G34): while alice is asked to respond to bob's action, her hand offers autopass;
    one click turns it on and passes the window she holds no instant for; from then on such
    windows pass without asking her (0 interactions per opposing action)."""
    env, _guild, channel, alice, bob, _carol = world
    await start(env, channel, alice, bob, "skytear")
    service = env.bot.service

    def quiet_window(match, seat, actions) -> bool:
        return any(a.steps()[0].value == "pass" for a in actions) and \
            service.rules(match).quiet_pass(match.snapshot, seat)
    match, seat, actions, hand = await alice_asked(env, alice, quiet_window)
    button = next(c for c in children(hand) if isinstance(c, discord.Button) and (c.custom_id or "").startswith("skyauto:"))
    assert button.label == "Pass for me whenever I cannot respond"
    await alice.user.click(hand, custom_id=button.custom_id)
    after = await current_match(env)
    assert service.auto_passing(after, seat)
    log = await env.bot.store.actions(match.id)
    assert log[match.version][1:3] == (seat, "pass"), "the window she was asked passed at once"
    # bob's actions go on: alice is never asked in a window where passing is all she can do
    windows = 0
    for _ in range(150):
        match = await current_match(env)
        if match.status != "active":
            break
        rules = service.rules(match)
        assert not (seat in rules.active_players(match.snapshot) and quiet_window(match, seat, service.legal_actions(
            match, seat))), "a window alice holds no response for is passed for her"
        mover = min(rules.active_players(match.snapshot))
        await service.act(match.id, match.user_at(mover).user_id,
                          rules.ai_choose(match.snapshot, mover, match.seed + match.version))
    log = await env.bot.store.actions(match.id)
    windows = sum(1 for q, s, a, _t in log if q > after.version and s == seat and a == "pass")
    assert windows > 0, "windows came and were passed for her"


def test_a_form_is_offered_only_where_its_menus_hold_every_move():
    """A form's menus: every choice at each step, each value once; none when moves end at
    different steps, when one ends where others go on, or when a step has more choices than a
    menu holds. A combination is looked up whole; what fits and what was open is said."""
    from engine.base import Action, Choice

    def move(*values):
        return Action(":".join(values), "m", "m", tuple(Choice(v, v.upper()) for v in values))
    tree = paths.build([move("m", "a", "1"), move("m", "a", "2"), move("m", "b", "1")])
    levels = paths.form_levels(tree.options()[0])
    assert [[c.value for c in level] for level in levels] == [["a", "b"], ["1", "2"]]
    node = tree.options()[0]
    assert paths.form_move(node, ("a", "2"))[0].id == "m:a:2"
    action, good, open_ = paths.form_move(node, ("b", "2"))
    assert action is None and good == 1 and [c.value for c in open_] == ["1"]
    assert paths.form_levels(paths.build([move("m", "a"), move("m", "b", "1")]).options()[0]) is None
    assert paths.form_levels(paths.build([move("m", "a"), move("m", "a", "1")]).options()[0]) is None
    many = paths.build([move("m", str(i), "1") for i in range(26)])
    assert paths.form_levels(many.options()[0]) is None
