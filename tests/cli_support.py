"""Running the installed ``rag-bot`` console script in a fresh process (found next to ``sys.executable``)."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import sysconfig
from pathlib import Path


def entry_point() -> str:
    """The ``rag-bot`` script of the running interpreter's environment (never a hard-coded ``.venv``)."""
    for folder in (Path(sys.executable).parent, Path(sysconfig.get_path("scripts"))):
        candidate = folder / "rag-bot"
        if candidate.exists():
            return str(candidate)
    found = shutil.which("rag-bot")
    assert found, "the rag-bot console script is not installed next to this Python"
    return found


def run_cli(args: list[str], cwd: Path, env: dict[str, str] | None = None, stdin: str | None = None,
            timeout: float = 300) -> subprocess.CompletedProcess:
    """``rag-bot ARGS`` in ``cwd`` with no secret and no ``RAG_BOT_*`` of the caller's environment, an in-memory
    checkpointer, plus ``env``."""
    base = {k: v for k, v in os.environ.items() if not k.startswith("RAG_BOT_")
            and k not in ("GOOGLE_API_KEY", "TELEGRAM_BOT_TOKEN")}
    base.update({"RAG_BOT_CHECKPOINTER": "memory", "ANONYMIZED_TELEMETRY": "False"})
    base.update(env or {})
    return subprocess.run([entry_point(), *args], cwd=cwd, env=base, input=stdin, capture_output=True, text=True,
                          timeout=timeout)
