"""The language registry: every fact about a supported language, read from one data file per language.

``rag_bot/languages/<code>.toml`` holds the code, names, script (Unicode ranges), sentence ends and abbreviations,
stop words, the phrases the router rules look for (greetings, thanks, follow-ups, questions about the chat), the
words the support check reads (negations, number words, weekdays, case markers, a transliteration table, a
glossary of content words into the default language, and the installed bilingual dictionary that extends it:
:mod:`rag_bot.languages.dictionaries`), and in its ``[texts.*]`` tables every text shown in that
language (the answerer's intro and refusal, the conversational replies, the Telegram bot's texts and command
menu). Rules, prompts, the tool, the metadata detector and the front ends read them here; adding a language is
adding one file. This module imports nothing from rag_bot (a leaf), so
every layer may use it.
"""

from __future__ import annotations

import re
import tomllib
import unicodedata
from collections.abc import Callable, Iterable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import TypeVar

_DATA = Path(__file__).resolve().parent


@dataclass(frozen=True)
class Language:
    """One language as its data file describes it (pattern fields are regular-expression fragments)."""

    code: str
    name: str
    native_name: str
    script: str
    script_ranges: tuple[tuple[int, int], ...]
    sentence_ends: str
    chars_per_token: float = 4.0
    default: bool = False
    aliases: tuple[str, ...] = ()
    names_of: dict[str, str] = field(default_factory=dict)
    stopwords: frozenset[str] = frozenset()
    document_words: tuple[str, ...] = ()
    whole_words: tuple[str, ...] = ()
    filter_prepositions: tuple[str, ...] = ()
    greetings: tuple[str, ...] = ()
    thanks: tuple[str, ...] = ()
    smalltalk: tuple[str, ...] = ()
    chat_questions: tuple[str, ...] = ()
    summary_words: tuple[str, ...] = ()
    followup_starts: tuple[str, ...] = ()
    followup_words: tuple[str, ...] = ()
    refers_back: tuple[str, ...] = ()
    connectors: tuple[str, ...] = ()
    texts: dict[str, dict[str, str]] = field(default_factory=dict)  # [texts.<group>] tables: key -> text
    month_names: dict[str, int] = field(default_factory=dict)  # [dates.months]: name or abbreviation -> 1..12
    digits: str = ""  # [dates] digits: this script's 0-9, in order ("" when it writes ASCII digits)
    day_words: dict[str, int] = field(default_factory=dict)  # [dates.days]: a day written in words ("fourth") -> 1..31
    day_markers: tuple[str, ...] = ()  # [dates] day_markers: words after a day ("चार तारीख़": the fourth)
    abbreviations: tuple[str, ...] = ()
    abbreviations_at_end: tuple[str, ...] = ()
    negations: tuple[str, ...] = ()
    negation_idioms: tuple[str, ...] = ()  # phrases opening with a negation that negate nothing ("at no cost": free)
    ambiguous_numbers: tuple[str, ...] = ()
    number_joiners: tuple[str, ...] = ()
    passive_markers: tuple[str, ...] = ()
    agent_markers: tuple[str, ...] = ()
    patient_markers: tuple[str, ...] = ()
    genitive_links: tuple[str, ...] = ()  # a possessive link between two nouns (का, की, के)
    determiners: tuple[str, ...] = ()
    stem_suffixes: tuple[str, ...] = ()
    support_stopwords: tuple[str, ...] = ()
    clause_openers: tuple[str, ...] = ()  # a clause starts at this word ("and", "which", "जो")
    substitution_markers: tuple[str, ...] = ()  # "X instead of Y": the replacement stands before the marker
    substitution_markers_after: tuple[str, ...] = ()  # "Y के बजाय X": the replacement follows the marker
    converse_verbs: tuple[str, ...] = ()  # verbs whose doer receives ("received from", "bought from", "से सीखा")
    dative_converse_verbs: tuple[str, ...] = ()  # converse verbs whose receiver is marked by a patient marker (मिला)
    recipient_converse_verbs: tuple[str, ...] = ()  # converse verbs whose giver follows a recipient marker ("lost to")
    converse_idioms: tuple[str, ...] = ()  # words after a converse verb that make it no transfer ("took on", "got up")
    source_markers: tuple[str, ...] = ()  # the giver of a converse verb follows ("from") or precedes (से) these
    recipient_markers: tuple[str, ...] = ()  # "to the camp": the receiver of a giving verb
    passive_auxiliaries: tuple[str, ...] = ()  # "were paid by": with a passive marker the subject receives
    stopword_verbs: tuple[str, ...] = ()  # verbs the question stop list holds that still name an action
    number_words: dict[str, int] = field(default_factory=dict)
    number_scales: dict[str, int] = field(default_factory=dict)
    weekdays: dict[str, int] = field(default_factory=dict)
    transliteration: dict[str, str] = field(default_factory=dict)
    glossary: dict[str, tuple[str, ...]] = field(default_factory=dict)  # a word -> its words in the default language
    dictionary: dict[str, object] = field(default_factory=dict)  # [dictionary]: an installed word list to read
    overview_words: tuple[str, ...] = ()
    whole_talk_words: tuple[str, ...] = ()  # name no topic in a question naming a date only (not in key terms)
    topic_markers: tuple[str, ...] = ()  # "about", "के बारे में": a topic of the document stands beside them
    request_starts: tuple[str, ...] = ()  # "could you": a question in yes/no form that asks for something
    count_words: tuple[str, ...] = ()  # question words that ask for a count of things ("how many"), not an amount
    plural_endings: tuple[str, ...] = ()  # a word ending so names things counted ("moths", "साइकिलें")
    plural_words: tuple[str, ...] = ()  # plurals without such an ending ("people", "children")
    counted_plural: bool = False  # the thing a count word asks for is written in the plural ("how many *boats*")
    quantity_words: tuple[str, ...] = ()  # words between a number and what it counts ("twice *as many* moths")
    range_patterns: tuple[str, ...] = ()  # a change from one number to another, groups a and b ("from 310 to 190")
    future_markers: tuple[str, ...] = ()  # a sentence about what will be ("will", "खुलेगा"): patterns
    relative_pronouns: tuple[str, ...] = ()  # open a relative clause about the noun before it ("who", "which")
    coordinators: tuple[str, ...] = ()  # words joining two things priced together ("a machine *and* a lactometer")
    apiece_words: tuple[str, ...] = ()  # words pricing each thing of such a pair on its own ("each", "प्रति")
    origin_questions: tuple[str, ...] = ()  # a question for the place someone comes from ("which town ... from?")
    origin_before: tuple[str, ...] = ()  # an origin written just before its subject ("खारिया गाँव के हरजीराम")
    origin_after: tuple[str, ...] = ()  # an origin written just after its subject ("Chhotelal, a porter from ...")
    clause_run: int = 3  # uncovered content words in a row that make a sentence's clause an added one (support check)
    clause_tail: int = 2  # ... or at its end
    answer_types: dict[str, tuple[str, ...]] = field(default_factory=dict)
    answer_evidence: dict[str, tuple[str, ...]] = field(default_factory=dict)
    # words of one kind that exclude each other ("first" / "second", "summer" / "winter"): class -> members, each a
    # tuple of word forms; members stand at the same position in every language file
    contrasts: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)
    # words a quote must hold when the question does, in either language ("the *wife* of ...", "the *second* year"):
    # class -> members as in ``contrasts``
    required: dict[str, tuple[tuple[str, ...], ...]] = field(default_factory=dict)

    def in_script(self, ch: str) -> bool:
        return any(lo <= ord(ch) <= hi for lo, hi in self.script_ranges)


def _language(data: dict) -> Language:
    values = dict(data)
    written = values.pop("dates", {})
    values["month_names"] = {unicodedata.normalize("NFC", k).casefold(): int(v)
                             for k, v in written.get("months", {}).items()}
    values["digits"] = written.get("digits", "")
    values["day_words"] = {unicodedata.normalize("NFC", k).casefold(): int(v)
                           for k, v in written.get("days", {}).items()}
    values["day_markers"] = tuple(unicodedata.normalize("NFC", w) for w in written.get("day_markers", ()))
    values["script_ranges"] = tuple((int(lo, 16), int(hi, 16)) for lo, hi in values.get("script_ranges", ()))
    values["stopwords"] = frozenset(w.casefold() for w in str(values.get("stopwords", "")).split())
    for key, kind in Language.__dataclass_fields__.items():
        if key in values and kind.type.startswith("tuple[str"):
            values[key] = tuple(values[key])
    for key in ("answer_types", "answer_evidence", "glossary"):
        values[key] = {name: tuple(items) for name, items in values.get(key, {}).items()}
    for key in ("contrasts", "required"):
        values[key] = {name: tuple(tuple(f.casefold() for f in forms) for forms in members)
                       for name, members in values.get(key, {}).items()}
    return Language(**values)


@dataclass(frozen=True)
class Registry:
    """The languages in a stable order: the default language first, then by code."""

    languages: tuple[Language, ...]

    @property
    def codes(self) -> tuple[str, ...]:
        return tuple(lang.code for lang in self.languages)

    @property
    def default(self) -> Language:
        return next((lang for lang in self.languages if lang.default), self.languages[0])

    def get(self, code: str | None) -> Language | None:
        return next((lang for lang in self.languages if lang.code == code), None)

    def name_in(self, code: str, ui: str) -> str:
        """The name of language ``code`` in interface language ``ui`` (its English name when none is given)."""
        lang, reader = self.get(code), self.get(ui)
        if lang is None:
            return code
        if ui == code:
            return lang.native_name
        if reader is not None and code in reader.names_of:
            return reader.names_of[code]
        return lang.name

    def names(self, code: str) -> tuple[str, ...]:
        """Every name of language ``code`` the registry knows (English, native, aliases, names in others)."""
        lang = self.get(code)
        if lang is None:
            return ()
        found = [lang.name, lang.native_name, *lang.aliases, *(o.names_of[code] for o in self.languages
                                                              if code in o.names_of)]
        return tuple(dict.fromkeys(found))

    def code_for(self, value: str) -> str | None:
        """The code named by ``value``: a code or any name of a language (case-insensitive), else None."""
        wanted = unicodedata.normalize("NFC", value.strip()).casefold()
        for lang in self.languages:
            if wanted == lang.code or wanted in {unicodedata.normalize("NFC", n).casefold()
                                                 for n in self.names(lang.code)}:
                return lang.code
        return None

    def texts(self, group: str, code: str | None) -> dict[str, str]:
        """Every text of ``group`` (``telegram``, ``commands``, ``answer``, ``conversation``) in language ``code``:
        the default language's table overlaid with that language's (an unknown code gets the default's)."""
        lang = self.get(code) or self.default
        return {**self.default.texts.get(group, {}), **lang.texts.get(group, {})}

    def text(self, group: str, code: str | None, key: str) -> str:
        """One text of ``group`` in language ``code`` (the default language's when that language lacks it)."""
        return self.texts(group, code)[key]

    def union(self, attribute: str) -> tuple[str, ...]:
        """One list field of every language, in registry order, without repeats."""
        return tuple(dict.fromkeys(item for lang in self.languages for item in getattr(lang, attribute)))

    def union_of(self, table: str, key: str) -> tuple[str, ...]:
        """One list of a table field (``answer_types``, ``answer_evidence``) of every language, without repeats."""
        return tuple(dict.fromkeys(item for lang in self.languages for item in getattr(lang, table).get(key, ())))

    def keys_of(self, table: str) -> tuple[str, ...]:
        """The keys of a table field over every language, in file order (the first language's first)."""
        return tuple(dict.fromkeys(k for lang in self.languages for k in getattr(lang, table)))


@lru_cache(maxsize=1)
def registry() -> Registry:
    """Every ``*.toml`` beside this module, parsed once per process."""
    languages = [_language(tomllib.loads(path.read_text(encoding="utf-8"))) for path in sorted(_DATA.glob("*.toml"))]
    if not languages:
        raise RuntimeError(f"no language files in {_DATA}")
    languages.sort(key=lambda lang: (not lang.default, lang.code))
    return Registry(tuple(languages))


V = TypeVar("V")


class PerLanguage(Mapping[str, V]):
    """A read-only ``{code: value}`` view over the registry, read when used (so a language file added later is
    seen): ``PerLanguage(lambda code: registry().text("answer", code, "intro"))["hi"]``."""

    def __init__(self, read: Callable[[str], V]) -> None:
        self._read = read

    def __getitem__(self, code: str) -> V:
        if registry().get(code) is None:
            raise KeyError(code)
        return self._read(code)

    def __iter__(self) -> Iterator[str]:
        return iter(registry().codes)

    def __len__(self) -> int:
        return len(registry().codes)


# --- scripts --------------------------------------------------------------------------------------------
def word_chars() -> str:
    """A regex character-class body for word characters: ``\\w`` plus every script's ranges (``\\w`` alone misses
    Devanagari vowel signs and virama)."""
    ranges = {f"\\u{lo:04x}-\\u{hi:04x}" for lang in registry().languages for lo, hi in lang.script_ranges
              if not _is_ascii_range(lo, hi)}
    return "\\w" + "".join(sorted(ranges))


def _is_ascii_range(lo: int, hi: int) -> bool:
    return hi < 0x80  # ASCII letters are in \w already


def script_counts(text: str, letters_only: bool = True) -> dict[str, int]:
    """Characters of ``text`` in each language's script (letters and combining marks only, unless told)."""
    counts: dict[str, int] = {}
    langs = registry().languages
    for ch in text:
        if letters_only and not (ch.isalpha() or unicodedata.category(ch).startswith("M")):
            continue
        for lang in langs:
            if lang.in_script(ch):
                counts[lang.code] = counts.get(lang.code, 0) + 1
                break  # a script shared by two languages votes for the first (the default first)
    return counts


def detect(text: str, min_share: float = 0.5) -> str | None:
    """The language of ``text`` by script.

    A non-default language whose script holds at least ``min_share`` of the letters wins (the largest first; at
    ``min_share=0`` any letter of it); else the default language when the text has letters of its script; else
    None (digits, emoji). Callers choose the share: 0.5 for a question (the script that dominates), 0.3 for a
    document (quoted English in a Hindi talk), 0 for an interface language guess.
    """
    counts = script_counts(text)
    total = sum(counts.values())
    if not total:
        return None
    default = registry().default.code
    for code, n in sorted(counts.items(), key=lambda kv: -kv[1]):
        if code != default and n / total >= min_share:
            return code
    return default if counts.get(default) else None


def approx_tokens(text: str) -> int:
    """Rough model-token count from each script's ``chars_per_token`` (other characters as the default's)."""
    if not text:
        return 0
    counts = script_counts(text, letters_only=False)
    reg = registry()
    others = {code: n for code, n in counts.items() if code != reg.default.code}
    tokens = (len(text) - sum(others.values())) // int(reg.default.chars_per_token)
    for code, n in others.items():
        tokens += int(n // reg.get(code).chars_per_token)
    return max(1, tokens)


# --- dates ---------------------------------------------------------------------------------------------
def month_names() -> dict[str, int]:
    """Every language's month names and abbreviations (NFC, case-folded) -> month number."""
    return {name: month for lang in registry().languages for name, month in lang.month_names.items()}


def day_words() -> dict[str, int]:
    """A day of the month written in words, every language: its number words 1-31 and its ``[dates.days]``."""
    out: dict[str, int] = {}
    for lang in registry().languages:
        out.update({unicodedata.normalize("NFC", w).casefold(): n for w, n in lang.number_words.items()
                    if 1 <= n <= 31})
        out.update(lang.day_words)
    return out


def digit_table() -> dict[int, str]:
    """A ``str.translate`` table mapping every script's digits to ASCII digits."""
    return {ord(ch): str(n) for lang in registry().languages if len(lang.digits) == 10
            for n, ch in enumerate(lang.digits)}


# --- sentences ------------------------------------------------------------------------------------------
def sentence_ends() -> str:
    """Every language's sentence-ending characters (``.!?`` and the danda ``।॥`` ...)."""
    return "".join(registry().union("sentence_ends"))


CLOSERS = "\"'”’)\\]"  # closing quotes and brackets that stay with the sentence they end


@lru_cache(maxsize=4)
def _sentence_end(line_breaks: bool, closers: bool) -> re.Pattern[str]:
    # the group is the white space cut out; the end character and its closing quotes stay with the sentence
    pattern = rf"[{re.escape(sentence_ends())}]" + (f"[{CLOSERS}]*" if closers else "") + r"(\s+)"
    return re.compile(pattern + (r"|(\n+)" if line_breaks else ""))


@lru_cache(maxsize=1)
def _abbreviations() -> tuple[frozenset[str], frozenset[str]]:
    reg = registry()
    return (frozenset(a.casefold() for a in reg.union("abbreviations")),
            frozenset(a.casefold() for a in reg.union("abbreviations_at_end")))


_INITIAL = re.compile(r"^[A-Z]\.$")


def ends_sentence(before: str, following: str) -> bool:
    """Whether the full stop that ends ``before`` ends a sentence, given the first non-space character after it
    (``""`` when none has arrived or the text ends). Not after an abbreviation of the registry ("Dr.", "e.g.") or
    an initial ("J."); after one that may close a sentence ("6 a.m.", "etc.") only before a capital letter or a
    letter of another script. Other sentence ends (``!``, ``?``, the danda) always end a sentence."""
    word = before.rstrip(CLOSERS).split()[-1:] or [""]
    token = word[0].lstrip("\"'“‘([").casefold()
    if not token.endswith("."):
        return True
    never, at_end = _abbreviations()
    if token in never or _INITIAL.match(word[0].lstrip("\"'“‘([")):
        return False
    if token in at_end:
        return bool(following) and following.isalpha() and (following.isupper() or not following.isascii())
    return True


def split_sentences(text: str, line_breaks: bool = False, closers: bool = True) -> list[str]:
    """Sentences of ``text``: cut at the white space after any language's sentence end (closing quotes and brackets
    stay with the sentence); with ``line_breaks`` also at every line break. Stripped, empty ones dropped.

    ``closers=False`` cuts only right after the end character: an answer's ``said so.” [1]`` keeps its citation
    (a quoted sentence followed by its marker is one statement).
    """
    pieces, start = [], 0
    for m in _sentence_end(line_breaks, closers).finditer(text):
        gap = 1 if m.group(1) is not None else 2
        if gap == 1 and "\n" not in m[1] and not ends_sentence(text[start:m.start(1)], text[m.end(1):m.end(1) + 1]):
            continue  # "Dr. Rao", "e.g. this", "at 6 a.m. on"
        pieces.append(text[start:m.start(gap)])
        start = m.end(gap)
    pieces.append(text[start:])
    return [s.strip() for s in pieces if s and s.strip()]


def alternation(items: Iterable[str], escape: bool = False) -> str:
    """``a|b|c`` for a regex group, longest first (so ``thanks`` is tried before ``thank``)."""
    parts = sorted({re.escape(i) if escape else i for i in items if i}, key=len, reverse=True)
    return "|".join(parts) or "(?!)"
