"""SPARQL queries that stop: a real `kgfc serve` kills a query at its deadline (its CPU and memory
come back), its slots are a real limit (503 with Retry-After), one query's memory is capped,
and the MCP tool and the thread fallback keep the same limits."""

from __future__ import annotations

import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor

import httpx
import pytest

pytest.importorskip("fastapi")

from kgfc.errors import KgfcError  # noqa: E402
from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402
from kgfc.service import sparql as sp  # noqa: E402
from kgfc.service.sparql_pool import QueryBusy, QueryPool, ThreadRunner  # noqa: E402
from tests.conftest import DATA  # noqa: E402
from tests.test_service_process import AUTH, Server, load_obama  # noqa: E402

# ~40 quads: each pattern multiplies the rows by 40; six patterns are minutes of work in one
# operator (COUNT), so no row ever comes out for a deadline check between rows
ENDLESS = (
    "SELECT (COUNT(*) AS ?n) WHERE { " + " . ".join(f"?s{i} ?p{i} ?o{i}" for i in range(6)) + " }"
)
# five patterns sorted: the sort holds every row (hundreds of MB long before the deadline)
GREEDY = (
    "SELECT * WHERE { "
    + " . ".join(f"?s{i} ?p{i} ?o{i}" for i in range(5))
    + " } ORDER BY ?o0 ?o1 ?o2 ?o3 ?o4"
)
NORMAL = "ASK { <http://www.wikidata.org/entity/Q76> ?p ?o }"
# Long enough that a loaded machine still has the heavy queries running when the test looks.
TIMEOUT = 5.0


def _tree(pid: int) -> list[int]:
    """``pid`` and its live descendants."""
    children: dict[int, list[int]] = {}
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                with open(f"/proc/{entry}/stat") as fh:
                    ppid = int(fh.read().rsplit(")", 1)[1].split()[1])
            except (OSError, IndexError, ValueError):
                continue
            children.setdefault(ppid, []).append(int(entry))
    out, todo = [], [pid]
    while todo:
        p = todo.pop()
        out.append(p)
        todo.extend(children.get(p, []))
    return out


def _cpu_seconds(pid: int) -> dict[int, float]:
    ticks = os.sysconf("SC_CLK_TCK")
    out = {}
    for p in _tree(pid):
        try:
            with open(f"/proc/{p}/stat") as fh:
                fields = fh.read().rsplit(")", 1)[1].split()
            out[p] = (int(fields[11]) + int(fields[12])) / ticks  # utime + stime
        except (OSError, IndexError, ValueError):
            continue
    return out


def cpu_used(pid: int, seconds: float) -> float:
    """CPU seconds the process tree spends in the next ``seconds`` (processes alive at both ends)."""
    before = _cpu_seconds(pid)
    time.sleep(seconds)
    after = _cpu_seconds(pid)
    return sum(after[p] - before[p] for p in after if p in before)


def rss_mb(pid: int) -> float:
    total = 0
    for p in _tree(pid):
        try:
            with open(f"/proc/{p}/statm") as fh:
                total += int(fh.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
        except (OSError, IndexError, ValueError):
            continue
    return total / 2**20


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    base = tmp_path_factory.mktemp("limits")
    load_obama(base / "store")
    srv = Server(
        base / "store",
        base / "jobs.sqlite3",
        "--sparql-timeout",
        str(TIMEOUT),
        "--sparql-slots",
        "2",
        "--sparql-memory",
        "160",
    )
    yield srv
    srv.stop()


def ask(url: str, query: str, timeout: float = 60, client: str = "127.0.0.1") -> httpx.Response:
    """GET /sparql from the loopback address ``client`` (any 127.x.y.z reaches the server)."""
    transport = httpx.HTTPTransport(local_address=client)
    with httpx.Client(transport=transport, timeout=timeout) as c:
        return c.get(url + "/sparql", params={"query": query})


def endless(tag: str) -> str:
    """The endless query, its text made unique (a stopped text is refused for a while)."""
    return f"{ENDLESS} # {tag}"


def wait_until_answering(url: str, within: float = 120) -> httpx.Response:
    """The first 200 answer, asking again until ``within`` seconds have passed (on a loaded
    machine the workers killed for an earlier test's stopped queries take a while to
    come back; the wait ends at the first answer)."""
    deadline = time.monotonic() + within
    while True:
        r = ask(url, NORMAL)
        if r.status_code == 200 or time.monotonic() > deadline:
            return r
        time.sleep(0.2)


def test_a_timed_out_query_gives_its_cpu_back(server):
    start = time.monotonic()
    r = ask(server.url, endless("cpu"))
    assert r.status_code == 503, r.text
    assert "stopped" in r.json()["error"]["message"]
    assert time.monotonic() - start < TIMEOUT + 30  # stopped, not left to run its minutes
    # a worker thread left evaluating would hold a whole core; the killed worker holds nothing
    time.sleep(0.5)
    assert cpu_used(server.proc.pid, 2.0) < 0.6
    assert wait_until_answering(server.url).json()["boolean"] is True


def test_slots_are_a_limit_and_busy_answers_say_when_to_retry(server):
    assert wait_until_answering(server.url).status_code == 200
    with ThreadPoolExecutor(2) as pool:
        heavy = [
            pool.submit(ask, server.url, endless(f"slots-{k}"), client=f"127.0.0.{k + 2}")
            for k in range(2)
        ]
        time.sleep(1.5)  # both are evaluating now
        r = ask(server.url, NORMAL, timeout=5)
        assert r.status_code == 503, r.text
        assert "All 2 query slots are busy" in r.json()["error"]["message"]
        assert 1 <= int(r.headers["Retry-After"]) <= TIMEOUT + 1
        assert [f.result().status_code for f in heavy] == [503, 503]
    # the slots come back once the heavy queries are stopped
    assert wait_until_answering(server.url).json()["boolean"] is True


def test_one_client_cannot_take_every_slot(server):
    assert wait_until_answering(server.url).status_code == 200
    with ThreadPoolExecutor(1) as pool:
        heavy = pool.submit(ask, server.url, endless("share-1"), client="127.0.0.5")
        time.sleep(1.5)
        r = ask(server.url, endless("share-2"), timeout=5, client="127.0.0.5")
        assert r.status_code == 503 and "This client already runs 1" in r.text
        assert int(r.headers["Retry-After"]) >= 1
        # everyone else still gets the slot that client may not take, while its query runs
        # (checked when the other client asks: on a loaded machine the heavy query's
        # deadline may pass before the answer comes back)
        assert not heavy.done()
        r = ask(server.url, NORMAL, timeout=TIMEOUT, client="127.0.0.6")
        assert r.status_code == 200 and r.json()["boolean"] is True
        assert heavy.result().status_code == 503


def test_a_stopped_query_is_refused_for_a_while_not_run_again(server):
    wait_until_answering(server.url)
    text = endless("again")
    assert ask(server.url, text).status_code == 503
    r = ask(server.url, "  " + text.replace(" . ", " .\n  "), timeout=5)  # same query, re-spaced
    assert r.status_code == 503 and "not run again" in r.json()["error"]["message"]
    assert int(r.headers["Retry-After"]) > TIMEOUT
    assert ask(server.url, NORMAL).status_code == 200


@pytest.fixture(scope="module")
def patient_server(tmp_path_factory):
    """A server whose deadline is far off, so only the memory cap can stop a query in time:
    on a loaded machine the greedy query may not reach the cap within the other's deadline."""
    base = tmp_path_factory.mktemp("patient")
    load_obama(base / "store")
    srv = Server(
        base / "store",
        base / "jobs.sqlite3",
        "--sparql-timeout",
        "120",
        "--sparql-memory",
        "160",
    )
    yield srv
    srv.stop()


def test_a_query_past_the_memory_cap_is_stopped_alone(patient_server):
    server = patient_server
    wait_until_answering(server.url)
    before = rss_mb(server.proc.pid)
    r = ask(server.url, GREEDY, timeout=150)
    assert r.status_code == 503, r.text
    assert "memory" in r.json()["error"]["message"]
    assert rss_mb(server.proc.pid) < before + 200
    assert wait_until_answering(server.url).json()["boolean"] is True


def answered(url: str, query: str, within: float = 60) -> dict:
    """The answer to ``query``, asking again while the server says it is busy (503), as a
    client should: on a loaded machine the slots may still be taken by an earlier test's
    stopped queries, which is not what the caller examines."""
    deadline = time.monotonic() + within
    while True:
        r = ask(url, query)
        if r.status_code != 503 or time.monotonic() > deadline:
            assert r.status_code == 200, r.text
            return r.json()
        time.sleep(0.5)


def test_workers_see_what_the_server_wrote(server):
    wait_until_answering(server.url)
    ttl = b"<http://example.org/fresh> <http://example.org/p> <http://example.org/o> ."
    q = "ASK { <http://example.org/fresh> ?p ?o }"
    assert answered(server.url, q)["boolean"] is False
    r = httpx.post(
        server.url + "/v1/sources",
        content=ttl,
        headers={**AUTH, "Content-Type": "application/n-triples"},
        timeout=60,
    )
    assert r.status_code in (200, 201), r.text
    assert answered(server.url, q)["boolean"] is True
    source = r.json()["source"]
    d = httpx.delete(server.url + f"/v1/sources/{source}", headers=AUTH, timeout=60)
    assert d.status_code == 200, d.text
    assert answered(server.url, q)["boolean"] is False


def test_mcp_sparql_select_stops_at_its_deadline(tmp_path, monkeypatch):
    pytest.importorskip("mcp")
    from mcp.server.mcpserver.exceptions import ToolError

    from kgfc.service import mcp_server
    from kgfc.settings import load_settings

    load_obama(tmp_path / "store")
    monkeypatch.setattr(mcp_server, "SPARQL_TIMEOUT", 1.0)
    tools = mcp_server.KgfcTools(load_settings(offline=True, store=str(tmp_path / "store")))
    box: dict = {}

    def call() -> None:
        try:
            box["rows"] = tools.sparql_select(endless("mcp"))
        except ToolError as exc:
            box["error"] = str(exc)

    try:
        worker = threading.Thread(target=call, daemon=True)
        worker.start()
        worker.join(30)
        assert not worker.is_alive(), "the tool call did not come back at its deadline"
        assert "stopped" in box["error"] and "Hint:" in box["error"]
        assert tools.sparql_select(NORMAL).boolean is True
        assert cpu_used(os.getpid(), 1.0) < 0.8  # nothing left evaluating the endless query
    finally:
        tools.close()


def test_pool_errors_keep_their_kind_and_hint(tmp_path):
    store = OxigraphStore(tmp_path / "store")
    store.load_file(DATA / "obama.ttl")
    pool = QueryPool(store.path, slots=1, memory_mb=None)
    try:
        with pytest.raises(KgfcError) as err:
            pool.run("SELECT * WHERE {", accepted=[], max_rows=10, timeout=10)
        assert type(err.value).__name__ == "QuerySyntaxError"
        with pytest.raises(sp.NotAcceptable) as err:
            pool.run(NORMAL, accepted=["text/turtle"], max_rows=10, timeout=10)
        assert err.value.hint and "application/sparql-results+json" in err.value.hint
        res = pool.run(
            "SELECT * WHERE { ?s ?p ?o }", accepted=[], max_rows=3, timeout=10
        )  # the row cap holds in a worker too
        assert res.rows == 3 and res.truncated
    finally:
        pool.close()
        store.close()


def test_thread_runner_keeps_a_timed_out_slot_until_the_query_ends():
    store = OxigraphStore()  # in memory: no other process can open it
    store.load_file(DATA / "obama.ttl")
    slow = (
        "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l "
        'FILTER(REGEX(CONCAT(STR(?c), STR(?l)), "zz$")) }'
    )
    runner = ThreadRunner(store, slots=1)
    with pytest.raises(sp.QueryTimeout):
        runner.run(slow, accepted=[], max_rows=10, timeout=0.05)
    with pytest.raises(QueryBusy) as busy:  # the query still runs: its slot is not free
        runner.run(NORMAL, accepted=[], max_rows=10, timeout=10)
    assert busy.value.retry_after >= 1
    deadline = time.monotonic() + 60
    while True:
        try:
            res = runner.run(NORMAL, accepted=[], max_rows=10, timeout=10)
            break
        except QueryBusy:
            assert time.monotonic() < deadline
            time.sleep(0.1)
    assert b"true" in res.body


def test_the_memory_cap_counts_from_the_open_store_when_it_opened_late(tmp_path):
    # A worker started while the store could not be opened caps its address space once the
    # store is open: opening the store (hundreds of MB of address space) is not a query's.
    path = tmp_path / "store"
    pool = QueryPool(path, slots=1, memory_mb=200)
    try:
        pool.warm(1)  # no store yet: the worker starts without one
        store = OxigraphStore(path)
        store.load_file(DATA / "obama.ttl")
        store.close()
        res = pool.run(NORMAL, accepted=[], max_rows=10, timeout=30)
        assert res.rows > 0
    finally:
        pool.close()
