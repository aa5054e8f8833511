"""Buttons and selects that survive restarts.

Each is a `DynamicItem`: its custom_id carries the match id (and, for moves, the match
version the player saw), so after a restart discord.py rebuilds it from the custom_id alone
and a click on an old board is recognised as stale instead of replaying an old choice.
"""
from __future__ import annotations

from typing import Callable

import discord

from cogs.common import is_manager, reply
from cogs.ui.picker import MatchItem
from engine.base import Action
from matches import STALE_MESSAGE, UserError

MAX_OPTIONS = 25  # Discord's limit for a select menu
MOVE_PLAYED = "Move played."


def menu_index(values: list[str], count: int) -> int:
    """The page a paged picker's menu chose; a value that is no page of it is stale."""
    value = values[0] if values else ""
    if not value.isdigit() or not 0 <= int(value) < count:
        raise UserError(STALE_MESSAGE)
    return int(value)


async def play_move(interaction: discord.Interaction, match_id: int, version: int, action_id: str) -> None:
    """A move chosen on a component made at `version` (refused as stale if the match moved on)."""
    outcome = await interaction.client.service.act(match_id, interaction.user.id, action_id,
                                                   expected_version=version, answered=True)
    await interaction.client.presenter.answer_mover(interaction, outcome)


def action_pages(actions: list[Action]) -> list[tuple[str, list[Action]]]:
    """Split legal actions into pages of at most 25, keeping each group together where it fits."""
    groups: dict[str, list[Action]] = {}
    for a in actions:
        groups.setdefault(a.group or "Moves", []).append(a)
    pages = []
    for name, members in groups.items():
        chunks = [members[i:i + MAX_OPTIONS] for i in range(0, len(members), MAX_OPTIONS)]
        for n, chunk in enumerate(chunks, 1):
            pages.append((name if len(chunks) == 1 else f"{name} ({n}/{len(chunks)})", chunk))
    return pages


def _options(actions: list[Action]) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=a.label[:100], value=a.id[:100]) for a in actions]


class ActionSelect(MatchItem, discord.ui.DynamicItem[discord.ui.Select],
                   template=r"bg:act:(?P<match>\d+):(?P<version>\d+)"):
    """Pick one legal move (the values are engine action ids)."""

    def __init__(self, match_id: int, version: int, actions: list[Action] | None = None,
                 placeholder: str = "Choose your move", select: discord.ui.Select | None = None):
        self.match_id, self.version = match_id, version
        super().__init__(select or discord.ui.Select(
            custom_id=f"bg:act:{match_id}:{version}", placeholder=placeholder,
            options=_options(actions or []) or [discord.SelectOption(label="(no moves)", value="-")]))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]), int(match["version"]), select=item)

    async def run(self, interaction: discord.Interaction) -> None:
        await play_move(interaction, self.match_id, self.version, self.item.values[0])


class MoveButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"bg:do:(?P<match>\d+):(?P<version>\d+):(?P<action>\S+)"):
    """One legal move as a button; the custom_id carries the action id and the version it was
    offered at. A game subclasses it (own prefix and template) to answer a move its own way."""

    prefix = "bg:do"

    def __init__(self, match_id: int, version: int, action_id: str, label: str = "",
                 style: discord.ButtonStyle = discord.ButtonStyle.secondary, button: discord.ui.Button | None = None):
        self.match_id, self.version, self.action_id = match_id, version, action_id
        super().__init__(button or discord.ui.Button(label=(label or action_id)[:80], style=style,
                                                     custom_id=f"{self.prefix}:{match_id}:{version}:{action_id}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]), int(match["version"]), match["action"], button=item)

    async def run(self, interaction: discord.Interaction) -> None:
        await self.perform(interaction)

    async def perform(self, interaction: discord.Interaction) -> None:
        await play_move(interaction, self.match_id, self.version, self.action_id)


async def seat_and_legal(interaction: discord.Interaction, match_id: int, version: int):
    """The match and the clicker's legal moves, for a component made at `version`."""
    service = interaction.client.service
    match = await service.get(match_id)
    if match.version != version:
        raise UserError(STALE_MESSAGE)
    seat = match.seat_of(interaction.user.id)
    if seat is None:
        raise UserError("You are not playing in this match.")
    return match, service.legal_actions(match, seat)


def page_options(pages: list[str]) -> list[discord.SelectOption]:
    return [discord.SelectOption(label=p[:100], value=str(i)) for i, p in enumerate(pages)][:MAX_OPTIONS]


async def reply_with_page(interaction: discord.Interaction, pages: list[tuple[str, list[Action]]], index: int,
                          select_for: Callable[[str, list[Action]], discord.ui.Item]) -> None:
    """The second step of a paged move picker: the moves of the chosen group, ephemerally."""
    if not 0 <= index < len(pages):
        raise UserError(STALE_MESSAGE)
    label, actions = pages[index]
    view = discord.ui.View(timeout=None)
    view.add_item(select_for(label, actions))
    await reply(interaction, f"**{label}**: choose your move.", view=view)


class PageSelect(MatchItem, discord.ui.DynamicItem[discord.ui.Select],
                 template=r"bg:page:(?P<match>\d+):(?P<version>\d+)"):
    """When there are more than 25 legal moves: pick a group first, then the move."""

    def __init__(self, match_id: int, version: int, pages: list[str] | None = None,
                 select: discord.ui.Select | None = None):
        self.match_id, self.version = match_id, version
        super().__init__(select or discord.ui.Select(
            custom_id=f"bg:page:{match_id}:{version}", placeholder="Choose a kind of move",
            options=page_options(pages or [])))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]), int(match["version"]), select=item)

    async def run(self, interaction: discord.Interaction) -> None:
        match, legal = await seat_and_legal(interaction, self.match_id, self.version)
        pages = action_pages(legal)
        await reply_with_page(interaction, pages, menu_index(self.item.values, len(pages)),
                              lambda label, actions: ActionSelect(match.id, match.version, actions,
                                                                  placeholder=label[:150]))


class HandButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button], template=r"bg:hand:(?P<match>\d+)"):
    """On every board message: answers with the clicker's private view, ephemerally."""

    def __init__(self, match_id: int):
        self.match_id = match_id
        super().__init__(discord.ui.Button(label="Show my hand", emoji="🂠", style=discord.ButtonStyle.primary,
                                           custom_id=f"bg:hand:{match_id}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]))

    async def run(self, interaction: discord.Interaction) -> None:
        await interaction.client.presenter.send_private_ephemeral(interaction, self.match_id)


LOBBY_LABELS = {"join": "Join", "leave": "Leave", "start": "Start", "cancel": "Cancel",
                "accept": "Accept", "decline": "Decline"}
LOBBY_STYLES = {"join": discord.ButtonStyle.success, "accept": discord.ButtonStyle.success,
                "start": discord.ButtonStyle.primary, "leave": discord.ButtonStyle.secondary,
                "cancel": discord.ButtonStyle.danger, "decline": discord.ButtonStyle.danger}


class LobbyButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button],
                  template=r"bg:lobby:(?P<op>join|leave|start|cancel|accept|decline):(?P<match>\d+)"):
    def __init__(self, op: str, match_id: int):
        self.op, self.match_id = op, match_id
        super().__init__(discord.ui.Button(label=LOBBY_LABELS[op], style=LOBBY_STYLES[op],
                                           custom_id=f"bg:lobby:{op}:{match_id}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["op"], int(match["match"]))

    async def run(self, interaction: discord.Interaction) -> None:
        service = interaction.client.service
        user = interaction.user.id
        if self.op == "join":
            await service.join(self.match_id, user)
            msg = "You joined the table."
        elif self.op == "leave":
            await service.leave(self.match_id, user)
            msg = "You left the table."
        elif self.op == "start":
            await service.start(self.match_id, user, is_admin=is_manager(interaction))
            msg = "The match has started."
        elif self.op == "cancel":
            await service.cancel(self.match_id, user, guild_id=interaction.guild_id,
                                 is_admin=is_manager(interaction))
            msg = "The match was cancelled."
        elif self.op == "accept":
            await service.accept(self.match_id, user)
            msg = "Challenge accepted."
        else:
            await service.decline(self.match_id, user)
            msg = "Challenge declined."
        await reply(interaction, msg)


CLOCK_LABELS = {"claim": "Claim the win", "wait": "Keep waiting", "vote": "Let the computer play",
                "reclaim": "Take my seat back"}
CLOCK_STYLES = {"claim": discord.ButtonStyle.danger, "wait": discord.ButtonStyle.secondary,
                "vote": discord.ButtonStyle.primary, "reclaim": discord.ButtonStyle.success}


class ClockButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button],
                  template=r"bg:clock:(?P<op>claim|wait|vote|reclaim):(?P<match>\d+):(?P<seat>\d+)"):
    """Under an "out of time" notice (claim, wait, vote) and on boards while the computer
    plays for an absent player (reclaim). The service re-checks the clock on every click."""

    def __init__(self, op: str, match_id: int, seat: int):
        self.op, self.match_id, self.seat = op, match_id, seat
        super().__init__(discord.ui.Button(label=CLOCK_LABELS[op], style=CLOCK_STYLES[op],
                                           custom_id=f"bg:clock:{op}:{match_id}:{seat}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["op"], int(match["match"]), int(match["seat"]))

    async def run(self, interaction: discord.Interaction) -> None:
        service = interaction.client.service
        user = interaction.user.id
        if self.op == "claim":
            await service.claim_win(self.match_id, user, self.seat)
            msg = "You win: your opponent ran out of time."
        elif self.op == "vote":
            _, handed = await service.vote_handoff(self.match_id, user, self.seat)
            msg = "The computer now plays that seat." if handed else "Your vote is counted."
        elif self.op == "reclaim":
            await service.reclaim(self.match_id, user)
            msg = "You play your seat again."
        else:
            match = await service.get(self.match_id)
            if match.seat_of(user) is None:
                return await reply(interaction, "You are not playing in this match.")
            msg = ("You keep waiting. The player can still move; these buttons stay usable "
                   "while they are out of time.")
        await reply(interaction, msg)


UNDO_LABELS = {"ask": "Take back my move", "yes": "Allow the take-back", "no": "Refuse"}
UNDO_STYLES = {"ask": discord.ButtonStyle.secondary, "yes": discord.ButtonStyle.success,
               "no": discord.ButtonStyle.danger}


async def ask_undo(service, match_id: int, user_id: int, version: int | None = None) -> str:
    """Ask to take back one's last move (button or /match undo); the answer to show."""
    before = await service.get(match_id)
    after = await service.request_undo(match_id, user_id, version)
    return ("Your move was taken back." if after.version != before.version
            else "Asked; the other players answer with the buttons in the match's channel.")


class UndoButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button],
                 template=r"bg:undo:(?P<op>ask|yes|no):(?P<match>\d+):(?P<version>\d+)"):
    """Ask to take back the move that led to this board (ask), or approve or refuse such a
    request (yes, no). Each is valid only at the version it was posted for."""

    def __init__(self, op: str, match_id: int, version: int):
        self.op, self.match_id, self.version = op, match_id, version
        super().__init__(discord.ui.Button(label=UNDO_LABELS[op], style=UNDO_STYLES[op],
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

    def __init__(self, match_id: int):
        self.match_id = match_id
        super().__init__(discord.ui.Button(label="Rematch", emoji="🔁", style=discord.ButtonStyle.success,
                                           custom_id=f"bg:rematch:{match_id}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]))

    async def run(self, interaction: discord.Interaction) -> None:
        match = await interaction.client.service.rematch(self.match_id, interaction.user.id)
        where = f" in <#{match.thread_id}>" if match.thread_id else ""
        await reply(interaction, f"Rematch #{match.id} has started{where}.")


class LogPageButton(MatchItem, discord.ui.DynamicItem[discord.ui.Button], template=r"bg:log:(?P<match>\d+):(?P<page>\d+)"):
    """Earlier / later page of a /match log answer (which is ephemeral: the page is edited)."""

    def __init__(self, match_id: int, page: int, *, earlier: bool = True, disabled: bool = False):
        self.match_id, self.page = match_id, page
        super().__init__(discord.ui.Button(label="◀ Earlier" if earlier else "Later ▶",
                                           style=discord.ButtonStyle.secondary, disabled=disabled,
                                           custom_id=f"bg:log:{match_id}:{page}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(int(match["match"]), int(match["page"]))

    defers = False  # the answer edits the page in place

    async def run(self, interaction: discord.Interaction) -> None:
        match = await interaction.client.service.get(self.match_id)
        content, view = await interaction.client.presenter.history_page(match, self.page)
        await interaction.response.edit_message(content=content, view=view,
                                                 allowed_mentions=discord.AllowedMentions.none())


DYNAMIC_ITEMS = (ActionSelect, MoveButton, PageSelect, HandButton, LobbyButton, ClockButton, UndoButton, RematchButton,
                 LogPageButton)


def board_view(match_id: int, extra: list[discord.ui.Item] = ()) -> discord.ui.View:
    view = discord.ui.View(timeout=None)
    view.add_item(HandButton(match_id))
    for item in extra:
        view.add_item(item)
    return view


def lobby_view(match) -> discord.ui.View | None:
    view = discord.ui.View(timeout=None)
    if match.status != "open":
        return None
    if match.invited:
        for op in ("accept", "decline", "cancel"):
            view.add_item(LobbyButton(op, match.id))
    else:
        for op in ("join", "leave", "start", "cancel"):
            view.add_item(LobbyButton(op, match.id))
    return view


def generic_move_items(match, actions: list[Action]) -> list[discord.ui.Item]:
    """The default way to move in any game: one select of legal moves (or of groups)."""
    if not actions:
        return []
    if len(actions) <= MAX_OPTIONS:
        return [ActionSelect(match.id, match.version, actions)]
    pages = action_pages(actions)
    return [PageSelect(match.id, match.version, [label for label, _ in pages])]


class GameCogMixin:
    """For a game's cog: registers its DynamicItems and its private-view move UI on load.
    The cog class sets GAME (engine name), GAME_ITEMS and GAME_MOVE_UI."""

    GAME: str
    GAME_ITEMS: tuple = ()

    async def cog_load(self) -> None:
        from cogs.ui import game
        self.bot.add_dynamic_items(*self.GAME_ITEMS)
        game.register(self.GAME, game.GameUI(hand_items=type(self).GAME_MOVE_UI, items=self.GAME_ITEMS))

    async def cog_unload(self) -> None:
        from cogs.ui import game
        self.bot.remove_dynamic_items(*self.GAME_ITEMS)
        game.unregister(self.GAME)
