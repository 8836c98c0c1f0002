"""Text shapes that chunking must handle at a cost linear in their size (issue 11), each made at any size ``n``
(characters): degenerate ones and normal prose. Used by ``tests/e2e/test_chunking.py`` and
``benchmarks/bench_chunking.py``.
"""

from __future__ import annotations

import random
from collections.abc import Callable

LATIN = "silence river mind listen quiet water morning teacher question answer the of and a to is".split()
DEVANAGARI = "मौन नदी मन सुनो शांत पानी सुबह गुरु प्रश्न उत्तर और का है में".split()
CJK = "静かな川の流れを聞く心"


def _repeat(unit: str, n: int) -> str:
    return (unit * (n // len(unit) + 1))[:n]


def _words(n: int, vocabulary: list[str], seed: int = 7) -> list[str]:
    rng = random.Random(seed)
    out, size = [], 0
    while size < n:
        out.append(rng.choice(vocabulary))
        size += len(out[-1]) + 1
    return out


def prose(n: int) -> str:
    """Normal prose: sentences of 8-30 words, paragraphs of 2-8 sentences, a heading now and then."""
    rng = random.Random(3)
    words = _words(n, LATIN + DEVANAGARI)
    paragraphs, sentences, i = [], [], 0
    while i < len(words):
        k = rng.randint(8, 30)
        sentence = " ".join(words[i:i + k])
        sentences.append(sentence[0].upper() + sentence[1:] + rng.choice([".", ".", "?", "!", "।"]))
        i += k
        if len(sentences) >= rng.randint(2, 8):
            heading = [f"Part {len(paragraphs)}"] if rng.random() < 0.2 else []
            paragraphs += heading + [" ".join(sentences)]
            sentences = []
    paragraphs.append(" ".join(sentences))
    return "\n\n".join(p for p in paragraphs if p)[:n]


def one_line(n: int) -> str:
    """One line of words, no sentence break (the 135 KB line that took 19.6 s)."""
    return " ".join(_words(n, LATIN))[:n]


def one_word_latin(n: int) -> str:
    """One "word" of ``n`` letters, no space."""
    return _repeat("a", n)


def one_word_devanagari(n: int) -> str:
    """Devanagari without spaces: one word of ``n`` characters."""
    return _repeat("".join(DEVANAGARI), n)


def tiny_lines(n: int) -> str:
    """Many one- and two-character lines (each a heading-like paragraph of its own)."""
    return _repeat("a\nbc\n7\n", n)


def punctuation_lines(n: int) -> str:
    """Long lines of punctuation: rules of dashes, dot leaders (a sentence break every two characters) and runs
    of ``!?`` without spaces."""
    return _repeat("-" * 300 + "\n" + ". " * 150 + "\n" + "!?" * 150 + "\n", n)


def mixed_scripts(n: int) -> str:
    """Latin, Devanagari, CJK (no spaces), Arabic, digits and emoji mixed in one paragraph without sentence ends."""
    vocabulary = LATIN + DEVANAGARI + [CJK, "كتاب", "سلام", "2024", "😀🙏", "x²", "ß"]
    return " ".join(_words(n, vocabulary, seed=11))[:n]


def long_sentences(n: int) -> str:
    """Sentences of ~4,000 characters each (several times the budget), ending with a period."""
    words = _words(n, LATIN + DEVANAGARI)
    return " ".join(w + ("." if i % 700 == 699 else "") for i, w in enumerate(words))[:n]


def zero_width_lines(n: int) -> str:
    """Lines of one zero-width space, each a paragraph that counts no tokens: all of them fit in one chunk."""
    return _repeat("\u200b\n", n)


SHAPES: dict[str, Callable[[int], str]] = {
    "prose": prose, "one_line": one_line, "one_word_latin": one_word_latin,
    "one_word_devanagari": one_word_devanagari, "tiny_lines": tiny_lines, "punctuation_lines": punctuation_lines,
    "mixed_scripts": mixed_scripts, "long_sentences": long_sentences, "zero_width_lines": zero_width_lines,
}
