"""The ``rag-bot`` command line."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import typer

from rag_bot.config import Settings, get_settings
from rag_bot.safe_text import clean_line, clean_text

app = typer.Typer(add_completion=False, no_args_is_help=True, help="Grounded question answering over documents.")
eval_app = typer.Typer(no_args_is_help=True, help="Measure retrieval and answer quality.")
app.add_typer(eval_app, name="eval")

IndexDirOption = typer.Option(None, "--index-dir", help="Index directory (default: RAG_BOT_INDEX_DIR).")


def settings_for(index_dir: Path | None = None) -> Settings:
    """Settings with command-line overrides applied."""
    settings = get_settings()
    if index_dir is not None:
        settings = settings.model_copy(update={"index_dir": index_dir})
    logging.basicConfig(level=getattr(logging, settings.log_level.upper(), logging.INFO),
                        format="%(asctime)s %(levelname)s %(name)s: %(message)s")
    for noisy in ("httpx", "chromadb", "bm25s", "google_genai", "langchain_google_genai"):
        logging.getLogger(noisy).setLevel(logging.WARNING)
    return settings


def require_index(settings: Settings) -> Settings:
    """``settings`` when its index exists; a read command never creates one (:class:`NoIndexError` instead)."""
    from rag_bot.errors import NoIndexError

    if not (Path(settings.index_dir) / "manifest.json").is_file():
        raise NoIndexError(settings.index_dir)
    return settings


def out(text: str, nl: bool = True) -> None:
    """Print to stdout through the print boundary: no control character of a document or a model gets out."""
    typer.echo(clean_text(text), nl=nl)


def fail(sentence: str) -> None:
    """A failure as one ``error: ...`` line on stderr."""
    typer.echo(f"error: {clean_line(sentence)}", err=True)


def cleaned(value):
    """``value`` (JSON-able) with every string cleaned, for ``--json`` output (json escapes C0 but not C1/bidi)."""
    if isinstance(value, str):
        return clean_text(value)
    if isinstance(value, dict):
        return {k: cleaned(v) for k, v in value.items()}
    if isinstance(value, list | tuple):
        return [cleaned(v) for v in value]
    return value


@app.command()
def ingest(
    paths: list[Path] = typer.Argument(..., help="Files or folders to ingest."),
    index_dir: Path | None = IndexDirOption,
    language: str = typer.Option("auto", "--language", help="auto (detect), en or hi."),
    prune: bool = typer.Option(False, "--prune", help="Remove indexed files that are gone from these folders."),
    json_output: bool = typer.Option(False, "--json", help="Print the summary as one JSON object."),
) -> None:
    """Add new and changed documents to the index (idempotent and incremental)."""
    from ingest.pipeline import ingest_paths
    from rag_bot.index.store import IndexBusy
    from rag_bot.index.vectors import IndexModelMismatch
    from rag_bot.languages import registry

    if language not in {"auto", *registry().codes}:
        raise typer.BadParameter(f"use auto or one of {', '.join(registry().codes)}", param_hint="--language")
    settings = settings_for(index_dir)
    try:
        summary = ingest_paths(paths, settings, language=language, prune=prune, progress=True)
    except (IndexModelMismatch, IndexBusy) as exc:
        fail(str(exc))
        raise typer.Exit(2) from None
    if json_output:
        out(json.dumps(cleaned(summary.to_json()), ensure_ascii=False))
    else:
        out(summary.describe())
    raise typer.Exit(1 if summary.failed else 0)


def build_app() -> typer.Typer:
    """The full command set (command modules register themselves on ``app`` when imported)."""
    from rag_bot.frontends import cli_eval, cli_search, cli_telegram  # noqa: F401  (they register commands)
    from rag_bot.frontends.cli_agent import ask, chat

    if not any(c.name == "ask" for c in app.registered_commands):
        app.command("ask")(ask)
        app.command("chat")(chat)
    return app


def main() -> None:
    """Console-script entry point; a failure a user can understand or fix (a typed error of any layer, see
    :func:`rag_bot.frontends.failures.user_message`) is printed as one ``error:`` line and exits 2, no traceback."""
    from rag_bot.frontends.failures import user_message

    try:
        build_app()()  # click itself turns usage errors into a message and Ctrl-C into "Aborted!"
    except Exception as exc:  # noqa: BLE001 - sorted below: user failures become a sentence, bugs stay loud
        sentence = user_message(exc)
        if sentence is None:
            raise
        fail(sentence)
        raise SystemExit(2) from None


if __name__ == "__main__":
    # run through the canonical module so that command modules register on the same ``app``
    from rag_bot.frontends.cli import main as canonical_main

    canonical_main()
