"""``rag-bot ask`` and ``rag-bot chat``: the agent from the command line.

Registered by the main app (``rag_bot/frontends/cli.py``)::

    from rag_bot.frontends.cli_agent import ask, chat
    app.command("ask")(ask)
    app.command("chat")(chat)
"""

from __future__ import annotations

import contextlib
import json
import logging
import uuid
from pathlib import Path
from typing import Any

import typer

from rag_bot.agent.observability import ANSWER_LOGGER
from rag_bot.config import Settings


def _settings(index_dir: Path | None) -> Settings:
    """Settings with ``--index-dir`` applied; warns when the index is empty (answers would all be refusals)."""
    from rag_bot.frontends.cli import settings_for

    settings = settings_for(index_dir)
    if settings.log_level.upper() != "DEBUG":  # the per-answer log line is for operators, not the terminal user
        logging.getLogger(ANSWER_LOGGER).setLevel(logging.WARNING)
    manifest = Path(settings.index_dir) / "manifest.json"
    if not settings.chroma_url and not manifest.exists():
        typer.echo(f"note: no documents are indexed in {settings.index_dir}; run `rag-bot ingest PATH` first.",
                   err=True)
    typer.echo(f"mode: {mode_description(settings)}", err=True)
    return settings


def mode_description(settings: Settings) -> str:
    """Which answering mode is running, in one line (printed by every agent command)."""
    if settings.use_gemini:
        return f"Gemini (answers by {settings.answer_model}, written only from retrieved passages)"
    return "offline extractive (answers quote retrieved sentences verbatim; set GOOGLE_API_KEY for Gemini)"


def _checkpointer(settings: Settings, stack: contextlib.ExitStack) -> Any:
    """``rag_bot.memory.factory.make_checkpointer`` when available, else an in-memory saver."""
    from langgraph.checkpoint.base import BaseCheckpointSaver
    from langgraph.checkpoint.memory import InMemorySaver

    try:
        from rag_bot.memory.factory import make_checkpointer
    except ImportError:
        return InMemorySaver()
    saver = make_checkpointer(settings)
    if not isinstance(saver, BaseCheckpointSaver) and hasattr(saver, "__enter__"):
        saver = stack.enter_context(saver)
    return saver


def _service(settings: Settings, stack: contextlib.ExitStack):
    from rag_bot.agent.service import AgentService

    return AgentService(settings, checkpointer=_checkpointer(settings, stack))


def _print_reply(reply, streamed: str = "") -> None:
    """The answer (unless it was already streamed as is) and its sources."""
    if not streamed:
        typer.echo(reply.answer)
    elif streamed.strip() != reply.answer.strip():
        typer.echo(f"\n\n(final answer)\n{reply.answer}")
    else:
        typer.echo("")
    if reply.citations:
        typer.echo("\nSources:")
        typer.echo(reply.sources_text())


def _as_json(reply) -> dict:
    return {"answer": reply.answer, "citations": reply.citations, "route": reply.route,
            "language": reply.language, "termination": reply.termination, "model_calls": reply.model_calls,
            "documents": [{k: d.get(k) for k in ("n", "doc_id", "source", "title", "date", "language", "text",
                                                 "score", "chunk_ids", "retrieved_by")} for d in reply.documents]}


def _ask_streaming(service, question: str, thread: str, language: str | None):
    """Answer with tokens printed as a streaming model writes them (only text the answer check keeps)."""
    pieces: list[str] = []

    def on_text(text: str) -> None:
        pieces.append(text)
        typer.echo(text, nl=False)

    reply = service.stream(question, thread, on_text, language=language)
    _print_reply(reply, "".join(pieces))


def ask(
    question: str = typer.Argument(..., help="The question, in English or Hindi."),
    json_output: bool = typer.Option(False, "--json", help="Print answer, citations, route and documents as JSON."),
    language: str | None = typer.Option(None, "--language", help="Answer language (en/hi); default: detected."),
    thread: str | None = typer.Option(None, "--thread", help="Conversation id to continue (default: a new one)."),
    index_dir: Path | None = typer.Option(None, "--index-dir", help="Index directory (default: RAG_BOT_INDEX_DIR)."),
) -> None:
    """Answer one question from the documents, with citations."""
    settings = _settings(index_dir)
    thread = thread or f"cli-{uuid.uuid4().hex}"
    with contextlib.ExitStack() as stack:
        service = _service(settings, stack)
        if not json_output:
            _ask_streaming(service, question, thread, language)
            return
        reply = service.ask(question, thread, language=language)
    typer.echo(json.dumps(_as_json(reply), ensure_ascii=False))


def chat(
    language: str | None = typer.Option(None, "--language", help="Answer language (en/hi); default: detected."),
    index_dir: Path | None = typer.Option(None, "--index-dir", help="Index directory (default: RAG_BOT_INDEX_DIR)."),
) -> None:
    """Interactive chat (one conversation per session; /reset starts a new one, /quit or Ctrl-D leaves)."""
    settings = _settings(index_dir)
    with contextlib.ExitStack() as stack:
        service = _service(settings, stack)
        thread = f"cli-{uuid.uuid4().hex}"
        typer.echo("Ask about the documents. /reset = new conversation, /quit = leave.")
        while True:
            try:
                line = input("> ").strip()
            except (EOFError, KeyboardInterrupt):
                typer.echo("")
                break
            if not line:
                continue
            if line in {"/quit", "/exit"}:
                break
            if line == "/reset":
                thread = f"cli-{uuid.uuid4().hex}"
                typer.echo("(new conversation)")
                continue
            _ask_streaming(service, line, thread, language)
            typer.echo("")
