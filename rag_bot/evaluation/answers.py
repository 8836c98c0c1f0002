"""Answer-quality evaluation through the real agent graph.

Every labelled question (``notebooks/eval/questions.jsonl``: id, question, language, kind, relevant, facts,
history) is asked through :class:`~rag_bot.agent.service.AgentService` -- a follow-up after its history turns, in
the same thread -- and the reply is scored:

* **refusal** -- the "documents do not say" answer (``termination == "no_documents"`` or the refusal text of
  :mod:`rag_bot.agent.prompts`, en and hi): the *refusal rate* on unanswerable questions (higher is better) and
  the *false-refusal rate* on answerable ones (lower is better);
* **citation validity** -- share of cited (source, date) pairs that were among the retrieved documents (target 1.0);
* **facts** -- share of the question's reference facts found in the answer (whitespace-collapsed, case-insensitive);
* **groundedness** -- share of answer sentences supported by a retrieved passage, decided by a judge of
  :mod:`rag_bot.evaluation.judges` (embedding similarity offline, a chat model with Gemini configured);
* **cost** -- latency of the question's own turn (s; p50/p95), model calls and tokens;
* **per kind** (:func:`kind_metrics`, the acceptance figures of a labelled set with ``split`` and ``kind`` fields):
  date summaries answered and covering >= 2 of the talk's ``themes`` (each theme a list of reference phrases, any
  one found = covered), unanswerable questions refused, false refusals, facts right (every reference fact found),
  cross-language answers right, a missing date refused with that date named, and wrong-document citations (cited
  (source, date) not among the question's relevant documents).

Aggregates are given overall and per language and per kind (:meth:`AnswerEvaluation.results_table`).
Used by ``rag-bot eval answers`` and ``notebooks/evaluation.ipynb``.
"""

from __future__ import annotations

import json
import math
import time
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any, Literal

import numpy as np

from rag_bot.agent.prompts import is_refusal_text
from rag_bot.config import Settings
from rag_bot.dates import find_dates, normalise_digits
from rag_bot.evaluation.judges import (
    DEFAULT_THRESHOLD,
    EmbeddingJudge,
    Judge,
    LLMJudge,
    groundedness,
    make_judge,
    normalise,
)

DEFAULT_QUESTIONS = Path("notebooks/eval/questions.jsonl")
REFUSAL_TERMINATIONS = frozenset({"no_documents"})


# --- input ------------------------------------------------------------------------------------------------
def load_questions(path: Path = DEFAULT_QUESTIONS) -> list[dict[str, Any]]:
    """The labelled questions, one JSON object per line."""
    rows = []
    with open(path, encoding="utf-8") as fh:
        for line_no, line in enumerate(fh, 1):
            if not line.strip():
                continue
            try:
                rows.append(json.loads(line))
            except json.JSONDecodeError as exc:
                raise ValueError(f"{path}:{line_no}: invalid JSON ({exc.msg})") from None
    return rows


def sample_questions(rows: Sequence[dict[str, Any]], per_kind: int) -> list[dict[str, Any]]:
    """The first ``per_kind`` questions of every kind, in file order (a quick run that still covers all kinds)."""
    taken: dict[str, int] = {}
    out = []
    for row in rows:
        kind = str(row.get("kind"))
        if taken.get(kind, 0) < per_kind:
            taken[kind] = taken.get(kind, 0) + 1
            out.append(row)
    return out


def _get(obj: Any, name: str, default: Any = None) -> Any:
    """Attribute of a :class:`Reply` or key of its dict form."""
    if isinstance(obj, dict):
        return obj.get(name, default)
    return getattr(obj, name, default)


# --- metric functions ---------------------------------------------------------------------------------------
def is_refusal(reply: Any) -> bool:
    """True when the reply is the "documents do not say" answer (by termination or by its text, any language)."""
    if _get(reply, "termination") in REFUSAL_TERMINATIONS:
        return True
    return is_refusal_text(_get(reply, "answer", "") or "")


def _key(item: dict) -> tuple[str | None, str | None]:
    return item.get("source"), item.get("date") or None


def citation_counts(citations: Sequence[dict], documents: Sequence[dict]) -> tuple[int, int]:
    """(valid, total): citations whose (source, date) is one of the retrieved documents'."""
    retrieved = {_key(d) for d in documents}
    valid = sum(1 for c in citations if _key(c) in retrieved)
    return valid, len(citations)


def citation_validity(citations: Sequence[dict], documents: Sequence[dict]) -> float:
    """Share of valid citations (1.0 when nothing is cited: no citation is invalid)."""
    valid, total = citation_counts(citations, documents)
    return valid / total if total else 1.0


def _folded(text: str) -> str:
    """Whitespace-collapsed, case-folded, Devanagari digits as ASCII ("१९९९" matches "1999")."""
    return normalise(normalise_digits(text))


def facts_found(answer: str, facts: Iterable[str | Sequence[str]]) -> list[bool]:
    """For each reference fact (a phrase, or a list of alternative phrases): is it in the answer
    (whitespace-collapsed, case-insensitive, either digit script)?"""
    text = _folded(answer)
    return [any(_folded(alt) in text for alt in ([fact] if isinstance(fact, str) else fact)) for fact in facts]


def facts_rate(answer: str, facts: Sequence[str]) -> float | None:
    """Share of the facts found in the answer (None when the question has no facts)."""
    found = facts_found(answer, facts)
    return sum(found) / len(found) if found else None


# --- one question -------------------------------------------------------------------------------------------
@dataclass
class QuestionResult:
    """One question's reply and its scores."""

    id: str
    question: str
    language: str
    kind: str
    answerable: bool
    answer: str
    citations: list[dict[str, Any]]
    documents: list[dict[str, Any]]  # retrieved: source, date, title (text left out of the JSON)
    refused: bool
    termination: str | None
    route: str
    facts: list[str]
    facts_found: list[bool]
    citations_valid: int
    citations_total: int
    cited_relevant: bool
    sentences: int
    grounded_sentences: int
    latency_s: float
    model_calls: int
    input_tokens: int
    output_tokens: int
    history_turns: int = 0
    split: str = ""
    themes_covered: int | None = None  # date summaries: themes of the talk found in the answer
    themes_total: int | None = None
    wrong_citations: int = 0  # citations whose (source, date) is not one of the relevant documents
    missing_date: str | None = None  # the date a "missing date" question names (no talk has it)
    names_missing_date: bool | None = None  # the reply names that date

    @property
    def facts_rate(self) -> float | None:
        return sum(self.facts_found) / len(self.facts_found) if self.facts_found else None

    @property
    def groundedness(self) -> float | None:
        return self.grounded_sentences / self.sentences if self.sentences else None

    def to_json(self) -> dict[str, Any]:
        data = asdict(self)
        data["facts_rate"] = self.facts_rate
        data["groundedness"] = self.groundedness
        return data


def score_reply(row: dict[str, Any], reply: Any, judge: Any, latency_s: float = 0.0,
                history_turns: int = 0) -> QuestionResult:
    """Score one reply (a :class:`Reply` or its dict) of the labelled question ``row``."""
    answer = _get(reply, "answer", "") or ""
    citations = list(_get(reply, "citations") or [])
    documents = list(_get(reply, "documents") or [])
    refused = is_refusal(reply)
    valid, total = citation_counts(citations, documents)
    relevant = {(r.get("source"), r.get("date") or None) for r in row.get("relevant") or []}
    facts = list(row.get("facts") or [])
    grounded, n_sentences = (0, 0) if refused else groundedness(answer, documents, judge)
    themes = row.get("themes")
    covered = sum(any(facts_found(answer, [theme])) for theme in themes) if themes and not refused else 0
    missing = row.get("missing_date")
    return QuestionResult(
        id=str(row.get("id")), question=row.get("question", ""), language=row.get("language", "en"),
        kind=row.get("kind", ""), answerable=bool(relevant), answer=answer, citations=citations,
        documents=[{k: d.get(k) for k in ("source", "date", "title")} for d in documents], refused=refused,
        termination=_get(reply, "termination"), route=_get(reply, "route", "rag"), facts=facts,
        facts_found=facts_found(answer, facts), citations_valid=valid, citations_total=total,
        cited_relevant=any(_key(c) in relevant for c in citations), sentences=n_sentences,
        grounded_sentences=grounded, latency_s=latency_s, model_calls=int(_get(reply, "model_calls", 0) or 0),
        input_tokens=int(_get(reply, "input_tokens", 0) or 0), output_tokens=int(_get(reply, "output_tokens", 0) or 0),
        history_turns=history_turns, split=str(row.get("split") or ""),
        themes_covered=covered if themes else None, themes_total=len(themes) if themes else None,
        wrong_citations=sum(1 for c in citations if _key(c) not in relevant) if relevant else 0,
        missing_date=missing, names_missing_date=(missing in [iso for _, iso in find_dates(
            answer.replace(row.get("question", ""), ""))] if missing else None),  # not the echoed question
    )


def ask_question(service: Any, row: dict[str, Any]) -> tuple[Any, float, int]:
    """(reply, latency of the question's own turn in s, history turns asked) -- history first, same thread."""
    thread = f"eval-{row.get('id')}-{uuid.uuid4().hex[:8]}"
    turns = [t["content"] for t in row.get("history") or [] if t.get("role") == "user"]
    for turn in turns:
        service.ask(turn, thread)
    start = time.perf_counter()
    reply = service.ask(row["question"], thread)
    return reply, time.perf_counter() - start, len(turns)


# --- aggregates ---------------------------------------------------------------------------------------------
def _mean(values: Iterable[float | None]) -> float | None:
    vals = [v for v in values if v is not None]
    return sum(vals) / len(vals) if vals else None


def _share(flags: Sequence[bool]) -> float | None:
    return sum(flags) / len(flags) if flags else None


def aggregate(results: Sequence[QuestionResult]) -> dict[str, Any]:
    """The metrics of a group of results (None where the group has nothing to measure)."""
    answerable = [r for r in results if r.answerable]
    unanswerable = [r for r in results if not r.answerable]
    answered = [r for r in results if not r.refused]
    valid = sum(r.citations_valid for r in results)
    total = sum(r.citations_total for r in results)
    latencies = [r.latency_s for r in results]
    return {
        "questions": len(results),
        "answerable": len(answerable),
        "unanswerable": len(unanswerable),
        "refusal_rate": _share([r.refused for r in unanswerable]),
        "false_refusal_rate": _share([r.refused for r in answerable]),
        "citation_validity": valid / total if total else None,
        "citations": total,
        "answers_with_citations": _share([r.citations_total > 0 for r in answered]),
        "cited_relevant_rate": _share([r.cited_relevant for r in answerable if not r.refused]),
        "facts_rate": _mean(r.facts_rate for r in answerable),
        "facts_rate_answered": _mean(r.facts_rate for r in answerable if not r.refused),
        "groundedness": _mean(r.groundedness for r in answered),
        "latency_p50_s": float(np.percentile(latencies, 50)) if latencies else None,
        "latency_p95_s": float(np.percentile(latencies, 95)) if latencies else None,
        "latency_mean_s": _mean(latencies),
        "model_calls_mean": _mean([float(r.model_calls) for r in results]),
        "input_tokens_mean": _mean([float(r.input_tokens) for r in results]),
        "output_tokens_mean": _mean([float(r.output_tokens) for r in results]),
    }


MIN_THEMES = 2  # a date summary must cover at least this many of the talk's themes


def kind_metrics(results: Sequence[QuestionResult]) -> dict[str, Any]:
    """The acceptance figures of a labelled set (None where the group holds no question of that kind).

    ``date_summary_answered``: date summaries not refused; ``date_summary_themes``: answered *and* covering
    >= ``MIN_THEMES`` themes; ``unanswerable_refused``; ``false_refusals`` (every answerable question);
    ``facts_right``: kind ``fact`` answered with every reference fact; ``cross_language_right`` likewise for kind
    ``cross_language``; ``missing_date_named``: refused and the missing date named; ``wrong_document_citations``:
    share of the citations of answered answerable questions that point at a document not among the relevant ones.
    """
    def of(kind: str) -> list[QuestionResult]:
        return [r for r in results if r.kind == kind]

    def right(r: QuestionResult) -> bool:
        return not r.refused and all(r.facts_found)

    dates = of("date_summary")
    answered = [r for r in results if r.answerable and not r.refused]
    cited = sum(r.citations_total for r in answered)
    return {
        "questions": len(results),
        "date_summary_answered": _share([not r.refused for r in dates]),
        "date_summary_themes": _share([not r.refused and (r.themes_covered or 0) >= MIN_THEMES for r in dates]),
        "unanswerable_refused": _share([r.refused for r in results if not r.answerable and r.missing_date is None]),
        "false_refusals": _share([r.refused for r in results if r.answerable]),
        "facts_right": _share([right(r) for r in of("fact")]),
        "cross_language_right": _share([right(r) for r in of("cross_language")]),
        "missing_date_named": _share([r.refused and bool(r.names_missing_date) for r in of("missing_date")]),
        "wrong_document_citations": sum(r.wrong_citations for r in answered) / cited if cited else None,
        "latency_mean_s": _mean([r.latency_s for r in results]),
    }


ACCEPTANCE: dict[str, tuple[str, float]] = {  # metric -> (">=" or "<=", target)
    "date_summary_answered": (">=", 0.95), "date_summary_themes": (">=", 0.95),
    "unanswerable_refused": (">=", 0.90), "false_refusals": ("<=", 0.05), "facts_right": (">=", 0.85),
    "cross_language_right": (">=", 0.80), "wrong_document_citations": ("<=", 0.05),
}


def kind_table(groups: dict[str, dict[str, Any]]) -> str:
    """A markdown table: one row per acceptance metric (with its target), one column per group."""
    names = list(groups)
    lines = ["| metric | target | " + " | ".join(names) + " |", "|---|---|" + "---:|" * len(names)]
    for key in (*ACCEPTANCE, "missing_date_named", "latency_mean_s"):
        op, target = ACCEPTANCE.get(key, ("", None))
        goal = f"{op} {100 * target:.0f} %" if target is not None else ""
        fmt = ".2f" if key.endswith("_s") else "%"
        lines.append(f"| {key} | {goal} | " + " | ".join(_fmt(groups[n].get(key), fmt) for n in names) + " |")
    return "\n".join(lines)


TABLE_COLUMNS: tuple[tuple[str, str, str], ...] = (
    # (metric key, header, format)
    ("questions", "n", "d"),
    ("refusal_rate", "refusal (unanswerable) ↑", "%"),
    ("false_refusal_rate", "false refusal ↓", "%"),
    ("citation_validity", "citation validity", "%"),
    ("facts_rate", "facts", "%"),
    ("groundedness", "grounded", "%"),
    ("latency_p50_s", "p50 s", ".2f"),
    ("latency_p95_s", "p95 s", ".2f"),
    ("model_calls_mean", "calls", ".2f"),
)


def _fmt(value: Any, fmt: str) -> str:
    if value is None or (isinstance(value, float) and math.isnan(value)):
        return "–"
    if fmt == "%":
        return f"{100 * value:.1f} %"
    if fmt == "d":
        return str(int(value))
    return format(value, fmt)


@dataclass
class AnswerEvaluation:
    """Per-question results plus the settings they were produced with."""

    results: list[QuestionResult]
    provider: str = "extractive"
    judge: str = "embedding"
    threshold: float = DEFAULT_THRESHOLD
    seconds: float = 0.0
    info: dict[str, Any] = field(default_factory=dict)

    @property
    def summary(self) -> dict[str, Any]:
        return aggregate(self.results)

    def by(self, attribute: str) -> dict[str, dict[str, Any]]:
        """Aggregates per value of ``attribute`` ("language" or "kind"), in first-seen order."""
        groups: dict[str, list[QuestionResult]] = {}
        for r in self.results:
            groups.setdefault(str(getattr(r, attribute)), []).append(r)
        return {name: aggregate(rows) for name, rows in groups.items()}

    def to_json(self, questions: bool = True) -> dict[str, Any]:
        data: dict[str, Any] = {
            "provider": self.provider, "judge": self.judge, "threshold": self.threshold,
            "seconds": round(self.seconds, 3), "summary": self.summary,
            "by_language": self.by("language"), "by_kind": self.by("kind"),
            "acceptance": self.by_kind_metrics(), **self.info,
        }
        if questions:
            data["questions"] = [r.to_json() for r in self.results]
        return data

    def by_kind_metrics(self) -> dict[str, dict[str, Any]]:
        """:func:`kind_metrics` overall, per split and per language and split ("dev", "test/hi", ...)."""
        groups: dict[str, list[QuestionResult]] = {"all": list(self.results)}
        for r in self.results:
            if r.split:
                groups.setdefault(r.split, []).append(r)
                groups.setdefault(f"{r.split}/{r.language}", []).append(r)
        return {name: kind_metrics(rows) for name, rows in groups.items()}

    def table_rows(self) -> list[tuple[str, dict[str, Any]]]:
        rows = [("all", self.summary)]
        rows += [(f"language={k}", v) for k, v in self.by("language").items()]
        rows += [(f"kind={k}", v) for k, v in self.by("kind").items()]
        return rows

    def results_table(self, fmt: Literal["markdown", "text"] = "markdown") -> str:
        """Overall / per-language / per-kind metrics as a markdown (or aligned plain-text) table."""
        header = ["group"] + [h for _, h, _ in TABLE_COLUMNS]
        body = [[name] + [_fmt(m.get(key), f) for key, _, f in TABLE_COLUMNS] for name, m in self.table_rows()]
        if fmt == "markdown":
            lines = ["| " + " | ".join(header) + " |", "|" + "|".join(["---"] + ["---:"] * (len(header) - 1)) + "|"]
            lines += ["| " + " | ".join(row) + " |" for row in body]
            return "\n".join(lines)
        widths = [max(len(row[i]) for row in [header, *body]) for i in range(len(header))]
        return "\n".join("  ".join(cell.ljust(w) if i == 0 else cell.rjust(w) for i, (cell, w) in
                                   enumerate(zip(row, widths, strict=True))) for row in [header, *body])


# --- the run ------------------------------------------------------------------------------------------------
def evaluate_answers(settings: Settings | None, questions: Path | Sequence[dict[str, Any]] = DEFAULT_QUESTIONS, *,
                     limit: int | None = None, judge: Judge | EmbeddingJudge | LLMJudge = "auto",
                     threshold: float = DEFAULT_THRESHOLD, service: Any = None, progress: bool = False,
                     on_result: Callable[[QuestionResult], None] | None = None) -> AnswerEvaluation:
    """Ask every question (``limit``: the first N) through the agent and score the replies.

    ``settings`` must point at an index holding the corpus of the questions (see ``ingest.pipeline``);
    conversations are kept in memory. ``service`` overrides the agent (tests).
    """
    rows = load_questions(Path(questions)) if isinstance(questions, str | Path) else list(questions)
    if limit is not None:
        rows = rows[:limit]
    if service is None:
        from langgraph.checkpoint.memory import InMemorySaver

        from rag_bot.agent.service import AgentService

        service = AgentService(settings, checkpointer=InMemorySaver())
    scorer = judge if not isinstance(judge, str) else make_judge(settings, judge, threshold)
    from tqdm import tqdm

    started = time.perf_counter()
    results = []
    for row in tqdm(rows, desc="answers", unit="q", disable=not progress):
        reply, latency, turns = ask_question(service, row)
        result = score_reply(row, reply, scorer, latency, turns)
        results.append(result)
        if on_result:
            on_result(result)
    provider = "gemini" if settings is not None and settings.use_gemini else "extractive"
    return AnswerEvaluation(results=results, provider=provider,
                            judge=scorer.name, threshold=threshold, seconds=time.perf_counter() - started)
