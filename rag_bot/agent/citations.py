"""Citation markers: the one grammar of ``[n]``, what document text may not carry, and citation records.

Only the answer model makes citations. So the forms a model would read (or write) as a citation -- ``[2]``,
``[ 2 ]``, ``[1,2]``, ``[1-3]``, ``[^2]``, full-width ``［2］``, lenticular ``【2】``, Devanagari digits ``[२]`` --
are *parsed* in model output (:func:`find_markers`, :func:`clean_citations`) and *neutralised* in document text
(:func:`neutralise`: brackets around anything with a digit become parentheses, so "note [7]" reads "note (7)" and
is quoted as such but never counted), together with the not-found token (``NOT_FOUND`` -> ``NOT FOUND``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Sequence
from typing import Any

OPEN_BRACKETS = "[［【〔〖⟦"
CLOSE_BRACKETS = "]］】〕〗⟧"
_OPEN = f"[{re.escape(OPEN_BRACKETS)}]"
_CLOSE = f"[{re.escape(CLOSE_BRACKETS)}]"
_SEP = r"(?:[,;，；、]|[-–—]|\band\b)"
_NUMBERS = rf"\d+(?:\s*{_SEP}\s*\d+)*"
# A marker as a model writes it (``\d`` is any Unicode decimal digit: ``int("२") == 2``).
MARKER = re.compile(rf"{_OPEN}\s*\^?\s*({_NUMBERS})\s*{_CLOSE}")
MAX_RANGE = 50  # "[1-3]" expands; a "range" wider than this is not a citation of passages

# Document text: any short bracket group holding a digit, and a lone bracket next to a digit (a chunk boundary can
# cut "[7]" in two), lose their brackets.
_GROUP = re.compile(rf"{_OPEN}([^{re.escape(OPEN_BRACKETS + CLOSE_BRACKETS)}\n]{{0,40}}){_CLOSE}")
_LONE_OPEN = re.compile(rf"{_OPEN}(?=\s*[\^#]?\s*\d)")
_LONE_CLOSE = re.compile(rf"(?<=\d)(\s*){_CLOSE}")
_NOT_FOUND_IN_TEXT = re.compile(  # prompts.NOT_FOUND, however spaced or cased
    r"(?i)(not)\s*_+\s*(found)")


def marker_numbers(inner: str) -> list[int]:
    """The passage numbers of one marker's inside (``"1, 3-4"`` -> ``[1, 3, 4]``)."""
    out: list[int] = []
    for part in re.split(r"\s*(?:[,;，；、]|\band\b)\s*", inner.strip()):
        bounds = [int(x) for x in re.split(r"\s*[-–—]\s*", part) if x.strip()]
        if len(bounds) == 2 and 0 <= bounds[1] - bounds[0] <= MAX_RANGE:
            out.extend(range(bounds[0], bounds[1] + 1))
        else:
            out.extend(bounds)
    return out


def find_markers(text: str) -> list[list[int]]:
    """Passage numbers of every marker in ``text``, one list per marker."""
    return [marker_numbers(m[1]) for m in MARKER.finditer(text)]


def neutralise(text: str) -> str:
    """Document text that can carry no citation marker and no not-found token, still readable.

    Idempotent: ``neutralise(neutralise(t)) == neutralise(t)``.
    """
    if not text:
        return text or ""

    def group(match: re.Match[str]) -> str:
        inner = match[1]
        return f"({inner})" if re.search(r"\d", inner) else match[0]

    text = _GROUP.sub(group, text)
    text = _LONE_OPEN.sub("(", text)
    text = _LONE_CLOSE.sub(lambda m: f"{m[1]})", text)
    return _NOT_FOUND_IN_TEXT.sub(r"\1 \2", text)


def neutralise_passage(passage: dict[str, Any]) -> dict[str, Any]:
    """A copy of a passage dict with its text, title and source neutralised (everything a model is shown)."""
    out = dict(passage)
    for key in ("text", "title", "source"):
        if isinstance(out.get(key), str):
            out[key] = neutralise(out[key])
    return out


def valid_numbers(numbers: Iterable[int], count: int) -> list[int]:
    """``numbers`` that name one of ``count`` passages, de-duplicated, in order."""
    return list(dict.fromkeys(n for n in numbers if 1 <= n <= count))


def render_markers(numbers: Iterable[int]) -> str:
    return "".join(f"[{n}]" for n in numbers)


def citation_records(numbers: Iterable[int], documents: Sequence[dict[str, Any]]) -> list[dict[str, Any]]:
    """``{"n", "source", "date", "title", "doc_id", "page", "page_end", "section"}`` of each cited passage, in the
    given order (``page``: a paged format's page or slide number, ``page_end`` the last when the passage runs over
    several; ``section``: the heading the passage is under)."""
    out = []
    for n in numbers:
        doc = documents[n - 1]
        out.append({"n": n, "source": doc.get("source"), "date": doc.get("date"), "title": doc.get("title"),
                    "doc_id": doc.get("doc_id"), "page": doc.get("page"), "page_end": doc.get("page_end"),
                    "section": doc.get("section")})
    return out


def page_words(citation: dict[str, Any], one: str, several: str) -> str:
    """The page part of a source line: ``one`` ("p. {page}") or, for a passage over several pages, ``several``
    ("pp. {page}–{page_end}"), filled in."""
    end = citation.get("page_end")
    if end is not None and end != citation.get("page"):
        return several.format(page=citation.get("page"), page_end=end)
    return one.format(page=citation.get("page"))


def source_label(citation: dict[str, Any], page_text: str | None = None) -> str:
    """How a source is named to people: ``talk.pdf, p. 12, 1969-01-23 · Section``: the file, the page of a paged
    format (``page_text``, a language's own words for it, else "p. 12"), the date, the section heading (each part
    only when known; as given, so a front end cleans it)."""
    label = str(citation.get("source") or "?")
    if citation.get("page") is not None:
        label += ", " + (page_text or page_words(citation, "p. {page}", "pp. {page}–{page_end}"))
    if citation.get("date"):
        label += f", {citation['date']}"
    if citation.get("section"):
        label += f" · {citation['section']}"
    return label


def clean_citations(text: str, documents: Sequence[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """Rewrite every marker as canonical ``[n]`` markers of passages 1..len(documents), dropping the numbers that
    match no passage (and a marker left empty); return the text and the citations in the order first cited."""
    cited: list[int] = []

    def keep(match: re.Match[str]) -> str:
        valid = valid_numbers(marker_numbers(match[1]), len(documents))
        cited.extend(n for n in valid if n not in cited)
        return render_markers(valid)

    cleaned = MARKER.sub(keep, text)
    cleaned = re.sub(r"[ \t]+([.,;:!?।])", r"\1", cleaned)
    cleaned = re.sub(r"[ \t]{2,}", " ", cleaned).strip()
    return cleaned, citation_records(cited, documents)
