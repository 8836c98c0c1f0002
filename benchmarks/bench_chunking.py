"""Chunking cost, before and after the incremental token counting (issue 11), in one run.

For the sample corpus (as the pipeline chunks it: budget ``chunk_tokens`` less the title's tokens) and for every
shape of ``tests/chunk_shapes.py`` at ``--size`` characters (default 135,000: the single line that took 19.6 s),
prints CPU seconds of chunking, the characters handed to the real tokenizer per input character, the number of
chunks and how many of them exceed the budget by the real count. "before" is ``ingest/chunking.py`` at the git
revision ``--before`` (default: main before this change), loaded from git into its own module; a shape whose
"before" run exceeds ``--timeout`` CPU seconds is cut there (shown as ``>``). Single-threaded, so CPU time is the
chunker's own (``bench_ingest.py`` times its chunk stage with process CPU while embedding threads run, which
inflates it). Usage: python benchmarks/bench_chunking.py [--size N] [--before REV] [--timeout S]
"""

from __future__ import annotations

import argparse
import importlib.util
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from ingest import chunking  # noqa: E402
from ingest.budget import Budget  # noqa: E402
from ingest.documents import split_documents  # noqa: E402
from ingest.loaders import load_bytes  # noqa: E402
from rag_bot.config import Settings  # noqa: E402
from rag_bot.models.embeddings import get_embedder  # noqa: E402
from tests.chunk_shapes import SHAPES  # noqa: E402

BEFORE = "35d9428"  # main before incremental counting (CHUNKER_VERSION 2, the same chunks)


class TimedOut(Exception):
    pass


def load_revision(rev: str):
    """``ingest/chunking.py`` as it was at ``rev``, imported as its own module (None without git)."""
    try:
        source = subprocess.run(["git", "-C", str(REPO), "show", f"{rev}:ingest/chunking.py"], check=True,
                                capture_output=True, text=True).stdout
    except (OSError, subprocess.CalledProcessError) as exc:
        print(f"no 'before' run: git show {rev} failed ({exc})")
        return None
    path = Path(tempfile.mkdtemp()) / "chunking_before.py"
    path.write_text(source, encoding="utf-8")
    spec = importlib.util.spec_from_file_location("chunking_before", path)
    module = importlib.util.module_from_spec(spec)
    sys.modules["chunking_before"] = module
    spec.loader.exec_module(module)
    return module


def run(module, jobs, count, timeout: float) -> dict:
    """Chunk every ``(pages, budget)`` of ``jobs``; CPU seconds, characters counted, chunks (or a timeout)."""
    chars = 0

    def metered(text: str) -> int:
        nonlocal chars
        chars += len(text)
        return count(text)

    def stop(*_):
        raise TimedOut

    signal.signal(signal.SIGPROF, stop)
    if timeout > 0:
        signal.setitimer(signal.ITIMER_PROF, timeout)  # CPU time of this process
    start = time.process_time()
    out = []
    try:
        for pages, budget in jobs:
            out.append((module.chunk_pages(pages, budget, metered), budget))
    except TimedOut:
        return {"cpu": time.process_time() - start, "chars": chars, "chunks": None}
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
    cpu = time.process_time() - start
    over = sum(count(c.text) > budget for chunks, budget in out for c in chunks)
    return {"cpu": cpu, "chars": chars, "chunks": [[c.text for c in chunks] for chunks, _ in out], "over": over}


def row(label: str, size: int, result: dict | None) -> str:
    if result is None:
        return f"{label:<8}{'-':>10}"
    if result["chunks"] is None:
        cut = ">" + format(result["cpu"], ".1f")
        return f"{label:<8}{cut:>10}  (cut there: {result['chars'] / size:,.0f} chars/char counted so far)"
    n = sum(len(c) for c in result["chunks"])
    return (f"{label:<8}{result['cpu']:>10.3f}{result['chars'] / size:>12.2f}{n:>8}{result['over']:>6}")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--size", type=int, default=135_000, help="characters of each degenerate shape")
    parser.add_argument("--before", default=BEFORE, help="git revision of the 'before' chunker ('' to skip)")
    parser.add_argument("--timeout", type=float, default=120.0, help="CPU seconds for one 'before' run (0: none)")
    args = parser.parse_args()

    settings = Settings()
    embedder = get_embedder(settings)
    count = embedder.token_count
    budget = min(settings.chunk_tokens, embedder.max_tokens - 2)
    before = load_revision(args.before) if args.before else None

    corpus = []
    for path in sorted((REPO / "data" / "corpus").rglob("*")):
        if path.is_file():
            data = path.read_bytes()
            for doc in split_documents(load_bytes(path.name, data, Budget.for_file(len(data), settings)), path.name):
                title_cost = count(doc.title) if doc.title else 0
                corpus.append(([(p.text, p.number) for p in doc.pages], max(16, budget - title_cost)))
    corpus_chars = sum(len(t) for pages, _ in corpus for t, _ in pages)
    cases = [("sample corpus", corpus_chars, corpus)]
    cases += [(name, args.size, [([(make(args.size), 1)], budget)]) for name, make in SHAPES.items()]

    print(f"budget {budget} tokens; shapes of {args.size:,} characters; before = {args.before or '-'}; "
          f"CPU seconds (loaded machines inflate them; the ratios hold)")
    print(f"{'':<8}{'CPU s':>10}{'chars/char':>12}{'chunks':>8}{'over':>6}")
    for name, size, jobs in cases:
        print(f"{name} ({size:,} characters)", flush=True)
        old = run(before, jobs, count, args.timeout) if before else None
        new = run(chunking, jobs, count, 0)
        print(row("before", size, old))
        print(row("after", size, new))
        if old and old["chunks"] is not None:
            print(f"        same chunks: {'yes' if old['chunks'] == new['chunks'] else 'no'};  "
                  f"{old['cpu'] / max(new['cpu'], 1e-6):.1f}x less CPU", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
