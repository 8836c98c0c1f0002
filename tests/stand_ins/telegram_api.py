"""A loopback stand-in for the Telegram Bot API (tests only, not a product feature).

Runs an aiohttp server on 127.0.0.1 (free port) in a background thread with its own event loop, so a real bot
process can talk to it while synchronous test code drives it through the methods of :class:`FakeTelegram`:

* Bot API: ``/bot<token>/<method>`` (GET or POST; JSON, form or multipart parameters) for getMe, deleteWebhook,
  getUpdates (offset confirms, long polling), sendMessage, sendMessageDraft (private chats; kept in ``drafts``),
  editMessageText, sendChatAction, setMyCommands, getMyCommands, answerCallbackQuery, getFile, sendPhoto; file downloads at
  ``/file/bot<token>/<file_path>``;
* flood limits like Telegram's when given (:class:`FloodLimits`: per chat about one message a second with short
  bursts, about thirty a second per bot): a message over them gets 429 with ``retry_after`` (recorded in
  ``flood_hits``); a message to a chat before the ``retry_after`` of its last 429 has passed is refused again and
  recorded in ``early_calls``;
* control: inject text messages / documents / photos / voice notes / callback presses / edits / raw updates, read what the bot sent per
  chat (in one global order, ``Sent.seq``), wait for N messages, and fault injection (``fail_next(method, n)``
  answers 429 with retry_after, ``drop_next(method, n)`` closes the connection without an answer, ``hold(method)``
  keeps its calls waiting until the test releases them);
* like Telegram: a malformed token gets 404 Not Found, a well-formed wrong one 401 Unauthorized; a message Telegram
  would refuse (empty, over 4096 characters, HTML it cannot parse) gets 400 and is kept in ``rejected`` so tests
  can assert that the bot never sent one.
"""

from __future__ import annotations

import asyncio
import html
import itertools
import json
import math
import re
import shutil
import sys
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from typing import Any

from aiohttp import web

BOT_USER = {"id": 777000111, "is_bot": True, "first_name": "RagBot", "username": "rag_test_bot",
            "can_join_groups": True, "can_read_all_group_messages": False, "supports_inline_queries": False}

_JSON_FIELDS = {"reply_markup", "reply_parameters", "commands", "entities", "allowed_updates", "scope",
                "link_preview_options", "caption_entities"}
_TOKEN_SHAPE = re.compile(r"\d+:[A-Za-z0-9_-]+")  # what Telegram accepts as a token at all (else: 404)
_INT_FIELDS = {"chat_id", "draft_id", "offset", "limit", "timeout", "message_id", "reply_to_message_id", "cache_time"}


@dataclass
class Sent:
    """One message the bot sent (or edited) in a chat."""

    message_id: int
    chat_id: int
    text: str
    parse_mode: str | None
    reply_markup: dict | None
    reply_to_message_id: int | None
    method: str = "sendMessage"
    at: float = field(default_factory=time.monotonic)
    seq: int = 0  # global order of everything the stand-in recorded (all chats)


@dataclass
class Draft:
    """One sendMessageDraft call the stand-in accepted (the streamed preview of an answer)."""

    chat_id: int
    draft_id: int
    text: str
    parse_mode: str | None
    at: float = field(default_factory=time.monotonic)
    seq: int = 0


@dataclass(frozen=True)
class FloodLimits:
    """Telegram-like flood limits on the methods that put a message in a chat (send*, edit*, except
    sendChatAction): a token bucket per chat (``chat_per_second``, ``chat_burst``) and one for the bot
    (``global_per_second``, ``global_burst``). A call finding a bucket empty gets 429 with ``retry_after``: the
    whole seconds until the bucket holds a token again (at least 1), as Telegram answers."""

    chat_per_second: float = 1.0
    chat_burst: float = 3.0
    global_per_second: float = 30.0
    global_burst: float = 30.0


class _Bucket:
    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst, self.tokens, self.at = rate, burst, burst, time.monotonic()

    def take(self, now: float) -> float:
        """0.0 and one token taken, else the seconds until a token is there (nothing taken)."""
        self.tokens = min(self.burst, self.tokens + (now - self.at) * self.rate)
        self.at = now
        if self.tokens >= 1.0:
            self.tokens -= 1.0
            return 0.0
        return (1.0 - self.tokens) / self.rate


def _limited(method: str) -> bool:
    return (method.startswith("send") and method != "sendChatAction") or method.startswith("edit")


class FakeTelegram:
    """The stand-in server. ``start()`` / ``stop()``; all control methods are thread-safe."""

    def __init__(self, token: str = "123:TEST", flood: FloodLimits | None = None) -> None:
        self.token = token
        self.flood = flood
        self._chat_buckets: dict[int, _Bucket] = {}
        self._global_bucket = _Bucket(flood.global_per_second, flood.global_burst) if flood else None
        self.flood_hits: list[tuple[str, int, int]] = []  # (method, chat id, retry_after) of every 429 answered
        self.drafts: dict[int, list[Draft]] = {}
        self._retry_until: dict[int, float] = {}  # chat -> end of the retry_after its last 429 asked for
        self.early_calls: list[tuple[str, int]] = []  # (method, chat) of messages sent before their retry_after
        self.fault_retry_after: dict[str, int] = {}
        self.port: int | None = None
        self._lock = threading.Condition()
        self._ids = itertools.count(1000)
        self._update_ids = itertools.count(1)
        self._updates: list[dict] = []  # pending (not yet confirmed) updates
        self._redeliver: list[dict] = []  # delivered once more regardless of the offset
        self.sent: dict[int, list[Sent]] = {}
        self.messages: dict[int, dict] = {}  # every message (users' and bot's) by id
        self.calls: list[tuple[str, dict]] = []
        self.rejected: list[tuple[str, str, dict]] = []  # (method, reason, parameters) of refused messages
        self._seq = itertools.count(1)
        self.queued_at: dict[int, float] = {}  # update id -> time.monotonic() when it was queued
        self.delivered_at: dict[int, float] = {}  # update id -> when getUpdates first returned it
        self.chat_actions: list[tuple[int, str]] = []
        self.callback_answers: list[dict] = []
        self.commands: dict[str, list[dict]] = {}
        self.webhook: dict[str, Any] | None = None
        self.files: dict[str, tuple[str, bytes]] = {}
        self.photos: list[tuple[int, bytes, str | None]] = []  # (chat id, PNG/JPEG bytes, caption) the bot sent
        self.faults: dict[str, int] = {}
        self.holds: dict[str, threading.Event] = {}  # method -> released when set (see hold())
        self.fault_hits: dict[str, int] = {}
        self.drops: dict[str, int] = {}  # method -> calls still to be answered by closing the connection
        self.drop_hits: dict[str, int] = {}
        self._loop: asyncio.AbstractEventLoop | None = None
        self._thread: threading.Thread | None = None
        self._wakeup: asyncio.Event | None = None
        self._runner: web.AppRunner | None = None
        self._ready = threading.Event()
        self._closing = False  # stop(): pending long polls answer at once instead of at their timeout

    # ------------------------------------------------------------------ lifecycle
    @property
    def base_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/bot"

    @property
    def base_file_url(self) -> str:
        return f"http://127.0.0.1:{self.port}/file/bot"

    def start(self) -> FakeTelegram:
        self._thread = threading.Thread(target=self._run, name="fake-telegram", daemon=True)
        self._thread.start()
        if not self._ready.wait(10):
            raise RuntimeError("fake Telegram server did not start")
        return self

    def _run(self) -> None:
        self._loop = asyncio.new_event_loop()
        asyncio.set_event_loop(self._loop)
        self._loop.run_until_complete(self._serve())
        self._ready.set()
        self._loop.run_forever()
        self._loop.run_until_complete(self._runner.cleanup())
        self._loop.close()

    async def _serve(self) -> None:
        self._wakeup = asyncio.Event()
        app = web.Application(client_max_size=64 * 1024 * 1024)
        app.router.add_route("*", "/bot{token}/{method}", self._api)
        app.router.add_get("/file/bot{token}/{path:.+}", self._file)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]

    def stop(self) -> None:
        """Stop the server. A long poll still held open (a bot that stopped polling leaves its last getUpdates
        waiting) is answered first, so the shutdown does not wait out its timeout."""
        if self._loop is not None:
            self._closing = True
            self._notify()
            self._loop.call_soon_threadsafe(self._loop.stop)
            self._thread.join(10)

    def __enter__(self) -> FakeTelegram:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def _notify(self) -> None:
        if self._loop is not None and self._wakeup is not None:
            self._loop.call_soon_threadsafe(self._wakeup.set)

    # ------------------------------------------------------------------ control API (tests)
    def next_message_id(self) -> int:
        return next(self._ids)

    def push_update(self, payload: dict, update_id: int | None = None, redeliver: bool = False) -> dict:
        """Queue a raw update (``payload`` without update_id); ``redeliver`` ignores the offset once."""
        update = {"update_id": update_id if update_id is not None else next(self._update_ids), **payload}
        with self._lock:
            (self._redeliver if redeliver else self._updates).append(update)
            self.queued_at[update["update_id"]] = time.monotonic()
        self._notify()
        return update

    def push_updates(self, payloads: list[dict]) -> list[dict]:
        """Queue several updates at once (they become visible to getUpdates together)."""
        with self._lock:
            updates = [{"update_id": next(self._update_ids), **p} for p in payloads]
            self._updates.extend(updates)
        self._notify()
        return updates

    def user_message(self, chat_id: int, user_id: int, text: str, chat_type: str = "private",
                     reply_to: int | None = None, entities: list[dict] | None = None) -> dict:
        """A Message dict from a user (commands and @mentions of the bot get entities automatically)."""
        message_id = self.next_message_id()
        chat: dict[str, Any] = {"id": chat_id, "type": chat_type}
        if chat_type == "private":
            chat["first_name"] = f"user{user_id}"
        else:
            chat["title"] = f"group {chat_id}"
        message: dict[str, Any] = {"message_id": message_id, "date": int(time.time()), "chat": chat,
                                   "from": {"id": user_id, "is_bot": False, "first_name": f"user{user_id}",
                                            "language_code": "en"},
                                   "text": text}
        if entities is None:
            entities = auto_entities(text)
        if entities:
            message["entities"] = entities
        if reply_to is not None:
            message["reply_to_message"] = self.messages[reply_to]
        with self._lock:
            self.messages[message_id] = message
        return message

    def send_text(self, chat_id: int, user_id: int, text: str, chat_type: str = "private",
                  reply_to: int | None = None, entities: list[dict] | None = None) -> dict:
        """Inject a user's text message; returns the update (its message id is update["message"]["message_id"])."""
        return self.push_update({"message": self.user_message(chat_id, user_id, text, chat_type, reply_to,
                                                              entities)})

    def send_document(self, chat_id: int, user_id: int, data: bytes, file_name: str,
                      mime_type: str = "text/plain", caption: str | None = None,
                      declared_size: int | None = None, chat_type: str = "private",
                      reply_to: int | None = None) -> dict:
        """Inject a document message (the file becomes downloadable through getFile)."""
        file_id = f"file{self.next_message_id()}"
        with self._lock:
            self.files[file_id] = (f"documents/{file_id}", data)
        message = self.user_message(chat_id, user_id, "", chat_type=chat_type, reply_to=reply_to)
        message.pop("text", None)
        message.pop("entities", None)
        message["document"] = {"file_id": file_id, "file_unique_id": f"u{file_id}", "file_name": file_name,
                               "mime_type": mime_type,
                               "file_size": len(data) if declared_size is None else declared_size}
        if caption:
            message["caption"] = caption
            if entities := auto_entities(caption, commands=False):
                message["caption_entities"] = entities
        return self.push_update({"message": message})

    def send_voice(self, chat_id: int, user_id: int, data: bytes, duration: int, mime_type: str = "audio/ogg",
                   declared_size: int | None = None, chat_type: str = "private") -> dict:
        """Inject a voice note (``duration`` in seconds as the sender's app declares it; the file becomes
        downloadable through getFile)."""
        file_id = f"voice{self.next_message_id()}"
        with self._lock:
            self.files[file_id] = (f"voice/{file_id}.oga", data)
        message = self.user_message(chat_id, user_id, "", chat_type=chat_type)
        message.pop("text", None)
        message.pop("entities", None)
        message["voice"] = {"file_id": file_id, "file_unique_id": f"u{file_id}", "duration": duration,
                            "mime_type": mime_type, "file_size": len(data) if declared_size is None else declared_size}
        return self.push_update({"message": message})

    def drafts_to(self, chat_id: int) -> list[Draft]:
        with self._lock:
            return list(self.drafts.get(chat_id, []))

    def send_photo(self, chat_id: int, user_id: int, data: bytes, width: int, height: int,
                   caption: str | None = None, declared_size: int | None = None) -> dict:
        """Inject a photo message (Telegram's sizes: a thumbnail, then the photo itself, each downloadable)."""
        message = self.user_message(chat_id, user_id, "")
        message.pop("text", None)
        message.pop("entities", None)
        sizes = []
        for scale, blob in ((8, b"thumbnail"), (1, data)):
            file_id = f"photo{self.next_message_id()}"
            with self._lock:
                self.files[file_id] = (f"photos/{file_id}.jpg", blob)
            sizes.append({"file_id": file_id, "file_unique_id": f"u{file_id}", "width": width // scale,
                          "height": height // scale,
                          "file_size": len(blob) if scale > 1 or declared_size is None else declared_size})
        message["photo"] = sizes
        if caption:
            message["caption"] = caption
        return self.push_update({"message": message})

    def edit_text(self, update: dict, new_text: str) -> dict:
        """Inject the ``edited_message`` update of a text message sent earlier (same message id, new text)."""
        message = dict(update["message"], text=new_text, edit_date=int(time.time()))
        message.pop("entities", None)
        if entities := auto_entities(new_text):
            message["entities"] = entities
        with self._lock:
            self.messages[message["message_id"]] = message
        return self.push_update({"edited_message": message})

    def press(self, sent: Sent, data: str, user_id: int) -> dict:
        """Inject a callback-query press of an inline button on a message the bot sent."""
        with self._lock:
            message = self.messages[sent.message_id]
        query = {"id": f"cq{self.next_message_id()}", "from": {"id": user_id, "is_bot": False, "first_name": "u"},
                 "chat_instance": f"ci{sent.chat_id}", "data": data, "message": message}
        return self.push_update({"callback_query": query})

    def fail_next(self, method: str, times: int = 1, retry_after: int = 1) -> None:
        """Answer the next ``times`` calls of ``method`` with 429 Too Many Requests (``retry_after`` seconds)."""
        with self._lock:
            self.faults[method] = self.faults.get(method, 0) + times
            self.fault_retry_after[method] = retry_after

    def drop_next(self, method: str, times: int = 1) -> None:
        """Answer the next ``times`` calls of ``method`` by closing the connection without a response (a network
        error for the client: the call is recorded in ``calls``, nothing is sent)."""
        with self._lock:
            self.drops[method] = self.drops.get(method, 0) + times

    def hold(self, method: str) -> threading.Event:
        """Calls of ``method`` are recorded, then wait (at most 120 s) until the returned event is set."""
        with self._lock:
            event = self.holds[method] = threading.Event()
        return event

    def sent_to(self, chat_id: int) -> list[Sent]:
        with self._lock:
            return list(self.sent.get(chat_id, []))

    def all_sent(self) -> list[Sent]:
        with self._lock:
            return sorted((s for msgs in self.sent.values() for s in msgs), key=lambda s: s.at)

    def wait_sent(self, chat_id: int, count: int, timeout: float = 120.0) -> list[Sent]:
        """Block until at least ``count`` messages were sent to ``chat_id``; AssertionError on timeout."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while len(self.sent.get(chat_id, [])) < count:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    got = [s.text[:200] for s in self.sent.get(chat_id, [])]
                    raise AssertionError(f"chat {chat_id}: expected {count} messages, got {len(got)}: {got}")
                self._lock.wait(min(remaining, 0.5))
            return list(self.sent[chat_id])

    def wait_until(self, condition, what: str, timeout: float = 120.0):
        """Block until ``condition()`` (called under the lock, re-checked whenever the stand-in records something)
        returns a true value, and return it; AssertionError naming ``what`` when ``timeout`` passes first (a
        generous bound for a stuck bot, not a measured duration)."""
        deadline = time.monotonic() + timeout
        with self._lock:
            while not (result := condition()):
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError(f"not within {timeout:.0f} s: {what}")
                self._lock.wait(min(remaining, 0.5))
            return result

    def wait_callback_answers(self, count: int, timeout: float = 120.0) -> list[dict]:
        """Block until the bot has answered ``count`` callback queries in all; returns them."""
        return self.wait_until(lambda: len(self.callback_answers) >= count and list(self.callback_answers),
                               f"{count} answered callback queries", timeout)

    def wait_calls(self, method: str, count: int = 1, timeout: float = 120.0) -> None:
        deadline = time.monotonic() + timeout
        with self._lock:
            while sum(1 for m, _ in self.calls if m == method) < count:
                remaining = deadline - time.monotonic()
                if remaining <= 0:
                    raise AssertionError(f"{method} was not called {count} times")
                self._lock.wait(min(remaining, 0.5))

    def calls_of(self, method: str) -> list[dict]:
        with self._lock:
            return [p for m, p in self.calls if m == method]

    # ------------------------------------------------------------------ HTTP side
    async def _params(self, request: web.Request) -> dict[str, Any]:
        params: dict[str, Any] = dict(request.query)
        if request.method == "POST" and request.can_read_body:
            ctype = request.content_type
            if ctype == "application/json":
                params.update(await request.json())
            elif ctype.startswith("multipart/") or ctype == "application/x-www-form-urlencoded":
                form = await request.post()
                for key, value in form.items():
                    params[key] = value.file.read() if hasattr(value, "file") else value
        for key, value in list(params.items()):
            if key in _JSON_FIELDS and isinstance(value, str):
                params[key] = json.loads(value)
            elif key in _INT_FIELDS and isinstance(value, str):
                try:
                    params[key] = int(value)
                except ValueError:
                    pass
        return params

    @staticmethod
    def _ok(result: Any) -> web.Response:
        return web.json_response({"ok": True, "result": result})

    @staticmethod
    def _error(code: int, description: str, **parameters: Any) -> web.Response:
        body: dict[str, Any] = {"ok": False, "error_code": code, "description": description}
        if parameters:
            body["parameters"] = parameters
        return web.json_response(body, status=code)

    async def _api(self, request: web.Request) -> web.Response:
        token = request.match_info["token"]
        if not _TOKEN_SHAPE.fullmatch(token):
            return self._error(404, "Not Found")
        if token != self.token:
            return self._error(401, "Unauthorized")
        method = request.match_info["method"]
        params = await self._params(request)
        with self._lock:
            self.calls.append((method, params))
            chat = int(params["chat_id"]) if _limited(method) and str(params.get("chat_id", "")).lstrip("-").isdigit() \
                else None
            if chat is not None and time.monotonic() < self._retry_until.get(chat, 0.0):
                self.early_calls.append((method, chat))  # retry_after was not respected: refused again
                self._lock.notify_all()
                return self._error(429, "Too Many Requests: retry after 1", retry_after=1)
            if self.faults.get(method, 0) > 0:
                self.faults[method] -= 1
                self.fault_hits[method] = self.fault_hits.get(method, 0) + 1
                wait = self.fault_retry_after.get(method, 1)
            else:
                wait = self._flood_wait(method, params)
                if wait:
                    self.flood_hits.append((method, int(params.get("chat_id") or 0), wait))
            if wait:
                if chat is not None:
                    self._retry_until[chat] = time.monotonic() + wait
                self._lock.notify_all()
                return self._error(429, f"Too Many Requests: retry after {wait}", retry_after=wait)
            dropped = self.drops.get(method, 0) > 0
            if dropped:
                self.drops[method] -= 1
                self.drop_hits[method] = self.drop_hits.get(method, 0) + 1
            self._lock.notify_all()
            held = self.holds.get(method)
        if held is not None and not held.is_set():
            await asyncio.get_running_loop().run_in_executor(None, held.wait, 120.0)
        if dropped:
            request.transport.close()  # the client reads a closed connection: no status, no body
            return web.Response(status=204)
        handler = getattr(self, f"_m_{method}", None)
        if handler is None:
            return self._error(404, f"Not Found: method {method} is not implemented by the stand-in")
        return await handler(params)

    def _flood_wait(self, method: str, params: dict) -> int:
        """0 when ``method`` may run now under the flood limits (a token is taken), else its retry_after (called
        under the lock)."""
        if self.flood is None or self._global_bucket is None or not _limited(method) or "chat_id" not in params:
            return 0
        now = time.monotonic()
        chat = int(params["chat_id"])
        bucket = self._chat_buckets.setdefault(chat, _Bucket(self.flood.chat_per_second, self.flood.chat_burst))
        wait = bucket.take(now)
        if wait:
            return max(1, math.ceil(wait))
        wait = self._global_bucket.take(now)
        if wait:
            bucket.tokens += 1.0  # the chat's token is given back: the call did not happen
            return max(1, math.ceil(wait))
        return 0

    async def _file(self, request: web.Request) -> web.Response:
        if request.match_info["token"] != self.token:
            return web.Response(status=401)
        path = request.match_info["path"]
        with self._lock:
            for file_path, data in self.files.values():
                if file_path == path:
                    return web.Response(body=data)
        return web.Response(status=404)

    # --- methods
    async def _m_getMe(self, params: dict) -> web.Response:
        return self._ok(BOT_USER)

    async def _m_deleteWebhook(self, params: dict) -> web.Response:
        with self._lock:
            self.webhook = None
        return self._ok(True)

    async def _m_setWebhook(self, params: dict) -> web.Response:
        with self._lock:
            self.webhook = {"url": params.get("url"), "secret_token": params.get("secret_token")}
        return self._ok(True)

    async def _m_setMyCommands(self, params: dict) -> web.Response:
        with self._lock:
            self.commands[params.get("language_code") or ""] = params.get("commands") or []
        return self._ok(True)

    async def _m_getMyCommands(self, params: dict) -> web.Response:
        with self._lock:
            return self._ok(self.commands.get(params.get("language_code") or "", []))

    async def _m_getUpdates(self, params: dict) -> web.Response:
        offset = int(params.get("offset") or 0)
        limit = int(params.get("limit") or 100)
        timeout = float(params.get("timeout") or 0)
        deadline = time.monotonic() + timeout
        while True:
            self._wakeup.clear()
            with self._lock:
                if offset:
                    self._updates = [u for u in self._updates if u["update_id"] >= offset]
                batch = (self._redeliver + self._updates)[:limit]
                self._redeliver = []
                now = time.monotonic()
                for update in batch:
                    self.delivered_at.setdefault(update["update_id"], now)
            if batch or self._closing or time.monotonic() >= deadline:
                return self._ok(batch)
            try:
                await asyncio.wait_for(self._wakeup.wait(), max(0.0, deadline - time.monotonic()))
            except TimeoutError:
                pass

    def _record(self, method: str, params: dict, message_id: int | None = None) -> dict:
        chat_id = int(params["chat_id"])
        reply_to = params.get("reply_to_message_id")
        if isinstance(params.get("reply_parameters"), dict):
            reply_to = params["reply_parameters"].get("message_id")
        new = message_id is None
        message_id = self.next_message_id() if new else message_id
        chat_type = "private" if chat_id > 0 else "group"
        message = {"message_id": message_id, "date": int(time.time()), "chat": {"id": chat_id, "type": chat_type},
                   "from": BOT_USER, "text": params.get("text", "")}
        if params.get("reply_markup"):
            message["reply_markup"] = params["reply_markup"]
        sent = Sent(message_id=message_id, chat_id=chat_id, text=params.get("text", ""),
                    parse_mode=params.get("parse_mode"), reply_markup=params.get("reply_markup"),
                    reply_to_message_id=int(reply_to) if reply_to is not None else None, method=method,
                    seq=next(self._seq))
        with self._lock:
            self.messages[message_id] = message
            self.sent.setdefault(chat_id, []).append(sent)
            self._lock.notify_all()
        return message

    def _refuse(self, method: str, params: dict) -> web.Response | None:
        """The 400 Telegram would answer for this message text (recorded in ``rejected``), or None."""
        text = str(params.get("text", ""))
        problem = None
        if not text.strip():
            problem = "message text is empty"
        elif len(text) > 4096:  # stricter than Telegram (which counts after entity parsing)
            problem = "message is too long"
        elif str(params.get("parse_mode") or "").upper() == "HTML" and (html := html_problem(text)):
            problem = f"can't parse entities: {html}"
        if problem is None:
            return None
        with self._lock:
            self.rejected.append((method, problem, params))
            self._lock.notify_all()
        return self._error(400, f"Bad Request: {problem}")

    async def _m_sendMessage(self, params: dict) -> web.Response:
        return self._refuse("sendMessage", params) or self._ok(self._record("sendMessage", params))

    async def _m_sendMessageDraft(self, params: dict) -> web.Response:
        chat_id = int(params.get("chat_id") or 0)
        if chat_id <= 0:
            return self._error(400, "Bad Request: drafts can be sent only to private chats")
        if not int(params.get("draft_id") or 0):
            return self._error(400, "Bad Request: draft_id must be non-zero")
        if str(params.get("text") or "").strip():  # an empty draft is the "Thinking..." placeholder
            refused = self._refuse("sendMessageDraft", params)
            if refused:
                return refused
        draft = Draft(chat_id, int(params["draft_id"]), str(params.get("text") or ""), params.get("parse_mode"),
                      seq=next(self._seq))
        with self._lock:
            self.drafts.setdefault(chat_id, []).append(draft)
            self._lock.notify_all()
        return self._ok(True)

    async def _m_editMessageText(self, params: dict) -> web.Response:
        refused = self._refuse("editMessageText", params)
        return refused or self._ok(self._record("editMessageText", params, message_id=int(params["message_id"])))

    async def _m_sendPhoto(self, params: dict) -> web.Response:
        """Kept in ``photos`` (chat id, bytes, caption) and recorded as a sent message with the caption as text."""
        photo = params.get("photo")
        if not isinstance(photo, bytes | bytearray) or not photo:
            return self._error(400, "Bad Request: there is no photo in the request")
        with self._lock:
            self.photos.append((int(params["chat_id"]), bytes(photo), params.get("caption")))
        return self._ok(self._record("sendPhoto", {**params, "text": params.get("caption") or ""}))

    async def _m_sendChatAction(self, params: dict) -> web.Response:
        with self._lock:
            self.chat_actions.append((int(params["chat_id"]), params.get("action")))
        return self._ok(True)

    async def _m_answerCallbackQuery(self, params: dict) -> web.Response:
        with self._lock:
            self.callback_answers.append(params)
            self._lock.notify_all()
        return self._ok(True)

    async def _m_getFile(self, params: dict) -> web.Response:
        file_id = params.get("file_id")
        with self._lock:
            if file_id not in self.files:
                return self._error(400, "Bad Request: invalid file_id")
            path, data = self.files[file_id]
        return self._ok({"file_id": file_id, "file_unique_id": f"u{file_id}", "file_size": len(data),
                         "file_path": path})


_HTML_TOKEN = re.compile(r"<(/?)([a-zA-Z-]+)(?:\s[^<>]*)?>|&(?:lt|gt|amp|quot|#\d+|#x[0-9a-fA-F]+);|[<&]")
_HTML_TAGS = {"b", "strong", "i", "em", "u", "ins", "s", "strike", "del", "a", "code", "pre", "span",
              "tg-spoiler", "blockquote", "tg-emoji"}


def plain(sent_text: str) -> str:
    """A sent HTML message as the user reads it: bold tags dropped, entities unescaped."""
    return html.unescape(sent_text.replace("<b>", "").replace("</b>", ""))


def html_problem(text: str) -> str | None:
    """Why Telegram would reject ``text`` in parse_mode=HTML (unknown/unbalanced tag, raw < or &), else None."""
    stack: list[str] = []
    for match in _HTML_TOKEN.finditer(text):
        token = match.group(0)
        if token in ("<", "&"):
            return f"unescaped {token!r} at offset {match.start()}"
        if match.group(2):
            tag = match.group(2).lower()
            if tag not in _HTML_TAGS:
                return f"unsupported tag {tag!r}"
            if match.group(1):
                if not stack or stack.pop() != tag:
                    return f"unmatched end tag {tag!r}"
            else:
                stack.append(tag)
    return f"unclosed tag {stack[-1]!r}" if stack else None


def _utf16_index(text: str, index: int) -> int:
    return len(text[:index].encode("utf-16-le")) // 2


def auto_entities(text: str, commands: bool = True) -> list[dict]:
    """The entities Telegram would attach: a leading /command and @mentions of the bot (offsets in UTF-16 units)."""
    entities = []
    if commands and text.startswith("/"):
        entities.append({"type": "bot_command", "offset": 0, "length": _utf16_index(text, len(text.split()[0]))})
    mention = "@" + BOT_USER["username"]
    if mention in text:
        start = text.index(mention)
        entities.append({"type": "mention", "offset": _utf16_index(text, start), "length": len(mention)})
    return entities


HELP_MARK = "Write your question"  # in the bot's /help answer


def settle_all(fake: FakeTelegram, chats: dict[int, int], timeout: float = 300.0) -> dict[int, list[Sent]]:
    """Everything the bot sent to each chat (``chat -> marker user``) once it has processed all earlier updates of
    that chat: a /help queued last is answered last (one chat's updates are processed in order). This replaces
    waiting "long enough" for something that must not happen."""
    before = {chat: len(fake.sent_to(chat)) for chat in chats}
    fake.push_updates([{"message": fake.user_message(
        chat, user, "/help" + ("@" + BOT_USER["username"] if chat < 0 else ""),
        chat_type="group" if chat < 0 else "private")} for chat, user in chats.items()])

    def helped() -> dict[int, list[Sent]] | None:
        sent = {chat: list(fake.sent.get(chat, [])) for chat in chats}
        done = all(any(HELP_MARK in s.text for s in sent[chat][before[chat]:]) for chat in chats)
        return sent if done else None

    return fake.wait_until(helped, f"/help answered in {len(chats)} chat(s)", timeout)


def settle(fake: FakeTelegram, chat: int, marker_user: int, timeout: float = 120.0) -> list[Sent]:
    """:func:`settle_all` for one chat."""
    return settle_all(fake, {chat: marker_user}, timeout)[chat]


# ====================================================================================== running the real bot
REPO = __import__("pathlib").Path(__file__).resolve().parents[2]


def rag_bot_command() -> list[str]:
    """The installed ``rag-bot`` entry point of the running interpreter's environment (next to
    ``sys.executable``, else on PATH); ``python -m rag_bot.frontends.cli`` when none is installed."""
    from pathlib import Path

    beside = Path(sys.executable).parent / "rag-bot"
    if beside.is_file():
        return [str(beside)]
    found = shutil.which("rag-bot")
    return [found] if found else [sys.executable, "-m", "rag_bot.frontends.cli"]


def ingest_sample_corpus(index_dir) -> None:
    """Ingest data/corpus into ``index_dir`` with the real CLI (once; a manifest means it is done)."""
    import os
    import subprocess

    if (index_dir / "manifest.json").exists():
        return
    env = {k: v for k, v in os.environ.items() if k not in {"GOOGLE_API_KEY", "TELEGRAM_BOT_TOKEN"}}
    subprocess.run([*rag_bot_command(), "ingest", str(REPO / "data" / "corpus"),
                    "--index-dir", str(index_dir)], check=True, env=env, cwd=str(index_dir.parent),
                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=600)


class BotProcess:
    """``rag-bot telegram`` as a subprocess wired to a :class:`FakeTelegram`."""

    def __init__(self, fake: FakeTelegram, workdir, index_dir, admin_ids: str = "42", **env: str) -> None:
        import os

        self.fake = fake
        self.workdir = workdir
        self.log_path = workdir / "bot.log"
        self.upload_dir = workdir / "uploads"
        self.sqlite_path = workdir / "memory.sqlite"
        self.index_dir = index_dir
        self.env = {k: v for k, v in os.environ.items()
                    if not k.startswith("RAG_BOT_") and k not in {"GOOGLE_API_KEY", "TELEGRAM_BOT_TOKEN"}}
        self.env.update({
            "TELEGRAM_BOT_TOKEN": fake.token,
            "RAG_BOT_TELEGRAM_BASE_URL": fake.base_url,
            "RAG_BOT_TELEGRAM_BASE_FILE_URL": fake.base_file_url,
            "RAG_BOT_INDEX_DIR": str(index_dir),
            "RAG_BOT_SQLITE_PATH": str(self.sqlite_path),
            "RAG_BOT_UPLOAD_DIR": str(self.upload_dir),
            "RAG_BOT_TELEGRAM_ADMIN_IDS": admin_ids,
            "RAG_BOT_LLM_PROVIDER": "extractive",
            "ANONYMIZED_TELEMETRY": "False",
            **env,
        })
        self.proc = None

    def start(self, timeout: float = 180.0, wait: bool = True) -> BotProcess:
        """Start the process and (``wait``) return once it listens for updates and has set its commands."""
        import subprocess

        self._log = open(self.log_path, "wb")
        self.proc = subprocess.Popen([*rag_bot_command(), "telegram"], env=self.env,
                                     cwd=str(self.workdir), stdout=self._log, stderr=subprocess.STDOUT)
        if not wait:
            return self
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"bot exited with {self.proc.returncode}:\n{self.log()}")
            listening = self.fake.calls_of("getUpdates") or self.fake.calls_of("setWebhook")
            if listening and len(self.fake.calls_of("setMyCommands")) >= 2:
                return self
            time.sleep(0.2)
        raise RuntimeError(f"bot did not start in {timeout} s:\n{self.log()}")

    def log(self) -> str:
        return self.log_path.read_text(errors="replace") if self.log_path.exists() else ""

    def peak_memory_kb(self) -> int | None:
        """VmHWM (peak resident set) of the bot process, in kB."""
        try:
            for line in open(f"/proc/{self.proc.pid}/status"):
                if line.startswith("VmHWM:"):
                    return int(line.split()[1])
        except OSError:
            return None
        return None

    def stop(self) -> None:
        import signal
        import subprocess

        if self.proc is not None and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGINT)
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        if getattr(self, "_log", None):
            self._log.close()


@contextmanager
def bot_on_copy(fake: FakeTelegram, work, index_dir, **kwargs: str) -> Iterator[BotProcess]:
    """A started :class:`BotProcess` in ``work`` on a private copy of ``index_dir`` (``work / "index"``: the bot's
    uploads change it), stopped on exit; ``kwargs`` as for :class:`BotProcess`."""
    shutil.copytree(index_dir, work / "index")
    process = BotProcess(fake, work, work / "index", **kwargs).start()
    try:
        yield process
    finally:
        process.stop()


# ====================================================================================== load scenario
LOAD_TOPICS = ["silence on 1969-01-23", "love", "fear", "death", "music", "friendship", "anger", "work",
               "the river", "education"]


@dataclass
class LoadResult:
    users: int
    per_user: int
    seconds: float
    questions: dict[int, list[int]]  # chat id -> question message ids in the order they were sent
    answers: dict[int, list[Sent]]  # chat id -> first parts of the answers (they reply to the question)
    problems: list[str]
    started: float = 0.0  # time.monotonic() when the questions were queued (Sent.at uses the same clock)

    @property
    def answered(self) -> int:
        return sum(len(a) for a in self.answers.values())


def run_load(fake: FakeTelegram, users: int = 50, per_user: int = 5, first_chat: int = 500_000,
             timeout: float = 1200.0) -> LoadResult:
    """``users`` private chats each send ``per_user`` questions at once (all updates queued together, chats
    interleaved); waits for every answer and checks: each question answered exactly once, answers in the order
    of the questions per chat, nothing delivered to the wrong chat."""
    payloads, order = [], []
    for k in range(per_user):
        for u in range(users):
            chat = first_chat + u
            topic = LOAD_TOPICS[(u + k) % len(LOAD_TOPICS)]
            payloads.append({"message": fake.user_message(chat, chat, f"Question {k + 1} of user {u}: what was "
                                                                      f"said about {topic}?")})
            order.append(chat)
    start = time.monotonic()
    updates = fake.push_updates(payloads)
    questions: dict[int, list[int]] = {}
    for chat, update in zip(order, updates, strict=True):
        questions.setdefault(chat, []).append(update["message"]["message_id"])

    def answers_of(chat: int) -> list[Sent]:
        return [s for s in fake.sent_to(chat) if s.reply_to_message_id is not None]

    deadline = start + timeout
    with fake._lock:
        while any(len([s for s in fake.sent.get(c, []) if s.reply_to_message_id is not None]) < per_user
                  for c in questions):
            if time.monotonic() > deadline:
                break
            fake._lock.wait(0.5)
    seconds = time.monotonic() - start
    settle_all(fake, {chat: chat for chat in questions})  # anything answered twice shows up before the /help answer
    answers = {chat: answers_of(chat) for chat in questions}
    problems: list[str] = []
    all_questions = {qid: chat for chat, ids in questions.items() for qid in ids}
    for chat, ids in questions.items():
        replied = [a.reply_to_message_id for a in answers[chat]]
        if replied != ids:
            problems.append(f"chat {chat}: questions {ids}, answers replied to {replied}")
        for a in answers[chat]:
            if all_questions.get(a.reply_to_message_id) != chat:
                problems.append(f"chat {chat}: answer to message {a.reply_to_message_id} of another chat")
            if a.chat_id != chat:
                problems.append(f"answer recorded for chat {a.chat_id} under {chat}")
    return LoadResult(users, per_user, seconds, questions, answers, problems, started=start)


# ====================================================================================== flood scenario
@dataclass
class FloodResult:
    flood: int
    answer_seconds: float  # median time of one answer with the bot otherwise idle (same run)
    other_seconds: float  # the other chat's question -> its answer, while the flood was queued
    other_delivered_seconds: float  # the other chat's question -> the bot fetched it (getUpdates)
    flood_answers_before_other: int  # answers to the flooding chat recorded before the other chat's answer
    flood_answers_total: int  # answers to the flooding chat recorded when the other chat was answered
    notices: list[str]  # what the flooding chat was told besides answers
    flood_answer_seconds: float = 0.0  # median gap between the flood's consecutive answers (answer-time under load)

    @property
    def answer_times(self) -> float:
        """The other chat's whole wait in answer-times."""
        return self.other_seconds / self.answer_seconds if self.answer_seconds else float("inf")

    @property
    def answer_times_after_fetch(self) -> float:
        """The other chat's wait from the moment the bot fetched its question, in answer-times (the fetch itself
        waits for the updates queued before it: getUpdates delivers in order)."""
        waited = self.other_seconds - self.other_delivered_seconds
        return waited / self.answer_seconds if self.answer_seconds else float("inf")


def _answers(fake: FakeTelegram, chat: int) -> list[Sent]:
    return [s for s in fake.sent_to(chat) if s.reply_to_message_id is not None]


def _wait_answers(fake: FakeTelegram, chat: int, count: int, timeout: float) -> list[Sent]:
    deadline = time.monotonic() + timeout
    with fake._lock:
        while len([s for s in fake.sent.get(chat, []) if s.reply_to_message_id is not None]) < count:
            if time.monotonic() > deadline:
                raise AssertionError(f"chat {chat}: fewer than {count} answers in {timeout:.0f} s")
            fake._lock.wait(0.5)
    return _answers(fake, chat)


def run_flood(fake: FakeTelegram, flood: int = 700, flood_chat: int = 900_001, other_chat: int = 900_002,
              probe_chat: int = 900_003, probes: int = 3, timeout: float = 600.0, gaps_of: int = 0) -> FloodResult:
    """One chat sends ``flood`` questions at once, then another chat asks one question.

    First the answer-time is measured with the bot idle (after one warm-up question, ``probes`` questions one
    after another in a third chat);
    then the flood and the other chat's question are queued, and the scenario waits for the other chat's answer
    (and, with ``gaps_of``, for that many of the flood's answers, to measure their pace).
    """
    question = "What was said about silence on 1969-01-23?"
    fake.send_text(probe_chat, probe_chat, question)  # warm-up: the first answer loads models and indexes
    _wait_answers(fake, probe_chat, 1, timeout)
    times = []
    for k in range(probes):
        update = fake.send_text(probe_chat, probe_chat, question)
        [*_, answer] = _wait_answers(fake, probe_chat, k + 2, timeout)
        times.append(answer.at - update_time(fake, update))
    answer_seconds = sorted(times)[len(times) // 2]

    fake.push_updates([{"message": fake.user_message(flood_chat, flood_chat, f"Flood {i}: {question}")}
                       for i in range(flood)])
    asked_at = time.monotonic()
    other = fake.send_text(other_chat, other_chat, question)
    [answer] = _wait_answers(fake, other_chat, 1, timeout)
    flood_answers = _answers(fake, flood_chat)
    notices = [s.text for s in fake.sent_to(flood_chat) if s.reply_to_message_id is None]
    delivered = fake.delivered_at.get(other["update_id"], answer.at) - asked_at
    result = FloodResult(flood, answer_seconds, answer.at - asked_at, delivered,
                         sum(1 for s in flood_answers if s.seq < answer.seq), len(flood_answers), notices)
    if gaps_of:  # the flood's own pace, while it is served: the answer-time under this very load
        try:
            served = _wait_answers(fake, flood_chat, min(gaps_of, flood) + 1, timeout)
        except AssertionError:
            served = _answers(fake, flood_chat)
        gaps = sorted(b.at - a.at for a, b in zip(served, served[1:], strict=False))
        result.flood_answer_seconds = gaps[len(gaps) // 2] if gaps else 0.0
    return result


def update_time(fake: FakeTelegram, update: dict) -> float:
    """When an update was queued (time.monotonic), recorded by push_update."""
    return fake.queued_at[update["update_id"]]
