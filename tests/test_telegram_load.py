"""Load: 50 simulated users each send 5 questions at once to the real bot process (correctness only).

Figures (total time, the bot's peak memory) are printed by ``benchmarks/bench_telegram_load.py``.
"""

from __future__ import annotations

import shutil

import pytest

from tests.stand_ins.telegram_api import BotProcess, FakeTelegram, html_problem, ingest_sample_corpus, run_load


@pytest.fixture(scope="module")
def sample_index(tmp_path_factory):
    index_dir = tmp_path_factory.getbasetemp() / "telegram_sample_index" / "index"
    index_dir.parent.mkdir(parents=True, exist_ok=True)
    ingest_sample_corpus(index_dir)
    return index_dir


@pytest.mark.timeout(1800)  # ~11 min on a busy 2-core machine: every answer runs the real extractive agent
def test_50_users_5_messages_each_answered_once_in_order(sample_index, tmp_path):
    shutil.copytree(sample_index, tmp_path / "index")
    with FakeTelegram() as fake:
        bot = BotProcess(fake, tmp_path, tmp_path / "index").start()
        try:
            result = run_load(fake, users=50, per_user=5, timeout=1500)
            assert not result.problems, "\n".join(result.problems[:20])
            assert result.answered == 250
            for chat, answers in result.answers.items():
                assert len(answers) == 5
                for sent in fake.sent_to(chat):
                    assert sent.chat_id == chat and len(sent.text) <= 4096 and html_problem(sent.text) is None
            assert bot.proc.poll() is None
        finally:
            bot.stop()
        assert "Traceback" not in bot.log(), bot.log()[-3000:]
