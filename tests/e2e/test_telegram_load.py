"""Load: simulated users each send several questions at once to the real bot process (more chats than the bot's
concurrent slots, so chats wait for a slot and interleave), and one chat floods while another asks (correctness and
order only).

One bot process serves the module (its start is most of a small scenario's cost): SLOTS concurrent slots, no
per-chat cap and no per-user rate (so the order itself is under test; the caps are tested in tests/e2e/security),
and at most MAX_PER_MEMBER waiting updates per member of a group. Each test talks in its own chats.

Figures at full scale (50 users x 5 questions: total time, the bot's peak memory, the other chat's wait in
answer-times) are printed by ``benchmarks/bench_telegram_load.py``.
"""

from __future__ import annotations

import pytest

from tests.stand_ins.telegram_api import BOT_USER, FakeTelegram, bot_on_copy, run_flood, run_load

pytestmark = pytest.mark.heavy  # tens of seconds: the workers start on this file (tests/random_order.py)

SLOTS = 4  # fewer global slots than chats (load) and than queued updates (flood)
MAX_PER_MEMBER = 2
USERS, PER_USER = 8, 3  # 24 questions; 8 chats for 4 slots: half the chats wait for a slot
FLOOD = 12  # with the slot taken before the chat's turn, the flood held all SLOTS and the other chat waited for all


@pytest.fixture(scope="module")
def fake():
    with FakeTelegram() as server:
        yield server


@pytest.fixture(scope="module")
def bot(fake, sample_index, tmp_path_factory):
    with bot_on_copy(fake, tmp_path_factory.mktemp("telegram_load"), sample_index,
                     RAG_BOT_TELEGRAM_CONCURRENT_UPDATES=str(SLOTS), RAG_BOT_TELEGRAM_MAX_PENDING_PER_CHAT="0",
                     RAG_BOT_TELEGRAM_USER_MESSAGES_PER_MINUTE="0",
                     RAG_BOT_TELEGRAM_MAX_PENDING_PER_MEMBER=str(MAX_PER_MEMBER)) as process:
        yield process
        assert process.proc.poll() is None  # the bot survived the whole module
    assert "Traceback" not in process.log(), process.log()[-3000:]


def test_many_users_several_messages_each_answered_once_in_order(fake, bot):
    """USERS chats each queue PER_USER questions at once (chats interleaved) to a bot with fewer concurrent
    slots than chats: every question is answered exactly once, in its chat's order, in its own chat, in valid
    HTML, and the bot survives."""
    result = run_load(fake, users=USERS, per_user=PER_USER, timeout=900)
    assert not result.problems, "\n".join(result.problems[:20])
    assert result.answered == USERS * PER_USER
    assert fake.rejected == [], fake.rejected[:3]  # nothing the bot sent was refused
    for chat, answers in result.answers.items():
        assert len(answers) == PER_USER
        assert all(sent.parse_mode == "HTML" for sent in fake.sent_to(chat))  # so the HTML check applied
    assert bot.proc.poll() is None
    assert "Traceback" not in bot.log(), bot.log()[-3000:]


def test_a_flooding_chat_does_not_hold_the_other_chats_back(fake, bot):
    """One chat queues FLOOD questions, then another chat asks: the other chat is answered before the flood is
    drained - after at most a couple of the flood's answers (the one running, perhaps the next), not after all
    of them. Caps are off here, so this is the order itself; the caps are tested in tests/e2e/security."""
    result = run_flood(fake, flood=FLOOD, probes=1)
    assert result.flood_answers_before_other <= 2, result
    flood_chat_answers = fake.wait_sent(900_001, FLOOD, timeout=900)  # the flood is still served, in order
    replied = [s.reply_to_message_id for s in flood_chat_answers]
    assert replied == sorted(replied) and len(set(replied)) == FLOOD
    assert result.notices == []  # no cap, no notice


def test_in_a_group_one_members_flood_neither_crowds_out_the_others_nor_takes_the_whole_queue(fake, bot):
    """Member 1 of a group sends six questions at once, then member 2 asks one: member 1 holds at most
    MAX_PER_MEMBER (2) places and hears one notice, as a reply to the first message skipped; member 2 is answered
    right after the question that was running, before member 1's second one."""
    group, mention = -4242, "@" + BOT_USER["username"]
    question = "What was said about silence on 1969-01-23?"
    flood = fake.push_updates([{"message": fake.user_message(group, 1, f"{mention} {question} ({i})",
                                                             chat_type="group")} for i in range(6)])
    [other] = fake.push_updates([{"message": fake.user_message(group, 2, f"{mention} {question}",
                                                               chat_type="group")}])
    asked = [u["message"]["message_id"] for u in flood]
    sent = fake.wait_sent(group, 4, timeout=600)  # three answers and one notice
    notices = [s for s in sent if "waiting for an answer" in s.text]
    answers = [s.reply_to_message_id for s in sent if s not in notices]
    assert answers == [asked[0], other["message"]["message_id"], asked[1]], [s.text[:60] for s in sent]
    assert len(notices) == 1 and notices[0].reply_to_message_id == asked[2]
    assert "in this group" in notices[0].text
    assert "Traceback" not in bot.log(), bot.log()[-3000:]
