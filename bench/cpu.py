"""CPU and memory of this process and of the child processes it started (the bot's render
workers), read cheaply.

The children are TRACKED, not searched for: `track_children()` notes their pids once (the
render pool's worker processes, any other live multiprocessing child, and multiprocessing's
resource tracker), and a reading opens only those few /proc/<pid>/stat files (tens of
microseconds), never the whole /proc of the machine. A child that has exited and been waited for
is counted from RUSAGE_CHILDREN instead, so its CPU is never lost or counted twice.
"""
from __future__ import annotations

import math
import multiprocessing
import os
import resource
import time
from pathlib import Path

_TICK = os.sysconf("SC_CLK_TCK")


def _proc_mb(pid: int | str, file: str, field: str) -> float:
    """A kB figure of /proc/<pid>/<file> in MB (nan once the process is gone)."""
    try:
        for line in Path(f"/proc/{pid}/{file}").read_text().splitlines():
            if line.startswith(field):
                return int(line.split()[1]) / 1024
    except OSError:
        pass
    return float("nan")


def rss_mb(pid: int | str = "self") -> float:
    return _proc_mb(pid, "status", "VmRSS:")


def pss_mb(pid: int | str = "self") -> float:
    """Proportional set size: the pages a process shares with others (the interpreter, the
    libraries its workers load too) counted in shares, so the processes' figures add up."""
    return _proc_mb(pid, "smaps_rollup", "Pss:")


def _stat_cpu(pid: int) -> float | None:
    """CPU seconds (user + system) of one process, None once it is gone."""
    try:
        stat = Path(f"/proc/{pid}/stat").read_text()
    except OSError:
        return None
    fields = stat[stat.rindex(")") + 2:].split()  # fields[0] is field 3 (state)
    return (int(fields[11]) + int(fields[12])) / _TICK


def render_worker_pids() -> set[int]:
    """The worker processes of the bot's render pool (cogs.pictures), where it has one."""
    pids: set[int] = set()
    try:
        from cogs import pictures as pool
        for executors in list(getattr(pool, "_pools", {}).values()):
            for executor in executors if isinstance(executors, (list, tuple)) else [executors]:
                pids |= set((getattr(executor, "_processes", None) or {}).keys())
    except Exception:  # noqa: BLE001, S110 - a code base without a pool: nothing to track
        pass
    return pids


class ProcessCPU:
    """`read()`: CPU seconds of this process (every thread) plus its tracked children, live or
    exited. Take readings outside what is being timed: a reading costs a few system calls."""

    def __init__(self):
        self.pids: set[int] = set()

    def track_children(self) -> set[int]:
        """Note the child processes to read from now on (call after the bot has started its
        workers; calling again adds any new ones). Returns the pids tracked."""
        pids = render_worker_pids()
        pids |= {p.pid for p in multiprocessing.active_children() if p.pid}
        try:
            from multiprocessing import resource_tracker
            tracker = getattr(resource_tracker._resource_tracker, "_pid", None)
            if tracker:
                pids.add(tracker)
        except Exception:  # noqa: BLE001, S110 - no tracker started: nothing to track
            pass
        self.pids |= pids
        return set(self.pids)

    def children_live(self) -> float:
        total = 0.0
        for pid in list(self.pids):
            cpu = _stat_cpu(pid)
            if cpu is None:  # gone: once waited for, RUSAGE_CHILDREN holds its CPU
                self.pids.discard(pid)
            else:
                total += cpu
        return total

    def children(self) -> float:
        """CPU seconds of the tracked children: live ones from /proc, exited ones from
        RUSAGE_CHILDREN."""
        done = resource.getrusage(resource.RUSAGE_CHILDREN)
        return done.ru_utime + done.ru_stime + self.children_live()

    def read(self) -> float:
        return time.process_time() + self.children()

    def children_memory(self) -> list[tuple[int, float, float]]:
        """(pid, RSS MB, PSS MB) of each live tracked child."""
        out = []
        for pid in sorted(self.pids):
            rss = rss_mb(pid)
            if not math.isnan(rss):
                out.append((pid, rss, pss_mb(pid)))
        return out

    def children_rss_mb(self) -> tuple[float, int]:
        """Resident memory of the live tracked children, and how many there are."""
        total, count = 0.0, 0
        for pid in list(self.pids):
            mb = rss_mb(pid)
            if not math.isnan(mb):  # still alive
                total, count = total + mb, count + 1
        return total, count
