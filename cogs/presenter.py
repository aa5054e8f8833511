"""The Discord side of the match service's notifications.

Public messages and images are made ONLY from `view(state, None)`; private views go by DM,
or, when a player's DMs are closed, through the ephemeral "Show my hand" answer.
"""
from __future__ import annotations

import logging
from dataclasses import replace

import discord

from cogs.common import fit, in_thread, png_file
from cogs.components import ClockButton, LogPageButton, RematchButton, UndoButton, board_view, lobby_view
from cogs.ui.game import ui_for
from cogs.ui.picker import move_items
from engine.base import Action, Choice, name_seats, options_line, prompt_of, teams_of
from matches import MoveOutcome
from matches.service import UNDO
from matches.settings import guild_settings
from render import registry as renderers
from store import MatchRow, Notice

log = logging.getLogger("boardgames")

COMPUTER_NAME = "Computer"
LOG_PAGE = 20  # moves per page of /match log
PENDING_KEEP = 40  # narration lines kept for the board that ends a turn


class DiscordPresenter:
    def __init__(self, bot):
        self.bot = bot
        self._names: dict[int, str] = {}
        # match id -> narration of the steps of the turn in progress, told on the board that
        # ends the turn (kept in memory: after a restart the board still shows the state)
        self._pending_lines: dict[int, list[str]] = {}

    # ------------------------------------------------------------------ helpers

    async def name_of(self, user_id: int) -> str:
        if user_id in self._names:
            return self._names[user_id]
        user = self.bot.get_user(user_id)
        if user is None:
            try:
                user = await self.bot.fetch_user(user_id)
            except discord.HTTPException:
                user = None
        name = (user.display_name if user else f"Player {user_id}")
        self._names[user_id] = name
        return name

    async def seat_names(self, match: MatchRow) -> list[str]:
        names = []
        for s in match.seats:
            names.append(COMPUTER_NAME if s.is_ai and s.user_id == self.bot.user.id
                         else await self.name_of(s.user_id) + (" (computer)" if s.is_ai else ""))
        return names

    async def channel_for(self, match: MatchRow):
        channel_id = match.thread_id or match.channel_id
        if channel_id is None:
            return None
        channel = self.bot.get_channel(channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(channel_id)
            except discord.HTTPException:
                return None
        return channel

    def title(self, match: MatchRow) -> str:
        return f"{self.bot.service.rules(match).title} · match #{match.id}"

    def lobby_text(self, match: MatchRow, note: str = "") -> str:
        rules = self.bot.service.rules(match)
        people = ", ".join(("the computer" if s.is_ai else f"<@{s.user_id}>") +
                           ("" if s.accepted else " (invited)") for s in match.seats)
        if match.status == "open":
            if match.invited:
                head = (f"**{rules.title}** · match #{match.id}: <@{match.creator_id}> challenges "
                        + ", ".join(f"<@{u}>" for u in match.invited) + ". Press **Accept** to play.")
            else:
                head = (f"**{rules.title}** · match #{match.id}: <@{match.creator_id}> opened a table for "
                        f"up to {match.player_count} players. Press **Join** to sit down; the creator "
                        f"presses **Start** (at least {rules.min_players}).")
            body = f"\nSeated: {people}"
        elif match.status == "cancelled":
            head, body = f"~~{rules.title} · match #{match.id}~~ (closed)", ""
        else:
            where = f" in <#{match.thread_id}>" if match.thread_id else ""
            head, body = f"**{rules.title}** · match #{match.id} has started{where}.", f"\nPlayers: {people}"
        return fit(head + body + (f"\n{note}" if note else ""))

    # ------------------------------------------------------------------ notifier interface

    async def match_created(self, match: MatchRow) -> None:
        channel = await self.channel_for(match)
        if channel is None:
            return
        try:
            msg = await channel.send(self.lobby_text(match), view=lobby_view(match),
                                     allowed_mentions=discord.AllowedMentions(users=True))
            await self.bot.service.store.update_match(match.id, lobby_message_id=msg.id)
        except discord.HTTPException:
            log.warning("could not post the lobby of match %s", match.id)

    async def _edit_lobby(self, match: MatchRow, note: str = "") -> None:
        if not match.lobby_message_id or not match.channel_id:
            return
        channel = self.bot.get_channel(match.channel_id)
        if channel is None:
            return
        try:
            message = channel.get_partial_message(match.lobby_message_id)
            await message.edit(content=self.lobby_text(match, note), view=lobby_view(match),
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.info("could not edit the lobby of match %s", match.id)

    async def lobby_changed(self, match: MatchRow, note: str) -> None:
        if match.status == "open":
            await self._edit_lobby(match, note)
        else:
            channel = await self.channel_for(match)
            if channel is not None:
                await self._safe_send(channel, note, match=match)
            await self.settle_notices(match)

    async def match_started(self, match: MatchRow) -> None:
        # posted again after a stop, it reuses the thread made the first time
        thread = await self._make_thread(match) if match.thread_id is None else None
        if thread is not None:
            await self.bot.service.store.update_match(match.id, thread_id=thread.id)
            match.thread_id = thread.id
        await self._edit_lobby(match)
        names = await self.seat_names(match)
        # in playing order: from the seat that moves first, round the table
        active = self.bot.service.rules(match).active_players(match.snapshot) if match.snapshot else set()
        first = min(active) if len(active) == 1 else 0
        playing = [names[(first + i) % len(names)] for i in range(len(names))]
        order = ", ".join(f"{i + 1}. {n}" for i, n in enumerate(playing))
        rules = self.bot.service.rules(match)
        teams = teams_of(rules, len(match.seats), dict(match.options))
        told = [f"**{self.title(match)}** begins. Seat order: {order}."]
        if any(len(team) > 1 for team in teams):
            told.append("Teams: " + " vs ".join(" & ".join(names[s] for s in team) for team in teams) + ".")
        if options_line(rules, match.options):
            told.append(f"Options: {options_line(rules, match.options)}.")
        await self.post_board(match, " ".join(told))
        for seat in match.seats:
            await self.send_private(match, seat.seat)

    def _players_moved(self, outcome: MoveOutcome) -> tuple[set[int], set[int]] | None:
        """(who moved, who must act now) when only players moved in a match still going; None
        after a take-back, a computer move or the end of the game (the board is shown at once)."""
        match = outcome.match
        if match.status != "active" or not outcome.steps:
            return None
        if any(step.by_ai or step.action == UNDO for step in outcome.steps):
            return None
        return {step.seat for step in outcome.steps}, set(self.bot.service.rules(match).active_players(match.snapshot))

    def turn_goes_on(self, outcome: MoveOutcome) -> bool:
        """The player who moved still holds the only decision (played a card, now draws): the
        board waits for the end of the turn. A take-back, a computer move, another player now
        asked to decide, or the end of the game shows the board at once."""
        moved = self._players_moved(outcome)
        return moved is not None and len(moved[0]) == 1 and moved[1] == moved[0]

    def still_choosing(self, outcome: MoveOutcome) -> set[int]:
        """In a simultaneous choice, the seats still choosing after these steps (which only took
        their movers out of it): the thread hears who has chosen, and no board until all have."""
        moved = self._players_moved(outcome)
        if moved is None or len(outcome.active_before) < 2:
            return set()
        movers, now = moved
        return now if now and now <= outcome.active_before - movers else set()

    def narrate(self, outcome: MoveOutcome, names: list[str]) -> list[str]:
        lines = []
        for step in outcome.steps:
            for event in step.events:
                text = name_seats(event.public, names)
                # a verb phrase ("played c5", "took back their last move.") gets its player in
                # front; a whole sentence ("Player 1 plays …", "Day 2 of week 1: …") stands
                # alone (decided before the names go in: a name may be lower case)
                lines.append(f"**{names[step.seat]}**: {text}" if event.public[:1].islower() else text)
        return lines

    async def moves_applied(self, outcome: MoveOutcome) -> None:
        match = outcome.match
        names = await self.seat_names(match)
        lines = self.narrate(outcome, names)
        # refresh whoever's private view changed: seats told something privately, seats that
        # moved (their hand changed), and seats that must act now; not a seat whose click is
        # answered with its hand already
        touched = {seat for step in outcome.steps for e in step.events for seat in e.private}
        touched |= {step.seat for step in outcome.steps if not step.by_ai}
        if match.status == "active":
            touched |= self.bot.service.rules(match).active_players(match.snapshot)
        touched -= outcome.answered
        waiting = self.still_choosing(outcome)
        if waiting:
            # their hands did not change: the menus they hold stay good (see cogs.ui.picker)
            touched -= waiting
            channel = await self.channel_for(match)
            humans = [s for s in sorted(waiting) if not match.user_at(s).is_ai]
            if channel is not None:
                lines.append(f"Waiting for {len(humans)} player{'s' if len(humans) != 1 else ''}: "
                             + ", ".join(names[s] for s in humans) + ".")
                await self._safe_send(channel, "\n".join(lines), match=match, ping=[])
            for seat in sorted(touched):
                await self.send_private(match, seat)
            return
        if self.turn_goes_on(outcome):
            # one board per turn: the steps in between are told on the board that ends the turn
            pending = self._pending_lines.setdefault(match.id, [])
            pending.extend(lines)
            del pending[:-PENDING_KEEP]
            for seat in sorted(touched):
                await self.send_private(match, seat)
            return
        lines = self._pending_lines.pop(match.id, []) + lines
        if len(lines) > 12:  # keep a long computer turn readable
            lines = lines[:5] + [f"… {len(lines) - 10} more …"] + lines[-5:]
        last = outcome.steps[-1] if outcome.steps else None
        # a take-back button only where one could be granted (engine-independent pre-check;
        # the service decides on the click)
        undoable = (match.status == "active" and last is not None and not last.by_ai and last.action != UNDO
                    and not any(e.hidden for e in last.events))
        await self.post_board(match, "\n".join(lines), undoable=undoable,
                              taken_back=bool(outcome.steps) and outcome.steps[0].action == UNDO)
        for seat in sorted(touched):
            await self.send_private(match, seat)

    async def answer_mover(self, interaction: discord.Interaction, outcome: MoveOutcome, lead: str = "Move played.",
                           also: tuple[MoveOutcome, ...] = ()) -> None:
        """The answer to a player's move: what happened privately, then their updated hand with
        its move menus, so the next step of the turn is one click away (the hand follows you)."""
        match = outcome.match
        seat = match.seat_of(interaction.user.id)
        told = [e.private[seat] for o in (*also, outcome) for step in o.steps if step.seat == seat and not step.by_ai
                for e in step.events if seat in e.private]
        text = name_seats(" ".join([lead, *told]), await self.seat_names(match))
        if seat is None or match.snapshot is None:
            await interaction.followup.send(fit(text), ephemeral=True)
            return
        message = await self.private_message(match, seat)
        if message["view"] is None:
            message.pop("view")
        message["content"] = fit(f"{text}\n{message['content']}")
        await interaction.followup.send(ephemeral=True, **message)

    async def match_closed(self, match: MatchRow, note: str) -> None:
        if match.snapshot is None:  # never started: the lobby message tells it
            await self._edit_lobby(match, note)
            return
        await self.post_board(match, "\n".join([*self._pending_lines.pop(match.id, []), note]))

    # ------------------------------------------------------------------ public board

    async def _make_thread(self, match: MatchRow):
        if not (await guild_settings(self.bot.service.store, match.guild_id))["threads"]:
            return None
        channel = await self.channel_for(match)
        if not isinstance(channel, discord.TextChannel):
            return None
        names = await self.seat_names(match)
        name = f"{self.bot.service.rules(match).title} #{match.id}: " + " vs ".join(names)
        try:
            return await channel.create_thread(name=name[:100], type=discord.ChannelType.public_thread,
                                               auto_archive_duration=10080)
        except discord.HTTPException:
            log.info("no thread for match %s; playing in the channel", match.id)
            return None

    async def _safe_send(self, channel, content: str, *, match: MatchRow, ping: list[int] | None = None, **kwargs):
        """Post in the match's channel; `ping`: the only users the message notifies (None: everyone
        it mentions)."""
        mentions = discord.AllowedMentions(users=True) if ping is None else \
            discord.AllowedMentions(users=[discord.Object(u) for u in ping])
        try:
            return await channel.send(fit(content), allowed_mentions=mentions, **kwargs)
        except discord.HTTPException:
            log.warning("could not post in the channel of match %s", match.id)
            return None

    def to_act(self, match: MatchRow) -> list[int]:
        """The people who must act now: a board pings them and nobody else."""
        if match.status != "active":
            return []
        return [match.user_at(s).user_id for s in sorted(self.bot.service.rules(match).active_players(match.snapshot))
                if not match.user_at(s).is_ai]

    def footer(self, match: MatchRow, names: list[str], told: str = "") -> str:
        """Who must act now (and by when), or how the game ended; `told`: the lines above it,
        so the game's last line is not said twice."""
        service = self.bot.service
        if match.status == "active":
            due = sorted(service.rules(match).active_players(match.snapshot))
            humans = [s for s in due if not match.user_at(s).is_ai]
            if not humans:
                return ""
            deadlines = {service.deadline_of(match, s) for s in humans} - {None}
            when = f" (due <t:{int(min(deadlines))}:R>)" if deadlines else ""
            people = ", ".join(f"<@{match.user_at(s).user_id}>" for s in humans)
            if len(due) > 1:  # simultaneous choices: others learn only who is still choosing
                return f"Waiting for {len(humans)} player{'s' if len(humans) > 1 else ''}: {people}{when}."
            return f"{people} — your move{when}."
        if match.result:
            winners = [names[w] for w in match.result.get("winners", [])]
            nobody = "Nobody wins." if match.result.get("absent") or match.result.get("resigned") \
                else "The game ends in a draw."
            head = "🏆 " + " and ".join(winners) + (" wins!" if len(winners) == 1 else " win!") if winners else nobody
            reason = name_seats(match.result.get("reason", ""), names)
            if reason and reason in told:
                reason = ""
            scores = match.result.get("scores") or {}
            score_text = (" Scores: " + ", ".join(f"{names[int(k)]} {v}" for k, v in scores.items())) if scores else ""
            changes = match.meta.get("rating_changes") or {}
            rating_text = ("\nRatings: " + ", ".join(
                f"{names[int(seat)]} {before} → {after} ({after - before:+d})"
                for seat, (before, after) in sorted(changes.items()))) if changes else ""
            return " ".join(part for part in ("**Game over.**", head, reason, score_text.strip()) if part) + rating_text
        return ""

    async def post_board(self, match: MatchRow, text: str, *, undoable: bool = False,
                         taken_back: bool = False, ping: bool = True) -> None:
        """A new board message; `ping`: notify the players who must act (not on a re-post)."""
        channel = await self.channel_for(match)
        if channel is None:
            return
        names = await self.seat_names(match)
        content = f"**{self.title(match)}** · move {match.version}\n{text}\n{self.footer(match, names, told=text)}".strip()
        view = self.bot.service.public_view(match) if match.snapshot else None
        extra = []
        if match.status == "finished" and not match.meta.get("rematch"):
            extra.append(RematchButton(match.id))
        if match.status == "active":
            extra += [ClockButton("reclaim", match.id, seat) for seat in match.meta.get("absent", [])[:1]]
            if undoable:
                extra.append(UndoButton("ask", match.id, match.version))
        kwargs = {"view": board_view(match.id, extra)}
        png = None
        if view is not None:
            png = await in_thread(renderers.get(match.game).render_board, view, names)
            kwargs["file"] = png_file(png, f"match{match.id}-move{match.version}.png")
        await self._safe_send(channel, content, match=match, ping=self.to_act(match) if ping else [], **kwargs)
        await self.settle_notices(match, taken_back=taken_back)
        if match.thread_id is None:  # no thread to add spectators to: they get each board by DM
            for user_id in match.meta.get("watchers", []):
                await self._dm(user_id, content=content[:2000], file=png_file(png, "board.png") if png else None)

    async def _dm(self, user_id: int, **message) -> bool:
        if message.get("file") is None:
            message.pop("file", None)
        try:
            user = self.bot.get_user(user_id) or await self.bot.fetch_user(user_id)
            await user.send(allowed_mentions=discord.AllowedMentions.none(), **message)
            return True
        except discord.HTTPException:
            return False

    # ------------------------------------------------------------------ clocks, undo, nudges

    def _link(self, match: MatchRow) -> str:
        channel_id = match.thread_id or match.channel_id
        return f" in <#{channel_id}>" if channel_id else ""

    async def match_updated(self, match: MatchRow, note: str) -> None:
        await self.post_board(match, note)
        if match.status == "active":
            for seat in sorted(self.bot.service.rules(match).active_players(match.snapshot)):
                await self.send_private(match, seat)

    async def _ping(self, match: MatchRow, seat: int, text: str) -> None:
        """DM one player; when the DM fails, say it in the match's channel with a mention."""
        row = match.user_at(seat)
        if row is None or row.is_ai:
            return
        if row.dm_ok and await self._dm(row.user_id, content=text):
            return
        channel = await self.channel_for(match)
        if channel is not None:
            await self._safe_send(channel, f"<@{row.user_id}> {text}", match=match)

    async def remind(self, match: MatchRow, seat: int, deadline: float) -> None:
        await self._ping(match, seat, f"⏰ Reminder: it is your move in **{self.title(match)}**{self._link(match)}; "
                                      f"your time runs out <t:{int(deadline)}:R>.")

    async def nudge(self, match: MatchRow, seats: list[int], by_user: int) -> None:
        for seat in seats:
            await self._ping(match, seat, f"👋 <@{by_user}> is waiting for your move in "
                                          f"**{self.title(match)}**{self._link(match)}.")

    async def out_of_time(self, match: MatchRow, seat: int) -> None:
        channel = await self.channel_for(match)
        if channel is None:
            return
        # delivered again after a stop: the notice for this seat and turn stands already
        if any(n.kind == "timeout" and n.seat == seat and n.version == match.version
               for n in await self.bot.service.store.open_notices(match.id)):
            return
        absent = match.user_at(seat).user_id
        others = " ".join(f"<@{s.user_id}>" for s in match.seats if not s.is_ai and s.seat != seat)
        if len(match.seats) == 2:
            ops, choice = ("claim", "wait"), "claim the win or keep waiting"
        else:
            ops, choice = ("vote", "wait"), ("vote to let the computer play their seat (they are recorded as "
                                              "losing unless they come back) or keep waiting")
        view = board_view(match.id, [ClockButton(op, match.id, seat) for op in ops])
        await self._post_notice(match, "timeout", seat, view,
                                f"⌛ <@{absent}> is out of time in **{self.title(match)}**. "
                                f"{others}: you may {choice}. They can still move until someone decides.")

    async def undo_requested(self, match: MatchRow, seat: int) -> None:
        channel = await self.channel_for(match)
        if channel is None:
            return
        asker = match.user_at(seat).user_id
        others = " ".join(f"<@{s.user_id}>" for s in match.seats if not s.is_ai and s.seat != seat)
        view = board_view(match.id, [UndoButton("yes", match.id, match.version),
                                     UndoButton("no", match.id, match.version)])
        await self._post_notice(match, "undo", seat, view,
                                f"↩️ <@{asker}> asks to take back their last move. {others}: do you allow it?")

    # ------------------------------------------------------------------ notices

    async def _post_notice(self, match: MatchRow, kind: str, seat: int, view, content: str) -> None:
        """Post a question with buttons and remember it, so its buttons go once it is settled."""
        channel = await self.channel_for(match)
        if channel is None:
            return
        message = await self._safe_send(channel, content, match=match, view=view)
        if message is not None:
            await self.bot.service.store.add_notice(match.id, channel.id, message.id, kind, seat,
                                                    match.version, content)

    def _settled(self, match: MatchRow, notice: Notice, taken_back: bool) -> str | None:
        """How a notice's question was settled, or None while it still stands."""
        service = self.bot.service
        if notice.kind == "undo":
            pending = match.meta.get("undo") or {}
            if match.status == "active" and match.version == notice.version == pending.get("version"):
                return None
            if match.version == notice.version:
                return "Settled: the move stays."
            if taken_back and match.version == notice.version + 1:
                return "Settled: the move was taken back."
            return "Settled: the match has moved on."
        if match.status == "active" and notice.seat not in match.meta.get("absent", []) \
                and service.is_overdue(match, notice.seat):
            return None
        if notice.seat in (match.result or {}).get("timeout", []):
            return "Settled: the win was claimed."
        if notice.seat in match.meta.get("absent", []):
            return "Settled: the computer plays this seat."
        if match.status != "active":
            return "Settled: the match is over."
        return "Settled: they moved in time."

    async def settle_notices(self, match: MatchRow, *, taken_back: bool = False) -> None:
        """Take the buttons off every notice of the match whose question is settled, and say
        how; the service re-checks every click anyway, this keeps the channel honest."""
        store = self.bot.service.store
        for notice in await store.open_notices(match.id):
            outcome = self._settled(match, notice, taken_back)
            if outcome is None or not await store.close_notice(notice.message_id):
                continue
            channel = self.bot.get_channel(notice.channel_id)
            if channel is None:
                continue
            try:
                await channel.get_partial_message(notice.message_id).edit(
                    content=f"{notice.content}\n*{outcome}*"[:2000], view=None,
                    allowed_mentions=discord.AllowedMentions.none())
            except discord.HTTPException:
                log.info("could not close notice %s of match %s", notice.message_id, match.id)

    # ------------------------------------------------------------------ history

    async def history_page(self, match: MatchRow, page: int | None) -> tuple[str, discord.ui.View | None]:
        """One page of the public move history (None: the latest page), with buttons to the
        earlier and later pages."""
        from matches import UserError
        names = await self.seat_names(match)
        lines = [name_seats(f"{i}. **{names[seat]}**: {text}", names)
                 for i, (seat, text) in enumerate(await self.bot.service.history(match.id), 1)]
        pages = max(1, -(-len(lines) // LOG_PAGE))
        page = pages if page is None else page
        if not 1 <= page <= pages:
            raise UserError(f"The history of match #{match.id} has {pages} page(s).")
        body = "\n".join(lines[(page - 1) * LOG_PAGE:page * LOG_PAGE]) or "No moves yet."
        content = f"**{self.title(match)}** · history, page {page} of {pages}\n{body}"[:2000]
        if pages == 1:
            return content, None
        view = discord.ui.View(timeout=None)
        view.add_item(LogPageButton(match.id, page - 1, earlier=True, disabled=page == 1))
        view.add_item(LogPageButton(match.id, page + 1, earlier=False, disabled=page == pages))
        return content, view

    # ------------------------------------------------------------------ private views

    async def named_actions(self, match: MatchRow, seat: int) -> list[Action]:
        """The seat's legal moves with players' names in place of "Player N" in every label."""
        names = await self.seat_names(match)

        def named(c: Choice) -> Choice:
            return replace(c, label=name_seats(c.label, names), description=name_seats(c.description, names))
        return [replace(a, label=name_seats(a.label, names), path=tuple(named(c) for c in a.path))
                for a in self.bot.service.legal_actions(match, seat)]

    async def prompt(self, match: MatchRow, seat: int) -> str:
        """What the seat is asked now, in one sentence with players' names."""
        if match.status != "active" or match.snapshot is None:
            return ""
        return name_seats(prompt_of(self.bot.service.rules(match), match.snapshot, seat), await self.seat_names(match))

    async def private_message(self, match: MatchRow, seat: int) -> dict:
        """The content, image and move components of one seat's private view."""
        service = self.bot.service
        names = await self.seat_names(match)
        view = service.private_view(match, seat)
        png = await in_thread(renderers.get(match.game).render_hand, view, names)
        actions = await self.named_actions(match, seat)
        items = []
        if actions:
            ui = ui_for(match.game)
            items = move_items(match, actions, ui.buttons,
                               simultaneous=len(service.rules(match).active_players(match.snapshot)) > 1)
        if match.status != "active":
            status = "The match is over."
        elif actions:
            asked = await self.prompt(match, seat)
            status = f"**Your move.** {asked}".strip()
        else:
            status = "Waiting for the others."
        dview = None
        if items:
            dview = discord.ui.View(timeout=None)
            for item in items:
                dview.add_item(item)
        return {"content": f"**{self.title(match)}** · move {match.version} · your private view. {status}",
                "file": png_file(png, f"match{match.id}-hand.png"), "view": dview}

    async def send_private(self, match: MatchRow, seat: int) -> None:
        """DM one seat its private view. A closed DM is remembered (no more tries) and the
        thread is told once; the game never waits for it."""
        row = match.user_at(seat)
        if row is None or row.is_ai or not row.dm_ok:
            return
        message = await self.private_message(match, seat)
        if message["view"] is None:
            message.pop("view")
        try:
            user = self.bot.get_user(row.user_id) or await self.bot.fetch_user(row.user_id)
            await user.send(**message)
        except discord.Forbidden:
            await self.bot.service.set_dm_closed(match, seat)
            row.dm_ok = False
            channel = await self.channel_for(match)
            if channel is not None:
                await self._safe_send(channel, f"<@{row.user_id}>: your DMs are closed — use the "
                                               f"**Show my hand** button to see your hand and move.", match=match,
                                      view=board_view(match.id))
        except discord.HTTPException:
            log.warning("could not DM seat %s of match %s", seat, match.id)

    async def send_private_ephemeral(self, interaction: discord.Interaction, match_id: int) -> None:
        from matches import UserError
        match = await self.bot.service.get(match_id)
        seat = match.seat_of(interaction.user.id)
        if seat is None:
            raise UserError("You are not playing in this match, so you have no hand here.")
        if match.snapshot is None:
            raise UserError("This match has not started yet.")
        message = await self.private_message(match, seat)
        if message["view"] is None:
            message.pop("view")
        await interaction.followup.send(ephemeral=True, **message)
