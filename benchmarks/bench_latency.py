"""Latency of a check, from a cold command to a warm server, each beside a baseline from the same run.

On the bundled demo KG in a fresh KGFC_HOME (loaded once, not timed), local reasoner, no web:

- baselines: ``kgfc --help`` as a whole process (the floor of any one-shot command)
  and a one-hop SELECT through pyoxigraph in this process (the floor of any check);
- one-shot: ``kgfc verify "<claim>"`` as a whole process, cold (no server; wall and CPU seconds),
  through a running ``kgfc serve`` (``kgfc --server URL verify``) and beside it
  (plain ``kgfc verify``, which finds the server holding its store);
- warm in-process: ``FactChecker.verify`` p50/p95/p99 over demo-KG claims;
- warm HTTP: sequential ``POST /v1/verify`` p50/p95/p99 over varied demo-KG claims on a warm ``kgfc serve``;
- batch: ``FactChecker.verify_many`` over text claims and over triples, claims/s;
  a text batch without and with recording, and the quads a recorded claim adds.

The load average at the start and the end says how busy the machine was.
Every figure is also given as a ratio to its baseline, which is what to compare
across machines and runs (the machine may be shared). Run:
``python benchmarks/bench_latency.py [--runs 5] [--requests 100] [--batch 200]``.
Writes benchmarks/results/latency.json and prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))
from bench_service import (  # noqa: E402 - the sibling benchmark's process helpers
    ROOT,
    env_for,
    free_port,
    run_once,
    wait_http,
)

sys.path.insert(0, str(ROOT))  # the in-process figures measure this checkout, as the commands do

CLAIM = "Tony Blair was born in London."
WORDS = {"P19": "was born in", "P20": "died in", "P27": "was a citizen of"}


def percentiles(seconds: list[float]) -> dict:
    s = sorted(seconds)

    def at(q: float) -> float:
        return round(1000 * s[min(len(s) - 1, int(len(s) * q))], 2)

    return {"n": len(s), "p50_ms": at(0.50), "p95_ms": at(0.95), "p99_ms": at(0.99)}


def wall_median(argv: list[str], env: dict, runs: int) -> float:
    return wall_and_cpu(argv, env, runs)[0]


def wall_and_cpu(argv: list[str], env: dict, runs: int) -> tuple[float, float]:
    """Median wall and CPU seconds of ``runs`` whole processes (CPU: steadier on a shared machine)."""
    run_once(argv, env)  # warm the OS file cache
    got = [run_once(argv, env) for _ in range(runs)]
    return (
        round(statistics.median(w for w, _, _ in got), 3),
        round(statistics.median(c for _, c, _ in got), 3),
    )


def demo_facts(store, n: int) -> list[tuple[str, str, str, str, str]]:
    """(subject IRI, label, property id, object IRI, label) of demo-KG facts the claims are built from."""
    q = """PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
    SELECT ?s ?sl ?p ?o ?ol WHERE { ?s ?p ?o . ?s rdfs:label ?sl . ?o rdfs:label ?ol .
      VALUES ?p { <http://www.wikidata.org/prop/direct/P19> <http://www.wikidata.org/prop/direct/P20>
                  <http://www.wikidata.org/prop/direct/P27> } } LIMIT """ + str(int(n))
    out = []
    for row in store.query(q, use_default_graph_as_union=True):
        s, sl, p, o, ol = (row[k] for k in ("s", "sl", "p", "o", "ol"))
        out.append((s.value, sl.value, p.value.rsplit("/", 1)[1], o.value, ol.value))
    return out


def baseline_store(home: Path):
    """The same demo KG, exported by kgfc and loaded into plain pyoxigraph."""
    import pyoxigraph

    dump = home / "demo.nq"
    subprocess.run(
        [sys.executable, "-m", "kgfc", "--quiet", "kg", "export", "--read-only"]
        + ["--format", "nquads", "-o", str(dump)],
        env=env_for(home),
        check=True,
    )
    raw = pyoxigraph.Store()
    raw.load(path=str(dump), format=pyoxigraph.RdfFormat.N_QUADS)
    return raw


def claim_texts(facts) -> list[str]:
    return [f"{sl} {WORDS[p]} {ol}." for _, sl, p, _, ol in facts]


def in_process(home: Path, raw, facts, requests: int, batch: int) -> dict:
    os.environ.update({"KGFC_HOME": str(home), "KGFC_OFFLINE": "1"})
    from kgfc.kg.demo import ensure_demo
    from kgfc.kg.oxigraph_store import OxigraphStore
    from kgfc.pipeline.api import FactChecker
    from kgfc.settings import load_settings

    lat = []
    for s, *_ in facts[:requests]:
        t = time.perf_counter()
        list(raw.query(f"SELECT ?p ?o WHERE {{ <{s}> ?p ?o }}", use_default_graph_as_union=True))
        lat.append(time.perf_counter() - t)
    out: dict = {"baseline_pyoxigraph_one_hop": percentiles(lat)}

    store = OxigraphStore()
    ensure_demo(store)
    checker = FactChecker(store, settings=load_settings(offline=True), policy="fixed")
    texts = claim_texts(facts)
    checker.verify(CLAIM, record=False)  # load the reader and the indexes once
    lat = []
    for text in texts[:requests]:
        t = time.perf_counter()
        checker.verify(text, record=False)
        lat.append(time.perf_counter() - t)
    out["warm_in_process"] = percentiles(lat)
    fresh = facts[requests : requests + batch]
    for name, items in [
        ("batch_text", claim_texts(fresh)),
        ("batch_triples", [(s, p, o) for s, _, p, o, _ in fresh]),
    ]:
        t = time.perf_counter()
        n = sum(1 for _ in checker.verify_many(items, record=False))
        out[name] = {"claims": n, "per_s": round(n / (time.perf_counter() - t), 1)}
    out["recording"] = recording(checker, store, claim_texts(fresh)[: max(2, batch // 2)] * 2)
    return out


def recording(checker, store, items: list[str]) -> dict:
    """A text batch (its second half re-checks the first) without and with recording, claims/s,
    and the quads each recorded claim (verdict, evidence, trajectory) adds to the store.

    The claims were checked before (their parses are cached): what differs is the recording.
    The batch without recording runs before and after the one with, and counts their mean,
    so that a machine getting busier or quieter does not favour one side.
    """

    def rate(record: bool) -> tuple[float, set]:
        t = time.perf_counter()
        iris = {r.claim_iri for r in checker.verify_many(items, record=record)}
        return len(items) / (time.perf_counter() - t), iris

    n = len(items)
    before_rate, _ = rate(False)
    before = len(store)
    recorded, iris = rate(True)
    added = len(store) - before
    after_rate, _ = rate(False)
    plain = (before_rate + after_rate) / 2
    return {
        "claims": n,
        "no_record_per_s": round(plain, 1),
        "record_per_s": round(recorded, 1),
        "record_cost_pct": round(100 * (1 - recorded / plain), 1),
        "quads_per_claim": round(added / len(iris), 1),
    }


def with_server(home: Path, texts: list[str], runs: int, requests: int) -> dict:
    """One-shot figures through a warm ``kgfc serve``, and its ``POST /v1/verify`` latency
    over varied demo-KG claims (each sent once, so no answer comes from a cache)."""
    env = env_for(home)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "kgfc", "--quiet", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        wait_http(url + "/health", server, lambda r: r.json().get("warm"))
        out = {
            "one_shot_with_server_s": wall_median(
                [sys.executable, "-m", "kgfc", "--server", url, "verify", CLAIM], env, runs
            ),
            # no --server: the command finds the server holding its store (the note beside it)
            "one_shot_auto_server_s": wall_median(
                [sys.executable, "-m", "kgfc", "verify", CLAIM], env, runs
            ),
        }
        with httpx.Client(base_url=url, timeout=60) as c:
            c.post("/v1/verify", json={"claim": CLAIM})
            lat = []
            for text in texts[:requests]:
                t = time.perf_counter()
                r = c.post("/v1/verify", json={"claim": text})
                lat.append(time.perf_counter() - t)
                r.raise_for_status()
        out["warm_http"] = percentiles(lat)
        return out
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(60)


def table(r: dict) -> str:
    help_s = r["baseline_help_s"]
    hop = r["baseline_pyoxigraph_one_hop"]["p50_ms"]
    rows = [
        ("`kgfc --help` (baseline)", f"{help_s} s", "1.0×"),
        ("pyoxigraph one-hop SELECT p50 (baseline)", f"{hop} ms", "1.0×"),
        (
            "one-shot `kgfc verify`, no server (wall; CPU)",
            f"{r['one_shot_cold_s']} s; {r['one_shot_cold_cpu_s']} s CPU",
            f"{r['one_shot_cold_s'] / help_s:.1f}× help",
        ),
        (
            "one-shot `kgfc --server URL verify`",
            f"{r['one_shot_with_server_s']} s",
            f"{r['one_shot_with_server_s'] / help_s:.1f}× help",
        ),
        (
            "one-shot `kgfc verify` beside a running server (found by its note)",
            f"{r['one_shot_auto_server_s']} s",
            f"{r['one_shot_auto_server_s'] / help_s:.1f}× help",
        ),
    ]
    for key, name in [
        ("warm_in_process", "warm in-process"),
        ("warm_http", "warm `POST /v1/verify`"),
    ]:
        p = r[key]
        rows.append(
            (
                f"{name} p50 / p95 / p99",
                f"{p['p50_ms']} / {p['p95_ms']} / {p['p99_ms']} ms",
                f"{p['p50_ms'] / hop:.0f}× one-hop",
            )
        )
    for key, name in [("batch_text", "batch, text claims"), ("batch_triples", "batch, triples")]:
        b = r[key]
        rows.append(
            (name, f"{b['per_s']} claims/s", f"{1000 / b['per_s'] / hop:.0f}× one-hop per claim")
        )
    rec = r["recording"]
    rows.append(
        (
            f"batch, text, recorded (half re-checks; {rec['quads_per_claim']} quads/claim)",
            f"{rec['record_per_s']} claims/s",
            f"{rec['record_cost_pct']}% under --no-record ({rec['no_record_per_s']}/s)",
        )
    )
    lines = [
        f"load average {r['load_average_start']:.1f} at the start, {r['load_average_end']:.1f} at the end",
        "",
        "| measure | figure | ratio |",
        "|---|---|---|",
    ]
    lines += [f"| {a} | {b} | {c} |" for a, b, c in rows]
    return "\n".join(lines)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--runs", type=int, default=5, help="whole-process runs per one-shot figure")
    ap.add_argument("--requests", type=int, default=100, help="checks per warm figure")
    ap.add_argument("--batch", type=int, default=200, help="claims per batch figure")
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="kgfc-bench-latency-"))
    try:
        env = env_for(home)
        kgfc = [sys.executable, "-m", "kgfc"]
        subprocess.run(kgfc + ["--quiet", "kg", "demo"], env=env, check=True)
        results: dict = {"cpus": os.cpu_count(), "load_average_start": os.getloadavg()[0]}
        results["baseline_help_s"] = wall_median(kgfc + ["--help"], env, args.runs)
        results["one_shot_cold_s"], results["one_shot_cold_cpu_s"] = wall_and_cpu(
            kgfc + ["verify", CLAIM], env, args.runs
        )
        raw = baseline_store(home)
        # the batches check claims the warm loop did not (no parse or link cache helps them)
        facts = demo_facts(raw, args.requests + args.batch)
        results.update(with_server(home, claim_texts(facts), args.runs, args.requests))
        results.update(in_process(home, raw, facts, args.requests, args.batch))
    finally:
        shutil.rmtree(home, ignore_errors=True)
    results["load_average_end"] = os.getloadavg()[0]
    out = ROOT / "benchmarks" / "results" / "latency.json"
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    print()
    print(table(results))


if __name__ == "__main__":
    main()
