"""The async half of the Firestore checkpointer: ``aget_tuple``, ``alist``, ``aput``, ``aput_writes``,
``adelete_thread`` natively on a ``firestore.AsyncClient`` (used by the asyncio Telegram bot), with the same
documents, retries and failures as :mod:`rag_bot.memory.firestore_saver_sync`.
"""

from __future__ import annotations

from collections.abc import AsyncIterator, Sequence
from typing import Any

from google.api_core import exceptions as gexc
from google.cloud import firestore
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import (
    ChannelVersions,
    Checkpoint,
    CheckpointMetadata,
    CheckpointTuple,
    get_checkpoint_id,
)

from rag_bot.memory.firestore_common import encode_id
from rag_bot.memory.firestore_common import firestore_errors as _errors
from rag_bot.memory.firestore_layout import MAX_COMMIT_WRITES, Op, chunk_names, commit_groups, fill_batch
from rag_bot.memory.firestore_saver_base import BaseFirestoreSaver


class AsyncFirestoreSaver(BaseFirestoreSaver):
    """The async checkpointer API on ``self.async_client`` (required: a call without one raises RuntimeError)."""

    @property
    def _aclient(self) -> firestore.AsyncClient:
        if self.async_client is None:
            raise RuntimeError("FirestoreSaver was created without an AsyncClient")
        return self.async_client

    async def _acommit(self, ops: list[Op]) -> None:
        for group in commit_groups(ops):
            self.stats["commits"] += 1
            await fill_batch(self._aclient.batch(), group).commit(retry=self._aretry, timeout=self.timeout)

    async def aget_tuple(self, config: RunnableConfig) -> CheckpointTuple | None:
        conf = config["configurable"]
        ns_ref = self._ns_ref(self._aclient, conf["thread_id"], conf.get("checkpoint_ns", "") or "")
        kw = {"retry": self._aretry, "timeout": self.timeout}
        with _errors():
            self.stats["reads"] += 1
            if checkpoint_id := get_checkpoint_id(config):
                snap = await ns_ref.collection("checkpoints").document(encode_id(checkpoint_id)).get(**kw)
                if not snap.exists:
                    return None
            else:
                found = await self._latest_query(ns_ref).limit(1).get(**kw)
                if not found:
                    return None
                snap = found[0]
            head = snap.to_dict()
            self.stats["reads"] += 1
            query = self._writes_query(ns_ref, head["checkpoint_id"], head["checkpoint_id"])
            writes = [s.to_dict() for s in await query.get(**kw)]
            chunks = await self._aget_chunks(ns_ref, self._needed_chunks([head], writes))
            return self._tuple(head, writes, chunks)

    async def _aget_chunks(self, ns_ref: Any, names: list[str]) -> dict[str, bytes]:
        if not names:
            return {}
        self.stats["reads"] += 1
        refs = [ns_ref.collection("chunks").document(name) for name in names]
        out: dict[str, bytes] = {}
        async for snap in self._aclient.get_all(refs, retry=self._aretry, timeout=self.timeout):
            if snap.exists:
                out[snap.id] = snap.get("data")
        return out

    async def _anamespaces(self, config: RunnableConfig | None) -> list[Any]:
        kw = {"retry": self._aretry, "timeout": self.timeout}
        if config is not None:
            conf = config["configurable"]
            ns = conf.get("checkpoint_ns")
            if ns is not None:
                return [self._ns_ref(self._aclient, conf["thread_id"], ns)]
            threads = [self._root(self._aclient).document(encode_id(conf["thread_id"]))]
        else:
            self.stats["reads"] += 1
            threads = [s.reference for s in await self._root(self._aclient).select(["thread_id"]).get(**kw)]
        out = []
        for thread in threads:
            self.stats["reads"] += 1
            out += [s.reference for s in await thread.collection("namespaces").select(["thread_id"]).get(**kw)]
        return out

    async def alist(
        self,
        config: RunnableConfig | None,
        *,
        filter: dict[str, Any] | None = None,
        before: RunnableConfig | None = None,
        limit: int | None = None,
    ) -> AsyncIterator[CheckpointTuple]:
        kw = {"retry": self._aretry, "timeout": self.timeout}
        remaining = limit
        checkpoint_id = get_checkpoint_id(config) if config else None
        before_id = get_checkpoint_id(before) if before else None
        with _errors():
            for ns_ref in await self._anamespaces(config):
                if remaining is not None and remaining <= 0:
                    return
                query = self._list_query(ns_ref, checkpoint_id, before_id)
                cursor = None
                while remaining is None or remaining > 0:
                    page_size = self._page_size(filter, remaining)
                    page_query = query.limit(page_size)
                    if cursor is not None:
                        page_query = page_query.start_after(cursor)
                    self.stats["reads"] += 1
                    snaps = await page_query.get(**kw)
                    if not snaps:
                        break
                    cursor = snaps[-1]
                    heads = [s.to_dict() for s in snaps]
                    meta_names = [n for h in heads for n in chunk_names(h["metadata"])]
                    meta_chunks = await self._aget_chunks(ns_ref, meta_names)
                    selected, remaining = self._select(heads, meta_chunks, filter, remaining)
                    if selected:
                        for item in await self._apage_tuples(ns_ref, selected):
                            yield item
                    if len(snaps) < page_size:
                        break

    async def _apage_tuples(self, ns_ref: Any, selected: list[tuple[dict, Any]]) -> list[CheckpointTuple]:
        ids = [head["checkpoint_id"] for head, _ in selected]
        self.stats["reads"] += 1
        found = await self._writes_query(ns_ref, min(ids), max(ids)).get(retry=self._aretry, timeout=self.timeout)
        by_id = self._writes_by_id(found)
        chunks = await self._aget_chunks(ns_ref, self._page_chunk_names(selected, by_id))
        return self._page_result(selected, by_id, chunks)

    async def aput(
        self,
        config: RunnableConfig,
        checkpoint: Checkpoint,
        metadata: CheckpointMetadata,
        new_versions: ChannelVersions,
    ) -> RunnableConfig:
        ops, new_config = self._put_ops(self._aclient, config, checkpoint, metadata)
        with _errors():
            await self._acommit(ops)
        return new_config

    async def aput_writes(
        self,
        config: RunnableConfig,
        writes: Sequence[tuple[str, Any]],
        task_id: str,
        task_path: str = "",
    ) -> None:
        if not writes:
            return
        ops, refs, upsert = self._writes_ops(self._aclient, config, writes, task_id, task_path)
        with _errors():
            try:
                await self._acommit(ops)
                return
            except (gexc.AlreadyExists, gexc.Conflict):
                if upsert:
                    raise
            await self._aput_missing_writes(config, writes, task_id, task_path, refs)

    async def _aput_missing_writes(self, config, writes, task_id, task_path, refs) -> None:
        client = self._aclient

        @firestore.async_transactional
        async def run(transaction: Any) -> None:
            self.stats["reads"] += 1
            existing = {s.id async for s in client.get_all(refs, transaction=transaction) if s.exists}
            ops, _, _ = self._writes_ops(client, config, writes, task_id, task_path, skip=existing)
            for _, ref, data in ops:
                transaction.set(ref, data)

        self.stats["commits"] += 1
        await run(client.transaction(max_attempts=5))

    async def adelete_thread(self, thread_id: str) -> None:
        client = self._aclient
        thread = self._root(client).document(encode_id(thread_id))
        kw = {"retry": self._aretry, "timeout": self.timeout}
        with _errors():
            refs: list[Any] = []
            self.stats["reads"] += 1
            async for ns in thread.collection("namespaces").list_documents(**kw):
                for sub in ("checkpoints", "writes", "chunks"):
                    self.stats["reads"] += 1
                    refs += [s.reference for s in await ns.collection(sub).select(["thread_id"]).get(**kw)]
                refs.append(ns)
            refs.append(thread)
            for start in range(0, len(refs), MAX_COMMIT_WRITES):
                batch = client.batch()
                for ref in refs[start : start + MAX_COMMIT_WRITES]:
                    batch.delete(ref)
                self.stats["commits"] += 1
                await batch.commit(**kw)
