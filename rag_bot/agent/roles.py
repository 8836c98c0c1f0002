"""Who gives and who receives in a sentence, for any noun phrase, read from word order and case markers.

:func:`frames` cuts a sentence into clauses and reads, per clause, a :class:`Frame`: the *giver* (the one who acts:
pays, sells, teaches, lends) and the *receiver* (the one paid, sold to, taught), as short phrases of case-folded
words. Latin script: the doer is the clause's subject (the noun phrase before its verb), or the phrase after a
passive marker ("were paid by the union"); Devanagari: the phrase before an agent marker (ने, द्वारा), else the
clause's opening phrase. The registry's converse verbs turn the roles round: their doer receives and the giver
follows a source marker ("the school received eight looms from the cooperative", "स्कूल को समिति से आठ करघे मिले"),
so a converse with the parties swapped reads as the same frame as its source.

:func:`roles_conflict` compares the frames of a sentence and of its evidence sentence with a phrase similarity
(shared word stems in one script; across scripts the caller's, e.g. the embedder's cosine): the sentence swaps the
roles when its giver is more like the evidence's receiver, and its receiver more like the evidence's giver, than
each is like its own counterpart.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache

from rag_bot.agent.claims import clauses, covered, stem, time_word, words
from rag_bot.languages import registry

_PHRASE = 3  # content words kept per phrase
_CLAUSE = 3  # content words of the shortest piece that pairings_crossed reads as a clause
ROLE_MARGIN = 0.02  # across scripts: crossed similarity must beat straight by this much (cosines)
ROLE_SAME = 0.88  # across scripts: and one party must be this close to the other side's opposite party (cosine):
# the same person or thing written in the other language, not a misread phrase ("lent", "march") nearer by chance


@dataclass(frozen=True)
class Frame:
    """One clause's giver and receiver (case-folded content words). ``loose``: the giver is marked (ने) but no
    receiver is, so ``receiver`` holds the clause's other content words (compared in one script only)."""

    giver: tuple[str, ...]
    receiver: tuple[str, ...]
    loose: bool = False


@dataclass(frozen=True)
class _Markers:
    converse: frozenset[str]
    dative: frozenset[str]
    to_converse: frozenset[str]
    idioms: frozenset[str]
    source: frozenset[str]
    recipient: frozenset[str]
    auxiliaries: frozenset[str]
    verbs: frozenset[str]
    agent: frozenset[str]
    passive: frozenset[str]
    links: frozenset[str]
    relatives: frozenset[str]
    coordinators: frozenset[str]


def _nfc(word: str) -> str:
    return unicodedata.normalize("NFC", word.casefold())


@lru_cache(maxsize=1)
def _markers() -> _Markers:
    langs = registry().languages

    def union(attr: str) -> frozenset[str]:
        return frozenset(_nfc(w) for lang in langs for w in getattr(lang, attr))

    return _Markers(union("converse_verbs"), union("dative_converse_verbs"), union("recipient_converse_verbs"),
                    union("converse_idioms"), union("source_markers"),
                    union("recipient_markers"), union("passive_auxiliaries"), union("stopword_verbs"),
                    union("agent_markers"), union("passive_markers"), union("genitive_links"),
                    union("relative_pronouns"), union("coordinators"))


def _clauses(sentence: str) -> list[list[str]]:
    """Tokens per clause as written (:func:`rag_bot.agent.claims.clauses`), in Unicode NFC, appositions between
    commas joined to their clause (:func:`_appositions`)."""
    return _appositions([[unicodedata.normalize("NFC", t) for t in clause] for clause in clauses(sentence)])


def _appositions(parts: list[list[str]]) -> list[list[str]]:
    """Latin script: a subject cut off its verb by commas joined to it again. A name alone ("Kamla Thakur, the
    secretary, sold ...", "the manager, Rekha Nair, asked ...") or a noun phrase before a modifier ("shopkeepers,
    led by Dinesh Agarwal, asked ...") takes the verb-first clause that follows; the apposition or modifier between
    them (a short piece that opens with a determiner, or a word and a passive marker) is left out."""
    w, m = words(), _markers()

    def latin(c: list[str]) -> bool:
        return all(t.isascii() for t in c)

    def name(c: list[str]) -> bool:
        return len(c) <= 4 and all(t[:1].isupper() for t in c) and not _stop(c[0])

    def aside(c: list[str]) -> bool:  # "the secretary", "now a college student", "led by Dinesh Agarwal"
        return (len(c) <= 8 and (c[0].casefold() in w.determiners or (
            len(c) >= 2 and _stop(c[0]) and c[1].casefold() in w.determiners))) or (
            2 <= len(c) <= 5 and c[1].casefold() in m.passive)

    def verb_first(c: list[str]) -> bool:
        return c[0][:1].islower() and not _stop(c[0]) and c[0].casefold() not in w.determiners

    out: list[list[str]] = []
    held = False  # an aside was just left out after ``out[-1]``
    parts = _relatives_whole(parts, m)
    for k, c in enumerate(parts):
        nxt = parts[k + 1] if k + 1 < len(parts) else None
        if out and latin(c) and latin(out[-1]) and not held and nxt and latin(nxt) and verb_first(nxt) and (
                (aside(c) or _relative(c, m)) and not verb_first(out[-1])
                or name(c) and out[-1][0].casefold() in w.determiners):
            held = not name(c)
            if name(c):
                out[-1] = list(c)  # "the manager, Rekha Nair, asked": the name is the subject
            continue
        if out and latin(c) and verb_first(c) and (held or name(out[-1])):
            out[-1] = out[-1] + c
        else:
            out.append(list(c))
        held = False
    return out


def _relative(clause: list[str], m: _Markers) -> bool:
    """Whether ``clause`` opens with a relative pronoun ("who owns the shop"): it says something of what stands
    before it."""
    return bool(clause) and clause[0].casefold() in m.relatives


def _relatives_whole(parts: list[list[str]], m: _Markers) -> list[list[str]]:
    """A relative clause the clause splitter cut at a coordinator made one piece again ("who has sold lac | and
    tamarind at the haat | taught ...": the pieces from "who" up to the next one not opening with "and")."""
    out: list[list[str]] = []
    open_relative = False
    for c in parts:
        if open_relative and c and c[0].casefold() in m.coordinators:
            out[-1] = out[-1] + c
            continue
        open_relative = _relative(c, m)
        out.append(list(c))
    return out


def _stop(token: str) -> bool:
    w = words()
    folded = token.casefold()
    return (folded in w.stopwords and folded not in _markers().verbs) or folded in w.determiners \
        or folded in w.negations or folded.endswith("n't") or bool(re.match(r"^\d", folded)) \
        or folded in w.number_words or folded in w.number_scales


def _number(folded: str) -> bool:
    w = words()
    return bool(re.match(r"^\d", folded)) or any(p in w.number_words or p in w.number_scales
                                                  for p in folded.split("-"))


def _phrase_after(tokens: list[str], k: int) -> tuple[str, ...]:
    """The noun phrase that starts after position ``k`` (determiners skipped; up to ``_PHRASE`` content words,
    ending at the next stop word)."""
    w = words()
    out: list[str] = []
    j = k + 1
    while j < len(tokens) and (tokens[j].casefold() in w.determiners or _number(tokens[j].casefold())):
        j += 1  # "the", "12": "teaches 12 apprentices"
    while j < len(tokens) and len(out) < _PHRASE and not _stop(tokens[j]):
        out.append(tokens[j].casefold())
        j += 1
    return tuple(out)


def _verb_after_place(tokens: list[str], j: int, subject: list[str]) -> int:
    """When a lower-case opening run stops at a preposition followed by a capitalised name and then a lower-case
    word, that word is the verb and the whole run the subject ("a scrap dealer from Lotus Pond bought ...")."""
    w = words()
    if j >= len(tokens) or any(t[:1].isupper() for t in subject[1:]) or tokens[j].casefold() not in w.stopwords:
        return -1
    k = j + 1
    while k < len(tokens) and tokens[k].casefold() in w.determiners:
        k += 1
    if k >= len(tokens) or not tokens[k][:1].isupper():
        return -1
    while k < len(tokens) and tokens[k][:1].isupper():
        k += 1
    return k if k < len(tokens) and not _stop(tokens[k]) else -1


def _verb_next(tokens: list[str], end: int) -> bool:
    """Whether the word at ``end`` (after a name) reads as the clause's verb: a lower-case content word followed by
    the end, a stop word or a determiner ("Trilok Sahni *rents* its racks", "Raghav Dubey *supplies* them"), not
    by another content word ("taught Gurmeet Sandhu *hand* signals")."""
    if end >= len(tokens) or _stop(tokens[end]) or not tokens[end][:1].islower():
        return False
    return end + 1 >= len(tokens) or _stop(tokens[end + 1])


def _latin_frame(tokens: list[str], m: _Markers) -> Frame | None:
    w = words()
    folded = [t.casefold() for t in tokens]
    i = 0
    while i < len(tokens) and (folded[i] in w.openers or folded[i] in w.determiners or _number(folded[i])):
        i += 1
    subject: list[str] = []
    verb = -1
    j = i
    while j < len(tokens) and not _stop(tokens[j]):  # the opening run: subject words, then (maybe) the verb
        if subject and tokens[j][:1].isupper() and j > 0 and not tokens[j - 1][:1].isupper():
            end = j
            while end < len(tokens) and tokens[end][:1].isupper():
                end += 1
            if not _verb_next(tokens, end) and (
                    end >= len(tokens) or _stop(tokens[end]) or len(subject) > 1 or subject[0][:1].isupper()):
                break  # a name after the verb: the object ("... treated Doctor Khan")
            # else an apposition after one noun ("her daughter Rekha teaches ...") or before a verb ("market
            # secretary Trilok Sahni rents its racks"): the name is the subject's
        subject.append(tokens[j])
        j += 1
    if not subject:
        return None
    stopped_at = folded[j] if j < len(tokens) else ""
    names = [t for t in subject if t[:1].isupper()]
    by_at = next((k for k in range(j, len(tokens)) if folded[k] in m.passive), len(tokens))
    aux = next((k for k in range(j, by_at) if folded[k] in m.auxiliaries), -1)
    if aux >= 0 and by_at < len(tokens):  # "the carpenters were paid ... by": the subject receives
        stopped_at = folded[aux]
        verb = next((k for k in range(aux + 1, len(tokens)) if not _stop(tokens[k])), -1)
    elif stopped_at in m.auxiliaries:
        verb = next((k for k in range(j + 1, len(tokens)) if not _stop(tokens[k])), -1)
    elif (later := _verb_after_place(tokens, j, subject)) >= 0:
        verb = later  # "a scrap dealer from Lotus Pond | bought ..."
    elif len(subject) >= 2 and not (names == subject and len(subject) > 1 and j < len(tokens)
                                    and tokens[j][:1].isupper()):
        verb = j - 1  # the run's last word is the verb ("the farmers' union paid | the carpenters")
        subject = subject[:-1]
    else:  # "a scrap dealer from Lotus Pond bought ...": the verb follows a prepositional phrase
        k = j + 1
        while k < len(tokens) and (_stop(tokens[k]) or tokens[k][:1].isupper()):
            k += 1
        verb = k if k < len(tokens) else -1
    if verb < 0:
        return None
    rest = range(verb + 1, len(tokens))
    passive = stopped_at in m.auxiliaries and any(folded[k] in m.passive for k in rest)
    by = next((_phrase_after(tokens, k) for k in rest if folded[k] in m.passive), ())
    source = next((_phrase_after(tokens, k) for k in rest if folded[k] in m.source), ())
    to = next((p for p in (_phrase_after(tokens, k) for k in rest if folded[k] in m.recipient
                           and k + 1 < len(tokens) and (folded[k + 1] in w.determiners or any(
                               t[:1].isupper() for t in tokens[k + 1:k + 1 + _PHRASE]) or (
                               not _stop(tokens[k + 1]) and folded[k + 1].endswith(w.plurals))))
               if p), ())  # "to the workshop", "to Sunita", "to secretary Trilok Sahni", "to farmers"; not "to rebuild"
    obj = _phrase_after(tokens, verb) if verb + 1 < len(tokens) and not _stop(tokens[verb + 1]) or (
        verb + 1 < len(tokens) and (folded[verb + 1] in w.determiners or _number(folded[verb + 1]))) else ()
    doer = by if passive else tuple(t.casefold() for t in subject if not _stop(t))
    if folded[verb] in m.to_converse:  # "the Ranipur team lost to the girls": the girls won
        return Frame(to, doer) if to and doer else None
    idiom = verb + 1 < len(folded) and folded[verb + 1] in m.idioms  # "took on 22 labourers": no transfer
    if not idiom and (folded[verb] in m.converse or stem(folded[verb]) in _converse_stems()) and (source or not to):
        return Frame(source, doer) if source and doer else None  # "rents from": the doer receives; "rents to": gives
    receiver = to or (tuple(t.casefold() for t in subject if not _stop(t)) if passive else obj)
    return Frame(doer, receiver) if doer and receiver else None


def _before(tokens: list[str], k: int) -> tuple[str, ...]:
    """The Devanagari phrase that ends just before the marker at ``k``: up to ``_PHRASE`` content words back,
    through genitive links, stopping at another marker or a stop word."""
    w = words()
    out: list[str] = []
    j = k - 1
    links = _markers().links
    while j >= 0 and len(out) < _PHRASE:
        token = tokens[j].casefold()
        if token in links or token in w.number_words and token in w.ambiguous:
            j -= 1
            continue
        if _stop(tokens[j]):
            break
        out.insert(0, token)
        j -= 1
    return tuple(out)


def _marked_frame(tokens: list[str], m: _Markers, verb_tail: list[str],
                  previous: tuple[str, ...] = ()) -> Frame | None:
    """``verb_tail``: the tokens of the following clauses that mark no party (the verb of "A ने B से X सुखाना
    और Y सीखा" ends the sentence). ``previous``: the giver of the clause before, the doer of a coordinated clause
    that names none ("A ने मॉडलों को परखा | और B को पुरस्कार दिया")."""
    folded = [t.casefold() for t in tokens] + [t.casefold() for t in verb_tail]
    agent = next((_before(tokens, k) for k, t in enumerate(folded) if t in m.agent), ())
    source = next((_before(tokens, k) for k, t in enumerate(folded) if t in m.source), ())
    dative = next((_before(tokens, k) for k, t in enumerate(folded) if t in m.recipient
                   and not (k > 0 and time_word(folded[k - 1]))), ())
    if not agent:
        first = next((k for k, t in enumerate(tokens) if not _stop(t)), None)
        marked = next((k for k, t in enumerate(folded) if t in m.agent | m.source | m.recipient), len(tokens))
        if first is not None and first < marked:
            agent = tuple(t.casefold() for t in tokens[first:marked] if not _stop(t))[:_PHRASE]
            # an unmarked opening phrase runs up to the first marker; keep its head words only
            agent = agent[:2] if len(agent) > 2 else agent
    if any(t in m.dative for t in folded):  # "A को B से मिले": no doer needed
        return Frame(source, dative) if source and dative else None
    converse = any(_converse_at(folded, k, m) for k in range(len(folded)))
    if agent and not any(t in m.agent for t in folded):  # the unmarked opening words are the marked party's:
        if set(dative) & set(agent):  # the doer is the clause before's ("और ज़ोया मिर्ज़ा को पुरस्कार दिया") or the
            agent = previous or agent[:1]  # first word ("केंद्र | किसानों को ... देता है")
            dative = tuple(t for t in dative if t not in agent)
        elif set(source) & set(agent) and converse:
            # "समिति | बर्फ़ के कारख़ाने से ... किराये पर लेती है"
            agent = agent[:1]
            source = tuple(t for t in source if t not in agent)
    if converse:
        return Frame(source, agent) if source and agent else None
    if agent and dative:
        return Frame(agent, dative)
    if agent and any(t in m.agent for t in folded):
        rest = tuple(t.casefold() for t in tokens if not _stop(t) and t.casefold() not in agent)
        return Frame(agent, rest, loose=True) if rest else None
    return None


def frames(sentence: str) -> list[Frame]:
    """The :class:`Frame` of each clause of ``sentence`` that has both a giver and a receiver."""
    m = _markers()
    out: list[Frame] = []
    clauses = _clauses(sentence)
    marks = m.agent | m.source | m.recipient
    for n, tokens in enumerate(clauses):
        latin = sum(t.isascii() for t in tokens) * 2 > len(tokens)
        tail: list[str] = []
        for later in clauses[n + 1:]:
            if any(t.casefold() in marks for t in later):
                break
            tail += later
        if latin and n > 0 and _relative(tokens, m):
            tokens = _antecedent(clauses[n - 1]) + tokens[1:]  # "..., who lent the group four boats": Ali lent
        frame = _latin_frame(tokens, m) if latin else _marked_frame(tokens, m, tail, out[-1].giver if out else ())
        if frame is not None:
            out.append(frame)
    return out


def _antecedent(clause: list[str]) -> list[str]:
    """What a relative pronoun after ``clause`` stands for: its closing name ("thanked *Farhan Ali*"), else its
    last content word ("the *school*, which ...")."""
    k = len(clause)
    while k > 0 and clause[k - 1][:1].isupper() and not _stop(clause[k - 1]):
        k -= 1
    if k < len(clause) and k > 0:
        return clause[k:]
    content = [t for t in clause if not _stop(t)]
    return content[-1:]


def has_converse(sentence: str) -> bool:
    """Whether ``sentence`` uses a converse verb of the registry (any inflection in Latin script)."""
    m = _markers()
    tokens = [_nfc(x) for clause in clauses(sentence) for x in clause]
    return any(_converse_at(tokens, k, m) or t in m.to_converse or (t.isascii() and stem(t) in _converse_stems())
               for k, t in enumerate(tokens))


@lru_cache(maxsize=1)
def _converse_stems() -> frozenset[str]:
    """The stems of the Latin-script converse verbs (any inflection: "rents", "rented")."""
    return frozenset(stem(v) for v in _markers().converse if v.isascii())


def _converse_at(folded: list[str], k: int, m: _Markers) -> bool:
    """The word at ``k`` is a converse verb of the registry, not a verb form after a genitive link ("के लिए": for)."""
    return folded[k] in m.converse and not (k > 0 and folded[k - 1] in m.links)


def stem_similarity(a: tuple[str, ...], b: tuple[str, ...]) -> float:
    """Share of the shorter phrase's words that the other holds (by stem)."""
    if not a or not b:
        return 0.0
    sa, sb = {stem(t) for t in a}, {stem(t) for t in b}
    return sum(covered(t, sb) for t in a) / min(len(a), len(b)) if len(sa) <= len(sb) else \
        sum(covered(t, sa) for t in b) / min(len(a), len(b))


Similarity = Callable[[tuple[str, ...], tuple[str, ...]], float]


def _scores(c: Frame, e: Frame, similar: Similarity, cross: bool) -> tuple[float, float]:
    """(straight, crossed) similarity of two frames; a loose receiver counts in one script only."""
    cr = () if cross and c.loose else c.receiver
    er = () if cross and e.loose else e.receiver

    def sim(a: tuple[str, ...], b: tuple[str, ...]) -> float:
        return similar(a, b) if a and b else 0.0

    return sim(c.giver, e.giver) + sim(cr, er), sim(c.giver, er) + sim(cr, e.giver)


def _crossed_party(c: Frame, e: Frame, similar: Similarity) -> float:
    """The closest of a frame's parties to the other frame's opposite party (giver to receiver, receiver to giver;
    a loose receiver is no party across scripts)."""
    cr = () if c.loose else c.receiver
    er = () if e.loose else e.receiver
    return max([similar(a, b) for a, b in ((c.giver, er), (cr, e.giver)) if a and b] or [0.0])


def roles_conflict(claim: list[Frame], evidence: list[Frame], similar: Similarity = stem_similarity,
                   margin: float = 0.0, cross: bool = False) -> bool:
    """Some frame of the sentence matches an evidence frame better crossed (its giver to their receiver, its
    receiver to their giver) than straight, by more than ``margin``; or (in one script) its giver is one evidence
    frame's giver and its receiver another's receiver ("Rekha teaches the morning class ..." where Kamala does)."""
    for c in claim:
        best: tuple[float, float] | None = None
        partner: Frame | None = None
        for e in evidence:
            pair = _scores(c, e, similar, cross)
            if best is None or max(pair) > max(best):
                best, partner = pair, e
        if best is not None and partner is not None and best[1] > best[0] + margin and (
                not cross or _crossed_party(c, partner, similar) >= ROLE_SAME):
            return True
        if not cross and len(evidence) > 1:
            givers = [similar(c.giver, e.giver) for e in evidence]
            receivers = [similar(c.receiver, e.receiver) for e in evidence]
            i, j = givers.index(max(givers)), receivers.index(max(receivers))
            if i != j and givers[i] > givers[j] and receivers[j] > receivers[i]:
                return True
    return False


def roles_agree(claim: list[Frame], evidence: list[Frame], similar: Similarity = stem_similarity,
                margin: float = 0.0, cross: bool = False) -> bool:
    """Every frame of the sentence matches some evidence frame straight, better than crossed by more than
    ``margin`` (then word order and name checks that cannot read converse verbs or noun phrases stand down)."""
    if cross and any(f.loose for f in (*claim, *evidence)):
        return False  # a clause without a marked receiver cannot be matched across scripts
    def straight(c: Frame, e: Frame) -> bool:
        same, crossed = _scores(c, e, similar, cross)
        return same > crossed + margin and same > 0

    return bool(claim) and bool(evidence) and not roles_conflict(claim, evidence, similar, margin, cross) and all(
        any(straight(c, e) for e in evidence) for c in claim)


def _said(clause: list[str]) -> list[str]:
    w = words()
    return list(dict.fromkeys(t.casefold() for t in clause if not _stop(t) and len(t) > 1
                              and t.casefold() not in w.openers))


def _pieces(text: str) -> list[list[str]]:
    """The content words of each clause of ``text``, short opening pieces dropped while two clauses remain (an
    opening time or place: "Every morning at 6 a.m., | A pins up the papers, and B supplies them")."""
    said = [c for c in (_said(c) for c in clauses(text)) if c]
    while len(said) > 2 and len(said[0]) < _CLAUSE:
        said = said[1:]
    return said


def pairings_crossed(sentence: str, evidence: str, match: Callable[[str, list[str]], bool],
                     parties: Callable[[str], bool] | None = None) -> bool:
    """Two clauses of the sentence each join words that belong to different clauses of the evidence sentence
    ("Rekha teaches the morning class and her mother Kamala teaches the evening class" where Kamala teaches the
    morning one): who goes with what is swapped, whatever the word order or case markers (a Hindi clause that marks
    no party: "रेखा सुबह की कक्षा पढ़ाती है"). A word *belongs* to an evidence clause when no other evidence clause
    holds it; ``match(word, words)`` tells whether ``words`` hold ``word`` (by stem in one script, by glossary and
    transliteration across scripts). ``parties``: when given (across scripts, where the languages order a
    coordination's words differently: "Hindi and English" / "हिंदी और अंग्रेज़ी"), a clause counts only when a
    word that ties it to an evidence clause is a party (a name)."""
    theirs, mine = _pieces(evidence), _pieces(sentence)
    if len(theirs) < 2 or len(mine) < 2 or min(len(c) for c in (*mine, *theirs)) < _CLAUSE:
        return False  # a short piece is a coordinated noun ("in Hindi | and English all afternoon"), no clause
    own = [[t for t in clause if not any(covered(t, {stem(u) for u in other}) for other in theirs
                                         if other is not clause)] for clause in theirs]
    mixed = 0
    for clause in mine:
        ties = {j: [t for t in clause if match(t, words)] for j, words in enumerate(own) if words}
        ties = {j: hit for j, hit in ties.items() if hit}
        if len(ties) >= 2 and (parties is None or any(parties(t) for hit in ties.values() for t in hit)):
            mixed += 1
    return mixed >= 2


FLANK = 3  # content words on each side of a verb read as its parties


def _verb_flanks(sentence: str) -> dict[str, tuple[set[str], set[str]]] | None:
    """Each lower-case content word's stem -> the stems of the ``FLANK`` content words before and after its first
    place in a clause; None when the sentence is not all in Latin script or uses a passive marker or a converse
    verb (the parties may then stand the other way round in a faithful paraphrase)."""
    m = _markers()
    pieces = [c for c in clauses(sentence) if c]
    if not pieces or not all(t.isascii() for c in pieces for t in c) or has_converse(sentence) or any(
            t.casefold() in m.passive for c in pieces for t in c):
        return None
    out: dict[str, tuple[set[str], set[str]]] = {}
    # a clause that opens with its verb acts for the sentence's opening words ("Hemant Bisht, who has built boats
    # for 40 years, | trains 12 apprentices")
    opening = {stem(t.casefold()) for t in [t for t in pieces[0] if not _stop(t) and len(t) > 1][:FLANK]}
    for clause in pieces:
        content = [(t, stem(t.casefold())) for t in clause if not _stop(t) and len(t) > 1]  # read once: linear
        for k, (token, key) in enumerate(content):
            if token[:1].islower() and key not in out:  # the content words on each side of it, FLANK at most
                before = {s for _, s in content[max(0, k - FLANK):k]} or opening
                out[key] = (before, {s for _, s in content[k + 1:k + 1 + FLANK]})
    return out


def flanks_swapped(sentence: str, evidence: str) -> bool:
    """In Latin script, a word both sentences share (same stem; no passive marker or converse verb in either) whose
    parties stand on the other sides of it: "12 apprentices train Hemant Bisht" for "Hemant Bisht trains 12
    apprentices". More of the words before it in one are after it in the other than before it, each way (an opening
    "Every Sunday" stays before both)."""
    mine, theirs = _verb_flanks(sentence), _verb_flanks(evidence)
    if not mine or not theirs:
        return False
    for verb in mine.keys() & theirs.keys():
        (a_before, a_after), (b_before, b_after) = mine[verb], theirs[verb]
        if len(a_before & b_after) > len(a_before & b_before) and len(a_after & b_before) > len(a_after & b_after):
            return True
    return False
