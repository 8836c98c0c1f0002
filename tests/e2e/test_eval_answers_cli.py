"""``rag-bot eval answers --json`` end to end on the extractive default, through ``main()`` in this process (the
command, not the process, is under test); the index is a copy of the session's sample index, so the command's own
ingestion of the sample corpus finds every file already indexed."""

from __future__ import annotations

import json
import shutil

from tests.cli_support import run_cli_here
from tests.conftest import REPO


def test_cli_eval_answers_json_on_the_extractive_default(sample_index, tmp_path):
    shutil.copytree(sample_index, tmp_path / "index")
    result = run_cli_here(["eval", "answers", "--limit", "8", "--json", "--index-dir", str(tmp_path / "index")], REPO)
    assert result.returncode == 0, result.stderr[-3000:]
    data = json.loads(result.stdout.strip().splitlines()[-1])
    assert {"provider", "judge", "threshold", "summary", "by_language", "by_kind", "questions", "ingest"} <= set(data)
    assert data["provider"] == "extractive" and data["judge"] == "embedding"
    s = data["summary"]
    for key in ("refusal_rate", "false_refusal_rate", "citation_validity", "facts_rate", "groundedness",
                "latency_p50_s", "latency_p95_s", "model_calls_mean"):
        assert key in s
    assert s["questions"] == 8 and len(data["questions"]) == 8
    assert s["citation_validity"] == 1.0
    assert data["ingest"]["failed"] == [] and data["ingest"]["added"] == 0  # the copied index was complete
    assert {"en", "hi"} <= set(data["by_language"])
    first = data["questions"][0]
    assert {"id", "answer", "citations", "documents", "refused", "facts_found", "latency_s", "model_calls"} <= set(first)
