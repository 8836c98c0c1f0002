"""What every ``rag-bot`` command module shares: settings with command-line overrides, the index check, and the
print boundary (``out``, ``fail``, ``cleaned``).

A leaf of the front end: it imports no command module, so each ``cli_*.py`` can own its Typer app and
``cli.py`` only composes them (no import cycle, no registration by import side effect).
"""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import typer

from rag_bot.config import Settings, get_settings
from rag_bot.frontends.redact import HTTP_CLIENT_LOGGERS
from rag_bot.safe_text import clean_line, clean_text

IndexDirOption = typer.Option(None, "--index-dir", help="Index directory (default: RAG_BOT_INDEX_DIR).")


def settings_for(index_dir: Path | None = None) -> Settings:
    """Settings with command-line overrides applied."""
    settings = get_settings()  # a value out of range: SettingsError, one sentence (rag_bot.config)
    if index_dir is not None:
        settings = settings.model_copy(update={"index_dir": index_dir})
    logging.basicConfig(level=getattr(logging, settings.log_level.upper(), logging.INFO),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for noisy in (*HTTP_CLIENT_LOGGERS, "chromadb", "bm25s", "google_genai", "langchain_google_genai"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    return settings


def require_index(settings: Settings) -> Settings:
    """``settings`` when its index exists; a read command never creates one (:class:`NoIndexError` instead)."""
    from rag_bot.errors import NoIndexError
    from rag_bot.index.store import has_index, pull_shared

    pull_shared(settings)  # a shared index (RAG_BOT_INDEX_BUCKET): its live generation copied into index_dir
    if not has_index(settings.index_dir):
        raise NoIndexError(settings.index_dir)
    return settings


def out(text: str, nl: bool = True) -> None:
    """Print to stdout through the print boundary: no control character of a document or a model gets out."""
    typer.echo(clean_text(text), nl=nl)


def fail(sentence: str) -> None:
    """A failure as one ``error: ...`` line on stderr."""
    typer.echo(f"error: {clean_line(sentence)}", err=True)


def cleaned(value: Any) -> Any:
    """``value`` (JSON-able) with every string cleaned, for ``--json`` output (json escapes C0 but not C1/bidi)."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, dict):
        return {k: cleaned(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [cleaned(v) for v in value]
    return value
