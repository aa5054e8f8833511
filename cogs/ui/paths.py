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


def decode_or_nowhere(text: str) -> list[int]:
    """A position read from a component's custom id; a forged one becomes a position no tree
    holds, so the click is answered as stale."""
    try:
        return decode(text)
    except ValueError:
        return [10 ** 6]


def pages(count: int) -> int:
    return 1 if count <= MAX_OPTIONS else -(-count // PAGE_SIZE)


def page_range(count: int, page: int) -> range:
    """Which option indexes one page shows (all of them when they fit in one menu)."""
    if count <= MAX_OPTIONS:
        return range(count)
    return range(page * PAGE_SIZE, min(count, (page + 1) * PAGE_SIZE))


def trail_text(trail: list[Node], lang: str = "en") -> str:
    return " › ".join(render(n.choice.label, lang) for n in trail if n.choice)


MAX_FORM_STEPS = 5  # a modal holds five components


def form_levels(node: Node) -> list[list[Choice]] | None:
    """The steps below `node` as a form: for each depth, every choice found there (each value
    once, in the engine's order), or None when the moves below do not make a form: some end
    earlier than others, one ends where others go on, more steps than a modal holds, or more
    choices at a step than a select menu holds (the step picker stays the way then)."""
    levels: list[list[Choice]] = []
    frontier = [node]
    while True:
        kids = [c for n in frontier for c in n.children]
        if not kids:
            break
        if any(n.action is not None for n in frontier):
            return None
        seen: dict[str, Choice] = {}
        for c in kids:
            seen.setdefault(c.choice.value, c.choice)
        levels.append(list(seen.values()))
        frontier = kids
    if not levels or len(levels) > MAX_FORM_STEPS or any(len(level) > MAX_OPTIONS for level in levels):
        return None
    return levels


def form_move(node: Node, values: tuple[str, ...]) -> tuple[Action | None, int, list[Choice]]:
    """The move below `node` whose remaining steps are exactly `values`; when there is none,
    how many of the values lead somewhere and the choices that were open at the next one."""
    current, depth = node, 0
    for value in values:
        nxt = current._by_value.get(value)
        if nxt is None:
            return None, depth, [c.choice for c in current.children]
        current, depth = nxt, depth + 1
    if current.action is not None and not current.children:
        return current.action, depth, []
    return None, depth, [c.choice for c in current.children]


def single_steps(node: Node, prefix: list[int]) -> tuple[Node, list[int], list[Node]]:
    """Steps with exactly one choice that does not end the move, taken: a step that has one
    choice decides nothing, but the last step of a move is always left to the player (taking
    it would make a move the player never saw). Returns the node reached, its position and the
    nodes taken."""
    taken: list[Node] = []
    while node.action is None:
        options = node.options()
        if len(options) != 1 or not options[0].children or options[0].action is not None:
            break
        node, prefix = options[0], prefix + [0]
        taken.append(node)
    return node, prefix, taken
