"""Skytear deck building through the real bot in simcord (/skydeck; seed 004 「抽選與牌庫構築」,
「比賽規則」; R136, R140, G20): a deck typed in a form, saved, refused when it breaks a limit,
chosen, dealt to its player's hero in a match and never shown to anyone else; a tournament-format
match and a Skytear tournament whose matches pick from the players' pools."""
from __future__ import annotations

from collections import Counter

import discord
import pytest

from bot import EXTENSIONS
from engine.skytear import data, decks
from tests.discord.harness import FixedSeed, assert_thread_hides_secrets
from tests.discord.helpers import bot_handle, current_match, moves_by_service, text_of, thread_of

WALL = "1 This Is My Kingdom, 2x Sprawling Abomination, 2 Bodyguard, King of Hosts x2, 1 Sacrifice"
WALL_CARDS = ["this_is_my_kingdom", "sprawling_abomination", "sprawling_abomination", "bodyguard", "bodyguard",
              "king_of_hosts", "king_of_hosts", "sacrifice"]
MUD = "1 千口之儀式, 2 Mudflow Surge, 2 Creeping Darkness, 2 Sacrifice, 1 Ignite"   # 2 Sacrifice: 3 with WALL's


@pytest.fixture
def simcord_bot(make_bot):
    return make_bot(extensions=EXTENSIONS)


def seat_cards(state: dict, seat: int) -> Counter:
    key = str(seat)
    return Counter(state["cards"][i] for i in state["hands"][key] + state["decks"][key])


def typed(cards: list[str]) -> str:
    return ", ".join(f"{n} {data.card(c)['name']}" for c, n in Counter(cards).items())


def picking(hero: str):
    """A chooser for moves_by_service: the hero when it may be picked, else the computer's move."""
    def choose(match, seat):
        state = match.snapshot
        if state["phase"] == "draft" and hero in state["draft"]["pool"]:
            return f"pick:{hero}"
        from engine.skytear import RULES
        return RULES.ai_choose(state, seat, match.seed + match.version)
    return choose


async def test_a_deck_built_saved_refused_chosen_used_and_kept_hidden(world):
    env, guild, channel, alice, bob, carol = world
    # a deck that breaks a limit is refused with the limit, and nothing is saved
    r = await alice.slash(channel, "skydeck save", name="short", hero="cotlic", contents=WALL.replace("1 Sacrifice", ""))
    assert r.ephemeral and "8 cards" in text_of(r.response) and "7" in text_of(r.response), text_of(r.response)
    r = await alice.slash(channel, "skydeck save", name="wrong", hero="cotlic", contents=WALL.replace("This Is My Kingdom", "Submit to Me"))
    assert "signature" in text_of(r.response), text_of(r.response)
    r = await alice.slash(channel, "skydeck save", name="typo", hero="cotlic", contents=WALL + ", 1 Fireball")
    assert "Fireball" in text_of(r.response), text_of(r.response)
    assert await env.bot.service.saved_decks(alice.id) == []

    # a deck typed in the form is saved, with its running list shown to her alone
    r = await alice.slash(channel, "skydeck save", name="wall", hero="cotlic", contents=WALL)
    assert r.ephemeral and "Saved" in text_of(r.response) and "2 × Bodyguard" in text_of(r.response), text_of(r.response)
    r = await alice.slash(channel, "skydeck save", name="mud", hero="tlakali", contents=MUD)
    assert "Saved" in text_of(r.response), text_of(r.response)
    r = await alice.slash(channel, "skydeck list")
    assert r.ephemeral and "wall" in text_of(r.response) and "mud" in text_of(r.response)

    # her deck names are offered to her alone
    offered = [c["value"] for c in await alice.autocomplete(channel, "skydeck choose", "names", "wall, ", format="draft")]
    assert "wall, mud" in offered, offered
    assert await bob.autocomplete(channel, "skydeck delete", "name", "") == []

    # G20: three Sacrifices across her decks: refused with the limit
    r = await alice.slash(channel, "skydeck choose", format="draft", names="wall, mud")
    assert "three times" in text_of(r.response) and "Sacrifice" in text_of(r.response), text_of(r.response)
    r = await alice.slash(channel, "skydeck save", name="mud", hero="tlakali", contents=MUD.replace("2 Sacrifice", "1 Sacrifice, 1 Ignite"))
    r = await alice.slash(channel, "skydeck choose", format="draft", names="wall, mud")
    assert "wall" in text_of(r.response) and "mud" in text_of(r.response), text_of(r.response)
    r = await alice.slash(channel, "skydeck delete", name="wall")
    assert "chosen" in text_of(r.response), "a chosen deck is not deleted"
    assert all(not m.content or "Bodyguard" not in m.content for m in channel.history()), "nothing public"

    # a draft match against bob: her decks come with her picks, and nobody else sees them
    env.bot.service.seed_source = FixedSeed(7)
    r = await alice.slash(channel, "skytear challenge", opponent=bob, setup="draft", rounds=1, clock="none")
    await bob.click(channel.history()[-1], label="Accept")
    thread = thread_of(channel)
    match = await current_match(env)
    seat = match.seat_of(alice.id)
    assert set(match.options["decks"]) == {str(seat)}
    opening = " ".join(text_of(m) for m in thread.history())
    assert "decks" not in opening.lower() and "Bodyguard" not in opening
    match = await moves_by_service(env, lambda m: m.snapshot["phase"] != "draft", chooser=picking("cotlic"))
    state = match.snapshot
    mine = sorted(h for h, d in state["heroes"].items() if d["owner"] == seat)
    assert "cotlic" in mine
    expected = Counter()
    for hero in mine:
        expected.update({"cotlic": WALL_CARDS}.get(hero) or
                        (decks.parse_cards(MUD.replace("2 Sacrifice", "1 Sacrifice, 1 Ignite")) if hero == "tlakali"
                         else data.deck_of(hero)))
    assert seat_cards(state, seat) == expected
    assert str(seat) in state["built_cards"]
    match = await moves_by_service(env, lambda m: m.status != "active" or m.version > 40, unseen=True)
    await assert_thread_hides_secrets(env, thread, match, images=1)
    for m in bob.user.dm_channel.history() if bob.user.dm_channel else []:
        assert "This Is My Kingdom" not in text_of(m) or "played" in text_of(m).lower()


async def test_a_tournament_format_match_and_a_skytear_tournament_pick_from_pools(world):
    env, guild, channel, alice, bob, carol = world
    pool = decks.default_pool(sorted(data.HEROES)[:6])
    used = Counter(c for cards in pool.values() for c in cards)
    left = [c for c in decks.box_cards() for _ in range(data.card(c)["copies"] - used[c])
            if not data.card(c)["ultimate_of"]]
    pool["akhuti"] = [c for c in pool["akhuti"] if c != "soul_twister"] + left   # her own Akhuti deck
    for hero, cards in pool.items():
        r = await alice.slash(channel, "skydeck save", name=f"t-{hero}", hero=hero, contents=typed(cards), format="tournament")
        assert "Saved" in text_of(r.response), text_of(r.response)
    r = await alice.slash(channel, "skydeck choose", format="tournament", names="t-akhuti, t-corjof")
    assert "6" in text_of(r.response), "R140: a pool holds 6 heroes"
    r = await alice.slash(channel, "skydeck choose", format="tournament", names=", ".join(f"t-{h}" for h in pool))
    assert "t-cotlic" in text_of(r.response), text_of(r.response)

    # R140 as a match option: the picks 1/2/2/2/1 from one's own pool
    env.bot.service.seed_source = FixedSeed(11)
    r = await alice.slash(channel, "skytear challenge", opponent=bot_handle(env), setup="tournament", rounds=1,
                          clock="none")
    match = await current_match(env)
    seat = match.seat_of(alice.id)
    side = 0 if seat in match.snapshot["sides"][0] else 1
    assert match.snapshot["draft"]["pools"][str(side)] == sorted(pool)
    assert "tournament" in text_of(thread_of(channel).history()[0]).lower()
    other = match.snapshot["draft"]["pools"][str(1 - side)]
    assert "akhuti" not in other, "the computer's house pool leaves Akhuti to her"
    match = await moves_by_service(env, lambda m: m.snapshot["phase"] != "draft", chooser=picking("akhuti"))
    state = match.snapshot
    mine = [h for h, d in state["heroes"].items() if d["owner"] == seat]
    assert len(mine) == 4 and set(mine) <= set(pool) and "akhuti" in mine
    assert seat_cards(state, seat) == Counter(c for h in mine for c in pool[h])
    assert seat_cards(state, seat)["soul_twister"] == 0
    await env.bot.service.resign(match.id, alice.id)

    # the /tournament setting: every match of a Skytear event is in the tournament format
    org = guild.add_member(env.create_user("org"), roles=[guild.create_role(
        "Staff", permissions=discord.Permissions(manage_guild=True))])
    r = await org.slash(channel, "tournament create", game="skytear", format="swiss", rounds=1,
                          options="setup=tournament")
    assert "open for signups" in text_of(r.response), text_of(r.response)
    signup = channel.history()[-1]
    assert "tournament" in text_of(signup).lower().split("options:")[1], text_of(signup)
    for member in (alice, bob):
        await member.slash(channel, "tournament join")
    r = await org.slash(channel, "tournament start")
    assert "round 1 is under way" in text_of(r.response), text_of(r.response)
    event = await env.bot.service.store.list_matches(statuses=("active",), limit=10)
    game = next(m for m in event if m.meta.get("tournament"))
    assert game.options.get("setup") == "tournament" and game.snapshot["phase"] == "draft"
    a_side = 0 if game.seat_of(alice.id) in game.snapshot["sides"][0] else 1
    assert game.snapshot["draft"]["pools"][str(a_side)] == sorted(pool), "alice's own pool"
    assert set(game.options["decks"]) == {str(game.seat_of(alice.id))}, "bob has none: the house pool"


async def test_the_first_game_deals_whole_factions_whatever_decks_are_chosen(world):
    """R135: the first game's decks are its factions' cards, so chosen decks stay out of it (and a
    plain match's options stay as they were)."""
    env, guild, channel, alice, bob, carol = world
    await alice.slash(channel, "skydeck save", name="wall", hero="cotlic", contents=WALL)
    r = await alice.slash(channel, "skydeck choose", format="draft", names="wall")
    assert "wall" in text_of(r.response), text_of(r.response)
    await alice.slash(channel, "skytear challenge", opponent=bot_handle(env), rounds=1, clock="none")
    match = await current_match(env)
    assert match.options == {"rounds": 1} and "built_cards" not in match.snapshot
