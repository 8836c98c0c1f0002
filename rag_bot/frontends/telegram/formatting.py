"""Turn agent replies into Telegram HTML messages.

Everything that comes from the model or the documents is cleaned of control characters
(:mod:`rag_bot.safe_text`: a source name holding a newline cannot forge a line of the Sources list, terminal or
bidi controls never reach a chat) and escaped with :func:`html.escape`, so raw text can never break a message.
Long texts are split on the *plain* text (paragraphs, then lines, then sentences, then words, then characters)
with the escaped length as the measure, and each part is escaped on its own - a split can therefore never fall
inside an HTML entity or tag. The only markup we add ourselves is a bold header line.
"""

from __future__ import annotations

import html
import re
from collections.abc import Callable, Iterable
from typing import Any

from rag_bot.agent.citations import page_words, source_label
from rag_bot.frontends.telegram.texts import t
from rag_bot.languages import CLOSERS, sentence_ends
from rag_bot.safe_text import clean_line, clean_text

MAX_MESSAGE = 4096  # Telegram's limit for one text message

def telegram_length(text: str) -> int:
    """Length as Telegram counts it (UTF-16 code units)."""
    return len(text.encode("utf-16-le")) // 2


def escaped_length(text: str) -> int:
    return telegram_length(html.escape(text, quote=False))


# a message piece may also end at an ellipsis (not a sentence end inside documents, so not in the registry)
_SENTENCE = re.compile(rf".*?(?:[{re.escape(sentence_ends())}…][{CLOSERS}]*\s+|$)", re.S)

_SPLITTERS: list[Callable[[str], list[str]]] = [
    lambda t: re.split(r"(?<=\n\n)", t),  # paragraphs (separator kept at the end of the piece)
    lambda t: re.split(r"(?<=\n)", t),  # lines
    lambda t: _SENTENCE.findall(t),  # sentences (closing quotes and the following space stay attached)
    lambda t: re.split(r"(?<=\s)", t),  # words
]


def _units(text: str, level: int) -> list[str]:
    if level >= len(_SPLITTERS):
        return list(text)  # characters: the last resort
    return [u for u in _SPLITTERS[level](text) if u]


def _pack(units: Iterable[str], limit: int, level: int, measure: Callable[[str], int]) -> list[str]:
    parts: list[str] = []
    current, size = "", 0
    for unit in units:
        cost = measure(unit)
        if cost > limit:  # too big on its own: split it at the next, finer boundary
            if current:
                parts.append(current)
                current, size = "", 0
            parts.extend(_pack(_units(unit, level + 1), limit, level + 1, measure))
            continue
        if size + cost > limit and current:
            parts.append(current)
            current, size = "", 0
        current += unit
        size += cost
    if current:
        parts.append(current)
    return parts


def split_text(text: str, limit: int = MAX_MESSAGE, measure: Callable[[str], int] = escaped_length) -> list[str]:
    """Split plain ``text`` into parts whose escaped size is <= ``limit``; ``"".join(parts) == text``.

    Boundaries are tried coarse to fine: paragraph, line, sentence, word, character. Whitespace-only parts are
    merged into their neighbour (Telegram refuses empty messages).
    """
    if measure(text) <= limit:
        return [text]
    parts = _pack(_units(text, 0), limit, 0, measure)
    merged: list[str] = []
    for part in parts:
        if merged and (not part.strip() or not merged[-1].strip()) and measure(merged[-1] + part) <= limit:
            merged[-1] += part
        else:
            merged.append(part)
    return merged


def reply_text(answer: str, citations: list[dict[str, Any]], language: str | None = None) -> str:
    """The plain text shown for a reply: the answer, then ``[n] source, p. page, date · section`` lines under a
    header."""
    body = clean_text(answer or "").strip()
    if citations:
        lines = []
        for c in citations:  # each citation is exactly one line, whatever its source name holds
            page = page_words(c, t(language, "page"), t(language, "pages")) if c.get("page") is not None else None
            lines.append(f"[{c.get('n')}] {clean_line(source_label(c, page))}")
        body += "\n\n" + t(language, "sources") + "\n" + "\n".join(lines)
    return body


def to_html(plain: str, language: str | None = None) -> str:
    """Escape ``plain`` for parse_mode=HTML; a line that is exactly the sources header is made bold."""
    escaped = html.escape(plain, quote=False)
    header = html.escape(t(language, "sources"), quote=False)
    return re.sub(rf"(?m)^{re.escape(header)}$", f"<b>{header}</b>", escaped)


def render(plain: str, language: str | None = None, limit: int = MAX_MESSAGE) -> list[str]:
    """HTML messages (each <= ``limit``) for a plain text; strip each part, drop empty ones."""
    bold_overhead = len("<b></b>")
    parts = split_text(clean_text(plain), limit - bold_overhead)
    out = [to_html(p.strip(), language) for p in parts if p.strip()]
    return out or [html.escape("…")]


def render_reply(answer: str, citations: list[dict[str, Any]], language: str | None = None,
                 limit: int = MAX_MESSAGE) -> list[str]:
    return render(reply_text(answer, citations, language), language, limit)
