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
from cogs.ui.picker import MatchItem
from cogs.ui.commands import Param, Verb
from cogs.ui.game_cog import GameCog
from engine.text import Lines, Msg
from i18n import render
from engine.battleline import explain_claim
from engine.battleline.cards import GUILE
from engine.battleline.paths import deck_name
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


DECKS = ("troop", "tactics")
DECK_NAMES = {deck: deck_name(deck) for deck in DECKS}


DECK_PREFERENCE = "draw"  # the seat's standing choice, kept with the match (it survives a restart)


class DeckSwitch(MatchItem, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"blpref:(?P<match>\d+):(?P<seat>\d+):(?P<deck>troop|tactics)"):
    """On the hand, while a card is to be played: which deck the draw after it takes (the one
    last chosen); a click switches to the other one for this and the next turns."""

    defers = "update"

    def __init__(self, match_id: int, seat: int, deck: str, label: str = "", button: discord.ui.Button | None = None):
        self.match_id, self.seat, self.deck = match_id, seat, deck
        super().__init__(button or discord.ui.Button(label=(label or deck)[:80], style=discord.ButtonStyle.secondary,
                                                     custom_id=f"blpref:{match_id}:{seat}:{deck}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]), int(match["seat"]), match["deck"], button=item)

    async def run(self, interaction: discord.Interaction) -> None:
        client = interaction.client
        match = await client.service.get(self.match_id)
        if match.seat_of(interaction.user.id) != self.seat:
            raise UserError(Msg("You are not playing in this match."))
        await client.service.set_seat_preference(match.id, self.seat, DECK_PREFERENCE, self.deck)
        await client.presenter.show_hand_here(interaction, await client.service.get(match.id), self.seat)


class BattleLineCog(GameCog, group_name="battleline",
                    group_description="Battle Line (Reiner Knizia): win three adjacent flags or any five"):
    GAME = GAME
    VERBS = VERBS
    BUTTONS = frozenset({"claim", "draw", "scout-draw"})
    ITEMS = (DeckSwitch,)

    async def follow(self, client, match, seat: int, actions, made: str):
        """The draw after a card: from the deck last chosen (a draw of the player's own choice
        sets it, and the switch on the hand), when the draw step is all that is asked now; otherwise
        nothing. A UI default, not a rule: the engine still lists both draws."""
        if made.startswith("draw:"):
            await client.service.set_seat_preference(match.id, seat, DECK_PREFERENCE, made.split(":", 1)[1])
            return None
        if not actions or any(a.steps()[0].value != "draw" for a in actions):
            return None
        deck = client.service.seat_preference(match, seat, DECK_PREFERENCE)
        return paths.action_for(actions, ("draw", deck)) if deck else None

    def hand_extras(self, match, actions, lang: str) -> list:
        """While a card is to be played, the deck its draw will take, one click to switch."""
        seat = match.snapshot.get("current") if match.snapshot else None
        deck = self.bot.service.seat_preference(match, seat, DECK_PREFERENCE)
        if deck is None or not any(a.steps()[0].value == "play" for a in actions):
            return []
        other = DECKS[1 - DECKS.index(deck)]
        label = render(Msg("Then draw from the {deck} (switch)", deck=DECK_NAMES[deck]), lang)
        return [DeckSwitch(match.id, seat, other, label)]

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
