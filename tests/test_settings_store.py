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
    store.set_answer_mode(42, "detailed")
    assert store.get_language(42) == "hi" and store.get_answer_mode(42) == "detailed"
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
