"""The leases around one webhook turn (:mod:`rag_bot.frontends.telegram.claims`) on the SQLite lease store: an
update is done only after its work and released when the work is cancelled; a chat's turn waits for another
instance's; a held lease is renewed while the turn runs. (Both backends, across processes: tests/e2e/test_leases.py
and tests/e2e/test_two_instances.py.)"""

from __future__ import annotations

import asyncio

from rag_bot.frontends.telegram.claims import TurnClaims
from rag_bot.memory.leases import Busy, Lease, SqliteLeaseStore


async def until(condition, what: str, timeout: float = 30.0) -> None:
    """Yield to the loop until ``condition()`` holds (a bound for a stuck test, not a measured duration)."""
    loop = asyncio.get_running_loop()
    deadline = loop.time() + timeout
    while not condition():
        assert loop.time() < deadline, what
        await asyncio.sleep(0.01)


def test_an_update_is_done_after_its_work_and_released_when_the_work_is_cancelled(tmp_path):
    async def scenario() -> None:
        here = TurnClaims(SqliteLeaseStore(tmp_path / "m.sqlite", owner="here"), ttl_s=30)
        there = TurnClaims(SqliteLeaseStore(tmp_path / "m.sqlite", owner="there"), ttl_s=30)
        lease = await here.claim_update(1)
        assert isinstance(lease, Lease)
        async with here.holding_update(lease):
            assert await there.claim_update(1) is Busy.HELD
        assert await there.claim_update(1) is Busy.DONE

        lease = await here.claim_update(2)
        started = asyncio.Event()

        async def slow_turn() -> None:
            async with here.holding_update(lease):
                started.set()
                await asyncio.Event().wait()

        turn = asyncio.create_task(slow_turn())
        await started.wait()
        turn.cancel()
        await asyncio.wait({turn})
        assert isinstance(await there.claim_update(2), Lease), "a cancelled turn left its update claimed or done"
        assert (here.counts.finishes, here.counts.releases) == (1, 1)

    asyncio.run(scenario())


def test_a_chat_turn_waits_while_another_instance_holds_the_chat(tmp_path):
    async def scenario() -> None:
        here = TurnClaims(SqliteLeaseStore(tmp_path / "m.sqlite", owner="here"), ttl_s=30)
        there = TurnClaims(SqliteLeaseStore(tmp_path / "m.sqlite", owner="there"), ttl_s=30)
        order: list[str] = []
        release = asyncio.Event()

        async def turn(claims: TurnClaims, name: str, hold: asyncio.Event | None) -> None:
            async with claims.chat(("chat", 5)):
                order.append(f"{name} in")
                if hold is not None:
                    await hold.wait()
                order.append(f"{name} out")

        first = asyncio.create_task(turn(here, "here", release))
        await until(lambda: order == ["here in"], "the first turn never started")
        second = asyncio.create_task(turn(there, "there", None))
        await until(lambda: there.counts.waits >= 2, "the second turn did not wait for the chat")
        assert order == ["here in"]
        release.set()
        await asyncio.gather(first, second)
        assert order == ["here in", "here out", "there in", "there out"]

    asyncio.run(scenario())


def test_a_held_lease_is_renewed_while_its_turn_runs(tmp_path):
    """ttl 1 s, renewed every third of it: after three renewals (over a second) the lease is still held."""

    async def scenario() -> None:
        here = TurnClaims(SqliteLeaseStore(tmp_path / "m.sqlite", owner="here"), ttl_s=1.0)
        there = SqliteLeaseStore(tmp_path / "m.sqlite", owner="there")
        lease = await here.claim_update(3)
        assert isinstance(lease, Lease)
        async with here.holding_update(lease):
            await until(lambda: here.counts.renewals >= 3, "no renewals")
            assert there.claim("update:tg:3", 30) is Busy.HELD, "the lease expired while its turn ran"
        assert there.claim("update:tg:3", 30) is Busy.DONE

    asyncio.run(scenario())
