"""The interface between any chat front end (Telegram, ...) and the agent.

A front end only turns its platform's events into calls on :class:`ChatBackend` and its :class:`Reply` objects
back into platform messages. The backend owns the agent (:class:`AgentService`), the per-user / per-chat store
(active thread, language, update de-duplication, feedback) and ingestion of uploaded files. Nothing here knows
about Telegram: a second front end is configuration plus one module.

Chat keys are strings chosen by the front end and unique across front ends (e.g. ``"tg:12345"``).
"""

from __future__ import annotations

import asyncio
import logging
import uuid
from collections import Counter
from collections.abc import AsyncIterator
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

from rag_bot.agent.service import AgentService, Reply
from rag_bot.config import Settings
from rag_bot.frontends.keyed_locks import KeyedLocks
from rag_bot.languages import detect, registry
from rag_bot.memory.settings_store import UserSettingsStore

log = logging.getLogger(__name__)


def guess_language(text: str, default: str = "en") -> str:
    """A non-default language (``hi``) when the text has any letter of its script, else ``default`` (for interface
    texts, not for the agent)."""
    found = detect(text or "", min_share=0.0)
    return found if found is not None and found != registry().default.code else default


class ChatBackend:
    """Agent + settings store + ingestion behind one small async API used by every front end."""

    def __init__(self, settings: Settings, agent: AgentService, store: UserSettingsStore) -> None:
        self.settings = settings
        self.agent = agent
        self.store = store
        self._chat_locks = KeyedLocks()  # per chat, released when idle

    @classmethod
    @asynccontextmanager
    async def open(cls, settings: Settings) -> AsyncIterator[ChatBackend]:
        """``async with ChatBackend.open(settings) as backend:`` - opens and later closes checkpointer and store."""
        from rag_bot.memory.factory import make_settings_store, open_async_checkpointer

        async with AsyncExitStack() as stack:
            saver = await stack.enter_async_context(open_async_checkpointer(settings))
            store = await asyncio.to_thread(make_settings_store, settings)
            stack.callback(store.close)
            agent = AgentService(settings, checkpointer=saver)
            yield cls(settings, agent, store)

    # --- conversation -------------------------------------------------------------------------------------
    async def thread_id(self, chat_key: str) -> str:
        """The chat's active thread, created (and persisted) on first use."""
        async with self._chat_locks.hold(chat_key):
            thread = await self.store.aget_active_thread(chat_key)
            if thread is None:
                thread = self._new_thread_id(chat_key)
                await self.store.aset_active_thread(chat_key, thread)
            return thread

    @staticmethod
    def _new_thread_id(chat_key: str) -> str:
        return f"{chat_key}-{uuid.uuid4().hex[:12]}"

    async def reset(self, chat_key: str) -> str:
        """Start a new conversation thread for the chat; returns its id."""
        async with self._chat_locks.hold(chat_key):
            thread = self._new_thread_id(chat_key)
            await self.store.aset_active_thread(chat_key, thread)
            return thread

    async def answer(self, chat_key: str, text: str, language: str | None = None) -> Reply:
        """Ask the agent in the chat's active thread (``thread_id(chat_key)``, created on first use).

        ``language`` None = answer in the question's language. Front ends serialise the messages of one chat,
        so ``thread_id(chat_key)`` read just before this call names the thread the reply belongs to.
        """
        thread = await self.thread_id(chat_key)
        return await self.agent.aask(text, thread, language=language)

    async def last_sources(self, chat_key: str) -> list[tuple[dict[str, Any], dict[str, Any]]]:
        """(citation, cited passage) of the last answer in the chat's active thread, in the order shown (empty when
        that turn cited nothing), read from the thread's checkpoint."""
        thread = await self.thread_id(chat_key)
        snapshot = await self.agent.graph.aget_state({"configurable": {"thread_id": thread}})
        values = snapshot.values or {}
        documents = list(values.get("documents") or [])
        return [(c, documents[c["n"] - 1]) for c in values.get("citations") or []
                if isinstance(c.get("n"), int) and 1 <= c["n"] <= len(documents)]

    async def page_image(self, passage: dict[str, Any]) -> bytes | None:
        """The cited PDF page drawn as PNG (None when the passage is not from a PDF page); raises
        :class:`~rag_bot.frontends.page_image.PageImageError` when it cannot be drawn."""
        from rag_bot.frontends.page_image import page_png

        return await asyncio.to_thread(page_png, Path(self.settings.index_dir), passage)

    # --- per-user settings --------------------------------------------------------------------------------
    async def set_language(self, user_key: str, language: str) -> None:
        codes = registry().codes
        if language not in codes:
            raise ValueError(f"unsupported language {language!r}; use one of {', '.join(codes)}")
        await self.store.aupdate_user_settings(user_key, language=language)

    async def get_language(self, user_key: str) -> str | None:
        """The language the user chose, or None (then the agent answers in the question's language)."""
        return (await self.store.aget_user_settings(user_key)).get("language")

    async def seen_update(self, update_key: str) -> bool:
        """True only the first time an incoming event id is seen (platform retries are not answered twice)."""
        return await self.store.aseen_update(update_key)

    async def record_feedback(self, thread_id: str, message_id: str | int, user_key: str, value: int) -> None:
        await self.store.arecord_feedback(thread_id, message_id, user_key, value)

    # --- corpus ----------------------------------------------------------------------------------------
    def corpus_overview(self) -> dict[str, Any]:
        """documents, files, date range (first, last), languages and formats of the indexed corpus."""
        from rag_bot.index.store import saved_manifest

        manifest = saved_manifest(self.settings.index_dir)
        dates: list[str] = []
        languages: Counter[str] = Counter()
        formats: Counter[str] = Counter()
        documents: list[dict[str, Any]] = []
        for record in sorted(manifest.files.values(), key=lambda r: (r.source, r.root)):
            source = record.source
            formats[Path(source).suffix.lower().lstrip(".") or "?"] += 1
            for doc in record.documents:
                documents.append({"source": source, "title": doc.get("title"), "date": doc.get("date"),
                                  "language": doc.get("language")})
                if doc.get("date"):
                    dates.append(str(doc["date"]))
                if doc.get("language"):
                    languages[str(doc["language"])] += 1
        return {"documents": len(documents), "files": len(manifest.files),
                "first_date": min(dates) if dates else None, "last_date": max(dates) if dates else None,
                "languages": dict(languages.most_common()), "formats": dict(formats.most_common()),
                "items": documents}

    async def ingest_upload(self, path: Path):
        """Ingest one stored upload with the same pipeline as ``rag-bot ingest`` (in a worker thread).

        Returns the run's :class:`rag_bot.ingestion.IngestReport`; raises ``IndexBusy`` when another ingestion runs.
        """
        from rag_bot.ingestion import ingest_paths

        return await asyncio.to_thread(ingest_paths, [Path(path)], self.settings, "auto", False, False)

    def warm_up(self) -> None:
        """Open the index and load the embedding model now, so the first question is not slow."""
        from rag_bot.retrieval.factory import get_retriever

        retriever = get_retriever(self.settings)
        retriever.embedder.embed_query("warm up")
