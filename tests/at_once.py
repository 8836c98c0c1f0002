"""Calls started at the same moment in threads: the races of the lease, settings and webhook tests."""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TypeVar

T = TypeVar("T")


def at_once(calls: list[Callable[[], T]], timeout_s: float = 60.0) -> list[T | None]:
    """Run each call in its own thread, all released together by one barrier; their results in order (None for a
    call still running after ``timeout_s``). The first exception a call raised is raised here."""
    start = threading.Barrier(len(calls))
    results: list[T | None] = [None] * len(calls)
    errors: list[BaseException] = []

    def run(i: int) -> None:
        start.wait()
        try:
            results[i] = calls[i]()
        except BaseException as exc:  # handed to the caller's thread
            errors.append(exc)

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(calls))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout_s)
    if errors:
        raise errors[0]
    return results
