"""Local search benchmark: tantivy index build time and query latency on synthetic passages.

Run from the repository root::

    python benchmarks/bench_search.py                    # 50k passages, JSON to benchmarks/results/search.json
    python benchmarks/bench_search.py --passages 5000 --queries 200

In one run it

a. generates ``--passages`` synthetic passages (fixed seed): 40-110 words
   drawn from a Zipf-distributed vocabulary of pseudo-words with a sprinkling
   of entity-like names, written as JSONL files of 1,000 documents each in a
   temporary directory;
b. builds the index through kgfc's path (``LocalCorpusProvider(dir).index()``,
   what ``kgfc kg index DIR`` runs) and reports the build time and rate;
c. re-indexes with nothing changed, then after rewriting one file (the
   incremental path);
d. runs ``--queries`` queries of 4-10 words taken from random passages
   (after a warm-up), timing ``provider.search(q, limit=5)`` (kgfc: query
   cleaning, parsing, search, stored-field fetch, ``SearchHit`` building)
   and raw tantivy ``searcher.search`` of the same parsed query, and reports
   p50/p95 of both plus how often the source passage ranks first; then the
   same with 2-3 word queries (keyword-style, closer to entity look-ups).

It prints a Markdown table on stdout and writes the figures as JSON. It is a
benchmark, not a test: nothing here asserts on wall-clock time.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import resource
import shutil
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from kgfc.web.local import LocalCorpusProvider  # noqa: E402

DOCS_PER_FILE = 1_000
SYLLABLES = [c + v for c in "bcdfghjklmnprstvz" for v in ("a", "e", "i", "o", "u", "ai", "ou")]


def vocabulary(rng: random.Random, size: int) -> list[str]:
    words: set[str] = set()
    while len(words) < size:
        words.add("".join(rng.choice(SYLLABLES) for _ in range(rng.randint(1, 4))))
    return sorted(words)


def generate(directory: Path, passages: int, seed: int) -> list[tuple[str, str]]:
    """Write JSONL files; return (id, text) for every passage."""
    rng = random.Random(seed)
    vocab = vocabulary(rng, 30_000)
    rng.shuffle(vocab)
    cum, total = [], 0.0
    for rank in range(len(vocab)):  # Zipf, s = 1
        total += 1.0 / (rank + 1)
        cum.append(total)
    names = [w.capitalize() + " " + rng.choice(vocab).capitalize() for w in vocab[5_000:7_000]]
    out: list[tuple[str, str]] = []
    for start in range(0, passages, DOCS_PER_FILE):
        lines = []
        for i in range(start, min(start + DOCS_PER_FILE, passages)):
            words = rng.choices(vocab, cum_weights=cum, k=rng.randint(40, 110))
            for _ in range(rng.randint(1, 3)):
                words.insert(rng.randrange(len(words)), rng.choice(names))
            text = " ".join(words).capitalize() + "."
            doc_id = f"p{i:06d}"
            lines.append(json.dumps({"id": doc_id, "title": rng.choice(names), "text": text}))
            out.append((doc_id, text))
        (directory / f"part{start // DOCS_PER_FILE:04d}.jsonl").write_text("\n".join(lines) + "\n")
    return out


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def bench_queries(
    provider: LocalCorpusProvider,
    docs: list[tuple[str, str]],
    n: int,
    warmup: int,
    seed: int,
    length: tuple[int, int] = (4, 10),
) -> dict:
    rng = random.Random(seed + length[0])
    queries = []
    for _ in range(n + warmup):
        doc_id, text = rng.choice(docs)
        words = text.rstrip(".").split()
        k = rng.randint(*length)
        start = rng.randrange(max(1, len(words) - k))
        queries.append((doc_id, " ".join(words[start : start + k])))
    index = provider._ready()
    kgfc_ms, raw_ms, top1 = [], [], 0
    for i, (doc_id, q) in enumerate(queries):
        # Whichever runs second finds the postings warm: alternate the order.
        for which in ("kgfc", "raw") if i % 2 else ("raw", "kgfc"):
            if which == "kgfc":
                t0 = time.perf_counter()
                hits = provider.search(q, limit=5)
                kgfc = time.perf_counter() - t0
            else:
                parsed = index.parse_query(
                    q.lower(), ["title", "body"], field_boosts={"title": 0.5}
                )
                t0 = time.perf_counter()
                index.searcher().search(parsed, 5)
                raw = time.perf_counter() - t0
        if i < warmup:
            continue
        kgfc_ms.append(kgfc * 1000)
        raw_ms.append(raw * 1000)
        top1 += bool(hits) and hits[0].id == doc_id
    return {
        "queries": n,
        "kgfc_p50_ms": round(statistics.median(kgfc_ms), 3),
        "kgfc_p95_ms": round(pct(kgfc_ms, 0.95), 3),
        "raw_search_p50_ms": round(statistics.median(raw_ms), 3),
        "raw_search_p95_ms": round(pct(raw_ms, 0.95), 3),
        "source_passage_first": round(top1 / n, 3),
    }


def markdown(res: dict) -> str:
    b, q, sq = res["build"], res["query"], res["short_query"]
    rows = [
        ("passages", f"{res['passages']:,}"),
        (
            "index build (kgfc kg index)",
            f"{b['seconds']:.2f} s ({b['passages_per_s']:,.0f} passages/s)",
        ),
        (
            "re-index, nothing changed",
            f"{b['noop_seconds'] * 1000:.1f} ms ({b['noop_changed']} changed)",
        ),
        (
            "re-index, one file rewritten",
            f"{b['one_file_seconds']:.2f} s ({b['one_file_changed']} changed)",
        ),
        ("index size on disk", f"{b['index_mb']:.1f} MB"),
        ("search p50 / p95 (kgfc, limit 5)", f"{q['kgfc_p50_ms']:.3f} / {q['kgfc_p95_ms']:.3f} ms"),
        (
            "search p50 / p95 (raw tantivy)",
            f"{q['raw_search_p50_ms']:.3f} / {q['raw_search_p95_ms']:.3f} ms",
        ),
        (
            "source passage ranked first",
            f"{q['source_passage_first']:.1%} of {q['queries']} queries",
        ),
        (
            "2-3 word queries: p50 kgfc / raw",
            f"{sq['kgfc_p50_ms']:.3f} / {sq['raw_search_p50_ms']:.3f} ms",
        ),
        ("peak RSS", f"{res['peak_rss_mb']:.0f} MB"),
    ]
    lines = ["| measure | value |", "|---|---|"] + [f"| {k} | {v} |" for k, v in rows]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--passages", type=int, default=50_000)
    ap.add_argument("--queries", type=int, default=1_000)
    ap.add_argument("--warmup", type=int, default=50)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "search.json")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = ap.parse_args(argv)
    log = lambda msg: print(msg, file=sys.stderr, flush=True)  # noqa: E731

    tmp = Path(tempfile.mkdtemp(prefix="kgfc-bench-search-"))
    try:
        corpus = tmp / "corpus"
        corpus.mkdir()
        log(f"generating {args.passages:,} passages in {corpus}")
        docs = generate(corpus, args.passages, args.seed)

        log("building the index")
        provider = LocalCorpusProvider(corpus)
        report = provider.index()
        assert report.passages == args.passages, report
        t0 = time.perf_counter()
        noop = LocalCorpusProvider(corpus).index()
        noop_s = time.perf_counter() - t0
        first = sorted(corpus.glob("*.jsonl"))[0]
        first.write_text(first.read_text() + "\n")
        st = first.stat()
        os.utime(first, ns=(st.st_atime_ns, st.st_mtime_ns + 1_000_000_000))
        one = LocalCorpusProvider(corpus).index()
        index_bytes = sum(
            p.stat().st_size for p in (corpus / ".kgfc-index").rglob("*") if p.is_file()
        )

        log(f"running {args.queries} queries")
        query = bench_queries(provider, docs, args.queries, args.warmup, args.seed)
        short = bench_queries(provider, docs, args.queries, args.warmup, args.seed, length=(2, 3))
        res = {
            "passages": args.passages,
            "seed": args.seed,
            "build": {
                "seconds": report.seconds,
                "passages_per_s": round(args.passages / report.seconds),
                "noop_seconds": round(noop_s, 4),
                "noop_changed": noop.changed,
                "one_file_seconds": one.seconds,
                "one_file_changed": one.changed,
                "index_mb": round(index_bytes / 1e6, 1),
            },
            "query": query,
            "short_query": short,
            "peak_rss_mb": round(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024),
            "machine": {
                "python": platform.python_version(),
                "cpus": os.cpu_count(),
                "platform": platform.platform(),
            },
        }
    finally:
        if args.keep:
            log(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)

    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(res, indent=2) + "\n")
    print(markdown(res))
    log(f"figures written to {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
