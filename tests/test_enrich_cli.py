"""``kgfc kg enrich`` end to end against a real local SPARQL server, then ``kgfc verify`` on what it pulled."""

from __future__ import annotations

import json

import pytest
from click.testing import CliRunner
from fakes.sparql_server import WIKIDATA_FIXTURE, oxigraph_endpoint

from kgfc.cli import cli
from kgfc.kg import vocab as V


@pytest.fixture(scope="module")
def endpoint(tmp_path_factory):
    with oxigraph_endpoint(WIKIDATA_FIXTURE, tmp_path_factory.mktemp("wdqs")) as url:
        yield url


@pytest.fixture
def online(monkeypatch):
    monkeypatch.setenv("KGFC_OFFLINE", "0")


def test_enrich_then_query_then_verify(endpoint, online, tmp_path):
    store = str(tmp_path / "store")
    runner = CliRunner()
    res = runner.invoke(
        cli,
        [
            "kg",
            "enrich",
            "--entity",
            "Q76",
            "--hops",
            "2",
            "--endpoint",
            endpoint,
            "--json",
            "--store",
            store,
        ],
    )
    assert res.exit_code == 0, res.output
    report = json.loads(res.stdout)
    assert report["entities_fetched"] >= 2 and report["failed"] == {}
    again = json.loads(
        runner.invoke(
            cli,
            [
                "kg",
                "enrich",
                "--entity",
                "Q76",
                "--hops",
                "2",
                "--endpoint",
                endpoint,
                "--json",
                "--store",
                store,
            ],
        ).stdout
    )
    assert again["sparql_queries"] == 0 and again["sources_written"] == 0  # cache-first, idempotent

    # the neighbourhood comes back labelled, each fact with its source graph and PROV record
    q = (
        "PREFIX wd: <http://www.wikidata.org/entity/> PREFIX wdt: <http://www.wikidata.org/prop/direct/> "
        "PREFIX rdfs: <http://www.w3.org/2000/01/rdf-schema#> PREFIX prov: <http://www.w3.org/ns/prov#> "
        "SELECT DISTINCT ?label ?g ?endpoint WHERE { GRAPH ?g { wd:Q76 wdt:P19 ?o } ?o rdfs:label ?label . "
        "GRAPH ?g { ?g prov:wasDerivedFrom ?endpoint } }"
    )
    rows = json.loads(runner.invoke(cli, ["kg", "query", q, "--json", "--store", store]).stdout)[
        "results"
    ]["bindings"]
    # the fact was fetched with Q76 and again with Honolulu (incoming): one copy per source graph
    assert {(r["label"]["value"], r["endpoint"]["value"]) for r in rows} == {("Honolulu", endpoint)}
    graphs = {r["g"]["value"] for r in rows}
    assert len(graphs) == len(rows) >= 2
    assert all(g.startswith(V.KGFC_SOURCE + "wikidata/") for g in graphs)

    res = runner.invoke(
        cli, ["verify", "Barack Obama was born in Honolulu.", "--json", "--store", store]
    )
    assert res.exit_code == 0, res.output
    out = json.loads(res.stdout)
    assert out["verdict"] == "SUPPORTED"
    [cited] = [e for e in out["evidence"] if e["cited"]]
    assert cited["source"] in graphs


def test_enrich_endpoint_down_is_a_runtime_failure(online, tmp_path):
    store = str(tmp_path / "store")
    res = CliRunner().invoke(
        cli,
        [
            "kg",
            "enrich",
            "--entity",
            "Q76",
            "--endpoint",
            "http://127.0.0.1:9/query",
            "--store",
            store,
        ],
    )
    assert res.exit_code == 1
    assert "127.0.0.1:9" in res.output
    stats = json.loads(CliRunner().invoke(cli, ["kg", "stats", "--json", "--store", store]).stdout)
    assert stats["sources"] == 0


def test_enrich_offline_is_refused(tmp_path):
    res = CliRunner().invoke(
        cli, ["--offline", "kg", "enrich", "--entity", "Q76", "--store", str(tmp_path / "s")]
    )
    assert res.exit_code == 2 and "offline" in res.output.lower()
