"""Is a sentence supported by the passages it cites? Judges shared by the answer node (run time) and the evaluation.

* :class:`EmbeddingJudge` (default): a sentence is supported when it is verbatim in a passage; otherwise it must not
  bring a number, a number word or a name the passages lack, and its max cosine against the passage sentences
  (multilingual embedder) must reach ``threshold``; against passages in its own script it must also share at least
  ``min_coverage`` of its content words with them (cosine alone keeps a third of the sentences of *other* talks of
  this corpus: every talk is about the mind). Across scripts (a Hindi answer from an English passage) only the
  cosine and the digits can be checked, which is the judge's weak spot (see ``benchmarks/bench_support.py``);
* :class:`LLMJudge`: a chat model answers yes/no per sentence (the embedding judge covers unparsable verdicts);
* :class:`SupportChecker` (run time): a sentence naming a link, an e-mail address or a domain that no cited passage
  contains is unsupported whatever the judge says ("visit http://evil.example ... [1]"); the rest goes to the judge.
"""

from __future__ import annotations

import html
import logging
import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any, Protocol

import numpy as np
from langchain_core.language_models import BaseChatModel

from rag_bot.agent import prompts
from rag_bot.agent.answerability import contrast_conflict
from rag_bot.agent.claims import (
    Claims,
    content_excess,
    coverage,
    covered,
    cross_roles_flipped,
    extends,
    missing_names,
    negates_replaced,
    negation_differs,
    new_dates,
    new_numbers,
    numbers_rebound,
    numerals,
    range_reversed,
    read_claims,
    roles_swapped,
    said,
    single_substitution,
    stem,
    substitution_turned,
    uncovered_piece,
    uncovered_run,
    whole_runs,
)
from rag_bot.agent.glossary import align, matches, sounds_alike, synonyms
from rag_bot.agent.glossary import known as in_glossary
from rag_bot.agent.history import text_of
from rag_bot.agent.roles import (
    ROLE_MARGIN,
    Frame,
    flanks_swapped,
    frames,
    has_converse,
    pairings_crossed,
    roles_agree,
    roles_conflict,
)
from rag_bot.agent.rules import detect_language, split_sentences
from rag_bot.config import Settings
from rag_bot.languages import registry
from rag_bot.models.embeddings import Embedder, PassageCache

log = logging.getLogger(__name__)

DEFAULT_THRESHOLD = 0.85  # same script: min cosine of a sentence to its best evidence sentence
DEFAULT_CROSS_THRESHOLD = 0.85  # across scripts (a Hindi sentence citing an English passage, and the reverse)
DEFAULT_COVERAGE = 0.5  # share of a sentence's content words its aligned evidence (same script) must hold
WINDOW_GAP = 0.04  # the second-best evidence sentence joins the aligned window when this close to the best
CROSS_EXCESS = 2  # across scripts: a sentence with this many content words more than its evidence sentence ...
CROSS_RATIO = 1.2  # ... and this many times as many says something the evidence does not (an added clause)
UNSURE_BAND = 0.02  # a cosine this close to its threshold, with every fact check passed, is "undecided"
_WORD = re.compile(r"\w", re.UNICODE)
# links, e-mail addresses and bare domains ("evil.example", "www.x.org"): things an answer must never invent
_LINK = re.compile(r"(?i)\b(?:https?://|www\.)\S+|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b(?:[a-z0-9-]+\.)+[a-z]{2,}\b(?:/\S*)?")


class Judge(Protocol):
    """Decides, per sentence, whether the given passages support it."""

    name: str

    def supported(self, sentences: Sequence[str], documents: Sequence[dict[str, Any]]) -> list[bool]: ...


@dataclass(frozen=True)
class Verdict:
    """One sentence's verdict: ``supported``; ``certain`` False when only a cosine near its threshold decided it,
    or a whole multi-word name is missing across scripts (perhaps translated: a verifier model may decide those);
    ``reason`` names the check that failed ("" when supported)."""

    supported: bool
    certain: bool = True
    reason: str = ""
    score: float = 0.0


def normalise(text: str) -> str:
    """Whitespace collapsed, case folded (for verbatim and fact matching)."""
    return " ".join((text or "").split()).casefold()


def passage_sentences(documents: Sequence[dict[str, Any]]) -> list[str]:
    seen: dict[str, None] = {}
    for doc in documents:
        for sentence in split_sentences(doc.get("text") or ""):
            if _WORD.search(sentence):
                seen.setdefault(sentence, None)
    return list(seen)


@lru_cache(maxsize=20_000)
def _claims(sentence: str) -> Claims:
    return read_claims(sentence)


def _known_dates(documents: Sequence[dict[str, Any]]) -> tuple[set[int], set[int]]:
    """Numbers and months of the passages' dates (an answer may say the date its passage carries)."""
    numbers: set[int] = set()
    months: set[int] = set()
    for doc in documents:
        parts = [int(x) for x in re.findall(r"\d+", str(doc.get("date") or ""))]
        numbers.update(parts)
        if len(parts) >= 2:
            months.add(parts[1])
    return numbers, months


class EmbeddingJudge:
    """Offline support check: align each sentence to its best evidence sentence(s), then check what an embedding
    cannot see (``embedder`` may be a zero-argument factory, loaded on first use).

    A sentence verbatim in a passage is supported. Otherwise its best evidence sentence (max cosine over the cited
    passages' sentences; the second best joins it within ``WINDOW_GAP``) must: hold every number (digits or words,
    any script), month and weekday the sentence states; agree on negation; hold its names (across scripts by
    consonant skeleton, and the evidence's names must be in the sentence); keep who did what to whom; in the same
    script, hold its content words (no run of three uncovered words, no two at the end: an added clause; at least
    ``min_coverage`` of them; not the evidence with one word swapped for a word the passages never use); and reach
    ``threshold`` cosine (``cross_threshold`` across scripts). See :mod:`rag_bot.agent.claims`.
    """

    name = "embedding"

    def __init__(self, embedder: Embedder | Callable[[], Embedder], threshold: float = DEFAULT_THRESHOLD,
                 min_coverage: float = DEFAULT_COVERAGE, cross_threshold: float = DEFAULT_CROSS_THRESHOLD) -> None:
        self._embedder = embedder
        self.threshold = threshold
        self.min_coverage = min_coverage
        self.cross_threshold = cross_threshold
        self._cache: PassageCache | None = None

    @property
    def embedder(self) -> Embedder:
        if not hasattr(self._embedder, "embed_passages") and callable(self._embedder):
            self._embedder = self._embedder()
        return self._embedder  # type: ignore[return-value]  # a factory was replaced by its embedder just above

    def _vectors(self, texts: list[str]) -> np.ndarray:
        if self._cache is None:
            self._cache = PassageCache(self.embedder, max_items=20_000)  # bounded: a bot runs for months
        return self._cache.embed_passages([numerals(t) for t in texts])  # numbers read alike in words and digits

    @staticmethod
    def verbatim(sentence: str, documents: Sequence[dict[str, Any]]) -> bool:
        return any(normalise(sentence) in normalise(d.get("text") or "") for d in documents)

    def scores(self, sentences: Sequence[str], documents: Sequence[dict[str, Any]]) -> list[float]:
        """Support score per sentence: 1.0 when verbatim, else the max cosine (0.0 without passages)."""
        out: list[float | None] = [1.0 if self.verbatim(s, documents) else None for s in sentences]
        todo = [i for i, v in enumerate(out) if v is None]
        candidates = passage_sentences(documents)
        if todo and candidates:
            sims = self._vectors([sentences[i] for i in todo]) @ self._vectors(candidates).T
            for row, i in enumerate(todo):
                out[i] = float(sims[row].max())
        return [0.0 if v is None else v for v in out]

    def supported(self, sentences: Sequence[str], documents: Sequence[dict[str, Any]]) -> list[bool]:
        return [v.supported for v in self.verdicts(sentences, documents)]

    def verdicts(self, sentences: Sequence[str], documents: Sequence[dict[str, Any]]) -> list[Verdict]:
        """A :class:`Verdict` per sentence (the sentences embedded in one batch)."""
        out: list[Verdict | None] = [Verdict(True, reason="") if self.verbatim(s, documents) else None
                                     for s in sentences]
        todo = [i for i, v in enumerate(out) if v is None]
        candidates = passage_sentences(documents)
        if todo and not candidates:
            return [v or Verdict(False, reason="no passage") for v in out]
        if todo:
            sims = self._vectors([sentences[i] for i in todo]) @ self._vectors(candidates).T
            evidence = [_claims(c) for c in candidates]
            languages = [detect_language(c) for c in candidates]
            vocabulary = {stem(t) for e in evidence for t in e.tokens}
            known = _known_dates(documents)
            phrases = self._phrase_vectors([(sentences[i], candidates[int(np.argmax(sims[row]))])
                                            for row, i in enumerate(todo)], languages, candidates)
            for row, i in enumerate(todo):
                out[i] = self._verdict(sentences[i], sims[row], evidence, languages, vocabulary, known, phrases)
        return [v if v is not None else Verdict(False) for v in out]

    def _verdict(self, sentence: str, sims: np.ndarray, evidence: list[Claims], languages: list[str | None],
                 vocabulary: set[str], known: tuple[set[int], set[int]],
                 phrases: dict[str, np.ndarray] | None = None) -> Verdict:
        order = np.argsort(-sims)
        best = int(order[0])
        c1 = float(sims[best])
        window = [evidence[best]] + [evidence[int(k)] for k in order[1:2] if float(sims[int(k)]) >= c1 - WINDOW_GAP]
        claim = _claims(sentence)
        asker = detect_language(sentence)
        cross = asker != languages[best]
        e1 = evidence[best]
        dated = bool(claim.months) or any(n >= 1000 and n in known[0] for n in claim.numbers)
        if new_numbers(claim, window, known[0] if dated else set()) or (  # the date's day only beside its month/year
                numbers_rebound(claim, e1, _translates if cross else None)):
            return Verdict(False, reason="number", score=c1)
        if new_dates(claim, window, known[1]):
            return Verdict(False, reason="date", score=c1)
        if contrast_conflict(e1.text, sentence):  # "every morning" said, "every evening" written
            return Verdict(False, reason="contrast", score=c1)
        same = _translates if cross else _holds  # whether a word is one of the other side's
        if negation_differs(claim, e1, cross) and not negates_replaced(claim, e1, same):
            return Verdict(False, reason="negation", score=c1)
        missing = missing_names(claim, window, cross)
        if cross:  # a name translated word by word ("Lotus Pond" / "कमल तालाब", "English" / "अंग्रेज़ी")
            foreign = [t for t in (*claim.tokens, *e1.tokens) if not t.isascii()]
            missing = [n for n in missing if not matches(n.casefold(), foreign)]
        if missing:  # a whole multi-word name missing across scripts may be translated ("Lotus Pond" / "कमल तालाब"):
            # the offline check cannot tell, a verifier may
            return Verdict(False, certain=not (cross and whole_runs(missing, claim, e1)), reason="name", score=c1)
        differ, agree = self._roles(sentence, e1.text, cross, phrases or {})
        if differ or pairings_crossed(sentence, e1.text, same, (
                lambda t: not in_glossary(t) and sounds_alike(t, e1.tokens if t in claim.tokens else claim.tokens))
                if cross else None):  # a party: a name (sounds alike in both scripts, no glossary word: "club")
            return Verdict(False, reason="roles", score=c1)
        if not cross and flanks_swapped(sentence, e1.text):  # "B trains A" for "A trains B"
            return Verdict(False, reason="roles", score=c1)
        if range_reversed(claim, e1):  # "rose from 190 to 310" for "fell from 310 to 190"
            return Verdict(False, reason="roles", score=c1)
        if substitution_turned(claim, e1, same):  # "every hour instead of every 40 min"
            return Verdict(False, reason="roles", score=c1)
        if not agree and has_converse(sentence) == has_converse(e1.text) and (
                roles_swapped(claim, e1) or (cross and cross_roles_flipped(claim, e1))):
            return Verdict(False, reason="roles", score=c1)  # (a converse verb on one side reverses the order)
        if not cross:
            synonymous = synonyms(claim.content, [t for e in window for t in e.tokens])
            if synonymous:  # a synonym the glossary gives both words of counts as the evidence's word
                window = [*window, _claims(" ".join(sorted(synonymous)))]
                vocabulary = vocabulary | {stem(t) for t in synonymous}
            if single_substitution(claim, e1, vocabulary):
                return Verdict(False, reason="changed word", score=c1)
            longest, tail = uncovered_run(claim, window)
            language = registry().get(asker) or registry().default
            if longest >= language.clause_run or tail >= language.clause_tail:  # the sentence's language's counts
                return Verdict(False, reason="clause", score=c1)
            if coverage(claim, window) < self.min_coverage:
                return Verdict(False, reason="coverage", score=c1)
            if uncovered_piece(claim, window) or extends(claim, window):
                return Verdict(False, reason="clause", score=c1)
        elif self._cross_clause(claim, e1):
            return Verdict(False, reason="clause", score=c1)
        threshold = self.cross_threshold if cross else self.threshold
        certain = abs(c1 - threshold) > UNSURE_BAND
        if c1 < threshold:
            return Verdict(False, certain, reason="cosine", score=c1)
        return Verdict(True, certain, score=c1)


    @staticmethod
    def _cross_clause(claim: Claims, evidence: Claims) -> bool:
        """Across scripts, the sentence says more than its evidence sentence (:mod:`rag_bot.agent.glossary`): its
        content words the evidence does not hold outnumber the evidence's words it does not hold by
        ``CROSS_EXCESS`` and it has ``CROSS_RATIO`` times as many content words (words matched to one another
        cancel out, however many words each side needs: "twice as much" / "दोगुना"); or it holds ``CROSS_EXCESS``
        more words the glossary knows and the evidence lacks than the evidence has words it lacks (a clause
        of its own)."""
        mine, theirs = said(claim), said(evidence)
        found = align(mine, theirs, claim.tokens, evidence.tokens)
        surplus = (len(mine) - found.matched) - (len(theirs) - found.evidence_matched)
        _, ratio = content_excess(claim, evidence)
        return (surplus >= CROSS_EXCESS and ratio >= CROSS_RATIO) or \
            found.missing - found.evidence_unmatched >= CROSS_EXCESS

    def _phrase_vectors(self, pairs: list[tuple[str, str]], languages: list[str | None],
                        candidates: list[str]) -> dict[str, np.ndarray]:
        """The party phrases of the cross-script (sentence, best evidence sentence) pairs, embedded in one batch."""
        language = dict(zip(candidates, languages, strict=True))
        phrases = list(dict.fromkeys(
            " ".join(p) for sentence, evidence in pairs if detect_language(sentence) != language[evidence]
            for f in (*_frames(sentence), *_frames(evidence)) for p in (f.giver, f.receiver) if p))
        return dict(zip(phrases, self._vectors(phrases), strict=True)) if phrases else {}

    def _roles(self, sentence: str, evidence: str, cross: bool,
               known: dict[str, np.ndarray]) -> tuple[bool, bool]:
        """(giver and receiver swapped, every frame read and matched straight) by :mod:`rag_bot.agent.roles`;
        across scripts the parties are compared by the embedder's cosine of their phrases, in one script by shared
        stems."""
        mine, theirs = _frames(sentence), _frames(evidence)
        if not mine or not theirs:
            return False, False
        if not cross:
            return roles_conflict(mine, theirs), roles_agree(mine, theirs)
        phrases = list(dict.fromkeys(" ".join(p) for f in (*mine, *theirs) for p in (f.giver, f.receiver) if p))
        missing = [p for p in phrases if p not in known]
        vectors = {**known, **(dict(zip(missing, self._vectors(missing), strict=True)) if missing else {})}

        def similar(a: tuple[str, ...], b: tuple[str, ...]) -> float:
            return float(vectors[" ".join(a)] @ vectors[" ".join(b)])

        return (roles_conflict(mine, theirs, similar, ROLE_MARGIN, cross=True),
                roles_agree(mine, theirs, similar, ROLE_MARGIN, cross=True))


def _holds(word: str, others: list[str]) -> bool:
    """In one script: ``others`` hold ``word`` by stem."""
    return covered(word, {stem(o) for o in others})


def _translates(word: str, others: list[str]) -> bool:
    """Across scripts, for who goes with what: ``others`` (the other script's words) hold ``word`` by sound or by a
    sense of the glossary or of the installed dictionary (the other checks read the glossary alone)."""
    return matches(word, others, wide=True)


@lru_cache(maxsize=20_000)
def _frames(sentence: str) -> list[Frame]:
    return frames(sentence)


_VERDICT = re.compile(r"^\s*\[?(\d+)\]?\s*[:.)\-]\s*\**\s*(yes|no)\b", re.I | re.M)


class LLMJudge:
    """Yes/no per sentence from a chat model (e.g. ``make_gemini_chat(settings, "answer")``); a sentence without a
    parsable verdict falls back to ``fallback`` (an :class:`EmbeddingJudge`) when given, else counts as no."""

    name = "llm"

    def __init__(self, model: BaseChatModel, fallback: EmbeddingJudge | None = None) -> None:
        self.model = model
        self.fallback = fallback

    def supported(self, sentences: Sequence[str], documents: Sequence[dict[str, Any]]) -> list[bool]:
        if not sentences:
            return []
        verdicts = self.parsed(sentences, documents)
        missing = [i for i in range(len(sentences)) if i + 1 not in verdicts]
        backup = self.fallback.supported([sentences[i] for i in missing], documents) if (
            missing and self.fallback) else [False] * len(missing)
        verdicts.update({i + 1: ok for i, ok in zip(missing, backup, strict=True)})
        return [verdicts[i + 1] for i in range(len(sentences))]

    def parsed(self, sentences: Sequence[str], documents: Sequence[dict[str, Any]]) -> dict[int, bool]:
        """One model call: ``{1-based sentence number: verdict}`` for the verdicts the reply states."""
        from langchain_core.messages import HumanMessage, SystemMessage

        passages = "\n".join(f'<passage n="{n}">{html.escape(d.get("text") or "", quote=False)}</passage>'
                             for n, d in enumerate(documents, 1))
        statements = "\n".join(f"{n}: {html.escape(s, quote=False)}" for n, s in enumerate(sentences, 1))
        response = self.model.invoke([SystemMessage(prompts.JUDGE_SYSTEM), HumanMessage(
            f"<passages>\n{passages}\n</passages>\n<statements>\n{statements}\n</statements>")])
        return {int(m[1]): m[2].lower() == "yes" for m in _VERDICT.finditer(text_of(response))}


class VerifiedJudge:
    """The offline :class:`EmbeddingJudge` first; the sentences it cannot decide (a cosine within ``UNSURE_BAND``
    of its threshold, every fact check passed; a multi-word name missing as a whole across scripts, which may be
    a translated place name) go to a verifier model (:class:`LLMJudge`), all of them in one
    call, and its yes/no replaces the offline verdict. When the call fails (an error of the model or the network)
    or its reply gives a sentence no verdict, that sentence is dropped (the safe choice) and one warning is logged.

    Budget: at most ``max_calls`` verifier calls per answer (setting ``support_verify_calls``, default 1), on top of
    the answer model's own call; an answer's undecided sentences after the budget is spent keep the offline
    verdict. :meth:`for_answer` gives each answer its own budget (the answer assembler asks for it).
    """

    name = "verify"

    def __init__(self, offline: EmbeddingJudge, verifier: LLMJudge, max_calls: int = 1) -> None:
        self.offline = offline
        self.verifier = verifier
        self.max_calls = max_calls
        self.calls = 0

    def for_answer(self) -> VerifiedJudge:
        return VerifiedJudge(self.offline, self.verifier, self.max_calls)

    def supported(self, sentences: Sequence[str], documents: Sequence[dict[str, Any]]) -> list[bool]:
        verdicts = self.offline.verdicts(sentences, documents)
        out = [v.supported for v in verdicts]
        unsure = [i for i, v in enumerate(verdicts) if not v.certain]
        if unsure and self.calls < self.max_calls:
            self.calls += 1
            try:
                decided = self.verifier.parsed([sentences[i] for i in unsure], documents)
            except Exception as exc:  # noqa: BLE001 - any failure of the verifier: drop, never crash the answer
                log.warning("support verifier failed (%s): %d undecided sentence(s) dropped",
                            type(exc).__name__, len(unsure))
                decided = {}
            else:
                if any(n not in decided for n in range(1, len(unsure) + 1)):
                    log.warning("support verifier gave no verdict for %d of %d sentence(s): dropped",
                                sum(n not in decided for n in range(1, len(unsure) + 1)), len(unsure))
            for n, i in enumerate(unsure, 1):
                out[i] = decided.get(n, False)
        return out


def foreign_links(sentence: str, documents: Sequence[dict[str, Any]]) -> list[str]:
    """Links, e-mail addresses and domains in ``sentence`` that none of ``documents`` contains."""
    haystack = " ".join(normalise(f'{d.get("source") or ""} {d.get("title") or ""} {d.get("text") or ""}')
                        for d in documents)
    found = [m[0].rstrip(".,;:!?)]”’\"'") for m in _LINK.finditer(sentence)]
    return [link for link in found if link.casefold() not in haystack]


class SupportChecker:
    """Run-time check of answer sentences against the passages each cites (see the module docstring)."""

    def __init__(self, judge: Judge) -> None:
        self.judge = judge

    def for_answer(self) -> SupportChecker:
        """The checker for one answer: a judge with a per-answer budget (:class:`VerifiedJudge`) starts afresh."""
        fresh = getattr(self.judge, "for_answer", None)
        return SupportChecker(fresh()) if callable(fresh) else self

    def supported(self, sentences: Sequence[str], documents: Sequence[dict[str, Any]]) -> list[bool]:
        if not sentences:
            return []
        if not documents:
            return [False] * len(sentences)
        verdicts = [not foreign_links(s, documents) for s in sentences]
        todo = [i for i, ok in enumerate(verdicts) if ok]
        if todo:
            for i, ok in zip(todo, self.judge.supported([sentences[i] for i in todo], documents), strict=True):
                verdicts[i] = bool(ok)
        return verdicts


def make_support_checker(settings: Settings, embedder: Embedder | None = None) -> SupportChecker | None:
    """The checker ``settings.support_judge`` asks for (None for ``off``). The embedding judge loads the embedder
    on its first sentence; ``llm`` uses the answer model, with the embedding judge for unparsable verdicts;
    ``verify`` the embedding judge, and the answer model for its undecided sentences (:class:`VerifiedJudge`)."""
    if settings.support_judge == "off":
        return None

    def load_embedder() -> Embedder:
        from rag_bot.models.embeddings import get_embedder

        return get_embedder(settings)

    base = EmbeddingJudge(embedder if embedder is not None else load_embedder, settings.support_threshold,
                          settings.support_coverage, settings.support_cross_threshold)
    if settings.support_judge in ("llm", "verify"):
        from rag_bot.models.chat import make_gemini_chat

        model = LLMJudge(make_gemini_chat(settings, "answer"), fallback=base)
        if settings.support_judge == "verify":
            return SupportChecker(VerifiedJudge(base, model, settings.support_verify_calls))
        return SupportChecker(model)
    return SupportChecker(base)

