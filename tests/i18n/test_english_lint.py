"""The English a player reads, linted over long seeded playouts of every game: each public and
private text of every event is rendered as a player reads it and checked for the slips a
template makes when it is not built with plural forms and articles ("1 units", "an scout",
"a army"), for doubled or dangling spaces and punctuation, and for empty texts."""
from __future__ import annotations

import random
import re

import pytest

from engine import registry
from engine.base import as_game
from i18n import render

GAMES = ("battleline", "battalia", "skytear", "clash_of_rage", "civilization")
MOVES = 400      # per playout; the games run long enough to battle, score and end

# (what is wrong, the pattern); words read as in English (an hour, a unit, a one-eyed ...)
SLIPS = (
    ("a count of one with a plural noun", re.compile(r"(?<![\d.,:/-])\b1 (?!of\b)(?:[a-z]+ )?"
                                                     r"(units|cards|dice|points|cities|figures|players|times|"
                                                     r"damage points|wounds|coins|tokens|spaces|steps|turns|"
                                                     r"heroes|minions|troops|soldiers|flags|armies|scouts)\b")),
    ("'an' before a consonant", re.compile(r"\ban (?!hour|honou?r|heir|x\b|[aeiouAEIOU0-9])[a-zA-Z]")),
    ("'a' before a vowel", re.compile(r"\ba (?!(?i:u[nst]i|use|one|euro)|[^aeiouAEIOU ])[aeiouAEIOU]\w")),
    ("a doubled space", re.compile(r"\S  +\S")),
    ("a space before punctuation", re.compile(r"\w [.,;:!?](?:\s|$)")),
    ("doubled punctuation", re.compile(r"(?<!\.)\.\.(?!\.)|,,|\s,")),
    ("a placeholder left unfilled", re.compile(r"\{[a-z_]+\}")),
)


def slips(text: str) -> list[str]:
    return [f"{what}: {found.group(0)!r}" for what, pattern in SLIPS if (found := pattern.search(text))]


def playout_texts(name: str, seed: int) -> list[str]:
    """Every text of every event of one seeded playout, as players read them."""
    game = as_game(registry.get(name))
    rng = random.Random(seed)
    players = rng.randint(game.min_players, game.max_players)
    names = [f"Player{i}" for i in range(players)]
    state = game.setup(players, {}, seed)
    texts = []
    for move in range(MOVES):
        if game.result(state) is not None:
            break
        seat = rng.choice(sorted(game.active_players(state)))
        action = game.ai_choose(state, seat, seed + move) if rng.random() < 0.7 else \
            rng.choice(game.legal_actions(state, seat)).id
        state, events = game.apply(state, seat, action)
        for event in events:
            for text in (event.public, *event.private.values()):
                texts.append(render(text, "en", names))
    return texts


@pytest.mark.parametrize("name", GAMES)
def test_the_english_of_long_playouts_reads_right(name):
    registry.load_builtin()
    found = {}
    for seed in (1, 2):
        for text in playout_texts(name, seed):
            for slip in slips(text):
                found.setdefault(slip, text)
    assert not found, "\n".join(f"{slip} in {text!r}" for slip, text in list(found.items())[:20])


@pytest.mark.parametrize("text, wrong", [
    ("alice destroys 1 units.", True), ("alice destroys 1 unit.", False), ("She builds an scout.", True),
    ("She builds a army.", True), ("She builds a unit.", False), ("a University", False), ("a  gap", True), ("ends .", True),
    ("the {player} moves", True), ("Score 1 of 2 players", False), ("1 card.", False),
])
def test_the_lint_can_fail(text, wrong):
    assert bool(slips(text)) == wrong, (text, slips(text))
