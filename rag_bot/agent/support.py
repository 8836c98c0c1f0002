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
import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol

import numpy as np
from langchain_core.language_models import BaseChatModel

from rag_bot.agent import prompts
from rag_bot.agent.history import text_of
from rag_bot.agent.rules import content_words, detect_language, split_sentences
from rag_bot.config import Settings
from rag_bot.dates import normalise_digits
from rag_bot.languages import word_chars
from rag_bot.models.embeddings import Embedder, PassageCache

DEFAULT_THRESHOLD = 0.85
DEFAULT_COVERAGE = 0.6  # measured: 0.5 keeps 11 % of invented clauses, 0.6 keeps 1 % (reference clauses: 97 % both)
_SUFFIXES = ("ing", "edly", "ed", "es", "s", "ly", "ers", "er", "ness", "ment", "tion")
NUMBER_WORDS = frozenset(
    "one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen "
    "eighteen nineteen twenty thirty forty fifty sixty seventy eighty ninety hundred thousand million first second "
    "third fourth fifth एक दो तीन चार पाँच पांच छह सात आठ नौ दस ग्यारह बारह बीस तीस चालीस पचास साठ सत्तर अस्सी नब्बे सौ "
    "हज़ार हजार लाख पहला दूसरा तीसरा".split()
)
_NAME = re.compile(r"^[A-Z][a-z]{2,}$")
_WORD = re.compile(r"\w", re.UNICODE)
_WORDS = re.compile(rf"[{word_chars()}]+")  # a word of any registered script (vowel signs included)
# links, e-mail addresses and bare domains ("evil.example", "www.x.org"): things an answer must never invent
_LINK = re.compile(r"(?i)\b(?:https?://|www\.)\S+|\b[\w.+-]+@[\w-]+(?:\.[\w-]+)+|\b(?:[a-z0-9-]+\.)+[a-z]{2,}\b(?:/\S*)?")


class Judge(Protocol):
    """Decides, per sentence, whether the given passages support it."""

    name: str

    def supported(self, sentences: Sequence[str], documents: Sequence[dict[str, Any]]) -> list[bool]: ...


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


def _stem(word: str) -> str:
    """Crude stem (English suffixes, then the first 6 characters): "seeks" ~ "seeking"."""
    word = word.lower()
    for suffix in _SUFFIXES:
        if len(word) > len(suffix) + 3 and word.endswith(suffix):
            word = word[: -len(suffix)]
            break
    return word[:6]


def _specifics(sentence: str, same_script: bool) -> set[str]:
    """What an invented sentence usually changes: numbers (digits of any script); in the passages' own script also
    number words and names (capitalised words after the first)."""
    found = set(re.findall(r"\d+", normalise_digits(sentence)))
    found = {str(int(x)) for x in found}
    if same_script:
        words = _WORDS.findall(sentence)
        found |= {w.lower() for w in words if w.lower() in NUMBER_WORDS}
        found |= {w.lower() for w in words[1:] if _NAME.match(w)}
    return found


def _known_specifics(documents: Sequence[dict[str, Any]]) -> set[str]:
    """Numbers and lower-cased words of the passages (with their title, source and date)."""
    text = normalise_digits(" ".join(f'{d.get("title") or ""} {d.get("source") or ""} {d.get("date") or ""} '
                                     f'{d.get("text") or ""}' for d in documents))
    return {str(int(x)) for x in re.findall(r"\d+", text)} | {
        w.lower() for w in _WORDS.findall(text)}


class EmbeddingJudge:
    """Verbatim, or no new specifics + cosine + (same script) word coverage; see the module docstring.
    ``embedder`` may be a zero-argument factory (loaded on first use)."""

    name = "embedding"

    def __init__(self, embedder: Embedder | Callable[[], Embedder], threshold: float = DEFAULT_THRESHOLD,
                 min_coverage: float = DEFAULT_COVERAGE) -> None:
        self._embedder = embedder
        self.threshold = threshold
        self.min_coverage = min_coverage
        self._cache: PassageCache | None = None

    @property
    def embedder(self) -> Embedder:
        if not hasattr(self._embedder, "embed_passages") and callable(self._embedder):
            self._embedder = self._embedder()
        return self._embedder  # type: ignore[return-value]  # a factory was replaced by its embedder just above

    def _vectors(self, texts: list[str]) -> np.ndarray:
        if self._cache is None:
            self._cache = PassageCache(self.embedder, max_items=20_000)  # bounded: a bot runs for months
        return self._cache.embed_passages(texts)

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
        out: list[bool] = []
        for sentence in sentences:
            script = detect_language(sentence)
            own = [d for d in documents if detect_language((d.get("text") or "")[:2000]) == script]
            pool = own or list(documents)
            if self.verbatim(sentence, documents):
                out.append(True)
                continue
            if not _specifics(sentence, bool(own)) <= _known_specifics(pool):
                out.append(False)
                continue
            if self.scores([sentence], pool)[0] < self.threshold:
                out.append(False)
                continue
            if own:
                words = [_stem(w) for w in content_words(sentence)]
                vocabulary = {_stem(w) for d in own for w in _WORDS.findall(d.get("text") or "")}
                coverage = sum(w in vocabulary for w in words) / len(words) if words else 1.0
                out.append(coverage >= self.min_coverage)
            else:
                out.append(True)
        return out


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
        from langchain_core.messages import HumanMessage, SystemMessage

        passages = "\n".join(f'<passage n="{n}">{html.escape(d.get("text") or "", quote=False)}</passage>'
                             for n, d in enumerate(documents, 1))
        statements = "\n".join(f"{n}: {html.escape(s, quote=False)}" for n, s in enumerate(sentences, 1))
        response = self.model.invoke([SystemMessage(prompts.JUDGE_SYSTEM), HumanMessage(
            f"<passages>\n{passages}\n</passages>\n<statements>\n{statements}\n</statements>")])
        content = text_of(response)
        verdicts = {int(m[1]): m[2].lower() == "yes" for m in _VERDICT.finditer(content)}
        missing = [i for i in range(len(sentences)) if i + 1 not in verdicts]
        backup = self.fallback.supported([sentences[i] for i in missing], documents) if (
            missing and self.fallback) else [False] * len(missing)
        verdicts.update({i + 1: ok for i, ok in zip(missing, backup, strict=True)})
        return [verdicts[i + 1] for i in range(len(sentences))]


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
    on its first sentence; ``llm`` uses the answer model, with the embedding judge for unparsable verdicts."""
    if settings.support_judge == "off":
        return None

    def load_embedder() -> Embedder:
        from rag_bot.models.embeddings import get_embedder

        return get_embedder(settings)

    base = EmbeddingJudge(embedder if embedder is not None else load_embedder, settings.support_threshold,
                          settings.support_coverage)
    if settings.support_judge == "llm":
        from rag_bot.models.chat import make_gemini_chat

        return SupportChecker(LLMJudge(make_gemini_chat(settings, "answer"), fallback=base))
    return SupportChecker(base)

