"""Content words of two sentences in different scripts matched to each other (the support check across scripts).

A word stands for *senses*: stems in the default language (English). A Latin-script word's sense is its own stem;
a word of another script has the English words the registry's ``[glossary]`` table gives it, a language's name its
English name ("अंग्रेज़ी": english), looked up by stem and stem prefix, so an inflection finds its entry
("किताबें" ~ "किताब"). Two words of different scripts match when a sense of one covers a sense of the other, or
when their transliteration skeletons agree (names and loanwords: "पैनल" ~ "panels"). A word is *known* when the
glossary can say what it is in the other script (an entry, either way); a word the glossary does not know can be
neither matched nor counted missing, so it weighs nothing.

:func:`align` gives, for a sentence and its evidence sentence, how many content words of each side the other
side holds, and how many *known* words of each side it lacks: a translation lacks about as many as its source
(a synonym the glossary does not list is missing on both sides), an added clause brings known words of its own.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

from rag_bot.agent.claims import covered, skeleton, stem
from rag_bot.languages import registry

_SKELETON = 3  # shortest transliteration skeleton that matches any word ("Rao" / "राव" is too short)


@lru_cache(maxsize=1)
def _tables() -> tuple[dict[str, frozenset[str]], frozenset[str]]:
    """(stem of a glossary word -> the stems of its English words, every English stem the glossary holds)."""
    forward: dict[str, set[str]] = {}
    languages = registry()
    for lang in languages.languages:
        for word, meanings in lang.glossary.items():
            forward.setdefault(stem(word), set()).update(stem(m) for m in meanings)
        for name in languages.names(lang.code):  # a language's names in other scripts ("अंग्रेज़ी" is English)
            if not name.isascii():
                forward.setdefault(stem(name), set()).add(stem(lang.name))
    return {k: frozenset(v) for k, v in forward.items()}, frozenset(s for v in forward.values() for s in v)


@lru_cache(maxsize=1)
def _words() -> tuple[dict[str, tuple[str, ...]], dict[str, tuple[str, ...]]]:
    """(stem of a glossary word -> its English words as written, stem of an English word -> the glossary words that
    translate it): the glossary both ways, for putting a query's words into the other script."""
    forward: dict[str, dict[str, None]] = {}
    backward: dict[str, dict[str, None]] = {}
    for lang in registry().languages:
        for word, meanings in lang.glossary.items():
            forward.setdefault(stem(word), {}).update(dict.fromkeys(m.casefold() for m in meanings))
            for m in meanings:
                backward.setdefault(stem(m.casefold()), {})[word] = None
    return {k: tuple(v) for k, v in forward.items()}, {k: tuple(v) for k, v in backward.items()}


def translations(token: str) -> tuple[str, ...]:
    """The words of the other script that ``token`` translates to: a glossary word's English words (looked up as
    :func:`senses` does, by stem and by the longest entry it starts with), an English word's glossary words."""
    forward, backward = _words()
    s = stem(token.casefold())
    if token.isascii():
        return backward.get(s, ())
    if s in forward:
        return forward[s]
    best = max((k for k in forward if len(k) >= 3 and (s.startswith(k) or _shared(s, k) >= max(3, len(k) - 1))),
               key=lambda k: (_shared(s, k), len(k)), default="")
    return forward.get(best, ())


@lru_cache(maxsize=50_000)
def senses(token: str) -> frozenset[str]:
    """The English stems ``token`` stands for: its own stem in Latin script, its glossary words otherwise (the
    entry of its stem, else of the longest entry of 3+ letters it starts with); empty when the glossary lacks it."""
    s = stem(token)
    if token.isascii():
        return frozenset({s})
    forward, _ = _tables()
    if s in forward:
        return forward[s]
    best = max((k for k in forward if len(k) >= 3 and (s.startswith(k) or _shared(s, k) >= max(3, len(k) - 1))),
               key=lambda k: (_shared(s, k), len(k)), default="")
    return forward.get(best, frozenset())


def _shared(a: str, b: str) -> int:
    """Length of the common start of two words."""
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


@lru_cache(maxsize=50_000)
def known(token: str) -> bool:
    """Whether the glossary can say what ``token`` is in the other script."""
    if not token.isascii():
        return bool(senses(token))
    s = stem(token)
    return any(v == s or (min(len(v), len(s)) >= 4 and abs(len(v) - len(s)) <= 2 and (v.startswith(s) or
               s.startswith(v))) for v in _tables()[1])


def sounds_alike(token: str, others: list[str]) -> bool:
    """Whether a word of ``others`` has the transliteration skeleton of ``token`` (3+ letters, or 2 of two words of
    4+ characters: "Rekha" / "रेखा"): a name or a loanword written in the other script."""
    key = skeleton(token)
    return len(key) >= 2 and any(skeleton(o) == key and (len(key) >= _SKELETON or min(len(o), len(token)) >= 4)
                                 for o in others)


def matches(token: str, others: list[str]) -> bool:
    """Whether a word of ``others`` (the other script's words) is ``token``: it sounds alike (:func:`sounds_alike`)
    or shares a sense."""
    if sounds_alike(token, others):
        return True
    mine = senses(token)
    theirs = {s for o in others for s in senses(o)}
    return bool(mine and theirs) and any(covered(m, theirs) for m in mine)


@dataclass(frozen=True)
class Alignment:
    """Content words of the sentence the evidence holds (``matched``), known ones it lacks (``missing``); content
    words of the evidence the sentence holds, and all the others (known or not: an unknown one may be the
    counterpart of a known word of the sentence, "footbridge" / "पैदल पुल")."""

    matched: int
    missing: int
    evidence_matched: int
    evidence_unmatched: int


def align(content: list[str], evidence: list[str], tokens: list[str], evidence_tokens: list[str]) -> Alignment:
    """:class:`Alignment` of the distinct content words ``content`` (the sentence) and ``evidence``; a content word
    may match any word of the other side (``tokens``, ``evidence_tokens``): a verb its language lists as a stop
    word ("दिए") still translates one ("paid")."""
    mine, theirs = list(dict.fromkeys(content)), list(dict.fromkeys(evidence))
    hit = [matches(t, evidence_tokens) for t in mine]
    back = [matches(t, tokens) for t in theirs]
    return Alignment(sum(hit), sum(1 for t, h in zip(mine, hit, strict=True) if not h and known(t)),
                     sum(back), sum(1 for h in back if not h))
