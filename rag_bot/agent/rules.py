"""Deterministic rules: dates and language in a question, routing, follow-up detection, tool arguments.

Used by the offline extractive model and as the agent's fallback when a model does not call the tool
(or calls it badly): the fallback search is always built from the user's own words.
"""

from __future__ import annotations

import re
from bisect import bisect_left
from calendar import monthrange
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from rag_bot import languages
from rag_bot.dates import DAY_WORDS, MONTHS, ORDINAL_NUMBER, normalise_digits
from rag_bot.dates import find_dates as find_dates_with_positions
from rag_bot.languages import alternation

_W = languages.word_chars()  # word characters of every registered script
_MONTH_RE = "|".join(sorted((re.escape(m) for m in MONTHS), key=len, reverse=True))
_MY = re.compile(rf"(?<![{_W}])({_MONTH_RE})\.?,?\s+(\d{{4}})(?!\d)", re.I)
_YEAR = re.compile(r"(?<![\d-])((?:1[89]|20)\d{2})(?![\d-])")


def detect_language(text: str) -> str | None:
    """The language whose script holds at least half of the letters (a non-default one wins a tie), the default
    language for its letters alone, None for neither (digits, emoji)."""
    return languages.detect(text, min_share=0.5)


@dataclass
class DateQuery:
    """Dates found in a question: one exact date, or an inclusive range."""

    date: str | None = None
    date_from: str | None = None
    date_to: str | None = None

    def is_empty(self) -> bool:
        return not (self.date or self.date_from or self.date_to)


def find_dates(text: str) -> list[str]:
    """Every full date in ``text`` as ISO strings, in order of appearance (duplicates removed)."""
    out: list[str] = []
    for _, iso in find_dates_with_positions(text):
        if iso not in out:
            out.append(iso)
    return out


def parse_dates(text: str) -> DateQuery:
    """One full date -> exact date; two or more -> range; else "January 1969" -> month; else "1969" -> year."""
    dates = find_dates(text)
    if len(dates) == 1:
        return DateQuery(date=dates[0])
    if len(dates) > 1:
        return DateQuery(date_from=min(dates), date_to=max(dates))
    norm = normalise_digits(text)
    m = _MY.search(norm)
    if m:
        year, month = int(m[2]), MONTHS[m[1].casefold()]
        last = monthrange(year, month)[1]
        return DateQuery(date_from=f"{year:04d}-{month:02d}-01", date_to=f"{year:04d}-{month:02d}-{last:02d}")
    years = sorted({int(y) for y in _YEAR.findall(norm)})
    if years:
        return DateQuery(date_from=f"{years[0]:04d}-01-01", date_to=f"{years[-1]:04d}-12-31")
    return DateQuery()


@dataclass(frozen=True)
class _Vocabulary:
    """The rules' patterns, built from the language registry and the corpus terms of the settings."""

    doc_language: tuple[tuple[re.Pattern[str], str], ...]
    whole: re.Pattern[str]
    stopwords: frozenset[str]
    greeting: re.Pattern[str]
    thanks: re.Pattern[str]
    chat_question: re.Pattern[str]
    summary_word: re.Pattern[str]
    smalltalk: re.Pattern[str]
    followup: re.Pattern[str]
    refers_back: re.Pattern[str]
    connector: re.Pattern[str]
    overview: re.Pattern[str]
    whole_talk: re.Pattern[str]
    document: re.Pattern[str]  # a word naming a document: "talk", "वार्ता" (registry document_words, corpus terms)
    topic_marker: re.Pattern[str]  # "about", "के बारे में": what follows (or, in Hindi, precedes) is a topic
    request: re.Pattern[str]  # "Could you ...": a yes/no question in form, a request in fact


def _start(items: tuple[str, ...]) -> re.Pattern[str]:
    """A message starting with one of ``items`` (patterns) as whole words."""
    return re.compile(rf"^\s*(?:{alternation(items)})(?![{_W}])", re.I)


def _words(items: tuple[str, ...]) -> str:
    return rf"(?<![{_W}])(?:{alternation(items)})(?![{_W}])"


@lru_cache(maxsize=4)
def _build(corpus_terms: tuple[str, ...]) -> _Vocabulary:
    reg = languages.registry()
    nouns = alternation((*reg.union("document_words"), *corpus_terms), escape=True)
    before = alternation(reg.union("filter_prepositions"))
    doc_language = []
    for lang in reg.languages:
        names = alternation(reg.names(lang.code), escape=True)
        # "in the Hindi talks", "Hindi documents", "हिंदी प्रवचन" (no end boundary: Hindi inflects the noun)
        doc_language.append((re.compile(rf"(?:(?<![{_W}])(?:{before})\s+(?:the\s+)?)?(?<![{_W}])(?:{names})\s+"
                                        rf"(?:{nouns})", re.I), lang.code))
    whole = re.compile(rf"(?<![{_W}])(?:{alternation(reg.union('whole_words'))})\s+(?:{nouns})", re.I)
    return _Vocabulary(
        doc_language=tuple(doc_language),
        whole=whole,
        stopwords=frozenset(w for lang in reg.languages for w in lang.stopwords)
        | {t.casefold() for t in corpus_terms},
        greeting=_start(reg.union("greetings")),
        thanks=_start(reg.union("thanks")),
        chat_question=re.compile(alternation(reg.union("chat_questions")), re.I),
        summary_word=re.compile(alternation(reg.union("summary_words")), re.I),
        smalltalk=re.compile(rf"^\s*(?:{alternation(reg.union('smalltalk'))})\s*[?!.]*\s*$", re.I),
        followup=re.compile(rf"^\s*(?:{alternation(reg.union('followup_starts'))})(?![{_W}])"
                            rf"|{_words(reg.union('followup_words'))}", re.I),
        refers_back=re.compile(_words(reg.union("refers_back")), re.I),
        connector=re.compile(rf"^\s*(?:{alternation(reg.union('connectors'))})(?![{_W}])[\s,]*", re.I),
        overview=re.compile(rf"(?:{alternation(reg.union('overview_words'))})", re.I),
        whole_talk=re.compile(rf"(?:{alternation(reg.union('whole_talk_words'))})", re.I),
        document=re.compile(rf"(?<![{_W}])(?:{nouns})", re.I),
        topic_marker=re.compile(_words(reg.union("topic_markers")) if reg.union("topic_markers") else "(?!)", re.I),
        request=_start(reg.union("request_starts")) if reg.union("request_starts") else re.compile("(?!)"),
    )


_corpus_terms: tuple[str, ...] = ()
_agent_terms: ContextVar[tuple[str, ...] | None] = ContextVar("agent_corpus_terms", default=None)


def use_corpus_terms(terms: Sequence[str]) -> None:
    """Read ``terms`` (``Settings.corpus_terms``) as naming a document in this process wherever no agent's own
    terms are in force (:func:`corpus_terms`): calls of the rules outside an agent."""
    global _corpus_terms
    _corpus_terms = tuple(terms)


@contextmanager
def corpus_terms(terms: Sequence[str]) -> Iterator[None]:
    """Read ``terms`` as naming a document inside this block (this thread or task only): each agent's nodes and
    extractive models run in one, so two agents built from different settings in one process keep their own."""
    token = _agent_terms.set(tuple(terms))
    try:
        yield
    finally:
        _agent_terms.reset(token)


def vocabulary() -> _Vocabulary:
    """The patterns for the corpus terms in force: the running agent's (:func:`corpus_terms`), else the process's
    (:func:`use_corpus_terms`; none until set)."""
    terms = _agent_terms.get()
    return _build(_corpus_terms if terms is None else terms)


def document_language(text: str) -> str | None:
    """A language filter only when the question explicitly asks for documents of one language."""
    for pattern, lang in vocabulary().doc_language:
        if pattern.search(text):
            return lang
    return None


_WORD = re.compile(rf"[{_W}]+", re.U)
STEM_CHARS = 4  # a question word sharing this many first letters with a word of a dated talk is that talk's word
_DANDAS = "".join(c for c in languages.sentence_ends() if not c.isascii())  # sentence ends inside a script's block


def content_words(text: str) -> list[str]:
    """Words that carry meaning (stop words, bare numbers and ordinal numbers removed), original order, no
    duplicates."""
    out: list[str] = []
    seen: set[str] = set()
    for word in _WORD.findall(text):
        low = word.lower().strip(_DANDAS)  # the danda is in the Devanagari block: "दीजिए।" is "दीजिए"
        if not low:
            continue
        if low in vocabulary().stopwords or normalise_digits(low).isdigit() or low in MONTHS or \
                ORDINAL_NUMBER.fullmatch(normalise_digits(low)):
            continue
        if low not in seen:
            seen.add(low)
            out.append(low)
    return out


# --- routing ---------------------------------------------------------------------------------------------
def conversational_kind(text: str) -> str | None:
    """'greeting' / 'thanks' / 'history' / 'summary' / 'smalltalk' for conversational messages, else None."""
    stripped = text.strip()
    if not stripped:
        return "smalltalk"
    vocab = vocabulary()
    if vocab.chat_question.search(stripped):
        return "summary" if vocab.summary_word.search(stripped.lower()) else "history"
    if vocab.smalltalk.match(stripped):
        return "smalltalk"
    for pattern, kind in ((vocab.greeting, "greeting"), (vocab.thanks, "thanks")):
        m = pattern.match(stripped)
        if m:
            rest = stripped[m.end():]
            # "hi, what did he say about X?" is a question, not a greeting
            if len(content_words(rest)) <= 1 and "?" not in rest:
                return kind
    return None


def classify_route(text: str) -> str:
    """'conversational' for greetings, thanks and questions about the chat itself; 'rag' for everything else."""
    return "conversational" if conversational_kind(text) else "rag"


def needs_context(text: str) -> bool:
    """True when a message probably depends on earlier turns (pronouns, 'and what about...', very short)."""
    if vocabulary().followup.search(text):
        return True
    return not content_words(text)


OPEN = "open"  # a registry type for questions that look typed but ask for a description ("Who was Keshav?")
YESNO = "yesno"  # a yes/no question ("Did ...?", "क्या ...?")


@lru_cache(maxsize=1)
def answer_type_patterns() -> tuple[tuple[str, re.Pattern[str]], ...]:
    """The registry's answer types in file order, each with the pattern of its question words."""
    reg = languages.registry()
    return tuple((kind, re.compile(_words(items), re.I)) for kind in reg.keys_of("answer_types")
                 if (items := reg.union_of("answer_types", kind)))


def answer_type(question: str) -> str | None:
    """The kind of fact ``question`` asks for, or None: the type whose question words stand first in it (on a tie,
    the first in the registry: "how much money" before "how much"), so that a relative "who" after "Which town"
    does not make a place question a person question; a yes/no question only when no other type's words stand in
    it ("Do you know where ...?" asks for a place)."""
    text = strip_context(question)
    first: tuple[int, str] | None = None
    yesno: re.Pattern[str] | None = None
    for kind, pattern in answer_type_patterns():
        if kind == YESNO:
            yesno = pattern
        elif (m := pattern.search(text)) is not None and (first is None or m.start() < first[0]):
            first = (m.start(), kind)
    if first is None:
        return YESNO if yesno is not None and yesno.search(text) else None
    return None if first[1] == OPEN else first[1]


def topic_words(question: str) -> list[str]:
    """The content words of a question that are not overview words ("cover", "summary", "सार": they ask for a
    whole document, they name no topic)."""
    overview = vocabulary().overview
    return [w for w in content_words(question) if not overview.fullmatch(w)]


def is_date_only(question: str, headings: Sequence[str] = (), bodies: Sequence[str] = ()) -> bool:
    """"What was said on 1969-01-23?", "What did the talk of 14 March 2004 cover?", "२३ जनवरी १९६९ की वार्ता का सार
    बताइए": one exact date and nothing else to look for (a whole-document question).

    Overview words of the registry ("cover", "summary", "सार") ask for the whole document and do not count, nor do
    its whole-talk words ("main points", "संदेश": only here, they stay key terms elsewhere); nor do
    words found in the ``headings`` of the documents retrieved for that date (title, by-line: "What did Acharya
    Devdutt say on ...?"): they describe the document, not a topic. With the ``bodies`` of the documents of that
    date, a word no body uses (nor a word sharing its stem) names no topic of them either: it is the asker's way of
    asking ("What *ground* did the talk on ... cover?", "... का *निचोड़*"), while "silence" in "What did he say about
    silence on ...?" is a word of the talk.

    Whatever its other words, a question that names the document itself ("the ... talk", "वार्ता"), asks for no kind
    of fact (no who, how many, when ...) and has no topic marker beside a word of the talk ("about the fire", "आग
    के बारे में") asks for the whole document too: "Give me the full story of the November 20, 2016 talk" (its
    "full" and "story" may well be words of the talk).
    """
    if parse_dates(question).date is None:
        return False
    from rag_bot.agent.claims import words  # the registry's negation words, case-folded

    negations = words().negations
    heading_words = {w for h in headings for w in content_words(h)}
    whole_talk = vocabulary().whole_talk
    body_words = {w for b in bodies for w in content_words(b)}
    body_stems = {w[:STEM_CHARS] for w in body_words if len(w) >= STEM_CHARS}

    def in_bodies(word: str) -> bool:
        return word in body_words or (len(word) >= STEM_CHARS and word[:STEM_CHARS] in body_stems)

    def names_no_topic(word: str) -> bool:  # a negation neither ("not just the headline, the whole thing")
        return word in heading_words or word in DAY_WORDS or word in negations or bool(
            whole_talk.fullmatch(word)) or bool(bodies and not in_bodies(word))

    return all(names_no_topic(w) for w in topic_words(question)) or _asks_for_document(question, names_no_topic)


MARKER_SPAN = 3  # words on either side of a topic marker that may be its topic ("about *the* fire", "आग के बारे में")


def _asks_for_document(question: str, names_no_topic: Callable[[str], bool]) -> bool:
    """Whether ``question`` names the document ("talk", "वार्ता"), asks for no kind of fact (a request worded as a
    yes/no question, "Could you go through ...?", asks for none) and has no topic marker with a word naming a topic
    beside it (:func:`is_date_only`)."""
    vocab = vocabulary()
    text = strip_context(question)
    kind = answer_type(text)
    if not vocab.document.search(text) or not (kind is None or kind == YESNO and vocab.request.search(text)):
        return False
    words = list(_WORD.finditer(text))  # read once: each marker looks up its neighbours by position
    starts = [w.start() for w in words]
    for marker in vocab.topic_marker.finditer(text):
        first, last = bisect_left(starts, marker.start()), bisect_left(starts, marker.end())
        beside = [w[0] for w in (*words[max(0, first - MARKER_SPAN):first], *words[last:last + MARKER_SPAN])]
        if any(not (names_no_topic(w) or vocab.document.fullmatch(w)) for w in content_words(" ".join(beside))):
            return False  # a topic of the talk: not the whole talk
    return True


def tool_arguments(question: str, broaden: bool = False, drop_period: bool = False) -> dict[str, Any]:
    """``retrieve_context`` arguments built from the question by rules (the fallback search).

    ``broaden`` (the retry after an empty or useless search) keeps only the content words and drops the language
    filter, but keeps the dates the question names: a talk that merely mentions a date is not what was said on it.
    With ``drop_period`` (no document at all is dated in the period) a year or month range is dropped too: "the
    flood of 1961" names an event, not the date of a talk; so is an exact date when the question asks for a fact
    of that day rather than the whole document ("Who was found dead under the shed on 2 January 2009?"; the
    answerer then quotes only text that names the day, :func:`rag_bot.dates.mentions_day`). A whole-document
    question keeps its date, and is told that no document carries it.
    """
    dates = parse_dates(question)
    if broaden and drop_period and not (dates.date and (vocabulary().whole.search(question)
                                                        or is_date_only(question))):
        dates = DateQuery()
    args: dict[str, Any]
    if broaden:
        words = content_words(question)
        args = {"query": " ".join(words) if words else question.strip()}
        args.update({k: v for k, v in (("date_filter", dates.date), ("date_from", dates.date_from),
                                       ("date_to", dates.date_to)) if v})
        return args
    args = {"query": question.strip()}
    if dates.date:
        args["date_filter"] = dates.date
    if dates.date_from:
        args["date_from"] = dates.date_from
    if dates.date_to:
        args["date_to"] = dates.date_to
    lang = document_language(question)
    if lang:
        args["language"] = lang
    if dates.date and (vocabulary().whole.search(question) or is_date_only(question)):
        args["whole_document"] = True  # "the whole talk of ...", a bare "what was said on <date>?", "... cover?"
    return args


_CONTEXT_SUFFIX = re.compile(r"\s*\(context: .*\)\s*$", re.S)


def strip_context(question: str) -> str:
    """The user's own words of a condensed question (without the extractive ``(context: ...)`` suffix)."""
    return _CONTEXT_SUFFIX.sub("", question).strip() or question


def search_arguments(question: str, broaden: bool = False, drop_period: bool = False) -> dict[str, Any]:
    """Fallback/extractive search arguments.

    For a condensed follow-up (``"<own words> (context: <previous question>)"``) the query is the user's own
    words; the previous question's date/language filters are kept only when the own words refer back to it
    ("that day", "the same talk", "it"), not for a new topic ("and what about fear?").
    """
    own_words = strip_context(question)
    if own_words == question or not content_words(own_words):
        return tool_arguments(question, broaden=broaden, drop_period=drop_period)
    args = tool_arguments(question if vocabulary().refers_back.search(own_words) else own_words, broaden=broaden,
                          drop_period=drop_period)
    args["query"] = " ".join(content_words(own_words)) if broaden else own_words
    return args


def ranking_text(question: str) -> str:
    """The question without a leading 'and / what about' (better for sentence similarity)."""
    connector = vocabulary().connector
    stripped = connector.sub("", connector.sub("", question)).strip()
    return stripped if content_words(stripped) else question


def split_sentences(text: str) -> list[str]:
    """Sentences split after any registered language's sentence end (. ! ? । ॥) and on line breaks; a closing
    quote after the end keeps what follows (a citation marker) in the sentence."""
    return languages.split_sentences(text, line_breaks=True, closers=False)


def approx_tokens(text: str) -> int:
    """Rough token count: ~4 Latin characters per token, ~2 Devanagari characters (``chars_per_token``)."""
    return languages.approx_tokens(text)
