"""Run a ``rag-bot`` command (or score the dev support probes) with the glossary changed for a measurement.

Two switches, read from the environment:

- ``GLOSSARY_REDUCED=1``: the hand-written glossary without its entries whose words occur in the dev data (the
  dev answer archives ``notebooks/eval/fresh .. fresh5``: talks and questions; the dev support probes: Pine Hill and
  Sonpur dev pairs, all of Neelgaon, with the passages they cite). The dev sets' failures were fixed with
  hand-picked words, so on them a bigger word list has little to do; reduced, the glossary lacks the words the way it
  lacks a held-out set's, and what the installed dictionary brings back can be measured on dev data.
- ``DICTIONARY_HIDDEN=1``: as if the installed dictionary were not there (every language's ``[dictionary]``
  reads as none).

    GLOSSARY_REDUCED=1 .venv/bin/python tools/glossary_switches.py eval answers --questions ... --json
    GLOSSARY_REDUCED=1 DICTIONARY_HIDDEN=1 .venv/bin/python tools/glossary_switches.py probes   # dev probes

``probes`` prints the kept share per kind over the dev probe pairs (the held-out splits are never scored here).
"""

from __future__ import annotations

import json
import os
import re
import sys
from collections import defaultdict
from functools import lru_cache
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from rag_bot.agent import glossary  # noqa: E402
from rag_bot.agent.claims import stem  # noqa: E402
from rag_bot.languages import dictionaries  # noqa: E402

DEV_ARCHIVES = ("fresh", "fresh2", "fresh3", "fresh4", "fresh5")
DEV_PROBES = (("support_probe", "dev"), ("support_probe_sonpur", "dev"), ("support_probe_neelgaon", None))


def _rows(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def dev_texts() -> list[str]:
    """Every text of the dev data: the dev archives' talks and questions, the dev probe pairs and their passages."""
    texts = []
    for name in DEV_ARCHIVES:
        folder = ROOT / "notebooks" / "eval" / name
        texts += [p.read_text(encoding="utf-8") for p in sorted((folder / "corpus").iterdir()) if p.is_file()]
        texts.append((folder / "questions.jsonl").read_text(encoding="utf-8"))
    for probe, split in DEV_PROBES:
        folder = ROOT / "tests" / "data" / probe
        pairs = [p for p in _rows(folder / "pairs.jsonl") if split is None or p["split"] == split]
        cited = {p["passage"] for p in pairs}
        texts += [p["sentence"] for p in pairs]
        texts += [p["text"] for p in _rows(folder / "passages.jsonl") if p["id"] in cited]
    return texts


def reduce_glossary() -> None:
    original = glossary._hand_entries

    @lru_cache(maxsize=1)
    def reduced():
        entries, names = original()
        seen = {stem(w) for text in dev_texts() for w in re.findall(r"[\u0900-\u097F]+", text)}
        return [(w, m) for w, m in entries if stem(w) not in seen], names

    glossary._hand_entries = reduced


def score_probes() -> None:
    from rag_bot.agent.support_judges import make_support_checker
    from rag_bot.config import Settings
    from rag_bot.evaluation.support_probe import judge_pairs, load_probe

    checker = make_support_checker(Settings(llm_provider="extractive", checkpointer="memory"))
    if checker is None:
        raise SystemExit("the support check is off (RAG_BOT_SUPPORT_*)")
    right: dict[str, list[bool]] = defaultdict(list)
    valid = {"verbatim", "paraphrase", "number_word", "translation"}
    for probe, split in DEV_PROBES:
        passages, pairs = load_probe(ROOT / "tests" / "data" / probe)
        pairs = [p for p in pairs if split is None or p["split"] == split]
        for pair, kept in zip(pairs, judge_pairs(checker.judge, passages, pairs), strict=True):
            right[pair["kind"]].append(kept == (pair["kind"] in valid))
    for kind, flags in sorted(right.items()):
        print(f"{kind:24s} {'kept' if kind in valid else 'dropped'} {sum(flags)}/{len(flags)}")


def main() -> None:
    if os.environ.get("DICTIONARY_HIDDEN") == "1":
        dictionaries.of = lambda lang: None
    if os.environ.get("GLOSSARY_REDUCED") == "1":
        reduce_glossary()
    if sys.argv[1:2] == ["probes"]:
        score_probes()
        return
    from rag_bot.frontends.cli import main as cli

    cli(sys.argv[1:])


if __name__ == "__main__":
    main()
