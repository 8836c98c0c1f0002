"""Keyword engines side by side, in one run: the incremental segments (ours), tantivy, SQLite FTS5, and the former
bm25s snapshot (every publish a full rebuild; the "before"), rank-bm25 at small sizes.

For each size the corpus (sample-corpus-like text: Zipf words in English and Devanagari, see
``synthetic_corpus.py``, tokenised by the real tokenizer) is generated once; then, each engine in fresh
subprocesses: build the index; publish one added 20-chunk file (median of ``--publish-runs``; for the snapshot
engine a complete rebuild, timed once) and one replaced 20-chunk file; then in a new process the start-up (open +
first query answered), query p50/p95 (k = 50, a quarter of the queries filtered by language and a date range),
resident memory, and whether Devanagari words are kept whole (every probe word with vowel signs/virama finds
exactly the chunks holding it). Run it on an otherwise idle machine; on a shared one compare engines within a run.
Usage: python benchmarks/bench_keywords.py [--sizes 10000 300000] [--engines segments tantivy fts5 bm25s]
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent))
from synthetic_corpus import chunks as synthetic_chunks  # noqa: E402
from synthetic_corpus import queries as synthetic_queries  # noqa: E402

FILE_CHUNKS = 20
FILTERED = {"language": "hi", "date_from": 19690301, "date_to": 19701231}


# --- the corpus, tokenised once per size ------------------------------------------------------------------
def write_corpus(path: Path, size: int, extra: int) -> None:
    """``size`` chunks plus ``extra`` more (the files added later), one line each: id, date, language, tokens."""
    from rag_bot.index.tokenize import tokenize

    with open(path, "w", encoding="utf-8") as fh:
        for c in synthetic_chunks(size + extra):
            fh.write(f"{c.id}\t{c.date_int}\t{c.language}\t{' '.join(tokenize(c.text))}\n")


def read_corpus(path: Path, start: int = 0, stop: int | None = None) -> list[tuple[str, int, str, list[str]]]:
    rows = []
    with open(path, encoding="utf-8") as fh:
        for i, line in enumerate(fh):
            if i < start:
                continue
            if stop is not None and i >= stop:
                break
            cid, day, lang, toks = line.rstrip("\n").split("\t")
            rows.append((cid, int(day), lang, toks.split(" ") if toks else []))
    return rows


# --- engines --------------------------------------------------------------------------------------------
class Segments:
    """rag_bot.index.keywords: incremental segments (engine ``segments``, or ``rank_bm25`` over the same files)."""

    scorer = "segments"

    def __init__(self, directory: Path) -> None:
        from rag_bot.index.keywords import KeywordIndex

        self.index = KeywordIndex(directory, engine=self.scorer)

    @staticmethod
    def _entries(rows):
        from rag_bot.index.keywords import KeywordEntry

        return [KeywordEntry(cid, toks, day, lang) for cid, day, lang, toks in rows]

    def build(self, rows) -> None:
        self.index.publish(self._entries(rows))

    def add(self, rows) -> None:
        self.index.apply(self._entries(rows))

    def replace(self, rows, old_ids) -> None:
        self.index.apply(self._entries(rows), remove=old_ids)

    def search(self, tokens: list[str], k: int, filtered: bool) -> list[str]:
        from rag_bot.retrieval.types import SearchFilters

        filters = SearchFilters(language="hi", date_from="1969-03-01", date_to="1970-12-31") if filtered else \
            SearchFilters()
        return [cid for cid, _ in self.index.search(" ".join(tokens), k, filters)]


class RankBm25(Segments):
    scorer = "rank_bm25"


class Tantivy:
    """tantivy 0.27: our tokens fed pre-joined to a whitespace analyzer (no lower-casing, no length limit),
    filters as fast-field range/term queries with zero weight, ids read from a u64 fast field."""

    def __init__(self, directory: Path) -> None:
        import tantivy

        self.t = tantivy
        sb = tantivy.SchemaBuilder()
        sb.add_text_field("cid", stored=False, tokenizer_name="raw", index_option="basic")
        sb.add_unsigned_field("num", stored=False, fast=True, indexed=False)
        sb.add_text_field("body", stored=False, tokenizer_name="ours", index_option="freq")
        sb.add_integer_field("day", stored=False, fast=True, indexed=True)
        sb.add_text_field("lang", stored=False, tokenizer_name="raw", index_option="basic")
        self.schema = sb.build()
        directory.mkdir(parents=True, exist_ok=True)
        self.index = tantivy.Index(self.schema, path=str(directory), reuse=True)
        self.index.register_tokenizer("ours", tantivy.TextAnalyzerBuilder(tantivy.Tokenizer.whitespace()).build())
        self.index.reload()

    def _writer(self):
        return self.index.writer(heap_size=200_000_000, num_threads=1)

    def _doc(self, cid, day, lang, toks):
        d = self.t.Document()
        d.add_text("cid", cid)
        d.add_unsigned("num", int(cid[1:].rstrip("e")) + (1 << 40 if cid.endswith("e") else 0))
        d.add_text("body", " ".join(toks))
        d.add_integer("day", day)
        d.add_text("lang", lang)
        return d

    def build(self, rows) -> None:
        writer = self._writer()
        for r in rows:
            writer.add_document(self._doc(*r))
        writer.commit()
        writer.wait_merging_threads()

    def add(self, rows) -> None:
        writer = self._writer()
        for r in rows:
            writer.add_document(self._doc(*r))
        writer.commit()
        writer.wait_merging_threads()

    def replace(self, rows, old_ids) -> None:
        writer = self._writer()
        for cid in old_ids:
            writer.delete_documents_by_term("cid", cid)
        for r in rows:
            writer.add_document(self._doc(*r))
        writer.commit()
        writer.wait_merging_threads()

    def search(self, tokens: list[str], k: int, filtered: bool) -> list[str]:
        t = self.t
        terms = [(t.Occur.Should, t.Query.term_query(self.schema, "body", tok)) for tok in tokens]
        query = t.Query.boolean_query(terms)
        if filtered:
            flt = t.Query.boolean_query([
                (t.Occur.Must, t.Query.term_query(self.schema, "lang", FILTERED["language"])),
                (t.Occur.Must, t.Query.range_query(self.schema, "day", t.FieldType.Integer, FILTERED["date_from"],
                                                   FILTERED["date_to"])),
            ])
            query = t.Query.boolean_query([(t.Occur.Must, query), (t.Occur.Must, t.Query.boost_query(flt, 0.0))])
        searcher = self.index.searcher()
        hits = searcher.search(query, k, count=False).hits
        nums = searcher.fast_field_values("num", [addr for _, addr in hits])
        return [f"c{n & ((1 << 40) - 1):08d}" + ("e" if n >> 40 else "") for n in nums]


class Fts5:
    """SQLite FTS5 (bm25(), one transaction per change): our tokens pre-joined by spaces, unicode61 with every
    Devanagari sign and '_' declared token characters so that no word is cut; filters as UNINDEXED columns."""

    MARKS = "".join(chr(c) for c in range(0x0900, 0x0980)) + "_"

    def __init__(self, directory: Path) -> None:
        import sqlite3

        directory.mkdir(parents=True, exist_ok=True)
        self.db = sqlite3.connect(directory / "fts.sqlite", isolation_level=None)
        self.db.execute("PRAGMA journal_mode=WAL")
        marks = self.MARKS.replace("'", "''")
        self.db.execute(
            "CREATE VIRTUAL TABLE IF NOT EXISTS fts USING fts5(body, cid UNINDEXED, day UNINDEXED, lang UNINDEXED, "
            f"tokenize=\"unicode61 remove_diacritics 0 tokenchars '{marks}'\")")

    def _insert(self, rows) -> None:
        self.db.executemany("INSERT INTO fts(body, cid, day, lang) VALUES (?, ?, ?, ?)",
                            ((" ".join(t), cid, day, lang) for cid, day, lang, t in rows))

    def build(self, rows) -> None:
        self.db.execute("BEGIN")
        self._insert(rows)
        self.db.execute("COMMIT")

    add = build

    def replace(self, rows, old_ids) -> None:
        self.db.execute("BEGIN")
        self.db.executemany("DELETE FROM fts WHERE cid = ?", ((c,) for c in old_ids))
        self._insert(rows)
        self.db.execute("COMMIT")

    def search(self, tokens: list[str], k: int, filtered: bool) -> list[str]:
        match = " OR ".join('"' + tok.replace('"', '""') + '"' for tok in tokens)
        sql = "SELECT cid FROM fts WHERE fts MATCH ?"
        args: list = [match]
        if filtered:
            sql += " AND lang = ? AND day BETWEEN ? AND ?"
            args += [FILTERED["language"], FILTERED["date_from"], FILTERED["date_to"]]
        sql += " ORDER BY rank LIMIT ?"
        return [r[0] for r in self.db.execute(sql, [*args, k])]


class Bm25sSnapshot:
    """The former engine: a complete bm25s snapshot (precomputed scores) written on every publish."""

    def __init__(self, directory: Path) -> None:
        import logging

        import bm25s

        logging.getLogger("bm25s").setLevel(logging.WARNING)
        self.bm25s, self.dir = bm25s, directory
        directory.mkdir(parents=True, exist_ok=True)
        self.loaded = None

    def build(self, rows) -> None:
        vocab: dict[str, int] = {}
        ids = [[vocab.setdefault(t, len(vocab)) for t in toks] for _, _, _, toks in rows]
        bm25 = self.bm25s.BM25()
        bm25.index((ids, vocab), show_progress=False)
        bm25.save(str(self.dir / "bm25s"), show_progress=False)
        np.save(self.dir / "day.npy", np.asarray([r[1] for r in rows], dtype=np.int32))
        np.save(self.dir / "lang.npy", np.asarray([r[2] for r in rows], dtype="<U8"))
        (self.dir / "ids.json").write_text(json.dumps([r[0] for r in rows]))
        with open(self.dir / "tokens.txt", "w", encoding="utf-8") as fh:
            fh.writelines(" ".join(r[3]) + "\n" for r in rows)

    def _all_rows(self):
        ids = json.loads((self.dir / "ids.json").read_text())
        day, lang = np.load(self.dir / "day.npy"), np.load(self.dir / "lang.npy")
        with open(self.dir / "tokens.txt", encoding="utf-8") as fh:
            toks = [line.rstrip("\n").split(" ") for line in fh]
        return list(zip(ids, day.tolist(), lang.tolist(), toks, strict=True))

    def add(self, rows) -> None:  # as before: read every entry back, then rebuild everything
        self.build(self._all_rows() + list(rows))

    def replace(self, rows, old_ids) -> None:
        gone = set(old_ids)
        self.build([r for r in self._all_rows() if r[0] not in gone] + list(rows))

    def search(self, tokens: list[str], k: int, filtered: bool) -> list[str]:
        if self.loaded is None:
            bm = self.bm25s.BM25.load(str(self.dir / "bm25s"), mmap=True, show_progress=False, verbosity=0)
            self.loaded = (bm, json.loads((self.dir / "ids.json").read_text()), np.load(self.dir / "day.npy"),
                           np.load(self.dir / "lang.npy"))
        bm, ids, day, lang = self.loaded
        qids = [bm.vocab_dict[t] for t in tokens if t in bm.vocab_dict]
        if not qids:
            return []
        scores = np.asarray(bm.get_scores_from_ids(qids), dtype=np.float32)
        if filtered:
            keep = (lang == FILTERED["language"]) & (day >= FILTERED["date_from"]) & (day <= FILTERED["date_to"])
            scores = np.where(keep, scores, 0.0)
        k = min(k, int(np.count_nonzero(scores > 0)))
        if k <= 0:
            return []
        top = np.argpartition(-scores, k - 1)[:k]
        return [ids[i] for i in top[np.argsort(-scores[top], kind="stable")]]


ENGINES = {"segments": Segments, "rank_bm25": RankBm25, "tantivy": Tantivy, "fts5": Fts5, "bm25s": Bm25sSnapshot}


# --- children -------------------------------------------------------------------------------------------
def child_build(engine: str, directory: Path, corpus: Path, size: int, runs: int) -> dict:
    rows = read_corpus(corpus, 0, size)
    t0 = time.perf_counter()
    ENGINES[engine](directory).build(rows)
    out: dict = {"build_s": round(time.perf_counter() - t0, 2)}
    del rows
    adds, replaces, add_cpu = [], [], []
    for run in range(runs):
        extra = read_corpus(corpus, size + run * FILE_CHUNKS, size + (run + 1) * FILE_CHUNKS)
        eng = ENGINES[engine](directory)
        t0, c0 = time.perf_counter(), time.process_time()
        eng.add(extra)
        adds.append(time.perf_counter() - t0)
        add_cpu.append(time.process_time() - c0)
        # the same file edited: its 20 chunks replaced by 20 new ones (new ids, as edited text gets)
        edited = [(cid + "e", day, lang, toks[::-1]) for cid, day, lang, toks in extra]
        eng = ENGINES[engine](directory)
        t0 = time.perf_counter()
        eng.replace(edited, [r[0] for r in extra])
        replaces.append(time.perf_counter() - t0)
    out["add_file_s"] = round(statistics.median(adds), 3)
    out["add_file_cpu_s"] = round(statistics.median(add_cpu), 3)
    out["replace_file_s"] = round(statistics.median(replaces), 3)
    return out


def devanagari_probes(corpus: Path, size: int, n: int = 20) -> list[tuple[str, set[str]]]:
    """Words with vowel signs or virama held by 1-40 chunks, and exactly which chunks hold them (words of the
    chunks added while publishing are left out)."""
    holders: dict[str, set[str]] = {}
    for cid, _, _, toks in read_corpus(corpus, 0, size):
        for tok in toks:
            if any(0x093A <= ord(ch) <= 0x094F for ch in tok) and len(tok) >= 3:
                holders.setdefault(tok, set()).add(cid)
    later = {tok for _, _, _, toks in read_corpus(corpus, size) for tok in toks}
    words = sorted(w for w, ids in holders.items() if 1 <= len(ids) <= 40 and w not in later)
    random.Random(4).shuffle(words)
    return [(w, holders[w]) for w in words[:n]]


def child_measure(engine: str, directory: Path, corpus: Path, size: int, queries: int) -> dict:
    import psutil

    from rag_bot.index.tokenize import tokenize

    qs = [tokenize(q) for q in synthetic_queries(queries)]
    t0 = time.perf_counter()
    eng = ENGINES[engine](directory)
    eng.search(qs[0], 50, False)
    out: dict = {"start_s": round(time.perf_counter() - t0, 3)}
    lat, cpu = [], []
    for i, q in enumerate(qs):
        t1, c1 = time.perf_counter(), time.process_time()
        eng.search(q, 50, i % 4 == 0)
        lat.append((time.perf_counter() - t1) * 1000)
        cpu.append((time.process_time() - c1) * 1000)
    out["p50_ms"] = round(float(np.percentile(lat, 50)), 2)
    out["p95_ms"] = round(float(np.percentile(lat, 95)), 2)
    out["cpu_p50_ms"] = round(float(np.percentile(cpu, 50)), 2)
    out["cpu_p95_ms"] = round(float(np.percentile(cpu, 95)), 2)
    out["rss_mb"] = round(psutil.Process().memory_info().rss / 1e6)
    probes = devanagari_probes(corpus, size)
    whole = sum(set(eng.search([w], 50, False)) == ids for w, ids in probes)
    out["devanagari_whole"] = f"{whole}/{len(probes)}"
    return out


def run_child(*args: str) -> dict:
    out = subprocess.run([sys.executable, __file__, *args], capture_output=True, text=True)
    if out.returncode != 0:
        return {"error": out.stderr.strip().splitlines()[-1] if out.stderr.strip() else f"exit {out.returncode}"}
    return json.loads(out.stdout.strip().splitlines()[-1])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--sizes", type=int, nargs="+", default=[10000, 300000])
    parser.add_argument("--engines", nargs="+", default=["segments", "tantivy", "fts5", "bm25s", "rank_bm25"])
    parser.add_argument("--queries", type=int, default=200)
    parser.add_argument("--publish-runs", type=int, default=3)
    parser.add_argument("--rank-bm25-max", type=int, default=100_000, help="rank-bm25 only up to this size")
    parser.add_argument("--child", nargs=5, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.child:
        kind, engine, directory, corpus, size = args.child
        if kind == "build":
            result = child_build(engine, Path(directory), Path(corpus), int(size), args.publish_runs)
        else:
            result = child_measure(engine, Path(directory), Path(corpus), int(size), args.queries)
        print(json.dumps(result))
        return
    print("add file: publish one added 20-chunk file (wall s / CPU s); repl.: one replaced file; query latencies "
          "wall and CPU (ms); hindi: Devanagari probe words found exactly", flush=True)
    print(f"{'chunks':>8} {'engine':>10} {'build s':>8} {'add file s':>12} {'repl. s':>8} {'start s':>8} "
          f"{'p50/p95 ms':>13} {'CPU p50/p95':>13} {'RSS MB':>7} {'hindi':>6}", flush=True)
    for size in args.sizes:
        with tempfile.TemporaryDirectory(dir=os.environ.get("BENCH_TMP")) as tmp:
            corpus = Path(tmp) / "corpus.tsv"
            write_corpus(corpus, size, FILE_CHUNKS * args.publish_runs)
            for engine in args.engines:
                if engine == "rank_bm25" and size > args.rank_bm25_max:
                    continue
                directory = Path(tmp) / engine
                if engine == "rank_bm25":  # reads the segments the segments engine wrote
                    directory = Path(tmp) / "segments"
                    built: dict = {}
                else:
                    runs = 1 if engine == "bm25s" else args.publish_runs  # a full rebuild each: timed once
                    built = run_child("--publish-runs", str(runs), "--child", "build", engine, str(directory),
                                      str(corpus), str(size))
                measured = run_child("--queries", str(args.queries), "--child", "measure", engine, str(directory),
                                     str(corpus), str(size))
                r = {**built, **measured}
                if "error" in r:
                    print(f"{size:>8} {engine:>10} error: {r['error']}", flush=True)
                    continue
                add = f"{r['add_file_s']}/{r['add_file_cpu_s']}" if "add_file_s" in r else "-"
                print(f"{size:>8} {engine:>10} {r.get('build_s', '-'):>8} {add:>12} "
                      f"{r.get('replace_file_s', '-'):>8} {r['start_s']:>8} {r['p50_ms']:>6}/{r['p95_ms']:<6} "
                      f"{r['cpu_p50_ms']:>6}/{r['cpu_p95_ms']:<6} {r['rss_mb']:>7} {r['devanagari_whole']:>6}",
                      flush=True)


if __name__ == "__main__":
    main()
