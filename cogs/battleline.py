"""/battleline: the challenge, one slash command per player decision (spec 11.1), the rules and
our design decisions, and the buttons and menus on the private hand message.

Every command and component only builds an engine action id (grammar: engine/battleline
docstring) and hands it to `bot.service.act`; the engine decides what is legal and its
IllegalAction message reaches the player through UserError. Autocomplete and menus are filled
from `service.legal_actions(match, seat)`, so they only offer what is legal now.

An ordinary turn is two clicks: a card from the hand message, then a flag from the answer. When
a deck choice follows the play (both decks have cards and no claim step comes first), the flag
menu comes twice, once per deck, so the same click plays the card and draws.
"""
from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import defer, hint_choice, reply
from cogs.components import MAX_OPTIONS, MOVE_PLAYED, GameCogMixin, MatchItem, MoveButton, generic_move_items
from cogs.matches import create_match, match_autocomplete
from engine.base import Action, IllegalAction, name_seats
from engine.battleline import RULES, card_label, explain_claim
from engine.battleline.cards import GUILE, is_troop, normalise_card
from matches import STALE_MESSAGE, MoveOutcome, UserError
from matches.service import shorten

GAME = "battleline"
DECKS = ("troop", "tactics")
TARGETED_GUILE = ("T-REDEPLOY", "T-DESERTER", "T-TRAITOR")  # their next choice is "card at a flag"
MAX_SELECTS = 5  # a message holds at most five rows

TACTIC_HINTS = {
    "T-ALEX": "Leader: any colour, any value", "T-DARIUS": "Leader: any colour, any value",
    "T-CC": "Any colour, counts as an 8", "T-SB": "Any colour, counts as a 1, 2 or 3",
    "T-FOG": "Only sums count at that flag", "T-MUD": "Four cards a side at that flag",
    "T-SCOUT": "Draw 3 cards, then put 2 back on the decks",
    "T-REDEPLOY": "Move one of your cards to another flag, or discard it",
    "T-DESERTER": "Discard one of your opponent's cards",
    "T-TRAITOR": "Take one of your opponent's troop cards to your side",
}

RULES_TEXT = """**Battle Line** (Reiner Knizia, 2–3 players). Nine flags lie between you; win **three adjacent flags or any five**.
**Your turn:** (a) play one card to your side of an unclaimed flag (at most 3 cards a side, 4 with Mud) — `/battleline play`; (b) claim flags — `/battleline claim`; (c) draw from the troop or tactics deck — `/battleline draw` (or add `draw:` to `/battleline play`).
**Formations**, strongest first: Wedge (same colour, consecutive) > Phalanx (same value) > Battalion Order (same colour) > Skirmish Line (consecutive) > Host (anything). Same type: higher sum wins; a full tie goes to whoever completed first.
**Claiming:** you need a complete formation that the opponent cannot beat with any cards still off the table; hands and decks never count. A refused claim tells you which cards could still beat you, from the table alone (`/battleline proof`).
**Tactics** (`/battleline play` for Leaders, Companion Cavalry, Shield Bearers, Fog, Mud; `/battleline tactic` for Scout, Redeploy, Deserter, Traitor): you may never be more than one tactics card ahead of your opponent; one Leader per player.
**Passing:** only when you cannot play a troop card (`/battleline pass`).
**Variants:** `advanced` claims at the start of the turn (b/a/c), `endclaim` after drawing (a/c/b). A series scores 5 per win and 1 per flag for the loser; the winner starts the next game.
Your hand and menus arrive by DM (or **Show my hand** under any board)."""

DESIGN_TEXT = """**Design decisions used by this bot** — the printed rules leave these open, so these are ours, not the game's:
• D1 the two unnamed colours are Orange and Purple. D2 flags are numbered 1–9, left to right, the same for both players.
• D3 a Leader, Companion Cavalry or Shield Bearers is never declared: it counts as whatever is best for its owner, even a copy of a card on the table.
• D4 with Mud the same five formations use four cards. D5 when Mud leaves a flag, a side with four cards there discards one (its owner chooses).
• D6 for ties, a side "completed" when its latest current card arrived; moved or removed cards reset that.
• D7 **a player who passes may still claim flags** (but neither plays nor draws), so a blocked player is never locked out.
• D8 drawing is compulsory; the bot draws for you when only one deck has cards and skips the draw when both are empty.
• D9 every tactics card you played counts for the limit, even if it later left the table; a discarded Leader still counts as used.
• D10 a tactics card can be played only if its effect can be carried out, and then it must be.
• D11 Scout draws one card at a time; you return 2 cards (the second lies on top if both go to one deck), then claim and draw as usual.
• D13 a wrong claim is refused with an explanation and no penalty.
• D14 **stalemate:** when every player in turn can only pass, the game ends; complete flags go to their winner, then three adjacent or five flags win, else more flags wins, else a draw.
• D15 the board shows each hand's troop/tactics counts. D17 a series is played to the points you choose.
• D16 **three players:** no tactics cards; three short lines of three flags (A–B, B–C, C–A); you play on your two lines; a whole line or any four flags wins.
• D18 in the advanced variant a passing player still gets the claim step first."""


# ---------------------------------------------------------------------- action-id helpers

def legal_ids(service, match, seat: int) -> list[str]:
    return [a.id for a in service.legal_actions(match, seat)]


def chunk_width(prefix: str) -> int:
    """How many id segments one menu choice covers after `prefix`: Redeploy, Deserter and
    Traitor pick "a card at a flag" in one go (flag and card together)."""
    parts = prefix.split(":")
    return 2 if len(parts) == 2 and parts[0] == "play" and parts[1] in TARGETED_GUILE else 1


def continuations(ids: list[str], prefix: str) -> dict[str, bool]:
    """The next choices after `prefix` among legal action ids, in the engine's order;
    True when that choice completes an action."""
    head = prefix.split(":")
    width = chunk_width(prefix)
    out: dict[str, bool] = {}
    for action_id in ids:
        parts = action_id.split(":")
        if parts[:len(head)] != head or len(parts) <= len(head):
            continue
        chunk = ":".join(parts[len(head):len(head) + width])
        out[chunk] = out.get(chunk, False) or len(parts) == len(head) + width
    return out


def flag_summary(view: dict, seat: int, flag_no: int) -> str:
    """Public contents of one flag, from the seat's side (menu descriptions)."""
    flag = view["flags"][flag_no - 1]
    mine, theirs = [], []
    for side in flag["sides"]:
        (mine if side["seat"] == seat else theirs).extend(c["label"] for c in side["cards"])
    text = f"You: {', '.join(mine) or '—'} · Them: {', '.join(theirs) or '—'}"
    env = [e["card"]["label"] for e in flag["env"]]
    return (text + (" · " + ", ".join(env) if env else ""))[:100]


def choice_label(prefix: str, chunk: str) -> str:
    """What a player reads for one menu choice."""
    parts = prefix.split(":")
    if prefix == "play":
        return card_label(chunk)
    if prefix == "scout:return":
        return f"Put back {card_label(chunk)} ({'troop' if is_troop(chunk) else 'tactics'} deck)"
    if prefix == "muddiscard":
        return f"Discard {card_label(chunk)}"
    if len(parts) == 2 and parts[1] in TARGETED_GUILE:
        flag_no, card = chunk.split(":")
        owner = "your" if parts[1] == "T-REDEPLOY" else "their"
        return f"{owner.capitalize()} {card_label(card)} at flag {flag_no}"
    if chunk == "discard":
        return "Discard it"
    return f"Flag {chunk}"


def choice_description(view: dict, seat: int, prefix: str, chunk: str, ids: list[str]) -> str | None:
    parts = prefix.split(":")
    if prefix == "play":
        if chunk in GUILE:
            return TACTIC_HINTS[chunk]
        flags = list(continuations(ids, f"play:{chunk}"))
        hint = TACTIC_HINTS.get(chunk, "")
        return ((hint + " · " if hint else "") + "Flags " + ", ".join(flags))[:100]
    if chunk.isdigit() and len(parts) >= 2 and parts[0] == "play":
        return flag_summary(view, seat, int(chunk))
    return None


def step_after(match, seat: int, action_id: str) -> str | None:
    """The step this player is in right after `action_id`, or None when it is no longer his
    move. (Only the player's own menu asks this; simulating his move shows nobody anything.)"""
    try:
        after, _ = RULES.apply(match.snapshot, seat, action_id)
    except IllegalAction:
        return None
    return after["step"] if seat in RULES.active_players(after) else None


# why a deck menu's choice does not draw at once
DRAW_LATER = {"claim": "Claim step first; you draw afterwards",
              "mud_discard": "A Mud discard first; you draw afterwards"}


async def perform(interaction: discord.Interaction, match_id: int, action_id: str, *,
                  expected_version: int | None = None, then_draw: str | None = None) -> None:
    """Apply one move (and the deck draw asked for with it, when the draw step follows at
    once), then answer the player privately with what they drew and their updated hand."""
    service = interaction.client.service
    user = interaction.user.id
    outcome = await service.act(match_id, user, action_id, expected_version=expected_version, answered=True)
    match = outcome.match
    seat = match.seat_of(user)
    earlier: tuple = ()
    lead = MOVE_PLAYED
    if then_draw and service.is_active(match, seat) and match.snapshot["step"] == "draw":
        earlier = (outcome,)
        outcome = await service.act(match_id, user, f"draw:{then_draw}", expected_version=match.version,
                                    answered=True)
    elif then_draw and service.is_active(match, seat):
        lead += " You draw after this step."
    await interaction.client.presenter.answer_mover(interaction, outcome, lead, also=earlier)


# ---------------------------------------------------------------------- components

class PickSelect(MatchItem, discord.ui.DynamicItem[discord.ui.Select],
                 template=r"bl:pick:(?P<match>\d+):(?P<version>\d+):(?P<then>troop|tactics|-):(?P<page>\d+):"
                          r"(?P<prefix>[A-Za-z0-9:\-]+)"):
    """One step of a guided move: the values continue the engine action id `prefix`. A choice
    that completes a legal action plays it (and draws from `then`, if given); otherwise an
    ephemeral answer asks the next question."""

    def __init__(self, match_id: int, version: int, prefix: str, then: str = "-", page: int = 0,
                 options: list[discord.SelectOption] | None = None, placeholder: str = "Choose",
                 select: discord.ui.Select | None = None):
        self.match_id, self.version, self.prefix, self.then = match_id, version, prefix, then
        super().__init__(select or discord.ui.Select(
            custom_id=f"bl:pick:{match_id}:{version}:{then}:{page}:{prefix}", placeholder=placeholder[:150],
            options=(options or [discord.SelectOption(label="(nothing)", value="-")])[:MAX_OPTIONS]))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]), int(match["version"]), match["prefix"], match["then"],
                   int(match["page"]), select=item)

    async def run(self, interaction: discord.Interaction) -> None:
        service = interaction.client.service
        match = await service.get(self.match_id)
        if match.version != self.version:
            raise UserError(STALE_MESSAGE)
        seat = match.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("You are not playing in this match.")
        ids = legal_ids(service, match, seat)
        chosen = f"{self.prefix}:{self.item.values[0]}"
        if chosen in ids:
            then = self.then if self.then in DECKS else None
            return await perform(interaction, match.id, chosen, expected_version=self.version, then_draw=then)
        if not continuations(ids, chosen):
            raise UserError(STALE_MESSAGE)
        items = pick_selects(match, seat, chosen, ids, service.private_view(match, seat))
        view = discord.ui.View(timeout=None)
        for item in items:
            view.add_item(item)
        await reply(interaction, question_for(chosen, items), view=view)


class ActButton(MoveButton, template=r"bl:do:(?P<match>\d+):(?P<version>\d+):(?P<action>[A-Za-z0-9:\-]+)"):
    """One fixed move (claim a flag, finish claiming, draw, pass) at the version it was offered."""

    prefix = "bl:do"

    async def perform(self, interaction: discord.Interaction) -> None:
        await perform(interaction, self.match_id, self.action_id, expected_version=self.version)


DYNAMIC_ITEMS = (PickSelect, ActButton)


def question_for(prefix: str, items: list) -> str:
    parts = prefix.split(":")
    card = card_label(parts[1]) if len(parts) > 1 and parts[0] == "play" else ""
    if len(parts) == 2 and parts[1] in TARGETED_GUILE:
        text = {"T-REDEPLOY": "which of your cards?", "T-DESERTER": "which of your opponent's cards?",
                "T-TRAITOR": "which of your opponent's troop cards?"}[parts[1]]
        text = f"**{card}**: {text}"
    elif len(parts) == 4:
        text = f"**{card}**: where to?"
    else:
        text = f"**{card}**: choose a flag."
    if any(getattr(i, "then", "-") in DECKS for i in items):
        text += " Use the menu of the deck you want to draw from afterwards: one choice plays and draws."
    return text


def pick_selects(match, seat: int, prefix: str, ids: list[str], view: dict,
                 placeholder: str | None = None) -> list[PickSelect]:
    """Menus for the choices after `prefix` (`view` is the seat's private view). When a choice
    completes a card play and the draw step would follow, the menu comes once per deck so one
    click plays and draws."""
    choices = continuations(ids, prefix)
    if not choices:
        return []
    entries = []  # (value, label, description, the step that follows a completed card play)
    for chunk, complete in choices.items():
        after = step_after(match, seat, f"{prefix}:{chunk}") if complete and prefix.startswith("play:") else None
        entries.append((chunk, choice_label(prefix, chunk), choice_description(view, seat, prefix, chunk, ids), after))
    pages = [entries[i:i + MAX_OPTIONS] for i in range(0, len(entries), MAX_OPTIONS)]
    base = placeholder or question_for(prefix, []).replace("**", "")
    decks = ["-"]
    if any(e[3] == "draw" for e in entries) and len(pages) * 2 <= MAX_SELECTS:
        decks = [d for d in DECKS if view["decks"][d]]
    items: list[PickSelect] = []
    for deck in decks:
        for n, page in enumerate(pages):
            options = []
            for value, label, description, after in page:
                if deck != "-" and after != "draw":
                    description = DRAW_LATER.get(after, "You do not draw now")
                options.append(discord.SelectOption(label=label[:100], value=value, description=description))
            # the deciding words first, so a long question never cuts them off
            text = base if deck == "-" else f"Then the {deck} deck ({view['decks'][deck]} left) · {base}"
            if len(pages) > 1:
                text = f"({n + 1}/{len(pages)}) {text}"
            text = shorten(text, 100)
            items.append(PickSelect(match.id, match.version, prefix, deck, n, options, text))
    return items[:MAX_SELECTS]


def move_items(match, view: dict, seat: int, actions: list[Action]) -> list[discord.ui.Item]:
    """presenter.MOVE_UIS["battleline"]: the components under a seat's private hand."""
    ids = [a.id for a in actions]
    step = view.get("step")
    items: list[discord.ui.Item] = []
    if step == "play":
        items += pick_selects(match, seat, "play", ids, view, placeholder="Play a card…")
        if "pass" in ids:
            items.append(ActButton(match.id, match.version, "pass", "Pass (play nothing, draw nothing)"))
        return items
    if step == "claim":
        for a in ids:
            if a.startswith("claim:"):
                items.append(ActButton(match.id, match.version, a, f"Claim flag {a.split(':')[1]}",
                                       discord.ButtonStyle.success))
        items.append(ActButton(match.id, match.version, "done", "Done claiming", discord.ButtonStyle.secondary))
        return items
    if step in ("draw", "scout_draw"):
        verb = "draw" if step == "draw" else "scout:draw"
        lead = "" if step == "draw" else "Scout: "
        for deck in DECKS:
            if f"{verb}:{deck}" in ids:
                items.append(ActButton(match.id, match.version, f"{verb}:{deck}",
                                       f"{lead}{deck.capitalize()} deck ({view['decks'][deck]} left)",
                                       discord.ButtonStyle.primary))
        return items
    if step == "scout_return":
        return pick_selects(match, seat, "scout:return", ids, view,
                            placeholder="Scout: put a card back on its deck (the second one lies on top)")
    if step == "mud_discard":
        flag = view.get("mud_discard", {}).get("flag")
        return pick_selects(match, seat, "muddiscard", ids, view,
                            placeholder=f"Mud has left flag {flag}: discard one of your cards there")
    return generic_move_items(match, actions)


# ---------------------------------------------------------------------- slash commands

FLAG_COUNT = 9


def _flags_in(text: str) -> list[int]:
    """The flag numbers in a claim, each once, in the order given; anything that is no flag is
    refused before a single claim is tried (a long value must not become thousands of moves)."""
    numbers = re.findall(r"\d+", (text or "")[:200])
    wrong = [n for n in numbers if not 1 <= int(n[:3]) <= FLAG_COUNT or len(n) > 1]
    if wrong:
        raise UserError(f"There is no flag {shorten(wrong[0], 10)}; flags are numbered 1 to {FLAG_COUNT}.")
    return list(dict.fromkeys(int(n) for n in numbers))


class BattleLineCog(GameCogMixin, commands.GroupCog, group_name="battleline",
                    group_description="Battle Line (Reiner Knizia): win three adjacent flags or any five"):
    def __init__(self, bot):
        self.bot = bot

    GAME = GAME
    GAME_ITEMS = DYNAMIC_ITEMS
    GAME_MOVE_UI = staticmethod(move_items)

    # -------------------------------------------------------------- match lookup

    async def _match(self, interaction: discord.Interaction, match_id: int | None,
                     statuses: tuple[str, ...] = ("active",)):
        """The Battle Line match a command means, and the user's seat in it."""
        return await self.bot.service.find_seat(interaction.user.id, match_id=match_id,
                                                channel_id=interaction.channel_id, guild_id=interaction.guild_id,
                                                statuses=statuses, game=GAME)

    async def _legal(self, interaction: discord.Interaction) -> tuple[object, int, list[str]] | list:
        """For autocomplete: the match, seat and legal action ids, or the choices to show
        instead (why there are none: e.g. which match to name)."""
        try:
            row, seat = await self._match(interaction, getattr(interaction.namespace, "match", None))
        except UserError as exc:
            return [hint_choice(exc.message)]
        return row, seat, legal_ids(self.bot.service, row, seat)

    async def _act(self, interaction: discord.Interaction, match_id: int | None, action_id: str,
                   then_draw: str | None = None) -> None:
        row, _seat = await self._match(interaction, match_id)
        await perform(interaction, row.id, action_id, then_draw=then_draw)

    # -------------------------------------------------------------- challenge and help

    @app_commands.command(name="challenge",
                          description="Challenge someone to Battle Line (pick me for a computer opponent)")
    @app_commands.describe(opponent="Who to challenge; pick me to play the computer",
                           variant="When flags are claimed (standard: after playing a card)",
                           games="1 = a single game; more = a series, first to that many points (5 per win)",
                           opponent2="A third player (three-player game: no tactics, our layout D16)")
    @app_commands.choices(variant=[
        app_commands.Choice(name="standard: play, claim, draw", value="standard"),
        app_commands.Choice(name="advanced: claim, play, draw", value="advanced"),
        app_commands.Choice(name="endclaim: play, draw, claim", value="endclaim")])
    async def challenge(self, interaction: discord.Interaction, opponent: discord.User, variant: str = "standard",
                        games: app_commands.Range[int, 1, 100] = 1, opponent2: discord.User | None = None):
        await defer(interaction)
        options = {"variant": variant}
        if games > 1:
            options["series_target"] = games
        await create_match(interaction, GAME, [opponent, opponent2], None, options)

    @app_commands.command(name="rules", description="The rules in short, and the design decisions this bot uses")
    async def rules(self, interaction: discord.Interaction):
        await interaction.response.send_message(RULES_TEXT, ephemeral=True)
        await interaction.followup.send(DESIGN_TEXT, ephemeral=True)

    @app_commands.command(name="hand", description="See your hand and your move menus (only you see the answer)")
    @app_commands.autocomplete(match=match_autocomplete)
    async def hand(self, interaction: discord.Interaction, match: int | None = None):
        await defer(interaction)
        row, _seat = await self._match(interaction, match, ("active", "finished"))
        await self.bot.presenter.send_private_ephemeral(interaction, row.id)

    @app_commands.command(name="proof", description="Could you claim a flag now, and why? (from the table alone)")
    @app_commands.describe(flag="Flag number, 1 to 9")
    @app_commands.autocomplete(match=match_autocomplete)
    async def proof(self, interaction: discord.Interaction, flag: app_commands.Range[int, 1, 9],
                    match: int | None = None):
        await defer(interaction)
        row, seat = await self._match(interaction, match)
        names = await self.bot.presenter.seat_names(row)
        await reply(interaction, name_seats(explain_claim(row.snapshot, seat, flag), names))

    # -------------------------------------------------------------- step (a): play a card

    @app_commands.command(name="play",
                          description="Play a troop card, Leader, Companion Cavalry, Shield Bearers, Fog or Mud")
    @app_commands.describe(card="A card from your hand (the list shows cards you can play now)",
                           flag="Where to play it (the list shows legal flags for that card)",
                           draw="Then draw from this deck (saves a /battleline draw)")
    @app_commands.autocomplete(match=match_autocomplete)
    async def play(self, interaction: discord.Interaction, card: str, flag: app_commands.Range[int, 1, 9],
                   draw: str | None = None, match: int | None = None):
        await defer(interaction)
        card_id = normalise_card(card) or card.strip()
        if card_id in GUILE:
            raise UserError(f"{card_label(card_id)} is a guile tactic: use `/battleline tactic`.")
        if draw is not None and draw not in DECKS:
            raise UserError("Draw from the `troop` deck or the `tactics` deck.")
        await self._act(interaction, match, f"play:{card_id}:{flag}", then_draw=draw)

    @play.autocomplete("card")
    async def play_card_autocomplete(self, interaction: discord.Interaction, current: str):
        found = await self._legal(interaction)
        if isinstance(found, list):
            return found
        _row, _seat, ids = found
        cards = [c for c, done in continuations(ids, "play").items() if not done and c not in GUILE]
        text = current.strip().lower()
        out = []
        for c in cards:
            flags = ", ".join(continuations(ids, f"play:{c}"))
            name = f"{card_label(c)} (flags {flags})"
            if text in card_label(c).lower() or text in c.lower():
                out.append(app_commands.Choice(name=name[:100], value=c))
        return out[:25]

    @play.autocomplete("flag")
    async def play_flag_autocomplete(self, interaction: discord.Interaction, current: str):
        found = await self._legal(interaction)
        card = normalise_card(str(getattr(interaction.namespace, "card", "") or ""))
        if isinstance(found, list):
            return []  # a number option: the card option says why
        if card is None:
            return []
        row, seat, ids = found
        view = self.bot.service.private_view(row, seat)
        return [app_commands.Choice(name=f"Flag {n}: {flag_summary(view, seat, int(n))}"[:100], value=int(n))
                for n in continuations(ids, f"play:{card}") if n.isdigit() and str(current).strip() in n][:25]

    @play.autocomplete("draw")
    async def play_draw_autocomplete(self, interaction: discord.Interaction, current: str):
        return await self._deck_choices(interaction)

    async def _deck_choices(self, interaction: discord.Interaction):
        found = await self._legal(interaction)
        if isinstance(found, list):
            return found
        row, seat, _ids = found
        decks = self.bot.service.private_view(row, seat)["decks"]
        return [app_commands.Choice(name=f"{d} deck ({decks[d]} left)", value=d) for d in DECKS if decks[d]]

    @app_commands.command(name="tactic", description="Play Scout, Redeploy, Deserter or Traitor")
    @app_commands.describe(card="Which guile tactic (the list shows those you can play now)",
                           flag="Redeploy/Traitor: the flag the card comes from; Deserter: the flag",
                           target="The card at that flag (yours for Redeploy, your opponent's otherwise)",
                           to="Redeploy/Traitor: the flag it goes to (Redeploy may also discard it)")
    @app_commands.autocomplete(match=match_autocomplete)
    async def tactic(self, interaction: discord.Interaction, card: str,
                     flag: app_commands.Range[int, 1, 9] | None = None, target: str | None = None, to: str | None = None, match: int | None = None):
        await defer(interaction)
        card_id = normalise_card(card) or card.strip()
        if card_id not in GUILE:
            raise UserError("`/battleline tactic` plays Scout, Redeploy, Deserter or Traitor; "
                            "other cards go with `/battleline play`.")
        if card_id == "T-SCOUT":
            action = "play:T-SCOUT"
        else:
            needs = ("flag", "target") if card_id == "T-DESERTER" else ("flag", "target", "to")
            given = {"flag": flag, "target": target, "to": to}
            missing = [n for n in needs if given[n] in (None, "")]
            if missing:
                raise UserError(f"{card_label(card_id)} needs " + ", ".join(f"`{n}`" for n in needs) + ".")
            target_id = normalise_card(target) or target.strip()
            action = f"play:{card_id}:{flag}:{target_id}"
            if card_id != "T-DESERTER":
                action += f":{to.strip().lower()}"
        await self._act(interaction, match, action)

    def _tactic_prefix(self, interaction: discord.Interaction, upto: str) -> str | None:
        ns = interaction.namespace
        card = normalise_card(str(getattr(ns, "card", "") or ""))
        if card is None:
            return None
        prefix = f"play:{card}"
        if upto in ("target", "to"):
            if getattr(ns, "flag", None) is None:
                return None
            prefix += f":{ns.flag}"
        if upto == "to":
            target = normalise_card(str(getattr(ns, "target", "") or ""))
            if target is None:
                return None
            prefix += f":{target}"
        return prefix

    @tactic.autocomplete("card")
    async def tactic_card_autocomplete(self, interaction: discord.Interaction, current: str):
        found = await self._legal(interaction)
        if isinstance(found, list):
            return found
        ids = found[2]
        text = current.strip().lower()
        return [app_commands.Choice(name=f"{card_label(c)}: {TACTIC_HINTS[c]}"[:100], value=c)
                for c in continuations(ids, "play") if c in GUILE and (text in c.lower() or text in
                                                                      card_label(c).lower())][:25]

    @tactic.autocomplete("flag")
    async def tactic_flag_autocomplete(self, interaction: discord.Interaction, current: str):
        found = await self._legal(interaction)
        prefix = self._tactic_prefix(interaction, "flag")
        if isinstance(found, list):
            return []  # a number option: the card option says why
        if prefix is None:
            return []
        row, seat, ids = found
        view = self.bot.service.private_view(row, seat)
        flags = dict.fromkeys(a.split(":")[2] for a in ids if a.startswith(prefix + ":") and len(a.split(":")) > 3)
        return [app_commands.Choice(name=f"Flag {n}: {flag_summary(view, seat, int(n))}"[:100], value=int(n))
                for n in flags][:25]

    @tactic.autocomplete("target")
    async def tactic_target_autocomplete(self, interaction: discord.Interaction, current: str):
        found = await self._legal(interaction)
        prefix = self._tactic_prefix(interaction, "target")
        if isinstance(found, list):
            return found
        if prefix is None:
            return []
        cards = dict.fromkeys(a.split(":")[3] for a in found[2] if a.startswith(prefix + ":"))
        return [app_commands.Choice(name=card_label(c), value=c) for c in cards][:25]

    @tactic.autocomplete("to")
    async def tactic_to_autocomplete(self, interaction: discord.Interaction, current: str):
        found = await self._legal(interaction)
        prefix = self._tactic_prefix(interaction, "to")
        if isinstance(found, list):
            return found
        if prefix is None:
            return []
        dests = continuations(found[2], prefix)
        return [app_commands.Choice(name="Discard it" if d == "discard" else f"Flag {d}", value=d) for d in dests][:25]

    @app_commands.command(name="pass", description="Pass: only when you cannot play a troop card (you may still claim)")
    @app_commands.autocomplete(match=match_autocomplete)
    async def pass_(self, interaction: discord.Interaction, match: int | None = None):
        await defer(interaction)
        await self._act(interaction, match, "pass")

    # -------------------------------------------------------------- step (b): claim

    @app_commands.command(name="claim", description="Claim flags, e.g. 3 5 7 (tried in that order)")
    @app_commands.describe(flags="Flag numbers separated by spaces; the list shows flags you can prove now")
    @app_commands.autocomplete(match=match_autocomplete)
    async def claim(self, interaction: discord.Interaction, flags: str, match: int | None = None):
        await defer(interaction)
        row, seat = await self._match(interaction, match)
        wanted = _flags_in(flags)
        if not wanted:
            raise UserError("Name the flags to claim by number, e.g. `3 5 7`.")
        service = self.bot.service
        game_no = row.snapshot["game_no"]
        lines, last = [], None
        for n in wanted:
            current = await service.get(row.id)
            if current.status != "active" or current.snapshot["game_no"] != game_no:
                lines.append(f"Flag {n}: not tried, the game is over.")
                continue
            try:
                last = await service.act(row.id, interaction.user.id, f"claim:{n}", answered=True)
                lines.append(f"Flag {n}: claimed.")
            except UserError as exc:  # a refused claim explains itself (D13) and the next is tried
                lines.append(f"Flag {n}: {exc.message}")
        names = await self.bot.presenter.seat_names(row)
        outcome = last or MoveOutcome(await service.get(row.id))
        await self.bot.presenter.answer_mover(interaction, outcome, name_seats("\n".join(lines), names))

    @claim.autocomplete("flags")
    async def claim_autocomplete(self, interaction: discord.Interaction, current: str):
        found = await self._legal(interaction)
        if isinstance(found, list):
            return found
        provable = [a.split(":")[1] for a in found[2] if a.startswith("claim:")]
        try:
            typed = [str(n) for n in _flags_in(current)]
        except UserError:  # a half-typed wrong number: offer the flags from scratch
            typed = []
        rest = [n for n in provable if n not in typed]
        base = " ".join(typed)
        out = []
        if len(rest) > 1:
            out.append(" ".join(typed + rest))
        out += [(base + " " + n).strip() for n in rest]
        return [app_commands.Choice(name=f"Flag{'s' if len(v.split()) > 1 else ''} {v}", value=v)
                for v in out][:25]

    @app_commands.command(name="done", description="Finish your claim step")
    @app_commands.autocomplete(match=match_autocomplete)
    async def done(self, interaction: discord.Interaction, match: int | None = None):
        await defer(interaction)
        await self._act(interaction, match, "done")

    # -------------------------------------------------------------- step (c): draw; Scout; Mud

    @app_commands.command(name="draw", description="Draw a card (also the Scout draws)")
    @app_commands.describe(deck="troop or tactics (the list shows decks that still have cards)")
    @app_commands.autocomplete(match=match_autocomplete)
    async def draw(self, interaction: discord.Interaction, deck: str, match: int | None = None):
        await defer(interaction)
        row, _seat = await self._match(interaction, match)
        which = deck.strip().lower()
        verb = "scout:draw" if row.snapshot["step"] == "scout_draw" else "draw"
        await perform(interaction, row.id, f"{verb}:{which}")

    @draw.autocomplete("deck")
    async def draw_autocomplete(self, interaction: discord.Interaction, current: str):
        return await self._deck_choices(interaction)

    @app_commands.command(name="return", description="Scout: put a card from your hand back on top of its deck")
    @app_commands.describe(card="The card to put back (the second one you put back lies on top)")
    @app_commands.autocomplete(match=match_autocomplete)
    async def return_(self, interaction: discord.Interaction, card: str, match: int | None = None):
        await defer(interaction)
        await self._act(interaction, match, f"scout:return:{normalise_card(card) or card.strip()}")

    @return_.autocomplete("card")
    async def return_autocomplete(self, interaction: discord.Interaction, current: str):
        return await self._card_choices(interaction, "scout:return", current)

    @app_commands.command(name="discard", description="After Mud has left a flag: discard one of your cards there")
    @app_commands.describe(card="One of your cards at that flag")
    @app_commands.autocomplete(match=match_autocomplete)
    async def discard(self, interaction: discord.Interaction, card: str, match: int | None = None):
        await defer(interaction)
        await self._act(interaction, match, f"muddiscard:{normalise_card(card) or card.strip()}")

    @discard.autocomplete("card")
    async def discard_autocomplete(self, interaction: discord.Interaction, current: str):
        return await self._card_choices(interaction, "muddiscard", current)

    async def _card_choices(self, interaction: discord.Interaction, prefix: str, current: str):
        found = await self._legal(interaction)
        if isinstance(found, list):
            return found
        text = current.strip().lower()
        return [app_commands.Choice(name=card_label(c), value=c) for c in continuations(found[2], prefix)
                if text in c.lower() or text in card_label(c).lower()][:25]


async def setup(bot):
    await bot.add_cog(BattleLineCog(bot))
