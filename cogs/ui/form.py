"""A whole move in one form: a Discord modal with one select menu per step of the move's path
(each in a `Label` naming the step), opened by a button on the private hand and submitted once.

The selects of a modal cannot depend on one another, so each one offers every choice found at
its step among the moves below the form's first step (`paths.form_levels`); the submitted
combination is looked up among the seat's legal moves of the version the form was opened at,
and a combination that is no legal move is refused with what was open instead: nothing is
played. A game names the first steps that get a form, and the names of their steps, in its
`GameUI.forms` (its cog's FORMS)."""
from __future__ import annotations

import discord

from cogs.common import lang_for
from cogs.ui import paths
from cogs.ui.errors import answer_error
from cogs.ui.game import Batch, ui_for
from cogs.ui.moves import MatchItem, followed, planned, play, tree_for
from engine.base import Action, Choice
from engine.text import Msg, plural
from i18n import render
from matches import STALE_MESSAGE, UserError

TITLE_LIMIT, LABEL_LIMIT = 45, 45  # Discord's limits for a modal's title and a label's text
SHOWN_OPEN = 10                    # choices named in a refusal


def step_names(game: str, trail: list[paths.Node], count: int) -> list:
    """The names of the steps a form asks (those after `trail`): the game's own, else "Step n"."""
    names = list(ui_for(game).forms.get(trail[0].choice.value, ()))[len(trail) - 1:][:count]
    return names + [Msg("Step {n}", n=len(trail) + n + 1) for n in range(len(names), count)]


def form_button(match, trail: list[paths.Node], prefix: list[int], mark: str, lang: str) -> "FormButton | None":
    """The button that opens the form of the moves below the end of `trail` (a path under a
    first step the game names in its forms), or None when they do not make a form."""
    if not trail or trail[0].choice is None or trail[0].choice.value not in ui_for(getattr(match, "game", "")).forms \
            or paths.form_levels(trail[-1]) is None:
        return None
    label = render(Msg("📝 {move}: all in one form", move=paths.trail_text(trail, lang)), lang)
    return FormButton(match.id, match.version, prefix, mark, label)


class FormButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"ui:form:(?P<match>\d+):(?P<version>\d+):(?P<prefix>[\d.\-]+):(?P<mark>[0-9a-f]{6}s?)"):
    """Opens the form of the moves below a position of the seat's tree of moves."""

    defers = False  # the answer is the form itself

    def __init__(self, match_id: int, version: int, prefix: list[int], mark: str, label: str = "",
                 button: discord.ui.Button | None = None):
        self.match_id, self.version, self.prefix, self.mark = match_id, version, prefix, mark
        super().__init__(button or discord.ui.Button(
            label=(label or "Form")[:80], style=discord.ButtonStyle.primary,
            custom_id=f"ui:form:{match_id}:{version}:{paths.encode(prefix)}:{mark}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        prefix = paths.decode_or_nowhere(match["prefix"])
        return cls(int(match["match"]), int(match["version"]), prefix, match["mark"], button=item)

    async def run(self, interaction: discord.Interaction) -> None:
        match, _seat, root = await tree_for(interaction, self.match_id, self.version, self.mark)
        try:
            node, trail = paths.walk(root, self.prefix)
        except IndexError:
            raise UserError(STALE_MESSAGE) from None
        levels = paths.form_levels(node)
        if levels is None or not trail:
            raise UserError(STALE_MESSAGE)
        lang = await lang_for(interaction)
        await interaction.response.send_modal(
            MoveForm(match, self.prefix, self.mark, paths.trail_text(trail, lang), levels,
                     step_names(match.game, trail, len(levels)), lang))


class MoveForm(discord.ui.Modal):
    """The form itself: one required select a step. Submitting it plays the move the choices
    make, at the version the form was opened at, or refuses the combination."""

    def __init__(self, match, prefix: list[int], mark: str, title: str, levels: list[list[Choice]],
                 names: list, lang: str):
        super().__init__(title=title[:TITLE_LIMIT],
                         custom_id=f"ui:formsent:{match.id}:{match.version}:{paths.encode(prefix)}:{mark}",
                         timeout=15 * 60)
        self.match_id, self.version, self.prefix, self.mark = match.id, match.version, prefix, mark
        self.selects: list[discord.ui.Select] = []
        for i, (choices, name) in enumerate(zip(levels, names)):
            select = discord.ui.Select(custom_id=f"step{i}", required=True, min_values=1, max_values=1, options=[
                discord.SelectOption(label=(render(c.label, lang) or c.value)[:100], value=c.value[:100],
                                     description=render(c.description, lang)[:100] or None)
                for c in choices])
            self.selects.append(select)
            self.add_item(discord.ui.Label(text=render(name, lang)[:LABEL_LIMIT], component=select))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.response.defer()  # the answer edits the hand the form was opened from
            await self.submit(interaction)
        except Exception as exc:  # noqa: BLE001 - one error path, as for every component
            await answer_error(interaction, exc, where=f"match {self.match_id}")

    async def submit(self, interaction: discord.Interaction) -> None:
        match, _seat, root = await tree_for(interaction, self.match_id, self.version, self.mark)
        try:
            node, _trail = paths.walk(root, self.prefix)
        except IndexError:
            raise UserError(STALE_MESSAGE) from None
        values = tuple(s.values[0] if s.values else "" for s in self.selects)
        action, good, open_ = paths.form_move(node, values)
        if action is None:
            raise UserError(refusal(node, values, good, open_, await lang_for(interaction)))
        await play(interaction, match.id, match.version, action)


def refusal(node: paths.Node, values: tuple[str, ...], good: int, open_: list[Choice], lang: str) -> Msg:
    """Why a form's choices make no move: the choices that lead somewhere, and what was open
    after them (the first few)."""
    labels, current = [], node
    for value in values[:good]:
        current = current._by_value[value]
        labels.append(render(current.choice.label, lang))
    shown = ", ".join(render(c.label, lang) for c in open_[:SHOWN_OPEN])
    if len(open_) > SHOWN_OPEN:
        shown = render(Msg("{choices} and {n} more", choices=shown, n=len(open_) - SHOWN_OPEN), lang)
    if labels:
        return Msg("No legal move is made of these choices, so nothing was played. After {trail}, the choices "
                   "open are: {choices}.", trail=" › ".join(labels), choices=shown)
    return Msg("No legal move is made of these choices, so nothing was played. The choices open at the first "
               "step are: {choices}.", choices=shown)


# ---------------------------------------------------------------------- several moves in one form

MAX_SUBJECTS = 5  # a modal holds five components


def batch_groups(actions: list[Action], batch: Batch) -> list[tuple[Choice, list[Action]]]:
    """The things that act in a batch form (at most five, four with the box that ends the step,
    in the engine's order), each with its moves; a thing with more moves than a menu holds is
    left to the step picker."""
    groups: dict[str, tuple[Choice, list[Action]]] = {}
    for action in actions:
        steps = action.steps()
        if steps[0].value in batch.firsts and len(steps) > batch.subject:
            groups.setdefault(steps[batch.subject].value, (steps[batch.subject], []))[1].append(action)
    return [(c, moves) for c, moves in groups.values()
            if len(moves) <= paths.MAX_OPTIONS and all(len(a.id) <= 100 for a in moves)][:MAX_SUBJECTS - bool(batch.then)]


def offers_batch(actions: list[Action], batch: Batch) -> bool:
    """Two things or more to act, or one and the move that ends the step (the form saves a click)."""
    count = len(batch_groups(actions, batch))
    return count > 1 or (count == 1 and any(a.id == batch.then for a in actions))


def batch_buttons(match, actions: list[Action], mark: str, lang: str) -> list["BatchButton"]:
    """A button for each of the game's batch forms that has two things or more to act now."""
    return [BatchButton(match.id, match.version, i, mark, render(Msg("📝 {form} (one form)", form=batch.title), lang))
            for i, batch in enumerate(ui_for(getattr(match, "game", "")).batches) if offers_batch(actions, batch)]


def option_text(action: Action, batch: Batch, lang: str) -> str:
    """A move in a batch form's menu: its steps but the one that names the thing (and the first,
    when the form takes one kind of move)."""
    steps = action.steps()
    skip = {batch.subject} | ({0} if len(batch.firsts) == 1 else set())
    return " › ".join(render(c.label, lang) for i, c in enumerate(steps) if i not in skip) or render(action.label, lang)


class BatchButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button],
                  template=r"ui:batch:(?P<match>\d+):(?P<version>\d+):(?P<index>\d):(?P<mark>[0-9a-f]{6}s?)"):
    """Opens one of the game's batch forms."""

    defers = False

    def __init__(self, match_id: int, version: int, index: int, mark: str, label: str = "",
                 button: discord.ui.Button | None = None):
        self.match_id, self.version, self.index, self.mark = match_id, version, index, mark
        super().__init__(button or discord.ui.Button(
            label=(label or "Form")[:80], style=discord.ButtonStyle.primary,
            custom_id=f"ui:batch:{match_id}:{version}:{index}:{mark}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]), int(match["version"]), int(match["index"]), match["mark"], button=item)

    async def run(self, interaction: discord.Interaction) -> None:
        match, _seat, root = await tree_for(interaction, self.match_id, self.version, self.mark)
        batches = ui_for(match.game).batches
        if self.index >= len(batches):
            raise UserError(STALE_MESSAGE)
        groups = batch_groups(root.actions(), batches[self.index])
        if not offers_batch(root.actions(), batches[self.index]):
            raise UserError(STALE_MESSAGE)
        lang = await lang_for(interaction)
        await interaction.response.send_modal(BatchForm(match, self.index, self.mark, batches[self.index], groups, lang))


class BatchForm(discord.ui.Modal):
    """One optional menu for each thing that acts; the moves chosen are checked one after the
    other on the position each leaves (all of them, before any is played), then played in the
    form's order. A set of moves that cannot all be made is refused: nothing is played."""

    def __init__(self, match, index: int, mark: str, batch: Batch, groups, lang: str):
        super().__init__(title=render(batch.title, lang)[:TITLE_LIMIT],
                         custom_id=f"ui:batchsent:{match.id}:{match.version}:{index}:{mark}", timeout=15 * 60)
        self.match_id, self.version, self.index, self.mark = match.id, match.version, index, mark
        self.selects: list[discord.ui.Select] = []
        for i, (subject, moves) in enumerate(groups):
            select = discord.ui.Select(custom_id=f"move{i}", required=False, min_values=0, max_values=1, options=[
                discord.SelectOption(label=option_text(a, batch, lang)[:100], value=a.id,
                                     description=render(a.label, lang)[:100] or None) for a in moves])
            self.selects.append(select)
            self.add_item(discord.ui.Label(text=render(subject.label, lang)[:LABEL_LIMIT], component=select))
        self.then = batch.then
        self.box = None
        if batch.then:
            self.box = discord.ui.Checkbox(custom_id="then", default=True)
            self.add_item(discord.ui.Label(text=render(batch.then_label, lang)[:LABEL_LIMIT], component=self.box))

    async def on_submit(self, interaction: discord.Interaction) -> None:
        try:
            await interaction.response.defer()
            await self.submit(interaction)
        except Exception as exc:  # noqa: BLE001 - one error path, as for every component
            await answer_error(interaction, exc, where=f"match {self.match_id}")

    async def submit(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        match, seat, root = await tree_for(interaction, self.match_id, self.version, self.mark)
        labels = {a.id: a.label for a in root.actions()}
        chosen = [s.values[0] for s in self.selects if s.values]
        ending = self.box is not None and self.box.value
        if not chosen and not ending:
            raise UserError(Msg("Nothing was chosen, so nothing was played."))
        rules, state = client.service.rules(match), match.snapshot
        for n, action_id in enumerate(chosen):
            legal = {a.id for a in rules.legal_actions(state, seat)} if seat in rules.active_players(state) else set()
            if action_id not in legal:
                raise UserError(Msg("These moves cannot all be made one after the other: after the one(s) before "
                                    "it, {move} is no longer a legal move. Nothing was played.",
                                    move=labels.get(action_id, action_id)) if n else STALE_MESSAGE)
            state = rules.apply(state, seat, action_id)[0]
        if ending and seat in rules.active_players(state) \
                and any(a.id == self.then for a in rules.legal_actions(state, seat)):
            chosen.append(self.then)   # the step ends too, as the box says (unless a move led elsewhere)
        elif not chosen:
            raise UserError(Msg("Nothing was chosen, so nothing was played."))
        outcomes, version = [], match.version
        for action_id in chosen:
            outcome = await client.service.act(match.id, interaction.user.id, action_id, expected_version=version,
                                               answered=True)
            outcomes.append(outcome)
            version = outcome.match.version
        lead = plural("{n} move played.", "{n} moves played.", n=len(chosen))
        then = await followed(client, outcomes[-1], interaction.user.id, chosen[-1])
        if then is not None and then[2] is not None:   # planned, not played yet
            lead = Msg("{played} {then}", played=lead, then=await planned(interaction, then[1], then[2]))
        elif then is not None:
            outcomes.append(then[0])
            lead = Msg("{played} Then: {move}.", played=lead, move=then[1].label)
        await client.presenter.answer_mover(interaction, outcomes[-1], also=tuple(outcomes[:-1]), lead=lead)
