"""What of a model's answer is kept, decided piece by piece while it streams, so that nothing shown is taken back.

The answer is read as lines (a bullet such as ``- `` or ``1. `` is kept with its line) and each line as sentences.
A *unit* is a run of sentences ending with one that carries a valid marker ``[n]`` (the run is cited by it: models
often cite a sentence pair once); sentences after the last marker of a line form an uncited unit.

* Markers are rewritten as canonical ``[n]`` of retrieved passages; numbers that match no passage (``[0]``, ``[7]``
  of six) are removed. The text shows them renumbered by first appearance (the first passage cited is ``[1]``, the
  next new one ``[2]``), matching :attr:`AnswerAssembler.citations` (the Sources list), which keeps each one's
  retrieval number as ``passage``.
* With a :class:`~rag_bot.agent.support_judges.SupportChecker` (generative models), every sentence of a cited unit
  must be supported by a passage the unit cites, else it is dropped (the unit's markers move to its last kept sentence);
  uncited units are dropped, except an intro line ("According to the passages:") followed by kept text.
  Without a checker (the extractive model, which only quotes) nothing is dropped but invalid markers.
* A sentence that is the not-found token is dropped; an answer with no kept cited unit is "not found".

Streaming: a sentence is *settled* once the first character of the next sentence has arrived (so its trailing
markers, closing quotes and punctuation are complete) or its line or the answer has ended; a bracket that may still
become a marker holds everything after it. Only settled units are decided, and kept text is released only once a
cited unit is kept, so :attr:`AnswerAssembler.text` only ever grows: what :meth:`feed` returned is a prefix of the
final answer. The segmentation of a settled sentence depends only on characters already seen, which is what makes
this hold (tested over every split point of many answers).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from rag_bot.agent import prompts
from rag_bot.agent.citations import (
    CLOSE_BRACKETS,
    MARKER,
    OPEN_BRACKETS,
    citation_records,
    clean_citations,
    find_markers,
    render_markers,
    valid_numbers,
)
from rag_bot.agent.support_judges import SupportChecker, foreign_links
from rag_bot.languages import ends_sentence

_TERMINATOR = ".!?।॥…"
_CLOSERS = "\"'”’»)"
# the end of a sentence: terminators, closing quotes, then any markers written after the full stop
_END = re.compile(rf"[{re.escape(_TERMINATOR)}]+[{re.escape(_CLOSERS)}]*(?:\s*{MARKER.pattern})*")
_BULLET = re.compile(r"^\s*(?:[-*•]|\d{1,3}[.)])\s+")
_TAIL = re.compile(rf"(\s*[{re.escape(_TERMINATOR)}]+[{re.escape(_CLOSERS)}]*)$")
_STRIP = " \t-*•" + "\"'“”‘’«»"
_INTROS = {text.strip().casefold() for text in prompts.ANSWER_INTRO.values()}
_WORDS = re.compile(r"\w+", re.UNICODE)
_CANONICAL = re.compile(r"\[(\d+)\]")  # a marker as clean_citations writes it (document text holds none)
MIN_SENTENCE_WORDS = 2  # "Dr." or "No." alone is not a sentence: it stays with what follows


def sentence_text(raw: str) -> str:
    """A sentence as a statement: markers, bullet and surrounding quotes removed."""
    text = " ".join(MARKER.sub(" ", raw).split())
    return re.sub(r" ([.,;:!?।॥…])", r"\1", text).strip(_STRIP).strip()


def _words(raw: str) -> int:
    return len(_WORDS.findall(MARKER.sub(" ", raw)))


def split_line(body: str, complete: bool) -> tuple[list[str], bool]:
    """(settled sentences of ``body``, whether the rest after them is settled too).

    In an unfinished line a sentence is settled when whitespace and the next non-space character follow its end;
    a following bracket that has not closed yet may still be a marker of it, so nothing after it is settled.
    """
    sentences: list[str] = []
    start = 0
    for match in _END.finditer(body):
        end = match.end()
        if end <= start or _words(body[start:end]) < MIN_SENTENCE_WORDS:
            continue
        space = re.match(r"\s+", body[end:])
        if not space:
            continue  # "3.5", "x.[1]y" or the end of what has arrived
        after = body[end + space.end():]
        if not after:
            continue
        if not MARKER.search(match[0]) and not ends_sentence(body[start:end], after[0]):
            continue  # "Dr. Rao", "e.g. this", "at 6 a.m. on": decided by the character after, already seen
        if not complete and after[0] in OPEN_BRACKETS and not any(c in CLOSE_BRACKETS for c in after[1:]):
            return sentences, False
        sentences.append(body[start:end])
        start = end + space.end()
    rest = body[start:]
    if complete and rest.strip():
        sentences.append(rest)
    return sentences, complete


@dataclass
class Unit:
    """Sentences cited together (``numbers``: the valid passage numbers of their markers), on line ``line``."""

    line: int
    sentences: list[str]
    numbers: list[int]


@dataclass
class _Decided:
    unit: Unit
    text: str | None  # the unit as kept (markers cleaned), None = dropped
    numbers: list[int] = field(default_factory=list)


class AnswerAssembler:
    """Raw answer pieces in, kept text out (see the module docstring). One instance per model reply."""

    def __init__(self, documents: Sequence[dict[str, Any]], checker: SupportChecker | None = None) -> None:
        self.documents = list(documents)
        self.checker = checker.for_answer() if checker is not None else None  # a per-answer verifier budget
        self.raw = ""
        self.text = ""
        self._lines: list[tuple[str, bool]] = []  # complete lines: (bullet prefix, blank)
        self._line_units: list[Unit] = []  # settled units of the current (unfinished) line
        self._decided: list[_Decided] = []
        self._pending: list[_Decided] = []  # kept but uncited: released with the next kept cited unit
        self._last_shown: _Decided | None = None
        self._cited: list[int] = []
        self._finished = False

    # --- public -----------------------------------------------------------------------------------------------
    @property
    def answered(self) -> bool:
        """True once a cited unit is kept (the answer cannot end as "not found" any more)."""
        return bool(self._cited)

    @property
    def citations(self) -> list[dict[str, Any]]:
        """The cited passages in order of first appearance in :attr:`text`: ``n`` is the number shown there
        (1, 2, ...), ``passage`` the passage's retrieval number."""
        records = citation_records(self._cited, self.documents)
        return [{**record, "n": shown, "passage": record["n"]} for shown, record in enumerate(records, 1)]

    def feed(self, piece: str) -> str:
        """Add a piece of the reply; return the text that may be shown now ("" while held back)."""
        if self._finished or not piece:
            return ""
        self.raw += piece
        return self._advance(final=False)

    def finish(self) -> str:
        """The reply is complete: decide the rest; return the text added to :attr:`text`."""
        if self._finished:
            return ""
        delta = self._advance(final=True)
        self._finished = True
        self._pending = []  # an intro (or, before any citation, any uncited text) with nothing kept after it
        return delta

    # --- segmentation -----------------------------------------------------------------------------------------
    def _advance(self, final: bool) -> str:
        lines = self.raw.split("\n")
        delta = ""
        while len(self._lines) < len(lines) - 1 or (final and len(self._lines) < len(lines)):
            delta += self._settle_line(lines[len(self._lines)], complete=True)
            self._lines.append((self._prefix(lines[len(self._lines)]), not lines[len(self._lines)].strip()))
            self._line_units = []
        if len(self._lines) < len(lines):
            delta += self._settle_line(lines[-1], complete=False)
        return delta

    @staticmethod
    def _prefix(line: str) -> str:
        bullet = _BULLET.match(line)
        return bullet[0].lstrip("\n") if bullet else ""

    def _settle_line(self, line: str, complete: bool) -> str:
        prefix = self._prefix(line)
        sentences, rest_settled = split_line(line[len(prefix):], complete)
        units: list[Unit] = []
        run: list[str] = []
        for sentence in sentences:
            run.append(sentence)
            numbers = valid_numbers((n for marker in find_markers(sentence) for n in marker), len(self.documents))
            if numbers:
                units.append(Unit(len(self._lines), run, numbers))
                run = []
        if run and rest_settled:
            units.append(Unit(len(self._lines), run, []))
        known = len(self._line_units)
        self._line_units = units
        delta = ""
        for unit in units[known:]:
            delta += self._decide(unit)
        return delta

    # --- decisions --------------------------------------------------------------------------------------------
    def _decide(self, unit: Unit) -> str:
        decided = self._judge(unit)
        self._decided.append(decided)
        if decided.text is None:
            return ""
        if decided.unit.numbers:
            self._cited.extend(n for n in decided.numbers if n not in self._cited)
            decided.text = _CANONICAL.sub(lambda m: f"[{self._cited.index(int(m[1])) + 1}]", decided.text)
            released = self._release([*self._pending, decided])
            self._pending = []
            return released
        if self.answered and self.checker is None:
            return self._release([decided])
        self._pending.append(decided)
        return ""

    def _judge(self, unit: Unit) -> _Decided:
        sentences = [s for s in unit.sentences if sentence_text(s) and not prompts.is_not_found_reply(sentence_text(s))]
        if not sentences:
            return _Decided(unit, None)
        if not unit.numbers:
            if self.checker is not None and not self._is_intro(sentences):
                return _Decided(unit, None)
            return _Decided(unit, " ".join(clean_citations(s, self.documents)[0] for s in sentences))
        kept = sentences
        if self.checker is not None:
            cited = [self.documents[n - 1] for n in unit.numbers]
            verdicts = self.checker.supported([sentence_text(s) for s in sentences], cited)
            kept = [s for s, ok in zip(sentences, verdicts, strict=True) if ok]
            if not kept:
                return _Decided(unit, None)
        cleaned = [clean_citations(s, self.documents)[0] for s in kept]
        if not find_markers(kept[-1]):  # the sentence carrying the markers was dropped: move them
            match = _TAIL.search(cleaned[-1])
            cut = match.start() if match else len(cleaned[-1])
            cleaned[-1] = f"{cleaned[-1][:cut]} {render_markers(unit.numbers)}{cleaned[-1][cut:]}"
        numbers = valid_numbers((n for s in kept for marker in find_markers(s) for n in marker), len(self.documents))
        return _Decided(unit, " ".join(cleaned), numbers or unit.numbers)

    def _is_intro(self, sentences: list[str]) -> bool:
        text = " ".join(sentence_text(s) for s in sentences)
        return len(sentences) == 1 and (text.casefold() in _INTROS or (
            text.endswith(":") and len(text.split()) <= 6 and not foreign_links(text, self.documents)))

    # --- rendering --------------------------------------------------------------------------------------------
    def _separator(self, before: _Decided | None, unit: Unit) -> str:
        prefix = self._lines[unit.line][0] if unit.line < len(self._lines) else self._prefix(
            self.raw.split("\n")[unit.line])
        if before is None:
            return prefix
        if before.unit.line == unit.line:
            return " "
        blank = any(self._lines[i][1] for i in range(before.unit.line + 1, unit.line))
        return ("\n\n" if blank else "\n") + prefix

    def _release(self, decided: list[_Decided]) -> str:
        out = ""
        for item in decided:
            out += self._separator(self._last_shown, item.unit) + (item.text or "")
            self._last_shown = item
        self.text += out
        return out
