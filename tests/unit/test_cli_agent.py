"""The agent's CLI commands (registered on a throw-away typer app, in-memory retriever)."""

from __future__ import annotations

import json

import pytest
import typer
from typer.testing import CliRunner

from rag_bot.frontends import cli_agent
from tests.agent_support import InMemoryRetriever, make_settings


@pytest.fixture
def app(monkeypatch):
    from rag_bot.agent.service import AgentService

    settings = make_settings()
    monkeypatch.setattr(cli_agent, "_settings", lambda index_dir: settings)
    monkeypatch.setattr(cli_agent, "_service",
                        lambda s, stack: AgentService(s, retriever=InMemoryRetriever()))
    app = typer.Typer()
    app.command("ask")(cli_agent.ask)
    app.command("chat")(cli_agent.chat)
    return app


def test_ask_json(app):
    result = CliRunner().invoke(app, ["ask", "What did he say about silence on 1969-01-23?", "--json"])
    assert result.exit_code == 0, result.output
    data = json.loads(result.output)
    assert data["route"] == "rag" and data["citations"][0]["source"] == "silence_talk.txt"
    assert data["citations"][0]["date"] == "1969-01-23" and data["documents"]


def test_chat_keeps_thread_and_resets(app):
    script = "What is fear?\nWhat did I ask before?\n/reset\nWhat did I ask before?\n/quit\n"
    result = CliRunner().invoke(app, ["chat"], input=script)
    assert result.exit_code == 0, result.output
    assert "1. What is fear?" in result.output
    assert "You have not asked me anything yet." in result.output


def test_an_unknown_answer_language_is_refused_before_any_work(app):
    from rag_bot.errors import UnknownLanguage

    for command in (["ask", "What is fear?", "--language", "xx"], ["chat", "--language", "xx"]):
        result = CliRunner().invoke(app, command, input="What is fear?\n/quit\n")
        assert isinstance(result.exception, UnknownLanguage), result.output  # main() prints it as one sentence
        assert str(result.exception) == "The language 'xx' is not known; use one of en, hi."
        assert "Sources" not in result.output
