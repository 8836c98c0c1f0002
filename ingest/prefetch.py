"""Overlap of ingestion stages: the next files are loaded and chunked, and the next batches are embedded, while the
current one is written.

The embedding engine is C called through ctypes, which releases the GIL, so a Python thread reading and chunking
the next file (pypdf, python-docx, the tokenizer) runs while the cores embed. Order is kept: results come back in
input order, and nothing is written by these helpers, so the index writer's order of writes (vectors, then the
manifest, then the keyword index) and its crash safety are unchanged.
"""

from __future__ import annotations

import queue
import threading
import time
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

import numpy as np

T = TypeVar("T")
R = TypeVar("R")
_DONE = object()
STOP_WAIT_S = 120.0  # how long a stopped prefetch thread may take to finish the item it is on (one file's loading)


class _Failed:
    """An exception raised while iterating the items, passed from the thread to the consumer."""

    def __init__(self, error: BaseException) -> None:
        self.error = error


def prefetch(items: Iterable[T], work: Callable[[T], R], ahead: int = 2) -> Iterator[tuple[T, R | BaseException]]:
    """``(item, work(item))`` in input order, computed by a background thread at most ``ahead`` items in advance.

    An exception raised by ``work`` is yielded in place of its result (the caller decides); one raised while
    iterating ``items`` is raised here. Closing the iterator early (``break``, an error in a later stage,
    :func:`contextlib.closing`) stops the thread after the item it is on and waits until it has ended, so nothing
    reads on once the caller has moved on; a thread still not ended after :data:`STOP_WAIT_S` (a hung loader) is
    a RuntimeError (a bug, shown with its traceback and the error that stopped the run), not a thread left
    behind."""
    out: queue.Queue = queue.Queue(maxsize=max(1, ahead))
    stop = threading.Event()

    def hand(got: object) -> bool:
        """Put ``got`` for the consumer unless it stopped meanwhile (then False): the queue may be full."""
        while not stop.is_set():
            try:
                out.put(got, timeout=0.1)
                return True
            except queue.Full:
                continue
        return False

    def produce() -> None:
        try:
            for item in items:
                if stop.is_set():
                    return
                try:
                    result: R | BaseException = work(item)
                except Exception as exc:  # handed to the consumer with its item
                    result = exc
                if not hand((item, result)):
                    return
        except BaseException as exc:  # iterating the items failed (or work raised BaseException): raised here
            hand(_Failed(exc))
        else:
            hand(_DONE)

    thread = threading.Thread(target=produce, name="ingest-prefetch", daemon=True)
    thread.start()
    try:
        while True:
            got = out.get()
            if got is _DONE:
                return
            if isinstance(got, _Failed):
                raise got.error
            yield got
    finally:
        stop.set()
        thread.join(STOP_WAIT_S)
        if thread.is_alive():
            raise RuntimeError(f"the thread reading files ahead was still reading one {STOP_WAIT_S:.0f} s after it "
                               "was asked to stop (a loader hung?)")


def embed_ahead(batches: Iterable[T], embed: Callable[[T], np.ndarray],
                depth: int = 2) -> Iterator[tuple[T, np.ndarray]]:
    """``(batch, embed(batch))`` in order; the next ``depth`` batches are being embedded while the caller writes one.

    With ``depth`` 2 the embedder always holds a queued batch behind the running one, so its workers never wait
    for each other at a batch boundary. Stopping early (or an error) cancels the batches not yet started."""
    pool = ThreadPoolExecutor(max_workers=depth + 1, thread_name_prefix="ingest-embed")
    pending: deque[tuple[T, Future]] = deque()
    try:
        for batch in batches:
            pending.append((batch, pool.submit(embed, batch)))
            if len(pending) > depth:
                done, future = pending.popleft()
                yield done, future.result()
        while pending:
            done, future = pending.popleft()
            yield done, future.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


class BusyClock:
    """Wall seconds during which at least one of several overlapping calls was running."""

    def __init__(self) -> None:
        self.seconds = 0.0
        self._running = 0
        self._since = 0.0
        self._lock = threading.Lock()

    def __enter__(self) -> BusyClock:
        with self._lock:
            if self._running == 0:
                self._since = time.perf_counter()
            self._running += 1
        return self

    def __exit__(self, *exc: object) -> None:
        with self._lock:
            self._running -= 1
            if self._running == 0:
                self.seconds += time.perf_counter() - self._since
