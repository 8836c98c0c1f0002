"""A LangGraph checkpointer on Google Cloud Firestore.

Documents and commit grouping are described in :mod:`rag_bot.memory.firestore_layout`. Every query is on one
field of one collection (equality or order/range on ``checkpoint_id``), so a real project needs no composite
index. A failed multi-commit write leaves only unreferenced chunks, removed by ``delete_thread``.

Transport failures (Firestore unreachable, deadline exceeded) raise
:class:`~rag_bot.memory.errors.MemoryUnavailableError` after at most ``timeout`` seconds of retrying.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import AsyncIterator, Callable, Iterator, Sequence
from typing import Any

from google.api_core import exceptions as gexc
from google.api_core.retry import AsyncRetry, Retry, if_transient_error
from google.cloud import firestore
from google.cloud.firestore_v1.base_query import FieldFilter
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import (
    WRITES_IDX_MAP,
    BaseCheckpointSaver,
    ChannelVersions,
    Checkpoint,
    CheckpointMetadata,
    CheckpointTuple,
    SerializerProtocol,
    get_checkpoint_id,
    get_checkpoint_metadata,
    writes_sort_key,
)

from rag_bot.memory.firestore_common import encode_id
from rag_bot.memory.firestore_common import firestore_errors as _errors
from rag_bot.memory.firestore_layout import (
    MAX_COMMIT_WRITES,
    Op,
    chunk_names,
    commit_groups,
    fill_batch,
    join_value,
    pack_value,
    write_doc_id,
)

PAGE_SIZE = 100  # checkpoints fetched per query page in list()


class FirestoreSaver(BaseCheckpointSaver[str]):
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

    def __init__(
        self,
        client: firestore.Client,
        async_client: firestore.AsyncClient | None = None,
        *,
        prefix: str = "ragbot",
        timeout: float = 20.0,
        serde: SerializerProtocol | None = None,
    ) -> None:
        super().__init__(serde=serde)
        if not prefix or "/" in prefix:
            raise ValueError("prefix must be a non-empty string without '/'")
        self.client = client
        self.async_client = async_client
        self.prefix = prefix
        self.timeout = float(timeout)
        self.stats: Counter[str] = Counter()
        retry_args = dict(initial=0.1, maximum=1.0, multiplier=2.0, timeout=self.timeout)
        self._retry = Retry(predicate=if_transient_error, **retry_args)
        self._aretry = AsyncRetry(predicate=if_transient_error, **retry_args)

    # ------------------------------------------------------------------ references
    def _root(self, client: Any) -> Any:
        return client.collection(f"{self.prefix}_threads")

    def _ns_ref(self, client: Any, thread_id: str, checkpoint_ns: str) -> Any:
        thread = self._root(client).document(encode_id(thread_id))
        return thread.collection("namespaces").document(encode_id(checkpoint_ns))

    # ------------------------------------------------------------------ values <-> fields
    def _unpack(self, packed: dict[str, Any], chunks: dict[str, bytes]) -> Any:
        return self.serde.loads_typed(join_value(packed, chunks))

    # ------------------------------------------------------------------ write plans
    def _put_ops(
        self, client: Any, config: RunnableConfig, checkpoint: Checkpoint, metadata: CheckpointMetadata
    ) -> tuple[list[Op], RunnableConfig]:
        conf = config["configurable"]
        thread_id = conf["thread_id"]
        checkpoint_ns = conf.get("checkpoint_ns", "") or ""
        checkpoint_id = checkpoint["id"]
        parent_id = conf.get("checkpoint_id")
        ns_ref = self._ns_ref(client, thread_id, checkpoint_ns)
        base = {"thread_id": thread_id, "checkpoint_ns": checkpoint_ns, "checkpoint_id": checkpoint_id}
        ops: list[Op] = [
            ("set", ns_ref.parent.parent, {"thread_id": thread_id}),
            ("set", ns_ref, {"thread_id": thread_id, "checkpoint_ns": checkpoint_ns}),
        ]
        head = {
            **base,
            "parent_checkpoint_id": parent_id,
            "checkpoint": pack_value(self.serde.dumps_typed(checkpoint), ns_ref, base, ops),
            "metadata": pack_value(
                self.serde.dumps_typed(get_checkpoint_metadata(config, metadata)), ns_ref, base, ops
            ),
        }
        ops.append(("set", ns_ref.collection("checkpoints").document(encode_id(checkpoint_id)), head))
        new_config = {
            "configurable": {
                "thread_id": thread_id,
                "checkpoint_ns": checkpoint_ns,
                "checkpoint_id": checkpoint_id,
            }
        }
        return ops, new_config

    def _writes_ops(
        self,
        client: Any,
        config: RunnableConfig,
        writes: Sequence[tuple[str, Any]],
        task_id: str,
        task_path: str,
        skip: set[str] | None = None,
    ) -> tuple[list[Op], list[Any], bool]:
        """(ops, write document references, upsert?) for ``put_writes``."""
        conf = config["configurable"]
        thread_id = conf["thread_id"]
        checkpoint_ns = conf.get("checkpoint_ns", "") or ""
        checkpoint_id = conf["checkpoint_id"]
        ns_ref = self._ns_ref(client, thread_id, checkpoint_ns)
        base = {"thread_id": thread_id, "checkpoint_ns": checkpoint_ns, "checkpoint_id": checkpoint_id}
        upsert = all(channel in WRITES_IDX_MAP for channel, _ in writes)
        ops: list[Op] = [
            ("set", ns_ref.parent.parent, {"thread_id": thread_id}),
            ("set", ns_ref, {"thread_id": thread_id, "checkpoint_ns": checkpoint_ns}),
        ]
        refs = []
        for idx, (channel, value) in enumerate(writes):
            widx = WRITES_IDX_MAP.get(channel, idx)
            ref = ns_ref.collection("writes").document(write_doc_id(checkpoint_id, task_id, widx))
            refs.append(ref)
            if skip and ref.id in skip:
                continue
            doc = {
                **base,
                "task_id": task_id,
                "task_path": task_path,
                "idx": widx,
                "channel": channel,
                "value": pack_value(self.serde.dumps_typed(value), ns_ref, base, ops),
            }
            ops.append(("set" if upsert else "create", ref, doc))
        return ops, refs, upsert

    def _commit(self, ops: list[Op]) -> None:
        for group in commit_groups(ops):
            self.stats["commits"] += 1
            fill_batch(self.client.batch(), group).commit(retry=self._retry, timeout=self.timeout)

    async def _acommit(self, ops: list[Op]) -> None:
        for group in commit_groups(ops):
            self.stats["commits"] += 1
            await fill_batch(self._aclient.batch(), group).commit(retry=self._aretry, timeout=self.timeout)

    @property
    def _aclient(self) -> firestore.AsyncClient:
        if self.async_client is None:
            raise RuntimeError("FirestoreSaver was created without an AsyncClient")
        return self.async_client

    # ------------------------------------------------------------------ reading helpers
    def _tuple(
        self,
        head: dict[str, Any],
        writes: list[dict[str, Any]],
        chunks: dict[str, bytes],
        metadata: CheckpointMetadata | None = None,
    ) -> CheckpointTuple:
        thread_id, checkpoint_ns = head["thread_id"], head["checkpoint_ns"]
        checkpoint = self._unpack(head["checkpoint"], chunks)
        if metadata is None:
            metadata = self._unpack(head["metadata"], chunks)
        ordered = sorted(writes, key=lambda w: writes_sort_key(w.get("task_path", ""), w["task_id"], w["idx"]))
        parent_id = head.get("parent_checkpoint_id")
        return CheckpointTuple(
            config={
                "configurable": {
                    "thread_id": thread_id,
                    "checkpoint_ns": checkpoint_ns,
                    "checkpoint_id": head["checkpoint_id"],
                }
            },
            checkpoint=checkpoint,
            metadata=metadata,
            parent_config=(
                {
                    "configurable": {
                        "thread_id": thread_id,
                        "checkpoint_ns": checkpoint_ns,
                        "checkpoint_id": parent_id,
                    }
                }
                if parent_id
                else None
            ),
            pending_writes=[(w["task_id"], w["channel"], self._unpack(w["value"], chunks)) for w in ordered],
        )

    def _needed_chunks(self, heads: list[dict], writes: list[dict], with_metadata: bool = True) -> list[str]:
        names: list[str] = []
        for head in heads:
            names += chunk_names(head["checkpoint"])
            if with_metadata:
                names += chunk_names(head["metadata"])
        for write in writes:
            names += chunk_names(write["value"])
        return names

    def _latest_query(self, ns_ref: Any) -> Any:
        return ns_ref.collection("checkpoints").order_by("checkpoint_id", direction=firestore.Query.DESCENDING)

    @staticmethod
    def _writes_query(ns_ref: Any, low: str, high: str) -> Any:
        col = ns_ref.collection("writes")
        if low == high:
            return col.where(filter=FieldFilter("checkpoint_id", "==", low))
        return col.where(filter=FieldFilter("checkpoint_id", ">=", low)).where(
            filter=FieldFilter("checkpoint_id", "<=", high)
        )

    @staticmethod
    def _matches(metadata: dict[str, Any], filter: dict[str, Any] | None) -> bool:
        return not filter or all(metadata.get(k) == v for k, v in filter.items())

    @staticmethod
    def _page_size(filter: dict[str, Any] | None, remaining: int | None) -> int:
        """Checkpoints to fetch in one list() page: a full page when filtering (matches are unknown)."""
        return PAGE_SIZE if filter or remaining is None else min(PAGE_SIZE, remaining)

    def _select(self, heads: list[dict], meta_chunks: dict[str, bytes], filter: dict[str, Any] | None,
                remaining: int | None) -> tuple[list[tuple[dict, Any]], int | None]:
        """(head, metadata) of a page's checkpoints that pass ``filter``, cut to ``remaining``; the new remaining."""
        selected = []
        for head in heads:
            metadata = self._unpack(head["metadata"], meta_chunks)
            if self._matches(metadata, filter):
                selected.append((head, metadata))
        if remaining is not None:
            selected = selected[:remaining]
            remaining -= len(selected)
        return selected, remaining

    @staticmethod
    def _writes_by_id(snaps: Any) -> dict[str, list[dict]]:
        by_id: dict[str, list[dict]] = {}
        for snap in snaps:
            write = snap.to_dict()
            by_id.setdefault(write["checkpoint_id"], []).append(write)
        return by_id

    def _page_chunk_names(self, selected: list[tuple[dict, Any]], by_id: dict[str, list[dict]]) -> list[str]:
        """Chunks a page's checkpoints and writes need (metadata was read already)."""
        heads = [head for head, _ in selected]
        writes = [w for head in heads for w in by_id.get(head["checkpoint_id"], [])]
        return self._needed_chunks(heads, writes, with_metadata=False)

    def _page_result(self, selected: list[tuple[dict, Any]], by_id: dict[str, list[dict]],
                     chunks: dict[str, bytes]) -> list[CheckpointTuple]:
        return [self._tuple(head, by_id.get(head["checkpoint_id"], []), chunks, md) for head, md in selected]

    # ------------------------------------------------------------------ sync API
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

    def _list_query(self, ns_ref: Any, checkpoint_id: str | None, before_id: str | None) -> Any:
        """Newest-first checkpoints of one namespace, optionally one id or those before an id (sync and async)."""
        query = self._latest_query(ns_ref)
        if checkpoint_id:
            query = query.where(filter=FieldFilter("checkpoint_id", "==", checkpoint_id))
        if before_id:
            query = query.where(filter=FieldFilter("checkpoint_id", "<", before_id))
        return query

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

    # ------------------------------------------------------------------ async API
    async def aget_tuple(self, config: RunnableConfig) -> CheckpointTuple | None:
        if self.async_client is None:
            return await _to_thread(self.get_tuple, config)
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
        if self.async_client is None:
            items = await _to_thread(lambda: list(self.list(config, filter=filter, before=before, limit=limit)))
            for item in items:
                yield item
            return
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
        if self.async_client is None:
            return await _to_thread(self.put, config, checkpoint, metadata, new_versions)
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
        if self.async_client is None:
            return await _to_thread(self.put_writes, config, writes, task_id, task_path)
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
        if self.async_client is None:
            return await _to_thread(self.delete_thread, thread_id)
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

    # ------------------------------------------------------------------ versions
    def get_next_version(self, current: str | None, channel: None) -> str:
        """Monotonic string versions ``"<32-digit counter>.<random>"`` (as InMemorySaver/SqliteSaver)."""
        if current is None:
            number = 0
        elif isinstance(current, int):
            number = current
        else:
            number = int(str(current).split(".")[0])
        return f"{number + 1:032}.{random.random():016}"


async def _to_thread(fn: Callable[..., Any], *args: Any) -> Any:
    import asyncio

    return await asyncio.to_thread(fn, *args)
