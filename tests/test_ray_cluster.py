"""A batch on a real Ray cluster (a head and a second node, started here) against a real
``oxigraph serve``: the verdicts of the embedded run, each claim recorded exactly once when a
node is killed mid-batch, and a resumed run after the driver is killed.

Ray advertises the host's interface address even when told 127.0.0.1, so the scenario runs
inside a network namespace where only loopback exists (``unshare -n``, as root): the outer
test starts pytest again in one, and the inner run does the work.
"""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest
from fakes.loopback_netns import run_inner_tests_in_loopback_namespace

INSIDE = "KGFC_TEST_RAY_NETNS"
TRIPLES = [("Q76", "P19", "Q18094"), ("Q76", "P26", "Q13133"), ("Q76", "P19", "Q60")]

pytestmark = pytest.mark.slow


@pytest.mark.timeout(1200)  # may wait for the other Ray scenario to finish
def test_a_ray_batch_in_a_loopback_only_namespace():
    run_inner_tests_in_loopback_namespace(__file__, INSIDE)


# -- inside the namespace -----------------------------------------------------------------


def _ray(*args: str) -> None:
    env = {**os.environ, "RAY_AUTH_MODE": "disabled"}
    ray = str(Path(sys.executable).parent / "ray")
    subprocess.run([ray, *args], check=True, timeout=180, env=env)


def _claims(path: Path, prefix: str, n: int) -> list[dict]:
    rows = [{"id": f"{prefix}{i}", "triple": list(TRIPLES[i % 3])} for i in range(n)]
    rows.append({"id": f"{prefix}-text", "claim": "Barack Obama was born in Honolulu."})
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return rows


def _recorded(url: str) -> list[str]:
    from kgfc.kg.sparql_store import SparqlStore

    store = SparqlStore(url)
    try:
        rows = store.sparql(
            "SELECT ?id WHERE { GRAPH ?g { ?c <https://w3id.org/kgfc/ns#claimId> ?id } }"
        )
        return [r[0].value for r in rows]
    finally:
        store.close()


def _driver(home: Path, url: str, address: str, claims: Path, *extra: str) -> subprocess.Popen:
    args = ["verify", "--store", f"sparql:{url}", "--file", str(claims), "--nl", "--ray", address]
    args += ["--reasoner", "local", "--record-chunk", "3", "--workers", "2", *extra]
    return subprocess.Popen(
        [sys.executable, "-m", "kgfc", *args],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        env={
            **os.environ,
            "KGFC_HOME": str(home),
            "KGFC_OFFLINE": "1",
            "RAY_AUTH_MODE": "disabled",
        },
        start_new_session=True,
    )


def _wait_until(test, timeout: float = 300.0) -> None:
    end = time.monotonic() + timeout
    while not test():
        assert time.monotonic() < end, "timed out waiting for the batch"
        time.sleep(0.2)


def _raylets() -> list[int]:
    out = subprocess.run(["pgrep", "-f", "raylet/raylet"], capture_output=True, text=True)
    return sorted(int(x) for x in out.stdout.split())


@pytest.fixture
def cluster():
    import tempfile

    from tests.fakes.sparql_server import free_port

    port = free_port()
    # a session folder of its own (short: Ray's socket paths must fit 107 bytes), so a
    # cluster left elsewhere on the machine is never joined
    temp = tempfile.mkdtemp(prefix="kray", dir="/tmp")
    common = ["--num-cpus", "1", "--disable-usage-stats", "--temp-dir", temp]
    try:
        _ray("start", "--head", "--node-ip-address", "127.0.0.1", "--port", str(port), *common)
        _ray("start", "--address", f"127.0.0.1:{port}", "--node-ip-address", "127.0.0.1", *common)
        yield f"127.0.0.1:{port}"
    finally:
        _ray("stop", "--force")
        shutil.rmtree(temp, ignore_errors=True)


@pytest.mark.skipif(not os.environ.get(INSIDE), reason="runs inside the loopback-only namespace")
def test_inner_cluster_run(cluster, tmp_path):
    from kgfc.kg.sparql_store import SparqlStore
    from kgfc.pipeline.api import FactChecker
    from kgfc.settings import load_settings
    from tests.conftest import DATA
    from tests.fakes.sparql_server import oxigraph_endpoint

    home = tmp_path / "home"
    with oxigraph_endpoint(None, tmp_path) as url:
        store = SparqlStore(url)
        store.load_file(DATA / "obama.ttl")
        store.close()
        claims = tmp_path / "a.jsonl"
        rows = _claims(claims, "a", 45)
        with FactChecker.from_settings(
            load_settings(offline=True, home=home), store=f"sparql:{url}", reasoner="local"
        ) as c:
            expected = {r.id: r.verdict.value for r in c.verify_many(rows)}

        # 1. a worker node is killed mid-batch: every claim checked, each recorded once
        first = _raylets()
        assert len(first) == 2, first
        proc = _driver(home, url, cluster, claims)
        _wait_until(lambda: len(_recorded(url)) >= 6)
        os.kill(first[-1], signal.SIGKILL)  # the second node's raylet: the node is lost
        out, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err.decode()[-4000:]
        lines = out.decode().splitlines()
        assert all(x.startswith("{") for x in lines), [x for x in lines if not x.startswith("{")][
            :5
        ]
        got = {json.loads(x)["id"]: json.loads(x)["verdict"] for x in lines}
        assert got == expected
        recorded = _recorded(url)
        assert sorted(recorded) == sorted(expected)  # exactly once each

        # 2. the driver is killed; --resume checks only what was not recorded
        claims_b = tmp_path / "b.jsonl"
        rows_b = _claims(claims_b, "b", 45)
        proc = _driver(home, url, cluster, claims_b)
        _wait_until(lambda: any(x.startswith("b") for x in _recorded(url)))
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(timeout=60)
        time.sleep(5)  # its actors go with it
        before = {x for x in _recorded(url) if x.startswith("b")}
        assert 0 < len(before) < len(rows_b)
        proc = _driver(home, url, cluster, claims_b, "--resume")
        out, err = proc.communicate(timeout=600)
        assert proc.returncode == 0, err.decode()[-4000:]
        resumed = {json.loads(x)["id"] for x in out.decode().splitlines()}
        assert resumed == {r["id"] for r in rows_b} - before
        after = [x for x in _recorded(url) if x.startswith("b")]
        assert sorted(after) == sorted(r["id"] for r in rows_b)
