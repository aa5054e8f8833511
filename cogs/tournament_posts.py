"""What a tournament posts in its channel: the signup message, each round's pairings and its
standings, the end. The tournament service calls it (tournaments/service.py TournamentNotifier)."""
from __future__ import annotations

import logging

import discord

from cogs.common import fit, in_thread, png_file
from cogs.ratings import EMBED_COLOUR
from engine.text import Msg, plural
from i18n import render
from render.tournament import render_bracket, render_standings
from tournaments import state as tstate
from tournaments.service import (
    TournamentRow,
)

from cogs.tournaments import _number, signup_text, signup_view

log = logging.getLogger("boardgames")


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

    async def lang(self, t: TournamentRow) -> str:
        """The language of the tournament's server (what is posted in its channel)."""
        guild = self.bot.get_guild(t.guild_id) if t.guild_id else None
        return await self.bot.languages.server(t.guild_id, getattr(guild, "preferred_locale", None))

    async def _send(self, t: TournamentRow, content="", **kwargs):
        channel = await self.channel(t)
        if channel is None:
            return None
        try:
            return await channel.send(fit(content, lang=await self.lang(t)),
                                      allowed_mentions=discord.AllowedMentions(users=True), **kwargs)
        except discord.HTTPException:
            log.warning("could not post in the channel of tournament %s", t.id)
            return None

    async def names(self, t: TournamentRow) -> dict[str, str]:
        """The event's players (teams too) as people read them."""
        players = t.state.players if t.state else [str(u) for u in t.players]
        return {p: " & ".join([await self.bot.presenter.name_of(u) for u in t.members(p)]) for p in players}

    async def standings_message(self, t: TournamentRow, heading, lang: str | None = None) -> dict:
        """An embed listing the standings with the PNG table as its image; in single
        elimination the bracket PNG comes along (in `lang`, default the server's)."""
        lang = lang or await self.lang(t)
        rows = self.bot.tournaments.standings(t)
        names = await self.names(t)
        dropped = set(t.state.dropped) if t.state else set()
        lines = []
        for r in rows:
            line = render(Msg("`{rank}.` **{name}** — {points} pts ({won}-{drawn}-{lost}) · Buchholz {buchholz}",
                              rank=f"{r['rank']:>2}", name=names.get(r["player"], r["player"]),
                              points=_number(r["points"]), won=r["wins"] + r["byes"], drawn=r["draws"],
                              lost=r["losses"], buchholz=_number(r["buchholz"])), lang) \
                + (render(Msg(" · dropped"), lang) if r["player"] in dropped else "")
            if sum(len(x) + 1 for x in lines) + len(line) > 3900:
                lines.append(render(Msg("… and {n} more", n=len(rows) - len(lines)), lang))
                break
            lines.append(line)
        round_text = (Msg("round {number} of {total}", number=tstate.current_round(t.state), total=t.state.total_rounds)
                      if t.state else Msg("signups"))
        embed = discord.Embed(title=render(Msg("{name} · standings", name=t.name), lang), colour=EMBED_COLOUR,
                              description="\n".join(lines) or render(Msg("No results yet."), lang))
        embed.set_footer(text=render(Msg("Tournament #{id} · {format} · {round} · W-D-L counts byes as wins",
                                         id=t.id, format=t.format_title, round=round_text), lang))
        png = await in_thread(render_standings, rows, render(Msg("{name} — standings", name=t.name), lang), names,
                              lang)
        embed.set_image(url="attachment://standings.png")
        files = [png_file(png, "standings.png")]
        if t.format == "single_elimination" and t.state is not None:
            files.append(png_file(await self.bracket_png(t, names, lang), "bracket.png"))
        return {"content": fit(heading, lang=lang), "embed": embed, "files": files}

    async def bracket_png(self, t: TournamentRow, names: dict[str, str] | None = None, lang: str = "en") -> bytes:
        return await in_thread(render_bracket, tstate.bracket(t.state), names or await self.names(t),
                               render(Msg("{name} — bracket", name=t.name), lang), lang)

    # ------------------------------------------------------------------ notifier interface

    async def signup_changed(self, t: TournamentRow) -> None:
        if not t.message_id:
            return
        channel = await self.channel(t)
        if channel is None:
            return
        try:
            lang = await self.lang(t)
            await channel.get_partial_message(t.message_id).edit(
                content=fit(signup_text(t), lang=lang), view=signup_view(t, lang),
                allowed_mentions=discord.AllowedMentions.none())
        except discord.HTTPException:
            log.info("could not edit the signup message of tournament %s", t.id)

    async def round_started(self, t: TournamentRow, number: int, games) -> None:
        lines = []
        for game, match in games:
            people = " vs ".join(t.mention(p) for p in game.players)
            if game.bye:
                lines.append(Msg("• {people}: bye (a win)", people=people))
            elif game.finished:
                lines.append(plural("• {people}: forfeit, {winners} wins", "• {people}: forfeit, {winners} go through",
                                    n=len(game.winners), people=people,
                                    winners=[t.mention(p) for p in game.winners]))
            elif match is not None:
                where = f"<#{match.thread_id}>" if match.thread_id else Msg("match #{id}", id=match.id)
                lines.append(Msg("• {people} — {where}", people=people, where=where))
            else:
                lines.append(Msg("• {people} — the match could not be created; an organizer can use "
                                 "`/tournament next`", people=people))
        lang = await self.lang(t)
        lines = [render(line, lang) for line in lines]
        head = render(Msg("**{name}** · round {number} of {total} has started.", name=t.name, number=number,
                          total=t.state.total_rounds), lang)
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
            heading = (plural("🏆 **{name}** is over: {who} wins the tournament! Final standings:",
                              "🏆 **{name}** is over: {who} win the tournament! Final standings:",
                              n=len(t.members(winner)), name=t.name, who=t.mention(winner))
                       if winner else Msg("**{name}** is over. Final standings:", name=t.name))
        else:
            heading = Msg("**{name}** · round {number} of {total} is over. Standings:", name=t.name, number=number,
                          total=t.state.total_rounds)
        try:
            message = await self.standings_message(t, heading)
        except Exception:  # noqa: BLE001 - a picture must not stop the event
            log.exception("could not draw the standings of tournament %s", t.id)
            message = {"content": heading}
        await self._send(t, **message)

    async def absent(self, t: TournamentRow, user_ids: list[int]) -> set[int]:
        """The people who are no longer members of the event's server (asked of Discord one by
        one: the bot needs no member list for it)."""
        guild = self.bot.get_guild(t.guild_id)
        if guild is None:
            return set()
        gone = set()
        for user_id in user_ids:
            if guild.get_member(user_id) is not None:
                continue
            try:
                await guild.fetch_member(user_id)
            except discord.NotFound:
                gone.add(user_id)
            except discord.HTTPException:
                log.info("could not ask whether %s is still in server %s", user_id, t.guild_id)
        return gone

    async def tournament_closed(self, t: TournamentRow, note) -> None:
        await self.signup_changed(t)
        await self._send(t, Msg("**{name}** (tournament #{id}): {note}", name=t.name, id=t.id, note=note))
