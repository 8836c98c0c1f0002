"""CPU seconds of processes, for benchmarks on a shared machine (CPU time moves far less with the load than wall).

``own()`` is this process (all its threads) plus the children it has waited for (Tesseract, pdftoppm, ...);
``of_pid(pid)`` reads another live process's user + system time (and its waited-for children's) from /proc.
"""

from __future__ import annotations

import os
import resource


def own() -> float:
    """User + system CPU seconds of this process and of its children that have ended."""
    total = 0.0
    for who in (resource.RUSAGE_SELF, resource.RUSAGE_CHILDREN):
        usage = resource.getrusage(who)
        total += usage.ru_utime + usage.ru_stime
    return total


def of_pid(pid: int) -> float | None:
    """User + system CPU seconds of the live process ``pid`` (with its ended children), None when unreadable."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            fields = stat.read().rsplit(")", 1)[1].split()
    except OSError:
        return None
    utime, stime, cutime, cstime = (int(v) for v in fields[11:15])  # fields 14-17 of proc(5)
    return (utime + stime + cutime + cstime) / os.sysconf("SC_CLK_TCK")
