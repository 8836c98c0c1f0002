"""The whole agent with Gemini models over HTTP (loopback stand-in) on a real index of small documents.

router -> agent (functionCall retrieve_context) -> the real tool on the real hybrid index -> answer (cites [n]).
The stand-in recognises the role of each request by its system instruction (rag_bot/agent/prompts.py).
Retrieval uses the local embedder (embedding_provider stays "local"); only the chat models are Gemini.
"""

from __future__ import annotations

import re
import threading

import pytest
from langgraph.checkpoint.memory import InMemorySaver

from rag_bot.agent.service import AgentService
from tests.agent_support import role_of_system, tag_text
from tests.filemakers import write_texts
from tests.stand_ins.gemini_api import Fault, GeminiRequest, GeminiStandIn, function_call_response, text_response

API_KEY = "test-key"
MODELS = {"router_model": "m-router", "agent_model": "m-agent", "answer_model": "m-answer",
          "summary_model": "m-summary"}

DOCS = {
    "river-festival-2021-03-04.txt": (
        "The River Festival\n==================\nTalks at Riverside\nDate: 2021-03-04\n\n"
        "On the evening of the river festival the children floated five hundred paper lanterns on the water. "
        "The lanterns were made in the village school during the whole month of February.\n\n"
        "The elders said that the festival reminds us that the river feeds every field of the valley."
    ),
    "library-budget-2022-05-10.txt": (
        "The Library Budget\n==================\nTalks at Riverside\nDate: 2022-05-10\n\n"
        "The council agreed to double the budget of the public library. New shelves for children's books "
        "will be built before the rains, and the reading room will stay open until nine in the evening."
    ),
    "monsoon-2020-07-15.txt": (
        "Waiting for the Monsoon\n=======================\nTalks at Riverside\nDate: 2020-07-15\n\n"
        "The monsoon came late this year. The farmers waited for weeks, watching the sky, and the wells of "
        "the old town ran dry before the first heavy rain finally arrived in the middle of July."
    ),
}

_PASSAGE = re.compile(r'<passage n="(\d+)"[^>]*>(.*?)</passage>', re.S)


def role_of(request: GeminiRequest) -> str:
    return role_of_system(request.system_text)


class Script:
    """Plays router -> agent -> answer; the first answer request gets a 429 (retried by the SDK)."""

    def __init__(self, route: str = "rag", fail_answer_once: bool = True) -> None:
        self.route = route
        self.fail_answer_once = fail_answer_once
        self.roles: list[str] = []
        self.cited: int | None = None
        self._lock = threading.Lock()

    def __call__(self, request: GeminiRequest):
        role = role_of(request)
        with self._lock:
            self.roles.append(role)
            fail = role == "answer" and self.fail_answer_once
            if fail:
                self.fail_answer_once = False
        if fail:
            return Fault(429)
        if role == "router":
            return text_response(self.route)
        if role == "agent":
            assert [d["name"] for d in request.function_declarations] == ["retrieve_context"]
            return function_call_response("retrieve_context",
                                          {"query": "river festival lanterns", "date_filter": "2021-03-04"})
        if role == "answer":
            passages = {int(n): text for n, text in _PASSAGE.findall(request.last_user_text)}
            self.cited = next(n for n, text in passages.items() if "paper lanterns" in text)
            return text_response(f"The children floated five hundred paper lanterns on the river [{self.cited}]. "
                                 "They were made at the village school [7].", prompt_tokens=300, output_tokens=20)
        if role == "conversational":
            return text_response("Hello! Ask me about the talks.")
        if role == "condense":  # a follow-up: the stand-alone question is the user's own words here
            return text_response(tag_text("message", request.last_user_text) or "")
        if role == "summary":
            return text_response("- the user greeted; asked about the river festival [1].")
        return None  # -> the stand-in answers 400: an unexpected model call fails the test loudly


@pytest.fixture
def indexed(tmp_path, make_settings):
    from ingest.pipeline import ingest_paths

    folder = write_texts(tmp_path / "docs", DOCS)
    with GeminiStandIn(api_key=API_KEY) as gemini:
        settings = make_settings(llm_provider="gemini", google_api_key=API_KEY, gemini_base_url=gemini.base_url,
                                 llm_timeout_s=20.0, llm_max_retries=2, checkpointer="memory", **MODELS)
        summary = ingest_paths([folder], settings, progress=False)
        assert not summary.failed
        yield settings, gemini


async def test_gemini_agent_answers_with_valid_citations_from_the_real_index(indexed):
    settings, gemini = indexed
    script = Script()
    gemini.responder = script
    service = AgentService(settings, checkpointer=InMemorySaver())

    reply = await service.aask("What did the children do at the river festival on 4 March 2021?", "thread-1")

    # the answer, with the bogus [7] removed and the real citation kept
    assert reply.termination == "answered", reply
    assert reply.route == "rag"
    n = script.cited
    assert n is not None and "[1]" in reply.answer  # the first (only) passage cited is shown as [1]
    assert "[7]" not in reply.answer
    assert "paper lanterns" in reply.answer
    assert [(c["n"], c["passage"]) for c in reply.citations] == [(1, n)]
    [citation] = reply.citations
    assert citation["date"] == "2021-03-04"
    assert "river-festival" in str(citation["source"])
    assert reply.documents and all(d["date"] == "2021-03-04" for d in reply.documents)  # the date filter applied
    assert reply.model_calls == 3  # router, agent, answer (the 429 retry is inside one model call)
    assert reply.input_tokens >= 300 and reply.output_tokens >= 20

    # the HTTP conversation: router, agent, answer (429), answer again -- each role on its own model
    requests = gemini.generate_requests
    assert [role_of(r) for r in requests] == ["router", "agent", "answer", "answer"]
    assert [r.model for r in requests] == ["m-router", "m-agent", "m-answer", "m-answer"]
    assert all(r.key_in_header and not r.key_in_url for r in requests)
    # the tool really ran on the index: the answer request carries the passage text of the river document
    answer_request = requests[-1]
    assert "five hundred paper lanterns" in answer_request.last_user_text
    assert "<passages>" in answer_request.last_user_text
    assert "monsoon" not in answer_request.last_user_text.lower()  # other dates filtered out
    assert requests[2].body == answer_request.body  # the retry re-sent the same request

    # the thread keeps the tool call and its result
    history = service.history("thread-1")["messages"]
    tool_messages = [m for m in history if m.type == "tool"]
    assert tool_messages and tool_messages[0].name == "retrieve_context"
    assert any("paper lanterns" in p.get("text", "") for p in tool_messages[0].artifact["passages"])


def test_gemini_agent_sync_conversational_turn_then_question(indexed):
    settings, gemini = indexed
    script = Script(route="conversational", fail_answer_once=False)
    gemini.responder = script
    service = AgentService(settings, checkpointer=InMemorySaver())

    hello = service.ask("Hello there!", "thread-2")
    assert hello.route == "conversational"
    assert hello.answer == "Hello! Ask me about the talks."
    assert hello.citations == []

    script.route = "rag"
    reply = service.ask("What did the children float on the river on 2021-03-04?", "thread-2")
    assert reply.termination == "answered"
    assert [c["date"] for c in reply.citations] == ["2021-03-04"]
    assert "[7]" not in reply.answer
    roles = [role_of(r) for r in gemini.generate_requests]
    assert roles[:2] == ["router", "conversational"]
    assert "router" in roles[2:] and "agent" in roles[2:] and roles[-1] in {"answer", "summary"}
    assert "unknown" not in roles


class StreamingScript(Script):
    """As :class:`Script`, but the answer arrives as server-sent chunks, the bogus marker split across two."""

    def __call__(self, request: GeminiRequest):
        body = super().__call__(request)
        if role_of(request) != "answer" or not isinstance(body, dict):
            return body
        assert request.action == "streamGenerateContent"  # streaming mode streams the answer model's request
        text = body["candidates"][0]["content"]["parts"][0]["text"] + (
            f" The lanterns were made in the village school during February [{self.cited}].")
        cut = [0, 12, text.index("[") + 1, text.index("]") + 3, text.index("[7") + 1, text.rindex("[") + 1, len(text)]
        return [text_response(text[a:b]) for a, b in zip(cut, cut[1:], strict=False)]


def test_gemini_answer_streams_over_sse_without_the_bogus_citation(indexed):
    settings, gemini = indexed
    script = StreamingScript(fail_answer_once=False)
    gemini.responder = script
    service = AgentService(settings, checkpointer=InMemorySaver())
    pieces: list[str] = []

    reply = service.stream("What did the children do at the river festival on 4 March 2021?", "s-1", pieces.append)

    assert reply.termination == "answered" and [c["passage"] for c in reply.citations] == [script.cited]
    assert len(pieces) >= 2 and "".join(pieces) == reply.answer  # sentence by sentence, nothing taken back
    assert pieces[0].endswith("[1].")  # nothing was shown before the first valid citation
    assert "[7" not in "".join(pieces)
    # the sentence whose only marker was bogus belongs to the next cited one, which supports it: shown with it
    assert pieces[-1].strip() == ("They were made at the village school. The lanterns were made in the village "
                                  "school during February [1].")
    assert [r.action for r in gemini.generate_requests] == ["streamGenerateContent"] * 3
