"""``rag-bot eval``: ``answers`` (answer quality of the agent on a labelled question set) and ``retrieval``
(retrieval metrics on a BEIR-layout dataset)."""

from __future__ import annotations

import json
from pathlib import Path

import typer

from rag_bot.frontends.cli_common import cleaned, out, require_index, settings_for

app = typer.Typer(no_args_is_help=True, help="Measure retrieval and answer quality.")


@app.command("answers")
def eval_answers(
    questions: Path = typer.Option(Path("notebooks/eval/questions.jsonl"), "--questions", exists=True,
                                   dir_okay=False, help="Labelled questions (JSON lines)."),
    corpus: Path = typer.Option(Path("data/corpus"), "--corpus", exists=True,
                                help="Documents the questions are about (ingested first; idempotent)."),
    index_dir: Path | None = typer.Option(
        None, "--index-dir", help="Index of the corpus (default .rag-bot/eval/<corpus folder name>)."
    ),
    limit: int | None = typer.Option(None, "--limit", min=1, help="Only the first N questions."),
    provider: str | None = typer.Option(None, "--provider",
                                        help="auto, extractive or gemini (default: RAG_BOT_LLM_PROVIDER)."),
    judge: str = typer.Option("auto", "--judge",
                              help="Groundedness judge: embedding, llm (Gemini) or auto (llm when Gemini is used)."),
    threshold: float = typer.Option(0.85, "--threshold", min=0.0, max=1.0,
                                    help="Embedding judge: min cosine for a supported sentence."),
    ingest: bool = typer.Option(True, "--ingest/--no-ingest", help="Ingest the corpus before asking."),
    json_output: bool = typer.Option(False, "--json", help="Print metrics and per-question results as JSON."),
) -> None:
    """Ask every labelled question through the agent; print refusal, citation, facts, groundedness, latency."""
    from rag_bot.evaluation.answers import evaluate_answers
    from rag_bot.ingestion import ingest_paths

    if provider not in (None, "auto", "extractive", "gemini"):
        raise typer.BadParameter("use auto, extractive or gemini", param_hint="--provider")
    if judge not in ("auto", "embedding", "llm"):
        raise typer.BadParameter("use auto, embedding or llm", param_hint="--judge")
    settings = settings_for(index_dir or Path(".rag-bot/eval") / corpus.resolve().name)
    update: dict = {"checkpointer": "memory"}
    if provider:
        update["llm_provider"] = provider
    settings = settings.model_copy(update=update)
    if judge == "llm" and not settings.google_api_key:
        raise typer.BadParameter("the llm judge needs GOOGLE_API_KEY", param_hint="--judge")
    ingested = None
    if not ingest:
        require_index(settings)  # evaluating an existing index: never create an empty one
    if ingest:
        from rag_bot.config import check_writable

        check_writable(settings, "index_dir")  # a read-only or pseudo file system: one sentence before any work
        summary = ingest_paths([corpus], settings, progress=False)
        ingested = summary.to_json()
        if summary.failed:
            typer.echo(f"warning: {len(summary.failed)} corpus file(s) could not be ingested", err=True)
    evaluation = evaluate_answers(settings, questions, limit=limit, judge=judge,  # type: ignore[arg-type]
                                  threshold=threshold, progress=not json_output)
    evaluation.info.update({"questions_file": str(questions), "index_dir": str(settings.index_dir),
                            "ingest": ingested})
    if json_output:
        out(json.dumps(cleaned(evaluation.to_json()), ensure_ascii=False))
        return
    s = evaluation.summary
    out(f"{questions}: {s['questions']} questions ({s['answerable']} answerable), provider "
        f"{evaluation.provider}, judge {evaluation.judge} (threshold {evaluation.threshold}), "
        f"{evaluation.seconds:.1f} s")
    out(evaluation.results_table(fmt="text"))


@app.command("retrieval")
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
    from rag_bot.evaluation.retrieval import evaluate_retrieval, load_beir, write_trec_run

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
