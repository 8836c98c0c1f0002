"""A LangGraph checkpointer on Google Cloud Firestore, sync and async in one object.

Laid out as LangGraph's own Postgres checkpointer: a shared base (:mod:`rag_bot.memory.firestore_saver_base`:
references, write plans, reading helpers), the sync requests (:mod:`rag_bot.memory.firestore_saver_sync`) and the
async ones (:mod:`rag_bot.memory.firestore_saver_aio`). :class:`FirestoreSaver` is both, because one graph is run
sync by the CLI and async by the Telegram bot; without an ``AsyncClient`` its async methods run the sync ones in a
worker thread.

Documents and commit grouping are described in :mod:`rag_bot.memory.firestore_layout`. Transport failures
(Firestore unreachable, deadline exceeded) raise :class:`~rag_bot.memory.errors.MemoryUnavailableError` after at
most ``timeout`` seconds of retrying.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Sequence
from typing import Any

from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import ChannelVersions, Checkpoint, CheckpointMetadata, CheckpointTuple

from rag_bot.memory.firestore_saver_aio import AsyncFirestoreSaver
from rag_bot.memory.firestore_saver_base import PAGE_SIZE, BaseFirestoreSaver
from rag_bot.memory.firestore_saver_sync import SyncFirestoreSaver

__all__ = ["PAGE_SIZE", "AsyncFirestoreSaver", "BaseFirestoreSaver", "FirestoreSaver", "SyncFirestoreSaver"]


class FirestoreSaver(SyncFirestoreSaver, AsyncFirestoreSaver):
    """Checkpointer storing LangGraph checkpoints and pending writes in Firestore.

    Args:
        client: a ``firestore.Client`` (used by the sync methods; required).
        async_client: a ``firestore.AsyncClient`` for the native async methods. When omitted, the async
            methods run the sync ones in a worker thread.
        prefix: prefix of the top-level collection (``{prefix}_threads``).
        timeout: seconds one call may spend (retries included) before MemoryUnavailableError.
        serde: serializer (defaults to LangGraph's JsonPlusSerializer).

    ``stats`` counts the requests sent: ``commits`` (writes) and ``reads`` (queries and document gets).
    """

    async def aget_tuple(self, config: RunnableConfig) -> CheckpointTuple | None:
        if self.async_client is None:
            return await asyncio.to_thread(self.get_tuple, config)
        return await AsyncFirestoreSaver.aget_tuple(self, config)

    async def alist(
        self,
        config: RunnableConfig | None,
        *,
        filter: dict[str, Any] | None = None,
        before: RunnableConfig | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[CheckpointTuple]:
        if self.async_client is not None:
            async for item in AsyncFirestoreSaver.alist(self, config, filter=filter, before=before, limit=limit):
                yield item
            return
        items = await asyncio.to_thread(lambda: list(self.list(config, filter=filter, before=before, limit=limit)))
        for item in items:
            yield item

    async def aput(
        self,
        config: RunnableConfig,
        checkpoint: Checkpoint,
        metadata: CheckpointMetadata,
        new_versions: ChannelVersions,
    ) -> RunnableConfig:
        if self.async_client is None:
            return await asyncio.to_thread(self.put, config, checkpoint, metadata, new_versions)
        return await AsyncFirestoreSaver.aput(self, config, checkpoint, metadata, new_versions)

    async def aput_writes(
        self,
        config: RunnableConfig,
        writes: Sequence[tuple[str, Any]],
        task_id: str,
        task_path: str = "",
    ) -> None:
        if self.async_client is None:
            return await asyncio.to_thread(self.put_writes, config, writes, task_id, task_path)
        return await AsyncFirestoreSaver.aput_writes(self, config, writes, task_id, task_path)

    async def adelete_thread(self, thread_id: str) -> None:
        if self.async_client is None:
            return await asyncio.to_thread(self.delete_thread, thread_id)
        return await AsyncFirestoreSaver.adelete_thread(self, thread_id)
