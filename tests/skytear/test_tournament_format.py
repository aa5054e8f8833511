"""The tournament format (R140; seed 004 「比賽規則」): each side's own pool of 6 heroes with
10-card decks, the picks 1/2/2/2/1 from one's own pool, and the pools kept secret."""
from __future__ import annotations

import random
from collections import Counter

import pytest

from engine.base import IllegalAction
from engine.skytear import RULES, data, decks, secrecy

from .flowkit import act, check_cards_conserved
from .test_playouts import playout, replay

HEROES = sorted(data.HEROES)


def picks_through(state: dict, chooser=lambda ids: ids[0]) -> tuple[dict, list[tuple[int, str]]]:
    order = []
    while state["phase"] == "draft":
        seat = sorted(RULES.active_players(state))[0]
        move = chooser(sorted(a.id for a in RULES.legal_actions(state, seat)))
        order.append((seat, move.split(":")[1]))
        state = act(state, seat, move)
    return state, order


def test_R140_each_side_picks_1_2_2_2_1_from_its_own_pool():
    state = RULES.setup(2, {"setup": "tournament", "first_player": 1}, 4)
    pools = {s: set(state["draft"]["pools"][str(s)]) for s in (0, 1)}
    assert all(len(p) == 6 for p in pools.values())
    final, order = picks_through(state)
    assert [seat for seat, _ in order] == [1, 0, 0, 1, 1, 0, 0, 1]
    for seat, hero in order:
        assert hero in pools[seat]
    assert final["phase"] == "mulligan"
    for seat in (0, 1):
        heroes = [h for h, d in final["heroes"].items() if d["owner"] == seat]
        assert len(heroes) == 4
        key = str(seat)
        assert len(final["hands"][key]) + len(final["decks"][key]) == 40      # 4 heroes x 10 cards
    check_cards_conserved(final)


def test_R140_a_saved_pool_gives_its_heroes_their_ten_card_decks():
    pool = decks.default_pool(HEROES[:6])
    used = Counter(c for cards in pool.values() for c in cards)
    left = [c for c in decks.box_cards() for _ in range(data.card(c)["copies"] - used[c])
            if not data.card(c)["ultimate_of"]]
    assert len(left) == 2               # 56 cards besides the signatures, 54 in the pool
    pool["cotlic"] = [c for c in pool["cotlic"] if c != "sprawling_abomination"] + left
    assert decks.decks_problem(pool, "tournament") is None
    state = RULES.setup(2, {"setup": "tournament", "first_player": 0, "decks": {"0": pool}}, 4)
    assert state["draft"]["pools"]["0"] == sorted(pool)
    state = act(state, 0, "pick:cotlic")
    final, _ = picks_through(state)
    mine = Counter(final["cards"][i] for i in final["hands"]["0"] + final["decks"]["0"])
    assert mine["sprawling_abomination"] == 0 and mine["this_is_my_kingdom"] == 1
    assert all(mine[c] >= left.count(c) for c in left)
    assert final["built_cards"]["0"]["format"] == "tournament"


def test_R140_a_pool_breaking_a_limit_is_refused():
    pool = decks.default_pool(HEROES[:6])
    pool.pop("akhuti")
    with pytest.raises(IllegalAction):
        RULES.setup(2, {"setup": "tournament", "decks": {"0": pool}}, 1)


def test_a_hero_the_other_side_took_leaves_the_pool_and_no_pick_strands_a_side():
    """House (one model per hero): the two pools share four heroes; whatever the sides pick, each
    still gets its four, and nobody is offered a hero already on the board."""
    for seed in range(6):
        rng = random.Random(seed)
        state = RULES.setup(2, {"setup": "tournament", "first_player": seed % 2}, seed)
        final, order = picks_through(state, chooser=rng.choice)
        heroes = [hero for _, hero in order]
        assert len(heroes) == len(set(heroes)) == 8
        assert final["phase"] == "mulligan"


def test_pools_that_together_lack_a_hero_are_refused():
    """Both pools without Yami: seven heroes cannot give both sides four."""
    no_yami = [h for h in HEROES if h != "yami"]
    a = decks.default_pool(no_yami[:6])
    b = decks.default_pool(no_yami[1:7])
    with pytest.raises(IllegalAction):
        RULES.setup(2, {"setup": "tournament", "decks": {"0": a, "1": b}}, 1)


def test_R140_the_other_sides_pool_is_dealt_again_for_a_viewer():
    state = RULES.setup(2, {"setup": "tournament", "first_player": 0}, 2)
    rng = random.Random(3)
    copy = secrecy.redeal(state, 0, rng)
    assert copy["pools"]["0"] == state["pools"]["0"]
    assert sorted(copy["pools"]["1"]) == sorted(state["pools"]["1"])
    assert copy["pools"]["1"] != state["pools"]["1"]
    assert decks.decks_problem(copy["pools"]["1"], "tournament") is None


def test_R140_G32_four_player_tournament_format_picks_per_player():
    state = RULES.setup(4, {"setup": "tournament", "first_player": 0}, 6)
    final, order = picks_through(state)
    assert all(len([h for h, d in final["heroes"].items() if d["owner"] == s]) == 2 for s in range(4))


@pytest.mark.parametrize("players,seed", [(2, 21), (4, 22)])
def test_R140_a_tournament_format_game_plays_to_the_end_and_replays(players, seed):
    options = {"setup": "tournament"}
    final, log = playout(players, seed, options, check_every=5)
    assert RULES.result(final) is not None
    assert replay(players, seed, options, log) == final
