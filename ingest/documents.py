"""From a loaded file to dated documents and their chunks (ids, metadata)."""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field
from typing import Any, ClassVar

from ingest.chunking import chunk_pages, fixed_tokens
from ingest.loaded import LoadedFile, Page
from ingest.metadata import detect_language, extract_date, guess_title, heading_date


@dataclass
class Document:
    """One dated document (a file, or one date's part of a multi-document PDF)."""

    source: str
    title: str
    date: str | None
    language: str
    pages: list[Page]
    index: int = 0
    tag: str = ""  # short digest of the file's identity (root + path): same-named files of two folders differ

    @property
    def identity(self) -> str:
        return f"{self.source}@{self.tag}" if self.tag else self.source

    @property
    def doc_id(self) -> str:
        return f"{self.identity}#{self.index}"

    @property
    def text(self) -> str:
        return "\n\n".join(p.text for p in self.pages)


COMPOSITIONS = ("title", "new_title", "bare", "source")


def _key(text: str) -> str:
    return " ".join(text.replace("#", " ").split()).casefold()


def repeats_opening(title: str, text: str) -> bool:
    """Whether ``title`` is the chunk's first line (as ``guess_title`` makes it: the line, or its first 120
    characters), rather than a title of its own ("Soil pH" above "Soil pH measures ..." is kept)."""
    first = next((line for line in text.splitlines() if line.strip()), "")
    t, f = _key(title), _key(first)
    return bool(t) and (f == t or (len(t) >= 100 and f.startswith(t)))


def compose(composition: str, title: str, text: str, source: str = "") -> str:
    """The text a chunk is embedded (and keyword-indexed) as.

    ``title``: "title\ntext"; ``new_title``: the same unless the chunk's first line is its title (a one-line
    document's guessed title is the line itself: "line\nline" would be embedded); ``bare``: the text alone;
    ``source``: "file id\ntext".
    """
    if composition == "bare":
        return text
    if composition == "source":
        return f"{source}\n{text}" if source else text
    if not title:
        return text
    if composition == "new_title" and repeats_opening(title, text):
        return text
    if composition in ("title", "new_title"):
        return f"{title}\n{text}"
    raise ValueError(f"Unknown composition {composition!r}; choose one of {COMPOSITIONS}.")


@dataclass
class Chunk:
    """A chunk ready for both indexes."""

    id: str
    text: str
    metadata: dict[str, Any] = field(default_factory=dict)
    # Recorded in the manifest's chunking tag: changing it re-embeds every file on the next ingest.
    COMPOSITION: ClassVar[str] = "new_title"

    @property
    def embed_text(self) -> str:
        return compose(self.COMPOSITION, self.metadata.get("title") or "", self.text,
                       self.metadata.get("source") or "")


def identity_tag(key: str) -> str:
    """Eight hex digits naming a file's identity (its manifest key) in doc ids and chunk ids."""
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()[:8]


def split_documents(loaded: LoadedFile, source: str, language: str = "auto", key: str | None = None) -> list[Document]:
    """Split pages into documents: a page whose heading holds a new date starts a new document.

    ``key`` is the file's identity (manifest key); doc ids and chunk ids then carry its :func:`identity_tag`.
    """
    tag = identity_tag(key) if key else ""
    groups: list[list[Page]] = []
    dates: list[str | None] = []
    for page in loaded.pages:
        if not page.text.strip():
            continue
        page_date = heading_date(page.text) if loaded.split_by_date and page.number is not None else None
        if not groups or (page_date is not None and page_date != dates[-1] and groups[-1]):
            if groups and dates[-1] is None and page_date is not None and len(groups) == 1:
                # first pages had no heading date: they belong to this first dated document
                dates[-1] = page_date
                groups[-1].append(page)
                continue
            groups.append([page])
            dates.append(page_date)
        else:
            groups[-1].append(page)
    documents = []
    for i, (pages, page_date) in enumerate(zip(groups, dates, strict=True)):
        text = "\n\n".join(p.text for p in pages)
        title = guess_title(text) if len(groups) > 1 else (loaded.title or guess_title(text))
        documents.append(Document(
            source=source, title=title or source, date=page_date or loaded.date or extract_date(text),
            language=detect_language(text) if language == "auto" else language, pages=pages, index=i, tag=tag,
        ))
    return documents


def chunk_id(source: str, doc_index: int, seq: int, text: str, section: str | None = None,
             page_end: int | None = None) -> str:
    """Deterministic id from the source and the chunk's place, embedded text and section (so a new title,
    composition or section is a new chunk, written with its new metadata; the ingester reuses the stored vector of
    an unchanged embedded text)."""
    key = f"{source}\x00{doc_index}\x00{seq}\x00{text}" + (f"\x00{section}" if section else "")
    key += f"\x00{page_end}" if page_end is not None else ""
    digest = hashlib.sha256(key.encode()).hexdigest()
    return digest[:32]


# A title takes at most this share of a chunk's token budget (1/8: 27 of 220 tokens), in the embedded text and in the
# title a hit returns: a 20,000-character <title> or a CJK title would otherwise fill every chunk (and push it past
# the model's 512 tokens), leave 16 tokens of text per chunk and make unrelated chunks of the file near-identical.
TITLE_SHARE = 8
# Characters of a title looked at before counting: no token of the bundled model spans more than this many.
_CHARS_PER_TOKEN = 16


def capped_title(title: str, tokens: int, count) -> str:
    """The longest prefix of ``title`` whose own tokens (as ``count`` measures, less the tokens every text carries)
    are at most ``tokens``, cut back to the last word boundary when one lies in its second half. Costs a bisection
    over at most ``tokens * 16`` characters, whatever the title's length."""
    head = title[: tokens * _CHARS_PER_TOKEN]
    base = fixed_tokens(count)
    if count(head) - base <= tokens:
        end = len(head)
    else:
        lo, hi = 0, len(head)  # head[:lo] fits, head[:hi] does not
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if count(head[:mid]) - base <= tokens:
                lo = mid
            else:
                hi = mid
        end = lo
    if end < len(title):
        space = title.rfind(" ", 0, end + 1)
        if space > end // 2:
            end = space
    return title[:end].strip()


def make_chunks(document: Document, content_hash: str, budget: int, count) -> list[Chunk]:
    """Chunks of one document, each with the metadata both indexes keep; the title is capped at
    1/:data:`TITLE_SHARE` of ``budget`` tokens (see :func:`capped_title`)."""
    title = capped_title(document.title, budget // TITLE_SHARE, count) if document.title else ""
    title_cost = count(title) if title else 0
    pieces = chunk_pages([(p.text, p.number, p.section) for p in document.pages], max(16, budget - title_cost), count)
    chunks = []
    for piece in pieces:
        meta = {
            "source": document.source, "title": title, "date": document.date or "",
            "date_int": int(document.date.replace("-", "")) if document.date else 0,
            "language": document.language, "doc_id": document.doc_id, "seq": piece.seq,
            "n_chunks": len(pieces), "page": piece.page, "content_hash": content_hash,
        }
        if piece.section:
            meta["section"] = piece.section
        if piece.page_end is not None and piece.page_end != piece.page:
            meta["page_end"] = piece.page_end
        chunk = Chunk("", piece.text, meta)
        chunk.id = chunk_id(document.identity, document.index, piece.seq, chunk.embed_text, piece.section,
                            meta.get("page_end"))
        chunks.append(chunk)
    return chunks
