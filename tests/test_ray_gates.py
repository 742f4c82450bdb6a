"""Endpoint caps across a Ray cluster, and ``kgfc kg enrich --ray``: a real local Ray head, real
LLM and Wikidata clients in Ray tasks, against local HTTP servers that count what they get.

As in tests/test_ray_cluster.py, Ray runs inside a network namespace with only loopback
(``unshare -n``, as root): the outer test starts pytest again in one, the inner run does the work.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Iterator
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

import pytest
from fakes.loopback_netns import run_inner_tests_in_loopback_namespace

ROOT = Path(__file__).resolve().parents[1]
INSIDE = "KGFC_TEST_RAY_GATES_NETNS"

pytestmark = pytest.mark.slow


@pytest.mark.timeout(1200)  # may wait for the other Ray scenario to finish
def test_ray_gates_in_a_loopback_only_namespace():
    out = run_inner_tests_in_loopback_namespace(__file__, INSIDE)
    assert "\n2 passed" in out, out[-2000:]


# -- a server that counts the requests it has in hand --------------------------------------


class Counting(ThreadingHTTPServer):
    daemon_threads = True

    def __init__(self, reply, delay: float) -> None:
        super().__init__(("127.0.0.1", 0), _Handler)
        self.reply, self.delay = reply, delay
        self.now = self.peak = self.total = 0
        self.starts: list[float] = []
        self.lock = threading.Lock()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.server_address[1]}"


class _Handler(BaseHTTPRequestHandler):
    server: Counting

    def _serve(self) -> None:
        srv = self.server
        body = self.rfile.read(int(self.headers.get("Content-Length") or 0)).decode()
        with srv.lock:
            srv.now += 1
            srv.total += 1
            srv.peak = max(srv.peak, srv.now)
            srv.starts.append(time.monotonic())
        try:
            time.sleep(srv.delay)
        finally:
            with srv.lock:
                srv.now -= 1
        query = parse_qs(urlsplit(self.path).query).get("query", [""])[0]
        query = query or parse_qs(body).get("query", [""])[0]
        data = json.dumps(srv.reply(query)).encode()
        self.send_response(200)
        self.send_header("Content-Type", "application/sparql-results+json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    do_GET = do_POST = _serve

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002
        pass


@contextlib.contextmanager
def counting(reply, delay: float) -> Iterator[Counting]:
    srv = Counting(reply, delay)
    threading.Thread(target=srv.serve_forever, daemon=True).start()
    try:
        yield srv
    finally:
        srv.shutdown()
        srv.server_close()


COMPLETION = {
    "id": "c1",
    "object": "chat.completion",
    "created": 0,
    "model": "m",
    "choices": [
        {"index": 0, "finish_reason": "stop", "message": {"role": "assistant", "content": "hi"}}
    ],
    "usage": {"prompt_tokens": 1, "completion_tokens": 1, "total_tokens": 2},
}
WD = "http://www.wikidata.org/entity/"


def wdqs_rows(query: str) -> dict:
    """Each entity in the query's VALUES gets one fact, one incoming link and a label."""
    rows = []
    for qid in sorted(set(re.findall(r"entity/(Q\d+)>", query))):
        e = {"type": "uri", "value": WD + qid}
        prop = {"type": "uri", "value": "http://www.wikidata.org/prop/direct/P31"}
        rows.append({"entity": e, "property": prop, "value": {"type": "uri", "value": WD + "Q5"}})
        rows.append(
            {
                "entity": e,
                "kind": {"type": "literal", "value": "label"},
                "text": {"type": "literal", "value": f"thing {qid}", "xml:lang": "en"},
            }
        )
    return {"head": {"vars": []}, "results": {"bindings": rows}}


def llm_task(base: str, limits: str, n: int) -> int:
    """In a Ray worker: ``n`` LLM requests under the cluster's gates."""
    import ray

    from kgfc.llm.client import OpenAICompatLLM
    from kgfc.models import Counters
    from kgfc.pipeline.cluster import use_ray_gates

    use_ray_gates(ray)
    llm = OpenAICompatLLM(base, "m", endpoint_limits=limits, max_retries=0)
    try:
        for i in range(n):
            llm._send({"model": "m", "messages": [{"role": "user", "content": f"{i}"}]}, Counters())
    finally:
        llm.close()
    return n


@pytest.fixture(scope="module")
def ray_head():
    import ray

    temp = tempfile.mkdtemp(prefix="kray", dir="/tmp")  # short: socket paths fit 107 bytes
    os.environ["RAY_AUTH_MODE"] = "disabled"
    ray.init(
        num_cpus=4,
        include_dashboard=False,
        log_to_driver=False,
        _temp_dir=temp,
        runtime_env={"env_vars": {"PYTHONPATH": f"{ROOT}:{ROOT / 'tests'}"}},
    )
    try:
        yield ray
    finally:
        ray.shutdown()
        if not os.environ.get("KGFC_TEST_KEEP_RAY_LOGS"):
            shutil.rmtree(temp, ignore_errors=True)


@pytest.mark.skipif(not os.environ.get(INSIDE), reason="runs inside the loopback-only namespace")
def test_inner_llm_calls_from_four_tasks_keep_to_the_cluster_cap(ray_head):
    from kgfc.pipeline.cluster import gates_actor

    ray = ray_head
    gates_actor(ray)
    with counting(lambda _q: COMPLETION, delay=0.3) as srv:
        base = f"{srv.url}/v1"
        task = ray.remote(llm_task).options(num_cpus=1)
        done = ray.get([task.remote(base, f"{base}=2", 3) for _ in range(4)], timeout=300)
    assert done == [3, 3, 3, 3]
    assert srv.total == 12
    assert srv.peak == 2  # four processes, each with its own client: the actor's two slots


@pytest.mark.skipif(not os.environ.get(INSIDE), reason="runs inside the loopback-only namespace")
def test_inner_enrich_on_ray_writes_each_entity_once_within_the_caps(
    ray_head, tmp_path, monkeypatch
):
    from click.testing import CliRunner

    from kgfc.cli import cli
    from kgfc.kg.wikidata import WikidataSource
    from kgfc.pipeline.cluster import enrich_on_ray
    from kgfc.registry import open_store
    from kgfc.settings import load_settings

    writes: Counter[str] = Counter()
    real_write = WikidataSource._write

    def counted(self, iri, graph, *, replace):
        writes[iri] += 1
        return real_write(self, iri, graph, replace=replace)

    monkeypatch.setattr(WikidataSource, "_write", counted)
    ids = [f"Q{i}" for i in range(1, 9)]
    with counting(wdqs_rows, delay=0.3) as srv:
        settings = load_settings(
            home=tmp_path / "home",
            offline=False,
            wikidata_endpoint=f"{srv.url}/sparql",
            wikidata_max_concurrent=2,
            wikidata_requests_per_minute=240,  # one every 0.25 s, cluster-wide
        )
        store = open_store(str(tmp_path / "store"))
        source = WikidataSource(store, settings, batch_size=1)  # 8 chunks: 8 Ray tasks
        report = enrich_on_ray(source, ids, in_flight=4)
        again = enrich_on_ray(source, ids)  # all cached: nothing fetched, nothing written
        store.close()
        assert srv.total == 3 * len(ids)  # three queries per entity, none sent twice
        assert srv.peak <= 2
        # the rate cap as the server sees it: the k-th request after another starts no
        # sooner than k slots of 0.25 s later, give or take one request's delivery (the
        # slot is granted in a worker; a loaded machine may deliver one request late and
        # the next on time). Without the cap they would all start at once.
        starts = srv.starts
        early = [
            (i, j, round(starts[j] - starts[i], 3))
            for i in range(len(starts))
            for j in range(i + 1, len(starts))
            if starts[j] - starts[i] < (j - i) * 0.25 - 0.1
        ]
        assert not early, early
        assert report.entities_fetched == len(ids) and report.sources_written == len(ids)
        assert report.sparql_queries == 3 * len(ids)
        assert again.entities_cached == len(ids) and again.entities_fetched == 0
        assert writes == Counter({WD + q: 1 for q in ids})

        # the command line: the same through `kgfc kg enrich --ray`
        env = {
            "KGFC_HOME": str(tmp_path / "home2"),
            "KGFC_OFFLINE": "0",
            "KGFC_WIKIDATA_ENDPOINT": f"{srv.url}/sparql",
        }
        res = CliRunner().invoke(
            cli, ["kg", "enrich", "-e", "Q11", "-e", "Q12", "--ray", "--json"], env=env
        )
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["entities_fetched"] == 2 and out["sources_written"] == 2
    assert writes[WD + "Q11"] == 1 and writes[WD + "Q12"] == 1
