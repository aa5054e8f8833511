"""/match: the commands every game shares, and /help."""
from __future__ import annotations

import io

import discord
from discord import app_commands
from discord.ext import commands

from cogs.common import (
    command_name,
    defer,
    hint_choice,
    is_manager,
    lang_for,
    reply,
    server_lang_for,
)
from cogs.components import ask_undo
from cogs.replay import gate_for
from cogs.ui.hint import HINT_CHOICES, LEVEL_CHOICES, hint_text
from cogs.ui import options as game_options
from engine import registry
from engine.base import LEVEL
from engine.text import Msg
from i18n import render
from i18n import title as game_title
from matches import UserError
from matches.clock import PRESET_LABELS
from matches.service import shorten
from matches.settings import may_start_in

SHOW_EVERY = 60.0  # seconds between two /match show of one match
STATUS_WORDS = {"open": Msg("open"), "active": Msg("active"), "finished": Msg("finished"),
                "cancelled": Msg("cancelled")}
CLOCK_CHOICES = [app_commands.Choice(name=label, value=key) for key, label in PRESET_LABELS.items()]


async def _match_choices(interaction: discord.Interaction, current: str,
                         statuses: tuple[str, ...]) -> list[app_commands.Choice[int]]:
    """The user's matches of this server (in a DM: all of theirs) whose number or title fits."""
    service = interaction.client.service
    mine = await service.list_matches(user_id=interaction.user.id, statuses=statuses,
                                            guild_id=interaction.guild_id)
    choices = []
    lang = await lang_for(interaction)
    for m in mine:
        label = render(Msg("#{id} {game} ({status})", id=m.id, game=game_title(service.rules(m)),
                           status=STATUS_WORDS.get(m.status, m.status)), lang)
        if current in str(m.id) or current.lower() in label.lower():
            choices.append(app_commands.Choice(name=label[:100], value=m.id))
    return choices[:25]


async def match_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    return await _match_choices(interaction, current, ("open", "active"))


async def any_match_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    """For commands that also look back at finished matches (show, log, replay)."""
    return await _match_choices(interaction, current, ("open", "active", "finished"))


async def game_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[str]]:
    games = interaction.client.playable_games()
    lang = await lang_for(interaction)
    titled = [(g, render(game_title(g), lang)) for g in games]
    return [app_commands.Choice(name=shown, value=g.name) for g, shown in titled
            if current.lower() in g.title.lower() or current.lower() in g.name or current in shown][:25]


async def create_match(interaction: discord.Interaction, game: str, opponents: list, players: int | None,
                       options: dict | None = None, clock: str | None = None, rated: bool = True) -> None:
    """Shared by /match new and the game cogs' challenge commands."""
    bot = interaction.client
    if game not in {g.name for g in bot.playable_games()}:
        raise UserError(Msg("There is no game called {game}. Pick one from the list.", game=repr(game)))
    if interaction.guild is None:
        raise UserError(Msg("Matches are played in a server channel, not in DMs."))
    parent_id = interaction.channel.parent_id if isinstance(interaction.channel, discord.Thread) else None
    settings = await bot.service.guild_settings(interaction.guild_id)
    if not may_start_in(settings, interaction.channel_id, parent_id):
        raise UserError(Msg("Matches cannot be started in this channel; ask a server manager which channel to use."))
    people = [o for o in opponents if o is not None]
    ai_seats = sum(1 for o in people if o.id == bot.user.id)
    humans = [o for o in people if o.id != bot.user.id]
    if any(o.bot for o in humans):
        raise UserError(Msg("Other bots cannot play; challenge a person, or me for a computer opponent."))
    if any(o.id == interaction.user.id for o in humans):
        raise UserError(Msg("You cannot challenge yourself."))
    channel_id = interaction.channel.parent_id if isinstance(interaction.channel, discord.Thread) \
        else interaction.channel_id
    match = await bot.service.create(
        game=game, guild_id=interaction.guild_id, channel_id=channel_id, creator_id=interaction.user.id,
        invited=[o.id for o in humans], ai_seats=ai_seats, players=players, options=options or {},
        ai_user_id=bot.user.id, clock=clock, meta={"rated": rated})
    if match.status == "active":
        await reply(interaction, Msg("Match #{id} has started in {thread}.", id=match.id, thread=f"<#{match.thread_id}>")
                    if match.thread_id else Msg("Match #{id} has started.", id=match.id))
    elif match.invited:
        await reply(interaction, Msg("Challenge #{id} sent; it starts when everyone accepts.", id=match.id))
    else:
        await reply(interaction, Msg("Table #{id} is open; others join with the button.", id=match.id))


class MatchCog(commands.GroupCog, group_name="match", group_description="Play and manage board game matches"):
    def __init__(self, bot):
        self.bot = bot
        self._shown: dict[int, float] = {}  # match id -> when /match show last posted its board

    def _may_show(self, match_id: int) -> None:
        """A board is re-posted at most once a minute per match, so the command cannot flood a
        thread; the record forgets what is older than that."""
        now = self.bot.clock()
        self._shown = {m: t for m, t in self._shown.items() if now - t < SHOW_EVERY}
        if match_id in self._shown:
            raise UserError(Msg("The board of match #{id} was posted moments ago; it is just above.", id=match_id))
        self._shown[match_id] = now

    async def _find(self, interaction: discord.Interaction, match: int | None,
                    statuses: tuple[str, ...] = ("active",)):
        return await self.bot.service.find_for_user(interaction.user.id, match_id=match,
                                                    channel_id=interaction.channel_id,
                                                    guild_id=interaction.guild_id, statuses=statuses)

    @app_commands.command(name="new", description="Challenge people (or me) to a game, or open a table anyone can join")
    @app_commands.describe(game="Which game", opponent="Who to challenge (pick me for a computer opponent)",
                           opponent2="Another opponent", opponent3="Another opponent",
                           players="Seats at an open table (when you name nobody)",
                           clock="Time to move (default: the server's setting)",
                           rated="Count this match for ratings (default: yes)",
                           options="The game's options as name=value (the list shows them)",
                           level="How strong the computer players are (default: normal)")
    @app_commands.autocomplete(game=game_autocomplete, options=game_options.autocomplete)
    @app_commands.choices(clock=CLOCK_CHOICES, level=LEVEL_CHOICES)
    async def new(self, interaction: discord.Interaction, game: str, opponent: discord.User | None = None,
                  opponent2: discord.User | None = None, opponent3: discord.User | None = None,
                  players: app_commands.Range[int, 1, 8] | None = None, clock: str | None = None,
                  rated: bool = True, options: str | None = None, level: str | None = None):
        await defer(interaction)
        try:
            rules = registry.get(game)
        except KeyError:
            raise UserError(Msg("There is no game called {game}. Pick one from the list.",
                                game=repr(shorten(game, 40)))) from None
        chosen = game_options.parse(rules, options)
        if level is not None:
            chosen[LEVEL.name] = level
        await create_match(interaction, game, [opponent, opponent2, opponent3], players,
                           options=chosen, clock=clock, rated=rated)

    @app_commands.command(name="hint", description="The move the computer would make in your seat, and why (only you see it)")
    @app_commands.describe(level="normal (default) or hard: the computer that answers")
    @app_commands.choices(level=HINT_CHOICES)
    @app_commands.autocomplete(match=match_autocomplete)
    async def hint(self, interaction: discord.Interaction, match: int | None = None, level: str | None = None):
        await defer(interaction)
        row = await self._find(interaction, match)
        found = await self.bot.service.hint(row.id, interaction.user.id, level)
        lang = await lang_for(interaction)
        names = await self.bot.presenter.seat_names(found.match, lang)
        await reply(interaction, hint_text(found, lang, names), allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="list", description="Your matches, or the matches in this channel")
    @app_commands.describe(scope="mine (default) or channel")
    @app_commands.choices(scope=[app_commands.Choice(name="mine", value="mine"),
                                 app_commands.Choice(name="this channel", value="channel")])
    async def list_(self, interaction: discord.Interaction, scope: str = "mine"):
        await defer(interaction)
        service = self.bot.service
        if scope == "channel":
            rows = await service.list_matches(channel_id=interaction.channel_id)
        else:
            rows = await service.list_matches(user_id=interaction.user.id, guild_id=interaction.guild_id)
        if not rows:
            return await reply(interaction, Msg("No open or running matches.") if scope == "channel"
                               else Msg("You are in no open or running match."))
        lines = []
        lang = await lang_for(interaction)
        computer = Msg("computer")
        for m in rows:
            players = [computer if s.is_ai else f"<@{s.user_id}>" for s in m.seats]
            where = f"<#{m.thread_id}>" if m.thread_id else (f"<#{m.channel_id}>" if m.channel_id else "")
            line = Msg("**#{id}** {game} ({status}) {where} · {players}", id=m.id, game=game_title(service.rules(m)),
                       status=STATUS_WORDS.get(m.status, m.status), where=where, players=players)
            if m.status == "active":
                due = service.rules(m).active_players(m.snapshot)
                line = Msg("{line} · to move: {people}", line=line, people=[
                    computer if m.user_at(s).is_ai else f"<@{m.user_at(s).user_id}>" for s in sorted(due)])
            lines.append(render(line, lang))
        await reply(interaction, "\n".join(lines)[:2000], allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="show", description="Post the current board of a match again")
    @app_commands.autocomplete(match=any_match_autocomplete)
    async def show(self, interaction: discord.Interaction, match: int | None = None):
        await defer(interaction)
        row = await self._find(interaction, match, ("active", "finished"))
        if row.snapshot is None:
            raise UserError(Msg("This match has not started yet."))
        self._may_show(row.id)
        await self.bot.presenter.post_board(row, Msg("The board, as requested."), ping=False)
        await reply(interaction, Msg("Board posted."))

    @app_commands.command(name="hand", description="See your private hand and moves (only you see the answer)")
    @app_commands.autocomplete(match=any_match_autocomplete)
    async def hand(self, interaction: discord.Interaction, match: int | None = None):
        await defer(interaction)
        row = await self._find(interaction, match, ("active", "finished"))
        await self.bot.presenter.send_private_ephemeral(interaction, row.id)

    async def _move_choices(self, interaction: discord.Interaction, current: str):
        match_id = getattr(interaction.namespace, "match", None)
        lang = await lang_for(interaction)
        try:
            row = await self._find(interaction, match_id)
        except UserError as exc:
            return [hint_choice(exc.message, lang)]
        seat = row.seat_of(interaction.user.id)
        if seat is None:
            return [hint_choice(Msg("You are not playing in this match."), lang)]
        text = current.lower()
        names = await self.bot.presenter.seat_names(row, lang)
        labelled = [(a, render(a.label, lang, names)) for a in self.bot.service.legal_actions(row, seat)]
        return [app_commands.Choice(name=label[:100], value=a.id[:100]) for a, label in labelled
                if text in a.label.lower() or text in label.lower() or text in a.id.lower()][:25]

    @app_commands.command(name="move", description="Make a move by name (autocomplete offers only legal moves)")
    @app_commands.describe(action="Start typing; the list shows your legal moves")
    @app_commands.autocomplete(match=match_autocomplete)
    async def move(self, interaction: discord.Interaction, action: str, match: int | None = None):
        await defer(interaction)
        row = await self._find(interaction, match)
        outcome = await self.bot.service.act(row.id, interaction.user.id, action.strip(), answered=True)
        await self.bot.presenter.answer_mover(interaction, outcome)

    @move.autocomplete("action")
    async def move_autocomplete(self, interaction: discord.Interaction, current: str):
        return await self._move_choices(interaction, current)

    @app_commands.command(name="resign", description="Resign a match you are playing")
    @app_commands.autocomplete(match=match_autocomplete)
    async def resign(self, interaction: discord.Interaction, match: int | None = None):
        await defer(interaction)
        row = await self._find(interaction, match)
        await self.bot.service.resign(row.id, interaction.user.id)
        await reply(interaction, Msg("You resigned match #{id}.", id=row.id))

    @app_commands.command(name="cancel", description="Cancel a match that has not started (creator or server manager)")
    @app_commands.autocomplete(match=match_autocomplete)
    async def cancel(self, interaction: discord.Interaction, match: int | None = None):
        await defer(interaction)
        row = await self._find(interaction, match, ("open",))
        await self.bot.service.cancel(row.id, interaction.user.id, guild_id=interaction.guild_id,
                                      is_admin=is_manager(interaction))
        await reply(interaction, Msg("Match #{id} was cancelled.", id=row.id))

    @app_commands.command(name="nudge", description="Remind the players you are waiting for (once every few hours)")
    @app_commands.autocomplete(match=match_autocomplete)
    async def nudge(self, interaction: discord.Interaction, match: int | None = None):
        await defer(interaction)
        row = await self._find(interaction, match)
        seats = await self.bot.service.nudge(row.id, interaction.user.id)
        await reply(interaction, Msg("Nudged {people}.", people=[f"<@{row.user_at(s).user_id}>" for s in seats]),
                    allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="autopass",
                          description="Let the bot answer response windows for you, as the game's rules say (only you know)")
    @app_commands.describe(on="On: the bot passes for me (see the game's rules help for when); off: always ask me")
    @app_commands.autocomplete(match=match_autocomplete)
    async def autopass(self, interaction: discord.Interaction, on: bool, match: int | None = None):
        await defer(interaction)
        row = await self._find(interaction, match)
        await self.bot.service.set_auto_pass(row.id, interaction.user.id, on)
        await reply(interaction, Msg("In match #{id} the bot now passes for you in response windows, as the "
                                     "game's rules help says (e.g. in Skytear when you have nothing to play, in "
                                     "Civilization in every cancel window); the others are not told.", id=row.id) if on else
                    Msg("In match #{id} you are asked again in every response window.", id=row.id))

    @app_commands.command(name="return", description="Play your seat again after the computer stood in for you")
    @app_commands.autocomplete(match=match_autocomplete)
    async def return_(self, interaction: discord.Interaction, match: int | None = None):
        await defer(interaction)
        row = await self._find(interaction, match)
        await self.bot.service.reclaim(row.id, interaction.user.id)
        await reply(interaction, Msg("You play your seat in match #{id} again.", id=row.id))

    @app_commands.command(name="undo", description="Ask the other players to let you take back your last move")
    @app_commands.autocomplete(match=match_autocomplete)
    async def undo(self, interaction: discord.Interaction, match: int | None = None):
        await defer(interaction)
        row = await self._find(interaction, match)
        await reply(interaction, await ask_undo(self.bot.service, row.id, interaction.user.id))

    @app_commands.command(name="watch", description="Follow a match as a spectator (you never see a hand)")
    @app_commands.describe(match="The match number (see /match list scope:this channel)")
    async def watch(self, interaction: discord.Interaction, match: int):
        await defer(interaction)
        row = await self.bot.service.add_watcher(match, interaction.user.id, guild_id=interaction.guild_id)
        thread = self.bot.get_channel(row.thread_id) if row.thread_id else None
        if isinstance(thread, discord.Thread):
            try:
                await thread.add_user(interaction.user)
                return await reply(interaction, Msg("You are watching match #{id} in {thread}.", id=row.id,
                                                    thread=thread.mention))
            except discord.HTTPException:
                pass
        await reply(interaction, Msg("You are watching match #{id}: each new board comes to you by DM.", id=row.id))

    @app_commands.command(name="log", description="The public move history of a match")
    @app_commands.describe(page="Page of the history (1 = the first moves; default: the latest)")
    @app_commands.autocomplete(match=any_match_autocomplete)
    async def log(self, interaction: discord.Interaction, match: int | None = None,
                  page: app_commands.Range[int, 1, 1000] | None = None):
        await defer(interaction)
        row = await self._find(interaction, match, ("active", "finished"))
        content, view = await self.bot.presenter.history_page(row, page, await lang_for(interaction))
        await reply(interaction, content, view=view, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="replay", description="An animated picture of a match, turn by turn")
    @app_commands.autocomplete(match=any_match_autocomplete)
    async def replay(self, interaction: discord.Interaction, match: int | None = None):
        # the match and the gate first, so that a refusal is an answer only the asker sees
        row = await self._find(interaction, match, ("active", "finished"))
        with gate_for(self.bot).admit(row.id, interaction.user.id, interaction.client.clock()):
            await defer(interaction, ephemeral=False)
            lang = await server_lang_for(interaction)  # posted in the channel: the server's language
            names = await self.bot.presenter.seat_names(row, lang)
            # walked and drawn in the match's render worker: off the event loop and its lock
            source = await self.bot.service.replay_source(row.id)
            gif, frames, turns = await self.bot.pictures.replay(row.game, source, names, lang)
        title = self.bot.presenter.title(row)
        moves = source.boards - 1
        text = (Msg("**{title}** · replay of {moves} moves, one picture per turn", title=title, moves=moves)
                if frames == turns else
                Msg("**{title}** · replay of {moves} moves ({frames} of {turns} turns shown, evenly spread)",
                    title=title, moves=moves, frames=frames, turns=turns))
        await interaction.followup.send(render(text, lang),
                                        file=discord.File(io.BytesIO(gif), filename=f"match{row.id}-replay.gif"))


HELP_TEXT = Msg("""**Board games, played by chat.** Every match gets its own thread; the board arrives there as a picture after every move, and the player to move is pinged. Your hand comes to you privately: by DM, or, if your DMs are closed, with the **Show my hand** button under any board (only you see the answer).

**Start a game**
• `/match new game [opponent…]` challenge people (they press Accept), pick me as the opponent to play the computer, or name nobody to open a table anyone can join.
{game_lines}
**Play**
• Use the menu under your private hand, or `/match move` (autocomplete lists only your legal moves).
• `/match hand` your hand and moves · `/match show` post the board again · `/match list` your matches
• `/match resign` give up · `/match cancel` cancel a match that has not started
• `/match undo` ask to take back your last move · `/match nudge` remind the player you wait for
• `/match watch` follow a match · `/match log` its move history · `/match replay` an animated replay
• `/match hint` the move the computer would make in your seat (not in rated matches unless they allow it); the computer plays at `level` easy, normal or hard
**Tournaments and ratings**
• `/tournament help` how events run · `/tournament join` sign up · `/leaderboard game` · `/stats`
""")


class HelpCog(commands.Cog):
    def __init__(self, bot):
        self.bot = bot

    @app_commands.command(name="help", description="How to play board games with this bot")
    async def help(self, interaction: discord.Interaction):
        lang = await lang_for(interaction)
        # each game's own command group, from the game cogs loaded (Civilization's is /civ)
        groups = {cog.GAME: cog.__cog_group_name__ for cog in self.bot.cogs.values() if getattr(cog, "GAME", None)}
        groups = {g.name: groups.get(g.name, g.name) for g in self.bot.playable_games()}
        lines = "".join(render(Msg("• {game}: {challenge} and {rules}", game=game_title(g),
                                   challenge=f"`{command_name(lang, groups[g.name], 'challenge')}`",
                                   rules=f"`{command_name(lang, groups[g.name], 'rules')}`"), lang) + "\n"
                        for g in self.bot.playable_games() if self.bot.tree.get_command(groups[g.name]))
        await interaction.response.send_message(render(HELP_TEXT, lang).replace("{game_lines}", lines),
                                                ephemeral=True)


async def setup(bot):
    from cogs.settings import SettingsCog
    await bot.add_cog(MatchCog(bot))
    await bot.add_cog(HelpCog(bot))
    await bot.add_cog(SettingsCog(bot))
