"""A conversation continues across processes: `rag-bot ask --thread` three times, the first and the last each in a
new process, the one between them through the same ``main()`` in this process (a third process would prove no more:
whatever the last process recalls of the two turns before it came through the store).

Runs on both memory backends with the real agent (extractive default), the real index and the real stores
(SQLite file; the Firestore emulator).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import uuid

import pytest

from ingest.pipeline import ingest_paths
from tests.cli_support import run_cli_here
from tests.conftest import REPO
from tests.filemakers import write_text

pytestmark = pytest.mark.heavy  # tens of seconds: the workers start on this file (tests/random_order.py)


@pytest.fixture(scope="module")
def small_index(tmp_path_factory):
    from rag_bot.config import Settings

    corpus = tmp_path_factory.mktemp("corpus")
    write_text(corpus / "silence.txt", "On Silence\n23 January 1969\n\nSilence is not the absence of sound. "
               "The bell-maker Keshav listened to the silence after the ringing.")
    write_text(corpus / "drama.txt", "The Drama of Life\n26 January 1969\n\nLife is a play in which we forget that "
               "we are actors. In Sitapur the villagers staged the Ramlila every autumn.")
    index_dir = tmp_path_factory.mktemp("index")
    assert ingest_paths([corpus], Settings(_env_file=None, index_dir=index_dir), progress=False).failed == []
    return index_dir


def ask(question: str, thread: str, env: dict, new_process: bool = True) -> dict:
    """``rag-bot ask QUESTION --thread THREAD --json`` in a new process, or (``new_process=False``) through
    ``main()`` in this process with the same environment."""
    args = ["ask", question, "--thread", thread, "--json"]
    if new_process:
        result = subprocess.run([sys.executable, "-m", "rag_bot", *args], capture_output=True, text=True, cwd=REPO,
                                env=env, timeout=300)
    else:
        result = run_cli_here(args, REPO, env={k: v for k, v in env.items() if k.startswith("RAG_BOT_") or
                                               k == "FIRESTORE_EMULATOR_HOST"})
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout.strip().splitlines()[-1])


def converse(env: dict) -> None:
    thread = f"user/{uuid.uuid4().hex[:6]}"  # a "/" in the id on purpose
    first = ask("What did the bell-maker listen to?", thread, env)
    assert first["route"] == "rag" and first["citations"]
    second = ask("What was staged in Sitapur?", thread, env, new_process=False)
    assert second["citations"][0]["source"] == "drama.txt"
    recall = ask("what did I ask before?", thread, env)  # a new process: both turns before came from the store
    assert recall["route"] == "conversational"
    assert "bell-maker" in recall["answer"] and "Sitapur" in recall["answer"]
    other = ask("what did I ask before?", thread + "-other", env, new_process=False)  # another thread shares nothing
    assert "bell-maker" not in other["answer"]


def base_env(index_dir) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAG_BOT_")}
    env.update({"RAG_BOT_INDEX_DIR": str(index_dir), "RAG_BOT_LLM_PROVIDER": "extractive"})
    return env


def test_sqlite_conversation_resumes_in_new_processes(small_index, tmp_path):
    converse({**base_env(small_index), "RAG_BOT_CHECKPOINTER": "sqlite",
              "RAG_BOT_SQLITE_PATH": str(tmp_path / "memory.sqlite")})


def test_firestore_conversation_resumes_in_new_processes(small_index, firestore_project):
    env = {**base_env(small_index), "RAG_BOT_CHECKPOINTER": "firestore",
           "RAG_BOT_FIRESTORE_PROJECT": firestore_project,
           "FIRESTORE_EMULATOR_HOST": os.environ["FIRESTORE_EMULATOR_HOST"]}
    converse(env)
