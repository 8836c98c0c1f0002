"""The fair update processor, the per-user rate limit and the per-key locks, driven directly (no bot process).

Real python-telegram-bot ``Update`` objects; the "work" of an update is a coroutine that records when it ran.
"""

from __future__ import annotations

import asyncio
import time

import pytest
from telegram import Bot, Update

from rag_bot.frontends.keyed_locks import KeyedLocks
from rag_bot.frontends.telegram.fairness import (
    MEMBER_FULL,
    QUEUE_FULL,
    RATE_LIMITED,
    FairUpdateProcessor,
    RateLimiter,
)
from rag_bot.frontends.telegram.texts import t
from rag_bot.frontends.telegram.turns import RoundRobinTurns
from rag_bot.languages import registry, split_sentences
from tests.stand_ins.telegram_api import FakeTelegram

BOT = Bot("123:TEST")
_FAKE = FakeTelegram()  # not started: only its message builder is used


def update(chat: int, user: int | None = None, text: str = "hi") -> Update:
    chat_type = "group" if chat < 0 else "private"
    return Update.de_json({"update_id": _FAKE.next_message_id(),
                           "message": _FAKE.user_message(chat, user or chat, text, chat_type=chat_type)}, BOT)


async def run_all(processor: FairUpdateProcessor, updates: list[Update], log: list, step: float = 0.01) -> None:
    """Hand every update to the processor at once, the way PTB does (one task each, in arrival order)."""

    async def work(u: Update) -> None:
        log.append(("start", u.effective_chat.id, u.update_id, u.effective_user.id))
        await asyncio.sleep(step)
        log.append(("end", u.effective_chat.id, u.update_id, u.effective_user.id))

    await asyncio.gather(*(processor.process_update(u, work(u)) for u in updates))


async def test_a_chat_waits_for_its_turn_before_taking_a_slot():
    processor = FairUpdateProcessor(slots=2, max_pending_per_chat=0, user_per_minute=0)
    flood = [update(1) for _ in range(30)]
    other = update(2)
    log: list = []
    await run_all(processor, [*flood, other], log)
    ends = [entry[:3] for entry in log if entry[0] == "end"]
    position = ends.index(("end", 2, other.update_id))
    assert position <= 1, f"the other chat finished after {position} of the flood's updates"
    flood_order = [entry[2] for entry in ends if entry[1] == 1]
    assert flood_order == [u.update_id for u in flood]  # the flood itself stays in order
    starts = 0
    running = 0
    for kind, chat, *_ in log:  # one chat never runs two updates at once
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
    assert processor.skipped == {QUEUE_FULL: 5, MEMBER_FULL: 0, RATE_LIMITED: 12}
    # the queue has drained: a later burst may be told again (a new episode), the rate limit still holds
    await run_all(processor, [update(7)], log)
    await asyncio.sleep(0)
    assert notices.count((7, RATE_LIMITED)) == 1  # still limited: not told twice


async def test_in_a_group_the_turn_goes_round_robin_and_each_member_has_a_cap():
    notices: list[tuple[int, str]] = []

    async def on_skip(u: Update, reason: str) -> None:
        notices.append((u.effective_user.id, reason))

    group = -100
    processor = FairUpdateProcessor(slots=4, max_pending_per_chat=12, max_pending_per_member=4, user_per_minute=0,
                                    on_skip=on_skip)
    flood = [update(group, 1) for _ in range(10)]  # member 1 sends 10 at once, then members 2 and 3 one each
    log: list = []
    await run_all(processor, [*flood, update(group, 2), update(group, 3)], log)
    await asyncio.sleep(0)
    served = [entry[3] for entry in log if entry[0] == "end"]
    assert served == [1, 2, 3, 1, 1, 1]  # the others come right after the running one; member 1 keeps 4 places
    assert notices == [(1, MEMBER_FULL)] and processor.skipped[MEMBER_FULL] == 6
    assert len(processor._turns) == 0
    # the chat's own cap still holds across members: 12 members, 3 each, cap 5 for the whole chat
    processor = FairUpdateProcessor(slots=4, max_pending_per_chat=5, max_pending_per_member=4, user_per_minute=0)
    log = []
    await run_all(processor, [update(group, m) for m in range(1, 13) for _ in range(3)], log)
    assert len([e for e in log if e[0] == "end"]) == 5 and processor.skipped[QUEUE_FULL] == 31


async def test_a_private_chat_is_fifo_with_only_the_chat_cap():
    processor = FairUpdateProcessor(slots=2, max_pending_per_chat=8, max_pending_per_member=2, user_per_minute=0)
    flood = [update(42) for _ in range(8)]
    log: list = []
    await run_all(processor, flood, log)
    assert [e[2] for e in log if e[0] == "end"] == [u.update_id for u in flood]  # member cap not applied


async def test_a_cancelled_waiter_neither_blocks_the_chat_nor_stays_behind():
    turns = RoundRobinTurns()
    order: list[str] = []
    first_in = asyncio.Event()
    release = asyncio.Event()

    async def holder() -> None:
        async with turns.hold("chat", "a"):
            first_in.set()
            await release.wait()
            order.append("a")

    async def waiter(member: str) -> None:
        async with turns.hold("chat", member):
            order.append(member)

    running = asyncio.create_task(holder())
    await first_in.wait()
    cancelled, kept = asyncio.create_task(waiter("b")), asyncio.create_task(waiter("c"))
    await asyncio.sleep(0)
    assert turns.pending("chat") == 3 and turns.pending_of("chat", "b") == 1
    cancelled.cancel()
    await asyncio.sleep(0)
    assert turns.pending("chat") == 2 and turns.pending_of("chat", "b") == 0
    release.set()
    await asyncio.gather(running, kept)
    assert order == ["a", "c"] and len(turns) == 0

    # cancelled just after the turn was handed to it: it hands the turn on instead of keeping the chat locked
    order.clear()
    first_in.clear()
    release.clear()
    running = asyncio.create_task(holder())
    await first_in.wait()
    handed, after = asyncio.create_task(waiter("b")), asyncio.create_task(waiter("c"))
    await asyncio.sleep(0)
    release.set()
    while not running.done():  # the holder leaves and hands the turn to "b", which has not run yet
        await asyncio.sleep(0)
    handed.cancel()
    await asyncio.wait_for(after, timeout=10)  # a chat stuck on a lost turn would never run "c"
    assert order == ["a", "c"] and len(turns) == 0


def test_each_skip_notice_is_one_sentence_with_its_limit_in_every_language():
    for language in registry().codes:
        for reason in (QUEUE_FULL, MEMBER_FULL, RATE_LIMITED):
            text = t(language, reason, count=17)
            assert len(split_sentences(text)) == 1 and "17" in text, (language, reason, text)


def test_rate_limiter_refills_and_forgets_idle_users():
    now = [0.0]
    limiter = RateLimiter(per_minute=6, clock=lambda: now[0])
    assert [limiter.allow("a") for _ in range(7)] == [True] * 6 + [False]
    now[0] += 10  # 6 a minute = one every 10 s
    assert limiter.allow("a") and not limiter.allow("a")
    for user in "bcd":
        limiter.allow(user)
    now[0] += 59  # "a" is still refilling: kept, so its burst is not handed back early
    limiter.allow("e")
    assert len(limiter) == 5
    now[0] += 61  # everyone has refilled: the next call forgets them
    limiter.allow("e")
    assert len(limiter) == 1
    assert RateLimiter(per_minute=0).allow("x")  # 0 = no limit


def test_rate_limiter_memory_is_bounded_by_max_users_even_within_one_minute():
    now = [0.0]
    limiter = RateLimiter(per_minute=2, clock=lambda: now[0], max_users=500)
    for user in range(20_000):
        now[0] += 0.001  # 20,000 users within 20 s: all of them still refilling
        limiter.allow(user)
        assert len(limiter) <= 500
    assert limiter.allow(19_999) and not limiter.allow(19_999)  # recent users keep their bucket


def _cpu_per_check(active_users: int, checks: int = 5000) -> float:
    """CPU seconds per ``allow`` with ``active_users`` users each seen within the last minute (best of three)."""
    best = float("inf")
    for _ in range(3):
        now = [0.0]
        limiter = RateLimiter(per_minute=30, clock=lambda now=now: now[0])
        for user in range(active_users):
            now[0] += 10.0 / active_users  # every user seen within the last 10 s
            limiter.allow(user)
        start = time.process_time()
        for i in range(checks):
            now[0] += 1e-5
            limiter.allow(i % active_users)
        best = min(best, (time.process_time() - start) / checks)
    return best


@pytest.mark.cpu_growth
def test_rate_limiter_cost_per_check_does_not_grow_with_active_users():
    small, large = _cpu_per_check(1000), _cpu_per_check(8000)  # 8x the users
    assert large / small <= 2.5, f"per-check CPU grew {large / small:.1f}x for 8x the users"


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
