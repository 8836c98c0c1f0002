"""One turn at a time per chat, handed round-robin between the chat's members.

In a group every member's updates wait for the same chat; a FIFO queue lets the member who sent twenty questions
first hold everyone else back until all twenty are answered. Here each member of a chat has a FIFO queue of their
own, and when a turn ends the next one goes to the member after the one just served, so with members A (many
questions) and B (one) the order is A, B, A, A, ... In a private chat (one member) this is plain FIFO. A chat's
entry lives only while someone holds or waits for its turn, so memory follows the *active* chats.
"""

from __future__ import annotations

import asyncio
from collections import OrderedDict, deque
from collections.abc import AsyncIterator, Hashable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field


@dataclass
class _Chat:
    running: bool = False
    waiting: OrderedDict[Hashable, deque[asyncio.Future[None]]] = field(default_factory=OrderedDict)
    counts: dict[Hashable, int] = field(default_factory=dict)  # member -> updates holding or waiting
    total: int = 0


class RoundRobinTurns:
    """``async with turns.hold(chat, member):`` - one holder per chat; waiting members served in rotation."""

    def __init__(self) -> None:
        self._chats: dict[Hashable, _Chat] = {}

    def __len__(self) -> int:
        """Chats with a holder or a waiter (idle chats are forgotten)."""
        return len(self._chats)

    def pending(self, chat: Hashable) -> int:
        """Updates of ``chat`` holding or waiting for its turn."""
        entry = self._chats.get(chat)
        return entry.total if entry else 0

    def pending_of(self, chat: Hashable, member: Hashable) -> int:
        """Updates of ``member`` in ``chat`` holding or waiting."""
        entry = self._chats.get(chat)
        return entry.counts.get(member, 0) if entry else 0

    @asynccontextmanager
    async def hold(self, chat: Hashable, member: Hashable) -> AsyncIterator[None]:
        entry = self._chats.get(chat)
        if entry is None:
            entry = self._chats[chat] = _Chat()
        entry.total += 1
        entry.counts[member] = entry.counts.get(member, 0) + 1
        try:
            await self._wait_turn(entry, member)
            try:
                yield
            finally:
                self._pass_on(entry, member)
        finally:
            entry.total -= 1
            entry.counts[member] -= 1
            if not entry.counts[member]:
                del entry.counts[member]
            if not entry.total:
                del self._chats[chat]

    async def _wait_turn(self, entry: _Chat, member: Hashable) -> None:
        if not entry.running:
            entry.running = True
            return
        turn: asyncio.Future[None] = asyncio.get_running_loop().create_future()
        entry.waiting.setdefault(member, deque()).append(turn)
        try:
            await turn
        except asyncio.CancelledError:
            if turn.done() and not turn.cancelled():  # the turn was handed over just before: hand it on
                self._pass_on(entry, member)
            else:
                queue = entry.waiting.get(member)
                if queue is not None and turn in queue:
                    queue.remove(turn)
                    if not queue:
                        del entry.waiting[member]
            raise

    @staticmethod
    def _pass_on(entry: _Chat, served: Hashable) -> None:
        """The turn goes to the first waiting member other than ``served`` (who just had it), if any; a member
        served who still waits with more goes to the back of the rotation."""
        if served in entry.waiting and len(entry.waiting) > 1:
            entry.waiting.move_to_end(served)
        while entry.waiting:
            member, queue = next(iter(entry.waiting.items()))
            turn = queue.popleft()
            if queue:
                entry.waiting.move_to_end(member)
            else:
                del entry.waiting[member]
            if not turn.done():
                turn.set_result(None)
                return
        entry.running = False
