"""The two test games' own rules: Team Duel (TD1-TD7 in tests/teamgame.py) and what High Card
(HC1-HC4 in tests/testgame.py) gained for contract v2."""
from __future__ import annotations

import pytest

from engine.base import Choice, IllegalAction, normalise_options, options_line, prompt_of, teams_of
from tests import teamgame, testgame
from tests.teamgame import RULES as DUEL
from tests.testgame import RULES as HIGH

PNG = b"\x89PNG\r\n\x1a\n"
ASKED = "Choose a card, a lane and a stance (secret until everyone has chosen)."


def strings(node) -> set[str]:
    if isinstance(node, dict):
        return set().union(*(strings(k) | strings(v) for k, v in node.items())) if node else set()
    if isinstance(node, list):
        return set().union(*(strings(v) for v in node)) if node else set()
    return {node} if isinstance(node, str) else set()


def dealt(hands: list[list[str]], rounds: int | None = None) -> dict:
    """A Team Duel game with the given hands (the deal is set by hand for the scenario)."""
    state = DUEL.setup(4, {"rounds": rounds or len(hands[0])}, 1)
    state["hands"] = [list(h) for h in hands]
    return state


def play_round(state: dict, picks: dict[int, str]) -> tuple[dict, list]:
    events = []
    for seat, pick in picks.items():
        state, more = DUEL.apply(state, seat, pick)
        events += more
    return state, events


# --------------------------------------------------------------------------- Team Duel

def test_td1_two_teams_of_two():
    assert teams_of(DUEL, 4, {}) == [[0, 2], [1, 3]]
    assert DUEL.min_players == DUEL.max_players == 4
    with pytest.raises(IllegalAction):
        normalise_options(DUEL, 3, {})
    with pytest.raises(IllegalAction):
        DUEL.setup(3, {}, 1)


@pytest.mark.parametrize("rounds", [1, 2, 3])
def test_td2_each_player_is_dealt_one_card_per_round(rounds):
    state = DUEL.setup(4, normalise_options(DUEL, 4, {"rounds": rounds}), 7)
    cards = [c for hand in state["hands"] for c in hand]
    assert [len(h) for h in state["hands"]] == [rounds] * 4
    assert len(set(cards)) == 4 * rounds and set(cards) <= {f"t{i}" for i in range(1, 13)}


def test_td2_the_rounds_option():
    assert normalise_options(DUEL, 4, {"rounds": "3"}) == {}
    assert normalise_options(DUEL, 4, {"rounds": "2"}) == {"rounds": 2}
    assert options_line(DUEL, {"rounds": 2}) == "rounds 2"
    for bad in (0, 4, "many"):
        with pytest.raises(IllegalAction):
            normalise_options(DUEL, 4, {"rounds": bad})


def test_td2_the_deal_follows_the_seed():
    deals = {tuple(map(tuple, DUEL.setup(4, {}, seed)["hands"])) for seed in range(1, 6)}
    assert len(deals) > 1
    assert DUEL.setup(4, {}, 3) == DUEL.setup(4, {}, 3)


def test_td3_a_move_is_three_choices_and_everyone_is_asked():
    state = dealt([["t1", "t5", "t9"], ["t2", "t6", "t10"], ["t3", "t7", "t11"], ["t4", "t8", "t12"]])
    assert DUEL.active_players(state) == {0, 1, 2, 3}
    actions = DUEL.legal_actions(state, 2)
    assert len(actions) == 3 * 2 * 2
    move = next(a for a in actions if a.id == "pick:t7:left:attack")
    card, lane, stance = move.path
    assert (card.value, card.label) == ("t7", "Card 7")
    assert (lane.value, lane.label) == ("left", "Left lane")
    assert (stance.value, stance.label) == ("attack", "Attack") and "double" in stance.description
    assert move.steps() == move.path
    assert {a.path[2] for a in actions} == {Choice("attack", "Attack", stance.description),
                                            Choice("defend", "Defend", teamgame.STANCES["defend"][1])}
    assert all(prompt_of(DUEL, state, s) == ASKED for s in range(4))


def test_td3_a_player_chooses_once_per_round():
    state = dealt([["t1"], ["t2"], ["t3"], ["t4"]])
    state, events = DUEL.apply(state, 1, "pick:t2:right:defend")
    assert DUEL.active_players(state) == {0, 2, 3}
    assert DUEL.legal_actions(state, 1) == []
    assert prompt_of(DUEL, state, 1) == "Waiting for 3 players."
    assert prompt_of(DUEL, state, 0) == ASKED
    with pytest.raises(IllegalAction):
        DUEL.apply(state, 1, "pick:t2:right:defend")
    for bad in ("pick:t9:left:attack", "pick:t1:middle:attack", "pick:t1:left:charge", "pick:t1:left",
                "t1:left:attack", ""):
        with pytest.raises(IllegalAction):
            DUEL.apply(state, 0, bad)


def test_td4_a_choice_stays_secret_until_all_have_chosen():
    state = dealt([["t1", "t5"], ["t2", "t6"], ["t3", "t7"], ["t4", "t8"]])
    state, events = DUEL.apply(state, 0, "pick:t5:left:attack")
    assert [e.public for e in events] == ["Player 1 has chosen."]
    private = events[0].private[0]
    assert "5" in private and "left" in private and "attack" in private
    for viewer in (None, 1, 2, 3):
        view = DUEL.view(state, viewer)
        assert view["chosen"] == [True, False, False, False] and view["waiting"] == 3
        assert not strings(view) & {"t5", "left", "attack", "pick:t5:left:attack"}, viewer
    assert DUEL.view(state, 0)["my_pick"] == {"card": "t5", "lane": "left", "stance": "attack"}
    assert DUEL.hidden_items(state, 0) == {"t1", "t5", "pick:t5:left:attack"}
    assert DUEL.hidden_items(state, 1) == {"t2", "t6"}
    state, _ = play_round(state, {1: "pick:t2:right:defend", 2: "pick:t3:right:attack"})
    assert "t5" not in strings(DUEL.view(state, None)) and DUEL.view(state, None)["waiting"] == 1


def test_td5_all_picks_revealed_at_once_and_lanes_scored():
    state = dealt([["t5"], ["t6"], ["t3"], ["t1"]])
    # left: Players 1 and 3 have 5x2 + 3 = 13, Players 2 and 4 have 6x2 = 12; right: 0 against 1
    state, events = play_round(state, {0: "pick:t5:left:attack", 1: "pick:t6:left:attack",
                                       2: "pick:t3:left:defend", 3: "pick:t1:right:defend"})
    reveal = [e for e in events if "Round 1" in e.public]
    assert len(reveal) == 1 and reveal[0].hidden and not reveal[0].private
    for text in ("Player 1: card 5, left lane, attack", "Player 4: card 1, right lane, defend",
                 "Left lane 13-12: Players 1 and 3 take it", "Right lane 0-1: Players 2 and 4 take it"):
        assert text in reveal[0].public
    assert state["points"] == [1, 1]
    view = DUEL.view(state, None)
    assert view["revealed"][0]["picks"][3] == {"card": "t1", "lane": "right", "stance": "defend"}


def test_td5_equal_sums_take_no_point():
    state = dealt([["t4", "t9"], ["t2", "t10"], ["t6", "t11"], ["t8", "t12"]])
    # left: 4 + 6 = 10 against 2 + 8 = 10; right: nobody
    state, events = play_round(state, {0: "pick:t4:left:defend", 1: "pick:t2:left:defend",
                                       2: "pick:t6:left:defend", 3: "pick:t8:left:defend"})
    assert state["points"] == [0, 0]
    assert "Left lane 10-10: nobody takes it" in events[-1].public
    assert DUEL.result(state) is None and DUEL.active_players(state) == {0, 1, 2, 3}
    assert DUEL.view(state, None)["round"] == 2


def test_td6_td7_the_team_with_more_lane_points_wins():
    state = dealt([["t12"], ["t1"], ["t11"], ["t2"]])
    state, events = play_round(state, {0: "pick:t12:left:attack", 1: "pick:t1:left:attack",
                                       2: "pick:t11:right:attack", 3: "pick:t2:right:attack"})
    result = DUEL.result(state)
    assert result.winners == [0, 2]
    assert result.scores == {0: 2, 1: 0, 2: 2, 3: 0}
    assert DUEL.active_players(state) == set() and prompt_of(DUEL, state, 0) == ""
    assert events[-1].public == result.reason
    with pytest.raises(IllegalAction):
        DUEL.apply(state, 0, "pick:t12:left:attack")


def test_td6_equal_lane_points_share_the_win():
    state = dealt([["t12"], ["t11"], ["t1"], ["t2"]])
    # left 24-22 to Players 1 and 3; right 2-4 to Players 2 and 4
    state, _ = play_round(state, {0: "pick:t12:left:attack", 1: "pick:t11:left:attack",
                                  2: "pick:t1:right:attack", 3: "pick:t2:right:attack"})
    result = DUEL.result(state)
    assert result.winners == [0, 1, 2, 3] and result.scores == {0: 1, 1: 1, 2: 1, 3: 1}


def test_td3_the_computer_picks_from_its_own_hand():
    state = DUEL.setup(4, {}, 5)
    for seed in range(20):
        chosen = DUEL.ai_choose(state, 3, seed)
        assert chosen in {a.id for a in DUEL.legal_actions(state, 3)}


def test_team_duel_pictures():
    state, _ = play_round(dealt([["t1", "t5"], ["t2", "t6"], ["t3", "t7"], ["t4", "t8"]]),
                          {0: "pick:t5:left:attack"})
    names = ["ann", "bob", "cid", "dee"]
    assert teamgame.render_board(DUEL.view(state, None), names).startswith(PNG)
    assert teamgame.render_hand(DUEL.view(state, 0), names).startswith(PNG)


# --------------------------------------------------------------------------- High Card

def test_hc1_the_hand_option():
    assert [len(h) for h in HIGH.setup(3, normalise_options(HIGH, 3, {"hand": 5}), 1)["hands"]] == [5] * 3
    assert [len(h) for h in HIGH.setup(3, {}, 1)["hands"]] == [3] * 3
    with pytest.raises(IllegalAction):
        normalise_options(HIGH, 2, {"hand": 6})


def test_hc4_the_draw_option_reads_yes_and_no():
    assert HIGH.setup(2, {"draw": "no"}, 1)["draw"] is False
    assert HIGH.setup(2, {"draw": "yes"}, 1)["draw"] is True
    assert normalise_options(HIGH, 2, {"draw": False}) == {}
    assert options_line(HIGH, {"draw": True, "hand": 2}) == "hand 2, drawing on"


def test_hc2_hc4_paths_prompts_and_hidden_cards():
    state = HIGH.setup(2, {"draw": True}, 1)
    hand = state["hands"][0]
    actions = HIGH.legal_actions(state, 0)
    assert [a.path for a in actions] == [(Choice("play", "Play a card"), Choice(c, c)) for c in hand] + \
        [(Choice("draw", "Draw a card"),)]
    assert prompt_of(HIGH, state, 0) == "Play a card or draw one."
    assert prompt_of(HIGH, state, 1) == ""
    assert HIGH.hidden_items(state, 1) == set(state["hands"][1])
    assert prompt_of(HIGH, HIGH.setup(2, {}, 1), 0) == "Play a card."


def test_hc4_a_player_with_nothing_to_do_is_skipped():
    state = HIGH.setup(2, {"draw": True}, 1)
    state.update(hands=[["c1"], ["c2", "c3"]], deck=[], turn=0)
    state, _ = HIGH.apply(state, 0, "play:c1")
    state, _ = HIGH.apply(state, 1, "play:c2")
    # Player 1 has no card and none to draw: Player 2 plays again
    assert HIGH.active_players(state) == {1}
    assert [a.id for a in HIGH.legal_actions(state, 1)] == ["play:c3"]


def test_hc4_the_computer_draws_with_an_empty_hand():
    state = HIGH.setup(2, {"draw": True}, 1)
    state.update(hands=[[], ["c2"]], turn=0)
    assert HIGH.ai_choose(state, 0, 1) == "draw"
    assert prompt_of(HIGH, state, 0) == "Draw a card."


def test_high_card_pictures_still_render():
    state = HIGH.setup(2, {}, 1)
    assert testgame.render_board(HIGH.view(state, None), ["ann", "bob"]).startswith(PNG)
    assert testgame.render_hand(HIGH.view(state, 0), ["ann", "bob"]).startswith(PNG)
