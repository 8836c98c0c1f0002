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

Failures that remain once the retries are used up are re-raised as typed errors whose text is one sentence a user
can act on, naming the cause (the key, the quota, the server, the time limit, the network), never the key:
:class:`GeminiAuthError` (400 "API key not valid", 401, 403), :class:`GeminiQuotaError` (429),
:class:`GeminiServerError` (5xx), :class:`GeminiRequestError` (other 4xx), :class:`GeminiTimeoutError`,
:class:`GeminiConnectionError`. Each is also LangChain's classified error (``ModelRateLimitError`` for 429,
``ModelAPIError`` for 5xx, ``ModelTimeoutError``, ...), so generic handling keeps working.

A role model written as ``provider:model`` (e.g. ``openai:gpt-4o-mini``) is built by LangChain's
``init_chat_model`` instead, when the ``langchain`` package and that provider's integration are installed.
"""

from __future__ import annotations

import importlib
import logging
from collections.abc import AsyncIterator, Iterator
from typing import Any

from langchain_core.exceptions import (
    ModelAPIError,
    ModelConnectionError,
    ModelError,
    ModelInvalidRequestError,
    ModelPermissionDeniedError,
    ModelRateLimitError,
    ModelTimeoutError,
)
from langchain_core.language_models import BaseChatModel
from langchain_core.outputs import ChatGenerationChunk, ChatResult
from langchain_google_genai import ChatGoogleGenerativeAI
from langchain_google_genai._common import GoogleGenerativeAIError

from rag_bot.config import Settings
from rag_bot.errors import ConfigurationError, UserError
from rag_bot.models.roles import ROLE_MODEL_FIELD

logger = logging.getLogger(__name__)


class GeminiError(UserError):
    """A Gemini call failed for good (retries used up); ``str(error)`` is one sentence naming the cause."""

    for_operator = True


class GeminiTimeoutError(GeminiError, ModelTimeoutError, TimeoutError):
    """A Gemini request got no answer within ``llm_timeout_s`` (after the retries the SDK makes)."""


class GeminiConnectionError(GeminiError, ModelConnectionError, ConnectionError):
    """The Gemini endpoint could not be reached (after the retries the SDK makes)."""


class GeminiAuthError(GeminiError, ModelPermissionDeniedError):
    """The API key was refused (invalid, or not allowed to use the model)."""


class GeminiQuotaError(GeminiError, ModelRateLimitError):
    """429: the key's request or token quota is used up."""


class GeminiServerError(GeminiError, ModelAPIError):
    """5xx from Gemini after the retries."""


class GeminiRequestError(GeminiError, ModelInvalidRequestError):
    """Another 4xx: the request itself was refused (unknown model, bad argument, ...)."""


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
        connections.append(module.RemoteProtocolError)  # the server closed the connection without a response
    try:
        import aiohttp

        connections.append(aiohttp.ClientConnectionError)  # its timeouts are TimeoutError subclasses
    except ImportError:
        pass
    return tuple(timeouts), tuple(connections)


_TIMEOUTS, _CONNECTIONS = _transport_errors()
_DROPPED: tuple[type[BaseException], ...] = tuple(c for c in _CONNECTIONS if c.__name__ == "RemoteProtocolError")


class GeminiChatModel(ChatGoogleGenerativeAI):
    """``ChatGoogleGenerativeAI`` whose transport errors are LangChain ``ModelError``s with a clear message."""

    def _attempts(self) -> str:
        n = max(1, int(self.max_retries or 1))  # HttpRetryOptions(attempts=...): the first request included
        return f"{n} attempt{'s' if n != 1 else ''}"

    def _translate(self, exc: BaseException) -> BaseException | None:
        """The typed, one-sentence error for ``exc`` (None: not a failure this class knows)."""
        if isinstance(exc, GeminiError):
            return None
        endpoint = self.base_url if isinstance(self.base_url, str) and self.base_url else "the Gemini API"
        model = self.model.removeprefix("models/")
        if isinstance(exc, _TIMEOUTS):
            return GeminiTimeoutError(f"Gemini model {model!r} did not answer within {self.timeout:g} s "
                                      f"({self._attempts()}, {type(exc).__name__}); try again later or raise "
                                      "RAG_BOT_LLM_TIMEOUT_S.")
        if isinstance(exc, _CONNECTIONS):
            reason = " ".join(str(exc).split()) or type(exc).__name__
            return GeminiConnectionError(f"Cannot reach {endpoint} for model {model!r} ({reason}; {self._attempts()}); "
                                         "check the network or RAG_BOT_GEMINI_BASE_URL.")
        if not isinstance(exc, ModelError | GoogleGenerativeAIError):
            return None
        source = exc if isinstance(getattr(exc, "code", None), int) else exc.__cause__
        code = getattr(source, "code", None)
        status = str(getattr(source, "status", None) or "")
        message = " ".join(str(getattr(source, "message", None) or "").split()).rstrip(".")
        if code == 429:
            return GeminiQuotaError(f"Gemini refused model {model!r} because the quota of the API key is used up "
                                    f"(429 {status}, {self._attempts()}); wait a minute or check the key's plan.")
        if code in (401, 403) or (code == 400 and "api key" in message.lower()):
            return GeminiAuthError(f"Gemini rejected the API key ({code} {status}); check GOOGLE_API_KEY, or unset "
                                   "it to answer offline.")
        if isinstance(code, int) and code >= 500:
            return GeminiServerError(f"Gemini model {model!r} failed on the server side ({code} {status}, "
                                     f"{self._attempts()}); try again later.")
        if code == 404:
            return GeminiRequestError(f"Gemini has no model {model!r} (404 {status}); check the RAG_BOT_*_MODEL "
                                      "settings.")
        if isinstance(code, int):
            return GeminiRequestError(f"Gemini refused the request to model {model!r} ({code} {status}: "
                                      f"{message or 'no reason given'}).")
        return None

    def _raise(self, exc: BaseException) -> None:
        translated = self._translate(exc)
        if translated is None:
            raise exc
        raise translated from exc

    def _generate(self, *args: Any, **kwargs: Any) -> ChatResult:
        # The SDK's sync (httpx) client retries connect errors and timeouts but not a connection closed without a
        # response (RemoteProtocolError), which its async client does retry: retried here, as often.
        attempts = max(1, int(self.max_retries or 1))
        for attempt in range(1, attempts + 1):
            try:
                return super()._generate(*args, **kwargs)
            except _DROPPED as exc:
                if attempt < attempts:
                    continue
                self._raise(exc)
            except (*_TIMEOUTS, *_CONNECTIONS, ModelError, GoogleGenerativeAIError) as exc:
                self._raise(exc)
        raise AssertionError("unreachable: every attempt returns or raises")

    async def _agenerate(self, *args: Any, **kwargs: Any) -> ChatResult:
        try:
            return await super()._agenerate(*args, **kwargs)
        except (*_TIMEOUTS, *_CONNECTIONS, ModelError, GoogleGenerativeAIError) as exc:
            self._raise(exc)
            raise

    def _stream(self, *args: Any, **kwargs: Any) -> Iterator[ChatGenerationChunk]:
        try:
            yield from super()._stream(*args, **kwargs)
        except (*_TIMEOUTS, *_CONNECTIONS, ModelError, GoogleGenerativeAIError) as exc:
            self._raise(exc)
            raise

    async def _astream(self, *args: Any, **kwargs: Any) -> AsyncIterator[ChatGenerationChunk]:
        try:
            async for chunk in super()._astream(*args, **kwargs):
                yield chunk
        except (*_TIMEOUTS, *_CONNECTIONS, ModelError, GoogleGenerativeAIError) as exc:
            self._raise(exc)
            raise


_GEMINI_PREFIXES = ("google_genai:", "google-genai:", "gemini:")


def model_name_for(settings: Settings, role: str) -> str:
    """The configured model name of ``role`` (ValueError for an unknown role)."""
    try:
        field = ROLE_MODEL_FIELD[role]  # type: ignore[index]  # an unknown role is reported just below
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
        raise ConfigurationError("RAG_BOT_LLM_PROVIDER=gemini needs GOOGLE_API_KEY (or RAG_BOT_GOOGLE_API_KEY); set "
                                 "it, or use RAG_BOT_LLM_PROVIDER=auto to answer offline without a key.")

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
        raise ConfigurationError(
            f"Model {spec!r} of role {role!r} names another provider, which needs the 'langchain' package "
            "(pip install langchain plus the provider's integration), or use a Gemini model name."
        ) from None
    logger.debug("Chat model for role %s via init_chat_model: %s", role, spec)
    return init_chat_model(spec, temperature=0, timeout=settings.llm_timeout_s,
                           max_retries=settings.llm_max_retries)
