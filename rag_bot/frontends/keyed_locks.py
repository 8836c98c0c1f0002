"""One FIFO ``asyncio.Lock`` per key (chat, thread), forgotten as soon as nobody holds or waits for it.

A dict of locks that is never pruned grows by one lock per chat ever seen; here a key's entry lives only while
someone is inside or queued, so memory follows the number of *active* keys.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager


class KeyedLocks:
    """``async with locks.hold(key):`` - callers with the same key run one at a time, in arrival order."""

    def __init__(self) -> None:
        self._locks: dict[Hashable, asyncio.Lock] = {}
        self._users: dict[Hashable, int] = {}

    def pending(self, key: Hashable) -> int:
        """Callers holding or waiting for ``key``."""
        return self._users.get(key, 0)

    def __len__(self) -> int:
        """Keys with a holder or a waiter (idle keys are forgotten)."""
        return len(self._locks)

    @asynccontextmanager
    async def hold(self, key: Hashable) -> AsyncIterator[None]:
        lock = self._locks.get(key)
        if lock is None:
            lock = self._locks[key] = asyncio.Lock()
        self._users[key] = self._users.get(key, 0) + 1
        try:
            async with lock:  # asyncio.Lock wakes waiters first-in first-out
                yield
        finally:
            self._users[key] -= 1
            if not self._users[key]:
                del self._users[key]
                del self._locks[key]
