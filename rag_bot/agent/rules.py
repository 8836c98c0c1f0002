"""Deterministic rules: dates and language in a question, routing, follow-up detection, tool arguments.

Used by the offline extractive model and as the agent's fallback when a model does not call the tool
(or calls it badly): the fallback search is always built from the user's own words.
"""

from __future__ import annotations

import re
from calendar import monthrange
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from rag_bot.dates import MONTHS, normalise_digits
from rag_bot.dates import find_dates as find_dates_with_positions

_MONTH_RE = "|".join(sorted((re.escape(m) for m in MONTHS), key=len, reverse=True))
_MY = re.compile(rf"(?<![\w\u0900-\u097f])({_MONTH_RE})\.?,?\s+(\d{{4}})(?!\d)", re.I)
_YEAR = re.compile(r"(?<![\d-])((?:1[89]|20)\d{2})(?![\d-])")

_DEVANAGARI = re.compile(r"[\u0900-\u097f]")
_LATIN = re.compile(r"[A-Za-z]")


def detect_language(text: str) -> str | None:
    """'hi' when Devanagari dominates, 'en' when Latin letters do, None for neither (digits, emoji)."""
    deva = len(_DEVANAGARI.findall(text))
    latin = len(_LATIN.findall(text))
    if deva == 0 and latin == 0:
        return None
    return "hi" if deva >= latin else "en"


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


_DOC_LANGUAGE = [
    (re.compile(r"\b(?:in|from|among)\s+(?:the\s+)?hindi\s+(?:talks?|documents?|texts?|lectures?)\b", re.I), "hi"),
    (re.compile(r"\bhindi\s+(?:talks?|documents?|lectures?)\b", re.I), "hi"),
    (re.compile(r"\b(?:in|from|among)\s+(?:the\s+)?english\s+(?:talks?|documents?|texts?|lectures?)\b", re.I), "en"),
    (re.compile(r"\benglish\s+(?:talks?|documents?|lectures?)\b", re.I), "en"),
    (re.compile(r"हिं?न्?दी\s+(?:वार्ता|प्रवचन|दस्तावेज़|दस्तावेज)"), "hi"),
    (re.compile(r"अंग्रेज़?ी\s+(?:वार्ता|प्रवचन|दस्तावेज़|दस्तावेज)"), "en"),
]
_WHOLE = re.compile(
    r"\b(?:whole|entire|full|complete)\s+(?:talk|document|text|lecture|transcript)\b|पूरी\s+(?:वार्ता|बात)|पूरा\s+प्रवचन",
    re.I,
)


def document_language(text: str) -> str | None:
    """A language filter only when the question explicitly asks for documents of one language."""
    for pattern, lang in _DOC_LANGUAGE:
        if pattern.search(text):
            return lang
    return None


_STOPWORDS = set(
    """a an the and or but of to in on at for from by with about as is are was were be been being do does did
    what which who whom whose when where why how that this these those it its he she they them his her their
    i me my we our you your said say says tell told please can could would should will shall may might there
    any some all also just than then so such into over under again more most other only own same too very
    talk talks document documents speaker regarding concerning topic topics subject theme themes discussed discuss
    discussion summarise summarize summary teacher lecture lectures discourse discourses sermon talked spoke speak
    spoken given gave give day date main points key""".split()
) | {"क्या", "के", "की", "का", "में", "है", "हैं", "था", "थे", "और", "से", "पर", "को", "ने", "बारे", "कहा", "गया",
     "कहते", "बताइए", "बताओ", "इस", "उस", "यह", "वह", "एक", "तो", "भी", "ही", "कि", "हुआ", "दिन",
     "प्रवचन", "विषय", "किस", "बात", "वार्ता", "चर्चा", "सारांश", "मुख्य", "बोले", "बोला", "दिया", "दिए", "तारीख",
     "हुई", "गई", "दिनांक"}
_WORD = re.compile(r"[\w\u0900-\u097f]+", re.U)


def content_words(text: str) -> list[str]:
    """Words that carry meaning (stop words and bare numbers removed), original order, no duplicates."""
    out: list[str] = []
    for word in _WORD.findall(text):
        low = word.lower()
        if low in _STOPWORDS or low.isdigit() or normalise_digits(low).isdigit() or low in MONTHS:
            continue
        if low not in out:
            out.append(low)
    return out


# --- routing ---------------------------------------------------------------------------------------------
_GREETING = re.compile(
    r"^\s*(?:hi+|hello+|hey+|hiya|howdy|yo|good\s+(?:morning|afternoon|evening|night)|greetings|namaste|namaskar"
    r"|नमस्ते|नमस्कार|प्रणाम|हेलो|हैलो)(?![\w\u0900-\u097f])", re.I)
_THANKS = re.compile(
    r"^\s*(?:thanks?(?:\s+you)?|thank\s+you|thx|ty|cheers|great|ok(?:ay)?|cool|nice|perfect|bye|goodbye"
    r"|धन्यवाद|शुक्रिया|ठीक\s+है|अलविदा)(?![\w\u0900-\u097f])", re.I)
_MEMORY = re.compile(
    r"what\s+(?:did|have)\s+i\s+(?:just\s+)?(?:ask|asked|say|said)|my\s+(?:previous|last|earlier|first)\s+"
    r"(?:question|message)s?|(?:previous|earlier|last)\s+questions?\s+(?:i|did)"
    r"|(?:summari[sz]e|recap|summary\s+of)\s+(?:our|the|this)\s+(?:chat|conversation|discussion)"
    r"|what\s+(?:have\s+we|did\s+we)\s+(?:discuss|talk)"
    r"|मैंने\s+(?:पहले|अभी)?\s*क्या\s+पूछा|पिछला\s+सवाल|पिछले\s+सवाल|(?:हमारी|इस)\s+बातचीत\s+का\s+सारांश", re.I)
_SMALLTALK = re.compile(r"^\s*(?:how\s+are\s+you|who\s+are\s+you|what\s+can\s+you\s+do|help)\s*[?!.]*\s*$", re.I)


def conversational_kind(text: str) -> str | None:
    """'greeting' / 'thanks' / 'history' / 'summary' / 'smalltalk' for conversational messages, else None."""
    stripped = text.strip()
    if not stripped:
        return "smalltalk"
    if _MEMORY.search(stripped):
        low = stripped.lower()
        if re.search(r"summari[sz]e|recap|summary|discuss|talk|सारांश", low):
            return "summary"
        return "history"
    if _SMALLTALK.match(stripped):
        return "smalltalk"
    for pattern, kind in ((_GREETING, "greeting"), (_THANKS, "thanks")):
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


_FOLLOWUP = re.compile(
    r"^\s*(?:and|also|what\s+about|how\s+about|tell\s+me\s+more|more\s+on|same|again)(?![\w])"
    r"|^\s*(?:और|तो\s+फिर|फिर|उसके|इसके|उसी)(?![\w\u0900-\u097f])"
    r"|\b(?:it|that|this|those|these|there|above|previous|earlier)\b", re.I)


def needs_context(text: str) -> bool:
    """True when a message probably depends on earlier turns (pronouns, 'and what about...', very short)."""
    if _FOLLOWUP.search(text):
        return True
    return not content_words(text)


def is_date_only(question: str, headings: Sequence[str] = ()) -> bool:
    """"What was said on 1969-01-23?": one exact date and nothing else to look for.

    Words found in the ``headings`` of the documents retrieved for that date (title, by-line: "What did Acharya
    Devdutt say on ...?") describe the document, not a topic, and do not count.
    """
    if parse_dates(question).date is None:
        return False
    heading_words = {w for h in headings for w in content_words(h)}
    return all(w in heading_words for w in content_words(question))


def tool_arguments(question: str, broaden: bool = False, drop_period: bool = False) -> dict[str, Any]:
    """``retrieve_context`` arguments built from the question by rules (the fallback search).

    ``broaden`` (the retry after an empty or useless search) keeps only the content words and drops the language
    filter, but keeps the dates the question names: a talk that merely mentions a date is not what was said on it.
    With ``drop_period`` (no document at all is dated in the period) a year or month range is dropped too: "the
    flood of 1961" names an event, not the date of a talk. An exact date is always kept.
    """
    dates = parse_dates(question)
    if broaden and drop_period and not dates.date:
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
    if dates.date and (_WHOLE.search(question) or not content_words(question)):
        args["whole_document"] = True  # "the whole talk of ..." or a bare "what was said on <date>?"
    return args


_CONTEXT_SUFFIX = re.compile(r"\s*\(context: .*\)\s*$", re.S)


def strip_context(question: str) -> str:
    """The user's own words of a condensed question (without the extractive ``(context: ...)`` suffix)."""
    return _CONTEXT_SUFFIX.sub("", question).strip() or question


_REFERS_BACK = re.compile(r"\b(?:it|that|this|those|these|there|same|above|previous|earlier)\b"
                          r"|(?<![\w\u0900-\u097f])(?:उस|इस|उसी|वही|वहाँ)(?![\w\u0900-\u097f])", re.I)


def search_arguments(question: str, broaden: bool = False, drop_period: bool = False) -> dict[str, Any]:
    """Fallback/extractive search arguments.

    For a condensed follow-up (``"<own words> (context: <previous question>)"``) the query is the user's own
    words; the previous question's date/language filters are kept only when the own words refer back to it
    ("that day", "the same talk", "it"), not for a new topic ("and what about fear?").
    """
    own_words = strip_context(question)
    if own_words == question or not content_words(own_words):
        return tool_arguments(question, broaden=broaden, drop_period=drop_period)
    args = tool_arguments(question if _REFERS_BACK.search(own_words) else own_words, broaden=broaden,
                          drop_period=drop_period)
    args["query"] = " ".join(content_words(own_words)) if broaden else own_words
    return args


_LEADING_CONNECTOR = re.compile(r"^\s*(?:and|also|so|but|what\s+about|how\s+about|और|तो)\b[\s,]*", re.I)


def ranking_text(question: str) -> str:
    """The question without a leading 'and / what about' (better for sentence similarity)."""
    stripped = _LEADING_CONNECTOR.sub("", _LEADING_CONNECTOR.sub("", question)).strip()
    return stripped if content_words(stripped) else question


_SENTENCE_END = re.compile(r"(?<=[.!?।॥])\s+|\n+")


def split_sentences(text: str) -> list[str]:
    """Sentences split on . ! ? and the Devanagari danda (।, ॥) and on line breaks."""
    return [s.strip() for s in _SENTENCE_END.split(text) if s and s.strip()]


def approx_tokens(text: str) -> int:
    """Rough token count: ~4 Latin characters per token, ~2 Devanagari characters per token."""
    if not text:
        return 0
    deva = len(_DEVANAGARI.findall(text))
    return max(1, (len(text) - deva) // 4 + deva // 2)
