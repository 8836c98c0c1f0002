"""Every CLI failure is one sentence and a non-zero exit, through the installed ``rag-bot`` entry point.

Each failure case runs the real console script (found next to ``sys.executable``) in a fresh process, with the
Gemini stand-in (a real HTTP server in this process) where a model is involved (the few tests of what a command
prints or which settings it reads run it in this process), and checks: exit code 2, exactly one
``error:`` line on stderr (besides the ``mode:`` line agent commands print), no traceback, no secret.
"""

from __future__ import annotations

import os
import socket
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from tests.cli_support import run_cli, run_cli_here
from tests.stand_ins.gemini_api import GeminiStandIn, text_response

KEY = "sk-test-KEY-must-never-be-printed"
TALK = ("The River Festival\nDate: 2021-03-04\n\nOn the evening of the river festival the children floated five "
        "hundred paper lanterns on the water. The lanterns were made in the village school during February.\n")


def run(args: list[str], cwd: Path, env: dict[str, str] | None = None, stdin: str | None = None,
        timeout: float = 300) -> subprocess.CompletedProcess:
    return run_cli(args, cwd, env, stdin, timeout)


def assert_one_sentence(result: subprocess.CompletedProcess, *expected: str) -> str:
    """Exit 2, one ``error:`` line (plus at most the ``mode:`` line), no traceback; returns the error line."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    lines = [line for line in result.stderr.splitlines() if line.strip()]
    errors = [line for line in lines if line.startswith("error: ")]
    others = [line for line in lines if not line.startswith(("error: ", "mode: "))]
    assert len(errors) == 1 and not others, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    assert KEY not in result.stderr + result.stdout
    for text in expected:
        assert text in errors[0], errors[0]
    return errors[0]


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    """A folder with an ingested index (the extractive, offline default) and nothing else."""
    root = tmp_path_factory.mktemp("cli")
    (root / "docs").mkdir()
    (root / "docs" / "river-2021-03-04.txt").write_text(TALK, encoding="utf-8")
    (root / "docs" / "bell\x1b[31m-1969-02-02.txt").write_text(
        "The Bell\x1b]0;owned\x07\nDate: 1969-02-02\n\nThe bronze bell\u202e rang over the valley\x9b2J at dawn. "
        "Every morning the keeper\x08 pulled the rope seven times.\n", encoding="utf-8")
    result = run_cli_here(["ingest", "docs", "--index-dir", "idx"], root)  # the index only: no process needed
    assert result.returncode == 0, result.stderr
    return root


def gemini_env(stand_in: GeminiStandIn | None, url: str | None = None, **extra: str) -> dict[str, str]:
    env = {"GOOGLE_API_KEY": KEY, "RAG_BOT_GEMINI_BASE_URL": url or stand_in.base_url,
           "RAG_BOT_LLM_MAX_RETRIES": "0", "RAG_BOT_INDEX_DIR": "idx"}
    env.update(extra)
    return env


# --- configuration and imports -------------------------------------------------------------------------------
def test_empty_key_counts_as_unset_in_the_environment_and_in_dotenv(workdir, tmp_path):
    """Settings, not the process: the command runs in this process (its settings read afresh from the
    environment given and the working directory's .env)."""
    result = run_cli_here(["ask", "What did the children float?", "--index-dir", "idx"], workdir,
                          {"GOOGLE_API_KEY": ""})
    assert result.returncode == 0, result.stderr
    assert "mode: offline extractive" in result.stderr and "paper lanterns" in result.stdout

    (tmp_path / ".env").write_text(f"GOOGLE_API_KEY=\nRAG_BOT_INDEX_DIR={workdir / 'idx'}\n", encoding="utf-8")
    result = run_cli_here(["ask", "What did the children float?"], tmp_path)
    assert result.returncode == 0, result.stderr
    assert "mode: offline extractive" in result.stderr and "Traceback" not in result.stderr


def test_importing_every_module_builds_no_graph_and_reads_no_setting(tmp_path):
    """With a Gemini provider and no key any graph or model built at import would fail; none is, and the
    process-wide settings were never read."""
    script = (
        "import importlib, pkgutil, rag_bot, ingest\n"
        "names = [m.name for p in (rag_bot, ingest) for m in pkgutil.walk_packages(p.__path__, p.__name__ + '.')]\n"
        "names = [n for n in names if not n.endswith('__main__')]\n"
        "for name in names: importlib.import_module(name)\n"
        "from rag_bot.config import get_settings\n"
        "assert get_settings.cache_info().currsize == 0, 'settings were read at import'\n"
        "import rag_bot.agent.graph as g\n"
        "assert not hasattr(g, 'graph') and callable(g.make_graph)\n"
        "print(len(names))\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "GOOGLE_API_KEY"}
    env.update({"RAG_BOT_LLM_PROVIDER": "gemini", "RAG_BOT_INDEX_DIR": str(tmp_path / "idx")})
    result = subprocess.run([sys.executable, "-c", script], cwd=tmp_path, env=env, capture_output=True, text=True,
                            timeout=300)
    assert result.returncode == 0, result.stderr
    assert int(result.stdout.strip()) > 40  # really imported the whole package
    assert not (tmp_path / "idx").exists()


def test_gemini_provider_without_a_key_is_one_sentence(workdir):
    result = run(["ask", "What did the children float?", "--index-dir", "idx"], workdir,
                 {"RAG_BOT_LLM_PROVIDER": "gemini", "GOOGLE_API_KEY": " "})
    assert_one_sentence(result, "needs GOOGLE_API_KEY")


# --- read commands never create an index ---------------------------------------------------------------------
@pytest.mark.parametrize("args", [
    ["search", "lanterns", "--index-dir", "nope/idx"],
    ["ask", "What did the children float?", "--index-dir", "nope/idx"],
    ["chat", "--index-dir", "nope/idx"],
    ["eval", "answers", "--no-ingest", "--index-dir", "nope/idx", "--questions", "q.jsonl", "--corpus", "docs"],
], ids=["search", "ask", "chat", "eval-answers"])
def test_read_commands_say_there_is_no_index_and_create_none(workdir, args):
    (workdir / "q.jsonl").write_text('{"id": "q", "question": "x?", "relevant": []}\n', encoding="utf-8")
    result = run(args, workdir, stdin="What?\n/quit\n")
    assert_one_sentence(result, "There is no index in nope/idx", "rag-bot ingest PATH")
    assert not (workdir / "nope").exists()


# --- questions over the limit --------------------------------------------------------------------------------
@pytest.mark.parametrize("command", ["ask", "search"])
def test_a_100k_character_question_is_refused_before_any_work(workdir, command):
    memory = workdir / f"memory-{command}.sqlite"
    result = run([command, "why? " * 20_000, "--index-dir", "idx"], workdir,
                 {"RAG_BOT_CHECKPOINTER": "sqlite", "RAG_BOT_SQLITE_PATH": str(memory)})
    assert_one_sentence(result, "100000 characters long and the limit is 4000", "RAG_BOT_MAX_QUESTION_CHARS")
    assert not memory.exists()  # refused before the conversation store (or a model, or the index) was opened


def test_chat_refuses_a_long_question_and_goes_on(workdir):
    result = run(["chat", "--index-dir", "idx"], workdir, {"RAG_BOT_MAX_QUESTION_CHARS": "100"},
                 stdin=f"{'x' * 150}\nWhat did the children float?\n/quit\n")
    assert result.returncode == 0, result.stderr
    assert "150 characters long and the limit is 100" in result.stderr and "Traceback" not in result.stderr
    assert "paper lanterns" in result.stdout


# --- a locked conversation store -----------------------------------------------------------------------------
def test_a_locked_sqlite_store_is_one_sentence(workdir, tmp_path):
    path = tmp_path / "memory.sqlite"
    path.touch(mode=0o600)  # as another rag-bot process creates it (a world-readable file is fixed with a notice)
    holder = sqlite3.connect(path, isolation_level=None)
    holder.execute("CREATE TABLE held (x)")
    holder.execute("BEGIN EXCLUSIVE")  # another process writing, for longer than any wait
    try:
        result = run(["ask", "What did the children float?", "--index-dir", "idx"], workdir,
                     {"RAG_BOT_CHECKPOINTER": "sqlite", "RAG_BOT_SQLITE_PATH": str(path),
                      "RAG_BOT_SQLITE_BUSY_TIMEOUT_S": "1"})
    finally:
        holder.execute("ROLLBACK")
        holder.close()
    assert_one_sentence(result, "locked")


# --- Gemini failures after retries ---------------------------------------------------------------------------
def test_gemini_rejected_key_is_one_sentence_without_the_key(workdir):
    with GeminiStandIn(api_key="the-right-key") as gemini:
        result = run(["ask", "What did the children float?"], workdir, gemini_env(gemini))
        line = assert_one_sentence(result, "Gemini rejected the API key (400", "GOOGLE_API_KEY")
        assert len(gemini.generate_requests) == 1  # a refused key is not retried
    assert "mode: Gemini" in result.stderr and line


def test_gemini_403_is_one_sentence(workdir):
    with GeminiStandIn(api_key=KEY) as gemini:
        gemini.fail_next(5, 403)
        result = run(["ask", "What did the children float?"], workdir, gemini_env(gemini))
        assert_one_sentence(result, "Gemini rejected the API key (403 PERMISSION_DENIED)")


def test_gemini_quota_is_one_sentence_after_the_retries(workdir):
    with GeminiStandIn(api_key=KEY) as gemini:
        gemini.fail_next(50, 429)
        result = run(["ask", "What did the children float?"], workdir,
                     gemini_env(gemini, RAG_BOT_LLM_MAX_RETRIES="1"))
        assert_one_sentence(result, "quota", "429 RESOURCE_EXHAUSTED", "2 attempts")
        assert len(gemini.generate_requests) == 2  # the first attempt and the one retry, then the sentence


def test_gemini_timeout_is_one_sentence(workdir):
    with GeminiStandIn(api_key=KEY) as gemini:
        gemini.delay_next(30.0, n=5)
        result = run(["ask", "What did the children float?"], workdir,
                     gemini_env(gemini, RAG_BOT_LLM_TIMEOUT_S="0.5"))
        assert_one_sentence(result, "did not answer within 0.5 s", "RAG_BOT_LLM_TIMEOUT_S")
        assert len(gemini.generate_requests) == 1


def test_gemini_connection_refused_is_one_sentence(workdir):
    with socket.socket() as sock:  # a port nothing listens on
        sock.bind(("127.0.0.1", 0))
        url = f"http://127.0.0.1:{sock.getsockname()[1]}"
    result = run(["ask", "What did the children float?"], workdir, gemini_env(None, url=url))
    assert_one_sentence(result, f"Cannot reach {url}", "RAG_BOT_GEMINI_BASE_URL")


# --- nothing printed carries control characters ---------------------------------------------------------------
CONTROLS = ("\x1b", "\x07", "\x9b", "\u202e", "\x08", "\x00")


def test_model_output_with_terminal_escapes_is_printed_clean(workdir):
    """A conversational reply (streamed tokens) and a cited answer (kept sentences and sources) from the model."""
    def responder(request):
        system = request.system_text
        if system.startswith("You classify ONE user message"):
            return text_response("conversational" if "hello" in request.last_user_text.lower() else "rag")
        if system.startswith("You are the friendly front"):
            return [text_response("Hello\x1b]52;c;ZXZpbA==\x07 there"), text_response("\x1b[2J\u202e friend!")]
        return None

    with GeminiStandIn(api_key=KEY, responder=responder) as gemini:
        result = run(["ask", "Hello!"], workdir, gemini_env(gemini))
    assert result.returncode == 0, result.stderr
    assert "Hello" in result.stdout and "friend!" in result.stdout
    assert not any(c in result.stdout + result.stderr for c in CONTROLS), repr(result.stdout)


@pytest.mark.parametrize("json_output", [False, True], ids=["text", "json"])
def test_search_and_ask_print_a_document_with_terminal_escapes_clean(workdir, json_output):
    """What the commands print, not the process: they run in this process, their stdout captured."""
    flags = ["--json"] if json_output else []
    result = run_cli_here(["search", "bronze bell keeper rope", "--index-dir", "idx", *flags], workdir)
    assert result.returncode == 0, result.stderr
    assert "bronze bell" in result.stdout and "bell" in result.stdout
    assert not any(c in result.stdout for c in CONTROLS), repr(result.stdout)
    result = run_cli_here(["ask", "How many times did the keeper pull the rope?", "--index-dir", "idx", *flags],
                          workdir)
    assert result.returncode == 0, result.stderr
    assert "seven times" in result.stdout
    assert not any(c in result.stdout for c in CONTROLS), repr(result.stdout)
