"""Batch throughput on worker processes, and a SPARQL server under concurrent clients.

1. ``kgfc verify --file`` (local reasoner, demo KG, recording on) with ``--workers 1``
   and ``--workers 2``: structured triples and text claims, claims per second of the
   whole command (worker start-up included) and the speed-up. With ``--repeat N`` the
   1- and 2-worker runs alternate N times each (the median is kept) and the 1-minute
   load average is recorded before each run: on a shared machine the other jobs' load
   moves the figures more than anything measured here.
2. ``oxigraph serve`` loaded with the demo KG: one-hop SELECTs per second under 1, 2
   and 4 concurrent clients (the figure a capacity model needs for its store).
3. ``--ray``: the same batch against ``oxigraph serve`` (a ``sparql:`` store) with
   ``--workers 2`` and with ``--ray ADDRESS --workers 2`` (two actors on a Ray head
   started beforehand, so cluster start-up is not counted; it is reported apart), and
   Ray's overhead over the workers. Ray advertises the host's interface address, so
   the script runs this part inside a network namespace with only loopback
   (``unshare -n``, which needs root), as tests/test_ray_cluster.py does.

4. ``--startup``: worker start-up alone, the seconds from a pool's start to its first
   result (and to its last, 4 claims a worker), 1 and 2 workers; the store's derived
   caches are built beforehand.

``--before DIR`` runs each figure of 1. and 4. also on the code in DIR (a checkout of
the code before a change), alternating with this tree's.

Not a test: prints a Markdown table and writes benchmarks/results/parallel.json. The
machine may be shared: compare the ratios, not the seconds.

    python benchmarks/bench_parallel.py --claims 300 --repeat 3
    python benchmarks/bench_parallel.py --claims 300 --ray --no-sparql
    python benchmarks/bench_parallel.py --claims 20 --startup --kinds text --no-sparql --repeat 3
"""

from __future__ import annotations

import argparse
import contextlib
import hashlib
import json
import os
import random
import shutil
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

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


# The CPU seconds (user + system) of a command's whole process tree: the command, the fork
# server, its workers. This process becomes the tree's "subreaper" (Linux prctl), so what a
# worker's parent leaves behind is reaped here and counted in RUSAGE_CHILDREN too. Unlike the
# wall time it hardly moves with the other jobs on a shared machine. Each process's own CPU
# seconds are read from /proc while it runs (the last reading kept: a slight undercount).
TREE_CPU = """
import ctypes, json, os, resource, subprocess, sys, threading, time
ctypes.CDLL(None).prctl(36, 1, 0, 0, 0)  # PR_SET_CHILD_SUBREAPER
tick, seen, stop = os.sysconf("SC_CLK_TCK"), {}, threading.Event()
def read(pid):
    with open(f"/proc/{pid}/stat") as f:
        rest = f.read().rsplit(")", 1)[1].split()
    return int(rest[1]), (int(rest[11]) + int(rest[12])) / tick
def poll(root):
    while not stop.is_set():
        procs = {}
        for d in os.listdir("/proc"):
            if d.isdigit():
                try:
                    procs[int(d)] = read(int(d))
                except (OSError, IndexError, ValueError):
                    pass
        tree, grew = {root}, True
        while grew:
            new = {p for p, (pp, _) in procs.items() if pp in tree} - tree
            tree |= new
            grew = bool(new)
        for pid in tree & procs.keys():
            seen[pid] = (procs[pid][0], max(procs[pid][1], seen.get(pid, (0, 0.0))[1]))
        time.sleep(0.2)
proc = subprocess.Popen(sys.argv[2:])
watch = threading.Thread(target=poll, args=(proc.pid,))
watch.start()
rc = proc.wait()
stop.set()
watch.join()
while True:
    try:
        os.wait()
    except ChildProcessError:
        break
ru = resource.getrusage(resource.RUSAGE_CHILDREN)
parents = {pp for pp, _ in seen.values()}
def role(pid, ppid):
    if pid == proc.pid:
        return "command"
    return "fork server" if ppid == proc.pid and pid in parents else "worker"
roles = {}
for pid, (ppid, cpu) in seen.items():
    if cpu >= 0.05:
        roles.setdefault(role(pid, ppid), []).append(round(cpu, 2))
out = {"cpu": ru.ru_utime + ru.ru_stime, "by_process": roles}
open(sys.argv[1], "w").write(json.dumps(out))
sys.exit(rc)
"""

# The runs' environment. Python writes its modules' bytecode as an installed package has it:
# where that is turned off (PYTHONDONTWRITEBYTECODE), every process -- the command, the fork
# server -- compiles kgfc's modules again, a second of CPU each that no user pays.
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

# --warm: every run opens its copy of the store at this one path, so the store's derived
# caches (kept per store path under KGFC_HOME) are built by a first, untimed run and found
# by the timed ones, as by every batch after the first on a store.
LAST_BY_PROCESS: dict[tuple[str, int], dict] = {}  # the last run's CPU seconds by process role
WARM_PATH = Path(tempfile.gettempdir()) / f"kgfc-bench-parallel-{os.getpid()}"


def run_batch(
    store: Path | str,
    rows: list[dict],
    workers: int,
    home: Path,
    extra: tuple[str, ...] = (),
    code: Path = ROOT,
    warm: bool = False,
) -> tuple[float, float, float]:
    """Seconds of one `kgfc verify --file` over ``rows`` on a fresh copy of the store (a
    ``sparql:`` spec is used as it is), the CPU seconds of its process tree, and the mean
    SPARQL queries per claim. ``warm``: the copy goes to :data:`WARM_PATH`."""
    work = Path(tempfile.mkdtemp(prefix="bench-"))
    if isinstance(store, Path):
        tree = hashlib.sha256(str(code.resolve()).encode()).hexdigest()[:12]  # its own caches
        target = WARM_PATH / tree / "store" if warm else work / "store"
        shutil.rmtree(target, ignore_errors=True)
        shutil.copytree(store, target)
        spec = str(target)
    else:
        spec = store
    batch = work / "batch.jsonl"
    batch.write_text("".join(json.dumps(r) + "\n" for r in rows))
    cmd = [sys.executable, "-m", "kgfc", "verify", "--store", spec, "--file", str(batch)]
    cmd += ["--reasoner", "local", "--workers", str(workers), "--nl", *extra]
    cpu_file = work / "cpu.json"
    cmd = [sys.executable, "-c", TREE_CPU, str(cpu_file), *cmd]
    env = {**ENV, "KGFC_HOME": str(home), "KGFC_OFFLINE": "1", "PYTHONPATH": str(code)}
    start = time.perf_counter()
    # run from the work folder: `python -m` puts the current folder first on the path, so
    # from the repository root this tree's kgfc would shadow the one PYTHONPATH names
    done = subprocess.run(cmd, check=True, env=env, capture_output=True, text=True, cwd=work)
    seconds = time.perf_counter() - start
    tree = json.loads(cpu_file.read_text())
    cpu, LAST_BY_PROCESS[(str(code), workers)] = tree["cpu"], tree["by_process"]
    shutil.rmtree(work, ignore_errors=True)
    results = [json.loads(x) for x in done.stdout.splitlines()]
    assert len(results) == len(rows), (len(results), done.stderr[-2000:])
    queries = sum(r["counters"]["sparql_queries"] for r in results) / max(1, len(results))
    return seconds, cpu, round(queries, 2)


# Worker start-up alone: the store's derived caches are built first, in this process (a cold
# build is the first claim's cost whatever the worker count), then a pool of N workers
# starts and checks 4 claims each; the seconds from the pool's start to its first result.
STARTUP = """
import json, sys, time
from kgfc.pipeline.api import FactChecker
from kgfc.pipeline.parallel import WorkerPool, recipe_of
from kgfc.pipeline.request import Claim
from kgfc.registry import open_store
from kgfc.settings import Settings
store, workers, rows = sys.argv[1], int(sys.argv[2]), json.loads(sys.argv[3])
claims = [(0, Claim(triple=tuple(r["triple"])) if "triple" in r else Claim(text=r["claim"])) for r in rows]
settings = Settings(store=store)
with open_store(store) as kg:
    checker = FactChecker.from_settings(settings, store=kg, reasoner="local")
    checker.verify(claims[0][1])
    recipe = recipe_of(checker, record=False)
start = time.perf_counter()
with WorkerPool([recipe], workers, chunk=1) as pool:
    firsts = []
    for done in pool.run(claims[: 4 * workers], ordered=False):
        firsts.append(time.perf_counter() - start)
print(json.dumps({"first": firsts[0], "all": firsts[-1]}))
"""


# --fact-read: the whole-store read a cold fact index starts with, by the SELECT it was and by
# the engine's dump (kgfc.reason.factindex.entity_facts), each in a fresh process (the store's
# own block cache warm in neither), CPU seconds.
FACT_READ = """
import sys, time
from kgfc.reason.factindex import entity_facts
from kgfc.registry import open_store
store = open_store(sys.argv[1], read_only=True)
start = time.process_time()
if sys.argv[2] == "query":
    n = len([(r["s"], r["p"], r["o"]) for r in store.run("rule_mining_facts")])
else:
    n = len(entity_facts(store))
print(n, time.process_time() - start)
"""


def fact_read(store: Path, home: Path, repeat: int) -> dict[str, list[float]]:
    """CPU seconds of each way of reading the facts, alternating, ``repeat`` rounds."""
    out: dict[str, list[float]] = {"query": [], "dump": []}
    env = {**ENV, "KGFC_HOME": str(home), "KGFC_OFFLINE": "1", "PYTHONPATH": str(ROOT)}
    for _ in range(repeat):
        for way in out:
            cmd = [sys.executable, "-c", FACT_READ, str(store), way]
            done = subprocess.run(
                cmd, check=True, env=env, capture_output=True, text=True, cwd=store.parent
            )
            out[way].append(round(float(done.stdout.split()[-1]), 2))
    return out


def pool_startup(store: Path, rows: list, workers: int, home: Path, code: Path = ROOT) -> dict:
    """Seconds from a pool's start to its first result, and to its last (4 claims a worker)."""
    work = Path(tempfile.mkdtemp(prefix="bench-"))
    spec = str(work / "store")
    shutil.copytree(store, spec)
    env = {**ENV, "KGFC_HOME": str(home), "KGFC_OFFLINE": "1", "PYTHONPATH": str(code)}
    cmd = [sys.executable, "-c", STARTUP, spec, str(workers), json.dumps(rows[: 4 * workers])]
    done = subprocess.run(cmd, check=True, env=env, capture_output=True, text=True, cwd=work)
    shutil.rmtree(work, ignore_errors=True)
    return {k: round(v, 2) for k, v in json.loads(done.stdout.splitlines()[-1]).items()}


def load_1min() -> float:
    return round(os.getloadavg()[0], 2)


def alternate(runs: dict[str, Any], rows: list[dict], repeat: int) -> dict[str, Any]:
    """Run each of ``runs`` (name -> a function of the rows giving (seconds, CPU seconds,
    queries)) in turn, ``repeat`` rounds; the median seconds and CPU seconds of each, and the
    load average before every run."""
    seconds: dict[str, list[float]] = {name: [] for name in runs}
    cpus: dict[str, list[float]] = {name: [] for name in runs}
    loads: list[tuple[str, float]] = []
    queries = 0.0
    for _ in range(repeat):
        for name, run in runs.items():
            loads.append((name, load_1min()))
            took, cpu, queries = run(rows)
            seconds[name].append(round(took, 2))
            cpus[name].append(round(cpu, 2))
    out: dict[str, Any] = {"n": len(rows), "sparql_queries_per_claim": queries, "loads": loads}
    for name, taken in seconds.items():
        out[f"{name}_seconds"] = taken
        out[f"{name}_cpu_seconds"] = cpus[name]
        out[f"{name}_per_s"] = round(len(rows) / statistics.median(taken), 2)
        out[f"{name}_cpu"] = round(statistics.median(cpus[name]), 2)
    return out


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


def ray_overhead(store: Path, rows: list[dict], home: Path, repeat: int) -> dict[str, Any]:
    """``--workers 2`` vs ``--ray ADDRESS --workers 2`` against one `oxigraph serve`; call
    inside a loopback-only network namespace (see :func:`in_namespace`)."""
    from fakes.sparql_server import oxigraph_endpoint

    work = Path(tempfile.mkdtemp(prefix="kray", dir="/tmp"))  # short: Ray's socket paths
    shutil.copytree(store, work / "oxigraph-db")
    ray = str(Path(sys.executable).parent / "ray")
    env = {**ENV, "RAY_AUTH_MODE": "disabled"}
    port = 6391
    # --block: the head's processes stay children of this one command, stopped with it
    # (never `ray stop`, which stops every Ray process on the machine by name)
    head = subprocess.Popen(
        [ray, "start", "--head", "--block", "--node-ip-address", "127.0.0.1", "--port", str(port)]
        + ["--num-cpus", "2", "--disable-usage-stats", "--temp-dir", str(work / "r")],
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
        start_new_session=True,
    )
    try:
        with oxigraph_endpoint(None, work) as url:
            t0 = time.perf_counter()
            _wait_for_port(port)
            started = time.perf_counter() - t0
            os.environ["RAY_AUTH_MODE"] = "disabled"
            spec, address = f"sparql:{url}", f"127.0.0.1:{port}"
            out = alternate(
                {
                    "workers_2": lambda r: run_batch(spec, r, 2, home),
                    "ray_2": lambda r: run_batch(spec, r, 2, home, ("--ray", address)),
                },
                rows,
                repeat,
            )
            out["ray_head_start_s"] = round(started, 1)
            out["ray_overhead"] = round(out["workers_2_per_s"] / out["ray_2_per_s"] - 1, 3)
            return out
    finally:
        head.terminate()
        with contextlib.suppress(subprocess.TimeoutExpired):
            head.wait(60)
        with contextlib.suppress(ProcessLookupError):
            os.killpg(head.pid, signal.SIGKILL)  # what of the head's group is left
        shutil.rmtree(work, ignore_errors=True)


def _wait_for_port(port: int, timeout: float = 300.0) -> None:
    import socket

    end = time.monotonic() + timeout
    while time.monotonic() < end:
        with contextlib.suppress(OSError), socket.create_connection(("127.0.0.1", port), 1):
            time.sleep(5)  # the GCS is up; give the raylet a moment to register
            return
        time.sleep(0.5)
    raise TimeoutError(f"the Ray head did not start on port {port}")


def in_namespace(argv: list[str]) -> dict[str, Any]:
    """Run this script again inside ``unshare -n`` (loopback only) and read what it measured."""
    out = Path(tempfile.mkdtemp()) / "ray.json"
    inner = " ".join(
        [sys.executable, str(Path(__file__).resolve()), *argv, "--ray-inner", str(out)]
    )
    subprocess.run(["unshare", "-n", "sh", "-c", f"ip link set lo up && {inner}"], check=True)
    return json.loads(out.read_text())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--claims", type=int, default=400)
    ap.add_argument("--seconds", type=float, default=5.0, help="per SPARQL concurrency level")
    ap.add_argument("--repeat", type=int, default=1, help="alternating rounds of 1 and 2 workers")
    ap.add_argument("--kinds", default="triples,text", help="which claims: triples, text or both")
    ap.add_argument("--no-sparql", action="store_true", help="skip the SPARQL-server figures")
    ap.add_argument("--ray", action="store_true", help="Ray vs --workers (needs root: unshare -n)")
    ap.add_argument("--ray-inner", help=argparse.SUPPRESS)
    ap.add_argument(
        "--before",
        type=Path,
        help="a checkout of the code before a change: each run alternates it with this tree's",
    )
    ap.add_argument(
        "--fact-read",
        action="store_true",
        help="only the fact index's whole-store read: by query and by the store's dump",
    )
    ap.add_argument(
        "--warm",
        action="store_true",
        help="the store's derived caches built by an untimed run first (a store's later batches)",
    )
    ap.add_argument(
        "--startup",
        action="store_true",
        help="only the pools' start-up: pool start to first result",
    )
    args = ap.parse_args()
    out: dict = {"claims": {}, "sparql": {}, "ray": {}, "startup": {}}
    if args.ray and not args.ray_inner:
        argv = [a for a in sys.argv[1:]]
        out["ray"] = in_namespace(argv)
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        store, triples, texts = demo_store(folder, args.claims)
        kinds = {
            "triples": [{"id": f"t{i}", "triple": list(t)} for i, t in enumerate(triples)],
            "text": [{"id": f"x{i}", "claim": c} for i, c in enumerate(texts)],
        }
        kinds = {k: v for k, v in kinds.items() if k in args.kinds.split(",")}
        if args.ray_inner:
            res = {
                k: ray_overhead(store, rows, folder / "home", args.repeat)
                for k, rows in kinds.items()
            }
            Path(args.ray_inner).write_text(json.dumps(res))
            return
        codes = {"": ROOT} if args.before is None else {"before_": args.before, "after_": ROOT}
        if args.fact_read:
            got = fact_read(store, folder / "home", args.repeat)
            print(f"| fact index read, CPU s | query {got['query']} | dump {got['dump']} |")
            return
        if args.startup:
            for kind, rows in kinds.items():
                out["startup"][kind] = startup(store, rows, folder / "home", codes, args.repeat)
        elif not args.ray:
            home = folder / "home"
            for kind, rows in kinds.items():
                if args.warm:  # builds what these claims need, untimed, once per tree (a few
                    # of them build less: the fact index waits for a claim it has to ground)
                    for d in codes.values():
                        run_batch(store, rows, 1, home, code=d, warm=True)
                runs = {
                    f"{c}{w}": (
                        lambda r, n=n, d=d: run_batch(store, r, n, home, code=d, warm=args.warm)
                    )
                    for w, n in (("workers_1", 1), ("workers_2", 2))
                    for c, d in codes.items()
                }
                r = out["claims"][kind] = alternate(runs, rows, args.repeat)
                r["warm"] = args.warm
                r["cpu_by_process"] = {  # of each configuration's last run
                    f"{c}workers_{n}": LAST_BY_PROCESS[(str(d), n)]
                    for c, d in codes.items()
                    for n in (1, 2)
                }
                for c in codes:
                    r[f"{c}speedup"] = round(r[f"{c}workers_2_per_s"] / r[f"{c}workers_1_per_s"], 2)
                    r[f"{c}cpu_ratio"] = round(r[f"{c}workers_2_cpu"] / r[f"{c}workers_1_cpu"], 2)
            shutil.rmtree(WARM_PATH, ignore_errors=True)
        if not args.no_sparql:
            entities = sorted({t[0] for t in triples})
            for clients in (1, 2, 4):
                qps = sparql_throughput(store, entities, clients, args.seconds)
                out["sparql"][clients] = round(qps, 1)
    report(out)


def startup(store: Path, rows: list, home: Path, codes: dict, repeat: int) -> dict:
    """:func:`pool_startup` of 1 and 2 workers for each code tree, alternating, ``repeat`` rounds."""
    runs: dict[str, list] = {}
    for _ in range(repeat):
        for c, d in codes.items():
            for n in (1, 2):
                load = load_1min()
                took = pool_startup(store, rows, n, home, d)
                runs.setdefault(f"{c}workers_{n}", []).append({**took, "load": load})
    return runs


def report(out: dict) -> None:
    for kind, runs in out["startup"].items():
        for name, rows in runs.items():
            firsts = ", ".join(f"{r['first']}s (load {r['load']})" for r in rows)
            print(f"| {kind}: {name} | pool start to first result: {firsts} |")
    if out["claims"]:
        print(
            "| what | run | 1 worker | 2 workers | speed-up | CPU s 1 / 2 workers (ratio) "
            "| load (1 min) before each run |"
        )
        print("|---|---|---|---|---|---|---|")
    for kind, r in out["claims"].items():
        loads = ", ".join(f"{x[0]} {x[1]}" for x in r["loads"])
        what = f"{kind} ({r['n']}{', warm' if r.get('warm') else ''})"
        for c in [k[: -len("speedup")] for k in r if k.endswith("speedup")]:
            print(
                f"| {what} | {c.rstrip('_') or 'this tree'} | {r[f'{c}workers_1_per_s']}/s "
                f"| {r[f'{c}workers_2_per_s']}/s | {r[f'{c}speedup']}x "
                f"| {r[f'{c}workers_1_cpu']} / {r[f'{c}workers_2_cpu']} ({r[f'{c}cpu_ratio']}x) "
                f"| {loads} |"
            )
    for kind, r in out["claims"].items():
        for name, roles in r.get("cpu_by_process", {}).items():
            parts = ", ".join(f"{k} {' + '.join(map(str, v))}" for k, v in sorted(roles.items()))
            print(f"| {kind}: {name}, CPU s by process (last run) | {parts} |")
    if out["ray"]:
        print("\n| what | --workers 2 | --ray --workers 2 | Ray overhead | head start |")
        print("|---|---|---|---|---|")
    for kind, r in out["ray"].items():
        print(
            f"| {kind} ({r['n']}) | {r['workers_2_per_s']}/s | {r['ray_2_per_s']}/s "
            f"| {r['ray_overhead']:.1%} | {r['ray_head_start_s']}s |"
        )
    if out["sparql"]:
        print("\n| SPARQL clients | queries/s |\n|---|---|")
    for clients, qps in out["sparql"].items():
        print(f"| {clients} | {qps} |")
    results = ROOT / "benchmarks" / "results"
    results.mkdir(exist_ok=True)
    (results / "parallel.json").write_text(json.dumps(out, indent=2) + "\n")


if __name__ == "__main__":
    main()
