"""`rag-bot eval retrieval` end to end on BEIR-layout sets built from our own CC0 text (through ``main()`` in this
process: the command, not the process, is under test)."""

from __future__ import annotations

import json

import pytest

from tests.cli_support import run_cli_here
from tests.conftest import REPO

pytestmark = pytest.mark.heavy  # tens of seconds: the workers start on this file (tests/random_order.py)


def run_eval(dataset: str, tmp_path, *extra: str) -> tuple[dict, list[list[str]]]:
    run_file = tmp_path / "run.tsv"
    result = run_cli_here(["eval", "retrieval", f"tests/data/{dataset}", "--index-dir", str(tmp_path / "index"),
                           "--run-file", str(run_file), "--json", *extra], REPO)
    assert result.returncode == 0, result.stderr[-2000:]
    rows = [line.split() for line in run_file.read_text().splitlines()]
    return json.loads(result.stdout.strip().splitlines()[-1]), rows


def check_run_file(rows: list[list[str]], queries: set[str], documents: set[str]) -> None:
    assert rows and all(len(r) == 6 and r[1] == "Q0" for r in rows)
    assert {r[0] for r in rows} == queries
    for qid in queries:
        mine = [r for r in rows if r[0] == qid]
        assert [int(r[3]) for r in mine] == list(range(1, len(mine) + 1))
        scores = [float(r[4]) for r in mine]
        assert scores == sorted(scores, reverse=True)
        assert len({r[2] for r in mine}) == len(mine)  # one row per document
    assert {r[2] for r in rows} <= documents


def dataset_ids(name: str) -> tuple[set[str], set[str]]:
    base = REPO / "tests" / "data" / name
    docs = {json.loads(line)["_id"] for line in (base / "corpus.jsonl").read_text().splitlines() if line.strip()}
    qids = {line.split("\t")[0] for line in (base / "qrels" / "test.tsv").read_text().splitlines()[1:]}
    return qids, docs


def test_eval_on_the_talks_set_hybrid_beats_both(tmp_path):
    result, rows = run_eval("beir_talks", tmp_path, "--k", "10")
    check_run_file(rows, *dataset_ids("beir_talks"))
    m = result["metrics"]
    assert m["hybrid"]["ndcg@10"] >= max(m["dense"]["ndcg@10"], m["keyword"]["ndcg@10"])
    assert result["ingest"]["failed"] == []


def test_eval_on_beir_mini_with_tuning(tmp_path):
    result, rows = run_eval("beir_mini", tmp_path, "--tune", "--bare")
    check_run_file(rows, *dataset_ids("beir_mini"))
    m = result["metrics"]
    weights = dict((round(w, 1), v) for w, v in result["tuning"]["dense_weight"]["curve"])
    assert weights[1.0] == m["dense"]["ndcg@10"]  # weight 1 is the dense ranking
    gates = dict((round(g, 2), v) for g, v in result["tuning"]["keyword_gate"]["curve"])
    assert gates[round(result["keyword_gate"], 2)] == m["hybrid"]["ndcg@10"]  # the configured gate is on the curve
    assert result["tuning"]["dense_weight"]["best_ndcg@10"] >= max(m["dense"]["ndcg@10"], m["keyword"]["ndcg@10"])
    assert m["dense"]["ndcg@10"] > 0.8 and m["hybrid"]["recall@100"] == 1.0
    assert {"p@1", "ndcg@10", "recall@100", "mrr@10"} <= m["hybrid"].keys()
    assert m["model"]["recall@100"] == 1.0 and m["model"]["p@1"] > 0.5  # the bare model's reference row
