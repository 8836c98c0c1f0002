"""Text of a Markdown file through ``markdown-it-py`` (CommonMark + tables), linear in the input.

Line regexes are quadratic on one long line of ``[`` (docs/benchmarks.md); the CommonMark parser is linear there
and nesting is capped by its ``maxNesting``.
"""

from __future__ import annotations

from markdown_it import MarkdownIt
from markdown_it.token import Token

from ingest import html_text
from ingest.gc_pause import gc_paused

_PARSER = MarkdownIt("commonmark").enable("table")


def _inline(children: list[Token] | None) -> str:
    out: list[str] = []
    for child in children or []:
        if child.type in ("text", "code_inline"):
            out.append(child.content)
        elif child.type in ("softbreak", "hardbreak"):
            out.append("\n")
        elif child.type == "image":
            out.append(child.content)  # the alt text
    return "".join(out)


def strip_front_matter(text: str) -> str:
    """Drop a leading ``---`` YAML block (metadata for site generators, not text)."""
    if text.startswith("---\n"):
        end = text.find("\n---", 4)
        if end != -1:
            return text[end + 4:]
    return text


def extract(text: str, headings: list[str] | None = None) -> tuple[str | None, str]:
    """(title: the first heading, body text with blank lines between blocks) of Markdown source; ``headings``,
    when given, receives the text of every heading in order (white space collapsed)."""
    paragraphs: list[str] = []
    title: str | None = None
    in_heading = False
    row: list[str] | None = None
    with gc_paused():  # a million tokens would make the collector's passes grow faster than the input
        tokens = _PARSER.parse(strip_front_matter(text))
    for token in tokens:
        kind = token.type
        if kind == "heading_open":
            in_heading = True
        elif kind == "heading_close":
            in_heading = False
        elif kind == "tr_open":
            row = []
        elif kind == "tr_close":
            if row:
                paragraphs.append(" | ".join(cell for cell in row if cell))
            row = None
        elif kind == "inline":
            line = _inline(token.children)
            if row is not None:
                row.append(" ".join(line.split()))
                continue
            if in_heading and line.strip():
                title = title or " ".join(line.split())
                if headings is not None:
                    headings.append(" ".join(line.split()))
            paragraphs.append(line)
        elif kind in ("fence", "code_block"):
            paragraphs.append(token.content)
        elif kind == "html_block":
            paragraphs.append(html_text.extract(token.content).text)
    body = "\n\n".join(p.strip("\n") for p in paragraphs if p.strip())
    return title, body
