"""A game's declared match options as one slash-command option ("rounds=2 draw=yes"), parsed
and offered by autocomplete from the declaration, so /match new takes any game's options."""
from __future__ import annotations

import re

import discord
from discord import app_commands

from cogs.common import fit, lang_for
from engine import registry
from engine.base import IllegalAction, Option, declared_options
from matches import UserError
from engine.text import Msg
from i18n import render, title
from matches.service import shorten

PAIR = re.compile(r"([A-Za-z_][\w-]*)\s*=\s*(\S+)")


def by_param(rules) -> dict[str, Option]:
    return {o.param.lower(): o for o in declared_options(rules)}


def parse(rules, text: str | None) -> dict:
    """The options named in `text`, as stored values; a clear sentence for anything else."""
    text = (text or "").strip()
    if not text:
        return {}
    known = by_param(rules)
    pairs = PAIR.findall(text)
    rest = PAIR.sub("", text).replace(",", " ").strip()
    if rest or not pairs:
        raise UserError(Msg("Write options as name=value, e.g. `{example}=…`. {game} has: {names}.",
                            example=next(iter(known), "name"), game=title(rules), names=_names(known)))
    out = {}
    for name, raw in pairs:
        option = known.get(name.lower())
        if option is None:
            raise UserError(Msg("{game} has no option {name}; its options: {names}.", game=title(rules),
                                name=repr(shorten(name, 40)), names=_names(known)))
        try:
            out[option.name] = option.parse(raw)
        except IllegalAction as exc:
            raise UserError(exc.message) from None
    return out


def _names(known: dict) -> Msg | str:
    return ", ".join(f"`{p}`" for p in known) or Msg("none")


def describe(rules) -> list[Msg]:
    """One line per declared option, for the rules help."""
    lines = []
    for o in declared_options(rules):
        # the values a player types are codes, shown as such in every language
        values = " / ".join(f"`{v}`" for v, _ in o.choices) if o.kind == "choice" else \
            (Msg("yes / no") if o.kind == "bool" else f"{o.min}–{o.max}")
        default = f"`{o.default}`" if o.kind == "choice" else \
            (Msg("yes") if o.default else Msg("no")) if o.kind == "bool" else o.default
        lines.append(Msg("`{option}` ({values}, default {default}): {description}", option=o.param,
                         values=values, default=default, description=o.description))
    return lines


async def autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    """Suggestions for the options text of the game named in the same command."""
    game = str(getattr(interaction.namespace, "game", "") or "")
    try:
        rules = registry.get(game)
    except KeyError:
        return []
    done = current.rsplit(" ", 1)[0] + " " if " " in current.strip() else ""
    typed = current.rsplit(" ", 1)[-1].lower()
    out = []
    lang = await lang_for(interaction)
    for o in declared_options(rules):
        values = [v for v, _ in o.choices] if o.kind == "choice" else \
            (["yes", "no"] if o.kind == "bool" else
             [str(v) for v in range(o.min, o.max + 1)][:6] if o.min is not None and o.max is not None else [str(o.default)])
        for v in values:
            pair = f"{o.param}={v}"
            if pair.lower().startswith(typed) or typed in o.param.lower():
                out.append(app_commands.Choice(name=fit(f"{done}{pair} — {render(o.description, lang)}", 100),
                                               value=fit(f"{done}{pair}", 100)))
    return out[:25]
