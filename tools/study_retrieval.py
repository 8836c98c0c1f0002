"""The measurements behind the embedded-text composition and the fusion defaults (issue 13).

``collect``: for each BEIR-layout set under tests/data and each composition, ingest the corpus with the normal
pipeline (composition patched in), run every query and save the dense and keyword candidate lists with their raw
scores, the chunk -> document map, the index size and the bare model's run, to ``--out``.
``fuse``: score fusion variants offline on the saved candidates (fast: no embedding).

Usage: python tools/study_retrieval.py collect --sets beir_talks,beir_mini --compositions title,new_title,bare
       python tools/study_retrieval.py fuse --sets beir_talks,beir_mini --composition new_title
"""

from __future__ import annotations

import argparse
import pickle
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from ingest import documents, pipeline  # noqa: E402
from ingest.documents import Chunk  # noqa: E402
from rag_bot.config import Settings  # noqa: E402
from rag_bot.evaluation import retrieval as ev  # noqa: E402
from rag_bot.index import writer  # noqa: E402
from rag_bot.index.keywords import KeywordEntry  # noqa: E402  (a study: it swaps the writer's keyword entries)
from rag_bot.index.tokenize import tokenize  # noqa: E402
from rag_bot.models.embeddings import get_embedder  # noqa: E402
from rag_bot.retrieval.hybrid import HybridRetriever  # noqa: E402

DATA = REPO / "tests" / "data"


def _keyword_with_title(chunks: list[Chunk]) -> list[KeywordEntry]:
    return [KeywordEntry(c.id, tokenize(f"{c.metadata.get('title') or ''}\n{c.text}"), int(c.metadata["date_int"]),
                         c.metadata["language"], c.metadata["doc_id"]) for c in chunks]


def _text_ids(make_chunks):
    """Chunk ids from the chunk's own text, whatever the composition: lists of two compositions can be mixed
    (dense of one, keyword of another) by chunk id."""
    def patched(document, content_hash, budget, count):
        chunks = make_chunks(document, content_hash, budget, count)
        for c in chunks:
            c.id = documents.chunk_id(document.source, document.index, c.metadata["seq"], c.text)
        return chunks
    return patched


def collect(sets: list[str], compositions: list[str], out: Path, k: int, model: bool = True) -> None:
    out.mkdir(parents=True, exist_ok=True)
    original_entries = writer.entries_for
    pipeline.make_chunks = _text_ids(documents.make_chunks)
    for name in sets:
        dataset = ev.load_beir(DATA / name)
        bare_path = out / f"{name}.model.pkl"
        if model and not bare_path.exists():
            embedder = get_embedder(Settings(_env_file=None))
            pickle.dump(ev.bare_model_run(dataset, embedder, k), open(bare_path, "wb"))
        for comp in compositions:
            path = out / f"{name}.{comp}.pkl"
            if path.exists():
                continue
            dense_comp, _, kw = comp.partition("+")
            Chunk.COMPOSITION = dense_comp
            writer.entries_for = _keyword_with_title if kw == "kwtitle" else original_entries
            settings = Settings(_env_file=None, index_dir=out / "index" / f"{name}.{comp}")
            ev.ingest_corpus(dataset, settings, progress=False)
            retriever = HybridRetriever(settings, get_embedder(settings))
            candidates = ev.run_queries(retriever, dataset, k, progress=False)
            ids = sorted({cid for c in candidates.values() for side in c["candidates"] for cid, _ in side})
            docs = {h.id: str(h.metadata.get("source")) for h in retriever.store.vectors.get(ids)}
            saved = {
                "candidates": {q: c["candidates"] for q, c in candidates.items()},
                "docs": docs, "n_chunks": retriever.store.vectors.count(),
                "tokens": {q: tokenize(t) for q, t in dataset.queries.items()},
                "qrels": dataset.qrels,
            }
            pickle.dump(saved, open(path, "wb"))
            print(f"{name} {comp}: {len(dataset.queries)} queries, {saved['n_chunks']} chunks", flush=True)
    writer.entries_for = original_entries


def doc_run(ranked: list[tuple[str, float]], docs: dict[str, str], k: int = 100) -> list[tuple[str, float]]:
    seen: dict[str, float] = {}
    for cid, score in ranked:
        d = docs.get(cid)
        if d is not None and d not in seen:
            seen[d] = score
            if len(seen) == k:
                break
    return list(seen.items())


def load(out: Path, name: str, comp: str) -> dict:
    return pickle.load(open(out / f"{name}.{comp}.pkl", "rb"))


# The composition runs that equal new_title on each set (checked with ingest.documents.repeats_opening): a one-line
# passage's guessed title is its line (new_title = bare); no faq_debian or beir_mini title is its text's first line
# (new_title = title).
AFTER = {"xling_talks": "bare", "xling_ui": "bare", "xling_gtkprops": "bare", "faq_debian": "title",
         "beir_mini": "title", "beir_talks": "new_title", "faq_python": "new_title"}
HELD_OUT = {"faq_debian", "xling_gtkprops"}


def report(sets: list[str], out: Path, weight: float, gate: float, depth: int) -> None:
    """Before (title composition, min-max fusion w=0.8) and after (new_title, evidence fusion) per set."""
    from rag_bot.retrieval.fusion import fuse, keyword_ceiling

    print("| set | queries | bare model P@1 | before: dense | keyword | hybrid | after: dense | keyword | hybrid |"
          " hybrid P@1 before -> after |")
    print("|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|")
    for name in sets:
        cells = {}
        for label, comp in (("before", "title"), ("after", AFTER[name])):
            saved = load(out, name, comp)
            runs: dict[str, dict] = {"dense": {}, "keyword": {}, "hybrid": {}}
            for q, (dense, keyword) in saved["candidates"].items():
                ceiling = keyword_ceiling(len(set(saved["tokens"][q])), saved["n_chunks"])
                fused = (fuse("score", dense, keyword, 0.8) if label == "before" else
                         fuse("evidence", dense, keyword, weight, ceiling=ceiling, gate=gate, depth=depth))
                runs["dense"][q] = doc_run(dense, saved["docs"])
                runs["keyword"][q] = doc_run(keyword, saved["docs"])
                runs["hybrid"][q] = doc_run(fused, saved["docs"])
            cells[label] = {mode: ev.metrics(run, saved["qrels"]) for mode, run in runs.items()}
        model_path = out / f"{name}.model.pkl"
        model = ev.metrics(pickle.load(open(model_path, "rb")), saved["qrels"])["p@1"] if model_path.exists() else None
        b, a = cells["before"], cells["after"]
        print(f"| {name}{' (held out)' if name in HELD_OUT else ''} | {len(saved['qrels'])} | "
              f"{'' if model is None else f'{model:.3f}'} | "
              + " | ".join(f"{c[m]['ndcg@10']:.3f}" for c in (b, a) for m in ("dense", "keyword", "hybrid"))
              + f" | {b['hybrid']['p@1']:.3f} -> {a['hybrid']['p@1']:.3f} |")


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("command", choices=["collect", "compositions", "report"])
    parser.add_argument("--weight", type=float, default=0.3)
    parser.add_argument("--gate", type=float, default=0.15)
    parser.add_argument("--depth", type=int, default=50)
    parser.add_argument("--sets", default="beir_talks,beir_mini,faq_python,faq_debian,xling_talks,xling_ui,"
                                          "xling_gtkprops")
    parser.add_argument("--compositions", default="title,new_title,bare,source,bare+kwtitle,new_title+kwtitle")
    parser.add_argument("--out", type=Path, default=Path("/tmp/rag_bot_study"))
    parser.add_argument("--k", type=int, default=100)
    parser.add_argument("--no-model", action="store_true", help="skip the bare model's reference run")
    args = parser.parse_args()
    sets, comps = args.sets.split(","), args.compositions.split(",")
    if args.command == "collect":
        collect(sets, comps, args.out, args.k, model=not args.no_model)
        return
    if args.command == "report":
        report(sets, args.out, args.weight, args.gate, args.depth)
        return
    from rag_bot.retrieval.fusion import fuse

    print(f"{'set':<15} {'composition':<20} {'dense nDCG':>10} {'P@1':>6} {'kw nDCG':>8} {'hyb nDCG':>8} {'P@1':>6}")
    for name in sets:
        model_path = args.out / f"{name}.model.pkl"
        for comp in comps:
            if not (args.out / f"{name}.{comp}.pkl").exists():
                continue
            s = load(args.out, name, comp)
            qrels = s["qrels"]
            runs = {mode: {} for mode in ("dense", "keyword", "hybrid")}
            for q, (dense, keyword) in s["candidates"].items():
                runs["dense"][q] = doc_run(dense, s["docs"])
                runs["keyword"][q] = doc_run(keyword, s["docs"])
                runs["hybrid"][q] = doc_run(fuse("score", dense, keyword, 0.8), s["docs"])
            m = {mode: ev.metrics(r, qrels) for mode, r in runs.items()}
            print(f"{name:<15} {comp:<20} {m['dense']['ndcg@10']:>10.3f} {m['dense']['p@1']:>6.3f} "
                  f"{m['keyword']['ndcg@10']:>8.3f} {m['hybrid']['ndcg@10']:>8.3f} {m['hybrid']['p@1']:>6.3f}")
        if model_path.exists():
            mb = ev.metrics(pickle.load(open(model_path, "rb")), qrels)
            print(f"{name:<15} {'(bare model)':<20} {mb['ndcg@10']:>10.3f} {mb['p@1']:>6.3f}")


if __name__ == "__main__":
    main()
