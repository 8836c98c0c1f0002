"""IndexWriter: the only way to change an index (add, replace and remove whole files' chunks), and its repair.

Order of writes (write new, then delete old), owned here:
1. new chunk vectors are upserted into Chroma (:meth:`IndexWriter.write_vectors`; readers do not see them yet);
2. the manifest records the file's new chunk ids (:meth:`IndexWriter.commit_file`, saved by
   :meth:`IndexWriter.checkpoint` and at the end: the commit point, written atomically with a checksum);
3. at the end of the run the keyword index applies the run's change (new segment + deletions, one atomic switch), and
   the dense copy (:mod:`rag_bot.index.dense`: each chunk's vector, date, language, text and metadata, what readers
   search and read instead of Chroma) the same change (a long run
   writes its new vectors there in parts of :data:`DENSE_FLUSH` as it goes: readers leave out uncommitted ids);
4. only then are replaced and removed chunks deleted from Chroma.
A run killed anywhere leaves Chroma a superset of the manifest; the next writer's repair applies the difference
between the keyword index (and the dense copy) and the manifest and deletes Chroma's orphans, so Chroma ids == keyword
ids == dense copy ids == manifest ids again. A run that ends records so (``settled.json``, with the manifest it
saved), and the next writer skips that comparison (it reads every id of every store) when the record holds and the
three stores count the same.

Before it touches anything the writer checks that the folder is an index, or empty, or new (:func:`check_folder`):
a folder holding anything else (a typo in ``--index-dir``) is refused with one sentence, and the writer only ever
deletes files it names itself (temporary files of its durable writes, its keyword segments).

Damage (a file failing its checksum, a truncated segment, an unreadable ``CURRENT`` or manifest) is repaired from
Chroma, which holds every chunk's text, metadata and vector: the dense copy is rebuilt from the stored vectors; the
keyword index is rebuilt from the committed chunks' stored
text (the keyword text is the stored text with the head the writer recorded in ``kw_head``: exact, no re-chunking
and no source file needed, so a repair also works when the files are gone); a damaged manifest is replaced by the
copy saved when the last run ended (``manifest.backup.json``), whose files still in Chroma are kept (the files
committed after it are indexed again by the next ingest).
"""

from __future__ import annotations

import errno
import fcntl
import json
import logging
import os
import threading
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor, wait
from contextlib import contextmanager
from pathlib import Path
from types import TracebackType
from typing import Any

import numpy as np

from rag_bot.config import Settings
from rag_bot.index.committed import open_for_writing, save_manifest
from rag_bot.index.dense import DenseCopyDamaged, DenseEntry
from rag_bot.index.durable import replace_atomically
from rag_bot.index.errors import IndexBusy, IndexCorrupted, IndexDiskFull, NotAnIndex
from rag_bot.index.folder import BACKUP, LOCK, SETTLED, check_folder, own_temporary
from rag_bot.index.keyword_text import IndexedChunk, entries_for, keyword_entry, keyword_head, keyword_text
from rag_bot.index.keywords import CURRENT, KeywordEntry
from rag_bot.index.manifest import NAME as MANIFEST_NAME
from rag_bot.index.manifest import FileRecord, Manifest, ManifestError, file_key
from rag_bot.index.manifest_edit import RecordFiles
from rag_bot.index.store import IndexStore
from rag_bot.index.types import Hit

__all__ = ["FileRecord", "IndexWriter", "IndexedChunk", "Manifest", "check_folder", "check_index", "entries_for",
           "file_key", "repair_index"]
log = logging.getLogger(__name__)
Hook = Callable[[str, str], None]  # (step, file key): "saved" after a manifest save, "published" after the keywords
REPAIR_PAGE = 20_000  # chunks read back from Chroma per step when the dense copy is repaired (bounded memory)
RESERVE = 32 << 20  # bytes left free for Chroma's own upkeep (see IndexWriter._room_for)
DENSE_FLUSH = 8192  # chunks' vectors a run holds for the dense copy before it writes them as a part (12 MB at 384)
LOW_SPACE = 1 << 20  # bytes: a write that fails with less free space than this failed for want of space


class IndexWriter:
    """The single writer of one index folder (a context manager: ``with IndexWriter(...) as writer:``).

    Entering checks the folder, takes the writer lock (:class:`IndexBusy` when another writer holds it), removes
    leftovers of a crash, and repairs what an interrupted or damaged write left (``repaired`` counts the fixes,
    ``problems`` says what was damaged). Leaving without an error ends the run: the manifest is saved, the keyword
    index publishes the run's change, replaced chunks are deleted from Chroma. Leaving on an error keeps what was
    last saved (the next writer repairs the rest); a full disk becomes :class:`IndexDiskFull`.
    """

    def __init__(self, settings: Settings, embedding_model: str | None, hook: Hook | None = None,
                 force_repair: bool = False) -> None:
        self.settings = settings
        self.force_repair = force_repair
        self.embedding_model = embedding_model
        self.root = Path(settings.index_dir)
        self.hook = hook or (lambda step, key: None)
        self.repaired = 0
        self.problems: list[str] = []
        self._lock: Any = None
        self._to_delete: set[str] = set()
        self._entries: dict[str, KeywordEntry] = {}
        self._dense: dict[str, DenseEntry] = {}  # vectors for the dense copy not written yet (DENSE_FLUSH at most)
        self._dense_written: set[str] = set()  # ids this run wrote to the dense copy
        self._changed = False
        self._touched: set[str] = set()  # files this run committed or removed
        self.early: Manifest | None = None
        self._early_read = threading.Event()
        self._opening: Future[None] | None = None
        self._loading: Future[None] | None = None  # Chroma loading the collection's vectors (load_vectors_soon)
        self._threads: list[ThreadPoolExecutor] = []  # the opening's and the load's: joined at the writer's end
        self._loading_lock = threading.Lock()
        self.shared = None
        if settings.index_bucket:  # one index for all instances: this folder is the local copy
            from rag_bot.index.shared import SharedIndex

            self.shared = SharedIndex(settings)
        # the dense copy is local: a shared index's instances do not share it, so they search without one
        self.keeps_dense = self.shared is None

    # --- opening and closing ------------------------------------------------------------------------------------
    def __enter__(self) -> IndexWriter:
        with _disk_full_is_one_sentence(self.root):
            self._open()
        return self

    def __exit__(self, kind: type[BaseException] | None, exc: BaseException | None, tb: TracebackType | None) -> None:
        if self._loading is not None:  # a load still running reads the collection: not past the writer's end
            wait([self._loading])
        for pool in self._threads:  # and their threads have ended (a finished future's thread ends just after)
            pool.shutdown(wait=True)
        try:
            if kind is None:
                with _disk_full_is_one_sentence(self.root):
                    self._finish()
        finally:
            self._release()
        if exc is not None and _is_disk_full(exc, self.root):
            raise IndexDiskFull(self.root) from exc

    def _open(self) -> None:
        self._begin()
        try:
            self._read_early()
        except BaseException:
            self._release()
            raise
        self._open_stores()

    def _begin(self) -> None:
        """The first part of opening: the folder check, the lock (and a shared index's lease and pull), the
        leftovers of a crashed durable write."""
        try:
            check_folder(self.root)
        except IndexCorrupted:  # ours and damaged: the repair below is the way back
            pass
        self.root.mkdir(parents=True, exist_ok=True)
        self._acquire()
        try:
            if self.shared is not None:  # the lease, then the live generation copied here (before anything reads)
                self.shared.acquire()
            for name in os.listdir(self.root):  # temporary files of a crashed durable write: only ours
                if own_temporary(name):
                    (self.root / name).unlink(missing_ok=True)
        except BaseException:
            self._release()
            raise

    def _read_early(self) -> None:
        """The saved manifest read as it is, under the lock (``early``: None when it is damaged or unreadable;
        then the repair decides)."""
        try:
            self.early = open_for_writing(self.root / MANIFEST_NAME)
        except (ManifestError, OSError):
            self.early = None
        finally:
            self._early_read.set()

    def _open_stores(self) -> None:
        """The rest: the stores (chromadb's import and client, which need no manifest, so they may run while
        :meth:`_read_early` reads it), the manifest (``early``'s, parsed once), the agreement check and the
        repair."""
        try:
            self.store = IndexStore(self.settings, self.embedding_model, committed_only=False)
            self._early_read.wait()
            if self.early is not None:  # a copy: the producer decides on ``early`` until the stores are open
                self.manifest = Manifest(embedding_model=self.early.embedding_model, files=self.early.files.copy())
            else:
                self.manifest = self._load_manifest()
            if self.embedding_model:
                self.manifest.embedding_model = self.embedding_model
            if not self.store.manifest_path.exists():  # readers then show only what it commits
                self.checkpoint()
            agree = self._settled()
            self._mark_settled(False)  # from here until the end of the run, a crash leaves work to repair
            if not agree or self.force_repair:
                self.repaired += self._repair()
        except BaseException:
            self._release()
            raise

    @contextmanager
    def opened_in_background(self) -> Iterator[Callable[[], IndexWriter]]:
        """Enter in two parts: the folder check and the lock now (:class:`IndexBusy`, :class:`NotAnIndex` at
        once), the stores in a thread, so a producer reads, chunks and embeds meanwhile (it may decide what
        changed from :attr:`early`, the saved manifest, read here while the thread imports chromadb). Yields a
        function that waits for the stores and returns the writer (re-raising what opening raised). Leaving is as
        for ``with writer``; on an error the opening thread is waited for first, so the lock is never released
        while it still writes."""
        with _disk_full_is_one_sentence(self.root):
            self._begin()
        opener = ThreadPoolExecutor(max_workers=1, thread_name_prefix="index-open")
        future = self._opening = opener.submit(self._open_stores)
        opener.shutdown(wait=False)
        self._threads.append(opener)

        def ready() -> IndexWriter:
            with _disk_full_is_one_sentence(self.root):
                future.result()
            return self

        try:
            self._read_early()
            yield ready
            ready()
        except BaseException as exc:
            self._early_read.set()
            wait([future])
            self.__exit__(type(exc), exc, exc.__traceback__)
            raise
        self.__exit__(None, None, None)

    def load_vectors_soon(self) -> None:
        """Have an embedded Chroma load the collection's vectors in a thread, once the stores are open (its first
        write or read of vectors loads them otherwise, seconds on a large index): a producer that knows it will
        write calls this, so the load runs while it reads, chunks and embeds. Writes wait for it. A Chroma server
        loads on its side: nothing is done then."""
        if self.settings.chroma_url:
            return
        with self._loading_lock:
            if self._loading is None:
                loader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="index-load")
                self._loading = loader.submit(self._load_vectors)
                loader.shutdown(wait=False)
                self._threads.append(loader)

    def _load_vectors(self) -> None:
        if self._opening is not None:
            try:
                self._opening.result()
            except BaseException:
                return  # the opening's error is raised where the stores are waited for
        self.store.vectors.warm()

    def _vectors_loaded(self) -> None:
        """Wait for :meth:`load_vectors_soon`'s load, when one was started (re-raising what it raised)."""
        if self._loading is not None:
            self._loading.result()

    def _acquire(self) -> None:
        handle = open(self.root / LOCK, "w")  # noqa: SIM115 - held until _release
        try:
            fcntl.flock(handle, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            handle.close()
            raise IndexBusy(self.root) from None
        self._lock = handle

    def _release(self) -> None:
        if self.shared is not None:
            self.shared.release()
        if self._lock is not None:
            fcntl.flock(self._lock, fcntl.LOCK_UN)
            self._lock.close()
            self._lock = None

    def _finish(self) -> None:
        self.checkpoint()
        if self._changed:
            wanted = self._run_ids()
            self.store.keywords.apply(add=[e for e in self._entries.values() if e.id in wanted],
                                      remove=self._to_delete - wanted)
            if self.keeps_dense:
                self.store.dense.apply(add=[e for e in self._dense.values() if e.id in wanted],
                                       remove=(self._to_delete | self._dense_written) - wanted)
            self.hook("published", "")
            self._publish()  # before replaced vectors go: the published generation before this one still names them
            self.store.vectors.delete(self._to_delete - wanted)
        elif self.shared is not None and (self.store.keywords.directory / CURRENT).exists() and \
                (self.repaired or self.shared.local_number() in (None, 0)):
            self._publish()  # a repair's result, or an index made before it was shared
        if self._changed or self.repaired or not (self.root / BACKUP).exists():
            replace_atomically(self.root / BACKUP, self.store.manifest_path.read_bytes())
        self._mark_settled(True)

    def _publish(self) -> None:
        if self.shared is not None:
            self.shared.publish(self.hook)

    # --- what is indexed ----------------------------------------------------------------------------------------
    def record(self, key: str) -> FileRecord | None:
        """The committed record of the file ``key`` (None when it is not indexed)."""
        return self.manifest.files.get(key)

    def keys(self) -> list[str]:
        return list(self.manifest.files)

    def stored_vectors(self, ids: Sequence[str]) -> list[tuple[Hit, np.ndarray]]:
        """Stored chunks with their vectors (a producer reuses a vector whose embedded text is unchanged)."""
        self._vectors_loaded()
        return self.store.vectors.vectors_of(ids)

    # --- changes --------------------------------------------------------------------------------------------------
    def write_vectors(self, chunks: Sequence[IndexedChunk], vectors: np.ndarray) -> None:
        """Write chunks' vectors, text and metadata; readers see them once :meth:`commit_file` commits their file."""
        if not len(chunks):
            return
        self._vectors_loaded()
        self._room_for(4 * (np.asarray(vectors).nbytes + sum(len(c.text) for c in chunks)))
        metadatas = [{**c.metadata, "kw_head": keyword_head(c)} for c in chunks]
        self.store.vectors.add([c.id for c in chunks], vectors, [c.text for c in chunks], metadatas)
        if self.keeps_dense:  # the copy keeps what Chroma stores: readers need not open Chroma
            self._dense.update((c.id, dense_entry(c.id, v, meta, c.text))
                               for c, v, meta in zip(chunks, vectors, metadatas, strict=True))
            if len(self._dense) >= DENSE_FLUSH:
                self._flush_dense()

    def _flush_dense(self) -> None:
        """Write the vectors held for the dense copy as a part now (a run holds at most :data:`DENSE_FLUSH` of
        them): readers leave out chunks not committed yet, and the run's end removes those it did not commit."""
        self.store.dense.apply(add=list(self._dense.values()), remove=set())
        self._dense_written.update(self._dense)
        self._dense.clear()

    def _room_for(self, nbytes: int) -> None:
        """:class:`IndexDiskFull` before a write that would leave less than :data:`RESERVE` bytes free: Chroma
        (embedded) needs room to fold its log into its segments even to answer a query, so the writer stops while
        readers can still do that, rather than on the write that fills the disk."""
        try:
            stats = os.statvfs(self.root)
        except OSError:
            return
        if stats.f_bavail * stats.f_frsize < RESERVE + nbytes:
            raise IndexDiskFull(self.root)

    def commit_file(self, key: str, record: FileRecord, chunks: Sequence[IndexedChunk]) -> bool:
        """Record the file ``key`` (added or replaced: True when it replaces one) with ``chunks``, whose vectors
        :meth:`write_vectors` has written; its replaced chunks are deleted when the run ends."""
        old = self.manifest.files.get(key)
        self._touched.add(key)
        self._entries.update((e.id, e) for e in entries_for(chunks))
        self.manifest.files[key] = record
        if old is not None:
            self._to_delete |= set(old.chunk_ids) - set(record.chunk_ids)
        self._changed = True
        return old is not None

    def remove_file(self, key: str) -> FileRecord | None:
        """Remove the file ``key`` from the index (its chunks are deleted when the run ends)."""
        old = self.manifest.files.pop(key, None)
        self._touched.add(key)
        if old is not None:
            self._to_delete |= set(old.chunk_ids)
            self._changed = True
        return old

    def _run_ids(self) -> set[str]:
        """The chunk ids of the files this run committed, as they stand now (chunk ids are unique across files, so
        a chunk this run wrote or replaced is wanted exactly when one of these holds it): O(change), not a pass over
        every record."""
        records = (self.manifest.files.get(key) for key in self._touched)
        return {cid for rec in records if rec is not None for cid in rec.chunk_ids}

    def checkpoint(self) -> None:
        """Save the manifest: every file committed so far survives a crash from here."""
        save_manifest(self.manifest, self.store.manifest_path)
        self.hook("saved", "")

    # --- agreement and repair -----------------------------------------------------------------------------------
    def _load_manifest(self) -> Manifest:
        try:
            return Manifest.load(self.store.manifest_path)
        except ManifestError as exc:
            self.problems.append(str(exc))
        try:
            manifest = Manifest.load(self.root / BACKUP)
            log.warning("the manifest is damaged; starting from the one the last completed run saved")
        except ManifestError as exc:
            self.problems.append(f"its backup too: {exc}")
            manifest = Manifest()
        manifest.embedding_model = manifest.embedding_model or self.embedding_model
        save_manifest(manifest, self.store.manifest_path)
        self.repaired += 1
        return manifest

    def _settled(self) -> bool:
        """Whether the previous run ended cleanly and nothing changed the stores since: then the O(corpus)
        comparison of :meth:`_repair` is skipped. ``settled.json`` names what that run left (the manifest's stamp,
        the keyword index's and the dense copy's ``CURRENT``, Chroma's write position, the chunk count); each is
        read back in constant time, without loading Chroma's collection or reading a segment's blocks (readers
        verify the blocks they read; ``rag-bot index check`` and a repair verify them all)."""
        try:
            state = json.loads((self.root / SETTLED).read_text(encoding="utf-8"))
        except (FileNotFoundError, ValueError):
            return False
        stamp = self.store._manifest_stamp()
        if not isinstance(state, dict) or state.get("settled") is not True or \
                state.get("manifest") != (list(stamp) if stamp else None):
            return False
        chunks = state.get("chunks")
        try:
            if state.get("keywords") != self.store.keywords.state() or \
                    (self.keeps_dense and state.get("dense") != self.store.dense.state()):
                return False
            vectors = self.store.vectors.write_stamp()
            return vectors is not None and state.get("vectors") == vectors and \
                self._manifest_chunks() == chunks and self.store.keywords.count() == chunks and \
                (not self.keeps_dense or self.store.dense.count() == chunks)
        except (IndexCorrupted, DenseCopyDamaged):
            return False

    def _manifest_chunks(self) -> int:
        files = self.manifest.files
        if isinstance(files, RecordFiles) and not files.changed:
            return files.chunk_count()  # the map's count: nothing parsed
        return sum(len(rec.chunk_ids) for rec in files.values())  # ids are unique across files

    def _mark_settled(self, settled: bool) -> None:
        mark_settled(self.store, settled)

    def _repair(self) -> int:
        """Make Chroma, the keyword index and the manifest agree after an interrupted or damaged write; returns the
        fixes made. A damaged keyword index is rebuilt from the committed chunks Chroma stores."""
        fixes = 0
        chroma_ids = self.store.vectors.all_ids()
        for key, record in list(self.manifest.files.items()):
            if not set(record.chunk_ids) <= chroma_ids:  # committed but vectors lost: ingest the file again
                del self.manifest.files[key]
                fixes += 1
        if fixes:
            self.checkpoint()
        wanted = self.manifest.chunk_ids()
        try:
            self.store.keywords.verify()
            indexed: set[str] | None = self.store.keywords.ids()
        except IndexCorrupted as exc:
            self.problems.append(exc.what)
            indexed = None
        if indexed is None:
            self.store.keywords.rebuild(self._stored_entries(sorted(wanted)))
            fixes += 1
        elif indexed != wanted:  # only the difference is written: the keyword index is incremental
            self.store.keywords.apply(add=self._stored_entries(sorted(wanted - indexed)), remove=indexed - wanted)
            fixes += 1
        if self.keeps_dense:
            fixes += self._repair_dense(wanted)
        orphans = chroma_ids - wanted
        if orphans:
            if self.shared is not None:  # a writer fenced out meanwhile must not delete the new writer's vectors
                self.shared.still_writer()
            self.store.vectors.delete(orphans)
            fixes += len(orphans)
        return fixes

    def _repair_dense(self, wanted: set[str]) -> int:
        """Make the dense copy hold exactly ``wanted``, from the vectors Chroma stores (rebuilt when damaged or of
        another dimension); returns the fixes made (a first build, for an index from before the copy, is none)."""
        dense = self.store.dense
        first = not dense.written()
        dropped = dense.drop_damaged()  # parts failing a checksum: their chunks are read back below
        self.problems += dropped or []
        try:
            held: set[str] | None = dense.ids()
        except DenseCopyDamaged as exc:
            self.problems.append(str(exc))
            held = None
        if held == wanted:
            return 1 if dropped else 0
        missing = sorted(wanted if held is None else wanted - held)
        if held is None:
            dense.rebuild([])
        elif held - wanted:
            dense.apply(add=[], remove=held - wanted)
        unreadable = 0
        for start in range(0, len(missing), REPAIR_PAGE):
            page = missing[start:start + REPAIR_PAGE]
            try:
                stored = self.store.vectors.vectors_of(page)
            except Exception:  # Chroma cannot read some vectors (a writer killed mid-write): read them one by one
                stored = []
                for cid in page:
                    try:
                        stored += self.store.vectors.vectors_of([cid])
                    except Exception:
                        unreadable += 1
            dense.apply(add=[dense_entry(hit.id, vec, hit.metadata, hit.text) for hit, vec in stored], remove=set())
        if unreadable:  # the copy stays short of the manifest: searches do not use it, the next writer tries again
            log.warning("the dense copy lacks %d chunks whose vectors Chroma cannot read yet", unreadable)
        return 0 if first else 1

    def _stored_entries(self, ids: list[str]) -> list[KeywordEntry]:
        return [keyword_entry(hit.id, keyword_text(hit), hit.metadata) for hit in self.store.vectors.get(ids)]


def dense_entry(cid: str, vector: np.ndarray, metadata: dict[str, Any], text: str | None = None) -> DenseEntry:
    """What the dense copy keeps of a chunk: its vector, date and language (from its metadata, as Chroma has them),
    and its text and metadata as Chroma stores them (None: not kept)."""
    return DenseEntry(cid, np.asarray(vector, dtype=np.float32), int(metadata.get("date_int") or 0),
                      str(metadata.get("language") or ""), text, dict(metadata) if text is not None else None)


def write_dense_copy(store: IndexStore, entries: list[DenseEntry]) -> None:
    """Add ``entries`` to the dense copy of an index built from its parts (a benchmark writing Chroma, the keyword
    segments and the manifest directly; the index writer keeps the copy itself)."""
    store.dense.apply(add=entries, remove=set())


def mark_settled(store: IndexStore, settled: bool) -> None:
    """Record (atomically, durably) that the stores agree with the saved manifest, with what the next writer
    compares to trust that (:meth:`IndexWriter._settled`), or that a writer is writing (a benchmark that builds an
    index from its parts records that it built it consistent)."""
    state: dict[str, Any] = {"settled": settled, "manifest": store._manifest_stamp() if settled else None}
    if settled:
        state.update(chunks=store.keywords.count(), keywords=store.keywords.state(), dense=store.dense.state(),
                     vectors=store.vectors.write_stamp())
    replace_atomically(store.root / SETTLED, json.dumps(state).encode())


def check_index(settings: Settings) -> list[str]:
    """What is wrong with the index in ``settings.index_dir`` (an empty list: nothing), without changing it: the
    folder, the manifest, the keyword index's checksums, and whether the three stores hold the same chunks."""
    root = Path(settings.index_dir)
    try:
        if not check_folder(root):
            return [f"There is no index in {root}."]
    except (NotAnIndex, IndexCorrupted) as exc:
        return [str(exc)]
    store = IndexStore(settings, None)
    found = []
    try:
        wanted = store.load_manifest().chunk_ids()
    except IndexCorrupted as exc:
        return [str(exc)]
    try:
        store.keywords.verify()  # every block (readers verify only what they read)
        indexed = store.keywords.ids()
        if indexed != wanted:
            found.append(f"The keyword index holds {len(indexed)} chunks and the manifest {len(wanted)}; "
                         "`rag-bot index repair` makes them agree.")
    except IndexCorrupted as exc:
        found.append(str(exc))
    try:
        if not settings.index_bucket:
            store.dense.verify()  # every block (searches verify only the rows they read)
        held = wanted if settings.index_bucket else store.dense.ids()  # a shared index keeps no dense copy
        if held != wanted:
            found.append(f"The dense copy holds {len(held)} chunks and the manifest {len(wanted)}; `rag-bot index "
                         "repair` makes them agree.")
    except DenseCopyDamaged as exc:
        found.append(f"{exc}; `rag-bot index repair` rebuilds it.")
    stored = store.vectors.all_ids()
    if not wanted <= stored:
        found.append(f"Chroma lacks {len(wanted - stored)} committed chunks; `rag-bot index repair` drops their "
                     "files from the manifest (the next ingest indexes them again).")
    return found


def repair_index(settings: Settings, embedding_model: str | None = None) -> IndexWriter:
    """Open the index as a writer, which repairs it (a damaged keyword index, dense copy part or manifest
    included), rewrite keyword segments and dense copy parts of a former format in the current one (dense parts
    without texts or inverted lists too, their texts read from Chroma), and close it
    (which saves the manifest and its readers' map); the writer says what it found (``problems``) and fixed
    (``repaired``)."""
    writer = IndexWriter(settings, embedding_model, force_repair=True)
    with writer:
        writer.repaired += writer.store.keywords.upgrade()
        if writer.keeps_dense:  # parts of a former layout, or without texts or lists: texts read from Chroma
            writer.repaired += writer.store.dense.upgrade(
                lambda ids: {h.id: (h.text, h.metadata) for h in writer.store.vectors.get(ids)})
    return writer


@contextmanager
def _disk_full_is_one_sentence(root: Path) -> Iterator[None]:
    try:
        yield
    except Exception as exc:
        if _is_disk_full(exc, root):
            raise IndexDiskFull(root) from exc
        raise




def _is_disk_full(exc: BaseException, root: Path) -> bool:
    """A full disk, as the OS reports it, as SQLite words it, or (Chroma's own errors do not say) a write that
    failed while the index's file system has almost no space left."""
    if isinstance(exc, IndexDiskFull):
        return False
    if isinstance(exc, OSError) and exc.errno in (errno.ENOSPC, errno.EDQUOT):
        return True
    text = str(exc).lower()
    if "database or disk is full" in text or "no space left on device" in text:
        return True
    try:
        stats = os.statvfs(root)
    except OSError:
        return False
    return stats.f_bavail * stats.f_frsize < LOW_SPACE
