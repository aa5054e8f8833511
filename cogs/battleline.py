"""/battleline: the verb table (one generated command per player decision, spec 11.1), the
buttons for the frequent moves, and what is Battle Line's own: claiming several flags in one
command and asking why a flag can or cannot be claimed.

Everything else comes from the toolkit (cogs/ui) reading the engine's action paths: the hand's
step picker (card → flag), the buttons, the challenge with the declared options, the rules.
"""
from __future__ import annotations

import re

import discord
from discord import app_commands

from cogs.common import defer, hint_choice, lang_for, reply
from cogs.matches import match_autocomplete
from cogs.ui import paths
from cogs.ui.commands import Param, Verb
from cogs.ui.game_cog import GameCog
from engine.text import Lines, Msg
from i18n import render
from engine.battleline import explain_claim
from engine.battleline.cards import GUILE
from matches import MoveOutcome, UserError
from matches.service import shorten

GAME = "battleline"
FLAG_COUNT = 9
CARD = "A card from your hand (the list shows cards you can play now)"

VERBS = (
    Verb("play", "Play a troop card, Leader, Companion Cavalry, Shield Bearers, Fog or Mud",
         ("play", "!" + "|".join(GUILE)),
         (Param("card", CARD), Param("flag", "Where to play it (the list shows legal flags for that card)", int)),
         asks_from=1),
    Verb("tactic", "Play Scout, Redeploy, Deserter or Traitor", ("play", "|".join(GUILE)),
         (Param("card", "Which guile tactic (the list shows those you can play now)"),
          Param("target", "The card it acts on, at its flag", optional=True),
          Param("to", "Redeploy/Traitor: the flag it goes to (Redeploy may also discard it)", optional=True)),
         asks_from=1),
    Verb("pass", "Pass (only when you cannot play a troop card): play nothing, draw nothing", ("pass",)),
    Verb("done", "Finish your claim step", ("done",)),
    Verb("draw", "Draw a card (also the Scout draws)", ("draw|scout-draw",),
         (Param("deck", "troop or tactics (the list shows decks that still have cards)"),)),
    Verb("return", "Scout: put a card from your hand back on top of its deck", ("return",),
         (Param("card", "The card to put back (the second one you put back lies on top)"),)),
    Verb("discard", "After Mud has left a flag: discard one of your cards there", ("muddiscard",),
         (Param("card", "One of your cards at that flag"),)),
)


def flags_in(text: str) -> list[int]:
    """The flag numbers in a claim, each once, in the order given; anything that is no flag is
    refused before a single claim is tried (a long value must not become thousands of moves)."""
    numbers = re.findall(r"\d+", (text or "")[:200])
    wrong = [n for n in numbers if not 1 <= int(n[:3]) <= FLAG_COUNT or len(n) > 1]
    if wrong:
        raise UserError(Msg("There is no flag {flag}; flags are numbered 1 to {count}.", flag=shorten(wrong[0], 10),
                            count=FLAG_COUNT))
    return list(dict.fromkeys(int(n) for n in numbers))


class BattleLineCog(GameCog, group_name="battleline",
                    group_description="Battle Line (Reiner Knizia): win three adjacent flags or any five"):
    GAME = GAME
    VERBS = VERBS
    BUTTONS = frozenset({"claim", "draw", "scout-draw"})

    @app_commands.command(name="proof", description="Could you claim a flag now, and why? (from the table alone)")
    @app_commands.describe(flag="Flag number, 1 to 9")
    @app_commands.autocomplete(match=match_autocomplete)
    async def proof(self, interaction: discord.Interaction, flag: app_commands.Range[int, 1, 9],
                    match: int | None = None):
        await defer(interaction)
        row, seat = await self.seat(interaction, match)
        names = await self.bot.presenter.seat_names(row)
        await reply(interaction, render(explain_claim(row.snapshot, seat, flag), await lang_for(interaction), names))

    @app_commands.command(name="claim", description="Claim flags, e.g. 3 5 7 (tried in that order)")
    @app_commands.describe(flags="Flag numbers separated by spaces; the list shows flags you can prove now")
    @app_commands.autocomplete(match=match_autocomplete)
    async def claim(self, interaction: discord.Interaction, flags: str, match: int | None = None):
        """Each flag is tried in turn; a refused claim explains itself (D13) and the next is tried."""
        await defer(interaction)
        row, seat = await self.seat(interaction, match)
        wanted = flags_in(flags)
        if not wanted:
            raise UserError(Msg("Name the flags to claim by number, e.g. `3 5 7`."))
        service = self.bot.service
        game_no = row.snapshot["game_no"]
        lines, last = [], None
        for n in wanted:
            current = await service.get(row.id)
            if current.status != "active" or current.snapshot["game_no"] != game_no:
                lines.append(Msg("Flag {flag}: not tried, the game is over.", flag=n))
                continue
            actions = service.legal_actions(current, seat)
            action = paths.action_for(actions, ("claim", str(n)))
            if action is None:
                claiming = any(a.steps()[0].value == "claim" for a in actions)
                why = (explain_claim(current.snapshot, seat, n) if claiming else
                       Msg("you cannot claim now. {prompt}", prompt=await self.bot.presenter.prompt(current, seat)))
                lines.append(Msg("Flag {flag}: {why}", flag=n, why=why))
                continue
            last = await service.act(row.id, interaction.user.id, action.id, answered=True)
            lines.append(Msg("Flag {flag}: claimed.", flag=n))
        names = await self.bot.presenter.seat_names(row)
        outcome = last or MoveOutcome(await service.get(row.id))
        await self.bot.presenter.answer_mover(interaction, outcome,
                                              render(Lines(lines), await lang_for(interaction), names))

    @claim.autocomplete("flags")
    async def claim_autocomplete(self, interaction: discord.Interaction, current: str):
        try:
            row, seat = await self.seat(interaction, getattr(interaction.namespace, "match", None))
        except UserError as exc:
            return [hint_choice(exc.message, await lang_for(interaction))]
        provable = [a.steps()[1].value for a in self.bot.service.legal_actions(row, seat)
                    if a.steps()[0].value == "claim" and len(a.steps()) > 1]
        try:
            typed = [str(n) for n in flags_in(current)]
        except UserError:  # a half-typed wrong number: offer the flags from scratch
            typed = []
        rest = [n for n in provable if n not in typed]
        base = " ".join(typed)
        out = [" ".join(typed + rest)] if len(rest) > 1 else []
        out += [(base + " " + n).strip() for n in rest]
        lang = await lang_for(interaction)
        return [app_commands.Choice(name=render(Msg("Flags {flags}", flags=v) if len(v.split()) > 1
                                                else Msg("Flag {flag}", flag=v), lang), value=v) for v in out][:25]


async def setup(bot):
    await bot.add_cog(BattleLineCog(bot))
