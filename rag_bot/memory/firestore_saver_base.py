"""The shared base of the Firestore checkpointers (as LangGraph's ``BasePostgresSaver``): everything that does not
depend on sync or async I/O. :mod:`rag_bot.memory.firestore_saver_sync` and :mod:`rag_bot.memory.firestore_saver_aio`
send the requests; :class:`rag_bot.memory.firestore_saver.FirestoreSaver` combines both.

Documents and commit grouping are described in :mod:`rag_bot.memory.firestore_layout`. Every query is on one
field of one collection (equality or order/range on ``checkpoint_id``), so a real project needs no composite
index.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from typing import Any

from google.api_core.retry import AsyncRetry, Retry, if_transient_error
from google.cloud import firestore
from google.cloud.firestore_v1.base_query import FieldFilter
from langchain_core.runnables import RunnableConfig
from langgraph.checkpoint.base import (
    WRITES_IDX_MAP,
    BaseCheckpointSaver,
    Checkpoint,
    CheckpointMetadata,
    CheckpointTuple,
    SerializerProtocol,
    get_checkpoint_metadata,
    writes_sort_key,
)

from rag_bot.memory.firestore_common import encode_id
from rag_bot.memory.firestore_layout import Op, chunk_names, join_value, pack_value, write_doc_id

PAGE_SIZE = 100  # checkpoints fetched per query page in list()


class BaseFirestoreSaver(BaseCheckpointSaver[str]):
    """What the sync and the async Firestore checkpointers share: clients, retries, document references, the
    write plans (``put``/``put_writes`` as a list of operations) and the reading helpers that turn documents back
    into :class:`CheckpointTuple`. Nothing here sends a request.

    Args:
        client: a ``firestore.Client`` (used by the sync methods; required).
        async_client: a ``firestore.AsyncClient`` for the async methods (:class:`FirestoreSaver` runs the
            sync ones in a worker thread when it is omitted).
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

    def _list_query(self, ns_ref: Any, checkpoint_id: str | None, before_id: str | None) -> Any:
        """Newest-first checkpoints of one namespace, optionally one id or those before an id (sync and async)."""
        query = self._latest_query(ns_ref)
        if checkpoint_id:
            query = query.where(filter=FieldFilter("checkpoint_id", "==", checkpoint_id))
        if before_id:
            query = query.where(filter=FieldFilter("checkpoint_id", "<", before_id))
        return query

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
