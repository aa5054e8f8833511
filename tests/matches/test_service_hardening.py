"""The match service under hostile or careless input (audit defects 1, 2, 4, 8, 11, 12): servers
stay apart, read-modify-writes of a match happen under its lock, ids are canonical and range
checked, and anything a user can send ends in a UserError with nothing written."""
from __future__ import annotations

import asyncio
import random
import shutil
import sqlite3

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import registry
from matches import MatchService, UserError
from store import Store
from tests import testgame

registry.register(testgame.RULES)
registry.load_builtin()

GUILD, OTHER_GUILD = 1, 2


@pytest.fixture
async def service(tmp_path):
    store = await Store(str(tmp_path / "m.db")).open()
    yield MatchService(store, seed_source=random.Random(1))
    await store.close()


async def _started(service, game="testgame", clock=None, **kw):
    match = await service.create(game=game, guild_id=GUILD, channel_id=10, creator_id=100, invited=[101],
                                 accepted=True, clock=clock, **kw)
    assert match.status == "active"
    return match


async def _table(service):
    return await service.create(game="testgame", guild_id=GUILD, channel_id=10, creator_id=100)


# ---------------------------------------------------------------------- servers apart (1, 2)

async def test_a_manager_of_another_server_cannot_cancel(service):
    table = await _table(service)
    with pytest.raises(UserError, match=f"There is no match #{table.id} here"):
        await service.cancel(table.id, 555, guild_id=OTHER_GUILD, is_admin=True)
    with pytest.raises(UserError, match="creator or a server manager"):  # a non-manager here
        await service.cancel(table.id, 555, guild_id=GUILD, is_admin=False)
    assert (await service.get(table.id)).status == "open"
    assert (await service.cancel(table.id, 555, guild_id=GUILD, is_admin=True)).status == "cancelled"


async def test_watching_from_another_server_saves_nothing(service):
    match = await _started(service)
    with pytest.raises(UserError, match="here"):
        await service.add_watcher(match.id, 555, guild_id=OTHER_GUILD)
    with pytest.raises(UserError, match="here"):
        await service.add_watcher(match.id, 555, guild_id=None)
    assert "watchers" not in (await service.get(match.id)).meta
    await service.add_watcher(match.id, 555, guild_id=GUILD)
    assert (await service.get(match.id)).meta["watchers"] == [555]


async def test_lookups_find_only_this_servers_matches(service):
    match = await _started(service)
    with pytest.raises(UserError, match="here"):
        await service.find_for_user(100, match_id=match.id, channel_id=None, guild_id=OTHER_GUILD)
    with pytest.raises(UserError, match="not in any"):
        await service.find_for_user(100, match_id=None, channel_id=None, guild_id=OTHER_GUILD)
    assert (await service.find_for_user(100, match_id=None, channel_id=None, guild_id=GUILD)).id == match.id
    # in a DM, a player reaches their own matches; a stranger reaches nothing
    assert (await service.find_for_user(100, match_id=match.id, channel_id=None, guild_id=None)).id == match.id
    with pytest.raises(UserError, match="here"):
        await service.get_here(match.id, guild_id=None, user_id=555)


# ---------------------------------------------------------------------- one writer of meta (4)

async def test_watch_during_moves_never_reverts_the_move(service):
    """Each round, a watcher joins while the player moves. The stored clock must be the one
    the move wrote (its deadline matches the pending timer), and every watcher stays."""
    match = await _started(service, clock="move-24h")
    watchers = []
    for round_no in range(12):
        match = await service.get(match.id)
        if match.status != "active":
            break
        (seat,) = testgame.RULES.active_players(match.snapshot)
        user = match.user_at(seat).user_id
        action = testgame.RULES.legal_actions(match.snapshot, seat)[0].id
        watcher = 1000 + round_no
        watchers.append(watcher)
        await asyncio.gather(service.add_watcher(match.id, watcher, guild_id=GUILD),
                             service.act(match.id, user, action))
        match = await service.get(match.id)
        assert match.meta["watchers"] == watchers
        if match.status == "active":
            (due_seat,) = testgame.RULES.active_players(match.snapshot)
            pending = {(kind, s): due for _i, _m, kind, s, due, _v in await service.store.pending_timers(match.id)}
            assert match.meta["clock"]["deadlines"][str(due_seat)] == pending[("deadline", due_seat)]
    assert len(watchers) >= 3


# ---------------------------------------------------------------------- statuses (8)

async def test_a_named_match_must_have_the_status_the_command_needs(service):
    table = await _table(service)
    with pytest.raises(UserError, match="has not started"):
        await service.find_seat(100, match_id=table.id, channel_id=None, guild_id=GUILD, statuses=("active",))


# ---------------------------------------------------------------------- canonical ids (11)

async def test_only_canonical_move_ids_are_stored(service):
    match = await _started(service, game="battleline")
    (seat,) = registry.get("battleline").active_players(match.snapshot)
    user = match.user_at(seat).user_id
    legal = [a.id for a in service.legal_actions(match, seat) if a.id.startswith("play:")]
    card, flag = legal[0].split(":")[1:3]
    for spelling in (f"play:{card}:+{flag}", f"play:{card}:٣", f"play:{card}:0{flag}", "x" * 5000, "", "   "):
        with pytest.raises(UserError):
            await service.act(match.id, user, spelling)
    assert await service.store.actions(match.id) == []
    await service.act(match.id, user, f"  PLAY:{card.upper()}:{flag} ")
    assert [a for _s, _seat, a, _t in await service.store.actions(match.id)] == [f"play:{card}:{flag}"]


# ---------------------------------------------------------------------- ids, locks, options (12)

async def test_ids_out_of_range_are_refused_and_leave_no_lock(service):
    for bad in (0, -1, 2**63, 2**64 + 3, 10**30):
        with pytest.raises(UserError, match="There is no match"):
            await service.act(bad, 100, "play:c1")
        with pytest.raises(UserError, match="There is no match"):
            await service.join(bad, 100)
    assert service._locks == {}


async def test_options_the_engine_rejects_write_nothing(service):
    before = await service.store.count_matches()
    with pytest.raises(UserError):
        await service.create(game="testgame", guild_id=GUILD, channel_id=10, creator_id=100,
                             invited=[101], accepted=True, options={"hand": "many"})
    with pytest.raises(UserError):
        await service.create(game="testgame", guild_id=GUILD, channel_id=10, creator_id=100,
                             options={"junk": "x" * 100_000})
    assert await service.store.count_matches() == before


# ---------------------------------------------------------------------- fuzz

def _dump(path: str) -> list[str]:
    with sqlite3.connect(path) as db:
        return list(db.iterdump())


ANY_INT = st.one_of(st.integers(-5, 8), st.integers(min_value=-2**80, max_value=2**80))
ANY_TEXT = st.one_of(st.sampled_from(["play:c1", "play:c9", "draw", "PLAY:C1", " play:c1", "play:+1", "undo"]),
                     st.text(max_size=300), st.text(min_size=3000, max_size=6000))
USERS = st.sampled_from([100, 101, 102, 555])
OPTIONS = st.dictionaries(st.text(max_size=20), st.one_of(ANY_INT, ANY_TEXT, st.booleans(), st.none()), max_size=5)

CALLS = st.one_of(
    st.tuples(st.just("act"), ANY_INT, USERS, ANY_TEXT, st.one_of(st.none(), ANY_INT)),
    st.tuples(st.just("join"), ANY_INT, USERS), st.tuples(st.just("leave"), ANY_INT, USERS),
    st.tuples(st.just("accept"), ANY_INT, USERS), st.tuples(st.just("decline"), ANY_INT, USERS),
    st.tuples(st.just("start"), ANY_INT, USERS), st.tuples(st.just("cancel"), ANY_INT, USERS, ANY_INT),
    st.tuples(st.just("resign"), ANY_INT, USERS), st.tuples(st.just("nudge"), ANY_INT, USERS),
    st.tuples(st.just("request_undo"), ANY_INT, USERS, st.one_of(st.none(), ANY_INT)),
    st.tuples(st.just("answer_undo"), ANY_INT, USERS, ANY_INT, st.booleans()),
    st.tuples(st.just("claim_win"), ANY_INT, USERS, ANY_INT),
    st.tuples(st.just("vote_handoff"), ANY_INT, USERS, ANY_INT),
    st.tuples(st.just("reclaim"), ANY_INT, USERS), st.tuples(st.just("rematch"), ANY_INT, USERS),
    st.tuples(st.just("add_watcher"), ANY_INT, USERS, ANY_INT),
    st.tuples(st.just("create"), st.sampled_from(["testgame", "battleline", "battalia", "nope", "x" * 500]),
              st.one_of(st.none(), ANY_INT), OPTIONS, st.lists(USERS, max_size=6), ANY_INT),
)


async def _call(service: MatchService, call: tuple):
    name, *args = call
    if name == "act":
        match_id, user, action, version = args
        return await service.act(match_id, user, action, expected_version=version)
    if name == "cancel":
        match_id, user, guild = args
        return await service.cancel(match_id, user, guild_id=guild, is_admin=True)
    if name in ("request_undo", "claim_win", "vote_handoff"):
        return await getattr(service, name)(*args)
    if name == "answer_undo":
        return await service.answer_undo(*args)
    if name == "add_watcher":
        match_id, user, guild = args
        return await service.add_watcher(match_id, user, guild_id=guild)
    if name == "create":
        game, players, options, invited, ai_seats = args
        return await service.create(game=game, guild_id=GUILD, channel_id=10, creator_id=100, invited=invited,
                                    ai_seats=ai_seats if 0 <= ai_seats <= 3 else ai_seats, players=players,
                                    options=options, ai_user_id=999)
    return await getattr(service, name)(*args)


@pytest.fixture(scope="module")
def template_db(tmp_path_factory):
    """A database with an open table (#1), a running match (#2), a finished one (#3) and a
    running Battle Line match (#4), copied afresh for every fuzz example."""
    path = str(tmp_path_factory.mktemp("fuzz") / "template.db")

    async def build():
        store = await Store(path).open()
        service = MatchService(store, seed_source=random.Random(3))
        await _table(service)
        await _started(service, clock="move-24h")
        finished = await _started(service)
        await service.resign(finished.id, 100)
        await _started(service, game="battleline")
        await store.db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        await store.close()
    asyncio.run(build())
    return path


FUZZ_COUNT = {"inputs": 0, "user_errors": 0}  # printed with -s by the last example


@pytest.mark.sqlite_only  # copies and reads the SQLite file
@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture,
                                                                   HealthCheck.too_slow])
@given(calls=st.lists(CALLS, min_size=1, max_size=4))
def test_fuzz_any_input_ends_in_a_user_error_and_writes_nothing(template_db, tmp_path, calls):
    """Any id, seat, version, action or options: the service answers with a UserError and
    leaves the database as it was, or performs a legitimate change."""
    path = str(tmp_path / f"f{FUZZ_COUNT['inputs']}.db")
    shutil.copy(template_db, path)

    async def run():
        store = await Store(path).open()
        service = MatchService(store, seed_source=random.Random(5))
        try:
            for call in calls:
                before = _dump(path)
                FUZZ_COUNT["inputs"] += 1
                try:
                    await _call(service, call)
                except UserError as exc:
                    FUZZ_COUNT["user_errors"] += 1
                    assert len(exc.message) <= 1000, "a refusal stays short"
                    assert _dump(path) == before, f"{call[0]} wrote something before refusing"
            assert service._locks == {}
        finally:
            await store.close()
    asyncio.run(run())

