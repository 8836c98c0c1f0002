"""The generated parts of the documentation pages in ``docs/``.

``python -m rag_bot.generated_docs`` rewrites every ``<!-- NAME:start -->...<!-- NAME:end -->`` block of the pages
below from the code (settings, the compiled agent graph) and from the recorded evaluation run; ``--check`` exits 1
when a page is stale, and ``tests/unit/test_docs.py`` fails on the same condition.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
DOCS = ROOT / "docs"
LAST_RUN = ROOT / "notebooks" / "eval" / "last_run.json"
SECTION = re.compile(r"^\s*# --- (?P<title>[^-(]+?)\s*(?:\(.*)?-*\s*$")
FIELD = re.compile(r"^    (?P<name>[a-z_][a-z0-9_]*)\s*:")
# The ingestion limits that docs/formats.md lists: every "max_" setting of the ingestion section, plus the upload cap.
EXTRA_LIMITS = ("telegram_max_upload_mb",)
INGEST_SECTION = "index and ingestion"


def settings_sections() -> list[tuple[str, list[str]]]:
    """``(section title, field names)`` in declaration order, from the ``# --- title ---`` comments of config.py."""
    from rag_bot import config
    from rag_bot.config import Settings

    sections: list[tuple[str, list[str]]] = [("general", [])]
    for line in Path(config.__file__).read_text(encoding="utf-8").splitlines():
        if match := SECTION.match(line):
            sections.append((match["title"].strip(), []))
        elif (match := FIELD.match(line)) and match["name"] in Settings.model_fields:
            sections[-1][1].append(match["name"])
    return [(title, names) for title, names in sections if names]


def _row(name: str) -> str:
    from rag_bot.config import Settings, env_name

    info = Settings.model_fields[name]
    default = info.get_default(call_default_factory=True)
    if isinstance(default, list):
        default = ",".join(map(str, default)) or "(empty)"
    shown = "(unset)" if default is None else f"`{default}`"
    return f"| `{env_name(name, info)}` | {shown} | {info.description or ''} |"


def _table(names: list[str]) -> str:
    return "\n".join(["| variable | default | meaning |", "|---|---|---|", *map(_row, names)])


def settings_block() -> str:
    """Every setting, one table per section of config.py."""
    parts = [f"### {title[0].upper()}{title[1:]}\n\n{_table(names)}" for title, names in settings_sections()]
    return "\n\n".join(parts)


def limits_block() -> str:
    """The settings that bound what one file or upload may cost."""
    ingest = dict(settings_sections()).get(INGEST_SECTION, [])
    return _table([n for n in ingest if n.startswith("max_")] + list(EXTRA_LIMITS))


def graph_block() -> str:
    """The compiled agent graph as Mermaid."""
    from rag_bot.agent.diagram import mermaid_block

    return mermaid_block()


REFUSAL_POINT = re.compile(r"at (?P<t>[\d.]+)(?P<configured> \(configured\))? (?P<refused>.+?) of the unanswerable "
                           r"refused, (?P<false>.+?) false refusals")


def evaluation_block(figures: dict[str, str] | None = None) -> str:
    """The figures of the recorded notebook run (``notebooks/eval/last_run.json``, written by
    ``tools/make_notebook.py --record``): answers, retrieval, refusal curve."""
    from rag_bot.languages import registry

    f = figures if figures is not None else json.loads(LAST_RUN.read_text(encoding="utf-8"))
    langs = registry()
    en, hi = (langs.get(code) for code in ("en", "hi"))
    head = f"| measure | all | {en.name if en else 'en'} | {hi.name if hi else 'hi'} |"
    rows = [
        head, "|---|---:|---:|---:|",
        f"| unanswerable questions refused | {f['refusal']} | | |",
        f"| false refusals (answerable questions refused) | {f['false_refusal']} | {f['false_en']} | {f['false_hi']} |",
        f"| citation validity | {f['citations']} | | |",
        f"| facts found | {f['facts']} | {f['facts_en']} | {f['facts_hi']} |",
        f"| grounded | {f['grounded']} | | |",
        f"| model calls per question | {f['calls']} | | |",
        f"| retrieval nDCG@10, hybrid | {f['hybrid_ndcg']} | {f['hybrid_en']} | {f['hybrid_hi']} |",
        f"| retrieval nDCG@10, dense | {f['dense_ndcg']} | | |",
        f"| retrieval nDCG@10, keyword | {f['keyword_ndcg']} | {f['keyword_en']} | {f['keyword_hi']} |",
        f"| retrieval MRR@10, hybrid | {f['hybrid_mrr']} | | |",
        f"| latency per answer p50 / p95 (s) | {f['p50']} / {f['p95']} | | |",
    ]
    curve = ["| threshold | unanswerable refused | false refusals |", "|---:|---:|---:|"]
    for m in REFUSAL_POINT.finditer(f["refusal_points"]):
        mark = (lambda s: f"**{s}**") if m["configured"] else (lambda s: s)
        curve.append(f"| {mark(m['t'])} | {mark(m['refused'])} | {mark(m['false'])} |")
    return "\n".join([
        *rows, "",
        f"Facts found per kind of question: {f['kind_facts']}. Hybrid Recall@k: k=1 {f['hybrid_r1']}, "
        f"k=3 {f['hybrid_r3']}, k=6 {f['hybrid_r6']}, k=10 {f['hybrid_r10']}. Weakest kind for retrieval: "
        f"{f['weakest_kind']} (hybrid nDCG@10 {f['weakest_ndcg']}).",
        "",
        f"Fusion curve ({f['fusion']} fusion, nDCG@10 as one knob moves): {f['fusion_points']}.",
        "",
        "Refusals as `RAG_BOT_MIN_RELEVANCE` varies (every question asked again at each threshold; the configured "
        "value in bold):",
        "",
        *curve,
    ])


PAGES: dict[str, dict[str, Callable[[], str]]] = {
    "configuration.md": {"settings": settings_block},
    "formats.md": {"limits": limits_block},
    "architecture.md": {"graph": graph_block},
    "evaluation.md": {"evaluation-results": evaluation_block},
}


def render(text: str, blocks: dict[str, Callable[[], str]]) -> str:
    """``text`` with each named ``<!-- NAME:start -->...<!-- NAME:end -->`` block regenerated."""
    for name, make in blocks.items():
        pattern = re.compile(rf"(<!-- {name}:start -->\n).*?(<!-- {name}:end -->)", re.S)
        if not pattern.search(text):
            raise ValueError(f"the page has no <!-- {name}:start --> ... <!-- {name}:end --> block")
        body = make()
        text = pattern.sub(lambda m, b=body: m.group(1) + b + "\n" + m.group(2), text)
    return text


def stale_pages() -> list[Path]:
    """The pages whose generated blocks differ from what the code generates now."""
    stale = []
    for page, blocks in PAGES.items():
        path = DOCS / page
        text = path.read_text(encoding="utf-8")
        if render(text, blocks) != text:
            stale.append(path)
    return stale


def main(argv: list[str]) -> int:
    if "--check" in argv:
        stale = stale_pages()
        for path in stale:
            print(f"{path.relative_to(ROOT)} is stale: run python -m rag_bot.generated_docs", file=sys.stderr)
        return 1 if stale else 0
    for page, blocks in PAGES.items():
        path = DOCS / page
        text = path.read_text(encoding="utf-8")
        path.write_text(render(text, blocks), encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
