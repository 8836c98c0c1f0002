"""Verify mode (RAG_BOT_SUPPORT_JUDGE=verify) end to end: the real graph, the real index and the real support
component, the Gemini models over HTTP (loopback stand-in).

The answer model writes a verbatim sentence, a borderline paraphrase and an invented number, each cited. The
embedding judge decides the first and the last; only the borderline one (its cosine put just below the threshold,
inside the undecided band) goes to the answer model as a verifier, whose yes/no decides it, within
``support_verify_calls`` calls per answer. A verifier that fails leaves the safe choice: the sentence is dropped and
one warning is logged.
"""

from __future__ import annotations

import html
import logging
import re
import threading

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from rag_bot.agent import prompts
from rag_bot.agent.service import AgentService
from rag_bot.agent.support_judges import UNSURE_BAND, EmbeddingJudge
from rag_bot.models.embeddings import get_embedder
from tests.agent_support import role_of_system, tag_text
from tests.filemakers import write_texts
from tests.stand_ins.gemini_api import Fault, GeminiRequest, GeminiStandIn, function_call_response, text_response

API_KEY = "test-key"
MODELS = {"router_model": "m-router", "agent_model": "m-agent", "answer_model": "m-answer",
          "summary_model": "m-summary"}
BODY = ("The council agreed to double the budget of the public library. New shelves for children's books will be "
        "built before the rains, and the reading room will stay open until nine in the evening.")
DOCS = {
    "library-budget-2022-05-10.txt": f"The Library Budget\n==================\nDate: 2022-05-10\n\n{BODY}",
    "monsoon-2020-07-15.txt": (
        "Waiting for the Monsoon\n=======================\nDate: 2020-07-15\n\n"
        "The monsoon came late this year. The farmers waited for weeks, watching the sky."),
}
VERBATIM = "The council agreed to double the budget of the public library"
BORDERLINE = "New shelves for children's books will be built before the rainy season"
INVENTED = "The council sold the old library building for 500 rupees"
_PASSAGE = re.compile(r'<passage n="(\d+)"[^>]*>(.*?)</passage>', re.S)


def is_judge(request: GeminiRequest) -> bool:
    return request.system_text == prompts.JUDGE_SYSTEM


class Script:
    """router -> agent (retrieve) -> answer; a judge request gets ``verdict`` (a text) or a :class:`Fault`."""

    def __init__(self, verdict: str | Fault, borderline_units: int = 1) -> None:
        self.verdict = verdict
        self.borderline_units = borderline_units
        self.judged: list[str] = []
        self.passage = ""  # the cited passage as the answer model saw it
        self._lock = threading.Lock()

    def __call__(self, request: GeminiRequest):
        if is_judge(request):
            with self._lock:
                self.judged.append(tag_text("statements", request.last_user_text) or request.last_user_text)
            return self.verdict if isinstance(self.verdict, Fault) else text_response(self.verdict)
        role = role_of_system(request.system_text)
        if role == "router":
            return text_response("rag")
        if role == "agent":
            return function_call_response("retrieve_context", {"query": "library budget shelves",
                                                               "date_filter": "2022-05-10"})
        if role == "answer":
            passages = {int(n): text for n, text in _PASSAGE.findall(request.last_user_text)}
            n = next(k for k, text in passages.items() if "New shelves" in text)
            self.passage = html.unescape(passages[n])
            units = [f"{VERBATIM} [{n}]."] + [f"{BORDERLINE} [{n}]."] * self.borderline_units + [f"{INVENTED} [{n}]."]
            return text_response(" ".join(units))
        if role == "summary":
            return text_response("- asked about the library budget [1].")
        return None  # the stand-in answers 400: an unexpected call fails the test loudly


@pytest.fixture
def verify_settings(tmp_path, make_settings):
    """Settings for verify mode whose threshold puts BORDERLINE just below it, inside the undecided band."""
    from ingest.pipeline import ingest_paths

    folder = write_texts(tmp_path / "docs", DOCS)

    def make(gemini: GeminiStandIn, calls: int):
        base = make_settings(llm_provider="gemini", google_api_key=API_KEY, gemini_base_url=gemini.base_url,
                             llm_timeout_s=20.0, llm_max_retries=0, checkpointer="memory", **MODELS)
        score = EmbeddingJudge(get_embedder(base)).scores([f"{BORDERLINE}."], [{"text": BODY}])[0]
        settings = base.model_copy(update={"support_judge": "verify", "support_verify_calls": calls,
                                           "support_threshold": min(1.0, score + UNSURE_BAND / 2)})
        assert not ingest_paths([folder], settings, progress=False).failed
        make.last = settings  # type: ignore[attr-defined]
        return settings

    return make


def ask(settings) -> object:
    return AgentService(settings, checkpointer=InMemorySaver()).ask(
        "What did the council decide about the library on 2022-05-10?", "verify-1")


@pytest.mark.parametrize("verdict, shown", [("1: yes", True), ("1: no", False)])
def test_the_borderline_sentence_alone_goes_to_the_model_whose_verdict_decides(verify_settings, verdict, shown):
    with GeminiStandIn(api_key=API_KEY) as gemini:
        script = Script(verdict)
        gemini.responder = script
        reply = ask(verify_settings(gemini, calls=1))

    assert reply.termination == "answered"
    assert VERBATIM in reply.answer  # certain: never sent to the verifier
    assert "500 rupees" not in reply.answer  # certain drop (a number the passage lacks): never sent either
    assert (BORDERLINE in reply.answer) is shown
    [statements] = script.judged
    assert BORDERLINE in statements and VERBATIM not in statements and INVENTED not in statements


@pytest.mark.parametrize("calls", [1, 2])
def test_at_most_the_configured_verifier_calls_per_answer(verify_settings, calls):
    with GeminiStandIn(api_key=API_KEY) as gemini:
        script = Script("1: yes", borderline_units=3)
        gemini.responder = script
        reply = ask(verify_settings(gemini, calls=calls))

    assert len(script.judged) == calls  # three undecided units, the budget spent on the first ones
    settings = verify_settings.last
    offline = EmbeddingJudge(get_embedder(settings), settings.support_threshold).verdicts(
        [f"{BORDERLINE}."], [{"text": script.passage}])[0]  # the sentence as the answer assembler judges it
    assert not offline.certain
    # the verifier said yes to the first ones; past the budget the embedding verdict stands
    assert reply.answer.count(BORDERLINE) == calls + (3 - calls) * offline.supported


def test_a_failing_verifier_drops_the_sentence_with_one_logged_line(verify_settings, caplog):
    with GeminiStandIn(api_key=API_KEY) as gemini:
        script = Script(Fault(503))
        gemini.responder = script
        with caplog.at_level(logging.WARNING, logger="rag_bot.agent.support_judges"):
            reply = ask(verify_settings(gemini, calls=1))

    assert len(script.judged) == 1
    assert reply.termination == "answered" and VERBATIM in reply.answer
    assert BORDERLINE not in reply.answer
    warnings = [r for r in caplog.records if r.name == "rag_bot.agent.support_judges"]
    assert len(warnings) == 1 and "dropped" in warnings[0].getMessage()
