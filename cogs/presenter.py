"""The Discord side of the match service's notifications.

Public messages and images are made ONLY from `view(state, None)`; private views go by DM,
or, when a player's DMs are closed, through the ephemeral "Show my hand" answer.

Languages (DESIGN.md, "Languages"): what is posted in a match's channel, and its pictures, is in
the server's language; what goes to one player (their hand, their answers, reminders by DM) is in
that player's. Texts stay `Msg`s with seats in them until here, where they are read out.
"""
from __future__ import annotations

import logging
import re
from collections import OrderedDict

import discord

from cogs.common import command_name, fit, png_file
from cogs.components import (
    ClockButton,
    LogPageButton,
    RematchButton,
    UndoButton,
    board_layout,
    custom_ids,
    lobby_view,
    retired_layout,
)
from cogs.hands import PrivateHands, read
from cogs.notices import Notices
from engine.base import options_line, teams_of
from engine.text import Lines, Msg, plural
from i18n import ENGLISH, render
from i18n import title as game_title
from matches import MoveOutcome
from matches.service import UNDO
from store import MatchRow

log = logging.getLogger("boardgames")

COMPUTER_NAME = "Computer"  # the bot's own name where it plays (a name: never translated)
LOG_PAGE = 20  # moves per page of /match log
PENDING_KEEP = 400  # narration lines kept for the board that ends a turn (it says how many it leaves out)
NARRATION_BUDGET = 1600  # characters of narration on one board (a message holds 2,000)
RECALL_LOOK_BACK = 25  # messages looked back through after a restart for a match's live ones
MESSAGES_KEPT = 5000  # newest boards and hands remembered, to take the components off when superseded


class DiscordPresenter(PrivateHands, Notices):
    def __init__(self, bot):
        self.bot = bot
        self._names: dict[int, str] = {}
        # match id -> narration of the steps of the turn in progress, told on the board that
        # ends the turn (kept in memory: after a restart the board still shows the state)
        self._pending_lines: dict[int, list[str]] = {}
        # (match, seat, language) -> (digest of what the hand picture shows, the picture, the state
        # it was drawn from (MatchService.state_token), the names), newest last
        self._hands: OrderedDict[tuple[int, int, str], tuple[bytes, bytes, tuple, list[str]]] = OrderedDict()
        # (match, seat) -> (the seat's legal moves, names, those moves named): see named_actions
        self._named: OrderedDict[tuple[int, int], tuple] = OrderedDict()
        # the newest board of each match and the newest private hand of each (match, seat): a new
        # one takes the components off the one before, so no superseded message looks live
        self._boards: OrderedDict[int, discord.Message] = OrderedDict()
        self._recalled: set = set()   # keys already looked for after a restart (see recall)
        self._hand_messages: OrderedDict[tuple[int, int], discord.Message] = OrderedDict()
        # (match, seat): (message id, attachment, digest) of the picture that seat's hand message shows
        self._hand_pictures: dict[tuple[int, int], tuple[int, discord.Attachment, bytes]] = {}

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

    async def seat_names(self, match: MatchRow, lang: str = ENGLISH) -> list[str]:
        names = []
        for s in match.seats:
            if s.is_ai and s.user_id == self.bot.user.id:
                names.append(COMPUTER_NAME)
            elif s.is_ai:  # a player's seat the computer plays for them
                names.append(render(Msg("{name} (computer)", name=await self.name_of(s.user_id)), lang))
            else:
                names.append(await self.name_of(s.user_id))
        return names

    async def channel_lang(self, match: MatchRow) -> str:
        """The language of what is posted in the match's channel: its server's."""
        languages = getattr(self.bot, "languages", None)
        if languages is None or match.guild_id is None:
            return ENGLISH
        guild = self.bot.get_guild(match.guild_id)
        return await languages.server(match.guild_id, getattr(guild, "preferred_locale", None))

    async def person_lang(self, user_id: int) -> str:
        """The language one person reads (their choice, else their Discord client's)."""
        languages = getattr(self.bot, "languages", None)
        return ENGLISH if languages is None else await languages.person(user_id)

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

    def title(self, match: MatchRow) -> Msg:
        return Msg("{game} · match #{id}", game=game_title(self.bot.service.rules(match)), id=match.id)

    def lobby_text(self, match: MatchRow, note="", lang: str = ENGLISH) -> str:
        rules = self.bot.service.rules(match)
        game = game_title(rules)
        people = [Msg("the computer") if s.is_ai else
                  f"<@{s.user_id}>" if s.accepted else Msg("{person} (invited)", person=f"<@{s.user_id}>")
                  for s in match.seats]
        if match.status == "open":
            if match.invited:
                head = Msg("**{game}** · match #{id}: {creator} challenges {invited}. Press **Accept** to play.",
                           game=game, id=match.id, creator=f"<@{match.creator_id}>",
                           invited=[f"<@{u}>" for u in match.invited])
            else:
                head = Msg("**{game}** · match #{id}: {creator} opened a table for up to {count} players. "
                           "Press **Join** to sit down; the creator presses **Start** (at least {least}).",
                           game=game, id=match.id, creator=f"<@{match.creator_id}>", count=match.player_count,
                           least=rules.min_players)
            lines = [head, Msg("Seated: {people}", people=people)]
        elif match.status == "cancelled":
            lines = [Msg("~~{game} · match #{id}~~ (closed)", game=game, id=match.id)]
        elif match.thread_id:
            lines = [Msg("**{game}** · match #{id} has started in {thread}.", game=game, id=match.id,
                         thread=f"<#{match.thread_id}>"), Msg("Players: {people}", people=people)]
        else:
            lines = [Msg("**{game}** · match #{id} has started.", game=game, id=match.id),
                     Msg("Players: {people}", people=people)]
        return fit(Lines([*lines, note] if note else lines), lang=lang)

    # ------------------------------------------------------------------ notifier interface

    async def match_created(self, match: MatchRow) -> None:
        channel = await self.channel_for(match)
        if channel is None:
            return
        lang = await self.channel_lang(match)
        try:
            msg = await channel.send(self.lobby_text(match, lang=lang), view=lobby_view(match, lang),
                                     allowed_mentions=discord.AllowedMentions(users=True))
            await self.bot.service.note_messages(match.id, lobby_message_id=msg.id)
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
            lang = await self.channel_lang(match)
            await message.edit(content=self.lobby_text(match, note, lang), view=lobby_view(match, lang),
                               allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.info("could not edit the lobby of match %s", match.id)

    async def lobby_changed(self, match: MatchRow, note: str) -> None:
        if match.status == "open":
            await self._edit_lobby(match, note)
        else:
            channel = await self.channel_for(match)
            if channel is not None:
                await self._safe_send(channel, note, match=match, lang=await self.channel_lang(match))
            await self.settle_notices(match)

    async def match_started(self, match: MatchRow) -> None:
        # posted again after a stop, it reuses the thread made the first time
        thread = await self._make_thread(match) if match.thread_id is None else None
        if thread is not None:
            await self.bot.service.note_messages(match.id, thread_id=thread.id)
            match.thread_id = thread.id
        await self._edit_lobby(match)
        lang = await self.channel_lang(match)
        names = await self.seat_names(match, lang)
        # in playing order: from the seat that moves first, round the table
        active = self.bot.service.rules(match).active_players(match.snapshot) if match.snapshot else set()
        first = min(active) if len(active) == 1 else 0
        playing = [names[(first + i) % len(names)] for i in range(len(names))]
        order = [f"{i + 1}. {n}" for i, n in enumerate(playing)]
        rules = self.bot.service.rules(match)
        teams = teams_of(rules, len(match.seats), dict(match.options))
        told = [Msg("**{title}** begins. Seat order: {order}.", title=self.title(match), order=order)]
        if any(len(team) > 1 for team in teams):
            told.append(Msg("Teams: {teams}.", teams=" vs ".join(" & ".join(names[s] for s in team) for team in teams)))
        if options_line(rules, match.options):
            told.append(Msg("Options: {options}.", options=options_line(rules, match.options)))
        await self.post_board(match, " ".join(render(t, lang, names) for t in told))
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
        return {step.seat for step in outcome.steps}, self.bot.service.active_players(match)

    def turn_goes_on(self, outcome: MoveOutcome) -> bool:
        """The turn stays with its owner through every step (engine.base.Moment.owner: a card
        played and now drawn; a hero's activation with the others' answers in its windows, a
        computer's answer included): the board waits for the end of the turn. A take-back, a
        step that hands the turn to someone else, or the end of the game shows the board at once."""
        match = outcome.match
        if match.status != "active" or not outcome.steps or any(s.action == UNDO for s in outcome.steps):
            return False
        owner = outcome.steps[0].owner_before
        if owner is not None:
            return all(s.owner_before == owner and s.owner == owner for s in outcome.steps)
        moved = self._players_moved(outcome)   # no owner (a simultaneous step): who moved still acts
        return moved is not None and len(moved[0]) == 1 and moved[1] == moved[0]

    def turn_came_round(self, outcome: MoveOutcome) -> set[int]:
        """The seats asked to act now that were not before these steps: each gets a new hand
        message (Discord notifies it); every other hand is edited in place. The owner of a turn
        who gets it back after the others' answers in its window is not told anew."""
        match = outcome.match
        if match.status != "active" or not outcome.steps:
            return set()
        now = self.bot.service.active_players(match)
        came = now - set(outcome.active_before)
        first, last = outcome.steps[0], outcome.steps[-1]
        if first.owner_before is not None and first.owner_before == last.owner:
            came.discard(last.owner)
        return came

    def still_choosing(self, outcome: MoveOutcome) -> set[int]:
        """In a simultaneous choice, the seats still choosing after these steps (which only took
        their movers out of it): the thread hears who has chosen, and no board until all have."""
        moved = self._players_moved(outcome)
        if moved is None or len(outcome.active_before) < 2:
            return set()
        movers, now = moved
        if now and now <= outcome.active_before - movers:
            return now
        if now and movers <= now and self.asked_privately(match := outcome.match) and match.status == "active":
            # a step inside a window still open to others (a trade offer's draft): no board yet;
            # a seat told something privately (an offer made to it) is not merely waiting
            told = {seat for step in outcome.steps for e in step.events for seat in e.private}
            return ((now - movers) & outcome.active_before) - told
        return set()

    def fitted(self, lines: list[str], lang: str) -> list[str]:
        """A turn's narration as the board tells it: every line when they fit in a message;
        a very long turn keeps its latest lines whole and says how many earlier ones are in
        /match log (never a line cut in the middle, never a silent gap). The same line said
        several times in a row is said once, with how many times."""
        runs: list[list] = []
        for line in lines:
            if runs and runs[-1][0] == line:
                runs[-1][1] += 1
            else:
                runs.append([line, 1])
        lines = [line if times == 1 else f"{line} (×{times})" for line, times in runs]
        if sum(len(line) + 1 for line in lines) <= NARRATION_BUDGET:
            return lines
        kept: list[str] = []
        room = NARRATION_BUDGET - 120
        for line in reversed(lines):
            if len(line) + 1 > room:
                break
            kept.insert(0, line)
            room -= len(line) + 1
        earlier = len(lines) - len(kept)
        return [render(plural("({n} earlier line of this turn is in {command}.)",
                              "({n} earlier lines of this turn are in {command}.)",
                              n=earlier, command=command_name(lang, "match", "log")), lang)] + kept

    def narrate(self, outcome: MoveOutcome, names: list[str], lang: str = ENGLISH) -> list[str]:
        lines = []
        for step in outcome.steps:
            for event in step.events:
                text = read(event.public, lang, names).strip()
                if not text:
                    continue
                # a verb phrase ("played c5", "took back their last move.") gets its player in
                # front; a whole sentence ("Player 1 plays …", "Day 2 of week 1: …") stands
                # alone (decided on the English, before the names go in: a name may be lower case)
                lines.append(render(Msg("**{player}**: {text}", player=names[step.seat], text=text), lang)
                             if str(event.public)[:1].islower() else text)
        return lines

    async def moves_applied(self, outcome: MoveOutcome) -> None:
        match = outcome.match
        lang = await self.channel_lang(match)
        names = await self.seat_names(match, lang)
        lines = self.narrate(outcome, names, lang)
        # refresh whoever's private view changed: seats told something privately, seats that
        # moved (their hand changed), and seats that must act now; not a seat whose click is
        # answered with its hand already
        touched = {seat for step in outcome.steps for e in step.events for seat in e.private}
        touched |= {step.seat for step in outcome.steps if not step.by_ai}
        if match.status == "active":
            touched |= self.bot.service.active_players(match)
        touched -= outcome.answered
        fresh = self.turn_came_round(outcome)
        waiting = self.still_choosing(outcome)
        if waiting:
            # their hands did not change: the menus they hold stay good (see cogs.ui.picker)
            touched -= waiting
            channel = await self.channel_for(match)
            humans = [s for s in sorted(waiting) if not match.user_at(s).is_ai]
            if channel is not None and self.asked_privately(match):
                # a pass tells nothing; the board above already says responses are awaited
                if lines:
                    await self._safe_send(channel, "\n".join(self.fitted(lines, lang)), match=match, ping=[])
            elif channel is not None:
                lines.append(render(plural("Waiting for {n} player: {people}.", "Waiting for {n} players: {people}.",
                                           n=len(humans), people=[names[s] for s in humans]), lang))
                await self._safe_send(channel, "\n".join(self.fitted(lines, lang)), match=match, ping=[])
            for seat in sorted(touched):
                await self.send_private(match, seat, fresh=seat in fresh)
            return
        if self.turn_goes_on(outcome):
            # one board per turn: the steps in between are told on the board that ends the turn
            pending = self._pending_lines.setdefault(match.id, [])
            pending.extend(lines)
            del pending[:-PENDING_KEEP]
            for seat in sorted(touched):
                await self.send_private(match, seat, fresh=seat in fresh)
            return
        lines = self.fitted(self._pending_lines.pop(match.id, []) + lines, lang)
        last = outcome.steps[-1] if outcome.steps else None
        # a take-back button only where one could be granted (engine-independent pre-check;
        # the service decides on the click)
        undoable = (match.status == "active" and last is not None and not last.by_ai and last.action != UNDO
                    and not any(e.hidden for e in last.events))
        await self.post_board(match, "\n".join(lines), undoable=undoable,
                              taken_back=bool(outcome.steps) and outcome.steps[0].action == UNDO)
        if match.status == "finished":
            await self.tell_players_it_ended(match)
            return
        for seat in sorted(touched):
            await self.send_private(match, seat, fresh=seat in fresh)

    async def match_closed(self, match: MatchRow, note: str) -> None:
        if match.snapshot is None:  # never started: the lobby message tells it
            await self._edit_lobby(match, note)
            return
        note = render(note, await self.channel_lang(match), await self.seat_names(match))
        await self.post_board(match, "\n".join([*self._pending_lines.pop(match.id, []), note]))
        await self.tell_players_it_ended(match)

    async def _retire(self, newest: OrderedDict, key, message: discord.Message) -> None:
        """`message` is the newest of its kind for `key`: the one before it loses its components
        (a stale click is refused anyway; this keeps old messages from looking live)."""
        before = newest.pop(key, None)
        newest[key] = message
        while len(newest) > MESSAGES_KEPT:
            newest.popitem(last=False)
        if before is not None and before.id != message.id:
            try:
                await before.edit(view=retired_layout(before))
            except discord.HTTPException:
                log.info("could not take the components off message %s", before.id)

    async def recall(self, newest: OrderedDict, key, channel, match_id: int) -> None:
        """After a restart the newest messages are forgotten: the bot's latest messages in
        `channel` that still carry components of match `match_id` are found again (a short look
        back, once per key); the newest becomes the one to edit or retire, the older ones lose
        their components."""
        if key in newest or key in self._recalled or channel is None:
            return
        self._recalled.add(key)
        mine = re.compile(rf"^(?:ui:(?:step|go|back)|bg:hand|bg:undo|bg:clock):{match_id}(?::|$)")
        found = []
        try:
            async for message in channel.history(limit=RECALL_LOOK_BACK):
                if message.author.id == self.bot.user.id and any(mine.match(c) for c in custom_ids(message)):
                    found.append(message)
        except discord.HTTPException:
            log.info("could not look back in channel %s for match %s", getattr(channel, "id", None), match_id)
            return
        for message in reversed(found):          # oldest first: each retires the one before
            await self._retire(newest, key, message)

    async def tell_players_it_ended(self, match: MatchRow) -> None:
        """Every player is told privately that the match is over, with the result and a link to
        the final board; their last hand loses its menus."""
        board = self._boards.get(match.id)
        for row in match.seats:
            if row.is_ai:
                continue
            lang = await self.person_lang(row.user_id)
            names = await self.seat_names(match, lang)
            text = render(Msg("**{title}** · match #{id} is over.", title=self.title(match), id=match.id), lang)
            verdict = self.footer(match, names, lang=lang)
            link = board.jump_url if board is not None else self._where(match)
            content = "\n".join(part for part in (text, verdict, link) if part)
            if row.dm_ok and (match.id, row.seat) in self._hand_messages:
                await self.send_private(match, row.seat)   # the hand shows the end, with no menus
            self._hand_messages.pop((match.id, row.seat), None)
            await self._dm(row.user_id, content=content[:2000])

    # ------------------------------------------------------------------ public board

    async def _make_thread(self, match: MatchRow):
        if not (await self.bot.service.guild_settings(match.guild_id))["threads"]:
            return None
        channel = await self.channel_for(match)
        if not isinstance(channel, discord.TextChannel):
            return None
        lang = await self.channel_lang(match)
        names = await self.seat_names(match, lang)
        name = render(Msg("{game} #{id}: {players}", game=game_title(self.bot.service.rules(match)), id=match.id,
                          players=" vs ".join(names)), lang)
        try:
            return await channel.create_thread(name=name[:100], type=discord.ChannelType.public_thread,
                                               auto_archive_duration=10080)
        except discord.HTTPException:
            log.info("no thread for match %s; playing in the channel", match.id)
            return None

    async def _safe_send(self, channel, content, *, match: MatchRow, ping: list[int] | None = None,
                         lang: str = ENGLISH, **kwargs):
        """Post in the match's channel (`content` read in `lang`, the server's); `ping`: the only
        users the message notifies (None: everyone it mentions)."""
        mentions = discord.AllowedMentions(users=True) if ping is None else \
            discord.AllowedMentions(users=[discord.Object(u) for u in ping])
        try:
            if content is not None:   # a layout message (a board) carries its text in its view
                kwargs["content"] = fit(content, lang=lang)
            return await channel.send(allowed_mentions=mentions, **kwargs)
        except discord.HTTPException:
            log.warning("could not post in the channel of match %s", match.id)
            return None

    def asked_privately(self, match: MatchRow) -> bool:
        """The game keeps who is asked to itself (a response window: a player passing by their
        "pass unless I can respond" setting must look like any other): the thread names nobody."""
        return match.status == "active" and self.bot.service.moment(match).asks_privately

    def to_act(self, match: MatchRow) -> list[int]:
        """The people who must act now: a board pings them and nobody else (nobody when they are
        asked privately: their DM asks them)."""
        if match.status != "active" or self.asked_privately(match):
            return []
        return [match.user_at(s).user_id for s in sorted(self.bot.service.active_players(match))
                if not match.user_at(s).is_ai]

    def footer(self, match: MatchRow, names: list[str], told: str = "", lang: str = ENGLISH) -> str:
        """Who must act now (and by when), or how the game ended, in `lang`; `told`: the lines
        above it, so the game's last line is not said twice."""
        service = self.bot.service
        if match.status == "active":
            due = sorted(service.active_players(match))
            humans = [s for s in due if not match.user_at(s).is_ai]
            if not humans:
                return ""
            deadlines = {service.deadline_of(match, s) for s in humans} - {None}
            due_at = f"<t:{int(min(deadlines))}:R>" if deadlines else None
            people = [f"<@{match.user_at(s).user_id}>" for s in humans]
            said = service.moment(match).waiting if self.asked_privately(match) else None
            if said:   # the game's own public line (a count, never a name)
                text = Msg("{waiting} (due {due}).", waiting=said, due=due_at) if due_at else Msg("{waiting}.", waiting=said)
            elif self.asked_privately(match):
                text = (Msg("Waiting for responses (due {due}).", due=due_at) if due_at else
                        Msg("Waiting for responses."))
            elif len(due) > 1:  # simultaneous choices: others learn only who is still choosing
                text = (plural("Waiting for {n} player: {people} (due {due}).",
                               "Waiting for {n} players: {people} (due {due}).", n=len(humans), people=people,
                               due=due_at) if due_at else
                        plural("Waiting for {n} player: {people}.", "Waiting for {n} players: {people}.",
                               n=len(humans), people=people))
            else:
                text = (Msg("{people} — your move (due {due}).", people=people, due=due_at) if due_at else
                        Msg("{people} — your move.", people=people))
            return render(text, lang)
        if match.result:
            winners = [names[w] for w in match.result.get("winners", [])]
            if winners:
                head = (Msg("🏆 {winner} wins!", winner=winners[0]) if len(winners) == 1 else
                        Msg("🏆 {winners} and {last} win!", winners=winners[:-1], last=winners[-1]))
            elif match.result.get("absent") or match.result.get("resigned"):
                head = Msg("Nobody wins.")
            else:
                head = Msg("The game ends in a draw.")
            reason = read(match.result.get("reason", ""), lang, names)
            if reason and reason in told:
                reason = ""
            scores = match.result.get("scores") or {}
            score_text = render(Msg("Scores: {scores}", scores=[f"{names[int(k)]} {v}" for k, v in scores.items()]),
                                lang) if scores else ""
            changes = match.meta.get("rating_changes") or {}
            rating_text = ("\n" + render(Msg("Ratings: {changes}", changes=[
                f"{names[int(seat)]} {before} → {after} ({after - before:+d})"
                for seat, (before, after) in sorted(changes.items())]), lang)) if changes else ""
            return " ".join(part for part in (render(Msg("**Game over.**"), lang), render(head, lang), reason,
                                              score_text) if part) + rating_text
        return ""

    async def post_board(self, match: MatchRow, text, *, undoable: bool = False,
                         taken_back: bool = False, ping: bool = True) -> None:
        """A new board message, in the server's language (`text`: what happened, a Msg or a
        text already read out); `ping`: notify the players who must act (not on a re-post)."""
        channel = await self.channel_for(match)
        if channel is None:
            return
        lang = await self.channel_lang(match)
        names = await self.seat_names(match, lang)
        text = render(text, lang, names)
        head = render(Msg("**{title}** · move {version}", title=self.title(match), version=match.version), lang)
        parts = (head, *text.split("\n"), self.footer(match, names, told=text, lang=lang))
        content = "\n".join(part for part in parts if part.strip())
        view = self.bot.service.public_view(match) if match.snapshot else None
        extra = []
        if match.status == "finished" and not match.meta.get("rematch"):
            extra.append(RematchButton(match.id, lang))
        if match.status == "active":
            extra += [ClockButton("reclaim", match.id, seat, lang) for seat in match.meta.get("absent", [])[:1]]
            if undoable:
                extra.append(UndoButton("ask", match.id, match.version, lang))
        png = picture = None
        kwargs = {}
        if view is not None:
            png = await self.bot.pictures.board(match.game, view, names, lang)
            picture = f"match{match.id}-move{match.version}.png"
            kwargs["file"] = png_file(png, picture)
        # one message a board: the text, the picture and the buttons in one layout container
        posted = await self._safe_send(channel, None, match=match, ping=self.to_act(match) if ping else [], lang=lang,
                                       view=board_layout(match.id, fit(content, lang=lang), picture, extra, lang),
                                       **kwargs)
        if posted is not None:   # the board before it is superseded: its buttons go
            await self.recall(self._boards, match.id, channel, match.id)
            await self._retire(self._boards, match.id, posted)
        await self.settle_notices(match, taken_back=taken_back)
        if match.thread_id is None:  # no thread to add spectators to: they get each board by DM
            for user_id in match.meta.get("watchers", []):
                await self._dm(user_id, content=content[:2000], file=png_file(png, "board.png") if png else None)

    # ------------------------------------------------------------------ clocks, undo, nudges

    def _where(self, match: MatchRow) -> str:
        """The match's thread or channel, as a link ("" when it has none)."""
        channel_id = match.thread_id or match.channel_id
        return f"<#{channel_id}>" if channel_id else ""

    async def match_updated(self, match: MatchRow, note: str) -> None:
        await self.post_board(match, note)
        if match.status == "active":
            for seat in sorted(self.bot.service.active_players(match)):
                await self.send_private(match, seat)

    # ------------------------------------------------------------------ notices

    # ------------------------------------------------------------------ history

    async def history_page(self, match: MatchRow, page: int | None,
                           lang: str = ENGLISH) -> tuple[str, discord.ui.View | None]:
        """One page of the public move history (None: the latest page) in `lang`, with buttons
        to the earlier and later pages."""
        from matches import UserError
        names = await self.seat_names(match, lang)
        lines = [f"{i}. **{names[seat]}**: " + read(text, lang, names)
                 for i, (seat, text) in enumerate(await self.bot.service.history(match.id), 1)]
        pages = max(1, -(-len(lines) // LOG_PAGE))
        page = pages if page is None else page
        if not 1 <= page <= pages:
            raise UserError(plural("The history of match #{id} has {n} page.", "The history of match #{id} has {n} pages.",
                                   n=pages, id=match.id))
        body = "\n".join(lines[(page - 1) * LOG_PAGE:page * LOG_PAGE]) or render(Msg("No moves yet."), lang)
        head = render(Msg("**{title}** · history, page {page} of {pages}", title=self.title(match), page=page,
                          pages=pages), lang)
        content = f"{head}\n{body}"[:2000]
        if pages == 1:
            return content, None
        view = discord.ui.View(timeout=None)
        view.add_item(LogPageButton(match.id, page - 1, earlier=True, disabled=page == 1, lang=lang))
        view.add_item(LogPageButton(match.id, page + 1, earlier=False, disabled=page == pages, lang=lang))
        return content, view

    # ------------------------------------------------------------------ private views

