"""The cog every game gets: /<game> challenge with the game's declared options, /<game> rules,
/<game> hand, and the verb commands its table declares. A game with no cog module of its own
gets this one as is (see `cog_for`), so a new game is playable from its engine alone."""
from __future__ import annotations

import importlib
import inspect
import types

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import command_name, defer, fit, lang_for, reply
from cogs.matches import CLOCK_CHOICES, create_match, match_autocomplete
from cogs.ui import game as game_uis
from cogs.ui.commands import MATCH_HELP, Param, Verb, add_verbs, make_command, seat_here
from cogs.ui.options import describe as describe_options
from engine import registry
from engine.base import IllegalAction, declared_options, options_line
from engine.text import Lines, Msg
from i18n import title

OPPONENT_HELP = "Who to challenge; pick me to play the computer"
# every game has it: any legal move, typed or picked from the list (nothing given: the step picker)
ANY_MOVE = Verb("move", "Make any of your moves (the list shows them all)", ("*",),
                (Param("move", "Your move (start typing to narrow the list)", optional=True),), asks_from=0)


def _option_annotation(option):
    if option.kind == "bool":
        return bool | None
    if option.kind == "int":
        if option.min is not None and option.max is not None:
            return app_commands.Range[int, option.min, option.max] | None
        return int | None
    return str | None


def help_texts(game: str) -> list:
    """The game's rules summary, design decisions and house values (engine/<game>/help.py), if it
    has them: each a text, or a list of texts (one message each)."""
    try:
        module = importlib.import_module(f"engine.{game}.help")
    except ImportError:
        return []
    out = []
    for text in (getattr(module, "RULES_TEXT", ""), getattr(module, "DESIGN_TEXT", ""),
                 getattr(module, "HOUSE_TEXT", "")):
        out.extend(text if isinstance(text, (list, tuple)) else [text] if text else [])
    return [t for t in out if t]


class GameCog(commands.GroupCog):
    """Subclass with `group_name=` and set GAME; list VERBS, BUTTONS (first steps whose moves
    are buttons), ITEMS (the game's own DynamicItems, if it has any), FORMS (first steps whose
    whole move is also one form, with the names of its steps) and WHOLES (first steps whose
    whole moves are one menu on the hand, one choice a move); override `follow` and
    `hand_extras` for a move made by itself after the player's and components of its own."""

    GAME: str = ""
    VERBS: tuple[Verb, ...] = ()
    BUTTONS: frozenset[str] = frozenset()
    ITEMS: tuple = ()
    FORMS: dict = {}
    WHOLES: frozenset[str] = frozenset()  # first steps whose whole moves are one menu on the hand
    BATCHES: tuple = ()  # game_uis.Batch: several moves of one kind in one form
    follow = None        # async (client, match, seat, actions, made) -> Action | None (see GameUI.follow)
    FOLLOW_WINDOW: float | None = None  # seconds before `follow`'s move is played (see GameUI.follow_window)
    hand_extras = None   # (match, actions, lang) -> list of components (see GameUI.extras)

    def __init__(self, bot):
        self.bot = bot
        group = self.app_command
        verbs = self.VERBS + tuple(v for v in (ANY_MOVE,) if v.name not in {w.name for w in self.VERBS if not w.group})
        add_verbs(group, self.GAME, verbs, match_autocomplete, self.refine, self.extra_autocomplete)
        for command in (self._challenge_command(), self._rules_command(match_autocomplete),
                        self._hand_command(match_autocomplete)):
            if group.get_command(command.name) is None:  # a game's own command of that name wins
                group.add_command(command)

    def refine(self, verb: Verb, action, extras: dict, *, match=None, seat: int | None = None,
               lang: str = "en") -> str:
        """The stored id of `action` with a verb's extra options (a game with extras overrides;
        `match`, `seat` and `lang` say whose words the extras are)."""
        return action.id

    def extra_autocomplete(self, name: str):
        """The autocomplete of an extra option, or None."""
        return None

    async def seat(self, interaction: discord.Interaction, match_id: int | None,
                   statuses: tuple[str, ...] = ("active",)):
        """The match of this game a command means, and the user's seat in it."""
        return await seat_here(interaction, self.GAME, match_id, statuses)

    @property
    def rules(self):
        return registry.get(self.GAME)

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(*self.ITEMS)
        game_uis.register(self.GAME, game_uis.GameUI(buttons=frozenset(self.BUTTONS), items=tuple(self.ITEMS),
                                                     forms=dict(self.FORMS), batches=tuple(self.BATCHES),
                                                     follow=self.follow, follow_window=self.FOLLOW_WINDOW,
                                                     extras=self.hand_extras, wholes=frozenset(self.WHOLES)))

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(*self.ITEMS)
        game_uis.unregister(self.GAME)

    # ------------------------------------------------------------------ generated commands

    def options_from(self, values: dict) -> dict:
        """The declared options a challenge named (the service parses and checks them)."""
        return {o.name: values[o.param] for o in declared_options(self.rules) if values.get(o.param) is not None}

    def _challenge_command(self) -> app_commands.Command:
        rules = self.rules
        kw = inspect.Parameter.KEYWORD_ONLY
        params = [inspect.Parameter("opponent", kw, annotation=discord.User)]
        describe = {"opponent": OPPONENT_HELP}
        for n in range(2, rules.max_players):
            params.append(inspect.Parameter(f"opponent{n}", kw, annotation=discord.User | None, default=None))
            describe[f"opponent{n}"] = "Another player"
        choices = {}
        if rules.max_players > 2:
            params.append(inspect.Parameter("computers", kw, annotation=app_commands.Range[int, 0, rules.max_players - 1],
                                            default=0))
            describe["computers"] = "How many computer players to add"
        params.append(inspect.Parameter("clock", kw, annotation=str | None, default=None))
        describe["clock"] = "Time to move (default: the server's setting)"
        choices["clock"] = CLOCK_CHOICES
        for option in declared_options(rules):
            params.append(inspect.Parameter(option.param, kw, annotation=_option_annotation(option), default=None))
            describe[option.param] = fit(option.description, 100)
            if option.kind == "choice":
                choices[option.param] = [app_commands.Choice(name=fit(label, 100), value=value)
                                         for value, label in option.choices]

        async def body(interaction: discord.Interaction, values: dict) -> None:
            await defer(interaction)
            opponents = [values.get("opponent")] + [values.get(f"opponent{n}") for n in range(2, rules.max_players)]
            opponents += [interaction.client.user] * int(values.get("computers") or 0)  # a bot entry is a computer seat
            await create_match(interaction, self.GAME, opponents, None, self.options_from(values),
                               clock=values.get("clock"))
        return make_command("challenge", f"Challenge people to {rules.title} (pick me for a computer opponent)",
                            params, body, describe=describe, choices=choices)

    def _rules_command(self, match_autocomplete) -> app_commands.Command:
        kw = inspect.Parameter.KEYWORD_ONLY
        params = [inspect.Parameter("match", kw, annotation=int | None, default=None)]

        async def body(interaction: discord.Interaction, values: dict) -> None:
            rules = self.rules
            texts = help_texts(self.GAME) or [Msg("**{game}**", game=title(rules))]
            lines = describe_options(rules)
            if lines:
                lang = await lang_for(interaction)
                texts.append(Msg("**Match options** ({challenge}, or `options:` in {new}):\n{lines}",
                                 challenge=f"`{command_name(lang, self.GAME, 'challenge')}`",
                                 new=f"`{command_name(lang, 'match', 'new')}`",
                                 lines=Lines(Msg("• {line}", line=line) for line in lines)))
            if values.get("match") is not None:
                row = await interaction.client.service.get_here(values["match"], guild_id=interaction.guild_id,
                                                                user_id=interaction.user.id)
                if row.game != self.GAME:
                    raise IllegalAction(Msg("Match #{match} is not a game of {game}.", match=row.id, game=title(rules)))
                texts = [Msg("Match #{match} is played with: {options}.", match=row.id,
                             options=options_line(rules, row.options) or Msg("the standard rules"))]
            for text in texts:
                await reply(interaction, text)
        return make_command("rules", "The rules in short, the design decisions, and a match's options", params,
                            body, describe={"match": "Show the options one match is played with"},
                            autocomplete={"match": match_autocomplete})

    def _hand_command(self, match_autocomplete) -> app_commands.Command:
        kw = inspect.Parameter.KEYWORD_ONLY
        params = [inspect.Parameter("match", kw, annotation=int | None, default=None)]

        async def body(interaction: discord.Interaction, values: dict) -> None:
            await defer(interaction)
            row, _seat = await self.seat(interaction, values.get("match"), ("active", "finished"))
            await interaction.client.presenter.send_private_ephemeral(interaction, row.id)
        return make_command("hand", "See your hand and your move menus (only you see the answer)", params, body,
                            describe={"match": MATCH_HELP}, autocomplete={"match": match_autocomplete})


def cog_for(game: str) -> type[GameCog]:
    """The game's own cog class (`cogs/<game>.py`, class attribute GAME), else a plain one."""
    try:
        module = importlib.import_module(f"cogs.{game}")
    except ModuleNotFoundError as exc:
        if exc.name != f"cogs.{game}":
            raise
        module = None
    for value in vars(module).values() if module else ():
        if isinstance(value, type) and issubclass(value, GameCog) and value is not GameCog \
                and getattr(value, "GAME", "") == game:
            return value
    rules = registry.get(game)
    return types.new_class(f"{game.title()}Cog", (GameCog,),
                           {"group_name": game, "group_description": fit(rules.title, 100)},
                           lambda ns: ns.update({"GAME": game}))
