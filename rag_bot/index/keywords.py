"""The keyword side of the index: BM25 over versioned, atomically published snapshots.

A snapshot is a directory ``snap-NNNNNN-xxxx`` holding the chunk ids, their filter fields, their tokens and a
``bm25s`` index. ``CURRENT`` names the live snapshot and is replaced atomically (``os.replace``) only after the
snapshot is complete on disk, so a reader never sees a half-written one; readers notice a new ``CURRENT`` and
reload. Two engines read the same snapshot: ``bm25s`` (default, sparse matrix, memory-mapped) and ``rank_bm25``
(rebuilt in memory at load; slower, kept selectable).
"""

from __future__ import annotations

import json
import logging
import os
import shutil
import threading
import uuid
from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass
from pathlib import Path

import numpy as np

from rag_bot.index.tokenize import tokenize
from rag_bot.index.vectors import date_int
from rag_bot.retrieval.types import SearchFilters

log = logging.getLogger(__name__)
CURRENT = "CURRENT"


@dataclass
class KeywordEntry:
    """What the keyword side keeps of one chunk."""

    id: str
    tokens: list[str]
    date_int: int
    language: str
    doc_id: str


class KeywordEngine(ABC):
    """A BM25 scorer over one snapshot: scores for every row, aligned with the snapshot's ids."""

    @abstractmethod
    def scores(self, tokens: list[str]) -> np.ndarray | None:
        """BM25 score of each row; None when no query token is known."""


def _bm25s():
    import bm25s

    logging.getLogger("bm25s").setLevel(logging.WARNING)  # bm25s sets DEBUG on import
    return bm25s


class Bm25sEngine(KeywordEngine):
    """``bm25s``: precomputed sparse scores, loaded memory-mapped."""

    def __init__(self, snapshot: Path) -> None:
        self._bm25 = _bm25s().BM25.load(str(snapshot / "bm25s"), mmap=True, show_progress=False, verbosity=0)
        self._vocab = self._bm25.vocab_dict

    @staticmethod
    def build(snapshot: Path, token_lists: list[list[str]]) -> None:
        bm25 = _bm25s().BM25()
        vocab: dict[str, int] = {}
        ids = [[vocab.setdefault(t, len(vocab)) for t in toks] for toks in token_lists]
        if not vocab:
            vocab[""] = 0
        bm25.index((ids, vocab), show_progress=False)
        bm25.save(str(snapshot / "bm25s"), show_progress=False)

    def scores(self, tokens: list[str]) -> np.ndarray | None:
        ids = [self._vocab[t] for t in tokens if t in self._vocab]
        if not ids:
            return None
        return np.asarray(self._bm25.get_scores_from_ids(ids), dtype=np.float32)


class RankBm25Engine(KeywordEngine):
    """``rank-bm25`` (BM25Okapi) rebuilt from the snapshot's tokens at load."""

    def __init__(self, snapshot: Path) -> None:
        from rank_bm25 import BM25Okapi

        corpus = list(_read_tokens(snapshot))
        self._n = len(corpus)
        self._bm25 = BM25Okapi([toks or [""] for toks in corpus]) if corpus else None

    def scores(self, tokens: list[str]) -> np.ndarray | None:
        if self._bm25 is None or not tokens:
            return None
        return np.asarray(self._bm25.get_scores(tokens), dtype=np.float32)


ENGINES: dict[str, type[KeywordEngine]] = {"bm25s": Bm25sEngine, "rank_bm25": RankBm25Engine}


def _read_tokens(snapshot: Path) -> Iterable[list[str]]:
    with open(snapshot / "tokens.txt", encoding="utf-8") as fh:
        for line in fh:
            line = line.rstrip("\n")
            yield line.split(" ") if line else []


class Snapshot:
    """One loaded snapshot: ids, filter arrays and an engine."""

    def __init__(self, path: Path, engine: str) -> None:
        self.path = path
        self.name = path.name
        self.ids: list[str] = json.loads((path / "ids.json").read_text(encoding="utf-8"))
        self.date_int = np.load(path / "date_int.npy")
        self.language = np.load(path / "language.npy")
        self.doc_ids: list[str] = json.loads((path / "doc_ids.json").read_text(encoding="utf-8"))
        self.engine = ENGINES[engine](path) if self.ids else None

    def mask(self, filters: SearchFilters) -> np.ndarray | None:
        """Rows allowed by ``filters`` (None = all)."""
        if filters.is_empty():
            return None
        keep = np.ones(len(self.ids), dtype=bool)
        if filters.date:
            keep &= self.date_int == date_int(filters.date)
        if filters.date_from:
            keep &= self.date_int >= date_int(filters.date_from)
        if filters.date_to:
            keep &= (self.date_int <= date_int(filters.date_to)) & (self.date_int > 0)
        if filters.language:
            keep &= self.language == filters.language
        return keep

    def search(self, query: str, k: int, filters: SearchFilters) -> list[tuple[str, float]]:
        if self.engine is None:
            return []
        scores = self.engine.scores(tokenize(query))
        if scores is None:
            return []
        mask = self.mask(filters)
        if mask is not None:
            scores = np.where(mask, scores, 0.0)
        positive = int(np.count_nonzero(scores > 0))
        k = min(k, positive)
        if k <= 0:
            return []
        top = np.argpartition(-scores, k - 1)[:k]
        top = top[np.argsort(-scores[top], kind="stable")]
        return [(self.ids[i], float(scores[i])) for i in top]


class KeywordIndex:
    """Versioned BM25 snapshots in one directory: written by the ingester, reloaded by readers on change."""

    def __init__(self, directory: Path, engine: str = "bm25s") -> None:
        if engine not in ENGINES:
            raise ValueError(f"Unknown keyword engine {engine!r}; choose one of {sorted(ENGINES)}.")
        self.directory = directory
        self.engine = engine
        self._snapshot: Snapshot | None = None
        self._seen: tuple[int, int] | None = None
        self._lock = threading.Lock()
        directory.mkdir(parents=True, exist_ok=True)

    # --- reading ------------------------------------------------------------------------------------------
    def _current_name(self) -> str | None:
        try:
            return (self.directory / CURRENT).read_text(encoding="utf-8").strip() or None
        except FileNotFoundError:
            return None

    def snapshot(self) -> Snapshot | None:
        """The live snapshot, reloaded when ``CURRENT`` changed since the last call."""
        try:
            st = os.stat(self.directory / CURRENT)
            stamp = (st.st_mtime_ns, st.st_ino)
        except FileNotFoundError:
            return None
        with self._lock:
            if self._snapshot is not None and stamp == self._seen:
                return self._snapshot
            for _attempt in range(3):  # a writer may publish and prune while we load
                name = self._current_name()
                if name is None:
                    return None
                try:
                    self._snapshot = Snapshot(self.directory / name, self.engine)
                    self._seen = stamp
                    return self._snapshot
                except (FileNotFoundError, OSError) as exc:
                    log.warning("keyword snapshot %s vanished while loading (%s); retrying", name, exc)
            raise RuntimeError(f"Could not load the keyword index in {self.directory}.")

    def selectivity(self, filters: SearchFilters) -> float | None:
        """Share of indexed chunks that ``filters`` allow (None without a snapshot); sizes the dense probe."""
        snap = self.snapshot()
        if snap is None or not snap.ids:
            return None
        mask = snap.mask(filters)
        return 1.0 if mask is None else float(np.count_nonzero(mask)) / len(snap.ids)

    def ids(self) -> set[str]:
        snap = self.snapshot()
        return set(snap.ids) if snap else set()

    def search(self, query: str, k: int, filters: SearchFilters) -> list[tuple[str, float]]:
        snap = self.snapshot()
        return snap.search(query, k, filters) if snap else []

    def entries(self) -> list[KeywordEntry]:
        """Every entry of the live snapshot (the writer's starting point)."""
        snap = self.snapshot()
        if snap is None:
            return []
        return [
            KeywordEntry(cid, toks, int(d), str(lang), doc)
            for cid, toks, d, lang, doc in zip(
                snap.ids, _read_tokens(snap.path), snap.date_int, snap.language, snap.doc_ids, strict=True
            )
        ]

    # --- writing -------------------------------------------------------------------------------------------
    def publish(self, entries: list[KeywordEntry]) -> str:
        """Write a complete new snapshot, then switch ``CURRENT`` to it atomically; prune old ones."""
        previous = self._current_name()
        seq = 1 + max((int(p.name.split("-")[1]) for p in self.directory.glob("snap-*-*")
                       if p.name.split("-")[1].isdigit()), default=0)
        name = f"snap-{seq:06d}-{uuid.uuid4().hex[:8]}"
        tmp = self.directory / f".tmp-{name}"
        tmp.mkdir()
        (tmp / "ids.json").write_text(json.dumps([e.id for e in entries]), encoding="utf-8")
        (tmp / "doc_ids.json").write_text(json.dumps([e.doc_id for e in entries]), encoding="utf-8")
        np.save(tmp / "date_int.npy", np.asarray([e.date_int for e in entries], dtype=np.int32))
        np.save(tmp / "language.npy", np.asarray([e.language for e in entries], dtype="<U8"))
        with open(tmp / "tokens.txt", "w", encoding="utf-8") as fh:
            for e in entries:
                fh.write(" ".join(t for t in e.tokens if " " not in t and "\n" not in t) + "\n")
        if entries:
            Bm25sEngine.build(tmp, [e.tokens for e in entries])
        (tmp / "meta.json").write_text(json.dumps({"count": len(entries)}), encoding="utf-8")
        _fsync_tree(tmp)
        os.replace(tmp, self.directory / name)
        pointer = self.directory / f".{CURRENT}.{uuid.uuid4().hex[:8]}"
        pointer.write_text(name, encoding="utf-8")
        with open(pointer, "rb+") as fh:
            os.fsync(fh.fileno())
        os.replace(pointer, self.directory / CURRENT)
        self._prune(keep={name, previous})
        return name

    def _prune(self, keep: set[str | None]) -> None:
        for path in self.directory.iterdir():
            if path.name.startswith(".tmp-snap-") or (path.name.startswith("snap-") and path.name not in keep):
                shutil.rmtree(path, ignore_errors=True)


def _fsync_tree(path: Path) -> None:
    for p in path.rglob("*"):
        if p.is_file():
            with open(p, "rb") as fh:
                os.fsync(fh.fileno())
