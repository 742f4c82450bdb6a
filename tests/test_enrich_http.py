"""``POST /v1/enrich``: the enrichment of ``kgfc kg enrich`` as a task over HTTP, against a real
local SPARQL server standing in for Wikidata."""

from __future__ import annotations

import time

import pytest
from fakes.sparql_server import WIKIDATA_FIXTURE, oxigraph_endpoint

pytest.importorskip("fastapi")
from fastapi.testclient import TestClient  # noqa: E402

from kgfc.kg.oxigraph_store import OxigraphStore  # noqa: E402
from kgfc.service.app import ServiceConfig, create_app  # noqa: E402
from kgfc.settings import load_settings  # noqa: E402

AUTH = {"Authorization": "Bearer s3cret"}


@pytest.fixture(scope="module")
def endpoint(tmp_path_factory):
    with oxigraph_endpoint(WIKIDATA_FIXTURE, tmp_path_factory.mktemp("wdqs")) as url:
        yield url


def client_for(store, tmp_path, **settings) -> TestClient:
    config = ServiceConfig(
        settings=load_settings(**settings),
        jobs_db=tmp_path / "jobs.sqlite3",
        warm_up=False,
        token="s3cret",
    )
    return TestClient(create_app(config, store=store))


def wait_done(c: TestClient, url: str) -> dict:
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        status = c.get(url).json()
        if status["state"] != "running":
            return status
        time.sleep(0.1)
    raise AssertionError(f"the enrichment did not finish: {status}")


def test_enrich_runs_as_a_task_and_the_facts_land_in_the_store(endpoint, tmp_path):
    store = OxigraphStore(tmp_path / "store")
    try:
        with client_for(store, tmp_path, offline=False, wikidata_endpoint=endpoint) as c:
            body = {"entities": ["Q76", "wd:Q76"], "hops": 2}
            assert c.post("/v1/enrich", json=body).status_code == 401  # a write: the token
            r = c.post("/v1/enrich", json=body, headers=AUTH)
            assert r.status_code == 202, r.text
            task = r.json()
            assert r.headers["location"] == f"/v1/enrich/{task['id']}"
            assert task["entities"] == ["Q76"] and task["hops"] == 2
            done = wait_done(c, r.headers["location"])
            assert done["state"] == "done", done
            report = done["report"]
            assert report["entities_fetched"] >= 2 and report["failed"] == {}
            assert done["done"] == done["total"] >= 2
            # the fetched neighbourhood answers through /sparql, in its own source graphs
            q = (
                "SELECT ?g WHERE { GRAPH ?g { <http://www.wikidata.org/entity/Q76> "
                "<http://www.wikidata.org/prop/direct/P19> ?o } }"
            )
            rows = c.get(
                "/sparql",
                params={"query": q},
                headers={"Accept": "application/sparql-results+json"},
            ).json()["results"]["bindings"]
            assert rows and rows[0]["g"]["value"].startswith("https://w3id.org/kgfc/source/")
            # again: cache-first, nothing new written
            again = wait_done(c, c.post("/v1/enrich", json=body, headers=AUTH).headers["location"])
            assert (
                again["report"]["sparql_queries"] == 0 and again["report"]["sources_written"] == 0
            )
    finally:
        store.close()


@pytest.mark.parametrize(
    ("body", "status", "needle"),
    [
        ({"entities": ["Barack Obama"]}, 400, "Not Wikidata item ids"),
        ({"entities": []}, 422, "entities"),
        ({"entities": ["Q76"], "hops": 9}, 422, "hops"),
        ({"entities": ["Q76"], "depth": 1}, 422, "depth"),
    ],
)
def test_bad_requests_are_refused_and_start_nothing(endpoint, tmp_path, body, status, needle):
    store = OxigraphStore(tmp_path / "store")
    try:
        with client_for(store, tmp_path, offline=False, wikidata_endpoint=endpoint) as c:
            r = c.post("/v1/enrich", json=body, headers=AUTH)
            assert r.status_code == status and needle in r.text, r.text
            assert c.app.state.kgfc.enrich_tasks == {}
        assert len(store) == 0
    finally:
        store.close()


def test_an_offline_server_refuses_and_an_unknown_task_is_404(tmp_path):
    store = OxigraphStore(tmp_path / "store")
    try:
        with client_for(store, tmp_path, offline=True) as c:
            r = c.post("/v1/enrich", json={"entities": ["Q76"]}, headers=AUTH)
            assert r.status_code == 400 and "offline" in r.json()["error"]["message"]
            assert c.get("/v1/enrich/enrich-0000").status_code == 404
    finally:
        store.close()
