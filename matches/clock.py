"""Match clocks: pure arithmetic over plain dicts kept in match.meta["clock"].

Three kinds, chosen when the match is created:

- "none": no deadline.
- "move": every turn has the same allowance (`per_move` seconds, e.g. 24 h).
- "bank": a time bank in the style of Board Game Arena's turn-based clock: each player
  starts with `bank` seconds; the time a turn takes is taken from the mover's bank, then
  `bonus` seconds are added, and a bank never grows beyond `cap` (the starting bank).

A clock dict also carries `reminders` (seconds before a deadline at which the player to move
is pinged), `started` (seat -> when that seat's current turn began), `banks` (seat ->
seconds left, bank clocks only) and `deadlines` (seat -> timestamp, for the board footer).
Seats are stored as strings because the dict travels through JSON.
"""
from __future__ import annotations

import copy

from engine.text import Msg

HOUR = 3600
DAY = 24 * HOUR

# the choices of `/match new clock:` and `/settings clock`
PRESETS: dict[str, dict] = {
    "none": {"kind": "none"},
    "move-24h": {"kind": "move", "per_move": DAY},
    "move-72h": {"kind": "move", "per_move": 3 * DAY},
    "bank-3d": {"kind": "bank", "bank": 3 * DAY, "bonus": DAY, "cap": 3 * DAY},
    "bank-10d": {"kind": "bank", "bank": 10 * DAY, "bonus": DAY, "cap": 10 * DAY},
}
PRESET_LABELS = {  # Msgs: their English is also the slash-command choice's name
    "none": Msg("No clock"),
    "move-24h": Msg("24 hours per move"),
    "move-72h": Msg("3 days per move"),
    "bank-3d": Msg("Time bank: 3 days, +1 day per move (max 3 days)"),
    "bank-10d": Msg("Time bank: 10 days, +1 day per move (max 10 days)"),
}
DEFAULT_PRESET = "move-24h"
DEFAULT_REMINDERS = [12 * HOUR, HOUR]


def new_clock(preset: str, reminders: list[float] | None = None) -> dict:
    if preset not in PRESETS:
        raise ValueError(f"unknown clock {preset!r}")
    clock = dict(PRESETS[preset], preset=preset)
    clock["reminders"] = sorted({float(r) for r in (DEFAULT_REMINDERS if reminders is None else reminders)
                                 if r > 0}, reverse=True)
    clock.update(started={}, deadlines={})
    if clock["kind"] == "bank":
        clock["banks"] = {}
    return clock


def bank_after_move(bank: float, used: float, bonus: float, cap: float) -> float:
    """Seconds left in a bank after a turn that took `used` seconds: the time is taken,
    then the bonus added, and the bank never exceeds the cap. Never below zero."""
    return min(cap, max(0.0, bank - used) + bonus)


def allowance(clock: dict, seat: int) -> float | None:
    """Seconds `seat` has for a turn that starts now (None: no clock)."""
    kind = clock.get("kind", "none")
    if kind == "move":
        return float(clock["per_move"])
    if kind == "bank":
        return float(clock.get("banks", {}).get(str(seat), clock["bank"]))
    return None


def advance(clock: dict, *, moved: int | None, active: set[int], now: float, turn_over: bool = False) -> dict:
    """The clock after `moved` (or nobody) acted at `now`, with `active` the seats (humans)
    who must act next. A turn is the stretch during which a seat must act: several actions
    in a row (play, then draw) are one turn, charged to a bank and given its bonus once, when
    the turn ends. Seats still to act keep their running turn; new ones start now.
    `turn_over`: `moved`'s turn ends here even if it must act again (a move made for a player out
    of time: the next decision starts a turn of its own)."""
    clock = copy.deepcopy(clock)
    if clock.get("kind", "none") == "none":
        return clock
    started = clock.setdefault("started", {})
    if moved is not None and str(moved) in started and (moved not in active or turn_over):
        if clock["kind"] == "bank":
            banks = clock.setdefault("banks", {})
            left = float(banks.get(str(moved), clock["bank"]))
            used = now - started[str(moved)]
            banks[str(moved)] = bank_after_move(left, used, clock["bonus"], clock["cap"])
            # remembered so that taking this move back also takes its bonus back
            clock["last_turn"] = {"seat": moved, "bonus": banks[str(moved)] - max(0.0, left - used)}
        del started[str(moved)]
    for seat in list(started):
        if int(seat) not in active:
            del started[seat]  # no longer to act (e.g. the computer took the seat)
    for seat in active:
        started.setdefault(str(seat), now)
    clock["deadlines"] = {seat: begun + allowance(clock, int(seat)) for seat, begun in started.items()}
    return clock


def after_undo(clock: dict, *, undone: int, active: set[int], now: float) -> dict:
    """The clock after `undone`'s last move was taken back. If that move ended the turn, the
    turn begins again now (the wait for approval is not charged) and a bank loses the bonus
    the move earned, so move-and-undo never adds time; the time used before the move stays
    used. If the turn was still running (a step inside a turn), it keeps running."""
    clock = copy.deepcopy(clock)
    if clock.get("kind", "none") == "none":
        return clock
    started = clock.setdefault("started", {})
    last = clock.pop("last_turn", None)
    if str(undone) not in started:
        if clock["kind"] == "bank" and last and last["seat"] == undone:
            banks = clock.setdefault("banks", {})
            banks[str(undone)] = max(0.0, float(banks.get(str(undone), clock["bank"])) - last["bonus"])
        started[str(undone)] = now
    return advance(clock, moved=None, active=active, now=now)


def timers(clock: dict, now: float) -> list[tuple[str, int, float]]:
    """(kind, seat, due) rows for the current turns: a reminder at each configured point
    still in the future, then the deadline."""
    out = []
    for seat, deadline in clock.get("deadlines", {}).items():
        for before in clock.get("reminders", []):
            if deadline - before > now:
                out.append(("reminder", int(seat), deadline - before))
        out.append(("deadline", int(seat), deadline))
    return out


def describe(clock: dict) -> Msg:
    """The clock's name for a reader (a preset's label; a clock of no preset by its kind)."""
    found = PRESET_LABELS.get(clock.get("preset", ""))
    if found is not None:
        return found
    kind = clock.get("kind", "none")
    if kind == "move":
        return Msg("Per move")
    if kind == "bank":
        return Msg("Time bank")
    return Msg("No clock")


def parse_duration(text: str) -> float:
    """'12h', '90m', '2d', '30s' or plain seconds -> seconds."""
    text = text.strip().lower()
    units = {"s": 1, "m": 60, "h": HOUR, "d": DAY}
    if text and text[-1] in units:
        return float(text[:-1]) * units[text[-1]]
    return float(text)
