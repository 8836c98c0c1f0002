"""One index for all instances (RAG_BOT_INDEX_BUCKET): keyword segments and manifests in Cloud Storage (the
fake-gcs-server emulator, real ``google-cloud-storage`` client), vectors in a real Chroma server, each instance with
its own local copy in its own ``index_dir``."""

from __future__ import annotations

import json
import os
import subprocess
import time

import pytest

from ingest.pipeline import ingest_paths
from rag_bot.config import Settings
from rag_bot.index.bucket import Bucket, Conflict, Exists
from rag_bot.index.errors import IndexBusy
from rag_bot.index.shared import KEYWORD, LEASE, MANIFESTS, POINTER, IndexLeaseLost, SharedIndex, keyword_files
from rag_bot.index.store import IndexStore
from rag_bot.index.writer import repair_index
from tests.filemakers import write_text
from tests.stand_ins.chroma_server import free_port
from tests.stand_ins.telegram_api import rag_bot_command


@pytest.fixture
def shared(tmp_path, chroma_server, storage_emulator):
    """Settings of instance ``name`` (its own local copy) of one shared index."""

    def instance(name: str, **overrides) -> Settings:
        return Settings(_env_file=None, index_dir=tmp_path / name / "index", chroma_url=chroma_server,
                        index_bucket=storage_emulator, **overrides)

    return instance


def corpus_file(tmp_path, name: str, text: str):
    return write_text(tmp_path / "corpus" / name, text)


def test_the_emulator_honours_generation_preconditions(storage_emulator):
    """What the shared index relies on: create-only-if-absent and replace-only-if-unchanged fail (412) otherwise."""
    bucket = Bucket(storage_emulator)
    first = bucket.create("probe", b"1")
    with pytest.raises(Exists):
        bucket.create("probe", b"2")
    second = bucket.replace("probe", b"3", first)
    assert second != first
    with pytest.raises(Conflict):
        bucket.replace("probe", b"4", first)
    assert bucket.get("probe") == (b"3", second)


def test_a_second_writer_waits_for_the_lease_or_says_the_index_is_busy(tmp_path, shared):
    """The lease is one writer at a time across instances: a writer that may not wait is refused in one sentence
    naming the bucket; one that may wait gets it once the holder releases it, and both runs are kept."""
    holder = SharedIndex(shared("holder"))
    holder.acquire()
    try:
        corpus_file(tmp_path, "a.txt", "On Bells\n1969-01-23\n\nKeshav the bell-maker listened to the silence.")
        with pytest.raises(IndexBusy) as busy:
            ingest_paths([tmp_path / "corpus"], shared("b", index_lease_wait_s=0), progress=False)
        assert str(busy.value).startswith(f"Another ingestion is running on {shared('b').index_bucket};")
    finally:
        holder.release()
    assert ingest_paths([tmp_path / "corpus"], shared("b", index_lease_wait_s=0), progress=False).added == 1


def test_racing_writers_of_two_instances_lose_nothing(tmp_path, shared, storage_emulator_process):
    """Two `rag-bot ingest` processes of two instances start together with different files: one writes while the
    other waits for the lease; both succeed and the published generation holds both files, Chroma exactly their
    chunks."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAG_BOT_")}
    env.update({"STORAGE_EMULATOR_HOST": storage_emulator_process, "RAG_BOT_INDEX_BUCKET": shared("x").index_bucket,
                "RAG_BOT_CHROMA_URL": shared("x").chroma_url, "RAG_BOT_INDEX_LEASE_WAIT_S": "300",
                "ANONYMIZED_TELEMETRY": "False"})
    runs = []
    for name, text in (("one.txt", "Rivers\n1969-08-15\n\nGovind the ferryman crossed the river at dawn."),
                       ("two.txt", "Pots\n1969-04-19\n\nRamdas the potter shaped each pot as a gift.")):
        folder = write_text(tmp_path / name / "corpus" / name, text).parent
        runs.append(subprocess.Popen([*rag_bot_command(), "ingest", str(folder), "--index-dir",
                                      str(tmp_path / name / "index")], env=env, stdout=subprocess.PIPE,
                                     stderr=subprocess.STDOUT, cwd=tmp_path))
    outputs = [run.communicate(timeout=600)[0].decode() for run in runs]
    assert [run.returncode for run in runs] == [0, 0], outputs
    reader = IndexStore(shared("reader"), None)
    manifest = reader.load_manifest()
    assert sorted(rec.source for rec in manifest.files.values()) == ["one.txt", "two.txt"]
    assert reader.vectors.all_ids() == manifest.chunk_ids() == reader.keywords.ids()


def test_a_writer_whose_lease_expired_cannot_publish_over_the_next_one(tmp_path, shared):
    """A writer stalls past its lease (its lease record is expired under it); another instance takes over and
    publishes. The stalled writer then fails with one sentence and publishes nothing: the generation published is
    the other's, whole."""
    corpus_file(tmp_path, "slow.txt", "Slow\n1969-02-02\n\nThe slow scribe copied one page a day.")
    write_text(tmp_path / "other" / "fast.txt", "Fast\n1969-03-03\n\nThe fast runner carried letters.")
    bucket = Bucket(shared("x").index_bucket)

    def stall(step: str, key: str) -> None:
        if step == "saved" and key == "":
            data, generation = bucket.get(LEASE)
            expired = dict(json.loads(data), expires=0)  # what the clock does to a writer stalled past its lease
            bucket.replace(LEASE, json.dumps(expired).encode(), generation)
            assert ingest_paths([tmp_path / "other"], shared("fast"), progress=False).added == 1

    calls = []
    with pytest.raises(IndexLeaseLost, match="nothing of this run was published"):
        ingest_paths([tmp_path / "corpus"], shared("slow"), progress=False,
                     hook=lambda step, key: calls.append(step) or (len(calls) == 1 and stall(step, key)))
    reader = IndexStore(shared("reader"), None)
    assert [rec.source for rec in reader.load_manifest().files.values()] == ["fast.txt"]
    assert {h.metadata["source"] for h in reader.vectors.get(sorted(reader.committed_ids()))} == {"fast.txt"}


def test_a_reader_fetches_only_the_new_segments_of_a_new_generation(tmp_path, shared):
    """A reader (its own local copy) notices a new generation at its first read after the poll interval and
    downloads the pointer, the new manifest and only the keyword files it lacks, never the segments it has."""
    corpus_file(tmp_path, "a.txt", "On Bells\n1969-01-23\n\n" + "Keshav the bell-maker listened to the silence. " * 40)
    ingest_paths([tmp_path / "corpus"], shared("writer"), progress=False)
    reader = IndexStore(shared("reader", index_poll_s=0.2), None)
    first = set(reader.committed_ids())
    assert first and reader.shared.stats.installed == 1
    before = json.loads((reader.root / "keyword" / "CURRENT").read_text())

    write_text(tmp_path / "more" / "b.txt", "Rivers\n1969-08-15\n\nGovind the ferryman crossed the river.")
    ingest_paths([tmp_path / "more"], shared("writer"), progress=False)
    stats = reader.shared.stats
    objects, fetched, polls = stats.objects, stats.bytes, stats.polls
    ids, deadline = first, time.monotonic() + 120
    while ids == first and time.monotonic() < deadline:  # each read polls the pointer once the interval has passed
        ids = set(reader.committed_ids())
    assert ids > first and stats.installed == 2
    after = json.loads((reader.root / "keyword" / "CURRENT").read_text())
    new_files = set(keyword_files({"keyword": after})) - set(keyword_files({"keyword": before}))
    bucket = Bucket(shared("x").index_bucket)
    pointer_bytes = bucket.get(POINTER)[0]
    pointer = json.loads(pointer_bytes)
    polls = stats.polls - polls  # each reads the pointer (the new one: the writer had published)
    assert stats.objects - objects == polls + 1 + len(new_files)  # pointer reads + manifest + new keyword files
    new_bytes = sum(len(bucket.get(KEYWORD + n)[0]) for n in new_files) + len(bucket.get(MANIFESTS + pointer["manifest"])[0])
    assert stats.bytes - fetched == polls * len(pointer_bytes) + new_bytes  # the first segment is not fetched again
    assert reader.keywords.search("ferryman Govind", 1, reader_filters())[0][0] in ids - first


def reader_filters():
    from rag_bot.index.types import SearchFilters

    return SearchFilters()


def test_an_interrupted_publish_leaves_readers_on_the_last_generation_and_the_next_writer_cleans_up(tmp_path, shared):
    """A writer dies after uploading its segments and manifest but before the pointer: readers keep the previous
    generation (its documents, nothing of the new one); the next writer deletes the unnamed objects and the
    orphaned vectors."""
    corpus_file(tmp_path, "a.txt", "On Bells\n1969-01-23\n\nKeshav the bell-maker listened to the silence.")
    ingest_paths([tmp_path / "corpus"], shared("writer"), progress=False)
    reader = IndexStore(shared("reader", index_poll_s=0.2), None)
    committed = set(reader.committed_ids())
    bucket = Bucket(shared("x").index_bucket)
    published = set(bucket.names())

    class Died(Exception):
        pass

    def die(step: str, key: str) -> None:
        if step == "uploaded":
            raise Died

    write_text(tmp_path / "more" / "b.txt", "Rivers\n1969-08-15\n\nGovind the ferryman crossed the river.")
    with pytest.raises(Died):
        ingest_paths([tmp_path / "more"], shared("writer"), progress=False, hook=die)
    leftovers = {n for n in set(bucket.names()) - published if n.startswith(("index/keyword/", "index/manifests/"))}
    assert leftovers  # the new segment and manifest were uploaded
    assert reader.shared.pull() is False and set(reader.committed_ids()) == committed
    assert not reader.keywords.search("ferryman Govind", 5, reader_filters())
    assert len(reader.vectors.all_ids()) > len(committed)  # the dead run's vectors are in Chroma, hidden

    fixer = repair_index(shared("fixer"))
    assert fixer.repaired
    assert not leftovers & set(bucket.names())
    assert reader.vectors.all_ids() == committed
    assert reader.shared.pull() and set(reader.committed_ids()) == committed


def test_a_reader_keeps_its_generation_when_the_bucket_is_unreachable(tmp_path, shared, monkeypatch, caplog):
    """A poll that cannot reach Cloud Storage (retried for a bounded time) is logged; the question is answered
    from the generation the local copy holds, and a restart on that copy starts from it."""
    corpus_file(tmp_path, "a.txt", "On Bells\n1969-01-23\n\nKeshav the bell-maker listened to the silence.")
    ingest_paths([tmp_path / "corpus"], shared("writer"), progress=False)
    reader = IndexStore(shared("reader", index_poll_s=0.1), None)
    committed = set(reader.committed_ids())
    monkeypatch.setenv("STORAGE_EMULATOR_HOST", f"http://127.0.0.1:{free_port()}")  # nothing listens there
    retry_s = 1.0  # a refused connection is retried this long (RAG_BOT_INDEX_BUCKET_RETRY_S), then the poll fails
    reader.shared.bucket = Bucket(shared("x").index_bucket, retry_s)
    polls = reader.shared.stats.polls
    while reader.shared.stats.polls == polls and "polling" not in caplog.text:
        assert set(reader.committed_ids()) == committed
    assert "polling gs://" in caplog.text and "answering from generation 1" in caplog.text
    restarted = IndexStore(shared("reader", index_bucket_retry_s=retry_s), None)  # restarting on its local copy
    assert "starting from the local copy" in caplog.text and set(restarted.committed_ids()) == committed
