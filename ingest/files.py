"""Which files an ingestion may read, and reading one of them safely.

Rules (issue 11): nothing outside the folder given is read (a symbolic link whose target resolves outside it is
skipped with a reason), every directory is visited once (so symlink loops end), hidden files and folders are
ignored, only regular files are read (FIFOs, sockets and devices are refused), file names must be valid UTF-8, and
a file is opened once: its size comes from ``fstat`` of that descriptor and at most ``limit + 1`` bytes are read.
"""

from __future__ import annotations

import os
import stat
from dataclasses import dataclass, field
from pathlib import Path

from ingest.budget import Budget
from ingest.loaders import LOADERS, SUPPORTED, LoadedFile, LoadError, load_bytes
from rag_bot.config import Settings
from rag_bot.safe_text import clean_line

_KINDS = {stat.S_IFIFO: "a FIFO", stat.S_IFSOCK: "a socket", stat.S_IFCHR: "a character device",
          stat.S_IFBLK: "a block device", stat.S_IFDIR: "a directory"}


@dataclass
class FoundFile:
    """A file to ingest: ``rel`` is its raw path relative to the root (its identity), ``real`` what is opened."""

    rel: str
    real: str

    @property
    def source(self) -> str:
        """The path shown to users (relative, control characters removed)."""
        return clean_line(self.rel)


@dataclass
class FolderScan:
    """What one path given to ``rag-bot ingest`` holds."""

    root: str  # absolute, symlinks resolved
    scope: str  # the path given, resolved: ``--prune`` acts only inside it
    files: list[FoundFile] = field(default_factory=list)
    failures: list[dict[str, str]] = field(default_factory=list)


def printable_name(name: str) -> str:
    """A file name fit for a message: undecodable bytes shown as U+FFFD, control characters removed."""
    raw = os.fsencode(name)
    return clean_line(raw.decode("utf-8", "replace"))


def _failure(path: str, reason: str) -> dict[str, str]:
    return {"path": printable_name(path), "reason": reason}


def _name_problem(name: str) -> str | None:
    try:
        name.encode("utf-8")
    except UnicodeEncodeError:
        return "the file name is not valid UTF-8 (rename the file)"
    return None


def _inside(root: str, target: str) -> bool:
    return target == root or target.startswith(root.rstrip("/") + "/")


def _kind(mode: int) -> str:
    return _KINDS.get(stat.S_IFMT(mode), "not a regular file")


def scan_folder(path: Path) -> FolderScan:
    """Supported files under ``path`` (a folder, or one file whose folder is then the root), in name order."""
    given = str(path)
    if problem := _name_problem(given):
        return FolderScan(root="", scope="", failures=[_failure(given, problem)])
    try:
        st = os.stat(given)
    except OSError as exc:
        reason = {2: "no such file or directory", 40: "a symbolic link loop"}.get(exc.errno or 0,
                                                                                f"cannot read it ({exc.strerror})")
        return FolderScan(root="", scope="", failures=[_failure(given, reason)])
    if not stat.S_ISDIR(st.st_mode):
        return _scan_one(path, st)
    root = os.path.realpath(given)
    scan = FolderScan(root=root, scope=root)
    seen_dirs = {(st.st_dev, st.st_ino)}
    stack = [(root, "")]
    while stack:
        directory, prefix = stack.pop()
        try:
            with os.scandir(directory) as it:
                entries = sorted(it, key=lambda e: e.name)
        except OSError as exc:
            scan.failures.append(_failure(prefix or given, f"cannot list the folder ({exc.strerror})"))
            continue
        subdirs = []
        for entry in entries:
            if entry.name.startswith("."):
                continue
            rel = f"{prefix}{entry.name}"
            wanted = Path(entry.name).suffix.lower() in SUPPORTED
            refused = _refusal(entry, root)
            if refused is not None:
                reason, is_dir = refused
                if wanted or is_dir:
                    scan.failures.append(_failure(rel, reason))
                continue
            real = os.path.realpath(entry.path)
            try:
                target = os.stat(real)
            except OSError as exc:  # removed or replaced since the listing
                if wanted:
                    scan.failures.append(_failure(rel, f"cannot read it ({exc.strerror})"))
                continue
            if stat.S_ISDIR(target.st_mode):
                if (target.st_dev, target.st_ino) not in seen_dirs:  # a loop, or a second link to a folder seen
                    seen_dirs.add((target.st_dev, target.st_ino))
                    subdirs.append((real, f"{rel}/"))
            elif wanted:
                if stat.S_ISREG(target.st_mode):
                    scan.files.append(FoundFile(rel=rel, real=real))
                else:
                    scan.failures.append(_failure(rel, f"{_kind(target.st_mode)}, not a regular file"))
        stack.extend(reversed(subdirs))
    scan.files.sort(key=lambda f: f.rel)
    return scan


def _refusal(entry: os.DirEntry, root: str) -> tuple[str, bool] | None:
    """Why a directory entry is not followed: (reason, whether it is a folder), or None when it may be."""
    try:
        is_dir = entry.is_dir()
    except OSError as exc:
        if exc.errno == 40:
            return "a symbolic link loop (not followed)", True
        return f"cannot read it ({exc.strerror})", False
    if _name_problem(entry.name):
        return "the file name is not valid UTF-8 (rename it)", is_dir
    if entry.is_symlink():
        if not os.path.exists(entry.path):
            return "a broken symbolic link", is_dir
        if not _inside(root, os.path.realpath(entry.path)):
            return "a symbolic link to outside the ingested folder (not followed)", is_dir
    return None


def _scan_one(path: Path, st: os.stat_result) -> FolderScan:
    """One file named on the command line: its folder is the root; the same rules apply."""
    given = str(path)
    parent = os.path.realpath(os.path.dirname(os.path.abspath(given)))
    name = os.path.basename(given)
    scan = FolderScan(root=parent, scope=os.path.join(parent, name))
    if Path(name).suffix.lower() not in SUPPORTED:
        suffix = Path(name).suffix or "(none)"
        scan.failures.append(_failure(given, f"unsupported file type {suffix}"))
        return scan
    real = os.path.realpath(given)
    if os.path.islink(given) and not _inside(parent, real):
        scan.failures.append(_failure(given, "a symbolic link to outside the ingested folder (not followed)"))
    elif not stat.S_ISREG(st.st_mode):
        scan.failures.append(_failure(given, f"{_kind(st.st_mode)}, not a regular file"))
    else:
        scan.files.append(FoundFile(rel=name, real=real))
    return scan


def read_file(path: str, limit: int) -> bytes:
    """The bytes of one regular file, opened once: size from ``fstat``, at most ``limit + 1`` bytes read.

    ``O_NOFOLLOW`` refuses a file swapped for a symlink after the scan, ``O_NONBLOCK`` keeps a FIFO swapped in
    from blocking the open; a size that differs from what was read (a ``/proc`` file, a file being written) fails.
    """
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError as exc:
        if exc.errno == 40:
            raise LoadError("the file became a symbolic link after the scan (not followed)") from None
        raise LoadError(f"cannot open the file ({exc.strerror})") from None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode):
            raise LoadError(f"{_kind(st.st_mode)}, not a regular file")
        if st.st_size > limit:
            raise LoadError(f"file is {st.st_size / 1e6:.1f} MB, over the {limit / 1e6:.0f} MB limit")
        parts: list[bytes] = []
        got = 0
        want = st.st_size + 1  # a regular file arrives in one read: one buffer, no second copy when joined
        while got <= limit:
            block = os.read(fd, min(max(want, 1 << 20), limit + 1 - got))
            want = 0
            if not block:
                break
            parts.append(block)
            got += len(block)
    except OSError as exc:
        raise LoadError(f"cannot read the file ({exc.strerror})") from None
    finally:
        os.close(fd)
    if got > limit:
        raise LoadError(f"file grew over the {limit / 1e6:.0f} MB limit while it was read")
    if got != st.st_size:
        raise LoadError(f"the file's size changed while it was read ({st.st_size} bytes by fstat, {got} read): "
                        "not a regular, finished file")
    return b"".join(parts)


def load_file(path: Path, max_bytes: int, data: bytes | None = None, budget: Budget | None = None, *,
              settings: Settings | None = None) -> LoadedFile:
    """Read ``path`` (opened once, at most ``max_bytes``) and parse it within ``budget`` (else the budget
    ``settings`` give a file of its size: one of the two is needed); every failure is a :class:`LoadError`."""
    if budget is None and settings is None:
        raise TypeError("load_file needs a budget or the settings to derive one from")
    if Path(path).suffix.lower() not in LOADERS:
        raise LoadError(f"unsupported file type {Path(path).suffix or '(none)'}")
    if data is None:
        data = read_file(str(path), max_bytes)
    return load_bytes(str(path), data, budget or Budget.for_file(len(data), settings))

