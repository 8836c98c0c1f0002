"""Conversation threads of a chat: numbered, titled, one of them active; the part of the settings store that keeps
them (:class:`ThreadRegistry`, with a SQLite and a Firestore implementation mixed into the two stores).

A thread belongs to a chat (in a group: to the group, not to a member). Each gets the chat's next number at
creation (numbers are never reused, so ``/switch 3`` names the same thread until it is deleted), a title (set once:
given to ``/new``, else the first question asked in it, shortened) and a last-active time. Creation is
create-if-absent: two concurrent first messages of a chat (two tasks, two processes, two replicas) end up in one
thread (SQLite: ``BEGIN IMMEDIATE``; Firestore: a transaction on the chat's document). Starting a thread beyond
``keep`` threads deletes the least recently active ones (never the new one) and returns them, so the caller also
deletes their checkpoints.
"""

from __future__ import annotations

import sqlite3
import time
from abc import ABC, abstractmethod
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, TypeVar

from rag_bot.memory.errors import MemoryUnavailableError
from rag_bot.safe_text import clean_line

T = TypeVar("T")


@dataclass(frozen=True)
class ThreadRecord:
    """One conversation thread of a chat."""

    chat_id: str
    thread_id: str
    number: int
    title: str
    created_at: float
    last_active: float


def short_title(text: str, limit: int) -> str:
    """``text`` on one line, at most ``limit`` characters (cut at a word where one ends late enough, with "…")."""
    line = " ".join(clean_line(text or "").split())
    if len(line) <= limit:
        return line
    cut = line[: max(1, limit - 1)]
    space = cut.rfind(" ")
    if space >= limit // 2:
        cut = cut[:space]
    return cut.rstrip(" ,;:.-") + "…"


class ThreadRegistry(ABC):
    """The threads of each chat (ids are strings; ints are accepted and converted)."""

    @abstractmethod
    def ensure_active_thread(self, chat_id: str | int, thread_id: str) -> str:
        """The chat's active thread; when it has none, ``thread_id`` is registered (next number) and made active.

        Atomic: concurrent callers with different candidate ids all get the same thread."""

    @abstractmethod
    def start_thread(self, chat_id: str | int, thread_id: str, title: str, keep: int) -> tuple[
            ThreadRecord, list[ThreadRecord]]:
        """Register ``thread_id`` (next number, ``title`` may be empty) and make it active; threads beyond ``keep``
        (least recently active first, never the new one) are deleted. Returns (the new thread, the deleted)."""

    @abstractmethod
    def list_threads(self, chat_id: str | int, limit: int) -> list[ThreadRecord]:
        """The chat's ``limit`` most recently active threads, most recent first."""

    @abstractmethod
    def thread_by_number(self, chat_id: str | int, number: int) -> ThreadRecord | None:
        """Thread ``number`` of the chat, or None."""

    @abstractmethod
    def touch_thread(self, chat_id: str | int, thread_id: str, title: str) -> None:
        """Mark the thread active now; ``title`` becomes its title when it has none (an unregistered thread, e.g.
        one made active before threads were numbered, is registered)."""

    @abstractmethod
    def remove_thread(self, chat_id: str | int, number: int) -> ThreadRecord | None:
        """Delete thread ``number`` (the chat then has no active thread if it was the active one); None if absent."""

    async def aensure_active_thread(self, chat_id: str | int, thread_id: str) -> str:
        import asyncio

        return await asyncio.to_thread(self.ensure_active_thread, chat_id, thread_id)

    async def astart_thread(self, chat_id: str | int, thread_id: str, title: str, keep: int) -> tuple[
            ThreadRecord, list[ThreadRecord]]:
        import asyncio

        return await asyncio.to_thread(self.start_thread, chat_id, thread_id, title, keep)

    async def alist_threads(self, chat_id: str | int, limit: int) -> list[ThreadRecord]:
        import asyncio

        return await asyncio.to_thread(self.list_threads, chat_id, limit)

    async def athread_by_number(self, chat_id: str | int, number: int) -> ThreadRecord | None:
        import asyncio

        return await asyncio.to_thread(self.thread_by_number, chat_id, number)

    async def atouch_thread(self, chat_id: str | int, thread_id: str, title: str) -> None:
        import asyncio

        await asyncio.to_thread(self.touch_thread, chat_id, thread_id, title)

    async def aremove_thread(self, chat_id: str | int, number: int) -> ThreadRecord | None:
        import asyncio

        return await asyncio.to_thread(self.remove_thread, chat_id, number)


# ================================================================================================ SQLite
THREADS_SCHEMA = """
CREATE TABLE IF NOT EXISTS threads (
    chat_id TEXT NOT NULL, thread_id TEXT NOT NULL, number INTEGER NOT NULL, title TEXT NOT NULL DEFAULT '',
    created_at REAL NOT NULL, last_active REAL NOT NULL, PRIMARY KEY (chat_id, thread_id)
);
CREATE INDEX IF NOT EXISTS threads_by_activity ON threads (chat_id, last_active);
CREATE TABLE IF NOT EXISTS thread_numbers (chat_id TEXT PRIMARY KEY, last INTEGER NOT NULL);
"""
_COLUMNS = "chat_id, thread_id, number, title, created_at, last_active"


class SqliteThreads(ThreadRegistry):
    """The registry on the settings store's SQLite connection (``_conn``, ``_lock``, ``_error`` of the store)."""

    _conn: sqlite3.Connection
    _lock: Any
    _error: Callable[[BaseException, str], Exception]
    _exec: Callable[..., Any]

    def _write(self, work: Callable[[sqlite3.Connection], T]) -> T:
        """``work(conn)`` in one ``BEGIN IMMEDIATE`` transaction (other processes wait for it)."""
        from rag_bot.memory.sqlite_saver import immediate

        try:
            return immediate(self._conn, self._lock, work)
        except sqlite3.Error as exc:
            raise self._error(exc, "The settings database is unavailable right now; please try again.") from exc

    @staticmethod
    def _insert(conn: sqlite3.Connection, chat: str, thread_id: str, title: str, now: float) -> ThreadRecord:
        """Register a thread with the chat's next number (inside a write transaction); an existing one is kept."""
        row = conn.execute(f"SELECT {_COLUMNS} FROM threads WHERE chat_id = ? AND thread_id = ?",
                           (chat, thread_id)).fetchone()
        if row is not None:
            return ThreadRecord(*row)
        conn.execute("INSERT INTO thread_numbers (chat_id, last) VALUES (?, 1) "
                     "ON CONFLICT(chat_id) DO UPDATE SET last = last + 1", (chat,))
        number = conn.execute("SELECT last FROM thread_numbers WHERE chat_id = ?", (chat,)).fetchone()[0]
        conn.execute(f"INSERT INTO threads ({_COLUMNS}) VALUES (?, ?, ?, ?, ?, ?)",
                     (chat, thread_id, number, title, now, now))
        return ThreadRecord(chat, thread_id, int(number), title, now, now)

    @staticmethod
    def _activate(conn: sqlite3.Connection, chat: str, thread_id: str, now: float) -> None:
        conn.execute("INSERT OR REPLACE INTO chat_threads (chat_id, thread_id, updated_at) VALUES (?, ?, ?)",
                     (chat, thread_id, now))

    def ensure_active_thread(self, chat_id: str | int, thread_id: str) -> str:
        chat = str(chat_id)

        def work(conn: sqlite3.Connection) -> str:
            row = conn.execute("SELECT thread_id FROM chat_threads WHERE chat_id = ?", (chat,)).fetchone()
            if row is not None:
                return str(row[0])
            now = time.time()
            self._insert(conn, chat, thread_id, "", now)
            self._activate(conn, chat, thread_id, now)
            return thread_id

        return self._write(work)

    def start_thread(self, chat_id: str | int, thread_id: str, title: str, keep: int) -> tuple[
            ThreadRecord, list[ThreadRecord]]:
        chat = str(chat_id)

        def work(conn: sqlite3.Connection) -> tuple[ThreadRecord, list[ThreadRecord]]:
            now = time.time()
            made = self._insert(conn, chat, thread_id, title, now)
            self._activate(conn, chat, thread_id, now)
            rows = conn.execute(f"SELECT {_COLUMNS} FROM threads WHERE chat_id = ? AND thread_id != ? "
                                "ORDER BY last_active DESC, number DESC", (chat, thread_id)).fetchall()
            pruned = [ThreadRecord(*row) for row in rows[max(0, keep - 1):]]
            conn.executemany("DELETE FROM threads WHERE chat_id = ? AND thread_id = ?",
                             [(chat, p.thread_id) for p in pruned])
            return made, pruned

        return self._write(work)

    def list_threads(self, chat_id: str | int, limit: int) -> list[ThreadRecord]:
        rows = self._exec(
            f"SELECT {_COLUMNS} FROM threads WHERE chat_id = ? ORDER BY last_active DESC, number DESC LIMIT ?",
            (str(chat_id), int(limit))).rows
        return [ThreadRecord(*row) for row in rows]

    def thread_by_number(self, chat_id: str | int, number: int) -> ThreadRecord | None:
        row = self._exec(f"SELECT {_COLUMNS} FROM threads WHERE chat_id = ? AND number = ?",
                         (str(chat_id), int(number))).first()
        return ThreadRecord(*row) if row else None

    def touch_thread(self, chat_id: str | int, thread_id: str, title: str) -> None:
        chat = str(chat_id)

        def work(conn: sqlite3.Connection) -> None:
            now = time.time()
            self._insert(conn, chat, thread_id, "", now)
            conn.execute("UPDATE threads SET last_active = ?, title = CASE WHEN title = '' THEN ? ELSE title END "
                         "WHERE chat_id = ? AND thread_id = ?", (now, title, chat, thread_id))

        self._write(work)

    def remove_thread(self, chat_id: str | int, number: int) -> ThreadRecord | None:
        chat = str(chat_id)

        def work(conn: sqlite3.Connection) -> ThreadRecord | None:
            row = conn.execute(f"SELECT {_COLUMNS} FROM threads WHERE chat_id = ? AND number = ?",
                               (chat, int(number))).fetchone()
            if row is None:
                return None
            record = ThreadRecord(*row)
            conn.execute("DELETE FROM threads WHERE chat_id = ? AND thread_id = ?", (chat, record.thread_id))
            conn.execute("DELETE FROM chat_threads WHERE chat_id = ? AND thread_id = ?", (chat, record.thread_id))
            return record

        return self._write(work)


# ============================================================================================= Firestore
class FirestoreThreads(ThreadRegistry):
    """The registry in Firestore: the chat's document ``{prefix}_chats/{chat}`` holds the active thread, the last
    number given and how many threads the chat has; each thread is a document of its ``threads`` subcollection.
    Every call is one request or one transaction (its reads, one commit); pruning, only when a new thread passes the
    bound, adds one query and one batched delete."""

    client: Any
    _call: Callable[..., Any]
    _col: Callable[[str], Any]
    _id: Callable[[str | int], str]
    timeout: float

    def _chat_ref(self, chat_id: str | int) -> Any:
        return self._col("chats").document(self._id(chat_id))

    def _threads(self, chat_id: str | int) -> Any:
        return self._chat_ref(chat_id).collection("threads")

    @staticmethod
    def _record(chat: str, data: dict[str, Any]) -> ThreadRecord:
        return ThreadRecord(chat, str(data["thread_id"]), int(data["number"]), str(data.get("title") or ""),
                            float(data["created_at"]), float(data["last_active"]))

    def _transaction(self, work: Callable[[Any], T]) -> T:
        """``work(transaction)`` in one Firestore transaction (retried on contention)."""
        from google.cloud import firestore

        from rag_bot.memory.firestore_common import firestore_errors

        with firestore_errors():
            try:
                return firestore.transactional(work)(self.client.transaction(max_attempts=10))
            except ValueError as exc:  # every attempt lost to contention
                raise MemoryUnavailableError("The conversation memory is busy with this chat; please try again.",
                                             detail=str(exc), backend="firestore") from exc

    def _get(self, ref: Any, transaction: Any) -> Any:
        return ref.get(transaction=transaction, timeout=self.timeout)

    def _insert(self, transaction: Any, chat: str, chat_data: dict[str, Any], thread_id: str, title: str,
                now: float, activate: bool) -> ThreadRecord:
        """Writes of a new thread (after the transaction's reads): its document, the chat's counter (and active)."""
        number = int(chat_data.get("last_number") or 0) + 1
        record = ThreadRecord(chat, thread_id, number, title, now, now)
        transaction.set(self._threads(chat).document(self._id(thread_id)),
                        {"thread_id": thread_id, "number": number, "title": title, "created_at": now,
                         "last_active": now})
        update: dict[str, Any] = {"chat_id": chat, "last_number": number, "updated_at": now,
                                  "thread_count": int(chat_data.get("thread_count") or 0) + 1}
        if activate:
            update["thread_id"] = thread_id
        transaction.set(self._chat_ref(chat), update, merge=True)
        return record

    def ensure_active_thread(self, chat_id: str | int, thread_id: str) -> str:
        """A chat's first thread is one batch that *creates* the chat's document (with the thread as number 1): of
        concurrent first messages exactly one batch succeeds, the others read its thread. A chat whose document
        exists without an active thread (it was deleted) takes a transaction."""
        from google.api_core import exceptions as gexc

        chat = str(chat_id)
        for _ in range(2):  # a lost create is followed by one more read
            snap = self._call(self._chat_ref(chat).get)
            data = snap.to_dict() or {}
            if data.get("thread_id"):
                return str(data["thread_id"])
            if snap.exists:
                break
            now = time.time()
            batch = self.client.batch()
            batch.create(self._chat_ref(chat), {"chat_id": chat, "thread_id": thread_id, "last_number": 1,
                                                "thread_count": 1, "updated_at": now})
            batch.set(self._threads(chat).document(self._id(thread_id)),
                      {"thread_id": thread_id, "number": 1, "title": "", "created_at": now, "last_active": now})
            try:
                self._call(batch.commit)
                return thread_id
            except (gexc.AlreadyExists, gexc.Conflict):
                continue  # another first message won: read its thread

        def work(transaction: Any) -> str:
            data = self._get(self._chat_ref(chat), transaction).to_dict() or {}
            if data.get("thread_id"):
                return str(data["thread_id"])
            self._insert(transaction, chat, data, thread_id, "", time.time(), activate=True)
            return thread_id

        return self._transaction(work)

    def start_thread(self, chat_id: str | int, thread_id: str, title: str, keep: int) -> tuple[
            ThreadRecord, list[ThreadRecord]]:
        chat = str(chat_id)

        def work(transaction: Any) -> tuple[ThreadRecord, int]:
            data = self._get(self._chat_ref(chat), transaction).to_dict() or {}
            made = self._insert(transaction, chat, data, thread_id, title, time.time(), activate=True)
            return made, int(data.get("thread_count") or 0) + 1

        made, count = self._transaction(work)
        pruned = self._prune(chat, keep, made.thread_id) if count > keep else []
        return made, pruned

    def _prune(self, chat: str, keep: int, new_thread: str) -> list[ThreadRecord]:
        """Delete the least recently active threads beyond ``keep`` (never ``new_thread``); run only when the chat's
        ``thread_count`` passes ``keep``, as the query also reads (and Firestore bills) the ``keep`` it skips."""
        from google.cloud import firestore

        query = self._threads(chat).order_by("last_active", direction=firestore.Query.DESCENDING).offset(keep)
        old = [self._record(chat, s.to_dict() or {}) for s in self._call(query.get)]
        old = [r for r in old if r.thread_id != new_thread]
        if old:
            batch = self.client.batch()
            for record in old:
                batch.delete(self._threads(chat).document(self._id(record.thread_id)))
            batch.update(self._chat_ref(chat), {"thread_count": firestore.Increment(-len(old))})
            self._call(batch.commit)
        return old

    def list_threads(self, chat_id: str | int, limit: int) -> list[ThreadRecord]:
        from google.cloud import firestore

        chat = str(chat_id)
        query = self._threads(chat).order_by("last_active", direction=firestore.Query.DESCENDING).limit(int(limit))
        records = [self._record(chat, s.to_dict() or {}) for s in self._call(query.get)]
        return sorted(records, key=lambda r: (-r.last_active, -r.number))

    def thread_by_number(self, chat_id: str | int, number: int) -> ThreadRecord | None:
        from google.cloud.firestore_v1.base_query import FieldFilter

        chat = str(chat_id)
        query = self._threads(chat).where(filter=FieldFilter("number", "==", int(number))).limit(1)
        snaps = self._call(query.get)
        return self._record(chat, snaps[0].to_dict() or {}) if snaps else None

    def touch_thread(self, chat_id: str | int, thread_id: str, title: str) -> None:
        chat = str(chat_id)
        ref = self._threads(chat).document(self._id(thread_id))

        def work(transaction: Any) -> None:
            snap = self._get(ref, transaction)
            now = time.time()
            if not snap.exists:
                data = self._get(self._chat_ref(chat), transaction).to_dict() or {}
                self._insert(transaction, chat, data, thread_id, title, now, activate=False)
                return
            update: dict[str, Any] = {"last_active": now}
            if not (snap.to_dict() or {}).get("title"):
                update["title"] = title
            transaction.update(ref, update)

        self._transaction(work)

    def remove_thread(self, chat_id: str | int, number: int) -> ThreadRecord | None:
        record = self.thread_by_number(chat_id, number)
        if record is None:
            return None
        chat = record.chat_id
        ref = self._threads(chat).document(self._id(record.thread_id))

        def work(transaction: Any) -> None:
            snaps = {s.reference.path: s for s in self.client.get_all([self._chat_ref(chat), ref],
                                                                       transaction=transaction, timeout=self.timeout)}
            if not snaps[ref.path].exists:  # deleted meanwhile: counted down already
                return
            data = snaps[self._chat_ref(chat).path].to_dict() or {}
            transaction.delete(ref)
            update: dict[str, Any] = {"thread_count": max(0, int(data.get("thread_count") or 1) - 1),
                                      "updated_at": time.time()}
            if data.get("thread_id") == record.thread_id:
                update["thread_id"] = None
            transaction.update(self._chat_ref(chat), update)

        self._transaction(work)
        return record
