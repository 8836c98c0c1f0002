"""UserSettingsStore: the same behaviour from the SQLite and the Firestore (emulator) backends."""

from __future__ import annotations

import asyncio
import threading
from concurrent.futures import ThreadPoolExecutor

import pytest
from google.cloud import firestore

from rag_bot.memory.factory import make_settings_store
from rag_bot.memory.settings_store import FirestoreSettingsStore, SqliteSettingsStore, UserSettingsStore


@pytest.fixture(params=["sqlite", "firestore"])
def store(request, tmp_path) -> UserSettingsStore:
    if request.param == "sqlite":
        made = SqliteSettingsStore(tmp_path / "nested" / "settings.sqlite")
    else:
        project = request.getfixturevalue("firestore_project")
        made = FirestoreSettingsStore(firestore.Client(project=project), prefix="t", timeout=10)
    yield made
    made.close()


def test_seen_update_true_only_once(store: UserSettingsStore) -> None:
    assert store.seen_update(1001) is True
    assert store.seen_update(1001) is False
    assert store.seen_update("1001") is False
    assert store.seen_update(1002) is True


def test_seen_update_concurrent_callers_one_winner(store: UserSettingsStore) -> None:
    barrier = threading.Barrier(16)

    def call(_: int) -> bool:
        barrier.wait()
        return store.seen_update(777)

    with ThreadPoolExecutor(16) as pool:
        results = list(pool.map(call, range(16)))
    assert results.count(True) == 1 and results.count(False) == 15


async def test_seen_update_concurrent_async(store: UserSettingsStore) -> None:
    results = await asyncio.gather(*(store.aseen_update(4242) for _ in range(10)))
    assert sum(results) == 1


def test_language_and_answer_mode_persist(store: UserSettingsStore, tmp_path) -> None:
    assert store.get_user_settings(42) == {}
    assert store.get_language(42, "en") == "en"
    store.set_language(42, "hi")
    store.update_user_settings(42, answer_mode="research")
    assert store.get_language(42) == "hi" and store.get_user_settings(42)["answer_mode"] == "research"
    assert store.update_user_settings(42, answer_mode=None) == {"language": "hi"}
    assert store.get_user_settings("42") == {"language": "hi"}
    assert store.get_user_settings(43) == {}
    if isinstance(store, SqliteSettingsStore):  # survives a new connection (i.e. a restart)
        again = SqliteSettingsStore(store.path)
        assert again.get_language(42) == "hi"
        again.close()


def test_concurrent_setting_updates_merge(store: UserSettingsStore) -> None:
    with ThreadPoolExecutor(8) as pool:
        list(pool.map(lambda i: store.update_user_settings(7, **{f"k{i}": i}), range(8)))
    assert store.get_user_settings(7) == {f"k{i}": i for i in range(8)}


def test_active_thread_per_chat(store: UserSettingsStore) -> None:
    assert store.get_active_thread(-100123) is None
    store.set_active_thread(-100123, "tg:-100123:1")
    store.set_active_thread(555, "tg/555/a")
    store.set_active_thread(-100123, "tg:-100123:2")
    assert store.get_active_thread(-100123) == "tg:-100123:2"
    assert store.get_active_thread("555") == "tg/555/a"


def test_feedback_recorded_and_read_back(store: UserSettingsStore) -> None:
    store.record_feedback("thread/1", 10, 42, 1)
    store.record_feedback("thread/1", 11, 42, -1)
    store.record_feedback("thread/1", 10, 43, -1)
    store.record_feedback("thread/1", 10, 42, -1)  # the user changes their vote
    store.record_feedback("thread/2", 10, 42, 1)
    got = {(r.message_id, r.user_id): r.value for r in store.get_feedback("thread/1")}
    assert got == {("10", "42"): -1, ("11", "42"): -1, ("10", "43"): -1}
    assert len(store.get_feedback()) == 4
    assert [r.thread_id for r in store.get_feedback("thread/2")] == ["thread/2"]


async def test_async_twins(store: UserSettingsStore) -> None:
    await store.aupdate_user_settings(9, language="en")
    assert await store.aget_user_settings(9) == {"language": "en"}
    await store.aset_active_thread(9, "t9")
    assert await store.aget_active_thread(9) == "t9"
    await store.arecord_feedback("t9", 1, 9, 1)
    assert [r.value for r in await store.aget_feedback("t9")] == [1]


def test_factory_builds_each_backend(make_settings, firestore_project) -> None:
    sqlite_store = make_settings_store(make_settings(checkpointer="sqlite"))
    assert isinstance(sqlite_store, SqliteSettingsStore) and sqlite_store.seen_update(1)
    memory_store = make_settings_store(make_settings(checkpointer="memory"))
    assert memory_store.seen_update(1) and not memory_store.seen_update(1)
    fs_store = make_settings_store(
        make_settings(checkpointer="firestore", firestore_project=firestore_project)
    )
    assert isinstance(fs_store, FirestoreSettingsStore) and fs_store.seen_update(1)


# ------------------------------------------------------------------------------------------ SQLite file
def test_sqlite_files_are_created_private(make_settings, tmp_path) -> None:
    """Checkpoints and settings share one file that names every chat: mode 0600, WAL/SHM files too."""
    import asyncio
    import stat

    from langchain_core.messages import HumanMessage

    from rag_bot.memory.factory import make_checkpointer, open_async_checkpointer
    from tests.e2e.test_memory_resume import build_graph

    def mode(path) -> int:
        return stat.S_IMODE(path.stat().st_mode)

    sync_path = tmp_path / "sync" / "memory.sqlite"
    settings = make_settings(checkpointer="sqlite", sqlite_path=sync_path)
    build_graph(make_checkpointer(settings)).invoke({"messages": [HumanMessage("hi")]},
                                                    {"configurable": {"thread_id": "t"}})
    make_settings_store(settings).set_active_thread("tg:1", "t")
    files = [p for p in sync_path.parent.iterdir() if p.name.startswith("memory.sqlite")]
    assert {p.name for p in files} >= {"memory.sqlite", "memory.sqlite-wal"}
    assert {p.name: mode(p) for p in files} == {p.name: 0o600 for p in files}

    async_path = tmp_path / "async" / "memory.sqlite"

    async def turn() -> None:
        async with open_async_checkpointer(make_settings(checkpointer="sqlite", sqlite_path=async_path)) as saver:
            await build_graph(saver).ainvoke({"messages": [HumanMessage("hi")]}, {"configurable": {"thread_id": "t"}})

    asyncio.run(turn())
    assert mode(async_path) == 0o600

    store_only = tmp_path / "store" / "settings.sqlite"
    SqliteSettingsStore(store_only).close()
    assert mode(store_only) == 0o600

    old = tmp_path / "old" / "memory.sqlite"  # left world-readable by an older version: tightened when opened
    old.parent.mkdir()
    old.touch(mode=0o644)
    old.chmod(0o644)
    make_checkpointer(make_settings(checkpointer="sqlite", sqlite_path=old))
    assert mode(old) == 0o600


def _hold_write_lock(path, seconds: float | None = None):
    """Another process's writer: a connection holding the write lock (released after ``seconds`` if given)."""
    import sqlite3

    holder = sqlite3.connect(str(path), isolation_level=None, check_same_thread=False)
    holder.execute("BEGIN EXCLUSIVE")
    if seconds is not None:
        threading.Timer(seconds, lambda: (holder.execute("COMMIT"), holder.close())).start()
    return holder


def test_locked_sqlite_waits_then_raises_a_typed_sentence(make_settings, tmp_path) -> None:
    from langchain_core.messages import HumanMessage

    from rag_bot.memory.errors import MemoryBusyError, MemoryUnavailableError
    from rag_bot.memory.factory import make_checkpointer
    from tests.e2e.test_memory_resume import build_graph

    path = tmp_path / "memory.sqlite"
    settings = make_settings(checkpointer="sqlite", sqlite_path=path, sqlite_busy_timeout_s=0.5)
    graph = build_graph(make_checkpointer(settings))
    store = make_settings_store(settings)
    cfg = {"configurable": {"thread_id": "t"}}
    graph.invoke({"messages": [HumanMessage("hello")]}, cfg)

    holder = _hold_write_lock(path)  # held for good: both give up after the busy timeout, with a sentence
    try:
        with pytest.raises(MemoryBusyError) as info:
            graph.invoke({"messages": [HumanMessage("again")]}, cfg)
        assert isinstance(info.value, MemoryUnavailableError) and info.value.backend == "sqlite"
        assert str(info.value).startswith(f"The conversation database {path} is locked by another process")
        assert "\n" not in str(info.value)
        with pytest.raises(MemoryBusyError):
            store.set_active_thread("tg:1", "t2")
    finally:
        holder.execute("ROLLBACK")
        holder.close()

    # a lock released within the busy timeout is waited for: the calls succeed
    relaxed = make_settings(checkpointer="sqlite", sqlite_path=path, sqlite_busy_timeout_s=30)
    graph = build_graph(make_checkpointer(relaxed))
    store = make_settings_store(relaxed)
    _hold_write_lock(path, seconds=0.5)
    out = graph.invoke({"messages": [HumanMessage("again")]}, cfg)
    assert [m.content for m in out["messages"]][-1] == "turn 2: you said again"
    _hold_write_lock(path, seconds=0.5)
    store.set_active_thread("tg:1", "t2")
    assert store.get_active_thread("tg:1") == "t2"


# ------------------------------------------------------------------------------------------ pruning
def test_seen_update_ids_are_pruned_by_age(store: UserSettingsStore, monkeypatch) -> None:
    from types import SimpleNamespace

    from rag_bot.memory import settings_store

    now = [1_000_000.0]
    monkeypatch.setattr(settings_store, "time", SimpleNamespace(time=lambda: now[0]))
    assert store.seen_update("old") is True
    now[0] += settings_store.SEEN_UPDATES_TTL_S - 60
    assert store.seen_update("recent") is True
    now[0] += settings_store.PRUNE_EVERY_S + 120  # "old" is past the TTL now, "recent" is not
    assert store.seen_update("trigger") is True  # the first call after PRUNE_EVERY_S prunes
    assert store.seen_update("recent") is False  # still remembered
    assert store.seen_update("old") is True  # forgotten: its row is gone


def test_every_firestore_call_has_a_deadline_and_retries(firestore_project) -> None:
    """Observed at the client boundary: each RPC of each store method carries a timeout and a retry policy."""
    from rag_bot.memory.firestore_common import Client
    from tests.stand_ins.firestore_emulator import record_rpcs

    store = FirestoreSettingsStore(Client(project=firestore_project), prefix="t", timeout=7)
    rpcs = record_rpcs(store.client)
    store.update_user_settings(1, language="hi")
    store.get_user_settings(1)
    store.set_active_thread(1, "t1")
    store.get_active_thread(1)
    store.seen_update(5)
    store.seen_update(5)
    store.record_feedback("t1", 1, 1, 1)
    store.get_feedback("t1")
    store.prune_seen_updates(0)
    methods = {r.method for r in rpcs}
    assert {"commit", "batch_get_documents", "run_query"} <= methods, methods
    for rpc in rpcs:
        assert rpc.timeout is not None and 0 < rpc.timeout <= 7, (rpc.method, rpc.timeout)
        assert rpc.retry is not None and rpc.retry.__class__.__name__ == "Retry", (rpc.method, rpc.retry)


# ------------------------------------------------------------------------------------------ threads
def test_threads_are_numbered_titled_and_listed_by_activity(store: UserSettingsStore) -> None:
    chat = "tg:-100777"
    first = store.ensure_active_thread(chat, "a")
    assert first == "a" and store.get_active_thread(chat) == "a"
    assert store.ensure_active_thread(chat, "b") == "a"  # the chat has one already: kept
    made, pruned = store.start_thread(chat, "b", "budget", keep=10)
    assert (made.number, made.title, pruned) == (2, "budget", [])
    assert store.get_active_thread(chat) == "b"
    store.touch_thread(chat, "a", "what was said about silence")  # titled by its first question
    store.touch_thread(chat, "a", "a later question")  # the title stays
    store.touch_thread(chat, "b", "ignored: b has a title")
    listed = store.list_threads(chat, 10)
    assert [(r.number, r.thread_id, r.title) for r in listed] == [(2, "b", "budget"),
                                                                 (1, "a", "what was said about silence")]
    assert listed[0].last_active >= listed[1].last_active and all(r.chat_id == chat for r in listed)
    assert store.list_threads(chat, 1) == listed[:1]
    assert store.thread_by_number(chat, 1).thread_id == "a" and store.thread_by_number(chat, 3) is None
    assert store.list_threads("tg:other", 10) == [] and store.thread_by_number("tg:other", 1) is None


def test_removed_threads_free_no_number_and_the_active_one_is_cleared(store: UserSettingsStore) -> None:
    chat = 31
    store.start_thread(chat, "t1", "", keep=10)
    store.start_thread(chat, "t2", "", keep=10)
    assert store.remove_thread(chat, 1).thread_id == "t1"
    assert store.remove_thread(chat, 1) is None
    assert store.get_active_thread(chat) == "t2"  # removing another thread keeps the active one
    assert store.remove_thread(chat, 2).thread_id == "t2"
    assert store.get_active_thread(chat) is None and store.list_threads(chat, 10) == []
    assert store.ensure_active_thread(chat, "t3") == "t3"
    assert store.thread_by_number(chat, 3).thread_id == "t3"  # numbers are never given twice


def test_threads_beyond_the_bound_prune_the_least_recently_active(store: UserSettingsStore) -> None:
    chat = "tg:5"
    for i in range(1, 4):
        store.start_thread(chat, f"t{i}", f"title {i}", keep=3)
    store.touch_thread(chat, "t1", "")  # t1 is now more recent than t2
    made, pruned = store.start_thread(chat, "t4", "", keep=3)
    assert made.number == 4 and [p.thread_id for p in pruned] == ["t2"]
    assert sorted(r.thread_id for r in store.list_threads(chat, 10)) == ["t1", "t3", "t4"]
    _, pruned = store.start_thread(chat, "t5", "", keep=1)
    assert sorted(p.thread_id for p in pruned) == ["t1", "t3", "t4"]
    assert [r.thread_id for r in store.list_threads(chat, 10)] == ["t5"] and store.get_active_thread(chat) == "t5"


def test_concurrent_first_messages_make_one_thread(store: UserSettingsStore) -> None:
    barrier = threading.Barrier(8)

    def first_message(i: int) -> str:
        barrier.wait()
        return store.ensure_active_thread("tg:race", f"candidate-{i}")

    with ThreadPoolExecutor(8) as pool:
        winners = set(pool.map(first_message, range(8)))
    assert len(winners) == 1
    [only] = store.list_threads("tg:race", 10)
    assert (only.thread_id, only.number) == (winners.pop(), 1)


def test_a_thread_active_before_numbering_is_registered_when_used(store: UserSettingsStore) -> None:
    store.set_active_thread("tg:old", "legacy")  # an active thread stored by an older version
    assert store.ensure_active_thread("tg:old", "new") == "legacy"
    store.touch_thread("tg:old", "legacy", "first question")
    assert [(r.number, r.title) for r in store.list_threads("tg:old", 10)] == [(1, "first question")]


async def test_thread_async_twins(store: UserSettingsStore) -> None:
    assert await store.aensure_active_thread("c", "x") == "x"
    made, _ = await store.astart_thread("c", "y", "why", 5)
    await store.atouch_thread("c", "y", "")
    assert [r.number for r in await store.alist_threads("c", 5)] == [made.number, 1]
    assert (await store.athread_by_number("c", 2)).title == "why"
    assert (await store.aremove_thread("c", 2)).thread_id == "y"


def test_firestore_requests_per_thread_call_do_not_grow_with_the_threads(firestore_project) -> None:
    """Each registry call is a fixed number of RPCs (reads and commits), the same with 2 and with 12 threads in the
    chat (pruning adds one batched delete); the transactions' calls carry the store's deadline too."""
    from rag_bot.memory.firestore_common import Client
    from tests.stand_ins.firestore_emulator import record_rpcs

    store = FirestoreSettingsStore(Client(project=firestore_project), prefix="t", timeout=7)
    rpcs = record_rpcs(store.client)

    def cost(call) -> list[str]:
        del rpcs[:]
        call()
        return sorted(r.method for r in rpcs)

    costs: dict[int, dict[str, list[str]]] = {}
    for size in (2, 12):
        chat = f"tg:{size}"
        for i in range(size - 1):
            store.start_thread(chat, f"t{i}", f"title {i}", keep=50)
        costs[size] = {
            "ensure (chat has one)": cost(lambda chat=chat: store.ensure_active_thread(chat, "x")),
            "start": cost(lambda chat=chat: store.start_thread(chat, "new", "", keep=50)),
            "touch": cost(lambda chat=chat: store.touch_thread(chat, "new", "question")),
            "list": cost(lambda chat=chat: store.list_threads(chat, 10)),
            "by number": cost(lambda chat=chat: store.thread_by_number(chat, 1)),
            "remove": cost(lambda chat=chat: store.remove_thread(chat, 1)),
        }
    assert costs[2] == costs[12], costs
    transaction = ["batch_get_documents", "begin_transaction", "commit"]  # one read, one commit
    assert costs[2]["ensure (chat has one)"] == ["batch_get_documents"]
    assert costs[2]["touch"] == costs[2]["start"] == transaction
    assert cost(lambda: store.ensure_active_thread("tg:fresh", "f")) == ["batch_get_documents", "commit"]
    assert costs[2]["remove"] == sorted(["run_query", *transaction])  # the number's query, then the transaction
    assert costs[2]["list"] == costs[2]["by number"] == ["run_query"]
    pruning = cost(lambda: store.start_thread("tg:12", "newer", "", keep=5))  # past the bound: + query + delete
    assert pruning == sorted([*transaction, "run_query", "commit"]), pruning
    assert len(store.list_threads("tg:12", 50)) == 5
    store.start_thread("tg:12", "newest", "", keep=5)  # the count stayed right: one pruned again
    assert len(store.list_threads("tg:12", 50)) == 5
