"""``rag-bot ingest``: add new and changed documents to the index."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from rag_bot.frontends.cli_common import IndexDirOption, cleaned, out, settings_for

app = typer.Typer()


@app.command()
def ingest(
    paths: list[Path] = typer.Argument(..., help="Files or folders to ingest."),
    index_dir: Path | None = IndexDirOption,
    language: str = typer.Option("auto", "--language", help="auto (detect), en or hi."),
    prune: bool = typer.Option(False, "--prune", help="Remove indexed files that are gone from these folders."),
    json_output: bool = typer.Option(False, "--json", help="Print the summary as one JSON object."),
) -> None:
    """Add new and changed documents to the index (idempotent and incremental)."""
    from rag_bot.config import check_writable
    from rag_bot.ingestion import ingest_paths
    from rag_bot.languages import registry

    if language not in {"auto", *registry().codes}:
        raise typer.BadParameter(f"use auto or one of {', '.join(registry().codes)}", param_hint="--language")
    settings = settings_for(index_dir)
    check_writable(settings, "index_dir")  # a read-only or pseudo file system: one sentence before any work
    summary = ingest_paths(paths, settings, language=language, prune=prune, progress=True)  # errors: cli.main
    if json_output:
        out(json.dumps(cleaned(summary.to_json()), ensure_ascii=False))
    else:
        out(summary.describe())
    raise typer.Exit(1 if summary.failed else 0)
