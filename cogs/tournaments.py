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

from cogs.common import defer, is_manager, lang_for, png_file, reply
from cogs.matches import game_autocomplete
from cogs.ratings import RatingsCog
from cogs.ratings import game_title as _game_title
from cogs.ui import options as game_options
from cogs.ui.errors import Guarded
from engine import registry
from engine.base import options_line
from engine.text import Lines, Msg, plural
from i18n import render
from matches import UserError
from matches.clock import PRESET_LABELS
from matches.settings import may_start_in
from tournaments import state as tstate
from tournaments.ratings import PROVISIONAL_GAMES
from tournaments.service import (
    ACTIVE,
    FORMAT_TITLES,
    TournamentRow,
    format_title,
    status_word,
)

log = logging.getLogger("boardgames")

ORGANIZER_ROLE_KEY = "tournament_organizer_role"
LOOKABLE = ("signup", "running", "finished")

HELP_TEXT = Msg("""**Tournaments**
Organizers (Manage Server, or the role set with `/tournament organizer_role`) run events; everyone else joins, leaves and looks.
• `/tournament create game format` opens signups here (optional: rounds, clock, max_players, start_time, team_size). Formats: Swiss, round robin, single elimination (seeded by rating), Swiss pods (3–4 player games, seats rotate).
• `/tournament join` (with `partner` in a team event) · `/tournament leave` (once it runs, leaving drops you out) · `/tournament standings` · `/tournament bracket` · `/tournament list`
• Organizers: `/tournament start` · `/tournament next` · `/tournament drop @player` · `/tournament team @players` · `/tournament cancel`

**Teams.** A game played in teams (two against two, …) has team events: players join with a partner, or an organizer groups them with `/tournament team`; at the start, players still without a team are grouped in signup order. Teams are paired against teams and the standings list teams; a team's win is a win for each member.

**How rounds go.** Each round every game gets its own match thread and its players are pinged. A result counts the moment its match ends (a resignation or running out of time is a loss). The next round starts when the last game ends; standings (and the bracket) are posted after every round.
**`/tournament next`** ends the round at once: a game still running is lost by the player to move, or their team (they were holding the round up); if nobody or everyone is to move it is a draw, and in single elimination the better seed goes through. Those games are marked finished and are not rated.
**Dropping out.** Swiss players are no longer paired; in round robin and elimination their remaining games are forfeits. A game in progress is resigned.
**Ratings.** Every finished match between people in this server is rated per game (OpenSkill), unless it was started as casual; games against the computer are never rated. A rating is provisional for its first {games} games. See `/leaderboard game` and `/stats`.""", games=PROVISIONAL_GAMES)


def _number(value: float) -> str:
    text = f"{value:.2f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text




def _rounds_text(t: TournamentRow) -> Msg:
    if t.format == "round_robin":
        return Msg("everyone plays everyone")
    if t.format == "single_elimination":
        return Msg("knockout, seeded by rating")
    rounds = t.total_rounds
    count = (plural("{n} round", "{n} rounds", n=rounds) if rounds else
             plural("{n} round", "{n} rounds", n=3) if t.format == "swiss_pods" else Msg("rounds by field size"))
    if t.format == "swiss_pods":
        return Msg("{rounds} of {low}–{high}-player pods", rounds=count, low=t.options.get("min_pod"),
                   high=t.options.get("max_pod"))
    return count


def _people(users) -> str:
    return ", ".join(f"<@{u}>" for u in users)


def signup_text(t: TournamentRow) -> Msg:
    lines = [Msg("🏆 **{name}** · tournament #{id}", name=t.name, id=t.id),
             Msg("{format} · {game} · {rounds}", format=format_title(t.format), game=_game_title(t.game),
                 rounds=_rounds_text(t))]
    if t.options.get("clock"):
        lines.append(Msg("Clock: {clock}", clock=PRESET_LABELS.get(t.options["clock"], t.options["clock"])))
    if t.options.get("game_options"):
        line = options_line(registry.get(t.game), t.options["game_options"])
        if line:
            lines.append(Msg("Options: {options}.", options=line))
    if t.options.get("start_time"):
        lines.append(Msg("Starts: {time}", time=t.options["start_time"]))
    lines.append(Msg("Organizer: {who}", who=f"<@{t.creator_id}>"))
    cap = t.options.get("max_players")
    count = f"{len(t.players)}/{cap}" if cap else str(len(t.players))
    if t.team_size > 1:
        teams, loose = t.signup_groups()
        listed = " · ".join(" & ".join(f"<@{u}>" for u in team) for team in teams)
        if loose:
            listed = Msg("{teams}; no team yet: {people}", teams=listed, people=_people(loose)) if listed else \
                Msg("no team yet: {people}", people=_people(loose))
        lines.append(Msg("Players ({count}) in teams of {size}: {players}", count=count, size=t.team_size,
                         players=listed or Msg("none yet")))
    else:
        lines.append(Msg("Players ({count}): {players}", count=count, players=_people(t.players) or Msg("none yet")))
    if t.status == "signup":
        lines.append(Msg("Press **Join** or use `/tournament join` (name a `partner` to team up); an organizer "
                         "starts it with `/tournament start`.") if t.team_size > 1 else
                     Msg("Press **Join** or use `/tournament join`; an organizer starts it with `/tournament start`."))
    elif t.status == "running":
        lines.append(Msg("Signups are closed: the tournament is under way."))
    else:
        lines.append(Msg("This tournament is {status}.", status=status_word(t.status)))
    return Msg("{lines}", lines=Lines(lines))


class TournamentButton(Guarded, discord.ui.DynamicItem[discord.ui.Button],
                       template=r"bg:tour:(?P<op>join|leave|next):(?P<tournament>\d+)(?::(?P<round>\d+))?"):
    """Join / Leave on the signup message, and an organizer's confirmation that closes round
    `round` (`/tournament next`); rebuilt from its custom_id after a restart."""

    LABELS = {"join": Msg("Join"), "leave": Msg("Leave"), "next": Msg("Close the round now")}

    def __init__(self, op: str, tournament_id: int, lang: str = "en", round_number: int = 0):
        self.op, self.tournament_id, self.round_number = op, tournament_id, round_number
        super().__init__(discord.ui.Button(
            label=render(self.LABELS[op], lang),
            style={"join": discord.ButtonStyle.success, "next": discord.ButtonStyle.danger}.get(
                op, discord.ButtonStyle.secondary),
            custom_id=f"bg:tour:{op}:{tournament_id}" + (f":{round_number}" if op == "next" else "")))

    @classmethod
    async def from_custom_id(cls, interaction, item, match):
        return cls(match["op"], int(match["tournament"]), round_number=int(match["round"] or 0))

    async def run(self, interaction: discord.Interaction) -> None:
        service = interaction.client.tournaments
        if interaction.guild_id is None:
            raise UserError(Msg("Tournaments belong to a server; use this button there."))
        t = await service.get(self.tournament_id, interaction.guild_id)  # only this server's events
        if self.op == "next":
            cog = interaction.client.get_cog("TournamentCog")
            await cog.require_organizer(interaction)
            if t.status != "running" or tstate.current_round(t.state) != self.round_number:
                raise UserError(Msg("Round {number} of **{name}** is already over.", number=self.round_number,
                                    name=t.name))
            await cog.close_round(interaction, t)
            return
        if self.op == "join":
            t = await service.join(self.tournament_id, interaction.user.id)
            await reply(interaction, Msg("You are signed up for **{name}**.", name=t.name))
        else:
            t = await service.leave(self.tournament_id, interaction.user.id)
            await reply(interaction, Msg("You left **{name}**.", name=t.name))


def signup_view(t: TournamentRow, lang: str = "en") -> discord.ui.View | None:
    if t.status != "signup":
        return None
    view = discord.ui.View(timeout=None)
    view.add_item(TournamentButton("join", t.id, lang))
    view.add_item(TournamentButton("leave", t.id, lang))
    return view


async def tournament_autocomplete(interaction: discord.Interaction, current: str) -> list[app_commands.Choice[int]]:
    service = getattr(interaction.client, "tournaments", None)
    if service is None or interaction.guild_id is None:
        return []
    rows = await service.in_guild(interaction.guild_id, LOOKABLE)
    lang = await lang_for(interaction)
    return [app_commands.Choice(name=f"#{t.id} {t.name} ({render(status_word(t.status), lang)})"[:100], value=t.id)
            for t in rows
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
        role_id = (await self.bot.service.stored_guild_settings(interaction.guild_id)).get(ORGANIZER_ROLE_KEY)
        return role_id is not None and any(r.id == role_id for r in getattr(interaction.user, "roles", []))

    async def require_organizer(self, interaction: discord.Interaction) -> None:
        if not await self.is_organizer(interaction):
            raise UserError(Msg("Only tournament organizers (Manage Server, or the organizer role) can do that."))

    async def pick(self, interaction: discord.Interaction, tournament_id: int | None,
                   statuses: tuple[str, ...] = ACTIVE) -> TournamentRow:
        """The tournament named, else the only one (of `statuses`) in this channel, else in
        this server. For looking, the latest running one wins over older ones."""
        if interaction.guild_id is None:
            raise UserError(Msg("Tournaments belong to a server; use this command in one."))
        service = self.tournaments
        if tournament_id is not None:
            return await service.get(tournament_id, interaction.guild_id)
        candidates = (await service.in_guild(interaction.guild_id, statuses, channel_id=_home_channel(interaction))
                      or await service.in_guild(interaction.guild_id, statuses))
        if not candidates:
            raise UserError(Msg("There is no tournament here right now. An organizer opens one with "
                                "`/tournament create`."))
        if len(candidates) > 1 and statuses == LOOKABLE:
            running = [t for t in candidates if t.status == "running"]
            return (running or candidates)[0]
        if len(candidates) > 1:
            listed = ", ".join(f"#{t.id} {t.name}" for t in candidates[:10])
            raise UserError(Msg("Several tournaments are on ({listed}): say which with the `tournament` option.",
                                listed=listed))
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
                           team_size="Players per team, for a game played in teams (default: the game's smallest)",
                           options="The game's options for every match as name=value (Skytear: setup=tournament)")
    @app_commands.choices(
        format=[app_commands.Choice(name=title, value=key) for key, title in FORMAT_TITLES.items()],
        clock=[app_commands.Choice(name=label, value=key) for key, label in PRESET_LABELS.items()])
    @app_commands.autocomplete(game=game_autocomplete)
    async def create(self, interaction: discord.Interaction, game: str, format: str,
                     rounds: app_commands.Range[int, 1, 20] | None = None, clock: str | None = None,
                     max_players: app_commands.Range[int, 2, 512] | None = None,
                     start_time: app_commands.Range[str, 1, 100] | None = None,
                     name: app_commands.Range[str, 1, 80] | None = None,
                     team_size: app_commands.Range[int, 1, 8] | None = None, options: str | None = None):
        await defer(interaction)
        await self.require_organizer(interaction)
        if game not in {g.name for g in self.bot.playable_games()}:
            raise UserError(Msg("There is no game called {game}. Pick one from the list.", game=repr(game)))
        channel = interaction.channel
        parent = channel.parent_id if isinstance(channel, discord.Thread) else None
        if not may_start_in(await self.bot.service.guild_settings(interaction.guild_id), channel.id, parent):
            raise UserError(Msg("Matches cannot be started in this channel, so neither can a tournament; "
                                "ask a server manager which channel to use."))
        t = await self.tournaments.create(
            guild_id=interaction.guild_id, channel_id=_home_channel(interaction), creator_id=interaction.user.id,
            game=game, format=format, rounds=rounds, clock=clock, max_players=max_players,
            start_time=start_time, name=name, team_size=team_size,
            game_options=game_options.parse(registry.get(game), options) if options else None)
        message = await self.poster._send(t, signup_text(t), view=signup_view(t, await self.poster.lang(t)))
        if message is not None:
            await self.tournaments.set_message(t.id, message.id)
        await reply(interaction, Msg("Tournament #{id} **{name}** is open for signups.", id=t.id, name=t.name))

    @app_commands.command(name="join", description="Sign up for a tournament")
    @app_commands.describe(partner="In a team event: who you play with (signed up with you)")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def join(self, interaction: discord.Interaction, tournament: int | None = None,
                   partner: discord.Member | None = None):
        await defer(interaction)
        if partner is not None and partner.bot:
            raise UserError(Msg("Your partner must be a person."))
        t = await self.pick(interaction, tournament, ("signup",))
        t = await self.tournaments.join(t.id, interaction.user.id, partner.id if partner else None)
        team = t.signup_teams.get(interaction.user.id)
        mates = [u for u in t.players if team is not None and t.signup_teams.get(u) == team
                 and u != interaction.user.id]
        await reply(interaction, Msg("You are signed up for **{name}** with {mates} ({n} signed up so far).",
                                     name=t.name, mates=_people(mates), n=len(t.players)) if mates else
                    Msg("You are signed up for **{name}** ({n} signed up so far).", name=t.name, n=len(t.players)),
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
            raise UserError(Msg("Teams are made of people."))
        t = await self.pick(interaction, tournament, ("signup",))
        t = await self.tournaments.set_team(t.id, [p.id for p in people])
        names = " & ".join(p.mention for p in dict.fromkeys(people))
        await reply(interaction, Msg("{names} now play as a team in **{name}**.", names=names, name=t.name)
                    if len(set(people)) > 1 else Msg("{names} is in no team of **{name}** now.", names=names, name=t.name),
                    allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="leave", description="Leave a tournament (once it runs, you drop out)")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def leave(self, interaction: discord.Interaction, tournament: int | None = None):
        await defer(interaction)
        t = await self.pick(interaction, tournament)
        t = await self.tournaments.leave(t.id, interaction.user.id)
        await reply(interaction, Msg("You left **{name}**.", name=t.name) if t.status == "signup"
                    else Msg("You dropped out of **{name}**.", name=t.name))

    @app_commands.command(name="start", description="Close signups and start round 1 (organizers)")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def start(self, interaction: discord.Interaction, tournament: int | None = None):
        await defer(interaction)
        await self.require_organizer(interaction)
        t = await self.pick(interaction, tournament, ("signup",))
        t = await self.tournaments.start(t.id)
        await reply(interaction, Msg("**{name}** has started: round 1 is under way.", name=t.name))

    @app_commands.command(name="next", description="End the round now and start the next (organizers)")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def next_(self, interaction: discord.Interaction, tournament: int | None = None):
        await defer(interaction)
        await self.require_organizer(interaction)
        t = await self.pick(interaction, tournament, ("running",))
        running = [(game, match) for game, match in await self.tournaments.running_games(t.id)
                   if match is not None and match.status == "active"]
        if not running:
            return await self.close_round(interaction, t)
        lang = await lang_for(interaction)
        lines = [render(Msg("• {people} — match #{id}, move {version}", people=" vs ".join(
            t.mention(p) for p in game.players), id=match.id, version=match.version), lang) for game, match in running]
        view = discord.ui.View(timeout=None)
        view.add_item(TournamentButton("next", t.id, lang, tstate.current_round(t.state)))
        await reply(interaction, plural(
            "Round {number} of **{name}** still has {n} game running:\n{games}\nClosing the round ends it "
            "now: a player who left the server forfeits; otherwise whoever is to move loses; a game in which "
            "nobody has moved is recorded as unplayed (it counts for nobody).",
            "Round {number} of **{name}** still has {n} games running:\n{games}\nClosing the round ends them "
            "now: a player who left the server forfeits; otherwise whoever is to move loses; a game in which "
            "nobody has moved is recorded as unplayed (it counts for nobody).", n=len(running),
            number=tstate.current_round(t.state), name=t.name, games="\n".join(lines)), view=view,
            allowed_mentions=discord.AllowedMentions.none())

    async def close_round(self, interaction: discord.Interaction, t: TournamentRow) -> None:
        await defer(interaction)
        t = await self.tournaments.force_next_round(t.id)
        await reply(interaction, Msg("**{name}** is over.", name=t.name) if t.status == "finished"
                    else Msg("Round {number} of **{name}** has started.", number=tstate.current_round(t.state),
                             name=t.name))

    @app_commands.command(name="standings", description="Post a tournament's standings")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def standings(self, interaction: discord.Interaction, tournament: int | None = None):
        await defer(interaction, ephemeral=False)
        t = await self.pick(interaction, tournament, LOOKABLE)
        if t.state is None:
            raise UserError(Msg("**{name}** has not started yet: {n} signed up so far.", name=t.name,
                                n=len(t.players)))
        await self.post_public(interaction, await self.poster.standings_message(
            t, Msg("**{name}** standings", name=t.name)))

    @app_commands.command(name="bracket", description="Post a single-elimination tournament's bracket")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def bracket(self, interaction: discord.Interaction, tournament: int | None = None):
        await defer(interaction, ephemeral=False)
        t = await self.pick(interaction, tournament, LOOKABLE)
        if t.format != "single_elimination":
            raise UserError(Msg("**{name}** is {format}: it has standings (`/tournament standings`), "
                                "not a bracket.", name=t.name, format=t.format_title))
        if t.state is None:
            raise UserError(Msg("**{name}** has not started yet; the bracket is drawn at the start.", name=t.name))
        lang = await self.poster.lang(t)
        await self.post_public(interaction, {"content": render(Msg("**{name}** bracket", name=t.name), lang),
                                             "file": png_file(await self.poster.bracket_png(t, lang=lang),
                                                              "bracket.png")})

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
            text = Msg("{who} are out of **{name}**.", who=t.mention(entrant), name=t.name)
        else:
            text = Msg("{who} is out of **{name}**.", who=player.mention, name=t.name)
        await reply(interaction, text, allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="cancel", description="Cancel a tournament (organizers)")
    @app_commands.autocomplete(tournament=tournament_autocomplete)
    async def cancel(self, interaction: discord.Interaction, tournament: int | None = None):
        await defer(interaction)
        await self.require_organizer(interaction)
        t = await self.pick(interaction, tournament)
        t = await self.tournaments.cancel(t.id)
        await reply(interaction, Msg("**{name}** was cancelled; matches already running go on as ordinary matches.",
                                     name=t.name))

    @app_commands.command(name="organizer_role", description="Who may run tournaments besides Manage Server")
    @app_commands.describe(role="Members with this role may run tournaments (leave empty to clear)")
    async def organizer_role(self, interaction: discord.Interaction, role: discord.Role | None = None):
        await defer(interaction)
        if not is_manager(interaction):
            raise UserError(Msg("Only members with the Manage Server permission can choose the organizer role."))
        settings = await self.bot.service.stored_guild_settings(interaction.guild_id)
        if role is None:
            settings.pop(ORGANIZER_ROLE_KEY, None)
        else:
            settings[ORGANIZER_ROLE_KEY] = role.id
        await self.bot.service.set_guild_settings(interaction.guild_id, settings)
        await reply(interaction, Msg("Members with {role} can now run tournaments.", role=role.mention) if role
                    else Msg("Only members with Manage Server can run tournaments now."),
                    allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="list", description="This server's tournaments")
    async def list_(self, interaction: discord.Interaction):
        await defer(interaction)
        if interaction.guild_id is None:
            raise UserError(Msg("Tournaments belong to a server; use this command in one."))
        rows = await self.tournaments.in_guild(interaction.guild_id, LOOKABLE)
        if not rows:
            return await reply(interaction, Msg("No tournaments yet. An organizer opens one with `/tournament create`."))
        lang = await lang_for(interaction)
        lines = [render(Msg("**#{id} {name}** · {format} · {status} · {players}", id=t.id, name=t.name,
                            format=t.format_title, status=status_word(t.status),
                            players=plural("{n} player", "{n} players", n=len(t.players))), lang)
                 + (f" · <#{t.channel_id}>" if t.channel_id else "") for t in rows[:20]]
        await reply(interaction, "\n".join(lines)[:2000], allowed_mentions=discord.AllowedMentions.none())

    @app_commands.command(name="help", description="How tournaments and ratings work")
    async def help(self, interaction: discord.Interaction):
        await reply(interaction, HELP_TEXT)


async def setup(bot):
    await bot.add_cog(RatingsCog(bot))       # the tournament service rates seeds through bot.ratings
    await bot.add_cog(TournamentCog(bot))
