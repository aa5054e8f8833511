"""The legal moves of a seat as a tree of choices (each action's `steps()`), walked one step
at a time by the pickers, buttons and generated commands. Pure: no Discord here.

A position in the tree is the list of child indexes taken from the root. Indexes are stable
for one match version (legal actions are deterministic), and every component carries the
version it was made at, so an index never points into a different list of moves.
"""
from __future__ import annotations

from dataclasses import dataclass, field

from engine.base import Action, Choice
from engine.text import Msg
from i18n import render

MAX_OPTIONS = 25  # Discord's limit for a select menu
PAGE_SIZE = 23    # choices per page when paging, leaving room for the two page links


@dataclass
class Node:
    choice: Choice | None = None            # None at the root
    action: Action | None = None            # set where a move ends
    children: list["Node"] = field(default_factory=list)
    _by_value: dict[str, "Node"] = field(default_factory=dict, repr=False)

    def child(self, choice: Choice) -> "Node":
        found = self._by_value.get(choice.value)
        if found is None:
            found = Node(choice)
            self._by_value[choice.value] = found
            self.children.append(found)
        return found

    def actions(self) -> list[Action]:
        """Every move at or below this node, in the engine's order."""
        out = [self.action] if self.action else []
        for c in self.children:
            out.extend(c.actions())
        return out

    def options(self) -> list["Node"]:
        """What a picker at this node offers: its children, and itself first when a move also
        ends here (e.g. "formation" beside "formation, shown to Player 2")."""
        return ([Node(Choice("=", Msg("Just this"), ""), self.action)] if self.action and self.children else []) \
            + self.children


def build(actions: list[Action]) -> Node:
    root = Node()
    for action in actions:
        node = root
        for step in action.steps():
            node = node.child(step)
        node.action = action
    return root


def walk(root: Node, prefix: list[int]) -> tuple[Node, list[Node]]:
    """The node at `prefix` and the nodes passed on the way; IndexError when the prefix is no
    position of this tree (a stale or forged component)."""
    node, trail = root, []
    for i in prefix:
        options = node.options()
        if not 0 <= i < len(options):
            raise IndexError(i)
        node = options[i]
        trail.append(node)
    return node, trail


def find(root: Node, action_id: str) -> list[int] | None:
    """The position of the move with this id (for buttons and typed commands)."""
    def search(node: Node, prefix: list[int]) -> list[int] | None:
        for i, option in enumerate(node.options()):
            if option.action and option.action.id == action_id and not option.children:
                return prefix + [i]
            if option.children:
                hit = search(option, prefix + [i])
                if hit is not None:
                    return hit
        return None
    return search(root, [])


def action_for(actions: list[Action], values: tuple[str, ...]) -> Action | None:
    """The move whose path has exactly these step values (a game's own command names a move
    by its choices, never by building an id)."""
    for action in actions:
        if tuple(s.value for s in action.steps()) == tuple(values):
            return action
    return None


def encode(prefix: list[int]) -> str:
    return ".".join(map(str, prefix)) or "-"


def decode(text: str) -> list[int]:
    if text in ("", "-"):
        return []
    parts = text.split(".")
    if not all(p.isdigit() and len(p) < 6 for p in parts) or len(parts) > 12:
        raise ValueError(text)
    return [int(p) for p in parts]


def pages(count: int) -> int:
    return 1 if count <= MAX_OPTIONS else -(-count // PAGE_SIZE)


def page_range(count: int, page: int) -> range:
    """Which option indexes one page shows (all of them when they fit in one menu)."""
    if count <= MAX_OPTIONS:
        return range(count)
    return range(page * PAGE_SIZE, min(count, (page + 1) * PAGE_SIZE))


def trail_text(trail: list[Node], lang: str = "en") -> str:
    return " › ".join(render(n.choice.label, lang) for n in trail if n.choice)
