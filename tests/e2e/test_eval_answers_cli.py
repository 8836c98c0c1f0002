"""``rag-bot eval answers --json`` end to end on the extractive default (ingests the sample corpus)."""

from __future__ import annotations

import json
import os
import subprocess
import sys

from tests.conftest import REPO


def test_cli_eval_answers_json_on_the_extractive_default(tmp_path):
    env = {k: v for k, v in os.environ.items() if k not in ("GOOGLE_API_KEY", "RAG_BOT_GOOGLE_API_KEY",
                                                            "RAG_BOT_LLM_PROVIDER")}
    env.update({"PYTHONPATH": str(REPO), "ANONYMIZED_TELEMETRY": "False"})
    code = "from rag_bot.frontends import cli_eval; from rag_bot.frontends.cli import main; main()"
    result = subprocess.run(
        [sys.executable, "-c", code, "eval", "answers", "--limit", "8", "--json",
         "--index-dir", str(tmp_path / "index")],
        capture_output=True, text=True, cwd=REPO, env=env, timeout=900,
    )
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
    assert data["ingest"]["failed"] == []
    assert {"en", "hi"} <= set(data["by_language"])
    first = data["questions"][0]
    assert {"id", "answer", "citations", "documents", "refused", "facts_found", "latency_s", "model_calls"} <= set(first)
