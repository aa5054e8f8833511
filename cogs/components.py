"""The platform's buttons that survive restarts (the moves' own are in cogs/ui/picker.py).

Labels are in the language of the message they are on (the server's under a board, the
person's on a private answer). Each is a `DynamicItem`: its custom_id carries the match id (and, where it matters, the match
version the player saw), so after a restart discord.py rebuilds it from the custom_id alone
and a click on an old board is recognised as stale instead of replaying an old choice.
"""
from __future__ import annotations

import discord

from cogs.common import is_manager, lang_for, reply
from cogs.ui.picker import MatchItem
from engine.text import Msg
from i18n import ENGLISH, render
from matches import STALE_MESSAGE


class HandButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button], template=r"bg:hand:(?P<match>\d+)"):
    """On every board message: answers with the clicker's private view, ephemerally."""

    def __init__(self, match_id: int, lang: str = ENGLISH):
        self.match_id = match_id
        super().__init__(discord.ui.Button(label=render(Msg("Show my hand"), lang), emoji="🂠", style=discord.ButtonStyle.primary,
                                           custom_id=f"bg:hand:{match_id}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.client.presenter.send_private_ephemeral(interaction, self.match_id)


LOBBY_LABELS = {"join": Msg("Join"), "leave": Msg("Leave"), "start": Msg("Start"), "cancel": Msg("Cancel"),
                "accept": Msg("Accept"), "decline": Msg("Decline")}
LOBBY_STYLES = {"join": discord.ButtonStyle.success, "accept": discord.ButtonStyle.success,
                "start": discord.ButtonStyle.primary, "leave": discord.ButtonStyle.secondary,
                "cancel": discord.ButtonStyle.danger, "decline": discord.ButtonStyle.danger}


class LobbyButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button],
                  template=r"bg:lobby:(?P<op>join|leave|start|cancel|accept|decline):(?P<match>\d+)"):
    def __init__(self, op: str, match_id: int, lang: str = ENGLISH):
        self.op, self.match_id = op, match_id
        super().__init__(discord.ui.Button(label=render(LOBBY_LABELS[op], lang), style=LOBBY_STYLES[op],
                                           custom_id=f"bg:lobby:{op}:{match_id}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["op"], int(match["match"]))

    async def run(self, interaction: discord.Interaction) -> None:
        service = interaction.client.service
        user = interaction.user.id
        if self.op == "join":
            await service.join(self.match_id, user)
            msg = Msg("You joined the table.")
        elif self.op == "leave":
            await service.leave(self.match_id, user)
            msg = Msg("You left the table.")
        elif self.op == "start":
            await service.start(self.match_id, user, is_admin=is_manager(interaction))
            msg = Msg("The match has started.")
        elif self.op == "cancel":
            await service.cancel(self.match_id, user, guild_id=interaction.guild_id,
                                 is_admin=is_manager(interaction))
            msg = Msg("The match was cancelled.")
        elif self.op == "accept":
            await service.accept(self.match_id, user)
            msg = Msg("Challenge accepted.")
        else:
            await service.decline(self.match_id, user)
            msg = Msg("Challenge declined.")
        await reply(interaction, msg)


CLOCK_LABELS = {"claim": Msg("Claim the win"), "wait": Msg("Keep waiting"), "vote": Msg("Let the computer play"),
                "reclaim": Msg("Take my seat back")}
CLOCK_STYLES = {"claim": discord.ButtonStyle.danger, "wait": discord.ButtonStyle.secondary,
                "vote": discord.ButtonStyle.primary, "reclaim": discord.ButtonStyle.success}


class ClockButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button],
                  template=r"bg:clock:(?P<op>claim|wait|vote|reclaim):(?P<match>\d+):(?P<seat>\d+)"):
    """Under an "out of time" notice (claim, wait, vote) and on boards while the computer
    plays for an absent player (reclaim). The service re-checks the clock on every click."""

    def __init__(self, op: str, match_id: int, seat: int, lang: str = ENGLISH):
        self.op, self.match_id, self.seat = op, match_id, seat
        super().__init__(discord.ui.Button(label=render(CLOCK_LABELS[op], lang), style=CLOCK_STYLES[op],
                                           custom_id=f"bg:clock:{op}:{match_id}:{seat}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["op"], int(match["match"]), int(match["seat"]))

    async def run(self, interaction: discord.Interaction) -> None:
        service = interaction.client.service
        user = interaction.user.id
        if self.op == "claim":
            await service.claim_win(self.match_id, user, self.seat)
            msg = Msg("You win: your opponent ran out of time.")
        elif self.op == "vote":
            _, handed = await service.vote_handoff(self.match_id, user, self.seat)
            msg = Msg("The computer now plays that seat.") if handed else Msg("Your vote is counted.")
        elif self.op == "reclaim":
            await service.reclaim(self.match_id, user)
            msg = Msg("You play your seat again.")
        else:
            match = await service.get(self.match_id)
            if match.seat_of(user) is None:
                return await reply(interaction, Msg("You are not playing in this match."))
            msg = Msg("You keep waiting. The player can still move; these buttons stay usable "
                      "while they are out of time.")
        await reply(interaction, msg)


UNDO_LABELS = {"ask": Msg("Take back my move"), "yes": Msg("Allow the take-back"), "no": Msg("Refuse")}
UNDO_STYLES = {"ask": discord.ButtonStyle.secondary, "yes": discord.ButtonStyle.success,
               "no": discord.ButtonStyle.danger}


async def ask_undo(service, match_id: int, user_id: int, version: int | None = None) -> Msg:
    """Ask to take back one's last move (button or /match undo); the answer to show."""
    before = await service.get(match_id)
    after = await service.request_undo(match_id, user_id, version)
    return (Msg("Your move was taken back.") if after.version != before.version
            else Msg("Asked; the other players answer with the buttons in the match's channel."))


class UndoButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"bg:undo:(?P<op>ask|yes|no):(?P<match>\d+):(?P<version>\d+)"):
    """Ask to take back the move that led to this board (ask), or approve or refuse such a
    request (yes, no). Each is valid only at the version it was posted for."""

    def __init__(self, op: str, match_id: int, version: int, lang: str = ENGLISH):
        self.op, self.match_id, self.version = op, match_id, version
        super().__init__(discord.ui.Button(label=render(UNDO_LABELS[op], lang), style=UNDO_STYLES[op],
                                           emoji="↩️" if op == "ask" else None,
                                           custom_id=f"bg:undo:{op}:{match_id}:{version}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["op"], int(match["match"]), int(match["version"]))

    async def run(self, interaction: discord.Interaction) -> None:
        service = interaction.client.service
        if self.op == "ask":
            msg = await ask_undo(service, self.match_id, interaction.user.id, self.version)
        else:
            msg = await service.answer_undo(self.match_id, interaction.user.id, self.version, self.op == "yes")
        await reply(interaction, msg)


class RematchButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button], template=r"bg:rematch:(?P<match>\d+)"):
    """On the final board: the same players again, the other player first."""

    def __init__(self, match_id: int, lang: str = ENGLISH):
        self.match_id = match_id
        super().__init__(discord.ui.Button(label=render(Msg("Rematch"), lang), emoji="🔁", style=discord.ButtonStyle.success,
                                           custom_id=f"bg:rematch:{match_id}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]))

    async def run(self, interaction: discord.Interaction) -> None:
        match = await interaction.client.service.rematch(self.match_id, interaction.user.id)
        await reply(interaction, Msg("Rematch #{id} has started in {thread}.", id=match.id, thread=f"<#{match.thread_id}>")
                    if match.thread_id else Msg("Rematch #{id} has started.", id=match.id))


class LogPageButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button], template=r"bg:log:(?P<match>\d+):(?P<page>\d+)"):
    """Earlier / later page of a /match log answer (which is ephemeral: the page is edited)."""

    def __init__(self, match_id: int, page: int, *, earlier: bool = True, disabled: bool = False,
                 lang: str = ENGLISH):
        self.match_id, self.page = match_id, page
        super().__init__(discord.ui.Button(label=render(Msg("◀ Earlier") if earlier else Msg("Later ▶"), lang),
                                           style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"bg:log:{match_id}:{page}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]), int(match["page"]))

    defers = False  # the answer edits the page in place

    async def run(self, interaction: discord.Interaction) -> None:
        match = await interaction.client.service.get(self.match_id)
        content, view = await interaction.client.presenter.history_page(match, self.page, await lang_for(interaction))
        await interaction.response.edit_message(content=content, view=view,
                                                 allowed_mentions=discord.AllowedMentions.none())


class RetiredMove(discord.ui.DynamicItem[discord.ui.Item],
                  template=r"(?:bl|bt):[a-z]+:\d+:.*|bg:(?:act|page|do):\d+:.*"):
    """Move buttons and menus of earlier versions of the bot, still on hands sent before an
    upgrade: a click is answered as out of date (the current hand is one button away), never
    left unanswered."""

    def __init__(self, item: discord.ui.Item):
        super().__init__(item)

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(item)

    async def callback(self, interaction: discord.Interaction) -> None:
        await reply(interaction, STALE_MESSAGE)


DYNAMIC_ITEMS = (RetiredMove, HandButton, LobbyButton, ClockButton, UndoButton, RematchButton, LogPageButton)


def board_view(match_id: int, extra: list[discord.ui.Item] = (), lang: str = ENGLISH) -> discord.ui.View:
    """Buttons under a notice in the match's channel: "Show my hand" first."""
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(match_id, lang))
    for item in extra:
        view.add_item(item)
    return view


def board_layout(match_id: int, text: str, picture: str | None = None, extra: list[discord.ui.Item] = (),
                 lang: str = ENGLISH, *, live: bool = True) -> discord.ui.LayoutView:
    """A board message as one unit (Discord's layout components): what happened and who must act,
    the picture (`picture`: the name of the file sent with it), and its buttons; `live=False`: the
    same board superseded, without buttons."""
    view = discord.ui.LayoutView(timeout=None)
    parts: list[discord.ui.Item] = [discord.ui.TextDisplay(text)]
    if picture:
        parts.append(discord.ui.MediaGallery(discord.MediaGalleryItem(f"attachment://{picture}")))
    if live:
        parts.append(discord.ui.ActionRow(HandButton(match_id, lang), *extra))
    view.add_item(discord.ui.Container(*parts))
    return view


def walk(components) -> list:
    """Every component under `components`, depth first, inside rows and layout containers."""
    found = []
    for c in components:
        found.append(c)
        found.extend(walk(getattr(c, "children", None) or
                           [x for x in (getattr(c, "accessory", None),) if x is not None]))
    return found


def custom_ids(message: discord.Message) -> list[str]:
    """The custom ids of every button and menu on a message, in rows or inside a layout."""
    return [c.custom_id for c in walk(message.components) if getattr(c, "custom_id", None)]


def retired_layout(message: discord.Message) -> discord.ui.LayoutView | None:
    """A superseded layout message as it stands, without its buttons (None for a plain message,
    whose components simply go). The texts and the picture's file name are read back from the
    message, so this holds after a restart too."""
    if not message.flags.components_v2:
        return None
    text = "\n".join(c.content for c in walk(message.components) if isinstance(c, discord.TextDisplay))
    picture = message.attachments[0].filename if message.attachments else None
    return board_layout(0, text, picture, live=False)


def lobby_view(match, lang: str = ENGLISH) -> discord.ui.View | None:
    view = discord.ui.View(timeout=None)
    if match.status != "open":
        return None
    if match.invited:
        for op in ("accept", "decline", "cancel"):
            view.add_item(LobbyButton(op, match.id, lang))
    else:
        for op in ("join", "leave", "start", "cancel"):
            view.add_item(LobbyButton(op, match.id, lang))
    return view
