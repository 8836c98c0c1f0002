"""Train the extractive answerer's quote selector (rag_bot/agent/quote_selector.json) on the project's question sets.

Every fact, cross-language and unanswerable question of the given sets is asked offline with the hand-written
cascade alone (``learned_quote_choice`` off); each candidate quote the answerer tried is recorded with its
measurements (:class:`rag_bot.agent.quote_selector.Candidate`) and labelled 1 when it holds all the question's
reference facts (an unanswerable question's candidates are all 0). A logistic model is fitted; the threshold is the
one that gets the most questions right on the training sets (a fact or cross-language question: the chosen quote
holds its facts; an unanswerable one: refused). Before the final fit on all sets it is measured leave-one-set-out:
for each set, trained on the others and scored on it, next to the cascade's own result on it.

Run from the repository root (about 1 minute per set, indexes reused under --index-root)::

    set -a; . data/corpus.env; set +a
    python tools/train_quote_selector.py [--write] [--sets fresh fresh2 ...]

Without ``--write`` it only prints the leave-one-set-out table and the weights; with it, it writes the weights and
``notebooks/eval/quote_selector_training.json`` (the table and the in-sample curve over the threshold, which the
evaluation notebook shows).
"""

from __future__ import annotations

import argparse
import json
import sys
from dataclasses import replace
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rag_bot.agent import quote_selector  # noqa: E402
from rag_bot.agent.quote_selector import Candidate, Selector, features, fit  # noqa: E402

DEV_SETS = ("fresh", "fresh2", "fresh3", "fresh4", "fresh5", "fresh6", "fresh7", "fresh8", "fresh9", "fresh10",
            "fresh11", "fresh12", "fresh13")
KINDS = ("fact", "cross_language", "unanswerable")
L2 = 100.0  # leave-one-set-out totals were flat from 30 to 1000 (380-385 of 472 questions) on the eleven sets
THRESHOLDS = np.arange(0.1, 0.9, 0.025)

Question = dict[str, Any]  # set, id, kind, candidates, labels, cascade


def record(set_name: str, index_root: Path) -> list[Question]:
    """Ask the set's questions with the cascade alone; the last answer call's candidates per question."""
    from langgraph.checkpoint.memory import InMemorySaver

    from rag_bot.agent.role_models import extractive_models
    from rag_bot.agent.service import AgentService
    from rag_bot.config import get_settings
    from rag_bot.evaluation.answers import ask_question, facts_found, load_questions
    from rag_bot.ingestion import ingest_paths

    folder = ROOT / "notebooks" / "eval" / set_name
    settings = get_settings().model_copy(update={
        "index_dir": index_root / set_name, "checkpointer": "memory", "llm_provider": "extractive",
        "learned_quote_choice": False})
    ingest_paths([folder / "corpus"], settings, progress=False)
    models = extractive_models(settings)
    traced: list[tuple[list[Candidate], list[str], int | None]] = []
    models.answer.trace = lambda _q, candidates, quotes, at: traced.append((candidates, quotes, at))
    service = AgentService(settings, checkpointer=InMemorySaver(), models=models)
    out = []
    for row in load_questions(folder / "questions.jsonl"):
        if row["kind"] not in KINDS:
            continue
        traced.clear()
        ask_question(service, row)
        candidates, quotes, at = traced[-1] if traced else ([], [], None)
        facts = row.get("facts") or []
        labels = [bool(facts) and all(facts_found(q, facts)) for q in quotes]
        out.append({"set": set_name, "id": row["id"], "kind": row["kind"], "candidates": candidates,
                    "labels": labels, "cascade": at})
    return out


def rows_of(questions: list[Question]) -> tuple[np.ndarray, np.ndarray]:
    xs, ys = [], []
    for q in questions:
        if q["candidates"]:
            xs.append(features(q["candidates"], q["cascade"]))
            ys.extend(q["labels"])
    return np.vstack(xs), np.asarray(ys, dtype=np.float64)


def right(q: Question, chosen: int | None) -> bool:
    """A fact or cross-language question: the chosen quote holds its facts; an unanswerable one: refused."""
    return chosen is None if q["kind"] == "unanswerable" else chosen is not None and bool(q["labels"][chosen])


def tally(questions: list[Question], choose: Any) -> dict[str, list[int]]:
    """{kind: [right, asked]} and "false refusals": [refused answerable, answerable]."""
    out: dict[str, list[int]] = {k: [0, 0] for k in (*KINDS, "false_refusals")}
    for q in questions:
        chosen = choose(q)
        out[q["kind"]][0] += right(q, chosen)
        out[q["kind"]][1] += 1
        if q["kind"] != "unanswerable":
            out["false_refusals"][0] += chosen is None
            out["false_refusals"][1] += 1
    return out


def total(t: dict[str, list[int]]) -> int:
    return sum(t[k][0] for k in KINDS)


def train(questions: list[Question]) -> Selector:
    """Fit on ``questions`` and set the threshold that gets the most of them right."""
    x, y = rows_of(questions)
    model = fit(x, y, L2)
    best = max(THRESHOLDS, key=lambda t: total(tally(questions, _chooser(Selector(
        model.mean, model.scale, model.weights, model.bias, float(t))))))
    return Selector(model.mean, model.scale, model.weights, model.bias, float(best))


def _chooser(selector: Selector) -> Any:
    return lambda q: selector.choose(q["candidates"], q["cascade"])


def fmt(t: dict[str, list[int]]) -> str:
    return "  ".join(f"{k} {v[0]}/{v[1]}" for k, v in t.items()) + f"  total {total(t)}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sets", nargs="+", default=list(DEV_SETS))
    parser.add_argument("--index-root", type=Path, default=ROOT / ".rag-bot" / "train-quote-selector")
    parser.add_argument("--write", action="store_true", help=f"write {quote_selector.WEIGHTS.name}")
    args = parser.parse_args()
    questions = [q for s in args.sets for q in record(s, args.index_root)]
    print("leave one set out (trained on the others) | the cascade alone")
    learned: dict[str, list[int]] = {}
    cascade: dict[str, list[int]] = {}
    per_set = {}
    for s in args.sets:
        held = [q for q in questions if q["set"] == s]
        model = train([q for q in questions if q["set"] != s])
        a, b = tally(held, _chooser(model)), tally(held, lambda q: q["cascade"])
        print(f"{s:8} t={model.threshold:.3f}  {fmt(a)}  |  {fmt(b)}")
        per_set[s] = {"threshold": model.threshold, "selector": a, "cascade": b}
        for pooled, t in ((learned, a), (cascade, b)):
            for k, v in t.items():
                pooled.setdefault(k, [0, 0])
                pooled[k] = [pooled[k][0] + v[0], pooled[k][1] + v[1]]
    print(f"{'pooled':8}          {fmt(learned)}  |  {fmt(cascade)}")
    final = train(questions)
    print(f"all sets: threshold {final.threshold:.3f}; {fmt(tally(questions, _chooser(final)))}")
    curve = [{"threshold": round(float(t), 3), **tally(questions, _chooser(replace(final, threshold=float(t))))}
             for t in THRESHOLDS]
    for name, w in zip(quote_selector.FEATURES, final.weights, strict=True):
        print(f"  {name:32} {w:+.3f}")
    if args.write:
        quote_selector.WEIGHTS.write_text(json.dumps(final.to_json(), indent=1) + "\n", encoding="utf-8")
        record_path = ROOT / "notebooks" / "eval" / "quote_selector_training.json"
        record_path.write_text(json.dumps({
            "sets": args.sets, "l2": L2, "threshold": final.threshold,
            "leave_one_set_out": {"per_set": per_set, "selector": learned, "cascade": cascade},
            "curve_in_sample": curve}, indent=1) + "\n", encoding="utf-8")
        print(f"wrote {quote_selector.WEIGHTS} and {record_path}")


if __name__ == "__main__":
    main()
