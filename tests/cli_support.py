"""Running ``rag-bot``: the installed console script in a fresh process (found next to ``sys.executable``), or the
same ``main()`` in this process where a test is about the command, not about the process (no interpreter start, no
second load of the embedded model)."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path

from click.testing import CliRunner

SECRETS = ("GOOGLE_API_KEY", "TELEGRAM_BOT_TOKEN")


def entry_point() -> str:
    """The ``rag-bot`` script of the running interpreter's environment (never a hard-coded ``.venv``)."""
    for folder in (Path(sys.executable).parent, Path(sysconfig.get_path("scripts"))):
        candidate = folder / "rag-bot"
        if candidate.exists():
            return str(candidate)
    found = shutil.which("rag-bot")
    assert found, "the rag-bot console script is not installed next to this Python"
    return found


def cli_environment(env: dict[str, str] | None = None) -> dict[str, str]:
    """This process's environment without secrets and ``RAG_BOT_*``, with an in-memory checkpointer, plus ``env``."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("RAG_BOT_") and k not in SECRETS}
    base.update({"RAG_BOT_CHECKPOINTER": "memory", "ANONYMIZED_TELEMETRY": "False"})
    base.update(env or {})
    return base


def run_cli(args: list[str], cwd: Path, env: dict[str, str] | None = None, stdin: str | None = None,
            timeout: float = 300) -> subprocess.CompletedProcess:
    """``rag-bot ARGS`` in a new process in ``cwd`` with no secret and no ``RAG_BOT_*`` of the caller's environment,
    an in-memory checkpointer, plus ``env``."""
    return subprocess.run([entry_point(), *args], cwd=cwd, env=cli_environment(env), input=stdin,
                          capture_output=True, text=True, timeout=timeout)


def run_cli_here(args: list[str], cwd: Path, env: dict[str, str] | None = None,
                 stdin: str | None = None) -> subprocess.CompletedProcess:
    """``rag-bot ARGS`` as :func:`run_cli` runs it (same environment, working directory, stdin; exit code, stdout
    and stderr in a ``CompletedProcess``), but through ``rag_bot.frontends.cli.main`` in this process.

    The process-wide settings are read afresh, and the environment, the working directory and the loggers' levels
    are restored afterwards; what the run opened (retrievers, Chroma clients) is dropped with it, as a process
    ends: their caches are keyed by the index path as given, and a relative ``--index-dir idx`` in another test's
    folder is another index. Only the embedded model stays loaded."""
    from chromadb.api.shared_system_client import SharedSystemClient

    from rag_bot.config import get_settings
    from rag_bot.frontends.cli import main
    from rag_bot.retrieval import factory

    wanted = cli_environment(env)
    overrides: dict[str, str | None] = {k: None for k in os.environ if k not in wanted}
    overrides.update(wanted)
    levels = {name: logger.level for name, logger in logging.root.manager.loggerDict.items()
              if isinstance(logger, logging.Logger)}
    before = Path.cwd()
    retrievers, systems = set(factory._cache), set(SharedSystemClient._identifier_to_system)
    runner = CliRunner()
    get_settings.cache_clear()
    os.chdir(cwd)
    try:
        with runner.isolation(input=stdin, env=overrides) as (out, err, _):
            try:
                main([str(a) for a in args])
                code = 0
            except SystemExit as stop:
                code = stop.code if isinstance(stop.code, int) else (0 if stop.code is None else 1)
                if isinstance(stop.code, str):  # sys.exit("message"): the interpreter prints it on stderr
                    print(stop.code, file=sys.stderr)
            sys.stdout.flush()
            sys.stderr.flush()
            stdout, stderr = out.getvalue().decode(), err.getvalue().decode(errors="replace")
    finally:
        for key in set(factory._cache) - retrievers:
            del factory._cache[key]
        for name in set(SharedSystemClient._identifier_to_system) - systems:
            SharedSystemClient._identifier_to_system.pop(name).stop()
            SharedSystemClient._identifier_to_refcount.pop(name, None)
        os.chdir(before)
        get_settings.cache_clear()
        for name, logger in list(logging.root.manager.loggerDict.items()):
            if isinstance(logger, logging.Logger):
                logger.setLevel(levels.get(name, logging.NOTSET))
    return subprocess.CompletedProcess([entry_point(), *args], code, stdout, stderr)
