"""The README's command lines through ``rag-bot``'s ``main()`` (in this process: these tests are about the
commands; tests/e2e/security/test_cli.py runs the installed entry point): ``search`` and each of its flags,
``ingest --prune --language``, and the ``mode:`` line every agent command prints on stderr."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli_support import run_cli_here
from tests.filemakers import write_texts
from tests.stand_ins.gemini_api import GeminiStandIn, text_response

DOCS = {
    "river-2021-03-04.txt": "The River Festival\nDate: 2021-03-04\n\nAt the river festival the children floated "
                            "paper lanterns on the water while the kestrel circled above the bank.",
    "harvest-2021-05-10.txt": "The Harvest Fair\nDate: 2021-05-10\n\nAt the harvest fair the farmers hung paper "
                              "lanterns over the stalls of apples and pears.",
    "winter-2022-01-15.txt": "Winter Evening\nDate: 2022-01-15\n\nOn the winter evening the paper lanterns were lit "
                             "along the frozen lane to the school.",
    "lalten-2021-04-01.txt": "लालटेन का मेला\nदिनांक: 2021-04-01\n\nमेले में बच्चों ने कागज़ की लालटेन नदी के पानी पर "
                             "छोड़ीं। गाँव के लोग रात तक गीत गाते रहे।",
}


def ok(result) -> str:
    assert result.returncode == 0, (result.returncode, result.stdout[-2000:], result.stderr[-3000:])
    return result.stdout


@pytest.fixture(scope="module")
def indexed(tmp_path_factory) -> Path:
    root = tmp_path_factory.mktemp("cli_commands")
    write_texts(root / "docs", DOCS)
    summary = json.loads(ok(run_cli_here(["ingest", "docs", "--index-dir", "idx", "--json"], root)))
    assert summary["added"] == len(DOCS) and summary["failed"] == [], summary
    return root


def search(root: Path, *args: str) -> list[dict]:
    return json.loads(ok(run_cli_here(["search", *args, "--index-dir", "idx", "--json"], root)))


# --- rag-bot search --------------------------------------------------------------------------------------------
def test_search_without_filters_finds_every_document_and_k_caps_the_hits(indexed):
    hits = search(indexed, "paper lanterns", "--k", "10")
    assert {h["source"] for h in hits} == set(DOCS)
    assert [h["score"] for h in hits] == sorted((h["score"] for h in hits), reverse=True)
    assert len(search(indexed, "paper lanterns", "--k", "2")) == 2


def test_search_date_filters(indexed):
    exact = search(indexed, "paper lanterns", "--date", "2021-05-10", "--k", "10")
    assert exact and {h["date"] for h in exact} == {"2021-05-10"}
    ranged = search(indexed, "paper lanterns", "--from", "2021-03-01", "--to", "2021-04-30", "--k", "10")
    assert {h["date"] for h in ranged} == {"2021-03-04", "2021-04-01"}
    after = search(indexed, "paper lanterns", "--from", "2021-06-01", "--k", "10")
    assert {h["source"] for h in after} == {"winter-2022-01-15.txt"}


def test_search_language_filter(indexed):
    hindi = search(indexed, "लालटेन", "--language", "hi", "--k", "10")
    assert hindi and {h["language"] for h in hindi} == {"hi"} and hindi[0]["source"] == "lalten-2021-04-01.txt"
    english = search(indexed, "paper lanterns", "--language", "en", "--k", "10")
    assert english and "lalten-2021-04-01.txt" not in {h["source"] for h in english}


@pytest.mark.parametrize("mode", ["hybrid", "dense", "keyword"])
def test_search_modes_and_text_output(indexed, mode):
    hits = search(indexed, "kestrel", "--mode", mode, "--k", "3")
    assert hits and hits[0]["source"] == "river-2021-03-04.txt"
    text = ok(run_cli_here(["search", "kestrel", "--mode", mode, "--k", "1", "--index-dir", "idx"], indexed))
    assert text.startswith("1. The River Festival — river-2021-03-04.txt (2021-03-04, en) score ")
    assert "kestrel" in text and "2. " not in text


@pytest.mark.parametrize("flags, said", [
    (["--date", "2021-13-45"], "2021-13-45"),
    (["--from", "2022-01-01", "--to", "2021-01-01"], "2022-01-01"),
    (["--language", "fr"], "fr"),
    (["--mode", "magic"], "hybrid, dense or keyword"),
], ids=["bad-date", "reversed-range", "language", "mode"])
def test_search_refuses_bad_flags_without_a_traceback(indexed, flags, said):
    result = run_cli_here(["search", "lanterns", "--index-dir", "idx", *flags], indexed)
    assert result.returncode == 2 and said in result.stderr, result.stderr
    assert "Traceback" not in result.stderr and result.stdout == ""


# --- rag-bot ingest --prune --language -------------------------------------------------------------------------
def test_ingest_language_and_prune_through_the_cli(tmp_path):
    root = tmp_path  # its own index: a file's identity is its folder's absolute path, so no copy of another index
    write_texts(root / "docs", DOCS)
    assert json.loads(ok(run_cli_here(["ingest", "docs", "--index-dir", "idx", "--json"], root)))["added"] == len(DOCS)
    english_as_hindi = {"forced-2023-02-02.txt": "Forced Language\nDate: 2023-02-02\n\nThe heron waited by the "
                                                 "reeds of the marsh until the evening bell."}
    write_texts(root / "other", english_as_hindi)
    summary = json.loads(ok(run_cli_here(["ingest", "other", "--language", "hi", "--index-dir", "idx", "--json"], root)))
    assert summary["added"] == 1
    [forced] = [h for h in search(root, "heron reeds marsh", "--k", "10") if h["source"] == "forced-2023-02-02.txt"]
    assert forced["language"] == "hi"  # --language overrides detection
    assert search(root, "heron reeds marsh", "--language", "hi", "--k", "10")

    (root / "docs" / "harvest-2021-05-10.txt").unlink()
    kept = json.loads(ok(run_cli_here(["ingest", "docs", "--index-dir", "idx", "--json"], root)))
    assert kept["removed"] == 0  # without --prune a file gone from disk stays indexed
    assert "harvest-2021-05-10.txt" in {h["source"] for h in search(root, "harvest fair apples", "--k", "10")}
    pruned = json.loads(ok(run_cli_here(["ingest", "docs", "--prune", "--index-dir", "idx", "--json"], root)))
    assert pruned["removed"] == 1
    sources = {h["source"] for h in search(root, "harvest fair apples paper lanterns", "--k", "10")}
    assert "harvest-2021-05-10.txt" not in sources
    assert "forced-2023-02-02.txt" in {h["source"] for h in search(root, "heron reeds marsh", "--k", "10")}, (
        "--prune removes only files inside the paths given")
    result = run_cli_here(["ingest", "docs", "--language", "fr", "--index-dir", "idx"], root)
    said = " ".join(result.stderr.replace("│", " ").split())  # the usage panel may wrap the sentence
    assert result.returncode == 2 and "use auto or one of en, hi" in said and "Traceback" not in result.stderr


def test_ingest_of_one_file_that_links_out_of_its_folder_is_refused(tmp_path):
    """``rag-bot ingest docs/link.md`` where the link leads out of ``docs``: one sentence, exit 1, nothing read;
    a link to a file inside the folder is followed (issue 22, from the mutation run)."""
    write_texts(tmp_path / "outside", {"secret.md": "The vault combination is swordfish 4471."})
    write_texts(tmp_path / "docs", {"notes.md": "The heron waits by the reeds."})
    (tmp_path / "docs" / "link.md").symlink_to(tmp_path / "outside" / "secret.md")
    (tmp_path / "docs" / "alias.md").symlink_to("notes.md")
    result = run_cli_here(["ingest", "docs/link.md", "--index-dir", "idx", "--json"], tmp_path)
    assert result.returncode == 1 and "Traceback" not in result.stderr
    summary = json.loads(result.stdout.strip().splitlines()[-1])
    assert summary["added"] == 0 and summary["chunks"] == 0
    assert summary["failed"] == [{"path": "docs/link.md",
                                  "reason": "a symbolic link to outside the ingested folder (not followed)"}]
    plain = run_cli_here(["ingest", "docs/link.md", "--index-dir", "idx"], tmp_path)
    assert plain.returncode == 1 and [line.strip() for line in plain.stdout.splitlines() if "link.md" in line] == [
        "FAILED docs/link.md: a symbolic link to outside the ingested folder (not followed)"]
    assert json.loads(ok(run_cli_here(["ingest", "docs/alias.md", "--index-dir", "idx", "--json"], tmp_path)))["added"] == 1


# --- the mode: line ----------------------------------------------------------------------------------------------
def mode_lines(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("mode: ")]


def test_agent_commands_print_the_offline_mode(indexed):
    asked = run_cli_here(["ask", "What did the children float on the water?", "--index-dir", "idx"], indexed)
    assert "lanterns" in ok(asked)
    assert mode_lines(asked.stderr) == [
        "mode: offline extractive (answers quote retrieved sentences verbatim; set GOOGLE_API_KEY for Gemini)"]
    chatted = run_cli_here(["chat", "--index-dir", "idx"], indexed, stdin="/quit\n")
    ok(chatted)
    assert [line.split(" (")[0] for line in mode_lines(chatted.stderr)] == ["mode: offline extractive"]
    searched = run_cli_here(["search", "lanterns", "--index-dir", "idx"], indexed)
    assert mode_lines(ok(searched) and searched.stderr) == []  # search uses no model: no mode line


def test_agent_commands_print_the_gemini_mode_with_the_answer_model(indexed):
    def responder(request):
        if request.system_text.startswith("You classify ONE user message"):
            return text_response("conversational")
        reply = text_response("Hello from the stand-in.")
        return [reply] if request.action == "streamGenerateContent" else reply

    with GeminiStandIn(api_key="k-mode-line", responder=responder) as gemini:
        env = {"GOOGLE_API_KEY": "k-mode-line", "RAG_BOT_GEMINI_BASE_URL": gemini.base_url,
               "RAG_BOT_ANSWER_MODEL": "gemini-answer-x", "RAG_BOT_LLM_MAX_RETRIES": "0"}
        asked = run_cli_here(["ask", "Hello!", "--index-dir", "idx"], indexed, env)
        assert "Hello from the stand-in." in ok(asked)
        chatted = run_cli_here(["chat", "--index-dir", "idx"], indexed, env, stdin="/quit\n")
        ok(chatted)
    expected = ["mode: Gemini (answers by gemini-answer-x, written only from retrieved passages)"]
    assert mode_lines(asked.stderr) == expected and mode_lines(chatted.stderr) == expected
    assert gemini.generate_requests  # the mode named is the mode that ran
