"""Batch throughput on worker processes, and a SPARQL server under concurrent clients.

1. ``kgfc verify --file`` (local reasoner, demo KG, recording on) with ``--workers 1``
   and ``--workers 2``: structured triples and text claims, claims per second of the
   whole command (worker start-up included) and the speed-up.
2. ``oxigraph serve`` loaded with the demo KG: one-hop SELECTs per second under 1, 2
   and 4 concurrent clients (the figure a capacity model needs for its store).

Not a test: prints a Markdown table and writes benchmarks/results/parallel.json. The
machine may be shared: compare the ratios, not the seconds.

    python benchmarks/bench_parallel.py --claims 400
"""

from __future__ import annotations

import argparse
import json
import os
import random
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tests"))


def demo_store(folder: Path, n: int) -> tuple[Path, list, list]:
    """An on-disk demo store, ``n`` triples of its facts, and ``n`` text claims made from them."""
    from kgfc.kg import vocab as V
    from kgfc.kg.demo import ensure_demo
    from kgfc.kg.oxigraph_store import OxigraphStore

    path = folder / "store"
    triples, texts = {}, []
    with OxigraphStore(path) as s:
        ensure_demo(s)
        for q in s.quads(None, None, None, None):
            p = q.predicate.value
            if p.startswith(V.WDT) and q.object.value.startswith(V.WD) and p != V.WDT + "P31":
                t = tuple(V.local_id(x) for x in (q.subject.value, p, q.object.value))
                triples.setdefault(t, None)
                if len(triples) >= n:
                    break
        rows = s.sparql(
            "SELECT ?sl ?ol WHERE { ?s <http://www.wikidata.org/prop/direct/P19> ?o . "
            "?s <http://www.w3.org/2000/01/rdf-schema#label> ?sl . "
            "?o <http://www.w3.org/2000/01/rdf-schema#label> ?ol . "
            'FILTER(lang(?sl) = "en" && lang(?ol) = "en") } LIMIT ' + str(n)
        )
        texts = [f"{r[0].value} was born in {r[1].value}." for r in rows]
    return path, list(triples), texts


def run_batch(store: Path, rows: list[dict], workers: int, home: Path) -> tuple[float, float]:
    """Seconds of one `kgfc verify --file` over ``rows`` on a fresh copy of the store, and the
    mean SPARQL queries per claim (from the results' counters)."""
    import shutil

    copy = store.with_name(f"store-{workers}-{time.time_ns()}")
    shutil.copytree(store, copy)
    batch = copy.with_suffix(".jsonl")
    batch.write_text("".join(json.dumps(r) + "\n" for r in rows))
    cmd = [sys.executable, "-m", "kgfc", "verify", "--store", str(copy), "--file", str(batch)]
    cmd += ["--reasoner", "local", "--workers", str(workers), "--nl"]
    env = {**os.environ, "KGFC_HOME": str(home), "KGFC_OFFLINE": "1", "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    done = subprocess.run(cmd, check=True, env=env, capture_output=True, text=True)
    seconds = time.perf_counter() - start
    shutil.rmtree(copy, ignore_errors=True)
    results = [json.loads(x) for x in done.stdout.splitlines()]
    queries = sum(r["counters"]["sparql_queries"] for r in results) / max(1, len(results))
    return seconds, round(queries, 2)


def sparql_throughput(store: Path, entities: list[str], clients: int, seconds: float) -> float:
    """One-hop SELECTs per second against `oxigraph serve` with ``clients`` concurrent clients."""
    from fakes.sparql_server import free_port, oxigraph_binary

    port = free_port()
    proc = subprocess.Popen(
        [
            oxigraph_binary(),
            "serve-read-only",
            "--location",
            str(store),
            "--bind",
            f"127.0.0.1:{port}",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/query"
    try:
        for _ in range(200):
            try:
                httpx.get(url, params={"query": "ASK {}"}, timeout=1)
                break
            except httpx.HTTPError:
                time.sleep(0.05)

        def client(seed: int) -> int:
            rnd, done = random.Random(seed), 0
            end = time.perf_counter() + seconds
            with httpx.Client(timeout=30) as http:
                while time.perf_counter() < end:
                    e = rnd.choice(entities)
                    q = f"SELECT ?p ?o WHERE {{ GRAPH ?g {{ <http://www.wikidata.org/entity/{e}> ?p ?o }} }}"
                    http.get(
                        url,
                        params={"query": q},
                        headers={"Accept": "application/sparql-results+json"},
                    )
                    done += 1
            return done

        with ThreadPoolExecutor(clients) as pool:
            total = sum(pool.map(client, range(clients)))
        return total / seconds
    finally:
        proc.terminate()
        proc.wait(10)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--claims", type=int, default=400)
    ap.add_argument("--seconds", type=float, default=5.0, help="per SPARQL concurrency level")
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        store, triples, texts = demo_store(folder, args.claims)
        out: dict = {"claims": {}, "sparql": {}}
        kinds = {
            "triples": [{"id": f"t{i}", "triple": list(t)} for i, t in enumerate(triples)],
            "text": [{"id": f"x{i}", "claim": c} for i, c in enumerate(texts)],
        }
        for kind, rows in kinds.items():
            one, queries = run_batch(store, rows, 1, folder / "home")
            two, _ = run_batch(store, rows, 2, folder / "home")
            out["claims"][kind] = {
                "n": len(rows),
                "sparql_queries_per_claim": queries,
                "workers_1_per_s": round(len(rows) / one, 2),
                "workers_2_per_s": round(len(rows) / two, 2),
                "speedup": round(one / two, 2),
            }
        entities = sorted({t[0] for t in triples})
        for clients in (1, 2, 4):
            qps = sparql_throughput(store, entities, clients, args.seconds)
            out["sparql"][clients] = round(qps, 1)
    print("| what | 1 worker | 2 workers | speed-up |\n|---|---|---|---|")
    for kind, r in out["claims"].items():
        print(
            f"| {kind} ({r['n']}) | {r['workers_1_per_s']}/s | {r['workers_2_per_s']}/s | {r['speedup']}x |"
        )
    print("\n| SPARQL clients | queries/s |\n|---|---|")
    for clients, qps in out["sparql"].items():
        print(f"| {clients} | {qps} |")
    results = ROOT / "benchmarks" / "results"
    results.mkdir(exist_ok=True)
    (results / "parallel.json").write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
