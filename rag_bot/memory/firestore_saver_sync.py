"""The sync half of the Firestore checkpointer: ``get_tuple``, ``list``, ``put``, ``put_writes``,
``delete_thread`` through a ``firestore.Client`` (used by the CLI and the LangGraph server).

Transport failures (Firestore unreachable, deadline exceeded) raise
:class:`~rag_bot.memory.errors.MemoryUnavailableError` after at most ``timeout`` seconds of retrying. A failed
multi-commit write leaves only unreferenced chunks, removed by ``delete_thread``.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
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


class SyncFirestoreSaver(BaseFirestoreSaver):
    """The sync checkpointer API on ``self.client`` (the async methods are LangGraph's defaults, which raise)."""

    def _commit(self, ops: list[Op]) -> None:
        for group in commit_groups(ops):
            self.stats["commits"] += 1
            fill_batch(self.client.batch(), group).commit(retry=self._retry, timeout=self.timeout)

    def get_tuple(self, config: RunnableConfig) -> CheckpointTuple | None:
        conf = config["configurable"]
        ns_ref = self._ns_ref(self.client, conf["thread_id"], conf.get("checkpoint_ns", "") or "")
        kw = {"retry": self._retry, "timeout": self.timeout}
        with _errors():
            self.stats["reads"] += 1
            if checkpoint_id := get_checkpoint_id(config):
                snap = ns_ref.collection("checkpoints").document(encode_id(checkpoint_id)).get(**kw)
                if not snap.exists:
                    return None
            else:
                found = self._latest_query(ns_ref).limit(1).get(**kw)
                if not found:
                    return None
                snap = found[0]
            head = snap.to_dict()
            self.stats["reads"] += 1
            writes = [
                s.to_dict() for s in self._writes_query(ns_ref, head["checkpoint_id"], head["checkpoint_id"]).get(**kw)
            ]
            chunks = self._get_chunks(ns_ref, self._needed_chunks([head], writes))
            return self._tuple(head, writes, chunks)

    def _get_chunks(self, ns_ref: Any, names: list[str]) -> dict[str, bytes]:
        if not names:
            return {}
        self.stats["reads"] += 1
        refs = [ns_ref.collection("chunks").document(name) for name in names]
        snaps = self.client.get_all(refs, retry=self._retry, timeout=self.timeout)
        return {s.id: s.get("data") for s in snaps if s.exists}

    def _namespaces(self, config: RunnableConfig | None) -> Iterator[Any]:
        kw = {"retry": self._retry, "timeout": self.timeout}
        if config is not None:
            conf = config["configurable"]
            ns = conf.get("checkpoint_ns")
            if ns is not None:
                yield self._ns_ref(self.client, conf["thread_id"], ns)
                return
            threads = [self._root(self.client).document(encode_id(conf["thread_id"]))]
        else:
            self.stats["reads"] += 1
            threads = [s.reference for s in self._root(self.client).select(["thread_id"]).get(**kw)]
        for thread in threads:
            self.stats["reads"] += 1
            yield from (s.reference for s in thread.collection("namespaces").select(["thread_id"]).get(**kw))

    def list(
        self,
        config: RunnableConfig | None,
        *,
        filter: dict[str, Any] | None = None,
        before: RunnableConfig | None = None,
        limit: int | None = None,
    ) -> Iterator[CheckpointTuple]:
        kw = {"retry": self._retry, "timeout": self.timeout}
        remaining = limit
        checkpoint_id = get_checkpoint_id(config) if config else None
        before_id = get_checkpoint_id(before) if before else None
        with _errors():
            for ns_ref in self._namespaces(config):
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
                    snaps = page_query.get(**kw)
                    if not snaps:
                        break
                    cursor = snaps[-1]
                    heads = [s.to_dict() for s in snaps]
                    # metadata first (it may filter the page), then one query for the page's writes
                    meta_chunks = self._get_chunks(ns_ref, [n for h in heads for n in chunk_names(h["metadata"])])
                    selected, remaining = self._select(heads, meta_chunks, filter, remaining)
                    if selected:
                        yield from self._page_tuples(ns_ref, selected)
                    if len(snaps) < page_size:
                        break

    def _page_tuples(self, ns_ref: Any, selected: list[tuple[dict, Any]]) -> list[CheckpointTuple]:
        ids = [head["checkpoint_id"] for head, _ in selected]
        self.stats["reads"] += 1
        found = self._writes_query(ns_ref, min(ids), max(ids)).get(retry=self._retry, timeout=self.timeout)
        by_id = self._writes_by_id(found)
        return self._page_result(selected, by_id, self._get_chunks(ns_ref, self._page_chunk_names(selected, by_id)))

    def put(
        self,
        config: RunnableConfig,
        checkpoint: Checkpoint,
        metadata: CheckpointMetadata,
        new_versions: ChannelVersions,
    ) -> RunnableConfig:
        ops, new_config = self._put_ops(self.client, config, checkpoint, metadata)
        with _errors():
            self._commit(ops)
        return new_config

    def put_writes(
        self,
        config: RunnableConfig,
        writes: Sequence[tuple[str, Any]],
        task_id: str,
        task_path: str = "",
    ) -> None:
        if not writes:
            return
        ops, refs, upsert = self._writes_ops(self.client, config, writes, task_id, task_path)
        with _errors():
            try:
                self._commit(ops)
                return
            except (gexc.AlreadyExists, gexc.Conflict):
                if upsert:
                    raise
            # insert-or-ignore: some writes of this task exist already; add only the missing ones
            self._put_missing_writes(config, writes, task_id, task_path, refs)

    def _put_missing_writes(self, config, writes, task_id, task_path, refs) -> None:
        @firestore.transactional
        def run(transaction: Any) -> None:
            self.stats["reads"] += 1
            existing = {s.id for s in self.client.get_all(refs, transaction=transaction) if s.exists}
            ops, _, _ = self._writes_ops(self.client, config, writes, task_id, task_path, skip=existing)
            for _, ref, data in ops:
                transaction.set(ref, data)

        self.stats["commits"] += 1
        run(self.client.transaction(max_attempts=5))

    def delete_thread(self, thread_id: str) -> None:
        thread = self._root(self.client).document(encode_id(thread_id))
        kw = {"retry": self._retry, "timeout": self.timeout}
        with _errors():
            refs: list[Any] = []
            self.stats["reads"] += 1
            for ns in thread.collection("namespaces").list_documents(**kw):
                for sub in ("checkpoints", "writes", "chunks"):
                    self.stats["reads"] += 1
                    refs += [s.reference for s in ns.collection(sub).select(["thread_id"]).get(**kw)]
                refs.append(ns)
            refs.append(thread)
            for start in range(0, len(refs), MAX_COMMIT_WRITES):
                batch = self.client.batch()
                for ref in refs[start : start + MAX_COMMIT_WRITES]:
                    batch.delete(ref)
                self.stats["commits"] += 1
                batch.commit(**kw)
