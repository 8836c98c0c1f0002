"""Incremental ingestion: files -> documents -> chunks -> vectors, handed to the index writer.

This module produces; :class:`rag_bot.index.writer.IndexWriter` owns the index: the order of writes, the commit
point (the manifest), the lock, the folder check and the repair after an interrupted or damaged write. A file is
committed once all its vectors are written, so a run killed anywhere loses only uncommitted work.

Files are found by :func:`ingest.files.scan_folder` (nothing outside the folder, no symlink loops, only regular
files) and each is opened once: the bytes read are hashed (unchanged files are skipped) and parsed within the
file's :class:`~ingest.budget.Budget`. The next files are read and chunked in a thread, and chunks are embedded in
batches that run across file boundaries, two batches ahead of the writes (:mod:`ingest.prefetch`). The index's
stores open in a thread too (:meth:`IndexWriter.opened_in_background`: chromadb's import and client, the agreement
check), so the first batches embed meanwhile; until then what changed is decided on the saved manifest, read under
the writer's lock, and a file found unchanged in it is decided again if the opening repaired the index.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import closing
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np
from tqdm import tqdm

from ingest.budget import Budget
from ingest.chunking import CHUNKER_VERSION
from ingest.documents import COMPOSITIONS, Chunk, Document, compose, make_chunks, split_documents
from ingest.files import read_file, scan_folder
from ingest.loaders import LoadedFile, LoadError, Page, load_bytes
from ingest.prefetch import BusyClock, embed_ahead, prefetch
from rag_bot.config import Settings
from rag_bot.index.writer import FileRecord, IndexWriter, Manifest, file_key
from rag_bot.ingestion import Record
from rag_bot.models.embeddings import Embedder, get_embedder

log = logging.getLogger(__name__)
SAVE_EVERY_S = 5.0  # the manifest is saved at least this often during a run (and at its end)
Hook = Callable[[str, str], None]  # (step, file key): "vectors-written" here; "saved", "published" by the writer


@dataclass
class SourceItem:
    """One thing to ingest: a file on disk (``read``) or an in-memory record (``load``, e.g. a BEIR corpus line).

    ``source`` is what users see (the path relative to ``root``, cleaned); ``path`` the raw relative path that,
    joined to ``root``, is the item's identity (:attr:`key`). A file's hash and size are set when it is read.
    """

    source: str
    root: str
    content_hash: str = ""
    size: int = 0
    load: Callable[[], LoadedFile] | None = None
    read: Callable[[], bytes] | None = None
    path: str = ""

    @property
    def key(self) -> str:
        return file_key(self.root, self.path or self.source)


@dataclass
class IngestSummary:
    """What a run did; ``to_json`` is the ``--json`` output."""

    added: int = 0
    replaced: int = 0
    removed: int = 0
    skipped: int = 0
    failed: list[dict[str, str]] = field(default_factory=list)
    chunks: int = 0
    seconds: float = 0.0
    embed_seconds: float = 0.0
    repaired: int = 0
    reused: int = 0  # chunks whose vector was kept from the file's previous chunk of the same embedded text
    text_chars: int = 0  # characters of text indexed from the files read
    dropped_chars: int = 0  # characters of boilerplate left out of them (navigation, running headers, page numbers)

    def to_json(self) -> dict:
        return {"added": self.added, "replaced": self.replaced, "removed": self.removed, "skipped": self.skipped,
                "failed": self.failed, "chunks": self.chunks, "seconds": round(self.seconds, 3)}

    def describe(self) -> str:
        rate = self.chunks / self.seconds if self.seconds else 0.0
        lines = [f"added {self.added}, replaced {self.replaced}, removed {self.removed}, skipped {self.skipped} "
                 f"(unchanged), failed {len(self.failed)}; {self.chunks} chunks in {self.seconds:.1f} s "
                 f"({rate:.1f} chunks/s)"]
        if self.reused:
            lines.append(f"kept the vectors of {self.reused} chunks whose embedded text was unchanged")
        if self.repaired:
            lines.append(f"repaired {self.repaired} leftovers of an interrupted run")
        lines += [f"  FAILED {f['path']}: {f['reason']}" for f in self.failed]
        return "\n".join(lines)


def scan_paths(
    paths: Iterable[Path], max_bytes: int
) -> tuple[list[SourceItem], list[dict[str, str]], list[tuple[str, Path]]]:
    """Files under ``paths`` -> (items, failures found while scanning, scopes (root, path) for pruning)."""
    items: list[SourceItem] = []
    failures: list[dict[str, str]] = []
    scopes: list[tuple[str, Path]] = []
    for raw in paths:
        scan = scan_folder(Path(raw))
        failures += scan.failures
        if not scan.root:
            continue
        scopes.append((scan.root, Path(scan.scope)))
        for found in scan.files:
            items.append(SourceItem(source=found.source, root=scan.root, path=found.rel,
                                    read=lambda real=found.real: read_file(real, max_bytes)))
    return items, failures, scopes


class Ingester:
    """Runs one ingestion against an index.

    ``hook(step, key)``, when given, is called after a file's vectors are written ("vectors-written"), after each
    manifest save ("saved") and after the keyword snapshot is published ("published"): tests use it to stop a run
    at an exact point.
    """

    def __init__(self, settings: Settings, embedder: Embedder | None = None, progress: bool = True,
                 hook: Hook | None = None) -> None:
        self.settings = settings
        self.embedder = embedder or get_embedder(settings)
        self.progress = progress
        self.hook = hook or (lambda step, key: None)
        self.budget = min(settings.chunk_tokens, self.embedder.max_tokens - 2)
        self.chunking = f"v{CHUNKER_VERSION}/{self.budget}/{Chunk.COMPOSITION}"
        self._wait_writer: Callable[[], IndexWriter] | None = None
        self._ready_writer: IndexWriter | None = None
        self._early: Manifest | None = None  # the saved manifest, read before the stores open
        self._early_skips: list[SourceItem] = []  # files found unchanged in it
        self._index: IndexWriter | None = None

    def chunk(self, loaded: LoadedFile, item: SourceItem, language: str) -> tuple[list[Document], list[Chunk]]:
        documents = split_documents(loaded, item.source, language, key=item.key)
        chunks = [c for doc in documents
                  for c in make_chunks(doc, item.content_hash, self.budget, self.embedder.token_count)]
        return documents, chunks

    def _record(self, key: str) -> FileRecord | None:
        """The file's committed record: from the saved manifest while the index is still being opened (the lock
        is held: no other writer changes it), then from the writer."""
        if self._early is not None and self._ready_writer is None:
            return self._early.files.get(key)
        return self._writer().record(key)

    def _writer(self) -> IndexWriter:
        """The writer, once its stores are open (waits for them; re-raises what opening raised)."""
        if self._ready_writer is None:
            assert self._wait_writer is not None, "only during run"
            self._ready_writer = self._wait_writer()
        return self._ready_writer

    def _prepare(self, item: SourceItem, language: str) -> list[Chunk] | None:
        """Read and chunk one item; None when it is unchanged. Raises :class:`LoadError` with the reason."""
        data = item.read() if item.read is not None else None
        if data is not None:
            item.content_hash = hashlib.sha256(data).hexdigest()
            item.size = len(data)
        early = self._early if self._ready_writer is None else None
        record = early.files.get(item.key) if early is not None else self._writer().record(item.key)
        if not _changed(record, item, self.chunking):
            if early is not None:  # decided on the saved manifest: decided again if the opening repaired it
                self._early_skips.append(item)
            return None
        budget = Budget.for_file(item.size, self.settings)
        if data is not None:
            loaded = load_bytes(item.path or item.source, data, budget)
        else:
            assert item.load is not None, "an item needs read or load"
            loaded = item.load().cleaned()
        del data
        _, chunks = self.chunk(loaded, item, language)
        budget.check_chunks(len(chunks))
        if not chunks:
            raise LoadError("no text to index")
        self.text_chars += sum(len(page.text) for page in loaded.pages)
        self.dropped_chars += loaded.dropped_chars
        return chunks

    def _reusable(self, writer: IndexWriter, old: FileRecord | None, fresh: list[Chunk]) -> dict[str, np.ndarray]:
        """Stored vectors of the file's previous chunks, by the text each was embedded as (under the composition
        its recorded chunking names; records without one used "title"), for the new chunks that need one."""
        if old is None or not fresh:
            return {}
        parts = old.chunking.split("/")
        composition = parts[2] if len(parts) > 2 and parts[2] in COMPOSITIONS else "title"
        wanted = {c.embed_text for c in fresh}
        known: dict[str, np.ndarray] = {}
        for hit, vector in writer.stored_vectors(old.chunk_ids):
            text = compose(composition, hit.metadata.get("title") or "", hit.text, hit.metadata.get("source") or "")
            if text in wanted:
                known[text] = vector
        return known

    def _embed(self, batch: _Batch) -> np.ndarray:
        if not batch.chunks:
            return np.zeros((0, 0), dtype=np.float32)
        with self.clock:
            return self.embedder.embed_passages([c.embed_text for c in batch.chunks])

    def _pending(self, unique: list[SourceItem], language: str, summary: IngestSummary,
                 bar: tqdm) -> Iterator[_Pending]:
        """The changed files in order, read and chunked ahead in a thread; failures and unchanged files are counted
        here. Stored vectors of unchanged embedded text are written now; the rest is left to embed."""
        # closed when the consumer stops early (an error in a later stage): the reading thread ends first
        with closing(prefetch(unique, lambda it: self._prepare(it, language))) as prepared:
            for item, chunks in prepared:
                bar.update(1)
                bar.set_postfix_str(item.source[-40:])
                if isinstance(chunks, LoadError):
                    summary.failed.append({"path": item.source, "reason": str(chunks)})
                    continue
                if isinstance(chunks, BaseException):  # an unexpected loader bug must not stop the run
                    log.error("unexpected failure reading %s", item.source, exc_info=chunks)
                    summary.failed.append({"path": item.source, "reason": f"{chunks.__class__.__name__}: {chunks}"})
                    continue
                if chunks is None:
                    summary.skipped += 1
                    continue
                if self._index is not None:  # something to write: Chroma loads the collection's vectors meanwhile
                    self._index.load_vectors_soon()
                old = self._record(item.key)
                if old is not None:  # an edited file: its stored chunks as the opened index holds them (the repair may
                    old = self._writer().record(item.key)  # have dropped them), and their vectors to reuse
                old_ids = set(old.chunk_ids) if old else set()
                fresh = [c for c in chunks if c.id not in old_ids]
                known = self._reusable(self._writer(), old, fresh) if old is not None and fresh else {}
                if known:  # same embedded text under a new id (a new composition, a shifted chunk): no embedding
                    reused = [c for c in fresh if c.embed_text in known]
                    self._writer().write_vectors(reused, np.stack([known[c.embed_text] for c in reused]))
                    summary.reused += len(reused)
                    fresh = [c for c in fresh if c.embed_text not in known]
                yield _Pending(item, chunks, old, fresh)

    def _batches(self, files: Iterable[_Pending]) -> Iterator[_Batch]:
        """The chunks to embed in batches of ``ingest_batch`` across file boundaries (small files do not leave the
        embedder waiting); each batch names the files whose last chunk it holds, in order."""
        size = self.settings.ingest_batch
        batch = _Batch([], [])
        for pending in files:
            if not pending.fresh:
                batch.completes.append(pending)
            for i, chunk in enumerate(pending.fresh):
                batch.chunks.append(chunk)
                if i == len(pending.fresh) - 1:
                    batch.completes.append(pending)
                if len(batch.chunks) == size:
                    yield batch
                    batch = _Batch([], [])
        if batch.chunks or batch.completes:
            yield batch

    def run(self, items: list[SourceItem], language: str = "auto", prune_scopes: list[tuple[str, Path]] | None = None,
            failures: list[dict[str, str]] | None = None) -> IngestSummary:
        """Ingest ``items``; with ``prune_scopes``, remove indexed files inside those paths that are not in ``items``.

        Files refused by the scan (a symlink out of the folder, a FIFO) are not items, so they are pruned too.
        """
        started = time.perf_counter()
        summary = IngestSummary(failed=list(failures or []))
        self.text_chars = self.dropped_chars = 0
        self.clock = BusyClock()
        # the index's stores open in a thread (chromadb's import and client, the agreement check) while the first
        # files are read, chunked and embedded: what changed is decided on the saved manifest until then
        index = self._index = IndexWriter(self.settings, self.embedder.name, hook=self.hook)
        bar = tqdm(total=len(items), unit="file", desc="ingest", disable=not self.progress or not items)
        with bar, index.opened_in_background() as ready:  # the bar ends its line before an error is printed
            self._wait_writer, self._ready_writer = ready, None
            self._early, self._early_skips = index.early, []
            seen: set[str] = set()
            unique = []
            for item in items:  # the same file named twice (a folder and its subfolder) is read once
                if item.key not in seen:
                    seen.add(item.key)
                    unique.append(item)
            bar.update(len(items) - len(unique))
            self._write_all(unique, language, summary, bar)
            writer = self._writer()
            summary.repaired = writer.repaired
            if writer.repaired:  # the opening dropped files (their vectors were lost): decide those again
                again = [it for it in self._early_skips if _changed(writer.record(it.key), it, self.chunking)]
                summary.skipped -= len(again)
                self._write_all(again, language, summary, bar)
            for _root, scope in prune_scopes or []:  # only inside the paths given; files that failed to load are kept
                for key in [k for k in writer.keys() if k not in seen and _in_scope(scope, k)]:
                    writer.remove_file(key)
                    summary.removed += 1
        summary.seconds = time.perf_counter() - started
        summary.embed_seconds = self.clock.seconds
        summary.text_chars, summary.dropped_chars = self.text_chars, self.dropped_chars
        return summary

    def _write_all(self, unique: list[SourceItem], language: str, summary: IngestSummary, bar: tqdm) -> None:
        """Read, chunk, embed, write and commit ``unique``: the next files are read and chunked in a thread, the
        next batches embed while this one is written."""
        last_save = time.monotonic()
        # closed on the way out, an error in any stage first: the embedding threads, then the reading thread, have
        # ended before the error goes on to the writer's end (left to the garbage collector, they ran on meanwhile)
        with closing(self._pending(unique, language, summary, bar)) as files, \
                closing(embed_ahead(self._batches(files), self._embed)) as embedded:
            for batch, vectors in embedded:
                writer = self._writer()
                if batch.chunks:
                    writer.write_vectors(batch.chunks, vectors)
                    summary.chunks += len(batch.chunks)
                    bar.set_postfix_str(f"{summary.chunks} chunks")
                for done in batch.completes:  # every vector of these files is written: commit them
                    self.hook("vectors-written", done.item.key)
                    self._commit(done, writer, summary)
                if batch.completes and time.monotonic() - last_save > SAVE_EVERY_S:
                    writer.checkpoint()
                    last_save = time.monotonic()

    def _commit(self, done: _Pending, writer: IndexWriter, summary: IngestSummary) -> None:
        """Hand a file whose vectors are all written to the writer."""
        item, chunks = done.item, done.chunks
        record = FileRecord(
            content_hash=item.content_hash, chunk_ids=[c.id for c in chunks], size=item.size, root=item.root,
            chunking=self.chunking, source=item.source,
            documents=[{"doc_id": c.metadata["doc_id"], "title": c.metadata["title"],
                        "date": c.metadata["date"] or None, "language": c.metadata["language"],
                        "chunks": c.metadata["n_chunks"]} for c in chunks if c.metadata["seq"] == 0],
        )
        if writer.commit_file(item.key, record, chunks):
            summary.replaced += 1
        else:
            summary.added += 1


@dataclass
class _Pending:
    """A changed file read and chunked: its chunks, its previous record, and the chunks still to embed."""

    item: SourceItem
    chunks: list[Chunk]
    old: FileRecord | None
    fresh: list[Chunk]


@dataclass
class _Batch:
    """Chunks embedded together (from one or more files) and the files this batch completes."""

    chunks: list[Chunk]
    completes: list[_Pending]


def _changed(record: FileRecord | None, item: SourceItem, chunking: str) -> bool:
    """New, edited, or chunked with other settings (then its chunks are rebuilt; unchanged ids are kept)."""
    return record is None or record.content_hash != item.content_hash or record.chunking != chunking


def _in_scope(scope: Path, key: str) -> bool:
    """Whether the file ``key`` (an absolute path) lies inside ``scope`` (a folder, or that file itself)."""
    prefix = str(scope)
    return key == prefix or key.startswith(prefix.rstrip("/") + "/")


def ingest_paths(paths: Iterable[Path], settings: Settings, language: str = "auto", prune: bool = False,
                 progress: bool = True, embedder: Embedder | None = None, hook: Hook | None = None) -> IngestSummary:
    """``rag-bot ingest``: scan files, ingest what changed, optionally prune what is gone (inside ``paths`` only)."""
    max_bytes = int(settings.max_file_mb * 1_000_000)
    items, failures, scopes = scan_paths(paths, max_bytes)
    ingester = Ingester(settings, embedder=embedder, progress=progress, hook=hook)
    return ingester.run(items, language=language, prune_scopes=scopes if prune else None, failures=failures)


def ingest_blob(root: str, name: str, data: bytes, settings: Settings, language: str = "auto",
                progress: bool = False) -> IngestSummary:
    """Ingest one file given as bytes under a root that names where it is kept (an upload in a bucket:
    ``gs://bucket/prefix/uploads``), so that every instance names it the same way and finds it unchanged."""
    item = SourceItem(source=name, root=root, path=name, read=lambda: data)
    return Ingester(settings, progress=progress).run([item], language=language)


def ingest_records(collection: str, records: Iterable[Record], settings: Settings,
                   progress: bool = True) -> IngestSummary:
    """Ingest in-memory records (a BEIR corpus: each record's ``source`` is its document id) as the collection
    ``collection``; unchanged records (same title and text) are skipped."""
    def loader(title: str, body: str) -> Callable[[], LoadedFile]:
        return lambda: LoadedFile([Page(body)], title=title or None)

    items = []
    for record in records:
        digest = hashlib.sha256(f"{record.title}\x00{record.text}".encode()).hexdigest()
        items.append(SourceItem(source=record.source, root=collection, content_hash=digest, size=len(record.text),
                                load=loader(record.title, record.text)))
    return Ingester(settings, progress=progress).run(items)
