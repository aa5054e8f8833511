"""The move toolkit's components: a step-by-step picker over action paths, with paging that
has no cap, and buttons for moves. Every component carries the match version it was made at,
and the position in the tree of the seat's legal moves (see cogs.ui.paths)."""
from __future__ import annotations

import hashlib

import discord

from cogs.common import lang_for, match_here
from cogs.ui import paths
from cogs.ui.errors import Guarded, answer_error
from engine.base import Action
from engine.text import Msg
from i18n import render
from matches import STALE_MESSAGE, UserError

MAX_ROWS = 5     # a message holds five rows of components
ROW_BUTTONS = 5  # five buttons fit in a row


class MatchItem(Guarded):
    """A component naming a match: a click is refused before anything runs unless the match
    belongs to the server the message is in (or, in a DM, is one of the clicker's)."""

    async def interaction_check(self, interaction: discord.Interaction) -> bool:
        try:
            await match_here(interaction, self.match_id)
            return True
        except Exception as exc:  # noqa: BLE001 - a check must answer, never leave a dead button
            await answer_error(interaction, exc, where=f"match {self.match_id}")
        return False


class SelectRow:
    """discord.py keeps a Select's row in a slot named `row` while DynamicItem reads the
    item's `_row`: without this, a row given to a select-backed DynamicItem is lost."""

    @property
    def row(self) -> int | None:
        return self.item.row

    @row.setter
    def row(self, value: int | None) -> None:
        self.item.row = value


def fingerprint(actions: list[Action], simultaneous: bool = False) -> str:
    """A short mark of a list of legal moves (the positions of the tree depend on it alone);
    `simultaneous` marks a component that stays good while others choose ("s" at the end)."""
    return hashlib.sha1("\n".join(a.id for a in actions).encode()).hexdigest()[:6] + ("s" if simultaneous else "")


async def tree_for(interaction: discord.Interaction, match_id: int, version: int, mark: str = ""):
    """The match, the clicker's seat and the tree of their legal moves, for a component made
    at `version` from the moves marked `mark`. A component resolves by position in the
    clicker's own tree, so the mark must always be that tree's: a component made for another
    seat or list (or a forged id) never plays a move other than its label. It is stale when
    the match moved on, unless it was made for a simultaneous step and the clicker's moves are
    the very same (others chose meanwhile)."""
    client = interaction.client
    match = await client.service.get(match_id)
    seat = match.seat_of(interaction.user.id)
    if seat is None:
        raise UserError(Msg("You are not playing in this match."))
    actions = await client.presenter.named_actions(match, seat)
    simultaneous = mark.endswith("s")
    if (not actions or fingerprint(actions, simultaneous) != mark
            or (match.version != version and not simultaneous)):
        raise UserError(STALE_MESSAGE)
    return match, seat, paths.build(actions)


async def play(interaction: discord.Interaction, match_id: int, version: int | None, action: Action | str) -> None:
    """A move (an Action, or an id the game refined from one) chosen at `version`; the mover
    is answered privately."""
    client = interaction.client
    action_id = action if isinstance(action, str) else action.id
    outcome = await client.service.act(match_id, interaction.user.id, action_id, expected_version=version,
                                       answered=True)
    await client.presenter.answer_mover(interaction, outcome)


async def go_to(interaction: discord.Interaction, match, root: paths.Node, prefix: list[int], mark: str = "") -> None:
    """Play the move at `prefix`, or ask the next question of its path."""
    try:
        node, trail = paths.walk(root, prefix)
    except IndexError:
        raise UserError(STALE_MESSAGE) from None
    if node.action is not None and not node.children:
        return await play(interaction, match.id, match.version, node.action)
    lang = await lang_for(interaction)
    await ask_step(interaction, match, StepSelect.at(match.id, match.version, node, prefix, mark=mark, lang=lang,
                                                     placeholder=Msg("{trail}: choose", trail=paths.trail_text(trail, lang))),
                   lang)


async def ask_step(interaction: discord.Interaction, match, select: "StepSelect", lang: str) -> None:
    """The next question of a move, asked on the hand itself: its menus give way to this one
    and a button back to all the moves (the hand stays one message)."""
    view = discord.ui.View(timeout=None)
    view.add_item(select)
    view.add_item(StepBack(match.id, label=render(Msg("◀ All moves"), lang)))
    await interaction.edit_original_response(view=view)


class StepSelect(MatchItem, SelectRow, discord.ui.DynamicItem[discord.ui.Select],
                 template=r"ui:step:(?P<match>\d+):(?P<version>\d+):(?P<prefix>[\d.\-]+):(?P<page>\d+)(?::(?P<mark>[0-9a-f]{6}s?))?"):
    """One step of a move: the choices at a position of the tree (a page of them when there
    are more than a menu holds; the last options lead to the other pages)."""

    defers = "update"

    def __init__(self, match_id: int, version: int, prefix: list[int], page: int = 0,
                 options: list[discord.SelectOption] | None = None, placeholder: str = "Choose",
                 select: discord.ui.Select | None = None, mark: str = "", empty: str = "(nothing)"):
        self.match_id, self.version, self.prefix, self.page, self.mark = match_id, version, prefix, page, mark
        super().__init__(select or discord.ui.Select(
            custom_id=f"ui:step:{match_id}:{version}:{paths.encode(prefix)}:{page}" + (f":{mark}" if mark else ""),
            placeholder=placeholder[:150], options=options or [discord.SelectOption(label=empty, value="-")]))

    @classmethod
    def at(cls, match_id: int, version: int, node: paths.Node, prefix: list[int], page: int = 0,
           placeholder: str | None = None, mark: str = "", lang: str = "en") -> "StepSelect":
        choices = node.options()
        count = len(choices)
        options = []
        for i in paths.page_range(count, page):
            c = choices[i].choice
            label, description = render(c.label, lang), render(c.description, lang)
            options.append(discord.SelectOption(label=label[:100] or c.value[:100], value=str(i),
                                                description=description[:100] or None))
        pages = paths.pages(count)
        if page > 0:
            options.append(discord.SelectOption(label=render(Msg("◀ Earlier choices (page {page} of {pages})",
                                                                 page=page, pages=pages), lang)[:100],
                                                value=f"p{page - 1}"))
        if page < pages - 1:
            options.append(discord.SelectOption(label=render(Msg("More choices ▶ (page {page} of {pages})",
                                                                 page=page + 2, pages=pages), lang)[:100],
                                                value=f"p{page + 1}"))
        text = render(placeholder or (node.choice.label if node.choice else Msg("Choose your move")), lang)
        if pages > 1:
            text = f"{text} ({page + 1}/{pages})"
        return cls(match_id, version, prefix, page, options, text, mark=mark,
                   empty=render(Msg("(nothing)"), lang))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        try:
            prefix = paths.decode(match["prefix"])
        except ValueError:
            prefix = [10 ** 6]  # no such position: the click is answered as stale
        return cls(int(match["match"]), int(match["version"]), prefix, int(match["page"]), select=item,
                   mark=match["mark"] or "")

    async def run(self, interaction: discord.Interaction) -> None:
        match, _seat, root = await tree_for(interaction, self.match_id, self.version, self.mark)
        value = self.item.values[0] if self.item.values else ""
        try:
            node, _trail = paths.walk(root, self.prefix)
        except IndexError:
            raise UserError(STALE_MESSAGE) from None
        count = len(node.options())
        if value.startswith("p") and value[1:].isdigit() and int(value[1:]) < paths.pages(count):
            lang = await lang_for(interaction)
            return await ask_step(interaction, match, StepSelect.at(match.id, match.version, node, self.prefix,
                                                                    int(value[1:]), mark=self.mark, lang=lang), lang)
        if not value.isdigit() or int(value) >= count:
            raise UserError(STALE_MESSAGE)
        await go_to(interaction, match, root, self.prefix + [int(value)], self.mark)


class StepButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"ui:go:(?P<match>\d+):(?P<version>\d+):(?P<prefix>[\d.\-]+)(?::(?P<mark>[0-9a-f]{6}s?))?"):
    """A move (or the first steps of one) as a button: pressing it plays the move, or asks the
    rest of its path."""

    defers = "update"

    def __init__(self, match_id: int, version: int, prefix: list[int], label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, button: discord.ui.Button | None = None,
                 mark: str = ""):
        self.match_id, self.version, self.prefix, self.mark = match_id, version, prefix, mark
        super().__init__(button or discord.ui.Button(
            label=(label or "Move")[:80], style=style,
            custom_id=f"ui:go:{match_id}:{version}:{paths.encode(prefix)}" + (f":{mark}" if mark else "")))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        try:
            prefix = paths.decode(match["prefix"])
        except ValueError:
            prefix = [10 ** 6]
        return cls(int(match["match"]), int(match["version"]), prefix, button=item, mark=match["mark"] or "")

    async def run(self, interaction: discord.Interaction) -> None:
        match, _seat, root = await tree_for(interaction, self.match_id, self.version, self.mark)
        await go_to(interaction, match, root, self.prefix, self.mark)


class StepBack(MatchItem, discord.ui.DynamicItem[discord.ui.Button], template=r"ui:back:(?P<match>\d+)"):
    """Back from a move's later step to the hand's full menus."""

    defers = "update"

    def __init__(self, match_id: int, label: str = "◀", button: discord.ui.Button | None = None):
        self.match_id = match_id
        super().__init__(button or discord.ui.Button(label=label[:80], style=discord.ButtonStyle.secondary,
                                                     custom_id=f"ui:back:{match_id}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]), button=item)

    async def run(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        match = await client.service.get(self.match_id)
        seat = match.seat_of(interaction.user.id)
        if seat is None:
            raise UserError(Msg("You are not playing in this match."))
        await client.presenter.show_hand_here(interaction, match, seat)


ITEMS = (StepSelect, StepButton, StepBack)


def move_items(match, actions: list[Action], buttons: frozenset[str] = frozenset(),
               simultaneous: bool = False, lang: str = "en") -> list[discord.ui.Item]:
    """The components under a seat's private view, from its legal moves alone:
    - a one-step move is a button; so is each move under a first step the game lists in
      `buttons` (its frequent moves, e.g. draw or claim) when that move has two steps;
    - every other first step gets a menu of its next choices, or, when there are more first
      steps than rows, one menu of first steps. Nothing is ever left out: menus page."""
    root = paths.build(actions)
    mark = fingerprint(actions, simultaneous)
    top = root.options()
    button_specs: list[tuple[list[int], str]] = []
    menus: list[int] = []
    for i, node in enumerate(top):
        if node.action is not None and not node.children:
            button_specs.append(([i], render(node.action.label, lang)))
        elif node.choice and node.choice.value in buttons and all(not c.children for c in node.children):
            button_specs.extend(([i, j], render(c.action.label, lang)) for j, c in enumerate(node.options())
                                if c.action)
        else:
            menus.append(i)
    button_rows = -(-len(button_specs) // ROW_BUTTONS)
    items: list[discord.ui.Item] = []
    if button_rows + len(menus) <= MAX_ROWS:
        for i in menus:
            items.append(StepSelect.at(match.id, match.version, top[i], [i], mark=mark, lang=lang))
        for prefix, label in button_specs:
            items.append(StepButton(match.id, match.version, prefix, label, mark=mark))
        return items
    # too many for one message: one menu of everything, a button row of one-step moves if it fits
    singles = [(p, label) for p, label in button_specs if len(p) == 1][:ROW_BUTTONS * (MAX_ROWS - 1)]
    items.append(StepSelect.at(match.id, match.version, root, [], placeholder=Msg("Choose your move"), mark=mark,
                               lang=lang))
    items.extend(StepButton(match.id, match.version, p, label, mark=mark) for p, label in singles)
    return items
