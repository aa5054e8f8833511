"""The move toolkit's components: a step-by-step picker over action paths, with paging that
has no cap, and buttons for moves. Every component carries the match version it was made at,
and the position in the tree of the seat's legal moves (see cogs.ui.paths)."""
from __future__ import annotations

import discord

from cogs.common import lang_for
from cogs.ui import paths
from cogs.ui.form import BatchButton, FormButton, batch_buttons, form_button
from cogs.ui.game import ui_for
from cogs.ui.moves import MatchItem, SelectRow, fingerprint, play, tree_for
from engine.base import Action
from engine.text import Msg
from i18n import render
from matches import STALE_MESSAGE, UserError

MAX_ROWS = 5     # a message holds five rows of components
ROW_BUTTONS = 5  # five buttons fit in a row


async def go_to(interaction: discord.Interaction, match, root: paths.Node, prefix: list[int], mark: str = "") -> None:
    """Play the move at `prefix`, or ask the next question of its path (steps with a single
    choice that does not end the move are taken, and said in the question)."""
    try:
        node, trail = paths.walk(root, prefix)
    except IndexError:
        raise UserError(STALE_MESSAGE) from None
    if node.action is not None and not node.children:
        return await play(interaction, match.id, match.version, node.action)
    lang = await lang_for(interaction)
    node, prefix, taken = paths.single_steps(node, prefix)
    trail = trail + taken
    await ask_step(interaction, match, StepSelect.at(match.id, match.version, node, prefix, mark=mark, lang=lang,
                                                     placeholder=step_question(trail, taken, lang)),
                   lang, form_button(match, trail, prefix, mark, lang))


def step_question(trail: list[paths.Node], taken: list[paths.Node], lang: str) -> Msg:
    """The placeholder of a step's menu: the path so far, and the steps taken for the player."""
    if taken:
        return Msg("{trail}: choose ({taken}: the only choice)", trail=paths.trail_text(trail, lang),
                   taken=paths.trail_text(taken, lang))
    return Msg("{trail}: choose", trail=paths.trail_text(trail, lang))


async def ask_step(interaction: discord.Interaction, match, select: "StepSelect", lang: str,
                   form: discord.ui.Item | None = None) -> None:
    """The next question of a move, asked on the hand itself: its menus give way to this one,
    the form of the rest of the move when there is one, and a button back to all the moves (the
    hand stays one message)."""
    view = discord.ui.View(timeout=None)
    view.add_item(select)
    if form is not None:
        view.add_item(form)
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
        prefix = paths.decode_or_nowhere(match["prefix"])
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
        prefix = paths.decode_or_nowhere(match["prefix"])
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


WHOLE_PAGE = 24  # whole moves a menu shows (Discord holds 25 options; the last one pages on)


class WholeMoveSelect(MatchItem, SelectRow, discord.ui.DynamicItem[discord.ui.Select],
                      template=r"ui:whole:(?P<match>\d+):(?P<version>\d+):(?P<index>\d+):(?P<page>\d+):(?P<mark>[0-9a-f]{6}s?)"):
    """Every move under one first step (the `index`-th of the seat's tree: a first step the game
    lists in `GameUI.wholes`), each whole, in the engine's order: one choice plays one move,
    checked against the chooser's legal moves of the version the menu was made at. More than a
    menu holds: the last option shows the next page (from the last, the first)."""

    defers = "update"

    def __init__(self, match_id: int, version: int, index: int, page: int, mark: str,
                 options: list[discord.SelectOption] | None = None, placeholder: str = "",
                 select: discord.ui.Select | None = None):
        self.match_id, self.version, self.index, self.page, self.mark = match_id, version, index, page, mark
        super().__init__(select or discord.ui.Select(
            custom_id=f"ui:whole:{match_id}:{version}:{index}:{page}:{mark}", placeholder=placeholder[:150],
            options=options or [discord.SelectOption(label="-", value="-")]))

    @staticmethod
    def moves(actions: list[Action], first: str) -> list[Action]:
        return [a for a in actions if a.steps()[0].value == first and len(a.id) <= 100]

    @classmethod
    def at(cls, match, actions: list[Action], index: int, first: str, page: int, mark: str,
           lang: str) -> "WholeMoveSelect":
        moves = cls.moves(actions, first)
        pages = max(1, -(-len(moves) // WHOLE_PAGE))
        page = min(page, pages - 1)
        options = [discord.SelectOption(label=(render(a.label, lang) or a.id)[:100], value=a.id)
                   for a in moves[page * WHOLE_PAGE:(page + 1) * WHOLE_PAGE]]
        if pages > 1:
            options.append(discord.SelectOption(
                label=render(Msg("More choices ▶ (page {page} of {pages})", page=(page + 1) % pages + 1,
                                 pages=pages), lang)[:100], value=f"p{(page + 1) % pages}"))
        head = next((a.steps()[0].label for a in moves), first)
        text = render(Msg("{trail}: choose", trail=render(head, lang)), lang)
        if pages > 1:
            text = f"{text} ({page + 1}/{pages})"
        return cls(match.id, match.version, index, page, mark, options, text)

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]), int(match["version"]), int(match["index"]), int(match["page"]),
                   match["mark"], select=item)

    async def run(self, interaction: discord.Interaction) -> None:
        match, seat, root = await tree_for(interaction, self.match_id, self.version, self.mark)
        top = root.options()
        first = top[self.index].choice if self.index < len(top) else None
        if first is None or first.value not in ui_for(match.game).wholes:
            raise UserError(STALE_MESSAGE)
        actions = await interaction.client.presenter.named_actions(match, seat)
        value = self.item.values[0] if self.item.values else ""
        if value.startswith("p") and value[1:].isdigit():
            lang = await lang_for(interaction)
            view = discord.ui.View(timeout=None)
            view.add_item(WholeMoveSelect.at(match, actions, self.index, first.value, int(value[1:]), self.mark, lang))
            view.add_item(StepBack(match.id, label=render(Msg("◀ All moves"), lang)))
            return await interaction.edit_original_response(view=view)
        action = next((a for a in self.moves(actions, first.value) if a.id == value), None)
        if action is None:
            raise UserError(STALE_MESSAGE)
        await play(interaction, match.id, match.version, action)


ITEMS = (StepSelect, StepButton, StepBack, FormButton, BatchButton, WholeMoveSelect)


def move_items(match, actions: list[Action], buttons: frozenset[str] = frozenset(),
               simultaneous: bool = False, lang: str = "en") -> list[discord.ui.Item]:
    """The components under a seat's private view, from its legal moves alone:
    - a one-step move is a button; so is each move under a first step the game lists in
      `buttons` (its frequent moves, e.g. draw or claim) when that move has two steps;
    - every other first step gets a menu of its next choices, or, when there are more first
      steps than rows, one menu of first steps. Nothing is ever left out: menus page.
    - in the rows left over: the buttons that open several moves in one form (the game's
      batches), a whole move in one form (the first steps the game names in its forms), then the
      game's own components (`GameUI.extras`).
    - first in the rows left over (a row each): a menu of whole moves for each first step the game
      lists in `GameUI.wholes`, one choice a move."""
    root = paths.build(actions)
    mark = fingerprint(actions, simultaneous)
    top = root.options()
    ui = ui_for(getattr(match, "game", ""))
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
        rows_left = MAX_ROWS - button_rows - len(menus)
        free = button_rows * ROW_BUTTONS - len(button_specs)
    else:
        # too many for one message: one menu of everything, a button row of one-step moves if it fits
        singles = [(p, label) for p, label in button_specs if len(p) == 1][:ROW_BUTTONS * (MAX_ROWS - 1)]
        items.append(StepSelect.at(match.id, match.version, root, [], placeholder=Msg("Choose your move"), mark=mark,
                                   lang=lang))
        items.extend(StepButton(match.id, match.version, p, label, mark=mark) for p, label in singles)
        button_rows = -(-len(singles) // ROW_BUTTONS)
        rows_left = MAX_ROWS - 1 - button_rows
        free = button_rows * ROW_BUTTONS - len(singles)
    # a whole move in one choice: a menu a row, first of what the rows left take
    wholes = [WholeMoveSelect.at(match, actions, i, node.choice.value, 0, mark, lang)
              for i, node in enumerate(top) if node.choice and node.choice.value in ui.wholes][:rows_left]
    items += wholes
    rows_left -= len(wholes)
    extra: list[discord.ui.Item] = batch_buttons(match, actions, mark, lang)
    extra += [b for i, node in enumerate(top) if (b := form_button(match, [node], [i], mark, lang)) is not None]
    if ui.extras is not None:
        extra += ui.extras(match, actions, lang)
    room = free + rows_left * ROW_BUTTONS
    return items + extra[:room]
