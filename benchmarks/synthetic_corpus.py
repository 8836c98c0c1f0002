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
