"""kgfc as a service (issue 11): one-shot CLI start-up, /v1/verify through `kgfc serve`, /sparql.

Measures, on the bundled demo KG in a fresh KGFC_HOME (loaded once, not timed):

- one-shot CLI: ``kgfc verify "Tony Blair was born in London."`` as whole
  processes, wall time median and peak RSS (``wait4`` rusage), a structured
  ``--triple`` as well;
- through ``kgfc serve`` (warm): sequential ``POST /v1/verify`` latency p50/p99
  for the same claim, then claims/s from C connections for T seconds over
  demo-KG claims (local reasoner);
- ``/sparql`` one-hop SELECTs/s and p50/p99 from C connections for T seconds,
  against the raw ``oxigraph serve`` binary on the same data in the same run.

The load generator is Python threads with httpx in this process, the same for
both SPARQL servers, so the ratio is the figure to read. Run:
``python benchmarks/bench_service.py [--runs 7] [--seconds 15] [--connections 8]``.
Writes benchmarks/results/service.json and prints a Markdown table.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
CLAIM = "Tony Blair was born in London."


def env_for(home: Path) -> dict:
    env = dict(os.environ)
    env["KGFC_HOME"] = str(home)
    env["KGFC_OFFLINE"] = "1"
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    for k in [k for k in env if k.startswith(("KGFC_LLM", "KGFC_SERVER"))]:
        del env[k]
    return env


def run_once(argv: list[str], env: dict) -> tuple[float, float, float]:
    """Wall seconds, CPU seconds (user + system) and peak RSS (MB) of one whole process.

    On a shared machine the CPU time is the steadier figure: the wall time also
    counts the time spent waiting for a core.
    """
    start = time.perf_counter()
    proc = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    _, status, usage = os.wait4(proc.pid, 0)
    wall = time.perf_counter() - start
    proc.returncode = os.waitstatus_to_exitcode(status)
    if proc.returncode != 0:
        raise RuntimeError(f"{argv} exited {proc.returncode}")
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024


def one_shot(home: Path, runs: int) -> dict:
    env = env_for(home)
    kgfc = [sys.executable, "-m", "kgfc"]
    out = {}
    for name, args in [
        ("text", ["verify", CLAIM]),
        ("triple", ["verify", "--triple", "Q9545", "P19", "Q84"]),
    ]:
        run_once(kgfc + args, env)  # warm the OS file cache and the store's caches
        walls, cpus, rss = zip(*(run_once(kgfc + args, env) for _ in range(runs)), strict=True)
        out[name] = {
            "runs": runs,
            "wall_median_s": round(statistics.median(walls), 3),
            "wall_min_s": round(min(walls), 3),
            "cpu_median_s": round(statistics.median(cpus), 3),
            "peak_rss_mb_max": round(max(rss), 1),
        }
    return out


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_http(url: str, proc: subprocess.Popen, ok, timeout: float = 300) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"{proc.args} exited")
        try:
            if ok(httpx.get(url, timeout=2)):
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.2)
    raise RuntimeError(f"{url} did not come up")


def load(url: str, make_request, seconds: float, connections: int) -> dict:
    """Closed-loop load: each connection sends its next request when the last is answered."""
    lat: list[float] = []
    errors = [0]
    stop = time.monotonic() + seconds
    lock = threading.Lock()

    def worker(seed: int) -> None:
        rng = random.Random(seed)
        with httpx.Client(base_url=url, timeout=60) as c:
            while time.monotonic() < stop:
                method, path, kw = make_request(rng)
                t = time.perf_counter()
                r = c.request(method, path, **kw)
                dt = time.perf_counter() - t
                with lock:
                    if r.status_code == 200:
                        lat.append(dt)
                    else:
                        errors[0] += 1

    threads = [threading.Thread(target=worker, args=(i,)) for i in range(connections)]
    t0 = time.perf_counter()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    elapsed = time.perf_counter() - t0
    lat.sort()
    return {
        "requests": len(lat),
        "errors": errors[0],
        "per_s": round(len(lat) / elapsed, 1),
        "p50_ms": round(1000 * lat[len(lat) // 2], 1) if lat else None,
        "p99_ms": round(1000 * lat[min(len(lat) - 1, int(len(lat) * 0.99))], 1) if lat else None,
    }


def demo_claims(store_url: str, n: int = 200) -> tuple[list[str], list[str]]:
    """Claims from demo-KG facts (place of birth/death, citizenship), and entity IRIs for SPARQL."""
    q = """PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#>
    SELECT ?s ?sl ?p ?ol WHERE { ?s ?p ?o . ?s rdfs:label ?sl . ?o rdfs:label ?ol .
      VALUES ?p { <http://www.wikidata.org/prop/direct/P19> <http://www.wikidata.org/prop/direct/P20>
                  <http://www.wikidata.org/prop/direct/P27> } } LIMIT """ + str(int(n))
    rows = httpx.get(store_url + "/sparql", params={"query": q}, timeout=60).json()
    words = {"P19": "was born in", "P20": "died in", "P27": "was a citizen of"}
    claims, entities = [], []
    for b in rows["results"]["bindings"]:
        pid = b["p"]["value"].rsplit("/", 1)[1]
        claims.append(f"{b['sl']['value']} {words[pid]} {b['ol']['value']}.")
        entities.append(b["s"]["value"])
    return claims, entities


def serve_bench(home: Path, seconds: float, connections: int, oxigraph: str | None) -> dict:
    env = env_for(home)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    server = subprocess.Popen(
        [sys.executable, "-m", "kgfc", "--quiet", "serve", "--port", str(port)],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    out: dict = {}
    try:
        wait_http(url + "/health", server, lambda r: r.json().get("warm"))
        claims, entities = demo_claims(url)
        with httpx.Client(base_url=url, timeout=60) as c:
            lat = []
            for _ in range(60):
                t = time.perf_counter()
                r = c.post("/v1/verify", json={"claim": CLAIM})
                lat.append(time.perf_counter() - t)
                assert r.status_code == 200, r.text
            lat.sort()
            out["verify_sequential"] = {
                "requests": len(lat),
                "p50_ms": round(1000 * lat[len(lat) // 2], 1),
                "p99_ms": round(1000 * lat[int(len(lat) * 0.99)], 1),
            }
        out["verify_load"] = load(
            url,
            lambda rng: ("POST", "/v1/verify", {"json": {"claim": rng.choice(claims)}}),
            seconds,
            connections,
        )

        def one_hop(rng):
            q = f"SELECT ?p ?o WHERE {{ <{rng.choice(entities)}> ?p ?o }}"
            return (
                "GET",
                "/sparql",
                {"params": {"query": q}, "headers": {"Accept": "application/sparql-results+json"}},
            )

        out["sparql_kgfc"] = load(url, one_hop, seconds, connections)
        if oxigraph:
            out["sparql_oxigraph"] = oxigraph_bench(
                home, url, one_hop, seconds, connections, oxigraph
            )
    finally:
        server.send_signal(signal.SIGTERM)
        server.wait(60)
    return out


def oxigraph_bench(
    home: Path, kgfc_url: str, one_hop, seconds: float, connections: int, binary: str
) -> dict:
    """The raw oxigraph server on a copy of the same data (dumped through kgfc's /sparql-free export)."""
    dump = home / "dump.nq"
    subprocess.run(
        [
            sys.executable,
            "-m",
            "kgfc",
            "--quiet",
            "kg",
            "export",
            "--read-only",
            "--format",
            "nquads",
            "-o",
            str(dump),
        ],
        env=env_for(home),
        check=True,
    )
    data = home / "oxigraph-data"
    subprocess.run(
        [binary, "load", "--location", str(data), "--file", str(dump)],
        check=True,
        capture_output=True,
    )
    port = free_port()
    proc = subprocess.Popen(
        [
            binary,
            "serve",
            "--location",
            str(data),
            "--bind",
            f"127.0.0.1:{port}",
            "--union-default-graph",
        ],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        url = f"http://127.0.0.1:{port}"
        wait_http(url + "/query?query=ASK%7B%7D", proc, lambda r: r.status_code == 200)

        def raw(rng):
            _, _, kw = one_hop(rng)
            return "GET", "/query", kw

        return load(url, raw, seconds, connections)
    finally:
        proc.terminate()
        proc.wait(30)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--runs", type=int, default=7)
    ap.add_argument("--seconds", type=float, default=15)
    ap.add_argument("--connections", type=int, default=8)
    ap.add_argument("--skip-cli", action="store_true")
    ap.add_argument("--skip-serve", action="store_true")
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="kgfc-bench-service-"))
    try:
        subprocess.run(
            [sys.executable, "-m", "kgfc", "--quiet", "kg", "demo"], env=env_for(home), check=True
        )
        results: dict = {"cpus": os.cpu_count(), "load_before": os.getloadavg()[0]}
        if not args.skip_cli:
            results["one_shot"] = one_shot(home, args.runs)
        if not args.skip_serve:
            results["serve"] = serve_bench(
                home, args.seconds, args.connections, shutil.which("oxigraph")
            )
    finally:
        shutil.rmtree(home, ignore_errors=True)
    results["load_after"] = os.getloadavg()[0]
    out = ROOT / "benchmarks" / "results" / "service.json"
    out.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    print("\n| measure | figure |\n|---|---|")
    for name, r in results.get("one_shot", {}).items():
        print(
            f"| one-shot `kgfc verify` ({name}), wall median / CPU median / peak RSS "
            f"| {r['wall_median_s']} s / {r['cpu_median_s']} s / {r['peak_rss_mb_max']} MB |"
        )
    if "serve" not in results:
        return
    s = results["serve"]
    v = s["verify_sequential"]
    print(f"| `POST /v1/verify` sequential p50 / p99 | {v['p50_ms']} / {v['p99_ms']} ms |")
    v = s["verify_load"]
    print(
        f"| `POST /v1/verify`, {args.connections} connections | {v['per_s']} claims/s (p50 {v['p50_ms']} ms) |"
    )
    k = s["sparql_kgfc"]
    print(
        f"| `/sparql` one-hop, {args.connections} connections | {k['per_s']}/s (p50 {k['p50_ms']}, p99 {k['p99_ms']} ms) |"
    )
    if "sparql_oxigraph" in s:
        o = s["sparql_oxigraph"]
        print(
            f"| raw `oxigraph serve`, same queries | {o['per_s']}/s (p50 {o['p50_ms']}, p99 {o['p99_ms']} ms); kgfc = {100 * k['per_s'] / o['per_s']:.0f} % |"
        )


if __name__ == "__main__":
    main()
