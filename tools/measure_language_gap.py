"""How much lower the bundled embedder scores a sentence written in another language than the question.

Translation pairs: ``tests/data/xling_talks`` (Hindi sentences of the sample talks and the English sentences they
translate). For two nearby pairs of one talk, ``a`` and ``b`` (within ``--window`` sentences), sentence ``a`` is
the query (embedded as a query) and ``b`` the quoted sentence (embedded as a passage, in language L): the gap is
``cos(a_L, b_L) - cos(a_other, b_L)``, the same sentence asked about in its own language and in the other one.
Only pairs whose same-language cosine is at least ``--near`` are kept (the range where a relevance bar
decides). Prints the gap's quantiles per direction and overall: the answerer's cross-language bar is
``min_relevance`` minus the 90th percentile (``RAG_BOT_CROSS_LANGUAGE_GAP``).

Questions (``--questions``, default ``notebooks/eval/question_pairs.jsonl``: dev questions of the fresh sets and
their translations, written for this): the answer sentence is the talk's sentence closest to the question written
in the talk's language; the gap is that cosine minus the cosine of the same sentence to the translated question.
This is the gap the answerer meets (a question against a sentence of another language).

Run: ``.venv/bin/python tools/measure_language_gap.py``.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

import numpy as np

from rag_bot.config import Settings
from rag_bot.models.embeddings import Embedder, get_embedder

ROOT = Path(__file__).resolve().parents[1]


def pairs(folder: Path) -> list[tuple[str, str]]:
    """(English, Hindi) sentence pairs in corpus order."""
    docs = {r["_id"]: r["text"] for r in map(json.loads, (folder / "corpus.jsonl").read_text().splitlines())}
    queries = {r["_id"]: r["text"] for r in map(json.loads, (folder / "queries.jsonl").read_text().splitlines())}
    rows = [line.split("\t") for line in (folder / "qrels" / "test.tsv").read_text().splitlines()[1:]]
    return sorted(((docs[d], queries[q]) for q, d, _ in rows), key=lambda p: list(docs.values()).index(p[0]))


def question_gaps(embedder: Embedder, path: Path) -> dict[str, list[float]]:
    """Per talk language: cos(question in the talk's language, its best sentence) - cos(translated question, it)."""
    from rag_bot.agent.extractive import is_quotable
    from rag_bot.agent.rules import detect_language, ranking_text, split_sentences

    out: dict[str, list[float]] = {"question, en talk": [], "question, hi talk": [], "translated question score": []}
    for row in map(json.loads, path.read_text(encoding="utf-8").splitlines()):
        text = (path.parent / row["set"] / "corpus" / row["source"]).read_text(encoding="utf-8")
        sentences = [s for s in split_sentences(text) if is_quotable(s)]
        language = detect_language(text) or "en"
        other = "hi" if language == "en" else "en"
        vectors = embedder.embed_passages(sentences)
        same = vectors @ np.asarray(embedder.embed_query(ranking_text(row[language])))
        best = int(np.argmax(same))
        crossed = float(vectors[best] @ np.asarray(embedder.embed_query(ranking_text(row[other]))))
        out[f"question, {language} talk"].append(float(same[best]) - crossed)
        out["translated question score"].append(crossed)
    out["question, both"] = out["question, en talk"] + out["question, hi talk"]
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--data", type=Path, default=ROOT / "tests/data/xling_talks")
    parser.add_argument("--window", type=int, default=3)
    parser.add_argument("--near", type=float, default=0.78)
    parser.add_argument("--questions", type=Path, default=ROOT / "notebooks/eval/question_pairs.jsonl")
    args = parser.parse_args()
    embedder = get_embedder(Settings())
    en, hi = zip(*pairs(args.data), strict=True)
    p_en, p_hi = embedder.embed_passages(list(en)), embedder.embed_passages(list(hi))
    q_en = np.stack([embedder.embed_query(t) for t in en])
    q_hi = np.stack([embedder.embed_query(t) for t in hi])
    gaps: dict[str, list[float]] = {"en sentence": [], "hi sentence": []}
    for a in range(len(en)):
        for b in range(max(0, a - args.window), min(len(en), a + args.window + 1)):
            if a == b:
                continue
            for name, same, other, passage in (("en sentence", q_en, q_hi, p_en), ("hi sentence", q_hi, q_en, p_hi)):
                s = float(same[a] @ passage[b])
                if s >= args.near:
                    gaps[name].append(s - float(other[a] @ passage[b]))
    gaps["all"] = gaps["en sentence"] + gaps["hi sentence"]
    gaps.update(question_gaps(embedder, args.questions))
    for name, values in gaps.items():
        v = np.asarray(values)
        print(f"{name}: n={len(v)} mean={v.mean():.3f} median={np.median(v):.3f} p75={np.quantile(v, .75):.3f} "
              f"p90={np.quantile(v, .9):.3f} p95={np.quantile(v, .95):.3f}")


if __name__ == "__main__":
    main()
