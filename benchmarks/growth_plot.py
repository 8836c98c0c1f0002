"""The growth figure: start-up, memory, query latency and add-one-file time against the index size, from the JSON
that ``bench_retrieval.py --json FILE`` writes (one row per size; run it once per machine state you want shown).

    .venv/bin/python benchmarks/growth_plot.py FILE [--before BEFORE.json] [--open OPEN.json --open-before B.json]
        [--out docs/img/growth.svg]

Writes an SVG (matplotlib) and prints the table as Markdown. ``--before`` adds the same figures measured with the
code before the change (``start_s``, ``rss_mb``, ``p50_ms``, ``p95_ms``, ``publish_s`` per size) as dashed lines;
``--open`` (and ``--open-before``) add ``bench_open.py --json``'s figures: opening our side without Chroma.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

PANELS = [  # (title, unit, [(key, label)])
    ("Start-up", "s", [("ready_s", "ready (index open)"), ("start_s", "first query answered")]),
    ("Resident memory", "MB", [("rss_ready_mb", "when ready"), ("rss_mb", "after 100+ queries"),
                               ("server_server_rss_mb", "Chroma server (vectors)"),
                               ("server_rss_mb", "bot with a Chroma server")]),
    ("Hybrid query (embedding excluded)", "ms", [("p50_ms", "p50"), ("p95_ms", "p95")]),
    ("Add one 20-chunk file", "s", [("publish_s", "fresh `rag-bot ingest`"),
                                    ("warm_publish_s", "in the running bot"),
                                    ("server_server_publish_s", "fresh, through a Chroma server")]),
]
BEFORE = {"start_s": "first query (before)", "rss_mb": "RSS (before)", "p95_ms": "p95 (before)",
          "publish_s": "fresh ingest (before)"}


def table(rows: list[dict], before: dict[int, dict]) -> str:
    """The figures as a Markdown table, before -> after where a before row exists."""
    def cell(row: dict, key: str, fmt: str) -> str:
        now = format(row[key], fmt) if key in row else "-"
        was = before.get(row["size"], {}).get(key)
        return f"{format(was, fmt)} -> {now}" if was is not None else now

    lines = ["| chunks | ready s | first query s | RSS MB | bot / server RSS MB (Chroma server) | p50 / p95 ms | "
             "add one file s (fresh / running bot) | load average |",
             "|---:|---:|---:|---:|---:|---:|---:|---:|"]
    for r in rows:
        server = (f"{r['server_rss_mb']:.0f} / {r['server_server_rss_mb']:.0f}"
                  if "server_server_rss_mb" in r else "-")
        lines.append(f"| {r['size']:,} | {cell(r, 'ready_s', '.2f')} | {cell(r, 'start_s', '.2f')} | "
                     f"{cell(r, 'rss_mb', '.0f')} | {server} | {cell(r, 'p50_ms', '.1f')} / {cell(r, 'p95_ms', '.1f')}"
                     f" | {cell(r, 'publish_s', '.2f')} / {r.get('warm_publish_s', 0):.2f} | "
                     f"{r['load_min']:.1f}-{r['load_max']:.1f} |")
    return "\n".join(lines)


def plot(rows: list[dict], before: dict[int, dict], out: Path, opened: list[dict], opened_before: list[dict]) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    sizes = [r["size"] for r in rows]
    fig, axes = plt.subplots(2, 3, figsize=(15, 7.5))
    for (title, unit, key), ax in zip([("Opening keywords + manifest (no Chroma)", "s", "ready_s"),
                                       ("RSS after opening + one keyword search", "MB", "rss_mb")], axes[:, 2],
                                      strict=True):
        for data, label, style in ((opened, "after", "-"), (opened_before, "before", "--")):
            if data:
                ax.plot([r["size"] for r in data], [r[key] for r in data], marker="o", linestyle=style, label=label)
        ax.set_xscale("log")
        ax.set_xlabel("chunks in the index")
        ax.set_ylabel(unit)
        ax.set_title(title)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    for ax, (title, unit, series) in zip(axes[:, :2].flat, PANELS, strict=True):
        for key, label in series:
            points = [(r["size"], r[key]) for r in rows if key in r]
            if points:
                ax.plot(*zip(*points, strict=True), marker="o", label=label)
            if key in BEFORE:
                was = [(s, before[s][key]) for s in sizes if key in before.get(s, {})]
                if was:
                    ax.plot(*zip(*was, strict=True), marker="x", linestyle="--", label=BEFORE[key])
        ax.set_xscale("log")
        ax.set_xlabel("chunks in the index")
        ax.set_ylabel(unit)
        ax.set_title(title)
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    first = rows[0]
    loads = f"load average {min(r['load_min'] for r in rows):.1f}-{max(r['load_max'] for r in rows):.1f}"
    fig.suptitle(f"rag-bot growth (synthetic index, medians) - {first['machine']} - {first['date'][:10]} - {loads}",
                 fontsize=9)
    fig.tight_layout()
    out.parent.mkdir(parents=True, exist_ok=True)
    fig.savefig(out, format="svg", metadata={"Date": None})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("results", type=Path)
    parser.add_argument("--before", type=Path)
    parser.add_argument("--open", type=Path)
    parser.add_argument("--open-before", type=Path)
    parser.add_argument("--out", type=Path, default=Path("docs/img/growth.svg"))
    args = parser.parse_args()
    rows = sorted(json.loads(args.results.read_text()), key=lambda r: r["size"])
    before = {r["size"]: r for r in json.loads(args.before.read_text())} if args.before else {}
    opened = json.loads(args.open.read_text()) if args.open else []
    opened_before = json.loads(args.open_before.read_text()) if args.open_before else []
    plot(rows, before, args.out, opened, opened_before)
    print(table(rows, before))
    for name, data in (("after", opened), ("before", opened_before)):
        for r in data:
            print(f"open ({name}) {r['size']:,}: ready {r['ready_s']:.2f} s (imports {r['import_s']:.2f}), first "
                  f"keyword search {r['first_s']:.2f} s, RSS {r['rss_mb']:.0f} MB, load {r['load_min']:.1f}-"
                  f"{r['load_max']:.1f}")


if __name__ == "__main__":
    main()
