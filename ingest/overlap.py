"""Overlap of ingestion stages: the next files are loaded and chunked, and the next batch is embedded, while the
current one is written.

The embedding engine is C called through ctypes, which releases the GIL, so a Python thread reading and chunking
the next file (pypdf, python-docx, the tokenizer) runs while the cores embed. Order is kept: results come back in
input order, and nothing is written by these helpers, so the pipeline's order of writes (vectors, then the
manifest, then the keyword index) and its crash safety are unchanged.
"""

from __future__ import annotations

import queue
import threading
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

import numpy as np

T = TypeVar("T")
R = TypeVar("R")
_DONE = object()


def prefetch(items: Iterable[T], work: Callable[[T], R], ahead: int = 2) -> Iterator[tuple[T, R | BaseException]]:
    """``(item, work(item))`` in input order, computed by a background thread at most ``ahead`` items in advance.

    An exception raised by ``work`` is yielded in place of its result (the caller decides); stopping the iteration
    early stops the thread after the item it is on."""
    out: queue.Queue = queue.Queue(maxsize=max(1, ahead))
    stop = threading.Event()

    def produce() -> None:
        try:
            for item in items:
                if stop.is_set():
                    return
                try:
                    result: R | BaseException = work(item)
                except Exception as exc:  # handed to the consumer with its item
                    result = exc
                while not stop.is_set():
                    try:
                        out.put((item, result), timeout=0.1)
                        break
                    except queue.Full:
                        continue
        finally:
            if not stop.is_set():
                out.put(_DONE)

    thread = threading.Thread(target=produce, name="ingest-prefetch", daemon=True)
    thread.start()
    try:
        while True:
            got = out.get()
            if got is _DONE:
                return
            yield got
    finally:
        stop.set()
        thread.join(timeout=5)


def embed_ahead(batches: Iterable[list[T]],
                embed: Callable[[list[T]], np.ndarray]) -> Iterator[tuple[list[T], np.ndarray]]:
    """``(batch, embed(batch))`` in order, the next batch embedding in a worker while the caller writes this one."""
    with ThreadPoolExecutor(max_workers=1, thread_name_prefix="ingest-embed") as pool:
        pending: Future | None = None
        previous: list[T] | None = None
        for batch in batches:
            future = pool.submit(embed, batch)
            if pending is not None and previous is not None:
                yield previous, pending.result()
            pending, previous = future, batch
        if pending is not None and previous is not None:
            yield previous, pending.result()
