"""Ingestion of hostile and degenerate files (issue 11): each file is indexed or fails with a reason, the index
stays consistent, nothing outside the folder is read, costs grow linearly and one ingest stays under 500 MB."""

from __future__ import annotations

import json
import logging
import os
import re
import subprocess
import sys

import pytest

from ingest.budget import Budget
from ingest.loaders import load_bytes
from ingest.pipeline import ingest_paths
from rag_bot.index.store import IndexStore
from rag_bot.models.embeddings import get_embedder
from rag_bot.retrieval.hybrid import HybridRetriever
from tests import hostile
from tests.conftest import REPO
from tests.cpu_cost import cpu_growth

pytestmark = pytest.mark.heavy  # tens of seconds: the workers start on this file (tests/random_order.py)

CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e\u2066-\u2069]")


def test_hostile_corpus_each_file_ingests_or_fails_with_a_reason(tmp_path, settings, caplog):
    expect = hostile.make_hostile_corpus(tmp_path / "corpus", tmp_path / "outside")
    with caplog.at_level(logging.ERROR, logger="ingest.pipeline"):
        summary = ingest_paths([tmp_path / "corpus"], settings, progress=False)
    assert not [r for r in caplog.records if "unexpected failure" in r.getMessage()]  # no loader crashed
    failed = {f["path"]: f["reason"] for f in summary.failed}
    store = IndexStore(settings, None)
    records = {r.source: r for r in store.load_manifest().files.values()}
    for entry, want in expect.items():
        if want.outcome == "ok":
            assert entry in records, (entry, failed.get(entry))
        elif want.outcome == "fail":
            assert entry in failed and want.reason in failed[entry], (entry, failed.get(entry))
        else:
            assert entry not in records and entry not in failed, entry
    assert set(records) | set(failed) == {e for e, w in expect.items() if w.outcome != "ignored"}

    chroma, keywords, manifest = store.vectors.all_ids(), store.keywords.ids(), store.load_manifest().chunk_ids()
    assert chroma == keywords == manifest
    chunks = store.vectors.get(sorted(chroma))
    texts = {}
    for hit in chunks:
        texts.setdefault(hit.metadata["source"], []).append(hit.text)
        for value in (hit.text, hit.metadata["title"], hit.metadata["source"]):
            assert not CONTROL.search(value), (hit.metadata["source"], value[:80])
        assert "\n" not in hit.metadata["source"] and "\n" not in hit.metadata["title"]
        assert "swordfish" not in hit.text  # the secret behind the symlinks
    for entry, want in expect.items():
        if want.outcome == "ok":
            assert want.text in " ".join(texts[entry]), entry
    retriever = HybridRetriever(settings, get_embedder(settings))
    assert not [h for h in retriever.search("vault combination swordfish", k=10) if "swordfish" in h.text]

    again = ingest_paths([tmp_path / "corpus"], settings, progress=False)
    assert (again.added, again.replaced, again.chunks) == (0, 0, 0)
    assert again.skipped == len(records) and len(again.failed) == len(failed)


def _growth(name: str, make, small: int, settings) -> float:
    """CPU time of loading a 4x larger input over the time of the smaller one (min of five runs each, in turns).

    Linear loaders measure 3-5x here; the bound is 8x because CPU time on a 2-core machine at load average 13
    reached 6.4-6.8x for linear ones (cache pressure), while a quadratic loader costs 16x."""
    loads = []
    for n in (small, 4 * small):
        data = make(n).encode()
        budget = Budget.for_file(len(data), settings)

        def load(data=data, budget=budget):
            try:
                load_bytes(name, data, budget)
            except Exception as exc:  # a refusal costs too; only its growth matters here
                assert exc.__class__.__name__ in ("LoadError", "BudgetExceeded"), exc

        loads.append(load)
    return cpu_growth(loads[0], loads[1])


@pytest.mark.cpu_growth
@pytest.mark.parametrize("kind", sorted(hostile.KINDS))
def test_html_extraction_grows_linearly(kind, settings):
    # quadratic code gives 16x here: BeautifulSoup took 16.7 s for 10k <p> and 137.8 s for 20k (issue 11)
    assert _growth("page.html", hostile.KINDS[kind], 25_000, settings) < 8.0


@pytest.mark.cpu_growth
@pytest.mark.parametrize("kind", sorted(hostile.MARKDOWN_KINDS))
def test_markdown_extraction_grows_linearly(kind, settings):
    assert _growth("notes.md", hostile.MARKDOWN_KINDS[kind], 10_000, settings) < 8.0


@pytest.mark.cpu_growth
@pytest.mark.parametrize("kind", sorted(hostile.RTF_KINDS))
def test_rtf_extraction_grows_linearly(kind, settings):
    # striprtf, the usual library, gave 19.7x on "fields" (2,000 -> 8,000) and 17.8x on an unterminated font table;
    # this reader measured 2.9-4.7x, and 6.8x once for "plain" on a machine at load 13: 8x still separates 16x
    sizes = {"nested groups": 25_000, "open braces": 250_000, "fields": 5_000, "unicode": 10_000, "plain": 20_000}
    assert _growth("letter.rtf", hostile.RTF_KINDS[kind], sizes[kind], settings) < 8.0


@pytest.mark.cpu_growth
@pytest.mark.parametrize("kind", sorted(hostile.EMAIL_KINDS))
def test_email_extraction_grows_linearly(kind, settings):
    # nested parts: the standard parser costs n squared (200 -> 800 levels: 15x measured); refused beyond 200
    sizes = {"flat parts": 2_000, "nested parts": 200, "long subject": 20_000, "lone CR lines": 250_000,
             "RFC 2231 boundaries": 250_000, "many parts": 50_000}
    assert _growth("mail.eml", hostile.EMAIL_KINDS[kind], sizes[kind], settings) < 8.0


@pytest.mark.cpu_growth
def test_refusing_a_pdf_of_shared_content_grows_linearly(tmp_path, settings):
    loads = []
    for pages in (400, 1600):
        path = tmp_path / f"shared-{pages}.pdf"
        hostile.pdf_shared_stream(path, pages)
        data = path.read_bytes()
        budget = Budget.for_file(len(data), settings)

        def load(data=data, budget=budget):
            with pytest.raises(Exception, match="same content"):
                load_bytes("shared.pdf", data, budget)

        loads.append(load)
    # the budget grows with the file, so 4x the pages are read before the refusal; pypdf's page tree adds a little
    # more (5.4x measured); a quadratic refusal would cost 16x
    assert cpu_growth(loads[0], loads[1]) < 8.0


PEAK_RSS = r"""
import json, resource, sys
from pathlib import Path
from ingest.pipeline import ingest_paths
from rag_bot.config import Settings
from rag_bot.models.embeddings import get_embedder
settings = Settings(_env_file=None, index_dir=Path(sys.argv[2]))
get_embedder(settings).embed_passages(["the model is loaded before the bombs"])
base = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
summary = ingest_paths([Path(sys.argv[1])], settings, progress=False)
print(json.dumps({"failed": summary.failed, "added": summary.added, "base_mb": base,
                  "rss_mb": resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024}))
"""


def test_bombs_near_the_size_limit_stay_under_500_mb(tmp_path):
    """Files just under the 50 MB limit that unpack to tens of GB: the ingest adds little to a process that has
    the model loaded (measured 150 MB over it, for files that declare 44 GB), and stays below 500 MB in all."""
    bombs = tmp_path / "bombs"
    hostile.docx_member_bomb(bombs / "members.docx", members=1100, megabytes_each=40)  # 44 GB declared
    hostile.docx_lying_size(bombs / "lying.docx", 45_000)  # declares 2 KB, inflates to 45 GB
    hostile.docx_document_bomb(bombs / "document.docx", 3_900)  # the document part itself: 3.9 GB
    hostile.pdf_flate_bomb(bombs / "flate.pdf", 45_000)  # one page content stream of 45 GB
    sizes = [p.stat().st_size for p in bombs.iterdir()]
    assert max(sizes) < 50_000_000 and min(sizes) > 3_000_000
    result = subprocess.run([sys.executable, "-c", PEAK_RSS, str(bombs), str(tmp_path / "index")],
                            capture_output=True, text=True, cwd=REPO, timeout=600)
    assert result.returncode == 0, result.stderr[-2000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    # the growth is what the files cause; the absolute figure depends on the allocator and the model's runtime
    assert report["rss_mb"] - report["base_mb"] < 300, report
    assert report["rss_mb"] < 500 + max(0.0, report["base_mb"] - 250), report
    assert sorted(f["path"] for f in report["failed"]) == ["document.docx", "flate.pdf", "lying.docx", "members.docx"]
    assert all(f["reason"] for f in report["failed"]) and report["added"] == 0


LOAD_RSS = r"""
import json, sys
from pathlib import Path
from ingest.budget import Budget
from ingest.errors import LoadError
from ingest.loaders import load_bytes
from rag_bot.config import Settings

def peak_mb():
    for line in open("/proc/self/status"):
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024

settings = Settings(_env_file=None)
outcomes = {}
for path in sorted(Path(sys.argv[1]).iterdir()):
    with open("/proc/self/clear_refs", "w") as fh:
        fh.write("5")  # the peak RSS starts again from the current RSS (ru_maxrss is inherited across exec)
    base = peak_mb()
    data = path.read_bytes()
    try:
        loaded = load_bytes(path.name, data, Budget.for_file(len(data), settings))
        outcomes[path.name] = "ok %d" % sum(len(page.text) for page in loaded.pages)
        del loaded
    except LoadError as exc:
        outcomes[path.name] = "failed: %s" % exc
    del data
    outcomes[path.name + " rss"] = peak_mb() - base
print(json.dumps(outcomes))
"""


def test_markup_and_zip_files_stay_under_a_fixed_multiple_of_the_markup_limit(tmp_path):
    """The shapes that took 0.8-2.5 GB (issue 22) from 30-45 MB files: HTML of nested or inline elements, an EPUB
    whose one chapter unpacks to ten times the markup limit (ratio under the zip check), one just under it, a DOCX
    of 500,000 members. Each file's growth of the peak RSS over the process's baseline stays under 14x the markup
    limit (700 MB at the default 50 MB), and each ends read or failed. The limits are set to a fifth of their
    defaults and the files scaled with them: the costs follow the limits, so the old shapes (16-50x the file) still
    break the bound."""
    scale = 0.2
    markup_mb = 50 * scale
    files = tmp_path / "files"
    files.mkdir()
    (files / "inline.html").write_bytes(b"<html><body>" + b"a<b>" * int(7_500_000 * scale) + b"</body></html>")
    (files / "nested.html").write_bytes(b"<html><body>" + b"<div>" * int(9_000_000 * scale) + b"</body></html>")
    hostile.epub_big_chapter(files / "huge-chapter.epub", 9.8 * markup_mb)
    hostile.epub_big_chapter(files / "big-chapter.epub", 0.9 * markup_mb, b"a<b>")
    hostile.write_zip(files / "members.docx", hostile.docx_parts(["Many."]) + [
        hostile.Member(f"x/{i}", b"", 0, 0) for i in range(500_000)], count=3)
    env = {**os.environ, "RAG_BOT_MAX_MARKUP_MB": str(markup_mb),
           "RAG_BOT_MAX_TEXT_CHARS": str(int(10_000_000 * scale))}
    result = subprocess.run([sys.executable, "-c", LOAD_RSS, str(files)], capture_output=True, text=True, cwd=REPO,
                            env=env, timeout=900)
    assert result.returncode == 0, result.stderr[-2000:]
    report = json.loads(result.stdout.strip().splitlines()[-1])
    for name in ("inline.html", "nested.html", "huge-chapter.epub", "big-chapter.epub", "members.docx"):
        assert report[name + " rss"] < 14 * markup_mb, (name, report)
    assert "over the 10 MB limit" in report["huge-chapter.epub"]  # the limit set here, not the default
    assert report["inline.html"].startswith("ok") and "no text" in report["nested.html"]
    assert "RAG_BOT_MAX_MARKUP_MB" in report["huge-chapter.epub"] and "members" in report["members.docx"]
    assert report["big-chapter.epub"].startswith("failed: the text is over")  # counted as it was collected
