"""Skytear through the real bot in simcord: whole games where the humans move through the
/skytear commands and the toolkit's buttons and step menus on their private hand, against
computer seats, and the platform around them (response windows, autopass, take-backs, the clock,
spectators, rematch, log and replay).

The humans' moves are chosen by the test player of `players` (the engine's computer player,
steered toward the kinds of moves a test still needs), seeded like the computer seats
(`seed + version`), so a match seed fixes the whole game. Each test checks its seed first with
the engine alone (`simulate`, the same game in a fraction of the time) and moves on to the next
seed when a change of the computer player took the game it needs away."""
from __future__ import annotations

import re

import pytest

from engine.skytear import RULES
from tests.discord.harness import GAMES, FixedSeed, assert_thread_hides_secrets, check_hand, find_seed
from tests.discord.harness import Driver as SharedDriver
from tests.discord.helpers import (assert_replay_is_animated, buttons, current_match, moves_by_service,
                                   people_and_seats, replayed_states, spectator_boards, thread_of, version_shown,
                                   with_button)
from tests.discord.helpers import text_of
from tests.discord.players import SkytearPlanner as Planner

GAME = "skytear"
INSTANCE_ID = re.compile(GAMES[GAME].never_public)   # a card instance ("c12"): never in a public message


class Driver(SharedDriver):
    """The shared driver, and what a game of response windows adds: the instants played out of
    turn (from the hand the bot sent by DM with `respond_in_dm`) and what the thread said last
    whenever a person was asked in a window."""

    def __init__(self, env, thread, members, planners=None, first: str = "slash", respond_in_dm: bool = False):
        super().__init__(env, thread, members, planners, first, game=GAME)
        self.responses = []              # (seat, action, version, way, from a DM): instants out of turn
        self.asked = []                  # (seat, version, legal ids, the thread's last message in a window)
        self.respond_in_dm = respond_in_dm

    async def play_one(self, way: str | None = None, action_id: str | None = None) -> str:
        match, seat, member, actions, action = await self.next_move(action_id)
        state = match.snapshot
        command = self.key(action)
        self.moves_by[member.name] += 1
        hand = self.hand_of(member)
        response = command == "play" and bool(state.get("window")) and \
            (state.get("activation") or {}).get("seat") != seat
        dm = member.user.dm_channel.history()[-1]
        if response and self.respond_in_dm and version_shown(dm) == match.version:
            hand, way = dm, "component"   # an instant out of turn, from the hand the bot sent by DM
        check_hand(hand, match, actions)
        told = self.thread.history()[-1] if state.get("window") else None   # what the thread said last
        self.asked.append((seat, match.version, [a.id for a in actions], told))
        way, result = await self.send(way, member, hand, match, seat, actions, action)
        if response:
            self.responses.append((seat, action.id, match.version, way, getattr(hand, "guild", None) is None))
        await self.settle(member, match, seat, action.id, result)
        return action.id


TWO_AGAINST_TWO = 3            # 1 round: alice answers out of turn, bob on autopass answers once too
OUT_OF_TIME = 5                # 1 round, two people and two computers, 24 hours a move
SPECTATED = 2                  # 1 round, alice against bob


@pytest.fixture
def simcord_bot(make_bot, virtual_clock):
    return make_bot(extensions=("cogs.matches", "cogs.skytear"), clock=virtual_clock)


def out_of_turn(run, seat: int) -> dict:
    """What a seat did in the response windows of an offline game: instants played out of turn,
    passes made by hand, passes made for it (autopass), instants played while on autopass."""
    out = {"responses": 0, "passes": 0, "auto": 0}
    for version, (who, action, how) in enumerate(run.moves):
        state = run.states[version]
        if who != seat or not state.get("window"):
            continue
        if how == "auto":
            out["auto"] += 1
        elif action == "pass":
            out["passes"] += 1
        elif action.startswith("play:") and (state.get("activation") or {}).get("seat") != seat:
            out["responses"] += 1
    return out


def two_against_two_game(run) -> bool:
    """alice (asked in every window) answers out of turn at least once and passes by hand at least
    once; bob (on autopass) is passed for and still answers once."""
    alice, bob = out_of_turn(run, run.seat_of("alice")), out_of_turn(run, run.seat_of("bob"))
    return alice["responses"] >= 1 and alice["passes"] >= 1 and bob["auto"] >= 1 and bob["responses"] >= 1


WAITING_LINE = re.compile(r"Waiting for \d+ responses?\b")   # a window's public line: a count, no name
TELLS = ("autopass", "auto-pass", "pass unless", "automatic", "by themselves", "by itself", "instant",
         "can respond", "could respond", "no response")


async def test_two_against_two_responses_autopass_and_log(world):
    """Two humans on opposite teams and two computer seats, to the end: the humans answer the
    effects on the stack from their hands (alice out of turn from her DM); bob's windows where he
    can only pass pass by themselves and nobody is told; the windows look the same in public
    whether or not the asked player holds an instant; a team's win is both members' win."""
    env, guild, channel, alice, bob, carol = world
    planners = {"alice": Planner((), responses=True), "bob": Planner((), responses=True)}
    seed, run = find_seed(GAME, {"rounds": 1}, ["alice", "bob", None, None], planners, two_against_two_game,
                          start=TWO_AGAINST_TWO, auto_pass=("bob",))
    env.bot.service.seed_source = FixedSeed(seed)
    r = await alice.slash(channel, "skytear challenge", opponent=bob, computers=2, rounds=1, clock="none")
    assert "sent" in text_of(r.response), text_of(r.response)
    await bob.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    match = await current_match(env)
    a, b = match.seat_of(alice.id), match.seat_of(bob.id)
    assert (a, b) == (run.seat_of("alice"), run.seat_of("bob")) and sum(s.is_ai for s in match.seats) == 2
    assert "Teams: " in text_of(thread.history()[0]), text_of(thread.history()[0])
    r = await bob.slash(thread, "match autopass", on=True)
    assert r.ephemeral and "the others are not told" in text_of(r.response), text_of(r.response)
    driver = Driver(env, thread, [alice, bob], planners, first="component", respond_in_dm=True)
    await driver.play_to_the_end()
    match = await current_match(env)
    assert match.status == "finished" and match.snapshot == run.final, "the game the engine alone played"

    # a team's win: both members are in the result and on the final board
    team = next(t for t in RULES.teams(4) if set(t) & set(match.result["winners"]))
    assert sorted(match.result["winners"]) == sorted(team) and sorted(map(sorted, match.result["teams"])) == \
        [[0, 2], [1, 3]]
    names = await env.bot.presenter.seat_names(match)
    final = text_of(thread.history()[-1])
    assert "Game over" in final and all(names[s] in final.split("Game over")[1] for s in team), final

    # alice answered out of turn, from the hand in her DMs, and the stack resolved her card
    states = await replayed_states(env, match)
    answers = [(seat, action, version) for seat, action, version, way, by_dm in driver.responses
               if seat == a and way == "component" and by_dm]
    assert answers, driver.responses
    for seat, action, version in answers:
        card = action.split(":")[2]
        assert any(e.get("card") == card for e in states[version + 1]["stack"]), "the instant went on the stack"
        later = next(v for v in range(version + 1, len(states)) if not states[v]["stack"])
        assert card in states[later]["heroes"][action.split(":")[1]]["played"] or \
            card in states[later]["discards"][str(a)], "it resolved and stayed played"
    assert out_of_turn(run, b)["responses"] >= 1 and any(s == b for s, *_ in driver.responses), \
        "bob, on autopass, was still asked when he held an instant"

    # bob was never asked when he could only pass: those windows passed by themselves
    assert not [v for seat, v, legal, _told in driver.asked if seat == b and legal == ["pass"]]
    by_driver = {(seat, v) for seat, v, _legal, _told in driver.asked}
    log = await env.bot.store.actions(match.id)
    auto = [seq for seq, seat, action, _at in log if seat == b and action == "pass" and (b, seq - 1) not in by_driver]
    assert len(auto) == out_of_turn(run, b)["auto"] > 0

    # in public, a window reads the same whether or not the asked player holds an instant: being
    # asked posts nothing in the thread (the activation's board waits for its end), so its last
    # message says how many responses are awaited (the game's count) or pings the player whose
    # activation it is, never the one asked (a pass by autopass looks like any other); no message
    # says who can respond or who passes by itself
    for message in thread.history() + channel.history():
        assert not [t for t in TELLS if t in text_of(message).lower()], text_of(message)
    kinds = {True: set(), False: set()}
    for seat, version, legal, told in driver.asked:
        if seat != a or legal[0] != "pass":
            continue
        footer = text_of(told).splitlines()[-1]
        named = {s for member, s in ((alice, a), (bob, b)) if member.mention in footer or member.name in footer}
        owner = states[version]["activation"]["seat"]
        assert WAITING_LINE.match(footer) or named == {owner} != {a}, (footer, owner)
        kinds[len(legal) > 1].add(told.id)
    assert kinds[True] and kinds[False], "alice was asked both with and without a response to make"

    # /match log: the public history, in pages, that names no hidden card
    r = await carol.slash(thread, "match log", match=match.id)
    text = text_of(r.response)
    assert "history, page" in text, text
    lines = [line for line in text.splitlines() if line[:1].isdigit()]
    assert lines and int(lines[-1].split(".")[0]) == len(await env.bot.service.history(match.id))
    assert not INSTANCE_ID.search(text)
    await assert_thread_hides_secrets(env, thread, match, images=4)


async def computer_moves_for_people(env, until, limit: int = 400):
    """Moves of the people, chosen by the engine's computer player and sent to the service (the
    other tests drive the commands), until `until(match)` holds; returns that match."""
    return await moves_by_service(env, until, limit=limit)


def boards_in(thread) -> list:
    """The thread's boards (the messages with a picture), oldest first."""
    return [m for m in thread.history() if m.attachments]


def on_own_turn(match, seat: int) -> bool:
    """The seat alone is asked, in its own activation or to choose one (not a response window)."""
    state = match.snapshot
    return match.status == "active" and RULES.active_players(state) == {seat} and not state.get("window") \
        and not state.get("pending") and state["phase"] == "hero"


async def test_two_against_two_out_of_time_the_computer_takes_the_seat(play):
    """With 24 hours a move: a person who lets the time run out on their own turn is voted out by
    the other person and the computer plays the seat on at once; a response window whose time runs
    out passes by itself, with no question to anyone."""
    env, guild, channel, alice, bob, carol = play
    env.bot.service.seed_source = FixedSeed(OUT_OF_TIME)
    r = await alice.slash(channel, "skytear challenge", opponent=bob, computers=2, rounds=1, clock="move-24h")
    assert "sent" in text_of(r.response), text_of(r.response)
    await bob.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    service = env.bot.service
    match, members, humans = await people_and_seats(env, alice, bob)

    match = await computer_moves_for_people(env, lambda m: any(on_own_turn(m, s) for s in humans))
    absent_seat = next(s for s in humans if on_own_turn(match, s))
    absent, voter = members[match.user_at(absent_seat).user_id], next(
        members[match.user_at(s).user_id] for s in humans if s != absent_seat)
    deadline = service.deadline_of(match, absent_seat)
    assert deadline is not None and service.deadline_of(match, match.seat_of(voter.id)) is None
    await env.advance_time(deadline - env.now().timestamp() + 1)
    notice = with_button(thread, "Let the computer play")
    assert notice is not None and "Claim the win" not in buttons(notice), "more than two players: a vote"
    assert absent.mention in text_of(notice) and "is out of time" in text_of(notice) and voter.mention in text_of(notice)
    assert (await current_match(env)).version == match.version, "an own turn is not played by itself"
    before = match.version
    r = await voter.click(notice, label="Let the computer play")
    assert text_of(r.response) == "The computer now plays that seat.", text_of(r.response)
    match = await current_match(env)
    assert match.user_at(absent_seat).is_ai and match.meta["absent"] == [absent_seat]
    handed = match.version
    assert not RULES.active_players(match.snapshot) & {absent_seat}, "the computer moved for the seat at once"
    assert [seq for seq, seat, _a, _t in await env.bot.store.actions(match.id) if seat == absent_seat and seq > before]
    # the computer plays the seat's turn on; the board that ends it offers the seat back
    posted = len(boards_in(thread))
    match = await computer_moves_for_people(env, lambda m: len(boards_in(thread)) > posted)
    assert "Take my seat back" in buttons(boards_in(thread)[-1])

    # the other person in a response window, out of time: the window passes by itself
    voter_seat = match.seat_of(voter.id)
    match = await computer_moves_for_people(
        env, lambda m: m.status == "active" and RULES.timeout_action(m.snapshot, voter_seat) == "pass")
    notices = len([m for m in thread.history() if "is out of time" in text_of(m)])
    deadline = service.deadline_of(match, voter_seat)
    assert deadline is not None
    await env.advance_time(deadline - env.now().timestamp() + 1)
    after = await current_match(env)
    passed = [row for row in await env.bot.store.actions(match.id) if row[0] == match.version + 1]
    assert passed and passed[0][1:3] == (voter_seat, "pass"), passed
    assert after.version > match.version
    assert len([m for m in thread.history() if "is out of time" in text_of(m)]) == notices, "no question to anyone"

    # the others play on to the end; the seat played for the absent person never wins
    match = await computer_moves_for_people(env, lambda m: m.status == "finished")
    assert len([row for row in await env.bot.store.actions(match.id) if row[1] == absent_seat and row[0] > handed]) > 3
    assert absent_seat not in match.result["winners"] and match.result["absent"] == [absent_seat]
    assert await service.replay(match.id) == match.snapshot


async def test_spectator_rematch_and_replay(world):
    """A spectator (/match watch) sees every board, drawn from the public view, and never a hand;
    the final board offers a rematch, which the other player starts; /match replay is an animated
    GIF of the whole game."""
    env, guild, channel, alice, bob, carol = world
    env.bot.service.seed_source = FixedSeed(SPECTATED)
    r = await alice.slash(channel, "skytear challenge", opponent=bob, rounds=1, clock="none")
    await bob.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    r = await carol.slash(channel, "match watch", match=1)
    assert "watching match #1" in text_of(r.response), text_of(r.response)
    assert carol.id in env.backend.channels[thread.id].thread_members
    match = await computer_moves_for_people(env, lambda m: m.status == "active" and m.snapshot["phase"] == "hero"
                                            and m.snapshot["round"] == 1 and bool(m.snapshot["stack"]))
    for command in ("skytear hand", "match hand"):
        r = await carol.slash(thread, command)
        assert r.ephemeral and "not playing" in text_of(r.response) and not r.response.attachments, command
    r = await carol.slash(thread, "skytear pass")
    assert r.ephemeral and "not playing" in text_of(r.response) and (await current_match(env)).version == match.version
    board = [m for m in thread.history() if m.attachments][-1]
    r = await carol.click(board, label="Show my hand")
    assert "not playing" in text_of(r.response) and not r.response.attachments
    match = await computer_moves_for_people(env, lambda m: m.status == "finished")

    # what the spectator saw: boards of the public view, no hand, nothing by DM
    boards = spectator_boards(channel, thread, carol)
    # a board per hero activation (one round, eight heroes) and the mulligan's
    assert len(boards) >= 8 and text_of(boards[-1]) == text_of(thread.history()[-1])
    assert await assert_thread_hides_secrets(env, thread, match, images=4) == len(boards)
    assert any("hand" in a.filename for m in alice.user.dm_channel.history() for a in m.attachments), \
        "the players' hands did go out, privately"

    # the rematch, from the final board: the same people, the other one starts
    final = thread.history()[-1]
    assert "Game over" in text_of(final) and "Rematch" in buttons(final)
    r = await bob.click(final, label="Rematch")
    assert "Rematch #2 has started" in text_of(r.response), text_of(r.response)
    rematch = await current_match(env, 2)
    assert [s.user_id for s in rematch.seats] == [s.user_id for s in match.seats]
    assert rematch.snapshot["first"] != match.snapshot["first"], "the other player starts the rematch"

    # the replay: the opening board and one frame per turn
    await assert_replay_is_animated(env, carol, thread, match)


async def test_the_rules_help_lists_the_design_decisions_and_every_house_value(play):
    """`/skytear rules`: the rules in short, the design decisions and the house values standing in
    for the printed ones (the issue's "listed by /skytear rules"), each message within Discord's
    2000 characters, in English and in Traditional Chinese."""
    from engine.skytear import data
    from engine.skytear.help import DESIGN_TEXT, RULES_TEXT
    from i18n import render

    env, guild, channel, alice, bob, carol = play
    r = await alice.slash(channel, "skytear rules")
    texts = [text_of(r.response)] + [text_of(f) for f in r.followups]
    assert r.ephemeral and len(texts) == len(RULES_TEXT) + len(DESIGN_TEXT) + 1, len(texts)
    assert all(0 < len(t) <= 2000 for t in texts)
    said = "\n".join(texts)
    lines = said.splitlines()
    for what, value in data.house_values():   # grouped per hero, card, ...: "• Cotlic: attack value 3, ..."
        name, field = render(what.args["name"], "en"), render(what.args["field"], "en")
        shown = render(value, "en") if value != "" else "-"
        assert any(line.startswith(f"• {name}:") and f"{field} {shown}" in line for line in lines), (name, field)
    assert "`rounds`" in texts[-1] and "`nexus_hp`" in texts[-1], "the declared options close the help"
    for text in (*RULES_TEXT, *DESIGN_TEXT):
        assert len(render(text, "zh-TW")) <= 2000
