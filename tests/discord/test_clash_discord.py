"""Clash of Rage through the real bot in simcord: a whole game where the human moves through the
/clash commands and the toolkit's buttons and step menus on the private hand, a four-player game
of people and computer seats, the secret tactic choice with a player out of time, take-backs
refused after a roll, the clock's vote in an action turn, spectators, rematch, log and replay,
and the rules help.

The humans' moves are chosen by the test player of `players` (it heads for the kinds of moves a
test still needs), seeded like the computer seats (`seed + version`), so a match seed fixes the
whole game. A test checks its seed first with the engine alone (`simulate`) and moves on to the
next seed when a change of the computer player took the game it needs away."""
from __future__ import annotations

from functools import partial

import pytest

from engine.clash_of_rage import RULES, tactics
from tests.discord.harness import GAMES, Driver, FixedSeed, assert_thread_hides_secrets, check_public_text, find_seed
from tests.discord.helpers import (buttons, current_match, log_rematch_and_replay, moves_by_service,
                                   people_and_seats, replayed_states, spectator_boards, thread_of,
                                   undo_is_refused_after, vote_hands_the_seat_to_the_computer)
from tests.discord.helpers import text_of
from tests.discord.players import ClashPlanner as Planner

GAME = "clash_of_rage"

FOUR_PLAYERS = 0       # alice and bob against two computers, 1 round
ROLLED = 0             # alice against bob: the first roll


@pytest.fixture
def simcord_bot(make_bot, virtual_clock):
    return make_bot(extensions=("cogs.matches", "cogs.clash_of_rage"), clock=virtual_clock)


async def test_four_players_two_people_and_two_computers(world):
    """Four seats, alice and bob with two computer players, one round to the end: the people
    choose their tactic cards on the hand at the same time, then act in the cards' turn order;
    every move of theirs is a command or a click; the thread names no secret card."""
    env, guild, channel, alice, bob, carol = world
    planners = {"alice": Planner(()), "bob": Planner(())}
    seed, run = find_seed(GAME, {"rounds": 1}, ["alice", "bob", None, None], planners, lambda run: run.human_moves() >= 6,
                          start=FOUR_PLAYERS)
    env.bot.service.seed_source = FixedSeed(seed)
    r = await alice.slash(channel, "clash challenge", opponent=bob, computers=2, rounds=1, clock="none")
    assert "sent" in text_of(r.response), text_of(r.response)
    await bob.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    match = await current_match(env)
    assert len(match.seats) == 4 and sum(s.is_ai for s in match.seats) == 2
    assert [match.seat_of(alice.id), match.seat_of(bob.id)] == [run.seat_of("alice"), run.seat_of("bob")]
    driver = Driver(env, thread, [alice, bob], planners)
    await driver.play_to_the_end()
    match = await current_match(env)
    assert match.status == "finished" and match.snapshot == run.final and match.snapshot["players"] == 4
    assert "Game over" in text_of(thread.history()[-1])
    assert {seat for _v, seat, _a in driver.played} == {match.seat_of(alice.id), match.seat_of(bob.id)}
    assert driver.used[("tactic", "slash")] and driver.used[("tactic", "component")]
    await assert_thread_hides_secrets(env, thread, match)


async def test_the_secret_choice_with_a_player_out_of_time(play):
    """alice against bob, 24 hours a move: during the tactic choice the thread says how many have
    chosen and pings and names nobody; alice picks, bob does not; when bob's time runs out the
    computer player makes his pick (nobody is asked anything) and both cards are revealed at
    once, in one message."""
    env, guild, channel, alice, bob, carol = play
    env.bot.service.seed_source = FixedSeed(1)
    r = await alice.slash(channel, "clash challenge", opponent=bob, rounds=1, clock="move-24h")
    await bob.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    service = env.bot.service
    match = await current_match(env)
    assert tactics.selecting(match.snapshot) and RULES.active_players(match.snapshot) == {0, 1}
    opening = thread.history()[-1]
    footer = text_of(opening).splitlines()[-1]
    assert footer.startswith("Waiting for 2 players to choose a tactic card"), text_of(opening)
    for member in (alice, bob):
        assert member.mention not in text_of(opening) and member.name not in footer

    a, b = match.seat_of(alice.id), match.seat_of(bob.id)
    mine = RULES.legal_actions(match.snapshot, a)[0].id
    r = await alice.slash(thread, "clash tactic", card=mine.split(":")[1])
    assert text_of(r.response).startswith("Move played."), text_of(r.response)
    told = text_of(thread.history()[-1])
    assert "Tactic cards chosen: 1 of 2 players." in told, told
    for member in (alice, bob):
        assert member.mention not in told and member.name not in told, told
    for word in GAMES[GAME].words(match.snapshot, mine.split(":")[1]):
        assert word not in told
    match = await current_match(env)
    assert RULES.active_players(match.snapshot) == {b} and service.deadline_of(match, b) is not None

    before = len(thread.history())
    await env.advance_time(service.deadline_of(match, b) - env.now().timestamp() + 1)
    match = await current_match(env)
    log = await env.bot.store.actions(match.id)
    assert [(s, act.split(":")[0]) for _q, s, act, _t in log[:2]] == [(a, "tactic"), (b, "tactic")]
    assert not tactics.selecting(match.snapshot) and set(match.snapshot["tactics"]["revealed"]) == {"0", "1"}
    assert match.snapshot["tactics"]["revealed"][str(b)] == log[1][2].split(":")[1], "the computer's pick for bob"
    after = thread.history()[before:]
    assert not [m for m in after if "is out of time" in text_of(m)], "no question to anyone"
    reveals = [m for m in after if "Tactic cards revealed" in text_of(m)]
    assert len(reveals) == 1 and all(n in text_of(reveals[0]) for n in (alice.name, bob.name)), \
        [text_of(m) for m in after]
    assert not match.user_at(b).is_ai, "bob keeps his seat"


async def test_a_roll_cannot_be_taken_back(play):
    """alice against bob: right after a player rolls the dice in a battle, /match undo is
    refused (the move rolled something) and nothing is taken back."""
    env, guild, channel, alice, bob, carol = play
    env.bot.service.seed_source = FixedSeed(ROLLED)
    await alice.slash(channel, "clash challenge", opponent=bob, rounds=3, clock="none")
    await bob.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    await undo_is_refused_after(env, thread, (alice, bob), RULES, Planner, lambda move: move == "roll",
                                what="anyone rolled", limit=400)
    assert "Take back my move" not in buttons(thread.history()[-1])


def on_own_action(match, seat: int) -> bool:
    """The seat alone is asked, on its own action turn (not a battle, not the secret choice)."""
    state = match.snapshot
    return match.status == "active" and RULES.active_players(state) == {seat} and \
        state["phase"] in ("first_action", "second_action") and not state.get("battle") and not state.get("forge")


async def test_out_of_time_on_an_action_turn_the_computer_takes_the_seat(play):
    """alice, bob and a computer, 24 hours a move: a person who lets the time run out on their own
    action turn is voted out by the other person and the computer plays the seat on at once; the
    seat played for them never wins."""
    env, guild, channel, alice, bob, carol = play
    env.bot.service.seed_source = FixedSeed(2)
    await alice.slash(channel, "clash challenge", opponent=bob, computers=1, rounds=2, clock="move-24h")
    await bob.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    service = env.bot.service
    match, members, humans = await people_and_seats(env, alice, bob)
    match = await moves_by_service(env, lambda m: any(on_own_action(m, s) for s in humans))
    absent_seat = next(s for s in humans if on_own_action(match, s))
    match = await vote_hands_the_seat_to_the_computer(env, thread, match, absent_seat, members, humans,
                                                      not_by_itself="an action turn is not played by itself")
    assert absent_seat not in RULES.active_players(match.snapshot), "the computer moved for the seat at once"
    match = await moves_by_service(env, lambda m: m.status == "finished")
    assert absent_seat not in match.result["winners"] and match.result["absent"] == [absent_seat]
    assert await service.replay(match.id) == match.snapshot


async def test_spectator_log_rematch_and_replay(world):
    """A spectator (/match watch) sees every board and never a hand or a DM; /match log pages the
    public history; the final board offers a rematch, which the other player starts; /match
    replay is an animated GIF of the whole game (the opening board and one frame a move)."""
    env, guild, channel, alice, bob, carol = world
    env.bot.service.seed_source = FixedSeed(3)
    r = await alice.slash(channel, "clash challenge", opponent=bob, rounds=1, clock="none")
    await bob.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    r = await carol.slash(channel, "match watch", match=1)
    assert "watching match #1" in text_of(r.response), text_of(r.response)
    for command in ("clash hand", "match hand"):
        r = await carol.slash(thread, command)
        assert r.ephemeral and "not playing" in text_of(r.response) and not r.response.attachments, command
    r = await carol.slash(thread, "clash pass")
    assert r.ephemeral and "not playing" in text_of(r.response)
    match = await moves_by_service(env, lambda m: m.status == "finished")

    boards = spectator_boards(channel, thread, carol)
    assert len(boards) > 5 and text_of(boards[-1]) == text_of(thread.history()[-1])
    assert await assert_thread_hides_secrets(env, thread, match) == len(boards)

    assert "Game over" in text_of(thread.history()[-1])
    states = await replayed_states(env, match)
    rematch = await log_rematch_and_replay(env, thread, carol, bob, match, "clash_of_rage", states[1:],
                                           partial(check_public_text, GAME))
    assert {k: v for k, v in rematch.options.items() if k != "first_player"} == match.options


def test_the_cog_never_builds_nor_splits_an_engine_id():
    """Ids stay opaque to the Discord layer: /clash names no engine module and writes no id; its
    commands take their options from the moves' paths (the toolkit narrows the legal moves by the
    typed step values, checked move by move below)."""
    import ast
    import inspect

    import cogs.clash_of_rage as cog

    tree = ast.parse(inspect.getsource(cog))
    imported = {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom)}
    imported |= {alias.name for node in ast.walk(tree) if isinstance(node, ast.Import) for alias in node.names}
    assert not {m for m in imported if m and m.startswith("engine")}, imported
    text_work = [ast.unparse(node) for node in ast.walk(tree)
                 if isinstance(node, ast.JoinedStr) or (isinstance(node, ast.BinOp) and isinstance(node.op, ast.Mod))
                 or (isinstance(node, ast.Attribute) and node.attr in ("split", "partition", "format", "join"))]
    assert not text_work, text_work


async def test_the_rules_help_lists_every_house_value(play):
    """`/clash rules`: the rules in short, the design decisions and every house value standing in
    for the printed ones (data.house_values()), each message within Discord's 2000 characters,
    and the declared options last."""
    from engine.clash_of_rage import data
    from engine.clash_of_rage.help import DESIGN_TEXT, RULES_TEXT
    from engine.helptext import show as _show
    from i18n import render

    env, guild, channel, alice, bob, carol = play
    r = await alice.slash(channel, "clash rules")
    texts = [text_of(r.response)] + [text_of(f) for f in r.followups]
    assert r.ephemeral and len(texts) == len(RULES_TEXT) + len(DESIGN_TEXT) + 1, len(texts)
    assert all(0 < len(t) <= 2000 for t in texts)
    lines = "\n".join(texts).splitlines()
    records = {(name, str(rec.get("id", name))): rec for name, rec in data.records()}
    values = data.house_values()
    assert values
    for file, rid, field, _note in values:
        rec = records[(file, rid)]
        label = render(data.term(rec["name"]), "en") if rec.get("name") else str(rec.get("id") or file)
        shown = _show(rec[field])
        assert any(line.startswith(f"• {label}:") and f"{field} {shown}" in line for line in lines), \
            (file, rid, field, shown)
    assert "`rounds`" in texts[-1] and "`elves`" in texts[-1], "the declared options close the help"


async def test_g24_a_match_with_the_box_s_supply(play):
    """`/clash challenge supply:box` against the computer: the match keeps the option (the lobby
    and the board's view say it), the board counts the gold left in the box, and a game with it
    is told in the thread."""
    from tests.discord.helpers import bot_handle
    env, guild, channel, alice, bob, carol = play
    r = await alice.slash(channel, "clash challenge", opponent=bot_handle(env), supply="box", clock="none")
    match = await current_match(env)
    assert match.snapshot["options"]["supply"] == "box"
    view = env.bot.service.public_view(match)
    assert view["gold_supply"] == 150 - sum(area["gold"] for area in match.snapshot["seats"])
    thread = thread_of(channel)
    board = [m for m in thread.history() if m.attachments][-1]
    said = "\n".join(text_of(m) for m in thread.history())
    assert "Options: As the box holds: 150 gold, 45 elf tokens, 8 rage tokens." in said, said
    assert board.attachments
