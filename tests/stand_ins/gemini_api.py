"""A loopback stand-in for the Gemini (Generative Language) REST API v1beta, for tests.

A real HTTP server on 127.0.0.1 (stdlib ``ThreadingHTTPServer`` in a background thread), so the production code
path -- ``ChatGoogleGenerativeAI`` -> ``google-genai`` SDK -> httpx (sync) / aiohttp (async) -- is exercised over
the wire. Implemented routes (``{model}`` is e.g. ``gemini-2.5-flash``):

* ``POST /v1beta/models/{model}:generateContent``
* ``POST /v1beta/models/{model}:streamGenerateContent?alt=sse`` (server-sent events, one ``data:`` per chunk; a
  one-body answer is cut into chunks of ``stream_words`` words, and ``chunk_delay_s`` passes before each chunk)
* ``POST /v1beta/models/{model}:embedContent`` and ``:batchEmbedContents`` (deterministic hashed bag of words,
  L2-normalised, ``dim`` 768 unless ``outputDimensionality`` asks for less)
* ``POST /v1beta/models/{model}:countTokens`` (whitespace word count)

Answers to ``generateContent`` come, in this order, from: an injected fault (:meth:`GeminiStandIn.fail_next`),
the queue of scripted responses (:meth:`GeminiStandIn.push` / ``push_text`` / ``push_function_call``), the
``responder(request) -> body`` callable, else a 400 explaining that nothing was scripted. A request holding an
audio part (``inlineData`` with an ``audio/*`` type) is a transcription: the part must be a real Ogg/Opus file
(capture pattern and ``OpusHead``), and the answer is the transcript registered for those bytes
(:meth:`GeminiStandIn.add_transcript`), else a 400.
Every request is recorded (:class:`GeminiRequest`: path, headers without the API key, JSON body).
"""

from __future__ import annotations

import base64
import hashlib
import json
import math
import re
import threading
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any
from urllib.parse import parse_qs, urlsplit

EMBEDDING_DIM = 768
_ROUTE = re.compile(r"^/(?P<version>v1beta|v1|v1alpha)/models/(?P<model>[^/:]+):(?P<action>[A-Za-z]+)$")
_WORD = re.compile(r"\w+", re.UNICODE)

_STATUS_NAMES = {
    400: ("INVALID_ARGUMENT", "Request contains an invalid argument."),
    401: ("UNAUTHENTICATED", "Request is missing required authentication credential."),
    403: ("PERMISSION_DENIED", "Method doesn't allow unregistered callers. Please use API Key."),
    404: ("NOT_FOUND", "Requested entity was not found."),
    429: ("RESOURCE_EXHAUSTED", "Resource has been exhausted (e.g. check quota)."),
    500: ("INTERNAL", "An internal error has occurred. Please retry or report in https://developers.generativeai.google/guide/troubleshooting"),
    503: ("UNAVAILABLE", "The model is overloaded. Please try again later."),
    504: ("DEADLINE_EXCEEDED", "The request timed out. Please try again."),
}


# --- response builders --------------------------------------------------------------------------------------
def usage(prompt_tokens: int = 10, output_tokens: int = 5) -> dict[str, int]:
    return {"promptTokenCount": prompt_tokens, "candidatesTokenCount": output_tokens,
            "totalTokenCount": prompt_tokens + output_tokens}


def _response(parts: list[dict], prompt_tokens: int, output_tokens: int, model: str) -> dict[str, Any]:
    return {
        "candidates": [{"content": {"role": "model", "parts": parts}, "finishReason": "STOP", "index": 0}],
        "usageMetadata": usage(prompt_tokens, output_tokens),
        "modelVersion": model,
        "responseId": hashlib.sha1(json.dumps(parts, sort_keys=True).encode()).hexdigest()[:16],
    }


def text_response(text: str, *, prompt_tokens: int = 10, output_tokens: int | None = None,
                  model: str = "stand-in") -> dict[str, Any]:
    """A ``generateContent`` body with one text part."""
    out = output_tokens if output_tokens is not None else max(1, len(text.split()))
    return _response([{"text": text}], prompt_tokens, out, model)


def function_call_response(name: str, args: dict[str, Any] | None = None, *, call_id: str | None = None,
                           prompt_tokens: int = 10, output_tokens: int = 8, model: str = "stand-in") -> dict[str, Any]:
    """A ``generateContent`` body with one ``functionCall`` part."""
    return function_calls_response([(name, args or {})], call_ids=[call_id] if call_id else None,
                                   prompt_tokens=prompt_tokens, output_tokens=output_tokens, model=model)


def function_calls_response(calls: Iterable[tuple[str, dict[str, Any]]], *, call_ids: list[str] | None = None,
                            prompt_tokens: int = 10, output_tokens: int = 8, model: str = "stand-in") -> dict[str, Any]:
    """A ``generateContent`` body with several ``functionCall`` parts (parallel calls)."""
    parts = []
    for i, (name, args) in enumerate(calls):
        call: dict[str, Any] = {"name": name, "args": args}
        if call_ids and i < len(call_ids) and call_ids[i]:
            call["id"] = call_ids[i]
        parts.append({"functionCall": call})
    return _response(parts, prompt_tokens, output_tokens, model)


def error_body(status: int, message: str | None = None) -> dict[str, Any]:
    """Google's JSON error envelope (``{"error": {"code", "message", "status"}}``)."""
    name, default = _STATUS_NAMES.get(status, ("UNKNOWN", "Unknown error."))
    body: dict[str, Any] = {"error": {"code": status, "message": message or default, "status": name}}
    if status == 429:
        body["error"]["details"] = [
            {"@type": "type.googleapis.com/google.rpc.QuotaFailure",
             "violations": [{"quotaMetric": "generativelanguage.googleapis.com/generate_content_free_tier_requests",
                             "quotaId": "GenerateRequestsPerMinutePerProjectPerModel-FreeTier"}]},
            {"@type": "type.googleapis.com/google.rpc.RetryInfo", "retryDelay": "1s"},
        ]
    return body


def is_ogg_opus(data: bytes) -> bool:
    """True for an Ogg stream whose first page holds an Opus identification header (what Telegram voice notes
    are)."""
    return data[:4] == b"OggS" and b"OpusHead" in data[:512]


def inline_bytes(blob: dict[str, Any]) -> bytes:
    """The bytes of an ``inlineData`` part (base64, standard or URL-safe, padding optional: the SDK sends URL-safe
    without padding)."""
    data = str(blob.get("data") or "")
    return base64.urlsafe_b64decode(data + "=" * (-len(data) % 4))


def stream_chunks(body: dict[str, Any], words: int) -> list[dict[str, Any]]:
    """A one-text-part ``generateContent`` body cut into stream chunks of ``words`` words (spaces kept, so the
    chunks join to the text); other bodies are one chunk."""
    parts = ((body.get("candidates") or [{}])[0].get("content") or {}).get("parts") or []
    if words <= 0 or len(parts) != 1 or "text" not in parts[0]:
        return [body]
    pieces = re.findall(r"\S+\s*|\s+", parts[0]["text"])
    texts = ["".join(pieces[i:i + words]) for i in range(0, len(pieces), words)] or [""]
    return [text_response(text) for text in texts]


@dataclass
class Fault:
    """An HTTP error answer (``status`` with Google's error body)."""

    status: int = 429
    message: str | None = None


def fake_embedding(text: str, dim: int = EMBEDDING_DIM) -> list[float]:
    """Deterministic hashed bag of words (lower-cased word tokens), L2-normalised; never all zeros."""
    vec = [0.0] * dim
    words = _WORD.findall(text.lower()) or [text or "<empty>"]
    for word in words:
        digest = hashlib.blake2b(word.encode("utf-8"), digest_size=8).digest()
        index = int.from_bytes(digest[:4], "little") % dim
        vec[index] += 1.0 if digest[4] & 1 else -1.0
    norm = math.sqrt(sum(v * v for v in vec))
    if norm == 0:
        vec[0], norm = 1.0, 1.0
    return [v / norm for v in vec]


# --- recorded requests --------------------------------------------------------------------------------------
@dataclass
class GeminiRequest:
    """One request as the stand-in saw it. ``headers`` never contain the API key (see ``api_key``)."""

    method: str
    path: str
    query: dict[str, list[str]]
    model: str
    action: str
    headers: dict[str, str]
    body: Any
    api_key: str | None = None
    key_in_header: bool = False
    key_in_url: bool = False
    raw_url: str = ""  # the request target exactly as received (path and query, a key in it included)
    key_headers: list[str] = field(default_factory=list)  # names of the headers whose value holds the key

    @property
    def system_text(self) -> str:
        """The text of ``systemInstruction`` (empty when none)."""
        instruction = (self.body or {}).get("systemInstruction") or {}
        return "\n".join(p.get("text", "") for p in instruction.get("parts", []) if isinstance(p, dict))

    @property
    def contents(self) -> list[dict]:
        return list((self.body or {}).get("contents") or [])

    @property
    def contents_text(self) -> str:
        """All text parts of ``contents`` (user, model and function responses serialised), joined."""
        out: list[str] = []
        for content in self.contents:
            for part in content.get("parts", []):
                if "text" in part:
                    out.append(part["text"])
                elif "functionResponse" in part:
                    out.append(json.dumps(part["functionResponse"], ensure_ascii=False))
                elif "functionCall" in part:
                    out.append(json.dumps(part["functionCall"], ensure_ascii=False))
        return "\n".join(out)

    @property
    def last_user_text(self) -> str:
        for content in reversed(self.contents):
            if content.get("role", "user") == "user":
                return "\n".join(p.get("text", "") for p in content.get("parts", []) if "text" in p)
        return ""

    @property
    def function_declarations(self) -> list[dict]:
        """Every function declared in ``tools`` (name, description, parameters...)."""
        found: list[dict] = []
        for tool in (self.body or {}).get("tools") or []:
            found.extend(tool.get("functionDeclarations") or tool.get("function_declarations") or [])
        return found

    @property
    def generation_config(self) -> dict:
        return dict((self.body or {}).get("generationConfig") or {})


Responder = Callable[[GeminiRequest], "dict | Fault | list[dict]"]


@dataclass
class _Plan:
    faults: deque = field(default_factory=deque)  # (Fault, actions or None)
    delays: deque = field(default_factory=deque)  # seconds
    queue: deque = field(default_factory=deque)  # dict | Fault | list[dict] (stream chunks)
    drops: int = 0  # requests still to be answered by closing the connection (no HTTP response at all)


# --- the server -----------------------------------------------------------------------------------------------
class GeminiStandIn:
    """The stand-in server. Use as a context manager, or ``start()`` / ``stop()``; ``base_url`` to point at it."""

    def __init__(self, responder: Responder | None = None, *, api_key: str | None = None,
                 dim: int = EMBEDDING_DIM, chunk_delay_s: float = 0.0, stream_words: int = 0) -> None:
        """``chunk_delay_s``: seconds before each SSE chunk (a model writing); ``stream_words``: cut a one-body
        streamed answer into chunks of this many words (0: as scripted)."""
        self.responder = responder
        self.chunk_delay_s = chunk_delay_s
        self.stream_words = stream_words
        self.transcripts: dict[str, str] = {}
        self.expected_key = api_key
        self.dim = dim
        self._requests: list[GeminiRequest] = []
        self._plan = _Plan()
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._server: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # lifecycle -------------------------------------------------------------------------------------------
    def start(self) -> GeminiStandIn:
        handler = _make_handler(self)
        self._server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
        self._server.daemon_threads = True
        # shutdown() waits for the serve loop's next poll: at the default 0.5 s every test using a stand-in paid
        # half a second at its end
        self._thread = threading.Thread(target=self._server.serve_forever, kwargs={"poll_interval": 0.02},
                                        name="gemini-stand-in", daemon=True)
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()
        if self._server is not None:
            self._server.shutdown()
            self._server.server_close()
            self._server = None
        if self._thread is not None:
            self._thread.join(timeout=5)
            self._thread = None

    def __enter__(self) -> GeminiStandIn:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    @property
    def base_url(self) -> str:
        assert self._server is not None, "stand-in not started"
        host, port = self._server.server_address[:2]
        return f"http://{host}:{port}"

    # scripting -------------------------------------------------------------------------------------------
    def push(self, *responses: dict | Fault | list[dict]) -> None:
        """Queue ``generateContent`` answers (a body, a :class:`Fault`, or a list of stream chunks)."""
        with self._lock:
            self._plan.queue.extend(responses)

    def add_transcript(self, audio: bytes, text: str) -> None:
        """What a transcription request for exactly these audio bytes answers."""
        with self._lock:
            self.transcripts[hashlib.sha256(audio).hexdigest()] = text

    def push_text(self, text: str, **kwargs: Any) -> None:
        self.push(text_response(text, **kwargs))

    def push_function_call(self, name: str, args: dict[str, Any] | None = None, **kwargs: Any) -> None:
        self.push(function_call_response(name, args, **kwargs))

    def fail_next(self, n: int = 1, status: int = 429, *, message: str | None = None,
                  actions: Iterable[str] | None = None) -> None:
        """The next ``n`` requests (of ``actions``, default any) answer ``status`` with Google's error body."""
        wanted = frozenset(actions) if actions is not None else None
        with self._lock:
            self._plan.faults.extend((Fault(status, message), wanted) for _ in range(n))

    def drop_next(self, n: int = 1) -> None:
        """The next ``n`` requests are read, recorded and answered by closing the connection: what a client sees
        when a proxy or the network fails mid-request ("server disconnected without sending a response")."""
        with self._lock:
            self._plan.drops += n

    def _take_drop(self) -> bool:
        with self._lock:
            if self._plan.drops > 0:
                self._plan.drops -= 1
                return True
            return False

    def delay_next(self, seconds: float, n: int = 1) -> None:
        """The next ``n`` requests wait ``seconds`` before answering (to exercise client timeouts)."""
        with self._lock:
            self._plan.delays.extend([seconds] * n)

    def reset(self) -> None:
        with self._lock:
            self._plan = _Plan()
            self._requests.clear()

    # inspection ------------------------------------------------------------------------------------------
    @property
    def requests(self) -> list[GeminiRequest]:
        with self._lock:
            return list(self._requests)

    def requests_for(self, action: str) -> list[GeminiRequest]:
        return [r for r in self.requests if r.action == action]

    @property
    def generate_requests(self) -> list[GeminiRequest]:
        return [r for r in self.requests if r.action in ("generateContent", "streamGenerateContent")]

    # request handling ------------------------------------------------------------------------------------
    def _take_fault(self, action: str) -> Fault | None:
        with self._lock:
            for i, (fault, actions) in enumerate(self._plan.faults):
                if actions is None or action in actions:
                    del self._plan.faults[i]
                    return fault
        return None

    def _take_delay(self) -> float:
        with self._lock:
            return self._plan.delays.popleft() if self._plan.delays else 0.0

    def _record(self, request: GeminiRequest) -> None:
        with self._lock:
            self._requests.append(request)

    def _transcribe(self, request: GeminiRequest) -> tuple[int, Any] | None:
        """(status, body) for a request holding an audio part; None for any other request."""
        inline = [part.get("inlineData") or part.get("inline_data") or {} for content in request.contents
                  for part in content.get("parts", [])]
        audio = [blob for blob in inline  # the API takes both spellings (the SDK sends ``mime_type``)
                 if str(blob.get("mimeType") or blob.get("mime_type") or "").startswith("audio/")]
        if not audio:
            return None
        data = inline_bytes(audio[0])
        if not is_ogg_opus(data):
            return 400, error_body(400, "gemini stand-in: the audio part is not an Ogg/Opus file")
        with self._lock:
            text = self.transcripts.get(hashlib.sha256(data).hexdigest())
        if text is None:
            return 400, error_body(400, "gemini stand-in: no transcript registered for this audio")
        return 200, text_response(text)

    def _generate(self, request: GeminiRequest) -> tuple[int, Any]:
        transcribed = self._transcribe(request)
        if transcribed is not None:
            return transcribed
        with self._lock:
            scripted = self._plan.queue.popleft() if self._plan.queue else None
        if scripted is None and self.responder is not None:
            scripted = self.responder(request)
        if scripted is None:
            return 400, error_body(400, "gemini stand-in: no scripted response and no responder for this request")
        if isinstance(scripted, Fault):
            return scripted.status, error_body(scripted.status, scripted.message)
        if isinstance(scripted, list) and request.action != "streamGenerateContent":
            return 400, error_body(400, "gemini stand-in: stream chunks scripted for a non-streaming request")
        return 200, scripted

    def _embed_one(self, item: dict) -> dict[str, list[float]]:
        text = "\n".join(p.get("text", "") for p in (item.get("content") or {}).get("parts", []))
        dim = int(item.get("outputDimensionality") or self.dim)
        return {"values": fake_embedding(text, min(dim, self.dim))}

    def handle(self, request: GeminiRequest) -> tuple[int, Any]:
        """(status, body) for one request; a list body on ``streamGenerateContent`` = SSE chunks."""
        if self.expected_key is not None and request.api_key != self.expected_key:
            if request.api_key is None:
                return 403, error_body(403)
            return 400, error_body(400, "API key not valid. Please pass a valid API key.")
        if request.api_key is None:
            return 403, error_body(403)
        fault = self._take_fault(request.action)
        if fault is not None:
            return fault.status, error_body(fault.status, fault.message)
        body = request.body if isinstance(request.body, dict) else {}
        if request.action in ("generateContent", "streamGenerateContent"):
            return self._generate(request)
        if request.action == "embedContent":
            return 200, {"embedding": self._embed_one(body)}
        if request.action == "batchEmbedContents":
            return 200, {"embeddings": [self._embed_one(item) for item in body.get("requests", [])]}
        if request.action == "countTokens":
            text = json.dumps(body.get("contents") or body.get("generateContentRequest") or "", ensure_ascii=False)
            return 200, {"totalTokens": len(_WORD.findall(text))}
        return 404, error_body(404, f"gemini stand-in: unknown method {request.action}")


def _make_handler(stand_in: GeminiStandIn) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        protocol_version = "HTTP/1.0"  # one request per connection; SSE ends when the connection closes

        def log_message(self, format: str, *args: Any) -> None:  # noqa: A002 - stdlib signature
            return  # keep test output quiet (and the URL, which could carry a key, out of logs)

        def _send_json(self, status: int, body: Any) -> None:
            data = json.dumps(body).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json; charset=UTF-8")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

        def _send_sse(self, chunks: list[Any]) -> None:
            self.send_response(200)
            self.send_header("Content-Type", "text/event-stream")
            self.end_headers()
            for chunk in chunks:
                if stand_in.chunk_delay_s and stand_in._stopping.wait(stand_in.chunk_delay_s):
                    return
                self.wfile.write(f"data: {json.dumps(chunk)}\r\n\r\n".encode())
                self.wfile.flush()

        def do_GET(self) -> None:  # noqa: N802 - stdlib naming
            self._send_json(404, error_body(404, "gemini stand-in: only POST model methods are implemented"))

        def do_POST(self) -> None:  # noqa: N802 - stdlib naming
            split = urlsplit(self.path)
            query = parse_qs(split.query)
            length = int(self.headers.get("Content-Length") or 0)
            raw = self.rfile.read(length) if length else b""
            try:
                body = json.loads(raw) if raw else {}
            except ValueError:
                body = raw.decode("utf-8", "replace")
            header_key = self.headers.get("x-goog-api-key")
            url_key = (query.pop("key", None) or [None])[0]
            headers = {k.lower(): v for k, v in self.headers.items() if k.lower() != "x-goog-api-key"}
            key = header_key or url_key
            key_headers = [k.lower() for k, v in self.headers.items() if key and key in v]
            match = _ROUTE.match(split.path)
            request = GeminiRequest(
                method="POST", path=split.path, query=query, model=match["model"] if match else "",
                action=match["action"] if match else "", headers=headers, body=body,
                api_key=header_key or url_key, key_in_header=header_key is not None, key_in_url=url_key is not None,
                raw_url=self.path, key_headers=key_headers,
            )
            stand_in._record(request)
            if stand_in._take_drop():
                self.close_connection = True
                return  # nothing written: the client's read fails on the closed connection
            delay = stand_in._take_delay()
            if delay and stand_in._stopping.wait(delay):
                return
            if match is None:
                self._send_json(404, error_body(404, f"gemini stand-in: no route for {split.path}"))
                return
            try:
                status, answer = stand_in.handle(request)
            except Exception as exc:  # a responder bug: surface it to the client as a non-retried 400
                status, answer = 400, error_body(400, f"gemini stand-in responder failed: {exc!r}")
            try:
                if status == 200 and request.action == "streamGenerateContent":
                    self._send_sse(answer if isinstance(answer, list) else
                                   stream_chunks(answer, stand_in.stream_words))
                else:
                    self._send_json(status, answer)
            except (BrokenPipeError, ConnectionResetError):
                pass  # the client gave up (timeout)

    return Handler
