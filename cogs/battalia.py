"""/battalia: the challenge, a rules summary, one slash command per player decision (spec 11.1)
and the buttons and pickers on the private hand message.

Every command and component only builds an engine action id (grammar: engine/battalia docstring)
and hands it to `bot.service.act`; the engine decides what is legal. Autocomplete and pickers are
filled from `service.legal_actions(match, seat)`, so they only ever offer what is legal now.
"""
from __future__ import annotations

import re

import discord
from discord import app_commands
from discord.ext import commands

from cogs import components
from cogs.common import defer, hint_choice, reply
from cogs.components import (MAX_OPTIONS, GameCogMixin, MatchItem, action_pages, generic_move_items,
                             menu_index, page_options, play_move, reply_with_page, seat_and_legal)
from cogs.matches import CLOCK_CHOICES, create_match, match_autocomplete
from engine.base import Action, name_seats
from engine.battalia import board as battalia_board
from engine.battalia import setup as battalia_setup
from matches import UserError
from matches.service import shorten

GAME = "battalia"
PAY_WITH = "Card ids to pay with, e.g. k3,k8 (default: chosen for you)"
CARD_IDS = re.compile(r"^[kv]\d+(,[kv]\d+)*$")
FORMATION = re.compile(r"^formation:\d(,\d)*$")  # formation:<seats who see the cards> (R23)
EDGES = "NESW"

# the command a player uses for each engine verb (for "what can I do now" hints)
VERB_COMMANDS = {
    "faction": "/battalia setup", "startcity": "/battalia setup",
    "formation": "/battalia turnstart", "redeploy": "/battalia turnstart", "start": "/battalia turnstart",
    "hire": "/battalia hire", "craft": "/battalia craft",
    "road": "/battalia build road", "city": "/battalia build city", "upgrade": "/battalia build upgrade",
    "place": "/battalia place",
    "hero": "/battalia hero hire", "move": "/battalia hero move", "wings": "/battalia hero wings",
    "amulet": "/battalia artifact amulet", "title": "/battalia artifact title",
    "scroll": "/battalia artifact scroll", "tent": "/battalia artifact tent",
    "strike": "/battalia artifact strike", "hammer": "/battalia artifact hammer", "horn": "/battalia artifact horn",
    "ambush": "/battalia ambush", "attack": "/battalia attack", "claim": "/battalia attack",
    "fight": "/battalia battle fight", "retreat": "/battalia battle retreat", "surrender": "/battalia battle surrender",
    "add": "/battalia battle add", "commit": "/battalia battle commit", "pass": "/battalia battle pass",
    "cancel": "/battalia battle cancel",
    "wild": "/battalia choose", "drop": "/battalia choose", "hornpick": "/battalia choose", "great": "/battalia choose",
    "end": "/battalia end",
}

RULES_TEXT = """**Battalia: The Creation** (2–4 players): how to play
• **Goal:** the most victory points (each city you hold scores its level, 1–4) when the board is full, someone owns five level-4 cities or the `weeks` limit is reached.
• **Cards pay for everything:** your hand is 6 cards of your own deck. Supply hires units; units build cities and roads and craft artifacts.
• **A turn:** start it, make as many moves as your cards pay for (hire, craft, build, move heroes, attack), then end it: your hand and used cards go to your Sanctuary and you draw 6.
• **Taking cities:** move a hero along roads onto a neutral or enemy city (or the Ruins) and attack with a Weapon and units stronger than its defence.
• **Moves:** use the menus and buttons under your private hand picture (only legal moves) or `/battalia` commands; card ids like k12 are on that picture.
**Reference**
**Turn:** 1. `turnstart`: Formation (3+ cards of one faction: draw extra; you pick who sees them), Redeploy (new hand of 5) or Start; your Ambush cards come back. 2. In any order: `hire`, `craft`, `build` (then `place`), `hero`, `artifact`, `ambush`, `attack`. 3. `end`. Cards gained reach your hand only after your next reshuffle.
**Costs:** Soldier/Captain/Priest/Commander 2/3/4/5 Supply (+1 Supply card); level-L city = 3 units of rank L; upgrade = 2 of the next rank; road = 1 (straight, curve) or 2 (T, cross) Soldiers + 1 Supply; hero = Weapon + 2 Supply; hero step = 1 Supply, or a Horse for 3.
**Battles:** the defender fights back, retreats a lone hero 2–3 squares, or surrenders; then both sides add cards in turn (`battle add`, `battle commit`). `battle pass` ends it; a tie goes to the defender; the loser's heroes leave the board.
**House rules** (in `/battalia challenge`): `weeks` limit, `cities` (2–3 each), `neutral` (off: none), `heroes` (1–2 each from the start), `level4` (how many end the game).
**Ties:** more level-4, then level-3 … cities. **Board:** a1–g7, rows 1–7 from the top."""

# the rulebook leaves these open; they are ours (spec section 10)
DESIGN_TEXT = """\
• Card, terrain and marker counts and the Oracle blade order are our configuration.
• Squares a1–g7; with 2 players the outer ring, with 3 players three squares per corner are out of play.
• You pay by naming nothing: the engine picks the cards (virtual copies first, then the faction you hold least of, Tools only when Soldiers run out); list ids in `cards` to choose yourself.
• Transformations (Amulet, Title, Scroll) are moves of their own; the transformed card then joins any row. This is the same as placing the artifact in that row: the artifact stays outside the combination, and chains (Scroll → Title → unit) work.
• A Formation is shown to the opponents you pick: they see the cards on their private hand; the channel only hears how many cards and who saw them.
• A Tent can be struck at any of your own steps in a battle, attacking or defending.
• House rules: extra starting cities are cross cities on fixed squares, chosen in turn like the first one; starting heroes stand on the first city you chose.
• In battle each side adds cards one at a time and closes its play with `commit`; `pass` ends the battle.
• A surrender counts as a lost battle; a retreat moves exactly 2–3 squares.
• A hero standing on its owner's city is defended together with the city.
• A full tie is a shared win.
• `weeks` ends the game after 7 rounds per week; a safety cap ends any game after 20 weeks.
• When a setup choice has only one answer (the last starting city left), it is made for you.
• Hiring when the Supply deck is empty still gives the unit."""


def house_options(variant: str, weeks: int | None, cities: int, neutral: bool, heroes: int, level4: int) -> dict:
    """The match options of a challenge: the variant and the R133 house rules that differ from the
    rulebook's game (so a plain challenge stores just the variant)."""
    options: dict = {"variant": variant}
    if weeks:
        options["weeks"] = weeks
    if cities and cities > 1:
        options["start_cities"] = cities
    if not neutral:
        options["no_neutral"] = True
    if heroes:
        options["start_heroes"] = heroes
    if level4 and level4 != battalia_setup.house_defaults()["level4_end"]:
        options["level4_end"] = level4
    return options


def match_rules_text(options: dict | None) -> str:
    """The variant and house rules a match is played with (R133), in words."""
    options = options or {}
    variant = {"normal": "Base game", "advanced": "Advanced game", "scenario1": "Scenario 1",
               "scenario2": "Scenario 2"}.get(options.get("variant", "normal"), "Base game")
    house = battalia_setup.house_rules_text(options)
    return f"{variant}; " + (f"house rules: {', '.join(house)}." if house else "no house rules.")


def verb_of(action_id: str) -> str:
    return action_id.split(":", 1)[0]


def now_hint(legal: list[Action]) -> str:
    commands_now = list(dict.fromkeys(VERB_COMMANDS.get(verb_of(a.id), "/match move") for a in legal))
    if not commands_now:
        return ""
    return "What you can do now: " + ", ".join(f"`{c}`" for c in commands_now) + "."


def with_cards(action_id: str, cards: str | None) -> str:
    """Append explicit card ids (the engine's optional payment list) to an action id."""
    if not cards or not cards.strip():
        return action_id
    ids = ",".join(part.strip() for part in cards.replace(" ", ",").split(",") if part.strip())
    if not CARD_IDS.match(ids):
        raise UserError("List card ids like `k12,k15` (the ids are on your hand picture).")
    return f"{action_id}:{ids}"


def action_for(verbs: tuple[str, ...], value: str) -> str:
    """The engine id from an option value: a full id from the autocomplete, or its argument alone."""
    value = (value or "").strip()
    if not value:
        raise UserError("Pick a value from the list.")
    if verb_of(value) in verbs:
        return value
    return f"{verbs[0]}:{value}"


# ------------------------------------------------------------------ components on the private hand

class MoveButton(components.MoveButton, template=r"bt:do:(?P<match>\d+):(?P<version>\d+):(?P<action>\S+)"):
    """One legal move as a button (the shared button, under this game's prefix)."""

    prefix = "bt:do"


class _SelectRow:
    """discord.py 2.7 keeps a Select's row in a slot named `row` while DynamicItem reads the
    item's `_row`: without this, a row given to a select-backed DynamicItem is lost."""

    @property
    def row(self) -> int | None:
        return self.item.row

    @row.setter
    def row(self, value: int | None) -> None:
        self.item.row = value


class MoveSelect(MatchItem, _SelectRow, discord.ui.DynamicItem[discord.ui.Select],
                 template=r"bt:pick:(?P<match>\d+):(?P<version>\d+):(?P<slot>[a-z]+)"):
    """A picker of legal moves of one kind (`slot`), e.g. hire/craft or the cards to add in battle."""

    def __init__(self, match_id: int, version: int, slot: str, actions: list[Action] | None = None,
                 placeholder: str = "Choose", select: discord.ui.Select | None = None):
        self.match_id, self.version, self.slot = match_id, version, slot
        super().__init__(select or discord.ui.Select(
            custom_id=f"bt:pick:{match_id}:{version}:{slot}", placeholder=placeholder[:150],
            options=[discord.SelectOption(label=a.label[:100], value=a.id[:100]) for a in (actions or [])][:MAX_OPTIONS]
            or [discord.SelectOption(label="(nothing)", value="-")]))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]), int(match["version"]), match["slot"], select=item)

    async def run(self, interaction: discord.Interaction) -> None:
        await play_move(interaction, self.match_id, self.version, self.item.values[0])


class PagePicker(MatchItem, _SelectRow, discord.ui.DynamicItem[discord.ui.Select],
                 template=r"bt:pages:(?P<match>\d+):(?P<version>\d+):(?P<slot>[a-z]+)"):
    """More than 25 moves of one kind: pick a group first, then the move (in an ephemeral answer)."""

    def __init__(self, match_id: int, version: int, slot: str, pages: list[str] | None = None,
                 placeholder: str = "Choose a group", select: discord.ui.Select | None = None):
        self.match_id, self.version, self.slot = match_id, version, slot
        super().__init__(select or discord.ui.Select(
            custom_id=f"bt:pages:{match_id}:{version}:{slot}", placeholder=placeholder[:150],
            options=page_options(pages or [])))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]), int(match["version"]), match["slot"], select=item)

    async def run(self, interaction: discord.Interaction) -> None:
        match, legal = await seat_and_legal(interaction, self.match_id, self.version)
        pages = action_pages(slot_actions(self.slot, legal))
        await reply_with_page(interaction, pages, menu_index(self.item.values, len(pages)),
                              lambda label, actions: MoveSelect(match.id, match.version, self.slot, actions,
                                                                placeholder=label))


class SquarePicker(MatchItem, _SelectRow, discord.ui.DynamicItem[discord.ui.Select],
                   template=r"bt:square:(?P<match>\d+):(?P<version>\d+)"):
    """Placement of a drawn road or city: pick the square, then (if several fit) the rotation."""

    def __init__(self, match_id: int, version: int, squares: list[str] | None = None,
                 select: discord.ui.Select | None = None):
        self.match_id, self.version = match_id, version
        super().__init__(select or discord.ui.Select(
            custom_id=f"bt:square:{match_id}:{version}", placeholder="Place the card: choose a square",
            options=[discord.SelectOption(label=sq, value=sq) for sq in (squares or [])][:MAX_OPTIONS]))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]), int(match["version"]), select=item)

    async def run(self, interaction: discord.Interaction) -> None:
        match, legal = await seat_and_legal(interaction, self.match_id, self.version)
        square = self.item.values[0]
        spots = [a for a in legal if a.id.startswith(f"place:{square}:")]
        if not spots:
            raise UserError(f"The card cannot go on {shorten(square)} now.")
        if len(spots) == 1:  # only one way round: no second question
            return await play_move(interaction, match.id, match.version, spots[0].id)
        tile = (interaction.client.service.private_view(match, match.seat_of(interaction.user.id))
                .get("pending") or {}).get("tile") or {}
        view = discord.ui.View(timeout=None)
        for a in spots:
            view.add_item(MoveButton(match.id, match.version, a.id, rotation_label(tile, int(a.id.split(":")[2]))))
        await reply(interaction, f"Which way round on **{square}**?", view=view)


DYNAMIC_ITEMS = (MoveButton, MoveSelect, PagePicker, SquarePicker)


def rotation_label(tile: dict, rot: int) -> str:
    if not tile.get("kind"):
        return f"Rotation {rot}"
    exits = battalia_board.rotate(battalia_board.shape_exits(tile["kind"], tile["shape"]), rot)
    return f"Rotation {rot}: roads {' '.join(EDGES[e] for e in exits)}"


# which verbs each picker of the private hand shows
SLOT_VERBS = {
    "acquire": ("hire", "craft"),
    "build": ("road", "city", "upgrade"),
    "heroes": ("hero", "move", "wings", "attack", "claim"),
    "add": ("add",),
    "transform": ("amulet", "title", "scroll"),
    "retreat": ("retreat",),
}
SLOT_TITLES = {
    "acquire": "Hire a unit or craft an artifact",
    "build": "Build a road or a city, or upgrade a city",
    "heroes": "Heroes: hire, move, fly, attack, claim",
    "other": "Artifacts, Tents, Ambush, Great Artifacts",
    "add": "Add a card to your battle line",
    "transform": "Transform a card (Amulet, Title, Scroll)",
    "retreat": "Retreat the hero (instead of fighting)",
}
TURN_SLOTS = ("acquire", "build", "heroes", "other")
TURN_BUTTON_VERBS = ("end",)


def slot_actions(slot: str, legal: list[Action]) -> list[Action]:
    if slot == "other":  # everything of the actions step that no other picker or button shows
        shown = {v for s in TURN_SLOTS if s != "other" for v in SLOT_VERBS[s]} | set(TURN_BUTTON_VERBS)
        return [a for a in legal if verb_of(a.id) not in shown]
    return [a for a in legal if verb_of(a.id) in SLOT_VERBS[slot]]


def _picker(match, slot: str, actions: list[Action]) -> discord.ui.Item:
    if len(actions) <= MAX_OPTIONS:
        return MoveSelect(match.id, match.version, slot, actions, placeholder=SLOT_TITLES[slot])
    pages = [label for label, _ in action_pages(actions)]
    return PagePicker(match.id, match.version, slot, pages, placeholder=SLOT_TITLES[slot] + " (choose a group)")


def _buttons(match, actions: list[Action], style_of=None) -> list[discord.ui.Item]:
    out = []
    for a in actions:
        if len(f"bt:do:{match.id}:{match.version}:{a.id}") > 100:
            continue  # too long for a custom_id; the pickers or /battalia still offer it
        style = style_of(a) if style_of else discord.ButtonStyle.secondary
        out.append(MoveButton(match.id, match.version, a.id, a.label, style))
    return out


def _layout(blocks: list[tuple[str, list[discord.ui.Item]]]) -> list[discord.ui.Item]:
    """Give every item a row: a select takes a row, buttons go five to a row; at most 5 rows."""
    out, row = [], 0
    for kind, items in blocks:
        if kind == "select":
            for item in items:
                if row >= 5:
                    return out
                item.row = row
                out.append(item)
                row += 1
        else:
            for i in range(0, len(items), 5):
                if row >= 5:
                    return out
                for item in items[i:i + 5]:
                    item.row = row
                    out.append(item)
                row += 1
    return out


def _battle_style(a: Action) -> discord.ButtonStyle:
    verb = verb_of(a.id)
    if verb in ("fight", "commit"):
        return discord.ButtonStyle.success
    if verb in ("surrender", "cancel"):
        return discord.ButtonStyle.danger
    return discord.ButtonStyle.secondary


def move_items(match, view: dict, seat: int, legal: list[Action]) -> list[discord.ui.Item]:
    """presenter.MOVE_UIS["battalia"]: the components under a seat's private hand."""
    verbs = {verb_of(a.id) for a in legal}

    def by(*wanted: str) -> list[Action]:
        return [a for a in legal if verb_of(a.id) in wanted]

    battle = view.get("battle")
    pending = view.get("pending")
    if view.get("phase") in ("setup_faction", "setup_city", "start") and len(legal) <= 10:
        return _layout([("buttons", _buttons(match, legal, lambda a: discord.ButtonStyle.primary
                                             if a.id in ("start", "formation") else discord.ButtonStyle.secondary))])
    if pending and pending.get("kind") == "place" and verbs == {"place"}:
        squares = list(dict.fromkeys(a.id.split(":")[1] for a in legal))
        if len(squares) <= MAX_OPTIONS:
            return [SquarePicker(match.id, match.version, squares)]
    if battle and not pending:
        if battle.get("stage") == "decide":  # the defender answers: fight / surrender, or retreat
            blocks = [("buttons", _buttons(match, by("fight", "surrender"), _battle_style))]
            if by("retreat"):
                blocks.append(("select", [_picker(match, "retreat", by("retreat"))]))
            blocks.append(("buttons", _buttons(match, by("strike"))))
            return _layout(blocks)
        blocks = []
        for slot in ("add", "transform"):
            if slot_actions(slot, legal):
                blocks.append(("select", [_picker(match, slot, slot_actions(slot, legal))]))
        blocks.append(("buttons", _buttons(match, by("commit", "pass", "cancel"), _battle_style)
                       + _buttons(match, by("strike"))))
        return _layout(blocks)
    if view.get("phase") == "actions" and not pending and not battle:
        blocks = [("select", [_picker(match, slot, slot_actions(slot, legal))])
                  for slot in TURN_SLOTS if slot_actions(slot, legal)]
        blocks.append(("buttons", _buttons(match, by(*TURN_BUTTON_VERBS), lambda a: discord.ButtonStyle.danger)))
        return _layout(blocks)
    return generic_move_items(match, legal)  # anything else: the platform's grouped select


# ------------------------------------------------------------------ the slash commands

def _describe_match():
    return app_commands.describe(match="Which match (only needed if you play several Battalia matches)")


class BattaliaCog(GameCogMixin, commands.GroupCog, group_name="battalia",
                  group_description="Battalia: The Creation (2–4 players): build, hire, fight for cities"):
    build = app_commands.Group(name="build", description="Build a road or a city, or upgrade a city")
    hero = app_commands.Group(name="hero", description="Hire, move or fly your heroes")
    artifact = app_commands.Group(name="artifact",
                                  description="Use an artifact: Amulet, Title, Scroll, Tent, Hammer, Horn")
    battle = app_commands.Group(name="battle", description="Battle moves: fight, retreat, surrender, add, commit, pass")

    def __init__(self, bot):
        self.bot = bot

    GAME = GAME
    GAME_ITEMS = DYNAMIC_ITEMS
    GAME_MOVE_UI = staticmethod(move_items)

    # -------------------------------------------------------------- shared plumbing

    async def _match_of(self, interaction: discord.Interaction, match_id: int | None):
        """The Battalia match a command is about, and the user's seat in it."""
        return await self.bot.service.find_seat(interaction.user.id, match_id=match_id,
                                                channel_id=interaction.channel_id, guild_id=interaction.guild_id,
                                                game=GAME)

    async def _legal_now(self, interaction: discord.Interaction) -> tuple[object, int, list[Action]] | list:
        """For autocomplete: the match, seat and legal actions, or the choices to show instead
        (why there are none: e.g. which match to name)."""
        try:
            row, seat = await self._match_of(interaction, getattr(interaction.namespace, "match", None))
        except UserError as exc:
            return [hint_choice(exc.message)]
        return row, seat, self.bot.service.legal_actions(row, seat)

    async def _choices(self, interaction: discord.Interaction, current: str,
                       verbs: tuple[str, ...]) -> list[app_commands.Choice[str]]:
        found = await self._legal_now(interaction)
        if isinstance(found, list):
            return found
        text = (current or "").lower()
        presenter = getattr(self.bot, "presenter", None)
        names = await presenter.seat_names(found[0]) if presenter is not None else []
        out = []
        for a in found[2]:
            label = name_seats(a.label, names) if names else a.label
            if verb_of(a.id) in verbs and (text in label.lower() or text in a.id.lower()):
                out.append(app_commands.Choice(name=label[:100], value=a.id[:100]))
        return out[:25]

    async def _card_choices(self, interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
        """Card ids for the optional payment list: the unused cards in hand, one more per pick."""
        found = await self._legal_now(interaction)
        if isinstance(found, list):
            return found
        row, seat, _ = found
        hand = [c for c in self.bot.service.private_view(row, seat).get("hand", []) if c.get("uses_left", 1) > 0]
        prefix = current[:current.rfind(",") + 1] if "," in current else ""
        chosen = {part.strip() for part in prefix.split(",") if part.strip()}
        typed = current[len(prefix):].strip().lower()
        return [app_commands.Choice(name=f"{prefix}{c['id']} ({c['label'].rsplit(' [', 1)[0]})"[:100],
                                    value=f"{prefix}{c['id']}"[:100])
                for c in hand if c["id"] not in chosen and typed in f"{c['id']} {c['label']}".lower()][:25]

    async def _play(self, interaction: discord.Interaction, match_id: int | None, verbs: tuple[str, ...],
                    what: str, value: str | None = None, cards: str | None = None, build=None) -> None:
        """Check the command fits the current decision step, build the action id (from the option
        value, or with `build(row, seat)`), and let the service apply it."""
        await defer(interaction)
        service = self.bot.service
        row, seat = await self._match_of(interaction, match_id)
        if service.is_active(row, seat):
            legal = service.legal_actions(row, seat)
            if not any(verb_of(a.id) in verbs for a in legal):
                raise UserError(f"You cannot {what} now. {now_hint(legal)}".strip())
        if build is not None:
            action_id = build(row, seat)
        elif value is None:
            action_id = verbs[0]
        else:
            action_id = with_cards(action_for(verbs, value), cards)
        outcome = await service.act(row.id, interaction.user.id, action_id, answered=True)
        await self.bot.presenter.answer_mover(interaction, outcome)

    # -------------------------------------------------------------- lobby and rules

    @app_commands.command(name="challenge", description="Challenge people (or me, for computer players) to Battalia")
    @app_commands.describe(opponent="Who to challenge (pick me for a computer player)",
                           opponent2="Another opponent", opponent3="Another opponent",
                           computers="How many more computer players to add (0–3)",
                           variant="Base game (default), Advanced, Scenario 1 or Scenario 2 (4 players)",
                           weeks="House rule: end after this many Oracle weeks of 7 rounds (2 short, 3 ideal)",
                           cities="House rule: starting cities per player (default 1)",
                           neutral="House rule: False starts without the neutral cities (default True)",
                           heroes="House rule: heroes each player has on the board from the start (default 0)",
                           level4="House rule: how many level-4 cities end the game (default 5)",
                           clock="Time to move (default: the server's setting)")
    @app_commands.choices(clock=CLOCK_CHOICES, variant=[
        app_commands.Choice(name="Base game", value="normal"),
        app_commands.Choice(name="Advanced (home terrain bonuses)", value="advanced"),
        app_commands.Choice(name="Scenario 1 (stronger neutral cities and Ruins)", value="scenario1"),
        app_commands.Choice(name="Scenario 2 (no starting cities, 4 players)", value="scenario2")])
    async def challenge(self, interaction: discord.Interaction, opponent: discord.User,
                        opponent2: discord.User | None = None, opponent3: discord.User | None = None,
                        computers: app_commands.Range[int, 0, 3] = 0, variant: str = "normal",
                        weeks: app_commands.Range[int, 1, 5] | None = None,
                        cities: app_commands.Range[int, 1, 3] = 1, neutral: bool = True,
                        heroes: app_commands.Range[int, 0, 2] = 0, level4: app_commands.Range[int, 1, 7] = 5,
                        clock: str | None = None):
        await defer(interaction)
        named = [o for o in (opponent, opponent2, opponent3) if o is not None]
        people = named + [self.bot.user] * computers  # create_match counts each bot entry as a seat
        humans = {o.id for o in named if o.id != self.bot.user.id}
        seats = 1 + len(humans) + sum(1 for o in people if o.id == self.bot.user.id)
        if not 2 <= seats <= 4:
            raise UserError(f"Battalia is for 2–4 players; that would be {seats}.")
        if variant == "scenario2" and seats != 4:
            raise UserError("Scenario 2 is played by exactly 4 players (add computer players with `computers`).")
        options = house_options(variant, weeks, cities, neutral, heroes, level4)
        problem = battalia_setup.option_problem(seats, options)
        if problem:
            raise UserError(f"{problem}.")
        await create_match(interaction, GAME, people, None, options, clock=clock)

    @app_commands.command(name="rules",
                          description="How Battalia is played here, and which rules are our own decisions")
    @app_commands.describe(match="Also show the house rules of this match (default: your match here, if any)")
    @app_commands.autocomplete(match=match_autocomplete)
    async def rules(self, interaction: discord.Interaction, match: int | None = None):
        embeds = [discord.Embed(title="Our design decisions (the rulebook leaves these open)",
                                description=DESIGN_TEXT)]
        try:
            row, _seat = await self._match_of(interaction, match)
        except UserError:
            row = None
        if row is not None:
            embeds.append(discord.Embed(title=f"Match #{row.id}", description=match_rules_text(row.options)))
        await reply(interaction, RULES_TEXT, embeds=embeds)

    # -------------------------------------------------------------- setup and turn start

    @app_commands.command(name="setup", description="Choose your faction, then your starting city")
    @app_commands.describe(choice="Factions or starting cities still free")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def setup_(self, interaction: discord.Interaction, choice: str, match: int | None = None):
        await self._play(interaction, match, ("faction", "startcity"), "choose a faction or a starting city", choice)

    @setup_.autocomplete("choice")
    async def _setup_choices(self, interaction, current):
        return await self._choices(interaction, current, ("faction", "startcity"))

    @app_commands.command(name="turnstart", description="Start your turn: declare a Formation, Redeploy, or just start")
    @app_commands.describe(choice="Formation (extra cards, shown to the opponents you pick), Redeploy (new hand of 5) or Start")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def turnstart(self, interaction: discord.Interaction, choice: str, match: int | None = None):
        verbs = ("formation", "redeploy", "start")

        def make(row, seat):
            value = choice.strip()
            if value not in verbs and not FORMATION.match(value):
                raise UserError("Choose `formation` (with the opponents who see it, from the list), "
                                "`redeploy` or `start`.")
            return value
        await self._play(interaction, match, verbs, "start a turn", build=make)

    @turnstart.autocomplete("choice")
    async def _turnstart_choices(self, interaction, current):
        return await self._choices(interaction, current, ("formation", "redeploy", "start"))

    # -------------------------------------------------------------- acquiring

    @app_commands.command(name="hire", description="Hire a unit with Supply (you also gain one Supply card)")
    @app_commands.describe(unit="Units you can afford now", cards=PAY_WITH)
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def hire(self, interaction: discord.Interaction, unit: str, cards: str | None = None,
                   match: int | None = None):
        await self._play(interaction, match, ("hire",), "hire a unit", unit, cards)

    @hire.autocomplete("cards")
    async def _hire_cards(self, interaction, current):
        return await self._card_choices(interaction, current)

    @hire.autocomplete("unit")
    async def _hire_choices(self, interaction, current):
        return await self._choices(interaction, current, ("hire",))

    @app_commands.command(name="craft", description="Craft an artifact from units (and Supply)")
    @app_commands.describe(artifact="Artifacts you can craft now (the matched one may name a faction)",
                           cards=PAY_WITH)
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def craft(self, interaction: discord.Interaction, artifact: str, cards: str | None = None,
                    match: int | None = None):
        await self._play(interaction, match, ("craft",), "craft an artifact", artifact, cards)

    @craft.autocomplete("cards")
    async def _craft_cards(self, interaction, current):
        return await self._card_choices(interaction, current)

    @craft.autocomplete("artifact")
    async def _craft_choices(self, interaction, current):
        return await self._choices(interaction, current, ("craft",))

    # -------------------------------------------------------------- building

    def _placement_action(self, base: str, square: str | None, rotation: int | None, row, seat) -> str:
        """road:<shape> / city:<level>:<shape> with an optional square and rotation."""
        if square is None:
            if rotation is not None:
                raise UserError("Give the square too, or neither (then you place the card after drawing it).")
            return base
        square = square.strip().lower()
        if rotation is None:  # one way round fits: take it; else the player must say
            rots = [r for sq, r in self._placements(row, seat, base) if sq == square]
            if len(rots) != 1:
                raise UserError(f"Give the rotation too (0–3); on {square} these fit: "
                                f"{', '.join(map(str, rots)) or 'none'}.")
            rotation = rots[0]
        return f"{base}:{square}:{rotation}"

    def _placements(self, row, seat, base: str) -> list[tuple[str, int]]:
        parts = base.split(":")
        kind, shape = ("road", parts[1]) if parts[0] == "road" else ("city", parts[-1])
        try:
            return battalia_board.legal_placements(row.snapshot, seat, kind, shape)
        except (KeyError, IndexError):
            return []

    async def _square_choices(self, interaction, current, want_rotation: bool):
        found = await self._legal_now(interaction)
        if isinstance(found, list):
            return found
        row, seat, legal = found
        road, plan = getattr(interaction.namespace, "type", None), getattr(interaction.namespace, "plan", None)
        if not (road or plan):
            return []
        base = action_for(("road",), road) if road else action_for(("city",), plan)
        if base not in {a.id for a in legal}:
            return []
        spots = self._placements(row, seat, base)
        if want_rotation:
            square = (getattr(interaction.namespace, "square", None) or "").strip().lower()
            return [app_commands.Choice(name=f"rotation {r}", value=r) for sq, r in spots if sq == square][:25]
        squares = list(dict.fromkeys(sq for sq, _ in spots))
        return [app_commands.Choice(name=sq, value=sq) for sq in squares if current.lower() in sq][:25]

    @build.command(name="road", description="Build a road (1–2 Soldiers + 1 Supply)")
    @app_commands.describe(type="Roads you can build now", square="Where (empty: place it after drawing)",
                           rotation="Clockwise quarter turns (0–3)", cards=PAY_WITH)
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def build_road(self, interaction: discord.Interaction, type: str, square: str | None = None,
                         rotation: app_commands.Range[int, 0, 3] | None = None, cards: str | None = None,
                         match: int | None = None):
        await self._play(interaction, match, ("road",), "build a road", build=lambda row, seat: with_cards(
            self._placement_action(action_for(("road",), type), square, rotation, row, seat), cards))

    @build_road.autocomplete("cards")
    async def _build_road_cards(self, interaction, current):
        return await self._card_choices(interaction, current)

    @build_road.autocomplete("type")
    async def _road_choices(self, interaction, current):
        return await self._choices(interaction, current, ("road",))

    @build_road.autocomplete("square")
    async def _road_squares(self, interaction, current):
        return await self._square_choices(interaction, current, False)

    @build_road.autocomplete("rotation")
    async def _road_rotations(self, interaction, current):
        return await self._square_choices(interaction, current, True)

    @build.command(name="city", description="Build a city: 3 units of one rank give a city of that level")
    @app_commands.describe(plan="Level and gate pattern you can build now",
                           square="Where (empty: place it after drawing)",
                           rotation="Clockwise quarter turns (0–3)", cards=PAY_WITH)
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def build_city(self, interaction: discord.Interaction, plan: str, square: str | None = None,
                         rotation: app_commands.Range[int, 0, 3] | None = None, cards: str | None = None,
                         match: int | None = None):
        await self._play(interaction, match, ("city",), "build a city", build=lambda row, seat: with_cards(
            self._placement_action(action_for(("city",), plan), square, rotation, row, seat), cards))

    @build_city.autocomplete("cards")
    async def _build_city_cards(self, interaction, current):
        return await self._card_choices(interaction, current)

    @build_city.autocomplete("plan")
    async def _city_choices(self, interaction, current):
        return await self._choices(interaction, current, ("city",))

    @build_city.autocomplete("square")
    async def _city_squares(self, interaction, current):
        return await self._square_choices(interaction, current, False)

    @build_city.autocomplete("rotation")
    async def _city_rotations(self, interaction, current):
        return await self._square_choices(interaction, current, True)

    @build.command(name="upgrade", description="Upgrade one of your cities a level (2 units of the next rank)")
    @app_commands.describe(city="Your cities you can upgrade now", cards=PAY_WITH)
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def build_upgrade(self, interaction: discord.Interaction, city: str, cards: str | None = None,
                            match: int | None = None):
        await self._play(interaction, match, ("upgrade",), "upgrade a city", city, cards)

    @build_upgrade.autocomplete("cards")
    async def _build_upgrade_cards(self, interaction, current):
        return await self._card_choices(interaction, current)

    @build_upgrade.autocomplete("city")
    async def _upgrade_choices(self, interaction, current):
        return await self._choices(interaction, current, ("upgrade",))

    @app_commands.command(name="place", description="Place the road or city card you drew")
    @app_commands.describe(spot="Square and rotation where the card fits (type a square to narrow the list)")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def place(self, interaction: discord.Interaction, spot: str, match: int | None = None):
        await self._play(interaction, match, ("place",), "place a card", spot)

    @place.autocomplete("spot")
    async def _place_choices(self, interaction, current):
        return await self._choices(interaction, current, ("place",))

    # -------------------------------------------------------------- heroes

    @hero.command(name="hire", description="Hire a hero onto one of your cities (a Weapon + 2 Supply)")
    @app_commands.describe(city="Your cities where a hero can be hired now", cards=PAY_WITH)
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def hero_hire(self, interaction: discord.Interaction, city: str, cards: str | None = None,
                        match: int | None = None):
        await self._play(interaction, match, ("hero",), "hire a hero", city, cards)

    @hero_hire.autocomplete("cards")
    async def _hero_hire_cards(self, interaction, current):
        return await self._card_choices(interaction, current)

    @hero_hire.autocomplete("city")
    async def _hero_choices(self, interaction, current):
        return await self._choices(interaction, current, ("hero",))

    @hero.command(name="move", description="Move a hero along roads (1 Supply per square, or a Horse for 3)")
    @app_commands.describe(to="Hero, destination and payment",
                           cards="Supply or Horse ids to pay with (default: chosen for you)")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def hero_move(self, interaction: discord.Interaction, to: str, cards: str | None = None,
                        match: int | None = None):
        def make(row, seat):
            action = action_for(("move",), to)
            if cards:  # explicit cards replace the payment mode (sup/horse)
                parts = action.split(":")
                action = with_cards(":".join(parts[:3]), cards)
            return action
        await self._play(interaction, match, ("move",), "move a hero", build=make)

    @hero_move.autocomplete("cards")
    async def _hero_move_cards(self, interaction, current):
        return await self._card_choices(interaction, current)

    @hero_move.autocomplete("to")
    async def _move_choices(self, interaction, current):
        return await self._choices(interaction, current, ("move",))

    @hero.command(name="wings", description="Fly a hero anywhere on the discovered land (Wings of Aviena)")
    @app_commands.describe(to="Hero and destination")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def hero_wings(self, interaction: discord.Interaction, to: str, match: int | None = None):
        await self._play(interaction, match, ("wings",), "fly a hero", to)

    @hero_wings.autocomplete("to")
    async def _wings_choices(self, interaction, current):
        return await self._choices(interaction, current, ("wings",))

    # -------------------------------------------------------------- artifacts

    @artifact.command(name="amulet", description="Put a card on an Amulet and roll the die")
    @app_commands.describe(use="Amulet and the card it transforms")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def amulet(self, interaction: discord.Interaction, use: str, match: int | None = None):
        await self._play(interaction, match, ("amulet",), "use an Amulet", use)

    @amulet.autocomplete("use")
    async def _amulet_choices(self, interaction, current):
        return await self._choices(interaction, current, ("amulet",))

    @artifact.command(name="title", description="Upgrade a unit one rank with a Title")
    @app_commands.describe(use="Title and the unit it upgrades")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def title(self, interaction: discord.Interaction, use: str, match: int | None = None):
        await self._play(interaction, match, ("title",), "use a Title", use)

    @title.autocomplete("use")
    async def _title_choices(self, interaction, current):
        return await self._choices(interaction, current, ("title",))

    @artifact.command(name="scroll", description="Change a card's faction (or the Scroll's own) with a Spell Scroll")
    @app_commands.describe(use="Scroll, the card and the new faction")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def scroll(self, interaction: discord.Interaction, use: str, match: int | None = None):
        await self._play(interaction, match, ("scroll",), "use a Spell Scroll", use)

    @scroll.autocomplete("use")
    async def _scroll_choices(self, interaction, current):
        return await self._choices(interaction, current, ("scroll",))

    @artifact.command(name="tent", description="Pitch a Tent (1 Supply) and station a card on it")
    @app_commands.describe(use="Tent and the card to station")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def tent(self, interaction: discord.Interaction, use: str, match: int | None = None):
        await self._play(interaction, match, ("tent",), "pitch a Tent", use)

    @tent.autocomplete("use")
    async def _tent_choices(self, interaction, current):
        return await self._choices(interaction, current, ("tent",))

    @artifact.command(name="strike", description="Strike a Tent: its cards return to your hand")
    @app_commands.describe(tent="Your pitched Tents")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def strike(self, interaction: discord.Interaction, tent: str, match: int | None = None):
        await self._play(interaction, match, ("strike",), "strike a Tent", tent)

    @strike.autocomplete("tent")
    async def _strike_choices(self, interaction, current):
        return await self._choices(interaction, current, ("strike",))

    @artifact.command(name="hammer", description="Declare which artifact the Hammer of Strato acts as this turn")
    @app_commands.describe(role="The artifact type")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def hammer(self, interaction: discord.Interaction, role: str, match: int | None = None):
        await self._play(interaction, match, ("hammer",), "use the Hammer", role)

    @hammer.autocomplete("role")
    async def _hammer_choices(self, interaction, current):
        return await self._choices(interaction, current, ("hammer",))

    @artifact.command(name="horn", description="Blow the Horn of Baldur: take up to 2 cards from your Realm")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def horn(self, interaction: discord.Interaction, match: int | None = None):
        await self._play(interaction, match, ("horn",), "blow the Horn")

    # -------------------------------------------------------------- ambush, attack

    @app_commands.command(name="ambush", description="Put a card in Ambush by banishing another card")
    @app_commands.describe(play="The card to ambush and the card to banish")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def ambush(self, interaction: discord.Interaction, play: str, match: int | None = None):
        await self._play(interaction, match, ("ambush",), "ambush", play)

    @ambush.autocomplete("play")
    async def _ambush_choices(self, interaction, current):
        return await self._choices(interaction, current, ("ambush",))

    @app_commands.command(name="attack", description="Attack with a hero on the target square (or claim an empty city)")
    @app_commands.describe(target="Square, target and the heroes taking part")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def attack(self, interaction: discord.Interaction, target: str, match: int | None = None):
        await self._play(interaction, match, ("attack", "claim"), "attack",
                         target)

    @attack.autocomplete("target")
    async def _attack_choices(self, interaction, current):
        return await self._choices(interaction, current, ("attack", "claim"))

    # -------------------------------------------------------------- battle

    @battle.command(name="fight", description="Defender: fight back (choose Ambush pick-up and heroes)")
    @app_commands.describe(how="Whether to pick up your Ambush cards, and which heroes take part")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def battle_fight(self, interaction: discord.Interaction, how: str, match: int | None = None):
        await self._play(interaction, match, ("fight",), "fight back", how)

    @battle_fight.autocomplete("how")
    async def _fight_choices(self, interaction, current):
        return await self._choices(interaction, current, ("fight",))

    @battle.command(name="retreat", description="Defender: save your attacked hero by retreating 2–3 squares")
    @app_commands.describe(to="Square and payment")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def battle_retreat(self, interaction: discord.Interaction, to: str, match: int | None = None):
        await self._play(interaction, match, ("retreat",), "retreat", to)

    @battle_retreat.autocomplete("to")
    async def _retreat_choices(self, interaction, current):
        return await self._choices(interaction, current, ("retreat",))

    @battle.command(name="surrender", description="Defender: give up the battle")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def battle_surrender(self, interaction: discord.Interaction, match: int | None = None):
        await self._play(interaction, match, ("surrender",), "surrender")

    @battle.command(name="add", description="Add a card to your battle line")
    @app_commands.describe(card="Cards with battle strength you can add now",
                           uses="Illuminated Weapon or Horse: 2 = +2 now, 1 = +1 and keep a use for later")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def battle_add(self, interaction: discord.Interaction, card: str,
                         uses: app_commands.Range[int, 1, 2] | None = None, match: int | None = None):
        def make(row, seat):
            action = action_for(("add",), card)
            if uses is not None:
                action = f"{':'.join(action.split(':')[:2])}:{uses}"
            return action
        await self._play(interaction, match, ("add",), "add a card", build=make)

    @battle_add.autocomplete("card")
    async def _add_choices(self, interaction, current):
        return await self._choices(interaction, current, ("add",))

    @battle.command(name="commit",
                    description="Close your play (your total must beat, or as defender match, the other)")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def battle_commit(self, interaction: discord.Interaction, match: int | None = None):
        await self._play(interaction, match, ("commit",), "close your play")

    @battle.command(name="pass", description="Stop adding cards: the battle ends")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def battle_pass(self, interaction: discord.Interaction, match: int | None = None):
        await self._play(interaction, match, ("pass",), "pass")

    @battle.command(name="cancel", description="Attacker: call off an attack before the opening is closed")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def battle_cancel(self, interaction: discord.Interaction, match: int | None = None):
        await self._play(interaction, match, ("cancel",), "call off the attack")

    # -------------------------------------------------------------- choices and the end of the turn

    @app_commands.command(name="choose",
                          description="Answer a question: wild card type, Ambush discard, Horn cards, Great Artifact")
    @app_commands.describe(option="The choices open to you now")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def choose(self, interaction: discord.Interaction, option: str, match: int | None = None):
        verbs = ("wild", "drop", "hornpick", "great")
        await self._play(interaction, match, verbs, "choose", option)

    @choose.autocomplete("option")
    async def _choose_choices(self, interaction, current):
        return await self._choices(interaction, current, ("wild", "drop", "hornpick", "great"))

    @app_commands.command(name="end", description="End your turn: discard everything and draw 6")
    @_describe_match()
    @app_commands.autocomplete(match=match_autocomplete)
    async def end(self, interaction: discord.Interaction, match: int | None = None):
        await self._play(interaction, match, ("end",), "end the turn")


async def setup(bot):
    await bot.add_cog(BattaliaCog(bot))
