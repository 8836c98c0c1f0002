"""Across instances of the webhook bot: each update answered once, one turn of a chat at a time.

:class:`TurnClaims` puts the leases of :mod:`rag_bot.memory.leases` around the work of one update:

* :meth:`TurnClaims.claim_update` before anything else (a duplicate costs no rate limit, no queue place);
  :meth:`TurnClaims.holding_update` around its processing: the lease is renewed while the turn runs, marked done
  when the processing ended (the answer sent), released - not done - when the processing was cancelled (a stop
  after the grace), so Telegram's retry or another instance answers the update;
* :meth:`TurnClaims.chat` around the processing of one chat's update, inside the instance's own per-chat order
  (:mod:`~rag_bot.frontends.telegram.fairness`): it waits until the chat's lease is free on every instance, keeps it
  renewed for the whole turn (so everything the turn does to the chat's thread is serialised) and releases it.

A lease that cannot be renewed or released (the store unreachable) simply expires after ``ttl_s``.
"""

from __future__ import annotations

import asyncio
import logging
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager
from dataclasses import dataclass

from rag_bot.memory.errors import MemoryUnavailableError
from rag_bot.memory.leases import Busy, Lease, LeaseStore
from rag_bot.memory.settings_store import SEEN_UPDATES_TTL_S

log = logging.getLogger(__name__)

_FIRST_POLL_S = 0.05
_LAST_POLL_S = 1.0  # waiting for another instance's chat turn: polls back off to one a second


@dataclass
class ClaimCounts:
    """What the claims cost so far (store calls by kind), for logs and measurements."""

    claims: int = 0
    renewals: int = 0
    waits: int = 0  # chat-lease claims refused because another instance held the chat
    releases: int = 0
    finishes: int = 0


def chat_name(chat: Hashable) -> str:
    """``("chat", 5)`` (:func:`~rag_bot.frontends.telegram.fairness.chat_of`) as ``5``, ``("user", 5)`` as
    ``user:5``."""
    if isinstance(chat, tuple):
        return str(chat[1]) if chat[0] == "chat" else ":".join(map(str, chat))
    return str(chat)


class TurnClaims:
    """Update and chat leases of one process on one :class:`LeaseStore`."""

    def __init__(self, store: LeaseStore, ttl_s: float, keep_s: float = SEEN_UPDATES_TTL_S) -> None:
        self.store = store
        self.ttl_s = float(ttl_s)
        self.keep_s = float(keep_s)
        self.counts = ClaimCounts()

    async def claim_update(self, update_id: int) -> Lease | Busy:
        """The update's lease, or why not (:data:`Busy.DONE`: answered already; :data:`Busy.HELD`: in progress
        elsewhere). Raises :class:`MemoryUnavailableError` when the store cannot be reached."""
        self.counts.claims += 1
        return await self.store.aclaim(f"update:tg:{update_id}", self.ttl_s)

    @asynccontextmanager
    async def holding_update(self, lease: Lease) -> AsyncIterator[None]:
        """Renew ``lease`` while the body runs; then done, or released when the body was cancelled."""
        try:
            async with self._renewing(lease):
                yield
        except asyncio.CancelledError:
            self.counts.releases += 1
            await self._quietly(self.store.arelease(lease), "release", lease)
            raise
        except BaseException:
            await self._finish(lease)  # a failure would fail again: not delivered once more
            raise
        await self._finish(lease)

    @asynccontextmanager
    async def chat(self, chat: Hashable) -> AsyncIterator[None]:
        """Hold the chat's turn on every instance for the body (waiting while another instance holds it)."""
        key = f"chat:tg:{chat_name(chat)}"
        delay, told = _FIRST_POLL_S, False
        while True:
            self.counts.claims += 1
            got = await self.store.aclaim(key, self.ttl_s)
            if isinstance(got, Lease):
                break
            self.counts.waits += 1
            if not told:
                log.info("%s: another instance is answering this chat; waiting for its turn", key)
                told = True
            await asyncio.sleep(delay)
            delay = min(delay * 2, _LAST_POLL_S)
        try:
            async with self._renewing(got):
                yield
        finally:
            self.counts.releases += 1
            await self._quietly(self.store.arelease(got), "release", got)

    async def _finish(self, lease: Lease) -> None:
        self.counts.finishes += 1
        await self._quietly(self.store.afinish(lease, self.keep_s), "mark done", lease)

    @staticmethod
    async def _quietly(call, what: str, lease: Lease) -> None:
        try:
            await call
        except MemoryUnavailableError as exc:
            log.warning("could not %s the lease %s (%s); it expires on its own", what, lease.key, exc)

    @asynccontextmanager
    async def _renewing(self, lease: Lease) -> AsyncIterator[None]:
        """Renew ``lease`` every third of its ttl until the body ends; a renewal under way is awaited, never cut
        (its new version is what the release or the mark must name)."""
        stop = asyncio.Event()

        async def renew() -> None:
            while True:
                try:
                    await asyncio.wait_for(stop.wait(), self.ttl_s / 3)
                    return
                except TimeoutError:
                    pass
                try:
                    self.counts.renewals += 1
                    if not await self.store.arenew(lease, self.ttl_s):
                        log.warning("the lease %s expired and was taken over while its turn ran", lease.key)
                        return
                except MemoryUnavailableError as exc:
                    log.warning("could not renew the lease %s (%s); trying again", lease.key, exc)

        renewer = asyncio.get_running_loop().create_task(renew())
        try:
            yield
        finally:
            stop.set()
            await asyncio.wait({renewer})
