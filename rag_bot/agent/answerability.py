"""Does a quote answer the question? Evidence checks that a cosine cannot make.

* :func:`answer_type`: the kind of fact the question asks for (``age``, ``money``, ``number``, ``date``, ``person``,
  ``place``, ``reason``; None for yes/no and open questions), from the question words of the language registry
  (``[answer_types]`` of ``rag_bot/languages/*.toml``: "how many", "कितने", "who", "कौन", ...).
* :func:`has_evidence`: the quote holds that kind of fact *beyond what the question already says*: a number (digits
  in either script or a number word) not in the question for ``number``, with a currency word or sign for
  ``money``; a date, year or time word for ``date``; a
  name the question does not hold for ``person`` and ``place`` (a capitalised word inside a sentence, or a word the
  registry marks, e.g. Hindi "ने", "बाई"); a reason word ("because", "क्योंकि") for ``reason``.
* :func:`term_coverage`: the share of the question's key terms (content words that are not question or overview
  words) found in the quote, as the word or a word sharing its stem. Terms in another script than the quote cannot
  be found by their letters and are left out there; :func:`cross_script_terms` counts them through the registry
  glossary, the installed dictionary and transliteration (how many the quote translates, out of those the
  glossary can check).

The extractive answerer quotes a passage only when it passes both checks (:meth:`Verdict.passes`; the coverage check
applies to questions that ask for a kind of fact).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from rag_bot import languages
from rag_bot.agent import rules
from rag_bot.dates import MONTHS, find_dates, normalise_digits
from rag_bot.languages import alternation

_W = languages.word_chars()
_WORD = re.compile(rf"[{_W}]+")
_ENDS = languages.sentence_ends()  # the danda is in the Devanagari block: not part of a word
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")
_YEAR = re.compile(r"(?<!\d)(?:1[0-9]|20)\d{2}(?!\d)")
_CAPITAL = re.compile(r"(?<![\w'’])([A-Z][\w'’-]+)")
MIN_STEM = 4  # a shorter common prefix is not a shared stem
MIN_SKELETON = 2  # consonants a transliterated term must have to count as found in another script


@dataclass(frozen=True)
class _Patterns:
    types: tuple[tuple[str, re.Pattern[str]], ...]
    evidence: dict[str, re.Pattern[str] | None]
    suffixes: tuple[str, ...]
    light: frozenset[str]  # auxiliaries and light verbs ("किया", "still"): no topic of their own
    literals: frozenset[str]  # the words written in the answer-type patterns ("how", "much", "cost", "कितना")


OPEN = "open"  # a registry type for questions that look typed but ask for a description ("Who was Keshav?")


def _words(items: tuple[str, ...]) -> re.Pattern[str] | None:
    if not items:
        return None
    return re.compile(rf"(?<![{_W}])(?:{alternation(items)})(?![{_W}])", re.I)


@lru_cache(maxsize=1)
def _patterns() -> _Patterns:
    reg = languages.registry()
    types = tuple((kind, pattern) for kind in reg.keys_of("answer_types")
                  if (pattern := _words(reg.union_of("answer_types", kind))) is not None)
    evidence = {kind: _words(reg.union_of("answer_evidence", kind)) for kind in reg.keys_of("answer_evidence")}
    suffixes = tuple(sorted(reg.union("stem_suffixes"), key=len, reverse=True))
    light = frozenset(w.casefold() for w in reg.union("support_stopwords"))
    literals = frozenset(w.casefold() for kind in reg.keys_of("answer_types")
                         for pattern in reg.union_of("answer_types", kind) for w in _WORD.findall(pattern))
    return _Patterns(types=types, evidence=evidence, suffixes=suffixes, light=light, literals=literals)


def answer_type(question: str) -> str | None:
    """The kind of fact ``question`` asks for (the first registry type whose question words it holds), or None."""
    text = rules.strip_context(question)
    for kind, pattern in _patterns().types:
        if pattern.search(text):
            return None if kind == OPEN else kind
    return None


def _tokens(text: str) -> list[str]:
    return [w for w in (t.strip(_ENDS) for t in _WORD.findall(text)) if w]


def _numbers(text: str) -> set[str]:
    return {n.replace(",", "") for n in _DIGITS.findall(normalise_digits(text))}


def _names(text: str) -> set[str]:
    """Capitalised words that are not the first word of a sentence (names in scripts with case)."""
    out: set[str] = set()
    time_words = _patterns().evidence.get("date")  # "Saturday", "Christmas": capitalised, not a name
    for sentence in rules.split_sentences(text):
        body = sentence.lstrip(" \t\"'“‘(-*")
        for m in _CAPITAL.finditer(body):
            word = m.group(1)
            low = word.casefold()
            if m.start() == 0 or low in rules.vocabulary().stopwords or low in MONTHS or (
                    time_words is not None and time_words.fullmatch(low)):
                continue
            out.add(word.casefold())
    return out


def _question_words(question: str) -> set[str]:
    return {w.casefold() for w in _tokens(question)}


def has_evidence(kind: str | None, quote: str, question: str) -> bool:
    """Whether ``quote`` holds a fact of ``kind`` that ``question`` does not already state (True for no kind)."""
    if kind is None:
        return True
    marker = _patterns().evidence.get(kind)
    if kind == "money":  # a sum: a currency word or sign beside a number the question does not state
        return marker is not None and bool(marker.search(quote)) and has_evidence(
            "number", marker.sub(" ", quote), question)  # the currency word itself is no number
    if marker is not None and marker.search(quote):
        if kind not in ("person", "place"):
            return True
        if _marked_name(marker, quote, question):
            return True
    if kind in ("number", "age"):
        return bool(_numbers(quote) - _numbers(question)) and (kind == "number" or marker is None)
    if kind == "date":
        return bool(find_dates(quote)) or bool(set(_YEAR.findall(normalise_digits(quote)))
                                               - set(_YEAR.findall(normalise_digits(question))))
    if kind in ("person", "place"):
        return bool(_names(quote) - _question_words(question))
    return False


def _holds_topic(terms: tuple[str, ...], sentence: str) -> bool:
    """Whether ``sentence`` holds one of the topic ``terms`` (word or stem); True when none of them is written in the
    sentence's script (another language's sentence cannot be told by its letters)."""
    words = {w.casefold() for w in _tokens(sentence)}
    scripts = {_script(w) for w in words}
    same = [t for t in terms if _script(t) in scripts]
    return not same or any(_stem_match(t, w) for t in same for w in words)


def evidence_on_topic(kind: str | None, runs: list[list[str]], question: str,
                     leads: list[str] | None = None) -> bool:
    """Whether a sentence of ``runs`` (runs of consecutive quoted sentences) holds the fact of ``kind`` *and* speaks
    of the question's topic: it holds a topic term of the question (:func:`topic_terms`) itself, or goes on from the
    sentence before it that does (in its run, or for a run's first sentence its ``leads`` entry: the unquoted
    sentence before the run in its paragraph, "" for none): "The motor burned out. Gwen Talbot rewound it." A fact
    in a sentence about something else (a name beside the asked subject, a season in a sentence on another matter)
    is no answer. A name marked elsewhere in the quote ("गीता जी") counts where it stands unmarked ("कक्षा गीता शर्मा
    चलाती हैं"). True for no kind or no topic terms."""
    terms = tuple(t.casefold() for t in _topic_terms(question))
    if kind is None or not terms:
        return True
    marker = _patterns().evidence.get(kind) if kind in ("person", "place") else None
    named = {w for run in runs for sentence in run
             for w in (_marked_words(marker, sentence, question) if marker else ())}
    for k, run in enumerate(runs):
        before = [(leads[k] if leads and k < len(leads) else ""), *run]
        on_topic = [bool(x) and _holds_topic(terms, x) for x in before]  # the lead, then the run's sentences
        for j, sentence in enumerate(run):
            if (on_topic[j + 1] or on_topic[j]) and (
                    has_evidence(kind, sentence, question) or bool(named & {w.casefold() for w in _tokens(sentence)})):
                return True
    return False


def _marked_name(marker: re.Pattern[str], quote: str, question: str) -> bool:
    """A word next to a person/place marker ("सुनीता पाटिल ने") that the question does not hold."""
    return bool(_marked_words(marker, quote, question))


def _marked_words(marker: re.Pattern[str], quote: str, question: str) -> set[str]:
    """The words just before a person/place marker in ``quote`` ("पाटिल" of "सुनीता पाटिल ने", "गीता" of "गीता जी")
    that the question does not hold."""
    asked = _question_words(question) | rules.vocabulary().stopwords
    words = _tokens(quote)
    return {words[i - 1].casefold() for i, word in enumerate(words)
            if marker.fullmatch(word) and i > 0 and words[i - 1].casefold() not in asked}


def key_terms(question: str) -> list[str]:
    """The question's content words that name what it is about (no question, overview or answer-type words)."""
    text = rules.strip_context(question)
    for _, pattern in _patterns().types:
        text = pattern.sub(" ", text)
    numbers = _patterns().evidence.get("number")  # "one chair": a count the question states is no topic
    light = _patterns().light
    return [w for w in rules.topic_words(text) if len(w) > 2 and w.casefold() not in light
            and not (numbers and numbers.fullmatch(w))]


def topic_terms(question: str) -> list[str]:
    """The key terms, and the content words inside the question's answer-type phrase (:func:`_topic_terms`)."""
    return list(_topic_terms(question))


@lru_cache(maxsize=256)
def _topic_terms(question: str) -> tuple[str, ...]:
    """The key terms, and the content words inside the question's answer-type phrase that the phrase's pattern does
    not spell ("how much did *the new copper roof* cost?": the money pattern spans the topic)."""
    text = rules.strip_context(question)
    spans = " ".join(m.group(0) for _, pattern in _patterns().types for m in pattern.finditer(text))
    skip = _patterns().literals | _patterns().light
    inner = [w for w in rules.topic_words(spans) if len(w) > 2 and w.casefold() not in skip
             and not any(len(k) > 2 and w.startswith(k) and len(w) - len(k) <= 2 for k in skip)]  # "कितन[ाीे]"
    return tuple(dict.fromkeys([*key_terms(question), *inner]))


@lru_cache(maxsize=16384)
def stem(word: str) -> str:
    """``word`` without its longest registry inflection ending (keeping at least two letters)."""
    for suffix in _patterns().suffixes:
        if word.endswith(suffix) and len(word) - len(suffix) >= 2:
            return word[: -len(suffix)]
    return word


def _stem_match(term: str, word: str) -> bool:
    if term == word or stem(term) == stem(word):
        return True
    common = 0
    for a, b in zip(term, word, strict=False):
        if a != b:
            break
        common += 1
    return common >= MIN_STEM and common >= min(len(term), len(word)) - 3


@lru_cache(maxsize=16384)
def _script(word: str) -> str | None:
    return languages.detect(word, min_share=0.5)


def term_coverage(question: str, quote: str) -> float:
    """Share of the question's key terms found in ``quote`` (same word or stem; terms of another script than the
    quote are not counted); 1.0 when no term can be checked."""
    quote_words = {w.casefold() for w in _tokens(quote)}
    scripts = {_script(w) for w in quote_words}
    terms = [t for t in key_terms(question) if _script(t) in scripts]
    if not terms:
        return 1.0
    found = sum(1 for t in terms if any(_stem_match(t, w) for w in quote_words))
    return found / len(terms)


def foreign_terms_found(question: str, text: str) -> int:
    """How many of the question's key terms written in another script than ``text`` are found in it by their
    consonant skeleton (a name or loanword transliterated: "रोज़वुड" ~ "Rosewood", "कैफ़े" ~ "café")."""
    from rag_bot.agent.claims import skeleton

    words = {w for w in _tokens(text) if len(w) > 2}
    scripts = {_script(w) for w in words}
    skeletons = {k for w in words if len(k := skeleton(w)) >= MIN_SKELETON}
    found = 0
    for term in key_terms(question):
        if _script(term) not in scripts and len(k := skeleton(term)) >= MIN_SKELETON and k in skeletons:
            found += 1
    return found


def cross_script_terms(question: str, text: str) -> tuple[int, int]:
    """(found, checkable) of the question's key terms written in another script than ``text``: a term is found when
    a word of ``text`` translates it (a sense of the registry glossary or of the installed dictionary,
    :mod:`rag_bot.agent.glossary`) or is it transliterated (a name, a loanword); it is checkable when found or when
    the hand-written glossary knows it (a word it does not know can be neither found nor told missing: a term only
    the dictionary knows is not counted missing, so a quote using a synonym the dictionary does not pair loses
    nothing)."""
    from rag_bot.agent import glossary

    words = [w.casefold() for w in _tokens(text) if len(w) > 2]
    scripts = {_script(w) for w in words}
    found = checkable = 0
    for term in dict.fromkeys(key_terms(question)):
        if _script(term) in scripts:
            continue
        others = [w for w in words if _script(w) != _script(term)]
        if glossary.matches(term.casefold(), others, wide=True):
            found += 1
            checkable += 1
        elif glossary.known(term.casefold()):
            checkable += 1
    return found, checkable


@dataclass(frozen=True)
class Verdict:
    """What the checks found for one quote."""

    kind: str | None
    evidence: bool
    coverage: float

    def passes(self, min_coverage: float) -> bool:
        """Type evidence, and for a question asking for a kind of fact, ``min_coverage`` of its key terms (an open
        question, "what did he say about fear?", is paraphrased too freely for its words to be required)."""
        return self.evidence and (self.kind is None or self.coverage >= min_coverage)


def assess(question: str, quote: str, context: str = "", runs: list[list[str]] | None = None,
           leads: list[str] | None = None) -> Verdict:
    """The answer type of ``question``, whether ``quote`` holds it (given the quote's ``runs`` of consecutive
    sentences and their ``leads``: in a sentence on the question's topic, :func:`evidence_on_topic`), and the
    key-term coverage of the quote with its ``context`` (the sentences around it, which may name the topic)."""
    kind = answer_type(question)
    evidence = has_evidence(kind, quote, question) and (runs is None or evidence_on_topic(kind, runs, question, leads))
    return Verdict(kind=kind, evidence=evidence,
                   coverage=term_coverage(question, f"{quote} {context}".strip()))
