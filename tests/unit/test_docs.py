"""The documentation: generated blocks of the docs/ pages match the code, README.md is a short door whose links
resolve, and every setting is documented."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rag_bot.generated_docs import DOCS, PAGES, ROOT, evaluation_block, render, stale_pages

README = ROOT / "README.md"
README_MAX_LINES = 150
LINK = re.compile(r"\[[^\]]*\]\((?P<target>[^)\s]+)\)")


def anchors(markdown: str) -> set[str]:
    """GitHub's anchors of a page's headings (fenced code left out; repeated headings get -1, -2, ...)."""
    seen: dict[str, int] = {}
    out = set()
    fenced = False
    for line in markdown.splitlines():
        if line.startswith("```"):
            fenced = not fenced
        elif not fenced and (match := re.match(r"#{1,6} (.+)", line)):
            slug = re.sub(r"[^\w\- ]", "", match[1].strip().lower()).replace(" ", "-")
            count = seen.get(slug, 0)
            seen[slug] = count + 1
            out.add(slug if count == 0 else f"{slug}-{count}")
    return out


def broken_links(page: Path) -> list[str]:
    """Relative links of ``page`` whose file, or whose #anchor in that file, does not exist."""
    broken = []
    for match in LINK.finditer(page.read_text(encoding="utf-8")):
        target = match["target"]
        if re.match(r"[a-z]+:", target):
            continue  # http(s), mailto
        path, _, anchor = target.partition("#")
        file = (page.parent / path).resolve() if path else page
        if not file.is_file():
            broken.append(target)
        elif anchor and file.suffix == ".md" and anchor not in anchors(file.read_text(encoding="utf-8")):
            broken.append(target)
    return broken


def test_generated_blocks_are_current():
    assert stale_pages() == [], "docs/ pages are stale: run `python -m rag_bot.generated_docs`"


def test_a_stale_block_is_noticed():
    """The check compares whole blocks: a changed figure inside one is regenerated."""
    page = (DOCS / "evaluation.md").read_text(encoding="utf-8")
    tampered = page.replace("| citation validity |", "| citation validity (edited) |")
    assert tampered != page
    assert render(tampered, PAGES["evaluation.md"]) == page


def test_every_setting_is_documented():
    from rag_bot.config import Settings, env_name

    text = (DOCS / "configuration.md").read_text(encoding="utf-8")
    for name, info in Settings.model_fields.items():
        assert f"| `{env_name(name, info)}` |" in text, name
        assert info.description, f"{name} has no description"


def test_evaluation_figures_come_from_the_recorded_run():
    figures = {key: f"<{key}>" for key in ("refusal", "false_refusal", "citations", "facts", "grounded", "calls",
                                          "hybrid_ndcg", "dense_ndcg", "keyword_ndcg", "hybrid_mrr", "keyword_en",
                                          "keyword_hi", "hybrid_en", "hybrid_hi", "facts_en", "facts_hi", "false_en",
                                          "false_hi", "kind_facts", "weakest_kind", "weakest_ndcg", "p50", "p95",
                                          "hybrid_r1", "hybrid_r3", "hybrid_r6", "hybrid_r10", "fusion",
                                          "fusion_points")}
    figures["refusal_points"] = ("at 0.70 40.0 % of the unanswerable refused, 0.0 % false refusals; "
                                 "at 0.80 (configured) 80.0 % of the unanswerable refused, 4.3 % false refusals")
    block = evaluation_block(figures)
    for key, value in figures.items():
        if key != "refusal_points":
            assert value in block, key
    assert "| 0.70 | 40.0 % | 0.0 % |" in block
    assert "| **0.80** | **80.0 %** | **4.3 %** |" in block


def test_readme_is_a_short_door():
    lines = README.read_text(encoding="utf-8").splitlines()
    assert len(lines) <= README_MAX_LINES, f"README.md has {len(lines)} lines; move detail into docs/"


@pytest.mark.parametrize("page", [README, ROOT / "CONTRIBUTING.md", *sorted(DOCS.glob("*.md"))],
                         ids=lambda p: p.name)
def test_links_resolve(page):
    assert broken_links(page) == []


def test_readme_links_every_docs_page():
    text = README.read_text(encoding="utf-8")
    for page in sorted(DOCS.glob("*.md")):
        assert f"](docs/{page.name})" in text, page.name
