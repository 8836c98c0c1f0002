"""Google's Cloud Firestore emulator as a pytest stand-in for a real Firestore project.

``firestore_emulator`` (session) starts the emulator jar once, in its own process group, and sets
``FIRESTORE_EMULATOR_HOST``; ``firestore_project`` gives every test its own project id, so tests never
see each other's data. ``FirestoreEmulator.stop()`` / ``start()`` simulate an outage on the same port.
Missing java or jar is a test failure (pytest.fail), never a skip.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import socket
import subprocess
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest

EMULATOR_JAR = Path(
    os.environ.get(
        "FIRESTORE_EMULATOR_JAR",
        "/usr/lib/google-cloud-sdk/platform/cloud-firestore-emulator/cloud-firestore-emulator.jar",
    )
)
EMULATOR_MAIN = "com.google.cloud.datastore.emulator.firestore.CloudFirestore"
START_TIMEOUT_S = 60.0


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def missing_requirements() -> str | None:
    """A sentence saying why the emulator cannot start, or None."""
    if shutil.which("java") is None:
        return (
            "java is not on PATH: install a JRE (e.g. openjdk-17-jre-headless) to run the Firestore emulator"
        )
    if not EMULATOR_JAR.is_file():
        return (
            f"Firestore emulator jar not found at {EMULATOR_JAR}: install the emulator "
            "(google-cloud-cli-firestore-emulator) or set FIRESTORE_EMULATOR_JAR"
        )
    return None


class FirestoreEmulator:
    """One emulator process (group) on 127.0.0.1:<port>; restartable on the same port."""

    def __init__(self, port: int | None = None, log_dir: Path | None = None) -> None:
        self.port = port or free_port()
        self.log_dir = log_dir or Path(tempfile.mkdtemp(prefix="firestore-emulator-"))
        self.proc: subprocess.Popen | None = None

    @property
    def host(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def running(self) -> bool:
        return self.proc is not None and self.proc.poll() is None

    def start(self, *, seed_from: Path | None = None, timeout: float = START_TIMEOUT_S) -> None:
        if self.running:
            return
        problem = missing_requirements()
        if problem:
            raise RuntimeError(problem)
        cmd = ["java", "-cp", str(EMULATOR_JAR), EMULATOR_MAIN, "--host=127.0.0.1", f"--port={self.port}"]
        if seed_from is not None:
            cmd.append(f"--seed_from_export={seed_from}")
        log = open(self.log_dir / "emulator.log", "ab")  # noqa: SIM115 - kept open for the process
        self.proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT, start_new_session=True)
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"Firestore emulator exited early; see {self.log_dir / 'emulator.log'}")
            if self.ready():
                self._warm_up(deadline)
                return
            time.sleep(0.25)
        self.stop()
        raise RuntimeError(f"Firestore emulator did not answer within {timeout:.0f} s on {self.host}")

    def ready(self) -> bool:
        try:
            with urllib.request.urlopen(f"http://{self.host}/", timeout=1) as resp:
                return resp.read().decode(errors="replace").strip().startswith("Ok")
        except (urllib.error.URLError, OSError):
            return False

    def _warm_up(self, deadline: float) -> None:
        """Serve one document read before calling the emulator ready.

        The HTTP root answers "Ok" while the JVM has not yet served a Firestore request; the first one then took
        3.7-8 s on a loaded 2-core machine, longer than the 3 s deadline some tests give a call. A REST read of a
        missing document (404) pays that cost here, in the fixture, instead of in the first call under test.
        """
        url = f"http://{self.host}/v1/projects/warm-up/databases/(default)/documents/warm/up"
        try:
            with urllib.request.urlopen(url, timeout=max(1.0, deadline - time.monotonic())) as resp:
                resp.read()
        except urllib.error.HTTPError:
            pass  # 404: the read was served

    def export(self, project: str, directory: Path) -> Path:
        """Export one project's data (the emulator's HTTP export API); returns the metadata file."""
        directory.mkdir(parents=True, exist_ok=True)
        payload = {"database": f"projects/{project}/databases/(default)", "export_directory": str(directory)}
        body = json.dumps(payload).encode()
        req = urllib.request.Request(
            f"http://{self.host}/emulator/v1/projects/{project}:export",
            data=body,
            headers={"Content-Type": "application/json"},
            method="POST",
        )
        with urllib.request.urlopen(req, timeout=30) as resp:
            resp.read()
        found = sorted(directory.rglob("*.overall_export_metadata"))
        if not found:
            raise RuntimeError(f"emulator export wrote no metadata file under {directory}")
        return found[-1]

    def stop(self) -> None:
        """Kill the whole process group (java and any children) and wait for the port to close."""
        if self.proc is None:
            return
        try:
            os.killpg(self.proc.pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
        try:
            self.proc.wait(timeout=15)
        except subprocess.TimeoutExpired:  # pragma: no cover - SIGKILL is not ignorable
            pass
        self.proc = None
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline and self.ready():
            time.sleep(0.1)

    def restart(self, *, seed_from: Path | None = None) -> None:
        self.stop()
        self.start(seed_from=seed_from)


@pytest.fixture(scope="session")
def firestore_emulator() -> Iterator[FirestoreEmulator]:
    """The session's Firestore emulator; FIRESTORE_EMULATOR_HOST points at it while tests run."""
    problem = missing_requirements()
    if problem:
        pytest.fail(f"Firestore emulator unavailable: {problem}", pytrace=False)
    emulator = FirestoreEmulator()
    try:
        emulator.start()
    except RuntimeError as exc:
        emulator.stop()
        pytest.fail(f"Firestore emulator failed to start: {exc}", pytrace=False)
    previous = os.environ.get("FIRESTORE_EMULATOR_HOST")
    os.environ["FIRESTORE_EMULATOR_HOST"] = emulator.host
    try:
        yield emulator
    finally:
        emulator.stop()
        if previous is None:
            os.environ.pop("FIRESTORE_EMULATOR_HOST", None)
        else:
            os.environ["FIRESTORE_EMULATOR_HOST"] = previous


@pytest.fixture()
def firestore_project(firestore_emulator: FirestoreEmulator) -> str:
    """A fresh project id per test (the emulator keeps projects apart). Restarts a stopped emulator."""
    if not firestore_emulator.running:
        firestore_emulator.start()
    os.environ["FIRESTORE_EMULATOR_HOST"] = firestore_emulator.host
    return f"test-{uuid.uuid4().hex[:12]}"


# ====================================================================================== the client boundary
class RecordedRpc:
    """One RPC a Firestore client sent: the GAPIC method name, its ``retry`` and ``timeout`` arguments, and the
    request (for ``commit``: the document paths written, in request order)."""

    def __init__(self, method: str, kwargs: dict) -> None:
        self.method = method
        self.retry = kwargs.get("retry")
        self.timeout = kwargs.get("timeout")
        request = kwargs.get("request")
        writes = (request.get("writes") if isinstance(request, dict) else getattr(request, "writes", None)) or []
        self.documents = [w.update.name or w.delete for w in writes]


class _RecordingApi:
    def __init__(self, api: object, log: list[RecordedRpc]) -> None:
        self._api = api
        self._log = log

    def __getattr__(self, name: str):
        attribute = getattr(self._api, name)
        if name.startswith("_") or not callable(attribute):
            return attribute

        def call(*args, **kwargs):
            self._log.append(RecordedRpc(name, kwargs))
            return attribute(*args, **kwargs)

        return call


def record_rpcs(client) -> list[RecordedRpc]:
    """Record every RPC ``client`` (sync or async) sends from now on, at the generated-API boundary where the
    library hands requests to gRPC; returns the live list."""
    log: list[RecordedRpc] = []
    client._firestore_api_internal = _RecordingApi(client._firestore_api, log)
    return log
