"""The index writer on hostile index folders: a folder that is not an index is never touched, a damaged index file
is reported in one sentence and repaired without losing intact documents, a full disk leaves the previous index
searchable, and leftovers of a crash are cleaned (only the index's own files)."""

from __future__ import annotations

import errno
import hashlib
import json
import os
import types
from pathlib import Path

import pytest

from ingest.pipeline import ingest_paths
from rag_bot.frontends.failures import user_message
from rag_bot.index import durable, keywords, mapped, segments
from rag_bot.index.errors import IndexCorrupted, IndexDiskFull, NotAnIndex
from rag_bot.index.store import IndexStore
from rag_bot.index.types import SearchFilters
from rag_bot.index.writer import RESERVE, check_index, repair_index
from rag_bot.models.embeddings import get_embedder
from rag_bot.retrieval.hybrid import HybridRetriever
from tests.cli_support import run_cli, run_cli_here
from tests.filemakers import write_text, write_texts

TALKS = {
    "silence.txt": "On Silence\n23 January 1969\n\nSilence is the ground of all listening. When the mind is quiet "
                   "the river can be heard.",
    "work.txt": "Work as Offering\n19 April 1969\n\nThe potter Ramdas shaped each pot as if it were a gift.",
    "krodh.txt": "क्रोध की आग\n१० जनवरी १९७०\n\nक्रोध एक आग है जो पहले उसी को जलाती है जो उसे पकड़ता है।",
}
QUERIES = {"silence.txt": "river listening silence", "work.txt": "potter Ramdas gift", "krodh.txt": "क्रोध आग"}


def corpus(root: Path) -> Path:
    return write_texts(root, TALKS)


def hashes(root: Path) -> dict[str, str]:
    """Every file and folder under ``root`` (a folder as ``dir``), with the SHA-256 of each file."""
    return {str(p.relative_to(root)): "dir" if p.is_dir() else hashlib.sha256(p.read_bytes()).hexdigest()
            for p in sorted(root.rglob("*"))}


def stores(settings) -> tuple[set, set, set]:
    store = IndexStore(settings, None)
    return store.vectors.all_ids(), store.keywords.ids(), store.load_manifest().chunk_ids()


def searchable(settings) -> None:
    """Every talk is found by its words, in the keyword index and in the hybrid ranking."""
    retriever = HybridRetriever(settings, get_embedder(settings))
    for name, query in QUERIES.items():
        for mode in ("keyword", "hybrid"):
            hits = retriever.search(query, k=3, mode=mode)
            assert hits and hits[0].metadata["source"] == name, (mode, name, [h.metadata["source"] for h in hits])


# --- a folder that is not an index ------------------------------------------------------------------------------
@pytest.mark.parametrize("extra", [
    {},
    {"manifest.json": "[1, 2, 3]"},  # valid JSON, not an object
    {"manifest.json": json.dumps({"name": "My web app", "icons": []})},  # a web app manifest: an object, not ours
    {"manifest.json": "{ not json"},
    {"keyword/seg-000001-deadbeef": "a file named like a segment", "keyword/CURRENT": "mine"},
])
def test_a_folder_that_is_not_an_index_is_refused_and_left_byte_for_byte(tmp_path, make_settings, extra):
    docs = corpus(tmp_path / "talks")
    folder = tmp_path / "projects"
    write_text(folder / "notes.txt", "my notes")
    write_text(folder / "sub" / ".manifest.json.0badc0de", "looks like a leftover, is the user's")
    write_texts(folder, extra)
    before = hashes(folder)
    with pytest.raises(NotAnIndex) as refused:
        ingest_paths([docs], make_settings(index_dir=folder), progress=False)
    sentence = user_message(refused.value)
    assert sentence and "not an index folder" in sentence and "\n" not in sentence
    assert hashes(folder) == before  # nothing deleted, overwritten or created


def test_the_cli_refuses_a_typo_landing_on_a_real_folder_in_one_sentence(tmp_path):
    corpus(tmp_path / "talks")
    write_text(tmp_path / "talks" / "manifest.json", "[]")  # --index-dir talks: the corpus folder itself
    before = hashes(tmp_path / "talks")
    for args in (["ingest", "talks", "--index-dir", "talks"], ["search", "silence", "--index-dir", "talks"]):
        result = run_cli(args, tmp_path)
        assert result.returncode == 2, result.stderr
        lines = [line for line in result.stderr.splitlines() if line.startswith("error:")]
        assert len(lines) == 1 and "is not an index folder" in lines[0] and "Traceback" not in result.stderr
    assert hashes(tmp_path / "talks") == before


def test_an_empty_or_new_folder_becomes_an_index(tmp_path, make_settings):
    (tmp_path / "empty").mkdir()
    for folder in (tmp_path / "empty", tmp_path / "new" / "deeper"):
        settings = make_settings(index_dir=folder)
        assert ingest_paths([corpus(tmp_path / "talks")], settings, progress=False).added == len(TALKS)
        c, k, m = stores(settings)
        assert c == k == m and m


# --- damaged index files ----------------------------------------------------------------------------------------
def _segment(settings) -> Path:
    directory = Path(settings.index_dir) / "keyword"
    return sorted(p for p in directory.iterdir() if keywords.OWN_FILES.match(p.name) and ".del-" not in p.name)[0]


def _garble_postings(settings) -> None:
    """0xFF over the postings' rows of a segment (valid offsets, wrong rows): once served silently."""
    path = _segment(settings)
    data = bytearray(path.read_bytes())
    size = int.from_bytes(data[8:16], "little")
    header = json.loads(data[24:24 + size])
    start = -(-(24 + size) // 64) * 64
    dtype, shape, offset, _ = header["arrays"]["docs"]
    nbytes = int(shape[0]) * 4
    data[start + offset:start + offset + nbytes] = b"\xff" * nbytes
    path.write_bytes(bytes(data))


def _truncate(path: Path) -> None:
    data = path.read_bytes()
    path.write_bytes(data[:len(data) // 2])


def _flip_a_digit(path: Path) -> None:
    """One character changed inside the JSON (it stays valid JSON: only a checksum tells)."""
    text = path.read_text(encoding="utf-8")
    i = max(i for i, ch in enumerate(text) if ch in "0123456789abcdef" and text[i - 1] != "\\")
    path.write_text(text[:i] + ("1" if text[i] != "1" else "2") + text[i + 1:], encoding="utf-8")


def _shift_last_row(path: Path) -> None:
    """The last deleted row becomes its neighbour: still a row of the segment, only a checksum tells."""
    data = path.read_bytes()
    row = int.from_bytes(data[-4:], "little")
    path.write_bytes(data[:-4] + (row - 1 if row else row + 1).to_bytes(4, "little"))


def _deletion_file(settings) -> Path:
    directory = Path(settings.index_dir) / "keyword"
    return next(p for p in directory.iterdir() if ".del-" in p.name)


DAMAGE = {
    "segment truncated": lambda s: _truncate(_segment(s)),
    "segment postings 0xFF": _garble_postings,
    "CURRENT truncated": lambda s: _truncate(Path(s.index_dir) / "keyword" / "CURRENT"),
    "CURRENT garbled": lambda s: _flip_a_digit(Path(s.index_dir) / "keyword" / "CURRENT"),
    "deletion file garbled": lambda s: _shift_last_row(_deletion_file(s)),
    "manifest truncated": lambda s: _truncate(Path(s.index_dir) / "manifest.json"),
    "manifest garbled": lambda s: _flip_a_digit(Path(s.index_dir) / "manifest.json"),
    "manifest not an object": lambda s: (Path(s.index_dir) / "manifest.json").write_text("[]"),
}


@pytest.mark.parametrize("kind", list(DAMAGE))
def test_damage_is_one_sentence_and_repair_keeps_every_intact_document(tmp_path, make_settings, kind):
    settings = make_settings(index_dir=tmp_path / "index")
    docs = corpus(tmp_path / "talks")
    ingest_paths([docs], settings, progress=False)
    write_text(docs / "work.txt", TALKS["work.txt"] + " Work done for reward becomes a burden.")
    ingest_paths([docs], settings, progress=False)  # a replaced file: the first segment has a deletion file
    whole = stores(settings)
    DAMAGE[kind](settings)

    if kind == "manifest garbled":  # same size and head: readers answer from the manifest's map, made from the
        searchable(settings)  # manifest as saved and verified by its own checksums (the body is not read)
    else:
        with pytest.raises(IndexCorrupted) as damaged:  # a reader: no traceback, no silently wrong answers
            searchable(settings)
        sentence = user_message(damaged.value)
        assert sentence and "is damaged" in sentence and "rag-bot index repair" in sentence and "\n" not in sentence
    problems = check_index(settings)
    assert len(problems) == 1 and "damaged" in problems[0]

    writer = repair_index(settings, get_embedder(settings).name)
    assert writer.problems and writer.repaired
    assert stores(settings) == whole  # every intact document is still indexed, nothing re-embedded
    assert check_index(settings) == []
    searchable(settings)


def test_ingesting_the_folder_again_repairs_a_damaged_keyword_index_when_it_compares(tmp_path, make_settings):
    """A writer after a run that ended trusts its record (settled.json) and reads no segment block: the damage is
    reported by the readers that read it. A writer that compares the stores (the previous run did not end)
    verifies every block and rebuilds the damaged index."""
    settings = make_settings(index_dir=tmp_path / "index")
    docs = corpus(tmp_path / "talks")
    ingest_paths([docs], settings, progress=False)
    whole = stores(settings)
    _garble_postings(settings)
    assert ingest_paths([docs], settings, progress=False).repaired == 0
    with pytest.raises(IndexCorrupted):
        searchable(settings)  # reported, never served
    (Path(settings.index_dir) / "settled.json").write_text('{"settled": false, "manifest": null}')
    summary = ingest_paths([docs], settings, progress=False)
    assert summary.repaired and summary.chunks == 0 and summary.skipped == len(TALKS)
    assert stores(settings) == whole
    searchable(settings)


def test_the_cli_says_what_is_damaged_and_repairs_it(tmp_path):
    """The failures (one sentence on the real stderr, the exit codes) through the entry point; the set-up and the
    repair's output in this process (``run_cli_here``: the same command, no second load of the model)."""
    corpus(tmp_path / "talks")
    assert run_cli_here(["ingest", "talks", "--index-dir", "idx"], tmp_path).returncode == 0
    _garble_postings(type("S", (), {"index_dir": tmp_path / "idx"}))
    searched = run_cli(["search", "potter", "--index-dir", "idx"], tmp_path)
    assert searched.returncode == 2 and "Traceback" not in searched.stderr
    assert searched.stderr.strip().startswith("error: The index in") and len(searched.stderr.strip().splitlines()) == 1
    checked = run_cli(["index", "check", "--index-dir", "idx"], tmp_path)
    assert checked.returncode == 1 and "fails its checksum" in checked.stderr
    repaired = run_cli_here(["index", "repair", "--index-dir", "idx"], tmp_path)
    assert repaired.returncode == 0, repaired.stderr
    assert "fails its checksum" in repaired.stdout and "is whole" in repaired.stdout
    assert run_cli_here(["index", "check", "--index-dir", "idx"], tmp_path).returncode == 0
    found = run_cli_here(["search", "potter", "--index-dir", "idx", "--mode", "keyword"], tmp_path)
    assert found.returncode == 0 and "work.txt" in found.stdout


# --- a full disk, leftovers ---------------------------------------------------------------------------------------
def _full_disk(monkeypatch, where: str) -> None:
    """ENOSPC when written bytes are flushed to the disk: at the durable write layer (the run's first write), or
    when the keyword index writes its segment (after the manifest committed the run's files); or a disk with less
    free space than the writer keeps (a real full tmpfs showed that embedded Chroma then cannot even answer)."""
    def full(fd):
        raise OSError(errno.ENOSPC, "No space left on device")

    if where == "nearly full":  # less free space than the writer keeps for Chroma: it stops before writing
        monkeypatch.setattr(os, "statvfs", lambda path: types.SimpleNamespace(f_bavail=RESERVE, f_frsize=1))
        return
    if where == "keyword publish":  # the segment's file is written, then its fsync fails (the map's write is not)
        real = mapped.write

        def segment_write(path, magic, arrays, meta):
            real(path, magic, arrays, meta)
            if magic == segments.MAGIC:
                full(0)

        monkeypatch.setattr(mapped, "write", segment_write)
        return
    monkeypatch.setattr(durable, "os", types.SimpleNamespace(**{**vars(os), "fsync": full}))


@pytest.mark.parametrize("where", ["first write", "nearly full", "keyword publish"])
def test_a_full_disk_is_one_sentence_and_the_previous_index_stays_searchable(tmp_path, make_settings, monkeypatch,
                                                                            where):
    settings = make_settings(index_dir=tmp_path / "index")
    docs = corpus(tmp_path / "talks")
    ingest_paths([docs], settings, progress=False)
    before = stores(settings)
    write_text(docs / "river.txt", "The River\n15 August 1969\n\nThe ferryman counted the boats at dawn.")
    with monkeypatch.context() as patched:
        _full_disk(patched, where)
        with pytest.raises(IndexDiskFull) as stopped:
            ingest_paths([docs], settings, progress=False)
    sentence = user_message(stopped.value)
    assert sentence and "is full" in sentence and "\n" not in sentence
    assert stores(settings)[1] == before[1]  # the keyword index as it was
    if where != "keyword publish":
        assert stores(settings) == before  # nothing of the run reached Chroma or the manifest
    searchable(settings)
    leftovers = [p.name for p in Path(settings.index_dir).rglob(".*") if p.name != ".ingest.lock"]
    assert leftovers == []  # no partial file left behind
    ingest_paths([docs], settings, progress=False)  # space again: the next run completes the index
    c, k, m = stores(settings)
    assert c == k == m and before[2] < m


def test_leftover_temporary_files_of_a_crash_are_removed_and_only_those(tmp_path, make_settings):
    settings = make_settings(index_dir=tmp_path / "index")
    docs = corpus(tmp_path / "talks")
    ingest_paths([docs], settings, progress=False)
    root = Path(settings.index_dir)
    ours = [root / ".manifest.json.0badc0de", root / ".settled.json.12345678", root / "keyword" / ".CURRENT.abcdef01",
            root / "keyword" / ".tmp-seg-000009-0123abcd"]
    theirs = [root / "keyword" / "README", root / ".manifest.json.backup", root / "notes.txt"]
    for path in ours + theirs:
        path.write_bytes(b"{")
    write_text(docs / "river.txt", "The River\n15 August 1969\n\nThe ferryman counted the boats at dawn.")
    assert ingest_paths([docs], settings, progress=False).added == 1
    assert [p for p in ours if p.exists()] == []
    assert all(p.read_bytes() == b"{" for p in theirs)


def test_segments_verify_their_checksums_once_per_process(tmp_path, make_settings, monkeypatch):
    """Readers verify a block of a segment the first time they read it, not on every query."""
    settings = make_settings(index_dir=tmp_path / "index")
    ingest_paths([corpus(tmp_path / "talks")], settings, progress=False)
    verified = []
    real = mapped.zlib.crc32
    monkeypatch.setattr(mapped, "zlib", types.SimpleNamespace(crc32=lambda data: verified.append(1) or real(data)))
    store = IndexStore(settings, None)
    assert store.keywords.search("potter", 3, SearchFilters())
    first = len(verified)
    for _ in range(4):
        assert store.keywords.search("potter", 3, SearchFilters())
    assert 0 < first == len(verified)
