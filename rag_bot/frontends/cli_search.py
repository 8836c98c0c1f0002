"""``rag-bot search`` and ``rag-bot eval retrieval``."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from rag_bot.frontends.cli import IndexDirOption, app, cleaned, eval_app, out, require_index, settings_for
from rag_bot.safe_text import clean_line


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


@eval_app.command("retrieval")
def eval_retrieval(
    dataset_dir: Path = typer.Argument(..., exists=True, file_okay=False, help="BEIR-layout dataset folder."),
    index_dir: Path | None = typer.Option(
        None, "--index-dir", help="Index for the dataset (default .rag-bot/eval/NAME)."
    ),
    run_file: Path | None = typer.Option(None, "--run-file", help="Write the hybrid TREC run here."),
    k: int = typer.Option(100, "--k", min=10, help="Documents retrieved per query."),
    split: str = typer.Option("test", "--split", help="qrels split file name."),
    tune: bool = typer.Option(False, "--tune", help="Print nDCG@10 over the fusion knobs' values on this set."),
    bare: bool = typer.Option(False, "--bare", help="Also score the embedding model alone on the bare texts."),
    json_output: bool = typer.Option(False, "--json", help="Print the metrics as JSON."),
) -> None:
    """Ingest a BEIR-layout corpus, run its queries, print P@1 / nDCG@10 / Recall@k / MRR@10 per retriever."""
    from rag_bot.retrieval.evaluate import evaluate_retrieval, load_beir, write_trec_run

    try:
        dataset = load_beir(dataset_dir, split)
    except (FileNotFoundError, ValueError) as exc:
        typer.echo(f"error: {exc}", err=True)
        raise typer.Exit(2) from None
    settings = settings_for(index_dir or Path(".rag-bot/eval") / dataset_dir.resolve().name)
    result = evaluate_retrieval(dataset, settings, k=k, progress=True, tune=tune, bare=bare)
    if run_file:
        write_trec_run(result["runs"]["hybrid"], run_file)
    runs = result.pop("runs")
    result["run_file"] = str(run_file) if run_file else None
    if json_output:
        typer.echo(json.dumps(result, ensure_ascii=False))
        return
    typer.echo(f"{dataset.name}: {result['queries']} queries, {result['documents']} documents, "
               f"fusion {result['fusion']} (dense weight {result['dense_weight']}"
               + (f", keyword gate {result['keyword_gate']})" if result["fusion"] == "evidence" else ")"))
    typer.echo(f"{'retriever':<10} {'P@1':>7} {'nDCG@10':>8} {f'Recall@{k}':>11} {'MRR@10':>8}")
    for mode, m in result["metrics"].items():
        typer.echo(f"{mode:<10} {m['p@1']:>7.4f} {m['ndcg@10']:>8.4f} {m[f'recall@{k}']:>11.4f} {m['mrr@10']:>8.4f}")
    for knob, tuning in result.get("tuning", {}).items():
        curve = "  ".join(f"{v:g}:{score:.3f}" for v, score in tuning["curve"])
        typer.echo(f"{knob} -> hybrid nDCG@10: {curve}\n  best {knob} {tuning['best']:g} "
                   f"(nDCG@10 {tuning['best_ndcg@10']:.4f}; others at their settings)")
    if run_file:
        typer.echo(f"run file: {run_file} ({sum(len(r) for r in runs['hybrid'].values())} rows)")
