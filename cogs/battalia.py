"""/battalia: the verb table (one generated command per player decision, spec 11.1), the
buttons for the frequent moves, and what is Battalia's own: paying with cards the player
names (`cards`, turned into the stored id by the engine's `pay_with`).

Everything else comes from the toolkit (cogs/ui) reading the engine's action paths: the hand's
menus (one per kind of move: acquire, build, heroes, artifacts, ...), the buttons, the
challenge with the declared house rules, the rules help.
"""
from __future__ import annotations

import dataclasses
import re

import discord
from discord import app_commands

from cogs.common import hint_choice, lang_for
from i18n import render
from cogs.ui.commands import Param, Verb
from cogs.ui.game_cog import GameCog
from engine.base import IllegalAction
from engine.battalia import RULES, pay_with
from engine.battalia.paths import AUTO_END, CARD_ID
from engine.text import Msg
from matches import UserError

GAME = "battalia"
PAY = Param("cards", "Cards to pay with: type a card's name, pick it from the list (default: chosen for you)",
            optional=True)
BUILD = ("build", "Build a road or a city, or upgrade a city")
HERO = ("hero", "Hire, move or fly your heroes")
ARTIFACT = ("artifact", "Use an artifact: Amulet, Title, Scroll, Tent, Hammer, Horn")
BATTLE = ("battle", "Battle moves: fight, retreat, surrender, add, commit, pass")


def verb(name: str, description: str, path: tuple[str, ...], *params: Param, group: tuple[str, str] = ("", ""),
         asks_from: int | None = None, pay: bool = False) -> Verb:
    return Verb(name, description, path, params, group[0], group[1], asks_from, (PAY,) if pay else ())


VERBS = (
    verb("setup", "Choose your faction, then your starting city", ("faction|startcity",),
         Param("choice", "Factions or starting cities still free")),
    verb("turnstart", "Start your turn: declare a Formation, Redeploy, or just start", ("turn",),
         Param("choice", "Formation (extra cards, shown to the opponents you pick), Redeploy or Start")),
    verb("hire", "Hire a unit (Supply; a Supply card comes with it)", ("acquire", "hire"),
         Param("unit", "Units you can hire now"), pay=True),
    verb("craft", "Craft an artifact from your units", ("acquire", "craft"),
         Param("artifact", "Artifacts you can craft now"), pay=True),
    verb("road", "Build a road (drawn, then placed)", ("build", "road"), Param("shape", "Road shapes you can build"),
         group=BUILD, pay=True),
    verb("city", "Build a city (drawn, then placed)", ("build", "city"), Param("plan", "Cities you can build"),
         group=BUILD, pay=True),
    verb("upgrade", "Upgrade one of your cities a level (2 units of the next rank)", ("build", "upgrade"),
         Param("city", "Your cities you can upgrade now"), group=BUILD, pay=True),
    verb("place", "Place the road or city card you drew", ("place",),
         Param("square", "Squares where the card fits"),
         Param("rotation", "Which way round (only asked when several fit)", optional=True)),
    verb("hire", "Hire a hero onto one of your cities (a Weapon + 2 Supply)", ("heroes", "hire"),
         Param("city", "Your cities where a hero can be hired now"), group=HERO, pay=True),
    verb("move", "Move a hero along roads (1 Supply per square, or a Horse for 3)", ("heroes", "move-*"),
         Param("to", "Hero, destination and payment"), group=HERO, asks_from=1, pay=True),
    verb("wings", "Fly a hero anywhere on the discovered land (Wings of Aviena)", ("heroes", "wings-*"),
         Param("to", "Hero and destination"), group=HERO, asks_from=1),
    verb("amulet", "Put a card on an Amulet and roll the die", ("artifacts", "amulet"),
         Param("use", "Amulet and the card it transforms"), group=ARTIFACT),
    verb("title", "Upgrade a unit with a Title", ("artifacts", "title"),
         Param("use", "Title, the unit and how far"), group=ARTIFACT),
    verb("scroll", "Change a card's faction (or the Scroll's own) with a Spell Scroll", ("artifacts", "scroll"),
         Param("use", "Scroll, the card and the new faction"), group=ARTIFACT),
    verb("tent", "Pitch a Tent (1 Supply) and station a card on it", ("artifacts", "tent"),
         Param("use", "Tent and the card to station"), group=ARTIFACT, pay=True),
    verb("strike", "Strike a Tent: its cards return to your hand", ("artifacts", "strike"),
         Param("tent", "Your pitched Tents"), group=ARTIFACT),
    verb("hammer", "Declare which artifact the Hammer of Strato acts as this turn", ("artifacts", "hammer"),
         Param("role", "The artifact type"), group=ARTIFACT),
    verb("horn", "Blow the Horn of Baldur: take up to 2 cards from your Realm", ("artifacts", "horn"), group=ARTIFACT),
    verb("ambush", "Put a card in Ambush by banishing another card", ("artifacts", "ambush"),
         Param("play", "The card to ambush and the card to banish")),
    verb("attack", "Attack with a hero on the target square (or claim an empty city)", ("heroes", "attack|claim"),
         Param("target", "Square, target and the heroes taking part"), asks_from=1),
    verb("fight", "Defender: fight back (Ambush pick-up and heroes)", ("fight",),
         Param("how", "Whether to pick up your Ambush cards, and which heroes take part"), group=BATTLE),
    verb("retreat", "Defender: save your attacked hero by retreating 2–3 squares", ("retreat",),
         Param("to", "Square and payment"), group=BATTLE, pay=True),
    verb("surrender", "Defender: give up the battle", ("surrender",), group=BATTLE),
    verb("add", "Add a card to your battle line", ("add",),
         Param("card", "Cards with battle strength you can add now (and, for two uses, how many)"), group=BATTLE),
    verb("commit", "Close your play (your total must beat, or as defender match, the other)", ("commit",),
         group=BATTLE),
    verb("pass", "Stop adding cards: the battle ends", ("pass",), group=BATTLE),
    verb("cancel", "Attacker: call off an attack before the opening is closed", ("cancel",), group=BATTLE),
    verb("choose", "Answer a question: wild card type, Ambush discard, Horn cards, Great Artifact", ("choose",),
         Param("option", "The choices open to you now")),
    verb("end", "End your turn: discard everything and draw 6", ("end",)),
)


class BattaliaCog(GameCog, group_name="battalia",
                  group_description="Battalia: The Creation (2–4 players): build, hire, fight for cities"):
    GAME = GAME
    VERBS = VERBS
    BUTTONS = frozenset({"faction", "turn"})
    # ending a turn draws 6 (R18), so once it is made the move before it can no longer be taken
    # back: the end waits this long, the hand offering it meanwhile (one click ends it now)
    FOLLOW_WINDOW = 120.0

    async def follow(self, client, match, seat: int, actions, made: str):
        """The turn ends by itself after the player's own move by clicks when ending it is the
        only move left (nothing is decided for the player; a typed command plays exactly what it
        names, and a seat that has not moved this turn is never ended for): `FOLLOW_WINDOW`
        seconds later, unless the player ends it now or takes the move back first."""
        if made == "end" or len(actions) != 1 or actions[0].id != "end":
            return None
        return actions[0] if self.FOLLOW_WINDOW is not None else dataclasses.replace(actions[0], label=AUTO_END)

    def refine(self, verb: Verb, action, extras: dict, *, match=None, seat: int | None = None,
               lang: str = "en") -> str:
        cards = extras.get("cards")
        if cards and match is not None and seat is not None:
            cards = self.card_ids(self.bot.service.private_view(match, seat).get("hand", []), cards, lang)
        try:
            return pay_with(action.id, cards)
        except IllegalAction as exc:
            raise UserError(exc.message) from None

    @staticmethod
    def card_ids(hand: list[dict], cards: str, lang: str) -> str:
        """The ids of the cards a player named, by the names the hand picture shows (in their
        language or in English; several cards of one name are taken one after another), or by
        id. A name no card in hand has is refused with that name."""
        free = [c for c in hand if c.get("uses_left", 1) > 0]
        ids = []
        for part in (p.strip() for p in cards.split(",")):
            if not part:
                continue
            if re.fullmatch(CARD_ID, part):  # an id, as older answers and the log write them
                ids.append(part)
                continue
            wanted = part.casefold()
            card = next((c for c in free if c["id"] not in ids and wanted in
                         (card_name(c, lang).casefold(), card_name(c, "en").casefold())), None)
            if card is None:
                raise UserError(Msg("You have no {card} to pay with (the list shows your cards).", card=part))
            ids.append(card["id"])
        return ",".join(ids)

    def extra_autocomplete(self, name: str):
        return self.card_choices if name == "cards" else None

    async def card_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """The cards to pay with, by the names the hand picture shows: the unused cards in hand,
        one more per pick (a second card of the same name is offered again)."""
        service = self.bot.service
        try:
            row, seat = await self.seat(interaction, getattr(interaction.namespace, "match", None))
        except UserError as exc:
            return [hint_choice(exc.message, await lang_for(interaction))]
        lang = await lang_for(interaction)
        hand = [c for c in service.private_view(row, seat).get("hand", []) if c.get("uses_left", 1) > 0]
        prefix = current[:current.rfind(",") + 1] if "," in current else ""
        left = [card_name(c, lang) for c in hand]
        for chosen in (part.strip() for part in prefix.split(",") if part.strip()):
            if chosen in left:
                left.remove(chosen)
        typed = current[len(prefix):].strip().casefold()
        lead = prefix.rstrip() + " " if prefix else ""
        offered = [name for name in dict.fromkeys(left) if typed in name.casefold()]
        return [app_commands.Choice(name=f"{lead}{name}"[:100], value=f"{lead}{name}"[:100]) for name in offered][:25]


def card_name(card: dict, lang: str) -> str:
    """A card's name as the hand picture writes it under the card (its label without the id)."""
    return render(card["label"], lang).rsplit(" [", 1)[0]


async def setup(bot):
    await bot.add_cog(BattaliaCog(bot))
