"""Kept/dropped rates of a support judge on a probe of labelled (sentence, cited passage) pairs.

The probe (``tests/data/support_probe``: ``passages.jsonl`` and ``pairs.jsonl``, see its README) labels each pair
with a kind; valid kinds should be kept, invented kinds dropped. :func:`score_probe` runs a judge over the pairs
(one call per cited passage, its sentences batched) and returns the rates per kind and per language pair;
:func:`meets_targets` checks them against the issue's targets.
"""

from __future__ import annotations

import json
from collections import defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

VALID_KINDS = ("verbatim", "paraphrase", "number_word", "translation")
INVENTED_KINDS = ("negation", "swapped_roles", "changed_number", "changed_date", "changed_name",
                  "nearest_same_language", "nearest_other_language", "added_clause")
KEEP_TARGET = 0.90  # each valid kind kept at least this often
DROP_TARGET = 0.85  # each invented kind dropped at least this often


def load_probe(folder: Path) -> tuple[dict[str, dict[str, Any]], list[dict[str, Any]]]:
    """(passages by id, pairs) of a probe folder."""
    def rows(name: str) -> list[dict[str, Any]]:
        with open(folder / name, encoding="utf-8") as fh:
            return [json.loads(line) for line in fh if line.strip()]

    return {p["id"]: p for p in rows("passages.jsonl")}, rows("pairs.jsonl")


def pair_language(pair: dict[str, Any]) -> str:
    """``en``, ``hi`` (sentence and passage in one language) or ``hi>en`` (a Hindi sentence citing English)."""
    s, p = pair["sentence_language"], pair["passage_language"]
    return s if s == p else f"{s}>{p}"


def judge_pairs(judge: Any, passages: dict[str, dict[str, Any]], pairs: Sequence[dict[str, Any]]) -> list[bool]:
    """The judge's verdict (kept?) per pair, one ``judge.supported`` call per cited passage."""
    by_passage: dict[str, list[int]] = defaultdict(list)
    for k, pair in enumerate(pairs):
        by_passage[pair["passage"]].append(k)
    kept = [False] * len(pairs)
    for passage_id, members in by_passage.items():
        verdicts = judge.supported([pairs[k]["sentence"] for k in members], [passages[passage_id]])
        for k, ok in zip(members, verdicts, strict=True):
            kept[k] = bool(ok)
    return kept


def _rates(flags: Iterable[tuple[dict[str, Any], bool]]) -> dict[str, Any]:
    table: dict[str, dict[str, list[bool]]] = defaultdict(lambda: defaultdict(list))
    for pair, kept in flags:
        for language in ("all", pair_language(pair)):
            table[pair["kind"]][language].append(kept)
    return {kind: {language: {"kept": sum(v) / len(v), "n": len(v)} for language, v in sorted(by.items())}
            for kind, by in table.items()}


def score_probe(judge: Any, passages: dict[str, dict[str, Any]], pairs: Sequence[dict[str, Any]],
                split: str | None = None) -> dict[str, Any]:
    """``{kind: {language: {"kept": rate, "n": pairs}}}`` (language ``all`` included) for the pairs of ``split``
    (all when None). An invented kind's dropped rate is ``1 - kept``."""
    chosen = [p for p in pairs if split is None or p["split"] == split]
    return _rates(zip(chosen, judge_pairs(judge, passages, chosen), strict=True))


def meets_targets(rates: dict[str, Any]) -> dict[str, bool]:
    """Per kind (over all languages): valid kept >= KEEP_TARGET, invented dropped >= DROP_TARGET."""
    out = {}
    for kind, by in rates.items():
        kept = by["all"]["kept"]
        out[kind] = kept >= KEEP_TARGET if kind in VALID_KINDS else 1.0 - kept >= DROP_TARGET
    return out


def format_table(rates: dict[str, Any], title: str = "") -> str:
    """One line per kind: kept % (valid) or dropped % (invented), overall and per language pair."""
    languages = sorted({lang for by in rates.values() for lang in by if lang != "all"})
    lines = [title] if title else []
    lines.append(f"{'kind':<24}{'want':>9}{'all':>12}" + "".join(f"{lang:>12}" for lang in languages))
    for kind in (*VALID_KINDS, *INVENTED_KINDS):
        if kind not in rates:
            continue
        valid = kind in VALID_KINDS

        def cell(lang: str, by: dict[str, Any] = rates[kind], valid: bool = valid) -> str:
            if lang not in by:
                return f"{'-':>12}"
            pct = 100 * (by[lang]["kept"] if valid else 1 - by[lang]["kept"])
            return f"{pct:7.1f} ({by[lang]['n']:>2})"

        want = f"kept>={KEEP_TARGET:.0%}" if valid else f"drop>={DROP_TARGET:.0%}"
        lines.append(f"{kind:<24}{want:>9}{cell('all')}" + "".join(cell(lang) for lang in languages))
    return "\n".join(lines)


# The probes whose per-kind results are stored (``benchmarks/bench_support.py --store``) and shown by the
# evaluation notebook: name -> folder, relative to the repository root.
PROBES = {"pine_hill": "tests/data/support_probe", "harbour": "tests/data/support_probe_harbour",
          "sonpur": "tests/data/support_probe_sonpur", "neelgaon": "tests/data/support_probe_neelgaon",
          "ghatgaon": "tests/data/support_probe_ghatgaon", "tilakpur": "tests/data/support_probe_tilakpur",
          "kothi": "tests/data/support_probe_kothi", "machhli": "tests/data/support_probe_machhli",
          "pahar": "tests/data/support_probe_pahar", "chauraha": "tests/data/support_probe_chauraha",
          "dhaba": "tests/data/support_probe_dhaba", "mandi": "tests/data/support_probe_mandi",
          "haat": "tests/data/support_probe_haat", "dairy": "tests/data/support_probe_dairy"}
RESULTS_DIR = "notebooks/eval/support"  # <probe>.before.json (git main's code) and <probe>.after.json (this tree)
SPLITS = ("dev", "test")


def expected_cells(pairs: Sequence[dict[str, Any]]) -> set[tuple[str, str, str]]:
    """(split, kind, language) of every rate a probe's pairs give (language ``all`` included)."""
    return {(p["split"], p["kind"], language) for p in pairs for language in ("all", pair_language(p))}


def missing_cells(results: dict[str, Any], pairs: Sequence[dict[str, Any]]) -> list[str]:
    """``split/kind/language`` of each rate the probe's pairs give that stored ``results`` (``{"splits": {split:
    {"rates": ...}}}``) lacks, or holds as no finite rate in [0, 1]; empty when the results cover the probe."""
    import math

    out = []
    for split, kind, language in sorted(expected_cells(pairs)):
        cell = results.get("splits", {}).get(split, {}).get("rates", {}).get(kind, {}).get(language, {})
        kept = cell.get("kept") if isinstance(cell, dict) else None
        if not isinstance(kept, (int, float)) or not math.isfinite(kept) or not 0.0 <= kept <= 1.0:
            out.append(f"{split}/{kind}/{language}")
    return out


def shown_rate(kind: str, kept: float) -> float:
    """The rate a target applies to: kept for a valid kind, dropped (``1 - kept``) for an invented one."""
    return kept if kind in VALID_KINDS else 1.0 - kept


def target(kind: str) -> float:
    """The target of a kind's shown rate (:func:`shown_rate`)."""
    return KEEP_TARGET if kind in VALID_KINDS else DROP_TARGET
