"""Operators' view of the agent: one structured log line per answer, readable traces, LangSmith by its env vars."""

from __future__ import annotations

import http.server
import json
import logging
import os
import socket
import subprocess
import sys
import threading

import pytest
from langchain_core.tracers.run_collector import RunCollectorCallbackHandler

from rag_bot.agent.observability import ANSWER_LOGGER, thread_hash
from rag_bot.agent.service import AgentService
from tests.agent_support import InMemoryRetriever, make_settings
from tests.conftest import REPO

pytestmark = pytest.mark.heavy  # tens of seconds: the workers start on this file (tests/random_order.py)

NODES = {"router", "condense", "agent", "tools", "process_tool_output", "answer", "summarize"}


def answer_lines(caplog) -> list[tuple[int, dict]]:
    return [(r.levelno, json.loads(r.getMessage())) for r in caplog.records if r.name == ANSWER_LOGGER]


class FailingRetriever:
    def retrieve(self, *args, **kwargs):
        raise RuntimeError("index is gone: What is silence?")


def test_one_answered_question_logs_one_line_with_route_calls_latency_citations(caplog):
    caplog.set_level(logging.INFO, logger=ANSWER_LOGGER)
    service = AgentService(make_settings(), retriever=InMemoryRetriever())
    reply = service.ask("What is silence?", "tg:4242-thread")
    lines = answer_lines(caplog)
    assert len(lines) == 1
    level, line = lines[0]
    assert level == logging.INFO and line["event"] == "answer"
    assert line["route"] == "rag" and line["termination"] == "answered" == reply.termination
    assert line["model_calls"] == reply.model_calls == 3
    assert line["citations"] == len(reply.citations) >= 1 and line["documents"] >= 1
    assert line["latency_ms"] > 0 and line["mode"] == "extractive" and line["entry"] == "ask"
    assert line["thread"] == thread_hash("tg:4242-thread")
    raw = caplog.records[-1].getMessage()
    assert "tg:4242" not in raw and "silence" not in raw.lower()  # neither the chat id nor the question

    caplog.clear()
    service.ask("thank you!", "tg:4242-thread")
    (_, chat_line), = answer_lines(caplog)
    assert chat_line["route"] == "conversational" and chat_line["model_calls"] == 2
    assert chat_line["citations"] == 0 and chat_line["thread"] == line["thread"]


async def test_async_and_streamed_answers_log_one_line_each_and_questions_only_when_configured(caplog):
    caplog.set_level(logging.INFO, logger=ANSWER_LOGGER)
    service = AgentService(make_settings(log_questions=True), retriever=InMemoryRetriever())
    await service.aask("What is fear?", "t1")
    service.stream("What is the drama of life?", "t1", on_text=lambda _text: None)
    lines = [line for _, line in answer_lines(caplog)]
    assert [line["entry"] for line in lines] == ["aask", "stream"]
    assert [line["question"] for line in lines] == ["What is fear?", "What is the drama of life?"]


def test_a_failed_turn_logs_one_warning_with_the_error_class_and_still_raises(caplog):
    caplog.set_level(logging.INFO, logger=ANSWER_LOGGER)
    service = AgentService(make_settings(), retriever=FailingRetriever())
    with pytest.raises(RuntimeError):
        service.ask("What is silence?", "t")
    (level, line), = answer_lines(caplog)
    assert level == logging.WARNING and line["event"] == "answer_failed" and line["error"] == "RuntimeError"
    assert "silence" not in json.dumps(line).lower()  # the message (which quotes the question) is not logged


def test_trace_metadata_and_node_names_reach_callback_handlers():
    collector = RunCollectorCallbackHandler()
    service = AgentService(make_settings(), retriever=InMemoryRetriever(), callbacks=[collector])
    service.ask("What is silence?", "chat-7", language="en")
    (root,) = collector.traced_runs
    assert root.name == "rag_bot"
    assert {"rag-bot", "mode:extractive", "entry:ask"} <= set(root.tags)
    assert {"thread_id": "chat-7", "mode": "extractive", "entry": "ask", "user_language": "en"}.items() \
        <= root.metadata.items()
    children = {run.name: run for run in root.child_runs}
    assert NODES <= set(children)
    assert children["router"].outputs["route"] == "rag"
    routed = [run for run in children["router"].child_runs if run.name == "route_after_router"]
    assert routed and routed[0].outputs["output"] == "condense"
    # the metadata is inherited by every nested run (model calls, the tool), so any of them can be filtered on
    nested = [run for child in root.child_runs for run in child.child_runs]
    assert nested and all(run.metadata.get("thread_id") == "chat-7" for run in nested)


# --- LangSmith, switched on by its standard environment variables (a loopback stand-in as the endpoint) ---------
ASK = """
from tests.agent_support import InMemoryRetriever, make_settings
from rag_bot.agent.service import AgentService
reply = AgentService(make_settings(), retriever=InMemoryRetriever()).ask("What is silence?", "chat-99")
print("ANSWER", reply.termination, len(reply.citations))
"""


class LangSmithStandIn(http.server.ThreadingHTTPServer):
    """Accepts every LangSmith API call and keeps (path, body)."""

    def __init__(self) -> None:
        self.requests: list[tuple[str, bytes]] = []
        server = self

        class Handler(http.server.BaseHTTPRequestHandler):
            def _reply(self) -> None:
                length = int(self.headers.get("content-length") or 0)
                server.requests.append((self.path, self.rfile.read(length) if length else b""))
                self.send_response(200)
                self.send_header("content-type", "application/json")
                self.end_headers()
                self.wfile.write(b"{}")

            do_GET = do_POST = do_PATCH = _reply

            def log_message(self, *args) -> None:
                pass

        super().__init__(("127.0.0.1", 0), Handler)
        threading.Thread(target=self.serve_forever, daemon=True).start()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


def run_ask(endpoint: str, tracing: bool) -> subprocess.CompletedProcess:
    env = {k: v for k, v in os.environ.items() if not k.startswith(("LANGSMITH_", "LANGCHAIN_"))}
    env.update(PYTHONPATH=str(REPO), LANGSMITH_ENDPOINT=endpoint, LANGSMITH_API_KEY="test-key",
               LANGSMITH_PROJECT="rag-bot-test")
    if tracing:
        env["LANGSMITH_TRACING"] = "true"
    return subprocess.run([sys.executable, "-c", ASK], cwd=REPO, env=env, capture_output=True, text=True,
                          timeout=300)


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def test_langsmith_tracing_is_switched_by_its_env_vars_and_never_breaks_an_answer():
    stand_in = LangSmithStandIn()
    try:
        off = run_ask(stand_in.url, tracing=False)
        assert off.returncode == 0 and "ANSWER answered" in off.stdout, off.stderr[-2000:]
        assert stand_in.requests == []  # tracing off: nothing is sent (nor buffered for sending)

        on = run_ask(stand_in.url, tracing=True)
        assert on.returncode == 0 and "ANSWER answered" in on.stdout, on.stderr[-2000:]
        posted = b"".join(body for path, body in stand_in.requests if path.startswith("/runs"))
        assert b'"rag_bot"' in posted and b"chat-99" in posted and b"mode:extractive" in posted
        assert b"route_after_router" in posted  # node-level runs travel too
    finally:
        stand_in.shutdown()
        stand_in.server_close()

    unreachable = run_ask(f"http://127.0.0.1:{free_port()}", tracing=True)  # nothing listens there
    assert unreachable.returncode == 0 and "ANSWER answered 1" in unreachable.stdout, unreachable.stderr[-2000:]
