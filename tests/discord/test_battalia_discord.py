"""Battalia through the real bot in simcord: whole games where the humans move through the
/battalia commands and the toolkit's buttons and step menus on their private hand, against
computer seats.

The humans' moves are chosen with the engine's own computer player, seeded like the computer
seats (`seed + version`), so a match seed fixes the whole game. The two-player seed was searched
for a game where the computer attacks the human's hero, so the human defender must answer a battle
on the private hand (and the human attacks once too); both seeds use the `weeks` option so the
games stay short."""
from __future__ import annotations

import re
from types import SimpleNamespace

import discord
import pytest

from cogs.battalia import BattaliaCog
from cogs.ui import paths
from cogs.ui.picker import StepButton, StepSelect, move_items
from engine.base import Action, Choice, name_seats
from engine.text import from_json
from engine.battalia import RULES, board, oracle
from engine.battalia import paths as P
from engine.battalia.help import DESIGN_TEXT, HOUSE_TEXT, RULES_TEXT
from i18n import render
from tests.battalia.helpers import actions_phase, clear_hand, give, put_tile
from tests.discord import harness
from tests.discord.harness import GAMES, NOT_A_MOVE, FixedSeed, assert_thread_hides_secrets, check_hand
from tests.discord.helpers import (assert_fits, bot_handle, children, current_match, offered_values, remember_answer,
                                   thread_of, toolkit_components)
from tests.discord.helpers import text_of

TWO_PLAYER_SEED = 7302  # weeks=2, 64 human moves: the human attacks once and defends once
FOUR_PLAYER_SEED = 3    # weeks=1, about 50 moves by the two humans
GAME = "battalia"
CARD_ID = re.compile(r"\b[kv]\d+\b")


def verb_of(action_id: str) -> str:
    return action_id.split(":", 1)[0]


def option_values(actions, command: str, option: str, given: dict) -> set[str]:
    return GAMES[GAME].commands.option_values(actions, command, option, given)


def Driver(env, thread, members, first: str = "slash") -> harness.Driver:
    """The shared driver: the engine's computer player for the people, its counts by the move's
    verb ("faction", "startcity", "formation"...), a defender's choice always made on the hand
    (R92) and every seventh typed move sent as /battalia move (see harness.GAMES)."""
    return harness.Driver(env, thread, members, first=first, game=GAME)


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=("cogs.matches", "cogs.battalia"))


def menu_on(message) -> discord.SelectMenu:
    return next(c for c in children(message) if isinstance(c, discord.SelectMenu)
                and c.custom_id.startswith("ui:step:"))


async def test_four_player_game_two_humans_and_two_computers(world):
    env, guild, channel, alice, bob, carol = world
    env.bot.service.seed_source = FixedSeed(FOUR_PLAYER_SEED)
    r = await alice.slash(channel, "battalia challenge", opponent=bob, computers=2, weeks=1)
    assert "sent" in text_of(r.response)
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
    assert driver.planned >= 1, "a turn's end was planned after a person's last move, then made by them"
    # faction buttons; the starting cities in a menu; with three opponents a Formation asks whom
    # to show (R23), so the turn start is a menu then
    for verb, kind in (("faction", "button"), ("startcity", "menu"), ("formation", "menu")):
        assert driver.kinds[(verb, kind)], (verb, kind, driver.kinds)
    await assert_thread_hides_secrets(env, thread, match, images=4)


async def test_commands_offer_only_legal_moves_and_refuse_illegal_ones(world):
    env, guild, channel, alice, bob, carol = world
    r = await alice.slash(channel, "battalia rules")
    texts = [text_of(r.response)] + [text_of(f) for f in r.followups]
    assert r.ephemeral and texts[:3] == [RULES_TEXT, DESIGN_TEXT, HOUSE_TEXT], \
        "the rules in short, the design decisions and the house values"
    assert "Match options" in texts[3] and "`weeks`" in texts[3]
    r = await alice.slash(channel, "battalia challenge", opponent=bob, variant="scenario2")
    assert "exactly 4 players" in text_of(r.response)  # R132
    r = await alice.slash(channel, "battalia challenge", opponent=bob, computers=3)
    assert "2–4 players" in text_of(r.response)
    env.bot.service.seed_source = FixedSeed(TWO_PLAYER_SEED)
    await alice.slash(channel, "battalia challenge", opponent=bob, weeks=1)
    await bob.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    service = env.bot.service
    driver = Driver(env, thread, [alice, bob])

    async def unchanged(member, command, text, **options):
        before = await current_match(env)
        r = await member.slash(thread, command, **options)
        assert r.ephemeral and text in text_of(r.response), text_of(r.response)
        assert (await current_match(env)).version == before.version
        return text_of(r.response)

    async def offered(member, command, option, **given):
        """(what the option's list offers, what the legal moves allow)"""
        match = await current_match(env)
        seat = match.seat_of(member.id)
        got = offered_values(await member.autocomplete(thread, command, option, "", **given))
        return set(got), option_values(RULES.legal_actions(match.snapshot, seat), command, option, given)

    async def asked(match, seat) -> str:
        return name_seats(RULES.prompt(match.snapshot, seat), await env.bot.presenter.seat_names(match))

    match, seat, mover = await driver.human_to_move()
    waiting = bob if mover is alice else alice
    got, legal = await offered(mover, "battalia setup", "choice")
    assert got == legal == set(match.snapshot["setup"]["factions_left"]) and len(got) == 3
    hint = await waiting.autocomplete(thread, "battalia setup", "choice", "")
    assert offered_values(hint) == ["?"] and "not your turn" in hint[0]["name"]
    await unchanged(waiting, "battalia setup", "not your turn", choice=sorted(got)[0])
    text = await unchanged(mover, "battalia hire", NOT_A_MOVE, unit="soldier")
    assert "Choose your faction." in text, "a refusal says what is asked now"
    await unchanged(mover, "battalia setup", NOT_A_MOVE, choice="Q")
    await unchanged(carol, "battalia end", "not playing in this match")
    stale = mover.user.dm_channel.history()[-1]
    stale_button = next(c for c in children(stale) if isinstance(c, discord.Button))
    while (await current_match(env)).snapshot["phase"] != "actions":
        await driver.play_one()
    stale = next(m for m in mover.user.dm_channel.history() if m.id == stale.id)
    assert stale_button.custom_id not in [getattr(c, "custom_id", None) for c in children(stale)], \
        "a superseded hand keeps no live button (a stale click is refused anyway)"

    match, seat, mover = await driver.human_to_move()
    got, legal = await offered(mover, "battalia hire", "unit")
    assert got == legal and got
    got, legal = await offered(mover, "battalia hero move", "to")
    assert legal == set() and got == {"?"}, "no hero on the board: the list says there is nothing to choose"
    got, legal = await offered(mover, "battalia place", "square")
    assert legal == set() and got == {"?"}
    text = await unchanged(mover, "battalia place", NOT_A_MOVE, square="d4")
    assert await asked(match, seat) in text
    hand = match.snapshot["players"][seat]["hand"]
    supply = [c for c in hand if match.snapshot["cards"][c]["t"] == "supply"]
    if "commander" not in legal:
        await unchanged(mover, "battalia hire", NOT_A_MOVE, unit="commander")
    await unchanged(mover, "battalia hire", "You have no two supply to pay with", unit="soldier",
                    cards="two supply")
    soldier = next(c for c in hand if match.snapshot["cards"][c]["t"] == "soldier")
    await unchanged(mover, "battalia hire", "is not part of this combination", unit="soldier",
                    cards=f"{soldier},{supply[0]}")
    await unchanged(mover, "battalia battle add", NOT_A_MOVE, card="k1")

    # a command with an option left out is answered with the step picker, nothing played
    r = await mover.slash(thread, "battalia move")
    assert r.ephemeral and (await current_match(env)).version == match.version
    menu = menu_on(r.response.message)
    firsts = [o.label for o in menu.options]
    assert "Hire a unit or craft an artifact" in firsts and "End your turn" in firsts

    # paying with cards named as the hand picture names them (never an id): the cards option
    # lists the names of the unused cards in hand, one more per pick
    view = service.private_view(match, seat)
    names = {render(c["label"], "en").rsplit(" [", 1)[0] for c in view["hand"]}
    listed = [c["value"] for c in await mover.autocomplete(thread, "battalia hire", "cards", "", unit="soldier")]
    assert sorted(listed) == sorted(names) and not any(c in " ".join(listed) for c in hand)
    listed = [c["value"] for c in await mover.autocomplete(thread, "battalia hire", "cards", "Supply,",
                                                            unit="soldier")]
    assert all(v.startswith("Supply, ") for v in listed) and ("Supply, Supply" in listed) == (len(supply) > 1)
    r = await mover.slash(thread, "battalia hire", unit="soldier", cards="Supply, supply")
    assert text_of(r.response).startswith("Move played.")
    remember_answer(mover, r)
    played = (await current_match(env)).snapshot["players"][seat]["played"]
    assert len(played) == 2 and set(played) <= set(supply), "the two Supply cards named paid"

    # a road: built (its card drawn), then placed; the lists come from the legal placements
    for _ in range(80):  # on to the next position where a road that turns several ways can be built
        match, seat, mover = await driver.human_to_move()
        if match.snapshot["phase"] == "actions" and not match.snapshot["pending"] and any(
                verb_of(a.id) == "road" and not a.id.startswith("road:cross:")
                for a in service.legal_actions(match, seat)):
            break
        await driver.play_one()
    else:
        raise AssertionError("no road but a cross could be built")
    roads, legal = await offered(mover, "battalia build road", "shape")
    assert roads == legal and roads
    shape = min(roads, key=("curve", "t", "straight", "cross").index)  # one that turns several ways
    r = await mover.slash(thread, "battalia build road", shape=shape)
    assert text_of(r.response).startswith("Move played.")
    remember_answer(mover, r)
    match = await current_match(env)
    tile = match.snapshot["terrain"][match.snapshot["pending"]["tile"]]
    fits = board.legal_placements(match.snapshot, seat, tile["kind"], tile["shape"])
    squares, legal = await offered(mover, "battalia place", "square")
    assert squares == legal == {sq for sq, _ in fits}
    await unchanged(mover, "battalia place", NOT_A_MOVE, square="a1")  # outside the 2-player board
    square = max(sorted(squares), key=lambda sq: sum(s == sq for s, _ in fits))
    rotations, legal = await offered(mover, "battalia place", "rotation", square=square)
    assert rotations == legal == {str(rot) for sq, rot in fits if sq == square}
    rotation = sorted(rotations)[-1]
    assert len(rotations) > 1
    if len(rotations) > 1:  # the rotation left out: asked with the step picker
        r = await mover.slash(thread, "battalia place", square=square)
        assert r.ephemeral and (await current_match(env)).version == match.version
        menu = menu_on(r.response.message)
        chosen = next(o.value for o in menu.options
                      if o.label == board.rotation_label(tile["kind"], tile["shape"], int(rotation)))
        r = await mover.select(r.response.message, [chosen], custom_id=menu.custom_id)
    else:
        r = await mover.slash(thread, "battalia place", square=square, rotation=rotation)
    assert text_of(r.response).startswith("Move played."), text_of(r.response)
    placed = (await current_match(env)).snapshot["board"][square]
    assert (placed["kind"], placed["shape"], placed["rot"]) == (tile["kind"], tile["shape"], int(rotation))


async def test_more_than_25_moves_of_a_kind_are_reached_through_pages(world, monkeypatch):
    env, guild, channel, alice, bob, carol = world
    env.bot.service.seed_source = FixedSeed(TWO_PLAYER_SEED)
    await alice.slash(channel, "battalia challenge", opponent=bot_handle(env), weeks=1)
    thread = thread_of(channel)
    driver = Driver(env, thread, [alice])
    while (await current_match(env)).snapshot["phase"] != "actions":
        await driver.play_one()
    # as a hand of many different cards would: 70 Ambush moves on top of the real ones
    real = env.bot.service.legal_actions
    many = [Action(f"ambush:k{900 + i}:k999", f"Ambush card {i}", "ambush",
                   (P.ARTIFACTS, P.AMBUSH, Choice(f"k{900 + i}", f"Card k{900 + i}"), Choice("k999", "Banish k999")))
            for i in range(70)]
    monkeypatch.setattr(env.bot.service, "legal_actions", lambda match, seat: real(match, seat) + many)
    match = await current_match(env)
    r = await alice.slash(thread, "battalia hand")
    hand = r.followups[0].message if r.followups else r.response.message
    assert_fits(hand)
    actions = real(match, match.seat_of(alice.id)) + many
    root = paths.build(actions)
    artifacts = next(i for i, n in enumerate(root.options()) if n.choice.value == "artifacts")
    menu = next(c for c, at, kind, _ in toolkit_components(hand) if kind == "step" and at == [artifacts])
    ambush = next(o.value for o in menu.options if o.label == P.AMBUSH.label)
    r = await alice.select(hand, [ambush], custom_id=menu.custom_id)
    node = root.options()[artifacts].options()[int(ambush)]
    count = len(node.options())
    assert count >= 70
    seen, pages, message = [], 0, r.response.message
    while True:
        pages += 1
        menu = menu_on(message)
        assert len(menu.options) <= 25
        choices = [o for o in menu.options if not o.value.startswith("p")]
        seen += [o.label for o in choices]
        more = [o for o in menu.options if o.value == f"p{pages}"]
        if not more:
            break
        assert more[0].label.startswith("More choices")
        r = await alice.select(message, [more[0].value], custom_id=menu.custom_id)
        message = r.response.message
    assert pages == -(-count // 23) >= 4, "no cap on pages"
    assert seen == [n.choice.label for n in node.options()], "every move once, in order"
    # the last card leads to the next step; nothing was played
    r = await alice.select(message, [choices[-1].value], custom_id=menu.custom_id)
    assert [o.label for o in menu_on(r.response.message).options] == ["Banish k999"]
    assert (await current_match(env)).version == match.version


def test_hand_components_stay_within_discord_limits():
    match = SimpleNamespace(id=7, version=3)
    hero = [Choice(f"move-{h}", f"Move hero {h}") for h in (1, 2)]
    moves = [Action(f"move:{h}:{sq}:sup", f"Hero {h} to {sq}", "move",
                    (P.HEROES, hero[h - 1], Choice(sq, sq), Choice("sup", "Pay with Supply")))
             for h in (1, 2) for sq in board.ALL_SQUARES[:30]]
    turn = [Action("hire:soldier", "Hire", "hire", (P.ACQUIRE, P.HIRE, Choice("soldier", "Soldier"))),
            Action("road:t", "Road", "build", (P.BUILD, P.ROAD, Choice("t", "T")))] + moves + [
        Action(f"ambush:k{i}:k{i + 1}", "Ambush", "ambush",
               (P.ARTIFACTS, P.AMBUSH, Choice(f"k{i}", f"k{i}"), Choice(f"k{i + 1}", f"k{i + 1}")))
        for i in range(30)] + [Action("end", "End", "end", (P.END,))]
    items = move_items(match, turn, BattaliaCog.BUTTONS)
    assert [i.item.custom_id.rsplit(":", 1)[0] for i in items] == [
        "ui:step:7:3:0:0", "ui:step:7:3:1:0", "ui:step:7:3:2:0", "ui:step:7:3:3:0", "ui:go:7:3:4"]
    # R92: the defender fights back (a menu: Ambush pick-up, then heroes), surrenders (a button)
    # or retreats a lone hero (a menu: square, then payment)
    fights = [Action(f"fight:{y}:{h}", "Fight", "fight",
                     (P.FIGHT, Choice(y, y), Choice(h, h))) for y in "yn" for h in ("1", "2", "1,2")]
    decide = fights + [Action("surrender", "Surrender", "fight", (P.SURRENDER,)),
                       Action("retreat:c3:sup", "Retreat", "retreat", (P.RETREAT, Choice("c3", "c3"),
                                                                       Choice("sup", "Pay with Supply")))]
    items = move_items(match, decide, BattaliaCog.BUTTONS)
    assert [(type(i), i.item.custom_id.rsplit(":", 1)[0]) for i in items] == [
        (StepSelect, "ui:step:7:3:0:0"), (StepSelect, "ui:step:7:3:2:0"), (StepButton, "ui:go:7:3:1")]
    assert [o.value for o in items[0].item.options] == ["0", "1"]  # pick up the Ambush cards or not
    wild = [Action(f"wild:{t}", t, "wild", (Choice("choose", "Choose"), Choice(t, t))) for t in ("soldier", "captain")]
    items = move_items(match, wild, BattaliaCog.BUTTONS)
    assert [i.item.custom_id.rsplit(":", 1)[0] for i in items] == ["ui:step:7:3:0:0"]
    assert [o.label for o in items[0].item.options] == ["soldier", "captain"]


async def test_command_tree_fits_discord_limits(world):
    env = world[0]
    group = env.bot.tree.get_command("battalia")
    assert isinstance(group, discord.app_commands.Group) and len(group.commands) <= 25
    leaves = set()
    for cmd in group.walk_commands():
        if isinstance(cmd, discord.app_commands.Group):
            assert len(cmd.commands) <= 25
        else:
            leaves.add(cmd.qualified_name)
            assert 1 <= len(cmd.description) <= 100 and len(cmd.parameters) <= 25
            assert all(1 <= len(p.description) <= 100 for p in cmd.parameters)
    assert len(leaves) >= 30
    for name in ("setup", "turnstart", "hire", "craft", "build road", "build city", "build upgrade", "place",
                 "hero hire", "hero move", "hero wings", "artifact amulet", "artifact title", "artifact scroll",
                 "artifact tent", "artifact strike", "artifact hammer", "artifact horn", "ambush", "attack",
                 "battle fight", "battle retreat", "battle surrender", "battle add", "battle commit", "battle pass",
                 "battle cancel", "choose", "end", "move", "challenge", "rules", "hand"):
        assert f"battalia {name}" in leaves, name
    challenge = group.get_command("challenge")
    params = {p.name for p in challenge.parameters}
    assert {"opponent", "opponent2", "opponent3", "computers", "clock", "variant", "weeks", "cities",
            "no_neutral", "heroes", "level4"} <= params and "neutral" not in params
    r = await world[3].slash(world[2], "help")
    assert "/battalia challenge" in text_of(r.response)


async def test_challenge_with_house_rules_R133(world):
    """R133: the house rules are options of /battalia challenge, kept in the match options, played by
    the engine and shown by /battalia rules and on the thread's first board."""
    env, guild, channel, alice, bob, carol = world
    r = await alice.slash(channel, "battalia challenge", opponent=bob, computers=2, cities=3)
    assert "not enough cross cities" in text_of(r.response) and (await env.bot.service.store.list_matches()) == []
    r = await alice.slash(channel, "battalia challenge", opponent=bob, computers=2, variant="scenario2", cities=2)
    assert "Scenario 2" in text_of(r.response)
    env.bot.service.seed_source = FixedSeed(TWO_PLAYER_SEED)
    r = await alice.slash(channel, "battalia challenge", opponent=bot_handle(env), weeks=1, cities=2,
                          no_neutral=True, heroes=1, level4=3)
    assert "has started" in text_of(r.response), text_of(r.response)
    match = await current_match(env)
    assert match.options == {"weeks": 1, "start_cities": 2, "no_neutral": True, "start_heroes": 1, "level4_end": 3}
    thread = thread_of(channel)
    driver = Driver(env, thread, [alice])
    while (await current_match(env)).snapshot["phase"] in ("setup_faction", "setup_city"):
        await driver.play_one()
    state = (await current_match(env)).snapshot
    assert not [t for t in state["board"].values() if t.get("owner") == "neutral"]
    for seat in range(2):
        assert len(board.cities_of(state, seat)) == 2
        assert sum(1 for h in state["players"][seat]["heroes"] if h) == 1
    assert "house rules: " in from_json(state["log"][0])
    r = await alice.slash(thread, "battalia rules", match=match.id)
    assert r.ephemeral and text_of(r.response).startswith(f"Match #{match.id} is played with: ")
    opening = text_of(thread.history()[0])
    assert "begins" in opening
    for part in ("week limit 1", "starting cities 2", "no neutral cities", "starting heroes 1",
                 "level-4 cities to end 3"):
        assert part in text_of(r.response), (part, text_of(r.response))
        assert part in opening, (part, opening)
    r = await carol.slash(channel, "battalia rules")
    texts = [text_of(r.response)] + [text_of(f) for f in r.followups]
    assert not any(t.startswith("Match #") for t in texts), "no match named: only the rules"
    assert any("`no_neutral`" in t for t in texts), "the options are listed under the names the challenge takes"


async def test_rules_help_names_the_house_rules_as_the_challenge_does_R133(world):
    """R133: the rules summary tells players which /battalia challenge options set the house rules;
    each name it gives is an option of the command."""
    env, guild, channel, alice, bob, carol = world
    params = {p.name for p in env.bot.tree.get_command("battalia").get_command("challenge").parameters}
    r = await alice.slash(channel, "battalia rules")
    summary = text_of(r.response)
    line = next(text for text in summary.splitlines() if "House rules" in text)
    named = set(re.findall(r"`([a-z0-9_]+)`", line))
    assert {"weeks", "cities", "heroes", "level4"} <= named
    assert named <= params, f"not options of /battalia challenge: {sorted(named - params)}"


async def test_formation_shown_to_the_opponent_the_declarer_picks_R23(world):
    """R23: in a 3-player game the declarer picks who sees the Formation (menus and lists with
    names); the thread hears only how many cards and who saw them; only that opponent's private
    view lists them."""
    env, guild, channel, alice, bob, carol = world
    env.bot.service.seed_source = FixedSeed(FOUR_PLAYER_SEED)
    await alice.slash(channel, "battalia challenge", opponent=bob, computers=1, weeks=1)
    await bob.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    driver = Driver(env, thread, [alice, bob])
    service = env.bot.service
    for _ in range(300):
        match, seat, member = await driver.human_to_move()
        forms = [a for a in RULES.legal_actions(match.snapshot, seat) if verb_of(a.id) == "formation"]
        if forms:
            break
        await driver.play_one()
    else:
        raise AssertionError("no human Formation in this game")
    other = next(m for m in (alice, bob) if m is not member)
    other_seat = match.seat_of(other.id)
    computer_seat = next(s.seat for s in match.seats if s.is_ai)
    low, high = sorted((other_seat, computer_seat))
    # the id names the cards shown (from the hand), then the opponents who see them
    shown_ids = forms[0].id.split(":")[1]
    assert set(shown_ids.split(",")) <= set(match.snapshot["players"][seat]["hand"])
    assert sorted(a.id for a in forms) == sorted([f"formation:{shown_ids}:{low}", f"formation:{shown_ids}:{high}",
                                                  f"formation:{shown_ids}:{low},{high}"])
    names = await env.bot.presenter.seat_names(match)
    # on the hand: the turn start is a menu; a Formation then asks whom to show, by name
    hand = driver.hand_of(member)
    actions = RULES.legal_actions(match.snapshot, seat)
    check_hand(hand, match, actions)
    root = paths.build(actions)
    turn = next(i for i, n in enumerate(root.options()) if n.choice.value == "turn")
    menu = next(c for c, at, kind, _ in toolkit_components(hand) if kind == "step" and at == [turn])
    formation = next(o.value for o in menu.options if o.label == "Declare a Formation")
    r = await member.user.select(hand, [formation], custom_id=menu.custom_id)
    labels = [o.label for o in menu_on(r.response.message).options]
    assert labels == [f"Show them to {names[low]}", f"Show them to {names[high]}",
                      f"Show them to {names[low]} and {names[high]}"]
    assert (await current_match(env)).version == match.version
    offered = await member.autocomplete(thread, "battalia turnstart", "choice", "")
    by_value = {c["value"]: c["name"] for c in offered}
    assert f"Show them to {other.name}" in by_value[f"formation {other_seat}"], by_value
    shown = list(match.snapshot["players"][seat]["hand"])
    r = await member.slash(thread, "battalia turnstart", choice=f"formation {other_seat}")
    assert text_of(r.response).startswith("Move played.")
    remember_answer(member, r)
    match = await current_match(env)
    assert service.private_view(match, other_seat)["formation_seen"]
    assert service.private_view(match, computer_seat)["formation_seen"] == []
    assert f"move {match.version} " in text_of(other.user.dm_channel.history()[-1]), \
        "the chosen opponent's hand was refreshed"
    r = await member.slash(thread, "battalia turnstart", choice="formation 9")
    assert r.ephemeral and (await current_match(env)).version == match.version
    # the declaration is told on the board that ends the turn
    while (now := await current_match(env)).status == "active" and RULES.active_players(now.snapshot) == {seat}:
        await driver.play_one()
    message = next(text_of(m) for m in reversed(thread.history()) if "declares a Formation" in text_of(m))
    line = next(text for text in message.splitlines() if "declares a Formation" in text)
    assert f"cards to {other.name}" in line and "Soldier" not in line and "Captain" not in line
    assert not set(CARD_ID.findall(line)) & set(shown)


def battle_with_an_illuminated_weapon_and_a_tent():
    """Seat 0's hero 1 attacks seat 1's city d2 on day 2 (the Weapon is illuminated) holding a
    Weapon and a Commander, with a Tent pitched earlier that holds a Priest."""
    s = actions_phase(2, seed=11, options={"removed_faction": "G"}, factions=["B", "R"])
    s["pool"]["box_terrain"] += [t["card"] for sq, t in s["board"].items() if sq != "d4"]  # keep every card
    s["board"] = {"d4": s["board"]["d4"]}
    put_tile(s, "b2", "city", "cross", owner=0, level=1)
    put_tile(s, "c2", "road", "straight", 1)
    put_tile(s, "d2", "city", "cross", owner=1, level=1)
    s["players"][0]["heroes"] = ["d2", None]
    clear_hand(s, 1)
    s["round"] = 2
    assert oracle.illuminated(2) == "weapon"
    weapon, _commander = give(s, 0, [("weapon", "B"), ("commander", "B")])
    (tent,) = give(s, 0, [("tent", None)])
    (priest,) = give(s, 0, [("priest", "B")])
    for c in (tent, priest):
        s["players"][0]["hand"].remove(c)
    s["players"][0]["tents"].append({"tent": tent, "cards": [priest], "round": 0})
    s = RULES.apply(s, 0, "attack:d2:city:1")[0]
    return s, weapon, tent


def test_battle_components_offer_both_uses_and_tents_to_the_attacker():
    """R112/R117: an illuminated Weapon or Horse is offered with one or both uses; R69: the attacker's
    Tents are struck from the hand during the battle."""
    state, weapon, tent = battle_with_an_illuminated_weapon_and_a_tent()
    actions = RULES.legal_actions(state, 0)
    ids = {a.id for a in actions}
    assert {f"add:{weapon}:2", f"add:{weapon}:1", f"strike:{tent}", "cancel"} <= ids
    match = SimpleNamespace(id=7, version=3)
    items = move_items(match, actions, BattaliaCog.BUTTONS)
    root = paths.build(actions)
    top = [n.choice.value for n in root.options()]
    by_prefix = {tuple(i.prefix): i for i in items}
    add = by_prefix[(top.index("add"),)]
    assert isinstance(add, StepSelect)
    card = next(int(o.value) for o in add.item.options if weapon in o.label)
    uses = root.options()[top.index("add")].options()[card].options()
    assert [(n.choice.label, n.action.id) for n in uses] == [("Both uses (+2)", f"add:{weapon}:2"),
                                                            ("One use (+1)", f"add:{weapon}:1")]
    assert isinstance(by_prefix[(top.index("cancel"),)], StepButton)
    artifacts = by_prefix[(top.index("artifacts"),)]
    assert isinstance(artifacts, StepSelect)
    assert P.STRIKE.label in [o.label for o in artifacts.item.options]
