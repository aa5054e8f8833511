"""The message flow a player meets, for every game, against the computer and between two people:
at most one board per turn (the person who must act changes: a new board and a ping for that
person only), one private hand message per player edited in place (a new one only when a turn
comes round), no superseded message left with live components, every player told privately at
the end, and narration never cut or padded with empty lines.

Each game is played by clicks on the hands' components (the computer player's choice for the
person), 40 human moves, then a resignation ends it (the end is told the same way as any other).
The figures of each run are printed (pytest -s shows them)."""
from __future__ import annotations

import re

import pytest

from bot import EXTENSIONS
from engine import registry
from engine.base import as_game
from tests.discord.helpers import bot_handle, current_match, replayed_states, start_challenge, thread_of, walk_move
from tests.discord.helpers import live, text_of

HUMAN_MOVES = 40
GAMES = ("battleline", "battalia", "skytear", "clash_of_rage", "civilization")
VERSION = re.compile(r"· (?:move|第|第) ?(\d+)")


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=EXTENSIONS)


def boards(thread) -> list:
    return [m for m in thread.history() if m.attachments and "· move" in text_of(m)]


def version_of(board) -> int:
    found = re.search(r"· move (\d+)", text_of(board))
    assert found, text_of(board)[:100]
    return int(found.group(1))


def pinged(env, message) -> set[int]:
    return set(env.backend.get_message(message.channel.id, message.id).ping_user_ids)


def hand_of(member, match_id: int):
    """The member's hand message of the match (the newest DM with move components)."""
    found = [m for m in member.user.dm_channel.history() if live(m) and f"match #{match_id}" in text_of(m)]
    return found[-1] if found else None


def dm_counts(members) -> dict:
    """How many DMs each member holds now (the hands sent at the start are not a move's)."""
    return {m.id: len(m.user.dm_channel.history()) if m.user.dm_channel else 0 for m in members}


def turn_key(game, state: dict):
    """Who must act: the turn's owner, else the seats asked (a simultaneous choice)."""
    moment = game.moment(state)
    return moment.owner if moment.owner is not None else frozenset(moment.seats)


async def play_by_hands(env, people: dict, game_name: str) -> int:
    """HUMAN_MOVES moves of the people, each clicked on the mover's hand; returns how many."""
    moves = 0
    while moves < HUMAN_MOVES:
        match = await current_match(env)
        if match.status != "active":
            break
        rules = env.bot.service.rules(match)
        humans = [s for s in sorted(rules.active_players(match.snapshot)) if not match.user_at(s).is_ai]
        assert humans, f"{game_name}: the computer's seats left the game waiting at move {match.version}"
        seat = humans[0]
        member = people[match.user_at(seat).user_id]
        hand = hand_of(member, match.id)
        assert hand is not None, f"{game_name}: seat {seat} must act but holds no hand with moves"
        action = rules.ai_choose(match.snapshot, seat, match.seed + match.version)
        await walk_move(member.user, hand, env.bot, match, seat, action)
        # the seat's moves the click made: the one chosen, and one the hand then made by itself as
        # the player set it (issue 33: Battle Line's draw from the deck last chosen)
        log = await env.bot.store.actions(match.id)
        moves += sum(1 for q, s, _a, _t in log if q > match.version and s == seat)
    return moves


def figures(env, thread, states: list[dict], game, people, dms_before: dict, moves: int) -> dict:
    keys = [turn_key(game, s) for s in states]
    turns = 1 + sum(1 for a, b in zip(keys, keys[1:]) if a != b)
    posted = boards(thread)
    created = sum(len(m.user.dm_channel.history()) - dms_before[m.id] for m in people.values())
    # private messages made by the moves: not the end's message to each player
    return {"turns": turns, "boards": len(posted), "moves": moves, "private": created - len(people),
            "live public": sum(live(m) for m in posted[:-1]),
            "live private": sum(live(m) for p in people.values() for m in p.user.dm_channel.history())}


async def check_flow(env, channel, thread, people: dict, game_name: str, dms_before: dict) -> dict:
    moves = await play_by_hands(env, people, game_name)
    match = await current_match(env)
    assert moves >= HUMAN_MOVES, f"{game_name}: only {moves} human moves"
    if match.status == "active":
        someone = next(iter(people.values()))
        await someone.slash(thread, "match resign", match=match.id)
    match = await current_match(env)
    assert match.status == "finished", match.status
    game = as_game(registry.get(game_name))
    states = await replayed_states(env, match)
    users = {seat.seat: seat.user_id for seat in match.seats}
    posted = boards(thread)
    for board in posted:
        version = version_of(board)
        moment = game.moment(states[version])
        # the person who must act now, and nobody else (no one once the game is over; no one
        # when the game keeps who is asked to itself: their hands ask them)
        asked = set() if board is posted[-1] or moment.asks_privately else \
            {users[s] for s in moment.seats if not match.user_at(s).is_ai}
        assert pinged(env, board) <= asked, (game_name, version, pinged(env, board), asked)
        lines = text_of(board).split("\n")
        assert all(line.strip() for line in lines), f"{game_name}: an empty narration line: {text_of(board)!r}"
        assert "more …" not in text_of(board), f"{game_name}: narration cut: {text_of(board)!r}"
    found = figures(env, thread, states, game, people, dms_before, moves)
    # a board per change of the person who must act, plus the first and the last
    assert found["boards"] <= found["turns"] + 2, found
    assert found["private"] <= 0.5 * moves, found
    assert found["live public"] == 0 and found["live private"] == 0, found
    for member in people.values():
        last = member.user.dm_channel.history()[-1]
        assert "is over" in text_of(last) and posted[-1].jump_url in text_of(last), text_of(last)
    print(f"\n{game_name}: {found}")
    return found


@pytest.mark.parametrize("game_name", GAMES)
async def test_against_the_computer(world, game_name):
    env, guild, channel, alice, bob, carol = world
    env.bot.service.seed_source = __import__("random").Random(9)
    r = await alice.slash(channel, "match new", game=game_name, opponent=bot_handle(env))
    assert "#1" in text_of(r.response), text_of(r.response)
    await check_flow(env, channel, thread_of(channel), {alice.id: alice}, game_name, dm_counts([alice]))


@pytest.mark.parametrize("game_name", GAMES)
async def test_between_two_people(world, game_name):
    env, guild, channel, alice, bob, carol = world
    env.bot.service.seed_source = __import__("random").Random(11)
    thread = await start_challenge(channel, alice, bob, game=game_name)
    await check_flow(env, channel, thread, {alice.id: alice, bob.id: bob}, game_name, dm_counts([alice, bob]))


def test_a_very_long_turn_keeps_its_latest_lines_whole_and_says_where_the_rest_is():
    from cogs.presenter import NARRATION_BUDGET, DiscordPresenter
    lines = [f"bob moves unit {i} from the north to the south of the river." for i in range(100)]
    told = DiscordPresenter.fitted(None, lines, "en")
    kept = told[1:]
    assert kept == lines[-len(kept):], "the latest lines, each whole"
    assert sum(len(line) + 1 for line in told) <= NARRATION_BUDGET
    assert told[0] == f"({100 - len(kept)} earlier lines of this turn are in /match log.)", told[0]
    short = lines[:5]
    assert DiscordPresenter.fitted(None, short, "en") == short
    again = ["A player is preparing an offer."] * 4 + ["bob sends offer 1."]
    assert DiscordPresenter.fitted(None, again, "en") == ["A player is preparing an offer. (×4)", "bob sends offer 1."]


async def test_after_a_restart_the_messages_before_it_are_retired_too(world, make_bot):
    """The newest board and hands are found again after a restart: when the game moves on,
    the ones before it lose their components like any other superseded message."""
    env, guild, channel, alice, bob, carol = world
    env.bot.service.seed_source = __import__("random").Random(3)
    thread = await start_challenge(channel, alice, bob, game="battleline")
    people = {alice.id: alice, bob.id: bob}
    for _ in range(2):      # a whole turn: the hands of both players and two boards exist
        await play_one(env, people)
    await env.restart_bot(make_bot(extensions=EXTENSIONS))
    for _ in range(4):
        await play_one(env, people)
    live_boards = [m for m in thread.history() if live(m)]
    assert [m.id for m in live_boards] == [thread.history()[-1].id], [text_of(m)[:40] for m in live_boards]
    for person in people.values():
        hands = [m for m in person.user.dm_channel.history() if live(m)]
        assert len(hands) <= 1, (person.name, [text_of(m)[:60] for m in hands])


async def play_one(env, people: dict) -> None:
    match = await current_match(env)
    rules = env.bot.service.rules(match)
    seat = min(rules.active_players(match.snapshot))
    member = people[match.user_at(seat).user_id]
    action = rules.ai_choose(match.snapshot, seat, match.seed + match.version)
    await walk_move(member.user, hand_of(member, match.id), env.bot, match, seat, action)
