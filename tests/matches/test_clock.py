"""Clock arithmetic: per-move deadlines, time banks with bonus and cap, reminder timers."""
from __future__ import annotations

from matches import clock as clocks
from matches.clock import DAY, HOUR


def test_bank_takes_the_time_used_then_adds_the_bonus():
    assert clocks.bank_after_move(3 * DAY, 2 * DAY, DAY, 3 * DAY) == 2 * DAY


def test_bank_never_exceeds_the_cap():
    assert clocks.bank_after_move(3 * DAY, HOUR, DAY, 3 * DAY) == 3 * DAY


def test_bank_overrun_counts_from_zero():
    assert clocks.bank_after_move(DAY, 5 * DAY, DAY, 3 * DAY) == DAY


def test_bank_clock_over_several_turns():
    c = clocks.new_clock("bank-3d", reminders=[])
    c = clocks.advance(c, moved=None, active={0}, now=0)
    assert c["deadlines"] == {"0": 3 * DAY}
    c = clocks.advance(c, moved=0, active={1}, now=2 * DAY)          # seat 0 used 2 days: 1 + 1 bonus
    assert c["banks"]["0"] == 2 * DAY and c["deadlines"] == {"1": 5 * DAY}
    c = clocks.advance(c, moved=1, active={0}, now=2 * DAY + HOUR)   # seat 1 capped at 3 days
    assert c["banks"]["1"] == 3 * DAY and c["deadlines"] == {"0": 4 * DAY + HOUR}
    c = clocks.advance(c, moved=0, active={1}, now=2 * DAY + 2 * HOUR)
    assert c["banks"]["0"] == 3 * DAY - HOUR  # 2 days - 1 hour used + 1 day bonus, under the cap


def test_move_clock_gives_every_turn_the_same_time_and_keeps_running_turns():
    c = clocks.new_clock("move-24h", reminders=[])
    c = clocks.advance(c, moved=None, active={0, 1}, now=100)
    c = clocks.advance(c, moved=0, active={1, 2}, now=500)  # seat 1 still thinking: its turn keeps running
    assert c["deadlines"] == {"1": 100 + DAY, "2": 500 + DAY}


def test_no_clock_has_no_deadline_and_no_timers():
    c = clocks.advance(clocks.new_clock("none"), moved=None, active={0}, now=0)
    assert clocks.timers(c, 0) == []


def test_timers_are_reminders_still_ahead_then_the_deadline():
    c = clocks.new_clock("move-24h", reminders=[12 * HOUR, HOUR, 30 * HOUR])
    c = clocks.advance(c, moved=None, active={1}, now=0)
    assert clocks.timers(c, 0) == [("reminder", 1, 12 * HOUR), ("reminder", 1, 23 * HOUR), ("deadline", 1, DAY)]


def test_steps_inside_one_turn_are_one_turn():
    """Play then draw (two actions, one turn): the bank is charged and given its bonus once."""
    c = clocks.advance(clocks.new_clock("bank-3d", []), moved=None, active={0}, now=0)
    c = clocks.advance(c, moved=0, active={0}, now=HOUR)             # played; must still draw
    assert c["deadlines"] == {"0": 3 * DAY} and "0" not in c.get("banks", {})
    c = clocks.advance(c, moved=0, active={1}, now=2 * HOUR)         # drew: the turn ends
    assert c["banks"]["0"] == 3 * DAY  # 3 days - 2 hours + 1 day, capped at 3 days
    m = clocks.advance(clocks.new_clock("move-24h", []), moved=None, active={0}, now=0)
    m = clocks.advance(m, moved=0, active={0}, now=5 * HOUR)
    assert m["deadlines"] == {"0": DAY}, "a step inside the turn does not renew the allowance"


def test_undo_takes_back_the_bonus_and_restarts_the_turn():
    c = clocks.advance(clocks.new_clock("bank-3d", []), moved=None, active={0}, now=0)
    c = clocks.advance(c, moved=0, active={1}, now=2 * DAY)          # 3 - 2 + 1 = 2 days
    assert c["banks"]["0"] == 2 * DAY
    c = clocks.after_undo(c, undone=0, active={0}, now=2 * DAY + 5 * HOUR)
    assert c["banks"]["0"] == DAY, "the 2 days used stay used; the 1-day bonus is taken back"
    assert c["deadlines"] == {"0": 2 * DAY + 5 * HOUR + DAY}, "the approval wait is not charged"
    for _ in range(3):  # moving and taking back again and again never adds time
        c = clocks.advance(c, moved=0, active={1}, now=3 * DAY)
        c = clocks.after_undo(c, undone=0, active={0}, now=3 * DAY)
    assert c["banks"]["0"] <= DAY


def test_undo_inside_a_turn_keeps_the_turn_running():
    c = clocks.advance(clocks.new_clock("move-24h", []), moved=None, active={0}, now=0)
    c = clocks.advance(c, moved=0, active={0}, now=HOUR)
    c = clocks.after_undo(c, undone=0, active={0}, now=5 * HOUR)
    assert c["deadlines"] == {"0": DAY}


def test_undo_after_the_turn_ended_gives_a_new_turn_on_a_move_clock():
    c = clocks.advance(clocks.new_clock("move-24h", []), moved=None, active={0}, now=0)
    c = clocks.advance(c, moved=0, active={1}, now=HOUR)
    c = clocks.after_undo(c, undone=0, active={0}, now=5 * HOUR)
    assert c["deadlines"] == {"0": 5 * HOUR + DAY}


def test_parse_duration():
    assert [clocks.parse_duration(t) for t in ("12h", "30m", "2d", "45s", "60")] == [12 * HOUR, 1800, 2 * DAY, 45, 60]


def test_a_move_made_for_a_player_out_of_time_ends_their_turn_even_if_they_act_next():
    """The game chose for seat 1 when its time ran out (a secret pick) and the next decision is
    seat 1's again: that decision gets a turn of its own, not the rest of the one that ran out."""
    c = clocks.new_clock("move-24h")
    c = clocks.advance(c, moved=None, active={0, 1}, now=0)
    c = clocks.advance(c, moved=0, active={1}, now=HOUR)
    stale = clocks.advance(c, moved=1, active={1}, now=DAY + 1)                  # same turn: still overdue
    assert stale["deadlines"]["1"] == DAY
    fresh = clocks.advance(c, moved=1, active={1}, now=DAY + 1, turn_over=True)
    assert fresh["deadlines"]["1"] == 2 * DAY + 1
