"""Fair service across chats: per-chat order, a bounded share of capacity per chat, a per-user rate limit.

python-telegram-bot starts one task per update and, with a concurrent update processor, takes a global slot
(``BaseUpdateProcessor``'s semaphore) *before* calling ``do_process_update``. Ordering chats with a lock taken after
that slot let one chat's queued updates occupy every slot while they waited for their own chat: one chat flooding
700 updates made another chat wait 199 answer-times. :class:`FairUpdateProcessor` therefore sizes PTB's semaphore
to admit every update and applies its own order:

1. the user's rate limit (:class:`RateLimiter`), in a group the member's queue cap, and the chat's queue cap - an
   update over any of them is skipped;
2. the chat's turn (:class:`~rag_bot.frontends.telegram.turns.RoundRobinTurns`: FIFO per member, handed
   round-robin between a group's members, so one member's questions cannot crowd out the others');
3. with several instances (webhook mode), the chat's turn across instances (``chat_guard``, a lease:
   :mod:`~rag_bot.frontends.telegram.claims`);
4. only then a global slot (``slots`` updates at once across all chats).

A chat thus holds at most one slot, however much it has queued. Skipped updates are never processed; the chat is
told once per episode (``on_skip``), not once per skipped message.
"""

from __future__ import annotations

import asyncio
import logging
import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from contextlib import AbstractAsyncContextManager, nullcontext
from typing import Any

from telegram import Update
from telegram.ext import BaseUpdateProcessor

from rag_bot.frontends.telegram.turns import RoundRobinTurns

log = logging.getLogger(__name__)

QUEUE_FULL = "queue_full"
MEMBER_FULL = "member_full"
RATE_LIMITED = "rate_limited"
_MAX_TOLD = 100_000  # chats/users remembered as told, at most
_ADMIT_ALL = 2**30  # PTB's own semaphore: admits every update, the fair limits below apply instead

SkipNotice = Callable[[Update, str], Awaitable[None]]
ChatGuard = Callable[[Hashable], AbstractAsyncContextManager[Any]]


class RateLimiter:
    """A token bucket per user: ``per_minute`` updates at once, refilled at ``per_minute`` a minute.

    The buckets are kept in the order they were last used. A bucket untouched for a full refill (one minute) is
    full again, the same as no bucket, so each check first drops such buckets from the old end: every bucket is
    dropped at most once, a check costs O(1) amortised, and the table holds only users active within the last
    minute. ``max_users`` bounds it even then: past it the least recently used bucket is dropped (that user starts
    again from a full bucket).
    """

    def __init__(self, per_minute: int, clock: Callable[[], float] = time.monotonic,
                 max_users: int = 100_000) -> None:
        self.capacity = float(per_minute)
        self.rate = per_minute / 60.0
        self.refill_s = 60.0  # from empty to full
        self.clock = clock
        self.max_users = max(1, max_users)
        self._buckets: OrderedDict[Hashable, tuple[float, float]] = OrderedDict()  # user -> (tokens, at)

    def __len__(self) -> int:
        return len(self._buckets)

    def _expire(self, now: float) -> None:
        buckets = self._buckets
        while buckets:
            oldest = next(iter(buckets.values()))
            if now - oldest[1] < self.refill_s and len(buckets) <= self.max_users:
                return
            buckets.popitem(last=False)

    def allow(self, key: Hashable) -> bool:
        """Take one token for ``key``; False when it has none (``per_minute`` <= 0 means no limit)."""
        if self.capacity <= 0:
            return True
        now = self.clock()
        self._expire(now)
        tokens, at = self._buckets.pop(key, (self.capacity, now))
        tokens = min(self.capacity, tokens + max(0.0, now - at) * self.rate)
        allowed = tokens >= 1.0
        self._buckets[key] = (tokens - 1.0 if allowed else tokens, now)  # to the young end
        if len(self._buckets) > self.max_users:
            self._buckets.popitem(last=False)
        return allowed


def chat_of(update: object) -> Hashable | None:
    if isinstance(update, Update):
        if update.effective_chat is not None:
            return ("chat", update.effective_chat.id)
        if update.effective_user is not None:
            return ("user", update.effective_user.id)
    return None


def in_group(update: object) -> bool:
    """True for an update from a group or supergroup (several members share the chat)."""
    chat = update.effective_chat if isinstance(update, Update) else None
    return chat is not None and chat.type in ("group", "supergroup")


def user_of(update: object) -> Hashable | None:
    if isinstance(update, Update) and update.effective_user is not None:
        return update.effective_user.id
    return None


class FairUpdateProcessor(BaseUpdateProcessor):
    """Concurrent across chats, sequential within a chat, at most one global slot per chat (module docstring).

    Args:
        slots: updates processed at once across all chats.
        max_pending_per_chat: updates of one chat running or waiting; more are skipped (0 = no cap).
        max_pending_per_member: in a group, updates of one member running or waiting; more are skipped (0 = no
            cap). Private chats have one member: only the chat's cap applies there.
        user_per_minute: the per-user rate limit (0 = none).
        on_skip: ``await on_skip(update, reason)`` the first time a chat or user is refused in an episode
            (reason :data:`QUEUE_FULL`, :data:`MEMBER_FULL` or :data:`RATE_LIMITED`); run as a task, never inside a
            chat's turn.
        chat_guard: ``async with chat_guard(chat):`` around each turn of a chat, inside its turn in this process
            and before the global slot (the chat's lease across instances); None: this process only.
    """

    def __init__(self, slots: int = 32, max_pending_per_chat: int = 20, user_per_minute: int = 30,
                 on_skip: SkipNotice | None = None, max_pending_per_member: int = 5) -> None:
        super().__init__(_ADMIT_ALL)
        self.slots = slots
        self.max_pending_per_chat = max_pending_per_chat
        self.max_pending_per_member = max_pending_per_member
        self.rate = RateLimiter(user_per_minute)
        self.on_skip = on_skip
        self.chat_guard: ChatGuard | None = None
        self._slots = asyncio.Semaphore(slots)
        self._turns = RoundRobinTurns()
        self._told_full: set[Hashable] = set()  # chats told that their queue is full (until it drains)
        self._told_member: set[Hashable] = set()  # (chat, member) told that their queue is full (until it drains)
        self._told_rate: set[Hashable] = set()  # users told that they are rate limited (until allowed again)
        self.skipped = {QUEUE_FULL: 0, MEMBER_FULL: 0, RATE_LIMITED: 0}
        self._notices: set[asyncio.Task] = set()

    def _skip(self, update: object, coroutine: Awaitable[Any], reason: str, told: set[Hashable],
              key: Hashable) -> None:
        coroutine.close()  # type: ignore[attr-defined]  # never awaited: close it so Python does not warn
        self.skipped[reason] += 1
        if key in told or self.on_skip is None or not isinstance(update, Update):
            return
        if len(told) >= _MAX_TOLD:  # those told and never back: forgotten at once (at worst told again)
            told.clear()
        told.add(key)
        log.info("skipping updates of %s: %s", key, reason)
        task = asyncio.get_running_loop().create_task(self._notify(update, reason))
        self._notices.add(task)
        task.add_done_callback(self._notices.discard)

    async def _notify(self, update: Update, reason: str) -> None:
        try:
            await self.on_skip(update, reason)  # type: ignore[misc]
        except Exception:  # a notice is a courtesy: never let it break the processor
            log.warning("could not send the %s notice", reason, exc_info=True)

    async def do_process_update(self, update: object, coroutine: Awaitable[Any]) -> None:
        chat, user = chat_of(update), user_of(update)
        if user is not None:
            if not self.rate.allow(user):
                self._skip(update, coroutine, RATE_LIMITED, self._told_rate, user)
                return
            self._told_rate.discard(user)
        if chat is None:
            async with self._slots:
                await coroutine
            return
        member = user if in_group(update) else None  # None: the chat's one member
        if (member is not None and self.max_pending_per_member
                and self._turns.pending_of(chat, member) >= self.max_pending_per_member):
            self._skip(update, coroutine, MEMBER_FULL, self._told_member, (chat, member))
            return
        if self.max_pending_per_chat and self._turns.pending(chat) >= self.max_pending_per_chat:
            self._skip(update, coroutine, QUEUE_FULL, self._told_full, chat)
            return
        try:
            async with self._turns.hold(chat, member):  # the chat's turn (round-robin between members) first ...
                try:
                    async with self.chat_guard(chat) if self.chat_guard is not None else nullcontext():  # everywhere
                        async with self._slots:  # ... then a global slot: a waiting chat holds none
                            await coroutine
                except BaseException:
                    coroutine.close()  # type: ignore[attr-defined]  # not started when the guard failed or waited
                    raise
        finally:
            if not self._turns.pending(chat):
                self._told_full.discard(chat)
            if member is not None and not self._turns.pending_of(chat, member):
                self._told_member.discard((chat, member))

    async def initialize(self) -> None:
        return None

    async def shutdown(self) -> None:
        for task in list(self._notices):
            task.cancel()
