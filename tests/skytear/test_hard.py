"""The hard computer player (engine/skytear/hard.py): a legal move wherever it is asked, the same
for the same seed, and never a peek: it decides the same on copies of the state in which
everything its seat may not know was dealt again."""
from __future__ import annotations

import math
import random

import pytest

from engine import ai_levels
from engine.base import HARD
from engine.skytear import RULES, ai, flow, hard, hard_context
from tests.canonical_deal import assert_never_peeks

DEAL_AGAIN = hard.world     # taken once: a search that dealt its worlds otherwise is still caught


def _states(seed: int, players: int = 2, every: int = 9, cap: int = 3000):
    """The states of a seeded game of the normal player on every seat, one in `every`."""
    state = RULES.setup(players, {}, seed)
    rng = random.Random(seed)
    n = 0
    while RULES.result(state) is None and n < cap:
        seat = min(RULES.active_players(state))
        if n % every == 0:
            yield state, seat
        state, _ = RULES.apply(state, seat, ai.choose(state, seat, rng.randrange(1 << 30)))
        n += 1


@pytest.mark.slow
@pytest.mark.parametrize("players,seed", [(2, 21), (4, 22)])
def test_the_hard_players_move_is_legal_and_the_same_for_the_same_seed(players, seed):
    searched = 0
    for state, seat in _states(seed, players, every=11, cap=330):
        legal = {a.id for a in RULES.legal_actions(state, seat)}
        thought = hard.choose(state, seat, 5)
        assert thought.action in legal, thought
        assert hard.choose(state, seat, 5) == thought
        searched += thought.searched
    assert searched >= 5, "some positions were searched"


def test_the_platform_plays_the_games_own_hard_player():
    state, seat = next((s, t) for s, t in _states(23, every=7)
                       if hard.choose(s, t, 3).searched)
    assert ai_levels.hard(RULES, state, seat, 3) == hard.choose(state, seat, 3)
    assert ai_levels.choose(RULES, state, seat, 3, HARD) == hard.choose(state, seat, 3).action


def test_a_single_move_or_a_small_question_is_not_searched():
    """One legal move is played as it is; a question (a skirmish's effect, a foresee, a discard...)
    and a response window, even with an instant to play, are answered as the normal player
    answers them."""
    seen = {"single": 0, "question": 0, "window": 0}
    for state, seat in _states(24, every=1, cap=500):
        ids = [a.id for a in RULES.legal_actions(state, seat)]
        kinds = {i.split(":")[0] for i in ids}
        if len(ids) == 1:
            thought = hard.choose(state, seat, 1)
            assert (thought.action, thought.searched) == (ids[0], False)
            seen["single"] += 1
        elif kinds <= hard.QUICK and "pass" not in kinds:
            thought = hard.choose(state, seat, 1)
            assert (thought.action, thought.searched) == (ai.choose(state, seat, 1), False)
            seen["question"] += 1
        elif "pass" in kinds and "play" in kinds:
            thought = hard.choose(state, seat, 1)
            assert (thought.action, thought.searched) == (ai.choose(state, seat, 1), False)
            seen["window"] += 1
    assert all(seen.values()), seen


@pytest.mark.slow
@pytest.mark.parametrize("seed", [25, 26])
def test_the_hard_player_never_peeks(seed):
    """Its search learns the hidden items only through the redeal it is given: with a redeal that
    deals from one fixed copy whatever it is given, the true state and copies of it dealt again
    for the seat (other hands, deck orders, the face-down leads) give the same whole thought, and
    the same worth to every move weighed, to the last digit."""
    positions = ((state, seat) for state, seat in _states(seed, every=11) if hard.choose(state, seat, 2).searched)
    # dealt again as a world is: the other hands from their whole decks, every deck shuffled
    assert_never_peeks(hard, RULES, positions, DEAL_AGAIN, copies=(1, 2), others=2, wanted=3)


def test_the_worlds_hold_no_true_deck_order_nor_the_other_hand():
    state, seat = next((s, t) for s, t in _states(27, every=5) if s["round"] >= 2)
    other = str(1 - seat)
    rng = random.Random(4)
    worlds = [hard.world(state, seat, rng) for _ in range(12)]
    assert all(w["hands"][str(seat)] == state["hands"][str(seat)] for w in worlds)
    assert sum(w["hands"][other] == state["hands"][other] for w in worlds) <= 2
    assert sum(w["decks"][str(seat)][:3] == state["decks"][str(seat)][:3] for w in worlds) <= 2
    assert all(w["rng"] != state["rng"] for w in worlds)


def test_the_judge_prefers_the_side_ahead():
    state, seat = next((s, t) for s, t in _states(28, every=5) if s["round"] >= 2)
    before = hard.judge(state, seat)
    assert 0.0 < before < 1.0
    worse = RULES.redeal(state, seat, random.Random(1))
    mine = [h for h in worse["heroes"].values() if h["owner"] == seat and h["hp"] > 2]
    mine[0]["hp"] -= 2
    assert hard.judge(worse, seat) < before
    better = RULES.redeal(state, seat, random.Random(1))
    side = hard.side_of(better, seat)
    for t in better["towers"].values():
        if t["side"] != side:
            t["hp"] = max(0, t["hp"] - 3)
    assert hard.judge(better, seat) > hard.judge(RULES.redeal(state, seat, random.Random(1)), seat)


def test_the_judge_counts_the_danger_each_sides_heroes_stand_in(monkeypatch):
    """A hero the enemy can still reach counts against its side: the points fall by the seat's
    heroes' danger (the normal player's, `ai.Context.danger`) and rise by the enemy heroes'."""
    checked = 0
    for state, seat in _states(32, every=7, cap=700):
        ours, theirs = hard_context.LiteContext(state, seat), hard_context.LiteContext(state, 1 - seat)
        own = sum(ours.danger(h["id"], h["hex"]) for h in ours.friends())
        enemy = sum(theirs.danger(h["id"], h["hex"]) for h in theirs.friends())
        if own == enemy == 0:
            continue
        with_danger = hard.points(state, seat)
        monkeypatch.setattr(hard, "DANGER", 0.0)
        without = hard.points(state, seat)
        monkeypatch.undo()
        assert with_danger - without == pytest.approx(hard.DANGER * (enemy - own))
        checked += 1
        if checked == 5:
            break
    assert checked == 5


def test_the_rollouts_normal_player_is_the_normal_player():
    """The rollouts' lighter view gives every legal move the normal player's own score, so the
    rollouts play the normal player's moves."""
    compared = 0
    for state, seat in _states(29, every=2, cap=700):
        ids = [a.id for a in RULES.legal_actions(state, seat)]
        full, lite = ai.Context(state, seat), hard_context.LiteContext(state, seat)
        assert [full.score(i) for i in ids] == [lite.score(i) for i in ids]
        assert hard_context.choose(state, seat, 7) == ai.choose(state, seat, 7)
        compared += len(ids)
    assert compared > 1000


def test_an_activations_rollout_plays_on_through_the_enemys_answer():
    """Which hero to activate is judged once the enemy's next activation has ended too (or the
    round has): the rollout stops at the second change of the hero acting, not the first."""
    state, seat = next((s, t) for s, t in _states(30, every=1)
                       if s["round"] == 1 and any(a.id.startswith("activate:") for a in RULES.legal_actions(s, t))
                       and len(flow.ready_heroes(s, t)) >= 3)
    first = next(a.id for a in RULES.legal_actions(state, seat) if a.id.startswith("activate:"))
    world = hard.world(state, seat, random.Random(1))
    own, answered = hard.actions.copy_state(world), hard.actions.copy_state(world)
    _, _, alone = hard.rollout(own, seat, first, 9, replies=0)
    _, _, through = hard.rollout(answered, seat, first, 9, replies=1)
    assert through > alone
    assert own["activation"] is None and answered["activation"] is None
    exhausted = lambda w: {h for h, x in w["heroes"].items() if x["state"] != "ready"}
    assert len(exhausted(answered) - exhausted(own)) == 1     # the enemy's hero that answered


def test_a_move_that_races_a_victory_card_is_weighed_too():
    """With Giant Slayer in play, a blow at the Outsider is among the moves compared even where
    the normal player ranks it below its best few; without the card, it is not added."""
    found = 0
    for state, seat in _states(31, every=1, cap=900):
        ids = [a.id for a in RULES.legal_actions(state, seat)]
        if "attack:outsider" not in ids or len(ids) < 2:
            continue
        racing = dict(state, victory=["giant_slayer"])
        plain = dict(state, victory=["siege_breaker"])
        outsider = [i for i in ids if hard.races(racing, seat)(i)]
        assert "attack:outsider" in outsider and not any(hard.races(plain, seat)(i) for i in ids)
        moves = hard.candidates(racing, seat, 3, ids)
        assert moves[0] == ai.choose(racing, seat, 3)
        assert any(m in outsider for m in moves)
        found += 1
        if found >= 3:
            break
    assert found


def _reference_threat(ctx: ai.Context, hero: str, hx: str) -> tuple[float, float]:
    """`ai.Context.threat` as first written: every enemy's blows worked out, in reach or not."""
    mean = var = 0.0
    for e in ctx.foes():
        weight = 1.0 if e["state"] == "ready" else 0.3
        d = ctx.dist(e["hex"], hx)
        move, reach, attack, skirmish = ctx.menace(e["id"], hero)
        if d > move + 3:
            continue
        others = sum(1 for f in ctx.friends() if f["id"] != hero and ctx.dist(e["hex"], f["hex"]) <= move + 3)
        weight /= 1.0 + 0.5 * others
        for limit, (mu, spread) in ((move + reach, attack), (move + 3, skirmish)):
            if d <= limit:
                mean += weight * mu
                var += weight * spread
    if hx in ctx.m.hiding:
        mean *= 0.6
    if mean <= 0:
        return 0.0, 0.0
    return mean, ai.normal_cdf((mean - ctx.heroes[hero]["hp"] + 0.5) / (math.sqrt(var) + 0.5))


def test_the_danger_the_judge_reads_is_worked_out_only_for_enemies_in_reach_with_the_same_numbers():
    """The danger of a hero (the judge's and the rollouts' normal player's) works out an enemy's
    blows only once it can reach the hero, and the defeat's cost only where the hero may fall:
    the same figures, to the last digit, as working everything out, for every hero on many hexes."""
    compared = 0
    for state, seat in _states(33, every=6, cap=900):
        for viewer in (seat, 1 - seat):
            fast, plain = hard_context.LiteContext(state, viewer), hard_context.LiteContext(state, viewer)
            for h in state["heroes"]:
                for hx in fast.m.hexes[::5]:
                    mean, die = _reference_threat(plain, h, hx)
                    assert fast.threat(h, hx) == (mean, die)
                    worth = ai.DANGER_HP * ai.HP_VALUE * mean + die * plain.own_kill_cost(h)
                    assert fast.danger(h, hx) == worth
                    compared += 1
    assert compared > 5000


def _placements(seed: int, cap: int = 3000):
    """The Outsider placements the normal player is asked for in a seeded game (state, seat, ids)."""
    for state, seat in _states(seed, every=1, cap=cap):
        ids = [a.id for a in RULES.legal_actions(state, seat)]
        if len(ids) > 1 and all(i.startswith(hard.PLACE) for i in ids):
            yield state, seat, ids


def test_placing_the_outsider_under_giant_slayer_weighs_the_blows_each_side_could_deal_it():
    """Issue 36, R117-R120 with Giant Slayer: an enemy hero brought within reach of a placement
    makes it worth less to the seat, one of its own more (at GS_OWN); out of reach of every hero,
    a placement is worth nothing to the card; with the card in play the hard player places the
    Outsider where the normal player's score and this stake together are best."""
    checked = 0
    for seed in (40, 41, 42, 43, 44, 45):
        for state, seat, ids in _placements(seed):
            racing = dict(state, victory=["giant_slayer"])
            side = hard.side_of(state, seat)
            stakes = {i: hard.giant_slayer_stake(racing, seat, i) for i in ids}
            move = ids[0]
            spot = move[len(hard.PLACE):].split(",")
            ready = [(h, x["side"]) for h, x in state["heroes"].items() if x["state"] == "ready" and x["hex"]]
            enemy = next(h for h, s in ready if s != side)
            friend = next(h for h, s in ready if s == side)
            for who, sign in ((enemy, -1.0), (friend, hard.GS_OWN)):
                near = hard.actions.copy_state(racing)
                far = hard.actions.copy_state(racing)
                near["heroes"][who]["hex"] = spot[0]                 # on the Outsider's spot: surely in reach
                far["heroes"][who]["state"] = "defeated"              # off the battlefield: no blow
                gap = hard.giant_slayer_stake(near, seat, move) - hard.giant_slayer_stake(far, seat, move)
                assert gap * sign > 0, (seed, who, gap)
            nobody = hard.actions.copy_state(racing)
            for x in nobody["heroes"].values():
                x["state"] = "defeated"
            assert hard.giant_slayer_stake(nobody, seat, move) == 0.0
            ctx = hard_context.LiteContext(racing, seat)
            best = max(ctx.score(i) + hard.GS_STAKE * stakes[i] for i in ids)
            chosen = hard.choose(racing, seat, 5).action
            assert ctx.score(chosen) + hard.GS_STAKE * stakes[chosen] == best
            checked += 1
            break
    assert checked >= 3
