"""Built decks (engine/skytear/decks.py; seed 004 「抽選與牌庫構築」): the limits (R136, G20), a
player's decks dealt into the match, kept secret (dealt again within the limits by the redeal),
and a plain match unchanged."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.base import IllegalAction
from engine.skytear import RULES, data, decks, secrecy
from engine.text import to_json

from .flowkit import act, check_cards_conserved

COTLIC = ["this_is_my_kingdom", "sprawling_abomination", "sprawling_abomination", "bodyguard", "bodyguard",
          "king_of_hosts", "king_of_hosts", "sacrifice"]
TLAKALI = ["ritual_of_a_thousand_mouths", "mudflow_surge", "mudflow_surge", "creeping_darkness",
           "creeping_darkness", "sacrifice", "ignite", "ignite"]


def text(msg) -> str:
    return str(to_json(msg))


def test_R136_a_deck_of_eight_with_its_own_signature_card_is_accepted():
    assert decks.deck_problem("cotlic", COTLIC, "draft") is None
    assert decks.decks_problem({"cotlic": COTLIC, "tlakali": TLAKALI}, "draft") is None


def test_R136_a_draft_deck_holds_exactly_eight_cards():
    problem = decks.deck_problem("cotlic", COTLIC[:-1], "draft")
    assert problem is not None and "8" in text(problem) and "7" in text(problem)
    assert decks.deck_problem("cotlic", COTLIC + ["ignite"], "draft") is not None


def test_R136_exactly_one_signature_card_of_the_hero_and_no_other():
    no_signature = COTLIC[1:] + ["ignite"]
    assert "signature" in text(decks.deck_problem("cotlic", no_signature, "draft"))
    other = COTLIC[:-1] + ["submit_to_me"]          # Yami's signature card
    problem = decks.deck_problem("cotlic", other, "draft")
    assert "signature" in text(problem) and "Yami" in text(problem)


def test_R136_G20_no_card_three_times_across_all_of_ones_decks():
    """The seed: 「在所有牌庫中不可以有3張相同的能力牌(所有牌庫卡牌一起計算)」. Each deck alone
    is fine; the two together hold Sacrifice three times."""
    tlakali = TLAKALI[:-1] + ["sacrifice"]
    assert decks.deck_problem("tlakali", tlakali, "draft") is None
    problem = decks.decks_problem({"cotlic": COTLIC, "tlakali": tlakali}, "draft")
    assert problem is not None and "three times" in text(problem) and "Sacrifice" in text(problem)


def test_a_deck_holds_no_more_copies_than_the_box():
    three = ["this_is_my_kingdom"] + ["bodyguard"] * 3 + ["king_of_hosts"] * 2 + ["sacrifice"] * 2
    problem = decks.deck_problem("cotlic", three, "draft")
    assert problem is not None and "Bodyguard" in text(problem)


def test_unknown_cards_and_heroes_and_the_vortex_are_refused():
    assert decks.deck_problem("nobody", COTLIC, "draft") is not None
    assert decks.deck_problem("cotlic", COTLIC[:-1] + ["nothing"], "draft") is not None
    assert decks.deck_problem("cotlic", COTLIC[:-1] + [data.VORTEX], "draft") is not None


def test_R140_tournament_decks_hold_ten_cards_and_the_pool_six_heroes():
    pool = decks.default_pool(decks.default_pool_heroes(0, None))
    assert len(pool) == 6 and all(len(cards) == 10 for cards in pool.values())
    assert decks.decks_problem(pool, "tournament") is None
    assert "10" in text(decks.deck_problem("cotlic", COTLIC, "tournament"))
    five = dict(list(pool.items())[:5])
    assert "6" in text(decks.decks_problem(five, "tournament"))


# ------------------------------------------------------------------ in a match

def built_options(**extra) -> dict:
    return {"decks": {"0": {"cotlic": COTLIC, "tlakali": TLAKALI}}, **extra}


def seat_cards(state: dict, seat: int) -> Counter:
    key = str(seat)
    return Counter(state["cards"][i] for i in state["hands"][key] + state["decks"][key])


def test_R136_a_players_built_decks_are_dealt_for_their_heroes():
    """Dealt factions (first seat gets Taulot among its factions for this seed): each hero with a
    built deck uses it, the others their preconstructed decks (R139)."""
    for seed in range(1, 40):
        state = RULES.setup(2, built_options(), seed)
        owned = sorted(h for h, d in state["heroes"].items() if d["owner"] == 0)
        if "cotlic" in owned:
            break
    else:
        raise AssertionError("no seed deals Taulot to seat 0")
    expected = Counter()
    for hero in owned:
        expected.update({"cotlic": COTLIC, "tlakali": TLAKALI}.get(hero) or data.deck_of(hero))
    assert seat_cards(state, 0) == expected
    assert "built" not in state and state["built_cards"]["0"]["format"] == "draft"
    assert "1" not in state["built_cards"]
    check_cards_conserved(state)


def test_R137_R136_a_drafted_hero_brings_the_pickers_built_deck():
    state = RULES.setup(2, built_options(setup="draft", first_player=0), 3)
    state = act(state, 0, "pick:cotlic")
    while state["phase"] == "draft":
        seat = sorted(RULES.active_players(state))[0]
        state = act(state, seat, sorted(a.id for a in RULES.legal_actions(state, seat))[0])
    mine = sorted(h for h, d in state["heroes"].items() if d["owner"] == 0)
    expected = Counter()
    for hero in mine:
        expected.update({"cotlic": COTLIC, "tlakali": TLAKALI}.get(hero) or data.deck_of(hero))
    assert seat_cards(state, 0) == expected


def test_a_deck_that_breaks_a_limit_is_refused_at_setup():
    bad = {"decks": {"0": {"cotlic": COTLIC[:-1]}}}
    with pytest.raises(IllegalAction) as exc:
        RULES.setup(2, bad, 1)
    assert "8" in text(exc.value.message)


def test_a_plain_match_keeps_its_state():
    """No deck key in a plain match's state (the options are stored only when chosen)."""
    state = RULES.setup(2, {}, 1)
    assert not {"built", "built_cards", "pools"} & set(state)
    assert state["options"]["setup"] == "factions"


# ------------------------------------------------------------------ secrecy

def test_a_built_deck_is_dealt_again_within_the_limits_for_the_opponent():
    """The opponent knows the heroes (so each one's signature card) and the limits, not the cards:
    a copy dealt for seat 1 may hold other cards in seat 0's hand and deck, never a signature card
    moved, never past the copy limit; seat 0's own copy keeps its cards."""
    state = RULES.setup(2, built_options(setup="draft", first_player=0), 3)
    state = act(state, 0, "pick:cotlic")
    while state["phase"] == "draft":
        seat = sorted(RULES.active_players(state))[0]
        state = act(state, seat, sorted(a.id for a in RULES.legal_actions(state, seat))[0])
    rng = random.Random(5)
    real = seat_cards(state, 0)
    changed = False
    for _ in range(20):
        other = secrecy.redeal(state, 1, rng)
        got = seat_cards(other, 0)
        assert sum(got.values()) == sum(real.values())
        assert {c for c in got if data.card(c).get("ultimate_of")} == {c for c in real if data.card(c).get("ultimate_of")}
        assert all(n <= max(decks.cap(c, "draft"), real[c]) for c, n in got.items())
        changed |= got != real
        assert seat_cards(secrecy.redeal(state, 0, rng), 0) == real
    assert changed, "the opponent's copies always hold the real cards"


def test_built_decks_not_yet_dealt_are_dealt_again_before_the_draft_ends():
    state = RULES.setup(2, built_options(setup="draft", first_player=0), 3)
    rng = random.Random(1)
    seen = set()
    for _ in range(10):
        other = secrecy.redeal(state, 1, rng)
        assert sorted(other["built"]["0"]) == ["cotlic", "tlakali"]
        assert decks.decks_problem(other["built"]["0"], "draft") is None
        seen.add(repr(other["built"]["0"]))
    assert len(seen) > 1
    assert secrecy.redeal(state, 0, rng)["built"] == state["built"]


@pytest.mark.parametrize("options,seed", [
    (built_options(setup="draft"), 31),
    ({"setup": "tournament", "decks": {"1": decks.default_pool(sorted(data.HEROES)[2:])}}, 32),
])
def test_nothing_public_depends_on_a_built_deck_or_a_pool(options, seed):
    """The conformance suite's dynamic secrecy check (tests/contract/secrecy.py) on games with
    built decks and pools: the copies dealt again (their unseen cards drawn again from the box)
    give every move the same public output, and the mover the same legal moves."""
    from engine.skytear import ai
    from tests.contract.secrecy import check_secrecy
    rng = random.Random(seed)
    state = RULES.setup(2, options, seed)
    for n in range(160):
        if RULES.result(state) is not None:
            break
        seat = rng.choice(sorted(RULES.active_players(state)))
        action = ai.choose(state, seat, rng.randrange(1 << 30), "random")
        if n % 4 == 0 or state["phase"] in ("draft", "mulligan"):
            check_secrecy(RULES, state, seat, action, rng)
        state, _ = RULES.apply(state, seat, action)
    assert "built_cards" in state


def test_a_deck_typed_in_the_form_reads_names_in_any_language_with_counts():
    typed = "1 This Is My Kingdom, 2x sprawling abomination; 保鏢 ×2\n群兵之王 x2、1 Sacrifice"
    assert sorted(decks.parse_cards(typed)) == sorted(COTLIC)
    with pytest.raises(IllegalAction) as exc:
        decks.parse_cards("1 This Is My Kingdom, 2 Fireball")
    assert "Fireball" in text(exc.value.message)
