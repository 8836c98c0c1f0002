"""Generate ``notebooks/evaluation.ipynb`` (no outputs) from the cell sources below.

    .venv/bin/python tools/make_notebook.py            # rewrite the notebook
    .venv/bin/python tools/make_notebook.py --check    # exit 1 when the notebook differs from this script

The notebook is code-reviewed here; run it with
``.venv/bin/jupyter execute --inplace notebooks/evaluation.ipynb`` (from the repo root) or open it in Jupyter.
"""

from __future__ import annotations

import sys
from pathlib import Path

import nbformat
from nbformat.v4 import new_code_cell, new_markdown_cell, new_notebook

NOTEBOOK = Path(__file__).resolve().parent.parent / "notebooks" / "evaluation.ipynb"

INTRO = """\
# rag-bot evaluation

Retrieval and answer quality of rag-bot on the labelled question set `notebooks/eval/questions.jsonl`
(56 questions in English and Hindi: date, topical, cross-lingual, follow-up and unanswerable) over the sample
corpus `data/corpus`.

* **Retrieval**: nDCG@10, Recall@5/10 and MRR@10 of dense, keyword (BM25) and hybrid retrieval, with the documents
  of the index (`doc_id`, one per dated talk) as the unit (`rag_bot.retrieval.evaluate`).
* **Answers**: every question through the real agent graph (`rag_bot.evaluation.answers`): refusal rate on
  unanswerable questions, false refusals, citation validity, reference facts found, groundedness, latency and model
  calls. Offline the chat model is the extractive one; with `GOOGLE_API_KEY` set, Gemini is evaluated too.

Run from the repository root (offline, a few minutes on 2 cores):
`.venv/bin/jupyter execute --inplace notebooks/evaluation.ipynb` (do not commit the outputs:
`.venv/bin/python tools/make_notebook.py` regenerates the clean notebook). Environment: `RAG_BOT_INDEX_DIR`
(default `.rag-bot/eval-notebook`), `EVAL_QUESTIONS_PER_KIND` (quick run: the first N questions of each kind),
`EVAL_FIGURES_DIR` (default `notebooks/figures`).
"""

RUN = """\
# Setup and the whole run; the sections below show the details.
import json
import math
import os
import time
from pathlib import Path

import matplotlib

matplotlib.use("Agg")
import matplotlib.pyplot as plt  # noqa: E402
from IPython.display import Markdown, display  # noqa: E402

if not Path("data/corpus").is_dir() and Path("../data/corpus").is_dir():
    os.chdir("..")  # opened from notebooks/: work from the repository root
os.environ.setdefault("ANONYMIZED_TELEMETRY", "False")

from ingest.pipeline import ingest_paths  # noqa: E402
from rag_bot.config import Settings  # noqa: E402
from rag_bot.evaluation.answers import evaluate_answers, load_questions, sample_questions  # noqa: E402
from rag_bot.index.store import IndexStore  # noqa: E402
from rag_bot.retrieval import evaluate as rev  # noqa: E402
from rag_bot.retrieval.factory import get_retriever  # noqa: E402

QUESTIONS = Path("notebooks/eval/questions.jsonl")
CORPUS = Path("data/corpus")
FIGURES = Path(os.environ.get("EVAL_FIGURES_DIR") or "notebooks/figures")
PER_KIND = int(os.environ.get("EVAL_QUESTIONS_PER_KIND") or 0) or None
K = 10  # documents per query in the retrieval runs
FIGURES.mkdir(parents=True, exist_ok=True)

settings = Settings(index_dir=Path(os.environ.get("RAG_BOT_INDEX_DIR") or ".rag-bot/eval-notebook"),
                    checkpointer="memory")
extractive = settings.model_copy(update={"llm_provider": "extractive"})
with_gemini = settings.google_api_key is not None

t0 = time.perf_counter()
ingest_summary = ingest_paths([CORPUS], settings, progress=False)
ingest_s = time.perf_counter() - t0

# retrieval: candidates once, then each mode / fusion weight re-ranks them
manifest = IndexStore(settings, None).load_manifest()
dataset = rev.dataset_from_questions(QUESTIONS, manifest)
retriever = get_retriever(settings)
candidates = rev.run_queries(retriever, dataset, k=K, progress=False)
runs = {mode: rev.make_run(retriever, candidates, mode, K, doc_key=dataset.doc_key) for mode in rev.MODES}


def retrieval_metrics(qids=None):
    qrels = {q: r for q, r in dataset.qrels.items() if qids is None or q in qids}
    out = {}
    for mode, run in runs.items():
        m = rev.metrics(run, qrels, K)
        m["recall@5"] = rev.recall_at(run, {q: r for q, r in qrels.items() if q in run}, 5)
        out[mode] = m
    return out


retrieval = retrieval_metrics()
by_language_qids = {}
for qid, row in dataset.meta.items():
    by_language_qids.setdefault(row["language"], set()).add(qid)
retrieval_by_language = {lang: retrieval_metrics(qids) for lang, qids in sorted(by_language_qids.items())}
curve = rev.tune_weight(retriever, candidates, dataset.qrels, K, doc_key=dataset.doc_key)

# answers through the agent graph
questions = load_questions(QUESTIONS)
if PER_KIND:
    questions = sample_questions(questions, PER_KIND)
answers = {"extractive": evaluate_answers(extractive, questions, judge="embedding")}
if with_gemini:
    answers["gemini"] = evaluate_answers(settings.model_copy(update={"llm_provider": "gemini"}), questions,
                                         judge="auto")
ext = answers["extractive"].summary
print(f"ingest {ingest_s:.1f} s; {len(dataset.queries)} retrieval queries; {len(questions)} questions answered "
      f"in {answers['extractive'].seconds:.1f} s (extractive)")
"""

HEADLINE = """\
# Results at a glance
hy = retrieval["hybrid"]


def pct(value):
    return "–" if value is None else f"{100 * value:.1f} %"


def answer_rows(s):
    return [
        ("refusal rate on unanswerable questions", pct(s["refusal_rate"])),
        ("false-refusal rate on answerable questions", pct(s["false_refusal_rate"])),
        ("citation validity", pct(s["citation_validity"])),
        ("reference facts found", pct(s["facts_rate"])),
        ("groundedness (share of supported answer sentences)", pct(s["groundedness"])),
        ("latency p50 / p95", f"{s['latency_p50_s']:.2f} s / {s['latency_p95_s']:.2f} s"),
        ("model calls per answer", f"{s['model_calls_mean']:.2f}"),
    ]


retrieval_rows = [
    ("retrieval nDCG@10 (hybrid / dense / keyword)",
     " / ".join(f"{retrieval[m]['ndcg@10']:.3f}" for m in ("hybrid", "dense", "keyword"))),
    ("retrieval Recall@5 (hybrid)", f"{hy['recall@5']:.3f}"),
    (f"retrieval Recall@{K} (hybrid)", f"{hy[f'recall@{K}']:.3f}"),
    ("retrieval MRR@10 (hybrid)", f"{hy['mrr@10']:.3f}"),
]
names = list(answers)
columns = [answer_rows(answers[name].summary) for name in names]
lines = ["| metric | " + " | ".join(names) + " |", "|---|" + "---:|" * len(names)]
lines += [f"| {label} | {value} |" + " |" * (len(names) - 1) for label, value in retrieval_rows]
lines += [f"| {label} | " + " | ".join(col[i][1] for col in columns) + " |" for i, (label, _) in enumerate(columns[0])]
table = "\\n".join(lines)
display(Markdown(table))
best_w, best_ndcg = max(curve, key=lambda wc: wc[1])
print(f"Headline: hybrid nDCG@10 {hy['ndcg@10']:.3f} (best dense weight {best_w:.1f}: {best_ndcg:.3f}); "
      f"citation validity {pct(ext['citation_validity'])}; refusals on unanswerable {pct(ext['refusal_rate'])}, "
      f"false refusals {pct(ext['false_refusal_rate'])}; facts {pct(ext['facts_rate'])}; "
      f"grounded {pct(ext['groundedness'])}; p50 {ext['latency_p50_s']:.2f} s.")
results_json = json.dumps({
    "retrieval": retrieval, "retrieval_by_language": retrieval_by_language, "fusion_curve": curve,
    "answers": {name: ev.to_json(questions=False) for name, ev in answers.items()},
}, ensure_ascii=False, indent=1)
written = (FIGURES / "results.json").write_text(results_json, encoding="utf-8")
"""

SETUP_MD = """\
## 1. Setup

Settings come from the environment (`RAG_BOT_*`, `.env`), with the index in `RAG_BOT_INDEX_DIR` (default
`.rag-bot/eval-notebook`) and conversations in memory. `data/corpus` is ingested first (idempotent: a second run
adds nothing).
"""

SETUP = """\
print(f"index: {settings.index_dir}  embedding: {settings.embedding_provider}  fusion: {settings.fusion} "
      f"(dense weight {settings.dense_weight})  top_k: {settings.top_k}")
print(f"chat models: extractive{' + gemini' if with_gemini else ' (no GOOGLE_API_KEY: Gemini not evaluated)'}")
print(ingest_summary.describe())
n_docs = sum(len(rec.documents) for rec in manifest.files.values())
print(f"{len(manifest.files)} files, {n_docs} dated documents, {len(manifest.chunk_ids())} chunks")
"""

RETRIEVAL_MD = """\
## 2. Retrieval

Each answerable, non-follow-up question is a query; its relevant documents are the index documents of the
labelled (source, date) pairs. Candidates are retrieved once (dense and BM25), then fused per mode.
"""

RETRIEVAL = """\
def metrics_table(by_mode):
    head = f"| retriever | nDCG@10 | Recall@5 | Recall@{K} | MRR@10 |\\n|---|---:|---:|---:|---:|\\n"
    return head + "\\n".join(f"| {mode} | {m['ndcg@10']:.3f} | {m['recall@5']:.3f} | {m[f'recall@{K}']:.3f} | "
                             f"{m['mrr@10']:.3f} |" for mode, m in by_mode.items())


display(Markdown(f"**All {len(dataset.queries)} queries**\\n\\n" + metrics_table(retrieval)))
for lang, by_mode in retrieval_by_language.items():
    display(Markdown(f"**language = {lang}** ({len(by_language_qids[lang])} queries)\\n\\n" + metrics_table(by_mode)))
"""

FUSION_MD = """\
### Effect of the fusion weight

nDCG@10 of hybrid retrieval for dense weights 0.0 (BM25 only) to 1.0 (dense only), fusion
`RAG_BOT_FUSION` with the configured weight marked.
"""

FUSION = """\
print("  ".join(f"{w:.1f}:{v:.3f}" for w, v in curve))
fig, ax = plt.subplots(figsize=(6, 3.5))
ax.plot([w for w, _ in curve], [v for _, v in curve], marker="o")
ax.axvline(settings.dense_weight, color="grey", linestyle="--", label=f"configured {settings.dense_weight}")
ax.set_xlabel("dense weight")
ax.set_ylabel("nDCG@10 (hybrid)")
ax.set_title(f"Fusion weight ({settings.fusion})")
ax.legend()
fig.tight_layout()
fig.savefig(FIGURES / "fusion_weight.png", dpi=110)
plt.close(fig)
"""

ANSWERS_MD = """\
## 3. Answers

Every question is asked through `AgentService` (follow-ups after their history, in the same thread). Refusal =
the "documents do not say" answer; citation validity = cited (source, date) among the retrieved documents;
facts = share of the reference phrases found in the answer; grounded = share of answer sentences supported by a
retrieved passage (verbatim, or embedding cosine >= 0.85; an LLM judge for Gemini); latency of the question's own
turn.
"""

ANSWERS = """\
for name, evaluation in answers.items():
    display(Markdown(f"**{name}** (judge: {evaluation.judge})\\n\\n" + evaluation.results_table()))
"""

SIDE_BY_SIDE = """\
# Extractive vs Gemini side by side (only with GOOGLE_API_KEY)
if with_gemini:
    keys = ["refusal_rate", "false_refusal_rate", "citation_validity", "facts_rate", "groundedness",
            "latency_p50_s", "latency_p95_s", "model_calls_mean", "input_tokens_mean", "output_tokens_mean"]
    summaries = {name: ev.summary for name, ev in answers.items()}
    lines = ["| metric | " + " | ".join(summaries) + " |", "|---|" + "---:|" * len(summaries)]
    for key in keys:
        cells = [("–" if s[key] is None else f"{s[key]:.3f}") for s in summaries.values()]
        lines.append(f"| {key} | " + " | ".join(cells) + " |")
    display(Markdown("\\n".join(lines)))
else:
    print("GOOGLE_API_KEY is not set: only the offline extractive model was evaluated.")
"""

PER_QUESTION = """\
# Per question (extractive): what was missed
rows = ["| id | kind | lang | refused | facts | grounded | cited | s |", "|---|---|---|---|---:|---:|---|---:|"]
for r in answers["extractive"].results:
    facts = "–" if r.facts_rate is None else f"{r.facts_rate:.2f}"
    grounded = "–" if r.groundedness is None else f"{r.groundedness:.2f}"
    cited = ", ".join(f"{c.get('source')} {c.get('date') or ''}".strip() for c in r.citations) or "–"
    rows.append(f"| {r.id} | {r.kind} | {r.language} | {'yes' if r.refused else 'no'} | {facts} | {grounded} | "
                f"{cited} | {r.latency_s:.1f} |")
display(Markdown("\\n".join(rows)))
"""

PLOTS_MD = """\
## 4. Plots

Written to `notebooks/figures/` (or `EVAL_FIGURES_DIR`) by running the notebook; they are not committed.
"""

PLOTS = """\
import numpy as np  # noqa: E402

names = ["ndcg@10", "recall@5", "mrr@10"]
fig, ax = plt.subplots(figsize=(6.5, 3.5))
width = 0.25
for i, mode in enumerate(rev.MODES):
    ax.bar(np.arange(len(names)) + (i - 1) * width, [retrieval[mode][n] for n in names], width, label=mode)
ax.set_xticks(np.arange(len(names)), names)
ax.set_ylim(0, 1.05)
ax.set_title("Retrieval by mode")
ax.legend()
fig.tight_layout()
fig.savefig(FIGURES / "retrieval_modes.png", dpi=110)
plt.close(fig)

langs = list(retrieval_by_language)
fig, ax = plt.subplots(figsize=(6.5, 3.5))
for i, mode in enumerate(rev.MODES):
    ax.bar(np.arange(len(langs)) + (i - 1) * width, [retrieval_by_language[lang][mode]["ndcg@10"] for lang in langs],
           width, label=mode)
ax.set_xticks(np.arange(len(langs)), [f"question language = {lang}" for lang in langs])
ax.set_ylim(0, 1.05)
ax.set_ylabel("nDCG@10")
ax.set_title("Retrieval by question language")
ax.legend()
fig.tight_layout()
fig.savefig(FIGURES / "retrieval_by_language.png", dpi=110)
plt.close(fig)

kinds = answers["extractive"].by("kind")
series = {"facts found": "facts_rate", "grounded": "groundedness", "false refusal": "false_refusal_rate",
          "refusal (unanswerable)": "refusal_rate"}
fig, ax = plt.subplots(figsize=(8, 3.8))
width = 0.2
for i, (label, key) in enumerate(series.items()):
    values = [kinds[k][key] if kinds[k][key] is not None else 0.0 for k in kinds]
    ax.bar(np.arange(len(kinds)) + (i - 1.5) * width, values, width, label=label)
ax.set_xticks(np.arange(len(kinds)), list(kinds))
ax.set_ylim(0, 1.05)
ax.set_title("Answers by kind (extractive)")
ax.legend(fontsize=8)
fig.tight_layout()
fig.savefig(FIGURES / "answers_by_kind.png", dpi=110)
plt.close(fig)

fig, ax = plt.subplots(figsize=(6, 3.5))
for name, evaluation in answers.items():
    ax.hist([r.latency_s for r in evaluation.results], bins=15, alpha=0.6, label=name)
ax.set_xlabel("latency per answer (s)")
ax.set_ylabel("questions")
ax.set_title("Answer latency")
ax.legend()
fig.tight_layout()
fig.savefig(FIGURES / "latency.png", dpi=110)
plt.close(fig)
print(sorted(p.name for p in FIGURES.glob("*.png")))
"""

CHECKS = """\
# Every headline metric is a finite number
def finite(x):
    return x is not None and math.isfinite(float(x))


for mode, m in retrieval.items():
    assert all(finite(v) for v in m.values()), (mode, m)
for lang, by_mode in retrieval_by_language.items():
    assert all(finite(v) for m in by_mode.values() for v in m.values()), lang
assert all(finite(v) for _, v in curve)
for name, evaluation in answers.items():
    s = evaluation.summary
    for key in ("refusal_rate", "false_refusal_rate", "citation_validity", "facts_rate", "groundedness",
                "latency_p50_s", "latency_p95_s", "model_calls_mean"):
        assert finite(s[key]), (name, key, s[key])
for figure in ("retrieval_modes", "retrieval_by_language", "fusion_weight", "answers_by_kind", "latency"):
    assert (FIGURES / f"{figure}.png").stat().st_size > 0, figure
print("all metrics finite")
"""


def build() -> nbformat.NotebookNode:
    cells = [
        new_markdown_cell(INTRO),
        new_code_cell(RUN, metadata={"tags": ["run"]}),
        new_code_cell(HEADLINE, metadata={"tags": ["results"]}),
        new_markdown_cell(SETUP_MD),
        new_code_cell(SETUP),
        new_markdown_cell(RETRIEVAL_MD),
        new_code_cell(RETRIEVAL),
        new_markdown_cell(FUSION_MD),
        new_code_cell(FUSION),
        new_markdown_cell(ANSWERS_MD),
        new_code_cell(ANSWERS),
        new_code_cell(SIDE_BY_SIDE),
        new_code_cell(PER_QUESTION),
        new_markdown_cell(PLOTS_MD),
        new_code_cell(PLOTS),
        new_markdown_cell("## 5. Checks"),
        new_code_cell(CHECKS, metadata={"tags": ["checks"]}),
    ]
    for i, cell in enumerate(cells):
        cell["id"] = f"cell-{i:02d}"  # stable ids: regenerating gives an identical file
    nb = new_notebook(cells=cells, metadata={
        "kernelspec": {"display_name": "Python 3", "language": "python", "name": "python3"},
        "language_info": {"name": "python"},
    })
    return nb


def render() -> str:
    return nbformat.writes(build()) + "\n"


def main(argv: list[str]) -> int:
    text = render()
    if "--check" in argv:
        current = NOTEBOOK.read_text(encoding="utf-8") if NOTEBOOK.exists() else ""
        if current != text:
            print(f"{NOTEBOOK} is not what tools/make_notebook.py generates", file=sys.stderr)
            return 1
        return 0
    NOTEBOOK.parent.mkdir(parents=True, exist_ok=True)
    NOTEBOOK.write_text(text, encoding="utf-8")
    print(f"wrote {NOTEBOOK}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
