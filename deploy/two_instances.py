#!/usr/bin/env python3
"""Run two (or more) ``rag-bot telegram`` webhook instances side by side behind one local round-robin proxy, as a
platform such as Cloud Run would: one webhook URL, one shared secret, one shared memory (Firestore or its
emulator), one index directory.

    export TELEGRAM_BOT_TOKEN=...               # the bot
    export RAG_BOT_FIRESTORE_PROJECT=my-project # and FIRESTORE_EMULATOR_HOST=127.0.0.1:8681 for the emulator
    python deploy/two_instances.py --url https://my-tunnel.example.org/hook --port 8080

``--url`` is the public address Telegram posts to (a tunnel to ``--port``); every instance registers it with the
same secret (``RAG_BOT_TELEGRAM_WEBHOOK_SECRET``, generated when unset). The proxy sends each delivery to the next
instance in turn, so two messages of one chat usually land on two instances. Each instance logs to
``<--logs>/instance-N.log``; the script prints when each one's port opened and when it became ready, and on Ctrl-C
(or SIGTERM) stops them all with SIGTERM (their bounded grace) and waits for them.
"""

from __future__ import annotations

import argparse
import itertools
import os
import secrets
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.request
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def rag_bot() -> list[str]:
    beside = Path(sys.executable).parent / "rag-bot"
    return [str(beside)] if beside.is_file() else [sys.executable, "-m", "rag_bot.frontends.cli"]


def status(port: int, path: str) -> int | None:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}{path}", timeout=2) as response:
            return response.status
    except urllib.error.HTTPError as exc:
        return exc.code
    except OSError:
        return None


def proxy(ports: list[int]) -> type[BaseHTTPRequestHandler]:
    """A handler that forwards each POST to the next instance (round robin) and relays its answer."""
    turn = itertools.cycle(ports)
    lock = threading.Lock()

    class Forward(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: object) -> None:  # noqa: A002 - stdlib signature
            return

        def do_GET(self) -> None:  # noqa: N802 - stdlib naming
            ready = sum(status(port, "/readyz") == 200 for port in ports)
            self.send_response(200 if ready else 503)
            self.end_headers()
            self.wfile.write(f"{ready} of {len(ports)} instances ready\n".encode())

        def do_POST(self) -> None:  # noqa: N802 - stdlib naming
            body = self.rfile.read(int(self.headers.get("Content-Length") or 0))
            with lock:
                port = next(turn)
            headers = {name: value for name, value in self.headers.items()
                       if name.lower() in ("content-type", "x-telegram-bot-api-secret-token")}
            request = urllib.request.Request(f"http://127.0.0.1:{port}{self.path}", data=body, headers=headers)
            try:
                with urllib.request.urlopen(request, timeout=600) as response:  # the turn runs inside the request
                    code, data = response.status, response.read()
            except urllib.error.HTTPError as exc:
                code, data = exc.code, exc.read()
            except OSError:
                code, data = 502, b""  # that instance is gone: Telegram delivers the update again
            self.send_response(code)
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)
            print(f"delivery -> instance on {port}: {code}", flush=True)

    return Forward


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--url", required=True, help="public webhook URL (its path is the webhook path)")
    parser.add_argument("--port", type=int, default=8080, help="port of the local proxy (default 8080)")
    parser.add_argument("--instances", type=int, default=2, choices=range(2, 9), metavar="2-8")
    parser.add_argument("--logs", type=Path, default=Path(".rag-bot/instances"), help="folder of the logs")
    args = parser.parse_args()
    if not os.environ.get("TELEGRAM_BOT_TOKEN") or not os.environ.get("RAG_BOT_FIRESTORE_PROJECT"):
        print("error: set TELEGRAM_BOT_TOKEN and RAG_BOT_FIRESTORE_PROJECT (with FIRESTORE_EMULATOR_HOST for the "
              "emulator, else Google credentials).", file=sys.stderr)
        return 2
    secret = os.environ.get("RAG_BOT_TELEGRAM_WEBHOOK_SECRET") or secrets.token_urlsafe(32)
    args.logs.mkdir(parents=True, exist_ok=True)
    ports = [free_port() for _ in range(args.instances)]
    started = time.monotonic()
    bots = []
    for number, port in enumerate(ports, 1):
        env = {**os.environ, "PORT": str(port), "RAG_BOT_TELEGRAM_WEBHOOK_LISTEN": "127.0.0.1",
               "RAG_BOT_TELEGRAM_WEBHOOK_URL": args.url, "RAG_BOT_TELEGRAM_WEBHOOK_SECRET": secret,
               "RAG_BOT_MULTI_INSTANCE": "true", "RAG_BOT_CHECKPOINTER": "firestore"}
        log = open(args.logs / f"instance-{number}.log", "ab")  # noqa: SIM115 - kept open for the process
        bots.append(subprocess.Popen([*rag_bot(), "telegram"], env=env, stdout=log, stderr=subprocess.STDOUT))
    server = ThreadingHTTPServer(("127.0.0.1", args.port), proxy(ports))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    stop = threading.Event()
    for sig in (signal.SIGINT, signal.SIGTERM):
        signal.signal(sig, lambda *_: stop.set())
    pending = {port: "starting" for port in ports}
    while pending and not stop.is_set():
        for number, (port, bot) in enumerate(zip(ports, bots, strict=True), 1):
            if port not in pending:
                continue
            if bot.poll() is not None:
                print(f"instance {number} exited with {bot.returncode}; see {args.logs}/instance-{number}.log")
                stop.set()
            elif pending[port] == "starting" and status(port, "/healthz") == 200:
                pending[port] = "open"
                print(f"instance {number} (port {port}): port open after {time.monotonic() - started:.1f} s")
            elif pending[port] == "open" and status(port, "/readyz") == 200:
                del pending[port]
                print(f"instance {number} (port {port}): ready after {time.monotonic() - started:.1f} s")
        stop.wait(0.1)
    if not stop.is_set():
        print(f"{len(ports)} instances ready behind http://127.0.0.1:{args.port} -> {args.url}; Ctrl-C stops them")
        stop.wait()
    server.shutdown()
    for bot in bots:
        if bot.poll() is None:
            bot.send_signal(signal.SIGTERM)
    codes = [bot.wait(60) for bot in bots]
    print(f"stopped: exit codes {codes}")
    return 0 if all(code == 0 for code in codes) else 1


if __name__ == "__main__":
    sys.exit(main())
