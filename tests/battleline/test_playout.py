"""1,000 seeded random games played to the end by random legal moves.

After every move: all cards accounted for exactly once and no side over its limit. After every
fifth move and at the end (views cost most of the time): hands only in their owner's view and no
hand card id anywhere in the public view. At the end of each game: replaying the moves the test
applied (it keeps them; the state keeps no action log) from the seed reproduces the final state
exactly."""
from __future__ import annotations

import json
import random
import re
from collections import Counter

import pytest

from engine.base import IllegalAction
from engine.battleline import RULES, replay_actions
from engine.battleline.cards import TACTIC_IDS, TROOP_IDS, card_label, sort_cards
from engine.battleline.proof import flag_limit

GAMES = 40  # four of each kind, with the conformance suite's playouts (tests/contract) on top
ALL_2P = Counter(TROOP_IDS + TACTIC_IDS)
ALL_3P = Counter(TROOP_IDS)


def config(index: int) -> tuple[int, dict]:
    """A mix: 2-player standard, both claim variants, series, and 3 players."""
    kind = index % 10
    if kind <= 3:
        return 2, {}
    if kind == 4:
        return 2, {"variant": "advanced"}
    if kind == 5:
        return 2, {"variant": "endclaim"}
    if kind == 6:
        return 2, {"series_target": 7, "variant": ("standard", "advanced", "endclaim")[index % 3]}
    if kind == 7:
        return 2, {"first_player": index % 2}
    if kind == 8:
        return 3, {}
    return 3, {"series_target": 6, "variant": ("standard", "advanced", "endclaim")[index % 3]}


def all_cards(state: dict) -> list[str]:
    cards = [c for hand in state["hands"] for c in hand]
    cards += state["troop_deck"] + state["tactics_deck"]
    cards += [d["card"] for d in state["discard"]]
    for flag in state["flags"]:
        cards += [e["card"] for e in flag["env"]]
        for side in flag["sides"]:
            cards += side["cards"]
    return cards


def check_table(state: dict) -> None:
    """Cards conserved exactly once; no side over its limit (R8) except a pending D5 discard."""
    expected = ALL_2P if state["players"] == 2 else ALL_3P
    assert Counter(all_cards(state)) == expected
    for flag in state["flags"]:
        limit = flag_limit(flag)
        for side in flag["sides"]:
            assert len(side["arrived"]) == len(side["cards"])
            if len(side["cards"]) > limit:
                assert state["step"] == "mud_discard" and state["mud"]["flag"] == flag["n"]
                assert len(side["cards"]) == limit + 1


LABEL_TO_ID = {card_label(c): c for c in TROOP_IDS + TACTIC_IDS}
LABEL_RE = re.compile("|".join(re.escape(label) + r"(?!\w)" for label in sorted(LABEL_TO_ID, key=len, reverse=True)))


def check_events(state: dict, events) -> None:
    """Public event text never names a card that is hidden (in a hand or a deck) after the move.
    In a series, the texts before a new game's deal are of the game before: its cards were dealt
    again since, so only the texts from the deal on are checked."""
    hidden = {c for hand in state["hands"] for c in hand} | set(state["troop_deck"]) | set(state["tactics_deck"])
    deals = [i for i, e in enumerate(events)
             if getattr(e.public, "key", "").startswith("Game {game} of the series begins")]
    for event in events[deals[-1] if deals else 0:]:
        for label in LABEL_RE.findall(event.public):
            assert LABEL_TO_ID[label] not in hidden, event.public


JSON_STRING = re.compile(r'"([^"\\]*)"')
PRIVATE_KEYS = ("hand", "scout", "viewer")


def check_views(state: dict, seat: int) -> None:
    """Hands appear only in their owner's view; no hand card id anywhere in the public view; a
    seat's view is the public view plus its own hand (and its own Scout notes)."""
    public = RULES.view(state, None)
    assert "hand" not in public and "scout" not in public
    strings = set(JSON_STRING.findall(json.dumps(public)))  # every string in the public JSON
    held = {c for hand in state["hands"] for c in hand}
    assert not held & strings, held & strings
    mine = RULES.view(state, seat)
    assert [c["id"] for c in mine["hand"]] == sort_cards(state["hands"][seat])
    others = {c for s, hand in enumerate(state["hands"]) if s != seat for c in hand}
    if "scout" in mine:
        assert state["scout_memo"][seat] or (state["scout"] and state["scout"]["seat"] == seat)
        assert not others & set(JSON_STRING.findall(json.dumps(mine["scout"])))
    assert {k: v for k, v in mine.items() if k not in PRIVATE_KEYS} == \
        {k: v for k, v in public.items() if k not in PRIVATE_KEYS}


@pytest.mark.slow
def test_random_playouts_keep_invariants_and_replay():
    finished = Counter()
    for index in range(GAMES):
        players, options = config(index)
        rng = random.Random(index)
        state = RULES.setup(players, options, 1000 + index)
        check_table(state)
        moves = 0
        applied: list[tuple[int, str]] = []  # the action log, as the store keeps it
        while RULES.result(state) is None:
            active = RULES.active_players(state)
            assert len(active) == 1
            seat = next(iter(active))
            actions = RULES.legal_actions(state, seat)
            assert actions, "an active seat always has a legal action"
            if index % 100 == 0 and moves % 7 == 0:  # every listed action is accepted
                for action in actions:
                    RULES.apply(state, seat, action.id)
            if moves % 11 == 0:  # a seat that is not active is refused
                with pytest_raises_illegal():
                    RULES.apply(state, (seat + 1) % players, actions[0].id)
            action_id = rng.choice(actions).id
            state, events = RULES.apply(state, seat, action_id)
            applied.append((seat, action_id))
            moves += 1
            check_table(state)
            check_events(state, events)
            if moves % 5 == 0 or RULES.result(state) is not None:
                check_views(state, moves % players)
            assert moves < 2000, "game does not end"
        assert RULES.active_players(state) == set()
        assert all(RULES.legal_actions(state, s) == [] for s in range(players))
        assert "actions" not in state, "the state keeps no action log"
        assert replay_actions(players, options, 1000 + index, applied) == state
        if index % 100 == 0:  # the check can fail: a log short of its last move gives another state
            assert replay_actions(players, options, 1000 + index, applied[:-1]) != state
        finished[(players, "series" if options.get("series_target") else "single")] += 1
    assert sum(finished.values()) == GAMES
    assert min(finished.values()) >= GAMES // 10, finished  # every kind played to its end


class pytest_raises_illegal:
    """A tiny context manager: the block must raise IllegalAction."""

    def __enter__(self):
        return self

    def __exit__(self, exc_type, exc, tb):
        assert exc_type is IllegalAction, "expected IllegalAction"
        return True


def test_a_state_stored_with_its_action_log_still_plays():
    """A snapshot stored by an older version carried the whole action log in `state["actions"]`:
    it still loads and plays like the same state without it, and the next move leaves it out."""
    rng = random.Random(3)
    state = RULES.setup(2, {}, 77)
    applied: list[tuple[int, str]] = []
    for _ in range(40):
        (seat,) = RULES.active_players(state)
        action_id = rng.choice(RULES.legal_actions(state, seat)).id
        state, _ = RULES.apply(state, seat, action_id)
        applied.append((seat, action_id))
    old = json.loads(json.dumps(dict(state, actions=[list(a) for a in applied])))
    (seat,) = RULES.active_players(old)
    assert [a.id for a in RULES.legal_actions(old, seat)] == [a.id for a in RULES.legal_actions(state, seat)]
    assert RULES.view(old, seat) == RULES.view(state, seat) and RULES.prompt(old, seat) == RULES.prompt(state, seat)
    choice = RULES.ai_choose(old, seat, 5)
    assert choice == RULES.ai_choose(state, seat, 5)
    kept = json.loads(json.dumps(old))
    after, events = RULES.apply(old, seat, choice)
    assert old == kept, "apply changed the state it was given"
    expected, expected_events = RULES.apply(state, seat, choice)
    assert after == expected and "actions" not in after
    assert [e.public for e in events] == [e.public for e in expected_events]
    assert after == replay_actions(2, {}, 77, applied + [(seat, choice)])
