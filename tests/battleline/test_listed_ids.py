"""A stored move is always one of the legal ids, spelled exactly so: apply refuses every other id
(a spelling the old parser forgave: case, spaces, aliases of a card, a flag written 03 or +3, a
part too many), raising IllegalAction and leaving the state as it was."""
from __future__ import annotations

import copy
import functools
import random

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from engine.base import IllegalAction
from engine.battleline import RULES

from .helpers import A, B, build
from .id_mutations import mutated


@functools.cache
def positions() -> tuple:
    """(state, seat to move) along seeded random games: every step (play, claim, draw, Scout, Mud
    discard), two and three players, each claim-timing variant (R2, R59, R60)."""
    out = []
    for seed, players, options in ((1, 2, {}), (2, 2, {"variant": "advanced"}), (3, 2, {"variant": "endclaim"}),
                                   (4, 3, {}), (5, 2, {"claim_on_pass": True})):
        rng = random.Random(seed)
        state = RULES.setup(players, options, seed)
        while RULES.result(state) is None:
            seat = min(RULES.active_players(state))
            out.append((state, seat))
            state, _ = RULES.apply(state, seat, rng.choice(RULES.legal_actions(state, seat)).id)
    steps = {s["step"] for s, _ in out}
    assert {"play", "claim", "draw"} <= steps, steps
    return tuple(out)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_apply_refuses_every_id_that_is_not_listed(data):
    state, seat = data.draw(st.sampled_from(positions()))
    legal = [a.id for a in RULES.legal_actions(state, seat)]
    candidate = data.draw(mutated(data.draw(st.sampled_from(legal))))
    assume(candidate not in legal)
    before = copy.deepcopy(state)
    with pytest.raises(IllegalAction):
        RULES.apply(state, seat, candidate)
    assert state == before


def test_spellings_the_old_parser_forgave_are_refused():
    """Each was once accepted as the listed move beside it (R7: play a card to a flag; R28: claim);
    now only the listed spelling is a move."""
    state = build({2: (["red8", "red9", "red10"], ["blue1"])}, {A: ["red7", "T-FOG"], B: ["blue2"]})
    assert RULES.apply(state, A, "play:red7:3")[0]["flags"][2]["sides"][0]["cards"] == ["red7"]
    for spelling in (" play:red7:3", "play:red7:3 ", "PLAY:red7:3", "play:RED7:3", "play:Red7:3", "play:red 7:3",
                     "play:red7:03", "play:red7:+3", "play:red7: 3", "play:t-fog:3", "play:T-fog:3"):
        with pytest.raises(IllegalAction):
            RULES.apply(state, A, spelling)
    claiming = build({2: (["red8", "red9", "red10"], ["blue1"])}, {A: ["red7"], B: ["blue2"]}, step="claim")
    assert RULES.apply(claiming, A, "claim:2")[0]["flags"][1]["claimed_by"] == A
    for spelling in ("claim:02", "claim:+2", "claim: 2", "CLAIM:2", "DONE", " done"):
        with pytest.raises(IllegalAction):
            RULES.apply(claiming, A, spelling)


def test_a_refused_claim_still_says_why():
    """D13: a claim the proof rejects is refused with the reason (a witness from the table), not
    only as a move that is not listed."""
    state = build({3: (["red1", "blue3", "green5"], ["blue8"])}, {A: ["red2"], B: ["blue2"]}, step="claim")
    with pytest.raises(IllegalAction, match="would still beat you"):
        RULES.apply(state, A, "claim:3")
