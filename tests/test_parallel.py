"""Batches on worker processes: the same verdicts and records as one process, and nothing lost
or recorded twice when a worker is killed (real processes, a real on-disk store, SIGKILL)."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import threading
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pyoxigraph as ox
import pytest
from click.testing import CliRunner

from kgfc.cli import cli
from kgfc.kg import vocab as V
from kgfc.kg.demo import ensure_demo
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.kg.verdicts import stored_claims
from kgfc.pipeline.api import Claim, FactChecker
from kgfc.pipeline.parallel import (
    CLAIMS_PER_WORKER,
    WorkerPool,
    choose_workers,
    cores,
    recipe_of,
    verify_in_workers,
)
from kgfc.settings import load_settings
from tests.test_batch_recording import _recorded_ids, _triples

ROOT = Path(__file__).resolve().parents[1]
RECORDED_AT = ox.NamedNode(V.PROV + "generatedAtTime")
TEXTS = [
    "Barack Obama was born in Honolulu.",
    "Noel Gallagher plays alternative rock.",
    "Barack Obama was born in Paris.",
]


@pytest.fixture(scope="module")
def demo_store(tmp_path_factory, demo_kg_copy) -> tuple[Callable[..., Path], list]:
    """The demo KG copier (a store per test) and 40 of the demo's facts as triples of ids."""
    path = demo_kg_copy(tmp_path_factory.mktemp("parallel") / "store")
    with OxigraphStore(path) as s:
        triples = _triples(s, 40)
    return demo_kg_copy, triples


def _copy(demo_store, tmp_path: Path, name: str = "store") -> Path:
    """A demo store at ``tmp_path / name``, its caches in the test's home ``tmp_path / "home"``."""
    return demo_store[0](tmp_path / name, home=tmp_path / "home")


def _batch_file(tmp_path: Path, triples) -> Path:
    path = tmp_path / "batch.jsonl"
    lines = [json.dumps({"id": f"b{i}", "triple": list(t)}) for i, t in enumerate(triples)]
    lines.insert(3, '{"id": "bad", "claim": 3}')  # bad input keeps its place
    lines += [json.dumps({"id": f"t{i}", "claim": c}) for i, c in enumerate(TEXTS)]
    path.write_text("\n".join(lines) + "\n")
    return path


def _claim_graphs(path: Path) -> dict[str, frozenset]:
    """Every recorded claim graph's quads (as N-Quads lines, but the time it was recorded), by id."""
    out: dict[str, frozenset] = {}
    with OxigraphStore(path, read_only=True) as s:
        for q in s.quads(None, ox.NamedNode(V.KGFC + "claimId"), None, None):
            g = q.graph_name
            quads = s.quads(None, None, None, g)
            out[q.object.value] = frozenset(str(x) for x in quads if x.predicate != RECORDED_AT)
    return out


def test_the_worker_count_follows_the_store_the_batch_and_the_search():
    settings = load_settings(offline=True)
    assert choose_workers(None, 1000, None, settings)[0] == 1  # in memory: this process only
    assert choose_workers(None, CLAIMS_PER_WORKER - 1, "/s", settings) == (1, None)  # tiny
    assert choose_workers(None, 1000 * CLAIMS_PER_WORKER, "/s", settings) == (cores(), None)
    assert choose_workers(4, 2, "/s", settings) == (2, None)  # never more than the claims
    n, note = choose_workers(4, 100, "/s", settings.model_copy(update={"web": True}))
    assert n == 1 and "web" in note


def test_an_in_memory_store_is_checked_here_even_when_workers_are_asked_for():
    store = OxigraphStore()
    ensure_demo(store)
    checker = FactChecker.from_settings(load_settings(offline=True), store=store, reasoner="local")
    assert recipe_of(checker) is None
    triples = _triples(store, 3)
    results = list(checker.verify_many(triples, workers=4))
    assert [r.verdict.value for r in results] == ["SUPPORTED"] * 3


@pytest.mark.slow
def test_two_workers_give_the_verdicts_and_records_of_one(demo_store, tmp_path, monkeypatch):
    batch = _batch_file(tmp_path, demo_store[1][:30])
    runs, logs = {}, {}
    for workers in (1, 2):
        monkeypatch.setenv("KGFC_HOME", str(tmp_path / f"home{workers}"))
        logs[workers] = tmp_path / f"home{workers}" / "trajectories" / "trajectories.jsonl"
        store = _copy(demo_store, tmp_path, f"store{workers}")
        args = ["verify", "--store", str(store), "--file", str(batch), "--nl", "--reasoner"]
        args += ["local", "--workers", str(workers), "--record-chunk", "7"]
        res = CliRunner().invoke(cli, args)
        assert res.exit_code == 2, res.output  # the one bad line
        rows = [json.loads(x) for x in res.stdout.splitlines()]
        runs[workers] = rows, _claim_graphs(store)
    (rows1, graphs1), (rows2, graphs2) = runs[1], runs[2]
    ids = [r["id"] for r in rows1]
    assert ids[:4] == ["b0", "b1", "b2", "bad"] and ids[-1] == "t2" and len(ids) == 34
    assert [r["id"] for r in rows2] == ids  # input order
    pick = ("id", "verdict", "confidence", "justification", "evidence", "error")
    assert [{k: r[k] for k in pick} for r in rows2] == [{k: r[k] for k in pick} for r in rows1]
    assert {r["verdict"] for r in rows1} >= {"SUPPORTED", "NOT ENOUGH INFO"}
    assert set(graphs1) == set(ids) - {"bad"}
    assert graphs2 == graphs1  # the same claim graphs, quad for quad
    # every printed field but the timings and query counts (what the caches held)
    assert [_untimed(r) for r in rows2] == [_untimed(r) for r in rows1]
    logged = [_untimed(json.loads(x)) for x in logs[2].read_text().splitlines()]
    assert len(logged) == 33 and logged == [
        _untimed(json.loads(x)) for x in logs[1].read_text().splitlines()
    ]


def _untimed(row: Any) -> Any:
    """A result or trajectory as JSON, without the seconds and counters that vary between runs."""
    if isinstance(row, dict):
        return {k: _untimed(v) for k, v in row.items() if k != "counters" and k != "seconds"}
    return [_untimed(x) for x in row] if isinstance(row, list) else row


class _Held(Claim):
    """A claim the first worker to take it holds until killed: the death is certain to matter.

    Unpickled in a worker (the work item taken off the pool's queue, whose lock it no longer
    holds), the first copy writes the worker's pid to ``gate`` and waits; a copy sent again
    to a new pool is checked as usual. A worker killed while idle may never be noticed
    before the survivors finish the batch (the executor looks at its workers only when no
    result is waiting), so the test kills the one that holds this claim.
    """

    gate: str = ""

    def __setstate__(self, state: Any) -> None:
        super().__setstate__(state)
        try:
            os.close(os.open(self.gate + ".taken", os.O_CREAT | os.O_EXCL | os.O_WRONLY))
        except FileExistsError:
            return  # checked again after the first worker died
        Path(self.gate + ".tmp").write_text(str(os.getpid()))
        os.replace(self.gate + ".tmp", self.gate)
        threading.Event().wait()  # until killed


def _kill_the_holder(gate: Path, stop: threading.Event) -> list[int]:
    """SIGKILL the worker that writes its pid to ``gate`` (in a thread); the pid, once killed."""
    killed: list[int] = []

    def watch() -> None:
        while not gate.exists():
            if stop.wait(0.02):
                return
        killed.append(int(gate.read_text()))
        os.kill(killed[0], signal.SIGKILL)

    threading.Thread(target=watch, daemon=True).start()
    return killed


@pytest.mark.slow
def test_a_worker_killed_mid_batch_loses_nothing_and_records_nothing_twice(
    demo_store, tmp_path, monkeypatch
):
    monkeypatch.setenv("KGFC_HOME", str(tmp_path / "home"))
    path = _copy(demo_store, tmp_path)
    claims = [Claim(id=f"k{i}", triple=t) for i, t in enumerate(demo_store[1])]
    claims[5] = _Held(id="k5", triple=demo_store[1][5], gate=str(tmp_path / "held"))
    settings = load_settings(offline=True)
    stop = threading.Event()
    with FactChecker.from_settings(settings, store=path, reasoner="local", record=True) as c:
        expected = {r.id: r.verdict for r in c.verify_many(claims[:10], record=False)}
        with WorkerPool([recipe_of(c)], 2) as pool, c.batch(6) as recorder:
            killed = _kill_the_holder(tmp_path / "held", stop)
            try:
                seen = [(i, r.id) for i, r in verify_in_workers(c, claims, workers=2, pool=pool)]
            finally:
                stop.set()
            assert killed and pool.restarts >= 1 and killed[0] not in pool.pids()
        assert recorder.written == len(claims)  # each claim handed to the writer once
    assert seen == [(i, f"k{i}") for i in range(len(claims))]  # none lost, none twice, in order
    with OxigraphStore(path, read_only=True) as s:
        recorded = _recorded_ids(s)
        assert sorted(recorded) == sorted(c.id for c in claims)  # one claim graph each
        stored = {c.id: stored_claims(s, c.id)[0]["verdict"] for c in claims[:10]}
    assert stored == {k: v.value for k, v in expected.items()}


def _kgfc(home: Path, *args: str) -> subprocess.Popen:
    return subprocess.Popen(
        [sys.executable, "-m", "kgfc", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={**os.environ, "PYTHONPATH": str(ROOT), "KGFC_HOME": str(home)},
    )


@pytest.mark.slow
def test_a_killed_parallel_batch_resumes_with_exactly_the_rest(demo_store, tmp_path):
    home = tmp_path / "home"
    path = _copy(demo_store, tmp_path)
    triples = demo_store[1]
    batch = tmp_path / "batch.jsonl"
    batch.write_text(
        "".join(
            json.dumps({"id": f"r{i}", "triple": list(t)}) + "\n" for i, t in enumerate(triples)
        )
    )
    base = ["verify", "--store", str(path), "--file", str(batch), "--nl"]
    base += ["--reasoner", "local", "--workers", "2", "--record-chunk", "5"]
    proc = _kgfc(home, *base)
    assert proc.stdout is not None
    printed = []
    for line in proc.stdout:
        printed.append(json.loads(line)["id"])
        if len(printed) == 10:
            proc.kill()  # the writer itself, mid-batch
            break
    proc.wait(timeout=120)
    with OxigraphStore(path, read_only=True) as s:
        recorded = set(_recorded_ids(s))
    assert set(printed) <= recorded  # what was printed was recorded
    proc = _kgfc(home, *base, "--resume")
    out, err = proc.communicate(timeout=300)
    assert proc.returncode == 0, err.decode()
    rest = [json.loads(x)["id"] for x in out.decode().splitlines()]
    assert rest == [f"r{i}" for i in range(len(triples)) if f"r{i}" not in recorded]
    with OxigraphStore(path) as s:
        ids = _recorded_ids(s)
    assert sorted(ids) == sorted(f"r{i}" for i in range(len(triples)))  # each exactly once


@pytest.mark.slow
def test_eval_on_two_workers_scores_and_records_as_on_one(demo_store, tmp_path, monkeypatch):
    monkeypatch.setenv("KGFC_HOME", str(tmp_path / "home"))
    data = tmp_path / "mine.jsonl"
    rows = [
        {"id": f"e{i}", "triple": list(t), "label": "SUPPORTED"}
        for i, t in enumerate(demo_store[1][:24])
    ]
    rows += [{"id": "x", "claim": "Barack Obama was born in Paris.", "label": "REFUTED"}]
    data.write_text("".join(json.dumps(r) + "\n" for r in rows))
    runs = {}
    for workers in (1, 2):
        store = _copy(demo_store, tmp_path, f"store{workers}")
        out = tmp_path / f"out{workers}"
        args = ["eval", "jsonl", "--path", str(data), "--output", str(out), "--json", "--record"]
        res = CliRunner().invoke(cli, [*args, "--workers", str(workers), "--store", str(store)])
        assert res.exit_code == 0, res.output
        summary = json.loads(res.stdout)
        [results] = out.glob("*/*/results.jsonl")
        lines = [json.loads(x) for x in results.read_text().splitlines()]
        runs[workers] = summary, {r["id"]: (r["verdict"], r["confidence"]) for r in lines}, store
    (s1, v1, store1), (s2, v2, store2) = runs[1], runs[2]
    assert s2["invocation"]["workers"] == 2 and s1["invocation"]["workers"] == 1
    assert len(v2) == len(rows) and v2 == v1
    assert s2["balanced_accuracy"] == s1["balanced_accuracy"]
    assert _claim_graphs(store2) == _claim_graphs(store1)


def test_eval_refuses_workers_with_threads(demo_store, tmp_path):
    res = CliRunner().invoke(
        cli,
        ["eval", "jsonl", "--path", str(tmp_path), "--workers", "2", "--concurrency", "2"],
    )
    assert res.exit_code == 2 and "not both" in res.output


@pytest.mark.slow
def test_a_server_job_on_two_workers_records_each_item_once(demo_store, tmp_path):
    pytest.importorskip("fastapi")
    import time

    from fastapi.testclient import TestClient

    from kgfc.service.app import ServiceConfig, create_app

    path = _copy(demo_store, tmp_path)
    triples = demo_store[1][:30]
    settings = load_settings(offline=True, home=tmp_path / "home")
    with FactChecker.from_settings(settings, store=path, reasoner="local") as c:
        expected = {f"j{i}": c.verify(t).verdict.value for i, t in enumerate(triples)}
    store = OxigraphStore(path)
    config = ServiceConfig(
        settings=settings, jobs_db=tmp_path / "jobs.sqlite3", warm_up=False, workers=2
    )
    body = [{"id": f"j{i}", "triple": list(t), "reasoner": "local"} for i, t in enumerate(triples)]
    with TestClient(create_app(config, store=store, close_store=True)) as client:
        job = client.post("/v1/jobs", json=body).json()
        seen_workers = set()
        for _ in range(1200):
            status = client.get(f"/v1/jobs/{job['id']}").json()
            seen_workers.add(status.get("workers"))
            if status["state"] == "done":
                break
            time.sleep(0.1)
    assert status["state"] == "done" and status["done"] == len(triples), status
    assert {i["result"]["id"]: i["result"]["verdict"] for i in status["items"]} == expected
    assert all(i["attempts"] == 1 for i in status["items"])
    assert status["claims_per_second"] > 0 and 2 in seen_workers
    with OxigraphStore(path, read_only=True) as s:
        assert sorted(_recorded_ids(s)) == sorted(expected)  # each claim recorded once


def test_a_ray_batch_needs_a_shared_store_and_a_file(tmp_path):
    batch = tmp_path / "b.jsonl"
    batch.write_text('{"claim": "Barack Obama was born in Honolulu."}\n')
    store = ["--store", str(tmp_path / "store")]
    res = CliRunner().invoke(cli, ["verify", "--file", str(batch), "--ray", *store])
    assert res.exit_code == 2 and "sparql:URL" in res.output, res.output
    res = CliRunner().invoke(
        cli, ["verify", "--file", "-", "--ray", "--store", "sparql:http://127.0.0.1:9/q"], input="x"
    )
    assert res.exit_code == 2 and "--file PATH" in res.output, res.output


def test_the_one_machine_path_never_imports_ray(demo_store, tmp_path):
    path = _copy(demo_store, tmp_path)
    probe = (
        "import sys\n"
        "from kgfc.pipeline.api import FactChecker\n"
        f"c = FactChecker.from_settings(store={str(path)!r}, offline=True, reasoner='local')\n"
        f"list(c.verify_many({[list(t) for t in demo_store[1][:4]]!r}, workers=2))\n"
        "print(sorted(m for m in sys.modules if m == 'ray' or m.startswith('ray.')))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", probe],
        capture_output=True,
        text=True,
        timeout=300,
        env={**os.environ, "PYTHONPATH": str(ROOT), "KGFC_HOME": str(tmp_path / "home")},
    )
    assert out.returncode == 0, out.stderr[-2000:]
    assert out.stdout.strip().splitlines()[-1] == "[]"


def test_workers_start_with_the_spacy_model_the_fork_server_loaded():
    # In a fresh interpreter: a process's first pool starts the fork server and its preload
    # holds for every pool after it, so a triple batch run earlier in this test process
    # would have started one without the model.
    code = (
        "from concurrent.futures import ProcessPoolExecutor\n"
        "from kgfc.nlp.spacy_pipeline import is_loaded\n"
        "from kgfc.pipeline.parallel import _context\n"
        "if _context().get_start_method() != 'forkserver':\n"
        "    print('no-forkserver')\n"
        "else:\n"
        "    with ProcessPoolExecutor(1, mp_context=_context()) as pool:\n"
        "        print(pool.submit(is_loaded).result(timeout=300))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        timeout=400,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    )
    assert out.returncode == 0, out.stderr[-2000:]
    last = out.stdout.split()[-1]
    if last == "no-forkserver":
        pytest.skip("workers are forked from a preloaded server only where forkserver exists")
    assert last == "True"  # before any claim asked for it


def test_the_preload_starts_no_thread_and_leaves_the_embedder_to_each_worker():
    # In a fresh interpreter: the preload freezes the garbage collector's objects.
    code = (
        "import gc, sys, threading, kgfc.pipeline.preload\n"
        "from kgfc.nlp.spacy_pipeline import is_loaded\n"
        "print(is_loaded(), threading.active_count(), 'onnxruntime' in sys.modules,"
        " gc.get_freeze_count() > 0)"
    )
    out = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        env={**os.environ, "PYTHONPATH": str(ROOT)},
    ).stdout.split()
    assert out == ["True", "1", "False", "True"]


def test_the_first_claim_lock_is_the_pools_and_leaves_no_file(tmp_path, monkeypatch):
    import multiprocessing
    import tempfile

    from kgfc.pipeline import parallel

    monkeypatch.setattr(tempfile, "tempdir", str(tmp_path))
    lock = multiprocessing.get_context("spawn").Lock()
    monkeypatch.setattr(parallel, "_WARM_LOCK", [lock])
    held = []
    assert parallel._first_claim_alone(lambda: held.append(not lock.acquire(block=False))) is None
    assert held == [True]  # the first claim ran holding the pool's lock
    assert lock.acquire(block=False)  # and released it
    lock.release()
    assert parallel._first_claim_alone(lambda: 7) == 7  # later claims take no lock
    assert list(tmp_path.iterdir()) == []


def test_a_worker_result_read_back_from_its_line_is_the_one_checked(demo_local):
    import pickle

    from kgfc.pipeline.parallel import Sent

    checked = [demo_local.verify(c, record=False) for c in [*TEXTS, ("Q76", "P19", "Q18094")]]
    checked[0].counters.degrade("rank hop 1: LLM failed; embedding ranker used")
    for r in checked:
        sent = pickle.loads(pickle.dumps(Sent(r)))  # as it crosses to the parent
        back = sent.result()
        assert back == r and back.trajectory == r.trajectory  # the trajectory's claim too
        assert back.counters.degradations == r.counters.degradations
        assert (
            sent.line
            == back.json_line()
            == json.dumps(r.model_dump(mode="json"), ensure_ascii=False)
        )
        assert r.trajectory is not None and sent.trajectory == r.trajectory.model_dump_json()


def test_a_result_line_read_is_given_back_until_the_result_changes(demo_local):
    import pickle

    from kgfc.models import VerifyResult

    line = demo_local.verify(TEXTS[0], record=False).json_line()
    back = VerifyResult.from_line(line)
    assert back.json_line() is line  # not made again
    assert json.dumps(back.model_dump(mode="json"), ensure_ascii=False) == line
    assert pickle.loads(pickle.dumps(back)) == back and line.encode() not in pickle.dumps(back)
    changed = back.model_copy(update={"claim_iri": "urn:x"})
    assert json.loads(changed.json_line())["claim_iri"] == "urn:x"
    back.error = "failed"
    assert json.loads(back.json_line())["error"] == "failed"


def test_a_pending_record_crosses_processes_as_n_quads():
    import pickle

    from kgfc.pipeline.record import PendingRecord

    s, p, g = ox.NamedNode("urn:s"), ox.NamedNode("urn:p"), ox.NamedNode("urn:g")
    objects = [
        ox.Literal("1.0", datatype=ox.NamedNode("http://www.w3.org/2001/XMLSchema#double")),
        ox.Literal("Paris", language="fr"),
        ox.Literal('a "quoted"\nline\twith ünïcode'),
        ox.NamedNode("urn:o"),
    ]
    quads = [ox.Quad(s, p, o) for o in objects] + [ox.Quad(s, p, objects[0], g)]
    item = PendingRecord("urn:claim", quads, None, [], "c1")
    data = pickle.dumps(item)
    assert b"<urn:s> <urn:p>" in data  # the quads as text, not as pickled terms
    back = pickle.loads(data)
    assert back.quads == quads  # the literal's lexical form kept, not made canonical
    assert (back.iri, back.claim_id, back.memory, back.recalled) == ("urn:claim", "c1", None, [])
    assert pickle.loads(pickle.dumps(PendingRecord("urn:e", [], None, []))).quads == []


def test_a_chunk_is_written_after_what_must_precede_it():
    from kgfc.pipeline.record import ChunkedRecorder, PendingRecord

    store = OxigraphStore()
    recorder = ChunkedRecorder(store, chunk=2)
    seen: list[tuple[str, int]] = []
    recorder.before_write.append(lambda: seen.append(("before", recorder.written)))
    recorder.listeners.append(lambda ids: seen.append(("written", len(ids))))
    claim = V.KGFC_CLAIM + "c"
    for i in range(3):
        quad = ox.Quad(ox.NamedNode(f"{claim}{i}"), ox.NamedNode("urn:p"), ox.Literal(str(i)))
        recorder.add(PendingRecord(f"{claim}{i}", [quad], None, [], f"c{i}"))
    recorder.flush()
    assert seen == [("before", 0), ("written", 2), ("before", 2), ("written", 1)]


def test_a_batch_of_triples_starts_its_workers_without_the_spacy_model(
    demo_store, tmp_path, monkeypatch
):
    from kgfc.pipeline import parallel

    asked: list[bool] = []

    class Stop(Exception):
        pass

    class Pool(WorkerPool):
        def __init__(self, *args: Any, nlp: bool = True, **kwargs: Any) -> None:
            asked.append(nlp)
            raise Stop

    monkeypatch.setattr(parallel, "WorkerPool", Pool)
    settings = load_settings(offline=True)
    path = _copy(demo_store, tmp_path)
    with FactChecker.from_settings(settings, store=path, reasoner="local") as c:
        for claims in (demo_store[1][:4], [*demo_store[1][:3], TEXTS[0]]):
            with pytest.raises(Stop):
                list(c.verify_many(claims, workers=2, record=False))
    assert asked == [False, True]
