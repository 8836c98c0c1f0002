"""Chroma opened lazily from two threads at once (the bot's background load beside an upload's ingestion)."""

from __future__ import annotations

from rag_bot.index.vectors import VectorIndex
from tests.at_once import at_once


def test_two_first_opens_of_one_index_at_once_both_succeed(tmp_path):
    # Without one connection at a time, the second client of a path found Chroma's shared system half started
    # ("'RustBindingsAPI' object has no attribute 'bindings'") in 9 of 10 tries.
    for attempt in range(5):
        path = tmp_path / f"chroma{attempt}"
        first, second = VectorIndex(path=path), VectorIndex(path=path)
        assert at_once([first.count, second.count]) == [0, 0]
