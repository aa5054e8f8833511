"""The match service speaks through the catalogue (DESIGN.md, "Languages"): every refusal,
lobby note, closing note, result reason, clock label and event text it writes is a `Msg` that
reads in Traditional and Simplified Chinese with every placeholder filled, and its English is
the text the service always wrote."""
from __future__ import annotations

import random
import re

import pytest

import i18n
from engine import registry
from engine.text import Msg, from_json
from matches import STALE_MESSAGE, MatchService, UserError
from matches import clock as clocks
from matches.service import UNDO_EVENT, NullNotifier
from store import Store
from tests import testgame

registry.register(testgame.RULES)


class Quiet(testgame.HighCard):
    """The test game, failing on a malformed move without saying why (so the service does)."""
    name = "quietgame"

    def apply(self, state, seat, action_id):
        if not action_id.startswith(("play:", "draw")):
            raise KeyError(action_id)
        return super().apply(state, seat, action_id)


registry.register(Quiet())

CJK = re.compile(r"[\u3400-\u9fff]")
# a placeholder left as written ("{user:12}" is a person, which the Discord side makes a mention)
UNFILLED = re.compile(r"\{[A-Za-z_][A-Za-z0-9_]*\}")
NAMES = ["阿明", "小華", "Carol"]


class Notes(NullNotifier):
    """Records every note the service passes to the notifier."""

    def __init__(self):
        self.notes: list[tuple[str, object]] = []

    async def lobby_changed(self, match, note):
        self.notes.append(("lobby", note))

    async def match_closed(self, match, note):
        self.notes.append(("closed", note))

    async def match_updated(self, match, note):
        self.notes.append(("updated", note))


class Texts:
    """The texts a test collected, each checked in every language."""

    def __init__(self):
        self.seen: list[tuple[str, object]] = []

    def add(self, where: str, text) -> None:
        self.seen.append((where, text))

    def check(self) -> int:
        i18n.MISSING.clear()
        for where, text in self.seen:
            check_text(where, text)
        assert not i18n.MISSING, f"asked for without a translation: {sorted(i18n.MISSING)}"
        return len(self.seen)


def check_text(where: str, text) -> None:
    if isinstance(text, dict):  # a stored text (a result's reason, an outbox note)
        text = from_json(text)
    assert isinstance(text, Msg), f"{where}: {text!r} is not a Msg"
    english = i18n.render(text, "en", NAMES)
    assert not UNFILLED.search(english), f"{where}: {english!r} leaves a placeholder"
    before = set(i18n.MISSING)
    for lang in ("zh-TW", "zh-CN"):
        out = i18n.render(text, lang, NAMES)
        assert CJK.search(out), f"{where} in {lang}: {out!r} has no Chinese"
        assert not UNFILLED.search(out), f"{where} in {lang}: {out!r} leaves a placeholder"
    assert set(i18n.MISSING) == before, f"{where}: no translation of {sorted(set(i18n.MISSING) - before)}"


async def refused(texts: Texts, where: str, coro) -> Msg:
    with pytest.raises(UserError) as caught:
        await coro
    texts.add(where, caught.value.message)
    return caught.value.message


@pytest.fixture
async def env(tmp_path):
    store = await Store(str(tmp_path / "m.db")).open()
    now = [1_000_000.0]
    notes = Notes()
    service = MatchService(store, notes, clock=lambda: now[0], seed_source=random.Random(1))
    yield service, notes, now
    await store.close()


def _mover(match):
    (seat,) = testgame.RULES.active_players(match.snapshot)
    return seat, match.user_at(seat).user_id


async def test_refusals_lobby_and_notes_read_in_chinese(env):
    service, notes, _now = env
    texts = Texts()
    # lookups
    await refused(texts, "no match", service.get(999))
    await refused(texts, "forged id", service.get("x" * 99))
    await refused(texts, "no match here", service.get_here(999, guild_id=1, user_id=1))
    await refused(texts, "no match at all", service.find_for_user(1, match_id=None, channel_id=None, guild_id=1))
    await refused(texts, "no game's match", service.find_for_user(1, match_id=None, channel_id=None, guild_id=1,
                                                                    game="battleline"))
    # creating
    await refused(texts, "no game", service.create(game="chess", guild_id=1, channel_id=2, creator_id=1))
    await refused(texts, "players out of range", service.create(game="battleline", guild_id=1, channel_id=2,
                                                                creator_id=1, players=4))
    await refused(texts, "too many seats", service.create(game="testgame", guild_id=1, channel_id=2, creator_id=1,
                                                          invited=[2, 3], players=2))
    await refused(texts, "no clock", service.create(game="testgame", guild_id=1, channel_id=2, creator_id=1,
                                                    clock="forever"))
    await refused(texts, "options too long", service.create(game="testgame", guild_id=1, channel_id=2,
                                                            creator_id=1, options={"x": "y" * 3000}))
    await refused(texts, "options unstorable", service.create(game="testgame", guild_id=1, channel_id=2,
                                                              creator_id=1, options={"x": object()}))
    # an open table of Battle Line: too few to start, then a second player makes it start
    table = await service.create(game="battleline", guild_id=1, channel_id=2, creator_id=1)
    await refused(texts, "too few to start", service.start(table.id, 1))
    await refused(texts, "status: open", service.find_for_user(1, match_id=table.id, channel_id=None, guild_id=1))
    await refused(texts, "not at the table", service.leave(table.id, 5))
    await refused(texts, "not addressed", service.accept(table.id, 5))
    # an open table of the test game: joins, a leave, refusals, a cancellation
    open_table = await service.create(game="testgame", guild_id=1, channel_id=2, creator_id=10, players=4)
    await service.join(open_table.id, 11)
    await refused(texts, "not a game's match", service.find_for_user(10, match_id=open_table.id, channel_id=None,
                                                                       guild_id=1, game="battleline"))
    await service.join(open_table.id, 12)
    await refused(texts, "already seated", service.join(open_table.id, 11))
    await refused(texts, "only the opener starts", service.start(open_table.id, 11))
    await refused(texts, "only the creator cancels", service.cancel(open_table.id, 11, guild_id=1))
    await service.leave(open_table.id, 12)
    await refused(texts, "not started: resign", service.resign(open_table.id, 10))
    await refused(texts, "not started: history", service.history(open_table.id))
    await service.cancel(open_table.id, 10, guild_id=1)
    await refused(texts, "no longer open", service.join(open_table.id, 13))
    await refused(texts, "status: cancelled", service.find_for_user(10, match_id=open_table.id, channel_id=None,
                                                                      guild_id=1))
    # a challenge: one accepts, one declines (the table closes)
    challenge = await service.create(game="testgame", guild_id=1, channel_id=2, creator_id=20, invited=[21, 22])
    await refused(texts, "invited only", service.join(challenge.id, 23))
    await refused(texts, "not everyone accepted", service.start(challenge.id, 20))
    await service.accept(challenge.id, 21)
    await refused(texts, "accepted twice", service.accept(challenge.id, 21))
    await service.decline(challenge.id, 22)
    # the creator leaving closes a table
    leaving = await service.create(game="testgame", guild_id=1, channel_id=2, creator_id=30, players=3)
    await service.leave(leaving.id, 30)
    for kind, note in notes.notes:
        texts.add(f"{kind} note", note)
    kinds = {kind for kind, _ in notes.notes}
    assert kinds == {"lobby", "closed"} and len(notes.notes) >= 5, notes.notes
    assert texts.check() >= 30
    # the English stays the service's English
    assert "There is no match #999." in [str(t) for _, t in texts.seen]
    assert any(str(t) == "{user:21} accepted." for _, t in notes.notes)


async def test_a_match_to_its_end_with_a_take_back_and_a_resignation(env):
    service, notes, _now = env
    texts = Texts()
    match = await service.create(game="testgame", guild_id=1, channel_id=2, creator_id=100, invited=[101],
                                 accepted=True)
    seat, user = _mover(match)
    other = match.user_at(1 - seat).user_id
    await refused(texts, "not your turn", service.act(match.id, other, "play:c1"))
    await refused(texts, "not playing", service.act(match.id, 999, "play:c1"))
    await refused(texts, "stale", service.act(match.id, user, "play:c1", expected_version=7))
    await refused(texts, "not a move", service.act(match.id, user, "   "))
    await refused(texts, "nothing to take back", service.request_undo(match.id, user))
    await refused(texts, "no rematch yet", service.rematch(match.id, user))
    await refused(texts, "status: active", service.find_for_user(user, match_id=match.id, channel_id=None,
                                                                   guild_id=1, statuses=("finished",)))
    await refused(texts, "nudge: nobody waits", service.nudge(match.id, user))
    await service.nudge(match.id, other)
    await refused(texts, "nudged recently", service.nudge(match.id, other))
    await refused(texts, "own seat", service.claim_win(match.id, user, seat))
    await refused(texts, "not out of time", service.claim_win(match.id, user, 1 - seat))
    await refused(texts, "two players: claim", service.vote_handoff(match.id, user, 1 - seat))
    await refused(texts, "not absent", service.reclaim(match.id, user))
    await refused(texts, "watching one's own", service.add_watcher(match.id, user, guild_id=1))
    await refused(texts, "watching elsewhere", service.add_watcher(match.id, 555, guild_id=9))
    # a move, a take-back asked, refused, asked again and granted
    card = testgame.RULES.legal_actions(match.snapshot, seat)[0].id
    match = (await service.act(match.id, user, card)).match
    await refused(texts, "out-of-date board", service.request_undo(match.id, user, version=0))
    match = await service.request_undo(match.id, user)
    await refused(texts, "undo asked twice", service.request_undo(match.id, user))
    await refused(texts, "asker approves", service.answer_undo(match.id, user, match.version, True))
    texts.add("undo refused", await service.answer_undo(match.id, other, match.version, False))
    match = await service.request_undo(match.id, user)
    texts.add("undo granted", await service.answer_undo(match.id, other, match.version, True))
    history = await service.history(match.id)
    assert history[-1][1] == UNDO_EVENT
    texts.add("undo event", history[-1][1])
    await refused(texts, "stale undo answer", service.answer_undo(match.id, other, match.version - 1, True))
    # a resignation ends it: its reason is stored in a form any language reads
    match = await service.resign(match.id, other)
    assert match.status == "finished" and isinstance(match.result["reason"], dict)
    texts.add("resignation reason", match.result["reason"])
    assert i18n.render(match.result["reason"]) == f"{{user:{other}}} resigned."
    await refused(texts, "over", service.act(match.id, user, card))
    await refused(texts, "over: watch", service.add_watcher(match.id, 555, guild_id=1))
    await refused(texts, "status: finished", service.find_for_user(user, match_id=match.id, channel_id=None,
                                                                     guild_id=1))
    await refused(texts, "rematch by a stranger", service.rematch(match.id, 777))
    rematch = await service.rematch(match.id, user)
    await refused(texts, "rematch twice", service.rematch(match.id, user))
    assert rematch.status == "active"
    await refused(texts, "several matches", service.find_for_user(user, match_id=None, channel_id=None, guild_id=1,
                                                                    statuses=("active", "finished")))
    for _ in range(2):
        await service.create(game="battleline", guild_id=1, channel_id=2, creator_id=user)
    await refused(texts, "several of a game", service.find_for_user(
        user, match_id=None, channel_id=None, guild_id=1, statuses=("open",), game="battleline"))
    for kind, note in notes.notes:
        texts.add(f"{kind} note", note)
    assert {kind for kind, _ in notes.notes} >= {"lobby", "closed"}
    # the service's own word for a move it cannot read; an engine's refusal passed through as it is
    quiet = await service.create(game="quietgame", guild_id=1, channel_id=2, creator_id=210, invited=[211],
                                 accepted=True)
    seat, user = _mover(quiet)
    await refused(texts, "not one of your moves", service.act(quiet.id, user, "dance"))
    line = await service.create(game="battleline", guild_id=1, channel_id=2, creator_id=220, invited=[221],
                                accepted=True)
    seat = min(registry.get("battleline").active_players(line.snapshot))
    engine_says = await refused(texts, "the engine's refusal", service.act(line.id, line.user_at(seat).user_id,
                                                                             "dance"))
    assert engine_says.key == "Unknown action {action}."
    # a match played to its end by the rules
    played = await service.create(game="testgame", guild_id=1, channel_id=2, creator_id=200, invited=[201],
                                  accepted=True)
    while played.status == "active":
        seat, user = _mover(played)
        played = (await service.act(played.id, user, testgame.RULES.legal_actions(played.snapshot, seat)[0].id)).match
    await refused(texts, "over: resign", service.resign(played.id, 200))
    assert texts.check() >= 35


async def test_timeouts_votes_and_the_computer_playing_on(env):
    service, notes, now = env
    texts = Texts()
    # two players: the opponent of a player out of time claims the win
    duel = await service.create(game="testgame", guild_id=1, channel_id=2, creator_id=300, invited=[301],
                                accepted=True)
    seat, late = _mover(duel)
    waiting = duel.user_at(1 - seat).user_id
    now[0] += 2 * clocks.DAY
    duel = await service.claim_win(duel.id, waiting, seat)
    assert duel.result["timeout"] == [seat]
    texts.add("timeout reason", duel.result["reason"])
    assert i18n.render(duel.result["reason"]) == f"{{user:{late}}} ran out of time."
    # three players: the others vote the computer in, the absent player comes back
    trio = await service.create(game="testgame", guild_id=1, channel_id=2, creator_id=400, invited=[401, 402],
                                accepted=True)
    seat, absent = _mover(trio)
    voters = [s.user_id for s in trio.seats if s.seat != seat]
    now[0] += 2 * clocks.DAY
    trio, handed = await service.vote_handoff(trio.id, voters[0], seat)
    assert not handed
    await refused(texts, "more than two: vote", service.claim_win(trio.id, voters[0], seat))
    trio, handed = await service.vote_handoff(trio.id, voters[1], seat)
    assert handed
    await refused(texts, "already playing", service.reclaim(trio.id, voters[0]))
    trio = await service.reclaim(trio.id, absent)
    for kind, note in notes.notes:
        texts.add(f"{kind} note", note)
    assert [kind for kind, _ in notes.notes].count("lobby") >= 2 and ("updated" in {k for k, _ in notes.notes})
    # a seat played on by the computer after its player resigned never wins: the reason says so
    voided = None
    for _ in range(40):
        match = await service.create(game="testgame", guild_id=1, channel_id=2, creator_id=500,
                                     invited=[501, 502], accepted=True)
        match = await service.resign(match.id, match.user_at(0).user_id)
        while match.status == "active":
            seat, user = _mover(match)
            match = (await service.act(match.id, user, testgame.RULES.legal_actions(match.snapshot, seat)[0].id)).match
        reason = from_json(match.result.get("reason"))
        if isinstance(reason, Msg) and reason.key.startswith("The computer, playing on for"):
            voided = match
            break
    assert voided is not None, "no game in which the computer won for a resigned seat"
    texts.add("voided win", voided.result["reason"])
    assert "Player 1" in i18n.render(voided.result["reason"]) and "阿明" in i18n.render(voided.result["reason"],
                                                                                       "zh-TW", NAMES)
    assert texts.check() >= 8


async def test_a_closing_note_owed_in_the_outbox_keeps_its_language(env):
    """A stop between the end of a match and its notice: the note is posted from the outbox,
    still a Msg (stored in its JSON form)."""
    service, notes, _now = env
    match = await service.create(game="testgame", guild_id=1, channel_id=2, creator_id=600, invited=[601],
                                 accepted=True)
    notes.notes.clear()
    await service.store.finish_match(match.id, {"winners": [0], "scores": {}}, {"msg": "{user} resigned.",
                                                                               "args": {"user": "{user:601}"}})
    await service.recover()
    closed = [note for kind, note in notes.notes if kind == "closed"]
    assert len(closed) == 1 and isinstance(closed[0], Msg) and closed[0] == "{user:601} resigned."
    texts = Texts()
    texts.add("owed note", closed[0])
    assert texts.check() == 1


def test_fixed_texts_and_clock_labels():
    texts = Texts()
    texts.add("stale", STALE_MESSAGE)
    texts.add("undo event", UNDO_EVENT)
    for key, label in clocks.PRESET_LABELS.items():
        texts.add(f"clock {key}", label)
    for kind in ("none", "move", "bank"):
        texts.add(f"clock of kind {kind}", clocks.describe({"kind": kind}))
    assert clocks.describe(clocks.new_clock("bank-3d")) == clocks.PRESET_LABELS["bank-3d"]
    assert texts.check() == 2 + len(clocks.PRESET_LABELS) + 3


def test_the_check_can_fail():
    with pytest.raises(AssertionError, match="not a Msg"):
        check_text("plain", "It is not your turn.")
    with pytest.raises(AssertionError, match="no Chinese|no translation"):
        check_text("unknown key", Msg("A sentence nobody translated."))
    i18n.MISSING.clear()
    with pytest.raises(AssertionError, match="placeholder"):
        check_text("unfilled", Msg("Match #{match} is over."))
