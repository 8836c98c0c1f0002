"""Does a quote answer the question? Evidence checks that a cosine cannot make.

* :func:`answer_type`: the kind of fact the question asks for (``age``, ``money``, ``number``, ``date``, ``month``,
  ``person``, ``place``, ``reason``, ``yesno``; None for open questions), from the question words of the language
  registry (``[answer_types]`` of ``rag_bot/languages/*.toml``: "how many", "कितने", "who", "कौन", ...). A yes/no
  question has no kind of fact, but its quote must hold the question's specific terms (:func:`bound`), in any
  script.
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
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from rag_bot import languages
from rag_bot.agent import rules
from rag_bot.agent.claims import name_keys, numerals
from rag_bot.dates import MONTHS, find_dates, normalise_digits
from rag_bot.languages import alternation

_W = languages.word_chars()
_WORD = re.compile(rf"[{_W}]+")
_ENDS = languages.sentence_ends()  # the danda is in the Devanagari block: not part of a word
_NO_ENDS = str.maketrans(_ENDS, " " * len(_ENDS))  # sentence ends as spaces: "खुलेगा।" ends in a letter
_DIGITS = re.compile(r"\d+(?:[.,]\d+)*")
_YEAR = re.compile(r"(?<!\d)(?:1[0-9]|20)\d{2}(?!\d)")
_CAPITAL = re.compile(r"(?<![\w'’])([A-Z][\w'’-]+)")
MIN_STEM = 4  # a shorter common prefix is not a shared stem
UNITS = ("money", "measure", "time")  # kinds of fact stated as a number with its unit
MIN_SKELETON = 2  # consonants a transliterated term must have to count as found in another script


@dataclass(frozen=True)
class _Patterns:
    types: tuple[tuple[str, re.Pattern[str]], ...]
    evidence: dict[str, re.Pattern[str] | None]
    suffixes: tuple[str, ...]
    light: frozenset[str]  # auxiliaries and light verbs ("किया", "still"): no topic of their own
    literals: frozenset[str]  # the words written in the answer-type patterns ("how", "much", "cost", "कितना")
    count: re.Pattern[str] | None  # the registry's count words ("how many", "कितने")
    plurals: tuple[str, ...]  # plural noun endings
    quantity: frozenset[str]  # words between a number and what it counts ("as many")
    coordinators: frozenset[str]  # "and", "और": two things priced together
    apiece: frozenset[str]  # "each", "प्रति": a price of each


MONTH = "month"  # "in which month": a month name answers it (a date or a year question wants more)
YESNO = rules.YESNO  # a yes/no question: no kind of fact, but the quote must hold the question's specific terms


def _words(items: tuple[str, ...]) -> re.Pattern[str] | None:
    if not items:
        return None
    symbols = [i for i in items if not re.search(r"\w", i.replace("\\", ""))]  # "£", "\$": stand next to digits
    words = [i for i in items if i not in symbols]
    parts = [rf"(?<![{_W}])(?:{alternation(words)})(?![{_W}])"] if words else []
    if symbols:
        parts.append(f"(?:{alternation(symbols)})")
    return re.compile("|".join(parts), re.I)


@lru_cache(maxsize=1)
def _patterns() -> _Patterns:
    reg = languages.registry()
    evidence = {kind: _words(reg.union_of("answer_evidence", kind)) for kind in reg.keys_of("answer_evidence")}
    suffixes = tuple(sorted(reg.union("stem_suffixes"), key=len, reverse=True))
    light = frozenset(w.casefold() for w in reg.union("support_stopwords"))
    literals = frozenset(w.casefold() for kind in reg.keys_of("answer_types")
                         for pattern in reg.union_of("answer_types", kind) for w in _WORD.findall(pattern))
    return _Patterns(types=rules.answer_type_patterns(), evidence=evidence, suffixes=suffixes, light=light,
                     literals=literals, count=_words(reg.union("count_words")),
                     plurals=tuple(sorted(reg.union("plural_endings"), key=len, reverse=True)),
                     quantity=frozenset(w.casefold() for w in reg.union("quantity_words")),
                     coordinators=frozenset(w.casefold() for w in reg.union("coordinators")),
                     apiece=frozenset(w.casefold() for w in reg.union("apiece_words")))


answer_type = rules.answer_type  # the kind of fact a question asks for (the rules read it too)


def _tokens(text: str) -> list[str]:
    return [w for w in (t.strip(_ENDS) for t in _WORD.findall(text)) if w]


@lru_cache(maxsize=4096)
def _numbers(text: str) -> set[str]:
    """The numbers ``text`` states, in digits: digits of either script and runs of number words of any registry
    language ("बाईस टन", "forty-six")."""
    return {n.replace(",", "") for n in _DIGITS.findall(numerals(text))}


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


def question_names(question: str) -> list[tuple[str, ...]]:
    """The names the question holds, as runs of consecutive capitalised words that are not the first word, a stop
    word, a month or a time word ("Why did the team bring *Elsie Braithwaite* down from *Crow Howe*?"), case-folded,
    a possessive dropped ("Kulkarni's" -> "kulkarni"). Only scripts with case show names this way."""
    text = rules.strip_context(question)
    names = {_bare(n) for n in _names(text)}
    runs: list[list[str]] = []
    previous = False
    for raw in re.findall(r"[\w'’]+", text):
        word = _bare(raw.casefold())
        if word in names:
            if previous:
                runs[-1].append(word)
            else:
                runs.append([word])
            previous = True
        else:
            previous = word in ("'s", "s")
    return [tuple(r) for r in runs]


def _bare(word: str) -> str:
    return re.sub(r"['’]s?$", "", word)


def _keys(word: str, least: int = MIN_SKELETON) -> set[str]:
    """The word's transliteration skeletons (:func:`rag_bot.agent.claims.name_keys`) of ``least`` letters or more."""
    return {k for k in name_keys(word) if len(k) >= least}


def names_missing(question: str, text: str) -> list[tuple[str, ...]]:
    """The question's names (:func:`question_names`) of which no word stands in ``text``: written alike (the word
    or a longer form of it: "Pritchard's"), or in another script with the same consonant skeleton ("Suresh" ~
    "सुरेश"). A quote from a document that never names the person or place asked about does not answer it. A name
    whose words are all too short to compare across scripts ("Rao") is not counted missing."""
    words = {w.casefold() for w in _tokens(text)}
    latin = {w for w in words if w.isascii()}
    skeletons = {k for w in words if not w.isascii() for k in _keys(w)}

    def found(token: str) -> bool | None:  # None: cannot tell
        if any(w == token or (len(token) >= MIN_STEM and w.startswith(token)) for w in latin):
            return True
        keys = _keys(token, MIN_SKELETON + 1)
        if not keys:
            return None
        return bool(keys & skeletons)

    missing = []
    for run in question_names(question):
        verdicts = [found(t) for t in run]
        if not any(verdicts) and any(v is False for v in verdicts):
            missing.append(run)
    return missing


def _question_words(question: str) -> set[str]:
    return {w.casefold() for w in _tokens(question)}


def has_evidence(kind: str | None, quote: str, question: str) -> bool:
    """Whether ``quote`` holds a fact of ``kind`` that ``question`` does not already state (True for no kind)."""
    if kind is None:
        return True
    marker = _patterns().evidence.get(kind)
    rank = _patterns().evidence.get("rank")
    if kind == YESNO:  # no kind of fact: the quote must speak of the question's specific terms (evidence_on_topic)
        return _states_amount_asked(quote, question)
    if kind == "measure" and rank is not None and rank.search(quote):
        return True  # a height by a landmark: "to the seventh step of the ghat"
    if kind in UNITS:  # a sum, a size, a clock time: its unit (a currency, "metres", "बजे") and a number
        return marker is not None and bool(marker.search(quote)) and has_evidence(
            "number", marker.sub(" ", quote), question)  # the unit word itself is no number
    if marker is not None and marker.search(quote):
        asked = {m.casefold() for m in marker.findall(question)}
        if kind not in ("person", "place") and any(m.casefold() not in asked for m in marker.findall(quote)):
            return True  # an evidence word the question does not say itself ("two Land Rovers" asked: no count)
        if _marked_name(marker, quote, question, kind == "place"):
            return True
    if kind in ("number", "age"):
        years = {r for r in _DIGITS.findall(normalise_digits(quote)) if _YEAR.fullmatch(r)}  # "in 2019" (not "1,150")
        counts = _numbers(quote) - _numbers(question) - years
        return bool(counts) and (kind == "number" or marker is None)
    if kind == MONTH:  # "in which month": a month name the question does not hold ("मार्च में"), or a full date
        months = {w.casefold() for w in _tokens(quote) if w.casefold() in MONTHS and (
            not w.isascii() or w[:1].isupper())}  # "May", not "may"
        return bool(find_dates(quote)) or bool(months - _question_words(question))
    if kind == "date":
        return bool(find_dates(quote)) or bool(set(_YEAR.findall(normalise_digits(quote)))
                                               - set(_YEAR.findall(normalise_digits(question))))
    if kind in ("person", "place"):
        return bool(_foreign_to(question, _names(quote) - _question_words(question)))
    return False


def _states_amount_asked(quote: str, question: str) -> bool:
    """For a yes/no question that names an amount with its unit ("Did the stove cost more than 5,000 rupees?",
    "क्या पुल ४० मीटर से लंबा है?"): whether ``quote`` states an amount of that unit too (any number, the asked one
    included); True for a question naming none."""
    for unit in UNITS:
        marker = _patterns().evidence.get(unit)
        if marker is not None and marker.search(question) and _numbers(marker.sub(" ", question)):
            return bool(marker.search(quote)) and bool(_numbers(marker.sub(" ", quote)))
    colour = _patterns().evidence.get("colour")  # "Was the tent white?": the quote must name a colour
    if colour is not None and colour.search(rules.strip_context(question)):
        return bool(colour.search(quote))
    return True


def _holds_topic(terms: tuple[str, ...], sentence: str) -> bool:
    """Whether ``sentence`` holds one of the topic ``terms`` (word or stem); True when none of them is written in the
    sentence's script (another language's sentence cannot be told by its letters)."""
    words = {w.casefold() for w in _tokens(sentence)}
    scripts = {_script(w) for w in words}
    same = [t for t in terms if _script(t) in scripts]
    return not same or any(_stem_match(t, w) for t in same for w in words)


def evidence_on_topic(kind: str | None, runs: list[list[str]], question: str,
                     leads: list[str] | None = None, specific: tuple[str, ...] = (),
                     seen: frozenset[tuple[str, str | None]] = frozenset()) -> bool:
    """Whether a sentence of ``runs`` (runs of consecutive quoted sentences) holds the fact of ``kind`` *and* speaks
    of the question's topic: it holds a topic term of the question (:func:`topic_terms`) itself, or goes on from the
    sentence before it that does (in its run, or for a run's first sentence its ``leads`` entry: the unquoted
    sentence before the run in its paragraph, "" for none): "The motor burned out. Gwen Talbot rewound it." A fact
    in a sentence about something else (a name beside the asked subject, a season in a sentence on another matter)
    is no answer. A name marked elsewhere in the quote ("गीता जी") counts where it stands unmarked ("कक्षा गीता शर्मा
    चलाती हैं"). With the question's ``specific`` terms (:func:`specific_terms`), the sentence with the
    ``BIND_SPAN`` before it must hold ``BIND_SHARE`` of those that can be checked (:func:`bound`): a sum in a
    sentence that names the team but not the Land Rovers asked about is the cost of something else.
    True for no kind or no topic terms."""
    terms = tuple(t.casefold() for t in _topic_terms(question))
    if kind is None or not terms:
        return True
    marker = _patterns().evidence.get(kind) if kind in ("person", "place") else None
    named = {w for run in runs for sentence in run
             for w in (_marked_words(marker, sentence, question, kind == "place") if marker else ())}
    for k, run in enumerate(runs):
        before = [(leads[k] if leads and k < len(leads) else ""), *run]
        on_topic = [bool(x) and _holds_topic(terms, x) for x in before]  # the lead, then the run's sentences
        for j, sentence in enumerate(run):
            near = " ".join([*before[max(0, j + 1 - BIND_SPAN):j + 1], sentence])  # it and the sentences before
            if (on_topic[j + 1] or on_topic[j]) and (
                    has_evidence(kind, sentence, question) or bool(named & {w.casefold() for w in _tokens(sentence)})
            ) and (not specific or not _binds(kind, sentence) or bound(specific, near, seen)) and not (
                    contrast_conflict(question, f"{before[j]} {sentence}") or count_unbound(question, sentence, near)
                    or year_unbound(question, near) or (kind == "money" and price_joint(question, sentence))
                    or (kind in ("date", MONTH) and future_unbound(question, sentence))
                    or measure_unbound(question, near)
                    or (kind == "place" and origin_unbound(question, sentence, near))
                    or required_missing(question, near)):
                return True
    return False


def _binds(kind: str, sentence: str) -> bool:
    """Whether the fact of ``kind`` in ``sentence`` is read precisely enough to be bound to the terms beside it:
    numbers, sums, ages and dates in any script; names and reasons only in a script with capitals (a Hindi name is
    found by a marker such as "ने" or "जी", which may stand in the sentence before the one naming the person)."""
    return kind in ("number", "age", "date", MONTH, YESNO, *UNITS) or all(w.isascii() for w in _tokens(sentence))


BIND_SPAN = 2  # sentences before the one holding the fact that may name what it is about ("The pump broke. The
# repair was done by Sam. It cost 640 pounds.")
BIND_SHARE = 0.5  # share of the question's specific terms the sentence holding the fact (and the one before) holds
SPECIFIC_SHARE = 0.25  # a topic term in more of the retrieved sentences than this names the corpus, not the thing


def _term_in(term: str, words: list[str], seen: frozenset[tuple[str, str | None]] = frozenset()) -> bool | None:
    """Whether ``words`` hold ``term``: by stem in its script, across scripts by glossary sense or transliteration;
    None when that cannot be told (no word of the term's script and no match in the other script), unless ``seen``
    holds (term, that script): the retrieved passages wrote the term in that script in a form found there, so its
    absence counts as in the term's own script."""
    from rag_bot.agent import glossary

    script = _script(term)
    same = [w for w in words if _script(w) == script]
    if any(_stem_match(term, w) for w in same):
        return True
    others = [w for w in words if _script(w) != script]
    if others and glossary.matches(term, others):
        return True
    if same or (seen and any((term, _script(w)) in seen for w in others)):
        return False
    return None  # across scripts a word the glossary does not pair is no evidence of absence


def specific_terms(question: str, sentences: list[str]) -> tuple[str, ...]:
    """The question's topic terms that name the thing asked about rather than the archive: those found in at most
    ``SPECIFIC_SHARE`` of ``sentences`` (the retrieved sentences; "team" in a rescue team's talks is in most of them,
    "Land Rovers" in one); a term found in none is left out (the passages may say it in other words). Empty when
    every term is common or absent."""
    return tuple(t for t, _ in _specific(question, tuple(sentences)))


def seen_across(question: str, sentences: list[str]) -> frozenset[tuple[str, str | None]]:
    """(term, script) for each specific term (:func:`specific_terms`) that a retrieved sentence of another script
    than the term's holds (a transliteration, a glossary sense): in that script the term's absence can be told."""
    return frozenset((t, s) for t, scripts in _specific(question, tuple(sentences)) for s in scripts)


@lru_cache(maxsize=64)
def _specific(question: str, sentences: tuple[str, ...]) -> tuple[tuple[str, frozenset[str | None]], ...]:
    from rag_bot.agent import glossary

    terms = tuple(dict.fromkeys(t.casefold() for t in _topic_terms(question)))
    if not terms or not sentences:
        return ()
    tokenised = [[w.casefold() for w in _tokens(s)] for s in sentences]
    out = []
    for term in terms:
        found = [words for words in tokenised if _term_in(term, words)]
        if 0 < len(found) <= SPECIFIC_SHARE * len(sentences):
            script = _script(term)
            out.append((term, frozenset(_script(w) for words in found for w in words
                                        if _script(w) != script and glossary.sounds_alike(term, [w]))))
    return tuple(out)


def bound(specific: tuple[str, ...], text: str, seen: frozenset[tuple[str, str | None]] = frozenset()) -> bool:
    """Whether ``text`` holds ``BIND_SHARE`` of the ``specific`` terms that can be checked in it (True when none
    can; across scripts a term can be checked where ``seen`` says so, :func:`seen_across`)."""
    words = [w.casefold() for w in _tokens(text)]
    verdicts = [v for v in (_term_in(t, words, seen) for t in specific) if v is not None]
    return not verdicts or sum(verdicts) >= BIND_SHARE * len(verdicts)


def _foreign_to(question: str, names: set[str]) -> set[str]:
    """``names`` without those the question holds in another script: transliterated ("Suresh" asked, "सुरेश"
    quoted) or translated by the glossary ("the priest" asked, "पुजारी जी" quoted: a title, no new name)."""
    from rag_bot.agent import glossary

    words = _tokens(question)
    asked = {k for w in words for k in _keys(w, MIN_SKELETON + 1)}
    return {n for n in names if not (_keys(n, MIN_SKELETON + 1) & asked) and not (
        (others := [w.casefold() for w in words if _script(w) != _script(n)]) and glossary.matches(n, others))}


def contrast_conflict(question: str, sentence: str) -> bool:
    """Whether ``sentence`` names another member of a registry contrast class than the question and not the
    question's own ("the *second* year" asked, "in its *first* year" quoted; "the *girls*" asked, "140 *children*"
    quoted): the fact it holds is about the other one. Members are compared across languages by position."""
    mine, theirs = _contrast_members(question), _contrast_members(sentence)
    return any(asked and theirs.get(name) and not asked & theirs[name] for name, asked in mine.items())


def required_missing(question: str, text: str) -> bool:
    """Whether ``text`` lacks a registry ``required`` word the question holds, in either language ("the name of
    Suresh Kulkarni's *wife*" asked, a sentence about Suresh and his work quoted; "in its *second* year" asked, a
    figure with no year named quoted)."""
    mine = _contrast_members(question, "required")
    theirs = _contrast_members(text, "required") if mine else {}
    return any(not asked & theirs.get(name, frozenset()) for name, asked in mine.items())


@lru_cache(maxsize=8192)
def _contrast_members(text: str, table: str = "contrasts") -> dict[str, frozenset[int]]:
    tokens = [w.casefold() for w in _tokens(text)]
    words = set(tokens)
    pairs = {f"{a} {b}" for a, b in zip(tokens, tokens[1:], strict=False)}  # "पहले साल": a form of two words
    out: dict[str, set[int]] = {}
    for lang in languages.registry().languages:
        for name, members in getattr(lang, table).items():
            for position, forms in enumerate(members):
                if words.intersection(forms) or pairs.intersection(forms):
                    out.setdefault(name, set()).add(position)
    return {name: frozenset(v) for name, v in out.items()}


def _measured(text: str) -> set[str]:
    """The numbers ``text`` writes with a unit of measure just after them ("a *500*-gram packet", "५०० ग्राम")."""
    units = _patterns().evidence.get("measure")
    if units is None:
        return set()
    tokens = [w.casefold() for w in _tokens(numerals(text))]
    return {t.replace(",", "") for i, t in enumerate(tokens[:-1])
            if _DIGITS.fullmatch(t) and units.fullmatch(tokens[i + 1])}


def _another_than_asked(read: Callable[[str], set[str]], question: str, text: str) -> bool:
    """Whether ``text`` writes values ``read`` finds (years, sizes) and the question writes some too, none of them
    shared: the fact stated is another one's."""
    asked = read(rules.strip_context(question))
    return bool(asked) and bool(written := read(text)) and not asked & written


def measure_unbound(question: str, text: str) -> bool:
    """Whether ``text`` (a sentence holding the fact, with the ones before it) gives its figure for another size than
    the question names ("the 500-gram packet?" -> "A 1-kilo packet sells for ₹18"): both write a number with a
    unit of measure, none of the question's."""
    return _another_than_asked(_measured, question, text)


@lru_cache(maxsize=1)
def _future() -> re.Pattern[str] | None:
    return _words(languages.registry().union("future_markers"))


def future_unbound(question: str, sentence: str) -> bool:
    """For a question about what will be ("When will the hostel open?", "... कब खुलेगा?"), whether ``sentence`` (the
    one holding the date) speaks of no future (registry ``future_markers``): a past date is no answer."""
    future = _future()
    if future is None or not future.search(rules.strip_context(question).translate(_NO_ENDS)):
        return False
    return not future.search(sentence.translate(_NO_ENDS))


def year_unbound(question: str, text: str) -> bool:
    """Whether ``text`` (a sentence holding the fact, with the ones before it) names years, none of them one the
    question asks about ("How many calls in 2012?" -> "in 2011 we took 1,326 calls"): a figure of another year."""
    return _another_than_asked(lambda t: set(_YEAR.findall(normalise_digits(t))), question, text)


COORD_SPAN = 3  # words between the asked thing and the word joining it to another ("a tester *and a* lactometer")


def price_joint(question: str, sentence: str) -> bool:
    """For a how-much question, whether ``sentence`` gives one sum for the asked thing (the question's last topic
    term) and another thing joined to it ("the lactometer?" -> "a fat tester and a lactometer for ₹18,400"; "the
    dictionary?" -> "a dictionary and ₹501"): the price of neither alone. Not when it prices each ("at ₹900 each")
    or writes more than one sum."""
    terms = _topic_terms(question)
    money = _patterns().evidence.get("money")
    if not terms or money is None or len(money.findall(sentence)) != 1:
        return False
    asked = terms[-1].casefold()
    tokens = [w.casefold() for w in _tokens(sentence)]
    pats = _patterns()
    if pats.apiece & set(tokens):
        return False
    stop = rules.vocabulary().stopwords

    def thing(word: str) -> bool:  # another thing, or the sum itself ("a dictionary and ₹501")
        return (word not in stop or _DIGITS.fullmatch(word) is not None) and not _stem_match(asked, word)

    named = [t.casefold() for t in terms]

    def joined(steps: range) -> bool:  # past stop words a joining word, then past stop words another thing
        seen = False
        for j in steps:
            word = tokens[j]
            if word in pats.coordinators and not seen:
                seen = True
                continue
            if word in stop and word not in pats.coordinators:
                continue
            if not seen:
                return False
            return thing(word)
        return False

    start = 0  # where the run of the question's words ending here begins: "a *second lighting stand*"
    for i, token in enumerate(tokens):
        if not any(_stem_match(t, token) for t in named):
            start = i + 1
            continue
        if not _stem_match(asked, token):
            continue
        if joined(range(start - 1, max(-1, start - 1 - 2 * COORD_SPAN), -1)) or joined(
                range(i + 1, min(len(tokens), i + 1 + 2 * COORD_SPAN))):
            return True
    return False


def count_unbound(question: str, sentence: str, near: str = "") -> bool:
    """For a how-many question, whether the numbers of ``sentence`` count something else than the asked thing:
    the sentence names the counted thing but no number stands before it, while numbers stand before other things
    ("How many head torches?" -> "60 thermal blankets and a box of head torches"); or it does not name it and
    neither does ``near`` (the sentence with the ones before it) while a number stands in it ("How many plates?"
    -> "Last winter 90 came each night"): a count of an unnamed thing is no answer unless the sentences before
    named it ("The stalls filled the ground. There were 40."). Without ``near`` an unnamed thing is unbound only
    when every number stands before another plural."""
    noun = counted_noun(question)
    if noun is None:
        return False
    tokens = [w.casefold() for w in _tokens(numerals(sentence))]
    words = _patterns().evidence.get("number")  # "twice as many moths", "half the bats": amounts too
    positions = [i for i, t in enumerate(tokens) if _DIGITS.fullmatch(t) or (words is not None and words.fullmatch(t))]
    if not any(_stem_match(noun, t) for t in tokens):  # the number of other things: "two *tools*" for members
        if positions and near and _term_in(noun, [w.casefold() for w in _tokens(near)]) is False:
            return True
        return bool(positions) and _term_in(noun, tokens) is False and all(
            _counts_other(tokens[i + 1:i + 1 + COUNT_SPAN], noun) for i in positions)
    after = [t for i in positions for t in tokens[i + 1:i + 1 + COUNT_SPAN]]
    return bool(positions) and not any(_stem_match(noun, t) for t in after)


ORIGIN_BEFORE = 4  # words before a where-from question's subject its origin may stand in ("खारिया गाँव के हरजीराम")
ORIGIN_AFTER = 8  # words after it ("Chhotelal Nishad, a rickshaw puller from Mirzapur")


@lru_cache(maxsize=1)
def _origin_patterns() -> tuple[tuple[re.Pattern[str], ...], ...]:
    reg = languages.registry()
    return tuple(tuple(re.compile(p) for p in reg.union(key))
                 for key in ("origin_questions", "origin_before", "origin_after"))


@lru_cache(maxsize=256)
def origin_subject(question: str) -> str | None:
    """The subject of a question for the place someone or something comes from (registry ``origin_questions``):
    in a script with case the last word of its first name not in the possessive ("Which town did old Gaya
    *Prasad* come from?"; "the larch for Hamish Dow's boats" asks about the larch, and "larch" names no one: None),
    otherwise the word before the question word ("दिनेश *तेकाम* किस गाँव के रहने वाले हैं?"); None for other
    questions."""
    text = rules.strip_context(question)
    match = next((m for p in _origin_patterns()[0] if (m := p.search(text))), None)
    if match is None:
        return None
    if match.group().isascii():  # the names written in the possessive, read in one pass over the question
        owners = {_bare(t) for t in (w.casefold() for w in re.findall(r"[\w'’]+", text)) if _bare(t) != t}
        return next((run[-1] for run in question_names(text) if run[-1] not in owners), None)
    before = _tokens(text[:match.start()])
    return before[-1].casefold() if before else None


def _is_subject(word: str, subject: str) -> bool:
    """Whether ``word`` writes ``subject``: alike, a longer form of it, or in another script with its skeleton."""
    low = word.casefold()
    if low == subject or (low.isascii() and subject.isascii() and len(subject) >= MIN_STEM and low.startswith(subject)):
        return True
    least = MIN_SKELETON + 1
    return low.isascii() != subject.isascii() and bool(_keys(low, least) & _keys(subject, least))


def origin_unbound(question: str, sentence: str, near: str) -> bool:
    """For a question for where someone comes from (:func:`origin_subject`), whether ``sentence`` writes no origin
    of that subject: none of the registry ``origin_before`` / ``origin_after`` patterns, their group ``place``
    holding a word the question does not, stands within ``ORIGIN_BEFORE`` words before the subject or
    ``ORIGIN_AFTER`` after it ("old Gaya Prasad fell in the crush" names no town; "Chhotelal, a porter from
    Mirzapur" is another man's). Where ``near`` (the sentence with the ones before it) names the subject and the
    sentence does not ("He came from Kharia."), an origin anywhere in the sentence counts; where neither does, the
    place is someone else's."""
    subject = origin_subject(question)
    if subject is None:
        return False
    _, befores, afters = _origin_patterns()
    asked, stopwords = _question_words(question), rules.vocabulary().stopwords
    words = sentence.split()  # punctuation kept: "Sihora's", "a potter, from"
    at = [i for i, w in enumerate(words) if any(_is_subject(t, subject) for t in _tokens(w))]
    if not at:
        if not any(_is_subject(w, subject) for w in _tokens(near)):
            return True
        at = list(range(len(words) + 1))  # named before: any place in the sentence may follow the pronoun

    def written(window: list[str], patterns: tuple[re.Pattern[str], ...]) -> bool:
        text = " ".join(window)
        return any(any(w.casefold() not in asked and w.casefold() not in stopwords
                       for w in _tokens(m.group("place") if "place" in p.groupindex else m.group()))
                   for p in patterns if (m := p.search(text)))

    return not any(written(words[max(0, i - ORIGIN_BEFORE):i], befores)
                   or written(words[i + 1:i + 1 + ORIGIN_AFTER], afters) for i in at)


def _counts_other(after: list[str], noun: str) -> bool:
    """Whether the words ``after`` a number name another counted thing than ``noun``: the first content word (past
    stop words, units and number words) is a plural ("two *tools*", "सत्रह *साइकिलें*"); a number before a verb
    or a singular ("300 came") may count the asked thing unnamed."""
    units = _patterns().evidence.get("measure")
    numbers = _patterns().evidence.get("number")
    for word in after:
        if word in rules.vocabulary().stopwords or word in _patterns().quantity or _DIGITS.fullmatch(word) or any(
                p is not None and p.fullmatch(word) for p in (numbers, units)):
            continue
        return not _stem_match(noun, word) and word.endswith(_patterns().plurals)
    return False


COUNT_SPAN = 4  # the counted thing stands this close after its number ("60 thermal blankets", "१४० बच्चे")


def counted_noun(question: str) -> str | None:
    """The thing a how-many question counts: the first content word after its number phrase that is no unit
    ("कितने किलो *पकौड़े*"); in a language that writes it in the plural (registry ``counted_plural``), the first
    plural among the next ``COUNT_SPAN`` content words ("How many head *torches*"; "how many turned out to be
    ill" counts no thing it names). None for other questions."""
    if answer_type(question) != "number":
        return None
    text = rules.strip_context(question)
    count = _patterns().count
    number = count.search(text) if count is not None else None
    if number is None:
        return None
    units = _patterns().evidence.get("measure")
    language = languages.registry().get(languages.detect(number.group()))
    content = [low for low in (w.casefold() for w in _tokens(text[number.end():]))
               if low not in rules.vocabulary().stopwords and len(low) > 2 and not (units and units.fullmatch(low))]
    if language is None or not language.counted_plural:
        return content[0] if content else None
    return next((w for w in content[:COUNT_SPAN] if w.endswith(language.plural_endings)
                 or w in language.plural_words), None)  # "how many *turned* out ...": a verb, no counted thing


def _marked_name(marker: re.Pattern[str], quote: str, question: str, place: bool = False) -> bool:
    """A word next to a person/place marker ("सुनीता पाटिल ने") that the question does not hold."""
    return bool(_marked_words(marker, quote, question, place))


def _marked_words(marker: re.Pattern[str], quote: str, question: str, place: bool = False) -> set[str]:
    """The words just before a person/place marker in ``quote`` ("पाटिल" of "सुनीता पाटिल ने", "गीता" of "गीता जी")
    that the question does not hold (in either script); for a ``place``, no month or common word either."""
    from rag_bot.agent import glossary

    asked = _question_words(question) | rules.vocabulary().stopwords
    words = _tokens(quote)

    def plain(word: str) -> bool:  # a place is no month and no word the glossary knows ("तीस बरस से", "बैंक में")
        return place and (word.casefold() in MONTHS or glossary.known(word))

    return _foreign_to(question, {words[i - 1].casefold() for i, word in enumerate(words)
                                  if marker.fullmatch(word) and i > 0 and words[i - 1].casefold() not in asked
                                  and not marker.fullmatch(words[i - 1])  # "सुरेश जी ने": जी is no name
                                  and not plain(words[i - 1])})


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
    held = {t for t in terms if any(_stem_match(t, w) for w in quote_words)}
    if len(held) < len(terms):  # a word the glossary gives the same sense: "started" asked, "began" quoted
        from rag_bot.agent import glossary

        meant = set().union(*(glossary.sense_keys(w) for w in quote_words if w.isascii()))
        held |= {t for t in terms if t not in held and t.isascii() and glossary.sense_keys(t.casefold()) & meant}
    owners = _possessors(question)
    checked = {t.casefold(): t for t in terms}

    def owned_held(term: str) -> bool:
        """"the club's steel stumps": every key term the club owns is quoted, so "club" need not be."""
        owned = [checked[w] for w in owners.get(term.casefold(), ()) if w in checked]
        return bool(owned) and all(w in held for w in owned)

    counted = [t for t in terms if t in held or not owned_held(t)]
    return sum(1 for t in counted if t in held) / len(counted)


_POSSESSIVE = re.compile(r"\b(\w+)(?:'s|’s|'|’)\s+((?:\w+\s+){0,2}\w+)")


@lru_cache(maxsize=256)
def _possessors(question: str) -> dict[str, tuple[str, ...]]:
    """The question's possessive nouns and the words of what they own, up to three ("the beekeepers'
    *cooperative*", "the kitchen's *very first day*")."""
    return {m.group(1).casefold(): tuple(w.casefold() for w in m.group(2).split())
            for m in _POSSESSIVE.finditer(question)}


def foreign_terms_found(question: str, text: str) -> int:
    """How many of the question's key terms written in another script than ``text`` are found in it by their
    consonant skeleton (a name or loanword transliterated: "रोज़वुड" ~ "Rosewood", "कैफ़े" ~ "café")."""
    words = {w for w in _tokens(text) if len(w) > 2}
    scripts = {_script(w) for w in words}
    skeletons = {k for w in words for k in _keys(w)}
    found = 0
    for term in key_terms(question):
        if _script(term) not in scripts and _keys(term) & skeletons:
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
           leads: list[str] | None = None, specific: tuple[str, ...] = (),
           seen: frozenset[tuple[str, str | None]] = frozenset()) -> Verdict:
    """The answer type of ``question``, whether ``quote`` holds it (given the quote's ``runs`` of consecutive
    sentences and their ``leads``: in a sentence on the question's topic, :func:`evidence_on_topic`), and the
    key-term coverage of the quote with its ``context`` (the sentences around it, which may name the topic)."""
    kind = answer_type(question)
    evidence = has_evidence(kind, quote, question) and (
        runs is None or evidence_on_topic(kind, runs, question, leads, specific, seen))
    return Verdict(kind=kind, evidence=evidence,
                   coverage=term_coverage(question, f"{quote} {context}".strip()))
