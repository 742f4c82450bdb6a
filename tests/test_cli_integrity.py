"""Integrity through the CLI: read-only local queries, retraction by what users know, stale claims."""

from __future__ import annotations

import http.server
import json
import os
import subprocess
import sys
import threading
from pathlib import Path

import pytest
from click.testing import CliRunner

from kgfc.cli import cli
from kgfc.kg import vocab as V
from kgfc.kg.oxigraph_store import OxigraphStore
from kgfc.kg.terms import is_sparql_update, service_endpoints

REPO = Path(__file__).resolve().parents[1]


@pytest.fixture
def runner():
    return CliRunner()


@pytest.fixture
def store_path(tmp_path, obama_ttl, runner):
    path = tmp_path / "store"
    res = runner.invoke(cli, ["kg", "load", str(obama_ttl), "--store", str(path)])
    assert res.exit_code == 0, res.output
    return path


def kg(runner, store_path, *args, input=None):
    return runner.invoke(cli, ["kg", *args, "--store", str(store_path)], input=input)


# -- queries are read-only and local ------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "INSERT DATA { <http://x/a> <http://x/b> <http://x/c> }",
        "PREFIX x: <http://x/>\n# a comment\nDELETE WHERE { ?s ?p ?o }",
        "DROP ALL",
        "LOAD <http://127.0.0.1:9/evil.ttl>",
    ],
)
def test_updates_are_refused_as_read_only(runner, store_path, text):
    before = json.loads(kg(runner, store_path, "stats", "--json").stdout)["quads"]
    res = kg(runner, store_path, "query", text)
    assert res.exit_code == 2
    assert "read-only" in res.output and "CONSTRUCT" not in res.output
    assert json.loads(kg(runner, store_path, "stats", "--json").stdout)["quads"] == before


class _Recorder(http.server.BaseHTTPRequestHandler):
    hits: list[str] = []

    def do_GET(self):  # noqa: N802
        self.hits.append(self.path)
        self.send_response(500)
        self.end_headers()

    do_POST = do_GET  # noqa: N815

    def log_message(self, *a):
        pass


@pytest.fixture
def local_endpoint():
    server = http.server.HTTPServer(("127.0.0.1", 0), _Recorder)
    _Recorder.hits = []
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_port}/sparql"
    server.shutdown()


def test_service_is_refused_and_never_reaches_the_network(runner, store_path, local_endpoint):
    q = f"SELECT * WHERE {{ SERVICE <{local_endpoint}> {{ ?s ?p ?o }} }}"
    res = kg(runner, store_path, "query", q)
    assert res.exit_code == 2 and "SERVICE" in res.output and "--allow-service" in res.output
    # allowed, it still goes through the fetch guard (a loopback address is refused)
    res = runner.invoke(
        cli,
        ["kg", "query", q, "--allow-service", "--store", str(store_path)],
        env={"KGFC_OFFLINE": "0"},
    )
    assert res.exit_code == 2 and "Refusing" in res.output, res.output
    res = runner.invoke(
        cli, ["--offline", "kg", "query", q, "--allow-service", "--store", str(store_path)]
    )
    assert res.exit_code == 2 and "offline" in res.output
    assert _Recorder.hits == []
    # the word in a string or an IRI is not a SERVICE clause
    assert service_endpoints('SELECT * { ?s ?p "SERVICE" . ?s <http://x/SERVICE> ?o }') is None
    assert not is_sparql_update('SELECT * { ?s <http://x/INSERT> "DELETE" }')


def test_query_timeout_exits_1_with_a_message(store_path, tmp_path):
    heavy = (
        "SELECT (COUNT(*) AS ?n) WHERE { ?a ?b ?c . ?d ?e ?f . ?g ?h ?i . ?j ?k ?l . ?m ?n2 ?o }"
    )
    env = {**os.environ, "PYTHONPATH": str(REPO), "KGFC_HOME": str(tmp_path / "h")}
    res = subprocess.run(
        [
            sys.executable,
            "-c",
            "from kgfc.cli import main; main()",
            "kg",
            "query",
            heavy,
            "--timeout",
            "0.5",
            "--store",
            str(store_path),
        ],
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert res.returncode == 1, res.stderr
    assert "did not finish within 0.5s" in res.stderr and "Traceback" not in res.stderr


def test_named_query_needs_its_bind_and_binds_are_checked(runner, store_path):
    res = kg(runner, store_path, "query", "--name", "entity_facts")
    assert res.exit_code == 2 and "--bind entity=" in res.output
    res = kg(runner, store_path, "query", "--name", "entity_facts", "--bind", "entity=not an iri")
    assert res.exit_code == 2 and "quoted literal" in res.output
    res = kg(
        runner, store_path, "query", "--name", "entity_facts", "--bind", "entity=Q76", "--json"
    )
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["results"]["bindings"]


def test_sources_kind_with_none_says_so(runner, store_path):
    res = kg(runner, store_path, "sources", "--kind", "wikidata")
    assert res.exit_code == 0 and "No wikidata sources" in res.output
    assert "source" not in res.stdout  # no empty table


def test_sources_listing_survives_missing_and_naive_times(store_path):
    import pyoxigraph as ox

    with OxigraphStore(store_path) as s:
        [src] = s.sources()
        g = ox.NamedNode(src.iri)
        for q in list(s.quads(g, ox.NamedNode(V.PROV + "generatedAtTime"), None, g)):
            s._store.remove(q)  # test-only: a record written by another tool
        other = ox.NamedNode(V.KGFC_SOURCE + "file/naive")
        s.write_quads(
            other.value,
            [
                ox.Quad(other, ox.NamedNode(V.RDF_TYPE), ox.NamedNode(V.KGFC + "SourceGraph")),
                ox.Quad(
                    other,
                    ox.NamedNode(V.PROV + "generatedAtTime"),
                    ox.Literal("2020-01-01T00:00:00"),
                ),
                ox.Quad(other, ox.NamedNode(V.KGFC + "confidence"), ox.Literal("high")),
            ],
        )
        listed = s.sources()
    assert len(listed) == 2 and all(x.retrieved_at.tzinfo is not None for x in listed)


# -- retract what you loaded ---------------------------------------------------------------


def test_retract_by_path_and_no_suffix_matching(runner, store_path, obama_ttl):
    iri = json.loads(kg(runner, store_path, "sources", "--json").stdout)[0]["iri"]
    res = kg(runner, store_path, "retract", iri[-6:])
    assert res.exit_code == 2 and "No source" in res.output
    res = kg(runner, store_path, "retract", str(obama_ttl), "--dry-run", "--json")
    assert res.exit_code == 0, res.output
    plan = json.loads(res.stdout)["would_remove"]
    assert [p["source"] for p in plan] == [iri] and plan[0]["facts"] == 7
    assert json.loads(kg(runner, store_path, "stats", "--json").stdout)["facts"] == 7
    res = kg(runner, store_path, "retract", str(obama_ttl), "--json")
    assert res.exit_code == 0, res.output
    assert json.loads(res.stdout)["source"] == iri
    assert json.loads(kg(runner, store_path, "stats", "--json").stdout)["facts"] == 0


def test_retract_of_many_facts_asks_first(runner, tmp_path):
    big = tmp_path / "big.nt"
    big.write_text("".join(f"<{V.WD}Q{i}> <{V.WDT}P31> <{V.WD}Q5> .\n" for i in range(1, 10_050)))
    path = tmp_path / "store"
    assert kg(runner, path, "load", str(big)).exit_code == 0
    res = kg(runner, path, "retract", str(big))  # stdin is not a terminal: refuse, exit 2
    assert res.exit_code == 2 and "--yes" in res.output
    assert json.loads(kg(runner, path, "stats", "--json").stdout)["facts"] == 10_049
    res = kg(runner, path, "retract", str(big), "--yes")
    assert (
        res.exit_code == 0 and json.loads(kg(runner, path, "stats", "--json").stdout)["facts"] == 0
    )


# -- retraction has consequences -------------------------------------------------------------


def test_retracted_source_leaves_cited_claims_stale(runner, store_path, obama_ttl):
    res = runner.invoke(
        cli,
        [
            "verify",
            "--triple",
            "Q76",
            "P19",
            "Q18094",
            "--id",
            "t1",
            "--json",
            "--store",
            str(store_path),
        ],
    )
    assert res.exit_code == 0, res.output
    ev = json.loads(kg(runner, store_path, "evidence", "t1", "--json").stdout)
    assert ev["stale"] is False and ev["retracted_sources"] == []
    res = kg(runner, store_path, "retract", str(obama_ttl), "--json")
    assert json.loads(res.stdout)["stale_claims"] == ["t1"]
    ev = json.loads(kg(runner, store_path, "evidence", "t1", "--json").stdout)
    assert ev["stale"] is True and ev["verdict"] == "SUPPORTED"  # kept, flagged
    [gone] = ev["retracted_sources"]
    assert gone["source"].startswith(V.KGFC_SOURCE + "file/") and gone["retracted_at"]
    text = kg(runner, store_path, "evidence", "t1").output
    assert "STALE" in text
    # re-verify what went stale: the claim is checked again on what the KG now holds
    res = runner.invoke(cli, ["verify", "--recheck-stale", "--nl", "--store", str(store_path)])
    assert res.exit_code == 0, res.output
    [again] = [json.loads(line) for line in res.stdout.splitlines()]
    assert again["id"] == "t1" and again["verdict"] == "NOT ENOUGH INFO"
    ev = json.loads(kg(runner, store_path, "evidence", "t1", "--json").stdout)
    assert ev["stale"] is False and ev["verdict"] == "NOT ENOUGH INFO"
    res = runner.invoke(cli, ["verify", "--recheck-stale", "--store", str(store_path)])
    assert res.exit_code == 0 and "No stale claims" in res.output


def test_a_failing_allowed_service_is_a_clean_error(runner, store_path, local_endpoint):
    q = f"SELECT * WHERE {{ SERVICE <{local_endpoint}> {{ ?s ?p ?o }} }}"
    res = runner.invoke(
        cli,
        ["kg", "query", q, "--allow-service", "--store", str(store_path)],
        env={"KGFC_OFFLINE": "0", "KGFC_FETCH_ALLOW_PRIVATE": "1"},
    )
    assert res.exit_code == 1, res.output
    assert "The query failed" in res.output and "Traceback" not in res.output
    assert _Recorder.hits  # allowed and vetted, it did call the endpoint


def test_quiet_works_after_the_subcommand(runner, store_path):
    res = kg(runner, store_path, "sources", "--kind", "wikidata", "-q")
    assert res.exit_code == 0 and "No wikidata sources" not in res.output
