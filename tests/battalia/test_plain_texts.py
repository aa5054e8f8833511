"""What a player reads carries no rulebook codes (R…, G…, D…) and reads as English: event texts (public
and private), action labels, refusals, the public view and the /battalia rules texts. Rule numbers stay in
code comments and tests."""
from __future__ import annotations

import io
import random
import re
import tokenize
from pathlib import Path

import pytest

from engine.base import IllegalAction
from engine.battalia import RULES, options_text, words
from engine.text import from_json

from .helpers import strings_in

RULE_CODE = re.compile(r"\((?:[RGD]\d+[^)]*)\)|\b[RGD]\d{1,3}[a-z]?\b")
ROOT = Path(__file__).resolve().parents[2]

# malformed or out-of-step moves, tried against states of the playouts
ILLEGAL = ["bogus", "", "faction:Q", "startcity:a1", "startcity:z9", "formation:9", "formation", "redeploy:x",
           "start:x", "hire:dragon", "hire:soldier", "hire:commander:k1", "craft:tool:Q", "craft:amulet",
           "road:t:z9:0", "road:cross:a1:x", "city:9:cross", "city:1:dead", "city:4:cross:b2:0", "upgrade:a1",
           "upgrade:d4", "hero:a1", "hero:d4:k1", "move:1:a1:sup", "move:3:a1:sup", "move:1:d4:free", "wings:1:a1",
           "ambush:k1:k1", "ambush:k1:k2", "tent:k1:k1", "tent:k1:x", "strike:k1", "hammer:tool", "hammer:dragon",
           "horn", "claim:a1", "amulet:k1:k2", "title:k1:k2", "title:k1:k2:2", "scroll:k1:k2:G", "scroll:k1:self:G",
           "attack:a1:city:1", "attack:d4:ruins:1", "attack:d4:p1:1", "add:k1", "add:k1:3", "commit", "pass",
           "cancel", "fight:y:1", "fight:n:-", "retreat:a1:sup", "surrender", "place:a1:0", "place:d4:x",
           "wild:dragon", "drop:k1", "hornpick:k1", "great:sword", "end:x"]


def codes(text: str) -> list[str]:
    return RULE_CODE.findall(text)


def test_rule_code_pattern():
    assert codes("hires a Captain (R40, R41).") and codes("see G31") and codes("(R45a)") and codes("D12 says")
    assert not codes("Player 2 moves hero 1 d4-d5 paying 1 Supply.") and not codes("Forest Clan Soldier [k12]")


@pytest.mark.parametrize("n,seed,options", [
    (2, 41, {"weeks": 2}), (3, 42, {"weeks": 1}), (4, 43, {"weeks": 1}),
    (2, 44, {"variant": "advanced", "weeks": 1}), (3, 45, {"variant": "scenario1", "weeks": 1}),
    (4, 46, {"variant": "scenario2", "weeks": 1}),
    (3, 47, {"start_cities": 2, "start_heroes": 1, "level4_end": 3, "weeks": 1}),
    (2, 48, {"start_cities": 3, "no_neutral": True, "start_heroes": 2, "weeks": 1}),
])   # a week (seven rounds) meets every kind of text; one game plays two
@pytest.mark.slow
def test_playouts_show_no_rule_codes(n, seed, options):
    """Seeded playouts (random moves and the computer player, 2-4 players): no event text, action label,
    refusal, result or public view string names a rule by its code; events are sentences."""
    rng = random.Random(seed)
    s = RULES.setup(n, options, seed)
    found: list[tuple[str, str]] = []
    refusals: set[str] = set()
    previous: list[str] = []
    step = 0

    def check(where: str, text: str) -> None:
        if codes(text):
            found.append((where, text))

    for line in s["log"]:
        check("log", from_json(line))
    while RULES.result(s) is None:
        seat = next(iter(RULES.active_players(s)))
        legal = RULES.legal_actions(s, seat)
        ids = [a.id for a in legal]
        for a in legal:
            check("label", a.label)
        if step % 4 == 0:
            for text in strings_in(RULES.view(s, None)):
                check("view", text)
            for bad in ILLEGAL + [i for i in previous if i not in ids][:12]:
                try:
                    RULES.apply(s, seat, bad)
                except IllegalAction as e:
                    refusals.add(str(e))
            other = (seat + 1) % n
            if ids and other not in RULES.active_players(s):
                with pytest.raises(IllegalAction) as e:
                    RULES.apply(s, other, ids[0])
                refusals.add(str(e.value))
        previous = ids
        if step % 3 == 0:
            action = RULES.ai_choose(s, seat, rng.randrange(10 ** 6))
        else:
            non_end = [i for i in ids if i != "end"]
            action = rng.choice(non_end) if non_end and rng.random() < 0.85 else rng.choice(ids)
        s, events = RULES.apply(s, seat, action)
        for e in events:
            check("event", e.public)
            if not e.public[:1].isupper():
                found.append(("event not a sentence", e.public))
            for text in e.private.values():
                check("private event", text)
        step += 1
        assert step < 5000
    check("result", RULES.result(s).reason)
    for text in strings_in(RULES.view(s, None)):
        check("view", text)
    for text in refusals:
        check("refusal", text)
    assert len(refusals) > 15, "the playout should have met many kinds of refusal"
    assert not found, found[:10]


def _string_literals(path: Path) -> list[tuple[int, str]]:
    """Every string literal of a module except docstrings (a string that is a statement of its own)."""
    out = []
    prev = None
    for tok in tokenize.generate_tokens(io.StringIO(path.read_text(encoding="utf-8")).readline):
        if tok.type == tokenize.STRING and prev not in (None, tokenize.INDENT, tokenize.DEDENT, tokenize.NEWLINE):
            out.append((tok.start[0], tok.string))
        if tok.type != tokenize.COMMENT:
            prev = tok.type
    return out


def test_no_rule_codes_in_any_text_of_the_code():
    """Every message the engine, the pictures and the /battalia commands can show (not only the ones a
    playout happens to meet) is written without rule codes; comments and docstrings may cite them."""
    files = sorted((ROOT / "engine" / "battalia").glob("*.py")) + sorted((ROOT / "render" / "battalia").glob("*.py")) \
        + [ROOT / "cogs" / "battalia.py"]
    assert len(files) > 20 and all(p.exists() for p in files)
    found = [f"{p.relative_to(ROOT)}:{line}: {text[:80]}" for p in files for line, text in _string_literals(p)
             if codes(text)]
    assert not found, found


def test_rules_command_texts_have_no_codes_and_start_with_how_to_play():
    from engine.battalia import RULES, help as battalia_help
    for text in (battalia_help.RULES_TEXT, battalia_help.DESIGN_TEXT, battalia_help.HOUSE_TEXT,
                 options_text({"start_cities": 2, "no_neutral": True, "weeks": 3})):
        assert not codes(text), codes(text)
    text = battalia_help.RULES_TEXT
    assert len(text) <= 2000, "a Discord message holds 2000 characters"
    how_to, reference = text.split("**Reference**")
    lines = how_to.strip().splitlines()
    assert 5 <= len(lines) <= 10
    for word in ("Goal", "turn", "menus", "/battalia"):
        assert word in how_to, word
    assert "Costs" in reference and "Battles" in reference


def test_words_articles_and_plurals():
    assert words.a("amulet") == "an amulet" and words.a("tool") == "a tool" and words.a("unit") == "a unit"
    assert words.a("Ember Folk Weapon") == "an Ember Folk Weapon" and words.a("T road") == "a T road"
    assert words.count(1, "card") == "1 card" and words.count(6, "card") == "6 cards"
    assert words.count(2, "hero") == "2 heroes" and words.count(3, "Supply") == "3 Supply"
    assert words.count(2, "level-4 city") == "2 level-4 cities" and words.count(0, "card") == "0 cards"
    assert words.and_list(["a"]) == "a" and words.and_list(["a", "b", "c"]) == "a, b and c"


def test_labels_and_events_use_articles_and_plurals():
    """"Craft an Amulet", "draws 6 cards", "1 card" (not "a Amulet", "card(s)")."""
    from .helpers import actions_phase, give
    s = actions_phase(2, seed=5, options={"removed_faction": "R"}, factions=["G", "B"])
    give(s, 0, [("soldier", "G")] * 3 + [("captain", "G"), ("priest", "G"), ("supply", None), ("supply", None)])
    labels = [a.label for a in RULES.legal_actions(s, 0)]
    assert "Craft an Amulet" in labels and "Craft a Tool" in labels, labels
    assert not [x for x in labels if re.search(r"\ba [aeiou]", x)], labels
    s, events = RULES.apply(s, 0, "end")
    texts = [e.public for e in events]
    assert any("ends the turn and draws 6 cards." in t for t in texts), texts
    assert not [t for t in texts if "(s)" in t]
