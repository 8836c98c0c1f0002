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
import threading
import uuid
from collections import Counter
from collections.abc import AsyncIterator, Callable
from contextlib import AsyncExitStack, asynccontextmanager
from pathlib import Path
from typing import Any

from rag_bot.agent.service import AgentService, Reply
from rag_bot.config import Settings
from rag_bot.errors import ANSWER_MODES, NoSuchThread, check_answer_mode
from rag_bot.frontends.keyed_locks import KeyedLocks
from rag_bot.languages import detect, registry
from rag_bot.memory.leases import LeaseStore
from rag_bot.memory.settings_store import UserSettingsStore
from rag_bot.memory.threads import ThreadRecord, short_title

log = logging.getLogger(__name__)

THREADS_LISTED = 10  # threads a listing shows (the most recently active)


def guess_language(text: str, default: str = "en") -> str:
    """A non-default language (``hi``) when the text has any letter of its script, else ``default`` (for interface
    texts, not for the agent)."""
    found = detect(text or "", min_share=0.0)
    return found if found is not None and found != registry().default.code else default


class ChatBackend:
    """Agent + settings store + ingestion behind one small async API used by every front end."""

    def __init__(self, settings: Settings, agent: AgentService, store: UserSettingsStore,
                 leases: LeaseStore | None = None) -> None:
        self.settings = settings
        self.agent = agent
        self.store = store
        self.leases = leases  # update and chat leases across instances (the webhook bot)
        self._chat_locks = KeyedLocks()  # per chat, released when idle
        self._warming: threading.Thread | None = None

    @classmethod
    @asynccontextmanager
    async def open(cls, settings: Settings) -> AsyncIterator[ChatBackend]:
        """``async with ChatBackend.open(settings) as backend:`` - opens and later closes checkpointer and store."""
        from rag_bot.memory.factory import make_lease_store, make_settings_store, open_async_checkpointer

        async with AsyncExitStack() as stack:
            saver = await stack.enter_async_context(open_async_checkpointer(settings))
            store = await asyncio.to_thread(make_settings_store, settings)
            stack.callback(store.close)
            leases = await asyncio.to_thread(make_lease_store, settings)
            stack.callback(leases.close)
            agent = AgentService(settings, checkpointer=saver)
            backend = cls(settings, agent, store, leases)
            try:
                yield backend
            finally:
                await asyncio.to_thread(backend.finish_warming)

    # --- conversation -------------------------------------------------------------------------------------
    async def thread_id(self, chat_key: str) -> str:
        """The chat's active thread, created (and persisted) on first use: create-if-absent in the store, so two
        first messages handled at once (here or by another replica) share one thread."""
        async with self._chat_locks.hold(chat_key):
            thread = await self.store.aget_active_thread(chat_key)
            if thread is None:
                thread = await self.store.aensure_active_thread(chat_key, self._new_thread_id(chat_key))
            return thread

    @staticmethod
    def _new_thread_id(chat_key: str) -> str:
        return f"{chat_key}-{uuid.uuid4().hex[:12]}"

    async def reset(self, chat_key: str) -> str:
        """Start a new conversation thread for the chat; returns its id (``/reset``: :meth:`new_thread` untitled)."""
        made, _ = await self.new_thread(chat_key)
        return made.thread_id

    async def new_thread(self, chat_key: str, title: str = "") -> tuple[ThreadRecord, list[ThreadRecord]]:
        """Start a thread (``title`` shortened; empty = the first question asked in it) and make it active.

        Returns it and the threads deleted to keep ``max_threads_per_chat`` (least recently active first), whose
        checkpoints are deleted too."""
        async with self._chat_locks.hold(chat_key):
            made, pruned = await self.store.astart_thread(
                chat_key, self._new_thread_id(chat_key), short_title(title, self.settings.thread_title_chars),
                self.settings.max_threads_per_chat)
        for old in pruned:
            await self._forget(old.thread_id)
        return made, pruned

    async def threads(self, chat_key: str, limit: int = THREADS_LISTED) -> tuple[list[ThreadRecord], str | None]:
        """The chat's ``limit`` most recently active threads and the active thread's id."""
        listed = await self.store.alist_threads(chat_key, limit)
        return listed, await self.store.aget_active_thread(chat_key)

    async def active_thread(self, chat_key: str) -> str | None:
        """The chat's active thread id, None when it has none (nothing is created)."""
        return await self.store.aget_active_thread(chat_key)

    async def thread_number(self, chat_key: str, number: int) -> ThreadRecord:
        """Thread ``number`` of the chat (:class:`NoSuchThread` when it has none)."""
        record = await self.store.athread_by_number(chat_key, number)
        if record is None:
            raise NoSuchThread(number)
        return record

    async def switch(self, chat_key: str, number: int) -> ThreadRecord:
        """Make thread ``number`` the chat's active one (:class:`NoSuchThread` when it has none)."""
        async with self._chat_locks.hold(chat_key):
            record = await self.thread_number(chat_key, number)
            await self.store.aset_active_thread(chat_key, record.thread_id)
            return record

    async def delete_thread(self, chat_key: str, number: int) -> ThreadRecord:
        """Delete thread ``number`` and its checkpoints (:class:`NoSuchThread` when the chat has none); deleting the
        active thread leaves the chat without one (the next question starts a new one). Front ends ask before
        deleting the active thread."""
        async with self._chat_locks.hold(chat_key):
            record = await self.store.aremove_thread(chat_key, number)
        if record is None:
            raise NoSuchThread(number)
        await self._forget(record.thread_id)
        return record

    async def _forget(self, thread_id: str) -> None:
        """Delete a thread's checkpoints (LangGraph's ``adelete_thread`` of the checkpointer)."""
        await self.agent.checkpointer.adelete_thread(thread_id)

    async def answer(self, chat_key: str, text: str, language: str | None = None, mode: str | None = None) -> Reply:
        """Ask the agent in the chat's active thread (``thread_id(chat_key)``, created on first use), then mark the
        thread active now (titled with this question when it has no title yet).

        ``language`` None = answer in the question's language; ``mode`` None = the default answer mode. Front ends
        serialise the messages of one chat, so ``thread_id(chat_key)`` read just before this call names the thread
        the reply belongs to.
        """
        thread = await self.thread_id(chat_key)
        reply = await self.agent.aask(text, thread, language=language, mode=mode)
        await self.store.atouch_thread(chat_key, thread, short_title(text, self.settings.thread_title_chars))
        return reply

    async def answer_streamed(self, chat_key: str, text: str, on_text: Callable[[str], None],
                              language: str | None = None, mode: str | None = None) -> Reply:
        """:meth:`answer`, calling ``on_text`` (on the event loop) with each piece of the answer once the support
        check has accepted it: every piece is part of the final reply's answer, in order."""
        thread = await self.thread_id(chat_key)
        reply = await self.agent.astream(text, thread, on_text, language=language, mode=mode)
        await self.store.atouch_thread(chat_key, thread, short_title(text, self.settings.thread_title_chars))
        return reply

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

    async def set_mode(self, user_key: str, mode: str) -> str:
        """Persist the user's answer mode (:class:`UnknownAnswerMode`, one sentence, for another word)."""
        checked = check_answer_mode(mode) or "default"
        await self.store.aupdate_user_settings(user_key, answer_mode=checked)
        return checked

    async def preferences(self, user_key: str) -> tuple[str | None, str]:
        """The user's (language or None, answer mode) in one read."""
        saved = await self.store.aget_user_settings(user_key)
        mode = saved.get("answer_mode")
        return saved.get("language"), mode if mode in ANSWER_MODES else "default"

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
        """Open the index (its keyword segments and manifest map: constant time) and load the embedding model now,
        so the first question is not slow; Chroma's collection is loaded later (:meth:`warm_vectors`)."""
        from rag_bot.retrieval.factory import get_retriever

        retriever = get_retriever(self.settings)
        retriever.embedder.embed_query("warm up")

    def warm_vectors(self) -> None:
        """Warm the vector side: with the dense copy (the embedded default) map its live generation (constant work;
        Chroma's collection is not loaded); otherwise load Chroma's collection (seconds on a large index). The ready
        bot runs it in the background (:meth:`start_warming`) so that the first person asking does not pay it alone
        (a question meanwhile waits for the same load)."""
        from rag_bot.retrieval.factory import get_retriever

        try:
            get_retriever(self.settings).store.chunks.warm()
        except Exception:
            log.warning("loading the vector index in the background failed; the first question will load it",
                        exc_info=True)

    def start_warming(self) -> None:
        """Run :meth:`warm_vectors` in a background thread (once); :meth:`finish_warming` waits for it."""
        if self._warming is None:
            self._warming = threading.Thread(target=self.warm_vectors, name="warm-vectors", daemon=True)
            self._warming.start()

    def finish_warming(self, timeout_s: float = 120.0) -> bool:
        """Wait for the background load before the process stops: an interpreter that exits while Chroma's native
        code is loading a collection in another thread can crash (SIGSEGV) instead of exiting cleanly. Returns
        whether no load is still running."""
        thread = self._warming
        if thread is None:
            return True
        thread.join(timeout_s)
        if thread.is_alive():
            log.warning("the vector index was still loading after %.0f s at shutdown", timeout_s)
            return False
        return True

    def indexed_documents(self) -> int | None:
        """Documents in the index from the manifest's readers' view (None when it does not say)."""
        from rag_bot.retrieval.factory import get_retriever

        documents = get_retriever(self.settings).store.documents()
        return None if documents is None else len(documents)
