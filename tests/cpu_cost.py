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


def cpu_growth(small: Callable[[], Any], large: Callable[[], Any], repeat: int = 5, floor: float = 1e-3) -> float:
    """The least CPU time of ``large`` over the least of ``small``, the two measured in turns (small, large, small,
    ...): whatever else shares the machine (another test worker, another job) lies over both sizes alike, so a
    busy stretch cannot fall on one size only. ``floor`` keeps a tiny small cost from blowing the ratio up."""
    best_small = best_large = float("inf")
    for _ in range(repeat):
        best_small = min(best_small, best_cpu(small, repeat=1))
        best_large = min(best_large, best_cpu(large, repeat=1))
    return best_large / max(best_small, floor)
