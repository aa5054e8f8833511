"""/civ: the verb table of Sid Meier's Civilization (one generated command per kind of decision,
spec 11.1) and the moves shown as buttons on the private hand. Everything else comes from the
toolkit (cogs/ui) reading the engine's action paths (engine/civilization/paths.py): the step
pickers (city -> item -> square; figure -> square), the challenge, the rules help and the
legal-only autocomplete. The secret research choice is a button on the hand; a battle's unit
plays are a menu on the hand (the unit, then the front), so a battle is exchanged privately, card
by card. Trades (R27-R29) are under /civ trade: an offer is built step by step (start, give, ask,
send) or in one command (/civ trade offer, with an optional promise that goes by DM to the
recipient alone as text only: the game never reads it); the recipient answers with the Accept /
Decline / Counter buttons on their private hand."""
from __future__ import annotations

import inspect

import discord
from discord import app_commands

from cogs.common import defer, fit
from cogs.matches import match_autocomplete
from cogs.ui.commands import MATCH_HELP, Param, Verb, make_command
from cogs.ui.game import Batch
from cogs.ui.game_cog import GameCog
from engine.civilization import trade as trade_rules
from engine.text import Msg, Seat
from i18n import render
from matches import UserError

GAME = "civilization"


def verb(name: str, description: str, path: tuple[str, ...], *params: Param) -> Verb:
    return Verb(name, description, path, params)


CARD_GROUP = ("card", "Culture event cards, abilities, wonders, and cancelling what another player plays")


def card_verb(name: str, description: str, path: tuple[str, ...], *params: Param) -> Verb:
    return Verb(name, description, path, params, group=CARD_GROUP[0], group_description=CARD_GROUP[1])


TRADE_GROUP = ("trade", "Trade phase: offers between players (trade, culture, resources, culture cards)")


def trade_verb(name: str, description: str, path: tuple[str, ...], *params: Param) -> Verb:
    return Verb(name, description, path, params, group=TRADE_GROUP[0], group_description=TRADE_GROUP[1])


VERBS = (
    verb("capital", "Setup: place your capital on a central square of your home tile", ("capital",),
         Param("square", "The 4 central squares of your home tile")),
    verb("figures", "Setup: place your army and your scout in the capital's outskirts", ("figures",),
         Param("army", "Where the army starts"), Param("scout", "Where the scout starts")),
    verb("found", "Start of Turn: a scout founds a city on its square", ("found",),
         Param("scout", "Your scouts on a legal square")),
    verb("government", "Start of Turn: change government (Anarchy first, unless just unlocked)", ("government",),
         Param("government", "The governments open to you now")),
    verb("greatperson", "Start of Turn: place a great person from your sheet", ("greatperson",),
         Param("person", "Your great people"), Param("square", "An outskirts square")),
    verb("gather", "Start of Turn: a scout's square works for one of your cities this turn", ("gather",),
         Param("scout", "Your scouts"), Param("city", "The city it gathers for")),
    verb("startharvest", "Start of Turn: your government's harvest (one resource from a city)", ("startharvest",),
         Param("city", "Your cities"), Param("resource", "The resources it can harvest")),
    verb("produce", "City Management: a city produces a figure, unit, building, walls or wonder", ("produce",),
         Param("city", "Your cities still to act"), Param("item", "What it produces (and where)")),
    verb("arts", "City Management: a city devotes to the arts (culture tokens)", ("arts",),
         Param("city", "Your cities still to act")),
    verb("harvest", "City Management: a city harvests one resource token", ("harvest",),
         Param("city", "Your cities still to act"), Param("resource", "The resources it can harvest")),
    verb("culture", "City Management: advance one space on the culture track", ("culture",)),
    verb("discard", "Discard a culture event card down to your hand limit", ("discard",),
         Param("card", "Your culture event cards")),
    verb("move", "Movement: move a figure or a group from one square", ("move",),
         Param("figures", "The figures that move"), Param("to", "Where they end")),
    verb("explore", "Movement: spend 1 movement to discover a face-down tile", ("explore",),
         Param("figure", "The figure next to the tile"), Param("direction", "Which side")),
    verb("done", "End your step of this phase", ("done",)),
    verb("research", "Research: choose a tech in secret (or none)", ("research",),
         Param("tech", "The techs you can research now")),
    verb("play", "Battle: play a unit from your battle hand", ("play",),
         Param("unit", "Your battle hand"), Param("front", "A new front, or the enemy front to attack")),
    verb("loot", "After a battle: spend your loot points", ("loot",),
         Param("loot", "What you can take")),
    # culture event cards, wonders and the cancel window, under /civ card (event_cards.py, wonders.py, effects.py)
    card_verb("play", "Play a culture event card from your hand (in the phase it names)", ("event",),
              Param("card", "Your culture event card (and what it aims at)")),
    card_verb("wonder", "Start of Turn: use your wonder's ability (once a turn)", ("wonder",),
              Param("wonder", "The wonder and its choice")),
    card_verb("choose", "Answer the choice a card asks for", ("pick",),
              Param("choice", "The choices open now")),
    card_verb("allow", "Let the card or action just played happen", ("allow",)),
    card_verb("cancel", "Cancel the card or action just played", ("cancel",),
              Param("means", "Your culture card or tech that cancels it")),
    card_verb("ready", "Battle: draw your battle hand (no more cards before it)", ("ready",)),
    card_verb("ability", "Use a tech, civilization or coin-task ability (in the phase it names)", ("ability",),
              Param("ability", "The ability (and what it aims at)")),
    card_verb("harvest2", "City Management: harvest twice with Angkor Wat (once a turn)", ("harvest2",),
              Param("city", "Your cities still to act"), Param("resources", "The two resources")),
    # the Trade phase (R27-R29, spec 11.1 D10-D12), under /civ trade: an offer is built step by
    # step (or by /civ trade offer in one command), then sent
    trade_verb("start", "Start an offer to another player", ("offer",),
               Param("player", "Who the offer goes to")),
    trade_verb("give", "Add one thing you give to your draft offer", ("give",),
               Param("item", "Trade, culture tokens, a resource or a culture card")),
    trade_verb("ask", "Add one thing you ask for in return", ("ask",),
               Param("item", "Trade, culture tokens, a resource or a culture card")),
    trade_verb("send", "Send your draft offer (/civ trade offer also adds a promise)", ("send",)),
    trade_verb("withdraw", "Throw your draft offer away", ("withdraw",)),
    trade_verb("accept", "Accept an offer made to you (the exchange happens at once)", ("accept",),
               Param("offer", "The offer (and what you choose to give, if it asks)")),
    trade_verb("decline", "Decline an offer made to you", ("decline",),
               Param("offer", "The offer")),
    trade_verb("counter", "Decline an offer and prepare a counter-offer", ("counter",),
               Param("offer", "The offer")),
)


PROMISE_LIMIT = 500       # characters of a promise (text only: never read by the game)
AMOUNTS = (("give", "trade", "give_trade"), ("give", "culture", "give_culture"),
           ("ask", "trade", "ask_trade"), ("ask", "culture", "ask_culture"))


class CivilizationCog(GameCog, group_name="civ",
                      group_description="Sid Meier's Civilization (2-4 players): cities, techs, culture, battles"):
    GAME = GAME
    VERBS = VERBS
    BUTTONS = frozenset({"research", "loot", "done", "accept", "decline", "counter"})
    FORMS = {"move": (Msg("The figures that move"), Msg("Where they end"))}
    # issue 33: a whole Movement and a whole City Management, each in one form
    BATCHES = (Batch(Msg("Movement: your figures"), frozenset({"move"}), then="done",
                     then_label=Msg("Then end your Movement")),
               Batch(Msg("City Management: your cities"), frozenset({"produce", "arts", "harvest"}), then="done",
                     then_label=Msg("Then end your City Management")),
               Batch(Msg("Start of Turn: your scouts gather"), frozenset({"gather"}), then="done",
                     then_label=Msg("Then end your Start of Turn")))

    async def follow(self, client, match, seat: int, actions, made: str):
        """Issue 33: a step ends by itself, after the player's own move, when ending it is all
        that is left to do (nothing is decided for the player)."""
        return actions[0] if len(actions) == 1 and actions[0].id == "done" else None

    def __init__(self, bot):
        super().__init__(bot)
        self.app_command.get_command(TRADE_GROUP[0]).add_command(self._trade_command())

    def _trade_command(self) -> app_commands.Command:
        """/civ trade offer: an offer in one command (the recipient, trade and culture tokens both ways,
        a promise), sent at once unless `send` is False (then resources and culture cards are
        added with /civ trade give and /civ trade ask, and /civ trade offer sends it with the promise)."""
        kw = inspect.Parameter.KEYWORD_ONLY
        params = [inspect.Parameter("to", kw, annotation=discord.User | None, default=None)]
        params += [inspect.Parameter(name, kw, annotation=app_commands.Range[int, 0, 27] | None, default=None)
                   for _verb, _kind, name in AMOUNTS]
        params += [inspect.Parameter("promise", kw, annotation=str | None, default=None),
                   inspect.Parameter("send", kw, annotation=bool | None, default=None),
                   inspect.Parameter("match", kw, annotation=int | None, default=None)]
        describe = {"to": "Who the offer goes to (not needed when your draft has a recipient)",
                    "give_trade": "Trade you give", "give_culture": "Culture tokens you give",
                    "ask_trade": "Trade you ask for", "ask_culture": "Culture tokens you ask for",
                    "promise": "A promise shown to the recipient as text only: the game never enforces it",
                    "send": "Send the offer now (default: yes)", "match": MATCH_HELP}

        async def body(interaction: discord.Interaction, values: dict) -> None:
            await defer(interaction)
            await self.trade(interaction, values)
        return make_command("offer", "Make an offer (trade, culture tokens, a promise) and send it", params,
                            body, describe=describe, autocomplete={"match": match_autocomplete})

    async def trade(self, interaction: discord.Interaction, values: dict) -> None:
        service = interaction.client.service
        match, seat = await self.seat(interaction, values.get("match"))
        state = match.snapshot
        if not trade_rules.is_open(state):
            raise UserError(Msg("Offers are made in the Trade phase; it is not open now."))
        draft = trade_rules.draft_of(state, seat)
        to = None
        target = values.get("to")
        if target is not None:
            to = match.seat_of(target.id)
            if to is None or to == seat:
                raise UserError(Msg("Choose another player of this match."))
            if draft is not None and draft["to"] != to:
                raise UserError(Msg("Your draft offer goes to {player}: send it or throw it away first.",
                                    player=Seat(draft["to"])))
        elif draft is None:
            raise UserError(Msg("Name the player the offer goes to."))
        sent = values.get("send") is not False
        # the engine turns the typed options into action ids (the ids stay its own)
        moves = trade_rules.command_moves(state, seat, to, {(verb, kind): int(values.get(name) or 0)
                                                            for verb, kind, name in AMOUNTS}, sent)
        if not moves:
            raise UserError(Msg("Nothing to do: add something to the offer, or send it."))
        outcomes = []
        version = match.version
        for action_id in moves:
            try:
                outcome = await service.act(match.id, interaction.user.id, action_id, expected_version=version,
                                            answered=True)
            except UserError:
                if outcomes:                       # what was done stays done: say where it stopped
                    await interaction.client.presenter.answer_mover(
                        interaction, outcomes[-1], lead=Msg("Your draft offer is kept; this step was refused."),
                        also=tuple(outcomes[:-1]))
                raise
            outcomes.append(outcome)
            version = outcome.match.version
        lead = Msg("Offer sent.") if sent else Msg("Offer updated.")
        promise = " ".join(str(values.get("promise") or "").split())
        if sent and promise:
            offer = trade_rules.last_sent_offer(outcomes[-1].match.snapshot, seat)
            delivered = await self.deliver_promise(outcomes[-1].match, seat, offer, promise)
            lead = Msg("Offer sent with your promise (text only, never enforced).") if delivered else \
                Msg("Offer sent; your promise could not be delivered (the other player's messages are closed).")
        elif promise:
            lead = Msg("{lead} A promise travels with the offer when you send it (/civ trade offer): give it again then.",
                       lead=lead)
        await interaction.client.presenter.answer_mover(interaction, outcomes[-1], lead=lead,
                                                        also=tuple(outcomes[:-1]))

    async def deliver_promise(self, match, seat: int, offer: dict | None, promise: str) -> bool:
        """The promise goes to the recipient alone, by DM, as text (spec R27: promises bind nobody;
        the game never reads it). A computer seat ignores it."""
        if offer is None:
            return False
        row = match.user_at(offer["to"])
        if row is None or row.is_ai:
            return True
        presenter = self.bot.presenter
        names = await presenter.seat_names(match)
        lang = await presenter.person_lang(row.user_id)
        text = Msg("**{title}** · {player} adds a promise to offer {id} (text only: the game does not enforce "
                   "it): “{promise}”", title=presenter.title(match), player=Seat(seat), id=offer["id"],
                   promise=discord.utils.escape_mentions(fit(promise, PROMISE_LIMIT)))
        return await presenter._dm(row.user_id, content=fit(render(text, lang, names), 2000))


async def setup(bot):
    await bot.add_cog(CivilizationCog(bot))
