"""FirestoreSaver against Google's Firestore emulator: the LangGraph conformance suite plus our own cases."""

from __future__ import annotations

import os
import uuid

import pytest
from google.cloud import firestore
from langgraph.checkpoint.base import WRITES_IDX_MAP
from langgraph.checkpoint.conformance import checkpointer_test, validate
from langgraph.checkpoint.conformance.report import ProgressCallbacks
from langgraph.checkpoint.conformance.test_utils import (
    generate_checkpoint,
    generate_config,
    generate_metadata,
)
from langgraph.checkpoint.serde.types import ERROR, INTERRUPT

from rag_bot.memory.firestore_common import decode_id, encode_id
from rag_bot.memory.firestore_saver import FirestoreSaver
from tests.stand_ins.firestore_emulator import record_rpcs


def new_saver(project: str, *, timeout: float = 15.0, with_async: bool = True) -> FirestoreSaver:
    client = firestore.Client(project=project)
    async_client = firestore.AsyncClient(project=project) if with_async else None
    return FirestoreSaver(client, async_client, prefix="t", timeout=timeout)


@pytest.fixture()
def saver(firestore_project: str) -> FirestoreSaver:
    return new_saver(firestore_project)


def put(saver: FirestoreSaver, thread_id: str, parent=None, ns: str = "", values=None, step: int = 0, **md):
    config = generate_config(thread_id, checkpoint_ns=ns)
    if parent is not None:
        config["configurable"]["checkpoint_id"] = parent["configurable"]["checkpoint_id"]
    values = values or {}
    checkpoint = generate_checkpoint(channel_values=values, channel_versions={k: 1 for k in values})
    return saver.put(config, checkpoint, generate_metadata(step=step, **md), {k: 1 for k in values})


# ------------------------------------------------------------------------------------------ conformance
async def test_conformance_suite_reports_no_failures(firestore_emulator) -> None:
    os.environ["FIRESTORE_EMULATOR_HOST"] = firestore_emulator.host

    @checkpointer_test(name="FirestoreSaver")
    async def factory():
        yield new_saver(f"conformance-{uuid.uuid4().hex[:10]}")

    lines: list[str] = []
    progress = ProgressCallbacks(
        on_test_result=lambda cap, name, ok, err: lines.append(f"{cap}.{name}: {'ok' if ok else err}")
    )
    report = await validate(factory, progress=progress)
    failures = [f for r in report.results.values() for f in r.failures]
    assert failures == [], "\n".join(lines)
    assert report.passed_all_base(), report.to_dict()
    assert report.passed_all(), report.to_dict()
    passed = sum(r.tests_passed for r in report.results.values())
    assert passed >= 50, report.to_dict()


# ------------------------------------------------------------------------------------------ own cases
def test_ids_are_encoded_reversibly() -> None:
    for raw in ["", "u1", "a/b", "../..", "__x__", ".", "тред 🙂", "x" * 900]:
        enc = encode_id(raw)
        assert "/" not in enc and enc not in (".", "..") and not (enc.startswith("__") and enc.endswith("__"))
        assert decode_id(enc) == raw
    with pytest.raises(ValueError):
        encode_id("x" * 2000)


def written_at(saver: FirestoreSaver, thread_id: str, sub: str) -> dict[str, object]:
    """Document id -> update time, as the emulator reports it, of one sub-collection of a thread's root namespace.

    A batch commit gives every document it changes the same update time (the commit time), so equal times mean
    one commit and ordered times mean ordered commits: this observes the store, not the saver's own bookkeeping.
    """
    ns_ref = saver._ns_ref(saver.client, thread_id, "")
    return {s.id: s.update_time for s in ns_ref.collection(sub).get()}


def commits(rpcs: list) -> list[list[str]]:
    """The document paths of every ``commit`` RPC the client sent, in order (recorded at the gRPC boundary)."""
    return [r.documents for r in rpcs if r.method == "commit"]


def kind(path: str) -> str:
    """The collection a written document path is in (``checkpoints``, ``chunks``, ``writes``, or the thread and
    namespace marker documents' own collections)."""
    return path.rsplit("/", 2)[-2]


def test_three_megabyte_state_round_trips_in_one_commit(saver: FirestoreSaver) -> None:
    big = os.urandom(1_500_000).hex()  # 3 MB of incompressible text
    rpcs = record_rpcs(saver.client)
    cfg = put(saver, "big", values={"messages": big, "small": 1})
    [written] = commits(rpcs)  # one commit request went to the emulator, carrying the pieces and the head
    kinds = [kind(p) for p in written]
    assert kinds.count("checkpoints") == 1 and kinds.count("chunks") >= 4
    chunk_times = written_at(saver, "big", "chunks")
    head_times = written_at(saver, "big", "checkpoints")
    # it really is split: several chunk documents, each under the 1 MiB document limit ...
    assert len(chunk_times) >= 4
    ns_ref = saver._ns_ref(saver.client, "big", "")
    assert all(len(c.get("data")) < 1_000_000 for c in ns_ref.collection("chunks").get())
    # ... written by the same single commit as the checkpoint document (one commit time for all)
    assert len(set(chunk_times.values()) | set(head_times.values())) == 1, "a put must be one atomic commit"
    tup = saver.get_tuple(generate_config("big"))
    assert tup is not None and tup.checkpoint["channel_values"]["messages"] == big
    assert tup.checkpoint["channel_values"]["small"] == 1
    assert saver.get_tuple(cfg).checkpoint["id"] == cfg["configurable"]["checkpoint_id"]
    # listing also restores it
    listed = list(saver.list(generate_config("big")))
    assert listed[0].checkpoint["channel_values"]["messages"] == big


def test_large_pending_write_round_trips(saver: FirestoreSaver) -> None:
    cfg = put(saver, "bigw")
    value = os.urandom(800_000).hex()  # 1.6 MB
    saver.put_writes(cfg, [("messages", value), ("other", 2)], "task-1")
    tup = saver.get_tuple(cfg)
    assert [(w[1], w[2]) for w in tup.pending_writes] == [("messages", value), ("other", 2)]


def test_delete_thread_is_exact_never_prefix(saver: FirestoreSaver) -> None:
    for tid in ("u1", "u1_x", "u10", "u1/x", "u"):
        cfg = put(saver, tid, values={"v": tid})
        saver.put_writes(cfg, [("ch", tid)], "task")
        put(saver, tid, ns="child:1", values={"v": tid})
    saver.delete_thread("u1")
    assert saver.get_tuple(generate_config("u1")) is None
    assert list(saver.list(generate_config("u1"))) == []
    for other in ("u1_x", "u10", "u1/x", "u"):
        tup = saver.get_tuple(generate_config(other))
        assert tup is not None and tup.checkpoint["channel_values"]["v"] == other
        assert [w[2] for w in tup.pending_writes] == [other]
        assert len(list(saver.list({"configurable": {"thread_id": other}}))) == 2
    saver.delete_thread("never-existed")  # no-op


@pytest.mark.parametrize("thread_id", ["a/b", "/", "../etc/passwd", "chat:-100/topic/7", "__name__", "é 🙂"])
def test_thread_ids_with_any_characters(saver: FirestoreSaver, thread_id: str) -> None:
    first = put(saver, thread_id, values={"x": 1})
    second = put(saver, thread_id, parent=first, values={"x": 2}, step=1)
    tup = saver.get_tuple({"configurable": {"thread_id": thread_id}})
    assert tup.config == second and tup.checkpoint["channel_values"] == {"x": 2}
    assert tup.parent_config == first
    assert [t.config for t in saver.list({"configurable": {"thread_id": thread_id}})] == [second, first]
    saver.delete_thread(thread_id)
    assert saver.get_tuple({"configurable": {"thread_id": thread_id}}) is None


def test_parent_config_chain_across_three_checkpoints(saver: FirestoreSaver) -> None:
    c1 = put(saver, "chain", values={"n": 1}, step=-1, source="input")
    c2 = put(saver, "chain", parent=c1, values={"n": 2}, step=0)
    c3 = put(saver, "chain", parent=c2, values={"n": 3}, step=1)
    t3 = saver.get_tuple(generate_config("chain"))
    assert t3.config == c3 and t3.parent_config == c2
    t2 = saver.get_tuple(t3.parent_config)
    assert t2.config == c2 and t2.parent_config == c1 and t2.checkpoint["channel_values"] == {"n": 2}
    t1 = saver.get_tuple(t2.parent_config)
    assert t1.config == c1 and t1.parent_config is None
    history = list(saver.list(generate_config("chain")))
    assert [t.config for t in history] == [c3, c2, c1]
    assert [t.parent_config for t in history] == [c2, c1, None]


def test_list_before_limit_filter(saver: FirestoreSaver) -> None:
    configs = []
    parent = None
    for step in range(7):
        parent = put(saver, "lst", parent=parent, step=step, source="input" if step % 3 == 0 else "loop")
        configs.append(parent)
    put(saver, "other-thread", step=0, source="input")
    newest_first = list(reversed(configs))
    base = generate_config("lst")
    assert [t.config for t in saver.list(base, limit=3)] == newest_first[:3]
    assert [t.config for t in saver.list(base, before=configs[4])] == newest_first[3:]
    assert [t.config for t in saver.list(base, before=configs[4], limit=2)] == newest_first[3:5]
    inputs = list(saver.list(base, filter={"source": "input"}))
    assert [t.metadata["step"] for t in inputs] == [6, 3, 0]
    assert [t.metadata["step"] for t in saver.list(base, filter={"source": "input"}, limit=2)] == [6, 3]
    assert [t.metadata["step"] for t in saver.list(base, filter={"source": "loop", "step": 4})] == [4]
    assert list(saver.list(base, filter={"source": "update"})) == []
    exact = list(
        saver.list(
            {
                "configurable": {
                    "thread_id": "lst",
                    "checkpoint_id": configs[2]["configurable"]["checkpoint_id"],
                }
            }
        )
    )
    assert [t.config for t in exact] == [configs[2]]
    everything = list(saver.list(None, filter={"source": "input"}))
    assert {t.config["configurable"]["thread_id"] for t in everything} == {"lst", "other-thread"}


def test_put_writes_one_commit_and_idx_semantics(saver: FirestoreSaver) -> None:
    cfg = put(saver, "w")
    rpcs = record_rpcs(saver.client)
    saver.put_writes(cfg, [("a", 1), ("b", 2), ("c", 3)], "t1", "path")
    [written] = commits(rpcs)
    assert [kind(p) for p in written].count("writes") == 3
    times = written_at(saver, "w", "writes")
    assert len(times) == 3 and len(set(times.values())) == 1, "one commit per put_writes"
    saver.put_writes(cfg, [("a", 100), ("b", 200)], "t1")  # regular writes: insert-or-ignore
    saver.put_writes(cfg, [(ERROR, "boom")], "t1")
    saver.put_writes(cfg, [(ERROR, "boom again")], "t1")  # special writes: upsert
    saver.put_writes(cfg, [(INTERRUPT, {"q": 1})], "t2")
    writes = saver.get_tuple(cfg).pending_writes
    by_key = {(w[0], w[1]): w[2] for w in writes}
    assert by_key == {
        ("t1", "a"): 1,
        ("t1", "b"): 2,
        ("t1", "c"): 3,
        ("t1", ERROR): "boom again",
        ("t2", INTERRUPT): {"q": 1},
    }
    assert WRITES_IDX_MAP[ERROR] < 0


def test_namespaces_are_separate(saver: FirestoreSaver) -> None:
    root = put(saver, "ns", values={"v": "root"})
    child = put(saver, "ns", ns="child:1", values={"v": "child"})
    assert saver.get_tuple(generate_config("ns")).config == root
    assert saver.get_tuple(generate_config("ns", checkpoint_ns="child:1")).config == child
    assert len(list(saver.list({"configurable": {"thread_id": "ns"}}))) == 2
    assert [t.config for t in saver.list(generate_config("ns", checkpoint_ns="child:1"))] == [child]


async def test_async_api(saver: FirestoreSaver) -> None:
    cfg1 = await saver.aput(
        generate_config("async/thread"),
        generate_checkpoint(channel_values={"m": "one"}, channel_versions={"m": 1}),
        generate_metadata(step=0, source="input"),
        {"m": 1},
    )
    parent = generate_config("async/thread")
    parent["configurable"]["checkpoint_id"] = cfg1["configurable"]["checkpoint_id"]
    big = os.urandom(700_000).hex()
    cfg2 = await saver.aput(
        parent,
        generate_checkpoint(channel_values={"m": big}, channel_versions={"m": 2}),
        generate_metadata(step=1),
        {"m": 2},
    )
    await saver.aput_writes(cfg2, [("m", "x"), ("n", "y")], "task")
    await saver.aput_writes(cfg2, [("m", "ignored")], "task")
    tup = await saver.aget_tuple(generate_config("async/thread"))
    assert tup.config == cfg2 and tup.parent_config == cfg1
    assert tup.checkpoint["channel_values"]["m"] == big
    assert [(w[1], w[2]) for w in tup.pending_writes] == [("m", "x"), ("n", "y")]
    listed = [t async for t in saver.alist(generate_config("async/thread"))]
    assert [t.config for t in listed] == [cfg2, cfg1]
    assert [t.config async for t in saver.alist(generate_config("async/thread"), limit=1)] == [cfg2]
    assert [t.config async for t in saver.alist(generate_config("async/thread"), before=cfg2)] == [cfg1]
    filtered = [t.config async for t in saver.alist(generate_config("async/thread"), filter={"source": "input"})]
    assert filtered == [cfg1]
    put(saver, "async/thread_x")
    await saver.adelete_thread("async/thread")
    assert await saver.aget_tuple(generate_config("async/thread")) is None
    assert await saver.aget_tuple(generate_config("async/thread_x")) is not None


async def test_async_methods_fall_back_to_threads_without_async_client(firestore_project: str) -> None:
    saver = new_saver(firestore_project, with_async=False)
    cfg = await saver.aput(generate_config("t"), generate_checkpoint(), generate_metadata(), {})
    assert (await saver.aget_tuple(cfg)).config == cfg
    assert [t.config async for t in saver.alist(generate_config("t"))] == [cfg]


def test_get_next_version_is_monotonic(saver: FirestoreSaver) -> None:
    v = None
    seen = []
    for _ in range(12):
        v = saver.get_next_version(v, None)
        seen.append(v)
    assert seen == sorted(seen) and len(set(seen)) == 12
    assert saver.get_next_version(5, None).startswith(f"{6:032}.")


def test_state_over_the_request_limit_is_written_chunks_first_head_last(saver: FirestoreSaver) -> None:
    huge = os.urandom(6_000_000).hex()  # 12 MB: more than one commit can carry
    rpcs = record_rpcs(saver.client)
    cfg = put(saver, "huge", values={"messages": huge})
    sent = commits(rpcs)
    assert len(sent) >= 2
    assert [kind(p) for p in sent[-1]].count("checkpoints") == 1  # the head travels in the last request ...
    earlier = [kind(p) for batch in sent[:-1] for p in batch]
    assert "checkpoints" not in earlier and earlier.count("chunks") >= 2  # ... after the pieces
    chunk_times = written_at(saver, "huge", "chunks")
    [head_time] = written_at(saver, "huge", "checkpoints").values()
    assert len(set(chunk_times.values())) >= 2, "the pieces needed several commits"
    assert max(chunk_times.values()) < head_time, "every piece was committed before the checkpoint naming them"
    assert saver.get_tuple(cfg).checkpoint["channel_values"]["messages"] == huge
