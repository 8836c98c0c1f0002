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
