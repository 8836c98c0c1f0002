"""Build the checkpointer and the user-settings store selected by ``Settings.checkpointer``.

* ``make_checkpointer(settings)`` - sync, for the CLI (SqliteSaver / InMemorySaver / FirestoreSaver);
* ``open_async_checkpointer(settings)`` - async context manager for the Telegram bot
  (AsyncSqliteSaver / InMemorySaver / FirestoreSaver with an AsyncClient), closes what it opened;
* ``make_settings_store(settings)`` - SQLite (same file as the checkpoints) or Firestore;
* ``make_lease_store(settings)`` - the update and chat leases of the webhook bot, next to the settings store.

SQLite files are private (0600) and wait ``sqlite_busy_timeout_s`` for a lock (:mod:`rag_bot.memory.sqlite_saver`);
Firestore clients reconnect quickly after an outage (:mod:`rag_bot.memory.firestore_common`). An unreachable or
misconfigured backend raises :class:`MemoryUnavailableError` with a readable sentence (a SQLite file locked for
too long: its subclass :class:`MemoryBusyError`).
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, TypeVar

from langgraph.checkpoint.base import BaseCheckpointSaver
from langgraph.checkpoint.memory import InMemorySaver

from rag_bot.config import Settings
from rag_bot.memory.errors import MemoryUnavailableError
from rag_bot.memory.leases import FirestoreLeaseStore, LeaseStore, SqliteLeaseStore
from rag_bot.memory.settings_store import FirestoreSettingsStore, SqliteSettingsStore, UserSettingsStore

S = TypeVar("S")

_PROBE_TIMEOUT_S = 10.0


def _timeout(settings: Settings) -> float:
    return float(getattr(settings, "firestore_timeout_s", 20.0))


def _sqlite_path(settings: Settings) -> Path:
    path = Path(settings.sqlite_path).expanduser()
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
    except OSError as exc:
        raise MemoryUnavailableError(
            f"The conversation database folder {path.parent} cannot be created: {exc.strerror or exc}.",
            backend="sqlite",
        ) from exc
    return path


def _firestore_clients(settings: Settings, *, with_async: bool) -> tuple[Any, Any]:
    """(Client, AsyncClient | None) for settings.firestore_project / firestore_database."""
    try:
        from rag_bot.memory.firestore_common import AsyncClient, Client

        kwargs: dict[str, Any] = {"database": settings.firestore_database}
        if settings.firestore_project:
            kwargs["project"] = settings.firestore_project
        client = Client(**kwargs)
        async_client = AsyncClient(**kwargs) if with_async else None
    except Exception as exc:  # DefaultCredentialsError, missing project, ...
        raise MemoryUnavailableError(
            "The conversation memory (Firestore) is not configured: set RAG_BOT_FIRESTORE_PROJECT and "
            "provide Google credentials (GOOGLE_APPLICATION_CREDENTIALS or gcloud auth application-default "
            "login), or use RAG_BOT_CHECKPOINTER=sqlite.",
            detail=f"{type(exc).__name__}: {exc}",
            backend="firestore",
        ) from exc
    return client, async_client


def _probe_sync(client: Any, settings: Settings) -> None:
    """One cheap read so a wrong project / unreachable Firestore fails at start-up, not mid-chat."""
    from google.api_core.retry import Retry, if_transient_error

    from rag_bot.memory.firestore_common import firestore_errors as _errors

    timeout = min(_PROBE_TIMEOUT_S, _timeout(settings))
    ref = client.collection(f"{settings.firestore_prefix}_threads").document("probe")
    with _errors():
        ref.get(retry=Retry(predicate=if_transient_error, timeout=timeout), timeout=timeout)


async def _probe_async(client: Any, settings: Settings) -> None:
    from google.api_core.retry import AsyncRetry, if_transient_error

    from rag_bot.memory.firestore_common import firestore_errors as _errors

    timeout = min(_PROBE_TIMEOUT_S, _timeout(settings))
    ref = client.collection(f"{settings.firestore_prefix}_threads").document("probe")
    with _errors():
        await ref.get(retry=AsyncRetry(predicate=if_transient_error, timeout=timeout), timeout=timeout)


def make_checkpointer(settings: Settings, *, probe: bool = True) -> BaseCheckpointSaver:
    """A ready checkpointer for synchronous use (CLI). The caller keeps it for the process lifetime."""
    kind = settings.checkpointer
    if kind == "memory":
        return InMemorySaver()
    if kind == "sqlite":
        from rag_bot.memory.sqlite_saver import open_saver

        return open_saver(_sqlite_path(settings), settings.sqlite_busy_timeout_s)
    if kind == "firestore":
        from rag_bot.memory.firestore_saver import FirestoreSaver

        client, _ = _firestore_clients(settings, with_async=False)
        if probe:
            _probe_sync(client, settings)
        return FirestoreSaver(client, None, prefix=settings.firestore_prefix, timeout=_timeout(settings))
    raise ValueError(f"unknown checkpointer {kind!r}")


@asynccontextmanager
async def open_async_checkpointer(settings: Settings, *, probe: bool = True) -> AsyncIterator[BaseCheckpointSaver]:
    """``async with open_async_checkpointer(settings) as saver:`` - for the asyncio Telegram bot."""
    kind = settings.checkpointer
    if kind == "memory":
        yield InMemorySaver()
    elif kind == "sqlite":
        from rag_bot.memory.sqlite_saver import open_async_saver

        async with open_async_saver(_sqlite_path(settings), settings.sqlite_busy_timeout_s) as saver:
            yield saver
    elif kind == "firestore":
        from rag_bot.memory.firestore_saver import FirestoreSaver

        client, async_client = _firestore_clients(settings, with_async=True)
        try:
            if probe:
                await _probe_async(async_client, settings)
            yield FirestoreSaver(client, async_client, prefix=settings.firestore_prefix, timeout=_timeout(settings))
        finally:
            async_client.close()
            client.close()
    else:
        raise ValueError(f"unknown checkpointer {kind!r}")


def _next_to_checkpoints(settings: Settings, firestore_store: Callable[..., S], sqlite_store: Callable[..., S]) -> S:
    """A store kept where the checkpoints are: ``firestore_store`` in their Firestore database, else
    ``sqlite_store`` in their SQLite file (memory -> an in-memory SQLite database, one process)."""
    if settings.checkpointer == "firestore":
        client, _ = _firestore_clients(settings, with_async=False)
        return firestore_store(client, prefix=settings.firestore_prefix, timeout=_timeout(settings))
    if settings.checkpointer == "memory":
        return sqlite_store(":memory:")
    return sqlite_store(_sqlite_path(settings), busy_timeout_s=settings.sqlite_busy_timeout_s)


def make_settings_store(settings: Settings) -> UserSettingsStore:
    """The user-settings store next to the checkpoints."""
    return _next_to_checkpoints(settings, FirestoreSettingsStore, SqliteSettingsStore)


def make_lease_store(settings: Settings) -> LeaseStore:
    """The lease store next to the checkpoints (and the user settings)."""
    return _next_to_checkpoints(settings, FirestoreLeaseStore, SqliteLeaseStore)
