"""The facts the pictures need, carried by the views (engine/clash_of_rage/views.py): the current
map, the cells a stronghold may take, who controls each territory, what the game waits for, the
victory target and each unit type's stats with its equipment. The pictures read no rule module,
so each fact is checked against the rule function that decides it, and each is public: every
viewer's view carries the same one."""
from __future__ import annotations

import json
import random

from engine.clash_of_rage import RULES, battle, data, prompts, rounds, views
from engine.text import to_json

from .test_actions import make

DERIVED = ("step_text", "target_vp", "hexes", "stronghold_spots", "control")


def every_view(state: dict) -> list[dict]:
    return [views.view(state, viewer) for viewer in [None, *range(state["players"])]]


def stronghold_step(players: int = 3, seed: int = 2) -> dict:
    """Round 1 after the tactic reveal: the first seat places its stronghold."""
    state = RULES.setup(players, {}, seed)
    for seat in range(players):
        state, _ = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0].id)
    assert rounds.step(state) == "strongholds"
    return state


def test_the_derived_facts_are_public_and_plain_json():
    state = stronghold_step()
    public = views.view(state, None)
    for v in every_view(state):
        assert json.loads(json.dumps(v)) == v
        assert {k: v[k] for k in DERIVED} == {k: public[k] for k in DERIVED}
        assert [a["unit_stats"] for a in v["seats"]] == [a["unit_stats"] for a in public["seats"]]


def test_the_map_is_the_current_board_with_the_placed_strongholds_and_their_owners():
    state = stronghold_step()
    before = {h["label"] for h in views.view(state, None)["hexes"]}
    assert not any(label.startswith("H") for label in before)
    seat = sorted(RULES.active_players(state))[0]
    state, _ = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0].id)
    hexes = views.view(state, None)["hexes"]
    board = rounds.current_board(state)
    assert [h["label"] for h in hexes] == list(board.hexes)
    for h in hexes:
        cell = board.hexes[h["label"]]
        assert (h["q"], h["r"], h["terrain"], h["stone_tier"]) == (cell.q, cell.r, cell.terrain, cell.stone_tier)
    strongholds = [h for h in hexes if h["terrain"] == "stronghold"]
    assert [(h["label"], h["owner"]) for h in strongholds] == [(rounds.stronghold_label(seat), seat)]
    assert all(h["owner"] is None for h in hexes if h["terrain"] != "stronghold")


def test_the_stronghold_spots_are_the_legal_cells_only_during_the_stronghold_step():
    state = stronghold_step()
    spots = views.view(state, None)["stronghold_spots"]
    assert spots and spots == {name: list(cell) for name, cell in rounds.stronghold_cells(state).items()}
    seat = sorted(RULES.active_players(state))[0]
    name = next(iter(spots))
    state, _ = RULES.apply(state, seat, f"stronghold:{name}")
    assert name not in views.view(state, None)["stronghold_spots"]
    assert views.view(make(), None)["stronghold_spots"] == {}


def test_control_names_the_seat_or_the_elves_holding_each_territory():
    state = make(units={"1NE": {0: {1: 2}}, "1N": {0: {1: 1}, 1: {1: 1}}, "2C": {1: {2: 1}}},
                 elves={"1C": ["temple"]})
    control = views.view(state, None)["control"]
    assert control == {"1NE": 0, "2C": 1, "1C": data.ELVES}      # 1N is contested: nobody controls it
    for territory in rounds.current_board(state).hexes:
        assert control.get(territory) == rounds.controller(state, territory)


def test_the_step_text_says_what_the_game_waits_for_and_during_the_secret_choice_only_how_many():
    state = RULES.setup(3, {}, 1)
    assert views.view(state, None)["step_text"] == to_json(prompts.step_text(state))
    state, _ = RULES.apply(state, 1, RULES.legal_actions(state, 1)[0].id)
    texts = {json.dumps(v["step_text"]) for v in every_view(state)}
    assert len(texts) == 1 and '"n": 2' in texts.pop()
    battle_state = make(units={"1C": {0: {1: 3}}}, elves={"1C": ["temple"]})
    battle.start_battle(battle_state, "1C", 0)
    said = views.view(battle_state, None)["step_text"]
    assert said["msg"] == "battle of {hex}: {player} acts" and said["args"]["hex"] == "1C"


def test_the_victory_target_follows_the_longer_game_option():
    assert views.view(RULES.setup(2, {}, 1), None)["target_vp"] == 4
    assert views.view(RULES.setup(2, {"longer": True}, 1), None)["target_vp"] == 5


def test_unit_stats_add_the_equipment_to_each_unit_type_of_every_seat():
    state = make()
    weapon = next(i for i in data.equipment() if i["slot"] == "weapon" and i["bonus"].get("STR"))
    state["seats"][1]["equipped"]["2"]["weapon"] = weapon["id"]
    view = views.view(state, 0)      # seat 1's stats are public: seat 0 sees them too
    for seat in (0, 1):
        tribe = state["seats"][seat]["tribe"]
        for tier in data.TIERS:
            unit = data.unit(tribe, tier)
            stats = view["seats"][seat]["unit_stats"][str(tier)]
            expected = battle.type_stats(state, seat, unit["id"])
            assert stats == {"strength": expected["strength"], "health": expected["health"],
                             "speed": expected["speed"], "movement": unit["movement"], "icons": expected["icons"]}
    equipped = view["seats"][1]["unit_stats"]["2"]
    assert equipped["strength"] == data.unit(state["seats"][1]["tribe"], 2)["strength"] + weapon["bonus"]["STR"]


def played(players: int, seed: int, moves: int) -> tuple[dict, list]:
    """A seeded random game after `moves` decisions, and every event the engine returned."""
    state = RULES.setup(players, {}, seed)
    rng = random.Random(seed)
    events = []
    for _ in range(moves):
        seat = rng.choice(sorted(RULES.active_players(state)))
        state, said = RULES.apply(state, seat, rng.choice([a.id for a in RULES.legal_actions(state, seat)]))
        events += said
    return state, events


def test_the_log_keeps_the_latest_public_texts_and_every_viewer_sees_them():
    """Spec 6.1: what is done in the open is public; the log holds the events' public texts only."""
    from engine.clash_of_rage.flow import LOG_KEEP
    state, events = played(4, 5, 300)
    expected = [to_json(e.public) for e in events if e.public][-LOG_KEEP:]
    assert len(expected) == LOG_KEEP
    assert state["log"] == expected
    for view in every_view(state):
        assert view["log"] == expected
    json.dumps(state["log"])
    private = {json.dumps(to_json(text), sort_keys=True) for e in events for text in e.private.values()}
    public = {json.dumps(to_json(e.public), sort_keys=True) for e in events}
    assert not {json.dumps(line, sort_keys=True) for line in state["log"]} & (private - public)


def test_a_state_saved_before_the_log_was_kept_shows_none_and_starts_one():
    state, _events = played(3, 1, 40)
    del state["log"]
    assert all(view["log"] == [] for view in every_view(state))
    seat = min(RULES.active_players(state))
    state, events = RULES.apply(state, seat, RULES.legal_actions(state, seat)[0].id)
    assert state["log"] == [to_json(e.public) for e in events if e.public][-8:]
