"""The read side of an index: vectors (Chroma and the dense copy, read through :class:`ChunkReader`), keywords (BM25
segments) and the manifest, side by side.

Every change goes through :class:`rag_bot.index.writer.IndexWriter`; this class only reads (and shows readers only
what the saved manifest commits).
"""

from __future__ import annotations

import logging
import os
import threading
from collections.abc import Callable, Sequence, Set
from pathlib import Path
from typing import TypeVar

from rag_bot.config import Settings
from rag_bot.index.chunks import ChunkReader
from rag_bot.index.committed import Committed, MapDamaged, ParsedCommitted, open_map
from rag_bot.index.dense import DenseCopy, DenseCopyDamaged
from rag_bot.index.errors import IndexBusy, IndexCorrupted
from rag_bot.index.folder import check_folder
from rag_bot.index.keywords import KeywordIndex
from rag_bot.index.manifest import NAME, DocumentChunks, Manifest, ManifestError, without_gc
from rag_bot.index.vectors import IndexModelMismatch, VectorIndex, check_model, chroma_where, date_int, matches

# the read side's names for the layers above (retrieval, evaluation, front ends): they import nothing else here
__all__ = ["ChunkReader", "DenseCopyDamaged", "DocumentChunks", "IndexBusy", "IndexModelMismatch", "IndexStore",
           "Manifest", "VectorIndex", "chroma_where", "date_int", "has_index", "matches", "pull_shared",
           "saved_manifest"]
log = logging.getLogger(__name__)
T = TypeVar("T")


class IndexStore:
    """Opens the three stores of one index directory (the vector side may be a Chroma server).

    Readers (``committed_only=True``, the default) see only chunks the saved manifest holds: vectors an
    interrupted or running ingestion wrote but has not committed are never returned by search, ``get`` or
    ``get_where`` (:meth:`committed_ids`). The index writer opens it with ``committed_only=False``.
    """

    def __init__(self, settings: Settings, embedding_model: str | None, committed_only: bool = True) -> None:
        self.settings = settings
        self.root = Path(settings.index_dir)
        try:
            check_folder(self.root)  # nothing is created in a folder that is not an index (NotAnIndex)
        except IndexCorrupted:
            pass  # ours, damaged: reading says so, the writer repairs it
        self.root.mkdir(parents=True, exist_ok=True)
        self.manifest_path = self.root / NAME
        self.shared = None
        if settings.index_bucket and committed_only:  # a reader of a shared index polls its pointer
            from rag_bot.index.shared import SharedIndex

            self.shared = SharedIndex(settings)
            try:
                self.shared.pull()
            except Exception as exc:  # unreachable: a local copy answers from the generation it holds
                if not self.manifest_path.exists():
                    raise
                log.warning("shared index: reading %s failed (%s); starting from the local copy",
                            settings.index_bucket, type(exc).__name__)
        self._committed: Committed | None = None
        self._committed_stamp: tuple[int, int, int] | None = None
        self._committed_lock = threading.Lock()
        self.vectors = VectorIndex(
            path=None if settings.chroma_url else self.root / "chroma", url=settings.chroma_url,
            collection=settings.collection, embedding_model=embedding_model,
            visible=self.committed_ids if committed_only else None,
        )
        self.keywords = KeywordIndex(self.root / "keyword", engine=settings.keyword_engine)
        if embedding_model:  # the map records the model (Chroma, opened on first need, checks its own record)
            recorded = open_map(self.manifest_path)
            check_model(recorded.embedding_model if recorded else None, embedding_model)
        self.dense = DenseCopy(self.root / "dense")  # every chunk's vector, date, language, text and metadata
        # what readers ask of the vector side: from the dense copy (embedded default) or Chroma
        self.chunks = ChunkReader(settings, self.vectors, self.dense,
                                  self.committed_ids if committed_only else lambda: None, self.keywords.count)

    def load_manifest(self) -> Manifest:
        """The saved manifest (a copy: changing it changes nothing on disk)."""
        try:
            return Manifest.load(self.manifest_path)
        except ManifestError as exc:
            raise IndexCorrupted(self.root, str(exc)) from None

    def committed_ids(self) -> Set[str] | None:
        """Chunk ids of the saved manifest, reloaded when the file changes; None when there is no manifest (an
        index not written by the index writer, e.g. a benchmark's: then every chunk is visible). The writer saves a
        manifest before it writes its first vector, so an interrupted first run shows nothing."""
        return self._read(lambda view: view.ids)

    def document_chunks(self, doc_id: str) -> tuple[str, ...] | None:
        """The chunk ids of one committed document in order (position = the chunk's ``seq``), from the manifest;
        None when the manifest does not say (then look them up by metadata: slow on a large Chroma collection)."""
        return self._read(lambda view: view.chunks_of(doc_id))

    def documents(self, first: str | None = None, last: str | None = None) -> Sequence[DocumentChunks] | None:
        """Every committed document, by date then id (only those dated ``first`` to ``last``, ISO dates, when
        given: a binary search in the map); None without a manifest or when some committed chunk is in no document
        record (a manifest written by other code): then find documents by metadata."""
        return self._read(lambda view: view.documents(first, last))

    def _read(self, what: Callable[[Committed], T]) -> T | None:
        """``what(view)`` of the saved manifest's view; a map found damaged on reading is dropped for the parsed
        manifest (the commit record), so damaged data is never used."""
        view = self._committed_view()
        if view is None:
            return None
        try:
            return what(view)
        except MapDamaged as exc:
            log.warning("%s; reading the manifest instead", exc)
            with self._committed_lock:
                self._committed = self._parse()
                return what(self._committed)

    def _committed_view(self) -> Committed | None:
        if self.shared is not None:
            self.shared.poll()
        stamp = self._manifest_stamp()
        if stamp is None:
            return None
        with self._committed_lock:
            if stamp != self._committed_stamp or self._committed is None:
                self._committed = open_map(self.manifest_path) or self._parse()
                self._committed_stamp = stamp
            return self._committed

    def _parse(self) -> Committed:
        with without_gc():
            try:
                return ParsedCommitted(self.manifest_path)
            except ManifestError as exc:
                raise IndexCorrupted(self.root, str(exc)) from None

    def _manifest_stamp(self) -> tuple[int, int, int] | None:
        """The saved manifest's identity (replaced on every save: a new inode), None when there is none."""
        try:
            st = os.stat(self.manifest_path)
        except FileNotFoundError:
            return None
        return st.st_mtime_ns, st.st_ino, st.st_size


def has_index(index_dir: Path | str) -> bool:
    """Whether ``index_dir`` holds an index (its manifest; a damaged one too: reading it then says so); read
    commands never create one. :class:`NotAnIndex` when the folder holds files that are not an index's."""
    root = Path(index_dir)
    try:
        check_folder(root)
    except IndexCorrupted:
        pass
    return (root / NAME).is_file()


def pull_shared(settings: Settings) -> bool:
    """With a shared index (``index_bucket``): copy its live generation into ``index_dir`` now (True when a new one
    was installed); without one: nothing to do."""
    if not settings.index_bucket:
        return False
    from rag_bot.index.shared import SharedIndex

    return SharedIndex(settings).pull()


def saved_manifest(index_dir: Path | str) -> Manifest:
    """The saved manifest of the index in ``index_dir`` (empty when there is none), read without opening the stores;
    :class:`IndexCorrupted` when it is damaged."""
    try:
        return Manifest.load(Path(index_dir) / NAME)
    except ManifestError as exc:
        raise IndexCorrupted(Path(index_dir), str(exc)) from None
