"""Clash of Rage through its rules object (RULES): the round as one machine with its automatic steps,
the secret choice as the service sees it, the views, the options (longer game, round limit), and
the basic terms of section 5.1 (R1-R10) and 5.11 (R82-R85) as they show in play."""
from __future__ import annotations

import copy

import pytest

from engine.base import IllegalAction, normalise_options
from engine.clash_of_rage import RULES, actions, battle, board, data, flow, help, prompts, rounds, tactics, views

from .test_actions import make


def act(state, seat, action_id):
    assert action_id in [a.id for a in RULES.legal_actions(state, seat)], (action_id, seat)
    new, _ = RULES.apply(state, seat, action_id)
    return new


def first_legal(state, seat, prefix=""):
    return next(a.id for a in RULES.legal_actions(state, seat) if a.id.startswith(prefix))


def pick_all(state):
    for seat in sorted(RULES.active_players(state)):
        state = act(state, seat, first_legal(state, seat, "tactic:"))
    return state


def test_r22_r25_the_game_opens_on_the_secret_choice_of_every_seat():
    state = RULES.setup(3, {}, 11)
    assert RULES.active_players(state) == {0, 1, 2}                       # simultaneous (R25)
    assert RULES.moment(state).asks_privately                            # who is still choosing: nobody is told
    for seat in range(3):
        assert len(state["seats"][seat]["tactic_hand"]) == 3             # R22
        assert all(a.id.startswith("tactic:") for a in RULES.legal_actions(state, seat))
    assert "choose your tactic card" in RULES.prompt(state, 0).lower()
    state = act(state, 1, first_legal(state, 1))
    assert RULES.active_players(state) == {0, 2}
    text = str(prompts.step_text(state))
    assert "2 players" in text and "Player" not in text                   # a count, no name


def test_r25_a_pick_stays_out_of_every_other_view_until_the_reveal():
    state = RULES.setup(2, {}, 3)
    card = state["seats"][0]["tactic_hand"][0]
    state = act(state, 0, f"tactic:{card}")
    assert card in RULES.hidden_items(state, 0)
    for viewer in (None, 1):
        v = RULES.view(state, viewer)
        assert v["tactics"]["picks"] == {} and v["tactics"]["picked"] == 1
        assert v["seats"][0]["tactic_hand"] == 2                          # a count
        assert card not in str(v)
    assert RULES.view(state, 0)["tactics"]["picks"] == {"0": card}


def test_the_board_does_not_change_with_who_has_picked():
    """Two states of the selection that differ only in which seat has picked give the same public
    view apart from the seats' own areas (R25: "waiting for N" is all the board may say)."""
    base = RULES.setup(3, {}, 5)
    a = act(base, 0, first_legal(base, 0))
    b = act(base, 2, first_legal(base, 2))
    va, vb = RULES.view(a, None), RULES.view(b, None)
    assert va["tactics"] == vb["tactics"]
    assert prompts.step_text(a) == prompts.step_text(b)


def test_timeout_action_chooses_for_an_absent_player_only_during_the_secret_choice():
    state = RULES.setup(2, {}, 9)
    choice = RULES.timeout_action(state, 1)
    assert choice in [a.id for a in RULES.legal_actions(state, 1)]
    state = pick_all(state)
    assert not RULES.moment(state).asks_privately
    for seat in range(2):
        assert RULES.timeout_action(state, seat) is None                  # the rest waits for the player


def test_after_the_reveal_round_1_asks_for_strongholds_in_turn_order_then_reinforces():
    state = pick_all(RULES.setup(2, {}, 4))
    order = state["tactics"]["turn_order"]
    assert rounds.step(state) == "strongholds" and RULES.active_players(state) == {order[0]}   # R27
    state = act(state, order[0], first_legal(state, order[0], "stronghold:"))
    state = act(state, order[1], first_legal(state, order[1], "stronghold:"))
    for seat in range(2):
        card = tactics.card(state["tactics"]["revealed"][str(seat)])
        assert state["seats"][seat]["gold"] == card["income"]                       # R28, by itself
        # R31: in round 1 the stronghold is the only place, so the units went there by themselves
        home = state["strongholds"][str(seat)]
        assert sum(state["units"][home][str(seat)].values()) == sum(card["reinforcement"].values())
    assert state["phase"] == "first_action" and RULES.active_players(state) == {order[0]}


def test_a_reinforcement_with_a_choice_asks_and_passes_on_when_all_are_placed():
    """flow's automatic steps: a seat with two places for its units is asked; once every unit is
    placed, the next seat reinforces (nobody presses a button that is the only one)."""
    state = make(units={"1NE": {0: {1: 1}}, "2N": {1: {1: 1}}}, phase="tactics")
    state["round"] = 2
    state["tactics"].update(step="income", revealed={"0": "bohorg_2", "1": "goldleif_1"}, turn_order=[0, 1])
    flow.run_automatic(state)
    assert rounds.step(state) == "reinforce" and RULES.active_players(state) == {0}
    assert sorted(a.id for a in RULES.legal_actions(state, 0)) == ["place:1:1NE", "place:1:H1"]
    state = act(state, 0, "place:1:1NE")
    state = act(state, 0, "place:1:H1")
    # seat 1's one unit had two places too: it is asked; then the first actions begin
    assert RULES.active_players(state) == {1}
    state = act(state, 1, "place:1:2N")
    assert state["phase"] == "first_action"


def test_the_only_battle_starts_by_itself_and_elf_rolls_are_made_for_the_operator():
    state = make(units={"1NE": {0: {1: 1}}}, elves={"1C": ["temple"]})
    state["tactics"]["step"] = "done"
    state = act(state, 0, "move:1NE:1C:krag_rider")
    # nothing else could move: "moved" was the only choice, the one battle started, and when the
    # elves attack their roll is made at once (the operator is asked only to allocate)
    b = state.get("battle") or state["last_battle"]
    assert b["territory"] == "1C"
    if state.get("battle"):
        b = state["battle"]
        assert not (b[b["turn"]] == battle.ELVES and b["step"] == "roll")
        assert len(RULES.legal_actions(state, min(RULES.active_players(state)))) > 1


def test_r13_d12_section8_the_win_check_at_the_start_of_the_second_action_and_the_longer_game():
    for longer, wins in ((False, True), (True, False)):
        state = make(units={"1NE": {0: {1: 1}}, "1C": {0: {1: 1}}})
        state["options"]["longer"] = longer
        state["seats"][0]["legendary"] = ["a", "b", "c"]
        actions.apply(state, 0, "pass")
        assert state["result"] is None                                    # D12: not in the first action
        actions.apply(state, 1, "pass")                                   # then phase 4, phase 5: seat 0 first
        assert (state["result"] is not None) == wins, longer              # 4 VP; 5 in the longer game
        if wins:
            assert state["result"]["winners"] == [0]


def test_d33_the_round_limit_ends_the_game_on_most_vp():
    state = make(units={"1NE": {0: {1: 1}}, "2C": {1: {1: 1}}}, phase="second_action")
    state["options"]["rounds"] = state["round"]
    actions.apply(state, 0, "pass")
    actions.apply(state, 1, "pass")
    assert state["result"]["winners"] == [1]                              # 2C is a city: 1 VP to 0


def test_d33_a_round_limit_tie_goes_to_legendary_then_gold_and_crystals_then_shared():
    state = make(units={"1NE": {0: {1: 1}}, "2N": {1: {1: 1}}}, phase="second_action")
    state["options"]["rounds"] = state["round"]
    state["seats"][1]["gold"] = 3
    actions.apply(state, 0, "pass")
    actions.apply(state, 1, "pass")
    assert state["result"]["winners"] == [1]
    state = make(units={"1NE": {0: {1: 1}}, "2N": {1: {1: 1}}}, phase="second_action")
    state["options"]["rounds"] = state["round"]
    actions.apply(state, 0, "pass")
    actions.apply(state, 1, "pass")
    assert state["result"]["winners"] == [0, 1]


def test_options_are_declared_with_their_defaults():
    assert normalise_options(RULES, 2, {}) == {}                          # defaults store nothing
    assert normalise_options(RULES, 2, {"longer": True}) == {"longer": True}
    state = RULES.setup(4, normalise_options(RULES, 4, {"longer": True, "elves": "hard", "rounds": 12}), 1)
    assert state["options"]["longer"] and state["options"]["rounds"] == 12
    for city in rounds.bare_board(state).of_terrain("city"):             # D39: harder elves
        assert {"radiant", "bishop", "temple"} <= set(state["elves"][city])


def test_d1_two_to_four_players():
    assert (RULES.min_players, RULES.max_players) == (2, 4)
    with pytest.raises(IllegalAction):
        RULES.setup(5, {}, 1)


def test_r1_territories_are_adjacent_when_they_share_an_edge():
    b = board.layout_board(2)
    assert board.distance(b, "1C", "1N") == 1 and board.distance(b, "1N", "1S") == 2


def test_r2_r5_r6_terrain_types_forges_guarded_and_stones():
    state = RULES.setup(2, {}, 2)
    b = rounds.bare_board(state)
    assert {h.terrain for h in b.hexes.values()} == {"plain", "mountain", "city", "forge", "stone"}   # R2
    for forge in b.of_terrain("forge"):
        assert len(state["elves"][forge]) == data.elf_setup()["per_forge"]                       # R5
    for stone in b.of_terrain("stone"):
        assert b.hexes[stone].stone_tier in data.TIERS                                            # R6


def test_r8_a_hero_is_no_unit_and_holds_nothing():
    state = make(units={"1NE": {0: {1: 1}}})
    state["heroes"]["hero_1"] = 0
    state["hero_at"]["hero_1"] = "1S"
    assert rounds.controller(state, "1S") is None


def test_r9_every_model_starts_in_the_reserve_and_comes_back_there():
    state = RULES.setup(2, {}, 6)
    for area in state["seats"]:
        assert area["reserve"] == {str(u["tier"]): u["max_models"] for u in data.tribe(area["tribe"])["units"]}
    assert state["units"] == {}


def test_r10_elves_and_other_players_are_enemies():
    state = make(units={"1NE": {0: {1: 1}}, "1S": {1: {1: 1}}}, elves={"1C": ["temple"]})
    enemies, friends = actions.counts(state, 0)
    assert set(enemies) == {"1S", "1C"} and set(friends) == {"1NE"}


def test_r82_a_die_has_four_damage_faces_and_two_blanks():
    assert sorted(battle.FACES) == ["blank"] * 2 + ["hit"] * 4
    assert battle.MAX_DICE == 10


def test_r83_d25_unused_elf_tokens_are_the_crystal_supply_and_crystals_are_unlimited():
    state = RULES.setup(2, {}, 8)
    on_board = sum(len(t) for t in state["elves"].values())
    assert state["crystal_supply"] + on_board == sum(e["tokens"] for e in data.elves())
    state = make(units={"1NE": {0: {1: 1}}, "1N": {0: {1: 1}}})
    state["seats"][0]["crystals"] = 1000                                  # no cap
    assert actions.forge_cost(state, 0) == 6


def test_r84_the_equipment_and_legendary_decks_are_shuffled_by_the_seed():
    a, b = RULES.setup(2, {}, 1), RULES.setup(2, {}, 2)
    assert a["legendary_deck"] != b["legendary_deck"] or a["equipment_deck"] != b["equipment_deck"]
    assert RULES.setup(2, {}, 1) == a


def test_t27_r85_an_empty_tactic_pile_is_reshuffled_from_the_discard():
    state = RULES.setup(2, {}, 12)
    area = state["seats"][0]
    pile = area["tactic_deck"] + area["tactic_hand"]
    area["tactic_deck"], area["tactic_hand"], area["tactic_discard"] = [], pile[:2], pile[2:]
    tactics.draw_to_hand(state, 0)
    assert len(area["tactic_hand"]) == 3 and area["tactic_discard"] == []
    assert len(area["tactic_deck"]) == 4 and sorted(area["tactic_deck"] + area["tactic_hand"]) == sorted(pile)


def test_t32_units_that_retreat_are_safe_and_lost_units_return_by_reinforcement():
    state = make(units={"1NE": {0: {1: 2}}, "1S": {1: {1: 1}}})
    state["tactics"]["step"] = "done"
    state["strongholds"] = {"0": "H1", "1": "H2"}
    flow.apply(state, 0, "move:1NE:1S:krag_rider*2")     # nothing else moves: the battle starts
    b = state["battle"]
    seat = battle.active_seats(state)[0]
    side = b[b["turn"]]
    actions.apply(state, seat, f"retreat:{state['strongholds'][str(side)]}")   # R60
    home = state["strongholds"][str(side)]
    assert state["units"][home][str(side)]                                   # safe at home
    assert state["battle"] is None


def test_d31_the_elf_operator_is_never_the_attacker():
    for players in (2, 3, 4):
        state = RULES.setup(players, {}, 1)
        for attacker in range(players):
            state["units"] = {"1C": {str(attacker): {"1": 1}}}
            state["elves"]["1C"] = ["temple"]
            state["strongholds"] = {str(s): f"H{s + 1}" for s in range(players)}
            probe = copy.deepcopy(state)
            battle.start_battle(probe, "1C", attacker)
            assert probe["battle"]["operator"] == (attacker - 1) % players != attacker


def test_d38_gold_crystals_and_vp_are_in_every_view():
    state = RULES.setup(3, {}, 4)
    state["seats"][2]["gold"], state["seats"][2]["crystals"] = 7, 5
    for viewer in (None, 0, 1):
        v = RULES.view(state, viewer)
        assert (v["seats"][2]["gold"], v["seats"][2]["crystals"], v["seats"][2]["vp"]) == (7, 5, 0)


def test_a_forge_draw_is_seen_by_the_forger_only():
    state = make(units={"1NE": {0: {1: 1}}, "1N": {0: {1: 1}}})
    state["seats"][0]["crystals"] = 6
    actions.apply(state, 0, "forge")
    cards = state["forge"]["cards"]
    assert set(cards) <= RULES.hidden_items(state, 0)
    assert views.view(state, 0)["forge"]["cards"] == cards
    for viewer in (None, 1):
        v = views.view(state, viewer)
        assert v["forge"]["cards"] == len(cards) and not any(c in str(v) for c in cards)


def test_d2_the_campaign_is_not_played_and_the_rules_say_so():
    text = " ".join(str(m) for m in help.DESIGN_TEXT)
    assert "Season 1" in text and "standalone" in text


def test_d7_every_house_value_is_listed_by_the_rules_help():
    text = " ".join(str(m) for m in help.DESIGN_TEXT)
    for _file, rec in data.records():
        houses = [f for f, note in rec["_source"].items() if f != "id" and str(note).startswith("house") and f in rec]
        if houses:
            assert f" {houses[0]} " in text, (rec.get("id"), houses[0])
    assert len(data.house_values()) > 300


def test_d8_icons_are_the_declared_vocabulary():
    for u in (u for t in data.tribes() for u in t["units"]):
        assert set(u["icons"]) <= set(data.ICONS)
    for it in data.equipment() + data.legendary():
        assert set(it["bonus"]) <= set(data.ICONS)


def test_bad_ids_change_nothing_and_explain():
    state = RULES.setup(2, {}, 2)
    before = copy.deepcopy(state)
    for seat, action_id in ((0, "tactic:nope"), (0, "move:1C:1N:x"), (0, ""), (5, "pass")):
        with pytest.raises(IllegalAction) as err:
            RULES.apply(state, seat, action_id)
        assert str(err.value.message)
    assert state == before


def test_every_legal_action_has_a_readable_path():
    state = RULES.setup(2, {}, 3)
    import random
    rng = random.Random(3)
    seen = set()
    for _ in range(600):
        if state.get("result"):
            break
        seat = rng.choice(sorted(RULES.active_players(state)))
        legal = RULES.legal_actions(state, seat)
        for a in legal:
            assert a.path and all(c.label and len(c.label) <= 100 for c in a.path), a
            seen.add(a.path[0].value)
        state, _ = RULES.apply(state, seat, rng.choice(legal).id)
    assert {"tactic", "stronghold", "place", "move", "moved", "pass", "roll", "equipped"} <= seen
    assert flow.active_players(state) == RULES.active_players(state)
