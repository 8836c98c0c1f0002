"""Pause Python's cyclic garbage collector while a parser builds a large object tree.

A parser that creates a million small objects (Markdown tokens for a hostile run of ``*a _b``) triggers the
collector again and again, and each pass walks every live object: the parse's cost then grows faster than its input
(tests/e2e/test_hostile_ingest.py). Reference counting still frees what is not in a cycle; cycles made meanwhile
are collected when the last pause ends. The pause is process-wide, so nested or concurrent pauses are counted and
only the last one to end turns the collector back on (and only if it was on before the first)."""
from __future__ import annotations

import gc
import threading
from collections.abc import Iterator
from contextlib import contextmanager

_lock = threading.Lock()
_depth = 0
_was_enabled = False


@contextmanager
def gc_paused() -> Iterator[None]:
    """``with gc_paused(): tree = parse(text)`` - no cyclic collection while the block runs."""
    global _depth, _was_enabled
    with _lock:
        if _depth == 0:
            _was_enabled = gc.isenabled()
            gc.disable()
        _depth += 1
    try:
        yield
    finally:
        with _lock:
            _depth -= 1
            if _depth == 0 and _was_enabled:
                gc.enable()
