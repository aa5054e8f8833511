"""Sid Meier's Civilization through the real bot in simcord: a whole game where the human moves
through the /civ commands and the toolkit's buttons and step menus on the private hand, to a
victory; a four-player game of people and computer seats; a battle with the barbarians fought
card by card on the two players' private hands; the secret research with a player out of time;
the clock's vote in a sequential step; take-backs refused after a draw; spectators, rematch, log
and replay; the rules help.

The humans' moves are chosen by the test player of `players` (it heads for the kinds of moves a
test still needs), seeded like the computer seats (`seed + version`), so a match seed fixes the
whole game. A test checks its seed first with the engine alone (`simulate`) and moves on to the
next seed when a change of the computer player took the game it needs away."""
from __future__ import annotations

from functools import partial

import pytest

from engine.civilization import RULES, research
from i18n import render
from render import registry as renderers
from tests.discord.harness import Driver, FixedSeed, assert_thread_hides_secrets, check_public_text, find_seed
from tests.discord.helpers import (current_match, last_dm, log_rematch_and_replay, moves_by_service,
                                   people_and_seats, replayed_states, spectator_boards, thread_of,
                                   undo_is_refused_after, vote_hands_the_seat_to_the_computer, with_button)
from tests.discord.helpers import text_of
from tests.discord.players import CIV_FOUR_PLANNERS as FOUR_PLANNERS
from tests.discord.players import CivPlanner as Planner
from tests.discord.players import civ_four_players as four_players
from tests.discord.players import civ_stage_2_happenings as stage_2_happenings
from tests.discord.players import civ_how_it_ended as how_it_ended

GAME = "civilization"
FOUR_PLAYERS = 0       # alice and bob against two computers
BATTLE = 0             # alice against bob: a raid on a village (the other plays the barbarians)


@pytest.fixture
def simcord_bot(make_bot, virtual_clock):
    return make_bot(extensions=("cogs.matches", "cogs.civilization"), clock=virtual_clock)


async def challenge(env, channel, challenger, *opponents, computers: int = 0, clock: str = "none"):
    """/civ challenge, accepted by the people named; returns the match's thread."""
    names = ("opponent", "opponent2", "opponent3")
    extra = {"computers": computers} if computers else {}
    r = await challenger.slash(channel, "civ challenge", **dict(zip(names, opponents)), clock=clock, **extra)
    assert r.ephemeral and ("has started" in text_of(r.response) or "sent" in text_of(r.response)), text_of(r.response)
    for opponent in opponents:
        if opponent.id != env.bot.user.id:
            await opponent.click(with_button(channel, "Accept"), label="Accept")
    return thread_of(channel)


@pytest.mark.slow
async def test_four_players_two_people_and_two_computers(world):
    """Four seats, alice and bob with two computer players, to the end: through turn 2 (setup, two
    whole turns with offers in the Trade phase and the secret research chosen on the hand at the
    same time) every move of the people is a command or a click; from turn 3 on, to keep the test
    short, their moves go straight to the service with the computer player's choice, unseen until
    the last (the final board is posted). The game
    holds a trade, a wonder, a culture event and a disaster; the thread never names a hidden card
    or pick."""
    env, guild, channel, alice, bob, carol = world
    seed, run = four_players(FOUR_PLAYERS)
    planners = {p: Planner(q.seek, q.raid) for p, q in FOUR_PLANNERS.items()}
    env.bot.service.seed_source = FixedSeed(seed)
    thread = await challenge(env, channel, alice, bob, computers=2)
    match = await current_match(env)
    assert len(match.seats) == 4 and sum(s.is_ai for s in match.seats) == 2
    assert [match.seat_of(alice.id), match.seat_of(bob.id)] == [run.seat_of("alice"), run.seat_of("bob")]
    driver = Driver(env, thread, [alice, bob], planners)
    while (await current_match(env)).snapshot["turn"] <= 2:
        await driver.play_one()
    assert {seat for _v, seat, _a in driver.played} == {match.seat_of(alice.id), match.seat_of(bob.id)}
    assert driver.used[("research", "slash")] and driver.used[("research", "component")]
    assert any(verb.startswith("trade") for verb, _how in driver.used), driver.used
    match = await moves_by_service(env, lambda m: m.status == "finished", unseen=True)
    assert match.snapshot["players"] == 4 and how_it_ended(match.snapshot) != "other"
    actions = [action for _seq, _seat, action, _at in await env.bot.store.actions(match.id)]
    happened = stage_2_happenings(actions, match.snapshot)
    assert all(happened.values()), happened
    assert "Game over" in text_of(thread.history()[-1])
    await assert_thread_hides_secrets(env, thread, match)


@pytest.mark.slow
async def test_a_battle_is_exchanged_privately(world):
    """alice against bob: one raids a village and the other plays the barbarians (R72). Each side's
    battle hand reaches its player only: the DM picture is the hand drawn from that seat's own
    view (which holds its hand and only the count of the other's); the plays are made card by card
    on the hand (a menu of the battle hand, then the front); the thread shows only the cards
    played: it never names a card still in a hand, nor a private line."""
    env, guild, channel, alice, bob, carol = world
    planners = {"alice": Planner(), "bob": Planner()}

    def raided(run):
        return any(s.get("battle") and s["battle"]["barbarian"] for s in run.states)

    seed, _run = find_seed(GAME, {}, ["alice", "bob"], planners, raided, start=BATTLE)
    env.bot.service.seed_source = FixedSeed(seed)
    thread = await challenge(env, channel, alice, bob)
    members = {alice.id: alice, bob.id: bob}
    chooser_planners = {}

    def chooser(match, seat):
        name = members[match.user_at(seat).user_id].name
        return chooser_planners.setdefault(name, Planner()).choose(match.snapshot, seat, match.seed + match.version)

    # (a seat holding a battle culture card first musters: the hands are drawn after it)
    match = await moves_by_service(env, lambda m: (m.snapshot.get("battle") or {}).get("step") == "play", chooser)
    battle = match.snapshot["battle"]
    assert battle["barbarian"] and battle["step"] == "play"
    renderer = renderers.get("civilization")
    names = await env.bot.presenter.seat_names(match)
    seen = thread.history()
    for side in ("attacker", "defender"):
        seat = battle["seats"][side]
        member = members[match.user_at(seat).user_id]
        view = env.bot.service.private_view(match, seat)
        assert view["battle"]["hands"][side] == battle["hands"][side], "the seat's own hand, card by card"
        other = "defender" if side == "attacker" else "attacker"
        assert view["battle"]["hands"][other] == len(battle["hands"][other]), "the other hand: a count"
        dm = last_dm(member)
        assert f"· move {match.version} ·" in text_of(dm), text_of(dm)
        assert await dm.attachments[0].read() == renderer.render_hand(view, names, "en")
    # the battle's plays, made on the hands
    driver = Driver(env, thread, [alice, bob], {"alice": Planner(), "bob": Planner()})
    plays = 0
    while (await current_match(env)).snapshot.get("battle"):
        found = await driver.human_to_move()
        assert found is not None
        played = await driver.play_one(way="component")
        plays += played.startswith("play:")
    assert plays >= 2 and driver.kinds[("play", "menu")]
    match = await current_match(env)
    states = await replayed_states(env, match)
    for message in thread.history()[len(seen):]:
        check_public_text(GAME, text_of(message), states[battle_version(states):match.version + 1])
    told = "\n".join(text_of(m) for m in thread.history()[len(seen):])
    assert "plays" in told and "Your battle hand" not in told, told[-600:]


def battle_version(states: list[dict]) -> int:
    """The version at which the first battle began."""
    return next(v for v, s in enumerate(states) if s.get("battle"))


async def test_the_secret_research_with_a_player_out_of_time(play):
    """alice against bob, 24 hours a move: during the research the thread says how many have
    chosen and names nobody; the next turn's first player picks by /civ research, the other does
    not; when that one's time runs out the computer's choice is made for them
    (RULES.timeout_action: nobody is asked anything) and both picks are revealed at once; the
    absent player keeps the seat. (The absent player is the one who does not open the next turn:
    a seat asked again at once after its timed-out pick keeps its running turn on the clock and is
    out of time at once, see the report of this test's author.)"""
    env, guild, channel, alice, bob, carol = play
    env.bot.service.seed_source = FixedSeed(1)
    thread = await challenge(env, channel, alice, bob, clock="move-24h")
    service = env.bot.service
    match = await moves_by_service(env, lambda m: RULES.moment(m.snapshot).asks_privately and m.snapshot["phase"] == "research"
                                   and len(RULES.active_players(m.snapshot)) == 2)
    members = {alice.id: alice, bob.id: bob}
    a = (match.snapshot["first"] + 1) % 2          # the next turn's first player
    b = 1 - a
    picker, absent = members[match.user_at(a).user_id], members[match.user_at(b).user_id]
    footer = text_of(thread.history()[-1]).splitlines()[-1]
    assert "Waiting for 2 players to choose their research" in footer, footer
    for member in (alice, bob):
        assert member.mention not in footer and member.name not in footer
    mine = RULES.legal_actions(match.snapshot, a)[0].id
    before = len(thread.history())
    r = await picker.slash(thread, "civ research", tech=mine.split(":")[1])
    assert text_of(r.response).startswith("Move played."), text_of(r.response)
    tech = render(research.name(mine.split(":")[1]), "en")
    for message in thread.history()[before:]:
        told = text_of(message)
        assert "Research chosen: 1 of 2 players." in told and picker.name not in told and tech not in told, told
    match = await current_match(env)
    assert RULES.active_players(match.snapshot) == {b} and service.deadline_of(match, b) is not None
    expected = RULES.timeout_action(match.snapshot, b)
    before = len(thread.history())
    await env.advance_time(service.deadline_of(match, b) - env.now().timestamp() + 1)
    match = await current_match(env)
    log = await env.bot.store.actions(match.id)
    assert [(s, act) for _q, s, act, _t in log[-2:]] == [(a, mine), (b, expected)], "the computer's pick"
    assert not RULES.moment(match.snapshot).asks_privately
    after = thread.history()[before:]
    assert not [m for m in after if "is out of time" in text_of(m)], [text_of(m) for m in after]
    assert len([m for m in after if "Research revealed" in text_of(m)]) == 1, [text_of(m) for m in after]
    assert not match.user_at(b).is_ai, f"{absent.name} keeps the seat"


def alone_in_a_step(match, seat: int) -> bool:
    """The seat alone is asked, in its own step of a sequential phase (no battle, no discard)."""
    state = match.snapshot
    return match.status == "active" and RULES.active_players(state) == {seat} and \
        state["phase"] in ("start", "city", "movement") and not state.get("battle") and state["step_seat"] == seat


async def test_out_of_time_in_a_sequential_step_the_computer_takes_the_seat(play):
    """alice, bob and a computer, 24 hours a move: a person who lets the time run out in their own
    step of a sequential phase is not played for by the clock; the other person's vote hands the
    seat to the computer, which moves for it at once."""
    env, guild, channel, alice, bob, carol = play
    env.bot.service.seed_source = FixedSeed(2)
    thread = await challenge(env, channel, alice, bob, computers=1, clock="move-24h")
    match, members, humans = await people_and_seats(env, alice, bob)
    match = await moves_by_service(env, lambda m: m.snapshot["turn"] >= 1 and any(alone_in_a_step(m, s)
                                                                                   for s in humans))
    absent_seat = next(s for s in humans if alone_in_a_step(match, s))
    match = await vote_hands_the_seat_to_the_computer(env, thread, match, absent_seat, members, humans,
                                                      not_by_itself="a sequential step is not played by itself")
    assert absent_seat not in RULES.active_players(match.snapshot) or match.snapshot["step_seat"] != absent_seat, \
        "the computer moved for the seat at once"


async def test_a_draw_cannot_be_taken_back(play):
    """alice against bob: right after a player discovers a face-down tile (the tile is revealed),
    /match undo is refused and nothing is taken back."""
    env, guild, channel, alice, bob, carol = play
    env.bot.service.seed_source = FixedSeed(0)
    thread = await challenge(env, channel, alice, bob)
    await undo_is_refused_after(env, thread, (alice, bob), RULES, Planner, lambda move: move.startswith("explore:"),
                                what="anyone discovered a tile")


async def test_spectator_log_rematch_and_replay(world):
    """A spectator (/match watch) sees every board and never a hand or a DM; the game is cut short
    by a resignation in turn 3 (a whole game's replay would be hundreds of frames); /match log
    pages the public history and names no secret; the final board offers a rematch, which the
    other player starts; /match replay is an animated GIF (the opening board and one frame a
    move)."""
    env, guild, channel, alice, bob, carol = world
    env.bot.service.seed_source = FixedSeed(3)
    thread = await challenge(env, channel, alice, bob)
    r = await carol.slash(channel, "match watch", match=1)
    assert "watching match #1" in text_of(r.response), text_of(r.response)
    for command in ("civ hand", "match hand"):
        r = await carol.slash(thread, command)
        assert r.ephemeral and "not playing" in text_of(r.response) and not r.response.attachments, command
    r = await carol.slash(thread, "civ done")
    assert r.ephemeral and "not playing" in text_of(r.response)
    await moves_by_service(env, lambda m: m.snapshot["turn"] >= 3)
    r = await alice.slash(thread, "match resign")
    assert "resigned" in text_of(r.response), text_of(r.response)
    match = await current_match(env)
    assert match.status == "finished" and match.result["winners"] == [match.seat_of(bob.id)]

    boards = spectator_boards(channel, thread, carol)
    assert len(boards) > 2 and text_of(boards[-1]) == text_of(thread.history()[-1])
    assert await assert_thread_hides_secrets(env, thread, match) == len(boards)

    states = await replayed_states(env, match)
    await log_rematch_and_replay(env, thread, carol, bob, match, "civilization", states[-1:],
                                 partial(check_public_text, GAME))


async def test_the_rules_help_lists_every_house_value(play):
    """`/civ rules`: the rules in short, the design decisions and every house value standing in for
    the printed ones (data.house_values()), each message within Discord's 2000 characters, and the
    declared options last (section 8: the learning game; G40: the turn limit)."""
    from engine.civilization import data
    from engine.civilization.help import DESIGN_TEXT, RULES_TEXT
    from engine.helptext import show as _show

    env, guild, channel, alice, bob, carol = play
    r = await alice.slash(channel, "civ rules")
    texts = [text_of(r.response)] + [text_of(f) for f in r.followups]
    assert r.ephemeral and len(texts) == len(RULES_TEXT) + len(DESIGN_TEXT) + 1, len(texts)
    assert "`learning`" in texts[-1] and "`turns`" in texts[-1], "the declared options close the help"
    assert all(0 < len(t) <= 2000 for t in texts)
    lines = "\n".join(texts).splitlines()
    records = {(name, str(rec.get("id", name))): rec for name, rec in data.records()}
    values = data.house_values()
    assert values
    for file, rid, field, _note in values:
        rec = records[(file, rid)]
        label = render(data.term(str(rec["name"])), "en") if rec.get("name") else str(rec.get("id", file))
        shown = _show(rec[field])
        assert any(line.startswith(f"• {label}:") and f"{field} {shown}" in line for line in lines), \
            (file, rid, field, shown)
