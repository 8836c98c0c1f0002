"""One behaviour, two backends: the leases of :mod:`rag_bot.memory.leases` on SQLite (two stores on one file, as
two processes on one host) and on Firestore (Google's emulator), and the create-if-absent first thread of a chat.
A lease given a ttl of 0 is expired at once (no waiting for a clock)."""

from __future__ import annotations

from collections.abc import Callable

import pytest

from rag_bot.memory.leases import Busy, FirestoreLeaseStore, Lease, LeaseStore, SqliteLeaseStore
from rag_bot.memory.settings_store import FirestoreSettingsStore, SqliteSettingsStore
from tests.at_once import at_once

TTL = 60.0


@pytest.fixture(params=["sqlite", "firestore"])
def stores(request, tmp_path) -> Callable[[str], LeaseStore]:
    """``stores(owner)``: a lease store of its own (own connection or client) on the one shared backend."""
    made: list[LeaseStore] = []

    def make(owner: str) -> LeaseStore:
        if request.param == "sqlite":
            store: LeaseStore = SqliteLeaseStore(tmp_path / "memory.sqlite", owner=owner)
        else:
            from rag_bot.memory.firestore_common import Client

            store = FirestoreLeaseStore(Client(project=project), prefix="t", timeout=20, owner=owner)
        made.append(store)
        return store

    project = request.getfixturevalue("firestore_project") if request.param == "firestore" else ""
    yield make
    for store in made:
        store.close()


def race(claimants: list[LeaseStore], key: str, ttl_s: float = TTL) -> list[Lease | Busy | None]:
    """Every store claims ``key`` at once (threads released together)."""
    return at_once([lambda store=store: store.claim(key, ttl_s) for store in claimants])


def test_a_held_key_is_refused_to_others_and_free_again_once_released(stores):
    a, b = stores("a"), stores("b")
    lease = a.claim("chat:tg:1", TTL)
    assert isinstance(lease, Lease) and lease.owner == "a"
    assert b.claim("chat:tg:1", TTL) is Busy.HELD
    assert a.claim("chat:tg:1", TTL) is Busy.HELD, "the same update twice on one instance would be answered twice"
    assert isinstance(b.claim("chat:tg:2", TTL), Lease), "another key is not free"
    a.release(lease)
    assert isinstance(b.claim("chat:tg:1", TTL), Lease)


def test_a_done_key_is_never_claimed_again_until_forgotten(stores):
    a, b = stores("a"), stores("b")
    lease = a.claim("update:tg:7", TTL)
    a.finish(lease, keep_s=TTL)
    assert b.claim("update:tg:7", TTL) is Busy.DONE
    assert a.claim("update:tg:7", TTL) is Busy.DONE
    assert not a.renew(lease, TTL), "a done lease was renewed back into progress"
    a.release(lease)
    assert b.claim("update:tg:7", TTL) is Busy.DONE, "releasing a done lease forgot it"
    forgotten = a.claim("update:tg:8", TTL)
    a.finish(forgotten, keep_s=0)
    assert isinstance(b.claim("update:tg:8", TTL), Lease), "a done key past its keep time is still refused"


def test_an_expired_lease_is_taken_over_and_its_old_owner_cannot_touch_the_new_one(stores):
    a, b, c = stores("a"), stores("b"), stores("c")
    old = a.claim("update:tg:9", ttl_s=0)  # expired at once: the owner crashed
    assert isinstance(old, Lease)
    new = b.claim("update:tg:9", TTL)
    assert isinstance(new, Lease) and new.owner == "b"
    assert not a.renew(old, TTL), "the old owner renewed the new owner's lease"
    a.release(old)
    assert c.claim("update:tg:9", TTL) is Busy.HELD, "the old owner's release removed the new owner's lease"
    assert b.renew(new, TTL)
    b.release(new)
    assert isinstance(c.claim("update:tg:9", TTL), Lease)


@pytest.mark.parametrize("expired", [False, True], ids=["absent", "expired"])
def test_of_many_claims_at_once_exactly_one_wins(stores, expired):
    claimants = [stores(f"owner{i}") for i in range(6)]
    if expired:
        assert isinstance(stores("crashed").claim("update:tg:11", ttl_s=0), Lease)
    results = race(claimants, "update:tg:11")
    winners = [r for r in results if isinstance(r, Lease)]
    assert len(winners) == 1 and results.count(Busy.HELD) == 5, results


def test_the_first_thread_of_a_chat_is_created_once(tmp_path, firestore_project):
    """Two first messages of a new chat on two instances: both get the thread the first one created."""
    from rag_bot.memory.firestore_common import Client

    for make in (lambda: SqliteSettingsStore(tmp_path / "memory.sqlite"),
                 lambda: FirestoreSettingsStore(Client(project=firestore_project), prefix="t")):
        stores = [make() for _ in range(4)]
        got = at_once([lambda store=store, i=i: store.ensure_active_thread("tg:55", f"tg:55-thread{i}")
                       for i, store in enumerate(stores)])
        assert len(set(got)) == 1 and got[0] and got[0].startswith("tg:55-thread"), got
        assert stores[0].get_active_thread("tg:55") == got[0]
        for store in stores:
            store.close()


def test_firestore_operations_of_one_turn(firestore_project):
    """What leases add to a turn on Firestore: claim and mark done the update (2 writes), claim and release the
    chat (2 writes), one write per renewal; a refused claim reads once more."""
    from rag_bot.memory.firestore_common import Client
    from tests.stand_ins.firestore_emulator import record_rpcs

    client = Client(project=firestore_project)
    store, other = FirestoreLeaseStore(client, prefix="t", owner="a"), stores_other(firestore_project)
    rpcs = record_rpcs(client)
    update = store.claim("update:tg:1", TTL)
    chat = store.claim("chat:tg:1", TTL)
    assert isinstance(update, Lease) and isinstance(chat, Lease)
    assert store.renew(chat, TTL)
    store.release(chat)
    store.finish(update, keep_s=TTL)
    assert [r.method for r in rpcs] == ["commit"] * 5
    rpcs.clear()
    held = other.claim("update:tg:2", TTL)
    assert isinstance(held, Lease) and store.claim("update:tg:2", TTL) is Busy.HELD
    assert [r.method for r in rpcs] == ["commit", "batch_get_documents"]


def stores_other(project: str) -> FirestoreLeaseStore:
    from rag_bot.memory.firestore_common import Client

    return FirestoreLeaseStore(Client(project=project), prefix="t", owner="b")
