"""One index for many instances: keyword segments and manifests as immutable objects in Cloud Storage, a generation
pointer replaced only if unchanged, one writer at a time under a lease (see docs/shared-index.md).

Objects under the configured ``gs://bucket/prefix``:
- ``index/keyword/<name>``: keyword segments and deletion files (zlib-compressed), named uniquely by the writer
  that made them and never changed (created only if absent);
- ``index/manifests/manifest-<number>-<crc>.json``: the manifest of one published generation (zlib-compressed);
- ``index/POINTER``: the live generation: its number, the keyword index's ``CURRENT`` state, the manifest's name
  and the names of the previous generation (kept for readers still loading it); replaced with
  ``if_generation_match`` = the version the writer read, so of two writers at most one replaces a given version;
- ``index/LEASE``: who writes (an owner and an expiry), created only if absent or replaced only if unchanged; an
  expired lease is taken over. A new holder first rewrites ``POINTER`` (same content, new version): a writer whose
  lease expired can then never publish over it (a fencing step).

Each instance keeps a local copy in ``index_dir`` (a cache: the keyword files, ``manifest.json``, ``CURRENT``), so the
existing readers work unchanged; ``shared.json`` there records the generation number the copy holds. Vectors live
in the Chroma server (``chroma_url``), filtered by the manifest as everywhere else.
"""

from __future__ import annotations

import json
import logging
import os
import socket
import threading
import time
import uuid
import zlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rag_bot.config import Settings
from rag_bot.errors import SettingsError, UserError
from rag_bot.index.bucket import Bucket, Conflict, Exists
from rag_bot.index.committed import MAP, write_map_of
from rag_bot.index.durable import checksum, replace_atomically, write_new
from rag_bot.index.errors import IndexBusy
from rag_bot.index.folder import SHARED as LOCAL
from rag_bot.index.keywords import CURRENT, OWN_FILES
from rag_bot.index.manifest import NAME

log = logging.getLogger(__name__)
POINTER = "index/POINTER"
LEASE = "index/LEASE"
KEYWORD = "index/keyword/"
MANIFESTS = "index/manifests/"
COMPRESSION = 6  # zlib level of the keyword files and manifests in the bucket (stored locally uncompressed)
_ATTEMPTS = 5  # a pull that finds an object already cleaned up (two publishes meanwhile) starts again


class IndexLeaseLost(UserError, RuntimeError):
    """Another instance took over the shared index (this writer's lease had expired) before this run published."""

    def __init__(self) -> None:
        super().__init__("Another instance took over the shared index while this run wrote (its lease had expired); "
                         "nothing of this run was published, so run it again.")


class _Gone(Exception):
    """An object the pointer names was cleaned up meanwhile (a newer generation exists)."""


@dataclass
class PullStats:
    """What pulls fetched so far: objects and bytes of the pointer polls and of the generations installed."""

    polls: int = 0
    installed: int = 0
    objects: int = 0
    bytes: int = 0


def needs_chroma_server(settings: Settings) -> None:
    """A shared index needs vectors every instance reaches: :class:`SettingsError` without a Chroma server."""
    if settings.index_bucket and not settings.chroma_url:
        raise SettingsError("A shared index (RAG_BOT_INDEX_BUCKET) needs a Chroma server (RAG_BOT_CHROMA_URL): an "
                            "embedded Chroma belongs to one instance.")


class SharedIndex:
    """The shared copy of one index in Cloud Storage, and this instance's local copy of it in ``index_dir``."""

    def __init__(self, settings: Settings, bucket: Bucket | None = None) -> None:
        needs_chroma_server(settings)
        assert settings.index_bucket, "a shared index needs RAG_BOT_INDEX_BUCKET"
        self.bucket = bucket or Bucket(settings.index_bucket, settings.index_bucket_retry_s)
        self.root = Path(settings.index_dir)
        self.poll_s = settings.index_poll_s
        self.lease_s = settings.index_lease_s
        self.lease_wait_s = settings.index_lease_wait_s
        self.owner = f"{socket.gethostname()}:{os.getpid()}:{uuid.uuid4().hex[:8]}"
        self.stats = PullStats()
        self._last_poll = float("-inf")
        self._pull_lock = threading.Lock()
        self._pointer: dict[str, Any] | None = None
        self._pointer_gen = 0
        self._lease_gen: int | None = None
        self._renewer: threading.Thread | None = None
        self._stop_renewing = threading.Event()
        self.lease_lost = False

    # --- reading ------------------------------------------------------------------------------------------------
    def local_number(self) -> int | None:
        """The generation number the local copy holds (None: none pulled or published yet)."""
        try:
            return int(json.loads((self.root / LOCAL).read_text(encoding="utf-8"))["number"])
        except (FileNotFoundError, ValueError, KeyError, TypeError):
            return None

    def poll(self) -> bool:
        """At most once per ``index_poll_s``: read the pointer and install a new generation (True when one was).
        A pull already running in another thread is not waited for; a failed one (the bucket unreachable) is
        logged and the local copy keeps answering with the generation it holds."""
        if time.monotonic() - self._last_poll < self.poll_s or not self._pull_lock.acquire(blocking=False):
            return False
        try:
            self._last_poll = time.monotonic()
            return self._pull()
        except Exception as exc:
            log.warning("shared index: polling %s failed (%s); answering from generation %s",
                        self.bucket.location, type(exc).__name__, self.local_number())
            return False
        finally:
            self._pull_lock.release()

    def pull(self) -> bool:
        """Read the pointer now and install its generation when the local copy holds another (True when it did)."""
        with self._pull_lock:
            self._last_poll = time.monotonic()
            return self._pull()

    def _pull(self) -> bool:
        for _attempt in range(_ATTEMPTS):
            pointer = self._read_pointer()
            if pointer is None or pointer.get("manifest") is None or pointer["number"] == self.local_number():
                return False
            try:
                self._install(pointer)
                return True
            except _Gone as exc:
                log.info("shared index: %s was cleaned up while pulling; reading the pointer again", exc)
        raise IndexBusy(self.root)

    def _read_pointer(self) -> dict[str, Any] | None:
        before = self.bucket.fetched_bytes
        got = self.bucket.get(POINTER)
        self.stats.polls += 1
        self.stats.objects += 1
        self.stats.bytes += self.bucket.fetched_bytes - before
        if got is None:
            self._pointer, self._pointer_gen = None, 0
            return None
        self._pointer, self._pointer_gen = json.loads(got[0]), got[1]
        return self._pointer

    def _fetch(self, name: str) -> bytes:
        got = self.bucket.get(name)
        if got is None:
            raise _Gone(name)
        self.stats.objects += 1
        self.stats.bytes += len(got[0])
        return got[0]

    def _install(self, pointer: dict[str, Any]) -> None:
        """Make the local copy hold ``pointer``'s generation: new keyword files only (they never change), then the
        manifest, then ``CURRENT``; files neither this nor the previous local generation names are removed."""
        keyword = self.root / "keyword"
        keyword.mkdir(parents=True, exist_ok=True)
        for name in keyword_files(pointer):
            if not (keyword / name).exists():  # a temporary name the keyword index knows as its own
                tmp = keyword / f".tmp-{name}"
                write_new(tmp, zlib.decompress(self._fetch(KEYWORD + name)))
                os.replace(tmp, keyword / name)
        manifest = zlib.decompress(self._fetch(MANIFESTS + pointer["manifest"]))
        try:
            previous = json.loads((keyword / CURRENT).read_text(encoding="utf-8"))
        except (FileNotFoundError, ValueError):
            previous = {}
        write_map_of(self.root / MAP, manifest)  # the readers' map first, as a local save writes it
        replace_atomically(self.root / NAME, manifest)
        replace_atomically(keyword / CURRENT, json.dumps(pointer["keyword"]).encode("utf-8"))
        replace_atomically(self.root / LOCAL, json.dumps({"number": pointer["number"]}).encode("utf-8"))
        self.stats.installed += 1
        keep = set(keyword_files(pointer)) | set(keyword_files({"keyword": previous})) | {CURRENT}
        for path in keyword.iterdir():
            if path.name not in keep and OWN_FILES.match(path.name):
                path.unlink(missing_ok=True)
        log.info("shared index: generation %s installed", pointer["number"])

    # --- writing: the lease ---------------------------------------------------------------------------------------
    def acquire(self) -> None:
        """Take the writer lease, waiting up to ``index_lease_wait_s`` for a holder to release it or let it expire
        (:class:`IndexBusy` then); then fence out any former holder and bring the local copy up to date."""
        deadline = time.monotonic() + self.lease_wait_s
        while not self._try_lease():
            if time.monotonic() >= deadline:
                raise IndexBusy(self.bucket.location)
            time.sleep(min(1.0, max(0.05, deadline - time.monotonic())))
        self._stop_renewing.clear()
        self._renewer = threading.Thread(target=self._renew, name="index-lease", daemon=True)
        self._renewer.start()
        with self._pull_lock:
            pointer = self._read_pointer()
            data = json.dumps(pointer or {"number": 0, "keyword": None, "manifest": None}).encode("utf-8")
            self._pointer_gen = self.bucket.replace(POINTER, data, self._pointer_gen)  # the fence
            if pointer is not None and pointer.get("manifest") is not None and \
                    pointer["number"] != self.local_number():
                self._install(pointer)
        self._clean(self._pointer)

    def _try_lease(self) -> bool:
        got = self.bucket.get(LEASE)
        now = time.time()
        if got is not None:
            held = json.loads(got[0])
            if held.get("owner") and held.get("owner") != self.owner and float(held.get("expires", 0)) > now:
                return False  # (our own record: a retried write of ours that had succeeded)
            if held.get("owner"):
                log.warning("shared index: taking over the expired lease of %s", held["owner"])
        record = json.dumps({"owner": self.owner, "expires": now + self.lease_s}).encode("utf-8")
        try:
            self._lease_gen = self.bucket.replace(LEASE, record, got[1] if got else 0)
        except Conflict:
            return False
        return True

    def _renew(self) -> None:
        while not self._stop_renewing.wait(self.lease_s / 3):
            record = json.dumps({"owner": self.owner, "expires": time.time() + self.lease_s}).encode("utf-8")
            try:
                self._lease_gen = self.bucket.replace(LEASE, record, self._lease_gen or 0)
            except Conflict:
                self.lease_lost = True
                log.error("shared index: the writer lease was taken over by another instance")
                return
            except Exception:  # a network error: try again at the next renewal, the lease runs on meanwhile
                log.warning("shared index: renewing the writer lease failed", exc_info=True)

    def release(self) -> None:
        """Give the lease back (an expired record: the next writer takes it at once)."""
        self._stop_renewing.set()
        if self._renewer is not None:
            self._renewer.join()
            self._renewer = None
        if self._lease_gen is not None and not self.lease_lost:
            try:
                self.bucket.replace(LEASE, json.dumps({"owner": None, "expires": 0}).encode("utf-8"),
                                    self._lease_gen)
            except Conflict:
                pass
        self._lease_gen = None

    def still_writer(self) -> None:
        """:class:`IndexLeaseLost` unless this writer still holds the lease and nobody replaced the pointer since
        its fence: checked before deleting from the shared Chroma collection (one small read)."""
        got = self.bucket.get(POINTER)
        if self.lease_lost or got is None or got[1] != self._pointer_gen:
            raise IndexLeaseLost()

    # --- writing: publishing ----------------------------------------------------------------------------------
    def publish(self, hook: Callable[[str, str], None] | None = None) -> int:
        """Publish the local copy (the writer's result) as the next generation: upload the keyword files the
        bucket lacks and the manifest, then replace the pointer if nobody replaced it since the fence
        (:class:`IndexLeaseLost` otherwise: nothing of this run becomes visible). Returns the new number."""
        keyword = self.root / "keyword"
        state = json.loads((keyword / CURRENT).read_text(encoding="utf-8"))
        present = set(keyword_files(self._pointer or {}))
        for name in keyword_files({"keyword": state}):
            if name not in present:
                self._upload(KEYWORD + name, zlib.compress((keyword / name).read_bytes(), COMPRESSION))
        manifest = (self.root / NAME).read_bytes()
        number = int((self._pointer or {}).get("number", 0)) + 1
        manifest_name = f"manifest-{number:06d}-{checksum(manifest)}.json"
        self._upload(MANIFESTS + manifest_name, zlib.compress(manifest, COMPRESSION))
        if hook is not None:
            hook("uploaded", "")
        previous = self._pointer or {}
        pointer = {"number": number, "keyword": state, "manifest": manifest_name, "writer": self.owner,
                   "previous": {"keyword": previous.get("keyword"), "manifest": previous.get("manifest")}}
        if self.lease_lost:
            raise IndexLeaseLost()
        try:
            self._pointer_gen = self.bucket.replace(POINTER, json.dumps(pointer).encode("utf-8"), self._pointer_gen)
        except Conflict:
            got = self.bucket.get(POINTER)  # a retried write whose first attempt had succeeded reads back as ours
            if got is None or json.loads(got[0]) != pointer:
                raise IndexLeaseLost() from None
            self._pointer_gen = got[1]
        self._pointer = pointer
        replace_atomically(self.root / LOCAL, json.dumps({"number": number}).encode("utf-8"))
        self._clean(pointer)
        return number

    def _upload(self, name: str, data: bytes) -> None:
        try:
            self.bucket.create(name, data)
        except Exists:  # names are unique: the same file, uploaded by an earlier attempt
            pass

    def _clean(self, pointer: dict[str, Any] | None) -> None:
        """Delete keyword files and manifests neither the live nor the previous generation names: what an
        interrupted publish uploaded. Only the lease holder calls it, so nothing in flight is deleted."""
        pointer = pointer or {}
        previous = pointer.get("previous") or {}
        keep = {KEYWORD + n for n in keyword_files(pointer) + keyword_files(previous)}
        keep |= {MANIFESTS + m for m in (pointer.get("manifest"), previous.get("manifest")) if m}
        for name in self.bucket.names(KEYWORD) + self.bucket.names(MANIFESTS):
            if name not in keep:
                self.bucket.delete(name)


def keyword_files(pointer: dict[str, Any]) -> list[str]:
    """The keyword files (segments and deletion files) a pointer's keyword state names."""
    state = pointer.get("keyword") or {}
    names = []
    for rec in state.get("segments", []):
        names.append(rec["name"])
        if rec.get("deletes"):
            names.append(rec["deletes"])
    return names
