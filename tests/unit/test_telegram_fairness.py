"""The fair update processor, the per-user rate limit and the per-key locks, driven directly (no bot process).

Real python-telegram-bot ``Update`` objects; the "work" of an update is a coroutine that records when it ran.
"""

from __future__ import annotations

import asyncio

from telegram import Bot, Update

from rag_bot.frontends.keyed_locks import KeyedLocks
from rag_bot.frontends.telegram.fairness import QUEUE_FULL, RATE_LIMITED, FairUpdateProcessor, RateLimiter
from tests.stand_ins.telegram_api import FakeTelegram

BOT = Bot("123:TEST")
_FAKE = FakeTelegram()  # not started: only its message builder is used


def update(chat: int, user: int | None = None, text: str = "hi") -> Update:
    return Update.de_json({"update_id": _FAKE.next_message_id(),
                           "message": _FAKE.user_message(chat, user or chat, text)}, BOT)


async def run_all(processor: FairUpdateProcessor, updates: list[Update], log: list, step: float = 0.01) -> None:
    """Hand every update to the processor at once, the way PTB does (one task each, in arrival order)."""

    async def work(u: Update) -> None:
        log.append(("start", u.effective_chat.id, u.update_id))
        await asyncio.sleep(step)
        log.append(("end", u.effective_chat.id, u.update_id))

    await asyncio.gather(*(processor.process_update(u, work(u)) for u in updates))


async def test_a_chat_waits_for_its_turn_before_taking_a_slot():
    processor = FairUpdateProcessor(slots=2, max_pending_per_chat=0, user_per_minute=0)
    flood = [update(1) for _ in range(30)]
    other = update(2)
    log: list = []
    await run_all(processor, [*flood, other], log)
    ends = [entry for entry in log if entry[0] == "end"]
    position = ends.index(("end", 2, other.update_id))
    assert position <= 1, f"the other chat finished after {position} of the flood's updates"
    flood_order = [entry[2] for entry in ends if entry[1] == 1]
    assert flood_order == [u.update_id for u in flood]  # the flood itself stays in order
    starts = 0
    running = 0
    for kind, chat, _ in log:  # one chat never runs two updates at once
        if chat == 1:
            running += 1 if kind == "start" else -1
            assert running <= 1
            starts += kind == "start"
    assert starts == 30 and len(processor._turns) == 0  # every turn released


async def test_queue_cap_and_rate_limit_skip_with_one_notice_each():
    notices: list[tuple[int, str]] = []

    async def on_skip(u: Update, reason: str) -> None:
        notices.append((u.effective_chat.id, reason))

    processor = FairUpdateProcessor(slots=4, max_pending_per_chat=3, user_per_minute=8, on_skip=on_skip)
    log: list = []
    await run_all(processor, [update(7) for _ in range(20)], log)
    await asyncio.sleep(0)  # let the notice tasks run
    assert len([e for e in log if e[0] == "end"]) == 3
    assert sorted(notices) == [(7, QUEUE_FULL), (7, RATE_LIMITED)]
    assert processor.skipped == {QUEUE_FULL: 5, RATE_LIMITED: 12}
    # the queue has drained: a later burst may be told again (a new episode), the rate limit still holds
    await run_all(processor, [update(7)], log)
    await asyncio.sleep(0)
    assert notices.count((7, RATE_LIMITED)) == 1  # still limited: not told twice


def test_rate_limiter_refills_and_forgets_idle_users():
    now = [0.0]
    limiter = RateLimiter(per_minute=6, clock=lambda: now[0], prune_above=3)
    assert [limiter.allow("a") for _ in range(7)] == [True] * 6 + [False]
    now[0] += 10  # 6 a minute = one every 10 s
    assert limiter.allow("a") and not limiter.allow("a")
    for user in "bcd":
        limiter.allow(user)
    now[0] += 120  # everyone has refilled: the next call prunes the table
    limiter.allow("e")
    assert len(limiter) == 1
    assert RateLimiter(per_minute=0).allow("x")  # 0 = no limit


async def test_keyed_locks_are_fifo_and_forgotten_when_idle():
    locks = KeyedLocks()
    order: list[int] = []

    async def user(i: int) -> None:
        async with locks.hold("chat"):
            order.append(i)
            await asyncio.sleep(0)

    await asyncio.gather(*(user(i) for i in range(10)))
    assert order == list(range(10))
    assert len(locks) == 0 and locks.pending("chat") == 0
    for key in range(1000):  # many chats, each used once: nothing is kept
        async with locks.hold(key):
            pass
    assert len(locks) == 0
