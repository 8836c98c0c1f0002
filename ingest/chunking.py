"""Token-aware chunking: paragraphs and sentences packed up to the embedding model's budget.

No chunk exceeds the budget (a sentence longer than the budget is split at word boundaries, and a single word
longer than that at character boundaries), so the embedding model never truncates silently. Chunks carry a
sequence number (``seq``) in document order; neighbours are ``seq - 1`` and ``seq + 1``.

Cost is linear in the text for every shape of input. Each sentence is counted once; the tokens of a run of
sentences are estimated by adding their counts (the tokenizer splits at whitespace, so counts add up, less the
prefix and special tokens every text carries), and only the chunk the estimate proposes and the chunk one unit
longer are counted for real, which puts each boundary exactly where a scan that re-counted the growing chunk
after every sentence would put it (that scan cost the chunk's length per sentence; docs/benchmarks.md, Chunking).
Where the estimate is wrong (a counter that does not add up), a doubling search from the chunk's start finds the
boundary with O(log) counts of at most twice the chunk.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from rag_bot.languages import CLOSERS, sentence_ends
from rag_bot.languages import split_sentences as _split_sentences

# Bump when chunk boundaries change: indexed files are then re-chunked on the next run (a chunk whose embedded text
# is unchanged keeps its stored vector). 3: a word longer than the budget is cut into the longest runs that fit by
# the real count (version 2 cut it into equal steps and never checked them: 123 of 124 runs of 135,000 "a" and 320
# of 321 of a Devanagari word were over a 220-token budget, truncated by the model). 4: a sentence also keeps the
# closing quote after its full stop (3 and before cut it out with the white space). 5: a document's title is capped at
# an eighth of the budget in tokens (ingest.documents.TITLE_SHARE): chunks of long-titled files change. 6: chunks name
# their section (the heading of Markdown, HTML and DOCX parts) and PDF pages read with OCR are new text.
CHUNKER_VERSION = "6"
_PARAGRAPHS = re.compile(r"\n\s*\n")


@dataclass
class TextChunk:
    """A piece of one document."""

    seq: int
    text: str
    page: int | None = None
    section: str | None = None
    page_end: int | None = None  # the page of the chunk's last sentence (a chunk may run onto the next page)


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


Count = Callable[[str], int]
# Tokens by which a real count may exceed the added estimate before the item after a group is counted for real
# to see whether it fits after all. 0: with the bundled e5 counts add up exactly at whitespace (0 error at 4,578
# sentence joins of the sample corpus and test corpora, and at 39,618 word joins of those and of the shapes in
# tests/chunk_shapes.py), so a group the estimate closes is the group a re-counting scan closes.
_SLACK = 0
# A sentence longer than this many characters per budget token goes to the word split without being counted
# whole (about 4-5 characters per token in prose): the split then counts each distinct word once, and yields the
# sentence itself, as one piece, if it fits after all.
_LONG_CHARS_PER_TOKEN = 16


def fixed_tokens(count: Count) -> int:
    """Tokens every text carries whatever it holds (prefix, special tokens): two texts joined by a space count
    about the sum of their counts less this (the bundled e5: "a" 5, "a a" 6, so 4)."""
    return max(0, 2 * count("a") - count("a a"))


def _longest(lo: int, hi: int, fits: Callable[[int], bool], slack: int = 0) -> tuple[int, int]:
    """Narrow ``lo`` (an end that fits) and ``hi`` (one that does not, or past the end) until ``hi - lo`` is at
    most ``slack + 1``: gallop up from ``lo`` in doubling steps (starting at ``slack + 1``; the first probe that
    fails is at most about twice as long as the answer), then bisect. Returns the final ``(lo, hi)``."""
    step = slack + 1
    while hi - lo > slack + 1:
        probe = min(lo + step, hi - 1)  # at most the last end: a probe past it would cost a bisection of it all
        if not fits(probe):
            hi = probe
            break
        lo, step = probe, step * 2
    while hi - lo > slack + 1:
        mid = (lo + hi) // 2
        if fits(mid):
            lo = mid
        else:
            hi = mid
    return lo, hi


def _pack(items: list[str], seps: list[str], costs: list[int], budget: int, count: Count,
          base: int) -> list[tuple[int, int, int]]:
    """Group consecutive items greedily: each group is the longest run from its start whose text (item ``k``
    preceded by ``seps[k]`` unless it starts the group) counts at most ``budget``. ``costs[k]`` is
    ``count(items[k])``, each at most ``budget``. Returns ``(start, end, tokens)`` per group.

    The boundary is first guessed from the added costs, then checked with a real count of the group; the item after
    it is counted in only if the estimate says it might fit after all. If the guess overshoots, a doubling search
    from the start finds the boundary; a guess more than twice too long stops the guessing for the rest of the
    items, so a counter that does not add up costs O(n log^2 n), never one count of the remaining text per group.
    """
    prefix = [0]
    for cost in costs:
        prefix.append(prefix[-1] + max(0, cost - base))
    n, groups, trust, i = len(items), [], True, 0
    while i < n:
        tokens = {i + 1: costs[i]}

        def fits(j: int, i: int = i, tokens: dict[int, int] = tokens) -> bool:
            text = items[i] + "".join(seps[k] + items[k] for k in range(i + 1, j))
            tokens[j] = count(text)
            return tokens[j] <= budget

        lo, hi = i + 1, n + 1  # the group may end at lo (it fits); it may not end at hi (or hi is past the end)
        guess = bisect_right(prefix, prefix[i] + budget - base, i + 1) - 1 if trust else lo
        if guess > lo:
            if fits(guess):
                lo = guess
            else:
                hi = guess
        missed = hi == guess
        if trust and lo < n and hi == n + 1 and tokens[lo] + max(0, costs[lo] - base) > budget + _SLACK:
            hi = lo + 1  # the next item does not fit by the estimate, and estimates hold (see _SLACK)
        lo, hi = _longest(lo, hi, fits)
        if missed and 2 * (lo - i) < guess - i:
            trust = False
        groups.append((i, lo, tokens[lo]))
        i = lo
    return groups


def _split_word(word: str, budget: int, count: Count, total: int, base: int) -> list[tuple[str, int]]:
    """Cut one word longer than the budget into the longest character runs that fit (with their token counts).

    Each run starts from the previous run's length (the first from the word's average density), checks it and
    1/32 more, and gallops/bisects only where the density changes; a run may stop up to 1/32 short of the longest
    that fits: a few counts of about one run each.
    """
    out: list[tuple[str, int]] = []
    pos, n = 0, len(word)
    length = max(1, n * max(1, budget - base) // max(1, total - base))
    while pos < n:
        tokens: dict[int, int] = {}

        def fits(end: int, pos: int = pos, tokens: dict[int, int] = tokens) -> bool:
            tokens[end] = count(word[pos:end])
            return tokens[end] <= budget

        lo, hi = pos + 1, n + 1  # one character always goes, even if it alone were over the budget
        guess = min(n, pos + length)
        if guess > lo:
            if fits(guess):
                lo = guess
            else:
                hi = guess
        lo, hi = _longest(lo, hi, fits, slack=(lo - pos) // 32)  # exact where the guess failed
        out.append((word[pos:lo], tokens[lo] if lo in tokens else count(word[pos:lo])))
        length, pos = lo - pos, lo
    return out


def _split_long(sentence: str, budget: int, count: Count, base: int,
                tokens: int | None = None) -> list[tuple[str, int]]:
    """Split an over-long sentence at word boundaries (characters for one giant word), with token counts."""
    out: list[tuple[str, int]] = []
    known = {} if tokens is None else {sentence: tokens}  # each distinct word counted once
    words: list[str] = []
    costs: list[int] = []

    def flush() -> None:
        for i, j, t in _pack(words, [" "] * len(words), costs, budget, count, base):
            out.append((" ".join(words[i:j]), t))
        words.clear()
        costs.clear()

    for word in sentence.split():
        cost = known.get(word)
        if cost is None:
            cost = known[word] = count(word)
        if cost > budget:
            flush()
            out.extend(_split_word(word, budget, count, cost, base))
        else:
            words.append(word)
            costs.append(cost)
    flush()
    return out


def chunk_pages(pages: Sequence[tuple[str, int | None] | tuple[str, int | None, str | None]], budget: int,
                count: Count) -> list[TextChunk]:
    """Pack sentences of consecutive pages into chunks of at most ``budget`` tokens (as ``count`` measures).

    ``pages`` are (text, page number) or (text, page number, section heading); a chunk names the page and section
    its first sentence comes from, and the page of its last. Paragraphs are joined by a blank line, sentences by a
    space; a chunk is as long as fits."""
    base = fixed_tokens(count)
    texts: list[str] = []
    seps: list[str] = []
    costs: list[int] = []
    page_of: list[int | None] = []
    section_of: list[str | None] = []
    for text, page, *rest in pages:
        section = rest[0] if rest else None
        for para in paragraphs(text):
            para = " ".join(para.split())
            if not para:
                continue
            sep = "\n\n"
            for sentence in split_sentences(para):
                if len(sentence) > _LONG_CHARS_PER_TOKEN * budget:
                    pieces = _split_long(sentence, budget, count, base)
                else:
                    tokens = count(sentence)
                    pieces = [(sentence, tokens)] if tokens <= budget else _split_long(sentence, budget, count, base,
                                                                                       tokens)
                for piece, cost in pieces:
                    texts.append(piece)
                    seps.append(sep)
                    costs.append(cost)
                    page_of.append(page)
                    section_of.append(section)
                    sep = " "
    return [TextChunk(seq, texts[i] + "".join(seps[k] + texts[k] for k in range(i + 1, j)), page_of[i], section_of[i],
                      page_of[j - 1])
            for seq, (i, j, _) in enumerate(_pack(texts, seps, costs, budget, count, base))]
