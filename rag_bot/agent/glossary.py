"""Content words of two sentences in different scripts matched to each other (the support check, the answerer's
key terms across scripts, translated keywords in retrieval).

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

Two tiers: the registry's hand-written ``[glossary]`` (always), and with ``wide=True`` also the installed bilingual
dictionary a language file names (:mod:`rag_bot.languages.dictionaries`, read the first time a wide lookup needs it).
The hand-written entry wins: a word either holds is looked up there first, exactly, then in the dictionary exactly
(spelling variants folded), then by shared start in each. Each caller says which tier it reads (what a bigger
glossary changes differs by use: a word found helps, a word known but missing can drop a sentence).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field
from functools import lru_cache

from rag_bot.agent.claims import _endings, covered, skeleton, sound_alike, stem
from rag_bot.agent.claims import words as registry_words
from rag_bot.languages import dictionaries, registry

_SKELETON = 3  # shortest transliteration skeleton that matches any word ("Rao" / "राव" is too short)
DICTIONARY_SENSES = 8  # a dictionary word's first English words that count (a common word lists dozens)
RETRIEVAL_SENSES = 3  # a dictionary word's English words (and an English word's dictionary words) searched for
FIRST_SENSES = 2  # a headword's senses read: later ones are figurative ("count": 3. भरोसा करना)


@dataclass(frozen=True)
class _Tier:
    """One source of entries: key (stem of a word of another script) -> the stems of its English words and the
    words as written; English stem -> the words that translate it; indexes for the shared-start lookups."""

    senses: dict[str, frozenset[str]]
    words: dict[str, tuple[str, ...]]
    backward: dict[str, tuple[str, ...]]
    english: frozenset[str]
    by_start: dict[str, tuple[str, ...]] = field(default_factory=dict)  # first 3 letters -> keys of 3+ letters
    english_by_start: dict[str, frozenset[str]] = field(default_factory=dict)  # first 4 letters -> stems of 4+

    def nearest(self, s: str, written: bool = False, prefix: bool = False) -> str:
        """The entry a stem not in the tier falls back to: the longest entry of 3+ letters it starts with, or
        (unless ``prefix``) one sharing all but its last letter ("बढ़इयों" ~ "बढ़ई"); "" when none. ``written``:
        only entries with words (not a language's name)."""
        return max((k for k in self.by_start.get(s[:3], ()) if (not written or k in self.words) and (
            s.startswith(k) or (not prefix and _shared(s, k) >= max(3, len(k) - 1)))),
            key=lambda k: (_shared(s, k), len(k)), default="")

    def knows_english(self, s: str) -> bool:
        return s in self.english or (len(s) >= 4 and any(
            abs(len(v) - len(s)) <= 2 and (v.startswith(s) or s.startswith(v)) for v in self.english_by_start.get(
                s[:4], ())))


def _tier(entries: list[tuple[str, tuple[str, ...]]], names: Iterable[tuple[str, str]] = (),
          backward_entries: list[tuple[str, tuple[str, ...]]] | None = None, folded: bool = False) -> _Tier:
    """A tier of ``entries`` (word, its English words); ``names`` (a language's name in another script, its
    English name) give senses only; ``backward_entries`` (default ``entries``) give an English word's words;
    ``folded``: keyed by the stem of the folded spelling (:func:`_folded`)."""
    senses: dict[str, dict[str, None]] = {}
    words: dict[str, dict[str, None]] = {}
    backward: dict[str, dict[str, None]] = {}
    for word, meanings in entries:
        key = stem(_folded(word) if folded else word)
        senses.setdefault(key, {}).update(dict.fromkeys(stem(m.casefold()) for m in meanings))
        words.setdefault(key, {}).update(dict.fromkeys(m.casefold() for m in meanings))
    for word, meanings in entries if backward_entries is None else backward_entries:
        for m in meanings:
            backward.setdefault(stem(m.casefold()), {})[word] = None
    for name, its_name in names:
        senses.setdefault(stem(name), {})[stem(its_name)] = None
    english = frozenset(x for v in senses.values() for x in v)
    by_start: dict[str, list[str]] = {}
    for k in senses:
        if len(k) >= 3:
            by_start.setdefault(k[:3], []).append(k)
    english_by_start: dict[str, set[str]] = {}
    for v in english:
        if len(v) >= 4:
            english_by_start.setdefault(v[:4], set()).add(v)
    return _Tier({k: frozenset(v) for k, v in senses.items()}, {k: tuple(v) for k, v in words.items()},
                 {k: tuple(v) for k, v in backward.items()}, english,
                 {k: tuple(v) for k, v in by_start.items()}, {k: frozenset(v) for k, v in english_by_start.items()})


@lru_cache(maxsize=1)
def _hand_entries() -> tuple[list[tuple[str, tuple[str, ...]]], list[tuple[str, str]]]:
    """The registry's ``[glossary]`` entries, and a language's names in other scripts ("अंग्रेज़ी" is English)."""
    languages = registry()
    names = [(name, lang.name) for lang in languages.languages for name in languages.names(lang.code)
             if not name.isascii()]
    entries = [(word, meanings) for lang in languages.languages for word, meanings in lang.glossary.items()]
    return entries, names


@lru_cache(maxsize=1)
def _hand() -> _Tier:
    """The hand-written tier (:func:`_hand_entries`)."""
    entries, names = _hand_entries()
    return _tier(entries, names)


@lru_cache(maxsize=1)
def _dictionary() -> _Tier:
    """Every language's installed dictionary (:func:`rag_bot.languages.dictionaries.entries`), keyed by folded
    spelling, without the words the hand-written glossary holds (that entry wins); empty when none is installed."""
    held = _hand_folded()
    entries, first = [], []
    for lang in registry().languages:
        for word, meanings in dictionaries.entries(lang.code).items():
            kept = tuple(head for head, sense in meanings if sense < FIRST_SENSES)[:DICTIONARY_SENSES]
            if kept and stem(_folded(word)) not in held:
                entries.append((word, kept))
                first.append((word, tuple(head for head, sense in meanings if sense == 0)))
    return _tier(entries, backward_entries=first, folded=True)


@lru_cache(maxsize=1)
def _hand_folded() -> dict[str, str]:
    """The hand-written entries by the stem of their folded spelling -> the entry's key ("कांच" finds "काँच")."""
    entries, names = _hand_entries()
    out: dict[str, str] = {}
    for word in [w for w, _ in entries] + [n for n, _ in names]:
        out.setdefault(stem(_folded(word)), stem(word))
    return out


@lru_cache(maxsize=100_000)
def _folded(token: str) -> str:
    """``token`` in the folded spelling of the language whose script it is written in."""
    for lang in registry().languages:
        if token and lang.in_script(token[0]):
            return dictionaries.fold(lang.code, token)
    return token


def _lookup(token: str, wide: bool, written: bool = False) -> str:
    """The tier ("h" hand-written, "d" dictionary) and key of the entry ``token`` (not in Latin script) reads: the
    hand-written entry of its stem, then (``wide``) the dictionary's of its folded stem, then the nearest
    hand-written entry, then the nearest dictionary entry (``written``: entries with words only)."""
    hand = _hand()
    s = stem(token)
    if s in (hand.words if written else hand.senses):
        return "h" + s
    wide = wide and token.casefold() not in registry_words().stopwords  # a function word is not looked up ("कहा": said)
    if wide:
        d = stem(_folded(token))
        if (h := _hand_folded().get(d)) and (not written or h in hand.words):
            return "h" + h
        if d in _dictionary().senses:
            return "d" + d
    if near := hand.nearest(s, written):
        return "h" + near
    if wide and not written and (near := _dictionary().nearest(stem(_folded(token)), prefix=True)):
        return "d" + near
    return ""


def _entry(key: str) -> tuple[_Tier, str] | None:
    if not key:
        return None
    return (_hand() if key[0] == "h" else _dictionary()), key[1:]


def translations(token: str, wide: bool = False) -> tuple[str, ...]:
    """The words of the other script that ``token`` translates to: a glossary word's English words (looked up as
    :func:`senses` does), an English word's glossary words; with ``wide`` also the dictionary's, each in its
    :func:`forms` (the dictionary gives a word's base form, a keyword search needs the forms a text uses)."""
    if token.isascii():
        word = token.casefold()
        s = stem(word)
        found = _hand().backward.get(s, ())
        if not wide or token.casefold() in registry_words().stopwords:
            return found
        table = _dictionary().backward
        bases = (s, *(stem(word[:-size]) for size, group in _endings() for e in group
                      if word.endswith(e) and len(word) - size >= 3))
        listed = next((table[b] for b in bases if b in table), ())[:RETRIEVAL_SENSES]  # "jars": "jar"
        return tuple(dict.fromkeys((*found, *(f for x in listed for f in forms(x)))))
    key = _lookup(token, wide, written=True)
    entry = _entry(key)
    if not entry:
        return ()
    words = entry[0].words[entry[1]]
    if key[0] == "h":
        return words
    return tuple(dict.fromkeys(f for w in words[:RETRIEVAL_SENSES] for f in forms(w)))


@lru_cache(maxsize=20_000)
def forms(word: str) -> tuple[str, ...]:
    """``word`` and its stem with each ending its language's registry lists ("shear": "shears", "shearing",
    "sheared", ...; "कतरना": "कतरने", "कतरी", ...): forms a text may use, most of them never written."""
    base = word.casefold()
    for size, endings in _endings():
        if len(base) > size + 1 and (suffix := base[-size:]) in endings and (
                len(base) > size + 3 or not suffix.isascii()):
            base = base[:-size]
            break
    own = word.isascii()
    return tuple(dict.fromkeys((word.casefold(), base, *(base + e for _, group in _endings() for e in group
                                                          if e.isascii() == own and "'" not in e))))


def senses(token: str, wide: bool = False) -> frozenset[str]:
    """The English stems ``token`` stands for: its own stem in Latin script, its glossary words otherwise (the
    entry of its stem, else of the longest entry of 3+ letters it starts with); empty when the glossary (with
    ``wide`` the dictionary too) lacks it."""
    return _senses(token, wide)[0]


@lru_cache(maxsize=100_000)
def _senses(token: str, wide: bool) -> tuple[frozenset[str], bool]:
    """(:func:`senses`, whether they are the dictionary's)."""
    if token.isascii():
        return frozenset({stem(token)}), False
    key = _lookup(token, wide)
    entry = _entry(key)
    return (entry[0].senses[entry[1]], key[0] == "d") if entry else (frozenset(), False)


def _shared(a: str, b: str) -> int:
    """Length of the common start of two words."""
    n = 0
    while n < min(len(a), len(b)) and a[n] == b[n]:
        n += 1
    return n


@lru_cache(maxsize=100_000)
def known(token: str, wide: bool = False) -> bool:
    """Whether the glossary (with ``wide`` the dictionary too) can say what ``token`` is in the other script."""
    if not token.isascii():
        return bool(senses(token, wide))
    s = stem(token)
    return _hand().knows_english(s) or (wide and _dictionary().knows_english(s))


def sounds_alike(token: str, others: list[str]) -> bool:
    """Whether a word of ``others`` has the transliteration skeleton of ``token`` (3+ letters, or 2 of two words of
    4+ characters: "Rekha" / "रेखा"): a name or a loanword written in the other script."""
    key = skeleton(token)
    return any(len(sound_alike(token, o)) >= _SKELETON or (
        len(key) >= 2 and skeleton(o) == key and min(len(o), len(token)) >= 4) for o in others)


def matches(token: str, others: list[str], wide: bool = False) -> bool:
    """Whether a word of ``others`` (the other script's words) is ``token``: it sounds alike (:func:`sounds_alike`)
    or shares a sense (with ``wide`` a sense the dictionary gives too, by the same stem only: its many senses per
    word would find too much by a shared start)."""
    if sounds_alike(token, others):
        return True
    mine, mine_listed = _senses(token, wide)
    if not mine:
        return False
    theirs: set[str] = set()  # senses a shared start covers ("photo" ~ "photograph")
    listed: set[str] = set()  # the dictionary's senses: only the same stem ("table" is no "tablet")
    for other in others:
        found, from_dictionary = _senses(other, wide)
        (listed if from_dictionary else theirs).update(found)
    if mine_listed:
        return any(_inflects(m, t) for m in mine for t in (*theirs, *listed))
    return any(_inflects(m, t) for m in mine for t in listed) or any(covered(m, theirs) for m in mine)


def _inflects(a: str, b: str) -> bool:
    """Two stems are one word: equal, or one is the other with an ending of the registry ("jars" ~ "jar"; not
    "tablet" ~ "table")."""
    if a == b:
        return True
    short, long = (a, b) if len(a) < len(b) else (b, a)
    return long.startswith(short) and long[len(short):] in _ending_set()


@lru_cache(maxsize=1)
def _ending_set() -> frozenset[str]:
    return frozenset(e for _, group in _endings() for e in group)


@dataclass(frozen=True)
class Alignment:
    """Content words of the sentence the evidence holds (``matched``), known ones it lacks (``missing``); content
    words of the evidence the sentence holds, and all the others (known or not: an unknown one may be the
    counterpart of a known word of the sentence, "footbridge" / "पैदल पुल")."""

    matched: int
    missing: int
    evidence_matched: int
    evidence_unmatched: int


def align(content: list[str], evidence: list[str], tokens: list[str], evidence_tokens: list[str],
          wide: bool = False, wide_known: bool = False) -> Alignment:
    """:class:`Alignment` of the distinct content words ``content`` (the sentence) and ``evidence``; a content word
    may match any word of the other side (``tokens``, ``evidence_tokens``): a verb its language lists as a stop
    word ("दिए") still translates one ("paid"). ``wide``: words match by the dictionary's senses too;
    ``wide_known``: a word only the dictionary knows counts as known (so as missing when unmatched)."""
    mine, theirs = list(dict.fromkeys(content)), list(dict.fromkeys(evidence))
    hit = [matches(t, evidence_tokens, wide) for t in mine]
    back = [matches(t, tokens, wide) for t in theirs]
    return Alignment(sum(hit), sum(1 for t, h in zip(mine, hit, strict=True) if not h and known(t, wide_known)),
                     sum(back), sum(1 for h in back if not h))


def synonyms(tokens: Iterable[str], others: Iterable[str]) -> set[str]:
    """The words of ``tokens`` not in Latin script that share a sense with a word of ``others`` in the same script:
    two words the hand-written glossary gives one English word for ("ऋण" / "कर्ज़": loan), a synonym a paraphrase
    may use. (With the dictionary's senses too, two more paraphrases of the seven support probes were kept and two
    more added clauses; English synonyms through a shared Hindi word kept none more.)"""
    theirs = set().union(*(senses(o) for o in others if not o.isascii()))
    return {t for t in tokens if not t.isascii() and senses(t) & theirs} if theirs else set()


def sense_keys(token: str) -> frozenset[str]:
    """What the hand-written glossary says ``token`` means, comparable between two words of one script: an English
    word's Hindi words ("started", "began": शुरू), a Hindi word's English words ("ऋण", "कर्ज़": loan); empty when the
    glossary lacks it."""
    return frozenset(translations(token)) if token.isascii() else senses(token)
