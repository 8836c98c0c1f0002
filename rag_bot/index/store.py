"""The index as one object: vectors (Chroma), keywords (BM25 snapshots) and the manifest, side by side."""

from __future__ import annotations

import fcntl
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from rag_bot.config import Settings
from rag_bot.index.keywords import KeywordIndex
from rag_bot.index.manifest import Manifest
from rag_bot.index.vectors import VectorIndex


class IndexBusy(RuntimeError):
    """Another ingestion holds the index."""


class IndexStore:
    """Opens the three stores of one index directory (the vector side may be a Chroma server)."""

    def __init__(self, settings: Settings, embedding_model: str | None) -> None:
        self.settings = settings
        self.root = Path(settings.index_dir)
        self.root.mkdir(parents=True, exist_ok=True)
        self.vectors = VectorIndex(
            path=None if settings.chroma_url else self.root / "chroma", url=settings.chroma_url,
            collection=settings.collection, embedding_model=embedding_model,
        )
        self.keywords = KeywordIndex(self.root / "keyword", engine=settings.keyword_engine)
        self.manifest_path = self.root / "manifest.json"

    def load_manifest(self) -> Manifest:
        return Manifest.load(self.manifest_path)

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
