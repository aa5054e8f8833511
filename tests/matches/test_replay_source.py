"""A replay is made from plain data in a render worker process: the match's ReplaySource gives the
same boards and turn owners as the service's own history walk, and the worker's GIF is the one
made in this process."""
from __future__ import annotations

import io
import pickle
import random

import pytest
from PIL import Image

from cogs import pictures as pool
from engine import registry
from matches import MatchService
from store import Store


@pytest.fixture
async def service(tmp_path):
    store = await Store(str(tmp_path / "m.db")).open()
    yield MatchService(store, seed_source=random.Random(3))
    await store.close()


async def played(service, moves: int):
    match = await service.create(game="battleline", guild_id=1, channel_id=2, creator_id=100, invited=[101],
                                 accepted=True)
    rules, rng = registry.get("battleline"), random.Random(7)
    for _ in range(moves):
        if match.status != "active":
            break
        seat = min(rules.active_players(match.snapshot))
        action = rng.choice(rules.legal_actions(match.snapshot, seat)).id
        match = (await service.act(match.id, match.user_at(seat).user_id, action)).match
    return match


async def test_the_replay_source_walks_the_log_as_the_history_does(service):
    match = await played(service, 24)
    source = pickle.loads(pickle.dumps(await service.replay_source(match.id)))  # what the worker gets
    views = await service.public_views(match.id)
    assert source.boards == len(views) == 25
    assert list(source.views(range(source.boards))) == list(enumerate(views))
    owners, kept = source.turns()
    assert owners == await service.turn_owners(match.id)
    turn_numbers = sorted(kept)
    assert list(source.views(turn_numbers, kept)) == [(n, views[n]) for n in turn_numbers]
    assert list(source.views([3, 11])) == [(3, views[3]), (11, views[11])]


async def test_the_worker_makes_the_replay_this_process_would():
    # thirty seeded random moves, replayed in a worker and in a thread here
    from matches.history import ReplaySource
    game_log = _game_log()
    source = ReplaySource("battleline", {}, 11, 2, None,
                          tuple((n, seat, action, 0.0) for n, (seat, action) in enumerate(game_log, 1)))
    before = pool.STATS["replays"]
    in_worker = await pool.Pictures(workers=1).replay("battleline", source, ["ann", "bo"], "en")
    here = await pool.Pictures(workers=0).replay("battleline", source, ["ann", "bo"], "en")
    assert pool.STATS["replays"] == before + 2
    assert in_worker == here
    gif, frames, turns = in_worker
    assert frames == turns == Image.open(io.BytesIO(gif)).n_frames


def _game_log() -> list[tuple[int, str]]:
    rules, rng = registry.get("battleline"), random.Random(11)
    state, log = rules.setup(2, {}, 11), []
    while rules.result(state) is None and len(log) < 30:
        seat = min(rules.active_players(state))
        action = rng.choice(rules.legal_actions(state, seat)).id
        state, _ = rules.apply(state, seat, action)
        log.append((seat, action))
    return log
