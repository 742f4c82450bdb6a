"""Batch verification with recording on: throughput, per-claim cost across a history, store growth.

Builds an on-disk store holding the demo KG (CoDEx-M train + Wikidata labels,
185k facts), records a history of structured-triple claims, then verifies a set
of triples half new and half already recorded, with and without recording, and
reports claims/s, quads and bytes per recorded claim, and aggregate rebuilds
(the store counts them; recording must add none).

    python benchmarks/bench_batch.py [--history 2000] [--triples 400] [--batch 500]
"""

from __future__ import annotations

import argparse
import json
import random
import shutil
import tempfile
import time
from pathlib import Path

from kgfc.verify.api import FactChecker
from kgfc.kg import vocab as V
from kgfc.kg.demo import ensure_demo
from kgfc.kg.oxigraph_store import OxigraphStore, _folder_bytes
from kgfc.settings import load_settings

RESULTS = Path(__file__).resolve().parent / "results"


def sample_triples(store: OxigraphStore, n: int, seed: int = 7) -> list[tuple[str, str, str]]:
    rows = store.sparql(
        f"SELECT ?s ?p ?o WHERE {{ GRAPH ?g {{ ?s ?p ?o }} "
        f'FILTER(STRSTARTS(STR(?p), "{V.WDT}") && ISIRI(?o)) }} LIMIT {n * 20}'
    )
    facts = [(r["s"].value, r["p"].value, r["o"].value) for r in rows]
    rng = random.Random(seed)
    rng.shuffle(facts)
    return [(V.local_id(s), V.local_id(p), V.local_id(o)) for s, p, o in facts[:n]]


def run(verifier: FactChecker, items: list[tuple[str, tuple]]) -> float:
    start = time.perf_counter()
    for cid, (s, p, o) in items:
        verifier.verify((s, p, o), id=cid)
    return len(items) / (time.perf_counter() - start)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--history", type=int, default=2000)
    ap.add_argument("--triples", type=int, default=400)
    ap.add_argument("--batch", type=int, default=500)
    args = ap.parse_args()
    tmp = Path(tempfile.mkdtemp(prefix="kgfc-bench-batch-"))
    out: dict = {"history": args.history, "triples": args.triples}
    try:
        path = tmp / "store"
        with OxigraphStore(path) as store:
            ensure_demo(store)
        settings = load_settings(offline=True)
        store = OxigraphStore(path)
        triples = sample_triples(store, args.history + args.triples)
        history, fresh = triples[: args.history], triples[args.history :]
        rec = FactChecker(store, settings=settings, record=True)
        norec = FactChecker(store, settings=settings, record=False)
        run(rec, [("warm", history[0])])
        builds = dict(store.aggregate_builds)
        q0, b0 = len(store), _folder_bytes(path)
        rates = []
        for k in range(0, len(history), args.batch):
            chunk = [(f"h{k + i}", t) for i, t in enumerate(history[k : k + args.batch])]
            rates.append(round(run(rec, chunk), 1))
        grown = {k: v - builds.get(k, 0) for k, v in store.aggregate_builds.items()}
        out["aggregate_builds_during_history"] = {k: v for k, v in grown.items() if v}
        store.close()
        store = OxigraphStore(path)  # cold start: aggregates come from the caches
        start = time.perf_counter()
        rec, norec = FactChecker(store, settings=settings, record=True), FactChecker(store, settings=settings, record=False)
        run(rec, [("cold", fresh[0])])
        out["cold_first_claim_s"] = round(time.perf_counter() - start, 2)
        q1, b1 = len(store), _folder_bytes(path)
        out["history_rates_per_batch"] = rates
        out["quads_per_claim"] = round((q1 - q0) / args.history, 1)
        out["bytes_per_claim_on_disk"] = round((b1 - b0) / args.history)
        half = args.triples // 2
        new = [(f"n{i}", t) for i, t in enumerate(fresh[:half])]
        again = [(f"h{i}", t) for i, t in enumerate(history[:half])]
        out["new_recorded_per_s"] = round(run(rec, new), 1)
        out["rechecked_recorded_per_s"] = round(run(rec, again), 1)
        out["new_not_recorded_per_s"] = round(
            run(norec, [(f"x{i}", t) for i, t in enumerate(fresh[half:])]), 1
        )
        out["rechecked_not_recorded_per_s"] = round(run(norec, again), 1)
        after = dict(store.aggregate_builds)
        out["aggregate_builds_after_cold_start"] = after
        store.close()
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    print(json.dumps(out, indent=2))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "bench_batch.json").write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
