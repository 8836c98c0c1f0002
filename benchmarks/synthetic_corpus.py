"""Sample-corpus-like chunks at any size, for the keyword and retrieval benchmarks.

Words come from the sample corpus (English and Hindi, tokenised by the real tokenizer) followed by generated
pseudo-words (Latin syllables, and Devanagari syllables with vowel signs, virama and nukta, so that tokens the
tokenizer must keep whole are frequent). Each chunk draws ~90 words from a Zipf distribution (s = 1.05) over its
language's vocabulary (a third of the chunks are Hindi), with 10 % of the words from the other language, the way
talks quote each other. The text is then tokenised by :func:`rag_bot.index.tokenize.tokenize`, as ingestion does.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parent.parent
LATIN = [c + v for c in "bdghjklmnprstvwy" for v in ("a", "e", "i", "o", "u", "ai", "ou")]
CONSONANTS = "कखगघचछजझटठडढतथदधनपफबभमयरलवशसह"
SIGNS = ["", "ा", "ि", "ी", "ु", "ू", "े", "ै", "ो", "ौ", "ं", "्र", "़"]
DEVANAGARI = [c + s for c in CONSONANTS for s in SIGNS]


@dataclass
class SynthChunk:
    id: str
    text: str
    date_int: int
    language: str
    doc_id: str


def _sample_words() -> tuple[list[str], list[str]]:
    """Words of the sample corpus by frequency: (english, hindi)."""
    from rag_bot.index.tokenize import tokenize

    counts: Counter[str] = Counter()
    for path in (REPO / "data" / "corpus").rglob("*"):
        if path.suffix in (".txt", ".md", ".html"):
            counts.update(tokenize(path.read_text(encoding="utf-8", errors="ignore")))
    words = [w for w, _ in counts.most_common() if not w.isdigit()]
    hindi = [w for w in words if any("\u0900" <= ch <= "\u097f" for ch in w)]
    return [w for w in words if w not in set(hindi)], hindi


def vocabularies(size: int = 60_000, seed: int = 5) -> tuple[list[str], list[str]]:
    """An English-like and a Hindi-like vocabulary of ``size`` words each, most frequent first."""
    rng = np.random.default_rng(seed)
    english, hindi = _sample_words()
    out = []
    for real, syllables in ((english, LATIN), (hindi, DEVANAGARI)):
        seen = set(real)
        vocab = list(real)
        while len(vocab) < size:
            n = int(rng.integers(2, 5))
            word = "".join(syllables[int(i)] for i in rng.integers(0, len(syllables), n))
            if word not in seen:
                seen.add(word)
                vocab.append(word)
        out.append(vocab)
    return out[0], out[1]


def chunks(n: int, seed: int = 3, words_per_chunk: int = 90, start: int = 0, chunks_per_doc: int = 20,
           vocab_size: int = 60_000) -> Iterator[SynthChunk]:
    """``n`` chunks (ids ``c0000000``...), deterministic for a seed; 20 chunks per document, dated in 1969-1972."""
    english, hindi = vocabularies(vocab_size)
    ranks = np.arange(1, vocab_size + 1, dtype=np.float64)
    p = ranks ** -1.05
    p /= p.sum()
    cdf = np.cumsum(p)
    rng = np.random.default_rng(seed + start)
    en, hi = np.asarray(english, dtype=object), np.asarray(hindi, dtype=object)
    batch = 2000
    for b0 in range(start, start + n, batch):
        rows = min(batch, start + n - b0)
        picks = np.searchsorted(cdf, rng.random((rows, words_per_chunk)))
        picks = np.minimum(picks, vocab_size - 1)
        other = rng.random((rows, words_per_chunk)) < 0.1
        for r in range(rows):
            i = b0 + r
            doc = i // chunks_per_doc
            lang = "hi" if doc % 3 == 0 else "en"
            main, alt = (hi, en) if lang == "hi" else (en, hi)
            words = np.where(other[r], alt[picks[r]], main[picks[r]])
            day = 19690101 + (doc % 4) * 10000 + (doc % 12) * 100 + doc % 28
            yield SynthChunk(f"c{i:08d}", " ".join(words), day, lang, f"d{doc}")


def queries(n: int, seed: int = 11, vocab_size: int = 60_000) -> list[str]:
    """Questions of 3-6 words, drawn from the more frequent third of the vocabularies (as real questions are)."""
    english, hindi = vocabularies(vocab_size)
    rng = np.random.default_rng(seed)
    out = []
    for q in range(n):
        vocab = hindi if q % 3 == 0 else english
        k = int(rng.integers(3, 7))
        out.append(" ".join(vocab[int(i)] for i in rng.integers(0, vocab_size // 3, k)))
    return out


# --- vectors with structure -------------------------------------------------------------------------------------
# Random unit vectors have no neighbourhoods (every chunk is about as far from a query as any other), so an
# approximate index cannot be measured on them. These vectors are built like an embedder's: a direction shared by all
# texts (embedders' vectors are anisotropic), one per language, one per theme (32), one per sub-topic (32 per theme),
# one per document and one per chunk, each a random unit vector weighted so that cosine similarities fall where a
# multilingual e5 model's do: unrelated texts ~0.66, same theme ~0.72, same sub-topic ~0.78, chunks of one document
# ~0.86. A question is a document's vectors with its own noise (it is "about" one document). The weights are squared
# shares of a unit vector (they add up to 1).
DIM = 384
WEIGHTS = {"common": 0.62, "language": 0.04, "theme": 0.06, "subtopic": 0.06, "document": 0.08, "noise": 0.14}
THEMES, SUBTOPICS = 32, 32


def _units(rng: np.random.Generator, rows: int) -> np.ndarray:
    v = rng.standard_normal((rows, DIM))
    return v / np.linalg.norm(v, axis=1, keepdims=True)


_BASIS: dict[str, np.ndarray] = {}


def _basis() -> dict[str, np.ndarray]:
    if not _BASIS:
        rng = np.random.default_rng(2026)
        _BASIS.update(common=_units(rng, 1)[0], language=_units(rng, 2), theme=_units(rng, THEMES),
                      subtopic=_units(rng, THEMES * SUBTOPICS))
    return _BASIS


def document_topics(docs: np.ndarray) -> np.ndarray:
    """Each document's sub-topic (its theme is ``subtopic // SUBTOPICS``): a fixed scramble of the document number."""
    return (np.asarray(docs, dtype=np.int64) * 2654435761 % 4294967291) % (THEMES * SUBTOPICS)


def document_vectors(docs: np.ndarray) -> np.ndarray:
    """The structured part of each document's chunks (everything but a chunk's own noise), not normalised."""
    basis = _basis()
    docs = np.asarray(docs, dtype=np.int64)
    sub = document_topics(docs)
    hindi = (docs % 3 == 0).astype(np.int64)  # the language rule of :func:`chunks`
    own = np.stack([_units(np.random.default_rng((5, int(d))), 1)[0] for d in docs]) if len(docs) else \
        np.zeros((0, DIM))
    w = {k: np.sqrt(v) for k, v in WEIGHTS.items()}
    return (w["common"] * basis["common"] + w["language"] * basis["language"][hindi]
            + w["theme"] * basis["theme"][sub // SUBTOPICS] + w["subtopic"] * basis["subtopic"][sub]
            + w["document"] * own)


def chunk_vectors(first: int, rows: int, chunks_per_doc: int = 20, seed: tuple[int, ...] = (3,)) -> np.ndarray:
    """Unit vectors (float32) of chunks ``first .. first + rows - 1`` (20 per document, as :func:`chunks`), their noise
    drawn from ``seed``."""
    index = np.arange(first, first + rows)
    docs = index // chunks_per_doc
    unique, inverse = np.unique(docs, return_inverse=True)
    v = document_vectors(unique)[inverse] + np.sqrt(WEIGHTS["noise"]) * _units(np.random.default_rng(seed), rows)
    return (v / np.linalg.norm(v, axis=1, keepdims=True)).astype(np.float32)


def query_vector(text: str, documents: int) -> np.ndarray:
    """A question's unit vector: near one of ``documents`` documents (picked by a stable hash of ``text``), with more
    noise than a chunk has and half its document's own direction, so its neighbours spread over the document's
    sub-topic (a question is shorter and vaguer than a passage)."""
    import zlib

    key = zlib.crc32(text.encode("utf-8"))
    doc = np.asarray([key % max(1, documents)])
    own = _units(np.random.default_rng((5, int(doc[0]))), 1)[0]
    v = document_vectors(doc)[0] - 0.5 * np.sqrt(WEIGHTS["document"]) * own \
        + np.sqrt(2 * WEIGHTS["noise"]) * _units(np.random.default_rng((9, key)), 1)[0]
    return (v / np.linalg.norm(v)).astype(np.float32)
