"""The SQLite conversation file: created private (0600), opened with a busy timeout, lock errors typed.

Checkpoints (LangGraph's ``SqliteSaver`` / ``AsyncSqliteSaver``) and the user-settings store share one file. It
holds every conversation, so it is created readable by its owner only; SQLite gives its ``-wal`` / ``-shm``
files the database's mode. A file left world-readable by an older version is tightened when opened.

A writer holding the file (another ``rag-bot chat`` or bot on the same path) makes others wait up to
``busy_timeout_s`` (SQLite's busy handler); after that the call raises
:class:`~rag_bot.memory.errors.MemoryBusyError` with one sentence instead of ``sqlite3.OperationalError``.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import stat
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager, contextmanager
from pathlib import Path
from typing import Any, TypeVar

from langgraph.checkpoint.sqlite import SqliteSaver
from langgraph.checkpoint.sqlite.aio import AsyncSqliteSaver

from rag_bot.memory.errors import MemoryBusyError, MemoryUnavailableError

log = logging.getLogger(__name__)

PRIVATE_MODE = 0o600
_COMPANIONS = ("", "-wal", "-shm", "-journal")


def make_private(path: str | Path) -> None:
    """Create ``path`` with mode 0600 if it is missing; tighten it (and its WAL/SHM files) if others can read it."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_CREAT | os.O_EXCL | os.O_WRONLY, PRIVATE_MODE)
        os.close(fd)
        return
    except FileExistsError:
        pass
    for suffix in _COMPANIONS:
        item = Path(f"{path}{suffix}")
        try:
            mode = stat.S_IMODE(item.stat().st_mode)
            if mode & 0o077:
                os.chmod(item, mode & 0o700)
                log.info("%s was readable by other users; now %o", item, mode & 0o700)
        except FileNotFoundError:
            continue
        except OSError as exc:  # not our file: leave it, SQLite still opens it
            log.warning("cannot tighten the mode of %s: %s", item, exc)


def is_lock_error(exc: BaseException) -> bool:
    text = str(exc).lower()
    return isinstance(exc, sqlite3.OperationalError) and ("locked" in text or "busy" in text)


def translate(exc: sqlite3.Error, path: object, busy_timeout_s: float) -> MemoryUnavailableError:
    """The typed error for a failed SQLite call: busy -> MemoryBusyError, anything else -> unavailable."""
    if is_lock_error(exc):
        return MemoryBusyError.for_path(path, busy_timeout_s, detail=str(exc))
    return MemoryUnavailableError(
        f"The conversation database {path} cannot be used: {exc}.", detail=str(exc), backend="sqlite"
    )


T = TypeVar("T")


def immediate(conn: sqlite3.Connection, lock: Any, work: Callable[[sqlite3.Connection], T]) -> T:
    """``work(conn)`` in one ``BEGIN IMMEDIATE`` transaction under ``lock``: committed unless it raises (other
    processes wait for it). sqlite3 errors propagate for the caller to translate."""
    with lock:
        conn.execute("BEGIN IMMEDIATE")
        try:
            result = work(conn)
            conn.execute("COMMIT")
        except BaseException:
            conn.execute("ROLLBACK")
            raise
    return result


def connect(path: str | Path, busy_timeout_s: float) -> sqlite3.Connection:
    """A thread-shareable connection to a private file (``:memory:`` stays in memory)."""
    if str(path) != ":memory:":
        make_private(path)
    return sqlite3.connect(str(path), check_same_thread=False, timeout=busy_timeout_s)


class _Typed:
    """Turns SQLite errors of the wrapped saver into the memory layer's typed errors."""

    path: str = ""
    busy_timeout_s: float = 0.0

    @contextmanager
    def _errors(self) -> Iterator[None]:
        try:
            yield
        except sqlite3.Error as exc:
            raise translate(exc, self.path, self.busy_timeout_s) from exc


class PrivateSqliteSaver(_Typed, SqliteSaver):
    """``SqliteSaver`` whose errors are typed (see the module docstring)."""

    def __init__(self, conn: sqlite3.Connection, path: str, busy_timeout_s: float, **kwargs: Any) -> None:
        super().__init__(conn, **kwargs)
        self.path, self.busy_timeout_s = path, busy_timeout_s

    def setup(self) -> None:
        with self._errors():
            super().setup()

    def get_tuple(self, config):
        with self._errors():
            return super().get_tuple(config)

    def list(self, config, **kwargs):
        with self._errors():
            yield from super().list(config, **kwargs)

    def put(self, config, checkpoint, metadata, new_versions):
        with self._errors():
            return super().put(config, checkpoint, metadata, new_versions)

    def put_writes(self, config, writes, task_id, task_path: str = ""):
        with self._errors():
            return super().put_writes(config, writes, task_id, task_path)

    def delete_thread(self, thread_id: str) -> None:
        with self._errors():
            super().delete_thread(thread_id)


class PrivateAsyncSqliteSaver(_Typed, AsyncSqliteSaver):
    """``AsyncSqliteSaver`` whose errors are typed; its sync methods delegate to these async ones."""

    async def setup(self) -> None:
        with self._errors():
            await super().setup()

    async def aget_tuple(self, config):
        with self._errors():
            return await super().aget_tuple(config)

    async def alist(self, config, **kwargs):
        with self._errors():
            async for item in super().alist(config, **kwargs):
                yield item

    async def aput(self, config, checkpoint, metadata, new_versions):
        with self._errors():
            return await super().aput(config, checkpoint, metadata, new_versions)

    async def aput_writes(self, config, writes, task_id, task_path: str = ""):
        with self._errors():
            return await super().aput_writes(config, writes, task_id, task_path)

    async def adelete_thread(self, thread_id: str) -> None:
        with self._errors():
            await super().adelete_thread(thread_id)


def open_saver(path: Path, busy_timeout_s: float) -> PrivateSqliteSaver:
    """A set-up sync saver on ``path`` (the caller keeps it for the process lifetime)."""
    try:
        saver = PrivateSqliteSaver(connect(path, busy_timeout_s), str(path), busy_timeout_s)
    except sqlite3.Error as exc:
        raise translate(exc, path, busy_timeout_s) from exc
    saver.setup()
    return saver


@asynccontextmanager
async def open_async_saver(path: Path, busy_timeout_s: float) -> AsyncIterator[PrivateAsyncSqliteSaver]:
    """``async with open_async_saver(path, timeout) as saver:`` - set up, closed on exit."""
    import aiosqlite

    make_private(path)
    try:
        conn = await aiosqlite.connect(str(path), timeout=busy_timeout_s)
    except sqlite3.Error as exc:
        raise translate(exc, path, busy_timeout_s) from exc
    try:
        saver = PrivateAsyncSqliteSaver(conn)
        saver.path, saver.busy_timeout_s = str(path), busy_timeout_s
        await saver.setup()
        yield saver
    finally:
        await conn.close()
