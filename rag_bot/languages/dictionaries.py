"""A bilingual dictionary installed on the system, read at run time: more words for a language's glossary.

A language file may name one in its ``[dictionary]`` table (``path``, ``format``, the Debian ``package`` that
installs it, its ``licence``): a word list between the default language and this one that the project does not
ship (its licence is not the project's), read where the system installed it, as Tesseract's data is. Without the
file every caller gets an empty table and works as with the hand-written ``[glossary]`` alone.

Read lazily, once per process (:func:`entries`, the first time the glossary needs it). The one format read is
dictd's (``*.dict`` or dictzip ``*.dict.dz``, e.g. FreeDict's): an entry is a line ``headword /ipa/ <POS>`` in the
default language, then numbered senses in this language (``1. छोड़~देना``; words of one sense joined by ``~`` or
spaces, alternatives by commas, notes in ``{}``, variant endings in ``[]``) and indented examples. A sense gives
this language's word -> the headword when, once the file's ``light_verbs`` are cut off its end ("मदद~करना" ->
"मदद") and its notes dropped, it is one word of this language's script that is no stop word; whole phrases
("हवा भरा गद्दा") are skipped. Headwords are kept when they are one lower-case word, no stop word, and of a part
of speech the file lists (``parts_of_speech``); their headwords in order: first senses first. :func:`fold`
writes spelling variants alike (the file's ``fold`` pairs: a dot below a letter, a nasal sign) for lookups.
"""

from __future__ import annotations

import gzip
import logging
import re
import unicodedata
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path

from rag_bot.languages import Language, registry

log = logging.getLogger(__name__)

_NOTE = re.compile(r"\{[^{}]*\}|\[[^\[\]]*\]")
_ALTERNATIVES = re.compile(r"[,;/]")
_WORDS = re.compile(r"[~\s]+")
_PUNCT = ".!?\"'()-–—:|।"
_HEADWORD = re.compile(r"^[a-z]+$")


@dataclass(frozen=True)
class Dictionary:
    """A language's ``[dictionary]`` table."""

    path: Path
    format: str = "dictd"
    package: str = ""
    licence: str = ""
    light_verbs: frozenset[str] = frozenset()
    parts_of_speech: frozenset[str] = frozenset()
    fold: tuple[tuple[str, str], ...] = ()


def of(lang: Language) -> Dictionary | None:
    """The dictionary ``lang``'s file names (None when it names none)."""
    table = lang.dictionary
    if not table.get("path"):
        return None
    return Dictionary(path=Path(str(table["path"])), format=str(table.get("format", "dictd")),
                      package=str(table.get("package", "")), licence=str(table.get("licence", "")),
                      light_verbs=frozenset(str(w) for w in table.get("light_verbs", ())),
                      parts_of_speech=frozenset(str(p) for p in table.get("parts_of_speech", ())),
                      fold=tuple((str(a), str(b)) for a, b in table.get("fold", ())))


def fold(code: str, word: str) -> str:
    """``word`` case-folded, with language ``code``'s spelling variants written alike (its dictionary's ``fold``
    pairs, applied to the canonical decomposition: "ख़र्च" and "खर्च", "काँच" and "कांच")."""
    pairs = _folds(code)
    if not pairs or word.isascii():
        return word.casefold()
    text = unicodedata.normalize("NFD", word.casefold())
    for old, new in pairs:
        text = text.replace(old, new)
    return unicodedata.normalize("NFC", text)


@lru_cache(maxsize=8)
def _folds(code: str) -> tuple[tuple[str, str], ...]:
    lang = registry().get(code)
    found = of(lang) if lang is not None else None
    return found.fold if found else ()


@lru_cache(maxsize=8)
def entries(code: str) -> dict[str, tuple[tuple[str, int], ...]]:
    """Language ``code``'s dictionary: a word of the language as written (NFC) -> (a default-language headword it
    translates, the number from 0 of the headword's sense it is), best first (a first sense, the sense's first
    word, then a short headword: a common word is short, "old" before "antediluvian"); empty when the language
    names none, its file is not installed or cannot be read. Look words up by :func:`fold` of both sides."""
    lang = registry().get(code)
    found = of(lang) if lang is not None else None
    if found is None:
        return {}
    if found.format != "dictd":
        log.warning("dictionary %s: format %r is not read (only dictd)", found.path, found.format)
        return {}
    try:
        raw = gzip.decompress(found.path.read_bytes()) if found.path.suffix == ".dz" else found.path.read_bytes()
        text = raw.decode("utf-8")
    except (OSError, EOFError, gzip.BadGzipFile, UnicodeDecodeError) as err:
        if not isinstance(err, FileNotFoundError):
            log.warning("dictionary %s cannot be read: %s", found.path, err)
        return {}
    return _table(lang, found, text)


def _table(lang: Language, found: Dictionary, text: str) -> dict[str, tuple[tuple[str, int], ...]]:
    default = registry().default
    skip = lang.stopwords | {w.casefold() for w in lang.support_stopwords}
    english_skip = default.stopwords
    letters = {chr(c) for lo, hi in lang.script_ranges for c in range(lo, hi + 1)}
    ranked: dict[str, dict[str, tuple[int, int, int, int]]] = {}
    for order, (head, sense, place, word) in enumerate(_pairs(text, found)):
        if not _HEADWORD.match(head) or head in english_skip or len(head) < 3:
            continue
        if word in skip or len(word) < 2 or not letters.issuperset(word):
            continue
        rank = (sense, place, len(head), order)  # a first sense, its first word, a short (common) headword first
        ranked.setdefault(unicodedata.normalize("NFC", word), {}).setdefault(head, rank)
    return {key: tuple((head, heads[head][0]) for head in sorted(heads, key=heads.__getitem__))
            for key, heads in ranked.items()}


def _pairs(text: str, found: Dictionary) -> Iterator[tuple[str, int, int, str]]:
    """(headword, its sense's number from 0, the alternative's place in the sense from 0, the one word of that
    alternative) for every one-word alternative of a kept headword: one lower-case word of a kept part of speech
    (example lines, indented, are skipped)."""
    head: str | None = None
    sense = 0
    for line in text.split("\n"):
        if not line or line[0] in " \t":
            continue
        if line[0].isdigit():
            number, dot, rest = line.partition(".")
            if head is None or not dot or not number.isdigit():
                continue
            alternatives = _ALTERNATIVES.split(_NOTE.sub(" ", rest) if "{" in rest or "[" in rest else rest)
            for place, alternative in enumerate(alternatives):
                words = [w for w in (w.strip(_PUNCT) for w in _WORDS.split(alternative)) if w]
                while len(words) > 1 and words[-1] in found.light_verbs:
                    words.pop()
                if len(words) == 1:
                    yield head, sense, place, words[0]
            sense += 1
            continue
        word, _, rest = line.partition(" ")
        pos = rest.rpartition("<")[2].rstrip().removesuffix(">")
        head = word if rest[:1] in ("/", "<") and _HEADWORD.match(word) and (
            not found.parts_of_speech or pos in found.parts_of_speech) else None
        sense = 0
