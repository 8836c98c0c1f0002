"""Conversations survive process restarts (sqlite file, Firestore emulator) and Firestore outages."""

from __future__ import annotations

import asyncio
import json
import os
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest
from google.api_core import exceptions as gexc
from google.cloud import firestore
from langchain_core.messages import AIMessage, HumanMessage
from langgraph.graph import END, START, MessagesState, StateGraph

from rag_bot.memory.errors import MemoryUnavailableError
from rag_bot.memory.factory import make_checkpointer, open_async_checkpointer
from rag_bot.memory.firestore_common import AsyncClient, Client
from rag_bot.memory.firestore_saver import FirestoreSaver
from tests.conftest import REPO

pytestmark = pytest.mark.heavy  # tens of seconds: the workers start on this file (tests/random_order.py)

TURN = r"""
import asyncio, json, sys
from langchain_core.messages import HumanMessage
from rag_bot.config import Settings
from rag_bot.memory.factory import make_checkpointer, open_async_checkpointer
from tests.e2e.test_memory_resume import build_graph

mode, thread_id, text = sys.argv[1:4]
settings = Settings(_env_file=None)
config = {"configurable": {"thread_id": thread_id}}
if mode == "sync":
    out = build_graph(make_checkpointer(settings)).invoke({"messages": [HumanMessage(text)]}, config)
else:
    async def main():
        async with open_async_checkpointer(settings) as saver:
            return await build_graph(saver).ainvoke({"messages": [HumanMessage(text)]}, config)
    out = asyncio.run(main())
print(json.dumps([[m.type, m.content] for m in out["messages"]]))
"""


def build_graph(checkpointer):
    def reply(state: MessagesState) -> dict:
        humans = [m for m in state["messages"] if m.type == "human"]
        return {"messages": [AIMessage(f"turn {len(humans)}: you said {humans[-1].content}")]}

    builder = StateGraph(MessagesState)
    builder.add_node("reply", reply)
    builder.add_edge(START, "reply")
    builder.add_edge("reply", END)
    return builder.compile(checkpointer=checkpointer)


def run_turn(env: dict[str, str], cwd: Path, mode: str, thread_id: str, text: str) -> list[list[str]]:
    full_env = {**os.environ, **env, "PYTHONPATH": str(REPO)}
    proc = subprocess.run(
        [sys.executable, "-c", TURN, mode, thread_id, text],
        env=full_env,
        cwd=cwd,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr[-3000:]
    return json.loads(proc.stdout.strip().splitlines()[-1])


OUTAGE_S = 6.0  # calls to a stopped emulator for this long (plus its restart): the default back-off then outgrows a
# call's deadline (the test fails without CHANNEL_OPTIONS' cap), ours reaches its 1 s cap in the first 2 s

EXPECTED = [
    ["human", "hello"],
    ["ai", "turn 1: you said hello"],
    ["human", "and again"],
    ["ai", "turn 2: you said and again"],
]


@pytest.mark.parametrize("second_mode", ["sync", "async"])
def test_sqlite_conversation_resumes_in_new_process(tmp_path: Path, second_mode: str) -> None:
    env = {"RAG_BOT_CHECKPOINTER": "sqlite", "RAG_BOT_SQLITE_PATH": str(tmp_path / "deep" / "memory.sqlite")}
    thread = "tg:42/chat"
    assert run_turn(env, tmp_path, "sync", thread, "hello") == EXPECTED[:2]
    assert run_turn(env, tmp_path, second_mode, thread, "and again") == EXPECTED
    assert (tmp_path / "deep" / "memory.sqlite").is_file()


@pytest.mark.parametrize("first_mode,second_mode", [("sync", "async"), ("async", "sync")])
def test_firestore_conversation_resumes_in_new_process(
    tmp_path: Path, firestore_emulator, firestore_project: str, first_mode: str, second_mode: str
) -> None:
    env = {
        "RAG_BOT_CHECKPOINTER": "firestore",
        "RAG_BOT_FIRESTORE_PROJECT": firestore_project,
        "RAG_BOT_FIRESTORE_PREFIX": "resume",
        "FIRESTORE_EMULATOR_HOST": firestore_emulator.host,
    }
    thread = "tg:-100/7"
    assert run_turn(env, tmp_path, first_mode, thread, "hello") == EXPECTED[:2]
    assert run_turn(env, tmp_path, second_mode, thread, "and again") == EXPECTED
    # history is walkable through parent_config from this process too
    saver = FirestoreSaver(firestore.Client(project=firestore_project), prefix="resume")
    history = list(build_graph(saver).get_state_history({"configurable": {"thread_id": thread}}))
    assert len(history) >= 4
    assert [len(s.values.get("messages", [])) for s in history][:1] == [4]


def test_memory_checkpointer_and_factory_variants(make_settings) -> None:
    graph = build_graph(make_checkpointer(make_settings(checkpointer="memory")))
    cfg = {"configurable": {"thread_id": "m"}}
    graph.invoke({"messages": [HumanMessage("hello")]}, cfg)
    out = graph.invoke({"messages": [HumanMessage("and again")]}, cfg)
    assert [[m.type, m.content] for m in out["messages"]] == EXPECTED


def test_outage_raises_typed_error_and_the_first_call_after_it_succeeds(
    firestore_emulator, firestore_project: str, tmp_path: Path
) -> None:
    """During an outage every call fails with the typed error; the first call after the store is back succeeds.

    The outage is kept going for a while with calls failing, the way a busy bot would: with gRPC's default
    reconnect back-off the channel then waited ~10 s before its next connection attempt and the first calls after
    the restart failed within their 3 s deadline (the flaky failure of issue 12).
    """
    saver = FirestoreSaver(Client(project=firestore_project), AsyncClient(project=firestore_project),
                           prefix="outage", timeout=3.0)
    graph = build_graph(saver)
    cfg = {"configurable": {"thread_id": "chat/1"}}
    graph.invoke({"messages": [HumanMessage("hello")]}, cfg)
    stored_before = [t.config for t in saver.list(cfg)]
    loop = asyncio.new_event_loop()  # the async client's channel belongs to one event loop
    assert loop.run_until_complete(saver.aget_tuple(cfg)).config == stored_before[0]

    # the emulator keeps data in memory: export it (the stand-in for durable storage), then kill it
    export = firestore_emulator.export(firestore_project, tmp_path / "export")
    firestore_emulator.stop()
    try:
        with pytest.raises(MemoryUnavailableError) as info:
            graph.invoke({"messages": [HumanMessage("and again")]}, cfg)
        assert "cannot be reached" in str(info.value) and info.value.backend == "firestore"
        failed_calls = 0
        outage_ends = time.monotonic() + OUTAGE_S
        while time.monotonic() < outage_ends:
            with pytest.raises(MemoryUnavailableError):
                saver.get_tuple(cfg)
            with pytest.raises(MemoryUnavailableError):
                loop.run_until_complete(saver.aget_tuple(cfg))
            failed_calls += 2
        assert failed_calls >= 2
    finally:
        firestore_emulator.start(seed_from=export)

    # same saver, same clients: the very first calls (sync and async) succeed and see the intact chain
    assert [t.config for t in saver.list(cfg)] == stored_before
    assert loop.run_until_complete(saver.aget_tuple(cfg)).config == stored_before[0]
    out = graph.invoke({"messages": [HumanMessage("and again")]}, cfg)
    assert [[m.type, m.content] for m in out["messages"]] == EXPECTED
    configs = [t.config for t in saver.list(cfg)]
    assert configs[len(configs) - len(stored_before) :] == stored_before
    loop.close()


def test_failed_put_mid_turn_does_not_corrupt_the_chain(firestore_project: str) -> None:
    saver = FirestoreSaver(firestore.Client(project=firestore_project), prefix="flaky", timeout=15.0)
    graph = build_graph(saver)
    cfg = {"configurable": {"thread_id": "chat/2"}}
    graph.invoke({"messages": [HumanMessage("hello")]}, cfg)
    good = saver.get_tuple(cfg)

    real_commit = saver._commit
    calls = {"n": 0}

    def flaky_commit(ops):
        calls["n"] += 1
        if calls["n"] == 2:  # the input checkpoint lands, the node's result does not
            raise gexc.ServiceUnavailable("connection reset")
        return real_commit(ops)

    saver._commit = flaky_commit
    with pytest.raises(MemoryUnavailableError):
        graph.invoke({"messages": [HumanMessage("lost")]}, cfg)
    saver._commit = real_commit

    # the chain still ends in well-formed checkpoints whose parents exist
    for tup in saver.list(cfg):
        if tup.parent_config:
            assert saver.get_tuple(tup.parent_config) is not None
    latest = saver.get_tuple(cfg)
    assert latest.checkpoint["id"] >= good.checkpoint["id"]
    out = graph.invoke({"messages": [HumanMessage("and again")]}, cfg)
    contents = [m.content for m in out["messages"]]
    assert contents[:2] == ["hello", "turn 1: you said hello"]
    assert contents[-1].endswith("you said and again")


def test_unreachable_firestore_fails_with_typed_error(make_settings, monkeypatch) -> None:
    import socket

    with socket.socket() as sock:  # a port nobody listens on
        sock.bind(("127.0.0.1", 0))
        dead = sock.getsockname()[1]
    monkeypatch.setenv("FIRESTORE_EMULATOR_HOST", f"127.0.0.1:{dead}")
    settings = make_settings(
        checkpointer="firestore", firestore_project=f"p{uuid.uuid4().hex[:8]}", firestore_timeout_s=2
    )
    with pytest.raises(MemoryUnavailableError) as info:
        make_checkpointer(settings)
    assert "Firestore" in str(info.value) and info.value.backend == "firestore"


async def test_unreachable_firestore_async_open_fails_with_typed_error(make_settings, monkeypatch) -> None:
    import socket

    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        dead = sock.getsockname()[1]
    monkeypatch.setenv("FIRESTORE_EMULATOR_HOST", f"127.0.0.1:{dead}")
    settings = make_settings(checkpointer="firestore", firestore_project="p-dead", firestore_timeout_s=2)
    with pytest.raises(MemoryUnavailableError) as info:
        async with open_async_checkpointer(settings):
            pass
    assert "cannot be reached" in str(info.value) and info.value.backend == "firestore"
