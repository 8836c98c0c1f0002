"""Gemini chat models and embeddings over real HTTP against the loopback stand-in (tests/stand_ins/gemini_api.py).

The production code path is used end to end: ``make_gemini_chat`` -> ``ChatGoogleGenerativeAI`` -> google-genai
SDK -> httpx (sync) or aiohttp (async) -> the stand-in; nothing is mocked inside the process.
"""

from __future__ import annotations

import json
import logging
import math

import numpy as np
import pytest
from langchain_core.exceptions import ModelAPIError, ModelRateLimitError, ModelTimeoutError
from langchain_core.messages import AIMessage, HumanMessage, SystemMessage, ToolMessage

from rag_bot.agent import prompts
from rag_bot.agent.role_models import get_chat_models
from rag_bot.models.chat import (
    GeminiAuthError,
    GeminiConnectionError,
    GeminiQuotaError,
    GeminiServerError,
    GeminiTimeoutError,
    make_gemini_chat,
    model_name_for,
)
from rag_bot.models.embeddings import GoogleEmbedder, get_embedder
from rag_bot.retrieval.tool import make_retrieve_context
from tests.stand_ins.gemini_api import (
    EMBEDDING_DIM,
    Fault,
    GeminiStandIn,
    function_call_response,
    function_calls_response,
    text_response,
)

API_KEY = "test-key-5EcReT-do-not-log"
TOOL_PARAMETERS = {"query", "date_filter", "date_from", "date_to", "language", "whole_document"}


class NoPassages:
    """A retriever that finds nothing (the tool is only declared here, never run)."""

    def retrieve(self, query, filters, k=None, whole_document=False):
        return []


def _without_version(path: str) -> str:
    """The request path without its API version: google-genai 1.x-2.x asks /v1beta, 3.x asks /v1 (the SDK's choice)."""
    version, _, rest = path.lstrip("/").partition("/")
    assert version in {"v1", "v1beta"}, path
    return "/" + rest


@pytest.fixture
def gemini():
    with GeminiStandIn(api_key=API_KEY) as stand_in:
        yield stand_in


@pytest.fixture
def gemini_settings(make_settings, gemini):
    def factory(**overrides):
        base = {"llm_provider": "gemini", "google_api_key": API_KEY, "gemini_base_url": gemini.base_url,
                "llm_timeout_s": 10.0, "llm_max_retries": 2}
        base.update(overrides)
        return make_settings(**base)

    return factory


def retrieve_tool():
    return make_retrieve_context(NoPassages(), default_language="en")


# --- wiring -------------------------------------------------------------------------------------------------
@pytest.mark.parametrize(
    ("role", "field"),
    [("router", "router_model"), ("agent", "agent_model"), ("answer", "answer_model"),
     ("summary", "summary_model"), ("conversational", "answer_model"), ("condense", "router_model")],
)
def test_each_role_calls_its_configured_model_at_the_stand_in(gemini, gemini_settings, role, field):
    settings = gemini_settings(router_model="m-router", agent_model="m-agent", answer_model="m-answer",
                               summary_model="m-summary")
    assert model_name_for(settings, role) == getattr(settings, field)
    gemini.push_text("ok")
    reply = make_gemini_chat(settings, role).invoke("hello")
    assert reply.content == "ok"
    [request] = gemini.requests
    assert _without_version(request.path) == f"/models/{getattr(settings, field)}:generateContent"
    assert request.generation_config.get("temperature") == 0


def test_unknown_role_and_missing_key_are_clear_errors(make_settings):
    with pytest.raises(ValueError, match="Unknown model role"):
        make_gemini_chat(make_settings(llm_provider="gemini", google_api_key="k"), "poet")
    with pytest.raises(ValueError, match="GOOGLE_API_KEY"):
        make_gemini_chat(make_settings(llm_provider="gemini"), "answer")


def test_get_chat_models_builds_gemini_models_for_every_role(gemini, gemini_settings):
    models = get_chat_models(gemini_settings())
    assert models.mode == "llm"
    for model in (models.router, models.agent, models.answer, models.summary, models.conversational):
        assert type(model).__name__ == "GeminiChatModel"
    gemini.push_text("rag")
    assert models.router.invoke([SystemMessage(prompts.ROUTER_SYSTEM), HumanMessage("hi")]).content == "rag"
    assert gemini.requests[0].system_text == prompts.ROUTER_SYSTEM


def test_gemini_prefixed_spec_uses_gemini_and_other_providers_need_langchain(gemini, gemini_settings):
    gemini.push_text("ok")
    model = make_gemini_chat(gemini_settings(answer_model="google_genai:gemini-x"), "answer")
    assert model.invoke("hi").content == "ok"
    assert gemini.requests[0].model == "gemini-x"
    try:
        import langchain.chat_models  # noqa: F401
    except ImportError:
        with pytest.raises(ValueError, match="langchain"):
            make_gemini_chat(gemini_settings(answer_model="openai:gpt-4o-mini"), "answer")
    else:  # pragma: no cover - only when langchain is installed
        pytest.skip("langchain is installed: init_chat_model would need the provider's credentials")


# --- request building and response parsing ------------------------------------------------------------------
def test_request_has_system_instruction_and_the_retrieve_context_declaration(gemini, gemini_settings):
    model = make_gemini_chat(gemini_settings(), "agent").bind_tools([retrieve_tool()])
    gemini.push(function_call_response("retrieve_context", {"query": "river festival", "date_filter": "2021-03-04"}))
    question = prompts.render_agent_input("What was said about the river festival on 4 March 2021?")
    reply = model.invoke([SystemMessage(prompts.AGENT_SYSTEM), HumanMessage(question)])

    [request] = gemini.requests
    assert request.system_text == prompts.AGENT_SYSTEM
    assert [c["role"] for c in request.contents] == ["user"]  # the system prompt is not a user turn
    assert request.contents[0]["parts"][0]["text"] == question
    [declaration] = request.function_declarations
    assert declaration["name"] == "retrieve_context"
    assert "Search the document archive" in declaration["description"]
    params = declaration["parameters"]
    assert set(params["properties"]) == TOOL_PARAMETERS
    assert params["required"] == ["query"]
    assert params["properties"]["query"]["type"].upper() == "STRING"
    assert params["properties"]["whole_document"]["type"].upper() == "BOOLEAN"
    assert "YYYY-MM-DD" in params["properties"]["date_filter"]["description"]

    assert isinstance(reply, AIMessage)
    [call] = reply.tool_calls
    assert call["name"] == "retrieve_context"
    assert call["args"] == {"query": "river festival", "date_filter": "2021-03-04"}
    assert call["id"]


def test_parallel_function_calls_and_the_tool_result_round_trip(gemini, gemini_settings):
    model = make_gemini_chat(gemini_settings(), "agent").bind_tools([retrieve_tool()])
    gemini.push(function_calls_response([("retrieve_context", {"query": "a"}),
                                         ("retrieve_context", {"query": "b", "language": "hi"})],
                                        call_ids=["call-a", "call-b"]))
    reply = model.invoke([SystemMessage(prompts.AGENT_SYSTEM), HumanMessage("a and b")])
    assert [(c["args"], c["id"]) for c in reply.tool_calls] == [({"query": "a"}, "call-a"),
                                                               ({"query": "b", "language": "hi"}, "call-b")]

    gemini.push_text("done")
    history = [SystemMessage(prompts.AGENT_SYSTEM), HumanMessage("a and b"), reply,
               ToolMessage("Retrieved 2 passages from 1 documents.", tool_call_id="call-a", name="retrieve_context"),
               ToolMessage("Retrieved 0 passages.", tool_call_id="call-b", name="retrieve_context")]
    assert model.invoke(history).content == "done"
    request = gemini.requests[-1]
    roles = [c["role"] for c in request.contents]
    assert roles[0] == "user" and roles[1] == "model"
    calls = [p["functionCall"] for p in request.contents[1]["parts"] if "functionCall" in p]
    assert [c["args"] for c in calls] == [{"query": "a"}, {"query": "b", "language": "hi"}]
    responses = [p["functionResponse"] for c in request.contents[2:] for p in c["parts"] if "functionResponse" in p]
    assert [r["name"] for r in responses] == ["retrieve_context", "retrieve_context"]
    assert "Retrieved 2 passages" in json.dumps(responses)


def test_plain_text_answer_with_usage(gemini, gemini_settings):
    gemini.push(text_response("The festival was held by the river [1].", prompt_tokens=120, output_tokens=9))
    reply = make_gemini_chat(gemini_settings(), "answer").invoke(
        [SystemMessage(prompts.answer_system("en", 4)), HumanMessage("<question>where?</question>")]
    )
    assert reply.content == "The festival was held by the river [1]."
    assert not reply.tool_calls
    assert reply.usage_metadata["input_tokens"] == 120
    assert reply.usage_metadata["output_tokens"] == 9
    assert gemini.requests[0].system_text.startswith("You answer a question using ONLY")


async def test_async_path_text_and_tool_call(gemini, gemini_settings):
    settings = gemini_settings()
    gemini.push_text("async hello")
    assert (await make_gemini_chat(settings, "answer").ainvoke("hi")).content == "async hello"
    gemini.push_function_call("retrieve_context", {"query": "q"})
    reply = await make_gemini_chat(settings, "agent").bind_tools([retrieve_tool()]).ainvoke("q?")
    assert reply.tool_calls[0]["args"] == {"query": "q"}
    assert [r.action for r in gemini.requests] == ["generateContent", "generateContent"]


async def test_streaming_uses_sse(gemini, gemini_settings):
    model = make_gemini_chat(gemini_settings(), "answer")
    gemini.push([text_response("Hello "), text_response("world [1].")])
    chunks = [chunk.content async for chunk in model.astream("hi")]
    assert "".join(c for c in chunks if isinstance(c, str)) == "Hello world [1]."
    [request] = gemini.requests
    assert request.action == "streamGenerateContent" and request.query.get("alt") == ["sse"]

    gemini.push([text_response("sync "), text_response("stream")])
    assert "".join(str(c.content) for c in model.stream("hi")) == "sync stream"


# --- retries, failures, timeouts -----------------------------------------------------------------------------
@pytest.mark.parametrize("status", [408, 429, 500, 502, 503, 504])
def test_transient_error_then_success_is_retried(gemini, gemini_settings, status):
    gemini.fail_next(1, status)
    gemini.push_text("second time lucky")
    assert make_gemini_chat(gemini_settings(), "answer").invoke("hi").content == "second time lucky"
    assert len(gemini.requests) == 2


async def test_async_429_then_success_is_retried(gemini, gemini_settings):
    gemini.push(Fault(429), text_response("async retry ok"))
    reply = await make_gemini_chat(gemini_settings(), "answer").ainvoke("hi")
    assert reply.content == "async retry ok"
    assert len(gemini.requests) == 2


def test_persistent_429_raises_rate_limit_error_after_the_configured_retries(gemini, gemini_settings):
    gemini.fail_next(50, 429)
    model = make_gemini_chat(gemini_settings(llm_max_retries=1), "answer")
    with pytest.raises(ModelRateLimitError, match="RESOURCE_EXHAUSTED") as info:
        model.invoke("hi")
    assert len(gemini.requests) == 2  # first attempt + 1 retry
    assert isinstance(info.value, GeminiQuotaError)
    assert "429" in str(info.value) and "quota" in str(info.value) and "2 attempts" in str(info.value)


async def test_persistent_503_raises_api_error(gemini, gemini_settings):
    gemini.fail_next(50, 503)
    with pytest.raises(ModelAPIError, match="UNAVAILABLE") as info:
        await make_gemini_chat(gemini_settings(llm_max_retries=1), "answer").ainvoke("hi")
    assert len(gemini.requests) == 2
    assert isinstance(info.value, GeminiServerError) and "503" in str(info.value)


def test_client_errors_are_not_retried(gemini, gemini_settings):
    gemini.fail_next(1, 400, message="bad request")
    with pytest.raises(Exception, match="bad request"):
        make_gemini_chat(gemini_settings(), "answer").invoke("hi")
    assert len(gemini.requests) == 1


def test_zero_retries_means_a_single_attempt(gemini, gemini_settings):
    gemini.fail_next(5, 503)
    with pytest.raises(ModelAPIError):
        make_gemini_chat(gemini_settings(llm_max_retries=0), "answer").invoke("hi")
    assert len(gemini.requests) == 1


def test_timeout_is_honoured_sync(gemini, gemini_settings):
    gemini.delay_next(5.0)
    model = make_gemini_chat(gemini_settings(llm_timeout_s=0.5, llm_max_retries=0), "answer")
    with pytest.raises(GeminiTimeoutError, match="did not answer within 0.5 s"):
        model.invoke("hi")
    assert len(gemini.requests) == 1  # given up after the one allowed attempt, not after the stand-in's 5 s
    assert gemini.requests[0].headers.get("x-server-timeout") == "1"  # ceil(0.5 s) told to the server too


async def test_timeout_is_honoured_async(gemini, gemini_settings):
    gemini.delay_next(5.0)
    model = make_gemini_chat(gemini_settings(llm_timeout_s=0.5, llm_max_retries=0), "answer")
    with pytest.raises(ModelTimeoutError, match="did not answer within 0.5 s"):
        await model.ainvoke("hi")
    assert len(gemini.requests) == 1


def test_sync_timeout_is_retried_then_succeeds(gemini, gemini_settings):
    gemini.delay_next(5.0)
    gemini.push_text("after a slow attempt")
    model = make_gemini_chat(gemini_settings(llm_timeout_s=0.5, llm_max_retries=1), "answer")
    assert model.invoke("hi").content == "after a slow attempt"
    assert len(gemini.requests) == 2


def test_dropped_connection_is_retried_then_succeeds(gemini, gemini_settings):
    gemini.drop_next(1)  # the first request gets no response at all: the connection is closed
    gemini.push_text("after a dropped connection")
    assert make_gemini_chat(gemini_settings(llm_max_retries=1), "answer").invoke("hi").content == (
        "after a dropped connection")
    assert len(gemini.requests) == 2


async def test_async_dropped_connection_is_retried_then_succeeds(gemini, gemini_settings):
    gemini.drop_next(1)
    gemini.push_text("async after a drop")
    reply = await make_gemini_chat(gemini_settings(llm_max_retries=1), "answer").ainvoke("hi")
    assert reply.content == "async after a drop" and len(gemini.requests) == 2


async def test_connection_dropped_on_every_attempt_is_a_connection_error(gemini, gemini_settings):
    gemini.drop_next(50)
    with pytest.raises(GeminiConnectionError, match="Cannot reach http://127.0.0.1") as info:
        await make_gemini_chat(gemini_settings(llm_max_retries=1), "answer").ainvoke("hi")
    assert len(gemini.requests) == 2 and "2 attempts" in str(info.value)  # the first attempt + 1 retry


def test_sync_connection_dropped_on_every_attempt_is_a_connection_error(gemini, gemini_settings):
    gemini.drop_next(50)
    with pytest.raises(GeminiConnectionError, match="Cannot reach http://127.0.0.1"):
        make_gemini_chat(gemini_settings(llm_max_retries=1), "answer").invoke("hi")


def test_unreachable_endpoint_is_a_connection_error(make_settings, gemini):
    url = gemini.base_url
    gemini.stop()  # nothing listens on the port any more
    settings = make_settings(llm_provider="gemini", google_api_key=API_KEY, gemini_base_url=url, llm_max_retries=0)
    with pytest.raises(GeminiConnectionError, match="Cannot reach http://127.0.0.1"):
        make_gemini_chat(settings, "answer").invoke("hi")


# --- the API key --------------------------------------------------------------------------------------------
def test_api_key_is_sent_as_header_and_never_logged(gemini, gemini_settings, caplog):
    caplog.set_level(logging.DEBUG)
    settings = gemini_settings(llm_max_retries=1)
    model = make_gemini_chat(settings, "answer")
    gemini.fail_next(1, 429)
    gemini.push_text("ok")
    assert model.invoke("hi").content == "ok"
    gemini.fail_next(5, 503)
    with pytest.raises(ModelAPIError) as info:
        model.invoke("hi")

    for request in gemini.requests:
        assert request.key_in_header and not request.key_in_url
        assert request.api_key == API_KEY
        assert API_KEY not in request.raw_url  # the request target as received, query included
        assert request.key_headers == ["x-goog-api-key"]  # the key travels in that header and in no other
    assert caplog.records  # the SDK did log (the retry), and yet:
    assert API_KEY not in caplog.text
    assert API_KEY not in str(info.value)
    assert API_KEY not in repr(model) and API_KEY not in repr(settings)


def test_stand_in_rejects_a_wrong_key(gemini, gemini_settings):
    with pytest.raises(GeminiAuthError, match="rejected the API key") as info:
        make_gemini_chat(gemini_settings(google_api_key="wrong-key-value"), "answer").invoke("hi")
    assert len(gemini.requests) == 1  # a refused key is not retried
    assert "wrong-key-value" not in str(info.value)


# --- embeddings ------------------------------------------------------------------------------------------
def test_google_embedder_against_the_stand_in(gemini, gemini_settings):
    settings = gemini_settings(embedding_provider="google")
    embedder = get_embedder(settings)
    assert isinstance(embedder, GoogleEmbedder)
    assert embedder.dim == EMBEDDING_DIM
    assert embedder.name == f"google/{settings.google_embedding_model}"

    texts = ["The river festival was held in March.", "Budget of the school library.", "river festival March"]
    passages = embedder.embed_passages(texts)
    query = embedder.embed_query("when was the river festival?")
    assert passages.shape == (3, EMBEDDING_DIM) and query.shape == (EMBEDDING_DIM,)
    assert np.allclose(np.linalg.norm(passages, axis=1), 1.0, atol=1e-5)
    assert math.isclose(float(np.linalg.norm(query)), 1.0, abs_tol=1e-5)
    scores = passages @ query
    assert scores[0] > scores[1] and scores[2] > scores[1]
    assert np.allclose(embedder.embed_passages(texts[:1])[0], passages[0])  # deterministic

    batch = [r for r in gemini.requests if r.action == "batchEmbedContents"]
    assert batch, "the SDK embeds through batchEmbedContents"
    model_path = settings.google_embedding_model.removeprefix("models/")
    assert all(_without_version(r.path) == f"/models/{model_path}:batchEmbedContents" for r in batch)
    docs = next(r for r in batch if len(r.body["requests"]) == 3)
    assert {item["taskType"] for item in docs.body["requests"]} == {"RETRIEVAL_DOCUMENT"}
    assert [item["content"]["parts"][0]["text"] for item in docs.body["requests"]] == texts
    assert batch[-1].body["requests"][0]["taskType"] == "RETRIEVAL_DOCUMENT"
    assert any(r.body["requests"][0].get("taskType") == "RETRIEVAL_QUERY" for r in batch)
    assert all(r.key_in_header and not r.key_in_url for r in gemini.requests)


def test_google_embedder_retries_429(gemini, gemini_settings):
    embedder = GoogleEmbedder(gemini_settings(embedding_provider="google", llm_max_retries=1))
    before = len(gemini.requests)
    gemini.fail_next(1, 429)
    assert embedder.embed_passages(["hello world"]).shape == (1, EMBEDDING_DIM)
    assert len(gemini.requests) - before == 2


def test_google_embedder_needs_a_key(make_settings):
    with pytest.raises(ValueError, match="GOOGLE_API_KEY"):
        GoogleEmbedder(make_settings(embedding_provider="google"))


# --- the stand-in itself ----------------------------------------------------------------------------------------
def test_stand_in_answers_400_when_nothing_is_scripted(gemini, gemini_settings):
    with pytest.raises(Exception, match="no scripted response"):
        make_gemini_chat(gemini_settings(), "answer").invoke("hi")
    assert len(gemini.requests) == 1  # a 400 is not retried


def test_stand_in_responder_sees_the_request(gemini, gemini_settings):
    gemini.responder = lambda request: text_response(f"echo: {request.last_user_text}")
    assert make_gemini_chat(gemini_settings(), "answer").invoke("ping").content == "echo: ping"
