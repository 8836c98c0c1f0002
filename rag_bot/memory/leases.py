"""Leases: a key held by one owner until an expiry, renewed while its work runs, then released or marked done.

The webhook bot uses two kinds (:mod:`rag_bot.frontends.telegram.claims`):

* an **update lease** (``update:tg:<update id>``): claimed before the update is processed, marked *done* only after
  its answer was sent (kept ``keep_s`` so a re-delivery is never answered again), released - not done - when a
  stopping instance abandons it, so Telegram's retry or another instance answers it; after a crash it expires;
* a **chat lease** (``chat:tg:<chat id>``): one turn of a chat at a time across instances; released after the turn.

A key is *absent*, *held* (owner, expiry) or *done* (until it is forgotten). :meth:`LeaseStore.claim` takes an
absent or expired key; a held one answers :data:`Busy.HELD` (to its own owner too: the same update delivered twice
to one instance is answered once), a done one :data:`Busy.DONE`. Every change after the claim (renew, release) is
conditional on the version this owner wrote last, so an owner whose lease expired and was taken over cannot renew
or delete the new owner's lease.

Two backends, one behaviour (``tests/e2e/test_leases.py`` runs the same checks on both):

* :class:`SqliteLeaseStore` - a table in the SQLite memory file; one host (several processes on one file);
* :class:`FirestoreLeaseStore` - collection ``{prefix}_leases``: a claim is one ``create`` (absent key) or an
  ``update`` with a ``last_update_time`` precondition (expired key); renew, release and done are one write each.

Expiries are wall-clock times (``time.time()``): instances sharing a store must have synchronised clocks, as cloud
machines do; a lease's ``ttl_s`` should be far above their skew.
"""

from __future__ import annotations

import asyncio
import enum
import os
import socket
import sqlite3
import threading
import time
import uuid
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rag_bot.memory.errors import MemoryUnavailableError

PRUNE_EVERY_S = 3600.0
_CLAIM_ATTEMPTS = 5  # a claim that loses a race re-reads the key; each lost race means another owner progressed


class Busy(enum.Enum):
    """Why a claim was not granted."""

    HELD = "held"  # another owner holds the key and its lease has not expired
    DONE = "done"  # the key's work was finished (an update answered)


@dataclass
class Lease:
    """A granted claim: ``version`` is the backend's mark of the record this owner wrote last (None once done)."""

    key: str
    owner: str
    version: Any


def owner_id() -> str:
    """A name for this process, unique across instances: host, pid and a random part."""
    return f"{socket.gethostname()[:40]}-{os.getpid()}-{uuid.uuid4().hex[:8]}"


class LeaseStore(ABC):
    """Claim, renew, release and finish leases for one owner (this process)."""

    def __init__(self, owner: str | None = None) -> None:
        self.owner = owner or owner_id()

    @abstractmethod
    def claim(self, key: str, ttl_s: float) -> Lease | Busy:
        """Hold ``key`` for ``ttl_s`` seconds if it is absent or expired; else why not."""

    @abstractmethod
    def renew(self, lease: Lease, ttl_s: float) -> bool:
        """Extend ``lease`` to ``ttl_s`` seconds from now; False when it is no longer ours (expired and taken)."""

    @abstractmethod
    def release(self, lease: Lease) -> None:
        """Give ``lease`` up (the key becomes absent) unless someone else took it meanwhile."""

    @abstractmethod
    def finish(self, lease: Lease, keep_s: float) -> None:
        """Mark ``lease``'s key done for ``keep_s`` seconds: claims answer :data:`Busy.DONE` until then."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release resources."""

    # --- async twins (the sync call in a worker thread) ---------------------------------------------------
    async def aclaim(self, key: str, ttl_s: float) -> Lease | Busy:
        return await asyncio.to_thread(self.claim, key, ttl_s)

    async def arenew(self, lease: Lease, ttl_s: float) -> bool:
        return await asyncio.to_thread(self.renew, lease, ttl_s)

    async def arelease(self, lease: Lease) -> None:
        await asyncio.to_thread(self.release, lease)

    async def afinish(self, lease: Lease, keep_s: float) -> None:
        await asyncio.to_thread(self.finish, lease, keep_s)


# ================================================================================================ SQLite
_SCHEMA = """
CREATE TABLE IF NOT EXISTS leases (
    key TEXT PRIMARY KEY, owner TEXT NOT NULL, expires_at REAL NOT NULL, done INTEGER NOT NULL, version TEXT NOT NULL
);
"""


class SqliteLeaseStore(LeaseStore):
    """Leases in a table of the SQLite memory file (``":memory:"`` for one process). Each call is one
    ``BEGIN IMMEDIATE`` transaction, so processes sharing the file see one order of claims."""

    def __init__(self, path: str | Path, *, busy_timeout_s: float = 10.0, owner: str | None = None) -> None:
        from rag_bot.memory.sqlite_saver import connect

        super().__init__(owner)
        self.path = str(path)
        self.busy_timeout_s = float(busy_timeout_s)
        self._next_prune = 0.0
        self._lock = threading.Lock()
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._conn = connect(self.path, self.busy_timeout_s)
            self._conn.isolation_level = None
            if self.path != ":memory:":
                self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.executescript(_SCHEMA)
        except (sqlite3.Error, OSError) as exc:
            raise self._error(exc) from exc

    def _error(self, exc: BaseException) -> MemoryUnavailableError:
        from rag_bot.memory.sqlite_saver import is_lock_error, translate

        if isinstance(exc, sqlite3.Error) and is_lock_error(exc):
            return translate(exc, self.path, self.busy_timeout_s)
        return MemoryUnavailableError("The conversation database is unavailable right now; please try again.",
                                      detail=str(exc), backend="sqlite")

    def _transaction(self, work: Any) -> Any:
        """``work(connection)`` inside one immediate transaction (committed unless it raises)."""
        from rag_bot.memory.sqlite_saver import immediate

        try:
            return immediate(self._conn, self._lock, work)
        except sqlite3.Error as exc:
            raise self._error(exc) from exc

    def claim(self, key: str, ttl_s: float) -> Lease | Busy:
        now = time.time()
        version = uuid.uuid4().hex
        prune = now >= self._next_prune
        if prune:
            self._next_prune = now + PRUNE_EVERY_S

        def work(conn: sqlite3.Connection) -> Lease | Busy:
            if prune:  # an expired row is the same as none; done rows expire when they may be forgotten
                conn.execute("DELETE FROM leases WHERE expires_at < ?", (now,))
            row = conn.execute("SELECT owner, expires_at, done FROM leases WHERE key = ?", (key,)).fetchone()
            if row is not None and row[1] > now:
                return Busy.DONE if row[2] else Busy.HELD
            conn.execute("INSERT OR REPLACE INTO leases (key, owner, expires_at, done, version) VALUES (?, ?, ?, 0, ?)",
                         (key, self.owner, now + ttl_s, version))
            return Lease(key, self.owner, version)

        return self._transaction(work)

    def renew(self, lease: Lease, ttl_s: float) -> bool:
        version = uuid.uuid4().hex

        def work(conn: sqlite3.Connection) -> bool:
            cursor = conn.execute("UPDATE leases SET expires_at = ?, version = ? WHERE key = ? AND version = ? "
                                  "AND done = 0", (time.time() + ttl_s, version, lease.key, lease.version))
            return cursor.rowcount == 1

        renewed = self._transaction(work)
        if renewed:
            lease.version = version
        return renewed

    def release(self, lease: Lease) -> None:
        self._transaction(lambda conn: conn.execute("DELETE FROM leases WHERE key = ? AND version = ? AND done = 0",
                                                    (lease.key, lease.version)))

    def finish(self, lease: Lease, keep_s: float) -> None:
        self._transaction(lambda conn: conn.execute(
            "INSERT OR REPLACE INTO leases (key, owner, expires_at, done, version) VALUES (?, ?, ?, 1, ?)",
            (lease.key, lease.owner, time.time() + keep_s, uuid.uuid4().hex)))
        lease.version = None  # done: nothing left to renew or release

    def close(self) -> None:
        with self._lock:
            self._conn.close()


# ============================================================================================= Firestore
class FirestoreLeaseStore(LeaseStore):
    """Leases as documents of ``{prefix}_leases`` (the id is the encoded key). ``expires_at`` is a float (seconds
    since the epoch); ``forget_at`` a timestamp for an optional Firestore TTL policy on the collection."""

    def __init__(self, client: Any, *, prefix: str = "ragbot", timeout: float = 20.0,
                 owner: str | None = None) -> None:
        from google.api_core.retry import Retry, if_transient_error

        super().__init__(owner)
        self.client = client
        self.prefix = prefix
        self.timeout = float(timeout)
        self._retry = Retry(predicate=if_transient_error, initial=0.1, maximum=1.0, timeout=self.timeout)

    def _ref(self, key: str) -> Any:
        from rag_bot.memory.firestore_common import encode_id

        return self.client.collection(f"{self.prefix}_leases").document(encode_id(key))

    def _call(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        from rag_bot.memory.firestore_common import firestore_errors

        with firestore_errors():
            return fn(*args, retry=self._retry, timeout=self.timeout, **kwargs)

    def _record(self, key: str, seconds: float, done: bool) -> dict[str, Any]:
        from datetime import UTC, datetime, timedelta

        now = time.time()
        return {"key": key, "owner": self.owner, "expires_at": now + seconds, "done": done,
                "forget_at": datetime.now(UTC) + timedelta(seconds=seconds + 86400)}

    def claim(self, key: str, ttl_s: float) -> Lease | Busy:
        from google.api_core import exceptions as gexc

        ref = self._ref(key)
        for _ in range(_CLAIM_ATTEMPTS):
            try:
                result = self._call(ref.create, self._record(key, ttl_s, False))
                return Lease(key, self.owner, result.update_time)
            except (gexc.AlreadyExists, gexc.Conflict):
                pass
            snap = self._call(ref.get)
            if not snap.exists:  # released between the create and the read: try again
                continue
            record = snap.to_dict() or {}
            if float(record.get("expires_at", 0.0)) > time.time():
                return Busy.DONE if record.get("done") else Busy.HELD
            option = self.client.write_option(last_update_time=snap.update_time)
            try:
                result = self._call(ref.update, self._record(key, ttl_s, False), option=option)
            except (gexc.FailedPrecondition, gexc.Aborted, gexc.NotFound):
                continue  # someone else changed it first: read it again
            return Lease(key, self.owner, result.update_time)
        return Busy.HELD

    def renew(self, lease: Lease, ttl_s: float) -> bool:
        from google.api_core import exceptions as gexc

        if lease.version is None:
            return False
        option = self.client.write_option(last_update_time=lease.version)
        try:
            result = self._call(self._ref(lease.key).update, {"expires_at": time.time() + ttl_s}, option=option)
        except (gexc.FailedPrecondition, gexc.Aborted, gexc.NotFound):
            return False
        lease.version = result.update_time
        return True

    def release(self, lease: Lease) -> None:
        from google.api_core import exceptions as gexc

        if lease.version is None:
            return
        option = self.client.write_option(last_update_time=lease.version)
        try:
            self._call(self._ref(lease.key).delete, option=option)
        except (gexc.FailedPrecondition, gexc.Aborted, gexc.NotFound):
            pass  # no longer ours: the new owner keeps it

    def finish(self, lease: Lease, keep_s: float) -> None:
        self._call(self._ref(lease.key).set, self._record(lease.key, keep_s, True))
        lease.version = None  # done: nothing left to renew or release
