"""``rag-bot eval answers``: answer quality of the agent on a labelled question set.

Registered by importing this module (``build_app`` in ``rag_bot/frontends/cli.py``)::

    from rag_bot.frontends import cli_eval  # noqa: F401  (eval answers)
"""

from __future__ import annotations

import json
from pathlib import Path

import typer

from rag_bot.frontends.cli import cleaned, eval_app, out, require_index, settings_for


@eval_app.command("answers")
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
    from ingest.pipeline import ingest_paths
    from rag_bot.evaluation.answers import evaluate_answers

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
