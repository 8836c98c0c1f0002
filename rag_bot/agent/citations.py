"""Citation markers ``[n]``: keep those that match a retrieved passage, drop the rest."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

_MARKER = re.compile(r"\s?\[(\s*\d+(?:\s*[,;]\s*\d+)*\s*)\]")


def clean_citations(text: str, documents: Sequence[dict[str, Any]]) -> tuple[str, list[dict[str, Any]]]:
    """Remove markers whose numbers are not passages 1..len(documents); return the text and the citations.

    Each citation is ``{"n", "source", "date", "title", "doc_id"}`` of a passage actually retrieved, in the
    order first cited.
    """
    cited: list[int] = []

    def keep(match: re.Match) -> str:
        numbers = [int(x) for x in re.split(r"[,;]", match[1]) if x.strip()]
        valid = [n for n in numbers if 1 <= n <= len(documents)]
        for n in valid:
            if n not in cited:
                cited.append(n)
        if not valid:
            return ""
        return " " + "".join(f"[{n}]" for n in valid) if match[0].startswith(" ") else "".join(
            f"[{n}]" for n in valid)

    cleaned = _MARKER.sub(keep, text)
    cleaned = re.sub(r"[ \t]+([.,;:!?।])", r"\1", cleaned).strip()
    citations = []
    for n in cited:
        doc = documents[n - 1]
        citations.append({"n": n, "source": doc.get("source"), "date": doc.get("date"), "title": doc.get("title"),
                          "doc_id": doc.get("doc_id")})
    return cleaned, citations
