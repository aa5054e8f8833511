"""The move toolkit's tree of choices (cogs/ui/paths.py): positions, paging without a cap,
moves that end where others go on."""
from __future__ import annotations

import pytest

from cogs.ui import paths
from engine.base import Action, Choice


def play(card: str, flag: int) -> Action:
    return Action(f"play:{card}:{flag}", f"Play {card} to flag {flag}",
                  path=(Choice("play", "Play a card"), Choice(card, card.title()), Choice(str(flag), f"Flag {flag}")))


def test_moves_sharing_steps_share_nodes_in_the_engines_order():
    root = paths.build([play("red7", 1), play("red7", 3), play("blue2", 1), Action("pass", "Pass")])
    assert [n.choice.label for n in root.options()] == ["Play a card", "Pass"]
    node, trail = paths.walk(root, [0, 0])
    assert [n.choice.label for n in node.options()] == ["Flag 1", "Flag 3"]
    assert paths.trail_text(trail) == "Play a card › Red7"


def test_find_gives_the_position_walk_follows():
    actions = [play("red7", 1), play("red7", 3), play("blue2", 1), Action("pass", "Pass")]
    root = paths.build(actions)
    for action in actions:
        node, _ = paths.walk(root, paths.find(root, action.id))
        assert node.action is action


def test_a_move_without_a_path_is_its_group_then_itself():
    root = paths.build([Action("a", "Alpha", "letters"), Action("b", "Beta", "letters"), Action("x", "Ex")])
    assert [n.choice.label for n in root.options()] == ["letters", "Ex"]
    assert [n.action.id for n in root.options()[0].options()] == ["a", "b"]


def test_a_move_ending_where_others_go_on_is_offered_first():
    shown = Action("formation:1", "Formation shown to Player 2",
                   path=(Choice("formation", "Formation"), Choice("1", "Shown to Player 2")))
    plain = Action("formation", "Formation", path=(Choice("formation", "Formation"),))
    root = paths.build([shown, plain])
    node, _ = paths.walk(root, [0])
    assert [o.choice.label for o in node.options()] == ["Just this", "Shown to Player 2"]
    assert paths.walk(root, paths.find(root, "formation"))[0].action is plain


def test_a_stale_or_forged_position_is_refused():
    root = paths.build([play("red7", 1)])
    with pytest.raises(IndexError):
        paths.walk(root, [0, 5])
    with pytest.raises(ValueError):
        paths.decode("1.x")


@pytest.mark.parametrize("count", [1, 25, 26, 625, 626, 2000])
def test_pages_show_every_choice_once_with_no_cap(count):
    """More than 25 choices page (23 a page, two links); nothing is ever cut off (the old
    paged select stopped at 625)."""
    pages = paths.pages(count)
    shown = [i for p in range(pages) for i in paths.page_range(count, p)]
    assert shown == list(range(count))
    assert all(len(paths.page_range(count, p)) + 2 <= 25 for p in range(pages)) or count <= 25
