"""Skytear's choices given back to the players (engine flow.ASKS: the lead card a side counts,
R113; a hero's control token, R115; a minion's hex among equal ones, R100/R111; the teammate who
draws, R134; who activates the Outsider, G18; and the AoE template's placement, R123) through the
real bot in simcord: the question reaches the asked person's private hand as one menu, the person
answers it there, and with a clock the default (the automatic pick) is taken when the time runs
out. The rarer questions are reached by people who lead a card whenever they can and play an area
card whenever they hold one, in a game whose seed the engine alone finds first."""
from __future__ import annotations

import pytest

from engine.skytear import RULES, data
from tests.discord.harness import FixedSeed
from tests.discord.helpers import (children, current_match, moves_by_service, newest_hand, people_and_seats, select_of,
                                   toolkit_components,
                                   text_of, thread_of, walk_move)


@pytest.fixture
def simcord_bot(make_bot, virtual_clock):
    return make_bot(extensions=("cogs.matches", "cogs.skytear"), clock=virtual_clock)


AREA_CARDS = {c for c in data.PRINTED_CARDS if any(e["do"] == "aoe" for e in data.card(c).get("effects", []))}


def asks(state: dict, what: str) -> bool:
    pend = state.get("pending") if not state.get("result") else None
    if what == "aoe":
        return bool(pend and pend["kind"] == "aoe")
    return bool(pend and pend["kind"] == "ask" and pend["what"] == what)


def asked(match, what: str, humans) -> bool:
    return match.status == "active" and asks(match.snapshot, what) and match.snapshot["pending"]["seat"] in humans


def eager(state: dict, seat: int, version: int, seed: int) -> str:
    """A person who plays an area card whenever they can, else leads a card, else plays as the
    computer would."""
    ids = [a.id for a in RULES.legal_actions(state, seat)]
    area = [i for i in ids if i.startswith("play:") and state["cards"].get(i.split(":")[2]) in AREA_CARDS]
    if area:
        return area[0]
    leads = [i for i in ids if i.startswith("lead:")]
    if leads:
        return leads[version % len(leads)]
    return RULES.ai_choose(state, seat, seed + version)


def seed_reaching(what: str, options: dict, start: int, moves: int = 600) -> int:
    """The first seed from `start` whose two-person game played by `eager` people (the seat
    moving is the lowest asked, as moves_by_service does) asks `what` within `moves` moves."""
    for seed in range(start, start + 40):
        state = RULES.setup(2, dict(options), seed)
        for version in range(moves):
            if RULES.result(state):
                break
            if asks(state, what):
                return seed
            seat = min(RULES.active_players(state))
            state, _ = RULES.apply(state, seat, eager(state, seat, version, seed))
    raise AssertionError(f"no seed from {start} asks {what}")


def asked_on_the_hand(match, members):
    """The asked seat, its member and its newest hand, which shows the question."""
    seat = match.snapshot["pending"]["seat"]
    member = members[match.user_at(seat).user_id]
    hand = newest_hand(member)
    prompt = str(RULES.prompt(match.snapshot, seat))
    assert prompt.split(":")[0] in text_of(hand), text_of(hand)[:400]
    return seat, member, hand


async def start(env, channel, alice, bob, carol, *, team: bool, clock: str = "none", seed: int = 4, **options):
    env.bot.service.seed_source = FixedSeed(seed)
    if team:
        r = await alice.slash(channel, "skytear challenge", opponent=bob, opponent2=carol, computers=1, clock=clock)
        people = (alice, bob, carol)
    else:
        r = await alice.slash(channel, "skytear challenge", opponent=bob, clock=clock, **options)
        people = (alice, bob)
    assert "sent" in text_of(r.response), text_of(r.response)
    for person in people[1:]:
        await person.click(channel.history()[-1], label="Accept")
    match, members, humans = await people_and_seats(env, *people)
    return thread_of(channel), match, members, humans


@pytest.mark.parametrize("what, team", [("place", False), ("draw", True), ("outsider", True)])
async def test_a_choice_is_asked_on_the_hand_and_answered_there(play, what, team):
    env, guild, channel, alice, bob, carol = play
    thread, match, members, humans = await start(env, channel, alice, bob, carol, team=team)
    match = await moves_by_service(env, lambda m: asked(m, what, humans), unseen=True)
    pend = match.snapshot["pending"]
    seat, member, hand = asked_on_the_hand(match, members)
    moves = toolkit_components(hand)
    assert moves, "the question's options are on the hand"
    menu = select_of(hand)
    if menu is not None:     # one menu holding every option (a few may come as buttons instead)
        assert len(menu.options) == len(pend["values"]), [o.label for o in menu.options]
    else:
        assert len(moves) == len(pend["values"]), [c.label for c, *_ in moves]
    before = match.version
    result = await walk_move(member.user, hand, env.bot, match, seat, "decide:1")
    assert result.clicks == 1, "one menu, one pick"
    rows = [row for row in await env.bot.store.actions(match.id) if row[0] == before + 1]
    assert rows and rows[0][1:3] == (seat, "decide:1"), rows
    after = await current_match(env)
    if what == "outsider":
        assert after.snapshot["activation"]["seat"] == pend["values"][1]


CASES = [("place", False, {}, None), ("draw", True, {}, None), ("outsider", True, {}, None),
         ("lead", False, {}, 1), ("token", False, {"map": "three_lane"}, 10), ("aoe", False, {}, 11)]


@pytest.mark.parametrize("what, team, options, start_seed", CASES)
async def test_out_of_time_the_default_is_taken(play, what, team, options, start_seed):
    """Each choice given back, with a clock: when the asked person's time runs out, the default
    (option 0, the automatic pick) is played for them."""
    env, guild, channel, alice, bob, carol = play
    if start_seed is None:
        thread, match, members, humans = await start(env, channel, alice, bob, carol, team=team, clock="move-24h")
        chooser = None
    else:
        seed = seed_reaching(what, options, start_seed)
        thread, match, members, humans = await start(env, channel, alice, bob, carol, team=False, seed=seed,
                                                     clock="move-24h", **options)
        chooser = lambda m, seat: eager(m.snapshot, seat, m.version, m.seed)  # noqa: E731
    match = await moves_by_service(env, lambda m: asked(m, what, humans), chooser, limit=700, unseen=True)
    seat = match.snapshot["pending"]["seat"]
    default = "aoe:0" if what == "aoe" else "decide:0"
    assert RULES.timeout_action(match.snapshot, seat) == default
    deadline = env.bot.service.deadline_of(match, seat)
    assert deadline is not None
    await env.advance_time(deadline - env.now().timestamp() + 1)
    rows = [row for row in await env.bot.store.actions(match.id) if row[0] == match.version + 1]
    assert rows and rows[0][1:3] == (seat, default), rows
    assert (await current_match(env)).version > match.version


@pytest.mark.parametrize("what, options, start_seed", [("lead", {}, 1), ("token", {"map": "three_lane"}, 10),
                                                       ("aoe", {}, 11)])
async def test_a_rarer_choice_is_asked_on_the_hand_and_answered_there(play, what, options, start_seed):
    """R113 (the lead card that counts), R115 (the token a hero counts for), R123 (the template's
    placement): reached by eager people, shown on the hand, answered there with the second option."""
    env, guild, channel, alice, bob, carol = play
    seed = seed_reaching(what, options, start_seed)
    thread, match, members, humans = await start(env, channel, alice, bob, carol, team=False, seed=seed, **options)
    assert match.snapshot == RULES.setup(2, dict(options), seed), "the game the engine found"
    match = await moves_by_service(env, lambda m: asked(m, what, humans),
                                   chooser=lambda m, seat: eager(m.snapshot, seat, m.version, m.seed),
                                   limit=700, unseen=True)
    pend = match.snapshot["pending"]
    seat, member, hand = asked_on_the_hand(match, members)
    assert toolkit_components(hand), "the question's options are on the hand"
    move = "aoe:1" if what == "aoe" else "decide:1"
    before = match.version
    result = await walk_move(member.user, hand, env.bot, match, seat, move)
    assert result.clicks == 1, "one menu, one pick"
    rows = [row for row in await env.bot.store.actions(match.id) if row[0] == before + 1]
    assert rows and rows[0][1:3] == (seat, move), rows


async def test_autopass_answers_a_question_with_the_usual_pick(play):
    """The issue's default "for autopass": the button on the hand while a question is asked turns
    `/match autopass` on; the question asked now is answered with option 0 (the automatic pick), and
    so are the next ones, without the player."""
    env, guild, channel, alice, bob, carol = play
    thread, match, members, humans = await start(env, channel, alice, bob, carol, team=False)
    match = await moves_by_service(env, lambda m: asked(m, "place", humans), unseen=True)
    mine = match.snapshot["pending"]["seat"]
    member = members[match.user_at(mine).user_id]
    hand = newest_hand(member)
    button = next(c for c in children(hand) if (getattr(c, "custom_id", "") or "").startswith("skyauto:"))
    assert button.label == "Answer such questions for me (the usual pick)"
    before = match.version
    await member.user.click(hand, custom_id=button.custom_id)
    rows = [row for row in await env.bot.store.actions(match.id) if row[0] == before + 1]
    assert rows and rows[0][1:3] == (mine, "decide:0"), rows
    assert env.bot.service.auto_passing(await current_match(env), mine)

    asked_me = []

    def chooser(m, seat):
        if seat == mine and m.snapshot.get("pending", {}) and m.snapshot["pending"]["kind"] in ("ask", "aoe"):
            asked_me.append(m.version)
        return RULES.ai_choose(m.snapshot, seat, m.seed + m.version)

    await moves_by_service(env, lambda m: m.status != "active" or m.version >= before + 200, chooser, unseen=True)
    answered = [row for row in await env.bot.store.actions(match.id)
                if row[0] > before + 1 and row[1] == mine and row[2].startswith("decide:")]
    assert answered and all(row[2] == "decide:0" for row in answered), answered
    assert asked_me == [], "the questions were answered for the player"
