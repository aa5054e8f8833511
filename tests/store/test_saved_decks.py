"""Saved decks (Skytear's deck building): saved by name per player and game, replaced by name,
listed, chosen for the next matches, deleted; on SQLite and PostgreSQL alike."""
from __future__ import annotations


async def test_a_deck_is_saved_listed_replaced_chosen_and_deleted(store):
    cards = ["this_is_my_kingdom"] + ["bodyguard"] * 7
    await store.save_deck(10, "skytear", "wall", format="draft", hero="cotlic", cards=cards)
    await store.save_deck(10, "skytear", "ambush", format="draft", hero="sakoshi", cards=["x"] * 8)
    await store.save_deck(11, "skytear", "wall", format="tournament", hero="tlakali", cards=["y"] * 10)
    mine = await store.saved_decks(10, "skytear")
    assert [d["name"] for d in mine] == ["ambush", "wall"]
    assert mine[1] == {"name": "wall", "format": "draft", "hero": "cotlic", "cards": cards, "chosen": False}
    assert await store.saved_decks(10, "battleline") == []

    await store.choose_decks(10, "skytear", "draft", ["wall"])
    assert [d["chosen"] for d in await store.saved_decks(10, "skytear")] == [False, True]
    await store.save_deck(10, "skytear", "wall", format="draft", hero="cotlic", cards=cards[::-1])
    again = (await store.saved_decks(10, "skytear"))[1]
    assert again["cards"] == cards[::-1] and again["chosen"]
    await store.choose_decks(10, "skytear", "draft", ["ambush"])
    assert [d["chosen"] for d in await store.saved_decks(10, "skytear")] == [True, False]
    assert (await store.saved_decks(11, "skytear"))[0]["chosen"] is False

    assert await store.delete_deck(10, "skytear", "wall") is True
    assert await store.delete_deck(10, "skytear", "wall") is False
    assert [d["name"] for d in await store.saved_decks(10, "skytear")] == ["ambush"]
    assert len(await store.saved_decks(11, "skytear")) == 1
