"""A setting out of range stops the installed ``rag-bot`` at start with one sentence and a non-zero exit: the
commands that read, ingest (which writes the index) and the bot (which writes its memory and uploads)."""

from __future__ import annotations

import pytest

from tests.cli_support import run_cli
from tests.conftest import REPO

CORPUS_FILE = REPO / "data" / "corpus" / "txt" / "death-1969-11-02.txt"


def one_sentence_exit(result, variable: str) -> str:
    assert result.returncode == 2, (result.returncode, result.stdout[-500:], result.stderr[-2000:])
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and lines[0].startswith("error: The setting " + variable), result.stderr[-2000:]
    assert "Traceback" not in result.stderr and result.stdout == ""
    return lines[0]


@pytest.mark.parametrize(("variable", "value", "allowed"), [
    ("RAG_BOT_TOP_K", "0", "a whole number from 1 to 100"),
    ("RAG_BOT_TOP_K", "inf", "a whole number from 1 to 100"),
    ("RAG_BOT_MIN_RELEVANCE", "nan", "a finite number from -1 to 1"),
    ("RAG_BOT_LLM_TIMEOUT_S", "inf", "a finite number above 0 and at most 3600"),
    ("RAG_BOT_DEFAULT_LANGUAGE", "xx", "one of en, hi"),
])
def test_a_setting_out_of_range_is_one_sentence_for_each_command(tmp_path, variable, value, allowed):
    for args in (["search", "silence"], ["ingest", str(CORPUS_FILE)]):
        line = one_sentence_exit(run_cli(args, tmp_path, env={variable: value}), variable)
        assert allowed in line, line
    assert not (tmp_path / ".rag-bot").exists()  # refused before anything was written


def test_ingest_into_a_pseudo_file_system_and_the_bot_with_its_memory_there_stop_with_one_sentence(tmp_path):
    line = one_sentence_exit(run_cli(["ingest", str(CORPUS_FILE)], tmp_path,
                                     env={"RAG_BOT_INDEX_DIR": "/proc/self/rag-index"}), "RAG_BOT_INDEX_DIR")
    assert "cannot write" in line
    bot = run_cli(["telegram"], tmp_path, env={"TELEGRAM_BOT_TOKEN": "123:TEST", "RAG_BOT_CHECKPOINTER": "sqlite",
                                               "RAG_BOT_SQLITE_PATH": "/proc/self/rag/memory.sqlite"}, timeout=120)
    assert "cannot write" in one_sentence_exit(bot, "RAG_BOT_SQLITE_PATH")
    bot = run_cli(["telegram"], tmp_path, env={"TELEGRAM_BOT_TOKEN": "123:TEST", "RAG_BOT_TELEGRAM_WEBHOOK_PORT": "0"},
                  timeout=120)
    assert "from 1 to 65535" in one_sentence_exit(bot, "RAG_BOT_TELEGRAM_WEBHOOK_PORT")
