"""LangGraph's own dev server serves ``langgraph.json`` and its official client holds a conversation with the graph.

``langgraph dev`` (langgraph-cli[inmem], the ``server`` extra, part of ``dev``) runs on a free loopback port in a
temporary working directory (its ``.langgraph_api/`` state goes there), with tracing, the license/metadata loop
and the version check off, so nothing leaves the machine. The graph answers with the offline extractive models
over a real index of two sample talks.
"""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import time
import urllib.request
from pathlib import Path

import pytest

from ingest.pipeline import ingest_paths
from rag_bot.config import Settings
from tests.conftest import REPO
from tests.stand_ins.process_group import stop_group

CORPUS = REPO / "data" / "corpus"
FILES = [CORPUS / "txt" / "death-1969-11-02.txt", CORPUS / "html" / "fear-1969-03-09.html"]
FIRST = "What did he say about fear on 9 March 1969?"
FOLLOW_UP = "Tell me more about that."  # means nothing without the first turn


def langgraph_cli() -> str:
    found = shutil.which("langgraph", path=str(Path(sys.executable).parent)) or shutil.which("langgraph")
    assert found, "langgraph-cli is not installed: pip install -e '.[dev]' (or '.[server]')"
    return found


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def server_env(index_dir: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("LANGSMITH_", "LANGCHAIN_", "LANGGRAPH_", "RAG_BOT_")) and k != "GOOGLE_API_KEY"}
    env.update(
        RAG_BOT_INDEX_DIR=str(index_dir), RAG_BOT_LLM_PROVIDER="extractive", ANONYMIZED_TELEMETRY="False",
        LANGSMITH_TRACING="false",  # no trace upload (no LANGSMITH_API_KEY either: no license/metadata loop)
        LANGGRAPH_NO_VERSION_CHECK="true",  # no call to the package index at start-up
    )
    return env


def config_outside_repo(root: Path) -> Path:
    """The repository's langgraph.json with its relative paths made absolute: the dev server resolves them against
    its working directory, which must not be the repository (it writes its state there)."""
    config = json.loads((REPO / "langgraph.json").read_text(encoding="utf-8"))

    def absolute(path: str) -> str:
        return str(REPO / path) if path.startswith(".") else path

    config["dependencies"] = [absolute(d) for d in config.get("dependencies", [])]
    config["graphs"] = {name: absolute(spec) if isinstance(spec, str) else spec
                        for name, spec in config["graphs"].items()}
    target = root / "langgraph.json"
    target.write_text(json.dumps(config), encoding="utf-8")
    return target


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    """``langgraph dev`` serving the repository's langgraph.json; yields its URL."""
    root = tmp_path_factory.mktemp("langgraph")
    settings = Settings(_env_file=None, index_dir=root / "index")
    assert not ingest_paths(FILES, settings, progress=False).failed
    port = free_port()
    log = open(root / "server.log", "w+b")  # noqa: SIM115 - closed in the teardown below
    process = subprocess.Popen(
        [langgraph_cli(), "dev", "--no-browser", "--no-reload", "--host", "127.0.0.1", "--port", str(port),
         "--config", str(config_outside_repo(root))],
        cwd=root, env=server_env(settings.index_dir), stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
    url = f"http://127.0.0.1:{port}"
    try:
        deadline = time.monotonic() + 300
        while True:
            if process.poll() is not None:
                log.seek(0)
                pytest.fail(f"langgraph dev exited with {process.returncode}:\n{log.read().decode()[-4000:]}")
            try:
                with urllib.request.urlopen(f"{url}/ok", timeout=5) as response:
                    if response.status == 200:
                        break
            except OSError:
                pass
            if time.monotonic() > deadline:
                log.seek(0)
                pytest.fail(f"langgraph dev did not answer /ok in 300 s:\n{log.read().decode()[-4000:]}")
            time.sleep(1)
        yield url
    finally:
        stop_group(process, grace_s=30)
        log.close()
    assert (root / ".langgraph_api").is_dir()  # its state stayed in the working directory, not in the repository


def last_ai_text(values: dict) -> str:
    message = values["messages"][-1]
    assert message["type"] == "ai"
    content = message["content"]
    return content if isinstance(content, str) else "".join(part.get("text", "") for part in content)


async def test_sdk_client_holds_a_threaded_conversation_with_citations(server):
    from langgraph_sdk import get_client

    client = get_client(url=server)
    (assistant,) = await client.assistants.search(graph_id="rag_bot")
    thread = await client.threads.create()

    first = await client.runs.wait(thread["thread_id"], assistant["assistant_id"],
                                   input={"messages": [{"role": "human", "content": FIRST}]})
    assert first["termination"] == "answered" and first["route"] == "rag"
    assert {c["date"] for c in first["citations"]} == {"1969-03-09"}
    assert "[1]" in last_ai_text(first) and "fear" in last_ai_text(first).lower()

    # the follow-up is streamed on the same thread: the server's checkpointer gives the graph the first turn
    events, nodes, final = [], [], None
    async for part in client.runs.stream(thread["thread_id"], assistant["assistant_id"],
                                         input={"messages": [{"role": "human", "content": FOLLOW_UP}]},
                                         stream_mode=["updates", "values"]):
        events.append(part.event)
        if part.event == "updates":
            nodes += list(part.data)
        elif part.event == "values":
            final = part.data
    assert events.count("values") >= 2 and {"router", "condense", "agent", "tools", "answer"} <= set(nodes)
    assert final["termination"] == "answered"
    assert {c["date"] for c in final["citations"]} == {"1969-03-09"}  # resolved through the first turn

    state = await client.threads.get_state(thread["thread_id"])
    assert not state["next"]  # the turn is complete
    humans = [m["content"] for m in state["values"]["messages"] if m["type"] == "human"]
    assert humans == [FIRST, FOLLOW_UP]
    assert state["values"]["citations"] == final["citations"]
    assert last_ai_text(state["values"]) == last_ai_text(final)

    # a run's context overrides the knobs of AgentConfiguration (the graph's context_schema)
    other = await client.threads.create()
    hindi = await client.runs.wait(other["thread_id"], assistant["assistant_id"],
                                   input={"messages": [{"role": "human", "content": FIRST}]},
                                   context={"user_language": "hi", "answer_sentences": 1})
    assert hindi["language"] == "hi" and hindi["termination"] == "answered"
    assert last_ai_text(hindi).startswith("दस्तावेज़ों के अनुसार:")  # the Hindi intro of the extractive answer
    assert len([line for line in last_ai_text(hindi).splitlines() if line.startswith("- “")]) == 1


async def test_a_run_naming_a_model_the_settings_do_not_allow_fails_with_one_sentence(server):
    """Any client of the API may send a model name: one the settings do not list is refused before anything is
    built (a server that built and kept one model per name grew without bound)."""
    from langgraph_sdk import get_client

    client = get_client(url=server)
    (assistant,) = await client.assistants.search(graph_id="rag_bot")
    for i in range(3):
        result = await client.runs.wait(None, assistant["assistant_id"], raise_error=False,
                                        input={"messages": [{"role": "human", "content": FIRST}]},
                                        context={"answer_model": f"made-up-model-{i}"})
        text = json.dumps(result, ensure_ascii=False)
        assert "ModelNotAllowed" in text and f"made-up-model-{i}" in text and "RAG_BOT_RUN_MODELS" in text, text


def test_server_extra_leaves_firestore_installable():
    """langgraph-api pins grpcio / protobuf; installed with the project in one resolve, Firestore's gRPC stack
    still fits (``pip check``) and imports."""
    check = subprocess.run([sys.executable, "-m", "pip", "check"], capture_output=True, text=True)
    assert check.returncode == 0, check.stdout + check.stderr
    imports = subprocess.run([sys.executable, "-c", "import google.cloud.firestore, grpc_status, langgraph_api"],
                             capture_output=True, text=True)
    assert imports.returncode == 0, imports.stderr[-2000:]
