"""``rag-bot index``: ``check`` (say what is wrong with an index, change nothing) and ``repair`` (make it whole)."""

from __future__ import annotations

from pathlib import Path

import typer

from rag_bot.frontends.cli_common import IndexDirOption, fail, out, require_index, settings_for

app = typer.Typer(no_args_is_help=True, help="Check or repair an index folder.")


@app.command("check")
def check(index_dir: Path | None = IndexDirOption) -> None:
    """Verify the index's checksums and that Chroma, the keyword index and the manifest hold the same chunks."""
    from rag_bot.index.writer import check_index

    settings = require_index(settings_for(index_dir))
    problems = check_index(settings)
    for problem in problems:
        fail(problem)
    if problems:
        raise typer.Exit(1)
    out(f"The index in {settings.index_dir} is whole.")


@app.command("repair")
def repair(index_dir: Path | None = IndexDirOption) -> None:
    """Rebuild what is damaged (the keyword index from the chunks Chroma stores, the manifest from its backup) and
    make the three stores agree; files whose chunks were lost are indexed again by the next ingest."""
    from rag_bot.index.writer import repair_index
    from rag_bot.models.embeddings import get_embedder

    settings = require_index(settings_for(index_dir))
    writer = repair_index(settings, get_embedder(settings).name)
    for problem in writer.problems:
        out(f"found: {problem}")
    out(f"The index in {settings.index_dir} is whole ({writer.repaired} fixes).")
