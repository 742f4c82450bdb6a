"""Web app benchmark: the claims table over many recorded claims, and the check page's first paint.

Run from the repository root::

    python benchmarks/bench_web.py                   # 100k claims, JSON to benchmarks/results/web.json
    python benchmarks/bench_web.py --claims 20000 --repeat 5 --sparql 3

It builds a store with the small Obama fixture graph and N recorded claims (each one a
claim graph as ``kgfc verify`` writes it, citing a fact of that graph; a tenth of them
stale), then, through the app (ASGI test client, templates rendered, a warm store),
times:

a. ``GET /claims``: the first page, a page deep into the table (keyset, after 20
   pages), a verdict filter, a stale filter and a text search, each with its count;
b. ``GET /``: the check page, i.e. what the browser paints before any verdict.

The claims table pages through the server's claims index (read once, in the warm-up
thread: its time is reported too); ``--sparql N`` also times the same pages through
the ``claims_page`` query the table falls back to before the index is read.

It prints a Markdown table (median and worst of ``--repeat`` runs after one warm-up)
and writes JSON. A benchmark, not a test: nothing here asserts on wall-clock time.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
import sys
import tempfile
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def build(path: Path, n: int) -> None:
    import pyoxigraph as ox

    from kgfc.kg import vocab as V
    from kgfc.kg.oxigraph_store import OxigraphStore
    from kgfc.kg.verdicts import verdict_quads
    from kgfc.models import EvidenceFact, Fact, Verdict, VerdictLabel

    store = OxigraphStore(path)
    source = store.load_file(ROOT / "tests" / "data" / "obama.ttl").source
    fact = Fact(
        subject=V.WD + "Q76", predicate=V.WDT + "P19", object=V.WD + "Q18094", source=source
    )
    ev = [EvidenceFact(id="E1", fact=fact, text="Barack Obama place of birth Honolulu")]
    labels = [VerdictLabel.SUPPORTED, VerdictLabel.REFUTED, VerdictLabel.NEI]
    start = datetime(2026, 1, 1, tzinfo=UTC)
    stale_p = ox.NamedNode(V.KGFC + "staleBecause")
    dt = ox.NamedNode(V.XSD + "dateTime")
    batch: dict = {}
    for i in range(n):
        verdict = Verdict(
            label=labels[i % 3], confidence=0.9, justification="From E1.", cited=["E1"]
        )
        iri, quads = verdict_quads(f"b-{i:06d}", f"Benchmark claim {i}", verdict, ev, "local")
        when = ox.Literal((start + timedelta(seconds=i)).isoformat(), datatype=dt)
        quads = [
            ox.Quad(q.subject, q.predicate, when, q.graph_name)
            if q.predicate.value == V.PROV + "generatedAtTime"
            else q
            for q in quads
        ]
        if i % 10 == 0:
            g = ox.NamedNode(iri + "/graph")
            quads.append(ox.Quad(ox.NamedNode(iri + "/verdict"), stale_p, ox.NamedNode(source), g))
        batch[iri + "/graph"] = quads
        if len(batch) == 5000:
            store.write_graphs(batch)
            batch = {}
    if batch:
        store.write_graphs(batch)
    store.close()


def timed(client, url: str, repeat: int) -> dict:
    client.get(url)  # warm-up
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        r = client.get(url)
        times.append((time.perf_counter() - t0) * 1000)
        assert r.status_code == 200, (url, r.status_code)
    return {"median_ms": statistics.median(times), "max_ms": max(times), "bytes": len(r.content)}


def wait_for_index(client, limit_s: float = 600.0) -> float:
    """Seconds until the server has read its claims index (the warm-up thread reads it)."""
    t0 = time.perf_counter()
    ctx = client.app.state.kgfc
    while not (ctx.claims is not None and ctx.claims.ready):
        if time.perf_counter() - t0 > limit_s:
            raise SystemExit("the claims index was not read in time")
        time.sleep(0.05)
    return time.perf_counter() - t0


def deep_url(client, pages: int) -> str:
    url = "/claims"
    for _ in range(pages):
        m = re.search(r'<a rel="next" id="next-page" href="([^"]+)"', client.get(url).text)
        url = m.group(1).replace("&amp;", "&")
    return url


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--claims", type=int, default=100_000)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument(
        "--sparql",
        type=int,
        default=0,
        metavar="N",
        help="also time each page N times through the SPARQL query the index replaces",
    )
    ap.add_argument("--out", type=Path, default=ROOT / "benchmarks" / "results" / "web.json")
    args = ap.parse_args()

    from fastapi.testclient import TestClient

    from kgfc.kg.oxigraph_store import OxigraphStore
    from kgfc.service.app import ServiceConfig, create_app
    from kgfc.settings import load_settings

    with tempfile.TemporaryDirectory(prefix="kgfc-bench-web-") as tmp:
        t0 = time.perf_counter()
        build(Path(tmp) / "store", args.claims)
        build_s = time.perf_counter() - t0
        store = OxigraphStore(Path(tmp) / "store")
        config = ServiceConfig(
            settings=load_settings(offline=True), jobs_db=Path(tmp) / "jobs.sqlite3", warm_up=False
        )
        urls = {}
        index_s = None
        rows: dict[str, dict] = {}
        with TestClient(create_app(config, store=store)) as client:
            index_s = wait_for_index(client)
            urls = {
                "claims, first page": "/claims",
                "claims, page 21 (keyset)": deep_url(client, 20),
                "claims, verdict=refuted": "/claims?verdict=refuted",
                "claims, stale=yes": "/claims?stale=yes",
                "claims, text search": "/claims?q=claim+4242",
                "check page (first paint)": "/",
            }
            for name, url in urls.items():
                rows[name] = {"index": timed(client, url, args.repeat)}
            if args.sparql:  # the same pages through the claims_page query, as before the index
                client.app.state.kgfc.claims.ready = False
                for name, url in urls.items():
                    rows[name]["sparql"] = timed(client, url, args.sparql)
        store.close()
    print(f"{args.claims:,} recorded claims (store built in {build_s:.0f} s, ", end="")
    print(f"claims index read in {index_s:.1f} s)\n")
    head = "| page | median ms | worst ms | bytes |"
    if args.sparql:
        head += " SPARQL median ms |"
    print(head + "\n|---|---:|---:|---:|" + ("---:|" if args.sparql else ""))
    for name, r in rows.items():
        i = r["index"]
        line = f"| {name} | {i['median_ms']:.0f} | {i['max_ms']:.0f} | {i['bytes']:,} |"
        if "sparql" in r:
            line += f" {r['sparql']['median_ms']:.0f} |"
        print(line)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    doc = {"claims": args.claims, "index_build_s": index_s, "repeat": args.repeat, "pages": rows}
    args.out.write_text(json.dumps(doc, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
