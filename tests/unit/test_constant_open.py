"""Opening an index does no work that grows with the corpus: keyword segments and the manifest's readers' map are
mapped, their blocks verified when first read (damage is still reported before use), terms found by binary search
in the mapped vocabulary, and Chroma is not opened until something needs a vector (real files, no Chroma)."""

from __future__ import annotations

import types

import numpy as np
import pytest

from rag_bot.index import committed, mapped, segments
from rag_bot.index.durable import replace_atomically
from rag_bot.index.keywords import KeywordEntry, KeywordIndex
from rag_bot.index.manifest import FileRecord, Manifest, manifest_bytes
from rag_bot.index.store import IndexStore
from rag_bot.index.types import SearchFilters

WORDS = ["river", "boat", "नदी", "नाव", "silence", "zebra", "ä", "a", "riverbank", "नदियाँ"]


def _garble(path, array: str, byte: int) -> None:
    """Flip one byte ``byte`` bytes into ``array`` of a mapped file (found through its header)."""
    data = bytearray(path.read_bytes())
    size = int.from_bytes(data[8:16], "little")
    header = __import__("json").loads(data[24:24 + size])
    start = -(-(24 + size) // 64) * 64
    data[start + header["arrays"][array][2] + byte] ^= 0xFF
    path.write_bytes(bytes(data))


def test_a_mapped_file_verifies_each_block_when_it_is_first_read(tmp_path, monkeypatch):
    big = np.arange(200_000, dtype=np.int32)  # 13 blocks
    mapped.write(tmp_path / "f", b"TESTFILE", {"big": big, "small": np.arange(5, dtype=np.int64)}, {"n": 1})
    _garble(tmp_path / "f", "big", 5 * mapped.BLOCK + 3)
    crcs = []
    real = mapped.zlib.crc32
    monkeypatch.setattr(mapped, "zlib", types.SimpleNamespace(crc32=lambda data: crcs.append(len(data)) or real(data)))
    f = mapped.MappedFile(tmp_path / "f", b"TESTFILE", ValueError, "test file")
    assert crcs == [] and f.meta == {"n": 1}  # opening verified no array
    assert list(f.rows("big", 10, 13)) == [10, 11, 12] and len(crcs) == 1  # one block
    assert list(f.array("small")) == [0, 1, 2, 3, 4]
    assert list(f.rows("big", 4 * mapped.BLOCK // 4, 4 * mapped.BLOCK // 4 + 2))  # block 4: intact
    with pytest.raises(ValueError, match="big array of test file fails its checksum"):
        f.rows("big", 5 * mapped.BLOCK // 4, 5 * mapped.BLOCK // 4 + 1)  # the damaged block, before its use
    with pytest.raises(ValueError):
        f.array("big")
    with pytest.raises(ValueError):
        f.verify()


def test_the_mapped_vocabulary_finds_every_term_by_binary_search(tmp_path):
    rng = np.random.default_rng(4)
    tokens = [[WORDS[i] for i in rng.integers(0, len(WORDS), 6)] for _ in range(40)]
    built = segments.build([f"c{i}" for i in range(40)], tokens, [19690101] * 40, ["en"] * 40)
    segments.write(built, tmp_path / "seg")
    seg = segments.load(tmp_path / "seg")
    assert isinstance(seg, segments.MappedSegment) and seg.terms == built.terms
    for j, term in enumerate(built.terms):
        assert seg.term_id(term) == j
        docs, tf = seg.postings(j)
        want_docs, want_tf = built.postings(j)
        assert list(docs) == list(want_docs) and list(tf) == list(want_tf)
    for absent in ["", "aa", "rive", "riverz", "नद", "zzz", "\U0001f600"]:
        assert seg.term_id(absent) is None


def _entries(n: int, start: int = 0) -> list[KeywordEntry]:
    rng = np.random.default_rng(start)
    return [KeywordEntry(f"c{i}", [WORDS[j] for j in rng.integers(0, len(WORDS), 5)], 19690101 + i % 20,
                         "hi" if i % 3 else "en") for i in range(start, start + n)]


def test_a_former_segment_is_rewritten_in_the_mapped_format_with_the_same_ranking(tmp_path, monkeypatch):
    index = KeywordIndex(tmp_path / "kw")
    with monkeypatch.context() as former:
        former.setattr(segments, "write", segments.write_v2)
        index.apply(_entries(60))
    index.apply(remove=["c3", "c7"])
    assert index.former_segments() == 1
    queries = [("river boat", SearchFilters()), ("नदी नाव", SearchFilters(language="hi")), ("silence", SearchFilters(
        date_from="1969-01-05"))]
    before = [index.search(q, 10, f) for q, f in queries]
    assert all(before)
    assert index.upgrade() == 1
    assert index.former_segments() == 0 and index.count() == 58
    assert [index.search(q, 10, f) for q, f in queries] == before
    reader = KeywordIndex(tmp_path / "kw")  # another process: only mapped segments
    assert all(s.arrays.current for s in reader.generation().segments)
    assert [reader.search(q, 10, f) for q, f in queries] == before


def _saved(settings, files: dict[str, FileRecord]) -> None:
    committed.save_manifest(Manifest(embedding_model="m", files=files), settings.index_dir / "manifest.json")


def _files() -> dict[str, FileRecord]:
    return {
        "/c/a.txt": FileRecord("h1", ["a1", "a2", "a3"], source="a.txt", documents=[
            {"doc_id": "a.txt#0", "date": "1970-02-01", "language": "en", "chunks": 2},
            {"doc_id": "a.txt#1", "date": None, "language": "hi", "chunks": 1}]),
        "/c/b.txt": FileRecord("h2", ["b1", "b2"], source="b.txt", documents=[
            {"doc_id": "b.txt#0", "date": "1969-05-05", "language": "en", "chunks": 2}]),
    }


def test_readers_open_the_manifest_map_without_parsing_the_manifest(make_settings, monkeypatch):
    settings = make_settings()
    settings.index_dir.mkdir(parents=True)
    _saved(settings, _files())
    monkeypatch.setattr(committed, "read_committed", lambda path: pytest.fail("the manifest was parsed"))
    store = IndexStore(settings, "m")
    ids = store.committed_ids()
    assert ids is not None and len(ids) == 5 and "a2" in ids and "b1" in ids and "zz" not in ids and "a" not in ids
    assert store.document_chunks("a.txt#0") == ("a1", "a2") and store.document_chunks("b.txt#0") == ("b1", "b2")
    assert store.document_chunks("nope") is None
    docs = store.documents()
    assert docs is not None and [d.doc_id for d in docs] == ["a.txt#1", "b.txt#0", "a.txt#0"]  # by date, undated first
    assert docs[2].date == "1970-02-01" and docs[0].date is None and docs[0].language == "hi"
    for first, last, want in [("1970-01-01", "1970-12-31", ["a.txt#0"]), ("1969-05-05", "1969-05-05", ["b.txt#0"]),
                              ("1969-01-01", "1970-02-01", ["b.txt#0", "a.txt#0"]), ("1971-01-01", None, [])]:
        assert [d.doc_id for d in store.documents(first, last)] == want, (first, last)
        parsed = committed.ParsedCommitted.__new__(committed.ParsedCommitted)
        parsed._ordered = list(docs)
        assert [d.doc_id for d in parsed.documents(first, last)] == want, (first, last)
    assert not store.vectors.is_open  # opening the store and reading the manifest needed no vector


def test_a_stale_or_damaged_map_is_not_used(make_settings, monkeypatch):
    settings = make_settings()
    settings.index_dir.mkdir(parents=True)
    _saved(settings, _files())
    store = IndexStore(settings, None)
    assert store.document_chunks("b.txt#0") == ("b1", "b2")
    files = _files()
    files["/c/b.txt"].chunk_ids = ["b1", "b9"]
    # another manifest written without its map (a shared index's copy, an interrupted save): parsed instead
    payload = {"version": 2, "embedding_model": "m", "files": {k: vars(r) for k, r in sorted(files.items())}}
    replace_atomically(settings.index_dir / "manifest.json", manifest_bytes(payload))
    assert store.document_chunks("b.txt#0") == ("b1", "b9") and "b9" in store.committed_ids()
    _saved(settings, _files())
    _garble(settings.index_dir / committed.MAP, "doc_chunks", 1)
    fresh = IndexStore(settings, None)
    assert fresh.document_chunks("b.txt#0") == ("b1", "b2")  # the damaged block is found, the manifest is read


def test_opening_reads_no_array_whatever_the_index_size(tmp_path, make_settings, monkeypatch):
    """The checksums computed to open a keyword index and the manifest map, at two sizes: none at either."""
    crcs = []
    real = mapped.zlib.crc32
    monkeypatch.setattr(mapped, "zlib", types.SimpleNamespace(crc32=lambda data: crcs.append(len(data)) or real(data)))
    for n in (200, 2000):
        settings = make_settings(index_dir=tmp_path / f"i{n}")
        settings.index_dir.mkdir(parents=True)
        KeywordIndex(settings.index_dir / "keyword").apply(_entries(n))
        _saved(settings, {f"/c/{i}.txt": FileRecord(str(i), [f"c{i}"], source=f"{i}.txt", documents=[
            {"doc_id": f"{i}.txt#0", "date": "1970-01-01", "language": "en", "chunks": 1}]) for i in range(n)})
        crcs.clear()
        store = IndexStore(settings, "m")
        assert store.keywords.count() == n and len(store.documents() or []) == n
        assert crcs == []
