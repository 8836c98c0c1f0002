"""Token-aware chunking: paragraphs and sentences packed up to the embedding model's budget.

No chunk exceeds the budget (a sentence longer than the budget is split at word boundaries, and a single word
longer than that at character boundaries), so the embedding model never truncates silently. Chunks carry a
sequence number (``seq``) in document order; neighbours are ``seq - 1`` and ``seq + 1``.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from rag_bot.languages import CLOSERS, sentence_ends
from rag_bot.languages import split_sentences as _split_sentences

# bump when chunk boundaries change: indexed files are then re-chunked on the next run. 3: a sentence keeps the
# closing quote after its full stop (2 cut it out with the white space).
CHUNKER_VERSION = "3"
_PARAGRAPHS = re.compile(r"\n\s*\n")


@dataclass
class TextChunk:
    """A piece of one document."""

    seq: int
    text: str
    page: int | None = None


_TERMINAL = tuple(sentence_ends() + ":;," + CLOSERS.replace("\\", ""))


def paragraphs(text: str) -> list[str]:
    """Blank-line separated paragraphs; a short unpunctuated line (a heading, a by-line) stands on its own.

    PDF text layers rarely keep blank lines, so without this a title would be glued to the first sentence.
    """
    out: list[str] = []
    for block in _PARAGRAPHS.split(text):
        current: list[str] = []
        for line in block.splitlines():
            line = line.strip()
            if not line:
                continue
            after_sentence = not current or current[-1].endswith(_TERMINAL)
            if len(line) < 70 and not line.endswith(_TERMINAL) and after_sentence:
                if current:
                    out.append(" ".join(current))
                    current = []
                out.append(line)
            else:
                current.append(line)
        if current:
            out.append(" ".join(current))
    return out


def split_sentences(text: str) -> list[str]:
    """Sentences of one paragraph (every registered language's sentence ends; closing quotes stay)."""
    return _split_sentences(text)


def _split_long(piece: str, budget: int, count: Callable[[str], int]) -> list[str]:
    """Split an over-long sentence at word boundaries (characters for one giant word)."""
    out: list[str] = []
    current: list[str] = []
    for word in piece.split():
        if count(word) > budget:
            if current:
                out.append(" ".join(current))
                current = []
            step = max(1, len(word) // (count(word) // budget + 1))
            out.extend(word[i:i + step] for i in range(0, len(word), step))
            continue
        if current and count(" ".join([*current, word])) > budget:
            out.append(" ".join(current))
            current = [word]
        else:
            current.append(word)
    if current:
        out.append(" ".join(current))
    return out


def chunk_pages(pages: list[tuple[str, int | None]], budget: int, count: Callable[[str], int]) -> list[TextChunk]:
    """Pack sentences of consecutive pages into chunks of at most ``budget`` tokens (as ``count`` measures)."""
    units: list[tuple[str, int | None, bool]] = []  # (text, page, starts_paragraph)
    for text, page in pages:
        for para in paragraphs(text):
            para = " ".join(para.split())
            if not para:
                continue
            first = True
            for sentence in split_sentences(para):
                pieces = [sentence] if count(sentence) <= budget else _split_long(sentence, budget, count)
                for piece in pieces:
                    units.append((piece, page, first))
                    first = False
    chunks: list[TextChunk] = []
    buf: list[str] = []
    buf_page: int | None = None
    for text, page, new_para in units:
        joiner = "\n\n" if new_para else " "
        candidate = (buf and joiner.join([" ".join(buf), text])) or text
        if buf and count(candidate) > budget:
            chunks.append(TextChunk(len(chunks), " ".join(buf).replace(" \n\n ", "\n\n"), buf_page))
            buf, buf_page = [], None
        if not buf:
            buf_page = page
        elif new_para:
            buf.append("\n\n")
        buf.append(text)
    if buf:
        chunks.append(TextChunk(len(chunks), " ".join(buf).replace(" \n\n ", "\n\n"), buf_page))
    return chunks
