"""``rag-bot ask`` and ``rag-bot chat``: the agent from the command line."""

from __future__ import annotations

import contextlib
import json
import logging
import uuid
from pathlib import Path
from typing import Any

import typer

from rag_bot.config import Settings

app = typer.Typer()


def _settings(index_dir: Path | None) -> Settings:
    """Settings with ``--index-dir`` applied; :class:`~rag_bot.errors.NoIndexError` when there is no index (a read
    command never creates one)."""
    from rag_bot.agent.observability import ANSWER_LOGGER  # here: langchain_core is slow to import for every command
    from rag_bot.frontends.cli_common import require_index, settings_for
    from rag_bot.safe_text import clean_line

    settings = require_index(settings_for(index_dir))
    if settings.log_level.upper() != "DEBUG":  # the per-answer log line (failed ones too) is for operators: the
        logging.getLogger(ANSWER_LOGGER).setLevel(logging.CRITICAL)  # terminal user gets the one-sentence error
    typer.echo(f"mode: {clean_line(mode_description(settings))}", err=True)
    return settings


def check_language(language: str | None) -> None:
    """``--language`` must name a registry language (:class:`~rag_bot.errors.UnknownLanguage`, one sentence)."""
    from rag_bot.errors import UnknownLanguage
    from rag_bot.languages import registry

    if language is not None and language not in registry().codes:
        raise UnknownLanguage(language, registry().codes)


def check_mode(mode: str | None) -> str | None:
    """``--mode`` must be an answer mode (:class:`~rag_bot.errors.UnknownAnswerMode`, one sentence)."""
    from rag_bot.errors import check_answer_mode

    return check_answer_mode(mode)


MODE_HELP = ("Answer mode: default, or research (wider search, whole documents for a date, longer answers, more "
             "citations).")


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
    """The rest of the answer after what was streamed (streamed text is always its prefix), then its sources."""
    from rag_bot.frontends.cli_common import out
    from rag_bot.safe_text import clean_line

    if reply.answer.startswith(streamed):
        out(reply.answer[len(streamed):])
    else:  # never expected (the service streams only kept text): show the final answer whole, on its own
        out(f"\n{reply.answer}")
    if reply.citations:
        out("\nSources:")
        out("\n".join(clean_line(line) for line in reply.sources_text().splitlines()))


def _as_json(reply) -> dict:
    from rag_bot.frontends.cli_common import cleaned

    return cleaned({"answer": reply.answer, "citations": reply.citations, "route": reply.route,
                    "language": reply.language, "termination": reply.termination, "model_calls": reply.model_calls,
                    "documents": [{k: d.get(k) for k in ("n", "doc_id", "source", "title", "date", "language",
                                                         "text", "score", "chunk_ids", "retrieved_by")}
                                  for d in reply.documents]})


def _ask_streaming(service, question: str, thread: str, language: str | None, mode: str | None = None):
    """Answer with text printed as soon as the answer check has kept it (see ``AgentService.stream``)."""
    from rag_bot.frontends.cli_common import out

    pieces: list[str] = []

    def on_text(text: str) -> None:
        pieces.append(text)
        out(text, nl=False)

    reply = service.stream(question, thread, on_text, language=language, mode=mode)
    _print_reply(reply, "".join(pieces))


@app.command()
def ask(
    question: str = typer.Argument(..., help="The question, in any supported language."),
    json_output: bool = typer.Option(False, "--json", help="Print answer, citations, route and documents as JSON."),
    language: str | None = typer.Option(None, "--language", help="Answer language (en/hi); default: detected."),
    thread: str | None = typer.Option(None, "--thread", help="Conversation id to continue (default: a new one)."),
    index_dir: Path | None = typer.Option(None, "--index-dir", help="Index directory (default: RAG_BOT_INDEX_DIR)."),
    mode: str | None = typer.Option(None, "--mode", help=MODE_HELP),
) -> None:
    """Answer one question from the documents, with citations."""
    from rag_bot.errors import check_question

    settings = _settings(index_dir)
    check_language(language)
    mode = check_mode(mode)
    check_question(question, settings.max_question_chars)  # before the service loads anything
    thread = thread or f"cli-{uuid.uuid4().hex}"
    with contextlib.ExitStack() as stack:
        service = _service(settings, stack)
        if not json_output:
            _ask_streaming(service, question, thread, language, mode)
            return
        reply = service.ask(question, thread, language=language, mode=mode)
    typer.echo(json.dumps(_as_json(reply), ensure_ascii=False))  # strings cleaned by _as_json


@app.command()
def chat(
    language: str | None = typer.Option(None, "--language", help="Answer language (en/hi); default: detected."),
    index_dir: Path | None = typer.Option(None, "--index-dir", help="Index directory (default: RAG_BOT_INDEX_DIR)."),
    mode: str | None = typer.Option(None, "--mode", help=MODE_HELP),
) -> None:
    """Interactive chat (one conversation per session; /reset starts a new one, /mode default|research switches
    the answer mode, /quit or Ctrl-D leaves).

    A question that fails for a reason the user can act on (too long, the model's quota, ...) gets its one-line
    error and the chat goes on."""
    from rag_bot.errors import UnknownAnswerMode
    from rag_bot.frontends.cli_common import fail
    from rag_bot.frontends.failures import user_message

    settings = _settings(index_dir)
    check_language(language)
    mode = check_mode(mode)
    with contextlib.ExitStack() as stack:
        service = _service(settings, stack)
        thread = f"cli-{uuid.uuid4().hex}"
        typer.echo("Ask about the documents. /reset = new conversation, /mode default|research, /quit = leave.")
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
            if line == "/mode" or line.startswith("/mode "):
                try:
                    mode = check_mode(line.removeprefix("/mode").strip() or None) or mode
                except UnknownAnswerMode as exc:
                    fail(exc.sentence)
                    continue
                typer.echo(f"(answer mode: {mode or 'default'})")
                continue
            try:
                _ask_streaming(service, line, thread, language, mode)
            except Exception as exc:  # noqa: BLE001 - a user's failure is one line and the chat goes on
                sentence = user_message(exc)
                if sentence is None:
                    raise
                fail(sentence)
            typer.echo("")
