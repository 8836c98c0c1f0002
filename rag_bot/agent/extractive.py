"""The offline default chat model: extractive, rule-based, never invents content.

``ExtractiveChatModel`` is a real LangChain ``BaseChatModel``; one instance plays one *role*, fixed at
construction. It reads the typed input the nodes attach to their messages (:mod:`rag_bot.agent.inputs`), never the
prompt text; without one (plain messages) the last human message is taken as the question or message:

* ``router``: the last human message is the user's message -> replies ``rag`` or ``conversational``
  (:func:`rules.classify_route`).
* ``condense``: :class:`~rag_bot.agent.inputs.CondenseInput` -> replies ``"<message> (context: <previous user
  question>)"`` when the message depends on earlier turns, else the message unchanged.
* ``agent``: :class:`~rag_bot.agent.inputs.AgentInput` -> an ``AIMessage`` with one ``retrieve_context`` tool
  call whose arguments come from :func:`rules.search_arguments` (broadened on the retry, the period dropped when
  the tool reported it empty). Use it through ``bind_tools`` (like any tool-calling model).
* ``answer``: :class:`~rag_bot.agent.inputs.AnswerInput` -> a quote from one document, cited ``[n]``: the best
  sentences (cosine of the embedder) tried in turn as seeds, each grown inside its passage (and its document's other
  passages) with the sentences nearly as close, extended to the sentence that completes the kind of fact the
  question asks for (:mod:`rag_bot.agent.answerability`) and the ones after it in its paragraph. The first quote
  backed by the question's words wins: it holds the asked kind of fact and ``min_coverage`` of the key terms, or, in
  another language than the question, a key term found transliterated; such a quote may score up to
  ``LEXICAL_RELIEF`` below ``min_relevance``. Else the best quote above ``min_relevance`` that holds the kind of
  fact (an open question, a very close sentence, another language's sentence) -- except another language's, when
  a quote in the asker's language held the question's topic but not the fact. ``NOT_FOUND`` when none passes. That
  cascade's choice is then one input of the learned choice (``learned_choice``, :mod:`rag_bot.agent.quote_selector`):
  the candidate most likely to hold the asked fact is quoted when it reaches the trained threshold, else ``NOT_FOUND``.
  In the research answer mode (``quoted_passages`` > 1) the quote is followed by the closest sentences of further
  passages nearly as close as the seed (:meth:`_wider`). A whole-talk date question gets the date's talk in the
  user's language, one sentence per theme (:func:`theme_segments`).
* ``conversational``: [system carrying :class:`~rag_bot.agent.inputs.ConversationalInput`, *history] ->
  templates: greeting, thanks, the list of the user's previous questions, a summary of the chat.
* ``summary``: :class:`~rag_bot.agent.inputs.SummaryInput` -> new summary lines (first sentence of each turn) to
  append to the running summary.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import numpy as np
from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models import BaseChatModel, LanguageModelInput
from langchain_core.messages import AIMessage, BaseMessage, HumanMessage, SystemMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from langchain_core.tools import BaseTool
from langchain_core.utils.function_calling import convert_to_openai_tool
from pydantic import ConfigDict, PrivateAttr, SkipValidation

from rag_bot.agent import answerability, inputs, prompts, quote_selector, rules
from rag_bot.agent.history import text_of as _text
from rag_bot.config import Settings
from rag_bot.dates import mentions_day
from rag_bot.languages import CLOSERS, sentence_ends
from rag_bot.models.embeddings import Embedder, PassageCache
from rag_bot.models.roles import Role

MIN_SENTENCE_WORDS = 4  # shorter "sentences" are headings or fragments (and embed unreliably)
HEADING_CHARS = 200  # the part of a passage that names the document (title, by-line, date)
RELATIVE_MARGIN = 0.04  # quote only sentences nearly as close to the question as the best one
STRONG_MATCH = 0.86  # a sentence this close to the question (cosine of the bundled embedder) needs no key-term
# coverage, only type evidence: the question may write a term differently ("rise" asked, "rose" written)
WIDER_MARGIN = 0.05  # research mode: another passage is quoted too when its best sentence is this close to the seed
LEXICAL_RELIEF = 0.03  # a sentence this far below min_relevance is quoted when its words back it: every key term of
# the question (or min_coverage of them), or, in another language, a transliterated key term (a sentence in another
# language than the question scores lower for the same meaning with the bundled embedder)
TOPIC_SHARE = 0.5  # a quote in the asker's language holding this share of the key terms speaks of the asked topic
MIN_TRANSLATED = 2  # key terms another language's quote must translate to be let in by the cross-language gap
SEED_DEPTH = 6  # the best sentences tried, in turn, as the seed of a quote that answers the question
MIN_THEMES = 2  # themes quoted per document of a whole-talk overview, at the least
PARAGRAPH_BONUS = 0.5  # a paragraph break counts this much towards a theme boundary (cosine units)
_PARAGRAPH_BREAK = re.compile(r"\n\s*\n")

_TERMINAL = re.compile(rf"[{re.escape(sentence_ends())}][{CLOSERS}]*$")
_MARKUP = re.compile(r"={3,}|-{3,}|#{1,6}\s|\*{2,}")


def is_quotable(sentence: str) -> bool:
    """A real sentence: >= MIN_SENTENCE_WORDS words, ends like a sentence, no heading markup (titles, dates)."""
    return (len(sentence.split()) >= MIN_SENTENCE_WORDS and bool(_TERMINAL.search(sentence))
            and not _MARKUP.search(sentence))




def _context(chosen: list[int], candidates: list[tuple[int, str]]) -> str:
    """The sentence before and after a quote in its passage: they may name what the quote is about ("Our seed
    library ..." before "It opened in 1998 with forty jars ...")."""
    n = candidates[chosen[0]][0]
    around = (chosen[0] - 1, chosen[-1] + 1)
    return " ".join(candidates[i][1] for i in around if 0 <= i < len(candidates) and candidates[i][0] == n)


def cross_language_scores(scores: np.ndarray, foreign: Sequence[bool], gap: float) -> np.ndarray:
    """The cosines with ``gap`` added to the sentences in another language than the question: the bundled embedder
    scores a sentence lower against a question in another language than against the same question in its own, so
    with the gap both languages' sentences are ranked alike as seeds (``cross_language_gap``, measured by
    ``tools/measure_language_gap.py``); quoting on cosine alone still needs the plain cosine at the bar."""
    return scores + gap * np.asarray(foreign, dtype=scores.dtype)


def theme_segments(rows: list[int], paragraphs: list[int], vectors: np.ndarray, themes: int) -> list[list[int]]:
    """``rows`` (a document's sentences, in order) cut into at most ``themes`` runs of consecutive sentences at the
    weakest links: the cosine between the two sentences before and the two after each gap, minus
    ``PARAGRAPH_BONUS`` where the author started a new paragraph. As many themes as paragraphs when there are
    fewer paragraphs than ``themes`` (and more than one); every sentence when there are no more than ``themes``."""
    if len(rows) <= themes:  # a document within the sentence budget is quoted whole
        return [[r] for r in rows]
    distinct = len(set(paragraphs))
    k = min(themes, distinct) if distinct > 1 else min(themes, max(MIN_THEMES, len(rows) // 4))
    links = []
    for t in range(len(rows) - 1):
        left = vectors[rows[max(0, t - 1):t + 1]].mean(axis=0)
        right = vectors[rows[t + 1:t + 3]].mean(axis=0)
        cosine = float(left @ right) / (float(np.linalg.norm(left) * np.linalg.norm(right)) or 1.0)
        links.append((cosine - (PARAGRAPH_BONUS if paragraphs[t] != paragraphs[t + 1] else 0.0), t))
    cuts = sorted(t for _, t in sorted(links)[: k - 1])
    segments, start = [], 0
    for t in cuts:
        segments.append(rows[start:t + 1])
        start = t + 1
    segments.append(rows[start:])
    return segments


def first_sentence(text: str, limit: int = 200) -> str:
    sentences = [s for s in rules.split_sentences(text) if not s.endswith(":") and rules.content_words(s)]
    sentences = sentences or rules.split_sentences(text)
    out = sentences[0].lstrip("- ") if sentences else text.strip()
    return out if len(out) <= limit else out[: limit - 1].rstrip() + "…"


def extractive_summary(turns: list[tuple[str, str]]) -> str:
    """One line per turn: the first sentence of what the user asked / what was answered."""
    lines = []
    for role, text in turns:
        label = "User asked" if role == "user" else "Answer"
        lines.append(f"- {label}: {first_sentence(text, limit=160)}")
    return "\n".join(lines)


class ExtractiveChatModel(BaseChatModel):
    """Offline chat model that only classifies, copies and quotes (see the module docstring for the contract)."""

    model_config = ConfigDict(arbitrary_types_allowed=True)

    role: Role
    embedder: SkipValidation[Embedder | None] = None  # None: loaded from the settings on the first answer
    _sentence_vectors: PassageCache | None = PrivateAttr(default=None)
    min_relevance: float = 0.80
    min_coverage: float = 0.75
    follow_sentences: int = 2
    cross_language_gap: float = 0.055
    learned_choice: bool = True  # the quote is chosen by quote_selector (False: by the hand-written cascade alone)
    choice_threshold: float | None = None  # the probability the chosen quote must reach (None: the trained one)
    settings: Settings | None = None
    # called per answer with (question, candidates measured, their quotes, the cascade's index or None): training
    trace: SkipValidation[Callable[[str, list[quote_selector.Candidate], list[str], int | None], None] | None] = None

    @property
    def _llm_type(self) -> str:
        return f"extractive-{self.role}"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"role": self.role, "min_relevance": self.min_relevance, "min_coverage": self.min_coverage,
                "follow_sentences": self.follow_sentences, "cross_language_gap": self.cross_language_gap}

    def bind_tools(self, tools: Sequence[dict[str, Any] | type | Callable[..., Any] | BaseTool], *,
                   tool_choice: str | None = None, **kwargs: Any) -> Runnable[LanguageModelInput, AIMessage]:
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], **kwargs)

    # --- plumbing -----------------------------------------------------------------------------------------
    def _get_embedder(self) -> Embedder:
        if self.embedder is None:
            from rag_bot.models.embeddings import get_embedder

            if self.settings is None:
                raise ValueError("an extractive model that compares sentences needs an embedder or the settings")
            self.embedder = get_embedder(self.settings)
        return self.embedder

    def _sentence_cache(self) -> PassageCache:
        embedder = self._get_embedder()
        if self._sentence_vectors is None or self._sentence_vectors.embedder is not embedder:
            self._sentence_vectors = PassageCache(embedder)
        return self._sentence_vectors

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: CallbackManagerForLLMRun | None = None, **kwargs: Any) -> ChatResult:
        handler = getattr(self, f"_{self.role}")
        if self.settings is None:  # the terms in force where it is called (the agent's node, else the process's)
            message: AIMessage = handler(messages, **kwargs)
        else:
            with rules.corpus_terms(self.settings.corpus_terms):
                message = handler(messages, **kwargs)
        prompt_tokens = sum(rules.approx_tokens(_text(m)) for m in messages)
        out_tokens = rules.approx_tokens(_text(message))
        message.usage_metadata = {"input_tokens": prompt_tokens, "output_tokens": out_tokens,
                                  "total_tokens": prompt_tokens + out_tokens}
        return ChatResult(generations=[ChatGeneration(message=message)])

    @staticmethod
    def _last_human(messages: list[BaseMessage]) -> str:
        for message in reversed(messages):
            if isinstance(message, HumanMessage):
                return _text(message)
        return ""

    # --- roles ----------------------------------------------------------------------------------------------
    def _router(self, messages: list[BaseMessage], **_: Any) -> AIMessage:
        return AIMessage(content=rules.classify_route(self._last_human(messages)))

    def _condense(self, messages: list[BaseMessage], **_: Any) -> AIMessage:
        data = inputs.read(messages, inputs.CondenseInput)
        history, message = (data.history, data.message) if data else ([], self._last_human(messages))
        previous = [text for role, text in history if role == "user"]
        if not previous or not rules.needs_context(message):
            return AIMessage(content=message)
        # the latest earlier question that stands on its own (a follow-up of a follow-up keeps the topic)
        anchor = next((q for q in reversed(previous) if not rules.needs_context(q)), previous[-1])
        return AIMessage(content=f"{message} (context: {anchor})")

    def _agent(self, messages: list[BaseMessage], tools: list[dict[str, Any]] | None = None, **_: Any) -> AIMessage:
        data = inputs.read(messages, inputs.AgentInput) or inputs.AgentInput(question=self._last_human(messages))
        args = rules.search_arguments(data.question, broaden=data.retry_note is not None,
                                      drop_period=data.drop_period)
        name = "retrieve_context"
        if tools:
            name = tools[0].get("function", {}).get("name", name)
        return AIMessage(content="", tool_calls=[{"name": name, "args": args, "id": f"call_{uuid.uuid4().hex[:12]}",
                                                  "type": "tool_call"}])

    def _answer(self, messages: list[BaseMessage], **_: Any) -> AIMessage:
        data = inputs.read(messages, inputs.AnswerInput)
        if data is None or not data.passages:
            return AIMessage(content=prompts.NOT_FOUND)  # nothing to quote from
        question, language, standalone, passages = data.question, data.language, data.standalone, data.passages
        sentences = data.sentences
        asked = rules.strip_context(standalone) if standalone else question
        ranking_query = rules.ranking_text(asked)
        candidates: list[tuple[int, str]] = []
        paragraphs: list[int] = []  # the paragraph of each candidate (numbered across passages)
        seen: set[tuple[int, str]] = set()
        paragraph = 0
        for p in passages:
            for block in _PARAGRAPH_BREAK.split(p.text):
                for sentence in rules.split_sentences(block):
                    if is_quotable(sentence) and (p.n, sentence) not in seen:
                        seen.add((p.n, sentence))
                        candidates.append((p.n, sentence))
                        paragraphs.append(paragraph)
                paragraph += 1
        if not candidates:
            return AIMessage(content=prompts.NOT_FOUND)
        embedder = self._get_embedder()
        sentence_vecs = self._sentence_cache().embed_passages([s for _, s in candidates])
        headings = [f"{p.title}\n{p.text[:HEADING_CHARS]}" for p in passages if p.date]
        asked_date = rules.parse_dates(question).date
        bodies = [p.text for p in passages if asked_date and p.date == asked_date]  # the talks of the date asked
        if rules.is_date_only(question, headings, bodies):
            languages = {p.n: rules.detect_language(p.text[:HEADING_CHARS]) for p in passages}
            return self._overview(candidates, paragraphs, sentence_vecs, language, languages, sentences)
        query_vec = np.asarray(embedder.embed_query(ranking_query), dtype=np.float32)
        kind = answerability.answer_type(asked)
        asked_language = rules.detect_language(asked)
        foreign = [rules.detect_language(s) != asked_language for _, s in candidates]
        raw = sentence_vecs @ query_vec
        scores = cross_language_scores(raw, foreign, self.cross_language_gap)
        sources = {p.n: p.source for p in passages}
        relief = self.min_relevance - LEXICAL_RELIEF
        ranked = [i for i in (int(i) for i in np.argsort(-scores)) if float(scores[i]) >= relief]
        own_language = [i for i in ranked if not foreign[i]][:SEED_DEPTH]  # never crowded out by another language's
        seeds = sorted(set(ranked[:SEED_DEPTH]) | set(own_language), key=lambda i: -float(scores[i]))
        terms = answerability.key_terms(asked)

        def finish(chosen: list[int], seed: int) -> AIMessage:
            if data.quoted_passages > 1:  # research mode: further passages nearly as close as the seed
                chosen = self._wider(chosen, seed, scores, candidates, data.quoted_passages, sentences)
            return AIMessage(content=self._quote(self._runs(chosen, candidates), candidates, language))

        trials: list[tuple[int, list[int], str, answerability.Verdict]] = []
        tried: set[tuple[int, ...]] = set()
        documents: dict[str, str] = {}  # source -> its retrieved passages' titles and texts
        for p in passages:
            documents[p.source] = f"{documents.get(p.source, '')}\n{p.title}\n{p.text}"
        named = {source: not answerability.names_missing(asked, text) for source, text in documents.items()}
        texts = [c for _, c in candidates]
        specific = answerability.specific_terms(asked, texts) if kind else ()
        across = answerability.seen_across(asked, texts) if specific else frozenset()
        event_day = asked_date if asked_date and not bodies else None  # no document of the day asked: an event's
        for seed in seeds:
            if not named[sources[candidates[seed][0]]]:  # a document that never names whom or what was asked
                continue
            chosen = self._focused(seed, scores, candidates, kind, asked, sentences, sources, paragraphs)
            if tuple(chosen) in tried:
                continue
            tried.add(tuple(chosen))
            context = _context(chosen, candidates)
            if event_day and not mentions_day(" ".join([*(candidates[i][1] for i in chosen), context]), event_day):
                continue  # a passage that does not name the day asked about tells of another day
            runs = self._runs(chosen, candidates)
            leads = [candidates[r[0] - 1][1] if r[0] > 0 and candidates[r[0] - 1][0] == candidates[r[0]][0]
                     and paragraphs[r[0] - 1] == paragraphs[r[0]] else "" for r in runs]
            verdict = answerability.assess(asked, " ".join(candidates[i][1] for i in chosen), context,
                                           [[candidates[i][1] for i in r] for r in runs], leads, specific, across)
            trials.append((seed, chosen, context, verdict))

        def backed(verdict: answerability.Verdict) -> bool:
            """The fact asked for, with the question's own words covered."""
            return verdict.evidence and bool(terms) and verdict.coverage >= self.min_coverage

        def holds_topic(seed: int, verdict: answerability.Verdict) -> bool:
            """A quote in the asker's language that holds the question's topic but not the fact asked."""
            return (kind is not None and not foreign[seed] and verdict.coverage >= TOPIC_SHARE
                    and not backed(verdict))

        by_cosine = sorted(trials, key=lambda t: -float(raw[t[0]]))
        topic_above: dict[int, bool] = {}  # the asker's language spoke of the topic without the fact, closer (plain
        held = False  # cosine) than this seed's quote
        for seed, _chosen, _ctx, verdict in by_cosine:
            topic_above[seed] = held
            held = held or holds_topic(seed, verdict)
        with_context = {seed: " ".join([*(candidates[i][1] for i in chosen), context])
                        for seed, chosen, context, _v in trials}

        def cascade() -> tuple[list[int], int] | None:
            """The hand-written order of checks: the first quote that passes one."""
            for seed, chosen, _ctx, verdict in trials:  # backed by the question's own words, in its language: it wins
                if not foreign[seed] and backed(verdict):
                    return chosen, seed
            for seed, chosen, _ctx, verdict in by_cosine:
                if (verdict.evidence and foreign[seed] and not topic_above[seed] and raw[seed] >= relief
                        and answerability.foreign_terms_found(asked, with_context[seed]) > 0):  # transliterated
                    return chosen, seed
            for seed, chosen, _ctx, verdict in trials:  # on cosine and type evidence alone
                if not verdict.evidence or float(scores[seed]) < self.min_relevance:
                    continue
                if foreign[seed]:  # on cosine alone only at the plain bar: the gap orders the seeds, never lets one in
                    passes = not topic_above[seed] and raw[seed] >= self.min_relevance
                else:
                    passes = verdict.passes(self.min_coverage) or float(scores[seed]) >= STRONG_MATCH
                if passes:  # an open question, a very close sentence with the fact, another language
                    return chosen, seed
            for seed, chosen, _ctx, verdict in by_cosine:  # the question's words translated: the gap lets it in
                if (verdict.evidence and foreign[seed] and not topic_above[seed]
                        and float(scores[seed]) >= self.min_relevance and self._translated(asked, with_context[seed])):
                    return chosen, seed
            return None

        pick = cascade()
        if trials and (self.learned_choice or self.trace is not None):
            measured = [self._candidate(asked, seed, verdict, raw, scores, foreign, backed(verdict), topic_above[seed],
                                        with_context[seed]) for seed, _chosen, _ctx, verdict in trials]
            at = next((k for k, t in enumerate(trials) if pick is not None and t[0] == pick[1]), None)
            if self.trace is not None:
                self.trace(asked, measured, [" ".join(candidates[i][1] for i in t[1]) for t in trials], at)
            if self.learned_choice:
                selector = quote_selector.load()
                if self.choice_threshold is not None:
                    selector = replace(selector, threshold=self.choice_threshold)
                chosen_at = selector.choose(measured, at)
                pick = None if chosen_at is None else (trials[chosen_at][1], trials[chosen_at][0])
        return AIMessage(content=prompts.NOT_FOUND) if pick is None else finish(*pick)

    @staticmethod
    def _candidate(question: str, seed: int, verdict: answerability.Verdict, raw: np.ndarray, scores: np.ndarray,
                   foreign: Sequence[bool], backed: bool, topic_above: bool, text: str) -> quote_selector.Candidate:
        """What the learned choice weighs of one tried quote (``text``: the quote with its context)."""
        translated, translatable = answerability.cross_script_terms(question, text)
        return quote_selector.Candidate(
            raw=float(raw[seed]), score=float(scores[seed]), foreign=bool(foreign[seed]), evidence=verdict.evidence,
            coverage=verdict.coverage, backed=backed, topic_above=topic_above, translated=translated,
            translatable=translatable, transliterated=answerability.foreign_terms_found(question, text))

    def _translated(self, question: str, text: str) -> bool:
        """Whether ``text`` (another language's quote with its context) translates the question's key terms: at
        least ``MIN_TRANSLATED`` of them found by glossary sense or transliteration, and ``min_coverage`` of those
        the glossary can check (:func:`answerability.cross_script_terms`)."""
        found, checkable = answerability.cross_script_terms(question, text)
        return found >= MIN_TRANSLATED and found >= self.min_coverage * checkable

    def _focused(self, seed: int, scores: np.ndarray, candidates: list[tuple[int, str]], kind: str | None,
                 question: str, limit: int, sources: dict[int, str] | None = None,
                 paragraphs: list[int] | None = None) -> list[int]:
        """The quote grown from the ``seed`` sentence inside its own passage: the passage's sentences nearly as close
        to the question (within ``RELATIVE_MARGIN``), then, for a question asking for a kind of fact (a number, a
        name, a date, a reason), the following sentences of its paragraph up to the first one that completes it
        ("The repair was done by ..." -> "It cost 640 pounds."), or the one before in its paragraph when none after
        does (a paragraph is a theme: the fact of the one before is about something else); for other questions the
        ``follow_sentences`` after the seed. Sentences nearly as close in other passages of the seed's document
        (``sources``: passage number -> source) join too: they cite the same document."""
        n = candidates[seed][0]
        own = [i for i, (m, _) in enumerate(candidates) if m == n]
        source = (sources or {}).get(n)
        same_document = [i for i, (m, _) in enumerate(candidates)
                         if m == n or (source is not None and (sources or {}).get(m) == source)]
        floor = float(scores[seed]) - RELATIVE_MARGIN
        near = sorted((i for i in same_document if i != seed and float(scores[i]) >= floor), key=lambda i: -scores[i])
        chosen = [seed] + near[: max(0, limit - 1)]
        extra: list[int] = []
        if kind is None:
            extra = [i for i in own if i > seed][: self.follow_sentences]
        else:
            if not answerability.has_evidence(kind, " ".join(candidates[i][1] for i in chosen), question):
                paragraph = [i for i in own if paragraphs is None or paragraphs[i] == paragraphs[seed]]
                extra = self._completion(chosen, paragraph, candidates, kind, question)
            last = max([seed, *extra])  # then the sentences of its paragraph that go on with the fact
            same = [i for i in own if i > last and (paragraphs is None or paragraphs[i] == paragraphs[last])]
            extra += same[: self.follow_sentences]
        for i in extra:
            if len(chosen) < limit and i not in chosen:
                chosen.append(i)
        return sorted(chosen)  # document order reads better than score order

    def _wider(self, chosen: list[int], seed: int, scores: np.ndarray, candidates: list[tuple[int, str]],
               passages: int, limit: int) -> list[int]:
        """The research mode's answer: the focused quote, then from up to ``passages - 1`` other passages (best
        first) the sentence closest to the question with the ``follow_sentences`` after it, when that sentence is
        within ``WIDER_MARGIN`` of the seed and above ``min_relevance``; at most ``limit`` sentences in all."""
        floor = max(self.min_relevance, float(scores[seed]) - WIDER_MARGIN)
        best: dict[int, int] = {}  # passage -> its best sentence
        for i in (int(i) for i in np.argsort(-scores)):
            if float(scores[i]) < floor:
                break
            best.setdefault(candidates[i][0], i)
        quoted = {candidates[i][0] for i in chosen}
        wider = list(chosen)
        for n, top in best.items():
            if len(quoted) >= passages or len(wider) >= limit:
                break
            if n in quoted:
                continue
            own = [i for i, (m, _) in enumerate(candidates) if m == n and i >= top][: self.follow_sentences + 1]
            wider += own[: limit - len(wider)]
            quoted.add(n)
        return sorted(wider)

    def _completion(self, chosen: list[int], own: list[int], candidates: list[tuple[int, str]], kind: str,
                    question: str) -> list[int]:
        """The sentences after a chosen one (the seed first, then the others), up to the first holding a fact of
        ``kind``; else the sentence just before the seed when it holds one; else none."""
        for start in chosen:
            run: list[int] = []
            for i in [i for i in own if i > start][: self.follow_sentences + 1]:
                run.append(i)
                if answerability.has_evidence(kind, candidates[i][1], question):
                    return run
        before = [i for i in own if i < chosen[0]][-1:]
        if before and answerability.has_evidence(kind, candidates[before[0]][1], question):
            return before
        return []

    @staticmethod
    def _quote(runs: list[list[int]], candidates: list[tuple[int, str]], language: str) -> str:
        """The intro line, then one quoted line with its citation per run of sentences (of one passage)."""
        lines = [prompts.ANSWER_INTRO.get(language, prompts.ANSWER_INTRO["en"])]
        lines += [f"- “{' '.join(candidates[i][1] for i in run)}” [{candidates[run[0]][0]}]" for run in runs]
        return "\n".join(lines)

    @staticmethod
    def _runs(chosen: list[int], candidates: list[tuple[int, str]]) -> list[list[int]]:
        """``chosen`` (sorted) grouped into runs of consecutive sentences of one passage."""
        runs: list[list[int]] = []
        for i in chosen:
            if runs and runs[-1][-1] == i - 1 and candidates[i - 1][0] == candidates[i][0]:
                runs[-1].append(i)
            else:
                runs.append([i])
        return runs

    def _overview(self, candidates: list[tuple[int, str]], paragraphs: list[int], vectors: np.ndarray,
                  language: str, languages: dict[int, str | None], limit: int) -> AIMessage:
        """For a whole-talk question ("what did the talk of <date> cover?"): the passages are that date's documents
        (retrieved by the date filter), so relevance is given. When the date's documents are in several languages
        (a talk and its translation) only those in the user's language are quoted. Each document is cut into its
        themes (:func:`theme_segments`) and the sentence closest to each theme's centre is quoted, in talk order."""
        by_passage: dict[int, list[int]] = {}
        for i, (n, _) in enumerate(candidates):
            by_passage.setdefault(n, []).append(i)
        if len({languages.get(n) for n in by_passage}) > 1 and any(languages.get(n) == language for n in by_passage):
            by_passage = {n: rows for n, rows in by_passage.items() if languages.get(n) == language}
        per_passage = max(min(MIN_THEMES, limit), limit // len(by_passage))  # an asked limit of 1 is kept
        chosen: list[int] = []
        for rows in by_passage.values():
            for segment in theme_segments(rows, [paragraphs[i] for i in rows], vectors, per_passage):
                centre = vectors[segment].mean(axis=0)
                chosen.append(max(segment, key=lambda i: float(vectors[i] @ centre)))
        if limit < MIN_THEMES:
            chosen = chosen[:limit]
        return AIMessage(content=self._quote([[i] for i in chosen], candidates, language))  # one sentence a line

    def _conversational(self, messages: list[BaseMessage], **_: Any) -> AIMessage:
        data = inputs.read(messages, inputs.ConversationalInput)
        current = self._last_human(messages)
        summary = data.summary if data else ""
        language = (data.language if data else None) or rules.detect_language(current) or "en"
        templates = prompts.CONVERSATION_TEMPLATES[language]
        kind = rules.conversational_kind(current) or "other"
        dialogue = [m for m in messages if not isinstance(m, SystemMessage)]
        if dialogue and isinstance(dialogue[-1], HumanMessage):
            dialogue = dialogue[:-1]  # the current message is not a "previous" one
        summarised = [line.split("User asked:", 1)[1].strip() for line in summary.splitlines()
                      if "User asked:" in line]
        previous = summarised + [_text(m).strip() for m in dialogue if isinstance(m, HumanMessage)]
        if kind == "history":
            if not previous:
                return AIMessage(content=templates["history_none"])
            return AIMessage(content="\n".join([templates["history"], *(f"{i}. {q}" for i, q in
                                                                          enumerate(previous, start=1))]))
        if kind == "summary":
            if not previous and not summary.strip():
                return AIMessage(content=templates["summary_none"])
            lines = [templates["summary"]]
            lines += [line.strip() for line in summary.splitlines() if line.strip()]
            for m in dialogue:
                role = "User asked" if isinstance(m, HumanMessage) else "Answer"
                lines.append(f"- {role}: {first_sentence(_text(m))}")
            return AIMessage(content="\n".join(lines))
        return AIMessage(content=templates.get(kind, templates["other"]))

    def _summary(self, messages: list[BaseMessage], **_: Any) -> AIMessage:
        data = inputs.read(messages, inputs.SummaryInput)
        return AIMessage(content=extractive_summary(data.turns if data else []))
