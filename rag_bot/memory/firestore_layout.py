"""How the Firestore checkpointer lays checkpoints out in documents, and how it groups writes into commits.

Layout (every id segment is encoded with :func:`~rag_bot.memory.firestore_common.encode_id`, so any thread id,
"/" included, is one exact path segment and ``delete_thread("u1")`` can never touch ``"u1_x"``)::

    {prefix}_threads/{thread}                                   thread_id
      namespaces/{ns}                                           thread_id, checkpoint_ns
        checkpoints/{checkpoint_id}                             head: ids, parent id, metadata, state
        writes/{checkpoint_id}~{task_id}~{idx}                  pending writes of a checkpoint
        chunks/{blob_key}~{n}                                   pieces of values larger than ~900 kB

A serialized value that does not fit a document (Firestore's limit is 1 MiB) is cut into chunks
(:func:`pack_value` / :func:`join_value`). A put is ONE batch commit (atomic) when it fits; only writes larger than
~3.8 MB (one commit is kept under 4 MiB, the gRPC message limit of the emulator) are split by
:func:`commit_groups`: chunks first, heads last, which is still atomic for readers because chunks are only
reachable from the head that names them.
"""

from __future__ import annotations

import uuid
from typing import Any

from rag_bot.memory.errors import MemoryUnavailableError
from rag_bot.memory.firestore_common import encode_id

INLINE_LIMIT = 900_000  # bytes of one value kept inside its document
CHUNK_SIZE = 900_000  # bytes per chunk document (Firestore document limit: 1 MiB)
MAX_COMMIT_BYTES = 3_800_000  # payload of one commit: under 4 MiB (gRPC message limit of the emulator;
# Firestore itself accepts 10 MiB requests)
MAX_COMMIT_WRITES = 450  # writes of one commit (Firestore limit: 500)

Op = tuple[str, Any, dict[str, Any]]  # ("set" | "create", document reference, data)


def write_doc_id(checkpoint_id: str, task_id: str, idx: int) -> str:
    """Id of one pending write's document: ``{checkpoint}~{task}~{idx}`` (segments encoded)."""
    return f"{encode_id(checkpoint_id)}~{encode_id(task_id)}~{idx}"


def pack_value(typed: tuple[str, bytes], ns_ref: Any, base: dict[str, Any], ops: list[Op]) -> dict:
    """Fields describing one serialized value; adds chunk documents to ``ops`` when it is large."""
    type_, data = typed
    if len(data) <= INLINE_LIMIT:
        return {"type": type_, "data": data}
    key = uuid.uuid4().hex
    names = []
    for n, start in enumerate(range(0, len(data), CHUNK_SIZE)):
        name = f"{key}~{n:05d}"
        names.append(name)
        piece = {**base, "data": data[start : start + CHUNK_SIZE]}
        ops.append(("set", ns_ref.collection("chunks").document(name), piece))
    return {"type": type_, "chunks": names, "size": len(data)}


def chunk_names(packed: dict[str, Any]) -> list[str]:
    """Chunk documents a packed value needs (none when it is inline)."""
    return list(packed.get("chunks") or [])


def join_value(packed: dict[str, Any], chunks: dict[str, bytes]) -> tuple[str, bytes]:
    """The serialized ``(type, bytes)`` of a packed value, its chunks joined (checked for completeness)."""
    if "chunks" in packed:
        try:
            data = b"".join(chunks[name] for name in packed["chunks"])
        except KeyError as exc:
            raise MemoryUnavailableError(
                "A stored conversation is incomplete (a piece of it is missing).", detail=str(exc)
            ) from exc
        if len(data) != packed.get("size", len(data)):
            raise MemoryUnavailableError("A stored conversation is damaged (size mismatch).")
    else:
        data = packed["data"]
    return packed["type"], data


def op_bytes(op: Op) -> int:
    """Approximate request size of one write (its bytes/str payload plus overhead)."""
    size = 512
    for value in op[2].values():
        if isinstance(value, bytes | str):
            size += len(value)
        elif isinstance(value, dict):
            size += sum(len(v) for v in value.values() if isinstance(v, bytes | str))
    return size


def commit_groups(ops: list[Op]) -> list[list[Op]]:
    """One group when everything fits one commit; otherwise chunk groups first, the rest last."""
    if len(ops) <= MAX_COMMIT_WRITES and sum(map(op_bytes, ops)) <= MAX_COMMIT_BYTES:
        return [ops]
    markers, chunk_ops, heads = ops[:2], [], []
    for op in ops[2:]:
        (chunk_ops if op[1].parent.id == "chunks" else heads).append(op)
    groups: list[list[Op]] = []
    current: list[Op] = list(markers)
    size = sum(map(op_bytes, current))
    for op in chunk_ops:
        op_size = op_bytes(op)
        if current and (size + op_size > MAX_COMMIT_BYTES or len(current) >= MAX_COMMIT_WRITES):
            groups.append(current)
            current, size = [], 0
        current.append(op)
        size += op_size
    if current:
        groups.append(current)
    for start in range(0, len(heads), MAX_COMMIT_WRITES):
        groups.append(heads[start : start + MAX_COMMIT_WRITES])
    return groups


def fill_batch(batch: Any, group: list[Op]) -> Any:
    """Add a group's writes to a (sync or async) write batch."""
    for kind, ref, data in group:
        if kind == "create":
            batch.create(ref, data)
        else:
            batch.set(ref, data)
    return batch
