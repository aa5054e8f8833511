"""A game's declared options typed as name=value (the options of /match new)."""
from __future__ import annotations

import pytest

from cogs.ui import options
from engine.base import IllegalAction, normalise_options, options_line
from engine.battalia import RULES as BATTALIA
from matches import UserError
from tests import testgame


def test_declared_options_parse_by_their_command_names():
    assert options.parse(BATTALIA, "weeks=2 cities=3 no_neutral=yes") == \
        {"weeks": 2, "start_cities": 3, "no_neutral": True}
    assert options.parse(testgame.RULES, "") == {}


@pytest.mark.parametrize("text, said", [
    ("hand=9", "from 1 to 5"),
    ("colour=red", "has no option 'colour'"),
    ("hand", "name=value"),
    ("draw=maybe", "yes or no"),
])
def test_a_bad_option_is_refused_with_a_sentence(text, said):
    with pytest.raises(UserError, match=said):
        options.parse(testgame.RULES, text)


def test_defaults_are_not_stored_and_the_board_line_names_the_rest():
    stored = normalise_options(testgame.RULES, 2, {"hand": 3, "draw": True})
    assert stored == {"draw": True}
    assert options_line(testgame.RULES, stored) == f"{testgame.DRAW.label} on"


def test_a_refused_combination_says_why():
    """Battalia R133 / scenario 2 is for four players."""
    with pytest.raises(IllegalAction):
        normalise_options(BATTALIA, 2, {"variant": "scenario2"})
