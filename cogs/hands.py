"""Each player's private hand: the picture, the prompt and the move components, sent by DM or
as an answer only the player sees."""
from __future__ import annotations

import hashlib
import logging
import pickle
from dataclasses import replace

import discord

from cogs.common import fit, lang_for, png_file
from cogs.components import board_view
from cogs.ui.game import ui_for
from cogs.ui.picker import move_items
from engine.base import Action, Choice, name_seats
from engine.text import Msg
from i18n import render
from matches import MoveOutcome
from store import MatchRow

log = logging.getLogger("boardgames")
HANDS_KEPT = 500  # hand pictures remembered (about 40 KB each)
NAMED_KEPT = 64  # (match, seat) whose named legal moves are remembered (read again at a click: cheap)


def read(text, lang: str, names: list[str]) -> str:
    """A text in `lang` with the players' names: a Msg's seats, or the "Player N" of a plain
    text (a test game's, or one stored before texts were Msgs)."""
    return name_seats(render(text, lang, names), names)


class PrivateHands:
    """One part of DiscordPresenter (cogs/presenter.py): it uses the others through `self`."""

    async def named_actions(self, match: MatchRow, seat: int) -> list[Action]:
        """The seat's legal moves with players' names in place of "Player N" in every label
        (named once for the very moves the service lists, which it keeps per version)."""
        names = await self.seat_names(match)
        legal = self.bot.service.legal_actions(match, seat)
        kept = self._named.get((match.id, seat))
        if kept is not None and kept[1] == names and len(kept[0]) == len(legal) and all(
                a is b for a, b in zip(kept[0], legal)):
            self._named.move_to_end((match.id, seat))
            return list(kept[2])
        actions = self._name_actions(legal, names)
        self._named[(match.id, seat)] = (legal, names, actions)
        self._named.move_to_end((match.id, seat))
        while len(self._named) > NAMED_KEPT:
            self._named.popitem(last=False)
        return list(actions)

    @staticmethod
    def _name_actions(actions: list[Action], names: list[str]) -> list[Action]:

        def same(a, b) -> bool:  # name_seats gives back the very text when it names nobody
            return a is b or (type(a) is str and a == b)

        def named(c: Choice) -> Choice:
            label, description = name_seats(c.label, names), name_seats(c.description, names)
            return c if same(label, c.label) and same(description, c.description) else \
                replace(c, label=label, description=description)

        def named_action(a: Action) -> Action:
            label, path = name_seats(a.label, names), tuple(named(c) for c in a.path)
            unchanged = same(label, a.label) and all(p is c for p, c in zip(path, a.path))
            return a if unchanged else replace(a, label=label, path=path)
        return [named_action(a) for a in actions]

    async def prompt(self, match: MatchRow, seat: int):
        """What the seat is asked now, in one sentence with players' names (a Msg, "" when
        nothing is asked)."""
        if match.status != "active" or match.snapshot is None:
            return ""
        return name_seats(self.bot.service.prompt(match, seat), await self.seat_names(match))

    async def private_message(self, match: MatchRow, seat: int, lang: str | None = None) -> dict:
        """The content, image and move components of one seat's private view, in `lang` (by
        default the language of the seat's player)."""
        if lang is None:
            lang = await self.person_lang(match.user_at(seat).user_id)
        return self._message_of(match, await self._private_parts(match, seat, lang))

    @staticmethod
    def _message_of(match: MatchRow, parts: tuple) -> dict:
        """A private message made of its parts (`_private_parts`): a new file and a new view each
        time, as every message sent needs its own."""
        content, png, items = parts
        dview = None
        if items:
            dview = discord.ui.View(timeout=None)
            for item in items:
                dview.add_item(item)
        return {"content": content, "file": png_file(png, f"match{match.id}-hand.png"), "view": dview}

    async def _private_parts(self, match: MatchRow, seat: int, lang: str) -> tuple:
        """(content, hand picture, move components) of one seat's private view in `lang`."""
        service = self.bot.service
        names = await self.seat_names(match, lang)
        view = service.private_view(match, seat)
        png = await self.hand_picture(match, seat, view, names, lang)
        actions = await self.named_actions(match, seat)
        items = []
        if actions:
            ui = ui_for(match.game)
            items = move_items(match, actions, ui.buttons,
                               simultaneous=len(service.active_players(match)) > 1, lang=lang)
        if match.status != "active":
            status = Msg("**{title}** · move {version} · your private view. The match is over.",
                         title=self.title(match), version=match.version)
        elif actions:
            status = Msg("**{title}** · move {version} · your private view. **Your move.** {prompt}",
                         title=self.title(match), version=match.version, prompt=await self.prompt(match, seat))
        else:
            status = Msg("**{title}** · move {version} · your private view. Waiting for the others.",
                         title=self.title(match), version=match.version)
        return render(status, lang, names).strip(), png, items

    async def hand_picture(self, match: MatchRow, seat: int, view, names: list[str], lang: str) -> bytes:
        """The seat's hand picture, drawn again only when what it shows has changed (the next
        player's hand did not change with the other's move: the last picture is sent again)."""
        key = (match.id, seat, lang)
        kept = self._hands.get(key)
        token = self.bot.service.state_token(match)
        if kept is not None and kept[2] == token and kept[3] == names:
            # drawn from this very state (the service names each state it keeps)
            self._hands.move_to_end(key)
            return kept[1]
        content = self.bot.pictures.hand_content(match.game, view)
        digest = hashlib.blake2b(pickle.dumps((match.game, content, names), protocol=pickle.HIGHEST_PROTOCOL),
                                 digest_size=16).digest()
        if kept is not None and kept[0] == digest:
            self._hands[key] = (digest, kept[1], token, list(names))
            self._hands.move_to_end(key)
            return kept[1]
        png = await self.bot.pictures.hand(match.game, view, names, lang)
        self._hands[key] = (digest, png, token, list(names))
        self._hands.move_to_end(key)
        while len(self._hands) > HANDS_KEPT:
            self._hands.popitem(last=False)
        return png

    async def send_private(self, match: MatchRow, seat: int, fresh: bool = False, parts: tuple | None = None) -> None:
        """Bring one seat's private hand message up to date: its one DM of the match is edited
        in place, and a new one is sent (so that Discord notifies) only when `fresh` (the seat's
        turn has come round) or there is none yet; the one before then loses its components.
        A closed DM is remembered (no more tries) and the thread is told once; the game never
        waits for it. `parts`: the hand's parts already made in the player's language (an answer
        to their command showed them)."""
        row = match.user_at(seat)
        if row is None or row.is_ai or not row.dm_ok:
            return
        if parts is None:
            parts = await self._private_parts(match, seat, await self.person_lang(row.user_id))
        message = self._message_of(match, parts)
        key = (match.id, seat)
        user = self.bot.get_user(row.user_id)
        if key not in self._hand_messages and user is not None:
            await self.recall(self._hand_messages, key, user.dm_channel or await user.create_dm(), match.id)
        kept = self._hand_messages.get(key)
        if kept is not None and not fresh:
            try:
                file = message.pop("file")
                edited = await self._edit_hand(kept.edit, key, kept, parts[1], file, message)
                self._hand_messages[key] = edited
                self._shows(key, edited, parts[1])
                return
            except discord.HTTPException:
                log.info("could not edit the hand of seat %s of match %s: a new one is sent", seat, match.id)
                message = self._message_of(match, parts)   # a new file and view: the others were used
        if message["view"] is None:
            message.pop("view")
        try:
            user = self.bot.get_user(row.user_id) or await self.bot.fetch_user(row.user_id)
            sent = await user.send(**message)
            await self._retire(self._hand_messages, key, sent)
            self._shows(key, sent, parts[1])
        except discord.Forbidden:
            await self.bot.service.set_dm_closed(match, seat)
            row.dm_ok = False
            channel = await self.channel_for(match)
            if channel is not None:
                lang = await self.channel_lang(match)
                await self._safe_send(channel, Msg("{person}: your DMs are closed — use the **Show my hand** button "
                                                   "to see your hand and move.", person=f"<@{row.user_id}>"),
                                      match=match, lang=lang, view=board_view(match.id, lang=lang))
        except discord.HTTPException:
            log.warning("could not DM seat %s of match %s", seat, match.id)

    async def _edit_hand(self, edit, key: tuple[int, int], message: discord.Message | None, png: bytes,
                         file: discord.File, fields: dict) -> discord.Message:
        """`edit` (of seat `key`'s hand `message`) with `fields`, and as its picture the one the
        message already shows when `png` is the same (nothing uploaded again, nothing reloaded on
        the reader's screen), else `file`; the file after all if the one shown is gone (another
        edit changed it meanwhile)."""
        shown = self._hand_pictures.get(key)
        if shown is None or message is None or shown[0] != message.id or shown[2] != _digest(png):
            return await edit(attachments=[file], **fields)
        try:
            return await edit(attachments=[shown[1]], **fields)
        except discord.HTTPException:
            self._hand_pictures.pop(key, None)
            return await edit(attachments=[file], **fields)

    def _shows(self, key: tuple[int, int], message: discord.Message, png: bytes) -> None:
        """Seat `key`'s hand message is now `message` (as an edit or a send gave it back), with
        picture `png` as its one attachment (kept: the attachment and a digest of the picture,
        for the hand messages still kept)."""
        if len(message.attachments) != 1:
            self._hand_pictures.pop(key, None)
            return
        self._hand_pictures[key] = (message.id, message.attachments[0], _digest(png))
        if len(self._hand_pictures) > 2 * len(self._hand_messages) + 64:
            for gone in [k for k in self._hand_pictures if k not in self._hand_messages]:
                del self._hand_pictures[gone]

    async def send_private_ephemeral(self, interaction: discord.Interaction, match_id: int) -> None:
        from matches import UserError
        match = await self.bot.service.get(match_id)
        seat = match.seat_of(interaction.user.id)
        if seat is None:
            raise UserError(Msg("You are not playing in this match, so you have no hand here."))
        if match.snapshot is None:
            raise UserError(Msg("This match has not started yet."))
        message = await self.private_message(match, seat, await lang_for(interaction))
        if message["view"] is None:
            message.pop("view")
        await interaction.followup.send(ephemeral=True, **message)

    async def _dm(self, user_id: int, **message) -> bool:
        if message.get("file") is None:
            message.pop("file", None)
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(allowed_mentions=discord.AllowedMentions.none(), **message)
            return True
        except discord.HTTPException:
            return False

    async def answer_mover(self, interaction: discord.Interaction, outcome: MoveOutcome, lead=Msg("Move played."),
                           also: tuple[MoveOutcome, ...] = ()) -> None:
        """The answer to a player's move: what happened privately, then their updated hand with
        its move menus, so the next step of the turn is one click away (the hand follows you).
        A click on a hand's component edits that very hand; a command is answered privately and
        the seat's hand message is brought up to date in place."""
        match = outcome.match
        seat = match.seat_of(interaction.user.id)
        told = [e.private[seat] for o in (*also, outcome) for step in o.steps if step.seat == seat and not step.by_ai
                for e in step.events if seat in e.private]
        lang = await lang_for(interaction)
        names = await self.seat_names(match, lang)
        text = " ".join(read(t, lang, names) for t in [lead, *told])
        if seat is None or match.snapshot is None:
            await interaction.followup.send(fit(text), ephemeral=True)
            return
        parts = await self._private_parts(match, seat, lang)
        message = self._message_of(match, parts)
        message["content"] = fit(f"{text}\n{message['content']}")
        if on_hand(interaction):
            await self._edit_clicked_hand(interaction, match, seat, parts, message)
            return
        if message["view"] is None:
            message.pop("view")
        await interaction.followup.send(ephemeral=True, **message)
        if (match.id, seat) in self._hand_messages:
            # the hand message shows the same parts when its reader reads the answer's language
            same = await self.person_lang(interaction.user.id) == lang
            await self.send_private(match, seat, parts=parts if same else None)

    async def show_hand_here(self, interaction: discord.Interaction, match: MatchRow, seat: int) -> None:
        """The hand a component is on, drawn again with its full move menus (a step's "back")."""
        parts = await self._private_parts(match, seat, await lang_for(interaction))
        await self._edit_clicked_hand(interaction, match, seat, parts, self._message_of(match, parts))

    async def _edit_clicked_hand(self, interaction: discord.Interaction, match: MatchRow, seat: int, parts: tuple,
                                 message: dict) -> None:
        """The hand message a component was clicked on, edited to `message` (made of `parts`);
        a DM is the seat's hand message from then on (later edits go to it)."""
        key = (match.id, seat)
        file = message.pop("file")
        edited = await self._edit_hand(interaction.edit_original_response, key, interaction.message, parts[1], file,
                                       message)
        if interaction.guild_id is None and interaction.message is not None:
            await self._retire(self._hand_messages, key, interaction.message)
            self._shows(key, edited, parts[1])


def _digest(png: bytes) -> bytes:
    return hashlib.blake2b(png, digest_size=16).digest()


def on_hand(interaction: discord.Interaction) -> bool:
    """The interaction is a click on a hand's component, answered by editing that message."""
    return (interaction.message is not None
            and interaction.response.type == discord.InteractionResponseType.deferred_message_update)
