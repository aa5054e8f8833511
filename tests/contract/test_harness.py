"""The conformance checks can fail: each broken copy of a test game below breaks one rule of the
contract (engine/base.py, DESIGN.md "Contract v2") and the playouts must name that rule."""
from __future__ import annotations

import copy
import random

import pytest

from engine.base import Action, Choice, Event, IllegalAction, Option, Result
from tests.teamgame import TeamDuel
from tests.testgame import HighCard, value

from .harness import CHECKS, check_options, check_paths, check_teams, play


def findings(rules, seeds=range(1, 5), players=None, options=None, cap=200) -> set[str]:
    found = set()
    for seed in seeds:
        n = players or rules.min_players + seed % (rules.max_players - rules.min_players + 1)
        found |= set(play(rules, seed, n, options, cap=cap).findings.problems)
    return found


class Mutates(HighCard):
    def apply(self, state, seat, action_id):
        new, events = super().apply(state, seat, action_id)
        state["moves"] += 1
        return new, events


class AcceptsNonsense(HighCard):
    def apply(self, state, seat, action_id):
        if action_id.startswith("zz"):
            return copy.deepcopy(state), []
        return super().apply(state, seat, action_id)


class RefusesButChanges(HighCard):
    def apply(self, state, seat, action_id):
        if action_id.startswith("zz"):
            state["moves"] += 1
        return super().apply(state, seat, action_id)


class RepeatsAnId(HighCard):
    def legal_actions(self, state, seat):
        actions = super().legal_actions(state, seat)
        return actions + actions[:1]


class LongLabel(HighCard):
    def legal_actions(self, state, seat):
        return [Action(a.id, a.label + "!" * 100, a.group, a.path) for a in super().legal_actions(state, seat)]


class TwoLabelsForOneStep(HighCard):
    def legal_actions(self, state, seat):
        return [Action(a.id, a.label, a.group, (Choice("play", a.label), Choice(a.id, a.id)))
                for a in super().legal_actions(state, seat)]


class SameReading(HighCard):
    def legal_actions(self, state, seat):
        return [Action(a.id, a.label, a.group, (Choice(a.id, "A card"),)) for a in super().legal_actions(state, seat)]


class PathInsideAnother(HighCard):
    def legal_actions(self, state, seat):
        actions = super().legal_actions(state, seat)
        return actions + [Action("play", "Play", "cards", (Choice("play", "Play a card"),))]


class TupleInState(HighCard):
    def setup(self, players, options, seed):
        state = super().setup(players, options, seed)
        state["rows"] = tuple(state["rows"])
        return state


class OutsideRandom(HighCard):
    calls = 0

    def setup(self, players, options, seed):
        state = super().setup(players, options, seed)
        self.calls += 1
        random.Random(self.calls).shuffle(state["deck"])  # not the state's RNG: a replay deals other cards
        state["hands"] = [sorted(state["deck"][i * 3:i * 3 + 3]) for i in range(players)]
        return state


class AiCheats(HighCard):
    def ai_choose(self, state, seat, seed):
        return "play:c99"


class ShowsHands(HighCard):
    def view(self, state, viewer):
        return {**super().view(state, viewer), "all_hands": copy.deepcopy(state["hands"])}


class SaysHandInASentence(HighCard):
    def view(self, state, viewer):
        hand = state["hands"][state["turn"]]
        note = f"Player {state['turn'] + 1} looks at {hand[0]}." if hand else ""
        return {**super().view(state, viewer), "note": note}


class ShowsPicks(TeamDuel):
    def view(self, state, viewer):
        return {**super().view(state, viewer), "picks": copy.deepcopy(state["picks"])}


class SaysNothing(HighCard):
    def prompt(self, state, seat):
        return ""


class SplitsTeams(TeamDuel):
    def result(self, state):
        r = super().result(state)
        return Result(r.winners[:1], r.scores, r.reason) if r else None


class NeverEnds(HighCard):
    def result(self, state):
        return None

    def legal_actions(self, state, seat):
        return super().legal_actions(state, seat) or [Action("wait", "Wait")]

    def apply(self, state, seat, action_id):
        if action_id == "wait" and not state["hands"][seat]:
            return copy.deepcopy(state), []
        return super().apply(state, seat, action_id)


class MovesOutOfTurn(HighCard):
    def legal_actions(self, state, seat):
        new = dict(state, turn=seat)
        return [] if self.result(state) else super().legal_actions(new, seat)


class StuckSeat(TeamDuel):
    def legal_actions(self, state, seat):
        return [] if seat == 3 else super().legal_actions(state, seat)


class WrongEvents(HighCard):
    def apply(self, state, seat, action_id):
        new, events = super().apply(state, seat, action_id)
        return new, events + [Event("x", {9: "a seat that is not there"})]


class Crashes(HighCard):
    def apply(self, state, seat, action_id):
        if state["moves"] == 2:
            raise KeyError("boom")
        return super().apply(state, seat, action_id)


class TellsTheNextHand(HighCard):
    """A public text that says something of the next seat's hidden hand (Civilization's cancel
    window once did: "the others may cancel it" only when one held a cancel card)."""
    def apply(self, state, seat, action_id):
        new, events = super().apply(state, seat, action_id)
        if any(value(c) > 15 for c in new["hands"][new["turn"]]):
            events.append(Event("the next player may answer"))
        return new, events


class AsksTheHolder(HighCard):
    """The turn passes to whoever holds the highest card: who is asked depends on hidden hands."""
    def apply(self, state, seat, action_id):
        new, events = super().apply(state, seat, action_id)
        holders = [s for s in range(new["players"]) if new["hands"][s]]
        if holders:
            new["turn"] = max(holders, key=lambda s: max(value(c) for c in new["hands"][s]))
        return new, events


class EndsOnTheMoversHand(HighCard):
    """The engine says by itself that the mover has nothing big left (Skytear once ended an
    activation when nothing in hand was playable): caught only by dealing the mover's hand again."""
    def apply(self, state, seat, action_id):
        new, events = super().apply(state, seat, action_id)
        if action_id == "draw" and not any(value(c) > 10 for c in new["hands"][seat]):
            events.append(Event("nothing big left"))
        return new, events


class MenuKnowsTheirHand(HighCard):
    """A move offered only while another seat holds c20."""
    def legal_actions(self, state, seat):
        actions = super().legal_actions(state, seat)
        if actions and any("c20" in h for s, h in enumerate(state["hands"]) if s != seat):
            actions = actions + [Action("guess", "Guess")]
        return actions

    def apply(self, state, seat, action_id):
        if action_id == "guess":
            new = copy.deepcopy(state)
            new["moves"] += 1
            new["turn"] = self._next_turn(new, seat)
            return new, [Event("guessed")]
        return super().apply(state, seat, action_id)


class MomentOfAnother(HighCard):
    """A turn whose moment names a seat that is not the one asked."""
    def moment(self, state):
        from engine.base import TURN, Moment
        return Moment(TURN, frozenset({state["turn"]}), (state["turn"] + 1) % state["players"])


class UndeclaredWindow(HighCard):
    """A window the game never declared (autopass would not be offered)."""
    def moment(self, state):
        from engine.base import WINDOW, Moment
        return Moment(WINDOW, frozenset(self.active_players(state)), None, "pass")


BROKEN = [
    (Mutates(), "pure"),
    (AcceptsNonsense(), "illegal"),
    (RefusesButChanges(), "illegal"),
    (RepeatsAnId(), "actions"),
    (LongLabel(), "actions"),
    (TwoLabelsForOneStep(), "paths"),
    (SameReading(), "paths"),
    (PathInsideAnother(), "paths"),
    (TupleInState(), "json"),
    (OutsideRandom(), "replay"),
    (AiCheats(), "ai"),
    (ShowsHands(), "hidden"),
    (SaysHandInASentence(), "hidden"),
    (ShowsPicks(), "hidden"),
    (SaysNothing(), "prompt"),
    (SplitsTeams(), "result"),
    (NeverEnds(), "ends"),
    (MovesOutOfTurn(), "flow"),
    (StuckSeat(), "flow"),
    (WrongEvents(), "events"),
    (Crashes(), "runs"),
    (TellsTheNextHand(), "secrecy"),
    (MomentOfAnother(), "moment"),
    (UndeclaredWindow(), "moment"),
    (AsksTheHolder(), "secrecy"),
    (MenuKnowsTheirHand(), "secrecy"),
]


@pytest.mark.parametrize("rules, check", [pytest.param(r, c, id=type(r).__name__) for r, c in BROKEN])
def test_a_broken_game_is_caught_by_its_check(rules, check):
    assert check in CHECKS
    assert check in findings(rules)


@pytest.mark.parametrize("rules", [HighCard(), TeamDuel()], ids=["highcard", "teamduel"])
def test_the_sound_games_are_not_flagged(rules):
    assert findings(rules) == set()


def test_a_public_tell_of_the_movers_own_hand_is_caught():
    """The mover's own hand dealt again (the redeal for the public) catches what the other
    seats' redeal cannot."""
    assert "secrecy" in findings(EndsOnTheMoversHand(), options={"draw": True, "hand": 2}, seeds=range(1, 9))
    assert findings(HighCard(), options={"draw": True, "hand": 2}, seeds=range(1, 9)) == set()


def test_paths_of_a_three_step_move_tree():
    card = [Choice("t1", "Card 1"), Choice("t2", "Card 2")]
    lane = [Choice("left", "Left lane"), Choice("right", "Right lane")]
    actions = [Action(f"{c.value}:{l.value}", "x", path=(c, l)) for c in card for l in lane]
    check_paths(actions)
    with pytest.raises(AssertionError, match="same path"):
        check_paths(actions + [Action("again", "x", path=(card[0], lane[0]))])
    with pytest.raises(AssertionError, match="reads"):
        check_paths(actions + [Action("t1:up", "x", path=(Choice("t1", "Card one"), Choice("up", "Up")))])
    with pytest.raises(AssertionError, match="1-100"):
        check_paths([Action("a", "x", path=(Choice("a", "y" * 101),))])


class BadDefault(HighCard):
    options = (Option("hand", "int", 9, "Cards dealt", min=1, max=5),)


class NeedsAnOption(HighCard):
    options = (Option("hand", "int", 3, "Cards dealt", min=1, max=5),)

    def setup(self, players, options, seed):
        if "hand" not in options:
            raise KeyError("hand")  # a stored match leaves defaults out, so this would break
        return super().setup(players, options, seed)


class ThreeTeams(TeamDuel):
    def teams(self, players, options):
        return [[0, 2], [1, 3], [2]]


@pytest.mark.parametrize("rules", [BadDefault(), NeedsAnOption()], ids=["bad-default", "needs-option"])
def test_broken_options_are_caught(rules):
    with pytest.raises((AssertionError, KeyError, IllegalAction)):
        check_options(rules)


def test_a_seat_in_two_teams_is_caught():
    check_teams(TeamDuel())
    with pytest.raises(AssertionError):
        check_teams(ThreeTeams())
