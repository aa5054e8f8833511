"""The offline sandbox world (`python bot.py --sandbox`).

`build` makes the pretend Discord server the real bot runs in: a `#games` channel, three
players (alice, bob, carol), `owner` (a role with Manage Server), the bot shown as "Computer",
and `DMPage`, a small local web page that shows each user's direct messages from the bot (the
private hand, its picture and move menus) and lets a person click them as that user.

simcord's own Preview page presents exactly one channel, and an environment has at most one
Preview, so the DMs get this page of their own. It runs in the environment's event loop, like
the Preview's server, and every click is a simcord actor operation
(`UserHandle.click` / `UserHandle.select`), so the bot sees an ordinary DM interaction.
"""
from __future__ import annotations

import asyncio
import html
import re
import secrets
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

import discord
from aiohttp import web

from cogs.presenter import COMPUTER_NAME
from i18n import render

PLAYERS = ("alice", "bob", "carol")
MANAGER = "owner"
MANAGER_ROLE = "Server manager"
KEEP = 20  # DM messages shown per user (older ones stay in the virtual Discord, unread)
BUSY_WAIT = 60.0  # seconds a click waits for another page's action to finish


@dataclass
class Sandbox:
    env: Any
    guild: Any  # simcord GuildHandle
    channel: Any  # simcord ChannelHandle of #games
    players: list  # MemberActor: alice, bob, carol
    manager: Any  # MemberActor: owner
    dm_page: "DMPage"

    @property
    def members(self) -> list:
        return [*self.players, self.manager]

    async def close(self) -> None:
        await self.dm_page.close()


async def build(env, *, welcome="", dm_port: int | None = None, keep: int = KEEP) -> Sandbox:
    """The sandbox server inside a running simcord environment, its DM page serving.
    `welcome` (a Msg) is posted in #games in the server's language; `{dm_url}` in it becomes the
    DM page's address."""
    bot = env.bot
    guild = env.create_guild("Board Game Club")
    channel = guild.create_text_channel("games")
    players = [guild.add_member(env.create_user(name)) for name in PLAYERS]
    managers = guild.create_role(MANAGER_ROLE, permissions=discord.Permissions(manage_guild=True))
    manager = guild.add_member(env.create_user(MANAGER), roles=[managers])
    # the preview page shows one channel, so sandbox matches are played in it, not in threads
    await bot.store.set_guild_settings(guild.id, {"threads": False})
    # the bot is the computer opponent: show it under that name in the server
    await bot.get_guild(guild.id).me.edit(nick=COMPUTER_NAME)
    dm_page = DMPage(env, [*players, manager], keep=keep, port=dm_port)
    await dm_page.start()
    world = Sandbox(env, guild, channel, players, manager, dm_page)
    try:
        if welcome:
            lang = await bot.languages.server(guild.id, bot.get_guild(guild.id).preferred_locale)
            await bot.get_channel(channel.id).send(render(welcome, lang).replace("{dm_url}", dm_page.url))
        await env.settle()
    except BaseException:
        await world.close()
        raise
    return world


# ---------------------------------------------------------------------- the DM page

_STYLE = """
*{box-sizing:border-box}
body{margin:0;background:#313338;color:#dbdee1;font:15px/1.45 "Noto Sans","Helvetica Neue",Arial,sans-serif}
header{position:sticky;top:0;z-index:1;background:#2b2d31;border-bottom:1px solid #1e1f22;padding:10px 16px}
h1{font-size:16px;margin:0 0 2px;color:#f2f3f5}
header p{margin:0 0 8px;font-size:13px;color:#b5bac1}
nav{display:flex;gap:6px;flex-wrap:wrap}
nav a{color:#dbdee1;text-decoration:none;padding:4px 12px;border-radius:4px;background:#1e1f22}
nav a.on{background:#5865f2;color:#fff}
nav .badge{display:inline-block;margin-left:6px;padding:0 6px;border-radius:8px;background:#f23f43;color:#fff;
 font-size:12px}
nav .role{color:#b5bac1;font-size:12px;margin-left:4px}
nav a.on .role{color:#e0e3ff}
main{padding:8px 16px 24px;max-width:1100px}
.empty,.older{color:#949ba4;font-style:italic}
.msg{padding:8px 10px;margin:6px 0;border-radius:6px}
.msg:hover{background:#2e3035}
.msg.answer{background:#3a3c52;border-left:3px solid #5865f2}
.meta{font-size:13px;color:#949ba4;margin-bottom:2px}
.meta b{color:#f2f3f5;font-size:15px;margin-right:6px}
.tag{font-size:11px;background:#5865f2;color:#fff;border-radius:3px;padding:0 4px;margin-right:6px}
.eph{font-size:12px;color:#949ba4;margin-left:6px}
.text{white-space:pre-wrap;word-wrap:break-word}
.text code{background:#1e1f22;padding:0 3px;border-radius:3px}
.text .mention{background:#3c4270;color:#c9cdfb;border-radius:3px;padding:0 2px}
.files img{display:block;max-width:min(100%,720px);max-height:420px;object-fit:contain;margin-top:6px;border-radius:4px}
.files a{color:#00a8fc}
.embed{border-left:4px solid #1e1f22;background:#2b2d31;border-radius:4px;padding:8px 12px;margin-top:6px;
 max-width:620px}
.embed .title{font-weight:bold;color:#f2f3f5}
.row{display:flex;flex-wrap:wrap;gap:8px;margin-top:8px;align-items:center}
.row form{margin:0;display:flex;gap:6px;align-items:center}
button,select{font:inherit;border:0;border-radius:4px;color:#fff;cursor:pointer}
button{padding:5px 14px;min-height:32px}
button:disabled,select:disabled{opacity:.5;cursor:not-allowed}
.s1{background:#5865f2}.s2{background:#4e5058}.s3{background:#248046}.s4{background:#da373c}
a.s5{display:inline-block;padding:5px 14px;background:#4e5058;color:#fff;border-radius:4px;text-decoration:none}
select{background:#1e1f22;border:1px solid #3f4147;padding:6px 8px;min-width:260px;max-width:520px}
select+button{background:#4e5058;padding:5px 10px}
.notice{margin:12px 0;padding:10px 12px;border-radius:6px;background:#2b2d31;border:1px solid #5865f2}
.notice.bad{border-color:#da373c}
"""

_SCRIPT = """
const toEnd = () => document.getElementById("end").scrollIntoView();
toEnd();
window.addEventListener("load", toEnd);  // again once the pictures have their size
setInterval(async () => {
  const active = document.activeElement;
  if (active && active.tagName === "SELECT") return;  // never reload under a menu being used
  try {
    const answer = await fetch(STATE_URL, {cache: "no-store"});
    if (answer.ok && (await answer.text()) !== STATE) location.reload();
  } catch (error) {}
}, 2000);
"""

_BUTTON_STYLES = {discord.ButtonStyle.primary: 1, discord.ButtonStyle.secondary: 2,
                  discord.ButtonStyle.success: 3, discord.ButtonStyle.danger: 4, discord.ButtonStyle.link: 5}


class DMPage:
    """A loopback web page: per user, their DMs from the bot (newest last, the last `keep`),
    with images inline and working buttons and menus. The address carries a random token."""

    def __init__(self, env, members: list, *, keep: int = KEEP, port: int | None = None):
        self.env = env
        self.users = {m.name: m.user for m in members}  # name -> UserHandle (the DM side of a member)
        self.keep = keep
        self._requested_port = port or 0
        self.port: int | None = None
        self.token = secrets.token_urlsafe(16)
        self._runner = None
        self._lock = asyncio.Lock()
        self._seen: dict[str, int] = {}  # name -> newest DM id the page has shown
        self._notices: dict[str, tuple[int, str, bool, set[int]]] = {}  # name -> last answer
        self._serial = 0
        self.preview = None  # simcord's Preview, refreshed after each click here

    # ---------------------------------------------------------------- lifecycle

    @property
    def url(self) -> str:
        if self.port is None:
            raise RuntimeError("the DM page is not started")
        return f"http://127.0.0.1:{self.port}/{self.token}/"

    def url_for(self, name: str) -> str:
        return f"{self.url}dm/{name}"

    async def start(self) -> None:
        # like simcord's Preview server: in the environment's loop, and a closed browser tab
        # never cancels a click half-way through its simcord operation
        app = web.Application(handler_args={"handler_cancellation": False}, client_max_size=64 * 1024)
        base = f"/{self.token}"
        app.router.add_get(base + "/", self._index)
        app.router.add_get(base + "/state", self._state)
        app.router.add_get(base + "/dm/{name}", self._page)
        app.router.add_post(base + "/dm/{name}", self._act)
        app.router.add_get(base + "/file/{name}/{message}/{attachment}", self._file)
        runner = web.AppRunner(app, access_log=None)
        await runner.setup()
        site = web.TCPSite(runner, "127.0.0.1", self._requested_port)
        try:
            await site.start()
        except BaseException:
            await runner.cleanup()
            raise
        self._runner = runner
        self.port = int(runner.addresses[0][1])

    async def close(self) -> None:
        if self._runner is not None:
            runner, self._runner = self._runner, None
            await runner.cleanup()
        self.port = None

    # ---------------------------------------------------------------- reading DMs

    def _dm_channel_id(self, user) -> int | None:
        return self.env.backend.dm_channels.get(user.id)  # None until the bot first DMs the user

    def _stored(self, user) -> list:
        """The user's DM messages as simcord keeps them (ephemeral answers to this user's clicks
        included), oldest first; not converted, so cheap."""
        channel_id = self._dm_channel_id(user)
        if channel_id is None:
            return []
        messages = self.env.backend.messages.get(channel_id, {}).values()
        return sorted((m for m in messages if m.visible_to(user.id)), key=lambda m: m.id)

    def _messages(self, user) -> tuple[int, list[discord.Message]]:
        """(how many older ones are left out, the last `keep` DMs as discord.py Messages)."""
        from simcord.results import to_discord_message
        stored = self._stored(user)
        shown = stored[-self.keep:]
        return len(stored) - len(shown), [to_discord_message(self.env, m) for m in shown]

    def _message(self, user, message_id: int) -> discord.Message | None:
        """One of the user's DMs (also one older than the page shows)."""
        from simcord.results import to_discord_message
        stored = next((m for m in self._stored(user) if m.id == message_id), None)
        return to_discord_message(self.env, stored) if stored is not None else None

    def _signature(self) -> str:
        parts = []
        for name, user in self.users.items():
            stored = self._stored(user)
            edited = max((m.edited_timestamp or "" for m in stored), default="")
            parts.append(f"{name}:{len(stored)}:{stored[-1].id if stored else 0}:{edited}")
        return "|".join(parts)

    # ---------------------------------------------------------------- handlers

    def _check_host(self, request) -> None:
        if request.headers.get("Host", "") not in {f"127.0.0.1:{self.port}", f"localhost:{self.port}"}:
            raise web.HTTPForbidden()  # another site's name pointed at this machine

    def _user(self, request):
        self._check_host(request)
        name = request.match_info["name"]
        if name not in self.users:
            raise web.HTTPNotFound()
        return name, self.users[name]

    async def _index(self, request):
        self._check_host(request)
        raise web.HTTPFound(self.url_for(next(iter(self.users))))

    async def _state(self, request):
        self._check_host(request)
        return web.Response(text=self._signature(), headers=_HEADERS)

    async def _page(self, request):
        name, user = self._user(request)
        answer = request.query.get("answer", "")
        notice = self._notices.get(name)
        if notice is None or str(notice[0]) != answer:
            notice = None
        return web.Response(text=self._render(name, user, notice), content_type="text/html", charset="utf-8",
                            headers=_HEADERS)

    async def _file(self, request):
        name, user = self._user(request)
        try:
            message_id, attachment_id = int(request.match_info["message"]), int(request.match_info["attachment"])
        except ValueError:
            raise web.HTTPNotFound() from None
        message = self._message(user, message_id)
        attachment = next((a for a in message.attachments if a.id == attachment_id), None) if message else None
        if attachment is None:
            raise web.HTTPNotFound()
        body = await attachment.read()
        content_type = attachment.content_type or ("image/png" if attachment.filename.endswith(".png")
                                                   else "application/octet-stream")
        return web.Response(body=body, content_type=content_type.split(";")[0],
                            headers={**_HEADERS, "Cache-Control": "private, max-age=3600"})

    async def _act(self, request):
        name, user = self._user(request)
        form = await request.post()
        try:
            message_id = int(form.get("message", ""))
        except ValueError:
            raise web.HTTPBadRequest(text="no message") from None
        custom_id = str(form.get("custom_id", ""))
        values = [str(v) for v in form.getall("value", []) if str(v)]
        message = self._message(user, message_id)
        if message is None:
            text, bad, answers = "That message is gone.", True, set()
        elif form.get("kind") == "select" and not values:
            text, bad, answers = "Pick an option in the menu first.", True, set()
        else:
            text, bad, answers = await self._interact(user, message, custom_id, values,
                                                      select=form.get("kind") == "select")
        self._serial += 1
        self._notices[name] = (self._serial, text, bad, answers)
        raise web.HTTPSeeOther(f"{self.url_for(name)}?answer={self._serial}#end")

    async def _interact(self, user, message: discord.Message, custom_id: str, values: list[str], *,
                        select: bool) -> tuple[str, bool, set[int]]:
        """Click or choose as `user`, through simcord; (what to tell, whether it failed, the ids
        of the messages that answered)."""
        from simcord.backend.errors import BackendError, SetupError

        chosen = self._describe(message, custom_id, values)
        async with self._lock:
            try:
                if select:
                    result = await self._operation(lambda: user.select(message, values, custom_id=custom_id))
                else:
                    result = await self._operation(lambda: user.click(message, custom_id=custom_id))
            except (SetupError, BackendError) as error:
                return f"{chosen} could not be used: {error}", True, set()
            if self.preview is not None:  # the main page shows the boards this move posted
                try:
                    await self._operation(self.preview.refresh)
                except SetupError:
                    pass  # the Preview is closing; nothing to show it on
        answers = {m.id for m in result.followups}
        response = result.response
        if response is not None:
            answers.add(response.id)
        if result.modal is not None:
            return f"{chosen}: the bot answered with a form, which this page cannot show.", True, answers
        if not result.acknowledged:
            return f"{chosen}: the bot did not answer (Discord would say “This interaction failed”).", True, \
                answers
        if response is not None and response.id == message.id:
            return f"{chosen}: the bot updated that message.", False, answers
        if answers:
            return f"{chosen}: the answer is highlighted above.", False, answers
        return f"{chosen}: done.", False, answers

    async def _operation(self, start):
        """Run one simcord operation (`start()` makes its coroutine). simcord runs one operation
        at a time; when the Preview page is running one, wait for it (bounded), then try again."""
        from simcord.backend.errors import SetupError

        loop = asyncio.get_running_loop()
        deadline = loop.time() + BUSY_WAIT
        while True:
            try:
                return await start()
            except SetupError as error:
                if "overlaps" not in str(error) or loop.time() >= deadline:
                    raise
            await asyncio.sleep(0.05)

    @staticmethod
    def _describe(message: discord.Message, custom_id: str, values: list[str]) -> str:
        for component in _children(message):
            if getattr(component, "custom_id", None) != custom_id:
                continue
            if isinstance(component, discord.SelectMenu):
                labels = {o.value: o.label for o in component.options}
                return "You chose " + ", ".join(f"“{labels.get(v, v)}”" for v in values)
            if isinstance(component, discord.Button):
                return f"You pressed “{component.label or component.emoji or 'button'}”"
        return "That control"

    # ---------------------------------------------------------------- rendering

    def _render(self, name: str, user, notice) -> str:
        older, messages = self._messages(user)
        if messages:
            self._seen[name] = max(self._seen.get(name, 0), messages[-1].id)
        answers = notice[3] if notice else set()
        tabs = []
        for other, other_user in self.users.items():
            unseen = 0 if other == name else sum(1 for m in self._stored(other_user)
                                                 if m.id > self._seen.get(other, 0))
            badge = f'<span class="badge">{unseen}</span>' if unseen else ""
            role = '<span class="role">server manager</span>' if other == MANAGER else ""
            tabs.append(f'<a href="{_e(self.url_for(other))}" class="{"on" if other == name else ""}">'
                        f'{_e(other)}{role}{badge}</a>')
        body = []
        if older:
            body.append(f'<p class="older">{older} older message{"s" if older != 1 else ""} not shown.</p>')
        if not messages:
            body.append(f'<p class="empty">No direct messages for {_e(name)} yet. Start a game on the main '
                        f'page: the hand and its move menus arrive here.</p>')
        body += [self._render_message(name, m, m.id in answers) for m in messages]
        if notice:
            body.append(f'<div class="notice{" bad" if notice[2] else ""}">{_e(notice[1])}</div>')
        state = self._signature()
        return f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<title>DMs · {_e(name)}</title><style>{_STYLE}</style></head>
<body><header><h1>Direct messages from the bot</h1>
<p>What each sandbox user receives privately: the hand, its picture and the menus to move. Pick a user,
then click and choose as that user. The page refreshes when new messages arrive.</p>
<nav>{"".join(tabs)}</nav></header>
<main>{"".join(body)}<div id="end"></div></main>
<script>const STATE_URL = {_js(self.url + "state")}; const STATE = {_js(state)};{_SCRIPT}</script>
</body></html>"""

    def _render_message(self, name: str, message: discord.Message, answer: bool) -> str:
        author = message.author
        mine = author.id == self.env.bot.user.id
        who = COMPUTER_NAME if mine else author.display_name
        when = message.created_at.astimezone(UTC).strftime("%d %b %H:%M")
        meta = [f"<b>{_e(who)}</b>"]
        if mine:
            meta.append('<span class="tag">BOT</span>')
        meta.append(_e(when))
        if message.edited_at and message.interaction_metadata is None:  # an answer filled in is no edit
            meta.append("(edited)")
        if message.flags.ephemeral:
            meta.append('<span class="eph">only you can see this</span>')
        parts = [f'<div class="meta">{" ".join(meta)}</div>']
        if message.content:
            parts.append(f'<div class="text">{self._markdown(message.content)}</div>')
        for embed in message.embeds:
            parts.append(self._render_embed(embed))
        files = []
        for attachment in message.attachments:
            link = f"{self.url}file/{name}/{message.id}/{attachment.id}"
            if (attachment.content_type or "").startswith("image/") or \
                    attachment.filename.lower().endswith((".png", ".gif", ".jpg", ".jpeg", ".webp")):
                files.append(f'<img src="{_e(link)}" alt="{_e(attachment.filename)}">')
            else:
                files.append(f'<a href="{_e(link)}">{_e(attachment.filename)}</a>')
        if files:
            parts.append(f'<div class="files">{"".join(files)}</div>')
        texts = 1   # a layout message's texts (a board's) go where a content would, in order
        for row in _rows(message.components):
            if isinstance(row, discord.TextDisplay):
                parts.insert(texts, f'<div class="text">{self._markdown(row.content)}</div>')
                texts += 1
                continue
            items = getattr(row, "children", None)
            items = items if items is not None else [row]
            rendered = "".join(self._render_component(name, message, c) for c in items)
            if rendered:
                parts.append(f'<div class="row">{rendered}</div>')
        return f'<article class="msg{" answer" if answer else ""}" id="m{message.id}">{"".join(parts)}</article>'

    def _render_embed(self, embed: discord.Embed) -> str:
        out = []
        if embed.title:
            out.append(f'<div class="title">{self._markdown(embed.title)}</div>')
        if embed.description:
            out.append(f'<div class="text">{self._markdown(embed.description)}</div>')
        for field in embed.fields:
            out.append(f'<div><b>{self._markdown(field.name or "")}</b></div>'
                       f'<div class="text">{self._markdown(field.value or "")}</div>')
        if embed.footer and embed.footer.text:
            out.append(f'<div class="meta">{_e(embed.footer.text)}</div>')
        color = f' style="border-left-color:#{embed.color.value:06x}"' if embed.color else ""
        return f'<div class="embed"{color}>{"".join(out)}</div>'

    def _render_component(self, name: str, message: discord.Message, component) -> str:
        hidden = (f'<input type="hidden" name="message" value="{message.id}">'
                  f'<input type="hidden" name="custom_id" value="{_e(getattr(component, "custom_id", "") or "")}">')
        action = _e(self.url_for(name))
        if isinstance(component, discord.Button):
            label = _e(" ".join(str(x) for x in (component.emoji, component.label) if x)) or "&nbsp;"
            if component.url:
                return f'<a class="s5" href="{_e(component.url)}" target="_blank" rel="noopener">{label}</a>'
            style = _BUTTON_STYLES.get(component.style, 2)
            disabled = " disabled" if component.disabled or not component.custom_id else ""
            return (f'<form method="post" action="{action}">{hidden}<input type="hidden" name="kind" value="click">'
                    f'<button class="s{style}"{disabled}>{label}</button></form>')
        if isinstance(component, discord.SelectMenu):
            if component.type is not discord.ComponentType.string_select:
                return f'<span class="empty">(a {_e(component.type.name)} menu; use the slash command)</span>'
            multiple = component.max_values > 1
            options = [] if multiple else [f'<option value="" disabled selected hidden>'
                                           f'{_e(component.placeholder or "Choose…")}</option>']
            for option in component.options:
                text = " ".join(str(x) for x in (option.emoji, option.label) if x)
                if option.description:
                    text += f" — {option.description}"
                selected = " selected" if option.default else ""
                options.append(f'<option value="{_e(option.value)}"{selected}>{_e(text)}</option>')
            disabled = " disabled" if component.disabled else ""
            attrs = f' multiple size="{min(len(component.options), 8)}"' if multiple else \
                ' onchange="this.form.submit()"'
            title = f' title="{_e(component.placeholder)}"' if component.placeholder else ""
            return (f'<form method="post" action="{action}">{hidden}<input type="hidden" name="kind" value="select">'
                    f'<select name="value"{attrs}{title}{disabled}>{"".join(options)}</select>'
                    f'<button{disabled}>Choose</button></form>')
        text = getattr(component, "content", None)  # a text display of a layout message
        return f'<div class="text">{self._markdown(text)}</div>' if text else ""

    # ---------------------------------------------------------------- markdown

    def _markdown(self, text: str) -> str:
        """Discord's everyday markdown: bold, italic, underline, strike, code, mentions,
        timestamps; everything else is shown as typed (escaped)."""
        codes: list[str] = []

        def keep_code(match):
            codes.append(f"<code>{_e(match.group(1))}</code>")
            return f"\x00{len(codes) - 1}\x00"

        text = re.sub(r"`([^`\n]+)`", keep_code, text)
        out = _e(text)
        out = re.sub(r"\*\*(.+?)\*\*", r"<strong>\1</strong>", out, flags=re.S)
        out = re.sub(r"__(.+?)__", r"<u>\1</u>", out, flags=re.S)
        out = re.sub(r"(?<![\w*])\*(?!\s)(.+?)(?<!\s)\*(?![\w*])", r"<em>\1</em>", out)
        out = re.sub(r"~~(.+?)~~", r"<s>\1</s>", out)
        out = re.sub(r"&lt;@!?(\d+)&gt;", lambda m: self._mention(int(m.group(1))), out)
        out = re.sub(r"&lt;#(\d+)&gt;", lambda m: self._channel(int(m.group(1))), out)
        out = re.sub(r"&lt;t:(-?\d+)(?::([tTdDfFR]))?&gt;", lambda m: self._timestamp(int(m.group(1)), m.group(2)),
                     out)
        out = re.sub(r"&lt;a?:(\w+):\d+&gt;", r":\1:", out)
        return re.sub("\x00(\\d+)\x00", lambda m: codes[int(m.group(1))], out)

    def _mention(self, user_id: int) -> str:
        if user_id == self.env.bot.user.id:
            name = COMPUTER_NAME
        else:
            name = next((n for n, u in self.users.items() if u.id == user_id), None)
            if name is None:
                user = self.env.bot.get_user(user_id)
                name = user.display_name if user else "unknown user"
        return f'<span class="mention">@{_e(name)}</span>'

    def _channel(self, channel_id: int) -> str:
        channel = self.env.bot.get_channel(channel_id)
        return f'<span class="mention">#{_e(getattr(channel, "name", None) or "unknown channel")}</span>'

    def _timestamp(self, seconds: int, style: str | None) -> str:
        try:
            when = datetime.fromtimestamp(seconds, UTC)
        except (OverflowError, OSError, ValueError):
            return _e(str(seconds))
        if style == "R":
            delta = (when - self.env.now()).total_seconds()
            return _e(_relative(delta))
        return _e(when.strftime("%d %b %Y %H:%M UTC"))


_HEADERS = {"Cache-Control": "no-store", "Referrer-Policy": "no-referrer", "X-Frame-Options": "DENY",
            "X-Content-Type-Options": "nosniff"}


def _rows(components) -> list:
    """A message's rows of components, with a layout message's containers opened: its text
    displays and action rows, in order (its picture is the message's attachment)."""
    rows = []
    for c in components:
        if isinstance(c, (discord.Container, discord.SectionComponent)):
            rows += _rows(c.children)
        elif isinstance(c, (discord.ActionRow, discord.TextDisplay, discord.Button, discord.SelectMenu)):
            rows.append(c)
    return rows


def _children(message: discord.Message) -> list:
    return [c for row in _rows(message.components) if not isinstance(row, discord.TextDisplay)
            for c in (getattr(row, "children", None) or [row])]


def _e(text: Any) -> str:
    return html.escape(str(text), quote=True)


def _js(text: str) -> str:
    """A JavaScript string literal that is safe inside a <script> element."""
    import json
    return json.dumps(text).replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026")


def _relative(seconds: float) -> str:
    size = abs(seconds)
    for unit, length in (("day", 86400), ("hour", 3600), ("minute", 60)):
        if size >= length:
            amount = round(size / length)
            break
    else:
        unit, amount = "second", round(size)
    text = f"{amount} {unit}{'s' if amount != 1 else ''}"
    return f"in {text}" if seconds >= 0 else f"{text} ago"
