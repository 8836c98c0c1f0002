"""Webhook serving fit for a platform that starts, probes and stops instances (Cloud Run and the like).

* The listener opens first (on ``$PORT`` when set), before the bot API handshake, the index load and the model
  warm-up: ``GET /healthz`` answers 200 at once (alive), ``GET /readyz`` answers 503 until the bot is ready to
  answer (index loaded, model warmed, webhook registered) and 200 from then on.
* Telegram's POSTs to the webhook path are checked (JSON, the secret token in constant time), turned into
  updates, claimed (the update's lease, :mod:`rag_bot.frontends.telegram.claims`) and handed to the application's
  update processor (per-chat order and fairness, :mod:`rag_bot.frontends.telegram.fairness`, and the chat's lease
  across instances). The turn runs inside the request: the answer to Telegram is 200 once the update was processed
  (its answer sent) or was answered before; 503 (with ``Retry-After``) when it is in progress on another instance,
  before the bot is ready, once it is stopping, when a turn was abandoned at the stop or when the memory cannot be
  reached, so Telegram delivers the update again later, to this or another instance (docs/deployment.md says why
  the turn runs inside the request rather than behind a queue).
* SIGTERM or SIGINT stops intake, lets the turns in flight finish within ``Settings.shutdown_grace_s`` and then
  abandons what is left (logged with the update ids; their leases are released, not marked done), closes the
  backend and returns.
* Several instances behind one bot must share one webhook secret: :func:`check_serving` refuses a
  multi-instance configuration without one (a secret invented per process would be replaced by the next
  instance's ``setWebhook``, and every delivery to the others would get 403).
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import os
import secrets
import signal
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from http import HTTPStatus
from typing import Any
from urllib.parse import urlparse

import tornado.web
from tornado.httpserver import HTTPServer

from rag_bot.config import Settings
from rag_bot.errors import ConfigurationError
from rag_bot.memory.errors import MemoryUnavailableError
from rag_bot.memory.leases import Busy

log = logging.getLogger(__name__)

SECRET_HEADER = "X-Telegram-Bot-Api-Secret-Token"
STARTING, READY, STOPPING = "starting", "ready", "stopping"


def check_serving(settings: Settings) -> None:
    """:class:`ConfigurationError` (one sentence) when the settings allow several instances but cannot serve them:
    no webhook (long polling admits one consumer per bot), no shared webhook secret, or a memory of one machine
    (SQLite, in-process) that the other instances cannot see (their leases, threads and de-duplication)."""
    if not settings.runs_multi_instance:
        return
    why = ("RAG_BOT_MULTI_INSTANCE is on" if settings.multi_instance
           else "Cloud Run (K_SERVICE is set) may run several instances")
    if not settings.telegram_webhook_url:
        raise ConfigurationError(f"{why}, and several instances need webhook mode: set RAG_BOT_TELEGRAM_WEBHOOK_URL "
                                 "(long polling admits one instance per bot; RAG_BOT_MULTI_INSTANCE=false if there "
                                 "is only one).")
    if settings.telegram_webhook_secret is None:
        raise ConfigurationError(f"{why}, and every instance must check the same webhook secret: set "
                                 "RAG_BOT_TELEGRAM_WEBHOOK_SECRET (1-256 characters A-Z, a-z, 0-9, _ and -) for all "
                                 "of them.")
    if settings.checkpointer != "firestore":
        raise ConfigurationError(f"{why}, and the instances must share their conversation memory, which "
                                 f"{settings.checkpointer} memory cannot: set RAG_BOT_CHECKPOINTER=firestore (or "
                                 "RAG_BOT_MULTI_INSTANCE=false if there is only one instance).")


class ServingState:
    """What the probes report and whether the webhook takes updates; the turns in flight."""

    def __init__(self) -> None:
        self.phase = STARTING
        self.in_flight: dict[asyncio.Task[None], int] = {}  # task -> update id


class _Probe(tornado.web.RequestHandler):
    def initialize(self, state: ServingState, ready_only: bool) -> None:
        self.state = state
        self.ready_only = ready_only

    def log_exception(self, *args: object) -> None:  # nothing to log for a probe
        return None

    def get(self) -> None:
        ok = not self.ready_only or self.state.phase == READY
        self.set_status(HTTPStatus.OK if ok else HTTPStatus.SERVICE_UNAVAILABLE)
        self.set_header("Content-Type", "text/plain; charset=utf-8")
        self.set_header("Cache-Control", "no-store")
        self.finish(("ok" if not self.ready_only else self.state.phase) + "\n")

    head = get


class _Webhook(tornado.web.RequestHandler):
    SUPPORTED_METHODS = ("POST",)  # type: ignore[assignment]

    def initialize(self, state: ServingState, secret: str, webhook: WebhookServer) -> None:
        self.state = state
        self.secret = secret
        self.webhook = webhook

    def log_exception(self, *args: object) -> None:  # refusals are answered, not logged
        return None

    async def post(self) -> None:
        if self.request.headers.get("Content-Type", "").split(";")[0].strip() != "application/json":
            raise tornado.web.HTTPError(HTTPStatus.FORBIDDEN)
        given = self.request.headers.get(SECRET_HEADER, "")
        if not hmac.compare_digest(given.encode(), self.secret.encode()):
            raise tornado.web.HTTPError(HTTPStatus.FORBIDDEN)
        if self.state.phase != READY:  # Telegram delivers it again later, here or to another instance
            self.set_header("Retry-After", "1")
            raise tornado.web.HTTPError(HTTPStatus.SERVICE_UNAVAILABLE)
        try:
            data = json.loads(self.request.body)
            if not isinstance(data, dict):
                raise ValueError("not an object")
            update = self.webhook.parse(data)
        except (ValueError, TypeError, KeyError) as exc:
            log.warning("webhook: a request that is not an update was refused (%s)", type(exc).__name__)
            raise tornado.web.HTTPError(HTTPStatus.BAD_REQUEST) from None
        status = await self.webhook.process(update)
        if status == HTTPStatus.SERVICE_UNAVAILABLE:
            self.set_header("Retry-After", "1")
        self.set_status(status)
        self.finish()


class WebhookServer:
    """The HTTP listener (probes + webhook) and the turns it started, for one ``Application``."""

    def __init__(self, application: Callable[[], Any], secret: str, path: str) -> None:
        self._application = application  # built after the listener opened
        self.state = ServingState()
        routes = [
            (r"/healthz", _Probe, {"state": self.state, "ready_only": False}),
            (r"/readyz", _Probe, {"state": self.state, "ready_only": True}),
            (rf"/{path.strip('/')}/?" if path.strip("/") else r"/", _Webhook,
             {"state": self.state, "secret": secret, "webhook": self}),
        ]
        self._http = HTTPServer(tornado.web.Application(routes, log_function=lambda handler: None),
                                xheaders=True)

    def listen(self, port: int, address: str) -> None:
        """Open the port now (the probes answer from here on); one sentence when it cannot be opened."""
        try:
            self._http.listen(port, address=address)
        except OSError as exc:
            raise ConfigurationError(f"The webhook listener cannot open {address}:{port} ({exc.strerror or exc}); "
                                     "set PORT or RAG_BOT_TELEGRAM_WEBHOOK_PORT to a free port.") from None

    def parse(self, data: dict) -> Any:
        """``data`` as an update of the running application (ValueError/TypeError/KeyError when it is none)."""
        from telegram import Update
        from telegram.ext import ExtBot

        bot = self._application().bot
        update = Update.de_json(data, bot)
        if isinstance(bot, ExtBot):
            bot.insert_callback_data(update)
        return update

    async def process(self, update: Any) -> HTTPStatus:
        """Claim ``update``, process it (per-chat order, fairness, the chat's lease) and say how it ended: 200 done
        (now or before), 503 when Telegram should deliver it again (held elsewhere, abandoned, no memory)."""
        claims = self._application().bot_data.get("turn_claims")
        lease = None
        if claims is not None:
            try:
                claimed = await claims.claim_update(update.update_id)
            except MemoryUnavailableError as exc:
                log.warning("update %s not claimed (%s); Telegram delivers it again", update.update_id, exc)
                return HTTPStatus.SERVICE_UNAVAILABLE
            if claimed is Busy.DONE:
                log.info("update %s was answered before; not again", update.update_id)
                return HTTPStatus.OK
            if claimed is Busy.HELD:
                log.info("update %s is in progress (on another instance, or delivered twice)", update.update_id)
                return HTTPStatus.SERVICE_UNAVAILABLE
            if self.state.phase != READY:  # the stop began while it was claimed: the next delivery takes it
                await claims.store.arelease(claimed)
                return HTTPStatus.SERVICE_UNAVAILABLE
            lease = claimed
        task = asyncio.get_running_loop().create_task(self._process(update, claims, lease))
        self.state.in_flight[task] = update.update_id
        task.add_done_callback(self._done)
        await asyncio.wait({task})
        if task.cancelled():
            return HTTPStatus.SERVICE_UNAVAILABLE
        return HTTPStatus.OK if task.exception() is None else HTTPStatus.INTERNAL_SERVER_ERROR

    async def _process(self, update: Any, claims: Any, lease: Any) -> None:
        application = self._application()
        work = application.update_processor.process_update(update, application.process_update(update))
        if lease is None:
            await work
            return
        async with claims.holding_update(lease):
            await work

    def _done(self, task: asyncio.Task[None]) -> None:
        self.state.in_flight.pop(task, None)
        if not task.cancelled() and task.exception() is not None:
            log.error("an update failed outside its handlers", exc_info=task.exception())

    async def drain(self, grace_s: float) -> list[int]:
        """Stop intake, wait up to ``grace_s`` for the turns in flight, cancel the rest; their update ids."""
        self.state.phase = STOPPING
        pending = set(self.state.in_flight)
        if pending:
            log.info("stopping: %d update(s) in flight, up to %.1f s to finish", len(pending), grace_s)
            _, pending = await asyncio.wait(pending, timeout=grace_s)
        abandoned = sorted(self.state.in_flight.get(task, -1) for task in pending)
        for task in pending:
            task.cancel()
        if pending:
            await asyncio.wait(pending, timeout=1.0)
            log.warning("stopping: %d update(s) not finished within the %.1f s grace were abandoned (update ids "
                        "%s)", len(abandoned), grace_s, ", ".join(map(str, abandoned)))
        return abandoned

    async def close(self) -> None:
        self._http.stop()
        await self._http.close_all_connections()


@dataclass
class Stopped:
    """How :func:`serve` ended: the update ids abandoned after the grace, and whether a stop signal cut the
    start-up short (its warm-up may still run in a worker thread)."""

    abandoned: list[int] = field(default_factory=list)
    start_interrupted: bool = False

    @property
    def work_left(self) -> bool:
        return bool(self.abandoned) or self.start_interrupted


async def serve(settings: Settings, secret: str, build: Callable[[], Any] | None = None,
                stop_signals: tuple[int, ...] = (signal.SIGTERM, signal.SIGINT)) -> Stopped:
    """Open the listener, then build the application (``build()``, default the bot's: its modules are imported in
    a worker thread while the probes answer), start it behind the webhook and run until a stop signal."""
    url = settings.telegram_webhook_url or ""
    holder: dict[str, Any] = {}
    server = WebhookServer(lambda: holder["application"], secret, urlparse(url).path)
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    for sig in stop_signals:
        loop.add_signal_handler(sig, stop.set)
    port = settings.webhook_port
    server.listen(port, settings.telegram_webhook_listen)
    log.debug("webhook listener on %s:%d: /healthz alive, /readyz once ready", settings.telegram_webhook_listen, port)

    async def start() -> None:
        from telegram import Update

        holder["application"] = application = await asyncio.to_thread(build or _bot_application(settings))
        await application.initialize()
        if application.post_init is not None:
            await application.post_init(application)  # the backend, the index and the model's warm-up
        await application.bot.set_webhook(url=url, secret_token=secret, allowed_updates=Update.ALL_TYPES)
        await application.start()

    starting = asyncio.create_task(start())
    stopped = asyncio.create_task(stop.wait())
    result = Stopped()
    try:
        await asyncio.wait({starting, stopped}, return_when=asyncio.FIRST_COMPLETED)
        if starting.done():
            starting.result()  # a failed start raises here (one sentence in rag-bot telegram)
            server.state.phase = READY
            log.debug("ready: /readyz answers 200")
            await stopped
        else:
            log.info("stop signal during start-up: not starting")
            result.start_interrupted = True
            starting.cancel()
            await asyncio.wait({starting}, timeout=settings.shutdown_grace_s)
        result.abandoned = await server.drain(settings.shutdown_grace_s)
    finally:
        stopped.cancel()
        for sig in stop_signals:
            loop.remove_signal_handler(sig)
        server.state.phase = STOPPING
        await server.close()
        application = holder.get("application")
        if application is not None:
            if application.running:
                await application.stop()
            await application.shutdown()
            if application.post_shutdown is not None:
                await application.post_shutdown(application)
    return result


def _bot_application(settings: Settings) -> Callable[[], Any]:
    def build() -> Any:
        from rag_bot.frontends.telegram.bot import prepare

        return prepare(settings)

    return build


def webhook_secret(settings: Settings) -> str:
    """The configured secret; without one (a single instance only, :func:`check_serving`) a fresh one for this
    process, registered with ``setWebhook``."""
    if settings.telegram_webhook_secret is not None:
        return settings.telegram_webhook_secret.get_secret_value().strip()
    return secrets.token_urlsafe(32)


def run(settings: Settings, build: Callable[[], Any] | None = None) -> None:
    """:func:`serve` in a fresh event loop until a stop signal (after :func:`check_serving`). When turns were
    abandoned or the start-up cut short, their work may still run in worker threads (a model request, the
    warm-up), which the interpreter would wait for at exit: the process then ends at once, after the backend was
    closed and the log flushed, so the grace stays a bound."""
    check_serving(settings)
    loop = asyncio.new_event_loop()
    stopped = Stopped()
    try:
        stopped = loop.run_until_complete(serve(settings, webhook_secret(settings), build))
    finally:
        try:
            loop.run_until_complete(loop.shutdown_asyncgens())
            if not stopped.work_left:
                loop.run_until_complete(loop.shutdown_default_executor())
        finally:
            loop.close()
    if stopped.work_left:
        logging.shutdown()
        sys.stdout.flush()
        sys.stderr.flush()
        os._exit(0)
