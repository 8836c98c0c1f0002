"""The index as one object: vectors (Chroma), keywords (BM25 snapshots) and the manifest, side by side."""

from __future__ import annotations

import fcntl
import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rag_bot.config import Settings
from rag_bot.index.durable import replace_atomically
from rag_bot.index.keywords import KeywordIndex
from rag_bot.index.manifest import DocumentChunks, Manifest, read_committed, without_gc
from rag_bot.index.vectors import VectorIndex

# the saved manifest as readers use it: committed chunk ids, documents by id, documents by date
CommittedState = tuple[frozenset[str], dict[str, DocumentChunks], list[DocumentChunks] | None]
SETTLED = "settled.json"  # written by the ingester: whether its last run ended with the stores in agreement


class IndexBusy(RuntimeError):
    """Another ingestion holds the index."""


class IndexStore:
    """Opens the three stores of one index directory (the vector side may be a Chroma server).

    Readers (``committed_only=True``, the default) see only chunks the saved manifest holds: vectors an
    interrupted or running ingestion wrote but has not committed are never returned by search, ``get`` or
    ``get_where`` (:meth:`committed_ids`). The ingester opens the store with ``committed_only=False``.
    """

    def __init__(self, settings: Settings, embedding_model: str | None, committed_only: bool = True) -> None:
        self.settings = settings
        self.root = Path(settings.index_dir)
        self.root.mkdir(parents=True, exist_ok=True)
        self.manifest_path = self.root / "manifest.json"
        self._committed: CommittedState | None = None
        self._committed_stamp: tuple[int, int, int] | None = None
        self._committed_lock = threading.Lock()
        self.vectors = VectorIndex(
            path=None if settings.chroma_url else self.root / "chroma", url=settings.chroma_url,
            collection=settings.collection, embedding_model=embedding_model,
            visible=self.committed_ids if committed_only else None,
        )
        self.keywords = KeywordIndex(self.root / "keyword", engine=settings.keyword_engine)

    def load_manifest(self) -> Manifest:
        return Manifest.load(self.manifest_path)

    def committed_ids(self) -> frozenset[str] | None:
        """Chunk ids of the saved manifest, reloaded when the file changes; None when there is no manifest (an
        index not written by the ingester, e.g. a benchmark's: then every chunk is visible). The ingester saves a
        manifest before it writes its first vector, so an interrupted first run shows nothing."""
        state = self._committed_state()
        return None if state is None else state[0]

    def document_chunks(self, doc_id: str) -> tuple[str, ...] | None:
        """The chunk ids of one committed document in order (position = the chunk's ``seq``), from the manifest;
        None when the manifest does not say (then look them up by metadata: slow on a large Chroma collection)."""
        state = self._committed_state()
        doc = None if state is None else state[1].get(doc_id)
        return None if doc is None else doc.chunk_ids

    def documents(self) -> list[DocumentChunks] | None:
        """Every committed document, by date then id; None without a manifest or when some committed chunk is in
        no document record (a manifest written by other code): then find documents by metadata."""
        state = self._committed_state()
        return None if state is None else state[2]

    def _committed_state(self) -> CommittedState | None:
        stamp = self._manifest_stamp()
        if stamp is None:
            return None
        with self._committed_lock:
            if stamp != self._committed_stamp or self._committed is None:
                with without_gc():
                    ids, docs = read_committed(self.manifest_path)
                    ordered = sorted(docs.values(), key=lambda d: (d.date or "", d.doc_id))
                complete = sum(len(d.chunk_ids) for d in ordered) == len(ids)
                self._committed = (ids, docs, ordered if complete else None)
                self._committed_stamp = stamp
            return self._committed

    def _manifest_stamp(self) -> tuple[int, int, int] | None:
        """The saved manifest's identity (replaced on every save: a new inode), None when there is none."""
        try:
            st = os.stat(self.manifest_path)
        except FileNotFoundError:
            return None
        return st.st_mtime_ns, st.st_ino, st.st_size

    def settled(self) -> bool:
        """Whether the last ingestion ended and nothing was written since (the manifest is the one it saved): then
        Chroma, the keyword index and the manifest hold the same chunks, and the next run need not compare them
        (reading every id of Chroma and of the keyword index costs seconds at 300k chunks)."""
        try:
            state = json.loads((self.root / SETTLED).read_text(encoding="utf-8"))
        except (FileNotFoundError, ValueError):
            return False
        if not isinstance(state, dict):  # not what a run writes: compare the stores
            return False
        stamp = self._manifest_stamp()
        return state.get("settled") is True and state.get("manifest") == (list(stamp) if stamp else None)

    def mark_settled(self, settled: bool) -> None:
        """Record (atomically, durably) that a run ends with the stores in agreement, or that one is writing."""
        state = {"settled": settled, "manifest": self._manifest_stamp() if settled else None}
        replace_atomically(self.root / SETTLED, json.dumps(state).encode("utf-8"))

    @contextmanager
    def writer_lock(self) -> Iterator[None]:
        """One ingester at a time per index directory (readers never wait)."""
        with open(self.root / ".ingest.lock", "w") as fh:
            try:
                fcntl.flock(fh, fcntl.LOCK_EX | fcntl.LOCK_NB)
            except BlockingIOError:
                raise IndexBusy(f"Another ingestion is running on {self.root}; try again when it ends.") from None
            try:
                yield
            finally:
                fcntl.flock(fh, fcntl.LOCK_UN)
