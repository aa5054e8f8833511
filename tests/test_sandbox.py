"""The sandbox world (`python bot.py --sandbox`), built inside a test's virtual Discord: the
server manager, the bot shown as "Computer", and the DM page, driven over HTTP on 127.0.0.1."""
from __future__ import annotations

from tests.discord.helpers import text_of
import re
from html.parser import HTMLParser

import aiohttp
import discord
import pytest
from simcord.builders import UserHandle

import sandbox
from bot import SANDBOX_WELCOME, Config, create_bot

# simcord's settle and wait limit, far above what a healthy run needs: only a hang fails
pytestmark = pytest.mark.simcord(settle_timeout=600.0)
HTTP_TIMEOUT = aiohttp.ClientTimeout(total=600)


@pytest.fixture
async def simcord_bot(tmp_path):
    bot = create_bot(Config(token=None, database=str(tmp_path / "sandbox.db")))
    yield bot
    await bot.store.close()


class Forms(HTMLParser):
    """The forms of a page: action, hidden fields, the options of its menu (values and texts)
    and the text of its button."""

    def __init__(self, text: str):
        super().__init__()
        self.forms: list[dict] = []
        self.images: list[str] = []
        self._form: dict | None = None
        self._text: list[str] | None = None
        self.feed(text)

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "form":
            self._form = {"action": attrs["action"], "fields": {}, "options": [], "texts": [], "label": ""}
            self.forms.append(self._form)
        elif tag == "input" and self._form is not None and attrs.get("type") == "hidden":
            self._form["fields"][attrs["name"]] = attrs["value"]
        elif tag == "option" and self._form is not None and attrs.get("value"):
            self._form["options"].append(attrs["value"])
            self._text = []
        elif tag == "button" and self._form is not None:
            self._text = []
        elif tag == "img":
            self.images.append(attrs["src"])

    def handle_data(self, data):
        if self._text is not None:
            self._text.append(data)

    def handle_endtag(self, tag):
        if tag == "option" and self._text is not None:
            self._form["texts"].append("".join(self._text))
            self._text = None
        elif tag == "button" and self._text is not None:
            self._form["label"] = "".join(self._text)
            self._text = None
        elif tag == "form":
            self._form = None

    def menus(self) -> list[dict]:
        return [f for f in self.forms if f["fields"].get("kind") == "select"]

    def buttons(self) -> list[dict]:
        return [f for f in self.forms if f["fields"].get("kind") == "click"]


def manages_server(env, world, member) -> bool:
    permissions = env.backend.compute_permissions(world.guild.id, member.id, world.channel.id)
    return discord.Permissions(permissions).manage_guild


def computer(env) -> UserHandle:
    return UserHandle(env, env.backend.get_user(env.bot.user.id))


async def get(session, url: str) -> str:
    assert url.startswith("http://127.0.0.1:"), url
    async with session.get(url) as response:
        assert response.status == 200, (url, response.status)
        return await response.text()


async def choose(session, form: dict, value: str | None = None) -> str:
    """Submit a menu (with `value`) or press a button of the DM page, as the browser does;
    the page the answer redirects to."""
    data = {**form["fields"], **({"value": value} if value is not None else {})}
    async with session.post(form["action"], data=data) as response:
        assert response.status == 200, response.status
        assert "answer=" in str(response.url), response.url  # redirected to the page with the answer
        return await response.text()


@pytest.fixture
async def sandbox_world(simcord_env):
    """The sandbox's virtual server in simcord, closed (DM page and all) afterwards."""
    world = await sandbox.build(simcord_env, welcome=SANDBOX_WELCOME)
    yield simcord_env, world
    await world.close()


async def test_owner_manages_the_server_and_the_bot_is_computer(sandbox_world):
    env, world = sandbox_world
    owner = world.manager
    assert owner.name == "owner"
    assert manages_server(env, world, owner)
    assert [p.name for p in world.players] == ["alice", "bob", "carol"]
    assert not any(manages_server(env, world, p) for p in world.players)
    assert "settings show" in owner.available_commands(world.channel)
    assert "settings show" not in world.players[0].available_commands(world.channel)
    result = await owner.slash(world.channel, "settings show")
    assert "Match settings for this server" in text_of(result.response), text_of(result.response)
    # the member list: the bot's own member is "Computer"
    guild = env.backend.guilds[world.guild.id]
    names = {guild.members[i].nick or env.backend.get_user(i).name for i in world.guild.member_ids()}
    assert {"Computer", "alice", "bob", "carol", "owner"} <= names, names
    assert guild.members[env.bot.user.id].nick == "Computer"
    # the welcome names the users, the DM page (by its address) and the computer opponent
    welcome = text_of(world.channel.history()[-1])
    assert world.dm_page.url in welcome and "{dm_url}" not in welcome
    for word in ("Viewing as", "owner", "alice", "bob", "carol", "**Computer**", "DM"):
        assert word in welcome, word
    assert list(env.bot.unexpected_errors) == []


async def test_a_move_made_on_the_dm_page(sandbox_world):
    env, world = sandbox_world
    alice = world.players[0]
    async with aiohttp.ClientSession(timeout=HTTP_TIMEOUT) as session:
        empty = await get(session, world.dm_page.url_for("alice"))
        assert "No direct messages for alice yet" in empty
        result = await alice.slash(world.channel, "battleline challenge", opponent=computer(env))
        assert "has started" in text_of(result.response), text_of(result.response)
        match = await env.bot.service.get(1)
        assert match.status == "active"
        (seat,) = env.bot.service.rules(match).active_players(match.snapshot)
        assert match.user_at(seat).user_id == alice.id  # the computer has moved, if it began

        page = await get(session, world.dm_page.url)  # the index opens the first user: alice
        forms = Forms(page)
        assert f"· move {match.version} · your private view" in page
        assert "Your move." in page
        assert forms.images, "the hand picture is shown"
        async with session.get(forms.images[-1]) as response:
            assert response.status == 200 and response.content_type == "image/png"
            assert (await response.read()).startswith(b"\x89PNG")
        (card_menu,) = forms.menus()  # the move toolkit's step menu: the cards of the hand
        assert card_menu["fields"]["custom_id"].startswith(f"ui:step:{match.id}:{match.version}:")
        assert "Play a card" in page

        # a card, then a flag from the answer: the card is played
        card = card_menu["texts"][0].split(" — ")[0]
        answer = await choose(session, card_menu, card_menu["options"][0])
        assert "the bot updated that message" in answer, answer  # the hand asks the next step itself
        assert f"Play a card › {card}" in answer, answer  # the step asked next names the card
        (flag_menu,) = Forms(answer).menus()  # the hand's card menu gave way to the flag menu
        assert any("All moves" in b["label"] for b in Forms(answer).buttons())
        assert flag_menu["texts"][0].startswith("Flag 1"), flag_menu["texts"]
        played = await choose(session, flag_menu, flag_menu["options"][0])
        assert "Move played." in played and "You drew" not in played, played
        assert (await env.bot.service.get(1)).version == match.version + 1
        # then the draw, a button on the hand that answered (R16: both decks have cards)
        (troop,) = [b for b in Forms(played).buttons() if "troop deck" in b["label"]]
        drawn = await choose(session, troop)
        assert "Move played. You drew" in drawn, drawn
        after = await env.bot.service.get(1)
        assert after.version > match.version + 1
        # the answer shows the updated hand: its picture and the move after the computer's
        assert re.search(r"· move \d+ · your private view", drawn)
        assert Forms(drawn).images and Forms(drawn).images != forms.images  # one hand, its picture drawn anew
        assert 'class="msg answer"' in drawn
        # bob has no DMs, and the page does not mix users up
        assert "No direct messages for bob yet" in await get(session, world.dm_page.url_for("bob"))
    assert list(env.bot.unexpected_errors) == []


async def test_the_dm_page_escapes_text_and_refuses_strangers(sandbox_world):
    env, world = sandbox_world
    alice = world.players[0]
    user = await env.bot.fetch_user(alice.id)
    await user.send("**bold** <script>alert(1)</script> & <@%d>" % alice.id)
    await env.settle()
    async with aiohttp.ClientSession(timeout=HTTP_TIMEOUT) as session:
        page = await get(session, world.dm_page.url_for("alice"))
        assert "<strong>bold</strong>" in page
        assert "&lt;script&gt;alert(1)&lt;/script&gt; &amp;" in page and "<script>alert" not in page
        assert '<span class="mention">@alice</span>' in page
        base = world.dm_page.url.rsplit("/", 2)[0]
        async with session.get(base + "/wrong-token/dm/alice") as response:
            assert response.status == 404
        async with session.get(world.dm_page.url_for("mallory")) as response:
            assert response.status == 404
        host = f"localhost.evil.example:{world.dm_page.port}"
        async with session.get(world.dm_page.url_for("alice"), headers={"Host": host}) as response:
            assert response.status == 403
