"""The CPU cost of a call, for growth tests (a ratio of two sizes in one run, never a duration asserted)."""

from __future__ import annotations

import time
from collections.abc import Callable
from typing import Any


def best_cpu(fn: Callable[[], Any], repeat: int = 3) -> float:
    """The least process CPU time of ``repeat`` calls of ``fn`` (the least is the one other load disturbed least)."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        fn()
        best = min(best, time.process_time() - start)
    return best


def cpu_growth(small: Callable[[], Any], large: Callable[[], Any], repeat: int = 5) -> float:
    """The least CPU time of ``large`` over the least of ``small``, ``repeat`` calls each, taken in turns (a slow
    spell of the machine then falls on both sizes, not on one) and counted on the calling thread only (threads
    other tests left running in the process do not count; the loaders measured run on the caller's thread)."""
    best = [float("inf"), float("inf")]
    for _ in range(repeat):
        for i, fn in enumerate((small, large)):
            start = time.thread_time()
            fn()
            best[i] = min(best[i], time.thread_time() - start)
    return best[1] / max(best[0], 1e-3)
