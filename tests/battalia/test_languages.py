"""Battalia in every language: whatever the engine says reads as Chinese in zh-TW and zh-CN.

Seeded games are played to the end (2, 3 and 4 players; the base game, the Advanced game (3.4),
scenarios 1 and 2 (R131, R132) and the R133 house rules; random moves mixed with the computer
player's, so battles, transformations and the Great Artifacts come up). On the way every event
text (public and private), every legal move's label and path step, every prompt, a set of
refused moves, the view's texts and the result's reason are rendered in both Chinese languages
with the players' names:
- each is a `Msg` (never a plain English string), and each text inside it has a translation
  (none lands in i18n.MISSING);
- the Chinese contains CJK characters wherever the English has words (catches English left in);
- no "Player N" prose is left, and every seat the text names shows as that player's name.
The glossary's rows are complete, hold every term the engine and the pictures ask for, and its
Traditional terms are those the rulebook prints (seed 000), Simplified converted from them."""
from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

import i18n
from engine.base import IllegalAction, declared_options, prompt_of
from engine.battalia import RULES, data, help as battalia_help, options_text, setup
from tests.language_check import Checker, assert_domain_translated

from .helpers import actions_phase, force_roll, give

NAMES = {2: ["甲", "乙"], 3: ["甲", "乙", "丙"], 4: ["甲", "乙", "丙", "丁"]}
# what a text may keep in Latin letters in Chinese: card ids, squares, command syntax
CODE = re.compile(r"`[^`]*`|\b[kv]\d+\b|\b[a-g][1-7]\b|\w+:<[^ ]*|<[^<>]*>")
ROOT = Path(__file__).resolve().parents[2]
SEED = sorted((ROOT.parent / "shared" / "seeds").glob("000_*.txt"))

GAMES = (  # (players, options, seed)
    (2, {"weeks": 2}, 21),
    (3, {"variant": "advanced", "weeks": 1}, 22),
    (4, {"variant": "scenario1", "weeks": 1}, 23),
    (4, {"variant": "scenario2", "weeks": 1}, 24),
    (3, {"start_cities": 2, "start_heroes": 2, "level4_end": 2, "weeks": 2}, 25),
)
# refused moves tried along the way: wrong formats, wrong steps, cards not held, unknown squares
ILLEGAL = ("bogus", "faction:Q", "startcity:z9", "formation:9", "hire:dragon", "hire:soldier:k1",
           "craft:tool:Q", "road:t:z9:0", "city:9:cross", "city:1:dead:a1:0", "upgrade:a1", "hero:a1",
           "move:1:a1:sup", "move:3:a1:sup", "wings:1:a1", "ambush:k1:k1", "tent:k1:k1", "strike:k1",
           "hammer:dragon", "horn", "claim:a1", "amulet:k1:k2", "title:k1:k2:2", "scroll:k1:self:G",
           "attack:a1:city:1", "attack:d4:ruins:1", "add:k1:3", "commit", "pass", "cancel", "fight:y:1",
           "retreat:a1:sup", "surrender", "place:a1:0", "wild:dragon", "drop:k1", "hornpick:k1",
           "great:sword", "end:x")



def _check_moves(check: Checker, state: dict, seat: int, names: list[str], where: str, rng) -> list:
    actions = RULES.legal_actions(state, seat)
    # every kind of move, and a sample of the long lists (placements, transformations)
    shown = {}
    for action in actions:
        shown.setdefault(tuple(step.value for step in action.steps()[:2]), []).append(action)
    for group in shown.values():
        for action in group if len(group) <= 6 else rng.sample(group, 6):
            check.text(f"{where} label {action.id}", action.label, names)
            for depth, step in enumerate(action.steps()):
                check.text(f"{where} {action.id} step {depth + 1}", step.label, names)
                check.text(f"{where} {action.id} step {depth + 1} hint", step.description, names, optional=True)
    return actions


def _check_refusals(check: Checker, state: dict, names: list[str], where: str, rng: random.Random) -> None:
    """Refused moves leave a message in words (the contract checks that the state is unchanged)."""
    for action_id in rng.sample(ILLEGAL, 6):
        for seat in range(state["n"]):
            try:
                RULES.apply(state, seat, action_id)
            except IllegalAction as refused:
                check.text(f"{where} refused {action_id!r} for seat {seat}", refused.message, names)


def _check_view(check: Checker, state: dict, names: list[str], where: str) -> None:
    view = RULES.view(state, state["current"])
    check.text(f"{where} step", view["step"], names)
    for n, line in enumerate(view["log"]):
        check.text(f"{where} log {n}", line, names)
    for n, rule in enumerate(view["house_rules"]):
        check.text(f"{where} house rule {n}", rule, names)
    for p in view["players"]:
        check.text(f"{where} faction", p["faction_name"], names, optional=True)
        check.text(f"{where} sanctuary top", p["sanctuary_top"], names, optional=True)
        for c in p["played"] + p["line"]:
            check.text(f"{where} card", c["label"], names)
    for c in view.get("hand", []) + view.get("ambush", []):
        check.text(f"{where} hand card", c["label"], names)
    for shown in view.get("formation_seen", []):
        for c in shown["cards"]:
            check.text(f"{where} formation card", c["label"], names)


def _pick(state, seat, actions, rng, move):
    """Random moves mixed with the computer player's (which attacks and uses artifacts)."""
    if move % 3 == 0:
        return RULES.ai_choose(state, seat, rng.randrange(10 ** 6))
    ids = [a.id for a in actions if a.id != "end"]
    return rng.choice(ids) if ids and rng.random() < 0.85 else rng.choice([a.id for a in actions])


@pytest.mark.parametrize("players,options,seed", GAMES)
def test_a_whole_game_reads_in_chinese(players, options, seed):
    names = NAMES[players]
    rng = random.Random(seed)
    check = Checker(code=CODE)
    missing_before = set(i18n.MISSING)
    state = RULES.setup(players, dict(options), seed)
    check.text("setup log", RULES.view(state, None)["log"][0], names)
    for move in range(3000):
        if RULES.result(state) is not None:
            break
        where = f"{players}p {options} move {move}"
        (seat,) = RULES.active_players(state)
        check.text(f"{where} prompt", prompt_of(RULES, state, seat), names)
        actions = _check_moves(check, state, seat, names, where, rng)
        if move % 11 == 0:
            _check_refusals(check, state, names, where, rng)
            _check_view(check, state, names, where)
        state, events = RULES.apply(state, seat, _pick(state, seat, actions, rng, move))
        check.events(where, events, names)
    view = check.finished_game(RULES, state, names)
    check.text("view step", view["step"], names)
    _check_refusals(check, state, names, "over", rng)
    check.assert_clean()
    assert check.checked > 500
    assert set(i18n.MISSING) - missing_before == set()


def test_battle_moments_and_amulet_rolls_read_in_chinese():
    """Texts random games reach rarely: each Amulet roll (R58: 1-6, the wild card's question and
    answer, G15), a full Ambush asking for a discard (R30, R61), a hero hired (R77) and a battle
    against a neutral city won with its rewards (R104)."""
    names = NAMES[2]
    check = Checker(code=CODE)
    for roll in range(1, 7):
        s = actions_phase(2, seed=7, options={"removed_faction": "R"}, factions=["G", "B"])
        amulet, soldier = give(s, 0, [("amulet", "G"), ("soldier", "G")])
        if roll == 4:
            s["players"][0]["ambush"] = give(s, 0, [("supply", None)] * 3, zone="ambush")
        force_roll(s, roll)
        s, events = RULES.apply(s, 0, f"amulet:{amulet}:{soldier}")
        for event in events:
            check.text(f"roll {roll}", event.public, names)
        check.text(f"roll {roll} prompt", RULES.prompt(s, 0), names)
        for action in RULES.legal_actions(s, 0)[:12]:
            check.text(f"roll {roll} label", action.label, names)
            for step in action.steps():
                check.text(f"roll {roll} step", step.label, names)
                check.text(f"roll {roll} hint", step.description, names, optional=True)
        if s["pending"]:
            s, events = RULES.apply(s, 0, RULES.legal_actions(s, 0)[0].id)
            for event in events:
                check.text(f"roll {roll} answer", event.public, names)
    check.assert_clean()


def test_help_options_and_setup_refusals_read_in_chinese():
    """The rules help (R1-R133 in short), the design decisions (spec section 10), the declared
    options (3.4, R131-R133), the options line and the refusals of impossible house rules (R133)."""
    check = Checker(code=CODE)
    names = NAMES[2]
    check.text("rules", battalia_help.RULES_TEXT, names)
    check.text("design", battalia_help.DESIGN_TEXT, names)
    check.text("house values", battalia_help.HOUSE_TEXT, names)
    for option in declared_options(RULES):
        check.text(f"option {option.name}", option.description, names)
        check.text(f"option {option.name} label", option.label, names)
        for value, label in option.choices:
            check.text(f"option {option.name}={value}", label, names)
        check.text(f"option {option.name} described", option.describe(option.default), names)
    check.text("options", options_text({"variant": "scenario1", "start_cities": 2, "no_neutral": True,
                                        "start_heroes": 1, "level4_end": 3, "weeks": 2}), names)
    check.text("no options", options_text({}), names)
    for players, options in ((4, {"start_cities": 3}), (2, {"variant": "scenario2"}),
                             (4, {"variant": "scenario2", "no_neutral": True}), (2, {"weeks": "x", "start_heroes": 9}),
                             (2, {"start_cities": "many"}), (5, {})):
        check.text(f"refused {players} {options}", setup.option_problem(players, options), names)
    check.assert_clean()
    # the help uses the rulebook's words (seed 000): Formation 隊列, Redeploy 再調度, Ambush 偷襲, Sanctuary 庇護所
    rules_tw = i18n.render(battalia_help.RULES_TEXT, "zh-TW")
    for word in ("隊列", "再調度", "偷襲", "庇護所", "勝利點", "補給"):
        assert word in rules_tw or word in i18n.render(battalia_help.DESIGN_TEXT, "zh-TW"), word


def _renderer_terms() -> set[str]:
    """The terms the pictures (render/battalia/) ask the glossary for."""
    from render.battalia import palette as pictures
    out = set(pictures.FACTION_NAME.values()) | set(pictures.TERRAIN_NAME.values())
    out |= {t.capitalize() for t in data.UNIT_TYPES + data.ARTIFACT_TYPES + ["supply"]}
    out |= {data.cards()["great_artifacts"][t]["name"] for t in data.GREAT_TYPES}
    return out


def test_glossary_rows_are_complete_and_hold_every_term_asked_for():
    rows = i18n.glossaries()["battalia"]
    assert rows
    for row in rows:
        assert all((row.get(column) or "").strip() for column in ("kind", "en", "zh-TW", "zh-CN", "source")), row
        assert row["source"] in ("seed 000", "house"), row
    english = [row["en"] for row in rows]
    assert len(english) == len(set(english))
    wanted = _renderer_terms() | {RULES.title}
    wanted |= {str(data.tile_name(k, s)) for k, shapes in (("road", data.ROAD_SHAPES), ("city", data.CITY_SHAPES))
               for s in shapes}
    wanted |= {str(data.faction_name(f)) for f in data.FACTIONS} | {str(data.terrain_name(f)) for f in data.FACTIONS}
    assert wanted <= set(english), wanted - set(english)
    assert {row["en"] for row in rows if row["kind"] == "title"} == {RULES.title}
    opencc = pytest.importorskip("opencc")
    convert = opencc.OpenCC("tw2sp").convert
    for row in rows:
        assert row["zh-CN"] == convert(row["zh-TW"]), row


@pytest.mark.skipif(not SEED, reason="the rulebook seed is not beside the repository")
def test_terms_are_the_rulebooks():
    """Faction, land, unit, artifact, Great Artifact and road names as the Traditional rulebook
    (seed 000) prints them: 樹森一族, 兵士, 法術卷軸, 史特拉圖之錘, 十字路 …"""
    seed = SEED[0].read_text(encoding="utf-8")
    for row in i18n.glossaries()["battalia"]:
        if row["source"] == "seed 000":
            assert row["zh-TW"] in seed, row
    assert i18n.render(data.faction_name("G"), "zh-TW") == "樹森一族"
    assert i18n.render(data.type_name("sword"), "zh-CN") == "艾勒马格之剑"
    assert i18n.render(i18n.title(RULES), "zh-TW") == "百陀利亞：創造篇"


def test_terms_the_game_uses_are_in_the_glossary():
    """Every glossary term a game of the checks above could ask for (ctx "battalia") is a row."""
    english = {row["en"] for row in i18n.glossaries()["battalia"]}
    asked = {str(data.type_name(t)) for t in data.WILD_TYPES + data.GREAT_TYPES}
    assert asked <= english, asked - english


def test_the_catalogue_covers_every_engine_text():
    """Every text the engine's code writes has a Chinese translation with the same placeholders,
    including those no game above reached."""
    assert_domain_translated("battalia", least=400, code=CODE)
