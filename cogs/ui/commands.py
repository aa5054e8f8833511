"""Per-game slash commands generated from a table the game declares.

A `Verb` is one command: it covers the moves whose path starts with `path`, and its options
take the path's next steps, each with autocomplete from the seat's legal moves (narrowed by
the options already filled). Omitted options, or a choice that still leaves several moves,
are answered with the step picker at that point, so a command never guesses. A game's cog
lists its verbs; the toolkit builds the commands, their autocomplete and their answers.
"""
from __future__ import annotations

import inspect
from dataclasses import dataclass
from fnmatch import fnmatchcase
from typing import Any, Awaitable, Callable

import discord
from discord import app_commands

from cogs.common import defer, fit, hint_choice, lang_for
from cogs.ui import paths
from cogs.ui.picker import fingerprint, go_to, play
from engine.base import Action
from engine.text import Msg
from i18n import render
from matches import UserError
from matches.service import shorten

MATCH_HELP = "Which match (default: the one in this thread, or your only one)"


@dataclass(frozen=True)
class Param:
    """One option of a generated command: it takes the next step of the path (the last
    option takes all the steps left, as one choice). `kind` int gives a number option."""

    name: str
    description: str = ""
    kind: type = str
    optional: bool = False


def matches(value: str, pattern: str) -> bool:
    """A step value against one element of a verb's path: a value, a pattern ("move-*"),
    alternatives ("draw|scout-draw"), or "!" and alternatives to exclude."""
    if pattern.startswith("!"):
        return not matches(value, pattern[1:])
    return any(fnmatchcase(value, p) for p in pattern.split("|"))


@dataclass(frozen=True)
class Verb:
    """One generated command. It covers the moves whose first steps match `path`; its options
    take the steps from `asks_from` on (default: the steps after `path`)."""

    name: str
    description: str
    path: tuple[str, ...] = ("*",)
    params: tuple[Param, ...] = ()
    group: str = ""                  # a subcommand group, e.g. "hero" for /battalia hero move
    group_description: str = ""
    asks_from: int | None = None     # e.g. 1: the hero in ("heroes", "move-*") is asked too
    extras: tuple[Param, ...] = ()   # options that are no step (e.g. the cards to pay with): the
                                     # game's cog turns the move into its stored id with them

    @property
    def fixed(self) -> int:
        return len(self.path) if self.asks_from is None else self.asks_from

    def covers(self, action: Action) -> bool:
        steps = action.steps()
        return len(steps) >= len(self.path) and all(matches(s.value, p) for s, p in zip(steps, self.path))


def _labels(steps, lang: str) -> str:
    return " › ".join(render(s.label, lang) for s in steps)


def _fits(typed: str, steps, lang: str = "en") -> bool:
    """Whether a typed or chosen option value names these steps (by value, or by label in
    English or the reader's language)."""
    text = " ".join(typed.split()).casefold()
    values = " ".join(s.value for s in steps).casefold()
    names = {_labels(steps, "en").casefold(), _labels(steps, lang).casefold()}
    return text in {values, values.replace(" ", ""), *names, *(n.replace(" ", "") for n in names)}


def _slices(verb: Verb, action: Action) -> list[tuple]:
    """The steps each option of `verb` takes in `action` (the last takes the rest)."""
    steps = action.steps()[verb.fixed:]
    out = []
    for i, _param in enumerate(verb.params):
        if i >= len(steps):
            out.append(())
        elif i == len(verb.params) - 1:
            out.append(tuple(steps[i:]))
        else:
            out.append((steps[i],))
    return out


def narrowed(verb: Verb, actions: list[Action], given: dict[str, Any], lang: str = "en") -> list[Action]:
    """The legal moves of `verb` that agree with the options given so far."""
    out = []
    for action in actions:
        if not verb.covers(action):
            continue
        ok = True
        for param, steps in zip(verb.params, _slices(verb, action)):
            value = given.get(param.name)
            if value is None or value == "":
                continue
            if not steps or not _fits(str(value), steps, lang):
                ok = False
                break
        if ok:
            out.append(action)
    return out


async def seat_here(interaction: discord.Interaction, game: str, match_id: int | None,
                    statuses: tuple[str, ...] = ("active",)):
    """The match of `game` a command means (named, or the one here) and the user's seat in it."""
    service = interaction.client.service
    return await service.find_seat(interaction.user.id, match_id=match_id, channel_id=interaction.channel_id,
                                   guild_id=interaction.guild_id, statuses=statuses, game=game)


def _annotation(param: Param):
    base = int if param.kind is int else str
    return base | None if param.optional else base


def make_command(name: str, description: str, params: list[inspect.Parameter], body: Callable[..., Awaitable],
                 *, describe: dict[str, str] | None = None, choices: dict | None = None,
                 autocomplete: dict | None = None) -> app_commands.Command:
    """An app command whose options are `params` (built at run time, so a declaration can
    make it); `body(interaction, values)` runs it."""
    async def callback(interaction: discord.Interaction, **values):
        await body(interaction, values)
    callback.__signature__ = inspect.Signature(
        [inspect.Parameter("interaction", inspect.Parameter.POSITIONAL_OR_KEYWORD, annotation=discord.Interaction)]
        + params)
    callback.__discord_app_commands_param_description__ = dict(describe or {})
    if choices:
        callback.__discord_app_commands_param_choices__ = dict(choices)
    if autocomplete:
        callback.__discord_app_commands_param_autocomplete__ = dict(autocomplete)
    return app_commands.Command(name=name, description=fit(description, 100), callback=callback)


def verb_command(game: str, verb: Verb, match_autocomplete, refine=None,
                 extra_autocomplete=None) -> app_commands.Command:
    """The slash command of one verb. `refine(verb, action, extras, match=, seat=, lang=) -> id`
    makes the stored id when the verb has extras (the player's match, seat and language let a
    game read what they named); `extra_autocomplete(name)` gives an extra's autocomplete."""
    kw = inspect.Parameter.KEYWORD_ONLY
    params = [inspect.Parameter(p.name, kw, annotation=_annotation(p), default=None if p.optional else inspect._empty)
              for p in verb.params]
    params += [inspect.Parameter(p.name, kw, annotation=_annotation(p), default=None) for p in verb.extras]
    params.append(inspect.Parameter("match", kw, annotation=int | None, default=None))

    async def body(interaction: discord.Interaction, values: dict) -> None:
        await defer(interaction)
        match, seat = await seat_here(interaction, game, values.get("match"))
        actions = await interaction.client.presenter.named_actions(match, seat)
        found = narrowed(verb, actions, values, await lang_for(interaction))
        if not found:
            if not actions:
                raise UserError(Msg("It is not your turn now: nothing is asked of you in this match yet."))
            given = ", ".join(f"{k}: {shorten(v, 40)}" for k, v in values.items() if v not in (None, "") and k != "match")
            asked = await interaction.client.presenter.prompt(match, seat)
            raise UserError(Msg("That is not one of your moves now ({given}). {asked} "
                                "The lists in the command show the legal choices.", given=given or verb.name,
                                asked=asked))
        extras = {p.name: values.get(p.name) for p in verb.extras if values.get(p.name) not in (None, "")}
        if len(found) == 1:
            chosen = (refine(verb, found[0], extras, match=match, seat=seat, lang=await lang_for(interaction))
                      if extras and refine else found[0])
            return await play(interaction, match.id, match.version, chosen, follow=False)  # typed: exactly that
        if extras:
            raise UserError(Msg("Name the move fully (every option) when you also give {options}.",
                                options=", ".join(f"`{k}`" for k in extras)))
        # several moves fit: ask the rest step by step, from where they part
        root = paths.build(actions)
        prefixes = [paths.find(root, a.id) for a in found]
        common = []
        for column in zip(*prefixes):
            if len(set(column)) != 1:
                break
            common.append(column[0])
        await go_to(interaction, match, root, common, fingerprint(actions))

    def completer(index: int):
        param = verb.params[index]

        async def complete(interaction: discord.Interaction, current) -> list[app_commands.Choice]:
            try:
                match, seat = await seat_here(interaction, game, getattr(interaction.namespace, "match", None))
            except UserError as exc:
                return [] if param.kind is int else [hint_choice(exc.message, await lang_for(interaction))]
            lang = await lang_for(interaction)
            actions = await interaction.client.presenter.named_actions(match, seat)
            given = {p.name: getattr(interaction.namespace, p.name, None) for p in verb.params[:index]}
            seen: dict[str, app_commands.Choice] = {}
            typed = str(current or "").casefold()
            for action in narrowed(verb, actions, given, lang):
                steps = _slices(verb, action)[index]
                if not steps:
                    continue
                value = " ".join(s.value for s in steps)
                label = _labels(steps, lang)
                if value in seen or (typed and typed not in label.casefold() and typed not in value.casefold()
                                     and typed not in _labels(steps, "en").casefold()):
                    continue
                hint = render(steps[-1].description, lang)
                name = fit(f"{label} — {hint}" if hint else label, 100)
                if param.kind is int:
                    if not value.isdigit():
                        continue
                    seen[value] = app_commands.Choice(name=name, value=int(value))
                else:
                    seen[value] = app_commands.Choice(name=name, value=fit(value, 100))
            if not seen and param.kind is not int:
                if not actions:
                    return [hint_choice(Msg("It is not your turn now."), lang)]
                prompt = await interaction.client.presenter.prompt(match, seat)
                return [hint_choice(Msg("Nothing to choose here now. {prompt}", prompt=prompt), lang)]
            return list(seen.values())[:25]
        return complete

    autocomplete = {p.name: completer(i) for i, p in enumerate(verb.params)}
    for p in verb.extras:
        found = extra_autocomplete(p.name) if extra_autocomplete else None
        if found is not None:
            autocomplete[p.name] = found
    autocomplete["match"] = match_autocomplete
    describe = {p.name: p.description or p.name.replace("_", " ").capitalize() for p in verb.params + verb.extras}
    describe["match"] = MATCH_HELP
    return make_command(verb.name, verb.description, params, body, describe=describe, autocomplete=autocomplete)


def add_verbs(group: app_commands.Group, game: str, verbs: tuple[Verb, ...], match_autocomplete,
              refine=None, extra_autocomplete=None) -> None:
    """Add a game's verb commands to its command group (subgroups made as needed)."""
    subgroups: dict[str, app_commands.Group] = {}
    for verb in verbs:
        command = verb_command(game, verb, match_autocomplete, refine, extra_autocomplete)
        if not verb.group:
            group.add_command(command)
            continue
        sub = subgroups.get(verb.group)
        if sub is None:
            sub = subgroups[verb.group] = app_commands.Group(
                name=verb.group, description=fit(verb.group_description or verb.group, 100))
            group.add_command(sub)
        sub.add_command(command)
