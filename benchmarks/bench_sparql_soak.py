"""Hostile SPARQL beside normal work: does `kgfc serve` stay usable, and does it give back what a
stopped query took?

On the bundled demo KG in a fresh KGFC_HOME, one real ``kgfc serve`` on
127.0.0.1 (``--sparql-timeout T --sparql-slots 4 --sparql-memory M``):

1. idle: the server's CPU rate and memory (its whole process tree: the server
   and its query workers), the p50 of 50 concurrent verifies, and the p50 of
   normal one-hop SELECTs;
2. storm: 8 hostile clients (from 127.0.0.2, or ``--addresses N`` loopback
   addresses) send, over and over, queries that never finish in time --
   ``COUNT(*)`` over cross products, ``REGEX`` over every literal joined with
   every triple, a sort of a cross product (the memory cap), a path closure --
   each with a fresh comment so no two texts are equal (``--same-text`` to
   repeat them), retrying 0.2 s after each answer (they ignore
   ``Retry-After``). Meanwhile a normal client (127.0.0.1) sends a one-hop
   SELECT every 0.25 s and 50 concurrent verifies run;
3. after: the hostile clients stop; how long until the tree's CPU rate and
   memory are back near the idle figures.

Reported: the answers the normal client got (200, or 503 "slots busy" with
Retry-After), its p50 when answered, verify p50 under the storm against idle,
peak and after memory, seconds back to baseline. Run:
``python benchmarks/bench_sparql_soak.py [--timeout 10] [--storm 30] [--memory 512]
[--addresses 1] [--same-text]``.
Writes benchmarks/results/sparql_soak.json and prints a Markdown table.
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
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "benchmarks"))
from bench_service import demo_claims, env_for, free_port, wait_http  # noqa: E402

HOSTILE = [
    # a cross product under COUNT: no row comes out before the end
    "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i }",
    # a regex over every literal, joined with every triple
    "SELECT (COUNT(*) AS ?n) WHERE { ?s ?p ?o . ?x ?y ?z "
    'FILTER(isLiteral(?o) && REGEX(CONCAT(STR(?o), STR(?z)), "(a|e|i)+q[^u]$", "i")) }',
    # a sort that must hold every row of a cross product: meets the memory cap
    "SELECT * WHERE { ?a ?b ?c . ?d ?e ?f } ORDER BY ?c ?f",
    # a property path closure over everything
    "SELECT (COUNT(*) AS ?n) WHERE { ?a (<http://www.wikidata.org/prop/direct/P47>|^<http://www.wikidata.org/prop/direct/P47>)* ?b . ?c ?d ?e }",
]


def tree(pid: int) -> list[int]:
    kids: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    ppid = int(fh.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            kids.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(kids.get(p, []))
    return out


def sample(pid: int) -> tuple[dict[int, float], float]:
    """CPU seconds per live process of the tree, and the tree's RSS in MB."""
    ticks, page = os.sysconf("SC_CLK_TCK"), os.sysconf("SC_PAGE_SIZE")
    cpu, rss = {}, 0
    for p in tree(pid):
        try:
            with open(f"/proc/{p}/stat") as fh:
                f = fh.read().rsplit(")", 1)[1].split()
            with open(f"/proc/{p}/statm") as fh:
                rss += int(fh.read().split()[1]) * page
            cpu[p] = (int(f[11]) + int(f[12])) / ticks
        except (OSError, IndexError, ValueError):
            continue
    return cpu, rss / 2**20


class Monitor(threading.Thread):
    """Samples the server tree every 0.5 s: (time, cores busy, RSS MB)."""

    def __init__(self, pid: int) -> None:
        super().__init__(daemon=True)
        self.pid, self.samples, self.stop = pid, [], threading.Event()

    def run(self) -> None:
        last, _ = sample(self.pid)
        t_last = time.monotonic()
        while not self.stop.wait(0.5):
            cpu, rss = sample(self.pid)
            now = time.monotonic()
            used = sum(cpu[p] - last[p] for p in cpu if p in last)
            self.samples.append((now, used / (now - t_last), rss))
            last, t_last = cpu, now

    def window(self, start: float, end: float) -> list[tuple[float, float, float]]:
        return [s for s in self.samples if start <= s[0] <= end]


def p50(xs: list[float]) -> float | None:
    return round(1000 * statistics.median(xs), 1) if xs else None


def verify_batch(url: str, claims: list[str], n: int = 50) -> list[float]:
    def one(i: int) -> float:
        t = time.perf_counter()
        r = httpx.post(
            url + "/v1/verify",
            json={"claim": claims[i % len(claims)], "record": False},
            timeout=600,
        )
        r.raise_for_status()
        return time.perf_counter() - t

    with ThreadPoolExecutor(n) as pool:
        return list(pool.map(one, range(n)))


def normal_client(url: str, entities: list[str], stop: threading.Event, out: list) -> None:
    i = 0
    with httpx.Client(base_url=url, timeout=120) as c:
        while not stop.is_set():
            q = f"SELECT ?p ?o WHERE {{ <{entities[i % len(entities)]}> ?p ?o }}"
            t = time.perf_counter()
            r = c.get("/sparql", params={"query": q})
            why = r.json().get("error", {}).get("message") if r.status_code != 200 else None
            out.append((r.status_code, time.perf_counter() - t, r.headers.get("retry-after"), why))
            i += 1
            stop.wait(0.25)


def hostile_client(
    url: str, k: int, stop: threading.Event, out: list, address: str, vary: bool
) -> None:
    transport = httpx.HTTPTransport(local_address=address)
    with httpx.Client(base_url=url, timeout=300, transport=transport) as c:
        i = k
        while not stop.is_set():
            q = HOSTILE[i % len(HOSTILE)]
            if vary:  # a new text each time: the server's refusal of a repeated stopped query never applies
                q += f" # {k}-{i}"
            r = c.get("/sparql", params={"query": q})
            msg = r.json().get("error", {}).get("message", "") if r.status_code != 200 else ""
            kind = (
                "refused_repeat"
                if "not run again" in msg
                else "busy"
                if "busy" in msg or "already runs" in msg
                else "memory"
                if "memory" in msg
                else "timeout"
                if "stopped" in msg or "limit" in msg
                else str(r.status_code)
            )
            out.append((time.monotonic(), kind))
            i += 1
            stop.wait(0.2)


def soak(home: Path, timeout: float, storm: float, memory: int, addresses: int, vary: bool) -> dict:
    env = env_for(home)
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    argv = [sys.executable, "-m", "kgfc", "--quiet", "serve", "--port", str(port)]
    argv += ["--sparql-timeout", str(timeout), "--sparql-slots", "4"]
    argv += ["--sparql-memory", str(memory)]
    server = subprocess.Popen(argv, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    out: dict = {
        "timeout_s": timeout,
        "storm_s": storm,
        "memory_mb": memory,
        "slots": 4,
        "hostile_addresses": addresses,
        "hostile_texts_vary": vary,
    }
    mon = Monitor(server.pid)
    try:
        wait_http(url + "/health", server, lambda r: r.json().get("warm"))
        claims, entities = demo_claims(url)
        mon.start()
        # idle figures
        t0 = time.monotonic()
        idle_verify = verify_batch(url, claims)
        idle_sparql: list = []
        stop = threading.Event()
        th = threading.Thread(target=normal_client, args=(url, entities, stop, idle_sparql))
        th.start()
        time.sleep(5)
        stop.set()
        th.join()
        time.sleep(2)
        quiet_start = time.monotonic()
        time.sleep(3)
        base = mon.window(quiet_start, time.monotonic())
        base_cpu = statistics.median(s[1] for s in base)
        base_rss = statistics.median(s[2] for s in base)
        out["idle"] = {
            "verify50_p50_ms": p50(idle_verify),
            "sparql_p50_ms": p50([s[1] for s in idle_sparql if s[0] == 200]),
            "cores_busy": round(base_cpu, 2),
            "rss_mb": round(base_rss),
            "seconds": round(time.monotonic() - t0, 1),
        }
        # the storm
        stop = threading.Event()
        hostile: list = []
        normal: list = []
        threads = [
            threading.Thread(
                target=hostile_client,
                args=(url, k, stop, hostile, f"127.0.0.{2 + k % addresses}", vary),
            )
            for k in range(8)
        ]
        threads.append(threading.Thread(target=normal_client, args=(url, entities, stop, normal)))
        storm_start = time.monotonic()
        for t in threads:
            t.start()
        time.sleep(min(3.0, storm / 4))
        storm_verify = verify_batch(url, claims)
        while time.monotonic() - storm_start < storm:
            time.sleep(0.2)
        stop.set()
        for t in threads:
            t.join()
        storm_end = time.monotonic()
        # back to baseline: the first sample from which CPU and memory stay near idle
        time.sleep(10)
        after = mon.window(storm_end, time.monotonic())
        back = None
        for i, (ts, _, _) in enumerate(after):
            rest = after[i:]
            if all(c <= base_cpu + 0.15 and r <= base_rss * 1.2 + 30 for _, c, r in rest):
                back = round(ts - storm_end, 1)
                break
        during = mon.window(storm_start, storm_end)
        codes = [s[0] for s in normal]
        out["storm"] = {
            "hostile_answers": {
                k: sum(1 for _, x in hostile if x == k) for k in {x for _, x in hostile}
            },
            "normal_queries": len(normal),
            "normal_answered_200": codes.count(200),
            "normal_busy_503": codes.count(503),
            "normal_other": len(codes) - codes.count(200) - codes.count(503),
            "normal_p50_ms": p50([s[1] for s in normal if s[0] == 200]),
            "normal_max_ms": round(1000 * max(s[1] for s in normal)) if normal else None,
            "normal_refusals": sorted({s[3] for s in normal if s[3]}),
            "busy_retry_after_s": sorted({s[2] for s in normal if s[2]}),
            "verify50_p50_ms": p50(storm_verify),
            "cores_busy_p50": round(statistics.median(s[1] for s in during), 2) if during else None,
            "rss_peak_mb": round(max(s[2] for s in during)) if during else None,
        }
        out["after"] = {
            "seconds_back_to_baseline": back,
            "rss_mb_10s_later": round(after[-1][2]) if after else None,
            "cores_busy_10s_later": round(after[-1][1], 2) if after else None,
        }
        out["verify_p50_ratio"] = (
            round(out["storm"]["verify50_p50_ms"] / out["idle"]["verify50_p50_ms"], 2)
            if out["idle"]["verify50_p50_ms"]
            else None
        )
    finally:
        mon.stop.set()
        server.send_signal(signal.SIGTERM)
        try:
            server.wait(60)
        except subprocess.TimeoutExpired:
            server.kill()
    return out


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--timeout", type=float, default=10.0, help="--sparql-timeout of the server")
    ap.add_argument("--storm", type=float, default=30.0, help="seconds of hostile queries")
    ap.add_argument("--memory", type=int, default=512, help="--sparql-memory of the server (MB)")
    ap.add_argument(
        "--addresses",
        type=int,
        default=1,
        help="loopback addresses the 8 hostile clients come from (127.0.0.2...)",
    )
    ap.add_argument(
        "--same-text",
        action="store_true",
        help="hostile clients repeat the same texts (the server refuses a stopped text for a while)",
    )
    args = ap.parse_args()
    home = Path(tempfile.mkdtemp(prefix="kgfc-bench-soak-"))
    try:
        subprocess.run(
            [sys.executable, "-m", "kgfc", "--quiet", "kg", "demo"], env=env_for(home), check=True
        )
        results = {"cpus": os.cpu_count(), "load_before": os.getloadavg()[0]}
        results.update(
            soak(home, args.timeout, args.storm, args.memory, args.addresses, not args.same_text)
        )
    finally:
        shutil.rmtree(home, ignore_errors=True)
    results["load_after"] = os.getloadavg()[0]
    path = ROOT / "benchmarks" / "results" / "sparql_soak.json"
    path.write_text(json.dumps(results, indent=2) + "\n")
    print(json.dumps(results, indent=2))
    i, s, a = results["idle"], results["storm"], results["after"]
    print("\n| measure | idle | under 8 hostile clients |\n|---|---|---|")
    print(
        f"| normal one-hop SELECT | p50 {i['sparql_p50_ms']} ms | {s['normal_answered_200']}/"
        f"{s['normal_queries']} answered, p50 {s['normal_p50_ms']} ms; {s['normal_busy_503']} "
        f"x 503 busy (Retry-After {', '.join(s['busy_retry_after_s']) or '-'} s) |"
    )
    print(
        f"| 50 concurrent verifies, p50 | {i['verify50_p50_ms']} ms | {s['verify50_p50_ms']} ms"
        f" ({results['verify_p50_ratio']}x) |"
    )
    print(f"| server tree RSS | {i['rss_mb']} MB | peak {s['rss_peak_mb']} MB |")
    print(f"| cores busy | {i['cores_busy']} | {s['cores_busy_p50']} (p50) |")
    print(
        f"| after the storm | | back to baseline in {a['seconds_back_to_baseline']} s; "
        f"{a['rss_mb_10s_later']} MB, {a['cores_busy_10s_later']} cores 10 s later |"
    )
    print(f"| hostile answers | | {s['hostile_answers']} |")


if __name__ == "__main__":
    main()
