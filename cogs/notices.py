"""The notices a match posts besides its boards: reminders, nudges, out-of-time and take-back
questions with their buttons, taken off once settled."""
from __future__ import annotations

import logging

import discord

from cogs.common import fit
from cogs.components import ClockButton, UndoButton, board_view
from engine.text import Msg
from i18n import render
from store import MatchRow, Notice

log = logging.getLogger("boardgames")


class Notices:
    """One part of DiscordPresenter (cogs/presenter.py): it uses the others through `self`."""

    async def _ping(self, match: MatchRow, seat: int, text: Msg) -> None:
        """DM one player in their language; when the DM fails, say it in the match's channel
        (in the server's) with a mention."""
        row = match.user_at(seat)
        if row is None or row.is_ai:
            return
        if row.dm_ok and await self._dm(row.user_id, content=fit(text, lang=await self.person_lang(row.user_id))):
            return
        channel = await self.channel_for(match)
        if channel is not None:
            await self._safe_send(channel, Msg("{person} {text}", person=f"<@{row.user_id}>", text=text), match=match,
                                  lang=await self.channel_lang(match))

    async def remind(self, match: MatchRow, seat: int, deadline: float) -> None:
        await self._ping(match, seat, Msg("⏰ Reminder: it is your move in **{title}** in {where}; your time runs out "
                                          "{due}.", title=self.title(match), where=self._where(match),
                                          due=f"<t:{int(deadline)}:R>"))

    async def nudge(self, match: MatchRow, seats: list[int], by_user: int) -> None:
        for seat in seats:
            await self._ping(match, seat, Msg("👋 {person} is waiting for your move in **{title}** in {where}.",
                                              person=f"<@{by_user}>", title=self.title(match),
                                              where=self._where(match)))

    async def out_of_time(self, match: MatchRow, seat: int) -> None:
        channel = await self.channel_for(match)
        if channel is None:
            return
        # delivered again after a stop: the notice for this seat and turn stands already
        if any(n.kind == "timeout" and n.seat == seat and n.version == match.version
               for n in await self.bot.service.open_notices(match.id)):
            return
        absent = match.user_at(seat).user_id
        others = " ".join(f"<@{s.user_id}>" for s in match.seats if not s.is_ai and s.seat != seat)
        lang = await self.channel_lang(match)
        if len(match.seats) == 2:
            ops = ("claim", "wait")
            text = Msg("⌛ {person} is out of time in **{title}**. {others}: you may claim the win or keep "
                       "waiting. They can still move until someone decides.",
                       person=f"<@{absent}>", title=self.title(match), others=others)
        else:
            ops = ("vote", "wait")
            text = Msg("⌛ {person} is out of time in **{title}**. {others}: you may vote to let the computer play "
                       "their seat (they are recorded as losing unless they come back) or keep waiting. They can "
                       "still move until someone decides.", person=f"<@{absent}>", title=self.title(match),
                       others=others)
        view = board_view(match.id, [ClockButton(op, match.id, seat, lang) for op in ops], lang)
        await self._post_notice(match, "timeout", seat, view, render(text, lang))

    async def undo_requested(self, match: MatchRow, seat: int) -> None:
        channel = await self.channel_for(match)
        if channel is None:
            return
        asker = match.user_at(seat).user_id
        others = " ".join(f"<@{s.user_id}>" for s in match.seats if not s.is_ai and s.seat != seat)
        lang = await self.channel_lang(match)
        view = board_view(match.id, [UndoButton("yes", match.id, match.version, lang),
                                     UndoButton("no", match.id, match.version, lang)], lang)
        await self._post_notice(match, "undo", seat, view,
                                render(Msg("↩️ {person} asks to take back their last move. {others}: do you allow it?",
                                           person=f"<@{asker}>", others=others), lang))

    async def _post_notice(self, match: MatchRow, kind: str, seat: int, view, content: str) -> None:
        """Post a question with buttons (`content` already in the server's language) and
        remember it, so its buttons go once it is settled."""
        channel = await self.channel_for(match)
        if channel is None:
            return
        message = await self._safe_send(channel, content, match=match, view=view)
        if message is not None:
            await self.bot.service.add_notice(match.id, channel.id, message.id, kind, seat,
                                                    match.version, content)

    def _settled(self, match: MatchRow, notice: Notice, taken_back: bool) -> Msg | None:
        """How a notice's question was settled, or None while it still stands."""
        service = self.bot.service
        if notice.kind == "undo":
            pending = match.meta.get("undo") or {}
            if match.status == "active" and match.version == notice.version == pending.get("version"):
                return None
            if match.version == notice.version:
                return Msg("Settled: the move stays.")
            if taken_back and match.version == notice.version + 1:
                return Msg("Settled: the move was taken back.")
            return Msg("Settled: the match has moved on.")
        if match.status == "active" and notice.seat not in match.meta.get("absent", []) \
                and service.is_overdue(match, notice.seat):
            return None
        if notice.seat in (match.result or {}).get("timeout", []):
            return Msg("Settled: the win was claimed.")
        if notice.seat in match.meta.get("absent", []):
            return Msg("Settled: the computer plays this seat.")
        if match.status != "active":
            return Msg("Settled: the match is over.")
        return Msg("Settled: they moved in time.")

    async def settle_notices(self, match: MatchRow, *, taken_back: bool = False) -> None:
        """Take the buttons off every notice of the match whose question is settled, and say
        how; the service re-checks every click anyway, this keeps the channel honest."""
        service = self.bot.service
        lang = await self.channel_lang(match)
        for notice in await service.open_notices(match.id):
            outcome = self._settled(match, notice, taken_back)
            if outcome is None or not await service.close_notice(notice.message_id):
                continue
            channel = self.bot.get_channel(notice.channel_id)
            if channel is None:
                continue
            try:
                await channel.get_partial_message(notice.message_id).edit(
                    content=f"{notice.content}\n*{render(outcome, lang)}*"[:2000], view=None,
                    allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException:
                log.info("could not close notice %s of match %s", notice.message_id, match.id)
