"""The computer's level as a match option (stored with the match, used for every computer move,
kept across a restart) and /match hint's rules, through the match service."""
from __future__ import annotations

import random

import pytest

from engine import ai_levels, registry
from engine.base import LEVEL, options_line
from matches import MatchService, UserError
from store import Store
from tests import testgame

registry.register(testgame.RULES)


@pytest.fixture
async def store(tmp_path):
    store = await Store(str(tmp_path / "m.db")).open()
    yield store
    await store.close()


def _levels_asked(monkeypatch) -> list[str]:
    asked = []
    real = ai_levels.choose

    def choose(rules, state, seat, seed, level="normal"):
        asked.append(level)
        return real(rules, state, seat, seed, level)
    monkeypatch.setattr(ai_levels, "choose", choose)
    return asked


@pytest.mark.parametrize("level", ["easy", "normal", "hard"])
async def test_the_level_is_stored_and_every_computer_move_uses_it(store, monkeypatch, level):
    asked = _levels_asked(monkeypatch)
    service = MatchService(store, seed_source=random.Random(1))
    match = await service.create(game="testgame", guild_id=1, channel_id=2, creator_id=100, ai_seats=1,
                                 options={"level": level})
    assert match.status == "active"
    assert match.options.get("level", LEVEL.default) == level   # the default is not stored
    while match.status == "active":
        (seat,) = testgame.RULES.active_players(match.snapshot)
        assert not match.seats[seat].is_ai
        action = testgame.RULES.legal_actions(match.snapshot, seat)[0].id
        match = (await service.act(match.id, 100, action)).match
    assert asked and set(asked) == {level}
    # the options line says it (only when it is not the default)
    shown = options_line(testgame.RULES, match.options)
    assert (f"{level} computer" in shown) == (level != "normal")


async def test_the_level_survives_a_restart(store, monkeypatch):
    asked = _levels_asked(monkeypatch)
    first = MatchService(store, seed_source=random.Random(2))
    match = await first.create(game="testgame", guild_id=1, channel_id=2, creator_id=100, ai_seats=1,
                               options={"level": "hard", "hand": 4})
    again = MatchService(store, seed_source=random.Random(3))   # a new process on the same database
    match = await again.get(match.id)
    assert match.options["level"] == "hard"
    asked.clear()
    while match.status == "active":
        (seat,) = testgame.RULES.active_players(match.snapshot)
        match = (await again.act(match.id, 100, testgame.RULES.legal_actions(match.snapshot, seat)[0].id)).match
    assert asked and set(asked) == {"hard"}


async def test_an_unknown_level_is_refused(store):
    service = MatchService(store, seed_source=random.Random(1))
    with pytest.raises(UserError, match="level"):
        await service.create(game="testgame", guild_id=1, channel_id=2, creator_id=100, ai_seats=1,
                             options={"level": "grandmaster"})


async def _between_people(service, **options):
    match = await service.create(game="testgame", guild_id=1, channel_id=2, creator_id=100, invited=[101],
                                 accepted=True, options=options)
    (seat,) = testgame.RULES.active_players(match.snapshot)
    return match, match.user_at(seat).user_id, match.user_at(1 - seat).user_id


async def test_hints_are_refused_in_a_rated_match_unless_the_match_allows_them(store):
    service = MatchService(store, seed_source=random.Random(4))
    match, mover, other = await _between_people(service)
    with pytest.raises(UserError, match="rated"):
        await service.hint(match.id, mover)
    allowed, mover, other = await _between_people(service, hints=True)
    hint = await service.hint(allowed.id, mover)
    assert hint.action.id in {a.id for a in testgame.RULES.legal_actions(allowed.snapshot, hint.seat)}
    assert hint.level == "normal" and "normal computer" in hint.why
    with pytest.raises(UserError, match="nothing to decide"):
        await service.hint(allowed.id, other)
    with pytest.raises(UserError, match="not playing"):
        await service.hint(allowed.id, 999)
    # a hint plays nothing
    assert (await service.get(allowed.id)).version == 0


async def test_hints_are_given_in_a_casual_match_and_against_the_computer(store):
    service = MatchService(store, seed_source=random.Random(5))
    casual = await service.create(game="testgame", guild_id=1, channel_id=2, creator_id=100, invited=[101],
                                  accepted=True, meta={"rated": False})
    (seat,) = testgame.RULES.active_players(casual.snapshot)
    hint = await service.hint(casual.id, casual.user_at(seat).user_id, "hard")
    assert hint.level == "hard" and hint.action.id == ai_levels.choose(
        testgame.RULES, casual.snapshot, seat, casual.seed + casual.version, "hard")
    computer = await service.create(game="testgame", guild_id=1, channel_id=2, creator_id=100, ai_seats=1,
                                    options={"level": "hard"})
    hint = await service.hint(computer.id, 100)
    assert hint.level == "hard"    # the match's own level when it is hard
