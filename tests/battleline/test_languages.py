"""Battle Line in every language: whatever the engine says reads as Chinese in zh-TW and zh-CN.

Seeded random games are played to the end (the standard game with its tactics cards, both claim
variants, a series, and three players without tactics cards, R61). On the way every event text
(public and private), every legal move's label and path step, every prompt, a set of refused
moves and the result's reason are rendered in both Chinese languages with the players' names:
- each is a `Msg` (never a plain English string), and each text inside it has a translation
  (none lands in i18n.MISSING);
- the Chinese contains CJK characters wherever the English has words (catches English left in);
- no "Player N" prose is left, and every seat the text names shows as that player's name.
The glossary's rows are complete and its terms are those the Simplified rulebook prints (seed
001), Traditional converted from them."""
from __future__ import annotations

import random

import pytest

import i18n
from engine.base import IllegalAction, declared_options, prompt_of
from engine.battleline import RULES, card_label
from engine.battleline.cards import COLOURS, TACTIC_IDS, TROOP_IDS, UNIT_NAMES, colour_name, unit_name
from engine.battleline.formations import TYPE_NAMES, describe_key, formation_name
from engine.battleline.help import DESIGN_TEXT, RULES_TEXT, TACTIC_HINTS
from tests.language_check import Checker, assert_domain_translated

from .helpers import A, B, build

NAMES = {2: ["甲", "乙"], 3: ["甲", "乙", "丙"]}

GAMES = (  # (players, options, seed)
    (2, {}, 11),
    (2, {"variant": "advanced"}, 12),
    (2, {"variant": "endclaim"}, 13),
    (2, {"series_target": 7}, 14),
    (3, {}, 15),
)
# refused moves tried along the way: wrong formats, wrong steps, cards not held, unknown flags
ILLEGAL = ("bogus", "play", "play:nocard:1", "play:red7", "play:red7:0", "play:red7:x", "play:T-SCOUT:1",
           "play:T-REDEPLOY:1", "play:T-DESERTER:1:red1", "play:T-TRAITOR:1:red1:2", "claim", "claim:1",
           "claim:12", "done:1", "draw", "draw:troop", "draw:hand", "pass:1", "pass", "scout:draw:troop",
           "scout:return:red1", "scout:peek:x", "muddiscard:red1", "muddiscard")



def _pick(actions, rng):
    """A random legal move, claiming flags more often than not so games end by R55/R62."""
    claims = [a for a in actions if a.id.startswith("claim:")]
    if claims and rng.random() < 0.8:
        return rng.choice(claims)
    return rng.choice(actions)


def _check_moves(check: Checker, state: dict, seat: int, names: list[str], where: str) -> list:
    actions = RULES.legal_actions(state, seat)
    for action in actions:
        check.text(f"{where} label {action.id}", action.label, names)
        for depth, step in enumerate(action.steps()):
            check.text(f"{where} {action.id} step {depth + 1}", step.label, names)
            check.text(f"{where} {action.id} step {depth + 1} hint", step.description, names, optional=True)
    return actions


def _check_refusals(check: Checker, state: dict, names: list[str], where: str, rng: random.Random) -> None:
    """Refused moves leave a message in words (and the state unchanged, the contract's part)."""
    players = state["players"]
    for action_id in rng.sample(ILLEGAL, 6):
        for seat in range(players):
            try:
                RULES.apply(state, seat, action_id)
            except IllegalAction as refused:
                check.text(f"{where} refused {action_id!r} for seat {seat}", refused.message, names)


@pytest.mark.parametrize("players,options,seed", GAMES)
def test_a_whole_game_reads_in_chinese(players, options, seed):
    names = NAMES[players]
    rng = random.Random(seed)
    check = Checker()
    missing_before = set(i18n.MISSING)
    state = RULES.setup(players, dict(options), seed)
    for move in range(1500):
        if RULES.result(state) is not None:
            break
        where = f"{players}p {options} move {move}"
        (seat,) = RULES.active_players(state)
        check.text(f"{where} prompt", prompt_of(RULES, state, seat), names)
        for other in range(players):
            if other != seat:
                assert prompt_of(RULES, state, other) == ""
        actions = _check_moves(check, state, seat, names, where)
        if move % 7 == 0:
            _check_refusals(check, state, names, where, rng)
        state, events = RULES.apply(state, seat, _pick(actions, rng).id)
        check.events(where, events, names)
    check.finished_game(RULES, state, names)
    _check_refusals(check, state, names, "over", rng)
    check.assert_clean()
    assert check.checked > 200
    assert set(i18n.MISSING) - missing_before == set()


def _play(state, seat, action_id):
    return RULES.apply(state, seat, action_id)


def test_special_moments_read_in_chinese():
    """Texts random games rarely reach: Mud leaving a flag (D5) with both sides to discard,
    a refused claim with its witness and the Leader's counted identity (R30-R33, D3, D13),
    the R22c tie, Traitor (R53) and Deserter (R52) on named seats, and the counted identity
    recorded at a claim (D3)."""
    names = NAMES[2]
    check = Checker()
    # D5: Redeploy takes Mud away from a flag where both sides hold four cards
    state = build({1: (["red1", "red2", "red3", "red4"], ["blue1", "blue2", "blue3", "blue4"])},
                  {A: ["T-REDEPLOY", "green1"], B: ["green2"]}, env={1: [("T-MUD", A)]})
    state, events = _play(state, A, "play:T-REDEPLOY:1:T-MUD:discard")
    for event in events:
        check.text("mud event", event.public, names)
    check.text("mud prompt", RULES.prompt(state, A), names)
    for action in RULES.legal_actions(state, A):
        check.text("mud label", action.label, names)
        for step in action.steps():
            check.text("mud step", step.label, names)
            check.text("mud hint", step.description, names, optional=True)
    with pytest.raises(IllegalAction) as refused:
        _play(state, B, "muddiscard:blue1")
    check.text("mud wait", refused.value.message, names)
    assert "甲" in i18n.render(refused.value.message, "zh-CN", names)
    # R30-R33, D13: a refused claim names the cards that could still beat it, a Leader's identity too
    state = build({1: (["red3", "red4", "red5"], ["T-ALEX", "blue8"])}, {A: ["green1"]}, step="claim")
    with pytest.raises(IllegalAction) as refused:
        _play(state, A, "claim:1")
    check.text("witness", refused.value.message, names)
    assert "亚历山大" in i18n.render(refused.value.message, "zh-CN", names)
    # R22c: equal formations, the later one loses
    state = build({2: (["red5", "blue5", "green5"], ["yellow5", "orange5", "purple5"])}, {A: ["green1"]},
                  step="claim", times={2: ((1, 2, 3), (4, 5, 6))})
    check.text("tie", RULES.legal_actions(state, A)[0].path[1].description, names)
    state, events = _play(state, A, "claim:2")
    for event in events:
        check.text("claim event", event.public, names)
    # D3: the Leader's counted identity is kept as a text, in the reader's language
    state = build({1: (["T-ALEX", "red9", "red10"], ["blue1"])}, {A: ["red1"], B: ["blue2"]}, step="claim")
    state, _ = _play(state, A, "claim:1")
    counted = RULES.view(state, None)["flags"][0]["sides"][0]["wild_as"][0]
    assert counted == "Red 8" and i18n.render(counted, "zh-CN") == "红8" and i18n.render(counted, "zh-TW") == "紅8"
    # R52, R53: Deserter and Traitor name the other seat
    state = build({1: (["red1"], ["blue5", "blue6"])}, {A: ["T-DESERTER", "T-TRAITOR", "red2"]})
    for action_id in ("play:T-DESERTER:1:blue5", "play:T-TRAITOR:1:blue6:2"):
        _, events = _play(state, A, action_id)
        check.text(action_id, events[0].public, names)
        assert "乙" in i18n.render(events[0].public, "zh-TW", names)
    check.assert_clean()


def test_help_options_and_terms_read_in_chinese():
    """The rules help (R1-R62 in short), the design decisions (D1-D18), the tactics hints (R41-R53),
    the declared options (R2, R57, R59, R60), every card's label, the formations (R21-R25) and the
    troop names all have Chinese texts."""
    check = Checker()
    names = NAMES[2]
    for n, text in enumerate(RULES_TEXT + DESIGN_TEXT):
        check.text(f"help {n}", text, names)
    for card, hint in TACTIC_HINTS.items():
        check.text(f"hint {card}", hint, names)
    for option in declared_options(RULES):
        check.text(f"option {option.name}", option.description, names)
        check.text(f"option {option.name} label", option.label, names)
        for value, label in option.choices:
            check.text(f"option {option.name}={value}", label, names)
        check.text(f"option {option.name} described", option.describe(option.default), names)
    check.text("refusal", RULES.refuse_options(4, {}), names)
    for card in TROOP_IDS + TACTIC_IDS:
        check.text(card, card_label(card), names)
    for rank in TYPE_NAMES:
        check.text(f"formation {rank}", describe_key((rank, 20)), names)
    check.text("fog sum", describe_key((0, 17)), names)
    for value in UNIT_NAMES:
        check.text(f"unit {value}", unit_name(value), names)
    check.assert_clean()
    # the rules help follows the Simplified rulebook's words (seed 001): flags are 地区, the goal
    # is three adjacent or any five (R55), claims are 声明占据 (R28), passing is 略过 (R14)
    rules_cn = i18n.render(RULES_TEXT, "zh-CN")
    for word in ("地区", "三个连续的地区或任意五个地区", "声明占据", "略过", "部队牌堆", "战术牌堆", "打平"):
        assert word in rules_cn, word


def test_terms_are_the_rulebooks():
    """Card and formation names as the Simplified rulebook (seed 001) prints them: a troop card is
    its colour and value (【红5】), the formations 同花顺 > 炸弹 > 同花 > 顺子 > 其他 (R21-R24),
    the tactics cards (R41-R53) by their printed names; Traditional is their conversion."""
    def cn(text):
        return i18n.render(text, "zh-CN")

    assert cn(card_label("red5")) == "红5" and cn(card_label("yellow4")) == "黄4"
    assert i18n.render(card_label("blue7"), "zh-TW") == "藍7"
    assert [cn(formation_name(rank)) for rank in (5, 4, 3, 2, 1)] == ["同花顺", "炸弹", "同花", "顺子", "其他"]
    printed = {"T-ALEX": "亚历山大（领袖卡）", "T-DARIUS": "大流士（领袖卡）", "T-CC": "攻击卡", "T-SB": "防守卡",
               "T-FOG": "迷雾卡", "T-MUD": "沼泽卡", "T-SCOUT": "侦察卡", "T-REDEPLOY": "调整卡",
               "T-DESERTER": "逃亡卡", "T-TRAITOR": "叛逆卡"}
    assert {card: cn(card_label(card)) for card in TACTIC_IDS} == printed
    assert [cn(colour_name(c)) for c in COLOURS] == ["红", "蓝", "绿", "黄", "橙", "紫"]
    assert cn(i18n.title(RULES)) == "战线"


def test_glossary_rows_are_complete():
    rows = i18n.glossaries()["battleline"]
    assert rows
    for row in rows:
        assert all((row.get(column) or "").strip() for column in ("kind", "en", "zh-TW", "zh-CN", "source")), row
        assert row["source"] in ("seed 001", "converted from seed 001", "house"), row
    english = [row["en"] for row in rows]
    assert len(english) == len(set(english))
    # every term the engine and the pictures look up is there
    wanted = ({c.capitalize() for c in COLOURS} | set(TYPE_NAMES.values()) | set(UNIT_NAMES.values())
              | {i18n.render(card_label(c), "en").replace(" (Leader)", "") for c in TACTIC_IDS}
              | {"troop deck", "tactics deck", "Battle Line"})
    assert wanted <= set(english), wanted - set(english)
    opencc = pytest.importorskip("opencc")
    convert = opencc.OpenCC("s2twp").convert
    for row in rows:
        if row["source"] == "converted from seed 001":
            assert row["zh-TW"] == convert(row["zh-CN"]), row


def test_the_catalogue_covers_every_engine_text():
    """Every text the engine's code writes has a Chinese translation with the same placeholders,
    including those no game above reached."""
    assert_domain_translated("battleline", least=150)
