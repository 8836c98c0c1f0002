"""Incremental, crash-safe ingestion into Chroma + the BM25 snapshots, driven by the manifest.

Order of writes (write new, then delete old):
1. new chunk vectors are upserted into Chroma;
2. the manifest records the file's new chunk ids (the commit point, written atomically);
3. at the end of the run a new keyword snapshot holding exactly the manifest's ids is published;
4. only then are replaced and removed chunks deleted from Chroma.
A run killed anywhere leaves Chroma a superset of the manifest; the next run's :func:`repair` publishes a keyword
snapshot equal to the manifest and deletes Chroma's orphans, so Chroma ids == keyword ids == manifest ids again.
"""

from __future__ import annotations

import hashlib
import logging
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from tqdm import tqdm

from ingest.chunking import CHUNKER_VERSION
from ingest.documents import Chunk, Document, make_chunks, split_documents
from ingest.loaders import SUPPORTED, LoadedFile, LoadError, load_file
from rag_bot.config import Settings
from rag_bot.index.keywords import KeywordEntry
from rag_bot.index.manifest import FileRecord, Manifest
from rag_bot.index.store import IndexStore
from rag_bot.index.tokenize import tokenize
from rag_bot.models.embeddings import Embedder, get_embedder

log = logging.getLogger(__name__)


@dataclass
class SourceItem:
    """One thing to ingest: a file on disk or an in-memory record (e.g. a BEIR corpus line)."""

    source: str
    root: str
    content_hash: str
    size: int
    load: Callable[[], LoadedFile]


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

    def to_json(self) -> dict:
        return {"added": self.added, "replaced": self.replaced, "removed": self.removed, "skipped": self.skipped,
                "failed": self.failed, "chunks": self.chunks, "seconds": round(self.seconds, 3)}

    def describe(self) -> str:
        rate = self.chunks / self.seconds if self.seconds else 0.0
        lines = [f"added {self.added}, replaced {self.replaced}, removed {self.removed}, skipped {self.skipped} "
                 f"(unchanged), failed {len(self.failed)}; {self.chunks} chunks in {self.seconds:.1f} s "
                 f"({rate:.1f} chunks/s)"]
        if self.repaired:
            lines.append(f"repaired {self.repaired} leftovers of an interrupted run")
        lines += [f"  FAILED {f['path']}: {f['reason']}" for f in self.failed]
        return "\n".join(lines)


def _hash_file(path: Path) -> str:
    h = hashlib.sha256()
    with open(path, "rb") as fh:
        for block in iter(lambda: fh.read(1 << 20), b""):
            h.update(block)
    return h.hexdigest()


def scan_paths(
    paths: Iterable[Path], max_bytes: int
) -> tuple[list[SourceItem], list[dict[str, str]], list[tuple[str, Path]]]:
    """Files under ``paths`` -> (items, failures found while scanning, scopes (root, path) for pruning)."""
    items: list[SourceItem] = []
    failures: list[dict[str, str]] = []
    scopes: list[tuple[str, Path]] = []
    for raw in paths:
        path = Path(raw)
        if not path.exists():
            failures.append({"path": str(path), "reason": "no such file or directory"})
            continue
        root = path if path.is_dir() else path.parent
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        scopes.append((str(root.resolve()), path.resolve()))
        for file in files:
            rel = file.relative_to(root)
            if any(part.startswith(".") for part in rel.parts) or file.suffix.lower() not in SUPPORTED:
                if path.is_file():
                    failures.append({"path": str(file), "reason": f"unsupported file type {file.suffix or '(none)'}"})
                continue
            size = file.stat().st_size
            items.append(SourceItem(
                source=rel.as_posix(), root=str(root.resolve()), content_hash=_hash_file(file), size=size,
                load=lambda f=file: load_file(f, max_bytes),
            ))
    return items, failures, scopes


def _entries_for(chunks: list[Chunk]) -> list[KeywordEntry]:
    return [KeywordEntry(c.id, tokenize(c.embed_text), int(c.metadata["date_int"]), c.metadata["language"],
                         c.metadata["doc_id"]) for c in chunks]


def repair(store: IndexStore, manifest: Manifest) -> int:
    """Make Chroma, the keyword snapshot and the manifest agree after an interrupted run; returns fixes made."""
    fixes = 0
    chroma_ids = store.vectors.all_ids()
    for source, record in list(manifest.files.items()):
        if not set(record.chunk_ids) <= chroma_ids:  # committed but vectors lost: ingest the file again
            del manifest.files[source]
            fixes += 1
    if fixes:
        manifest.save(store.manifest_path)
    wanted = manifest.chunk_ids()
    if store.keywords.ids() != wanted:
        kept = {e.id: e for e in store.keywords.entries() if e.id in wanted}
        missing = [cid for cid in wanted if cid not in kept]
        for hit in store.vectors.get(missing):
            meta = hit.metadata
            kept[hit.id] = KeywordEntry(hit.id, tokenize(f"{meta.get('title', '')}\n{hit.text}"),
                                        int(meta.get("date_int", 0)), str(meta.get("language", "")),
                                        str(meta.get("doc_id", "")))
        store.keywords.publish(_ordered(kept.values()))
        fixes += 1
    orphans = chroma_ids - wanted
    if orphans:
        store.vectors.delete(orphans)
        fixes += len(orphans)
    return fixes


def _ordered(entries: Iterable[KeywordEntry]) -> list[KeywordEntry]:
    return sorted(entries, key=lambda e: e.id)


class Ingester:
    """Runs one ingestion against an index."""

    def __init__(self, settings: Settings, embedder: Embedder | None = None, progress: bool = True) -> None:
        self.settings = settings
        self.embedder = embedder or get_embedder(settings)
        self.store = IndexStore(settings, self.embedder.name)
        self.progress = progress
        self.budget = min(settings.chunk_tokens, self.embedder.max_tokens - 2)
        self.chunking = f"v{CHUNKER_VERSION}/{self.budget}/{Chunk.COMPOSITION}"

    def chunk(self, loaded: LoadedFile, item: SourceItem, language: str) -> tuple[list[Document], list[Chunk]]:
        documents = split_documents(loaded, item.source, language)
        chunks = [c for doc in documents
                  for c in make_chunks(doc, item.content_hash, self.budget, self.embedder.token_count)]
        return documents, chunks

    def run(self, items: list[SourceItem], language: str = "auto", prune_scopes: list[tuple[str, Path]] | None = None,
            failures: list[dict[str, str]] | None = None) -> IngestSummary:
        """Ingest ``items``; with ``prune_scopes``, remove indexed files of those scopes that are not in ``items``."""
        started = time.perf_counter()
        summary = IngestSummary(failed=list(failures or []))
        with self.store.writer_lock():
            manifest = self.store.load_manifest()
            summary.repaired = repair(self.store, manifest)
            manifest.embedding_model = self.embedder.name
            to_delete: set[str] = set()
            todo = [it for it in items if _changed(manifest.files.get(it.source), it, self.chunking)]
            summary.skipped = len(items) - len(todo)
            new_entries: dict[str, KeywordEntry] = {}
            last_save = time.monotonic()
            bar = tqdm(total=len(todo), unit="file", desc="ingest", disable=not self.progress or not todo)
            for item in todo:
                bar.set_postfix_str(item.source[-40:])
                try:
                    loaded = item.load()
                    _, chunks = self.chunk(loaded, item, language)
                    if not chunks:
                        raise LoadError("no text to index")
                except LoadError as exc:
                    summary.failed.append({"path": item.source, "reason": str(exc)})
                    bar.update(1)
                    continue
                except Exception as exc:  # an unexpected loader bug must not stop the run
                    log.exception("unexpected failure reading %s", item.source)
                    summary.failed.append({"path": item.source, "reason": f"{exc.__class__.__name__}: {exc}"})
                    bar.update(1)
                    continue
                old = manifest.files.get(item.source)
                old_ids = set(old.chunk_ids) if old else set()
                fresh = [c for c in chunks if c.id not in old_ids]
                for batch in iter_batches(fresh, self.settings.ingest_batch):
                    t0 = time.perf_counter()
                    vectors = self.embedder.embed_passages([c.embed_text for c in batch])
                    summary.embed_seconds += time.perf_counter() - t0
                    self.store.vectors.add([c.id for c in batch], vectors, [c.text for c in batch],
                                           [c.metadata for c in batch])
                    summary.chunks += len(batch)
                    bar.set_postfix_str(f"{summary.chunks} chunks")
                new_ids = [c.id for c in chunks]
                to_delete |= old_ids - set(new_ids)
                new_entries.update((e.id, e) for e in _entries_for(chunks))
                manifest.files[item.source] = FileRecord(
                    content_hash=item.content_hash, chunk_ids=new_ids, size=item.size, root=item.root,
                    chunking=self.chunking,
                    documents=[{"doc_id": c.metadata["doc_id"], "title": c.metadata["title"],
                                "date": c.metadata["date"] or None, "language": c.metadata["language"],
                                "chunks": c.metadata["n_chunks"]} for c in chunks if c.metadata["seq"] == 0],
                )
                if old:
                    summary.replaced += 1
                else:
                    summary.added += 1
                if time.monotonic() - last_save > 5:
                    manifest.save(self.store.manifest_path)
                    last_save = time.monotonic()
                bar.update(1)
                bar.set_postfix_str(f"{summary.chunks} chunks")
            bar.close()
            seen = {it.source for it in items} | {f["path"] for f in summary.failed}
            for root, scope in prune_scopes or []:
                for source in [s for s in manifest.files if s not in seen]:
                    if manifest.files[source].root == root and _in_scope(root, scope, source):
                        to_delete |= set(manifest.files.pop(source).chunk_ids)
                        summary.removed += 1
            changed = summary.added or summary.replaced or summary.removed
            manifest.save(self.store.manifest_path)
            if changed:
                wanted = manifest.chunk_ids()
                kept = {e.id: e for e in self.store.keywords.entries() if e.id in wanted and e.id not in new_entries}
                kept.update(new_entries)
                self.store.keywords.publish(_ordered(e for e in kept.values() if e.id in wanted))
                self.store.vectors.delete(to_delete - wanted)
        summary.seconds = time.perf_counter() - started
        return summary


def _changed(record: FileRecord | None, item: SourceItem, chunking: str) -> bool:
    """New, edited, or chunked with other settings (then its chunks are rebuilt; unchanged ids are kept)."""
    return record is None or record.content_hash != item.content_hash or record.chunking != chunking


def _in_scope(root: str, scope: Path, source: str) -> bool:
    path = Path(root) / source
    return path == scope or scope in path.parents


def ingest_paths(paths: Iterable[Path], settings: Settings, language: str = "auto", prune: bool = False,
                 progress: bool = True, embedder: Embedder | None = None) -> IngestSummary:
    """``rag-bot ingest``: scan files, ingest what changed, optionally prune what is gone."""
    max_bytes = int(settings.max_file_mb * 1_000_000)
    items, failures, scopes = scan_paths(paths, max_bytes)
    ingester = Ingester(settings, embedder=embedder, progress=progress)
    return ingester.run(items, language=language, prune_scopes=scopes if prune else None, failures=failures)


def iter_batches(seq: list, size: int) -> Iterator[list]:
    for i in range(0, len(seq), size):
        yield seq[i:i + size]
