"""/tournament, /leaderboard and /stats: server tournaments and per-game ratings.

The logic lives in tournaments/service.py; this cog checks who may do what, posts signups,
rounds and standings in the tournament's channel, and registers the services' finish
listeners on the match service (again on every start, so a restarted bot keeps recording).
"""
from __future__ import annotations

import logging

import discord
from discord import app_commands
from discord.ext import commands

from cogs.ui.errors import Guarded
from cogs.common import defer, fit, in_thread, is_manager, png_file, reply
from cogs.matches import game_autocomplete
from engine import registry
from matches import UserError
from matches.clock import PRESET_LABELS
from matches.settings import guild_settings, may_start_in
from render.tournament import render_bracket, render_standings
from tournaments import state as tstate
from tournaments.ratings import PROVISIONAL_GAMES
from tournaments.service import ACTIVE, FORMAT_TITLES, TournamentRow

log = logging.getLogger("boardgames")

ORGANIZER_ROLE_KEY = "tournament_organizer_role"
EMBED_COLOUR = discord.Colour(0x5865F2)
LOOKABLE = ("signup", "running", "finished")

HELP_TEXT = f"""**Tournaments**
Organizers (Manage Server, or the role set with `/tournament organizer_role`) run events; everyone else joins, leaves and looks.
• `/tournament create game format` opens signups here (optional: rounds, clock, max_players, start_time, team_size). Formats: Swiss, round robin, single elimination (seeded by rating), Swiss pods (3–4 player games, seats rotate).
• `/tournament join` (with `partner` in a team event) · `/tournament leave` (once it runs, leaving drops you out) · `/tournament standings` · `/tournament bracket` · `/tournament list`
• Organizers: `/tournament start` · `/tournament next` · `/tournament drop @player` · `/tournament team @players` · `/tournament cancel`

**Teams.** A game played in teams (two against two, …) has team events: players join with a partner, or an organizer groups them with `/tournament team`; at the start, players still without a team are grouped in signup order. Teams are paired against teams and the standings list teams; a team's win is a win for each member.

**How rounds go.** Each round every game gets its own match thread and its players are pinged. A result counts the moment its match ends (a resignation or running out of time is a loss). The next round starts when the last game ends; standings (and the bracket) are posted after every round.
**`/tournament next`** ends the round at once: a game still running is lost by the player to move, or their team (they were holding the round up); if nobody or everyone is to move it is a draw, and in single elimination the better seed goes through. Those games are marked finished and are not rated.
**Dropping out.** Swiss players are no longer paired; in round robin and elimination their remaining games are forfeits. A game in progress is resigned.
**Ratings.** Every finished match between people in this server is rated per game (OpenSkill), unless it was started as casual; games against the computer are never rated. A rating is provisional for its first {PROVISIONAL_GAMES} games. See `/leaderboard game` and `/stats`."""


def _number(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text


def _game_title(game: str) -> str:
    try:
        return registry.get(game).title
    except KeyError:
        return game


def _rounds_text(t: TournamentRow) -> str:
    if t.format == "round_robin":
        return "everyone plays everyone"
    if t.format == "single_elimination":
        return "knockout, seeded by rating"
    rounds = t.total_rounds
    pods = f" of {t.options.get('min_pod')}–{t.options.get('max_pod')}-player pods" if t.format == "swiss_pods" else ""
    return (f"{rounds} rounds" if rounds else ("3 rounds" if t.format == "swiss_pods" else "rounds by field size")) + pods


def signup_text(t: TournamentRow) -> str:
    lines = [f"🏆 **{t.name}** · tournament #{t.id}",
             f"{t.format_title} · {_game_title(t.game)} · {_rounds_text(t)}"]
    if t.options.get("clock"):
        lines.append(f"Clock: {PRESET_LABELS.get(t.options['clock'], t.options['clock'])}")
    if t.options.get("start_time"):
        lines.append(f"Starts: {t.options['start_time']}")
    lines.append(f"Organizer: <@{t.creator_id}>")
    cap = t.options.get("max_players")
    count = f"{len(t.players)}/{cap}" if cap else str(len(t.players))
    if t.team_size > 1:
        teams, loose = t.signup_groups()
        listed = " · ".join(" & ".join(f"<@{u}>" for u in team) for team in teams)
        if loose:
            listed += ("; " if listed else "") + "no team yet: " + ", ".join(f"<@{u}>" for u in loose)
        lines.append(f"Players ({count}) in teams of {t.team_size}: " + (listed or "none yet"))
    else:
        lines.append(f"Players ({count}): " + (", ".join(f"<@{u}>" for u in t.players) or "none yet"))
    if t.status == "signup":
        join = "`/tournament join` (name a `partner` to team up)" if t.team_size > 1 else "`/tournament join`"
        lines.append(f"Press **Join** or use {join}; an organizer starts it with `/tournament start`.")
    elif t.status == "running":
        lines.append("Signups are closed: the tournament is under way.")
    else:
        lines.append(f"This tournament is {t.status}.")
    return "\n".join(lines)[:2000]


class TournamentButton(Guarded, discord.ui.DynamicItem[discord.ui.Button],
                       template=r"bg:tour:(?P<op>join|leave):(?P<tournament>\d+)"):
    """Join / Leave on the signup message; rebuilt from its custom_id after a restart."""

    def __init__(self, op: str, tournament_id: int):
        self.op, self.tournament_id = op, tournament_id
        super().__init__(discord.ui.Button(
            label="Join" if op == "join" else "Leave",
            style=discord.ButtonStyle.success if op == "join" else discord.ButtonStyle.secondary,
            custom_id=f"bg:tour:{op}:{tournament_id}"))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["op"], int(match["tournament"]))

    async def run(self, interaction: discord.Interaction) -> None:
        service = interaction.client.tournaments
        if interaction.guild_id is None:
            raise UserError("Tournaments belong to a server; use this button there.")
        await service.get(self.tournament_id, interaction.guild_id)  # only this server's events
        if self.op == "join":
            t = await service.join(self.tournament_id, interaction.user.id)
            await reply(interaction, f"You are signed up for **{t.name}**.")
        else:
            t = await service.leave(self.tournament_id, interaction.user.id)
            await reply(interaction, f"You left **{t.name}**.")


def signup_view(t: TournamentRow) -> discord.ui.View | None:
    if t.status != "signup":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(TournamentButton("join", t.id))
    view.add_item(TournamentButton("leave", t.id))
    return view


class TournamentPoster:
    """The tournament service's notifier: posts in the tournament's channel, never raises."""

    def __init__(self, bot):
        self.bot = bot

    async def channel(self, t: TournamentRow):
        if t.channel_id is None:
            return None
        channel = self.bot.get_channel(t.channel_id)
        if channel is None:
            try:
                channel = await self.bot.fetch_channel(t.channel_id)
            except discord.HTTPException:
                return None
        return channel

    async def _send(self, t: TournamentRow, content: str = "", **kwargs):
        channel = await self.channel(t)
        if channel is None:
            return None
        try:
            return await channel.send(fit(content), allowed_mentions=discord.AllowedMentions(users=True), **kwargs)
        except discord.HTTPException:
            log.warning("could not post in the channel of tournament %s", t.id)
            return None

    async def names(self, t: TournamentRow) -> dict[str, str]:
        """The event's players (teams too) as people read them."""
        players = t.state.players if t.state else [str(u) for u in t.players]
        return {p: " & ".join([await self.bot.presenter.name_of(u) for u in t.members(p)]) for p in players}

    async def standings_message(self, t: TournamentRow, heading: str) -> dict:
        """An embed listing the standings with the PNG table as its image; in single
        elimination the bracket PNG comes along."""
        rows = self.bot.tournaments.standings(t)
        names = await self.names(t)
        dropped = set(t.state.dropped) if t.state else set()
        lines = []
        for r in rows:
            line = (f"`{r['rank']:>2}.` **{names.get(r['player'], r['player'])}** — {_number(r['points'])} pts "
                    f"({r['wins'] + r['byes']}-{r['draws']}-{r['losses']}) · Buchholz {_number(r['buchholz'])}"
                    + (" · dropped" if r["player"] in dropped else ""))
            if sum(len(x) + 1 for x in lines) + len(line) > 3900:
                lines.append(f"… and {len(rows) - len(lines)} more")
                break
            lines.append(line)
        round_text = f"round {tstate.current_round(t.state)} of {t.state.total_rounds}" if t.state else "signups"
        embed = discord.Embed(title=f"{t.name} · standings", colour=EMBED_COLOUR,
                              description="\n".join(lines) or "No results yet.")
        embed.set_footer(text=f"Tournament #{t.id} · {t.format_title} · {round_text} · W-D-L counts byes as wins")
        png = await in_thread(render_standings, rows, f"{t.name} — standings", names)
        embed.set_image(url="attachment://standings.png")
        files = [png_file(png, "standings.png")]
        if t.format == "single_elimination" and t.state is not None:
            files.append(png_file(await self.bracket_png(t, names), "bracket.png"))
        return {"content": heading[:2000], "embed": embed, "files": files}

    async def bracket_png(self, t: TournamentRow, names: dict[str, str] | None = None) -> bytes:
        return await in_thread(render_bracket, tstate.bracket(t.state), names or await self.names(t),
                               f"{t.name} — bracket")

    # ------------------------------------------------------------------ notifier interface

    async def signup_changed(self, t: TournamentRow) -> None:
        if not t.message_id:
            return
        channel = await self.channel(t)
        if channel is None:
            return
        try:
            await channel.get_partial_message(t.message_id).edit(
                content=fit(signup_text(t)), view=signup_view(t), allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.info("could not edit the signup message of tournament %s", t.id)

    async def round_started(self, t: TournamentRow, number: int, games) -> None:
        lines = []
        for game, match in games:
            people = " vs ".join(t.mention(p) for p in game.players)
            if game.bye:
                lines.append(f"• {people}: bye (a win)")
            elif game.finished:
                winners = " and ".join(t.mention(p) for p in game.winners)
                lines.append(f"• {people}: forfeit, {winners} " + ("wins" if len(game.winners) == 1 else "go through"))
            elif match is not None:
                where = f"<#{match.thread_id}>" if match.thread_id else f"match #{match.id}"
                lines.append(f"• {people} — {where}")
            else:
                lines.append(f"• {people} — the match could not be created; an organizer can use `/tournament next`")
        head = f"**{t.name}** · round {number} of {t.state.total_rounds} has started."
        chunk = head
        for line in lines:   # a big field can need more than one message
            if len(chunk) + len(line) + 1 > 1900:
                await self._send(t, chunk)
                chunk = ""
            chunk += ("\n" if chunk else "") + line
        await self._send(t, chunk)

    async def round_finished(self, t: TournamentRow, number: int) -> None:
        if t.status == "finished":
            winner = tstate.champion(t.state)
            verb = "wins" if winner is None or len(t.members(winner)) == 1 else "win"
            heading = (f"🏆 **{t.name}** is over: {t.mention(winner)} {verb} the tournament! Final standings:"
                       if winner else f"**{t.name}** is over. Final standings:")
        else:
            heading = f"**{t.name}** · round {number} of {t.state.total_rounds} is over. Standings:"
        try:
            message = await self.standings_message(t, heading)
        except Exception:  # noqa: BLE001 - a picture must not stop the event
            log.exception("could not draw the standings of tournament %s", t.id)
            message = {"content": heading}
        await self._send(t, **message)

    async def tournament_closed(self, t: TournamentRow, note: str) -> None:
        await self.signup_changed(t)
        await self._send(t, f"**{t.name}** (tournament #{t.id}): {note}")


async def tournament_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    service = getattr(interaction.client, "tournaments", None)
    if service is None or interaction.guild_id is None:
        return []
    rows = await service.in_guild(interaction.guild_id, LOOKABLE)
    return [app_commands.Choice(name=f"#{t.id} {t.name} ({t.status})"[:100], value=t.id) for t in rows
            if current in str(t.id) or current.lower() in t.name.lower()][:25]


def _home_channel(interaction: discord.Interaction) -> int | None:
    """The channel a command speaks for (a match thread's parent channel)."""
    channel = interaction.channel
    return channel.parent_id if isinstance(channel, discord.Thread) else interaction.channel_id


@app_commands.guild_only()
class TournamentCog(commands.GroupCog, group_name="tournament", group_description="Server tournaments"):
    def __init__(self, bot):
        self.bot = bot
        self.tournaments = bot.tournaments
        self.poster = self.tournaments.notifier
        self._resumed = False

    async def cog_load(self) -> None:
        self.bot.add_dynamic_items(TournamentButton)

    async def cog_unload(self) -> None:
        self.bot.remove_dynamic_items(TournamentButton)

    @commands.Cog.listener()
    async def on_ready(self) -> None:
        """Once per start: finish any round step a stop interrupted."""
        if self._resumed:
            return
        self._resumed = True
        for tournament_id in await self.tournaments.running():
            try:
                await self.tournaments.resume(tournament_id)
            except Exception:  # noqa: BLE001 - one broken event must not keep the others down
                log.exception("could not resume tournament %s", tournament_id)

    # ------------------------------------------------------------------ helpers

    async def is_organizer(self, interaction: discord.Interaction) -> bool:
        if is_manager(interaction):
            return True
        role_id = (await self.bot.store.guild_settings(interaction.guild_id)).get(ORGANIZER_ROLE_KEY)
        return role_id is not None and any(r.id == role_id for r in getattr(interaction.user, "roles", []))

    async def require_organizer(self, interaction: discord.Interaction) -> None:
        if not await self.is_organizer(interaction):
            raise UserError("Only tournament organizers (Manage Server, or the organizer role) can do that.")

    async def pick(self, interaction: discord.Interaction, tournament_id: int | None,
                   statuses: tuple[str, ...] = ACTIVE) -> TournamentRow:
        """The tournament named, else the only one (of `statuses`) in this channel, else in
        this server. For looking, the latest running one wins over older ones."""
        if interaction.guild_id is None:
            raise UserError("Tournaments belong to a server; use this command in one.")
        service = self.tournaments
        if tournament_id is not None:
            return await service.get(tournament_id, interaction.guild_id)
        candidates = (await service.in_guild(interaction.guild_id, statuses, channel_id=_home_channel(interaction))
                      or await service.in_guild(interaction.guild_id, statuses))
        if not candidates:
            raise UserError("There is no tournament here right now. An organizer opens one with `/tournament create`.")
        if len(candidates) > 1 and statuses == LOOKABLE:
            running = [t for t in candidates if t.status == "running"]
            return (running or candidates)[0]
        if len(candidates) > 1:
            listed = ", ".join(f"#{t.id} {t.name}" for t in candidates[:10])
            raise UserError(f"Several tournaments are on ({listed}): say which with the `tournament` option.")
        return candidates[0]

    async def post_public(self, interaction: discord.Interaction, message: dict) -> None:
        await interaction.followup.send(allowed_mentions=discord.AllowedMentions.none(), **message)

    # ------------------------------------------------------------------ commands

    @app_commands.command(name="create", description="Open signups for a tournament in this channel (organizers)")
    @app_commands.describe(game="Which game", format="How players are paired",
                           rounds="Rounds (Swiss and Swiss pods; the others follow from the field)",
                           clock="Time limit for every match", max_players="Most players who may sign up",
                           start_time="When it starts, as a note for the signup message (e.g. Friday 20:00 UTC)",
                           name="A name for the event",
                           team_size="Players per team, for a game played in teams (default: the game's smallest)")
    @app_commands.choices(
        format=[app_commands.Choice(name=title, value=key) for key, title in FORMAT_TITLES.items()],
        clock=[app_commands.Choice(name=label, value=key) for key, label in PRESET_LABELS.items()])
    @app_commands.autocomplete(game=game_autocomplete)
    async def create(self, interaction: discord.Interaction, game: str, format: str,
                     rounds: app_commands.Range[int, 1, 20] | None = None, clock: str | None = None,
                     max_players: app_commands.Range[int, 2, 512] | None = None,
                     start_time: app_commands.Range[str, 1, 100] | None = None,
                     name: app_commands.Range[str, 1, 80] | None = None,
                     team_size: app_commands.Range[int, 1, 8] | None = None):
        await defer(interaction)
        await self.require_organizer(interaction)
        if game not in {g.name for g in self.bot.playable_games()}:
            raise UserError(f"There is no game called {game!r}. Pick one from the list.")
        channel = interaction.channel
        parent = channel.parent_id if isinstance(channel, discord.Thread) else None
        if not may_start_in(await guild_settings(self.bot.store, interaction.guild_id), channel.id, parent):
            raise UserError("Matches cannot be started in this channel, so neither can a tournament; "
                            "ask a server manager which channel to use.")
        t = await self.tournaments.create(
            guild_id=interaction.guild_id, channel_id=_home_channel(interaction), creator_id=interaction.user.id,
            game=game, format=format, rounds=rounds, clock=clock, max_players=max_players,
            start_time=start_time, name=name, team_size=team_size)
        message = await self.poster._send(t, signup_text(t), view=signup_view(t))
        if message is not None:
            await self.tournaments.set_message(t.id, message.id)
        await reply(interaction, f"Tournament #{t.id} **{t.name}** is open for signups.")

    @app_commands.command(name="join", description="Sign up for a tournament")
    @app_commands.describe(partner="In a team event: who you play with (signed up with you)")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def join(self, interaction: discord.Interaction, tournament: int | None = None,
                   partner: discord.Member | None = None):
        await defer(interaction)
        if partner is not None and partner.bot:
            raise UserError("Your partner must be a person.")
        t = await self.pick(interaction, tournament, ("signup",))
        t = await self.tournaments.join(t.id, interaction.user.id, partner.id if partner else None)
        team = t.signup_teams.get(interaction.user.id)
        mates = [u for u in t.players if team is not None and t.signup_teams.get(u) == team
                 and u != interaction.user.id]
        with_whom = f" with {', '.join(f'<@{u}>' for u in mates)}" if mates else ""
        await reply(interaction, f"You are signed up for **{t.name}**{with_whom} "
                                 f"({len(t.players)} signed up so far).",
                    allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="team", description="Put players together in one team (organizers)")
    @app_commands.describe(player1="A member of the team (alone: taken out of their team)",
                           player2="Another member", player3="Another member", player4="Another member")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def team(self, interaction: discord.Interaction, player1: discord.Member,
                   player2: discord.Member | None = None, player3: discord.Member | None = None,
                   player4: discord.Member | None = None, tournament: int | None = None):
        await defer(interaction)
        await self.require_organizer(interaction)
        people = [p for p in (player1, player2, player3, player4) if p is not None]
        if any(p.bot for p in people):
            raise UserError("Teams are made of people.")
        t = await self.pick(interaction, tournament, ("signup",))
        t = await self.tournaments.set_team(t.id, [p.id for p in people])
        names = " & ".join(p.mention for p in dict.fromkeys(people))
        await reply(interaction, f"{names} now play as a team in **{t.name}**." if len(set(people)) > 1
                    else f"{names} is in no team of **{t.name}** now.",
                    allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="leave", description="Leave a tournament (once it runs, you drop out)")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def leave(self, interaction: discord.Interaction, tournament: int | None = None):
        await defer(interaction)
        t = await self.pick(interaction, tournament)
        t = await self.tournaments.leave(t.id, interaction.user.id)
        await reply(interaction, f"You left **{t.name}**." if t.status == "signup"
                    else f"You dropped out of **{t.name}**.")

    @app_commands.command(name="start", description="Close signups and start round 1 (organizers)")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def start(self, interaction: discord.Interaction, tournament: int | None = None):
        await defer(interaction)
        await self.require_organizer(interaction)
        t = await self.pick(interaction, tournament, ("signup",))
        t = await self.tournaments.start(t.id)
        await reply(interaction, f"**{t.name}** has started: round 1 is under way.")

    @app_commands.command(name="next", description="End the round now and start the next (organizers)")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def next_(self, interaction: discord.Interaction, tournament: int | None = None):
        await defer(interaction)
        await self.require_organizer(interaction)
        t = await self.pick(interaction, tournament, ("running",))
        t = await self.tournaments.force_next_round(t.id)
        await reply(interaction, f"**{t.name}** is over." if t.status == "finished"
                    else f"Round {tstate.current_round(t.state)} of **{t.name}** has started.")

    @app_commands.command(name="standings", description="Post a tournament's standings")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def standings(self, interaction: discord.Interaction, tournament: int | None = None):
        await defer(interaction, ephemeral=False)
        t = await self.pick(interaction, tournament, LOOKABLE)
        if t.state is None:
            raise UserError(f"**{t.name}** has not started yet: {len(t.players)} signed up so far.")
        await self.post_public(interaction, await self.poster.standings_message(t, f"**{t.name}** standings"))

    @app_commands.command(name="bracket", description="Post a single-elimination tournament's bracket")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def bracket(self, interaction: discord.Interaction, tournament: int | None = None):
        await defer(interaction, ephemeral=False)
        t = await self.pick(interaction, tournament, LOOKABLE)
        if t.format != "single_elimination":
            raise UserError(f"**{t.name}** is {t.format_title}: it has standings (`/tournament standings`), "
                            "not a bracket.")
        if t.state is None:
            raise UserError(f"**{t.name}** has not started yet; the bracket is drawn at the start.")
        await self.post_public(interaction, {"content": f"**{t.name}** bracket",
                                             "file": png_file(await self.poster.bracket_png(t), "bracket.png")})

    @app_commands.command(name="drop", description="Withdraw a player from a tournament (organizers)")
    @app_commands.describe(player="Who drops out")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def drop(self, interaction: discord.Interaction, player: discord.Member, tournament: int | None = None):
        await defer(interaction)
        await self.require_organizer(interaction)
        t = await self.pick(interaction, tournament)
        t = await self.tournaments.drop(t.id, player.id)
        entrant = t.entrant_of(player.id)
        if entrant is not None and len(t.members(entrant)) > 1:
            text = f"{t.mention(entrant)} are out of **{t.name}**."
        else:
            text = f"{player.mention} is out of **{t.name}**."
        await reply(interaction, text, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="cancel", description="Cancel a tournament (organizers)")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None):
        await defer(interaction)
        await self.require_organizer(interaction)
        t = await self.pick(interaction, tournament)
        t = await self.tournaments.cancel(t.id)
        await reply(interaction, f"**{t.name}** was cancelled; matches already running go on as ordinary matches.")

    @app_commands.command(name="organizer_role", description="Who may run tournaments besides Manage Server")
    @app_commands.describe(role="Members with this role may run tournaments (leave empty to clear)")
    async def organizer_role(self, interaction: discord.Interaction, role: discord.Role | None = None):
        await defer(interaction)
        if not is_manager(interaction):
            raise UserError("Only members with the Manage Server permission can choose the organizer role.")
        settings = await self.bot.store.guild_settings(interaction.guild_id)
        if role is None:
            settings.pop(ORGANIZER_ROLE_KEY, None)
        else:
            settings[ORGANIZER_ROLE_KEY] = role.id
        await self.bot.store.set_guild_settings(interaction.guild_id, settings)
        await reply(interaction, f"Members with {role.mention} can now run tournaments." if role
                    else "Only members with Manage Server can run tournaments now.",
                    allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="list", description="This server's tournaments")
    async def list_(self, interaction: discord.Interaction):
        await defer(interaction)
        if interaction.guild_id is None:
            raise UserError("Tournaments belong to a server; use this command in one.")
        rows = await self.tournaments.in_guild(interaction.guild_id, LOOKABLE)
        if not rows:
            return await reply(interaction, "No tournaments yet. An organizer opens one with `/tournament create`.")
        lines = [f"**#{t.id} {t.name}** · {t.format_title} · {t.status} · {len(t.players)} players"
                 + (f" · <#{t.channel_id}>" if t.channel_id else "") for t in rows[:20]]
        await reply(interaction, "\n".join(lines)[:2000], allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="help", description="How tournaments and ratings work")
    async def help(self, interaction: discord.Interaction):
        await interaction.response.send_message(HELP_TEXT, ephemeral=True)


OUTCOME_MARKS = {"win": "✅ Win", "draw": "➖ Draw", "loss": "❌ Loss"}


class RatingsCog(commands.Cog):
    def __init__(self, bot):
        self.bot = bot
        self.ratings = bot.ratings

    @app_commands.command(name="leaderboard", description="The best rated players of a game in this server")
    @app_commands.describe(game="Which game")
    @app_commands.autocomplete(game=game_autocomplete)
    @app_commands.guild_only()
    async def leaderboard(self, interaction: discord.Interaction, game: str):
        await defer(interaction, ephemeral=False)
        try:
            title = registry.get(game).title
        except KeyError:
            raise UserError(f"There is no game called {game!r}. Pick one from the list.") from None
        rows = await self.ratings.leaderboard(interaction.guild_id, game)
        lines = [f"`{i:>2}.` **{await self.bot.presenter.name_of(r['user_id'])}** {r['rating']}"
                 f"{'?' if r['provisional'] else ''} · {r['games']} game{'s' if r['games'] != 1 else ''}"
                 for i, r in enumerate(rows, start=1)]
        embed = discord.Embed(title=f"{title} · leaderboard", colour=EMBED_COLOUR,
                              description="\n".join(lines) or "Nobody has a rating yet: finish a rated match.")
        embed.set_footer(text=f"? = provisional (fewer than {PROVISIONAL_GAMES} rated games)")
        await interaction.followup.send(embed=embed)

    @app_commands.command(name="stats", description="Ratings, results by game and recent matches")
    @app_commands.describe(player="Whose stats (yours if empty)")
    @app_commands.guild_only()
    async def stats(self, interaction: discord.Interaction, player: discord.Member | None = None):
        await defer(interaction, ephemeral=False)
        who = player or interaction.user
        data = await self.ratings.stats(interaction.guild_id, who.id)
        embed = discord.Embed(title=f"{who.display_name} · stats", colour=EMBED_COLOUR)
        if not data["games"]:
            embed.description = "No finished matches in this server yet."
        for g in data["games"][:20]:
            rating = "Unrated" if g["rating"] is None else (
                f"Rating **{g['rating']}**" + (" (provisional)" if g["provisional"] else "")
                + f" · {g['rated_games']} rated")
            embed.add_field(name=_game_title(g["game"]), inline=False,
                            value=f"{rating}\n{g['wins']} won · {g['draws']} drawn · {g['losses']} lost "
                                  f"({g['played']} matches)")
        recent = []
        async def named(people):
            return ", ".join([("the computer" if robot else await self.bot.presenter.name_of(u))
                              for u, robot in people])
        for r in data["recent"]:
            change = f" · {r['change'][0]} → {r['change'][1]} ({r['change'][1] - r['change'][0]:+d})" \
                if r["change"] else ""
            mates = f" with {await named(r['teammates'])}" if r.get("teammates") else ""
            recent.append(f"{OUTCOME_MARKS[r['outcome']]}{mates} vs {await named(r['opponents'])} · "
                          f"{_game_title(r['game'])} #{r['match_id']}{change}")
        if recent:
            embed.add_field(name="Recent results", value="\n".join(recent)[:1024], inline=False)
        await interaction.followup.send(embed=embed)


async def setup(bot):
    await bot.add_cog(RatingsCog(bot))       # the tournament service rates seeds through bot.ratings
    await bot.add_cog(TournamentCog(bot))
