"""Paying in Battalia by the names the hand picture writes under the cards (never an id)."""
from __future__ import annotations

import pytest

from cogs.battalia import BattaliaCog, card_name
from engine.battalia import RULES
from matches import UserError


def hand():
    return RULES.view(RULES.setup(2, {}, 1), 0)["hand"]


def test_names_in_the_readers_language_or_english_become_ids():
    cards = hand()
    supplies = [c["id"] for c in cards if c["type"] == "supply"]
    soldier = next(c for c in cards if c["type"] == "soldier")
    assert card_name(soldier, "en") == "Islanders Soldier" and "[" not in card_name(soldier, "zh-TW")
    named = f"補給, {card_name(soldier, 'zh-TW')}, supply"
    assert BattaliaCog.card_ids(cards, named, "zh-TW").split(",") == [supplies[0], soldier["id"], supplies[1]]
    assert BattaliaCog.card_ids(cards, f"{soldier['id']}, Supply", "en") == f"{soldier['id']},{supplies[0]}"


def test_a_name_not_in_hand_or_once_too_often_is_refused():
    cards = hand()
    count = sum(c["type"] == "supply" for c in cards)
    with pytest.raises(UserError) as refused:
        BattaliaCog.card_ids(cards, "Wings of Aviena", "en")
    assert refused.value.message.args["card"] == "Wings of Aviena"
    with pytest.raises(UserError):
        BattaliaCog.card_ids(cards, ", ".join(["Supply"] * (count + 1)), "en")
