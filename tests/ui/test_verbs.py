"""Generated commands (cogs/ui/commands.py): which moves a verb covers and how typed or
chosen option values narrow them."""
from __future__ import annotations

from cogs.ui.commands import Param, Verb, matches, narrowed
from engine.base import Action, Choice

PLAY = Choice("play", "Play a card")


def play(card: str, flag: int) -> Action:
    return Action(f"play:{card}:{flag}", f"Play {card} to flag {flag}",
                  path=(PLAY, Choice(card, card.title()), Choice(str(flag), f"Flag {flag}")))


ACTIONS = [play("red7", 1), play("red7", 3), play("T-FOG", 2),
           Action("play:T-DESERTER:3:blue5", "Deserter", path=(PLAY, Choice("T-DESERTER", "Deserter"),
                                                                  Choice("3-blue5", "Their Blue 5 at flag 3"))),
           Action("draw:troop", "Draw", path=(Choice("draw", "Draw a card"), Choice("troop", "Troop deck"))),
           Action("scout:draw:troop", "Scout", path=(Choice("scout-draw", "Scout: draw"), Choice("troop", "Troop deck"))),
           Action("pass", "Pass", path=(Choice("pass", "Pass"),))]

PLAY_VERB = Verb("play", "", ("play", "!T-DESERTER|T-SCOUT"), (Param("card"), Param("flag", kind=int)), asks_from=1)


def test_patterns_alternatives_and_exclusions():
    assert matches("draw", "draw|scout-draw") and matches("move-2", "move-*")
    assert not matches("T-DESERTER", "!T-DESERTER|T-SCOUT") and matches("red7", "!T-DESERTER|T-SCOUT")


def test_a_verb_covers_only_its_moves():
    assert [a.id for a in narrowed(PLAY_VERB, ACTIONS, {})] == ["play:red7:1", "play:red7:3", "play:T-FOG:2"]
    deck = Verb("draw", "", ("draw|scout-draw",), (Param("deck"),))
    assert [a.id for a in narrowed(deck, ACTIONS, {"deck": "troop"})] == ["draw:troop", "scout:draw:troop"]


def test_options_narrow_by_value_or_label_in_any_case():
    assert [a.id for a in narrowed(PLAY_VERB, ACTIONS, {"card": "Red7", "flag": 3})] == ["play:red7:3"]
    assert [a.id for a in narrowed(PLAY_VERB, ACTIONS, {"card": "t-fog"})] == ["play:T-FOG:2"]
    assert narrowed(PLAY_VERB, ACTIONS, {"card": "red7", "flag": 2}) == []


def test_the_last_option_takes_every_step_left():
    any_move = Verb("move", "", ("*",), (Param("move"),), asks_from=0)
    assert [a.id for a in narrowed(any_move, ACTIONS, {"move": "play T-DESERTER 3-blue5"})] == \
        ["play:T-DESERTER:3:blue5"]
    assert [a.id for a in narrowed(any_move, ACTIONS, {"move": "Play a card › Deserter › Their Blue 5 at flag 3"})] \
        == ["play:T-DESERTER:3:blue5"]
