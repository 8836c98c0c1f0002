"""Gemini chat models, one per role of the agent graph.

Everything an HTTP request needs comes from :class:`~rag_bot.config.Settings`:

* model per role (``router_model``, ``agent_model``, ``answer_model``, ``summary_model``);
* API key ``google_api_key`` -- the google-genai SDK sends it as the ``x-goog-api-key`` header (never in the URL)
  and it is never logged here;
* ``gemini_base_url`` -- every request (generate, stream, embed) goes to this endpoint instead of
  ``https://generativelanguage.googleapis.com/`` (tests point it at a loopback stand-in);
* ``llm_timeout_s`` -- per HTTP attempt; ``llm_max_retries`` -- extra attempts on 408/429/500/502/503/504 and
  connection errors, with the SDK's exponential back-off (about 1 s, 2 s, 4 s ... plus up to 1 s jitter);
* temperature 0 (deterministic, grounded answers).

Transport failures the SDK leaves raw (httpx / aiohttp timeouts and connection errors) are re-raised as
:class:`GeminiTimeoutError` / :class:`GeminiConnectionError` (LangChain's ``ModelTimeoutError`` /
``ModelConnectionError``) with a readable message; HTTP errors already come as LangChain's classified errors
(``ModelRateLimitError`` for 429, ``ModelAPIError`` for 5xx, ...) once the retries are used up.

A role model written as ``provider:model`` (e.g. ``openai:gpt-4o-mini``) is built by LangChain's
``init_chat_model`` instead, when the ``langchain`` package and that provider's integration are installed.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any

from langchain_core.exceptions import ModelConnectionError, ModelTimeoutError
from langchain_core.language_models import BaseChatModel
from langchain_core.outputs import ChatGenerationChunk, ChatResult
from langchain_google_genai import ChatGoogleGenerativeAI

from rag_bot.config import Settings

logger = logging.getLogger(__name__)


class GeminiTimeoutError(ModelTimeoutError, TimeoutError):
    """A Gemini request got no answer within ``llm_timeout_s`` (after the retries the SDK makes)."""


class GeminiConnectionError(ModelConnectionError, ConnectionError):
    """The Gemini endpoint could not be reached (after the retries the SDK makes)."""


def _transport_errors() -> tuple[tuple[type[BaseException], ...], tuple[type[BaseException], ...]]:
    """(timeout classes, connection classes) of the HTTP stacks the SDK may use."""
    timeouts: list[type[BaseException]] = [TimeoutError]
    connections: list[type[BaseException]] = [ConnectionError]
    for module_name in ("httpx", "httpx2"):
        try:
            module = importlib.import_module(module_name)
        except ImportError:
            continue
        timeouts.append(module.TimeoutException)
        connections.append(module.NetworkError)
    try:
        import aiohttp

        connections.append(aiohttp.ClientConnectionError)  # its timeouts are TimeoutError subclasses
    except ImportError:
        pass
    return tuple(timeouts), tuple(connections)


_TIMEOUTS, _CONNECTIONS = _transport_errors()


class GeminiChatModel(ChatGoogleGenerativeAI):
    """``ChatGoogleGenerativeAI`` whose transport errors are LangChain ``ModelError``s with a clear message."""

    def _translate(self, exc: BaseException) -> BaseException | None:
        endpoint = self.base_url if isinstance(self.base_url, str) else "the Gemini API"
        if isinstance(exc, _TIMEOUTS):
            return GeminiTimeoutError(
                f"Gemini model {self.model!r} did not answer within {self.timeout:g} s ({type(exc).__name__})."
            )
        if isinstance(exc, _CONNECTIONS):
            return GeminiConnectionError(
                f"Cannot reach {endpoint or 'the Gemini API'} for model {self.model!r}: {type(exc).__name__}: {exc}"
            )
        return None

    def _generate(self, *args: Any, **kwargs: Any) -> ChatResult:
        try:
            return super()._generate(*args, **kwargs)
        except (*_TIMEOUTS, *_CONNECTIONS) as exc:
            raise (self._translate(exc) or exc) from exc

    async def _agenerate(self, *args: Any, **kwargs: Any) -> ChatResult:
        try:
            return await super()._agenerate(*args, **kwargs)
        except (*_TIMEOUTS, *_CONNECTIONS) as exc:
            raise (self._translate(exc) or exc) from exc

    def _stream(self, *args: Any, **kwargs: Any) -> Iterator[ChatGenerationChunk]:
        try:
            yield from super()._stream(*args, **kwargs)
        except (*_TIMEOUTS, *_CONNECTIONS) as exc:
            raise (self._translate(exc) or exc) from exc

    async def _astream(self, *args: Any, **kwargs: Any) -> AsyncIterator[ChatGenerationChunk]:
        try:
            async for chunk in super()._astream(*args, **kwargs):
                yield chunk
        except (*_TIMEOUTS, *_CONNECTIONS) as exc:
            raise (self._translate(exc) or exc) from exc

# Settings field holding the model name of each role ("conversational" talks to users: the answer model).
ROLE_MODEL_FIELD = {
    "router": "router_model",
    "condense": "router_model",
    "agent": "agent_model",
    "answer": "answer_model",
    "conversational": "answer_model",
    "summary": "summary_model",
}
_GEMINI_PREFIXES = ("google_genai:", "google-genai:", "gemini:")


def model_name_for(settings: Settings, role: str) -> str:
    """The configured model name of ``role`` (ValueError for an unknown role)."""
    try:
        field = ROLE_MODEL_FIELD[role]
    except KeyError:
        raise ValueError(f"Unknown model role {role!r}; expected one of {sorted(ROLE_MODEL_FIELD)}.") from None
    return str(getattr(settings, field)).strip()


def http_attempts(settings: Settings) -> int:
    """Total HTTP attempts per call: the first one plus ``llm_max_retries`` retries.

    ``ChatGoogleGenerativeAI.max_retries`` is passed to the SDK as ``HttpRetryOptions(attempts=...)``, which
    counts the first request too (and treats 0 as 1), hence the ``+ 1``.
    """
    return settings.llm_max_retries + 1


def make_gemini_chat(settings: Settings, role: str) -> BaseChatModel:
    """The chat model of ``role`` ("router", "agent", "answer", "summary", "conversational", "condense")."""
    name = model_name_for(settings, role)
    lowered = name.lower()
    for prefix in _GEMINI_PREFIXES:
        if lowered.startswith(prefix):
            name = name[len(prefix):]
            break
    else:
        if ":" in name:
            return _init_other_provider(name, settings, role)

    if settings.google_api_key is None or not settings.google_api_key.get_secret_value().strip():
        raise ValueError("llm_provider=gemini needs GOOGLE_API_KEY (or RAG_BOT_GOOGLE_API_KEY).")

    kwargs: dict = {
        "model": name,
        "google_api_key": settings.google_api_key,  # SecretStr: unwrapped only inside the SDK client
        "temperature": 0.0,
        "timeout": settings.llm_timeout_s,
        "max_retries": http_attempts(settings),
    }
    if settings.gemini_base_url:
        kwargs["base_url"] = settings.gemini_base_url.rstrip("/") + "/"
    logger.debug("Gemini chat model for role %s: %s (endpoint %s, timeout %.1fs, retries %d)", role, name,
                 settings.gemini_base_url or "default", settings.llm_timeout_s, settings.llm_max_retries)
    return GeminiChatModel(**kwargs)


def _init_other_provider(spec: str, settings: Settings, role: str) -> BaseChatModel:
    """``provider:model`` through LangChain's ``init_chat_model`` (optional dependency)."""
    try:
        from langchain.chat_models import init_chat_model  # type: ignore[import-not-found]
    except ImportError:
        raise ValueError(
            f"Model {spec!r} of role {role!r} names another provider, which needs the 'langchain' package "
            "(pip install langchain plus the provider's integration), or use a Gemini model name."
        ) from None
    logger.debug("Chat model for role %s via init_chat_model: %s", role, spec)
    return init_chat_model(spec, temperature=0, timeout=settings.llm_timeout_s,
                           max_retries=settings.llm_max_retries)
