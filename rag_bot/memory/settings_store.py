"""Per-user settings, the active thread and the threads of each chat (:mod:`rag_bot.memory.threads`), Telegram
update de-duplication and feedback.

Two backends share one interface, :class:`UserSettingsStore`:

* :class:`SqliteSettingsStore` - stdlib ``sqlite3``, one connection guarded by a lock (thread-safe);
* :class:`FirestoreSettingsStore` - Firestore; de-duplication is an atomic ``create`` (fails if the
  document exists), so exactly one caller wins even across processes.

All methods are synchronous and cheap (one statement or one request). Async code uses the ``a*``
twins, which run the sync method in a worker thread (``asyncio.to_thread``) so the event loop never
blocks. Backend failures raise :class:`~rag_bot.memory.errors.MemoryUnavailableError` (a SQLite file locked
past the busy timeout: its subclass ``MemoryBusyError``).

Seen update ids are kept :data:`SEEN_UPDATES_TTL_S` and pruned by age (at most once per
:data:`PRUNE_EVERY_S`, by the call that finds the time has come): Telegram re-delivers an update only while it is
unconfirmed, and keeps unconfirmed updates for 24 hours.
"""

from __future__ import annotations

import asyncio
import json
import logging
import sqlite3
import threading
import time
from abc import ABC, abstractmethod
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rag_bot.memory.errors import MemoryUnavailableError
from rag_bot.memory.threads import THREADS_SCHEMA, FirestoreThreads, SqliteThreads, ThreadRegistry

log = logging.getLogger(__name__)

SEEN_UPDATES_TTL_S = 2 * 86400.0  # twice Telegram's 24 h retention of unconfirmed updates
PRUNE_EVERY_S = 3600.0


@dataclass(frozen=True)
class FeedbackRecord:
    thread_id: str
    message_id: str
    user_id: str
    value: int
    created_at: float


class UserSettingsStore(ThreadRegistry, ABC):
    """The interface used by the frontends. Ids are strings (ints are accepted and converted); the threads of each
    chat: :class:`~rag_bot.memory.threads.ThreadRegistry`."""

    # --- per-user settings ------------------------------------------------------------------------
    @abstractmethod
    def get_user_settings(self, user_id: str | int) -> dict[str, Any]:
        """The user's settings dict ({} when none were saved)."""

    @abstractmethod
    def update_user_settings(self, user_id: str | int, **values: Any) -> dict[str, Any]:
        """Merge ``values`` into the user's settings (``None`` removes a key); returns the new dict."""

    def get_language(self, user_id: str | int, default: str | None = None) -> str | None:
        return self.get_user_settings(user_id).get("language", default)

    def set_language(self, user_id: str | int, language: str) -> None:
        self.update_user_settings(user_id, language=language)

    # --- active thread per chat -------------------------------------------------------------------
    @abstractmethod
    def get_active_thread(self, chat_id: str | int) -> str | None:
        """The chat's current conversation thread id, or None."""

    @abstractmethod
    def set_active_thread(self, chat_id: str | int, thread_id: str) -> None:
        """Make ``thread_id`` the chat's current conversation."""

    # --- Telegram update de-duplication -----------------------------------------------------------
    @abstractmethod
    def seen_update(self, update_id: str | int) -> bool:
        """Record ``update_id``; True only for the FIRST call with this id (process it), else False.

        Atomic: with concurrent callers (threads, processes, bot replicas) exactly one gets True.
        """

    # --- feedback ---------------------------------------------------------------------------------
    @abstractmethod
    def record_feedback(self, thread_id: str, message_id: str | int, user_id: str | int, value: int) -> None:
        """Store a user's vote (e.g. +1 / -1) on one answer; a new vote replaces the user's previous one."""

    @abstractmethod
    def get_feedback(self, thread_id: str | None = None) -> list[FeedbackRecord]:
        """Feedback of one thread (or all), oldest first."""

    def close(self) -> None:  # noqa: B027 - optional hook
        """Release resources."""

    # --- async twins ------------------------------------------------------------------------------
    async def aget_user_settings(self, user_id: str | int) -> dict[str, Any]:
        return await asyncio.to_thread(self.get_user_settings, user_id)

    async def aupdate_user_settings(self, user_id: str | int, **values: Any) -> dict[str, Any]:
        return await asyncio.to_thread(lambda: self.update_user_settings(user_id, **values))

    async def aget_active_thread(self, chat_id: str | int) -> str | None:
        return await asyncio.to_thread(self.get_active_thread, chat_id)

    async def aset_active_thread(self, chat_id: str | int, thread_id: str) -> None:
        await asyncio.to_thread(self.set_active_thread, chat_id, thread_id)

    async def aseen_update(self, update_id: str | int) -> bool:
        return await asyncio.to_thread(self.seen_update, update_id)

    async def arecord_feedback(self, thread_id: str, message_id: str | int, user_id: str | int, value: int) -> None:
        await asyncio.to_thread(self.record_feedback, thread_id, message_id, user_id, value)

    async def aget_feedback(self, thread_id: str | None = None) -> list[FeedbackRecord]:
        return await asyncio.to_thread(self.get_feedback, thread_id)


@dataclass
class _Result:
    """Rows and row count of one finished statement."""

    rows: list[tuple]
    rowcount: int

    def first(self) -> tuple | None:
        return self.rows[0] if self.rows else None


def _prune_quietly(store: Any) -> None:
    """Housekeeping must not fail the call that triggered it: a failed prune is retried at the next turn."""
    try:
        store.prune_seen_updates(store.seen_ttl_s)
    except MemoryUnavailableError as exc:
        log.warning("pruning old update ids failed (%s); will retry in %.0f s", exc, PRUNE_EVERY_S)


def _merge(current: dict[str, Any], values: dict[str, Any]) -> dict[str, Any]:
    merged = dict(current)
    for key, value in values.items():
        if value is None:
            merged.pop(key, None)
        else:
            merged[key] = value
    return merged


# ================================================================================================ SQLite
_SCHEMA = """
CREATE TABLE IF NOT EXISTS user_settings (user_id TEXT PRIMARY KEY, data TEXT NOT NULL, updated_at REAL);
CREATE TABLE IF NOT EXISTS chat_threads (chat_id TEXT PRIMARY KEY, thread_id TEXT NOT NULL, updated_at REAL);
CREATE TABLE IF NOT EXISTS seen_updates (update_id TEXT PRIMARY KEY, seen_at REAL NOT NULL);
CREATE TABLE IF NOT EXISTS feedback (
    thread_id TEXT NOT NULL, message_id TEXT NOT NULL, user_id TEXT NOT NULL,
    value INTEGER NOT NULL, created_at REAL NOT NULL,
    PRIMARY KEY (thread_id, message_id, user_id)
);
"""


class SqliteSettingsStore(SqliteThreads, UserSettingsStore):
    """SQLite backend (``path`` may be ":memory:"). One connection + a lock: safe from any thread.

    The file is created mode 0600 (it names every chat); a lock held by another process is waited for
    ``busy_timeout_s`` before ``MemoryBusyError``.
    """

    def __init__(self, path: str | Path, *, busy_timeout_s: float = 10.0,
                 seen_ttl_s: float = SEEN_UPDATES_TTL_S) -> None:
        from rag_bot.memory.sqlite_saver import connect

        self.path = str(path)
        self.busy_timeout_s = float(busy_timeout_s)
        self.seen_ttl_s = float(seen_ttl_s)
        self._next_prune = 0.0
        try:
            if self.path != ":memory:":
                Path(self.path).parent.mkdir(parents=True, exist_ok=True)
            self._conn = connect(self.path, self.busy_timeout_s)
            self._conn.isolation_level = None  # autocommit; update_user_settings opens its own transaction
            if self.path != ":memory:":
                self._conn.execute("PRAGMA journal_mode=WAL")
            self._conn.executescript(_SCHEMA + THREADS_SCHEMA)
        except (sqlite3.Error, OSError) as exc:
            raise self._error(exc, f"The settings database at {self.path} cannot be opened: {exc}.") from exc
        self._lock = threading.Lock()

    def _error(self, exc: BaseException, message: str) -> MemoryUnavailableError:
        from rag_bot.memory.sqlite_saver import is_lock_error, translate

        if isinstance(exc, sqlite3.Error) and is_lock_error(exc):
            return translate(exc, self.path, self.busy_timeout_s)
        return MemoryUnavailableError(message, detail=str(exc), backend="sqlite")

    def _exec(self, sql: str, params: tuple = ()) -> _Result:
        """Run one statement and read its rows at once: a cursor left open would keep a read transaction (and
        its WAL snapshot) alive, and the next write on this connection would fail with "database is locked"
        as soon as another connection (the checkpointer) had written."""
        try:
            with self._lock:
                cursor = self._conn.execute(sql, params)
                try:
                    return _Result(cursor.fetchall(), cursor.rowcount)
                finally:
                    cursor.close()
        except sqlite3.Error as exc:
            raise self._error(exc, "The settings database is unavailable right now; please try again.") from exc

    def get_user_settings(self, user_id: str | int) -> dict[str, Any]:
        row = self._exec("SELECT data FROM user_settings WHERE user_id = ?", (str(user_id),)).first()
        return json.loads(row[0]) if row else {}

    def update_user_settings(self, user_id: str | int, **values: Any) -> dict[str, Any]:
        def merge(conn: sqlite3.Connection) -> dict[str, Any]:
            rows = conn.execute("SELECT data FROM user_settings WHERE user_id = ?", (str(user_id),)).fetchall()
            merged = _merge(json.loads(rows[0][0]) if rows else {}, values)
            conn.execute("INSERT OR REPLACE INTO user_settings (user_id, data, updated_at) VALUES (?, ?, ?)",
                         (str(user_id), json.dumps(merged, ensure_ascii=False), time.time()))
            return merged

        return self._write(merge)

    def get_active_thread(self, chat_id: str | int) -> str | None:
        row = self._exec("SELECT thread_id FROM chat_threads WHERE chat_id = ?", (str(chat_id),)).first()
        return row[0] if row else None

    def set_active_thread(self, chat_id: str | int, thread_id: str) -> None:
        self._exec(
            "INSERT OR REPLACE INTO chat_threads (chat_id, thread_id, updated_at) VALUES (?, ?, ?)",
            (str(chat_id), thread_id, time.time()),
        )

    def seen_update(self, update_id: str | int) -> bool:
        now = time.time()
        if now >= self._next_prune:
            self._next_prune = now + PRUNE_EVERY_S
            _prune_quietly(self)
        cur = self._exec(
            "INSERT OR IGNORE INTO seen_updates (update_id, seen_at) VALUES (?, ?)", (str(update_id), now)
        )
        return cur.rowcount == 1

    def prune_seen_updates(self, older_than_s: float = SEEN_UPDATES_TTL_S) -> int:
        """Forget update ids seen more than ``older_than_s`` ago; returns how many were removed."""
        return self._exec("DELETE FROM seen_updates WHERE seen_at < ?", (time.time() - older_than_s,)).rowcount

    def record_feedback(self, thread_id: str, message_id: str | int, user_id: str | int, value: int) -> None:
        self._exec(
            "INSERT OR REPLACE INTO feedback (thread_id, message_id, user_id, value, created_at) "
            "VALUES (?, ?, ?, ?, ?)",
            (thread_id, str(message_id), str(user_id), int(value), time.time()),
        )

    def get_feedback(self, thread_id: str | None = None) -> list[FeedbackRecord]:
        sql = "SELECT thread_id, message_id, user_id, value, created_at FROM feedback"
        params: tuple = ()
        if thread_id is not None:
            sql += " WHERE thread_id = ?"
            params = (thread_id,)
        rows = self._exec(sql + " ORDER BY created_at, rowid", params).rows
        return [FeedbackRecord(*row) for row in rows]

    def close(self) -> None:
        with self._lock:
            self._conn.close()


# ============================================================================================= Firestore
class FirestoreSettingsStore(FirestoreThreads, UserSettingsStore):
    """Firestore backend: collections ``{prefix}_users``, ``{prefix}_chats``, ``{prefix}_updates``,
    ``{prefix}_feedback``. Document ids are encoded (any characters allowed in ids)."""

    def __init__(self, client: Any, *, prefix: str = "ragbot", timeout: float = 20.0,
                 seen_ttl_s: float = SEEN_UPDATES_TTL_S) -> None:
        from google.api_core.retry import Retry, if_transient_error

        self.client = client
        self.prefix = prefix
        self.timeout = float(timeout)
        self.seen_ttl_s = float(seen_ttl_s)
        self._next_prune = 0.0
        self._retry = Retry(predicate=if_transient_error, initial=0.1, maximum=1.0, timeout=self.timeout)

    def _col(self, name: str) -> Any:
        return self.client.collection(f"{self.prefix}_{name}")

    def _call(self, fn: Any, *args: Any, **kwargs: Any) -> Any:
        from rag_bot.memory.firestore_common import firestore_errors as _errors

        with _errors():
            return fn(*args, retry=self._retry, timeout=self.timeout, **kwargs)

    @staticmethod
    def _id(value: str | int) -> str:
        from rag_bot.memory.firestore_common import encode_id

        return encode_id(str(value))

    def get_user_settings(self, user_id: str | int) -> dict[str, Any]:
        snap = self._call(self._col("users").document(self._id(user_id)).get)
        return dict((snap.to_dict() or {}).get("settings") or {}) if snap.exists else {}

    def update_user_settings(self, user_id: str | int, **values: Any) -> dict[str, Any]:
        from google.cloud import firestore

        ref = self._col("users").document(self._id(user_id))
        # A merge write changes only the named keys, atomically, with no read-modify-write race:
        # concurrent updates of different keys never contend (a transaction did, under load).
        changes = {key: firestore.DELETE_FIELD if value is None else value for key, value in values.items()}
        self._call(ref.set, {"user_id": str(user_id), "settings": changes, "updated_at": time.time()}, merge=True)
        return self.get_user_settings(user_id)

    def get_active_thread(self, chat_id: str | int) -> str | None:
        snap = self._call(self._col("chats").document(self._id(chat_id)).get)
        return (snap.to_dict() or {}).get("thread_id") if snap.exists else None

    def set_active_thread(self, chat_id: str | int, thread_id: str) -> None:
        ref = self._col("chats").document(self._id(chat_id))  # merged: the document also counts the chat's threads
        self._call(ref.set, {"chat_id": str(chat_id), "thread_id": thread_id, "updated_at": time.time()}, merge=True)

    def seen_update(self, update_id: str | int) -> bool:
        from google.api_core import exceptions as gexc

        now = time.time()
        if now >= self._next_prune:
            self._next_prune = now + PRUNE_EVERY_S
            _prune_quietly(self)
        ref = self._col("updates").document(self._id(update_id))
        # expires_at also lets a Firestore TTL policy on this collection forget old ids without our pruning
        data = {"update_id": str(update_id), "seen_at": now, "expires_at": _expiry(self.seen_ttl_s / 86400)}
        try:
            self._call(ref.create, data)
        except (gexc.AlreadyExists, gexc.Conflict):
            return False
        return True

    def prune_seen_updates(self, older_than_s: float = SEEN_UPDATES_TTL_S, page: int = 400) -> int:
        """Delete update ids seen more than ``older_than_s`` ago (pages of ``page`` ids); returns how many."""
        from google.cloud.firestore_v1.base_query import FieldFilter

        old = self._col("updates").where(filter=FieldFilter("seen_at", "<", time.time() - older_than_s))
        removed = 0
        while True:
            snaps = self._call(old.select(["seen_at"]).limit(page).get)
            if not snaps:
                return removed
            batch = self.client.batch()
            for snap in snaps:
                batch.delete(snap.reference)
            self._call(batch.commit)
            removed += len(snaps)
            if len(snaps) < page:
                return removed

    def record_feedback(self, thread_id: str, message_id: str | int, user_id: str | int, value: int) -> None:
        doc_id = f"{self._id(thread_id)}~{self._id(message_id)}~{self._id(user_id)}"
        data = {
            "thread_id": thread_id,
            "message_id": str(message_id),
            "user_id": str(user_id),
            "value": int(value),
            "created_at": time.time(),
        }
        self._call(self._col("feedback").document(doc_id).set, data)

    def get_feedback(self, thread_id: str | None = None) -> list[FeedbackRecord]:
        from google.cloud.firestore_v1.base_query import FieldFilter

        query = self._col("feedback")
        if thread_id is not None:
            query = query.where(filter=FieldFilter("thread_id", "==", thread_id))
        snaps = self._call(query.get)
        records = [
            FeedbackRecord(d["thread_id"], d["message_id"], d["user_id"], d["value"], d["created_at"])
            for d in (s.to_dict() for s in snaps)
        ]
        return sorted(records, key=lambda r: r.created_at)


def _expiry(days: float) -> Any:
    from datetime import UTC, datetime, timedelta

    return datetime.now(UTC) + timedelta(days=days)
