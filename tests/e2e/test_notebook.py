"""notebooks/evaluation.ipynb runs top to bottom offline, writes its figures and shows the expected metrics."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys

import nbformat
import pytest
from nbclient import NotebookClient

from rag_bot.evaluation.support_probe import PROBES
from tests.conftest import REPO

pytestmark = pytest.mark.heavy  # tens of seconds: the workers start on this file (tests/random_order.py)

NOTEBOOK = REPO / "notebooks" / "evaluation.ipynb"
FIGURES = ("retrieval_modes", "recall_at_k", "fusion_curve", "by_language", "by_kind", "latency", "refusal_threshold",
           "fresh_by_kind", "coverage_curve", *(f"support_{name}" for name in PROBES))
HEADLINE_METRICS = ("nDCG@10", "Recall@5", "MRR@10", "refusal rate on unanswerable questions",
                    "false-refusal rate", "citation validity", "reference facts found", "groundedness",
                    "latency p50 / p95", "model calls per answer")


def ensure_python3_kernel() -> str:
    """The ``python3`` kernel spec of this interpreter (installed into sys.prefix when missing)."""
    from jupyter_client.kernelspec import KernelSpecManager, NoSuchKernel

    try:
        KernelSpecManager().get_kernel_spec("python3")
    except NoSuchKernel:
        subprocess.run([sys.executable, "-m", "ipykernel", "install", "--sys-prefix", "--name", "python3"],
                       check=True, capture_output=True)
    return "python3"


def test_committed_notebook_is_generated_and_has_no_outputs():
    result = subprocess.run([sys.executable, "tools/make_notebook.py", "--check"], cwd=REPO, capture_output=True,
                            text=True)
    assert result.returncode == 0, result.stderr
    nb = nbformat.read(NOTEBOOK, as_version=4)
    code = [c for c in nb.cells if c.cell_type == "code"]
    assert code and all(not c.outputs and c.execution_count is None for c in code)
    # the Markdown quotes a recorded full run (tools/make_notebook.py --record), not placeholders
    recorded = json.loads((REPO / "notebooks" / "eval" / "last_run.json").read_text(encoding="utf-8"))
    assert all(value not in ("", "?") for value in recorded.values())
    markdown = "".join(c.source for c in nb.cells if c.cell_type == "markdown")
    assert f"hybrid nDCG@10 **{recorded['hybrid_ndcg']}**" in markdown


@pytest.mark.timeout(1200)
def test_notebook_runs_offline_and_writes_figures(sample_index, fresh_index, tmp_path, monkeypatch):
    shutil.copytree(sample_index, tmp_path / "index")  # the notebook's own ingestion then finds data/corpus indexed
    shutil.copytree(fresh_index, tmp_path / "index-fresh")  # and the fresh archive (it reads INDEX_DIR-fresh)
    copy = tmp_path / "evaluation.ipynb"
    shutil.copy(NOTEBOOK, copy)
    figures = tmp_path / "figures"
    for key in ("GOOGLE_API_KEY", "RAG_BOT_GOOGLE_API_KEY", "RAG_BOT_LLM_PROVIDER"):
        monkeypatch.delenv(key, raising=False)
    monkeypatch.setenv("RAG_BOT_INDEX_DIR", str(tmp_path / "index"))
    monkeypatch.setenv("EVAL_FIGURES_DIR", str(figures))
    monkeypatch.setenv("EVAL_QUESTIONS_PER_KIND", "1")  # every kind once (retrieval: every question, both languages)
    monkeypatch.setenv("ANONYMIZED_TELEMETRY", "False")
    monkeypatch.delenv("MPLBACKEND", raising=False)  # the notebook chooses its (inline) backend itself

    nb = nbformat.read(copy, as_version=4)
    client = NotebookClient(nb, kernel_name=ensure_python3_kernel(), timeout=900,
                            resources={"metadata": {"path": str(REPO)}})
    client.execute()  # raises CellExecutionError when a cell fails
    nbformat.write(nb, copy)

    errors = [o for c in nb.cells if c.cell_type == "code" for o in c.outputs if o.output_type == "error"]
    assert not errors
    # every figure is shown inline, under the cell that draws it, and also written to the figures folder
    shown_inline = [c for c in nb.cells if c.cell_type == "code" for o in c.outputs
                    if "image/png" in o.get("data", {})]
    assert len(shown_inline) >= len(FIGURES)
    figure_cells = [c for c in nb.cells if "figure" in c.metadata.get("tags", [])]
    assert figure_cells and all(any("image/png" in o.get("data", {}) for o in c.outputs) for c in figure_cells)
    for name in FIGURES:
        path = figures / f"{name}.png"
        assert path.exists() and path.stat().st_size > 1000, name
        assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"

    results_cell = next(c for c in nb.cells if "results" in c.metadata.get("tags", []))
    shown = "".join(o.get("data", {}).get("text/markdown", "") + o.get("text", "") for o in results_cell.outputs)
    assert shown.startswith("| metric | extractive |"), shown[:200]
    for metric in HEADLINE_METRICS:
        assert metric in shown, metric

    data = json.loads((figures / "results.json").read_text(encoding="utf-8"))
    assert set(data["retrieval"]) == {"dense", "keyword", "hybrid"}
    assert set(data["retrieval_by_language"]) == {"en", "hi"}
    assert set(data["retrieval_by_kind"]) == {"date", "topical", "cross_lingual"}
    assert all(len(points) == 10 for points in data["recall_at_k"].values())
    for knob, entry in data["fusion_curves"].items():  # whatever knobs the tuner sweeps
        assert len(entry["curve"]) >= 2 and all(0.0 <= p[-1] <= 1.0 for p in entry["curve"]), knob
    summary = data["answers"]["extractive"]["summary"]
    assert summary["questions"] == 5 and summary["citation_validity"] == 1.0  # one question of each of the 5 kinds
    curve = data["refusal_curve"]
    assert [p["threshold"] for p in curve] == [0.70, 0.80, 0.90]
    # the threshold reaches the answer model: raising it refuses more answerable questions
    assert curve[-1]["false_refusals"] > curve[0]["false_refusals"]
    # the fresh archive: per-kind figures after (this run) beside the recorded before, and the coverage curve
    fresh = data["fresh"]
    assert {"dev", "test"} <= set(fresh["after"]) and {"dev", "test"} <= set(fresh["before"])
    assert fresh["after"]["all"]["date_summary_answered"] is not None
    assert [p["min_coverage"] for p in fresh["coverage_curve"]] == [0.0, 0.75, 1.0]
    # a full run's results.json is what `make_notebook.py --record` turns into the Markdown figures
    sys.path.insert(0, str(REPO / "tools"))
    import make_notebook

    recorded = make_notebook.last_run_figures(data)
    for template in (make_notebook.RETRIEVAL_MD, make_notebook.FUSION_MD, make_notebook.REFUSAL_MD,
                     make_notebook.LANGUAGE_MD, make_notebook.KIND_MD, make_notebook.LATENCY_MD):
        template.format(**recorded)
    # the support check per kind: every probe's before and after (read from notebooks/eval/support) cover its kinds
    from rag_bot.evaluation.support_probe import PROBES, load_probe, missing_cells

    support = json.loads((figures / "support_by_kind.json").read_text(encoding="utf-8"))
    assert set(support) == set(PROBES)
    for name, folder in PROBES.items():
        _, pairs = load_probe(REPO / folder)
        assert not missing_cells(support[name]["before"], pairs) and not missing_cells(support[name]["after"], pairs)
    support_cell = next(c for c in nb.cells if "support" in c.metadata.get("tags", []))
    tables = "".join(o.get("data", {}).get("text/markdown", "") for o in support_cell.outputs)
    assert tables.count("| negation | dropped >= 85% |") == len(PROBES)
    checks = next(c for c in nb.cells if "checks" in c.metadata.get("tags", []))
    assert "all metrics finite" in "".join(o.get("text", "") for o in checks.outputs)
