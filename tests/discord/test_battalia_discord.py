"""Battalia through the real bot in simcord: whole games where the humans move through the
/battalia commands and the buttons and pickers on their private hand, against computer seats.

The humans' moves are chosen with the engine's own computer player, seeded like the computer
seats (`seed + version`), so a match seed fixes the whole game. The two-player seed was searched
for a game where the computer attacks the human's hero, so the human defender must answer a battle
by the buttons on the private hand (and the human attacks once too); both seeds use the `weeks`
option so the games stay short."""
from __future__ import annotations

import json
import re
from collections import Counter
from types import SimpleNamespace

import discord
import pytest

from cogs.battalia import MoveButton, MoveSelect, move_items
from engine.base import Action
from engine.battalia import RULES, board
from matches import STALE_MESSAGE
from render.battalia import render_board
from tests.discord.helpers import ANSWERS, bot_handle, current_match, remember_answer, thread_of, version_shown

TWO_PLAYER_SEED = 7302  # weeks=2, 64 human moves: the human attacks once and defends once
FOUR_PLAYER_SEED = 3    # weeks=1, about 50 moves by the two humans

# engine verb -> (slash command, option carrying the action id, or None)
SLASH = {
    "faction": ("battalia setup", "choice"), "startcity": ("battalia setup", "choice"),
    "formation": ("battalia turnstart", "choice"), "redeploy": ("battalia turnstart", "choice"),
    "start": ("battalia turnstart", "choice"),
    "hire": ("battalia hire", "unit"), "craft": ("battalia craft", "artifact"),
    "road": ("battalia build road", "type"), "city": ("battalia build city", "plan"),
    "upgrade": ("battalia build upgrade", "city"), "place": ("battalia place", "spot"),
    "hero": ("battalia hero hire", "city"), "move": ("battalia hero move", "to"),
    "wings": ("battalia hero wings", "to"),
    "amulet": ("battalia artifact amulet", "use"), "title": ("battalia artifact title", "use"),
    "scroll": ("battalia artifact scroll", "use"), "tent": ("battalia artifact tent", "use"),
    "strike": ("battalia artifact strike", "tent"), "hammer": ("battalia artifact hammer", "role"),
    "horn": ("battalia artifact horn", None),
    "ambush": ("battalia ambush", "play"), "attack": ("battalia attack", "target"),
    "claim": ("battalia attack", "target"),
    "fight": ("battalia battle fight", "how"), "retreat": ("battalia battle retreat", "to"),
    "surrender": ("battalia battle surrender", None), "add": ("battalia battle add", "card"),
    "commit": ("battalia battle commit", None), "pass": ("battalia battle pass", None),
    "cancel": ("battalia battle cancel", None),
    "wild": ("battalia choose", "option"), "drop": ("battalia choose", "option"),
    "hornpick": ("battalia choose", "option"), "great": ("battalia choose", "option"),
    "end": ("battalia end", None),
}
CARD_ID = re.compile(r"\b[kv]\d+\b")


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=("cogs.matches", "cogs.battalia"))


class FixedSeed:
    """Stands in for the service's seed source so a test picks the game it plays."""

    def __init__(self, seed: int):
        self.seed = seed

    def randrange(self, *_):
        return self.seed


def verb_of(action_id: str) -> str:
    return action_id.split(":", 1)[0]


def components_of(message) -> list:
    return [child for row in message.components for child in getattr(row, "children", [])]


def check_private_components(dm, match, legal) -> None:
    """The private hand's components fit Discord's limits and offer only what is legal now."""
    assert f"move {match.version} " in dm.content, "the newest DM shows the current position"
    assert len(dm.components) <= 5
    legal_ids = {a.id for a in legal}
    for row in dm.components:
        buttons = [c for c in row.children if isinstance(c, discord.Button)]
        assert len(buttons) <= 5
        for child in row.children:
            if isinstance(child, discord.Button):
                assert child.custom_id.split(":", 4)[4] in legal_ids, child.custom_id
            elif child.custom_id.startswith("bt:square:"):
                assert {o.value for o in child.options} == {a.id.split(":")[1] for a in legal}
            elif child.custom_id.startswith(("bt:pick:", "bg:act:")):
                assert 0 < len(child.options) <= 25 and {o.value for o in child.options} <= legal_ids
            else:
                assert child.custom_id.startswith(("bt:pages:", "bg:page:")) and len(child.options) <= 25


class Driver:
    """Plays the humans' moves, alternating slash commands and private-hand components per verb,
    and records which way each move went."""

    def __init__(self, env, thread, members, first: str = "slash"):
        self.env, self.thread, self.members = env, thread, members
        self.first = first  # the way a verb is played the first time; then the ways alternate
        self.used = Counter()      # (verb, "slash" | "component") -> count
        self.kinds = Counter()     # (verb, component kind: button, picker:<slot>, square, pages) -> count
        self.moves_by = Counter()  # member name -> moves
        self.defended_by_button = 0
        self.autocompleted = 0

    async def member_to_move(self):
        match = await current_match(self.env)
        (seat,) = RULES.active_players(match.snapshot)
        user_id = match.user_at(seat).user_id
        return match, seat, next(m for m in self.members if m.id == user_id)

    async def play_one(self) -> None:
        match, seat, member = await self.member_to_move()
        state = match.snapshot
        action = RULES.ai_choose(state, seat, match.seed + match.version)
        verb = verb_of(action)
        self.moves_by[member.name] += 1
        check_private_components(self.hand_of(member), match, RULES.legal_actions(state, seat))
        deciding = bool(state["battle"]) and state["battle"]["stage"] == "decide"
        slash, component = self.used[(verb, "slash")], self.used[(verb, "component")]
        want_component = deciding or slash > component or (slash == component and self.first == "component")
        result, kind = await self.by_component(member, match, action) if want_component else (None, None)
        if deciding:
            assert kind == "button", f"the defender has no button for {action}"
            self.defended_by_button += 1
        if result is None:
            result = await self.by_slash(member, action)
            self.used[(verb, "slash")] += 1
        else:
            self.used[(verb, "component")] += 1
            self.kinds[(verb, kind)] += 1
        assert result.response is not None and result.response.content.startswith("Move played."), \
            (action, result.response and result.response.content)
        assert "your private view" in result.response.content, "each step is answered with the updated hand"
        remember_answer(member, result)
        after = await current_match(self.env)
        assert after.version > match.version and after.snapshot["history"][match.version] == [seat, action]

    @staticmethod
    def hand_of(member):
        """The member's current private hand: the newest DM, or the hand that answered their
        last step when that is newer (the hand follows the player)."""
        dm = member.user.dm_channel.history()[-1]
        answer = ANSWERS.get(member.id)
        return answer if answer is not None and version_shown(answer) > version_shown(dm) else dm

    async def by_slash(self, member, action: str):
        command, option = SLASH[verb_of(action)]
        if option is None:
            return await member.slash(self.thread, command)
        offered = await member.autocomplete(self.thread, command, option, action)
        self.autocompleted += 1
        assert action in [c["value"] for c in offered], (command, action, offered)
        return await member.slash(self.thread, command, **{option: action})

    async def by_component(self, member, match, action: str):
        """Find the action on the member's newest DM: a button, a picker option, the square picker
        (then a rotation button), or a group of a page picker. Returns (result, kind of component),
        (None, None) if the DM does not offer it."""
        dm = self.hand_of(member)
        # a hand answered in the thread is clicked there, a DM in the DM
        user = member if getattr(dm, "guild", None) is not None else member.user
        children = components_of(dm)
        for child in children:
            if isinstance(child, discord.Button) and child.custom_id == f"bt:do:{match.id}:{match.version}:{action}":
                return await user.click(dm, custom_id=child.custom_id), "button"
        for child in children:
            if isinstance(child, discord.SelectMenu) and action in [o.value for o in child.options]:
                kind = "picker:" + child.custom_id.split(":")[-1] if child.custom_id.startswith("bt:pick:") \
                    else "generic"
                return await user.select(dm, [action], custom_id=child.custom_id), kind
        square = next((c for c in children if isinstance(c, discord.SelectMenu)
                       and c.custom_id.startswith("bt:square:")), None)
        if square is not None and verb_of(action) == "place":
            _, sq, rot = action.split(":")
            r = await user.select(dm, [sq], custom_id=square.custom_id)
            if r.response.content.startswith("Move played."):  # one rotation fits: played at once
                return r, "square"
            return await user.click(r.response.message,
                                           custom_id=f"bt:do:{match.id}:{match.version}:{action}"), "square+rotation"
        for pager in (c for c in children if isinstance(c, discord.SelectMenu)
                      and c.custom_id.startswith(("bt:pages:", "bg:page:"))):
            for option in pager.options:
                r = await user.select(dm, [option.value], custom_id=pager.custom_id)
                menu = next(c for c in components_of(r.response.message) if isinstance(c, discord.SelectMenu))
                if action in [o.value for o in menu.options]:
                    return (await user.select(r.response.message, [action], custom_id=menu.custom_id),
                            "pages")
        return None, None

    async def play_to_the_end(self, limit: int = 600) -> int:
        moves = 0
        while (await current_match(self.env)).status == "active":
            await self.play_one()
            moves += 1
            assert moves < limit
        return moves


async def replayed_states(env, match) -> list[dict]:
    """The state at every version, rebuilt from the seed and the action log."""
    states = [RULES.setup(len(match.seats), dict(match.options), match.seed)]
    for _seq, seat, action, _at in await env.bot.store.actions(match.id):
        states.append(RULES.apply(states[-1], seat, action)[0])
    return states


def hidden_ids(state: dict) -> set[str]:
    return {c for p in state["players"] for zone in ("hand", "ambush", "realm") for c in p[zone]}


async def assert_thread_reveals_no_hidden_card(env, thread, match) -> None:
    states = await replayed_states(env, match)
    assert states[-1] == match.snapshot, "replaying the log reproduces the stored state"
    names = await env.bot.presenter.seat_names(match)
    boards = [m for m in thread.history() if m.attachments]
    assert len(boards) > 10
    for message in thread.history():
        found = re.search(r"· move (\d+)", message.content)
        assert found, message.content[:80]
        state = states[int(found.group(1))]
        hidden = hidden_ids(state)
        named = set(CARD_ID.findall(message.content))
        assert not named & hidden, f"hidden cards named in the thread: {named & hidden}"
        public = json.dumps(RULES.view(state, None))
        assert not set(CARD_ID.findall(public)) & hidden
    for message in boards[:: max(1, len(boards) // 4)]:  # a sample: the image is drawn from the public view
        state = states[int(re.search(r"· move (\d+)", message.content).group(1))]
        assert await message.attachments[0].read() == render_board(RULES.view(state, None), names)


async def test_two_player_game_against_the_computer_to_the_end(world):
    env, guild, channel, alice, bob, carol = world
    env.bot.service.seed_source = FixedSeed(TWO_PLAYER_SEED)
    r = await alice.slash(channel, "battalia challenge", opponent=bot_handle(env), weeks=2)
    assert r.ephemeral and "has started" in r.response.content
    thread = thread_of(channel)
    match = await current_match(env)
    assert match.status == "active" and sum(s.is_ai for s in match.seats) == 1
    assert match.options == {"variant": "normal", "weeks": 2}
    driver = Driver(env, thread, [alice])
    moves = await driver.play_to_the_end()
    match = await current_match(env)
    assert match.status == "finished" and "2-week limit" in match.result["reason"]
    assert "Game over" in thread.history()[-1].content
    assert driver.defended_by_button >= 1, "the human defender answered a battle by button"
    ways = {way for (_verb, way) in driver.used}
    assert ways == {"slash", "component"} and driver.autocompleted > 10
    for verb in ("hire", "place", "start", "end", "add", "commit", "attack", "pass"):
        assert driver.used[(verb, "slash")], verb
    # the game's own components, not the generic select: pickers by kind, the square picker, buttons
    for verb, kind in (("hire", "picker:acquire"), ("craft", "picker:acquire"), ("road", "picker:build"),
                       ("upgrade", "picker:build"), ("move", "picker:heroes"), ("place", "square"),
                       ("place", "square+rotation"), ("start", "button"), ("end", "button"), ("add", "picker:add"),
                       ("commit", "button"), ("fight", "button")):
        assert driver.kinds[(verb, kind)], (verb, kind, driver.kinds)
    assert moves > 40
    await assert_thread_reveals_no_hidden_card(env, thread, match)


async def test_four_player_game_two_humans_and_two_computers(world):
    env, guild, channel, alice, bob, carol = world
    env.bot.service.seed_source = FixedSeed(FOUR_PLAYER_SEED)
    r = await alice.slash(channel, "battalia challenge", opponent=bob, computers=2, weeks=1)
    assert "sent" in r.response.content
    await bob.click(channel.history()[-1], label="Accept")
    match = await current_match(env)
    assert match.status == "active" and len(match.seats) == 4 and sum(s.is_ai for s in match.seats) == 2
    thread = thread_of(channel)
    driver = Driver(env, thread, [alice, bob], first="component")
    await driver.play_to_the_end()
    match = await current_match(env)
    assert match.status == "finished" and len(match.result["winners"]) >= 1
    assert {way for (_verb, way) in driver.used} == {"slash", "component"}
    assert driver.moves_by["alice"] > 10 and driver.moves_by["bob"] > 10
    for verb in ("faction", "startcity", "formation"):  # the setup and turn-start buttons
        assert driver.kinds[(verb, "button")], verb
    await assert_thread_reveals_no_hidden_card(env, thread, match)


async def test_commands_offer_only_legal_moves_and_refuse_illegal_ones(world):
    env, guild, channel, alice, bob, carol = world
    r = await alice.slash(channel, "battalia rules")
    assert r.ephemeral and "Battalia" in r.response.content and "design decisions" in r.response.embeds[0].title
    r = await alice.slash(channel, "battalia challenge", opponent=bob, variant="scenario2")
    assert "exactly 4 players" in r.response.content
    r = await alice.slash(channel, "battalia challenge", opponent=bob, computers=3)
    assert "2–4 players" in r.response.content
    env.bot.service.seed_source = FixedSeed(TWO_PLAYER_SEED)
    await alice.slash(channel, "battalia challenge", opponent=bob, weeks=1)
    await bob.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    service = env.bot.service
    driver = Driver(env, thread, [alice, bob])

    async def unchanged(member, command, text, **options):
        before = (await current_match(env)).version
        r = await member.slash(thread, command, **options)
        assert r.ephemeral and text in r.response.content, r.response.content
        assert (await current_match(env)).version == before

    async def offered(member, command, option, verbs, typed=""):
        match = await current_match(env)
        legal = {a.id for a in service.legal_actions(match, match.seat_of(member.id)) if verb_of(a.id) in verbs}
        values = {c["value"] for c in await member.autocomplete(thread, command, option, typed)}
        assert values <= legal and (values or not legal)
        return values, legal

    match, seat, mover = await driver.member_to_move()
    waiting = bob if mover is alice else alice
    values, legal = await offered(mover, "battalia setup", "choice", ("faction",))
    assert values == legal and len(values) == 3
    assert not (await offered(waiting, "battalia setup", "choice", ("faction",)))[0]
    await unchanged(waiting, "battalia setup", "not your turn", choice=sorted(values)[0])
    await unchanged(mover, "battalia hire", "You cannot hire a unit now", unit="soldier")
    await unchanged(mover, "battalia setup", "not available", choice="faction:Q")
    await unchanged(carol, "battalia end", "not playing in this match")
    stale = mover.user.dm_channel.history()[-1]
    stale_button = next(c for c in components_of(stale) if isinstance(c, discord.Button))
    while (await current_match(env)).snapshot["phase"] != "actions":
        await driver.play_one()
    r = await mover.user.click(stale, custom_id=stale_button.custom_id)
    assert r.response.content == STALE_MESSAGE

    match, seat, mover = await driver.member_to_move()
    values, legal = await offered(mover, "battalia hire", "unit", ("hire",))
    assert values == legal and values
    assert (await offered(mover, "battalia hero move", "to", ("move",)))[0] == set()  # no hero on the board
    values, legal = await offered(mover, "battalia place", "spot", ("place",))
    assert values == set() and legal == set()
    hand = match.snapshot["players"][seat]["hand"]
    supply = [c for c in hand if match.snapshot["cards"][c]["t"] == "supply"]
    if "hire:commander" not in legal:
        await unchanged(mover, "battalia hire", "do not hold the cards", unit="hire:commander")
    await unchanged(mover, "battalia hire", "List card ids", unit="hire:soldier", cards="two supply")
    soldier = next(c for c in hand if match.snapshot["cards"][c]["t"] == "soldier")
    await unchanged(mover, "battalia hire", "is not part of this combination", unit="hire:soldier",
                    cards=f"{soldier},{supply[0]}")
    await unchanged(mover, "battalia build road", "not part of the board", type="road:straight", square="a1",
                    rotation=0)  # the outer ring is out of play with 2 players
    await unchanged(mover, "battalia battle add", "You cannot add a card now", card="add:k1")

    # paying with named cards; the cards option lists the unused cards in hand, one more per pick
    ids = [c["value"] for c in await mover.autocomplete(thread, "battalia hire", "cards", "", unit="hire:soldier")]
    assert sorted(ids) == sorted(hand)
    ids = [c["value"] for c in await mover.autocomplete(thread, "battalia hire", "cards", f"{supply[0]},",
                                                        unit="hire:soldier")]
    assert sorted(ids) == sorted(f"{supply[0]},{c}" for c in hand if c != supply[0])
    r = await mover.slash(thread, "battalia hire", unit="hire:soldier", cards=",".join(supply[:2]))
    assert r.response.content.startswith("Move played.")
    assert (await current_match(env)).snapshot["players"][seat]["played"] == supply[:2], "the cards named paid"

    # a road placed in one command: the square and rotation lists come from the legal placements
    for _ in range(40):  # on to the next position where a road can be built
        match, seat, mover = await driver.member_to_move()
        if match.snapshot["phase"] == "actions" and any(
                verb_of(a.id) == "road" for a in service.legal_actions(match, seat)):
            break
        await driver.play_one()
    roads, _ = await offered(mover, "battalia build road", "type", ("road",))
    road = sorted(roads)[0]
    fits = board.legal_placements(match.snapshot, seat, "road", road.split(":")[1])
    squares = [c["value"] for c in await mover.autocomplete(thread, "battalia build road", "square", "", type=road)]
    assert squares and set(squares) == {sq for sq, _ in fits}
    rotations = [c["value"] for c in await mover.autocomplete(thread, "battalia build road", "rotation", "",
                                                              type=road, square=squares[0])]
    assert rotations and set(rotations) == {rot for sq, rot in fits if sq == squares[0]}
    r = await mover.slash(thread, "battalia build road", type=road, square=squares[0], rotation=rotations[0])
    assert r.response.content.startswith("Move played.")
    tile = (await current_match(env)).snapshot["board"][squares[0]]
    assert (tile["kind"], tile["shape"], tile["rot"]) == ("road", road.split(":")[1], rotations[0])


async def test_page_picker_for_more_than_25_moves_of_a_kind(world, monkeypatch):
    env, guild, channel, alice, bob, carol = world
    env.bot.service.seed_source = FixedSeed(TWO_PLAYER_SEED)
    await alice.slash(channel, "battalia challenge", opponent=bot_handle(env), weeks=1)
    driver = Driver(env, thread_of(channel), [alice])
    while (await current_match(env)).snapshot["phase"] != "actions":
        await driver.play_one()
    # as a hand of many different cards would: 40 Ambush moves on top of the real ones
    real = env.bot.service.legal_actions
    many = [Action(f"ambush:k{900 + i}:k{950 + i}", f"Ambush card {i}", f"ambush {i // 20}") for i in range(40)]
    monkeypatch.setattr(env.bot.service, "legal_actions", lambda match, seat: real(match, seat) + many)
    match = await current_match(env)
    r = await alice.slash(thread_of(channel), "match hand")
    message = r.followups[0].message if r.followups else r.response.message
    rows = [row for row in message.components]
    assert len(rows) <= 5
    pager = next(c for c in components_of(message) if isinstance(c, discord.SelectMenu)
                 and c.custom_id == f"bt:pages:{match.id}:{match.version}:other")
    assert [o.label for o in pager.options] == ["ambush 0", "ambush 1"]
    r = await alice.select(message, ["1"], custom_id=pager.custom_id)
    menu = next(c for c in components_of(r.response.message) if isinstance(c, discord.SelectMenu))
    assert [o.value for o in menu.options] == [a.id for a in many[20:]]
    assert (await current_match(env)).version == match.version


def test_move_items_stay_within_discord_limits():
    match = SimpleNamespace(id=7, version=3)
    moves = [Action(f"move:1:{sq}:sup", f"Hero 1 to {sq}", "move") for sq in board.ALL_SQUARES[:30]]
    turn = [Action("hire:soldier", "Hire", "hire"), Action("road:t", "Road", "build")] + moves + [
        Action(f"ambush:k{i}:k{i + 1}", "Ambush", "ambush") for i in range(30)] + [Action("end", "End", "end")]
    items = move_items(match, {"phase": "actions"}, 0, turn)
    ids = [i.item.custom_id for i in items]
    assert ids == ["bt:pick:7:3:acquire", "bt:pick:7:3:build", "bt:pages:7:3:heroes", "bt:pages:7:3:other",
                   "bt:do:7:3:end"]
    assert [i.row for i in items] == [0, 1, 2, 3, 4]
    fights = [Action(f"fight:{y}:{h}", "Fight", "fight") for y in "yn" for h in ("1", "2", "1,2")]
    decide = fights + [Action("surrender", "Surrender", "fight"), Action("retreat:c3:sup", "Retreat", "retreat")]
    items = move_items(match, {"phase": "actions", "battle": {"stage": "decide"}}, 0, decide)
    assert [i.row for i in items] == [0] * 5 + [1] * 2 + [2]
    assert all(isinstance(i, MoveButton) for i in items[:7]) and isinstance(items[7], MoveSelect)
    wild = [Action(f"wild:{t}", t, "wild") for t in ("soldier", "captain")]
    items = move_items(match, {"phase": "actions", "pending": {"kind": "wild"}}, 0, wild)
    assert [i.item.custom_id for i in items] == ["bg:act:7:3"]  # the platform's generic select


async def test_command_tree_fits_discord_limits(world):
    env = world[0]
    group = env.bot.tree.get_command("battalia")
    assert isinstance(group, discord.app_commands.Group) and len(group.commands) <= 25
    leaves = 0
    for cmd in group.walk_commands():
        if isinstance(cmd, discord.app_commands.Group):
            assert len(cmd.commands) <= 25
        else:
            leaves += 1
            assert 1 <= len(cmd.description) <= 100 and len(cmd.parameters) <= 25
    assert leaves >= 30
    r = await world[3].slash(world[2], "help")
    assert "/battalia challenge" in r.response.content


async def test_challenge_with_house_rules_R133(world):
    """R133: the house rules are options of /battalia challenge, kept in the match options, played by
    the engine and shown by /battalia rules and on the board picture."""
    env, guild, channel, alice, bob, carol = world
    r = await alice.slash(channel, "battalia challenge", opponent=bob, computers=2, cities=3)
    assert "not enough cross cities" in r.response.content and (await env.bot.service.store.list_matches()) == []
    r = await alice.slash(channel, "battalia challenge", opponent=bob, computers=2, variant="scenario2", cities=2)
    assert "Scenario 2" in r.response.content
    env.bot.service.seed_source = FixedSeed(TWO_PLAYER_SEED)
    r = await alice.slash(channel, "battalia challenge", opponent=bot_handle(env), weeks=1, cities=2,
                          neutral=False, heroes=1, level4=3)
    assert "has started" in r.response.content
    match = await current_match(env)
    assert match.options == {"variant": "normal", "weeks": 1, "start_cities": 2, "no_neutral": True,
                             "start_heroes": 1, "level4_end": 3}
    thread = thread_of(channel)
    driver = Driver(env, thread, [alice])
    while (await current_match(env)).snapshot["phase"] in ("setup_faction", "setup_city"):
        await driver.play_one()
    state = (await current_match(env)).snapshot
    assert not [t for t in state["board"].values() if t.get("owner") == "neutral"]
    for seat in range(2):
        assert len(board.cities_of(state, seat)) == 2
        assert sum(1 for h in state["players"][seat]["heroes"] if h) == 1
    assert "house rules: " in state["log"][0]
    r = await alice.slash(thread, "battalia rules")
    assert r.ephemeral and r.response.embeds[-1].title == f"Match #{match.id}"
    assert "2 starting cities each, no neutral cities" in r.response.embeds[-1].description
    assert "3 level-4 cities end the game" in r.response.embeds[-1].description
    r = await carol.slash(channel, "battalia rules")
    assert len(r.response.embeds) == 1, "no match of carol's: only the rules"


async def test_formation_shown_to_the_opponent_the_declarer_picks_R23(world):
    """R23: in a 3-player game the declarer picks who sees the Formation (autocomplete with names);
    the thread hears only how many cards and who saw them; only that opponent's private view lists them."""
    env, guild, channel, alice, bob, carol = world
    env.bot.service.seed_source = FixedSeed(FOUR_PLAYER_SEED)
    await alice.slash(channel, "battalia challenge", opponent=bob, computers=1, weeks=1)
    await bob.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    driver = Driver(env, thread, [alice, bob])
    service = env.bot.service
    for _ in range(300):
        match, seat, member = await driver.member_to_move()
        forms = [a.id for a in service.legal_actions(match, seat) if verb_of(a.id) == "formation"]
        if forms:
            break
        await driver.play_one()
    else:
        raise AssertionError("no human Formation in this game")
    humans = {m.id: m for m in (alice, bob)}
    other = next(m for m in humans.values() if m is not member)
    other_seat = match.seat_of(other.id)
    computer_seat = next(s.seat for s in match.seats if s.is_ai)
    assert sorted(forms) == sorted([f"formation:{min(other_seat, computer_seat)}",
                                    f"formation:{max(other_seat, computer_seat)}",
                                    f"formation:{min(other_seat, computer_seat)},{max(other_seat, computer_seat)}"])
    offered = await member.autocomplete(thread, "battalia turnstart", "choice", "")
    labels = {c["value"]: c["name"] for c in offered}
    assert f"shown to {other.name}" in labels[f"formation:{other_seat}"], labels
    shown = [c for c in match.snapshot["players"][seat]["hand"]]
    r = await member.slash(thread, "battalia turnstart", choice=f"formation:{other_seat}")
    assert r.response.content.startswith("Move played.")
    remember_answer(member, r)
    match = await current_match(env)
    assert service.private_view(match, other_seat)["formation_seen"]
    assert service.private_view(match, computer_seat)["formation_seen"] == []
    assert f"move {match.version} " in other.user.dm_channel.history()[-1].content, "the chosen opponent's hand was refreshed"
    r = await member.slash(thread, "battalia turnstart", choice="formation:9")
    assert r.ephemeral and (await current_match(env)).version == match.version
    # the declaration is told on the board that ends the turn
    while (now := await current_match(env)).status == "active" and RULES.active_players(now.snapshot) == {seat}:
        await driver.play_one()
    board = next(m.content for m in reversed(thread.history()) if "declares a Formation" in m.content)
    line = next(text for text in board.splitlines() if "declares a Formation" in text)
    assert f"cards to {other.name}" in line and "Soldier" not in line and "Captain" not in line
    assert not set(CARD_ID.findall(line)) & set(shown)


def test_battle_components_offer_both_uses_and_tents_to_the_attacker():
    """R112/R117: an illuminated Weapon or Horse is offered with one or both uses; R69: the attacker's
    Tents are struck by a button during the battle."""
    match = SimpleNamespace(id=7, version=3)
    legal = [Action("add:k5:2", "Add Weapon with both uses (+2)", "battle"),
             Action("add:k5:1", "Add Weapon with one use (+1), keep the other", "battle"),
             Action("cancel", "Call off", "battle"), Action("strike:k9", "Strike the Tent", "tent")]
    items = move_items(match, {"phase": "actions", "battle": {"stage": "opening"}}, 0, legal)
    picker = next(i for i in items if isinstance(i, MoveSelect))
    assert [o.value for o in picker.item.options] == ["add:k5:2", "add:k5:1"]
    assert {i.item.custom_id for i in items if isinstance(i, MoveButton)} == {"bt:do:7:3:cancel", "bt:do:7:3:strike:k9"}
