"""What a sentence claims that an embedding cannot see, read with the language registry's words.

:func:`read_claims` turns a sentence into :class:`Claims`: its tokens, numbers (digits of any script, number words
of every registered language, "forty thousand", "एक सौ बीस"; the pronoun "one" and the article "एक" alone are no
number), months and weekdays, whether it is negated, its names (capitalised words in Latin script, a name at the
start of a sentence included when a second capitalised word follows) and the parties of its verbs. The
comparisons the support judge makes between a sentence and the evidence sentence it is aligned to live here too:
:func:`new_numbers`, :func:`new_dates`, :func:`negation_differs`, :func:`missing_names`, :func:`roles_swapped`,
:func:`uncovered_run`, :func:`uncovered_piece` (a clause the evidence lacks), :func:`content_excess` (across
scripts: a sentence saying more than its evidence) and :func:`single_substitution`. Names are compared across
scripts by a consonant skeleton (:func:`skeleton`: the registry's transliteration table for Devanagari, vowels
dropped on both sides).
"""

from __future__ import annotations

import bisect
import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from difflib import SequenceMatcher
from functools import lru_cache
from typing import Any

from rag_bot.dates import MONTHS, normalise_digits
from rag_bot.languages import Language, registry, word_chars

_W = word_chars()
_TOKEN = re.compile(rf"\d+(?:[,.]\d+)*|[{_W}]+(?:['’][a-z]+)?")
_DIGITS = re.compile(r"^\d+(?:[,.]\d+)*$")
MAX_DIGITS = 30  # a longer number is no quantity anyone states: read by its first 30 digits (int() of a long run of
# digits takes time growing with its square, and Python refuses one of 4,300 digits or more)


def _whole(number: str) -> int:
    """The integer part of a number written in digits ("1,326" -> 1326, "3.20" -> 3), at most ``MAX_DIGITS`` long."""
    return int(number.replace(",", "").split(".")[0][:MAX_DIGITS] or 0)
_LATIN_DIGRAPHS = (("sch", "sk"), ("chh", "C"), ("ch", "C"), ("sh", "s"), ("th", "t"), ("dh", "d"), ("bh", "b"),
                   ("kh", "k"), ("gh", "g"), ("ph", "f"), ("jh", "j"), ("c", "k"), ("q", "k"), ("w", "v"), ("z", "j"),
                   ("x", "ks"))


@dataclass(frozen=True)
class _Words:
    """The registry's support-check words of every language, merged."""

    negations: frozenset[str]
    number_words: dict[str, int]
    number_scales: dict[str, int]
    ambiguous: frozenset[str]
    joiners: frozenset[str]
    weekdays: dict[str, int]
    months: dict[str, int]
    passive: frozenset[str]
    agent: frozenset[str]
    patient: frozenset[str]
    determiners: frozenset[str]
    stopwords: frozenset[str]
    titles: frozenset[str]
    negation_idioms: tuple[tuple[str, ...], ...]
    substitutions: tuple[tuple[tuple[str, ...], bool], ...]  # (marker words, the replacement stands before it)
    transliteration: dict[str, str]
    suffixes: tuple[str, ...]
    openers: frozenset[str]
    plurals: tuple[str, ...]  # plural endings of every language ("s", "ों")


@lru_cache(maxsize=1)
def words() -> _Words:
    langs: tuple[Language, ...] = registry().languages

    def merged(attr: str) -> dict[str, Any]:
        out: dict[str, Any] = {}
        for lang in langs:
            out.update({k.casefold(): v for k, v in getattr(lang, attr).items()})
        return out

    def union(attr: str) -> frozenset[str]:
        return frozenset(w.casefold() for lang in langs for w in getattr(lang, attr))

    return _Words(
        negations=union("negations"), number_words=merged("number_words"), number_scales=merged("number_scales"),
        ambiguous=union("ambiguous_numbers"), joiners=union("number_joiners"), weekdays=merged("weekdays"),
        months={k.casefold(): v for k, v in MONTHS.items() if len(k) > 3 or not k.isascii()},
        passive=union("passive_markers"), agent=union("agent_markers"), patient=union("patient_markers"),
        determiners=union("determiners"),
        stopwords=frozenset(w for lang in langs for w in lang.stopwords) | union("support_stopwords"),
        titles=frozenset(a.casefold().rstrip(".") for a in (*union("abbreviations"), "mr", "mrs", "ms", "dr")),
        negation_idioms=tuple(tuple(p.casefold().split()) for lang in langs for p in lang.negation_idioms),
        substitutions=tuple((tuple(m.casefold().split()), before) for lang in langs for markers, before in (
            (lang.substitution_markers, True), (lang.substitution_markers_after, False)) for m in markers),
        transliteration=merged("transliteration"),
        suffixes=tuple(sorted(union("stem_suffixes"), key=len, reverse=True)),
        openers=union("clause_openers"),
        plurals=tuple(sorted({e.casefold() for lang in langs for e in lang.plural_endings}, key=len, reverse=True)))


@lru_cache(maxsize=50_000)
def stem(word: str) -> str:
    """Crude stem: one registry ending off, the longest that leaves enough of the word (English "-ing", Hindi
    vowel signs), then the first 6 characters ("seeks" ~ "seeking", "लंबी" ~ "लंबे")."""
    word = word.casefold()
    for size, endings in _endings():
        if len(word) > size + 1 and (suffix := word[-size:]) in endings and (
                len(word) > size + 3 or not suffix.isascii()):
            word = word[:-size]
            break
    return word[:6]


@lru_cache(maxsize=1)
def _endings() -> tuple[tuple[int, frozenset[str]], ...]:
    """The registry's endings by length, longest first (one ending of a length can end a word)."""
    sizes = sorted({len(s) for s in words().suffixes}, reverse=True)
    return tuple((n, frozenset(s for s in words().suffixes if len(s) == n)) for n in sizes)


_FLAP = "ṛ"  # Devanagari ड़ / ढ़, written "d" or "r(h)" in Latin letters ("Gaikwad" / "गायकवाड़", "-garh" / "-गढ़")
_NUKTA = "\u093c"
_SOFT_G = re.compile(r"(?i)d?g(?=[eiy])")


@lru_cache(maxsize=1 << 16)
def _letters(word: str) -> str:
    """A word's consonants in Latin letters, repeats merged; a Devanagari flap as :data:`_FLAP`."""
    table = words().transliteration
    if any(ch in table for ch in word):
        text = unicodedata.normalize("NFD", word).replace("ड" + _NUKTA, _FLAP).replace("ढ" + _NUKTA, _FLAP)
        letters = "".join(ch if ch == _FLAP else table.get(ch, "") for ch in text)
    else:
        text = word.casefold()
        for old, new in _LATIN_DIGRAPHS:
            text = text.replace(old, new)
        text = re.sub(r"y(?![aeiou])", "", text)  # "Pandey": y as a vowel
        letters = re.sub(r"[^a-zC]", "", re.sub(r"[aeiou]", "", text))
    return re.sub(r"(.)\1+", r"\1", letters.casefold())


@lru_cache(maxsize=1 << 16)  # a pure function of the word and the registry (itself read once per process)
def skeleton(word: str) -> str:
    """A name's consonants in Latin letters, comparable across scripts ("Meera" and "मीरा" -> "mr")."""
    letters = re.sub(r"(.)\1+", r"\1", _nasal(_letters(word)).replace(_FLAP, "d"))
    return letters[:-1] if len(letters) > 1 and letters.endswith("v") else letters  # "Rao" ~ "राव"


def _nasal(letters: str) -> str:
    """A nasal before a labial said m, however written: the anusvara of "कंपनी" / "Company", "चंबल" / "Chambal"."""
    return _LABIAL_NASAL.sub("m", letters)


_LABIAL_NASAL = re.compile(r"n(?=[pbm])")


@lru_cache(maxsize=1 << 16)
def name_keys(word: str) -> frozenset[str]:
    """The skeletons a name may have in the other script: :func:`skeleton`, and (2+ letters) in Devanagari the
    skeleton without य or व after its first letter (Latin letters spell them beside a vowel as a vowel: "Nair" /
    "नायर", "Udaipur" / "उदयपुर", "Deodar" / "देवदार"), a flap read as d and as r ("Gaikwad" / "गायकवाड़",
    "Bhairavgarh" / "भैरवगढ़"); in Latin letters "rh" as r, a soft g as j ("college" / "कॉलेज") and a final s after a
    vowel as z ("Boys" / "बॉयज़")."""
    keys = {skeleton(word)}
    if word.isascii():
        variants = {_letters(word).replace("rh", "r")}
        bare = word.rstrip("'’")
        if len(bare) > 2 and bare[-1] in "sS" and bare[-2].casefold() in "aeiouy":  # "Boys" / "बॉयज़": an s said z
            variants.add(_letters(bare[:-1] + "z"))
        if _SOFT_G.search(word):
            variants.add(_letters(_SOFT_G.sub("j", word)))
    else:
        letters = _letters(word)
        variants = {letters[:1] + re.sub(gone, "", letters[1:]) for gone in ("", "y", "v", "[yv]")}
    for letters in variants:
        keys.update(k for flap in "dr" if len(k := re.sub(r"(.)\1+", r"\1", _nasal(letters).replace(_FLAP, flap)))
                    >= 2)
    return frozenset(keys)


def sound_alike(a: str, b: str) -> str:
    """The longest skeleton two words share (:func:`name_keys`), "" when none: the same name in either script."""
    return max(name_keys(a) & name_keys(b), key=len, default="")


@dataclass
class Claims:
    """What one sentence states, beyond its meaning (see the module docstring)."""

    text: str
    tokens: list[str]  # case-folded
    numbers: set[int]
    months: set[int]
    weekdays: set[int]
    negated: bool
    names: list[str]  # as written, in order (each word of a multi-word name)
    agents: set[str]  # words marked as the actor (a name before ने, after "by")
    patients: set[str]  # words marked as the receiver (before को)
    negated_words: list[tuple[str, str]]  # per negation: (the content word just before it in English, or "";
    # what it negates: the content word after it, in Hindi the one before it)

    @property
    def content(self) -> list[str]:
        """Tokens that carry content: not stop words, not determiners."""
        w = words()
        return [t for t in self.tokens if t not in w.stopwords and t not in w.determiners]


def _numbers(tokens: list[str], ambiguous: bool = False) -> set[int]:
    """The numbers ``tokens`` state (digits and runs of number words); with ``ambiguous`` also a lone word that is
    not always a number ("one": "three goals to one", but also "one of them")."""
    w = words()
    found: set[int] = set()
    total = current = 0
    run: list[str] = []

    def close() -> None:
        nonlocal total, current, run
        if run and (ambiguous or not (len(run) == 1 and run[0] in w.ambiguous)):
            found.add(total + current)
        total = current = 0
        run = []

    for token in tokens:
        parts = token.split("-") if "-" in token and not _DIGITS.match(token) else [token]
        for part in parts:
            if _DIGITS.match(part) and "." not in part:
                close()
                value = _whole(part)
                current, run = value, [part]
            elif part in w.number_words:
                if run and part not in w.ambiguous and current % 100 == 0 and (current >= 100 or total > 0):
                    current += w.number_words[part]  # "two hundred and five", "two thousand six (hundred)"
                elif run and current < 100 and current % 10 == 0 and current >= 20 and w.number_words[part] < 10:
                    current += w.number_words[part]  # "forty five"
                else:
                    close()
                    current = w.number_words[part]
                run.append(part)
            elif part in w.number_scales and run:
                scale = w.number_scales[part]
                if scale >= 1000:
                    total += max(current, 1) * scale
                    current = 0
                else:
                    current = max(current, 1) * scale
                run.append(part)
            elif part in w.joiners and run:
                continue
            else:
                close()
    close()
    return found


def time_word(token: str) -> bool:
    """A day, a month or a number: "रविवार को" (on Sunday) and "15 अगस्त को" mark a time with को, not a receiver."""
    w = words()
    folded = token.casefold()
    return folded in w.weekdays or folded in w.months or bool(_DIGITS.match(folded))


def _weekday(token: str) -> int | None:
    """The weekday ``token`` names, in the singular or plural ("Saturdays", "शनिवारों": a registry plural ending cut
    off), or None."""
    w = words()
    for form in (token, token.rstrip("s"), *(token[:-len(e)] for e in w.plurals if token.endswith(e))):
        if form in w.weekdays:
            return w.weekdays[form]
    return None


def read_claims(sentence: str) -> Claims:
    """The :class:`Claims` of ``sentence``."""
    w = words()
    text = normalise_digits(sentence).replace("_", " ")  # "NOT_FOUND" reads as the words it is made of
    raw = [t for t in (t.strip("।॥") for t in _TOKEN.findall(text)) if t]
    tokens = [t.casefold().replace("’", "'") for t in raw]
    idiom = {k for k, t in enumerate(tokens) if t in w.negations and any(
        tuple(tokens[k:k + len(p)]) == p for p in w.negation_idioms)}  # "at no cost": no negation
    parts = [p for k, t in enumerate(tokens) if k not in idiom
             for p in (t.split("-") if not _DIGITS.match(t) else [t])]
    months = {w.months[t] for t in tokens if t in w.months}
    weekdays = {day for t in tokens if (day := _weekday(t)) is not None}
    negated = any(t in w.negations or t.endswith("n't") for t in parts)
    content = [k for k, t in enumerate(tokens) if t not in w.stopwords and t not in w.determiners
               and t not in w.negations and not t.endswith("n't")]
    negated_words: list[tuple[str, str]] = []
    for k, t in enumerate(tokens):
        if (t in w.negations or t.endswith("n't")) and k not in idiom:
            before = [j for j in content if j < k]
            after = [j for j in content if j > k]
            if not t.isascii():  # Hindi: the negation follows what it negates
                negated_words += [("", tokens[j]) for j in (before[-1:] or after[:1])]
            elif after:  # English: it precedes it; the content word just before it (if any) governs it
                pre = tokens[k - 1] if k > 0 and k - 1 in content else ""
                negated_words.append((pre, tokens[after[0]]))
    names: list[str] = []
    for k, word in enumerate(raw):
        folded = tokens[k]
        if not word[:1].isupper() or not word[:1].isalpha() or folded in w.stopwords or folded in w.titles:
            continue
        if folded in w.months or folded.rstrip("s") in w.weekdays or folded in w.number_words or \
                folded in w.determiners:
            continue
        starts = k == 0 or (k > 0 and raw[k - 1].casefold() in w.titles)
        if starts and k == 0 and not (k + 1 < len(raw) and raw[k + 1][:1].isupper()):
            continue  # "Volunteers carried ...": a capital because it starts the sentence
        names.append(word)
    agents: set[str] = set()
    patients: set[str] = set()
    for k, token in enumerate(tokens):
        if token in w.agent and k > 0:
            agents.add(tokens[k - 1])
        elif token in w.patient and k > 0:
            patients.add(tokens[k - 1])
        elif token in w.passive and k + 1 < len(tokens):
            following = [t for t in tokens[k + 1:k + 4] if t not in w.determiners]
            agents.update(following[:1])
    return Claims(sentence, tokens, _numbers(tokens), months, weekdays, negated, names, agents, patients,
                  negated_words)


# --- comparisons: sentence vs the evidence sentence(s) it is aligned to --------------------------------------
def new_numbers(claim: Claims, evidence: list[Claims], known: set[int] = frozenset()) -> set[int]:  # type: ignore[assignment]
    """Numbers of the sentence that no evidence sentence (nor ``known``: the passage's date) holds."""
    held = set(known).union(*(e.numbers for e in evidence))
    if claim.numbers - held:  # the evidence's "one" may be the number: "by three goals to one" for "lost 3-1"
        held |= set().union(*(_numbers(e.tokens, ambiguous=True) for e in evidence))
    return claim.numbers - held


COUNTED_SPAN = 2  # words after a number the thing it counts may stand in ("300 *kilograms*", "12 young *apprentices*")


@lru_cache(maxsize=8192)  # an evidence sentence is read again for every sentence judged against it
def _counted(text: str) -> dict[str, frozenset[int]]:
    """The stem of the word each number of ``text`` counts (the first content word just after it) -> the numbers
    standing before that word; number words read as digits."""
    out: dict[str, set[int]] = {}
    for word, number in _counts(text):
        out.setdefault(stem(word), set()).add(number)
    return {thing: frozenset(numbers) for thing, numbers in out.items()}


def _counts(text: str) -> list[tuple[str, int]]:
    """(the word a number of ``text`` counts: the first content word just after it, the number) in text order."""
    w = words()
    tokens = [t.casefold() for t in (t.strip("।॥") for t in _TOKEN.findall(numerals(text))) if t]
    out: list[tuple[str, int]] = []
    for i, token in enumerate(tokens):
        if not _DIGITS.match(token):
            continue
        for after in tokens[i + 1:i + 1 + COUNTED_SPAN]:
            if _DIGITS.match(after):
                break
            if after in w.stopwords or after in w.determiners:
                continue
            out.append((after, _whole(token)))
            break
    return out


@lru_cache(maxsize=1)
def _range_patterns() -> tuple[re.Pattern[str], ...]:
    return tuple(re.compile(p, re.I) for p in registry().union("range_patterns"))


def _ranges(text: str) -> set[tuple[int, int]]:
    """(from, to) of each change from one number to another that ``text`` states (registry ``range_patterns``, on
    the text with number words and Devanagari digits read as digits)."""
    plain = numerals(text)  # (which also writes "45,000" as "45000")
    out: set[tuple[int, int]] = set()
    for pattern in _range_patterns():
        for m in pattern.finditer(plain):
            a, b = m.group("a").rstrip(".,"), m.group("b").rstrip(".,")
            try:
                float(a), float(b)  # "2,85000" (an Indian grouping numerals() leaves) is no number read here
            except ValueError:
                continue
            out.add((_whole(a), _whole(b)))
    return out


def range_reversed(claim: Claims, evidence: Claims) -> bool:
    """Whether the sentence states a change between two numbers the other way round from the evidence ("rose from
    190 to 310" for "fell from 310 to 190", "2 से बढ़कर 9" for "from 9 to 2"): a fall told as a rise. Any script."""
    mine = _ranges(claim.text)
    theirs = _ranges(evidence.text) if mine else set()
    return any(a != b and (b, a) in theirs and (a, b) not in theirs for a, b in mine)


ACROSS_COUNTS = 12  # counted things per sentence compared across scripts, each with each (a sentence rarely has more)


def numbers_rebound(claim: Claims, evidence: Claims,
                    same: Callable[[str, list[str]], bool] | None = None) -> bool:
    """Whether the sentence puts a number of the evidence before another thing than the evidence does: a thing
    both count, with none of the evidence's numbers for it ("built boats for 12 years, trains 40 apprentices" from
    "for 40 years, trains 12 apprentices"; "scored 14 goals" where 14 is an age). Across scripts ``same`` tells
    whether a word is one of the other side's (by sound or sense), and the number must count another thing there:
    "12 shops, 30 trees" from "३० दुकानों ... १२ पेड़" (a number the evidence writes before no word, "95 of them",
    may count the same thing)."""
    if same is None:
        mine = _counted(claim.text)
        theirs = _counted(evidence.text) if mine else {}
        return any(thing in theirs and not numbers & theirs[thing] for thing, numbers in mine.items())
    counts = _counts(claim.text)[:ACROSS_COUNTS]
    others = _counts(evidence.text)[:ACROSS_COUNTS] if counts else []
    written = {n for _, n in others}
    for word, number in counts:
        found = {n for other, n in others if same(word, [other])}
        if found and number not in found and number in written:  # moved to what counts another thing
            return True
    return False


def new_dates(claim: Claims, evidence: list[Claims], known_months: set[int] = frozenset()) -> bool:  # type: ignore[assignment]
    """A month or a weekday the evidence does not name."""
    months = set(known_months).union(*(e.months for e in evidence))
    weekdays: set[int] = set().union(*(e.weekdays for e in evidence))
    return bool(claim.months - months or claim.weekdays - weekdays)


def negation_differs(claim: Claims, evidence: Claims, cross_script: bool = False) -> bool:
    """One of the two is negated, the other not. A negation of the evidence counts only when the sentence speaks of
    what it negates ("can observe" from "can observe without the observer" is no flip); across scripts that cannot
    be told, so any negation counts."""
    if claim.negated == evidence.negated:
        return False
    if claim.negated or cross_script:
        return True
    if not evidence.negated_words:
        return True
    stems = [stem(t) for t in claim.tokens]
    for pre, scope in evidence.negated_words:
        at = [j for j, s in enumerate(stems) if covered(scope, {s})]
        if not at:
            continue  # the sentence does not speak of what the evidence negates
        if not pre or any(covered(pre, {s}) and 0 < j - i <= 3 for j in at for i, s in enumerate(stems)):
            return True  # "did not pay" -> "paid"; "कोई मैदान नहीं" -> "मैदान है"
    return False


def _has_name(name: str, other: Claims) -> bool:
    name = re.sub(r"['’]s?$", "", name)  # "Lal's" is the name "Lal"
    folded, stop = name.casefold(), words().stopwords
    return any(t == folded or (t not in stop and sound_alike(name, re.sub(r"['’]s?$", "", t)))
               for t in other.tokens)


def missing_names(claim: Claims, evidence: list[Claims], cross_script: bool) -> list[str]:
    """Names of the sentence that the evidence lacks; across scripts also the names of the best evidence sentence
    (``evidence[0]``) that the sentence lacks (a Hindi sentence has no capitals to find its names by)."""
    missing = [n for n in claim.names if not any(_has_name(n, e) for e in evidence)]
    if cross_script and evidence:
        missing += [n for n in evidence[0].names if not _has_name(n, claim)]
    return missing


def whole_runs(missing: list[str], claim: Claims, evidence: Claims) -> bool:
    """Every missing name is a word of a run of two or more capitalised words (in the sentence or the evidence)
    that is missing as a whole: a place named in words, which may have been translated rather than transliterated
    ("Lotus Pond" / "कमल तालाब"), unlike a changed first name beside a surname that is still there."""
    gone = set(missing)
    for side in (claim, evidence):
        runs: list[list[tuple[str, int]]] = []
        for name in side.names:
            position = side.tokens.index(name.casefold()) if name.casefold() in side.tokens else -1
            if runs and position >= 0 and runs[-1][-1][1] == position - 1:
                runs[-1].append((name, position))
            else:
                runs.append([(name, position)])
        for run in runs:
            names = {n for n, _ in run}
            if names & gone and (len(run) < 2 or not names <= gone):
                return False
    return True


def roles_swapped(claim: Claims, evidence: Claims) -> bool:
    """Who did what to whom differs by the case markers (Hindi ने/को): a word that is the actor in one and the
    receiver in the other, or the actors of two clauses in the other order ("A ने ... और B ने ..." / "B ने ... और
    A ने ..."). Word order in Latin script is read by :mod:`rag_bot.agent.roles` (the order of names alone also
    changes in a faithful passive or converse paraphrase, and was dropped as a test: it lost 11 valid paraphrases
    of the seven probes for one swap the frames did not already catch)."""
    if (claim.agents & evidence.patients) or (claim.patients & evidence.agents):
        return True
    return _out_of_order([t for t in claim.tokens if t in claim.agents],
                         [t for t in evidence.tokens if t in evidence.agents])


def _out_of_order(mine: list[str], theirs: list[str]) -> bool:
    """Two or more items of ``theirs`` found in ``mine`` in another order."""
    shared = [k for k in dict.fromkeys(theirs) if k in mine]
    positions = [mine.index(k) for k in shared]
    return len(shared) >= 2 and positions != sorted(positions)


def covered(token: str, vocabulary: set[str]) -> bool:
    """A content word is covered when its stem, or a longer word holding it, is in the evidence vocabulary."""
    s = stem(token)
    return s in vocabulary or (len(s) >= 3 and any(v.startswith(s) or s.startswith(v) for v in vocabulary
                                                   if len(v) >= 3)) or (
        len(s) >= 4 and any(s in v or v in s for v in vocabulary if len(v) >= 4))


def uncovered_run(claim: Claims, evidence: list[Claims]) -> tuple[int, int]:
    """(longest run of consecutive content words the evidence does not hold, the run that ends the sentence)."""
    vocabulary = {stem(t) for e in evidence for t in e.tokens}
    numbers = set().union(*(e.numbers for e in evidence))
    longest = run = 0
    for token in claim.content:
        if covered(token, vocabulary) or (_DIGITS.match(token) and _whole(token) in numbers) \
                or token in words().number_words:
            run = 0
        else:
            run += 1
            longest = max(longest, run)
    return longest, run


def extends(claim: Claims, evidence: list[Claims], least: int = 2) -> bool:
    """The sentence says all its evidence sentence (``evidence[0]``) says, and ``least`` or more content words none
    of ``evidence`` holds: the evidence with something added ("... a short speech *about his own childhood*"). A
    paraphrase that brings words of its own leaves some of the evidence's words out (on the seven support probes
    no valid sentence of one script did both, against 9 of the added clauses the other tests kept)."""
    if not evidence:
        return False
    mine = {stem(t) for t in claim.tokens}
    if any(not covered(t, mine) for t in evidence[0].content):
        return False
    vocabulary = {stem(t) for e in evidence for t in e.tokens}
    return sum(not covered(t, vocabulary) for t in claim.content) >= least


def coverage(claim: Claims, evidence: list[Claims]) -> float:
    """Share of the sentence's content words the evidence holds (1.0 without content words)."""
    vocabulary = {stem(t) for e in evidence for t in e.tokens}
    content = claim.content
    return sum(covered(t, vocabulary) for t in content) / len(content) if content else 1.0


def single_substitution(claim: Claims, evidence: Claims, passage_vocabulary: set[str]) -> bool:
    """The sentence is the evidence sentence with one or two adjacent words replaced by words the cited passages
    never use, numbers aside: a changed fact (a name, a place), not a paraphrase."""
    ops = [op for op in SequenceMatcher(a=evidence.tokens, b=claim.tokens, autojunk=False).get_opcodes()
           if op[0] != "equal"]
    if len(ops) != 1 or ops[0][0] != "replace":
        return False
    _, i1, i2, j1, j2 = ops[0]
    old, new = evidence.tokens[i1:i2], claim.tokens[j1:j2]
    if len(new) > 2 or len(old) > 2 or _numbers(old) or _numbers(new):
        return False
    return all(stem(t) not in passage_vocabulary for t in new)


SUBSTITUTED = 2  # content words of each side of a substitution marker compared ("40 minutes", "with pens")


def _substitution(claim: Claims) -> tuple[list[str], list[str]] | None:
    """(the replacement's words, the replaced words) next to a registry substitution marker ("every hour *instead
    of* every 40 minutes", "हर 40 मिनट *के बजाय* हर घंटे"): up to ``SUBSTITUTED`` content words or numbers on each
    side; None without a marker."""
    w, tokens = words(), claim.tokens
    for marker, before in w.substitutions:
        for k in range(len(tokens) - len(marker) + 1):
            if tuple(tokens[k:k + len(marker)]) == marker:
                left = [t for t in tokens[:k] if _telling(t)][-SUBSTITUTED:]
                right = [t for t in tokens[k + len(marker):] if _telling(t)][:SUBSTITUTED]
                return (left, right) if before else (right, left)
    return None


def substitution_turned(claim: Claims, evidence: Claims, same: Callable[[str, list[str]], bool]) -> bool:
    """Both say "A instead of B", the sentence with A and B the other way round: more of its words next to the marker
    are found on the other side of the evidence's marker than on the same side (``same``: whether a word is one of
    the other side's words, by stem in one script, by the glossary across scripts; numbers by value)."""
    mine, theirs = _substitution(claim), _substitution(evidence)
    if mine is None or theirs is None:
        return False

    (new, old), (their_new, their_old) = mine, theirs
    return _hits(new, their_old, same) + _hits(old, their_new, same) > \
        _hits(new, their_new, same) + _hits(old, their_old, same)


def _telling(token: str) -> bool:
    """A word that says what is compared next to a marker: a content word, digits or a number word."""
    return _is_content(token) or bool(_DIGITS.match(token)) or token in words().number_words


def _hits(words_: list[str], others: list[str], same: Callable[[str, list[str]], bool]) -> int:
    """How many words of ``words_`` are one of ``others`` (numbers by value, other words by ``same``)."""
    values = _numbers(others)
    return sum(bool(_numbers([t]) & values) if _numbers([t]) else same(t, others) for t in words_)


def negates_replaced(claim: Claims, evidence: Claims, same: Callable[[str, list[str]], bool]) -> bool:
    """The sentence negates what its evidence says was replaced: "no longer runs once an hour" or "प्रति घंटा नहीं"
    from "runs every 40 minutes instead of every hour". Each negation's nearest content words (up to
    ``SUBSTITUTED`` + 2 after it in English, before it in Hindi) hold a word of the evidence's replaced side and
    none of its replacement's (``same`` as in :func:`substitution_turned`)."""
    if not claim.negated or evidence.negated or (theirs := _substitution(evidence)) is None:
        return False
    w, tokens = words(), claim.tokens
    new, old = theirs
    reach = SUBSTITUTED + 2
    telling = [k for k, t in enumerate(tokens) if _telling(t)]  # once: a sentence of many negations stays linear
    found = False
    for k, token in enumerate(tokens):
        if token not in w.negations and not token.endswith("n't"):
            continue
        if token.isascii():  # English: the words after the negation; Hindi: the words before it, nearest first
            at = bisect.bisect_right(telling, k)
            near = [tokens[j] for j in telling[at:at + reach]]
        else:
            at = bisect.bisect_left(telling, k)
            near = [tokens[j] for j in telling[max(0, at - reach):at][::-1]]
        if _hits(near, new, same) or not _hits(near, old, same):
            return False
        found = True
    return found


def _is_content(token: str) -> bool:
    w = words()
    return not (token in w.stopwords or token in w.determiners or token in w.negations or token.endswith("n't")
                or _DIGITS.match(token) or token in w.number_words or token in w.number_scales)


CLAUSE_BREAK = re.compile(r"(?<!\d),|,(?!\d)|[;:()\[\]–—]")  # "45,000" is no clause break
_CLAUSE_TOKEN = re.compile(rf"\d+(?:[,.]\d+)*|[{_W}]+(?:['’][a-z]*)?")  # "farmers'" keeps its apostrophe


def clauses(text: str) -> list[list[str]]:
    """``text`` cut into clauses of tokens as written (case kept, a word's possessive apostrophe kept): at commas
    (not inside a number) and the like, and before each registry clause opener ("and", "which", "जो"). The one
    clause splitter of the support check: :func:`pieces` reads it case-folded, :mod:`rag_bot.agent.roles` as
    written."""
    openers = words().openers
    out: list[list[str]] = []
    for chunk in CLAUSE_BREAK.split(normalise_digits(text)):
        current: list[str] = []
        for raw in _CLAUSE_TOKEN.findall(chunk):
            token = raw.strip("।॥")
            if not token:
                continue
            if token.casefold() in openers and current:
                out.append(current)
                current = []
            current.append(token)
        if current:
            out.append(current)
    return out


def pieces(text: str) -> list[list[str]]:
    """The clauses of ``text`` (:func:`clauses`) as case-folded tokens."""
    return [[t.casefold().replace("’", "'") for t in clause] for clause in clauses(text)]


def uncovered_piece(claim: Claims, evidence: list[Claims]) -> bool:
    """A clause of the sentence (:func:`pieces`) whose content the evidence does not hold: two or more of its
    content words uncovered, fewer than half as many covered ("..., and the council later repaid her in full")."""
    vocabulary = {stem(t) for e in evidence for t in e.tokens}
    for piece in pieces(claim.text):
        content = [t for t in piece if _is_content(t)]
        missing = sum(not covered(t, vocabulary) for t in content)
        if missing >= 2 and 2 * (len(content) - missing) < missing:
            return True
    return False


def said(claims: Claims) -> list[str]:
    """The sentence's content words, one per stem, numbers, months, weekdays and clause openers ("while") left out
    (the other checks read those), single letters too: what it says."""
    w = words()
    out: dict[str, str] = {}
    for t in claims.tokens:
        if _is_content(t) and len(t) > 1 and t not in w.openers and t not in w.months and \
                t.rstrip("s") not in w.weekdays:  # one letter: a piece of "p.m."
            out.setdefault(stem(t), t)
    return list(out.values())


def content_excess(claim: Claims, evidence: Claims) -> tuple[int, float]:
    """(distinct content words of the sentence minus those of the evidence sentence, their ratio), numbers left
    out: across scripts a translation says about as much as its source and an added clause more."""
    mine, theirs = len(said(claim)), len(said(evidence))
    return mine - theirs, mine / max(1, theirs)


def _latin_actor(claim: Claims, name: str) -> bool | None:
    """Whether ``name`` acts in its clause of a Latin-script sentence: it opens the clause (no content word before
    it but other name words, titles and a leading opener) or follows a passive marker ("by"); None when absent."""
    w = words()
    folded = name.casefold()
    parts = {n.casefold() for n in claim.names}
    for piece in pieces(claim.text):
        if folded not in piece:
            continue
        k = piece.index(folded)
        while k > 0 and (piece[k - 1] in parts or piece[k - 1] in w.titles):
            k -= 1  # the name run's first word: "by Doctor Farida Khan"
        if any(t in w.passive for t in piece[max(0, k - 2):k]):
            return True
        return not any(_is_content(t) and t not in parts and t not in w.titles and t not in w.openers
                       for t in piece[:k])
    return None


def cross_roles_flipped(claim: Claims, evidence: Claims) -> bool:
    """Across scripts, a name of the Latin-script side whose role the other side marks (a name run before ने: acts;
    before को: receives) has the other role there ("The fishermen thanked Farhan Ali" vs "फरहान अली ने मछुआरों को
    धन्यवाद दिया"): the acting party of a Latin-script clause is the one that opens it."""
    w = words()
    latin, marked = (claim, evidence) if claim.names else (evidence, claim)
    keys = {skeleton(n) for n in latin.names} - {""}
    roles: dict[str, set[str]] = {}
    tokens = marked.tokens
    j = 0
    while j < len(tokens):
        if skeleton(tokens[j]) not in keys or tokens[j] in w.stopwords:
            j += 1
            continue
        end = j
        while end < len(tokens) and skeleton(tokens[end]) in keys and tokens[end] not in w.stopwords:
            end += 1
        run = {skeleton(t) for t in tokens[j:end]}
        after = tokens[end] if end < len(tokens) else ""
        role = "agent" if after in w.agent else "patient" if after in w.patient else ""
        if role and any(len(k) >= 2 for k in run):
            for key in run:
                roles.setdefault(key, set()).add(role)
        j = end
    for name in latin.names:
        marks = roles.get(skeleton(name), set())
        if len(marks) != 1:
            continue
        actor = _latin_actor(latin, name)
        if actor is not None and actor != ("agent" in marks):
            return True
    return False


_NUMBER_RUN_PART = rf"(?:[{_W}]+)"


@lru_cache(maxsize=20_000)
def numerals(text: str) -> str:
    """``text`` with each run of number words written in digits ("forty-five thousand" -> "45000", "पचहत्तर" ->
    "75"), Devanagari digits as ASCII: what a sentence states, for the embedder, whichever way it writes numbers
    (a lone "one" or "एक" stays a word)."""
    w = words()
    text = re.sub(r"(?<=\d),(?=\d{3}\b)", "", normalise_digits(text))  # "45,000" -> "45000"
    out: list[str] = []
    last = 0
    matches = list(re.finditer(rf"{_NUMBER_RUN_PART}", text))
    k = 0
    while k < len(matches):
        j = k
        run: list[re.Match[str]] = []
        while j < len(matches):
            part = matches[j][0].casefold()
            gap = text[matches[j - 1].end():matches[j].start()] if run else ""
            if run and gap.strip(" -"):
                break
            if part in w.number_words or part in w.number_scales or (run and part in w.joiners):
                run.append(matches[j])
                j += 1
            else:
                break
        while run and run[-1][0].casefold() in w.joiners:
            run.pop()
        values = _numbers([m[0].casefold() for m in run]) if run else set()
        if len(values) == 1:
            out.append(text[last:run[0].start()] + str(values.pop()))
            last = run[-1].end()
            k += len(run)
        else:
            k += 1
    out.append(text[last:])
    return "".join(out)
