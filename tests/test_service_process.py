"""`kgfc serve` as a real process on 127.0.0.1: SPARQLWrapper, auth, concurrency, jobs across a
kill and restart, and the CLI's --server. Servers get a free port and die with the test run."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest
from click.testing import CliRunner

pytest.importorskip("fastapi")

from kgfc.cli import cli  # noqa: E402
from tests.conftest import DATA  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
TOKEN = "test-token-123"
AUTH = {"Authorization": f"Bearer {TOKEN}"}
WD = "http://www.wikidata.org/entity/"
TRIPLES = [
    ("Q76", "P19", "Q18094"),
    ("Q76", "P26", "Q13133"),
    ("Q76", "P27", "Q30"),
    ("Q76", "P19", "Q782"),
    ("Q13133", "P26", "Q76"),
]


def _die_with_parent() -> None:  # Linux: the server gets SIGTERM if the test run dies
    try:
        import ctypes

        ctypes.CDLL("libc.so.6").prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except OSError:
        pass


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Server:
    def __init__(self, store: Path, jobs_db: Path, *extra: str) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        env = dict(os.environ)
        env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
        env["KGFC_SERVER_TOKEN"] = TOKEN
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "kgfc", "--quiet", "serve", "--store", str(store)]
            + ["--port", str(self.port), "--jobs-db", str(jobs_db), "--no-warm-up", *extra],
            env=env,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            preexec_fn=_die_with_parent,
        )
        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"server exited: {self.proc.stderr.read().decode()[-2000:]}")
            try:
                if httpx.get(self.url + "/health", timeout=1).json()["warm"]:
                    return
            except (httpx.HTTPError, ValueError, KeyError):
                pass
            time.sleep(0.1)
        self.stop()
        raise RuntimeError("server did not start in 90 s")

    def kill(self) -> None:
        self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(10)

    def stop(self) -> None:
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(30)
            except subprocess.TimeoutExpired:
                self.kill()
        self.proc.stderr.close()


def load_obama(path: Path) -> None:
    res = CliRunner().invoke(cli, ["kg", "load", "--store", str(path), str(DATA / "obama.ttl")])
    assert res.exit_code == 0, res.output


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    base = tmp_path_factory.mktemp("served")
    load_obama(base / "store")
    srv = Server(
        base / "store",
        base / "jobs.sqlite3",
        "--sparql-max-rows",
        "20",
        "--sparql-timeout",
        "0.5",
    )
    srv.store = base / "store"
    yield srv
    srv.stop()


def count_claims(url: str, prefix: str) -> dict[str, int]:
    q = (
        "PREFIX kgfc: <https://w3id.org/kgfc/ns#> SELECT ?id (COUNT(DISTINCT ?c) AS ?n) "
        "WHERE { ?c a kgfc:Claim ; kgfc:claimId ?id . FILTER(STRSTARTS(?id, ?prefix)) } GROUP BY ?id"
    ).replace("?prefix", json.dumps(prefix))
    rows = httpx.get(url + "/sparql", params={"query": q}, timeout=30).json()["results"]["bindings"]
    return {r["id"]["value"]: int(r["n"]["value"]) for r in rows}


def test_sparqlwrapper_select_ask_construct(server):
    from SPARQLWrapper import JSON, XML, SPARQLWrapper

    sw = SPARQLWrapper(server.url + "/sparql")
    sw.setQuery(f"SELECT ?p ?o WHERE {{ <{WD}Q76> ?p ?o }}")
    sw.setReturnFormat(JSON)
    rows = sw.query().convert()["results"]["bindings"]
    assert any(r["o"]["value"] == WD + "Q18094" for r in rows)

    sw.setReturnFormat(XML)
    doc = sw.query().convert()  # a DOM document
    assert len(doc.getElementsByTagName("result")) == len(rows)

    sw.setQuery(f"ASK {{ <{WD}Q76> ?p <{WD}Q18094> }}")
    sw.setReturnFormat(JSON)
    assert sw.query().convert()["boolean"] is True

    sw.setQuery(f"CONSTRUCT {{ <{WD}Q76> ?p ?o }} WHERE {{ <{WD}Q76> ?p ?o }}")
    sw.setReturnFormat(XML)  # RDF/XML, parsed by SPARQLWrapper into an rdflib graph
    graph = sw.query().convert()
    assert len(graph) == len(rows)


def test_sparqlwrapper_update_refused_and_limits(server):
    from urllib.error import HTTPError

    from SPARQLWrapper import JSON, POST, SPARQLWrapper

    sw = SPARQLWrapper(server.url + "/sparql")
    sw.setMethod(POST)
    sw.setQuery(f"INSERT DATA {{ <{WD}Q1> <{WD}P1> <{WD}Q2> }}")
    with pytest.raises(HTTPError) as err:
        sw.query()
    assert err.value.code == 403
    sw.setQuery(f"ASK {{ <{WD}Q1> <{WD}P1> <{WD}Q2> }}")
    sw.setReturnFormat(JSON)
    assert sw.query().convert()["boolean"] is False

    sw.setQuery("SELECT * WHERE { ?s ?p ?o }")
    res = sw.query()
    assert res.info()["x-sparql-maxrows"] == "20"
    assert len(res.convert()["results"]["bindings"]) == 20

    # no row for a long while (a filter over a cross product): the deadline answers
    sw.setQuery(
        "SELECT * WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l "
        'FILTER(STR(?a) = CONCAT(STR(?l), "-never")) }'
    )
    start = time.monotonic()
    with pytest.raises(HTTPError) as err:
        sw.query()
    assert err.value.code == 503
    assert time.monotonic() - start < 5


def test_writes_need_the_token(server):
    body = {"triple": list(TRIPLES[0]), "id": "auth-1"}
    assert httpx.post(server.url + "/v1/verify", json=body).status_code == 401
    r = httpx.post(server.url + "/v1/verify", json=body, headers=AUTH, timeout=60)
    assert r.status_code == 200 and r.json()["verdict"] == "SUPPORTED"


def test_refuses_to_bind_publicly_without_a_token(tmp_path, monkeypatch):
    monkeypatch.delenv("KGFC_SERVER_TOKEN", raising=False)
    res = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0", "--store", str(tmp_path / "s")])
    assert res.exit_code == 2
    assert "Refusing to serve on 0.0.0.0 without a token" in res.output
    assert not (tmp_path / "s").exists()  # refused before touching the store


def test_twenty_concurrent_verifies_are_all_recorded(server):
    def one(i: int):
        s, p, o = TRIPLES[i % len(TRIPLES)]
        return httpx.post(
            server.url + "/v1/verify",
            json={"triple": [s, p, o], "id": f"conc-{i:02d}"},
            headers=AUTH,
            timeout=120,
        )

    with ThreadPoolExecutor(20) as pool:
        responses = list(pool.map(one, range(20)))
    assert [r.status_code for r in responses] == [200] * 20
    assert {r.json()["id"] for r in responses} == {f"conc-{i:02d}" for i in range(20)}
    assert count_claims(server.url, "conc-") == {f"conc-{i:02d}": 1 for i in range(20)}


def test_cli_sends_verify_to_the_server(server, tmp_path):
    env = {"KGFC_SERVER_TOKEN": TOKEN}
    runner = CliRunner()
    res = runner.invoke(
        cli,
        [
            "--server",
            server.url,
            "verify",
            "--triple",
            "Q76",
            "P19",
            "Q18094",
            "--id",
            "cli-1",
            "--json",
        ],
        env=env,
    )
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["verdict"] == "SUPPORTED"
    assert count_claims(server.url, "cli-1") == {"cli-1": 1}

    batch = tmp_path / "claims.jsonl"
    batch.write_text(
        json.dumps({"id": "cli-2", "triple": ["Q76", "P26", "Q13133"]})
        + "\n{broken\n"
        + json.dumps({"id": "cli-3", "triple": ["Q76", "P27", "Q30"]})
        + "\n"
    )
    res = runner.invoke(
        cli, ["verify", "--file", str(batch), "--nl"], env={**env, "KGFC_SERVER": server.url}
    )
    assert res.exit_code == 2  # one bad line
    lines = [json.loads(x) for x in res.stdout.splitlines()]
    assert [x["id"] for x in lines] == ["cli-2", "line-2", "cli-3"]
    assert lines[1]["error"] and lines[0]["verdict"] == "SUPPORTED"
    assert set(count_claims(server.url, "cli-")) == {"cli-1", "cli-2", "cli-3"}

    res = runner.invoke(cli, ["--server", server.url, "verify", "--triple", "Q76", "P19", "Q18094"])
    assert res.exit_code == 2 and "KGFC_SERVER_TOKEN" in res.output  # no token: told how to fix


def test_cli_on_a_store_held_by_the_server_says_so(server, tmp_path):
    runner = CliRunner()
    res = runner.invoke(cli, ["kg", "load", "--store", str(server.store), str(DATA / "obama.ttl")])
    assert res.exit_code == 1
    assert f"--server {server.url}" in res.output

    res = runner.invoke(
        cli, ["verify", "--store", str(server.store), "--triple", "Q76", "P19", "Q18094", "--json"]
    )
    assert res.exit_code == 0, res.output
    assert f"held by the kgfc server at {server.url}" in res.stderr
    assert "journaled" in res.stderr  # recorded all the same: the server applies the journal
    assert json.loads(res.stdout)["claim_iri"]


def test_a_second_server_on_the_same_store_is_refused(server):
    res = CliRunner().invoke(cli, ["serve", "--store", str(server.store), "--port", "1"])
    assert res.exit_code == 1
    assert "open for writing in another process" in res.output
    assert server.url in res.output


def test_cli_without_a_server_fails_cleanly(tmp_path):
    port = free_port()
    res = CliRunner().invoke(
        cli, ["--server", f"http://127.0.0.1:{port}", "verify", "--triple", "Q76", "P19", "Q18094"]
    )
    assert res.exit_code == 1 and "No kgfc server answers" in res.output


def test_jobs_survive_a_killed_server(tmp_path):
    store, jobs = tmp_path / "store", tmp_path / "jobs.sqlite3"
    load_obama(store)
    n = 60
    items = [{"triple": list(TRIPLES[i % len(TRIPLES)]), "id": f"job-{i:03d}"} for i in range(n)]
    first = Server(store, jobs)
    try:
        r = httpx.post(first.url + "/v1/jobs", json=items, headers=AUTH, timeout=30)
        assert r.status_code == 202
        job = r.json()["id"]
        while True:
            status = httpx.get(f"{first.url}/v1/jobs/{job}?results=false", timeout=30).json()
            if status["done"] >= 2:
                break
            time.sleep(0.02)
        first.kill()  # SIGKILL mid-job: no shutdown hooks run
    finally:
        first.stop()
    assert status["done"] < n, "the job finished before the kill; nothing was tested"

    second = Server(store, jobs)
    try:
        deadline = time.monotonic() + 240
        while time.monotonic() < deadline:
            status = httpx.get(f"{second.url}/v1/jobs/{job}", timeout=30).json()
            if status["state"] == "done":
                break
            time.sleep(0.2)
        assert status["state"] == "done" and status["done"] == n and status["failed"] == 0
        assert all(i["result"]["id"] == f"job-{i['index']:03d}" for i in status["items"])
        assert max(i["attempts"] for i in status["items"]) <= 2  # at most the interrupted one twice
        assert count_claims(second.url, "job-") == {f"job-{i:03d}": 1 for i in range(n)}
    finally:
        second.stop()


def test_compose_healthcheck_against_a_live_server(server):
    yaml = pytest.importorskip("yaml")
    compose = yaml.safe_load((ROOT / "docker-compose.yml").read_text(encoding="utf-8"))
    test = compose["services"]["kgfc"]["healthcheck"]["test"]
    assert test[:2] == ["CMD", "python"]
    argv = [sys.executable] + [a.replace(":8080", f":{server.port}") for a in test[2:]]
    assert subprocess.run(argv, capture_output=True, timeout=60).returncode == 0
    down = [a.replace(str(server.port), str(free_port())) for a in argv]
    assert subprocess.run(down, capture_output=True, timeout=60).returncode != 0


def test_mcp_verifies_through_the_server_holding_the_store(server):
    import anyio

    mcp = pytest.importorskip("mcp")
    from mcp.client.stdio import StdioServerParameters

    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join([str(ROOT), env.get("PYTHONPATH", "")])
    env["KGFC_SERVER_TOKEN"] = TOKEN
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "kgfc", "mcp", "--store", str(server.store), "--server", server.url],
        env=env,
    )
    out = {}

    async def session() -> None:
        with anyio.fail_after(120):
            async with mcp.Client(params) as client:
                out["v"] = await client.call_tool(
                    "verify_claim", {"triple": ["Q76", "P27", "Q30"], "id": "mcp-remote"}
                )
                out["e"] = await client.call_tool("claim_evidence", {"claim_id": "mcp-remote"})
                out["s"] = await client.call_tool("search_entities", {"text": "Honolulu"})

    anyio.run(session)
    assert not out["v"].is_error, out["v"].content
    assert out["v"].structured_content["verdict"] == "SUPPORTED"
    assert count_claims(server.url, "mcp-remote") == {"mcp-remote": 1}  # recorded by the server
    assert out["e"].structured_content["verdict"] == "SUPPORTED"
    assert out["s"].structured_content["hits"][0]["entity"] == WD + "Q18094"  # read-only store


def test_cli_sends_check_to_the_server(server, tmp_path):
    doc = tmp_path / "obama.md"
    doc.write_text(
        "# Barack Obama\n\nBarack Obama was born in Honolulu. He is married to Michelle Obama.\n"
    )
    env = {"KGFC_SERVER_TOKEN": TOKEN, "KGFC_SERVER": server.url}
    res = CliRunner().invoke(cli, ["check", str(doc), "--json"], env=env)
    assert res.exit_code == 0, res.output
    report = json.loads(res.stdout)
    assert report["format"] == "markdown" and report["source"] == str(doc)
    born = next(c for c in report["claims"] if c["text"] == "Barack Obama was born in Honolulu.")
    assert born["verdict"] == "SUPPORTED" and born["claim_iri"]
    assert report["recorded"]
    # recorded by the server, in the store it holds, under the document
    q = (
        "PREFIX kgfc: <https://w3id.org/kgfc/ns#> SELECT DISTINCT ?id WHERE { "
        "?c kgfc:fromDocument ?d ; kgfc:claimId ?id . ?d kgfc:documentId ?doc } "
    ).replace("?doc", json.dumps(report["id"]))
    rows = httpx.get(server.url + "/sparql", params={"query": q}, timeout=30).json()
    got = {r["id"]["value"] for r in rows["results"]["bindings"]}
    assert got == {c["id"] for c in report["claims"] if c["claim_iri"]} == {born["id"]}
    # bad input is refused here, before anything is sent
    (tmp_path / "empty.txt").write_text("  \n")
    res = CliRunner().invoke(cli, ["check", str(tmp_path / "empty.txt")], env=env)
    assert res.exit_code == 2 and "is empty" in res.output
