"""What every game must pass at the Discord level, one test over the five games: every legal move
has its command and the private hand reaches it within Discord's limits (over whole seeded
games); the check that keeps secrets out of public messages finds a secret named in public for
each game (so the whole games through the bot, which end with it, could fail)."""
from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Callable

import pytest

from tests.discord.harness import (GAMES, Run, check_commands_and_hands, check_public_text, find_seed, secret_words,
                                   simulate)
from tests.discord.players import (BattleLinePlayer, CivPlanner, ClashPlanner, SkytearPlanner, civ_every_command)


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
    return lambda runs: set(GAMES[game].commands.verbs)


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
    # every command the game offered the person, to a victory; four computer seats
    "civilization": Scenario(
        lambda: [find_seed("civilization", {}, ["alice", None], {"alice": CivPlanner()}, civ_every_command,
                           start=12, tries=60)[1],
                 simulate("civilization", {}, 0, [None] * 4, {})],
        lambda runs: runs[0].commands_offered(), 300),
}


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
