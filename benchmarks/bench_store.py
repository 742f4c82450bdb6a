"""Store benchmark: load rate and one-hop query latency, kgfc vs raw pyoxigraph.

Run from the repository root::

    python benchmarks/bench_store.py                 # 1M triples, JSON to benchmarks/results/store.json
    python benchmarks/bench_store.py --triples 200000 --queries 100

In one run it

a. generates a synthetic N-Triples file of Wikidata-style facts
   (``wd:Q… wdt:P… wd:Q…``; ~50k entities, ~50 properties, an English label
   for every entity and property, ``wikibase:directClaim`` for every property)
   in a temporary directory;
b. loads it into a fresh on-disk store through kgfc's ``kgfc kg load`` path
   (``OxigraphStore(path).load_file(file)``) and through raw
   ``pyoxigraph.Store(path).bulk_load(path=file)``, and reports the ratio;
c. loads the bundled demo KG through ``kgfc.kg.demo.ensure_demo`` when it exists;
d. times the one-hop ``neighbourhood()`` of 4 random entities through kgfc and
   the same SPARQL text through raw pyoxigraph (p50/p95 after a warm-up);
e. reports the on-disk store size and the peak RSS of the process.

It prints a Markdown table on stdout and writes the figures as JSON. It is a
benchmark, not a test: nothing here asserts on wall-clock time.
"""

from __future__ import annotations

import argparse
import gc
import json
import multiprocessing
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

import pyoxigraph as ox

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from kgfc.kg import vocab as V  # noqa: E402
from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402
from kgfc.kg.terms import values_clause  # noqa: E402
from kgfc.resources import load_query  # noqa: E402

LOAD_GOAL = 0.80  # kgfc load rate as a fraction of raw bulk_load
P50_GOAL_MS = 2.0  # one-hop neighbourhood of 4 entities through kgfc


# -- (a) synthetic data ------------------------------------------------------
def generate(path: Path, triples: int, entities: int, properties: int, seed: int) -> None:
    """Write a Wikidata-shaped N-Triples file with exactly ``triples`` lines.

    Every entity and property gets an English ``rdfs:label``; every property
    entity ``wd:P…`` is linked to its ``wdt:P…`` predicate by
    ``wikibase:directClaim``, as a WDQS CONSTRUCT or a truthy dump has them.
    The rest are entity-to-entity facts: subjects uniform, objects drawn 10%
    of the time from 500 hub entities (countries, occupations, ...) so the
    degree distribution has the skew real Wikidata has.
    """
    rng = random.Random(seed)
    label = "<http://www.w3.org/2000/01/rdf-schema#label>"
    direct = f"<{V.DIRECT_CLAIM}>"
    wd, wdt = V.WD, V.WDT
    pids = list(range(1, properties + 1))
    # Wikidata-ish property popularity: a few properties carry most facts.
    p_weights = [1.0 / (i**0.8) for i in range(1, properties + 1)]
    hubs = list(range(1, min(500, entities) + 1))
    descriptive = entities + 2 * properties
    facts = triples - descriptive
    if facts < 0:
        raise SystemExit(f"--triples {triples} is too small for {entities} entities")
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        buf: list[str] = []
        for q in range(1, entities + 1):
            buf.append(f'<{wd}Q{q}> {label} "entity {q}"@en .\n')
        for p in pids:
            buf.append(f"<{wd}P{p}> {direct} <{wdt}P{p}> .\n")
            buf.append(f'<{wd}P{p}> {label} "property {p}"@en .\n')
        out.writelines(buf)
        seen: set[tuple[int, int, int]] = set()
        chunk = 50_000
        while len(seen) < facts:
            want = min(chunk, facts - len(seen))
            ss = [rng.randint(1, entities) for _ in range(want)]
            ps = rng.choices(pids, weights=p_weights, k=want)
            buf = []
            for s, p in zip(ss, ps, strict=True):
                o = rng.choice(hubs) if rng.random() < 0.1 else rng.randint(1, entities)
                if o == s or (s, p, o) in seen:
                    continue
                seen.add((s, p, o))
                buf.append(f"<{wd}Q{s}> <{wdt}P{p}> <{wd}Q{o}> .\n")
            out.writelines(buf)


# -- helpers -----------------------------------------------------------------
def du(path: Path) -> int:
    """Bytes on disk, like ``du -sb``."""
    return sum(p.stat().st_size for p in path.rglob("*") if p.is_file())


def peak_rss_mb() -> float:
    kb = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss  # KiB on Linux, bytes on macOS
    return kb / 1024 / (1024 if sys.platform == "darwin" else 1)


def pct(samples: list[float], q: float) -> float:
    ordered = sorted(samples)
    k = max(0, min(len(ordered) - 1, round(q * (len(ordered) - 1))))
    return ordered[k]


def timed(fn) -> float:
    gc.collect()
    t = time.perf_counter()
    fn()
    return time.perf_counter() - t


# -- (b) load ----------------------------------------------------------------
def load_raw(store_dir: Path, file: Path) -> float:
    def go() -> None:
        store = ox.Store(str(store_dir))
        store.bulk_load(path=str(file), format=ox.RdfFormat.N_TRIPLES)
        store.flush()
        del store

    return timed(go)


def load_kgfc(store_dir: Path, file: Path) -> tuple[float, int]:
    report = {}

    def go() -> None:
        with OxigraphStore(store_dir) as store:
            report["r"] = store.load_file(file)

    seconds = timed(go)
    return seconds, report["r"].quads


# -- (c) demo KG --------------------------------------------------------------
def bench_demo(tmp: Path) -> dict:
    demo_file = ROOT / "kgfc" / "data" / "demo_kg.nq.gz"
    if not demo_file.exists():
        return {"skipped": f"{demo_file.relative_to(ROOT)} not present"}
    try:
        from kgfc.kg.demo import ensure_demo
    except ImportError as exc:
        return {"skipped": f"kgfc.kg.demo not importable: {exc}"}
    store_dir = tmp / "demo-store"
    with OxigraphStore(store_dir) as store:
        t = time.perf_counter()
        ensure_demo(store)
        seconds = time.perf_counter() - t
        quads = len(store)
        stats = store.stats()
    return {
        "file": str(demo_file.relative_to(ROOT)),
        "file_bytes": demo_file.stat().st_size,
        "quads": quads,
        "facts": stats.facts,
        "entities": stats.entities,
        "seconds": seconds,
        "quads_per_s": quads / seconds if seconds else None,
        "store_bytes": du(store_dir),
    }


# -- (d) one-hop queries ----------------------------------------------------
def bench_queries(store_dir: Path, entities: int, n: int, warmup: int, seed: int) -> dict:
    rng = random.Random(seed + 1)
    batches = [[f"{V.WD}Q{rng.randint(1, entities)}" for _ in range(4)] for _ in range(warmup + n)]
    kgfc_ms: list[float] = []
    raw_ms: list[float] = []
    rows: list[int] = []
    with OxigraphStore(store_dir, read_only=True) as store:
        for i, batch in enumerate(batches):
            t = time.perf_counter()
            facts = store.neighbourhood(batch)
            dt = (time.perf_counter() - t) * 1000
            if i >= warmup:
                kgfc_ms.append(dt)
                rows.append(len(facts))
    raw = ox.Store.read_only(str(store_dir))
    text = load_query("neighbourhood")
    for i, batch in enumerate(batches):
        q = text + values_clause("entity", batch)
        t = time.perf_counter()
        n_rows = sum(1 for _ in raw.query(q))
        dt = (time.perf_counter() - t) * 1000
        if i >= warmup:
            raw_ms.append(dt)
    del raw
    return {
        "queries": n,
        "warmup": warmup,
        "entities_per_query": 4,
        "facts_per_query_median": statistics.median(rows),
        "kgfc_p50_ms": pct(kgfc_ms, 0.50),
        "kgfc_p95_ms": pct(kgfc_ms, 0.95),
        "kgfc_mean_ms": statistics.fmean(kgfc_ms),
        "raw_p50_ms": pct(raw_ms, 0.50),
        "raw_p95_ms": pct(raw_ms, 0.95),
        "raw_mean_ms": statistics.fmean(raw_ms),
        "last_raw_rows": n_rows,
        "goal_p50_ms": P50_GOAL_MS,
        "meets_goal": pct(kgfc_ms, 0.50) <= P50_GOAL_MS,
    }


# -- report -----------------------------------------------------------------
def markdown(res: dict) -> str:
    ld, q, demo = res["load"], res["query"], res["demo"]
    n = res["data"]["triples"]
    lines = [
        f"Store benchmark: {n:,} synthetic Wikidata-style triples, "
        f"pyoxigraph {res['env']['pyoxigraph']}, {res['env']['cpus']} CPUs",
        "",
        "| measure | kgfc | raw pyoxigraph | kgfc / raw |",
        "|---|---:|---:|---:|",
        f"| load {n:,} triples, on disk (s) | {ld['kgfc_seconds']:.2f} | {ld['raw_seconds']:.2f} | |",
        f"| load rate (triples/s) | {ld['kgfc_triples_per_s']:,.0f} | {ld['raw_triples_per_s']:,.0f} "
        f"| {ld['ratio']:.0%} (goal >= {LOAD_GOAL:.0%}) |",
        f"| one-hop neighbourhood, 4 entities, p50 (ms) | {q['kgfc_p50_ms']:.2f} | {q['raw_p50_ms']:.2f} "
        f"| goal p50 <= {P50_GOAL_MS:g} ms |",
        f"| one-hop neighbourhood, 4 entities, p95 (ms) | {q['kgfc_p95_ms']:.2f} | {q['raw_p95_ms']:.2f} | |",
        f"| store size on disk (MB) | {ld['kgfc_store_bytes'] / 1e6:.1f} | {ld['raw_store_bytes'] / 1e6:.1f} | |",
    ]
    if "skipped" in demo:
        lines.append(f"| demo KG load | skipped: {demo['skipped']} | | |")
    else:
        lines.append(
            f"| demo KG load ({demo['quads']:,} quads) | {demo['seconds']:.2f} s, "
            f"{demo['quads_per_s']:,.0f} quads/s, {demo['store_bytes'] / 1e6:.1f} MB | | |"
        )
    lines += [
        "",
        f"Input file {res['data']['file_bytes'] / 1e6:.1f} MB; {q['queries']} queries after "
        f"{q['warmup']} warm-up, median {q['facts_per_query_median']:g} facts per answer; "
        f"peak RSS {res['peak_rss_mb']:.0f} MB.",
    ]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--triples", type=int, default=1_000_000)
    ap.add_argument("--entities", type=int, default=50_000)
    ap.add_argument("--properties", type=int, default=50)
    ap.add_argument("--queries", type=int, default=200)
    ap.add_argument("--warmup", type=int, default=20)
    ap.add_argument("--seed", type=int, default=42)
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "store.json")
    ap.add_argument("--keep", action="store_true", help="keep the temporary directory")
    args = ap.parse_args(argv)

    tmp = Path(tempfile.mkdtemp(prefix="kgfc-bench-"))
    log = lambda msg: print(msg, file=sys.stderr, flush=True)  # noqa: E731
    try:
        data_file = tmp / "synthetic.nt"
        log(f"generating {args.triples:,} triples in {data_file} ...")
        t = time.perf_counter()
        data = {"triples": args.triples, "entities": args.entities, "properties": args.properties}
        # In a child process, so the generator's memory stays out of the peak RSS.
        child = multiprocessing.get_context("fork").Process(
            target=generate,
            args=(data_file, args.triples, args.entities, args.properties, args.seed),
        )
        child.start()
        child.join()
        if child.exitcode != 0:
            raise SystemExit(f"generating the data failed (exit {child.exitcode})")
        data["file_bytes"] = data_file.stat().st_size
        data["generate_seconds"] = time.perf_counter() - t

        # Read the file once so neither loader pays for a cold page cache.
        data_file.read_bytes()
        raw_dir, kgfc_dir = tmp / "raw-store", tmp / "kgfc-store"
        log("raw pyoxigraph bulk_load ...")
        raw_s = load_raw(raw_dir, data_file)
        log("kgfc load_file ...")
        kgfc_s, quads = load_kgfc(kgfc_dir, data_file)
        n = args.triples
        load = {
            "raw_seconds": raw_s,
            "kgfc_seconds": kgfc_s,
            "raw_triples_per_s": n / raw_s,
            "kgfc_triples_per_s": n / kgfc_s,
            "ratio": raw_s / kgfc_s,
            "goal_ratio": LOAD_GOAL,
            "meets_goal": raw_s / kgfc_s >= LOAD_GOAL,
            "kgfc_reported_quads": quads,
            "raw_store_bytes": du(raw_dir),
            "kgfc_store_bytes": du(kgfc_dir),
        }
        log("demo KG ...")
        demo = bench_demo(tmp)
        log(f"{args.queries} one-hop queries ...")
        query = bench_queries(kgfc_dir, args.entities, args.queries, args.warmup, args.seed)
        res = {
            "env": {
                "python": platform.python_version(),
                "pyoxigraph": ox.__version__,
                "platform": platform.platform(),
                "cpus": os.cpu_count(),
            },
            "data": data,
            "load": load,
            "demo": demo,
            "query": query,
            "peak_rss_mb": peak_rss_mb(),
        }
    finally:
        if args.keep:
            log(f"kept {tmp}")
        else:
            shutil.rmtree(tmp, ignore_errors=True)
    print(markdown(res))
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_text(json.dumps(res, indent=2) + "\n", encoding="utf-8")
    log(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
