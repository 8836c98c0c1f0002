"""``rag-bot search``: the top chunks of the index for a query."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from rag_bot.frontends.cli_common import IndexDirOption, cleaned, out, require_index, settings_for
from rag_bot.safe_text import clean_line

app = typer.Typer()


def _filters(date: str | None, date_from: str | None, date_to: str | None, language: str | None):
    from rag_bot.retrieval.tool import InvalidToolArguments, validate_arguments

    try:
        return validate_arguments("x", date, date_from, date_to, language)
    except InvalidToolArguments as exc:
        raise typer.BadParameter(str(exc)) from None


@app.command()
def search(
    query: str = typer.Argument(..., help="What to look for."),
    k: int = typer.Option(5, "--k", min=1, max=100, help="Number of hits."),
    date: str | None = typer.Option(None, "--date", help="Exact date YYYY-MM-DD."),
    date_from: str | None = typer.Option(None, "--from", help="Range start YYYY-MM-DD."),
    date_to: str | None = typer.Option(None, "--to", help="Range end YYYY-MM-DD."),
    language: str | None = typer.Option(None, "--language", help="en or hi."),
    mode: str = typer.Option("hybrid", "--mode", help="hybrid, dense or keyword."),
    index_dir: Path | None = IndexDirOption,
    json_output: bool = typer.Option(False, "--json", help="Print hits as JSON."),
) -> None:
    """Search the index (hybrid dense + BM25) and print the top chunks."""
    from rag_bot.errors import check_question
    from rag_bot.retrieval.factory import get_retriever

    if mode not in ("hybrid", "dense", "keyword"):
        raise typer.BadParameter("use hybrid, dense or keyword", param_hint="--mode")
    filters = _filters(date, date_from, date_to, language)
    settings = require_index(settings_for(index_dir))
    check_question(query, settings.max_question_chars)
    hits = get_retriever(settings).search(query, filters, k, mode=mode)  # type: ignore[arg-type]
    rows = [{"id": h.id, "source": h.metadata.get("source"), "title": h.metadata.get("title"),
             "date": h.metadata.get("date") or None, "language": h.metadata.get("language"),
             "score": round(h.score, 6), "text": h.text} for h in hits]
    if json_output:
        out(json.dumps(cleaned(rows), ensure_ascii=False, indent=1))
        return
    if not rows:
        out("No matching passages.")
    for i, row in enumerate(rows, 1):
        snippet = clean_line(row["text"] or "")
        head = clean_line(f"{row['title']} — {row['source']} ({row['date'] or 'undated'}, {row['language']})")
        out(f"{i}. {head} score {row['score']:.4f}\n   {snippet[:300]}{'…' if len(snippet) > 300 else ''}\n")
