"""Cypher mirror benchmark: sync cost and query latency on an embedded FalkorDB.

Run from the repository root, on Python 3.12+ with ``kgfc[falkordb]`` installed
(``.ci/run`` builds such an environment in ``.venv312``)::

    .venv312/bin/python benchmarks/bench_cypher.py            # JSON to benchmarks/results/cypher.json
    .venv312/bin/python benchmarks/bench_cypher.py --repeat 50 --cli-repeat 5

In one run it

a. loads the bundled demo KG (about 250k quads) into a fresh on-disk store and
   records a few verified claims (so the claim queries have something to read);
b. times a full ``sync`` into ``falkordb:PATH``, a second sync that finds nothing
   to do, and an incremental sync after one new source;
c. times each cookbook query of ``queries/cypher`` in process (p50/p95 over
   ``--repeat`` runs after a warm-up) against the equivalent SPARQL on the same
   store (the named SPARQL query where there is one, else the text below);
d. times the one-shot commands, ``kgfc kg cypher --name ...`` against ``kgfc kg
   query --name ...`` (p50 wall time of ``--cli-repeat`` runs: Python start-up,
   opening the store or starting the embedded server, the query, the exit).

It prints a Markdown table and writes the figures as JSON. A benchmark, not a
test: nothing here asserts on wall-clock time.
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pyoxigraph as ox

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # run from a checkout without installing

from kgfc.kg import vocab as V  # noqa: E402
from kgfc.kg.cypher_mirror import open_mirror  # noqa: E402
from kgfc.kg.demo import ensure_demo  # noqa: E402
from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402
from kgfc.kg.terms import source_iri  # noqa: E402
from kgfc.models import Fact, Source, SourceKind  # noqa: E402

WD, WDT = V.WD, V.WDT
# demo-KG claims recorded before timing: Tony Blair born in London, ...
CLAIMS = [("Q9545", "P19", "Q84"), ("Q76", "P27", "Q30"), ("Q9545", "P27", "Q145")]
ENTITY, PROPERTY = WD + "Q9545", WDT + "P19"

# SPARQL for what has no named SPARQL twin: more than one value for one property.
CONFLICTS_SPARQL = f"""
SELECT ?entity ?value ?g WHERE {{
  {{ SELECT ?entity WHERE {{ GRAPH ?g1 {{ ?entity <{PROPERTY}> ?v }} }}
    GROUP BY ?entity HAVING (COUNT(DISTINCT ?v) > 1) }}
  GRAPH ?g {{ ?entity <{PROPERTY}> ?value }}
}} ORDER BY ?entity ?value
"""


def timed(fn, repeat: int) -> dict:
    fn()  # warm-up
    samples = []
    for _ in range(repeat):
        t = time.perf_counter()
        fn()
        samples.append((time.perf_counter() - t) * 1000)
    samples.sort()
    return {
        "p50_ms": round(statistics.median(samples), 2),
        "p95_ms": round(samples[min(len(samples) - 1, int(len(samples) * 0.95))], 2),
    }


def one_shot(args: list[str], repeat: int) -> float:
    """p50 wall seconds of ``python -m kgfc ARGS``."""
    env = dict(os.environ, KGFC_OFFLINE="1")
    samples = []
    for _ in range(repeat):
        t = time.perf_counter()
        proc = subprocess.run(
            [sys.executable, "-m", "kgfc", *args],
            cwd=ROOT,
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            text=True,
        )
        if proc.returncode:
            sys.exit(f"kgfc {' '.join(args)} failed:\n{proc.stderr}")
        samples.append(time.perf_counter() - t)
    return round(statistics.median(samples), 3)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repeat", type=int, default=30)
    ap.add_argument("--cli-repeat", type=int, default=5)
    ap.add_argument("--json", type=Path, default=ROOT / "benchmarks" / "results" / "cypher.json")
    args = ap.parse_args()

    from kgfc.pipeline.api import FactChecker
    from kgfc.settings import load_settings

    work = Path(tempfile.mkdtemp(prefix="kgfc-bench-cypher-"))
    store_path, mirror_url = work / "store", f"falkordb:{work / 'mirror.falkordb'}"
    out: dict = {"python": platform.python_version(), "cpus": os.cpu_count()}

    # (a) the demo KG and a few recorded claims
    store = OxigraphStore(str(store_path))
    t = time.perf_counter()
    ensure_demo(store)
    out["demo_load_s"] = round(time.perf_counter() - t, 2)
    out["quads"] = len(store)
    checker = FactChecker(store, settings=load_settings(offline=True), record=True)
    for i, triple in enumerate(CLAIMS):
        checker.verify(triple, id=f"bench-{i}")
    claim_id = "bench-0"
    [ev] = [r for r in store.run("claim_evidence", bindings={"claimId": ox.Literal(claim_id)})][:1]
    used, claim_iri = ev["source"], ev["claim"]

    # (b) sync: full, nothing to do, one new source
    mirror = open_mirror(mirror_url)
    report = mirror.sync(store)
    out["full_sync_s"] = round(report.seconds, 2)
    out["full_sync_facts"] = report.facts
    out["full_sync_sources"] = len(report.added)
    out["noop_sync_s"] = round(mirror.sync(store).seconds, 3)
    new = Source(
        iri=source_iri("wikidata", "bench-new"),
        kind=SourceKind.WIKIDATA,
        location="https://query.wikidata.org/sparql",
        query="bench",
        extractor="bench",
    )
    store.add_source(
        new,
        [Fact(subject=ENTITY, predicate=WDT + "P69", object=WD + f"Q{n}") for n in range(1, 21)],
        [],
    )
    report = mirror.sync(store)
    out["incremental_sync_s"] = round(report.seconds, 3)
    out["incremental_sync_facts"] = report.facts

    # (c) cookbook queries in process: Cypher on FalkorDB vs SPARQL on the store
    pairs = {
        "claim_evidence": (
            {"claimId": claim_id},
            lambda: store.run("claim_evidence", bindings={"claimId": ox.Literal(claim_id)}),
        ),
        "claims_using_source": (
            {"source": used},
            lambda: store.run("claims_using_source", bindings={"source": ox.NamedNode(used)}),
        ),
        "entity_neighbourhood": (
            {"iri": ENTITY},
            lambda: store.run("entity_facts", bindings={"entity": ox.NamedNode(ENTITY)}),
        ),
        "conflicting_values": (
            {"type": PROPERTY[len(WDT) :]},
            lambda: list(store.sparql(CONFLICTS_SPARQL)),
        ),
    }
    queries = {}
    for name, (params, sparql) in pairs.items():
        rows = mirror.run(name, params)
        queries[name] = {
            "rows": len(rows),
            "cypher": timed(lambda n=name, p=params: mirror.run(n, p), args.repeat),
            "sparql": timed(sparql, args.repeat),
        }
    out["queries"] = queries
    mirror.close()
    store.close()  # the one-shot commands open both themselves

    # (d) one-shot commands
    out["cli"] = {
        "kg_cypher_s": one_shot(
            ["kg", "cypher", "--uri", mirror_url, "--name", "claim_evidence", "--bind", f"claimId={claim_id}", "--json"],
            args.cli_repeat,
        ),
        "kg_query_s": one_shot(
            ["kg", "query", "--store", str(store_path), "--name", "claim_evidence", "--bind", f"claim={claim_iri}", "--json"],
            args.cli_repeat,
        ),
    }  # fmt: skip

    print(f"demo KG: {out['quads']:,} quads on Python {out['python']}, {out['cpus']} CPUs\n")
    print("| what | figure |\n|---|---|")
    print(
        f"| full sync ({out['full_sync_sources']} sources, {out['full_sync_facts']:,} facts) | {out['full_sync_s']} s |"
    )
    print(f"| sync with nothing to do | {out['noop_sync_s']} s |")
    print(
        f"| incremental sync, one new source ({out['incremental_sync_facts']} facts) | {out['incremental_sync_s']} s |"
    )
    for name, q in queries.items():
        print(
            f"| `{name}` ({q['rows']} rows), p50 Cypher / SPARQL | "
            f"{q['cypher']['p50_ms']} / {q['sparql']['p50_ms']} ms |"
        )
    print(f"| one-shot `kg cypher --name claim_evidence` / `kg query --name claim_evidence`, p50 | {out['cli']['kg_cypher_s']} / {out['cli']['kg_query_s']} s |")  # fmt: skip
    args.json.parent.mkdir(parents=True, exist_ok=True)
    args.json.write_text(json.dumps(out, indent=2) + "\n", encoding="utf-8")


if __name__ == "__main__":
    main()
