"""What every game must pass at the Discord level, one test over the five games: a whole game
against the computer through the bot (commands and the hand's components, the hand checked
before every move) whose thread never names a hidden card; every legal move has its command and
the private hand reaches it within Discord's limits (over whole seeded games); the check that
keeps secrets out of public messages finds a secret named in public for each game (so the whole
games, which end with it, could fail)."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

import pytest

from tests.discord.harness import (GAMES, Driver, Run, assert_thread_hides_secrets, check_commands_and_hands,
                                   check_public_text, find_seed, fixed_seed, secret_words, simulate)
from tests.discord.helpers import bot_handle, current_match, thread_of
from tests.discord.helpers import text_of
from tests.discord.players import (PLAYERS, BattleLinePlayer, CivPlanner, ClashPlanner, SkytearPlanner,
                                   civ_every_command, civ_four_players, civ_how_it_ended)


def every_command_of(game: str):
    return GAMES[game].commands.every_command


@dataclass(frozen=True)
class Scenario:
    """Whole games of one game played offline (their seeds and players are the ones the game's
    Discord tests play), the commands they must use, how many positions they reach."""
    runs: Callable[[], list[Run]]
    required: Callable[[list[Run]], set[str]]
    positions: int
    every: int = 10            # the command's own reading of its options, every so many positions
    one_menu: bool = True      # may a hand put all its first steps in one menu


def _all(game: str):
    return lambda runs: set(GAMES[game].commands.usual)


SCENARIOS = {
    # the games of test_battleline_discord (seeded(env, 238) and 267): the test player against
    # itself, every kind of move made
    "battleline": Scenario(
        lambda: [simulate("battleline", {}, random.Random(k).randrange(1, 2**62), ["alice", "bob"],
                          {"alice": BattleLinePlayer(), "bob": BattleLinePlayer()}) for k in (238, 267)],
        lambda runs: {"play", "tactic", "claim", "done", "draw", "return", "discard"}, 150),
    # the seeds of test_battalia_discord (weeks 2 with two players, weeks 1 with three and four),
    # the computer player at every seat; every position's options read by the command
    "battalia": Scenario(
        lambda: [simulate("battalia", {"weeks": 2}, 7302, [None, None], {}),
                 simulate("battalia", {"weeks": 1}, 3, [None] * 3, {}),
                 simulate("battalia", {"weeks": 1}, 3, [None] * 4, {})],
        lambda runs: {"setup", "turnstart", "hire", "end", "place", "build road", "hero move", "attack", "battle add"},
        200, every=1, one_menu=False),
    # a drafted game in which the person makes every kind of move, and four computer seats
    "skytear": Scenario(
        lambda: [find_seed("skytear", {"rounds": 3, "setup": "draft"}, ["alice", None], {"alice": SkytearPlanner()},
                           every_command_of("skytear"), start=7)[1],
                 simulate("skytear", {"rounds": 1}, 3, [None] * 4, {})],
        _all("skytear"), 300),
    "clash_of_rage": Scenario(
        lambda: [find_seed("clash_of_rage", {"rounds": 6}, ["alice", None], {"alice": ClashPlanner()},
                           every_command_of("clash_of_rage"), start=0, tries=300)[1],
                 simulate("clash_of_rage", {"rounds": 1}, 0, [None] * 4, {})],
        _all("clash_of_rage"), 100),
    # every command the game offered the person, to a victory; the four-player game of
    # test_civ_discord (two people, two computers)
    "civilization": Scenario(
        lambda: [find_seed("civilization", {}, ["alice", None], {"alice": CivPlanner()}, civ_every_command,
                           start=13, tries=60)[1],
                 civ_four_players()[1]],
        lambda runs: runs[0].commands_offered(), 300),
}


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
def test_every_move_has_its_command_and_the_hand_reaches_it(game):
    """Over whole games, at every position and for every seat asked: each legal move belongs to
    exactly one command (of the verb table, or the game's own), whose options, given the move's
    step values, name that move alone; the hand's components fit one message within Discord's
    limits (5 rows, 25 options a menu, labels of 100 and 80 characters), follow the layout (the
    cog's BUTTONS as buttons) and reach every move."""
    scenario = SCENARIOS[game]
    runs = scenario.runs()
    seen, positions = check_commands_and_hands(game, runs, scenario.every, scenario.one_menu)
    commands = set(GAMES[game].commands.verbs) | {GAMES[game].commands.command_of(a) for run in runs[:1]
                                                    for a in GAMES[game].rules.legal_actions(run.states[0], 0)}
    assert scenario.required(runs) <= seen <= commands | {"claim"}, (scenario.required(runs) - seen, seen - commands)
    assert positions > scenario.positions, positions


@pytest.mark.parametrize("game", sorted(GAMES))
def test_the_check_of_public_texts_finds_a_secret_named(game):
    """The check every whole game through the bot ends with (harness.assert_thread_hides_secrets)
    can fail, for each game: a public text naming a hidden item, by id or by the name the game's
    texts give it, is caught; so is a text that is never public (Skytear's card instances) or a
    private line (Civilization's battle hand); an ordinary text passes."""
    spec = GAMES[game]
    run = SCENARIOS[game].runs()[0]
    middle = len(run.states) // 2
    state = next((s for s in run.states[middle:] + run.states[:middle] if secret_words(game, s)), None)
    assert state is not None, "the game never held a secret"
    check_public_text(game, "Move played.", [state])
    words = sorted(secret_words(game, state))
    for word in words[:: max(1, len(words) // 5)]:
        with pytest.raises(AssertionError):
            check_public_text(game, f"alice holds {word}.", [state])
    hidden = sorted(i for seat in range(len(run.seats)) for i in spec.rules.hidden_items(state, seat))
    if spec.never_public:
        with pytest.raises(AssertionError):
            check_public_text(game, f"alice plays {hidden[0]}.", [state])
    for line in spec.private_lines:
        with pytest.raises(AssertionError):
            check_public_text(game, f"{line}: 3 cards.", [state])


# ---------------------------------------------------------------------- a whole game through the bot

@pytest.fixture
def simcord_bot(make_bot, virtual_clock, request):
    """The bot with the cog of the game the test plays, its clock the virtual one."""
    game = request.node.callspec.params["game"]
    return make_bot(extensions=("cogs.matches", f"cogs.{game}"), clock=virtual_clock)


@dataclass(frozen=True)
class WholeGame:
    """One person against the computer, to the end: the challenge's options (and those the match
    stores), the seed (the test player's game, checked offline first when `wanted` is given), how
    many boards the thread shows at least, and what the game's own result must hold."""
    challenge: dict
    stored: dict
    seed: int
    expect: Callable
    wanted: Callable | None = None     # the offline game must satisfy this (the seed moves on if not)
    boards: int = 5
    images: int = 3
    after_move: Callable | None = None


def _typed_once_then_clicked(driver, commands: set[str]) -> None:
    """The person made every kind of move in `commands`, each command typed once first."""
    assert driver.commands_used() == commands, commands - driver.commands_used()
    assert {c for (c, way) in driver.used if way == "slash"} == commands, "every command typed once"


def _battleline(driver, match, run, final: str) -> None:
    assert match.options == {"variant": "advanced"}
    assert driver.commands["battleline play"] and driver.kinds[("play", "menu")], (driver.commands, driver.kinds)


def _battalia(driver, match, run, final: str) -> None:
    from engine.text import from_json
    assert "2-week limit" in from_json(match.result["reason"])  # R133
    assert driver.on_hand >= 1, "the human defender answered a battle on the hand (R92)"
    assert driver.autocompleted > 10
    for verb in ("hire", "place", "start", "end", "add", "commit", "attack", "pass"):
        assert driver.used[(verb, "slash")], verb
    assert driver.commands["battalia move"] >= 3, "the any-move command plays too"
    assert driver.planned >= 1, "a turn's end was planned after the person's last move, then made by them"
    # the layout: one-step moves and the turn start are buttons, every other kind of move a menu
    for verb, kind in (("hire", "menu"), ("craft", "menu"), ("road", "menu"), ("upgrade", "menu"),
                       ("move", "menu"), ("place", "menu"), ("start", "button"), ("end", "button"),
                       ("add", "menu"), ("commit", "button"), ("fight", "menu")):
        assert driver.kinds[(verb, kind)], (verb, kind, driver.kinds)
    assert driver.moves > 40


def _skytear(driver, match, run, final: str) -> None:
    _typed_once_then_clicked(driver, set(GAMES["skytear"].commands.usual))
    assert driver.autocompleted > 25
    # the hand's layout: heroes to activate or pick and one-step moves are buttons, the rest menus
    for command, kind in (("activate", "button"), ("pick", "button"), ("pass", "button"), ("move", "menu")):
        assert driver.kinds[(command, kind)], (command, kind, driver.kinds)
    assert getattr(driver, "refused", 0) == 1, "the mulligan's last keep drew cards: no take-back"


async def _skytear_keep_is_not_taken_back(env, thread, alice, driver, action: str) -> None:
    """The mulligan's end draws the cards set aside: /match undo is refused, nothing taken back."""
    from tests.discord.helpers import buttons
    if action != "keep":
        return
    r = await alice.slash(thread, "match undo")
    assert "cannot be taken back" in text_of(r.response), text_of(r.response)
    assert "Take back my move" not in buttons(thread.history()[-1])
    assert (await current_match(env)).version == driver.played[-1][0] + 1, "nothing was taken back"
    driver.refused = getattr(driver, "refused", 0) + 1


def _clash(driver, match, run, final: str) -> None:
    assert "round limit (6) is reached" in final, final
    _typed_once_then_clicked(driver, set(GAMES["clash_of_rage"].commands.usual))   # /clash tile: an option's
    assert driver.autocompleted > 20
    for command in ("tactic", "roll", "reroll", "allocate", "retreat"):   # buttons whenever they came again
        if driver.used[(command, "component")]:
            assert driver.kinds[(command, "button")], (command, driver.kinds)
    assert driver.kinds[("tactic", "button")] and driver.kinds[("move", "menu")], driver.kinds


def _civ(driver, match, run, final: str) -> None:
    assert civ_how_it_ended(match.snapshot) in ("culture", "tech", "economic", "military")
    _typed_once_then_clicked(driver, run.commands_offered())   # all but those the game never allowed
    assert driver.autocompleted > 20
    for command in ("research", "done"):   # buttons whenever they came a second time
        if driver.used[(command, "component")]:
            assert driver.kinds[(command, "button")], (command, driver.kinds)
    # research picks are buttons; a battle play is the card from a menu of the battle hand, then its front
    assert driver.kinds[("research", "button")] and driver.kinds[("play", "menu")], driver.kinds


WHOLE_GAMES = {
    # the advanced variant (the seed seeded(env, 11) gives)
    "battleline": WholeGame({"variant": "advanced", "clock": "none"}, {"variant": "advanced"},
                            random.Random(11).randrange(1, 2**62), _battleline, boards=10),
    # two weeks: the computer attacks the human's hero, who defends on the hand, and the human attacks once
    "battalia": WholeGame({"weeks": 2, "clock": "none"}, {"weeks": 2}, 7302, _battalia, boards=10, images=4),
    # a drafted game of three rounds: the human makes every kind of move
    "skytear": WholeGame({"rounds": 3, "setup": "draft", "clock": "none"}, {"rounds": 3, "setup": "draft"}, 7,
                         _skytear, wanted=GAMES["skytear"].commands.every_command, boards=20, images=4,
                         after_move=_skytear_keep_is_not_taken_back),
    # six rounds, to the round limit (most victory points after round 6): every kind of move
    "clash_of_rage": WholeGame({"rounds": 6, "clock": "none"}, {"rounds": 6}, 0, _clash,
                               wanted=GAMES["clash_of_rage"].commands.every_command, boards=10),
    # to a real victory (the culture track in the game of this seed): every kind of move offered
    "civilization": WholeGame({"clock": "none"}, {}, 13, _civ, wanted=civ_every_command, boards=5),
}


@pytest.mark.slow
@pytest.mark.parametrize("game", sorted(GAMES))
async def test_a_whole_game_against_the_computer(play, game):
    """One person against the computer, to the end, every move through the bot: each command typed
    (its options' lists offer exactly the legal values) and then clicked on the hand's buttons and
    menus, the hand checked before every move (the current position, Discord's limits, the
    layout, every move reachable), every move answered with the hand and logged; the computer
    never keeps the person waiting; the game the engine alone plays with that seed; the thread
    never names a hidden card and its boards are the public view's pictures; the log replays to
    the stored state. Then what the game's own result must hold (WHOLE_GAMES)."""
    env, _guild, channel, alice, _bob, _carol = play
    scenario, spec = WHOLE_GAMES[game], GAMES[game]
    run = None
    if scenario.wanted is not None:
        planner = PLAYERS[game]()
        seed, run = find_seed(game, scenario.stored, ["alice", None], {"alice": planner}, scenario.wanted,
                              start=scenario.seed)
    else:
        seed = scenario.seed
    fixed_seed(env, seed)
    r = await alice.slash(channel, f"{spec.prefix} challenge", opponent=bot_handle(env), **scenario.challenge)
    assert r.ephemeral and "has started" in text_of(r.response), text_of(r.response)
    thread = thread_of(channel)
    match = await current_match(env)
    assert match.options == scenario.stored and sum(s.is_ai for s in match.seats) == 1
    if run is not None:
        assert match.seat_of(alice.id) == run.seat_of("alice")
    driver = Driver(env, thread, [alice], game=game)
    while (match := await current_match(env)).status == "active":
        assert await driver.human_to_move() is not None, "the computer never keeps anyone waiting"
        action = await driver.play_one()
        if scenario.after_move is not None:
            await scenario.after_move(env, thread, alice, driver, action)
    assert {seat for _q, seat, _a, _t in await env.bot.store.actions(match.id)} == {0, 1}
    if run is not None:
        assert match.snapshot == run.final, "the game the engine alone played"
    final = text_of(thread.history()[-1])
    assert match.status == "finished" and "Game over" in final, final
    assert {way for (_c, way) in driver.used} == {"slash", "component"}
    assert await assert_thread_hides_secrets(env, thread, match, scenario.images) > scenario.boards
    scenario.expect(driver, match, run, final)
