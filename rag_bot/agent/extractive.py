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
* ``answer``: :class:`~rag_bot.agent.inputs.AnswerInput` -> the sentences of the passages closest to the
  question (cosine of the embedder; sentences of >= 4 words, within ``RELATIVE_MARGIN`` of the best), each with
  the ``follow_sentences`` after it, the input's ``sentences`` in all, quoted verbatim with ``[n]``; or
  ``NOT_FOUND`` when the best sentence scores below ``min_relevance``.
* ``conversational``: [system carrying :class:`~rag_bot.agent.inputs.ConversationalInput`, *history] ->
  templates: greeting, thanks, the list of the user's previous questions, a summary of the chat.
* ``summary``: :class:`~rag_bot.agent.inputs.SummaryInput` -> new summary lines (first sentence of each turn) to
  append to the running summary.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Sequence
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

from rag_bot.agent import inputs, prompts, rules
from rag_bot.agent.history import text_of as _text
from rag_bot.config import Settings
from rag_bot.languages import CLOSERS, sentence_ends
from rag_bot.models.embeddings import Embedder, PassageCache
from rag_bot.models.roles import Role

MIN_SENTENCE_WORDS = 4  # shorter "sentences" are headings or fragments (and embed unreliably)
HEADING_CHARS = 200  # the part of a passage that names the document (title, by-line, date)
RELATIVE_MARGIN = 0.04  # quote only sentences nearly as close to the question as the best one

_TERMINAL = re.compile(rf"[{re.escape(sentence_ends())}][{CLOSERS}]*$")
_MARKUP = re.compile(r"={3,}|-{3,}|#{1,6}\s|\*{2,}")


def is_quotable(sentence: str) -> bool:
    """A real sentence: >= MIN_SENTENCE_WORDS words, ends like a sentence, no heading markup (titles, dates)."""
    return (len(sentence.split()) >= MIN_SENTENCE_WORDS and bool(_TERMINAL.search(sentence))
            and not _MARKUP.search(sentence))




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
    follow_sentences: int = 2
    settings: Settings | None = None

    @property
    def _llm_type(self) -> str:
        return f"extractive-{self.role}"

    @property
    def _identifying_params(self) -> dict[str, Any]:
        return {"role": self.role, "min_relevance": self.min_relevance, "follow_sentences": self.follow_sentences}

    def bind_tools(self, tools: Sequence[dict[str, Any] | type | Callable[..., Any] | BaseTool], *,
                   tool_choice: str | None = None, **kwargs: Any) -> Runnable[LanguageModelInput, AIMessage]:
        return self.bind(tools=[convert_to_openai_tool(t) for t in tools], **kwargs)

    # --- plumbing -----------------------------------------------------------------------------------------
    def _get_embedder(self) -> Embedder:
        if self.embedder is None:
            from rag_bot.config import get_settings
            from rag_bot.models.embeddings import get_embedder

            self.embedder = get_embedder(self.settings or get_settings())
        return self.embedder

    def _sentence_cache(self) -> PassageCache:
        embedder = self._get_embedder()
        if self._sentence_vectors is None or self._sentence_vectors.embedder is not embedder:
            self._sentence_vectors = PassageCache(embedder)
        return self._sentence_vectors

    def _generate(self, messages: list[BaseMessage], stop: list[str] | None = None,
                  run_manager: CallbackManagerForLLMRun | None = None, **kwargs: Any) -> ChatResult:
        handler = getattr(self, f"_{self.role}")
        message: AIMessage = handler(messages, **kwargs)
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
        ranking_query = rules.ranking_text(rules.strip_context(standalone) if standalone else question)
        candidates: list[tuple[int, str]] = []
        for p in passages:
            for sentence in rules.split_sentences(p.text):
                if is_quotable(sentence) and (p.n, sentence) not in candidates:
                    candidates.append((p.n, sentence))
        if not candidates:
            return AIMessage(content=prompts.NOT_FOUND)
        embedder = self._get_embedder()
        sentence_vecs = self._sentence_cache().embed_passages([s for _, s in candidates])
        headings = [f"{p.title}\n{p.text[:HEADING_CHARS]}" for p in passages if p.date]
        if rules.is_date_only(question, headings):
            languages = {p.n: rules.detect_language(p.text[:HEADING_CHARS]) for p in passages}
            return self._overview(candidates, sentence_vecs, language, languages, sentences)
        query_vec = np.asarray(embedder.embed_query(ranking_query), dtype=np.float32)
        scores = sentence_vecs @ query_vec
        order = np.argsort(-scores)
        best = float(scores[order[0]])
        if best < self.min_relevance:
            return AIMessage(content=prompts.NOT_FOUND)
        floor = max(self.min_relevance, best - RELATIVE_MARGIN)
        chosen = self._with_followers([int(i) for i in order if float(scores[i]) >= floor], candidates, sentences)
        return AIMessage(content=self._quote(self._runs(chosen, candidates), candidates, language))

    def _with_followers(self, ranked: list[int], candidates: list[tuple[int, str]], limit: int) -> list[int]:
        """Up to ``limit`` sentences: the best ones in rank order, each followed by the next
        ``follow_sentences`` of its passage (the sentence that names a topic is often followed by the one that
        answers: "a carpenter named Yusuf made a chair." -> "It took him thirty days."). Followers are not
        filtered by their own score: on the labelled questions any floor lost answers (facts found 58.3 % unfiltered,
        52.9 % with a floor 0.04 below ``min_relevance``), because the answering sentence rarely resembles the
        question."""
        chosen: list[int] = []
        for i in ranked:
            for j in range(i, i + 1 + self.follow_sentences):
                if len(chosen) >= limit:
                    return sorted(chosen)
                if j < len(candidates) and candidates[j][0] == candidates[i][0] and j not in chosen:
                    chosen.append(j)
        return sorted(chosen)  # document order reads better than score order

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

    def _overview(self, candidates: list[tuple[int, str]], vectors: np.ndarray, language: str,
                  languages: dict[int, str | None], limit: int) -> AIMessage:
        """For "what was said on <date>?": the passages are that date's documents (retrieved by the date filter),
        so relevance is given; quote each document's most central sentences (closest to its own centroid),
        documents in the user's language first (an English and a Hindi version of one talk: English first for
        an English question)."""
        by_passage: dict[int, list[int]] = {}
        for i, (n, _) in enumerate(candidates):
            by_passage.setdefault(n, []).append(i)
        per_passage = max(1, limit // len(by_passage))
        chosen: list[int] = []
        order = sorted(by_passage, key=lambda n: languages.get(n) != language)  # stable: retrieval order kept
        for rows in (by_passage[n] for n in order):
            centroid = vectors[rows].mean(axis=0)
            ranked = sorted(rows, key=lambda i: -float(vectors[i] @ centroid))
            chosen += sorted(ranked[:per_passage])
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
