"""Batch verification with recording on, at CoDEx-M size (issue 16).

1. Builds an on-disk store from ``../shared/data/codex`` (CoDEx-M train: 185k
   facts, entity types as P31, English labels) -- never copied into the project.
2. Records a history of ``--history`` claims (structured triples and some
   text claims drawn from CoDEx-M valid) through ``kgfc verify --file --nl``
   in batches of ``--batch``; one batch is stopped by SIGTERM and another
   killed by SIGKILL half-way, each then resumed with ``--resume``. Reports
   every batch's rate, what each interruption lost and the resume re-checked,
   and checks that the store ends with exactly the history, once each.
3. Then, in one process (``FactChecker.verify_many``, recording in chunks as
   the CLI does): ``--triples`` structured triples and ``--texts`` text
   claims, half new and half already recorded, with and without recording.
4. Cold start: one-shot ``kgfc verify --triple`` / a text claim in a new
   process once the aggregates are cached.

Reports claims/s, quads and bytes per recorded claim, aggregate rebuilds
(``store.aggregate_builds``), and the machine load. Results go to
``benchmarks/results/bench_batch.json``.

    python benchmarks/bench_batch.py                      # the issue's sizes
    python benchmarks/bench_batch.py --history 2000 --batch 500 --triples 400 --texts 100
"""

from __future__ import annotations

import argparse
import json
import os
import random
import resource
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from kgfc.eval.codex import build_train_store, entity_labels, read_triples, relation_labels  # noqa: E402
from kgfc.kg import vocab as V  # noqa: E402
from kgfc.kg.oxigraph_store import OxigraphStore, _folder_bytes  # noqa: E402
from kgfc.pipeline.api import FactChecker  # noqa: E402
from kgfc.settings import load_settings  # noqa: E402

DATA = ROOT.parent / "shared" / "data" / "codex"
RESULTS = ROOT / "benchmarks" / "results"


def log(*parts) -> None:
    print(*parts, file=sys.stderr, flush=True)


def load() -> str:
    return " ".join(f"{x:.2f}" for x in os.getloadavg())


def claims_from_codex(n_triples: int, n_texts: int, seed: int = 11) -> tuple[list, list]:
    """Structured triples (CoDEx-M valid, then train) and text claims ("S relation O.")."""
    folder = DATA / "triples" / "codex-m"
    rows = read_triples(folder / "valid.txt") + read_triples(folder / "train.txt")
    rng = random.Random(seed)
    rng.shuffle(rows)
    ents, rels = entity_labels(DATA), relation_labels(DATA)
    texts, triples, used = [], [], set()
    for h, r, t in rows:
        if len(texts) < n_texts and h in ents and t in ents and r in rels:
            texts.append(f"{ents[h]} {rels[r]} {ents[t]}.")
            used.add((h, r, t))
        elif len(triples) < n_triples and (h, r, t) not in used:
            triples.append((h, r, t))
        if len(texts) >= n_texts and len(triples) >= n_triples:
            break
    return triples, texts


def jsonl(path: Path, items: list[tuple[str, object]]) -> Path:
    with open(path, "w", encoding="utf-8") as fh:
        for cid, item in items:
            obj = (
                {"id": cid, "triple": list(item)}
                if isinstance(item, tuple)
                else {"id": cid, "claim": item}
            )
            fh.write(json.dumps(obj) + "\n")
    return path


def kgfc_batch(store: Path, batch: Path, *extra: str, stop: tuple[int, int] | None = None) -> dict:
    """``kgfc verify --file`` in a new process; ``stop=(after_lines, signal)`` interrupts it."""
    cmd = [sys.executable, "-m", "kgfc", "verify", "--store", str(store), "--file", str(batch)]
    cmd += ["--nl", "--reasoner", "local", "--record-chunk", "100", *extra]
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    lines = 0
    assert proc.stdout is not None
    for _ in proc.stdout:
        lines += 1
        if stop and lines == stop[0]:
            time.sleep(1.0)  # the next chunk is under way: the signal lands mid-chunk
            proc.send_signal(stop[1])
            break
    rest = proc.stdout.read()  # the buffered reader's read-ahead included (not communicate())
    err = proc.stderr.read() if proc.stderr else b""
    proc.wait()
    lines += len(rest.splitlines())
    seconds = time.perf_counter() - start
    return {
        "printed": lines,
        "seconds": round(seconds, 1),
        "per_s": round(lines / seconds, 1),
        "exit": proc.returncode,
        "stderr_tail": err.decode("utf-8", "replace").strip().splitlines()[-1:],
    }


def quads_by_kind(store: OxigraphStore) -> dict[str, float]:
    """Mean quads of a recorded claim's graph: structured triples (ids h..) and text claims (hx..)."""
    import pyoxigraph as ox

    sizes: dict[str, list[int]] = {"triple": [], "text": []}
    for q in store.quads(None, ox.NamedNode(V.KGFC + "claimId"), None, None):
        kind = "text" if q.object.value.startswith("hx") else "triple"
        sizes[kind].append(store.count(None, None, None, q.graph_name))
    return {k: round(sum(v) / len(v), 1) for k, v in sizes.items() if v}


def trajectories() -> int:
    """Claims checked so far by CLI runs (each appends its trajectory as soon as it is checked)."""
    path = Path(os.environ["KGFC_HOME"]) / "trajectories" / "trajectories.jsonl"
    return sum(1 for _ in open(path, "rb")) if path.exists() else 0


def recorded_ids(store: OxigraphStore) -> list[str]:
    import pyoxigraph as ox

    return [q.object.value for q in store.quads(None, ox.NamedNode(V.KGFC + "claimId"), None, None)]


def rate(checker: FactChecker, items: list[tuple[str, object]], record: bool) -> float:
    start = time.perf_counter()
    n = sum(
        1 for _ in checker.verify_many([_claim(c, x) for c, x in items], record=record, chunk=100)
    )
    return round(n / (time.perf_counter() - start), 1)


def _cpu() -> float:
    """This process's CPU seconds (RocksDB's background threads included)."""
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


def paired(rec, norec, a: list, b: list, block: int = 100) -> tuple[float, float, float, float]:
    """Claims per wall second and per CPU second of ``rec`` and ``norec`` over ``a`` and ``b``.

    Run in alternating blocks, then again with the halves swapped (so that both modes
    check the same claims; ids get a suffix on the second pass, so a new claim stays
    new); CPU seconds are what the two modes cost whatever else the machine runs
    (wall seconds on a shared machine depend on the neighbours).
    """
    wall, cpu = [0.0, 0.0], [0.0, 0.0]
    new_ids = not any(c.startswith("h") for c, _ in a)
    b2 = [(c + "-2" if new_ids else c, x) for c, x in b]
    a2 = [(c + "-2" if new_ids else c, x) for c, x in a]
    for k, (first, second) in (
        (k, pair) for pair in ((a, b), (b2, a2)) for k in range(0, max(len(a), len(b)), block)
    ):
        for i, (checker, items) in enumerate(((rec, first), (norec, second))):
            part = [_claim(c, x) for c, x in items[k : k + block]]
            start, c0 = time.perf_counter(), _cpu()
            for _ in checker.verify_many(part, chunk=block):  # one transaction per block
                pass
            wall[i] += time.perf_counter() - start
            cpu[i] += _cpu() - c0
    n = len(a) + len(b)  # each mode checked both halves
    return (
        round(n / wall[0], 1),
        round(n / wall[1], 1),
        round(n / cpu[0], 1),
        round(n / cpu[1], 1),
    )


def _claim(cid: str, item) -> dict:
    return (
        {"id": cid, "triple": list(item)} if isinstance(item, tuple) else {"id": cid, "claim": item}
    )


def one_shot(store: Path, *args: str) -> float:
    cmd = [sys.executable, "-m", "kgfc", "verify", "--store", str(store), "--reasoner", "local"]
    cmd += ["--no-record", "--json", *args]
    start = time.perf_counter()
    subprocess.run(
        cmd, check=True, capture_output=True, env={**os.environ, "PYTHONPATH": str(ROOT)}
    )
    return round(time.perf_counter() - start, 2)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--history", type=int, default=10_000)
    ap.add_argument("--batch", type=int, default=2_000)
    ap.add_argument("--history-texts", type=int, default=500, help="text claims among the history")
    ap.add_argument("--triples", type=int, default=2_000)
    ap.add_argument("--texts", type=int, default=500)
    ap.add_argument("--keep", type=Path, default=None, help="keep the store here")
    args = ap.parse_args()
    if not (DATA / "triples" / "codex-m" / "train.txt").exists():
        sys.exit(f"{DATA} is absent (../shared/data exists only in the developers' workspace)")
    tmp = Path(tempfile.mkdtemp(prefix="kgfc-bench-batch-"))
    os.environ["KGFC_HOME"] = str(tmp / "home")  # caches start empty, as on a fresh machine
    os.environ["KGFC_OFFLINE"] = "1"
    out: dict = {"args": vars(args) | {"keep": str(args.keep) if args.keep else None}}
    out["load_before"] = load()
    path = args.keep or tmp / "store"
    try:
        log("building the CoDEx-M store...")
        start = time.perf_counter()
        with OxigraphStore(path) as store:
            _, info = build_train_store(DATA, "m", store)
            out["store"] = info | {"quads": len(store), "bytes": _folder_bytes(path)}
        out["store"]["build_seconds"] = round(time.perf_counter() - start, 1)

        half_t, half_x = args.triples // 2, args.texts // 2
        n_hist_triples = args.history - args.history_texts
        triples, texts = claims_from_codex(n_hist_triples + half_t, args.history_texts + half_x)
        hist_t, new_t = triples[:n_hist_triples], triples[n_hist_triples:]
        hist_x, new_x = texts[: args.history_texts], texts[args.history_texts :]
        history = [(f"h{i}", t) for i, t in enumerate(hist_t)]
        history += [(f"hx{i}", x) for i, x in enumerate(hist_x)]
        random.Random(5).shuffle(history)

        # -- the history, through the CLI, with interruptions -----------------------------
        q0, b0 = out["store"]["quads"], out["store"]["bytes"]
        batches = []
        n_batches = (len(history) + args.batch - 1) // args.batch
        for k in range(n_batches):
            part = history[k * args.batch : (k + 1) * args.batch]
            f = jsonl(tmp / f"batch{k}.jsonl", part)
            sig = {1: signal.SIGTERM, 3: signal.SIGKILL}.get(k) if n_batches > 3 else None
            log(
                f"history batch {k + 1}/{n_batches} ({len(part)} claims){' + ' + sig.name if sig else ''}; load {load()}"
            )
            checked = trajectories()
            run = kgfc_batch(path, f, stop=(len(part) // 2, sig) if sig else None)
            entry = {"claims": len(part), "run": run}
            if sig:
                checked = trajectories() - checked  # claims the interrupted run checked
                with OxigraphStore(path, read_only=True) as s:
                    have = set(recorded_ids(s))
                recorded = sum(1 for cid, _ in part if cid in have)
                resumed = kgfc_batch(path, f, "--resume")
                entry |= {
                    "interrupted_by": sig.name,
                    "checked_before_stop": checked,
                    "recorded_before_stop": recorded,
                    "lost": checked - recorded,  # checked, not recorded: what the resume re-checks
                    "resume": resumed,
                }
                assert recorded + resumed["printed"] == len(part), entry
            batches.append(entry)
        out["history_batches"] = batches
        with OxigraphStore(path) as store:
            ids = recorded_ids(store)
            out["history_recorded"] = len(ids)
            out["history_recorded_once_each"] = sorted(ids) == sorted(c for c, _ in history)
            q1, b1 = len(store), _folder_bytes(path)
            out["quads_per_claim_by_kind"] = quads_by_kind(store)
        out["quads_per_claim"] = round((q1 - q0) / len(history), 1)
        out["bytes_per_claim_on_disk"] = round((b1 - b0) / len(history))

        # -- cold start: a new process with the aggregates cached ------------------------------
        s, p, o = new_t[-1]
        out["cold_start_triple_s"] = [one_shot(path, "--triple", s, p, o) for _ in range(3)]
        out["cold_start_text_s"] = [one_shot(path, new_x[-1]) for _ in range(2)]

        # -- new and re-checked, with and without recording, in one process -------------------
        log(f"measuring new / re-checked, recorded / not; load {load()}")
        settings = load_settings(offline=True)
        with OxigraphStore(path) as store:
            rec = FactChecker(store, settings=settings, record=True)
            norec = FactChecker(store, settings=settings, record=False)
            # warm-up, not timed: what a process loads once (rules, statistics, fact index,
            # spaCy, the embedder) -- by claims the history already recorded
            warm = [(c, t) for c, t in history if isinstance(t, tuple)][-50:]
            warm += [(c, x) for c, x in history if isinstance(x, str)][-5:]
            rate(norec, warm, False)
            builds = dict(store.aggregate_builds)
            again_t = [(c, t) for c, t in history if isinstance(t, tuple)][:half_t]
            again_x = [(c, x) for c, x in history if isinstance(x, str)][:half_x]
            res: dict = {}
            for kind, new, again in (
                ("triples", new_t[:half_t], again_t),
                ("texts", new_x[:half_x], again_x),
            ):
                n, m = len(new) // 2, len(again) // 2
                # Recorded and not recorded alternate in blocks, so both see the same
                # machine load and the same warm per-entity caches.
                new_rec, new_norec, new_rec_cpu, new_norec_cpu = paired(
                    rec,
                    norec,
                    [(f"n-{kind}-{i}", x) for i, x in enumerate(new[:n])],
                    [(f"m-{kind}-{i}", x) for i, x in enumerate(new[n:])],
                )
                again_rec, again_norec, again_rec_cpu, again_norec_cpu = paired(
                    rec, norec, again[:m], again[m:]
                )
                r = res[kind] = {
                    "claims": len(new) + len(again),
                    "new_recorded_per_s": new_rec,
                    "new_not_recorded_per_s": new_norec,
                    "rechecked_recorded_per_s": again_rec,
                    "rechecked_not_recorded_per_s": again_norec,
                }
                r["ratio_new"] = round(new_rec / new_norec, 2)
                r["ratio_rechecked"] = round(again_rec / again_norec, 2)
                r["per_cpu_s"] = {
                    "new_recorded": new_rec_cpu,
                    "new_not_recorded": new_norec_cpu,
                    "rechecked_recorded": again_rec_cpu,
                    "rechecked_not_recorded": again_norec_cpu,
                    "ratio_new": round(new_rec_cpu / new_norec_cpu, 2),
                    "ratio_rechecked": round(again_rec_cpu / again_norec_cpu, 2),
                }
                r["load"] = load()
                log(kind, r)
            out["measured"] = res
            grown = {k: v - builds.get(k, 0) for k, v in store.aggregate_builds.items()}
            out["aggregate_builds_while_measuring"] = {k: v for k, v in grown.items() if v}
            out["aggregate_builds_in_this_process"] = dict(store.aggregate_builds)
        out["load_after"] = load()
    finally:
        if args.keep is None:
            shutil.rmtree(tmp, ignore_errors=True)
    print(json.dumps(out, indent=2))
    RESULTS.mkdir(exist_ok=True)
    (RESULTS / "bench_batch.json").write_text(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
