"""Write two English FAQ retrieval sets (questions -> their answers) from FAQs that Debian ships.

- ``tests/data/faq_python``: the Python FAQ of ``python3.11-doc`` (reStructuredText sources of the nine FAQ pages).
  Documents carry no title, so the ingester guesses one (the answer's first line), as it does for a plain file.
- ``tests/data/faq_debian``: the Debian FAQ of ``debian-faq`` (its plain-text edition). Documents carry their
  chapter's title ("The Debian archives"), which many answers share.

Each question heading is a query and the text under it (up to the next heading) its one relevant document.
The packages are fetched with ``apt-get download`` (needs current package lists: ``apt-get update``).
Usage: python tools/make_beir_faq.py
"""

from __future__ import annotations

import gzip
import re
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from beir_layout import debian_package, write_beir  # noqa: E402

REPO = Path(__file__).resolve().parent.parent
OUT = REPO / "tests" / "data"
MIN_ANSWER_CHARS = 40

_ROLE = re.compile(r":[a-z:]+:`!?~?([^`<]*?)\s*(?:<[^>]*>)?`")
_LINK = re.compile(r"`([^`<]+?)\s*<[^>]*>`__?")
_LITERAL = re.compile(r"``(.+?)``")
_REF = re.compile(r"`([^`]+)`_")


def _clean_rst_inline(text: str) -> str:
    text = _ROLE.sub(lambda m: m.group(1), text)
    text = _LINK.sub(lambda m: m.group(1), text)
    text = _LITERAL.sub(lambda m: m.group(1), text)
    return _REF.sub(lambda m: m.group(1), text)


def _paragraphs(lines: list[str]) -> str:
    """Prose paragraphs joined into one line each; indented blocks (code, lists' continuation) kept as lines."""
    blocks: list[str] = []
    para: list[str] = []
    block: list[str] = []
    for line in lines + [""]:
        if not line.strip():
            if para:
                blocks.append(" ".join(para))
                para = []
            elif block:
                blocks.append("\n".join(block))
                block = []
            continue
        if line.startswith((" ", "\t")) and not para:
            block.append(line.rstrip())
        else:
            para.append(line.strip())
    text = "\n\n".join(blocks)
    text = re.sub(r"::$", ":", text, flags=re.M)
    return re.sub(r"\n{3,}", "\n\n", _clean_rst_inline(text)).strip()


def python_faq(root: Path) -> list[tuple[str, str, str]]:
    """(page, question, answer) of every question of the Python FAQ."""
    faq_dir = next(root.rglob("_sources/faq"))
    out = []
    for page in sorted(faq_dir.glob("*.rst.txt")):
        if page.name.startswith("index"):
            continue
        lines = page.read_text(encoding="utf-8").splitlines()
        question, body = None, []
        i = 0
        while i < len(lines):
            line = lines[i]
            nxt = lines[i + 1] if i + 1 < len(lines) else ""
            underline = re.fullmatch(r"([-=~^])\1{2,}", nxt.strip()) and len(nxt.strip()) >= len(line.strip()) > 0
            if underline and not line.startswith(" "):
                if question:
                    out.append((page.name.split(".")[0], question, _paragraphs(body)))
                question = _clean_rst_inline(line.strip()) if nxt.strip()[0] == "-" else None
                body = []
                i += 2
                continue
            if re.match(r"\s*\.\. ", line) or re.match(r"\s+:[\w-]+:", line) or re.fullmatch(r"=+", line.strip()):
                i += 1
                continue
            body.append(line)
            i += 1
        if question:
            out.append((page.name.split(".")[0], question, _paragraphs(body)))
    return [row for row in out if len(row[2]) >= MIN_ANSWER_CHARS]


_DEB_HEADING = re.compile(r"^(\d+)\.(\d+)(?:\.\d+)*\. (.*)$")


def debian_faq(root: Path) -> list[tuple[str, str, str]]:
    """(chapter title, question, answer) of every section of the Debian FAQ (plain-text edition)."""
    path = next(root.rglob("debian-faq.en.txt.gz"))
    lines = gzip.decompress(path.read_bytes()).decode("utf-8").replace("\xa0", " ").splitlines()
    start = next(i for i, line in enumerate(lines) if line.startswith("Chapter 1."))
    out = []
    chapter, question, body = "", None, []
    i = start
    while i < len(lines):
        line = lines[i]
        heading = _DEB_HEADING.match(line)
        if line.startswith("Chapter ") or heading:
            if question:
                out.append((chapter, question, _paragraphs([b[4:] if b.startswith("    ") else b for b in body])))
            question, body = None, []
            if line.startswith("Chapter "):
                chapter = line.split(". ", 1)[1].strip()
            else:
                parts = [heading.group(3).strip()]
                while i + 1 < len(lines) and lines[i + 1].strip() and not lines[i + 1].startswith(" "):
                    i += 1
                    parts.append(lines[i].strip())
                question = " ".join(parts)
            i += 1
            continue
        body.append(line)
        i += 1
    if question:
        out.append((chapter, question, _paragraphs([b[4:] if b.startswith("    ") else b for b in body])))
    return [row for row in out if len(row[2]) >= MIN_ANSWER_CHARS]


def _write(name: str, rows: list[tuple[str, str, str]], with_title: bool, readme: str) -> None:
    corpus, queries, qrels = [], [], []
    seen: set[str] = set()
    for n, (group, question, answer) in enumerate(rows, 1):
        if question.casefold() in seen:  # a question asked twice would have two answers: keep the first
            continue
        seen.add(question.casefold())
        doc_id, qid = f"{name}-d{n:03d}", f"{name}-q{n:03d}"
        corpus.append({"_id": doc_id, "title": group if with_title else "", "text": answer})
        queries.append({"_id": qid, "text": question})
        qrels.append((qid, doc_id))
    counts = write_beir(OUT / name, corpus, queries, qrels, readme)
    print(f"{name}: {counts[0]} documents, {counts[1]} queries, {counts[2]} judgements")


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        root, version = debian_package("python3.11-doc", Path(tmp))
        rows = python_faq(root)
        _write("faq_python", rows, with_title=False, readme=(
            "# faq_python\n\nThe Python FAQ (Python 3.11 documentation, Debian package `python3.11-doc` "
            f"{version}) in the BEIR layout: each question heading is a query, the text under it its one "
            "relevant document (no title: the ingester guesses one). Generated by `tools/make_beir_faq.py`.\n\n"
            "Licence: the Python documentation is Copyright (c) 2001-2023 Python Software Foundation, "
            "distributed under the PSF License Agreement (https://docs.python.org/3/license.html); "
            "this is a derived work (text rearranged, markup removed).\n"))
        root, version = debian_package("debian-faq", Path(tmp))
        rows = debian_faq(root)
        _write("faq_debian", rows, with_title=True, readme=(
            "# faq_debian\n\nThe Debian GNU/Linux FAQ (Debian package `debian-faq` "
            f"{version}, plain-text edition) in the BEIR layout: each section heading is a query, the section's "
            "text its one relevant document, titled with its chapter. Generated by `tools/make_beir_faq.py`.\n\n"
            "Licence: Copyright (c) 1996-2021 Software in the Public Interest. Permission is granted to make and "
            "distribute verbatim copies of this document provided the copyright notice and this permission notice "
            "are preserved on all copies. Permission is granted to copy and distribute modified versions of this "
            "document under the conditions for verbatim copying, provided that the entire resulting derived work "
            "is distributed under the terms of a permission notice identical to this one. Permission is granted "
            "to copy and distribute translations of this document into another language, under the above "
            "conditions for modified versions, except that this permission notice may be included in translations "
            "approved by the Free Software Foundation instead of in the original English. "
            "(This set is such a modified version: sections split into question and answer, text unwrapped.)\n"))


if __name__ == "__main__":
    main()
